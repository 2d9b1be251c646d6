//! [`StrategyPlayer`]: the first player on 4⁴ playing a stored strategy tree
//! ([`super::strategy`]) move by move against any opponent, the way the verifier walks
//! it: complete a four when there is one, else the tree's answer to the reply — listed,
//! a default continuation that still wins, or a listed reply's answer carried over by a
//! symmetry of the position.

use std::sync::Arc;

use ludomat_game::{Agent, AgentError, Game, Player};

use super::strategy::{alternating, AttackNode, DefenceNode, Verifier};
use crate::{Board, Cell};

/// Why the player cannot go on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    /// The tree has no answer to this reply (a partial strategy).
    #[error("the strategy has no answer to {0}")]
    NoAnswer(Cell<4>),
    /// The position on the board is not one the strategy's own play leads to.
    #[error("the position is not one the strategy's play leads to")]
    OffTree,
}

/// The first player following a strategy tree.
#[derive(Debug, Clone)]
pub struct StrategyPlayer {
    /// Shared: the stored tree is large, and many players (museum visits) read one.
    tree: Arc<AttackNode>,
    /// [`tree_depth`] of the tree, computed once (a walk over the whole tree).
    depth: usize,
    /// Where the next reply is looked up: the path of (reply, child index) choices from
    /// the root, as the attack node last played.
    cursor: Vec<Step>,
    /// Maps the tree's cells onto the board's: the board is this image of the tree's
    /// line of play.
    frame: Vec<u8>,
    /// The board after the player's last move.
    last: Board<4>,
}

#[derive(Debug, Clone, Copy)]
enum Step {
    Explicit(usize),
    Default(usize),
}

impl StrategyPlayer {
    /// A player for `tree` (which should have passed [`super::strategy::verify`]); an
    /// `Arc` lets many players share one tree.
    #[must_use]
    pub fn new(tree: impl Into<Arc<AttackNode>>) -> Self {
        let tree = tree.into();
        let depth = tree_depth(&tree);
        Self::with_depth(tree, depth)
    }

    /// A player for a shared `tree` whose [`tree_depth`] the caller has computed once
    /// (the museum starts many players on the stored tree).
    #[must_use]
    pub fn with_depth(tree: Arc<AttackNode>, depth: usize) -> Self {
        StrategyPlayer {
            tree,
            depth,
            cursor: Vec::new(),
            frame: (0..=255).collect(),
            last: Board::empty(),
        }
    }

    fn node(&self) -> &AttackNode {
        let mut n: &AttackNode = &self.tree;
        for s in &self.cursor {
            n = match *s {
                Step::Explicit(i) => &n.next.explicit[i].1,
                Step::Default(i) => &n.next.defaults[i],
            };
        }
        n
    }

    /// The most moves the player still needs to win from here (its completing move
    /// included), against any defence: the depth of the strategy tree below its last
    /// move, counted the way [`super::strategy::verify`] counts (a double threat or a
    /// three left on the board costs one more move). Before the opening it is the whole
    /// tree's depth. An upper bound: the player's shortcuts (a four completed early) only
    /// shorten the game.
    #[must_use]
    pub fn moves_left_at_most(&self) -> usize {
        if self.last.occupied().is_empty() {
            self.depth
        } else if self.cursor.is_empty() {
            self.depth - 1
        } else {
            defence_depth(&self.node().next)
        }
    }

    fn cell(&self, tree_cell: u8) -> Option<Cell<4>> {
        Cell::new(self.frame[tree_cell as usize] as usize)
    }

    /// The first move (the tree's root), played on an empty board.
    ///
    /// # Errors
    /// [`PlayerError::OffTree`] if the root names no cell.
    pub fn open(&mut self) -> Result<Cell<4>, PlayerError> {
        self.cursor.clear();
        self.frame = (0..=255).collect();
        let c = self.cell(self.tree.cell).ok_or(PlayerError::OffTree)?;
        self.last = Board::empty();
        self.last.play(c);
        Ok(c)
    }

