//! `ludomat serve`: the web museum (`crates/museum`), on 127.0.0.1 unless `--bind` says
//! otherwise. The tokio runtime lives only here; the rest of the CLI stays synchronous.

use ludomat_io::child::Run as _;
use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;
use ludomat_museum::{client::RateLimit, Stopped};

/// Start the web museum on 127.0.0.1 and print its URL.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on (0 to 65,535); 0 picks a free one (the URL printed names it).
    #[arg(long, default_value_t = 8462, value_parser = crate::count::count::<u16>(0, 65_535))]
    pub port: u16,
    /// The address to listen on. Loopback (127.0.0.1) by default: only this machine can
    /// visit. Any other address (0.0.0.0 for all) makes the museum reachable from the
    /// network and prints a warning; see the README's 'Hosting the museum'.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: String,
    /// Another name the museum answers to (the Host of its URL, e.g. museum.example.org
    /// behind a reverse proxy), besides the address it is bound to; NAME or NAME:PORT,
    /// repeatable. Requests for any other Host are refused (421).
    #[arg(long, value_name = "NAME")]
    pub allowed_host: Vec<String>,
    /// The museum stands behind a reverse proxy: the client's address is the last one of
    /// X-Forwarded-For (ignored otherwise).
    #[arg(long)]
    pub behind_proxy: bool,
    /// Open the museum in the default browser (xdg-open / open); a failure only warns.
    #[arg(long)]
    pub open: bool,
    /// Print (and with --open, open) this exhibit's page rather than the home page, e.g.
    /// `regex`.
    #[arg(long, value_name = "KIND")]
    pub exhibit: Option<String>,
    /// Most visits held at once (each a game in progress; 1 to 100,000). When full, the
    /// visit idle longest that no page watches is let go; only when every visit is open
    /// in a page is a newcomer refused (503).
    #[arg(long, default_value_t = 2000, value_parser = ludomat_game::count::count::<u32>(1, 100_000))]
    pub max_visits: u32,
    /// Most visits one client address holds at once (1 to 100,000); beyond, its own
    /// longest-idle unwatched visit is let go, or it is refused (429).
    #[arg(long, default_value_t = 100, value_parser = ludomat_game::count::count::<u32>(1, 100_000))]
    pub max_visits_per_client: u32,
    /// Requests a second one client address may make (1 to 100,000; bursts of twice as
    /// many); beyond, 429.
    #[arg(long, default_value_t = 50, value_parser = ludomat_game::count::count::<u32>(1, 100_000))]
    pub requests_per_second: u32,
    /// Most connections open at once (16 to 1,000,000); by default below the open-files
    /// limit, which is raised to its hard limit at start.
    #[arg(long, value_parser = ludomat_game::count::count::<u32>(16, 1_000_000))]
    pub max_connections: Option<u32>,
    /// Minutes (1 to 1,440) after which an idle visit (no request, no open page) is forgotten.
    #[arg(long, default_value_t = 30, value_parser = ludomat_game::count::count::<u32>(1, 1440))]
    pub idle_minutes: u32,
    /// Most Threes! networks trained in visits held at once (1 to 1,000; 1.3 MiB each);
    /// past it the least recently used is let go (its visit offers to train again).
    #[arg(long, default_value_t = 16, value_parser = ludomat_game::count::count::<u32>(1, 1000))]
    pub max_networks: u32,
    /// Most certificates found by visitors' 3D proofs held at once (1 to 1,000; a few MB
    /// each); past it the least recently used is let go (its visit offers to prove again).
    #[arg(long, default_value_t = 4, value_parser = ludomat_game::count::count::<u32>(1, 1000))]
    pub max_certificates: u32,
    /// Pieces of session work (actions, autoplay steps) worked on at once (1 to 1,024).
    #[arg(long, default_value_t = 8, value_parser = ludomat_game::count::count::<u32>(1, 1024))]
    pub work_slots: u32,
    /// Work slots of each kind (actions; autoplay steps) one client holds at most
    /// (1 to 1,024); clients with work waiting take turns, so one client's autoplays
    /// cannot hold up another's move.
    #[arg(long, default_value_t = 2, value_parser = ludomat_game::count::count::<u32>(1, 1024))]
    pub work_slots_per_client: u32,
    /// Pieces of work of each kind one client may have waiting for a slot (1 to
    /// 100,000); beyond, 429.
    #[arg(long, default_value_t = 64, value_parser = ludomat_game::count::count::<u32>(1, 100_000))]
    pub waiting_per_client: u32,
    /// Work slots kept for the visitors' actions (0 to 1,023, below --work-slots):
    /// autoplay steps and runs' applications never take them, so a click is answered at
    /// once however many autoplays a crowd runs.
    #[arg(long, default_value_t = 4, value_parser = ludomat_game::count::count::<u32>(0, 1023))]
    pub interactive_slots: u32,
    /// Autoplays going at once in the whole museum (1 to 100,000); beyond, 503.
    #[arg(long, default_value_t = 64, value_parser = ludomat_game::count::count::<u32>(1, 100_000))]
    pub autoplays: u32,
    /// Autoplays one client has going at once (1 to 10,000); beyond, 429.
    #[arg(long, default_value_t = 4, value_parser = ludomat_game::count::count::<u32>(1, 10_000))]
    pub autoplays_per_client: u32,
    /// Long runs (training, proofs, circuit checks) going at once (1 to 64); more wait in a
    /// queue, their place shown in the page.
    #[arg(long, default_value_t = 2, value_parser = ludomat_game::count::count::<u32>(1, 64))]
    pub runs: u32,
    /// Long runs one client has going or waiting at once (1 to 64); beyond, 429.
    #[arg(long, default_value_t = 1, value_parser = ludomat_game::count::count::<u32>(1, 64))]
    pub runs_per_client: u32,
    /// Long runs that may wait for a slot (0 to 10,000); beyond, 503.
    #[arg(long, default_value_t = 100, value_parser = ludomat_game::count::count::<u32>(0, 10_000))]
    pub run_queue: u32,
    /// Minutes (1 to 1,440) a long run may go; then it stops, keeping what it did.
    #[arg(long, default_value_t = 10, value_parser = ludomat_game::count::count::<u32>(1, 1440))]
    pub run_minutes: u32,
    /// Event streams (pages watching) one visit may have open (1 to 1,000); beyond, 429.
    #[arg(long, default_value_t = 2, value_parser = ludomat_game::count::count::<u32>(1, 1000))]
    pub streams_per_visit: u32,
    /// Event streams one client may have open (1 to 100,000); beyond, 429.
    #[arg(long, default_value_t = 20, value_parser = ludomat_game::count::count::<u32>(1, 100_000))]
    pub streams_per_client: u32,
}

