//! `ludomat play threes`, `ludomat threes auto | replay | tune | bench`.
//!
//! Play reads keys in raw mode when standard input is a terminal (arrow keys, `w a s d`,
//! `q`), and whole lines otherwise (`w`, `left`, `wasd`…), so a game can be scripted.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::count::thousands as group;
use crate::progress;
use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use ludomat_game::run::{Checkpoint, CheckpointError, Ended, Progress};
use ludomat_game::{LineInput, Proportion, Session, SessionError};
use ludomat_threes::auto::{AutoConfig, AutoProgress, Contender};
use ludomat_threes::autoplay::GameSummary;
use ludomat_threes::engine::{EngineCommand, Limits};
use ludomat_threes::record::GameRecord;
use ludomat_threes::search::MAX_DEPTH;
use ludomat_threes::summary::{reached, score_bins, to_csv, ScoreStats, Summaries};
use ludomat_threes::tune::{tune_run, TuneConfig, TuneState};
use ludomat_threes::versus::{self, Entry, VersusConfig, VersusGame, VersusProgress};
use ludomat_threes::{
    Board, DepthRule, Direction, Heuristic, HintModel, SearchConfig, Searcher, Threes,
    ThreesAction, ThreesConfig, ThreesHappening, ThreesSession, Weights,
};

/// `ludomat play threes`
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Seed for the deck, the bonus cards and where cards come in.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Show the AI's recommended swipe and its expected value (the heuristic's expected
    /// value of the position that many swipes ahead) before every move.
    #[arg(long)]
    assist: bool,
    /// Search depth of the assistant (swipes, 1 to 10).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=i64::from(MAX_DEPTH)))]
    assist_depth: u8,
    /// How bonus cards are announced: plus (the original "+") or window (three values).
    #[arg(long, default_value = "plus", value_parser = hint_models())]
    hint_model: HintModel,
    /// Save the game (every board, card, hint and swipe) as JSON to this file.
    #[arg(long)]
    record: Option<PathBuf>,
}

/// `ludomat threes …`
#[derive(Debug, Args)]
pub struct ThreesCmd {
    #[command(subcommand)]
    command: ThreesSub,
}

#[derive(Debug, Subcommand)]
enum ThreesSub {
    /// The AI plays many seeded games; score statistics, CSV, histogram.
    Auto(AutoArgs),
    /// Step through a recorded game.
    Replay(ReplayArgs),
    /// Tune the heuristic's weights by coordinate search over seeded games.
    Tune(TuneArgs),
    /// Swipes per second (one thread) and search nodes per second.
    Bench(BenchArgs),
    /// Our AI as an engine: answer the engine protocol on standard input and output
    /// (crates/threes/ENGINE.md), for any harness.
    Engine(EngineArgs),
    /// Strength against thinking time: AIs at several budgets play the same seeded games
    /// through the engine protocol; mean score against CPU time per move, CSV and chart.
    Versus(VersusArgs),
    /// Combine the CSV files of several `auto` runs (e.g. one long run split over
    /// machines with --first-game) and print the same statistics.
    Summary(SummaryArgs),
}

/// `ludomat threes summary`
#[derive(Debug, Args)]
struct SummaryArgs {
    /// CSV files written by `threes auto --csv`.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// `ludomat threes auto`
#[derive(Debug, Args)]
struct AutoArgs {
    /// Games to play (1 to 10,000,000 per run; split longer runs with --first-game).
    #[arg(long, default_value_t = 10, value_name = "N", value_parser = crate::count::count::<u32>(1, MAX_GAMES as u64))]
    games: u32,
    /// Master seed; game i uses a seed derived from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Number of the first game: play games K … K+games−1 of the master seed's series
    /// (a long run split into parts; `threes summary` joins their CSV files). K + games
    /// must stay within 4,294,967,295.
    #[arg(long, default_value_t = 0)]
    first_game: u32,
    #[command(flatten)]
    rule: RuleArgs,
    /// Worker threads (1 to 256; default: all cores).
    #[arg(long, value_name = "N", value_parser = crate::count::count::<u16>(1, crate::count::MAX_THREADS))]
    threads: Option<u16>,
    /// Write one line per game to this CSV file.
    #[arg(long)]
    csv: Option<PathBuf>,
    /// Write a score histogram (.png or .svg).
    #[arg(long)]
    chart: Option<PathBuf>,
    /// Heuristic weights as JSON (as printed by `threes tune`).
    #[arg(long)]
    weights: Option<PathBuf>,
    /// How bonus cards are announced: plus (the original "+") or window (three values).
    #[arg(long, default_value = "plus", value_parser = hint_models())]
    hint_model: HintModel,
    /// Record every game as JSON into this directory (game-<i>.json).
    #[arg(long)]
    record_dir: Option<PathBuf>,
    /// Show each game as it ends: its final board, score and swipes.
    #[arg(long)]
    show: bool,
    /// Play through the engine protocol with this engine instead of our AI in-process
    /// (one engine process per thread; see crates/threes/ENGINE.md). The program
    /// `ludomat` is this ludomat: `--engine 'ludomat threes engine --cpu-per-move 5'`.
    #[arg(long, value_name = "CMD")]
    engine: Option<String>,
    /// Seconds an engine may take to answer one turn (0.01 to 86,400).
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
    engine_timeout: f64,

