//! `ludomat menace …` — MENACE, Donald Michie's matchbox learner: play it exactly as the
//! seed challenge asks, train it against any noughts-and-crosses agent with a learning
//! curve, look into its boxes, and measure how fast it learns.
//!
//! Its matchboxes live in a state file: `play` loads it and saves after every game,
//! `train` starts a fresh MENACE (or, with `--continue`, the saved one) and saves every
//! `--save-every` games, at the end and on Ctrl-C; `stats` and `boxes` only read it. All
//! saves are atomic; a file that is not a MENACE state is reported and never touched.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use ludomat_chart::line_chart;
use ludomat_game::run::{cpu, Checkpoint, CheckpointError, Ended, Progress};
use ludomat_game::{seed, LineInput, Player, Session as _, SessionError};
use ludomat_menace::bench::{bench as run_bench, BenchConfig, BenchOpponent, Measurement};
use ludomat_menace::training::{TrainError, TrainPartial};
use ludomat_menace::{
    text, EmptyBox, Menace, MenaceAction, MenaceConfig, MenaceHappening, MenaceSession,
    OpponentKind, Preset, Rules, StartingBeads, TrainConfig, TrainOpponent, Training,
};
use ludomat_tictactoe::{Board, Mark, Notation};

use crate::progress::{self, Bar};
use crate::tictactoe::AgentKind;

/// `ludomat menace …`
#[derive(Debug, Args)]
pub struct MenaceCmd {
    #[command(flatten)]
    state: StateArgs,
    #[command(subcommand)]
    command: MenaceSub,
}

/// Where MENACE's matchboxes live and how a fresh MENACE is set up.
///
/// Global to every `menace` command, so each lists them: after its own options (clap
/// lists options in declaration order; without an order of their own these would share
/// the first places with the command's options, interleaved by letter), before -v.
#[derive(Debug, Args, Clone)]
#[command(next_display_order = 900)]
struct StateArgs {
    /// The state file [default: <data dir>/ludomat/menace.json].
    #[arg(long, global = true, value_name = "PATH")]
    state: Option<PathBuf>,
    /// Rule preset for a fresh MENACE: seed (the source article's rules; default),
    /// michie, scroggs.
    #[arg(long, global = true, value_name = "PRESET")]
    rules: Option<Preset>,
    /// Starting beads for a fresh MENACE: random:MIN-MAX per box, or four counts per
    /// legal move by MENACE's move (4/3/2/1).
    #[arg(long, global = true, value_name = "BEADS")]
    start_beads: Option<StartingBeads>,
    /// Net beads after a win, per box used.
    #[arg(long, global = true, allow_hyphen_values = true, value_name = "N")]
    win: Option<i32>,
    /// Net beads after a draw, per box used.
    #[arg(long, global = true, allow_hyphen_values = true, value_name = "N")]
    draw: Option<i32>,
    /// Net beads after a loss, per box used.
    #[arg(long, global = true, allow_hyphen_values = true, value_name = "N")]
    loss: Option<i32>,
    /// What an empty box does: refill, refill:N, resign.
    #[arg(long, global = true, value_name = "POLICY")]
    empty_box: Option<EmptyBox>,
    /// Seed [default: 1]: fills a fresh MENACE's boxes and seeds its opponent; given with
    /// a saved MENACE, restarts its random draws (otherwise they continue where they
    /// stopped).
    #[arg(long, global = true)]
    seed: Option<u64>,
}

#[derive(Debug, Subcommand)]
enum MenaceSub {
    /// Play MENACE (X, moving first) exactly as the source's challenge: how many games,
    /// `new game`, the board after every move, moves as row then column from L/M/R,
    /// all 304 matchboxes after each game.
    Play(PlayArgs),
    /// Train the saved MENACE further (or a fresh one, with --fresh) against another
    /// agent; writes a learning curve (CSV, PNG, SVG) into one folder and saves it.
    Train(TrainArgs),
    /// Show the matchboxes, or the box for one position with its beads on the board.
    Boxes(BoxesArgs),
    /// Box counts by MENACE's move, bead totals, games played and the record.
    Stats,
    /// Measure training speed: games per second on one core and on all cores.
    Bench(BenchArgs),
    /// Print a matchbox kit (PDF, SVG) of the boxes, sized for real matchbox fronts.
    Kit(crate::kit::MenaceKitArgs),
}

/// A side of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Side {
    /// Crosses, moving first.
    X,
    /// Noughts, moving second.
    O,
}

