//! [`Uniselector`]: the rotary stepping switch of telephone exchanges and relay machines.

use super::NetId;
use crate::Ternary;

/// A uniselector: `positions` positions, several banks (levels) of contacts, one wiper per
/// bank, all wipers on one shaft. Each pulse on the step magnet advances every wiper one
/// position; here the wipers move when the magnet *releases* (the pawl is spring-driven,
/// as in the Post Office type 2000 uniselector), wrapping from the last position to 0.
///
/// At power-on the position is unknown unless set: every bank contact is then possibly
/// closed, so the nets behind the wipers are unknown. Homing (a net driving the switch
/// through its own interrupter until the home contact, position 0) makes it known: from
/// a known position it takes one tick per step; from an unknown one it is certainly home
/// after `positions − 1` ticks of driving.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Uniselector {
    /// Its name.
    pub name: String,
    /// Number of positions.
    pub positions: usize,
    /// The step magnet's net.
    pub magnet: NetId,
    /// The homing drive net, if wired.
    pub homing: Option<NetId>,
    banks: Vec<(NetId, Vec<Option<NetId>>)>,
    position: Option<usize>,
    last_magnet: Ternary,
    homing_ticks: usize,
}

impl Uniselector {
    pub(super) fn new(name: impl Into<String>, positions: usize, magnet: NetId) -> Uniselector {
        Uniselector {
            name: name.into(),
            positions: positions.max(1),
            magnet,
            homing: None,
            banks: Vec::new(),
            position: None,
            last_magnet: Ternary::Unknown,
            homing_ticks: 0,
        }
    }

    pub(super) fn add_bank(&mut self, wiper: NetId, contacts: &[Option<NetId>]) {
        let mut c = contacts.to_vec();
        c.resize(self.positions, None);
        self.banks.push((wiper, c));
    }

    pub(super) fn set_position(&mut self, p: Option<usize>) {
        self.position = p.map(|p| p % self.positions);
        self.homing_ticks = 0;
    }

    /// The position, if known.
    #[must_use]
    pub fn position(&self) -> Option<usize> {
        self.position
    }

    /// Number of banks.
    #[must_use]
    pub fn bank_count(&self) -> usize {
        self.banks.len()
    }

    /// The net a bank's wiper touches now (`None`: unwired position or unknown position).
    #[must_use]
    pub fn wiper_net(&self, bank: usize) -> Option<NetId> {
        let (_, contacts) = self.banks.get(bank)?;
        contacts[self.position?]
    }

    /// Feed the wiper connections to the net solver: closed at the known position, possibly
    /// closed everywhere when the position is unknown.
    pub(super) fn wiper_edges(&self, edge: &mut impl FnMut(NetId, NetId, bool)) {
        for (wiper, contacts) in &self.banks {
            match self.position {
                Some(p) => {
                    if let Some(n) = contacts[p] {
                        edge(*wiper, n, true);
                    }
                }
                None => {
                    for n in contacts.iter().flatten() {
                        edge(*wiper, *n, false);
                    }
                }
            }
        }
    }

    /// The magnet's net now reads `m`. Returns `Some(new position)` if the wipers moved
    /// (or `Some(None)` if they may have: the position became unknown).
    /// Everything about it that can change while a circuit runs, into `h` (a repeat of
    /// the circuit's whole state means it cycles for ever).
    pub(super) fn hash_state(&self, h: &mut impl std::hash::Hasher) {
        use std::hash::Hash;
        self.position.hash(h);
        self.last_magnet.hash(h);
        self.homing_ticks.hash(h);
    }

    pub(super) fn magnet(&mut self, m: Ternary) -> Option<Option<usize>> {
        let last = std::mem::replace(&mut self.last_magnet, m);
        if last == m || !last.admits(true) || !m.admits(false) {
            return None;
        }
        if last == Ternary::True && m == Ternary::False {
            self.position = self.position.map(|p| (p + 1) % self.positions);
            return Some(self.position);
        }
        // A release may or may not have happened.
        self.position?;
        self.position = None;
        Some(None)
    }

