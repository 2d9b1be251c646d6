//! The museum's benchmarks.
//!
//! ```sh
//! cargo run --release -p ludomat-museum --example bench [-- SECONDS [CLIENTS]]
//! cargo build --release -p ludomat
//! cargo run --release -p ludomat-museum --example bench -- class [MINUTES [STUDENTS [LUDOMAT]]]
//! cargo run --release -p ludomat-museum --example bench -- crowd [SECONDS [ADDRESSES [AUTOPLAYS [LUDOMAT [SERVE FLAGS…]]]]]
//! cargo run --release -p ludomat-museum --example bench -- networks [SECONDS [CLIENTS [LUDOMAT [SERVE FLAGS…]]]]
//! ```
//!
//! The first: requests per second for a move action, SSE updates per second, and the page
//! weight of each exhibit. The server runs in this process on loopback (tokio, two worker
//! threads); clients are keep-alive HTTP/1.1 connections, each with its own visit of
//! random against random, posting `{"type":"step"}` (one machine move; a new game once one
//! is over).
//!
//! `class` (issue 41): a class on one network against a real `ludomat serve` (release,
//! every limit at its default, open-files limit 1,024 as under `ulimit -n 1024`) in its own
//! process. 30 students on 30 loopback addresses (127.0.0.2 …; a client socket bound to
//! 127.0.0.x is another client on Linux) each do what a class does: a page watching a
//! noughts-and-crosses game and a move a second, and one after another a MENACE training
//! (100,000 games, as the page's Train), the 4×4×4 proof after Patashnik's first 9 stones
//! and the Computox's circuit check, each watched on its stream to its end. Meanwhile one
//! hostile client (127.0.0.250) runs the three patterns of the issue: two watched proofs
//! from the empty board, as many event streams and connections as it can hold, and a
//! hundred Threes! visits autoplaying the depth-4 AI every 10 ms (re-armed as they stop);
//! and, from 127.0.0.251, the museum trial's pattern: on 2 keep-alive connections, over
//! and over, a visit of the perfect player against itself and the action
//! `{"type":"run","games":10000}`, with 150 of those requests on fresh connections whose
//! answers are never read. The server's resident memory is sampled once a second.
//! It ends when every student's runs have ended (or after MINUTES, 20 by default) and
//! prints each student action's latency (p50, p90, p99, max), every refusal a student met,
//! the runs (queue waits, durations), what the hostile client got, and the wall time with
//! the server's and this generator's own CPU time.
//!
//! `crowd` (the "8 hostile addresses" scenario): a crowd on ADDRESSES loopback addresses
//! (8 by default, 127.0.1.10 …), each with AUTOPLAYS Threes! visits (12) autoplaying the
//! depth-4 AI every 10 ms (re-armed as they stop), against a real `ludomat serve` with
//! every limit at its default (or the SERVE FLAGS given after LUDOMAT); once they are going, 4 students (127.0.0.2 …), each with a
//! page watching a noughts-and-crosses game and a move every 250 ms, for SECONDS (60).
//! Prints each student action's latency, the crowd's answers (autoplays started or
//! refused) and the moves its autoplays made, wall and CPU time (server, generator) and
//! the load average before and after.
//!
//! `networks` (the museum re-trial's memory pattern): CLIENTS clients (20) on as many
//! loopback addresses (127.0.2.10 …) each loop "a new Threes! visit, train 1,000 games
//! (`{"games": 1000}`, as a script would), wait for its end" for SECONDS (80) against a
//! real `ludomat serve` (every limit at its default, or the SERVE FLAGS). Prints the
//! server's resident memory every 5 s and its most, the runs trained and refused, and wall
//! and CPU time (server, generator).

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
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().map(String::as_str) == Some("class") {
        args.next();
        class::main(&args.collect::<Vec<_>>());
        return;
    }
    if args.peek().map(String::as_str) == Some("networks") {
        args.next();
        class::networks_main(&args.collect::<Vec<_>>());
        return;
    }
    if args.peek().map(String::as_str) == Some("crowd") {
        args.next();
        class::crowd_main(&args.collect::<Vec<_>>());
        return;
    }
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
/// The `i`-th argument as a number, `default` when it is missing or not a number, held
/// within `range` (the load generator's settings).
fn arg<T: std::str::FromStr + Ord + Copy>(
    args: &[String],
    i: usize,
    default: T,
    range: std::ops::RangeInclusive<T>,
) -> T {
    let n = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default);
    n.clamp(*range.start(), *range.end())
}

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

