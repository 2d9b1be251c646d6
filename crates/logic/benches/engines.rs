//! Vectors per second of each engine on c6288 and c7552 (640 random vectors per
//! iteration). The comparison with Icarus Verilog and Verilator on the same vectors is
//! `ludomat logic bench` (it needs those programs installed).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ludomat_logic::random::random_vectors;
use ludomat_logic::{simulate, Engine, Netlist};
use std::path::PathBuf;

fn engines(c: &mut Criterion) {
    for name in ["c6288", "c7552"] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join(format!("../../../shared/data/iscas85/{name}.bench"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("skipping {name}: {} not found", path.display());
            continue;
        };
        let Ok(n) = Netlist::from_bench(name, &text) else {
            continue;
        };
        let vectors = random_vectors(1, 640, n.inputs().len(), 0);
        let mut g = c.benchmark_group(name);
        g.throughput(Throughput::Elements(vectors.len() as u64));
        for engine in Engine::ALL {
            g.bench_function(engine.name(), |b| b.iter(|| simulate(&n, engine, &vectors)));
        }
        g.finish();
    }
}

criterion_group!(benches, engines);
criterion_main!(benches);
