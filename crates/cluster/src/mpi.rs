//! The MPI transport (OpenMPI, MPICH, a Slurm cluster): rank 0 is the master, every other
//! rank a worker; a message is one MPI message of bytes. Waiting polls with
//! [`crate::link::Backoff`] instead of MPI's spinning receive, so an idle rank leaves its
//! core to the ranks with work (an MPI run may start more processes than cores).

use mpi::environment::Universe;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;

use crate::error::ClusterError;
use crate::link::{Backoff, MasterLink, Rank, WorkerLink, FOREVER};

/// This process's place in an MPI run. Dropping it shuts MPI down (`MPI_Finalize`).
pub struct Cluster {
    world: SimpleCommunicator,
    // last: finalises MPI after everything else is dropped
    _universe: Universe,
}

impl std::fmt::Debug for Cluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Cluster(rank {} of {})", self.rank(), self.size())
    }
}

fn mpi_rank(r: Rank) -> mpi::Rank {
    mpi::Rank::try_from(r).unwrap_or(mpi::Rank::MAX)
}

fn rank_of(r: mpi::Rank) -> Rank {
    Rank::try_from(r).unwrap_or(Rank::MAX)
}

impl Cluster {
    /// Start MPI (threads allowed, MPI called from the main thread only).
    ///
    /// # Errors
    /// When MPI was already started in this process.
    pub fn start() -> Result<Cluster, ClusterError> {
        let (universe, _) =
            mpi::initialize_with_threading(mpi::Threading::Funneled).ok_or(ClusterError::Init)?;
        Ok(Cluster {
            world: universe.world(),
            _universe: universe,
        })
    }

    /// This process's rank (0: the master).
    #[must_use]
    pub fn rank(&self) -> Rank {
        rank_of(self.world.rank())
    }

    /// The number of processes.
    #[must_use]
    pub fn size(&self) -> usize {
        usize::try_from(self.world.size()).unwrap_or(1)
    }

    /// This machine's name as MPI knows it.
    #[must_use]
    pub fn processor_name(&self) -> String {
        mpi::environment::processor_name().unwrap_or_else(|_| "?".into())
    }

    /// The master's end (use on rank 0).
    #[must_use]
    pub fn master_link(&self) -> MpiMaster<'_> {
        MpiMaster { world: &self.world }
    }

    /// A worker's end (use on every rank but 0).
    #[must_use]
    pub fn worker_link(&self) -> MpiWorker<'_> {
        MpiWorker {
            world: &self.world,
            rank: self.rank(),
        }
    }

    /// End every process at once (`MPI_Abort`): the way out when the master cannot go on
    /// and workers may be busy.
    pub fn abort(&self, code: i32) -> ! {
        self.world.abort(code)
    }
}

/// The master's end of an MPI run.
pub struct MpiMaster<'a> {
    world: &'a SimpleCommunicator,
}

impl std::fmt::Debug for MpiMaster<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MpiMaster({} ranks)", self.size())
    }
}

impl MasterLink for MpiMaster<'_> {
    fn size(&self) -> usize {
        usize::try_from(self.world.size()).unwrap_or(1)
    }

    fn send(&mut self, to: Rank, bytes: &[u8]) -> Result<(), ClusterError> {
        if to == 0 || to >= self.size() {
            return Err(ClusterError::Master(format!("no worker of rank {to}")));
        }
        self.world.process_at_rank(mpi_rank(to)).send(bytes);
        Ok(())
    }

    fn receive(
        &mut self,
        wait: std::time::Duration,
    ) -> Result<Option<(Rank, Vec<u8>)>, ClusterError> {
        let mut backoff = Backoff::new(wait);
        loop {
            if let Some(probed) = self.world.any_process().immediate_matched_probe() {
                let (bytes, status) = probed.matched_receive_vec::<u8>();
                return Ok(Some((rank_of(status.source_rank()), bytes)));
            }
            if wait.is_zero() || !backoff.wait() {
                return Ok(None);
            }
        }
    }
}

/// A worker's end of an MPI run.
pub struct MpiWorker<'a> {
    world: &'a SimpleCommunicator,
    rank: Rank,
}

impl std::fmt::Debug for MpiWorker<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MpiWorker(rank {})", self.rank)
    }
}

impl WorkerLink for MpiWorker<'_> {
    fn rank(&self) -> Rank {
        self.rank
    }

    fn send(&mut self, bytes: &[u8]) -> Result<(), ClusterError> {
        self.world.process_at_rank(0).send(bytes);
        Ok(())
    }

    fn receive(&mut self) -> Result<Vec<u8>, ClusterError> {
        let mut backoff = Backoff::new(FOREVER);
        let master = self.world.process_at_rank(0);
        loop {
            if let Some(probed) = master.immediate_matched_probe() {
                return Ok(probed.matched_receive_vec::<u8>().0);
            }
            backoff.wait();
        }
    }
}
