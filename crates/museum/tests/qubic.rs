//! The 3D tic-tac-toe exhibit over the museum's HTTP API: the 1962 sample game with its
//! typewriter paper, moves by notation and by plane/row/column, refusals as 4xx with the
//! visit unchanged, bad configs, and the 4D forced win's view.

mod common;

use common::{act, refused, start, view, Client};
use ludomat_museum::MuseumConfig;
use serde_json::{json, Value};

async fn visit(c: &mut Client, config: Value) -> (u16, Value) {
    let a = c
        .post("/api/visits", json!({"kind": "qubic", "config": config}))
        .await;
    (a.status, a.body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_1962_sample_game_through_the_api() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    c.assert_listed("qubic").await;
    let (status, body) = visit(
        &mut c,
        json!({"strategy": "louden1962", "machine_first": true}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["config"]["dims"], 3);
    assert_eq!(body["config"]["seed"], 1);
    let id = body["id"].as_str().unwrap().to_string();
    assert_eq!(body["view"]["moves"], json!(["111"]));
    assert_eq!(body["view"]["paper"][0], "111 IS MY MOVE");
    assert_eq!(body["view"]["level"]["number"], 10);

    // 212 by notation, 213 by plane/row/column, then the rest.
    let a = act(&mut c, &id, json!({"type": "play", "cell": "212"})).await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(
        a.body["happenings"][0],
        json!({"type": "typed", "line": "212"})
    );
    let a = act(
        &mut c,
        &id,
        json!({"type": "play", "plane": 2, "row": 1, "column": 3}),
    )
    .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["happenings"][1]["cell"], "213");
    for m in ["214", "311", "321"] {
        let a = act(&mut c, &id, json!({"type": "play", "cell": m})).await;
        assert_eq!(a.status, 200, "{a:?}");
    }
    let v = view(&mut c, &id).await;
    assert_eq!(
        v["moves"],
        json!(["111", "212", "444", "213", "114", "214", "211", "311", "112", "321", "113"])
    );
    assert_eq!(v["result"], "machine_wins");
    assert_eq!(v["line"].as_array().unwrap().len(), 4);
    let paper: Vec<&str> = v["paper"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(paper.contains(&"GOOD TRY THERE,"), "{paper:?}");
    assert!(paper.contains(&"I WIN ON THE FOLLOWING SEQUENCE"));
    assert_eq!(v["tables"]["k1"], 3);
    assert_eq!(v["tally"]["machine_wins"], 1);

    refused(
        &mut c,
        &id,
        json!({"type": "play", "cell": "444"}),
        409,
        "game is over",
    )
    .await;
    let a = act(&mut c, &id, json!({"type": "new_game"})).await;
    assert_eq!(a.body["view"]["game"], 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_and_bad_configs() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let (status, body) = visit(&mut c, json!({"seed": 3})).await;
    assert_eq!(status, 201);
    let id = body["id"].as_str().unwrap().to_string();
    let a = act(&mut c, &id, json!({"type": "play", "cell": "111"})).await;
    assert_eq!(a.status, 200);
    assert_eq!(a.body["happenings"][1]["level"], 11);
    assert!(!a.body["view"]["tables"]["rows"]
        .as_array()
        .unwrap()
        .is_empty());
    assert!(a.body["view"]["level"]["meaning"]
        .as_str()
        .unwrap()
        .contains("major diagonals"));
    refused(
        &mut c,
        &id,
        json!({"type": "play", "cell": "111"}),
        409,
        "already taken by you",
    )
    .await;
    refused(
        &mut c,
        &id,
        json!({"type": "play", "cell": "251"}),
        400,
        "the second digit, 5, is out of range",
    )
    .await;
    refused(
        &mut c,
        &id,
        json!({"type": "play", "plane": 1, "row": 9, "column": 1}),
        400,
        "row 9",
    )
    .await;
    refused(
        &mut c,
        &id,
        json!({"type": "spin"}),
        400,
        "'spin' is not one of",
    )
    .await;

    for (config, says) in [
        (json!({"dims": 4, "strategy": "louden1962"}), "4×4×4 only"),
        (
            json!({"dims": 2}),
            "the number 2 where 3 (4×4×4) or 4 (4×4×4×4) was expected",
        ),
        (json!({"disable": [0]}), "0 is not a level"),
        (
            json!({"colour": "red"}),
            "the field 'colour' is not known here",
        ),
    ] {
        let (status, body) = visit(&mut c, config.clone()).await;
        assert_eq!(status, 400, "{config}: {body}");
        assert!(
            body["error"].as_str().unwrap().contains(says),
            "{config}: {body}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn defending_against_the_4d_forced_win() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let (status, body) = visit(&mut c, json!({"dims": 4, "strategy": "forced"})).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["config"]["machine_first"], true);
    let id = body["id"].as_str().unwrap().to_string();
    let v = &body["view"];
    assert_eq!(v["cells"].as_array().unwrap().len(), 256);
    assert_eq!(v["forced"]["answer"], "1111");
    let mut left = v["forced"]["moves_left_at_most"].as_u64().unwrap();
    assert!(left >= 21, "{left}");
    // Defend with the first free cell by block/plane/row/column until the proof wins.
    for _ in 0..128 {
        let v = view(&mut c, &id).await;
        if !v["result"].is_null() {
            break;
        }
        let free = v["cells"]
            .as_array()
            .unwrap()
            .iter()
            .position(Value::is_null)
            .unwrap();
        let a = act(
            &mut c,
            &id,
            json!({"type": "play", "block": free / 64 + 1, "plane": free / 16 % 4 + 1,
                   "row": free / 4 % 4 + 1, "column": free % 4 + 1}),
        )
        .await;
        assert_eq!(a.status, 200, "{a:?}");
        let now = a.body["view"]["forced"]["moves_left_at_most"]
            .as_u64()
            .unwrap();
        assert!(now < left);
        left = now;
    }
    let v = view(&mut c, &id).await;
    assert_eq!(v["result"], "machine_wins");
    assert!(v["forced"]["machine_moves"].as_u64().unwrap() <= 22);
}
