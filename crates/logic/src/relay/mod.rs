//! Relays: coils, make / break / changeover contacts, buttons, diodes, lamps and
//! uniselectors, simulated at switch level.
//!
//! The electrical rule is Bryant's switch-level model (spec `logic.md`): every contact is
//! closed, open or unknown; a net is **true** if it reaches a supply through definitely
//! closed contacts, **false** if it cannot reach one even through possibly-closed
//! contacts, and **unknown** otherwise. Contacts conduct both ways, so sneak paths are
//! simulated as the wiring makes them.
//!
//! A relay's armature follows its coil's net: operated when energised, released when not,
//! unknown when the net is unknown. With a pull-in (drop-out) delay of `d` ticks the
//! armature moves only after the coil has been (de-)energised for `d` consecutive ticks;
//! zero-delay relays settle within the tick, in rounds (at most 1,000), and a circuit
//! settles within [`SETTLE_TICKS`] ticks. A circuit that comes back to an earlier state
//! (a relay wired through its own break contact — a buzzer) is reported as
//! [`RelayError::Oscillation`] naming the relays in the cycle; one that is still moving
//! when a bound runs out without ever repeating a state (a cascade of a thousand relays,
//! delays longer than the bound) as [`RelayError::NotSettled`]. Like every node of the
//! seed's logic graphs, armatures start unknown unless the circuit says otherwise.
//!
//! This is the engine on which relay machines (the Computox) are built; see
//! [`noughts::TwoSquares`] for a two-square noughts-and-crosses input latch.

pub mod noughts;
mod uniselector;

pub use uniselector::Uniselector;

use crate::Ternary;
use std::fmt;

macro_rules! id {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            /// The index as a `usize`.
            #[must_use]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id!(
    /// A net: a set of terminals wired together.
    NetId
);
id!(
    /// A relay.
    RelayId
);
id!(
    /// A push-button (a manually operated set of contacts).
    ButtonId
);
id!(
    /// A contact (one make or break spring pair).
    ContactId
);
id!(
    /// A lamp.
    LampId
);
id!(
    /// A uniselector (stepping switch).
    UniselectorId
);

/// What moves a contact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Actuator {
    /// A relay's armature.
    Relay(RelayId),
    /// A button pressed by hand.
    Button(ButtonId),
}

impl From<RelayId> for Actuator {
    fn from(r: RelayId) -> Actuator {
        Actuator::Relay(r)
    }
}

impl From<ButtonId> for Actuator {
    fn from(b: ButtonId) -> Actuator {
        Actuator::Button(b)
    }
}

/// A contact's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ContactKind {
    /// Normally open: closed when operated.
    Make,
    /// Normally closed: open when operated.
    Break,
}

/// One spring pair between two nets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contact {
    /// What moves it.
    pub actuator: Actuator,
    /// Make or break.
    pub kind: ContactKind,
    /// One side.
    pub a: NetId,
    /// The other side.
    pub b: NetId,
}

/// Pull-in and drop-out times of a relay, in ticks (0: within the tick).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Delays {
    /// Ticks the coil must be energised before the armature operates.
    pub pull_in: u32,
    /// Ticks the coil must be de-energised before the armature releases.
    pub drop_out: u32,
}

impl Delays {
    /// Both delays.
    #[must_use]
    pub const fn new(pull_in: u32, drop_out: u32) -> Delays {
        Delays { pull_in, drop_out }
    }
}

/// A relay: a coil on a net and an armature moving its contacts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Relay {
    /// Its name (the machine's own designation, e.g. `X1`).
    pub name: String,
    /// The net feeding its coil (the other coil end is the return).
    pub coil: NetId,
    /// Its delays.
    pub delays: Delays,
    /// Armature: operated (true), released (false) or unknown.
    pub armature: Ternary,
    /// Ticks the coil has been asking for the other position.
    pub waiting: u32,
}

/// Something that happened in the circuit, for traces and the museum view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RelayEvent {
    /// A relay armature moved.
    Armature {
        /// Tick number.
        tick: u64,
        /// Which relay.
        relay: RelayId,
        /// Its new state.
        to: Ternary,
    },
    /// A uniselector stepped (or lost its position: `None`).
    Stepped {
        /// Tick number.
        tick: u64,
        /// Which one.
        uniselector: UniselectorId,
        /// Its new position.
        to: Option<usize>,
    },
}

