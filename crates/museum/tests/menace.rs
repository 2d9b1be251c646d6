//! The MENACE exhibit through the museum's HTTP API: every action, the box counts and
//! counters through the session, illegal actions a 4xx with the visit unchanged.

mod common;

use common::{act, refused_4xx, start, Client};
use ludomat_museum::MuseumConfig;
use serde_json::{json, Value};

async fn visit(c: &mut Client, config: Value) -> (String, Value) {
    let a = c
        .post("/api/visits", json!({"kind": "menace", "config": config}))
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    (a.body["id"].as_str().unwrap().to_string(), a.body)
}

/// An action that must be refused with a 4xx, the view unchanged.
fn boxes_by_move(view: &Value) -> Vec<usize> {
    view["boxes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["boxes"].as_array().unwrap().len())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_action_of_the_menace_exhibit() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;

    c.assert_listed("menace").await;

    let (id, created) = visit(&mut c, json!({"seed": 5})).await;
    assert_eq!(created["config"]["seed"], 5);
    assert_eq!(created["view"]["box_count"], 304);
    assert_eq!(boxes_by_move(&created["view"]), [1, 12, 108, 183]);
    assert_eq!(created["view"]["next"], "menace");

    // A new game: MENACE opens box #0 and draws a bead at once (the opponent is a human).
    let a = act(&mut c, &id, json!({"type": "new_game"})).await;
    assert_eq!(a.status, 200, "{a:?}");
    let h = a.body["happenings"].as_array().unwrap();
    assert_eq!(h[1]["type"], "box_opened");
    assert_eq!(h[1]["box_id"], 0);
    assert_eq!(h[2]["type"], "bead_drawn");
    let taken = h[3]["square"].as_u64().unwrap();
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "play", "square": taken}),
        "already taken",
    )
    .await;
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "play", "square": 9}),
        "the number 9 where a square from 0 to 8 was expected",
    )
    .await;
    // Below the board and far past it: the one wording of a square out of its range.
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "play", "square": -1}),
        "the number -1 where a square from 0 to 8 was expected",
    )
    .await;
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "play", "square": 99}),
        "the number 99 where a square from 0 to 8 was expected",
    )
    .await;
    refused_4xx(&mut c, &id, json!({"type": "step"}), "your move").await;
    refused_4xx(&mut c, &id, json!({"type": "play_games", "n": 3}), "human").await;
    refused_4xx(&mut c, &id, json!({"type": "fly"}), "menace action").await;
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "import", "state": {"eggs": 1}}),
        "not a MENACE state",
    )
    .await;
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "set_opponent", "opponent": "relay"}),
        "only plays X",
    )
    .await;

    // Play the game out, always in the first empty square.
    let wins_against_a_person = loop {
        let v = c.get(&format!("/api/visits/{id}")).await.body["view"].clone();
        if v["next"] == "over" {
            assert_eq!(v["counters"]["games"], 1);
            break v["counters"]["wins"].clone();
        }
        let free = v["board"].as_str().unwrap().find('.').unwrap();
        let a = act(&mut c, &id, json!({"type": "play", "square": free})).await;
        assert_eq!(a.status, 200, "{a:?}");
    };

    // Export, train against the perfect player, import the export back.
    let ex = act(&mut c, &id, json!({"type": "export"})).await;
    let state = ex.body["happenings"][0]["state"].clone();
    assert_eq!(state["format"], "ludomat-menace");
    let a = act(
        &mut c,
        &id,
        json!({"type": "set_opponent", "opponent": "perfect"}),
    )
    .await;
    assert_eq!(a.status, 200, "{a:?}");
    let a = act(&mut c, &id, json!({"type": "play_games", "n": 200})).await;
    assert_eq!(a.status, 200, "{a:?}");
    let v = &a.body["view"];
    assert_eq!(v["counters"]["games"], 201);
    // The perfect player never loses: only the first game (against a person) may be won.
    assert_eq!(v["counters"]["wins"], wins_against_a_person);
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "play_games", "n": 10_001}),
        "play_games: n must be from 1 to 10,000 games per action (it was 10,001)",
    )
    .await;
    let a = act(&mut c, &id, json!({"type": "step"})).await;
    assert_eq!(a.status, 200, "{a:?}");
    let a = act(&mut c, &id, json!({"type": "import", "state": state})).await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(
        a.body["view"]["record"][0]["wins"].as_u64().unwrap()
            + a.body["view"]["record"][0]["draws"].as_u64().unwrap()
            + a.body["view"]["record"][0]["losses"].as_u64().unwrap(),
        1
    );

    // MENACE as O against the relay ROM: 289 boxes.
    let a = act(
        &mut c,
        &id,
        json!({"type": "set_opponent", "opponent": "relay", "menace_plays": "O"}),
    )
    .await;
    assert_eq!(a.status, 200, "{a:?}");
    let a = act(&mut c, &id, json!({"type": "play_games", "n": 5})).await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["view"]["box_count"], 289);
    assert_eq!(boxes_by_move(&a.body["view"]), [3, 38, 153, 95]);

    // Reset: fresh boxes, counters back to zero.
    let a = act(&mut c, &id, json!({"type": "reset"})).await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["view"]["counters"]["games"], 0);

    // Settings that make no sense are refused when the visit opens.
    let bad = c
        .post(
            "/api/visits",
            json!({"kind": "menace", "config": {"win": 5000}}),
        )
        .await;
    assert!((400..500).contains(&bad.status), "{bad:?}");
    assert!(bad.error().contains("win"), "{}", bad.error());
    let bad = c
        .post(
            "/api/visits",
            json!({"kind": "menace", "config": {"opponent": "relay"}}),
        )
        .await;
    assert!((400..500).contains(&bad.status), "{bad:?}");
}
