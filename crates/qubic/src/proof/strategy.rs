//! A first-player strategy on 4⁴ as a tree, its search, a compact binary form and a
//! verifier that checks it against the game's own rules ([`crate::Board`]).
//!
//! An [`AttackNode`] is one first-player move; the [`DefenceNode`] after it answers
//! every second-player reply: replies listed explicitly, replies equivalent to a listed
//! one under a symmetry fixing the position, and replies answered by a *default*
//! continuation (a threat sequence that the reply does not disturb). Replies that ignore
//! a first-player three lose at once and need no entry: the verifier completes the four.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

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
    #[error("move {} {path} is illegal", cell_name(*cell))]
    Illegal {
        /// The cell.
        cell: u8,
        /// The moves before it.
        path: String,
    },
    /// The second player could complete four.
    #[error("the second player wins {0}")]
    DefenderWins(String),
    /// A reply has no answer in the tree.
    #[error("reply {} {path} is not answered", cell_name(*reply))]
    Unanswered {
        /// The reply.
        reply: u8,
        /// The moves before it.
        path: String,
    },
    /// The binary form is cut short or malformed.
    #[error("malformed strategy data at byte {0}")]
    Malformed(usize),
    /// The tree goes deeper than a game can: more than [`MAX_MOVES`] moves.
    #[error("strategy data nests more than {MAX_MOVES} moves deep at byte {0}")]
    TooDeep(usize),
    /// The packed form unpacks to more than its limit ([`MAX_UNPACKED_BYTES`]).
    #[error("packed strategy data unpacks to more than {0} bytes")]
    TooLarge(u64),
    /// The packed (gzip) form does not decompress.
    #[error("packed strategy data is damaged: {0}")]
    Packed(String),
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

/// The cells of `board` in an order that replays it from the empty board: the first
/// player's and the second's taken in turn.
pub(super) fn alternating(board: &Board<4>) -> impl Iterator<Item = usize> {
    let mut mine = board.cells_of(Player::First).iter();
    let mut theirs = board.cells_of(Player::Second).iter();
    std::iter::from_fn(move || Some([mine.next(), theirs.next()]))
        .take_while(|pair| pair[0].is_some())
        .flat_map(|pair| pair.into_iter().flatten())
}

/// The most moves a game of 4⁴ has (one per cell): no strategy tree is deeper.
pub const MAX_MOVES: usize = 256;

/// The most bytes a packed strategy may unpack to (the stored 4⁴ strategy unpacks to
/// about 3 MB).
pub const MAX_UNPACKED_BYTES: u64 = 256 << 20;

/// A cell in `wxyz` notation, or the raw number in brackets when it is off the board.
fn cell_name(c: u8) -> String {
    Cell::<4>::new(c as usize).map_or_else(|| format!("[{c}, off the board]"), |c| c.to_string())
}

/// "after 1111 2222 …", or "at the start" for no moves.
fn path_string(b: &[u8]) -> String {
    if b.is_empty() {
        return "at the start".into();
    }
    let moves: Vec<String> = b.iter().map(|&c| cell_name(c)).collect();
    format!("after {}", moves.join(" "))
}

fn not(s: CellSet) -> CellSet {
    CellSet([!s.0[0], !s.0[1], !s.0[2], !s.0[3]])
}

/// The verifier: plays the tree on a real [`Board<4>`], keeping each line's marks per
/// player beside it to see threes quickly.
pub(super) struct Verifier {
    group: &'static [Vec<u8>],
    positions: u64,
    /// Where the count of positions is published as the check goes, for a watcher.
    seen: Option<(Arc<AtomicU64>, u64)>,
    /// Second-player replies to the first move left unanswered, when allowed.
    open: Option<Vec<u8>>,
    board: Board<4>,
    /// Per line: marks of [first, second].
    count: Vec<[u8; 2]>,
    /// Per player: lines holding three of its marks and none of the other's.
    threes: [u32; 2],
}

impl Verifier {
    fn new() -> Self {
        Verifier {
            group: Self::group(),
            positions: 0,
            seen: None,
            open: None,
            board: Board::empty(),
            count: vec![[0, 0]; layout::<4>().masks.len()],
            threes: [0, 0],
        }
    }

