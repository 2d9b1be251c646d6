//! Swipes per second and search nodes per second.
//!
//! `cargo bench -p ludomat-threes -- --quick`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ludomat_threes::{
    Board, DepthRule, Direction, Heuristic, HintModel, SearchConfig, Searcher, Threes,
};
use std::hint::black_box;

fn boards() -> Vec<Board> {
    // positions from seeded games played with a fixed swipe cycle
    let mut out = Vec::new();
    for seed in 0..16 {
        let mut g = Threes::new(seed, HintModel::Plus);
        let mut i = 0;
        while !g.is_over() && i < 64 {
            let legal = g.board().legal_swipes();
            let _ = g.swipe(legal[i % legal.len()]);
            out.push(g.board());
            i += 1;
        }
    }
    out
}

fn swipes(c: &mut Criterion) {
    let boards = boards();
    let mut group = c.benchmark_group("swipe");
    group.throughput(Throughput::Elements((boards.len() * 4) as u64));
    group.bench_function("4 directions", |b| {
        b.iter(|| {
            let mut n = 0u64;
            for &x in &boards {
                for d in Direction::ALL {
                    if let Some(s) = black_box(x).swipe(d) {
                        n = n.wrapping_add(s.board.0);
                    }
                }
            }
            n
        });
    });
    group.finish();
}

fn search(c: &mut Criterion) {
    let searcher = Searcher::new(
        Heuristic::default(),
        SearchConfig {
            depth: DepthRule::Fixed(3),
            parallel: false,
            ..SearchConfig::default()
        },
    );
    let mut g = Threes::new(3, HintModel::Plus);
    for i in 0..30 {
        let legal = g.board().legal_swipes();
        let _ = g.swipe(legal[i % legal.len()]);
    }
    let pos = g.position();
    let nodes = searcher.search(&pos).nodes;
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function("depth 3, one thread (nodes)", |b| {
        b.iter(|| searcher.search(black_box(&pos)).best)
    });
    group.finish();
}

criterion_group!(benches, swipes, search);
criterion_main!(benches);