/// A relay circuit that did not settle.
///
/// Two different things: a circuit that **oscillates** comes back to a state it was in
/// (every armature, timer and uniselector the same), so it would move for ever; a circuit
/// that merely **did not settle within the bound** (a cascade of a thousand relays, or
/// delays longer than the bound) never repeated a state while it was watched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RelayError {
    /// The circuit came back to an earlier state: it cycles for ever.
    #[error(
        "oscillation: the circuit repeats itself every {period} {}; the relays in the cycle: {}",
        bound_unit(*instant, *period),
        relays.join(", ")
    )]
    Oscillation {
        /// Names of the relays / uniselectors that move within the cycle.
        relays: Vec<String>,
        /// Ticks spent.
        ticks: u64,
        /// Length of the cycle, in ticks (in rounds of zero-delay relays when `instant`).
        period: u64,
        /// Whether the cycle is among zero-delay relays within one tick.
        instant: bool,
    },
    /// Still changing when the bound ran out, with no state repeated: not an oscillation.
    #[error(
        "did not settle within {bound} {} (no state repeated, so not an oscillation); still changing: {}",
        bound_unit(*instant, *bound),
        if relays.is_empty() { "(timers only)".to_string() } else { relays.join(", ") }
    )]
    NotSettled {
        /// Names of the relays / uniselectors still moving or timing at the end.
        relays: Vec<String>,
        /// Ticks spent.
        ticks: u64,
        /// The bound: ticks, or rounds of zero-delay relays within one tick when `instant`.
        bound: u64,
        /// Whether the bound is the zero-delay relays' rounds within one tick.
        instant: bool,
    },
}

fn bound_unit(instant: bool, n: u64) -> &'static str {
    match (instant, n == 1) {
        (true, true) => "round of zero-delay relays",
        (true, false) => "rounds of zero-delay relays",
        (false, true) => "tick",
        (false, false) => "ticks",
    }
}

/// The most ticks [`RelayCircuit::settle`] runs before it gives up.
pub const SETTLE_TICKS: u64 = 10_000;

/// A relay circuit: supplies, nets, relays, buttons, contacts, lamps and uniselectors, with
/// their current state. Build it with the methods below, then press buttons and
/// [`RelayCircuit::settle`].
#[derive(Debug, Clone, Default)]
pub struct RelayCircuit {
    net_names: Vec<String>,
    supplies: Vec<NetId>,
    relays: Vec<Relay>,
    buttons: Vec<(String, Ternary)>,
    contacts: Vec<Contact>,
    diodes: Vec<(NetId, NetId)>,
    lamps: Vec<(String, NetId)>,
    uniselectors: Vec<Uniselector>,
    nets: Vec<Ternary>,
    tick: u64,
    log: Vec<RelayEvent>,
    round_bound: u32,
    scratch: Scratch,
}

/// The contact index of a diode's edge in the solver's adjacency: always conducting,
/// present only at the anode.
const DIODE: u32 = u32::MAX;

/// Reusable buffers of the net solver: the contacts as a compressed adjacency list
/// (rebuilt when parts are added) and the search's marks and queue.
#[derive(Debug, Clone, Default)]
struct Scratch {
    /// (nets, contacts, diodes) the adjacency was built for.
    built_for: (usize, usize, usize),
    /// Per net, the start of its edges in `edges`; one extra entry at the end.
    start: Vec<u32>,
    /// (other net, contact index, or [`DIODE`] for a diode's anode-to-cathode edge).
    edges: Vec<(u32, u32)>,
    /// Contact states for this solve: 0 open, 1 unknown, 2 closed.
    state: Vec<u8>,
    /// Uniselector wiper edges for this solve: (a, b, definite).
    wipers: Vec<(u32, u32, bool)>,
    surely: Vec<bool>,
    possibly: Vec<bool>,
    queue: Vec<u32>,
}

impl RelayCircuit {
    /// An empty circuit.
    #[must_use]
    pub fn new() -> RelayCircuit {
        RelayCircuit {
            round_bound: 1_000,
            ..RelayCircuit::default()
        }
    }

    /// A new net.
    pub fn net(&mut self, name: impl Into<String>) -> NetId {
        self.net_names.push(name.into());
        self.nets.push(Ternary::Unknown);
        NetId(self.net_names.len() as u32 - 1)
    }

    /// A supply: a net that is always true.
    pub fn supply(&mut self, name: impl Into<String>) -> NetId {
        let n = self.net(name);
        self.supplies.push(n);
        n
    }

    /// Make an existing net a supply (for netlists that name a net before declaring it
    /// the supply).
    pub fn make_supply(&mut self, n: NetId) {
        if !self.supplies.contains(&n) {
            self.supplies.push(n);
        }
    }