    /// The symmetries the verifier accepts, worked out once: the maps that send every
    /// line onto a line (all of [`symmetries`], but the verifier does not take that on
    /// trust).
    fn group() -> &'static [Vec<u8>] {
        static GROUP: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
        GROUP.get_or_init(|| {
            let lay = layout::<4>();
            let lines: HashSet<CellSet> = lay.masks.iter().copied().collect();
            symmetries::<4>()
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
                .collect()
        })
    }

    /// A verifier standing on `board` (any legal position).
    pub(super) fn at(board: &Board<4>) -> Self {
        let mut v = Verifier::new();
        for c in alternating(board).filter_map(Cell::new) {
            v.play(c);
        }
        v
    }

    /// Whether the first player, to move, wins by playing `node` from here on.
    pub(super) fn wins_with(&mut self, node: &AttackNode) -> bool {
        self.attack(node, &mut Vec::new()).is_ok()
    }

    /// Symmetry `g` of [`Self::stabiliser`] as a cell map.
    pub(super) fn map(&self, g: usize) -> &[u8] {
        &self.group[g]
    }

    fn is_three(n: [u8; 2], p: usize) -> bool {
        n[p] == 3 && n[1 - p] == 0
    }

    /// Play `cell` for the side to move; the board before, for [`Self::undo`].
    fn play(&mut self, cell: Cell<4>) -> Board<4> {
        let before = self.board;
        let p = self.board.side_to_move().index();
        self.board.play(cell);
        for &l in layout::<4>().geometry.lines_through(cell.index()) {
            let n = &mut self.count[l as usize];
            let was = [Self::is_three(*n, 0), Self::is_three(*n, 1)];
            n[p] += 1;
            for (q, &was) in was.iter().enumerate() {
                let now = Self::is_three(*n, q);
                if now != was {
                    if now {
                        self.threes[q] += 1;
                    } else {
                        self.threes[q] -= 1;
                    }
                }
            }
        }
        before
    }

    fn undo(&mut self, cell: Cell<4>, before: Board<4>) {
        self.board = before;
        let p = before.side_to_move().index();
        for &l in layout::<4>().geometry.lines_through(cell.index()) {
            let n = &mut self.count[l as usize];
            let was = [Self::is_three(*n, 0), Self::is_three(*n, 1)];
            n[p] -= 1;
            for (q, &was) in was.iter().enumerate() {
                let now = Self::is_three(*n, q);
                if now != was {
                    if now {
                        self.threes[q] += 1;
                    } else {
                        self.threes[q] -= 1;
                    }
                }
            }
        }
    }

    /// Cells where `p` would complete four.
    pub(super) fn wins(&self, p: Player) -> CellSet {
        if self.threes[p.index()] == 0 {
            return CellSet::EMPTY;
        }
        let lay = layout::<4>();
        let free = not(self.board.occupied());
        let mut out = CellSet::EMPTY;
        for (l, n) in self.count.iter().enumerate() {
            if Self::is_three(*n, p.index()) {
                out = out.or(lay.masks[l].and(free));
            }
        }
        out
    }

    /// A *linear* continuation (every reply forced by a single three) played from `b` as if
    /// the second player had passed: Some((first-player moves to the win, cells a reply
    /// must avoid)). Any reply off those cells leaves the continuation winning with the same
    /// moves: it cannot stand on a cell the continuation uses or needs (moves, blocks,
    /// completing cells), and it cannot give the second player a three, since every line
    /// through it either held a first-player stone from the start or holds at most one
    /// other second-player stone to the end.
    fn pass(&self, plan: &AttackNode) -> Option<(u8, CellSet)> {
        let lay = layout::<4>();
        let lines = lay.geometry;
        let mut count = self.count.clone();
        let mut occ = self.board.occupied();
        let mut threes: Vec<usize> = Vec::new();
        let mut used = CellSet::EMPTY;
        let mut node = plan;
        let mut moves = 0u8;
        loop {
            moves += 1;
            let free = not(occ);
            let wa = threes
                .iter()
                .fold(CellSet::EMPTY, |s, &l| s.or(lay.masks[l].and(free)));
            if !wa.is_empty() {
                used = used.or(wa);
                break;
            }
            let c = node.cell as usize;
            if c >= 256 || occ.contains(c) {
                return None;
            }
            occ.insert(c);
            used.insert(c);
            let mut four = false;
            for &l in lines.lines_through(c) {
                let n = &mut count[l as usize];
                n[0] += 1;
                four |= n[0] == 4;
                if Self::is_three(*n, 0) {
                    threes.push(l as usize);
                }
            }
            if four {
                break;
            }
            let free = not(occ);
            let wa = threes
                .iter()
                .fold(CellSet::EMPTY, |s, &l| s.or(lay.masks[l].and(free)));
            used = used.or(wa);
            if wa.len() >= 2 {
                moves += 1;
                break;
            }
            let def = &node.next;
            if wa.len() != 1 || !def.explicit.is_empty() || def.defaults.len() != 1 {
                return None;
            }
            let b = wa.iter().next()?;
            occ.insert(b);
            for &l in lines.lines_through(b) {
                let n = &mut count[l as usize];
                n[1] += 1;
                if Self::is_three(*n, 1) {
                    return None;
                }
            }
            threes.retain(|&l| count[l][1] == 0);
            node = &def.defaults[0];
        }
        for (l, n) in count.iter().enumerate() {
            if self.count[l][0] == 0 && n[1] >= 2 {
                used = used.or(lay.masks[l]);
            }
        }
        Some((moves, used))
    }

    /// First player to move with `node`'s move; Ok(first-player moves to the win).
    fn attack(&mut self, node: &AttackNode, path: &mut Vec<u8>) -> Result<u8, VerifyError> {
        self.positions += 1;
        if let Some((seen, next)) = &mut self.seen {
            if self.positions >= *next {
                seen.store(self.positions, Ordering::Relaxed);
                *next = self.positions + PUBLISH_EVERY;
            }
        }
        if self.threes[0] > 0 {
            return Ok(1);
        }
        let cell = Cell::<4>::new(node.cell as usize)
            .filter(|&c| self.board.is_legal(c))
            .ok_or_else(|| VerifyError::Illegal {
                cell: node.cell,
                path: path_string(path),
            })?;
        let before = self.play(cell);
        let r = if self.board.outcome() == Some(Outcome::Win(Player::First)) {
            Ok(1)
        } else {
            path.push(node.cell);
            let r = self.defend(&node.next, path);
            path.pop();
            r.map(|n| n + 1)
        };
        self.undo(cell, before);
        r
    }

    /// Second player to move; Ok(first-player moves to the win over every reply).
    fn defend(&mut self, node: &DefenceNode, path: &mut Vec<u8>) -> Result<u8, VerifyError> {
        self.positions += 1;
        if self.threes[1] > 0 {
            return Err(VerifyError::DefenderWins(path_string(path)));
        }
        let threats = self.wins(Player::First);
        if threats.len() >= 2 {
            return Ok(1);
        }
        let mut worst = 0u8;
        let mut stab: Option<Vec<usize>> = None;
        let replies: Vec<Cell<4>> = match threats.iter().next() {
            // A three: every other reply loses to the four at once.
            Some(block) => {
                if self.board.empty_cells().nth(1).is_some() {
                    worst = 1;
                }
                Cell::new(block).into_iter().collect()
            }
            None => self.board.empty_cells().collect(),
        };
        let shortcuts: Vec<Option<(u8, CellSet)>> = if threats.is_empty() {
            node.defaults.iter().map(|d| self.pass(d)).collect()
        } else {
            Vec::new()
        };
        let mut index = [u16::MAX; 256];
        for (i, (c, _)) in node.explicit.iter().enumerate().rev() {
            index[*c as usize] = i as u16;
        }
        for reply in replies {
            let r = reply.index() as u8;
            let mut result;
            if let Some((_, child)) = node.explicit.get(index[r as usize] as usize) {
                let before = self.play(reply);
                path.push(r);
                result = Some(self.attack(child, path));
                path.pop();
                self.undo(reply, before);
            } else {
                // A default the reply cannot disturb (see `pass`), else one that wins
                // when played out after it.
                result = shortcuts
                    .iter()
                    .flatten()
                    .find(|(_, avoid)| !avoid.contains(reply.index()))
                    .map(|&(n, _)| Ok(n));
                for d in &node.defaults {
                    if result.is_some() {
                        break;
                    }
                    let before = self.play(reply);
                    path.push(r);
                    let ok = self.attack(d, path);
                    path.pop();
                    self.undo(reply, before);
                    if let Ok(n) = ok {
                        result = Some(Ok(n));
                        break;
                    }
                }
                if result.is_none() && node.symmetric {
                    let b = self.board;
                    let st = stab.get_or_insert_with(|| self.stabiliser(&b));
                    // A listed reply this one maps onto under a symmetry fixing the
                    // position: an equivalent position, verified on its own.
                    let image = st
                        .iter()
                        .any(|&g| index[self.group[g][reply.index()] as usize] != u16::MAX);
                    if image {
                        continue;
                    }
                }
            }
            match result {
                Some(Ok(n)) => worst = worst.max(n),
                Some(Err(e)) => return Err(e),
                None if path.len() == 1 && self.open.is_some() => {
                    self.open.get_or_insert_with(Vec::new).push(r);
                }
                None => {
                    path.push(r);
                    let e = VerifyError::Unanswered {
                        reply: r,
                        path: path_string(&path[..path.len() - 1]),
                    };
                    path.pop();
                    return Err(e);
                }
            }
        }
        Ok(worst)
    }

    /// Symmetries (indices into the group, maps by [`Self::map`]) fixing both players'
    /// cells of `b`.
    pub(super) fn stabiliser(&self, b: &Board<4>) -> Vec<usize> {
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
    verify_counting(root, &Arc::new(AtomicU64::new(0)))
}

