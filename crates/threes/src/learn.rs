//! `threes learn`: an n-tuple network ([`crate::ntuple`]) trained from nothing by playing.
//!
//! **The method.** The player is greedy over afterstates: it swipes where the folded board's
//! score plus the network's value is largest (Szubert & Jaśkowski 2014, afterstate TD
//! learning). When a game ends, its afterstates are updated from the last to the first
//! towards their λ-returns,
//!
//! ```text
//! G(T−1) = final score − score(a(T−1))
//! G(t)   = r(t+1) + (1 − λ)·V(a(t+1)) + λ·G(t+1),   r(t+1) = score(a(t+1)) − score(a(t))
//! V(a(t)) ← V(a(t)) + α·(G(t) − V(a(t)))    (each of its m weights moves by α·δ/m)
//! ```
//!
//! with `V(a(t+1))` read just after its own update. With λ = 0 this is TD(0) with the
//! updates made in reverse order at the end of the game (each state's target already holds
//! what was learnt from its successor); with λ > 0 the offline λ-return of Sutton &
//! Barto (§12.1), the cheap form of the delayed TD(λ) Jaśkowski uses for 2048 (2018). Games
//! are dealt from `seed::derive(seed, i)` for the i-th training game, so the random state
//! of a run is its seed and the number of games played.
//!
//! **Threads.** With `--threads N` the games run on N threads that update one network
//! without locks (Hogwild!, Niu et al. 2011, as Jaśkowski 2018 does for 2048): fast, but
//! an update may now and then be lost to a concurrent one and the order of games varies,
//! so only a one-thread run is exactly reproducible (checkpoint + resume = one run).
//!
//! **The curve.** Every `eval_every` games the greedy player plays `eval_games` fixed
//! evaluation deals (`seed::derive(eval_seed, j)`, a seed trained on by nobody) without
//! learning; their mean score is one point of the learning curve, appended to the run's
//! CSV and drawn as a chart.
//!
//! **Many machines** (not built here): the run is shaped so that a distributed version
//! is small — each rank plays games `i ≡ rank (mod ranks)` on its own copy, and every K
//! games the copies are averaged (an all-reduce of the weights that changed), or the
//! ranks send their games' afterstates to one learner.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ludomat_game::run::{Ended, RunContext};
use ludomat_game::seed;

use crate::card::Hint;
use crate::ntuple::file::{self, NetworkFileError, Precision};
use crate::ntuple::{score, Afterstate, Network, Spec, SpecError};
use crate::{Deck, HintModel, Threes};

/// The settings of a training run (kept in its checkpoints and its curve's CSV).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LearnSettings {
    /// Master seed of the training deals.
    pub seed: u64,
    /// Step size: the share of the error each update removes (0 < α ≤ 1).
    pub alpha: f64,
    /// λ of the λ-return (0: TD(0)).
    pub lambda: f64,
    /// Training games between two points of the curve.
    pub eval_every: u64,
    /// Evaluation games per point.
    pub eval_games: u32,
    /// Master seed of the evaluation deals.
    pub eval_seed: u64,
    /// How bonus cards are hinted in the games.
    pub hint_model: HintModel,
}

/// The evaluation deals' master seed unless told otherwise (used by no other run).
pub const EVAL_SEED: u64 = 0x7E57_DEA1;

impl Default for LearnSettings {
    fn default() -> LearnSettings {
        LearnSettings {
            seed: 1,
            alpha: 0.1,
            lambda: 0.0,
            eval_every: 20_000,
            eval_games: 200,
            eval_seed: EVAL_SEED,
            hint_model: HintModel::Plus,
        }
    }
}

/// One point of the learning curve.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CurvePoint {
    /// Training games played.
    pub games: u64,
    /// The greedy player's mean score over the evaluation deals.
    pub mean: f64,
    /// Half the width of its 95 % interval.
    pub half_width: f64,
    /// The share of evaluation games that reached 3072.
    pub reached_3072: f64,
    /// The share that reached 6144.
    pub reached_6144: f64,
    /// The mean score of the training games since the last point.
    pub train_mean: f64,
    /// CPU time of the run so far (all threads, all sessions), seconds.
    pub cpu_seconds: f64,
    /// Wall-clock time of the run so far (all sessions), seconds.
    pub wall_seconds: f64,
}

