//! Connections: 1,100 idle connections (half never sent a byte, half sent one request
//! and keep the connection open) against a museum that keeps at most 1,000 open; a new
//! visitor is still answered, in under 100 ms. When every open connection is busy (event
//! streams), a newcomer gets 503 at once, as JSON. `-- --nocapture` prints the figures
//! (BENCHMARKS.md). Bounded: a few seconds.

mod common;

use std::time::{Duration, Instant};

use common::{events, Client, Running};
use ludomat_museum::MuseumConfig;
use serde_json::json;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

const IDLE: usize = 1_100;
const CAP: usize = 1_000;

fn relaxed(config: MuseumConfig) -> MuseumConfig {
    MuseumConfig {
        rate_limit: None,
        max_visits_per_client: usize::MAX,
        max_streams_per_visit: usize::MAX,
        max_streams_per_client: usize::MAX,
        max_connections_per_client: Some(usize::MAX),
        ..config
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_pile_up_and_a_new_visitor_is_answered_at_once() {
    let server = Running::start(relaxed(MuseumConfig {
        max_connections: Some(CAP),
        ..MuseumConfig::default()
    }))
    .await;
    let addr = server.addr;
    let started = Instant::now();
    let mut idle = Vec::with_capacity(IDLE);
    for i in 0..IDLE {
        if i % 2 == 0 {
            // Connected, never a byte sent.
            idle.push(TcpStream::connect(addr).await.unwrap());
        } else {
            // One request answered, then kept open and silent.
            let mut c = Client::connect(addr).await;
            assert_eq!(c.get("/api/exhibits").await.status, 200, "connection {i}");
            idle.push(c.into_stream());
        }
    }
    let piled = started.elapsed();
    // Give the server a moment to close the ones it let go.
    tokio::time::sleep(Duration::from_millis(200)).await;

    let mut slowest = Duration::ZERO;
    for round in 0..10 {
        let t = Instant::now();
        let mut c = Client::connect(addr).await;
        let a = if round % 2 == 0 {
            c.get("/api/exhibits").await
        } else {
            c.post("/api/visits", json!({"kind": "tictactoe"})).await
        };
        let took = t.elapsed();
        assert!(a.status == 200 || a.status == 201, "round {round}: {a:?}");
        slowest = slowest.max(took);
        idle.push(c.into_stream());
    }
    ludomat_io::errln!(
        "connections: {IDLE} idle connections opened in {:.2} s against a cap of {CAP}; \
         a new visitor's request (connect + answer) took at most {:.1} ms over 10 rounds",
        piled.as_secs_f64(),
        slowest.as_secs_f64() * 1000.0
    );
    assert!(
        slowest < Duration::from_millis(100),
        "a new visitor waited {slowest:?}"
    );
    drop(idle);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_the_cap_with_every_connection_busy_a_newcomer_gets_503_at_once() {
    let server = Running::start(relaxed(MuseumConfig {
        max_connections: Some(3),
        ..MuseumConfig::default()
    }))
    .await;
    let addr = server.addr;
    let mut c = Client::connect(addr).await;
    let id = c
        .post("/api/visits", json!({"kind": "tictactoe"}))
        .await
        .body["id"]
        .as_str()
        .unwrap()
        .to_string();
    drop(c);
    let mut pages = Vec::new();
    for _ in 0..3 {
        let mut p = events(addr, &id).await;
        p.next(Duration::from_secs(2)).await.unwrap();
        pages.push(p);
    }
    let t = Instant::now();
    let mut c = Client::connect(addr).await;
    let a = c.get("/api/exhibits").await;
    assert_eq!(a.status, 503, "{a:?}");
    assert!(
        a.error().contains("3 connections open, every one busy"),
        "{a:?}"
    );
    assert!(t.elapsed() < Duration::from_secs(1));
    // One page goes: room again.
    pages.pop();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut c = Client::connect(addr).await;
    assert_eq!(c.get("/api/exhibits").await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cap_is_below_the_raised_file_limit() {
    let server = Running::start(MuseumConfig::default()).await;
    let limit = ludomat_museum::fd_limit::raise();
    assert_eq!(
        server.max_connections,
        ludomat_museum::fd_limit::connection_cap(limit)
    );
    if let Some(limit) = limit {
        assert!((server.max_connections as u64) < limit);
    }
    // A connection that never sends a request does not hold a visitor up.
    let mut silent = TcpStream::connect(server.addr).await.unwrap();
    silent.write_all(b"GET /api/exh").await.unwrap();
    let mut c = Client::connect(server.addr).await;
    assert_eq!(c.get("/api/exhibits").await.status, 200);
}

/// One answer read off `r`: its status and whether it said `connection: close`, or
/// `None` when the connection closed first.
async fn read_one(r: &mut tokio::io::BufReader<TcpStream>) -> Option<(u16, bool)> {
    use tokio::io::{AsyncBufReadExt, AsyncReadExt};
    let mut head = String::new();
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).await.ok()? == 0 {
            return None;
        }
        if line == "\r\n" {
            break;
        }
        head.push_str(&line.to_ascii_lowercase());
    }
    let status = head.get(9..12)?.parse().ok()?;
    let len: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length: "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; len];
    r.read_exact(&mut body).await.ok()?;
    Some((status, head.contains("connection: close")))
}

/// A body announced larger than the limit is refused at once from its Content-Length
/// (413), without waiting for it, and the connection closed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_announced_too_large_is_refused_at_once_and_the_connection_closed() {
    use tokio::io::AsyncReadExt;
    let (addr, _museum) = common::start(MuseumConfig::default()).await;
    for path in ["/api/visits", "/api/visits/nope/stop", "/api/nowhere", "/"] {
        let mut s = TcpStream::connect(addr).await.unwrap();
        let head = format!(
            "POST {path} HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\n\
             content-length: 99999999\r\n\r\n{{"
        );
        s.write_all(head.as_bytes()).await.unwrap();
        let mut r = tokio::io::BufReader::new(s);
        let answer = tokio::time::timeout(Duration::from_secs(3), read_one(&mut r))
            .await
            .unwrap_or_else(|_| panic!("{path}: no answer in 3 s"));
        assert_eq!(answer, Some((413, true)), "{path}");
        let mut rest = Vec::new();
        let closed = tokio::time::timeout(Duration::from_secs(3), r.read_to_end(&mut rest)).await;
        assert!(closed.is_ok(), "{path}: the connection stayed open");
    }
}

/// A body that does not come whole within the body timeout is answered 408 with the
/// server's words for it, not 413 "larger than the limit"; the connection is closed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_too_slow_is_a_timeout_not_too_large() {
    use tokio::io::AsyncReadExt;
    let (addr, _museum) = common::start(MuseumConfig {
        body_timeout: Duration::from_millis(400),
        ..MuseumConfig::default()
    })
    .await;
    let mut s = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST /api/visits HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\n\
         content-length: 100\r\n\r\n{{\"kind\""
    );
    s.write_all(head.as_bytes()).await.unwrap();
    let mut all = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut all))
        .await
        .expect("answered and closed within 5 s")
        .unwrap();
    let all = String::from_utf8_lossy(&all);
    assert!(all.starts_with("HTTP/1.1 408"), "{all}");
    assert!(
        all.contains("the request's body did not come whole within 400 ms"),
        "{all}"
    );
    assert!(!all.contains("larger than the limit"), "{all}");
}

