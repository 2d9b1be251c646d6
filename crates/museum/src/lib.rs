//! The ludomat museum: a local web server in which every machine's session can be
//! played and its insides watched.
//!
//! * [`exhibits`] — the registry: one entry per exhibit (kind, title, history, source,
//!   how to start its [`ludomat_game::DynSession`]).
//! * [`Museum`] — the visits: isolated sessions, bounded in number
//!   ([`MuseumConfig::max_visits`]), expired when idle ([`MuseumConfig::idle_expiry`]),
//!   each with a stream of updates and an autoplay that runs off the request threads.
//! * [`router`] — the JSON API, the Server-Sent Events stream and the embedded front end
//!   (`web/dist`, built by Vite and committed); [`serve`] runs it on a listener.
//! * [`error`] — how every refusal becomes a status and a JSON message, in one place.
//!
//! The API is described in the crate README.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! println!("http://{}/", listener.local_addr()?);
//! ludomat_museum::serve(listener, ludomat_museum::MuseumConfig::default()).await
//! # }
//! ```

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod api;
pub mod assets;
pub mod error;
pub mod exhibits;
mod kit;
mod museum;
pub mod visit;

pub use api::router;
pub use error::ApiError;
pub use museum::{Museum, MuseumConfig};

/// Serves the museum on `listener` until Ctrl-C.
///
/// # Errors
/// When the listener fails.
pub async fn serve(listener: tokio::net::TcpListener, config: MuseumConfig) -> std::io::Result<()> {
    serve_until(listener, config, async {
        // If the signal cannot be installed, serve until the process is killed.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    })
    .await
}

/// Serves the museum on `listener` until `shutdown` completes; sweeps idle visits once
/// a second meanwhile.
///
/// # Errors
/// When the listener fails.
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    config: MuseumConfig,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let museum = Museum::new(config);
    let sweeper = {
        let museum = museum.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(std::time::Duration::from_secs(1));
            loop {
                tick.tick().await;
                museum.sweep();
            }
        })
    };
    let result = axum::serve(listener, router(museum))
        .with_graceful_shutdown(shutdown)
        .await;
    sweeper.abort();
    result
}
