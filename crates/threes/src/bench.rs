//! `threes bench`: swipes per second on one thread, and search nodes per second on a
//! mid-game position, as library calls the binary only prints.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::ntuple::Network;

use crate::{DepthRule, Direction, Heuristic, HintModel, Position, SearchConfig, Searcher, Threes};

/// What `threes bench` measures with.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct BenchConfig {
    /// Search depth for the nodes-per-second measurement (1 to 10).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 4, value_parser = ludomat_game::count::count::<u8>(1, u64::from(crate::search::MAX_DEPTH))))]
    pub depth: u8,
    /// Seconds per measurement (0.1 to 60).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 2.0, value_parser = ludomat_game::count::decimal(0.1, 60.0)))]
    pub seconds: f64,
}

/// `--seconds`: a number of seconds from 0.1 to 60 (NaN, infinities and anything outside
/// are refused with the range, never clamped or panicked on).
///
/// # Errors
/// The reason, naming the range.
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    // the one reader of decimals, in its words, with the unit said after the range
    ludomat_game::count::decimal(0.1, 60.0)
        .read(text)
        .map_err(|e| format!("{e} seconds"))
}

impl Default for BenchConfig {
    /// Depth 4, two seconds a measurement.
    fn default() -> Self {
        BenchConfig {
            depth: 4,
            seconds: 2.0,
        }
    }
}

/// The whole benchmark: swipes per second on one thread, the search position, and search
/// nodes per second on one thread and on all of rayon's; each result goes to `say` as a
/// line (or lines) of text as soon as it is measured. The time per measurement is clamped
/// to 0.1–60 s.
pub fn measure(config: &BenchConfig, say: &mut dyn FnMut(String)) {
    measure_with(config, None, say);
}

/// [`measure`], the search valued by `network` when one is given (and then, after the
/// swipes, the network's evaluations per second on one thread).
pub fn measure_with(
    config: &BenchConfig,
    network: Option<&Arc<Network>>,
    say: &mut dyn FnMut(String),
) {
    // A library caller's NaN is the default, never a panic in `from_secs_f64`.
    let seconds = if config.seconds.is_nan() {
        2.0
    } else {
        config.seconds.clamp(0.1, 60.0)
    };
    let budget = Duration::from_secs_f64(seconds);
    let boards = boards();
    let rate = swipe_rate(&boards, budget);
    say(format!(
        "swipes: {} swipes/s on one thread ({} boards × 4 directions)",
        ludomat_io::text::number(rate),
        ludomat_io::text::thousands(boards.len() as u64)
    ));
    if let Some(net) = network {
        let rate = evaluation_rate(net, &boards, budget);
        say(format!(
            "network: {}\n  {} afterstate values per CPU-second of one thread",
            net.spec(),
            ludomat_io::text::number(rate)
        ));
    }
    let game = search_position();
    let pos = game.position();
    say(format!(
        "search position (move {}):\n{}\nnext: {}",
        game.moves(),
        game.board(),
        game.hint()
    ));
    for parallel in [false, true] {
        let (nodes, searches, t) = search_rate(&pos, config.depth, parallel, budget, network);
        say(format!(
            "search depth {}: {} nodes/s, {} a search ({})",
            config.depth,
            ludomat_io::text::number(nodes as f64 / t),
            ludomat_io::text::duration(Duration::from_secs_f64(t / f64::from(searches.max(1)))),
            if parallel {
                ludomat_io::text::count(rayon::current_num_threads() as u64, "thread", "threads")
            } else {
                "one thread".into()
            }
        ));
    }
}

/// The boards the swipe measurement folds: 200 positions each of 32 seeded games played
/// with a fixed rotation of legal swipes.
#[must_use]
pub fn boards() -> Vec<crate::Board> {
    let mut boards = Vec::new();
    for s in 0..32 {
        let mut g = Threes::new(s, HintModel::Plus);
        for i in 0..200usize {
            let legal = g.board().legal_swipes();
            if legal.is_empty() {
                break;
            }
            let _ = g.swipe(legal[(i * 5 + 1) % legal.len()]);
            boards.push(g.board());
        }
    }
    boards
}

