//! Many independent games in parallel.
//!
//! Each game gets fresh agents built from a seed derived from the master seed and the
//! game's index ([`crate::seed::derive`]), so the result table is the same whatever the
//! number of threads. Learning agents that must carry knowledge from game to game use
//! [`crate::Series`] instead.

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::{play_match, seed, Agent, Game, MatchError, Outcome, Player, Tally};

/// Builds a fresh agent for one game from that game's seed.
pub type AgentFactory<'a, G> = dyn Fn(u64) -> Box<dyn Agent<G>> + Sync + 'a;

/// How a tournament is run.
#[derive(Debug, Clone)]
pub struct TournamentConfig {
    /// Number of games.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Agent A plays first in even games and second in odd games; otherwise A always
    /// plays first.
    pub alternate: bool,
    /// Show an indicatif progress bar (on stderr).
    pub progress: bool,
}

impl Default for TournamentConfig {
    fn default() -> Self {
        TournamentConfig {
            games: 1000,
            seed: 1,
            alternate: false,
            progress: false,
        }
    }
}

/// A tournament's result table.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentResult {
    /// Agent A's name.
    pub a_name: String,
    /// Agent B's name.
    pub b_name: String,
    /// Results from agent A's side.
    pub a: Tally,
    /// Results by seat: wins of the first player, draws, wins of the second player
    /// (as `wins` / `draws` / `losses` seen from the first player).
    pub by_seat: Tally,
    /// Agent A's results in the games A moved first, and in those B moved first (seen
    /// from A): the "A against B" rows of a table.
    pub a_by_seat: [Tally; 2],
    /// Games that could not be finished (an agent failed), with the first error.
    pub failed: u64,
    /// The first failure, if any.
    pub first_failure: Option<String>,
    /// Wall-clock time of the games (the span the progress bar's rate is measured over).
    pub elapsed: Duration,
    /// The process's CPU time over the same span as [`TournamentResult::elapsed`].
    pub cpu: Duration,
    /// Stopped before every game was played ([`tournament_until`]: Ctrl-C): the counts
    /// are those of the games played.
    pub stopped: bool,
}

impl TournamentResult {
    /// Add the results of later games (a next batch) to these.
    pub fn absorb(&mut self, later: &TournamentResult) {
        self.a += later.a;
        self.by_seat += later.by_seat;
        self.a_by_seat[0] += later.a_by_seat[0];
        self.a_by_seat[1] += later.a_by_seat[1];
        self.failed += later.failed;
        if self.first_failure.is_none() {
            self.first_failure.clone_from(&later.first_failure);
        }
        self.elapsed += later.elapsed;
        self.cpu += later.cpu;
        self.stopped |= later.stopped;
    }

    /// Games played (finished or failed).
    #[must_use]
    pub fn played(&self) -> u64 {
        self.a.games() + self.failed
    }

    /// Finished games per second.
    #[must_use]
    pub fn games_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.a.games() + self.failed) as f64 / secs
        } else {
            f64::INFINITY
        }
    }
}

#[derive(Default)]
struct Partial {
    a: Tally,
    by_seat: Tally,
    a_by_seat: [Tally; 2],
    failed: u64,
    first_failure: Option<(u64, String)>,
    stopped: bool,
}

impl Partial {
    fn merge(mut self, o: Partial) -> Partial {
        self.stopped |= o.stopped;
        self.a += o.a;
        self.by_seat += o.by_seat;
        self.a_by_seat[0] += o.a_by_seat[0];
        self.a_by_seat[1] += o.a_by_seat[1];
        self.failed += o.failed;
        self.first_failure = match (self.first_failure, o.first_failure) {
            (Some(x), Some(y)) => Some(if x.0 <= y.0 { x } else { y }),
            (x, y) => x.or(y),
        };
        self
    }
}

