//! The Computox in words, as the terminal prints them: the lamp panel ([`panel`]), the
//! contact plan with the hazard survey and the exact counts ([`plan_rows`], [`survey`]), and
//! [`ComputoxConsole`], a [`ComputoxSession`] at a line terminal (`ludomat play
//! computox`, with `--relays` the circuit model: [`circuit`]). Plain text from the
//! session's view and happenings, so every renderer can say the same.

use std::fmt::Write as _;

use ludomat_game::console::{Console, Reply};
use ludomat_game::terminal::{with_quit_key, QUIT_KEY};
use ludomat_game::{Ending, Session, SessionError};

use crate::circuit::Timing;
use crate::session::{ComputoxHappening, ComputoxView, Model, Outcome, Side, Variant, Whose};
use crate::{every_human_line, hazard, ComputoxAction, ComputoxConfig, ComputoxSession};
use crate::{ContactPlan, Gate};

pub mod circuit;

/// The head of the contact plan of U1 (`ludomat play computox --plan`), before the
/// contacts' rows ([`plan_rows`]).
pub const PLAN_HEAD: &str =
    "U1, the main uniselector: one sweep a move; the first contact that closes wins.\n\
     (Reconstructed: the source gives counts and orders, not the wiring diagrams.)\n  \
     U1-N1   home, not connected\n";

/// The contact plan of U1 row by row: a contact's name, its tactic and line (the row's
/// head), then its checks with their gates (a renderer packs them under the head, never
/// cutting one in two).
#[must_use]
pub fn plan_rows() -> Vec<(String, Vec<String>)> {
    let mut rows = Vec::new();
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
        let head = format!("  {:<7} {}{line}: ", c.id.to_string(), c.tactic);
        rows.push((head, checks));
    }
    rows
}

/// After the contact plan: the hazard survey over every reachable position and the
/// results against every sequence of human moves.
///
/// # Errors
/// When the exhaustive count finds a position the machine cannot answer.
pub fn survey() -> Result<String, String> {
    let survey = hazard::survey(&ContactPlan::COMPUTOX);
    let mut s = format!(
        "\nHazard survey: every position the machine can face from both starts, {} \
         boards,\neach swept with the X relay up and with it down ({} sweeps; 'computox \
         verify'\ncounts 690: the positions of its four modes, added up):\n",
        survey.boards, survey.positions
    );
    if survey.hazards.is_empty() {
        s.push_str("  no contact ever closes two checks with different targets.\n");
    }
    for (p, sw) in &survey.hazards {
        let _ = writeln!(s, "  HAZARD {}", hazard::describe(p, sw));
    }
    if survey.stalls.is_empty() {
        s.push_str("  the sweep always finds a move.\n");
    }
    for p in &survey.stalls {
        let _ = writeln!(s, "  NO MOVE at {p}");
    }
    s.push_str("\nEvery sequence of human moves, the machine's results:\n");
    for (label, start, c) in every_human_line()? {
        let _ = writeln!(
            s,
            "  {label:<19} {start:<15} {}",
            ludomat_io::text::results(c.wins, c.draws, c.losses)
        );
    }
    Ok(s)
}

/// The lamp panel: per square its letter, the O lamp and the X lamp (`O`/`X` lit, `.`
/// dark); then the W and L lamps and the counter. The AUTOX: lamps for the machine's
/// moves, shutters (`#####`) over the player's.
#[must_use]
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
                let _ = write!(s, "{}    |", q.letter);
            } else {
                let _ = write!(s, " {}     |", q.letter);
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
                let _ = write!(s, "  {o}  {x} |");
            }
        }
        s.push('\n');
    }
    s.push_str(rule);
    if !autox {
        let lamp = |on: bool| if on { "(*)" } else { "( )" };
        let _ = writeln!(
            s,
            "  W {}   L {}   game counter {}",
            lamp(v.w_lamp),
            lamp(v.l_lamp),
            v.counter.as_deref().unwrap_or_default()
        );
    }
    s
}

/// Where SAL stopped at RESET and what the X relay did, for `--explain`.
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

