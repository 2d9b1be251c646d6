//! The exhaustive check of a dictionary strategy for the first player on 4×4×4.
//!
//! The first player plays, as the dictionary's header prescribes: (1) a win if there is
//! one; (2) the block of the second player's three (two threes: the strategy has lost);
//! (3) the dictionary's move, found under the 192 symmetries; (4) a threat sequence of at
//! most `threat_depth` threes ending in a double three (the "forced win"; its leaf is
//! checked move by move, not trusted). The check answers **every** reply of the second
//! player at every position reached, so it grows the whole strategy tree; positions are
//! merged under the symmetries (canonical forms, [`super::canonical`]), without which the
//! tree is far too large. A reply that ignores a first-player three is answered by the
//! win at once and is counted, not stored.
//!
//! The work below a few plies is split over the cores (rayon); positions are shared
//! between the workers through one table, so each is checked once.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use super::canonical::{Key, SymHashes};
use super::dictionary::{notation, Dictionary};
use super::tables::image;
use super::threats::{sequence_wins, Board3, KeyHasher, ThreatSearch, O, X};
use crate::Cell;

/// Limits of the check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckLimits {
    /// Longest threat sequence (first-player threes) looked for at positions the
    /// dictionary does not cover.
    pub threat_depth: u8,
    /// Plies (both players' moves) grown in order before the rest is split over the
    /// cores.
    pub split_plies: usize,
    /// Look for the shortest threat sequence at each position (iterative deepening, about
    /// ten times slower) rather than the first one found depth-first.
    pub shortest: bool,
    /// Try a threat sequence before the dictionary (a variant of the header's order: a
    /// dictionary entry is then used only where no threat sequence wins).
    pub threats_first: bool,
}

impl Default for CheckLimits {
    fn default() -> Self {
        CheckLimits {
            threat_depth: 20,
            split_plies: 4,
            shortest: false,
            threats_first: false,
        }
    }
}

/// What the check found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Distinct positions (first player to move, merged under the symmetries) examined.
    pub positions: u64,
    /// Of those, positions answered by a dictionary move.
    pub dictionary_moves: u64,
    /// … by the forced block of a second-player three.
    pub forced_blocks: u64,
    /// … by a threat sequence.
    pub threat_sequences: u64,
    /// Threat sequences by length (index = first-player moves, the double three last).
    pub threat_lengths: Vec<u64>,
    /// First-player moves (dictionary or block) that made two threes at once.
    pub double_threes: u64,
    /// Second-player replies that left a first-player three open (won at once).
    pub replies_lost_at_once: u64,
    /// Per dictionary entry (file order): whether some position used it.
    pub reached: Vec<bool>,
    /// The longest threat sequence: its canonical position and its moves.
    pub longest: Option<(Key, Vec<usize>)>,
    /// Threat-search nodes.
    pub threat_nodes: u64,
}

impl CheckReport {
    fn new(entries: usize) -> CheckReport {
        CheckReport {
            reached: vec![false; entries],
            ..CheckReport::default()
        }
    }

    fn merge(&mut self, o: CheckReport) {
        self.positions += o.positions;
        self.dictionary_moves += o.dictionary_moves;
        self.forced_blocks += o.forced_blocks;
        self.threat_sequences += o.threat_sequences;
        if self.threat_lengths.len() < o.threat_lengths.len() {
            self.threat_lengths.resize(o.threat_lengths.len(), 0);
        }
        for (a, b) in self.threat_lengths.iter_mut().zip(&o.threat_lengths) {
            *a += b;
        }
        self.double_threes += o.double_threes;
        self.replies_lost_at_once += o.replies_lost_at_once;
        for (a, b) in self.reached.iter_mut().zip(&o.reached) {
            *a |= b;
        }
        self.threat_nodes += o.threat_nodes;
        self.longest = longer(self.longest.take(), o.longest);
    }

