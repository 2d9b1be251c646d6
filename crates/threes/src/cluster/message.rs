//! The Threes! messages between the master and its workers: the settings, the two kinds
//! of job and their results, carried by `ludomat_cluster`'s protocol (READY, a job, its
//! result, STOP) and its wire form.
//!
//! The seed's cluster framed each message with four characters giving the body's length
//! and sent the job as text; MPI frames messages itself, so a message here is just its
//! body: the `postcard` encoding of a [`ToWorker`] or [`ToMaster`]. Floating-point
//! numbers travel as their exact bits, so a worker searches exactly the job the master
//! planned (the pruning compares probabilities) and the master combines exactly the score
//! the worker found.

use crate::autoplay::GameSummary;
use crate::{Deck, HintModel, Job, JobResult, SearchConfig, Weights};

pub use ludomat_cluster::message::{decode, encode, WireError};

/// The deepest job a worker accepts (swipes below the job's node). A job is at most
/// [`SearchConfig::job_levels`] deep; 16 swipes would take years.
pub const MAX_JOB_DEPTH: u8 = 16;

/// What a worker needs to search like the master: the heuristic's weights and the search
/// settings (a worker runs its jobs on one thread whatever `config.parallel` says), and
/// for whole games the hint model, the move limit and whether to send records back.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Setup {
    /// The heuristic's weights.
    pub weights: Weights,
    /// The search settings.
    pub config: SearchConfig,
    /// How bonus cards are announced (whole games).
    pub model: HintModel,
    /// The move limit per game (whole games).
    pub max_moves: u32,
    /// Send each game's record back with its summary (whole games).
    pub record: bool,
}

/// A Threes! job.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Task {
    /// Search this subtree; `id` is its place in the master's plan.
    Search {
        /// The batch (one depth of one move's search).
        batch: u32,
        /// The job's number in the batch.
        id: u32,
        /// The subtree.
        job: Job,
    },
    /// Play this whole game.
    Game {
        /// The game's number in the run.
        index: u32,
        /// Its seed.
        seed: u64,
    },
}

/// A Threes! job's result.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Answer {
    /// A subtree's score.
    Search {
        /// The job's batch.
        batch: u32,
        /// The job's number in the batch.
        id: u32,
        /// The result.
        result: JobResult,
    },
    /// A whole game's summary (and its record as JSON when asked for).
    Game {
        /// The game's number in the run.
        index: u32,
        /// How it went.
        summary: GameSummary,
        /// The record, as [`crate::record::GameRecord::to_json`] writes it.
        record: Option<String>,
    },
}

/// From the master to a worker.
pub type ToWorker = ludomat_cluster::message::ToWorker<Setup, Task>;
/// From a worker to the master.
pub type ToMaster = ludomat_cluster::message::ToMaster<Answer>;

/// Why a job cannot be searched.
///
/// # Errors
/// A job deeper than [`MAX_JOB_DEPTH`], a reach probability that is not in 0…1, a deck
/// that is no deck, or a hint that allows no card or a code above 15.
pub fn check_job(job: &Job) -> Result<(), String> {
    if job.depth > MAX_JOB_DEPTH {
        return Err(format!(
            "job depth {} exceeds the limit of {MAX_JOB_DEPTH} swipes",
            job.depth
        ));
    }
    if !(0.0..=1.0).contains(&job.probability) {
        return Err(format!(
            "job probability {} is not between 0 and 1",
            job.probability
        ));
    }
    Deck::new(job.deck.counts).map_err(|e| format!("job deck: {e}"))?;
    if job.hint.codes & 1 != 0 || job.hint.codes == 0 {
        return Err(format!(
            "job hint {:#06x} allows no card or an empty cell",
            job.hint.codes
        ));
    }
    Ok(())
}

