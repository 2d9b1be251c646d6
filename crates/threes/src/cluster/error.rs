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
        rank: i32,
        /// What it said.
        message: String,
    },
    /// A message that breaks the protocol.
    #[error("rank {rank}: {problem}")]
    Protocol {
        /// The rank that sent it (0: the master).
        rank: i32,
        /// What was wrong.
        problem: String,
    },
    /// The master's own work failed.
    #[error("master (rank 0): {0}")]
    Master(String),
}
