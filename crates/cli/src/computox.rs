//! `ludomat play computox` — the Computox (and the 1956 AUTOX) at the terminal: the lamp
//! panel, the square buttons, RESET, the W/L lamps, the bell and the game counter.

use std::io::Write;

use anyhow::{bail, Result};
use clap::Args;
use ludomat_computox::{
    hazard, Autox, Computox, ComputoxAgent, ContactPlan, Gate, MachineError, Move, Players,
    Settings, Square, Sweep, Turn, Verdict,
};
use ludomat_game::{explore, Agent, LineInput, Player};
use ludomat_tictactoe::{Board, Mark, Notation};

/// `ludomat play computox`
#[derive(Debug, Clone, Default, Args)]
pub struct PlayArgs {
    /// The machine starts every game (the OS relay: it opens on A, not E).
    #[arg(long)]
    pub machine_first: bool,
    /// Beatable: a secret switch held, so the X relay cuts five of the six fork checks.
    #[arg(long)]
    pub beatable: bool,
    /// Set the four hidden MODE switches: SAL makes about one game in four beatable,
    /// decided at each RESET (seeded).
    #[arg(long)]
    pub mode_switches: bool,
    /// Two people play each other; the machine only referees.
    #[arg(long)]
    pub two_player: bool,
    /// The 1956 AUTOX: shutters for your moves, lamps for the machine's, START.
    #[arg(long)]
    pub autox: bool,
    /// For every machine move print the uniselector contact that fired, the check and
    /// the tactic (and where SAL stopped at RESET).
    #[arg(long)]
    pub explain: bool,
    /// Print the uniselector's contact plan, the hazard survey over every reachable
    /// position and the exact results against every human line, then exit.
    #[arg(long)]
    pub plan: bool,
    /// Seed for SAL, the only random part.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play against the simulated relay circuit instead of the behavioural model: per
    /// machine move the uniselector steps, the relays in order and the operations.
    #[arg(long)]
    pub relays: bool,
    /// With --relays: load the circuit from this netlist file (at most 1 MiB) instead
    /// of the built-in one (see `ludomat computox netlist`).
    #[arg(long, value_name = "FILE", requires = "relays")]
    pub netlist: Option<std::path::PathBuf>,
    /// With --relays: `real` (the default: type 3000 relays, 20 steps/s; estimates each
    /// move's duration) or `ideal` (logic only).
    #[arg(long, requires = "relays")]
    pub timing: Option<ludomat_computox::circuit::Timing>,
}

/// The Computox as a noughts-and-crosses agent (for `ludomat play/tournament tictactoe`).
///
/// The machine always plays O in its own terms; the tic-tac-toe core's X moves first, so
/// when the agent sits in the core's first seat it is the machine that started (its OS
/// relay), and its noughts are the core's X.
pub fn tictactoe_agent(beatable: bool, seed: u64) -> Result<Box<dyn Agent<Board>>> {
    let settings = if beatable {
        Settings::BEATABLE
    } else {
        Settings::UNBEATABLE
    };
    Ok(Box::new(ComputoxAgent::new(settings, seed)))
}

pub fn play(args: PlayArgs) -> Result<()> {
    let mut input = LineInput::Stdin;
    let mut out = std::io::stdout();
    session(&args, &mut input, &mut out).map(|_| ())
}

/// Results of one session at the machine.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games finished.
    pub finished: u32,
    /// W lamp (the machine, or the O controller, made a line).
    pub w: u32,
    /// L lamp (the human, or the X controller, made a line).
    pub l: u32,
    /// Full board, no line.
    pub drawn: u32,
    /// The mechanical counter at the end.
    pub counter: u16,
}

impl Summary {
    fn record(&mut self, v: Verdict) {
        self.finished += 1;
        match v {
            Verdict::Won(_) => self.w += 1,
            Verdict::Lost(_) => self.l += 1,
            Verdict::Drawn => self.drawn += 1,
        }
    }
}

