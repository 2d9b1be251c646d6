//! `ludomat play qubic`, `ludomat tournament qubic`, `ludomat qubic proof` — 3D (and 4D)
//! tic-tac-toe against the IBM 1620 strategies: OTHER-1 (the machine-code rewrite, levels
//! 1–12) and Louden's 1962 FORTRAN deck; and the stored 4D forced win.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use anyhow::{anyhow, bail, Context, Result};

use crate::tictactoe::Sides;
use clap::{Args, Subcommand, ValueEnum};
use ludomat_arena::{QubicContestant, QubicSpec};
use ludomat_game::{tournament as run_tournament, Agent, LineInput, TournamentConfig};
use ludomat_game::{Session, SessionError};
use ludomat_qubic::proof::strategy::{forced_win_4d, size, unpack, verify, verify_partial};
use ludomat_qubic::{
    render_with, Board, Cell, DeckStuck, LevelSet, LoudenOptions, NtestOrder, Plane, QubicAction,
    QubicConfig, QubicHappening, QubicResult, QubicSession, QubicView, Strategy as SessionStrategy,
    Tables, Who,
};

/// The machine's strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Strategy {
    /// The 1620 machine-code program as documented for OTHER-1 (levels 1–11, Java's 12).
    Other1,
    /// Bob Louden's 1962 FORTRAN deck (9 levels, its messages and quirks).
    Louden1962,
    /// The machine moves first and cannot lose: on 4×4×4×4 the stored forced win, on
    /// 4×4×4 Patashnik's dictionary strategy.
    Forced,
}

/// NTEST card order for the 1962 deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Ntest {
    /// The surviving decks' order (04 15 03 10 00 05 02 01 05).
    Deck,
    /// Card-sequence order (04 15 03 10 05 00 02 01 05).
    Listing,
}

/// Switches of the 1962 deck (faithful by default).
#[derive(Debug, Clone, Args)]
pub struct DeckFlags {
    /// NTEST order of the 1962 deck.
    #[arg(long, value_enum, default_value_t = Ntest::Deck)]
    ntest: Ntest,
    /// 1962 deck: keep intersection marks in a table of their own, not in the lane sums.
    #[arg(long)]
    separate_marks: bool,
    /// 1962 deck: reset K1 to 1 at each new game instead of carrying it over.
    #[arg(long)]
    reset_k1: bool,
    /// 1962 deck: no level-6 fallback to the lane's last cell.
    #[arg(long)]
    no_level6_fallback: bool,
}

impl DeckFlags {
    fn options(&self) -> LoudenOptions {
        LoudenOptions {
            ntest: match self.ntest {
                Ntest::Deck => NtestOrder::Deck,
                Ntest::Listing => NtestOrder::Listing,
            },
            marks_in_lane_sums: !self.separate_marks,
            k1_carry_over: !self.reset_k1,
            level6_fallback: !self.no_level6_fallback,
        }
    }
}

/// `ludomat play qubic`
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The machine's strategy.
    #[arg(long, value_enum, default_value_t = Strategy::Other1)]
    strategy: Strategy,
    /// The machine moves first.
    #[arg(long)]
    machine_first: bool,
    /// 3 for 4×4×4 (moves `xyz`), 4 for 4×4×4×4 (moves `wxyz`, OTHER-1 only).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(3..=4))]
    dims: u8,
    /// Also draw one of the 18 planes after each move: t1–t4, r1–r4, c1–c4, d1–d6.
    #[arg(long)]
    slice: Option<Plane>,
    /// Seed for the machine's random choices (levels 11 and 12).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// OTHER-1: switch levels off, e.g. `6,9`.
    #[arg(long, default_value = "")]
    disable: LevelSet,
    /// OTHER-1: pick a random level-6/9 candidate instead of the last one found.
    #[arg(long)]
    random_saved: bool,
    /// OTHER-1: no Java level 12 (the 1620 halts when the major diagonals are full).
    #[arg(long)]
    no_level12: bool,
    /// Show the machine's tables (row sums, intersection marks, 6MOV/9MOV) after each move.
    #[arg(long)]
    explain: bool,
    #[command(flatten)]
    deck: DeckFlags,
}

/// Who plays in a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AgentKind {
    /// OTHER-1 (levels 1–12).
    Other1,
    /// The 1962 deck (4×4×4 only).
    Louden1962,
    /// A random empty cell.
    Random,
    /// A modern threat-sequence player.
    Threats,
}

impl AgentKind {
    /// The arena's contestant (the one factory the museum uses too).
    fn contestant(self) -> QubicContestant {
        match self {
            AgentKind::Other1 => QubicContestant::Other1,
            AgentKind::Louden1962 => QubicContestant::Louden1962,
            AgentKind::Random => QubicContestant::Random,
            AgentKind::Threats => QubicContestant::Threats,
        }
    }
}

