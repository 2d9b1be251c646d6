//! The session's relay-level model (`model: relays`): the machine played on its simulated
//! circuit ([`RelayComputox`], the netlist `crates/computox/circuit/computox.net`), and
//! what the exhibit shows of it — every relay operated, released or unknown, U1 and SAL,
//! and each relay movement of a move with its simulated time.
//!
//! The circuit decides the machine's move: the square whose `*OA` relay operates and the
//! U1 contact the wiper stood on. The behavioural model is kept in step beside it (for
//! the check views, the counter, SAL) and must agree, or the session fails saying where.

use ludomat_game::SessionError;
use serde::{Deserialize, Serialize};

use crate::circuit::{Change, Netlist, RelayComputox, Timing, Trace};
use crate::Square;

/// The largest netlist text a session takes (bytes).
pub const MAX_NETLIST_BYTES: usize = 1 << 20;

/// How long the circuit's relays take (`timing` in the config; `model: relays` only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RelayTiming {
    /// Logic only: relays move within the tick they are energised, U1 steps once a tick
    /// ([`Timing::IDEAL`]).
    #[default]
    Ideal,
    /// Type 3000 relays (15 ms in, 10 ms out) and a 20 steps/s uniselector, 5 ms ticks
    /// ([`Timing::REAL`]).
    Real,
}

impl RelayTiming {
    /// The circuit timing.
    #[must_use]
    pub const fn timing(self) -> Timing {
        match self {
            RelayTiming::Ideal => Timing::IDEAL,
            RelayTiming::Real => Timing::REAL,
        }
    }
}

/// A relay's armature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Armature {
    /// Operated (coil energised, pulled in).
    Operated,
    /// Released.
    Released,
    /// Either (just switched on, before RESET has settled it).
    Unknown,
}

/// One relay of the circuit, as the panel shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RelayLamp {
    /// The machine's designation: `AXA`, `T`, `OS`, `CTR` …
    pub name: String,
    /// Its armature now.
    pub state: Armature,
}

/// The circuit, as the exhibit's relays panel shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RelaysView {
    /// The timing the circuit runs with.
    pub timing: RelayTiming,
    /// Milliseconds per simulated tick.
    pub tick_ms: u32,
    /// Every relay, in netlist order.
    pub relays: Vec<RelayLamp>,
    /// U1's wiper, 1 (home) – 25; `None` if its position is unknown.
    pub u1: Option<u8>,
    /// SAL's wiper, 1–17.
    pub sal: Option<u8>,
    /// Simulated ticks since power-on.
    pub now: u64,
    /// Relay and uniselector events since power-on.
    pub events: u64,
}

/// One relay movement or uniselector step, with its simulated time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RelayEvent {
    /// Ticks since the button was pressed.
    pub tick: u64,
    /// The same in milliseconds (the timing's tick length).
    pub ms: u64,
    /// The relay or uniselector.
    pub part: String,
    /// `operated`, `released`, `unknown` or `stepped`.
    pub change: &'static str,
    /// Where a uniselector stepped to (1-based contact), `None` for relays or lost.
    pub position: Option<u8>,
}

/// The machine's move the circuit has made, still to be shown stepping.
#[derive(Debug, Clone)]
pub(super) struct PendingMove {
    /// The U1 contact (2–25) on which the `*OA` relay operated.
    pub contact: u8,
    /// The square claimed.
    pub square: Square,
    /// The relay events of the move (U1 out, the claim, U1 home).
    pub events: Vec<RelayEvent>,
}

/// The circuit beside the session.
#[derive(Debug, Clone)]
pub(super) struct Wiring {
    pub machine: RelayComputox,
    pub timing: RelayTiming,
    pub pending: Option<PendingMove>,
}

/// Parse a netlist text a visitor gave, bounded.
pub(super) fn parse_netlist(text: &str) -> Result<Netlist, SessionError> {
    if text.len() > MAX_NETLIST_BYTES {
        return Err(SessionError::Invalid(format!(
            "the netlist is {} bytes; at most {MAX_NETLIST_BYTES}",
            text.len()
        )));
    }
    Netlist::parse(text).map_err(|e| SessionError::Invalid(format!("netlist: {e}")))
}