/// `bench class`: a class of students and one hostile client against `ludomat serve`.
mod class {
    use std::collections::BTreeMap;
    use std::io::BufReader;
    use std::net::{IpAddr, SocketAddr};
    use std::os::unix::process::CommandExt;
    use std::process::{Command, Stdio};
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};

    use super::common::{events_explained, events_from, Client, EventReader};
    use serde_json::{json, Value};

    /// One request of a student: what, how long, its status.
    #[derive(Clone)]
    struct Timed {
        what: &'static str,
        took: Duration,
        status: u16,
        error: String,
    }

    /// One run of a student: which, its wait for a slot, how long it went, its note.
    #[derive(Clone)]
    struct Run {
        what: &'static str,
        waited: Duration,
        took: Duration,
        note: String,
    }

    #[derive(Default)]
    struct Record {
        actions: Mutex<Vec<Timed>>,
        runs: Mutex<Vec<Run>>,
        hostile: Mutex<BTreeMap<String, usize>>,
        streams_held: AtomicUsize,
        connections_held: AtomicUsize,
        crowd_moves: AtomicUsize,
    }

    impl Record {
        /// One of the hostile client's requests: what, its status and why (the first
        /// words of a refusal).
        fn hostile(&self, what: &str, status: u16, error: &str) {
            let why: String = error
                .split([':', ','])
                .next()
                .unwrap_or("")
                .chars()
                .take(60)
                .collect();
            let key = if why.is_empty() {
                format!("{what}: {status}")
            } else {
                format!("{what}: {status} ({why})")
            };
            *lock(&self.hostile).entry(key).or_default() += 1;
        }
    }

    fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
        m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The server's CPU time (user + system) so far, from /proc.
    fn server_cpu(pid: u32) -> Duration {
        let stat = ludomat_io::read::text(format!("/proc/{pid}/stat").as_ref(), 1 << 16)
            .unwrap_or_default();
        let after = stat.rsplit_once(')').map_or("", |(_, a)| a);
        let f: Vec<u64> = after
            .split_whitespace()
            .map(|x| x.parse().unwrap_or(0))
            .collect();
        // SAFETY: sysconf has no preconditions.
        let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
        let ticks = f.get(11).copied().unwrap_or(0) + f.get(12).copied().unwrap_or(0);
        Duration::from_millis(ticks * 1000 / hz)
    }

    /// This process's own CPU time (user + system), the server (a child) not included.
    fn own_cpu() -> Duration {
        // SAFETY: getrusage writes into the struct we pass.
        let mut u: libc::rusage = unsafe { std::mem::zeroed() };
        unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) };
        let tv = |t: libc::timeval| {
            Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
        };
        tv(u.ru_utime) + tv(u.ru_stime)
    }

    /// A request timed; `(status, body)`.
    async fn timed(
        c: &mut Client,
        rec: &Record,
        what: &'static str,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        let t = Instant::now();
        let a = c.call(method, path, body).await;
        lock(&rec.actions).push(Timed {
            what,
            took: t.elapsed(),
            status: a.status,
            error: a.error().to_string(),
        });
        (a.status, a.body)
    }

    /// A visit of `kind`, as the page opens it; its id.
    async fn visit(c: &mut Client, rec: &Record, kind: &str, config: Value) -> Option<String> {
        let (status, body) = timed(
            c,
            rec,
            "open a visit",
            "POST",
            "/api/visits",
            Some(json!({"kind": kind, "config": config})),
        )
        .await;
        (status == 201).then(|| body["id"].as_str().unwrap_or_default().to_string())
    }

    /// A page's stream on `id`, timed to its first state.
    async fn page(addr: SocketAddr, from: IpAddr, rec: &Record, id: &str) -> Option<EventReader> {
        let t = Instant::now();
        let opened = events_from(addr, Some(from), id).await;
        let (status, reader) = match opened {
            Ok(mut r) => (
                if r.next(Duration::from_secs(10)).await.is_some() {
                    200
                } else {
                    0
                },
                Some(r),
            ),
            Err(s) => (s, None),
        };
        lock(&rec.actions).push(Timed {
            what: "open its page's stream",
            took: t.elapsed(),
            status,
            error: String::new(),
        });
        reader
    }

    /// Starts a run on `id` and follows it on `stream` to its end.
    async fn run(
        c: &mut Client,
        stream: &mut EventReader,
        rec: &Record,
        what: &'static str,
        id: &str,
        body: Value,
    ) {
        let asked = Instant::now();
        let (status, _) = timed(
            c,
            rec,
            "start a run",
            "POST",
            &format!("/api/visits/{id}/run"),
            Some(body),
        )
        .await;
        if status != 202 {
            lock(&rec.runs).push(Run {
                what,
                waited: Duration::ZERO,
                took: Duration::ZERO,
                note: format!("refused ({status})"),
            });
            return;
        }
        let mut started = None;
        let note = loop {
            let Some(u) = stream.next(Duration::from_secs(900)).await else {
                break "the stream ended".to_string();
            };
            let progress = u["happenings"]
                .as_array()
                .is_some_and(|h| h.iter().any(|h| h["type"] == "run_progress"));
            if progress && started.is_none() {
                started = Some(Instant::now());
            }
            if u["running"] == false {
                if let Some(n) = u["note"].as_str() {
                    break n.to_string();
                }
            }
        };
        let started = started.unwrap_or_else(Instant::now);
        lock(&rec.runs).push(Run {
            what,
            waited: started.duration_since(asked),
            took: started.elapsed(),
            note,
        });
    }

    /// A page with a game against the perfect player and a move every `every`, until
    /// `stop`; each move timed.
    async fn mover(
        addr: SocketAddr,
        from: IpAddr,
        n: usize,
        rec: Arc<Record>,
        stop: Arc<AtomicBool>,
        every: Duration,
    ) {
        let mut c = Client::connect_from(addr, Some(from)).await;
        let Some(id) = visit(
            &mut c,
            &rec,
            "tictactoe",
            json!({"x": "human", "o": "perfect", "seed": n}),
        )
        .await
        else {
            return;
        };
        let Some(mut page) = page(addr, from, &rec, &id).await else {
            return;
        };
        let drain =
            tokio::spawn(
                async move { while page.next(Duration::from_secs(3600)).await.is_some() {} },
            );
        let mut legal: Vec<u64> = vec![5];
        let mut tick = tokio::time::interval(every);
        while !stop.load(Ordering::Relaxed) {
            tick.tick().await;
            let action = match legal.first() {
                Some(&sq) => json!({"type": "play", "square": sq}),
                None => json!({"type": "new_game"}),
            };
            let (_, body) = timed(
                &mut c,
                &rec,
                "a move",
                "POST",
                &format!("/api/visits/{id}/actions?refusals=inline"),
                Some(action),
            )
            .await;
            if body.get("refused").is_some() {
                lock(&rec.actions).push(Timed {
                    what: "a move",
                    took: Duration::ZERO,
                    status: body["refused"]["status"].as_u64().unwrap_or(0) as u16,
                    error: body["refused"]["error"].as_str().unwrap_or("").into(),
                });
            }
            legal = body["view"]["legal"]
                .as_array()
                .map(|l| l.iter().filter_map(Value::as_u64).collect())
                .unwrap_or_default();
        }
        drain.abort();
    }

    /// A student: a page with a game and a move a second, and three runs in turn.
    async fn student(
        addr: SocketAddr,
        from: IpAddr,
        n: usize,
        rec: Arc<Record>,
        stop: Arc<AtomicBool>,
    ) {
        let mover = tokio::spawn(mover(
            addr,
            from,
            n,
            Arc::clone(&rec),
            Arc::clone(&stop),
            Duration::from_secs(1),
        ));
        let mut c = Client::connect_from(addr, Some(from)).await;
        // MENACE trained as the page's Train does, against a machine picked first.
        if let Some(id) = visit(&mut c, &rec, "menace", Value::Null).await {
            if let Some(mut s) = page(addr, from, &rec, &id).await {
                timed(
                    &mut c,
                    &rec,
                    "an action",
                    "POST",
                    &format!("/api/visits/{id}/actions?refusals=inline"),
                    Some(json!({"type": "set_opponent", "opponent": "random"})),
                )
                .await;
                let train = json!({"action": {"type": "play_games", "n": 1000}, "times": 100});
                run(
                    &mut c,
                    &mut s,
                    &rec,
                    "MENACE trained 100,000 games",
                    &id,
                    train,
                )
                .await;
            }
        }
        if let Some(id) = visit(&mut c, &rec, "qubic", Value::Null).await {
            if let Some(mut s) = page(addr, from, &rec, &id).await {
                let prove = json!({"long_run": "prove", "params": {"search_after": 9}});
                run(&mut c, &mut s, &rec, "the proof after 9 stones", &id, prove).await;
            }
        }
        if let Some(id) = visit(&mut c, &rec, "computox", Value::Null).await {
            if let Some(mut s) = page(addr, from, &rec, &id).await {
                let verify = json!({"long_run": "verify"});
                run(&mut c, &mut s, &rec, "the Computox check", &id, verify).await;
            }
        }
        // The game goes on until the whole class is done.
        let _ = mover.await;
    }

    /// The hostile client: two proofs from the empty board, a hundred autoplays of the
    /// depth-4 AI, and every stream and connection it can hold.
    async fn hostile(addr: SocketAddr, from: IpAddr, rec: Arc<Record>, stop: Arc<AtomicBool>) {
        let mut held = Vec::new();
        let mut c = Client::connect_from(addr, Some(from)).await;
        // Asks again after a moment when refused for its rate.
        async fn ask(
            c: &mut Client,
            rec: &Record,
            what: &str,
            method: &str,
            path: &str,
            body: Option<Value>,
        ) -> (u16, Value) {
            loop {
                let a = c.call(method, path, body.clone()).await;
                rec.hostile(what, a.status, a.error());
                if a.status != 429 || !a.error().contains("too many requests") {
                    return (a.status, a.body);
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
        // 1. Two watched proofs from the empty board.
        for _ in 0..2 {
            let (_, body) = ask(
                &mut c,
                &rec,
                "open a qubic visit",
                "POST",
                "/api/visits",
                Some(json!({"kind": "qubic"})),
            )
            .await;
            let id = body["id"].as_str().unwrap_or_default().to_string();
            if let Ok(s) = events_from(addr, Some(from), &id).await {
                rec.streams_held.fetch_add(1, Ordering::Relaxed);
                held.push(s);
            }
            ask(
                &mut c,
                &rec,
                "start a proof from the empty board",
                "POST",
                &format!("/api/visits/{id}/run"),
                Some(json!({"long_run": "prove", "params": {"search_after": 0}})),
            )
            .await;
        }
        // 2. A hundred Threes! visits (their autoplays below).
        let mut threes = Vec::new();
        for seed in 0..100 {
            let (status, body) = ask(
                &mut c,
                &rec,
                "open a threes visit",
                "POST",
                "/api/visits",
                Some(json!({"kind": "threes", "config": {"seed": seed, "depth": 4}})),
            )
            .await;
            if status == 201 {
                threes.push(body["id"].as_str().unwrap_or_default().to_string());
            }
        }
        // 3. Streams on every visit, as many as it can, and connections left open.
        for i in 0..900 {
            let id = &threes[i % threes.len().max(1)];
            match events_explained(addr, Some(from), id).await {
                Ok(s) => {
                    rec.hostile("open a stream", 200, "");
                    rec.streams_held.fetch_add(1, Ordering::Relaxed);
                    held.push(s);
                }
                Err((status, error)) => rec.hostile("open a stream", status, &error),
            }
        }
        let mut idle = Vec::new();
        for _ in 0..900 {
            if let Ok(s) = super::common::connect_from(addr, Some(from)).await {
                idle.push(s);
                rec.connections_held.fetch_add(1, Ordering::Relaxed);
            }
        }
        // 4. The hundred autoplays of the depth-4 AI, every 10 ms.
        for id in &threes {
            ask(
                &mut c,
                &rec,
                "start an autoplay",
                "POST",
                &format!("/api/visits/{id}/autoplay"),
                Some(json!({"action": {"type": "ai_step"}, "interval_ms": 10})),
            )
            .await;
        }
        // Autoplay stops when no page watches a visit for 30 s: re-armed every 20 s.
        while !stop.load(Ordering::Relaxed) {
            for _ in 0..200 {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            for id in &threes {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                ask(
                    &mut c,
                    &rec,
                    "start an autoplay",
                    "POST",
                    &format!("/api/visits/{id}/autoplay"),
                    Some(json!({"action": {"type": "ai_step"}, "interval_ms": 10})),
                )
                .await;
            }
        }
        drop((held, idle));
    }

    /// The hostile client's fourth pattern (the museum trial's items 1 and 2), from
    /// `from`: on 2 keep-alive connections, over and over, a noughts-and-crosses visit of
    /// the perfect player against itself and the action `{"type":"run","games":10000}` on
    /// it (ten thousand games in one action); beside them, 150 of the same requests at
    /// 10 a second on fresh connections with small receive buffers whose answers are never
    /// read (the connections held open).
    async fn runs_of_games(
        addr: SocketAddr,
        from: IpAddr,
        rec: Arc<Record>,
        stop: Arc<AtomicBool>,
    ) {
        let mut loops = Vec::new();
        for _ in 0..2 {
            let (rec, stop) = (Arc::clone(&rec), Arc::clone(&stop));
            loops.push(tokio::spawn(async move {
                let mut c = Client::connect_from(addr, Some(from)).await;
                while !stop.load(Ordering::Relaxed) {
                    let Some(id) = games_visit(&mut c, &rec, &stop).await else {
                        continue;
                    };
                    let path = format!("/api/visits/{id}/actions");
                    loop {
                        let a = c.post(&path, json!({"type": "run", "games": 10000})).await;
                        rec.hostile("run 10,000 games in one action", a.status, a.error());
                        if a.status != 429 || stop.load(Ordering::Relaxed) {
                            break;
                        }
                        tokio::time::sleep(Duration::from_millis(200)).await;
                    }
                }
            }));
        }
        // The unread answers.
        let mut unread = Vec::new();
        let mut c = Client::connect_from(addr, Some(from)).await;
        let mut id = String::new();
        for n in 0..150 {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            if n % 10 == 0 {
                match games_visit(&mut c, &rec, &stop).await {
                    Some(new) => id = new,
                    None => continue,
                }
            }
            let body = json!({"type": "run", "games": 10000}).to_string();
            let request = format!(
                "POST /api/visits/{id}/actions HTTP/1.1\r\nhost: {addr}\r\ncontent-type: \
                 application/json\r\ncontent-length: {}\r\n\r\n{body}",
                body.len()
            );
            let sent = async {
                let socket = tokio::net::TcpSocket::new_v4()?;
                socket.set_recv_buffer_size(4096)?;
                socket.bind(SocketAddr::new(from, 0))?;
                let mut s = socket.connect(addr).await?;
                tokio::io::AsyncWriteExt::write_all(&mut s, request.as_bytes()).await?;
                std::io::Result::Ok(s)
            }
            .await;
            match sent {
                Ok(s) => {
                    rec.hostile("run 10,000 games, its answer left unread", 0, "sent");
                    unread.push(s);
                }
                Err(e) => rec.hostile(
                    "run 10,000 games, its answer left unread",
                    0,
                    &format!("not sent: {e}"),
                ),
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        while !stop.load(Ordering::Relaxed) {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        for l in loops {
            let _ = tokio::time::timeout(Duration::from_secs(5), l).await;
        }
        drop(unread);
    }

    /// A visit of the perfect player against itself, asked again when refused for the
    /// client's rate; its id.
    async fn games_visit(c: &mut Client, rec: &Record, stop: &AtomicBool) -> Option<String> {
        loop {
            let a = c
                .post(
                    "/api/visits",
                    json!({"kind": "tictactoe", "config": {"x": "perfect", "o": "perfect"}}),
                )
                .await;
            rec.hostile("open a perfect-against-perfect visit", a.status, a.error());
            if a.status == 201 {
                return a.body["id"].as_str().map(str::to_string);
            }
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// The server's resident memory (VmRSS) now, in bytes, from /proc.
    fn server_rss(pid: u32) -> u64 {
        ludomat_io::read::text(format!("/proc/{pid}/status").as_ref(), 1 << 16)
            .unwrap_or_default()
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
            .map_or(0, |kb| kb * 1024)
    }

    fn mb(bytes: u64) -> String {
        format!("{:.1} MB", bytes as f64 / 1e6)
    }

    fn ms(d: Duration) -> String {
        format!("{:.1} ms", d.as_secs_f64() * 1000.0)
    }

    fn percentile(sorted: &[Duration], p: f64) -> Duration {
        if sorted.is_empty() {
            return Duration::ZERO;
        }
        let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
        sorted[i]
    }

    /// Starts `BIN serve --port 0` (every limit at its default, open-files limit 1,024 as
    /// under `ulimit -n 1024`), its log in `log`; the child and its address.
    fn serve(
        bin: &str,
        log: &std::path::Path,
        flags: &[String],
    ) -> (std::process::Child, SocketAddr) {
        let mut cmd = Command::new(bin);
        cmd.args(["serve", "--port", "0"])
            .args(flags)
            .stdout(Stdio::piped())
            .stderr(
                ludomat_io::write::create(log)
                    .map(Stdio::from)
                    .unwrap_or_else(|_| Stdio::null()),
            );
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
        let mut child = ludomat_io::child::spawn(&mut cmd).unwrap_or_else(|e| {
            panic!("cannot start {bin}: {e} (cargo build --release -p ludomat)")
        });
        let mut out =
            ludomat_io::read::Lines::new(BufReader::new(child.stdout.take().expect("stdout")));
        let line = out.next_line().ok().flatten().expect("the URL line");
        std::thread::spawn(move || while let Ok(Some(_)) = out.next_line() {});
        let port: u16 = line
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no URL in {line:?}"));
        (child, ([127, 0, 0, 1], port).into())
    }

    /// The load average (1, 5 and 15 minutes), as /proc/loadavg says.
    fn load_average() -> String {
        ludomat_io::read::text("/proc/loadavg".as_ref(), 4096)
            .map(|t| t.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .unwrap_or_else(|_| "unknown".into())
    }

    pub fn main(args: &[String]) {
        let minutes: u64 = super::arg(args, 0, 20, 1..=120);
        let students: usize = super::arg(args, 1, 30, 1..=200);
        let bin = args
            .get(2)
            .cloned()
            .unwrap_or_else(|| "target/release/ludomat".to_string());
        let log = std::path::Path::new("target").join("museum-class-bench.log");
        let (mut child, addr) = serve(&bin, &log, &[]);
        let pid = child.id();
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        let rec = Arc::new(Record::default());
        let stop = Arc::new(AtomicBool::new(false));
        let load_before = load_average();
        let (wall0, cpu0, server0) = (Instant::now(), own_cpu(), server_cpu(pid));
        // The server's resident memory, once a second: at the start, its most, its last.
        let rss = Arc::new(Mutex::new((server_rss(pid), 0u64, 0u64)));
        let sampler = {
            let (rss, stop) = (Arc::clone(&rss), Arc::clone(&stop));
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let now = server_rss(pid);
                    let mut r = lock(&rss);
                    r.1 = r.1.max(now);
                    r.2 = now;
                    drop(r);
                    std::thread::sleep(Duration::from_secs(1));
                }
            })
        };
        rt.block_on(async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            let bad = tokio::spawn(hostile(
                addr,
                IpAddr::from([127, 0, 0, 250]),
                Arc::clone(&rec),
                Arc::clone(&stop),
            ));
            let games = tokio::spawn(runs_of_games(
                addr,
                IpAddr::from([127, 0, 0, 251]),
                Arc::clone(&rec),
                Arc::clone(&stop),
            ));
            // The hostile client first takes what it can (its proofs, its autoplays,
            // its streams), then the class comes in.
            tokio::time::sleep(Duration::from_secs(5)).await;
            let mut class = Vec::new();
            for n in 0..students {
                let from = IpAddr::from([127, 0, 0, 2 + n as u8]);
                class.push(tokio::spawn(student(
                    addr,
                    from,
                    n,
                    Arc::clone(&rec),
                    Arc::clone(&stop),
                )));
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            // Done when every student's three runs have ended, or at the time limit.
            let deadline = Instant::now() + Duration::from_secs(minutes * 60);
            while lock(&rec.runs).len() < 3 * students && Instant::now() < deadline {
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            stop.store(true, Ordering::Relaxed);
            for s in class {
                let _ = tokio::time::timeout(Duration::from_secs(5), s).await;
            }
            bad.abort();
            let _ = tokio::time::timeout(Duration::from_secs(10), games).await;
        });
        let wall = wall0.elapsed();
        let (cpu, server) = (own_cpu() - cpu0, server_cpu(pid) - server0);
        let load_after = load_average();
        let _ = sampler.join();
        let (rss_start, rss_max, rss_end) = *lock(&rss);
        // SAFETY: a signal to our own child.
        unsafe { libc::kill(pid as libc::pid_t, libc::SIGTERM) };
        let _ = child.wait();

        let actions = lock(&rec.actions).clone();
        ludomat_io::outln!(
            "a class of {students} (127.0.0.2 …) and one hostile client (127.0.0.250, and \
             127.0.0.251 for its runs of 10,000 games) against {bin} serve (every limit at \
             its default, open-files limit 1,024)"
        );
        let mut all: Vec<Duration> = actions
            .iter()
            .filter(|a| a.took > Duration::ZERO)
            .map(|a| a.took)
            .collect();
        all.sort();
        ludomat_io::outln!(
            "student actions: {} — p50 {}, p90 {}, p99 {}, max {}",
            all.len(),
            ms(percentile(&all, 0.5)),
            ms(percentile(&all, 0.9)),
            ms(percentile(&all, 0.99)),
            ms(all.last().copied().unwrap_or_default())
        );
        let mut kinds: BTreeMap<&str, Vec<Duration>> = BTreeMap::new();
        for a in actions.iter().filter(|a| a.took > Duration::ZERO) {
            kinds.entry(a.what).or_default().push(a.took);
        }
        for (what, mut t) in kinds {
            t.sort();
            ludomat_io::outln!(
                "  {what}: {} — p50 {}, p99 {}, max {}",
                t.len(),
                ms(percentile(&t, 0.5)),
                ms(percentile(&t, 0.99)),
                ms(t.last().copied().unwrap_or_default())
            );
        }
        let refused: Vec<&Timed> = actions
            .iter()
            .filter(|a| a.status >= 400 || a.status == 0)
            .collect();
        ludomat_io::outln!("refusals met by students: {}", refused.len());
        for r in refused.iter().take(10) {
            ludomat_io::outln!("  {} {}: {}", r.what, r.status, r.error);
        }
        let runs = lock(&rec.runs).clone();
        let mut by: BTreeMap<&str, Vec<Run>> = BTreeMap::new();
        for r in runs {
            by.entry(r.what).or_default().push(r);
        }
        for (what, rs) in &by {
            let mut waited: Vec<Duration> = rs.iter().map(|r| r.waited).collect();
            let mut took: Vec<Duration> = rs.iter().map(|r| r.took).collect();
            waited.sort();
            took.sort();
            let finished = rs.iter().filter(|r| r.note.contains("finished")).count();
            ludomat_io::outln!(
                "runs, {what}: {} of {students} ended ({finished} finished); waited for a slot \
                 median {:.1} s, max {:.1} s; went median {:.1} s, max {:.1} s",
                rs.len(),
                percentile(&waited, 0.5).as_secs_f64(),
                waited.last().copied().unwrap_or_default().as_secs_f64(),
                percentile(&took, 0.5).as_secs_f64(),
                took.last().copied().unwrap_or_default().as_secs_f64()
            );
            for r in rs.iter().filter(|r| !r.note.contains("finished")).take(3) {
                ludomat_io::outln!("  not finished: {}", r.note);
            }
        }
        ludomat_io::outln!("the hostile client's requests (what, status: how many):");
        for (k, n) in lock(&rec.hostile).iter() {
            ludomat_io::outln!("  {k}: {n}");
        }
        ludomat_io::outln!(
            "  held at the end: {} event streams, {} connections opened",
            rec.streams_held.load(Ordering::Relaxed),
            rec.connections_held.load(Ordering::Relaxed)
        );
        ludomat_io::outln!(
            "the server's resident memory: {} at the start, at most {}, {} at the end",
            mb(rss_start),
            mb(rss_max),
            mb(rss_end)
        );
        ludomat_io::outln!(
            "wall {:.1} s; server CPU {:.1} s; this generator's CPU {:.1} s ({:.0} % of one core); \
             load average {load_before} before, {load_after} after; the server's log: {}",
            wall.as_secs_f64(),
            server.as_secs_f64(),
            cpu.as_secs_f64(),
            cpu.as_secs_f64() / wall.as_secs_f64() * 100.0,
            log.display()
        );
    }

    /// One crowd address: `autoplays` Threes! visits autoplaying the depth-4 AI every
    /// 10 ms, re-armed every 20 s (autoplay stops when no page watches a visit for 30 s).
    async fn crowd_address(
        addr: SocketAddr,
        from: IpAddr,
        autoplays: usize,
        rec: Arc<Record>,
        stop: Arc<AtomicBool>,
    ) {
        let mut c = Client::connect_from(addr, Some(from)).await;
        let mut ids = Vec::new();
        for seed in 0..autoplays {
            let a = c
                .post(
                    "/api/visits",
                    json!({"kind": "threes", "config": {"seed": seed, "depth": 4}}),
                )
                .await;
            rec.hostile("open a threes visit", a.status, a.error());
            if a.status == 201 {
                ids.push(a.body["id"].as_str().unwrap_or_default().to_string());
            }
        }
        let mut first = true;
        while !stop.load(Ordering::Relaxed) {
            for id in &ids {
                let a = c
                    .post(
                        &format!("/api/visits/{id}/autoplay"),
                        json!({"action": {"type": "ai_step"}, "interval_ms": 10}),
                    )
                    .await;
                if first {
                    rec.hostile("start an autoplay", a.status, a.error());
                }
            }
            first = false;
            for _ in 0..200 {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        // The Threes! moves the crowd's autoplays made (each visit's view).
        let mut moves = 0;
        for id in &ids {
            let a = c.get(&format!("/api/visits/{id}")).await;
            moves += a.body["view"]["moves"].as_u64().unwrap_or(0);
        }
        rec.crowd_moves.fetch_add(moves as usize, Ordering::Relaxed);
    }

    /// `bench crowd`: `addresses` crowd addresses with `autoplays` heavy autoplays each,
    /// and `students` students on addresses of their own, each with a page and a move
    /// every 250 ms, for `seconds`.
    pub fn crowd_main(args: &[String]) {
        let seconds: u64 = super::arg(args, 0, 60, 5..=3600);
        let addresses: usize = super::arg(args, 1, 8, 1..=100);
        let autoplays: usize = super::arg(args, 2, 12, 1..=100);
        let bin = args
            .get(3)
            .cloned()
            .unwrap_or_else(|| "target/release/ludomat".to_string());
        let flags = args.get(4..).unwrap_or_default();
        let students = 4;
        let log = std::path::Path::new("target").join("museum-crowd-bench.log");
        let (mut child, addr) = serve(&bin, &log, flags);
        let pid = child.id();
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        let rec = Arc::new(Record::default());
        let stop = Arc::new(AtomicBool::new(false));
        let load_before = load_average();
        let (wall0, cpu0, server0) = (Instant::now(), own_cpu(), server_cpu(pid));
        rt.block_on(async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            let mut crowd = Vec::new();
            for a in 0..addresses {
                crowd.push(tokio::spawn(crowd_address(
                    addr,
                    IpAddr::from([127, 0, 1, 10 + a as u8]),
                    autoplays,
                    Arc::clone(&rec),
                    Arc::clone(&stop),
                )));
            }
            // The crowd's autoplays get going, then the students come.
            tokio::time::sleep(Duration::from_secs(5)).await;
            let moving = Arc::new(AtomicBool::new(false));
            let mut class = Vec::new();
            for n in 0..students {
                class.push(tokio::spawn(mover(
                    addr,
                    IpAddr::from([127, 0, 0, 2 + n as u8]),
                    n,
                    Arc::clone(&rec),
                    Arc::clone(&moving),
                    Duration::from_millis(250),
                )));
            }
            tokio::time::sleep(Duration::from_secs(seconds)).await;
            moving.store(true, Ordering::Relaxed);
            stop.store(true, Ordering::Relaxed);
            for s in class {
                let _ = tokio::time::timeout(Duration::from_secs(5), s).await;
            }
            for c in crowd {
                let _ = tokio::time::timeout(Duration::from_secs(30), c).await;
            }
        });
        let wall = wall0.elapsed();
        let (cpu, server) = (own_cpu() - cpu0, server_cpu(pid) - server0);
        let load_after = load_average();
        // SAFETY: a signal to our own child.
        unsafe { libc::kill(pid as libc::pid_t, libc::SIGTERM) };
        let _ = child.wait();

        ludomat_io::outln!(
            "a crowd of {addresses} addresses (127.0.1.10 …) with {autoplays} Threes! autoplays \
             each (depth-4 AI, every 10 ms) and {students} students (127.0.0.2 …, a page and a \
             move every 250 ms) for {seconds} s against {bin} serve {}",
            if flags.is_empty() {
                "(every limit at its default)".to_string()
            } else {
                flags.join(" ")
            }
        );
        let actions = lock(&rec.actions).clone();
        let mut kinds: BTreeMap<&str, Vec<Duration>> = BTreeMap::new();
        for a in actions.iter().filter(|a| a.took > Duration::ZERO) {
            kinds.entry(a.what).or_default().push(a.took);
        }
        for (what, mut t) in kinds {
            t.sort();
            ludomat_io::outln!(
                "  {what}: {} — p50 {}, p90 {}, p99 {}, max {}",
                t.len(),
                ms(percentile(&t, 0.5)),
                ms(percentile(&t, 0.9)),
                ms(percentile(&t, 0.99)),
                ms(t.last().copied().unwrap_or_default())
            );
        }
        let refused = actions
            .iter()
            .filter(|a| a.status >= 400 || a.status == 0)
            .count();
        ludomat_io::outln!("refusals met by students: {refused}");
        ludomat_io::outln!("the crowd's requests (what, status: how many):");
        for (k, n) in lock(&rec.hostile).iter() {
            ludomat_io::outln!("  {k}: {n}");
        }
        ludomat_io::outln!(
            "  Threes! moves its autoplays made: {}",
            rec.crowd_moves.load(Ordering::Relaxed)
        );
        ludomat_io::outln!(
            "wall {:.1} s; server CPU {:.1} s; this generator's CPU {:.1} s ({:.0} % of one \
             core); load average {load_before} before, {load_after} after; the server's log: {}",
            wall.as_secs_f64(),
            server.as_secs_f64(),
            cpu.as_secs_f64(),
            cpu.as_secs_f64() / wall.as_secs_f64() * 100.0,
            log.display()
        );
    }

    /// One client of `bench networks`: new visit, train 1,000 games, wait, again.
    async fn trainer(addr: SocketAddr, from: IpAddr, rec: Arc<Record>, stop: Arc<AtomicBool>) {
        let mut c = Client::connect_from(addr, Some(from)).await;
        while !stop.load(Ordering::Relaxed) {
            let a = c
                .post("/api/visits", json!({"kind": "threes", "config": null}))
                .await;
            let Some(id) = a.body["id"].as_str().map(str::to_string) else {
                rec.hostile("open a visit", a.status, a.error());
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            };
            let a = c
                .post(
                    &format!("/api/visits/{id}/run"),
                    json!({"long_run": "train", "params": {"games": 1000}}),
                )
                .await;
            rec.hostile("train", a.status, a.error());
            if a.status != 202 {
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            }
            while !stop.load(Ordering::Relaxed) {
                tokio::time::sleep(Duration::from_millis(100)).await;
                let v = c.get(&format!("/api/visits/{id}")).await;
                if v.status != 200 || v.body["running"] == false {
                    if v.body["view"]["trained"].is_string() {
                        rec.crowd_moves.fetch_add(1, Ordering::Relaxed);
                    }
                    break;
                }
            }
        }
    }

    pub fn networks_main(args: &[String]) {
        let seconds: u64 = super::arg(args, 0, 80, 5..=3600);
        let clients: usize = super::arg(args, 1, 20, 1..=200);
        let bin = args
            .get(2)
            .cloned()
            .unwrap_or_else(|| "target/release/ludomat".to_string());
        let flags = args.get(3..).unwrap_or_default();
        let log = std::path::Path::new("target").join("museum-networks-bench.log");
        let (mut child, addr) = serve(&bin, &log, flags);
        let pid = child.id();
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        let rec = Arc::new(Record::default());
        let stop = Arc::new(AtomicBool::new(false));
        let load_before = load_average();
        let (wall0, cpu0, server0) = (Instant::now(), own_cpu(), server_cpu(pid));
        let start_rss = server_rss(pid);
        let curve = rt.block_on(async {
            let mut tasks = Vec::new();
            for n in 0..clients {
                tasks.push(tokio::spawn(trainer(
                    addr,
                    IpAddr::from([127, 0, 2, 10 + n as u8]),
                    Arc::clone(&rec),
                    Arc::clone(&stop),
                )));
            }
            let mut curve = Vec::new();
            let t0 = Instant::now();
            while t0.elapsed() < Duration::from_secs(seconds) {
                tokio::time::sleep(Duration::from_secs(1)).await;
                curve.push((t0.elapsed().as_secs(), server_rss(pid)));
            }
            stop.store(true, Ordering::Relaxed);
            for t in tasks {
                let _ = tokio::time::timeout(Duration::from_secs(30), t).await;
            }
            curve
        });
        let wall = wall0.elapsed();
        let (cpu, server) = (own_cpu() - cpu0, server_cpu(pid) - server0);
        let end_rss = server_rss(pid);
        let load_after = load_average();
        // SAFETY: a signal to our own child.
        unsafe { libc::kill(pid as libc::pid_t, libc::SIGTERM) };
        let _ = child.wait();

        ludomat_io::outln!(
            "{clients} clients (127.0.2.10 …) each looping \"a new Threes! visit, train 1,000 \
             games, wait for its end\" for {seconds} s against {bin} serve {}",
            if flags.is_empty() {
                "(every limit at its default)".to_string()
            } else {
                flags.join(" ")
            }
        );
        let line: Vec<String> = curve
            .iter()
            .filter(|(t, _)| t % 5 == 0)
            .map(|(t, r)| format!("{t} s {:.0}", *r as f64 / 1e6))
            .collect();
        ludomat_io::outln!(
            "server RSS (MB): start {:.0}; {}",
            start_rss as f64 / 1e6,
            line.join(", ")
        );
        ludomat_io::outln!(
            "server RSS: most {}, at the end {}",
            mb(curve.iter().map(|c| c.1).max().unwrap_or(0)),
            mb(end_rss)
        );
        ludomat_io::outln!(
            "runs ended with a network kept: {}",
            rec.crowd_moves.load(Ordering::Relaxed)
        );
        ludomat_io::outln!("the clients' requests (what, status: how many):");
        for (k, n) in lock(&rec.hostile).iter() {
            ludomat_io::outln!("  {k}: {n}");
        }
        ludomat_io::outln!(
            "wall {:.1} s; server CPU {:.1} s; this generator's CPU {:.1} s; load average \
             {load_before} before, {load_after} after; the server's log: {}",
            wall.as_secs_f64(),
            server.as_secs_f64(),
            cpu.as_secs_f64(),
            log.display()
        );
    }
}
