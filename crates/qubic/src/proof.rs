//! A proof search for the first player's forced win on 4^D (made for 4⁴, where the seed
//! says the first mover wins trivially).
//!
//! An AND/OR search: at the first player's (the attacker's) turns *some* move must win,
//! at the defender's turns *every* move must lose. The attacker tries, in this order: an
//! immediate win; the forced block of a defender three; a **threat sequence** (continuous
//! threats — each attacker move makes a three, so the defender's answer is forced —
//! ending in a double threat); and only then, while quiet moves are left, a few quiet
//! moves ranked by the open lines they build on. The defender answers an attacker three
//! with the block (anything else loses at once) and otherwise tries **every** empty cell.
//! Its answers to the first move are taken once per class under the symmetries fixing
//! that move. Quiet moves come first when they leave the defender the fewest cells that
//! touch every threat sequence the attacker then has (the replies needing a search).
//!
//! This module holds the search board and its tactics; [`strategy`] grows the strategy
//! tree with them, packs it and checks it against the rules; [`player`] plays a tree.
//! The stored tree proves the forced win on 4⁴ within 22 first-player moves.

use std::collections::{HashMap, HashSet};

pub mod player;
pub mod strategy;

use crate::{layout, Cell, CellSet};

/// Limits of the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProofLimits {
    /// Quiet (non-forcing) attacker moves allowed after the first move.
    pub quiet_moves: u8,
    /// Quiet candidate moves tried at each attacker turn.
    pub candidates: usize,
    /// Longest threat sequence tried.
    pub threat_depth: u8,
    /// Quiet candidates tried for the first quiet move (the widest choice, where a
    /// wrong turn costs the most).
    pub first_candidates: usize,
}

impl ProofLimits {
    /// Quiet candidates tried with `quiet` quiet moves left.
    fn width(&self, quiet: u8) -> usize {
        if quiet >= self.quiet_moves {
            self.first_candidates.max(self.candidates)
        } else {
            self.candidates
        }
    }
}

impl Default for ProofLimits {
    fn default() -> Self {
        ProofLimits {
            quiet_moves: 2,
            candidates: 6,
            threat_depth: 12,
            first_candidates: 6,
        }
    }
}

struct Search<'a> {
    lines: &'a [Vec<u16>],
    through: Vec<&'a [u16]>,
    /// Per line: stones of [attacker, defender].
    count: Vec<[u8; 2]>,
    /// Per cell: 0 empty, 1 attacker, 2 defender.
    cell: Vec<u8>,
    limits: ProofLimits,
    nodes: u64,
    /// Zobrist hash of the position.
    hash: u64,
    /// Positions (by hash) where no threat sequence of at most this depth wins.
    failed: HashMap<u64, u8>,
}

