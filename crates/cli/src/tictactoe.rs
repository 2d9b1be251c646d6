//! `ludomat play tictactoe`, `ludomat tournament tictactoe`, `ludomat tictactoe facts`.

use anyhow::{bail, Result};
use clap::{Args, Subcommand, ValueEnum};
use ludomat_arena::TictactoeContestant;
use ludomat_game::Session as _;
use ludomat_game::{
    play_match, tournament as run_tournament, Agent, MatchError, Outcome, Player, TournamentConfig,
};
use ludomat_menace::{MenaceAction, MenaceConfig, MenaceHappening, MenaceSession, OpponentKind};
use ludomat_tictactoe::{enumerate, Board, Cell, HumanAgent, Mark, Notation, RandomAgent};

/// Who can play noughts and crosses: a person, or any contestant of the arena
/// (`ludomat_arena::TictactoeContestant`, the one list and factory the museum uses too:
/// `--help` shows its names and descriptions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentKind {
    /// You, at this terminal.
    Human,
    /// A machine.
    Machine(TictactoeContestant),
}

#[allow(non_upper_case_globals)]
impl AgentKind {
    /// The perfect player.
    pub const Perfect: AgentKind = AgentKind::Machine(TictactoeContestant::Perfect);
    /// A fresh MENACE.
    pub const Menace: AgentKind = AgentKind::Machine(TictactoeContestant::Menace);

    /// Every kind: a person, then the arena's contestants.
    const ALL: [AgentKind; 1 + TictactoeContestant::ALL.len()] = {
        let mut all = [AgentKind::Human; 1 + TictactoeContestant::ALL.len()];
        let mut k = 0;
        while k < TictactoeContestant::ALL.len() {
            all[k + 1] = AgentKind::Machine(TictactoeContestant::ALL[k]);
            k += 1;
        }
        all
    };

    /// The arena's contestant (`None` for a person).
    pub fn contestant(self) -> Option<TictactoeContestant> {
        match self {
            AgentKind::Human => None,
            AgentKind::Machine(c) => Some(c),
        }
    }

    /// Build the agent for one game.
    pub fn build(self, seed: u64, notation: Notation) -> Result<Box<dyn Agent<Board>>> {
        match self.contestant() {
            None => Ok(Box::new(HumanAgent::stdio(notation))),
            Some(c) => Ok(c.build(seed)?),
        }
    }
}

impl ValueEnum for AgentKind {
    fn value_variants<'a>() -> &'a [Self] {
        &Self::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(match self {
            AgentKind::Human => {
                clap::builder::PossibleValue::new("human").help("You, at this terminal")
            }
            AgentKind::Machine(c) => {
                clap::builder::PossibleValue::new(c.name()).help(c.description())
            }
        })
    }
}

/// The agents a machine-only command takes (every agent but `human`), as a clap value
/// parser: `--help` lists them, and `human` is refused with the reason while the
/// arguments are read.
#[derive(Debug, Clone, Copy)]
pub struct MachineAgent;

impl clap::builder::TypedValueParser for MachineAgent {
    type Value = AgentKind;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<AgentKind, clap::Error> {
        let kind = clap::builder::EnumValueParser::<AgentKind>::new().parse_ref(cmd, arg, value)?;
        if kind == AgentKind::Human {
            let name = arg.map_or("the agent".to_string(), |a| format!("--{}", a.get_id()));
            return Err(clap::Error::raw(
                clap::error::ErrorKind::ValueValidation,
                format!(
                    "a human cannot take part here ({name} human): this runs unattended; to play \
                     yourself use `ludomat play tictactoe` (or `ludomat menace play` for MENACE)\n"
                ),
            )
            .with_cmd(cmd));
        }
        Ok(kind)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            AgentKind::value_variants()
                .iter()
                .filter(|k| **k != AgentKind::Human)
                .filter_map(ValueEnum::to_possible_value),
        ))
    }
}

/// Who moves first in the games of a tournament (both tournaments take `--sides`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Sides {
    /// Agent A moves first in every game.
    Fixed,
    /// A moves first in even games, B in odd ones.
    Alternate,
}

/// Refuse, before anything runs, an agent on a side it cannot play: the relay computer's
/// ROM always opens in the centre, so it plays X only (its article has no program for O).
pub fn check_agent_side(kind: AgentKind, side: Player, hint: &str) -> Result<()> {
    if let Some(c) = kind.contestant() {
        c.check_seat(side, hint)?;
    }
    Ok(())
}

