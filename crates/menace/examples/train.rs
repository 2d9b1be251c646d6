//! Training games as fast as they go, for profilers (callgrind, perf): MENACE under the
//! seed rules playing X against the built-in random player.
//!
//! `cargo run --release -p ludomat-menace --example train -- [GAMES] [SEED] [game]`
//! prints the win/draw/loss counts, the CPU time and games per CPU-second. The games are
//! played by `Menace::train_games` (the training runs' loop), or with `game` one call
//! of `Menace::train_game` each.

use ludomat_game::{run::cpu, Outcome, Player};
use ludomat_menace::{Menace, Opponent, Rules};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut m = Menace::new(Rules::seed(), seed);
    let mut o = Opponent::random(seed.wrapping_add(1));
    let mut wdl = [0u64; 3];
    let single = args.next().is_some_and(|a| a == "game");
    let k = |o: Outcome| match o {
        Outcome::Win(Player::First) => 0,
        Outcome::Draw => 1,
        Outcome::Win(Player::Second) => 2,
    };
    let t0 = cpu::thread();
    if single {
        for _ in 0..games {
            wdl[k(m.train_game(&mut o, Player::First))] += 1;
        }
    } else {
        m.train_games(
            &mut o,
            games,
            |_| Player::First,
            |outcome, _| {
                wdl[k(outcome)] += 1;
                std::ops::ControlFlow::Continue(())
            },
        );
    }
    let secs = (cpu::thread() - t0).as_secs_f64();
    println!(
        "{games} games: W/D/L {}/{}/{}; {secs:.3} CPU-s, {:.0} games per CPU-second",
        wdl[0],
        wdl[1],
        wdl[2],
        games as f64 / secs.max(1e-9)
    );
}
