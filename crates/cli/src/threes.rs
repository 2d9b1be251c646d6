//! `ludomat play threes`, `ludomat threes auto | replay | tune | bench | engine | versus |
//! summary`: the arguments, and the runs of `ludomat_threes` shown with their words
//! (`ludomat_threes::text`).
//!
//! Play reads keys in raw mode when standard input is a terminal (arrow keys, `w a s d`,
//! `q`), and whole lines otherwise (`w`, `left`, `wasd`…), so a game can be scripted.

use ludomat_io::text::Shown as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::count::{count, thousands as group, MAX_THREADS};
use crate::help::wrap;
use crate::progress;
use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use ludomat_game::run::{Ended, Progress};
use ludomat_game::LineInput;
use ludomat_io::interrupt::{self, Stopped};
use ludomat_io::lock::Wait;
use ludomat_io::log::{Log, Resume};
use ludomat_io::output::{self, ANY, CHART};
use ludomat_threes::auto::{AutoOptions, AutoProgress, Contender, MAX_GAMES};
use ludomat_threes::autoplay::GameSummary;
use ludomat_threes::bench::BenchConfig;
use ludomat_threes::engine::{EngineCommand, Limits};
use ludomat_threes::learn::LearnProgress;
use ludomat_threes::learn_run::LearnOptions;
use ludomat_threes::options::DepthOptions;
use ludomat_threes::play::{keys_of_line, Key, LineKeys, Play};
use ludomat_threes::record::GameRecord;
use ludomat_threes::summary::{self, Summaries};
use ludomat_threes::tuning::TuneOptions;
use ludomat_threes::versus::{self, VersusGame, VersusOptions, VersusProgress};
use ludomat_threes::{text, DepthRule, Direction, Weights};

/// `ludomat play threes`
pub use ludomat_threes::play::PlayOptions as PlayArgs;

/// `ludomat threes …`
#[derive(Debug, Args)]
pub struct ThreesCmd {
    #[command(subcommand)]
    command: ThreesSub,
}

// the counts of the library's options are read by the one count parser (`crate::count`)
#[derive(Debug, Subcommand)]
enum ThreesSub {
    /// The AI plays many seeded games; score statistics, CSV, histogram.
    #[command(mut_arg("games", |a| a.value_parser(count::<u32>(1, u64::from(MAX_GAMES)))))]
    #[command(mut_arg("threads", |a| a.value_parser(count::<u16>(1, MAX_THREADS))))]
    Auto(AutoOptions),
    /// Step through a recorded game.
    Replay(ReplayArgs),
    /// Tune the heuristic's weights by coordinate search over seeded games.
    #[command(mut_arg("games", |a| a.value_parser(count::<u32>(1, 100_000))))]
    #[command(mut_arg("rounds", |a| a.value_parser(count::<u32>(0, 100))))]
    #[command(mut_arg("generations", |a| a.value_parser(count::<u32>(1, 10_000))))]
    #[command(mut_arg("population", |a| a.value_parser(count::<u32>(2, 1_000))))]
    Tune(TuneOptions),
    /// Swipes per second (one thread) and search nodes per second.
    Bench(BenchArgs),
    /// Our AI as an engine: answer the engine protocol on standard input and output
    /// (crates/threes/ENGINE.md), for any harness.
    Engine(EngineArgs),
    /// Strength against thinking time: AIs at several budgets play the same seeded games
    /// through the engine protocol; mean score against CPU time per move, CSV and chart.
    #[command(mut_arg("games", |a| a.value_parser(count::<u32>(1, 1_000_000))))]
    #[command(mut_arg("threads", |a| a.value_parser(count::<u16>(1, MAX_THREADS))))]
    Versus(VersusOptions),
    /// Train an n-tuple network by playing (TD learning): progress, Ctrl-C saves, --resume,
    /// the learning curve as CSV and chart, the network for --network.
    #[command(mut_arg("games", |a| a.value_parser(count::<u64>(1, 1_000_000_000_000))))]
    #[command(mut_arg("threads", |a| a.value_parser(count::<u16>(1, MAX_THREADS))))]
    #[command(mut_arg("eval_every", |a| a.value_parser(count::<u64>(1, 1_000_000_000))))]
    #[command(mut_arg("eval_games", |a| a.value_parser(count::<u32>(1, 1_000_000))))]
    #[command(mut_arg("checkpoint_every", |a| a.value_parser(count::<u64>(1, 1_000_000_000))))]
    #[command(mut_arg("per_job", |a| a.value_parser(count::<u64>(1, 1_000_000))))]
    Learn(LearnOptions),
    /// Combine the CSV files of several `auto` runs (e.g. one long run split over
    /// machines with --first-game) and print the same statistics.
    Summary(SummaryArgs),
}

