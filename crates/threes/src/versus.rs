//! Strength against thinking time: several AIs, each at several budgets, play the same
//! seeded games through the engine protocol; the curve is mean score (with its 95 %
//! interval) against the CPU time per move each engine actually used.
//!
//! Every AI is an engine process ([`crate::engine::EngineProcess`]), so the CPU per move is
//! measured the same way for all of them: the engine process's CPU clock over the game,
//! divided by the swipes. Game `i` of a run is dealt from `seed::derive(seed, i)` for every
//! AI and budget. Each finished game is handed to the caller at once (one CSV line), so an
//! interrupted run keeps its games, and `first_game` / `skip` resume it.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use ludomat_game::run::{Ended, RunContext};
use ludomat_game::{seed, Proportion};

use crate::engine::{EngineCommand, EngineError, EngineProcess, Limits};
use crate::summary::SummaryError;
use crate::HintModel;

/// One AI at one budget: the command that starts its engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The AI's name (one line of the chart).
    pub ai: String,
    /// The budget as written on its command line ("3" ms, "-1" depth offset …).
    pub budget: String,
    /// The engine.
    pub command: EngineCommand,
}

/// A curve run.
#[derive(Debug, Clone)]
pub struct VersusConfig {
    /// Every AI at every budget.
    pub entries: Vec<Entry>,
    /// Games per entry.
    pub games: u32,
    /// The first game's number (a run resumed or split).
    pub first_game: u32,
    /// The master seed.
    pub seed: u64,
    /// How bonus cards are hinted.
    pub model: HintModel,
    /// What an engine may take.
    pub limits: Limits,
    /// Games played at once (each engine is one process; its CPU time is its own whatever
    /// runs beside it).
    pub threads: usize,
    /// Games already done: (ai, budget, game number), skipped.
    pub skip: HashSet<(String, String, u64)>,
}

impl VersusConfig {
    /// The games this run plays (every AI at every budget, the games done skipped): the
    /// total its stop line says.
    #[must_use]
    pub fn to_play(&self) -> u64 {
        let end = self.first_game.saturating_add(self.games);
        self.items(end).len() as u64
    }

    /// (entry, game number) of every game to play up to `end`, the ones done skipped.
    fn items(&self, end: u32) -> Vec<(usize, u64)> {
        (self.first_game..end)
            .flat_map(|i| (0..self.entries.len()).map(move |e| (e, u64::from(i))))
            .filter(|&(e, i)| {
                let en = &self.entries[e];
                !self.skip.contains(&(en.ai.clone(), en.budget.clone(), i))
            })
            .collect()
    }
}

/// The options of `threes versus` (with the cargo feature `clap` the binary's flags; its
/// counts, `--games` and `--threads`, are read by the binary's one count parser).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct VersusOptions {
    /// An AI and its budgets, `NAME:B1,B2,…=COMMAND`: the engine command with `{}` where
    /// each budget goes (repeat for each AI). The program `ludomat` is this ludomat:
    /// `--ai 'ludomat:1,10=ludomat threes engine --cpu-per-move {}'`.
    #[cfg_attr(
        feature = "clap",
        arg(long = "ai", value_name = "NAME:BUDGETS=COMMAND")
    )]
    pub ais: Vec<String>,
    /// Games per AI and budget (1 to 1,000,000); game i is the same deal for all.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 100, value_name = "N"))]
    pub games: u32,
    /// Master seed; game i uses a seed derived from it.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1, value_parser = ludomat_game::count::count::<u64>(0, u64::MAX)))]
    pub seed: u64,
    /// Number of the first game K (a run split into parts, or continued; 0 to
    /// 4,294,967,294). K + games must stay within 4,294,967,295.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 0, value_parser = ludomat_game::count::count::<u32>(0, crate::options::LAST_FIRST_GAME as u64)))]
    pub first_game: u32,
    /// Games played at once, each by its own engine process (1 to 256).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1, value_name = "N"))]
    pub threads: u16,
    /// Append one line per finished game to this CSV file.
    #[cfg_attr(feature = "clap", arg(long))]
    pub csv: Option<PathBuf>,
    /// Keep the games already in --csv and play only those missing.
    #[cfg_attr(feature = "clap", arg(long, requires = "csv"))]
    pub resume: bool,
    /// Play nothing: read these CSV files (of earlier runs) and print and draw their curve.
    #[cfg_attr(feature = "clap", arg(long, num_args = 1.., conflicts_with_all = ["ais", "resume"]))]
    pub from: Vec<PathBuf>,
    /// Draw the curve (.png or .svg): mean score with 95 % intervals against CPU time per
    /// move on a log axis, one line per AI, and the 3072 and 6144 rates.
    #[cfg_attr(feature = "clap", arg(long))]
    pub chart: Option<PathBuf>,
    /// Seconds an engine may take to greet or to answer one turn (0.01 to 86,400).
    #[cfg_attr(
        feature = "clap",
        arg(long, default_value_t = 60.0, value_name = "SECONDS", value_parser = ludomat_game::count::decimal(0.01, 86_400.0))
    )]
    pub engine_timeout: f64,
    /// How bonus cards are announced: plus (the original '+') or window (three values).
    #[cfg_attr(feature = "clap", arg(long, default_value = "plus", value_parser = crate::options::hint_models()))]
    pub hint_model: HintModel,
    /// Also compare two AIs game by game on the deals both played, at each budget both
    /// played (`A,B`: the mean of A − B with its 95 % interval).
    #[cfg_attr(feature = "clap", arg(long, value_name = "A,B"))]
    pub paired: Option<String>,
}

