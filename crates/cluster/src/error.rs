//! What can go wrong on a cluster, for the master and the workers alike.

/// What can go wrong on a cluster.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClusterError {
    /// MPI could not be started (or was started twice).
    #[error("MPI could not be initialised (already initialised in this process?)")]
    Init,
    /// A worker reported a failure.
    #[error("worker rank {rank} failed: {message}")]
    Worker {
        /// Its rank.
        rank: usize,
        /// What it said.
        message: String,
    },
    /// A message that breaks the protocol.
    #[error("rank {rank}: {problem}")]
    Protocol {
        /// The rank that sent it (0: the master).
        rank: usize,
        /// What was wrong.
        problem: String,
    },
    /// The other end is gone (a worker thread ended, the master left).
    #[error("rank {rank}: {what} has gone")]
    Gone {
        /// The rank that noticed.
        rank: usize,
        /// Who left.
        what: &'static str,
    },
    /// The master's own work failed.
    #[error("master (rank 0): {0}")]
    Master(String),
    /// The master's output (a record, a line) could not be written.
    #[error("{0}")]
    Output(String),
    /// Started by mpirun with this many processes in a build without the `mpi` feature.
    #[error(
        "--distributed: this ludomat was built without the cargo feature 'mpi', so each of \
         the {0} processes mpirun started would do the whole run alone; rebuild with \
         'cargo build --release -p ludomat --features mpi'"
    )]
    NoFeature(u32),
}
