//! Tuning the heuristic's weights with CMA-ES (`threes tune --method cmaes`), the method
//! nneonneo's threes-ai tuned its weights with, through the `cmaes` crate rather than our
//! own optimiser.
//!
//! The search space: one coordinate per weight of [`TUNED`]. A plain weight is its start
//! value times the coordinate (coordinates start at 1, so a step size of 0.3 varies each
//! weight by about 30 %; a weight that starts at zero gets a scale of the size of the other
//! terms and starts at coordinate 0); an exponent (`…_power`) is the coordinate itself.
//! A weight keeps its sign (its coordinate is kept at zero or above) and exponents stay in
//! 0.5–6. Each candidate's value is its
//! mean score over the same seeded games at a fixed depth (common random numbers, as the
//! coordinate search), and CMA-ES minimises its negation.
//!
//! The optimiser's own random numbers come from `--seed`, and every value it was told is in
//! the checkpoint, so a resumed run replays the optimiser through those values (no games
//! played) and goes on exactly as an uninterrupted run would have.

use std::cell::RefCell;

use cmaes::{CMAESOptions, DVector};
use ludomat_game::run::{Checkpoint, CheckpointError, Ended, RunContext};

use crate::autoplay::mean_score;
use crate::tune::TUNED;
use crate::Weights;

/// A CMA-ES tuning run's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CmaesConfig {
    /// The weights to start from (the distribution's first mean).
    pub start: Weights,
    /// Games per candidate.
    pub games: u32,
    /// The fixed search depth of the games.
    pub depth: u8,
    /// Generations of the optimiser.
    pub generations: u32,
    /// Candidates per generation (CMA-ES's λ); `None` for its default, 4 + ⌊3 ln n⌋ = 11
    /// for the 11 tuned weights.
    pub population: Option<u32>,
    /// The first step size, in coordinates (0.3: about 30 % of each weight).
    pub sigma: f64,
    /// The master seed: the games (the same for every candidate) and the optimiser's
    /// samples.
    pub seed: u64,
}

impl CmaesConfig {
    /// Candidates per generation.
    #[must_use]
    pub fn population(&self) -> u32 {
        self.population
            .unwrap_or(4 + (3.0 * (TUNED.len() as f64).ln()).floor() as u32)
            .max(2)
    }

    /// The candidates the run evaluates.
    #[must_use]
    pub fn bound(&self) -> u64 {
        u64::from(self.generations) * u64::from(self.population())
    }
}

/// One evaluated candidate.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CmaesStep {
    /// Its generation, 1-based.
    pub generation: u32,
    /// Its place in the generation, 1-based.
    pub candidate: u32,
    /// Its weights.
    pub weights: Weights,
    /// Their mean score.
    pub mean: f64,
    /// Whether it is the best so far.
    pub best: bool,
}

/// What a CMA-ES run saves after each generation: enough to resume it exactly.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CmaesState {
    /// The format's version (1).
    pub version: u32,
    /// The method, `"cmaes"` (so a coordinate-search state is not taken for one).
    pub method: String,
    /// Every candidate's mean score so far, in the order the optimiser asked.
    pub means: Vec<f64>,
    /// The best weights so far.
    pub best: Weights,
    /// Their mean score.
    pub best_mean: f64,
    /// Generations done.
    pub generations: u32,
}

/// Why a CMA-ES run could not go on.
#[derive(Debug, thiserror::Error)]
pub enum CmaesError {
    /// A checkpoint could not be saved.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// The optimiser refused its settings (a population below 2, a step size that is not
    /// positive).
    #[error("CMA-ES refused its settings: {0}")]
    Options(String),
    /// A resumed state does not fit the settings.
    #[error("the saved state does not fit these settings: {0}")]
    Resume(String),
}

/// A weight's scale: its start value (so a weight keeps its sign), or for a zero weight a value of the size of the
/// other terms (as the coordinate search's first try).
fn scale(name: &str, start: f64) -> f64 {
    if name.ends_with("power") {
        1.0
    } else if start != 0.0 {
        start
    } else {
        match name {
            "middle" => 1.0,
            "roughness" => 200.0,
            _ => 100.0,
        }
    }
}

fn get(w: &Weights, name: &str) -> f64 {
    let mut copy = *w;
    crate::tune::weight_mut(&mut copy, name).map_or(0.0, |x| *x)
}

/// The coordinates of the start weights.
fn start_point(start: &Weights) -> Vec<f64> {
    TUNED
        .iter()
        .map(|name| {
            let v = get(start, name);
            if name.ends_with("power") {
                v
            } else if v == 0.0 {
                0.0
            } else {
                1.0
            }
        })
        .collect()
}

