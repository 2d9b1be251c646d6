//! Tuning the heuristic's weights by coordinate search over seeded games (`threes tune`),
//! as a library run: progress with the best weights so far, cancellation that returns
//! them, and checkpoints from which a run resumes where it stopped.

use ludomat_game::run::{Checkpoint, CheckpointError, Ended, RunContext};

use crate::autoplay::mean_score;
use crate::Weights;

/// One tried change of the tuning run (the first, named `(start)`, is the starting weights).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct TuneStep {
    /// The pass it belongs to, 1-based (0 for the starting weights).
    pub round: u32,
    /// The weight changed.
    pub weight: &'static str,
    /// Its new value.
    pub value: f64,
    /// The mean score with it.
    pub mean: f64,
    /// Whether it was kept.
    pub kept: bool,
}

pub(crate) fn weight_mut<'a>(w: &'a mut Weights, name: &str) -> Option<&'a mut f64> {
    Some(match name {
        "empty" => &mut w.empty,
        "merges" => &mut w.merges,
        "small_merges" => &mut w.small_merges,
        "clogs" => &mut w.clogs,
        "trapped" => &mut w.trapped,
        "monotonicity" => &mut w.monotonicity,
        "monotonicity_power" => &mut w.monotonicity_power,
        "sum" => &mut w.sum,
        "sum_power" => &mut w.sum_power,
        "middle" => &mut w.middle,
        "roughness" => &mut w.roughness,
        _ => return None,
    })
}

/// The weights the tuner varies.
pub const TUNED: [&str; 11] = [
    "empty",
    "merges",
    "small_merges",
    "clogs",
    "trapped",
    "monotonicity",
    "monotonicity_power",
    "sum",
    "sum_power",
    "middle",
    "roughness",
];

/// The value first tried for a weight that is zero: about the size of the other terms on a
/// mid-game board (a 96, code 8, in a middle cell costs `middle · 8^3.5 ≈ 1,450 · middle`).
fn first_try(name: &str) -> f64 {
    match name {
        "middle" => 1.0,
        "roughness" => 200.0,
        _ => 100.0,
    }
}

/// What a tuning run keeps between candidates: enough to resume it exactly.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TuneState {
    /// The format's version (1).
    pub version: u32,
    /// The best weights so far.
    pub best: Weights,
    /// Their mean score.
    pub best_mean: f64,
    /// The pass in progress, 1-based.
    pub round: u32,
    /// The index in [`TUNED`] of the next weight to try.
    pub next: usize,
    /// Candidates tried so far (the start included).
    pub tried: u64,
}

/// A tuning run's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TuneConfig {
    /// The weights to start from.
    pub start: Weights,
    /// Games per candidate.
    pub games: u32,
    /// The fixed search depth of the games.
    pub depth: u8,
    /// Passes over the weights.
    pub rounds: u32,
    /// The master seed of the games (the same games for every candidate).
    pub seed: u64,
}

impl TuneConfig {
    /// The most candidates the run tries (the start, and at most two per weight per pass).
    #[must_use]
    pub fn bound(&self) -> u64 {
        1 + u64::from(self.rounds) * 2 * TUNED.len() as u64
    }
}

/// The candidates of one weight from its value.
fn candidates(name: &str, v: f64) -> Vec<f64> {
    if name.ends_with("power") {
        vec![v - 0.5, v + 0.5]
    } else if v == 0.0 {
        vec![first_try(name)]
    } else {
        vec![v * 0.5, v * 2.0]
    }
}

