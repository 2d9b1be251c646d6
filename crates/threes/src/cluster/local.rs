//! What every rank does alike: build its searcher from the master's settings, and play a
//! whole game (the master's thread in games mode, and each worker).

use std::sync::atomic::{AtomicBool, Ordering};

use super::message::Setup;
use crate::autoplay::{play_game_with, GameSummary};
use crate::record::GameRecord;
use crate::{Heuristic, Player, SearchConfig, Searcher};

/// The searcher a rank uses for its own jobs: the master's settings on one thread.
pub(super) fn local_searcher(setup: &Setup) -> Searcher {
    Searcher::new(
        Heuristic::new(setup.weights),
        SearchConfig {
            parallel: false,
            ..setup.config
        },
    )
}

/// Play one whole game with `searcher` from `seed` (its record as JSON if the setup asks),
/// stopping early with `Err(())` once `cancel` is set.
pub(super) fn play_one(
    searcher: &Searcher,
    setup: &Setup,
    seed: u64,
    cancel: Option<&AtomicBool>,
) -> Result<(GameSummary, Option<String>), ()> {
    let mut record = setup.record.then(|| GameRecord {
        seed,
        hint_model: setup.model,
        frames: Vec::new(),
    });
    let mut player = Player::new(searcher.clone());
    let summary = play_game_with(
        seed,
        setup.model,
        setup.max_moves,
        record.as_mut(),
        &mut |pos| {
            if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                Err(())
            } else {
                Ok(player.choose(pos))
            }
        },
    )?;
    Ok((summary, record.map(|r| r.to_json())))
}
