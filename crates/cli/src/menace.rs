//! `ludomat menace …` — MENACE, Donald Michie's matchbox learner: play it exactly as the
//! seed challenge asks, train it against any noughts-and-crosses agent with a learning
//! curve, look into its boxes, and measure how fast it learns.
//!
//! Its matchboxes live in a state file: `play` loads it and saves after every game,
//! `train` starts a fresh MENACE (or, with `--continue`, the saved one) and saves every
//! `--save-every` games, at the end and on Ctrl-C; `stats` and `boxes` only read it. All
//! saves are atomic; a file that is not a MENACE state is reported and never touched.

use ludomat_io::text::Shown as _;
use std::io::Write;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand};
use ludomat_chart::line_chart;
use ludomat_game::run::{cpu, Checkpoint, CheckpointError, Ended, Progress};
use ludomat_game::LineInput;
use ludomat_menace::bench::{bench as run_bench, BenchOptions};
use ludomat_menace::store::{Side, StateOptions, Stored};
use ludomat_menace::training::{TrainError, TrainPartial};
use ludomat_menace::{challenge, text, Menace, Training};
use ludomat_tictactoe::Board;

use crate::progress::{self, Bar};
use ludomat_arena::menace::TrainOptions;

/// `ludomat menace …`
#[derive(Debug, Args)]
pub struct MenaceCmd {
    #[command(flatten)]
    state: StateOptions,
    #[command(subcommand)]
    command: MenaceSub,
}

#[derive(Debug, Subcommand)]
enum MenaceSub {
    /// Play MENACE (X, moving first) exactly as the source's challenge: how many games,
    /// `new game`, the board after every move, moves as row then column from L/M/R,
    /// all 304 matchboxes after each game.
    Play(PlayArgs),
    /// Train the saved MENACE further (or a fresh one, with --fresh) against another
    /// agent; writes a learning curve (CSV, PNG, SVG) into one folder and saves it.
    Train(TrainOptions),
    /// Show the matchboxes, or the box for one position with its beads on the board.
    Boxes(BoxesArgs),
    /// Box counts by MENACE's move, bead totals, games played and the record.
    Stats,
    /// Measure training speed: games per second on one core and on all cores.
    Bench(BenchOptions),
    /// Print a matchbox kit (PDF, SVG) of the boxes, sized for real matchbox fronts.
    Kit(crate::kit::MenaceKitArgs),
}

#[derive(Debug, Args)]
struct PlayArgs {
    /// Start over with fresh matchboxes: the saved MENACE is first kept beside it as
    /// PATH.bak-N (a file that is not a MENACE state is never replaced).
    #[arg(long)]
    fresh: bool,
    /// Do not print the 304 matchboxes after every game.
    #[arg(long)]
    quiet_boxes: bool,
    /// Number of games (1 to 1,000,000; skips the question).
    #[arg(long, value_name = "N", value_parser = crate::count::count::<u64>(1, 1_000_000))]
    games: Option<u64>,
}

#[derive(Debug, Args)]
struct BoxesArgs {
    /// A position, nine squares of X, O and . in reading order (`X../.O./...`): shows
    /// its box, the symmetry, and the beads carried back onto the board.
    #[arg(long, value_name = "BOARD")]
    position: Option<Board>,
    /// Which set of boxes: MENACE playing X (304 boxes) or O (289).
    #[arg(long, value_enum, default_value_t = Side::X)]
    side: Side,
}

/// `ludomat play menace`: the same game as `ludomat menace play`, found where the other
/// games are.
#[derive(Debug, Args)]
pub struct PlayMenaceArgs {
    #[command(flatten)]
    state: StateOptions,
    #[command(flatten)]
    play: PlayArgs,
}

/// `ludomat play menace`
pub fn play_menace(a: PlayMenaceArgs) -> Result<()> {
    run(MenaceCmd {
        state: a.state,
        command: MenaceSub::Play(a.play),
    })
}

