//! `threes auto` as a library run: many seeded games by our AI (or by an engine through
//! the protocol), spread over threads, each finished game handed to the caller at once,
//! progress and cancellation through [`RunContext`].

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use ludomat_game::run::{Ended, RunContext};
use ludomat_game::seed;

use crate::autoplay::{play_game_with, GameSummary};
use crate::engine::{At, EngineCommand, EngineError, EngineProcess, Limits};
use crate::record::GameRecord;
use crate::{
    DepthRule, Heuristic, HintModel, Player, Position, SearchConfig, Searcher, Threes, Weights,
};

/// How often the run reports while no game finishes (a game at strength takes minutes).
const REPORT_EVERY: Duration = Duration::from_millis(250);

/// The most games one `threes auto` run plays.
pub const MAX_GAMES: u32 = 10_000_000;

/// The options of `threes auto` (with the cargo feature `clap` the binary's flags; its
/// counts, `--games` and `--threads`, are read by the binary's one count parser).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct AutoOptions {
    /// Games to play (1 to 10,000,000 per run; split longer runs with --first-game).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 10, value_name = "N"))]
    pub games: u32,
    /// Master seed; game i uses a seed derived from it.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1, value_parser = ludomat_game::count::count::<u64>(0, u64::MAX)))]
    pub seed: u64,
    /// Number of the first game K (0 to 4,294,967,294): play games K … K+games−1 of the
    /// master seed's series (a long run split into parts; `threes summary` joins their CSV
    /// files). K + games must stay within 4,294,967,295.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 0, value_parser = ludomat_game::count::count::<u32>(0, crate::options::LAST_FIRST_GAME as u64)))]
    pub first_game: u32,
    // how deep our AI searches
    #[cfg_attr(feature = "clap", command(flatten))]
    pub rule: crate::options::DepthOptions,
    /// Worker threads (1 to 256; default: all cores).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N"))]
    pub threads: Option<u16>,
    /// Write one line per game to this CSV file.
    #[cfg_attr(feature = "clap", arg(long))]
    pub csv: Option<PathBuf>,
    /// Write a score histogram (.png or .svg).
    #[cfg_attr(feature = "clap", arg(long))]
    pub chart: Option<PathBuf>,
    /// No progress bar.
    #[cfg_attr(feature = "clap", arg(long))]
    pub quiet: bool,
    /// Heuristic weights as JSON (as printed by `threes tune`).
    #[cfg_attr(feature = "clap", arg(long))]
    pub weights: Option<PathBuf>,
    // the heuristic or a learned network
    #[cfg_attr(feature = "clap", command(flatten))]
    pub eval: crate::options::EvalOptions,
    /// How bonus cards are announced: plus (the original '+') or window (three values).
    #[cfg_attr(feature = "clap", arg(long, default_value = "plus", value_parser = crate::options::hint_models()))]
    pub hint_model: HintModel,
    /// Record every game as JSON into this directory (game-<i>.json). Records already
    /// there are never replaced: a run whose games are recorded there is refused.
    #[cfg_attr(feature = "clap", arg(long))]
    pub record_dir: Option<PathBuf>,
    /// Show each game as it ends: its final board, score and swipes.
    #[cfg_attr(feature = "clap", arg(long))]
    pub show: bool,
    /// Play through the engine protocol with this engine instead of our AI in-process
    /// (one engine process per thread; see crates/threes/ENGINE.md). The program
    /// `ludomat` is this ludomat: `--engine 'ludomat threes engine --cpu-per-move 5'`.
    #[cfg_attr(feature = "clap", arg(long, value_name = "CMD"))]
    pub engine: Option<String>,
    /// Seconds an engine may take to greet or to answer one turn (0.01 to 86,400).
    #[cfg_attr(
        feature = "clap",
        arg(long, default_value_t = 60.0, value_name = "SECONDS", value_parser = ludomat_game::count::decimal(0.01, 86_400.0))
    )]
    pub engine_timeout: f64,

    // --- cluster (MPI): `--distributed`, see crate::cluster::run -------------------------
    /// Spread the work over the processes of an MPI run, rank 0 the master
    /// (`mpirun -n N ludomat threes auto --distributed …`): `search` (the default) spreads
    /// each move's subtrees, `games` hands out whole games (long strength runs; the same
    /// games and CSV as on one process). Needs a build with the cargo feature `mpi`;
    /// started without mpirun or with one process, the run stays on this process.
    #[cfg_attr(feature = "clap", arg(long, num_args = 0..=1, default_missing_value = "search", value_name = "MODE"))]
    pub distributed: Option<crate::cluster::Mode>,
    /// Jobs are the subtrees this many swipes above the leaves (the source's
    /// parallelization depth, 1 to 16; default 8, capped at the depth − 1).
    #[cfg_attr(feature = "clap", arg(long, value_parser = ludomat_game::count::count::<u8>(1, 16)))]
    pub parallel_depth: Option<u8>,
    /// With `--distributed search`: print no report per move (only the summary).
    #[cfg_attr(feature = "clap", arg(long))]
    pub no_move_reports: bool,
    // --- end cluster ---------------------------------------------------------------------
}

