//! The 4×4×4 proof on MPI (`mpirun -n N ludomat qubic proof --dims 3 --search
//! --distributed`): the job-level search ([`super::solve::jobs`]) with its workers on the
//! ranks of an MPI run — the workspace's one master/worker layer, `ludomat_cluster`, as the
//! Threes! search uses it. Rank 0 keeps the master's tree and runs a worker of its own on
//! a second thread; every other rank is a worker with a table of its own. Proofs found on
//! one rank reach the others through the master: a leaf whose position a received proof
//! covers is proved at once. The certificate is written on rank 0 from the moves the
//! master gathered and re-checked by the independent checker, as on one process.
//!
//! [`place`] says where a process stands: alone (not started by mpirun, or a build without
//! the cargo feature `mpi`: the search runs on this process's threads), a worker that has
//! served (nothing more to do), or the master ([`Site`]).

use ludomat_cluster::{Alone, ClusterError};

use super::solve::worker::ProofWorker;

/// The master's place in an MPI run (rank 0). Without the cargo feature `mpi` there is
/// none.
pub struct Site {
    #[cfg(feature = "mpi")]
    cluster: ludomat_cluster::mpi::Cluster,
    #[cfg(not(feature = "mpi"))]
    never: std::convert::Infallible,
}

impl std::fmt::Debug for Site {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Site({} ranks)", self.ranks())
    }
}

impl Site {
    /// The processes of the run, the master's included.
    #[must_use]
    pub fn ranks(&self) -> usize {
        #[cfg(feature = "mpi")]
        return self.cluster.size();
        #[cfg(not(feature = "mpi"))]
        match self.never {}
    }

    /// The master's machine as MPI names it.
    #[must_use]
    pub fn processor(&self) -> String {
        #[cfg(feature = "mpi")]
        return self.cluster.processor_name();
        #[cfg(not(feature = "mpi"))]
        match self.never {}
    }

    /// What the run is, said before it starts.
    #[must_use]
    pub fn header(&self) -> String {
        format!(
            "On {} MPI ranks (master on {}): rank 0 keeps the proof tree and searches on a \
             second thread, every other rank searches with a table of its own.\n",
            self.ranks(),
            self.processor()
        )
    }

    /// The job-level search on this run's ranks (see the [module documentation](self)).
    /// Once per run: at its end the master sends every worker STOP, and the other ranks
    /// leave (a second call finds no worker and ends with [`super::solve::Solved::failure`]
    /// set).
    #[must_use]
    pub fn solve(
        &self,
        tops: &[(u64, u64)],
        config: &super::solve::SolveConfig,
        cancel: &ludomat_game::run::Cancel,
        status: &mut dyn FnMut(&super::solve::SolveStatus),
    ) -> super::solve::Solved {
        #[cfg(feature = "mpi")]
        return solve_on_mpi(&self.cluster, tops, config, cancel, status);
        #[cfg(not(feature = "mpi"))]
        {
            let _ = (tops, config, cancel, status);
            match self.never {}
        }
    }
}

#[cfg(feature = "mpi")]
fn solve_on_mpi(
    cluster: &ludomat_cluster::mpi::Cluster,
    tops: &[(u64, u64)],
    config: &super::solve::SolveConfig,
    cancel: &ludomat_game::run::Cancel,
    status: &mut dyn FnMut(&super::solve::SolveStatus),
) -> super::solve::Solved {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    use super::solve::jobs::{failed, run, ProofMaster};
    use super::table::ProofTable;

    let table = Arc::new(ProofTable::new());
    let stop = Arc::new(AtomicBool::new(false));
    let mut own = ProofWorker::sharing(Arc::clone(&table), Some(Arc::clone(&stop)));
    let (local, mut ends) = ludomat_cluster::local::links(1);
    let out = std::thread::scope(|scope| {
        if let Some(mut end) = ends.pop() {
            let _ = std::thread::Builder::new()
                .name("qubic-rank0-worker".into())
                .spawn_scoped(scope, move || ludomat_cluster::serve(&mut end, &mut own));
        }
        let link = ludomat_cluster::Joined {
            a: cluster.master_link(),
            b: local,
        };
        let mut m: ProofMaster<_> = ludomat_cluster::Master::new(link);
        run(
            &mut m,
            tops,
            config,
            cancel,
            status,
            Some(&stop),
            "the ranks of an MPI run, a table each",
        )
    });
    out.unwrap_or_else(|e| failed(tops, config, &e))
}

/// Where this process stands in a distributed proof.
#[derive(Debug)]
pub enum Place {
    /// Alone: the search runs on this process's threads (the words say why).
    Alone(&'static str),
    /// A worker that served until the master's STOP: nothing more to do.
    Served,
    /// The master (rank 0) of several processes.
    Master(Site),
}

/// Start MPI when this build has it and mpirun started several processes: every rank but
/// 0 serves the master as a worker until STOP; rank 0 is the master.
///
/// # Errors
/// Started by mpirun in a build without the `mpi` feature (each process would prove the
/// whole win alone), MPI cannot start, or this worker failed.
pub fn place() -> Result<Place, ClusterError> {
    Ok(match ludomat_cluster::place(ProofWorker::new)? {
        ludomat_cluster::Place::Alone(Alone::NoFeature) => Place::Alone(
            "--distributed: this ludomat was built without the cargo feature 'mpi' (rebuild \
             with '--features mpi' to run on a cluster); searching on this process alone",
        ),
        ludomat_cluster::Place::Alone(Alone::NotLaunched) => Place::Alone(
            "--distributed: not started by mpirun or srun with several processes (e.g. \
             'mpirun -n 8 ludomat qubic proof --dims 3 --search --distributed'); searching \
             on this process alone",
        ),
        ludomat_cluster::Place::Alone(Alone::OneProcess) => {
            Place::Alone("--distributed: MPI started one process only; searching on it alone")
        }
        #[cfg(feature = "mpi")]
        ludomat_cluster::Place::Served => Place::Served,
        #[cfg(feature = "mpi")]
        ludomat_cluster::Place::Master(cluster) => Place::Master(Site { cluster }),
    })
}