/// Run the museum until Ctrl-C or SIGTERM; its stop line is the error (status 130, 143).
pub fn run(args: ServeArgs) -> Result<()> {
    let slots = (args.interactive_slots, args.work_slots);
    let (exhibit, allowed) = (args.exhibit.as_deref(), &args.allowed_host);
    let bind = ludomat_museum::guard::serve_flags(&args.bind, allowed, exhibit, slots);
    let bind = bind.map_err(crate::usage::usage)?;
    // Started as `ludomat serve` (not from the menu, whose process must go on): restart
    // with the allocator settings that give memory back after crowds (glibc reads them
    // only at start; see ludomat_museum::memory).
    if std::env::args_os().skip(1).any(|a| a == "serve") {
        if let Err(e) = ludomat_museum::memory::exec_tuned() {
            errln!(
                "ludomat: warning: could not restart with the allocator's settings ({e}); \
                 memory may come back more slowly after many visits"
            );
        }
    }
    let runtime = ludomat_museum::runtime().context("starting the async runtime")?;
    // Our own one-shot handling, from before the URL is printed until the process ends
    // (not tokio's, which stays installed for the life of the process: the menu goes on
    // after the server). A second signal ends the process at once.
    let ctrl_c = crate::interrupt::stop_on_ctrl_c_or_term();
    let result = runtime.block_on(serve(args, SocketAddr::new(bind, 0)));
    // A visitor's action still on the blocking pool is not waited for beyond this; autoplay
    // steps, runs' applications and long runs are on threads of their own, cancelled by
    // the stop and never waited for: the process ends now.
    runtime.shutdown_timeout(Duration::from_millis(100));
    let (mut stopped, noticed) = result?;
    drop(ctrl_c);
    // From the signal's arrival (a busy server notices it late) to the process's end: the
    // line is the last thing it does, logged (whole in a file), then the process exits.
    stopped.took = crate::interrupt::since_signal().unwrap_or_else(|| noticed.elapsed());
    stopped.stop_line().log_and_end_process()
}

