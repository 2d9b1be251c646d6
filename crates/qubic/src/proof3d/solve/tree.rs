//! The master's proof tree of the job-level search ([`super::jobs`]): the top of the proof
//! over positions merged under the symmetries, whose leaves are handed to workers as jobs.
//!
//! The root is an AND node over the positions to prove (all must be won). Each leaf is a
//! position no job has searched yet; a job searches one leaf with df-pn within a budget of
//! expansions and answers proved, disproved, or open with the numbers of the leaf's
//! children as its search left them ([`Tree::apply`]): an open leaf becomes an inner node
//! with those children as new leaves. Proof and disproof numbers combine as in
//! [`super::super::dfpn`] (sums at AND nodes, the least at OR nodes, and weak disproof
//! numbers at OR nodes: the largest plus one per other child), so the master's choice
//! continues the workers' searches.
//!
//! **Choosing the next job** for an idle worker ([`Tree::select`]): the most-proving leaf
//! (Allis's proof-number search), found with the leaves being searched counted as *won*
//! for the moment — the *virtual win* of Wu et al.'s job-level proof-number search. At a
//! second-player node every reply must be proved, so a leaf being searched steers the next
//! worker to a sibling: work the proof needs anyway. At a first-player node one move is
//! enough, so a node with a move being searched is left alone: a second worker there
//! would search an alternative that is wasted whenever the first move wins. When every
//! open leaf lies below a search in progress, [`Tree::select`] may still *speculate* (Wu
//! et al.'s *virtual equivalence* with *flagging*: the numbers left as they are, the
//! leaves being searched passed over), or leave the worker idle until a result comes.
//! Kaneko (2010) steered the threads of a shared-table df-pn apart the same way, with
//! *virtual proof numbers* raised by the number of threads below a node; Pawlewicz and
//! Hayward's SPDFPN (2013) assigns threads by proof numbers and two parameters. Both need
//! one shared table; a master's tree does not, so the same search runs on MPI.
//!
//! **How far a job goes**: a job is df-pn at its leaf, stopped where df-pn
//! would leave the leaf for a sibling — the thresholds computed on the way down from the
//! root as df-pn computes them (Nagai's, with Pawlewicz's 1 + ε: at a first-player node
//! the best move is searched until its proof number passes the second best's by ε, at a
//! second-player node the same with disproof numbers) — or when its budget of expansions
//! runs out. A job stopped by a threshold leaves its leaf a leaf with new numbers
//! ([`Tree::apply_open`]), and the master chooses again, as df-pn would at the parent; so
//! the master's tree is the top of one df-pn search, its nodes kept in the master rather
//! than re-entered from the root. A leaf whose job ran out of its budget goes back (to its
//! last worker where the numbers tie); it is split only when workers wait for work
//! ([`super::jobs`]). The positions to prove get no thresholds: all must be proved, so no
//! number moves the search from one to another.
//!
//! A decided node is final, as in the workers' tables: a proved or disproved node never
//! changes again, whatever result comes later from below it.
//!
//! Sources: L. V. Allis, M. van der Meulen, H. J. van den Herik, *Proof-number search*,
//! 1994; I-C. Wu, H-H. Lin, P-H. Lin, D-J. Sun, Y-C. Chan, B-T. Chen, *Job-level
//! proof-number search for Connect6*, Computers and Games 2010, and *Job-level proof
//! number search*, IEEE TCIAIG 5(1), 2013 (virtual win, virtual loss, virtual equivalence,
//! flagging; 8.58× on 16 cores); T. Kaneko, *Parallel depth first proof number search*,
//! AAAI 2010; J. Pawlewicz, R. B. Hayward, *Scalable parallel DFPN search*, Computers and
//! Games 2013 (parallel efficiency 0.8 on 4 threads, 0.74 on 16, on Hex).

use std::collections::HashSet;
use std::hash::BuildHasherDefault;

use super::super::canonical::{Key, SymHashes};
use super::super::dfpn::{ChildNumbers, Outcome, ProofMoves, INFINITE};
use super::super::tables::{image, tables, Tables};
use super::super::threats::{KeyHasher, O, X};

/// A node's place in [`Tree::nodes`].
pub type NodeId = u32;

/// No node.
const NONE: NodeId = NodeId::MAX;