/// Coordinate search as a run: for each weight in turn try it scaled down and up (the
/// exponents by ±0.5, a zero weight set to a first value of its size), keep a change when
/// the mean score over the same seeded games improves; `rounds` passes. Every candidate
/// plays the same seeds (common random numbers). `on_step` sees every candidate; progress
/// (in candidates) carries the best weights so far; after each weight the state goes to
/// `checkpoint`, and `resume` continues from such a state (the steps before it are not
/// replayed). Cancelled, it returns the best weights so far.
///
/// # Errors
/// When a checkpoint cannot be saved.
pub fn tune_run(
    config: &TuneConfig,
    resume: Option<TuneState>,
    ctx: &mut RunContext<'_, (Weights, f64)>,
    checkpoint: &mut Checkpoint<'_, TuneState>,
    on_step: &mut dyn FnMut(&TuneStep),
) -> Result<(TuneState, Ended), CheckpointError> {
    ctx.set_total(Some(config.bound()));
    let mut state = match resume {
        Some(s) => s,
        None => {
            let best_mean = mean_score(config.start, config.games, config.depth, config.seed);
            on_step(&TuneStep {
                round: 0,
                weight: "(start)",
                value: 0.0,
                mean: best_mean,
                kept: true,
            });
            ctx.report(1, (config.start, best_mean));
            TuneState {
                version: 1,
                best: config.start,
                best_mean,
                round: 1,
                next: 0,
                tried: 1,
            }
        }
    };
    // the state at the last whole weight (or the start): what a stop saves, so that the
    // stop line's checkpoint exists even when no weight was finished
    let mut whole = state.clone();
    while state.round <= config.rounds {
        while state.next < TUNED.len() {
            let name = TUNED[state.next];
            let mut current = state.best;
            if let Some(v) = weight_mut(&mut current, name).map(|x| *x) {
                for c in candidates(name, v) {
                    if ctx
                        .tick(state.tried, || (state.best, state.best_mean))
                        .is_break()
                    {
                        checkpoint.save(&whole)?;
                        ctx.finish(state.tried, (state.best, state.best_mean));
                        return Ok((state, Ended::Cancelled));
                    }
                    let mut w = state.best;
                    if let Some(x) = weight_mut(&mut w, name) {
                        *x = c;
                    }
                    let mean = mean_score(w, config.games, config.depth, config.seed);
                    let kept = mean > state.best_mean;
                    if kept {
                        state.best = w;
                        state.best_mean = mean;
                    }
                    state.tried += 1;
                    on_step(&TuneStep {
                        round: state.round,
                        weight: name,
                        value: c,
                        mean,
                        kept,
                    });
                    // the bar counts each candidate as its line prints (not every 100 ms)
                    ctx.report(state.tried, (state.best, state.best_mean));
                }
            }
            state.next += 1;
            checkpoint.save(&state)?;
            whole = state.clone();
        }
        state.next = 0;
        state.round += 1;
    }
    // the bound counted two candidates for every weight; a weight at 0 has one, so the
    // run ends below it: its last report says the count it ended at, as the end line does
    ctx.set_total(Some(state.tried));
    ctx.finish(state.tried, (state.best, state.best_mean));
    Ok((state, Ended::Finished))
}

