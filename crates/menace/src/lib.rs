//! MENACE — the Machine Educable Noughts And Crosses Engine that Donald Michie built from
//! matchboxes and coloured beads in 1961, rebuilt from the noughts-and-crosses core.
//!
//! * [`BoxIndex`] — which matchboxes exist: one per symmetry class of the positions
//!   where MENACE is to move, without won positions and forced last moves — 1 / 12 /
//!   108 / 183 = 304 boxes by MENACE's move when it plays first, 289 when it plays
//!   second — and a table from every one of the 19,683 boards to its box and symmetry.
//! * [`Matchbox`] and [`Bead`] — a picture on the lid, beads inside naming squares *of
//!   the picture*; [`Matchboxes`] — a side's full set.
//! * [`Rules`] — starting beads, rewards, what an empty box does; presets [`Preset`]
//!   `seed` (the challenge, default), `michie` (1961), `scroggs` (the online MENACE).
//! * [`Menace`] — the machine: both sets of boxes, a seeded generator, the beads drawn
//!   in the game in progress, the record. It is a `ludomat_game::Agent` that learns in
//!   `game_over`, and plays either side.
//! * [`MenaceSession`] — MENACE as a person meets it, at the terminal and in the museum:
//!   opponent, counters, log, learning curve, every box and the bead just drawn.
//! * [`Opponent`] and [`Menace::train_game`] — fast training against built-in
//!   players; [`state`] — the versioned JSON state file, written atomically; [`store`] —
//!   a MENACE with its file and the options that set it up; [`challenge`] — the source's
//!   challenge played at a terminal.
//!
//! Source: seed 002 (the MENACE challenge and its rules); the published history of
//! Michie's machine for the presets and the reference results.
//!
//! ```
//! use ludomat_game::{Outcome, Player};
//! use ludomat_menace::{Menace, Opponent, Rules};
//! use ludomat_tictactoe::Board;
//!
//! let mut menace = Menace::new(Rules::source(), 7);
//! assert_eq!(menace.boxes(Player::First).len(), 304);
//! // Its first move comes from box #0, the empty board.
//! let choice = menace.choose(Board::EMPTY)?;
//! assert_eq!(choice.draw.map(|d| d.matchbox.index()), Some(0));
//! menace.abandon(); // put the bead back
//!
//! let mut random = Opponent::random(8);
//! let wins = (0..2000)
//!     .filter(|_| menace.train_game(&mut random, Player::First) == Outcome::Win(Player::First))
//!     .count();
//! assert!(wins > 1200);
//! # Ok::<(), ludomat_menace::MenaceError>(())
//! ```

mod bead;
pub mod bench;
pub mod challenge;
mod index;
mod machine;
mod matchbox;
mod matchboxes;
mod opponent;
mod rules;
pub mod session;
pub mod state;
pub mod store;
pub mod text;
mod train;
pub mod training;
mod words;

pub use bead::{Bead, ParseBeadError};
pub use index::{move_classes, BoxId, BoxIndex, BOARDS};
pub use machine::{Choice, Draw, Menace, MenaceError};
pub use matchbox::{CountsError, Matchbox, CAPACITY};
pub use matchboxes::Matchboxes;
pub use opponent::Opponent;
pub use rules::{EmptyBox, Preset, Rules, RulesError, StartingBeads, UnknownPreset, MAX_BEADS};
pub use session::{
    MachineOpponent, MenaceAction, MenaceConfig, MenaceHappening, MenaceSession, MenaceView,
    OpponentFactory, OpponentKind, MAX_GAMES_PER_ACTION,
};
pub use state::StateError;
pub use training::{TrainConfig, TrainError, TrainOpponent, TrainPartial, Training};
