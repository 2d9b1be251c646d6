//! The HER (hexapawn) exhibit through the museum's HTTP API: the generated boxes, a game
//! against HER by clicks' actions, whole games against a machine White agreeing with the
//! library's training run, and bad actions a 4xx with the visit unchanged.

mod common;

use common::{act, refused_4xx, start, Client};
use ludomat_hexapawn::{session::white_seed, Her, WhiteKind, WhitePlayer};
use ludomat_museum::MuseumConfig;
use serde_json::{json, Value};

async fn visit(c: &mut Client, config: Value) -> (String, Value) {
    let a = c
        .post("/api/visits", json!({"kind": "hexapawn", "config": config}))
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    (a.body["id"].as_str().unwrap().to_string(), a.body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_action_of_the_hexapawn_exhibit() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    c.assert_listed("hexapawn").await;

    let (id, created) = visit(&mut c, json!({"seed": 3})).await;
    let v = &created["view"];
    assert_eq!(created["config"]["seed"], 3);
    assert_eq!(v["boxes"].as_array().unwrap().len(), 19);
    assert_eq!(v["boxes_by_move"], json!([2, 10, 7]));
    assert_eq!(v["board"], "BBB/.../WWW");
    assert_eq!(v["next"], "human");

    // Bad actions: 4xx, nothing changes.
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "play", "from": 6, "to": 0}),
        "not a legal move",
    )
    .await;
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "play", "from": 12, "to": 3}),
        "from: the number 12 where a square from 0 to 8 was expected",
    )
    .await;
    // An unknown field beside the two a move takes names both as fields it takes.
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "play", "from": 6, "to": 3, "by": 1}),
        "the field 'by' is not known here (the fields are 'from' and 'to')",
    )
    .await;
    refused_4xx(&mut c, &id, json!({"type": "step"}), "your move").await;
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "play_games", "n": 3}),
        "machine White",
    )
    .await;
    refused_4xx(&mut c, &id, json!({"type": "fly"}), "hexapawn action").await;

    // b1-b2: HER answers at once from box #1 (its move 2).
    let a = act(&mut c, &id, json!({"type": "play", "from": 7, "to": 4})).await;
    assert_eq!(a.status, 200, "{a:?}");
    let h = a.body["happenings"].as_array().unwrap();
    let types: Vec<&str> = h.iter().map(|x| x["type"].as_str().unwrap()).collect();
    assert_eq!(types, ["white_moved", "box_opened", "bead_drawn"]);
    assert_eq!(h[1]["her_move"], 2);
    let v = &a.body["view"];
    assert_eq!(v["last_draw"]["box_id"], h[1]["box_id"]);
    assert_eq!(v["boxes_in_play"], json!([h[1]["box_id"]]));

    // Play on with the first legal move until the game ends.
    let mut view = v.clone();
    while view["next"] == "human" {
        let m = view["legal"][0].clone();
        let a = act(
            &mut c,
            &id,
            json!({"type": "play", "from": m["from"], "to": m["to"]}),
        )
        .await;
        assert_eq!(a.status, 200, "{a:?}");
        view = a.body["view"].clone();
    }
    assert_eq!(view["next"], "over");
    assert_eq!(view["counters"]["games"], 1);
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "play", "from": 6, "to": 3}),
        "game is over",
    )
    .await;

    // Against the random White: 60 games in one action agree with the library's run.
    let a = act(
        &mut c,
        &id,
        json!({"type": "reset", "config": {"seed": 9, "white": "random"}}),
    )
    .await;
    assert_eq!(a.status, 200, "{a:?}");
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "play_games", "n": 10001}),
        "play_games: n must be from 1 to 10,000 games per action (it was 10,001)",
    )
    .await;
    let a = act(&mut c, &id, json!({"type": "play_games", "n": 60})).await;
    assert_eq!(a.status, 200, "{a:?}");
    let v = &a.body["view"];
    let mut her = Her::new(9);
    let report = her.train(&WhitePlayer::new(WhiteKind::Random, white_seed(9)), 60);
    assert_eq!(v["counters"]["games"], 60);
    assert_eq!(v["counters"]["last_loss"], report.last_loss);
    assert_eq!(v["counters"]["losses"], report.losses);
    assert_eq!(v["curve"].as_array().unwrap().len(), 60);

    // Switching White keeps the beads.
    let beads = |v: &Value| -> u64 {
        v["boxes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["total"].as_u64().unwrap())
            .sum()
    };
    let before = beads(v);
    let a = act(
        &mut c,
        &id,
        json!({"type": "set_white", "white": "perfect"}),
    )
    .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(beads(&a.body["view"]), before);
    assert_eq!(a.body["view"]["white"], "perfect");
}