/// [`tune_run`] unwatched, without checkpoints: the best weights, their mean score and
/// every step.
pub fn tune(
    start: Weights,
    games: u32,
    depth: u8,
    rounds: u32,
    seed: u64,
    mut progress: impl FnMut(&TuneStep),
) -> (Weights, f64, Vec<TuneStep>) {
    let config = TuneConfig {
        start,
        games,
        depth,
        rounds,
        seed,
    };
    let mut steps = Vec::new();
    let mut ctx = RunContext::new("candidates", None);
    let outcome = tune_run(&config, None, &mut ctx, &mut Checkpoint::none(), &mut |s| {
        progress(s);
        steps.push(s.clone());
    });
    match outcome {
        Ok((state, _)) => (state.best, state.best_mean, steps),
        // no checkpoint is saved, so none can fail
        Err(_) => (start, 0.0, steps),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bar reads the run's last report: it counts the candidates the run ended at,
    /// as the end line does (it showed "20/23 candidates" beside "20 candidates tried").
    #[test]
    fn the_last_report_counts_the_candidates_tried() {
        let config = TuneConfig {
            start: Weights::default(),
            games: 2,
            depth: 1,
            rounds: 1,
            seed: 5,
        };
        let mut last = None;
        let (state, ended) = {
            let mut watch = |p: &ludomat_game::run::Progress<(Weights, f64)>| {
                if p.last {
                    last = Some((p.done, p.total));
                }
            };
            let mut ctx = RunContext::new("candidates", Some(config.bound())).watch(&mut watch);
            let mut save = |_: &TuneState| Ok(());
            let mut cp = Checkpoint::every(1, &mut save);
            tune_run(&config, None, &mut ctx, &mut cp, &mut |_| {}).unwrap()
        };
        assert_eq!(ended, Ended::Finished);
        assert!(state.tried < config.bound());
        assert_eq!(last, Some((state.tried, Some(state.tried))));
    }

    /// The bar counts each candidate as its line prints: a report with the count follows
    /// every line, however quick the candidates (it stood at 1/23 while eleven printed).
    #[test]
    fn the_bar_counts_each_candidate_as_its_line_prints() {
        let config = TuneConfig {
            start: Weights::default(),
            games: 1,
            depth: 1,
            rounds: 1,
            seed: 5,
        };
        let events = std::cell::RefCell::new(Vec::new());
        {
            let mut watch = |p: &ludomat_game::run::Progress<(Weights, f64)>| {
                events.borrow_mut().push(format!("bar {}", p.done));
            };
            let mut ctx = RunContext::new("candidates", None).watch(&mut watch);
            let mut cp = Checkpoint::none();
            let mut line = |_: &TuneStep| events.borrow_mut().push("line".into());
            tune_run(&config, None, &mut ctx, &mut cp, &mut line).unwrap();
        }
        let events = events.into_inner();
        let mut lines = 0;
        for (i, e) in events.iter().enumerate() {
            if e == "line" {
                lines += 1;
                assert_eq!(
                    events.get(i + 1),
                    Some(&format!("bar {lines}")),
                    "{events:?}"
                );
            }
        }
        assert!(lines > 11, "{events:?}");
    }

    #[test]
    fn a_stop_before_the_first_whole_weight_still_saves_the_start() {
        // the stop line promises a checkpoint: a run stopped in its first weight left none
        let config = TuneConfig {
            start: Weights::default(),
            games: 2,
            depth: 1,
            rounds: 1,
            seed: 5,
        };
        let mut saved: Vec<TuneState> = Vec::new();
        let mut save = |s: &TuneState| {
            saved.push(s.clone());
            Ok(())
        };
        let mut cp = Checkpoint::every(1, &mut save);
        let cancel = ludomat_game::run::Cancel::new();
        let c2 = cancel.clone();
        let mut ctx = RunContext::new("candidates", None).with_cancel(cancel);
        let (_, ended) = tune_run(&config, None, &mut ctx, &mut cp, &mut |s| {
            if s.round == 1 {
                c2.cancel(); // in the first weight, after its first candidate
            }
        })
        .unwrap();
        assert_eq!(ended, Ended::Cancelled);
        let last = saved.last().cloned().expect("a checkpoint at the stop");
        assert_eq!((last.round, last.next, last.tried), (1, 0, 1), "{last:?}");
    }

    #[test]
    fn a_resumed_run_ends_where_an_uninterrupted_one_does() {
        let config = TuneConfig {
            start: Weights::default(),
            games: 2,
            depth: 1,
            rounds: 1,
            seed: 5,
        };
        let (best, mean, steps) = tune(config.start, 2, 1, 1, 5, |_| {});
        // three zero weights (trapped, middle, roughness): one try each
        assert_eq!(steps.len() as u64, config.bound() - 3);
        // stop after the third weight's checkpoint, then resume from it
        let mut saved: Vec<TuneState> = Vec::new();
        let mut save = |s: &TuneState| {
            saved.push(s.clone());
            Ok(())
        };
        let ended = {
            let mut cp = Checkpoint::every(1, &mut save);
            let cancel = ludomat_game::run::Cancel::new();
            let c2 = cancel.clone();
            let mut seen = 0;
            let mut ctx = RunContext::new("candidates", None).with_cancel(cancel);
            let (_, ended) = tune_run(&config, None, &mut ctx, &mut cp, &mut |_| {
                seen += 1;
                if seen == 7 {
                    c2.cancel();
                }
            })
            .unwrap();
            ended
        };
        assert_eq!(ended, Ended::Cancelled);
        let last = saved.last().cloned().unwrap();
        assert_eq!(last.next, 3);
        let json = serde_json::to_string(&last).unwrap();
        let back: TuneState = serde_json::from_str(&json).unwrap();
        let mut ctx = RunContext::new("candidates", None);
        let (state, ended) = tune_run(
            &config,
            Some(back),
            &mut ctx,
            &mut Checkpoint::none(),
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(ended, Ended::Finished);
        assert_eq!((state.best, state.best_mean), (best, mean));
    }
}
