//! Stopping with pages open: the event stream ends, autoplay is cancelled, idle and
//! half-sent connections do not hold the stop up, and it says what it did — within 2 s.
//! (`crates/cli/tests/serve.rs` sends the real SIGINT and SIGTERM to `ludomat serve`.)

mod common;

use std::time::{Duration, Instant};

use common::{events, Client, Running};
use ludomat_museum::MuseumConfig;
use serde_json::json;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_closes_streams_cancels_autoplay_and_ends_within_two_seconds() {
    let server = Running::start(MuseumConfig::default()).await;
    let addr = server.addr;
    let mut c = Client::connect(addr).await;
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "tictactoe", "config": {"x": "random", "o": "random", "seed": 9}}),
        )
        .await;
    let id = a.body["id"].as_str().unwrap().to_string();
    let mut page = events(addr, &id).await;
    page.next(Duration::from_secs(2)).await.unwrap();
    let a = c
        .post(
            &format!("/api/visits/{id}/autoplay"),
            json!({"action": {"type": "step"}, "interval_ms": 10}),
        )
        .await;
    assert_eq!(a.status, 202);
    // A connection that sent half a request and stopped.
    let mut half = TcpStream::connect(addr).await.unwrap();
    half.write_all(b"POST /api/visits HTTP/1.1\r\nhost: 127.0.0.1\r\n")
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;

    let t = Instant::now();
    server.stop.send(()).unwrap();
    let stopped = tokio::time::timeout(Duration::from_secs(2), server.stopped)
        .await
        .expect("stopped within 2 s")
        .unwrap();
    let took = t.elapsed();
    ludomat_io::errln!("shutdown: {stopped} (seen by the caller after {took:?})");
    assert_eq!(stopped.streams, 1);
    assert_eq!(stopped.jobs, 1);
    assert_eq!(stopped.visits, 1);
    assert_eq!(
        stopped.connections, 3,
        "the client's, the page's, the half request's"
    );
    assert_eq!(stopped.dropped, 0, "{stopped}");
    // The visits are let go inside the stop (their freeing counted in its time), not
    // when the last handle on the museum goes after the summary.
    assert!(
        server.museum.is_empty(),
        "{} visits held after the stop",
        server.museum.len()
    );
    assert!(
        stopped.to_string().starts_with(
            "closed 1 event stream and 3 connections, cancelled 1 autoplay, let go of 1 visit in "
        ),
        "{stopped}"
    );
    // The page's stream has ended (after at most a few updates already sent).
    let mut ended = false;
    for _ in 0..100 {
        if page.next(Duration::from_secs(1)).await.is_none() {
            ended = true;
            break;
        }
    }
    assert!(ended, "the event stream did not end");
    // Nobody is listening any more.
    assert!(TcpStream::connect(addr).await.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_that_does_not_finish_is_dropped_after_the_grace() {
    let server = Running::start(MuseumConfig {
        shutdown_grace: Duration::from_millis(300),
        rate_limit: None,
        ..MuseumConfig::default()
    })
    .await;
    // A client whose request's body never arrives in full: the request is in progress
    // and cannot finish.
    let mut slow = TcpStream::connect(server.addr).await.unwrap();
    let head = format!(
        "POST /api/visits HTTP/1.1\r\nhost: {}\r\ncontent-type: application/json\r\n\
         content-length: 1000\r\n\r\n{{\"kind\":",
        server.addr
    );
    slow.write_all(head.as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let t = Instant::now();
    server.stop.send(()).unwrap();
    let stopped = tokio::time::timeout(Duration::from_secs(2), server.stopped)
        .await
        .expect("stopped within 2 s")
        .unwrap();
    assert_eq!(stopped.dropped, 1, "{stopped}");
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    assert!(stopped
        .to_string()
        .contains("(1 connection dropped unfinished)"));
}