/// How a game ended, in the words of the Computox (one or two players) or the AUTOX.
fn game_over(outcome: Outcome, l: &str, two: bool, autox: bool) -> String {
    if autox {
        let text = match outcome {
            Outcome::Won => format!("The AUTOX has the line {l}: it wins."),
            Outcome::Lost => format!("You have the line {l}: you win!"),
            Outcome::Drawn => "The board is full: a draw.".into(),
        };
        return format!("{text} (The AUTOX has no win lamps or bell: you judge the board.)");
    }
    match (outcome, two) {
        (Outcome::Won, true) => format!("W lamp lit: O has the line {l}."),
        (Outcome::Won, false) => format!("W lamp lit: the Computox has the line {l}. It wins."),
        (Outcome::Lost, true) => format!("L lamp lit: X has the line {l}."),
        (Outcome::Lost, false) => {
            format!("L lamp lit: you have the line {l}. You beat the Computox!")
        }
        (Outcome::Drawn, _) => "Every square is lit and nobody has a line: a draw.".into(),
    }
}

/// One happening of the behavioural model in words (lines ending in a newline; nothing
/// for the happenings the terminal does not tell). `explain` adds the uniselector and
/// SAL; `v` is the view after the action.
#[must_use]
pub fn describe(h: &ComputoxHappening, v: &ComputoxView, explain: bool) -> String {
    let autox = v.variant == Variant::Autox;
    let two = v.two_player;
    let mut s = String::new();
    match h {
        ComputoxHappening::Reset {
            counter: Some(counter),
            sal,
            sal_tap,
            mode_switch_set,
            x_relay,
            ..
        } => {
            let _ = writeln!(s, "\nRESET: game counter {counter}.");
            if let (true, Some(sal)) = (explain && !two, sal) {
                let _ = writeln!(
                    s,
                    "{}",
                    sal_text(sal, sal_tap.is_some(), *mode_switch_set, *x_relay)
                );
            }
        }
        ComputoxHappening::Reset { .. } => s.push_str("\nShutters rolled back, RESET pressed.\n"),
        ComputoxHappening::OsLatched => {
            s.push_str("You press MACHINE FIRST (the OS relay latches).\n");
        }
        // The relay model's steps are the museum's; the terminal's `--relays` plays the
        // circuit model and tells its trace ([`circuit`]).
        ComputoxHappening::StartPressed
        | ComputoxHappening::Homed
        | ComputoxHappening::Relay(_)
        | ComputoxHappening::Circuit(_) => {}
        ComputoxHappening::SwitchSet {
            switch,
            position,
            note,
        } => {
            let _ = writeln!(s, "  {switch} switch: {position} ({note}).");
        }
        ComputoxHappening::XLatched => s.push_str("  The X relay energises.\n"),
        ComputoxHappening::Pressed { square, .. } if autox => {
            let _ = writeln!(s, "You close the shutter over {square}.");
        }
        ComputoxHappening::Pressed { side, square } if two => {
            let side = if *side == Side::X { "X" } else { "O" };
            let _ = writeln!(s, "{side} presses {square}.");
        }
        ComputoxHappening::Pressed { square, .. } => {
            let _ = writeln!(s, "You press {square}: X lamp {square} lights.");
        }
        ComputoxHappening::Contact(c) => {
            let closed = c.checks.iter().filter(|k| k.closed).count();
            if explain && closed > 0 {
                let _ = writeln!(
                    s,
                    "    U1 steps to {} ({}): {closed} of {} checks close.",
                    c.label,
                    c.tactic_name,
                    c.checks.len()
                );
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
                let _ = writeln!(s, "The Computox lights O on {square}.");
            } else if v.squares.iter().filter(|q| q.o_lamp || q.shutter).count() == 1 {
                let _ = writeln!(
                    s,
                    "You press START on an empty board: the AUTOX starts and lights {square}."
                );
            } else {
                let _ = writeln!(
                    s,
                    "You press START: the uniselector sweeps its 24 positions and lights \
                     {square}."
                );
            }
            if explain {
                let _ = writeln!(
                    s,
                    "    {contact} fired: tactic {tactic} ({tactic_name}); check {check}: \
                     {tests}\n    (U1 stepped {contacts_stepped} contacts, N2 to {contact}, \
                     and homed.)"
                );
            }
            if !also.is_empty() {
                let also: String = also.iter().collect();
                let _ = writeln!(s, "    HAZARD: the same contact also lit {also}.");
            }
        }
        ComputoxHappening::GameOver { outcome, line, .. } => {
            let l = line.as_deref().unwrap_or_default();
            let _ = writeln!(s, "{}", game_over(*outcome, l, two, autox));
        }
        ComputoxHappening::Bell => s.push_str("*** the bell rings ***\n"),
    }
    s
}