/// The CSV header of the curve.
pub const CURVE_HEADER: &str =
    "games,mean,half_width,reached_3072,reached_6144,train_mean,cpu_seconds,wall_seconds";

impl CurvePoint {
    /// The point as a CSV line (with its newline).
    #[must_use]
    pub fn csv(&self) -> String {
        format!(
            "{},{:.1},{:.1},{:.4},{:.4},{:.1},{:.1},{:.1}\n",
            self.games,
            self.mean,
            self.half_width,
            self.reached_3072,
            self.reached_6144,
            self.train_mean,
            self.cpu_seconds,
            self.wall_seconds
        )
    }
}

impl CurvePoint {
    /// The point as the terminal shows it, short enough for one line of 80 columns (`at
    /// game 12,000: mean 6,724 ± 212; 3,072 in 50 %, 6,144 in 4 %; 12.3 s CPU`: the games
    /// trained, the evaluation's mean score, the share of its games that reached a card —
    /// the run's heading says so once).
    #[must_use]
    pub fn line(&self) -> String {
        use crate::text::thousands;
        format!(
            "at game {}: mean {} ± {}; 3,072 in {:.0} %, 6,144 in {:.0} %; {} CPU",
            thousands(self.games),
            thousands(self.mean.round() as u64),
            thousands(self.half_width.round() as u64),
            100.0 * self.reached_3072,
            100.0 * self.reached_6144,
            ludomat_io::text::duration(std::time::Duration::from_secs_f64(
                if self.cpu_seconds.is_finite() {
                    self.cpu_seconds.max(0.0)
                } else {
                    0.0
                }
            )),
        )
    }
}

/// Draw the learning curve (mean score of the greedy player against training games).
///
/// # Errors
/// When the chart cannot be written.
pub fn curve_chart(
    curve: &[CurvePoint],
    path: &Path,
    caption: &str,
) -> Result<(), ludomat_chart::ChartError> {
    let cpu = curve.last().map_or(0.0, |p| p.cpu_seconds / 3600.0);
    ludomat_chart::line_chart(
        &ludomat_chart::LineChart {
            title: format!("Threes! n-tuple network learning ({cpu:.1} CPU-hours)"),
            x_label: "training games".into(),
            y_label: "mean score, greedy player".into(),
            series: vec![
                ludomat_chart::Series {
                    name: "evaluation deals".into(),
                    points: curve.iter().map(|p| (p.games as f64, p.mean)).collect(),
                },
                ludomat_chart::Series {
                    name: "training games".into(),
                    points: curve
                        .iter()
                        .filter(|p| p.games > 0)
                        .map(|p| (p.games as f64, p.train_mean))
                        .collect(),
                },
            ],
            y_range: None,
            caption: caption.to_string(),
        },
        path,
    )
}

/// What a checkpoint holds besides the weights.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainerState {
    /// The settings.
    pub settings: LearnSettings,
    /// Training games played (games 0 … games − 1 of the seed).
    pub games: u64,
    /// Sum and count of the training scores since the last point.
    pub since_point: (f64, u64),
    /// CPU seconds of the run so far.
    pub cpu_seconds: f64,
    /// Wall-clock seconds so far.
    pub wall_seconds: f64,
    /// The curve so far.
    pub curve: Vec<CurvePoint>,
}

/// A network in training: the weights and the trainer's state.
#[derive(Debug)]
pub struct Learner {
    /// The network.
    pub network: Arc<Network>,
    /// Where the training stands.
    pub state: TrainerState,
}

impl Learner {
    /// A network of zeros that has played no game.
    ///
    /// # Errors
    /// A spec that cannot be.
    pub fn fresh(spec: Spec, settings: LearnSettings) -> Result<Learner, SpecError> {
        Ok(Learner {
            network: Arc::new(Network::new(spec)?),
            state: TrainerState {
                settings,
                games: 0,
                since_point: (0.0, 0),
                cpu_seconds: 0.0,
                wall_seconds: 0.0,
                curve: Vec::new(),
            },
        })
    }