    // --- cluster (MPI): `--distributed`, see threes_cluster.rs ---------------------------
    /// Spread the work over the processes of an MPI run, rank 0 the master
    /// (`mpirun -n N ludomat threes auto --distributed …`): `search` (the default) spreads
    /// each move's subtrees, `games` hands out whole games (long strength runs; the same
    /// games and CSV as on one process). Needs a build with the cargo feature `mpi`;
    /// started without mpirun or with one process, the run stays on this process.
    #[arg(long, num_args = 0..=1, default_missing_value = "search", value_name = "MODE")]
    distributed: Option<DistMode>,
    /// Jobs are the subtrees this many swipes above the leaves (the source's
    /// parallelization depth, 1…16; default 8, capped at the depth − 1).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=16))]
    parallel_depth: Option<u8>,
    /// With `--distributed search`: print no report per move (only the summary).
    #[arg(long)]
    no_move_reports: bool,
    // --- end cluster ---------------------------------------------------------------------
}

/// How deep our AI searches: a fixed depth, the dynamic rule, or a budget per move.
#[derive(Debug, Args)]
struct RuleArgs {
    /// Fixed search depth in swipes, 1 to 10 (default: dynamic, from the board).
    #[arg(long, conflicts_with_all = ["time_per_move", "cpu_per_move", "nodes_per_move"], value_parser = clap::value_parser!(u8).range(1..=i64::from(MAX_DEPTH)))]
    depth: Option<u8>,
    /// Deepen the search while it fits this many milliseconds (wall clock) per move.
    #[arg(long, conflicts_with_all = ["cpu_per_move", "nodes_per_move"])]
    time_per_move: Option<u64>,
    /// Deepen the search while it fits this much CPU time of the searching thread per move,
    /// on average over the game (milliseconds, 0.01 to 100,000; one thread per search, so
    /// a loaded machine thinks as long as an idle one).
    #[arg(long, value_name = "MS", conflicts_with = "nodes_per_move")]
    cpu_per_move: Option<f64>,
    /// Deepen the search while it fits this many search nodes per move, on average over
    /// the game (1,000 to 10¹²): the same seed plays the same game on any machine.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1000..=1_000_000_000_000))]
    nodes_per_move: Option<u64>,
    /// The deepest search the dynamic, time and budget rules may use (default 6 for the
    /// dynamic and time rules — the measured default, about 16 ms CPU per move — and 10 with
    /// --cpu-per-move or --nodes-per-move; at most 10).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=i64::from(MAX_DEPTH)))]
    max_depth: Option<u8>,
    /// The shallowest search of the dynamic rule (3: the anchor's floor; at most
    /// --max-depth).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=i64::from(MAX_DEPTH)))]
    min_depth: u8,
    /// With a budget: how much more CPU a move may take for each more distinct card on the
    /// board than the game's average (1 to 16; 1: every move alike). The mean stays the
    /// budget.
    #[arg(long, default_value_t = ludomat_threes::search::DEFAULT_SPREAD)]
    spread: f64,
}

/// `ludomat threes engine`
#[derive(Debug, Args)]
struct EngineArgs {
    #[command(flatten)]
    rule: RuleArgs,
    /// Heuristic weights as JSON (as printed by `threes tune`).
    #[arg(long)]
    weights: Option<PathBuf>,
}

/// `ludomat threes versus`
#[derive(Debug, Args)]
struct VersusArgs {
    /// An AI and its budgets, `NAME:B1,B2,…=COMMAND`: the engine command with `{}` where
    /// each budget goes (repeat for each AI). The program `ludomat` is this ludomat:
    /// `--ai 'ludomat:1,10=ludomat threes engine --cpu-per-move {}'`.
    #[arg(long = "ai", value_name = "NAME:BUDGETS=COMMAND")]
    ais: Vec<String>,
    /// Games per AI and budget (1 to 1,000,000); game i is the same deal for all.
    #[arg(long, default_value_t = 100, value_name = "N", value_parser = crate::count::count::<u32>(1, 1_000_000))]
    games: u32,
    /// Master seed; game i uses a seed derived from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Number of the first game (a run split into parts, or continued).
    #[arg(long, default_value_t = 0)]
    first_game: u32,
    /// Games played at once, each by its own engine process (1 to 256).
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = crate::count::count::<u16>(1, crate::count::MAX_THREADS))]
    threads: u16,
    /// Append one line per finished game to this CSV file.
    #[arg(long)]
    csv: Option<PathBuf>,
    /// Keep the games already in --csv and play only those missing.
    #[arg(long, requires = "csv")]
    resume: bool,
    /// Play nothing: read these CSV files (of earlier runs) and print and draw their curve.
    #[arg(long, num_args = 1.., conflicts_with_all = ["ais", "resume"])]
    from: Vec<PathBuf>,
    /// Draw the curve (.png or .svg): mean score with 95 % intervals against CPU time per
    /// move on a log axis, one line per AI, and the 3072 and 6144 rates.
    #[arg(long)]
    chart: Option<PathBuf>,
    /// Seconds an engine may take to answer one turn (0.01 to 86,400).
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
    engine_timeout: f64,
    /// How bonus cards are announced: plus (the original "+") or window (three values).
    #[arg(long, default_value = "plus", value_parser = hint_models())]
    hint_model: HintModel,
}

// --- cluster (MPI) ----------------------------------------------------------------------
#[path = "threes_cluster.rs"]
mod cluster;

/// What `--distributed` spreads over the MPI ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum DistMode {
    /// The subtrees of every move's search (the source's cluster).
    Search,
    /// Whole games (strength runs).
    Games,
}
// --- end cluster ------------------------------------------------------------------------

/// `ludomat threes replay`
#[derive(Debug, Args)]
struct ReplayArgs {
    /// The recorded game (JSON, from `play threes --record` or `auto --record-dir`).
    file: PathBuf,
    /// Wait for Enter between moves.
    #[arg(long)]
    step: bool,
}

/// `ludomat threes tune`
#[derive(Debug, Args)]
struct TuneArgs {
    /// Games per candidate (1 to 100,000).
    #[arg(long, default_value_t = 200, value_name = "N", value_parser = crate::count::count::<u32>(1, 100_000))]
    games: u32,
    /// Fixed search depth of the games (1 to 10).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=i64::from(MAX_DEPTH)))]
    depth: u8,
    /// Passes over the weights (0 to 100).
    #[arg(long, default_value_t = 2, value_name = "N", value_parser = crate::count::count::<u32>(0, 100))]
    rounds: u32,
    /// Master seed of the games (the same games for every candidate). Tune on another
    /// seed than the one you measure with: the weights in crates/threes/tuning were tuned
    /// with --seed 77 and measured on seed 1.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Start from these weights (JSON) instead of the defaults.
    #[arg(long)]
    from: Option<PathBuf>,
    /// Write the best weights (JSON) here.
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Save the run's state here after every weight (JSON, written atomically), to go on
    /// with --resume after an interruption.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Go on from a state saved by --checkpoint (with the same settings).
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// The optimiser: coordinate search (each weight halved and doubled in turn, --rounds
    /// passes) or CMA-ES (the `cmaes` crate: --generations generations of --population
    /// candidates around the start weights).
    #[arg(long, value_enum, default_value_t = TuneMethod::Coordinate)]
    method: TuneMethod,
    /// CMA-ES: generations (1 to 10,000).
    #[arg(long, default_value_t = 10, value_name = "N", value_parser = crate::count::count::<u32>(1, 10_000))]
    generations: u32,
    /// CMA-ES: candidates per generation (2 to 1,000; default 11 for the 11 tuned weights).
    #[arg(long, value_name = "N", value_parser = crate::count::count::<u32>(2, 1_000))]
    population: Option<u32>,
    /// CMA-ES: the first step size, as a fraction of each weight (exponents: in units;
    /// 0.01 to 10).
    #[arg(long, default_value_t = 0.3, value_name = "S")]
    sigma: f64,
}

/// The optimiser of `threes tune`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum TuneMethod {
    /// Coordinate search.
    Coordinate,
    /// CMA-ES (covariance matrix adaptation).
    Cmaes,
}

/// `ludomat threes bench`
#[derive(Debug, Args)]
struct BenchArgs {
    /// Search depth for the nodes-per-second measurement (1 to 10).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=i64::from(MAX_DEPTH)))]
    depth: u8,
    /// Seconds per measurement (0.1 to 60).
    #[arg(long, default_value_t = 2.0)]
    seconds: f64,
}

// ---------------------------------------------------------------------------------------
// play

/// A key press, or a line's worth of them.
enum Key {
    Swipe(Direction),
    Quit,
    Unknown(String),
}

fn keys_of_line(line: &str) -> Vec<Key> {
    let t = line.trim();
    if t.is_empty() {
        return vec![];
    }
    if matches!(t.to_ascii_lowercase().as_str(), "q" | "quit" | "exit") {
        return vec![Key::Quit];
    }
    if let Ok(d) = t.parse::<Direction>() {
        return vec![Key::Swipe(d)];
    }
    // a run of single keys: "wasd"
    t.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c.to_ascii_lowercase() {
            'q' => Key::Quit,
            c => c
                .to_string()
                .parse::<Direction>()
                .map_or_else(|_| Key::Unknown(c.to_string()), Key::Swipe),
        })
        .collect()
}

