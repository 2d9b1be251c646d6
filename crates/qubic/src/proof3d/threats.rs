//! [`Board3`], a 4×4×4 position for search (two bitboards and per-line stone counts), and
//! its **threat sequences**: the first player (x) makes a three with every move, so each
//! of the second player's (o's) answers is forced, until a move makes two threes at once.
//! A block by o that makes an o three must be answered by an x move that blocks it and is
//! itself a three. This is the "forced win" of Patashnik's 1980 article (step 4 of the
//! dictionary header's play rule).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for keys that are already well mixed (Zobrist keys, bit sets after one
/// multiply): it keeps the last `u64` written, multiplied once.
#[derive(Default, Clone, Copy)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

use super::tables::{tables, Tables, LINES};

/// The first player.
pub const X: usize = 0;
/// The second player.
pub const O: usize = 1;

/// A 4×4×4 position for search.
#[derive(Clone)]
pub struct Board3 {
    t: &'static Tables,
    /// Stones of [x, o] as bit sets (cell `16·tier + 4·row + column`, 0-based).
    pub stones: [u64; 2],
    count: [[u8; 2]; LINES],
    /// Zobrist key of the position as it stands.
    pub hash: u64,
}

impl Default for Board3 {
    fn default() -> Self {
        Board3::empty()
    }
}

impl Board3 {
    /// The empty board.
    #[must_use]
    pub fn empty() -> Board3 {
        Board3 {
            t: tables(),
            stones: [0, 0],
            count: [[0, 0]; LINES],
            hash: 0,
        }
    }

    /// A board holding the given stones (no check that the position is legal).
    #[must_use]
    pub fn from_stones(x: u64, o: u64) -> Board3 {
        let mut b = Board3::empty();
        for (p, set) in [(X, x), (O, o)] {
            let mut s = set;
            while s != 0 {
                let c = s.trailing_zeros() as usize;
                s &= s - 1;
                b.play(c, p);
            }
        }
        b
    }

    /// Occupied cells.
    #[must_use]
    pub fn occupied(&self) -> u64 {
        self.stones[0] | self.stones[1]
    }

    /// Put a stone of `p` on the empty cell `c`.
    pub fn play(&mut self, c: usize, p: usize) {
        self.stones[p] |= 1 << c;
        self.hash ^= self.t.zob[p][c][0];
        for &l in &self.t.through[c] {
            if l == u8::MAX {
                break;
            }
            self.count[l as usize][p] += 1;
        }
    }

    /// Take the stone of `p` off `c`.
    pub fn undo(&mut self, c: usize, p: usize) {
        self.stones[p] &= !(1 << c);
        self.hash ^= self.t.zob[p][c][0];
        for &l in &self.t.through[c] {
            if l == u8::MAX {
                break;
            }
            self.count[l as usize][p] -= 1;
        }
    }

    /// Whether `p` has four in a line.
    #[must_use]
    pub fn has_four(&self, p: usize) -> bool {
        self.count.iter().any(|n| n[p] == 4)
    }

    /// Cells where `p` would complete a line (the empty cells of its threes).
    #[must_use]
    pub fn threats(&self, p: usize) -> u64 {
        let occ = self.occupied();
        let mut s = 0;
        for (l, n) in self.count.iter().enumerate() {
            if n[p] == 3 && n[1 - p] == 0 {
                s |= self.t.line_mask[l] & !occ;
            }
        }
        s
    }

    /// The cells of `cells`, best first for `p`: by the open lines (no stone of the other
    /// player) through each, weighted by `p`'s stones on them (1, 4, 16); ties by cell.
    #[must_use]
    pub fn ranked(&self, cells: u64, p: usize) -> Vec<usize> {
        let mut v: Vec<(u32, usize)> = Vec::new();
        let mut m = cells;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut score = 0;
            for &l in &self.t.through[c] {
                if l == u8::MAX {
                    break;
                }
                let n = self.count[l as usize];
                if n[1 - p] == 0 {
                    score += [1, 4, 16, 64, 0][n[p] as usize];
                }
            }
            v.push((score, c));
        }
        v.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        v.into_iter().map(|(_, c)| c).collect()
    }

    /// The empty cells of `p`'s threes on the lines through `c`.
    #[must_use]
    pub fn threats_through(&self, c: usize, p: usize) -> u64 {
        let occ = self.occupied();
        let mut s = 0;
        for &l in &self.t.through[c] {
            if l == u8::MAX {
                break;
            }
            let n = self.count[l as usize];
            if n[p] == 3 && n[1 - p] == 0 {
                s |= self.t.line_mask[l as usize] & !occ;
            }
        }
        s
    }
}

