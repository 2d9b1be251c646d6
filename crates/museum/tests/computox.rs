//! The Computox exhibit over the museum's HTTP API: every action, refusals as 4xx with
//! the visit unchanged, and a game played to the end contact by contact.

mod common;

use common::{act, refused, start, view, Client};
use ludomat_museum::MuseumConfig;
use serde_json::{json, Value};

async fn visit(c: &mut Client, config: Value) -> String {
    let a = c
        .post("/api/visits", json!({"kind": "computox", "config": config}))
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    a.body["id"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_action_through_the_api() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    c.assert_listed("computox").await;
    let id = visit(&mut c, json!({"seed": 4})).await;
    let v = view(&mut c, &id).await;
    assert_eq!(v["counter"], "0001");
    assert_eq!(v["uniselector"]["position"], 1);
    assert_eq!(v["turn"], "human");

    // press, step (one contact), sweep (the rest).
    let a = act(&mut c, &id, json!({"type": "press", "square": "A"})).await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["happenings"][0]["type"], "pressed");
    assert_eq!(a.body["view"]["turn"], "machine");
    let a = act(&mut c, &id, json!({"type": "step"})).await;
    assert_eq!(a.body["happenings"][0]["label"], "U1-N2");
    assert_eq!(a.body["view"]["uniselector"]["position"], 2);
    let a = act(&mut c, &id, json!({"type": "sweep"})).await;
    let h = a.body["happenings"].as_array().unwrap();
    assert_eq!(h[h.len() - 2]["square"], "E");
    assert_eq!(h[h.len() - 1]["type"], "homed");
    assert_eq!(a.body["view"]["uniselector"]["homed"], true);

    // The interlock, and the other refusals: 409, nothing changes.
    refused(
        &mut c,
        &id,
        json!({"type": "press", "square": "E"}),
        409,
        "interlock",
    )
    .await;
    refused(
        &mut c,
        &id,
        json!({"type": "press", "square": "A"}),
        409,
        "already holds X",
    )
    .await;
    refused(&mut c, &id, json!({"type": "step"}), 409, "U1 is at home").await;
    refused(&mut c, &id, json!({"type": "sweep"}), 409, "U1 is at home").await;
    refused(&mut c, &id, json!({"type": "start"}), 409, "empty board").await;
    refused(
        &mut c,
        &id,
        json!({"type": "press", "square": "I"}),
        400,
        "no I",
    )
    .await;
    refused(
        &mut c,
        &id,
        json!({"type": "press"}),
        400,
        "press: the field 'square' is missing",
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

    // Switches and RESET.
    let a = act(&mut c, &id, json!({"type": "set_x", "on": true})).await;
    assert_eq!(a.body["view"]["x_relay"], true);
    let a = act(
        &mut c,
        &id,
        json!({"type": "set_mode_switches", "switches": [true, true, false, false]}),
    )
    .await;
    assert_eq!(
        a.body["view"]["mode_switches"],
        json!([true, true, false, false])
    );
    let a = act(&mut c, &id, json!({"type": "set_os", "on": true})).await;
    assert_eq!(a.status, 200);
    assert_eq!(a.body["view"]["os_switch"], true);
    let a = act(&mut c, &id, json!({"type": "reset"})).await;
    assert_eq!(a.body["happenings"][0]["counter"], "0002");
    assert_eq!(a.body["happenings"][1]["type"], "os_latched");
    assert_eq!(a.body["view"]["turn"], "machine");
    refused(
        &mut c,
        &id,
        json!({"type": "press", "square": "B"}),
        409,
        "U1 is stepping",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_to_the_end_and_the_variants() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    // The seed's game: machine first, then F, B; the machine forks and wins.
    let id = visit(&mut c, json!({"machine_first": true})).await;
    for sq in ["F", "B", "H"] {
        act(&mut c, &id, json!({"type": "sweep"})).await;
        let a = act(&mut c, &id, json!({"type": "press", "square": sq})).await;
        assert_eq!(a.status, 200, "{a:?}");
    }
    let a = act(&mut c, &id, json!({"type": "sweep"})).await;
    let v = &a.body["view"];
    assert_eq!(v["outcome"], "won");
    assert_eq!(v["w_lamp"], true);
    assert_eq!(v["bells"], 1);
    assert_eq!(v["turn"], "over");
    refused(
        &mut c,
        &id,
        json!({"type": "press", "square": "D"}),
        409,
        "game is over",
    )
    .await;

    // Two players: the machine referees.
    let id = visit(&mut c, json!({"two_player": true})).await;
    act(&mut c, &id, json!({"type": "press", "square": "A"})).await;
    refused(
        &mut c,
        &id,
        json!({"type": "press", "square": "B", "controller": "x"}),
        409,
        "out of turn",
    )
    .await;
    let a = act(
        &mut c,
        &id,
        json!({"type": "press", "square": "B", "controller": "o"}),
    )
    .await;
    assert_eq!(a.body["view"]["turn"], "x");

    // The AUTOX: shutter, START, sweep.
    let id = visit(&mut c, json!({"variant": "autox"})).await;
    act(&mut c, &id, json!({"type": "press", "square": "A"})).await;
    refused(
        &mut c,
        &id,
        json!({"type": "set_x", "on": true}),
        409,
        "no X relay",
    )
    .await;
    let a = act(&mut c, &id, json!({"type": "start"})).await;
    assert_eq!(a.body["happenings"][0]["type"], "start_pressed");
    let a = act(&mut c, &id, json!({"type": "sweep"})).await;
    assert_eq!(a.body["view"]["squares"][4]["o_lamp"], true);
    assert_eq!(a.body["view"]["squares"][0]["shutter"], true);

    // A config the machine cannot have is a 4xx naming it.
    let bad = c
        .post(
            "/api/visits",
            json!({"kind": "computox", "config": {"variant": "autox", "two_player": true}}),
        )
        .await;
    assert!((400..500).contains(&bad.status), "{bad:?}");
    assert!(bad.error().contains("AUTOX"), "{bad:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_relays_model_through_the_api() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let id = visit(
        &mut c,
        json!({"seed": 4, "model": "relays", "timing": "real"}),
    )
    .await;
    let v = view(&mut c, &id).await;
    assert_eq!(v["model"], "relays");
    assert_eq!(v["relays"]["timing"], "real");
    assert_eq!(v["relays"]["relays"].as_array().unwrap().len(), 44);
    assert_eq!(v["relays"]["u1"], 1);
    let a = act(&mut c, &id, json!({"type": "press", "square": "A"})).await;
    assert_eq!(a.status, 200, "{a:?}");
    let h = a.body["happenings"].as_array().unwrap();
    assert!(h
        .iter()
        .any(|e| e["type"] == "relay" && e["part"] == "AXA" && e["change"] == "operated"));
    let a = act(&mut c, &id, json!({"type": "sweep"})).await;
    let h = a.body["happenings"].as_array().unwrap();
    let relay: Vec<&Value> = h.iter().filter(|e| e["type"] == "relay").collect();
    let eoa = relay
        .iter()
        .find(|e| e["part"] == "EOA" && e["change"] == "operated")
        .expect("EOA operates");
    assert!(eoa["ms"].as_u64().unwrap() > 500, "real timing: {eoa}");
    assert_eq!(a.body["view"]["last_move"]["square"], "E");
    // The relays model has no AUTOX and no second controller: 400, naming it.
    for (config, says) in [
        (json!({"model": "relays", "variant": "autox"}), "autox"),
        (json!({"model": "relays", "two_player": true}), "two_player"),
        (json!({"model": "relays", "timing": "slow"}), "slow"),
    ] {
        let a = c
            .post("/api/visits", json!({"kind": "computox", "config": config}))
            .await;
        assert_eq!(a.status, 400, "{a:?}");
        assert!(a.error().contains(says), "{a:?}");
    }
}
