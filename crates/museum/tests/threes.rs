//! The Threes! exhibit over the museum's HTTP API: swipes and undo, a refused swipe (409,
//! the visit unchanged), the AI's estimate and autoplay (both on the museum's bounded
//! pool), and a recorded game opened in the replay viewer; the AI with the shipped
//! network; a network trained from nothing as a long run, its curve reported as it goes,
//! then played with.

mod common;

use std::time::Duration;

use common::{act, events, start, view, Client};
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
    // Damaged JSON is said as MENACE's import says it: the file, damaged, not valid JSON.
    let a = act(
        &mut c,
        &id,
        json!({"type": "load_record", "record": "{\"seed\": "}),
    )
    .await;
    assert_eq!(a.status, 400, "{a:?}");
    assert!(
        a.error()
            .starts_with("the record file is damaged: not valid JSON: line 1, column "),
        "{a:?}"
    );
    let m = c
        .post("/api/visits", json!({"kind": "menace", "config": null}))
        .await;
    let mid = m.body["id"].as_str().unwrap().to_string();
    let b = act(
        &mut c,
        &mid,
        json!({"type": "import", "state": "{\"version\": "}),
    )
    .await;
    assert_eq!(b.status, 400, "{b:?}");
    assert!(
        b.error()
            .starts_with("the state file is damaged: not valid JSON: line 1, column "),
        "{b:?}"
    );
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_shipped_network_plays_and_a_network_is_trained_from_nothing_then_played_with() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    // The AI with the shipped network, as the page asks for it.
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "threes", "config": {"seed": 3, "depth": 1, "eval": "learned"}}),
        )
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    assert!(a.body["view"]["eval"]
        .as_str()
        .unwrap()
        .contains("shipped network"));
    let id = a.body["id"].as_str().unwrap().to_string();
    let step = act(&mut c, &id, json!({"type": "ai_step"})).await;
    assert_eq!(step.status, 200, "{step:?}");
    assert_eq!(step.body["view"]["moves"], 1);
    // Nothing trained yet: nothing to play with.
    let none = act(&mut c, &id, json!({"type": "play_trained"})).await;
    assert_eq!(none.status, 409, "{none:?}");
    assert!(none.error().contains("train one first"), "{none:?}");
    // Settings out of their limits are refused by name.
    let bad = c
        .post(
            &format!("/api/visits/{id}/run"),
            json!({"long_run": "train", "params": {"games": 10}}),
        )
        .await;
    assert_eq!(bad.status, 400, "{bad:?}");
    assert_eq!(
        bad.error(),
        "train: games must be from 1,000 to 10,000,000 games (it was 10)",
        "{bad:?}"
    );
    // A short training run: its curve grows on the stream, counted in games.
    let mut stream = events(addr, &id).await;
    let a = c
        .post(
            &format!("/api/visits/{id}/run"),
            json!({"long_run": "train", "params": {"games": 4000, "eval_every": 1000, "eval_games": 20}}),
        )
        .await;
    assert_eq!(a.status, 202, "{a:?}");
    let mut points = Vec::new();
    let mut end = None;
    while let Some(u) = stream.next(Duration::from_secs(120)).await {
        for h in u["happenings"].as_array().into_iter().flatten() {
            if h["type"] == "run_progress" {
                assert_eq!(h["unit"], "games", "{h}");
                points.push(h["partial"]["curve"].as_array().map_or(0, Vec::len));
            }
        }
        if u["running"] == false && u["note"].is_string() {
            end = Some(u);
            break;
        }
    }
    let end = end.expect("the training ended");
    let note = end["note"].as_str().unwrap();
    assert!(
        note.starts_with("Training finished: ")
            && note.contains(" games trained in ")
            && note.ends_with(" CPU; the network stays with the visit"),
        "{end}"
    );
    assert!(points.windows(2).all(|w| w[0] <= w[1]), "{points:?}");
    let last = end["happenings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["type"] == "run_progress")
        .unwrap()
        .clone();
    let curve: Vec<u64> = last["result"]["curve"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["games"].as_u64().unwrap())
        .collect();
    assert_eq!(curve, [0, 1000, 2000, 3000, 4000], "{last}");
    assert!(last["cpu_ms"].as_u64().unwrap() > 0, "{last}");
    // The network is kept with the visit (the end comes with the view), and played with.
    assert!(
        end["view"]["trained"]
            .as_str()
            .is_some_and(|t| t.starts_with("a 4×5")),
        "{}",
        end["view"]
    );
    let play = act(&mut c, &id, json!({"type": "play_trained"})).await;
    assert_eq!(play.status, 200, "{play:?}");
    assert_eq!(play.body["view"]["eval"], "the network trained here");
    let step = act(&mut c, &id, json!({"type": "ai_step"})).await;
    assert_eq!(step.status, 200, "{step:?}");
    assert_eq!(step.body["view"]["moves"], 2);
    // Reset goes back to the config's evaluation, keeping the trained network.
    let reset = act(&mut c, &id, json!({"type": "reset"})).await;
    assert!(reset.body["view"]["eval"]
        .as_str()
        .unwrap()
        .contains("shipped network"));
    assert!(reset.body["view"]["trained"].is_string());
    let _ = view(&mut c, &id).await;
}