    /// A relay whose coil hangs on `coil`; its armature starts unknown.
    pub fn relay(&mut self, name: impl Into<String>, coil: NetId, delays: Delays) -> RelayId {
        self.relays.push(Relay {
            name: name.into(),
            coil,
            delays,
            armature: Ternary::Unknown,
            waiting: 0,
        });
        RelayId(self.relays.len() as u32 - 1)
    }

    /// A push-button; starts released (a person is not holding it).
    pub fn button(&mut self, name: impl Into<String>) -> ButtonId {
        self.buttons.push((name.into(), Ternary::False));
        ButtonId(self.buttons.len() as u32 - 1)
    }

    /// A contact between `a` and `b`.
    pub fn contact(
        &mut self,
        actuator: impl Into<Actuator>,
        kind: ContactKind,
        a: NetId,
        b: NetId,
    ) -> ContactId {
        self.contacts.push(Contact {
            actuator: actuator.into(),
            kind,
            a,
            b,
        });
        ContactId(self.contacts.len() as u32 - 1)
    }

    /// A make (normally open) contact.
    pub fn make_contact(&mut self, actuator: impl Into<Actuator>, a: NetId, b: NetId) -> ContactId {
        self.contact(actuator, ContactKind::Make, a, b)
    }

    /// A break (normally closed) contact.
    pub fn break_contact(
        &mut self,
        actuator: impl Into<Actuator>,
        a: NetId,
        b: NetId,
    ) -> ContactId {
        self.contact(actuator, ContactKind::Break, a, b)
    }

    /// A changeover: `common` goes to `released` normally and to `operated` when operated.
    /// Returns (break contact, make contact). The transfer is instantaneous here; in a real
    /// relay the drop-out time bridges the break-before-make gap.
    pub fn changeover(
        &mut self,
        actuator: impl Into<Actuator> + Copy,
        common: NetId,
        released: NetId,
        operated: NetId,
    ) -> (ContactId, ContactId) {
        (
            self.break_contact(actuator, common, released),
            self.make_contact(actuator, common, operated),
        )
    }

    /// A diode: current passes from `anode` to `cathode` only (conventional current from
    /// the supplies), so a live `cathode` does not make `anode` live. Relay machines put
    /// them where two contact chains meet, against sneak paths.
    pub fn diode(&mut self, anode: NetId, cathode: NetId) {
        self.diodes.push((anode, cathode));
    }

    /// A lamp lit by `net`.
    pub fn lamp(&mut self, name: impl Into<String>, net: NetId) -> LampId {
        self.lamps.push((name.into(), net));
        LampId(self.lamps.len() as u32 - 1)
    }

    /// A uniselector with `positions` positions stepped by a magnet on `magnet` (see
    /// [`Uniselector`]); add wipers with [`RelayCircuit::bank`].
    pub fn uniselector(
        &mut self,
        name: impl Into<String>,
        positions: usize,
        magnet: NetId,
    ) -> UniselectorId {
        self.uniselectors
            .push(Uniselector::new(name, positions, magnet));
        UniselectorId(self.uniselectors.len() as u32 - 1)
    }

    /// A bank (level) of a uniselector: its wiper net and the net of each bank contact
    /// (`None` for an unwired position). All banks move together.
    pub fn bank(&mut self, sel: UniselectorId, wiper: NetId, contacts: &[Option<NetId>]) {
        self.uniselectors[sel.index()].add_bank(wiper, contacts);
    }

    /// While `net` is true the uniselector drives itself (interrupter) one step per tick
    /// until it stands at its home position 0.
    pub fn homing(&mut self, sel: UniselectorId, net: NetId) {
        self.uniselectors[sel.index()].homing = Some(net);
    }

    // ---- state ----

    /// Press (true), release (false) or set unknown a button. Call [`RelayCircuit::settle`]
    /// (or [`RelayCircuit::tick`]) to let the circuit respond.
    pub fn set_button(&mut self, b: ButtonId, state: Ternary) {
        self.buttons[b.index()].1 = state;
    }

    /// Press a button.
    pub fn press(&mut self, b: ButtonId) {
        self.set_button(b, Ternary::True);
    }

    /// Release a button.
    pub fn release(&mut self, b: ButtonId) {
        self.set_button(b, Ternary::False);
    }

    /// Put a relay's armature in a state (e.g. all released at power-on).
    pub fn set_armature(&mut self, r: RelayId, state: Ternary) {
        self.relays[r.index()].armature = state;
        self.relays[r.index()].waiting = 0;
    }

    /// Put a uniselector at a position (or make it unknown).
    pub fn set_position(&mut self, sel: UniselectorId, position: Option<usize>) {
        self.uniselectors[sel.index()].set_position(position);
    }