/// Where a node stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    /// Not searched yet.
    Leaf,
    /// Being searched by the worker of this rank.
    Busy(usize),
    /// Split into its children (a job left it open).
    Inner,
    /// Decided by a job.
    Done,
}

/// A position of the master's tree.
#[derive(Debug, Clone)]
pub struct Node {
    /// The first player's stones.
    pub x: u64,
    /// The second player's stones.
    pub o: u64,
    /// The canonical form.
    pub key: Key,
    /// The symmetry from the stones to the canonical form.
    sym: usize,
    /// First player to move.
    pub or: bool,
    /// The parent (none for the root).
    pub parent: NodeId,
    /// The position to prove it belongs to (an index into the positions; none for the
    /// root).
    pub top: NodeId,
    /// The move from the parent (a cell on the parent's board).
    pub cell: u8,
    /// The children (after a job left the node open).
    pub children: Vec<NodeId>,
    /// Proof number.
    pub pn: u64,
    /// Disproof number.
    pub dn: u64,
    /// The numbers with the leaves being searched counted as won.
    vpn: u64,
    vdn: u64,
    /// Open leaves below that no job is searching.
    free: u32,
    /// Where it stands.
    pub state: State,
    /// CPU seconds of the chain of jobs before this node could be searched: each job
    /// after the one that split its parent.
    pub ready: f64,
    /// Jobs in that chain.
    pub chain: u32,
    /// The rank whose job split the parent, or searched the node last (its table knows
    /// the position best; 0: none).
    pub home: usize,
    /// Jobs on this leaf that ran out of their budget below its thresholds.
    pub exhausted: u32,
    /// Jobs on this leaf that left it open and a leaf.
    pub searched: u32,
}

impl Node {
    fn decided(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// The master's proof tree.
pub struct Tree {
    t: &'static Tables,
    /// Every node; 0 is the root, 1 … n the positions to prove.
    pub nodes: Vec<Node>,
    /// The proof's moves: the workers' and the master's own.
    pub moves: ProofMoves,
    /// Positions known proved (from the moves received), so a new leaf already proved
    /// elsewhere (by another rank: a transposition) is not searched again.
    proved: HashSet<Key, BuildHasherDefault<KeyHasher>>,
    /// The longest chain of jobs so far: CPU seconds and jobs.
    pub span: (f64, u32),
}

impl std::fmt::Debug for Tree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Tree({} nodes, root {:?}, {} moves)",
            self.nodes.len(),
            self.root(),
            self.moves.len()
        )
    }
}

fn weak_or_dn(max: u64, n: usize) -> u64 {
    if max >= INFINITE {
        INFINITE
    } else {
        max.saturating_add(n as u64 - 1).min(INFINITE - 1)
    }
}

fn capped_sum(sum: u64, max: u64) -> u64 {
    if sum >= INFINITE && max >= INFINITE {
        INFINITE
    } else {
        sum.min(INFINITE - 1)
    }
}

impl Tree {
    /// A tree whose root needs every one of `tops` (first player to move in each) won.
    #[must_use]
    pub fn new(tops: &[(u64, u64)]) -> Tree {
        let mut t = Tree {
            t: tables(),
            nodes: Vec::with_capacity(tops.len() + 1),
            moves: ProofMoves::default(),
            proved: HashSet::default(),
            span: (0.0, 0),
        };
        t.nodes.push(Node {
            x: 0,
            o: 0,
            key: 0,
            sym: 0,
            or: false,
            parent: NONE,
            top: NONE,
            cell: 64,
            children: Vec::new(),
            pn: 1,
            dn: 1,
            vpn: 1,
            vdn: 1,
            free: 0,
            state: State::Inner,
            ready: 0.0,
            chain: 0,
            home: 0,
            exhausted: 0,
            searched: 0,
        });
        for (i, &(x, o)) in tops.iter().enumerate() {
            let id = t.push(x, o, 0, 64, 0.0, 0, 0);
            t.nodes[id as usize].top = NodeId::try_from(i).unwrap_or(NONE);
            t.nodes[0].children.push(id);
        }
        t.recompute(0);
        t
    }

