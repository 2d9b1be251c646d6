//! The museum's benchmark: requests per second for a move action, SSE updates per
//! second, and the page weight of each exhibit.
//!
//! ```sh
//! cargo run --release -p ludomat-museum --example bench [-- SECONDS [CLIENTS]]
//! ```
//!
//! The server runs in this process on loopback (tokio, two worker threads); clients are
//! keep-alive HTTP/1.1 connections, each with its own visit of random against random,
//! posting `{"type":"step"}` (one machine move; a new game once one is over).

#[path = "../tests/common/mod.rs"]
mod common;

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{events, start, Client};
use ludomat_museum::{assets, exhibits, MuseumConfig};
use serde_json::json;

fn main() {
    let mut args = std::env::args().skip(1);
    let seconds: u64 = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3)
        .clamp(1, 60);
    let clients: usize = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8)
        .clamp(1, 256);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    rt.block_on(run(Duration::from_secs(seconds), clients));
    page_weights();
}

async fn new_visit(c: &mut Client) -> String {
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "tictactoe", "config": {"x": "random", "o": "random", "seed": 1}}),
        )
        .await;
    assert_eq!(a.status, 201);
    a.body["id"].as_str().unwrap_or_default().to_string()
}

async fn run(time: Duration, clients: usize) {
    let (addr, _museum) = start(MuseumConfig::default()).await;

    // 1. Move actions per second, `clients` connections at once.
    let stop = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let (stop, done) = (Arc::clone(&stop), Arc::clone(&done));
        tasks.push(tokio::spawn(async move {
            let mut c = Client::connect(addr).await;
            let id = new_visit(&mut c).await;
            let path = format!("/api/visits/{id}/actions");
            while !stop.load(Ordering::Relaxed) {
                let a = c.post(&path, json!({"type": "step"})).await;
                assert_eq!(a.status, 200);
                done.fetch_add(1, Ordering::Relaxed);
            }
        }));
    }
    let t0 = Instant::now();
    tokio::time::sleep(time).await;
    stop.store(true, Ordering::Relaxed);
    let n = done.load(Ordering::Relaxed);
    let secs = t0.elapsed().as_secs_f64();
    for t in tasks {
        let _ = t.await;
    }
    ludomat_io::outln!(
        "move action (POST step): {n} requests in {secs:.2} s with {clients} connections = {:.0} requests/s",
        n as f64 / secs
    );

    // 2. SSE: one visit changed as fast as one client can post; a reader counts the
    // state events it receives (a slow reader skips to the latest, so events ≤ changes).
    let mut c = Client::connect(addr).await;
    let id = new_visit(&mut c).await;
    let mut reader = events(addr, &id).await;
    let _ = reader.next(Duration::from_secs(2)).await;
    let received = Arc::new(AtomicU64::new(0));
    let counting = {
        let received = Arc::clone(&received);
        tokio::spawn(async move {
            while reader.next(Duration::from_secs(1)).await.is_some() {
                received.fetch_add(1, Ordering::Relaxed);
            }
        })
    };
    let path = format!("/api/visits/{id}/actions");
    let t0 = Instant::now();
    let mut changes = 0u64;
    while t0.elapsed() < time {
        let a = c.post(&path, json!({"type": "step"})).await;
        assert_eq!(a.status, 200);
        changes += 1;
    }
    let secs = t0.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let got = received.load(Ordering::Relaxed);
    counting.abort();
    ludomat_io::outln!(
        "SSE: {changes} changes in {secs:.2} s ({:.0}/s), {got} state events received ({:.0} updates/s)",
        changes as f64 / secs,
        got as f64 / secs
    );
    let _ = ludomat_io::out::stdout().flush();
}

/// Bytes each exhibit's page loads: the page, its script and style, and the exhibit's
/// module with the chunks it imports (what the browser fetches; before compression).
fn page_weights() {
    let files: std::collections::HashMap<String, usize> = assets::files().into_iter().collect();
    let size = |p: &str| files.get(p).copied().unwrap_or(0);
    let shell = size("index.html") + size("assets/index.js") + size("assets/index.css");
    ludomat_io::outln!("page weight, home page: {shell} bytes (index.html, index.js, index.css)");
    for e in exhibits::EXHIBITS {
        let module = format!("assets/{}.js", e.kind);
        let mut total = shell + size(&module);
        let mut parts = vec![module.clone()];
        if let Some(text) = assets::text(&module) {
            for chunk in imported_chunks(&text) {
                if chunk != "index.js" {
                    total += size(&format!("assets/{chunk}"));
                    parts.push(format!("assets/{chunk}"));
                }
            }
        }
        ludomat_io::outln!(
            "page weight, {}: {total} bytes (home page + {})",
            e.kind,
            parts.join(" + ")
        );
    }
}

/// `./name.js` chunks a module imports.
fn imported_chunks(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices("\"./") {
        let rest = &text[i + 3..];
        if let Some(end) = rest.find('"') {
            let name = &rest[..end];
            if name.ends_with(".js") && !out.iter().any(|o| o == name) {
                out.push(name.to_string());
            }
        }
    }
    out
}
