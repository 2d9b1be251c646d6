//! Training speed: whole games of MENACE (seed rules, playing X) against the built-in
//! random, perfect and MENACE opponents on the flat tables — in one `train_games` run
//! (the training runs' and `ludomat menace bench`'s loop) and one `train_game` call per
//! game — and, as the in-repository peer, the same training through the generic `Agent`
//! interface and `play_match`. Issue 30's target: at least 10 M games per CPU-second
//! against random on one thread. BENCHMARKS.md has the figures.

use std::ops::ControlFlow;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ludomat_game::Player;
use ludomat_menace::{Menace, Opponent, Rules};

fn opponent(name: &str) -> Opponent {
    match name {
        "random" => Opponent::random(2),
        "perfect" => Opponent::perfect(2),
        _ => Opponent::menace(Rules::source(), 2),
    }
}

fn training(c: &mut Criterion) {
    const GAMES: u64 = 100_000;
    let mut group = c.benchmark_group("menace_training");
    group.throughput(Throughput::Elements(GAMES));
    for name in ["random", "perfect", "menace"] {
        group.bench_function(format!("{name}/train_games"), |b| {
            let mut m = Menace::new(Rules::source(), 1);
            let mut o = opponent(name);
            b.iter(|| {
                m.train_games(
                    &mut o,
                    GAMES,
                    |_| Player::First,
                    |outcome, _| {
                        std::hint::black_box(outcome);
                        ControlFlow::Continue(())
                    },
                )
            });
        });
        group.bench_function(format!("{name}/train_game"), |b| {
            let mut m = Menace::new(Rules::source(), 1);
            let mut o = opponent(name);
            b.iter(|| {
                for _ in 0..GAMES {
                    std::hint::black_box(m.train_game(&mut o, Player::First));
                }
            });
        });
    }
    group.bench_function("random/agent_play_match", |b| {
        let mut m = Menace::new(Rules::source(), 1);
        let mut r = ludomat_tictactoe::RandomAgent::new(2);
        b.iter(|| {
            for _ in 0..GAMES {
                let rec = ludomat_game::play_match(
                    ludomat_tictactoe::Board::EMPTY,
                    &mut m,
                    &mut r,
                    &mut |_, _, _| {},
                );
                let _ = std::hint::black_box(rec);
            }
        });
    });
    group.finish();
}

criterion_group!(benches, training);
criterion_main!(benches);
