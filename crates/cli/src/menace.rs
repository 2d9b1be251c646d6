//! `ludomat menace …` — MENACE, Donald Michie's matchbox learner: play it exactly as the
//! seed challenge asks, train it against any noughts-and-crosses agent with a learning
//! curve, look into its boxes, and measure how fast it learns.
//!
//! Its matchboxes live in a state file: `play` loads it and saves after every game,
//! `train` starts a fresh MENACE (or, with `--continue`, the saved one) and saves every
//! `--save-every` games, at the end and on Ctrl-C; `stats` and `boxes` only read it. All
//! saves are atomic; a file that is not a MENACE state is reported and never touched.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use ludomat_chart::{line_chart, LineChart, Series as ChartSeries};
use ludomat_game::{play_match, seed, Agent, LineInput, Player, Session as _, SessionError};
use ludomat_menace::{
    BoxId, EmptyBox, Matchboxes, Menace, MenaceAction, MenaceConfig, MenaceHappening,
    MenaceSession, Opponent, OpponentKind, Preset, Rules, StartingBeads,
};
use ludomat_tictactoe::{Board, Cell, Mark, Notation};

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
#[derive(Debug, Args, Clone)]
struct StateArgs {
    /// The state file [default: <data dir>/ludomat/menace.json].
    #[arg(long, global = true, value_name = "PATH")]
    state: Option<PathBuf>,
    /// Rule preset for a fresh MENACE: seed (default), michie, scroggs.
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
    /// Play MENACE (X, moving first) exactly as the seed challenge: how many games,
    /// `new game`, the board after every move, moves as row then column from L/M/R,
    /// all 304 matchboxes after each game.
    Play(PlayArgs),
    /// Train a fresh MENACE (or the saved one, with --continue) against another agent;
    /// writes a learning curve (CSV, PNG, SVG) into one folder and saves the MENACE.
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
    /// Start over with fresh matchboxes: the saved MENACE is replaced after the first
    /// game (a file that is not a MENACE state is never replaced).
    #[arg(long)]
    fresh: bool,
    /// Do not print the 304 matchboxes after every game.
    #[arg(long)]
    quiet_boxes: bool,
    /// Number of games (skips the question).
    #[arg(long)]
    games: Option<u64>,
}

