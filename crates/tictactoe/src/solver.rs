//! The game value of every position, computed once by exhaustive search.

use std::sync::OnceLock;

use crate::{Board, Cell};

/// The value of a position for the side to move, with best play on both sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Value {
    /// +1 the side to move wins, 0 draw, −1 it loses.
    pub result: i8,
    /// Plies to the end of the game when the winner hurries and the loser delays.
    pub plies: u8,
}

impl Value {
    /// Ordering key: better for the side to move is larger (a win sooner, a loss later).
    fn key(self) -> i16 {
        match self.result {
            1 => 100 - i16::from(self.plies),
            -1 => -100 + i16::from(self.plies),
            _ => 0,
        }
    }
}

/// A table of the value of every board, indexed by [`Board::code`].
pub struct Solution {
    values: Vec<Option<Value>>,
}

impl Solution {
    /// Solve every reachable position (about 5,500 searches, memoised).
    #[must_use]
    pub fn compute() -> Solution {
        let mut s = Solution {
            values: vec![None; 19_683],
        };
        s.solve(Board::EMPTY);
        s
    }

    fn solve(&mut self, b: Board) -> Value {
        if let Some(v) = self.values[b.code()] {
            return v;
        }
        let v = if b.winner().is_some() {
            Value {
                result: -1,
                plies: 0,
            } // the side that just moved won
        } else if b.is_over() {
            Value {
                result: 0,
                plies: 0,
            }
        } else {
            let mut best: Option<Value> = None;
            for c in b.legal_cells() {
                let child = self.solve(b.with(c, b.to_move()));
                let mine = Value {
                    result: -child.result,
                    plies: child.plies + 1,
                };
                if best.is_none_or(|bv| mine.key() > bv.key()) {
                    best = Some(mine);
                }
            }
            best.unwrap_or(Value {
                result: 0,
                plies: 0,
            })
        };
        self.values[b.code()] = Some(v);
        v
    }

    /// The value of a reachable position for the side to move (`None` for a board that
    /// cannot arise in play from the empty board).
    #[must_use]
    pub fn value(&self, b: Board) -> Option<Value> {
        self.values.get(b.code()).copied().flatten()
    }

    /// The moves that keep the game value (win stays win, draw stays draw). With
    /// `hurry`, only those that also win soonest or lose latest.
    #[must_use]
    pub fn optimal_moves(&self, b: Board, hurry: bool) -> Vec<Cell> {
        let scored: Vec<(Cell, Value)> = b
            .legal_cells()
            .filter_map(|c| {
                let child = self.value(b.with(c, b.to_move()))?;
                Some((
                    c,
                    Value {
                        result: -child.result,
                        plies: child.plies + 1,
                    },
                ))
            })
            .collect();
        let Some(best) = scored
            .iter()
            .map(|(_, v)| if hurry { v.key() } else { i16::from(v.result) })
            .max()
        else {
            return Vec::new();
        };
        scored
            .into_iter()
            .filter(|(_, v)| (if hurry { v.key() } else { i16::from(v.result) }) == best)
            .map(|(c, _)| c)
            .collect()
    }

    /// Number of positions solved.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.iter().filter(|v| v.is_some()).count()
    }

    /// Never true once computed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The shared solution, computed on first use.
pub fn solution() -> &'static Solution {
    static SOLUTION: OnceLock<Solution> = OnceLock::new();
    SOLUTION.get_or_init(Solution::compute)
}