/// A [`ComputoxSession`] at a line terminal: the typed lines are the session's actions
/// (its [`Session::parse_action`]; `Q` quits), the machine's sweep runs whole at once
/// (and START follows a closed shutter on the AUTOX), the happenings come back in words
/// with the lamp panel. With `model: circuit` the simulated circuit plays and each move
/// is told relay by relay ([`circuit`]).
#[derive(Debug)]
pub struct ComputoxConsole {
    session: ComputoxSession,
    explain: bool,
    timing: Timing,
}

impl ComputoxConsole {
    /// The machine switched on and RESET; `explain` tells the uniselector and SAL.
    ///
    /// # Errors
    /// When the config is refused.
    pub fn new(config: ComputoxConfig, explain: bool) -> Result<Self, SessionError> {
        Ok(ComputoxConsole {
            timing: config.timing.timing(),
            session: ComputoxSession::new(config)?,
            explain,
        })
    }

    /// The session behind the console.
    #[must_use]
    pub fn session(&self) -> &ComputoxSession {
        &self.session
    }

    fn circuit(&self) -> bool {
        self.session.view().model == Model::Circuit
    }

    /// The terminal presses on for the player: START after a shutter (AUTOX), and the
    /// machine's whole sweep at once (a web visitor can step it contact by contact).
    fn press_on(&mut self, happenings: &mut Vec<ComputoxHappening>) -> Result<(), SessionError> {
        if self.session.view().turn == Whose::Start {
            happenings.extend(self.session.apply(ComputoxAction::Start)?);
        }
        if self.session.view().turn == Whose::Machine {
            happenings.extend(self.session.apply(ComputoxAction::Sweep)?);
        }
        Ok(())
    }

    /// The session stopped before its end (`ending`, after `before`): the one wording
    /// (`You quit; game abandoned.` in a game), then the session's last words.
    fn stopped(&mut self, ending: Ending, before: &str) -> String {
        let in_game = self.session.view().turn != Whose::Over;
        format!("{before}{}\n{}", ending.sentence(in_game), self.farewell())
    }

    fn words(&self, happenings: &[ComputoxHappening]) -> String {
        let v = self.session.view();
        happenings
            .iter()
            .map(|h| describe(h, &v, self.explain))
            .collect()
    }
}

impl Console for ComputoxConsole {
    fn opening(&mut self) -> Result<String, SessionError> {
        if self.circuit() {
            return Ok(circuit::opening(&self.session, self.timing));
        }
        let v = self.session.view();
        let seed = v.seed;
        let mut s = if v.variant == Variant::Autox {
            format!(
                "THE AUTOX (1956; seed {seed}) — lamps show the machine's noughts; you close a \
                 shutter over your square and press START.\nType a square letter (A B C / D E \
                 F / G H J, no I) to close its shutter; R = roll the shutters back and RESET \
                 {QUIT_KEY}.\n\nShutters rolled back, RESET pressed.\n"
            )
        } else {
            let two = v.two_player;
            let mut s = format!(
                "THE COMPUTOX{} — noughts and crosses on relays (seed {seed}).\n\
                 Each square shows its O lamp and X lamp (lit: O / X, dark: .).\n\
                 Press a square letter (A B C / D E F / G H J, no I){}; R = RESET {QUIT_KEY}.\n",
                if two {
                    ": two players, the machine referees"
                } else {
                    ""
                },
                if two {
                    ", optionally after your controller (X B, O C)"
                } else {
                    ""
                }
            );
            // The session is switched on and RESET: that game as if just reset.
            let _ = write!(
                s,
                "\nRESET: game counter {}.",
                v.counter.as_deref().unwrap_or_default()
            );
            if let (true, Some(sal)) = (self.explain && !two, &v.sal) {
                let set = sal.tap.is_some_and(|t| v.mode_switches[usize::from(t - 1)]);
                let _ = write!(
                    s,
                    "\n{}",
                    sal_text(&sal.label, sal.tap.is_some(), set, v.x_relay)
                );
            }
            s.push('\n');
            s
        };
        let mut shown = Vec::new();
        if v.os_relay && v.turn == Whose::Machine {
            shown.push(ComputoxHappening::OsLatched);
        }
        self.press_on(&mut shown)?;
        s.push_str(&self.words(&shown));
        s.push_str(&panel(&self.session.view()));
        Ok(s)
    }

    fn prompt(&self) -> Option<String> {
        let v = self.session.view();
        let autox = v.variant == Variant::Autox;
        Some(
            match v.turn {
                Whose::Over if autox => "Another game? R or Q: ",
                Whose::Over => "Another game? R (RESET) or Q: ",
                Whose::X => "X controller, press a square: ",
                Whose::O => "O controller, press a square: ",
                _ if autox => "Close a shutter: ",
                _ => "Press a square: ",
            }
            .into(),
        )
    }