/// Game `i` of a tournament: its agents built from seeds derived from the master seed
/// and `i`, A moving first unless sides alternate and `i` is odd.
fn play_one<G: Game>(
    make_a: &AgentFactory<'_, G>,
    make_b: &AgentFactory<'_, G>,
    config: &TournamentConfig,
    i: u64,
    part: &mut Partial,
) {
    let game_seed = seed::derive(config.seed, i);
    let mut a = make_a(seed::derive(game_seed, 0));
    let mut b = make_b(seed::derive(game_seed, 1));
    let a_side = a_side(config, i);
    let result: Result<Outcome, MatchError> = match a_side {
        Player::First => play_match(G::start(), &mut *a, &mut *b, &mut |_, _, _| {}),
        Player::Second => play_match(G::start(), &mut *b, &mut *a, &mut |_, _, _| {}),
    }
    .map(|r| r.outcome);
    match result {
        Ok(outcome) => {
            part.a.record(outcome, a_side);
            part.by_seat.record(outcome, Player::First);
            part.a_by_seat[a_side.index()].record(outcome, a_side);
        }
        Err(e) => {
            part.failed += 1;
            if part.first_failure.is_none() {
                part.first_failure = Some((i, format!("game {i}: {e}")));
            }
        }
    }
}

/// A's seat in game `i` of a tournament.
#[must_use]
pub fn a_side(config: &TournamentConfig, i: u64) -> Player {
    if config.alternate && i % 2 == 1 {
        Player::Second
    } else {
        Player::First
    }
}

/// The agents' seeds in game `i` of a tournament with master seed `seed`: (A's, B's).
#[must_use]
pub fn game_seeds(seed: u64, i: u64) -> (u64, u64) {
    let game_seed = seed::derive(seed, i);
    (seed::derive(game_seed, 0), seed::derive(game_seed, 1))
}

/// Games `range` of the tournament `config` on this thread, each exactly as [`tournament`]
/// plays it (the same seeds and seats), so a tournament played in batches and the
/// batches' results [`absorbed`](TournamentResult::absorb) in order equal one
/// [`tournament`] run: how the museum's arena paces a tournament for watching.
#[must_use]
pub fn tournament_games<G: Game>(
    make_a: &AgentFactory<'_, G>,
    make_b: &AgentFactory<'_, G>,
    config: &TournamentConfig,
    range: std::ops::Range<u64>,
) -> TournamentResult {
    let (started, cpu) = (Instant::now(), crate::run::cpu::process());
    let mut part = Partial::default();
    for i in range {
        play_one(make_a, make_b, config, i, &mut part);
    }
    TournamentResult {
        a_name: make_a(0).name(),
        b_name: make_b(0).name(),
        a: part.a,
        by_seat: part.by_seat,
        a_by_seat: part.a_by_seat,
        failed: part.failed,
        first_failure: part.first_failure.map(|(_, s)| s),
        elapsed: started.elapsed(),
        cpu: crate::run::cpu::process().saturating_sub(cpu),
        stopped: false,
    }
}

/// The bar's rate and time left: `done` games over `elapsed`, the span the result's
/// rate is measured over too ([`TournamentResult::elapsed`]), never indicatif's own
/// estimate (the bar said 835,807/s beside a summary's 105,977 games/s).
fn rate_and_left(done: u64, total: Option<u64>, elapsed: Duration) -> (f64, Duration) {
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 { done as f64 / secs } else { 0.0 };
    let left = total.unwrap_or(done).saturating_sub(done) as f64;
    let eta = if rate > 0.0 {
        (left / rate).min(1e9)
    } else {
        0.0
    };
    (rate, Duration::from_secs_f64(eta))
}

/// A tournament's progress line in `width` columns: `1,019,904/3,000,000 games
/// 248,356/s  eta 8 s  ████░░░░`, the bar taking what the words leave.
fn progress_line(
    done: u64,
    total: Option<u64>,
    per_sec: f64,
    eta: std::time::Duration,
    width: usize,
) -> String {
    use ludomat_io::text;
    let total = total.unwrap_or(done);
    let words = format!(
        "{}/{} games  {}/s  eta {}  ",
        text::thousands(done),
        text::thousands(total),
        text::number(per_sec),
        text::duration(std::time::Duration::from_secs(eta.as_secs()))
    );
    let room = width.saturating_sub(text::width(&words));
    if room < 4 {
        return text::fit(words.trim_end(), width);
    }
    let filled = if total == 0 {
        0
    } else {
        (room as u128 * u128::from(done.min(total)) / u128::from(total)) as usize
    };
    format!("{words}{}{}", "█".repeat(filled), "░".repeat(room - filled))
}