/// How many positions the check goes between two counts published by
/// [`verify_counting`] (a few times a second).
const PUBLISH_EVERY: u64 = 1 << 16;

/// [`verify`], with the count of positions checked so far stored in `seen` as the check
/// goes (every 65,536 positions, and the whole count at the end), so another thread can
/// show it and say, when the check is stopped, how far it got.
///
/// # Errors
/// As [`verify`].
pub fn verify_counting(root: &AttackNode, seen: &Arc<AtomicU64>) -> Result<Verified, VerifyError> {
    let mut v = Verifier::new();
    v.seen = Some((Arc::clone(seen), 0));
    let n = v.attack(root, &mut Vec::new());
    seen.store(v.positions, Ordering::Relaxed);
    Ok(Verified {
        first_player_moves: n?,
        positions: v.positions,
    })
}

/// Like [`verify`], but replies to the first move that the tree leaves unanswered are
/// listed instead of failing the check: Ok((what the answered replies need, the
/// unanswered replies)). A strategy is a proof only when that list is empty.
///
/// # Errors
/// The first answered line of play that the tree does not win.
pub fn verify_partial(root: &AttackNode) -> Result<(Verified, Vec<u8>), VerifyError> {
    let mut v = Verifier::new();
    v.open = Some(Vec::new());
    let n = v.attack(root, &mut Vec::new())?;
    Ok((
        Verified {
            first_player_moves: n,
            positions: v.positions,
        },
        v.open.unwrap_or_default(),
    ))
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
    // `depth`: moves above the node being read; bounded by MAX_MOVES, so the recursion
    // (and the recursive drop of the tree) stays shallow whatever the data says.
    struct R<'a>(&'a [u8], usize);
    impl R<'_> {
        fn byte(&mut self) -> Result<u8, VerifyError> {
            let b = *self.0.get(self.1).ok_or(VerifyError::Malformed(self.1))?;
            self.1 += 1;
            Ok(b)
        }
        fn att(&mut self, depth: usize) -> Result<AttackNode, VerifyError> {
            if depth >= MAX_MOVES {
                return Err(VerifyError::TooDeep(self.1));
            }
            let cell = self.byte()?;
            Ok(AttackNode {
                cell,
                next: self.def(depth + 1)?,
            })
        }
        fn def(&mut self, depth: usize) -> Result<DefenceNode, VerifyError> {
            let flags = self.byte()?;
            if flags > 1 {
                return Err(VerifyError::Malformed(self.1 - 1));
            }
            let n = self.byte()?;
            let mut explicit = Vec::with_capacity(n as usize);
            for _ in 0..n {
                let r = self.byte()?;
                explicit.push((r, self.att(depth + 1)?));
            }
            let n = self.byte()?;
            let mut defaults = Vec::with_capacity(n as usize);
            for _ in 0..n {
                defaults.push(self.att(depth + 1)?);
            }
            Ok(DefenceNode {
                explicit,
                symmetric: flags == 1,
                defaults,
            })
        }
    }
    let mut r = R(bytes, 0);
    let root = r.att(0)?;
    if r.1 != bytes.len() {
        return Err(VerifyError::Malformed(r.1));
    }
    Ok(root)
}

