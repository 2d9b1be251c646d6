//! The AI playing whole games, and the weight tuning built on it.

use std::convert::Infallible;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::record::GameRecord;
use crate::{
    DepthRule, Heuristic, HintModel, Player, Position, SearchConfig, SearchResult, Searcher,
    Threes, Weights,
};

/// How one AI game went.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GameSummary {
    /// The game's seed.
    pub seed: u64,
    /// The final score.
    pub score: u64,
    /// The highest card.
    pub max_tile: u32,
    /// Swipes made.
    pub moves: u32,
    /// Search nodes.
    pub nodes: u64,
    /// Time spent searching.
    pub elapsed: Duration,
}

/// Play one game with `searcher` from `seed` until no swipe is left (or `max_moves`),
/// recording it if `record` is given.
pub fn play_game(
    searcher: &Searcher,
    seed: u64,
    model: HintModel,
    max_moves: u32,
    record: Option<&mut GameRecord>,
) -> GameSummary {
    let mut player = Player::new(searcher.clone());
    match play_game_with(seed, model, max_moves, record, &mut |pos| {
        Ok::<_, Infallible>(player.choose(pos))
    }) {
        Ok(s) => s,
        Err(never) => match never {},
    }
}

/// Play one game from `seed`, each move chosen by `search` (on this machine, or spread over
/// a cluster), until no swipe is left (or `max_moves`), recording it if `record` is given.
///
/// # Errors
/// The first error `search` returns.
pub fn play_game_with<E>(
    seed: u64,
    model: HintModel,
    max_moves: u32,
    mut record: Option<&mut GameRecord>,
    search: &mut dyn FnMut(&Position) -> Result<SearchResult, E>,
) -> Result<GameSummary, E> {
    let mut game = Threes::new(seed, model);
    if let Some(r) = record.as_deref_mut() {
        *r = GameRecord::start(&game);
    }
    let start = Instant::now();
    let mut nodes = 0;
    while game.moves() < max_moves {
        let result = search(&game.position())?;
        nodes += result.nodes;
        let Some(d) = result.best else { break };
        let Ok(turn) = game.swipe(d) else { break };
        if let Some(r) = record.as_deref_mut() {
            r.push(&turn, &game);
        }
    }
    Ok(GameSummary {
        seed,
        score: game.score(),
        max_tile: game.board().max_tile().value(),
        moves: game.moves(),
        nodes,
        elapsed: start.elapsed(),
    })
}

/// The mean score of `weights` over `games` games (seeds derived from `seed`) at a fixed
/// depth, the games run in parallel, each search on one thread.
#[must_use]
pub fn mean_score(weights: Weights, games: u32, depth: u8, seed: u64) -> f64 {
    let searcher = Searcher::new(
        Heuristic::new(weights),
        SearchConfig {
            depth: DepthRule::Fixed(depth),
            parallel: false,
            ..SearchConfig::default()
        },
    );
    let total: u64 = (0..games)
        .into_par_iter()
        .map(|i| {
            play_game(
                &searcher,
                ludomat_game::seed::derive(seed, u64::from(i)),
                HintModel::Plus,
                u32::MAX,
                None,
            )
            .score
        })
        .sum();
    total as f64 / f64::from(games.max(1))
}

/// One tried change of the tuning run (the first, named `(start)`, is the starting weights).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct TuneStep {
    /// The pass it belongs to, 1-based (0 for the starting weights).
    pub round: u32,
    /// The weight changed.
    pub weight: &'static str,
    /// Its new value.
    pub value: f64,
    /// The mean score with it.
    pub mean: f64,
    /// Whether it was kept.
    pub kept: bool,
}

fn weight_mut<'a>(w: &'a mut Weights, name: &str) -> Option<&'a mut f64> {
    Some(match name {
        "empty" => &mut w.empty,
        "merges" => &mut w.merges,
        "small_merges" => &mut w.small_merges,
        "clogs" => &mut w.clogs,
        "trapped" => &mut w.trapped,
        "monotonicity" => &mut w.monotonicity,
        "monotonicity_power" => &mut w.monotonicity_power,
        "sum" => &mut w.sum,
        "sum_power" => &mut w.sum_power,
        "middle" => &mut w.middle,
        "roughness" => &mut w.roughness,
        _ => return None,
    })
}

/// The weights the tuner varies.
pub const TUNED: [&str; 11] = [
    "empty",
    "merges",
    "small_merges",
    "clogs",
    "trapped",
    "monotonicity",
    "monotonicity_power",
    "sum",
    "sum_power",
    "middle",
    "roughness",
];

/// The value first tried for a weight that is zero: about the size of the other terms on a
/// mid-game board (a 96, code 8, in a middle cell costs `middle · 8^3.5 ≈ 1,450 · middle`).
fn first_try(name: &str) -> f64 {
    match name {
        "middle" => 1.0,
        "roughness" => 200.0,
        _ => 100.0,
    }
}

/// Coordinate search: for each weight in turn try it scaled down and up (the exponents by
/// ±0.5, a zero weight set to a first value of its size), keep a change when the mean score over the same seeded
/// games improves; `rounds` passes. Every game set uses the same seeds (common random
/// numbers), so candidates are compared on equal cards.
pub fn tune(
    start: Weights,
    games: u32,
    depth: u8,
    rounds: u32,
    seed: u64,
    mut progress: impl FnMut(&TuneStep),
) -> (Weights, f64, Vec<TuneStep>) {
    let mut best = start;
    let mut best_mean = mean_score(best, games, depth, seed);
    let first = TuneStep {
        round: 0,
        weight: "(start)",
        value: 0.0,
        mean: best_mean,
        kept: true,
    };
    progress(&first);
    let mut steps = vec![first];
    for round in 1..=rounds {
        for name in TUNED {
            let mut current = best;
            let Some(v) = weight_mut(&mut current, name).map(|x| *x) else {
                continue;
            };
            let candidates: Vec<f64> = if name.ends_with("power") {
                vec![v - 0.5, v + 0.5]
            } else if v == 0.0 {
                vec![first_try(name)]
            } else {
                vec![v * 0.5, v * 2.0]
            };
            for c in candidates {
                let mut w = best;
                if let Some(x) = weight_mut(&mut w, name) {
                    *x = c;
                }
                let mean = mean_score(w, games, depth, seed);
                let kept = mean > best_mean;
                if kept {
                    best = w;
                    best_mean = mean;
                }
                let step = TuneStep {
                    round,
                    weight: name,
                    value: c,
                    mean,
                    kept,
                };
                progress(&step);
                steps.push(step);
            }
        }
    }
    (best, best_mean, steps)
}
