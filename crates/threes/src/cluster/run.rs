//! `threes auto --distributed` as a library run: where this process stands ([`place`]:
//! alone, a worker that has served, or the master), and the master's games
//! ([`DistributedRun::play`]): in `search` mode one game after another, each move's
//! subtrees spread over the ranks; in `games` mode whole games handed out. The games are
//! those of one process with the same settings and seeds.

use std::time::Duration;

use super::ClusterError;
use crate::autoplay::GameSummary;
use crate::{DepthRule, HintModel, SearchConfig, Weights};

/// What `--distributed` spreads over the MPI ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Mode {
    /// The subtrees of every move's search (the source's cluster).
    Search,
    /// Whole games (strength runs).
    Games,
}

/// Where this process stands in a distributed run.
#[derive(Debug)]
pub enum Place {
    /// Alone: the run stays on this process (the words say why).
    Alone(&'static str),
    /// A worker that served until the master's STOP: done.
    #[cfg(feature = "mpi")]
    Served,
    /// The master (rank 0) of several processes.
    #[cfg(feature = "mpi")]
    Master(super::Cluster),
}

/// Start MPI when this build has it and mpirun started several processes: every rank
/// but 0 serves the master until STOP. Without the feature (or without mpirun) the run
/// stays here — and without the feature under mpirun it is refused (every process would
/// play the whole run).
///
/// # Errors
/// Started by an MPI launcher without the feature, MPI cannot start, or this worker
/// failed.
pub fn place() -> Result<Place, ClusterError> {
    use ludomat_cluster::Alone;
    Ok(
        match ludomat_cluster::place(super::worker::ThreesWorker::new)? {
            ludomat_cluster::Place::Alone(Alone::NoFeature) => Place::Alone(
                "--distributed: this ludomat was built without the cargo feature 'mpi' \
                 (rebuild with '--features mpi' to run on a cluster); playing on this \
                 process alone",
            ),
            ludomat_cluster::Place::Alone(Alone::NotLaunched) => Place::Alone(
                "--distributed: not started by mpirun or srun with several processes (e.g. \
                 'mpirun -n 8 ludomat threes auto --distributed …'); playing on this process \
                 alone",
            ),
            ludomat_cluster::Place::Alone(Alone::OneProcess) => Place::Alone(
                "--distributed: MPI started one process only; playing on this process alone",
            ),
            #[cfg(feature = "mpi")]
            ludomat_cluster::Place::Served => Place::Served,
            #[cfg(feature = "mpi")]
            ludomat_cluster::Place::Master(cluster) => Place::Master(cluster),
        },
    )
}

/// A distributed `auto` run: games `first_game …` of the master seed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DistributedRun {
    /// What is spread.
    pub mode: Mode,
    /// The master seed: game `i` is dealt from `seed::derive(seed, i)`.
    pub seed: u64,
    /// The first game's number.
    pub first_game: u32,
    /// Games to play.
    pub games: u32,
    /// How bonus cards are hinted.
    pub model: HintModel,
    /// Whether to record every game.
    pub record: bool,
}

/// Something the master sees finish.
#[derive(Debug)]
pub enum Finished<'a> {
    /// A move of game `game` (search mode), its number in the game and its report.
    Move {
        /// The game.
        game: u32,
        /// The move, from 1.
        number: u32,
        /// How the ranks shared it.
        report: &'a super::MoveReport,
    },
    /// A game, its summary and its record as JSON (when recorded).
    Game {
        /// The game.
        game: u32,
        /// How it went.
        summary: &'a GameSummary,
        /// Its record.
        record: Option<&'a str>,
    },
}

/// A game of a search-mode run as the master prints it when it ends.
#[must_use]
pub fn game_line(game: u32, s: &GameSummary) -> String {
    format!(
        "game {game}: score {}, highest card {}, {}, {}",
        ludomat_game::count::thousands(s.score),
        s.max_tile,
        ludomat_io::text::count(u64::from(s.moves), "swipe", "swipes"),
        ludomat_io::text::duration(s.elapsed)
    )
}

