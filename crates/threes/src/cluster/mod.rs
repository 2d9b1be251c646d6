//! The seed's master/worker cluster, on MPI.
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
//! master, every other rank a worker. The messages ([`message`]) are the seed's — READY,
//! a job, a score, and STOP at the end — plus the settings sent once ([`message::Setup`])
//! and a worker's failure, which the master reports with the worker's rank. The jobs are
//! the search's own [`crate::Job`]s, so a distributed search gives exactly the move and
//! the value of [`crate::Searcher::search`]. A second mode hands out whole games instead of
//! subtrees, for long strength runs.
//!
//! [`launched_by_mpi`], the messages and the reports need no MPI; the master and the
//! workers need the cargo feature `mpi` (and an MPI library to link).

pub mod message;
pub mod report;
pub mod run;

mod error;
#[cfg(feature = "mpi")]
mod local;
#[cfg(feature = "mpi")]
mod master;
#[cfg(feature = "mpi")]
mod worker;

pub use error::ClusterError;
#[cfg(feature = "mpi")]
pub use master::{Cluster, Master};

pub use message::{Setup, ToMaster, ToWorker};
pub use report::{MoveReport, RankLoad, Utilisation};
pub use run::{game_line, place, DistributedRun, Finished, Mode, Place};

/// Whether this process was started by an MPI launcher (`mpirun`, `mpiexec`, Slurm's
/// `srun`) as one of several processes: the variables OpenMPI, MPICH (PMI), PMIx and a
/// Slurm job step set.
#[must_use]
pub fn launched_by_mpi() -> bool {
    launcher_size().is_some_and(|n| n > 1)
}

/// The number of processes the MPI launcher started, if it set one of the usual variables.
#[must_use]
pub fn launcher_size() -> Option<u32> {
    [
        "OMPI_COMM_WORLD_SIZE",
        "PMI_SIZE",
        "PMIX_SIZE",
        "SLURM_STEP_NUM_TASKS",
    ]
    .iter()
    .find_map(|v| std::env::var(v).ok()?.trim().parse().ok())
}

/// Whether this build can run on a cluster (the cargo feature `mpi`).
pub const ENABLED: bool = cfg!(feature = "mpi");
