//! The master's side of the protocol: the settings to every worker, a job to each idle
//! one (the seed's READY), the results back with the time each took, STOP at the end.
//! The master's loop — which job next, what a result means — is the application's; this
//! keeps the ranks, the idle queue and the counts.

use std::collections::VecDeque;
use std::marker::PhantomData;
use std::time::{Duration, Instant};

use crate::error::ClusterError;
use crate::link::{MasterLink, Rank};
use crate::message::{decode, encode, ToMaster, ToWorker};
use crate::report::{Load, Utilisation};

/// A job's result as the master receives it.
#[derive(Debug, Clone, PartialEq)]
pub struct Done<R> {
    /// The worker that did the job (idle again).
    pub rank: Rank,
    /// What it found.
    pub result: R,
    /// The job's wall-clock time on the worker.
    pub busy: Duration,
    /// The job's CPU time on the worker.
    pub cpu: Duration,
}

/// The master: settings `S` and jobs `J` out, results `R` in, over the transport `L`.
/// Dropping it sends every worker STOP.
pub struct Master<L: MasterLink, S, J, R> {
    link: L,
    /// Workers that are idle (said READY, or sent a result) and have no job.
    idle: VecDeque<Rank>,
    current: Load,
    total: Utilisation,
    started: Instant,
    stopped: bool,
    types: PhantomData<fn(&S, &J) -> R>,
}

impl<L: MasterLink, S, J, R> std::fmt::Debug for Master<L, S, J, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Master({} ranks, {} idle)",
            self.link.size(),
            self.idle.len()
        )
    }
}

