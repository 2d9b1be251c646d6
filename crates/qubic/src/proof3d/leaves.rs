//! The df-pn search's evaluation of a new position ([`super::dfpn`]): what threat
//! sequences say about it before any move is tried below it.
//!
//! * First player to move: a three of its own wins; two threes of the second player lose;
//!   a threat sequence ([`ThreatSearch`]) wins. Otherwise every empty cell is a candidate
//!   (only the block, when the second player has a three).
//! * Second player to move: a three of its own loses for the first player; two first-player
//!   threes win, one leaves only its block. Otherwise the second player is let **pass**:
//!   if the first player then has a threat sequence, the replies that matter are those
//!   after which it has **none at all** — the *real defences*. Their number is the node's
//!   proof number; none means the position is won.
//!
//! The real defences are found from the pass's sequence: a reply off every cell the
//! sequence uses and off every line where the second player would hold two stones by its
//! end cannot change it; a reply on one of the first player's moves or on a forced block
//! before the last certainly breaks it; the others are replayed against it. Each reply
//! that breaks it is then tried with a search of its own, and any sequence found there is
//! checked against the replies not yet tried in the same way. So the set found is exactly
//! the replies after which no sequence exists, whichever sequences the searches happen to
//! find — the search above sees the same numbers whatever order the threat search tries
//! its moves in.

use super::tables::{image, tables, Tables};
use super::threats::{sequence_wins, Board3, ThreatSearch, O, X};

/// Proof and disproof numbers at or above this are infinite.
pub const INFINITE: u64 = u64::MAX / 4;

/// Slots (as a power of two) of each evaluator's threat-search table: 512 KB, which stays
/// in a core's cache; larger tables save few positions and wait on memory.
const THREAT_TABLE_BITS: u32 = 18;

/// A new position's numbers and candidate moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Leaf {
    /// Proof number (0: the first player wins).
    pub pn: u64,
    /// Disproof number (0: it does not).
    pub dn: u64,
    /// The candidate moves, as cells of the canonical form.
    pub moves: u64,
}

impl Leaf {
    /// Won for the first player.
    pub const WON: Leaf = Leaf {
        pn: 0,
        dn: INFINITE,
        moves: 0,
    };
    /// Not won (lost, or a full board).
    pub const LOST: Leaf = Leaf {
        pn: INFINITE,
        dn: 0,
        moves: 0,
    };

    /// Whether the evaluation already decided the position.
    #[must_use]
    pub fn decided(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// Counters of an evaluator.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LeafStats {
    /// Positions evaluated.
    pub evaluations: u64,
    /// Replies at second-player positions dismissed because the pass's threat sequence
    /// (or one found later) survives them.
    pub replies_dismissed: u64,
    /// Threat-search positions.
    pub threat_nodes: u64,
}

impl LeafStats {
    /// Adds another evaluator's counters.
    pub fn add(&mut self, o: &LeafStats) {
        self.evaluations += o.evaluations;
        self.replies_dismissed += o.replies_dismissed;
        self.threat_nodes += o.threat_nodes;
    }
}

/// Evaluates new positions; one per thread (its threat-search table is its own).
pub struct Leaves {
    t: &'static Tables,
    threat_depth: u8,
    ts: ThreatSearch,
    stats: LeafStats,
}

/// Whether the first player is to move (equal numbers of stones).
#[must_use]
pub fn first_to_move(b: &Board3) -> bool {
    b.stones[X].count_ones() == b.stones[O].count_ones()
}

fn cells(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            c
        })
    })
}

impl Leaves {
    /// An evaluator looking for threat sequences of at most `threat_depth` threes.
    #[must_use]
    pub fn new(threat_depth: u8) -> Leaves {
        Leaves {
            t: tables(),
            threat_depth,
            ts: ThreatSearch::with_table_bits(THREAT_TABLE_BITS).ordered(),
            stats: LeafStats::default(),
        }
    }

    /// The counters so far.
    #[must_use]
    pub fn stats(&self) -> LeafStats {
        LeafStats {
            threat_nodes: self.ts.nodes,
            ..self.stats
        }
    }

    /// The first player's threat sequence on `b` (first player to move), if one of at
    /// most the depth limit exists.
    fn threat_line(&mut self, b: &mut Board3) -> Option<Vec<usize>> {
        self.ts.search(b, self.threat_depth)
    }

