//! A first-player strategy on 4⁴ as a tree, its search, a compact binary form and a
//! verifier that checks it against the game's own rules ([`crate::Board`]).
//!
//! An [`AttackNode`] is one first-player move; the [`DefenceNode`] after it answers
//! every second-player reply: replies listed explicitly, replies equivalent to a listed
//! one under a symmetry fixing the position, and replies answered by a *default*
//! continuation (a threat sequence that the reply does not disturb). Replies that ignore
//! a first-player three lose at once and need no entry: the verifier completes the four.

use std::collections::{HashMap, HashSet};

use ludomat_game::{Game, Outcome, Player};

use super::{symmetries, ProofLimits, Search, ATT, DEF, PLANS};
use crate::{layout, Board, Cell, CellSet};

/// One first-player move and the answers to every reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttackNode {
    /// The cell played (0-based spot number).
    pub cell: u8,
    /// The second player's replies.
    pub next: DefenceNode,
}

/// The second player's turn: how every reply is answered.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DefenceNode {
    /// Replies with their own continuation.
    pub explicit: Vec<(u8, AttackNode)>,
    /// Replies not listed may be mapped onto a listed one by a symmetry that fixes the
    /// position.
    pub symmetric: bool,
    /// Continuations tried in order for any other reply.
    pub defaults: Vec<AttackNode>,
}

/// Why a strategy tree is not a forced win.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The tree plays on a taken cell or off the board.
    #[error("move {cell} after {path} is illegal")]
    Illegal {
        /// The cell.
        cell: u8,
        /// The moves before it.
        path: String,
    },
    /// The second player could complete four.
    #[error("the second player wins after {0}")]
    DefenderWins(String),
    /// A reply has no answer in the tree.
    #[error("reply {reply} after {path} is not answered")]
    Unanswered {
        /// The reply.
        reply: u8,
        /// The moves before it.
        path: String,
    },
    /// The binary form is cut short or malformed.
    #[error("malformed strategy data at byte {0}")]
    Malformed(usize),
}

/// What the verifier found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verified {
    /// Most first-player moves (its first and the completing move included) the strategy
    /// needs against any defence.
    pub first_player_moves: u8,
    /// Positions checked.
    pub positions: u64,
}