/// Swipes per second on this thread: every board of `boards` in all four directions,
/// repeated for at least `budget`.
#[must_use]
pub fn swipe_rate(boards: &[crate::Board], budget: Duration) -> f64 {
    let start = Instant::now();
    let mut swipes = 0u64;
    let mut sink = 0u64;
    while start.elapsed() < budget {
        for &b in boards {
            for d in Direction::ALL {
                if let Some(s) = std::hint::black_box(b).swipe(d) {
                    sink = sink.wrapping_add(s.board.0);
                }
            }
        }
        swipes += 4 * boards.len() as u64;
    }
    std::hint::black_box(sink);
    swipes as f64 / start.elapsed().as_secs_f64()
}

/// Afterstate values per second on this thread: every board of `boards` (as an
/// afterstate, with a 1 announced), repeated for at least `budget`.
#[must_use]
pub fn evaluation_rate(net: &Network, boards: &[crate::Board], budget: Duration) -> f64 {
    let hint = crate::Hint::exact(crate::Tile::from_nibble(1));
    let start = Instant::now();
    let cpu0 = ludomat_game::run::cpu::thread();
    let mut n = 0u64;
    let mut sink = 0.0;
    while start.elapsed() < budget {
        for &b in boards {
            let a = crate::ntuple::Afterstate {
                board: std::hint::black_box(b),
                swipe: Direction::Left,
                moved: 0b1111,
            };
            sink += net.value(a, hint, crate::Deck::FRESH);
        }
        n += boards.len() as u64;
    }
    std::hint::black_box(sink);
    // per second of this thread's CPU (a loaded machine gives it less of the wall clock)
    let cpu = ludomat_game::run::cpu::thread()
        .saturating_sub(cpu0)
        .as_secs_f64();
    n as f64
        / if cpu > 0.0 {
            cpu
        } else {
            start.elapsed().as_secs_f64()
        }
}

/// The search's mid-game position: the AI's own game from seed 3 after 200 moves at depth
/// 2, and the game itself.
#[must_use]
pub fn search_position() -> Threes {
    let mut game = Threes::new(3, HintModel::Plus);
    let opener = Searcher::new(
        Heuristic::default(),
        SearchConfig {
            depth: DepthRule::Fixed(2),
            ..SearchConfig::default()
        },
    );
    for _ in 0..200 {
        let Some(d) = opener.search(&game.position()).best else {
            break;
        };
        let _ = game.swipe(d);
    }
    game
}

/// Search `pos` to `depth` (in parallel on rayon's pool, or on this thread) again and
/// again for at least `budget` (at least once): nodes, searches and the seconds taken.
#[must_use]
pub fn search_rate(
    pos: &Position,
    depth: u8,
    parallel: bool,
    budget: Duration,
    network: Option<&Arc<Network>>,
) -> (u64, u32, f64) {
    let s = Searcher::new(
        Heuristic::default(),
        SearchConfig {
            depth: DepthRule::Fixed(depth),
            parallel,
            ..SearchConfig::default()
        },
    )
    .with_network(network.cloned());
    let start = Instant::now();
    let (mut nodes, mut searches) = (0u64, 0u32);
    while start.elapsed() < budget || searches == 0 {
        nodes += s.search(pos).nodes;
        searches += 1;
    }
    (nodes, searches, start.elapsed().as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_outside_their_range_are_refused() {
        for bad in [
            "NaN", "nan", "inf", "-inf", "1e400", "61", "0", "0.01", "-1", "two",
        ] {
            let e = parse_seconds(bad).unwrap_err();
            assert!(e.contains("from 0.1 to 60"), "{bad}: {e}");
        }
        assert_eq!(parse_seconds("0.1"), Ok(0.1));
        assert_eq!(parse_seconds("60"), Ok(60.0));
    }

    #[test]
    fn the_bench_says_four_things() {
        let mut lines = Vec::new();
        let config = BenchConfig {
            depth: 1,
            seconds: 0.0,
        };
        measure(&config, &mut |l| lines.push(l));
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert!(lines[0].starts_with("swipes: "));
        assert!(lines[1].starts_with("search position (move "));
        assert!(lines[2].ends_with("(one thread)") && lines[3].ends_with("threads)"));
    }
}
