//! [`ComputoxSession`]: the Computox (or the AUTOX) as a visitor meets it — the lamp
//! panel, the buttons and switches, and the main uniselector U1 stepping contact by
//! contact — behind the [`ludomat_game::Session`] interface shared by the terminal and
//! the museum.
//!
//! The machine's move is one sweep of U1 (seed 000, "the uniselector … rotates until a
//! move is made by the Computox, and then resets to the known state"). The session lets a
//! renderer take that sweep one contact at a time ([`ComputoxAction::Step`]): each step
//! grounds the next contact, tests every check wired to it, and reports which closed;
//! the first contact on which a check closes latches the machine's nought and the wiper
//! homes. [`ComputoxAction::Sweep`] finishes the sweep at once. Either way the contacts
//! stepped are exactly the contacts the machine's own sweep passes
//! ([`crate::sweep`]); the tests check it for every reachable game.
//!
//! The game flow lives here: whose turn (the player relay), the machine's move being due,
//! RESET (the game counter, SAL and the hidden MODE switches deciding the X relay), the
//! OS / X switches, the AUTOX's shutters and START, and the tally of finished games.

use ludomat_game::{Session, SessionError};
use ludomat_tictactoe::Mark;
use serde::{Deserialize, Serialize};

use crate::check::{Check, Gate};
use crate::error::MachineError;
use crate::machine::{Computox, Players, Settings, Turn, Verdict};
use crate::plan::{Contact, ContactId, ContactPlan};
use crate::uniselector::test_contact;
use crate::{Autox, Square, Squares};

mod circuit;
mod relays;
mod verify_run;
pub use circuit::CircuitTrace;
pub use relays::{Armature, RelayEvent, RelayLamp, RelayTiming, RelaysView, MAX_NETLIST_BYTES};

/// Which model of the machine runs the session: the behavioural one (checks tested as
/// board patterns) or the relay-level circuit (see [`relays`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Model {
    /// Checks as board patterns on the latches ([`crate::Check::matches`]).
    #[default]
    Behavioural,
    /// The simulated circuit ([`crate::circuit::RelayComputox`]): relays operate and
    /// release, U1 hunts; the Computox only, one player. The behavioural model runs
    /// beside it, for U1's contact-by-contact view, and must agree.
    Relays,
    /// The simulated circuit alone (`ludomat play computox --relays`): any netlist, its
    /// own SAL and MODE switches, nothing beside it to agree with. U1 hunts within each
    /// press, so there is nothing to step or sweep.
    Circuit,
}

/// Which machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// The Computox: X and O lamps, W/L lamps, bell, counter, OS and X relays, SAL.
    #[default]
    Computox,
    /// The 1956 AUTOX: lamps for the machine's moves, shutters for the player's, START.
    Autox,
}

/// How a session starts. Every field has a default, so `{}` is a config.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ComputoxConfig {
    /// Decides where SAL stops at each RESET (the only chance in the machine).
    pub seed: u64,
    /// Which model runs the machine.
    pub model: Model,
    /// Computox or AUTOX.
    pub variant: Variant,
    /// The OS switch: the machine starts every game (it opens on A, not E).
    pub machine_first: bool,
    /// The X switch (a "secret" micro-switch held): the X relay comes up at every RESET,
    /// cutting five of the six fork checks, so the machine can be beaten.
    pub beatable: bool,
    /// The four hidden MODE switches in series with SAL's taps: each set one makes about
    /// one game in sixteen beatable, decided by SAL at RESET.
    pub mode_switches: [bool; 4],
    /// Two people on the two controllers; the machine only referees.
    pub two_player: bool,
    /// The circuit's timing, ideal or real (`model: relays` or `circuit`).
    pub timing: RelayTiming,
    /// The circuit's netlist text (`model: relays` or `circuit`; at most
    /// [`MAX_NETLIST_BYTES`]); `None`: the built-in `crates/computox/circuit/computox.net`.
    pub netlist: Option<String>,
}

impl Default for ComputoxConfig {
    fn default() -> Self {
        ComputoxConfig {
            seed: 1,
            model: Model::Behavioural,
            variant: Variant::Computox,
            machine_first: false,
            beatable: false,
            mode_switches: [false; 4],
            two_player: false,
            timing: RelayTiming::Ideal,
            netlist: None,
        }
    }
}

/// A controller: the human's X buttons or the O buttons (two-player mode).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The X controller (the human in one-player mode).
    X,
    /// The O controller (the machine's side; a second person in two-player mode).
    O,
}

impl Side {
    const fn mark(self) -> Mark {
        match self {
            Side::X => Mark::X,
            Side::O => Mark::O,
        }
    }
}

/// What a visitor (or a renderer's timer) can do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ComputoxAction {
    /// Press a square button (`A`–`J`, no `I`); on the AUTOX, close that square's
    /// shutter. `controller` picks the X or O buttons in two-player mode (default: the
    /// side whose turn it is). An occupied square is refused: the interlock holds.
    Press {
        /// The square letter.
        square: char,
        /// Which controller's button (two-player mode).
        #[serde(default)]
        controller: Option<Side>,
    },
    /// Computox: the MACHINE FIRST button (OS-INP) on an empty board. AUTOX: START, the
    /// machine's turn (after closing a shutter, or on an empty board to let it begin).
    Start,
    /// U1 advances one contact and tests the checks wired to it.
    Step,
    /// U1 finishes the current sweep (at most 24 contacts).
    Sweep,
    /// RESET: a new game. Computox: latches release, the counter steps, SAL decides the
    /// X relay. AUTOX: the lamps release and the shutters are rolled back.
    Reset,
    /// The OS switch (machine starts). On an empty board at rest it acts at once,
    /// otherwise from the next RESET.
    SetOs {
        /// Switch position.
        on: bool,
    },
    /// The X switch (a secret micro-switch): on energises the X relay at once and at
    /// every RESET; off lets it release at the next RESET.
    SetX {
        /// Switch position.
        on: bool,
    },
    /// The four hidden MODE switches in series with SAL's taps; they act at RESET.
    SetModeSwitches {
        /// MODE switches 1–4.
        switches: [bool; 4],
    },
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// O (the machine, or the O controller) has a line: the W lamp.
    Won,
    /// X (the human) has a line: the L lamp.
    Lost,
    /// Every square lit and no line.
    Drawn,
}

