//! Time to solve the MIT 2013 hexagon (target: under a second on one core) and the other
//! shipped puzzles, uniqueness included (the search runs to the end, limit 2).
//!
//! `cargo bench -p ludomat-regex-crossword --bench solve`

use criterion::{criterion_group, criterion_main, Criterion};
use ludomat_regex_crossword::{Puzzle, SolveOptions, Solver, PUZZLES};

fn solve(c: &mut Criterion) {
    for (name, text) in PUZZLES {
        let Ok(p) = Puzzle::parse(text) else {
            continue;
        };
        c.bench_function(&format!("solve {}", name.trim_end_matches(".txt")), |b| {
            b.iter(|| {
                let s = Solver::new(&p);
                let out = s.solve(SolveOptions::default());
                assert!(out.is_ok_and(|o| o.is_unique()));
            });
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = solve
}
criterion_main!(benches);