/// `ludomat tournament qubic`
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// Agent A (first in even games).
    #[arg(long, value_enum, default_value_t = AgentKind::Other1)]
    x: AgentKind,
    /// Agent B.
    #[arg(long, value_enum, default_value_t = AgentKind::Other1)]
    o: AgentKind,
    /// Number of games (1 to 10,000,000).
    #[arg(long, default_value_t = 10_000, value_name = "N", value_parser = crate::count::count::<u64>(1, 10_000_000))]
    games: u64,
    /// Master seed; game i uses a seed derived from it and i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// 3 for 4×4×4, 4 for 4×4×4×4.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(3..=4))]
    dims: u8,
    /// Who moves first: `alternate` (A and B in turn, as in the Java runs) or `fixed`
    /// (A in every game).
    #[arg(long, value_enum, default_value_t = Sides::Alternate)]
    sides: Sides,
    /// Old spelling of `--sides fixed`.
    #[arg(long, hide = true)]
    fixed_sides: bool,
    /// Levels switched off for A, e.g. `6,9` (a human who only sees traps once set).
    #[arg(long, default_value = "")]
    x_disable: LevelSet,
    /// Levels switched off for B.
    #[arg(long, default_value = "")]
    o_disable: LevelSet,
    /// A keeps all level-6/9 candidates and picks one at random.
    #[arg(long)]
    x_random_saved: bool,
    /// B keeps all level-6/9 candidates and picks one at random.
    #[arg(long)]
    o_random_saved: bool,
    /// When the 1962 deck cannot move within the rules (replays its own cell, runs out of
    /// preferred cells): `fail` the game (faithful) or play a `random` cell.
    #[arg(long, value_enum, default_value_t = Stuck::Random)]
    deck_stuck: Stuck,
    #[command(flatten)]
    deck: DeckFlags,
    /// Worker threads (1 to 256; default: all cores).
    #[arg(long, value_name = "N", value_parser = crate::count::count::<usize>(1, crate::count::MAX_THREADS))]
    threads: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Write a bar chart of the results (PNG or SVG by extension).
    #[arg(long)]
    chart: Option<PathBuf>,
}

impl TournamentArgs {
    /// Whether A moves first in every game.
    fn fixed(&self) -> bool {
        self.fixed_sides || self.sides == Sides::Fixed
    }
}

/// What the 1962 deck does when it cannot move within the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Stuck {
    /// Count the game as failed.
    Fail,
    /// Play a random empty cell.
    Random,
}

pub fn play(args: PlayArgs) -> Result<()> {
    let mut out = crate::help::Wrapped::new(crate::out::stdout());
    play_with(&args, &mut LineInput::Stdin, &mut out)
}

/// Play with any input and output (tests script the human). The game flow is
/// [`QubicSession`]'s; this only reads lines and prints its happenings and board.
pub fn play_with(args: &PlayArgs, input: &mut LineInput, out: &mut dyn Write) -> Result<()> {
    let strategy = match (args.strategy, args.dims) {
        (Strategy::Louden1962, 4) => bail!("the 1962 deck plays 4×4×4 only; drop --dims 4"),
        (Strategy::Other1, _) => SessionStrategy::Other1,
        (Strategy::Louden1962, _) => SessionStrategy::Louden1962,
        (Strategy::Forced, _) => SessionStrategy::Forced,
    };
    let disable: Vec<u8> = (1..=12).filter(|&n| args.disable.contains(n)).collect();
    let config = QubicConfig {
        dims: args.dims,
        strategy,
        disable,
        machine_first: args.machine_first,
        seed: args.seed,
        random_saved: args.random_saved,
        level12: !args.no_level12,
        ntest_listing: args.deck.ntest == Ntest::Listing,
        separate_marks: args.deck.separate_marks,
        reset_k1: args.deck.reset_k1,
        no_level6_fallback: args.deck.no_level6_fallback,
    };
    let mut s = QubicSession::new(config).map_err(|e| anyhow!("{e}"))?;
    let digits = if args.dims == 4 { "wxyz" } else { "xyz" };
    match strategy {
        SessionStrategy::Forced if args.dims == 3 => writeln!(
            out,
            "4×4×4 tic-tac-toe: the machine (M) moves first and plays {} — a proof that\n\
             the first player wins, re-checked against every defence; try to stop it. Type moves \
             as xyz\n(tier, row, column), each 1–4 (q quits).\n",
            s.view().certificate.unwrap_or_else(|| "a certificate".into())
        )?,
        SessionStrategy::Forced => writeln!(
            out,
            "4×4×4×4 tic-tac-toe: the machine (M) moves first and plays the stored forced win;\n\
             try to stop it. Type moves as wxyz (block, tier, row, column), each 1–4 (q quits).\n"
        )?,
        SessionStrategy::Louden1962 => writeln!(
            out,
            "3D TIC-TAC-TOE, as Bob Louden's IBM 1620 deck of February 1962 plays it (seed \
             {}).\nMoves are three digits: level (tier), row, column, each 1-4. You are P, the 1620 is M (q quits).\n",
            args.seed
        )?,
        SessionStrategy::Other1 => {
            writeln!(
                out,
                "{} tic-tac-toe against the IBM 1620 strategy (OTHER-1 levels; seed {}). You are \
                 P, the machine is M.",
                if args.dims == 4 { "4×4×4×4" } else { "4×4×4" },
                args.seed
            )?;
            let meaning = if args.dims == 4 {
                "block (first digit), tier, row, column"
            } else {
                "tier, row, column"
            };
            writeln!(out, "Type moves as {digits}: {meaning}, each 1–4 (q quits).\n")?;
        }
    }
    let louden = strategy == SessionStrategy::Louden1962;
    let opening = s.opening().to_vec();
    let mut prompt = show(args, &s, &opening, out, None)?;
    if !louden && opening.is_empty() {
        draw_view(args, &s.view(), out)?;
    }
    loop {
        let v = s.view();
        if v.result.is_some() {
            if !louden {
                return Ok(());
            }
            write!(out, "\nAnother game? (y/n) ")?;
            out.flush()?;
            match input.next_line()? {
                Some(l) if l.trim().eq_ignore_ascii_case("y") => writeln!(out)?,
                _ => {
                    writeln!(out)?;
                    return Ok(());
                }
            }
            let h = s.apply(QubicAction::NewGame).map_err(|e| anyhow!("{e}"))?;
            prompt = show(args, &s, &h, out, None)?;
            if s.view().deck_finished {
                return Ok(());
            }
            continue;
        }
        let ask = prompt
            .take()
            .unwrap_or_else(|| format!("Your move ({digits})?"));
        write!(out, "{ask} ")?;
        out.flush()?;
        let Some(line) = input.next_line().context("reading your move")? else {
            writeln!(out)?;
            writeln!(out, "Input ended; game abandoned.")?;
            return Ok(());
        };
        let line = line.trim().to_string();
        if !matches!(input, LineInput::Stdin) || !std::io::stdin().is_terminal() {
            writeln!(out, "{line}")?;
        }
        if line.eq_ignore_ascii_case("q") || line.eq_ignore_ascii_case("quit") {
            return Ok(());
        }
        let action = match s.parse_action(&line) {
            Ok(a @ QubicAction::Play { .. }) => a,
            Ok(_) => {
                writeln!(out, "type a move ({digits}), or q to quit")?;
                prompt = Some(ask);
                continue;
            }
            Err(e) => {
                writeln!(out, "{e}")?;
                prompt = Some(ask);
                continue;
            }
        };
        match s.apply(action) {
            Ok(h) => prompt = show(args, &s, &h, out, Some(&line))?,
            Err(SessionError::Refused(m)) => {
                writeln!(out, "{m}")?;
                prompt = Some(ask);
            }
            Err(e) => bail!("{e}"),
        }
    }
}

