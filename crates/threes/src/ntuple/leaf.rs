//! A search's leaves valued by the network, faster and to the same bit.
//!
//! Inside an expectimax the network is asked about the same folded boards again and
//! again: a max node one swipe above the horizon values its swipes' afterstates once for
//! each card the deck may draw next (1, 2, 3, a bonus card), and those draws change only
//! the hint and the deck, not the boards. Of the 69 lookups of the shipped network, the 48
//! of the plain tuples depend on the board alone. So a search keeps a [`LeafCache`]: the
//! plain tuples' partial sum per folded board, and the value of a leaf is that remembered
//! part plus the lookups that read the hint, the deck and the swipe
//! ([`Network::sum_plain`], [`Network::sum_rest`]: the same `f32` additions in the same
//! order, so a value is the same whether its first part was remembered or not).
//!
//! The lookups themselves wait on memory (the tables are some 30 MB a stage, larger than
//! the caches): [`Network::afterstate_values`] values a max node's swipes together, first
//! computing every entry the swipes select and asking the processor to fetch them
//! (prefetch), then summing, so the fetches overlap instead of following each other.

use super::{score, symmetries, Afterstate, Network, MAX_HINT_TUPLES, MAX_TUPLES};
use crate::card::Hint;
use crate::{Board, Deck};

/// Slots of a [`LeafCache`] (2¹² × 16 bytes = 64 KiB: it stays in the processor's second
/// level cache beside the lookups).
pub const LEAF_SLOTS: usize = 1 << 12;

/// The plain tuples' partial sums of recently valued folded boards, one slot per hash,
/// the newer board replacing the older. Valid for one network whose weights do not change
/// while the cache is used (a compact network never changes).
#[derive(Debug, Clone)]
pub struct LeafCache {
    slots: Slots,
    /// Room for the entries of a batch (kept here: not cleared for every batch).
    scratch: Box<Scratch>,
}

/// The entries [`Network::afterstate_values`] computes before it sums them.
#[derive(Debug, Clone)]
struct Scratch {
    plain: [[u32; MAX_TUPLES * 8]; 4],
    rest: [[u32; REST_MAX]; 4],
}

/// The slots, one per hash of the board.
#[derive(Debug, Clone)]
struct Slots {
    slots: Box<[Slot]>,
    mask: usize,
}

#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    /// The folded board; 0 (an empty board, never an afterstate) marks an empty slot.
    board: u64,
    plain: f32,
}

impl Default for LeafCache {
    fn default() -> LeafCache {
        LeafCache::new(LEAF_SLOTS)
    }
}

impl LeafCache {
    /// A cache of `slots` slots (rounded up to a power of two, at least 16).
    #[must_use]
    pub fn new(slots: usize) -> LeafCache {
        let n = slots.max(16).next_power_of_two();
        LeafCache {
            slots: Slots {
                slots: vec![Slot::default(); n].into_boxed_slice(),
                mask: n - 1,
            },
            scratch: Box::new(Scratch {
                plain: [[0; MAX_TUPLES * 8]; 4],
                rest: [[0; REST_MAX]; 4],
            }),
        }
    }
}

impl Slots {
    #[inline]
    fn index(&self, board: u64) -> usize {
        (board.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & self.mask
    }

    #[inline]
    fn get(&self, board: u64) -> Option<f32> {
        let s = self.slots[self.index(board)];
        (s.board == board && board != 0).then_some(s.plain)
    }

    #[inline]
    fn put(&mut self, board: u64, plain: f32) {
        let i = self.index(board);
        self.slots[i] = Slot { board, plain };
    }
}

/// Entries besides the plain tuples' (the hint tuples', the hint table's, the entry
/// columns').
const REST_MAX: usize = MAX_HINT_TUPLES * 8 + 1 + 4;

/// Ask the processor to bring weight `i` of `weights` into its caches (a hint: nothing
/// happens on processors without the instruction, and a prefetch never faults).
#[inline(always)]
fn prefetch<T>(weights: &[T], i: u32) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        if let Some(w) = weights.get(i as usize) {
            // SAFETY: SSE is part of every x86-64 processor, and a prefetch reads nothing
            // the program sees (the pointer is a live element's besides).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(w).cast::<i8>()) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (weights, i);
}

impl Network {
    #[inline]
    fn prefetch_all(&self, index: &[u32]) {
        match &self.compact {
            Some(c) => index.iter().for_each(|&i| prefetch(&c.weights, i)),
            None => index.iter().for_each(|&i| prefetch(&self.weights, i)),
        }
    }

