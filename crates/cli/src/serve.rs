//! `ludomat serve`: the web museum on 127.0.0.1 (`crates/museum`). The tokio runtime
//! lives only here; the rest of the CLI stays synchronous.

use std::net::{Ipv4Addr, SocketAddr};

use anyhow::{Context, Result};
use clap::Args;

/// Start the web museum on 127.0.0.1 and print its URL.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on; 0 picks a free one (the URL printed names it).
    #[arg(long, default_value_t = 8462)]
    pub port: u16,
    /// Open the museum in the default browser (xdg-open / open); a failure only warns.
    #[arg(long)]
    pub open: bool,
    /// Print (and with --open, open) this exhibit's page rather than the home page, e.g.
    /// `regex`.
    #[arg(long, value_name = "KIND")]
    pub exhibit: Option<String>,
    /// Most visits held at once (each a game in progress; 1-100,000); more are refused
    /// with 503.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_visits: u32,
    /// Minutes (1-1,440) after which an idle visit (no request, no open page) is forgotten.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=1440))]
    pub idle_minutes: u32,
}

/// Run the museum until Ctrl-C.
pub fn run(args: ServeArgs) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    if let Some(kind) = &args.exhibit {
        if ludomat_museum::exhibits::find(kind).is_none() {
            anyhow::bail!(
                "--exhibit {kind}: no such exhibit; the kinds are {}",
                ludomat_museum::exhibits::kinds()
            );
        }
    }
    runtime.block_on(async move {
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, args.port));
        let listener = tokio::net::TcpListener::bind(addr).await.with_context(|| {
            format!("cannot listen on {addr} (is the port in use? try --port 0)")
        })?;
        let bound = listener.local_addr().context("reading the bound address")?;
        let url = format!("http://{bound}/");
        println!("ludomat museum: {url}  (Ctrl-C to stop)");
        let page = match &args.exhibit {
            Some(kind) => {
                let page = format!("{url}exhibits/{kind}");
                println!("the exhibit: {page}");
                page
            }
            None => url,
        };
        if args.open {
            open_browser(&page);
        }
        let config = ludomat_museum::MuseumConfig {
            max_visits: args.max_visits as usize,
            idle_expiry: std::time::Duration::from_secs(u64::from(args.idle_minutes) * 60),
            ..ludomat_museum::MuseumConfig::default()
        };
        ludomat_museum::serve(listener, config)
            .await
            .context("serving the museum")
    })
}

/// Opens `url` in the default browser; only warns when that is not possible.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    match std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        Ok(_) => {}
        Err(e) => {
            eprintln!("ludomat: could not open a browser with {opener} ({e}); open {url} yourself")
        }
    }
}