    /// Save as a checkpoint (exact weights and the state).
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), NetworkFileError> {
        let state = serde_json::to_value(&self.state).map_err(|e| NetworkFileError::Damaged {
            path: ludomat_io::text::path(path).to_string(),
            problem: e.to_string(),
        })?;
        file::save(&self.network, path, Precision::F32, Some(state))
    }

    /// Read a checkpoint.
    ///
    /// # Errors
    /// When it cannot be read, is damaged, or holds no trainer's state.
    pub fn load(path: &Path) -> Result<Learner, NetworkFileError> {
        let loaded = file::load(path)?;
        let damaged = |problem: String| NetworkFileError::Damaged {
            path: ludomat_io::text::path(path).to_string(),
            problem,
        };
        let Some(state) = loaded.trainer else {
            return Err(damaged(
                "a network without a trainer's state: not a checkpoint".into(),
            ));
        };
        if loaded.precision != Precision::F32 {
            return Err(damaged("a checkpoint must hold exact (f32) weights".into()));
        }
        let state: TrainerState = serde_json::from_value(state)
            .map_err(|e| damaged(format!("trainer's state: {}", ludomat_io::error::json(&e))))?;
        Ok(Learner {
            network: Arc::new(loaded.network),
            state,
        })
    }
}

/// How a training or evaluation game went.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Played {
    /// The final score.
    pub score: u64,
    /// The highest card's code.
    pub max_code: u8,
    /// Swipes.
    pub moves: u32,
}

/// The most swipes a game is played for (a game ends long before).
const MAX_MOVES: u32 = 1_000_000;

/// Play one game greedily with `net`; when `learn` is given, (α, λ), update the network from
/// it at its end (see the [module documentation](self)). `path` is scratch space.
pub fn play(
    net: &Network,
    game_seed: u64,
    model: HintModel,
    learn: Option<(f64, f64)>,
    path: &mut Vec<(Afterstate, Hint, Deck, f64)>,
) -> Played {
    let mut game = Threes::new(game_seed, model);
    path.clear();
    while game.moves() < MAX_MOVES {
        let pos = game.position();
        let mut best: Option<(crate::Direction, Afterstate, f64)> = None;
        for d in crate::Direction::ALL {
            if let Some(s) = pos.board.swipe(d) {
                if learn.is_some() {
                    net.ensure_stage(s.board.max_tile().code());
                }
                let a = Afterstate::of(s, d);
                let v = net.afterstate_value(a, pos.hint, pos.deck);
                if best.is_none_or(|(_, _, b)| v > b) {
                    best = Some((d, a, v));
                }
            }
        }
        let Some((d, after, _)) = best else { break };
        if learn.is_some() {
            path.push((after, pos.hint, pos.deck, score(after.board)));
        }
        if game.swipe(d).is_err() {
            break;
        }
    }
    let played = Played {
        score: game.score(),
        max_code: game.board().max_tile().code(),
        moves: game.moves(),
    };
    if let Some((alpha, lambda)) = learn {
        update(net, path, played.score as f64, alpha, lambda);
    }
    played
}

/// The end-of-game update (see the [module documentation](self)).
pub(crate) fn update(
    net: &Network,
    path: &[(Afterstate, Hint, Deck, f64)],
    final_score: f64,
    alpha: f64,
    lambda: f64,
) {
    let mut next: Option<(f64, f64, f64)> = None; // (score, value after update, λ-return)
    for &(after, hint, deck, s) in path.iter().rev() {
        let target = match next {
            None => final_score - s,
            Some((next_score, next_value, next_return)) => {
                (next_score - s) + (1.0 - lambda) * next_value + lambda * next_return
            }
        };
        let f = net.features(after, hint, deck);
        let delta = target - net.sum(&f);
        net.add(&f, (alpha * delta / f.count as f64) as f32);
        // read again: an entry selected twice moved twice (and the lookups are in cache)
        next = Some((s, net.sum(&f), target));
    }
}

