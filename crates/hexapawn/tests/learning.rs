//! HER learns: seeded runs that stop losing, exactly reproducible.

use ludomat_hexapawn::{Her, WhiteKind, WhitePlayer};

#[test]
fn against_random_her_stops_losing_at_a_fixed_game() {
    let run = || {
        let mut her = Her::new(1);
        her.train(&WhitePlayer::new(WhiteKind::Random, 101), 400)
    };
    let r = run();
    assert_eq!(r, run(), "same seed, same run");
    assert_eq!(r.last_loss, LAST_LOSS_RANDOM);
    assert_eq!(r.losses, LOSSES_RANDOM);
    assert!(r.unbeatable, "after 400 games HER cannot lose any more");
    assert!(r.curve[r.last_loss as usize..].iter().all(|p| p.won));
    // The game of the last loss is the first from which HER cannot lose.
    let mut her = Her::new(1);
    let white = WhitePlayer::new(WhiteKind::Random, 101);
    let first = (1..=400u64)
        .find(|_| {
            her.train_game(&white);
            her.unbeatable()
        })
        .unwrap();
    assert_eq!(first, LAST_LOSS_RANDOM);
}

#[test]
fn against_perfect_her_stops_losing_quickly() {
    let mut her = Her::new(1);
    let r = her.train(&WhitePlayer::new(WhiteKind::Perfect, 101), 50);
    assert_eq!(r.last_loss, LAST_LOSS_PERFECT);
    assert!(r.curve[r.last_loss as usize..].iter().all(|p| p.won));
    assert_eq!(r.losses, 4);
    // The perfect player only ever shows HER its best lines, so HER learns those fast
    // but is not yet safe against every White move.
    assert!(!r.unbeatable);
}

#[test]
fn an_untrained_her_can_lose() {
    assert!(!Her::new(1).unbeatable());
}

const LAST_LOSS_RANDOM: u64 = 316;
const LOSSES_RANDOM: u64 = 12;
const LAST_LOSS_PERFECT: u64 = 8;
