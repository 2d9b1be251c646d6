//! `ThreesSession`: swipes, undo (the same card comes again), refusals that change
//! nothing, the AI's estimate and step, and the replay of a recorded game.

use ludomat_game::{DynSession, Session, SessionError};
use ludomat_threes::autoplay::play_game;
use ludomat_threes::record::GameRecord;
use ludomat_threes::{
    DepthRule, Direction, Heuristic, HintModel, SearchConfig, Searcher, Threes, ThreesAction,
    ThreesConfig, ThreesHappening, ThreesSession,
};

fn session(seed: u64) -> ThreesSession {
    ThreesSession::new(ThreesConfig {
        seed,
        depth: 2,
        ..ThreesConfig::default()
    })
    .unwrap()
}

#[test]
fn swipes_follow_the_game_and_undo_brings_the_same_card_back() {
    let mut s = session(7);
    let mut game = Threes::new(7, HintModel::Plus);
    assert_eq!(s.view().cells, game.board().values().to_vec());
    assert_eq!(s.view().cells.iter().filter(|&&v| v != 0).count(), 9);
    let d = game.board().legal_swipes()[0];
    let turn = game.swipe(d).unwrap();
    let h = s.apply(ThreesAction::Swipe { direction: d }).unwrap();
    assert!(
        matches!(h[0], ThreesHappening::Swiped { card, by_ai: false, .. } if card == turn.card.value())
    );
    assert_eq!(s.view().cells, game.board().values().to_vec());
    assert_eq!(s.view().score, game.score());
    assert_eq!(s.view().moves, 1);
    let after = serde_json::to_value(s.view()).unwrap();
    s.apply(ThreesAction::Undo).unwrap();
    assert_eq!(s.view().moves, 0);
    assert_eq!(s.view().undo, 0);
    s.apply(ThreesAction::Swipe { direction: d }).unwrap();
    assert_eq!(
        serde_json::to_value(s.view()).unwrap(),
        after,
        "the same deal again"
    );
    // The record follows the game, undo included.
    assert_eq!(s.played().frames.len(), 2);
    assert_eq!(s.played().frames[0].direction, Some(d));
    s.apply(ThreesAction::Undo).unwrap();
    assert_eq!(s.played().frames.len(), 1);
    assert_eq!(s.played().frames[0].direction, None);
    s.apply(ThreesAction::Swipe { direction: d }).unwrap();
    let err = s.apply(ThreesAction::Undo).and(s.apply(ThreesAction::Undo));
    assert!(matches!(err, Err(SessionError::Refused(m)) if m.contains("nothing to undo")));
}

#[test]
fn refusals_leave_the_game_unchanged() {
    // Find a seed whose deal has a swipe that moves nothing.
    let (mut s, blocked) = (1..200)
        .find_map(|seed| {
            let g = Threes::new(seed, HintModel::Plus);
            let b = g.board();
            Direction::ALL
                .into_iter()
                .find(|&d| !b.can_swipe(d))
                .map(|d| (session(seed), d))
        })
        .expect("some deal blocks a swipe");
    let before = serde_json::to_value(s.view()).unwrap();
    let err = s
        .apply(ThreesAction::Swipe { direction: blocked })
        .unwrap_err();
    assert!(err.to_string().contains("moves nothing"), "{err}");
    assert_eq!(serde_json::to_value(s.view()).unwrap(), before);
    let err = s
        .apply_json(serde_json::json!({"type": "swipe", "direction": "sideways"}))
        .unwrap_err();
    assert!(err.to_string().contains("swipe: "), "{err}");
    assert!(s.apply(ThreesAction::ReplayFrame { index: 0 }).is_err());
    let err = ThreesSession::new(ThreesConfig {
        depth: 9,
        ..ThreesConfig::default()
    })
    .err()
    .unwrap();
    assert!(err.to_string().contains("depth 9"), "{err}");
    assert!(s.parse_action("x").is_err());
    assert_eq!(
        s.parse_action("left").unwrap(),
        ThreesAction::Swipe {
            direction: Direction::Left
        }
    );
}

