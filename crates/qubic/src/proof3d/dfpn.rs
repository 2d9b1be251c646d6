//! The from-scratch search for the first player's win on 4×4×4:
//! **depth-first proof-number search** (df-pn; Nagai 2002, with Pawlewicz's 1 + ε
//! thresholds) over positions merged under the 192 symmetries, with threat sequences as
//! its leaves. No dictionary is consulted.
//!
//! * At the first player's turns (OR nodes) *some* move must win. A position is won at
//!   once where the first player has a three, or where [`ThreatSearch`] finds a threat
//!   sequence; it is lost where the second player has two threes. Otherwise every empty
//!   cell is a candidate (one per class of symmetric positions); a three of the second
//!   player leaves only its block.
//! * At the second player's turns (AND nodes) *every* reply must lose. A first-player
//!   three leaves only the block, two win at once. Otherwise the second player is let
//!   **pass**: if the first player then has a threat sequence, only the replies that break
//!   it matter — a reply off every cell the sequence uses (its moves, the forced blocks,
//!   the completing cells) and off every line where the second player would hold two
//!   stones by its end cannot change it, and the others are replayed against it. The
//!   replies that still break it are the node's children; none means the node is won.
//!   (Allis's relevance idea for threat-space search; the 4⁴ proof's `pass`.)
//! * Proof numbers start from those counts: an AND node's proof number is the number of
//!   replies that matter, so the first player prefers moves that leave the fewest.
//!
//! The table keeps every position by its canonical form ([`super::canonical`]); the
//! proved first-player positions with their moves are the strategy [`SearchStrategy`],
//! which the certificate writer walks ([`super::certificate::write`]) for the
//! independent checker. A new position is evaluated by [`super::leaves`].
//!
//! **On several cores** one position can have its new children evaluated at
//! once, one per core (`Dfpn::parallel`): all of them, where one at a time the search stops
//! at the first child that decides the node — the only difference, so the search visits
//! the same nodes in the same order with one core or many. A whole proof of many
//! positions instead runs one searcher per core, all on one [`ProofTable`]
//! ([`Dfpn::sharing`], [`super::solve`]), so what one searcher proved another finds ready;
//! the table keeps a decided position final, so searchers racing on a position can only
//! waste work, never make a wrong proof.
//!
//! Sources: L. V. Allis, *Searching for Solutions in Games and Artificial Intelligence*,
//! 1994 (proof-number and threat-space search; Qubic solved with Schoo in 1992);
//! A. Nagai, *Df-pn Algorithm for Searching AND/OR Trees*, 2002; J. Pawlewicz and
//! Ł. Lew, *Improving depth-first PN-search: 1 + ε trick*, 2006.

use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex, PoisonError};

use super::attacker::{Answer, AttackerStrategy};
use super::canonical::{Key, SymHashes};
pub use super::leaves::INFINITE;
use super::leaves::{first_to_move, Leaf, LeafStats, Leaves};
use super::table::Entry;
use super::tables::{image, tables, Tables};
use super::threats::{search_on_thread, Board3, KeyHasher, O, X};

/// Limits of the search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DfpnLimits {
    /// Longest threat sequence looked for at a leaf.
    pub threat_depth: u8,
    /// Stop after this many node expansions (the search then reports *unknown*).
    pub max_expansions: u64,
    /// Pawlewicz's ε: a child is searched until its number passes the second best's
    /// by this fraction.
    pub epsilon: f64,
    /// Positions kept in the table before the undecided ones are forgotten.
    pub table_limit: usize,
}

impl Default for DfpnLimits {
    fn default() -> Self {
        DfpnLimits {
            threat_depth: 20,
            max_expansions: u64::MAX,
            epsilon: 0.25,
            table_limit: 40_000_000,
        }
    }
}

/// The outcome of a search for the first player's win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The first player wins: every position of the proof is in the table.
    Proved,
    /// The first player does not win (by the rules of this search: it can also mean
    /// the second player draws).
    Disproved,
    /// The expansion limit was reached (or the search was stopped).
    Unknown,
}