/// `ludomat threes bench`
#[derive(Debug, Args)]
struct BenchArgs {
    #[command(flatten)]
    config: BenchConfig,
    #[command(flatten)]
    eval: ludomat_threes::options::EvalOptions,
}

/// `ludomat threes summary`
#[derive(Debug, Args)]
struct SummaryArgs {
    /// CSV files written by `threes auto --csv`.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// `ludomat threes engine`
#[derive(Debug, Args)]
struct EngineArgs {
    #[command(flatten)]
    rule: DepthOptions,
    /// Heuristic weights as JSON (as printed by `threes tune`).
    #[arg(long)]
    weights: Option<PathBuf>,
    #[command(flatten)]
    eval: ludomat_threes::options::EvalOptions,
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
            // Ctrl-C stops the game (said as Ctrl-C, not as q); Ctrl-D is end of input,
            // never a swipe (d); any other control chord is no swipe either.
            Code::Char('c') if control => Key::CtrlC,
            Code::Char('d') if control => return Ok(None),
            Code::Char(c) if control => Key::Unknown(format!("Ctrl-{c}")),
            Code::Char(c) => keys_of_line(&c.to_string())
                .pop()
                .unwrap_or_else(|| Key::Unknown(c.to_string())),
            other => Key::Unknown(other.to_string()),
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
    if ludomat_io::out::stdin_is_terminal() {
        crossterm::terminal::enable_raw_mode().context("cannot switch the terminal to raw mode")?;
        let _raw = RawMode;
        return play_with(&args, &mut raw_key, true, &mut out);
    }
    let mut keys = LineKeys::new(LineInput::Stdin);
    play_with(&args, &mut || Ok(keys.next_key()?), false, &mut out)
}

/// The game, keys from `key`; in `raw` mode a newline needs a carriage return.
fn play_with(
    args: &PlayArgs,
    key: &mut dyn FnMut() -> Result<Option<Key>>,
    raw: bool,
    out: &mut dyn Write,
) -> Result<()> {
    if let Some(path) = &args.record {
        check_output(path, "--record", ANY)?;
        // a record is never replaced: an earlier game's stays as it is
        ludomat_io::output::refuse_existing(path, "--record", "records")?;
    }
    let mut game = Play::new(args)?;
    let mut say = |text: &str| -> Result<()> {
        // each line wrapped at its words to the width (the assistant's advice is long)
        for line in wrap(text).lines() {
            write!(out, "{line}{}", if raw { "\r\n" } else { "\n" })?;
        }
        Ok(out.flush()?)
    };
    // the game so far is saved however the play ends, a failed input included
    let played = game.run(key, &mut say);
    if let Some(path) = &args.record {
        let moved = ludomat_threes::record::save_new(path, &game.record().to_json())
            .map_err(anyhow::Error::msg)?;
        say(&moved.unwrap_or_else(|| format!("game saved to {}", path.shown())))?;
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
            let network = a.eval.network()?;
            // no safe point to stop at: Ctrl-C ends it with the lines printed so far
            use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
            let said = AtomicU64::new(0);
            let kept = "the lines above are the measurements finished";
            let stopped = || Stopped::with(Stopped::figures(said.load(Relaxed), kept));
            crate::stop::or_ctrl_c(stopped, || {
                ludomat_threes::bench::measure_with(&a.config, network.as_ref(), &mut |line| {
                    // after a Ctrl-C nothing more: the process ends within 40 ms
                    if ludomat_io::interrupt::requested().load(Relaxed) {
                        return;
                    }
                    said.fetch_add(1, Relaxed);
                    let lines = format!("{line}\n"); // one write: a Ctrl-C not inside it
                    out!("{lines}");
                });
            });
            Ok(())
        }
        ThreesSub::Summary(a) => summary(a),
        ThreesSub::Engine(a) => engine(a),
        ThreesSub::Versus(a) => versus(a),
        ThreesSub::Learn(a) => learn(&a),
    }
}

