//! The seed's example figures, one (at least) per level: configurations in one plane of
//! the cube (tier 1 unless stated) and the move the OTHER-1 levels make.
//!
//! Cells are typed `xyz` = tier, row, column. Figures are given as record tables (the
//! machine's marks 5, the player's 1), as the levels only ever read the record table.

use ludomat_qubic::{Cell, Other1, Other1Options, Reply};

fn record(machine: &[&str], player: &[&str]) -> Vec<u8> {
    let mut r = vec![0u8; 64];
    for m in machine {
        r[m.parse::<Cell<3>>().unwrap().index()] = 5;
    }
    for p in player {
        r[p.parse::<Cell<3>>().unwrap().index()] = 1;
    }
    r
}

fn think(machine: &[&str], player: &[&str]) -> (Reply<3>, Other1<3>) {
    let mut o = Other1::<3>::new(Other1Options::default(), 7);
    let r = o.decide_record(record(machine, player));
    (r, o)
}

fn expect(reply: Reply<3>, cell: &str, level: u8) {
    match reply {
        Reply::Move { cell: c, level: l } => {
            assert_eq!((c.to_string(), l.number()), (cell.to_string(), level))
        }
        other => panic!("expected {cell} at level {level}, got {other:?}"),
    }
}

#[test]
fn level_1_the_player_has_four() {
    let (r, _) = think(&["444", "443", "442"], &["111", "112", "113", "114"]);
    assert_eq!(r, Reply::Lost { row: 0 });
}

#[test]
fn level_2_machine_completes_its_row() {
    // Also a player three elsewhere: winning comes before blocking.
    let (r, _) = think(&["111", "122", "133"], &["411", "412", "413"]);
    expect(r, "144", 2);
}

#[test]
fn level_3_block_the_players_three() {
    let (r, _) = think(&["444", "433"], &["111", "112", "113"]);
    expect(r, "114", 3);
}

#[test]
fn level_4_two_way_trap() {
    // Row 1 holds M M . . and column 4 holds . M M . : their empty cells meet at 114.
    let (r, o) = think(&["111", "112", "124", "134"], &[]);
    expect(r, "114", 4);
    assert_eq!(o.workings().levels_run, [1, 2, 3, 4]);
}

#[test]
fn level_5_second_intersection_of_a_one_machine_row() {
    // Marks from the 2-machine rows (row 1, columns 3 and 4); the second horizontal row
    // holds one machine move and two marked cells: the second (123) is the move.
    let (r, _) = think(&["113", "114", "121", "134", "143"], &[]);
    expect(r, "123", 5);
}

#[test]
fn level_6_saved_and_played_at_level_10() {
    // 2-machine rows: row 1 (M at 112 113), row 4 (142 143), columns 2 and 3. Empty rows
    // with two marked cells: rows 2 and 3, columns 1 and 4 — each overwrites 6MOV; the
    // last (column 4's first unmarked cell, 124) is played.
    let (r, o) = think(&["112", "113", "142", "143"], &[]);
    expect(r, "124", 6);
    let w = o.workings();
    let names: Vec<String> = w
        .mov6
        .iter()
        .map(|&c| Cell::<3>::new(c).unwrap().to_string())
        .collect();
    assert_eq!(names, ["121", "131", "121", "124"]);
    assert!(w.levels_run.contains(&10));
}

#[test]
fn level_7_block_the_players_two_way_trap() {
    let (r, _) = think(&[], &["111", "112", "124", "134"]);
    expect(r, "114", 7);
}

#[test]
fn level_8_block_the_players_forcing_move() {
    let (r, _) = think(&[], &["113", "114", "121", "134", "143"]);
    expect(r, "123", 8);
}

#[test]
fn level_9_saved_block() {
    // Level 6's figure for the player. Level 9 saves the first *marked* cell of each empty
    // row with two marked cells ("first intersection square"): rows 2, 3, columns 1, 4
    // and both diagonals; the last found (114) is played.
    let (r, o) = think(&[], &["112", "113", "142", "143"]);
    expect(r, "114", 9);
    let names: Vec<String> = o
        .workings()
        .mov9
        .iter()
        .map(|&c| Cell::<3>::new(c).unwrap().to_string())
        .collect();
    assert_eq!(names, ["122", "132", "111", "114", "111", "114"]);
    assert!(o.workings().mov6.is_empty());
    // With the shared routine's unmarked cell instead, it is column 4's 124.
    let mut unmarked = Other1::<3>::new(
        Other1Options {
            level9_marked_cell: false,
            ..Other1Options::default()
        },
        7,
    );
    expect(
        unmarked.decide_record(record(&[], &["112", "113", "142", "143"])),
        "124",
        9,
    );
}

#[test]
fn level_10_two_one_machine_rows_meet() {
    // The upper move (122) marks its row and column; scanning the corner move's (141)
    // column finds 121, marked by the upper move's row.
    let (r, _) = think(&["122", "141"], &[]);
    expect(r, "121", 10);
}

#[test]
fn level_6_beats_level_10_and_9() {
    // Level 6's figure plus a player setup for level 9: 6MOV is chosen first.
    let (r, o) = think(&["112", "113", "142", "143"], &["412", "413", "442", "443"]);
    expect(r, "124", 6);
    assert!(!o.workings().mov9.is_empty());
}

#[test]
fn level_11_major_diagonals_on_an_empty_board() {
    let diag = Other1::<3>::major_diagonal_list();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let mut o = Other1::<3>::new(Other1Options::default(), seed);
        match o.decide_record(vec![0; 64]) {
            Reply::Move { cell, level } => {
                assert_eq!(level.number(), 11);
                assert!(diag.contains(&cell.index()));
                seen.insert(cell.index());
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(
        seen.len(),
        16,
        "every diagonal cell gets chosen by some seed"
    );
}

#[test]
fn level_12_or_halt_when_the_diagonals_are_full() {
    // Diagonal cells alternate player/machine along each diagonal so no row is a threat.
    let diag = Other1::<3>::major_diagonal_list();
    let mut rec = vec![0u8; 64];
    for (i, &c) in diag.iter().enumerate() {
        rec[c] = if (i / 2 + i) % 2 == 0 { 5 } else { 1 };
    }
    let mut java = Other1::<3>::new(Other1Options::default(), 3);
    let r = java.decide_record(rec.clone());
    if let Reply::Move { level, .. } = r {
        assert!(level.number() <= 12);
    }
    let mut o1620 = Other1::<3>::new(
        Other1Options {
            level12: false,
            disabled: "1,2,3,4,5,6,7,8,9,10".parse().unwrap(),
            ..Other1Options::default()
        },
        3,
    );
    assert_eq!(o1620.decide_record(rec.clone()), Reply::Halt);
    let mut only12 = Other1::<3>::new(
        Other1Options {
            disabled: "2,3,4,5,6,7,8,9,10".parse().unwrap(),
            ..Other1Options::default()
        },
        3,
    );
    match only12.decide_record(rec) {
        Reply::Move { cell, level } => {
            assert_eq!(level.number(), 12);
            assert!(!diag.contains(&cell.index()));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn disabling_levels_6_and_9() {
    let mut o = Other1::<3>::new(
        Other1Options {
            disabled: "6,9".parse().unwrap(),
            ..Other1Options::default()
        },
        1,
    );
    let r = o.decide_record(record(&["112", "113", "142", "143"], &[]));
    match r {
        Reply::Move { level, .. } => assert_ne!(level.number(), 6),
        other => panic!("{other:?}"),
    }
    assert!(o.workings().mov6.is_empty());
}
