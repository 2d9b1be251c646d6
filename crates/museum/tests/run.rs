//! Runs through the HTTP API (`POST /api/visits/{id}/run`): MENACE trained 100,000 games
//! as 100 applications of 1,000, progress on the stream, Stop keeping what was played,
//! and the bounds (times, one run per visit, one per client; the queue for the museum's
//! run slots is in `tests/fair.rs`).

mod common;

use std::time::Duration;

use common::{events, start, view, Client};
use ludomat_museum::MuseumConfig;
use serde_json::{json, Value};

async fn menace(c: &mut Client) -> String {
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "menace", "config": {"seed": 3, "opponent": "random"}}),
        )
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    a.body["id"].as_str().unwrap().to_string()
}

/// Starts a run on visit `id` (`POST …/run` with `body`), taken at once (202).
async fn start_run(c: &mut Client, id: &str, body: Value) -> common::Answer {
    let a = c.post(&format!("/api/visits/{id}/run"), body).await;
    assert_eq!(a.status, 202, "{a:?}");
    a
}

fn progress_of(update: &Value) -> Option<(u64, u64)> {
    update["happenings"].as_array()?.iter().rev().find_map(|h| {
        (h["type"] == "run_progress")
            .then(|| (h["done"].as_u64().unwrap(), h["total"].as_u64().unwrap()))
    })
}

/// The update that ends a run (`running: false` with its note), within `timeout` per update.
async fn the_end(stream: &mut common::EventReader, timeout: Duration) -> Value {
    while let Some(u) = stream.next(timeout).await {
        if u["running"] == false && u["note"].is_string() {
            return u;
        }
    }
    panic!("the run never ended");
}