/// Zobrist key of a stone of player `p` on cell `c` (splitmix64).
fn zobrist(c: usize, p: usize) -> u64 {
    let mut z = (c as u64 * 2 + p as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Threat sequences kept per position for answering defences by replay.
const PLANS: usize = 6;

const ATT: usize = 0;
const DEF: usize = 1;

impl Search<'static> {
    /// An empty 4^D board for the search, with no stone placed.
    fn empty<const D: usize>(limits: ProofLimits) -> Self {
        let g = layout::<D>().geometry;
        let n = Cell::<D>::COUNT;
        Search {
            lines: g.lines(),
            through: (0..n).map(|c| g.lines_through(c)).collect(),
            count: vec![[0, 0]; g.lines().len()],
            cell: vec![0; n],
            limits,
            nodes: 0,
            hash: 0,
            failed: HashMap::new(),
        }
    }
}

impl<'a> Search<'a> {
    fn play(&mut self, c: usize, p: usize) {
        self.cell[c] = p as u8 + 1;
        self.hash ^= zobrist(c, p);
        for &l in self.through[c] {
            self.count[l as usize][p] += 1;
        }
    }

    fn undo(&mut self, c: usize, p: usize) {
        self.cell[c] = 0;
        self.hash ^= zobrist(c, p);
        for &l in self.through[c] {
            self.count[l as usize][p] -= 1;
        }
    }

    /// Cells where `p` completes a line (its threes' empty cells).
    fn threats(&self, p: usize) -> CellSet {
        let mut s = CellSet::EMPTY;
        for (l, n) in self.count.iter().enumerate() {
            if n[p] == 3 && n[1 - p] == 0 {
                if let Some(&c) = self.lines[l].iter().find(|&&c| self.cell[c as usize] == 0) {
                    s.insert(c as usize);
                }
            }
        }
        s
    }

    /// Replay a threat sequence move by move, checking that every step is still forced;
    /// Some(attacker moves to the win) if it still wins.
    fn replay(&mut self, seq: &[usize]) -> Option<u8> {
        let mut played: Vec<(usize, usize)> = Vec::new();
        let mut result = None;
        for (i, &m) in seq.iter().enumerate() {
            if !self.threats(ATT).is_empty() {
                result = Some(i as u8 + 1);
                break;
            }
            let dt = self.threats(DEF);
            if dt.len() > 1 || (dt.len() == 1 && !dt.contains(m)) || self.cell[m] != 0 {
                break;
            }
            self.play(m, ATT);
            played.push((m, ATT));
            let t = self.threats(ATT);
            if t.len() >= 2 {
                result = Some(i as u8 + 2);
                break;
            }
            let Some(b) = t.iter().next() else { break };
            self.play(b, DEF);
            played.push((b, DEF));
        }
        for &(c, p) in played.iter().rev() {
            self.undo(c, p);
        }
        result
    }

    /// Continuous threats ending in a double threat: the attacker's moves, if found.
    /// A defender block that makes a three must be answered by an attacker block that is
    /// itself a threat.
    fn vcf(&mut self, depth: u8) -> Option<Vec<usize>> {
        self.vcf_plans(depth, 1).pop()
    }

    /// Up to `limit` winning threat sequences with different first moves.
    fn vcf_plans(&mut self, depth: u8, limit: usize) -> Vec<Vec<usize>> {
        let mut plans = Vec::new();
        if depth == 0 || self.failed.get(&self.hash).is_some_and(|&d| d >= depth) {
            return plans;
        }
        self.nodes += 1;
        let dt = self.threats(DEF);
        let forced = match dt.len() {
            0 => None,
            1 => dt.iter().next(),
            _ => return plans,
        };
        let mut tried = CellSet::EMPTY;
        for l in 0..self.lines.len() {
            let n = self.count[l];
            if n[ATT] != 2 || n[DEF] != 0 {
                continue;
            }
            for &c in &self.lines[l] {
                let c = c as usize;
                if self.cell[c] != 0 || tried.contains(c) || forced.is_some_and(|f| f != c) {
                    continue;
                }
                tried.insert(c);
                self.play(c, ATT);
                let t = self.threats(ATT);
                let r = match t.len() {
                    0 => None,
                    1 => {
                        let b = t.iter().next().unwrap_or(0);
                        self.play(b, DEF);
                        let r = self.vcf(depth - 1);
                        self.undo(b, DEF);
                        r
                    }
                    _ => Some(Vec::new()),
                };
                self.undo(c, ATT);
                if let Some(mut seq) = r {
                    seq.insert(0, c);
                    plans.push(seq);
                    if plans.len() >= limit {
                        return plans;
                    }
                }
            }
        }
        if self.failed.len() > 20_000_000 {
            self.failed.clear();
        }
        if plans.is_empty() {
            let d = self.failed.entry(self.hash).or_insert(0);
            *d = (*d).max(depth);
        }
        plans
    }

    /// The cells a threat sequence uses (its moves, the forced blocks, the completing
    /// cells): a defence off all of them leaves the sequence intact, barring a defender
    /// three it would make.
    fn plan_cells(&mut self, seq: &[usize]) -> CellSet {
        let mut used = CellSet::EMPTY;
        let mut played: Vec<(usize, usize)> = Vec::new();
        for &m in seq {
            if self.cell[m] != 0 {
                break;
            }
            self.play(m, ATT);
            played.push((m, ATT));
            used.insert(m);
            let t = self.threats(ATT);
            used = used.or(t);
            if t.len() != 1 {
                break;
            }
            let Some(b) = t.iter().next() else { break };
            self.play(b, DEF);
            played.push((b, DEF));
        }
        for &(c, p) in played.iter().rev() {
            self.undo(c, p);
        }
        used
    }

    /// Quiet moves to try (at most `width`): among the best-placed cells (open lines
    /// built on), first those after which the attacker threatens a winning threat
    /// sequence, the ones leaving the defender the fewest cells that touch every such
    /// sequence (the replies that need a search of their own) first.
    fn quiet_candidates(&mut self, width: usize) -> Vec<usize> {
        let weight = [1u32, 12, 0, 0, 0];
        let mut scored: Vec<(u32, usize)> = (0..self.cell.len())
            .filter(|&c| self.cell[c] == 0)
            .map(|c| {
                let s: u32 = self.through[c]
                    .iter()
                    .map(|&l| {
                        let n = self.count[l as usize];
                        if n[DEF] == 0 {
                            weight[n[ATT] as usize]
                        } else {
                            0
                        }
                    })
                    .sum();
                (s, c)
            })
            .collect();
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let pool: Vec<usize> = scored.into_iter().take(4 * width).map(|(_, c)| c).collect();
        let mut threatening = Vec::new();
        let mut rest = Vec::new();
        for c in pool {
            self.play(c, ATT);
            let plans = self.vcf_plans(self.limits.threat_depth, PLANS);
            let mut hard = CellSet([!0; 4]);
            for p in &plans {
                hard = hard.and(self.plan_cells(p));
            }
            self.undo(c, ATT);
            match plans.iter().map(Vec::len).min() {
                Some(len) => threatening.push((hard.len(), len, c)),
                None => rest.push(c),
            }
        }
        threatening.sort_unstable();
        threatening
            .into_iter()
            .map(|(_, _, c)| c)
            .chain(rest)
            .take(width)
            .collect()
    }
}

/// The symmetries of 4^D as cell maps: axis orders, per-axis reversals, and the two
/// line-keeping maps applied to every coordinate (inner swap, inside-out).
fn symmetries<const D: usize>() -> Vec<Vec<u8>> {
    let n = Cell::<D>::COUNT;
    let map = |f: &dyn Fn(Vec<usize>) -> Vec<usize>| -> Vec<u8> {
        (0..n)
            .map(|i| {
                let coords: Vec<usize> = (0..D).map(|a| (i >> (2 * (D - 1 - a))) & 3).collect();
                f(coords).iter().fold(0usize, |acc, &c| acc * 4 + c) as u8
            })
            .collect()
    };
    let mut gens: Vec<Vec<u8>> = vec![
        map(&|mut c| {
            c.swap(0, 1);
            c
        }),
        map(&|mut c| {
            c.rotate_left(1);
            c
        }),
        map(&|mut c| {
            c[0] = 3 - c[0];
            c
        }),
        map(&|c| c.iter().map(|&x| [0, 2, 1, 3][x]).collect()),
        map(&|c| c.iter().map(|&x| [1, 0, 3, 2][x]).collect()),
    ];
    gens.dedup();
    let identity: Vec<u8> = (0..n).map(|i| i as u8).collect();
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    seen.insert(identity.clone());
    let mut all = vec![identity];
    let mut i = 0;
    while i < all.len() {
        for g in &gens {
            let t: Vec<u8> = all[i].iter().map(|&x| g[x as usize]).collect();
            if seen.insert(t.clone()) {
                all.push(t);
            }
        }
        i += 1;
    }
    all
}

/// Number of symmetries of 4^D found by closure (192 for D = 3, 1536 for D = 4).
#[must_use]
pub fn symmetry_count<const D: usize>() -> usize {
    symmetries::<D>().len()
}

/// A first player that plays by the search's rules: complete four, block a three, start
/// a winning threat sequence, else the quiet move that threatens one (ranked as in the
/// proof search). Used to measure how fast the first player wins in 4D.
#[derive(Debug, Clone, Copy, Default)]
pub struct ThreatAgent {
    /// Search limits (threat depth, quiet candidates).
    pub limits: ProofLimits,
}

impl<const D: usize> ludomat_game::Agent<crate::Board<D>> for ThreatAgent {
    fn name(&self) -> String {
        "threats".into()
    }

    fn choose(&mut self, position: &crate::Board<D>) -> Result<Cell<D>, ludomat_game::AgentError> {
        use ludomat_game::Game;
        let me = position.side_to_move();
        let mut s = Search::empty::<D>(self.limits);
        for c in position.cells_of(me).iter() {
            s.play(c, ATT);
        }
        for c in position.cells_of(me.opponent()).iter() {
            s.play(c, DEF);
        }
        let pick = if let Some(c) = s.threats(ATT).iter().next() {
            Some(c)
        } else if let Some(c) = s.threats(DEF).iter().next() {
            Some(c)
        } else if let Some(seq) = s.vcf(self.limits.threat_depth) {
            seq.first().copied()
        } else {
            s.quiet_candidates(self.limits.candidates).first().copied()
        };
        pick.and_then(Cell::new)
            .or_else(|| position.empty_cells().next())
            .ok_or_else(|| ludomat_game::AgentError::Failed("board full".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetry_groups() {
        assert_eq!(symmetry_count::<3>(), 192);
    }

    #[test]
    fn threat_sequence_finds_a_double_threat() {
        // Attacker stones on two 4D lines that meet at an empty cell: one move wins.
        let mut s = Search::empty::<4>(ProofLimits::default());
        // Row 1111..1114 and column 1111..1141: stones at 1112 1113, 1121 1131.
        for c in ["1112", "1113", "1121", "1131"] {
            s.play(c.parse::<Cell<4>>().unwrap().index(), ATT);
        }
        assert_eq!(s.vcf(2).map(|v| v.len()), Some(1));
        assert!(s
            .vcf(2)
            .is_some_and(|v| v[0] == "1111".parse::<Cell<4>>().unwrap().index()));
    }
}
