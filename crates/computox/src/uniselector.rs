//! The main uniselector U1 and one sweep of it: the machine's move.

use std::fmt;

use crate::check::Check;
use crate::plan::{Contact, ContactId, ContactPlan};
use crate::{Square, Squares, Tactic};

/// What one sweep of U1 did: the contact that fired, the check that claimed, and every
/// square whose `*OA` coil was energised on that contact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sweep {
    /// The contact the wiper stopped on.
    pub contact: ContactId,
    /// The tactic of that contact.
    pub tactic: Tactic,
    /// The first matching check on the contact in table order (the behavioural model's
    /// choice).
    pub check: Check,
    /// The square claimed: `check.target`.
    pub claim: Square,
    /// Every square energised on the contact. More than one is the relay hazard: the
    /// machine would light two noughts in one move.
    pub claims: Squares,
    /// How many checks on the contact matched.
    pub matched: u8,
}

impl Sweep {
    /// Whether the contact energised more than one square (two noughts in one move).
    #[must_use]
    pub const fn is_hazard(&self) -> bool {
        self.claims.len() > 1
    }
}

impl fmt::Display for Sweep {
    /// `U1-N17 fired: tactic 3 (fork prevention), O:AC X:BF→E — O holds AC, …`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} fired: {}, check {} — {}",
            self.contact,
            self.tactic,
            self.check,
            self.check.describe()
        )?;
        if self.is_hazard() {
            write!(f, " [HAZARD: also energised {}]", self.claims)?;
        }
        Ok(())
    }
}

/// Test the checks of one contact; `Some` when at least one matches.
#[must_use]
pub fn test_contact(
    contact: &Contact,
    o: Squares,
    x: Squares,
    os: bool,
    x_relay: bool,
) -> Option<Sweep> {
    let mut first: Option<Check> = None;
    let mut claims = Squares::NONE;
    let mut matched = 0u8;
    for check in contact.checks {
        if check.matches(o, x, os, x_relay) {
            first.get_or_insert(*check);
            claims = claims.with(check.target);
            matched += 1;
        }
    }
    first.map(|check| Sweep {
        contact: contact.id,
        tactic: contact.tactic,
        check,
        claim: check.target,
        claims,
        matched,
    })
}

/// One sweep of U1 over `plan` for the machine's squares `o`, the human's squares `x`,
/// and the OS and X relays: the wiper grounds each connected contact in turn and stops
/// at the first one on which a check closes. `None` when it passes every contact
/// without a claim (it homes; the machine makes no move).
#[must_use]
pub fn sweep(plan: &ContactPlan, o: Squares, x: Squares, os: bool, x_relay: bool) -> Option<Sweep> {
    plan.live().find_map(|c| test_contact(c, o, x, os, x_relay))
}

/// The main uniselector as a part: its wiper position, visible between sweeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Uniselector {
    position: ContactId,
    steps: u64,
}

impl Default for Uniselector {
    fn default() -> Self {
        Uniselector {
            position: ContactId::HOME,
            steps: 0,
        }
    }
}

impl Uniselector {
    /// Where the wiper rests: [`ContactId::HOME`] between moves (it homes after every
    /// sweep).
    #[must_use]
    pub const fn position(&self) -> ContactId {
        self.position
    }

    /// Ratchet steps taken since power-on (out and home).
    #[must_use]
    pub const fn steps(&self) -> u64 {
        self.steps
    }

    /// Run one sweep from home and home again; returns what fired.
    pub fn run(
        &mut self,
        plan: &ContactPlan,
        o: Squares,
        x: Squares,
        os: bool,
        x_relay: bool,
    ) -> Option<Sweep> {
        let result = sweep(plan, o, x, os, x_relay);
        // Out to the contact that fired, then on round the bank to home: one revolution
        // of 25 positions whatever fired.
        self.steps += 25;
        self.position = ContactId::HOME;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Squares {
        s.parse().unwrap()
    }

    #[test]
    fn first_move_is_e_or_a() {
        let p = ContactPlan::COMPUTOX;
        let s = sweep(&p, Squares::NONE, Squares::NONE, false, false).unwrap();
        assert_eq!((s.contact.number(), s.claim), (18, Square::E));
        let s = sweep(&p, Squares::NONE, Squares::NONE, true, false).unwrap();
        assert_eq!((s.contact.number(), s.claim), (19, Square::A));
        let s = sweep(&p, sq("A"), sq("F"), true, false).unwrap();
        assert_eq!((s.contact.number(), s.claim), (20, Square::C));
    }

    #[test]
    fn win_beats_block_and_f_is_forced() {
        let p = ContactPlan::COMPUTOX;
        // O on E and D, X on A and B: O wins at F before blocking C.
        let s = sweep(&p, sq("DE"), sq("AB"), false, false).unwrap();
        assert_eq!((s.claim, s.tactic), (Square::F, Tactic::Win));
        assert_eq!(s.contact.number(), 3);
        let s = sweep(&p, sq("E"), sq("AB"), false, false).unwrap();
        assert_eq!((s.claim, s.tactic), (Square::C, Tactic::Block));
    }

    #[test]
    fn x_relay_cuts_five_fork_checks() {
        let p = ContactPlan::COMPUTOX;
        let s = sweep(&p, sq("E"), sq("AJ"), false, false).unwrap();
        assert_eq!((s.claim, s.tactic), (Square::B, Tactic::ForkPrevention));
        let s = sweep(&p, sq("E"), sq("AJ"), false, true).unwrap();
        assert_eq!((s.claim, s.tactic), (Square::C, Tactic::GoodSquare));
        let s = sweep(&p, sq("AC"), sq("BF"), true, true).unwrap();
        assert_eq!((s.claim, s.tactic), (Square::E, Tactic::ForkPrevention));
    }

    #[test]
    fn full_board_homes_without_claim() {
        let mut u = Uniselector::default();
        assert!(u
            .run(
                &ContactPlan::COMPUTOX,
                sq("ACDHJ"),
                sq("BEFG"),
                false,
                false
            )
            .is_none());
        assert_eq!(u.position(), ContactId::HOME);
        assert_eq!(u.steps(), 25);
    }
}
