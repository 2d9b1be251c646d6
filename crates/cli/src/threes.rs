//! `ludomat play threes`, `ludomat threes auto | replay | tune | bench | engine | versus |
//! summary`: the arguments, and the runs of `ludomat_threes` shown with their words
//! (`ludomat_threes::text`).
//!
//! Play reads keys in raw mode when standard input is a terminal (arrow keys, `w a s d`,
//! `q`), and whole lines otherwise (`w`, `left`, `wasd`…), so a game can be scripted.

use std::collections::VecDeque;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::count::thousands as group;
use crate::help::wrap;
use crate::progress;
use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use ludomat_game::run::{Ended, Progress};
use ludomat_game::LineInput;
use ludomat_threes::auto::{AutoConfig, AutoProgress, Contender};
use ludomat_threes::autoplay::GameSummary;
use ludomat_threes::bench::BenchConfig;
use ludomat_threes::cluster::Mode;
use ludomat_threes::engine::{EngineCommand, Limits};
use ludomat_threes::options::{hint_models, DepthOptions};
use ludomat_threes::play::{keys_of_line, Key, Play};
use ludomat_threes::record::GameRecord;
use ludomat_threes::search::MAX_DEPTH;
use ludomat_threes::summary::{self, Summaries};
use ludomat_threes::tuning::{TuneMethod, TuneOptions};
use ludomat_threes::versus::{self, VersusConfig, VersusGame, VersusProgress};
use ludomat_threes::{text, DepthRule, Direction, HintModel, Weights};

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
    Bench(BenchConfig),
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
    rule: DepthOptions,
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
    distributed: Option<Mode>,
    /// Jobs are the subtrees this many swipes above the leaves (the source's
    /// parallelization depth, 1…16; default 8, capped at the depth − 1).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=16))]
    parallel_depth: Option<u8>,
    /// With `--distributed search`: print no report per move (only the summary).
    #[arg(long)]
    no_move_reports: bool,
    // --- end cluster ---------------------------------------------------------------------
}

