//! An independent checker of certificates that the first player wins 4×4×4 tic-tac-toe
//! (Qubic), written apart from the search that makes them.
//!
//! It depends on nothing of the search that made the certificate: it builds its own 76
//! lines ([`geometry`]) and finds the 192 symmetries itself by trying every coordinate
//! map (both counts asserted), reads the file trusting nothing ([`format`]: magic,
//! version, lengths, a checksum, every byte in range), and replays the proof ([`walk`]):
//!
//! * at the first player's turns the certificate gives a move, or a whole **threat line**
//!   (each move makes a three, so the second player's block is forced; the line ends in
//!   four or in two threes at once);
//! * at the second player's turns *every* reply is tried: a reply that does not block a
//!   three loses at once and needs no record; the others are merged by symmetry into
//!   canonical positions (the image with the least `(x, o)` bitboards under the 192
//!   symmetries), and a canonical position met before is not checked again;
//! * wins, blocks and threes are recomputed from the lines at every step.
//!
//! The certificate is the sequence of first-player records in the order this walk meets
//! new positions, so positions are never stored; the same [`walk`] driven by a strategy
//! instead of a file writes one ([`walk::write`]).
//!
//! Cells: `c = 16·plane + 4·row + column`, bit `c` of a bitboard.

pub mod format;
pub mod geometry;
pub mod walk;

pub use format::{Certificate, FormatError, Record};
pub use geometry::Geometry;
pub use walk::{verify, verify_until, write, ProofBook, Report, VerifyError};

/// The README's example, compiled as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
