//! MENACE's session with the opponents that are other machines, built by the arena's
//! factory: the Computox in both modes and the relay computer's ROM play whole games.

use ludomat_game::{Session, SessionError};
use ludomat_menace::{MenaceAction as A, MenaceConfig, MenaceHappening as H, OpponentKind};
use ludomat_tictactoe::Mark;

fn config(seed: u64, opponent: OpponentKind) -> MenaceConfig {
    MenaceConfig {
        seed: Some(seed),
        opponent,
        ..MenaceConfig::default()
    }
}

#[test]
fn an_impossible_side_is_refused_at_the_start_and_o_against_the_relay_plays() {
    let e = ludomat_arena::menace::session(config(1, OpponentKind::Relay))
        .err()
        .unwrap();
    assert!(
        matches!(&e, SessionError::Invalid(m) if m.contains("menace_plays to O")),
        "{e}"
    );
    let mut c = config(1, OpponentKind::Relay);
    c.menace_plays = Mark::O;
    let mut s = ludomat_arena::menace::session(c).unwrap();
    s.apply(A::PlayGames { n: 30 }).unwrap();
    let v = s.view();
    assert_eq!(v.counters.games, 30);
    assert_eq!(v.record[1].games(), 30);
    assert_eq!(v.box_count, 289);
}

#[test]
fn computox_opponents_play_whole_games() {
    let mut s = ludomat_arena::menace::session(config(3, OpponentKind::Computox)).unwrap();
    s.apply(A::PlayGames { n: 40 }).unwrap();
    let c = s.view().counters;
    assert_eq!(c.games, 40);
    assert_eq!(c.wins, 0, "the unbeatable Computox is not beaten");
    let h = s
        .apply(A::SetOpponent {
            opponent: OpponentKind::ComputoxBeatable,
            menace_plays: Some(Mark::O),
        })
        .unwrap();
    assert!(matches!(
        h[0],
        H::OpponentChanged {
            menace: Mark::O,
            ..
        }
    ));
    s.apply(A::PlayGames { n: 20 }).unwrap();
    assert_eq!(s.view().counters.games, 60);
    assert_eq!(s.view().box_count, 289);
}

#[test]
fn the_museum_starts_the_exhibit_with_every_opponent() {
    let mut s = ludomat_arena::menace::start_session(serde_json::json!({
        "seed": 2, "opponent": "computox_beatable"
    }))
    .unwrap();
    assert_eq!(s.kind(), "menace");
    let h = s
        .apply_json(serde_json::json!({"type": "play_games", "n": 5}))
        .unwrap();
    assert!(!h.is_empty());
    assert_eq!(s.view_json()["counters"]["games"], 5);
    assert!(ludomat_arena::menace::start_session(serde_json::Value::Null).is_ok());
    let e = ludomat_arena::menace::start_session(serde_json::json!({"opponent": "hal"}))
        .err()
        .unwrap();
    assert!(e.to_string().contains("menace config"), "{e}");
}
