//! Exact enumeration of the game tree: the counts every noughts-and-crosses program should
//! reproduce (5,478 positions, 765 up to symmetry, 255,168 games).

use std::collections::HashSet;

use crate::symmetry::canonical;
use crate::Board;

/// Every position reachable from the empty board in legal play (play stops at a win),
/// the empty board included, in order of first discovery (breadth first).
#[must_use]
pub fn reachable_positions() -> Vec<Board> {
    let mut seen = HashSet::from([Board::EMPTY]);
    let mut order = vec![Board::EMPTY];
    let mut i = 0;
    while i < order.len() {
        let b = order[i];
        for c in b.legal_cells() {
            let next = b.with(c, b.to_move());
            if seen.insert(next) {
                order.push(next);
            }
        }
        i += 1;
    }
    order
}

/// The number of distinct classes of `positions` under the 8 symmetries.
#[must_use]
pub fn count_up_to_symmetry(positions: &[Board]) -> usize {
    positions
        .iter()
        .map(|&b| canonical(b).0)
        .collect::<HashSet<_>>()
        .len()
}

/// Every complete game, counted by result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GameCounts {
    /// Games won by X, the first player.
    pub x_wins: u64,
    /// Games won by O.
    pub o_wins: u64,
    /// Drawn games.
    pub draws: u64,
}

impl GameCounts {
    /// All games.
    #[must_use]
    pub const fn total(self) -> u64 {
        self.x_wins + self.o_wins + self.draws
    }
}

/// Count every distinct move sequence from the empty board to the end of the game.
#[must_use]
pub fn count_games() -> GameCounts {
    fn walk(b: Board, counts: &mut GameCounts) {
        match b.winner() {
            Some(crate::Mark::X) => counts.x_wins += 1,
            Some(crate::Mark::O) => counts.o_wins += 1,
            None if b.is_over() => counts.draws += 1,
            None => {
                for c in b.legal_cells() {
                    walk(b.with(c, b.to_move()), counts);
                }
            }
        }
    }
    let mut counts = GameCounts::default();
    walk(Board::EMPTY, &mut counts);
    counts
}

/// The enumeration counts, as `ludomat tictactoe facts` prints them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facts {
    /// Reachable positions (5,478).
    pub positions: usize,
    /// Reachable positions up to symmetry (765).
    pub positions_up_to_symmetry: usize,
    /// Terminal positions (958).
    pub terminal: usize,
    /// Terminal positions up to symmetry (138).
    pub terminal_up_to_symmetry: usize,
    /// Complete games by result (255,168 = 131,184 + 77,904 + 46,080).
    pub games: GameCounts,
}

impl std::fmt::Display for Facts {
    /// The counts in a table, one a line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let g = &self.games;
        writeln!(
            f,
            "reachable positions             {:>7}",
            ludomat_io::text::thousands(self.positions as u64)
        )?;
        writeln!(
            f,
            "  up to symmetry                {:>7}",
            ludomat_io::text::thousands(self.positions_up_to_symmetry as u64)
        )?;
        writeln!(
            f,
            "terminal positions              {:>7}",
            ludomat_io::text::thousands(self.terminal as u64)
        )?;
        writeln!(
            f,
            "  up to symmetry                {:>7}",
            ludomat_io::text::thousands(self.terminal_up_to_symmetry as u64)
        )?;
        writeln!(
            f,
            "possible games                  {:>7}",
            ludomat_io::text::thousands(g.total())
        )?;
        writeln!(
            f,
            "  won by the first player (X)   {:>7}",
            ludomat_io::text::thousands(g.x_wins)
        )?;
        writeln!(
            f,
            "  won by the second player (O)  {:>7}",
            ludomat_io::text::thousands(g.o_wins)
        )?;
        writeln!(
            f,
            "  draws                         {:>7}",
            ludomat_io::text::thousands(g.draws)
        )
    }
}

/// Compute every count from scratch.
#[must_use]
pub fn facts() -> Facts {
    let all = reachable_positions();
    let terminal: Vec<Board> = all.iter().copied().filter(|b| b.is_over()).collect();
    Facts {
        positions: all.len(),
        positions_up_to_symmetry: count_up_to_symmetry(&all),
        terminal: terminal.len(),
        terminal_up_to_symmetry: count_up_to_symmetry(&terminal),
        games: count_games(),
    }
}
