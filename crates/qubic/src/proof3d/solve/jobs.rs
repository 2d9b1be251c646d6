//! **Job-level proof-number search**: the master's loop. The master keeps the
//! top of the proof tree ([`super::tree`]), hands its most-proving leaves to idle workers
//! as jobs — df-pn on the worker's table ([`super::worker`]) with the thresholds df-pn
//! would give the leaf from the master's tree, within
//! [`super::SolveConfig::job_expansions`] expansions — and takes back the leaf's new
//! numbers. A job that reached a threshold leaves its leaf a leaf (df-pn would turn to a
//! sibling there, and so does the master); a leaf whose job ran out of its budget goes
//! back (with the same budget: doubling it lengthened the critical path) and is
//! **split** into the children the
//! worker's search left, with their numbers, only when workers wait for work — or after
//! [`super::SolveConfig::reissues`] returns. So with one worker the search is one df-pn
//! search whose top lives in the master, and with many the hardest positions are split
//! below the root while the search runs: the master hands out the replies of a
//! second-player node to different workers at once.
//!
//! The loop runs over any `ludomat_cluster` transport: threads sharing one table
//! ([`solve_on_threads`]: what one worker proved another finds in the table) or the ranks
//! of an MPI run, each with its own table ([`super::super::distributed`]: what one rank
//! proved reaches the others through the master, which marks a new leaf proved when a
//! proof it holds covers its position). Either way every job's result, the proof's moves
//! included, travels as a message, and the certificate is written from the moves the
//! master gathered.
//!
//! At the end the master asks each worker for its expansion counts and reports where the
//! time went ([`super::report::WorkReport`]): the critical path, each worker's work, and
//! the work repeated.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ludomat_cluster::{ClusterError, Master, MasterLink};
use ludomat_game::run::{cpu, Cancel};

use super::super::dfpn::{DfpnStats, Outcome, SearchStrategy};
use super::super::table::ProofTable;
use super::super::threats::KeyHasher;
use super::report::{LongestJob, WorkReport, WorkerLoad};
use super::tree::Tree;
use super::worker::{ProofAnswer, ProofSetup, ProofTask, ProofWorker};
use super::{unknown, Job, SolveConfig, SolveStatus, Solved};

/// The master of a job-level search over the transport `L`.
pub type ProofMaster<L> = Master<L, ProofSetup, ProofTask, ProofAnswer>;

/// How often the watcher hears of the search.
const STATUS_EVERY: Duration = Duration::from_millis(50);

/// The job-level search on `config.workers()` threads sharing one table. A failure (a
/// worker's panic: a bug) ends the search with the positions unproved and the failure
/// said in [`Solved::failure`].
pub fn solve_on_threads(
    tops: &[(u64, u64)],
    config: &SolveConfig,
    cancel: &Cancel,
    status: &mut dyn FnMut(&SolveStatus),
) -> Solved {
    let table = Arc::new(ProofTable::new());
    let stop = Arc::new(AtomicBool::new(false));
    let workers: Vec<ProofWorker> = (0..config.workers())
        .map(|_| ProofWorker::sharing(Arc::clone(&table), Some(Arc::clone(&stop))))
        .collect();
    let (out, _) = ludomat_cluster::local::run(workers, |link| {
        let mut m: ProofMaster<_> = Master::new(link);
        run(
            &mut m,
            tops,
            config,
            cancel,
            status,
            Some(&stop),
            "threads sharing one table",
        )
    });
    let mut solved = out.unwrap_or_else(|e| failed(tops, config, &e));
    solved.table_positions = table.len();
    solved
}

/// Every position unproved, and why.
pub(crate) fn failed(tops: &[(u64, u64)], config: &SolveConfig, e: &ClusterError) -> Solved {
    Solved {
        jobs: tops.iter().map(|&(x, o)| unknown(x, o)).collect(),
        strategy: SearchStrategy {
            moves: Default::default(),
            threat_depth: config.limits.threat_depth,
        },
        stats: DfpnStats::default(),
        table_positions: 0,
        work: None,
        failure: Some(e.to_string()),
    }
}

/// What the master counts per position to prove.
#[derive(Default, Clone)]
struct Top {
    stats: DfpnStats,
    cpu: f64,
    /// Past `max_expansions` and not decided: unproved.
    limited: bool,
}

