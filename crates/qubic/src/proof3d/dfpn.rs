//! The from-scratch search for the first player's win on 4×4×4 (issue 17, milestone 3):
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
//! independent checker.
//!
//! Sources: L. V. Allis, *Searching for Solutions in Games and Artificial Intelligence*,
//! 1994 (proof-number and threat-space search; Qubic solved with Schoo in 1992);
//! A. Nagai, *Df-pn Algorithm for Searching AND/OR Trees*, 2002; J. Pawlewicz and
//! Ł. Lew, *Improving depth-first PN-search: 1 + ε trick*, 2006.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::attacker::{Answer, AttackerStrategy};
use super::canonical::{Key, SymHashes};
use super::tables::{image, tables, Tables};
use super::threats::{sequence_wins, Board3, KeyHasher, ThreatSearch, O, X};

/// Proof and disproof numbers at or above this are infinite.
pub const INFINITE: u64 = u64::MAX / 4;

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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
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
}

/// A table entry: the node's numbers, its candidate moves (in the canonical
/// orientation), and for a proved first-player node its winning move.
#[derive(Debug, Clone, Copy)]
struct Entry {
    pn: u64,
    dn: u64,
    /// Candidate moves as cells of the canonical form.
    moves: u64,
    /// The best move found (a cell of the canonical form; 64 = none).
    best: u8,
}

type Table = HashMap<Key, Entry, BuildHasherDefault<KeyHasher>>;

/// Proved first-player positions (canonical form) and their moves (cells of that form).
pub type ProofMoves = HashMap<Key, u8, BuildHasherDefault<KeyHasher>>;

/// A df-pn searcher: its table survives between calls, so several positions can be
/// searched with what was learnt.
pub struct Dfpn<'a> {
    t: &'static Tables,
    limits: DfpnLimits,
    tt: Table,
    ts: ThreatSearch,
    stats: DfpnStats,
    stop: Option<&'a AtomicBool>,
    progress: Option<&'a AtomicU64>,
    aborted: bool,
}