#[test]
fn the_estimate_and_the_ai_step_agree_with_the_searcher() {
    let mut s = session(3);
    s.apply(ThreesAction::Estimate).unwrap();
    let e = s.view().estimate.unwrap();
    let searcher = Searcher::new(
        Heuristic::default(),
        SearchConfig {
            depth: DepthRule::Fixed(2),
            parallel: false,
            ..SearchConfig::default()
        },
    );
    let game = Threes::new(3, HintModel::Plus);
    let r = searcher.search_depth(&game.position(), 2);
    assert_eq!(e.values, r.values);
    assert_eq!(e.best, r.best);
    for d in Direction::ALL {
        assert_eq!(e.values[d.index()].is_some(), game.board().can_swipe(d));
    }
    let h = s.apply(ThreesAction::AiStep).unwrap();
    assert!(
        matches!(h[0], ThreesHappening::Swiped { direction, by_ai: true, .. } if Some(direction) == r.best)
    );
    assert!(s.view().estimate.is_none(), "a swipe clears the estimate");
}

#[test]
fn the_ai_plays_a_game_to_the_end_and_new_game_deals_the_next_seed() {
    let mut s = ThreesSession::new(ThreesConfig {
        seed: 11,
        depth: 1,
        ..ThreesConfig::default()
    })
    .unwrap();
    let mut n = 0;
    while !s.view().over {
        s.apply(ThreesAction::AiStep).unwrap();
        n += 1;
        assert!(n < 5_000);
    }
    assert!(s.view().legal.is_empty());
    assert!(s.apply(ThreesAction::AiStep).is_err());
    let h = s.apply(ThreesAction::NewGame).unwrap();
    assert_eq!(h, [ThreesHappening::NewGame { seed: 12 }]);
    assert_eq!(s.view().seed, 12);
    s.apply(ThreesAction::Reset).unwrap();
    assert_eq!(s.view().seed, 11);
}

#[test]
fn a_recorded_game_replays_frame_by_frame() {
    let searcher = Searcher::new(
        Heuristic::default(),
        SearchConfig {
            depth: DepthRule::Fixed(1),
            parallel: false,
            ..SearchConfig::default()
        },
    );
    let mut record = GameRecord::start(&Threes::new(5, HintModel::Plus));
    let summary = play_game(&searcher, 5, HintModel::Plus, 30, Some(&mut record));
    let mut s = session(1);
    let h = s
        .apply(ThreesAction::LoadRecord {
            record: record.to_json(),
        })
        .unwrap();
    assert_eq!(
        h,
        [ThreesHappening::RecordLoaded {
            seed: 5,
            moves: summary.moves as usize
        }]
    );
    let r = s.view().replay.unwrap();
    assert_eq!((r.index, r.frames), (0, record.frames.len()));
    assert_eq!(
        r.cells,
        Threes::new(5, HintModel::Plus).board().values().to_vec()
    );
    let last = record.frames.len() - 1;
    s.apply(ThreesAction::ReplayFrame { index: last }).unwrap();
    let r = s.view().replay.unwrap();
    assert_eq!(r.score, record.score());
    assert!(r.direction.is_none(), "no swipe from the last frame");
    s.apply(ThreesAction::ReplayFrame { index: 0 }).unwrap();
    assert_eq!(
        s.view().replay.unwrap().direction,
        record.frames[0].direction
    );
    assert!(s
        .apply(ThreesAction::ReplayFrame { index: last + 1 })
        .is_err());
    let err = s
        .apply(ThreesAction::LoadRecord {
            record: "{\"seed\": 1}".into(),
        })
        .unwrap_err();
    assert!(err.to_string().contains("not a Threes! record"), "{err}");
    s.apply(ThreesAction::CloseReplay).unwrap();
    assert!(s.view().replay.is_none());
}
