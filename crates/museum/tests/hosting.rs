//! The museum as a hostile page, a careless visitor and a hosting museum would meet it:
//! the Host and Origin guard, per-client limits (127.0.0.2, 127.0.0.3 … as distinct
//! clients), visits following their pages (release, eviction, unwatched autoplay
//! stopped), every error as JSON, the security headers.

mod common;

use std::net::IpAddr;
use std::time::{Duration, Instant};

use common::{events, start, start_exact, Client};
use ludomat_museum::client::RateLimit;
use ludomat_museum::MuseumConfig;
use serde_json::{json, Value};

fn ip(s: &str) -> IpAddr {
    s.parse().unwrap()
}

async fn visit(c: &mut Client, config: Value) -> String {
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "tictactoe", "config": config}),
        )
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    a.body["id"].as_str().unwrap().to_string()
}

fn is_json_error(a: &common::Answer) -> bool {
    a.header("content-type") == Some("application/json") && !a.error().is_empty()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn foreign_hosts_are_refused_in_every_spelling_and_own_names_served() {
    let (addr, museum) = start(MuseumConfig::default()).await;
    let port = addr.port();
    let mut c = Client::connect(addr).await;
    for host in [
        "evil.example".to_string(),
        "127.0.0.1.evil.example".to_string(),
        format!("evil.example:{port}"),
        format!("127.0.0.1.evil.example:{port}"),
        format!("localhost.evil.example:{port}"),
        format!("127.0.0.1:{}", port.wrapping_add(1)),
        format!("127.0.0.2:{port}"),
        "127.0.0.1".to_string(),
        format!("EVIL.example:{port}"),
        // the museum's port with a leading zero is another spelling, refused as any
        format!("localhost:0{port}"),
        format!("127.0.0.1:00{port}"),
    ] {
        c.host = host.clone();
        for (method, path, body) in [
            ("GET", "/api/exhibits", None),
            ("GET", "/", None),
            ("POST", "/api/visits", Some(json!({"kind": "tictactoe"}))),
        ] {
            let a = c.call(method, path, body).await;
            assert_eq!(a.status, 421, "{method} {path} with Host {host}: {a:?}");
            if path.starts_with("/api/") {
                assert!(is_json_error(&a), "{a:?}");
                assert!(
                    a.error().contains(&format!("not to Host '{host}'")),
                    "{a:?}"
                );
                assert!(a.error().contains("--allowed-host"), "{a:?}");
            } else {
                // A page: a short page in the same words, never raw JSON in a browser.
                let page = a.body.as_str().unwrap_or_default();
                assert_eq!(
                    a.header("content-type"),
                    Some("text/html; charset=utf-8"),
                    "{a:?}"
                );
                assert!(
                    page.contains("<p data-refusal>This museum answers to ")
                        && page.contains(&format!("not to Host &#39;{host}&#39;"))
                        && page.contains("--allowed-host NAME.</p>")
                        && page.contains("<h1>Not this museum&#39;s name</h1>"),
                    "{page}"
                );
            }
        }
    }
    assert_eq!(museum.len(), 0, "no visit was opened under a foreign name");
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("LocalHost:{port}"),
        format!("[::1]:{port}"),
    ] {
        c.host = host.clone();
        assert_eq!(c.get("/api/exhibits").await.status, 200, "{host}");
    }

    // --allowed-host adds a name (any port when none is given), and only that name.
    let (addr, _) = start(MuseumConfig {
        allowed_hosts: vec!["museum.example.org".into()],
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    c.host = "museum.example.org".into();
    assert_eq!(c.get("/api/exhibits").await.status, 200);
    c.host = "museum.example.org:443".into();
    assert_eq!(c.get("/api/exhibits").await.status, 200);
    c.host = "other.example.org".into();
    assert_eq!(c.get("/api/exhibits").await.status, 421);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn foreign_origin_writes_are_refused_on_every_write_endpoint() {
    let (addr, museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let id = visit(&mut c, json!({"x": "random", "o": "random", "seed": 3})).await;
    let before = c.get(&format!("/api/visits/{id}")).await.body;
    let writes = |id: &str| -> Vec<(&'static str, String, Option<Value>)> {
        vec![
            (
                "POST",
                "/api/visits".into(),
                Some(json!({"kind": "tictactoe"})),
            ),
            (
                "POST",
                format!("/api/visits/{id}/actions"),
                Some(json!({"type": "step"})),
            ),
            (
                "POST",
                format!("/api/visits/{id}/autoplay"),
                Some(json!({"action": {"type": "step"}, "interval_ms": 10})),
            ),
            ("POST", format!("/api/visits/{id}/stop"), None),
            ("POST", format!("/api/visits/{id}/release"), None),
            ("DELETE", format!("/api/visits/{id}"), None),
        ]
    };
    for origin in [
        "http://evil.example",
        "null",
        "http://127.0.0.1.evil.example",
    ] {
        for (method, path, body) in &writes(&id) {
            c.headers = vec![format!("origin: {origin}")];
            let a = c.call(method, path, body.clone()).await;
            assert_eq!(a.status, 403, "{method} {path} from {origin}: {a:?}");
            assert!(is_json_error(&a), "{a:?}");
            assert!(a.error().contains("another origin"), "{a:?}");
        }
        // The body-less stop as a `text/plain` form would send it, too.
        let a = c
            .raw("POST", &format!("/api/visits/{id}/stop"), b"x=1")
            .await;
        assert_eq!(a.status, 403);
    }
    c.headers.clear();
    assert_eq!(museum.len(), 1, "no visit opened from a foreign origin");
    assert_eq!(
        c.get(&format!("/api/visits/{id}")).await.body,
        before,
        "the visit is as it was"
    );

    // Reads from anywhere are answered (the browser keeps another origin from reading
    // them); the museum's own origin (and none at all, as curl sends) may write.
    c.headers = vec!["origin: http://evil.example".into()];
    assert_eq!(c.get(&format!("/api/visits/{id}")).await.status, 200);
    for (host, origin) in [
        (addr.to_string(), format!("http://{addr}")),
        (
            format!("localhost:{}", addr.port()),
            format!("http://localhost:{}", addr.port()),
        ),
    ] {
        c.host = host;
        c.headers = vec![format!("origin: {origin}")];
        let id = visit(&mut c, json!({"x": "random", "o": "random"})).await;
        // The last, DELETE, would find the visit released already.
        let expected = [201, 200, 202, 200, 204];
        for ((method, path, body), status) in writes(&id).iter().zip(expected) {
            let a = c.call(method, path, body.clone()).await;
            assert_eq!(a.status, status, "{method} {path} from {origin}: {a:?}");
        }
        assert_eq!(c.get(&format!("/api/visits/{id}")).await.status, 404);
        let a = c.call("DELETE", &format!("/api/visits/{id}"), None).await;
        assert_eq!(a.status, 404);
    }
}

/// The Origin of a write must be the page's own, exactly: its scheme, the request's own
/// host and port, one Origin; and a write the browser marks as from another site is
/// refused without an Origin too (the museum trial's item 5).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_pages_own_origin_writes() {
    let (addr, museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let port = addr.port();
    let own = format!("origin: http://{addr}");
    let refused: Vec<Vec<String>> = vec![
        vec![format!("origin: https://{addr}")],
        vec![format!("origin: HTTP://{addr}")],
        vec![format!("origin: http://localhost:{port}")],
        vec![
            format!("origin: http://{addr}"),
            "origin: http://evil.example".into(),
        ],
        vec![
            "origin: http://evil.example".into(),
            format!("origin: http://{addr}"),
        ],
        vec!["sec-fetch-site: cross-site".into()],
        vec![own.clone(), "sec-fetch-site: cross-site".into()],
    ];
    for headers in refused {
        c.headers.clone_from(&headers);
        let a = c.post("/api/visits", json!({"kind": "tictactoe"})).await;
        assert_eq!(a.status, 403, "{headers:?}: {a:?}");
        assert!(is_json_error(&a), "{a:?}");
        assert!(a.error().contains("another origin"), "{a:?}");
    }
    assert_eq!(museum.len(), 0, "no visit opened");
    for headers in [
        vec![own.clone()],
        vec![own, "sec-fetch-site: same-origin".into()],
        vec!["sec-fetch-site: none".into()],
        vec![],
    ] {
        c.headers.clone_from(&headers);
        let a = c.post("/api/visits", json!({"kind": "tictactoe"})).await;
        assert_eq!(a.status, 201, "{headers:?}: {a:?}");
    }
    // Reads are answered whatever the headers say.
    c.headers = vec!["sec-fetch-site: cross-site".into()];
    assert_eq!(c.get("/api/exhibits").await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn per_client_limits_count_each_address_apart() {
    let (addr, museum) = start_exact(MuseumConfig {
        max_visits_per_client: 2,
        rate_limit: None,
        ..MuseumConfig::default()
    })
    .await;
    let mut two = Client::connect_from(addr, Some(ip("127.0.0.2"))).await;
    let mut three = Client::connect_from(addr, Some(ip("127.0.0.3"))).await;
    let a = visit(&mut two, Value::Null).await;
    let b = visit(&mut two, Value::Null).await;
    let _watching = (events(addr, &a).await, events(addr, &b).await);
    // 127.0.0.2 holds its two, both watched: refused, 127.0.0.3 served meanwhile.
    let refused = two.post("/api/visits", json!({"kind": "tictactoe"})).await;
    assert_eq!(refused.status, 429, "{refused:?}");
    assert!(
        refused
            .error()
            .contains("this client (127.0.0.2) holds 2 visits"),
        "{refused:?}"
    );
    assert!(
        refused.error().contains("--max-visits-per-client"),
        "{refused:?}"
    );
    visit(&mut three, Value::Null).await;
    assert_eq!(museum.len_of(ip("127.0.0.2")), 2);
    assert_eq!(museum.len_of(ip("127.0.0.3")), 1);
    drop(_watching);

    // Unwatched now: a third visit of 127.0.0.2 lets its own longest-idle one go.
    tokio::time::sleep(Duration::from_millis(100)).await;
    two.get(&format!("/api/visits/{b}")).await;
    let c = visit(&mut two, Value::Null).await;
    assert_eq!(two.get(&format!("/api/visits/{a}")).await.status, 404);
    assert_eq!(two.get(&format!("/api/visits/{b}")).await.status, 200);
    assert_eq!(two.get(&format!("/api/visits/{c}")).await.status, 200);
    assert_eq!(
        museum.len_of(ip("127.0.0.3")),
        1,
        "another client's visit stays"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_per_second_are_limited_per_client_with_a_429_and_retry_after() {
    let (addr, _) = start_exact(MuseumConfig {
        rate_limit: Some(RateLimit {
            per_second: 2,
            burst: 5,
        }),
        ..MuseumConfig::default()
    })
    .await;
    let mut two = Client::connect_from(addr, Some(ip("127.0.0.2"))).await;
    let mut three = Client::connect_from(addr, Some(ip("127.0.0.3"))).await;
    for _ in 0..5 {
        assert_eq!(two.get("/api/exhibits").await.status, 200);
    }
    let a = two.get("/api/exhibits").await;
    assert_eq!(a.status, 429, "{a:?}");
    assert!(is_json_error(&a));
    assert!(
        a.error()
            .contains("too many requests from 127.0.0.2: at most 2 a second (bursts of 5)"),
        "{a:?}"
    );
    assert_eq!(a.header("retry-after"), Some("1"));
    // The wait told is the one Retry-After gives, in whole seconds (never "0.0 s").
    assert!(a.error().ends_with("try again in 1 s"), "{a:?}");
    // Another client is served meanwhile.
    assert_eq!(three.get("/api/exhibits").await.status, 200);
    // After a pause the first is served again.
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(two.get("/api/exhibits").await.status, 200);

    // Behind a proxy the client is the last X-Forwarded-For address; without
    // --behind-proxy the header is ignored (all of these count as 127.0.0.4).
    let mut four = Client::connect_from(addr, Some(ip("127.0.0.4"))).await;
    for i in 0..6 {
        four.headers = vec![format!("x-forwarded-for: 203.0.113.{i}")];
        let a = four.get("/api/exhibits").await;
        assert_eq!(a.status, if i < 5 { 200 } else { 429 }, "{i}: {a:?}");
    }
    let (addr, museum) = start_exact(MuseumConfig {
        behind_proxy: true,
        rate_limit: Some(RateLimit {
            per_second: 1,
            burst: 2,
        }),
        ..MuseumConfig::default()
    })
    .await;
    let mut proxy = Client::connect(addr).await;
    for i in 0..6 {
        proxy.headers = vec![format!("x-forwarded-for: 10.0.0.1, 203.0.113.{i}")];
        assert_eq!(proxy.get("/api/exhibits").await.status, 200, "{i}");
        assert_eq!(proxy.get("/api/exhibits").await.status, 200, "{i}");
        let a = proxy
            .post("/api/visits", json!({"kind": "tictactoe"}))
            .await;
        assert_eq!(a.status, 429, "the third from 203.0.113.{i}: {a:?}");
    }
    assert_eq!(museum.len(), 0);
    let mut other = Client::connect(addr).await;
    other.headers = vec!["x-forwarded-for: 203.0.113.200".into()];
    let a = other
        .post("/api/visits", json!({"kind": "tictactoe"}))
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    assert_eq!(museum.len_of(ip("203.0.113.200")), 1);
    other.headers = vec!["x-forwarded-for: not-an-address".into()];
    let a = other.get("/api/exhibits").await;
    assert_eq!(a.status, 400);
    assert!(
        a.error().contains("'not-an-address' is not an IP address"),
        "{a:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_museum_lets_the_longest_idle_unwatched_visit_go() {
    let (addr, museum) = start(MuseumConfig {
        max_visits: 3,
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    // A page reloaded ten times without its beacon (it crashed each time): each load
    // opens a visit and watches it, then goes. Nobody is ever locked out.
    let mut loads = Vec::new();
    for _ in 0..10 {
        let id = visit(&mut c, Value::Null).await;
        let mut page = events(addr, &id).await;
        page.next(Duration::from_secs(2)).await.unwrap();
        drop(page);
        loads.push(id);
    }
    assert_eq!(museum.len(), 3);
    // The newest three are kept, the older let go oldest first.
    for (i, id) in loads.iter().enumerate() {
        let status = c.get(&format!("/api/visits/{id}")).await.status;
        assert_eq!(status, if i >= 7 { 200 } else { 404 }, "load {i}");
    }

    // With pages watching two, a newcomer takes the place of the unwatched one…
    let watched: Vec<_> = vec![events(addr, &loads[7]).await, events(addr, &loads[8]).await];
    let newcomer = visit(&mut c, Value::Null).await;
    assert_eq!(
        c.get(&format!("/api/visits/{}", loads[9])).await.status,
        404
    );
    // … and when every visit is watched the next is refused.
    let _third = events(addr, &newcomer).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    let full = c.post("/api/visits", json!({"kind": "tictactoe"})).await;
    assert_eq!(full.status, 503, "{full:?}");
    assert!(is_json_error(&full));
    drop(watched);

    // A page that goes away releases its visit with a beacon (any body, ignored).
    tokio::time::sleep(Duration::from_millis(50)).await;
    let a = c
        .raw("POST", &format!("/api/visits/{newcomer}/release"), b"bye")
        .await;
    assert_eq!(a.status, 204, "{a:?}");
    assert_eq!(c.get(&format!("/api/visits/{newcomer}")).await.status, 404);
    let a = c
        .raw("POST", &format!("/api/visits/{newcomer}/release"), b"")
        .await;
    assert_eq!(a.status, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_stream_unwatches_its_visit_at_once() {
    let (addr, museum) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let id = visit(&mut c, Value::Null).await;
    let mut page = events(addr, &id).await;
    page.next(Duration::from_secs(2)).await.unwrap();
    let v = museum.get(&id).unwrap();
    assert!(v.watched());
    drop(page);
    let t = Instant::now();
    while v.watched() {
        assert!(
            t.elapsed() < Duration::from_secs(2),
            "still watched after the page went"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autoplay_stops_when_no_page_watches() {
    let (addr, museum) = start(MuseumConfig {
        unwatched_job_limit: Duration::from_secs(1),
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    let id = visit(&mut c, json!({"x": "random", "o": "random", "seed": 4})).await;
    let mut page = events(addr, &id).await;
    page.next(Duration::from_secs(2)).await.unwrap();
    let a = c
        .post(
            &format!("/api/visits/{id}/autoplay"),
            json!({"action": {"type": "step"}, "interval_ms": 20}),
        )
        .await;
    assert_eq!(a.status, 202);
    // Watched: runs past the limit.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let now = c.get(&format!("/api/visits/{id}")).await.body;
    assert_eq!(now["running"], true, "{now}");
    assert_eq!(now["job"], "autoplay");
    // The page goes (no beacon): stopped within the limit and a sweep.
    drop(page);
    let went = Instant::now();
    let v = museum.get(&id).unwrap();
    while v.running() {
        assert!(
            went.elapsed() < Duration::from_secs(4),
            "autoplay outlived its page"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let after = c.get(&format!("/api/visits/{id}")).await.body;
    assert_eq!(after["running"], false);
    let mut page = events(addr, &id).await;
    let latest = page.next(Duration::from_secs(2)).await.unwrap();
    assert!(
        latest["note"]
            .as_str()
            .unwrap()
            .contains("no page has watched this visit for 1 s"),
        "{latest}"
    );
    let seq = latest["seq"].clone();
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(c.get(&format!("/api/visits/{id}")).await.body["seq"], seq);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_error_is_json_and_every_answer_has_the_security_headers() {
    let (addr, _) = start(MuseumConfig {
        max_body_bytes: 256,
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    let id = visit(&mut c, Value::Null).await;
    let big = vec![b'x'; 1024];
    let cases: Vec<(&str, String, &[u8], u16, &str)> = vec![
        (
            "PUT",
            "/api/visits".into(),
            b"{}",
            405,
            "PUT is not allowed on /api/visits",
        ),
        (
            "DELETE",
            "/api/exhibits".into(),
            b"",
            405,
            "DELETE is not allowed",
        ),
        (
            "GET",
            format!("/api/visits/{id}/actions"),
            b"",
            405,
            "GET is not allowed",
        ),
        (
            "PATCH",
            format!("/api/visits/{id}"),
            b"",
            405,
            "PATCH is not allowed",
        ),
        (
            "GET",
            "/api/nothing".into(),
            b"",
            404,
            "no API endpoint /api/nothing",
        ),
        ("GET", "/nothing.js".into(), b"", 404, "no page /nothing.js"),
        (
            "GET",
            "/api/visits/0000000000000000".into(),
            b"",
            404,
            "no visit",
        ),
        (
            "POST",
            format!("/api/visits/{id}/actions"),
            &big,
            413,
            "larger than the limit of 256 bytes",
        ),
    ];
    for (method, path, body, status, says) in cases {
        c = Client::connect(addr).await;
        let a = c.raw(method, &path, body).await;
        assert_eq!(a.status, status, "{method} {path}: {a:?}");
        assert!(is_json_error(&a), "{method} {path}: {a:?}");
        assert!(a.error().contains(says), "{method} {path}: {a:?}");
        assert_eq!(a.header("x-content-type-options"), Some("nosniff"));
    }
    c = Client::connect(addr).await;
    for path in ["/", "/exhibits/menace", "/api/exhibits", "/assets/index.js"] {
        let a = c.get(path).await;
        assert_eq!(a.status, 200, "{path}");
        let csp = a.header("content-security-policy").unwrap_or_default();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert_eq!(
            a.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(a.header("x-frame-options"), Some("DENY"), "{path}");
    }
    c.host = "evil.example".into();
    let a = c.get("/").await;
    assert_eq!(a.status, 421);
    assert!(a.header("content-security-policy").is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_visit_let_go_ends_its_streams() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let id = visit(&mut c, Value::Null).await;
    let mut page = events(addr, &id).await;
    page.next(Duration::from_secs(2)).await.unwrap();
    assert_eq!(
        c.call("DELETE", &format!("/api/visits/{id}"), None)
            .await
            .status,
        204
    );
    // The page's stream ends (its browser then reconnects, is refused with 404, and
    // opens a fresh visit).
    assert!(page.next(Duration::from_secs(2)).await.is_none());
    let mut c = Client::connect(addr).await;
    let a = c.get(&format!("/api/visits/{id}/events")).await;
    assert_eq!(a.status, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn axums_own_rejections_are_json_too() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let a = c
        .post("/api/visits", json!({"kind": "menace", "config": null}))
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    let id = a.body["id"].as_str().unwrap().to_string();
    for (path, says) in [
        (format!("/api/visits/{id}/kit.pdf?tint=maybe"), "tint"),
        (
            format!("/api/visits/{id}/kit.pdf?box=15x35mm&box=20x40mm"),
            "box",
        ),
        (format!("/api/visits/{id}/kit.pdf?colour=red"), "colour"),
        (format!("/api/visits/{id}/kit.pdf?tab=wide"), "tab"),
        ("/api/visits/%FF%FE/actions".to_string(), "UTF-8"),
        (
            format!("/api/visits/{id}/actions?refusals=inline&refusals=x"),
            "refusals",
        ),
    ] {
        let method = if path.contains("/actions") {
            "POST"
        } else {
            "GET"
        };
        let a = c.raw(method, &path, b"{\"type\":\"new_game\"}").await;
        assert_eq!(a.status, 400, "{path}: {a:?}");
        assert!(is_json_error(&a), "{path}: {a:?}");
        assert!(a.error().contains(says), "{path}: {a:?}");
        assert_eq!(a.header("x-content-type-options"), Some("nosniff"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_guard_reads_the_request_line_and_refuses_two_hosts() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    // An absolute-URI request line names the host that counts.
    for (target, status) in [
        ("http://evil.example/api/exhibits".to_string(), 421),
        (
            format!("http://evil.example:{}/api/exhibits", addr.port()),
            421,
        ),
        (format!("http://{addr}/api/exhibits"), 200),
    ] {
        let a = c.raw("GET", &target, b"").await;
        assert_eq!(a.status, status, "{target}: {a:?}");
        // The name refused is the request line's, and said so (the Host header is ours).
        if status == 421 {
            assert!(
                a.error()
                    .contains("not to the request line's host 'evil.example")
                    && !a.error().contains("not to Host"),
                "{a:?}"
            );
        }
    }
    // A page asked for under a foreign name in the request line: a page saying so.
    let a = c.raw("GET", "http://evil.example/", b"").await;
    assert_eq!(a.status, 421, "{a:?}");
    assert!(
        a.body.as_str().is_some_and(
            |p| p.contains("not to the request line&#39;s host &#39;evil.example&#39;")
        ),
        "{a:?}"
    );
    // The Host header must be ours too, beside an own request line.
    c.host = "evil.example".into();
    let a = c
        .raw("GET", &format!("http://{addr}/api/exhibits"), b"")
        .await;
    assert_eq!(a.status, 421, "{a:?}");
    assert!(
        is_json_error(&a) && a.error().contains("evil.example"),
        "{a:?}"
    );
    // Two Host headers, whichever comes first.
    for second in ["evil.example".to_string(), addr.to_string()] {
        let mut c = Client::connect(addr).await;
        c.headers = vec![format!("host: {second}")];
        let a = c.get("/api/exhibits").await;
        assert_eq!(a.status, 400, "{a:?}");
        assert!(
            is_json_error(&a) && a.error().contains("two Host headers"),
            "{a:?}"
        );
    }
}

/// A request with no Host (HTTP/1.0), `OPTIONS *` and `CONNECT host:port` are refused in
/// the museum's words: what is missing or not served, never a path it made up (`/*`) or
/// a sentence with a hole (`not to no Host`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_without_a_host_or_a_path_are_refused_in_our_words() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let (head, body) = raw_tcp(addr, b"GET /api/museum HTTP/1.0\r\n\r\n").await;
    assert!(head.contains(" 421 "), "{head}");
    assert!(
        body.contains("this request names no host (it has no Host header)")
            && !body.contains("not to no Host"),
        "{body}"
    );
    for (request, says) in [
        (
            format!("OPTIONS * HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
            "OPTIONS * is not served here",
        ),
        (
            format!("CONNECT {addr} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
            "is not served here",
        ),
    ] {
        let (head, body) = raw_tcp(addr, request.as_bytes()).await;
        assert!(head.contains(" 400 "), "{request}: {head}");
        assert!(
            body.contains(says)
                && body.contains("a path beginning with '/'")
                && !body.contains("/*"),
            "{request}: {body}"
        );
    }
}

/// Sends `bytes` on a connection of its own; the answer's head and body.
async fn raw_tcp(addr: std::net::SocketAddr, bytes: &[u8]) -> (String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let _ = s.write_all(bytes).await;
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut out)).await;
    let text = String::from_utf8_lossy(&out).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (head.to_string(), body.to_string())
}

/// A request hyper cannot read as HTTP — a request line or header that is not text, a
/// malformed version, headers too large — is answered with JSON like every refusal,
/// not a bare status.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_that_is_not_http_text_gets_a_json_error() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let host = format!("host: {addr}\r\n");
    let many: String = (0..120).map(|i| format!("x-h{i}: 1\r\n")).collect();
    let bytes = |parts: &[&[u8]]| parts.concat();
    for (request, status, says) in [
        (
            bytes(&[b"GET /\xff\xfe HTTP/1.1\r\n", host.as_bytes(), b"\r\n"]),
            "400",
            "not plain text",
        ),
        (
            b"GET /\xff\xfe HTTP/1.1\r\n\r\n".to_vec(),
            "400",
            "not plain text",
        ),
        (
            b"G\xffT /api/exhibits HTTP/1.1\r\n\r\n".to_vec(),
            "400",
            "request line",
        ),
        (b"\xff\xfe\r\n\r\n".to_vec(), "400", "not plain text"),
        (
            bytes(&[
                b"GET / HTTP/1.1\r\n",
                host.as_bytes(),
                b"ho\xffst: x\r\n\r\n",
            ]),
            "400",
            "header",
        ),
        (
            format!("GET / HTTP/1.1\r\n{host}{many}\r\n").into_bytes(),
            "431",
            "too large",
        ),
    ] {
        let (head, body) = raw_tcp(addr, &request).await;
        let shown = String::from_utf8_lossy(&request[..request.len().min(40)]).into_owned();
        assert!(
            head.starts_with(&format!("HTTP/1.1 {status} ")),
            "{shown:?}: {head}"
        );
        assert!(
            head.to_ascii_lowercase()
                .contains("content-type: application/json"),
            "{shown:?}: {head}"
        );
        let v: Value =
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{shown:?}: {e}: {body:?}"));
        assert!(
            v["error"].as_str().unwrap_or("").contains(says),
            "{shown:?}: {v}"
        );
    }
    // After one of them, a good request on a new connection is served.
    let mut c = Client::connect(addr).await;
    assert_eq!(c.get("/api/exhibits").await.status, 200);
}

/// A page answers GET and HEAD; any other method gets 405 with `Allow`, in JSON, as
/// on the API — and a page that does not exist stays 404.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_answers_only_get_and_head() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    for path in ["/", "/exhibits/menace", "/assets/index.js", "/index.html"] {
        assert_eq!(c.raw("GET", path, b"").await.status, 200, "{path}");
        for method in ["POST", "PUT", "DELETE", "PATCH"] {
            let a = c.raw(method, path, b"").await;
            assert_eq!(a.status, 405, "{method} {path}: {a:?}");
            assert!(is_json_error(&a), "{method} {path}: {a:?}");
            assert_eq!(
                a.header("allow"),
                Some("GET,HEAD"),
                "{method} {path}: {a:?}"
            );
            assert!(
                a.error()
                    .contains(&format!("{method} is not allowed on {path}")),
                "{a:?}"
            );
        }
    }
    let a = c.raw("POST", "/no-such-page", b"").await;
    assert_eq!(a.status, 404, "{a:?}");
    assert!(is_json_error(&a), "{a:?}");
    // The API's own 405 carries Allow too.
    let a = c.raw("DELETE", "/api/exhibits", b"").await;
    assert_eq!(
        (a.status, a.header("allow")),
        (405, Some("GET,HEAD")),
        "{a:?}"
    );
}

/// The README's hosting section says exactly what the guard does: every Host its table
/// lists as answered is allowed by the policy of a museum started that way, and every
/// one it lists as refused is refused.
#[test]
fn the_readmes_table_of_hosts_is_what_the_guard_does() {
    use ludomat_museum::guard::HostPolicy;
    let readme = include_str!("../../../README.md");
    let table: Vec<&str> = readme
        .lines()
        .skip_while(|l| !l.starts_with("| started with | answered | refused (421) |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .collect();
    assert!(table.len() >= 5, "the table in README.md: {table:?}");
    let ticked = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    let mut checked = 0;
    for row in table {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        assert_eq!(cells.len(), 3, "{row}");
        let mut bind = "127.0.0.1".to_string();
        let mut allowed = Vec::new();
        for flag in ticked(cells[0]) {
            match flag.split_once(' ') {
                Some(("--bind", ip)) => bind = ip.to_string(),
                Some(("--allowed-host", name)) => allowed.push(name.to_string()),
                _ => panic!("{flag:?} in {row}"),
            }
        }
        let bound = std::net::SocketAddr::new(bind.parse().unwrap(), 8462);
        let policy = HostPolicy::new(bound, &allowed).unwrap();
        for host in ticked(cells[1]) {
            assert!(policy.allows(&host), "README: {host} answered ({row})");
            checked += 1;
        }
        for host in ticked(cells[2]) {
            assert!(!policy.allows(&host), "README: {host} refused ({row})");
            checked += 1;
        }
    }
    assert!(checked >= 25, "{checked}");
}

/// A long run started on a visit no page has watched for longer than the limit runs its
/// full limit (a run is use), and its cancel says why, in the latest update too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_run_on_a_long_unwatched_visit_gets_the_full_limit_and_says_why_it_stopped() {
    let (addr, _museum) = start(MuseumConfig {
        unwatched_job_limit: Duration::from_secs(2),
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
    tokio::time::sleep(Duration::from_millis(2600)).await;
    let started = Instant::now();
    let r = c
        .post(
            &format!("/api/visits/{id}/run"),
            json!({"long_run": "prove", "params": {"search_after": 9}}),
        )
        .await;
    assert_eq!(r.status, 202, "{r:?}");
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let now = c.get(&format!("/api/visits/{id}")).await.body;
    assert_eq!(now["running"], true, "cancelled at once: {now}");
    loop {
        let v = c.get(&format!("/api/visits/{id}")).await.body;
        if v["running"] == false {
            assert!(started.elapsed() >= Duration::from_secs(2), "{v}");
            // The run's last report after the cancel gives the run's own note, with the
            // museum's cause in place of "by Stop", its work, times and what was kept.
            tokio::time::sleep(Duration::from_millis(300)).await;
            let v = c.get(&format!("/api/visits/{id}")).await.body;
            let note = v["note"].as_str().unwrap_or_default();
            assert!(
                note.starts_with(
                    "The proof stopped by the museum (no page watched this visit for 2 s) "
                ) && note.contains(" wall, ")
                    && note.contains(" CPU; "),
                "{v}"
            );
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(8), "{v}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A Host (or Origin) with a character that is not plain ASCII is quoted with it
/// escaped, never shown empty (`Host ''`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_with_an_invisible_character_is_shown_escaped() {
    let (addr, _) = start(MuseumConfig::default()).await;
    let request =
        format!("GET /api/museum HTTP/1.1\r\nHost: {addr}\u{200b}\r\nConnection: close\r\n\r\n");
    let (head, body) = raw_tcp(addr, request.as_bytes()).await;
    assert!(head.contains(" 421 "), "{head}");
    assert!(
        body.contains(&format!("not to Host '{addr}\\\\u{{200b}}'")),
        "{body}"
    );
}

/// An action run (MENACE's training) no page watches is stopped by the museum with the
/// one note of every stopped run: what stopped it, after what, its times, what was kept.
/// Against the relay computer (emulated relay by relay), so the run is far from its end
/// when the museum's sweep comes (against random, 10,000,000 games can end in 2 s).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_action_run_no_page_watches_stops_with_every_runs_one_note() {
    let (addr, _museum) = start(MuseumConfig {
        unwatched_job_limit: Duration::from_secs(1),
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "menace", "config": {"opponent": "relay", "menace_plays": "O", "seed": 1}}),
        )
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    let id = a.body["id"].as_str().unwrap().to_string();
    let r = c
        .post(
            &format!("/api/visits/{id}/run"),
            json!({"action": {"type": "play_games", "n": 10000}, "times": 1000}),
        )
        .await;
    assert_eq!(r.status, 202, "{r:?}");
    let started = Instant::now();
    loop {
        let v = c.get(&format!("/api/visits/{id}")).await.body;
        if v["running"] == false {
            tokio::time::sleep(Duration::from_millis(300)).await;
            let v = c.get(&format!("/api/visits/{id}")).await.body;
            let note = v["note"].as_str().unwrap_or_default();
            assert!(
                note.starts_with(
                    "Training stopped by the museum (no page watched this visit for 1 s) after "
                ) && note.contains(" of 10,000,000 games trained: ")
                    && note.contains(" wall, ")
                    && note.contains(" CPU; the boxes keep the "),
                "{v}"
            );
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "{v}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A run waiting for a run slot that no page watches is taken out of the queue by the
/// museum, and its note says so (not "by Stop", which nobody sent).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_queued_run_no_page_watches_is_said_stopped_by_the_museum() {
    let (addr, _museum) = start(MuseumConfig {
        unwatched_job_limit: Duration::from_secs(1),
        max_runs: 1,
        max_runs_per_client: 2,
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    let mut ids = Vec::new();
    for _ in 0..2 {
        let a = c
            .post(
                "/api/visits",
                json!({"kind": "menace", "config": {"opponent": "random", "seed": 1}}),
            )
            .await;
        ids.push(a.body["id"].as_str().unwrap().to_string());
    }
    let (first, second) = (ids[0].clone(), ids[1].clone());
    // The first run is watched, and holds the one slot; the second waits, unwatched.
    let _watching = events(addr, &first).await;
    let long = json!({"action": {"type": "play_games", "n": 10000}, "times": 1000});
    let a = c
        .post(&format!("/api/visits/{first}/run"), long.clone())
        .await;
    assert_eq!(a.status, 202, "{a:?}");
    let q = c.post(&format!("/api/visits/{second}/run"), long).await;
    assert_eq!(q.body["queued"]["place"], 1, "{q:?}");
    let started = Instant::now();
    loop {
        let v = c.get(&format!("/api/visits/{second}")).await.body;
        if v["running"] == false {
            tokio::time::sleep(Duration::from_millis(300)).await;
            let v = c.get(&format!("/api/visits/{second}")).await.body;
            assert_eq!(
                v["note"],
                "Training stopped by the museum (no page watched this visit for 1 s) while \
                 it waited for a run slot; nothing was done",
                "{v}"
            );
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "{v}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    c.post(&format!("/api/visits/{first}/stop"), json!({}))
        .await;
}
