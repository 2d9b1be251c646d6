//! [`ArenaSession`]: the arena as a person meets it in the museum — pick the game and two
//! contestants, watch one game move by move, or run a seeded tournament (or a round robin
//! of every pair) whose table grows batch by batch.
//!
//! Game flow: every action is bounded. [`ArenaAction::Step`] does the next bit of the
//! work in hand — one move of the game being watched, or the next games of the
//! tournament, as many as fit in [`STEP_BUDGET`] (at most [`MAX_GAMES_PER_STEP`]). The
//! museum's autoplay applies `step` on a timer off the request threads, so a tournament is
//! paced for watching and stopped at any moment; [`ArenaAction::Cancel`] ends it, keeping
//! the games played. Game `i` is played exactly as [`ludomat_game::tournament`] plays it
//! (agents seeded from the master seed and `i`, the same seats), so after N games the
//! table is the one `ludomat tournament … --games N --seed S` prints ([`crate::table`]).

use std::time::{Duration, Instant};

use ludomat_game::{
    a_side, game_seeds, play_match, tournament_games, Agent, Game, Player, Session, SessionError,
    TournamentConfig, TournamentResult,
};
use serde::{Deserialize, Serialize};

use crate::contestant::{QubicContestant, QubicSpec, TictactoeContestant};
use crate::table;

/// The most games of one tournament (per pair in a round robin).
pub const MAX_GAMES: u64 = 1_000_000;
/// The most games of a round robin, all pairs together.
pub const MAX_ROUND_ROBIN_GAMES: u64 = 2_000_000;
/// The wall time one `step` of a tournament plays games for (at least one game).
pub const STEP_BUDGET: Duration = Duration::from_millis(60);
/// The most games one `step` plays.
pub const MAX_GAMES_PER_STEP: u64 = 20_000;
/// Points kept in a table's running-rates curve.
pub const CURVE_POINTS: usize = 200;
/// Games played per chunk within a step (between looks at the clock).
const CHUNK: u64 = 16;

/// Adds the running rates after `games` games (`r`) to `curve`, keeping at most
/// [`CURVE_POINTS`] (every other point dropped when over; the last one always kept).
fn curve_point(curve: &mut Vec<CurvePoint>, games: u64, r: &TournamentResult) {
    curve.push(CurvePoint {
        games,
        a: 100.0 * r.a.win_rate().rate(),
        draws: 100.0 * r.a.draw_rate().rate(),
        b: 100.0 * r.a.loss_rate().rate(),
    });
    if curve.len() > CURVE_POINTS {
        let last = curve.last().copied();
        let mut k = 0;
        curve.retain(|_| {
            k += 1;
            k % 2 == 1
        });
        if let Some(l) = last {
            if curve.last() != Some(&l) {
                curve.push(l);
            }
        }
    }
}

/// Which game the arena plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// Noughts and crosses.
    #[default]
    Tictactoe,
    /// 3D tic-tac-toe on 4×4×4 (the IBM 1620's programs).
    Qubic,
}

/// Who moves first in a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Sides {
    /// Agent A moves first in every game.
    #[default]
    Fixed,
    /// A moves first in even games, B in odd ones.
    Alternate,
}

/// The arena's settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ArenaConfig {
    /// The game.
    pub game: GameKind,
    /// Contestant A (by name: `perfect`, `menace-trained`, `other1` …).
    pub a: String,
    /// Contestant B.
    pub b: String,
    /// Games in a tournament (per pair in a round robin), 1 ..= [`MAX_GAMES`].
    pub games: u64,
    /// The master seed: game `i` uses seeds derived from it and `i`.
    pub seed: u64,
    /// Who moves first.
    pub sides: Sides,
    /// OTHER-1 levels switched off for A (3D), e.g. `6,9`.
    pub a_disable: String,
    /// OTHER-1 levels switched off for B.
    pub b_disable: String,
}

impl Default for ArenaConfig {
    fn default() -> Self {
        ArenaConfig {
            game: GameKind::Tictactoe,
            a: "perfect".into(),
            b: "menace".into(),
            games: 1000,
            seed: 1,
            sides: Sides::Fixed,
            a_disable: String::new(),
            b_disable: String::new(),
        }
    }
}