/// One check on a contact, as the exhibit shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckView {
    /// Short form: `O:AC→B`, `X:AC→B`, `O:E X:AJ→B`, `→E`.
    pub label: String,
    /// What it tests, in a sentence.
    pub tests: String,
    /// The square it would claim.
    pub target: char,
    /// Which relay contact sits in series: `always`, `unless_x`, `unless_os`, `only_os`.
    pub gate: &'static str,
    /// Whether current passes that relay contact now.
    pub gate_open: bool,
    /// Whether the chain closed when the contact was tested (or would now).
    pub closed: bool,
}

/// One contact of U1 tested: the checks on it and which closed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ContactTest {
    /// The contact number, 2–25.
    pub number: u8,
    /// `U1-N17`.
    pub label: String,
    /// Its tactic number, 1–4.
    pub tactic: u8,
    /// Its tactic's name.
    pub tactic_name: &'static str,
    /// The line its checks concern (win and block contacts).
    pub line: Option<String>,
    /// Disconnected in this plan.
    pub cut: bool,
    /// Every check wired to it.
    pub checks: Vec<CheckView>,
    /// The square claimed, when a check closed.
    pub fired: Option<char>,
}

/// One thing that happened, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ComputoxHappening {
    /// RESET pressed.
    Reset {
        /// The game counter after stepping (Computox).
        counter: Option<String>,
        /// Where SAL stopped (Computox).
        sal: Option<String>,
        /// Which of SAL's four taps it rests on (1–4), if any.
        sal_tap: Option<u8>,
        /// Whether that tap's MODE switch is set.
        mode_switch_set: bool,
        /// Whether the X relay is up for this game.
        x_relay: bool,
        /// AUTOX: the shutters were rolled back by hand.
        shutters_rolled_back: bool,
    },
    /// The OS relay latched: the machine starts; its sweep is due.
    OsLatched,
    /// START pressed (AUTOX): the machine's sweep is due.
    StartPressed,
    /// A switch was set.
    SwitchSet {
        /// `os`, `x` or `mode`.
        switch: &'static str,
        /// Its new position, in words.
        position: String,
        /// When it acts.
        note: String,
    },
    /// The X relay energised (X switch).
    XLatched,
    /// A square button pressed: its X (or O) lamp lit; on the AUTOX, a shutter closed.
    Pressed {
        /// Which controller.
        side: Side,
        /// The square.
        square: char,
    },
    /// U1 stepped onto a contact and tested its checks.
    Contact(ContactTest),
    /// A check closed: the machine's `*OA` latch on `square`, its O lamp lit.
    Claimed {
        /// The square.
        square: char,
        /// The contact that fired, `U1-N17`.
        contact: String,
        /// The tactic, 1–4.
        tactic: u8,
        /// Its name.
        tactic_name: &'static str,
        /// The check that closed (short form).
        check: String,
        /// What it tested.
        tests: String,
        /// Contacts stepped in this sweep.
        contacts_stepped: u8,
        /// Other squares energised on the same contact (the relay hazard; never with
        /// the Computox's plan).
        also: Vec<char>,
    },
    /// U1 homed to N1, ready for the next move.
    Homed,
    /// The game ended.
    GameOver {
        /// How.
        outcome: Outcome,
        /// The line made, if any.
        line: Option<String>,
        /// In words.
        text: String,
    },
    /// W-B2 / L-B2 rang the bell.
    Bell,
    /// `model: relays` or `circuit`: a relay operated or released, or a uniselector
    /// stepped, with its simulated time since the button was pressed. A press gives the
    /// button's relays; the machine's move (U1 out, the `*OA` claim, U1 home) comes with
    /// its claim (`model: circuit`: with the press).
    Relay(RelayEvent),
    /// `model: circuit`: what the circuit did for a square button or MACHINE FIRST —
    /// the claim, U1's hunt, the relays in order (its relay events follow).
    Circuit(CircuitTrace),
}

/// Whose turn, as the player relay (and START) say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Whose {
    /// The human's buttons (one player) or shutters (AUTOX).
    Human,
    /// AUTOX: a shutter was closed; START is due.
    Start,
    /// The machine's sweep is due or under way.
    Machine,
    /// Two-player mode: the X controller.
    X,
    /// Two-player mode: the O controller.
    O,
    /// A W/L lamp (or a full board): nothing until RESET.
    Over,
}

/// One square of the panel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SquareView {
    /// The letter.
    pub letter: char,
    /// The O lamp (the machine's nought).
    pub o_lamp: bool,
    /// The X lamp (Computox; the human's cross).
    pub x_lamp: bool,
    /// The shutter closed over it (AUTOX; the player's move).
    pub shutter: bool,
}

/// SAL, the second uniselector.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SalView {
    /// Contact number, 2–17.
    pub position: u8,
    /// `SAL-N04`.
    pub label: String,
    /// Which tap (1–4) it rests on, if any.
    pub tap: Option<u8>,
    /// The tap numbers' contacts, `SAL-N04` …
    pub taps: Vec<String>,
}

/// U1, the main uniselector.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UniselectorView {
    /// Where the wiper rests, 1–25 (1 is home).
    pub position: u8,
    /// `U1-N1` …
    pub label: String,
    /// The number of contacts, 25.
    pub contacts: u8,
    /// At home (between moves).
    pub homed: bool,
    /// A sweep is due or under way (the machine's move).
    pub stepping: bool,
    /// Ratchet steps since power-on.
    pub ratchet_steps: u64,
}

/// The machine's last move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MachineMoveView {
    /// The square lit.
    pub square: char,
    /// The contact that fired.
    pub contact: String,
    /// Tactic 1–4.
    pub tactic: u8,
    /// Its name.
    pub tactic_name: &'static str,
    /// The check that closed.
    pub check: String,
    /// What it tested.
    pub tests: String,
}

/// Games finished this session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Tally {
    /// Games played to the end.
    pub finished: u32,
    /// W lamp: O made a line.
    pub w: u32,
    /// L lamp: X made a line.
    pub l: u32,
    /// Full board, no line.
    pub drawn: u32,
}