/// `ludomat threes engine`
#[derive(Debug, Args)]
struct EngineArgs {
    #[command(flatten)]
    rule: DepthOptions,
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

// ---------------------------------------------------------------------------------------
// play

/// The next key pressed on the raw terminal; `None`: Ctrl-D.
fn raw_key() -> Result<Option<Key>> {
    use crossterm::event::{self, Event, KeyCode as Code, KeyEventKind, KeyModifiers};
    loop {
        let Event::Key(k) = event::read()? else {
            continue;
        };
        if k.kind != KeyEventKind::Press {
            continue;
        }
        let control = k.modifiers.contains(KeyModifiers::CONTROL);
        return Ok(Some(match k.code {
            Code::Up => Key::Swipe(Direction::Up),
            Code::Down => Key::Swipe(Direction::Down),
            Code::Left => Key::Swipe(Direction::Left),
            Code::Right => Key::Swipe(Direction::Right),
            Code::Esc => Key::Quit,
            // Ctrl-C quits like q; Ctrl-D is end of input, never a swipe (d);
            // any other control chord is no swipe either.
            Code::Char('c') if control => Key::Quit,
            Code::Char('d') if control => return Ok(None),
            Code::Char(c) if control => Key::Unknown(format!("Ctrl-{c}")),
            Code::Char(c) => keys_of_line(&c.to_string())
                .pop()
                .unwrap_or_else(|| Key::Unknown(c.to_string())),
            other => Key::Unknown(format!("{other:?}")),
        }));
    }
}

/// Raw mode for as long as it lives.
struct RawMode;

impl Drop for RawMode {
    fn drop(&mut self) {
        let _ = crossterm::terminal::disable_raw_mode();
    }
}

/// `ludomat play threes`
pub fn play(args: PlayArgs) -> Result<()> {
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    if std::io::stdin().is_terminal() {
        crossterm::terminal::enable_raw_mode().context("cannot switch the terminal to raw mode")?;
        let _raw = RawMode;
        return play_with(&args, &mut raw_key, true, &mut out);
    }
    let (mut input, mut pending) = (LineInput::Stdin, VecDeque::new());
    let mut line_key = || -> Result<Option<Key>> {
        while pending.is_empty() {
            let Some(line) = input.next_line()? else {
                return Ok(None);
            };
            pending.extend(keys_of_line(&line));
        }
        Ok(pending.pop_front())
    };
    play_with(&args, &mut line_key, false, &mut out)
}

/// The game, keys from `key`; in `raw` mode a newline needs a carriage return.
fn play_with(
    args: &PlayArgs,
    key: &mut dyn FnMut() -> Result<Option<Key>>,
    raw: bool,
    out: &mut dyn Write,
) -> Result<()> {
    if let Some(path) = &args.record {
        check_output(path, "--record")?;
    }
    let assist = args.assist.then_some(args.assist_depth);
    let mut game = Play::new(args.seed, args.hint_model, assist).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut say = |text: &str| -> Result<()> {
        for line in text.lines() {
            write!(out, "{line}{}", if raw { "\r\n" } else { "\n" })?;
        }
        Ok(out.flush()?)
    };
    // the game so far is saved however the play ends, a failed input included
    let played = (|| -> Result<()> {
        loop {
            while let Some(text) = game.next_text() {
                say(&text)?;
            }
            if game.ended() {
                return Ok(());
            }
            game.key(key()?).map_err(|e| anyhow::anyhow!("{e}"))?;
        }
    })();
    if let Some(path) = &args.record {
        crate::files::write(path, game.record().to_json())?;
        say(&format!("game saved to {}", path.display()))?;
    }
    played
}

// ---------------------------------------------------------------------------------------
// threes …

/// `ludomat threes …`
pub fn run(cmd: ThreesCmd) -> Result<()> {
    match cmd.command {
        ThreesSub::Auto(a) => auto(a),
        ThreesSub::Replay(a) => replay(a),
        ThreesSub::Tune(a) => tune(a),
        ThreesSub::Bench(a) => {
            ludomat_threes::bench::measure(&a, &mut |line| outln!("{line}"));
            Ok(())
        }
        ThreesSub::Summary(a) => summary(a),
        ThreesSub::Engine(a) => engine(a),
        ThreesSub::Versus(a) => versus(a),
    }
}

/// The weights in `path`, or the defaults.
fn load_weights(path: Option<&Path>) -> Result<Weights> {
    let Some(path) = path else {
        return Ok(Weights::default());
    };
    let text = crate::files::read_string(path, crate::files::TEXT_CAP)?;
    Weights::from_json(&text).with_context(|| format!("{}", path.display()))
}

/// The most games one `threes auto` run plays.
const MAX_GAMES: u32 = 10_000_000;

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

/// Refuse each given output path of a long run before it starts.
fn check_outputs(paths: &[(&Option<PathBuf>, &str)]) -> Result<()> {
    for (path, flag) in paths {
        if let Some(path) = path {
            check_output(path, flag)?;
        }
    }
    Ok(())
}

fn auto(a: AutoArgs) -> Result<()> {
    let rule = a.rule.rule()?;
    if a.first_game.checked_add(a.games).is_none() {
        bail!(
            "--first-game {} + --games {} is past the last game number {}",
            a.first_game,
            a.games,
            u32::MAX
        );
    }
    check_outputs(&[(&a.csv, "--csv"), (&a.chart, "--chart")])?;
    let engine = match &a.engine {
        Some(_) if a.distributed.is_some() => bail!("--engine cannot be combined with --distributed"),
        Some(cmd) => Some(Contender::Engine(engine_command("engine", cmd)?, limits(a.engine_timeout)?)),
        None => None,
    };
    let weights = load_weights(a.weights.as_deref())?;
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
        pool = pool.num_threads(usize::from(t));
    }
    let pool = pool.build().context("cannot start the worker threads")?;
    let threads = pool.current_num_threads();
    let spread = a.rule.spread;
    let (searcher, parallel) =
        ludomat_threes::auto::our_ai(rule, weights, spread, a.parallel_depth, a.games, threads);
    let config = AutoConfig {
        contender: engine.unwrap_or(Contender::Searcher(searcher)),
        seed: a.seed,
        first_game: a.first_game,
        games: a.games,
        model: a.hint_model,
        record: a.record_dir.is_some() || a.show,
    };
    outln!("{}", text::auto_header(&config, threads, a.engine.as_deref().unwrap_or_default()));
    // Each finished game's line is written and flushed at once, so an interrupted run
    // keeps its finished games; at the end the file is rewritten in game order.
    let mut stream = a.csv.as_deref().map(|p| csv_file(p, summary::CSV_HEADER)).transpose()?;
    let bar = progress::Bar::new("games", Some(u64::from(a.games)), false);
    // the swipes made show the run moving long before its first game ends
    let mut watch = |p: &Progress<AutoProgress>| {
        let swipes = format!("{} swipes", group(p.partial.moves));
        let last = p.partial.last_score.map(|s| format!("  last: {}", group(s)));
        bar.update(p, Some(swipes + &last.unwrap_or_default()));
    };
    let (mut ctx, _ctrl_c) = progress::context("games", Some(u64::from(a.games)), &mut watch);
    let started = Instant::now();
    let pool = parallel.then_some(&pool);
    let result = ludomat_threes::auto::run(&config, threads.min(a.games as usize), pool, &mut ctx, &mut |g| {
        if let (true, Some(shown)) = (a.show, g.shown()) {
            bar.suspend(|| outln!("{shown}"));
        }
        if let (Some(dir), Some(r)) = (&a.record_dir, &g.record) {
            let path = dir.join(format!("game-{}.json", g.number));
            crate::files::write(&path, r.to_json()).map_err(|e| format!("{e:#}"))?;
        }
        let row = summary::csv_row(u64::from(g.number), &g.summary);
        append(&mut stream, a.csv.as_deref(), &row)
    });
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

/// A CSV file written line by line, its `header` written first.
fn csv_file(path: &Path, header: &str) -> Result<std::fs::File> {
    let mut f = crate::files::create(path)?;
    writeln!(f, "{header}")
        .and_then(|()| f.flush())
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(f)
}

/// Append `row` to the CSV `file` at `path` at once, if there is one.
fn append(file: &mut Option<std::fs::File>, path: Option<&Path>, row: &str) -> Result<(), String> {
    if let (Some(f), Some(path)) = (file.as_mut(), path) {
        f.write_all(row.as_bytes())
            .and_then(|()| f.flush())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// An engine command line; the program `ludomat` is this ludomat.
fn engine_command(name: &str, cmd: &str) -> Result<EngineCommand> {
    this_ludomat(EngineCommand::parse(name, cmd)?)
}

/// `command` with the program `ludomat` replaced by this ludomat's path.
fn this_ludomat(mut command: EngineCommand) -> Result<EngineCommand> {
    if command.program.as_os_str() == "ludomat" {
        command.program = std::env::current_exe().context("cannot find this ludomat's path")?;
    }
    Ok(command)
}

/// The engine limits with a turn timeout of `seconds`.
fn limits(seconds: f64) -> Result<Limits> {
    Limits::with_turn(seconds).map_err(anyhow::Error::msg)
}

/// `ludomat threes engine`: our AI on standard input and output, one thread.
fn engine(a: EngineArgs) -> Result<()> {
    let rule = a.rule.rule()?;
    let weights = load_weights(a.weights.as_deref())?;
    let (searcher, _) = ludomat_threes::auto::our_ai(rule, weights, a.rule.spread, None, 1, 1);
    let mut player = ludomat_threes::Player::new(searcher);
    let mut output = crate::out::stdout().lock();
    let name = format!("ludomat expectimax ({})", text::rule(rule));
    ludomat_threes::engine::serve(&mut std::io::stdin().lock(), &mut output, &mut player, &name)?;
    Ok(())
}

/// Read `versus` CSV files into `games`.
fn read_versus(paths: &[PathBuf], games: &mut Vec<VersusGame>) -> Result<()> {
    for path in paths {
        let text = crate::files::read_string(path, crate::files::TEXT_CAP)?;
        versus::read_csv(&path.display().to_string(), &text, games)?;
    }
    Ok(())
}

/// `ludomat threes versus`
fn versus(a: VersusArgs) -> Result<()> {
    check_outputs(&[(&a.chart, "--chart")])?;
    let mut games = Vec::new();
    if !a.from.is_empty() {
        read_versus(&a.from, &mut games)?;
        return versus_report(&games, a.chart.as_deref());
    }
    if a.ais.is_empty() {
        bail!("give at least one --ai NAME:BUDGETS=COMMAND (or --from FILES to draw earlier runs)");
    }
    let mut entries = Vec::new();
    for spec in &a.ais {
        for mut e in versus::entries(spec)? {
            e.command = this_ludomat(e.command)?;
            entries.push(e);
        }
    }
    check_outputs(&[(&a.csv, "--csv")])?;
    let resume = a.csv.as_ref().filter(|p| a.resume && p.exists());
    let mut file = match (&a.csv, resume) {
        (Some(path), Some(_)) => {
            read_versus(std::slice::from_ref(path), &mut games)?;
            Some(crate::files::append(path)?)
        }
        (Some(path), None) => Some(csv_file(path, versus::CSV_HEADER)?),
        (None, _) => None,
    };
    let config = VersusConfig {
        entries,
        games: a.games,
        first_game: a.first_game,
        seed: a.seed,
        model: a.hint_model,
        limits: limits(a.engine_timeout)?,
        threads: usize::from(a.threads),
        skip: versus::done(&games),
    };
    outln!("{}", text::versus_header(&config));
    let bar = progress::Bar::new("games", None, false);
    let mut watch = |p: &Progress<VersusProgress>| {
        let last = p.partial.last.as_ref();
        bar.update(p, last.map(|(ai, b, s)| format!("last: {ai} {b}: {}", group(*s))));
    };
    let (mut ctx, _ctrl_c) = progress::context("games", None, &mut watch);
    let result = versus::run(&config, &mut ctx, &mut |g| {
        append(&mut file, a.csv.as_deref(), &versus::csv_row(g))
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

/// The curve's table, and its chart when asked.
fn versus_report(games: &[VersusGame], chart: Option<&Path>) -> Result<()> {
    let points = versus::points(games);
    if points.is_empty() {
        bail!("no games");
    }
    for line in text::versus_table(&points, crate::help::WIDTH) {
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
    out!("{}", wrap(&text::stats(games, Some(wall))));
    if let Some(path) = &a.csv {
        crate::files::write(path, summary::to_csv(u64::from(a.first_game), games))?;
        outln!("one line per game written to {}", path.display());
    }
    if let Some(path) = &a.chart {
        let title = format!("Threes! AI: {} games, {}", games.len(), text::rule(rule));
        summary::histogram(path, games, &title, &crate::caption::made_by())?;
        outln!("score histogram written to {}", path.display());
    }
    Ok(())
}

/// `ludomat threes summary`: the statistics of `auto` CSV files, every game once.
fn summary(a: SummaryArgs) -> Result<()> {
    let mut games = Summaries::new();
    for path in &a.files {
        let text = crate::files::read_string(path, crate::files::TEXT_CAP)?;
        games.read(&path.display().to_string(), &text)?;
    }
    let games = games.into_games();
    if games.is_empty() {
        bail!("no games in {} file(s)", a.files.len());
    }
    let cpu: f64 = games.iter().map(|g| g.elapsed.as_secs_f64()).sum();
    let n = a.files.len();
    outln!("{} games from {n} file(s); {cpu:.0} s of search time", games.len());
    out!("{}", wrap(&text::stats(&games, None)));
    Ok(())
}

fn replay(a: ReplayArgs) -> Result<()> {
    let text = crate::files::read_string(&a.file, crate::files::TEXT_CAP)?;
    let record = GameRecord::from_json(&text)
        .with_context(|| format!("{} is not a valid Threes! record", a.file.display()))?;
    let (seed, model, moves) = (record.seed, record.hint_model, record.moves());
    let head = format!("{}: seed {seed}, hint model {model}, {moves} moves\n", a.file.display());
    out!("{}", wrap(&head));
    let mut input = LineInput::Stdin;
    for (i, (frame, swipe)) in text::replay(&record).into_iter().enumerate() {
        out!("{frame}");
        if !(a.step && swipe) {
            continue;
        }
        out!("Enter: next swipe, q: stop > ");
        crate::out::stdout().flush()?;
        match input.next_line()? {
            None => {
                outln!();
                break;
            }
            Some(l) if matches!(l.trim().to_ascii_lowercase().as_str(), "q" | "quit") => {
                outln!("stopped after board {i} of {moves}");
                break;
            }
            Some(_) => {}
        }
    }
    out!("{}", wrap(&text::replay_end(&record)));
    Ok(())
}

/// `ludomat threes tune`: the run is `ludomat_threes::tuning`; this shows it.
fn tune(a: TuneArgs) -> Result<()> {
    let start = load_weights(a.from.as_deref())?;
    let options = TuneOptions {
        games: a.games,
        depth: a.depth,
        rounds: a.rounds,
        seed: a.seed,
        checkpoint: a.checkpoint.clone(),
        method: a.method,
        generations: a.generations,
        population: a.population,
        sigma: a.sigma,
    };
    check_outputs(&[(&a.out, "--out"), (&a.checkpoint, "--checkpoint")])?;
    options.check()?;
    out!("{}", wrap(&options.header(&start)));
    let started = Instant::now();
    let bar = progress::Bar::new("candidates", Some(options.bound()), false);
    let resume = match &a.resume {
        Some(path) => {
            let text = crate::files::read_string(path, crate::files::TEXT_CAP)?;
            Some(options.read_resume(&path.display().to_string(), &text)?)
        }
        None => None,
    };
    // the pass of the candidate last tried, for the bar's message
    let round = std::cell::Cell::new(resume.as_ref().map_or(1, |r| r.round()));
    if let Some(r) = &resume {
        if let Some(tried) = r.tried() {
            bar.resumed_at(tried);
        }
        outln!("{}", r.line());
    }
    let mut watch = |p: &Progress<(Weights, f64)>| {
        bar.update(p, Some(options.bar_message(round.get(), p.partial.1)));
    };
    let (mut ctx, _ctrl_c) = progress::context("candidates", Some(options.bound()), &mut watch);
    let tuned = options.run(start, resume, &mut ctx, &mut |line| {
        bar.suspend(|| outln!("{}", line.text));
        round.set(line.round);
    })?;
    drop(ctx);
    bar.finish();
    out!("{}", wrap(&options.summary(&tuned, started.elapsed().as_secs_f64())));
    let json = serde_json::to_string_pretty(&tuned.best)?;
    outln!("{json}");
    if let Some(path) = &a.out {
        crate::files::write(path, json)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
        // keys that fail after a few swipes, as a broken terminal does
        let mut left = 4u32;
        let mut key = || -> Result<Option<Key>> {
            if left == 0 {
                bail!("the terminal went away");
            }
            left -= 1;
            let d = [Direction::Left, Direction::Up][left as usize % 2];
            Ok(Some(Key::Swipe(d)))
        };
        let e = play_with(&args, &mut key, false, &mut Vec::new()).unwrap_err();
        assert!(e.to_string().contains("went away"), "{e}");
        let record = GameRecord::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert!(
            record.moves() >= 1,
            "the swipes before the failure are kept"
        );
    }
}
