//! The exact counts of the game, asserted.

use ludomat_game::{explore, Player};
use ludomat_tictactoe::enumerate::{facts, reachable_positions, GameCounts};
use ludomat_tictactoe::solver::solution;
use ludomat_tictactoe::{canonical, Board, PerfectAgent};

#[test]
fn enumeration_counts() {
    let f = facts();
    assert_eq!(f.positions, 5_478);
    assert_eq!(f.positions_up_to_symmetry, 765);
    assert_eq!(f.terminal, 958);
    assert_eq!(f.terminal_up_to_symmetry, 138);
    assert_eq!(
        f.games,
        GameCounts {
            x_wins: 131_184,
            o_wins: 77_904,
            draws: 46_080
        }
    );
    assert_eq!(f.games.total(), 255_168);
}

#[test]
fn every_reachable_position_is_reachable_and_solved() {
    let s = solution();
    for b in reachable_positions() {
        assert!(b.is_reachable(), "{b}");
        assert!(s.value(b).is_some(), "{b}");
        let (c, sym) = canonical(b);
        assert_eq!(sym.apply(b), c);
    }
    assert_eq!(s.len(), 5_478);
    // The game is a draw.
    assert_eq!(s.value(Board::EMPTY).map(|v| v.result), Some(0));
}

#[test]
fn perfect_player_never_loses_against_any_line() {
    // Deterministic per position? The perfect agent picks at random among optimal moves;
    // whatever it picks, it must never lose. Explore with several seeds.
    for seed in 0..4 {
        for me in [Player::First, Player::Second] {
            let mut agent = PerfectAgent::new(seed);
            let c = explore(&Board::EMPTY, &mut agent, me).unwrap();
            assert_eq!(c.losses, 0, "seed {seed} side {me}");
            assert!(c.wins > 0);
        }
    }
}