impl VersusOptions {
    /// The run these options ask for: `entries` (from [`entries`]), the games in `skip`
    /// already done.
    ///
    /// # Errors
    /// An engine timeout out of its range.
    pub fn config(
        &self,
        entries: Vec<Entry>,
        skip: HashSet<(String, String, u64)>,
    ) -> Result<VersusConfig, VersusError> {
        if self.games == 0 || self.games > MAX_GAMES {
            return Err(VersusError::Config(format!(
                "--games: 1 to {MAX_GAMES}, not {}",
                self.games
            )));
        }
        crate::options::check_game_numbers(self.first_game, self.games)
            .map_err(|e| VersusError::Config(e.0))?;
        Ok(VersusConfig {
            entries,
            games: self.games,
            first_game: self.first_game,
            seed: self.seed,
            model: self.hint_model,
            limits: Limits::with_turn(self.engine_timeout).map_err(VersusError::Config)?,
            threads: usize::from(self.threads),
            skip,
        })
    }
}

/// What a curve run's CSV log (`--csv`) is: its settings line holds the seed, the hint
/// model and every `--ai` as given, so `--resume` refuses a run with other settings
/// instead of mixing two experiments in one AI×budget point.
#[must_use]
pub fn log_spec(options: &VersusOptions) -> ludomat_io::log::Spec {
    let mut settings = ludomat_io::log::Settings::new()
        .with("--seed", options.seed)
        .with("--hint-model", options.hint_model);
    for ai in &options.ais {
        settings = settings.with("--ai", ai);
    }
    ludomat_io::log::Spec {
        what: "threes versus".into(),
        format: ludomat_io::log::Format::Csv(CSV_HEADER.into()),
        settings,
    }
}

/// Whether `line` is a whole row of a curve CSV (a last line that lost only its newline).
#[must_use]
pub fn is_whole_row(line: &str) -> bool {
    read_csv("", &format!("{CSV_HEADER}\n{line}\n"), &mut Vec::new()).is_ok()
}

/// Every `--ai` of `specs` ([`entries`]), each engine's command handed to `resolve`
/// (which may replace its program).
///
/// # Errors
/// A spec [`entries`] refuses, or what `resolve` returns.
pub fn entries_of<E: From<VersusError>>(
    specs: &[String],
    resolve: &mut dyn FnMut(EngineCommand) -> Result<EngineCommand, E>,
) -> Result<Vec<Entry>, E> {
    let mut all = Vec::new();
    for spec in specs {
        for e in entries(spec)? {
            let command = resolve(e.command)?;
            all.push(Entry { command, ..e });
        }
    }
    Ok(all)
}

