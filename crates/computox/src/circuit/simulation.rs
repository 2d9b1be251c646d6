//! [`RelayComputox`]: the Computox played on its simulated circuit — buttons pressed,
//! relays operating and releasing, U1 hunting and homing — and what each action did.

use std::fmt;

use ludomat_game::seed;
use ludomat_logic::relay::{RelayError, RelayEvent};
use ludomat_logic::Ternary;
use rand::Rng;

use super::model::{BuildError, Circuit};
use super::netlist::{Netlist, NetlistError};
use super::timing::Timing;
use crate::plan::ContactId;
use crate::{Line, Square, Squares};

/// The Computox's own netlist, as kept in the repository
/// (`crates/computox/circuit/computox.net`).
pub const COMPUTOX_NET: &str = include_str!("../../circuit/computox.net");

/// Ticks RESET is held at least: enough for U1 to home from anywhere (24 steps).
pub const RESET_HOLD: u32 = 30;

/// Why the circuit could not be loaded or run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CircuitError {
    /// The netlist does not parse.
    #[error(transparent)]
    Netlist(#[from] NetlistError),
    /// The netlist is not a Computox.
    #[error(transparent)]
    Build(#[from] BuildError),
    /// The circuit did not settle (e.g. U1 hunting for ever: no check claims a square).
    #[error("the circuit did not come to rest: {0}")]
    Unsettled(#[from] RelayError),
}

/// A button press the circuit did not act on, and why (read off the relays).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The square's X latch is already operated.
    #[error("square {0} already holds X: {0}XA is latched, its T2 changeover has cut the button; nothing operated")]
    HeldByX(Square),
    /// The interlock: the square's O latch has opened the button path.
    #[error("square {0} already holds O: the interlock {0}OA-T4 is open; nothing operated")]
    HeldByO(Square),
    /// W or L is up: the button bus is cut.
    #[error("the game is over ({0} relay operated): the buttons are dead until RESET")]
    Over(&'static str),
    /// The player relay T is operated: the human's buttons are dead.
    #[error("the machine's turn: the player relay T is operated and the buttons are dead")]
    MachinesTurn,
    /// Machine first on a board that is not empty.
    #[error("the machine can only be asked to start on an empty board")]
    NotEmpty,
}

/// What one relay or uniselector did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Happening {
    /// Simulated tick.
    pub tick: u64,
    /// The relay or uniselector.
    pub part: String,
    /// What it did.
    pub change: Change,
}

/// A relay moved or a uniselector stepped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// The armature operated.
    Operated,
    /// The armature released.
    Released,
    /// The armature may be either way.
    Unknown,
    /// A uniselector stepped to this position (`None`: lost).
    Stepped(Option<usize>),
}

impl fmt::Display for Happening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.change {
            Change::Operated => write!(f, "t{} {} operates", self.tick, self.part),
            Change::Released => write!(f, "t{} {} releases", self.tick, self.part),
            Change::Unknown => write!(f, "t{} {} unknown", self.tick, self.part),
            Change::Stepped(Some(p)) => write!(f, "t{} {} steps to {p}", self.tick, self.part),
            Change::Stepped(None) => write!(f, "t{} {} position lost", self.tick, self.part),
        }
    }
}

/// What one action (a press, RESET, machine first) did in the circuit.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Trace {
    /// Every relay movement and uniselector step, in order.
    pub happenings: Vec<Happening>,
    /// Ticks until the circuit came to rest.
    pub ticks: u64,
    /// The human's squares whose `*XA` operated.
    pub x_marks: Squares,
    /// The machine's squares whose `*OA` operated (more than one: a double claim).
    pub claims: Squares,
    /// The U1 contact the wiper stood on when the first claim operated.
    pub contact: Option<ContactId>,
    /// U1 steps taken (out and home).
    pub steps: u32,
    /// Relay operations (armatures moving to operated).
    pub operations: u32,
}

impl Trace {
    /// The square claimed, when exactly one was.
    #[must_use]
    pub fn claim(&self) -> Option<Square> {
        (self.claims.len() == 1)
            .then(|| self.claims.first())
            .flatten()
    }

    /// The relays that operated or released, in order, as `+AOA -T` words.
    #[must_use]
    pub fn relay_words(&self) -> Vec<String> {
        self.happenings
            .iter()
            .filter_map(|h| match h.change {
                Change::Operated => Some(format!("+{}", h.part)),
                Change::Released => Some(format!("-{}", h.part)),
                Change::Unknown => Some(format!("?{}", h.part)),
                Change::Stepped(_) => None,
            })
            .collect()
    }
}