    /// A relay.
    #[must_use]
    pub fn relay_state(&self, r: RelayId) -> &Relay {
        &self.relays[r.index()]
    }

    /// A relay's armature: operated, released or unknown.
    #[must_use]
    pub fn armature(&self, r: RelayId) -> Ternary {
        self.relays[r.index()].armature
    }

    /// A net's value after the last settle.
    #[must_use]
    pub fn net_value(&self, n: NetId) -> Ternary {
        self.nets[n.index()]
    }

    /// A net's name.
    #[must_use]
    pub fn net_name(&self, n: NetId) -> &str {
        &self.net_names[n.index()]
    }

    /// A lamp: lit, dark or unknown.
    #[must_use]
    pub fn lamp_state(&self, l: LampId) -> Ternary {
        self.nets[self.lamps[l.index()].1.index()]
    }

    /// A lamp's name.
    #[must_use]
    pub fn lamp_name(&self, l: LampId) -> &str {
        &self.lamps[l.index()].0
    }

    /// A uniselector.
    #[must_use]
    pub fn uniselector_state(&self, sel: UniselectorId) -> &Uniselector {
        &self.uniselectors[sel.index()]
    }

    /// A contact: closed (true), open (false) or unknown.
    #[must_use]
    pub fn contact_state(&self, c: ContactId) -> Ternary {
        self.contact_closed(&self.contacts[c.index()])
    }

    /// A relay by its designation.
    #[must_use]
    pub fn find_relay(&self, name: &str) -> Option<RelayId> {
        self.relays
            .iter()
            .position(|r| r.name == name)
            .map(|i| RelayId(i as u32))
    }

    /// A button by name.
    #[must_use]
    pub fn find_button(&self, name: &str) -> Option<ButtonId> {
        self.buttons
            .iter()
            .position(|b| b.0 == name)
            .map(|i| ButtonId(i as u32))
    }

    /// A lamp by name.
    #[must_use]
    pub fn find_lamp(&self, name: &str) -> Option<LampId> {
        self.lamps
            .iter()
            .position(|l| l.0 == name)
            .map(|i| LampId(i as u32))
    }

    /// A net by name.
    #[must_use]
    pub fn find_net(&self, name: &str) -> Option<NetId> {
        self.net_names
            .iter()
            .position(|n| n == name)
            .map(|i| NetId(i as u32))
    }

    /// A button's state.
    #[must_use]
    pub fn button_state(&self, b: ButtonId) -> Ternary {
        self.buttons[b.index()].1
    }

    /// Every relay.
    #[must_use]
    pub fn relays(&self) -> &[Relay] {
        &self.relays
    }

    /// Every lamp id.
    pub fn lamps(&self) -> impl Iterator<Item = LampId> {
        (0..self.lamps.len() as u32).map(LampId)
    }

    /// Ticks elapsed.
    #[must_use]
    pub fn now(&self) -> u64 {
        self.tick
    }

    /// The events since the last call.
    pub fn take_log(&mut self) -> Vec<RelayEvent> {
        std::mem::take(&mut self.log)
    }

    fn contact_closed(&self, c: &Contact) -> Ternary {
        let operated = match c.actuator {
            Actuator::Relay(r) => self.relays[r.index()].armature,
            Actuator::Button(b) => self.buttons[b.index()].1,
        };
        match c.kind {
            ContactKind::Make => operated,
            ContactKind::Break => !operated,
        }
    }

