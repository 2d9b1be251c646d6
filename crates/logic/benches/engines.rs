//! Vectors per second of each engine on c6288 and c7552 (640 random vectors per
//! iteration). The comparison with Icarus Verilog and Verilator on the same vectors is
//! `ludomat logic bench` (it needs those programs installed).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ludomat_logic::random::random_vectors;
use ludomat_logic::{simulate, BitParallel, Engine, Netlist};
use std::path::PathBuf;

fn engines(c: &mut Criterion) {
    for name in ["c6288", "c7552"] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join(format!("../../../shared/data/iscas85/{name}.bench"));
        let Ok(text) = ludomat_io::read::to_string(&path) else {
            ludomat_io::errln!("skipping {name}: {} not found", path.display());
            continue;
        };
        let Ok(n) = Netlist::from_bench(name, &text) else {
            continue;
        };
        let vectors = random_vectors(1, 640, n.inputs().len(), 0);
        let mut g = c.benchmark_group(name);
        g.throughput(Throughput::Elements(vectors.len() as u64));
        for engine in [Engine::Event, Engine::EventFifo, Engine::Levelized] {
            g.bench_function(engine.name(), |b| b.iter(|| simulate(&n, engine, &vectors)));
        }
        // Bit-parallel on pre-packed words (10 words = 640 vectors), as it is used.
        let Ok(mut bp) = BitParallel::new(&n) else {
            continue;
        };
        let words: Vec<Vec<u64>> = (0..10u64)
            .map(|c| {
                (0..bp.input_count() as u64)
                    .map(|i| (c * 7919 + i).wrapping_mul(0x9E37_79B9_7F4A_7C15))
                    .collect()
            })
            .collect();
        let mut out = vec![0u64; bp.output_count()];
        g.bench_function("bit-parallel", |b| {
            b.iter(|| {
                for w in &words {
                    let _ = bp.eval_words(w, &mut out);
                }
            })
        });
        g.finish();
    }
}

criterion_group!(benches, engines);
criterion_main!(benches);