/// One `--ai NAME:B1,B2,…=COMMAND`: an entry per budget, each with the command's `{}`
/// replaced by the budget.
///
/// # Errors
/// A spec not of that form (the message quotes it), or a command that cannot be parsed.
pub fn entries(spec: &str) -> Result<Vec<Entry>, VersusError> {
    let fail = |why: &str| {
        VersusError::Config(format!(
            "--ai {}: {why}",
            ludomat_io::text::quoted(spec, 80)
        ))
    };
    let Some((head, command)) = spec.split_once('=') else {
        return Err(fail("expected NAME:BUDGETS=COMMAND"));
    };
    let Some((name, budgets)) = head.split_once(':') else {
        return Err(fail(
            "expected NAME:BUDGETS=COMMAND (no ':' before the '=')",
        ));
    };
    let name = name.trim();
    if name.is_empty() || name.contains(',') {
        return Err(fail("the name must be non-empty and without commas"));
    }
    // a name and its budgets are shown in refusals and tables and written to the CSV:
    // a control character or a bidirectional control in them is refused here, once
    for (what, text) in [("the name holds", name), ("the budgets hold", budgets)] {
        if let Some((at, which)) = ludomat_io::text::first_hidden(text) {
            return Err(fail(&format!(
                "{what} {which} at character {at}; names and budgets are shown in \
                 tables and written to the CSV: give them without such characters"
            )));
        }
    }
    if !command.contains("{}") {
        return Err(fail("the command has no {} where the budget goes"));
    }
    budgets
        .split(',')
        .map(str::trim)
        .map(|b| {
            if b.is_empty() || b.contains(char::is_whitespace) {
                return Err(fail("an empty budget or one with spaces"));
            }
            Ok(Entry {
                ai: name.to_string(),
                budget: b.to_string(),
                command: EngineCommand::parse(name, &command.replace("{}", b))?,
            })
        })
        .collect()
}

/// The games of `games` as [`VersusConfig::skip`] lists them (a run resumed from its CSV).
#[must_use]
pub fn done(games: &[VersusGame]) -> HashSet<(String, String, u64)> {
    games
        .iter()
        .map(|g| (g.ai.clone(), g.budget.clone(), g.game))
        .collect()
}

/// The most games per entry.
pub const MAX_GAMES: u32 = 1_000_000;

/// One finished game of a curve run.
#[derive(Debug, Clone, PartialEq)]
pub struct VersusGame {
    /// The AI.
    pub ai: String,
    /// Its budget.
    pub budget: String,
    /// The game's number.
    pub game: u64,
    /// Its seed.
    pub seed: u64,
    /// The final score.
    pub score: u64,
    /// The highest card.
    pub max_tile: u32,
    /// Swipes.
    pub moves: u32,
    /// Nodes the engine reported (0 if it reports none).
    pub nodes: u64,
    /// The engine's CPU time for the game.
    pub cpu: Duration,
    /// The game's wall-clock time.
    pub wall: Duration,
}

/// The CSV header of a curve run.
pub const CSV_HEADER: &str =
    "ai,budget,game,seed,score,max_tile,moves,nodes,cpu_seconds,wall_seconds";

/// One CSV line (with its newline).
#[must_use]
pub fn csv_row(g: &VersusGame) -> String {
    format!(
        "{},{},{},{},{},{},{},{},{:.6},{:.6}\n",
        g.ai,
        g.budget,
        g.game,
        g.seed,
        g.score,
        g.max_tile,
        g.moves,
        g.nodes,
        g.cpu.as_secs_f64(),
        g.wall.as_secs_f64()
    )
}

/// Read the games of a curve CSV; `source` names it in errors. A game met twice (the same
/// AI, budget and number) is an error.
///
/// # Errors
/// A missing header, a line with the wrong fields, or a game met twice.
pub fn read_csv(source: &str, text: &str, into: &mut Vec<VersusGame>) -> Result<(), SummaryError> {
    read_csv_from(source, text.as_bytes(), into)
}

/// [`read_csv`] line by line from `reader`: a file of any size.
///
/// # Errors
/// As [`read_csv`], or a line too long or a read error.
pub fn read_csv_from(
    source: &str,
    reader: impl std::io::BufRead,
    into: &mut Vec<VersusGame>,
) -> Result<(), SummaryError> {
    read_rows(source, reader, None, into)
}

/// [`read_csv`] of the log a run resumes (`--resume`): a line whose AI and budget are not
/// one of `entries` (this run's) is refused, as a cut or doubled line is — its game would
/// get a row of its own, and the run's game of that number be played again.
///
/// # Errors
/// As [`read_csv`], and a line of an AI or budget this run does not have.
pub fn read_log(
    source: &str,
    text: &str,
    entries: &[Entry],
    into: &mut Vec<VersusGame>,
) -> Result<(), SummaryError> {
    read_rows(source, text.as_bytes(), Some(entries), into)
}

