//! The 1962 deck: tables against its cards, and the published sample game.

use std::path::Path;

use ludomat_qubic::deck::{tables, NTEST_DECK, NTEST_LISTING};
use ludomat_qubic::{Cell, Louden1962, LoudenOptions, LoudenReply, NtestOrder, Remark};

fn cards() -> serde_json::Value {
    let p =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/qubic/louden1962.json");
    let text = ludomat_io::read::to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&text).unwrap()
}

fn nums(v: &serde_json::Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

#[test]
fn generated_tables_equal_the_cards() {
    let c = cards();
    let lanes: Vec<Vec<u64>> = c["lanes"].as_array().unwrap().iter().map(nums).collect();
    let ours: Vec<Vec<u64>> = tables()
        .lanes
        .iter()
        .map(|l| l.iter().map(|&x| u64::from(x)).collect())
        .collect();
    assert_eq!(ours.len(), 76);
    assert_eq!(ours, lanes);
    let nmove: Vec<u64> = tables().nmove.iter().map(|&x| u64::from(x)).collect();
    assert_eq!(nmove, nums(&c["nmove"]));
    let l: Vec<u64> = NTEST_LISTING.iter().map(|&x| x as u64).collect();
    let d: Vec<u64> = NTEST_DECK.iter().map(|&x| x as u64).collect();
    assert_eq!(l, nums(&c["ntest_listing"]));
    assert_eq!(d, nums(&c["ntest_deck"]));
}

fn cell(s: &str) -> Cell<3> {
    s.parse().unwrap()
}

/// Play the machine-first game with the human's moves; return the machine's replies.
fn machine_first(options: LoudenOptions, human: &[&str]) -> Vec<LoudenReply> {
    let mut deck = Louden1962::new(options);
    deck.new_game();
    let mut replies = vec![deck.machine_move()];
    for h in human {
        deck.human_move(cell(h)).unwrap();
        let r = deck.machine_move();
        replies.push(r);
        if !matches!(r, LoudenReply::Move { .. }) {
            break;
        }
    }
    replies
}

fn moved(r: &LoudenReply) -> String {
    match r {
        LoudenReply::Move { cell, .. } => cell.to_string(),
        LoudenReply::IWin { cell, .. } => format!("{cell} wins"),
        other => format!("{other:?}"),
    }
}

const HUMAN: [&str; 5] = ["212", "213", "214", "311", "321"];

#[test]
fn deck_order_reproduces_the_sample_game() {
    let replies = machine_first(LoudenOptions::default(), &HUMAN);
    let got: Vec<String> = replies.iter().map(moved).collect();
    assert_eq!(got, ["111", "444", "114", "211", "112", "113 wins"]);
    // The block at 211 types "GOOD TRY THERE".
    assert!(matches!(
        replies[3],
        LoudenReply::Move { remark: Some(Remark::Block), level, .. } if level.number() == 3
    ));
    // The winning lane is the first row of level 1.
    if let LoudenReply::IWin { lane, .. } = replies[5] {
        let l = tables().lanes[lane];
        assert_eq!(l, [2, 3, 4, 1]);
    } else {
        panic!("no win");
    }
}

#[test]
fn listing_order_changes_the_fifth_machine_move() {
    let options = LoudenOptions {
        ntest: NtestOrder::Listing,
        ..LoudenOptions::default()
    };
    let replies = machine_first(options, &HUMAN);
    let got: Vec<String> = replies.iter().map(moved).collect();
    assert_eq!(got[..4], ["111", "444", "114", "211"]);
    assert_eq!(got[4], "332", "{got:?}");
    // … a level-6 save (J3) played at the default scan, where the deck plays 112 at level 5.
    assert!(matches!(
        replies[4],
        LoudenReply::Move { from_j3: true, .. }
    ));
}