/// The binary form of [`encode`], gzip-compressed (the trees repeat themselves a lot:
/// about a twentieth of the size).
#[must_use]
pub fn pack(root: &AttackNode) -> Vec<u8> {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to a Vec cannot fail.
    let _ = gz.write_all(&encode(root));
    gz.finish().unwrap_or_default()
}

/// Read the form of [`pack`] (or, when the bytes are not gzip data, of [`encode`]).
///
/// # Errors
/// [`VerifyError::Packed`] when the compressed data is damaged, else as [`decode`].
pub fn unpack(bytes: &[u8]) -> Result<AttackNode, VerifyError> {
    unpack_within(bytes, MAX_UNPACKED_BYTES)
}

/// [`unpack`] with another limit on the unpacked size (tests use a small one).
///
/// # Errors
/// As [`unpack`]; [`VerifyError::TooLarge`] beyond `max_bytes`.
pub fn unpack_within(bytes: &[u8], max_bytes: u64) -> Result<AttackNode, VerifyError> {
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return decode(bytes);
    }
    // Every gzip member, as `gunzip` reads a concatenation of them.
    let raw = ludomat_io::read::at_most(
        flate2::read::MultiGzDecoder::new(bytes),
        max_bytes.saturating_add(1),
    )
    .map_err(|e| VerifyError::Packed(e.to_string()))?;
    if raw.len() as u64 > max_bytes {
        return Err(VerifyError::TooLarge(max_bytes));
    }
    decode(&raw)
}

