//! Issue 32's schemes ([`super::Scheme::Shared`], [`super::Scheme::PerJob`]): one
//! searcher per core (a *walker*) takes the next job until none is left, each on the one
//! shared table or on a table of its own; a walker with nothing left to take helps with a
//! job still running ([`super::super::dfpn::Dfpn::helping`]). The jobs are the unit of
//! parallel work, so the longest one is the run's critical path: kept to compare against
//! the job-level search ([`super::jobs`]).

use std::cell::Cell;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ludomat_game::run::{cpu, Cancel};

use super::super::dfpn::{Dfpn, DfpnLimits, DfpnStats, Outcome, ProofMoves, SearchStrategy, Tick};
use super::super::leaves::Leaves;
use super::super::table::ProofTable;
use super::{unknown, Job, Scheme, SolveConfig, SolveStatus, Solved};

/// The job being searched and the line the search looks at in it.
type Looking = (Option<(u64, u64)>, Vec<u8>);

/// The searchers' shared counters, read by the calling thread for its status reports.
#[derive(Default)]
struct Board {
    /// The next job to take.
    next: AtomicUsize,
    /// Set when a job ends unproved or the run is cancelled: no job is started after.
    stop: AtomicBool,
    expansions: AtomicU64,
    finished: AtomicUsize,
    largest: AtomicUsize,
    looking: Mutex<Looking>,
    /// The jobs being searched, which a searcher with nothing left to take helps with.
    running: Mutex<Vec<Running>>,
    /// The counters of the helpers' searches.
    helped: Mutex<DfpnStats>,
    /// CPU time of the searchers' threads so far, in nanoseconds ([`CpuShare`]).
    cpu_ns: AtomicU64,
}

/// A searcher's thread adding its CPU time to the board's count as it goes (at each
/// watcher tick and at the end of each job), so the status tells the search's own CPU
/// time, not the process's (which a museum shares with every visitor).
struct CpuShare<'b> {
    board: &'b Board,
    last: Cell<Duration>,
}

impl<'b> CpuShare<'b> {
    /// Counting from now, on the calling thread.
    fn new(board: &'b Board) -> Self {
        CpuShare {
            board,
            last: Cell::new(cpu::thread()),
        }
    }

    /// Adds the thread's CPU time since the last call.
    fn flush(&self) {
        let now = cpu::thread();
        let d = now.saturating_sub(self.last.get());
        self.last.set(now);
        self.board.cpu_ns.fetch_add(
            u64::try_from(d.as_nanos()).unwrap_or(u64::MAX),
            Ordering::Relaxed,
        );
    }
}

/// A job being searched: its index, stones, and a flag raised when its search ends.
struct Running {
    index: usize,
    x: u64,
    o: u64,
    ended: Arc<AtomicBool>,
}

/// The jobs to take, in order, and how far each is searched.
struct Round<'j> {
    jobs: &'j [(u64, u64)],
    /// Indices into `jobs`, in the order they are taken.
    order: Vec<usize>,
    /// Expansions allowed per job in this round.
    budget: u64,
    /// A sizing round: a job left unknown is searched again later (not a failure).
    sizing: bool,
}

/// Expansions each job gets in the sizing round before the rest ([`solve`]).
const SIZING_BUDGET: u64 = 64;