/// The weights in `path`, or the defaults.
fn load_weights(path: Option<&Path>) -> Result<Weights> {
    let Some(path) = path else {
        return Ok(Weights::default());
    };
    let text = crate::files::read_string(path, crate::files::TEXT_CAP)?;
    ludomat_io::error::check_json(&path.shown(), &text).map_err(anyhow::Error::msg)?;
    Weights::from_json(&text).with_context(|| path.shown().to_string())
}

/// Refuse an output path before a long run rather than after it (`ludomat_io::output`):
/// a folder that is missing or cannot be written into, a special file, a format the
/// extension does not name.
pub(crate) fn check_output(
    path: &Path,
    flag: &str,
    formats: &'static [&'static str],
) -> Result<()> {
    Ok(output::check_flag(flag, path, formats)?)
}

/// Refuse each given output path of a long run before it starts.
fn check_outputs(paths: &[(&Option<PathBuf>, &str, &'static [&'static str])]) -> Result<()> {
    for (path, flag, formats) in paths {
        if let Some(path) = path {
            check_output(path, flag, formats)?;
        }
    }
    Ok(())
}

fn auto(a: AutoOptions) -> Result<()> {
    let rule = a.check().map_err(|e| crate::usage::usage(e.to_string()))?;
    check_outputs(&[(&a.csv, "--csv", ANY), (&a.chart, "--chart", CHART)])?;
    let reads = [a.weights.as_deref(), a.eval.network.as_deref()];
    let writes = [("--csv", a.csv.as_deref()), ("--chart", a.chart.as_deref())];
    output::outputs_not_inputs(&writes, &reads)?;
    let engine = match &a.engine {
        Some(_) if a.distributed.is_some() => {
            usage!("--engine cannot be combined with --distributed")
        }
        Some(cmd) => {
            let command = this_ludomat(EngineCommand::parse("engine", cmd)?)?;
            let limits = Limits::with_turn(a.engine_timeout).map_err(crate::usage::usage)?;
            Some(Contender::Engine(command, limits))
        }
        None => None,
    };
    let weights = load_weights(a.weights.as_deref())?;
    if let Some(dir) = &a.record_dir {
        // an earlier run's records are never replaced
        let (first, games) = (u64::from(a.first_game), u64::from(a.games));
        ludomat_threes::record::ready_dir(dir, first, games)?; // a bad folder: usage::find
    }
    let spec = a.log_spec(rule, &weights)?;
    // --- cluster (MPI) ---
    if a.distributed.is_some() && a.eval != Default::default() {
        usage!("--eval learned cannot be combined with --distributed: the cluster searches with the heuristic");
    }
    if let Some(mode) = a.distributed {
        match cluster::auto(&a, mode, rule, weights)? {
            cluster::Outcome::Worker => return Ok(()),
            cluster::Outcome::Done { games, wall } => {
                let mut log = open_auto_log(&a, &spec)?;
                // the CPU time is the workers', not this process's: wall-clock time only
                return finish(&a, rule, &games, (wall, None, None), log.as_mut(), &spec);
            }
            cluster::Outcome::Local => {}
        }
    }
    // --- end cluster ---
    let prepared = a.prepare(rule, weights, a.eval.network()?, engine);
    let (config, pool, parallel) = prepared.context("cannot start the worker threads")?;
    let threads = pool.current_num_threads();
    // Each finished game's line is written and flushed at once, so an interrupted run
    // keeps its finished games; at the end the file is rewritten in game order. The log
    // is opened only now, every option checked, and never empties an earlier file; a log
    // it refuses is refused before the header.
    let mut stream = open_auto_log(&a, &spec)?;
    out!(
        "{}",
        wrap(&format!("{}\n", text::auto_heading(&a, &config, threads)))
    );
    let bar = progress::Bar::new("games", Some(u64::from(a.games)), a.quiet);
    // the swipes made show the run moving long before its first game ends
    let played = std::cell::Cell::new(0);
    let mut watch = |p: &Progress<AutoProgress>| {
        played.set(p.partial.moves);
        let swipes = format!("{} swipes", group(p.partial.moves));
        let last = p
            .partial
            .last_score
            .map(|s| format!("  last: {}", group(s)));
        bar.update(p, Some(swipes + &last.unwrap_or_default()));
    };
    let (mut ctx, _ctrl_c) = progress::context("games", Some(u64::from(a.games)), &mut watch);
    let (started, cpu) = (Instant::now(), ludomat_game::run::cpu::with_children());
    let pool = parallel.then_some(&pool);
    let result = ludomat_threes::auto::run(
        &config,
        threads.min(a.games as usize),
        pool,
        &mut ctx,
        &mut |g| {
            if let (true, Some(shown)) = (a.show, g.shown()) {
                bar.suspend(|| outln!("{shown}"));
            }
            if let Some(r) = &g.record {
                save_record(a.record_dir.as_deref(), g.number, &r.to_json())?;
            }
            let row = summary::csv_row(u64::from(g.number), &g.summary);
            stream.as_mut().map_or(Ok(()), |log| log.line(&row))
        },
    );
    drop(ctx);
    bar.finish();
    let wall = started.elapsed();
    let cpu = ludomat_game::run::cpu::with_children().saturating_sub(cpu);
    let (games, ended) = result?;
    if ended == Ended::Cancelled && games.is_empty() {
        if let Some(time) = text::unfinished_timing(played.get(), wall, cpu) {
            errln!("{time}");
        }
        return Err(stopped_auto(0, a.games, "no game had ended: no statistics").into());
    }
    let time = (wall, Some(cpu), Some(played.get()));
    finish(&a, rule, &games, time, stream.as_mut(), &spec)?;
    if ended == Ended::Cancelled {
        let kept = [
            "the statistics above are theirs",
            ", and the log holds them",
        ];
        let kept = kept[..1 + usize::from(a.csv.is_some())].concat();
        return Err(stopped_auto(games.len() as u64, a.games, &kept).into());
    }
    Ok(())
}

