//! Exhaustive search of hexapawn: every position reachable from the opening, who wins
//! each with best play and in how many moves, and the perfect player built on it.

use std::collections::HashMap;

use rand::seq::SliceRandom;
use rand::Rng;

use crate::{Move, Position, Side};

/// The value of a position with best play: who wins and how many moves remain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Value {
    /// The side that wins with best play.
    pub winner: Side,
    /// Moves left until the game ends when the winner wins as fast as he can and the
    /// loser holds out as long as he can.
    pub moves_left: u32,
}

/// The solved game: every position reachable from the opening with its [`Value`].
#[derive(Debug, Clone)]
pub struct Solution {
    values: HashMap<Position, Value>,
}

impl Solution {
    /// Search every position reachable from the opening.
    #[must_use]
    pub fn new() -> Solution {
        let mut values = HashMap::new();
        solve(Position::START, &mut values);
        Solution { values }
    }

    /// The value of `pos`; positions not reachable from the opening are searched on the
    /// spot (`None` only if the position has no legal continuation and no winner, which
    /// the rules never produce).
    #[must_use]
    pub fn value(&self, pos: &Position) -> Value {
        if let Some(v) = self.values.get(pos) {
            return *v;
        }
        let mut extra = HashMap::new();
        solve(*pos, &mut extra)
    }

    /// How many positions (board and side to move) are reachable, finished ones included.
    #[must_use]
    pub fn reachable(&self) -> usize {
        self.values.len()
    }

    /// Every reachable position and its value.
    pub fn iter(&self) -> impl Iterator<Item = (&Position, &Value)> {
        self.values.iter()
    }

    /// The best moves in `pos`: the fastest wins if it is won, else the longest losses.
    #[must_use]
    pub fn best_moves(&self, pos: &Position) -> Vec<Move> {
        let me = pos.to_move;
        let scored: Vec<(Move, i64)> = pos
            .moves()
            .into_iter()
            .map(|m| {
                let v = self.value(&pos.after(m));
                let s = if v.winner == me {
                    1000 - i64::from(v.moves_left)
                } else {
                    i64::from(v.moves_left) - 1000
                };
                (m, s)
            })
            .collect();
        let best = scored.iter().map(|(_, s)| *s).max().unwrap_or(0);
        scored
            .into_iter()
            .filter(|(_, s)| *s == best)
            .map(|(m, _)| m)
            .collect()
    }

    /// The perfect player's move: one of [`Solution::best_moves`], chosen with `rng`.
    pub fn perfect_move<R: Rng + ?Sized>(&self, pos: &Position, rng: &mut R) -> Option<Move> {
        self.best_moves(pos).choose(rng).copied()
    }
}

impl Default for Solution {
    fn default() -> Solution {
        Solution::new()
    }
}

fn solve(pos: Position, memo: &mut HashMap<Position, Value>) -> Value {
    if let Some(v) = memo.get(&pos) {
        return *v;
    }
    let v = if let Some((winner, _)) = pos.winner() {
        Value {
            winner,
            moves_left: 0,
        }
    } else {
        let me = pos.to_move;
        let children: Vec<Value> = pos
            .moves()
            .into_iter()
            .map(|m| solve(pos.after(m), memo))
            .collect();
        let wins = children.iter().filter(|v| v.winner == me);
        match wins.map(|v| v.moves_left).min() {
            Some(n) => Value {
                winner: me,
                moves_left: n + 1,
            },
            None => Value {
                winner: me.other(),
                moves_left: children.iter().map(|v| v.moves_left).max().unwrap_or(0) + 1,
            },
        }
    };
    memo.insert(pos, v);
    v
}