/// One searcher: takes the round's next job until none is left (or the board says
/// stop), each on the shared table or a table of its own.
fn walk(
    round: &Round<'_>,
    limits: DfpnLimits,
    shared: Option<&Arc<ProofTable>>,
    board: &Board,
) -> Vec<(usize, Job, ProofMoves)> {
    let mut done = Vec::new();
    let share = CpuShare::new(board);
    // One evaluator for all this searcher's jobs: its threat-search table stays warm.
    let mut evaluator = Leaves::new(limits.threat_depth);
    loop {
        let ended = Arc::new(AtomicBool::new(false));
        // A job is taken and listed as running at once, so a searcher that finds none
        // left sees every job still being searched.
        let mut running = lock(&board.running);
        let k = board.next.fetch_add(1, Ordering::Relaxed);
        let Some(&i) = round.order.get(k) else {
            drop(running);
            if let (false, Some(table)) = (round.sizing, shared) {
                help(limits, table, board, evaluator, &share);
            }
            share.flush();
            return done;
        };
        let (x, o) = round.jobs[i];
        if board.stop.load(Ordering::Relaxed) {
            done.push((i, unknown(x, o), ProofMoves::default()));
            continue;
        }
        if !round.sizing {
            running.push(Running {
                index: i,
                x,
                o,
                ended: Arc::clone(&ended),
            });
        }
        drop(running);
        let t = Instant::now();
        let root = super::super::canonical::canonical(x, o).0;
        // Proved by a helper while this searcher is still below: done.
        let proved = || shared.is_some_and(|t| t.get(root).is_some_and(|e| e.pn == 0));
        let added = Cell::new(0);
        let mut watch = tally(board, &share, &added, Some((x, o)), proved);
        let mut d = Dfpn::with_evaluator(limits, evaluator).watched(&mut watch);
        if let Some(table) = shared {
            d = d.sharing(Arc::clone(table));
        }
        let before = d.stats();
        let mut outcome = d.prove_within(x, o, round.budget);
        if outcome == Outcome::Unknown && proved() {
            outcome = Outcome::Proved;
        }
        ended.store(true, Ordering::Relaxed);
        lock(&board.running).retain(|r| r.index != i);
        if outcome == Outcome::Disproved || (outcome == Outcome::Unknown && !round.sizing) {
            // No point going on: the first move is not proved.
            board.stop.store(true, Ordering::Relaxed);
        }
        let stats = before.since(&d.stats());
        board.largest.fetch_max(d.table_len(), Ordering::Relaxed);
        let moves = if outcome == Outcome::Proved && shared.is_none() {
            d.proof_moves()
        } else {
            ProofMoves::default()
        };
        evaluator = hand_back(d, limits);
        board
            .expansions
            .fetch_add(stats.expansions - added.get(), Ordering::Relaxed);
        share.flush();
        if outcome != Outcome::Unknown || !round.sizing {
            board.finished.fetch_add(1, Ordering::Relaxed);
        }
        let job = Job {
            x,
            o,
            outcome,
            stats,
            seconds: t.elapsed().as_secs_f64(),
        };
        done.push((i, job, moves));
    }
}

