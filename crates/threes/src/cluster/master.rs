//! The master (rank 0): keeps the game, hands out jobs to the first idle worker, works on
//! jobs itself between messages, combines the scores.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use mpi::environment::Universe;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use mpi::Rank;

use super::error::ClusterError;
use super::local::{local_searcher, play_one};
use super::message::{check_job, check_setup, decode, encode, Setup, ToMaster, ToWorker};
use super::report::{MoveReport, Utilisation};
use super::worker;
use crate::autoplay::GameSummary;
use crate::{Job, JobResult, Position, SearchResult, Searcher};

/// This process's place in an MPI run. Dropping it shuts MPI down (`MPI_Finalize`).
pub struct Cluster {
    world: SimpleCommunicator,
    // last: finalises MPI after everything else is dropped
    _universe: Universe,
}

impl std::fmt::Debug for Cluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Cluster(rank {} of {})", self.rank(), self.size())
    }
}

impl Cluster {
    /// Start MPI (threads allowed, MPI called from the main thread only).
    ///
    /// # Errors
    /// When MPI was already started in this process.
    pub fn start() -> Result<Cluster, ClusterError> {
        let (universe, _) =
            mpi::initialize_with_threading(mpi::Threading::Funneled).ok_or(ClusterError::Init)?;
        Ok(Cluster {
            world: universe.world(),
            _universe: universe,
        })
    }

    /// This process's rank (0: the master).
    #[must_use]
    pub fn rank(&self) -> i32 {
        self.world.rank()
    }

    /// The number of processes.
    #[must_use]
    pub fn size(&self) -> usize {
        usize::try_from(self.world.size()).unwrap_or(1)
    }

    /// This machine's name as MPI knows it.
    #[must_use]
    pub fn processor_name(&self) -> String {
        mpi::environment::processor_name().unwrap_or_else(|_| "?".into())
    }

    /// Serve as a worker until the master says STOP (call on every rank but 0).
    ///
    /// # Errors
    /// When this worker failed (it has told the master, and waited for its STOP).
    pub fn serve(&self) -> Result<(), ClusterError> {
        worker::serve(&self.world)
    }

    /// Become the master (call on rank 0, once: when the master is stopped or dropped, the
    /// workers leave): send every worker the settings.
    ///
    /// # Errors
    /// When the settings are unusable.
    pub fn master(&self, setup: Setup) -> Result<Master<'_>, ClusterError> {
        check_setup(&setup).map_err(ClusterError::Master)?;
        let mut m = Master {
            world: &self.world,
            size: self.size(),
            setup,
            searcher: local_searcher(&setup),
            idle: VecDeque::new(),
            master_works: true,
            current: MoveReport::new(self.size()),
            total: Utilisation::default(),
            stopped: false,
            batch: 0,
        };
        m.configure(setup)?;
        Ok(m)
    }

    /// End every process at once (`MPI_Abort`): the way out when the master cannot go on
    /// and workers may be busy.
    pub fn abort(&self, code: i32) -> ! {
        self.world.abort(code)
    }
}

fn rank_of(r: usize) -> Rank {
    Rank::try_from(r).unwrap_or(Rank::MAX)
}

/// The master's side of the protocol.
pub struct Master<'a> {
    world: &'a SimpleCommunicator,
    size: usize,
    setup: Setup,
    searcher: Searcher,
    /// Workers that said READY and have no work.
    idle: VecDeque<Rank>,
    master_works: bool,
    current: MoveReport,
    total: Utilisation,
    stopped: bool,
    /// The number of the current batch of jobs (late answers carry an older one).
    batch: u32,
}

impl std::fmt::Debug for Master<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Master({} ranks, {} idle)", self.size, self.idle.len())
    }
}