/// One contact of the plan for drawing the bank: number, tactic, line, its checks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlanContact {
    /// 2–25.
    pub number: u8,
    /// `U1-N2`.
    pub label: String,
    /// Tactic 1–4.
    pub tactic: u8,
    /// Its name.
    pub tactic_name: &'static str,
    /// The line (win and block contacts).
    pub line: Option<String>,
    /// Its checks (short form).
    pub checks: Vec<String>,
}

/// Everything a visitor could look at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ComputoxView {
    /// Computox or AUTOX.
    pub variant: Variant,
    /// The model running it.
    pub model: Model,
    /// The seed (SAL's stops).
    pub seed: u64,
    /// Two people, the machine refereeing.
    pub two_player: bool,
    /// The nine squares, A B C / D E F / G H J.
    pub squares: Vec<SquareView>,
    /// W lamp (O has a line). Always dark on the AUTOX, which has none.
    pub w_lamp: bool,
    /// L lamp (X has a line).
    pub l_lamp: bool,
    /// Whether the machine has W/L lamps and a bell (not the AUTOX).
    pub has_lamps_and_bell: bool,
    /// Times the bell has rung since power-on.
    pub bells: u64,
    /// The mechanical game counter, `0001` (Computox).
    pub counter: Option<String>,
    /// The OS switch (machine starts).
    pub os_switch: bool,
    /// The OS relay (latched this game).
    pub os_relay: bool,
    /// The X switch (secret micro-switch held).
    pub x_switch: bool,
    /// The X relay (beatable this game).
    pub x_relay: bool,
    /// The four MODE switches.
    pub mode_switches: [bool; 4],
    /// SAL (Computox).
    pub sal: Option<SalView>,
    /// U1.
    pub uniselector: UniselectorView,
    /// The contact last tested (the one under the wiper while stepping), its checks
    /// and which closed.
    pub contact: Option<ContactTest>,
    /// The machine's last move and why.
    pub last_move: Option<MachineMoveView>,
    /// Whose turn.
    pub turn: Whose,
    /// What to do now, in words.
    pub prompt: String,
    /// How the game ended.
    pub outcome: Option<Outcome>,
    /// The line made.
    pub line: Option<String>,
    /// Finished games.
    pub tally: Tally,
    /// U1's contact bank, N2–N25.
    pub plan: Vec<PlanContact>,
    /// `model: relays` or `circuit`: every relay of the circuit, U1 and SAL.
    pub relays: Option<RelaysView>,
    /// `model: circuit`: what the circuit did for the last button (RESET included).
    pub trace: Option<CircuitTrace>,
}

#[derive(Debug, Clone)]
enum Machine {
    Computox(Box<Computox>),
    Autox(Autox),
    /// `model: circuit`.
    Circuit(Box<circuit::Alone>),
}

/// The Computox or the AUTOX in play. See the module docs.
///
/// ```
/// use ludomat_computox::session::{ComputoxAction, ComputoxConfig, ComputoxSession};
/// use ludomat_game::Session;
/// let mut s = ComputoxSession::new(ComputoxConfig { machine_first: true, ..Default::default() })?;
/// s.apply(ComputoxAction::Sweep)?;                       // the machine opens on A
/// s.apply(ComputoxAction::Press { square: 'F', controller: None })?;
/// s.apply(ComputoxAction::Sweep)?;                       // C
/// s.apply(ComputoxAction::Press { square: 'B', controller: None })?;
/// let mut steps = 0;
/// while s.view().uniselector.stepping {
///     s.apply(ComputoxAction::Step)?;
///     steps += 1;
/// }
/// assert_eq!(steps, 16);                                 // N2 … N17: fork prevention
/// assert_eq!(s.view().last_move.map(|m| m.square), Some('E'));
/// # Ok::<(), ludomat_game::SessionError>(())
/// ```
#[derive(Debug, Clone)]
pub struct ComputoxSession {
    config: ComputoxConfig,
    machine: Machine,
    os_switch: bool,
    x_switch: bool,
    /// The machine's sweep is due or under way.
    due: bool,
    /// U1's wiper, 1 (home) – 25.
    wiper: u8,
    contact: Option<ContactTest>,
    last_move: Option<MachineMoveView>,
    tally: Tally,
    /// `model: relays`: the circuit that plays the machine.
    circuit: Option<Box<relays::Wiring>>,
}

/// The most contacts one sweep passes (N2 … N25).
pub const CONTACTS_PER_SWEEP: u8 = 24;

fn refused(e: MachineError) -> SessionError {
    match e {
        MachineError::NoClaim => SessionError::Failed(e.to_string()),
        _ => SessionError::Refused(e.to_string()),
    }
}

fn letters(s: Squares) -> Vec<char> {
    s.iter().map(Square::letter).collect()
}

fn gate_name(g: Gate) -> &'static str {
    match g {
        Gate::Always => "always",
        Gate::UnlessX => "unless_x",
        Gate::UnlessOs => "unless_os",
        Gate::OnlyOs => "only_os",
    }
}

fn check_view(k: &Check, o: Squares, x: Squares, os: bool, xr: bool, cut: bool) -> CheckView {
    CheckView {
        label: k.to_string(),
        tests: k.describe(),
        target: k.target.letter(),
        gate: gate_name(k.gate),
        gate_open: k.gate.passes(os, xr),
        closed: !cut && k.matches(o, x, os, xr),
    }
}

fn outcome_of(v: Verdict) -> (Outcome, Option<String>) {
    match v {
        Verdict::Won(l) => (Outcome::Won, Some(l.to_string())),
        Verdict::Lost(l) => (Outcome::Lost, Some(l.to_string())),
        Verdict::Drawn => (Outcome::Drawn, None),
    }
}

impl ComputoxSession {
    fn plan(&self) -> ContactPlan {
        match &self.machine {
            Machine::Computox(m) => m.settings().plan,
            Machine::Autox(_) | Machine::Circuit(_) => ContactPlan::COMPUTOX,
        }
    }

    /// The latches as the checks see them: O squares, X squares, OS relay, X relay.
    fn inputs(&self) -> (Squares, Squares, bool, bool) {
        match &self.machine {
            Machine::Computox(m) => {
                let r = m.relays();
                (r.oa, r.xa, r.os, r.x)
            }
            Machine::Autox(a) => {
                let empty = a.lamps().union(a.shutters()).is_empty();
                (a.lamps(), a.shutters(), a.os() || empty, false)
            }
            Machine::Circuit(c) => {
                let m = &c.machine;
                (m.o_squares(), m.x_squares(), m.os(), m.x_relay())
            }
        }
    }

