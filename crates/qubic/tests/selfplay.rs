//! Self-play: two copies of OTHER-1, first mover alternating, as the Java program ran it.

use ludomat_game::{play_match, tournament, Agent, Game, Outcome, Player, TournamentConfig};
use ludomat_qubic::proof::ThreatAgent;
use ludomat_qubic::{Board, Cube, Other1Agent, Other1Options, RandomAgent, Tesseract};

fn other1<const D: usize>(seed: u64) -> Box<dyn Agent<Board<D>>> {
    Box::new(Other1Agent::<D>::new(Other1Options::default(), seed))
}

#[test]
fn other1_self_play_near_the_java_figures() {
    // The Java program's runs: first mover ≈ 55–59 %, second ≈ 35–40 %, ties ≈ 5–6 %.
    // 1,000 seeded games here (the 10,000-game run: 54.8 / 39.8 / 5.4 %); bounds about
    // three standard errors around the Java ranges.
    let config = TournamentConfig {
        games: 1000,
        seed: 1962,
        alternate: true,
        progress: false,
    };
    let r = tournament::<Cube>(&other1::<3>, &other1::<3>, &config);
    assert_eq!(r.failed, 0, "{:?}", r.first_failure);
    let s = r.by_seat;
    assert_eq!(s.games(), 1000);
    let first = s.win_rate().rate();
    let second = s.loss_rate().rate();
    let ties = s.draw_rate().rate();
    ludomat_io::errln!("first {first:.3} second {second:.3} draws {ties:.3}");
    assert!((0.50..0.62).contains(&first), "first mover {first}");
    assert!((0.33..0.45).contains(&second), "second mover {second}");
    assert!((0.03..0.09).contains(&ties), "ties {ties}");
}

#[test]
fn tesseract_the_first_player_wins_quickly() {
    // The threat player (complete, block, threat sequence, threatening quiet move) moves
    // first: it beats random play by its 6th move and the 4D OTHER-1 machine in each of
    // these seeded games (the machine's only freedom is its level-11/12 choice).
    for (opponent, games, limit) in [("random", 20u64, 6usize), ("other1", 12, 30)] {
        for g in 0..games {
            let s = ludomat_game::seed::derive(4444, g);
            let mut first = ThreatAgent::default();
            let mut second: Box<dyn Agent<Tesseract>> = if opponent == "random" {
                Box::new(RandomAgent::new(s))
            } else {
                other1::<4>(s)
            };
            let r = play_match(
                Tesseract::start(),
                &mut first,
                &mut *second,
                &mut |_, _, _| {},
            )
            .unwrap();
            assert_eq!(
                r.outcome,
                Outcome::Win(Player::First),
                "{opponent} game {g}"
            );
            let moves = r.moves.len().div_ceil(2);
            assert!(moves <= limit, "{opponent} game {g}: {moves} moves");
        }
    }
    // Two OTHER-1 copies in 4D: both sides win often; nobody ties.
    let config = TournamentConfig {
        games: 40,
        seed: 4,
        alternate: true,
        progress: false,
    };
    let r = tournament::<Tesseract>(&other1::<4>, &other1::<4>, &config);
    assert_eq!(r.failed, 0);
    assert_eq!(r.by_seat.draws, 0);
}
