//! `ludomat play tictactoe`, `ludomat tournament tictactoe`, `ludomat tictactoe facts`.
//! Who can play is `ludomat_arena::AgentKind` (a person or any contestant of the arena);
//! the tournament is `ludomat_arena::tournaments`'s, a game against MENACE its session's.

use anyhow::{bail, Result};
use clap::{Args, Subcommand};
use ludomat_arena::AgentKind;
use ludomat_game::{play_match, MatchError, Outcome, Player, Session as _};
use ludomat_menace::{MenaceConfig, MenaceSession, OpponentKind};
use ludomat_tictactoe::{enumerate, Board, HumanAgent, Mark, Notation};

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
    #[arg(long, default_value_t = 1, value_parser = crate::count::count::<u64>(0, u64::MAX))]
    seed: u64,
    /// How squares are named on the board and at the prompt: numeric (1–9), computox
    /// (A–J without I), menace (row then column, each L/M/R), ring (the relay computer's
    /// clockwise 0–7, centre 8).
    #[arg(long, default_value = "numeric", value_parser = notation_parser())]
    notation: Notation,
}

/// `ludomat tournament tictactoe`
pub type TournamentArgs = ludomat_arena::tournaments::TictactoeTournament;

pub fn run(cmd: TictactoeCmd) -> Result<()> {
    match cmd.command {
        TictactoeSub::Facts => out!("{}", enumerate::facts()),
    }
    Ok(())
}

pub fn play(args: PlayArgs) -> Result<()> {
    let notation = args.notation;
    args.o
        .check_side(Player::Second, "give it X ('--x relay')")?;
    let derive = |i| ludomat_game::seed::derive(args.seed, i);
    // MENACE against a person is played by MENACE's session (the seeds as for its agent).
    match (args.x, args.o) {
        (AgentKind::Menace, AgentKind::Human) => return play_menace(Mark::X, derive(0), &args),
        (AgentKind::Human, AgentKind::Menace) => return play_menace(Mark::O, derive(1), &args),
        _ => {}
    }
    let mut x = args.x.build(derive(0), notation)?;
    let mut o = args.o.build(derive(1), notation)?;
    let quits = [args.x, args.o].contains(&AgentKind::Human);
    outln!(
        "Noughts and crosses: {} (X) against {} (O), seed {}{}.\n",
        x.name(),
        o.name(),
        args.seed,
        if quits { " (q quits)" } else { "" }
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
        Ok(record) => match (record.outcome, record.resigned) {
            (Outcome::Draw, _) => outln!("Draw."),
            (Outcome::Win(p), None) => outln!("{} wins.", Mark::of(p)),
            (Outcome::Win(p), Some(r)) => outln!("{} resigns; {} wins.", Mark::of(r), Mark::of(p)),
        },
        Err(MatchError::Abandoned { ending, .. }) => {
            outln!("{}; game abandoned.", ending.words());
        }
        Err(e) => return Err(e.into()),
    }
    Ok(())
}

/// `ludomat play tictactoe` with MENACE against a person at this terminal: a fresh MENACE
/// under the seed rules (as `--x menace` builds it), the game played by its session
/// (`ludomat_menace::challenge::game_against`), printed as the other games are.
fn play_menace(menace: Mark, seed: u64, args: &PlayArgs) -> Result<()> {
    let config = MenaceConfig {
        seed: Some(seed),
        opponent: OpponentKind::Human,
        menace_plays: menace,
        ..MenaceConfig::default()
    };
    let mut session =
        MenaceSession::new(config).map_err(|e| anyhow::anyhow!("cannot start MENACE: {e}"))?;
    let names = |m: Mark| if m == menace { "menace" } else { "human" };
    outln!(
        "Noughts and crosses: {} (X) against {} (O), seed {}.\n",
        names(Mark::X),
        names(Mark::O),
        args.seed
    );
    outln!("{}", Board::EMPTY.render(args.notation));
    let mut human = HumanAgent::stdio(args.notation);
    let mut say = |t: &str| outln!("{}", crate::help::wrap(t));
    ludomat_menace::challenge::game_against(&mut session, &mut human, args.notation, &mut say)?;
    Ok(())
}

pub fn tournament(args: TournamentArgs) -> Result<()> {
    // timed over the games, the span of the bar's rate (not the agents' making)
    let r = crate::progress::until_ctrl_c(|stop| args.run_until(stop));
    let r = r.map_err(crate::usage::of_tournament)?;
    out!(
        "{}",
        ludomat_arena::table::tictactoe(&r, args.alternates(), args.seed)
    );
    // Timing to stderr: the table on stdout is the same for the same command.
    errln!(
        "{}",
        crate::voice::timing(r.a.games(), "game", "games", r.elapsed, r.cpu)
    );
    if let Some(f) = &r.first_failure {
        bail!(
            "{} failed; first: {f}",
            ludomat_io::text::count(r.failed, "game", "games")
        );
    }
    if r.stopped {
        return Err(crate::voice::stopped_tournament(r.played(), args.games).into());
    }
    Ok(())
}
