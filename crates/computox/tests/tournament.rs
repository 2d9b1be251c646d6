//! The Computox against the perfect player, many seeded games; and random play invariants.

use ludomat_computox::{Computox, ComputoxAgent, Settings, Square, Turn, Verdict};
use ludomat_game::{tournament, Agent, TournamentConfig};
use ludomat_tictactoe::{Board, PerfectAgent, RandomAgent};
use proptest::prelude::*;

fn vs_perfect(settings: Settings, games: u64) -> ludomat_game::TournamentResult {
    let make_a =
        move |s: u64| -> Box<dyn Agent<Board>> { Box::new(ComputoxAgent::new(settings, s)) };
    let make_b = |s: u64| -> Box<dyn Agent<Board>> { Box::new(PerfectAgent::new(s)) };
    tournament(
        &make_a,
        &make_b,
        &TournamentConfig {
            games,
            seed: 2026,
            alternate: true,
            progress: false,
        },
    )
}

#[test]
fn hundred_thousand_games_against_perfect_play_without_a_loss() {
    let r = vs_perfect(Settings::UNBEATABLE, 100_000);
    assert_eq!(r.failed, 0, "{:?}", r.first_failure);
    assert_eq!(r.a.games(), 100_000);
    assert_eq!(r.a.losses, 0);
    // Perfect play on both sides is always a draw.
    assert_eq!(r.a.draws, 100_000);
}

#[test]
fn beatable_machine_loses_to_perfect_play_sometimes() {
    // The X relay up: a perfect player who happens to pick the forking lines wins.
    let r = vs_perfect(Settings::BEATABLE, 20_000);
    assert_eq!(r.failed, 0);
    assert!(r.a.losses > 0);
    assert_eq!(r.a.wins, 0);
    // The MODE switches: beatable in about one game in four, so fewer losses.
    let m = vs_perfect(Settings::MODE_SWITCHES, 20_000);
    assert!(
        m.a.losses > 0 && m.a.losses < r.a.losses,
        "{} {}",
        m.a.losses,
        r.a.losses
    );
}

#[test]
fn unbeatable_against_random_never_loses() {
    let make_a =
        |s: u64| -> Box<dyn Agent<Board>> { Box::new(ComputoxAgent::new(Settings::UNBEATABLE, s)) };
    let make_b = |s: u64| -> Box<dyn Agent<Board>> { Box::new(RandomAgent::new(s)) };
    let r = tournament(
        &make_a,
        &make_b,
        &TournamentConfig {
            games: 20_000,
            seed: 7,
            alternate: true,
            progress: false,
        },
    );
    assert_eq!(r.a.losses, 0);
    assert!(r.a.wins > 15_000);
}

proptest! {
    /// Random presses on the whole machine: lamps follow the latches, slaves follow their
    /// masters, refused presses change nothing, the game always ends with the right lamp.
    #[test]
    fn machine_invariants(presses in prop::collection::vec(0usize..9, 0..40), first in any::<bool>(), x in any::<bool>()) {
        let mut m = Computox::new(if x { Settings::BEATABLE } else { Settings::UNBEATABLE }, 1);
        m.reset();
        if first {
            m.machine_first().unwrap();
            m.sweep().unwrap();
        }
        for i in presses {
            let sq = Square::ALL[i];
            let before = m.relays();
            match m.play(sq) {
                Ok(_) => {}
                Err(_) => prop_assert_eq!(before, m.relays()),
            }
            let r = m.relays();
            prop_assert_eq!(r.xa, r.xb);
            prop_assert_eq!(r.oa, r.ob);
            prop_assert!(r.xa.mask() & r.oa.mask() == 0);
            prop_assert!(!(r.w && r.l));
            prop_assert!(m.board().is_reachable());
            // Unbeatable: the L lamp never lights.
            if !x {
                prop_assert!(!r.l);
            }
            if m.turn() == Turn::Over {
                let v = m.verdict().unwrap();
                prop_assert_eq!(matches!(v, Verdict::Won(_)), r.w);
                prop_assert_eq!(matches!(v, Verdict::Lost(_)), r.l);
            } else {
                prop_assert_eq!(m.turn(), Turn::X);
            }
        }
    }
}
