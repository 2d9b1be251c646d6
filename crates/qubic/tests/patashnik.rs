//! Issue 17, milestone 1: Patashnik's Qubic dictionary checked against every defence.
//! The whole check (`ludomat qubic proof --dims 3 --dictionary`) is a benchmark; here one reply class
//! to the opening corner is checked whole, and damaged dictionaries are caught.
#![cfg(feature = "patashnik")]

mod common;

use ludomat_qubic::proof3d::canonical::canonical;
use ludomat_qubic::proof3d::check::{check, check_counting, check_from, CheckError, CheckLimits};
use ludomat_qubic::proof3d::dictionary::{
    Dictionary, DictionaryError, PATASHNIK, PATASHNIK_ENTRIES,
};

/// The opening corner (cell 0, `111`) and the reply of the dictionary's line 53,
/// `x14o 12`: o on the far end of the first row (cell 15, `144`).
const SUBTREE: [usize; 2] = [0, 15];

/// The dictionary with file line `line` (1-based) taken out.
fn without_line(line: usize) -> String {
    PATASHNIK
        .lines()
        .enumerate()
        .filter(|&(i, _)| i + 1 != line)
        .map(|(_, l)| format!("{l}\n"))
        .collect()
}

#[test]
fn one_reply_class_is_won_against_every_defence() {
    let dict = Dictionary::patashnik().expect("the bundled dictionary reads");
    assert_eq!(dict.entries.len(), PATASHNIK_ENTRIES);
    assert!(dict.duplicates.is_empty(), "no two entries are symmetric");
    let r = check_from(&dict, CheckLimits::default(), &SUBTREE).expect("the subtree is won");
    assert_eq!(r.positions, 67_934);
    assert_eq!(r.dictionary_moves, 642);
    assert_eq!(r.entries_reached(), 642);
    assert_eq!(r.forced_blocks, 2_092);
    assert_eq!(r.threat_sequences, 65_200);
    assert_eq!(
        r.positions,
        r.dictionary_moves + r.forced_blocks + r.threat_sequences
    );
    assert!(r.longest_sequence() <= 20);
}

#[test]
fn a_watcher_counts_every_position_checked() {
    let dict = Dictionary::patashnik().expect("the bundled dictionary reads");
    let counted = std::sync::atomic::AtomicU64::new(0);
    let r = check_counting(&dict, CheckLimits::default(), &SUBTREE, Some(&counted))
        .expect("the subtree is won");
    assert_eq!(counted.into_inner(), r.positions);
    assert_eq!(r.positions, 67_934);
}

#[test]
fn a_dropped_line_is_named() {
    // Line 53 answers the subtree's first position: without it the check stops there.
    let dict = Dictionary::parse(&without_line(53)).expect("still reads");
    assert_eq!(dict.entries.len(), PATASHNIK_ENTRIES - 1);
    match check_from(&dict, CheckLimits::default(), &SUBTREE) {
        Err(e @ CheckError::NoMove { .. }) => {
            let CheckError::NoMove {
                ref moves,
                ref position,
                canonical: k,
                ..
            } = e
            else {
                unreachable!()
            };
            assert_eq!(moves, &SUBTREE.to_vec());
            assert_eq!(position, "x14o");
            assert_eq!(k, canonical(1, 1 << 15).0);
            assert!(e.to_string().contains("after 111 144 (x14o)"), "{e}");
        }
        other => panic!("{:?}", other.map(|r| r.positions)),
    }
}

#[test]
fn a_dropped_line_deeper_down_is_found() {
    // Line 103 is used deep inside the subtree; the check names a position symmetric
    // to its own.
    let full = Dictionary::patashnik().expect("reads");
    let entry = full.entries[103 - 52];
    assert_eq!(entry.line, 103);
    let dict = Dictionary::parse(&without_line(103)).expect("still reads");
    match check_from(&dict, CheckLimits::default(), &SUBTREE) {
        Err(CheckError::NoMove { canonical: k, .. }) => {
            assert_eq!(k, canonical(entry.x, entry.o).0);
        }
        other => panic!("{:?}", other.map(|r| r.positions)),
    }
}

#[test]
fn a_changed_move_loses_its_proof() {
    // Line 53 moved from 12 (`141`) to 63 (`444`): the subtree is no longer won.
    let text = PATASHNIK.replacen("\nx14o 12\n", "\nx14o 63\n", 1);
    assert_ne!(text, PATASHNIK);
    let dict = Dictionary::parse(&text).expect("reads");
    assert!(check_from(&dict, CheckLimits::default(), &SUBTREE).is_err());
}

#[test]
fn a_damaged_line_is_reported_with_its_number() {
    let text: String = PATASHNIK
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == 60 {
                "x2x16o1q 15\n".to_string()
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    match Dictionary::parse(&text) {
        Err(DictionaryError::BadLine { line, .. }) => assert_eq!(line, 60),
        other => panic!("{:?}", other.map(|d| d.entries.len())),
    }
}

/// The whole check: `cargo test --release -p ludomat-qubic --test patashnik -- --ignored`.
#[test]
#[ignore = "the whole check, a few seconds in release: run with --ignored"]
fn patashnik_wins_against_every_defence() {
    let dict = Dictionary::patashnik().expect("reads");
    let r = check(&dict, CheckLimits::default()).expect("the strategy wins");
    assert_eq!(r.positions, 317_789);
    // what a stopped check counts against
    assert_eq!(r.positions, ludomat_qubic::proofs::PATASHNIK_POSITIONS);
    assert_eq!(r.dictionary_moves, 2_929);
    assert_eq!(r.entries_reached(), PATASHNIK_ENTRIES);
    assert_eq!(r.forced_blocks, 10_976);
    assert_eq!(r.threat_sequences, 303_884);
    assert_eq!(r.double_threes, 296);
    assert_eq!(r.replies_lost_at_once, 209_412);
}

mod play {
    use crate::common::wins_against_every_defender;

    use ludomat_qubic::proof3d::player::PatashnikPlayer;

    #[test]
    fn patashnik_beats_every_defender() {
        let mut player = PatashnikPlayer::patashnik().expect("the bundled dictionary reads");
        let longest = wins_against_every_defender(&mut player, 40);
        assert!(longest <= 32, "{longest}");
    }
}