#[derive(Debug, Args)]
struct TrainArgs {
    /// The opponent (any noughts-and-crosses agent except a human; `relay` plays X only,
    /// so with it MENACE takes `--side o`).
    #[arg(long, value_parser = crate::tictactoe::MachineAgent)]
    against: AgentKind,
    /// Games to play (at most 1,000,000,000; the state is saved as it goes).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    games: u64,
    /// The side MENACE plays.
    #[arg(long, value_enum, default_value_t = Side::X)]
    side: Side,
    /// Games per point of the learning curve.
    #[arg(long, default_value_t = 100)]
    window: u64,
    /// Train the saved MENACE further instead of a fresh one (rule flags must then
    /// match its rules).
    #[arg(long = "continue")]
    keep_training: bool,
    /// (The default now: training starts from fresh matchboxes unless --continue.)
    #[arg(long, hide = true, conflicts_with = "keep_training")]
    fresh: bool,
    /// The folder for the learning curve: curve.csv, curve.png, curve.svg,
    /// first-box.png, first-box.svg (created if missing; those files are replaced).
    #[arg(short, long, default_value = "out/menace-train", value_name = "DIR")]
    out: PathBuf,
    /// Save the state every N games, at the end and on Ctrl-C (a killed run loses at
    /// most the games since the last save).
    #[arg(long, default_value_t = 10_000, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
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
    /// Training games per run (at most 1,000,000,000).
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    games: u64,
    /// The opponent: random, perfect or menace (built-in fast players).
    #[arg(long, default_value = "random", value_parser = ["random", "perfect", "menace"])]
    against: String,
    /// Parallel runs for the all-cores measurement [default: number of cores; at most
    /// 256].
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
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
            crate::interrupt::end_input_on_ctrl_c();
            let mut session = Store::open(&cmd.state, a.fresh)?;
            let mut input = LineInput::Stdin;
            let mut out = std::io::stdout();
            play(&mut session, &a, &mut input, &mut out)
        }
        MenaceSub::Train(a) => train(&cmd.state, &a),
        // read-only: never write, create or touch the state file
        MenaceSub::Boxes(a) => {
            let session = Store::open(&cmd.state, false)?;
            boxes(&session.menace, &a)
        }
        MenaceSub::Stats => {
            let session = Store::open(&cmd.state, false)?;
            stats(&session);
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
        let menace = match loaded {
            Some(mut m) if !fresh => {
                if rules_given && *m.rules() != rules {
                    bail!(
                        "{} holds a MENACE playing by {} rules; rule settings only apply to a fresh MENACE (start over with {}: `menace play --fresh` or `menace train` without --continue)",
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
        })
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

/// The board as a grid, empty squares showing their names in lower case (`lm`).
fn render(board: Board) -> String {
    let mut s = String::new();
    for row in 0..3 {
        let cells: Vec<String> = (0..3)
            .filter_map(|col| Cell::from_coords(row, col))
            .map(|c| {
                let t = match board.get(c) {
                    Some(m) => m.to_string(),
                    None => Notation::Menace.name(c).to_lowercase(),
                };
                format!("{t:^4}")
            })
            .collect();
        s.push_str(&cells.join("|"));
        s.push('\n');
        if row < 2 {
            s.push_str("----+----+----\n");
        }
    }
    s
}

/// Print what happened in the challenge's words: MENACE's move with its box and bead,
/// the board after every move, resignation and result. `board` follows the moves.
fn tell(out: &mut dyn Write, board: &mut Board, happenings: &[MenaceHappening]) -> Result<()> {
    let mut why = String::new();
    for h in happenings {
        match h {
            MenaceHappening::BoxOpened {
                box_id,
                menace_move,
                symmetry,
                ..
            } => {
                why = format!("box #{box_id} ({} move)", ordinal(*menace_move));
                if symmetry != "identity" {
                    why = format!("{why}|, picture = board under {symmetry}");
                }
            }
            MenaceHappening::BeadDrawn { bead, colour, .. } => {
                let (head, tail) = why.split_once('|').unwrap_or((&why, ""));
                why = format!("{head}, {colour} bead {bead}{tail}");
            }
            MenaceHappening::MovePlayed {
                mark,
                square,
                name,
                forced,
            } => {
                if *forced {
                    why = "forced: the last square".into();
                }
                if let Some(c) = Cell::from_index(usize::from(*square)) {
                    *board = board.with(c, *mark);
                }
                say(out, &format!("MENACE plays {name} ({why})\n"))?;
                say(out, &render(*board))?;
                say(out, "\n")?;
                why.clear();
            }
            MenaceHappening::OpponentMove { mark, square, .. } => {
                if let Some(c) = Cell::from_index(usize::from(*square)) {
                    *board = board.with(c, *mark);
                }
                say(out, &render(*board))?;
                say(out, "\n")?;
            }
            MenaceHappening::Resigned { box_id, .. } => say(
                out,
                &format!("MENACE's matchbox #{box_id} is empty: it resigns.\n"),
            )?,
            MenaceHappening::GameOver { result, .. } => say(
                out,
                match *result {
                    "win" => "MENACE wins.\n",
                    "loss" => "You win.\n",
                    _ => "Draw.\n",
                },
            )?,
            _ => {}
        }
    }
    Ok(())
}

/// The challenge (seed 002): how many games, `new game`, MENACE's move and the board,
/// the human's move and the board, all the boxes after each game. The game flow is the
/// MENACE session's; the state file is saved after every finished game.
fn play(
    store: &mut Store,
    args: &PlayArgs,
    input: &mut LineInput,
    out: &mut dyn Write,
) -> Result<()> {
    say(
        out,
        "MENACE, Donald Michie's matchbox machine, plays X and moves first.\n\
         Name a square by its row then its column, each L, M or R: LL is the top left,\n\
         MM the centre, RR the bottom right. Type quit to stop.\n",
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
        tell(out, &mut board, &h)?;
        while !session.is_over() {
            let Some(h) = ask_move(&mut session, input, out)? else {
                say(
                    out,
                    "Input ended: the game in progress is abandoned; the matchboxes are as they were before it.\n",
                )?;
                return Ok(());
            };
            tell(out, &mut board, &h)?;
        }
        store.menace = session.menace().clone();
        store.save()?;
        if !args.quiet_boxes {
            say(out, &all_boxes(session.menace().boxes(Player::First)))?;
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

/// `ludomat play tictactoe` with MENACE against a human at this terminal: a fresh MENACE
/// under the seed rules (as `--x menace` builds it), the game played by its session,
/// printed as the other noughts-and-crosses games are.
pub fn play_tictactoe(menace: Mark, seed: u64, notation: Notation) -> Result<()> {
    let config = MenaceConfig {
        seed: Some(seed),
        opponent: OpponentKind::Human,
        menace_plays: menace,
        ..MenaceConfig::default()
    };
    let mut session =
        MenaceSession::new(config).map_err(|e| anyhow::anyhow!("cannot start MENACE: {e}"))?;
    let mut human = ludomat_tictactoe::HumanAgent::stdio(notation);
    let names = |m: Mark| if m == menace { "menace" } else { "human" };
    println!(
        "Noughts and crosses: {} (X) against {} (O).\n",
        names(Mark::X),
        names(Mark::O)
    );
    println!("{}", Board::EMPTY.render(notation));
    let mut board = Board::EMPTY;
    let mut h = session.apply(MenaceAction::NewGame)?;
    loop {
        for x in &h {
            match x {
                MenaceHappening::MovePlayed { mark, square, .. }
                | MenaceHappening::OpponentMove { mark, square, .. } => {
                    if let Some(c) = Cell::from_index(usize::from(*square)) {
                        board = board.with(c, *mark);
                        println!(
                            "{mark} plays {}\n{}",
                            notation.name(c),
                            board.render(notation)
                        );
                    }
                }
                MenaceHappening::GameOver {
                    winner, resigned, ..
                } => {
                    match (winner, resigned) {
                        (None, _) => println!("Draw."),
                        (Some(w), false) => println!("{w} wins."),
                        (Some(w), true) => println!("{} resigns; {w} wins.", w.other()),
                    }
                    return Ok(());
                }
                _ => {}
            }
        }
        let cell = match human.ask(&session.board()) {
            Ok(c) => c,
            Err(ludomat_game::AgentError::EndOfInput) => {
                println!("Input ended; game abandoned.");
                return Ok(());
            }
            Err(e) => return Err(e.into()),
        };
        h = session.apply(MenaceAction::Play {
            square: cell.index() as u8,
        })?;
    }
}

fn ordinal(n: u32) -> String {
    match n {
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}

/// Every box of a set, one line each: number, MENACE's move, picture, beads.
fn all_boxes(set: &Matchboxes) -> String {
    let mut s = format!(
        "The {} matchboxes (MENACE playing {}), picture rows top to bottom, beads by square of the picture:\n",
        set.len(),
        Mark::of(set.side())
    );
    for (id, b) in set.iter() {
        s.push_str(&format!(
            "box {:>4}  move {}  {}  {}\n",
            id.to_string(),
            b.menace_move(),
            b.picture_line(),
            b.bead_list()
        ));
    }
    s
}

// ---------------------------------------------------------------------------------------
// train

/// One point of the learning curve.
struct Point {
    games: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    first_box: u32,
}

fn train(state: &StateArgs, args: &TrainArgs) -> Result<()> {
    if args.against == AgentKind::Human {
        bail!("MENACE trains against a machine; to play it yourself use `ludomat menace play`");
    }
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    if args.window == 0 || args.save_every == 0 {
        bail!("--window and --save-every must be at least 1");
    }
    crate::tictactoe::check_agent_side(
        args.against,
        args.side.player().opponent(),
        "train MENACE as O against it (`--side o`)",
    )?;
    // The output folder first: a run is never lost to a folder that cannot be written.
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create the output folder {}", args.out.display()))?;
    let fresh = !args.keep_training;
    let mut session = Store::open(state, fresh)?;
    let replaced = if fresh {
        Menace::load(&session.path).ok().map(|m| m.games())
    } else {
        None
    };
    let side = args.side.player();
    let opponent_seed = if fresh {
        seed::derive(state.seed.unwrap_or(1), 1)
    } else {
        seed::derive(state.seed.unwrap_or(session.menace.games()), 1)
    };
    let mut opponent = args.against.build(opponent_seed, Notation::Menace)?;
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::new(args.games);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    };
    let first_box = |m: &Menace| {
        m.boxes(side)
            .get(BoxId::new(0))
            .map_or(0, ludomat_menace::Matchbox::total)
    };
    let mut curve = vec![Point {
        games: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        first_box: first_box(&session.menace),
    }];
    let mut window = [0u64; 3];
    let mut total = [0u64; 3];
    let mut played = 0;
    crate::interrupt::catch();
    let started = Instant::now();
    for g in 1..=args.games {
        let m: &mut dyn Agent<Board> = &mut session.menace;
        let result = match side {
            Player::First => play_match(Board::EMPTY, m, &mut *opponent, &mut |_, _, _| {}),
            Player::Second => play_match(Board::EMPTY, &mut *opponent, m, &mut |_, _, _| {}),
        };
        let record = match result {
            Ok(r) => r,
            Err(e) => {
                session.menace.abandon();
                session.save()?;
                bar.finish_and_clear();
                return Err(
                    anyhow::Error::from(e).context(format!("game {g} could not be finished"))
                );
            }
        };
        played = g;
        let k = (1 - record.outcome.score_for(side)) as usize;
        window[k] += 1;
        total[k] += 1;
        let interrupted = crate::interrupt::requested();
        if g % args.window == 0 || g == args.games || interrupted {
            curve.push(Point {
                games: g,
                wins: window[0],
                draws: window[1],
                losses: window[2],
                first_box: first_box(&session.menace),
            });
            window = [0; 3];
        }
        if interrupted {
            break;
        }
        if g % args.save_every == 0 && g < args.games {
            session.save()?;
        }
        bar.inc(1);
    }
    session.save()?;
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    if played < args.games {
        println!(
            "Interrupted (Ctrl-C) after {played} of {} games; saving what was played.",
            args.games
        );
    }
    // Timing goes to stderr: stdout is the same for the same command.
    eprintln!(
        "{:.0} games/s ({played} games in {secs:.2} s, saving every {} games)",
        played as f64 / secs.max(1e-9),
        args.save_every,
    );
    println!(
        "MENACE ({}, {} rules) against {}: {} games, {} wins, {} draws, {} losses",
        Mark::of(side),
        session.menace.rules(),
        opponent.name(),
        played,
        total[0],
        total[1],
        total[2],
    );
    if let Some(p) = curve.last().filter(|p| p.games > 0) {
        let n = (p.wins + p.draws + p.losses).max(1) as f64;
        println!(
            "last {} games: {:.1} % wins, {:.1} % draws, {:.1} % losses; {} beads in the first box",
            p.wins + p.draws + p.losses,
            100.0 * p.wins as f64 / n,
            100.0 * p.draws as f64 / n,
            100.0 * p.losses as f64 / n,
            p.first_box
        );
    }
    write_curve(&curve, &args.out, &opponent.name(), side)?;
    match replaced {
        Some(n) => println!(
            "MENACE has now played {} games; saved to {} (replacing a MENACE of {n} games; --continue trains the saved one)",
            session.menace.games(),
            session.path.display()
        ),
        None => println!(
            "MENACE has now played {} games; saved to {}",
            session.menace.games(),
            session.path.display()
        ),
    }
    Ok(())
}

fn write_curve(curve: &[Point], dir: &Path, against: &str, side: Player) -> Result<()> {
    let csv_path = dir.join("curve.csv");
    let mut csv =
        String::from("games,wins,draws,losses,win_rate,draw_rate,loss_rate,first_box_beads\n");
    for p in curve {
        let n = (p.wins + p.draws + p.losses) as f64;
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
    std::fs::write(&csv_path, csv)
        .with_context(|| format!("cannot write {}", csv_path.display()))?;
    let windows: Vec<&Point> = curve.iter().skip(1).collect();
    let series = |name: &str, pick: fn(&Point) -> u64| ChartSeries {
        name: name.into(),
        points: windows
            .iter()
            .map(|p| {
                let n = (p.wins + p.draws + p.losses).max(1) as f64;
                (p.games as f64, 100.0 * pick(p) as f64 / n)
            })
            .collect(),
    };
    let rates = LineChart {
        title: format!("MENACE ({}) learning against {against}", Mark::of(side)),
        x_label: "games played".into(),
        y_label: "% of the games in each window".into(),
        series: vec![
            series("wins", |p| p.wins),
            series("draws", |p| p.draws),
            series("losses", |p| p.losses),
        ],
        y_range: Some((0.0, 100.0)),
        caption: crate::caption::made_by(),
    };
    let beads = LineChart {
        title: "Beads in MENACE's first matchbox".into(),
        x_label: "games played".into(),
        y_label: "beads in the box".into(),
        series: vec![ChartSeries {
            name: "first box".into(),
            points: curve
                .iter()
                .map(|p| (p.games as f64, f64::from(p.first_box)))
                .collect(),
        }],
        y_range: None,
        caption: crate::caption::made_by(),
    };
    for ext in ["png", "svg"] {
        line_chart(&rates, &dir.join(format!("curve.{ext}")))?;
        line_chart(&beads, &dir.join(format!("first-box.{ext}")))?;
    }
    println!(
        "learning curve in {}: curve.csv, curve.png, curve.svg, first-box.png, first-box.svg",
        dir.display()
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------
// boxes, stats

fn boxes(menace: &Menace, args: &BoxesArgs) -> Result<()> {
    let side = args.side.player();
    let set = menace.boxes(side);
    let Some(board) = args.position else {
        print!("{}", all_boxes(set));
        return Ok(());
    };
    let mark = Mark::of(side);
    let Some((id, symmetry, b)) = set.find(board) else {
        let why = if !board.is_reachable() {
            "it cannot arise in play".to_string()
        } else if board.is_over() {
            "the game is over".to_string()
        } else if board.to_move() != mark {
            format!(
                "it is {}'s turn, not {mark}'s (use --side {})",
                board.to_move(),
                board.to_move().to_string().to_lowercase()
            )
        } else {
            "only one square is empty: the move is forced, so Michie made no box for it".into()
        };
        bail!("MENACE playing {mark} has no box for\n{board}\nbecause {why}");
    };
    println!(
        "Position (MENACE playing {mark} to move):\n{}",
        render(board)
    );
    println!(
        "Box {id}, for MENACE's {} move of the game. Its picture, each empty square with its beads:\n{}",
        ordinal(b.menace_move()),
        b.drawing()
    );
    if symmetry == ludomat_tictactoe::Symmetry::IDENTITY {
        println!("The position is the picture itself.");
    } else {
        println!(
            "The position becomes the picture under: {symmetry}; a bead is carried back by the inverse ({}).",
            symmetry.inverse()
        );
    }
    println!("Beads in play on the real board:");
    for bead in b.legal_beads() {
        let square = set.index().square_for(bead, symmetry);
        println!(
            "  {:>6} bead {} x{:<4} -> plays {}",
            bead.colour(),
            bead,
            b.beads(bead),
            Notation::Menace.name(square)
        );
    }
    let total = b.total();
    if total == 0 {
        println!(
            "The box is empty: under these rules MENACE would {}.",
            match menace.rules().empty_box {
                EmptyBox::Refill(n) => format!("refill it with {n} random legal beads"),
                EmptyBox::Resign => "resign".into(),
            }
        );
    }
    Ok(())
}

fn stats(session: &Store) {
    let m = &session.menace;
    println!(
        "MENACE, {} rules; state file {}",
        m.rules(),
        session.path.display()
    );
    for side in [Player::First, Player::Second] {
        let set = m.boxes(side);
        let c = set.index().counts_by_move();
        let beads = set.beads_by_move();
        let moves = match side {
            Player::First => "1st/3rd/5th/7th",
            Player::Second => "2nd/4th/6th/8th",
        };
        let r = m.record(side);
        println!("playing {} ({})", Mark::of(side), side);
        println!(
            "  boxes by MENACE's move ({moves}): {} / {} / {} / {} = {}",
            c[0],
            c[1],
            c[2],
            c[3],
            set.len()
        );
        println!(
            "  beads by MENACE's move:            {} / {} / {} / {} = {} ({} empty boxes)",
            beads[0],
            beads[1],
            beads[2],
            beads[3],
            beads.iter().sum::<u64>(),
            set.empty_boxes()
        );
        println!(
            "  games {}: {} wins, {} draws, {} losses",
            r.games(),
            r.wins,
            r.draws,
            r.losses
        );
    }
    println!("games played in all: {}", m.games());
}

// ---------------------------------------------------------------------------------------
// bench

fn bench_run(games: u64, against: &str, run: u64) -> (u64, [u64; 3]) {
    let rules = Rules::seed();
    let mut m = Menace::new(rules, seed::derive(run, 0));
    let opp_seed = seed::derive(run, 1);
    let mut o = match against {
        "perfect" => Opponent::perfect(opp_seed),
        "menace" => Opponent::menace(rules, opp_seed),
        _ => Opponent::random(opp_seed),
    };
    let mut t = [0u64; 3];
    for _ in 0..games {
        let outcome = m.train_game(&mut o, Player::First);
        t[(1 - outcome.score_for(Player::First)) as usize] += 1;
    }
    (games, t)
}

fn bench(state: &StateArgs, args: &BenchArgs) -> Result<()> {
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let base = state.seed.unwrap_or(1);
    let threads = args
        .threads
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    println!(
        "MENACE training benchmark: seed rules, MENACE (X) against {}, {} games per run (fresh MENACE each run, nothing saved)",
        args.against, args.games
    );
    let t0 = Instant::now();
    let (_, tally) = bench_run(args.games, &args.against, seed::derive(base, 0));
    let single = t0.elapsed().as_secs_f64();
    println!(
        "1 thread:   {:>12.0} games/s  ({} games in {:.3} s; W/D/L {}/{}/{})",
        args.games as f64 / single,
        args.games,
        single,
        tally[0],
        tally[1],
        tally[2]
    );
    let t0 = Instant::now();
    let total: u64 = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let against = args.against.as_str();
                s.spawn(move || bench_run(args.games, against, seed::derive(base, 1 + i as u64)).0)
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
    });
    let all = t0.elapsed().as_secs_f64();
    println!(
        "{threads} threads: {:>12.0} games/s  ({} independent runs, {} games in {:.3} s; {:.0} games/s per thread)",
        total as f64 / all,
        threads,
        total,
        all,
        total as f64 / all / threads as f64
    );
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
        assert!(e.contains("without --continue"), "{e}");
        args.win = Some(5);
        let s = Store::open(&args, true).unwrap();
        assert_eq!(s.menace.rules().win, 5);
    }
}