/// What a person (or the page's timer) can do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ArenaAction {
    /// Set up game number `game` of the tournament (0 by default) to watch: each `step`
    /// shows its next move.
    Watch {
        /// Which game of the tournament.
        #[serde(default)]
        game: u64,
    },
    /// Start the tournament of the config's `games` games; each `step` plays a batch.
    Run,
    /// Start a round robin: every pair of the game's contestants that can meet, `games`
    /// games each; each `step` plays a batch.
    RoundRobin,
    /// The next move (watching) or batch of games (a tournament).
    Step,
    /// At most `games` games of the tournament (a slower pace for watching the table
    /// grow); while watching a game, its next move.
    Batch {
        /// The most games to play, 1 or more.
        games: u64,
    },
    /// End the tournament now, keeping the games played.
    Cancel,
    /// New settings (or the same again), nothing in hand.
    Reset {
        /// The settings; `None` keeps the current ones.
        #[serde(default)]
        config: Option<ArenaConfig>,
    },
}

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ArenaHappening {
    /// A game is ready to watch.
    Watching {
        /// Its number in the tournament.
        game: u64,
        /// Who moves first.
        first: String,
        /// Who moves second.
        second: String,
    },
    /// A move was shown.
    Moved {
        /// Who moved.
        by: String,
        /// The move in the game's notation.
        cell: String,
    },
    /// The watched game is over.
    GameOver {
        /// The result in words.
        result: String,
    },
    /// A tournament (or round robin) began.
    Started {
        /// Pairs to play.
        pairs: usize,
        /// Games in all.
        games: u64,
    },
    /// Games were played.
    Played {
        /// The pair, `A against B`.
        pair: String,
        /// Games in this step.
        games: u64,
        /// Games of the pair done.
        done: u64,
    },
    /// Everything asked for is played.
    Finished {
        /// Games played in all.
        games: u64,
    },
    /// The tournament was cancelled.
    Cancelled {
        /// Games played.
        games: u64,
    },
    /// New settings.
    Reset,
}

/// A contestant as the page lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ContestantView {
    /// Its name.
    pub name: &'static str,
    /// One line about it.
    pub description: &'static str,
    /// Whether it can move second.
    pub plays_second: bool,
}

/// A rate with its 95 % (Wilson) interval, in percent.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RateView {
    /// The rate.
    pub rate: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

/// A point of the running rates.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CurvePoint {
    /// Games played.
    pub games: u64,
    /// A's win rate, percent.
    pub a: f64,
    /// Draw rate, percent.
    pub draws: f64,
    /// B's win rate, percent.
    pub b: f64,
}

/// One pair's results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableView {
    /// A's name (as its agent gives it).
    pub a: String,
    /// B's name.
    pub b: String,
    /// Games played.
    pub played: u64,
    /// Games asked for.
    pub total: u64,
    /// A's wins.
    pub a_wins: u64,
    /// Draws.
    pub draws: u64,
    /// B's wins.
    pub b_wins: u64,
    /// Games that could not be finished.
    pub failed: u64,
    /// A's win rate.
    pub a_rate: RateView,
    /// The draw rate.
    pub draw_rate: RateView,
    /// B's win rate.
    pub b_rate: RateView,
    /// A's results (wins, draws, losses) in the games A moved first, and in those B did.
    pub by_first: [[u64; 3]; 2],
    /// The table as `ludomat tournament …` prints it for these games.
    pub text: String,
    /// The rates as the games went on.
    pub curve: Vec<CurvePoint>,
    /// Why this pair was not played (a round robin's pairs that cannot meet).
    pub skipped: Option<String>,
}

/// The game being watched.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WatchView {
    /// Its number in the tournament.
    pub game: u64,
    /// Who moves first (the X / first mover).
    pub first: String,
    /// Who moves second.
    pub second: String,
    /// Cells on the board: 9 or 64.
    pub size: usize,
    /// Each cell: `X` (first mover), `O` or empty.
    pub cells: Vec<String>,
    /// The moves shown so far, in the game's notation.
    pub moves: Vec<String>,
    /// Moves in the whole game.
    pub length: usize,
    /// The result in words, once the last move is shown.
    pub result: Option<String>,
    /// A failure of an agent (the game could not be finished).
    pub failure: Option<String>,
}

/// What is in hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Nothing.
    Idle,
    /// A game being watched.
    Watching,
    /// A tournament.
    Tournament,
    /// A round robin.
    RoundRobin,
}