impl Side {
    fn player(self) -> Player {
        match self {
            Side::X => Player::First,
            Side::O => Player::Second,
        }
    }
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
struct TrainArgs {
    /// The opponent (any noughts-and-crosses agent except a human; `relay` plays X only,
    /// so with it MENACE takes `--side o`).
    #[arg(long, value_parser = crate::tictactoe::MachineAgent)]
    against: AgentKind,
    /// Games to play (1 to 1,000,000,000; the state is saved as it goes).
    #[arg(long, default_value_t = 1000, value_name = "N", value_parser = crate::count::count::<u64>(1, 1_000_000_000))]
    games: u64,
    /// The side MENACE plays.
    #[arg(long, value_enum, default_value_t = Side::X)]
    side: Side,
    /// Games per point of the learning curve (1 to 1,000,000,000).
    #[arg(long, default_value_t = 100, value_name = "N", value_parser = crate::count::count::<u64>(1, 1_000_000_000))]
    window: u64,
    /// Start over from fresh matchboxes (rule flags apply to a fresh MENACE only); the
    /// saved MENACE is first kept beside it as PATH.bak-N. Without it, training
    /// continues the saved MENACE.
    #[arg(long)]
    fresh: bool,
    /// (The default now: training continues the saved MENACE unless --fresh.)
    #[arg(long = "continue", hide = true, conflicts_with = "fresh")]
    keep_training: bool,
    /// The folder for the learning curve: curve.csv, curve.png, curve.svg,
    /// first-box.png, first-box.svg (created if missing; those files are replaced).
    #[arg(short, long, default_value = "out/menace-train", value_name = "DIR")]
    out: PathBuf,
    /// Save the state every N games, at the end and on Ctrl-C (a killed run loses at
    /// most the games since the last save; 1 to 1,000,000,000).
    #[arg(long, default_value_t = 10_000, value_name = "N", value_parser = crate::count::count::<u64>(1, 1_000_000_000))]
    save_every: u64,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
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

#[derive(Debug, Args)]
struct BenchArgs {
    /// (Ignored: the benchmark always trains fresh MENACEs and saves nothing.)
    #[arg(long, hide = true)]
    fresh: bool,
    /// Training games per run (1 to 1,000,000,000).
    #[arg(long, default_value_t = 1_000_000, value_name = "N", value_parser = crate::count::count::<u64>(1, 1_000_000_000))]
    games: u64,
    /// The opponent: random, perfect or menace (built-in fast players).
    #[arg(long, default_value = "random", value_parser = ["random", "perfect", "menace"])]
    against: String,
    /// Parallel runs for the all-cores measurement (1 to 256; default: number of cores).
    #[arg(long, value_name = "N", value_parser = crate::count::count::<u16>(1, crate::count::MAX_THREADS))]
    threads: Option<u16>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// `ludomat play menace`: the same game as `ludomat menace play`, found where the other
/// games are.
#[derive(Debug, Args)]
pub struct PlayMenaceArgs {
    #[command(flatten)]
    state: StateArgs,
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
            let mut session = Store::open(&cmd.state, a.fresh)?;
            if a.fresh && Menace::load(&session.path).is_ok() {
                if let Some(b) = crate::saved::keep_backup(&session.path)? {
                    outln!(
                        "Starting over; the saved MENACE is kept as {}.",
                        b.display()
                    );
                }
            }
            let mut input = LineInput::Stdin;
            let mut out = crate::help::Wrapped::new(crate::out::stdout());
            play(&mut session, &a, &mut input, &mut out)
        }
        MenaceSub::Train(a) => train(&cmd.state, &a),
        // read-only: never write, create or touch the state file
        MenaceSub::Boxes(a) => {
            let store = Store::open(&cmd.state, false)?;
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
            let store = Store::open(&cmd.state, false)?;
            out!(
                "{}",
                text::stats(&store.menace, &store.path.display().to_string())
            );
            Ok(())
        }
        MenaceSub::Bench(a) => bench(&cmd.state, &a),
        MenaceSub::Kit(a) => crate::kit::menace(
            a,
            cmd.state.state.as_deref(),
            cmd.state.rules()?,
            cmd.state.seed,
        ),
    }
}

impl StateArgs {
    /// The rules for a fresh MENACE, and whether any rule flag was given.
    fn rules(&self) -> Result<(Rules, bool)> {
        let mut r = self.rules.unwrap_or(Preset::Seed).rules();
        if let Some(b) = self.start_beads {
            r.starting_beads = b;
        }
        if let Some(n) = self.win {
            r.win = n;
        }
        if let Some(n) = self.draw {
            r.draw = n;
        }
        if let Some(n) = self.loss {
            r.loss = n;
        }
        if let Some(e) = self.empty_box {
            r.empty_box = e;
        }
        r.validate()?;
        let given = self.rules.is_some()
            || self.start_beads.is_some()
            || self.win.is_some()
            || self.draw.is_some()
            || self.loss.is_some()
            || self.empty_box.is_some();
        Ok((r, given))
    }

