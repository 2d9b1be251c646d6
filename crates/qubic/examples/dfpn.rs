//! The from-scratch df-pn search (issue 17, milestone 3; issue 32) from a position given
//! as moves (cells 0–63, first player first; none for the empty board), then its
//! certificate written and re-checked by the independent checker:
//! `cargo run --release -p ludomat-qubic --example dfpn -- [--depth D] [--max N] [--split]
//! [--scheme jobs|shared|per-job] [--per-job] [--threads N] [--budget N] [--speculate]
//! [MOVES…]`.
//!
//! Without `--split` the position is one search (`--threads N` evaluating on N cores, 1 by
//! default); with it, the position is split at the first move into reply classes and
//! searched by `--scheme` (default `jobs`: the job-level search, jobs of at most
//! `--budget` expansions, `--speculate` to give idle workers alternative moves; `shared`:
//! one walker per reply class on one table; `per-job` or `--per-job`: a table each, issue
//! 17's scheme).

use std::time::Instant;

use ludomat_game::run::{cpu, Cancel};
use ludomat_qubic::proof3d::certificate::write_from;
use ludomat_qubic::proof3d::dfpn::{Dfpn, DfpnLimits, Outcome, SearchStrategy};
use ludomat_qubic::proof3d::solve::{solve_from, Scheme, SolveConfig};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut limits = DfpnLimits::default();
    let mut moves = Vec::new();
    let mut split = false;
    let mut scheme = Scheme::Jobs;
    let mut threads = 0usize;
    let mut budget = ludomat_qubic::proof3d::solve::JOB_EXPANSIONS;
    let mut speculate = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--depth" => limits.threat_depth = args.next().ok_or("--depth N")?.parse()?,
            "--max" => limits.max_expansions = args.next().ok_or("--max N")?.parse()?,
            "--split" => split = true,
            "--per-job" => scheme = Scheme::PerJob,
            "--scheme" => {
                scheme = match args.next().as_deref() {
                    Some("jobs") => Scheme::Jobs,
                    Some("shared") => Scheme::Shared,
                    Some("per-job") => Scheme::PerJob,
                    _ => return Err("--scheme jobs|shared|per-job".into()),
                }
            }
            "--budget" => budget = args.next().ok_or("--budget N")?.parse()?,
            "--speculate" => speculate = true,
            "--threads" => threads = args.next().ok_or("--threads N")?.parse()?,
            "--eps" => limits.epsilon = args.next().ok_or("--eps F")?.parse()?,
            m => moves.push(m.parse::<usize>()?),
        }
    }
    let (mut x, mut o) = (0u64, 0u64);
    for (i, &m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            x |= 1 << m;
        } else {
            o |= 1 << m;
        }
    }
    let t = Instant::now();
    let c0 = cpu::process();
    let (outcome, strategy) = if split {
        let config = SolveConfig {
            limits,
            scheme,
            threads,
            job_expansions: budget,
            speculate,
            ..SolveConfig::default()
        };
        let start = Instant::now();
        let mut seen = 0;
        let (m, solved) = solve_from(x, o, &config, &Cancel::new(), &mut |s| {
            if s.jobs_done > seen {
                seen = s.jobs_done;
                ludomat_io::outln!(
                    "[{:7.1} s, {:7.1} s CPU] {} of {} jobs done, {} expansions",
                    start.elapsed().as_secs_f64(),
                    cpu::process().saturating_sub(c0).as_secs_f64(),
                    s.jobs_done,
                    s.jobs_total,
                    s.expansions
                );
            }
        });
        for j in &solved.jobs {
            ludomat_io::outln!(
                "job x={:#x} o={:#x}: {:?} in {:.1} s, {:?}",
                j.x,
                j.o,
                j.outcome,
                j.seconds,
                j.stats
            );
        }
        ludomat_io::outln!(
            "first move {m}, {} jobs, all proved: {}; {:?}; table {}",
            solved.jobs.len(),
            solved.all_proved(),
            solved.stats,
            solved.table_positions
        );
        if let Some(w) = &solved.work {
            ludomat_io::out!("{}", w.text(100));
        }
        let outcome = if solved.all_proved() {
            Outcome::Proved
        } else {
            Outcome::Unknown
        };
        (outcome, solved.strategy)
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build()?;
        let mut d = Dfpn::new(limits);
        if threads != 1 {
            d = d.parallel(&pool);
        }
        let outcome = d.prove(x, o);
        ludomat_io::outln!(
            "{outcome:?} in {:.2} s: {:?}, table {}",
            t.elapsed().as_secs_f64(),
            d.stats(),
            d.table_len()
        );
        (
            outcome,
            SearchStrategy {
                moves: d.proof_moves(),
                threat_depth: limits.threat_depth,
            },
        )
    };
    ludomat_io::outln!(
        "total {:.1} s wall, {:.1} s CPU",
        t.elapsed().as_secs_f64(),
        cpu::process().saturating_sub(c0).as_secs_f64()
    );
    if outcome == Outcome::Proved {
        let t = Instant::now();
        let (cert, report) = write_from(&strategy, x, o)?;
        ludomat_io::outln!(
            "certificate: {} records ({} stored moves), {} bytes gzip, written and checked in {:.2} s; {} replies tried",
            cert.records.len(),
            strategy.moves.len(),
            cert.to_gzip()?.len(),
            t.elapsed().as_secs_f64(),
            report.replies,
        );
    }
    Ok(())
}