/// Everything a person could look at.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ArenaView {
    /// The settings.
    pub config: ArenaConfig,
    /// The contestants of the chosen game.
    pub contestants: Vec<ContestantView>,
    /// What is in hand.
    pub mode: Mode,
    /// Whether a `step` has work to do.
    pub busy: bool,
    /// Whether the tournament was cancelled.
    pub cancelled: bool,
    /// The game being watched.
    pub watch: Option<WatchView>,
    /// The tournament's pairs (one, or every pair of a round robin), in order.
    pub tables: Vec<TableView>,
    /// The pair being played.
    pub current: usize,
    /// Games played in all.
    pub played: u64,
    /// Games asked for in all.
    pub total: u64,
    /// The tournament's wall time so far, from its start to its last batch of games
    /// (milliseconds with their fraction, so that a short tournament reads `1.5 ms`, not
    /// `0 s`; 0 before its first).
    pub elapsed_ms: f64,
    /// The CPU time its games took so far (milliseconds with their fraction).
    pub cpu_ms: f64,
}

/// One side's agent factory, for either game.
#[derive(Debug, Clone, Copy)]
enum Entrant {
    Tictactoe(TictactoeContestant),
    Qubic(QubicSpec),
}

impl Entrant {
    fn name(&self) -> &'static str {
        match self {
            Entrant::Tictactoe(c) => c.name(),
            Entrant::Qubic(s) => s.kind.name(),
        }
    }
}

/// A pair of a tournament with its results so far.
struct Pair {
    a: Entrant,
    b: Entrant,
    result: Option<TournamentResult>,
    done: u64,
    total: u64,
    curve: Vec<CurvePoint>,
    skipped: Option<String>,
}

struct Watched {
    game: u64,
    first: String,
    second: String,
    size: usize,
    /// (cell index, notation) of every move.
    moves: Vec<(usize, String)>,
    shown: usize,
    result: String,
    failure: Option<String>,
}

/// The arena.
pub struct ArenaSession {
    config: ArenaConfig,
    a: Entrant,
    b: Entrant,
    mode: Mode,
    cancelled: bool,
    watch: Option<Watched>,
    pairs: Vec<Pair>,
    current: usize,
    /// The tournament's start, and its wall time at its last batch.
    started: Option<Instant>,
    elapsed: Duration,
    /// The CPU time of its batches.
    cpu: Duration,
}

fn invalid(msg: impl Into<String>) -> SessionError {
    SessionError::Invalid(msg.into())
}

fn entrant(
    config: &ArenaConfig,
    name: &str,
    disable: &str,
    side: &str,
) -> Result<Entrant, SessionError> {
    match config.game {
        GameKind::Tictactoe => {
            if !disable.is_empty() {
                return Err(invalid(format!(
                    "{side}_disable: levels belong to OTHER-1, a 3D program; leave it empty for noughts and crosses"
                )));
            }
            TictactoeContestant::named(name)
                .map(Entrant::Tictactoe)
                .map_err(|e| invalid(format!("{side}: {e}")))
        }
        GameKind::Qubic => {
            let kind = QubicContestant::named(name).map_err(|e| invalid(format!("{side}: {e}")))?;
            let mut spec = QubicSpec::new(kind);
            spec.disable = disable
                .parse()
                .map_err(|e| invalid(format!("{side}_disable: {e}")))?;
            if !disable.is_empty() && kind != QubicContestant::Other1 {
                return Err(invalid(format!(
                    "{side}_disable: only OTHER-1 has levels to switch off, not {name}"
                )));
            }
            Ok(Entrant::Qubic(spec))
        }
    }
}

/// Whether `a` and `b` can meet with these sides, and if not why.
fn seats(a: Entrant, b: Entrant, sides: Sides) -> Result<(), String> {
    for (e, seat_b) in [(b, true), (a, false)] {
        if let Entrant::Tictactoe(c) = e {
            let second = seat_b || sides == Sides::Alternate;
            if second && !c.plays_second() {
                let hint = if seat_b {
                    "make it A ('a'), with fixed sides"
                } else {
                    "with alternating sides A plays O in every other game; use fixed sides"
                };
                return Err(c
                    .check_seat(Player::Second, hint)
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_default());
            }
        }
    }
    Ok(())
}