    fn path(&self) -> Result<PathBuf> {
        match &self.state {
            Some(p) => Ok(p.clone()),
            None => ludomat_menace::state::default_path().context(
                "this system has no user data directory; choose a state file with --state PATH",
            ),
        }
    }
}

/// A MENACE and the file it lives in.
struct Store {
    menace: Menace,
    path: PathBuf,
    /// The seed given (or 1): the session's seed for `play`.
    seed: u64,
    /// A saved MENACE goes on with its own random draws (no `--seed` given).
    continues: bool,
}

impl Store {
    /// Load the state file, or start a fresh MENACE when there is none or `fresh`.
    /// A file that exists but is not a valid MENACE state is an error, even when
    /// `fresh`: it is never overwritten. Opening never writes.
    fn open(args: &StateArgs, fresh: bool) -> Result<Store> {
        let path = args.path()?;
        let (rules, rules_given) = args.rules()?;
        let loaded = if path.exists() {
            match Menace::load(&path) {
                Ok(m) => Some(m),
                Err(e) => bail!(
                    "{e}\nThe file was left untouched. Move it away, or choose another file with --state PATH."
                ),
            }
        } else {
            None
        };
        let continues = loaded.is_some() && !fresh && args.seed.is_none();
        let menace = match loaded {
            Some(mut m) if !fresh => {
                if rules_given && *m.rules() != rules {
                    bail!(
                        "{} holds a MENACE playing by {} rules; rule settings only apply to a fresh MENACE (start over with {}: `menace play --fresh` or `menace train --fresh`; the saved one is kept as a backup)",
                        path.display(),
                        m.rules(),
                        rules
                    );
                }
                if let Some(s) = args.seed {
                    m.reseed(seed::derive(s, 0));
                }
                tracing::info!(path = %path.display(), games = m.games(), "loaded MENACE");
                m
            }
            _ => Menace::new(rules, args.seed.unwrap_or(1)),
        };
        Ok(Store {
            menace,
            path,
            seed: args.seed.unwrap_or(1),
            continues,
        })
    }

    /// The seed, as every seeded command prints it: "seed 1", or for a saved MENACE
    /// given no `--seed`, that its draws go on where they stopped.
    fn seed_text(&self) -> String {
        if self.continues {
            "its saved random draws go on; --seed N restarts them".to_string()
        } else {
            format!("seed {}", self.seed)
        }
    }

