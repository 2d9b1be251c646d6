//! The cost of watching the 4×4×4 proof run (issue 26: progress must cost < 1 %): the
//! hybrid search after Patashnik's first K stones on one thread, alternately unwatched and
//! watched by a watcher that serialises every report to JSON (as the museum does), R
//! times each; prints each run's CPU seconds and the medians.
//!
//! `cargo run --release -p ludomat-qubic --example watched -- [K] [R]` (K = 7, R = 5).

use ludomat_game::run::{cpu, Progress, RunContext};
use ludomat_qubic::proof3d::certificate::PatashnikStrategy;
use ludomat_qubic::proof3d::dictionary::{Dictionary, PATASHNIK};
use ludomat_qubic::proof3d::run::{prove, SearchConfig, SearchProgress, Verdict};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let k: u8 = args.next().map_or(Ok(7), |a| a.parse())?;
    let runs: usize = args.next().map_or(Ok(5), |a| a.parse())?;
    let before = PatashnikStrategy::new(Dictionary::parse(PATASHNIK)?);
    let config = SearchConfig {
        after: k,
        threads: 1,
        ..SearchConfig::default()
    };
    let mut times = [Vec::new(), Vec::new()];
    for r in 0..runs {
        for watched in [false, true] {
            let mut reports = 0u64;
            let mut bytes = 0usize;
            let mut watch = |p: &Progress<SearchProgress>| {
                reports += 1;
                bytes += serde_json::to_string(p).map_or(0, |s| s.len());
            };
            let mut ctx = RunContext::new("positions", None);
            if watched {
                ctx = ctx.watch(&mut watch);
            }
            let c0 = cpu::process();
            let run = prove(&config, Some(&before), &mut ctx)?;
            let secs = cpu::process().saturating_sub(c0).as_secs_f64();
            drop(ctx);
            if !matches!(run.verdict, Verdict::Proved { .. }) {
                return Err(format!("not proved: {:?}", run.verdict).into());
            }
            ludomat_io::outln!(
                "run {r} {}: {secs:.3} s CPU, {} expansions, {reports} reports ({bytes} bytes of JSON)",
                if watched { "watched  " } else { "unwatched" },
                run.stats.expansions
            );
            times[usize::from(watched)].push(secs);
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (u, w) = (median(&mut times[0]), median(&mut times[1]));
    ludomat_io::outln!(
        "medians: unwatched {u:.3} s, watched {w:.3} s CPU: {:+.2} %",
        (w / u - 1.0) * 100.0
    );
    Ok(())
}
