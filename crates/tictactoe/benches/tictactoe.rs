//! `cargo bench -p ludomat-tictactoe`: solving every position, the exact enumeration, and
//! a 1,000,000-game random-vs-random tournament.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ludomat_game::{tournament, Agent, TournamentConfig};
use ludomat_tictactoe::enumerate;
use ludomat_tictactoe::solver::Solution;
use ludomat_tictactoe::{Board, RandomAgent};

fn solve(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve");
    g.throughput(Throughput::Elements(5_478));
    g.bench_function("every position", |b| b.iter(Solution::compute));
    g.finish();
    c.bench_function("enumerate/facts", |b| b.iter(enumerate::facts));
}

fn random_tournament(c: &mut Criterion) {
    let make = |s: u64| Box::new(RandomAgent::new(s)) as Box<dyn Agent<Board>>;
    let mut g = c.benchmark_group("tournament");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    let games = 1_000_000u64;
    let config = TournamentConfig {
        games,
        seed: 1,
        alternate: false,
        progress: false,
    };
    g.throughput(Throughput::Elements(games));
    g.bench_function("random vs random, 1000000 games", |b| {
        b.iter(|| tournament(&make, &make, &config))
    });
    g.finish();
}

criterion_group!(benches, solve, random_tournament);
criterion_main!(benches);