    fn save(&self) -> Result<()> {
        self.menace
            .save(&self.path)
            .with_context(|| "cannot save MENACE's matchboxes".to_string())
    }
}

// ---------------------------------------------------------------------------------------
// play

fn say(out: &mut dyn Write, text: &str) -> Result<()> {
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Ask for the number of games until one is given; `None` at end of input.
fn ask_games(input: &mut LineInput, out: &mut dyn Write) -> Result<Option<u64>> {
    loop {
        say(out, "How many games? ")?;
        let Some(line) = input.next_line()? else {
            say(out, "\n")?;
            return Ok(None);
        };
        let t = line.trim();
        match t.parse::<u64>() {
            Ok(n) => return Ok(Some(n)),
            Err(_) if t.is_empty() => say(
                out,
                "  Nothing was typed; type a whole number of games, e.g. 3.\n",
            )?,
            Err(_) => say(
                out,
                &format!("  '{t}' is not a number of games; type a whole number, e.g. 3.\n"),
            )?,
        }
    }
}

/// Ask for the human's move until a legal one is typed; `None` at end of input or `quit`.
/// The line is read into an action by the session and applied there (an occupied
/// square is refused by it, with the reason printed).
fn ask_move(
    session: &mut MenaceSession,
    input: &mut LineInput,
    out: &mut dyn Write,
) -> Result<Option<Vec<MenaceHappening>>> {
    loop {
        say(out, "Your move (O), row then column, each L, M or R: ")?;
        let Some(line) = input.next_line()? else {
            say(out, "\n")?;
            return Ok(None);
        };
        let t = line.trim();
        if t.eq_ignore_ascii_case("quit") || t.eq_ignore_ascii_case("q") {
            return Ok(None);
        }
        let applied = match session.parse_action(t) {
            Ok(action @ MenaceAction::Play { .. }) => session.apply(action),
            Ok(_) => Err(SessionError::Invalid(format!(
                "'{t}' is not a move here; type a square such as MR, or quit"
            ))),
            Err(e) => Err(e),
        };
        match applied {
            Ok(h) => return Ok(Some(h)),
            Err(e) => say(out, &format!("  {e}\n"))?,
        }
    }
}

/// The challenge (seed 002): how many games, `new game`, MENACE's move and the board,
/// the human's move and the board, all the boxes after each game. The game flow is the
/// MENACE session's, the words are `ludomat_menace::text`'s; the state file is saved
/// after every finished game.
fn play(
    store: &mut Store,
    args: &PlayArgs,
    input: &mut LineInput,
    out: &mut dyn Write,
) -> Result<()> {
    say(
        out,
        &format!(
            "MENACE, Donald Michie's matchbox machine, plays X and moves first ({}).\n\
             Name a square by its row then its column, each L, M or R: LL is the top left,\n\
             MM the centre, RR the bottom right. Type quit to stop.\n",
            store.seed_text()
        ),
    )?;
    let games = match args.games {
        Some(n) => n,
        None => match ask_games(input, out)? {
            Some(n) => n,
            None => {
                say(out, "Input ended; no games played.\n")?;
                return Ok(());
            }
        },
    };
    let config = MenaceConfig {
        seed: Some(store.seed),
        opponent: OpponentKind::Human,
        menace_plays: Mark::X,
        ..MenaceConfig::default()
    };
    let mut session = MenaceSession::with_menace(config, store.menace.clone())
        .map_err(|e| anyhow::anyhow!("cannot start MENACE: {e}"))?;
    for _ in 0..games {
        say(out, "new game\n")?;
        let mut board = Board::EMPTY;
        let h = session.apply(MenaceAction::NewGame)?;
        say(out, &text::tell(&mut board, &h))?;
        while !session.is_over() {
            let Some(h) = ask_move(&mut session, input, out)? else {
                say(
                    out,
                    "Input ended: the game in progress is abandoned; the matchboxes are as they were before it.\n",
                )?;
                return Ok(());
            };
            say(out, &text::tell(&mut board, &h))?;
        }
        store.menace = session.menace().clone();
        store.save()?;
        if !args.quiet_boxes {
            // 304 boxes, some 340 lines: paged on a terminal (q goes on with the games)
            let _page = crate::page::Pager::start();
            say(out, &text::listing(session.menace().boxes(Player::First)))?;
        }
    }
    let r = session.menace().record(Player::First);
    say(
        out,
        &format!(
            "MENACE's record as X: {} wins, {} draws, {} losses in {} games. Matchboxes saved to {}.\n",
            r.wins,
            r.draws,
            r.losses,
            r.games(),
            store.path.display()
        ),
    )
}

// ---------------------------------------------------------------------------------------
// train

/// `menace train`: the library's training run (`ludomat_menace::Training`) against the
/// arena's agent, with a progress bar, Ctrl-C, the state saved every `--save-every`
/// games and at the end, the curve written into the output folder.
fn train(state: &StateArgs, args: &TrainArgs) -> Result<()> {
    if args.against == AgentKind::Human {
        bail!("MENACE trains against a machine; to play it yourself use `ludomat menace play`");
    }
    crate::tictactoe::check_agent_side(
        args.against,
        args.side.player().opponent(),
        "train MENACE as O against it (`--side o`)",
    )?;
    // The output folder first: a run is never lost to a folder that cannot be written.
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create the output folder {}", args.out.display()))?;
    let fresh = args.fresh;
    let store = Store::open(state, fresh)?;
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
    let opponent_seed = if fresh {
        seed::derive(state.seed.unwrap_or(1), 1)
    } else {
        seed::derive(state.seed.unwrap_or(store.menace.games()), 1)
    };
    let opponent = TrainOpponent::Agent(args.against.build(opponent_seed, Notation::Menace)?);
    let config = TrainConfig {
        games: args.games,
        side: args.side.player(),
        window: args.window,
    };
    outln!("Training {} games ({}).", args.games, store.seed_text());
    let path = store.path;
    let mut run = Training::new(store.menace, opponent, config)?;
    let bar = Bar::new("games", Some(args.games), args.quiet);
    let mut watch = |p: &Progress<TrainPartial>| bar.update(p, Some(window_rates(&p.partial)));
    let (mut ctx, _ctrl_c) = progress::context("games", Some(args.games), &mut watch);
    let mut save = |t: &Training| {
        t.menace
            .save(&path)
            .map_err(|e| CheckpointError(Box::new(e)))
    };
    let (wall, cpu0) = (Instant::now(), cpu::thread());
    let ended = run.run(&mut ctx, &mut Checkpoint::every(args.save_every, &mut save));
    let (secs, cpu_secs) = (
        wall.elapsed().as_secs_f64(),
        (cpu::thread().saturating_sub(cpu0)).as_secs_f64(),
    );
    drop(ctx);
    bar.finish();
    let saved = run
        .menace
        .save(&path)
        .with_context(|| "cannot save MENACE's matchboxes".to_string());
    let ended = match ended {
        Ok(e) => e,
        Err(e @ TrainError::Game { .. }) => {
            saved?;
            return Err(e.into());
        }
        Err(e) => return Err(e.into()),
    };
    saved?;
    let played = run.progress.played;
    if ended == Ended::Cancelled {
        outln!(
            "Interrupted (Ctrl-C) after {played} of {} games; saving what was played.",
            args.games
        );
    }
    // Timing goes to stderr: stdout is the same for the same command.
    errln!(
        "{:.0} games/s ({played} games in {secs:.2} s, {cpu_secs:.2} CPU-s, saving every {} games)",
        played as f64 / secs.max(1e-9),
        args.save_every,
    );
    out!("{}", crate::help::wrap(&run.summary()));
    crate::files::write(&args.out.join("curve.csv"), run.curve_csv())?;
    let [rates, beads] = run.charts(&crate::caption::made_by());
    for ext in ["png", "svg"] {
        line_chart(&rates, &args.out.join(format!("curve.{ext}")))?;
        line_chart(&beads, &args.out.join(format!("first-box.{ext}")))?;
    }
    outln!(
        "learning curve in {}:\n  curve.csv, curve.png, curve.svg, first-box.png, first-box.svg",
        args.out.display()
    );
    let replacing = match (replaced, &backup) {
        (Some(n), Some(b)) => format!(
            "\n(it replaced a MENACE of {n} games, kept as {}; without --fresh training\n\
             continues the saved MENACE)",
            b.display()
        ),
        _ => String::new(),
    };
    outln!(
        "MENACE has now played {} games; saved to {}{replacing}",
        run.menace.games(),
        path.display()
    );
    Ok(())
}

/// The bar's note: MENACE's results so far.
fn window_rates(p: &TrainPartial) -> String {
    let [w, d, l] = p.totals;
    let n = (w + d + l).max(1) as f64;
    format!(
        "W/D/L {:.0}/{:.0}/{:.0} %",
        100.0 * w as f64 / n,
        100.0 * d as f64 / n,
        100.0 * l as f64 / n
    )
}

// ---------------------------------------------------------------------------------------
// bench

/// `menace bench`: the library's benchmark (`ludomat_menace::bench`) under the rules the
/// flags give, printed.
fn bench(state: &StateArgs, args: &BenchArgs) -> Result<()> {
    let (rules, _) = state.rules()?;
    let threads = args
        .threads
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let against = match args.against.as_str() {
        "perfect" => BenchOpponent::Perfect,
        "menace" => BenchOpponent::Menace,
        _ => BenchOpponent::Random,
    };
    let config = BenchConfig {
        rules,
        against,
        games: args.games,
        threads,
        seed: state.seed.unwrap_or(1),
    };
    let rules_name = match rules.preset() {
        Some(p) => format!("{p} rules"),
        None => format!(
            "{})",
            rules.to_string().replacen("custom: ", "custom rules (", 1)
        ),
    };
    out!("{}", crate::help::wrap(&(format!("MENACE training benchmark: {rules_name}, MENACE (X) against {}, {} games per run, seed {} (fresh MENACE each run, nothing saved)",
        against.name(),
        args.games,
        config.seed) + "\n")));
    let bar = Bar::new("games", None, args.quiet);
    let mut watch = |p: &Progress<()>| bar.update(p, None);
    let (mut ctx, _ctrl_c) = progress::context("games", None, &mut watch);
    let (report, ended) = run_bench(config, &mut ctx)?;
    drop(ctx);
    bar.finish();
    let line = |label: String, m: &Measurement| {
        let [w, d, l] = m.runs.iter().fold([0; 3], |t, r| {
            [t[0] + r.wins, t[1] + r.draws, t[2] + r.losses]
        });
        out!("{}", crate::help::wrap(&(format!("{label:<16}{:>11.0} games/s, {:>12.0} games per CPU-second  ({} run{}, {} games in {:.3} s, {:.3} CPU-s; W/D/L {w}/{d}/{l})",
            m.per_second(),
            m.per_cpu_second(),
            m.runs.len(),
            if m.runs.len() == 1 { "" } else { "s" },
            m.games(),
            m.wall.as_secs_f64(),
            m.cpu().as_secs_f64()) + "\n")));
    };
    line("1 thread:".into(), &report.single);
    if let Some(p) = &report.parallel {
        let label = match threads {
            1 => "1 thread, again:".to_string(),
            n => format!("{n} threads:"),
        };
        line(label, p);
    }
    if ended == Ended::Cancelled {
        outln!("Interrupted (Ctrl-C): the figures above are for the games played.");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn session(dir: &Path) -> Store {
        Store {
            menace: Menace::new(Rules::seed(), 3),
            path: dir.join("menace.json"),
            seed: 1,
            continues: false,
        }
    }

    fn run_play(s: &mut Store, games: Option<u64>, quiet: bool, script: &str) -> String {
        let mut out = Vec::new();
        let args = PlayArgs {
            fresh: false,
            quiet_boxes: quiet,
            games,
        };
        play(s, &args, &mut LineInput::script(script), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// A human who tries every square in reading order (occupied ones are refused).
    fn every_square(times: usize) -> String {
        "LL\nLM\nLR\nML\nMM\nMR\nRL\nRM\nRR\n".repeat(times)
    }

    #[test]
    fn play_follows_the_challenge() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = session(dir.path());
        let script = format!("two\n\n2\nXX\n\nMMM\n{}", every_square(12));
        let out = run_play(&mut s, None, false, &script);
        assert!(out.contains("How many games? "), "{out}");
        assert!(out.contains("'two' is not a number of games"), "{out}");
        assert!(out.contains("Nothing was typed"), "{out}");
        assert_eq!(out.matches("new game\n").count(), 2, "{out}");
        assert!(out.contains("row 'X' is not L, M or R"), "{out}");
        assert!(out.contains("nothing was typed"), "{out}");
        assert!(out.contains("3 letters; a cell is two letters"), "{out}");
        assert!(out.contains("MENACE plays "), "{out}");
        assert_eq!(out.matches("The 304 matchboxes").count(), 2);
        assert!(out.contains("box #303  move 7"), "{out}");
        assert_eq!(s.menace.record(Player::First).games(), 2);
        assert_eq!(
            Menace::load(&s.path).unwrap(),
            s.menace,
            "saved after each game"
        );
    }

    #[test]
    fn an_occupied_square_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = session(dir.path());
        // MENACE's first move takes one square; typing every square in order meets it.
        let out = run_play(&mut s, Some(1), true, &every_square(1));
        assert!(
            out.contains("is already taken by X; choose an empty square"),
            "{out}"
        );
    }

    #[test]
    fn end_of_input_mid_game_leaves_the_boxes_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = session(dir.path());
        let before = s.menace.clone();
        let out = run_play(&mut s, Some(1), true, "");
        assert!(
            out.contains("Input ended: the game in progress is abandoned"),
            "{out}"
        );
        assert_eq!(s.menace.boxes(Player::First), before.boxes(Player::First));
        assert_eq!(s.menace.games(), 0);
        assert!(!out.contains("The 304 matchboxes"));
        let out = run_play(&mut s, None, true, "");
        assert!(out.contains("no games played"), "{out}");
    }

    #[test]
    fn rule_flags_only_apply_to_a_fresh_menace() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.json");
        let mut args = StateArgs {
            state: Some(path.clone()),
            rules: Some(Preset::Michie),
            start_beads: None,
            win: None,
            draw: None,
            loss: None,
            empty_box: None,
            seed: None,
        };
        let s = Store::open(&args, false).unwrap();
        assert_eq!(*s.menace.rules(), Preset::Michie.rules());
        s.save().unwrap();
        args.rules = Some(Preset::Scroggs);
        let e = Store::open(&args, false).err().unwrap().to_string();
        assert!(e.contains("menace train --fresh"), "{e}");
        args.win = Some(5);
        let s = Store::open(&args, true).unwrap();
        assert_eq!(s.menace.rules().win, 5);
    }
}