impl AutoOptions {
    /// The search rule, once the options are known to make a run.
    ///
    /// # Errors
    /// Options that make no rule, or game numbers past the last one.
    pub fn check(&self) -> Result<DepthRule, crate::options::OptionsError> {
        let rule = self.rule.rule()?;
        crate::options::check_game_numbers(self.first_game, self.games)?;
        Ok(rule)
    }

    /// The CSV log's settings for this run with `rule` and `weights`: what decides its
    /// games, so a resumed or combined log must record the same.
    ///
    /// # Errors
    /// Weights that cannot be written as JSON.
    pub fn log_spec(
        &self,
        rule: DepthRule,
        weights: &crate::Weights,
    ) -> Result<ludomat_io::log::Spec, serde_json::Error> {
        Ok(crate::summary::log_spec(
            ludomat_io::log::Settings::new()
                .with("--seed", self.seed)
                .with("--hint-model", self.hint_model)
                .with("search", crate::search::rule(rule))
                .with("--engine", self.engine.as_deref().unwrap_or("none"))
                .with("weights", serde_json::to_string(weights)?),
        ))
    }

    /// The run these options ask for, played by `contender`.
    #[must_use]
    pub fn config(&self, contender: Contender) -> AutoConfig {
        AutoConfig {
            contender,
            seed: self.seed,
            first_game: self.first_game,
            games: self.games,
            model: self.hint_model,
            record: self.record_dir.is_some() || self.show,
        }
    }

    /// The run on this process, played by `engine` or else by our AI with `weights` (or
    /// `network`, when given) searching by `rule`: its settings, the pool of its threads
    /// (`--threads`, by default all cores) and whether our AI searches in parallel on that
    /// pool ([`our_ai`]).
    ///
    /// # Errors
    /// When the threads cannot be started.
    pub fn prepare(
        &self,
        rule: DepthRule,
        weights: Weights,
        network: Option<std::sync::Arc<crate::ntuple::Network>>,
        engine: Option<Contender>,
    ) -> Result<(AutoConfig, rayon::ThreadPool, bool), rayon::ThreadPoolBuildError> {
        let mut pool = rayon::ThreadPoolBuilder::new();
        if let Some(t) = self.threads {
            pool = pool.num_threads(usize::from(t));
        }
        let pool = pool.build()?;
        let threads = pool.current_num_threads();
        let (searcher, parallel) = our_ai(
            rule,
            weights,
            self.rule.spread,
            self.parallel_depth,
            self.games,
            threads,
        );
        let contender = engine.unwrap_or(Contender::Searcher(searcher.with_network(network)));
        Ok((self.config(contender), pool, parallel))
    }

    /// The same run spread over an MPI run's ranks (`--distributed`).
    #[must_use]
    pub fn distributed(&self, mode: crate::cluster::Mode) -> crate::cluster::DistributedRun {
        crate::cluster::DistributedRun {
            mode,
            seed: self.seed,
            first_game: self.first_game,
            games: self.games,
            model: self.hint_model,
            record: self.record_dir.is_some(),
        }
    }
}