    /// The answer to the second player's `reply` (the board is the one after the
    /// player's last move plus `reply`).
    ///
    /// # Errors
    /// [`PlayerError::NoAnswer`] when the tree does not cover the reply.
    pub fn answer(&mut self, reply: Cell<4>) -> Result<Cell<4>, PlayerError> {
        let mut board = self.last;
        if !board.is_legal(reply) || board.side_to_move() != Player::Second {
            return Err(PlayerError::OffTree);
        }
        board.play(reply);
        // The tree's frame: the board mapped back.
        let mut inverse = [0u8; 256];
        for (t, &b) in self.frame.iter().enumerate() {
            inverse[b as usize] = t as u8;
        }
        let to_tree = |b: &Board<4>| -> Board<4> {
            let mut t = Board::empty();
            for c in alternating(b) {
                if let Some(c) = Cell::new(inverse[c] as usize) {
                    t.play(c);
                }
            }
            t
        };
        let mut v = Verifier::at(&to_tree(&board));
        // A three of ours: complete the four.
        if let Some(c) = v.wins(Player::First).iter().next() {
            let c = self.cell(c as u8).ok_or(PlayerError::OffTree)?;
            return Ok(self.commit(board, c));
        }
        let r = inverse[reply.index()];
        let before = to_tree(&self.last);
        let Some((step, cell, frame)) = self.decide(r, &mut v, &before) else {
            return Err(PlayerError::NoAnswer(reply));
        };
        if let Some(f) = frame {
            self.frame = f;
        }
        self.cursor.push(step);
        let c = self.cell(cell).ok_or(PlayerError::OffTree)?;
        Ok(self.commit(board, c))
    }

    /// The tree's answer to reply `r` (in the tree's frame; `v` stands on the position
    /// after it, `before` is the position before it): the step down the tree, the cell
    /// (tree frame) and, when a symmetry carried the reply over, the new frame.
    fn decide(
        &self,
        r: u8,
        v: &mut Verifier,
        before: &Board<4>,
    ) -> Option<(Step, u8, Option<Vec<u8>>)> {
        let node = &self.node().next;
        if let Some(i) = node.explicit.iter().position(|(c, _)| *c == r) {
            return Some((Step::Explicit(i), node.explicit[i].1.cell, None));
        }
        for (i, d) in node.defaults.iter().enumerate() {
            if v.wins_with(d) {
                return Some((Step::Default(i), d.cell, None));
            }
        }
        if !node.symmetric {
            return None;
        }
        // A symmetry fixing the position before the reply that maps the reply onto a
        // listed one.
        for g in v.stabiliser(before) {
            let m = v.map(g);
            if let Some(i) = node.explicit.iter().position(|(c, _)| *c == m[r as usize]) {
                // board = frame(tree) and tree = m(frame⁻¹(board)): the new frame is
                // frame ∘ m⁻¹.
                let mut frame = vec![0u8; 256];
                for (t, &img) in m.iter().enumerate() {
                    frame[img as usize] = self.frame[t];
                }
                return Some((Step::Explicit(i), node.explicit[i].1.cell, Some(frame)));
            }
        }
        None
    }

    fn commit(&mut self, mut board: Board<4>, c: Cell<4>) -> Cell<4> {
        board.play(c);
        self.last = board;
        c
    }
}

/// The most first-player moves `tree` needs against any defence, its first and the
/// completing move included (an upper bound on what [`super::strategy::verify`] finds:
/// the verifier's shortcuts only shorten lines).
#[must_use]
pub fn tree_depth(tree: &AttackNode) -> usize {
    attack_depth(tree)
}

/// First-player moves an attack node needs at most: its own and those after it.
fn attack_depth(node: &AttackNode) -> usize {
    1 + defence_depth(&node.next)
}

/// First-player moves after a defence node at most (a leaf: the completing move).
fn defence_depth(node: &DefenceNode) -> usize {
    node.explicit
        .iter()
        .map(|(_, a)| a)
        .chain(&node.defaults)
        .map(attack_depth)
        .max()
        .unwrap_or(1)
}

impl Agent<Board<4>> for StrategyPlayer {
    fn name(&self) -> String {
        "forced-win strategy".into()
    }

    fn choose(&mut self, position: &Board<4>) -> Result<Cell<4>, AgentError> {
        let fail = |e: PlayerError| AgentError::Failed(e.to_string());
        if position.side_to_move() != Player::First {
            return Err(AgentError::Failed("the strategy plays first only".into()));
        }
        if position.occupied().is_empty() {
            return self.open().map_err(fail);
        }
        // The reply: the one second-player cell new since our last move.
        let new = position
            .cells_of(Player::Second)
            .iter()
            .filter(|&c| !self.last.cells_of(Player::Second).contains(c))
            .collect::<Vec<_>>();
        match new.as_slice() {
            [r] if position.cells_of(Player::First) == self.last.cells_of(Player::First) => {
                let reply = Cell::new(*r).ok_or_else(|| fail(PlayerError::OffTree))?;
                self.answer(reply).map_err(fail)
            }
            _ => Err(fail(PlayerError::OffTree)),
        }
    }
}