pub fn run(cmd: MenaceCmd) -> Result<()> {
    match cmd.command {
        MenaceSub::Play(a) => {
            let _ctrl_c = crate::interrupt::end_input_on_ctrl_c();
            let mut store = Stored::open_to_write(&cmd.state, a.fresh)?;
            if a.fresh && Menace::load(&store.path).is_ok() {
                if let Some(b) = crate::saved::keep_backup(&store.path)? {
                    outln!("Starting over; the saved MENACE is kept as {}.", b.shown());
                }
            }
            let mut out = crate::help::Wrapped::new(crate::out::stdout());
            // 304 boxes, some 340 lines: paged on a terminal (q goes on with the games)
            let mut page = |out: &mut dyn Write, m: &Menace, result: &str| {
                let r = m.record(ludomat_game::Player::First);
                let record = format!(
                    "This game: {result} MENACE after {}: {}.",
                    ludomat_io::text::count(m.games(), "game", "games"),
                    ludomat_io::text::results(r.wins, r.draws, r.losses)
                );
                let paged = {
                    let page = crate::page::Pager::start();
                    out.write_all(challenge::listing(m).as_bytes())?;
                    // the result at the pager's end, where its last page shows it
                    writeln!(out, "{record}")?;
                    out.flush()?;
                    page.active()
                };
                let _ = crate::page::left_by_ctrl_c(); // Ctrl-C there: the game goes on
                if paged {
                    // and again under the boxes, where the pager leaves the screen
                    writeln!(out, "{record}")?;
                }
                out.flush()
            };
            let boxes: Option<challenge::ShowBoxes<'_>> = (!a.quiet_boxes).then_some(&mut page);
            let input = &mut LineInput::Stdin;
            Ok(challenge::play(
                &mut store, a.games, input, &mut out, boxes,
            )?)
        }
        MenaceSub::Train(a) => train(&cmd.state, &a),
        // read-only: never write, create or touch the state file
        MenaceSub::Boxes(a) => {
            let store = Stored::open_saved(&cmd.state)?;
            let _page = crate::page::Pager::start(); // 304 boxes: paged on a terminal
            let side = a.side.player();
            match a.position {
                None => out!(
                    "{}",
                    crate::help::wrap(&text::listing(store.menace.boxes(side)))
                ),
                Some(board) => match text::explain(&store.menace, side, board) {
                    Ok(t) => out!("{}", crate::help::wrap(&t)),
                    Err(why) => bail!("{why}"),
                },
            }
            Ok(())
        }
        MenaceSub::Stats => {
            let store = Stored::open_saved(&cmd.state)?;
            // a long state path wrapped like every line (the table's lines fit 80)
            out!(
                "{}",
                crate::help::wrap(&text::stats(
                    &store.menace,
                    &text::state_source(&store.path.shown().to_string(), store.path.exists())
                ))
            );
            Ok(())
        }
        MenaceSub::Bench(a) => bench(&cmd.state, &a),
        MenaceSub::Kit(a) => crate::kit::menace(a, &cmd.state),
    }
}

// ---------------------------------------------------------------------------------------
// train

/// The files `menace train` writes into its output folder.
const CURVE_FILES: [&str; 5] = [
    "curve.csv",
    "curve.png",
    "curve.svg",
    "first-box.png",
    "first-box.svg",
];

