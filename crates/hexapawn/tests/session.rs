//! The session: game flow, refusals, and agreement with training.

use ludomat_game::{Session, SessionError};
use ludomat_hexapawn::session::white_seed;
use ludomat_hexapawn::{
    Her, HexapawnAction, HexapawnConfig, HexapawnHappening, HexapawnSession, WhiteKind, WhitePlayer,
};

fn config(seed: u64, white: WhiteKind) -> HexapawnConfig {
    HexapawnConfig {
        seed: Some(seed),
        white,
    }
}

#[test]
fn a_person_plays_and_her_answers_at_once() {
    let mut s = HexapawnSession::new(config(3, WhiteKind::Human)).unwrap();
    let v = s.view();
    assert_eq!(v.board, "BBB/.../WWW");
    assert_eq!(v.next, "human");
    assert_eq!(v.boxes.len(), 19);
    assert_eq!(v.boxes_by_move, [2, 10, 7]);
    let a = s.parse_action("b1-b2").unwrap();
    let h = s.apply(a).unwrap();
    assert!(matches!(h[0], HexapawnHappening::WhiteMoved { .. }));
    assert!(matches!(
        h[1],
        HexapawnHappening::BoxOpened { her_move: 2, .. }
    ));
    assert!(matches!(h[2], HexapawnHappening::BeadDrawn { .. }));
    let v = s.view();
    assert_eq!(v.moves.len(), 2);
    let d = v.last_draw.unwrap();
    assert_eq!(v.boxes_in_play, vec![d.box_id]);
    // Play the game out with the first legal move each time.
    while s.view().result.is_none() {
        let m = s.view().legal[0].clone();
        s.apply(HexapawnAction::Play {
            from: m.from,
            to: m.to,
        })
        .unwrap();
    }
    assert_eq!(s.view().counters.games, 1);
}

#[test]
fn refusals_leave_the_session_unchanged() {
    let mut s = HexapawnSession::new(config(3, WhiteKind::Human)).unwrap();
    let before = serde_json::to_value(s.view()).unwrap();
    let bad = [
        HexapawnAction::Play { from: 6, to: 0 },
        HexapawnAction::Play { from: 0, to: 3 },
        HexapawnAction::Play { from: 9, to: 3 },
        HexapawnAction::Step,
        HexapawnAction::PlayGames { n: 5 },
    ];
    for a in bad {
        assert!(s.apply(a.clone()).is_err(), "{a:?}");
        assert_eq!(serde_json::to_value(s.view()).unwrap(), before);
    }
    let mut r = HexapawnSession::new(config(3, WhiteKind::Random)).unwrap();
    assert!(matches!(
        r.apply(HexapawnAction::PlayGames { n: 10_001 }),
        Err(SessionError::Invalid(m)) if m == "play_games: n must be from 1 to 10,000 games per action (it was 10,001)"
    ));
    assert!(matches!(
        r.apply(HexapawnAction::Play { from: 7, to: 4 }),
        Err(SessionError::Refused(_))
    ));
    assert!(s.parse_action("b1-b4").is_err());
}

#[test]
fn whole_games_in_the_session_are_the_training_games() {
    for white in [WhiteKind::Random, WhiteKind::Perfect] {
        let mut s = HexapawnSession::new(config(9, white)).unwrap();
        // A few steps of a game by hand, then whole games.
        s.apply(HexapawnAction::Step).unwrap();
        s.apply(HexapawnAction::Step).unwrap();
        s.apply(HexapawnAction::PlayGames { n: 60 }).unwrap();
        let mut her = Her::new(9);
        let white_player = WhitePlayer::new(white, white_seed(9));
        let report = her.train(&white_player, 60);
        let v = s.view();
        assert_eq!(v.counters.games, 60);
        assert_eq!(v.counters.last_loss, report.last_loss, "{white:?}");
        assert_eq!(v.counters.losses, report.losses);
        assert_eq!(s.her().to_json(), her.to_json());
        let scores: Vec<i64> = v.curve.iter().map(|p| p.score).collect();
        let expect: Vec<i64> = report.curve.iter().map(|p| p.score).collect();
        assert_eq!(scores, expect);
    }
}

#[test]
fn same_config_same_happenings() {
    let run = || {
        let mut s = HexapawnSession::new(config(5, WhiteKind::Random)).unwrap();
        let mut all = Vec::new();
        for _ in 0..40 {
            all.extend(s.apply(HexapawnAction::Step).unwrap());
        }
        serde_json::to_string(&all).unwrap()
    };
    assert_eq!(run(), run());
}

/// A refusal echoes what was typed, in its own case (the match ignores case).
#[test]
fn a_refusal_echoes_the_input_as_typed() {
    let s = HexapawnSession::new(config(3, WhiteKind::Human)).unwrap();
    for (typed, shown) in [("2J", "'2J'"), ("B1-Z9", "'Z9'"), ("Games X", "'X'")] {
        let Err(SessionError::Invalid(m)) = s.parse_action(typed) else {
            panic!("{typed} taken");
        };
        assert!(m.contains(shown), "{typed}: {m}");
    }
    // case-insensitive matching still works
    assert!(s.parse_action("B1-B2").is_ok());
    assert!(s.parse_action("NEW").is_ok());
}