/// `threes auto` stopped by Ctrl-C after `done` of `games` games.
fn stopped_auto(done: u64, games: u32, kept: &str) -> Stopped {
    Stopped::after(done, Some(u64::from(games)), ("game", "games"), kept)
}

/// The `--csv` log of an auto run, new (an earlier file is refused, never emptied).
fn open_auto_log(a: &AutoOptions, spec: &ludomat_io::log::Spec) -> Result<Option<Log>> {
    let Some(path) = &a.csv else { return Ok(None) };
    let opened = Log::open(
        path,
        spec,
        Resume::Never,
        Wait::Never,
        &summary::is_whole_row,
    );
    Ok(Some(opened.map_err(csv_refusal)?.log))
}

/// A `--csv` of an earlier run, or one no run wrote: a usage error (before the work).
fn csv_refusal(e: ludomat_io::log::LogError) -> anyhow::Error {
    match e.is_refusal() {
        true => crate::usage::usage(format!("--csv: {e}")),
        false => e.into(),
    }
}

/// Save game `number`'s record (JSON) into `dir`, if there is one.
fn save_record(dir: Option<&Path>, number: u32, json: &str) -> Result<(), String> {
    let Some(dir) = dir else { return Ok(()) };
    let path = dir.join(format!("game-{number}.json"));
    // never over a record another process wrote meanwhile: beside it, said so
    if let Some(moved) = ludomat_threes::record::save_new(&path, json)? {
        errln!("{moved}");
    }
    Ok(())
}

/// `command` with `ludomat` as this ludomat's path; a line it refuses is a usage error.
fn this_ludomat(mut command: EngineCommand) -> Result<EngineCommand> {
    if command.program.as_os_str() == "ludomat" {
        let line = std::iter::once("ludomat").chain(command.args.iter().map(String::as_str));
        if let Err(e) = ludomat_game::count::parse_from::<crate::Cli, _, _>(line) {
            let flag = match command.name.as_str() {
                "engine" => "--engine".to_string(),
                name => format!("--ai {}", ludomat_io::text::quoted(name, 40)),
            };
            let why = ludomat_game::count::said(&e);
            usage!("{flag}: its engine would refuse its command line: {why}");
        }
        command.program = std::env::current_exe().context("cannot find this ludomat's path")?;
    }
    Ok(command)
}

