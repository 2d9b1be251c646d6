//! Checks the MPI cluster against the single-process search; run under `mpirun`:
//!
//! ```text
//! mpirun -n 3 --oversubscribe target/debug/examples/cluster_check search 40
//! mpirun -n 3 --oversubscribe target/debug/examples/cluster_check games 3
//! mpirun -n 2 target/debug/examples/cluster_check fail      # must exit non-zero
//! mpirun -n 4 --oversubscribe target/debug/examples/cluster_check time 5 8 3
//! ```
//!
//! `search N`: N positions from seeded games, each searched by the cluster and on this
//! process under several settings; the move, the four values (bit for bit), the nodes and
//! the jobs must agree. `games N`: N whole games spread over the ranks must equal the same
//! games played here. `fail`: a worker gets a job it must refuse; the master reports it
//! by rank, stops the workers and every rank exits (non-zero). `time D M [L]`: M positions of one game searched at depth D
//! with jobs L swipes above the leaves, the time per move and the per-move reports (for BENCHMARKS.md). Rank 0 prints `ok: …` on success.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use ludomat_io::{errln, outln};
use ludomat_threes::autoplay::play_game;
use ludomat_threes::cluster::{master, serve, Cluster, ClusterError, Setup};
use ludomat_threes::{
    DepthRule, Heuristic, HintModel, Job, Position, SearchConfig, Searcher, Threes, Weights,
};

fn setup(config: SearchConfig) -> Setup {
    Setup {
        weights: Weights::default(),
        config,
        model: HintModel::Plus,
        max_moves: u32::MAX,
        record: false,
    }
}

/// Positions from seeded games played by a depth-1 search: every 7th board.
fn positions(n: usize) -> Vec<Position> {
    let quick = Searcher::new(
        Heuristic::default(),
        SearchConfig {
            depth: DepthRule::Fixed(1),
            parallel: false,
            ..SearchConfig::default()
        },
    );
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < n {
        let mut g = Threes::new(1000 + seed, HintModel::Plus);
        seed += 1;
        while out.len() < n {
            if g.moves() % 7 == 3 {
                out.push(g.position());
            }
            let Some(d) = quick.search(&g.position()).best else {
                break;
            };
            if g.swipe(d).is_err() {
                break;
            }
        }
    }
    out
}

fn settings() -> Vec<(&'static str, SearchConfig)> {
    let base = SearchConfig {
        parallel: false,
        ..SearchConfig::default()
    };
    vec![
        (
            "depth 3, jobs 1 level up",
            SearchConfig {
                depth: DepthRule::Fixed(3),
                job_levels: 1,
                ..base
            },
        ),
        (
            "depth 3, jobs 2 levels up",
            SearchConfig {
                depth: DepthRule::Fixed(3),
                job_levels: 2,
                ..base
            },
        ),
        (
            "dynamic 2…3, default jobs",
            SearchConfig {
                depth: DepthRule::Dynamic { min: 2, max: 3 },
                ..base
            },
        ),
    ]
}

fn search(cluster: &Cluster, n: usize) -> Result<String, String> {
    let positions = positions(n);
    let mut compared = 0;
    let mut m = master(cluster, setup(SearchConfig::default())).map_err(|e| e.to_string())?;
    for (name, config) in settings() {
        for master_works in [true, false] {
            let local = Searcher::new(Heuristic::default(), config);
            m.configure(setup(config)).map_err(|e| e.to_string())?;
            m.set_master_works(master_works);
            let before = m.utilisation().ranks.first().map_or(0, |r| r.jobs);
            for (i, pos) in positions.iter().enumerate() {
                let want = local.search(pos);
                let (got, report) = m.search(pos).map_err(|e| e.to_string())?;
                let same_bits = want
                    .values
                    .iter()
                    .zip(&got.values)
                    .all(|(a, b)| a.map(f64::to_bits) == b.map(f64::to_bits));
                if !same_bits
                    || want.best != got.best
                    || want.nodes != got.nodes
                    || want.jobs != got.jobs
                {
                    return Err(format!(
                        "{name}, position {i}: single process {:?} {:?} ({} nodes, {} jobs), \
                         cluster {:?} {:?} ({} nodes, {} jobs)",
                        want.best,
                        want.values,
                        want.nodes,
                        want.jobs,
                        got.best,
                        got.values,
                        got.nodes,
                        got.jobs
                    ));
                }
                if report.jobs() != got.jobs as u64 {
                    return Err(format!(
                        "{name}, position {i}: the report counts {} jobs, the search {}",
                        report.jobs(),
                        got.jobs
                    ));
                }
                compared += 1;
            }
            let after = m.utilisation().ranks.first().map_or(0, |r| r.jobs);
            if !master_works && after > before && m.size() > 1 {
                return Err(format!("{name}: the master ran jobs though told not to"));
            }
        }
    }
    m.stop();
    Ok(format!(
        "ok: {compared} searches identical to the single process on {} ranks",
        cluster.size()
    ))
}

