//! The contact plan of the main uniselector U1: which checks are wired to which contact.
//!
//! This module holds the machine's whole strategy as one table, [`U1`]. Everything else
//! (the sweep, the agent, the CLI, the hazard survey) reads it.

use std::fmt;
use std::str::FromStr;

use crate::check::{Check, Gate};
use crate::{Line, Square, Squares, Tactic};

/// A contact of the main uniselector, `U1-N1` … `U1-N25`. `U1-N0` is the wiper (the
/// common contact); `U1-N1` is the home position and is not connected on the Computox.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ContactId(u8);

impl ContactId {
    /// The home position, not connected.
    pub const HOME: ContactId = ContactId(1);
    /// The first wired contact.
    pub const FIRST: ContactId = ContactId(2);
    /// The last contact.
    pub const LAST: ContactId = ContactId(25);

    /// Contact `U1-N<number>`, for 1 ≤ number ≤ 25.
    #[must_use]
    pub const fn new(number: u8) -> Option<ContactId> {
        if number >= 1 && number <= 25 {
            Some(ContactId(number))
        } else {
            None
        }
    }

    /// The contact number.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }
}

impl fmt::Display for ContactId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "U1-N{}", self.0)
    }
}

/// A contact name that could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a U1 contact: expected U1-N1 … U1-N25 (or just the number)", ludomat_io::text::escape_controls(.0))]
pub struct ParseContactError(pub String);

impl FromStr for ContactId {
    type Err = ParseContactError;
    /// `U1-N17`, `N17` or `17`.
    fn from_str(s: &str) -> Result<ContactId, ParseContactError> {
        let t = s.trim().to_ascii_uppercase();
        let digits = t
            .strip_prefix("U1-N")
            .or_else(|| t.strip_prefix('N'))
            .unwrap_or(&t);
        digits
            .parse::<u8>()
            .ok()
            .and_then(ContactId::new)
            .ok_or_else(|| ParseContactError(s.trim().to_string()))
    }
}

/// One contact of U1 and the checks wired to it. All checks on a contact are tested at
/// once, in parallel, when the wiper grounds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contact {
    /// Which contact.
    pub id: ContactId,
    /// The tactic of every check on it.
    pub tactic: Tactic,
    /// The line whose checks share the contact (tactics 1 and 2).
    pub line: Option<Line>,
    /// The checks, in table order (the behavioural model's order within a contact).
    pub checks: &'static [Check],
}

const fn sq(letters: &str) -> Squares {
    let bytes = letters.as_bytes();
    let mut set = Squares::NONE;
    let mut i = 0;
    while i < bytes.len() {
        match Square::from_letter(bytes[i] as char) {
            Some(s) => set = set.with(s),
            None => panic!("not a square letter in the contact plan"),
        }
        i += 1;
    }
    set
}

const fn one(letter: char) -> Square {
    match Square::from_letter(letter) {
        Some(s) => s,
        None => panic!("not a square letter in the contact plan"),
    }
}

const fn win(o: &str, target: char) -> Check {
    Check {
        tactic: Tactic::Win,
        o: sq(o),
        x: Squares::NONE,
        target: one(target),
        gate: Gate::Always,
    }
}

const fn block(x: &str, target: char) -> Check {
    Check {
        tactic: Tactic::Block,
        o: Squares::NONE,
        x: sq(x),
        target: one(target),
        gate: Gate::Always,
    }
}

const fn fork(o: &str, x: &str, target: char, gate: Gate) -> Check {
    Check {
        tactic: Tactic::ForkPrevention,
        o: sq(o),
        x: sq(x),
        target: one(target),
        gate,
    }
}

const fn good(target: char, gate: Gate) -> Check {
    Check {
        tactic: Tactic::GoodSquare,
        o: Squares::NONE,
        x: Squares::NONE,
        target: one(target),
        gate,
    }
}

