//! `threes bench`: swipes per second on one thread, and search nodes per second on a
//! mid-game position, as library calls the binary only prints.

use std::time::{Duration, Instant};

use crate::{DepthRule, Direction, Heuristic, HintModel, Position, SearchConfig, Searcher, Threes};

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
pub fn search_rate(pos: &Position, depth: u8, parallel: bool, budget: Duration) -> (u64, u32, f64) {
    let s = Searcher::new(
        Heuristic::default(),
        SearchConfig {
            depth: DepthRule::Fixed(depth),
            parallel,
            ..SearchConfig::default()
        },
    );
    let start = Instant::now();
    let (mut nodes, mut searches) = (0u64, 0u32);
    while start.elapsed() < budget || searches == 0 {
        nodes += s.search(pos).nodes;
        searches += 1;
    }
    (nodes, searches, start.elapsed().as_secs_f64())
}