/// What the run reports as it goes.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct LearnProgress {
    /// Training games played (all sessions).
    pub games: u64,
    /// The mean training score since the last point.
    pub recent_mean: f64,
    /// The curve so far.
    pub curve: Vec<CurvePoint>,
    /// CPU time of this training session itself, seconds: the thread that called
    /// [`train`] and the threads it started, nothing else of the process (a museum runs
    /// other visitors' work beside it); absent where not counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_cpu_seconds: Option<f64>,
}

/// Why training stopped.
#[derive(Debug, thiserror::Error)]
pub enum LearnError {
    /// A checkpoint or network file.
    #[error(transparent)]
    File(#[from] NetworkFileError),
    /// The caller could not take a point (its CSV could not be written).
    #[error("{0}")]
    Output(String),
    /// Settings that make no run.
    #[error("{0}")]
    Settings(String),
    /// A setting's value out of its range (`--lambda 2`): a usage error, as the command
    /// line's own are.
    #[error("{0}")]
    OutOfRange(String),
    /// A distributed run's cluster (a worker's failure, a broken protocol).
    #[error(transparent)]
    Cluster(#[from] ludomat_cluster::ClusterError),
}

/// Refuse settings that make no run (α, λ out of range).
///
/// # Errors
/// α not in (0, 1] or λ not in [0, 1].
pub(crate) fn check_settings(settings: &LearnSettings) -> Result<(), LearnError> {
    if !(settings.alpha > 0.0 && settings.alpha <= 1.0) {
        return Err(LearnError::OutOfRange(format!(
            "--alpha '{}' is not a number from above 0 to 1",
            ludomat_io::text::short(settings.alpha)
        )));
    }
    if !(0.0..=1.0).contains(&settings.lambda) {
        return Err(LearnError::OutOfRange(format!(
            "--lambda '{}' is not a number from 0 to 1",
            ludomat_io::text::short(settings.lambda)
        )));
    }
    Ok(())
}

/// A run's clocks: the state's CPU and wall seconds brought up to date from the start of
/// this session.
pub(crate) struct Clock {
    cpu0: Duration,
    wall0: Instant,
    base: (f64, f64),
}

impl Clock {
    /// Start counting from `state`'s times.
    pub(crate) fn start(state: &TrainerState) -> Clock {
        Clock {
            cpu0: ludomat_game::run::cpu::process(),
            wall0: Instant::now(),
            base: (state.cpu_seconds, state.wall_seconds),
        }
    }

    /// Bring `state`'s times up to now.
    pub(crate) fn update(&mut self, state: &mut TrainerState) {
        state.cpu_seconds = self.base.0
            + ludomat_game::run::cpu::process()
                .saturating_sub(self.cpu0)
                .as_secs_f64();
        state.wall_seconds = self.base.1 + self.wall0.elapsed().as_secs_f64();
    }
}

impl TrainerState {
    /// What the run reports now.
    #[must_use]
    pub fn progress(&self) -> LearnProgress {
        LearnProgress {
            games: self.games,
            recent_mean: if self.since_point.1 > 0 {
                self.since_point.0 / self.since_point.1 as f64
            } else {
                0.0
            },
            curve: self.curve.clone(),
            run_cpu_seconds: None,
        }
    }
}

/// Play `games` evaluation deals greedily on `threads` threads: each game's result, in
/// deal order.
#[must_use]
pub fn evaluate(
    net: &Network,
    settings: &LearnSettings,
    games: u32,
    threads: usize,
) -> Vec<Played> {
    evaluate_counted(net, settings, games, threads, &AtomicU64::new(0))
}

/// The calling thread's CPU time so far, in nanoseconds.
fn thread_cpu_ns() -> u64 {
    u64::try_from(ludomat_game::run::cpu::thread().as_nanos()).unwrap_or(u64::MAX)
}

/// [`evaluate`], the CPU time of its threads added to `cpu_ns`.
fn evaluate_counted(
    net: &Network,
    settings: &LearnSettings,
    games: u32,
    threads: usize,
    cpu_ns: &AtomicU64,
) -> Vec<Played> {
    let next = AtomicU64::new(0);
    let out = Mutex::new(vec![None; games as usize]);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, 256) {
            scope.spawn(|| {
                let mut path = Vec::new();
                loop {
                    let j = next.fetch_add(1, Ordering::Relaxed);
                    if j >= u64::from(games) {
                        break;
                    }
                    let p = play(
                        net,
                        seed::derive(settings.eval_seed, j),
                        settings.hint_model,
                        None,
                        &mut path,
                    );
                    if let Ok(mut o) = out.lock() {
                        o[j as usize] = Some(p);
                    }
                }
                cpu_ns.fetch_add(thread_cpu_ns(), Ordering::Relaxed);
            });
        }
    });
    out.into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}

