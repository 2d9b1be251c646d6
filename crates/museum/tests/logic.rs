//! The logic bench through the museum's HTTP API: the latch reset event by event, c17's
//! outputs, an upload with an error named by line and column, a ring named, the relay
//! squares, and bad input a 4xx with the visit unchanged.

mod common;

use common::{act, refused, refused_4xx, start, view, Client};
use ludomat_museum::MuseumConfig;
use serde_json::{json, Value};

async fn visit(c: &mut Client, config: Value) -> String {
    let a = c
        .post("/api/visits", json!({"kind": "logic", "config": config}))
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    a.body["id"].as_str().unwrap().to_string()
}

fn node(v: &Value, name: &str) -> i64 {
    v["graph"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["name"] == name)
        .unwrap()["value"]
        .as_i64()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_action_of_the_logic_bench() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    c.assert_listed("logic").await;

    // The latch: S false, then R true shown one event at a time.
    let id = visit(&mut c, Value::Null).await;
    let v = view(&mut c, &id).await;
    assert_eq!(v["circuit"], "latch");
    assert_eq!(v["graph"].as_array().unwrap().len(), 6);
    act(
        &mut c,
        &id,
        json!({"type": "set", "input": "S", "value": "0", "run": true}),
    )
    .await;
    let a = act(
        &mut c,
        &id,
        json!({"type": "set", "input": "R", "value": "1"}),
    )
    .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["view"]["pending"], 11);
    let mut texts = Vec::new();
    loop {
        let a = act(&mut c, &id, json!({"type": "step"})).await;
        if a.status != 200 {
            assert!(a.error().contains("quiet"), "{a:?}");
            break;
        }
        texts.push(
            a.body["happenings"][0]["text"]
                .as_str()
                .unwrap()
                .to_string(),
        );
    }
    assert_eq!(texts[0], "R := 1");
    assert_eq!(
        texts[2],
        "NOR1 evaluates x → 0: changed, updates its children"
    );
    assert_eq!(texts.len(), 11);
    let v = view(&mut c, &id).await;
    assert_eq!(node(&v, "Q"), -1);
    assert_eq!(node(&v, "Q̄"), 1);

    // Bad actions: 4xx with the reason, nothing changes.
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "set", "input": "Q", "value": "1"}),
        "not an input",
    )
    .await;
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "set", "input": "R", "value": "2"}),
        "set: ",
    )
    .await;
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "push", "button": "X0"}),
        "not buttons",
    )
    .await;
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "watch", "signal": "Z", "on": true}),
        "no signal",
    )
    .await;
    refused(
        &mut c,
        &id,
        json!({"type": "upload", "name": "bad.bench", "text": "INPUT(A)\nOUTPUT(Y)\nY = AND(A, B)\n"}),
        400,
        "bad.bench: line 3, column 12",
    )
    .await;
    // An empty file (or comments alone) is refused, never put on the bench as a circuit.
    for text in ["", "# nothing here\n"] {
        refused(
            &mut c,
            &id,
            json!({"type": "upload", "name": "empty.bench", "text": text}),
            400,
            "empty.bench: the netlist is empty",
        )
        .await;
    }
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "logic", "config": {"circuit": "c9999"}}),
        )
        .await;
    assert_eq!(a.status, 400, "{a:?}");
    assert!(a.error().contains("no circuit called 'c9999'"), "{a:?}");

    // An upload that oscillates is named.
    let a = act(
        &mut c,
        &id,
        json!({"type": "upload", "name": "ring.bench", "text": "INPUT(E)\nOUTPUT(Y)\nY = NAND(E, Y)\n"}),
    )
    .await;
    assert_eq!(a.status, 200, "{a:?}");
    act(
        &mut c,
        &id,
        json!({"type": "set", "input": "E", "value": "0", "run": true}),
    )
    .await;
    let a = act(
        &mut c,
        &id,
        json!({"type": "set", "input": "E", "value": "1", "run": true}),
    )
    .await;
    assert_eq!(a.body["view"]["oscillation"]["nodes"], json!(["Y"]));

    // c17: all inputs 1 gives N22 = 1, N23 = 0.
    let id = visit(&mut c, json!({"circuit": "c17"})).await;
    act(
        &mut c,
        &id,
        json!({"type": "watch", "signal": "N22", "on": true}),
    )
    .await;
    for n in ["N1", "N2", "N3", "N6", "N7"] {
        act(
            &mut c,
            &id,
            json!({"type": "set", "input": n, "value": "1", "run": true}),
        )
        .await;
    }
    let v = view(&mut c, &id).await;
    let outs: Vec<i64> = v["outputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["value"].as_i64().unwrap())
        .collect();
    assert_eq!(outs, [1, -1]);
    assert_eq!(v["watched"][0]["name"], "N22");

    // The relay squares.
    let id = visit(&mut c, json!({"circuit": "squares"})).await;
    let a = act(&mut c, &id, json!({"type": "push", "button": "X0"})).await;
    assert_eq!(a.status, 200, "{a:?}");
    assert!(a.body["view"]["relays"].as_array().unwrap().len() >= 5);
}