    fn verdict(&self) -> Option<Verdict> {
        match &self.machine {
            Machine::Computox(m) => m.verdict(),
            Machine::Autox(a) => a.onlooker(),
            Machine::Circuit(c) => c.verdict(),
        }
    }

    fn two(&self) -> bool {
        self.config.two_player
    }

    fn turn(&self) -> Whose {
        if self.verdict().is_some() {
            return Whose::Over;
        }
        if self.due {
            return Whose::Machine;
        }
        match &self.machine {
            Machine::Computox(m) => match (m.turn(), self.two()) {
                (Turn::Over, _) => Whose::Over,
                (Turn::X, true) => Whose::X,
                (Turn::O, true) => Whose::O,
                (Turn::X, false) => Whose::Human,
                (Turn::O, false) => Whose::Machine,
            },
            Machine::Autox(a) => {
                if a.clone().press_start().is_ok() && !a.lamps().union(a.shutters()).is_empty() {
                    Whose::Start
                } else {
                    Whose::Human
                }
            }
            // The circuit's move is made within the press.
            Machine::Circuit(_) => Whose::Human,
        }
    }

    fn prompt(&self) -> String {
        let autox = matches!(self.machine, Machine::Autox(_));
        match self.turn() {
            Whose::Over => "the game is over: press RESET for a new game".into(),
            Whose::Machine => format!(
                "the machine's move: U1 steps contact by contact (step, or sweep to finish); \
                 the wiper is on U1-N{}",
                self.wiper
            ),
            Whose::Start => "press START for the machine's move".into(),
            Whose::Human if autox => {
                "close a shutter over a square (or START on an empty board)".into()
            }
            Whose::Human => "press a square".into(),
            Whose::X => "X controller, press a square".into(),
            Whose::O => "O controller, press a square".into(),
        }
    }

    /// A game just ended (or not): the happenings and the tally.
    fn settle(&mut self, out: &mut Vec<ComputoxHappening>) {
        let Some(v) = self.verdict() else { return };
        let (outcome, line) = outcome_of(v);
        self.tally.finished += 1;
        match outcome {
            Outcome::Won => self.tally.w += 1,
            Outcome::Lost => self.tally.l += 1,
            Outcome::Drawn => self.tally.drawn += 1,
        }
        self.due = false;
        out.push(ComputoxHappening::GameOver {
            outcome,
            line,
            text: v.to_string(),
        });
        if !matches!(self.machine, Machine::Autox(_)) && outcome != Outcome::Drawn {
            if let Machine::Circuit(c) = &mut self.machine {
                c.bells += 1;
            }
            out.push(ComputoxHappening::Bell);
        }
    }

    fn press(
        &mut self,
        square: char,
        controller: Option<Side>,
        out: &mut Vec<ComputoxHappening>,
    ) -> Result<(), SessionError> {
        let square = Square::from_letter(square.to_ascii_uppercase()).ok_or_else(|| {
            SessionError::Invalid(format!(
                "'{square}' is not one of the square letters A B C D E F G H J (there is no I)"
            ))
        })?;
        if self.due {
            return Err(SessionError::Refused(
                "out of turn: U1 is stepping for the machine's move; step or sweep first".into(),
            ));
        }
        let side = match &mut self.machine {
            Machine::Computox(m) => {
                let mv = match controller {
                    Some(side) => m.press_on(side.mark(), square),
                    None => m.press(square),
                }
                .map_err(refused)?;
                if mv.mark == Mark::X {
                    Side::X
                } else {
                    Side::O
                }
            }
            Machine::Autox(a) => {
                if controller == Some(Side::O) {
                    return Err(SessionError::Refused(
                        "the AUTOX has no buttons for O: its moves are its own".into(),
                    ));
                }
                a.close_shutter(square).map_err(refused)?;
                Side::X
            }
            Machine::Circuit(c) => {
                if controller == Some(Side::O) {
                    return Err(SessionError::Refused(
                        "the circuit has no O buttons: the machine's moves are its own".into(),
                    ));
                }
                let (trace, events) = c.press(square)?;
                out.push(ComputoxHappening::Pressed {
                    side: Side::X,
                    square: square.letter(),
                });
                out.push(ComputoxHappening::Circuit(trace));
                out.extend(events.into_iter().map(ComputoxHappening::Relay));
                self.last_move = None;
                self.contact = None;
                self.settle(out);
                return Ok(());
            }
        };
        out.push(ComputoxHappening::Pressed {
            side,
            square: square.letter(),
        });
        self.last_move = None;
        self.contact = None;
        if let Machine::Computox(m) = &self.machine {
            if m.turn() == Turn::O && !self.two() {
                self.due = true;
            }
        }
        if let Some(c) = &mut self.circuit {
            let events = c.press(square)?;
            out.extend(events.into_iter().map(ComputoxHappening::Relay));
            if c.pending.is_some() != self.due {
                return Err(SessionError::Failed(format!(
                    "the models disagree after {square}: the behavioural machine's move is {}, \
                     the circuit {} a square",
                    if self.due { "due" } else { "not due" },
                    if c.pending.is_some() {
                        "claimed"
                    } else {
                        "claimed no"
                    }
                )));
            }
        }
        self.settle(out);
        Ok(())
    }

    fn start(&mut self, out: &mut Vec<ComputoxHappening>) -> Result<(), SessionError> {
        if self.due {
            return Err(SessionError::Refused(
                "U1 is already stepping for the machine's move".into(),
            ));
        }
        match &mut self.machine {
            Machine::Computox(m) => {
                m.machine_first().map_err(refused)?;
                out.push(ComputoxHappening::OsLatched);
                if let Some(c) = &mut self.circuit {
                    let events = c.machine_first()?;
                    out.extend(events.into_iter().map(ComputoxHappening::Relay));
                    if c.pending.is_none() {
                        return Err(SessionError::Failed(
                            "the circuit's OS latched but U1 claimed no square".into(),
                        ));
                    }
                }
            }
            Machine::Autox(a) => {
                // START is refused (nothing changes) unless a shutter was just closed or
                // the board is empty: try it on a copy.
                a.clone().press_start().map_err(refused)?;
                out.push(ComputoxHappening::StartPressed);
            }
            Machine::Circuit(c) => {
                let (trace, events) = c.machine_first()?;
                out.push(ComputoxHappening::OsLatched);
                out.push(ComputoxHappening::Circuit(trace));
                out.extend(events.into_iter().map(ComputoxHappening::Relay));
                self.settle(out);
                return Ok(());
            }
        }
        self.due = true;
        self.contact = None;
        Ok(())
    }

