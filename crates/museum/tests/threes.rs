//! The Threes! exhibit over the museum's HTTP API: swipes and undo, a refused swipe (409,
//! the visit unchanged), the AI's estimate and autoplay (both on the museum's bounded
//! pool), and a recorded game opened in the replay viewer.

mod common;

use std::time::Duration;

use common::{act, start, view, Client};
use ludomat_museum::MuseumConfig;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn swipes_undo_estimate_autoplay_and_replay() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    c.assert_listed("threes").await;
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "threes", "config": {"seed": 7, "depth": 2}}),
        )
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    let id = a.body["id"].as_str().unwrap().to_string();
    let v = &a.body["view"];
    assert_eq!(v["cells"].as_array().unwrap().len(), 16);
    assert!(!v["hint"].as_array().unwrap().is_empty());

    // A swipe that moves nothing (if the deal has one) is refused and changes nothing.
    let legal: Vec<String> = v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap().to_string())
        .collect();
    if let Some(d) = ["up", "down", "left", "right"]
        .iter()
        .find(|d| !legal.iter().any(|l| l == *d))
    {
        let before = view(&mut c, &id).await;
        let a = act(&mut c, &id, json!({"type": "swipe", "direction": d})).await;
        assert_eq!(a.status, 409, "{a:?}");
        assert!(a.error().contains("moves nothing"), "{a:?}");
        assert_eq!(view(&mut c, &id).await, before);
    }
    let a = act(
        &mut c,
        &id,
        json!({"type": "swipe", "direction": "sideways"}),
    )
    .await;
    assert_eq!(a.status, 400, "{a:?}");

    let a = act(&mut c, &id, json!({"type": "swipe", "direction": legal[0]})).await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["happenings"][0]["type"], "swiped");
    assert_eq!(a.body["view"]["moves"], 1);
    let a = act(&mut c, &id, json!({"type": "undo"})).await;
    assert_eq!(a.body["view"]["moves"], 0);

    let a = act(&mut c, &id, json!({"type": "estimate"})).await;
    assert_eq!(a.status, 200, "{a:?}");
    let e = &a.body["view"]["estimate"];
    assert_eq!(e["values"].as_array().unwrap().len(), 4);
    assert!(e["best"].is_string());

    // Autoplay: AI steps off the request threads until stopped.
    let a = c
        .post(
            &format!("/api/visits/{id}/autoplay"),
            json!({"action": {"type": "ai_step"}, "interval_ms": 10}),
        )
        .await;
    assert_eq!(a.status, 202, "{a:?}");
    let mut moves = 0;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        moves = view(&mut c, &id).await["moves"].as_u64().unwrap();
        if moves >= 3 {
            break;
        }
    }
    assert!(moves >= 3, "autoplay made {moves} swipes");
    let a = c.post(&format!("/api/visits/{id}/stop"), json!({})).await;
    assert_eq!(a.status, 200, "{a:?}");

    // A record opened in the replay viewer; a damaged one is refused.
    let record = json!({"seed": 7, "hint_model": "plus", "frames": []}).to_string();
    let a = act(
        &mut c,
        &id,
        json!({"type": "load_record", "record": record}),
    )
    .await;
    assert_eq!(a.status, 400, "{a:?}");
    assert!(a.error().contains("not a Threes! record"), "{a:?}");
    let a = act(
        &mut c,
        &id,
        json!({"type": "load_record", "record": recorded_game()}),
    )
    .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["happenings"][0]["moves"], 10);
    assert_eq!(a.body["view"]["replay"]["frames"], 11);
    let a = act(&mut c, &id, json!({"type": "replay_frame", "index": 10})).await;
    assert_eq!(a.body["view"]["replay"]["index"], 10);
    let a = act(&mut c, &id, json!({"type": "replay_frame", "index": 11})).await;
    assert_eq!(a.status, 409, "{a:?}");
}

/// Ten swipes of seed 5 by the AI at depth 1, as `ludomat play threes --record` writes them.
fn recorded_game() -> String {
    use ludomat_threes::{
        autoplay::play_game, record::GameRecord, DepthRule, Heuristic, HintModel, SearchConfig,
        Searcher, Threes,
    };
    let searcher = Searcher::new(
        Heuristic::default(),
        SearchConfig {
            depth: DepthRule::Fixed(1),
            parallel: false,
            ..SearchConfig::default()
        },
    );
    let mut record = GameRecord::start(&Threes::new(5, HintModel::Plus));
    play_game(&searcher, 5, HintModel::Plus, 10, Some(&mut record));
    record.to_json()
}
