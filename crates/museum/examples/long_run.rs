//! One of the museum's long runs as a visitor's page starts it, timed.
//!
//! ```sh
//! cargo run --release -p ludomat-museum --example long_run -- prove K [MINUTES]
//! cargo run --release -p ludomat-museum --example long_run -- train GAMES [MINUTES]
//! ```
//!
//! `prove K`: the 4×4×4 proof after Patashnik's first K stones (0: from the empty board),
//! as the Qubic page's Prove starts it; `train GAMES`: a Threes! network trained from
//! nothing for GAMES games, as the Threes! page's Train. The server runs in this process
//! on loopback (tokio, two worker threads) with the museum's defaults but a run limit of
//! MINUTES (90 unless given); the run goes on its own thread at nice 10 as in `ludomat
//! serve`. Every 30 s a line: the wall time, the run's own CPU time, the work done and the
//! time left as the page shows it (the run's own estimate with its basis, or at the rate
//! so far); at the end the museum's note, the run's wall and CPU time, this process's CPU
//! time and the result's figures (the proof's expansions and verdict, the training's
//! games and the greedy player's mean score at each point of its curve).

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::{events, start, Client};
use ludomat_game::run::cpu;
use ludomat_io::text::{duration, thousands, wall_and_cpu};
use ludomat_museum::MuseumConfig;
use serde_json::{json, Value};

fn usage() -> ! {
    ludomat_io::errln!("usage: long_run prove K [MINUTES] | long_run train GAMES [MINUTES]");
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| args.get(i).and_then(|s| s.parse::<u64>().ok());
    let (kind, run) = match (args.first().map(String::as_str), number(1)) {
        (Some("prove"), Some(k)) if k <= 15 => (
            "qubic",
            json!({"long_run": "prove", "params": {"search_after": k}}),
        ),
        (Some("train"), Some(g)) => (
            "threes",
            json!({"long_run": "train", "params": {"games": g}}),
        ),
        _ => usage(),
    };
    let minutes = number(2).unwrap_or(90).clamp(1, 1440);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap_or_else(|e| {
            ludomat_io::errln!("long_run: no runtime: {e}");
            std::process::exit(1)
        });
    rt.block_on(watch(kind, run, Duration::from_secs(minutes * 60)));
}

/// A `run_progress` happening's line.
fn line(p: &Value) -> String {
    let ms = |k: &str| p[k].as_u64().map(Duration::from_millis);
    let mut out = format!(
        "{}: {} of {} {}",
        duration(ms("elapsed_ms").unwrap_or_default()),
        thousands(p["done"].as_u64().unwrap_or(0)),
        thousands(p["total"].as_u64().unwrap_or(0)),
        p["unit"].as_str().unwrap_or("")
    );
    if let Some(cpu) = ms("cpu_ms") {
        out += &format!(", {} CPU", duration(cpu));
    }
    if let Some(x) = p["partial"]["expansions"].as_u64() {
        out += &format!(", {} expansions", thousands(x));
    }
    if let Some(m) = p["partial"]["curve"]
        .as_array()
        .and_then(|c| c.last())
        .and_then(|c| c["mean"].as_f64())
    {
        out += &format!(", mean {}", thousands(m.round() as u64));
    }
    match (p["eta_range_ms"].as_array(), ms("eta_ms")) {
        (Some(r), _) => {
            let d = |v: &Value| duration(Duration::from_millis(v.as_u64().unwrap_or(0)));
            out += &format!("; about {} – {} left", d(&r[0]), d(&r[1]));
        }
        (None, Some(eta)) => out += &format!("; about {} left at the rate so far", duration(eta)),
        (None, None) => {}
    }
    if let Some(b) = p["eta_basis"].as_str() {
        out += &format!(" ({b})");
    }
    out
}

async fn watch(kind: &str, run: Value, limit: Duration) {
    let (addr, _museum) = start(MuseumConfig {
        max_run_time: limit,
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    let a = c
        .post("/api/visits", json!({"kind": kind, "config": null}))
        .await;
    let Some(id) = a.body["id"].as_str().map(str::to_string) else {
        ludomat_io::errln!("long_run: no visit: {a:?}");
        std::process::exit(1)
    };
    let mut stream = events(addr, &id).await;
    let (wall0, cpu0) = (Instant::now(), cpu::process());
    let started = c.post(&format!("/api/visits/{id}/run"), run).await;
    if started.status != 202 {
        ludomat_io::errln!("long_run: refused: {started:?}");
        std::process::exit(1)
    }
    let mut next = Duration::ZERO;
    let mut last = Value::Null;
    while let Some(u) = stream.next(Duration::from_secs(600)).await {
        for h in u["happenings"].as_array().into_iter().flatten() {
            if h["type"] == "run_progress" {
                last = h.clone();
            }
        }
        if wall0.elapsed() >= next && !last.is_null() {
            ludomat_io::outln!("{}", line(&last));
            next += Duration::from_secs(30);
        }
        if u["running"] == false && u["note"].is_string() {
            ludomat_io::outln!("{}", line(&last));
            ludomat_io::outln!("note: {}", u["note"].as_str().unwrap_or(""));
            ludomat_io::outln!(
                "this process: {}",
                wall_and_cpu(wall0.elapsed(), cpu::process().saturating_sub(cpu0))
            );
            let r = &last["result"];
            if let Some(v) = r["verdict"]["verdict"].as_str() {
                ludomat_io::outln!(
                    "verdict: {v}; {} expansions; search {:.1} s wall, {:.1} s CPU (process)",
                    thousands(r["stats"]["expansions"].as_u64().unwrap_or(0)),
                    r["search"]["seconds"].as_f64().unwrap_or(0.0),
                    r["search"]["cpu_seconds"].as_f64().unwrap_or(0.0)
                );
            }
            for p in r["curve"].as_array().into_iter().flatten() {
                ludomat_io::outln!(
                    "curve: {} games, mean {} ± {}, {} CPU",
                    thousands(p["games"].as_u64().unwrap_or(0)),
                    thousands(p["mean"].as_f64().unwrap_or(0.0).round() as u64),
                    thousands(p["half_width"].as_f64().unwrap_or(0.0).round() as u64),
                    duration(Duration::from_secs_f64(
                        p["cpu_seconds"].as_f64().unwrap_or(0.0)
                    ))
                );
            }
            return;
        }
    }
    ludomat_io::errln!("long_run: the stream ended before the run");
    std::process::exit(1)
}
