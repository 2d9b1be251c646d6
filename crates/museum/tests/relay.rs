//! The relay computer's exhibit through the HTTP API: every action, and illegal ones
//! answered 4xx with the visit unchanged.

mod common;

use common::{act, start, Client};
use ludomat_museum::MuseumConfig;
use serde_json::{json, Value};

/// An action that must be refused with `status`, leaving the view as it was.
async fn refused(c: &mut Client, id: &str, action: Value, status: u16) -> String {
    let before = c.get(&format!("/api/visits/{id}")).await.body["view"].clone();
    let a = act(c, id, action.clone()).await;
    assert_eq!(a.status, status, "{action}: {a:?}");
    let after = c.get(&format!("/api/visits/{id}")).await.body["view"].clone();
    assert_eq!(before, after, "{action} changed the visit");
    a.error().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_relay_computer_over_http() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    c.assert_listed("relay").await;

    let v = c
        .post(
            "/api/visits",
            json!({"kind": "relay", "config": {"guarded": true}}),
        )
        .await;
    assert_eq!(v.status, 201, "{v:?}");
    let id = v.body["id"].as_str().unwrap().to_string();
    assert_eq!(v.body["view"]["rom_name"], "as-numbered");
    assert_eq!(v.body["view"]["rom"].as_array().unwrap().len(), 64);
    assert_eq!(v.body["view"]["clock"], "running");

    // Run to the first halt, then play 0 and 1: the machine wins, 8071399.
    let a = act(&mut c, &id, json!({"type": "run", "max_steps": 1000})).await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["view"]["clock"], "waiting_for_key");
    assert_eq!(
        a.body["happenings"][0],
        json!({"type": "printed", "code": 8, "glyph": "8"})
    );
    let e = refused(&mut c, &id, json!({"type": "key", "digit": 8}), 409).await;
    assert!(e.contains("centre"), "{e}");
    refused(&mut c, &id, json!({"type": "run", "max_steps": 10}), 409).await;
    for digit in [0, 1] {
        let a = act(&mut c, &id, json!({"type": "key", "digit": digit})).await;
        assert_eq!(a.status, 200, "{a:?}");
        let a = act(&mut c, &id, json!({"type": "step", "n": 1000})).await;
        assert_eq!(a.status, 200, "{a:?}");
    }
    let v = c.get(&format!("/api/visits/{id}")).await.body["view"].clone();
    assert_eq!(v["teletype"]["paper"], json!(["8071399"]));
    assert_eq!(v["board"]["outcome"], "machine_wins");
    assert_eq!(v["games"]["machine_wins"], 1);

    // Every other action.
    for action in [
        json!({"type": "reset"}),
        json!({"type": "stop"}),
        json!({"type": "start"}),
        json!({"type": "set_rom_word", "address": 27, "value": 0x8728}),
        json!({"type": "set_switches", "bank": 1, "value": 5}),
        json!({"type": "set_speed", "speed": "authentic"}),
        json!({"type": "assemble", "source": "LOAD A, 0x81\nSTORE A, 0x90\nHALT\n"}),
        json!({"type": "run", "max_steps": 10}),
    ] {
        let a = act(&mut c, &id, action.clone()).await;
        assert_eq!(a.status, 200, "{action}: {a:?}");
    }
    let v = c.get(&format!("/api/visits/{id}")).await.body["view"].clone();
    assert_eq!(v["teletype"]["paper"], json!(["5"]));
    assert_eq!(v["switches"], json!([0, 5]));
    assert_eq!(v["time"]["speed"], "authentic");

    // Illegal: 4xx, unchanged.
    let e = refused(
        &mut c,
        &id,
        json!({"type": "assemble", "source": "NOP\n  JMP nowhere\n"}),
        400,
    )
    .await;
    assert!(
        e.contains("line 2, column 7: undefined label 'nowhere'"),
        "{e}"
    );
    refused(&mut c, &id, json!({"type": "step", "n": 1001}), 422).await;
    refused(
        &mut c,
        &id,
        json!({"type": "run", "max_steps": 2_000_000}),
        422,
    )
    .await;
    refused(
        &mut c,
        &id,
        json!({"type": "set_rom_word", "address": 64, "value": 0}),
        400,
    )
    .await;
    refused(
        &mut c,
        &id,
        json!({"type": "set_switches", "bank": 3, "value": 0}),
        400,
    )
    .await;
    refused(&mut c, &id, json!({"type": "key", "digit": 12}), 400).await;
    refused(&mut c, &id, json!({"type": "teleport"}), 400).await;

    let bad = c
        .post(
            "/api/visits",
            json!({"kind": "relay", "config": {"rom": {"source": "FROB"}}}),
        )
        .await;
    assert_eq!(bad.status, 400, "{bad:?}");
    assert!(bad.error().contains("line 1, column 1"), "{bad:?}");
}