impl DistributedRun {
    /// The settings every rank searches with: `rule` on one thread, jobs `job_levels`
    /// above the leaves (default 8).
    #[must_use]
    pub fn setup(&self, rule: DepthRule, weights: Weights, job_levels: Option<u8>) -> super::Setup {
        super::Setup {
            weights,
            config: SearchConfig {
                depth: rule,
                parallel: false,
                job_levels: job_levels.unwrap_or(SearchConfig::default().job_levels),
                ..SearchConfig::default()
            },
            model: self.model,
            max_moves: u32::MAX,
            record: self.record,
        }
    }

    /// Become the master of `cluster` for this run (our AI searching by `rule` with
    /// `weights`, jobs `job_levels` above the leaves): the master, and the run's first line
    /// with the message round trip measured.
    ///
    /// # Errors
    /// When the workers cannot be set up or answer.
    #[cfg(feature = "mpi")]
    pub fn start<'c>(
        &self,
        cluster: &'c super::Cluster,
        rule: DepthRule,
        weights: Weights,
        job_levels: Option<u8>,
    ) -> Result<(super::Master<ludomat_cluster::mpi::MpiMaster<'c>>, String), ClusterError> {
        let setup = self.setup(rule, weights, job_levels);
        let mut m = super::master(cluster, setup)?;
        let rtt = m.ping(32, 20)?.unwrap_or_default();
        let header = self.header(cluster.size(), &cluster.processor_name(), rtt, &setup);
        Ok((m, header))
    }

    /// The run's first line (longer than a terminal: the renderer wraps it).
    #[must_use]
    pub fn header(
        &self,
        ranks: usize,
        processor: &str,
        round_trip: Duration,
        setup: &super::Setup,
    ) -> String {
        format!(
            "Threes! AI on {ranks} MPI ranks (master on {processor}, message round trip {:.1} \
             µs), {} mode: {} (from game {}), seed {}, {}, parallel depth {}, {}\n",
            round_trip.as_secs_f64() * 1e6,
            match self.mode {
                Mode::Search => "search",
                Mode::Games => "games",
            },
            ludomat_io::text::count(u64::from(self.games), "game", "games"),
            ludomat_io::text::thousands(u64::from(self.first_game)),
            self.seed,
            crate::search::rule(setup.config.depth),
            setup.config.job_levels,
            self.model.words()
        )
    }

    /// The games' numbers and seeds.
    #[must_use]
    pub fn list(&self) -> Vec<(u32, u64)> {
        (self.first_game..self.first_game.saturating_add(self.games))
            .map(|i| (i, ludomat_game::seed::derive(self.seed, u64::from(i))))
            .collect()
    }

    /// Play the run as the master; each finished move and game goes to `on` as it ends.
    /// The summaries in game order.
    ///
    /// # Errors
    /// A worker's failure, a protocol error, or what `on` returns (the run stops).
    pub fn play<L: ludomat_cluster::MasterLink>(
        &self,
        m: &mut super::Master<L>,
        on: &mut dyn FnMut(Finished<'_>) -> Result<(), String>,
    ) -> Result<Vec<GameSummary>, ClusterError> {
        use crate::autoplay::play_game_with;
        use crate::record::GameRecord;
        use crate::Threes;
        let list = self.list();
        if self.mode == Mode::Games {
            return m.play_games(&list, |game, summary, record| {
                on(Finished::Game {
                    game,
                    summary,
                    record,
                })
            });
        }
        let mut games = Vec::with_capacity(list.len());
        for &(game, game_seed) in &list {
            let mut record = self
                .record
                .then(|| GameRecord::start(&Threes::new(game_seed, self.model)));
            let mut number = 0u32;
            let summary = play_game_with(
                game_seed,
                self.model,
                u32::MAX,
                record.as_mut(),
                &mut |pos| {
                    let (r, report) = m.search(pos)?;
                    number += 1;
                    on(Finished::Move {
                        game,
                        number,
                        report: &report,
                    })
                    .map_err(ClusterError::Output)?;
                    Ok::<_, ClusterError>(r)
                },
            )?;
            let json = record.map(|r| r.to_json());
            on(Finished::Game {
                game,
                summary: &summary,
                record: json.as_deref(),
            })
            .map_err(ClusterError::Output)?;
            games.push(summary);
        }
        Ok(games)
    }
}