/// `ludomat threes engine`: our AI on standard input and output, one thread.
fn engine(a: EngineArgs) -> Result<()> {
    let rule = a.rule.rule()?;
    let weights = load_weights(a.weights.as_deref())?;
    let (searcher, _) = ludomat_threes::auto::our_ai(rule, weights, a.rule.spread, None, 1, 1);
    let network = a.eval.network()?;
    let learned = if network.is_some() { ", learned" } else { "" };
    let mut player = ludomat_threes::Player::new(searcher.with_network(network));
    let mut output = crate::out::stdout().lock();
    let name = format!("ludomat expectimax ({}{learned})", text::rule(rule));
    ludomat_threes::engine::serve(
        &mut ludomat_io::read::stdin(),
        &mut output,
        &mut player,
        &name,
    )?;
    Ok(())
}

/// `ludomat threes versus`
fn versus(a: VersusOptions) -> Result<()> {
    check_outputs(&[(&a.chart, "--chart", CHART)])?;
    let reads: Vec<_> = a.from.iter().map(|p| Some(p.as_path())).collect();
    let writes = [("--chart", a.chart.as_deref()), ("--csv", a.csv.as_deref())];
    output::outputs_not_inputs(&writes, &reads)?;
    let mut games = Vec::new();
    if !a.from.is_empty() {
        ludomat_io::read::each(&a.from, |name, r| -> Result<()> {
            Ok(versus::read_csv_from(name, r, &mut games)?)
        })?;
        return versus_report(&games, a.chart.as_deref(), a.paired.as_deref());
    }
    if a.ais.is_empty() {
        usage!(
            "give at least one --ai NAME:BUDGETS=COMMAND (or --from FILES to draw earlier runs)"
        );
    }
    let entries = versus::entries_of(&a.ais, &mut this_ludomat)?;
    check_outputs(&[(&a.csv, "--csv", ANY)])?;
    // Every option is checked before the log is opened; the log is never emptied, and a
    // resumed one must carry this run's settings and end in a whole line.
    // options that make no run: usage errors (status 2), as in threes auto
    let mut config = a.config(entries, Default::default())?; // (usage::find)
    let mut file = match &a.csv {
        Some(path) => {
            let spec = versus::log_spec(&a);
            let opened = Log::open(
                path,
                &spec,
                a.resume.into(),
                Wait::Never,
                &versus::is_whole_row,
            )
            .map_err(csv_refusal)?;
            if !opened.existing.is_empty() {
                let name = path.shown().to_string();
                versus::read_log(&name, &opened.existing, &config.entries, &mut games)?;
            }
            Some(opened.log)
        }
        None => None,
    };
    config.skip = versus::done(&games);
    outln!("{}", text::versus_header(&config));
    let bar = progress::Bar::new("games", None, false);
    let mut watch = |p: &Progress<VersusProgress>| {
        let last = p.partial.last.as_ref();
        bar.update(
            p,
            last.map(|(ai, b, s)| format!("last: {ai} {b}: {}", group(*s))),
        );
    };
    let (mut ctx, _ctrl_c) = progress::context("games", None, &mut watch);
    let result = versus::run(&config, &mut ctx, &mut |g| {
        file.as_mut()
            .map_or(Ok(()), |log| log.line(&versus::csv_row(g)))
    });
    drop(file);
    drop(ctx);
    bar.finish();
    let (played, ended) = result?;
    let this_run = played.len() as u64;
    games.extend(played);
    let all = games.len() as u64;
    let stopped = versus::stopped(this_run, config.to_play(), all, a.csv.is_some());
    if all > 0 || ended != Ended::Cancelled {
        versus_report(&games, a.chart.as_deref(), a.paired.as_deref())?;
    }
    match ended {
        Ended::Cancelled => Err(stopped.into()),
        _ => Ok(()),
    }
}

/// The curve's table, and its chart when asked.
fn versus_report(games: &[VersusGame], chart: Option<&Path>, paired: Option<&str>) -> Result<()> {
    let points = versus::points(games);
    if points.is_empty() {
        bail!("no games");
    }
    for line in text::versus_table(&points, crate::help::width()) {
        outln!("{line}");
    }
    if let Some(pair) = paired {
        let Some((x, y)) = pair.split_once(',') else {
            usage!(
                "--paired {}: two AI names, A,B",
                ludomat_io::text::quoted(pair, 60)
            );
        };
        let rows = ludomat_threes::paired::paired(games, x.trim(), y.trim());
        if rows.is_empty() {
            bail!("--paired {pair}: no budget where both played the same deals");
        }
        for line in ludomat_threes::paired::table(x.trim(), y.trim(), &rows) {
            outln!("{line}");
        }
    }
    if let Some(path) = chart {
        versus::chart(&points, path, &crate::caption::made_by())?;
        outln!("curve written to {}", path.shown());
    }
    Ok(())
}