/// Counters of a search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DfpnStats {
    /// Nodes expanded (children generated).
    pub expansions: u64,
    /// Leaves evaluated (a threat-sequence search each, or a pass and its replays).
    pub evaluations: u64,
    /// Replies at AND nodes dismissed because the pass's threat sequence survives them.
    pub replies_dismissed: u64,
    /// Threat-search nodes.
    pub threat_nodes: u64,
    /// Times the full table was pruned of undecided positions.
    pub prunes: u64,
}

impl DfpnStats {
    /// Adds another search's counters.
    pub fn add(&mut self, o: &DfpnStats) {
        self.expansions += o.expansions;
        self.evaluations += o.evaluations;
        self.replies_dismissed += o.replies_dismissed;
        self.threat_nodes += o.threat_nodes;
        self.prunes += o.prunes;
    }

    /// The counters of `later` since these (both of the same search).
    #[must_use]
    pub fn since(&self, later: &DfpnStats) -> DfpnStats {
        DfpnStats {
            expansions: later.expansions - self.expansions,
            evaluations: later.evaluations - self.evaluations,
            replies_dismissed: later.replies_dismissed - self.replies_dismissed,
            threat_nodes: later.threat_nodes - self.threat_nodes,
            prunes: later.prunes - self.prunes,
        }
    }
}

impl From<Leaf> for Entry {
    fn from(l: Leaf) -> Entry {
        Entry {
            pn: l.pn,
            dn: l.dn,
            moves: l.moves,
            best: 64,
        }
    }
}

pub use super::table::{ProofMoves, ProofTable};

/// What the search tells its watcher every [`Dfpn::TICK`] expansions.
#[derive(Debug, Clone, Copy)]
pub struct Tick<'b> {
    /// Expansions so far (of this searcher, every position it was given).
    pub expansions: u64,
    /// The moves from the searched position to the node being expanded (cells 0–63,
    /// as played on the board, first player's first).
    pub line: &'b [u8],
}

/// Whoever watches a search: called every [`Dfpn::TICK`] expansions; `Break` stops it
/// (the search then ends *unknown*).
pub type Watch<'a> = dyn FnMut(Tick<'_>) -> ControlFlow<()> + 'a;

/// How often each position was expanded, by a 64-bit digest of its canonical form
/// ([`Dfpn::recording`]): what tells the work two searchers repeated.
pub type Expanded = HashMap<u64, u32, BuildHasherDefault<KeyHasher>>;

