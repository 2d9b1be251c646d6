//! The from-scratch df-pn search (issue 17, milestone 3) from a position given as moves
//! (cells 0–63, first player first; none for the empty board), then its certificate
//! written and re-checked by the independent checker:
//! `cargo run --release -p ludomat-qubic --example dfpn -- [--depth D] [--max N] [--split] [MOVES…]`.

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Instant;

use ludomat_qubic::proof3d::certificate::write_from;
use ludomat_qubic::proof3d::dfpn::{solve_from, Dfpn, DfpnLimits, Outcome, SearchStrategy};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut limits = DfpnLimits::default();
    let mut moves = Vec::new();
    let mut split = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--depth" => limits.threat_depth = args.next().ok_or("--depth N")?.parse()?,
            "--max" => limits.max_expansions = args.next().ok_or("--max N")?.parse()?,
            "--split" => split = true,
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
    let (outcome, strategy) = if split {
        let stop = AtomicBool::new(false);
        let progress = AtomicU64::new(0);
        let start = Instant::now();
        let (m, jobs, strategy) = solve_from(x, o, limits, &stop, &progress, &|j| {
            println!(
                "[{:7.1} s] job x={:#x} o={:#x}: {:?} in {:.1} s, {:?}",
                start.elapsed().as_secs_f64(),
                j.x,
                j.o,
                j.outcome,
                j.seconds,
                j.stats
            );
        });
        let proved = jobs.iter().all(|j| j.outcome == Outcome::Proved);
        println!("first move {m}, {} jobs, all proved: {proved}", jobs.len());
        let outcome = if proved {
            Outcome::Proved
        } else {
            Outcome::Unknown
        };
        (outcome, strategy)
    } else {
        let mut d = Dfpn::new(limits);
        let outcome = d.prove(x, o);
        println!(
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
    println!("total {:.1} s", t.elapsed().as_secs_f64());
    if outcome == Outcome::Proved {
        let t = Instant::now();
        let (cert, report) = write_from(&strategy, x, o)?;
        println!(
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
