//! [`Board3`], a 4×4×4 position for search (two bitboards and per-line stone counts), and
//! its **threat sequences**: the first player (x) makes a three with every move, so each
//! of the second player's (o's) answers is forced, until a move makes two threes at once.
//! A block by o that makes an o three must be answered by an x move that blocks it and is
//! itself a three. This is the "forced win" of Patashnik's 1980 article (step 4 of the
//! dictionary header's play rule).

use std::hash::Hasher;

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

/// A 4×4×4 position for search. Besides the stones it keeps — updated with every stone
/// by a few operations on bit sets over the 76 lines, never by scanning them — the lines
/// with no stone and, for each player and *k* = 1–4, the lines where it has *k* stones
/// and the other none ([`Board3::open_lines`]): the two-stone lines are the threat
/// search's moves, the three-stone lines the threes to block, a four-stone line a win.
#[derive(Clone)]
pub struct Board3 {
    t: &'static Tables,
    /// Stones of [x, o] as bit sets (cell `16·tier + 4·row + column`, 0-based).
    pub stones: [u64; 2],
    /// Lines with no stone (bit `l` for line `l`).
    empty: u128,
    /// `open[p][k − 1]`: lines with `k` stones of `p` and none of the other player.
    open: [[u128; 4]; 2],
    /// Zobrist key of the position as it stands.
    pub hash: u64,
}

impl Default for Board3 {
    fn default() -> Self {
        Board3::empty()
    }
}

/// The cells of a cell set, lowest first.
#[inline]
fn cells_of(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            c
        })
    })
}

/// The lines of a line set, lowest first.
#[inline]
fn lines_of(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let l = set.trailing_zeros() as usize;
            set &= set - 1;
            l
        })
    })
}