/// The lamps and control relays, read off the circuit. `None`: unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Panel {
    /// Lit O lamps.
    pub o: Squares,
    /// Lit X lamps.
    pub x: Squares,
    /// W lamp.
    pub w: bool,
    /// L lamp.
    pub l: bool,
    /// The bell.
    pub bell: bool,
    /// Lamps in an unknown state (names).
    pub unknown: u32,
}

/// The Computox on its circuit.
#[derive(Debug, Clone)]
pub struct RelayComputox {
    circuit: Circuit,
    rng: seed::Rng,
    secret: bool,
    mode_switches: [bool; 4],
    games: u32,
    events: u64,
    power_on_unknown: u32,
}

impl RelayComputox {
    /// The Computox's own netlist with `timing`, switched on (every relay unknown, U1's
    /// position unknown, SAL where it was left: SAL-N2) and RESET pressed.
    ///
    /// # Errors
    /// Never for the embedded netlist (tested); an edited one may not settle.
    pub fn new(timing: Timing, seed: u64) -> Result<RelayComputox, CircuitError> {
        Self::from_text(COMPUTOX_NET, timing, seed)
    }

    /// A netlist text, parsed, built, switched on and RESET.
    ///
    /// # Errors
    /// The netlist's line and fault; a missing part; a circuit that does not settle.
    pub fn from_text(text: &str, timing: Timing, seed: u64) -> Result<RelayComputox, CircuitError> {
        let netlist = Netlist::parse(text)?;
        Self::from_netlist(&netlist, timing, seed)
    }

    /// A parsed netlist, built, switched on and RESET.
    ///
    /// # Errors
    /// A missing part; a circuit that does not settle.
    pub fn from_netlist(
        netlist: &Netlist,
        timing: Timing,
        seed: u64,
    ) -> Result<RelayComputox, CircuitError> {
        let circuit = Circuit::build(netlist, timing)?;
        let mut m = RelayComputox {
            circuit,
            rng: seed::rng(seed),
            secret: false,
            mode_switches: [false; 4],
            games: 0,
            events: 0,
            power_on_unknown: 0,
        };
        m.settle()?;
        m.power_on_unknown = m.panel().unknown;
        // SAL stands where it was left when the machine was last used: SAL-N2.
        let sal = m.circuit.parts.sal;
        m.circuit.relays.set_position(sal, Some(0));
        m.reset()?;
        Ok(m)
    }

    /// Lamps that were unknown when the machine was switched on, before RESET.
    #[must_use]
    pub fn power_on_unknown_lamps(&self) -> u32 {
        self.power_on_unknown
    }

    /// The circuit.
    #[must_use]
    pub fn circuit(&self) -> &Circuit {
        &self.circuit
    }

    /// Hold (or let go) the secret micro-switch: the X relay energises at once and at
    /// every RESET; the machine is beatable.
    ///
    /// # Errors
    /// A circuit that does not settle.
    pub fn set_secret_switch(&mut self, on: bool) -> Result<Trace, CircuitError> {
        self.secret = on;
        let b = self.circuit.parts.secret;
        self.circuit.relays.set_button(b, on.into());
        self.settle()
    }

    /// Set all four hidden MODE switches (they act through SAL at the next RESET).
    pub fn set_mode_switches(&mut self, on: bool) {
        for i in 0..4 {
            self.set_mode_switch(i, on);
        }
    }

    /// Set MODE switch `i` (0–3, in series with SAL's tap `i`); it acts at the next
    /// RESET. Out of range: nothing.
    pub fn set_mode_switch(&mut self, i: usize, on: bool) {
        if let Some(&b) = self.circuit.parts.mode.get(i) {
            self.mode_switches[i] = on;
            self.circuit.relays.set_button(b, on.into());
        }
    }

    /// The four MODE switches.
    #[must_use]
    pub fn mode_switches(&self) -> [bool; 4] {
        self.mode_switches
    }

    /// SAL's contact, `None` while its position is unknown.
    #[must_use]
    pub fn sal(&self) -> Option<crate::SalContact> {
        let c = &self.circuit;
        let p = c.relays.uniselector_state(c.parts.sal).position()?;
        crate::SalContact::new(u8::try_from(p + 2).ok()?)
    }

    /// RESET: held long enough for U1 to home (and for SAL, spinning meanwhile, to stop
    /// somewhere seeded), then let go.
    ///
    /// # Errors
    /// A circuit that does not settle.
    pub fn reset(&mut self) -> Result<Trace, CircuitError> {
        let r = self.circuit.parts.reset;
        let hold = RESET_HOLD + self.rng.gen_range(0..16);
        let start = self.circuit.relays.now();
        self.circuit.relays.press(r);
        for _ in 0..hold {
            self.circuit.relays.tick()?;
        }
        self.circuit.relays.release(r);
        let mut t = self.settle()?;
        t.ticks = self.circuit.relays.now() - start;
        self.games += 1;
        Ok(t)
    }

