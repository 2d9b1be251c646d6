//! The seed's master/worker cluster, on MPI (or on threads).
//!
//! The seed ("Threes! AI — A Simple Distribution Method") spread its expectimax over a
//! cluster of small machines with its own TCP protocol: one master keeps the game, decides
//! and plays the moves; the subtrees below a *parallelization depth* are jobs; idle
//! workers announce themselves with READY, the master sends the next job (board and
//! search parameters) to the first one that answers, the worker searches it and sends the
//! score back, and the master works on jobs itself between messages. Only the master hands
//! out work — the seed found that better than workers passing work on to each other.
//!
//! Here the same design runs on MPI (OpenMPI, MPICH, a Slurm cluster): rank 0 is the
//! master, every other rank a worker. The protocol — READY, a job, its result, STOP, a
//! worker's failure reported with its rank — and the transports are the workspace's one
//! cluster layer, `ludomat_cluster`; this module holds what is Threes!'s: the settings
//! sent once ([`message::Setup`]), the jobs ([`message::Task`]: a subtree, or a whole
//! game) and their results, the worker ([`ThreesWorker`]) and the master's loops
//! ([`Master`]). The subtrees are the search's own [`crate::Job`]s, so a distributed
//! search gives exactly the move and the value of [`crate::Searcher::search`]. A second
//! mode hands out whole games instead of subtrees, for long strength runs.
//!
//! The master and the worker run on any transport (`ludomat_cluster::local` threads in
//! the tests); MPI needs the cargo feature `mpi` (and an MPI library to link).

pub mod message;
pub mod run;

mod local;
mod master;
mod worker;

#[cfg(feature = "mpi")]
pub use ludomat_cluster::mpi::Cluster;
pub use ludomat_cluster::{launched_by_mpi, launcher_size, ClusterError, RankLoad, Utilisation};
#[cfg(feature = "mpi")]
pub use master::{master, serve};
pub use master::{Master, MoveReport};
pub use worker::ThreesWorker;

pub use message::{Answer, Setup, Task, ToMaster, ToWorker};
pub use run::{game_line, place, DistributedRun, Finished, Mode, Place};

/// Whether this build can run on a cluster (the cargo feature `mpi`).
pub const ENABLED: bool = ludomat_cluster::ENABLED;
