//! The ludomat museum: a web server in which every machine's session can be played and
//! its insides watched — safe to leave running on a desk and to put behind a museum's
//! own website.
//!
//! * [`exhibits`] — the registry: one entry per exhibit (kind, title, history, source,
//!   how to start its [`ludomat_game::DynSession`]).
//! * [`Museum`] — the visits: isolated sessions that follow their pages (released when
//!   the page goes, evicted when unwatched and room is needed), bounded in number overall
//!   and per client ([`MuseumConfig`]); each with a stream of updates and at most one
//!   background [`job`] (autoplay; long runs) off the request threads, cancellable; the
//!   session work shared out in [`work`] slots — some kept for the visitors' actions,
//!   the rest for autoplay steps and runs' applications, which run at a lower priority.
//! * [`Server`] — the museum on a listener: the JSON API, the Server-Sent Events stream
//!   and the embedded front end (`web/dist`, built by Vite and committed) behind the
//!   [`guard`] (Host and Origin, per-client rate), with the security [`headers`];
//!   connections capped below the [`fd_limit`], idle ones closed to make room; a stop
//!   within a second or two on Ctrl-C or SIGTERM.
//! * [`error`] — how every refusal becomes a status and a JSON message, in one place.
//!
//! The API is described in the crate README.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! let server = ludomat_museum::Server::new(listener, ludomat_museum::MuseumConfig::default())?;
//! println!("http://{}/", server.local_addr()?);
//! let stopped = server.run(|signal| eprintln!("{signal}: stopping")).await?;
//! eprintln!("stopped: {stopped}");
//! # Ok(())
//! # }
//! ```

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod api;
pub mod assets;
mod autoplay;
mod autoplays;
mod background;
pub mod class;
pub mod client;
pub mod error;
pub mod exhibits;
pub mod fd_limit;
pub mod guard;
pub mod headers;
mod held_run;
pub mod job;
mod kit;
pub mod memory;
mod museum;
mod raw_errors;
pub mod refusal;
pub mod run;
pub mod run_slots;
mod said;
mod server;
pub mod visit;
pub mod work;

pub use error::ApiError;
pub use museum::{Museum, MuseumConfig, Stopping};
pub use server::{per_address, runtime, signal, Server, Stopped, BLOCKING_THREAD_KEEP_ALIVE};