fn rate(p: ludomat_game::Proportion) -> RateView {
    let (lo, hi) = p.wilson(ludomat_game::Proportion::Z95);
    RateView {
        rate: 100.0 * p.rate(),
        low: 100.0 * lo,
        high: 100.0 * hi,
    }
}

fn tcfg(config: &ArenaConfig, games: u64) -> TournamentConfig {
    TournamentConfig {
        games,
        seed: config.seed,
        alternate: config.sides == Sides::Alternate,
        progress: false,
    }
}

/// Games `range` of the pair (`a`, `b`) under `cfg`, on this thread.
fn play_range(
    a: Entrant,
    b: Entrant,
    cfg: &TournamentConfig,
    range: std::ops::Range<u64>,
) -> TournamentResult {
    match (a, b) {
        (Entrant::Tictactoe(x), Entrant::Tictactoe(o)) => {
            let ma = move |s: u64| x.build_or_random(s);
            let mb = move |s: u64| o.build_or_random(s);
            tournament_games(&ma, &mb, cfg, range)
        }
        (Entrant::Qubic(x), Entrant::Qubic(o)) => {
            let ma = move |s: u64| x.build::<3>(s);
            let mb = move |s: u64| o.build::<3>(s);
            tournament_games(&ma, &mb, cfg, range)
        }
        // Both entrants come from one config's game.
        _ => tournament_games(
            &|s: u64| {
                Box::new(ludomat_game::RandomAgent::new(s))
                    as Box<dyn Agent<ludomat_tictactoe::Board>>
            },
            &|s: u64| {
                Box::new(ludomat_game::RandomAgent::new(s))
                    as Box<dyn Agent<ludomat_tictactoe::Board>>
            },
            cfg,
            range,
        ),
    }
}

/// Play one game to the end, recording its moves.
fn record<G: Game>(
    mut first: Box<dyn Agent<G>>,
    mut second: Box<dyn Agent<G>>,
    index: impl Fn(G::Move) -> usize,
) -> (String, String, Vec<(usize, String)>, String, Option<String>) {
    let (fname, sname) = (first.name(), second.name());
    let mut moves = Vec::new();
    let out = play_match(G::start(), &mut *first, &mut *second, &mut |_, _, m| {
        moves.push((index(m), m.to_string()));
    });
    let (result, failure) = match out {
        Ok(r) => (
            match r.outcome {
                ludomat_game::Outcome::Win(Player::First) => format!("{fname} (first) wins"),
                ludomat_game::Outcome::Win(Player::Second) => format!("{sname} (second) wins"),
                ludomat_game::Outcome::Draw => "a draw".to_string(),
            } + &r
                .resigned
                .map(|p| {
                    format!(
                        " — {} resigned",
                        if p == Player::First { &fname } else { &sname }
                    )
                })
                .unwrap_or_default(),
            None,
        ),
        Err(e) => (
            "the game could not be finished".to_string(),
            Some(e.to_string()),
        ),
    };
    (fname, sname, moves, result, failure)
}

impl ArenaSession {
    fn build(config: ArenaConfig) -> Result<ArenaSession, SessionError> {
        if config.games == 0 || config.games > MAX_GAMES {
            return Err(invalid(format!(
                "games: {} is out of range; a tournament has 1 to {MAX_GAMES} games",
                config.games
            )));
        }
        let a = entrant(&config, &config.a, &config.a_disable, "a")?;
        let b = entrant(&config, &config.b, &config.b_disable, "b")?;
        seats(a, b, config.sides).map_err(|e| invalid(format!("b: {e}")))?;
        Ok(ArenaSession {
            config,
            a,
            b,
            mode: Mode::Idle,
            cancelled: false,
            watch: None,
            pairs: Vec::new(),
            current: 0,
            started: None,
            elapsed: Duration::ZERO,
            cpu: Duration::ZERO,
        })
    }

    fn contestants(&self) -> Vec<ContestantView> {
        match self.config.game {
            GameKind::Tictactoe => TictactoeContestant::ALL
                .iter()
                .map(|c| ContestantView {
                    name: c.name(),
                    description: c.description(),
                    plays_second: c.plays_second(),
                })
                .collect(),
            GameKind::Qubic => QubicContestant::ALL
                .iter()
                .map(|c| ContestantView {
                    name: c.name(),
                    description: c.description(),
                    plays_second: true,
                })
                .collect(),
        }
    }