/// Where keys come from: the raw terminal or lines.
trait Keys {
    fn next(&mut self) -> Result<Option<Key>>;
    fn raw(&self) -> bool;
}

struct LineKeys {
    input: LineInput,
    pending: std::collections::VecDeque<Key>,
}

impl Keys for LineKeys {
    fn next(&mut self) -> Result<Option<Key>> {
        loop {
            if let Some(k) = self.pending.pop_front() {
                return Ok(Some(k));
            }
            match self.input.next_line()? {
                None => return Ok(None),
                Some(line) => self.pending.extend(keys_of_line(&line)),
            }
        }
    }
    fn raw(&self) -> bool {
        false
    }
}

struct RawKeys;

impl RawKeys {
    fn start() -> Result<RawKeys> {
        crossterm::terminal::enable_raw_mode().context("cannot switch the terminal to raw mode")?;
        Ok(RawKeys)
    }
}

impl Drop for RawKeys {
    fn drop(&mut self) {
        let _ = crossterm::terminal::disable_raw_mode();
    }
}

impl Keys for RawKeys {
    fn next(&mut self) -> Result<Option<Key>> {
        use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
        loop {
            if let Event::Key(k) = event::read()? {
                if k.kind != KeyEventKind::Press {
                    continue;
                }
                return Ok(Some(match k.code {
                    KeyCode::Up => Key::Swipe(Direction::Up),
                    KeyCode::Down => Key::Swipe(Direction::Down),
                    KeyCode::Left => Key::Swipe(Direction::Left),
                    KeyCode::Right => Key::Swipe(Direction::Right),
                    KeyCode::Esc => Key::Quit,
                    // Ctrl-C quits like q; Ctrl-D is end of input, never a swipe (d);
                    // any other control chord is no swipe either.
                    KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => Key::Quit,
                    KeyCode::Char('d') if k.modifiers.contains(KeyModifiers::CONTROL) => {
                        return Ok(None)
                    }
                    KeyCode::Char(c) if k.modifiers.contains(KeyModifiers::CONTROL) => {
                        Key::Unknown(format!("Ctrl-{c}"))
                    }
                    KeyCode::Char(c) => match c.to_ascii_lowercase() {
                        'q' => Key::Quit,
                        c => c
                            .to_string()
                            .parse()
                            .map_or_else(|_| Key::Unknown(c.to_string()), Key::Swipe),
                    },
                    other => Key::Unknown(format!("{other:?}")),
                }));
            }
        }
    }
    fn raw(&self) -> bool {
        true
    }
}

/// Print lines; in raw mode a newline needs a carriage return.
fn say(out: &mut dyn Write, raw: bool, text: &str) -> Result<()> {
    for line in text.lines() {
        write!(out, "{line}{}", if raw { "\r\n" } else { "\n" })?;
    }
    out.flush()?;
    Ok(())
}

fn show(game: &Threes) -> String {
    format!(
        "{}\nnext: {}   score: {}   moves: {}",
        game.board(),
        game.hint(),
        group(game.score()),
        game.moves()
    )
}

/// `ludomat play threes`
pub fn play(args: PlayArgs) -> Result<()> {
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    if std::io::stdin().is_terminal() {
        let mut keys = RawKeys::start()?;
        play_with(&args, &mut keys, &mut out)
    } else {
        let mut keys = LineKeys {
            input: LineInput::Stdin,
            pending: Default::default(),
        };
        play_with(&args, &mut keys, &mut out)
    }
}

fn play_with(args: &PlayArgs, keys: &mut dyn Keys, out: &mut dyn Write) -> Result<()> {
    if let Some(path) = &args.record {
        check_output(path, "--record")?;
    }
    let mut session = ThreesSession::new(ThreesConfig {
        seed: args.seed,
        hint_model: args.hint_model,
        ..ThreesConfig::default()
    })
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    // the game so far is saved however the play ends, a failed input included
    let played = play_turns(args, keys, out, &mut session);
    if let Some(path) = &args.record {
        crate::files::write(path, session.played().to_json())?;
        say(
            out,
            keys.raw(),
            &format!("game saved to {}", path.display()),
        )?;
    }
    played
}

fn play_turns(
    args: &PlayArgs,
    keys: &mut dyn Keys,
    out: &mut dyn Write,
    session: &mut ThreesSession,
) -> Result<()> {
    let raw = keys.raw();
    let assistant = args.assist.then(|| {
        Searcher::new(
            Heuristic::default(),
            SearchConfig {
                depth: DepthRule::Fixed(args.assist_depth.max(1)),
                ..SearchConfig::default()
            },
        )
    });
    say(
        out,
        raw,
        &format!(
            "Threes! (seed {}) — swipe with the arrow keys or w a s d, q quits.",
            args.seed
        ),
    )?;
    let mut redraw = true;
    loop {
        let game = session.game();
        if redraw {
            say(out, raw, &format!("\n{}", show(game)))?;
            if game.is_over() {
                break;
            }
            if let Some(ai) = &assistant {
                let r = ai.search(&game.position());
                if let (Some(d), Some(v)) = (r.best, r.best_value()) {
                    say(
                        out,
                        raw,
                        &format!(
                            "assist: swipe {d} {} (expected heuristic value {v:.0} at depth {})",
                            d.arrow(),
                            r.depth
                        ),
                    )?;
                }
            }
            redraw = false;
        }
        let Some(key) = keys.next()? else {
            say(
                out,
                raw,
                &format!(
                    "end of input: game left unfinished; score so far {} in {} moves",
                    group(game.score()),
                    game.moves()
                ),
            )?;
            break;
        };
        match key {
            Key::Quit => {
                say(
                    out,
                    raw,
                    &format!(
                        "quit: score so far {} in {} moves",
                        group(game.score()),
                        game.moves()
                    ),
                )?;
                break;
            }
            Key::Unknown(k) => {
                say(
                    out,
                    raw,
                    &format!("'{k}' is no swipe: use the arrow keys or w a s d (q quits)"),
                )?;
            }
            Key::Swipe(d) => match session.apply(ThreesAction::Swipe { direction: d }) {
                Ok(happenings) => {
                    for h in happenings {
                        if let ThreesHappening::Swiped { card, .. } = h {
                            say(out, raw, &format!("{d} {}: a {card} came in", d.arrow()))?;
                        }
                    }
                    redraw = true;
                }
                Err(SessionError::Refused(m)) => say(out, raw, &m)?,
                Err(e) => bail!("{e}"),
            },
        }
    }
    let game = session.game();
    if game.is_over() {
        say(
            out,
            raw,
            &format!(
                "game over: score {}, highest card {}, {} moves",
                group(game.score()),
                game.board().max_tile(),
                game.moves()
            ),
        )?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// threes …

/// `ludomat threes …`
pub fn run(cmd: ThreesCmd) -> Result<()> {
    match cmd.command {
        ThreesSub::Auto(a) => auto(a),
        ThreesSub::Replay(a) => replay(a),
        ThreesSub::Tune(a) => tune_cmd(a),
        ThreesSub::Bench(a) => bench(a),
        ThreesSub::Summary(a) => summary(a),
        ThreesSub::Engine(a) => engine(a),
        ThreesSub::Versus(a) => versus(a),
    }
}

fn load_weights(path: &Path) -> Result<Weights> {
    let text = crate::files::read_string(path, crate::files::TEXT_CAP)?;
    Weights::from_json(&text).with_context(|| format!("{}", path.display()))
}

/// The most games one `threes auto` run plays.
const MAX_GAMES: u32 = 10_000_000;

/// The hint models by name, listed in `--help`.
fn hint_models() -> impl clap::builder::TypedValueParser<Value = HintModel> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(["plus", "window"])
        .map(|s| s.parse::<HintModel>().unwrap_or_default())
}

/// Refuse an output path before a long run rather than after it: its folder must exist
/// and the path must not be a folder.
pub(crate) fn check_output(path: &Path, flag: &str) -> Result<()> {
    if path.is_dir() {
        bail!("{flag} {}: is a folder, not a file", path.display());
    }
    ludomat_game::save::check_target(path).with_context(|| format!("{flag} {}", path.display()))?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        bail!(
            "{flag} {}: the folder {} does not exist",
            path.display(),
            dir.display()
        );
    }
    Ok(())
}

