//! The MPI cluster against the single-process search, under `mpirun` with 2, 3 and 4
//! processes on this machine (oversubscribed: more processes than cores). Needs the
//! feature `mpi` and OpenMPI's `mpirun` (`scripts/test` installs it).
#![cfg(feature = "mpi")]

use ludomat_io::child::Run as _;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// `target/<profile>/examples/cluster_check`: built by an unfiltered `cargo test`, or by
/// `cargo build --profile test --features mpi --example cluster_check` (as `scripts/test` does).
fn check_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps");
    profile_dir.join("examples").join("cluster_check")
}

/// No run here takes more than a few seconds; past this the test fails instead of hanging.
const LIMIT: Duration = Duration::from_secs(180);

fn mpirun(ranks: u32, args: &[&str]) -> Output {
    let mut child = Command::new("mpirun")
        .args(["--oversubscribe", "--bind-to", "none", "-n"])
        .arg(ranks.to_string())
        .arg(check_binary())
        .args(args)
        // root in a container: allowed explicitly; no ptrace-based copies between ranks
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .env("OMPI_MCA_btl_vader_single_copy_mechanism", "none")
        .env("OMPI_MCA_rmaps_base_oversubscribe", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // its own process group, so a run past the limit is killed with all its ranks
        .process_group(0)
        .start()
        .expect("mpirun (OpenMPI) must be installed: apt-get install openmpi-bin libopenmpi-dev");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    let out = std::thread::spawn(move || {
        ludomat_io::read::capped(&mut stdout, 64 << 20).unwrap_or_default()
    });
    let err = std::thread::spawn(move || {
        ludomat_io::read::capped(&mut stderr, 64 << 20).unwrap_or_default()
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for mpirun") {
            break status;
        }
        if start.elapsed() > LIMIT {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .run_status();
            let _ = child.wait();
            panic!(
                "mpirun -n {ranks} cluster_check {}: still running after {LIMIT:?}, killed",
                args.join(" ")
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    Output {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    }
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn distributed_search_is_the_single_process_search() {
    for ranks in [2, 3, 4] {
        let out = mpirun(ranks, &["search", "24"]);
        let (stdout, stderr) = text(&out);
        assert!(out.status.success(), "{ranks} ranks: {stdout}\n{stderr}");
        // 3 settings × master working or not × 24 positions
        assert!(
            stdout.contains(&format!(
                "ok: 144 searches identical to the single process on {ranks} ranks"
            )),
            "{stdout}\n{stderr}"
        );
    }
}

#[test]
fn whole_games_are_the_single_process_games() {
    let out = mpirun(3, &["games", "4"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("ok: 4 games identical to the single process on 3 ranks"),
        "{stdout}\n{stderr}"
    );
}

#[test]
fn a_failing_worker_is_named_and_the_run_ends() {
    let out = mpirun(2, &["fail"]);
    let (stdout, stderr) = text(&out);
    assert!(!out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stderr.contains("worker rank 1 failed: job 0: job depth 40 exceeds the limit of 16 swipes"),
        "{stdout}\n{stderr}"
    );
}