    fn watch(&mut self, game: u64) -> Result<Vec<ArenaHappening>, SessionError> {
        if game >= self.config.games {
            return Err(SessionError::Refused(format!(
                "game {game} is not in a tournament of {} games (they are numbered from 0)",
                self.config.games
            )));
        }
        let cfg = tcfg(&self.config, self.config.games);
        let (sa, sb) = game_seeds(self.config.seed, game);
        let a_first = a_side(&cfg, game) == Player::First;
        let (f, s) = if a_first {
            (self.a, self.b)
        } else {
            (self.b, self.a)
        };
        let (fs, ss) = if a_first { (sa, sb) } else { (sb, sa) };
        let (first, second, moves, result, failure, size) = match (f, s) {
            (Entrant::Tictactoe(x), Entrant::Tictactoe(o)) => {
                let (p, q, m, r, e) = record::<ludomat_tictactoe::Board>(
                    x.build(fs)
                        .map_err(|e| SessionError::Failed(e.to_string()))?,
                    o.build(ss)
                        .map_err(|e| SessionError::Failed(e.to_string()))?,
                    |c| c.index(),
                );
                (p, q, m, r, e, 9)
            }
            (Entrant::Qubic(x), Entrant::Qubic(o)) => {
                let (p, q, m, r, e) =
                    record::<ludomat_qubic::Board<3>>(x.build::<3>(fs), o.build::<3>(ss), |c| {
                        c.index()
                    });
                (p, q, m, r, e, 64)
            }
            _ => {
                return Err(SessionError::Failed(
                    "the two contestants play different games".into(),
                ))
            }
        };
        self.watch = Some(Watched {
            game,
            first: first.clone(),
            second: second.clone(),
            size,
            moves,
            shown: 0,
            result,
            failure,
        });
        self.mode = Mode::Watching;
        self.cancelled = false;
        Ok(vec![ArenaHappening::Watching {
            game,
            first,
            second,
        }])
    }

    fn start(&mut self, round_robin: bool) -> Result<Vec<ArenaHappening>, SessionError> {
        let games = self.config.games;
        let pairs: Vec<Pair> = if round_robin {
            let entrants: Vec<Entrant> = match self.config.game {
                GameKind::Tictactoe => TictactoeContestant::ALL
                    .iter()
                    .map(|&c| Entrant::Tictactoe(c))
                    .collect(),
                GameKind::Qubic => QubicContestant::ALL
                    .iter()
                    .map(|&c| Entrant::Qubic(QubicSpec::new(c)))
                    .collect(),
            };
            let mut v = Vec::new();
            for i in 0..entrants.len() {
                for j in i + 1..entrants.len() {
                    let (mut a, mut b) = (entrants[i], entrants[j]);
                    if self.config.sides == Sides::Fixed && seats(a, b, Sides::Fixed).is_err() {
                        std::mem::swap(&mut a, &mut b);
                    }
                    let skipped = seats(a, b, self.config.sides).err();
                    v.push(Pair {
                        a,
                        b,
                        result: None,
                        done: 0,
                        total: if skipped.is_some() { 0 } else { games },
                        curve: Vec::new(),
                        skipped,
                    });
                }
            }
            let total: u64 = v.iter().map(|p| p.total).sum();
            if total > MAX_ROUND_ROBIN_GAMES {
                return Err(SessionError::TooMuch(format!(
                    "a round robin of {} pairs × {games} games is {total} games; the arena plays at most {MAX_ROUND_ROBIN_GAMES} (lower games)",
                    v.len()
                )));
            }
            v
        } else {
            vec![Pair {
                a: self.a,
                b: self.b,
                result: None,
                done: 0,
                total: games,
                curve: Vec::new(),
                skipped: None,
            }]
        };
        let total = pairs.iter().map(|p| p.total).sum();
        let n = pairs.len();
        self.pairs = pairs;
        self.current = self.pairs.iter().position(|p| p.total > 0).unwrap_or(0);
        self.mode = if round_robin {
            Mode::RoundRobin
        } else {
            Mode::Tournament
        };
        self.cancelled = false;
        self.watch = None;
        self.started = None;
        self.elapsed = Duration::ZERO;
        self.cpu = Duration::ZERO;
        Ok(vec![ArenaHappening::Started {
            pairs: n,
            games: total,
        }])
    }

