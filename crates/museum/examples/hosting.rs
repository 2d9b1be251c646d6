//! The museum as it runs for others, measured from outside: a real `ludomat serve`
//! process started under an open-files limit of 1,024 (soft and hard, as `ulimit -n
//! 1024` leaves a server that cannot raise it), then
//!
//! 1. its resident size at start, after one MENACE visit, with 1,000 MENACE visits at
//!    rest (each has played 20 games against the random player), and after all 1,000
//!    ended (deleted, then the 4.5 s the server takes to give memory back);
//! 2. 1,100 idle connections (half never sent a byte, half sent one request and stay
//!    open) and then ten new visitors: how long each waited for its answer.
//!
//! ```sh
//! cargo build --release -p ludomat
//! cargo run --release -p ludomat-museum --example hosting [-- PATH_TO_LUDOMAT]
//! ```
//!
//! Wall and CPU time (the server's, from /proc) for each phase. Linux only.

use ludomat_io::child::Run as _;
#[path = "../tests/common/mod.rs"]
mod common;

use std::io::BufReader;
use std::net::SocketAddr;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::Client;
use serde_json::json;
use tokio::net::TcpStream;

const VISITS: usize = 1_000;
const IDLE: usize = 1_100;

/// The server's resident size (bytes) and CPU time (user + system) so far.
fn server_stats(pid: u32) -> (u64, Duration) {
    let status = ludomat_io::read::to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let rss_kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
        .unwrap_or(0);
    let stat = ludomat_io::read::to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command's closing parenthesis: utime is the 12th, stime the 13th.
    let after = stat.rsplit_once(')').map_or("", |(_, a)| a);
    let f: Vec<u64> = after
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0))
        .collect();
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    let ticks = f.get(11).copied().unwrap_or(0) + f.get(12).copied().unwrap_or(0);
    (rss_kb * 1024, Duration::from_millis(ticks * 1000 / hz))
}

fn mib(b: u64) -> f64 {
    b as f64 / 1_048_576.0
}

async fn menace_visit(c: &mut Client, seed: usize) -> String {
    let a = c
        .post(
            "/api/visits",
            json!({"kind": "menace", "config": {"seed": seed, "opponent": "random"}}),
        )
        .await;
    assert_eq!(a.status, 201, "{a:?}");
    let id = a.body["id"].as_str().unwrap_or_default().to_string();
    let p = c
        .post(
            &format!("/api/visits/{id}/actions"),
            json!({"type": "play_games", "n": 20}),
        )
        .await;
    assert_eq!(p.status, 200, "{p:?}");
    id
}

