//! Training as a session's long run (`train`, [`ludomat_game::LongRun`]): what the
//! museum's Threes! exhibit starts so that a visitor can watch an n-tuple network learn
//! from nothing — the games played, the greedy player's mean score on fixed evaluation
//! deals every so many games (the learning curve, drawn live), and the network that comes
//! of it, kept with the session so the visitor can play with it.
//!
//! It is [`crate::learn::train`] on one thread (reproducible: the same seed and settings
//! give the same curve), with a small network (`4x5`: five 4-cell tuples and the
//! hint-and-deck input, 1.3 MiB of weights; Szubert & Jaśkowski's tuples) so that a
//! museum run of a few minutes shows the curve rise, as `ludomat threes learn --tuples
//! 4x5 --threads 1` would. Nothing is written to disk.

use std::sync::{Arc, Mutex};

use ludomat_game::run::{Cancel, Ended, Progress, RunContext};
use ludomat_game::{LongRun, SessionError};
use serde::{Deserialize, Serialize};

use crate::learn::{train, LearnProgress, LearnSettings, Learner};
use crate::ntuple::{Network, Spec};
use crate::HintModel;

/// The tuples a museum run trains (a small, quick network).
pub const TUPLES: &str = "4x5";
/// The most training games one run may be asked for.
pub const MAX_GAMES: u64 = 10_000_000;
/// The most points of the curve one run draws (the evaluation games cost time too).
pub const MAX_POINTS: u64 = 100;
/// The most evaluation games per point.
pub const MAX_EVAL_GAMES: u32 = 1_000;

/// What a training run of so many games cost on this machine kind, measured through the
/// museum (BENCHMARKS.md, "The museum's long runs"): its own CPU time and its wall time
/// on the shared machine (load 8–10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrainCost {
    /// Training games.
    pub games: u64,
    /// The run's CPU time, milliseconds.
    pub cpu_ms: u64,
    /// Its wall time, milliseconds.
    pub wall_ms: u64,
    /// `release` or `development`.
    pub build: String,
}

/// The measured runs: (build is release, games, CPU ms, wall ms).
const COSTS: &[(bool, u64, u64, u64)] = &[
    (true, 100_000, 13_900, 21_100),
    (true, 2_000_000, 403_000, 904_000),
    (false, 20_000, 23_000, 112_700),
];

/// The measured costs of training runs in this build.
#[must_use]
pub fn costs() -> Vec<TrainCost> {
    let release = !cfg!(debug_assertions);
    COSTS
        .iter()
        .filter(|c| c.0 == release)
        .map(|&(_, games, cpu_ms, wall_ms)| TrainCost {
            games,
            cpu_ms,
            wall_ms,
            build: if release { "release" } else { "development" }.into(),
        })
        .collect()
}

/// The settings a visitor gives (`null` for the defaults).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TrainParams {
    /// Training games to play (1,000 to [`MAX_GAMES`]).
    pub games: u64,
    /// Games between two points of the curve (default: a twentieth of `games`; at most
    /// [`MAX_POINTS`] points in all).
    pub eval_every: Option<u64>,
    /// Evaluation games per point (10 to [`MAX_EVAL_GAMES`]).
    pub eval_games: u32,
}

impl Default for TrainParams {
    fn default() -> TrainParams {
        TrainParams {
            games: 100_000,
            eval_every: None,
            eval_games: 100,
        }
    }
}

impl TrainParams {
    /// Games between two points of the curve.
    #[must_use]
    pub fn every(&self) -> u64 {
        self.eval_every.unwrap_or(self.games / 20).max(1)
    }

    /// Check the settings against their limits.
    ///
    /// # Errors
    /// [`SessionError::Invalid`] naming the setting and its limits.
    pub fn check(&self) -> Result<(), SessionError> {
        let bad = |what: String| Err(SessionError::Invalid(format!("train: {what}")));
        if !(1_000..=MAX_GAMES).contains(&self.games) {
            return bad(format!(
                "games {} is out of its limits, 1,000 to {}",
                self.games,
                crate::text::thousands(MAX_GAMES)
            ));
        }
        let every = self.every();
        if every > self.games || self.games.div_ceil(every) > MAX_POINTS {
            return bad(format!(
                "eval_every {every}: from a {MAX_POINTS}th of the games ({}) to all of them",
                crate::text::thousands(self.games.div_ceil(MAX_POINTS))
            ));
        }
        if !(10..=MAX_EVAL_GAMES).contains(&self.eval_games) {
            return bad(format!(
                "eval_games {} is out of its limits, 10 to {}",
                self.eval_games,
                crate::text::thousands(u64::from(MAX_EVAL_GAMES))
            ));
        }
        Ok(())
    }
}

