//! A worker: says READY, then does the jobs the master sends and sends each result back,
//! until STOP. What a job is and what it gives is the application's [`Work`].

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

use ludomat_game::run::cpu;

use crate::error::ClusterError;
use crate::link::WorkerLink;
use crate::message::{decode, encode, ToMaster, ToWorker};

/// What a worker does: take the master's settings, do jobs. Errors are the worker's
/// words, sent to the master, which reports them with the worker's rank.
pub trait Work {
    /// The settings the master sends (once, or again to change them).
    type Setup: serde::de::DeserializeOwned;
    /// A job.
    type Job: serde::de::DeserializeOwned;
    /// A job's result.
    type Result: serde::Serialize;

    /// Work with these settings from now on.
    ///
    /// # Errors
    /// Settings this worker cannot use.
    fn setup(&mut self, setup: Self::Setup) -> Result<(), String>;

    /// Do one job.
    ///
    /// # Errors
    /// A job this worker cannot do (the run ends).
    fn run(&mut self, job: Self::Job) -> Result<Self::Result, String>;
}

fn send<L: WorkerLink, R: serde::Serialize>(link: &mut L, m: &ToMaster<R>) -> Result<(), Failure> {
    let bytes = encode(m).map_err(|e| Failure::Said(e.to_string()))?;
    link.send(&bytes).map_err(Failure::Gone)
}

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

/// The worker's loop, until the master's STOP. On a failure it tells the master
/// (`Failed`) and waits for STOP, so the master reports the failure by rank and decides
/// how the run ends; a master that has gone ends the loop too.
///
/// # Errors
/// This worker failed (the master has been told), or the master has gone.
pub fn serve<L: WorkerLink, W: Work>(link: &mut L, work: &mut W) -> Result<(), ClusterError> {
    let rank = link.rank();
    match work_on(link, work) {
        Ok(()) => Ok(()),
        // A master that said STOP before it went (this worker was late) ended the run well.
        Err(Failure::Gone(e)) => loop {
            match link.receive() {
                Ok(bytes) => {
                    if let Ok(ToWorker::Stop) = decode::<ToWorker<W::Setup, W::Job>>(&bytes) {
                        return Ok(());
                    }
                }
                Err(_) => return Err(e),
            }
        },
        Err(Failure::Said(message)) => {
            let _ = send::<L, W::Result>(link, &ToMaster::Failed(message.clone()));
            while let Ok(bytes) = link.receive() {
                if let Ok(ToWorker::Stop) = decode::<ToWorker<W::Setup, W::Job>>(&bytes) {
                    break;
                }
            }
            Err(ClusterError::Worker { rank, message })
        }
    }
}

enum Failure {
    /// The worker's own words, for the master.
    Said(String),
    /// The master has gone: nobody to tell.
    Gone(ClusterError),
}

fn work_on<L: WorkerLink, W: Work>(link: &mut L, work: &mut W) -> Result<(), Failure> {
    send::<L, W::Result>(link, &ToMaster::Ready)?;
    loop {
        let bytes = link.receive().map_err(Failure::Gone)?;
        let m: ToWorker<W::Setup, W::Job> =
            decode(&bytes).map_err(|e| Failure::Said(e.to_string()))?;
        match m {
            ToWorker::Setup(setup) => {
                catch_unwind(AssertUnwindSafe(|| work.setup(setup)))
                    .map_err(|p| format!("settings: {}", panic_text(p.as_ref())))
                    .and_then(|r| r)
                    .map_err(Failure::Said)?;
            }
            ToWorker::Job(job) => {
                let (t, c) = (Instant::now(), cpu::thread());
                let result = catch_unwind(AssertUnwindSafe(|| work.run(job)))
                    .map_err(|p| panic_text(p.as_ref()))
                    .and_then(|r| r)
                    .map_err(Failure::Said)?;
                let done = ToMaster::Done {
                    result,
                    busy: t.elapsed(),
                    cpu: cpu::thread().saturating_sub(c),
                };
                send(link, &done)?;
            }
            ToWorker::Ping(payload) => {
                send::<L, W::Result>(link, &ToMaster::Pong(payload))?;
            }
            ToWorker::Stop => return Ok(()),
        }
    }
}
