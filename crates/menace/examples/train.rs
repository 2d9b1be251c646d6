//! Training games as fast as they go, for profilers (callgrind, perf) and the progress
//! overhead measurement: MENACE under the seed rules playing X against the built-in
//! random player.
//!
//! `cargo run --release -p ludomat-menace --example train -- [GAMES] [SEED] [MODE]`
//! prints the win/draw/loss counts, the CPU time and games per CPU-second. MODE:
//! `batch` (default: one `Menace::train_games` call, the training runs' loop), `game`
//! (one `Menace::train_game` call per game), `run` (a `Training` run, nobody watching)
//! or `watched` (the same run reporting its progress every 100 ms to a watcher that
//! serialises the partial result, as the museum would).

use std::ops::ControlFlow;

use ludomat_game::run::{cpu, Checkpoint, Progress, RunContext};
use ludomat_game::{Outcome, Player};
use ludomat_menace::training::TrainPartial;
use ludomat_menace::{Menace, Opponent, Rules, TrainConfig, TrainOpponent, Training};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mode = args.next().unwrap_or_else(|| "batch".into());
    let mut m = Menace::new(Rules::source(), seed);
    let mut o = Opponent::random(seed.wrapping_add(1));
    let mut wdl = [0u64; 3];
    let k = |o: Outcome| match o {
        Outcome::Win(Player::First) => 0,
        Outcome::Draw => 1,
        Outcome::Win(Player::Second) => 2,
    };
    let mut reports = 0u64;
    let t0 = cpu::thread();
    match mode.as_str() {
        "game" => {
            for _ in 0..games {
                wdl[k(m.train_game(&mut o, Player::First))] += 1;
            }
        }
        "run" | "watched" => {
            let config = TrainConfig {
                games,
                side: Player::First,
                window: 100,
            };
            let mut run =
                Training::new(m, TrainOpponent::Fast(o), config).unwrap_or_else(|e| panic!("{e}"));
            let mut bytes = 0usize;
            let mut watch = |p: &Progress<TrainPartial>| {
                reports += 1;
                bytes += serde_json::to_string(p).map_or(0, |s| s.len());
            };
            let mut ctx = RunContext::new("games", Some(games));
            if mode == "watched" {
                ctx = ctx.watch(&mut watch);
            }
            let _ = run.run(&mut ctx, &mut Checkpoint::none());
            drop(ctx);
            wdl = run.progress.totals;
            if bytes > 0 {
                ludomat_io::errln!("{reports} reports, {bytes} bytes of JSON");
            }
        }
        _ => {
            m.train_games(
                &mut o,
                games,
                |_| Player::First,
                |outcome, _| {
                    wdl[k(outcome)] += 1;
                    ControlFlow::Continue(())
                },
            );
        }
    }
    let secs = (cpu::thread() - t0).as_secs_f64();
    ludomat_io::outln!(
        "{games} games ({mode}): W/D/L {}/{}/{}; {secs:.3} CPU-s, {:.0} games per CPU-second",
        wdl[0],
        wdl[1],
        wdl[2],
        games as f64 / secs.max(1e-9)
    );
}
