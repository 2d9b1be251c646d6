//! Where this process stands in a `--distributed` run: alone (the run stays here, and
//! [`Alone`] says why), a worker that has served the master until STOP, or the master of
//! an MPI run.

use crate::error::ClusterError;
use crate::worker::Work;

/// Why a `--distributed` run stays on this process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Alone {
    /// This build has no MPI (the cargo feature `mpi`), and no launcher started it.
    NoFeature,
    /// Not started by mpirun or srun with several processes.
    NotLaunched,
    /// MPI started one process only.
    OneProcess,
}

/// Where this process stands in a distributed run.
#[derive(Debug)]
pub enum Place {
    /// Alone: the run stays on this process.
    Alone(Alone),
    /// A worker that served until the master's STOP: done.
    #[cfg(feature = "mpi")]
    Served,
    /// The master (rank 0) of several processes.
    #[cfg(feature = "mpi")]
    Master(crate::mpi::Cluster),
}

/// Without the `mpi` feature: alone — or, under mpirun, refused (every process would do
/// the whole run).
///
/// # Errors
/// Started by an MPI launcher with several processes.
#[cfg(not(feature = "mpi"))]
pub fn place<W: Work>(worker: impl FnOnce() -> W) -> Result<Place, ClusterError> {
    drop(worker);
    if let Some(n) = crate::launcher_size().filter(|&n| n > 1) {
        return Err(ClusterError::NoFeature(n));
    }
    Ok(Place::Alone(Alone::NoFeature))
}

/// With the `mpi` feature: start MPI; every rank but 0 serves the master with the work
/// `worker` builds, until STOP.
///
/// # Errors
/// MPI cannot start, or this worker failed.
#[cfg(feature = "mpi")]
pub fn place<W: Work>(worker: impl FnOnce() -> W) -> Result<Place, ClusterError> {
    if !crate::launched_by_mpi() {
        return Ok(Place::Alone(Alone::NotLaunched));
    }
    let cluster = crate::mpi::Cluster::start()?;
    if cluster.size() < 2 {
        return Ok(Place::Alone(Alone::OneProcess));
    }
    if cluster.rank() != 0 {
        let mut work = worker();
        crate::worker::serve(&mut cluster.worker_link(), &mut work)?;
        return Ok(Place::Served);
    }
    Ok(Place::Master(cluster))
}
