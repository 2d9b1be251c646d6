//! `model: circuit`: the Computox as its simulated circuit alone — the terminal's
//! `ludomat play computox --relays`. The netlist is the machine: the built-in one or an
//! edited copy (`netlist` in the config), with its own SAL and MODE switches; there is no
//! behavioural model beside it to agree with, so an edited wire plays as wired.
//!
//! A button press lets the circuit come to rest: the square's `*XA` latches and, unless
//! that ends the game, the player relay hands over and U1 hunts, claims and homes — all
//! within the press. What the circuit did is a [`CircuitTrace`].

use ludomat_game::SessionError;
use serde::Serialize;

use super::relays::{parse_netlist, relay_events, RelayEvent, RelayTiming};
use crate::circuit::{Change, RelayComputox, Trace};
use crate::machine::Verdict;
use crate::{Square, Squares};

/// What the circuit did for one button (a square, MACHINE FIRST, RESET), as the
/// terminal prints it: the machine's claim, U1's hunt, the relays in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CircuitTrace {
    /// The square claimed, when exactly one `*OA` relay operated.
    pub claim: Option<char>,
    /// Every square whose `*OA` relay operated (two or more: a hazard).
    pub claims: Vec<char>,
    /// The U1 contact the wiper stood on when the claim closed (`U1-N17`).
    pub contact: Option<String>,
    /// U1 steps, out and home.
    pub steps: u32,
    /// Relays that operated (`+AOA`), released (`-T`) or went unknown (`?X`), in order,
    /// without the interrupters DM and DS.
    pub relays: Vec<String>,
    /// Relay operations (armatures pulling in), the interrupters' included.
    pub operations: u32,
    /// Times the interrupter DM (or DS) buzzed.
    pub buzzes: u32,
    /// Simulated ticks until the circuit came to rest.
    pub ticks: u64,
    /// The same in whole milliseconds (0 with ideal timing, which has no real time;
    /// exactly: [`RelayTiming::timing`]`.ms(ticks)`).
    pub ms: u64,
}

impl CircuitTrace {
    fn of(t: &Trace, timing: RelayTiming) -> CircuitTrace {
        let interrupter = |part: &str| part == "DM" || part == "DS";
        let interrupter_word = |w: &String| w.ends_with("DM") || w.ends_with("DS");
        CircuitTrace {
            claim: t.claim().map(Square::letter),
            claims: t.claims.iter().map(Square::letter).collect(),
            contact: t.contact.map(|c| c.to_string()),
            steps: t.steps,
            relays: t
                .relay_words()
                .into_iter()
                .filter(|w| !interrupter_word(w))
                .collect(),
            operations: t.operations,
            buzzes: t
                .happenings
                .iter()
                .filter(|h| interrupter(&h.part) && h.change == Change::Operated)
                .count() as u32,
            ticks: t.ticks,
            ms: match timing {
                RelayTiming::Ideal => 0,
                RelayTiming::Real => timing.timing().ms(t.ticks).round() as u64,
            },
        }
    }
}

/// The circuit that is the machine, and what the session keeps beside it.
#[derive(Debug, Clone)]
pub(super) struct Alone {
    pub machine: RelayComputox,
    pub timing: RelayTiming,
    /// Times the bell rang.
    pub bells: u64,
    /// What the circuit did last.
    pub last: Option<CircuitTrace>,
}

fn failed(e: impl std::fmt::Display) -> SessionError {
    SessionError::Failed(format!("the relay circuit: {e}"))
}

impl Alone {
    /// The circuit switched on and RESET (the game counter at 0001).
    pub fn new(text: Option<&str>, timing: RelayTiming, seed: u64) -> Result<Alone, SessionError> {
        let machine = match text {
            Some(text) => RelayComputox::from_netlist(&parse_netlist(text)?, timing.timing(), seed),
            None => RelayComputox::new(timing.timing(), seed),
        }
        .map_err(|e| SessionError::Invalid(format!("the relay circuit: {e}")))?;
        Ok(Alone {
            machine,
            timing,
            bells: 0,
            last: None,
        })
    }

    /// Keep `t` as the last trace; its relay events, timed from the button.
    fn traced(&mut self, t: &Trace) -> (CircuitTrace, Vec<RelayEvent>) {
        let trace = CircuitTrace::of(t, self.timing);
        self.last = Some(trace.clone());
        (trace, relay_events(&self.machine, self.timing, t))
    }

    /// A square button.
    pub fn press(&mut self, q: Square) -> Result<(CircuitTrace, Vec<RelayEvent>), SessionError> {
        match self.machine.press(q).map_err(failed)? {
            Ok(t) => Ok(self.traced(&t)),
            Err(refusal) => Err(SessionError::Refused(refusal.to_string())),
        }
    }

    /// MACHINE FIRST (OS-INP).
    pub fn machine_first(&mut self) -> Result<(CircuitTrace, Vec<RelayEvent>), SessionError> {
        match self.machine.machine_first().map_err(failed)? {
            Ok(t) => Ok(self.traced(&t)),
            Err(refusal) => Err(SessionError::Refused(refusal.to_string())),
        }
    }

    /// RESET, the secret switch held or not.
    pub fn reset(&mut self, secret: bool) -> Result<(), SessionError> {
        self.machine.set_secret_switch(secret).map_err(failed)?;
        let t = self.machine.reset().map_err(failed)?;
        self.last = Some(CircuitTrace::of(&t, self.timing));
        Ok(())
    }

    /// The lamps' verdict: W or L up (with the line), or a full board.
    pub fn verdict(&self) -> Option<Verdict> {
        let m = &self.machine;
        match m.line() {
            Some((true, l)) => Some(Verdict::Won(l)),
            Some((false, l)) => Some(Verdict::Lost(l)),
            None if m.o_squares().union(m.x_squares()) == Squares::ALL => Some(Verdict::Drawn),
            None => None,
        }
    }

    /// The game counter, `0001`.
    pub fn counter(&self) -> String {
        format!("{:04}", self.machine.games())
    }
}