/// Play `config.games` independent games between agents built by `make_a` and `make_b`.
#[must_use]
pub fn tournament<G: Game>(
    make_a: &AgentFactory<'_, G>,
    make_b: &AgentFactory<'_, G>,
    config: &TournamentConfig,
) -> TournamentResult {
    tournament_until(make_a, make_b, config, &|| false)
}

/// [`tournament`], stopped early once `stop` says so (asked before every game: a
/// Ctrl-C): no game starts after that, the games in progress end, and the result holds
/// the games played, with [`TournamentResult::stopped`] set.
#[must_use]
pub fn tournament_until<G: Game>(
    make_a: &AgentFactory<'_, G>,
    make_b: &AgentFactory<'_, G>,
    config: &TournamentConfig,
    stop: &(dyn Fn() -> bool + Sync),
) -> TournamentResult {
    const CHUNK: u64 = 512;
    let a_name = make_a(0).name();
    let b_name = make_b(0).name();
    // one span for the bar's rate and the result's: games done over the time since here
    let (started, cpu) = (Instant::now(), crate::run::cpu::process());
    let bar = if config.progress {
        let bar =
            ProgressBar::with_draw_target(Some(config.games), crate::progress::draw_target(false));
        // short of the width by room for the terminal's '^C' (see progress_width)
        let width = ludomat_io::text::progress_width();
        bar.set_style(
            // the counts, the rate and the time left in the words of every other (never
            // "852,605.1735/s", never "8s"); the bar takes what they leave of the width
            ProgressStyle::with_template("{line}")
                .map(|s| {
                    s.with_key(
                        "line",
                        move |st: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                            let (rate, eta) = rate_and_left(st.pos(), st.len(), started.elapsed());
                            let line = progress_line(st.pos(), st.len(), rate, eta, width);
                            let _ = w.write_str(&line);
                        },
                    )
                })
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let chunks = config.games.div_ceil(CHUNK);
    let total = (0..chunks)
        .into_par_iter()
        .map(|c| {
            let mut part = Partial::default();
            let end = ((c + 1) * CHUNK).min(config.games);
            let mut played = 0;
            for i in c * CHUNK..end {
                if stop() {
                    part.stopped = true;
                    break;
                }
                play_one(make_a, make_b, config, i, &mut part);
                played += 1;
            }
            bar.inc(played);
            part
        })
        .reduce(Partial::default, Partial::merge);
    let (elapsed, cpu) = (
        started.elapsed(),
        crate::run::cpu::process().saturating_sub(cpu),
    );
    bar.finish_and_clear();
    TournamentResult {
        a_name,
        b_name,
        a: total.a,
        by_seat: total.by_seat,
        a_by_seat: total.a_by_seat,
        failed: total.failed,
        first_failure: total.first_failure.map(|(_, s)| s),
        elapsed,
        cpu,
        stopped: total.stopped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// One rate: the bar's is the games done over the span the result's `elapsed` covers
    /// (`crates/tictactoe/tests/play.rs`: a span that leaves out making the agents).
    #[test]
    fn the_bar_and_the_summary_measure_one_rate() {
        let (rate, left) = rate_and_left(1_000, Some(3_000), Duration::from_millis(500));
        assert_eq!(rate, 2_000.0);
        assert_eq!(left, Duration::from_secs(1));
        assert_eq!(
            rate_and_left(0, Some(3), Duration::ZERO),
            (0.0, Duration::ZERO)
        );
    }

    #[test]
    fn the_progress_line_fits_its_width_and_speaks_the_voice() {
        let line = progress_line(
            1_019_904,
            Some(3_000_000),
            248_356.17,
            Duration::from_millis(8_400),
            80,
        );
        assert_eq!(ludomat_io::text::width(&line), 80, "{line}");
        assert!(
            line.starts_with("1,019,904/3,000,000 games  248,356/s  eta 8 s  █"),
            "{line}"
        );
        // a third done: a third of the bar filled
        let bar = line.chars().filter(|&c| c == '█' || c == '░').count();
        let filled = line.chars().filter(|&c| c == '█').count();
        assert_eq!(filled, bar * 1_019_904 / 3_000_000);
        // a narrow terminal: the words cut, never wider
        let narrow = progress_line(5, Some(10), 1.0, Duration::from_secs(5), 20);
        assert!(ludomat_io::text::width(&narrow) <= 20, "{narrow}");
    }
}