/// Run a session reading lines from `input`, writing to `out`. Returns at `Q` or at the
/// end of input (not an error).
pub fn session(args: &PlayArgs, input: &mut LineInput, out: &mut dyn Write) -> Result<Summary> {
    if args.plan {
        print_plan(out)?;
        return Ok(Summary::default());
    }
    if args.relays {
        return relay_session(args, input, out);
    }
    if args.autox {
        if args.beatable || args.mode_switches || args.two_player {
            bail!(
                "the AUTOX has one uniselector and no X relay, SAL or second controller: \
                 --autox cannot be combined with --beatable, --mode-switches or --two-player"
            );
        }
        return autox_session(args, input, out);
    }
    if args.two_player && (args.machine_first || args.beatable || args.mode_switches) {
        bail!(
            "--two-player: the machine only referees, so --machine-first, --beatable and \
             --mode-switches do not apply"
        );
    }
    computox_session(args, input, out)
}

/// `--relays`: the circuit plays (see `computox_circuit`).
fn relay_session(args: &PlayArgs, input: &mut LineInput, out: &mut dyn Write) -> Result<Summary> {
    if args.autox || args.two_player {
        bail!("--relays simulates the Computox's one-player circuit: not with --autox or --two-player");
    }
    let opts = crate::computox_circuit::RelayPlay {
        machine_first: args.machine_first,
        beatable: args.beatable,
        mode_switches: args.mode_switches,
        netlist: args.netlist.clone(),
        timing: args.timing,
        seed: args.seed,
    };
    crate::computox_circuit::play(&opts, input, out)?;
    Ok(Summary::default())
}

/// The contact plan, the hazard survey and the exhaustive counts.
pub fn print_plan(out: &mut dyn Write) -> Result<()> {
    writeln!(
        out,
        "U1, the main uniselector: one sweep per machine move, first contact that closes wins."
    )?;
    writeln!(
        out,
        "(A reconstruction: the seed gives the counts and orders, not the wiring diagrams.)"
    )?;
    writeln!(out, "  U1-N1   home, not connected")?;
    for c in ContactPlan::COMPUTOX.contacts() {
        let checks: Vec<String> = c
            .checks
            .iter()
            .map(|k| {
                let gate = match k.gate {
                    Gate::Always => "",
                    Gate::UnlessX => " [X-B1]",
                    Gate::UnlessOs => " [OS break]",
                    Gate::OnlyOs => " [OS make]",
                };
                format!("{k}{gate}")
            })
            .collect();
        let line = c.line.map(|l| format!(", line {l}")).unwrap_or_default();
        writeln!(
            out,
            "  {:<7} {}{line}: {}",
            c.id.to_string(),
            c.tactic,
            checks.join("  ")
        )?;
    }
    let survey = hazard::survey(&ContactPlan::COMPUTOX);
    writeln!(
        out,
        "\nHazard survey: {} positions the machine can face (both starts, X relay up or down \
         at every move):",
        survey.positions
    )?;
    if survey.hazards.is_empty() {
        writeln!(
            out,
            "  no contact ever closes two checks with different targets."
        )?;
    }
    for (p, s) in &survey.hazards {
        writeln!(out, "  HAZARD {}", hazard::describe(p, s))?;
    }
    if survey.stalls.is_empty() {
        writeln!(out, "  the sweep always finds a move.")?;
    }
    for p in &survey.stalls {
        writeln!(out, "  NO MOVE at {p}")?;
    }
    writeln!(
        out,
        "\nEvery sequence of human moves (machine wins / draws / machine losses):"
    )?;
    for (label, settings) in [
        ("unbeatable", Settings::UNBEATABLE),
        ("beatable (X relay)", Settings::BEATABLE),
    ] {
        for (start, me) in [
            ("human starts", Player::Second),
            ("machine starts", Player::First),
        ] {
            let mut agent = ComputoxAgent::new(settings, 0);
            let c = explore(&Board::EMPTY, &mut agent, me).map_err(anyhow::Error::msg)?;
            writeln!(
                out,
                "  {label:<19} {start:<15} {:>4} / {:>4} / {:>3}",
                c.wins, c.draws, c.losses
            )?;
        }
    }
    Ok(())
}

/// What a typed line asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Command {
    Press(Option<Mark>, Square),
    Reset,
    Quit,
}

/// Parse a line: a square letter, optionally after the controller (`X B`, `o:c`), or
/// R/RESET, Q/QUIT; Y/N answer the "another game?" question.
/// Prompt until a line parses as a command (explaining each one that does not);
/// `None` when input ends.
fn read_command(
    input: &mut LineInput,
    out: &mut dyn Write,
    prompt: &str,
    game_over: bool,
) -> Result<Option<Command>> {
    loop {
        write!(out, "{prompt}")?;
        out.flush()?;
        let Some(line) = input.next_line()? else {
            writeln!(out, "\nInput ended.")?;
            return Ok(None);
        };
        match parse_command(&line, game_over) {
            Ok(c) => return Ok(Some(c)),
            Err(e) => writeln!(out, "  {e}")?,
        }
    }
}