    /// Entries used (counted once each).
    #[must_use]
    pub fn entries_reached(&self) -> usize {
        self.reached.iter().filter(|&&r| r).count()
    }

    /// The longest threat sequence's length.
    #[must_use]
    pub fn longest_sequence(&self) -> usize {
        self.longest.as_ref().map_or(0, |(_, s)| s.len())
    }
}

/// The longer sequence (ties: the smaller canonical form), so the answer does not depend
/// on which worker found what first.
fn longer(a: Option<(Key, Vec<usize>)>, b: Option<(Key, Vec<usize>)>) -> Option<(Key, Vec<usize>)> {
    match (a, b) {
        (Some(a), Some(b)) => Some(
            if (b.1.len(), std::cmp::Reverse(b.0)) > (a.1.len(), std::cmp::Reverse(a.0)) {
                b
            } else {
                a
            },
        ),
        (a, b) => a.or(b),
    }
}

/// Why the strategy fails.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The second player has two threes: the first player cannot block both.
    #[error("after {} the second player has two threes ({position})", moves_text(.moves))]
    TwoThrees {
        /// The moves from the empty board (first player first).
        moves: Vec<usize>,
        /// The position in the dictionary's notation.
        position: String,
    },
    /// No win, no block, no dictionary entry and no threat sequence.
    #[error(
        "after {} ({position}) the dictionary has no move and no threat sequence of at most {depth} threes wins",
        moves_text(.moves)
    )]
    NoMove {
        /// The moves from the empty board.
        moves: Vec<usize>,
        /// The position in the dictionary's notation.
        position: String,
        /// The position's canonical form.
        canonical: Key,
        /// Threat-sequence limit used.
        depth: u8,
    },
    /// The dictionary's move is on an occupied cell (cannot happen for a parsed entry).
    #[error("line {line}: the move is on an occupied cell")]
    Occupied {
        /// Dictionary line.
        line: usize,
    },
    /// Another worker failed first.
    #[error("stopped")]
    Stopped,
}