/// Who plays the games.
#[derive(Debug, Clone)]
pub enum Contender {
    /// Our AI in this process.
    Searcher(Searcher),
    /// An engine process per thread, through the protocol.
    Engine(EngineCommand, Limits),
}

/// An `auto` run.
#[derive(Debug, Clone)]
pub struct AutoConfig {
    /// Who plays.
    pub contender: Contender,
    /// The master seed: game `i` is dealt from `seed::derive(seed, i)`.
    pub seed: u64,
    /// The first game's number.
    pub first_game: u32,
    /// Games to play.
    pub games: u32,
    /// How bonus cards are hinted.
    pub model: HintModel,
    /// Whether to record every game (handed to the caller with it).
    pub record: bool,
}

/// What the run reports as it goes.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct AutoProgress {
    /// Games finished.
    pub games: u64,
    /// The last finished game's score.
    pub last_score: Option<u64>,
    /// The mean score so far.
    pub mean: f64,
    /// Swipes made so far by our AI, in finished games and in those in progress (so the
    /// run shows it is moving from the first swipe of the first game).
    pub moves: u64,
}

/// What a run that could not take a game keeps: the games written before it.
fn kept_before(kept: u64) -> String {
    match kept {
        0 => "no game was written before it".to_string(),
        n => format!(
            "what it wrote of the {} before (the log's lines, the records) is kept",
            ludomat_io::text::count(n, "game", "games")
        ),
    }
}

/// Why an `auto` run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum AutoError {
    /// The engine failed (the games finished before were handed out).
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The caller could not take a game (a file could not be written): the run stopped
    /// there, and what it wrote of the games before is kept.
    #[error("{error}; the run stopped at game {number}: {}", kept_before(*.kept))]
    Output {
        /// The caller's words.
        error: String,
        /// The game it could not take.
        number: u32,
        /// The games taken before it.
        kept: u64,
    },
    /// Game numbers past the last one.
    #[error(
        "first game {first} + {games} games is past the last game number {}",
        u32::MAX
    )]
    Range {
        /// The first game.
        first: u32,
        /// Games asked for.
        games: u32,
    },
}

/// A finished game of the run.
#[derive(Debug, Clone)]
pub struct AutoGame {
    /// The game's number.
    pub number: u32,
    /// Its summary.
    pub summary: GameSummary,
    /// Its record, when asked for.
    pub record: Option<GameRecord>,
}

/// Our AI for a run of `games` games on `threads` threads, searching by `rule` with
/// `weights` (`spread`: see [`SearchConfig::spread`]; `job_levels`: the jobs' height, by
/// default 8). With fewer games than threads each search runs its jobs in parallel;
/// otherwise the games themselves are spread over the threads (a budgeted search is one
/// thread). The searcher, and whether it searches in parallel.
#[must_use]
pub fn our_ai(
    rule: DepthRule,
    weights: Weights,
    spread: f64,
    job_levels: Option<u8>,
    games: u32,
    threads: usize,
) -> (Searcher, bool) {
    let budgeted = matches!(rule, DepthRule::Cpu { .. } | DepthRule::Nodes { .. });
    let parallel = (games as usize) < threads && !budgeted;
    let searcher = Searcher::new(
        Heuristic::new(weights),
        SearchConfig {
            depth: rule,
            parallel,
            job_levels: job_levels.unwrap_or(SearchConfig::default().job_levels),
            spread,
            ..SearchConfig::default()
        },
    );
    (searcher, parallel)
}

impl AutoGame {
    /// The game as `--show` prints it: its number, score, swipes and highest card, and its
    /// final board (with a blank line after it); `None` when it was not recorded.
    #[must_use]
    pub fn shown(&self) -> Option<String> {
        let last = self.record.as_ref()?.frames.last()?;
        Some(format!(
            "game {}: score {}, {}, highest card {}\n{}\n",
            self.number,
            ludomat_game::count::thousands(self.summary.score),
            ludomat_io::text::count(u64::from(self.summary.moves), "swipe", "swipes"),
            ludomat_game::count::thousands(u64::from(self.summary.max_tile)),
            last.board
        ))
    }
}

