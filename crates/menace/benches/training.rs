//! Training speed: whole games of MENACE (seed rules, playing X) against the built-in
//! random, perfect and MENACE opponents — box lookups through the precomputed table.
//! Target: at least one million training games per second per core.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ludomat_game::Player;
use ludomat_menace::{Menace, Opponent, Rules};

fn training(c: &mut Criterion) {
    const GAMES: u64 = 10_000;
    let mut group = c.benchmark_group("menace_training");
    group.throughput(Throughput::Elements(GAMES));
    for name in ["random", "perfect", "menace"] {
        group.bench_function(name, |b| {
            let mut m = Menace::new(Rules::seed(), 1);
            let mut o = match name {
                "random" => Opponent::random(2),
                "perfect" => Opponent::perfect(2),
                _ => Opponent::menace(Rules::seed(), 2),
            };
            b.iter(|| {
                for _ in 0..GAMES {
                    std::hint::black_box(m.train_game(&mut o, Player::First));
                }
            });
        });
    }
    // The peer: the same training through the generic `Agent` interface and
    // `play_match` against `ludomat_tictactoe::RandomAgent`.
    group.bench_function("agent_play_match_random", |b| {
        let mut m = Menace::new(Rules::seed(), 1);
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
