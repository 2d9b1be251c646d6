//! Memory of regex visits: the hostile trial's 64×64 puzzle of backreference clues,
//! loaded and revealed again and again by two clients at once, must not make the server
//! hold hundreds of megabytes (each solve used to copy the grid once per search level:
//! 250 MB a search, and 0.7–1.7 GB in the trial). Its own test binary with one test, so
//! the resident size is this server's and client's alone. `-- --nocapture` prints the
//! figures.

mod common;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{start, Client};
use ludomat_museum::memory::resident_bytes;
use ludomat_museum::MuseumConfig;
use serde_json::json;

const CLIENTS: usize = 2;
const ROUNDS: usize = 3;

fn puzzle() -> String {
    let mut t = String::from("title: h\nshape: rectangle 64x64\n");
    for n in 1..=64 {
        t.push_str(&format!("across {n}: (.*)(.*)\\2\\1(.*)\\3\n"));
    }
    for n in 1..=64 {
        t.push_str(&format!("down {n}: (.)(.)(.).*\\3\\2\\1\n"));
    }
    t
}

fn mib(b: u64) -> f64 {
    b as f64 / 1_048_576.0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn regex_visits_loading_and_revealing_a_large_puzzle_stay_small() {
    let Some(base) = resident_bytes() else {
        ludomat_io::errln!("no /proc: nothing measured");
        return;
    };
    let (addr, museum) = start(MuseumConfig::default()).await;
    let peak = Arc::new(AtomicU64::new(base));
    let done = Arc::new(AtomicBool::new(false));
    let watcher = {
        let (peak, done) = (Arc::clone(&peak), Arc::clone(&done));
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                if let Some(r) = resident_bytes() {
                    peak.fetch_max(r, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        })
    };
    let mut c = Client::connect(addr).await;
    let about = c.get("/api/museum").await;
    assert_eq!(
        about.body["limits"]["regex_search_bytes"], 32_000_000,
        "{about:?}"
    );
    // A puzzle whose search could take more than that is refused, saying so.
    let mut big = String::from("shape: rectangle 64x64\nalphabet:  -~\n");
    for dir in ["across", "down"] {
        for n in 1..=64 {
            for clue in ["A*", "B*", "C*", "D*", "E*", "F*", "G*", "H*"] {
                big.push_str(&format!("{dir} {n}: {clue}\n"));
            }
        }
    }
    let a = c.post("/api/visits", json!({"kind": "regex"})).await;
    let id = a.body["id"].as_str().unwrap().to_string();
    let r = c
        .post(
            &format!("/api/visits/{id}/actions"),
            json!({"type": "load", "name": "big.txt", "text": big}),
        )
        .await;
    let error = r.body["error"].as_str().unwrap_or_default();
    assert!(
        r.status == 400 && error.contains("more than the 32 MB a puzzle may take"),
        "{r:?}"
    );
    c.call("DELETE", &format!("/api/visits/{id}"), None).await;

    let started = Instant::now();
    let text = puzzle();
    let mut tasks = Vec::new();
    for _ in 0..CLIENTS {
        let text = text.clone();
        tasks.push(tokio::spawn(async move {
            let mut c = Client::connect(addr).await;
            for _ in 0..ROUNDS {
                let a = c.post("/api/visits", json!({"kind": "regex"})).await;
                assert_eq!(a.status, 201, "{a:?}");
                let id = a.body["id"].as_str().unwrap().to_string();
                let url = format!("/api/visits/{id}/actions");
                let l = c
                    .post(&url, json!({"type": "load", "name": "h.txt", "text": text}))
                    .await;
                assert_eq!(l.status, 200, "{l:?}");
                let r = c.post(&url, json!({"type": "reveal"})).await;
                assert_eq!(r.status, 200, "{r:?}");
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    done.store(true, Ordering::Relaxed);
    watcher.join().unwrap();
    assert_eq!(museum.len(), CLIENTS * ROUNDS);
    let peak = peak.load(Ordering::Relaxed);
    let end = resident_bytes().unwrap();
    ludomat_io::errln!(
        "memory: {} regex visits of a 64×64 puzzle loaded and revealed by {CLIENTS} clients \
         in {:.1} s; RSS {:.1} MiB at the start, peak {:.1} MiB, {:.1} MiB at the end",
        CLIENTS * ROUNDS,
        started.elapsed().as_secs_f64(),
        mib(base),
        mib(peak),
        mib(end)
    );
    // Two searches at once, each bounded by the puzzle's search bound (8 MB here), the
    // compiled clues and the views: well under 100 MiB over the start.
    assert!(
        peak.saturating_sub(base) < 100 << 20,
        "RSS peak {:.1} MiB over a start of {:.1} MiB",
        mib(peak),
        mib(base)
    );
}
