//! The job-level 4×4×4 search from the empty board with the settings the command does not
//! offer, for the scaling measurements of BENCHMARKS.md (issue 42):
//!
//! ```text
//! cargo run --release -p ludomat-qubic --example scaling -- THREADS [BUDGET [REISSUES [CPU_MS]]]
//! ```
//!
//! THREADS worker threads (oversubscribed where the machine has fewer cores), jobs of at
//! most BUDGET expansions (default [`JOB_EXPANSIONS`]) and a leaf that ran out of its
//! budget split after REISSUES returns while no worker waits (default [`REISSUES`]), and
//! jobs of at most CPU_MS milliseconds of CPU (default [`JOB_CPU_MS`]; 0: no bound).
//! Prints the verdict and the work report (critical path, work per thread, the model of
//! T(N)); the certificate is not written.

use std::process::ExitCode;

use ludomat_game::run::Cancel;
use ludomat_io::{errln, outln};
use ludomat_qubic::proof3d::solve::{
    solve_from, Scheme, SolveConfig, JOB_CPU_MS, JOB_EXPANSIONS, REISSUES,
};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| -> Option<u64> {
        args.get(i).map_or(Some(default), |a| a.parse().ok())
    };
    let (Some(threads), Some(budget), Some(reissues), Some(cpu_ms)) = (
        number(0, 2),
        number(1, JOB_EXPANSIONS),
        number(2, u64::from(REISSUES)),
        number(3, u64::from(JOB_CPU_MS)),
    ) else {
        errln!("usage: scaling THREADS [BUDGET [REISSUES [CPU_MS]]] (whole numbers)");
        return ExitCode::from(2);
    };
    let (Ok(threads), Ok(reissues), Ok(job_cpu_ms)) = (
        usize::try_from(threads),
        u32::try_from(reissues),
        u32::try_from(cpu_ms),
    ) else {
        errln!("scaling: THREADS, REISSUES or CPU_MS too large");
        return ExitCode::from(2);
    };
    if !(1..=256).contains(&threads) || budget == 0 {
        errln!("scaling: THREADS 1 to 256, BUDGET at least 1");
        return ExitCode::from(2);
    }
    let config = SolveConfig {
        scheme: Scheme::Jobs,
        threads,
        job_expansions: budget,
        reissues,
        job_cpu_ms,
        ..SolveConfig::default()
    };
    let cancel = Cancel::new();
    let (_, solved) = solve_from(0, 0, &config, &cancel, &mut |_| {});
    outln!(
        "threads {threads}, jobs of {budget} (CPU {job_cpu_ms} ms), split after {reissues} returns: {}",
        if solved.all_proved() {
            "the first player wins (every reply class proved)"
        } else {
            "NOT proved"
        }
    );
    if let Some(w) = &solved.work {
        outln!("{}", w.text(100));
        outln!(
            "W {:.1} s, S {:.2} s ({:.1} %), T(2)/T(16) {:.2}",
            w.work(),
            w.critical_path,
            100.0 * w.critical_path / w.work().max(1e-9),
            w.model_time(2) / w.model_time(16).max(1e-9)
        );
    }
    if let Some(f) = &solved.failure {
        errln!("failure: {f}");
        return ExitCode::FAILURE;
    }
    if solved.all_proved() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