fn depth_rule(a: &RuleArgs) -> Result<DepthRule> {
    if !(a.spread.is_finite() && (1.0..=16.0).contains(&a.spread)) {
        bail!("--spread {}: from 1 to 16", a.spread);
    }
    let budgeted = a.cpu_per_move.is_some() || a.nodes_per_move.is_some();
    let max_depth = a.max_depth.unwrap_or(if budgeted { MAX_DEPTH } else { 6 });
    if max_depth == 0 {
        bail!("--max-depth must be at least 1");
    }
    if a.min_depth > max_depth {
        bail!(
            "--min-depth {} is deeper than --max-depth {}",
            a.min_depth,
            max_depth
        );
    }
    Ok(
        match (a.depth, a.time_per_move, a.cpu_per_move, a.nodes_per_move) {
            (Some(0), ..) => bail!("--depth must be at least 1"),
            (Some(d), ..) => DepthRule::Fixed(d),
            (None, Some(ms), ..) => DepthRule::Time {
                millis: ms,
                max: max_depth,
            },
            (None, None, Some(ms), _) => {
                if !(ms.is_finite() && (0.01..=100_000.0).contains(&ms)) {
                    bail!("--cpu-per-move {ms}: from 0.01 to 100,000 milliseconds");
                }
                DepthRule::Cpu {
                    micros: (ms * 1000.0).round() as u64,
                    max: max_depth,
                }
            }
            (None, None, None, Some(n)) => DepthRule::Nodes {
                nodes: n,
                max: max_depth,
            },
            (None, None, None, None) => DepthRule::Dynamic {
                min: a.min_depth,
                max: max_depth,
            },
        },
    )
}

fn describe(rule: DepthRule) -> String {
    match rule {
        DepthRule::Fixed(d) => format!("depth {d}"),
        DepthRule::Dynamic { min: 3, max } => format!("dynamic depth (max {max})"),
        DepthRule::Dynamic { min, max } => format!("dynamic depth (min {min}, max {max})"),
        DepthRule::Time { millis, max } => format!("{millis} ms per move (max depth {max})"),
        DepthRule::Cpu { micros, max } => format!(
            "{} ms CPU per move (max depth {max})",
            micros as f64 / 1000.0
        ),
        DepthRule::Nodes { nodes, max } => format!("{nodes} nodes per move (max depth {max})"),
    }
}

const MILESTONES: [u32; 6] = [384, 768, 1536, 3072, 6144, 12288];

fn auto(a: AutoArgs) -> Result<()> {
    if a.games == 0 {
        bail!("--games must be at least 1");
    }
    let rule = depth_rule(&a.rule)?;
    if a.first_game.checked_add(a.games).is_none() {
        bail!(
            "--first-game {} + --games {} is past the last game number {}",
            a.first_game,
            a.games,
            u32::MAX
        );
    }
    if let Some(path) = &a.csv {
        check_output(path, "--csv")?;
    }
    if let Some(path) = &a.chart {
        check_output(path, "--chart")?;
    }
    let engine = match &a.engine {
        Some(cmd) => {
            if a.distributed.is_some() {
                bail!("--engine cannot be combined with --distributed");
            }
            Some((engine_command("engine", cmd)?, limits(a.engine_timeout)?))
        }
        None => None,
    };
    let weights = a
        .weights
        .as_deref()
        .map(load_weights)
        .transpose()?
        .unwrap_or_default();
    if let Some(dir) = &a.record_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    // --- cluster (MPI) ---
    if let Some(mode) = a.distributed {
        match cluster::auto(&a, mode, rule, weights)? {
            cluster::Outcome::Worker => return Ok(()),
            cluster::Outcome::Done { games, wall } => return finish(&a, rule, &games, wall),
            cluster::Outcome::Local => {}
        }
    }
    // --- end cluster ---
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = a.threads {
        if t == 0 {
            bail!("--threads must be at least 1");
        }
        pool = pool.num_threads(usize::from(t));
    }
    let pool = pool.build().context("cannot start the worker threads")?;
    let threads = pool.current_num_threads();
    // with fewer games than threads each search runs its jobs in parallel; otherwise the
    // games themselves are spread over the threads (a budgeted search is one thread)
    let budgeted = matches!(rule, DepthRule::Cpu { .. } | DepthRule::Nodes { .. });
    let parallel_search = (a.games as usize) < threads && !budgeted;
    let searcher = Searcher::new(
        Heuristic::new(weights),
        SearchConfig {
            depth: rule,
            parallel: parallel_search,
            job_levels: a
                .parallel_depth
                .unwrap_or(SearchConfig::default().job_levels),
            spread: a.rule.spread,
            ..SearchConfig::default()
        },
    );
    let contender = match engine {
        Some((command, limits)) => {
            outln!(
                "Threes! engine {}: {} games (from game {}), seed {}, {} threads, hint model {}",
                a.engine.as_deref().unwrap_or_default(),
                a.games,
                a.first_game,
                a.seed,
                threads,
                a.hint_model
            );
            Contender::Engine(command, limits)
        }
        None => {
            outln!(
                "Threes! AI: {} games (from game {}), seed {}, {}, {} threads, hint model {}",
                a.games,
                a.first_game,
                a.seed,
                describe(rule),
                threads,
                a.hint_model
            );
            Contender::Searcher(searcher)
        }
    };
    let config = AutoConfig {
        contender,
        seed: a.seed,
        first_game: a.first_game,
        games: a.games,
        model: a.hint_model,
        record: a.record_dir.is_some() || a.show,
    };
    // Each finished game's line is written and flushed at once, so an interrupted run
    // keeps its finished games; at the end the file is rewritten in game order.
    let mut stream = match &a.csv {
        Some(path) => {
            let mut f = crate::files::create(path)?;
            writeln!(f, "{}", ludomat_threes::summary::CSV_HEADER)
                .and_then(|()| f.flush())
                .with_context(|| format!("cannot write {}", path.display()))?;
            Some(f)
        }
        None => None,
    };
    let bar = progress::Bar::new("games", Some(u64::from(a.games)), false);
    // the swipes made show the run moving long before its first game ends
    let mut watch = |p: &Progress<AutoProgress>| {
        let swipes = format!("{} swipes", group(p.partial.moves));
        bar.update(
            p,
            Some(match p.partial.last_score {
                Some(s) => format!("{swipes}  last: {}", group(s)),
                None => swipes,
            }),
        );
    };
    let (mut ctx, _ctrl_c) = progress::context("games", Some(u64::from(a.games)), &mut watch);
    let started = Instant::now();
    let result = ludomat_threes::auto::run(
        &config,
        threads.min(a.games as usize),
        parallel_search.then_some(&pool),
        &mut ctx,
        &mut |g| {
            if let (true, Some(last)) = (a.show, g.record.as_ref().and_then(|r| r.frames.last())) {
                bar.suspend(|| {
                    outln!(
                        "game {}: score {}, {} swipes, highest card {}\n{}\n",
                        g.number,
                        group(g.summary.score),
                        g.summary.moves,
                        g.summary.max_tile,
                        last.board
                    );
                });
            }
            if let (Some(dir), Some(r)) = (&a.record_dir, &g.record) {
                let path = dir.join(format!("game-{}.json", g.number));
                crate::files::write(&path, r.to_json()).map_err(|e| format!("{e:#}"))?;
            }
            if let (Some(f), Some(path)) = (stream.as_mut(), &a.csv) {
                let row = ludomat_threes::summary::csv_row(u64::from(g.number), &g.summary);
                f.write_all(row.as_bytes())
                    .and_then(|()| f.flush())
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            }
            Ok(())
        },
    );
    drop(ctx);
    bar.finish();
    let wall = started.elapsed();
    let (games, ended) = result?;
    if ended == Ended::Cancelled {
        outln!(
            "interrupted: {} of {} games finished (the statistics below are theirs)",
            games.len(),
            a.games
        );
    }
    finish(&a, rule, &games, wall)
}

