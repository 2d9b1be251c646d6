//! Issue 17, milestone 4: the certificate of Patashnik's strategy, written by the walk
//! and played as the first player (`ludomat play qubic --strategy forced` on 4×4×4).
#![cfg(feature = "patashnik")]

mod common;

use common::wins_against_every_defender;
use ludomat_qubic::proof3d::attacker::{Answer, AttackerStrategy};
use ludomat_qubic::proof3d::certificate::{write, PatashnikStrategy, PATASHNIK};
use ludomat_qubic::proof3d::dictionary::Dictionary;
use ludomat_qubic::proof3d::player::{ProofPlayer, Rule};

#[test]
fn the_certificate_player_beats_every_defender() {
    let mut player = ProofPlayer::bundled().expect("the bundled certificate checks");
    let longest = wins_against_every_defender(&mut player, 30);
    assert!(longest <= 32, "{longest}");
    // Its opening is the dictionary's first move, named so.
    let mut p = ProofPlayer::bundled().expect("checks");
    let (_, rule) = p.decide(0, 0).expect("an opening");
    assert!(matches!(rule, Rule::Dictionary(_)), "{rule:?}");
}

#[test]
fn the_strategy_answers_as_its_rules_say() {
    let s = PatashnikStrategy::new(Dictionary::patashnik().expect("reads"));
    // Complete four: x on 0, 1, 2 → 3.
    assert_eq!(
        s.answer(0b111, 1 << 20 | 1 << 40 | 1 << 60),
        Some(Answer::Move(3))
    );
    // Block: o on 0, 1, 2 (x elsewhere, no x three) → 3.
    assert_eq!(
        s.answer(1 << 21 | 1 << 42 | 1 << 63, 0b111),
        Some(Answer::Move(3))
    );
    // The empty board: the dictionary's opening.
    assert!(matches!(s.answer(0, 0), Some(Answer::Move(_))));
}

#[test]
fn the_bundled_certificate_is_what_the_walk_writes() {
    // Writing it again from the dictionary gives the same bytes (uncompressed).
    let s = PatashnikStrategy::new(Dictionary::patashnik().expect("reads"));
    let (cert, report) = write(&s).expect("the strategy wins");
    assert_eq!(report.positions, 317_789);
    let bundled = ludomat_qubic_verify::Certificate::read(PATASHNIK).expect("reads");
    assert_eq!(cert, bundled);
}