fn parse_command(line: &str, game_over: bool) -> std::result::Result<Command, String> {
    let t = line.trim();
    let upper = t.to_ascii_uppercase();
    match upper.as_str() {
        "" if game_over => return Err("nothing was typed; R for another game, Q to quit".into()),
        "" => return Err("nothing was typed; press a square letter A-J (no I)".into()),
        "R" | "RESET" => return Ok(Command::Reset),
        "Y" | "YES" if game_over => return Ok(Command::Reset),
        "Q" | "QUIT" | "EXIT" => return Ok(Command::Quit),
        "N" | "NO" if game_over => return Ok(Command::Quit),
        _ => {}
    }
    let (controller, rest) = match upper.chars().next() {
        Some(c @ ('X' | 'O')) if upper.len() > 1 => {
            let mark = if c == 'X' { Mark::X } else { Mark::O };
            (Some(mark), upper[1..].trim_start_matches([' ', ':', '-']))
        }
        _ => (None, upper.as_str()),
    };
    Notation::Computox
        .parse(rest)
        .map(|c| Command::Press(controller, Square::from_cell(c)))
        .map_err(|e| e.to_string())
}

/// The lamp panel: per square its letter, the O lamp and the X lamp (`O`/`X` lit, `.`
/// dark); then the W and L lamps and the counter.
pub fn panel(m: &Computox) -> String {
    let lamps = m.lamps();
    let mut s = String::new();
    let rule = "  +-------+-------+-------+\n";
    for row in Square::ALL.chunks(3) {
        s.push_str(rule);
        s.push_str("  |");
        for q in row {
            s.push_str(&format!(" {q}     |"));
        }
        s.push_str("\n  |");
        for q in row {
            let o = if lamps.o.contains(*q) { 'O' } else { '.' };
            let x = if lamps.x.contains(*q) { 'X' } else { '.' };
            s.push_str(&format!("  {o}  {x} |"));
        }
        s.push('\n');
    }
    s.push_str(rule);
    let lamp = |on: bool| if on { "(*)" } else { "( )" };
    s.push_str(&format!(
        "  W {}   L {}   game counter {}\n",
        lamp(lamps.w),
        lamp(lamps.l),
        m.counter()
    ));
    s
}

fn explain_sweep(s: &Sweep) -> String {
    format!(
        "    {} fired: {}; check {}: {}",
        s.contact,
        s.tactic,
        s.check,
        s.check.describe()
    )
}

fn computox_session(
    args: &PlayArgs,
    input: &mut LineInput,
    out: &mut dyn Write,
) -> Result<Summary> {
    let settings = Settings {
        players: if args.two_player {
            Players::Two
        } else {
            Players::One
        },
        secret_switch: args.beatable,
        mode_switches: [args.mode_switches; 4],
        ..Settings::UNBEATABLE
    };
    let two = args.two_player;
    let mut m = Computox::new(settings, args.seed);
    let mut summary = Summary::default();
    writeln!(
        out,
        "THE COMPUTOX{} — noughts and crosses on relays.",
        if two {
            ": two players, the machine referees"
        } else {
            ""
        }
    )?;
    writeln!(
        out,
        "Each square shows its O lamp and X lamp (lit: O / X, dark: .).\n\
         Press a square letter (A B C / D E F / G H J, no I){}; R = RESET, Q = quit.",
        if two {
            ", optionally after your controller (X B, O C)"
        } else {
            ""
        }
    )?;
    new_game(args, &mut m, out)?;
    loop {
        let over = m.turn() == Turn::Over;
        let prompt = if over {
            "Another game? R (RESET) or Q: ".to_string()
        } else if two {
            format!(
                "{} controller, press a square: ",
                if m.turn() == Turn::X { "X" } else { "O" }
            )
        } else {
            "Press a square: ".to_string()
        };
        let Some(cmd) = read_command(input, out, &prompt, over)? else {
            break;
        };
        match cmd {
            Command::Quit => break,
            Command::Reset => new_game(args, &mut m, out)?,
            Command::Press(controller, square) => {
                let result = match controller {
                    Some(mark) => m.press_on(mark, square),
                    None => m.press(square),
                };
                match result {
                    Err(e) => writeln!(out, "  {}", refusal(&e))?,
                    Ok(mv) => {
                        if !two {
                            writeln!(out, "You press {square}: X lamp {square} lights.")?;
                        } else {
                            writeln!(out, "{} presses {square}.", mv.mark)?;
                        }
                        if mv.verdict.is_none() && !two {
                            let reply = m.sweep()?;
                            writeln!(out, "The Computox lights O on {}.", reply.square)?;
                            if args.explain {
                                if let Some(s) = reply.sweep {
                                    writeln!(out, "{}", explain_sweep(&s))?;
                                }
                            }
                            finish(&reply, two, &mut summary, out)?;
                        } else {
                            finish(&mv, two, &mut summary, out)?;
                        }
                        write!(out, "{}", panel(&m))?;
                    }
                }
            }
        }
    }
    summary.counter = m.counter().reading();
    writeln!(
        out,
        "Session over: game counter {}; finished {} (W {}, L {}, drawn {}).",
        m.counter(),
        summary.finished,
        summary.w,
        summary.l,
        summary.drawn
    )?;
    Ok(summary)
}