/// The stored strategy for the first player on 4⁴ in the form of [`pack`]: it opens at
/// the corner `1111` and answers every reply of the second player. Found by
/// `examples/forced4d.rs`, checked against the rules in `tests/forced4d.rs`; read it with
/// [`forced_win_4d`].
pub const FORCED_WIN_4D: &[u8] = include_bytes!("forced4d.bin.gz");

/// The stored 4⁴ strategy ([`FORCED_WIN_4D`]), unpacked.
///
/// # Errors
/// Only if the stored data were damaged.
pub fn forced_win_4d() -> Result<AttackNode, VerifyError> {
    unpack(FORCED_WIN_4D)
}

/// Join strategies for the same first move found for different reply classes.
#[must_use]
pub fn join(mut trees: Vec<AttackNode>) -> Option<AttackNode> {
    let mut root = trees.pop()?;
    for t in trees {
        if t.cell != root.cell {
            return None;
        }
        root.next.explicit.extend(t.next.explicit);
    }
    root.next.explicit.sort_by_key(|(c, _)| *c);
    Some(root)
}

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
        for c in self.s.quiet_candidates(self.s.limits.width(quiet)) {
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
/// after `budget` nodes. Only the classes `select` accepts (by their number, counted
/// from 0, and their representative cell) are searched; the rest can be searched by
/// other runs and joined with [`join`]. `progress` hears about each reply class.
#[must_use]
pub fn search(
    first: Cell<4>,
    tries: &[ProofLimits],
    budget: u64,
    sym_depth: usize,
    select: impl Fn(usize, u8) -> bool,
    mut progress: impl FnMut(u8, Option<(usize, AttackNode)>, u64),
) -> SearchReport {
    let n = Cell::<4>::COUNT;
    let s = Search::empty::<4>(tries.first().copied().unwrap_or_default());
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
    let mut class = 0;
    for c in 0..n {
        if c == a1 || covered[c] {
            continue;
        }
        for &g in &stab {
            covered[t.group[g][c] as usize] = true;
        }
        class += 1;
        if !select(class - 1, c as u8) {
            continue;
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
        progress(
            c as u8,
            found.as_ref().map(|(i, node)| {
                (
                    *i,
                    AttackNode {
                        cell: a1 as u8,
                        next: DefenceNode {
                            explicit: vec![(c as u8, node.clone())],
                            symmetric: true,
                            defaults: Vec::new(),
                        },
                    },
                )
            }),
            t.s.nodes,
        );
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