/// The statistics, the CSV file and the chart of a finished `auto` run.
/// An auto run's end: the statistics (standard output), the timings (standard error:
/// `time` is the run's wall-clock time and this process's CPU time, when the work was
/// this process's), the log rewritten in game order, the chart.
fn finish(
    a: &AutoOptions,
    rule: DepthRule,
    games: &[GameSummary],
    time: (Duration, Option<Duration>, Option<u64>),
    log: Option<&mut Log>,
    spec: &ludomat_io::log::Spec,
) -> Result<()> {
    out!("{}", wrap(&text::stats(games)));
    if let Some(speed) = text::search_speed(games) {
        let timing = text::auto_timing(games, time.2, time.0, time.1);
        errln!("{speed}\n{timing}");
    }
    if let Some(log) = log {
        // the settings line, then the games in order
        let text = spec.settings_line() + &summary::to_csv(u64::from(a.first_game), games);
        log.rewrite(&text)
            .with_context(|| format!("cannot write {}", log.path().shown()))?;
        outln!("one line per game written to {}", log.path().shown());
    }
    if let Some(path) = &a.chart {
        let title = format!(
            "Threes! AI: {}, {}",
            ludomat_io::text::count(games.len() as u64, "game", "games"),
            text::rule(rule)
        );
        summary::histogram(path, games, &title, &crate::caption::made_by())?;
        outln!("score histogram written to {}", path.shown());
    }
    Ok(())
}

/// `ludomat threes learn`: the run is `ludomat_threes::learn`; this shows it.
fn learn(a: &LearnOptions) -> Result<()> {
    a.refuse_before_work()?; // --dir through a file, a fresh run over a checkpoint: usage
    let bar = progress::Bar::new("games", Some(a.games), a.quiet);
    // the last recent mean kept over a new window with no game yet (a score is never 0);
    // short, so the counts and the time left keep their room (points print above the bar)
    let shown = std::cell::Cell::new(None::<u64>);
    let mut watch = |p: &Progress<LearnProgress>| {
        let m = p.partial.recent_mean;
        shown.set((m > 0.0).then(|| m.round() as u64).or(shown.get()));
        let recent = shown.get().map_or_else(|| "—".to_string(), group);
        bar.update(p, Some(format!("recent {recent}")));
    };
    let (mut ctx, _ctrl_c) = progress::context("games", Some(a.games), &mut watch);
    let caption = crate::caption::made_by();
    let result = a.run_placed(&mut ctx, &caption, &mut |line| {
        let fresh = interrupt::after_echo_out(); // a Ctrl-C's echo before it: a line break
        bar.suspend(|| out!("{}", wrap(&format!("{fresh}{line}\n"))))
    });
    drop(ctx);
    bar.finish();
    // a worker rank of an MPI run has served: the master reports
    let Some(learned) = result? else {
        return Ok(());
    };
    // this run's games and time: a timing (after a Ctrl-C's echo, on a line of its own)
    errln!("{}{}", interrupt::after_echo(), learned.trained_line());
    out!("{}", a.places(learned.saved()));
    if learned.ended == Ended::Cancelled {
        let games = learned.learner.state.games;
        let unit = ("game", "games");
        return Err(Stopped::after(games, Some(a.games), unit, learned.kept()).into());
    }
    Ok(())
}

/// `ludomat threes summary`: the statistics of `auto` CSV files, every game once.
fn summary(a: SummaryArgs) -> Result<()> {
    let mut games = Summaries::new();
    ludomat_io::read::each(&a.files, |name, r| -> Result<()> {
        Ok(games.read_from(name, r)?)
    })?;
    // folded as they were read: no game is kept
    let report = text::summary_of(games.aggregate(), a.files.len());
    outln!("{}", wrap(&report.map_err(anyhow::Error::msg)?).trim_end());
    Ok(())
}

