//! [`Training`]: a training run — MENACE against an opponent game after game, with the
//! learning curve Michie drew (wins, draws and losses per window of games) and the beads
//! of the first box — as a long run of `ludomat_game::run`: progress with the curve so
//! far, cancellation at the next game, and checkpoints. `ludomat menace train` renders
//! it; the museum can stream the same [`TrainPartial`] to a page.
//!
//! The opponent is handed in by whoever starts the run ([`TrainOpponent`]): any
//! noughts-and-crosses `Agent` (the arena's contestants — the Computox, the relay
//! computer — are built by `ludomat-arena`, not here), played through
//! `ludomat_game::play_match`, or one of the built-in [`Opponent`]s, played at full speed
//! on the flat tables ([`Menace::train_games`]).
//!
//! A run keeps everything it counted in [`TrainProgress`]; a checkpoint hands the whole
//! [`Training`] to the caller. A run resumed from a checkpoint's MENACE, opponent and
//! progress ends exactly as the uninterrupted run (for a built-in opponent, whose state
//! is plain data; an `Agent`'s inner state is its own).

use std::fmt;
use std::ops::ControlFlow;

use ludomat_chart::{LineChart, Series};
use ludomat_game::run::{Checkpoint, CheckpointError, Ended, RunContext};
use ludomat_game::{play_match, Agent, MatchError, Outcome, Player};
use ludomat_tictactoe::{Board, Mark};
use serde::{Deserialize, Serialize};

use crate::{BoxId, Matchboxes, Menace, Opponent};

/// The most games one run plays (`ludomat menace train --games`).
pub const MAX_TRAIN_GAMES: u64 = 1_000_000_000;
/// The most points of the learning curve a progress report carries (the curve is
/// thinned evenly to fit; the run itself keeps every point).
pub const CURVE_SHOWN: usize = 500;

/// Games between two looks at the run's context (progress and cancellation): a
/// cancelled run stops within this many games, well under a millisecond.
pub const TICK_GAMES: u64 = 64;
/// Games per point of the learning curve when `--window` is not given.
pub const DEFAULT_WINDOW: u64 = 100;
/// The most windows the learning curve keeps, whatever `--games` and `--window`: when it
/// reaches this many, neighbouring windows are merged in pairs and the window doubles,
/// so the curve (in memory, as CSV and as charts) stays small on a run of 10^9 games.
pub const MAX_CURVE_POINTS: usize = 10_000;

/// What a run is asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrainConfig {
    /// Games to play, 1 ..= [`MAX_TRAIN_GAMES`].
    pub games: u64,
    /// The side MENACE plays.
    pub side: Player,
    /// Games per point of the learning curve (at least 1).
    pub window: u64,
}

/// One point of the learning curve: MENACE's results in the window of games ending at
/// game `games` (the first point, at 0 games, has none) and the beads in its first box
/// then.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrainPoint {
    /// Games played when the point was taken.
    pub games: u64,
    /// MENACE's wins in the window.
    pub wins: u64,
    /// Draws in the window.
    pub draws: u64,
    /// MENACE's losses in the window.
    pub losses: u64,
    /// Beads in the first box (MENACE's first move) after the window.
    pub first_box: u32,
}

impl TrainPoint {
    /// Games in the window.
    #[must_use]
    pub fn window_games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
}

/// Everything a run has counted, so that a run resumed from a checkpoint goes on where
/// it stopped.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TrainProgress {
    /// Games played so far in this run.
    pub played: u64,
    /// MENACE's wins, draws and losses in the run.
    pub totals: [u64; 3],
    /// Wins, draws and losses in the window not yet closed.
    pub window: [u64; 3],
    /// The learning curve: the point at 0 games, then one per closed window (and one at
    /// the end, or where the run was cancelled); at most [`MAX_CURVE_POINTS`] windows.
    pub curve: Vec<TrainPoint>,
    /// Games per window now, once the curve's windows have been merged (0: the
    /// configuration's window).
    #[serde(default)]
    pub per_point: u64,
}

/// Who MENACE trains against.
// One per run, matched once per run; boxing the built-in player's generator buys nothing.
#[allow(clippy::large_enum_variant)]
pub enum TrainOpponent {
    /// A built-in player, at full speed on the flat tables.
    Fast(Opponent),
    /// Any noughts-and-crosses agent, through `play_match`.
    Agent(Box<dyn Agent<Board>>),
}

impl TrainOpponent {
    /// The opponent's name, as the agent gives it.
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            TrainOpponent::Fast(o) => o.name().to_string(),
            TrainOpponent::Agent(a) => a.name(),
        }
    }
}