fn read_rows(
    source: &str,
    reader: impl std::io::BufRead,
    entries: Option<&[Entry]>,
    into: &mut Vec<VersusGame>,
) -> Result<(), SummaryError> {
    let mut seen: HashSet<(String, String, u64)> = into
        .iter()
        .map(|g| (g.ai.clone(), g.budget.clone(), g.game))
        .collect();
    crate::summary::read_csv_rows(
        source,
        reader,
        CSV_HEADER,
        "threes versus",
        &mut |_| Ok(()),
        &mut |n, line| {
            let at = crate::summary::at_line(source, n);
            read_row(&at, line, &mut seen, into)?;
            match (entries, into.last()) {
                (Some(entries), Some(g)) => of_this_run(&at, g, entries),
                _ => Ok(()),
            }
        },
    )
}

/// A resumed log's game `g` (at `at`) is of one of this run's `entries`.
fn of_this_run(at: &str, g: &VersusGame, entries: &[Entry]) -> Result<(), SummaryError> {
    if entries.iter().any(|e| e.ai == g.ai && e.budget == g.budget) {
        return Ok(());
    }
    let budgets: Vec<&str> = (entries.iter())
        .filter(|e| e.ai == g.ai)
        .map(|e| e.budget.as_str())
        .collect();
    let problem = if budgets.is_empty() {
        format!(
            "the AI {} is not one of this run's",
            ludomat_io::text::quoted(&g.ai, 40)
        )
    } else {
        format!(
            "budget {} is not one of this run's for {} ({})",
            ludomat_io::text::quoted(&g.budget, 40),
            g.ai,
            budgets.join(", ")
        )
    };
    Err(SummaryError {
        at: at.to_string(),
        problem,
    })
}

/// One row of a curve CSV, at `at`, into `into` (`seen`: the games already there).
fn read_row(
    at: &str,
    line: &str,
    seen: &mut HashSet<(String, String, u64)>,
    into: &mut Vec<VersusGame>,
) -> Result<(), SummaryError> {
    {
        let f: Vec<&str> = line.split(',').collect();
        let err = |problem: String| SummaryError {
            at: at.to_string(),
            problem,
        };
        if f.len() != 10 {
            return Err(err(format!("{} fields, expected 10", f.len())));
        }
        let int = |i: usize, name: &str| -> Result<u64, SummaryError> {
            f[i].trim().parse().map_err(|_| {
                err(format!(
                    "{name} {} is not a whole number",
                    ludomat_io::text::quoted(f[i], 40)
                ))
            })
        };
        let secs = |i: usize, name: &str| -> Result<Duration, SummaryError> {
            f[i].trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && (0.0..=crate::summary::MAX_SECONDS).contains(s))
                .map(Duration::from_secs_f64)
                .ok_or_else(|| {
                    err(format!(
                        "{name} {} is not a duration in seconds",
                        ludomat_io::text::quoted(f[i], 40)
                    ))
                })
        };
        // a name written by hand or by another program may hold control characters:
        // kept escaped, so every table and message shows it so
        let shown = |t: &str| ludomat_io::text::escape_controls(t).into_owned();
        let g = VersusGame {
            ai: shown(f[0]),
            budget: shown(f[1]),
            game: int(2, "game")?,
            seed: int(3, "seed")?,
            score: int(4, "score")?,
            max_tile: u32::try_from(int(5, "max_tile")?)
                .map_err(|_| err("max_tile is too large".into()))?,
            moves: u32::try_from(int(6, "moves")?).map_err(|_| err("moves is too large".into()))?,
            nodes: int(7, "nodes")?,
            cpu: secs(8, "cpu_seconds")?,
            wall: secs(9, "wall_seconds")?,
        };
        if !seen.insert((g.ai.clone(), g.budget.clone(), g.game)) {
            return Err(err(format!(
                "game {} of {} at budget {} is already there",
                g.game, g.ai, g.budget
            )));
        }
        into.push(g);
    }
    Ok(())
}

/// One point of the curve: an AI at a budget, over its games.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    /// The AI.
    pub ai: String,
    /// The budget as given.
    pub budget: String,
    /// Games.
    pub games: u64,
    /// Mean score.
    pub mean: f64,
    /// Half the width of the mean's 95 % interval (Student's t).
    pub half_width: f64,
    /// Mean CPU time per swipe over all the games' swipes, in milliseconds.
    pub cpu_ms_per_move: f64,
    /// Games that reached 3072.
    pub reached_3072: Proportion,
    /// Games that reached 6144.
    pub reached_6144: Proportion,
    /// The engine CPU time of all its games.
    pub cpu: Duration,
    /// The wall-clock time of all its games (one after another).
    pub wall: Duration,
}