/// Handlers that ignore their body (`…/stop`, `…/release`, a GET) still read it: the
/// next request on the same keep-alive connection is answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_sent_to_a_handler_that_ignores_it_keeps_the_connection_in_step() {
    let (addr, _museum) = common::start(MuseumConfig::default()).await;
    let mut c = Client::connect(addr).await;
    let v = c
        .post("/api/visits", json!({"kind": "tictactoe", "config": null}))
        .await;
    assert_eq!(v.status, 201, "{v:?}");
    let id = v.body["id"].as_str().unwrap().to_string();
    let s = TcpStream::connect(addr).await.unwrap();
    let mut r = tokio::io::BufReader::new(s);
    for round in 0..8 {
        for (method, path, want) in [
            ("POST", format!("/api/visits/{id}/stop"), 200),
            ("GET", format!("/api/visits/{id}"), 200),
            ("POST", "/api/visits/nope/release".to_string(), 404),
        ] {
            let req = format!(
                "{method} {path} HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\n\
                 content-length: 2\r\n\r\n"
            );
            r.get_mut().write_all(req.as_bytes()).await.unwrap();
            // The body a moment after the head, as a browser's beacon may send it.
            if round % 2 == 1 {
                tokio::time::sleep(Duration::from_millis(30)).await;
            }
            r.get_mut().write_all(b"{}").await.unwrap();
            let answer = tokio::time::timeout(Duration::from_secs(3), read_one(&mut r))
                .await
                .unwrap_or_else(|_| panic!("round {round}, {method} {path}: no answer"));
            assert_eq!(
                answer,
                Some((want, false)),
                "round {round}, {method} {path}"
            );
        }
    }
}