    /// One tick of the homing drive reading `drive`. Returns (moved, new position, still
    /// driving).
    pub(super) fn home_drive(&mut self, drive: Ternary) -> (bool, Option<usize>, bool) {
        match (drive, self.position) {
            (Ternary::False, _) | (_, Some(0)) => {
                self.homing_ticks = 0;
                (false, self.position, false)
            }
            (Ternary::Unknown, Some(_)) => {
                self.position = None;
                (true, None, false)
            }
            (Ternary::Unknown, None) => (false, None, false),
            (Ternary::True, Some(p)) => {
                self.position = Some((p + 1) % self.positions);
                (true, self.position, self.position != Some(0))
            }
            (Ternary::True, None) => {
                self.homing_ticks += 1;
                if self.homing_ticks + 1 >= self.positions {
                    self.position = Some(0);
                    self.homing_ticks = 0;
                    (true, Some(0), false)
                } else {
                    (false, None, true)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::relay::{Delays, RelayCircuit};
    use crate::Ternary::{False as F, True as T, Unknown as X};

    #[test]
    fn wipers_move_together_and_position_is_unknown_until_homed() {
        let mut c = RelayCircuit::new();
        let plus = c.supply("+");
        let magnet = c.net("magnet");
        let home = c.net("home drive");
        let step = c.button("STEP");
        let homing = c.button("HOME");
        c.make_contact(step, plus, magnet);
        c.make_contact(homing, plus, home);
        let u = c.uniselector("U", 5, magnet);
        c.homing(u, home);
        // Bank A: wiper on +, five lamp nets. Bank B: wiper on a lamp net, contacts
        // on + at even positions.
        let a: Vec<_> = (0..5).map(|i| c.net(format!("a{i}"))).collect();
        let a_lamps: Vec<_> = a
            .iter()
            .enumerate()
            .map(|(i, &n)| c.lamp(format!("A{i}"), n))
            .collect();
        c.bank(u, plus, &a.iter().map(|&n| Some(n)).collect::<Vec<_>>());
        let b = c.net("b wiper");
        let b_lamp = c.lamp("B", b);
        c.bank(u, b, &[Some(plus), None, Some(plus), None, Some(plus)]);
        c.settle().unwrap();
        assert_eq!(c.uniselector_state(u).position(), None);
        assert!(a_lamps.iter().all(|&l| c.lamp_state(l) == X));
        assert_eq!(c.lamp_state(b_lamp), X);
        // Home it: certainly at 0 after positions − 1 ticks of driving.
        c.press(homing);
        let ticks = c.settle().unwrap();
        assert_eq!(ticks, 4);
        c.release(homing);
        c.settle().unwrap();
        assert_eq!(c.uniselector_state(u).position(), Some(0));
        let lit = |c: &RelayCircuit| a_lamps.iter().map(|&l| c.lamp_state(l)).collect::<Vec<_>>();
        assert_eq!(lit(&c), [T, F, F, F, F]);
        assert_eq!(c.lamp_state(b_lamp), T);
        // Three pulses on the step magnet: both wipers move to 3.
        for _ in 0..3 {
            c.press(step);
            c.settle().unwrap();
            c.release(step);
            c.settle().unwrap();
        }
        assert_eq!(c.uniselector_state(u).position(), Some(3));
        assert_eq!(lit(&c), [F, F, F, T, F]);
        assert_eq!(c.lamp_state(b_lamp), F);
        // Two more wrap round to 0.
        for _ in 0..2 {
            c.press(step);
            c.settle().unwrap();
            c.release(step);
            c.settle().unwrap();
        }
        assert_eq!(c.uniselector_state(u).position(), Some(0));
        // Homing from a known position steps one position per tick.
        c.set_position(u, Some(2));
        c.press(homing);
        assert_eq!(c.settle().unwrap(), 3);
        assert_eq!(c.uniselector_state(u).position(), Some(0));
        // An unknown pulse loses the position.
        c.release(homing);
        c.settle().unwrap();
        c.set_button(step, T);
        c.settle().unwrap();
        c.set_button(step, X);
        c.settle().unwrap();
        assert_eq!(c.uniselector_state(u).position(), None);
        let _ = Delays::default();
    }
}