/// `menace train`: the library's training run (`ludomat_menace::Training`) against the
/// arena's agent, with a progress bar, Ctrl-C, the state saved every `--save-every`
/// games and at the end, the curve written into the output folder.
fn train(state: &StateOptions, args: &TrainOptions) -> Result<()> {
    args.check()?;
    // The output folder and its files first: a run is never lost to a folder (or a
    // curve.png) that cannot be written.
    ludomat_io::output::check_folder_of("--out", &args.out, &CURVE_FILES)?;
    let path = state.path().ok();
    ludomat_io::output::folder_not_inputs("--out", &args.out, &CURVE_FILES, &[path.as_deref()])?;
    let fresh = args.fresh;
    let store = Stored::open_to_write(state, fresh)?;
    let replaced = if fresh {
        Menace::load(&store.path).ok().map(|m| m.games())
    } else {
        None
    };
    let backup = if replaced.is_some() {
        crate::saved::keep_backup(&store.path)?
    } else {
        None
    };
    let opponent = args.opponent(state.seed, store.menace.games())?;
    let games = ludomat_io::text::count(args.games, "game", "games");
    let head = format!("Training {games} ({}).\n", store.seed_text());
    out!("{}", crate::help::wrap(&head));
    let path = store.path;
    let mut run = Training::new(store.menace, opponent, args.config())?;
    let bar = Bar::new("games", Some(args.games), args.quiet);
    let mut watch =
        |p: &Progress<TrainPartial>| bar.update(p, Some(text::window_rates(&p.partial)));
    let (mut ctx, _ctrl_c) = progress::context("games", Some(args.games), &mut watch);
    // the games saved on the way: a failed last save says what it loses
    let saved_at = std::cell::Cell::new(None);
    let mut save = |t: &Training| {
        t.menace
            .save(&path)
            .map_err(|e| CheckpointError(Box::new(e)))?;
        saved_at.set(Some(t.progress.played));
        Ok(())
    };
    let (wall, cpu0) = (Instant::now(), cpu::thread());
    let ended = run.run(&mut ctx, &mut Checkpoint::every(args.save_every, &mut save));
    let (secs, cpu_secs) = (wall.elapsed(), cpu::thread().saturating_sub(cpu0));
    drop(ctx);
    bar.finish();
    let saved = run.menace.save(&path).map_err(|e| {
        let since = saved_at.get();
        let lost = run.progress.played - since.unwrap_or(0);
        let lost = text::not_saved(lost, since.is_some(), &path);
        anyhow!("cannot save MENACE's matchboxes: {e}; {lost}")
    });
    let ended = match ended {
        Ok(e) => e,
        Err(e @ TrainError::Game { .. }) => {
            saved?;
            return Err(e.into());
        }
        Err(e) => {
            // a failed last save says what it loses, before the failed checkpoint
            saved?;
            return Err(e.into());
        }
    };
    saved?;
    let played = run.progress.played;
    // Timing goes to stderr: stdout is the same for the same command.
    errln!(
        "{}",
        crate::voice::timing(played, "game", "games", secs, cpu_secs)
    );
    out!("{}", crate::help::wrap(&run.summary()));
    // the state is saved: said before the curve's files, which may fail (a full disk)
    let kept = replaced.zip(backup.as_deref());
    out!(
        "{}",
        crate::help::wrap(&text::trained(run.menace.games(), &path, kept))
    );
    ludomat_io::write::folders(&args.out)
        .with_context(|| format!("cannot make the output folder {}", args.out.shown()))?;
    crate::files::write(&args.out.join("curve.csv"), run.curve_csv())?;
    let [rates, beads] = run.charts(&crate::caption::made_by());
    for ext in ["png", "svg"] {
        line_chart(&rates, &args.out.join(format!("curve.{ext}")))?;
        line_chart(&beads, &args.out.join(format!("first-box.{ext}")))?;
    }
    outln!(
        "learning curve in {}:\n  {}",
        args.out.shown(),
        CURVE_FILES.join(", ")
    );
    if let Some(line) = text::widened_window(args.window, run.progress.per_point) {
        out!("{}", crate::help::wrap(&line));
    }
    if ended == Ended::Cancelled {
        return Err(ludomat_io::interrupt::Stopped::after(
            played,
            Some(args.games),
            ("game", "games"),
            "MENACE is saved with them, and their curve written",
        )
        .into());
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// bench

/// `menace bench`: the library's benchmark (`ludomat_menace::bench`) under the rules the
/// flags give, printed.
fn bench(state: &StateOptions, args: &BenchOptions) -> Result<()> {
    let config = args.config(state.rules()?.0, state.seed.unwrap_or(1));
    out!("{}", crate::help::wrap(&config.header()));
    let bar = Bar::new("games", None, args.quiet);
    let mut watch = |p: &Progress<()>| bar.update(p, None);
    let (mut ctx, _ctrl_c) = progress::context("games", None, &mut watch);
    let (report, ended) = run_bench(config, &mut ctx)?;
    drop(ctx);
    bar.finish();
    out!("{}", crate::help::wrap(&report.text()));
    if ended == Ended::Cancelled {
        let games = report.single.games() + report.parallel.as_ref().map_or(0, |p| p.games());
        let kept = ludomat_io::interrupt::Stopped::theirs(games);
        let total = Some(report.config.total_games());
        return Err(
            ludomat_io::interrupt::Stopped::after(games, total, ("game", "games"), kept).into(),
        );
    }
    Ok(())
}
