//! Load: 1,000 concurrent visits on loopback, each playing its own game of noughts and
//! crosses to the end through the HTTP API. No request may fail, no state may leak (each
//! visit's final view holds exactly its own moves), and the memory per visit is measured
//! (resident set before and after, from /proc/self/statm). Bounded: a minute at most.

mod common;

use std::time::{Duration, Instant};

use common::{start, Client};
use ludomat_museum::MuseumConfig;
use serde_json::json;

const VISITS: usize = 1_000;

/// Resident set size in bytes, when /proc is there.
fn rss_bytes() -> Option<u64> {
    let statm = ludomat_io::read::to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_concurrent_visits_each_play_their_own_game() {
    let (addr, museum) = start(MuseumConfig {
        max_visits: VISITS,
        // all 1,000 from one address, each on its own connection: one address's share of
        // the connections (tested on its own) would close new ones that have not yet sent
        // their request, and a client meeting that twice failed the test under load
        max_connections_per_client: Some(2 * VISITS),
        ..MuseumConfig::default()
    })
    .await;
    let before = rss_bytes();
    let started = Instant::now();

    // Phase 1: open the 1,000 visits, each on its own connection, all at once.
    let mut opening = Vec::with_capacity(VISITS);
    for i in 0..VISITS {
        opening.push(tokio::spawn(async move {
            let mut c = Client::connect(addr).await;
            let seed = i as u64;
            let a = c
                .post(
                    "/api/visits",
                    json!({"kind": "tictactoe", "config": {"x": "human", "o": "random", "seed": seed}}),
                )
                .await;
            assert_eq!(a.status, 201, "visit {i}: {a:?}");
            (c, a.body)
        }));
    }
    let mut opened = Vec::with_capacity(VISITS);
    let all_open = tokio::time::timeout(Duration::from_secs(60), async {
        for t in opening {
            opened.push(t.await.expect("opening a visit failed"));
        }
    })
    .await;
    assert!(all_open.is_ok(), "opening {VISITS} visits took over 60 s");
    assert_eq!(museum.len(), VISITS);
    let during = rss_bytes();

    // Phase 2: all play at once, each its own game.
    let mut tasks = Vec::with_capacity(VISITS);
    for (i, (mut c, created)) in opened.into_iter().enumerate() {
        tasks.push(tokio::spawn(async move {
            let seed = i as u64;
            let id = created["id"].as_str().unwrap().to_string();
            // X takes a square chosen by the visit's index among the legal ones; every
            // placed square is recorded from the happenings.
            let mut view = created["view"].clone();
            let mut seen = Vec::new();
            let mut turn = 0usize;
            while view["result"].is_null() {
                let legal = view["legal"].as_array().unwrap();
                let square = &legal[(i + turn) % legal.len()];
                let r = c
                    .post(
                        &format!("/api/visits/{id}/actions"),
                        json!({"type": "play", "square": square}),
                    )
                    .await;
                assert_eq!(r.status, 200, "visit {i}: {r:?}");
                for h in r.body["happenings"].as_array().unwrap() {
                    if h["type"] == "placed" {
                        seen.push(h["square"].as_u64().unwrap());
                    }
                }
                view = r.body["view"].clone();
                turn += 1;
            }
            let last = c.get(&format!("/api/visits/{id}")).await;
            assert_eq!(last.status, 200);
            let moves: Vec<u64> = last.body["view"]["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_u64().unwrap())
                .collect();
            assert_eq!(moves, seen, "visit {i}'s final view holds other moves");
            assert_eq!(last.body["config"]["seed"], seed);
            let tally = &last.body["view"]["tally"];
            let games = tally["x_wins"].as_u64().unwrap()
                + tally["o_wins"].as_u64().unwrap()
                + tally["draws"].as_u64().unwrap();
            assert_eq!(games, 1);
            turn
        }));
    }
    let mut requests = 0;
    let joined = tokio::time::timeout(Duration::from_secs(60), async {
        for t in tasks {
            requests += t.await.expect("a visit's task failed") + 2;
        }
    })
    .await;
    assert!(joined.is_ok(), "the load test did not finish in 60 s");
    assert_eq!(museum.len(), VISITS);
    let elapsed = started.elapsed();
    if let (Some(b), Some(d)) = (before, during) {
        let per_visit = d.saturating_sub(b) / VISITS as u64;
        ludomat_io::errln!(
            "load: {VISITS} concurrent visits, {requests} requests in {:.2} s; \
             RSS {:.1} MiB before, {:.1} MiB with all visits open: {:.1} KiB per visit \
             (server and client connection included)",
            elapsed.as_secs_f64(),
            b as f64 / 1048576.0,
            d as f64 / 1048576.0,
            per_visit as f64 / 1024.0
        );
        assert!(per_visit < 256 * 1024, "{per_visit} bytes per visit");
    }
}