fn refusal(e: &MachineError) -> String {
    format!("{e}. Nothing changed.")
}

/// RESET, and the machine's first move with --machine-first.
fn new_game(args: &PlayArgs, m: &mut Computox, out: &mut dyn Write) -> Result<()> {
    let r = m.reset();
    writeln!(out, "\nRESET: game counter {}.", r.counter)?;
    if args.explain && !args.two_player {
        let tap = match m.sal().tap() {
            Some(i) if m.mode_switches()[i] => " (a tap, its MODE switch set)",
            Some(_) => " (a tap, but its MODE switch is off)",
            None => "",
        };
        writeln!(
            out,
            "    SAL stopped on {}{tap}; X relay {}.",
            r.sal,
            if r.x_relay {
                "energised: this game is beatable"
            } else {
                "released: this game is unbeatable"
            }
        )?;
    }
    if args.machine_first {
        m.machine_first()?;
        let mv = m.sweep()?;
        writeln!(
            out,
            "You press MACHINE FIRST (the OS relay latches). The Computox lights O on {}.",
            mv.square
        )?;
        if args.explain {
            if let Some(s) = mv.sweep {
                writeln!(out, "{}", explain_sweep(&s))?;
            }
        }
    }
    write!(out, "{}", panel(m))?;
    Ok(())
}

fn finish(mv: &Move, two: bool, summary: &mut Summary, out: &mut dyn Write) -> Result<()> {
    let Some(v) = mv.verdict else {
        return Ok(());
    };
    summary.record(v);
    match v {
        Verdict::Won(l) => {
            if two {
                writeln!(out, "W lamp lit: O has the line {l}.")?;
            } else {
                writeln!(out, "W lamp lit: the Computox has the line {l}. It wins.")?;
            }
            writeln!(out, "*** the bell rings ***")?;
        }
        Verdict::Lost(l) => {
            if two {
                writeln!(out, "L lamp lit: X has the line {l}.")?;
            } else {
                writeln!(
                    out,
                    "L lamp lit: you have the line {l}. You beat the Computox!"
                )?;
            }
            writeln!(out, "*** the bell rings ***")?;
        }
        Verdict::Drawn => writeln!(out, "Every square is lit and nobody has a line: a draw.")?,
    }
    Ok(())
}

/// The AUTOX panel: lamps for the machine's moves, shutters over the player's.
pub fn autox_panel(a: &Autox) -> String {
    let mut s = String::new();
    let rule = "  +-----+-----+-----+\n";
    for row in Square::ALL.chunks(3) {
        s.push_str(rule);
        s.push_str("  |");
        for q in row {
            s.push_str(&format!("{q}    |"));
        }
        s.push_str("\n  |");
        for q in row {
            let cell = if a.lamps().contains(*q) {
                " (O) "
            } else if a.shutters().contains(*q) {
                "#####"
            } else {
                "     "
            };
            s.push_str(&format!("{cell}|"));
        }
        s.push('\n');
    }
    s.push_str(rule);
    s
}

