//! The relay hazard: two checks on one contact closing at once with different targets.
//!
//! Several checks share a uniselector contact. If two of them close together and name
//! different squares, both `*OA` coils energise and the machine lights two noughts in one
//! move (the Bell Labs relay machine was seen doing exactly this). [`survey`] walks every
//! position the machine can face in a real game and reports every such contact.

use std::collections::HashSet;
use std::fmt;

use crate::plan::ContactPlan;
use crate::uniselector::{sweep, Sweep};
use crate::{Square, Squares};

/// A position the machine faces: its noughts, the human's crosses, the OS and X relays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// The machine's squares.
    pub o: Squares,
    /// The human's squares.
    pub x: Squares,
    /// The machine started.
    pub os: bool,
    /// The X relay is up.
    pub x_relay: bool,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "O:{} X:{}{}{}",
            self.o,
            self.x,
            if self.os { " OS" } else { "" },
            if self.x_relay { " X-relay" } else { "" }
        )
    }
}

/// What [`survey`] found.
#[derive(Debug, Clone, Default)]
pub struct Survey {
    /// Distinct positions (with relay states) in which the machine swept.
    pub positions: usize,
    /// Distinct boards among them (the squares alone, whichever relays were up): the
    /// positions the machine replies to, counted as everywhere else.
    pub boards: usize,
    /// Positions where the firing contact energised two or more squares.
    pub hazards: Vec<(Position, Sweep)>,
    /// Positions where the sweep found nothing (the machine had no move).
    pub stalls: Vec<Position>,
}

/// Enumerate every position the machine can face in a game on `plan` — human starts and
/// machine starts, every human move, and the X relay either up or down at every machine
/// move (it can come up at any time through a secret switch) — and report hazards and
/// stalls. Where a hazard occurs the walk goes on with the table-order claim.
#[must_use]
pub fn survey(plan: &ContactPlan) -> Survey {
    let mut out = Survey::default();
    let mut seen = HashSet::new();
    for os in [false, true] {
        walk(
            plan,
            Squares::NONE,
            Squares::NONE,
            os,
            os,
            &mut seen,
            &mut out,
        );
    }
    out.positions = seen.len();
    out.boards = seen
        .iter()
        .map(|p| (p.o, p.x))
        .collect::<HashSet<_>>()
        .len();
    out
}

fn walk(
    plan: &ContactPlan,
    o: Squares,
    x: Squares,
    os: bool,
    machine_to_move: bool,
    seen: &mut HashSet<Position>,
    out: &mut Survey,
) {
    if o.has_line() || x.has_line() || o.union(x) == Squares::ALL {
        return;
    }
    if machine_to_move {
        for x_relay in [false, true] {
            let p = Position { o, x, os, x_relay };
            if !seen.insert(p) {
                continue;
            }
            match sweep(plan, o, x, os, x_relay) {
                None => out.stalls.push(p),
                Some(s) => {
                    if s.is_hazard() {
                        out.hazards.push((p, s));
                    }
                    walk(plan, o.with(s.claim), x, os, false, seen, out);
                }
            }
        }
    } else {
        for sq in o.union(x).complement().iter() {
            walk(plan, o, x.with(sq), os, true, seen, out);
        }
    }
}

/// Squares a hazard would light: convenience for reports.
#[must_use]
pub fn describe(p: &Position, s: &Sweep) -> String {
    let squares: Vec<String> = s.claims.iter().map(|q: Square| q.to_string()).collect();
    format!("{p}: {} claims {}", s.contact, squares.join(" and "))
}
