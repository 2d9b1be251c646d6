//! Self-play: two copies of OTHER-1, first mover alternating, as the Java program ran it.

use ludomat_game::{tournament, Agent, TournamentConfig};
use ludomat_qubic::{Board, Cube, Other1Agent, Other1Options, Tesseract};

fn other1<const D: usize>(seed: u64) -> Box<dyn Agent<Board<D>>> {
    Box::new(Other1Agent::<D>::new(Other1Options::default(), seed))
}

#[test]
fn other1_self_play_near_the_java_figures() {
    // The Java program's runs: first mover ≈ 55–59 %, second ≈ 35–40 %, ties ≈ 5–6 %.
    // 1,000 seeded games here (the 10,000-game table is in the README); loose bounds.
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
    eprintln!("first {first:.3} second {second:.3} ties {ties:.3}");
    assert!((0.45..0.70).contains(&first), "first mover {first}");
    assert!((0.25..0.50).contains(&second), "second mover {second}");
    assert!(ties < 0.15, "ties {ties}");
}

#[test]
fn tesseract_first_player_wins() {
    let config = TournamentConfig {
        games: 50,
        seed: 4,
        alternate: true,
        progress: false,
    };
    let r = tournament::<Tesseract>(&other1::<4>, &other1::<4>, &config);
    assert_eq!(r.failed, 0);
    eprintln!("{:?}", r.by_seat);
}