impl<L, S, J, R> Master<L, S, J, R>
where
    L: MasterLink,
    S: serde::Serialize,
    J: serde::Serialize,
    R: serde::de::DeserializeOwned,
{
    /// The master of the workers behind `link` (none idle until they say READY).
    #[must_use]
    pub fn new(link: L) -> Self {
        let size = link.size();
        Master {
            link,
            idle: VecDeque::new(),
            current: Load::new(size),
            total: Utilisation::default(),
            started: Instant::now(),
            stopped: false,
            types: PhantomData,
        }
    }

    /// The number of ranks, the master's included.
    #[must_use]
    pub fn size(&self) -> usize {
        self.link.size()
    }

    /// The number of workers.
    #[must_use]
    pub fn workers(&self) -> usize {
        self.link.size().saturating_sub(1)
    }

    /// Send every worker these settings.
    ///
    /// # Errors
    /// A worker that has gone.
    pub fn configure(&mut self, setup: &S) -> Result<(), ClusterError> {
        let m = ToWorker::<&S, &J>::Setup(setup);
        for r in 1..self.size() {
            self.send_message(r, &m)?;
        }
        Ok(())
    }

    fn send_message<T: serde::Serialize>(&mut self, to: Rank, m: &T) -> Result<(), ClusterError> {
        let bytes = encode(m).map_err(|e| ClusterError::Master(e.to_string()))?;
        self.link.send(to, &bytes)?;
        self.current.messages += 1;
        self.current.bytes += bytes.len() as u64;
        Ok(())
    }

    /// An idle worker, taken off the idle queue (the one idle longest).
    pub fn next_idle(&mut self) -> Option<Rank> {
        self.idle.pop_front()
    }

    /// Put a worker back on the idle queue (at its front: it was taken and not used).
    pub fn keep_idle(&mut self, rank: Rank) {
        self.idle.push_front(rank);
    }

    /// The workers idle now.
    #[must_use]
    pub fn idle(&self) -> usize {
        self.idle.len()
    }

    /// Send `job` to worker `to` (taken with [`Master::next_idle`]).
    ///
    /// # Errors
    /// The worker has gone.
    pub fn send(&mut self, to: Rank, job: &J) -> Result<(), ClusterError> {
        self.send_message(to, &ToWorker::<&S, &J>::Job(job))?;
        self.current.sent += 1;
        Ok(())
    }

    /// The next result, waiting up to `wait` (zero: only one already there): `None` when
    /// nothing came in time or a worker only said READY (it is idle now). A worker's
    /// failure is an error naming its rank.
    ///
    /// # Errors
    /// A worker's failure, a message that breaks the protocol, every worker gone.
    pub fn receive(&mut self, wait: Duration) -> Result<Option<Done<R>>, ClusterError> {
        let Some((rank, bytes)) = self.link.receive(wait)? else {
            return Ok(None);
        };
        self.current.messages += 1;
        self.current.bytes += bytes.len() as u64;
        let m: ToMaster<R> = decode(&bytes).map_err(|e| ClusterError::Protocol {
            rank,
            problem: e.to_string(),
        })?;
        match m {
            ToMaster::Ready => {
                self.idle.push_back(rank);
                Ok(None)
            }
            ToMaster::Done { result, busy, cpu } => {
                self.idle.push_back(rank);
                Ok(Some(Done {
                    rank,
                    result,
                    busy,
                    cpu,
                }))
            }
            ToMaster::Pong(_) => Err(ClusterError::Protocol {
                rank,
                problem: "a ping's answer, but no ping was sent".into(),
            }),
            ToMaster::Failed(message) => Err(ClusterError::Worker { rank, message }),
        }
    }

    /// The mean round trip of a message of `payload` bytes to each worker and back
    /// (`rounds` each); `None` with no workers. Call between batches: a result that comes
    /// meanwhile is a protocol error.
    ///
    /// # Errors
    /// A worker's failure or a protocol error.
    pub fn ping(&mut self, payload: usize, rounds: u32) -> Result<Option<Duration>, ClusterError> {
        let mut total = Duration::ZERO;
        let mut count = 0u32;
        for r in 1..self.size() {
            for _ in 0..rounds {
                let t = Instant::now();
                self.send_message(r, &ToWorker::<&S, &J>::Ping(vec![0x5a; payload]))?;
                loop {
                    let Some((from, bytes)) = self.link.receive(crate::link::FOREVER)? else {
                        continue;
                    };
                    let m: ToMaster<R> = decode(&bytes).map_err(|e| ClusterError::Protocol {
                        rank: from,
                        problem: e.to_string(),
                    })?;
                    match m {
                        ToMaster::Pong(_) if from == r => break,
                        ToMaster::Ready => self.idle.push_back(from),
                        ToMaster::Failed(message) => {
                            return Err(ClusterError::Worker {
                                rank: from,
                                message,
                            })
                        }
                        _ => {
                            return Err(ClusterError::Protocol {
                                rank: from,
                                problem: "an unexpected answer to a ping".into(),
                            })
                        }
                    }
                }
                total += t.elapsed();
                count += 1;
            }
        }
        Ok((count > 0).then(|| total / count))
    }

    /// Start counting a new batch (its wall-clock time from now).
    pub fn begin(&mut self) {
        self.current = Load::new(self.size());
        self.started = Instant::now();
    }

    /// The batch being counted, to add the jobs to (`Load::add_job`).
    pub fn load(&mut self) -> &mut Load {
        &mut self.current
    }

    /// End the batch: its report, added to the run's.
    pub fn end(&mut self) -> Load {
        self.current.wall = self.started.elapsed();
        self.total.add(&self.current);
        self.current.clone()
    }

    /// The run so far (the batches ended).
    #[must_use]
    pub fn utilisation(&self) -> &Utilisation {
        &self.total
    }

    /// Tell every worker the run is over (also done when the master is dropped).
    pub fn stop(self) {
        drop(self);
    }
}

impl<L: MasterLink, S, J, R> Drop for Master<L, S, J, R> {
    fn drop(&mut self) {
        if !self.stopped {
            self.stopped = true;
            // STOP is the same bytes whatever the types
            if let Ok(bytes) = encode(&ToWorker::<(), ()>::Stop) {
                for r in 1..self.link.size() {
                    let _ = self.link.send(r, &bytes);
                }
            }
        }
    }
}
