//! The hybrid proof: Patashnik's strategy for the first player's
//! first K stones, our own search ([`super::dfpn`]) from there on — and with K = 0 the
//! search alone, from the empty board (milestone 3). Either way the result is an
//! [`AttackerStrategy`] whose certificate the independent checker re-checks.
//!
//! The **frontier** is every position, merged under the symmetries, that Patashnik's
//! strategy reaches with the first player to move holding K stones and not already won
//! by a three or a threat sequence; each is one search job, spread over the cores.

use ludomat_game::run::Cancel;
use std::collections::HashSet;
use std::hash::BuildHasherDefault;

use super::attacker::{Answer, AttackerStrategy};
use super::canonical::{canonical, Key};
use super::dfpn::SearchStrategy;
use super::solve::{solve, solve_from, SolveConfig, SolveStatus, Solved};
use super::threats::{Board3, ThreatSearch, O, X};

/// Patashnik's (or any) strategy for the first player's first `k` stones, the search's
/// after.
pub struct HybridStrategy<'a> {
    /// The strategy while the first player has fewer than `k` stones.
    pub before: &'a dyn AttackerStrategy,
    /// Stones the first player holds when the search takes over.
    pub k: u8,
    /// The search's proved moves.
    pub search: SearchStrategy,
}

impl AttackerStrategy for HybridStrategy<'_> {
    fn answer(&self, x: u64, o: u64) -> Option<Answer> {
        if x.count_ones() < u32::from(self.k) {
            self.before.answer(x, o)
        } else {
            self.search.answer(x, o)
        }
    }
}

/// The positions where the search takes over: `before` followed from the empty board
/// against every reply (merged under the symmetries) until the first player, to move,
/// has `k` stones; positions already won by a three or a threat sequence of at most
/// `threat_depth` are left out. `None` where `before` has no answer.
#[must_use]
pub fn frontier(before: &dyn AttackerStrategy, k: u8, threat_depth: u8) -> Option<Vec<(u64, u64)>> {
    frontier_until(before, k, threat_depth, &|| false)
}

/// [`frontier`], ending at once with `None` when `stop` says so (a cancelled run: the
/// caller, who asked, tells it from a strategy without an answer).
#[must_use]
pub fn frontier_until(
    before: &dyn AttackerStrategy,
    k: u8,
    threat_depth: u8,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<(u64, u64)>> {
    let mut seen: HashSet<Key, BuildHasherDefault<super::threats::KeyHasher>> = HashSet::default();
    let mut out = Vec::new();
    let mut ts = ThreatSearch::with_table_bits(16);
    let mut w = Walker {
        before,
        k,
        depth: threat_depth,
        seen: &mut seen,
        ts: &mut ts,
        out: &mut out,
        stop,
    };
    (w.walk(0, 0) && !stop()).then_some(out)
}

/// The walk to the frontier: its settings and what it has found.
struct Walker<'w> {
    before: &'w dyn AttackerStrategy,
    k: u8,
    depth: u8,
    seen: &'w mut HashSet<Key, BuildHasherDefault<super::threats::KeyHasher>>,
    ts: &'w mut ThreatSearch,
    out: &'w mut Vec<(u64, u64)>,
    stop: &'w dyn Fn() -> bool,
}

impl Walker<'_> {
    /// Whether `before` answers all the way to the frontier below (`x`, `o`); false as
    /// soon as `stop` says so.
    fn walk(&mut self, x: u64, o: u64) -> bool {
        if (self.stop)() {
            return false;
        }
        let mut b = Board3::from_stones(x, o);
        if b.threats(X) != 0 {
            return true;
        }
        if x.count_ones() >= u32::from(self.k) {
            if self.ts.search(&mut b, self.depth).is_none() {
                self.out.push((x, o));
            }
            return true;
        }
        let m = match self.before.answer(x, o) {
            Some(Answer::Threats(_)) => return true,
            Some(Answer::Move(m)) => m,
            None => return false,
        };
        let x2 = x | 1 << m;
        let b2 = Board3::from_stones(x2, o);
        let xt = b2.threats(X);
        if xt.count_ones() >= 2 {
            return true;
        }
        if b2.threats(O) != 0 {
            // The second player completes its four.
            return false;
        }
        let replies = if xt != 0 { xt } else { !(x2 | o) };
        let mut r = replies;
        while r != 0 {
            let c = r.trailing_zeros() as usize;
            r &= r - 1;
            let o2 = o | 1 << c;
            if self.seen.insert(canonical(x2, o2).0) && !self.walk(x2, o2) {
                return false;
            }
        }
        true
    }
}

/// A hybrid solve: the frontier of `before` at `k` stones, each position searched (with
/// `k` = 0, the empty board split at the first move). `None` where `before` has no
/// answer on the way to the frontier.
pub fn solve_hybrid<'a>(
    before: &'a dyn AttackerStrategy,
    k: u8,
    config: &SolveConfig,
    cancel: &Cancel,
    status: &mut dyn FnMut(&SolveStatus),
) -> Option<(Solved, HybridStrategy<'a>)> {
    let solved = if k == 0 {
        solve_from(0, 0, config, cancel, status).1
    } else {
        let positions = frontier(before, k, config.limits.threat_depth)?;
        solve(&positions, config, cancel, status)
    };
    let search = solved.strategy.clone();
    Some((solved, HybridStrategy { before, k, search }))
}