fn main() {
    let bin = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "target/release/ludomat".to_string());
    let mut cmd = Command::new(&bin);
    cmd.args([
        "serve",
        "--port",
        "0",
        "--max-visits",
        "1000",
        "--max-visits-per-client",
        "1000",
        "--requests-per-second",
        "100000",
    ])
    .stdout(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe and only touches the child's limits.
    unsafe {
        cmd.pre_exec(|| {
            let lim = libc::rlimit {
                rlim_cur: 1024,
                rlim_max: 1024,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = cmd
        .start()
        .unwrap_or_else(|e| panic!("cannot start {bin}: {e} (cargo build --release -p ludomat)"));
    let pid = child.id();
    let line = ludomat_io::read::Lines::new(BufReader::new(child.stdout.take().expect("stdout")))
        .next_line()
        .expect("the URL line")
        .unwrap_or_default();
    let port: u16 = line
        .split("127.0.0.1:")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no URL in {line:?}"));
    let addr: SocketAddr = ([127, 0, 0, 1], port).into();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    rt.block_on(async move {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let (start_rss, _) = server_stats(pid);
        let mut c = Client::connect(addr).await;
        let id = menace_visit(&mut c, 0).await;
        c.call("DELETE", &format!("/api/visits/{id}"), None).await;
        tokio::time::sleep(Duration::from_millis(4500)).await;
        let (base, cpu0) = server_stats(pid);

        let t = Instant::now();
        let mut tasks = Vec::new();
        for k in 0..4 {
            tasks.push(tokio::spawn(async move {
                let mut c = Client::connect(addr).await;
                let mut ids = Vec::new();
                for i in (k..VISITS).step_by(4) {
                    ids.push(menace_visit(&mut c, i).await);
                }
                (c, ids)
            }));
        }
        let mut clients = Vec::new();
        for task in tasks {
            clients.push(task.await.expect("a client"));
        }
        let made = t.elapsed();
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let (full, cpu1) = server_stats(pid);
        let t = Instant::now();
        for (mut c, ids) in clients {
            for id in ids {
                assert_eq!(
                    c.call("DELETE", &format!("/api/visits/{id}"), None)
                        .await
                        .status,
                    204
                );
            }
        }
        let deleted = t.elapsed();
        tokio::time::sleep(Duration::from_millis(4500)).await;
        let (after, cpu2) = server_stats(pid);
        ludomat_io::outln!("server: {bin} (release), open-files limit 1,024 soft and hard");
        ludomat_io::outln!(
            "RSS at start {:.1} MiB; after one MENACE visit (the starting level) {:.1} MiB",
            mib(start_rss),
            mib(base)
        );
        ludomat_io::outln!(
            "{VISITS} MENACE visits × 20 games: made in {:.2} s wall, server CPU {:.2} s; \
             RSS at rest {:.1} MiB = {:.1} KiB per visit",
            made.as_secs_f64(),
            (cpu1 - cpu0).as_secs_f64(),
            mib(full),
            full.saturating_sub(base) as f64 / VISITS as f64 / 1024.0
        );
        ludomat_io::outln!(
            "all deleted in {:.2} s wall (server CPU {:.2} s incl. giving memory back); RSS \
             4.5 s later {:.1} MiB ({:+.1} % of the starting level)",
            deleted.as_secs_f64(),
            (cpu2 - cpu1).as_secs_f64(),
            mib(after),
            (after as f64 / base as f64 - 1.0) * 100.0
        );

        let t = Instant::now();
        let mut idle = Vec::new();
        for i in 0..IDLE {
            if i % 2 == 0 {
                idle.push(TcpStream::connect(addr).await.expect("connects"));
            } else {
                let mut c = Client::connect(addr).await;
                assert_eq!(c.get("/api/exhibits").await.status, 200);
                idle.push(c.into_stream());
            }
        }
        let piled = t.elapsed();
        tokio::time::sleep(Duration::from_millis(200)).await;
        let mut waits = Vec::new();
        for round in 0..10 {
            let t = Instant::now();
            let mut c = Client::connect(addr).await;
            let a = if round % 2 == 0 {
                c.get("/api/exhibits").await
            } else {
                c.post("/api/visits", json!({"kind": "tictactoe"})).await
            };
            assert!(a.status == 200 || a.status == 201, "{a:?}");
            waits.push(t.elapsed());
            idle.push(c.into_stream());
        }
        let (_, cpu3) = server_stats(pid);
        let worst = waits.iter().max().copied().unwrap_or_default();
        ludomat_io::outln!(
            "{IDLE} idle connections opened in {:.2} s; then 10 new visitors answered in at \
             most {:.1} ms each (median {:.1} ms); server CPU for this phase {:.2} s",
            piled.as_secs_f64(),
            worst.as_secs_f64() * 1000.0,
            {
                let mut w = waits.clone();
                w.sort();
                w[w.len() / 2].as_secs_f64() * 1000.0
            },
            (cpu3 - cpu2).as_secs_f64()
        );
        drop(idle);
    });
    // SAFETY: a signal to our own child.
    unsafe { libc::kill(pid as libc::pid_t, libc::SIGTERM) };
    let _ = child.wait();
}