    /// The position (`x`, `o`) evaluated; `s` is the symmetry to its canonical form.
    pub fn evaluate_stones(&mut self, x: u64, o: u64, s: usize) -> Leaf {
        self.evaluate(&mut Board3::from_stones(x, o), s)
    }

    /// The position on `b` evaluated; `s` is the symmetry to its canonical form.
    pub fn evaluate(&mut self, b: &mut Board3, s: usize) -> Leaf {
        self.stats.evaluations += 1;
        let canon = |m: u64| image(self.t, s, m);
        let empty = !b.occupied();
        if first_to_move(b) {
            if b.threats(X) != 0 {
                return Leaf::WON;
            }
            let ot = b.threats(O);
            if ot.count_ones() > 1 || empty == 0 {
                return Leaf::LOST;
            }
            if self.threat_line(b).is_some() {
                return Leaf::WON;
            }
            let moves = if ot != 0 { ot } else { empty };
            Leaf {
                pn: 1,
                dn: 1,
                moves: canon(moves),
            }
        } else {
            if b.threats(O) != 0 {
                return Leaf::LOST;
            }
            let xt = b.threats(X);
            match xt.count_ones() {
                0 => {}
                1 => {
                    return Leaf {
                        pn: 1,
                        dn: 1,
                        moves: canon(xt),
                    }
                }
                _ => return Leaf::WON,
            }
            if empty == 0 {
                return Leaf::LOST;
            }
            let moves = match self.threat_line(b) {
                Some(line) => self.defences(b, &line),
                None => empty,
            };
            if moves == 0 {
                return Leaf::WON;
            }
            Leaf {
                pn: u64::from(moves.count_ones()),
                dn: 1,
                moves: canon(moves),
            }
        }
    }

    /// The second player's real defences (second player to move on `b`): the replies
    /// after which the first player has no threat sequence at all. Starting from the
    /// replies that break `line` (the pass's sequence), each is tried; a sequence found
    /// after one is checked against the others (as for `line`), so one search can clear
    /// many replies.
    fn defences(&mut self, b: &mut Board3, line: &[usize]) -> u64 {
        let mut open = self.breaking_replies(b, line);
        let mut tried = 0u64;
        while open & !tried != 0 {
            let r = (open & !tried).trailing_zeros() as usize;
            tried |= 1 << r;
            b.play(r, O);
            // The pass's search failed wherever it met a position with no sequence: those
            // positions have none with the reply on the board either.
            let found = self.ts.search_beside(b, self.threat_depth, r);
            b.undo(r, O);
            if let Some(l) = found {
                open &= !(1 << r);
                if sequence_wins(b, &l).is_some() {
                    open &= self.breaking_replies(b, &l);
                }
            }
        }
        open
    }

    /// The second player's replies (second player to move on `b`) after which the first
    /// player's threat sequence `line` (found as if the second player had passed) no
    /// longer wins.
    fn breaking_replies(&mut self, b: &mut Board3, line: &[usize]) -> u64 {
        // The cells the line uses, and the second player's stones at its end. A reply on
        // one of the first player's moves, or on a block the second player is forced to
        // make before the last move, certainly breaks the line (the move cannot be made;
        // the three it should make is dead); only the other suspects are replayed.
        let mut used = 0u64;
        let mut certain = 0u64;
        let mut end = b.clone();
        for (i, &m) in line.iter().enumerate() {
            end.play(m, X);
            used |= 1 << m;
            certain |= 1 << m;
            let t = end.threats(X);
            used |= t;
            if t.count_ones() == 1 {
                end.play(t.trailing_zeros() as usize, O);
                if i + 1 < line.len() {
                    certain |= t;
                }
            }
        }
        // Lines where the second player holds two or more stones by the end: a reply
        // there can make a three during the line.
        let mut crowded = 0u64;
        for (l, &mask) in self.t.line_mask.iter().enumerate() {
            if end.line_count(l)[O] >= 2 {
                crowded |= mask;
            }
        }
        let empty = !b.occupied();
        let suspects = (used | crowded) & empty;
        self.stats.replies_dismissed += u64::from((empty & !suspects).count_ones());
        let mut breaking = suspects & certain;
        for r in cells(suspects & !certain) {
            b.play(r, O);
            if sequence_wins(b, line).is_none() {
                breaking |= 1 << r;
            } else {
                self.stats.replies_dismissed += 1;
            }
            b.undo(r, O);
        }
        breaking
    }
}