/// The 97.5 % quantile of Student's t with `df` degrees of freedom (for a 95 % interval).
#[must_use]
pub fn t975(df: u64) -> f64 {
    const T: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => T[df as usize - 1],
        // the large-sample correction: z + (z³ + z) / (4 df)
        _ => {
            let z = Proportion::Z95;
            z + (z * z * z + z) / (4.0 * df as f64)
        }
    }
}

/// The curve's points: one per AI and budget, in the order they first appear.
#[must_use]
pub fn points(games: &[VersusGame]) -> Vec<Point> {
    let mut order: Vec<(String, String)> = Vec::new();
    let mut groups: BTreeMap<(String, String), Vec<&VersusGame>> = BTreeMap::new();
    for g in games {
        let k = (g.ai.clone(), g.budget.clone());
        if !groups.contains_key(&k) {
            order.push(k.clone());
        }
        groups.entry(k).or_default().push(g);
    }
    order
        .into_iter()
        .filter_map(|k| {
            let gs = groups.get(&k)?;
            let n = gs.len() as u64;
            let mean = gs.iter().map(|g| g.score as f64).sum::<f64>() / n as f64;
            let var = if n > 1 {
                gs.iter()
                    .map(|g| (g.score as f64 - mean).powi(2))
                    .sum::<f64>()
                    / (n - 1) as f64
            } else {
                0.0
            };
            let half_width = if n > 1 {
                t975(n - 1) * (var / n as f64).sqrt()
            } else {
                f64::INFINITY
            };
            let moves: u64 = gs.iter().map(|g| u64::from(g.moves)).sum();
            let cpu: Duration = gs.iter().map(|g| g.cpu).sum();
            let wall: Duration = gs.iter().map(|g| g.wall).sum();
            let reached =
                |v: u32| Proportion::new(gs.iter().filter(|g| g.max_tile >= v).count() as u64, n);
            Some(Point {
                ai: k.0,
                budget: k.1,
                games: n,
                mean,
                half_width,
                cpu_ms_per_move: 1000.0 * cpu.as_secs_f64() / moves.max(1) as f64,
                reached_3072: reached(3072),
                reached_6144: reached(6144),
                cpu,
                wall,
            })
        })
        .collect()
}

/// What a curve run reports as it goes: the points so far.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct VersusProgress {
    /// Games finished.
    pub games: u64,
    /// The last game's AI, budget and score.
    pub last: Option<(String, String, u64)>,
}

/// Why a curve run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum VersusError {
    /// An engine failed; the games finished before were handed out, and the games in
    /// flight beside it (`--threads`) were stopped and not kept.
    #[error("{error}{}", stopped_text(*.stopped))]
    Engine {
        /// The failure.
        error: EngineError,
        /// Games in flight stopped because of it (not kept).
        stopped: u64,
    },
    /// The caller could not take a finished game (e.g. the CSV cannot be written).
    #[error("{0}")]
    Output(String),
    /// The run asked for more than it may.
    #[error("{0}")]
    Config(String),
    /// An engine's command line that cannot be parsed.
    #[error(transparent)]
    Command(#[from] crate::engine::CommandError),
}

fn stopped_text(stopped: u64) -> String {
    match stopped {
        0 => String::new(),
        n => format!(
            " (the run stopped there: {} in flight beside it stopped and not kept)",
            ludomat_io::text::count(n, "game", "games")
        ),
    }
}

impl From<EngineError> for VersusError {
    fn from(error: EngineError) -> VersusError {
        VersusError::Engine { error, stopped: 0 }
    }
}