    /// U1 advances one contact. Returns whether a check fired (the move is made).
    fn step(&mut self, out: &mut Vec<ComputoxHappening>) -> Result<bool, SessionError> {
        if !self.due {
            return Err(SessionError::Refused(
                "U1 is at home: no machine move is due (press a square, or START)".into(),
            ));
        }
        let next = self.wiper + 1;
        let plan = self.plan();
        let (o, x, os, xr) = self.inputs();
        let contact: Option<&Contact> = plan.contacts().iter().find(|c| c.id.number() == next);
        let Some(contact) = contact else {
            return Err(SessionError::Failed(format!(
                "U1 swept every contact without a claim (at U1-N{next}): the machine has no move"
            )));
        };
        let cut = plan.is_cut(contact.id);
        let fired = if cut {
            None
        } else {
            test_contact(contact, o, x, os, xr)
        };
        // model relays: the circuit decides; the behavioural model must agree.
        let circuit_claim = self
            .circuit
            .as_ref()
            .and_then(|c| c.pending.as_ref())
            .filter(|p| p.contact == next)
            .map(|p| p.square);
        if self.circuit.is_some() && circuit_claim != fired.map(|f| f.claim) {
            return Err(SessionError::Failed(format!(
                "the models disagree on U1-N{next}: the circuit claims {}, the behavioural \
                 checks {}",
                circuit_claim.map_or("nothing".into(), |q| q.to_string()),
                fired.map_or("nothing".into(), |f| f.claim.to_string()),
            )));
        }
        let test = ContactTest {
            number: next,
            label: contact.id.to_string(),
            tactic: contact.tactic.number(),
            tactic_name: contact.tactic.name(),
            line: contact.line.map(|l| l.to_string()),
            cut,
            checks: contact
                .checks
                .iter()
                .map(|k| check_view(k, o, x, os, xr, cut))
                .collect(),
            fired: fired.map(|s| s.claim.letter()),
        };
        self.wiper = next;
        self.contact = Some(test.clone());
        out.push(ComputoxHappening::Contact(test));
        let Some(expected) = fired else {
            return Ok(false);
        };
        // The machine's own sweep latches the nought: it passes the same contacts.
        let sweep = match &mut self.machine {
            Machine::Computox(m) => m.sweep().map_err(refused)?.sweep,
            Machine::Autox(a) => Some(a.press_start().map_err(refused)?),
            Machine::Circuit(_) => None,
        };
        let Some(sweep) = sweep.filter(|s| s.contact == expected.contact) else {
            return Err(SessionError::Failed(format!(
                "the machine's sweep did not stop on {} as stepped",
                expected.contact
            )));
        };
        let contacts_stepped = next - 1;
        out.push(ComputoxHappening::Claimed {
            square: sweep.claim.letter(),
            contact: sweep.contact.to_string(),
            tactic: sweep.tactic.number(),
            tactic_name: sweep.tactic.name(),
            check: sweep.check.to_string(),
            tests: sweep.check.describe(),
            contacts_stepped,
            also: letters(Squares::from_mask(
                sweep.claims.mask() & !Squares::one(sweep.claim).mask(),
            )),
        });
        if let Some(p) = self.circuit.as_mut().and_then(|c| c.pending.take()) {
            out.extend(p.events.into_iter().map(ComputoxHappening::Relay));
        }
        self.last_move = Some(MachineMoveView {
            square: sweep.claim.letter(),
            contact: sweep.contact.to_string(),
            tactic: sweep.tactic.number(),
            tactic_name: sweep.tactic.name(),
            check: sweep.check.to_string(),
            tests: sweep.check.describe(),
        });
        self.wiper = ContactId::HOME.number();
        self.due = false;
        out.push(ComputoxHappening::Homed);
        self.settle(out);
        Ok(true)
    }

    fn reset(&mut self, out: &mut Vec<ComputoxHappening>) -> Result<(), SessionError> {
        self.due = false;
        self.wiper = ContactId::HOME.number();
        self.contact = None;
        self.last_move = None;
        match &mut self.machine {
            Machine::Computox(m) => {
                let r = m.reset();
                if self.x_switch {
                    m.press_secret_switch(0).map_err(refused)?;
                }
                if let Some(c) = &mut self.circuit {
                    c.reset(self.x_switch)?;
                    if c.machine.x_relay() != m.relays().x {
                        return Err(SessionError::Failed(
                            "the models disagree after RESET: the X relay".into(),
                        ));
                    }
                }
                let tap = m.sal().tap();
                out.push(ComputoxHappening::Reset {
                    counter: Some(r.counter.to_string()),
                    sal: Some(r.sal.to_string()),
                    sal_tap: tap.and_then(|t| u8::try_from(t + 1).ok()),
                    mode_switch_set: tap.is_some_and(|t| m.mode_switches()[t]),
                    x_relay: m.relays().x,
                    shutters_rolled_back: false,
                });
            }
            Machine::Circuit(c) => {
                c.reset(self.x_switch)?;
                let m = &c.machine;
                let sal = m.sal();
                let tap = sal.and_then(|p| crate::SAL_TAPS.iter().position(|t| *t == p));
                out.push(ComputoxHappening::Reset {
                    counter: Some(c.counter()),
                    sal: sal.map(|p| p.to_string()),
                    sal_tap: tap.and_then(|t| u8::try_from(t + 1).ok()),
                    mode_switch_set: tap.is_some_and(|t| m.mode_switches()[t]),
                    x_relay: m.x_relay(),
                    shutters_rolled_back: false,
                });
            }
            Machine::Autox(a) => {
                a.reset();
                a.roll_back_shutters();
                out.push(ComputoxHappening::Reset {
                    counter: None,
                    sal: None,
                    sal_tap: None,
                    mode_switch_set: false,
                    x_relay: false,
                    shutters_rolled_back: true,
                });
            }
        }
        if self.os_switch {
            self.start(out)?;
        }
        Ok(())
    }

