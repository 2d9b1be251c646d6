//! Checks the 4×4×4 proof's job-level search on the ranks of an MPI run; run under
//! `mpirun` (the test `crates/qubic/tests/distributed.rs` does, with 2, 3 and 4 ranks):
//!
//! ```text
//! mpirun -n 3 --oversubscribe target/debug/examples/proof_check ply6 200
//! mpirun -n 3 --oversubscribe target/debug/examples/proof_check ply4 2000
//! mpirun -n 2 --oversubscribe target/debug/examples/proof_check fail    # must exit non-zero
//! ```
//!
//! `ply6 [BUDGET]`: the position `0 21 48 16 12 4` proved as one position, in jobs of at
//! most BUDGET expansions; `ply4 [BUDGET]`: the position `0 21 48 16` split at its first
//! move into its reply classes, as from the empty board. Each proof must be proved by
//! one df-pn search on this process too, its certificate accepted by the independent
//! checker, and its work report must add up; rank 0 prints the report and `ok: …`.
//! `fail`: the workers get settings they must refuse (a threat depth of 0); the master
//! names the failing rank and every rank exits, non-zero.

use std::process::ExitCode;

use ludomat_game::run::Cancel;
use ludomat_io::{errln, outln};
use ludomat_qubic::proof3d::certificate::write_from;
use ludomat_qubic::proof3d::dfpn::{Dfpn, DfpnLimits, Outcome};
use ludomat_qubic::proof3d::distributed::{place, Place, Site};
use ludomat_qubic::proof3d::solve::{solve_from_on, Scheme, SolveConfig, Solved};

/// The position after `moves` (first player first).
fn position(moves: &[usize]) -> (u64, u64) {
    moves.iter().enumerate().fold((0, 0), |(x, o), (i, &m)| {
        if i % 2 == 0 {
            (x | 1 << m, o)
        } else {
            (x, o | 1 << m)
        }
    })
}

const PLY6: [usize; 6] = [0, 21, 48, 16, 12, 4];
const PLY4: [usize; 4] = [0, 21, 48, 16];

fn config(budget: u64) -> SolveConfig {
    SolveConfig {
        scheme: Scheme::Jobs,
        job_expansions: budget,
        ..SolveConfig::default()
    }
}

/// The proof's certificate from (`x`, `o`) through its bytes and the independent checker:
/// its records.
fn certificate(solved: &Solved, x: u64, o: u64) -> Result<u64, String> {
    let (cert, _) = write_from(&solved.strategy, x, o).map_err(|e| e.to_string())?;
    let gz = cert.to_gzip().map_err(|e| e.to_string())?;
    let back = ludomat_qubic_verify::Certificate::read(&gz).map_err(|e| e.to_string())?;
    let g = ludomat_qubic_verify::Geometry::new();
    let summary = ludomat_qubic_verify::verify(&g, &back)
        .map_err(|e| format!("the independent checker refuses the certificate: {e}"))?;
    Ok(summary.positions)
}

/// The work report's counts must add up.
fn adds_up(solved: &Solved, ranks: usize) -> Result<(), String> {
    let w = solved.work.as_ref().ok_or("no work report")?;
    if w.workers != ranks {
        return Err(format!("{} workers on {ranks} ranks", w.workers));
    }
    let by_worker: u64 = w.loads.iter().map(|l| l.expansions).sum();
    if by_worker != w.expansions || w.expansions != solved.stats.expansions {
        return Err(format!(
            "expansions by worker {by_worker}, in all {}, counted {}",
            w.expansions, solved.stats.expansions
        ));
    }
    if w.loads.iter().map(|l| l.jobs).sum::<u64>() != w.jobs || w.chain == 0 {
        return Err(format!("jobs do not add up: {w:?}"));
    }
    if w.repeated > w.expansions || w.critical_path > w.work() + 1e-9 {
        return Err(format!(
            "repeated work or critical path out of range: {w:?}"
        ));
    }
    Ok(())
}

fn prove(site: &Site, ply: &str, moves: &[usize], budget: u64) -> Result<String, String> {
    let (x, o) = position(moves);
    let cancel = Cancel::new();
    let c = config(budget);
    let solved = if moves.len() == 6 {
        site.solve(&[(x, o)], &c, &cancel, &mut |_| {})
    } else {
        solve_from_on(
            x,
            o,
            &c,
            &cancel,
            &mut |_| {},
            &mut |jobs, c, cancel, status| site.solve(jobs, c, cancel, status),
        )
        .1
    };
    if let Some(f) = &solved.failure {
        return Err(f.clone());
    }
    let alone = Dfpn::new(DfpnLimits::default()).prove(x, o);
    let verdict = if solved.all_proved() {
        Outcome::Proved
    } else {
        Outcome::Unknown
    };
    if verdict != alone {
        return Err(format!(
            "{ply}: {verdict:?} on {} ranks, {alone:?} by one search here",
            site.ranks()
        ));
    }
    adds_up(&solved, site.ranks())?;
    let records = certificate(&solved, x, o)?;
    if let Some(w) = &solved.work {
        outln!("{}", w.text(80));
    }
    let jobs = solved.work.as_ref().map_or(0, |w| w.jobs);
    Ok(format!(
        "ok: {ply} proved on {} ranks in {jobs} jobs of at most {budget} expansions, as by \
         one search; certificate of {} records accepted by the independent checker",
        site.ranks(),
        ludomat_io::text::thousands(records)
    ))
}

fn fail(site: &Site) -> Result<String, String> {
    let mut c = config(100);
    c.limits.threat_depth = 0;
    let (x, o) = position(&PLY6);
    let solved = site.solve(&[(x, o)], &c, &Cancel::new(), &mut |_| {});
    match solved.failure {
        Some(f) => Err(f),
        None => Ok("a threat depth of 0 was accepted".into()),
    }
}

fn main() -> ExitCode {
    let site = match place() {
        Ok(Place::Master(site)) => site,
        Ok(Place::Served) => return ExitCode::SUCCESS,
        Ok(Place::Alone(why)) => {
            errln!("proof_check: run under mpirun with 2 or more processes ({why})");
            return ExitCode::FAILURE;
        }
        Err(e) => {
            errln!("proof_check: {e}");
            return ExitCode::FAILURE;
        }
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let budget = |default: u64| -> u64 {
        args.get(1)
            .and_then(|s| s.parse().ok())
            .filter(|&b| b > 0)
            .unwrap_or(default)
    };
    let outcome = match args.first().map(String::as_str) {
        Some("ply6") => prove(&site, "ply 6", &PLY6, budget(200)),
        Some("ply4") => prove(&site, "ply 4", &PLY4, budget(2_000)),
        Some("fail") => fail(&site),
        _ => Err("usage: proof_check ply6 [BUDGET] | ply4 [BUDGET] | fail".into()),
    };
    // Every worker has had STOP (the master's loop ended): every rank leaves through
    // MPI_Finalize, and mpirun reports rank 0's exit.
    match outcome {
        Ok(text) => {
            outln!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("proof_check: {e}");
            ExitCode::FAILURE
        }
    }
}