    fn busy(&self) -> bool {
        match self.mode {
            Mode::Idle => false,
            Mode::Watching => self.watch.as_ref().is_some_and(|w| w.shown < w.moves.len()),
            Mode::Tournament | Mode::RoundRobin => {
                !self.cancelled && self.pairs.iter().any(|p| p.done < p.total)
            }
        }
    }

    fn step_watch(&mut self) -> Result<Vec<ArenaHappening>, SessionError> {
        let Some(w) = self.watch.as_mut() else {
            return Err(SessionError::Refused("nothing to watch".into()));
        };
        if w.shown >= w.moves.len() {
            return Err(SessionError::Refused(format!(
                "game {} is over ({}); watch another or run a tournament",
                w.game, w.result
            )));
        }
        let (_, cell) = &w.moves[w.shown];
        let by = if w.shown % 2 == 0 {
            &w.first
        } else {
            &w.second
        };
        let mut out = vec![ArenaHappening::Moved {
            by: by.clone(),
            cell: cell.clone(),
        }];
        w.shown += 1;
        if w.shown == w.moves.len() {
            out.push(ArenaHappening::GameOver {
                result: w.result.clone(),
            });
        }
        Ok(out)
    }

    fn step_games(&mut self, most: u64) -> Result<Vec<ArenaHappening>, SessionError> {
        if !self.busy() {
            return Err(SessionError::Refused(if self.cancelled {
                "the tournament was cancelled; run it again to start over".into()
            } else {
                format!("the tournament is over: {} games played", self.played())
            }));
        }
        while self.pairs[self.current].done >= self.pairs[self.current].total {
            self.current += 1;
        }
        let cfg = tcfg(&self.config, self.config.games);
        let started = Instant::now();
        let cpu0 = ludomat_game::run::cpu::thread();
        let run_started = *self.started.get_or_insert(started);
        let p = &mut self.pairs[self.current];
        let first = p.done;
        let end_cap = (p.done + most.clamp(1, MAX_GAMES_PER_STEP)).min(p.total);
        while p.done < end_cap {
            let to = (p.done + CHUNK).min(end_cap);
            let r = play_range(p.a, p.b, &cfg, p.done..to);
            match &mut p.result {
                Some(acc) => acc.absorb(&r),
                None => p.result = Some(r),
            }
            p.done = to;
            // A point of the running rates after every chunk: the curve covers the
            // whole run from its first games, however many one step plays.
            if let Some(r) = &p.result {
                curve_point(&mut p.curve, p.done, r);
            }
            if started.elapsed() >= STEP_BUDGET {
                break;
            }
        }
        let pair = format!("{} against {}", p.a.name(), p.b.name());
        let mut out = vec![ArenaHappening::Played {
            pair,
            games: p.done - first,
            done: p.done,
        }];
        self.cpu += ludomat_game::run::cpu::thread().saturating_sub(cpu0);
        self.elapsed = run_started.elapsed();
        if !self.busy() {
            out.push(ArenaHappening::Finished {
                games: self.played(),
            });
        }
        Ok(out)
    }

    fn played(&self) -> u64 {
        self.pairs.iter().map(|p| p.done).sum()
    }

    fn table(&self, p: &Pair) -> TableView {
        let empty = TournamentResult {
            a_name: p.a.name().to_string(),
            b_name: p.b.name().to_string(),
            a: ludomat_game::Tally::default(),
            by_seat: ludomat_game::Tally::default(),
            a_by_seat: [ludomat_game::Tally::default(); 2],
            failed: 0,
            first_failure: None,
            elapsed: Duration::ZERO,
            cpu: Duration::ZERO,
            stopped: false,
        };
        let r = p.result.as_ref().unwrap_or(&empty);
        let alternate = self.config.sides == Sides::Alternate;
        let text = match self.config.game {
            GameKind::Tictactoe => table::tictactoe(r, alternate, self.config.seed),
            GameKind::Qubic => table::qubic(r, 3, self.config.seed, !alternate),
        };
        let t = |x: &ludomat_game::Tally| [x.wins, x.draws, x.losses];
        TableView {
            a: r.a_name.clone(),
            b: r.b_name.clone(),
            played: p.done,
            total: p.total,
            a_wins: r.a.wins,
            draws: r.a.draws,
            b_wins: r.a.losses,
            failed: r.failed,
            a_rate: rate(r.a.win_rate()),
            draw_rate: rate(r.a.draw_rate()),
            b_rate: rate(r.a.loss_rate()),
            by_first: [t(&r.a_by_seat[0]), t(&r.a_by_seat[1])],
            text,
            curve: p.curve.clone(),
            skipped: p.skipped.clone(),
        }
    }
}