/// Whether the first player is to move (equal numbers of stones).
fn first_to_move(b: &Board3) -> bool {
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

impl<'a> Dfpn<'a> {
    /// A searcher with an empty table.
    #[must_use]
    pub fn new(limits: DfpnLimits) -> Dfpn<'a> {
        Dfpn {
            t: tables(),
            limits,
            tt: Table::default(),
            ts: ThreatSearch::new(),
            stats: DfpnStats::default(),
            stop: None,
            progress: None,
            aborted: false,
        }
    }

    /// Stop when `stop` becomes true; add expansions to `progress` as they happen.
    #[must_use]
    pub fn with_signals(mut self, stop: &'a AtomicBool, progress: &'a AtomicU64) -> Dfpn<'a> {
        self.stop = Some(stop);
        self.progress = Some(progress);
        self
    }

    /// The counters so far.
    #[must_use]
    pub fn stats(&self) -> DfpnStats {
        DfpnStats {
            threat_nodes: self.ts.nodes,
            ..self.stats
        }
    }

    /// Positions in the table.
    #[must_use]
    pub fn table_len(&self) -> usize {
        self.tt.len()
    }

    /// Search the position (`x`, `o`), first player to move.
    pub fn prove(&mut self, x: u64, o: u64) -> Outcome {
        let mut b = Board3::from_stones(x, o);
        let mut sh = SymHashes::of(x, o);
        let (key, s) = sh.canonical(x, o);
        self.aborted = false;
        loop {
            self.mid(&mut b, &mut sh, key, s, INFINITE, INFINITE);
            match self.tt.get(&key) {
                Some(e) if e.pn == 0 => return Outcome::Proved,
                Some(e) if e.dn == 0 => return Outcome::Disproved,
                _ if self.aborted => return Outcome::Unknown,
                _ => {}
            }
        }
    }

    /// The proved first-player positions that need a move of their own (not won by a
    /// threat sequence or a single forced answer), with that move.
    #[must_use]
    pub fn proof_moves(&self) -> ProofMoves {
        self.tt
            .iter()
            .filter(|(k, e)| {
                e.pn == 0 && e.best < 64 && {
                    let (x, o) = (**k as u64, (**k >> 64) as u64);
                    x.count_ones() == o.count_ones()
                }
            })
            .map(|(&k, e)| (k, e.best))
            .collect()
    }

    /// The first player's threat sequence on `b` (first player to move), if one of at
    /// most the depth limit exists.
    fn threat_line(&mut self, b: &mut Board3) -> Option<Vec<usize>> {
        self.ts.search(b, self.limits.threat_depth)
    }

    /// A new node's entry. `s` is the symmetry to the canonical form.
    fn evaluate(&mut self, b: &mut Board3, s: usize) -> Entry {
        self.stats.evaluations += 1;
        let canon = |m: u64| image(self.t, s, m);
        let won = Entry {
            pn: 0,
            dn: INFINITE,
            moves: 0,
            best: 64,
        };
        let lost = Entry {
            pn: INFINITE,
            dn: 0,
            moves: 0,
            best: 64,
        };
        let empty = !b.occupied();
        if first_to_move(b) {
            if b.threats(X) != 0 {
                return won;
            }
            let ot = b.threats(O);
            if ot.count_ones() > 1 || empty == 0 {
                return lost;
            }
            if self.threat_line(b).is_some() {
                return won;
            }
            let moves = if ot != 0 { ot } else { empty };
            Entry {
                pn: 1,
                dn: 1,
                moves: canon(moves),
                best: 64,
            }
        } else {
            if b.threats(O) != 0 {
                return lost;
            }
            let xt = b.threats(X);
            match xt.count_ones() {
                0 => {}
                1 => {
                    return Entry {
                        pn: 1,
                        dn: 1,
                        moves: canon(xt),
                        best: 64,
                    }
                }
                _ => return won,
            }
            if empty == 0 {
                return lost;
            }
            let moves = match self.threat_line(b) {
                Some(line) => self.defences(b, &line),
                None => empty,
            };
            if moves == 0 {
                return won;
            }
            Entry {
                pn: u64::from(moves.count_ones()),
                dn: 1,
                moves: canon(moves),
                best: 64,
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
            let found = self.threat_line(b);
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
        // The cells the line uses, and the second player's stones at its end.
        let mut used = 0u64;
        let mut end = b.clone();
        for &m in line {
            end.play(m, X);
            used |= 1 << m;
            let t = end.threats(X);
            used |= t;
            if t.count_ones() == 1 {
                end.play(t.trailing_zeros() as usize, O);
            }
        }
        // Lines where the second player holds two or more stones by the end: a reply
        // there can make a three during the line.
        let mut crowded = 0u64;
        for &l in &self.t.line_mask {
            if (l & end.stones[O]).count_ones() >= 2 {
                crowded |= l;
            }
        }
        let empty = !b.occupied();
        let suspects = (used | crowded) & empty;
        self.stats.replies_dismissed += u64::from((empty & !suspects).count_ones());
        let mut breaking = 0u64;
        for r in cells(suspects) {
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

    fn tick(&mut self) -> bool {
        self.stats.expansions += 1;
        if self.stats.expansions.is_multiple_of(1024) {
            if let Some(p) = self.progress {
                p.fetch_add(1024, Ordering::Relaxed);
            }
            if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                self.aborted = true;
            }
        }
        if self.stats.expansions >= self.limits.max_expansions {
            self.aborted = true;
        }
        !self.aborted
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
        let entry = match self.tt.get(&key) {
            Some(&e) => e,
            None => {
                // Pruned from a full table (or never stored): evaluated again.
                let e = self.evaluate(b, s);
                self.tt.insert(key, e);
                e
            }
        };
        if entry.pn == 0 || entry.dn == 0 || !self.tick() {
            return;
        }
        let or = first_to_move(b);
        let side = if or { X } else { O };
        // The children, one per class of symmetric positions. Children decided at once
        // (won or lost when evaluated) are not stored: they leave the node's moves.
        let moves = image(self.t, self.t.inverse[s], entry.moves);
        let mut children: Vec<(usize, Key, usize)> =
            Vec::with_capacity(moves.count_ones() as usize);
        // Cells whose child was decided at once (symmetric copies included), and those
        // children's forms.
        let mut decided = 0u64;
        let mut decided_keys: Vec<Key> = Vec::new();
        let mut settled: Option<(u64, u64, usize)> = None;
        for c in cells(moves) {
            b.play(c, side);
            sh.toggle(c, side);
            let (ck, cs) = sh.canonical(b.stones[X], b.stones[O]);
            if decided_keys.contains(&ck) {
                decided |= 1 << c;
            } else if children.iter().any(|&(_, k, _)| k == ck) {
                // A symmetric copy of a child already listed.
            } else if self.tt.contains_key(&ck) {
                children.push((c, ck, cs));
            } else {
                let e = self.evaluate(b, cs);
                if e.pn == 0 || e.dn == 0 {
                    decided |= 1 << c;
                    decided_keys.push(ck);
                    // OR: a won child wins the node; AND: a lost child loses it.
                    if or && e.pn == 0 {
                        settled = Some((0, INFINITE, c));
                    } else if !or && e.dn == 0 {
                        settled = Some((INFINITE, 0, c));
                    }
                } else {
                    self.tt.insert(ck, e);
                    children.push((c, ck, cs));
                }
            }
            sh.toggle(c, side);
            b.undo(c, side);
            if settled.is_some() {
                break;
            }
        }
        if let Some((pn, dn, c)) = settled {
            if let Some(e) = self.tt.get_mut(&key) {
                e.pn = pn;
                e.dn = dn;
                e.best = image(self.t, s, 1 << c).trailing_zeros() as u8;
            }
            return;
        }
        if let Some(e) = self.tt.get_mut(&key) {
            e.moves &= !image(self.t, s, decided);
        }
        let eps = self.limits.epsilon;
        loop {
            // The node's numbers from its children's, and the child to search. Proof
            // numbers add up at AND nodes; disproof numbers at OR nodes are taken as the
            // largest plus one per other child (weak proof-number search: disproofs are
            // not sought, and sums would grow past any bound in this game). Undecided
            // numbers stay below INFINITE.
            let (mut sum, mut max, mut min, mut second) = (0u64, 0u64, INFINITE, INFINITE);
            let mut best = 0;
            for (i, &(c, ck, cs)) in children.iter().enumerate() {
                let e = match self.tt.get(&ck) {
                    Some(&e) => e,
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
            if let Some(e) = self.tt.get_mut(&key) {
                e.pn = pn;
                e.dn = dn;
                e.best = if or && pn == 0 { best_cell } else { 64 };
            }
            if pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || self.aborted {
                return;
            }
            let (c, ck, cs) = children[best];
            let Some(ce) = self.tt.get(&ck).copied() else {
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
            } else {
                (within(thpn, pn, ce.pn), thdn.min(grow(second)))
            };
            b.play(c, side);
            sh.toggle(c, side);
            self.mid(b, sh, ck, cs, cthpn, cthdn);
            sh.toggle(c, side);
            b.undo(c, side);
            if self.tt.len() > self.limits.table_limit {
                self.prune();
            }
        }
    }

    /// Forget the undecided positions (the table is full); proved and disproved ones stay.
    fn prune(&mut self) {
        self.tt.retain(|_, e| e.pn == 0 || e.dn == 0);
        self.stats.prunes += 1;
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
        if let Some(line) = ThreatSearch::new().search(&mut b, self.threat_depth) {
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

/// One proof job: a position (first player to move) and what its search found.
#[derive(Debug, Clone)]
pub struct Job {
    /// The first player's stones.
    pub x: u64,
    /// The second player's stones.
    pub o: u64,
    /// The outcome.
    pub outcome: Outcome,
    /// The search's counters.
    pub stats: DfpnStats,
    /// Wall-clock seconds the job took.
    pub seconds: f64,
}

/// The first player's move at (`x`, `o`) by the search's own ordering (the cell on the
/// most open lines: a corner or centre from the empty board), and the positions after
/// each class of second-player replies to it, the most central replies first.
#[must_use]
pub fn split(x: u64, o: u64) -> (usize, Vec<(u64, u64)>) {
    let b = Board3::from_stones(x, o);
    let m = b.ranked(!b.occupied(), X).first().copied().unwrap_or(0);
    let x2 = x | 1 << m;
    let after = Board3::from_stones(x2, o);
    let mut seen = Vec::new();
    let mut jobs = Vec::new();
    for r in after.ranked(!after.occupied(), O) {
        let (k, _) = SymHashes::of(x2, o | 1 << r).canonical(x2, o | 1 << r);
        if !seen.contains(&k) {
            seen.push(k);
            jobs.push((x2, o | 1 << r));
        }
    }
    (m, jobs)
}

/// Search every job (first player to move in each) on rayon's threads, one table per
/// job; `done` is called as each job ends. The strategy holds the proved moves of every
/// job (plus, if every job is proved, nothing else: the caller adds the move that led
/// to them).
pub fn solve(
    jobs: &[(u64, u64)],
    limits: DfpnLimits,
    stop: &AtomicBool,
    progress: &AtomicU64,
    done: &(dyn Fn(&Job) + Sync),
) -> (Vec<Job>, SearchStrategy) {
    use rayon::prelude::*;
    let results: Vec<(Job, ProofMoves)> = jobs
        .par_iter()
        .map(|&(x, o)| {
            let t = std::time::Instant::now();
            let mut d = Dfpn::new(limits).with_signals(stop, progress);
            let outcome = if stop.load(Ordering::Relaxed) {
                Outcome::Unknown
            } else {
                d.prove(x, o)
            };
            if outcome != Outcome::Proved {
                // No point going on: the first move is not proved.
                stop.store(true, Ordering::Relaxed);
            }
            let job = Job {
                x,
                o,
                outcome,
                stats: d.stats(),
                seconds: t.elapsed().as_secs_f64(),
            };
            done(&job);
            let moves = if outcome == Outcome::Proved {
                d.proof_moves()
            } else {
                HashMap::default()
            };
            (job, moves)
        })
        .collect();
    let mut strategy = SearchStrategy {
        moves: HashMap::default(),
        threat_depth: limits.threat_depth,
    };
    let mut out = Vec::new();
    for (job, moves) in results {
        for (k, m) in moves {
            strategy.moves.entry(k).or_insert(m);
        }
        out.push(job);
    }
    (out, strategy)
}

/// The strategy and jobs of a whole solve from (`x`, `o`): split at the first move,
/// every reply class searched, the first move added to the strategy when all are
/// proved. Returns the first move too.
pub fn solve_from(
    x: u64,
    o: u64,
    limits: DfpnLimits,
    stop: &AtomicBool,
    progress: &AtomicU64,
    done: &(dyn Fn(&Job) + Sync),
) -> (usize, Vec<Job>, SearchStrategy) {
    let (m, jobs) = split(x, o);
    let (jobs, mut strategy) = solve(&jobs, limits, stop, progress, done);
    if jobs.iter().all(|j| j.outcome == Outcome::Proved) {
        let t = tables();
        let (key, s) = SymHashes::of(x, o).canonical(x, o);
        strategy
            .moves
            .insert(key, image(t, s, 1 << m).trailing_zeros() as u8);
    }
    (m, jobs, strategy)
}