const fn line_contact(n: u8, tactic: Tactic, line: Line, checks: &'static [Check]) -> Contact {
    Contact {
        id: ContactId(n),
        tactic,
        line: Some(line),
        checks,
    }
}

const fn contact(n: u8, tactic: Tactic, checks: &'static [Check]) -> Contact {
    Contact {
        id: ContactId(n),
        tactic,
        line: None,
        checks,
    }
}

use Gate::{Always, OnlyOs, UnlessOs, UnlessX};
use Tactic::{Block, ForkPrevention, GoodSquare, Win};

/// The contact plan of the main uniselector: U1-N2 … U1-N25, one sweep per machine move.
///
/// # Provenance — a reconstruction
///
/// Seed 000 (the Computox restoration blog, "Computox / AUTOX Move Selection") gives the
/// four tactics and their priority, the counts of checks (24 possible wins reduced to
/// **20**, 24 possible blocks reduced to **17**, **6** fork patterns), the good-square
/// orders (human starts `E A J C G B H D`; machine starts, OS relay latched,
/// `A C J G B H D`: E dropped, C and J swapped; F in neither), the X relay cutting five
/// of the six fork checks, and the worked game A, F, C, B → E. The diagrams that list the
/// checks contact by contact are pictures that are not available, so *which* checks are
/// wired and *which share a contact* is ours (spec `computox.md`):
///
/// * **Wins (20), N2–N9, one contact per line** in the order ABC DEF GHJ ADG BEH CFJ AEJ
///   CEG. Of the 24 possible wins six can never fire in a game (BC→A, BH→E, DF→E, DG→A,
///   FJ→C, HJ→G); we wire the 18 that can plus BC→A and DG→A, and leave BH→E, DF→E, FJ→C,
///   HJ→G off ([`UNWIRED`]). Any choice of 20 behaves the same.
/// * **Blocks (17), N10–N16, one contact per line**; line AEJ needs no block at all. These
///   17 are exactly the necessary ones: removing any one loses a game.
/// * **Fork prevention (6), N17**, all six on one contact; the five centre patterns pass
///   through X-B1, the X relay's break contact, so the beatable machine keeps only
///   O:AC X:BF→E (ours: the spec leaves open which one stays; this one is the only fork
///   that arises when the machine starts).
/// * **Good squares, N18–N25**, one square per contact; OS contacts drop E and swap C and
///   J when the machine started.
///
/// With one line per contact, two win (or block) checks on one contact can never match at
/// once (a line with two noughts has one free square), and the survey in
/// [`crate::hazard`] proves by enumerating every reachable position that the fork contact
/// never claims two squares either. So within a contact the order does not matter, and
/// the order of the contacts is the spec's line order: this plan plays exactly the
/// behavioural model (first matching check in table order), which gives 368/153/0 and
/// 87/8/0.
///
/// Of the 25 contacts only N1 is spare, so the 24-position sweep of the AUTOX (Model
/// Engineer, 1956) is this same plan.
pub static U1: [Contact; 24] = [
    line_contact(
        2,
        Win,
        Line::Abc,
        &[win("BC", 'A'), win("AC", 'B'), win("AB", 'C')],
    ),
    line_contact(3, Win, Line::Def, &[win("EF", 'D'), win("DE", 'F')]),
    line_contact(4, Win, Line::Ghj, &[win("GJ", 'H'), win("GH", 'J')]),
    line_contact(
        5,
        Win,
        Line::Adg,
        &[win("DG", 'A'), win("AG", 'D'), win("AD", 'G')],
    ),
    line_contact(6, Win, Line::Beh, &[win("EH", 'B'), win("BE", 'H')]),
    line_contact(7, Win, Line::Cfj, &[win("CJ", 'F'), win("CF", 'J')]),
    line_contact(
        8,
        Win,
        Line::Aej,
        &[win("EJ", 'A'), win("AJ", 'E'), win("AE", 'J')],
    ),
    line_contact(
        9,
        Win,
        Line::Ceg,
        &[win("EG", 'C'), win("CG", 'E'), win("CE", 'G')],
    ),
    line_contact(10, Block, Line::Abc, &[block("AC", 'B'), block("AB", 'C')]),
    line_contact(11, Block, Line::Def, &[block("EF", 'D'), block("DE", 'F')]),
    line_contact(
        12,
        Block,
        Line::Ghj,
        &[block("HJ", 'G'), block("GJ", 'H'), block("GH", 'J')],
    ),
    line_contact(13, Block, Line::Adg, &[block("AG", 'D'), block("AD", 'G')]),
    line_contact(
        14,
        Block,
        Line::Beh,
        &[block("EH", 'B'), block("BH", 'E'), block("BE", 'H')],
    ),
    line_contact(
        15,
        Block,
        Line::Cfj,
        &[block("FJ", 'C'), block("CJ", 'F'), block("CF", 'J')],
    ),
    line_contact(16, Block, Line::Ceg, &[block("EG", 'C'), block("CE", 'G')]),
    contact(
        17,
        ForkPrevention,
        &[
            fork("E", "AJ", 'B', UnlessX),
            fork("E", "CG", 'B', UnlessX),
            fork("E", "CH", 'J', UnlessX),
            fork("E", "FG", 'J', UnlessX),
            fork("E", "FH", 'J', UnlessX),
            fork("AC", "BF", 'E', Always),
        ],
    ),
    contact(18, GoodSquare, &[good('E', UnlessOs)]),
    contact(19, GoodSquare, &[good('A', Always)]),
    contact(20, GoodSquare, &[good('J', UnlessOs), good('C', OnlyOs)]),
    contact(21, GoodSquare, &[good('C', UnlessOs), good('J', OnlyOs)]),
    contact(22, GoodSquare, &[good('G', Always)]),
    contact(23, GoodSquare, &[good('B', Always)]),
    contact(24, GoodSquare, &[good('H', Always)]),
    contact(25, GoodSquare, &[good('D', Always)]),
];