    /// Recompute every net by the switch-level rule: a search from the supplies through
    /// definitely closed contacts (true), then through possibly closed ones (not false).
    /// The contacts' adjacency is built once and kept; only their states are read per
    /// solve.
    fn solve_nets(&mut self) {
        let n = self.net_names.len();
        let mut sc = std::mem::take(&mut self.scratch);
        if sc.built_for != (n, self.contacts.len(), self.diodes.len()) {
            let mut degree = vec![0u32; n + 1];
            for c in &self.contacts {
                degree[c.a.index()] += 1;
                degree[c.b.index()] += 1;
            }
            for (a, _) in &self.diodes {
                degree[a.index()] += 1;
            }
            sc.start = Vec::with_capacity(n + 1);
            let mut acc = 0;
            for d in &degree[..n] {
                sc.start.push(acc);
                acc += d;
            }
            sc.start.push(acc);
            sc.edges = vec![(0, 0); acc as usize];
            let mut fill = sc.start.clone();
            for (i, c) in self.contacts.iter().enumerate() {
                sc.edges[fill[c.a.index()] as usize] = (c.b.0, i as u32);
                fill[c.a.index()] += 1;
                sc.edges[fill[c.b.index()] as usize] = (c.a.0, i as u32);
                fill[c.b.index()] += 1;
            }
            for (a, k) in &self.diodes {
                sc.edges[fill[a.index()] as usize] = (k.0, DIODE);
                fill[a.index()] += 1;
            }
            sc.built_for = (n, self.contacts.len(), self.diodes.len());
        }
        sc.state.clear();
        sc.state
            .extend(self.contacts.iter().map(|c| match self.contact_closed(c) {
                Ternary::True => 2u8,
                Ternary::Unknown => 1,
                Ternary::False => 0,
            }));
        sc.wipers.clear();
        for u in &self.uniselectors {
            u.wiper_edges(&mut |a: NetId, b: NetId, definite: bool| {
                sc.wipers.push((a.0, b.0, definite));
            });
        }
        let Scratch {
            start,
            edges,
            state,
            wipers,
            surely,
            possibly,
            queue,
            ..
        } = &mut sc;
        let mut reach = |seen: &mut Vec<bool>, least: u8| {
            seen.clear();
            seen.resize(n, false);
            queue.clear();
            for s in &self.supplies {
                if !seen[s.index()] {
                    seen[s.index()] = true;
                    queue.push(s.0);
                }
            }
            let mut head = 0;
            while head < queue.len() {
                let v = queue[head];
                head += 1;
                let (from, to) = (start[v as usize] as usize, start[v as usize + 1] as usize);
                for &(w, c) in &edges[from..to] {
                    if (c == DIODE || state[c as usize] >= least) && !seen[w as usize] {
                        seen[w as usize] = true;
                        queue.push(w);
                    }
                }
                for &(a, b, definite) in wipers.iter() {
                    if !definite && least == 2 {
                        continue;
                    }
                    let w = if a == v {
                        b
                    } else if b == v {
                        a
                    } else {
                        continue;
                    };
                    if !seen[w as usize] {
                        seen[w as usize] = true;
                        queue.push(w);
                    }
                }
            }
        };
        reach(surely, 2);
        reach(possibly, 1);
        for i in 0..n {
            self.nets[i] = if sc.surely[i] {
                Ternary::True
            } else if sc.possibly[i] {
                Ternary::Unknown
            } else {
                Ternary::False
            };
        }
        self.scratch = sc;
    }

    /// Zero-delay relays and uniselector magnets, in rounds until nothing moves. When the
    /// bound runs out, the rounds go on (as many again) to tell an oscillation (a state
    /// repeated) from a cascade longer than the bound.
    fn settle_instant(&mut self) -> Result<(), RelayError> {
        let moving = match self.instant_rounds(u64::from(self.round_bound), None) {
            Ok(()) => return Ok(()),
            Err(moving) => moving,
        };
        let mut seen = std::collections::HashMap::new();
        match self.instant_rounds(u64::from(self.round_bound), Some(&mut seen)) {
            Err(cycle) if !seen.is_empty() && cycle.1 > 0 => Err(RelayError::Oscillation {
                relays: cycle.0,
                ticks: self.tick,
                period: cycle.1,
                instant: true,
            }),
            // Settled after the bound, or ran on: either way not within the bound.
            _ => Err(RelayError::NotSettled {
                relays: moving.0,
                ticks: self.tick,
                bound: u64::from(self.round_bound),
                instant: true,
            }),
        }
    }

