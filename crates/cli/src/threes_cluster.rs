//! `ludomat threes auto --distributed`: the run spread over the processes of an MPI run
//! (`mpirun`, Slurm's `srun`); rank 0 is the master and prints, the other ranks work
//! silently. The run lives in `ludomat_threes::cluster`.

use std::time::Duration;

use anyhow::Result;
use ludomat_threes::autoplay::GameSummary;
use ludomat_threes::cluster::{place, Mode, Place};
use ludomat_threes::{DepthRule, Weights};

use ludomat_threes::auto::AutoOptions as AutoArgs;

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

/// Alone: say so and play here; a worker: done when the master is; the master: the run.
#[cfg_attr(not(feature = "mpi"), allow(unused_variables))]
pub(super) fn auto(a: &AutoArgs, mode: Mode, rule: DepthRule, weights: Weights) -> Result<Outcome> {
    match place()? {
        Place::Alone(why) => {
            out!("{}", crate::help::wrap(&format!("{why}\n")));
            Ok(Outcome::Local)
        }
        #[cfg(feature = "mpi")]
        Place::Served => Ok(Outcome::Worker),
        #[cfg(feature = "mpi")]
        Place::Master(cluster) => match master(&cluster, a, mode, rule, weights) {
            Ok(outcome) => Ok(outcome),
            Err(e) => {
                // workers may be deep in a job: end every process now, never hang
                errln!("error: {e:#}");
                cluster.abort(1)
            }
        },
    }
}

#[cfg(feature = "mpi")]
fn master(
    cluster: &ludomat_threes::cluster::Cluster,
    a: &AutoArgs,
    mode: Mode,
    rule: DepthRule,
    weights: Weights,
) -> Result<Outcome> {
    use ludomat_threes::cluster::{game_line, Finished};
    let run = a.distributed(mode);
    let (mut m, header) = run.start(cluster, rule, weights, a.parallel_depth)?;
    out!("{}", crate::help::wrap(&header));
    // the project's bar and time left (progress.rs) in games mode: none until a game is done
    let bar = (mode == Mode::Games)
        .then(|| crate::progress::Bar::new("games", Some(u64::from(a.games)), a.quiet));
    let (started, mut done) = (std::time::Instant::now(), 0u64);
    let games = run.play(&mut m, &mut |finished| {
        match finished {
            Finished::Move { .. } if a.no_move_reports => {}
            Finished::Move {
                game,
                number,
                report,
            } => outln!("game {game} move {number}: {report}"),
            Finished::Game {
                game,
                summary: s,
                record,
            } => {
                if let Some(json) = record {
                    super::save_record(a.record_dir.as_deref(), game, json)?;
                }
                if let Some(bar) = &bar {
                    done += 1;
                    let last = format!("last: {}", super::group(s.score));
                    bar.count(done, started.elapsed(), Some(last));
                } else {
                    outln!("{}", game_line(game, s));
                }
            }
        }
        Ok(())
    })?;
    if let Some(bar) = bar {
        bar.finish();
    }
    let wall = started.elapsed();
    out!("{}", crate::help::wrap(&format!("{}\n", m.utilisation())));
    m.stop();
    Ok(Outcome::Done { games, wall })
}
