//! The df-pn table ([`super::dfpn`]): every position met, by its canonical form, with its
//! proof and disproof numbers, its candidate moves and, once proved, its move. One table
//! can be **shared by several searchers on several threads** (each core walks
//! its own job, what one proves the others find ready).
//!
//! The table is split into shards, each behind its own lock, held only for one read or
//! one write. Two searchers may work below the same position at once; each writes the
//! numbers it computed, so a number can be stale for a while — that costs search, never
//! soundness, because a **decided entry is final**: once a position is proved (proof
//! number 0) or disproved (disproof number 0), no later write changes it. A proof is
//! built only from proved children, which therefore stay proved, and every proved
//! first-player position keeps the move that proved it — the strategy the certificate
//! is written from.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::canonical::Key;
use super::threats::KeyHasher;

/// A table entry: the node's numbers, its candidate moves (in the canonical
/// orientation), and for a proved first-player node its winning move.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    pub pn: u64,
    pub dn: u64,
    /// Candidate moves as cells of the canonical form.
    pub moves: u64,
    /// The best move found (a cell of the canonical form; 64 = none).
    pub best: u8,
}

impl Entry {
    /// Whether the entry is final (proved or disproved).
    pub fn decided(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

type Shard = HashMap<Key, Entry, BuildHasherDefault<KeyHasher>>;

/// Shards of a table (a power of two): enough that two or a few threads seldom wait.
const SHARDS: usize = 64;

/// Proved first-player positions (canonical form) and their moves (cells of that form).
pub type ProofMoves = HashMap<Key, u8, BuildHasherDefault<KeyHasher>>;

/// The df-pn table, safe to share between threads.
pub struct ProofTable {
    shards: Box<[Mutex<Shard>]>,
    len: AtomicUsize,
}

impl Default for ProofTable {
    fn default() -> Self {
        ProofTable::new()
    }
}

impl std::fmt::Debug for ProofTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProofTable")
            .field("len", &self.len())
            .finish()
    }
}

impl ProofTable {
    /// An empty table.
    #[must_use]
    pub fn new() -> ProofTable {
        ProofTable {
            shards: (0..SHARDS).map(|_| Mutex::new(Shard::default())).collect(),
            len: AtomicUsize::new(0),
        }
    }

    fn shard(&self, key: Key) -> MutexGuard<'_, Shard> {
        let mix = ((key as u64) ^ (key >> 64) as u64 ^ (key >> 96) as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.shards[(mix >> 58) as usize & (SHARDS - 1)]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Positions in the table.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    /// Whether the table is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub(super) fn get(&self, key: Key) -> Option<Entry> {
        self.shard(key).get(&key).copied()
    }

    pub(super) fn contains(&self, key: Key) -> bool {
        self.shard(key).contains_key(&key)
    }

    /// Store `e` for `key`, unless the table already holds a decided entry there.
    pub(super) fn insert(&self, key: Key, e: Entry) {
        let mut s = self.shard(key);
        match s.get_mut(&key) {
            Some(old) if old.decided() => {}
            Some(old) => *old = e,
            None => {
                s.insert(key, e);
                self.len.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Change the entry of `key` by `f`, unless it is missing or decided.
    pub(super) fn update(&self, key: Key, f: impl FnOnce(&mut Entry)) {
        if let Some(e) = self.shard(key).get_mut(&key) {
            if !e.decided() {
                f(e);
            }
        }
    }

    /// Forget the undecided positions (the table is full); the decided ones stay.
    pub(super) fn keep_decided(&self) {
        let mut kept = 0;
        for s in &*self.shards {
            let mut s = s.lock().unwrap_or_else(PoisonError::into_inner);
            s.retain(|_, e| e.decided());
            kept += s.len();
        }
        self.len.store(kept, Ordering::Relaxed);
    }

    /// The proved first-player positions that need a move of their own (not won by a
    /// threat sequence or a single forced answer), with that move.
    #[must_use]
    pub fn proof_moves(&self) -> ProofMoves {
        let mut out = ProofMoves::default();
        for s in &*self.shards {
            let s = s.lock().unwrap_or_else(PoisonError::into_inner);
            out.extend(
                s.iter()
                    .filter(|(k, e)| {
                        e.pn == 0 && e.best < 64 && {
                            let (x, o) = (**k as u64, (**k >> 64) as u64);
                            x.count_ones() == o.count_ones()
                        }
                    })
                    .map(|(&k, e)| (k, e.best)),
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(pn: u64, dn: u64) -> Entry {
        Entry {
            pn,
            dn,
            moves: 0b111,
            best: 64,
        }
    }

    #[test]
    fn a_decided_entry_is_final() {
        let t = ProofTable::new();
        t.insert(7, entry(3, 2));
        t.update(7, |e| e.pn = 5);
        assert_eq!(t.get(7).map(|e| e.pn), Some(5));
        t.update(7, |e| {
            e.pn = 0;
            e.best = 4;
        });
        // Proved: later writes from a searcher with older numbers change nothing.
        t.update(7, |e| e.pn = 9);
        t.insert(7, entry(4, 4));
        assert_eq!(t.get(7).map(|e| (e.pn, e.best)), Some((0, 4)));
        assert_eq!(t.len(), 1);
        t.insert(1 << 70, entry(1, 1));
        assert_eq!(t.len(), 2);
        t.keep_decided();
        assert_eq!(t.len(), 1);
        assert!(t.contains(7) && !t.contains(1 << 70));
    }

    #[test]
    fn the_proof_moves_are_the_proved_first_player_positions() {
        let t = ProofTable::new();
        // x on 0, o on 1: first player to move, proved with move 5.
        let k: Key = 1 | (2u128 << 64);
        t.insert(k, entry(0, INFINITE_FOR_TEST));
        t.update(k, |e| e.best = 5);
        let mut proved = entry(0, INFINITE_FOR_TEST);
        proved.best = 5;
        t.insert(k, proved);
        // x on 0 only: second player to move, not a strategy position.
        t.insert(1, proved);
        let m = t.proof_moves();
        assert_eq!(
            m.len(),
            0,
            "the first insert decided k without a move: {m:?}"
        );
        let t = ProofTable::new();
        t.insert(k, proved);
        t.insert(1, proved);
        assert_eq!(
            t.proof_moves().into_iter().collect::<Vec<_>>(),
            vec![(k, 5)]
        );
    }

    const INFINITE_FOR_TEST: u64 = u64::MAX / 4;
}