/// Prints the happenings of one action and the board after it; the deck's last typed
/// prompt, if it ends the action, is returned to be asked with (as the 1620 typed it
/// before the operator's move).
fn show(
    args: &PlayArgs,
    s: &QubicSession,
    happenings: &[QubicHappening],
    out: &mut dyn Write,
    typed_move: Option<&str>,
) -> Result<Option<String>> {
    let v = s.view();
    let mut prompt = None;
    let mut drew = false;
    // the view is the board after the whole action: drawn once, after its last move
    let last_placed = happenings
        .iter()
        .rposition(|h| matches!(h, QubicHappening::Placed { .. }));
    for (i, h) in happenings.iter().enumerate() {
        let last = i + 1 == happenings.len();
        match h {
            // the operator's own typed move is echoed by the terminal already
            QubicHappening::Typed { line } if i == 0 && typed_move == Some(line.as_str()) => {}
            QubicHappening::Typed { line } if last && v.human_to_move && v.result.is_none() => {
                prompt = Some(line.clone());
            }
            QubicHappening::Typed { line } => writeln!(out, "{line}")?,
            QubicHappening::Note { text } => writeln!(out, "({text})")?,
            QubicHappening::NewGame { game } => writeln!(out, "Game {game}.")?,
            QubicHappening::Placed { by, cell, why, .. } => {
                match (by, v.strategy) {
                    (Who::Human, SessionStrategy::Louden1962) => {}
                    (Who::Human, _) => writeln!(out, "P plays {cell}")?,
                    (Who::Machine, SessionStrategy::Forced) if v.dims == 3 => {
                        writeln!(out, "M plays {cell}   ({why})")?;
                    }
                    (Who::Machine, SessionStrategy::Forced) => {
                        let n = why
                            .strip_prefix("move ")
                            .and_then(|r| r.split(' ').next())
                            .unwrap_or("?");
                        writeln!(out, "M plays {cell}   (move {n} of the forced win)")?;
                    }
                    (Who::Machine, SessionStrategy::Louden1962) => {
                        writeln!(out, "   ({why})")?;
                    }
                    (Who::Machine, SessionStrategy::Other1) => {
                        writeln!(out, "M plays {cell}   ({why})")?;
                        if args.explain {
                            if let Some(t) = &v.tables {
                                explain(out, t)?;
                            }
                        }
                    }
                }
                if v.strategy != SessionStrategy::Louden1962 && last_placed == Some(i) {
                    draw_view(args, &v, out)?;
                    drew = true;
                }
            }
            QubicHappening::GameOver { result, line } => {
                if v.strategy == SessionStrategy::Louden1962 && !drew {
                    draw_view(args, &v, out)?;
                    drew = true;
                }
                let forced = v.cells.iter().filter(|c| **c == Some(Who::Machine)).count();
                let text = match (result, v.strategy) {
                    (QubicResult::HumanWins, SessionStrategy::Forced) => {
                        "You win: the strategy is wrong!".to_string()
                    }
                    (QubicResult::MachineWins, SessionStrategy::Forced) => {
                        format!("I win, with my move {forced}.")
                    }
                    (QubicResult::HumanWins, SessionStrategy::Other1) => "You win. I lose.".into(),
                    (QubicResult::MachineWins, SessionStrategy::Other1) => "I win.".into(),
                    (QubicResult::Tie, _) => "The board is full: a tie.".into(),
                    (QubicResult::Stopped, _) => "The program stopped.".into(),
                    // the deck has typed its verdict
                    _ => String::new(),
                };
                if !text.is_empty() {
                    writeln!(out, "{text}")?;
                }
                if let (Some(l), false) = (line, v.strategy == SessionStrategy::Louden1962) {
                    writeln!(out, "Winning row: {}", l.join(" "))?;
                }
            }
        }
    }
    if v.strategy == SessionStrategy::Louden1962 && !drew && v.human_to_move {
        draw_view(args, &v, out)?;
    }
    Ok(prompt)
}

