//! [`Opponent`]: the built-in players MENACE trains against at full speed — random,
//! perfect, another MENACE — each with its own seeded generator.

use std::sync::OnceLock;

use ludomat_game::seed;
use ludomat_tictactoe::{solver, Board, Cell};

use crate::index::BOARDS;
use crate::words::Below;
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
    pub(crate) fn choose_code(
        &mut self,
        board: Board,
        code: usize,
    ) -> Result<crate::Choice, MenaceError> {
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
pub(crate) fn optimal_table() -> &'static [u16] {
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

/// A uniformly random set bit of a non-zero mask: one random number below the number of
/// set bits, then that set bit (counted from the lowest) read from [`SELECT`].
#[inline(always)]
pub(crate) fn random_bit<R: Below + ?Sized>(mask: u16, rng: &mut R) -> Cell {
    let k = rng.below(mask.count_ones());
    Cell::ALL[usize::from(select(mask, k)).min(8)]
}

/// The `k`-th set bit (from the lowest) of a 9-bit mask.
#[inline(always)]
pub(crate) fn select(mask: u16, k: u32) -> u8 {
    SELECT[usize::from(mask & 0x1ff)][(k as usize).min(8)]
}

/// For every 9-bit mask and every k: the index of its k-th set bit (9 past the last).
static SELECT: [[u8; 9]; 512] = {
    let mut t = [[9u8; 9]; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        let mut i = 0;
        while i < 9 {
            if m >> i & 1 == 1 {
                t[m][k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        m += 1;
    }
    t
};