    fn set_os(&mut self, on: bool, out: &mut Vec<ComputoxHappening>) -> Result<(), SessionError> {
        if self.two() {
            return Err(SessionError::Refused(
                "in two-player mode the machine does not play: there is no OS switch".into(),
            ));
        }
        self.os_switch = on;
        let (o, x, _, _) = self.inputs();
        let at_once = on && !self.due && o.union(x).is_empty() && self.verdict().is_none();
        out.push(ComputoxHappening::SwitchSet {
            switch: "os",
            position: if on { "machine first" } else { "human first" }.into(),
            note: if at_once {
                "the board is empty: the machine starts now".into()
            } else {
                "acts from the next RESET".into()
            },
        });
        if at_once {
            self.start(out)?;
        }
        Ok(())
    }

    fn set_x(&mut self, on: bool, out: &mut Vec<ComputoxHappening>) -> Result<(), SessionError> {
        if let Machine::Circuit(c) = &mut self.machine {
            self.x_switch = on;
            c.machine
                .set_secret_switch(on)
                .map_err(|e| SessionError::Failed(format!("the relay circuit: {e}")))?;
            out.push(ComputoxHappening::SwitchSet {
                switch: "x",
                position: if on { "beatable" } else { "unbeatable" }.into(),
                note: if on {
                    "the X relay energises and latches: five fork checks are cut".into()
                } else {
                    "the X relay stays latched until RESET".into()
                },
            });
            if on && c.machine.x_relay() {
                out.push(ComputoxHappening::XLatched);
            }
            return Ok(());
        }
        let Machine::Computox(m) = &mut self.machine else {
            return Err(SessionError::Refused(
                "the AUTOX has no X relay: it cannot be made beatable".into(),
            ));
        };
        if self.config.two_player {
            return Err(SessionError::Refused(
                "in two-player mode the machine does not play: the X relay has no effect".into(),
            ));
        }
        if self.due {
            return Err(SessionError::Refused(
                "U1 is stepping: set the switch when it has homed".into(),
            ));
        }
        self.x_switch = on;
        if on {
            m.press_secret_switch(0).map_err(refused)?;
        }
        if let Some(c) = &mut self.circuit {
            c.machine
                .set_secret_switch(on)
                .map_err(|e| SessionError::Failed(format!("the relay circuit: {e}")))?;
        }
        out.push(ComputoxHappening::SwitchSet {
            switch: "x",
            position: if on { "beatable" } else { "unbeatable" }.into(),
            note: if on {
                "the X relay energises and latches: five fork checks are cut".into()
            } else {
                "the X relay stays latched until RESET".into()
            },
        });
        if on {
            out.push(ComputoxHappening::XLatched);
        }
        Ok(())
    }

    fn set_mode(
        &mut self,
        switches: [bool; 4],
        out: &mut Vec<ComputoxHappening>,
    ) -> Result<(), SessionError> {
        if let Machine::Circuit(c) = &mut self.machine {
            for (i, on) in switches.iter().enumerate() {
                c.machine.set_mode_switch(i, *on);
            }
            out.push(ComputoxHappening::SwitchSet {
                switch: "mode",
                position: switches
                    .iter()
                    .map(|s| if *s { '1' } else { '0' })
                    .collect(),
                note: "SAL decides the X relay at the next RESET".into(),
            });
            return Ok(());
        }
        let Machine::Computox(m) = &mut self.machine else {
            return Err(SessionError::Refused(
                "the AUTOX has no SAL and no MODE switches".into(),
            ));
        };
        if self.config.two_player {
            return Err(SessionError::Refused(
                "in two-player mode the machine does not play: SAL has no effect".into(),
            ));
        }
        if self.circuit.is_some() {
            return Err(SessionError::Refused(
                "model relays: the circuit's MODE switches are not played by the session \
                 (its SAL stops independently of the behavioural one); use model behavioural"
                    .into(),
            ));
        }
        for (i, on) in switches.iter().enumerate() {
            m.set_mode_switch(i, *on).map_err(refused)?;
        }
        out.push(ComputoxHappening::SwitchSet {
            switch: "mode",
            position: switches
                .iter()
                .map(|s| if *s { '1' } else { '0' })
                .collect(),
            note: "SAL decides the X relay at the next RESET".into(),
        });
        Ok(())
    }
}

fn validate(c: &ComputoxConfig) -> Result<(), SessionError> {
    if c.model == Model::Behavioural && c.netlist.is_some() {
        return Err(SessionError::Invalid(
            "a netlist is for model relays or circuit (the behavioural model has none)".into(),
        ));
    }
    if c.model == Model::Circuit && (c.variant == Variant::Autox || c.two_player) {
        return Err(SessionError::Invalid(
            "model circuit: the netlist is the Computox's one-player circuit: not with \
             variant autox or two_player"
                .into(),
        ));
    }
    if c.model == Model::Relays {
        if c.variant == Variant::Autox {
            return Err(SessionError::Invalid(
                "model relays with variant autox: the circuit is the Computox's; the AUTOX \
                 has no netlist (use model behavioural)"
                    .into(),
            ));
        }
        if c.two_player {
            return Err(SessionError::Invalid(
                "model relays with two_player: the circuit has no second controller (no O \
                 buttons); use model behavioural"
                    .into(),
            ));
        }
        if c.mode_switches.contains(&true) {
            return Err(SessionError::Invalid(
                "model relays with mode_switches: the session does not play the circuit's \
                 MODE switches (its SAL stops independently); use model behavioural"
                    .into(),
            ));
        }
    } else if c.model == Model::Behavioural && c.timing != RelayTiming::Ideal {
        return Err(SessionError::Invalid(
            "timing applies to model relays only (the behavioural model has no relay delays)"
                .into(),
        ));
    }
    if c.variant == Variant::Autox
        && (c.beatable || c.mode_switches.contains(&true) || c.two_player)
    {
        return Err(SessionError::Invalid(
            "the AUTOX has one uniselector and no X relay, SAL or second controller: \
             variant autox cannot be combined with beatable, mode_switches or two_player"
                .into(),
        ));
    }
    if c.two_player && (c.machine_first || c.beatable || c.mode_switches.contains(&true)) {
        return Err(SessionError::Invalid(
            "two_player: the machine only referees, so machine_first, beatable and \
             mode_switches do not apply"
                .into(),
        ));
    }
    Ok(())
}