/// Where a session keeps the network its last training run made: a weak hold on it, as
/// the networks are held by [`keeper`] (a museum trains one per visit, 1.3 MiB each, and
/// a thousand visits would hold gigabytes).
pub type TrainedSlot = Arc<Mutex<Option<KeptNetwork>>>;

/// How many trained networks this process holds at once unless told otherwise
/// ([`keep_at_most`]): 16 × 1.3 MiB.
pub const DEFAULT_MOST_KEPT: usize = 16;

/// A network a training run made, held by [`keeper`] while it is among the most recently
/// used: the session's hold on it.
#[derive(Debug, Clone)]
pub struct KeptNetwork {
    network: std::sync::Weak<Network>,
    keeper: &'static Keeper,
    /// The network in a few words (`a 4×5 network (1,234 weights)`).
    about: String,
}

impl KeptNetwork {
    /// The network, unless the keeper has let it go; using it counts as a use (it
    /// becomes the most recently used).
    #[must_use]
    pub fn get(&self) -> Option<Arc<Network>> {
        let network = self.network.upgrade()?;
        self.keeper.used(&network);
        Some(network)
    }

    /// Whether the keeper still holds the network (not counted as a use).
    #[must_use]
    pub fn held(&self) -> bool {
        self.network.strong_count() > 0
    }

    /// The network in a few words.
    #[must_use]
    pub fn about(&self) -> &str {
        &self.about
    }
}

/// The trained networks a process holds: at most so many, the least recently used let go
/// first (their sessions then say so and offer to train again).
#[derive(Debug)]
pub struct Keeper {
    held: Mutex<Held>,
}

#[derive(Debug)]
struct Held {
    most: usize,
    /// Least recently used first.
    networks: std::collections::VecDeque<Arc<Network>>,
}

impl Keeper {
    /// A keeper of at most `most` networks (at least one).
    #[must_use]
    pub fn new(most: usize) -> Keeper {
        Keeper {
            held: Mutex::new(Held {
                most: most.max(1),
                networks: std::collections::VecDeque::new(),
            }),
        }
    }

    fn held(&self) -> std::sync::MutexGuard<'_, Held> {
        self.held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Holds `network` as the most recently used; the least recently used go past the
    /// bound. Returns the session's hold on it.
    #[must_use]
    pub fn keep(&'static self, network: Arc<Network>) -> KeptNetwork {
        let kept = KeptNetwork {
            network: Arc::downgrade(&network),
            keeper: self,
            // in words a tuple set's size is 4×5 (the command line's `4x5` is its name)
            about: format!(
                "a {} network ({} weights)",
                times_sign(&network.spec().to_string()),
                crate::text::thousands(network.weight_count() as u64)
            ),
        };
        let gone = {
            let mut held = self.held();
            held.networks.push_back(network);
            held.let_go()
        };
        // The networks let go are freed here, outside the lock.
        drop(gone);
        kept
    }

    fn used(&self, network: &Arc<Network>) {
        let mut held = self.held();
        if let Some(at) = held.networks.iter().position(|n| Arc::ptr_eq(n, network)) {
            if let Some(n) = held.networks.remove(at) {
                held.networks.push_back(n);
            }
        }
    }

    /// Holds at most `most` networks from now on (at least one), letting the least
    /// recently used go.
    pub fn keep_at_most(&self, most: usize) {
        let gone = {
            let mut held = self.held();
            held.most = most.max(1);
            held.let_go()
        };
        drop(gone);
    }

    /// The most networks held at once.
    #[must_use]
    pub fn most(&self) -> usize {
        self.held().most
    }

    /// The networks held now.
    #[must_use]
    pub fn count(&self) -> usize {
        self.held().networks.len()
    }
}

impl Held {
    fn let_go(&mut self) -> Vec<Arc<Network>> {
        let over = self.networks.len().saturating_sub(self.most);
        self.networks.drain(..over).collect()
    }
}

/// This process's keeper of trained networks.
#[must_use]
pub fn keeper() -> &'static Keeper {
    static KEEPER: std::sync::OnceLock<Keeper> = std::sync::OnceLock::new();
    KEEPER.get_or_init(|| Keeper::new(DEFAULT_MOST_KEPT))
}

