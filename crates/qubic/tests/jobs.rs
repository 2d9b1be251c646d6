//! Issue 42: the job-level proof-number search — a master's proof tree whose leaves are
//! searched as bounded jobs and split while the search runs — proves what one df-pn
//! search proves, whatever the threads and however finely it splits, and its proof is a
//! certificate the independent checker accepts.

use ludomat_game::run::Cancel;
use ludomat_qubic::proof3d::certificate::write_from;
use ludomat_qubic::proof3d::dfpn::{Dfpn, DfpnLimits, Outcome, SearchStrategy};
use ludomat_qubic::proof3d::solve::{solve, solve_from, Scheme, SolveConfig, Solved};

/// The position after `moves` (first player first).
fn position(moves: &[usize]) -> (u64, u64) {
    moves.iter().enumerate().fold((0, 0), |(x, o), (i, &m)| {
        if i % 2 == 0 {
            (x | 1 << m, o)
        } else {
            (x, o | 1 << m)
        }
    })
}

/// BENCHMARKS.md's ply-6 position and the ply-4 one before it.
const PLY6: [usize; 6] = [0, 21, 48, 16, 12, 4];
const PLY4: [usize; 4] = [0, 21, 48, 16];

/// Jobs of at most `budget` expansions and no CPU bound (so the job counts below do not
/// depend on the machine's speed).
fn jobs(threads: usize, budget: u64) -> SolveConfig {
    SolveConfig {
        scheme: Scheme::Jobs,
        threads,
        job_expansions: budget,
        job_cpu_ms: 0,
        ..SolveConfig::default()
    }
}

/// The certificate of `strategy` from (`x`, `o`), re-read from its bytes and re-checked
/// by the independent checker alone; its number of records.
fn checks(strategy: &SearchStrategy, x: u64, o: u64) -> u64 {
    let (cert, _) = write_from(strategy, x, o).expect("the strategy proves the win");
    let back = ludomat_qubic_verify::Certificate::read(&cert.to_gzip().expect("compresses"))
        .expect("reads");
    let g = ludomat_qubic_verify::Geometry::new();
    ludomat_qubic_verify::verify(&g, &back)
        .expect("the independent checker accepts it")
        .positions
}

fn work_adds_up(solved: &Solved) {
    let w = solved
        .work
        .as_ref()
        .expect("a job-level search reports its work");
    let by_worker: u64 = w.loads.iter().map(|l| l.expansions).sum();
    assert_eq!(by_worker, w.expansions);
    assert_eq!(w.expansions, solved.stats.expansions);
    assert_eq!(w.loads.iter().map(|l| l.jobs).sum::<u64>(), w.jobs);
    assert!(w.jobs >= solved.jobs.len() as u64, "{w:?}");
    assert!(w.chain >= 1 && w.critical_path <= w.work() + 1e-9, "{w:?}");
    assert!(w.longest_job.cpu_seconds <= w.critical_path + 1e-9, "{w:?}");
    assert!(
        w.repeated <= w.expansions && w.positions <= w.expansions,
        "{w:?}"
    );
    assert!(w.speed_up(4) >= 1.0 && w.speed_up(64) >= w.speed_up(16) - 1e-9);
}

#[test]
fn verdicts_are_equal_across_threads_on_the_ply4_and_ply6_positions() {
    // The ply-6 position as the one position to prove (jobs of 200 expansions), and the
    // ply-4 position split at its first move into its reply classes (as from the empty
    // board), on 1, 2 and 8 threads: always proved, as one df-pn search proves them, and
    // every proof accepted by the independent checker.
    let (x6, o6) = position(&PLY6);
    assert_eq!(
        Dfpn::new(DfpnLimits::default()).prove(x6, o6),
        Outcome::Proved
    );
    let (x4, o4) = position(&PLY4);
    for t in [1, 2, 8] {
        let six = solve(&[(x6, o6)], &jobs(t, 200), &Cancel::new(), &mut |_| {});
        let (_, four) = solve_from(x4, o4, &jobs(t, 2_000), &Cancel::new(), &mut |_| {});
        for (name, solved, x, o) in [("ply 6", &six, x6, o6), ("ply 4", &four, x4, o4)] {
            assert!(
                solved.all_proved(),
                "{name}, {t} threads: {:?}",
                solved.jobs
            );
            assert!(solved.failure.is_none());
            work_adds_up(solved);
            assert_eq!(solved.work.as_ref().map(|w| w.workers), Some(t));
            assert!(checks(&solved.strategy, x, o) > 10, "{name}, {t} threads");
        }
    }
}

#[test]
fn a_job_split_mid_search_is_proved_the_same_as_unsplit() {
    // The ply-6 position as one df-pn search, and as jobs of 20, 200 and unbounded
    // expansions: split into hundreds of jobs or not at all, the same verdict, and each
    // proof accepted by the checker.
    let (x, o) = position(&PLY6);
    let mut one = Dfpn::new(DfpnLimits::default());
    assert_eq!(one.prove(x, o), Outcome::Proved);
    let mut jobs_run = Vec::new();
    for budget in [20, 200, u64::MAX] {
        let solved = solve(&[(x, o)], &jobs(2, budget), &Cancel::new(), &mut |_| {});
        assert_eq!(solved.jobs[0].outcome, Outcome::Proved, "budget {budget}");
        let w = solved.work.as_ref().expect("a report");
        jobs_run.push(w.jobs);
        if budget == u64::MAX {
            assert_eq!(w.jobs, 1, "unbounded: one job, never split");
            assert_eq!(w.chain, 1);
        } else {
            assert!(w.jobs > 10, "budget {budget}: split into {} jobs", w.jobs);
            assert!(w.longest_job.expansions <= budget, "{w:?}");
        }
        assert!(checks(&solved.strategy, x, o) > 10, "budget {budget}");
    }
    assert!(jobs_run[0] > jobs_run[1], "{jobs_run:?}");
}