fn replay(a: ReplayArgs) -> Result<()> {
    let text = crate::files::read_string(&a.file, crate::files::TEXT_CAP)?;
    ludomat_io::error::check_json(&a.file.shown(), &text).map_err(anyhow::Error::msg)?;
    let record =
        GameRecord::from_json(&text).map_err(|e| anyhow::Error::msg(e.of_file(&a.file.shown())))?;
    let moves = record.moves();
    let head = text::replay_head(&a.file.shown(), &record);
    out!("{}", wrap(&head));
    let mut input = LineInput::Stdin;
    // thousands of lines: paged on a terminal, the result printed after the pager
    let page = (!a.step).then(crate::page::Pager::start);
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
    drop(page);
    out!("{}", wrap(&text::replay_end(&record)));
    Ok(())
}

/// `ludomat threes tune`: the run is `ludomat_threes::tuning`; this shows it.
fn tune(mut options: TuneOptions) -> Result<()> {
    // --resume F alone saves to F as it goes (it used to go on from F and save nothing)
    options.checkpoint = options.checkpoint.clone().or(options.resume.clone());
    let a = &options;
    check_outputs(&[(&a.out, "--out", ANY), (&a.checkpoint, "--checkpoint", ANY)])?;
    // the weights never replace the run's own checkpoint or starting files, nor the
    // checkpoint the starting weights (it may be the --resume it goes on from)
    let (cp, from, out) = (a.checkpoint.as_deref(), a.from.as_deref(), a.out.as_deref());
    let reads = [cp, a.resume.as_deref(), from];
    output::outputs_not_inputs(&[("--checkpoint", cp), ("--out", out)], &[from])?;
    output::outputs_not_inputs(&[("--out", a.out.as_deref())], &reads)?;
    let start = load_weights(from)?;
    options
        .check()
        .map_err(|e| crate::usage::usage(e.to_string()))?;
    let _lock = options.lock()?; // held while this run saves into it (before --resume is read)
    options.check_checkpoint()?;
    let resume = match &a.resume {
        Some(path) => {
            let text = crate::files::read_string(path, crate::files::TEXT_CAP)?;
            Some(options.read_resume(&start, &path.shown(), &text)?)
        }
        None => None,
    };
    out!("{}", wrap(&options.header(&start)));
    let (started, cpu) = (Instant::now(), ludomat_game::run::cpu::process());
    if let Some(r) = &resume {
        outln!("{}", wrap(&options.resume_line(r)));
    }
    // before the bar, which a finished run (it tries nothing) does not draw
    let quiet = a.quiet || resume.as_ref().is_some_and(|r| options.is_finished(r));
    let bar = progress::Bar::new("candidates", Some(options.bound()), quiet);
    // the pass of the candidate last tried, for the bar's message
    let round = std::cell::Cell::new(resume.as_ref().map_or(1, |r| r.round()));
    if let Some(tried) = resume.as_ref().and_then(|r| r.tried()) {
        bar.resumed_at(tried);
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
    out!("{}", wrap(&options.summary(&tuned)));
    // the weights are the result (standard output); the time is a timing (standard error)
    let cpu = ludomat_game::run::cpu::process().saturating_sub(cpu);
    if let Some(timing) = tuned.timing(started.elapsed(), cpu) {
        errln!("{timing}");
    }
    let json = serde_json::to_string_pretty(&tuned.best)?;
    outln!("{json}");
    if let Some(path) = &a.out {
        crate::files::write(path, json)?;
    }
    if tuned.ended == Ended::Cancelled {
        let kept = match (&a.checkpoint, &a.out) {
            (Some(_), _) => {
                "the best so far is above, and the checkpoint holds the run: go on with --resume"
            }
            (None, Some(_)) => "the best so far is above and in --out",
            (None, None) => "the best so far is above",
        };
        return Err(Stopped::after(
            tuned.candidates,
            Some(options.bound()),
            ("candidate", "candidates"),
            kept,
        )
        .into());
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
            record: Some(path.clone()),
            ..PlayArgs::default()
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
        let text = ludomat_io::read::text(&path, ludomat_io::read::TEXT_CAP).unwrap();
        let record = GameRecord::from_json(&text).unwrap();
        assert!(
            record.moves() >= 1,
            "the swipes before the failure are kept"
        );
    }
}
