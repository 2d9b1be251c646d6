//! Invariants of play, over random move sequences.

use ludomat_game::{Game, Outcome};
use ludomat_tictactoe::{canonical, Board, Symmetry};
use proptest::prelude::*;

proptest! {
    /// Playing any sequence of legal moves keeps the board reachable, alternates X and O,
    /// and ends exactly when the outcome says so.
    #[test]
    fn legal_play_stays_consistent(choices in proptest::collection::vec(0usize..9, 9)) {
        let mut b = Board::start();
        for (ply, pick) in choices.into_iter().enumerate() {
            let moves = b.legal_moves();
            if b.outcome().is_some() {
                prop_assert!(moves.is_empty());
                break;
            }
            prop_assert_eq!(moves.len(), 9 - ply);
            let mv = moves[pick % moves.len()];
            prop_assert!(b.try_play(mv).is_ok());
            b.play(mv);
            prop_assert!(b.is_reachable());
            prop_assert_eq!(b.count() as usize, ply + 1);
            prop_assert!(b.try_play(mv).is_err(), "a square cannot be taken twice");
        }
        prop_assert!(b.outcome().is_some());
    }

    /// The game value is the same for every symmetric image of a position.
    #[test]
    fn value_is_symmetric(choices in proptest::collection::vec(0usize..9, 0..8), s in 0usize..8) {
        let mut b = Board::start();
        for pick in choices {
            let moves = b.legal_moves();
            if moves.is_empty() { break; }
            b.play(moves[pick % moves.len()]);
        }
        let sol = ludomat_tictactoe::solver::solution();
        let image = Symmetry::ALL[s].apply(b);
        prop_assert_eq!(sol.value(b), sol.value(image));
        prop_assert_eq!(canonical(b).0, canonical(image).0);
        if b.outcome() == Some(Outcome::Draw) {
            prop_assert_eq!(sol.value(b).map(|v| v.result), Some(0));
        }
    }
}

/// The span a tournament's rate is said over (its `elapsed` and `cpu`, which the summary
/// divides by, as the bar does) is its games', not the making of its agents: a trained
/// MENACE's training made the summary's rate an eighth of the bar's.
#[test]
fn a_tournament_is_timed_over_its_games_only() {
    use ludomat_game::{tournament_until, Agent, RandomAgent, TournamentConfig};
    use std::time::{Duration, Instant};
    let slow_to_make = |s: u64| -> Box<dyn Agent<Board>> {
        if s == 0 {
            std::thread::sleep(Duration::from_millis(300));
        }
        Box::new(RandomAgent::new(s))
    };
    let quick = |s: u64| -> Box<dyn Agent<Board>> { Box::new(RandomAgent::new(s)) };
    let config = TournamentConfig {
        games: 100,
        seed: 1,
        alternate: false,
        progress: false,
    };
    let outer = Instant::now();
    let r = tournament_until(&slow_to_make, &quick, &config, &|| false);
    let outer = outer.elapsed();
    assert_eq!(r.played(), 100);
    assert!(
        r.elapsed + Duration::from_millis(250) < outer,
        "{:?} of {outer:?}",
        r.elapsed
    );
    assert!(r.cpu < Duration::from_millis(250), "{:?}", r.cpu);
}