#[test]
fn jobs_bounded_by_cpu_time_are_proved_the_same() {
    // The ply-6 position in jobs of unbounded expansions but at most 1 ms of CPU each, on
    // one and two threads: the jobs come back when their time is spent (counted as run
    // out, so the leaf is re-issued and split), and the verdict and the checked proof are
    // those of one df-pn search. With no CPU bound the same search is one job.
    let (x, o) = position(&PLY6);
    for t in [1, 2] {
        let config = SolveConfig {
            job_cpu_ms: 1,
            ..jobs(t, u64::MAX)
        };
        let solved = solve(&[(x, o)], &config, &Cancel::new(), &mut |_| {});
        assert_eq!(solved.jobs[0].outcome, Outcome::Proved, "{t} threads");
        let w = solved.work.as_ref().expect("a report");
        work_adds_up(&solved);
        assert_eq!(w.job_cpu_ms, 1);
        assert!(w.jobs > 3 && w.splits > 0, "{t} threads: {w:?}");
        assert!(checks(&solved.strategy, x, o) > 10, "{t} threads");
    }
}

#[test]
fn a_reissued_job_is_proved_the_same_as_a_split_one() {
    // The ply-6 position in jobs of 40 expansions on one thread: split as soon as a job
    // runs out (no re-issue), re-issued twice before it is split, or re-issued forever (never split: one df-pn search in pieces).
    // The same verdict each time, each proof accepted by the checker; re-issuing splits
    // less.
    let (x, o) = position(&PLY6);
    let mut nodes = Vec::new();
    for reissues in [0, 2, u32::MAX] {
        let config = SolveConfig {
            reissues,
            ..jobs(1, 40)
        };
        let solved = solve(&[(x, o)], &config, &Cancel::new(), &mut |_| {});
        assert_eq!(
            solved.jobs[0].outcome,
            Outcome::Proved,
            "{reissues} re-issues"
        );
        let w = solved.work.as_ref().expect("a report");
        work_adds_up(&solved);
        assert!(w.longest_job.expansions <= 40, "{w:?}");
        nodes.push((w.tree_nodes, w.splits, w.continued));
        assert!(checks(&solved.strategy, x, o) > 10, "{reissues} re-issues");
    }
    assert!(
        nodes[0].0 > nodes[1].0 && nodes[1].0 > nodes[2].0,
        "{nodes:?}"
    );
    assert_eq!(nodes[2].0, 2, "never split: the root and the position");
    assert_eq!(nodes[2].1, 0, "{nodes:?}");
    assert!(nodes[2].2 > 0, "re-issued: {nodes:?}");
    // On two threads with one position, the second worker waits for work: the leaf is
    // split as soon as a job on it runs out, whatever the re-issues.
    let config = SolveConfig {
        reissues: u32::MAX,
        ..jobs(2, 40)
    };
    let solved = solve(&[(x, o)], &config, &Cancel::new(), &mut |_| {});
    assert_eq!(solved.jobs[0].outcome, Outcome::Proved);
    let w = solved.work.as_ref().expect("a report");
    assert!(w.splits > 0, "{w:?}");
    assert!(checks(&solved.strategy, x, o) > 10);
}

#[test]
fn a_position_not_won_stops_the_search() {
    // The second player has two threes (cells 1 2 3 and 5 6 7 of the first tier, open
    // at 0 and 4), the first player none and six stones each: lost at once.
    let lost = (
        [10, 27, 33, 44, 54, 61]
            .iter()
            .fold(0u64, |s, &c| s | 1 << c),
        [1, 2, 3, 5, 6, 7].iter().fold(0u64, |s, &c| s | 1 << c),
    );
    let won = position(&PLY6);
    let solved = solve(&[won, lost], &jobs(2, 50), &Cancel::new(), &mut |_| {});
    assert!(!solved.all_proved());
    assert_eq!(solved.jobs[1].outcome, Outcome::Disproved);
    assert!(solved.failure.is_none());
}

#[test]
fn a_cancelled_or_bounded_search_ends_unknown() {
    let (x, o) = position(&PLY4);
    let cancel = Cancel::new();
    cancel.cancel();
    let solved = solve(&[(x, o)], &jobs(2, 100), &cancel, &mut |_| {});
    assert_eq!(solved.jobs[0].outcome, Outcome::Unknown);
    let bounded = SolveConfig {
        limits: DfpnLimits {
            max_expansions: 300,
            ..DfpnLimits::default()
        },
        ..jobs(2, 100)
    };
    let solved = solve(&[(x, o)], &bounded, &Cancel::new(), &mut |_| {});
    assert_eq!(solved.jobs[0].outcome, Outcome::Unknown);
    assert!(solved.jobs[0].stats.expansions >= 300);
    assert!(
        solved.jobs[0].stats.expansions < 300 + 2 * 100,
        "{:?}",
        solved.jobs[0]
    );
}

#[test]
fn the_watcher_hears_the_search_and_its_line() {
    let (x, o) = position(&PLY6);
    let mut heard = Vec::new();
    let solved = solve(&[(x, o)], &jobs(1, 30), &Cancel::new(), &mut |s| {
        heard.push((s.jobs_done, s.expansions, s.job, s.line.len()));
    });
    assert!(solved.all_proved());
    let last = heard.last().expect("a status at the end");
    assert_eq!(last.0, 1);
    assert_eq!(last.1, solved.stats.expansions);
    // expansions only grow
    assert!(heard.windows(2).all(|w| w[0].1 <= w[1].1));
}