/// Serves until a signal; what stopping did, and when the signal was noticed.
async fn serve(args: ServeArgs, mut addr: SocketAddr) -> Result<(Stopped, std::time::Instant)> {
    addr.set_port(args.port);
    // A refused flag is a usage error, said as the flag; a port in use is said alone.
    let listener = ludomat_museum::guard::listen_or_end(addr).await;
    let listener = listener.map_err(crate::usage::usage)?;
    let config = ludomat_museum::MuseumConfig {
        max_visits: args.max_visits as usize,
        max_visits_per_client: args.max_visits_per_client as usize,
        rate_limit: Some(RateLimit {
            per_second: args.requests_per_second,
            burst: args.requests_per_second.saturating_mul(2),
        }),
        idle_expiry: Duration::from_secs(u64::from(args.idle_minutes) * 60),
        allowed_hosts: args.allowed_host,
        behind_proxy: args.behind_proxy,
        max_connections: args.max_connections.map(|n| n as usize),
        max_blocking: args.work_slots as usize,
        max_blocking_per_client: args.work_slots_per_client as usize,
        max_waiting_per_client: args.waiting_per_client as usize,
        interactive_slots: args.interactive_slots as usize,
        max_autoplays: args.autoplays as usize,
        max_autoplays_per_client: args.autoplays_per_client as usize,
        max_runs: args.runs as usize,
        max_runs_per_client: args.runs_per_client as usize,
        max_run_queue: args.run_queue as usize,
        max_run_time: Duration::from_secs(u64::from(args.run_minutes) * 60),
        max_streams_per_visit: args.streams_per_visit as usize,
        max_streams_per_client: args.streams_per_client as usize,
        max_trained_networks: args.max_networks as usize,
        max_certificates: args.max_certificates as usize,
        ..ludomat_museum::MuseumConfig::default()
    };
    let server = ludomat_museum::Server::new(listener, config).context("starting the museum")?;
    let bound = server.local_addr().context("reading the bound address")?;
    let url = if bound.ip().is_unspecified() {
        format!("http://127.0.0.1:{}/", bound.port())
    } else {
        format!("http://{bound}/")
    };
    outln!("ludomat museum: {url}  (Ctrl-C to stop)");
    print_class(bound);
    if !bound.ip().is_loopback() {
        errln!(
            "ludomat: warning: listening on {bound}, reachable from other machines. The \
             museum has no login: anyone who reaches it can play. Answering to {}. For a \
             public site put it behind a reverse proxy (README, 'Hosting the museum').",
            server.hosts()
        );
    }
    let fds = server
        .fd_limit()
        .map_or_else(|| "unknown".into(), |n| n.to_string());
    tracing::info!(
        "open-files limit {fds}, at most {} connections",
        server.max_connections()
    );
    let page = match &args.exhibit {
        Some(kind) => {
            let page = format!("{url}exhibits/{kind}");
            outln!("the exhibit: {page}");
            page
        }
        None => url,
    };
    if args.open {
        open_browser(&page);
    }
    let noticed = std::sync::Arc::new(std::sync::Mutex::new(None));
    let seen = std::sync::Arc::clone(&noticed);
    let stopped = server
        .run_until(async move {
            let mut tick = tokio::time::interval(Duration::from_millis(20));
            loop {
                tick.tick().await;
                if let Some(signal) = crate::interrupt::stopping() {
                    if let Ok(mut at) = seen.lock() {
                        *at = Some(std::time::Instant::now());
                    }
                    let line = crate::interrupt::after_echo();
                    ludomat_io::logln!("{line}ludomat museum: {signal}: stopping");
                    return;
                }
            }
        })
        .await
        .context("serving the museum")?;
    let noticed = noticed.lock().ok().and_then(|at| *at);
    Ok((stopped, noticed.unwrap_or_else(std::time::Instant::now)))
}
/// Off loopback: the addresses students type and a QR code of the first (black on white
/// on a terminal, plain characters in a file or a pipe).
fn print_class(bound: SocketAddr) {
    if bound.ip().is_loopback() {
        return;
    }
    let urls = ludomat_museum::class::Class::new(bound).urls();
    let Some((first, _)) = urls.first() else {
        outln!("no network address found besides loopback: is this machine on a network?");
        return;
    };
    outln!("on this network, type one of:");
    for (url, interface) in &urls {
        if interface.is_empty() {
            outln!("  {url}");
        } else {
            outln!("  {url}  ({interface})");
        }
    }
    if let Some(qr) = ludomat_museum::class::qr_text(first) {
        let palette = crate::colour::Palette::for_stdout();
        outln!("or scan ({first}):");
        for line in qr.lines() {
            outln!("  {}", palette.qr(line));
        }
    }
}

/// Opens `url` in the default browser; only warns when that is not possible.
fn open_browser(url: &str) {
    let opener = ["xdg-open", "open"][usize::from(cfg!(target_os = "macos"))];
    match std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .start()
    {
        // The opener ends at once when it has handed the page to a browser, or fails when
        // there is none: wait for it beside the server (so it is reaped, never left
        // defunct) and warn when it failed.
        Ok(mut child) => {
            let url = url.to_string();
            std::thread::spawn(move || match child.wait() {
                Ok(status) if status.success() => {}
                Ok(status) => errln!(
                    "ludomat: warning: {opener} found no browser ({status}); open {url} yourself"
                ),
                Err(e) => errln!("ludomat: warning: waiting for {opener}: {e}"),
            });
        }
        Err(e) => errln!(
            "ludomat: warning: could not open a browser with {opener} ({e}); open {url} yourself"
        ),
    }
}