/// A threat-sequence searcher with a table of positions (x to move) already known to
/// have no sequence up to some length.
#[derive(Default)]
pub struct ThreatSearch {
    failed: HashMap<u64, u8, BuildHasherDefault<KeyHasher>>,
    /// Positions searched.
    pub nodes: u64,
}

/// Entries kept in the failure table before it is cleared.
const FAILED_LIMIT: usize = 4_000_000;

impl ThreatSearch {
    /// A new searcher.
    #[must_use]
    pub fn new() -> ThreatSearch {
        ThreatSearch::default()
    }

    /// The shortest threat sequence of at most `max` x moves (x to move, o has no four):
    /// its x moves, the last one making two threes. Iterative deepening, so the length
    /// found is the least there is.
    pub fn shortest(&mut self, b: &mut Board3, max: u8) -> Option<Vec<usize>> {
        (1..=max).find_map(|d| self.search(b, d))
    }

    /// A threat sequence of at most `depth` x moves, if one exists. The first player must
    /// have no three of its own (it would simply win).
    pub fn search(&mut self, b: &mut Board3, depth: u8) -> Option<Vec<usize>> {
        let dt = b.threats(O);
        self.search_with(b, depth, dt)
    }

    /// [`ThreatSearch::search`] with o's threats `dt` known.
    fn search_with(&mut self, b: &mut Board3, depth: u8, dt: u64) -> Option<Vec<usize>> {
        if depth == 0 || self.failed.get(&b.hash).is_some_and(|&d| d >= depth) {
            return None;
        }
        self.nodes += 1;
        if dt.count_ones() > 1 {
            return None;
        }
        // For each cell, the cells where x threatens after playing it: the other empty
        // cell of every line through it holding two x and no o. (x has no open three: o
        // blocked each, so these are all its threes after the move.)
        let occ = b.occupied();
        let mut partner = [0u64; 64];
        let mut moves = 0u64;
        for (l, n) in b.count.iter().enumerate() {
            if n[X] == 2 && n[O] == 0 {
                let e = b.t.line_mask[l] & !occ;
                let (p, q) = (e.trailing_zeros() as usize, 63 - e.leading_zeros() as usize);
                partner[p] |= 1 << q;
                partner[q] |= 1 << p;
                moves |= e;
            }
        }
        if dt != 0 {
            moves &= dt;
        }
        // A double three wins at once.
        let mut m = moves;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            if partner[c].count_ones() >= 2 {
                return Some(vec![c]);
            }
        }
        if depth == 1 {
            moves = 0;
        }
        while moves != 0 {
            let c = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let block = partner[c].trailing_zeros() as usize;
            b.play(c, X);
            b.play(block, O);
            // o's earlier three (if any) was on c: its new ones go through block.
            let dt = b.threats_through(block, O);
            let r = self.search_with(b, depth - 1, dt);
            b.undo(block, O);
            b.undo(c, X);
            if let Some(mut seq) = r {
                seq.insert(0, c);
                return Some(seq);
            }
        }
        if self.failed.len() > FAILED_LIMIT {
            self.failed.clear();
        }
        let d = self.failed.entry(b.hash).or_insert(0);
        *d = (*d).max(depth);
        None
    }
}

/// Check a threat sequence against the rules from `b` (x to move): every x move is on an
/// empty cell, blocks any o three, and makes a three; o's forced block is played; the
/// last x move leaves two threes and o no four. The number of x moves if it holds.
#[must_use]
pub fn sequence_wins(b: &Board3, seq: &[usize]) -> Option<usize> {
    let mut b = b.clone();
    for (i, &m) in seq.iter().enumerate() {
        if m >= 64 || b.occupied() >> m & 1 == 1 || b.has_four(O) {
            return None;
        }
        let dt = b.threats(O);
        if dt.count_ones() > 1 || (dt != 0 && dt != 1 << m) {
            return None;
        }
        b.play(m, X);
        let t = b.threats(X);
        match t.count_ones() {
            0 => return None,
            1 if i + 1 < seq.len() => b.play(t.trailing_zeros() as usize, O),
            1 => return None,
            _ if i + 1 == seq.len() => return Some(seq.len()),
            _ => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fork_is_a_one_move_sequence() {
        // x on 0 1 (row) and 4 8 (column): 12? no — cell 0's row 0..3 and column 0,4,8,12.
        // x holds 1 2 and 4 8: playing 0 makes threes on both lines.
        let mut b = Board3::from_stones(1 << 1 | 1 << 2 | 1 << 4 | 1 << 8, 1 << 63 | 1 << 62);
        let mut s = ThreatSearch::new();
        let seq = s.shortest(&mut b, 4).unwrap();
        assert_eq!(seq.len(), 1);
        assert_eq!(sequence_wins(&b, &seq), Some(1));
        assert_eq!(sequence_wins(&b, &[3]), None);
    }
}
