//! The Threes! master (rank 0): keeps the game, hands out a move's subtrees to the first
//! idle worker, works on jobs itself between messages, combines the scores; or hands out
//! whole games. The ranks, the idle queue and the messages are `ludomat_cluster::Master`'s;
//! the transport is MPI ([`master`]) or threads (`ludomat_cluster::local`).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use ludomat_cluster::{ClusterError, MasterLink, FOREVER};

use super::local::{local_searcher, play_one};
use super::message::{check_job, check_setup, Answer, Setup, Task};
use crate::autoplay::GameSummary;
use crate::{Job, JobResult, Position, SearchResult, Searcher};

/// What a move's search (or a run of games) cost, rank by rank.
pub type MoveReport = ludomat_cluster::Load;

/// The Threes! master over the transport `L`.
pub struct Master<L: MasterLink> {
    m: ludomat_cluster::Master<L, Setup, Task, Answer>,
    setup: Setup,
    searcher: Searcher,
    master_works: bool,
    /// The number of the current batch of jobs (late answers carry an older one).
    batch: u32,
}

impl<L: MasterLink> std::fmt::Debug for Master<L> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Master({} ranks, {} idle)", self.m.size(), self.m.idle())
    }
}

/// Become the master of an MPI run (call on rank 0, once: when the master is stopped or
/// dropped, the workers leave): send every worker the settings.
///
/// # Errors
/// When the settings are unusable.
#[cfg(feature = "mpi")]
pub fn master(
    cluster: &ludomat_cluster::mpi::Cluster,
    setup: Setup,
) -> Result<Master<ludomat_cluster::mpi::MpiMaster<'_>>, ClusterError> {
    Master::new(cluster.master_link(), setup)
}

/// Serve as a worker of an MPI run until the master says STOP (call on every rank but 0).
///
/// # Errors
/// When this worker failed (it has told the master, and waited for its STOP).
#[cfg(feature = "mpi")]
pub fn serve(cluster: &ludomat_cluster::mpi::Cluster) -> Result<(), ClusterError> {
    ludomat_cluster::serve(
        &mut cluster.worker_link(),
        &mut super::worker::ThreesWorker::new(),
    )
}

impl<L: MasterLink> Master<L> {
    /// The master of the workers behind `link`: every worker gets the settings.
    ///
    /// # Errors
    /// When the settings are unusable.
    pub fn new(link: L, setup: Setup) -> Result<Master<L>, ClusterError> {
        check_setup(&setup).map_err(ClusterError::Master)?;
        let mut m = Master {
            m: ludomat_cluster::Master::new(link),
            setup,
            searcher: local_searcher(&setup),
            master_works: true,
            batch: 0,
        };
        m.configure(setup)?;
        Ok(m)
    }

    /// The number of ranks, the master included.
    #[must_use]
    pub fn size(&self) -> usize {
        self.m.size()
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
        self.m.configure(&setup)
    }

    /// The run so far.
    #[must_use]
    pub fn utilisation(&self) -> &ludomat_cluster::Utilisation {
        self.m.utilisation()
    }

    /// Search `pos` with the configured depth rule, the jobs spread over the ranks: the
    /// same move and value as [`Searcher::search`] with these settings, and the move's
    /// report.
    ///
    /// # Errors
    /// A worker's failure (by rank), or a message that breaks the protocol.
    pub fn search(&mut self, pos: &Position) -> Result<(SearchResult, MoveReport), ClusterError> {
        self.m.begin();
        let searcher = self.searcher.clone();
        let result = searcher.search_with(pos, &mut |jobs| self.run_jobs(jobs))?;
        Ok((result, self.m.end()))
    }