fn path_string(b: &[u8]) -> String {
    b.iter()
        .map(|&c| Cell::<4>::new(c as usize).map_or("?".into(), |c| c.to_string()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The verifier: plays the tree on a real [`Board<4>`].
struct Verifier {
    group: Vec<Vec<u8>>,
    positions: u64,
}

impl Verifier {
    fn new() -> Self {
        // Keep only maps that send every line onto a line (all of them, but the
        // verifier does not take that on trust).
        let lay = layout::<4>();
        let lines: HashSet<CellSet> = lay.masks.iter().copied().collect();
        let group = symmetries::<4>()
            .into_iter()
            .filter(|m| {
                let mut seen = [false; 256];
                m.iter()
                    .all(|&x| !std::mem::replace(&mut seen[x as usize], true))
                    && lay.geometry.lines().iter().all(|l| {
                        let mut s = CellSet::EMPTY;
                        for &c in l {
                            s.insert(m[c as usize] as usize);
                        }
                        lines.contains(&s)
                    })
            })
            .collect();
        Verifier {
            group,
            positions: 0,
        }
    }

    /// Cells where `p` would complete four.
    fn wins(b: &Board<4>, p: Player) -> CellSet {
        let lay = layout::<4>();
        let mine = b.cells_of(p);
        let theirs = b.cells_of(p.opponent());
        let mut out = CellSet::EMPTY;
        for m in &lay.masks {
            if m.and(theirs).is_empty() && m.and(mine).len() == 3 {
                out = out.or(m.and(CellSet([!mine.0[0], !mine.0[1], !mine.0[2], !mine.0[3]])));
            }
        }
        out
    }

    /// First player to move with `node`'s move; Ok(first-player moves to the win).
    fn attack(
        &mut self,
        b: &Board<4>,
        node: &AttackNode,
        path: &mut Vec<u8>,
    ) -> Result<u8, VerifyError> {
        self.positions += 1;
        if !Self::wins(b, Player::First).is_empty() {
            return Ok(1);
        }
        let cell = Cell::<4>::new(node.cell as usize)
            .filter(|&c| b.is_legal(c))
            .ok_or_else(|| VerifyError::Illegal {
                cell: node.cell,
                path: path_string(path),
            })?;
        let mut b = *b;
        b.play(cell);
        if b.outcome() == Some(Outcome::Win(Player::First)) {
            return Ok(1);
        }
        path.push(node.cell);
        let r = self.defend(&b, &node.next, path);
        path.pop();
        r.map(|n| n + 1)
    }

    /// Second player to move; Ok(first-player moves to the win over every reply).
    fn defend(
        &mut self,
        b: &Board<4>,
        node: &DefenceNode,
        path: &mut Vec<u8>,
    ) -> Result<u8, VerifyError> {
        self.positions += 1;
        if !Self::wins(b, Player::Second).is_empty() {
            return Err(VerifyError::DefenderWins(path_string(path)));
        }
        let threats = Self::wins(b, Player::First);
        if threats.len() >= 2 {
            return Ok(1);
        }
        let mut worst = 0u8;
        let mut stab: Option<Vec<usize>> = None;
        for reply in b.empty_cells() {
            let r = reply.index() as u8;
            if !threats.is_empty() && !threats.contains(reply.index()) {
                // The three is ignored: the first player completes it next move.
                worst = worst.max(1);
                continue;
            }
            let mut after = *b;
            after.play(reply);
            path.push(r);
            let mut result = None;
            if let Some((_, child)) = node.explicit.iter().find(|(c, _)| *c == r) {
                result = Some(self.attack(&after, child, path));
            } else {
                for d in &node.defaults {
                    if let Ok(n) = self.attack(&after, d, path) {
                        result = Some(Ok(n));
                        break;
                    }
                }
                if result.is_none() && node.symmetric {
                    let st = stab.get_or_insert_with(|| self.stabiliser(b));
                    // A listed reply this one maps onto under a symmetry fixing the
                    // position: an equivalent position, verified on its own.
                    let image = st.iter().find_map(|&g| {
                        let t = self.group[g][reply.index()];
                        node.explicit.iter().find(|(c, _)| *c == t)
                    });
                    if image.is_some() {
                        path.pop();
                        continue;
                    }
                }
            }
            path.pop();
            match result {
                Some(Ok(n)) => worst = worst.max(n),
                Some(Err(e)) => return Err(e),
                None => {
                    return Err(VerifyError::Unanswered {
                        reply: r,
                        path: path_string(path),
                    })
                }
            }
        }
        Ok(worst)
    }

    /// Symmetries (indices into the group) fixing both players' cells.
    fn stabiliser(&self, b: &Board<4>) -> Vec<usize> {
        let a = b.cells_of(Player::First);
        let d = b.cells_of(Player::Second);
        (0..self.group.len())
            .filter(|&g| {
                let m = &self.group[g];
                a.iter().all(|c| a.contains(m[c] as usize))
                    && d.iter().all(|c| d.contains(m[c] as usize))
            })
            .collect()
    }
}

/// Check `root` (the first player's opening move and everything after it) against the
/// game's rules from the empty 4⁴ board.
///
/// # Errors
/// The first defence the tree does not beat.
pub fn verify(root: &AttackNode) -> Result<Verified, VerifyError> {
    let mut v = Verifier::new();
    let n = v.attack(&Board::<4>::empty(), root, &mut Vec::new())?;
    Ok(Verified {
        first_player_moves: n,
        positions: v.positions,
    })
}

/// The compact binary form: preorder; an attack node is its cell byte and its defence
/// node; a defence node is a flags byte (bit 0: symmetric), the count of explicit
/// replies, each reply byte and its attack node, the count of defaults and each default.
#[must_use]
pub fn encode(root: &AttackNode) -> Vec<u8> {
    fn att(n: &AttackNode, out: &mut Vec<u8>) {
        out.push(n.cell);
        def(&n.next, out);
    }
    fn def(n: &DefenceNode, out: &mut Vec<u8>) {
        out.push(u8::from(n.symmetric));
        out.push(n.explicit.len() as u8);
        for (r, c) in &n.explicit {
            out.push(*r);
            att(c, out);
        }
        out.push(n.defaults.len() as u8);
        for d in &n.defaults {
            att(d, out);
        }
    }
    let mut out = Vec::new();
    att(root, &mut out);
    out
}

/// Read the binary form of [`encode`].
///
/// # Errors
/// [`VerifyError::Malformed`] when the data is cut short or has bytes left over.
pub fn decode(bytes: &[u8]) -> Result<AttackNode, VerifyError> {
    struct R<'a>(&'a [u8], usize);
    impl R<'_> {
        fn byte(&mut self) -> Result<u8, VerifyError> {
            let b = *self.0.get(self.1).ok_or(VerifyError::Malformed(self.1))?;
            self.1 += 1;
            Ok(b)
        }
        fn att(&mut self) -> Result<AttackNode, VerifyError> {
            let cell = self.byte()?;
            Ok(AttackNode {
                cell,
                next: self.def()?,
            })
        }
        fn def(&mut self) -> Result<DefenceNode, VerifyError> {
            let flags = self.byte()?;
            if flags > 1 {
                return Err(VerifyError::Malformed(self.1 - 1));
            }
            let n = self.byte()?;
            let mut explicit = Vec::with_capacity(n as usize);
            for _ in 0..n {
                let r = self.byte()?;
                explicit.push((r, self.att()?));
            }
            let n = self.byte()?;
            let mut defaults = Vec::with_capacity(n as usize);
            for _ in 0..n {
                defaults.push(self.att()?);
            }
            Ok(DefenceNode {
                explicit,
                symmetric: flags == 1,
                defaults,
            })
        }
    }
    let mut r = R(bytes, 0);
    let root = r.att()?;
    if r.1 != bytes.len() {
        return Err(VerifyError::Malformed(r.1));
    }
    Ok(root)
}

/// The proven strategy for the first player on 4⁴, opening at the corner `1111`, in the
/// binary form of [`encode`]; found by `examples/forced4d.rs` and checked by
/// [`verify`] in `tests/forced4d.rs`.
pub const FORCED_WIN_4D: &[u8] = include_bytes!("forced4d.bin");

/// Count of nodes in a tree (attack and defence nodes).
#[must_use]
pub fn size(root: &AttackNode) -> usize {
    1 + 1
        + root
            .next
            .explicit
            .iter()
            .map(|(_, c)| size(c))
            .chain(root.next.defaults.iter().map(size))
            .sum::<usize>()
}

/// The search building a strategy tree.
pub(crate) struct TreeSearch<'a> {
    s: Search<'a>,
    group: Vec<Vec<u8>>,
    budget: u64,
    /// Quiet moves may use symmetry reduction of the replies up to this many plies.
    pub(crate) sym_depth: usize,
    stones: usize,
}

