//! Invariants of the rules, over random games.

use ludomat_hexapawn::{legal_moves, Position, Side};
use proptest::prelude::*;

proptest! {
    /// Every game of random legal moves ends within 7 moves with a winner, every move
    /// is one square forward (straight to an empty square or diagonally onto an enemy
    /// pawn), and pawn counts never grow.
    #[test]
    fn random_games_are_legal_and_end(choices in proptest::collection::vec(0usize..8, 8)) {
        let mut pos = Position::START;
        let mut n = 0;
        for c in choices {
            if pos.winner().is_some() { break; }
            let moves = pos.moves();
            prop_assert!(!moves.is_empty());
            let m = moves[c % moves.len()];
            let side = pos.to_move;
            prop_assert_eq!(pos.board.get(m.from), Some(side));
            let forward = if side == Side::White { m.from.row() == m.to.row() + 1 } else { m.to.row() == m.from.row() + 1 };
            prop_assert!(forward, "{} is not one row forward", m);
            if m.is_capture() {
                prop_assert_eq!(pos.board.get(m.to), Some(side.other()));
                prop_assert_eq!(m.from.col().abs_diff(m.to.col()), 1);
            } else {
                prop_assert_eq!(pos.board.get(m.to), None);
            }
            let next = pos.play(m).expect("a listed move is legal");
            prop_assert!(next.board.count(side.other()) <= pos.board.count(side.other()));
            prop_assert_eq!(next.board.count(side), pos.board.count(side));
            pos = next;
            n += 1;
        }
        prop_assert!(pos.winner().is_some(), "not over after {} moves: {}", n, pos.board.line());
        prop_assert!(n <= 7);
    }

    /// A move not in the list is refused.
    #[test]
    fn unlisted_moves_are_refused(from in 0usize..9, to in 0usize..9) {
        let (Some(f), Some(t)) = (ludomat_hexapawn::Square::from_index(from), ludomat_hexapawn::Square::from_index(to)) else { return Ok(()); };
        let m = ludomat_hexapawn::Move { from: f, to: t };
        let legal = legal_moves(&Position::START.board, Side::White).contains(&m);
        prop_assert_eq!(Position::START.play(m).is_ok(), legal);
    }
}