/// Holds at most `most` trained networks in this process from now on (the museum's
/// bound; [`DEFAULT_MOST_KEPT`] until set).
pub fn keep_at_most(most: usize) {
    keeper().keep_at_most(most);
}

/// A training run, ready to run off the session.
#[derive(Debug)]
pub struct TrainRun {
    params: TrainParams,
    settings: LearnSettings,
    keep: Option<TrainedSlot>,
}

/// What the run ends with.
#[derive(Debug, Clone, Serialize)]
pub struct Trained {
    /// `finished`, or `cancelled` (stopped: what was learnt so far is kept).
    pub ended: Ended,
    /// Training games played.
    pub games: u64,
    /// The network: its tuples and its number of weights.
    pub network: String,
    /// Its weights.
    pub weights: usize,
    /// The learning curve.
    pub curve: Vec<crate::learn::CurvePoint>,
}

impl TrainRun {
    /// The run for `params` (JSON; `null` for the defaults), its deals from `seed`, hinted
    /// as `hint_model`.
    ///
    /// # Errors
    /// [`SessionError::Invalid`] naming a setting out of its limits.
    pub fn from_params(
        params: &serde_json::Value,
        seed: u64,
        hint_model: HintModel,
    ) -> Result<TrainRun, SessionError> {
        let params: TrainParams = if params.is_null() {
            TrainParams::default()
        } else {
            serde_json::from_value(params.clone())
                .map_err(|e| SessionError::Invalid(format!("train: {e}")))?
        };
        params.check()?;
        Ok(TrainRun {
            settings: LearnSettings {
                seed,
                eval_every: params.every(),
                eval_games: params.eval_games,
                hint_model,
                ..LearnSettings::default()
            },
            params,
            keep: None,
        })
    }

    /// The run that puts the network it makes into `slot` (when it has played a game).
    #[must_use]
    pub fn keeping_into(mut self, slot: TrainedSlot) -> TrainRun {
        self.keep = Some(slot);
        self
    }

    /// The network this run trains.
    ///
    /// # Errors
    /// Never for the preset (a bug otherwise).
    pub fn spec() -> Result<Spec, SessionError> {
        Spec::preset(TUPLES, Vec::new(), true)
            .map_err(|e| SessionError::Failed(format!("train: {e}")))
    }
}

impl LongRun for TrainRun {
    fn run(
        self: Box<Self>,
        cancel: Cancel,
        watch: &mut dyn FnMut(&Progress<serde_json::Value>),
    ) -> Result<serde_json::Value, SessionError> {
        let spec = TrainRun::spec()?;
        let network = spec.to_string();
        let mut learner = Learner::fresh(spec, self.settings.clone())
            .map_err(|e| SessionError::Failed(format!("train: {e}")))?;
        let mut forward = |p: &Progress<LearnProgress>| watch(&p.to_json());
        let mut ctx = RunContext::new("games", Some(self.params.games))
            .with_cancel(cancel)
            .watch(&mut forward);
        let ended = train(
            &mut learner,
            self.params.games,
            1,
            u64::MAX,
            &mut ctx,
            &mut |_| Ok(()),
            &mut |_| Ok(()),
        )
        .map_err(|e| SessionError::Failed(format!("train: {e}")))?;
        if let (Some(slot), true) = (&self.keep, learner.state.games > 0) {
            let kept = keeper().keep(Arc::clone(&learner.network));
            *slot
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(kept);
        }
        let done = Trained {
            ended,
            games: learner.state.games,
            weights: learner.network.weight_count(),
            network,
            curve: learner.state.curve.clone(),
        };
        serde_json::to_value(&done).map_err(|e| SessionError::Failed(format!("train: {e}")))
    }
}