/// A trace's relay movements and uniselector steps, timed from the start of the action
/// (the circuit came to rest at `machine`'s present tick).
pub(super) fn relay_events(
    machine: &RelayComputox,
    timing: RelayTiming,
    t: &Trace,
) -> Vec<RelayEvent> {
    let now = machine.circuit().relays.now();
    let t0 = now.saturating_sub(t.ticks);
    let timing = timing.timing();
    t.happenings
        .iter()
        .map(|h| {
            let tick = h.tick.saturating_sub(t0);
            let (change, position) = match h.change {
                Change::Operated => ("operated", None),
                Change::Released => ("released", None),
                Change::Unknown => ("unknown", None),
                Change::Stepped(p) => ("stepped", p.and_then(|p| u8::try_from(p + 1).ok())),
            };
            RelayEvent {
                tick,
                ms: timing.ms(tick).round() as u64,
                part: h.part.clone(),
                change,
                position,
            }
        })
        .collect()
}

fn failed(e: impl std::fmt::Display) -> SessionError {
    SessionError::Failed(format!("the relay circuit: {e}"))
}

impl Wiring {
    pub fn new(
        netlist: Option<&str>,
        timing: RelayTiming,
        seed: u64,
    ) -> Result<Wiring, SessionError> {
        let machine = match netlist {
            Some(text) => RelayComputox::from_netlist(&parse_netlist(text)?, timing.timing(), seed),
            None => RelayComputox::new(timing.timing(), seed),
        };
        Ok(Wiring {
            machine: machine.map_err(failed)?,
            timing,
            pending: None,
        })
    }

    /// The trace's events with times from the start of the action, split where U1 first
    /// steps: the button's part, and the machine's move (if it claimed a square).
    fn split(&mut self, t: &Trace) -> Result<Vec<RelayEvent>, SessionError> {
        let events = relay_events(&self.machine, self.timing, t);
        let cut = events
            .iter()
            .position(|e| e.part == "U1" && e.change == "stepped")
            .unwrap_or(events.len());
        let (button, mv) = events.split_at(cut);
        self.pending = None;
        if let Some(square) = t.claim() {
            let contact = t.contact.map(|c| c.number()).ok_or_else(|| {
                failed(format!(
                    "{}OA operated but the wiper's contact is unknown",
                    square
                ))
            })?;
            self.pending = Some(PendingMove {
                contact,
                square,
                events: mv.to_vec(),
            });
        } else if !t.claims.is_empty() {
            return Err(failed(format!(
                "{} *OA relays operated at once ({})",
                t.claims.len(),
                t.claims
            )));
        }
        Ok(if self.pending.is_some() {
            button.to_vec()
        } else {
            events
        })
    }

    /// A square button: the button's relay events (the move, if any, is kept pending).
    pub fn press(&mut self, q: Square) -> Result<Vec<RelayEvent>, SessionError> {
        match self.machine.press(q).map_err(failed)? {
            Ok(t) => self.split(&t),
            Err(r) => Err(failed(format!(
                "the behavioural model took {q}, the circuit did not: {r}"
            ))),
        }
    }

    /// OS-INP: the machine starts.
    pub fn machine_first(&mut self) -> Result<Vec<RelayEvent>, SessionError> {
        match self.machine.machine_first().map_err(failed)? {
            Ok(t) => self.split(&t),
            Err(r) => Err(failed(format!(
                "the behavioural model started, the circuit did not: {r}"
            ))),
        }
    }

    /// RESET, with the secret micro-switch held or not (the X relay latches through a
    /// diode of ours, so a held switch cannot feed the latch bus while RESET is down).
    pub fn reset(&mut self, secret: bool) -> Result<(), SessionError> {
        self.machine.set_secret_switch(secret).map_err(failed)?;
        self.machine.reset().map_err(failed)?;
        self.pending = None;
        Ok(())
    }

    pub fn view(&self) -> RelaysView {
        view(&self.machine, self.timing)
    }
}

/// The circuit as the exhibit's relays panel shows it.
pub(super) fn view(machine: &RelayComputox, timing: RelayTiming) -> RelaysView {
    let c = machine.circuit();
    let pos = |sel| {
        c.relays
            .uniselector_state(sel)
            .position()
            .and_then(|p| u8::try_from(p + 1).ok())
    };
    RelaysView {
        timing,
        tick_ms: timing.timing().tick_ms.round() as u32,
        relays: c
            .relays
            .relays()
            .iter()
            .map(|r| RelayLamp {
                name: r.name.clone(),
                state: match r.armature {
                    ludomat_logic::Ternary::True => Armature::Operated,
                    ludomat_logic::Ternary::False => Armature::Released,
                    ludomat_logic::Ternary::Unknown => Armature::Unknown,
                },
            })
            .collect(),
        u1: pos(c.parts.u1),
        sal: pos(c.parts.sal),
        now: c.relays.now(),
        events: machine.events(),
    }
}
