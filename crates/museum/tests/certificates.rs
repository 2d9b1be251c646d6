//! The museum's bound on certificates found by visitors' 4×4×4 proofs held at once (its
//! own test binary: the bound is the process's, and tests in one binary share it).

mod common;

use std::time::Duration;

use common::{act, start, view, Client};
use ludomat_museum::MuseumConfig;
use serde_json::json;

/// A visit's proof after Patashnik's first 15 stones, to its end (polled: the visit is
/// not watched).
async fn prove(c: &mut Client, id: &str) {
    let a = c
        .post(
            &format!("/api/visits/{id}/run"),
            json!({"long_run": "prove", "params": {"search_after": 15}}),
        )
        .await;
    assert_eq!(a.status, 202, "{a:?}");
    for _ in 0..3000 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let v = c.get(&format!("/api/visits/{id}")).await;
        // Ended with its certificate held (a queued run is not running yet, and a
        // visit proving again has its earlier words already).
        if v.body["running"] == false
            && v.body["view"]["found"].is_string()
            && v.body["view"]["found_let_go"].is_null()
        {
            return;
        }
    }
    panic!("the proof of {id} did not end");
}

/// The museum holds at most `max_certificates` certificates found by proofs (the
/// re-trial's 24 kept took the server from 12 to 124 MB): past it the least recently
/// used is let go, its visit says so (the proof's counts stay) and refuses to play it in
/// words that offer to prove again; `/api/museum` tells the bound.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn found_certificates_held_at_once_are_bounded_the_least_recently_used_let_go() {
    let (addr, _) = start(MuseumConfig {
        max_certificates: 2,
        // Unwatched visits (these are polled) keep their runs going.
        unwatched_job_limit: Duration::from_secs(600),
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    let about = c.get("/api/museum").await;
    let limits = &about.body["limits"];
    assert_eq!(limits["certificates"], 2, "{about:?}");
    assert_eq!(limits["networks"], 16, "{about:?}");
    assert!(
        limits["connections"].as_u64().is_some_and(|n| n >= 1),
        "{about:?}"
    );
    let mut ids: Vec<String> = Vec::new();
    // A page watches the first visit while the third proves: its view is published
    // again when its certificate goes, so the page does not offer to play it.
    let mut page = None;
    for i in 0..3u8 {
        if ids.len() == 2 {
            page = Some(common::events(addr, &ids[0]).await);
        }
        // Three visitors (one client's certificates past its share go first: below).
        let mut visitor = Client::connect_from(addr, Some([127, 0, 0, 2 + i].into())).await;
        let a = visitor
            .post(
                "/api/visits",
                json!({"kind": "qubic", "config": {"dims": 3}}),
            )
            .await;
        assert_eq!(a.status, 201, "{a:?}");
        let id = a.body["id"].as_str().unwrap().to_string();
        prove(&mut c, &id).await;
        ids.push(id);
        assert!(ludomat_qubic::proof3d::watch::certificates().count() <= 2);
    }
    assert_eq!(ludomat_qubic::proof3d::watch::certificates().count(), 2);
    // The first visit's certificate was let go: not found any more, the view says what
    // it was and why (within a sweep, as a page watches it).
    let mut v = view(&mut c, &ids[0]).await;
    for _ in 0..30 {
        if v["found"].is_null() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        v = view(&mut c, &ids[0]).await;
    }
    assert!(v["found"].is_null(), "{v}");
    drop(page);
    let said = v["found_let_go"].as_str().unwrap_or_default();
    assert!(
        said.contains("positions")
            && said.contains("let go")
            && said.contains("2 found certificates")
            && said.contains("press Prove"),
        "{v}"
    );
    let play = act(&mut c, &ids[0], json!({"type": "play_found"})).await;
    assert_eq!(play.status, 409, "{play:?}");
    assert!(play.error().contains("press Prove"), "{play:?}");
    // The second and third are held and play.
    for id in [&ids[1], &ids[2]] {
        assert!(view(&mut c, id).await["found_let_go"].is_null());
        let play = act(&mut c, id, json!({"type": "play_found"})).await;
        assert_eq!(play.status, 200, "{play:?}");
    }
    // Proving again gives it back, and lets the least recently used (the second) go.
    prove(&mut c, &ids[0]).await;
    assert!(view(&mut c, &ids[0]).await["found_let_go"].is_null());
    assert!(view(&mut c, &ids[1]).await["found_let_go"].is_string());
    assert_eq!(ludomat_qubic::proof3d::watch::certificates().count(), 2);
    // Fair shares: one client proving again and again lets go its own least recently
    // used past its share (half the bound, at least one), not a student's.
    let new_visit = |from: u8| async move {
        let mut c = Client::connect_from(addr, Some([127, 0, 0, from].into())).await;
        let a = c
            .post(
                "/api/visits",
                json!({"kind": "qubic", "config": {"dims": 3}}),
            )
            .await;
        assert_eq!(a.status, 201, "{a:?}");
        a.body["id"].as_str().unwrap().to_string()
    };
    let student = new_visit(10).await;
    prove(&mut c, &student).await;
    let greedy = [new_visit(11).await, new_visit(11).await];
    for id in &greedy {
        prove(&mut c, id).await;
    }
    assert!(view(&mut c, &student).await["found_let_go"].is_null());
    assert!(view(&mut c, &greedy[0]).await["found_let_go"].is_string());
    assert!(view(&mut c, &greedy[1]).await["found_let_go"].is_null());
    assert_eq!(ludomat_qubic::proof3d::watch::certificates().count(), 2);
}