/// The master's loop: every position of `tops` (first player to move) proved, one
/// disproved or past its `max_expansions`, or `cancel`; the workers asked for their
/// expansion counts at the end. `stop` (threads) is raised to end the workers' jobs early
/// once the search is decided or cancelled. `transport` names the workers in the report.
///
/// # Errors
/// A worker's failure (by rank), or a message that breaks the protocol.
pub fn run<L: MasterLink>(
    m: &mut ProofMaster<L>,
    tops: &[(u64, u64)],
    config: &SolveConfig,
    cancel: &Cancel,
    status: &mut dyn FnMut(&SolveStatus),
    stop: Option<&AtomicBool>,
    transport: &str,
) -> Result<Solved, ClusterError> {
    let (wall0, cpu0) = (Instant::now(), cpu::thread());
    m.configure(&ProofSetup::of(&config.limits))?;
    m.begin();
    let mut tree = Tree::new(tops);
    let mut per_top = vec![Top::default(); tops.len()];
    let mut loads: Vec<WorkerLoad> = (1..m.size())
        .map(|rank| WorkerLoad {
            rank,
            ..WorkerLoad::default()
        })
        .collect();
    let mut longest = LongestJob::default();
    let (mut running, mut jobs, mut expansions) = (0usize, 0u64, 0u64);
    let (mut continued, mut splits) = (0u64, 0u64);
    let mut stopping = false;
    let mut shown: Option<u32> = None;
    let mut last_status = Instant::now();
    let budget = config.job_expansions.max(1);

    let report = |tree: &Tree, expansions: u64, shown: Option<u32>, per_top: &[Top]| {
        let (job, line) = shown.map_or((None, Vec::new()), |id| tree.line(id));
        SolveStatus {
            jobs_done: (0..per_top.len())
                .filter(|&i| tree.top_outcome(i) != Outcome::Unknown || per_top[i].limited)
                .count(),
            jobs_total: per_top.len(),
            expansions,
            job,
            line,
            searchers_cpu: None,
        }
    };
    loop {
        if !stopping && (tree.decided() || cancel.is_cancelled()) {
            stopping = true;
            if let Some(s) = stop {
                s.store(true, Ordering::Relaxed);
            }
        }
        if stopping && running == 0 {
            break;
        }
        if !stopping {
            while let Some(w) = m.next_idle() {
                let Some((id, thpn, thdn)) =
                    tree.select_within(w, config.speculate, config.limits.epsilon)
                else {
                    m.keep_idle(w);
                    break;
                };
                let n = &tree.nodes[id as usize];
                m.send(
                    w,
                    &ProofTask::Search {
                        node: id,
                        x: n.x,
                        o: n.o,
                        budget,
                        cpu_ms: config.job_cpu_ms,
                        thpn,
                        thdn,
                    },
                )?;
                tree.start(id, w);
                running += 1;
                shown = Some(id);
            }
        }
        if let Some(done) = m.receive(STATUS_EVERY)? {
            let ProofAnswer::Search {
                node,
                outcome,
                numbers,
                exhausted,
                children,
                moves,
                stats,
            } = done.result
            else {
                return Err(ClusterError::Protocol {
                    rank: done.rank,
                    problem: "expansion counts, but none were asked for".into(),
                });
            };
            let Some(top) = tree.nodes.get(node as usize).map(|n| n.top as usize) else {
                return Err(ClusterError::Protocol {
                    rank: done.rank,
                    problem: format!("a result for node {node}, which it was not sent"),
                });
            };
            running = running.saturating_sub(1);
            jobs += 1;
            expansions += stats.expansions;
            let cpu_s = done.cpu.as_secs_f64();
            tree.add_moves(&moves);
            if tree
                .nodes
                .get(node as usize)
                .is_some_and(|n| n.searched > 0)
            {
                continued += 1;
            }
            // Split a leaf that ran out of its budget only when workers wait for work
            // (every free leaf taken), or after it went back `reissues` times.
            let starving = m.idle() > 1;
            let split = tree
                .nodes
                .get(node as usize)
                .is_some_and(|n| starving || n.exhausted >= config.reissues);
            if outcome == Outcome::Unknown && (children.is_empty() || !split) {
                tree.apply_open(node, done.rank, numbers, exhausted, cpu_s);
            } else {
                splits += u64::from(outcome == Outcome::Unknown);
                tree.apply(node, done.rank, outcome, &children, cpu_s);
            }
            m.load().add_job_cpu(done.rank, done.busy, done.cpu);
            if let Some(l) = loads.get_mut(done.rank.wrapping_sub(1)) {
                l.jobs += 1;
                l.expansions += stats.expansions;
                l.seconds += done.busy.as_secs_f64();
                l.cpu_seconds += cpu_s;
            }
            if cpu_s > longest.cpu_seconds {
                longest = LongestJob {
                    cpu_seconds: cpu_s,
                    seconds: done.busy.as_secs_f64(),
                    expansions: stats.expansions,
                };
            }
            if let Some(t) = per_top.get_mut(top) {
                t.stats.add(&stats);
                t.cpu += cpu_s;
                if t.stats.expansions >= config.limits.max_expansions
                    && tree.top_outcome(top) == Outcome::Unknown
                {
                    // No proof of this position within the bound: there is no proof.
                    t.limited = true;
                    stopping = true;
                    if let Some(s) = stop {
                        s.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
        if last_status.elapsed() >= STATUS_EVERY {
            last_status = Instant::now();
            status(&report(&tree, expansions, shown, &per_top));
        }
    }
    let load = m.end();
    let master_cpu = cpu::thread().saturating_sub(cpu0).as_secs_f64();
    let (positions, repeated) = repeated_work(m)?;
    status(&report(&tree, expansions, None, &per_top));
    let mut stats = DfpnStats::default();
    let solved_jobs: Vec<Job> = tops
        .iter()
        .zip(&per_top)
        .enumerate()
        .map(|(i, (&(x, o), t))| {
            stats.add(&t.stats);
            Job {
                x,
                o,
                outcome: if t.limited {
                    Outcome::Unknown
                } else {
                    tree.top_outcome(i)
                },
                stats: t.stats,
                seconds: t.cpu,
            }
        })
        .collect();
    let (span, chain) = tree.span;
    let work = WorkReport {
        transport: transport.to_string(),
        workers: m.workers(),
        job_expansions: budget,
        job_cpu_ms: config.job_cpu_ms,
        jobs,
        continued,
        splits,
        longest_job: longest,
        critical_path: span,
        chain,
        loads,
        expansions,
        positions,
        repeated,
        master_cpu_seconds: master_cpu,
        tree_nodes: tree.nodes.len(),
        seconds: wall0.elapsed().as_secs_f64(),
    };
    debug_assert!(load.jobs() == jobs);
    Ok(Solved {
        jobs: solved_jobs,
        strategy: SearchStrategy {
            moves: std::mem::take(&mut tree.moves),
            threat_depth: config.limits.threat_depth,
        },
        stats,
        table_positions: 0,
        work: Some(work),
        failure: None,
    })
}

/// Ask every idle worker for its expansion counts: the positions expanded (each once) and
/// the expansions of positions another worker also expanded, beyond the worker that
/// expanded each most.
fn repeated_work<L: MasterLink>(m: &mut ProofMaster<L>) -> Result<(u64, u64), ClusterError> {
    let mut asked = 0;
    while let Some(w) = m.next_idle() {
        m.send(w, &ProofTask::Expanded)?;
        asked += 1;
    }
    // digest → (expansions, the most by one worker)
    let mut all: HashMap<u64, (u64, u32), BuildHasherDefault<KeyHasher>> = HashMap::default();
    while asked > 0 {
        let Some(done) = m.receive(ludomat_cluster::FOREVER)? else {
            continue;
        };
        let ProofAnswer::Expanded { counts } = done.result else {
            return Err(ClusterError::Protocol {
                rank: done.rank,
                problem: "a search's result after the search".into(),
            });
        };
        asked -= 1;
        for (k, n) in counts {
            let e = all.entry(k).or_insert((0, 0));
            e.0 += u64::from(n);
            e.1 = e.1.max(n);
        }
    }
    let repeated = all.values().map(|&(t, most)| t - u64::from(most)).sum();
    Ok((all.len() as u64, repeated))
}