/// The board of the view (and the chosen plane of the cube).
fn draw_view(args: &PlayArgs, v: &QubicView, out: &mut dyn Write) -> Result<()> {
    let mark = |i: usize| match v.cells.get(i) {
        Some(Some(Who::Human)) => Some('P'),
        Some(Some(Who::Machine)) => Some('M'),
        _ => None,
    };
    if v.dims == 4 {
        draw::<4>(out, args.slice, mark)
    } else {
        draw::<3>(out, args.slice, mark)
    }
}

/// The 1620's tables after a machine move, under headings, in words where a table is empty.
fn explain(out: &mut dyn Write, t: &Tables) -> Result<()> {
    let list = |v: &[String]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(" ")
        }
    };
    let live: Vec<String> = t
        .rows
        .iter()
        .filter(|r| r.sum < 5 || r.sum % 5 == 0)
        .map(|r| format!("{}:{:02}", r.cells.join("-"), r.sum))
        .collect();
    writeln!(out, "  The machine's workings for this move:")?;
    writeln!(
        out,
        "  levels tried, in order (the first that finds a move plays):"
    )?;
    for &l in &t.levels_run {
        if let Some(level) = ludomat_qubic::Level::new(l) {
            writeln!(out, "    {l:>2}  {}", level.meaning())?;
        }
    }
    writeln!(
        out,
        "  rows held by one side only (row:sum; you count 1 a mark, the machine 5):"
    )?;
    writeln!(out, "    {}", list(&live))?;
    writeln!(out, "  intersection table, cells marked by the last pass:")?;
    writeln!(out, "    {}", list(&t.marks))?;
    writeln!(
        out,
        "  6MOV table (level 6 candidates; the last is kept): {}",
        list(&t.mov6)
    )?;
    writeln!(
        out,
        "  9MOV table (level 9 candidates; the last is kept): {}",
        list(&t.mov9)
    )?;
    writeln!(
        out,
        "  level 10 cell held: {}",
        t.held.as_deref().unwrap_or("none")
    )?;
    Ok(())
}

/// `ludomat qubic …`
#[derive(Debug, Args)]
pub struct QubicCmd {
    #[command(subcommand)]
    command: QubicSub,
}

#[derive(Debug, Subcommand)]
enum QubicSub {
    /// Check the stored 4×4×4×4 forced win against the rules: every reply of the second
    /// player answered, every line ending in the first player's four (--dims 3: 4×4×4 —
    /// a certificate re-checked, Patashnik's dictionary checked exhaustively, or the win
    /// found from scratch by our search).
    Proof {
        /// A strategy file written by the `forced4d` example instead of the stored one.
        #[arg(long)]
        file: Option<PathBuf>,
        /// 4 (the stored 4×4×4×4 tree) or 3 (4×4×4: the bundled certificate re-checked by
        /// the independent checker; `--dictionary` checks Patashnik's dictionary itself).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(3..=4))]
        dims: u8,
        /// With --dims 3: check Patashnik's dictionary exhaustively — the bundled one, or a
        /// file in its format (a header ended by a line of dashes, then `position move`
        /// lines).
        #[arg(long, num_args = 0..=1, value_name = "FILE")]
        dictionary: Option<Option<PathBuf>>,
        /// With --dims 3: re-check this certificate file instead of the bundled one.
        #[arg(long, value_name = "FILE", conflicts_with = "dictionary")]
        certificate: Option<PathBuf>,
        /// With --dims 3: re-check the bundled certificate of Patashnik's strategy instead
        /// of the one found from scratch.
        #[arg(long, conflicts_with_all = ["dictionary", "certificate", "search", "search_after"])]
        patashnik: bool,
        /// With --dims 3: write the certificate of the dictionary's strategy (win > block >
        /// dictionary > threat sequence) to FILE, then re-check it.
        #[arg(long, value_name = "FILE", conflicts_with = "certificate")]
        write_certificate: Option<PathBuf>,
        /// With --dims 3 --dictionary: longest threat sequence (first-player threes, 1–30)
        /// tried where the dictionary has no move.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u8).range(1..=30))]
        threat_depth: u8,
        /// With --dims 3 --dictionary: find a shortest threat sequence at each position
        /// (about ten times slower) instead of the first one found depth-first.
        #[arg(long)]
        shortest: bool,
        /// With --dims 3: prove the win from scratch — our df-pn search from the empty
        /// board, no dictionary — then write the strategy's certificate (to
        /// --write-certificate FILE, if given) and re-check it with the independent checker.
        #[arg(long, conflicts_with_all = ["dictionary", "certificate", "shortest"])]
        search: bool,
        /// With --dims 3 (hybrid): Patashnik's dictionary for the first player's first K
        /// stones (1–15), our df-pn search from there on; certificate as for --search.
        #[arg(long, value_name = "K", value_parser = clap::value_parser!(u8).range(1..=15),
              conflicts_with_all = ["search", "certificate", "shortest"])]
        search_after: Option<u8>,
        /// With --search or --search-after: stop each position's search after this many
        /// node expansions (the work bound; unbounded if not given; Ctrl-C also stops).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        max_expansions: Option<u64>,
        /// With --search or --search-after: `shared` (one table for every position, each
        /// node's children evaluated on all cores) or `per-job` (issue 17's search: one
        /// table per position, one position per core).
        #[arg(long, value_enum, default_value_t = SchemeArg::Shared)]
        scheme: SchemeArg,
        /// With --search or --search-after: worker threads (1 to 256; default: one per
        /// core).
        #[arg(long, value_name = "N", value_parser = crate::count::count::<u16>(1, crate::count::MAX_THREADS))]
        threads: Option<u16>,
    },
}