impl fmt::Debug for TrainOpponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainOpponent::Fast(o) => f.debug_tuple("Fast").field(o).finish(),
            TrainOpponent::Agent(a) => f.debug_tuple("Agent").field(&a.name()).finish(),
        }
    }
}

/// The partial result a run reports as it goes: enough to draw its learning curve and
/// MENACE's first box live.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TrainPartial {
    /// Games played so far.
    pub played: u64,
    /// MENACE's wins, draws and losses so far.
    pub totals: [u64; 3],
    /// The learning curve so far, thinned evenly to at most [`CURVE_SHOWN`] points (the
    /// first and the last always kept).
    pub curve: Vec<TrainPoint>,
    /// The first box's beads by square of its picture (reading order).
    pub first_box: [u32; 9],
}

/// Why a run stopped before its end.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// A setting is out of range.
    #[error("{0}")]
    Config(String),
    /// A game could not be finished (an agent failed or played an illegal move); the
    /// beads of that game are back in their boxes.
    #[error("game {game} could not be finished: {source}")]
    Game {
        /// The game's number in the run.
        game: u64,
        /// What went wrong.
        #[source]
        source: MatchError,
    },
    /// A checkpoint could not be saved.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
}

/// A training run: the MENACE it trains, its opponent, what it was asked and what it has
/// done. See the [module documentation](self).
#[derive(Debug)]
pub struct Training {
    /// The machine being trained.
    pub menace: Menace,
    /// Its opponent.
    pub opponent: TrainOpponent,
    /// What the run was asked.
    pub config: TrainConfig,
    /// What it has done.
    pub progress: TrainProgress,
}

impl Training {
    /// A run not yet started: checks the settings and takes the curve's first point.
    ///
    /// # Errors
    /// [`TrainError::Config`] naming the setting out of range.
    pub fn new(
        menace: Menace,
        opponent: TrainOpponent,
        config: TrainConfig,
    ) -> Result<Training, TrainError> {
        if config.games == 0 || config.games > MAX_TRAIN_GAMES {
            return Err(TrainError::Config(format!(
                "games: {} is not between 1 and {MAX_TRAIN_GAMES}",
                config.games
            )));
        }
        if config.window == 0 {
            return Err(TrainError::Config(
                "window: at least 1 game per point of the learning curve".into(),
            ));
        }
        let first_box = first_box(menace.boxes(config.side));
        Ok(Training {
            menace,
            opponent,
            config,
            progress: TrainProgress {
                curve: vec![TrainPoint {
                    games: 0,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                    first_box,
                }],
                ..TrainProgress::default()
            },
        })
    }

    /// A run resumed from a checkpoint: its MENACE, opponent and progress as saved.
    #[must_use]
    pub fn resume(
        menace: Menace,
        opponent: TrainOpponent,
        config: TrainConfig,
        progress: TrainProgress,
    ) -> Training {
        Training {
            menace,
            opponent,
            config,
            progress,
        }
    }

    /// Play the games not yet played, reporting to `ctx` after every game and saving at
    /// `checkpoint` every so many games (not after the last: the caller has the result).
    /// Returns [`Ended::Cancelled`] when `ctx` was cancelled; the game in progress is
    /// finished first and the curve gets a point there.
    ///
    /// # Errors
    /// [`TrainError::Game`] when a game could not be finished (its beads are put back),
    /// [`TrainError::Checkpoint`] when a checkpoint could not be saved.
    pub fn run(
        &mut self,
        ctx: &mut RunContext<'_, TrainPartial>,
        checkpoint: &mut Checkpoint<'_, Training>,
    ) -> Result<Ended, TrainError> {
        ctx.set_total(Some(self.config.games));
        let ended = if matches!(self.opponent, TrainOpponent::Fast(_)) {
            self.run_fast(ctx, checkpoint)?
        } else {
            self.run_agent(ctx, checkpoint)?
        };
        let partial = self.partial();
        ctx.finish(self.progress.played, partial);
        Ok(ended)
    }

    fn run_agent(
        &mut self,
        ctx: &mut RunContext<'_, TrainPartial>,
        checkpoint: &mut Checkpoint<'_, Training>,
    ) -> Result<Ended, TrainError> {
        loop {
            let Training {
                menace,
                opponent,
                config,
                progress,
            } = &mut *self;
            let TrainOpponent::Agent(opponent) = opponent else {
                return Ok(Ended::Finished);
            };
            if progress.played >= config.games {
                return Ok(Ended::Finished);
            }
            let g = progress.played + 1;
            let m: &mut dyn Agent<Board> = menace;
            let result = match config.side {
                Player::First => play_match(Board::EMPTY, m, &mut **opponent, &mut |_, _, _| {}),
                Player::Second => play_match(Board::EMPTY, &mut **opponent, m, &mut |_, _, _| {}),
            };
            let record = match result {
                Ok(r) => r,
                Err(source) => {
                    menace.abandon();
                    return Err(TrainError::Game { game: g, source });
                }
            };
            let boxes = menace.boxes(config.side);
            if progress
                .count(config, record.outcome, boxes, ctx)
                .is_break()
            {
                return Ok(Ended::Cancelled);
            }
            if checkpoint.due(g) && g < config.games {
                checkpoint.save(self)?;
            }
        }
    }

