//! Running a program under `mpirun` from a test: OpenMPI's launcher with more processes
//! than cores allowed, root allowed (containers), and the whole run killed — every rank —
//! past a time limit, so a test fails instead of hanging.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use ludomat_io::child::Group;

/// The most output kept per stream.
const OUTPUT_CAP: u64 = 64 << 20;

/// Run `program args` under `mpirun -n ranks` on this machine (oversubscribed, not bound
/// to cores), its standard output and error collected. Past `limit` the launcher and every
/// rank are killed and the error says so.
///
/// # Errors
/// `mpirun` cannot be started (not installed: `apt-get install openmpi-bin
/// libopenmpi-dev`), or the run took longer than `limit`.
pub fn mpirun(
    ranks: u32,
    program: &Path,
    args: &[&str],
    limit: Duration,
) -> std::io::Result<Output> {
    let mut command = Command::new("mpirun");
    command
        .args(["--oversubscribe", "--bind-to", "none", "-n"])
        .arg(ranks.to_string())
        .arg(program)
        .args(args)
        // root in a container: allowed explicitly; no ptrace-based copies between ranks
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .env("OMPI_MCA_btl_vader_single_copy_mechanism", "none")
        .env("OMPI_MCA_rmaps_base_oversubscribe", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut group = Group::spawn(&mut command).map_err(|e| {
        std::io::Error::new(
            e.kind(),
            format!(
                "mpirun (OpenMPI) cannot start: {e}; apt-get install openmpi-bin libopenmpi-dev"
            ),
        )
    })?;
    let stdout = group.child().stdout.take();
    let stderr = group.child().stderr.take();
    let read = |s: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            s.map(|s| ludomat_io::read::at_most(s, OUTPUT_CAP).unwrap_or_default())
                .unwrap_or_default()
        })
    };
    let out = read(stdout.map(|s| Box::new(s) as Box<dyn std::io::Read + Send>));
    let err = read(stderr.map(|s| Box::new(s) as Box<dyn std::io::Read + Send>));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = group.try_wait()? {
            break status;
        }
        if start.elapsed() > limit {
            group.kill();
            return Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                format!(
                    "mpirun -n {ranks} {} {}: still running after {}, killed",
                    ludomat_io::text::path(program),
                    args.join(" "),
                    ludomat_io::text::duration(limit)
                ),
            ));
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    Ok(Output {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    })
}
