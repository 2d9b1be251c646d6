//! Speed of the Computox: one sweep, every human line, games against the perfect player.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use ludomat_computox::{sweep, ComputoxAgent, ContactPlan, Squares};
use ludomat_game::{explore, tournament, Agent, Player, TournamentConfig};
use ludomat_tictactoe::{Board, PerfectAgent};

fn benches(c: &mut Criterion) {
    let o: Squares = "AC".parse().unwrap_or_default();
    let x: Squares = "BF".parse().unwrap_or_default();
    c.bench_function("sweep (fork contact fires)", |b| {
        b.iter(|| {
            sweep(
                &ContactPlan::COMPUTOX,
                black_box(o),
                black_box(x),
                true,
                false,
            )
        })
    });
    c.bench_function("explore every human line, both starts", |b| {
        b.iter(|| {
            let mut m = ComputoxAgent::unbeatable();
            let a = explore(&Board::EMPTY, &mut m, Player::Second);
            let b2 = explore(&Board::EMPTY, &mut m, Player::First);
            (a, b2)
        })
    });
    let mut g = c.benchmark_group("tournament");
    g.sample_size(10);
    g.bench_function("10,000 games vs perfect, alternating", |b| {
        b.iter(|| {
            let make_a = |s: u64| -> Box<dyn Agent<Board>> {
                Box::new(ComputoxAgent::new(
                    ludomat_computox::Settings::UNBEATABLE,
                    s,
                ))
            };
            let make_b = |s: u64| -> Box<dyn Agent<Board>> { Box::new(PerfectAgent::new(s)) };
            tournament(
                &make_a,
                &make_b,
                &TournamentConfig {
                    games: 10_000,
                    seed: 1,
                    alternate: true,
                    progress: false,
                },
            )
        })
    });
    g.bench_function("peer: 10,000 games perfect vs perfect, alternating", |b| {
        b.iter(|| {
            let make = |s: u64| -> Box<dyn Agent<Board>> { Box::new(PerfectAgent::new(s)) };
            tournament(
                &make,
                &make,
                &TournamentConfig {
                    games: 10_000,
                    seed: 1,
                    alternate: true,
                    progress: false,
                },
            )
        })
    });
    g.finish();
}

criterion_group!(computox, benches);
criterion_main!(computox);