    /// Run `jobs` on the ranks: each idle worker gets the next job, the master runs one
    /// itself whenever no message is waiting. Once every job is out, the master runs the
    /// oldest unanswered ones itself rather than wait (their late answers are dropped: a
    /// job's score depends on the job only), so a slow worker never holds up a move.
    /// Results in the jobs' order.
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
        let master_works = self.master_works || self.m.size() == 1;
        while done < n {
            // hand the next jobs to the workers already waiting
            while next < n {
                let Some(r) = self.m.next_idle() else {
                    break;
                };
                let task = Task::Search {
                    batch,
                    id: u32::try_from(next).unwrap_or(u32::MAX),
                    job: jobs[next],
                };
                self.m.send(r, &task)?;
                pending.push_back(next);
                next += 1;
            }
            // the master works between messages: one job, unless a message waits
            let wait = if master_works {
                Duration::ZERO
            } else {
                FOREVER
            };
            match self.m.receive(wait)? {
                Some(done_job) => {
                    let (rank, busy) = (done_job.rank, done_job.busy);
                    let Answer::Search {
                        batch: b,
                        id,
                        result,
                    } = done_job.result
                    else {
                        return Err(ClusterError::Protocol {
                            rank,
                            problem: "a game's result during a search".into(),
                        });
                    };
                    if b != batch {
                        // an earlier move's job, which the master ran itself meanwhile
                        self.m.load().add_busy(rank, busy);
                        continue;
                    }
                    match usize::try_from(id).ok().and_then(|i| results.get_mut(i)) {
                        Some(slot @ None) => {
                            *slot = Some(result);
                            self.m.load().add_job(rank, busy);
                            done += 1;
                        }
                        // the master ran it itself meanwhile
                        Some(Some(_)) => self.m.load().add_busy(rank, busy),
                        None => {
                            return Err(ClusterError::Protocol {
                                rank,
                                problem: format!("a result for job {id}, which it was not sent"),
                            })
                        }
                    }
                }
                // a READY (the worker is idle now), or nothing waiting
                None if !master_works => {}
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
                        self.m.load().add_job(0, t.elapsed());
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
        self.m.ping(payload, rounds)
    }

    /// Play whole games, one per rank at a time: each idle worker gets the next game, and
    /// a thread of the master plays games too while the main thread answers messages.
    /// `games`: (number, seed) pairs. `done` is called with each finished game (and its
    /// record as JSON, when the setup asked for records), in the order they finish.
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
        self.m.begin();
        let n = games.len();
        let next = AtomicUsize::new(0);
        let cancel = AtomicBool::new(false);
        let mut summaries: Vec<Option<GameSummary>> = vec![None; n];
        let setup = self.setup;
        let searcher = self.searcher.clone();
        let master_works = self.master_works;
        let m = &mut self.m;
        let place = |index: u32| games.iter().position(|&(i, _)| i == index);
        let result = std::thread::scope(|scope| -> Result<(), ClusterError> {
            let (tx, rx) = mpsc::channel::<(usize, GameSummary, Option<String>, Duration)>();
            if master_works {
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
                    while let Some(r) = m.next_idle() {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(index, seed)) = games.get(k) else {
                            m.keep_idle(r);
                            break;
                        };
                        m.send(r, &Task::Game { index, seed })?;
                    }
                    let mut progressed = false;
                    while let Ok((k, summary, record, busy)) = rx.try_recv() {
                        progressed = true;
                        m.load().add_job(0, busy);
                        done(games[k].0, &summary, record.as_deref())
                            .map_err(ClusterError::Master)?;
                        summaries[k] = Some(summary);
                        finished += 1;
                    }
                    let wait = if progressed {
                        Duration::ZERO
                    } else {
                        Duration::from_millis(1)
                    };
                    if let Some(d) = m.receive(wait)? {
                        let rank = d.rank;
                        let Answer::Game {
                            index,
                            summary,
                            record,
                        } = d.result
                        else {
                            return Err(ClusterError::Protocol {
                                rank,
                                problem: "a subtree's result during games".into(),
                            });
                        };
                        let Some(k) = place(index).filter(|&k| summaries[k].is_none()) else {
                            return Err(ClusterError::Protocol {
                                rank,
                                problem: format!("a result for game {index}, not sent to it"),
                            });
                        };
                        m.load().add_job(rank, summary.elapsed);
                        done(index, &summary, record.as_deref()).map_err(ClusterError::Master)?;
                        summaries[k] = Some(summary);
                        finished += 1;
                    }
                    if !master_works && m.size() == 1 {
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
        self.m.end();
        result?;
        Ok(summaries.into_iter().flatten().collect())
    }

    /// Tell every worker the run is over (also done when the master is dropped).
    pub fn stop(self) {
        self.m.stop();
    }
}
