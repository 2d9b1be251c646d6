//! One master, many workers — on the threads of one process or on the processes of an
//! MPI run, with the same code.
//!
//! The design is the seed's ("Threes! AI — A Simple Distribution Method"): one master
//! keeps the whole problem and hands out **jobs**; an idle worker says READY and gets the
//! next one; it sends the result back and is idle again; STOP ends the run. Only the
//! master hands out work. The settings, jobs and results are the application's own
//! serialisable types; a message is their [`postcard`] encoding ([`message`]), the same
//! bytes on every transport.
//!
//! * [`Master`] — the master's side: [`Master::configure`] (settings to every worker),
//!   [`Master::next_idle`] and [`Master::send`] (a job to an idle worker),
//!   [`Master::receive`] (the next result, [`Done`], with its wall-clock and CPU time),
//!   [`Master::ping`], the counts ([`Load`] per batch, [`Utilisation`] over the run); STOP
//!   when dropped. Which job goes next and what a result means is the application's loop.
//! * [`Work`] and [`serve`] — a worker: settings, then jobs, until STOP; a failure (an
//!   error or a panic in a job) is sent to the master, which names the worker's rank.
//! * Transports: [`local`] (threads and channels: `local::run` serves a list of workers
//!   while the master runs on the calling thread), `mpi` (feature `mpi`: rank 0 the
//!   master, `mpi::Cluster`), and [`Joined`] (two transports behind one master: an MPI
//!   run's workers beside threads of the master's own process). [`place`] says where a
//!   `--distributed` process stands; [`mpirun::mpirun`] runs a program under `mpirun`
//!   from a test, killed with every rank past a time limit.
//!
//! Used by the Threes! search (`ludomat_threes::cluster`: subtrees and whole games) and
//! the 4×4×4 proof (`ludomat_qubic::proof3d::distributed`: proof-number jobs).
//!
//! ```
//! use std::time::Duration;
//! use ludomat_cluster::{local, Master, Work, FOREVER};
//!
//! /// Squares numbers, times a factor set by the master.
//! struct Squarer(u64);
//! impl Work for Squarer {
//!     type Setup = u64;
//!     type Job = u64;
//!     type Result = (u64, u64);
//!     fn setup(&mut self, factor: u64) -> Result<(), String> {
//!         self.0 = factor;
//!         Ok(())
//!     }
//!     fn run(&mut self, n: u64) -> Result<(u64, u64), String> {
//!         Ok((n, self.0 * n * n))
//!     }
//! }
//!
//! let (sum, ended) = local::run(vec![Squarer(1), Squarer(1)], |link| {
//!     let mut m: Master<_, u64, u64, (u64, u64)> = Master::new(link);
//!     m.configure(&10)?;
//!     let (mut next, mut done, mut sum) = (1u64, 0, 0);
//!     while done < 5 {
//!         while next <= 5 {
//!             let Some(w) = m.next_idle() else { break };
//!             m.send(w, &next)?;
//!             next += 1;
//!         }
//!         if let Some(d) = m.receive(FOREVER)? {
//!             sum += d.result.1;
//!             done += 1;
//!         }
//!     }
//!     Ok::<_, ludomat_cluster::ClusterError>(sum)
//! });
//! assert_eq!(sum.unwrap(), 10 * (1 + 4 + 9 + 16 + 25));
//! assert!(ended.iter().all(Result::is_ok), "{ended:?}");
//! ```

pub mod link;
pub mod local;
mod master;
pub mod message;
#[cfg(feature = "mpi")]
pub mod mpi;
pub mod mpirun;
mod place;
pub mod report;
mod worker;

mod error;

pub use error::ClusterError;
pub use link::{Backoff, Joined, MasterLink, Rank, WorkerLink, FOREVER};
pub use master::{Done, Master};
pub use place::{place, Alone, Place};
pub use report::{Load, RankLoad, Utilisation};
pub use worker::{serve, Work};

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

/// Whether this build can run on MPI (the cargo feature `mpi`).
pub const ENABLED: bool = cfg!(feature = "mpi");