fn plan_tree(seq: &[usize]) -> AttackNode {
    let mut node = DefenceNode::default();
    for (i, &m) in seq.iter().enumerate().rev() {
        let a = AttackNode {
            cell: m as u8,
            next: node,
        };
        if i == 0 {
            return a;
        }
        node = DefenceNode {
            explicit: Vec::new(),
            symmetric: false,
            defaults: vec![a],
        };
    }
    AttackNode {
        cell: 0,
        next: node,
    }
}

impl<'a> TreeSearch<'a> {
    fn stabiliser(&self) -> Vec<usize> {
        let cell = &self.s.cell;
        let occupied: Vec<usize> = (0..cell.len()).filter(|&c| cell[c] != 0).collect();
        (0..self.group.len())
            .filter(|&g| {
                let m = &self.group[g];
                occupied.iter().all(|&c| cell[m[c] as usize] == cell[c])
            })
            .collect()
    }

    fn over(&self) -> bool {
        self.s.nodes > self.budget
    }

    /// First player to move.
    fn attack(&mut self, quiet: u8) -> Option<AttackNode> {
        self.s.nodes += 1;
        if self.over() {
            return None;
        }
        if let Some(c) = self.s.threats(ATT).iter().next() {
            return Some(AttackNode {
                cell: c as u8,
                next: DefenceNode::default(),
            });
        }
        let d = self.s.threats(DEF);
        match d.len() {
            0 => {}
            1 => {
                let c = d.iter().next()?;
                return self.after_attack(c, quiet);
            }
            _ => return None,
        }
        if let Some(seq) = self.s.vcf(self.s.limits.threat_depth) {
            return Some(plan_tree(&seq));
        }
        if quiet == 0 {
            return None;
        }
        for c in self.s.quiet_candidates() {
            if let Some(n) = self.after_attack(c, quiet - 1) {
                return Some(n);
            }
        }
        None
    }

    fn after_attack(&mut self, c: usize, quiet: u8) -> Option<AttackNode> {
        self.s.play(c, ATT);
        self.stones += 1;
        let r = self.defend(quiet);
        self.stones -= 1;
        self.s.undo(c, ATT);
        r.map(|next| AttackNode {
            cell: c as u8,
            next,
        })
    }