    /// [`Network::afterstate_value`] of up to four afterstates that share the hint and the
    /// deck (a max node's swipes), into `out`, the same values to the bit: the board-only
    /// part of each from `cache` when it is there (and put there when not), every lookup
    /// prefetched before any is summed.
    pub fn afterstate_values(
        &self,
        cache: &mut LeafCache,
        after: &[Afterstate],
        hint: Hint,
        deck: Deck,
        out: &mut [f64],
    ) {
        let plain_count = self.plain_count();
        let LeafCache { slots, scratch } = cache;
        let Scratch { plain, rest } = &mut **scratch;
        let mut rest_count = [0usize; 4];
        let mut known = [None; 4];
        let mut stage = [0u8; 4];
        let n = after.len().min(4).min(out.len());
        for k in 0..n {
            let a = after[k];
            stage[k] = self.stage_of_board(a.board);
            let base = self.stage_base(stage[k]);
            let images = symmetries(a.board);
            known[k] = slots.get(a.board.0);
            if known[k].is_none() {
                self.plain_indices(&images, base, &mut plain[k]);
                self.prefetch_all(&plain[k][..plain_count]);
            }
            rest_count[k] = self.rest_indices(a, &images, hint, deck, base, &mut rest[k]);
            self.prefetch_all(&rest[k][..rest_count[k]]);
        }
        for k in 0..n {
            let board = after[k].board;
            let s = known[k].unwrap_or_else(|| {
                let s = self.sum_plain(stage[k], &plain[k][..plain_count]);
                slots.put(board.0, s);
                s
            });
            let s = self.sum_rest(s, stage[k], &rest[k][..rest_count[k]]);
            out[k] = score(board) + f64::from(s);
        }
    }