/// The 64-bit digest of a canonical form that [`Expanded`] counts by.
#[must_use]
pub fn digest(key: Key) -> u64 {
    ((key as u64) ^ ((key >> 64) as u64).rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A child of a searched position, as the search's table has it ([`Dfpn::children`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ChildNumbers {
    /// The move (a cell of the position as given, 0–63).
    pub cell: u8,
    /// Its proof number (0: proved).
    pub pn: u64,
    /// Its disproof number (0: disproved).
    pub dn: u64,
}

/// Proved first-player positions (canonical form) and their moves: a proof, or part of
/// one, as a list ([`Dfpn::proof_of`]).
pub type ProofList = Vec<(Key, u8)>;

/// A df-pn searcher: its table survives between calls, so several positions can be
/// searched with what was learnt.
pub struct Dfpn<'a> {
    t: &'static Tables,
    limits: DfpnLimits,
    /// The table: this searcher's own, or one shared with others ([`Dfpn::sharing`]).
    tt: Arc<ProofTable>,
    /// One evaluator per core (index: the pool's thread), or one.
    leaves: Vec<Mutex<Leaves>>,
    pool: Option<&'a rayon::ThreadPool>,
    expansions: u64,
    /// The expansion count at which the current search stops.
    budget_end: u64,
    /// The thread CPU time at which the current search stops ([`Dfpn::prove_below`]'s
    /// CPU budget), checked every [`Dfpn::CPU_CHECK`] expansions.
    cpu_end: Option<std::time::Duration>,
    prunes: u64,
    watch: Option<&'a mut Watch<'a>>,
    /// The moves from the searched position to the node being expanded.
    line: Vec<u8>,
    aborted: bool,
    /// The search stopped because a budget (expansions or CPU) ran out.
    spent: bool,
    /// A helper on a position another searcher is proving ([`Dfpn::helping`]).
    helper: bool,
    /// Every position expanded and how often, when asked for ([`Dfpn::recording`]).
    expanded: Option<Expanded>,
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

/// Evaluate the position on `b` (`s`: the symmetry to its canonical form) with the
/// evaluator of the pool thread running this (or the first).
fn evaluate_on(
    leaves: &[Mutex<Leaves>],
    pool: Option<&rayon::ThreadPool>,
    b: &mut Board3,
    s: usize,
) -> Entry {
    let i = pool.and_then(|p| p.current_thread_index()).unwrap_or(0);
    let mut l = leaves[i % leaves.len()]
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    Entry::from(l.evaluate(b, s))
}

/// A node's children (cell, canonical form, symmetry), the cells whose children were
/// decided at once, and — when one of them decides the node — its numbers and cell.
type Expansion = (Vec<(usize, Key, usize)>, u64, Option<(u64, u64, usize)>);

/// A child found while expanding a node: its cell (on the board), canonical form and
/// symmetry to it, and, when it is new, the stones to evaluate.
struct Child {
    cell: usize,
    key: Key,
    sym: usize,
    fresh: Option<(u64, u64)>,
}

impl<'a> Dfpn<'a> {
    /// Expansions between two calls of the watcher.
    pub const TICK: u64 = 256;

    /// Expansions between two looks at the thread's CPU clock when a search has a CPU
    /// budget (an expansion costs about 0.3 ms on average, a look about a microsecond).
    pub const CPU_CHECK: u64 = 4;

    /// A searcher with an empty table, evaluating one position at a time (the search as
    /// first written).
    #[must_use]
    pub fn new(limits: DfpnLimits) -> Dfpn<'a> {
        Dfpn::with_evaluator(limits, Leaves::new(limits.threat_depth))
    }

    /// A searcher with an empty table evaluating with `leaves` (whose threat-search table
    /// may be warm from earlier searches: it holds only facts).
    #[must_use]
    pub fn with_evaluator(limits: DfpnLimits, leaves: Leaves) -> Dfpn<'a> {
        Dfpn {
            t: tables(),
            limits,
            tt: Arc::new(ProofTable::new()),
            leaves: vec![Mutex::new(leaves)],
            pool: None,
            expansions: 0,
            budget_end: u64::MAX,
            cpu_end: None,
            prunes: 0,
            watch: None,
            line: Vec::new(),
            aborted: false,
            spent: false,
            helper: false,
            expanded: None,
        }
    }

    /// Count the expansions of every position (by [`digest`]), adding to `counts`
    /// (taken back with [`Dfpn::take_expanded`]).
    #[must_use]
    pub fn recording(mut self, counts: Expanded) -> Dfpn<'a> {
        self.expanded = Some(counts);
        self
    }

    /// The expansion counts recorded so far (empty if not [`Dfpn::recording`]).
    pub fn take_expanded(&mut self) -> Expanded {
        self.expanded.take().unwrap_or_default()
    }

    /// Evaluate the new children of each node at once on `pool`'s threads (the same
    /// search, its numbers computed on several cores).
    #[must_use]
    pub fn parallel(mut self, pool: &'a rayon::ThreadPool) -> Dfpn<'a> {
        self.leaves = (0..pool.current_num_threads().max(1))
            .map(|_| Mutex::new(Leaves::new(self.limits.threat_depth)))
            .collect();
        self.pool = Some(pool);
        self
    }

    /// Search on `table`, which other searchers (on other threads) may share: what one
    /// proves, the others find ready.
    #[must_use]
    pub fn sharing(mut self, table: Arc<ProofTable>) -> Dfpn<'a> {
        self.tt = table;
        self
    }

    /// Evaluate with `leaves` (one evaluator, whose threat-search table may be warm from
    /// earlier searches: it holds only facts) instead of a new one.
    #[must_use]
    pub fn evaluating_with(mut self, leaves: Leaves) -> Dfpn<'a> {
        self.leaves = vec![Mutex::new(leaves)];
        self
    }

    /// The searcher's (first) evaluator, to hand to the next searcher.
    #[must_use]
    pub fn into_evaluator(self) -> Option<Leaves> {
        self.leaves
            .into_iter()
            .next()
            .map(|l| l.into_inner().unwrap_or_else(PoisonError::into_inner))
    }

    /// A helper to another searcher on the same position and table: at the second
    /// player's turns it works on the **last** reply still open where the other takes the
    /// most promising first (all must be proved, so neither's work is lost), and so the
    /// two part ways below the first such turn.
    #[must_use]
    pub fn helping(mut self) -> Dfpn<'a> {
        self.helper = true;
        self
    }

    /// Call `watch` every [`Dfpn::TICK`] expansions; it may stop the search.
    #[must_use]
    pub fn watched(mut self, watch: &'a mut Watch<'a>) -> Dfpn<'a> {
        self.watch = Some(watch);
        self
    }

    /// The counters so far.
    #[must_use]
    pub fn stats(&self) -> DfpnStats {
        let mut l = LeafStats::default();
        for e in &self.leaves {
            l.add(&e.lock().unwrap_or_else(PoisonError::into_inner).stats());
        }
        DfpnStats {
            expansions: self.expansions,
            evaluations: l.evaluations,
            replies_dismissed: l.replies_dismissed,
            threat_nodes: l.threat_nodes,
            prunes: self.prunes,
        }
    }

    /// Positions in the table.
    #[must_use]
    pub fn table_len(&self) -> usize {
        self.tt.len()
    }

    /// Search the position (`x`, `o`), first player to move, within the limits' number
    /// of expansions.
    pub fn prove(&mut self, x: u64, o: u64) -> Outcome {
        self.prove_within(x, o, self.limits.max_expansions)
    }

    /// Search the position (`x`, `o`), first player to move, stopping after `budget`
    /// more expansions.
    pub fn prove_within(&mut self, x: u64, o: u64, budget: u64) -> Outcome {
        self.budget_end = self.expansions.saturating_add(budget);
        let mut b = Board3::from_stones(x, o);
        let mut sh = SymHashes::of(x, o);
        let (key, s) = sh.canonical(x, o);
        self.aborted = false;
        self.line.clear();
        loop {
            self.mid(&mut b, &mut sh, key, s, INFINITE, INFINITE);
            match self.tt.get(key) {
                Some(e) if e.pn == 0 => return Outcome::Proved,
                Some(e) if e.dn == 0 => return Outcome::Disproved,
                _ if self.aborted => return Outcome::Unknown,
                _ => {}
            }
        }
    }

    /// Search the position (`x`, `o`), first player to move, as df-pn searches a child
    /// below its parent: until it is decided, its proof number reaches `thpn` or its
    /// disproof number `thdn` (the thresholds its parent would give it), or `budget` more
    /// expansions are spent. The outcome, and whether it stopped because the budget ran
    /// out (an open position still below its thresholds: work left that a master may
    /// split).
    pub fn prove_below(
        &mut self,
        x: u64,
        o: u64,
        budget: u64,
        thpn: u64,
        thdn: u64,
    ) -> (Outcome, bool) {
        self.prove_below_for(x, o, budget, None, thpn, thdn)
    }

    /// [`Dfpn::prove_below`] that also stops once the calling thread has spent `cpu` more
    /// CPU time (when given): a job whose expansions are dear (deep threat searches at its
    /// leaves) returns as soon as a cheap one would, so the master can split it sooner
    /// (the critical path ran through such jobs). The second value is true when
    /// either budget ran out.
    pub fn prove_below_for(
        &mut self,
        x: u64,
        o: u64,
        budget: u64,
        cpu: Option<std::time::Duration>,
        thpn: u64,
        thdn: u64,
    ) -> (Outcome, bool) {
        self.budget_end = self.expansions.saturating_add(budget);
        self.cpu_end = cpu.map(|c| ludomat_game::run::cpu::thread() + c);
        let outcome = self.prove_below_inner(x, o, thpn, thdn);
        self.cpu_end = None;
        outcome
    }

    fn prove_below_inner(&mut self, x: u64, o: u64, thpn: u64, thdn: u64) -> (Outcome, bool) {
        let mut b = Board3::from_stones(x, o);
        let mut sh = SymHashes::of(x, o);
        let (key, s) = sh.canonical(x, o);
        self.aborted = false;
        self.spent = false;
        self.line.clear();
        let (thpn, thdn) = (thpn.clamp(1, INFINITE), thdn.clamp(1, INFINITE));
        loop {
            self.mid(&mut b, &mut sh, key, s, thpn, thdn);
            match self.tt.get(key) {
                Some(e) if e.pn == 0 => return (Outcome::Proved, false),
                Some(e) if e.dn == 0 => return (Outcome::Disproved, false),
                _ if self.aborted => return (Outcome::Unknown, self.spent),
                Some(e) if e.pn >= thpn || e.dn >= thdn => return (Outcome::Unknown, false),
                _ => {}
            }
        }
    }

    /// The proved first-player positions that need a move of their own (not won by a
    /// threat sequence or a single forced answer), with that move.
    #[must_use]
    pub fn proof_moves(&self) -> ProofMoves {
        self.tt.proof_moves()
    }

    /// The children of the searched position (`x`, `o`) — one per class of symmetric
    /// positions, its candidate moves as the table has them now — with their numbers
    /// (evaluated, and stored, where the table has none). Where a search stopped
    /// *unknown*, these are what the position splits into. Empty where the table does not
    /// hold the position.
    pub fn children(&mut self, x: u64, o: u64) -> Vec<ChildNumbers> {
        let mut b = Board3::from_stones(x, o);
        let mut sh = SymHashes::of(x, o);
        let (key, s) = sh.canonical(x, o);
        let Some(entry) = self.tt.get(key) else {
            return Vec::new();
        };
        let side = if first_to_move(&b) { X } else { O };
        let moves = image(self.t, self.t.inverse[s], entry.moves);
        let mut seen: Vec<Key> = Vec::new();
        let mut out = Vec::new();
        for c in cells(moves) {
            b.play(c, side);
            sh.toggle(c, side);
            let (ck, cs) = sh.canonical(b.stones[X], b.stones[O]);
            if !seen.contains(&ck) {
                seen.push(ck);
                let e = match self.tt.get(ck) {
                    Some(e) => e,
                    None => {
                        let e = self.evaluate(&mut b, cs);
                        if !e.decided() {
                            self.tt.insert(ck, e);
                        }
                        e
                    }
                };
                out.push(ChildNumbers {
                    cell: c as u8,
                    pn: e.pn,
                    dn: e.dn,
                });
            }
            sh.toggle(c, side);
            b.undo(c, side);
        }
        out
    }

    /// The proof below the proved position (`x`, `o`) as the table holds it: every
    /// first-player position of it with a move of its own (not won by a three, a threat
    /// sequence or a forced block), with that move — walked from the position through the
    /// proved moves and every reply that matters. Positions in `walked` are skipped (their
    /// proofs were given before) and the ones walked now are added to it. Empty where the
    /// position is not proved in the table.
    pub fn proof_of(
        &self,
        x: u64,
        o: u64,
        walked: &mut HashSet<Key, BuildHasherDefault<KeyHasher>>,
    ) -> ProofList {
        let (root, _) = SymHashes::of(x, o).canonical(x, o);
        let mut out = Vec::new();
        let mut stack = vec![root];
        while let Some(k) = stack.pop() {
            if !walked.insert(k) {
                continue;
            }
            // A position with no entry was decided as it was evaluated: won at once.
            let Some(e) = self.tt.get(k) else {
                continue;
            };
            if e.pn != 0 {
                continue;
            }
            let (kx, ko) = (k as u64, (k >> 64) as u64);
            if kx.count_ones() == ko.count_ones() {
                if e.best < 64 {
                    out.push((k, e.best));
                    let (child, _) =
                        SymHashes::of(kx | 1 << e.best, ko).canonical(kx | 1 << e.best, ko);
                    stack.push(child);
                }
            } else {
                for c in cells(e.moves) {
                    let (child, _) = SymHashes::of(kx, ko | 1 << c).canonical(kx, ko | 1 << c);
                    stack.push(child);
                }
            }
        }
        out
    }

    /// The numbers of the position (`x`, `o`) in the table, if it is there.
    #[must_use]
    pub fn numbers(&self, x: u64, o: u64) -> Option<(u64, u64)> {
        let (key, _) = SymHashes::of(x, o).canonical(x, o);
        self.tt.get(key).map(|e| (e.pn, e.dn))
    }

    /// Evaluate one new position.
    fn evaluate(&self, b: &mut Board3, s: usize) -> Entry {
        evaluate_on(&self.leaves, self.pool, b, s)
    }

    /// Evaluate the new children among `children`, on every core, in place.
    fn evaluate_fresh(&self, children: &[Child]) -> Vec<Entry> {
        let fresh: Vec<(u64, u64, usize)> = children
            .iter()
            .filter_map(|c| c.fresh.map(|(x, o)| (x, o, c.sym)))
            .collect();
        let (leaves, pool) = (&self.leaves, self.pool);
        let one = |&(x, o, s): &(u64, u64, usize)| {
            evaluate_on(leaves, pool, &mut Board3::from_stones(x, o), s)
        };
        match pool {
            Some(p) if fresh.len() > 1 => {
                use rayon::prelude::*;
                p.install(|| fresh.par_iter().with_max_len(1).map(one).collect())
            }
            _ => fresh.iter().map(one).collect(),
        }
    }

    fn tick(&mut self) -> bool {
        self.expansions += 1;
        if self.expansions.is_multiple_of(Self::TICK) {
            if let Some(w) = self.watch.as_mut() {
                let tick = Tick {
                    expansions: self.expansions,
                    line: &self.line,
                };
                if w(tick).is_break() {
                    self.aborted = true;
                }
            }
        }
        if self.expansions >= self.budget_end {
            self.aborted = true;
            self.spent = true;
        }
        if let Some(end) = self.cpu_end {
            if self.expansions.is_multiple_of(Self::CPU_CHECK)
                && ludomat_game::run::cpu::thread() >= end
            {
                self.aborted = true;
                self.spent = true;
            }
        }
        !self.aborted
    }

    /// The node's children, one per class of symmetric positions. Children decided at
    /// once (won or lost when evaluated) are not stored: they leave the node's moves
    /// (`decided`, symmetric copies included). A child that decides the node settles it:
    /// `(pn, dn, cell)`.
    fn expand(&mut self, b: &mut Board3, sh: &mut SymHashes, moves: u64, or: bool) -> Expansion {
        let side = if or { X } else { O };
        let settles = |e: &Entry| -> Option<(u64, u64)> {
            // OR: a won child wins the node; AND: a lost child loses it.
            if or && e.pn == 0 {
                Some((0, INFINITE))
            } else if !or && e.dn == 0 {
                Some((INFINITE, 0))
            } else {
                None
            }
        };
        let mut found: Vec<Child> = Vec::with_capacity(moves.count_ones() as usize);
        // Cells whose child is a symmetric copy of a new child (index into `found`).
        let mut copies: Vec<(usize, usize)> = Vec::new();
        let mut decided = 0u64;
        let mut decided_keys: Vec<Key> = Vec::new();
        for c in cells(moves) {
            b.play(c, side);
            sh.toggle(c, side);
            let (ck, cs) = sh.canonical(b.stones[X], b.stones[O]);
            if decided_keys.contains(&ck) {
                decided |= 1 << c;
            } else if let Some(i) = found.iter().position(|f| f.key == ck) {
                if found[i].fresh.is_some() {
                    copies.push((c, i));
                }
            } else if self.tt.contains(ck) {
                found.push(Child {
                    cell: c,
                    key: ck,
                    sym: cs,
                    fresh: None,
                });
            } else if self.pool.is_some() {
                found.push(Child {
                    cell: c,
                    key: ck,
                    sym: cs,
                    fresh: Some((b.stones[X], b.stones[O])),
                });
            } else {
                // One at a time: evaluate now, stop at a child that decides the node.
                let e = self.evaluate(b, cs);
                if e.pn == 0 || e.dn == 0 {
                    decided |= 1 << c;
                    decided_keys.push(ck);
                    if let Some((pn, dn)) = settles(&e) {
                        sh.toggle(c, side);
                        b.undo(c, side);
                        return (Vec::new(), decided, Some((pn, dn, c)));
                    }
                } else {
                    self.tt.insert(ck, e);
                    found.push(Child {
                        cell: c,
                        key: ck,
                        sym: cs,
                        fresh: None,
                    });
                }
            }
            sh.toggle(c, side);
            b.undo(c, side);
        }
        // All new children at once (in parallel), then taken in the order of their cells,
        // as one at a time would have met them.
        let entries = self.evaluate_fresh(&found);
        let mut entries = entries.into_iter();
        let mut children = Vec::with_capacity(found.len());
        let mut settled = None;
        for (i, f) in found.iter().enumerate() {
            if f.fresh.is_none() {
                children.push((f.cell, f.key, f.sym));
                continue;
            }
            let Some(e) = entries.next() else { break };
            if e.pn == 0 || e.dn == 0 {
                decided |= 1 << f.cell;
                for &(c, j) in &copies {
                    if j == i {
                        decided |= 1 << c;
                    }
                }
                if settled.is_none() {
                    settled = settles(&e).map(|(pn, dn)| (pn, dn, f.cell));
                }
            } else if settled.is_none() {
                self.tt.insert(f.key, e);
                children.push((f.cell, f.key, f.sym));
            }
        }
        (children, decided, settled)
    }

    /// Df-pn's multiple iterative deepening at the node `key` (on `b`, symmetry `s` to
    /// its canonical form): search below it until its proof number reaches `thpn` or its
    /// disproof number `thdn`.
    fn mid(
        &mut self,
        b: &mut Board3,
        sh: &mut SymHashes,
        key: Key,
        s: usize,
        thpn: u64,
        thdn: u64,
    ) {
        let entry = match self.tt.get(key) {
            Some(e) => e,
            None => {
                // Pruned from a full table (or never stored): evaluated again.
                let e = self.evaluate(b, s);
                self.tt.insert(key, e);
                e
            }
        };
        if entry.pn == 0 || entry.dn == 0 {
            return;
        }
        let going = self.tick();
        if let Some(counts) = self.expanded.as_mut() {
            *counts.entry(digest(key)).or_insert(0) += 1;
        }
        if !going {
            return;
        }
        let or = first_to_move(b);
        let side = if or { X } else { O };
        let moves = image(self.t, self.t.inverse[s], entry.moves);
        let (children, decided, settled) = self.expand(b, sh, moves, or);
        if let Some((pn, dn, c)) = settled {
            let best = image(self.t, s, 1 << c).trailing_zeros() as u8;
            self.tt.update(key, |e| {
                e.pn = pn;
                e.dn = dn;
                e.best = best;
            });
            return;
        }
        let decided = image(self.t, s, decided);
        self.tt.update(key, |e| e.moves &= !decided);
        let eps = self.limits.epsilon;
        loop {
            // The node's numbers from its children's, and the child to search. Proof
            // numbers add up at AND nodes; disproof numbers at OR nodes are taken as the
            // largest plus one per other child (weak proof-number search: disproofs are
            // not sought, and sums would grow past any bound in this game). Undecided
            // numbers stay below INFINITE.
            let (mut sum, mut max, mut min, mut second) = (0u64, 0u64, INFINITE, INFINITE);
            let (mut best, mut last_open) = (0, None);
            for (i, &(c, ck, cs)) in children.iter().enumerate() {
                let e = match self.tt.get(ck) {
                    Some(e) => e,
                    None => {
                        b.play(c, side);
                        let e = self.evaluate(b, cs);
                        b.undo(c, side);
                        self.tt.insert(ck, e);
                        e
                    }
                };
                // OR: choose by proof number, combine disproof numbers; AND the other way.
                let (choose, add) = if or { (e.pn, e.dn) } else { (e.dn, e.pn) };
                sum = sum.saturating_add(add);
                max = max.max(add);
                if !e.decided() {
                    last_open = Some(i);
                }
                if choose < min {
                    second = min;
                    min = choose;
                    best = i;
                } else if choose < second {
                    second = choose;
                }
            }
            let n = children.len() as u64;
            let undecided = |v: u64| v.min(INFINITE - 1);
            let (pn, dn) = match (children.is_empty(), or) {
                // No children left: every one was decided the other way.
                (true, true) => (INFINITE, 0),
                (true, false) => (0, INFINITE),
                (false, true) => (
                    min,
                    if max >= INFINITE {
                        INFINITE
                    } else {
                        undecided(max + n - 1)
                    },
                ),
                (false, false) => (
                    if sum >= INFINITE && max >= INFINITE {
                        INFINITE
                    } else {
                        undecided(sum)
                    },
                    min,
                ),
            };
            let best_cell = children.get(best).map_or(64, |&(c, _, _)| {
                image(self.t, s, 1 << c).trailing_zeros() as u8
            });
            self.tt.update(key, |e| {
                e.pn = pn;
                e.dn = dn;
                e.best = if or && pn == 0 { best_cell } else { 64 };
            });
            if pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || self.aborted {
                return;
            }
            let helping = self.helper && !or && last_open.is_some();
            if helping {
                best = last_open.unwrap_or(best);
            }
            let (c, ck, cs) = children[best];
            let Some(ce) = self.tt.get(ck) else {
                return;
            };
            // Thresholds for the child: past the second best by ε, within the node's.
            let grow = |n: u64| -> u64 {
                if n >= INFINITE {
                    INFINITE
                } else {
                    n.saturating_add(1 + (n as f64 * eps) as u64).min(INFINITE)
                }
            };
            let within = |th: u64, node: u64, child: u64| -> u64 {
                if th >= INFINITE {
                    INFINITE
                } else {
                    (th - node.min(th)).saturating_add(child).min(INFINITE)
                }
            };
            let (cthpn, cthdn) = if or {
                (thpn.min(grow(second)), within(thdn, dn, ce.dn))
            } else if helping {
                // Not the child with the least disproof number: searched within the
                // node's own disproof threshold, never below its own number.
                (
                    within(thpn, pn, ce.pn),
                    thdn.max(ce.dn.saturating_add(1)).min(INFINITE),
                )
            } else {
                (within(thpn, pn, ce.pn), thdn.min(grow(second)))
            };
            b.play(c, side);
            sh.toggle(c, side);
            self.line.push(c as u8);
            self.mid(b, sh, ck, cs, cthpn, cthdn);
            self.line.pop();
            sh.toggle(c, side);
            b.undo(c, side);
            if self.tt.len() > self.limits.table_limit {
                self.prune();
            }
        }
    }

    /// Forget the undecided positions (the table is full); proved and disproved ones stay.
    fn prune(&mut self) {
        self.tt.keep_decided();
        self.prunes += 1;
    }
}

/// The first player's strategy found by the search: a threat sequence where there is
/// one, the block of a second-player three, else the move the search proved (looked up
/// through the symmetries).
#[derive(Debug, Clone, Default)]
pub struct SearchStrategy {
    /// Proved positions (canonical form) and their moves (cells of the canonical form).
    pub moves: ProofMoves,
    /// The threat-sequence limit the search used.
    pub threat_depth: u8,
}

impl AttackerStrategy for SearchStrategy {
    fn answer(&self, x: u64, o: u64) -> Option<Answer> {
        let mut b = Board3::from_stones(x, o);
        let mine = b.threats(X);
        if mine != 0 {
            return Some(Answer::Move(mine.trailing_zeros() as usize));
        }
        if let Some(line) = search_on_thread(&mut b, self.threat_depth, true) {
            return Some(Answer::Threats(line));
        }
        let theirs = b.threats(O);
        if theirs != 0 {
            return Some(Answer::Move(theirs.trailing_zeros() as usize));
        }
        let t = tables();
        let (key, s) = SymHashes::of(x, o).canonical(x, o);
        let m = *self.moves.get(&key)?;
        Some(Answer::Move(
            image(t, t.inverse[s], 1 << m).trailing_zeros() as usize,
        ))
    }
}