impl Session for ComputoxSession {
    type Config = ComputoxConfig;
    type Action = ComputoxAction;
    type View = ComputoxView;
    type Happening = ComputoxHappening;
    const KIND: &'static str = "computox";

    fn new(config: ComputoxConfig) -> Result<Self, SessionError> {
        validate(&config)?;
        let config_model_relays = config.model == Model::Relays;
        let machine = match config.variant {
            Variant::Computox if config.model == Model::Circuit => {
                let mut c =
                    circuit::Alone::new(config.netlist.as_deref(), config.timing, config.seed)?;
                for (i, on) in config.mode_switches.iter().enumerate() {
                    c.machine.set_mode_switch(i, *on);
                }
                Machine::Circuit(Box::new(c))
            }
            Variant::Computox => Machine::Computox(Box::new(Computox::new(
                Settings {
                    players: if config.two_player {
                        Players::Two
                    } else {
                        Players::One
                    },
                    mode_switches: config.mode_switches,
                    ..Settings::UNBEATABLE
                },
                config.seed,
            ))),
            Variant::Autox => Machine::Autox(Autox::new()),
        };
        let mut s = ComputoxSession {
            os_switch: config.machine_first,
            x_switch: config.beatable,
            config,
            machine,
            due: false,
            wiper: ContactId::HOME.number(),
            contact: None,
            last_move: None,
            tally: Tally::default(),
            circuit: None,
        };
        if config_model_relays {
            s.circuit = Some(Box::new(relays::Wiring::new(
                s.config.netlist.as_deref(),
                s.config.timing,
                s.config.seed,
            )?));
        }
        if let Machine::Circuit(c) = &mut s.machine {
            // The circuit was switched on and RESET when it was built (counter 0001); the
            // switches act from now: the secret one at once, the MODE ones at RESET.
            if s.x_switch {
                c.machine
                    .set_secret_switch(true)
                    .map_err(|e| SessionError::Invalid(format!("the relay circuit: {e}")))?;
            }
            if s.os_switch {
                s.start(&mut Vec::new())?;
            }
            return Ok(s);
        }
        // Switched on and RESET pressed: the first game is ready.
        s.reset(&mut Vec::new())?;
        Ok(s)
    }

    fn config(&self) -> &ComputoxConfig {
        &self.config
    }

    fn apply(&mut self, action: ComputoxAction) -> Result<Vec<ComputoxHappening>, SessionError> {
        // Work on a copy, so a refusal anywhere leaves the session as it was.
        let mut next = self.clone();
        let mut out = Vec::new();
        match action {
            ComputoxAction::Press { square, controller } => {
                next.press(square, controller, &mut out)?;
            }
            ComputoxAction::Start => next.start(&mut out)?,
            ComputoxAction::Step => {
                next.step(&mut out)?;
            }
            ComputoxAction::Sweep => {
                if !next.due {
                    return Err(SessionError::Refused(
                        "U1 is at home: no machine move is due (press a square, or START)".into(),
                    ));
                }
                let mut steps = 0;
                while !next.step(&mut out)? {
                    steps += 1;
                    if steps > CONTACTS_PER_SWEEP {
                        return Err(SessionError::Failed("U1 went round without a claim".into()));
                    }
                }
            }
            ComputoxAction::Reset => next.reset(&mut out)?,
            ComputoxAction::SetOs { on } => next.set_os(on, &mut out)?,
            ComputoxAction::SetX { on } => next.set_x(on, &mut out)?,
            ComputoxAction::SetModeSwitches { switches } => next.set_mode(switches, &mut out)?,
        }
        *self = next;
        Ok(out)
    }

    fn view(&self) -> ComputoxView {
        let (o, x, _, _) = self.inputs();
        let autox = matches!(self.machine, Machine::Autox(_));
        let squares = Square::ALL
            .iter()
            .map(|s| SquareView {
                letter: s.letter(),
                o_lamp: o.contains(*s),
                x_lamp: !autox && x.contains(*s),
                shutter: autox && x.contains(*s),
            })
            .collect();
        let verdict = self.verdict();
        let (outcome, line) = verdict.map(outcome_of).unzip();
        let plan = self
            .plan()
            .contacts()
            .iter()
            .map(|c| PlanContact {
                number: c.id.number(),
                label: c.id.to_string(),
                tactic: c.tactic.number(),
                tactic_name: c.tactic.name(),
                line: c.line.map(|l| l.to_string()),
                checks: c.checks.iter().map(ToString::to_string).collect(),
            })
            .collect();
        let (w, l, bells, counter, os_relay, x_relay, sal, ratchet) = match &self.machine {
            Machine::Computox(m) => {
                let r = m.relays();
                let sal = m.sal();
                (
                    r.w,
                    r.l,
                    m.bells(),
                    Some(m.counter().to_string()),
                    r.os,
                    r.x,
                    Some(SalView {
                        position: sal.position().number(),
                        label: sal.position().to_string(),
                        tap: sal.tap().and_then(|t| u8::try_from(t + 1).ok()),
                        taps: crate::SAL_TAPS.iter().map(ToString::to_string).collect(),
                    }),
                    m.u1().steps(),
                )
            }
            Machine::Autox(a) => (false, false, 0, None, a.os(), false, None, a.u1().steps()),
            Machine::Circuit(c) => {
                let m = &c.machine;
                let p = m.panel();
                let sal = m.sal().map(|at| SalView {
                    position: at.number(),
                    label: at.to_string(),
                    tap: crate::SAL_TAPS
                        .iter()
                        .position(|t| *t == at)
                        .and_then(|t| u8::try_from(t + 1).ok()),
                    taps: crate::SAL_TAPS.iter().map(ToString::to_string).collect(),
                });
                (
                    p.w,
                    p.l,
                    c.bells,
                    Some(c.counter()),
                    m.os(),
                    m.x_relay(),
                    sal,
                    0,
                )
            }
        };
        let mode_switches = match &self.machine {
            Machine::Computox(m) => m.mode_switches(),
            Machine::Autox(_) => [false; 4],
            Machine::Circuit(c) => c.machine.mode_switches(),
        };
        ComputoxView {
            variant: self.config.variant,
            model: self.config.model,
            seed: self.config.seed,
            two_player: self.config.two_player,
            squares,
            w_lamp: w,
            l_lamp: l,
            has_lamps_and_bell: !autox,
            bells,
            counter,
            os_switch: self.os_switch,
            os_relay,
            x_switch: self.x_switch,
            x_relay,
            mode_switches,
            sal,
            uniselector: UniselectorView {
                position: self.wiper,
                label: format!("U1-N{}", self.wiper),
                contacts: 25,
                homed: self.wiper == ContactId::HOME.number(),
                stepping: self.due,
                ratchet_steps: ratchet + u64::from(self.wiper - 1),
            },
            contact: self.contact.clone(),
            last_move: self.last_move.clone(),
            turn: self.turn(),
            prompt: self.prompt(),
            outcome,
            line: line.flatten(),
            tally: self.tally,
            plan,
            relays: match &self.machine {
                Machine::Circuit(c) => Some(relays::view(&c.machine, c.timing)),
                _ => self.circuit.as_ref().map(|c| c.view()),
            },
            trace: match &self.machine {
                Machine::Circuit(c) => c.last.clone(),
                _ => None,
            },
        }
    }