fn autox_session(args: &PlayArgs, input: &mut LineInput, out: &mut dyn Write) -> Result<Summary> {
    let mut a = Autox::new();
    let mut summary = Summary::default();
    writeln!(
        out,
        "THE AUTOX (1956) — lamps show the machine's noughts; you close a shutter over your \
         square and press START."
    )?;
    writeln!(
        out,
        "Type a square letter (A B C / D E F / G H J, no I) to close its shutter; R = roll \
         the shutters back and RESET, Q = quit."
    )?;
    autox_new_game(args, &mut a, out)?;
    let mut over = false;
    loop {
        let prompt = if over {
            "Another game? R or Q: "
        } else {
            "Close a shutter: "
        };
        let Some(cmd) = read_command(input, out, prompt, over)? else {
            break;
        };
        match cmd {
            Command::Quit => break,
            Command::Reset => {
                autox_new_game(args, &mut a, out)?;
                over = false;
            }
            Command::Press(Some(Mark::O), _) => {
                writeln!(
                    out,
                    "  the AUTOX has no buttons for O: its moves are its own"
                )?;
            }
            Command::Press(_, square) => {
                if let Err(e) = a.close_shutter(square) {
                    writeln!(out, "  {}", refusal(&e))?;
                    continue;
                }
                writeln!(out, "You close the shutter over {square}.")?;
                if a.onlooker().is_none() {
                    let s = a.press_start()?;
                    writeln!(
                        out,
                        "You press START: the uniselector sweeps its 24 positions and lights {}.",
                        s.claim
                    )?;
                    if args.explain {
                        writeln!(out, "{}", explain_sweep(&s))?;
                    }
                }
                write!(out, "{}", autox_panel(&a))?;
                if let Some(v) = a.onlooker() {
                    over = true;
                    summary.record(v);
                    writeln!(
                        out,
                        "{} (The AUTOX has no win lamps or bell: you judge the board.)",
                        match v {
                            Verdict::Won(l) => format!("The AUTOX has the line {l}: it wins."),
                            Verdict::Lost(l) => format!("You have the line {l}: you win!"),
                            Verdict::Drawn => "The board is full: a draw.".to_string(),
                        }
                    )?;
                }
            }
        }
    }
    writeln!(
        out,
        "Session over: finished {} (AUTOX {}, you {}, drawn {}).",
        summary.finished, summary.w, summary.l, summary.drawn
    )?;
    Ok(summary)
}