/// How the searched proof shares its work (`--scheme`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SchemeArg {
    /// One table for every position, each node's children evaluated on all cores.
    Shared,
    /// One table per position, one position per core (issue 17's search).
    PerJob,
}

pub fn run(cmd: QubicCmd) -> Result<()> {
    use ludomat_qubic::proof3d::run::SearchConfig;
    use ludomat_qubic::proof3d::solve::Scheme;
    match cmd.command {
        QubicSub::Proof {
            dims: 3,
            file: Some(_),
            ..
        } => bail!("--file is a 4×4×4×4 strategy tree: drop --dims 3"),
        QubicSub::Proof {
            dims: 3,
            dictionary,
            certificate,
            patashnik,
            write_certificate,
            threat_depth,
            shortest,
            search,
            search_after,
            max_expansions,
            scheme,
            threads,
            ..
        } => {
            let checks_dictionary = dictionary.is_some() || shortest || threat_depth != 20;
            if search || search_after.is_some() {
                let config = SearchConfig {
                    after: search_after.unwrap_or(0),
                    threat_depth,
                    max_expansions,
                    scheme: match scheme {
                        SchemeArg::Shared => Scheme::Shared,
                        SchemeArg::PerJob => Scheme::PerJob,
                    },
                    threads: threads.map_or(0, usize::from),
                };
                search_3d(dictionary.flatten(), config, write_certificate.as_deref())
            } else if let Some(out) = write_certificate {
                write_certificate_3d(dictionary.flatten(), &out)
            } else if checks_dictionary {
                proof_3d(dictionary.flatten(), threat_depth, shortest)
            } else {
                certificate_3d(certificate, patashnik)
            }
        }
        QubicSub::Proof {
            file,
            dictionary,
            certificate,
            patashnik,
            write_certificate,
            threat_depth,
            shortest,
            search,
            search_after,
            max_expansions,
            threads,
            ..
        } => {
            // Flags of the 4×4×4 proof are refused with --dims 4, not silently ignored.
            let given = [
                ("--dictionary", dictionary.is_some()),
                ("--certificate", certificate.is_some()),
                ("--patashnik", patashnik),
                ("--write-certificate", write_certificate.is_some()),
                ("--threat-depth", threat_depth != 20),
                ("--shortest", shortest),
                ("--search", search),
                ("--search-after", search_after.is_some()),
                ("--max-expansions", max_expansions.is_some()),
                ("--threads", threads.is_some()),
            ];
            let three_d: Vec<&str> = given.iter().filter(|g| g.1).map(|g| g.0).collect();
            if !three_d.is_empty() {
                bail!(
                    "{} belong{} to the 4×4×4 proof: add --dims 3 (the default, --dims 4, \
                     checks the stored 4×4×4×4 tree)",
                    three_d.join(", "),
                    if three_d.len() == 1 { "s" } else { "" }
                );
            }
            proof(file)
        }
    }
}

/// The dictionary to use: a file, or the bundled one.
fn read_dictionary(
    file: Option<&PathBuf>,
) -> Result<(ludomat_qubic::proof3d::dictionary::Dictionary, String)> {
    use ludomat_qubic::proof3d::dictionary::{Dictionary, PATASHNIK};
    let (text, name) = match file {
        Some(f) => (
            crate::files::read_string(f, crate::files::TEXT_CAP)?,
            f.display().to_string(),
        ),
        None => (
            PATASHNIK.to_string(),
            "Patashnik's dictionary (bundled)".to_string(),
        ),
    };
    let dict = Dictionary::parse(&text).with_context(|| name.clone())?;
    Ok((dict, name))
}