/// `4x5` as words write it, `4×5`: an `x` between digits becomes `×`.
fn times_sign(text: &str) -> String {
    let b = text.as_bytes();
    text.char_indices()
        .map(|(i, c)| {
            let digit = |j: Option<usize>| j.and_then(|j| b.get(j)).is_some_and(u8::is_ascii_digit);
            if c == 'x' && digit(i.checked_sub(1)) && digit(Some(i + 1)) {
                '×'
            } else {
                c
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn settings_out_of_their_limits_are_refused_by_name() {
        for (params, says) in [
            (
                json!({"games": 10}),
                "games 10 is out of its limits, 1,000 to 10,000,000",
            ),
            (
                json!({"games": 100_000, "eval_every": 100}),
                "eval_every 100",
            ),
            (
                json!({"games": 10_000, "eval_every": 20_000}),
                "eval_every 20000",
            ),
            (
                json!({"eval_games": 5}),
                "eval_games 5 is out of its limits",
            ),
            (json!({"tuples": "6x4"}), "unknown field `tuples`"),
        ] {
            let e = TrainRun::from_params(&params, 1, HintModel::Plus).unwrap_err();
            assert!(e.to_string().contains(says), "{params}: {e}");
        }
        assert!(TrainRun::from_params(&serde_json::Value::Null, 1, HintModel::Plus).is_ok());
    }

    /// The keeper holds at most its bound, letting the least recently used go; a use
    /// makes a network the most recently used; a lower bound lets go at once.
    #[test]
    fn the_keeper_lets_the_least_recently_used_network_go() {
        let keeper: &'static Keeper = Box::leak(Box::new(Keeper::new(2)));
        let net = || Arc::new(Network::new(TrainRun::spec().unwrap()).unwrap());
        let a = keeper.keep(net());
        let b = keeper.keep(net());
        assert!(a.held() && b.held());
        assert!(a.about().starts_with("a 4×5"), "{}", a.about());
        // a is used: b is now the least recently used, and goes for c.
        assert!(a.get().is_some());
        let c = keeper.keep(net());
        assert!(a.held() && !b.held() && c.held());
        assert!(b.get().is_none());
        assert_eq!(keeper.count(), 2);
        keeper.keep_at_most(1);
        assert!(!a.held() && c.held());
        assert_eq!((keeper.count(), keeper.most()), (1, 1));
        keeper.keep_at_most(0);
        assert_eq!(keeper.most(), 1, "at least one");
    }

    /// A short run: the curve's points at every `eval_every` games, the progress
    /// counted in games with the run's own CPU, the network kept; and the same seed gives
    /// the same curve.
    #[test]
    fn a_short_run_draws_its_curve_and_keeps_its_network() {
        let run = |slot: &TrainedSlot| {
            let params = json!({"games": 2_000, "eval_every": 500, "eval_games": 10});
            let r = TrainRun::from_params(&params, 7, HintModel::Plus)
                .unwrap()
                .keeping_into(Arc::clone(slot));
            let mut reports = Vec::new();
            let out = Box::new(r)
                .run(Cancel::new(), &mut |p| reports.push(p.clone()))
                .unwrap();
            (out, reports)
        };
        let slot = TrainedSlot::default();
        let (out, reports) = run(&slot);
        let games: Vec<u64> = out["curve"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["games"].as_u64().unwrap())
            .collect();
        assert_eq!(games, [0, 500, 1_000, 1_500, 2_000], "{out}");
        assert_eq!(out["games"], 2_000);
        assert_eq!(out["ended"], "finished");
        let last = reports.last().unwrap();
        assert!(last.last && last.done == 2_000 && last.total == Some(2_000));
        assert!(
            last.partial["run_cpu_seconds"].as_f64().unwrap() > 0.0,
            "{:?}",
            last.partial
        );
        assert_eq!(last.partial["curve"].as_array().unwrap().len(), 5);
        assert!(slot.lock().unwrap().is_some(), "the network is kept");
        // The same seed, the same curve (one thread).
        let (again, _) = run(&TrainedSlot::default());
        let means = |o: &serde_json::Value| -> Vec<f64> {
            o["curve"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["mean"].as_f64().unwrap())
                .collect()
        };
        assert_eq!(means(&out), means(&again));
    }

    /// Between two points of the curve (one round of games) the reports tell the run's
    /// CPU time as it grows, not only at the points.
    #[test]
    fn the_cpu_time_is_told_between_points() {
        let params = json!({"games": 6_000, "eval_every": 6_000, "eval_games": 10});
        let r = TrainRun::from_params(&params, 3, HintModel::Plus).unwrap();
        let mut between = Vec::new();
        Box::new(r)
            .run(Cancel::new(), &mut |p| {
                if !p.last && p.partial["curve"].as_array().map_or(0, Vec::len) == 1 {
                    between.push(p.partial["run_cpu_seconds"].as_f64().unwrap_or(0.0));
                }
            })
            .unwrap();
        assert!(
            between.iter().any(|&c| c > 0.05),
            "the CPU time between the points: {between:?}"
        );
    }
}