/// An engine command line; the program `ludomat` is this ludomat.
fn engine_command(name: &str, cmd: &str) -> Result<EngineCommand> {
    let mut c = EngineCommand::parse(name, cmd)?;
    if c.program.as_os_str() == "ludomat" {
        c.program = std::env::current_exe().context("cannot find this ludomat's path")?;
    }
    Ok(c)
}

/// The engine limits with a turn timeout of `seconds`.
fn limits(seconds: f64) -> Result<Limits> {
    if !(seconds.is_finite() && (0.01..=86_400.0).contains(&seconds)) {
        bail!("--engine-timeout {seconds}: from 0.01 to 86,400 seconds");
    }
    Ok(Limits {
        turn: Duration::from_secs_f64(seconds),
        handshake: Duration::from_secs_f64(seconds.max(30.0)),
        ..Limits::default()
    })
}

/// `ludomat threes engine`: our AI on standard input and output, one thread.
fn engine(a: EngineArgs) -> Result<()> {
    let rule = depth_rule(&a.rule)?;
    let weights = a
        .weights
        .as_deref()
        .map(load_weights)
        .transpose()?
        .unwrap_or_default();
    let searcher = Searcher::new(
        Heuristic::new(weights),
        SearchConfig {
            depth: rule,
            parallel: false,
            spread: a.rule.spread,
            ..SearchConfig::default()
        },
    );
    let mut player = ludomat_threes::Player::new(searcher);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut output = crate::out::stdout().lock();
    let name = format!("ludomat expectimax ({})", describe(rule));
    ludomat_threes::engine::serve(&mut input, &mut output, &mut player, &name)?;
    Ok(())
}

/// One `--ai NAME:B1,B2=COMMAND` of `threes versus`: an entry per budget.
fn versus_entries(spec: &str) -> Result<Vec<Entry>> {
    let Some((head, command)) = spec.split_once('=') else {
        bail!("--ai {spec:?}: expected NAME:BUDGETS=COMMAND");
    };
    let Some((name, budgets)) = head.split_once(':') else {
        bail!("--ai {spec:?}: expected NAME:BUDGETS=COMMAND (no ':' before the '=')");
    };
    let name = name.trim();
    if name.is_empty() || name.contains(',') {
        bail!("--ai {spec:?}: the name must be non-empty and without commas");
    }
    if !command.contains("{}") {
        bail!("--ai {spec:?}: the command has no {{}} where the budget goes");
    }
    let mut out = Vec::new();
    for b in budgets.split(',').map(str::trim) {
        if b.is_empty() || b.contains(char::is_whitespace) {
            bail!("--ai {spec:?}: an empty budget or one with spaces");
        }
        out.push(Entry {
            ai: name.to_string(),
            budget: b.to_string(),
            command: engine_command(name, &command.replace("{}", b))?,
        });
    }
    Ok(out)
}

