//! Speed of the relay circuit: the exhaustive agreement check (every position the machine
//! replies to, all four modes) and one machine move on the circuit.

use criterion::{criterion_group, criterion_main, Criterion};
use ludomat_computox::circuit::{check, Netlist, RelayComputox, Timing, COMPUTOX_NET};
use ludomat_computox::Square;

fn benches(c: &mut Criterion) {
    let Ok(netlist) = Netlist::parse(COMPUTOX_NET) else {
        return;
    };
    let mut g = c.benchmark_group("circuit");
    g.sample_size(10);
    g.bench_function("exhaustive agreement check, ideal timing", |b| {
        b.iter(|| check(&netlist, Timing::IDEAL).map(|a| a.events))
    });
    g.bench_function("exhaustive agreement check, real timing", |b| {
        b.iter(|| check(&netlist, Timing::REAL).map(|a| a.events))
    });
    let Ok(m) = RelayComputox::from_netlist(&netlist, Timing::IDEAL, 1) else {
        return;
    };
    g.bench_function("one human press and the machine's reply (U1-N18)", |b| {
        b.iter(|| {
            let mut m = m.clone();
            m.press(Square::A).map(|t| t.map(|t| t.ticks))
        })
    });
    g.finish();
    // Events per second, printed for BENCHMARKS.md.
    for timing in [Timing::IDEAL, Timing::REAL] {
        let t = std::time::Instant::now();
        if let Ok(a) = check(&netlist, timing) {
            let s = t.elapsed().as_secs_f64();
            ludomat_io::outln!(
                "{timing} timing: {} positions, {} events, {} ticks in {s:.3} s: {:.2} M events/s",
                a.positions,
                a.events,
                a.ticks,
                a.events as f64 / s / 1e6
            );
        }
    }
}

criterion_group!(circuit, benches);
criterion_main!(circuit);