    /// [`Network::state_value`] with the afterstates valued by
    /// [`Network::afterstate_values`]: the same value to the bit.
    pub fn state_value_cached(
        &self,
        cache: &mut LeafCache,
        board: Board,
        hint: Hint,
        deck: Deck,
    ) -> f64 {
        let mut after = [Afterstate {
            board,
            swipe: crate::Direction::Up,
            moved: 0,
        }; 4];
        let mut n = 0;
        for d in crate::Direction::ALL {
            if let Some(s) = board.swipe(d) {
                after[n] = Afterstate::of(s, d);
                n += 1;
            }
        }
        if n == 0 {
            return score(board);
        }
        let mut values = [0.0; 4];
        self.afterstate_values(cache, &after[..n], hint, deck, &mut values);
        let mut best = values[0];
        for &v in &values[1..n] {
            if v > best {
                best = v;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use super::*;
    use crate::ntuple::{flip, hint_class, reverse4, Spec, ENTRY_ENTRIES, SCORES};
    use crate::{Direction, Tile};

    /// The value as the evaluation computed it before the plain and rest parts, the leaf
    /// cache, the batches and the bit-parallel helpers (commit f60bcf77), kept here to
    /// hold the new one to the same bits.
    fn reference_value(n: &Network, a: Afterstate, hint: Hint, deck: Deck) -> f64 {
        let after = a.board;
        let max = (0..16)
            .map(|k| (after.0 >> (4 * k)) & 0xF)
            .max()
            .unwrap_or(0);
        let stage = n.stage_map[max as usize].load(Ordering::Relaxed);
        let base = usize::from(stage) * n.per_stage;
        let images = symmetries(after);
        let class = hint_class(hint) as u32;
        let mut index = Vec::new();
        for t in &n.tuples {
            let top = if t.hinted { class << (4 * t.len) } else { 0 };
            let at = base as u32 + t.offset + top;
            for &x in &images {
                let mut i = 0u64;
                for &(rotation, mask) in &t.runs[..t.count] {
                    i |= x.rotate_right(rotation) & mask;
                }
                index.push(at + i as u32);
            }
        }
        if n.spec.hint {
            let mut d = 0i32;
            for k in 0..16 {
                match (after.0 >> (4 * k)) & 0xF {
                    1 => d += 1,
                    2 => d -= 1,
                    _ => {}
                }
            }
            let balance = (d.clamp(-6, 6) + 6) as usize;
            let h = (hint_class(hint) * 125 + deck.key() as usize) * 13 + balance;
            index.push((base + n.hint_offset as usize + h) as u32);
        }
        if n.spec.entry {
            let (x, moved) = a.entering_right();
            let top = ((class as usize) << 20) | (usize::from(moved) << 16);
            let flipped_top = ((class as usize) << 20) | (usize::from(reverse4(moved)) << 16);
            for (image, top) in [(x, top), (flip(x), flipped_top)] {
                for (k, col) in [3u32, 2].into_iter().enumerate() {
                    let cells =
                        crate::line::pack_column((image >> (4 * col)) & 0x000F_000F_000F_000F);
                    let i = n.entry_offset as usize + k * ENTRY_ENTRIES + top + cells as usize;
                    index.push((base + i) as u32);
                }
            }
        }
        let mut s = 0.0f32;
        match &n.compact {
            None => {
                for &i in &index {
                    s += f32::from_bits(n.weights[i as usize].load(Ordering::Relaxed));
                }
            }
            Some(c) => {
                let tables =
                    n.tuples.len() + usize::from(n.spec.hint) + 2 * usize::from(n.spec.entry);
                let scales = &c.scales[usize::from(stage) * tables..];
                let q = |k: usize| i32::from(c.weights[index[k] as usize]);
                let mut k = 0;
                for scale in &scales[..n.tuples.len()] {
                    let mut acc = 0i32;
                    for j in k..k + 8 {
                        acc += q(j);
                    }
                    k += 8;
                    s += acc as f32 * scale;
                }
                let mut table = n.tuples.len();
                if n.spec.hint {
                    s += q(k) as f32 * scales[table];
                    k += 1;
                    table += 1;
                }
                if n.spec.entry {
                    s += (q(k) + q(k + 2)) as f32 * scales[table];
                    s += (q(k + 1) + q(k + 3)) as f32 * scales[table + 1];
                }
            }
        }
        let mut score = 0u32;
        for k in 0..16 {
            score += SCORES[((after.0 >> (4 * k)) & 0xF) as usize];
        }
        f64::from(score) + f64::from(s)
    }

    /// Boards of every kind: played ones, and random nibbles (high cards, both stages).
    fn boards() -> Vec<Board> {
        let mut boards: Vec<Board> = crate::bench::boards().into_iter().step_by(3).collect();
        let mut x = 0x0123_4567_89AB_CDEFu64;
        for i in 0..1500u64 {
            x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(i) ^ (x >> 29);
            boards.push(Board(if i % 2 == 0 {
                x
            } else {
                x & 0x3737_3737_3737_3737
            }));
        }
        boards
    }

    fn hints() -> [Hint; 5] {
        [
            Hint::exact(Tile::from_nibble(1)),
            Hint::exact(Tile::from_nibble(2)),
            Hint::exact(Tile::from_nibble(3)),
            Hint {
                codes: 0b0111_0000,
                plus: true,
            },
            Hint::exact(Tile::from_nibble(6)),
        ]
    }

    /// The shipped network and a 5x6 network with every feature, stages in use, weights
    /// all different, in `f32` and in 16 bits.
    fn networks() -> Vec<std::sync::Arc<Network>> {
        let mut spec = Spec::preset("5x6", vec![12], true).unwrap();
        spec.hint_tuples = vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]];
        spec.entry = true;
        let n = Network::new(spec).unwrap();
        for (i, w) in n.raw().iter().enumerate() {
            let h = (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
            w.store(
                ((h % 9973) as f32 * 0.37 - 1500.0).to_bits(),
                Ordering::Relaxed,
            );
        }
        n.set_stages_used(&[true, true]);
        let compact = n.compact();
        vec![
            super::super::shipped().unwrap(),
            std::sync::Arc::new(n),
            std::sync::Arc::new(compact),
        ]
    }

    #[test]
    fn the_value_is_the_old_one_to_the_bit() {
        let decks = [Deck::FRESH, Deck::new([1, 3, 0]).unwrap()];
        let boards = boards();
        for net in networks() {
            let mut cache = LeafCache::new(64);
            let mut checked = 0;
            for &board in &boards {
                let after: Vec<Afterstate> = Direction::ALL
                    .into_iter()
                    .filter_map(|d| board.swipe(d).map(|s| Afterstate::of(s, d)))
                    .collect();
                for hint in hints() {
                    for deck in decks {
                        let want: Vec<f64> = after
                            .iter()
                            .map(|&a| reference_value(&net, a, hint, deck))
                            .collect();
                        for (&a, &w) in after.iter().zip(&want) {
                            assert_eq!(net.afterstate_value(a, hint, deck).to_bits(), w.to_bits());
                        }
                        // together, twice: the second time from the cache
                        for _ in 0..2 {
                            let mut got = [0.0; 4];
                            net.afterstate_values(&mut cache, &after, hint, deck, &mut got);
                            for (g, w) in got.iter().zip(&want) {
                                assert_eq!(g.to_bits(), w.to_bits(), "{board:?} {hint:?}");
                            }
                        }
                        let state = net.state_value(board, hint, deck);
                        assert_eq!(
                            net.state_value_cached(&mut cache, board, hint, deck)
                                .to_bits(),
                            state.to_bits()
                        );
                        checked += after.len();
                    }
                }
            }
            assert!(checked > 50_000, "{checked}");
        }
    }

    #[test]
    fn a_cache_forgets_nothing_it_should_not() {
        let mut cache = LeafCache::new(16).slots;
        assert_eq!(cache.get(0), None);
        cache.put(0, 1.0);
        assert_eq!(cache.get(0), None, "the empty board is never remembered");
        cache.put(0x1234, 2.5);
        assert_eq!(cache.get(0x1234), Some(2.5));
        assert_eq!(cache.get(0x1235), None);
    }
}
