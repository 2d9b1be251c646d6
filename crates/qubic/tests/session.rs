//! `QubicSession`: the games of `ludomat play qubic`'s tests played through the session
//! (the 1962 sample game, the deck's complaints, bad input, the 4D forced win), refusals
//! that leave the session unchanged, and replay by config.

use ludomat_game::{DynSession, Session, SessionError};
use ludomat_qubic::{
    QubicAction, QubicConfig, QubicHappening, QubicResult, QubicSession, Strategy, Who,
};

fn play(cell: &str) -> QubicAction {
    QubicAction::Play {
        cell: Some(cell.into()),
        block: None,
        plane: None,
        row: None,
        column: None,
    }
}

fn machine_cells(h: &[QubicHappening]) -> Vec<String> {
    h.iter()
        .filter_map(|h| match h {
            QubicHappening::Placed {
                by: Who::Machine,
                cell,
                ..
            } => Some(cell.clone()),
            _ => None,
        })
        .collect()
}

fn typed(h: &[QubicHappening]) -> Vec<String> {
    h.iter()
        .filter_map(|h| match h {
            QubicHappening::Typed { line } => Some(line.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_1962_sample_game() {
    let mut s = QubicSession::new(QubicConfig {
        strategy: Strategy::Louden1962,
        machine_first: true,
        ..QubicConfig::default()
    })
    .unwrap();
    let v = s.view();
    assert_eq!(v.moves, ["111"], "the deck opens");
    assert_eq!(
        v.paper,
        ["111 IS MY MOVE", "TYPE YOUR MOVE, RELEASE, START."]
    );
    let mut all = Vec::new();
    for m in ["212", "213", "214", "311", "321"] {
        let h = s.apply(play(m)).unwrap();
        all.extend(machine_cells(&h));
        if s.view().result.is_some() {
            break;
        }
    }
    assert_eq!(all, ["444", "114", "211", "112", "113"]);
    let v = s.view();
    assert_eq!(v.result, Some(QubicResult::MachineWins));
    assert_eq!(v.level.as_ref().map(|l| l.number), Some(2));
    assert!(
        v.paper.iter().any(|l| l == "GOOD TRY THERE,"),
        "{:?}",
        v.paper
    );
    assert!(v
        .paper
        .iter()
        .any(|l| l == "I WIN ON THE FOLLOWING SEQUENCE"));
    let line = v.line.clone().unwrap();
    assert_eq!(line.len(), 4);
    assert!(line.contains(&2), "113 is index 2: {line:?}");
    assert_eq!(v.tally.machine_wins, 1);
    assert!(v.tables.as_ref().unwrap().k1.is_some());
    // A finished game refuses moves; new_game types the second game's cards.
    let err = s.apply(play("444")).unwrap_err();
    assert!(matches!(err, SessionError::Refused(_)), "{err}");
    let h = s.apply(QubicAction::NewGame).unwrap();
    assert!(matches!(h[0], QubicHappening::NewGame { game: 2 }));
    assert!(typed(&h).iter().any(|l| l.ends_with("IS MY PLAY")), "{h:?}");
}

#[test]
fn the_deck_complains_in_its_own_words_and_stops_after_five_games() {
    let mut s = QubicSession::new(QubicConfig {
        strategy: Strategy::Louden1962,
        ..QubicConfig::default()
    })
    .unwrap();
    let h = s.apply(play("111")).unwrap();
    assert!(typed(&h).contains(&"444 IS MY MOVE".to_string()), "{h:?}");
    // The deck accepts the typed move, complains, and asks again (K1 moved: faithful).
    let h = s.apply(play("111")).unwrap();
    assert_eq!(
        typed(&h),
        [
            "111",
            "COME ON NOW, THAT SQUARE IS FULL",
            "TYPE YOUR MOVE, RELEASE, START."
        ]
    );
    assert!(s.view().human_to_move);
    let err = s.apply(play("4444")).unwrap_err();
    assert!(err.to_string().contains("a move is 3 digits"), "{err}");
    for _ in 2..=5 {
        s.apply(QubicAction::NewGame).unwrap();
    }
    assert_eq!(s.view().game, 5);
    let h = s.apply(QubicAction::NewGame).unwrap();
    assert_eq!(typed(&h), ["LETS STOP AND GET BACK TO WORK.."]);
    assert!(s.view().deck_finished && !s.view().human_to_move);
    assert!(s.apply(QubicAction::NewGame).is_err());
    assert!(s.apply(play("222")).is_err());
    s.apply(QubicAction::Reset).unwrap();
    assert_eq!(s.view().game, 1);
    assert!(!s.view().deck_finished);
}

#[test]
fn bad_input_is_explained_and_refusals_change_nothing() {
    let mut s = QubicSession::new(QubicConfig {
        seed: 3,
        ..QubicConfig::default()
    })
    .unwrap();
    for (bad, says) in [
        ("25", "a move is 3 digits"),
        ("251", "the second digit, 5, is out of range"),
        ("2x1", "is not a digit"),
    ] {
        let err = s.parse_action(bad).unwrap_err();
        assert!(err.to_string().contains(says), "{err}");
        let err = s.apply(play(bad)).unwrap_err();
        assert!(matches!(err, SessionError::Invalid(_)));
    }
    let h = s.apply(play("111")).unwrap();
    let QubicHappening::Placed { level, why, .. } = &h[1] else {
        panic!("{h:?}")
    };
    assert_eq!(*level, Some(11));
    assert!(why.contains("major diagonals"), "{why}");
    let before = serde_json::to_value(s.view()).unwrap();
    let err = s.apply(play("111")).unwrap_err();
    assert!(
        err.to_string().contains("111 is already taken by you"),
        "{err}"
    );
    assert_eq!(serde_json::to_value(s.view()).unwrap(), before);
    // plane/row/column is the same move as the notation.
    let by_coords = QubicAction::Play {
        cell: None,
        block: None,
        plane: Some(2),
        row: Some(3),
        column: Some(4),
    };
    let h = s.apply(by_coords).unwrap();
    assert!(matches!(&h[0], QubicHappening::Placed { cell, index: 27, .. } if cell == "234"));
    for (json, says) in [
        (r#"{"type":"play","plane":5,"row":1,"column":1}"#, "plane 5"),
        (r#"{"type":"play","plane":1,"row":1}"#, "column is missing"),
        (r#"{"type":"play","cell":"111","plane":1}"#, "not both"),
        (
            r#"{"type":"play","block":1,"plane":1,"row":1,"column":1}"#,
            "4×4×4×4 board only",
        ),
        (r#"{"type":"jump"}"#, "qubic action"),
    ] {
        let err = s
            .apply_json(serde_json::from_str(json).unwrap())
            .unwrap_err();
        assert!(err.to_string().contains(says), "{json}: {err}");
    }
    assert!(s.view().tables.is_some());
}

#[test]
fn configs_are_checked() {
    for (c, says) in [
        (
            QubicConfig {
                dims: 5,
                ..QubicConfig::default()
            },
            "dims: the number 5 where 3 (4×4×4) or 4 (4×4×4×4) was expected",
        ),
        (
            QubicConfig {
                dims: 4,
                strategy: Strategy::Louden1962,
                ..QubicConfig::default()
            },
            "4×4×4 only",
        ),
        (
            QubicConfig {
                disable: vec![13],
                ..QubicConfig::default()
            },
            "13 is not a level",
        ),
    ] {
        let err = QubicSession::new(c).err().unwrap();
        assert!(err.to_string().contains(says), "{err}");
    }
}

/// Plays the first empty cell (in index order) until the game ends; the moves.
fn play_out(s: &mut QubicSession) -> usize {
    let mut n = 0;
    while s.view().result.is_none() {
        let v = s.view();
        let free = v.cells.iter().position(Option::is_none).unwrap();
        let cell = if v.dims == 4 {
            format!(
                "{}{}{}{}",
                free / 64 + 1,
                free / 16 % 4 + 1,
                free / 4 % 4 + 1,
                free % 4 + 1
            )
        } else {
            format!("{}{}{}", free / 16 + 1, free / 4 % 4 + 1, free % 4 + 1)
        };
        s.apply(play(&cell)).unwrap();
        n += 1;
        assert!(n <= 256);
    }
    n
}

#[test]
fn defending_against_the_forced_win_loses_within_its_bound() {
    let mut s = QubicSession::new(QubicConfig {
        dims: 4,
        strategy: Strategy::Forced,
        ..QubicConfig::default()
    })
    .unwrap();
    assert!(s.config().machine_first);
    let v = s.view();
    assert_eq!(v.moves, ["1111"], "the proof opens at the corner");
    let f = v.forced.clone().unwrap();
    assert_eq!(f.answer.as_deref(), Some("1111"));
    assert_eq!(f.machine_moves, 1);
    // The tree's depth bounds the 22 moves the verifier proves (`qubic proof`).
    let bound = f.moves_left_at_most + 1;
    assert!(bound >= 22, "{bound}");
    let mut last_left = f.moves_left_at_most;
    while s.view().result.is_none() {
        play_out_one(&mut s);
        let f = s.view().forced.unwrap();
        assert!(
            f.moves_left_at_most < last_left,
            "the bound shrinks every move"
        );
        last_left = f.moves_left_at_most;
    }
    let v = s.view();
    assert_eq!(v.result, Some(QubicResult::MachineWins));
    assert_eq!(v.forced.as_ref().unwrap().moves_left_at_most, 0);
    assert!(v.forced.as_ref().unwrap().machine_moves <= 22);
    assert_eq!(v.line.as_ref().unwrap().len(), 4);
}

fn play_out_one(s: &mut QubicSession) {
    let v = s.view();
    let free = v.cells.iter().position(Option::is_none).unwrap();
    let a = QubicAction::Play {
        cell: None,
        block: Some((free / 64 + 1) as u8),
        plane: Some((free / 16 % 4 + 1) as u8),
        row: Some((free / 4 % 4 + 1) as u8),
        column: Some((free % 4 + 1) as u8),
    };
    s.apply(a).unwrap();
}

#[test]
fn other1_in_4d_and_levels_switched_off() {
    let mut s = QubicSession::new(QubicConfig {
        dims: 4,
        machine_first: true,
        seed: 5,
        ..QubicConfig::default()
    })
    .unwrap();
    assert_eq!(s.view().moves.len(), 1, "M plays first");
    play_out(&mut s);
    assert!(s.view().result.is_some());

    let mut s = QubicSession::new(QubicConfig {
        disable: vec![9, 6, 6],
        seed: 2,
        ..QubicConfig::default()
    })
    .unwrap();
    assert_eq!(s.config().disable, [6, 9]);
    play_out(&mut s);
    let v = s.view();
    assert!(v.result.is_some());
    assert!(v.tally.human_wins + v.tally.machine_wins + v.tally.ties == 1);
}

#[test]
fn same_config_same_game_and_reset_replays() {
    let config = QubicConfig {
        seed: 77,
        ..QubicConfig::default()
    };
    let mut a = QubicSession::new(config.clone()).unwrap();
    let mut b = QubicSession::new(config).unwrap();
    play_out(&mut a);
    play_out(&mut b);
    let va = serde_json::to_value(a.view()).unwrap();
    assert_eq!(va, serde_json::to_value(b.view()).unwrap());
    a.apply(QubicAction::Reset).unwrap();
    play_out(&mut a);
    assert_eq!(serde_json::to_value(a.view()).unwrap(), va);
    // The winning line, when there is one, is four cells of one side.
    if let Some(line) = a.view().line {
        let who = a.view().cells[line[0]];
        assert!(line.iter().all(|&c| a.view().cells[c] == who));
    }
}

/// The browser test's won game: with level 3 (block the player's three) switched off,
/// OTHER-1 lets a straight row through.
#[test]
fn with_level_3_off_the_player_completes_a_row() {
    let mut s = QubicSession::new(QubicConfig {
        disable: vec![3],
        ..QubicConfig::default()
    })
    .unwrap();
    for m in ["111", "112", "113", "114"] {
        s.apply(play(m)).unwrap();
    }
    let v = s.view();
    assert_eq!(v.moves, ["111", "232", "112", "332", "113", "333", "114"]);
    assert_eq!(v.result, Some(QubicResult::HumanWins));
    assert_eq!(v.line, Some(vec![0, 1, 2, 3]));
    // All levels on, the same moves are blocked at the three.
    let mut s = QubicSession::new(QubicConfig::default()).unwrap();
    for m in ["111", "112", "113"] {
        s.apply(play(m)).unwrap();
    }
    assert_eq!(s.view().level.unwrap().number, 3);
    assert_eq!(s.view().cells[3], Some(Who::Machine));
}

/// `forced` on 4×4×4 plays a checked certificate — Patashnik's strategy's with the
/// `patashnik` feature, ludomat's own from-scratch one without — and says which: the
/// machine opens in the corner and wins against a defender who fills cells in order.
#[test]
fn defending_against_patashnik_loses() {
    let mut s = QubicSession::new(QubicConfig {
        strategy: Strategy::Forced,
        ..QubicConfig::default()
    })
    .unwrap();
    let v = s.view();
    assert_eq!(v.moves, ["111"]);
    let which = v.certificate.clone().expect("names its certificate");
    if cfg!(feature = "patashnik") {
        assert!(which.contains("Patashnik"), "{which}");
    } else {
        assert!(which.contains("from-scratch"), "{which}");
    }
    assert!(!v.human_to_move || v.result.is_none());
    play_out(&mut s);
    let v = s.view();
    assert_eq!(v.result, Some(QubicResult::MachineWins), "{:?}", v.moves);
    assert!(v.tables.is_none());
}