/// The weights at coordinates `x`.
fn weights_at(start: &Weights, x: &DVector<f64>) -> Weights {
    let mut w = *start;
    for (i, name) in TUNED.iter().enumerate() {
        let s = scale(name, get(start, name));
        let v = if name.ends_with("power") {
            x[i].clamp(0.5, 6.0)
        } else {
            x[i].max(0.0) * s
        };
        if let Some(slot) = crate::tune::weight_mut(&mut w, name) {
            *slot = v;
        }
    }
    w
}

struct Inner<'r, 'c> {
    state: CmaesState,
    /// Candidates answered so far in this process (replayed ones included).
    asked: usize,
    cancelled: bool,
    ctx: &'r mut RunContext<'c, (Weights, f64)>,
    on_step: &'r mut dyn FnMut(&CmaesStep),
}

/// CMA-ES as a run: `generations` generations of `population` candidates, each the mean
/// score over the same seeded games at `depth`. Progress (in candidates) carries the best
/// weights so far; after each generation the state goes to `checkpoint`, and `resume`
/// continues from such a state exactly. Cancelled, it returns the best weights so far.
///
/// # Errors
/// When a checkpoint cannot be saved, the settings are refused, or `resume` holds more
/// candidates than the settings ask for.
pub fn tune_cmaes_run(
    config: &CmaesConfig,
    resume: Option<CmaesState>,
    ctx: &mut RunContext<'_, (Weights, f64)>,
    checkpoint: &mut Checkpoint<'_, CmaesState>,
    on_step: &mut dyn FnMut(&CmaesStep),
) -> Result<(CmaesState, Ended), CmaesError> {
    ctx.set_total(Some(config.bound()));
    let population = config.population();
    let state = match resume {
        Some(s) => {
            if s.method != "cmaes" || s.version != 1 {
                return Err(CmaesError::Resume(format!(
                    "a {} state of version {}, not a CMA-ES state of version 1",
                    s.method, s.version
                )));
            }
            if s.means.len() as u64 > config.bound() {
                return Err(CmaesError::Resume(format!(
                    "it holds {} candidates, these settings ask for {}",
                    s.means.len(),
                    config.bound()
                )));
            }
            s
        }
        None => CmaesState {
            version: 1,
            method: "cmaes".into(),
            means: Vec::new(),
            best: config.start,
            best_mean: f64::NEG_INFINITY,
            generations: 0,
        },
    };
    let start = config.start;
    let games = config.games;
    let depth = config.depth;
    let seed = config.seed;
    let inner = RefCell::new(Inner {
        state,
        asked: 0,
        cancelled: false,
        ctx,
        on_step,
    });
    let objective = |x: &DVector<f64>| -> f64 {
        let mut guard = inner.borrow_mut();
        let me = &mut *guard;
        let k = me.asked;
        me.asked += 1;
        if let Some(&mean) = me.state.means.get(k) {
            return -mean;
        }
        if me.cancelled {
            // not a number: the optimiser stops this generation at once
            return f64::NAN;
        }
        let (best, best_mean) = (me.state.best, me.state.best_mean);
        if me.ctx.tick(k as u64, || (best, best_mean)).is_break() {
            me.cancelled = true;
            return f64::NAN;
        }
        let w = weights_at(&start, x);
        let mean = mean_score(w, games, depth, seed);
        me.state.means.push(mean);
        let is_best = mean > me.state.best_mean;
        if is_best {
            me.state.best = w;
            me.state.best_mean = mean;
        }
        (me.on_step)(&CmaesStep {
            generation: (k as u32) / population + 1,
            candidate: (k as u32) % population + 1,
            weights: w,
            mean,
            best: is_best,
        });
        // the bar counts each candidate as its line prints (a report per candidate, not
        // per 100 ms: a quick run's bar stood at 1 while eleven lines printed)
        let (best, best_mean) = (me.state.best, me.state.best_mean);
        me.ctx.report(k as u64 + 1, (best, best_mean));
        -mean
    };
    let mut optimiser = CMAESOptions::new(start_point(&start), config.sigma)
        .population_size(population as usize)
        .max_generations(usize::MAX)
        .seed(seed)
        .build(objective)
        .map_err(|e| {
            CmaesError::Options(
                match e {
                    cmaes::options::InvalidOptionsError::Dimensions => "no weights to tune",
                    cmaes::options::InvalidOptionsError::PopulationSize => {
                        "a population of at least 2 candidates is needed"
                    }
                    cmaes::options::InvalidOptionsError::InitialStepSize => {
                        "the step size (--sigma) must be a positive number"
                    }
                    cmaes::options::InvalidOptionsError::Cm => "a learning rate outside 0 to 1",
                }
                .to_string(),
            )
        })?;
    let mut ended = Ended::Finished;
    let mut g = 0;
    while g < config.generations {
        let stop = optimiser.next();
        let mut me = inner.borrow_mut();
        if me.cancelled {
            // every candidate evaluated so far is saved (a resumed run replays their
            // means), so the stop line's checkpoint exists even within the first generation
            checkpoint.save(&me.state)?;
            ended = Ended::Cancelled;
            break;
        }
        g += 1;
        if g > me.state.generations {
            me.state.generations = g;
            checkpoint.save(&me.state)?;
        }
        if stop.is_some() {
            // the optimiser converged (its step size or the spread of values vanished)
            break;
        }
    }
    drop(optimiser);
    let me = inner.into_inner();
    let state = me.state;
    me.ctx
        .finish(state.means.len() as u64, (state.best, state.best_mean));
    Ok((state, ended))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> CmaesConfig {
        CmaesConfig {
            start: Weights::default(),
            games: 2,
            depth: 1,
            generations: 3,
            population: Some(4),
            sigma: 0.3,
            seed: 9,
        }
    }

    #[test]
    fn the_start_point_gives_back_the_start_weights() {
        let w = Weights::default();
        let x = DVector::from_vec(start_point(&w));
        assert_eq!(weights_at(&w, &x), w);
    }

    #[test]
    fn a_run_evaluates_every_candidate_and_keeps_the_best() {
        let config = small();
        let mut steps = Vec::new();
        let mut ctx = RunContext::new("candidates", None);
        let (state, ended) =
            tune_cmaes_run(&config, None, &mut ctx, &mut Checkpoint::none(), &mut |s| {
                steps.push(s.clone())
            })
            .unwrap();
        assert_eq!(ended, Ended::Finished);
        assert_eq!(steps.len(), 12);
        assert_eq!(state.means.len(), 12);
        let top = state
            .means
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        assert_eq!(state.best_mean, top);
        assert_eq!(mean_score(state.best, 2, 1, 9), top);
        // the candidates differ from each other: the optimiser really samples
        assert!(steps.windows(2).any(|p| p[0].weights != p[1].weights));
    }

    #[test]
    fn a_resumed_run_ends_where_an_uninterrupted_one_does() {
        let config = small();
        let mut ctx = RunContext::new("candidates", None);
        let (whole, _) = tune_cmaes_run(
            &config,
            None,
            &mut ctx,
            &mut Checkpoint::none(),
            &mut |_| {},
        )
        .unwrap();
        // cancel in the second generation; the checkpoint holds every candidate evaluated
        // (the first generation and two of the second)
        let mut saved: Vec<CmaesState> = Vec::new();
        let mut save = |s: &CmaesState| {
            saved.push(s.clone());
            Ok(())
        };
        let cancel = ludomat_game::run::Cancel::new();
        let c2 = cancel.clone();
        let mut seen = 0;
        let (_, ended) = {
            let mut cp = Checkpoint::every(1, &mut save);
            let mut ctx = RunContext::new("candidates", None).with_cancel(cancel);
            tune_cmaes_run(&config, None, &mut ctx, &mut cp, &mut |_| {
                seen += 1;
                if seen == 6 {
                    c2.cancel();
                }
            })
            .unwrap()
        };
        assert_eq!(ended, Ended::Cancelled);
        let last = saved.last().cloned().unwrap();
        assert_eq!((last.generations, last.means.len()), (1, 6));
        let json = serde_json::to_string(&last).unwrap();
        let back: CmaesState = serde_json::from_str(&json).unwrap();
        let mut played = 0;
        let mut ctx = RunContext::new("candidates", None);
        let (state, ended) = tune_cmaes_run(
            &config,
            Some(back),
            &mut ctx,
            &mut Checkpoint::none(),
            &mut |_| played += 1,
        )
        .unwrap();
        assert_eq!(ended, Ended::Finished);
        // only the missing candidates were played, and the run is the uninterrupted one
        assert_eq!(played, 6);
        assert_eq!(state, whole);
    }

    #[test]
    fn a_state_from_other_settings_is_refused() {
        let config = small();
        let state = CmaesState {
            version: 1,
            method: "cmaes".into(),
            means: vec![1.0; 13],
            best: config.start,
            best_mean: 1.0,
            generations: 3,
        };
        let mut ctx = RunContext::new("candidates", None);
        let err = tune_cmaes_run(
            &config,
            Some(state),
            &mut ctx,
            &mut Checkpoint::none(),
            &mut |_| {},
        )
        .unwrap_err();
        assert!(err.to_string().contains("13 candidates"), "{err}");
    }
}
