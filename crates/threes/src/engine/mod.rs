//! The engine protocol: ludomat deals the game, an engine — ours or anyone's — answers
//! each turn with a swipe. A small line protocol in the spirit of chess's UCI, written up
//! in `crates/threes/ENGINE.md`.
//!
//! * [`protocol`] — the lines, as text and back.
//! * [`serve()`] — our AI as an engine (`ludomat threes engine`).
//! * [`EngineProcess`] — the harness: an engine as a child process, dealt our seeded games
//!   (`ludomat threes auto --engine CMD`, `ludomat threes versus`), with its CPU time read
//!   from its process clock and every failure named ([`EngineError`]).

mod harness;
pub mod protocol;
mod serve;

pub use harness::{
    At, CommandError, EngineCommand, EngineError, EngineGame, EngineProcess, Limits,
};
pub use serve::{serve, ServeError, MAX_INPUT_LINE};