fn autox_new_game(args: &PlayArgs, a: &mut Autox, out: &mut dyn Write) -> Result<()> {
    a.roll_back_shutters();
    a.reset();
    writeln!(out, "\nShutters rolled back, RESET pressed.")?;
    if args.machine_first {
        let s = a.press_start()?;
        writeln!(
            out,
            "You press START on an empty board: the AUTOX starts and lights {}.",
            s.claim
        )?;
        if args.explain {
            writeln!(out, "{}", explain_sweep(&s))?;
        }
    }
    write!(out, "{}", autox_panel(a))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: PlayArgs, script: &str) -> (Summary, String) {
        let mut input = LineInput::script(script);
        let mut out = Vec::new();
        let s = session(&args, &mut input, &mut out).unwrap();
        (s, String::from_utf8(out).unwrap())
    }

    #[test]
    fn seed_game_with_explain() {
        let args = PlayArgs {
            machine_first: true,
            explain: true,
            ..PlayArgs::default()
        };
        let (s, out) = run(args, "F\nB\nD\n");
        assert!(out.contains("lights O on A"), "{out}");
        assert!(out.contains("The Computox lights O on C."), "{out}");
        assert!(out.contains("The Computox lights O on E."), "{out}");
        assert!(
            out.contains("U1-N17 fired: tactic 3 (fork prevention)"),
            "{out}"
        );
        assert!(out.contains("W lamp lit"), "{out}");
        assert!(out.contains("the bell rings"), "{out}");
        assert!(out.contains("Input ended."), "{out}");
        assert_eq!(s.w, 1);
        assert_eq!(s.counter, 1);
    }

    #[test]
    fn bad_input_is_refused_and_changes_nothing() {
        let (s, out) = run(PlayArgs::default(), "I\nK\n\nE\nA\nA\nO C\nB\n");
        assert!(out.contains("there is no square I"), "{out}");
        assert!(
            out.contains("'K' is not one of the square letters"),
            "{out}"
        );
        assert!(out.contains("nothing was typed"), "{out}");
        // E is the machine's reply to A … so pressing E first: machine answers A.
        assert!(out.contains("You press E"), "{out}");
        assert!(
            out.contains("square A already holds O: the interlock refuses it"),
            "{out}"
        );
        assert!(
            out.contains("in one-player mode the O side is the machine's"),
            "{out}"
        );
        assert!(out.contains("You press B"), "{out}");
        assert_eq!(s.finished, 0);
    }

    #[test]
    fn counter_persists_over_games_and_game_over_refuses_presses() {
        // Human E, machine A; human B, machine C (block? no: good square) … play to the end
        // twice, pressing a square after the end, then RESET.
        let script = "A\nB\nG\nF\nH\nC\nR\nA\nB\nG\nF\nH\nY\nQ\n";
        let (s, out) = run(PlayArgs::default(), script);
        assert!(out.contains("game counter 0002"), "{out}");
        assert!(out.contains("game counter 0003"), "{out}");
        assert!(out.contains("the game is over"), "{out}");
        assert_eq!(s.counter, 3);
        assert_eq!(s.finished, 2);
        assert_eq!(s.l, 0);
    }

    #[test]
    fn beatable_machine_can_be_beaten() {
        // X relay up: human A, machine E; human J, machine C (not B: the fork check is
        // cut); human G threatens D and H; machine blocks D? it blocks … the human wins.
        let args = PlayArgs {
            beatable: true,
            ..PlayArgs::default()
        };
        let (s, out) = run(args, "A\nJ\nG\nD\nH\n");
        assert_eq!(s.l, 1, "{out}");
        assert!(out.contains("L lamp lit: you have the line"), "{out}");
    }

    #[test]
    fn two_player_refuses_out_of_turn() {
        let args = PlayArgs {
            two_player: true,
            ..PlayArgs::default()
        };
        let (s, out) = run(args, "X A\nX B\nO D\nB\nE\nC\n");
        assert!(
            out.contains("out of turn: the player relay connects only the O buttons"),
            "{out}"
        );
        assert!(out.contains("L lamp lit: X has the line ABC"), "{out}");
        assert_eq!(s.l, 1);
    }

    #[test]
    fn autox_session_plays_and_refuses() {
        let args = PlayArgs {
            autox: true,
            explain: true,
            ..PlayArgs::default()
        };
        let (s, out) = run(args, "A\nA\nE\nJ\n");
        assert!(out.contains("lights E"), "{out}");
        assert!(out.contains("square A already holds X"), "{out}");
        assert!(out.contains("square E already holds O"), "{out}");
        assert!(out.contains("#####"), "{out}");
        assert_eq!(s.finished, 0);
        let bad = PlayArgs {
            autox: true,
            beatable: true,
            ..PlayArgs::default()
        };
        let mut input = LineInput::script("");
        assert!(session(&bad, &mut input, &mut Vec::new()).is_err());
    }

    #[test]
    fn plan_prints_table_survey_and_counts() {
        let args = PlayArgs {
            plan: true,
            ..PlayArgs::default()
        };
        let (_, out) = run(args, "");
        assert!(
            out.contains("U1-N17  tactic 3 (fork prevention): O:E X:AJ→B [X-B1]"),
            "{out}"
        );
        assert!(
            out.contains("U1-N20  tactic 4 (good square): →J [OS break]  →C [OS make]"),
            "{out}"
        );
        assert!(out.contains("no contact ever closes two checks"), "{out}");
        assert!(
            out.contains("unbeatable          human starts     368 /  153 /   0"),
            "{out}"
        );
        assert!(
            out.contains("unbeatable          machine starts    87 /    8 /   0"),
            "{out}"
        );
        assert!(
            out.contains("beatable (X relay)  human starts     368 /  143 /  10"),
            "{out}"
        );
        assert!(
            out.contains("beatable (X relay)  machine starts    87 /    8 /   0"),
            "{out}"
        );
    }

    #[test]
    fn agent_is_the_machine() {
        let mut a = tictactoe_agent(false, 1).unwrap();
        assert_eq!(a.choose(&Board::EMPTY).unwrap(), Square::A.cell());
        let b = Board::EMPTY.with(Square::A.cell(), Mark::X);
        assert_eq!(a.choose(&b).unwrap(), Square::E.cell());
        assert_eq!(
            tictactoe_agent(true, 1).unwrap().name(),
            "computox-beatable"
        );
    }
}