/// Moves as `xyz` cells (tier, row, column, 1–4).
#[must_use]
pub fn moves_text(moves: &[usize]) -> String {
    if moves.is_empty() {
        return "the empty board".into();
    }
    moves
        .iter()
        .map(|&c| Cell::<3>::new(c).map_or_else(|| c.to_string(), |c| c.to_string()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Positions seen, shared by the workers.
struct Seen {
    shards: Vec<Mutex<HashSet<Key, BuildHasherDefault<KeyHasher>>>>,
}

impl Seen {
    fn new() -> Seen {
        Seen {
            shards: (0..64).map(|_| Mutex::new(HashSet::default())).collect(),
        }
    }

    /// Whether `k` is new (and note it).
    fn insert(&self, k: Key) -> bool {
        let h = ((k as u64) ^ ((k >> 64) as u64)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let shard = &self.shards[(h >> 58) as usize];
        match shard.lock() {
            Ok(mut s) => s.insert(k),
            Err(p) => p.into_inner().insert(k),
        }
    }
}

/// A position waiting to be checked: the moves leading to it.
struct Task {
    moves: Vec<usize>,
}

struct Worker<'a> {
    dict: &'a Dictionary,
    seen: &'a Seen,
    stop: &'a AtomicBool,
    limits: CheckLimits,
    b: Board3,
    sh: SymHashes,
    ts: &'a mut ThreatSearch,
    report: CheckReport,
    moves: Vec<usize>,
    /// Collect positions at this many plies as tasks instead of checking them.
    split: Option<usize>,
    tasks: Vec<Task>,
    /// Where positions checked are counted for a watcher on another thread (a few
    /// hundred at a time, so the workers do not share a cache line at every position).
    counted: Option<&'a AtomicU64>,
    uncounted: u64,
}

/// Positions a worker checks between two additions to the shared count.
const COUNT_EVERY: u64 = 256;

impl Worker<'_> {
    /// Add the positions checked since the last call to the shared count.
    fn flush_count(&mut self) {
        if let Some(c) = self.counted {
            c.fetch_add(self.uncounted, Ordering::Relaxed);
        }
        self.uncounted = 0;
    }

    fn play(&mut self, c: usize, p: usize) {
        self.b.play(c, p);
        self.sh.toggle(c, p);
        self.moves.push(c);
    }

    fn undo(&mut self, c: usize, p: usize) {
        self.b.undo(c, p);
        self.sh.toggle(c, p);
        self.moves.pop();
    }

    /// Check the position on the board (first player to move, already marked seen).
    fn visit(&mut self, key: Key, s: usize) -> Result<(), CheckError> {
        if self.stop.load(Ordering::Relaxed) {
            return Err(CheckError::Stopped);
        }
        if self.b.threats(X) != 0 {
            // Only where a check starts: the first player completes its three.
            self.report.replies_lost_at_once += 1;
            return Ok(());
        }
        self.report.positions += 1;
        self.uncounted += 1;
        if self.uncounted == COUNT_EVERY {
            self.flush_count();
        }
        let ot = self.b.threats(O);
        let m = if ot.count_ones() > 1 {
            return Err(CheckError::TwoThrees {
                moves: self.moves.clone(),
                position: notation(self.b.stones[X], self.b.stones[O]),
            });
        } else if ot != 0 {
            self.report.forced_blocks += 1;
            ot.trailing_zeros() as usize
        } else if self.limits.threats_first && self.threat_leaf(key, s) {
            return Ok(());
        } else if let Some((i, c)) = self.dict.lookup(key, s) {
            self.report.dictionary_moves += 1;
            self.report.reached[i] = true;
            if self.b.occupied() >> c & 1 == 1 {
                return Err(CheckError::Occupied {
                    line: self.dict.entries[i].line,
                });
            }
            c
        } else if self.threat_leaf(key, s) {
            return Ok(());
        } else {
            return Err(CheckError::NoMove {
                moves: self.moves.clone(),
                position: notation(self.b.stones[X], self.b.stones[O]),
                canonical: key,
                depth: self.limits.threat_depth,
            });
        };
        self.play(m, X);
        let xt = self.b.threats(X);
        let result = if xt.count_ones() >= 2 {
            self.report.double_threes += 1;
            Ok(())
        } else {
            let empty = !self.b.occupied();
            let replies = if xt != 0 { xt } else { empty };
            self.report.replies_lost_at_once += u64::from((empty & !replies).count_ones());
            self.answer_all(replies)
        };
        self.undo(m, X);
        result
    }

    /// Look for a threat sequence (in the canonical form, so the sequence found does not
    /// depend on which of the symmetric positions was met first), check it and count it.
    fn threat_leaf(&mut self, key: Key, s: usize) -> bool {
        let depth = self.limits.threat_depth;
        let t = super::tables::tables();
        let (x, o) = (self.b.stones[X], self.b.stones[O]);
        let mut canon = Board3::from_stones(image(t, s, x), image(t, s, o));
        let found = if self.limits.shortest {
            self.ts.shortest(&mut canon, depth)
        } else {
            self.ts.search(&mut canon, depth)
        };
        let Some(seq) = found.filter(|q| sequence_wins(&canon, q).is_some()) else {
            return false;
        };
        self.report.threat_sequences += 1;
        let len = seq.len();
        if self.report.threat_lengths.len() <= len {
            self.report.threat_lengths.resize(len + 1, 0);
        }
        self.report.threat_lengths[len] += 1;
        self.report.longest = longer(self.report.longest.take(), Some((key, seq)));
        true
    }

    fn answer_all(&mut self, mut replies: u64) -> Result<(), CheckError> {
        while replies != 0 {
            let r = replies.trailing_zeros() as usize;
            replies &= replies - 1;
            self.play(r, O);
            let (key, s) = self.sh.canonical(self.b.stones[X], self.b.stones[O]);
            let mut result = Ok(());
            if self.seen.insert(key) {
                if self.split.is_some_and(|p| self.moves.len() >= p) {
                    self.tasks.push(Task {
                        moves: self.moves.clone(),
                    });
                } else {
                    result = self.visit(key, s);
                }
            }
            self.undo(r, O);
            result?;
        }
        Ok(())
    }
}

/// Check a dictionary strategy exhaustively from the empty board, on all cores.
///
/// # Errors
/// [`CheckError`] at the first position where the strategy fails (with the moves to it).
pub fn check(dict: &Dictionary, limits: CheckLimits) -> Result<CheckReport, CheckError> {
    check_from(dict, limits, &[])
}

/// Check the strategy from the position after `moves` (alternating, first player first,
/// an even number so the first player is to move) — for example the subtree after one
/// reply class. Every move is taken as given.
///
/// # Errors
/// [`CheckError`] as for [`check`].
pub fn check_from(
    dict: &Dictionary,
    limits: CheckLimits,
    moves: &[usize],
) -> Result<CheckReport, CheckError> {
    check_counting(dict, limits, moves, None)
}

/// [`check_from`], adding the positions checked to `counted` as it goes (a few hundred at a
/// time, all of them by the end) for a watcher on another thread: the count equals
/// [`CheckReport::positions`] when the check ends.
///
/// # Errors
/// [`CheckError`] as for [`check`].
pub fn check_counting(
    dict: &Dictionary,
    limits: CheckLimits,
    moves: &[usize],
    counted: Option<&AtomicU64>,
) -> Result<CheckReport, CheckError> {
    let seen = Seen::new();
    let stop = AtomicBool::new(false);
    let mut ts = ThreatSearch::new();
    let mut w = Worker {
        dict,
        seen: &seen,
        stop: &stop,
        limits,
        b: Board3::empty(),
        sh: SymHashes::new(),
        ts: &mut ts,
        report: CheckReport::new(dict.entries.len()),
        moves: Vec::new(),
        split: Some(moves.len() + limits.split_plies),
        tasks: Vec::new(),
        counted,
        uncounted: 0,
    };
    for (i, &c) in moves.iter().enumerate() {
        w.play(c, i % 2);
    }
    let (key, s) = w.sh.canonical(w.b.stones[X], w.b.stones[O]);
    seen.insert(key);
    let first = w.visit(key, s);
    w.flush_count();
    first?;
    let (mut report, tasks) = (w.report, w.tasks);
    report.threat_nodes += ts.nodes;
    let results: Vec<Result<CheckReport, CheckError>> = tasks
        .par_iter()
        .map_init(ThreatSearch::new, |ts, task| {
            let before = ts.nodes;
            let mut w = Worker {
                dict,
                seen: &seen,
                stop: &stop,
                limits,
                b: Board3::empty(),
                sh: SymHashes::new(),
                ts,
                report: CheckReport::new(dict.entries.len()),
                moves: Vec::new(),
                split: None,
                tasks: Vec::new(),
                counted,
                uncounted: 0,
            };
            for (i, &c) in task.moves.iter().enumerate() {
                w.play(c, i % 2);
            }
            let (key, s) = w.sh.canonical(w.b.stones[X], w.b.stones[O]);
            let r = w.visit(key, s);
            w.flush_count();
            let mut rep = w.report;
            rep.threat_nodes = ts.nodes - before;
            if r.is_err() {
                stop.store(true, Ordering::Relaxed);
            }
            r.map(|()| rep)
        })
        .collect();
    let mut first_error = None;
    for r in results {
        match r {
            Ok(rep) => report.merge(rep),
            Err(CheckError::Stopped) => {}
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    match first_error {
        Some(e) => Err(e),
        None => Ok(report),
    }
}
