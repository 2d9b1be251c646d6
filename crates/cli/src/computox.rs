//! `ludomat play computox` — the Computox (and the 1956 AUTOX) at the terminal: the lamp
//! panel, the square buttons, RESET, the W/L lamps, the bell and the game counter.

use std::io::Write;

use anyhow::{anyhow, bail, Result};
use clap::Args;
use ludomat_computox::session::{ComputoxHappening, ComputoxView, Outcome, Side, Variant, Whose};
use ludomat_computox::{
    every_human_line, hazard, ComputoxAction, ComputoxConfig, ComputoxSession, ContactPlan, Gate,
};
use ludomat_game::{LineInput, Session, SessionError};

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

pub fn play(args: PlayArgs) -> Result<()> {
    let mut input = LineInput::Stdin;
    let mut out = crate::help::Wrapped::new(crate::out::stdout());
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

/// Run a session reading lines from `input`, writing to `out`. Returns at `Q` or at the
/// end of input (not an error). The game flow is the machine crate's
/// [`ComputoxSession`]; here are only the typed lines and the text.
pub fn session(args: &PlayArgs, input: &mut LineInput, out: &mut dyn Write) -> Result<Summary> {
    if args.plan {
        // 45 lines: paged on a terminal
        let _page = crate::page::Pager::start();
        print_plan(out)?;
        out.flush()?;
        return Ok(Summary::default());
    }
    if args.relays {
        return relay_session(args, input, out);
    }
    if args.autox && (args.beatable || args.mode_switches || args.two_player) {
        bail!(
            "the AUTOX has one uniselector and no X relay, SAL or second controller: \
             --autox cannot be combined with --beatable, --mode-switches or --two-player"
        );
    }
    let config = ComputoxConfig {
        seed: args.seed,
        variant: if args.autox {
            Variant::Autox
        } else {
            Variant::Computox
        },
        machine_first: args.machine_first,
        beatable: args.beatable,
        mode_switches: [args.mode_switches; 4],
        two_player: args.two_player,
        ..ComputoxConfig::default()
    };
    let mut s = ComputoxSession::new(config).map_err(|e| anyhow!("{e}"))?;
    let autox = args.autox;
    if autox {
        writeln!(
            out,
            "THE AUTOX (1956; seed {}) — lamps show the machine's noughts; you close a \
             shutter over your square and press START.\nType a square letter (A B C / D E F \
             / G H J, no I) to close its shutter; R = roll the shutters back and RESET, Q = \
             quit.",
            args.seed
        )?;
    } else {
        let two = args.two_player;
        writeln!(
            out,
            "THE COMPUTOX{} — noughts and crosses on relays (seed {}).\n\
             Each square shows its O lamp and X lamp (lit: O / X, dark: .).\n\
             Press a square letter (A B C / D E F / G H J, no I){}; R = RESET, Q = quit.",
            if two {
                ": two players, the machine referees"
            } else {
                ""
            },
            args.seed,
            if two {
                ", optionally after your controller (X B, O C)"
            } else {
                ""
            }
        )?;
    }
    // The session is switched on and RESET: show that game as if just reset.
    let opening = if autox {
        "\nShutters rolled back, RESET pressed.".to_string()
    } else {
        let v = s.view();
        let mut t = format!(
            "\nRESET: game counter {}.",
            v.counter.as_deref().unwrap_or_default()
        );
        if let (true, Some(sal)) = (args.explain && !args.two_player, &v.sal) {
            t.push_str(&format!(
                "\n{}",
                sal_text(&sal.label, sal.tap.is_some(), tap_set(&v), v.x_relay)
            ));
        }
        t
    };
    writeln!(out, "{opening}")?;
    let mut shown = Vec::new();
    if s.view().os_relay && s.view().turn == Whose::Machine {
        shown.push(ComputoxHappening::OsLatched);
    }
    press_on(&mut s, &mut shown)?;
    render(&s, &shown, args.explain, out)?;
    write!(out, "{}", panel(&s.view()))?;
    loop {
        let v = s.view();
        let over = v.turn == Whose::Over;
        let prompt = match v.turn {
            Whose::Over if autox => "Another game? R or Q: ",
            Whose::Over => "Another game? R (RESET) or Q: ",
            Whose::X => "X controller, press a square: ",
            Whose::O => "O controller, press a square: ",
            _ if autox => "Close a shutter: ",
            _ => "Press a square: ",
        };
        write!(out, "{prompt}")?;
        out.flush()?;
        let Some(line) = input.next_line()? else {
            writeln!(out, "\nInput ended.")?;
            break;
        };
        let word = line.trim().to_ascii_uppercase();
        if matches!(word.as_str(), "Q" | "QUIT" | "EXIT")
            || (over && matches!(word.as_str(), "N" | "NO"))
        {
            break;
        }
        let mut happenings = match s.parse_action(&line).and_then(|a| s.apply(a)) {
            Ok(h) => h,
            Err(SessionError::Invalid(e)) => {
                writeln!(out, "  {e}")?;
                continue;
            }
            Err(e) => {
                writeln!(out, "  {e}. Nothing changed.")?;
                continue;
            }
        };
        press_on(&mut s, &mut happenings)?;
        render(&s, &happenings, args.explain, out)?;
        let moved = happenings.iter().any(|h| {
            matches!(
                h,
                ComputoxHappening::Pressed { .. }
                    | ComputoxHappening::Reset { .. }
                    | ComputoxHappening::Claimed { .. }
            )
        });
        if moved {
            write!(out, "{}", panel(&s.view()))?;
        }
    }
    let v = s.view();
    let t = v.tally;
    let summary = Summary {
        finished: t.finished,
        w: t.w,
        l: t.l,
        drawn: t.drawn,
        counter: v
            .counter
            .as_deref()
            .and_then(|c| c.parse().ok())
            .unwrap_or(0),
    };
    if autox {
        writeln!(
            out,
            "Session over: finished {} (AUTOX {}, you {}, drawn {}).",
            t.finished, t.w, t.l, t.drawn
        )?;
    } else {
        writeln!(
            out,
            "Session over: game counter {}; finished {} (W {}, L {}, drawn {}).",
            v.counter.unwrap_or_default(),
            t.finished,
            t.w,
            t.l,
            t.drawn
        )?;
    }
    Ok(summary)
}

/// The terminal presses on for the player: START after a shutter (AUTOX), and the
/// machine's whole sweep at once (a web visitor can step it contact by contact).
fn press_on(s: &mut ComputoxSession, happenings: &mut Vec<ComputoxHappening>) -> Result<()> {
    if s.view().turn == Whose::Start {
        happenings.extend(s.apply(ComputoxAction::Start)?);
    }
    if s.view().turn == Whose::Machine {
        happenings.extend(s.apply(ComputoxAction::Sweep)?);
    }
    Ok(())
}

fn tap_set(v: &ComputoxView) -> bool {
    v.sal
        .as_ref()
        .and_then(|s| s.tap)
        .is_some_and(|t| v.mode_switches[usize::from(t - 1)])
}

fn sal_text(sal: &str, tap: bool, set: bool, x_relay: bool) -> String {
    let tap = match (tap, set) {
        (true, true) => " (a tap, its MODE switch set)",
        (true, false) => " (a tap, but its MODE switch is off)",
        _ => "",
    };
    format!(
        "    SAL stopped on {sal}{tap}; X relay {}.",
        if x_relay {
            "energised: this game is beatable"
        } else {
            "released: this game is unbeatable"
        }
    )
}

/// The happenings of one action as text; `explain` adds the uniselector and SAL.
fn render(
    s: &ComputoxSession,
    happenings: &[ComputoxHappening],
    explain: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let v = s.view();
    let autox = v.variant == Variant::Autox;
    let two = v.two_player;
    for h in happenings {
        match h {
            ComputoxHappening::Reset {
                counter: Some(counter),
                sal,
                sal_tap,
                mode_switch_set,
                x_relay,
                ..
            } => {
                writeln!(out, "\nRESET: game counter {counter}.")?;
                if let (true, Some(sal)) = (explain && !two, sal) {
                    writeln!(
                        out,
                        "{}",
                        sal_text(sal, sal_tap.is_some(), *mode_switch_set, *x_relay)
                    )?;
                }
            }
            ComputoxHappening::Reset { .. } => {
                writeln!(out, "\nShutters rolled back, RESET pressed.")?;
            }
            ComputoxHappening::OsLatched => {
                writeln!(out, "You press MACHINE FIRST (the OS relay latches).")?;
            }
            // The session's relay model is the museum's; the terminal's `--relays` plays
            // the circuit directly and prints its own trace.
            ComputoxHappening::StartPressed
            | ComputoxHappening::Homed
            | ComputoxHappening::Relay(_)
            | ComputoxHappening::Circuit(_) => {}
            ComputoxHappening::SwitchSet {
                switch,
                position,
                note,
            } => writeln!(out, "  {switch} switch: {position} ({note}).")?,
            ComputoxHappening::XLatched => writeln!(out, "  The X relay energises.")?,
            ComputoxHappening::Pressed { square, .. } if autox => {
                writeln!(out, "You close the shutter over {square}.")?;
            }
            ComputoxHappening::Pressed { side, square } if two => writeln!(
                out,
                "{} presses {square}.",
                if *side == Side::X { "X" } else { "O" }
            )?,
            ComputoxHappening::Pressed { square, .. } => {
                writeln!(out, "You press {square}: X lamp {square} lights.")?;
            }
            ComputoxHappening::Contact(c) => {
                if explain {
                    let closed = c.checks.iter().filter(|k| k.closed).count();
                    if closed > 0 {
                        writeln!(
                            out,
                            "    U1 steps to {} ({}): {closed} of {} checks close.",
                            c.label,
                            c.tactic_name,
                            c.checks.len()
                        )?;
                    }
                }
            }
            ComputoxHappening::Claimed {
                square,
                contact,
                tactic,
                tactic_name,
                check,
                tests,
                contacts_stepped,
                also,
            } => {
                if !autox {
                    writeln!(out, "The Computox lights O on {square}.")?;
                } else if v.squares.iter().filter(|q| q.o_lamp || q.shutter).count() == 1 {
                    writeln!(
                        out,
                        "You press START on an empty board: the AUTOX starts and lights {square}."
                    )?;
                } else {
                    writeln!(
                        out,
                        "You press START: the uniselector sweeps its 24 positions and lights \
                         {square}."
                    )?;
                }
                if explain {
                    writeln!(
                        out,
                        "    {contact} fired: tactic {tactic} ({tactic_name}); check {check}: \
                         {tests}\n    (U1 stepped {contacts_stepped} contacts, N2 to {contact}, \
                         and homed.)"
                    )?;
                }
                if !also.is_empty() {
                    let also: String = also.iter().collect();
                    writeln!(out, "    HAZARD: the same contact also lit {also}.")?;
                }
            }
            ComputoxHappening::GameOver { outcome, line, .. } => {
                let l = line.as_deref().unwrap_or_default();
                let text = match (outcome, two) {
                    (Outcome::Won, true) => format!("W lamp lit: O has the line {l}."),
                    (Outcome::Won, false) => {
                        format!("W lamp lit: the Computox has the line {l}. It wins.")
                    }
                    (Outcome::Lost, true) => format!("L lamp lit: X has the line {l}."),
                    (Outcome::Lost, false) => {
                        format!("L lamp lit: you have the line {l}. You beat the Computox!")
                    }
                    (Outcome::Drawn, _) => {
                        "Every square is lit and nobody has a line: a draw.".into()
                    }
                };
                if autox {
                    let text = match outcome {
                        Outcome::Won => format!("The AUTOX has the line {l}: it wins."),
                        Outcome::Lost => format!("You have the line {l}: you win!"),
                        Outcome::Drawn => "The board is full: a draw.".into(),
                    };
                    writeln!(
                        out,
                        "{text} (The AUTOX has no win lamps or bell: you judge the board.)"
                    )?;
                } else {
                    writeln!(out, "{text}")?;
                }
            }
            ComputoxHappening::Bell => writeln!(out, "*** the bell rings ***")?,
        }
    }
    Ok(())
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
        "U1, the main uniselector: one sweep a move; the first contact that closes wins."
    )?;
    writeln!(
        out,
        "(Reconstructed: the source gives counts and orders, not the wiring diagrams.)"
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
        // the checks packed under the tactic, never cut in two: 80 columns by design
        let head = format!("  {:<7} {}{line}: ", c.id.to_string(), c.tactic);
        writeln!(out, "{}", crate::help::pack(&head, &checks, 10, "  "))?;
    }
    let survey = hazard::survey(&ContactPlan::COMPUTOX);
    writeln!(
        out,
        "\nHazard survey: {} positions the machine can face (both starts, X relay up\n\
         or down at every move):",
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
    for (label, start, c) in every_human_line().map_err(anyhow::Error::msg)? {
        writeln!(
            out,
            "  {label:<19} {start:<15} {:>4} / {:>4} / {:>3}",
            c.wins, c.draws, c.losses
        )?;
    }
    Ok(())
}

/// The lamp panel: per square its letter, the O lamp and the X lamp (`O`/`X` lit, `.`
/// dark); then the W and L lamps and the counter. The AUTOX: lamps for the machine's
/// moves, shutters (`#####`) over the player's.
pub fn panel(v: &ComputoxView) -> String {
    let autox = v.variant == Variant::Autox;
    let mut s = String::new();
    let rule = if autox {
        "  +-----+-----+-----+\n"
    } else {
        "  +-------+-------+-------+\n"
    };
    for row in v.squares.chunks(3) {
        s.push_str(rule);
        s.push_str("  |");
        for q in row {
            if autox {
                s.push_str(&format!("{}    |", q.letter));
            } else {
                s.push_str(&format!(" {}     |", q.letter));
            }
        }
        s.push_str("\n  |");
        for q in row {
            if autox {
                s.push_str(match (q.o_lamp, q.shutter) {
                    (true, _) => " (O) |",
                    (_, true) => "#####|",
                    _ => "     |",
                });
            } else {
                let o = if q.o_lamp { 'O' } else { '.' };
                let x = if q.x_lamp { 'X' } else { '.' };
                s.push_str(&format!("  {o}  {x} |"));
            }
        }
        s.push('\n');
    }
    s.push_str(rule);
    if !autox {
        let lamp = |on: bool| if on { "(*)" } else { "( )" };
        s.push_str(&format!(
            "  W {}   L {}   game counter {}\n",
            lamp(v.w_lamp),
            lamp(v.l_lamp),
            v.counter.as_deref().unwrap_or_default()
        ));
    }
    s
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
}