    /// Let the circuit come to rest and collect what happened.
    fn settle(&mut self) -> Result<Trace, CircuitError> {
        let start = self.circuit.relays.now();
        self.circuit.relays.settle()?;
        Ok(self.collect(start))
    }

    fn collect(&mut self, start: u64) -> Trace {
        let log = self.circuit.relays.take_log();
        self.events += log.len() as u64;
        let c = &self.circuit;
        let mut t = Trace {
            ticks: c.relays.now().saturating_sub(start),
            ..Trace::default()
        };
        let mut u1_at: Option<usize> = c.relays.uniselector_state(c.parts.u1).position();
        // Walk back: the position before the log's steps is unknown here, so track it
        // forward from the first step seen.
        let mut first_pos = None;
        for e in &log {
            match *e {
                RelayEvent::Armature { tick, relay, to } => {
                    let change = match to {
                        Ternary::True => Change::Operated,
                        Ternary::False => Change::Released,
                        Ternary::Unknown => Change::Unknown,
                    };
                    if to == Ternary::True {
                        t.operations += 1;
                        if let Some(q) = Square::ALL
                            .iter()
                            .find(|q| c.parts.squares[q.index()].oa == relay)
                        {
                            if t.claims.is_empty() {
                                t.contact =
                                    first_pos.and_then(|p: usize| ContactId::new(p as u8 + 1));
                            }
                            t.claims = t.claims.with(*q);
                        }
                        if let Some(q) = Square::ALL
                            .iter()
                            .find(|q| c.parts.squares[q.index()].xa == relay)
                        {
                            t.x_marks = t.x_marks.with(*q);
                        }
                    }
                    t.happenings.push(Happening {
                        tick,
                        part: c.relays.relays()[relay.index()].name.clone(),
                        change,
                    });
                }
                RelayEvent::Stepped {
                    tick,
                    uniselector,
                    to,
                } => {
                    if uniselector == c.parts.u1 {
                        t.steps += 1;
                        first_pos = to;
                        u1_at = to;
                    }
                    t.happenings.push(Happening {
                        tick,
                        part: c.relays.uniselector_state(uniselector).name.clone(),
                        change: Change::Stepped(to),
                    });
                }
            }
        }
        let _ = u1_at;
        t
    }

    fn operated(&self, r: ludomat_logic::relay::RelayId) -> bool {
        self.circuit.relays.armature(r) == Ternary::True
    }

    /// The human's squares (`*XA` operated).
    #[must_use]
    pub fn x_squares(&self) -> Squares {
        Square::ALL
            .iter()
            .filter(|q| self.operated(self.circuit.square(**q).xa))
            .copied()
            .collect()
    }

    /// The machine's squares (`*OA` operated).
    #[must_use]
    pub fn o_squares(&self) -> Squares {
        Square::ALL
            .iter()
            .filter(|q| self.operated(self.circuit.square(**q).oa))
            .copied()
            .collect()
    }

    /// The OS relay: the machine started.
    #[must_use]
    pub fn os(&self) -> bool {
        self.operated(self.circuit.parts.os)
    }

    /// The X relay: beatable.
    #[must_use]
    pub fn x_relay(&self) -> bool {
        self.operated(self.circuit.parts.x)
    }

    /// The player relay T: the machine's turn.
    #[must_use]
    pub fn machines_turn(&self) -> bool {
        self.operated(self.circuit.parts.t)
    }

    /// The game counter: RESETs since power-on (the counter magnet CTR operates on each).
    #[must_use]
    pub fn games(&self) -> u32 {
        self.games
    }

    /// Relay and uniselector events since power-on.
    #[must_use]
    pub fn events(&self) -> u64 {
        self.events
    }

    /// U1's position (0 = U1-N1, home).
    #[must_use]
    pub fn u1_position(&self) -> Option<usize> {
        let c = &self.circuit;
        c.relays.uniselector_state(c.parts.u1).position()
    }

    /// The lamps.
    #[must_use]
    pub fn panel(&self) -> Panel {
        let c = &self.circuit;
        let mut p = Panel::default();
        let mut lit = |l| match c.relays.lamp_state(l) {
            Ternary::True => true,
            Ternary::False => false,
            Ternary::Unknown => {
                p.unknown += 1;
                false
            }
        };
        let mut o = Squares::NONE;
        let mut x = Squares::NONE;
        for q in Square::ALL {
            if lit(c.square(q).o_lamp) {
                o = o.with(q);
            }
            if lit(c.square(q).x_lamp) {
                x = x.with(q);
            }
        }
        let w = lit(c.parts.w_lamp);
        let l = lit(c.parts.l_lamp);
        let bell = lit(c.parts.bell);
        Panel {
            o,
            x,
            w,
            l,
            bell,
            unknown: p.unknown,
        }
    }

