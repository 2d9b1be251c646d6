//! `ludomat threes auto --distributed`: the run spread over the processes of an MPI run
//! (`mpirun`, Slurm's `srun`); rank 0 is the master and prints, the other ranks work
//! silently. The protocol lives in `ludomat_threes::cluster`.

use std::time::Duration;

use anyhow::Result;
use ludomat_threes::autoplay::GameSummary;
use ludomat_threes::{DepthRule, Weights};

use super::{AutoArgs, DistMode};

/// How `--distributed` went on this process.
#[cfg_attr(not(feature = "mpi"), allow(dead_code))] // without MPI only `Local` happens
pub(super) enum Outcome {
    /// Run on this process alone, as without `--distributed`.
    Local,
    /// This process was a worker and is done.
    Worker,
    /// This process was the master: the games, in game order, and the wall-clock time.
    Done {
        games: Vec<GameSummary>,
        wall: Duration,
    },
}

/// Without the `mpi` feature: alone, say so and play here; under mpirun, refuse (every
/// process would play the whole run).
#[cfg(not(feature = "mpi"))]
pub(super) fn auto(
    _a: &AutoArgs,
    _mode: DistMode,
    _rule: DepthRule,
    _weights: Weights,
) -> Result<Outcome> {
    if let Some(n) = ludomat_threes::cluster::launcher_size().filter(|&n| n > 1) {
        anyhow::bail!(
            "--distributed: this ludomat was built without the cargo feature `mpi`, so each of \
             the {n} processes mpirun started would play the whole run alone; rebuild with \
             `cargo build --release -p ludomat --features mpi`"
        );
    }
    outln!(
        "--distributed: this ludomat was built without the cargo feature `mpi` (rebuild with \
         `--features mpi` to run on a cluster); playing on this process alone"
    );
    Ok(Outcome::Local)
}

/// With the `mpi` feature: start MPI; rank 0 runs the master, the others serve.
#[cfg(feature = "mpi")]
pub(super) fn auto(
    a: &AutoArgs,
    mode: DistMode,
    rule: DepthRule,
    weights: Weights,
) -> Result<Outcome> {
    use ludomat_threes::cluster::{launched_by_mpi, Cluster};
    if !launched_by_mpi() {
        outln!(
            "--distributed: not started by mpirun or srun with several processes (e.g. \
             `mpirun -n 8 ludomat threes auto --distributed …`); playing on this process alone"
        );
        return Ok(Outcome::Local);
    }
    let cluster = Cluster::start()?;
    if cluster.size() < 2 {
        outln!("--distributed: MPI started one process only; playing on this process alone");
        return Ok(Outcome::Local);
    }
    if cluster.rank() != 0 {
        cluster.serve()?;
        return Ok(Outcome::Worker);
    }
    match master(&cluster, a, mode, rule, weights) {
        Ok(outcome) => Ok(outcome),
        Err(e) => {
            // workers may be deep in a job: end every process now, never hang
            errln!("error: {e:#}");
            cluster.abort(1)
        }
    }
}

#[cfg(feature = "mpi")]
fn master(
    cluster: &ludomat_threes::cluster::Cluster,
    a: &AutoArgs,
    mode: DistMode,
    rule: DepthRule,
    weights: Weights,
) -> Result<Outcome> {
    use std::time::Instant;

    use ludomat_game::seed;
    use ludomat_threes::autoplay::play_game_with;
    use ludomat_threes::cluster::{ClusterError, Setup};
    use ludomat_threes::record::GameRecord;
    use ludomat_threes::{SearchConfig, Threes};

    use super::{describe, group};

    let config = SearchConfig {
        depth: rule,
        parallel: false,
        job_levels: a
            .parallel_depth
            .unwrap_or(SearchConfig::default().job_levels),
        ..SearchConfig::default()
    };
    let setup = Setup {
        weights,
        config,
        model: a.hint_model,
        max_moves: u32::MAX,
        record: a.record_dir.is_some(),
    };
    let mut m = cluster.master(setup)?;
    let rtt = m.ping(32, 20)?.unwrap_or_default();
    // at most 80 columns a line, as everything the terminal prints
    let header = format!(
        "Threes! AI on {} MPI ranks (master on {}, message round trip {:.1} µs), {} mode: {} \
         games (from game {}), seed {}, {}, parallel depth {}, hint model {}\n",
        cluster.size(),
        cluster.processor_name(),
        rtt.as_secs_f64() * 1e6,
        match mode {
            DistMode::Search => "search",
            DistMode::Games => "games",
        },
        a.games,
        a.first_game,
        a.seed,
        describe(rule),
        config.job_levels,
        a.hint_model
    );
    out!("{}", crate::help::wrap(&header));
    let list: Vec<(u32, u64)> = (a.first_game..a.first_game.saturating_add(a.games))
        .map(|i| (i, seed::derive(a.seed, u64::from(i))))
        .collect();
    let save = |i: u32, json: &str| -> Result<()> {
        if let Some(dir) = &a.record_dir {
            let path = dir.join(format!("game-{i}.json"));
            crate::files::write(&path, json)?;
        }
        Ok(())
    };
    let started = Instant::now();
    let games = match mode {
        DistMode::Games => {
            // the project's bar and time left (progress.rs): none until a game is done
            let bar = crate::progress::Bar::new("games", Some(list.len() as u64), false);
            let mut done = 0u64;
            let games = m.play_games(&list, |i, s, record| {
                if let Some(json) = record {
                    save(i, json).map_err(|e| format!("{e:#}"))?;
                }
                done += 1;
                bar.count(
                    done,
                    started.elapsed(),
                    Some(format!("last: {}", group(s.score))),
                );
                Ok(())
            })?;
            bar.finish();
            games
        }
        DistMode::Search => {
            let mut games = Vec::with_capacity(list.len());
            for &(i, game_seed) in &list {
                let mut record = a
                    .record_dir
                    .as_ref()
                    .map(|_| GameRecord::start(&Threes::new(game_seed, a.hint_model)));
                let mut moves = 0u32;
                let s = play_game_with(
                    game_seed,
                    a.hint_model,
                    u32::MAX,
                    record.as_mut(),
                    &mut |pos| {
                        let (r, report) = m.search(pos)?;
                        moves += 1;
                        if !a.no_move_reports {
                            outln!("game {i} move {moves}: {report}");
                        }
                        Ok::<_, ClusterError>(r)
                    },
                )?;
                if let Some(r) = &record {
                    save(i, &r.to_json())?;
                }
                outln!(
                    "game {i}: score {}, highest card {}, {} moves, {:.1} s",
                    group(s.score),
                    s.max_tile,
                    s.moves,
                    s.elapsed.as_secs_f64()
                );
                games.push(s);
            }
            games
        }
    };
    let wall = started.elapsed();
    out!("{}", crate::help::wrap(&format!("{}\n", m.utilisation())));
    m.stop();
    Ok(Outcome::Done { games, wall })
}
