//! The thread transport: every worker a thread of this process, messages through
//! channels as bytes — the same wire form as on MPI, so the master and worker code a
//! plain `cargo test` runs is the code an MPI run runs.

use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::time::Duration;

use crate::error::ClusterError;
use crate::link::{MasterLink, Rank, WorkerLink, FOREVER};
use crate::worker::{serve, Work};

/// The master's end: a channel to each worker, one from all of them.
#[derive(Debug)]
pub struct LocalMaster {
    to: Vec<Sender<Vec<u8>>>,
    from: Receiver<(Rank, Vec<u8>)>,
}

/// A worker's end.
#[derive(Debug)]
pub struct LocalWorker {
    rank: Rank,
    to: Sender<(Rank, Vec<u8>)>,
    from: Receiver<Vec<u8>>,
}

/// The ends of a run of `workers` workers (ranks 1 to `workers`).
#[must_use]
pub fn links(workers: usize) -> (LocalMaster, Vec<LocalWorker>) {
    let (up, from) = channel();
    let mut to = Vec::with_capacity(workers);
    let mut ends = Vec::with_capacity(workers);
    for rank in 1..=workers {
        let (down, from_master) = channel();
        to.push(down);
        ends.push(LocalWorker {
            rank,
            to: up.clone(),
            from: from_master,
        });
    }
    (LocalMaster { to, from }, ends)
}

impl MasterLink for LocalMaster {
    fn size(&self) -> usize {
        self.to.len() + 1
    }

    fn send(&mut self, to: Rank, bytes: &[u8]) -> Result<(), ClusterError> {
        let channel = to
            .checked_sub(1)
            .and_then(|i| self.to.get(i))
            .ok_or_else(|| ClusterError::Master(format!("no worker of rank {to}")))?;
        channel
            .send(bytes.to_vec())
            .map_err(|_| ClusterError::Gone {
                rank: 0,
                what: "a worker thread",
            })
    }

    fn receive(&mut self, wait: Duration) -> Result<Option<(Rank, Vec<u8>)>, ClusterError> {
        let gone = ClusterError::Gone {
            rank: 0,
            what: "every worker thread",
        };
        if wait.is_zero() {
            return match self.from.try_recv() {
                Ok(m) => Ok(Some(m)),
                Err(TryRecvError::Empty) => Ok(None),
                Err(TryRecvError::Disconnected) => Err(gone),
            };
        }
        if wait == FOREVER {
            return self.from.recv().map(Some).map_err(|_| gone);
        }
        match self.from.recv_timeout(wait) {
            Ok(m) => Ok(Some(m)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err(gone),
        }
    }
}

impl WorkerLink for LocalWorker {
    fn rank(&self) -> Rank {
        self.rank
    }

    fn send(&mut self, bytes: &[u8]) -> Result<(), ClusterError> {
        self.to
            .send((self.rank, bytes.to_vec()))
            .map_err(|_| ClusterError::Gone {
                rank: self.rank,
                what: "the master",
            })
    }

    fn receive(&mut self) -> Result<Vec<u8>, ClusterError> {
        self.from.recv().map_err(|_| ClusterError::Gone {
            rank: self.rank,
            what: "the master",
        })
    }
}

/// Serve `works` on threads of their own (ranks 1, 2, … in order) while `master` runs on
/// the calling thread with its end of the links; when `master` returns (its
/// [`crate::Master`] sends STOP when dropped) the threads are joined. Returns what `master`
/// returned and how each worker ended (a panic outside a job counts as a failure).
pub fn run<W, T>(
    works: Vec<W>,
    master: impl FnOnce(LocalMaster) -> T,
) -> (T, Vec<Result<(), ClusterError>>)
where
    W: Work + Send,
{
    let (m, ends) = links(works.len());
    std::thread::scope(|scope| {
        let threads: Vec<_> = works
            .into_iter()
            .zip(ends)
            .map(|(mut work, mut end)| {
                let rank = end.rank;
                let spawned = std::thread::Builder::new()
                    .name(format!("ludomat-worker-{rank}"))
                    .spawn_scoped(scope, move || serve(&mut end, &mut work));
                (rank, spawned)
            })
            .collect();
        let out = master(m);
        let ended = threads
            .into_iter()
            .map(|(rank, t)| match t {
                Ok(handle) => handle.join().unwrap_or_else(|_| {
                    Err(ClusterError::Worker {
                        rank,
                        message: "its thread panicked".into(),
                    })
                }),
                Err(e) => Err(ClusterError::Worker {
                    rank,
                    message: format!("its thread could not start: {e}"),
                }),
            })
            .collect();
        (out, ended)
    })
}