/// The run's last progress, published with its end.
fn last_progress(end: &Value) -> Value {
    end["happenings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["type"] == "run_progress")
        .expect("the last progress comes with the end")
        .clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn menace_trains_100000_games_as_a_run_with_progress() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let id = menace(&mut c).await;
    let mut stream = events(addr, &id).await;
    let a = start_run(
        &mut c,
        &id,
        json!({"action": {"type": "play_games", "n": 1000}, "times": 100}),
    )
    .await;
    assert_eq!(a.body["total"], 100);
    // progress moves on the stream, monotone, up to the end
    let mut seen = Vec::new();
    let mut last = None;
    while let Some(u) = stream.next(Duration::from_secs(60)).await {
        if let Some(p) = progress_of(&u) {
            seen.push(p.0);
        }
        if u["running"] == false && !seen.is_empty() {
            last = Some(u);
            break;
        }
    }
    let last = last.expect("the run ended");
    // the end comes with the last progress, so a stream that skips still sees it
    assert_eq!(progress_of(&last), Some((100, 100)), "{last}");
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
    // the stream keeps only the latest update, so some reports are skipped: the bar
    // moved at least twice, and the end is in the note and the view
    assert!(
        seen.len() >= 2 && seen[0] < *seen.last().unwrap(),
        "{seen:?}"
    );
    // The note counts games (MENACE's own unit), not the 100 applications of 1,000, and
    // says the wall and CPU time as every command does.
    let note = last["note"].as_str().unwrap();
    assert!(
        note.starts_with("Training finished: 100,000 of 100,000 games trained in ")
            && note.contains(" wall, ")
            && note.ends_with(" CPU; the boxes keep the 100,000 games' beads"),
        "{last}"
    );
    let p = last_progress(&last);
    assert_eq!(
        (p["each"].as_u64(), p["unit"].as_str()),
        (Some(1000), Some("games")),
        "{p}"
    );
    assert!(p["cpu_ms"].as_u64().is_some(), "{p}");
    // One CPU figure and one wall figure: the note says those of the last progress, the
    // page's clock (the museum re-trial: 157 ms CPU in the note, 156 ms on the clock),
    // to the microsecond.
    let said = ludomat_io::text::wall_and_cpu(
        Duration::from_micros(p["elapsed_us"].as_u64().unwrap()),
        Duration::from_micros(p["cpu_us"].as_u64().unwrap()),
    );
    assert!(note.contains(&format!(" in {said}; ")), "{note} / {said}");
    let v = view(&mut c, &id).await;
    assert_eq!(v["counters"]["games"], 100_000);
    // the learning curve grew with the games
    assert!(v["curve"].as_array().unwrap().len() > 10);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_keeps_what_was_played_and_a_second_run_is_refused() {
    let (addr, _museum) = start(MuseumConfig {
        max_run_steps: 1_000,
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    let id = menace(&mut c).await;
    let run = json!({"action": {"type": "play_games", "n": 10000}, "times": 1000});
    start_run(&mut c, &id, run.clone()).await;
    let again = c.post(&format!("/api/visits/{id}/run"), run.clone()).await;
    assert_eq!(again.status, 409, "{again:?}");
    assert!(again.error().contains("stop it first"), "{again:?}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let stop = c.post(&format!("/api/visits/{id}/stop"), json!({})).await;
    assert_eq!(stop.status, 200, "{stop:?}");
    assert_eq!(stop.body["was_running"], true);
    let played = view(&mut c, &id).await["counters"]["games"]
        .as_u64()
        .unwrap();
    // the latest update is the stopped run's last progress: what was applied (published
    // once the application in progress at the Stop has ended: wait for it)
    let mut stream = events(addr, &id).await;
    let latest = loop {
        let u = stream
            .next(Duration::from_secs(5))
            .await
            .expect("the latest update");
        let ended = u["happenings"].as_array().is_some_and(|h| {
            h.iter()
                .any(|h| h["type"] == "run_progress" && h["ended"] == true)
        });
        if ended {
            break u;
        }
    };
    let (done, total) = progress_of(&latest).expect("a last progress");
    assert_eq!((done * 10_000, total), (played, 1000), "{latest}");
    // Its note says what it did and its time, as a finished run's does.
    let note = latest["note"].as_str().unwrap_or_default();
    assert!(
        note.starts_with(&format!(
            "Training stopped by Stop after {} of 10,000,000 games trained: ",
            ludomat_io::text::thousands(played)
        )) && note.contains(" wall, ")
            && note.ends_with(&format!(
                " CPU; the boxes keep the {} games' beads",
                ludomat_io::text::thousands(played)
            )),
        "{latest}"
    );
    assert!((10_000..10_000_000).contains(&played), "{played}");
    assert_eq!(played % 10_000, 0, "whole applications only: {played}");
    // nothing more is played after the stop
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(view(&mut c, &id).await["counters"]["games"], played);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn runs_are_bounded() {
    let (addr, _museum) = start(MuseumConfig {
        max_runs: 1,
        max_run_steps: 50,
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    let one = menace(&mut c).await;
    let two = menace(&mut c).await;
    let too_many = c
        .post(
            &format!("/api/visits/{one}/run"),
            json!({"action": {"type": "play_games", "n": 1}, "times": 51}),
        )
        .await;
    assert_eq!(too_many.status, 400, "{too_many:?}");
    assert!(too_many.error().contains("from 1 to 50"), "{too_many:?}");
    // a refused first application: the session's status and message, no run
    let refused = c
        .post(
            &format!("/api/visits/{one}/run"),
            json!({"action": {"type": "play_games", "n": 1_000_000}, "times": 2}),
        )
        .await;
    assert_eq!(refused.status, 400, "{refused:?}");
    assert!(refused.error().contains("per action"), "{refused:?}");
    // no run started, so none stopped: the refusal is the answer's, not a note's
    let after = c.get(&format!("/api/visits/{one}")).await;
    assert!(after.body["note"].is_null(), "{after:?}");
    let long = json!({"action": {"type": "play_games", "n": 10000}, "times": 50});
    let a = c
        .post(&format!("/api/visits/{one}/run"), long.clone())
        .await;
    assert_eq!(a.status, 202, "{a:?}");
    // one run per client: the same client's other visit is refused
    let b = c
        .post(&format!("/api/visits/{two}/run"), long.clone())
        .await;
    assert_eq!(b.status, 429, "{b:?}");
    assert!(
        b.error().contains("1 run going or waiting already"),
        "{b:?}"
    );
    // deleting the visit frees its place
    let d = c.call("DELETE", &format!("/api/visits/{one}"), None).await;
    assert!(d.status < 300, "{d:?}");
    let mut free = false;
    for _ in 0..100 {
        let b = c
            .post(&format!("/api/visits/{two}/run"), long.clone())
            .await;
        if b.status == 202 {
            free = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(free, "the deleted visit's run kept its place");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computox_circuit_is_checked_over_its_690_positions_as_a_long_run() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "computox", "config": {"seed": 1}}),
        )
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    let id = a.body["id"].as_str().unwrap().to_string();
    let unknown = c
        .post(
            &format!("/api/visits/{id}/run"),
            json!({"long_run": "prove"}),
        )
        .await;
    assert_eq!(unknown.status, 400, "{unknown:?}");
    assert!(unknown.error().contains("'verify'"), "{unknown:?}");
    let neither = c.post(&format!("/api/visits/{id}/run"), json!({})).await;
    assert_eq!(neither.status, 400, "{neither:?}");
    let mut stream = events(addr, &id).await;
    start_run(&mut c, &id, json!({"long_run": "verify"})).await;
    let end = the_end(&mut stream, Duration::from_secs(60)).await;
    assert!(
        end["note"]
            .as_str()
            .unwrap()
            .starts_with("The check finished: 690 of 690 positions checked in ")
            && end["note"]
                .as_str()
                .unwrap()
                .ends_with(" CPU; the report holds every position"),
        "{end}"
    );
    let last = last_progress(&end);
    assert_eq!(last["ended"], true);
    let result = &last["result"];
    assert_eq!(result["positions"], 690, "{result}");
    assert_eq!(result["expected"], json!([277, 70, 273, 70]));
    assert_eq!(result["checked"], json!([277, 70, 273, 70]));
    assert_eq!(result["clean"], true, "{result}");
    assert_eq!(result["cancelled"], false);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_4x4x4_proof_is_found_and_rechecked_as_a_long_run() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "qubic", "config": {"dims": 3}}),
        )
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    let id = a.body["id"].as_str().unwrap().to_string();
    let run = |params: Value| json!({"long_run": "prove", "params": params});
    let bad = c
        .post(
            &format!("/api/visits/{id}/run"),
            run(json!({"search_after": 16})),
        )
        .await;
    assert_eq!(bad.status, 400, "{bad:?}");
    assert!(bad.error().contains("0 (from scratch) to 15"), "{bad:?}");
    let mut stream = events(addr, &id).await;
    start_run(&mut c, &id, run(json!({"search_after": 9}))).await;
    let mut phases = Vec::new();
    let mut end = None;
    // The CPU clock of the reports during the certificate's phases.
    let mut certificate_cpu = Vec::new();
    while let Some(u) = stream.next(Duration::from_secs(300)).await {
        for h in u["happenings"].as_array().into_iter().flatten() {
            if h["type"] == "run_progress"
                && h["ended"] == false
                && matches!(
                    h["partial"]["phase"].as_str(),
                    Some("certificate" | "check")
                )
            {
                certificate_cpu.push(h["cpu_ms"].as_u64().unwrap_or(0));
            }
            if h["type"] == "run_progress" {
                // From the first report: the CPU the run has used, at least its own
                // thread's, and a wall time at least that (the re-trial's first report
                // said 0 s CPU and 0.4 ms wall after 1.1 s of its thread's CPU).
                let (cpu, thread, wall) = (
                    h["cpu_ms"].as_u64().unwrap(),
                    h["thread_cpu_ms"].as_u64().unwrap(),
                    h["elapsed_ms"].as_u64().unwrap(),
                );
                assert!(cpu >= thread && wall + 20 >= thread, "{h}");
            }
            if let Some(p) = h["partial"]["phase"].as_str() {
                if phases.last().map(String::as_str) != Some(p) {
                    phases.push(p.to_string());
                }
            }
        }
        if u["running"] == false && u["note"].is_string() {
            end = Some(u);
            break;
        }
    }
    let end = end.expect("the proof ended");
    // The certificate's phases report as they go: the CPU clock keeps moving in them
    // (it stood still for seconds, with every position proved).
    assert!(
        certificate_cpu.len() > 2 && certificate_cpu.last() > certificate_cpu.first(),
        "{certificate_cpu:?}"
    );
    let note = end["note"].as_str().unwrap();
    assert!(
        note.starts_with("The proof finished: ")
            && note.contains(" positions proved in ")
            && note.contains(" wall, ")
            && note.ends_with(" CPU; the certificate is kept with the visit"),
        "{end}"
    );
    // The end comes with the session's view: the certificate found is kept with it.
    assert!(
        end["view"]["found"]
            .as_str()
            .is_some_and(|f| f.contains("Patashnik's first 9 stones")),
        "{}",
        end["view"]
    );
    let last = last_progress(&end);
    // The proof's own CPU (its searchers' threads too), and it ended by itself.
    assert!(
        last["cpu_ms"].as_u64().unwrap() >= last["thread_cpu_ms"].as_u64().unwrap(),
        "{last}"
    );
    assert_eq!(last["timed_out"], false);
    let result = &last["result"];
    assert_eq!(result["verdict"]["verdict"], "proved", "{result}");
    assert!(
        result["verdict"]["certificate"]["records"]
            .as_u64()
            .unwrap()
            > 300_000
    );
    assert_eq!(
        result["jobs"].as_array().unwrap().len(),
        682,
        "the frontier after 9 stones"
    );
    assert_eq!(last["partial"]["verdict"]["verdict"], "proved");
    assert!(!phases.is_empty(), "progress was reported");
}

/// The proof from the empty board in a museum whose runs stop after a few seconds: while it
/// runs, its time left comes from the recorded work (CPU time) at the pace it gets, with
/// its basis, never from the positions proved; at the limit it ends saying so, its last
/// progress marked `timed_out`, the verdict `cancelled`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_proof_from_scratch_estimates_from_its_recorded_work_and_stops_at_the_limit() {
    let (addr, _museum) = start(MuseumConfig {
        max_run_time: Duration::from_secs(12),
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "qubic", "config": {"dims": 3}}),
        )
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    let id = a.body["id"].as_str().unwrap().to_string();
    // The view tells what the proof cost from each starting point, before it starts.
    let costs = a.body["view"]["proof_costs"].as_array().unwrap().clone();
    let scratch = costs
        .iter()
        .find(|c| c["after"] == 0)
        .expect("the proof from scratch was measured");
    assert!(scratch["cpu_ms"][0].as_u64().unwrap() > 60_000, "{scratch}");
    let mut stream = events(addr, &id).await;
    start_run(
        &mut c,
        &id,
        json!({"long_run": "prove", "params": {"search_after": 0}}),
    )
    .await;
    let (mut estimated, mut bases) = (0, 0);
    let mut end = None;
    while let Some(u) = stream.next(Duration::from_secs(60)).await {
        for h in u["happenings"].as_array().into_iter().flatten() {
            if h["type"] != "run_progress" || h["ended"] == true {
                continue;
            }
            if h["partial"]["phase"] == "search" {
                // Every report in the search says what its estimate rests on.
                let basis = h["eta_basis"].as_str().unwrap_or_default();
                assert!(basis.contains("the recorded run"), "{h}");
                bases += 1;
            }
            if let Some(range) = h["eta_range_ms"].as_array() {
                assert_eq!(h["eta_ms"], range[1], "{h}");
                assert!(
                    h["eta_basis"]
                        .as_str()
                        .unwrap()
                        .contains("this run has used"),
                    "{h}"
                );
                estimated += 1;
            } else {
                assert!(
                    h["eta_ms"].is_null(),
                    "no time left without the estimate: {h}"
                );
            }
        }
        if u["running"] == false && u["note"].is_string() {
            end = Some(u);
            break;
        }
    }
    let end = end.expect("the run ended");
    // One shape for every stop, as Stop's note: what stopped it, after what, its times.
    let note = end["note"].as_str().unwrap();
    assert!(
        note.starts_with("The proof stopped by the museum's limit of ")
            && note.contains(" (--run-minutes) after ")
            && note.contains(" proved: ")
            && note.contains(" CPU; "),
        "{end}"
    );
    let last = last_progress(&end);
    assert_eq!(last["timed_out"], true, "{last}");
    assert_eq!(last["result"]["verdict"]["verdict"], "cancelled", "{last}");
    assert!(
        bases > 0 && estimated > 0,
        "{bases} reports with a basis, {estimated} with an estimate"
    );
}

/// A watched run of many quick applications (each a change of the visit) sends its page
/// the latest state a few times a second, not every step (the museum trial's item 3:
/// 38 MB/s of events before); its end still comes at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watched_run_sends_a_few_states_a_second_not_every_step() {
    let (addr, _museum) = start(MuseumConfig {
        max_run_steps: 1_000_000,
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "tictactoe", "config": {"x": "random", "o": "random", "seed": 1}}),
        )
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    let id = a.body["id"].as_str().unwrap().to_string();
    let mut stream = events(addr, &id).await;
    let _first = stream.next(Duration::from_secs(5)).await;
    let run = json!({"action": {"type": "step"}, "times": 1_000_000});
    start_run(&mut c, &id, run).await;
    let t0 = std::time::Instant::now();
    let (mut states, mut last) = (0u32, 0u64);
    while t0.elapsed() < Duration::from_secs(3) {
        let Some(u) = stream.next(Duration::from_secs(5)).await else {
            break;
        };
        states += 1;
        if let Some((done, _)) = progress_of(&u) {
            last = done;
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    ludomat_io::errln!("{states} states in {secs:.1} s, {last} steps done");
    assert!(last > 100, "the run went on ({last} steps)");
    assert!(
        f64::from(states) <= 5.0 * secs + 2.0,
        "{states} states in {secs:.1} s: more than a few a second"
    );
    let stop = c.post(&format!("/api/visits/{id}/stop"), json!({})).await;
    assert_eq!(stop.status, 200, "{stop:?}");
    // The stop is on the stream within a gap.
    let t1 = std::time::Instant::now();
    loop {
        let u = stream
            .next(Duration::from_secs(5))
            .await
            .expect("an update");
        if u["running"] == false {
            break;
        }
    }
    assert!(t1.elapsed() < Duration::from_secs(1), "{:?}", t1.elapsed());
}

/// The visit's latest note, once it says `what` (within a few seconds).
async fn note_saying(c: &mut Client, id: &str, what: &str) -> String {
    let mut note = String::new();
    for _ in 0..200 {
        let v = c.get(&format!("/api/visits/{id}")).await;
        note = v.body["note"].as_str().unwrap_or_default().to_string();
        if note.contains(what) {
            return note;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("no note saying {what:?}; the last: {note:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_run_taken_out_of_the_queue_by_stop_leaves_a_note() {
    // One run slot: a first visit's training holds it, the others wait in the queue.
    let (addr, museum) = start(MuseumConfig {
        max_runs: 1,
        max_runs_per_client: 3,
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    let (first, second) = (menace(&mut c).await, menace(&mut c).await);
    let long = json!({"action": {"type": "play_games", "n": 10000}, "times": 1000});
    let a = c
        .post(&format!("/api/visits/{first}/run"), long.clone())
        .await;
    assert_eq!(a.status, 202, "{a:?}");
    let queued = c.post(&format!("/api/visits/{second}/run"), long).await;
    assert_eq!(queued.body["queued"]["place"], 1, "{queued:?}");
    let stop = c
        .post(&format!("/api/visits/{second}/stop"), json!({}))
        .await;
    assert_eq!(stop.body["was_running"], true, "{stop:?}");
    let note = note_saying(&mut c, &second, "stopped by Stop").await;
    assert_eq!(
        note,
        "Training stopped by Stop while it waited for a run slot; nothing was done"
    );
    assert_eq!(view(&mut c, &second).await["counters"]["games"], 0);
    // A long run waiting for its slot says so in its own words.
    let t = c
        .post(
            "/api/visits",
            json!({"kind": "threes", "config": {"seed": 3}}),
        )
        .await;
    let threes = t.body["id"].as_str().unwrap().to_string();
    let queued = c
        .post(
            &format!("/api/visits/{threes}/run"),
            json!({"long_run": "train", "params": {"games": 1000}}),
        )
        .await;
    assert_eq!(queued.body["queued"]["place"], 1, "{queued:?}");
    c.post(&format!("/api/visits/{threes}/stop"), json!({}))
        .await;
    let note = note_saying(&mut c, &threes, "stopped by Stop").await;
    assert_eq!(
        note,
        "Training stopped by Stop while it waited for a run slot; nothing was done"
    );
    for _ in 0..100 {
        if museum.load().1 == (1, 0) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(museum.load().1, (1, 0), "the stopped runs left the queue");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_run_stopped_by_stop_says_what_it_did_in_its_own_words() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let t = c
        .post(
            "/api/visits",
            json!({"kind": "threes", "config": {"seed": 3}}),
        )
        .await;
    let id = t.body["id"].as_str().unwrap().to_string();
    let mut stream = events(addr, &id).await;
    start_run(
        &mut c,
        &id,
        json!({"long_run": "train", "params": {"games": 10_000_000}}),
    )
    .await;
    // Some games trained, then Stop.
    while let Some(u) = stream.next(Duration::from_secs(30)).await {
        if progress_of(&u).is_some_and(|(done, _)| done > 0) {
            break;
        }
    }
    c.post(&format!("/api/visits/{id}/stop"), json!({})).await;
    let end = the_end(&mut stream, Duration::from_secs(30)).await;
    let p = last_progress(&end);
    let done = p["done"].as_u64().unwrap();
    let note = end["note"].as_str().unwrap();
    // `Training stopped by Stop after 1,234 of 10,000,000 games trained: 3.25 s wall,
    // 1.22 s CPU; the network …`: the work done, of how much, in the machine's unit, with
    // the times, then what was kept; never the run's name as a noun (`train stopped`).
    assert!(
        note.starts_with(&format!(
            "Training stopped by Stop after {} of 10,000,000 games trained: ",
            ludomat_io::text::thousands(done)
        )) && note.contains(" wall, ")
            && note.ends_with(" CPU; the network learnt so far stays with the visit"),
        "{end}"
    );
}

/// A proof stopped after its search, while its certificate is written or re-checked,
/// says so in its note (every position proved; it said only "after 682 positions
/// proved", as if stopped in the search).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_proof_stopped_while_its_certificate_is_made_says_so_in_its_note() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let v = c
        .post(
            "/api/visits",
            json!({"kind": "qubic", "config": {"seed": 1}}),
        )
        .await;
    let id = v.body["id"].as_str().unwrap().to_string();
    let mut stream = events(addr, &id).await;
    start_run(
        &mut c,
        &id,
        json!({"long_run": "prove", "params": {"search_after": 9}}),
    )
    .await;
    let in_certificate = |u: &Value| {
        u["happenings"].as_array().is_some_and(|hs| {
            hs.iter().any(|h| {
                h["type"] == "run_progress"
                    && matches!(
                        h["partial"]["phase"].as_str(),
                        Some("certificate" | "check")
                    )
            })
        })
    };
    let mut seen = false;
    while let Some(u) = stream.next(Duration::from_secs(120)).await {
        if in_certificate(&u) {
            seen = true;
            break;
        }
        assert!(
            !(u["running"] == false && u["note"].is_string()),
            "the proof ended before its certificate: {u}"
        );
    }
    assert!(seen, "the proof never reached its certificate");
    c.post(&format!("/api/visits/{id}/stop"), json!({})).await;
    let end = the_end(&mut stream, Duration::from_secs(60)).await;
    let note = end["note"].as_str().unwrap();
    assert!(
        (note.starts_with(
            "The proof stopped by Stop while the certificate was written: all 682 positions \
             proved in "
        ) || note.starts_with(
            "The proof stopped by Stop while the certificate was re-checked: all 682 \
             positions proved in "
        )) && note.ends_with(" CPU; no certificate kept")
            && !note.contains("682 of 682"),
        "{end}"
    );
}

/// A museum full of unwatched visits lets go of the idlest to make room, but a visit
/// whose run is going last: its work would be lost (a proof, a training was cancelled
/// by a flood of other visits).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_visit_with_its_run_going_is_let_go_last() {
    let (addr, _museum) = start(MuseumConfig {
        max_visits: 4,
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    let t = c
        .post(
            "/api/visits",
            json!({"kind": "threes", "config": {"seed": 3}}),
        )
        .await;
    let id = t.body["id"].as_str().unwrap().to_string();
    start_run(
        &mut c,
        &id,
        json!({"long_run": "train", "params": {"games": 10_000_000}}),
    )
    .await;
    // the run's visit is the idlest now
    tokio::time::sleep(Duration::from_millis(300)).await;
    for _ in 0..10 {
        let v = c.post("/api/visits", json!({"kind": "tictactoe"})).await;
        assert_eq!(v.status, 201, "{v:?}");
    }
    let still = c.get(&format!("/api/visits/{id}")).await;
    assert_eq!(still.status, 200, "{still:?}");
    c.post(&format!("/api/visits/{id}/stop"), json!({})).await;
}

/// A run done within its first step is timed too, to the microsecond (not `0 s wall, 0 s
/// CPU`): its clock starts before its first step.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_run_done_in_its_first_step_says_its_time() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "tictactoe", "config": {"x": "perfect", "o": "perfect"}}),
        )
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    let id = a.body["id"].as_str().unwrap().to_string();
    let mut stream = events(addr, &id).await;
    start_run(&mut c, &id, json!({"action": {"type": "step"}, "times": 1})).await;
    let end = the_end(&mut stream, Duration::from_secs(10)).await;
    let note = end["note"].as_str().unwrap();
    let p = last_progress(&end);
    let (wall, cpu) = (
        p["elapsed_us"].as_u64().unwrap(),
        p["cpu_us"].as_u64().unwrap(),
    );
    assert!(wall > 0 && cpu > 0, "{p}");
    let said =
        ludomat_io::text::wall_and_cpu(Duration::from_micros(wall), Duration::from_micros(cpu));
    assert_eq!(
        note,
        format!("The run finished: 1 of 1 action done in {said}; what was done stays")
    );
    assert!(!note.contains(" 0 s "), "{note}");
}

/// A watched run's CPU time counts its updates published on its thread (the view built
/// for the pages), not its applications alone: the newcomer read `185 ms CPU` where the
/// server spent 0.71 s. Here most of the process's CPU is the run's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watched_runs_cpu_time_counts_its_updates_published() {
    use ludomat_game::run::cpu;
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let id = menace(&mut c).await;
    let mut stream = events(addr, &id).await;
    // A long learning curve first: a view worth building.
    start_run(
        &mut c,
        &id,
        json!({"action": {"type": "play_games", "n": 10000}, "times": 10}),
    )
    .await;
    the_end(&mut stream, Duration::from_secs(60)).await;
    let cpu0 = cpu::process();
    start_run(
        &mut c,
        &id,
        json!({"action": {"type": "play_games", "n": 1}, "times": 300}),
    )
    .await;
    let end = the_end(&mut stream, Duration::from_secs(60)).await;
    let process = cpu::process().saturating_sub(cpu0);
    let run = Duration::from_micros(last_progress(&end)["cpu_us"].as_u64().unwrap());
    assert!(
        run * 4 >= process,
        "run {run:?} of the process's {process:?}"
    );
}
