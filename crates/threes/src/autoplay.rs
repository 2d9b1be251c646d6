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