/// The eleven possible wins and blocks that are *not* wired: BH→E, DF→E, FJ→C, HJ→G
/// (wins that can never fire) and AE→J, AJ→E, BC→A, CG→E, DF→E, DG→A, EJ→A (blocks that
/// never matter). Kept as data so a test can wire them in and show nothing changes.
pub static UNWIRED: [Check; 11] = [
    win("BH", 'E'),
    win("DF", 'E'),
    win("FJ", 'C'),
    win("HJ", 'G'),
    block("AE", 'J'),
    block("AJ", 'E'),
    block("BC", 'A'),
    block("CG", 'E'),
    block("DF", 'E'),
    block("DG", 'A'),
    block("EJ", 'A'),
];

/// A contact plan: the contacts in wiper order, some possibly cut (a museum "what if").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContactPlan {
    contacts: &'static [Contact],
    cut: u32,
}

impl ContactPlan {
    /// The Computox's (and the AUTOX's) plan, [`U1`].
    pub const COMPUTOX: ContactPlan = ContactPlan {
        contacts: &U1,
        cut: 0,
    };

    /// Another wiring, contacts in wiper order (for experiments and tests).
    #[must_use]
    pub const fn new(contacts: &'static [Contact]) -> ContactPlan {
        ContactPlan { contacts, cut: 0 }
    }

    /// The plan with contact `id` disconnected.
    #[must_use]
    pub const fn cut(self, id: ContactId) -> ContactPlan {
        ContactPlan {
            contacts: self.contacts,
            cut: self.cut | 1 << id.0,
        }
    }

    /// The plan with every contact of `tactic` disconnected, e.g. the machine without
    /// fork prevention.
    #[must_use]
    pub fn without(self, tactic: Tactic) -> ContactPlan {
        self.contacts
            .iter()
            .filter(|c| c.tactic == tactic)
            .fold(self, |p, c| p.cut(c.id))
    }

    /// Whether contact `id` is disconnected.
    #[must_use]
    pub const fn is_cut(&self, id: ContactId) -> bool {
        self.cut & 1 << id.0 != 0
    }

