//! The arena through the museum's HTTP API: a tournament driven by autoplay off the
//! request threads to the end, its table the CLI's; watching; cancelling; bad settings.

mod common;

use std::time::Duration;

use common::{act, refused_4xx, start, view, Client};
use ludomat_arena::{table, TictactoeContestant};
use ludomat_game::{tournament, TournamentConfig};
use ludomat_museum::MuseumConfig;
use serde_json::{json, Value};

async fn visit(c: &mut Client, config: Value) -> String {
    let a = c
        .post("/api/visits", json!({"kind": "arena", "config": config}))
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    a.body["id"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_runs_by_autoplay_to_the_clis_table() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    c.assert_listed("arena").await;
    let id = visit(
        &mut c,
        json!({"a": "perfect", "b": "menace", "games": 3000, "seed": 11, "sides": "alternate"}),
    )
    .await;
    let v = view(&mut c, &id).await;
    assert_eq!(v["contestants"].as_array().unwrap().len(), 12);
    assert_eq!(v["mode"], "idle");

    act(&mut c, &id, json!({"type": "run"})).await;
    let a = c
        .post(
            &format!("/api/visits/{id}/autoplay"),
            json!({"action": {"type": "step"}, "interval_ms": 10}),
        )
        .await;
    assert_eq!(a.status, 202, "{a:?}");
    let mut polls = 0;
    let v = loop {
        tokio::time::sleep(Duration::from_millis(50)).await;
        let g = c.get(&format!("/api/visits/{id}")).await.body;
        if g["view"]["busy"] == false {
            break g;
        }
        polls += 1;
        assert!(polls < 1200, "the tournament did not finish in a minute");
    };
    // Autoplay stops by itself when the tournament is over.
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(
        c.get(&format!("/api/visits/{id}")).await.body["running"],
        false
    );
    let t = &v["view"]["tables"][0];
    assert_eq!(t["played"], 3000);
    let (a, b) = (TictactoeContestant::Perfect, TictactoeContestant::Menace);
    let whole = tournament(
        &move |s| a.build_or_random(s),
        &move |s| b.build_or_random(s),
        &TournamentConfig {
            games: 3000,
            seed: 11,
            alternate: true,
            progress: false,
        },
    );
    assert_eq!(t["text"], table::tictactoe(&whole, true, 11));
    assert!(!t["curve"].as_array().unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_tournaments_times_keep_their_fraction_of_a_millisecond() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let id = visit(&mut c, json!({"a": "random", "b": "random", "games": 3})).await;
    act(&mut c, &id, json!({"type": "run"})).await;
    let mut v = view(&mut c, &id).await;
    for _ in 0..100 {
        if v["busy"] == false {
            break;
        }
        v = act(&mut c, &id, json!({"type": "step"})).await.body["view"].clone();
    }
    assert_eq!(v["played"], 3, "{v}");
    // Three random games take well under a millisecond: whole milliseconds said `0 s`.
    let wall = v["elapsed_ms"].as_f64().unwrap();
    let cpu = v["cpu_ms"].as_f64().unwrap();
    assert!(wall > 0.0 && wall.fract() != 0.0, "{v}");
    assert!(cpu >= 0.0, "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watching_cancelling_and_bad_settings() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let id = visit(&mut c, json!({"a": "relay", "b": "computox", "games": 5})).await;
    act(&mut c, &id, json!({"type": "watch", "game": 0})).await;
    let a = act(&mut c, &id, json!({"type": "step"})).await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["happenings"][0]["type"], "moved");
    assert_eq!(
        a.body["view"]["watch"]["moves"].as_array().unwrap().len(),
        1
    );

    refused_4xx(&mut c, &id, json!({"type": "cancel"}), "no tournament").await;
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "watch", "game": 5}),
        "not in a tournament of 5",
    )
    .await;
    refused_4xx(&mut c, &id, json!({"type": "fight"}), "arena action").await;
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "reset", "config": {"a": "perfect", "b": "relay"}}),
        "cannot play O",
    )
    .await;
    refused_4xx(
        &mut c,
        &id,
        json!({"type": "reset", "config": {"games": 0}}),
        "games: 0 is out of range",
    )
    .await;
    let bad = c
        .post(
            "/api/visits",
            json!({"kind": "arena", "config": {"a": "hal9000"}}),
        )
        .await;
    assert_eq!(bad.status, 400, "{bad:?}");
    assert!(
        bad.error().contains("no contestant called 'hal9000'"),
        "{bad:?}"
    );

    // A long tournament, cancelled after a step: the games played stay.
    let id = visit(
        &mut c,
        json!({"a": "perfect", "b": "random", "games": 1000000}),
    )
    .await;
    act(&mut c, &id, json!({"type": "run"})).await;
    act(&mut c, &id, json!({"type": "step"})).await;
    let a = act(&mut c, &id, json!({"type": "cancel"})).await;
    assert_eq!(a.status, 200, "{a:?}");
    let v = &a.body["view"];
    assert_eq!(v["cancelled"], true);
    assert_eq!(v["busy"], false);
    let played = v["played"].as_u64().unwrap();
    assert!(played > 0 && played < 1_000_000);
    refused_4xx(&mut c, &id, json!({"type": "step"}), "cancelled").await;
}