/// A searcher's watcher: adds its expansions to the board's count (`added`: how many it
/// has added), shows the line it looks at in `job` when given, and stops the search when
/// the board or `stop` says so.
fn tally<'b>(
    board: &'b Board,
    share: &'b CpuShare<'b>,
    added: &'b Cell<u64>,
    job: Option<(u64, u64)>,
    stop: impl Fn() -> bool + 'b,
) -> impl FnMut(Tick<'_>) -> ControlFlow<()> + 'b {
    move |tick| {
        board
            .expansions
            .fetch_add(tick.expansions - added.get(), Ordering::Relaxed);
        added.set(tick.expansions);
        share.flush();
        if let (Some(job), Ok(mut l)) = (job, board.looking.try_lock()) {
            *l = (Some(job), tick.line.to_vec());
        }
        if board.stop.load(Ordering::Relaxed) || stop() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// The evaluator of a finished search, for the searcher's next one.
fn hand_back(d: Dfpn<'_>, limits: DfpnLimits) -> Leaves {
    d.into_evaluator()
        .unwrap_or_else(|| Leaves::new(limits.threat_depth))
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A searcher with no job left to take helps, one after another, with the jobs still
/// being searched ([`Dfpn::helping`]), until none is left; each help ends with its job.
fn help(
    limits: DfpnLimits,
    table: &Arc<ProofTable>,
    board: &Board,
    mut evaluator: Leaves,
    share: &CpuShare<'_>,
) {
    let mut helped = Vec::new();
    loop {
        let pick = lock(&board.running)
            .iter()
            .find(|r| !helped.contains(&r.index) && !r.ended.load(Ordering::Relaxed))
            .map(|r| (r.index, r.x, r.o, Arc::clone(&r.ended)));
        let Some((i, x, o, ended)) = pick else {
            return;
        };
        helped.push(i);
        let added = Cell::new(0);
        let mut watch = tally(board, share, &added, None, || ended.load(Ordering::Relaxed));
        let mut d = Dfpn::with_evaluator(limits, evaluator)
            .sharing(Arc::clone(table))
            .helping()
            .watched(&mut watch);
        let before = d.stats();
        d.prove(x, o);
        let stats = before.since(&d.stats());
        evaluator = hand_back(d, limits);
        board
            .expansions
            .fetch_add(stats.expansions - added.get(), Ordering::Relaxed);
        lock(&board.helped).add(&stats);
    }
}

pub(super) fn solve_walkers(
    jobs: &[(u64, u64)],
    config: &SolveConfig,
    cancel: &Cancel,
    status: &mut dyn FnMut(&SolveStatus),
) -> Solved {
    let total = jobs.len();
    let threads = config.workers();
    let shared = (config.scheme == Scheme::Shared).then(|| Arc::new(ProofTable::new()));
    let board = Board::default();
    let report = |status: &mut dyn FnMut(&SolveStatus)| {
        let (job, line) = board
            .looking
            .lock()
            .map(|g| g.clone())
            .unwrap_or((None, Vec::new()));
        status(&SolveStatus {
            jobs_done: board.finished.load(Ordering::Relaxed),
            jobs_total: total,
            expansions: board.expansions.load(Ordering::Relaxed),
            job,
            line,
            searchers_cpu: Some(Duration::from_nanos(board.cpu_ns.load(Ordering::Relaxed))),
        });
    };
    let mut results: Vec<Option<(Job, ProofMoves)>> = vec![None; total];
    let mut run = |round: &Round<'_>, results: &mut Vec<Option<(Job, ProofMoves)>>| {
        board.next.store(0, Ordering::Relaxed);
        std::thread::scope(|scope| {
            let walkers: Vec<_> = (0..threads)
                .map(|k| {
                    let (board, shared) = (&board, shared.as_ref());
                    std::thread::Builder::new()
                        .name(format!("qubic-dfpn-{k}"))
                        .spawn_scoped(scope, move || walk(round, config.limits, shared, board))
                })
                .collect();
            while walkers
                .iter()
                .any(|w| w.as_ref().is_ok_and(|w| !w.is_finished()))
            {
                if cancel.is_cancelled() {
                    board.stop.store(true, Ordering::Relaxed);
                }
                report(status);
                std::thread::sleep(Duration::from_millis(50));
            }
            for w in walkers.into_iter().flatten() {
                for (i, mut job, moves) in w.join().unwrap_or_default() {
                    if let Some((before, _)) = &results[i] {
                        job.stats.add(&before.stats);
                        job.seconds += before.seconds;
                    }
                    results[i] = Some((job, moves));
                }
            }
        });
    };
    let mut order: Vec<usize> = (0..total).collect();
    if shared.is_some() && total > threads {
        // Sizing: every job searched a little first (most are proved there), then the
        // rest largest first by the proof number at their root, so no long job is left
        // to run alone at the end while the other cores wait.
        let sizing = Round {
            jobs,
            order,
            budget: SIZING_BUDGET.min(config.limits.max_expansions),
            sizing: true,
        };
        run(&sizing, &mut results);
        let root_pn = |&(x, o): &(u64, u64)| {
            shared
                .as_ref()
                .and_then(|t| t.get(super::super::canonical::canonical(x, o).0))
                .map_or(0, |e| e.pn)
        };
        let mut rest: Vec<(u64, usize)> = results
            .iter()
            .enumerate()
            .filter(|(_, r)| {
                r.as_ref()
                    .is_some_and(|(j, _)| j.outcome == Outcome::Unknown)
            })
            .map(|(i, _)| (root_pn(&jobs[i]), i))
            .collect();
        rest.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        order = rest.into_iter().map(|(_, i)| i).collect();
    }
    if !board.stop.load(Ordering::Relaxed) {
        let round = Round {
            jobs,
            order,
            budget: config.limits.max_expansions,
            sizing: false,
        };
        run(&round, &mut results);
    }
    let mut strategy = SearchStrategy {
        moves: shared.as_ref().map(|t| t.proof_moves()).unwrap_or_default(),
        threat_depth: config.limits.threat_depth,
    };
    let mut out = Vec::with_capacity(total);
    let mut stats = DfpnStats::default();
    for (&(x, o), r) in jobs.iter().zip(results) {
        // A job no searcher could take (its thread did not start) stays unknown.
        let (job, moves) = r.unwrap_or_else(|| (unknown(x, o), ProofMoves::default()));
        for (k, m) in moves {
            strategy.moves.entry(k).or_insert(m);
        }
        stats.add(&job.stats);
        out.push(job);
    }
    stats.add(&lock(&board.helped));
    report(status);
    Solved {
        jobs: out,
        strategy,
        stats,
        table_positions: shared
            .as_ref()
            .map_or(board.largest.load(Ordering::Relaxed), |t| t.len()),
        work: None,
        failure: None,
    }
}