    fn run_fast(
        &mut self,
        ctx: &mut RunContext<'_, TrainPartial>,
        checkpoint: &mut Checkpoint<'_, Training>,
    ) -> Result<Ended, TrainError> {
        loop {
            let Training {
                menace,
                opponent,
                config,
                progress,
            } = &mut *self;
            let TrainOpponent::Fast(opponent) = opponent else {
                return Ok(Ended::Finished);
            };
            if progress.played >= config.games {
                return Ok(Ended::Finished);
            }
            let config = *config;
            // Play up to the next checkpoint (or the end) in one call.
            let until = checkpoint
                .next_due(progress.played)
                .map_or(config.games, |g| g.min(config.games));
            let mut cancelled = false;
            menace.train_games(
                opponent,
                until - progress.played,
                |_| config.side,
                |outcome, boxes| {
                    if progress.count(&config, outcome, boxes, ctx).is_break() {
                        cancelled = true;
                        return ControlFlow::Break(());
                    }
                    ControlFlow::Continue(())
                },
            );
            let pause = progress.played < config.games && checkpoint.due(progress.played);
            if cancelled {
                return Ok(Ended::Cancelled);
            }
            if pause {
                checkpoint.save(self)?;
            }
        }
    }

    /// The partial result now.
    #[must_use]
    pub fn partial(&self) -> TrainPartial {
        self.progress.partial(self.menace.boxes(self.config.side))
    }

    /// The learning curve as CSV: one line per point, the window's counts, its rates and
    /// the beads in the first box.
    #[must_use]
    pub fn curve_csv(&self) -> String {
        let mut csv =
            String::from("games,wins,draws,losses,win_rate,draw_rate,loss_rate,first_box_beads\n");
        for p in &self.progress.curve {
            let n = p.window_games() as f64;
            let rate = |k: u64| if n > 0.0 { k as f64 / n } else { 0.0 };
            csv.push_str(&format!(
                "{},{},{},{},{:.4},{:.4},{:.4},{}\n",
                p.games,
                p.wins,
                p.draws,
                p.losses,
                rate(p.wins),
                rate(p.draws),
                rate(p.losses),
                p.first_box
            ));
        }
        csv
    }

    /// The learning curve as two charts: the share of wins, draws and losses in each
    /// window, and the beads in the first box; `caption` goes under both (the command
    /// that made them).
    #[must_use]
    pub fn charts(&self, caption: &str) -> [LineChart; 2] {
        let windows: Vec<&TrainPoint> = self.progress.curve.iter().skip(1).collect();
        let series = |name: &str, pick: fn(&TrainPoint) -> u64| Series {
            name: name.into(),
            points: windows
                .iter()
                .map(|p| {
                    let n = p.window_games().max(1) as f64;
                    (p.games as f64, 100.0 * pick(p) as f64 / n)
                })
                .collect(),
        };
        let rates = LineChart {
            title: format!(
                "MENACE ({}) learning against {}",
                Mark::of(self.config.side),
                self.opponent.name()
            ),
            x_label: "games played".into(),
            y_label: "% of the games in each window".into(),
            series: vec![
                series("wins", |p| p.wins),
                series("draws", |p| p.draws),
                series("losses", |p| p.losses),
            ],
            y_range: Some((0.0, 100.0)),
            caption: caption.into(),
        };
        let beads = LineChart {
            title: "Beads in MENACE's first matchbox".into(),
            x_label: "games played".into(),
            y_label: "beads in the box".into(),
            series: vec![Series {
                name: "first box".into(),
                points: self
                    .progress
                    .curve
                    .iter()
                    .map(|p| (p.games as f64, f64::from(p.first_box)))
                    .collect(),
            }],
            y_range: None,
            caption: caption.into(),
        };
        [rates, beads]
    }

