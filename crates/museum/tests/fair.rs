//! Fair shares (issue 41): every limit of the museum through the API, with 127.0.0.2,
//! 127.0.0.3 … as distinct clients — one run per client (a second refused while another
//! client's starts), the queue for the run slots and each visitor's place in it, a run
//! stopped at its time limit, event streams capped per visit and per client, and one
//! client's many autoplays leaving another's actions quick.

mod common;

use std::net::IpAddr;
use std::time::{Duration, Instant};

use common::{connect_from, events, start_exact, Client};
use ludomat_museum::MuseumConfig;
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// `config` with the visits and the request rate of a client unbounded (the limits under
/// test are the others).
fn open(config: MuseumConfig) -> MuseumConfig {
    MuseumConfig {
        rate_limit: None,
        max_visits_per_client: usize::MAX,
        ..config
    }
}

fn ip(last: u8) -> Option<IpAddr> {
    Some(IpAddr::from([127, 0, 0, last]))
}

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

/// A training long enough to hold its run slot for the test.
fn long_training() -> Value {
    json!({"action": {"type": "play_games", "n": 10000}, "times": 1000})
}

/// The first update on `stream` with a happening of `kind`, within `timeout` each.
async fn happening(stream: &mut common::EventReader, kind: &str, timeout: Duration) -> Value {
    while let Some(u) = stream.next(timeout).await {
        if let Some(h) = u["happenings"]
            .as_array()
            .and_then(|hs| hs.iter().rev().find(|h| h["type"] == kind))
        {
            return h.clone();
        }
    }
    panic!("no {kind} happening");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_run_per_client_and_a_queue_with_each_visitors_place() {
    let (addr, museum) = start_exact(open(MuseumConfig {
        max_runs: 1,
        ..MuseumConfig::default()
    }))
    .await;
    let mut one = Client::connect_from(addr, ip(2)).await;
    let (a, b) = (menace(&mut one).await, menace(&mut one).await);
    let started = one
        .post(&format!("/api/visits/{a}/run"), long_training())
        .await;
    assert_eq!(started.status, 202, "{started:?}");
    assert!(started.body.get("queued").is_none(), "{started:?}");
    assert_eq!(started.body["limit_ms"], 600_000);
    // The same client's second run, from another of its visits: refused, saying why.
    let second = one
        .post(&format!("/api/visits/{b}/run"), long_training())
        .await;
    assert_eq!(second.status, 429, "{second:?}");
    assert!(
        second
            .error()
            .contains("(127.0.0.2) has 1 run going or waiting already")
            && second
                .error()
                .contains("play_games × 1000 on a menace visit")
            && second.error().contains("--runs-per-client"),
        "{second:?}"
    );
    // As the page asks: the refusal inline (a browser logs every 4xx as an error).
    let inline = one
        .post(
            &format!("/api/visits/{b}/run?refusals=inline"),
            long_training(),
        )
        .await;
    assert_eq!(inline.status, 200, "{inline:?}");
    assert_eq!(inline.body["refused"]["status"], 429, "{inline:?}");
    assert_eq!(
        inline.body["refused"]["error"],
        second.error(),
        "{inline:?}"
    );
    // Another client's run is taken: it waits in the queue, first.
    let mut two = Client::connect_from(addr, ip(3)).await;
    let c2 = menace(&mut two).await;
    let mut watching = events(addr, &c2).await;
    let queued = two
        .post(&format!("/api/visits/{c2}/run"), long_training())
        .await;
    assert_eq!(queued.status, 202, "{queued:?}");
    assert_eq!(
        queued.body["queued"],
        json!({"place": 1, "of": 1}),
        "{queued:?}"
    );
    let h = happening(&mut watching, "run_queued", Duration::from_secs(5)).await;
    assert_eq!((h["place"].as_u64(), h["of"].as_u64()), (Some(1), Some(1)));
    // A third client waits behind it.
    let mut three = Client::connect_from(addr, ip(4)).await;
    let c3 = menace(&mut three).await;
    let mut third = events(addr, &c3).await;
    let queued = three
        .post(&format!("/api/visits/{c3}/run"), long_training())
        .await;
    assert_eq!(
        queued.body["queued"],
        json!({"place": 2, "of": 2}),
        "{queued:?}"
    );
    assert_eq!(museum.load().1, (1, 2));
    // The first run stops: the second starts, the third moves up to place 1.
    let stop = one.post(&format!("/api/visits/{a}/stop"), json!({})).await;
    assert_eq!(stop.status, 200, "{stop:?}");
    let p = happening(&mut watching, "run_progress", Duration::from_secs(10)).await;
    assert!(p["done"].as_u64().unwrap() >= 1, "{p}");
    assert!(
        p["limit_ms"].as_u64().is_some() && p["cpu_ms"].as_u64().is_some(),
        "{p}"
    );
    // (its stream may still hold the place it was given, 2 of 2, if it had not read it)
    let mut h = happening(&mut third, "run_queued", Duration::from_secs(10)).await;
    if h["place"].as_u64() == Some(2) {
        h = happening(&mut third, "run_queued", Duration::from_secs(10)).await;
    }
    assert_eq!((h["place"].as_u64(), h["of"].as_u64()), (Some(1), Some(1)));
    // Stopping a waiting run takes it out of the queue.
    let stop = three
        .post(&format!("/api/visits/{c3}/stop"), json!({}))
        .await;
    assert_eq!(stop.body["was_running"], true, "{stop:?}");
    for _ in 0..100 {
        if museum.load().1 == (1, 0) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(museum.load().1, (1, 0));
    // Its pages are told it left the queue (their log ends there, not on its place).
    let left = happening(&mut third, "run_left_queue", Duration::from_secs(5)).await;
    assert_eq!(
        left,
        json!({"type": "run_left_queue",
               "note": "Training stopped by Stop while it waited for a run slot; nothing was done"})
    );
    // And the first client may run again now that its run has ended.
    let again = one
        .post(&format!("/api/visits/{b}/run"), long_training())
        .await;
    assert_eq!(again.status, 202, "{again:?}");
    assert_eq!(again.body["queued"]["place"], 1, "{again:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_run_stops_at_its_time_limit_keeping_what_it_did() {
    let (addr, _museum) = start_exact(open(MuseumConfig {
        max_run_time: Duration::from_millis(500),
        ..MuseumConfig::default()
    }))
    .await;
    let mut c = Client::connect(addr).await;
    let id = menace(&mut c).await;
    let mut stream = events(addr, &id).await;
    let t0 = Instant::now();
    let a = c
        .post(&format!("/api/visits/{id}/run"), long_training())
        .await;
    assert_eq!(a.status, 202, "{a:?}");
    let end = loop {
        let u = stream
            .next(Duration::from_secs(10))
            .await
            .expect("the run ends");
        if u["running"] == false && u["note"].is_string() {
            break u;
        }
    };
    let took = t0.elapsed();
    let note = end["note"].as_str().unwrap();
    // One shape for every stop, as Stop's note: what stopped it, after what, its times,
    // what was kept.
    assert!(
        note.starts_with("Training stopped by the museum's limit of 500 ms (--run-minutes) after ")
            && note.contains(" games trained: ")
            && note.contains(" wall, ")
            && note.contains(" CPU; the boxes keep the "),
        "{note}"
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
    let games = common::view(&mut c, &id).await["counters"]["games"]
        .as_u64()
        .unwrap();
    assert!(games >= 10_000, "what it did stays: {games}");
}

/// The JSON body of an answer whose status line has been read.
async fn body_of(r: &mut BufReader<tokio::net::TcpStream>) -> String {
    let mut length = 0;
    loop {
        let mut h = String::new();
        if r.read_line(&mut h).await.unwrap_or(0) == 0 || h.trim().is_empty() {
            break;
        }
        if let Some(v) = h.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0; length];
    tokio::io::AsyncReadExt::read_exact(r, &mut body)
        .await
        .unwrap();
    String::from_utf8_lossy(&body).into_owned()
}

/// Opens the event stream of `id` from `from`; its status line.
async fn stream_status(
    addr: std::net::SocketAddr,
    from: Option<IpAddr>,
    id: &str,
) -> (u16, BufReader<tokio::net::TcpStream>) {
    let mut s = connect_from(addr, from).await.unwrap();
    let req = format!("GET /api/visits/{id}/events HTTP/1.1\r\nhost: {addr}\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut r = BufReader::new(s);
    let mut line = String::new();
    r.read_line(&mut line).await.unwrap();
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, r)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn event_streams_are_capped_per_visit_and_per_client() {
    let (addr, _museum) = start_exact(open(MuseumConfig {
        max_streams_per_visit: 2,
        max_streams_per_client: 3,
        ..MuseumConfig::default()
    }))
    .await;
    let mut c = Client::connect_from(addr, ip(2)).await;
    let id = menace(&mut c).await;
    let other = menace(&mut c).await;
    let mut open = Vec::new();
    for _ in 0..2 {
        let (status, r) = stream_status(addr, ip(2), &id).await;
        assert_eq!(status, 200);
        open.push(r);
    }
    // The third stream of one visit is refused, with a JSON message.
    let (status, mut r) = stream_status(addr, ip(2), &id).await;
    assert_eq!(status, 429);
    let body = body_of(&mut r).await;
    assert!(body.contains("--streams-per-visit"), "{body}");
    // Another visit of the client: one more stream, then the client's limit.
    let (status, r) = stream_status(addr, ip(2), &other).await;
    assert_eq!(status, 200);
    open.push(r);
    let (status, mut r) = stream_status(addr, ip(2), &other).await;
    assert_eq!(status, 429);
    let body = body_of(&mut r).await;
    assert!(body.contains("--streams-per-client"), "{body}");
    // Another client is not held back …
    let mut three = Client::connect_from(addr, ip(3)).await;
    let theirs = menace(&mut three).await;
    let (status, _theirs) = stream_status(addr, ip(3), &theirs).await;
    assert_eq!(status, 200);
    // … and a closed stream gives its place back.
    drop(open.pop());
    let mut reopened = false;
    for _ in 0..100 {
        if stream_status(addr, ip(2), &other).await.0 == 200 {
            reopened = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(reopened, "the closed stream's place came back");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_clients_hundred_autoplays_leave_anothers_moves_quick() {
    // Autoplays unbounded here: the turns and the kept slots under test alone.
    let (addr, _museum) = start_exact(open(MuseumConfig {
        max_autoplays: usize::MAX,
        max_autoplays_per_client: usize::MAX,
        ..MuseumConfig::default()
    }))
    .await;
    // Client 2: a hundred Threes! visits, each autoplaying the depth-4 AI every 10 ms.
    let mut hostile = Client::connect_from(addr, ip(2)).await;
    let mut ids = Vec::new();
    for seed in 0..100 {
        let a = hostile
            .post(
                "/api/visits",
                json!({"kind": "threes", "config": {"seed": seed, "depth": 4}}),
            )
            .await;
        assert_eq!(a.status, 201, "{a:?}");
        ids.push(a.body["id"].as_str().unwrap().to_string());
    }
    for id in ids {
        let a = hostile
            .post(
                &format!("/api/visits/{id}/autoplay"),
                json!({"action": {"type": "ai_step"}, "interval_ms": 10}),
            )
            .await;
        assert_eq!(a.status, 202, "{a:?}");
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    // Client 3: a visit and a move, five times; each well under a second.
    let mut student = Client::connect_from(addr, ip(3)).await;
    let mut times = Vec::new();
    for seed in 0..5 {
        let t0 = Instant::now();
        let a = student
            .post(
                "/api/visits",
                json!({"kind": "tictactoe", "config": {"x": "human", "o": "perfect", "seed": seed}}),
            )
            .await;
        assert_eq!(a.status, 201, "{a:?}");
        let id = a.body["id"].as_str().unwrap();
        let m = student
            .post(
                &format!("/api/visits/{id}/actions"),
                json!({"type": "play", "square": 5}),
            )
            .await;
        assert_eq!(m.status, 200, "{m:?}");
        times.push(t0.elapsed());
    }
    times.sort();
    ludomat_io::errln!("create and move beside 100 autoplays: {times:?}");
    assert!(
        times[2] < Duration::from_millis(500),
        "median {:?}: {times:?}",
        times[2]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_museum_tells_its_limits() {
    let (addr, _museum) = start_exact(open(MuseumConfig::default())).await;
    let mut c = Client::connect(addr).await;
    let a = c.get("/api/museum").await;
    assert_eq!(a.status, 200, "{a:?}");
    let l = &a.body["limits"];
    assert_eq!(l["runs"], 2);
    assert_eq!(l["runs_per_client"], 1);
    assert_eq!(l["run_seconds"], 600);
    assert_eq!(l["streams_per_visit"], 2);
    assert_eq!(l["work_slots_per_client"], 2);
    assert_eq!(l["interactive_slots"], 4);
    assert_eq!(l["autoplays"], 64);
    assert_eq!(l["autoplays_per_client"], 4);
    // Bound to loopback: no address for a class, and no QR code.
    assert_eq!(a.body["class"]["reachable"], false);
    assert_eq!(a.body["class"]["urls"], json!([]));
    let qr = c.get("/api/class.svg").await;
    assert_eq!(qr.status, 404);
    assert!(qr.error().contains("--bind 0.0.0.0"), "{qr:?}");
}

/// The phase a proof's progress names, in the updates on `stream`, until it is `phase`.
async fn until_phase(stream: &mut common::EventReader, phase: &str) {
    let until = Instant::now() + Duration::from_secs(600);
    let mut running = false;
    while Instant::now() < until {
        let Some(u) = stream.next(Duration::from_secs(600)).await else {
            break;
        };
        let at = u["happenings"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|h| h["partial"]["phase"].as_str())
            .any(|p| p == phase);
        if at {
            return;
        }
        // The first state may come from before the run.
        running |= u["running"] == true;
        assert!(
            !running || u["running"] != false,
            "the proof ended before its {phase}: {u}"
        );
    }
    panic!("the proof never reached its {phase}");
}

/// A Qubic proof cancelled in the middle of a phase that took seconds before — writing
/// its certificate (stopped), re-checking it (its visit deleted) — lets go of its run
/// slot at once: another client's run, waiting for the one slot, starts within 2 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_proof_lets_go_of_its_run_slot_at_once() {
    let (addr, museum) = start_exact(open(MuseumConfig {
        max_runs: 1,
        ..MuseumConfig::default()
    }))
    .await;
    let mut prover = Client::connect_from(addr, ip(2)).await;
    let mut other = Client::connect_from(addr, ip(3)).await;
    for (phase, cancel) in [("certificate", "stop"), ("check", "delete")] {
        let a = prover
            .post(
                "/api/visits",
                json!({"kind": "qubic", "config": {"dims": 3}}),
            )
            .await;
        assert_eq!(a.status, 201, "{a:?}");
        let id = a.body["id"].as_str().unwrap().to_string();
        let mut stream = events(addr, &id).await;
        let run = json!({"long_run": "prove", "params": {"search_after": 9}});
        let a = prover.post(&format!("/api/visits/{id}/run"), run).await;
        assert_eq!(a.status, 202, "{a:?}");
        until_phase(&mut stream, phase).await;
        // The other client's run waits for the one slot …
        let waiting = menace(&mut other).await;
        let mut watching = events(addr, &waiting).await;
        let queued = other
            .post(&format!("/api/visits/{waiting}/run"), long_training())
            .await;
        assert_eq!(queued.body["queued"]["place"], 1, "{queued:?}");
        // … the proof is cancelled in its phase …
        let t0 = Instant::now();
        let c = match cancel {
            "stop" => {
                prover
                    .post(&format!("/api/visits/{id}/stop"), json!({}))
                    .await
            }
            _ => {
                prover
                    .call("DELETE", &format!("/api/visits/{id}"), None)
                    .await
            }
        };
        assert!(c.status == 200 || c.status == 204, "{c:?}");
        // … and the other run starts at once.
        let p = happening(&mut watching, "run_progress", Duration::from_secs(10)).await;
        let took = t0.elapsed();
        ludomat_io::errln!("proof {cancel} in its {phase}: the waiting run started {took:?} after");
        assert!(p["done"].as_u64().unwrap_or(0) >= 1, "{p}");
        assert!(
            took < Duration::from_secs(2),
            "{cancel} in the {phase}: the waiting run started after {took:?}"
        );
        let stop = other
            .post(&format!("/api/visits/{waiting}/stop"), json!({}))
            .await;
        assert_eq!(stop.status, 200, "{stop:?}");
        // Stop answers at once; the run lets go of its slot as it notices.
        let t0 = Instant::now();
        while museum.load().1 != (0, 0) && t0.elapsed() < Duration::from_secs(2) {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(museum.load().1, (0, 0));
    }
}

/// A visit deleted (or released, as a page going away does) with a proof going frees its
/// client's run share by the time the answer comes: the client's next run starts at once,
/// not 429 for the next half second (the museum trial's item 4).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_visit_let_go_with_its_proof_going_frees_the_run_share_at_once() {
    let (addr, _museum) = start_exact(open(MuseumConfig::default())).await;
    let mut c = Client::connect_from(addr, ip(2)).await;
    let next = menace(&mut c).await;
    for how in ["DELETE", "release"] {
        let a = c
            .post(
                "/api/visits",
                json!({"kind": "qubic", "config": {"dims": 4}}),
            )
            .await;
        assert_eq!(a.status, 201, "{a:?}");
        let id = a.body["id"].as_str().unwrap().to_string();
        let mut stream = events(addr, &id).await;
        let run = json!({"long_run": "prove", "params": {"search_after": 0}});
        let a = c.post(&format!("/api/visits/{id}/run"), run).await;
        assert_eq!(a.status, 202, "{a:?}");
        happening(&mut stream, "run_progress", Duration::from_secs(60)).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let gone = match how {
            "DELETE" => c.call("DELETE", &format!("/api/visits/{id}"), None).await,
            _ => {
                c.post(&format!("/api/visits/{id}/release"), json!({}))
                    .await
            }
        };
        assert_eq!(gone.status, 204, "{how}: {gone:?}");
        let again = c
            .post(&format!("/api/visits/{next}/run"), long_training())
            .await;
        assert_eq!(again.status, 202, "after {how}: {again:?}");
        let stop = c.post(&format!("/api/visits/{next}/stop"), json!({})).await;
        assert_eq!(stop.status, 200, "{stop:?}");
    }
}

/// A Threes! visit of client `c` autoplaying the depth-4 AI every 10 ms; the answer.
async fn autoplay_threes(c: &mut Client, seed: u64) -> (String, common::Answer) {
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "threes", "config": {"seed": seed, "depth": 4}}),
        )
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    let id = a.body["id"].as_str().unwrap().to_string();
    let a = c
        .post(
            &format!("/api/visits/{id}/autoplay"),
            json!({"action": {"type": "ai_step"}, "interval_ms": 10}),
        )
        .await;
    (id, a)
}

/// A crowd on eight addresses, each asking for twelve heavy autoplays: each gets its
/// four, the rest refused (429); another client's moves stay quick beside them, since
/// the autoplays' steps never take the work slots kept for actions.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crowd_on_eight_addresses_leaves_a_students_moves_quick() {
    let (addr, museum) = start_exact(open(MuseumConfig::default())).await;
    let mut crowd = Vec::new();
    for address in 0..8u8 {
        let mut c = Client::connect_from(addr, ip(10 + address)).await;
        let mut going = 0;
        for seed in 0..12 {
            let (_, a) = autoplay_threes(&mut c, seed).await;
            match a.status {
                202 => going += 1,
                429 => assert!(
                    a.error().contains("4 autoplays going already")
                        && a.error().contains("--autoplays-per-client"),
                    "{a:?}"
                ),
                s => panic!("{s}: {a:?}"),
            }
        }
        assert_eq!(going, 4, "address {address}");
        crowd.push(c);
    }
    assert_eq!(museum.autoplays(), 32);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut student = Client::connect_from(addr, ip(3)).await;
    let mut times = Vec::new();
    for seed in 0..7 {
        let t0 = Instant::now();
        let a = student
            .post(
                "/api/visits",
                json!({"kind": "tictactoe", "config": {"x": "human", "o": "perfect", "seed": seed}}),
            )
            .await;
        assert_eq!(a.status, 201, "{a:?}");
        let id = a.body["id"].as_str().unwrap();
        let m = student
            .post(
                &format!("/api/visits/{id}/actions"),
                json!({"type": "play", "square": 5}),
            )
            .await;
        assert_eq!(m.status, 200, "{m:?}");
        times.push(t0.elapsed());
    }
    times.sort();
    ludomat_io::errln!("create and move beside 8 addresses × 4 autoplays: {times:?}");
    assert!(
        times[3] < Duration::from_millis(300),
        "median {:?}: {times:?}",
        times[3]
    );
}

/// Autoplays are bounded per client (429) and for the whole museum (503); an autoplay
/// started again on its visit replaces the first and counts once; one that stops gives
/// its place back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autoplays_are_bounded_per_client_and_for_the_museum() {
    let (addr, museum) = start_exact(open(MuseumConfig {
        max_autoplays: 5,
        max_autoplays_per_client: 3,
        ..MuseumConfig::default()
    }))
    .await;
    let mut one = Client::connect_from(addr, ip(2)).await;
    let mut ids = Vec::new();
    for seed in 0..3 {
        let (id, a) = autoplay_threes(&mut one, seed).await;
        assert_eq!(a.status, 202, "{a:?}");
        ids.push(id);
    }
    let (_, a) = autoplay_threes(&mut one, 3).await;
    assert_eq!(a.status, 429, "{a:?}");
    assert!(a.error().contains("--autoplays-per-client"), "{a:?}");
    // Started again on the same visit: replaces, counts once.
    let again = one
        .post(
            &format!("/api/visits/{}/autoplay", ids[0]),
            json!({"action": {"type": "ai_step"}, "interval_ms": 20}),
        )
        .await;
    assert_eq!(again.status, 202, "{again:?}");
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(museum.autoplays(), 3);
    let mut two = Client::connect_from(addr, ip(3)).await;
    for seed in 0..2 {
        let (_, a) = autoplay_threes(&mut two, seed).await;
        assert_eq!(a.status, 202, "{a:?}");
    }
    let (_, full) = autoplay_threes(&mut two, 2).await;
    assert_eq!(full.status, 503, "{full:?}");
    assert!(
        full.error().contains("5 autoplays going") && full.error().contains("--autoplays"),
        "{full:?}"
    );
    // One stops: its place comes back.
    let stop = one
        .post(&format!("/api/visits/{}/stop", ids[1]), json!({}))
        .await;
    assert_eq!(stop.body["was_running"], true, "{stop:?}");
    let mut started = false;
    for seed in 10..20 {
        let (_, a) = autoplay_threes(&mut two, seed).await;
        if a.status == 202 {
            started = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(started, "the stopped autoplay's place came back");
    assert_eq!(museum.autoplays(), 5);
}

/// Stop, DELETE and release answer at once while a run is busy (each of its applications
/// is 10,000 MENACE games): they acknowledge, and the run lets go of its share in the
/// background — the client's next run, asked for at once, waits for that and starts (the
/// museum re-trial: 0.8–1.4 s under load, as they waited for the run to let go).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_delete_and_release_answer_at_once_while_a_run_is_busy() {
    let (addr, museum) = start_exact(open(MuseumConfig::default())).await;
    let mut c = Client::connect_from(addr, ip(2)).await;
    for how in ["stop", "DELETE", "release"] {
        let id = menace(&mut c).await;
        let mut stream = events(addr, &id).await;
        let a = c
            .post(&format!("/api/visits/{id}/run"), long_training())
            .await;
        assert_eq!(a.status, 202, "{a:?}");
        happening(&mut stream, "run_progress", Duration::from_secs(60)).await;
        let mut took = Duration::ZERO;
        // Several times in one run's life: the answer never waits for an application.
        for i in 0..3 {
            tokio::time::sleep(Duration::from_millis(37)).await;
            let t0 = Instant::now();
            let answer = match how {
                "stop" => c.post(&format!("/api/visits/{id}/stop"), json!({})).await,
                "DELETE" => c.call("DELETE", &format!("/api/visits/{id}"), None).await,
                _ => {
                    c.post(&format!("/api/visits/{id}/release"), json!({}))
                        .await
                }
            };
            took = took.max(t0.elapsed());
            if how == "stop" && i < 2 {
                assert_eq!(answer.status, 200, "{answer:?}");
                let again = c
                    .post(&format!("/api/visits/{id}/run"), long_training())
                    .await;
                assert_eq!(again.status, 202, "{how}, then a run again: {again:?}");
                happening(&mut stream, "run_progress", Duration::from_secs(60)).await;
            } else if how == "stop" {
                assert_eq!(answer.status, 200, "{answer:?}");
            } else {
                assert_eq!(answer.status, 204, "{answer:?}");
                break;
            }
        }
        ludomat_io::errln!("{how} with a run busy: answered within {took:?}");
        assert!(took < Duration::from_millis(150), "{how} took {took:?}");
        // The client's next run, asked for at once, starts once the stopped one let go.
        let next = menace(&mut c).await;
        let again = c
            .post(&format!("/api/visits/{next}/run"), long_training())
            .await;
        assert_eq!(again.status, 202, "after {how}: {again:?}");
        let stop = c.post(&format!("/api/visits/{next}/stop"), json!({})).await;
        assert_eq!(stop.status, 200, "{stop:?}");
        let _ = c.call("DELETE", &format!("/api/visits/{id}"), None).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(museum.load().1, (0, 0));
}
