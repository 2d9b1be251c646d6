//! Fast training: MENACE against a built-in opponent without the generic match
//! machinery — table lookups only, for the learning experiments and the benchmark.

use std::sync::OnceLock;

use ludomat_game::{seed, Outcome, Player};
use ludomat_tictactoe::{solver, Board, Cell, Mark};
use rand::Rng as _;

use crate::index::BOARDS;
use crate::{Menace, MenaceError};

/// Who MENACE trains against in [`Menace::train_game`].
#[derive(Debug, Clone)]
pub enum Opponent {
    /// A uniformly random legal move.
    Random(seed::Rng),
    /// A random move among those that keep the game value (never loses), as
    /// `ludomat_tictactoe::PerfectAgent`.
    Perfect(seed::Rng),
    /// Another MENACE (it learns too).
    Menace(Box<Menace>),
}

impl Opponent {
    /// A random player.
    #[must_use]
    pub fn random(seed: u64) -> Opponent {
        Opponent::Random(seed::rng(seed))
    }

    /// A perfect player.
    #[must_use]
    pub fn perfect(seed: u64) -> Opponent {
        optimal_table();
        Opponent::Perfect(seed::rng(seed))
    }

    /// A fresh MENACE under `rules`.
    #[must_use]
    pub fn menace(rules: crate::Rules, seed: u64) -> Opponent {
        Opponent::Menace(Box::new(Menace::new(rules, seed)))
    }

    /// The opponent's name.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Opponent::Random(_) => "random",
            Opponent::Perfect(_) => "perfect",
            Opponent::Menace(_) => "menace",
        }
    }
}

impl Opponent {
    /// The opponent's move on `board` (it is the opponent's turn and the game is not
    /// over): the same draw from the same generator as in [`Menace::train_game`], so a
    /// game played move by move equals a training game. For the random and perfect
    /// players the choice has no draw.
    ///
    /// # Errors
    /// A MENACE opponent's [`MenaceError`] (an empty box under resigning rules).
    pub fn choose(&mut self, board: Board) -> Result<crate::Choice, MenaceError> {
        self.choose_code(board, board.code())
    }

    #[inline]
    fn choose_code(&mut self, board: Board, code: usize) -> Result<crate::Choice, MenaceError> {
        let plain = |square| crate::Choice {
            square,
            draw: None,
            symmetry: ludomat_tictactoe::Symmetry::IDENTITY,
        };
        match self {
            Opponent::Random(rng) => Ok(plain(random_bit(board.empty_mask(), rng))),
            Opponent::Perfect(rng) => {
                let m = optimal_table()[code];
                Ok(plain(random_bit(
                    if m == 0 { board.empty_mask() } else { m },
                    rng,
                )))
            }
            Opponent::Menace(m) => m.choose_code(board, code),
        }
    }
}

/// For every board code, the squares that keep the game value (a 9-bit mask).
fn optimal_table() -> &'static [u16] {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let s = solver::solution();
        let mut t = vec![0u16; BOARDS];
        for b in ludomat_tictactoe::enumerate::reachable_positions() {
            t[b.code()] = s.optimal_moves(b, false).iter().fold(0, |m, c| m | c.bit());
        }
        t
    })
}

/// A uniformly random set bit of a non-zero mask.
#[inline]
fn random_bit(mask: u16, rng: &mut seed::Rng) -> Cell {
    let mut m = mask;
    let k = rng.gen_range(0..m.count_ones());
    for _ in 0..k {
        m &= m - 1;
    }
    Cell::ALL[(m.trailing_zeros() as usize).min(8)]
}

const POW3: [usize; 9] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561];

impl Menace {
    /// Play one game against `opponent` with MENACE on `side`, then let both learn.
    /// Returns the outcome (a resignation counts as a win for the other side).
    pub fn train_game(&mut self, opponent: &mut Opponent, side: Player) -> Outcome {
        self.start_game(side);
        if let Opponent::Menace(m) = opponent {
            m.start_game(side.opponent());
        }
        let mut board = Board::EMPTY;
        let mut code = 0usize;
        let mut mover = Player::First;
        let outcome = loop {
            let choice = if mover == side {
                self.choose_code(board, code).map(|c| c.square)
            } else {
                opponent.choose_code(board, code).map(|c| c.square)
            };
            let square = match choice {
                Ok(c) => c,
                Err(MenaceError::EmptyBox(_)) => break Outcome::Win(mover.opponent()),
                // Cannot happen: the loop only asks for moves in positions that are
                // not over, on the right side, reached in play (all have boxes).
                Err(e) => {
                    debug_assert!(false, "MENACE could not move: {e}");
                    break Outcome::Draw;
                }
            };
            let mark = Mark::of(mover);
            board = board.with(square, mark);
            code += POW3[square.index()] * (1 + mover.index());
            if ludomat_tictactoe::board::has_line(board.mask(mark)) {
                break Outcome::Win(mover);
            }
            if board.empty_mask() == 0 {
                break Outcome::Draw;
            }
            mover = mover.opponent();
        };
        self.learn(outcome, side);
        if let Opponent::Menace(m) = opponent {
            m.learn(outcome, side.opponent());
        }
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    #[test]
    fn fast_games_keep_the_books() {
        let mut m = Menace::new(Rules::seed(), 3);
        let mut o = Opponent::random(4);
        for _ in 0..200 {
            m.train_game(&mut o, Player::First);
        }
        assert_eq!(m.record(Player::First).games(), 200);
        assert!(m.beads_in_play().is_empty());
        let mut p = Opponent::perfect(5);
        for _ in 0..200 {
            let o = m.train_game(&mut p, Player::First);
            assert_ne!(
                o,
                Outcome::Win(Player::First),
                "the perfect player never loses"
            );
        }
    }
}