impl Board3 {
    /// The empty board.
    #[must_use]
    pub fn empty() -> Board3 {
        Board3 {
            t: tables(),
            stones: [0, 0],
            empty: (1u128 << LINES) - 1,
            open: [[0; 4]; 2],
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
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.stones[0] | self.stones[1]
    }

    /// Put a stone of `p` on the empty cell `c`: each line through `c` moves up one
    /// among `p`'s open lines (an empty line becomes a one-stone line), and the other
    /// player's open lines through `c` close.
    #[inline]
    pub fn play(&mut self, c: usize, p: usize) {
        let (c, p) = (c & 63, p & 1);
        let lc = self.t.through_set[c];
        self.stones[p] |= 1 << c;
        self.hash ^= self.t.zob0[p][c];
        let fresh = self.empty & lc;
        self.empty ^= fresh;
        let m = &mut self.open[p];
        let (n1, n2, n3) = (m[0] & lc, m[1] & lc, m[2] & lc);
        m[0] = (m[0] ^ n1) | fresh;
        m[1] = (m[1] ^ n2) | n1;
        m[2] = (m[2] ^ n3) | n2;
        m[3] |= n3;
        for set in &mut self.open[1 - p] {
            *set &= !lc;
        }
    }

    /// Take the stone of `p` off `c`.
    #[inline]
    pub fn undo(&mut self, c: usize, p: usize) {
        let (c, p) = (c & 63, p & 1);
        let q = 1 - p;
        let lc = self.t.through_set[c];
        self.stones[p] &= !(1 << c);
        self.hash ^= self.t.zob0[p][c];
        let m = &mut self.open[p];
        let (n1, n2, n3, n4) = (m[0] & lc, m[1] & lc, m[2] & lc, m[3] & lc);
        m[0] = (m[0] ^ n1) | n2;
        m[1] = (m[1] ^ n2) | n3;
        m[2] = (m[2] ^ n3) | n4;
        m[3] ^= n4;
        self.empty |= n1;
        // The other lines through c hold stones of the other player too: those where c
        // was p's only stone are the other player's alone again.
        for l in lines_of(lc & !(n1 | n2 | n3 | n4)) {
            let mask = self.t.line_mask[l];
            if mask & self.stones[p] == 0 {
                let k = (mask & self.stones[q]).count_ones() as usize;
                self.open[q][(k.clamp(1, 4) - 1) & 3] |= 1 << l;
            }
        }
    }

    /// The lines holding `k` (1–4) stones of `p` and none of the other player, as a bit
    /// set over the 76 lines.
    #[must_use]
    #[inline]
    pub fn open_lines(&self, p: usize, k: usize) -> u128 {
        self.open[p & 1][(k.clamp(1, 4) - 1) & 3]
    }

    /// Whether `p` has four in a line.
    #[must_use]
    #[inline]
    pub fn has_four(&self, p: usize) -> bool {
        self.open_lines(p, 4) != 0
    }

    /// Cells where `p` would complete a line (the empty cells of its threes).
    #[must_use]
    #[inline]
    pub fn threats(&self, p: usize) -> u64 {
        self.cells_of_lines(self.open_lines(p, 3))
    }

    /// The empty cells of the lines `set`.
    #[must_use]
    #[inline]
    pub fn cells_of_lines(&self, set: u128) -> u64 {
        let mut s = 0;
        for l in lines_of(set) {
            s |= self.t.line_mask[l];
        }
        s & !self.occupied()
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
                let n = self.line_count(l as usize);
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
    #[inline]
    pub fn threats_through(&self, c: usize, p: usize) -> u64 {
        self.cells_of_lines(self.open_lines(p, 3) & self.t.through_set[c])
    }

    /// The first player's threat moves `moves` (the empty cells of its two-stone lines,
    /// `twos` all of them) sorted into 16 classes, the most promising last: a move whose
    /// new two-stone lines meet the other two-stone lines' cells (or each other) prepares
    /// a double three (class 4 per meeting cell, at most 12), then 1 per new two-stone
    /// line (at most 3). Within a class the cells go in order.
    fn threat_classes(&self, moves: u64, twos: u64) -> [u64; 16] {
        let occ = self.occupied();
        let ones = self.open_lines(X, 1);
        let mut classes = [0u64; 16];
        let mut m = moves;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            let fresh = ones & self.t.through_set[c];
            let (mut cells, mut twice) = (0u64, 0u64);
            for l in lines_of(fresh) {
                let e = self.t.line_mask[l] & !occ & !(1 << c);
                twice |= cells & e;
                cells |= e;
            }
            let meets = (cells & twos & !(1 << c)) | twice;
            let class = 4 * meets.count_ones().min(3) + fresh.count_ones().min(3);
            classes[class as usize & 15] |= 1 << c;
        }
        classes
    }

    /// The number of stones of [x, o] on line `l`.
    #[must_use]
    #[inline]
    pub fn line_count(&self, l: usize) -> [u8; 2] {
        let mask = self.t.line_mask[l % LINES];
        [
            (mask & self.stones[X]).count_ones() as u8,
            (mask & self.stones[O]).count_ones() as u8,
        ]
    }
}

/// A threat-sequence searcher with a table of positions (x to move) already known to
/// have no sequence up to some length: direct-mapped, one word per slot (the position's
/// key with the length in its low five bits), the newest entry kept. A slot lost only
/// costs a search again; the answers do not depend on the table.
pub struct ThreatSearch {
    failed: Vec<u64>,
    shift: u32,
    /// Try the threats most likely to lead on first ([`ThreatSearch::ordered`]).
    ordered: bool,
    /// Positions searched.
    pub nodes: u64,
    /// The key change of one second-player stone that the search may take away when it
    /// reads the table (0: none).
    base: u64,
}

impl Default for ThreatSearch {
    fn default() -> Self {
        ThreatSearch::new()
    }
}

/// The low bits of a failure-table word that hold the length.
const DEPTH_BITS: u64 = 31;

/// Whether the table word `known` says the position with key `hash` has no sequence of
/// `depth` moves.
#[inline]
fn fails(known: u64, hash: u64, depth: u8) -> bool {
    depth == 0
        || (known & !DEPTH_BITS == hash & !DEPTH_BITS && known & DEPTH_BITS >= u64::from(depth))
}

/// Slots of a searcher made by [`ThreatSearch::new`] (a one-off search: quick to make).
const SMALL_TABLE_BITS: u32 = 12;

impl ThreatSearch {
    /// A new searcher with a small table (for a few searches).
    #[must_use]
    pub fn new() -> ThreatSearch {
        ThreatSearch::with_table_bits(SMALL_TABLE_BITS)
    }

    /// A new searcher whose table has 2^`bits` slots (8 bytes each; `bits` 4–30).
    #[must_use]
    pub fn with_table_bits(bits: u32) -> ThreatSearch {
        let bits = bits.clamp(4, 30);
        ThreatSearch {
            failed: vec![0; 1 << bits],
            shift: 64 - bits,
            ordered: false,
            nodes: 0,
            base: 0,
        }
    }

    /// The same searcher trying, at each position, first the threats whose move makes
    /// new two-stone lines meeting the others (a double three one move later), then those
    /// making the most new two-stone lines; ties by cell. It finds a sequence wherever the
    /// plain order does (the search is exhaustive either way), usually after fewer
    /// positions, and often another one.
    #[must_use]
    pub fn ordered(mut self) -> ThreatSearch {
        self.ordered = true;
        self
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
        let depth = depth.min(DEPTH_BITS as u8);
        if self.known_to_fail(b.hash, depth) {
            return None;
        }
        let dt = b.threats(O);
        let mut seq = self.search_with(b, depth, dt)?;
        seq.reverse();
        Some(seq)
    }

