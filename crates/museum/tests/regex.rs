//! The regex crossword exhibit through the HTTP API, and what the page relies on for a
//! fast autoplay: refusals answered inline on request, event streams coalesced.

mod common;

use std::time::{Duration, Instant};

use common::{events, start, Client};
use ludomat_museum::MuseumConfig;
use serde_json::{json, Value};

async fn visit(c: &mut Client, kind: &str, config: Value) -> (String, Value) {
    let a = c
        .post("/api/visits", json!({"kind": kind, "config": config}))
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    (a.body["id"].as_str().unwrap().to_string(), a.body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_mit_hexagon_by_its_deduction_log() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let (id, v) = visit(&mut c, "regex", json!({"puzzle": "mit-2013-hexagon"})).await;
    assert_eq!(v["view"]["shape"], json!({"kind": "hexagon", "side": 7}));
    assert_eq!(v["view"]["cells"].as_array().unwrap().len(), 127);
    assert_eq!(v["view"]["uniqueness"]["solutions"], 1);
    assert_eq!(v["view"]["uniqueness"]["complete"], true);
    let url = format!("/api/visits/{id}/actions");
    let mut steps = 0;
    loop {
        let a = c
            .post(&format!("{url}?refusals=inline"), json!({"type": "deduce"}))
            .await;
        assert_eq!(a.status, 200, "{a:?}");
        if let Some(r) = a.body.get("refused") {
            assert_eq!(r["status"], 409);
            assert!(r["error"].as_str().unwrap().contains("at its end"), "{r}");
            break;
        }
        steps += 1;
        assert_eq!(a.body["happenings"][0]["type"], "deduced");
        assert_eq!(a.body["happenings"][0]["step"], steps);
    }
    let done = c.get(&format!("/api/visits/{id}")).await;
    assert_eq!(done.body["view"]["solved"], true);
    assert_eq!(done.body["view"]["deductions"]["total"], steps);
    // Without the query a refusal is a 409 as ever.
    let a = c.post(&url, json!({"type": "deduce"})).await;
    assert_eq!(a.status, 409);
    // A bad puzzle file: refused with its line and column, the puzzle kept.
    let a = c
        .post(
            &format!("{url}?refusals=inline"),
            json!({"type": "load", "name": "bad.txt", "text": "shape: rectangle 1x2\nacross 1: A(B\n"}),
        )
        .await;
    assert_eq!(a.body["refused"]["status"], 400);
    assert_eq!(
        a.body["refused"]["error"],
        "bad.txt: line 2, column 12: clue across 1: '(' is never closed"
    );
    // A clue too long: its length and the most, with thousands as every count.
    let long = format!("shape: rectangle 1x2\nacross 1: {}\n", "A".repeat(16_385));
    let a = c
        .post(
            &format!("{url}?refusals=inline"),
            json!({"type": "load", "name": "long.txt", "text": long}),
        )
        .await;
    assert_eq!(a.body["refused"]["status"], 400, "{a:?}");
    let error = a.body["refused"]["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("is 16,385 characters long; at most 16,384"),
        "{error}"
    );
    let same = c.get(&format!("/api/visits/{id}")).await;
    assert_eq!(same.body["view"], done.body["view"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fast_autoplay_reaches_a_stream_at_most_once_per_gap_and_ends_on_the_last_state() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let (id, _) = visit(
        &mut c,
        "tictactoe",
        json!({"x": "perfect", "o": "random", "seed": 2}),
    )
    .await;
    let mut ev = events(addr, &id).await;
    ev.next(Duration::from_secs(5)).await.unwrap();
    let a = c
        .post(
            &format!("/api/visits/{id}/autoplay"),
            json!({"action": {"type": "step"}, "interval_ms": 10}),
        )
        .await;
    assert_eq!(a.status, 202);
    let t0 = Instant::now();
    let mut seen = Vec::new();
    while t0.elapsed() < Duration::from_millis(800) {
        if let Some(u) = ev.next(Duration::from_secs(2)).await {
            seen.push(u["seq"].as_u64().unwrap());
        }
    }
    let stop = c.post(&format!("/api/visits/{id}/stop"), json!({})).await;
    assert_eq!(stop.status, 200);
    let last = c.get(&format!("/api/visits/{id}")).await;
    // About one update per 40 ms got through (at most 800 / 40 + 1 in 800 ms), though the
    // server made one every 10 ms; updates were skipped, never reordered.
    assert!(seen.len() <= 21 + 1, "{} updates in 800 ms", seen.len());
    assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
    let server_seq = last.body["seq"].as_u64().unwrap();
    assert!(
        server_seq > seen.len() as u64 + 20,
        "the server made {server_seq}"
    );
    // The stream ends on the state the server holds.
    let mut final_seq = 0;
    while let Some(u) = ev.next(Duration::from_millis(300)).await {
        final_seq = u["seq"].as_u64().unwrap();
    }
    assert_eq!(final_seq, server_seq);
}