/// Play the run: every entry's games, `threads` at a time, the game number major (so all
/// entries advance together). `on_game` takes each finished game as it ends. Returns the
/// finished games (in the order they finished) and whether the run was cancelled (via
/// `ctx`: in-flight games are stopped and dropped).
///
/// # Errors
/// The first engine failure or output error; the games finished before it were handed to
/// `on_game`.
pub fn run(
    config: &VersusConfig,
    ctx: &mut RunContext<'_, VersusProgress>,
    on_game: &mut dyn FnMut(&VersusGame) -> Result<(), String>,
) -> Result<(Vec<VersusGame>, Ended), VersusError> {
    if config.games == 0 || config.games > MAX_GAMES {
        return Err(VersusError::Config(format!(
            "games per AI and budget: 1 to {MAX_GAMES}, not {}",
            config.games
        )));
    }
    let end = config.first_game.checked_add(config.games).ok_or_else(|| {
        VersusError::Config("--first-game + --games is past the last game number".into())
    })?;
    let items = config.items(end);
    ctx.set_total(Some(items.len() as u64));
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let cancel = ctx.cancel().clone();
    // Raised when an engine fails: the games in flight stop at their next turn (they
    // would be thrown away after playing to the end).
    let halt = std::sync::Arc::new(AtomicBool::new(false));
    let mut stopped_after_failure = 0u64;
    let (tx, rx) = mpsc::channel::<Result<VersusGame, EngineError>>();
    let mut done: Vec<VersusGame> = Vec::new();
    let mut failure: Option<VersusError> = None;
    std::thread::scope(|scope| {
        for _ in 0..config.threads.clamp(1, 256) {
            let tx = tx.clone();
            let (next, stop, items, cancel) = (&next, &stop, &items, cancel.clone());
            let halt = halt.clone();
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) || cancel.is_cancelled() {
                    return;
                }

                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(e, i)) = items.get(k) else { return };
                let entry = &config.entries[e];
                let game_seed = seed::derive(config.seed, i);
                // the greeting and the game stop at once on Ctrl-C or another's failure
                let played = EngineProcess::start_stoppable(
                    &entry.command,
                    config.limits,
                    Some(cancel.clone()),
                    Some(halt.clone()),
                )
                .and_then(|mut p| {
                    let r = p.play(i, game_seed, config.model, None);
                    if r.is_ok() {
                        p.quit();
                    }
                    r
                });
                let out = played.map(|g| VersusGame {
                    ai: entry.ai.clone(),
                    budget: entry.budget.clone(),
                    game: i,
                    seed: game_seed,
                    score: g.summary.score,
                    max_tile: g.summary.max_tile,
                    moves: g.summary.moves,
                    nodes: g.summary.nodes,
                    cpu: g.cpu,
                    wall: g.summary.elapsed,
                });
                let failed = out.is_err();
                if tx.send(out).is_err() || failed {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
            });
        }
        drop(tx);
        for r in rx {
            match r {
                Ok(g) => {
                    if failure.is_some() {
                        continue;
                    }
                    if let Err(e) = on_game(&g) {
                        failure = Some(VersusError::Output(e));
                        stop.store(true, Ordering::Relaxed);
                        continue;
                    }
                    done.push(g);
                    let n = done.len() as u64;
                    let _ = ctx.tick(n, || VersusProgress {
                        games: n,
                        last: done
                            .last()
                            .map(|g| (g.ai.clone(), g.budget.clone(), g.score)),
                    });
                }
                Err(EngineError::Stopped { .. }) => {
                    if failure.is_some() {
                        stopped_after_failure += 1;
                    }
                }
                // Ctrl-C at a terminal goes to the whole foreground group: an engine
                // caught starting (before it is in a group of its own) dies of it. That
                // is the person's Ctrl-C, not the engine's failure.
                Err(_) if cancel.is_cancelled() && failure.is_none() => {}
                Err(e) => {
                    if failure.is_none() {
                        failure = Some(VersusError::from(e));
                        halt.store(true, Ordering::Relaxed);
                    }
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    let n = done.len() as u64;
    ctx.finish(
        n,
        VersusProgress {
            games: n,
            last: done
                .last()
                .map(|g| (g.ai.clone(), g.budget.clone(), g.score)),
        },
    );
    if let Some(mut f) = failure {
        if let VersusError::Engine { stopped, .. } = &mut f {
            *stopped = stopped_after_failure;
        }
        return Err(f);
    }
    let ended = if ctx.cancelled() && (n as usize) < items.len() {
        Ended::Cancelled
    } else {
        Ended::Finished
    };
    Ok((done, ended))
}

/// Draw the curve to `path` (PNG or SVG): mean score with its 95 % interval against the
/// mean CPU time per move on a logarithmic axis, one line per AI; below it the share of
/// games reaching 3072 and 6144; `caption` under it (the command).
///
/// # Errors
/// No points, or the chart cannot be written.
pub fn chart(
    points: &[Point],
    path: &Path,
    caption: &str,
) -> Result<(), ludomat_chart::ChartError> {
    let mut ais: Vec<&str> = Vec::new();
    for p in points {
        if !ais.contains(&p.ai.as_str()) {
            ais.push(&p.ai);
        }
    }
    let lines = ais
        .iter()
        .map(|ai| {
            let mut ps: Vec<&Point> = points.iter().filter(|p| p.ai == *ai).collect();
            ps.sort_by(|a, b| a.cpu_ms_per_move.total_cmp(&b.cpu_ms_per_move));
            ludomat_chart::CurveLine {
                name: (*ai).to_string(),
                points: ps
                    .iter()
                    .map(|p| ludomat_chart::CurvePoint {
                        x: p.cpu_ms_per_move.max(1e-3),
                        y: p.mean,
                        low: p.mean - p.half_width.min(p.mean),
                        high: p.mean + p.half_width.min(p.mean),
                        rates: vec![p.reached_3072.rate(), p.reached_6144.rate()],
                    })
                    .collect(),
            }
        })
        .collect();
    let chart = ludomat_chart::CurveChart {
        title: "Threes!: mean score against CPU time per move".into(),
        x_label: "CPU time per move (ms, log scale)".into(),
        y_label: "mean score (95 % interval)".into(),
        rate_label: "reaching 3,072, 6,144 (dashed)".into(),
        lines,
        caption: caption.to_string(),
    };
    ludomat_chart::curve_chart(&chart, path)
}

/// The stop line of a run stopped by Ctrl-C after `this_run` of its `to_play` games,
/// saying what the table printed above it holds: `all` games, the log's earlier games
/// (`--resume`) with this run's; `logged`: a log (`--csv`) keeps them. A resumed run
/// stopped at once says the table is the log's games, never that it is this run's none.
#[must_use]
pub fn stopped(
    this_run: u64,
    to_play: u64,
    all: u64,
    logged: bool,
) -> ludomat_io::interrupt::Stopped {
    let earlier = all.saturating_sub(this_run);
    let go_on = if logged { " (go on with --resume)" } else { "" };
    let kept = match (this_run, earlier) {
        _ if all == 0 => "no game had ended: no table".to_string(),
        (_, 0) if logged => format!("the table above is theirs, and the log holds them{go_on}"),
        (_, 0) => "the table above is theirs".to_string(),
        (0, _) => format!(
            "the table above holds the log's {}{go_on}",
            ludomat_io::text::count(earlier, "game", "games")
        ),
        _ => format!(
            "the table above holds them and the log's {}{go_on}",
            ludomat_io::text::count(earlier, "earlier game", "earlier games")
        ),
    };
    let unit = ("game in this run", "games in this run");
    ludomat_io::interrupt::Stopped::after(this_run, Some(to_play), unit, &kept)
}

#[cfg(test)]
mod tests {
    /// A stopped run says what its table holds: this run's games, the log's, or both
    /// (a resumed run stopped at once said "after 0 of 99 games in this run; the table
    /// above is theirs" over a table of the log's game).
    #[test]
    fn a_stop_says_what_the_table_holds() {
        let line = |this_run, all, logged| super::stopped(this_run, 99, all, logged).to_string();
        assert_eq!(
            line(0, 1, true),
            "Stopped by Ctrl-C after 0 of 99 games in this run; the table above holds the \
             log's 1 game (go on with --resume)."
        );
        assert_eq!(
            line(2, 5, true),
            "Stopped by Ctrl-C after 2 of 99 games in this run; the table above holds them \
             and the log's 3 earlier games (go on with --resume)."
        );
        assert_eq!(
            line(2, 2, true),
            "Stopped by Ctrl-C after 2 of 99 games in this run; the table above is theirs, \
             and the log holds them (go on with --resume)."
        );
        assert!(line(2, 2, false).ends_with("; the table above is theirs."));
        assert!(line(0, 0, false).ends_with("; no game had ended: no table."));
    }

    use super::*;

    fn g(ai: &str, budget: &str, game: u64, score: u64, moves: u32, cpu_ms: u64) -> VersusGame {
        VersusGame {
            ai: ai.into(),
            budget: budget.into(),
            game,
            seed: game * 7,
            score,
            max_tile: if score > 200_000 { 3072 } else { 768 },
            moves,
            nodes: 0,
            cpu: Duration::from_millis(cpu_ms),
            wall: Duration::from_millis(cpu_ms * 2),
        }
    }

    /// Second re-trial, hostile item 4: names with escape sequences and bidirectional
    /// controls were printed raw in refusals, the table, `--from` and the CSV.
    #[test]
    fn names_with_control_characters_are_refused_and_read_escaped() {
        for (spec, said) in [
            (
                "x\u{1b}[2J:1=prog {}",
                "the name holds a control character (U+001B) at character 2",
            ),
            (
                "ab\u{202e}c:1=prog {}",
                "the name holds a bidirectional control (U+202E) at character 3",
            ),
            (
                "x:1,\u{7}2=prog {}",
                "the budgets hold a control character (U+0007) at character 3",
            ),
        ] {
            let e = entries(spec).unwrap_err().to_string();
            assert!(e.contains(said), "{spec:?}: {e}");
            // the refusal quotes the spec escaped
            assert!(!e.contains('\u{1b}') && !e.contains('\u{202e}'), "{e:?}");
        }
        assert!(entries("plain:1,2=prog {}").is_ok());
        // a CSV written elsewhere with such a name: kept escaped
        let text = format!("{CSV_HEADER}\nx\u{1b}[31m,1\u{202e},0,7,100,768,10,0,0.1,0.2\n");
        let mut games = Vec::new();
        read_csv("c.csv", &text, &mut games).unwrap();
        assert_eq!(games[0].ai, "x\\u{1b}[31m");
        assert_eq!(games[0].budget, "1\\u{202e}");
    }

    #[test]
    fn csv_reads_back() {
        let games = vec![
            g("a", "1", 0, 100, 10, 20),
            g("b", "-1", 3, 300_000, 1000, 5_000),
        ];
        let text = format!("{CSV_HEADER}\n{}{}", csv_row(&games[0]), csv_row(&games[1]));
        let mut back = Vec::new();
        read_csv("x.csv", &text, &mut back).unwrap();
        assert_eq!(back, games);
        let e = read_csv("x.csv", &text, &mut back).unwrap_err();
        assert!(e.problem.contains("already there"), "{e}");
        assert!(read_csv("y.csv", "nonsense\n", &mut Vec::new()).is_err());
    }

    /// A resumed log's line whose budget (`-0` for `1000`) or AI is not the run's got a
    /// table row of its own, and the game was played again: refused, naming it.
    #[test]
    fn a_resumed_log_holds_only_this_runs_ais_and_budgets() {
        let run = entries("a:1,2=prog {}").unwrap();
        let text = |ai: &str, budget: &str| {
            format!("{CSV_HEADER}\n{}", csv_row(&g(ai, budget, 0, 100, 10, 20)))
        };
        assert!(read_log("x.csv", &text("a", "2"), &run, &mut Vec::new()).is_ok());
        let e = read_log("x.csv", &text("a", "-0"), &run, &mut Vec::new()).unwrap_err();
        assert_eq!(e.at, "x.csv, line 2");
        assert_eq!(
            e.problem,
            "budget '-0' is not one of this run's for a (1, 2)"
        );
        let e = read_log("x.csv", &text("b", "1"), &run, &mut Vec::new()).unwrap_err();
        assert_eq!(e.problem, "the AI 'b' is not one of this run's");
        // a summary of logs reads any
        assert!(read_csv("x.csv", &text("b", "1"), &mut Vec::new()).is_ok());
    }

    #[test]
    fn points_have_means_intervals_and_cpu_per_move() {
        let games = vec![
            g("a", "1", 0, 100, 10, 20),
            g("a", "1", 1, 300, 30, 20),
            g("b", "2", 0, 250_000, 100, 1_000),
        ];
        let p = points(&games);
        assert_eq!(p.len(), 2);
        assert_eq!((p[0].ai.as_str(), p[0].games, p[0].mean), ("a", 2, 200.0));
        // sd = 141.42, se = 100, t(1) = 12.706
        assert!(
            (p[0].half_width - 1270.6).abs() < 0.1,
            "{}",
            p[0].half_width
        );
        assert!((p[0].cpu_ms_per_move - 1.0).abs() < 1e-9);
        assert_eq!(p[1].reached_3072.rate(), 1.0);
        assert!(p[1].half_width.is_infinite());
        assert!((t975(1000) - 1.962).abs() < 1e-3);
    }
}