fn games(cluster: &Cluster, n: u32) -> Result<String, String> {
    let config = SearchConfig {
        depth: DepthRule::Fixed(2),
        parallel: false,
        ..SearchConfig::default()
    };
    let mut m = master(
        cluster,
        Setup {
            record: true,
            ..setup(config)
        },
    )
    .map_err(|e| e.to_string())?;
    let list: Vec<(u32, u64)> = (0..n).map(|i| (i, 500 + u64::from(i))).collect();
    let mut records = 0;
    let got = m
        .play_games(&list, |_, _, record| {
            records += usize::from(record.is_some_and(|r| r.contains("\"frames\"")));
            Ok(())
        })
        .map_err(|e| e.to_string())?;
    let local = Searcher::new(Heuristic::default(), config);
    for (&(i, seed), g) in list.iter().zip(&got) {
        let want = play_game(&local, seed, HintModel::Plus, u32::MAX, None);
        let key = |s: &ludomat_threes::autoplay::GameSummary| {
            (s.seed, s.score, s.max_tile, s.moves, s.nodes)
        };
        if key(&want) != key(g) {
            return Err(format!(
                "game {i}: single process {:?}, cluster {:?}",
                key(&want),
                key(g)
            ));
        }
    }
    if records != list.len() {
        return Err(format!("{records} records for {} games", list.len()));
    }
    let per_rank: Vec<u64> = m.utilisation().ranks.iter().map(|r| r.jobs).collect();
    m.stop();
    Ok(format!(
        "ok: {n} games identical to the single process on {} ranks (games per rank {per_rank:?})",
        cluster.size()
    ))
}

fn fail(cluster: &Cluster) -> Result<String, String> {
    let config = SearchConfig {
        parallel: false,
        ..SearchConfig::default()
    };
    let mut m = master(cluster, setup(config)).map_err(|e| e.to_string())?;
    m.set_master_works(false);
    let pos = Threes::new(1, HintModel::Plus).position();
    let bad = Job {
        board: pos.board,
        deck: pos.deck,
        hint: pos.hint,
        depth: 40,
        probability: 1.0,
    };
    match m.run_jobs(&[bad]) {
        Err(e @ ClusterError::Worker { .. }) => Err(e.to_string()),
        Err(e) => Err(format!("the wrong failure: {e}")),
        Ok(_) => Ok("a 40-deep job was searched".into()),
    }
}

fn time(cluster: &Cluster, depth: u8, moves: u32, levels: u8) -> Result<String, String> {
    let config = SearchConfig {
        depth: DepthRule::Fixed(depth),
        parallel: false,
        job_levels: levels,
        ..SearchConfig::default()
    };
    let mut m = master(cluster, setup(config)).map_err(|e| e.to_string())?;
    let rtt = m.ping(32, 200).map_err(|e| e.to_string())?;
    // the positions of one game played at depth 2, every 10th from move 100
    let pos: Vec<Position> = {
        let quick = Searcher::new(
            Heuristic::default(),
            SearchConfig {
                depth: DepthRule::Fixed(2),
                parallel: false,
                ..SearchConfig::default()
            },
        );
        let mut g = Threes::new(3, HintModel::Plus);
        let mut v = Vec::new();
        while v.len() < moves as usize {
            if g.moves() >= 100 && g.moves().is_multiple_of(10) {
                v.push(g.position());
            }
            let Some(d) = quick.search(&g.position()).best else {
                break;
            };
            if g.swipe(d).is_err() {
                break;
            }
        }
        v
    };
    let start = Instant::now();
    let mut jobs = 0;
    for p in &pos {
        let (r, report) = m.search(p).map_err(|e| e.to_string())?;
        jobs += r.jobs;
        outln!("move: {report}");
    }
    let per_move = start.elapsed() / u32::try_from(pos.len().max(1)).unwrap_or(1);
    outln!("{}", m.utilisation());
    m.stop();
    Ok(format!(
        "ok: depth {depth}, {} ranks: {:.1} ms per move, {:.0} jobs per move, \
         message round trip {:.1} µs",
        cluster.size(),
        per_move.as_secs_f64() * 1e3,
        jobs as f64 / pos.len().max(1) as f64,
        rtt.unwrap_or(Duration::ZERO).as_secs_f64() * 1e6
    ))
}

fn main() -> ExitCode {
    let cluster = match Cluster::start() {
        Ok(c) => c,
        Err(e) => {
            errln!("cluster_check: {e}");
            return ExitCode::FAILURE;
        }
    };
    if cluster.rank() != 0 {
        return match serve(&cluster) {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        };
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, default: u32| -> u32 {
        args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default)
    };
    let is_fail = args.first().is_some_and(|a| a == "fail");
    let outcome = match args.first().map(String::as_str) {
        Some("search") => search(&cluster, num(1, 30) as usize),
        Some("games") => games(&cluster, num(1, 3)),
        Some("fail") => fail(&cluster),
        Some("time") => time(
            &cluster,
            u8::try_from(num(1, 4)).unwrap_or(4),
            num(2, 10),
            u8::try_from(num(3, 8)).unwrap_or(8),
        ),
        _ => Err(
            "usage: cluster_check search N | games N | fail | time DEPTH MOVES [JOB_LEVELS]".into(),
        ),
    };
    match outcome {
        Ok(text) => {
            outln!("{text}");
            ExitCode::SUCCESS
        }
        // `fail`: the master has already sent every worker STOP (dropping its `Master`)
        // and none is busy, so every rank leaves through MPI_Finalize and mpirun reports
        // the non-zero exit: no MPI_Abort, whose kill path hangs on some hosts.
        Err(e) if is_fail => {
            errln!("cluster_check: {e}");
            ExitCode::FAILURE
        }
        Err(e) => {
            errln!("cluster_check: {e}");
            cluster.abort(1)
        }
    }
}