    fn answer(&mut self, line: &str) -> Result<Reply, SessionError> {
        if self.circuit() {
            let reply = circuit::answer(&mut self.session, line, self.timing)?;
            return Ok(reply.unwrap_or_else(|| Reply::Stop(self.stopped(Ending::Quit, ""))));
        }
        let over = self.session.view().turn == Whose::Over;
        let word = line.trim().to_ascii_uppercase();
        if over && matches!(word.as_str(), "Q" | "QUIT" | "EXIT" | "N" | "NO") {
            // the answer to "Another game?": no game is left unfinished
            return Ok(Reply::Stop(self.farewell()));
        }
        if matches!(word.as_str(), "Q" | "QUIT" | "EXIT") {
            return Ok(Reply::Stop(self.stopped(Ending::Quit, "")));
        }
        let mut happenings = match self
            .session
            .parse_action(line)
            .and_then(|a| self.session.apply(a))
        {
            Ok(h) => h,
            Err(SessionError::Invalid(e)) => {
                return Ok(Reply::Go(format!("  {}\n", with_quit_key(&e))))
            }
            Err(e) => {
                return Ok(Reply::Go(format!(
                    "  {}\n",
                    with_quit_key(&format!("{e}. Nothing changed."))
                )))
            }
        };
        self.press_on(&mut happenings)?;
        let mut s = self.words(&happenings);
        let moved = happenings.iter().any(|h| {
            matches!(
                h,
                ComputoxHappening::Pressed { .. }
                    | ComputoxHappening::Reset { .. }
                    | ComputoxHappening::Claimed { .. }
            )
        });
        if moved {
            s.push_str(&panel(&self.session.view()));
        }
        Ok(Reply::Go(s))
    }

    fn input_ended(&mut self) -> String {
        self.stopped(Ending::after_no_line(), "\n")
    }