/// The notation names as a clap parser, so `--help` and errors list them.
fn notation_parser() -> impl clap::builder::TypedValueParser<Value = Notation> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(Notation::ALL.map(|n| n.label()))
        .try_map(|s| s.parse::<Notation>())
}

/// `ludomat tictactoe …`
#[derive(Debug, Args)]
pub struct TictactoeCmd {
    #[command(subcommand)]
    command: TictactoeSub,
}

#[derive(Debug, Subcommand)]
enum TictactoeSub {
    /// Print the exact enumeration counts, computed now.
    Facts,
}

/// `ludomat play tictactoe`
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Who plays X (moves first).
    #[arg(long, value_enum, default_value_t = AgentKind::Human)]
    x: AgentKind,
    /// Who plays O.
    #[arg(long, value_enum, default_value_t = AgentKind::Perfect)]
    o: AgentKind,
    /// Seed for every random choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How squares are named on the board and at the prompt: numeric (1–9), computox
    /// (A–J without I), menace (row then column, each L/M/R), ring (the relay computer's
    /// clockwise 0–7, centre 8).
    #[arg(long, default_value = "numeric", value_parser = notation_parser())]
    notation: Notation,
}

/// `ludomat tournament tictactoe`
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// Agent A (plays X, or alternates with --sides alternate).
    #[arg(long, value_parser = MachineAgent, default_value = "perfect")]
    x: AgentKind,
    /// Agent B.
    #[arg(long, value_parser = MachineAgent, default_value = "random")]
    o: AgentKind,
    /// Number of games (1 to 1,000,000,000).
    #[arg(long, default_value_t = 100_000, value_name = "N", value_parser = crate::count::count::<u64>(1, 1_000_000_000))]
    games: u64,
    /// Master seed; game i uses a seed derived from it and i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Who moves first: `fixed` (A, every game) or `alternate` (A and B in turn).
    #[arg(long, value_enum, default_value_t = Sides::Fixed)]
    sides: Sides,
    /// Old spelling of `--sides alternate`.
    #[arg(long, hide = true)]
    alternate: bool,
    /// Worker threads (1 to 256; default: all cores).
    #[arg(long, value_name = "N", value_parser = crate::count::count::<usize>(1, crate::count::MAX_THREADS))]
    threads: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

pub fn run(cmd: TictactoeCmd) -> Result<()> {
    match cmd.command {
        TictactoeSub::Facts => {
            let f = enumerate::facts();
            outln!("reachable positions             {:>7}", f.positions);
            outln!(
                "  up to symmetry                {:>7}",
                f.positions_up_to_symmetry
            );
            outln!("terminal positions              {:>7}", f.terminal);
            outln!(
                "  up to symmetry                {:>7}",
                f.terminal_up_to_symmetry
            );
            outln!("possible games                  {:>7}", f.games.total());
            outln!("  won by the first player (X)   {:>7}", f.games.x_wins);
            outln!("  won by the second player (O)  {:>7}", f.games.o_wins);
            outln!("  drawn                         {:>7}", f.games.draws);
            Ok(())
        }
    }
}