    /// Second player to move.
    fn defend(&mut self, quiet: u8) -> Option<DefenceNode> {
        self.s.nodes += 1;
        if !self.s.threats(DEF).is_empty() {
            return None;
        }
        let a = self.s.threats(ATT);
        match a.len() {
            0 => {}
            1 => {
                let c = a.iter().next()?;
                self.s.play(c, DEF);
                self.stones += 1;
                let r = self.attack(quiet);
                self.stones -= 1;
                self.s.undo(c, DEF);
                return r.map(|n| DefenceNode {
                    explicit: vec![(c as u8, n)],
                    symmetric: false,
                    defaults: Vec::new(),
                });
            }
            _ => return Some(DefenceNode::default()),
        }
        let plans = self.s.vcf_plans(self.s.limits.threat_depth, PLANS);
        let symmetric = self.stones <= self.sym_depth;
        let stab = if symmetric {
            self.stabiliser()
        } else {
            Vec::new()
        };
        let n = self.s.cell.len();
        let mut covered = vec![false; n];
        let mut used = vec![false; plans.len()];
        let mut explicit = Vec::new();
        // Replies that break every plan first: they are the likely refutations.
        let mut hard = Vec::new();
        for c in 0..n {
            if self.s.cell[c] != 0 {
                continue;
            }
            self.s.play(c, DEF);
            let quick = plans.iter().position(|p| self.s.replay(p).is_some());
            self.s.undo(c, DEF);
            match quick {
                Some(i) => used[i] = true,
                None => hard.push(c),
            }
        }
        for c in hard {
            if covered[c] {
                continue;
            }
            for &g in &stab {
                covered[self.group[g][c] as usize] = true;
            }
            self.s.play(c, DEF);
            self.stones += 1;
            let r = self.attack(quiet);
            self.stones -= 1;
            self.s.undo(c, DEF);
            explicit.push((c as u8, r?));
        }
        Some(DefenceNode {
            explicit,
            symmetric: symmetric && !stab.is_empty(),
            defaults: plans
                .iter()
                .zip(&used)
                .filter(|(_, &u)| u)
                .map(|(p, _)| plan_tree(p))
                .collect(),
        })
    }
}

/// What [`search`] reports.
#[derive(Debug, Clone)]
pub struct SearchReport {
    /// The strategy found (incomplete when some reply class was not solved).
    pub tree: AttackNode,
    /// Every reply class was solved.
    pub complete: bool,
    /// Search nodes visited.
    pub nodes: u64,
}

/// Search a strategy for the first player opening at `first` on 4⁴. The second
/// player's replies to the first move are taken once per class under the symmetries
/// fixing it; each is searched with the limits in `tries` in turn, each try stopping
/// after `budget` nodes. `progress` hears about each reply class.
#[must_use]
pub fn search(
    first: Cell<4>,
    tries: &[ProofLimits],
    budget: u64,
    sym_depth: usize,
    mut progress: impl FnMut(u8, Option<usize>, u64),
) -> SearchReport {
    let g = layout::<4>().geometry;
    let n = Cell::<4>::COUNT;
    let s = Search {
        lines: g.lines(),
        through: (0..n).map(|c| g.lines_through(c)).collect(),
        count: vec![[0, 0]; g.lines().len()],
        cell: vec![0; n],
        limits: tries.first().copied().unwrap_or_default(),
        nodes: 0,
        hash: 0,
        failed: HashMap::new(),
    };
    let mut t = TreeSearch {
        s,
        group: symmetries::<4>(),
        budget,
        sym_depth,
        stones: 1,
    };
    let a1 = first.index();
    t.s.play(a1, ATT);
    let stab = t.stabiliser();
    let mut covered = vec![false; n];
    let mut explicit = Vec::new();
    let mut complete = true;
    for c in 0..n {
        if c == a1 || covered[c] {
            continue;
        }
        for &g in &stab {
            covered[t.group[g][c] as usize] = true;
        }
        t.s.play(c, DEF);
        t.stones = 2;
        let mut found = None;
        for (i, limits) in tries.iter().enumerate() {
            t.s.limits = *limits;
            t.budget = t.s.nodes + budget;
            if let Some(node) = t.attack(limits.quiet_moves) {
                found = Some((i, node));
                break;
            }
        }
        t.s.undo(c, DEF);
        progress(c as u8, found.as_ref().map(|f| f.0), t.s.nodes);
        match found {
            Some((_, node)) => explicit.push((c as u8, node)),
            None => complete = false,
        }
    }
    let tree = AttackNode {
        cell: a1 as u8,
        next: DefenceNode {
            explicit,
            symmetric: true,
            defaults: Vec::new(),
        },
    };
    SearchReport {
        tree,
        complete,
        nodes: t.s.nodes,
    }
}