    fn farewell(&mut self) -> String {
        let v = self.session.view();
        let t = v.tally;
        if self.circuit() {
            // the same words as the behavioural model's, and the circuit's work
            format!(
                "Session over: game counter {}; {} finished; the machine: {}; {} \
                 simulated.\n",
                v.counter.as_deref().unwrap_or_default(),
                ludomat_io::text::count(u64::from(t.finished), "game", "games"),
                ludomat_io::text::results(u64::from(t.w), u64::from(t.drawn), u64::from(t.l)),
                ludomat_io::text::count(
                    v.relays.map_or(0, |r| r.events),
                    "relay event or uniselector step",
                    "relay events and uniselector steps"
                )
            )
        } else if v.two_player {
            // two people played; the machine only refereed: the results are X's (its L
            // lamp lit for X's lines, its W lamp for O's)
            format!(
                "Session over: game counter {}; {} finished; X: {}.\n",
                v.counter.unwrap_or_default(),
                ludomat_io::text::count(u64::from(t.finished), "game", "games"),
                ludomat_io::text::results(u64::from(t.l), u64::from(t.drawn), u64::from(t.w))
            )
        } else if v.variant == Variant::Autox {
            format!(
                "Session over: {} finished; AUTOX: {}.\n",
                ludomat_io::text::count(u64::from(t.finished), "game", "games"),
                ludomat_io::text::results(u64::from(t.w), u64::from(t.drawn), u64::from(t.l))
            )
        } else {
            format!(
                "Session over: game counter {}; {} finished; the machine: {}.\n",
                v.counter.unwrap_or_default(),
                ludomat_io::text::count(u64::from(t.finished), "game", "games"),
                ludomat_io::text::results(u64::from(t.w), u64::from(t.drawn), u64::from(t.l))
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Tally;
    use ludomat_game::console::transcript;

    /// Options as `ludomat play computox` takes them.
    #[derive(Default)]
    struct PlayArgs {
        machine_first: bool,
        beatable: bool,
        two_player: bool,
        autox: bool,
        explain: bool,
    }

    /// The session's tally and its game counter at the end, and the transcript.
    fn run(args: PlayArgs, script: &str) -> ((Tally, u16), String) {
        let config = ComputoxConfig {
            variant: if args.autox {
                Variant::Autox
            } else {
                Variant::Computox
            },
            machine_first: args.machine_first,
            beatable: args.beatable,
            two_player: args.two_player,
            ..ComputoxConfig::default()
        };
        let mut c = ComputoxConsole::new(config, args.explain).unwrap();
        let out = transcript(&mut c, script).unwrap();
        let v = c.session().view();
        let counter = v.counter.as_deref().and_then(|c| c.parse().ok());
        ((v.tally, counter.unwrap_or(0)), out)
    }

    #[test]
    fn seed_game_with_explain() {
        let args = PlayArgs {
            machine_first: true,
            explain: true,
            ..PlayArgs::default()
        };
        let ((s, counter), out) = run(args, "F\nB\nD\n");
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
        assert_eq!(counter, 1);
    }

    /// A game stopped before its end says so in the one wording, then the session's last
    /// words; between games only the ending.
    #[test]
    fn quit_and_input_ended_are_said_as_every_game_says_them() {
        let (_, out) = run(PlayArgs::default(), "A\nQ\n");
        assert!(
            out.contains("Press a square: You quit; game abandoned.\nSession over"),
            "{out}"
        );
        let (_, out) = run(PlayArgs::default(), "A\n");
        assert!(
            out.contains("Press a square: \nInput ended; game abandoned.\nSession over"),
            "{out}"
        );
        let autox = PlayArgs {
            autox: true,
            ..PlayArgs::default()
        };
        let (_, out) = run(autox, "");
        assert!(
            out.contains("\nInput ended; game abandoned.\nSession over"),
            "{out}"
        );
    }

    #[test]
    fn bad_input_is_refused_and_changes_nothing() {
        let ((s, _), out) = run(PlayArgs::default(), "I\nk\n\nE\nA\nA\nO C\nB\n");
        assert!(out.contains("there is no square I"), "{out}");
        // every refusal names the quit key, one way, as the first lines do
        for refusal in out.lines().filter(|l| l.contains("is not one of")) {
            assert!(refusal.ends_with("(q quits)."), "{refusal}");
        }
        assert!(out.contains("R = RESET (q quits).\n"), "{out}");
        assert!(
            out.contains("'k' is not a square: not one of the square letters"),
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
        let ((s, counter), out) = run(PlayArgs::default(), script);
        assert!(out.contains("game counter 0002"), "{out}");
        assert!(out.contains("game counter 0003"), "{out}");
        assert!(out.contains("the game is over"), "{out}");
        assert_eq!(counter, 3);
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
        let ((s, _), out) = run(args, "A\nJ\nG\nD\nH\n");
        assert_eq!(s.l, 1, "{out}");
        assert!(out.contains("L lamp lit: you have the line"), "{out}");
    }

    #[test]
    fn two_player_refuses_out_of_turn() {
        let args = PlayArgs {
            two_player: true,
            ..PlayArgs::default()
        };
        let ((s, _), out) = run(args, "X A\nX B\nO D\nB\nE\nC\n");
        assert!(
            out.contains("out of turn: the player relay connects only the O buttons"),
            "{out}"
        );
        assert!(out.contains("L lamp lit: X has the line ABC"), "{out}");
        assert_eq!(s.l, 1);
        // the machine refereed: the results are the players', not the machine's
        assert!(out.contains("X: 1 win, 0 draws, 0 losses."), "{out}");
        assert!(!out.contains("the machine:"), "{out}");
    }

    #[test]
    fn autox_session_plays_and_refuses() {
        let args = PlayArgs {
            autox: true,
            explain: true,
            ..PlayArgs::default()
        };
        let ((s, _), out) = run(args, "A\nA\nE\nJ\n");
        assert!(out.contains("lights E"), "{out}");
        assert!(out.contains("square A already holds X"), "{out}");
        assert!(out.contains("square E already holds O"), "{out}");
        assert!(out.contains("#####"), "{out}");
        assert_eq!(s.finished, 0);
    }

    #[test]
    fn plan_prints_table_survey_and_counts() {
        let rows: Vec<String> = plan_rows()
            .into_iter()
            .map(|(head, checks)| format!("{head}{}", checks.join("  ")))
            .collect();
        let out = format!("{}{}", rows.join("\n"), survey().unwrap());
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
            out.contains("unbeatable          human starts    368 wins, 153 draws, 0 losses"),
            "{out}"
        );
        assert!(
            out.contains("unbeatable          machine starts  87 wins, 8 draws, 0 losses"),
            "{out}"
        );
        assert!(
            out.contains("beatable (X relay)  human starts    368 wins, 143 draws, 10 losses"),
            "{out}"
        );
        assert!(
            out.contains("beatable (X relay)  machine starts  87 wins, 8 draws, 0 losses"),
            "{out}"
        );
    }
}
