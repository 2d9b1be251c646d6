//! Memory: 1,000 MENACE visits at rest (each has played 20 games, no page watching) take
//! at most 100 KiB each, and once they end the resident size comes back within 20 % of
//! where it started. The server runs in this process on the runtime `ludomat serve` uses
//! (`ludomat_museum::runtime`), in its own test binary with one test, so the resident
//! size is the server's and this client's alone. `-- --nocapture` prints the figures
//! (BENCHMARKS.md). Bounded: about 12 s.

use ludomat_io::child::Run as _;
mod common;

use std::time::{Duration, Instant};

use common::{start, Client};
use ludomat_museum::memory::resident_bytes;
use ludomat_museum::{MuseumConfig, BLOCKING_THREAD_KEEP_ALIVE};
use serde_json::json;

const VISITS: usize = 1_000;
const CLIENTS: usize = 4;

fn mib(b: u64) -> f64 {
    b as f64 / 1_048_576.0
}

/// Long enough for the server's sweep (once a second) to give memory back and for the
/// blocking threads of a burst to end.
fn settle() -> Duration {
    BLOCKING_THREAD_KEEP_ALIVE + Duration::from_millis(2500)
}

/// Opens a MENACE visit against the random player and plays 20 games in it.
async fn menace_visit(c: &mut Client, seed: usize) -> String {
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "menace", "config": {"seed": seed, "opponent": "random"}}),
        )
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    let id = a.body["id"].as_str().unwrap().to_string();
    let p = c
        .post(
            &format!("/api/visits/{id}/actions"),
            json!({"type": "play_games", "n": 20}),
        )
        .await;
    assert_eq!(p.status, 200, "{p:?}");
    id
}

#[test]
fn menace_visits_at_rest_and_after_they_end() {
    // The allocator settings `ludomat serve` runs with are read by glibc at start: run
    // this test again in a process started with them.
    if !ludomat_museum::memory::tuned() {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "menace_visits_at_rest_and_after_they_end",
                "--nocapture",
            ])
            .env("GLIBC_TUNABLES", ludomat_museum::memory::tunables_env())
            .run_output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        ludomat_io::out::eprint(format_args!("{err}"));
        assert!(out.status.success(), "the tuned run failed");
        assert!(err.contains("memory: "), "the tuned run measured nothing");
        return;
    }
    let Some(at_start) = resident_bytes() else {
        ludomat_io::errln!("no /proc: nothing measured");
        return;
    };
    let runtime = ludomat_museum::runtime().unwrap();
    runtime.block_on(async {
        let (addr, museum) = start(MuseumConfig {
            max_visits: VISITS,
            ..MuseumConfig::default()
        })
        .await;
        // The starting level: a server that has had one visitor (the shared box tables
        // built, the code paths read in), settled.
        let mut c = Client::connect(addr).await;
        let id = menace_visit(&mut c, 0).await;
        c.call("DELETE", &format!("/api/visits/{id}"), None).await;
        tokio::time::sleep(settle()).await;
        let base = resident_bytes().unwrap();

        let started = Instant::now();
        let mut tasks = Vec::new();
        for k in 0..CLIENTS {
            tasks.push(tokio::spawn(async move {
                let mut c = Client::connect(addr).await;
                let mut ids = Vec::new();
                for i in (k..VISITS).step_by(CLIENTS) {
                    ids.push(menace_visit(&mut c, i).await);
                }
                (c, ids)
            }));
        }
        let mut clients = Vec::new();
        for t in tasks {
            clients.push(t.await.unwrap());
        }
        assert_eq!(museum.len(), VISITS);
        let made = started.elapsed();
        // At rest: the requests' passing memory given back, as the server does after
        // visits end (and this measure should not count it).
        ludomat_museum::memory::give_back();
        let full = resident_bytes().unwrap();
        let per_visit = full.saturating_sub(base) / VISITS as u64;

        for (mut c, ids) in clients {
            for id in ids {
                let a = c.call("DELETE", &format!("/api/visits/{id}"), None).await;
                assert_eq!(a.status, 204);
            }
        }
        assert!(museum.is_empty());
        tokio::time::sleep(settle()).await;
        let after = resident_bytes().unwrap();
        ludomat_io::errln!(
            "memory: {VISITS} MENACE visits (20 games each) made in {:.1} s; RSS {:.1} MiB \
             at the process's start, {:.1} MiB after one visit (the starting level), \
             {:.1} MiB with all at rest: {:.1} KiB per visit; {:.1} MiB {:.1} s after all \
             ended ({:+.1} % of the starting level)",
            made.as_secs_f64(),
            mib(at_start),
            mib(base),
            mib(full),
            per_visit as f64 / 1024.0,
            mib(after),
            settle().as_secs_f64(),
            (after as f64 / base as f64 - 1.0) * 100.0
        );
        assert!(
            per_visit <= 100 * 1024,
            "{per_visit} bytes per MENACE visit at rest"
        );
        assert!(
            after as f64 <= base as f64 * 1.2,
            "RSS {:.1} MiB after the visits ended, from {:.1} MiB",
            mib(after),
            mib(base)
        );
    });
}
