//! A worker (every rank but 0): says READY when idle, searches the jobs (or plays the
//! games) the master sends, sends the results back, until STOP.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

use mpi::topology::SimpleCommunicator;
use mpi::traits::*;

use super::error::ClusterError;
use super::local::{local_searcher, play_one};
use super::message::{check_job, check_setup, decode, encode, Setup, ToMaster, ToWorker};
use crate::Searcher;

fn send(world: &SimpleCommunicator, m: &ToMaster) -> Result<(), String> {
    let bytes = encode(m).map_err(|e| e.to_string())?;
    world.process_at_rank(0).send(&bytes[..]);
    Ok(())
}

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

/// The worker's loop. On a failure it tells the master (`Failed`) and waits for STOP, so
/// the master reports the failure by rank and decides how the run ends.
pub(super) fn serve(world: &SimpleCommunicator) -> Result<(), ClusterError> {
    match work(world) {
        Ok(()) => Ok(()),
        Err(message) => {
            let _ = send(world, &ToMaster::Failed(message.clone()));
            loop {
                let (bytes, _) = world.process_at_rank(0).receive_vec::<u8>();
                if let Ok(ToWorker::Stop) = decode::<ToWorker>(&bytes) {
                    break;
                }
            }
            Err(ClusterError::Worker {
                rank: world.rank(),
                message,
            })
        }
    }
}

fn work(world: &SimpleCommunicator) -> Result<(), String> {
    let mut current: Option<(Setup, Searcher)> = None;
    send(world, &ToMaster::Ready)?;
    loop {
        let (bytes, _) = world.process_at_rank(0).receive_vec::<u8>();
        match decode::<ToWorker>(&bytes).map_err(|e| e.to_string())? {
            ToWorker::Setup(setup) => {
                check_setup(&setup).map_err(|e| format!("settings: {e}"))?;
                current = Some((setup, local_searcher(&setup)));
            }
            ToWorker::Job { batch, id, job } => {
                let (_, searcher) = current
                    .as_ref()
                    .ok_or_else(|| format!("job {id} came before any settings"))?;
                check_job(&job).map_err(|e| format!("job {id}: {e}"))?;
                let t = Instant::now();
                let result = catch_unwind(AssertUnwindSafe(|| searcher.run_job(&job)))
                    .map_err(|p| format!("job {id}: {}", panic_text(p.as_ref())))?;
                let busy = t.elapsed();
                send(
                    world,
                    &ToMaster::JobDone {
                        batch,
                        id,
                        result,
                        busy,
                    },
                )?;
                send(world, &ToMaster::Ready)?;
            }
            ToWorker::Game { index, seed } => {
                let (setup, searcher) = current
                    .as_ref()
                    .ok_or_else(|| format!("game {index} came before any settings"))?;
                let (summary, record) =
                    catch_unwind(AssertUnwindSafe(|| play_one(searcher, setup, seed, None)))
                        .map_err(|p| format!("game {index}: {}", panic_text(p.as_ref())))?
                        .map_err(|()| format!("game {index} stopped"))?;
                send(
                    world,
                    &ToMaster::GameDone {
                        index,
                        summary,
                        record,
                    },
                )?;
                send(world, &ToMaster::Ready)?;
            }
            ToWorker::Ping(payload) => send(world, &ToMaster::Pong(payload))?,
            ToWorker::Stop => return Ok(()),
        }
    }
}
