//! 4×4×4 (Qubic) proofs of the first player's win.
//!
//! * [`dictionary`] — Patashnik's dictionary of 2,929 strategic moves (1976–77, in Ken
//!   Thompson's 1978 form), read and indexed under the 192 symmetries.
//! * [`attacker`] — [`attacker::AttackerStrategy`], what the first player does at a
//!   position, shared by every strategy and the certificate.
//! * [`certificate`] — any strategy written as a certificate for the independent
//!   checker `ludomat-qubic-verify`; Patashnik's strategy's is bundled.
//! * [`check`] — its exhaustive check: the first player plays win > block > dictionary
//!   move > threat sequence, against every reply, over positions merged by symmetry.
//! * [`dfpn`] — the from-scratch search: df-pn over canonical positions with threat
//!   sequences as leaves, and [`dfpn::SearchStrategy`], the strategy it proves.
//! * [`hybrid`] — Patashnik's strategy for the first K stones, the search after (K = 0:
//!   the search alone, from the empty board).
//! * [`threats`] — the search board [`threats::Board3`] and threat-sequence search.
//! * [`solve`] — many positions searched as one proof on every core: the job-level
//!   proof-number search (a master's proof tree, its leaves searched as bounded jobs,
//!   [`solve::jobs`]) and the walkers sharing one table; [`distributed`] — the same
//!   job-level search on the ranks of an MPI run.
//! * [`table`] — the search's table, shared by the searchers of a proof.
//! * [`canonical`] — canonical forms under the symmetries; [`tables`] — lines,
//!   symmetries and keys of 4³.
//!
//! Source: O. Patashnik, "Qubic: 4×4×4 Tic-Tac-Toe", *Mathematics Magazine* 53(4), 1980.

pub mod attacker;
pub mod canonical;
pub mod certificate;
pub mod check;
pub mod dfpn;
pub mod dictionary;
pub mod distributed;
pub mod hybrid;
pub mod leaves;
pub mod player;
pub mod run;
pub mod solve;
pub mod table;
pub mod tables;
pub mod threats;
pub mod watch;