    /// A square letter (`E`), optionally after the controller (`X B`, `o:c`); `step`,
    /// `sweep`, `start` (also `first`), `R`/`reset` (also `Y` when the game is over),
    /// `os on|off`, `x on|off`, `mode on|off|1010`.
    /// `verify`: the relay circuit of this session's netlist (the built-in one unless
    /// the config gives another) and timing checked against the behavioural model over
    /// every position, with the hazard report — `ludomat computox verify` as a run.
    fn long_run(
        &self,
        name: &str,
        params: &serde_json::Value,
    ) -> Result<Box<dyn ludomat_game::LongRun>, SessionError> {
        if !(params.is_null() || params.as_object().is_some_and(serde_json::Map::is_empty)) {
            return Err(SessionError::Invalid(
                "verify takes no settings (it checks the session's netlist and timing)".into(),
            ));
        }
        if name != "verify" {
            return Err(SessionError::Invalid(format!(
                "computox has one long run, 'verify' (not {})",
                ludomat_io::text::quoted(name, 60)
            )));
        }
        let text = self
            .config
            .netlist
            .as_deref()
            .unwrap_or(crate::circuit::COMPUTOX_NET);
        let netlist = crate::circuit::Netlist::parse(text)
            .map_err(|e| SessionError::Invalid(format!("verify: the netlist: {e}")))?;
        Ok(Box::new(verify_run::VerifyRun {
            netlist,
            timing: self.config.timing.timing(),
        }))
    }

    fn parse_action(&self, line: &str) -> Result<ComputoxAction, SessionError> {
        let t = line.trim().to_ascii_uppercase();
        let over = self.turn() == Whose::Over;
        let words: Vec<&str> = t.split_whitespace().collect();
        let on_off = |w: &str| match w {
            "ON" | "1" | "UP" => Some(true),
            "OFF" | "0" | "DOWN" => Some(false),
            _ => None,
        };
        match words.as_slice() {
            [] if over => {
                return Err(SessionError::Invalid(
                    "nothing was typed; R for another game (q quits).".into(),
                ))
            }
            [] => {
                return Err(SessionError::Invalid(
                    "nothing was typed; press a square letter A–J (no I)".into(),
                ))
            }
            ["R" | "RESET"] => return Ok(ComputoxAction::Reset),
            ["Y" | "YES"] if over => return Ok(ComputoxAction::Reset),
            ["STEP" | "S"] => return Ok(ComputoxAction::Step),
            ["SWEEP"] => return Ok(ComputoxAction::Sweep),
            ["START" | "FIRST" | "GO"] => return Ok(ComputoxAction::Start),
            ["OS", w] => {
                if let Some(on) = on_off(w) {
                    return Ok(ComputoxAction::SetOs { on });
                }
            }
            ["X", w] if on_off(w).is_some() => {
                if let Some(on) = on_off(w) {
                    return Ok(ComputoxAction::SetX { on });
                }
            }
            ["MODE", w] => {
                if let Some(on) = on_off(w) {
                    return Ok(ComputoxAction::SetModeSwitches { switches: [on; 4] });
                }
                let bits: Vec<bool> = w.chars().map(|c| c == '1').collect();
                if w.len() == 4 && w.chars().all(|c| c == '0' || c == '1') {
                    return Ok(ComputoxAction::SetModeSwitches {
                        switches: [bits[0], bits[1], bits[2], bits[3]],
                    });
                }
                return Err(SessionError::Invalid(format!(
                    "mode {w}: expected on, off or four digits 0/1 (one per MODE switch)"
                )));
            }
            _ => {}
        }
        // the square is read from the line as typed (the notation ignores case), so a
        // refusal quotes what was typed, not an upper-cased copy of it
        let typed = line.trim();
        let (controller, rest) = match t.chars().next() {
            Some(c @ ('X' | 'O')) if t.len() > 1 => {
                let side = if c == 'X' { Side::X } else { Side::O };
                (Some(side), typed[1..].trim_start_matches([' ', ':', '-']))
            }
            _ => (None, typed),
        };
        let cell = ludomat_tictactoe::Notation::Computox
            .parse(rest)
            .map_err(|e| SessionError::Invalid(e.to_string()))?;
        Ok(ComputoxAction::Press {
            square: Square::from_cell(cell).letter(),
            controller,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_tests_one_contact() {
        let mut s = ComputoxSession::new(ComputoxConfig::default()).unwrap();
        s.apply(ComputoxAction::Press {
            square: 'A',
            controller: None,
        })
        .unwrap();
        let h = s.apply(ComputoxAction::Step).unwrap();
        assert!(matches!(&h[..], [ComputoxHappening::Contact(c)] if c.number == 2));
        assert_eq!(s.view().uniselector.position, 2);
        let h = s.apply(ComputoxAction::Sweep).unwrap();
        // N3 … N18 (E: the first good square).
        let contacts = h
            .iter()
            .filter(|h| matches!(h, ComputoxHappening::Contact(_)))
            .count();
        assert_eq!(contacts, 16);
        assert_eq!(s.view().last_move.map(|m| m.square), Some('E'));
        assert!(s.view().uniselector.homed);
    }
}