    /// Every contact of the plan, cut or not, in wiper order.
    #[must_use]
    pub const fn contacts(&self) -> &'static [Contact] {
        self.contacts
    }

    /// The connected contacts in wiper order.
    pub fn live(&self) -> impl Iterator<Item = &'static Contact> + '_ {
        self.contacts.iter().filter(|c| !self.is_cut(c.id))
    }

    /// The tactic-4 order of squares as wired, for the human starting (`os` false) or
    /// the machine starting (`os` true, the OS relay latched).
    #[must_use]
    pub fn good_square_order(&self, os: bool) -> Vec<Square> {
        self.live()
            .filter(|c| c.tactic == Tactic::GoodSquare)
            .flat_map(|c| c.checks.iter())
            .filter(|k| k.gate.passes(os, false))
            .map(|k| k.target)
            .collect()
    }

    /// Connected checks of `tactic`.
    #[must_use]
    pub fn count(&self, tactic: Tactic) -> usize {
        self.live()
            .flat_map(|c| c.checks.iter())
            .filter(|c| c.tactic == tactic)
            .count()
    }
}

impl Default for ContactPlan {
    fn default() -> Self {
        ContactPlan::COMPUTOX
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_has_the_seeds_numbers() {
        let p = ContactPlan::COMPUTOX;
        assert_eq!(p.count(Tactic::Win), 20);
        assert_eq!(p.count(Tactic::Block), 17);
        assert_eq!(p.count(Tactic::ForkPrevention), 6);
        // Eight good squares, two of them on OS changeover contacts.
        assert_eq!(p.count(Tactic::GoodSquare), 10);
        let ids: Vec<u8> = U1.iter().map(|c| c.id.number()).collect();
        assert_eq!(ids, (2..=25).collect::<Vec<_>>());
        // Tactics never go backwards along the sweep.
        assert!(U1.windows(2).all(|w| w[0].tactic <= w[1].tactic));
        // Every check sits on a contact of its own tactic.
        assert!(U1
            .iter()
            .all(|c| c.checks.iter().all(|k| k.tactic == c.tactic)));
        // Line contacts hold only checks of their line.
        for c in &U1 {
            if let Some(line) = c.line {
                for k in c.checks {
                    let all = k.o.union(k.x).with(k.target);
                    assert_eq!(all, line.squares(), "{} {k}", c.id);
                }
            }
        }
        assert_eq!(
            p.without(Tactic::ForkPrevention)
                .count(Tactic::ForkPrevention),
            0
        );
        assert_eq!(p.without(Tactic::ForkPrevention).count(Tactic::Block), 17);
    }

    #[test]
    fn good_square_orders_are_the_seeds() {
        let order = |os| {
            ContactPlan::COMPUTOX
                .good_square_order(os)
                .iter()
                .map(ToString::to_string)
                .collect::<String>()
        };
        assert_eq!(order(false), "EAJCGBHD");
        assert_eq!(order(true), "ACJGBHD");
    }

    #[test]
    fn wired_and_unwired_make_all_48() {
        let mut all: Vec<(Tactic, Squares, Square)> = U1
            .iter()
            .flat_map(|c| c.checks.iter())
            .chain(UNWIRED.iter())
            .filter(|k| matches!(k.tactic, Tactic::Win | Tactic::Block))
            .map(|k| (k.tactic, k.o.union(k.x), k.target))
            .collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 48);
    }

    #[test]
    fn contact_ids_parse_and_display() {
        assert_eq!("U1-N17".parse::<ContactId>().map(|c| c.number()), Ok(17));
        assert_eq!(
            "n2".parse::<ContactId>().map(|c| c.to_string()),
            Ok("U1-N2".into())
        );
        assert!("U1-N26".parse::<ContactId>().is_err());
        assert!("0".parse::<ContactId>().is_err());
        assert!("x".parse::<ContactId>().is_err());
    }
}