    /// The line the W or L relay shows, if any.
    #[must_use]
    pub fn line(&self) -> Option<(bool, Line)> {
        if self.operated(self.circuit.parts.w) {
            Line::completed_in(self.o_squares()).map(|l| (true, l))
        } else if self.operated(self.circuit.parts.l) {
            Line::completed_in(self.x_squares()).map(|l| (false, l))
        } else {
            None
        }
    }

    /// Whether the game is over: W or L up, or every square held.
    #[must_use]
    pub fn over(&self) -> bool {
        self.operated(self.circuit.parts.w)
            || self.operated(self.circuit.parts.l)
            || self.o_squares().union(self.x_squares()) == Squares::ALL
    }

    /// Press a square button (and let go once the circuit is at rest). On the human's
    /// turn the square's `*XA` latches and, unless that ends the game, the player relay
    /// hands over and U1 hunts for the machine's reply: the trace holds both.
    ///
    /// # Errors
    /// [`Refusal`] (as `Ok(Err(_))`) when nothing operated, read off the relays;
    /// [`CircuitError`] when the circuit does not settle.
    pub fn press(&mut self, q: Square) -> Result<Result<Trace, Refusal>, CircuitError> {
        let before = self.x_squares();
        let b = self.circuit.square(q).button;
        let start = self.circuit.relays.now();
        self.circuit.relays.press(b);
        self.circuit.relays.settle()?;
        self.circuit.relays.release(b);
        self.circuit.relays.settle()?;
        let t = self.collect(start);
        if self.x_squares() != before {
            return Ok(Ok(t));
        }
        let p = &self.circuit.parts;
        Ok(Err(if self.operated(p.w) {
            Refusal::Over("W")
        } else if self.operated(p.l) {
            Refusal::Over("L")
        } else if self.operated(self.circuit.square(q).xa) {
            Refusal::HeldByX(q)
        } else if self.operated(self.circuit.square(q).oa) {
            Refusal::HeldByO(q)
        } else {
            Refusal::MachinesTurn
        }))
    }

    /// OS-INP, the machine-first button, on an empty board: OS latches and U1 hunts for
    /// the machine's opening.
    ///
    /// # Errors
    /// [`Refusal::NotEmpty`] (as `Ok(Err(_))`) after the first mark; [`CircuitError`]
    /// when the circuit does not settle.
    pub fn machine_first(&mut self) -> Result<Result<Trace, Refusal>, CircuitError> {
        if !self.o_squares().union(self.x_squares()).is_empty() || self.os() {
            return Ok(Err(Refusal::NotEmpty));
        }
        let b = self.circuit.parts.machine_first;
        let start = self.circuit.relays.now();
        self.circuit.relays.press(b);
        self.circuit.relays.settle()?;
        self.circuit.relays.release(b);
        self.circuit.relays.settle()?;
        Ok(Ok(self.collect(start)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_game_on_relays() {
        let mut m = RelayComputox::new(Timing::IDEAL, 1).unwrap();
        assert_eq!(m.panel().unknown, 0);
        assert_eq!(m.u1_position(), Some(0));
        let t = m.machine_first().unwrap().unwrap();
        assert_eq!(t.claim(), Some(Square::A));
        assert_eq!(t.contact.map(|c| c.number()), Some(19));
        let t = m.press(Square::F).unwrap().unwrap();
        assert_eq!(t.claim(), Some(Square::C));
        let t = m.press(Square::B).unwrap().unwrap();
        assert_eq!(t.claim(), Some(Square::E), "{:?}", t.relay_words());
        assert_eq!(t.contact.map(|c| c.number()), Some(17));
        assert_eq!(t.steps, 25, "out to N17 and on round to home");
        assert_eq!(m.u1_position(), Some(0));
        let r = m.press(Square::B).unwrap().unwrap_err();
        assert_eq!(r, Refusal::HeldByX(Square::B));
        let r = m.press(Square::E).unwrap().unwrap_err();
        assert_eq!(r, Refusal::HeldByO(Square::E));
        m.press(Square::D).unwrap().unwrap();
        assert!(m.over());
        let p = m.panel();
        assert!(p.w && p.bell && !p.l, "{p:?}");
        assert_eq!(m.line().map(|l| l.0), Some(true));
        assert_eq!(m.press(Square::H).unwrap().unwrap_err(), Refusal::Over("W"));
        m.reset().unwrap();
        assert_eq!(m.panel(), Panel::default());
        assert_eq!(
            m.games(),
            2,
            "the counter steps at every RESET, the first included"
        );
    }
}