/// The curve point of `results` after `games` training games.
pub(crate) fn point(
    results: &[Played],
    games: u64,
    since: (f64, u64),
    cpu: f64,
    wall: f64,
) -> CurvePoint {
    let n = results.len().max(1) as f64;
    let mean = results.iter().map(|p| p.score as f64).sum::<f64>() / n;
    let var = if results.len() > 1 {
        results
            .iter()
            .map(|p| (p.score as f64 - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0)
    } else {
        0.0
    };
    let share = |code: u8| results.iter().filter(|p| p.max_code >= code).count() as f64 / n;
    CurvePoint {
        games,
        mean,
        half_width: crate::versus::t975(results.len().saturating_sub(1) as u64) * (var / n).sqrt(),
        reached_3072: share(13),
        reached_6144: share(14),
        train_mean: if since.1 > 0 {
            since.0 / since.1 as f64
        } else {
            0.0
        },
        cpu_seconds: cpu,
        wall_seconds: wall,
    }
}

/// Train `learner` until it has played `until` games in all, on `threads` threads; a point
/// of the curve every `eval_every` games (handed to `on_point` at once, after the
/// checkpoint that holds it was handed to `save`), a checkpoint every `checkpoint_every`
/// games and at the end (finished or cancelled). A cancel lets the games in progress end
/// (a few milliseconds), so the games played are always games 0 … n − 1.
///
/// # Errors
/// What `save` or `on_point` return.
pub fn train(
    learner: &mut Learner,
    until: u64,
    threads: usize,
    checkpoint_every: u64,
    ctx: &mut RunContext<'_, LearnProgress>,
    save: &mut dyn FnMut(&Learner) -> Result<(), LearnError>,
    on_point: &mut dyn FnMut(&CurvePoint) -> Result<(), LearnError>,
) -> Result<Ended, LearnError> {
    let settings = learner.state.settings.clone();
    check_settings(&settings)?;
    let threads = threads.clamp(1, 256);
    let every = settings.eval_every.max(1);
    let checkpoint_every = checkpoint_every.max(1);
    ctx.set_total(Some(until));
    let mut clock = Clock::start(&learner.state);
    let mut last_saved = learner.state.games;
    // The session's own CPU: this thread's and that of the threads it starts (each adds
    // its own when it ends).
    let (thread0, started_cpu) = (thread_cpu_ns(), AtomicU64::new(0));
    let own_cpu = || {
        (thread_cpu_ns().saturating_sub(thread0) + started_cpu.load(Ordering::Relaxed)) as f64 / 1e9
    };
    let progress = |s: &TrainerState| LearnProgress {
        run_cpu_seconds: Some(own_cpu()),
        ..s.progress()
    };
    let mut ended = Ended::Finished;
    loop {
        // a stop asked before a point's evaluation (seconds of games) stops at once
        if ctx.cancelled() {
            ended = Ended::Cancelled;
            break;
        }
        let state = &mut learner.state;
        // a point is due at every multiple of eval_every (and at the start)
        let due_point = state.games.is_multiple_of(every)
            && state.curve.last().is_none_or(|p| p.games < state.games);
        if due_point {
            let results = evaluate_counted(
                &learner.network,
                &settings,
                settings.eval_games,
                threads,
                &started_cpu,
            );
            clock.update(state);
            let p = point(
                &results,
                state.games,
                state.since_point,
                state.cpu_seconds,
                state.wall_seconds,
            );
            state.curve.push(p.clone());
            state.since_point = (0.0, 0);
            save(learner)?;
            last_saved = learner.state.games;
            on_point(&p)?;
            ctx.report(learner.state.games, progress(&learner.state));
        }
        let state = &mut learner.state;
        if state.games >= until {
            break;
        }
        if ctx.cancelled() {
            ended = Ended::Cancelled;
            break;
        }
        // play up to the next point, the next checkpoint or the end
        let round_end = ((state.games / every + 1) * every)
            .min((state.games / checkpoint_every + 1) * checkpoint_every)
            .min(until);
        let next = AtomicU64::new(state.games);
        let done = AtomicU64::new(0);
        // the round's scores so far, for the recent mean between points
        let scored = AtomicU64::new(0);
        let stop = AtomicBool::new(false);
        let sums = Mutex::new((0.0f64, 0u64));
        let net = &learner.network;
        let learn = Some((settings.alpha, settings.lambda));
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut path = Vec::new();
                    let (mut sum, mut count) = (0.0, 0u64);
                    // This thread's CPU, added as it goes (every 64 games) so the
                    // reports between points tell it too.
                    let mut counted = 0;
                    let mut add_cpu = || {
                        let now = thread_cpu_ns();
                        started_cpu.fetch_add(now.saturating_sub(counted), Ordering::Relaxed);
                        counted = now;
                    };
                    while !stop.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= round_end {
                            break;
                        }
                        let p = play(
                            net,
                            seed::derive(settings.seed, i),
                            settings.hint_model,
                            learn,
                            &mut path,
                        );
                        sum += p.score as f64;
                        count += 1;
                        scored.fetch_add(p.score, Ordering::Relaxed);
                        done.fetch_add(1, Ordering::Relaxed);
                        if count % 64 == 0 {
                            add_cpu();
                        }
                    }
                    if let Ok(mut s) = sums.lock() {
                        s.0 += sum;
                        s.1 += count;
                    }
                    add_cpu();
                });
            }
            // watch from this thread until the round's games are done
            let start = state.games;
            loop {
                let d = done.load(Ordering::Relaxed);
                if start + d >= round_end {
                    break;
                }
                // the recent mean counts the round's games finished so far (it never
                // says 0 while the first window fills)
                let mut recent = progress(state);
                let games = state.since_point.1 + d;
                if games > 0 {
                    let sum = state.since_point.0 + scored.load(Ordering::Relaxed) as f64;
                    recent.recent_mean = sum / games as f64;
                }
                if ctx
                    .tick(start + d, || LearnProgress {
                        games: start + d,
                        ..recent
                    })
                    .is_break()
                {
                    stop.store(true, Ordering::Relaxed);
                    break;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        });
        // every game handed out was finished: the games played are a prefix
        let (sum, count) = sums.into_inner().unwrap_or((0.0, 0));
        state.games += count;
        state.since_point.0 += sum;
        state.since_point.1 += count;
        clock.update(state);
        if state.games.is_multiple_of(checkpoint_every) && state.games > last_saved {
            save(learner)?;
            last_saved = learner.state.games;
        }
    }
    clock.update(&mut learner.state);
    // stopped, the clocks are saved too; a new network stopped before its first point
    // (no checkpoint yet, no game trained) saves nothing
    let stopped = ended == Ended::Cancelled && !learner.state.curve.is_empty();
    if learner.state.games > last_saved || stopped {
        save(learner)?;
    }
    ctx.finish(learner.state.games, progress(&learner.state));
    Ok(ended)
}