/// Why settings cannot be used.
///
/// # Errors
/// Weights that are not finite numbers, a pruning threshold outside 0…1, or job levels
/// above [`MAX_JOB_DEPTH`].
pub fn check_setup(setup: &Setup) -> Result<(), String> {
    let text = serde_json::to_value(setup.weights).map_err(|e| e.to_string())?;
    if let Some(map) = text.as_object() {
        for (name, v) in map {
            if v.as_f64().is_none_or(|x| !x.is_finite()) {
                return Err(format!("weight {name} is {v}, not a finite number"));
            }
        }
    }
    if !(0.0..=1.0).contains(&setup.config.min_probability) {
        return Err(format!(
            "min_probability {} is not between 0 and 1",
            setup.config.min_probability
        ));
    }
    if setup.config.job_levels > MAX_JOB_DEPTH {
        return Err(format!(
            "job levels {} exceed the limit of {MAX_JOB_DEPTH}",
            setup.config.job_levels
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Hint, Tile};
    use std::time::Duration;

    fn job(probability: f64) -> Job {
        Job {
            board: "1 2 3 0 / 0 6 0 0 / 0 0 0 0 / 0 0 0 3".parse().unwrap(),
            deck: Deck::new([3, 4, 2]).unwrap(),
            hint: Hint::exact(Tile::from_nibble(2)),
            depth: 3,
            probability,
        }
    }

    #[test]
    fn messages_survive_the_wire_bit_for_bit() {
        // a probability and a score with all 52 mantissa bits in use
        let p = 1.0 / 3.0 * 0.123_456_789_012_345_67;
        let m = ToWorker::Job(Task::Search {
            batch: 3,
            id: 7,
            job: job(p),
        });
        let back: ToWorker = decode(&encode(&m).unwrap()).unwrap();
        assert_eq!(back, m);
        let ToWorker::Job(Task::Search { job: j, .. }) = back else {
            panic!("not a job")
        };
        assert_eq!(j.probability.to_bits(), p.to_bits());
        let r = ToMaster::Done {
            result: Answer::Search {
                batch: 3,
                id: 7,
                result: JobResult {
                    score: 2_637.436_035_123_457,
                    nodes: 12_345,
                },
            },
            busy: Duration::from_micros(1_234),
            cpu: Duration::from_micros(1_001),
        };
        assert_eq!(decode::<ToMaster>(&encode(&r).unwrap()).unwrap(), r);
        let s = ToWorker::Setup(Setup {
            weights: Weights::default(),
            config: SearchConfig::default(),
            model: HintModel::Window,
            max_moves: 9,
            record: true,
        });
        assert_eq!(decode::<ToWorker>(&encode(&s).unwrap()).unwrap(), s);
        // a job message is small: the seed's were a board and a few numbers too
        assert!(
            encode(&m).unwrap().len() < 40,
            "{}",
            encode(&m).unwrap().len()
        );
    }

    #[test]
    fn garbage_is_named_not_searched() {
        let e = decode::<ToWorker>(&[0xff, 0xff, 0xff]).unwrap_err();
        assert!(
            e.to_string().contains("3-byte message is not a ToWorker"),
            "{e}"
        );
        assert!(decode::<ToMaster>(&[]).is_err());
    }

    #[test]
    fn jobs_are_checked() {
        assert_eq!(check_job(&job(0.5)), Ok(()));
        let mut deep = job(0.5);
        deep.depth = 40;
        assert!(check_job(&deep).unwrap_err().contains("depth 40"));
        assert!(check_job(&job(1.5)).is_err());
        assert!(check_job(&job(f64::NAN)).is_err());
        let mut no_card = job(0.5);
        no_card.hint.codes = 0;
        assert!(check_job(&no_card).is_err());
        let mut no_deck = job(0.5);
        no_deck.deck.counts = [0, 0, 0];
        assert!(check_job(&no_deck).unwrap_err().contains("deck"));
    }

    #[test]
    fn setups_are_checked() {
        let mut s = Setup {
            weights: Weights::default(),
            config: SearchConfig::default(),
            model: HintModel::Plus,
            max_moves: u32::MAX,
            record: false,
        };
        assert_eq!(check_setup(&s), Ok(()));
        s.weights.empty = f64::INFINITY;
        assert!(check_setup(&s).unwrap_err().contains("empty"));
        s.weights = Weights::default();
        s.config.job_levels = 30;
        assert!(check_setup(&s).is_err());
    }
}