/// Prints what the independent checker went through.
fn print_certificate_report(r: &ludomat_qubic::proof3d::certificate::CertificateSummary) {
    outln!(
        "  first-player positions (merged under the 192 symmetries): {}",
        r.records
    );
    out!(
        "{}",
        crate::help::wrap(
            &(format!(
                "  answered by a stored move: {}, by a whole threat line: {} (longest: {} threes)",
                r.moves, r.threat_lines, r.longest_line
            ) + "\n")
        )
    );
    out!("{}", crate::help::wrap(&(format!("  second-player replies checked: {} ({} reaching a position already checked); replies \
         leaving a three open (lost at once): {}",
        r.replies, r.merged, r.lost_at_once) + "\n")));
}

/// `ludomat qubic proof --dims 3 [--certificate F | --patashnik]`: a certificate re-checked
/// by the independent checker (`ludomat-qubic-verify`: its own lines, symmetries and
/// rules) — by default the bundled one found from scratch.
fn certificate_3d(file: Option<PathBuf>, patashnik: bool) -> Result<()> {
    use ludomat_qubic::proof3d::certificate::{check_gzip, Bundled};
    let (bytes, name) = match &file {
        Some(f) => (
            crate::files::read(f, crate::files::BINARY_CAP)?,
            f.display().to_string(),
        ),
        None => {
            let which = if patashnik {
                Bundled::Patashnik
            } else {
                Bundled::FromScratch
            };
            let bytes = which
                .bytes()
                .ok_or_else(|| anyhow!("{} is not in this build", which.describe()))?;
            (bytes.to_vec(), which.describe().to_string())
        }
    };
    let t = std::time::Instant::now();
    let c = ludomat_game::run::cpu::process();
    let (_, r) = check_gzip(&bytes).with_context(|| format!("{name} does not prove the win"))?;
    let g = ludomat_qubic_verify::Geometry::new();
    out!(
        "{}",
        crate::help::wrap(
            &(format!(
                "4×4×4: {name}, {} bytes ({} records). Re-checked in {:.1?} ({:.1} s CPU) by the \
         independent checker ({} lines, {} symmetries, found by itself): the first player \
         wins against every defence.",
                bytes.len(),
                r.records,
                t.elapsed(),
                ludomat_game::run::cpu::process()
                    .saturating_sub(c)
                    .as_secs_f64(),
                g.lines.len(),
                g.symmetries.len()
            ) + "\n")
        )
    );
    print_certificate_report(&r);
    Ok(())
}

/// `ludomat qubic proof --dims 3 --write-certificate F`: the dictionary's strategy walked
/// and stored, checked as it is written and again from its bytes, written atomically.
fn write_certificate_3d(dictionary: Option<PathBuf>, out: &std::path::Path) -> Result<()> {
    use ludomat_qubic::proof3d::certificate::{write_gzip, PatashnikStrategy};
    // a FIFO, a folder or a missing folder is refused before the walk, not after it
    crate::threes::check_output(out, "--write-certificate")?;
    let (dict, name) = read_dictionary(dictionary.as_ref())?;
    let t = std::time::Instant::now();
    let (gz, r) = write_gzip(&PatashnikStrategy::new(dict))
        .with_context(|| format!("the strategy of {name} does not prove the win"))?;
    ludomat_game::save::write_atomically(out, &gz, ".qubic3-cert")
        .with_context(|| format!("writing {}", out.display()))?;
    outln!(
        "{}: the certificate of {name}'s strategy, {} records, {} bytes, written and checked in {:.1?}",
        out.display(),
        r.records,
        gz.len(),
        t.elapsed()
    );
    print_certificate_report(&r);
    Ok(())
}