/// The tuples of `--hint-lines`: an edge row and an inner row.
pub const HINT_LINES: [[u8; 4]; 2] = [[0, 1, 2, 3], [4, 5, 6, 7]];

/// The tuple set unless told otherwise.
pub const DEFAULT_TUPLES: &str = "6x4";

#[cfg(test)]
impl TrainerState {
    /// The state without the clocks (which differ from run to run): what two runs of the
    /// same games must agree on.
    pub(crate) fn timeless(&self) -> TrainerState {
        let mut s = self.clone();
        s.cpu_seconds = 0.0;
        s.wall_seconds = 0.0;
        for p in &mut s.curve {
            p.cpu_seconds = 0.0;
            p.wall_seconds = 0.0;
        }
        s
    }
}

#[cfg(test)]
mod tests {

    /// An evaluation point's CPU time in the units of every other time (it was whole
    /// seconds, then minutes with a decimal).
    #[test]
    fn a_point_says_its_cpu_time_as_every_time_is_said() {
        let point = |cpu_seconds: f64| CurvePoint {
            games: 12_000,
            mean: 6_724.4,
            half_width: 212.0,
            reached_3072: 0.5,
            reached_6144: 0.04,
            train_mean: 6_000.0,
            cpu_seconds,
            wall_seconds: 1.0,
        };
        assert_eq!(
            point(12.34).line(),
            "at game 12,000: mean 6,724 ± 212; 3,072 in 50 %, 6,144 in 4 %; 12.3 s CPU"
        );
        assert!(point(125.0).line().ends_with("; 2 min 05 s CPU"));
    }

