//! The museum's JSON API over real HTTP on loopback: every endpoint, every class of bad
//! input (status, message, state unchanged), isolation, limits, expiry, autoplay.

mod common;

use std::time::Duration;

use common::{act, events, start, Client};
use ludomat_museum::MuseumConfig;
use serde_json::{json, Value};

async fn visit(c: &mut Client, config: Value) -> (String, Value) {
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "tictactoe", "config": config}),
        )
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    (a.body["id"].as_str().unwrap().to_string(), a.body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_endpoint() {
    let (addr, museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;

    let list = c.get("/api/exhibits").await;
    assert_eq!(list.status, 200);
    assert_eq!(list.body[0]["kind"], "tictactoe");
    assert!(list.body[0]["title"].is_string() && list.body[0]["source"].is_string());

    let (id, created) = visit(&mut c, json!({"x": "human", "o": "perfect", "seed": 7})).await;
    assert_eq!(
        created["config"],
        json!({"x": "human", "o": "perfect", "seed": 7})
    );
    assert_eq!(created["view"]["legal"], json!([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    assert_eq!(created["seq"], 0);

    let moved = c
        .post(
            &format!("/api/visits/{id}/actions"),
            json!({"type": "play", "square": 5}),
        )
        .await;
    assert_eq!(moved.status, 200, "{moved:?}");
    let h = moved.body["happenings"].as_array().unwrap();
    assert_eq!(h.len(), 2);
    assert_eq!(h[0]["square"], 5);
    assert_eq!(h[1]["by"], "perfect");
    assert_eq!(moved.body["view"]["moves"].as_array().unwrap().len(), 2);

    let got = c.get(&format!("/api/visits/{id}")).await;
    assert_eq!(got.status, 200);
    assert_eq!(got.body["view"], moved.body["view"]);
    assert_eq!(got.body["running"], false);

    // The default config when none is given.
    let d = c.post("/api/visits", json!({"kind": "tictactoe"})).await;
    assert_eq!(d.status, 201);
    assert_eq!(d.body["config"]["o"], "perfect");

    let del = c.call("DELETE", &format!("/api/visits/{id}"), None).await;
    assert_eq!(del.status, 204);
    let gone = c.get(&format!("/api/visits/{id}")).await;
    assert_eq!(gone.status, 404);
    assert_eq!(museum.len(), 1);

    // The front end is embedded: `/` and an exhibit URL give the page.
    let page = c.get("/").await;
    assert_eq!(page.status, 200);
    assert!(page.body.as_str().unwrap().contains("<lm-app>"));
    let page = c.get("/exhibits/tictactoe?seed=3").await;
    assert_eq!(page.status, 200);
    let missing = c.get("/nope.js").await;
    assert_eq!(missing.status, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_a_4xx_naming_what_and_leaves_the_visit_unchanged() {
    let (addr, _) = start(MuseumConfig {
        max_body_bytes: 1024,
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    let (id, _) = visit(&mut c, json!({"seed": 1})).await;
    let path = format!("/api/visits/{id}/actions");
    c.post(&path, json!({"type": "play", "square": 1})).await;
    let before = c.get(&format!("/api/visits/{id}")).await.body;

    let big = format!(
        "{{\"type\": \"play\", \"square\": 2, \"pad\": \"{}\"}}",
        "x".repeat(4096)
    );
    let cases: Vec<(&[u8], u16, &str)> = vec![
        (
            b"{\"type\": \"play\", \"square\": ",
            400,
            "request body: not valid JSON",
        ),
        (b"{\"type\": \"fly\"}", 400, "'fly' is not one of"),
        (
            b"{\"type\": \"play\", \"cell\": 3}",
            400,
            // named by its type, as the session's own refusals are
            "play: the field 'cell' is not known here",
        ),
        (
            b"{\"type\": \"play\", \"square\": 10}",
            400,
            "square: the number 10 where a square from 1 to 9 was expected",
        ),
        // Below the board: the same wording.
        (
            b"{\"type\": \"play\", \"square\": -1}",
            400,
            "square: the number -1 where a square from 1 to 9 was expected",
        ),
        (
            b"{\"type\": \"play\", \"square\": 1}",
            409,
            "square 1 is already taken by X",
        ),
        (b"{\"type\": \"step\"}", 409, "played by a person"),
        (
            b"{\"type\": \"run\", \"games\": 99999}",
            400,
            "run: games must be from 1 to 10,000 games (it was 99,999)",
        ),
        (big.as_bytes(), 413, "larger than the limit of 1,024 bytes"),
    ];
    for (body, status, message) in cases {
        // A fresh connection each time: the server closes one whose body it refused unread.
        c = Client::connect(addr).await;
        let a = c.raw("POST", &path, body).await;
        c = Client::connect(addr).await;
        assert_eq!(a.status, status, "{}: {a:?}", String::from_utf8_lossy(body));
        assert!(
            a.error().contains(message),
            "{}: {:?} lacks {message:?}",
            String::from_utf8_lossy(body),
            a.error()
        );
        let now = c.get(&format!("/api/visits/{id}")).await.body;
        assert_eq!(
            now,
            before,
            "{} changed the visit",
            String::from_utf8_lossy(body)
        );
    }

    let a = c
        .post(
            "/api/visits/0123456789abcdef/actions",
            json!({"type": "step"}),
        )
        .await;
    assert_eq!(a.status, 404);
    assert!(a.error().contains("no visit '0123456789abcdef'"), "{a:?}");

    let a = c.post("/api/visits", json!({"kind": "abacus"})).await;
    assert_eq!(a.status, 400);
    assert!(a.error().contains("no exhibit of kind 'abacus'"), "{a:?}");
    assert!(a.error().contains("tictactoe"), "{a:?}");

    let a = c
        .post(
            "/api/visits",
            json!({"kind": "tictactoe", "config": {"x": "robot"}}),
        )
        .await;
    assert_eq!(a.status, 400);
    assert!(a.error().contains("tictactoe config"), "{a:?}");

    let a = c
        .post("/api/visits", json!({"kind": "tictactoe", "colour": 1}))
        .await;
    assert_eq!(a.status, 400);
    assert!(a.error().contains("colour"), "{a:?}");

    let a = c.post("/api/elsewhere", json!({})).await;
    assert_eq!(a.status, 404);
    assert!(a.error().contains("/api/elsewhere"), "{a:?}");

    let a = c
        .post(
            &format!("/api/visits/{id}/autoplay"),
            json!({"action": 5, "interval_ms": 10}),
        )
        .await;
    assert_eq!(a.status, 400);
    assert!(a.error().contains("action"), "{a:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn visits_are_isolated() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let (a, _) = visit(&mut c, json!({"x": "human", "o": "human"})).await;
    let (b, _) = visit(&mut c, json!({"x": "human", "o": "human"})).await;
    c.post(
        &format!("/api/visits/{a}/actions"),
        json!({"type": "play", "square": 1}),
    )
    .await;
    c.post(
        &format!("/api/visits/{b}/actions"),
        json!({"type": "play", "square": 9}),
    )
    .await;
    let va = c.get(&format!("/api/visits/{a}")).await.body;
    let vb = c.get(&format!("/api/visits/{b}")).await.body;
    assert_eq!(va["view"]["moves"], json!([1]));
    assert_eq!(vb["view"]["moves"], json!([9]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_visit_limit_is_named_and_idle_visits_expire() {
    let (addr, museum) = start(MuseumConfig {
        max_visits: 3,
        idle_expiry: Duration::from_secs(1),
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    let mut ids = Vec::new();
    let mut streams = Vec::new();
    for _ in 0..3 {
        let id = visit(&mut c, Value::Null).await.0;
        streams.push(events(addr, &id).await);
        ids.push(id);
    }
    // Every visit watched by a page: the newcomer is refused, naming the limit.
    let full = c.post("/api/visits", json!({"kind": "tictactoe"})).await;
    assert_eq!(full.status, 503);
    assert!(full.error().contains("at most 3 visits"), "{full:?}");
    assert!(
        full.error().contains("every one is open in a page"),
        "{full:?}"
    );
    // Deleting one makes room.
    c.call("DELETE", &format!("/api/visits/{}", ids[0]), None)
        .await;
    streams.remove(0);
    ids[0] = visit(&mut c, Value::Null).await.0;

    // An open event stream keeps its visit; the others expire.
    drop(streams);
    let mut stream = events(addr, &ids[1]).await;
    assert!(stream.next(Duration::from_secs(2)).await.is_some());
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(c.get(&format!("/api/visits/{}", ids[0])).await.status, 404);
    assert_eq!(c.get(&format!("/api/visits/{}", ids[1])).await.status, 200);
    museum.sweep();
    assert_eq!(museum.len(), 1);
    // Room again for new visits.
    visit(&mut c, Value::Null).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autoplay_runs_off_the_request_threads_and_stops_every_way() {
    let (addr, museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let (id, _) = visit(&mut c, json!({"x": "random", "o": "perfect", "seed": 2})).await;
    let mut stream = events(addr, &id).await;
    let first = stream.next(Duration::from_secs(2)).await.unwrap();
    assert_eq!(first["seq"], 0);

    let a = c
        .post(
            &format!("/api/visits/{id}/autoplay"),
            json!({"action": {"type": "step"}, "interval_ms": 10}),
        )
        .await;
    assert_eq!(a.status, 202, "{a:?}");
    assert_eq!(a.body["interval_ms"], 10);
    // Updates arrive by themselves, in order.
    let mut last = 0;
    let mut steps = 0;
    while steps < 12 {
        let u = stream
            .next(Duration::from_secs(2))
            .await
            .expect("an update");
        let seq = u["seq"].as_u64().unwrap();
        assert!(seq > last, "seq goes up");
        last = seq;
        if !u["happenings"].as_array().unwrap().is_empty() {
            steps += 1;
        }
    }
    // Stop: it stops and stays stopped.
    let s = c.post(&format!("/api/visits/{id}/stop"), Value::Null).await;
    assert_eq!(s.status, 200, "{s:?}");
    assert_eq!(s.body["was_running"], true);
    let after = c.get(&format!("/api/visits/{id}")).await.body;
    assert_eq!(after["running"], false);
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(
        c.get(&format!("/api/visits/{id}")).await.body["seq"],
        after["seq"]
    );

    // A new action cancels it.
    c.post(
        &format!("/api/visits/{id}/autoplay"),
        json!({"action": {"type": "step"}, "interval_ms": 10}),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    let r = c
        .post(
            &format!("/api/visits/{id}/actions"),
            json!({"type": "new_game"}),
        )
        .await;
    assert_eq!(r.status, 200);
    let seq = c.get(&format!("/api/visits/{id}")).await.body["seq"].clone();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let now = c.get(&format!("/api/visits/{id}")).await.body;
    assert_eq!(now["seq"], seq);
    assert_eq!(now["running"], false);

    // A refused step stops it with a note (a person is to move).
    let (h, _) = visit(&mut c, json!({"x": "human", "o": "perfect"})).await;
    let mut hs = events(addr, &h).await;
    hs.next(Duration::from_secs(2)).await;
    c.post(
        &format!("/api/visits/{h}/autoplay"),
        json!({"action": {"type": "step"}, "interval_ms": 10}),
    )
    .await;
    let mut note = None;
    for _ in 0..5 {
        if let Some(u) = hs.next(Duration::from_secs(2)).await {
            if let Some(n) = u.get("note") {
                note = Some(n.as_str().unwrap().to_string());
                break;
            }
        }
    }
    assert!(note.unwrap().contains("played by a person"));

    // Expiry cancels it: deleting the visit ends the loop.
    c.post(
        &format!("/api/visits/{id}/autoplay"),
        json!({"action": {"type": "step"}, "interval_ms": 10}),
    )
    .await;
    assert_eq!(
        c.call("DELETE", &format!("/api/visits/{id}"), None)
            .await
            .status,
        204
    );
    assert_eq!(museum.len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sse_streams_changes_in_order_and_ends_at_the_latest() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let (id, _) = visit(&mut c, json!({"x": "random", "o": "random", "seed": 5})).await;
    let mut stream = events(addr, &id).await;
    assert_eq!(stream.next(Duration::from_secs(2)).await.unwrap()["seq"], 0);
    // 30 changes while the reader does not read: it then gets them in order, possibly
    // skipping some (a watch channel keeps only the latest), ending at the latest.
    for _ in 0..30 {
        c.post(
            &format!("/api/visits/{id}/actions"),
            json!({"type": "step"}),
        )
        .await;
    }
    let latest = c.get(&format!("/api/visits/{id}")).await.body;
    assert_eq!(latest["seq"], 30);
    let mut seen = 0;
    let mut received = 0;
    while seen < 30 {
        let u = stream
            .next(Duration::from_secs(2))
            .await
            .expect("an update");
        let seq = u["seq"].as_u64().unwrap();
        assert!(seq > seen);
        seen = seq;
        received += 1;
        if seq == 30 {
            assert_eq!(u["view"], latest["view"]);
        }
    }
    assert!(received <= 30);
}

/// What every exhibit's page sends, byte for byte (`web/src/api.ts`): the visit with the
/// settings of its address — none from a home-page card (`null`; `{}` from older pages) —
/// its event stream, and the runs its buttons start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_exhibit_opens_as_its_page_asks() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let mut ids = std::collections::HashMap::new();
    for e in ludomat_museum::exhibits::EXHIBITS {
        let kind = e.kind;
        for body in [
            format!(r#"{{"kind":"{kind}","config":null}}"#),
            format!(r#"{{"kind":"{kind}","config":{{}}}}"#),
            format!(r#"{{"kind":"{kind}"}}"#),
        ] {
            let a = c.raw("POST", "/api/visits", body.as_bytes()).await;
            assert_eq!(a.status, 201, "{body}: {a:?}");
            assert_eq!(a.body["kind"], kind);
            assert!(a.body["view"].is_object(), "{body}: {a:?}");
            ids.insert(kind, a.body["id"].as_str().unwrap().to_string());
        }
        let mut stream = events(addr, &ids[kind]).await;
        let first = stream.next(Duration::from_secs(10)).await.expect("a state");
        assert!(first["view"].is_object(), "{kind}: {first}");
    }
    // The regex card opens the first shipped puzzle.
    let regex = c.get(&format!("/api/visits/{}", ids["regex"])).await;
    assert_eq!(regex.body["config"]["puzzle"], "small-hexagon", "{regex:?}");
    // The runs the pages' buttons start (one client runs one at a time: each is stopped).
    // MENACE trains against a machine the visitor picks first (its default opponent is a
    // person).
    let picked = c
        .raw(
            "POST",
            &format!("/api/visits/{}/actions?refusals=inline", ids["menace"]),
            br#"{"type":"set_opponent","opponent":"random"}"#,
        )
        .await;
    assert!(
        picked.status == 200 && picked.body.get("refused").is_none(),
        "{picked:?}"
    );
    for (kind, body) in [
        (
            "menace",
            r#"{"action":{"type":"play_games","n":1000},"times":100}"#,
        ),
        ("computox", r#"{"long_run":"verify"}"#),
        (
            "qubic",
            r#"{"long_run":"prove","params":{"search_after":9}}"#,
        ),
    ] {
        let id = &ids[kind];
        let a = c
            .raw("POST", &format!("/api/visits/{id}/run"), body.as_bytes())
            .await;
        assert_eq!(a.status, 202, "{kind} {body}: {a:?}");
        assert_eq!(a.body["running"], true, "{a:?}");
        let s = c.raw("POST", &format!("/api/visits/{id}/stop"), b"").await;
        assert_eq!(s.status, 200, "{s:?}");
    }
}

/// The hostile museum trial: a `run` of 10,000 games answered 9.8 MB of happenings (every
/// move of every game), and unread answers of it held gigabytes. An answer keeps the last
/// [`ludomat_museum::visit::MAX_HAPPENINGS`] happenings and says how many came before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_action_answers_its_last_happenings_and_how_many_came_before() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let (id, _) = visit(&mut c, json!({"x": "perfect", "o": "perfect", "seed": 3})).await;
    let ran = c
        .post(
            &format!("/api/visits/{id}/actions"),
            json!({"type": "run", "games": 10_000}),
        )
        .await;
    assert_eq!(ran.status, 200, "{ran:?}");
    let kept = ran.body["happenings"].as_array().unwrap();
    assert_eq!(kept.len(), ludomat_museum::visit::MAX_HAPPENINGS);
    let omitted = ran.body["omitted"].as_u64().unwrap();
    // perfect against perfect: 9 placements and a game's end a game, a new game between
    assert!(omitted + kept.len() as u64 > 100_000, "{omitted}");
    assert_eq!(kept.last().unwrap()["type"], "game_over", "{kept:?}");
    // the view keeps the totals
    let view = &ran.body["view"];
    assert!(
        view.to_string().contains("10000") || view.to_string().contains("10,000"),
        "{view}"
    );
    // a move answers every happening, and no `omitted`
    let (id, _) = visit(&mut c, json!({"x": "human", "o": "perfect", "seed": 7})).await;
    let moved = c
        .post(
            &format!("/api/visits/{id}/actions"),
            json!({"type": "play", "square": 5}),
        )
        .await;
    assert_eq!(moved.body["happenings"].as_array().unwrap().len(), 2);
    assert!(moved.body.get("omitted").is_none(), "{moved:?}");
}

/// Every API error is said in the project's words: no parser's or framework's phrases, no
/// backticks — malformed JSON, JSON of the wrong shape (an unknown type, field or kind, a
/// fraction where a count goes), a path that is not UTF-8 once decoded, a bad query.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_api_error_is_in_our_words() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let (id, _) = visit(&mut c, json!({"seed": 1})).await;
    let t = c
        .post("/api/visits", json!({"kind": "threes", "config": null}))
        .await;
    let threes = t.body["id"].as_str().unwrap().to_string();
    let actions = format!("/api/visits/{id}/actions");
    let run = format!("/api/visits/{threes}/run");
    let m = c
        .post("/api/visits", json!({"kind": "menace", "config": null}))
        .await;
    let menace = format!("/api/visits/{}/run", m.body["id"].as_str().unwrap());
    let cases: Vec<(&str, String, Vec<u8>, &str)> = vec![
        // Fields that do not go together are named, whichever they are.
        (
            "POST",
            run.clone(),
            br#"{"action": {"type": "swipe", "direction": "up"}, "times": 2, "params": {}}"#.to_vec(),
            "run: 'params' is for a long run, not beside 'action' and 'times'; give either 'action' (an action object, as POST …/actions takes) and 'times', or 'long_run' (a name such as 'verify') with its 'params' if any",
        ),
        (
            "POST",
            run.clone(),
            br#"{"action": {"type": "swipe", "direction": "up"}}"#.to_vec(),
            "run: 'action' needs 'times' (how many times to apply it); give either",
        ),
        // A machine without long runs says so, as one with runs lists them.
        (
            "POST",
            menace.clone(),
            br#"{"long_run": "train"}"#.to_vec(),
            "menace has no long runs (not 'train'): its work is its actions; repeat one with a run of 'action' and 'times'",
        ),
        (
            "POST",
            actions.clone(),
            b"{\"type\": \"bogus\"}".to_vec(),
            "'bogus' is not one of",
        ),
        (
            "POST",
            actions.clone(),
            b"{\"type\": \"play\", ".to_vec(),
            "request body: not valid JSON: line 1, column 17: the text ends in the middle of a value",
        ),
        (
            "POST",
            "/api/visits".into(),
            Vec::new(),
            "request body: it is empty: a JSON object was expected",
        ),
        (
            "POST",
            actions.clone(),
            b"{type: 1}".to_vec(),
            "request body: not valid JSON: line 1, column 2:",
        ),
        (
            "POST",
            "/api/visits".into(),
            b"{\"kind\": 3}".to_vec(),
            "request body: ",
        ),
        (
            "POST",
            "/api/visits".into(),
            b"{\"kind\": \"bogus\"}".to_vec(),
            "bogus",
        ),
        (
            "POST",
            run.clone(),
            br#"{"long_run": "train", "params": {"games": 1000000000.0}}"#.to_vec(),
            // Whole but out of the count's range: the range, the number as written.
            "train: games must be from 1,000 to 10,000,000 games (it was 1000000000.0)",
        ),
        (
            "POST",
            run.clone(),
            br#"{"long_run": "train", "params": {"after": 1}}"#.to_vec(),
            "the field 'after' is not known here",
        ),
        (
            "POST",
            format!("/api/visits/{id}/autoplay"),
            br#"{"action": {"type": "step"}, "interval_ms": "soon"}"#.to_vec(),
            "autoplay: interval_ms must be a whole number from 10 to 60,000 milliseconds (it was the text 'soon')",
        ),
        (
            "POST",
            format!("/api/visits/{id}/autoplay"),
            br#"{"action": {"type": "step"}, "interval_ms": 1e30}"#.to_vec(),
            "autoplay: interval_ms must be from 10 to 60,000 milliseconds (it was 1e30)",
        ),
        (
            "POST",
            format!("/api/visits/{id}/autoplay"),
            br#"{"action": {"type": "step"}, "interval_ms": -5}"#.to_vec(),
            "autoplay: interval_ms must be from 10 to 60,000 milliseconds (it was -5)",
        ),
        // Out of the range: refused with the range, as a value of no kind is (never
        // clamped beside a refusal that states a range).
        (
            "POST",
            format!("/api/visits/{id}/autoplay"),
            br#"{"action": {"type": "step"}, "interval_ms": 1}"#.to_vec(),
            "autoplay: interval_ms must be from 10 to 60,000 milliseconds (it was 1)",
        ),
        (
            "POST",
            format!("/api/visits/{id}/autoplay"),
            br#"{"action": {"type": "step"}, "interval_ms": 100000}"#.to_vec(),
            "autoplay: interval_ms must be from 10 to 60,000 milliseconds (it was 100,000)",
        ),
        // A non-object action: what was expected, in our words (no type's name).
        (
            "POST",
            format!("/api/visits/{id}/actions"),
            br#""play""#.to_vec(),
            "request body: a text where an object was expected",
        ),
        // A body that is not an object is refused as that, on every endpoint that takes
        // one (serde would read a list as an object's fields in order: `["qubic"]` was a
        // visit), never with a path into it (`[0]: …`).
        (
            "POST",
            "/api/visits".into(),
            b"[[[\"x\"]]]".to_vec(),
            "request body: a list where an object was expected",
        ),
        (
            "POST",
            "/api/visits".into(),
            b"[\"qubic\"]".to_vec(),
            "request body: a list where an object was expected",
        ),
        (
            "POST",
            format!("/api/visits/{id}/autoplay"),
            b"[1]".to_vec(),
            "request body: a list where an object was expected",
        ),
        (
            "POST",
            actions.clone(),
            b" 5".to_vec(),
            "request body: a number where an object was expected",
        ),
        // A square that is no number: said with the board's own squares.
        (
            "POST",
            actions.clone(),
            br#"{"type": "play", "square": "x"}"#.to_vec(),
            "the text 'x' where a square from 1 to 9 was expected",
        ),
        (
            "POST",
            actions.clone(),
            br#"{"type": "play", "square": 300}"#.to_vec(),
            "the number 300 where a square from 1 to 9 was expected",
        ),
        // A seed past the largest whole number: said as written, with the range.
        (
            "POST",
            "/api/visits".into(),
            br#"{"kind": "tictactoe", "config": {"seed": 18446744073709551616}}"#.to_vec(),
            // its object named once (not `config: config.seed:`)
            "tictactoe config: seed: the number 18,446,744,073,709,551,616 is too large: a whole number from 0 to 18,446,744,073,709,551,615",
        ),
        (
            "POST",
            run.clone(),
            br#"{"action": "play_games", "times": 3}"#.to_vec(),
            "'action' must be an action object",
        ),
        // times out of range says the real range, in every count's one wording.
        (
            "POST",
            run.clone(),
            br#"{"action": {"type": "step"}, "times": 1000000000.0}"#.to_vec(),
            "run: times must be from 1 to 1,000 (it was 1000000000.0)",
        ),
        (
            "POST",
            run.clone(),
            br#"{"action": {"type": "step"}, "times": 0}"#.to_vec(),
            "run: times must be from 1 to 1,000 (it was 0)",
        ),
        // A value of another kind: said in words, a text in single quotes as every
        // refusal quotes it, never in JSON's double quotes.
        (
            "POST",
            run.clone(),
            br#"{"action": {"type": "step"}, "times": "5"}"#.to_vec(),
            "run: times must be a whole number from 1 to 1,000 (it was the text '5')",
        ),
        (
            "POST",
            run.clone(),
            br#"{"action": {"type": "step"}, "times": [5]}"#.to_vec(),
            "run: times must be a whole number from 1 to 1,000 (it was a list)",
        ),
        // Deep JSON: nested too deeply, without the path.
        (
            "POST",
            "/api/visits".into(),
            format!(
                "{{\"kind\": \"tictactoe\", \"config\": {}{}}}",
                "[".repeat(300),
                "]".repeat(300)
            )
            .into_bytes(),
            "nested too deeply",
        ),
        ("GET", "/api/visits/%FF".into(), Vec::new(), "not UTF-8"),
        // The route's names for its parts are not shown.
        (
            "GET",
            "/api/visits/abc/%FF".into(),
            Vec::new(),
            "the address: the path is not UTF-8",
        ),
        (
            "GET",
            "/api/exhibits/%FF".into(),
            Vec::new(),
            "is not UTF-8 text once decoded",
        ),
        (
            "GET",
            format!("/api/visits/{threes}/kit.pdf?tint=maybe"),
            Vec::new(),
            "",
        ),
    ];
    for (method, path, body, says) in cases {
        let mut c = Client::connect(addr).await;
        let a = c.raw(method, &path, &body).await;
        let said = a.error().to_string();
        assert!(a.status >= 400, "{path}: {a:?}");
        assert!(
            said.contains(says),
            "{path} {}: {said:?} lacks {says:?}",
            String::from_utf8_lossy(&body)
        );
        for theirs in [
            "`",
            "Failed to",
            "Invalid URL",
            "unknown variant",
            "unknown field",
            "invalid type",
            "expected u64",
            "deserialize",
            "EOF",
            "'rest'",
            "'id'",
            // one shape for every body error: 'request body: …'
            "malformed JSON",
        ] {
            assert!(
                !said.contains(theirs),
                "{path} {}: {said:?} says {theirs:?}",
                String::from_utf8_lossy(&body)
            );
        }
    }
    // An error echoes at most 80 characters of the request (the re-trial's
    // 60,000-character kind was answered in 60 KB), with its control characters escaped.
    let long = format!("\u{1b}[31m{}", "k".repeat(60_000));
    for (path, body) in [
        ("/api/visits".to_string(), json!({"kind": long})),
        (format!("/api/visits/{id}/actions"), json!({"type": long})),
    ] {
        let mut c = Client::connect(addr).await;
        let a = c.post(&path, body).await;
        assert_eq!(a.status, 400, "{a:?}");
        let said = a.error();
        assert!(said.len() < 400 && said.contains('…'), "{path}: {said}");
        assert!(
            !said.contains('\u{1b}') && said.contains("\\u{1b}"),
            "{said}"
        );
    }
    // the path the pages use: a refusal answered 200 inline, in the same words
    let inline = format!("/api/visits/{id}/actions?refusals=inline");
    for (body, says) in [
        (&b"{\"type\": \"bogus\"}"[..], "'bogus' is not one of"),
        (
            &b"{\"type\": \"play\"}"[..],
            "the field 'square' is missing",
        ),
    ] {
        let mut c = Client::connect(addr).await;
        let a = c.raw("POST", &inline, body).await;
        let said = a.body["refused"]["error"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(said.contains(says), "{said:?} lacks {says:?}: {a:?}");
        assert!(
            !said.contains('`') && !said.contains("unknown variant"),
            "{said:?}"
        );
    }
}

/// An event stream sends the latest change after each gap, and with it the happenings of
/// the changes it skipped (each with its seq): a page's log misses none (the arena's log
/// stopped at 896 of 1,000 games: the last batches' happenings were skipped).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_stream_brings_the_happenings_of_the_changes_it_skipped() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let a = c
        .post("/api/visits", json!({"kind": "arena", "config": null}))
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    let id = a.body["id"].as_str().unwrap().to_string();
    assert_eq!(act(&mut c, &id, json!({"type": "run"})).await.status, 200);
    let mut stream = events(addr, &id).await;
    let first = stream.next(Duration::from_secs(2)).await.unwrap();
    let mut seen = first["seq"].as_u64().unwrap();
    // A batch of one game every 10 ms, as the arena's page runs a tournament: faster
    // than the stream's gap, so it skips changes.
    let a = c
        .post(
            &format!("/api/visits/{id}/autoplay"),
            json!({"action": {"type": "batch", "games": 1}, "interval_ms": 10}),
        )
        .await;
    assert_eq!(a.status, 202, "{a:?}");
    let (mut events_seen, mut skipped_seen, mut gaps) = (0, 0, 0u64);
    while events_seen < 20 {
        let u = stream
            .next(Duration::from_secs(5))
            .await
            .expect("an update");
        let seq = u["seq"].as_u64().unwrap();
        let mut covered = seen;
        for s in u["skipped"].as_array().into_iter().flatten() {
            let s_seq = s["seq"].as_u64().unwrap();
            assert!(s_seq > seen && s_seq < seq, "{u}");
            assert!(!s["happenings"].as_array().unwrap().is_empty(), "{u}");
            gaps += s_seq - covered - 1;
            covered = s_seq;
            skipped_seen += 1;
        }
        gaps += seq - covered - 1;
        seen = seq;
        events_seen += 1;
    }
    let _ = c
        .call("DELETE", &format!("/api/visits/{id}/autoplay"), None)
        .await;
    // Changes were skipped, and only those without happenings (the autoplay's start,
    // its end) are missing.
    assert!(
        skipped_seen > 0,
        "the stream skipped nothing: the test proves nothing"
    );
    assert!(
        gaps <= 2,
        "{gaps} changes' happenings never reached the page"
    );
}

/// A list where an object is expected (serde would read it as the fields in order) is
/// refused at every level: a config, a config's field, an action, a long run's params.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_list_is_never_taken_for_an_object() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let a = c
        .post("/api/visits", json!({"kind": "tictactoe", "config": [1]}))
        .await;
    assert_eq!(a.status, 400, "{a:?}");
    assert_eq!(
        a.body["error"],
        "tictactoe config: a list where an object was expected"
    );
    // every exhibit, MENACE (its own start) included: it read [7, "random"] by position
    for kind in [
        "tictactoe",
        "menace",
        "hexapawn",
        "computox",
        "relay",
        "logic",
        "qubic",
        "threes",
        "regex",
        "arena",
    ] {
        for config in [json!([]), json!([7, "random"])] {
            let a = c
                .post("/api/visits", json!({"kind": kind, "config": config}))
                .await;
            assert_eq!(a.status, 400, "{kind} {config}: {a:?}");
        }
    }
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "menace", "config": {"menace2": []}}),
        )
        .await;
    assert_eq!(a.status, 400, "{a:?}");
    let q = c.post("/api/visits", json!({"kind": "qubic"})).await;
    assert_eq!(q.status, 201, "{q:?}");
    let id = q.body["id"].as_str().unwrap();
    for params in [json!([9]), json!("x"), json!(9)] {
        let r = c
            .post(
                &format!("/api/visits/{id}/run"),
                json!({"long_run": "prove", "params": params}),
            )
            .await;
        assert_eq!(r.status, 400, "{params}: {r:?}");
        assert!(
            r.body["error"]
                .as_str()
                .unwrap()
                .starts_with("prove: params: ")
                && r.body["error"]
                    .as_str()
                    .unwrap()
                    .ends_with(" where an object was expected"),
            "{r:?}"
        );
    }
    let r = c
        .post(
            &format!("/api/visits/{id}/run"),
            json!({"long_run": "prove", "params": [9]}),
        )
        .await;
    assert_eq!(
        r.body["error"],
        "prove: params: a list where an object was expected"
    );
}

/// A visit its page released is gone, and its 404 says that may be why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_released_visit_says_it_may_have_been_released() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let (id, _) = visit(&mut c, Value::Null).await;
    let r = c
        .post(&format!("/api/visits/{id}/release"), json!({}))
        .await;
    assert_eq!(r.status, 204, "{r:?}");
    let g = c.get(&format!("/api/visits/{id}")).await;
    assert_eq!(g.status, 404, "{g:?}");
    assert!(
        g.body["error"]
            .as_str()
            .unwrap()
            .contains("was released by its page"),
        "{g:?}"
    );
}

/// A visit of `kind` with `config`, by id.
async fn visit_of(c: &mut Client, kind: &str, config: Value) -> String {
    let a = c
        .post("/api/visits", json!({"kind": kind, "config": config}))
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    a.body["id"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_say_numbers_as_written_with_their_place_and_thousands() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let menace = visit_of(&mut c, "menace", json!({"seed": 3, "opponent": "random"})).await;
    let tictactoe = visit_of(&mut c, "tictactoe", json!({"seed": 1})).await;
    let threes = visit_of(&mut c, "threes", json!({"seed": 3})).await;
    let qubic = visit_of(&mut c, "qubic", json!({"seed": 1})).await;
    let hexapawn = visit_of(&mut c, "hexapawn", json!({"seed": 9})).await;
    let actions = |id: &str| format!("/api/visits/{id}/actions");
    let run = |id: &str| format!("/api/visits/{id}/run");
    let cases: Vec<(String, &[u8], u16, &str)> = vec![
        // Numbers as the visitor wrote them, with the field's place.
        (
            actions(&menace),
            br#"{"type": "play_games", "n": 1.5}"#,
            400,
            // not a whole number, said so, with the count's own range (not `from 0 up`)
            "play_games: n must be a whole number from 1 to 10,000 games per action (it was 1.5)",
        ),
        (
            actions(&tictactoe),
            br#"{"type": "run", "games": 2.5}"#,
            400,
            "run: games must be a whole number from 1 to 10,000 games (it was 2.5)",
        ),
        (
            run(&threes),
            br#"{"long_run": "train", "params": {"games": 2.50}}"#,
            400,
            "train: games must be a whole number from 1,000 to 10,000,000 games (it was 2.50)",
        ),
        (
            run(&menace),
            br#"{"action": {"type": "step"}, "times": 1.5}"#,
            400,
            "run: times must be a whole number from 1 to 1,000 (it was 1.5)",
        ),
        (
            actions(&menace),
            br#"{"type": "play_games", "n": -0}"#,
            400,
            // -0 is 0: the field's own range, never the type's `from 0 up`
            "play_games: n must be from 1 to 10,000 games per action (it was -0)",
        ),
        (
            actions(&menace),
            br#"{"type": "play_games", "n": 1e300}"#,
            400,
            "play_games: n must be from 1 to 10,000 games per action (it was 1e300)",
        ),
        (
            run(&threes),
            br#"{"long_run": "train", "params": {"games": 1e2}}"#,
            400,
            "train: games must be from 1,000 to 10,000,000 games (it was 1e2)",
        ),
        (
            run(&threes),
            br#"{"long_run": "train", "params": {"after": 1}}"#,
            400,
            "params: the field 'after' is not known here",
        ),
        (
            run(&menace),
            br#"{"action": {"type": "step"}, "times": 18446744073709551616}"#,
            400,
            "(it was 18,446,744,073,709,551,616)",
        ),
        (
            run(&menace),
            br#"{"action": {"type": "step"}, "times": 1e4}"#,
            400,
            "run: times must be from 1 to 1,000 (it was 1e4)",
        ),
        (
            run(&threes),
            br#"{"long_run": "train", "params": 1e3}"#,
            400,
            "train: params: the number 1e3 where an object was expected",
        ),
        // The run's name is checked before its params' kind.
        (
            run(&threes),
            br#"{"long_run": "x", "params": [7]}"#,
            400,
            "threes has one long run, 'train' (not 'x')",
        ),
        (
            run(&menace),
            br#"{"long_run": "x", "params": 1e3}"#,
            400,
            "menace has no long runs (not 'x')",
        ),
        // -0 is said as written, with its place.
        (
            actions(&tictactoe),
            br#"{"type": "play", "square": -0}"#,
            400,
            "play: square: the number -0 where a square from 1 to 9 was expected",
        ),
        // A setting's own range, not its type's.
        (
            run(&qubic),
            br#"{"long_run": "prove", "params": {"search_after": "9"}}"#,
            400,
            "params.search_after: the text '9' where a whole number of stones from 0 (from scratch) to 15 was expected",
        ),
        (
            run(&qubic),
            br#"{"long_run": "prove", "params": {"search_after": []}}"#,
            400,
            "params.search_after: a list where a whole number of stones from 0 (from scratch) to 15 was expected",
        ),
        // Every number of a refusal with thousands.
        (
            actions(&tictactoe),
            br#"{"type": "run", "games": 100000}"#,
            400,
            "run: games must be from 1 to 10,000 games (it was 100,000)",
        ),
        (
            actions(&menace),
            br#"{"type": "play_games", "n": 1000000000000}"#,
            400,
            "play_games: n must be from 1 to 10,000 games per action (it was 1,000,000,000,000)",
        ),
        // Every count out of its range in one wording, one status, the value as written:
        // 0, too many, negative, past any count.
        (
            actions(&hexapawn),
            br#"{"type": "play_games", "n": 0}"#,
            400,
            "play_games: n must be from 1 to 10,000 games per action (it was 0)",
        ),
        (
            actions(&hexapawn),
            br#"{"type": "play_games", "n": 10001}"#,
            400,
            "play_games: n must be from 1 to 10,000 games per action (it was 10,001)",
        ),
        (
            actions(&hexapawn),
            br#"{"type": "play_games", "n": -5}"#,
            400,
            "play_games: n must be from 1 to 10,000 games per action (it was -5)",
        ),
        (
            actions(&menace),
            br#"{"type": "play_games", "n": -5}"#,
            400,
            "play_games: n must be from 1 to 10,000 games per action (it was -5)",
        ),
        (
            actions(&menace),
            br#"{"type": "play_games", "n": 18446744073709551616}"#,
            400,
            "play_games: n must be from 1 to 10,000 games per action (it was 18,446,744,073,709,551,616)",
        ),
        (
            actions(&tictactoe),
            br#"{"type": "run", "games": -5}"#,
            400,
            "run: games must be from 1 to 10,000 games (it was -5)",
        ),
        (
            actions(&tictactoe),
            br#"{"type": "run", "games": 0}"#,
            400,
            "run: games must be from 1 to 10,000 games (it was 0)",
        ),
        (
            actions(&tictactoe),
            br#"{"type": "run", "games": 100000000}"#,
            400,
            "run: games must be from 1 to 10,000 games (it was 100,000,000)",
        ),
        (
            actions(&tictactoe),
            br#"{"type": "run", "games": 18446744073709551616}"#,
            400,
            "run: games must be from 1 to 10,000 games (it was 18,446,744,073,709,551,616)",
        ),
        (
            run(&threes),
            br#"{"long_run": "train", "params": {"games": -5}}"#,
            400,
            "train: games must be from 1,000 to 10,000,000 games (it was -5)",
        ),
        (
            run(&threes),
            br#"{"long_run": "train", "params": {"games": 0}}"#,
            400,
            "train: games must be from 1,000 to 10,000,000 games (it was 0)",
        ),
        // A field given twice: refused, naming it and where.
        (
            actions(&menace),
            br#"{"type": "step", "type": "new_game"}"#,
            400,
            "request body: line 1, column 18: the field 'type' is given twice",
        ),
        (
            "/api/visits".to_string(),
            br#"{"kind": "tictactoe", "config": {"seed": 1, "seed": 2}}"#,
            400,
            "request body: line 1, column 45: config: the field 'seed' is given twice",
        ),
        (
            run(&menace),
            br#"{"action": {"type": "play_games", "n": 1, "n": 2}, "times": 2}"#,
            400,
            "action: the field 'n' is given twice",
        ),
    ];
    for (path, body, status, says) in cases {
        let a = c.raw("POST", &path, body).await;
        let text = String::from_utf8_lossy(body);
        assert_eq!(a.status, status, "{text}: {a:?}");
        assert!(
            a.error().contains(says),
            "{text}: {:?} lacks {says:?}",
            a.error()
        );
        for theirs in [
            "1000.0",
            "`",
            "1.8446744073709552e19",
            "-0.0",
            "invalid type",
        ] {
            assert!(!a.error().contains(theirs), "{text}: {:?}", a.error());
        }
    }
    // Nothing was done by any of them.
    assert_eq!(
        c.get(&format!("/api/visits/{menace}")).await.body["view"]["counters"]["games"],
        0
    );
    // A whole count written with an exponent is the count it is, as the terminal's.
    let a = c
        .raw(
            "POST",
            &actions(&menace),
            br#"{"type": "play_games", "n": 1e3}"#,
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(
        c.get(&format!("/api/visits/{menace}")).await.body["view"]["counters"]["games"],
        1000
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_exhibit_the_museum_does_not_have_is_a_404_page_linking_home() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    for path in [
        "/exhibits/%FF",
        "/exhibits/bogus",
        "/exhibits/",
        "/exhibits/menace/x",
    ] {
        let a = c.get(path).await;
        assert_eq!(a.status, 404, "{path}: {a:?}");
        assert!(
            a.header("content-type")
                .is_some_and(|t| t.starts_with("text/html")),
            "{path}: {a:?}"
        );
        let page = a.body.as_str().unwrap_or_default();
        assert!(
            page.contains("<h1>No such exhibit</h1>")
                && page.contains(&format!("The museum has no exhibit at {path}."))
                && page.contains("<a href=\"/\">"),
            "{path}: {page}"
        );
        assert!(!page.contains("<lm-app>"), "{path}: the home page");
    }
    // Every exhibit it has is its page, with or without a closing slash.
    for path in [
        "/exhibits/menace",
        "/exhibits/qubic/",
        "/exhibits/tictactoe?seed=3",
    ] {
        let a = c.get(path).await;
        assert_eq!(a.status, 200, "{path}: {a:?}");
        assert!(
            a.body.as_str().unwrap_or_default().contains("<lm-app>"),
            "{path}"
        );
    }
}

/// `dims` of the cube exhibit refused in its own values, whatever was given: a text, a
/// list, a number that is no board (it said "a whole number from 0 up" of a text).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn qubic_dims_are_refused_in_their_own_values() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    for (dims, found) in [
        (json!("9"), "the text '9'"),
        (json!(9), "the number 9"),
        (json!([]), "a list"),
        (json!(-1), "the number -1"),
    ] {
        let r = c
            .post(
                "/api/visits",
                json!({"kind": "qubic", "config": {"dims": dims}}),
            )
            .await;
        assert_eq!(r.status, 400, "{r:?}");
        assert!(
            r.error().contains(&format!(
                "{found} where 3 (4×4×4) or 4 (4×4×4×4) was expected"
            )),
            "{r:?}"
        );
    }
    let ok = c
        .post(
            "/api/visits",
            json!({"kind": "qubic", "config": {"dims": 4}}),
        )
        .await;
    assert_eq!(ok.status, 201, "{ok:?}");
}

/// A body nested thousands deep (14 KB, under the body limit) is refused as too deep,
/// on every endpoint that reads JSON, and the museum goes on (it ran the stack out and
/// aborted the whole server).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_nested_thousands_deep_is_refused_and_the_museum_goes_on() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let (id, _) = visit(&mut c, json!({"seed": 1})).await;
    let deep = |open: &str, close: &str| format!("{}1{}", open.repeat(7_000), close.repeat(7_000));
    let bodies = [
        (
            "/api/visits".to_string(),
            format!(r#"{{"kind":"tictactoe","config":{}}}"#, deep("[", "]")),
        ),
        (
            format!("/api/visits/{id}/actions"),
            format!(r#"{{"type":"play","square":{}}}"#, deep("[", "]")),
        ),
        (
            format!("/api/visits/{id}/run"),
            format!(r#"{{"long_run":"x","params":{}}}"#, deep(r#"{"a":"#, "}")),
        ),
    ];
    for (path, body) in bodies {
        c = Client::connect(addr).await;
        let a = c.raw("POST", &path, body.as_bytes()).await;
        assert_eq!(a.status, 400, "{path}: {a:?}");
        assert!(a.error().contains("nested too deeply"), "{path}: {a:?}");
    }
    c = Client::connect(addr).await;
    assert_eq!(c.get("/api/museum").await.status, 200);
}

/// Hexapawn's squares off the board, below or above, in one wording with the field's
/// name (−1 was "a whole number from 0 up", 99 "square 99 is not on the board").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hexapawn_squares_off_the_board_are_said_one_way() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let v = c.post("/api/visits", json!({"kind": "hexapawn"})).await;
    let id = v.body["id"].as_str().unwrap().to_string();
    for (from, to, field, n) in [
        (-1, 4, "from", "-1"),
        (99, 1, "from", "99"),
        (7, 99, "to", "99"),
    ] {
        let a = c
            .post(
                &format!("/api/visits/{id}/actions"),
                json!({"type": "play", "from": from, "to": to}),
            )
            .await;
        assert_eq!(a.status, 400, "{a:?}");
        assert!(
            a.error().contains(&format!(
                "{field}: the number {n} where a square from 0 to 8 was expected"
            )),
            "{a:?}"
        );
    }
}

/// A body sent in an encoding (gzip) is refused as that, 415, never read as malformed
/// JSON; `identity` is no encoding.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_encoded_body_is_refused_as_its_encoding() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    c.headers = vec!["content-encoding: gzip".into()];
    // the first bytes of any gzip stream
    let a = c
        .raw("POST", "/api/visits", b"\x1f\x8b\x08\x00\x00\x00\x00\x00")
        .await;
    assert_eq!(a.status, 415, "{a:?}");
    assert_eq!(
        a.error(),
        "request body: Content-Encoding 'gzip' is not accepted; send the JSON as it is"
    );
    c.headers = vec!["content-encoding: identity".into()];
    let a = c
        .raw("POST", "/api/visits", br#"{"kind": "tictactoe"}"#)
        .await;
    assert_eq!(a.status, 201, "{a:?}");
}

/// A body's bytes that are not UTF-8, a `\u` escape of half a character and a
/// byte-order mark are each named for what they are.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_with_bytes_not_utf8_a_lone_surrogate_or_a_bom_say_so() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    for (body, says) in [
        (
            &b"{\"kind\":\"\xFF\"}"[..],
            "request body: not valid JSON: line 1, column 10: kind: a byte that is not UTF-8",
        ),
        (
            b"{\"ki\xFFnd\":\"tictactoe\"}",
            "request body: not valid JSON: line 1, column 5: a byte that is not UTF-8",
        ),
        (
            br#"{"kind":"\ud800"}"#,
            "request body: not valid JSON: line 1, column 16: kind: a \\u escape of half a \
             character (a lone surrogate)",
        ),
        (
            b"\xEF\xBB\xBF{\"kind\":\"tictactoe\"}",
            "request body: line 1, column 1: a byte-order mark (U+FEFF) before the JSON: \
             send the JSON without it",
        ),
    ] {
        let a = c.raw("POST", "/api/visits", body).await;
        assert_eq!(a.status, 400, "{a:?}");
        assert_eq!(a.error(), says, "{body:?}");
    }
}

/// One rule for whole numbers: a config's seed written `1e3` or `1000.0` is the 1,000 it
/// is, as every count's (`"n": 1e3`), and `-0` is the 0 it is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_config_seed_written_1e3_is_1000_as_a_count_is() {
    let (addr, _museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    for (written, seed) in [("1e3", 1000), ("1000.0", 1000), ("-0", 0), ("7", 7)] {
        let body = format!(r#"{{"kind":"tictactoe","config":{{"seed":{written}}}}}"#);
        let a = c.raw("POST", "/api/visits", body.as_bytes()).await;
        assert_eq!(a.status, 201, "{body}: {a:?}");
        assert_eq!(a.body["config"]["seed"], seed, "{body}: {a:?}");
    }
    // A fraction is still refused, as a count's is.
    let a = c
        .raw(
            "POST",
            "/api/visits",
            br#"{"kind":"tictactoe","config":{"seed":1.5}}"#,
        )
        .await;
    assert_eq!(a.status, 400, "{a:?}");
    assert!(a.error().contains("1.5"), "{a:?}");
}
