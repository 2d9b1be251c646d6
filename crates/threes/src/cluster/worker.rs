//! A Threes! worker: searches the subtrees (or plays the games) the master sends, with the
//! master's settings, on one thread. The loop around it — READY, results, STOP, a failure
//! told to the master — is `ludomat_cluster::serve`.

use super::local::{local_searcher, play_one};
use super::message::{check_job, check_setup, Answer, Setup, Task};
use crate::Searcher;

/// A worker's state: the settings last sent and the searcher built from them.
#[derive(Debug, Default)]
pub struct ThreesWorker {
    current: Option<(Setup, Searcher)>,
}

impl ThreesWorker {
    /// A worker waiting for its settings.
    #[must_use]
    pub fn new() -> ThreesWorker {
        ThreesWorker::default()
    }
}

impl ludomat_cluster::Work for ThreesWorker {
    type Setup = Setup;
    type Job = Task;
    type Result = Answer;

    fn setup(&mut self, setup: Setup) -> Result<(), String> {
        check_setup(&setup).map_err(|e| format!("settings: {e}"))?;
        self.current = Some((setup, local_searcher(&setup)));
        Ok(())
    }

    fn run(&mut self, task: Task) -> Result<Answer, String> {
        match task {
            Task::Search { batch, id, job } => {
                let (_, searcher) = self
                    .current
                    .as_ref()
                    .ok_or_else(|| format!("job {id} came before any settings"))?;
                check_job(&job).map_err(|e| format!("job {id}: {e}"))?;
                Ok(Answer::Search {
                    batch,
                    id,
                    result: searcher.run_job(&job),
                })
            }
            Task::Game { index, seed } => {
                let (setup, searcher) = self
                    .current
                    .as_ref()
                    .ok_or_else(|| format!("game {index} came before any settings"))?;
                let (summary, record) = play_one(searcher, setup, seed, None)
                    .map_err(|()| format!("game {index} stopped"))?;
                Ok(Answer::Game {
                    index,
                    summary,
                    record,
                })
            }
        }
    }
}