    use super::*;
    use crate::{Board, Direction, Tile};
    use ludomat_game::run::Cancel;

    fn left(board: Board) -> Afterstate {
        Afterstate {
            board,
            swipe: Direction::Left,
            moved: 0b0001,
        }
    }

    /// Two full boards whose 32 lookups are all different: each update moves the value by
    /// exactly α·δ.
    fn episode() -> (Network, [(Afterstate, Hint, Deck, f64); 2]) {
        let net = Network::new(Spec::preset("6x4", vec![], false).unwrap()).unwrap();
        let a0 = left(
            "0 1 2 3 / 6 12 24 48 / 96 192 384 768 / 1536 3072 6144 12288"
                .parse()
                .unwrap(),
        );
        let a1 = left(
            "12288 6144 3072 1536 / 1 2 0 3 / 6 12 24 48 / 96 192 384 768"
                .parse()
                .unwrap(),
        );
        let hint = Hint::exact(Tile::from_nibble(1));
        let (f0, f1) = (
            net.features(a0, hint, Deck::FRESH),
            net.features(a1, hint, Deck::FRESH),
        );
        let mut all: Vec<u32> = f0.index[..f0.count]
            .iter()
            .chain(&f1.index[..f1.count])
            .copied()
            .collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 64, "the test needs 64 different lookups");
        (
            net,
            [
                (a0, hint, Deck::FRESH, 100.0),
                (a1, hint, Deck::FRESH, 130.0),
            ],
        )
    }

    /// The update on a hand-made episode: afterstates scoring 100 and 130, a final score of
    /// 200, α = 0.5, from zero weights.
    #[test]
    fn the_td_update_on_a_hand_made_episode() {
        let value = |net: &Network, s: &(Afterstate, Hint, Deck, f64)| net.value(s.0, s.1, s.2);
        // TD(0): V(a1) = 0.5·(200 − 130) = 35; V(a0) = 0.5·((130 − 100) + 35) = 32.5
        let (net, path) = episode();
        update(&net, &path, 200.0, 0.5, 0.0);
        assert_eq!(value(&net, &path[1]), 35.0);
        assert_eq!(value(&net, &path[0]), 32.5);
        // λ = 1: the whole return, 0.5·(200 − 100)
        let (net, path) = episode();
        update(&net, &path, 200.0, 0.5, 1.0);
        assert_eq!(value(&net, &path[0]), 50.0);
        // λ = 0.5: 0.5·(30 + 0.5·35 + 0.5·70) = 41.25
        let (net, path) = episode();
        update(&net, &path, 200.0, 0.5, 0.5);
        assert_eq!(value(&net, &path[0]), 41.25);
        // again on the same episode: each value moves half way to its new target
        update(&net, &path, 200.0, 0.5, 0.5);
        assert_eq!(value(&net, &path[1]), 35.0 + 0.5 * (70.0 - 35.0));
    }

    fn settings() -> LearnSettings {
        LearnSettings {
            seed: 5,
            alpha: 0.1,
            lambda: 0.25,
            eval_every: 20,
            eval_games: 4,
            ..LearnSettings::default()
        }
    }

    fn small() -> Learner {
        Learner::fresh(Spec::preset("4x5", vec![11], true).unwrap(), settings()).unwrap()
    }

    fn run_to(learner: &mut Learner, until: u64, cancel_at: Option<u64>) -> Ended {
        let cancel = Cancel::new();
        let handle = cancel.clone();
        let mut w = |p: &ludomat_game::run::Progress<LearnProgress>| {
            if cancel_at.is_some_and(|c| p.done >= c) {
                handle.cancel();
            }
        };
        let mut ctx = RunContext::new("games", None)
            .every(Duration::ZERO)
            .with_cancel(cancel)
            .watch(&mut w);
        train(
            learner,
            until,
            1,
            10,
            &mut ctx,
            &mut |_| Ok(()),
            &mut |_| Ok(()),
        )
        .unwrap()
    }

    fn timeless(s: &TrainerState) -> TrainerState {
        s.timeless()
    }

    /// A stop asked before the first point stops at once: no evaluation (seconds of
    /// games), no point, nothing saved (it evaluated, saved a checkpoint, and said "the
    /// network is saved with them").
    #[test]
    fn a_stop_before_the_first_point_evaluates_and_saves_nothing() {
        let mut learner = small();
        let cancel = Cancel::new();
        cancel.cancel();
        let mut ctx = RunContext::new("games", None).with_cancel(cancel);
        let mut saves = 0;
        let ended = train(
            &mut learner,
            1_000,
            1,
            10,
            &mut ctx,
            &mut |_| {
                saves += 1;
                Ok(())
            },
            &mut |_| Ok(()),
        )
        .unwrap();
        assert_eq!(ended, Ended::Cancelled);
        assert_eq!(saves, 0);
        assert!(learner.state.curve.is_empty());
        assert_eq!(learner.state.games, 0);
    }

    #[test]
    fn a_checkpoint_resumed_equals_an_uninterrupted_run() {
        let mut whole = small();
        assert_eq!(run_to(&mut whole, 60, None), Ended::Finished);
        assert_eq!(whole.state.games, 60);
        assert_eq!(
            whole
                .state
                .curve
                .iter()
                .map(|p| p.games)
                .collect::<Vec<_>>(),
            vec![0, 20, 40, 60]
        );
        // stopped early, saved, read back, trained on
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.ntuple");
        let mut part = small();
        assert_eq!(run_to(&mut part, 60, Some(1)), Ended::Cancelled);
        assert!(part.state.games < 60);
        part.save(&path).unwrap();
        let mut resumed = Learner::load(&path).unwrap();
        assert_eq!(run_to(&mut resumed, 60, None), Ended::Finished);
        assert_eq!(*resumed.network, *whole.network);
        assert_eq!(timeless(&resumed.state), timeless(&whole.state));
    }

    /// The recent mean counts the games of the round in progress: it never reads 0 once a
    /// game has ended, though the first point after the start is far away.
    #[test]
    fn the_recent_mean_is_never_0_while_the_first_window_fills() {
        let mut l = small();
        l.state.settings.eval_every = 100_000;
        let mut seen = Vec::new();
        let mut w = |p: &ludomat_game::run::Progress<LearnProgress>| {
            seen.push((p.done, p.partial.recent_mean));
        };
        let mut ctx = RunContext::new("games", None)
            .every(Duration::ZERO)
            .watch(&mut w);
        let until = 1500;
        train(
            &mut l,
            until,
            2,
            100_000,
            &mut ctx,
            &mut |_| Ok(()),
            &mut |_| Ok(()),
        )
        .unwrap();
        drop(ctx);
        let between: Vec<_> = seen.iter().filter(|(d, _)| *d > 0 && *d < until).collect();
        assert!(!between.is_empty(), "no report within the window: {seen:?}");
        assert!(
            seen.iter().filter(|(d, _)| *d > 0).all(|&(_, m)| m > 0.0),
            "{seen:?}"
        );
    }

    #[test]
    fn bad_settings_are_refused() {
        let mut l = small();
        l.state.settings.alpha = 0.0;
        let mut ctx = RunContext::new("games", None);
        let e = train(
            &mut l,
            10,
            1,
            10,
            &mut ctx,
            &mut |_| Ok(()),
            &mut |_| Ok(()),
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "--alpha '0' is not a number from above 0 to 1"
        );
        // a network file that is not a checkpoint
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("n.ntuple");
        file::save(&l.network, &path, Precision::I16, None).unwrap();
        let e = Learner::load(&path).unwrap_err();
        assert!(e.to_string().contains("not a checkpoint"), "{e}");
    }
}