    /// A new leaf (`x`, `o`) below `parent`, proved at once if its position is known
    /// proved.
    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        x: u64,
        o: u64,
        parent: NodeId,
        cell: u8,
        ready: f64,
        chain: u32,
        home: usize,
    ) -> NodeId {
        let (key, sym) = SymHashes::of(x, o).canonical(x, o);
        let id = NodeId::try_from(self.nodes.len()).unwrap_or(NONE);
        let top = self.nodes.get(parent as usize).map_or(NONE, |p| p.top);
        let known = self.proved.contains(&key);
        self.nodes.push(Node {
            x,
            o,
            key,
            sym,
            or: x.count_ones() == o.count_ones(),
            parent,
            top,
            cell,
            children: Vec::new(),
            pn: if known { 0 } else { 1 },
            dn: if known { INFINITE } else { 1 },
            vpn: 1,
            vdn: 1,
            free: 0,
            state: if known { State::Done } else { State::Leaf },
            ready,
            chain,
            home,
            exhausted: 0,
            searched: 0,
        });
        // its virtual numbers and free leaves, from its state
        self.recompute(id);
        id
    }

    fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    /// The root's numbers: (0, ∞) once every position is proved, (∞, 0) once one is not.
    #[must_use]
    pub fn root(&self) -> (u64, u64) {
        (self.nodes[0].pn, self.nodes[0].dn)
    }

    /// Whether the proof is decided (every position proved, or one disproved).
    #[must_use]
    pub fn decided(&self) -> bool {
        self.nodes[0].decided()
    }

    /// The outcome of position `i` (an index into the positions given) so far.
    #[must_use]
    pub fn top_outcome(&self, i: usize) -> Outcome {
        match self.nodes.get(i + 1) {
            Some(n) if n.pn == 0 => Outcome::Proved,
            Some(n) if n.dn == 0 => Outcome::Disproved,
            _ => Outcome::Unknown,
        }
    }

    /// The next leaf for the worker of `rank` (see the [module documentation](self)):
    /// the most-proving leaf with the leaves being searched counted as won; failing that,
    /// with `speculate`, the most-proving leaf no job is searching; else none.
    #[must_use]
    pub fn select(&self, rank: usize, speculate: bool) -> Option<NodeId> {
        self.select_within(rank, speculate, 0.0).map(|p| p.0)
    }

    /// [`Tree::select`], with the thresholds df-pn would give the leaf on the way down
    /// from the root (the same numbers, Pawlewicz's 1 + `epsilon` at each choice): its
    /// job stops once its proof number reaches the first or its disproof number the
    /// second — the leaf is then no longer the most-proving one, and the master chooses
    /// again, as df-pn would at the leaf's parent.
    #[must_use]
    pub fn select_within(
        &self,
        rank: usize,
        speculate: bool,
        epsilon: f64,
    ) -> Option<(NodeId, u64, u64)> {
        let root = &self.nodes[0];
        if root.decided() {
            return None;
        }
        let virtual_win = root.vpn > 0;
        if !(virtual_win || (speculate && root.free > 0)) {
            return None;
        }
        let grow = |n: u64| -> u64 {
            if n >= INFINITE {
                INFINITE
            } else {
                n.saturating_add(1 + (n as f64 * epsilon) as u64)
                    .min(INFINITE)
            }
        };
        let within = |th: u64, node: u64, child: u64| -> u64 {
            if th >= INFINITE {
                INFINITE
            } else {
                (th - node.min(th)).saturating_add(child).min(INFINITE)
            }
        };
        // The numbers the choice is made by: virtual ones while some leaf is free.
        let nums = |c: &Node| {
            if virtual_win {
                (c.vpn, c.vdn)
            } else {
                (c.pn, c.dn)
            }
        };
        let (mut thpn, mut thdn) = (INFINITE, INFINITE);
        let mut id = 0;
        loop {
            let n = self.node(id);
            match n.state {
                State::Leaf => return Some((id, thpn, thdn)),
                State::Busy(_) | State::Done => return None,
                State::Inner => {}
            }
            let (npn, ndn) = nums(n);
            let away = |c: NodeId| usize::from(self.node(c).home != rank);
            // (the number chosen by, tie-breaks, id)
            let mut open: Vec<(u64, u64, usize, NodeId)> = n
                .children
                .iter()
                .copied()
                .filter(|&c| {
                    let c = self.node(c);
                    !c.decided() && if virtual_win { c.vpn > 0 } else { c.free > 0 }
                })
                .map(|c| {
                    let (pn, dn) = nums(self.node(c));
                    if n.or {
                        // by the real proof number (the move df-pn would search)
                        (self.node(c).pn, pn, away(c), c)
                    } else {
                        (dn, 0, away(c), c)
                    }
                })
                .collect();
            open.sort_unstable();
            let &(_, _, _, next) = open.first()?;
            let second = open.get(1).map_or(INFINITE, |s| s.0);
            let (cpn, cdn) = nums(self.node(next));
            (thpn, thdn) = if id == 0 {
                // Every position must be proved and nothing else would do: no threshold
                // moves the search from one position to another.
                (INFINITE, INFINITE)
            } else if n.or {
                (thpn.min(grow(second)), within(thdn, ndn, cdn))
            } else {
                (within(thpn, npn, cpn), thdn.min(grow(second)))
            };
            id = next;
        }
    }

    /// A job on `id` has gone to the worker of `rank`.
    pub fn start(&mut self, id: NodeId, rank: usize) {
        if self.node(id).state == State::Leaf {
            self.nodes[id as usize].state = State::Busy(rank);
            self.recompute_up(id);
        }
    }

    /// Record proof moves received from a worker: each position (and the one its move
    /// leads to) is known proved from now on.
    pub fn add_moves(&mut self, moves: &[(Key, u8)]) {
        for &(k, m) in moves {
            self.moves.entry(k).or_insert(m);
            self.proved.insert(k);
            let (x, o) = (k as u64, (k >> 64) as u64);
            if m < 64 && (x | o) >> m & 1 == 0 {
                let x2 = x | 1 << m;
                self.proved.insert(SymHashes::of(x2, o).canonical(x2, o).0);
            }
        }
    }

    /// The result of the job on `id` by the worker of `rank`, which took `cpu` seconds:
    /// the node decided, or split into `children` (moves on its board with their numbers).
    /// The proof moves that came with it are added first ([`Tree::add_moves`]).
    pub fn apply(
        &mut self,
        id: NodeId,
        rank: usize,
        outcome: Outcome,
        children: &[ChildNumbers],
        cpu: f64,
    ) {
        let Some(n) = self.nodes.get(id as usize) else {
            return;
        };
        if n.state != State::Busy(rank) && n.state != State::Leaf {
            return;
        }
        let finish = n.ready + cpu;
        let chain = n.chain + 1;
        if finish > self.span.0 {
            self.span = (finish, chain);
        }
        let (x, o, or) = (n.x, n.o, n.or);
        match outcome {
            Outcome::Proved | Outcome::Disproved => {
                let n = &mut self.nodes[id as usize];
                n.state = State::Done;
                (n.pn, n.dn) = if outcome == Outcome::Proved {
                    (0, INFINITE)
                } else {
                    (INFINITE, 0)
                };
            }
            Outcome::Unknown if children.is_empty() => {
                // Nothing to split into (not expected): searched again later.
                self.nodes[id as usize].state = State::Leaf;
            }
            Outcome::Unknown => {
                let side = if or { X } else { O };
                let mut ids = Vec::with_capacity(children.len());
                for c in children {
                    let cell = c.cell & 63;
                    let (cx, co) = if side == X {
                        (x | 1 << cell, o)
                    } else {
                        (x, o | 1 << cell)
                    };
                    let child = self.push(cx, co, id, cell, finish, chain, rank);
                    let cn = &mut self.nodes[child as usize];
                    if cn.state == State::Leaf {
                        (cn.pn, cn.dn) = (c.pn, c.dn);
                        if cn.decided() {
                            cn.state = State::Done;
                        }
                        self.recompute(child);
                    }
                    ids.push(child);
                }
                let n = &mut self.nodes[id as usize];
                n.children = ids;
                n.state = State::Inner;
            }
        }
        self.recompute_up(id);
    }

    /// The result of a job on the leaf `id` by the worker of `rank`, which took `cpu`
    /// seconds and left it open with the numbers (`pn`, `dn`), not split: it stays a leaf
    /// with those numbers (the next job on it continues from them, so it comes after this
    /// one in the critical path). `exhausted`: the job ran out of its budget below its
    /// thresholds.
    pub fn apply_open(
        &mut self,
        id: NodeId,
        rank: usize,
        (pn, dn): (u64, u64),
        exhausted: bool,
        cpu: f64,
    ) {
        let Some(n) = self.nodes.get_mut(id as usize) else {
            return;
        };
        if n.state != State::Busy(rank) && n.state != State::Leaf {
            return;
        }
        n.ready += cpu;
        n.chain += 1;
        if n.ready > self.span.0 {
            self.span = (n.ready, n.chain);
        }
        // Open: numbers below the infinite (a job that could not go on says 1, 1).
        (n.pn, n.dn) = (pn.clamp(1, INFINITE - 1), dn.clamp(1, INFINITE - 1));
        n.state = State::Leaf;
        n.home = rank;
        n.exhausted += u32::from(exhausted);
        n.searched += 1;
        self.recompute_up(id);
    }

    /// Recompute `id` and every ancestor.
    fn recompute_up(&mut self, mut id: NodeId) {
        while id != NONE {
            self.recompute(id);
            id = self.node(id).parent;
        }
    }

    /// A node's numbers from its children (or its state), and for a first-player node
    /// proved here, its move into the proof.
    fn recompute(&mut self, id: NodeId) {
        let n = self.node(id);
        let (pn, dn, vpn, vdn, free, best) = match n.state {
            State::Leaf => (n.pn, n.dn, n.pn, n.dn, u32::from(!n.decided()), None),
            State::Busy(_) if n.decided() => (n.pn, n.dn, n.pn, n.dn, 0, None),
            State::Busy(_) => (n.pn, n.dn, 0, INFINITE, 0, None),
            State::Done => (n.pn, n.dn, n.pn, n.dn, 0, None),
            State::Inner if n.decided() && id != 0 => (n.pn, n.dn, n.pn, n.dn, 0, None),
            State::Inner => self.combine(n),
        };
        let or = n.or;
        let (key, sym) = (n.key, n.sym);
        if let Some(best) = best {
            if or && pn == 0 {
                let cell = self.node(best).cell;
                let canonical = image(self.t, sym, 1 << cell).trailing_zeros() as u8;
                self.moves.entry(key).or_insert(canonical);
                self.proved.insert(key);
            }
        }
        let n = &mut self.nodes[id as usize];
        (n.pn, n.dn, n.vpn, n.vdn, n.free) = (pn, dn, vpn, vdn, free);
    }

    /// An inner node's (pn, dn, vpn, vdn, free) and, when proved at a first-player turn,
    /// the child that proves it.
    fn combine(&self, n: &Node) -> (u64, u64, u64, u64, u32, Option<NodeId>) {
        let kids = || n.children.iter().map(|&c| (c, self.node(c)));
        if n.or {
            if let Some((c, _)) = kids().find(|(_, c)| c.pn == 0) {
                return (0, INFINITE, 0, INFINITE, 0, Some(c));
            }
            let live: Vec<&Node> = kids().map(|(_, c)| c).filter(|c| c.dn != 0).collect();
            if live.is_empty() {
                return (INFINITE, 0, INFINITE, 0, 0, None);
            }
            let pn = live.iter().map(|c| c.pn).min().unwrap_or(INFINITE);
            let dn = weak_or_dn(live.iter().map(|c| c.dn).max().unwrap_or(0), live.len());
            // The virtual proof number of the move df-pn would search (the least real
            // proof number): a node whose best move has nothing free below it takes no
            // worker, and no busy reply makes a worse move look better.
            let vpn = live.iter().min_by_key(|c| c.pn).map_or(INFINITE, |c| c.vpn);
            let vdn = weak_or_dn(live.iter().map(|c| c.vdn).max().unwrap_or(0), live.len());
            let free = live.iter().map(|c| c.free).sum();
            (pn, dn, vpn, vdn, free, None)
        } else {
            if kids().any(|(_, c)| c.dn == 0) {
                return (INFINITE, 0, INFINITE, 0, 0, None);
            }
            let live: Vec<&Node> = kids().map(|(_, c)| c).filter(|c| c.pn != 0).collect();
            if live.is_empty() {
                return (0, INFINITE, 0, INFINITE, 0, None);
            }
            let sum = |f: fn(&Node) -> u64| {
                let (s, m) = live.iter().fold((0u64, 0u64), |(s, m), c| {
                    (s.saturating_add(f(c)), m.max(f(c)))
                });
                capped_sum(s, m)
            };
            let pn = sum(|c| c.pn);
            let vpn = sum(|c| c.vpn);
            let dn = live.iter().map(|c| c.dn).min().unwrap_or(INFINITE);
            let vdn = live.iter().map(|c| c.vdn).min().unwrap_or(INFINITE);
            let free = live.iter().map(|c| c.free).sum();
            (pn, dn, vpn, vdn, free, None)
        }
    }

    /// The position to prove that `id` lies below and the moves from it to `id`.
    #[must_use]
    pub fn line(&self, mut id: NodeId) -> (Option<(u64, u64)>, Vec<u8>) {
        let mut cells = Vec::new();
        while id != NONE && id != 0 {
            let n = self.node(id);
            if n.parent == 0 {
                cells.reverse();
                return (Some((n.x, n.o)), cells);
            }
            cells.push(n.cell);
            id = n.parent;
        }
        (None, Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(cell: u8, pn: u64, dn: u64) -> ChildNumbers {
        ChildNumbers { cell, pn, dn }
    }

    /// Two positions to prove (first player to move; cells far apart, none symmetric to
    /// another).
    fn two() -> Tree {
        Tree::new(&[(1, 1 << 21), (1, 1 << 5)])
    }

    #[test]
    fn the_first_jobs_are_the_positions_and_a_busy_one_sends_the_next_worker_on() {
        let mut t = two();
        assert_eq!(t.root(), (2, 1));
        let a = t.select(1, false).expect("a leaf");
        assert_eq!(a, 1);
        t.start(a, 1);
        // the first position counts as won for the moment: the next worker gets the other
        let b = t.select(2, false).expect("a leaf");
        assert_eq!(b, 2);
        t.start(b, 2);
        // both are being searched: nothing left but to speculate, and nothing to
        // speculate on (no open leaf no job searches)
        assert_eq!(t.select(3, false), None);
        assert_eq!(t.select(3, true), None);
    }

    #[test]
    fn an_open_job_splits_its_leaf_and_second_player_replies_share_out() {
        let mut t = two();
        t.start(1, 1);
        t.start(2, 2);
        // position 1 (first player to move) stays open: three moves, the middle one best
        t.apply(
            1,
            1,
            Outcome::Unknown,
            &[numbers(2, 4, 1), numbers(3, 2, 2), numbers(4, 6, 1)],
            0.5,
        );
        assert_eq!(t.nodes[1].state, State::Inner);
        assert_eq!(t.nodes[1].children.len(), 3);
        // weak disproof number: the largest plus one per other move
        assert_eq!((t.nodes[1].pn, t.nodes[1].dn), (2, 2 + 2));
        // the most-proving leaf is the move with the least proof number
        let m = t.select(1, false).expect("a leaf");
        assert_eq!(t.nodes[m as usize].cell, 3);
        assert_eq!(
            t.nodes[m as usize].home, 1,
            "the rank that split its parent"
        );
        t.start(m, 1);
        // the other moves are alternatives to one being searched: only speculation
        assert_eq!(t.select(3, false), None);
        let s = t.select(3, true).expect("speculation");
        assert_eq!(t.nodes[s as usize].cell, 2);
        // the move 3 stays open with two replies: both get workers
        t.apply(
            m,
            1,
            Outcome::Unknown,
            &[numbers(7, 1, 3), numbers(8, 2, 1)],
            0.25,
        );
        let r1 = t.select(1, false).expect("a reply");
        t.start(r1, 1);
        let r2 = t.select(3, false).expect("the other reply");
        assert_ne!(r1, r2);
        assert_eq!(t.nodes[r1 as usize].cell, 8, "least disproof number first");
        assert_eq!(t.span, (0.75, 2));
        assert_eq!(t.line(r2).0, Some((1, 1 << 21)));
        assert_eq!(t.line(r2).1, vec![3, 7]);
    }

    #[test]
    fn a_leaf_gets_df_pns_thresholds_and_a_job_left_open_keeps_it_a_leaf() {
        let mut t = two();
        // the positions to prove: no threshold moves the search from one to another
        assert_eq!(
            t.select_within(1, false, 0.25),
            Some((1, INFINITE, INFINITE))
        );
        t.start(1, 1);
        t.start(2, 2);
        t.apply(
            1,
            1,
            Outcome::Unknown,
            &[numbers(2, 4, 1), numbers(3, 2, 2), numbers(4, 6, 1)],
            0.5,
        );
        // first player's turn: the move with the least proof number (2), searched until
        // its proof number passes the second best's (4) by ε = 1/4 (4 + 1 + 1 = 6); its
        // disproof threshold the node's room (∞)
        let (m, thpn, thdn) = t.select_within(1, false, 0.25).expect("a leaf");
        assert_eq!(t.nodes[m as usize].cell, 3);
        assert_eq!((thpn, thdn), (6, INFINITE));
        t.start(m, 1);
        // its job reached the threshold: a leaf still, with its new numbers, and the
        // next choice is the other move
        t.apply_open(m, 1, (7, 2), false, 0.25);
        assert_eq!(t.nodes[m as usize].state, State::Leaf);
        assert_eq!((t.nodes[m as usize].pn, t.nodes[m as usize].chain), (7, 2));
        assert_eq!(t.nodes[m as usize].exhausted, 0);
        assert_eq!(
            t.span,
            (0.75, 2),
            "the second job on the leaf follows the first"
        );
        let (n, thpn, _) = t.select_within(1, false, 0.25).expect("a leaf");
        assert_eq!(t.nodes[n as usize].cell, 2);
        assert_eq!(thpn, 6 + 1 + 1, "past the next best (6) by ε");
        // a job that ran out of its budget is counted
        t.start(n, 1);
        t.apply_open(n, 1, (3, 1), true, 0.1);
        assert_eq!(t.nodes[n as usize].exhausted, 1);
        // still the most-proving move (3 against 6 and 7): chosen again
        let (r, _, _) = t.select_within(1, false, 0.25).expect("a leaf");
        assert_eq!(r, n);
    }

    #[test]
    fn proofs_rise_to_the_root_with_the_masters_moves() {
        let mut t = two();
        t.start(1, 1);
        t.start(2, 2);
        t.apply(
            1,
            1,
            Outcome::Unknown,
            &[numbers(3, 1, 1), numbers(9, 3, 1)],
            0.1,
        );
        let m = t.select(1, false).expect("a leaf");
        assert_eq!(t.nodes[m as usize].cell, 3);
        t.start(m, 1);
        t.apply(m, 1, Outcome::Proved, &[], 0.1);
        assert_eq!(t.top_outcome(0), Outcome::Proved);
        // the master's own move at position 1: cell 3 in the canonical orientation
        let n = &t.nodes[1];
        let canonical = image(t.t, n.sym, 1 << 3).trailing_zeros() as u8;
        assert_eq!(t.moves.get(&n.key), Some(&canonical));
        assert!(!t.decided());
        t.apply(2, 2, Outcome::Proved, &[], 0.1);
        assert!(t.decided());
        assert_eq!(t.root(), (0, INFINITE));
        // decided is final: a late result changes nothing
        t.apply(2, 2, Outcome::Disproved, &[], 0.1);
        assert_eq!(t.root(), (0, INFINITE));
    }

    #[test]
    fn one_position_not_won_decides_the_root() {
        let mut t = two();
        t.start(2, 1);
        t.apply(2, 1, Outcome::Disproved, &[], 0.0);
        assert_eq!(t.root(), (INFINITE, 0));
        assert_eq!(t.top_outcome(1), Outcome::Disproved);
        assert_eq!(t.select(1, true), None);
    }

    #[test]
    fn a_position_known_proved_is_not_searched_again() {
        let mut t = two();
        // a worker's proof says the first player's move 3 wins at position 1
        let (k, s) = SymHashes::of(1, 1 << 21).canonical(1, 1 << 21);
        let m = image(t.t, s, 1 << 3).trailing_zeros() as u8;
        t.add_moves(&[(k, m)]);
        t.start(1, 1);
        t.apply(
            1,
            1,
            Outcome::Unknown,
            &[numbers(3, 5, 1), numbers(9, 3, 1)],
            0.1,
        );
        assert_eq!(t.top_outcome(0), Outcome::Proved);
    }
}