/// `ludomat threes versus`
fn versus(a: VersusArgs) -> Result<()> {
    if let Some(path) = &a.chart {
        check_output(path, "--chart")?;
    }
    if !a.from.is_empty() {
        let mut games = Vec::new();
        for path in &a.from {
            let text = crate::files::read_string(path, crate::files::TEXT_CAP)?;
            versus::read_csv(&path.display().to_string(), &text, &mut games)?;
        }
        return versus_report(&games, a.chart.as_deref());
    }
    if a.ais.is_empty() {
        bail!("give at least one --ai NAME:BUDGETS=COMMAND (or --from FILES to draw earlier runs)");
    }
    let mut entries = Vec::new();
    for spec in &a.ais {
        entries.extend(versus_entries(spec)?);
    }
    if a.games == 0 || a.games > versus::MAX_GAMES {
        bail!("--games {}: from 1 to {}", a.games, versus::MAX_GAMES);
    }
    let mut games = Vec::new();
    let mut skip = std::collections::HashSet::new();
    let mut file = match &a.csv {
        Some(path) => {
            check_output(path, "--csv")?;
            if a.resume && path.exists() {
                let text = crate::files::read_string(path, crate::files::TEXT_CAP)?;
                versus::read_csv(&path.display().to_string(), &text, &mut games)?;
                skip = games
                    .iter()
                    .map(|g| (g.ai.clone(), g.budget.clone(), g.game))
                    .collect();
                Some(crate::files::append(path)?)
            } else {
                let mut f = crate::files::create(path)?;
                writeln!(f, "{}", versus::CSV_HEADER)
                    .and_then(|()| f.flush())
                    .with_context(|| format!("cannot write {}", path.display()))?;
                Some(f)
            }
        }
        None => None,
    };
    let config = VersusConfig {
        entries,
        games: a.games,
        first_game: a.first_game,
        seed: a.seed,
        model: a.hint_model,
        limits: limits(a.engine_timeout)?,
        threads: usize::from(a.threads),
        skip,
    };
    outln!(
        "Threes! versus: {} AI×budget points, games {}–{} of seed {} each",
        config.entries.len(),
        a.first_game,
        u64::from(a.first_game) + u64::from(a.games) - 1,
        a.seed,
    );
    outln!(
        "({} already done), {} at once, hint model {}",
        config.skip.len(),
        a.threads,
        a.hint_model
    );
    let bar = progress::Bar::new("games", None, false);
    let mut watch = |p: &Progress<VersusProgress>| {
        bar.update(
            p,
            p.partial
                .last
                .as_ref()
                .map(|(ai, b, s)| format!("last: {ai} {b}: {}", group(*s))),
        );
    };
    let (mut ctx, _ctrl_c) = progress::context("games", None, &mut watch);
    let csv = a.csv.clone();
    let result = versus::run(&config, &mut ctx, &mut |g| {
        if let (Some(f), Some(path)) = (file.as_mut(), &csv) {
            f.write_all(versus::csv_row(g).as_bytes())
                .and_then(|()| f.flush())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        Ok(())
    });
    drop(ctx);
    bar.finish();
    let (played, ended) = result?;
    if ended == Ended::Cancelled {
        outln!("interrupted: {} games finished in this run", played.len());
    }
    games.extend(played);
    versus_report(&games, a.chart.as_deref())
}

/// The curve table's column heads (the AI and its budget first, then the numbers).
const VERSUS_HEADS: [&str; 10] = [
    "ai",
    "budget",
    "games",
    "mean",
    "95% interval",
    "ms/move",
    "3072",
    "6144",
    "CPU s",
    "wall s",
];

/// The curve table's lines, each column as wide as its widest cell: one table when it
/// fits 80 columns, else two (strength, then cost), each led by the AI and its budget.
fn versus_table(rows: &[[String; 10]]) -> Vec<String> {
    let widths: Vec<usize> = (0..VERSUS_HEADS.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain([VERSUS_HEADS[c].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[&str], columns: &[usize]| -> String {
        columns
            .iter()
            .zip(cells)
            .map(|(&c, cell)| {
                if c == 0 {
                    format!("{cell:<w$}", w = widths[c])
                } else {
                    format!("{cell:>w$}", w = widths[c])
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
            .trim_end()
            .to_string()
    };
    let table = |columns: &[usize]| -> Vec<String> {
        let head: Vec<&str> = columns.iter().map(|&c| VERSUS_HEADS[c]).collect();
        let mut lines = vec![line(&head, columns)];
        for r in rows {
            let cells: Vec<&str> = columns.iter().map(|&c| r[c].as_str()).collect();
            lines.push(line(&cells, columns));
        }
        lines
    };
    let all: Vec<usize> = (0..VERSUS_HEADS.len()).collect();
    let one = table(&all);
    if one.iter().all(|l| l.chars().count() <= crate::help::WIDTH) {
        return one;
    }
    let mut two = table(&[0, 1, 2, 3, 4, 6, 7]);
    two.push(String::new());
    two.extend(table(&[0, 1, 5, 8, 9]));
    two
}

/// The curve's table, and its chart when asked.
fn versus_report(games: &[VersusGame], chart: Option<&Path>) -> Result<()> {
    let points = versus::points(games);
    if points.is_empty() {
        bail!("no games");
    }
    let rows: Vec<[String; 10]> = points
        .iter()
        .map(|p| {
            let interval = if p.half_width.is_finite() {
                format!(
                    "{}–{}",
                    group((p.mean - p.half_width).max(0.0).round() as u64),
                    group((p.mean + p.half_width).round() as u64)
                )
            } else {
                "—".into()
            };
            [
                p.ai.clone(),
                p.budget.clone(),
                p.games.to_string(),
                group(p.mean.round() as u64),
                interval,
                format!("{:.2}", p.cpu_ms_per_move),
                format!("{:.1}%", 100.0 * p.reached_3072.rate()),
                format!("{:.1}%", 100.0 * p.reached_6144.rate()),
                format!("{:.0}", p.cpu.as_secs_f64()),
                format!("{:.0}", p.wall.as_secs_f64()),
            ]
        })
        .collect();
    for line in versus_table(&rows) {
        outln!("{line}");
    }
    if let Some(path) = chart {
        versus::chart(&points, path, &crate::caption::made_by())?;
        outln!("curve written to {}", path.display());
    }
    Ok(())
}

/// The statistics, the CSV file and the chart of a finished `auto` run.
fn finish(a: &AutoArgs, rule: DepthRule, games: &[GameSummary], wall: Duration) -> Result<()> {
    report(games, Some(wall));
    if let Some(path) = &a.csv {
        write_csv(path, a.first_game, games)?;
        outln!("one line per game written to {}", path.display());
    }
    if let Some(path) = &a.chart {
        histogram(
            path,
            games,
            &format!("Threes! AI: {} games, {}", games.len(), describe(rule)),
        )?;
        outln!("score histogram written to {}", path.display());
    }
    Ok(())
}

/// Print the statistics of `games`; `wall`: the run's wall-clock time, when it was one run.
fn report(games: &[GameSummary], wall: Option<Duration>) {
    let Some(stats) = ScoreStats::of(games) else {
        outln!("no games");
        return;
    };
    let n = games.len() as u64;
    let (moves, nodes, search_time) = (stats.moves, stats.nodes, stats.seconds);
    outln!(
        "score: mean {}  median {}  max {}  min {}",
        group(stats.mean.round() as u64),
        group(stats.median.round() as u64),
        group(stats.max),
        group(stats.min)
    );
    outln!("reached (share of games, 95% Wilson interval):");
    for (m, p) in reached(games, &MILESTONES) {
        let hits = p.successes;
        let (lo, hi) = p.wilson(Proportion::Z95);
        outln!(
            "  {m:>5}: {:>6.1}%  ({hits}/{n}; {:.1}–{:.1}%)",
            100.0 * p.rate(),
            100.0 * lo,
            100.0 * hi
        );
    }
    out!("{}", crate::help::wrap(&(format!("moves: {} total, mean {:.0} per game; {:.1} ms search time per move; {:.2} M nodes/s",
        moves,
        moves as f64 / n as f64,
        1000.0 * search_time / (moves.max(1) as f64),
        nodes as f64 / search_time.max(1e-9) / 1e6) + "\n")));
    if let Some(wall) = wall {
        outln!(
            "wall clock {:.1} s, {:.1} moves/s",
            wall.as_secs_f64(),
            moves as f64 / wall.as_secs_f64().max(1e-9)
        );
    }
}

fn write_csv(path: &Path, first: u32, games: &[GameSummary]) -> Result<()> {
    crate::files::write(path, to_csv(u64::from(first), games))
}

/// Read `auto` CSV files: every game once, in game order.
fn read_csvs(files: &[PathBuf]) -> Result<Vec<GameSummary>> {
    let mut games = Summaries::new();
    for path in files {
        let text = crate::files::read_string(path, crate::files::TEXT_CAP)?;
        games.read(&path.display().to_string(), &text)?;
    }
    Ok(games.into_games())
}

fn summary(a: SummaryArgs) -> Result<()> {
    let games = read_csvs(&a.files)?;
    if games.is_empty() {
        bail!("no games in {} file(s)", a.files.len());
    }
    let cpu: f64 = games.iter().map(|g| g.elapsed.as_secs_f64()).sum();
    outln!(
        "{} games from {} file(s); {:.0} s of search time",
        games.len(),
        a.files.len(),
        cpu
    );
    report(&games, None);
    Ok(())
}

fn histogram(path: &Path, games: &[GameSummary], title: &str) -> Result<()> {
    let (width, counts) = score_bins(games);
    let short = |v: u64| {
        if v >= 1000 {
            format!("{}k", v / 1000)
        } else {
            v.to_string()
        }
    };
    let bars = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            (
                format!(
                    "{}–{}",
                    short((i as u64).saturating_mul(width)),
                    short((i as u64 + 1).saturating_mul(width))
                ),
                c,
            )
        })
        .collect();
    let chart = ludomat_chart::BarChart {
        title: title.to_string(),
        x_label: "final score (points)".into(),
        y_label: "games".into(),
        bars,
        caption: crate::caption::made_by(),
    };
    ludomat_chart::bar_chart(&chart, path)?;
    Ok(())
}

fn replay(a: ReplayArgs) -> Result<()> {
    let text = crate::files::read_string(&a.file, crate::files::TEXT_CAP)?;
    let record = GameRecord::from_json(&text)
        .with_context(|| format!("{} is not a valid Threes! record", a.file.display()))?;
    out!(
        "{}",
        crate::help::wrap(
            &(format!(
                "{}: seed {}, hint model {}, {} moves",
                a.file.display(),
                record.seed,
                record.hint_model,
                record.moves()
            ) + "\n")
        )
    );
    let mut input = LineInput::Stdin;
    for (i, f) in record.frames.iter().enumerate() {
        outln!(
            "\nboard {i}   next: {}   score: {}",
            f.hint,
            group(f.board.score())
        );
        outln!("{}", f.board);
        if let Some(d) = f.direction {
            outln!("swipe {d} {}  (a {} comes in)", d.arrow(), f.card);
            if a.step {
                out!("Enter: next swipe, q: stop > ");
                crate::out::stdout().flush()?;
                match input.next_line()? {
                    None => {
                        outln!();
                        break;
                    }
                    Some(l) if matches!(l.trim().to_ascii_lowercase().as_str(), "q" | "quit") => {
                        outln!("stopped after board {i} of {}", record.moves());
                        break;
                    }
                    Some(_) => {}
                }
            }
        }
    }
    let last: Board = record.frames.last().map(|f| f.board).unwrap_or_default();
    out!(
        "{}",
        crate::help::wrap(
            &(format!(
                "\nthe game's final score {}, highest card {}{}",
                group(record.score()),
                last.max_tile(),
                if last.is_dead() { ", game over" } else { "" }
            ) + "\n")
        )
    );
    Ok(())
}

fn tune_cmd(a: TuneArgs) -> Result<()> {
    let start = a
        .from
        .as_deref()
        .map(load_weights)
        .transpose()?
        .unwrap_or_default();
    if a.games == 0 || a.depth == 0 {
        bail!("--games and --depth must be at least 1");
    }
    if let Some(path) = &a.out {
        check_output(path, "--out")?;
    }
    if let Some(path) = &a.checkpoint {
        check_output(path, "--checkpoint")?;
    }
    if a.method == TuneMethod::Cmaes {
        return tune_cmaes_cmd(&a, start);
    }
    out!("{}", crate::help::wrap(&format!("tuning from {start}\n")));
    outln!(
        "{} games per candidate at depth {}, seed {}, {} rounds",
        a.games,
        a.depth,
        a.seed,
        a.rounds
    );
    let started = Instant::now();
    // At most two candidates per weight per round, and the start: the bar's length is
    // that bound (a zero weight has one candidate, so the run can end early).
    let bound = 1 + u64::from(a.rounds) * 2 * ludomat_threes::autoplay::TUNED.len() as u64;
    let bar = progress::Bar::new("candidates", Some(bound), false);
    // the round of the candidate last tried, for the bar's message
    let round = std::cell::Cell::new(1u32);
    let resume = match &a.resume {
        Some(path) => {
            let text = crate::files::read_string(path, crate::files::TEXT_CAP)?;
            let state: TuneState = serde_json::from_str(&text)
                .with_context(|| format!("{} is not a saved tuning state", path.display()))?;
            if state.version != 1 {
                bail!(
                    "{}: tuning state version {}, this ludomat reads 1",
                    path.display(),
                    state.version
                );
            }
            bar.resumed_at(state.tried);
            round.set(state.round);
            outln!(
                "resuming at round {}, weight {} of {}, best mean {:.0}",
                state.round,
                state.next + 1,
                ludomat_threes::autoplay::TUNED.len(),
                state.best_mean
            );
            Some(state)
        }
        None => None,
    };
    let config = TuneConfig {
        start,
        games: a.games,
        depth: a.depth,
        rounds: a.rounds,
        seed: a.seed,
    };
    let mut save = |state: &TuneState| save_tune_checkpoint(a.checkpoint.as_deref(), state);
    let mut checkpoint = Checkpoint::every(1, &mut save);
    let mut watch = |p: &Progress<(Weights, f64)>| {
        bar.update(
            p,
            Some(format!(
                "round {}/{}  best {:.0}",
                round.get().max(1),
                a.rounds,
                p.partial.1
            )),
        );
    };
    let (mut ctx, _ctrl_c) = progress::context("candidates", Some(bound), &mut watch);
    let (state, ended) = tune_run(&config, resume, &mut ctx, &mut checkpoint, &mut |s| {
        bar.suspend(|| {
            outln!(
                "  {:<20} {:>10.3}  mean {:>9.0}{}",
                s.weight,
                s.value,
                s.mean,
                if s.kept { "  kept" } else { "" }
            )
        });
        round.set(s.round);
    })?;
    drop(ctx);
    bar.finish();
    let (best, mean) = (state.best, state.best_mean);
    if ended == Ended::Cancelled {
        outln!(
            "interrupted after {} candidates{}",
            state.tried,
            if a.checkpoint.is_some() {
                " (go on with --resume and the checkpoint)"
            } else {
                ""
            }
        );
    }
    out!(
        "{}",
        crate::help::wrap(
            &(format!(
                "best: {best}\nmean score {mean:.0} ({:.0} s)",
                started.elapsed().as_secs_f64()
            ) + "\n")
        )
    );
    let json = serde_json::to_string_pretty(&best)?;
    outln!("{json}");
    if let Some(path) = &a.out {
        crate::files::write(path, json)?;
    }
    Ok(())
}

/// A tuning run's state written atomically to `--checkpoint`, if given (both methods).
fn save_tune_checkpoint(
    path: Option<&Path>,
    state: &impl serde::Serialize,
) -> Result<(), CheckpointError> {
    let Some(path) = path else {
        return Ok(());
    };
    let json = serde_json::to_vec_pretty(state).map_err(|e| CheckpointError(Box::new(e)))?;
    ludomat_game::save::write_atomically(path, &json, ".tune-")
        .map(drop)
        .map_err(|e| CheckpointError(Box::new(e)))
}

/// `threes tune --method cmaes`: the run is `ludomat_threes::tune_cmaes`; this shows it.
fn tune_cmaes_cmd(a: &TuneArgs, start: ludomat_threes::Weights) -> Result<()> {
    use ludomat_threes::tune_cmaes::{tune_cmaes_run, CmaesConfig, CmaesState};
    if !(0.01..=10.0).contains(&a.sigma) {
        bail!("--sigma {} is outside 0.01 to 10", a.sigma);
    }
    let config = CmaesConfig {
        start,
        games: a.games,
        depth: a.depth,
        generations: a.generations,
        population: a.population,
        sigma: a.sigma,
        seed: a.seed,
    };
    out!("{}", crate::help::wrap(&format!("tuning from {start}\n")));
    out!(
        "{}",
        crate::help::wrap(&format!(
            "CMA-ES: {} generations of {} candidates, step {}; {} games per candidate at depth {}, seed {}\n",
            a.generations,
            config.population(),
            a.sigma,
            a.games,
            a.depth,
            a.seed
        ))
    );
    let resume = match &a.resume {
        Some(path) => {
            let text = crate::files::read_string(path, crate::files::TEXT_CAP)?;
            let state: CmaesState = serde_json::from_str(&text).with_context(|| {
                format!("{} is not a saved CMA-ES tuning state", path.display())
            })?;
            outln!(
                "resuming after generation {} ({} candidates), best mean {:.0}",
                state.generations,
                state.means.len(),
                state.best_mean
            );
            Some(state)
        }
        None => None,
    };
    let started = Instant::now();
    let bar = progress::Bar::new("candidates", Some(config.bound()), false);
    let mut watch = |p: &Progress<(ludomat_threes::Weights, f64)>| {
        bar.update(p, Some(format!("best {:.0}", p.partial.1)))
    };
    let mut save = |state: &CmaesState| save_tune_checkpoint(a.checkpoint.as_deref(), state);
    let mut checkpoint = Checkpoint::every(1, &mut save);
    let (mut ctx, _ctrl_c) = progress::context("candidates", Some(config.bound()), &mut watch);
    let (state, ended) = tune_cmaes_run(&config, resume, &mut ctx, &mut checkpoint, &mut |s| {
        bar.suspend(|| {
            outln!(
                "  generation {:>3} candidate {:>3}  mean {:>9.0}{}",
                s.generation,
                s.candidate,
                s.mean,
                if s.best { "  best so far" } else { "" }
            )
        });
    })?;
    drop(ctx);
    bar.finish();
    if ended == Ended::Cancelled {
        outln!(
            "interrupted after {} candidates{}",
            state.means.len(),
            if a.checkpoint.is_some() {
                " (go on with --resume and the checkpoint)"
            } else {
                ""
            }
        );
    }
    let (best, mean) = (state.best, state.best_mean);
    out!(
        "{}",
        crate::help::wrap(
            &(format!(
                "best: {best}\nmean score {mean:.0} over {} candidates ({:.0} s)",
                state.means.len(),
                started.elapsed().as_secs_f64()
            ) + "\n")
        )
    );
    let json = serde_json::to_string_pretty(&best)?;
    outln!("{json}");
    if let Some(path) = &a.out {
        crate::files::write(path, json)?;
    }
    Ok(())
}

fn bench(a: BenchArgs) -> Result<()> {
    let budget = Duration::from_secs_f64(a.seconds.clamp(0.1, 60.0));
    let boards = ludomat_threes::bench::boards();
    let rate = ludomat_threes::bench::swipe_rate(&boards, budget);
    outln!(
        "swipes: {:.1} M per second on one thread ({} boards × 4 directions)",
        rate / 1e6,
        boards.len()
    );
    let game = ludomat_threes::bench::search_position();
    let pos = game.position();
    outln!(
        "search position (move {}):\n{}\nnext: {}",
        game.moves(),
        game.board(),
        game.hint()
    );
    for parallel in [false, true] {
        let (nodes, searches, t) =
            ludomat_threes::bench::search_rate(&pos, a.depth, parallel, budget);
        outln!(
            "search depth {}: {:.1} M nodes per second, {:.1} ms per search ({})",
            a.depth,
            nodes as f64 / t / 1e6,
            1000.0 * t / f64::from(searches),
            if parallel {
                format!("{} threads", rayon::current_num_threads())
            } else {
                "one thread".into()
            }
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_script(script: &str, assist: bool) -> String {
        let args = PlayArgs {
            seed: 3,
            assist,
            assist_depth: 2,
            hint_model: HintModel::Plus,
            record: None,
        };
        let mut keys = LineKeys {
            input: LineInput::script(script),
            pending: Default::default(),
        };
        let mut out = Vec::new();
        play_with(&args, &mut keys, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_versus_table_fits_80_columns() {
        let row = |ai: &str, budget: &str| -> [String; 10] {
            [
                ai,
                budget,
                "100",
                "344,537",
                "231,462–457,612",
                "229.71",
                "83.3%",
                "27.8%",
                "3078",
                "12345",
            ]
            .map(str::to_string)
        };
        // short names: one table, a line a point
        let one = versus_table(&[row("nneonneo", "-4"), row("ludomat", "100")]);
        assert_eq!(one.len(), 3, "{one:#?}");
        assert!(one[0].starts_with("ai       budget games"), "{one:#?}");
        assert!(one.iter().all(|l| l.chars().count() <= 80), "{one:#?}");
        // long ones: strength and cost apart, each point in both
        let two = versus_table(&[row("a-long-engine-name", "depth-offset-4")]);
        assert_eq!(two.len(), 5, "{two:#?}");
        assert!(two.iter().all(|l| l.chars().count() <= 80), "{two:#?}");
        assert!(two[1].contains("231,462–457,612") && !two[1].contains("229.71"));
        assert!(two[4].contains("229.71") && two[4].contains("12345"));
    }

    #[test]
    fn scripted_keys() {
        let out = run_script("w\nx\nleft\nasd\nq\n", true);
        assert!(out.contains("'x' is no swipe"), "{out}");
        assert!(out.contains("assist: swipe"), "{out}");
        assert!(out.contains("quit"));
        assert_eq!(group(1_234_567), "1,234,567");
        assert_eq!(group(12), "12");
    }

    /// Keys that fail after a few swipes, as a broken terminal does.
    struct FailingKeys(u32);

    impl Keys for FailingKeys {
        fn next(&mut self) -> Result<Option<Key>> {
            if self.0 == 0 {
                bail!("the terminal went away");
            }
            self.0 -= 1;
            Ok(Some(Key::Swipe(if self.0.is_multiple_of(2) {
                Direction::Left
            } else {
                Direction::Up
            })))
        }
        fn raw(&self) -> bool {
            false
        }
    }

    #[test]
    fn the_record_survives_a_failed_input() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        let args = PlayArgs {
            seed: 3,
            assist: false,
            assist_depth: 2,
            hint_model: HintModel::Plus,
            record: Some(path.clone()),
        };
        let mut out = Vec::new();
        let e = play_with(&args, &mut FailingKeys(4), &mut out).unwrap_err();
        assert!(e.to_string().contains("went away"), "{e}");
        let record = GameRecord::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert!(
            record.moves() >= 1,
            "the swipes before the failure are kept"
        );
    }
}