/// A connection to the museum from `ip` (a loopback address of its own).
async fn connect_from(ip: [u8; 4], addr: std::net::SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(std::net::SocketAddr::from((ip, 0))).unwrap();
    socket.connect(addr).await.unwrap()
}

/// One address that opens many connections and sends half a body on each holds no more
/// than its share (an eighth of the cap), and each of them only until the body timeout:
/// another address is answered at once (it got 503 for as long as the stalled sockets
/// stayed open); the stalled address's next connection is told why it is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_with_stalled_bodies_never_shuts_the_others_out() {
    // (not `relaxed`: the share per address is what is tried)
    let server = Running::start(MuseumConfig {
        rate_limit: None,
        max_connections: Some(200),
        body_timeout: Duration::from_millis(800),
        ..MuseumConfig::default()
    })
    .await;
    let addr = server.addr;
    let share = ludomat_museum::per_address(200);
    assert_eq!(share, 25);
    let half = format!(
        "POST /api/visits HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\n\
         content-length: 100\r\n\r\n{{\"kind\""
    );
    let get = format!("GET /api/museum HTTP/1.1\r\nhost: {addr}\r\n\r\n");
    let mut stalled = Vec::new();
    for _ in 0..share {
        let mut s = connect_from([127, 0, 0, 1], addr).await;
        s.write_all(half.as_bytes()).await.unwrap();
        stalled.push(s);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    // the same address, over its share, every one busy: 503 naming the address's share
    let over = connect_from([127, 0, 0, 1], addr).await;
    let mut over = tokio::io::BufReader::new(over);
    over.get_mut().write_all(get.as_bytes()).await.unwrap();
    let (status, _) = read_one(&mut over).await.expect("an answer");
    assert_eq!(status, 503);
    // another address: answered at once
    let other = connect_from([127, 0, 0, 2], addr).await;
    let mut other = tokio::io::BufReader::new(other);
    let t = Instant::now();
    other.get_mut().write_all(get.as_bytes()).await.unwrap();
    let (status, _) = read_one(&mut other).await.expect("an answer");
    assert_eq!(status, 200);
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    // the stalled bodies: answered and closed after the body timeout
    let t = Instant::now();
    let mut r = tokio::io::BufReader::new(stalled.pop().unwrap());
    let answered = tokio::time::timeout(Duration::from_secs(5), read_one(&mut r)).await;
    let (status, _) = answered
        .expect("answered within the timeout")
        .expect("an answer");
    assert!((400..500).contains(&status), "{status}");
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
}