    /// Up to `bound + 1` rounds of zero-delay relays. `Ok` when nothing moves any more;
    /// else the names of what moved in the last rounds and 0 — or, when `seen` is given
    /// (state → round) and a state repeats, the names of what moved within the cycle and
    /// its length.
    #[allow(clippy::type_complexity)]
    fn instant_rounds(
        &mut self,
        bound: u64,
        mut seen: Option<&mut std::collections::HashMap<u64, (u64, usize)>>,
    ) -> Result<(), (Vec<String>, u64)> {
        let mut moving: Vec<String> = Vec::new();
        let mut moved_at: Vec<(usize, String)> = Vec::new();
        for round in 0..=bound {
            if let Some(seen) = seen.as_deref_mut() {
                let key = self.state_key();
                if let Some(&(first, mark)) = seen.get(&key) {
                    let mut names: Vec<String> =
                        moved_at[mark..].iter().map(|(_, n)| n.clone()).collect();
                    names.sort();
                    names.dedup();
                    return Err((names, round - first));
                }
                seen.insert(key, (round, moved_at.len()));
            }
            self.solve_nets();
            let mut changed = false;
            let watching = seen.is_some() || round + 8 > bound;
            for i in 0..self.relays.len() {
                let r = &self.relays[i];
                let target = self.nets[r.coil.index()];
                let instant = match target {
                    Ternary::True => r.delays.pull_in == 0,
                    Ternary::False => r.delays.drop_out == 0,
                    Ternary::Unknown => true,
                };
                if instant && r.armature != target {
                    self.relays[i].armature = target;
                    self.relays[i].waiting = 0;
                    self.log.push(RelayEvent::Armature {
                        tick: self.tick,
                        relay: RelayId(i as u32),
                        to: target,
                    });
                    changed = true;
                    if watching {
                        moving.push(self.relays[i].name.clone());
                        moved_at.push((i, self.relays[i].name.clone()));
                    }
                }
            }
            for i in 0..self.uniselectors.len() {
                let m = self.nets[self.uniselectors[i].magnet.index()];
                if let Some(to) = self.uniselectors[i].magnet(m) {
                    self.log.push(RelayEvent::Stepped {
                        tick: self.tick,
                        uniselector: UniselectorId(i as u32),
                        to,
                    });
                    changed = true;
                    if watching {
                        moving.push(self.uniselectors[i].name.clone());
                        moved_at.push((i, self.uniselectors[i].name.clone()));
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
        moving.sort();
        moving.dedup();
        Err((moving, 0))
    }

    /// A digest of everything that moves: armatures, timers, uniselectors (the nets follow
    /// from them and the buttons, which do not change while the circuit settles).
    fn state_key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for r in &self.relays {
            r.armature.hash(&mut h);
            r.waiting.hash(&mut h);
        }
        for u in &self.uniselectors {
            u.hash_state(&mut h);
        }
        h.finish()
    }

    /// One tick: settle what moves instantly, then advance the delayed relays and the
    /// self-driving (homing) uniselectors by one tick, then settle again. Returns whether
    /// anything moved or is still timing.
    pub fn tick(&mut self) -> Result<bool, RelayError> {
        let before = self.log.len();
        self.settle_instant()?;
        self.tick += 1;
        let mut timing = false;
        for i in 0..self.relays.len() {
            let target = self.nets[self.relays[i].coil.index()];
            let r = &mut self.relays[i];
            if r.armature == target || target == Ternary::Unknown {
                r.waiting = 0;
                continue;
            }
            r.waiting += 1;
            let needed = if target == Ternary::True {
                r.delays.pull_in
            } else {
                r.delays.drop_out
            };
            if r.waiting >= needed {
                r.armature = target;
                r.waiting = 0;
                self.log.push(RelayEvent::Armature {
                    tick: self.tick,
                    relay: RelayId(i as u32),
                    to: target,
                });
            } else {
                timing = true;
            }
        }
        for i in 0..self.uniselectors.len() {
            let drive = self.uniselectors[i].homing.map(|h| self.nets[h.index()]);
            if let Some(drive) = drive {
                let (moved, to, still) = self.uniselectors[i].home_drive(drive);
                if moved {
                    self.log.push(RelayEvent::Stepped {
                        tick: self.tick,
                        uniselector: UniselectorId(i as u32),
                        to,
                    });
                }
                timing |= still;
            }
        }
        self.settle_instant()?;
        Ok(timing || self.log.len() > before)
    }

    /// Tick until nothing moves and nothing is timing (at most [`SETTLE_TICKS`] ticks).
    /// Returns the number of ticks in which something moved or was timing (the final quiet
    /// tick is not counted, though it is spent).
    ///
    /// # Errors
    /// When the bound runs out, the circuit is watched as long again: a state repeated is
    /// an [`RelayError::Oscillation`] naming the relays in the cycle; otherwise it is
    /// [`RelayError::NotSettled`], naming what still moves or times.
    pub fn settle(&mut self) -> Result<u64, RelayError> {
        let start = self.tick;
        let mut mark = self.log.len();
        for i in 0..SETTLE_TICKS {
            if i + 16 == SETTLE_TICKS {
                mark = self.log.len();
            }
            if !self.tick()? {
                return Ok(self.tick - start - 1);
            }
        }
        // What moved in the last ticks of the bound, and what is timing now.
        let still: Vec<String> = {
            let mut v = self.names_since(mark);
            v.extend(
                self.relays
                    .iter()
                    .filter(|r| r.waiting > 0)
                    .map(|r| r.name.clone()),
            );
            v.sort();
            v.dedup();
            v
        };
        let mut seen: std::collections::HashMap<u64, (u64, usize)> =
            std::collections::HashMap::new();
        for _ in 0..SETTLE_TICKS {
            let key = self.state_key();
            if let Some(&(first, mark)) = seen.get(&key) {
                return Err(RelayError::Oscillation {
                    relays: self.names_since(mark),
                    ticks: self.tick - start,
                    period: self.tick - first,
                    instant: false,
                });
            }
            seen.insert(key, (self.tick, self.log.len()));
            if !self.tick()? {
                break;
            }
        }
        Err(RelayError::NotSettled {
            relays: still,
            ticks: self.tick - start,
            bound: SETTLE_TICKS,
            instant: false,
        })
    }

    /// The relays and uniselectors that moved since log entry `mark`, sorted, once each.
    fn names_since(&self, mark: usize) -> Vec<String> {
        let mut names: Vec<String> = self.log[mark..]
            .iter()
            .map(|e| match e {
                RelayEvent::Armature { relay, .. } => self.relays[relay.index()].name.clone(),
                RelayEvent::Stepped { uniselector, .. } => {
                    self.uniselectors[uniselector.index()].name.clone()
                }
            })
            .collect();
        names.sort();
        names.dedup();
        names
    }
}

impl fmt::Display for RelayCircuit {
    /// One line per relay, uniselector and lamp: the museum's view of the circuit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in &self.relays {
            let s = match r.armature {
                Ternary::True => "operated",
                Ternary::False => "released",
                Ternary::Unknown => "unknown",
            };
            writeln!(f, "relay {:<6} {s}", r.name)?;
        }
        for u in &self.uniselectors {
            match u.position() {
                Some(p) => writeln!(f, "uniselector {} at {p}", u.name)?,
                None => writeln!(f, "uniselector {} position unknown", u.name)?,
            }
        }
        for (name, net) in &self.lamps {
            let s = match self.nets[net.index()] {
                Ternary::True => "lit",
                Ternary::False => "dark",
                Ternary::Unknown => "unknown",
            };
            writeln!(f, "lamp  {name:<6} {s}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Ternary::{False as F, True as T, Unknown as X};

    /// A relay holding itself through its own make contact, with a RESET break contact in
    /// the latch path and a SET button.
    fn self_latch(delays: Delays) -> (RelayCircuit, RelayId, ButtonId, ButtonId, LampId) {
        let mut c = RelayCircuit::new();
        let plus = c.supply("+");
        let bus = c.net("bus");
        let coil = c.net("A coil");
        let lamp = c.net("lamp");
        let reset = c.button("RESET");
        let set = c.button("SET");
        let a = c.relay("A", coil, delays);
        c.break_contact(reset, plus, bus);
        c.make_contact(set, bus, coil);
        c.make_contact(a, bus, coil);
        c.make_contact(a, plus, lamp);
        let l = c.lamp("L", lamp);
        (c, a, set, reset, l)
    }

    #[test]
    fn self_latching_and_reset() {
        let (mut c, a, set, reset, l) = self_latch(Delays::default());
        assert_eq!(c.find_relay("A"), Some(a));
        assert_eq!(c.find_button("SET"), Some(set));
        assert_eq!(c.find_lamp("L"), Some(l));
        assert_eq!(
            c.find_net("bus").map(|n| c.net_name(n).to_string()),
            Some("bus".into())
        );
        c.settle().unwrap();
        // Unknown armature: its own contact may be holding it.
        assert_eq!((c.armature(a), c.lamp_state(l)), (X, X));
        c.press(reset);
        c.settle().unwrap();
        assert_eq!((c.armature(a), c.lamp_state(l)), (F, F));
        c.release(reset);
        c.settle().unwrap();
        assert_eq!(c.armature(a), F);
        c.press(set);
        c.settle().unwrap();
        assert_eq!((c.armature(a), c.lamp_state(l)), (T, T));
        c.release(set);
        c.settle().unwrap();
        assert_eq!(c.armature(a), T, "latched through its own make contact");
        c.press(reset);
        c.settle().unwrap();
        assert_eq!(c.armature(a), F, "reset breaks the latch path");
        c.release(reset);
        c.settle().unwrap();
        assert_eq!(c.armature(a), F);
    }

    #[test]
    fn pull_in_and_drop_out_delays() {
        let (mut c, a, set, reset, _) = self_latch(Delays::new(3, 2));
        c.set_armature(a, F);
        c.press(set);
        let mut ticks = Vec::new();
        for _ in 0..5 {
            c.tick().unwrap();
            ticks.push(c.armature(a));
        }
        assert_eq!(ticks, [F, F, T, T, T]);
        c.release(set);
        c.press(reset);
        let mut ticks = Vec::new();
        for _ in 0..4 {
            c.tick().unwrap();
            ticks.push(c.armature(a));
        }
        assert_eq!(ticks, [T, F, F, F]);
    }

    #[test]
    fn buzzer_oscillates() {
        let mut c = RelayCircuit::new();
        let plus = c.supply("+");
        let coil = c.net("coil");
        let b = c.relay("BUZZ", coil, Delays::default());
        c.break_contact(b, plus, coil);
        c.set_armature(b, F);
        match c.settle() {
            Err(RelayError::Oscillation { relays, .. }) => assert_eq!(relays, ["BUZZ"]),
            other => panic!("{other:?}"),
        }
        // With delays it buzzes tick by tick: still never settles.
        let mut c = RelayCircuit::new();
        let plus = c.supply("+");
        let coil = c.net("coil");
        let b = c.relay("BUZZ", coil, Delays::new(1, 1));
        c.break_contact(b, plus, coil);
        c.set_armature(b, F);
        match c.settle() {
            Err(RelayError::Oscillation {
                relays,
                period,
                instant,
                ..
            }) => {
                assert_eq!(relays, ["BUZZ"]);
                assert!((1..=4).contains(&period) && !instant, "{period}");
            }
            other => panic!("{other:?}"),
        }
    }

    /// A chain of `n` relays, each made by the one before, the first fed from the supply.
    fn cascade(n: usize, delays: Delays) -> RelayCircuit {
        let mut c = RelayCircuit::new();
        let plus = c.supply("+");
        let mut before: Option<RelayId> = None;
        for i in 0..n {
            let coil = if before.is_none() {
                plus
            } else {
                c.net(format!("c{i}"))
            };
            let r = c.relay(format!("R{i}"), coil, delays);
            c.set_armature(r, F);
            if let Some(b) = before {
                c.make_contact(b, plus, coil);
            }
            before = Some(r);
        }
        c
    }

    #[test]
    fn a_long_cascade_did_not_settle_and_is_no_oscillation() {
        // Once: 1,001 zero-delay relays in a row were "oscillation … R1000".
        let mut c = cascade(1_001, Delays::default());
        match c.settle() {
            Err(e @ RelayError::NotSettled { instant: true, .. }) => {
                let t = e.to_string();
                assert!(t.starts_with("did not settle within 1000 rounds"), "{t}");
                assert!(!t.contains("oscillation:"), "{t}");
            }
            other => panic!("{other:?}"),
        }
        // Delays longer than the bound (`logic squares --delays 5000 0` in small): the
        // relay still timing is named.
        let mut c = cascade(3, Delays::new(4_000, 0));
        match c.settle() {
            Err(e @ RelayError::NotSettled { instant: false, .. }) => {
                let t = e.to_string();
                assert!(t.contains("within 10000 ticks"), "{t}");
                assert!(t.ends_with("R2"), "{t}");
            }
            other => panic!("{other:?}"),
        }
        // Within the bounds, both settle.
        assert!(cascade(900, Delays::default()).settle().is_ok());
        assert!(cascade(2, Delays::new(4_000, 0)).settle().is_ok());
    }

    #[test]
    fn a_diode_blocks_the_sneak_path() {
        // Two chains meet at a lamp net; a live chain must not feed the other one back.
        let mut c = RelayCircuit::new();
        let plus = c.supply("+");
        let a = c.net("a");
        let b = c.net("b");
        let meet = c.net("meet");
        let other = c.net("other");
        let s1 = c.button("S1");
        let s2 = c.button("S2");
        c.make_contact(s1, plus, a);
        c.diode(a, meet);
        c.diode(b, meet);
        c.make_contact(s2, b, other);
        c.press(s1);
        c.press(s2);
        c.solve_nets();
        assert_eq!((c.net_value(meet), c.net_value(b)), (T, F));
        assert_eq!(c.net_value(other), F);
        // Without the second diode the sneak path reaches `other`.
        let mut d = c.clone();
        d.make_contact(s2, meet, b);
        d.solve_nets();
        assert_eq!(d.net_value(other), T);
    }

    #[test]
    fn unknown_contacts_follow_the_switch_level_rule() {
        let mut c = RelayCircuit::new();
        let plus = c.supply("+");
        let coil = c.net("coil");
        let mid = c.net("mid");
        let far = c.net("far");
        let r = c.relay("R", coil, Delays::default());
        let b = c.button("B");
        c.make_contact(r, plus, mid);
        c.make_contact(b, mid, far);
        c.set_button(b, F);
        c.solve_nets();
        // R unknown: mid may or may not be powered; far cannot be (B is open).
        assert_eq!(c.net_value(mid), X);
        assert_eq!(c.net_value(far), F);
        c.press(b);
        c.solve_nets();
        assert_eq!(c.net_value(far), X);
        c.set_armature(r, T);
        c.solve_nets();
        assert_eq!(c.net_value(far), T);
    }
}
