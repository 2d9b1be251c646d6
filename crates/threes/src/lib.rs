//! Threes! (Sirvo, 2014): the exact game and an expectimax AI.
//!
//! * [`Tile`] — a card as a nibble code (the seed's `c(x)`), its value and score.
//! * [`Board`] — 16 nibbles in a `u64`; [`Board::swipe`] folds every line through a table
//!   of all 65,536 lines and reports which lines moved ([`Swiped`]); the new card enters
//!   on the opposite edge of a moved line ([`Board::insert`]).
//! * [`Deck`], [`card::next_card`], [`Hint`], [`HintModel`] — the 12-card deck, bonus
//!   cards at 1/21 once a 48 is on the board, the next-card hint as a set of values.
//! * [`Threes`] — a seeded game; [`record::GameRecord`] — a game as JSON, checked on load.
//! * [`Heuristic`], [`Weights`], [`Searcher`] — the expectimax AI, whose subtrees are
//!   serialisable [`Job`]s.
//! * [`ThreesSession`] — a game as a person meets it (swipes, undo, hint, the AI's
//!   estimate of each swipe, an AI step, the replay of a recorded game): the museum's
//!   exhibit.
//! * [`cluster`] — the seed's master/worker search on MPI (feature `mpi`): subtrees or
//!   whole games spread over the ranks of an `mpirun`, and `threes auto --distributed`'s
//!   run ([`cluster::DistributedRun`]).
//! * The terminal's runs and words: [`play::Play`] (a game key by key), [`options`] (the
//!   search rule as flags), [`tuning`] (`threes tune` with either optimiser), [`bench`],
//!   [`text`] (boards, statistics, tables). With the cargo feature `clap` the options
//!   derive `clap::Args`.
//!
//! ```
//! use ludomat_threes::{Board, Direction, HintModel, Threes};
//! // the spec's examples, one per row, swiped left
//! let b: Board = "0 3 3 0 / 6 6 0 3 / 1 2 0 0 / 0 0 0 0".parse().unwrap();
//! let s = b.swipe(Direction::Left).unwrap();
//! assert_eq!(s.board, "3 3 0 0 / 12 0 3 0 / 3 0 0 0 / 0 0 0 0".parse().unwrap());
//! assert_eq!(s.moved, 0b0111); // the new card enters row 0, 1 or 2 at the right edge
//! let b = s.board.insert(Direction::Left, 1, "2".parse().unwrap());
//! assert_eq!(b.score(), 3 + 3 + 27 + 3 + 3);
//!
//! // a seeded game: the same seed deals the same cards
//! let mut game = Threes::new(7, HintModel::Plus);
//! assert_eq!(game.board().cells().iter().filter(|t| !t.is_empty()).count(), 9);
//! let d = game.board().legal_swipes()[0];
//! let turn = game.swipe(d).unwrap();
//! assert!(turn.hint.allows(turn.card));
//! ```
//!
//! Sources: the seed's articles "Threes! AI — Game Representation" and "Threes! AI — A
//! Simple Distribution Method" and the spec `threes.md` (see the crate README).

pub mod auto;
pub mod autoplay;
pub mod bench;
pub mod board;
pub mod card;
pub mod cluster;
mod deck;
pub mod deepening;
mod direction;
pub mod engine;
mod game;
pub mod heuristic;
pub mod learn;
pub mod learn_distributed;
pub mod learn_run;
pub mod learn_watch;
pub mod line;
pub mod ntuple;
pub mod options;
pub mod paired;
pub mod play;
pub mod record;
pub mod search;
mod session;
pub mod summary;
pub mod text;
mod tile;
pub mod tune;
pub mod tune_cmaes;
pub mod tuning;
pub mod versus;

pub use board::{Board, BoardError, Swiped};
pub use card::{Hint, HintModel};
pub use deck::{Deck, DeckError};
pub use deepening::{Budget, Player};
pub use direction::{Direction, DirectionError};
pub use game::{IllegalSwipe, Position, Threes, Turn};
pub use heuristic::{Heuristic, Weights, WeightsError};
pub use search::{DepthRule, Job, JobResult, JobRunner, SearchConfig, SearchResult, Searcher};
pub use session::{
    Estimate, ReplayView, ThreesAction, ThreesConfig, ThreesHappening, ThreesSession, ThreesView,
    MAX_SESSION_DEPTH, MAX_UNDO,
};
pub use tile::{Tile, TileError};