    /// The run's result in words: the totals, and the rates of the last window.
    #[must_use]
    pub fn summary(&self) -> String {
        let [wins, draws, losses] = self.progress.totals;
        let mut s = format!(
            "MENACE ({}, {} rules) against {}: {}, {}\n",
            Mark::of(self.config.side),
            self.menace.rules(),
            self.opponent.name(),
            ludomat_io::text::count(self.progress.played, "game", "games"),
            ludomat_io::text::results(wins, draws, losses),
        );
        // the last whole window: a run stopped mid-window ends with a remainder (`last 48
        // games`), too few to say a rate by, unless no window was whole
        let whole = |p: &&TrainPoint| p.games > 0 && p.window_games() >= self.config.window;
        let last = self.progress.curve.iter().rev().find(whole);
        let last = last.or_else(|| self.progress.curve.last().filter(|p| p.games > 0));
        if let Some(p) = last {
            let n = p.window_games().max(1) as f64;
            let share = |k: u64| ludomat_io::text::percent(k as f64 / n);
            s.push_str(&format!(
                "last {}: {} wins, {} draws, {} losses; {} in the first box\n",
                ludomat_io::text::count(p.window_games(), "game", "games"),
                share(p.wins),
                share(p.draws),
                share(p.losses),
                ludomat_io::text::count(u64::from(p.first_box), "bead", "beads")
            ));
        }
        s
    }
}

impl TrainProgress {
    /// Count a finished game, close the window when it is full (or the run ends or is
    /// cancelled), report to `ctx` (every [`TICK_GAMES`] games: a tick costs more than a
    /// tenth of a training game); `Break` when the run is to stop.
    #[inline(always)]
    fn count(
        &mut self,
        config: &TrainConfig,
        outcome: Outcome,
        boxes: &Matchboxes,
        ctx: &mut RunContext<'_, TrainPartial>,
    ) -> ControlFlow<()> {
        self.played += 1;
        let g = self.played;
        let k = match outcome.score_for(config.side) {
            1 => 0,
            0 => 1,
            _ => 2,
        };
        self.window[k] += 1;
        self.totals[k] += 1;
        let stop = (g.is_multiple_of(TICK_GAMES) || g == config.games)
            && ctx.tick(g, || self.partial(boxes)).is_break();
        // The window is full when its counts add up to it (no division per game).
        let in_window: u64 = self.window.iter().sum();
        if in_window >= self.per_point.max(config.window) || g == config.games || stop {
            let [wins, draws, losses] = self.window;
            self.curve.push(TrainPoint {
                games: g,
                wins,
                draws,
                losses,
                first_box: first_box(boxes),
            });
            self.window = [0; 3];
            if self.curve.len() > MAX_CURVE_POINTS {
                self.merge_windows(config);
            }
        }
        if stop {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Merge the curve's windows in pairs (the later one's count of games and beads
    /// kept), and double the window: the curve stays under [`MAX_CURVE_POINTS`].
    #[cold]
    fn merge_windows(&mut self, config: &TrainConfig) {
        let windows = self.curve.split_off(1.min(self.curve.len()));
        for pair in windows.chunks(2) {
            let mut p = pair[pair.len() - 1];
            if let [a, _] = pair {
                p.wins += a.wins;
                p.draws += a.draws;
                p.losses += a.losses;
            }
            self.curve.push(p);
        }
        self.per_point = self.per_point.max(config.window).saturating_mul(2);
    }

    fn partial(&self, boxes: &Matchboxes) -> TrainPartial {
        TrainPartial {
            played: self.played,
            totals: self.totals,
            curve: thin(&self.curve, CURVE_SHOWN),
            first_box: boxes.get(BoxId::new(0)).map_or([0; 9], |b| b.counts()),
        }
    }
}

/// Beads in box 0 (MENACE's first move).
fn first_box(boxes: &Matchboxes) -> u32 {
    boxes.get(BoxId::new(0)).map_or(0, crate::Matchbox::total)
}

/// At most `most` of `points`, evenly spaced, the first and the last kept.
fn thin(points: &[TrainPoint], most: usize) -> Vec<TrainPoint> {
    let most = most.max(2);
    if points.len() <= most {
        return points.to_vec();
    }
    let stride = points.len().div_ceil(most - 1);
    let mut out: Vec<TrainPoint> = points.iter().step_by(stride).copied().collect();
    if let Some(&last) = points.last() {
        if out.last() != Some(&last) {
            out.push(last);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinning_keeps_the_ends_and_the_bound() {
        let points: Vec<TrainPoint> = (0..=10_000)
            .map(|g| TrainPoint {
                games: g,
                wins: 0,
                draws: 0,
                losses: 0,
                first_box: 0,
            })
            .collect();
        let t = thin(&points, CURVE_SHOWN);
        assert!(t.len() <= CURVE_SHOWN, "{}", t.len());
        assert_eq!(t.first().map(|p| p.games), Some(0));
        assert_eq!(t.last().map(|p| p.games), Some(10_000));
        assert_eq!(thin(&points[..10], CURVE_SHOWN).len(), 10);
    }
}