impl Master<'_> {
    /// The number of ranks, the master included.
    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// Whether the master runs jobs itself between messages (the seed's master did; on by
    /// default). Off, it only hands out work.
    pub fn set_master_works(&mut self, works: bool) {
        self.master_works = works;
    }

    /// Search with new settings from now on (sent to every worker; the run's utilisation
    /// goes on).
    ///
    /// # Errors
    /// When the settings are unusable.
    pub fn configure(&mut self, setup: Setup) -> Result<(), ClusterError> {
        check_setup(&setup).map_err(ClusterError::Master)?;
        self.setup = setup;
        self.searcher = local_searcher(&setup);
        for r in 1..self.size {
            self.send(rank_of(r), &ToWorker::Setup(setup))?;
        }
        Ok(())
    }

    /// The run so far.
    #[must_use]
    pub fn utilisation(&self) -> &Utilisation {
        &self.total
    }

    fn send(&mut self, to: Rank, m: &ToWorker) -> Result<(), ClusterError> {
        let bytes = encode(m).map_err(|e| ClusterError::Master(e.to_string()))?;
        self.world.process_at_rank(to).send(&bytes[..]);
        self.current.messages += 1;
        self.current.bytes += bytes.len() as u64;
        Ok(())
    }

    /// The next message from any worker: waiting for one if `wait`, else only one already
    /// there.
    fn receive(&mut self, wait: bool) -> Result<Option<(Rank, ToMaster)>, ClusterError> {
        let (bytes, status) = if wait {
            self.world.any_process().receive_vec::<u8>()
        } else {
            match self.world.any_process().immediate_matched_probe() {
                Some(probed) => probed.matched_receive_vec::<u8>(),
                None => return Ok(None),
            }
        };
        let rank = status.source_rank();
        self.current.messages += 1;
        self.current.bytes += bytes.len() as u64;
        let m: ToMaster = decode(&bytes).map_err(|e| ClusterError::Protocol {
            rank,
            problem: e.to_string(),
        })?;
        if let ToMaster::Failed(message) = m {
            return Err(ClusterError::Worker { rank, message });
        }
        Ok(Some((rank, m)))
    }

    /// Search `pos` with the configured depth rule, the jobs spread over the ranks: the
    /// same move and value as [`Searcher::search`] with these settings, and the move's
    /// report.
    ///
    /// # Errors
    /// A worker's failure (by rank), or a message that breaks the protocol.
    pub fn search(&mut self, pos: &Position) -> Result<(SearchResult, MoveReport), ClusterError> {
        self.current = MoveReport::new(self.size);
        let start = Instant::now();
        let searcher = self.searcher.clone();
        let result = searcher.search_with(pos, &mut |jobs| self.run_jobs(jobs))?;
        self.current.wall = start.elapsed();
        self.total.add(&self.current);
        Ok((result, self.current.clone()))
    }

    /// Run `jobs` on the ranks: each idle worker (READY) gets the next job, the master
    /// runs one itself whenever no message is waiting. Once every job is out, the master
    /// runs the oldest unanswered ones itself rather than wait (their late answers are
    /// dropped: a job's score depends on the job only), so a slow worker never holds up a
    /// move. Results in the jobs' order.
    ///
    /// # Errors
    /// A worker's failure (by rank), a protocol error, or a job the master finds unusable
    /// when it is its turn to run it.
    pub fn run_jobs(&mut self, jobs: &[Job]) -> Result<Vec<JobResult>, ClusterError> {
        self.batch = self.batch.wrapping_add(1);
        let batch = self.batch;
        let n = jobs.len();
        let mut results: Vec<Option<JobResult>> = vec![None; n];
        let mut next = 0usize;
        let mut done = 0usize;
        // sent and not yet answered, oldest first
        let mut pending: VecDeque<usize> = VecDeque::new();
        // (alone, the master works whatever it was told)
        let master_works = self.master_works || self.size == 1;
        while done < n {
            // hand the next jobs to the workers already waiting
            while next < n {
                let Some(r) = self.idle.pop_front() else {
                    break;
                };
                self.send(
                    r,
                    &ToWorker::Job {
                        batch,
                        id: u32::try_from(next).unwrap_or(u32::MAX),
                        job: jobs[next],
                    },
                )?;
                self.current.sent += 1;
                pending.push_back(next);
                next += 1;
            }
            // the master works between messages: one job, unless a message waits
            match self.receive(!master_works)? {
                Some((rank, ToMaster::Ready)) => self.idle.push_back(rank),
                Some((
                    rank,
                    ToMaster::JobDone {
                        batch: b,
                        id,
                        result,
                        busy,
                    },
                )) => {
                    let r = usize::try_from(rank).unwrap_or(usize::MAX);
                    if b != batch {
                        // an earlier move's job, which the master ran itself meanwhile
                        self.current.add_busy(r, busy);
                        continue;
                    }
                    match usize::try_from(id).ok().and_then(|i| results.get_mut(i)) {
                        Some(slot @ None) => {
                            *slot = Some(result);
                            self.current.add_job(r, busy);
                            done += 1;
                        }
                        // the master ran it itself meanwhile
                        Some(Some(_)) => self.current.add_busy(r, busy),
                        None => {
                            return Err(ClusterError::Protocol {
                                rank,
                                problem: format!("a result for job {id}, which it was not sent"),
                            })
                        }
                    }
                }
                Some((rank, other)) => {
                    return Err(ClusterError::Protocol {
                        rank,
                        problem: format!("unexpected during a search: {other:?}"),
                    })
                }
                None => {
                    let mine = if next < n {
                        next += 1;
                        Some(next - 1)
                    } else {
                        // every job is out: run the oldest unanswered one rather than wait
                        std::iter::from_fn(|| pending.pop_front()).find(|&i| results[i].is_none())
                    };
                    if let Some(i) = mine {
                        check_job(&jobs[i])
                            .map_err(|e| ClusterError::Master(format!("job {i}: {e}")))?;
                        let t = Instant::now();
                        results[i] = Some(self.searcher.run_job(&jobs[i]));
                        self.current.add_job(0, t.elapsed());
                        done += 1;
                    }
                }
            }
        }
        Ok(results.into_iter().flatten().collect())
    }

    /// The mean round trip of a message of `payload` bytes to each worker and back
    /// (`rounds` each); `None` with no workers. Call between searches.
    ///
    /// # Errors
    /// A worker's failure or a protocol error.
    pub fn ping(&mut self, payload: usize, rounds: u32) -> Result<Option<Duration>, ClusterError> {
        let mut total = Duration::ZERO;
        let mut count = 0u32;
        for r in 1..self.size {
            let rank = rank_of(r);
            for _ in 0..rounds {
                let t = Instant::now();
                self.send(rank, &ToWorker::Ping(vec![0x5a; payload]))?;
                loop {
                    let (bytes, _) = self.world.process_at_rank(rank).receive_vec::<u8>();
                    match decode::<ToMaster>(&bytes) {
                        Ok(ToMaster::Pong(_)) => break,
                        Ok(ToMaster::Ready) => self.idle.push_back(rank),
                        Ok(ToMaster::Failed(message)) => {
                            return Err(ClusterError::Worker { rank, message })
                        }
                        Ok(other) => {
                            return Err(ClusterError::Protocol {
                                rank,
                                problem: format!("unexpected answer to a ping: {other:?}"),
                            })
                        }
                        Err(e) => {
                            return Err(ClusterError::Protocol {
                                rank,
                                problem: e.to_string(),
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

    /// Play whole games, one per rank at a time: each idle worker (READY) gets the next
    /// game, and a thread of the master plays games too while the main thread answers
    /// messages. `games`: (number, seed) pairs. `done` is called with each finished game
    /// (and its record as JSON, when the setup asked for records), in the order they finish.
    /// Returns the summaries in the order of `games`. The games are those of
    /// [`crate::autoplay::play_game`] with the same settings and seeds.
    ///
    /// # Errors
    /// A worker's failure, a protocol error, or what `done` returns (the run stops).
    pub fn play_games(
        &mut self,
        games: &[(u32, u64)],
        mut done: impl FnMut(u32, &GameSummary, Option<&str>) -> Result<(), String>,
    ) -> Result<Vec<GameSummary>, ClusterError> {
        self.current = MoveReport::new(self.size);
        let start = Instant::now();
        let n = games.len();
        let next = AtomicUsize::new(0);
        let cancel = AtomicBool::new(false);
        let mut summaries: Vec<Option<GameSummary>> = vec![None; n];
        let setup = self.setup;
        let searcher = self.searcher.clone();
        let place = |index: u32| games.iter().position(|&(i, _)| i == index);
        let result = std::thread::scope(|scope| -> Result<(), ClusterError> {
            let (tx, rx) = mpsc::channel::<(usize, GameSummary, Option<String>, Duration)>();
            if self.master_works {
                let (next, cancel, searcher) = (&next, &cancel, &searcher);
                scope.spawn(move || {
                    while !cancel.load(Ordering::Relaxed) {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(_, seed)) = games.get(k) else {
                            break;
                        };
                        let t = Instant::now();
                        let played = play_one(searcher, &setup, seed, Some(cancel));
                        let Ok((summary, record)) = played else {
                            break;
                        };
                        if tx.send((k, summary, record, t.elapsed())).is_err() {
                            break;
                        }
                    }
                });
            } else {
                drop(tx);
            }
            let mut run = || -> Result<(), ClusterError> {
                let mut finished = 0usize;
                while finished < n {
                    // hand out games to the waiting workers
                    while let Some(&r) = self.idle.front() {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(index, seed)) = games.get(k) else {
                            break;
                        };
                        self.idle.pop_front();
                        self.send(r, &ToWorker::Game { index, seed })?;
                        self.current.sent += 1;
                    }
                    let mut progressed = false;
                    while let Ok((k, summary, record, busy)) = rx.try_recv() {
                        progressed = true;
                        self.current.add_job(0, busy);
                        done(games[k].0, &summary, record.as_deref())
                            .map_err(ClusterError::Master)?;
                        summaries[k] = Some(summary);
                        finished += 1;
                    }
                    match self.receive(false)? {
                        Some((rank, ToMaster::Ready)) => self.idle.push_back(rank),
                        Some((
                            rank,
                            ToMaster::GameDone {
                                index,
                                summary,
                                record,
                            },
                        )) => {
                            let Some(k) = place(index).filter(|&k| summaries[k].is_none()) else {
                                return Err(ClusterError::Protocol {
                                    rank,
                                    problem: format!("a result for game {index}, not sent to it"),
                                });
                            };
                            self.current.add_job(
                                usize::try_from(rank).unwrap_or(usize::MAX),
                                summary.elapsed,
                            );
                            done(index, &summary, record.as_deref())
                                .map_err(ClusterError::Master)?;
                            summaries[k] = Some(summary);
                            finished += 1;
                        }
                        Some((rank, other)) => {
                            return Err(ClusterError::Protocol {
                                rank,
                                problem: format!("unexpected during games: {other:?}"),
                            })
                        }
                        None if !progressed => std::thread::sleep(Duration::from_millis(1)),
                        None => {}
                    }
                    if !self.master_works && self.size == 1 {
                        return Err(ClusterError::Master(
                            "no worker and the master does not play: nothing would run".into(),
                        ));
                    }
                }
                Ok(())
            };
            let outcome = run();
            cancel.store(true, Ordering::Relaxed);
            outcome
        });
        self.current.wall = start.elapsed();
        self.total.add(&self.current);
        result?;
        Ok(summaries.into_iter().flatten().collect())
    }

    /// Tell every worker the run is over (also done when the master is dropped).
    pub fn stop(mut self) {
        self.stop_workers();
    }

    fn stop_workers(&mut self) {
        if !self.stopped {
            self.stopped = true;
            for r in 1..self.size {
                let _ = self.send(rank_of(r), &ToWorker::Stop);
            }
        }
    }
}

impl Drop for Master<'_> {
    fn drop(&mut self) {
        self.stop_workers();
    }
}