/// `ludomat qubic proof --dims 3 --search | --search-after K`: the library's proof run
/// ([`ludomat_qubic::proof3d::run::prove`]: our df-pn search after Patashnik's first K
/// stones, its strategy written as a certificate and re-checked by the independent
/// checker), drawn as a bar; the certificate written to `out`.
fn search_3d(
    dictionary: Option<PathBuf>,
    config: ludomat_qubic::proof3d::run::SearchConfig,
    out: Option<&std::path::Path>,
) -> Result<()> {
    use ludomat_qubic::proof3d::certificate::PatashnikStrategy;
    use ludomat_qubic::proof3d::dfpn::Outcome;
    use ludomat_qubic::proof3d::run::{prove, SearchProgress, Verdict};
    if let Some(out) = out {
        crate::threes::check_output(out, "--write-certificate")?;
    }
    let (k, threat_depth) = (config.after, config.threat_depth);
    let (dict, name) = read_dictionary(dictionary.as_ref())?;
    let before = PatashnikStrategy::new(dict);
    if k == 0 {
        outln!(
            "4×4×4 from scratch: df-pn over positions merged under the 192 symmetries, threat \
             sequences of at most {threat_depth} threes at the leaves, no dictionary."
        );
    } else {
        outln!(
            "4×4×4 hybrid: {name} for the first player's first {k} stones, our df-pn search \
             from there on (threat sequences of at most {threat_depth} threes at the leaves)."
        );
    }
    let bar = crate::progress::Bar::new("positions proved", None, false);
    let mut watch = |p: &ludomat_game::run::Progress<SearchProgress>| {
        bar.update(
            p,
            Some(format!(
                "{} expansions, {:.0} s CPU {}",
                p.partial.expansions,
                p.partial.cpu_seconds,
                p.partial.line.join(" ")
            )),
        );
    };
    let (mut ctx, _ctrl_c) = crate::progress::context("positions proved", None, &mut watch);
    let run = prove(&config, Some(&before), &mut ctx).map_err(|e| anyhow!("{e}"))?;
    drop(ctx);
    bar.finish();
    if run.verdict == Verdict::NoFrontier {
        bail!("{name} has no answer on the way to the first player's {k}th stone");
    }
    outln!(
        "Proved {} of {} positions in {:.1} s, {:.1} s CPU (the longest alone {:.1} s): {} node \
         expansions, {} leaves evaluated, {} threat-search nodes.",
        run.proved(),
        run.jobs.len(),
        run.search.seconds,
        run.search.cpu_seconds,
        run.longest_job(),
        run.stats.expansions,
        run.stats.evaluations,
        run.stats.threat_nodes
    );
    let certificate = match &run.verdict {
        Verdict::Proved { certificate } => certificate,
        Verdict::NotProved { position, outcome } => bail!(
            "not proved: the search ended {} at {position}",
            match outcome {
                Outcome::Disproved => "with no win found",
                _ => "at --max-expansions",
            }
        ),
        Verdict::Cancelled => bail!("not proved: the search ended when stopped (Ctrl-C)"),
        Verdict::Refused { error } => {
            bail!("the searched strategy does not prove the win: {error}")
        }
        Verdict::NoFrontier => unreachable!("handled above"),
    };
    outln!(
        "Proved: the first player wins. {} positions of the strategy have a searched move.",
        run.searched_moves
    );
    outln!(
        "Certificate: {} records, {} bytes gzip, written and re-checked by the independent \
         checker in {:.1} s, {:.1} s CPU.",
        certificate.records,
        certificate.bytes,
        run.certificate_time.seconds,
        run.certificate_time.cpu_seconds
    );
    if let (Some(out), Some(gz)) = (out, &run.certificate) {
        ludomat_game::save::write_atomically(out, gz, ".qubic3-cert")
            .with_context(|| format!("writing {}", out.display()))?;
        outln!("  written to {}", out.display());
    }
    print_certificate_report(certificate);
    outln!(
        "The whole run: {:.1} s, {:.1} s CPU.",
        run.total.seconds,
        run.total.cpu_seconds
    );
    Ok(())
}

/// `ludomat qubic proof --dims 3 --dictionary [F]`: Patashnik's dictionary checked against
/// every defence.
fn proof_3d(file: Option<PathBuf>, threat_depth: u8, shortest: bool) -> Result<()> {
    use ludomat_qubic::proof3d::check::{check, moves_text, CheckLimits};
    use ludomat_qubic::proof3d::dictionary::notation;
    let (dict, name) = read_dictionary(file.as_ref())?;
    outln!(
        "4×4×4: {name}, {} entries. The first player plays a win, else the block of a \
         three, else the dictionary's move (under the 192 symmetries), else a threat \
         sequence of at most {threat_depth} threes; every reply of the second player is answered.",
        dict.entries.len()
    );
    let t = std::time::Instant::now();
    let limits = CheckLimits {
        threat_depth,
        shortest,
        ..CheckLimits::default()
    };
    let r = check(&dict, limits).with_context(|| format!("{name} does not win"))?;
    outln!(
        "Verified in {:.1?}: the first player wins against every defence.",
        t.elapsed()
    );
    outln!(
        "  positions with the first player to move (merged under the symmetries): {}",
        r.positions
    );
    outln!(
        "  answered by a dictionary move: {}, a forced block: {}, a threat sequence: {}",
        r.dictionary_moves,
        r.forced_blocks,
        r.threat_sequences
    );
    outln!(
        "  dictionary or block moves making two threes at once: {}; replies leaving a \
         three open (won at once): {}",
        r.double_threes,
        r.replies_lost_at_once
    );
    let lengths: Vec<String> = r
        .threat_lengths
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(l, n)| format!("{l}: {n}"))
        .collect();
    let how = if shortest { "shortest" } else { "first found" };
    outln!(
        "  threat sequences ({how}) by length: {}",
        lengths.join(", ")
    );
    if let Some((k, seq)) = &r.longest {
        outln!(
            "  longest threat sequence: {} threes, from {} : {}",
            seq.len(),
            notation(*k as u64, (*k >> 64) as u64),
            moves_text(seq)
        );
    }
    let never: Vec<String> = dict
        .entries
        .iter()
        .zip(&r.reached)
        .filter(|(_, &used)| !used)
        .map(|(e, _)| e.line.to_string())
        .collect();
    outln!(
        "  dictionary entries used: {} of {}; never reached: {}{}",
        r.entries_reached(),
        dict.entries.len(),
        never.len(),
        if never.is_empty() {
            String::new()
        } else {
            format!(" (file lines {})", never.join(" "))
        }
    );
    if !dict.duplicates.is_empty() {
        outln!(
            "  entries symmetric to an earlier one (never consulted): {}",
            dict.duplicates.len()
        );
    }
    Ok(())
}