/// Play the run on `threads` threads (`pool`: the rayon pool our AI's parallel search
/// uses, when it searches in parallel). Each finished game goes to `on_game` at once, in
/// the order games finish; the result holds the games in game order, and whether the run
/// was cancelled (games in progress stop at their next swipe and are dropped). Progress
/// is reported as games finish and, in between, every quarter second with the swipes made.
///
/// # Errors
/// An engine's failure or `on_game`'s; the games finished before were handed out.
pub fn run(
    config: &AutoConfig,
    threads: usize,
    pool: Option<&rayon::ThreadPool>,
    ctx: &mut RunContext<'_, AutoProgress>,
    on_game: &mut dyn FnMut(&AutoGame) -> Result<(), String>,
) -> Result<(Vec<GameSummary>, Ended), AutoError> {
    let end = config
        .first_game
        .checked_add(config.games)
        .ok_or(AutoError::Range {
            first: config.first_game,
            games: config.games,
        })?;
    ctx.set_total(Some(u64::from(config.games)));
    let next = AtomicUsize::new(config.first_game as usize);
    // Shared with the engines' games too, so one engine's failure stops the others' games
    // in flight at their next turn (as `versus` does), not at their end.
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let moves = AtomicU64::new(0);
    let cancel = ctx.cancel().clone();
    let (tx, rx) = mpsc::channel::<Result<AutoGame, EngineError>>();
    let mut games: Vec<(u32, GameSummary)> = Vec::new();
    let mut failure: Option<AutoError> = None;
    let mut total = 0u128;
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, 256) {
            let tx = tx.clone();
            let (next, stop, moves, cancel) = (&next, stop.clone(), &moves, cancel.clone());
            scope.spawn(move || {
                let mut engine: Option<EngineProcess> = None;
                loop {
                    if stop.load(Ordering::Relaxed) || cancel.is_cancelled() {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(number) = u32::try_from(i).ok().filter(|&n| n < end) else {
                        break;
                    };
                    let game_seed = seed::derive(config.seed, u64::from(number));
                    let mut record = config
                        .record
                        .then(|| GameRecord::start(&Threes::new(game_seed, config.model)));
                    let summary = match &config.contender {
                        Contender::Searcher(s) => {
                            let mut player = Player::new(s.clone());
                            let mut turn = 0u32;
                            let mut choose = |pos: &Position| {
                                turn += 1;
                                if stop.load(Ordering::Relaxed) || cancel.is_cancelled() {
                                    return Err(EngineError::Stopped {
                                        engine: "ludomat".into(),
                                        at: At::Turn {
                                            game: u64::from(number),
                                            turn,
                                        },
                                    });
                                }
                                let r = player.choose(pos);
                                // a swipe chosen; the last search of a game finds none
                                if r.best.is_some() {
                                    moves.fetch_add(1, Ordering::Relaxed);
                                }
                                Ok(r)
                            };
                            let mut play = || {
                                play_game_with(
                                    game_seed,
                                    config.model,
                                    u32::MAX,
                                    record.as_mut(),
                                    &mut choose,
                                )
                            };
                            match pool {
                                Some(p) => p.install(play),
                                None => play(),
                            }
                        }
                        Contender::Engine(command, limits) => {
                            // a greeting that never comes is stopped by Ctrl-C too
                            let started = match engine.take() {
                                Some(e) => Ok(e),
                                None => EngineProcess::start_stoppable(
                                    command,
                                    *limits,
                                    Some(cancel.clone()),
                                    Some(stop.clone()),
                                ),
                            };
                            started.and_then(|mut e| {
                                let r = e.play(
                                    u64::from(number),
                                    game_seed,
                                    config.model,
                                    record.as_mut(),
                                );
                                if r.is_ok() {
                                    engine = Some(e);
                                }
                                // an engine's swipes are known when its game ends
                                r.map(|g| {
                                    moves.fetch_add(u64::from(g.summary.moves), Ordering::Relaxed);
                                    g.summary
                                })
                            })
                        }
                    };
                    let failed = summary.is_err();
                    let sent = tx.send(summary.map(|summary| AutoGame {
                        number,
                        summary,
                        record,
                    }));
                    if sent.is_err() || failed {
                        stop.store(true, Ordering::Relaxed);
                        break;
                    }
                }
                if let Some(e) = engine {
                    e.quit();
                }
            });
        }
        drop(tx);
        loop {
            let r = match rx.recv_timeout(REPORT_EVERY) {
                Ok(r) => r,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let n = games.len() as u64;
                    let _ = ctx.tick(n, || AutoProgress {
                        games: n,
                        last_score: games.last().map(|g| g.1.score),
                        mean: if n > 0 { total as f64 / n as f64 } else { 0.0 },
                        moves: moves.load(Ordering::Relaxed),
                    });
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            match r {
                Ok(g) if failure.is_none() => {
                    if let Err(e) = on_game(&g) {
                        failure = Some(AutoError::Output {
                            error: e,
                            number: g.number,
                            kept: games.len() as u64,
                        });
                        stop.store(true, Ordering::Relaxed);
                        continue;
                    }
                    total += u128::from(g.summary.score);
                    games.push((g.number, g.summary));
                    let n = games.len() as u64;
                    let last = games.last().map(|g| g.1.score);
                    let _ = ctx.tick(n, || AutoProgress {
                        games: n,
                        last_score: last,
                        mean: total as f64 / n as f64,
                        moves: moves.load(Ordering::Relaxed),
                    });
                }
                Ok(_) | Err(EngineError::Stopped { .. }) => {}
                // Ctrl-C at a terminal goes to the whole foreground group: an engine
                // caught starting (before it is in a group of its own) dies of it. That
                // is the person's Ctrl-C, not the engine's failure.
                Err(_) if cancel.is_cancelled() && failure.is_none() => {}
                Err(e) => {
                    if failure.is_none() {
                        failure = Some(AutoError::Engine(e));
                    }
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    let n = games.len() as u64;
    ctx.finish(
        n,
        AutoProgress {
            games: n,
            last_score: games.last().map(|g| g.1.score),
            mean: if n > 0 { total as f64 / n as f64 } else { 0.0 },
            moves: moves.load(Ordering::Relaxed),
        },
    );
    if let Some(f) = failure {
        return Err(f);
    }
    let ended = if n < u64::from(config.games) {
        Ended::Cancelled
    } else {
        Ended::Finished
    };
    games.sort_by_key(|g| g.0);
    Ok((games.into_iter().map(|g| g.1).collect(), ended))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autoplay::play_game;
    use crate::{DepthRule, Heuristic, SearchConfig};
    use ludomat_game::run::{Cancel, Progress};

    /// `--show` says the highest card with thousands, as `threes replay` does (it said
    /// `highest card 1536` where the replay said `1,536`).
    #[test]
    fn a_shown_game_says_its_highest_card_with_thousands() {
        let game = AutoGame {
            number: 3,
            summary: GameSummary {
                seed: 1,
                score: 12_345,
                max_tile: 1536,
                moves: 400,
                nodes: 0,
                elapsed: std::time::Duration::ZERO,
            },
            record: Some(GameRecord::start(&Threes::new(1, HintModel::Plus))),
        };
        let shown = game.shown().unwrap();
        assert!(
            shown.starts_with("game 3: score 12,345, 400 swipes, highest card 1,536\n"),
            "{shown}"
        );
    }

    fn config(games: u32) -> AutoConfig {
        AutoConfig {
            contender: Contender::Searcher(Searcher::new(
                Heuristic::default(),
                SearchConfig {
                    depth: DepthRule::Fixed(1),
                    parallel: false,
                    ..SearchConfig::default()
                },
            )),
            seed: 3,
            first_game: 5,
            games,
            model: HintModel::Plus,
            record: false,
        }
    }

    #[test]
    fn games_come_back_in_order_and_match_single_games() {
        let c = config(6);
        let mut seen = Vec::new();
        let mut swipes = 0;
        let mut w = |p: &Progress<AutoProgress>| {
            seen.push(p.done);
            swipes = p.partial.moves;
        };
        let mut ctx = RunContext::new("games", None)
            .every(std::time::Duration::ZERO)
            .watch(&mut w);
        let (games, ended) = run(&c, 3, None, &mut ctx, &mut |_| Ok(())).unwrap();
        drop(ctx);
        assert_eq!(ended, Ended::Finished);
        assert_eq!(games.len(), 6);
        // the bar's swipes are the summary's: none counted for a game's last search
        let summed: u64 = games.iter().map(|g| u64::from(g.moves)).sum();
        assert_eq!(swipes, summed);
        let Contender::Searcher(s) = &c.contender else {
            panic!()
        };
        for (k, g) in games.iter().enumerate() {
            let alone = play_game(
                s,
                seed::derive(3, 5 + k as u64),
                HintModel::Plus,
                u32::MAX,
                None,
            );
            assert_eq!(
                (g.seed, g.score, g.moves),
                (alone.seed, alone.score, alone.moves)
            );
        }
        assert!(seen.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(seen.last(), Some(&6));
    }

    /// A long game shows its swipes before it ends, and a cancel stops it at the next
    /// swipe, not at its end.
    #[test]
    fn progress_from_the_first_swipe_and_cancel_within_a_game() {
        let mut c = config(1);
        c.contender = Contender::Searcher(Searcher::new(
            Heuristic::default(),
            SearchConfig {
                depth: DepthRule::Fixed(4),
                parallel: false,
                ..SearchConfig::default()
            },
        ));
        let cancel = Cancel::new();
        let handle = cancel.clone();
        let mut seen = Vec::new();
        let mut w = |p: &Progress<AutoProgress>| {
            seen.push((p.done, p.partial.moves));
            if p.partial.moves > 0 {
                handle.cancel();
            }
        };
        let mut ctx = RunContext::new("games", None)
            .every(std::time::Duration::ZERO)
            .with_cancel(cancel)
            .watch(&mut w);
        let started = std::time::Instant::now();
        let (games, ended) = run(&c, 1, None, &mut ctx, &mut |_| Ok(())).unwrap();
        drop(ctx);
        assert_eq!(ended, Ended::Cancelled);
        assert!(games.is_empty(), "the game stopped before its end");
        assert!(
            seen.iter().any(|&(done, moves)| done == 0 && moves > 0),
            "{seen:?}"
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(20));
    }

    #[test]
    fn cancel_returns_what_was_done_and_output_errors_stop_the_run() {
        let c = config(50);
        let cancel = Cancel::new();
        let handle = cancel.clone();
        let mut ctx = RunContext::new("games", None).with_cancel(cancel);
        let (games, ended) = run(&c, 1, None, &mut ctx, &mut |g| {
            if g.number == 7 {
                handle.cancel();
            }
            Ok(())
        })
        .unwrap();
        assert_eq!(ended, Ended::Cancelled);
        assert!((3..50).contains(&games.len()), "{}", games.len());
        let mut ctx = RunContext::new("games", None);
        let e = run(&c, 2, None, &mut ctx, &mut |_| Err("disk full".into())).unwrap_err();
        // two threads: whichever game ends first is the one refused
        let said = e.to_string();
        assert!(
            said.starts_with("disk full; the run stopped at game ")
                && said.ends_with(": no game was written before it"),
            "{said}"
        );
        // a failure after some games says they are kept
        let mut ctx = RunContext::new("games", None);
        let mut taken = 0;
        let e = run(&c, 1, None, &mut ctx, &mut |_| {
            taken += 1;
            if taken > 3 {
                Err("disk full".into())
            } else {
                Ok(())
            }
        })
        .unwrap_err();
        let said = e.to_string();
        assert!(
            said.ends_with(
                ": what it wrote of the 3 games before (the log's lines, the records) is kept"
            ),
            "{said}"
        );
    }
}
