//! Checks `threes learn --distributed` on MPI against the same run on threads; run under
//! `mpirun`:
//!
//! ```text
//! mpirun -n 3 --oversubscribe target/debug/examples/learn_check same 60 4
//! mpirun -n 2 target/debug/examples/learn_check rate 2000 100 checkpoint.ntuple
//! ```
//!
//! `same G K`: the master trains a small network (4x5, a second stage from 24, which
//! every game reaches) for G games on the N − 1 worker ranks, K games a worker a round,
//! then the same run on N − 1 threads of its own process; the two networks and curves must
//! be the same bit for bit. `rate G K FROM`: G training games on the ranks from a fresh
//! network of tuples FROM (`5x6`) or from the checkpoint FROM (a `.ntuple` file), the games
//! per second. `costs G FILE` (no MPI): the CPU of playing and of applying a game on one
//! thread (BENCHMARKS.md). Rank 0 prints `ok: …` on success.

use std::process::ExitCode;
use std::time::Instant;

use ludomat_io::{errln, outln};
use ludomat_threes::learn::{LearnSettings, Learner};
use ludomat_threes::learn_distributed::{place, train, train_on_threads, Place, Plan};
use ludomat_threes::ntuple::Spec;

fn fresh(tuples: &str, every: u64) -> Result<Learner, String> {
    let spec = Spec::preset(tuples, vec![6], true).map_err(|e| e.to_string())?;
    let settings = LearnSettings {
        seed: 7,
        lambda: 0.5,
        eval_every: every,
        eval_games: 4,
        ..LearnSettings::default()
    };
    Learner::fresh(spec, settings).map_err(|e| e.to_string())
}

fn arg(args: &[String], i: usize, default: u64) -> Result<u64, String> {
    args.get(i)
        .map_or(Ok(default), |a| a.parse().map_err(|e| format!("{a}: {e}")))
}

/// `costs G FILE` (no MPI): on one thread, the CPU time of playing G games frozen on the
/// checkpoint FILE's network (`p`) and of applying them (`u`: replay and TD step).
fn costs(args: &[String]) -> Result<String, String> {
    use ludomat_threes::learn_distributed::{apply_game, play_game};
    let games = arg(args, 1, 2000)?;
    let file = args.get(2).ok_or("costs G FILE")?;
    let l = Learner::load(std::path::Path::new(file)).map_err(|e| e.to_string())?;
    let st = &l.state.settings;
    let first = l.state.games;
    let c = ludomat_game::run::cpu::thread();
    let played: Vec<_> = (first..first + games)
        .map(|i| play_game(&l.network, st, i))
        .collect();
    let p = ludomat_game::run::cpu::thread()
        .saturating_sub(c)
        .as_secs_f64();
    let c = ludomat_game::run::cpu::thread();
    let mut path = Vec::new();
    for g in &played {
        apply_game(&l.network, st, g, &mut path)?;
    }
    let u = ludomat_game::run::cpu::thread()
        .saturating_sub(c)
        .as_secs_f64();
    let swipes: usize = played.iter().map(|g| g.swipes.len()).sum();
    let n = games as f64;
    Ok(format!(
        "ok: {games} games ({:.0} swipes a game): play p = {:.3} ms, apply u = {:.3} ms of CPU a game",
        swipes as f64 / n,
        1e3 * p / n,
        1e3 * u / n
    ))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("costs") {
        return match costs(&args) {
            Ok(text) => {
                outln!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                errln!("learn_check: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let cluster = match place() {
        Ok(Place::Master(c)) => c,
        Ok(Place::Served) => return ExitCode::SUCCESS,
        Ok(Place::Alone(why)) => {
            errln!("learn_check: {why}");
            return ExitCode::FAILURE;
        }
        Err(e) => {
            errln!("learn_check: {e}");
            return ExitCode::FAILURE;
        }
    };
    let workers = cluster.size() - 1;
    let outcome = (|| -> Result<String, String> {
        let games = arg(&args, 1, 60)?;
        let per_job = arg(&args, 2, 4)?;
        let plan = Plan {
            per_job,
            eval_threads: 1,
            checkpoint_every: u64::MAX,
        };
        let mut ctx = ludomat_game::run::RunContext::new("games", None);
        match args.first().map(String::as_str) {
            Some("same") => {
                let mut mpi = fresh("4x5", 20)?;
                train(
                    cluster.master_link(),
                    &mut mpi,
                    games,
                    plan,
                    &mut ctx,
                    &mut |_| Ok(()),
                    &mut |_| Ok(()),
                )
                .map_err(|e| e.to_string())?;
                let mut threads = fresh("4x5", 20)?;
                train_on_threads(
                    workers,
                    &mut threads,
                    games,
                    plan,
                    &mut ctx,
                    &mut |_| Ok(()),
                    &mut |_| Ok(()),
                )
                .map_err(|e| e.to_string())?;
                if *mpi.network != *threads.network {
                    return Err("the MPI run's network is not the threads' run's".into());
                }
                let means = |l: &Learner| l.state.curve.iter().map(|p| p.mean).collect::<Vec<_>>();
                if means(&mpi) != means(&threads) || mpi.state.games != games {
                    return Err(format!(
                        "curves differ: {:?} against {:?}",
                        means(&mpi),
                        means(&threads)
                    ));
                }
                Ok(format!(
                    "ok: {games} games on {workers} MPI workers = on {workers} threads; curve {:?}",
                    means(&mpi)
                ))
            }
            Some("rate") => {
                let from = args.get(3).map_or("5x6", String::as_str);
                let mut l = if from.ends_with(".ntuple") {
                    let mut l =
                        Learner::load(std::path::Path::new(from)).map_err(|e| e.to_string())?;
                    l.state.settings.eval_every = u64::MAX;
                    l.state.settings.eval_games = 1;
                    l.state.curve.clear();
                    l.state.games = 0;
                    l
                } else {
                    fresh(from, u64::MAX)?
                };
                let (t, c) = (Instant::now(), ludomat_game::run::cpu::process());
                train(
                    cluster.master_link(),
                    &mut l,
                    games,
                    plan,
                    &mut ctx,
                    &mut |_| Ok(()),
                    &mut |_| Ok(()),
                )
                .map_err(|e| e.to_string())?;
                let wall = t.elapsed().as_secs_f64();
                let cpu = ludomat_game::run::cpu::process()
                    .saturating_sub(c)
                    .as_secs_f64();
                Ok(format!(
                    "ok: {games} games on {workers} MPI workers, {per_job} a round each: \
                     {wall:.1} s wall, {:.0} games/s (master's CPU {cpu:.1} s)",
                    games as f64 / wall
                ))
            }
            _ => Err("usage: learn_check same G K | rate G K TUPLES".into()),
        }
    })();
    match outcome {
        Ok(text) => {
            outln!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("learn_check: {e}");
            ExitCode::FAILURE
        }
    }
}