fn proof(file: Option<PathBuf>) -> Result<()> {
    let tree = match &file {
        Some(f) => {
            let bytes = crate::files::read(f, crate::files::BINARY_CAP)?;
            unpack(&bytes).with_context(|| format!("{}", f.display()))?
        }
        None => forced_win_4d().context("reading the stored 4D strategy")?,
    };
    let first = Cell::<4>::new(tree.cell as usize).map_or("?".into(), |c| c.to_string());
    outln!(
        "4×4×4×4: a strategy tree of {} nodes; the first player opens at {first}.",
        size(&tree)
    );
    // A spinner with the elapsed time on stderr (hidden when it is not a terminal): the
    // check takes seconds and reports no steps of its own.
    let spinner = indicatif::ProgressBar::new_spinner().with_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} checking every position of the tree against the rules [{elapsed}]",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    spinner.enable_steady_tick(std::time::Duration::from_millis(120));
    let t = std::time::Instant::now();
    let checked = verify(&tree);
    spinner.finish_and_clear();
    match checked {
        Ok(v) => {
            outln!(
                "Verified against the rules in {:.1?}: {} positions, every reply answered.",
                t.elapsed(),
                v.positions
            );
            outln!(
                "The first player forces a win within {} of its own moves (its opening and \
                 the completing move included), at most {} moves in all.",
                v.first_player_moves,
                2 * v.first_player_moves - 1
            );
            Ok(())
        }
        Err(e) => {
            // the partial check fails on the same line of play as the full one: say it once
            let Ok((v, open)) = verify_partial(&tree) else {
                bail!("not a win: {e}");
            };
            let open: Vec<String> = open
                .iter()
                .filter_map(|&c| Cell::<4>::new(c as usize))
                .map(|c| c.to_string())
                .collect();
            bail!(
                "not a full proof: the answered replies win within {} moves ({} positions), \
                 but {} replies to {first} have no answer: {}",
                v.first_player_moves,
                v.positions,
                open.len(),
                open.join(" ")
            )
        }
    }
}

fn draw<const D: usize>(
    out: &mut dyn Write,
    slice: Option<Plane>,
    mark: impl Fn(usize) -> Option<char> + Copy,
) -> Result<()> {
    writeln!(out, "{}", render_with::<D>(mark))?;
    if let (Some(p), 3) = (slice, D) {
        writeln!(out, "{}", p.render(mark))?;
    }
    Ok(())
}

fn build<const D: usize>(
    kind: AgentKind,
    disable: LevelSet,
    random_saved: bool,
    deck: LoudenOptions,
    stuck: Stuck,
    seed: u64,
) -> Box<dyn Agent<Board<D>>> {
    let spec = QubicSpec {
        kind: kind.contestant(),
        disable,
        random_saved,
        deck,
        stuck: match stuck {
            Stuck::Fail => DeckStuck::Fail,
            Stuck::Random => DeckStuck::RandomCell,
        },
    };
    spec.build::<D>(seed)
}

pub fn tournament(args: TournamentArgs) -> Result<()> {
    if args.dims == 4 && (args.x == AgentKind::Louden1962 || args.o == AgentKind::Louden1962) {
        bail!("the 1962 deck plays 4×4×4 only; drop --dims 4");
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()?;
    let r = if args.dims == 4 {
        pool.install(|| run_games::<4>(&args))
    } else {
        pool.install(|| run_games::<3>(&args))
    };
    print_table(&r, &args);
    if let Some(path) = &args.chart {
        let chart = ludomat_chart::BarChart {
            title: format!(
                "{} games, {} vs {}, seed {}",
                r.a.games(),
                r.a_name,
                r.b_name,
                args.seed
            ),
            x_label: "result".into(),
            y_label: "games".into(),
            bars: vec![
                ("first mover wins".into(), r.by_seat.wins),
                ("second mover wins".into(), r.by_seat.losses),
                ("ties".into(), r.by_seat.draws),
            ],
            caption: crate::caption::made_by(),
        };
        ludomat_chart::bar_chart(&chart, path)
            .with_context(|| format!("writing {}", path.display()))?;
        outln!("chart written to {}", path.display());
    }
    if let Some(f) = &r.first_failure {
        outln!("{} games could not be finished; first: {f}", r.failed);
    }
    Ok(())
}

fn run_games<const D: usize>(args: &TournamentArgs) -> ludomat_game::TournamentResult {
    let deck = args.deck.options();
    let (x, o, stuck) = (args.x, args.o, args.deck_stuck);
    let (xd, od, xr, or) = (
        args.x_disable,
        args.o_disable,
        args.x_random_saved,
        args.o_random_saved,
    );
    let make_a = move |s: u64| build::<D>(x, xd, xr, deck, stuck, s);
    let make_b = move |s: u64| build::<D>(o, od, or, deck, stuck, s);
    let config = TournamentConfig {
        games: args.games,
        seed: args.seed,
        alternate: !args.fixed(),
        progress: !args.quiet,
    };
    run_tournament::<Board<D>>(&make_a, &make_b, &config)
}

fn print_table(r: &ludomat_game::TournamentResult, args: &TournamentArgs) {
    out!(
        "{}",
        ludomat_arena::table::qubic(r, args.dims, args.seed, args.fixed())
    );
    // Timing to stderr: the table on stdout is the same for the same command.
    errln!(
        "{:.0} games per second ({:.2} s)",
        r.games_per_second(),
        r.elapsed.as_secs_f64()
    );
}