    /// [`ThreatSearch::search`] on `b`, which holds a second-player stone on `extra`: the
    /// table also answers for the position without it (a position with no sequence has
    /// none with one more second-player stone either).
    pub fn search_beside(&mut self, b: &mut Board3, depth: u8, extra: usize) -> Option<Vec<usize>> {
        self.base = b.t.zob0[O][extra & 63];
        let r = self.search(b, depth);
        self.base = 0;
        r
    }

    /// Whether the position with key `hash` is in the table as having no sequence of
    /// `depth` moves.
    #[inline]
    fn known_to_fail(&self, hash: u64, depth: u8) -> bool {
        fails(self.failed[(hash >> self.shift) as usize], hash, depth)
            || (self.base != 0 && {
                let h = hash ^ self.base;
                fails(self.failed[(h >> self.shift) as usize], h, depth)
            })
    }

    /// [`ThreatSearch::search`] with o's threats `dt` known; the sequence comes back
    /// last move first.
    fn search_with(&mut self, b: &Board3, depth: u8, dt: u64) -> Option<Vec<usize>> {
        if depth == 0 {
            return None;
        }
        self.nodes += 1;
        if dt.count_ones() > 1 {
            return None;
        }
        // x's moves: the empty cells of its two-stone lines (x has no open three: o
        // blocked each). A cell on two of them makes two threes at once and wins.
        let occ = b.occupied();
        let twos = b.open_lines(X, 2);
        let (mut seen, mut twice) = (0u64, 0u64);
        for l in lines_of(twos) {
            let e = b.t.line_mask[l] & !occ;
            twice |= seen & e;
            seen |= e;
        }
        let mut moves = if dt != 0 { seen & dt } else { seen };
        let twos_cells = seen;
        if moves & twice != 0 {
            return Some(vec![(moves & twice).trailing_zeros() as usize]);
        }
        if depth == 1 {
            moves = 0;
        }
        let classes = if self.ordered {
            b.threat_classes(moves, twos_cells)
        } else {
            let mut c = [0u64; 16];
            c[15] = moves;
            c
        };
        let order = || classes.iter().rev().flat_map(|&m| cells_of(m));
        let block_of = |c: usize| {
            // The one two-stone line through c: o must block its other empty cell.
            let l = (twos & b.t.through_set[c]).trailing_zeros() as usize;
            (b.t.line_mask[l % LINES] & !occ & !(1 << c)).trailing_zeros() as usize & 63
        };
        let after = |c: usize, block: usize| b.hash ^ b.t.zob0[X][c] ^ b.t.zob0[O][block];
        // The table's word for the position after each of the first moves and its forced
        // block, read for all of them at once so the waits on memory overlap (a word read
        // early can only be older, never wrong: the table holds facts).
        let mut known = [0u64; 16];
        for (k, c) in known.iter_mut().zip(order()) {
            *k = self.failed[(after(c, block_of(c)) >> self.shift) as usize];
        }
        for (i, c) in order().enumerate() {
            let block = block_of(c);
            let h = after(c, block);
            let word = match known.get(i) {
                Some(&k) => k,
                None => self.failed[(h >> self.shift) as usize],
            };
            // Known from another order of the same threats: no need to play it.
            if fails(word, h, depth - 1) || (self.base != 0 && self.known_to_fail(h, depth - 1)) {
                continue;
            }
            let mut child = b.clone();
            child.play(c, X);
            child.play(block, O);
            // o's earlier three (if any) was on c: its new ones go through block.
            let dt = child.threats_through(block, O);
            if let Some(mut seq) = self.search_with(&child, depth - 1, dt) {
                seq.push(c);
                return Some(seq);
            }
        }
        // Searched to `depth` (so the table did not know it to this depth): noted.
        self.failed[(b.hash >> self.shift) as usize] = (b.hash & !DEPTH_BITS) | u64::from(depth);
        None
    }
}

thread_local! {
    /// Each thread's searchers for one-off searches (a strategy answering position after
    /// position): their tables carry over from one search to the next.
    static SEARCHERS: std::cell::RefCell<[ThreatSearch; 2]> = std::cell::RefCell::new([
        ThreatSearch::with_table_bits(16),
        ThreatSearch::with_table_bits(16).ordered(),
    ]);
}

/// A threat sequence of at most `depth` moves on `b` (x to move), by this thread's
/// searcher — the plain order, or [`ThreatSearch::ordered`] — whose table is kept between
/// calls.
pub fn search_on_thread(b: &mut Board3, depth: u8, ordered: bool) -> Option<Vec<usize>> {
    SEARCHERS.with(|s| match s.try_borrow_mut() {
        Ok(mut s) => s[usize::from(ordered)].search(b, depth),
        Err(_) => {
            let ts = ThreatSearch::new();
            (if ordered { ts.ordered() } else { ts }).search(b, depth)
        }
    })
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
    use proptest::prelude::*;

    #[test]
    fn a_fork_is_a_one_move_sequence() {
        // x holds 1 2 (row 0..3) and 4 8 (column 0, 4, 8, 12): playing 0 makes threes on
        // both lines.
        let mut b = Board3::from_stones(1 << 1 | 1 << 2 | 1 << 4 | 1 << 8, 1 << 63 | 1 << 62);
        let mut s = ThreatSearch::new();
        let seq = s.shortest(&mut b, 4).unwrap();
        assert_eq!(seq.len(), 1);
        assert_eq!(sequence_wins(&b, &seq), Some(1));
        assert_eq!(sequence_wins(&b, &[3]), None);
    }

    /// The line sets recomputed from the stones, the slow way.
    fn open_by_scan(b: &Board3, p: usize, k: usize) -> u128 {
        let t = tables();
        let mut set = 0;
        for (l, &m) in t.line_mask.iter().enumerate() {
            let (mine, theirs) = (
                (m & b.stones[p]).count_ones(),
                (m & b.stones[1 - p]).count_ones(),
            );
            if mine as usize == k && theirs == 0 {
                set |= 1 << l;
            }
        }
        set
    }

    /// The threat search as first written: every node scans the 76 lines, no table.
    fn reference(b: &mut Board3, depth: u8) -> Option<Vec<usize>> {
        let t = tables();
        if depth == 0 {
            return None;
        }
        let dt = b.threats(O);
        if dt.count_ones() > 1 {
            return None;
        }
        let occ = b.occupied();
        let mut partner = [0u64; 64];
        let mut moves = 0u64;
        for (l, &m) in t.line_mask.iter().enumerate() {
            let n = b.line_count(l);
            if n[X] == 2 && n[O] == 0 {
                let e = m & !occ;
                let (p, q) = (e.trailing_zeros() as usize, 63 - e.leading_zeros() as usize);
                partner[p] |= 1 << q;
                partner[q] |= 1 << p;
                moves |= e;
            }
        }
        if dt != 0 {
            moves &= dt;
        }
        for c in (0..64).filter(|&c| moves >> c & 1 == 1) {
            if partner[c].count_ones() >= 2 {
                return Some(vec![c]);
            }
        }
        if depth == 1 {
            return None;
        }
        for c in (0..64).filter(|&c| moves >> c & 1 == 1) {
            let block = partner[c].trailing_zeros() as usize;
            b.play(c, X);
            b.play(block, O);
            let r = reference(b, depth - 1);
            b.undo(block, O);
            b.undo(c, X);
            if let Some(mut seq) = r {
                seq.insert(0, c);
                return Some(seq);
            }
        }
        None
    }

    /// A position from a list of distinct cells, alternating x and o (x first), cut
    /// before anyone has a three.
    fn position(cells: &[usize]) -> Board3 {
        let mut b = Board3::empty();
        for (i, &c) in cells.iter().enumerate() {
            if b.occupied() >> c & 1 == 1 {
                continue;
            }
            let p = i % 2;
            b.play(c, p);
            if b.threats(X) != 0 || b.threats(O).count_ones() > 1 || b.has_four(O) {
                b.undo(c, p);
                break;
            }
        }
        b
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn line_sets_follow_every_stone(cells in proptest::collection::vec(0usize..64, 0..40), undo in 0usize..40) {
            let mut b = Board3::empty();
            let mut played = Vec::new();
            for (i, &c) in cells.iter().enumerate() {
                if b.occupied() >> c & 1 == 0 {
                    b.play(c, i % 2);
                    played.push((c, i % 2));
                }
            }
            for _ in 0..undo.min(played.len()) {
                let (c, p) = played.pop().unwrap();
                b.undo(c, p);
            }
            for p in [X, O] {
                for k in 1..=4 {
                    prop_assert_eq!(b.open_lines(p, k), open_by_scan(&b, p, k));
                }
            }
            let again = Board3::from_stones(b.stones[X], b.stones[O]);
            prop_assert_eq!(again.hash, b.hash);
        }

        #[test]
        fn the_search_finds_what_the_plain_search_finds(cells in proptest::collection::vec(0usize..64, 4..24), depth in 1u8..6) {
            let mut b = position(&cells);
            prop_assume!(b.stones[X].count_ones() == b.stones[O].count_ones() && b.threats(X) == 0);
            let expected = reference(&mut b.clone(), depth);
            let mut s = ThreatSearch::with_table_bits(6);
            // Twice: the second time through the failure table.
            let first = s.search(&mut b, depth);
            let again = s.search(&mut b, depth);
            prop_assert_eq!(&first, &expected);
            prop_assert_eq!(&again, &expected);
            if let Some(seq) = &first {
                prop_assert_eq!(sequence_wins(&b, seq), Some(seq.len()));
            }
        }
    }
}