impl Session for ArenaSession {
    type Config = ArenaConfig;
    type Action = ArenaAction;
    type View = ArenaView;
    type Happening = ArenaHappening;

    const KIND: &'static str = "arena";

    fn new(config: ArenaConfig) -> Result<Self, SessionError> {
        Self::build(config)
    }

    fn config(&self) -> &ArenaConfig {
        &self.config
    }

    /// `batch` is counted in games.
    fn work_of(&self, action: &ArenaAction) -> Option<ludomat_game::Work> {
        match action {
            ArenaAction::Batch { games } => Some(ludomat_game::Work {
                amount: *games,
                one: "game",
                many: "games",
            }),
            _ => None,
        }
    }

    fn apply(&mut self, action: ArenaAction) -> Result<Vec<ArenaHappening>, SessionError> {
        match action {
            ArenaAction::Watch { game } => self.watch(game),
            ArenaAction::Run => self.start(false),
            ArenaAction::RoundRobin => self.start(true),
            ArenaAction::Step | ArenaAction::Batch { .. } => {
                let most = match action {
                    ArenaAction::Batch { games } => games,
                    _ => MAX_GAMES_PER_STEP,
                };
                match self.mode {
                    Mode::Idle => Err(SessionError::Refused(
                        "nothing in hand: watch a game or run a tournament first".into(),
                    )),
                    Mode::Watching => self.step_watch(),
                    Mode::Tournament | Mode::RoundRobin => self.step_games(most),
                }
            }
            ArenaAction::Cancel => {
                if !matches!(self.mode, Mode::Tournament | Mode::RoundRobin) || !self.busy() {
                    return Err(SessionError::Refused("no tournament is running".into()));
                }
                self.cancelled = true;
                Ok(vec![ArenaHappening::Cancelled {
                    games: self.played(),
                }])
            }
            ArenaAction::Reset { config } => {
                let fresh = Self::build(config.unwrap_or_else(|| self.config.clone()))?;
                *self = fresh;
                Ok(vec![ArenaHappening::Reset])
            }
        }
    }

    fn view(&self) -> ArenaView {
        let watch = self.watch.as_ref().map(|w| {
            let mut cells = vec![String::new(); w.size];
            for (k, (i, _)) in w.moves.iter().take(w.shown).enumerate() {
                if let Some(c) = cells.get_mut(*i) {
                    *c = if k % 2 == 0 { "X" } else { "O" }.to_string();
                }
            }
            WatchView {
                game: w.game,
                first: w.first.clone(),
                second: w.second.clone(),
                size: w.size,
                cells,
                moves: w.moves.iter().take(w.shown).map(|m| m.1.clone()).collect(),
                length: w.moves.len(),
                result: (w.shown == w.moves.len()).then(|| w.result.clone()),
                failure: if w.shown == w.moves.len() {
                    w.failure.clone()
                } else {
                    None
                },
            }
        });
        ArenaView {
            config: self.config.clone(),
            contestants: self.contestants(),
            mode: self.mode,
            busy: self.busy(),
            cancelled: self.cancelled,
            watch,
            tables: self.pairs.iter().map(|p| self.table(p)).collect(),
            current: self.current,
            played: self.played(),
            total: self.pairs.iter().map(|p| p.total).sum(),
            elapsed_ms: self.elapsed.as_secs_f64() * 1000.0,
            cpu_ms: self.cpu.as_secs_f64() * 1000.0,
        }
    }

    fn parse_action(&self, line: &str) -> Result<ArenaAction, SessionError> {
        match line.trim() {
            "step" | "s" => Ok(ArenaAction::Step),
            "run" => Ok(ArenaAction::Run),
            "round-robin" => Ok(ArenaAction::RoundRobin),
            "cancel" => Ok(ArenaAction::Cancel),
            "watch" => Ok(ArenaAction::Watch { game: 0 }),
            other => Err(invalid(format!(
                "arena: cannot read {}; try watch, step, run, round-robin, cancel",
                ludomat_io::text::quoted(other, 60)
            ))),
        }
    }
}