pub fn play(args: PlayArgs) -> Result<()> {
    let notation = args.notation;
    check_agent_side(args.o, Player::Second, "give it X (`--x relay`)")?;
    // MENACE against a person is played by MENACE's session (the seeds as for its agent).
    match (args.x, args.o) {
        (AgentKind::Menace, AgentKind::Human) => {
            let seed = ludomat_game::seed::derive(args.seed, 0);
            return play_menace(Mark::X, seed, args.seed, notation);
        }
        (AgentKind::Human, AgentKind::Menace) => {
            let seed = ludomat_game::seed::derive(args.seed, 1);
            return play_menace(Mark::O, seed, args.seed, notation);
        }
        _ => {}
    }
    let mut x = args
        .x
        .build(ludomat_game::seed::derive(args.seed, 0), notation)?;
    let mut o = args
        .o
        .build(ludomat_game::seed::derive(args.seed, 1), notation)?;
    outln!(
        "Noughts and crosses: {} (X) against {} (O), seed {}.\n",
        x.name(),
        o.name(),
        args.seed
    );
    outln!("{}", Board::EMPTY.render(notation));
    let mut on_move = |b: &Board, p: Player, cell| {
        outln!(
            "{} plays {}\n{}",
            Mark::of(p),
            notation.name(cell),
            b.render(notation)
        );
    };
    match play_match(Board::EMPTY, &mut *x, &mut *o, &mut on_move) {
        Ok(record) => {
            match (record.outcome, record.resigned) {
                (Outcome::Draw, _) => outln!("Draw."),
                (Outcome::Win(p), None) => outln!("{} wins.", Mark::of(p)),
                (Outcome::Win(p), Some(r)) => {
                    outln!("{} resigns; {} wins.", Mark::of(r), Mark::of(p))
                }
            }
            Ok(())
        }
        Err(MatchError::Abandoned { .. }) => {
            outln!("Input ended; game abandoned.");
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

/// `ludomat play tictactoe` with MENACE against a human at this terminal: a fresh MENACE
/// under the seed rules (as `--x menace` builds it), the game played by its session,
/// printed as the other noughts-and-crosses games are.
fn play_menace(menace: Mark, seed: u64, seed_given: u64, notation: Notation) -> Result<()> {
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
    outln!(
        "Noughts and crosses: {} (X) against {} (O), seed {seed_given}.\n",
        names(Mark::X),
        names(Mark::O)
    );
    outln!("{}", Board::EMPTY.render(notation));
    let mut board = Board::EMPTY;
    let mut h = session.apply(MenaceAction::NewGame)?;
    loop {
        for x in &h {
            match x {
                MenaceHappening::MovePlayed { mark, square, .. }
                | MenaceHappening::OpponentMove { mark, square, .. } => {
                    if let Some(c) = Cell::from_index(usize::from(*square)) {
                        board = board.with(c, *mark);
                        outln!(
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
                        (None, _) => outln!("Draw."),
                        (Some(w), false) => outln!("{w} wins."),
                        (Some(w), true) => outln!("{} resigns; {w} wins.", w.other()),
                    }
                    return Ok(());
                }
                _ => {}
            }
        }
        let cell = match human.ask(&session.board()) {
            Ok(c) => c,
            Err(ludomat_game::AgentError::EndOfInput) => {
                outln!("Input ended; game abandoned.");
                return Ok(());
            }
            Err(e) => return Err(e.into()),
        };
        h = session.apply(MenaceAction::Play {
            square: cell.index() as u8,
        })?;
    }
}

pub fn tournament(args: TournamentArgs) -> Result<()> {
    if args.x == AgentKind::Human || args.o == AgentKind::Human {
        bail!("a tournament cannot include a human; use `ludomat play tictactoe`");
    }
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let alternate = args.alternate || args.sides == Sides::Alternate;
    if alternate {
        check_agent_side(
            args.x,
            Player::Second,
            "with --sides alternate, A plays O in every other game; use --sides fixed",
        )?;
    }
    check_agent_side(args.o, Player::Second, "give it X (`--x relay`)")?;
    // Build once to report configuration errors before starting.
    args.x.build(0, Notation::Numeric)?;
    args.o.build(0, Notation::Numeric)?;
    let (kx, ko) = (args.x, args.o);
    let make_a = move |s: u64| {
        kx.build(s, Notation::Numeric)
            .unwrap_or_else(|_| Box::new(RandomAgent::new(s)))
    };
    let make_b = move |s: u64| {
        ko.build(s, Notation::Numeric)
            .unwrap_or_else(|_| Box::new(RandomAgent::new(s)))
    };
    let config = TournamentConfig {
        games: args.games,
        seed: args.seed,
        alternate,
        progress: !args.quiet,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()?;
    let r = pool.install(|| run_tournament(&make_a, &make_b, &config));
    print_table(&r, alternate, args.seed);
    if let Some(f) = &r.first_failure {
        bail!("{} games failed; first: {f}", r.failed);
    }
    Ok(())
}

/// The result table shared by the noughts-and-crosses tournaments (the arena's text, so
/// the museum shows the same table), with the timing on stderr.
pub fn print_table(r: &ludomat_game::TournamentResult, alternate: bool, seed: u64) {
    out!("{}", ludomat_arena::table::tictactoe(r, alternate, seed));
    // Timing to stderr: the table on stdout is the same for the same command.
    errln!(
        "{:.0} games per second ({:.2} s)",
        r.games_per_second(),
        r.elapsed.as_secs_f64()
    );
}
