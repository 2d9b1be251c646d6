//! `threes learn --distributed`: self-play training on every worker of a cluster
//! (`ludomat_cluster`: threads of this process, or the ranks of an MPI run).
//!
//! **The combination rule: synchronous rounds, games replicated.** Every rank keeps its own
//! copy of the network, and the copies stay bit for bit the same. A round is the next
//! `workers × per_job` training games (cut at the next point of the curve, checkpoint or
//! end); the master splits them into one block of consecutive games per worker. A worker
//! first *applies* the games of the rounds it has not applied yet — each replayed from its
//! seed and its swipes, and its afterstates updated by the same TD(λ) step as
//! [`crate::learn`]'s, in game order — and then *plays* its block greedily on its copy,
//! frozen for the round, sending back each game's swipes (one byte a swipe). So no weights
//! travel during training, only swipes (about a kilobyte a game); every copy applies the
//! same updates in the same order, so after a round every copy is the same network,
//! whatever rank played which game and however the messages were timed, and a run is
//! exactly reproducible for a given number of workers and `per_job`.
//!
//! This is the “episodes sent to the learner” scheme of the issue with every rank its own
//! learner (so the master needs no copy of its own and sends no weights), and the
//! synchronous form of Hogwild!'s lock-free sharing: within a round the games are played
//! on the network as it stood at the round's start (a staleness of at most one round,
//! `workers × per_job` games, against the one-thread run's none).
//!
//! The master keeps no weights: when a point of the curve or a checkpoint is due it asks
//! one worker for its copy (the checkpoint's exact `f32` file), evaluates it on this
//! process's threads and saves it.
//! The run's CPU time (the curve's `cpu_seconds`) is this process's: on threads, all the
//! workers'; under MPI, the master's alone.
//!
//! **Cost.** A game costs every rank its update (replay and TD step, `u`) and the rank
//! that plays it its greedy play (`p`, four afterstate values a swipe). With `n` workers a
//! round of `n·k` games takes `k·p + n·k·u` on each, so the rate is `n / (p + n·u)` games a
//! second against `1 / (p + u)` on one thread: the speed-up is bounded by `(p + u) / u`
//! however many ranks play (BENCHMARKS.md measures `p` and `u`).

use std::sync::Arc;
use std::time::Duration;

use ludomat_cluster::{ClusterError, MasterLink, Rank, Work};
use ludomat_game::run::{Ended, RunContext};
use ludomat_game::seed;

use crate::card::Hint;
use crate::learn::{
    evaluate, point, update, CurvePoint, LearnError, LearnProgress, LearnSettings, Learner,
};
use crate::ntuple::file::{self, Precision};
use crate::ntuple::{score, Afterstate, Network};
use crate::{Deck, Direction, Threes};

/// The settings every worker gets once: the training settings and the network to start
/// from (the checkpoint format: exact `f32` weights).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Setup {
    /// The run's settings (seeds, α, λ, hint model).
    pub settings: LearnSettings,
    /// The starting network's file bytes.
    pub network: Vec<u8>,
}

/// A training game as the ranks share it: its number and its swipes.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Game {
    /// The game's number: dealt from `seed::derive(seed, index)`.
    pub index: u64,
    /// Its swipes, each [`Direction::index`].
    pub swipes: Vec<u8>,
    /// Its final score.
    pub score: u64,
}

/// A job for a worker.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Task {
    /// Apply `apply` (in order), then play games `first .. end` on the network as it then is.
    Round {
        /// Games to learn from first.
        apply: Vec<Game>,
        /// The first game to play.
        first: u64,
        /// One past the last.
        end: u64,
    },
    /// Apply `apply`, then send the network (exact weights).
    Network {
        /// Games to learn from first.
        apply: Vec<Game>,
    },
}

/// A worker's answer.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Answer {
    /// The games of a round, in order.
    Played(Vec<Game>),
    /// The network's file bytes.
    Network(Vec<u8>),
}

/// The most swipes a game is played for (a game ends long before).
const MAX_MOVES: u32 = 1_000_000;

/// Play game `index` greedily on `net` without learning: its swipes and score.
#[must_use]
pub fn play_game(net: &Network, settings: &LearnSettings, index: u64) -> Game {
    let mut game = Threes::new(seed::derive(settings.seed, index), settings.hint_model);
    let mut swipes = Vec::new();
    while game.moves() < MAX_MOVES {
        let pos = game.position();
        let mut best: Option<(Direction, f64)> = None;
        for d in Direction::ALL {
            if let Some(s) = pos.board.swipe(d) {
                let v = net.afterstate_value(Afterstate::of(s, d), pos.hint, pos.deck);
                if best.is_none_or(|(_, b)| v > b) {
                    best = Some((d, v));
                }
            }
        }
        let Some((d, _)) = best else { break };
        if game.swipe(d).is_err() {
            break;
        }
        swipes.push(d.index() as u8);
    }
    Game {
        index,
        swipes,
        score: game.score(),
    }
}

/// Replay `game` from its seed and learn from it (the TD(λ) step of [`crate::learn`]).
///
/// # Errors
/// A swipe that is no direction or not legal where it is made, or a score that is not the
/// game's: the game is refused before the network changes.
pub fn apply_game(
    net: &Network,
    settings: &LearnSettings,
    game: &Game,
    path: &mut Vec<(Afterstate, Hint, Deck, f64)>,
) -> Result<(), String> {
    let mut g = Threes::new(seed::derive(settings.seed, game.index), settings.hint_model);
    path.clear();
    for (k, &i) in game.swipes.iter().enumerate() {
        let bad = |why: &str| format!("game {}: swipe {}: {why}", game.index, k + 1);
        let d = *Direction::ALL
            .get(usize::from(i))
            .ok_or_else(|| bad("not a direction"))?;
        let pos = g.position();
        let s = pos.board.swipe(d).ok_or_else(|| bad("not legal there"))?;
        let a = Afterstate::of(s, d);
        path.push((a, pos.hint, pos.deck, score(a.board)));
        g.swipe(d).map_err(|e| bad(&e.to_string()))?;
    }
    if g.score() != game.score {
        return Err(format!(
            "game {}: the swipes score {}, not the {} sent",
            game.index,
            g.score(),
            game.score
        ));
    }
    for &(a, ..) in path.iter() {
        net.ensure_stage(a.board.max_tile().code());
    }
    update(
        net,
        path,
        game.score as f64,
        settings.alpha,
        settings.lambda,
    );
    Ok(())
}

/// A worker of a distributed training run: its copy of the network.
#[derive(Debug, Default)]
pub struct LearnWorker {
    copy: Option<(Network, LearnSettings)>,
    path: Vec<(Afterstate, Hint, Deck, f64)>,
}

impl LearnWorker {
    /// A worker waiting for its settings.
    #[must_use]
    pub fn new() -> LearnWorker {
        LearnWorker::default()
    }
}

impl Work for LearnWorker {
    type Setup = Setup;
    type Job = Task;
    type Result = Answer;

    fn setup(&mut self, setup: Setup) -> Result<(), String> {
        let loaded =
            file::from_bytes("the master's network", &setup.network).map_err(|e| e.to_string())?;
        self.copy = Some((loaded.network, setup.settings));
        Ok(())
    }

    fn run(&mut self, job: Task) -> Result<Answer, String> {
        let Some((net, settings)) = &self.copy else {
            return Err("a job before the settings".into());
        };
        let apply = match &job {
            Task::Round { apply, .. } | Task::Network { apply } => apply,
        };
        for g in apply {
            apply_game(net, settings, g, &mut self.path)?;
        }
        Ok(match job {
            Task::Round { first, end, .. } => {
                if end < first || end - first > 1 << 24 {
                    return Err(format!("games {first} to {end}: not a round"));
                }
                Answer::Played((first..end).map(|i| play_game(net, settings, i)).collect())
            }
            Task::Network { .. } => Answer::Network(
                file::to_bytes(net, Precision::F32, None, flate2::Compression::fast())
                    .map_err(|e| e.to_string())?,
            ),
        })
    }
}

/// Where this process stands in a `threes learn --distributed` run.
#[derive(Debug)]
pub enum Place {
    /// Alone: the run trains on this process's threads (the words say why).
    Alone(&'static str),
    /// A worker rank that served until the master's STOP: done.
    #[cfg(feature = "mpi")]
    Served,
    /// The master (rank 0) of several processes.
    #[cfg(feature = "mpi")]
    Master(ludomat_cluster::mpi::Cluster),
}

/// Start MPI when this build has it and mpirun started several processes: every rank but
/// 0 serves as a [`LearnWorker`] until STOP. Without the feature (or without mpirun) the
/// run stays here, on worker threads; without the feature under mpirun it is refused
/// (every process would train on its own).
///
/// # Errors
/// Started by an MPI launcher without the feature, MPI cannot start, or this worker
/// failed.
pub fn place() -> Result<Place, ClusterError> {
    use ludomat_cluster::Alone;
    Ok(match ludomat_cluster::place(LearnWorker::new)? {
        ludomat_cluster::Place::Alone(Alone::NoFeature) => Place::Alone(
            "--distributed: this ludomat was built without the cargo feature 'mpi'; \
             training on worker threads of this process (--threads)",
        ),
        ludomat_cluster::Place::Alone(Alone::NotLaunched) => Place::Alone(
            "--distributed: not started by mpirun or srun with several processes; \
             training on worker threads of this process (--threads)",
        ),
        ludomat_cluster::Place::Alone(Alone::OneProcess) => Place::Alone(
            "--distributed: MPI started one process only; training on worker threads \
             of this process (--threads)",
        ),
        #[cfg(feature = "mpi")]
        ludomat_cluster::Place::Served => Place::Served,
        #[cfg(feature = "mpi")]
        ludomat_cluster::Place::Master(cluster) => Place::Master(cluster),
    })
}

/// How a distributed run goes: games a job, threads of this process for the curve's
/// evaluation games, checkpoints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// Training games each worker plays in a round (`k`).
    pub per_job: u64,
    /// Threads of the master's process that play the evaluation games.
    pub eval_threads: usize,
    /// Games between two checkpoints (besides the points and the end).
    pub checkpoint_every: u64,
}

/// The master's state: which games each worker still has to apply.
struct Ranks<L: MasterLink> {
    master: ludomat_cluster::Master<L, Setup, Task, Answer>,
    /// Per rank (index = rank), the games it has not applied, in order.
    owed: Vec<Vec<Game>>,
}

impl<L: MasterLink> Ranks<L> {
    /// Wait until every worker is idle.
    fn all_idle(&mut self) -> Result<(), ClusterError> {
        while self.master.idle() < self.master.workers() {
            if let Some(d) = self.master.receive(Duration::from_secs(1))? {
                return Err(ClusterError::Master(format!(
                    "worker {} answered a job it was not given",
                    d.rank
                )));
            }
        }
        Ok(())
    }

    /// A worker's copy of the network, every game played so far applied.
    fn network(&mut self) -> Result<Network, LearnError> {
        self.all_idle()?;
        let rank: Rank = self
            .master
            .next_idle()
            .ok_or_else(|| ClusterError::Master("no worker".into()))?;
        let apply = std::mem::take(&mut self.owed[rank]);
        self.master.send(rank, &Task::Network { apply })?;
        loop {
            if let Some(d) = self.master.receive(ludomat_cluster::FOREVER)? {
                return match d.result {
                    Answer::Network(bytes) => {
                        Ok(file::from_bytes(&format!("worker {rank}'s network"), &bytes)?.network)
                    }
                    Answer::Played(_) => Err(ClusterError::Master(format!(
                        "worker {} sent games for a network",
                        d.rank
                    ))
                    .into()),
                };
            }
        }
    }
}

/// Train `learner` on the workers behind `link` until it has played `until` games in all
/// (see the [module documentation](self)): a point of the curve every `eval_every` games
/// (handed to `on_point` after the checkpoint that holds it went to `save`), a checkpoint
/// every `plan.checkpoint_every` games and at the end. A cancel ends the round in progress
/// (at most `per_job` games a worker) and saves.
///
/// # Errors
/// A worker's failure, a broken protocol, or what `save` or `on_point` return.
pub fn train<L: MasterLink>(
    link: L,
    learner: &mut Learner,
    until: u64,
    plan: Plan,
    ctx: &mut RunContext<'_, LearnProgress>,
    save: &mut dyn FnMut(&Learner) -> Result<(), LearnError>,
    on_point: &mut dyn FnMut(&CurvePoint) -> Result<(), LearnError>,
) -> Result<Ended, LearnError> {
    let settings = learner.state.settings.clone();
    crate::learn::check_settings(&settings)?;
    let mut ranks = Ranks {
        master: ludomat_cluster::Master::new(link),
        owed: Vec::new(),
    };
    let workers = ranks.master.workers();
    if workers == 0 {
        return Err(LearnError::Settings(
            "--distributed: no worker to play".into(),
        ));
    }
    ranks.owed = vec![Vec::new(); workers + 1];
    let start = file::to_bytes(
        &learner.network,
        Precision::F32,
        None,
        flate2::Compression::fast(),
    )
    .map_err(|e| LearnError::Output(format!("the starting network: {e}")))?;
    ranks.master.configure(&Setup {
        settings: settings.clone(),
        network: start,
    })?;
    let every = settings.eval_every.max(1);
    let checkpoint_every = plan.checkpoint_every.max(1);
    let per_job = plan.per_job.max(1);
    ctx.set_total(Some(until));
    let mut clock = crate::learn::Clock::start(&learner.state);
    let mut last_saved = learner.state.games;
    // whether the learner's network is behind the workers' copies
    let mut stale = false;
    let mut ended = Ended::Finished;
    loop {
        // a stop asked before a point's evaluation (seconds of games) stops at once
        if ctx.cancelled() {
            ended = Ended::Cancelled;
            break;
        }
        let state = &learner.state;
        let due_point = state.games.is_multiple_of(every)
            && state.curve.last().is_none_or(|p| p.games < state.games);
        if due_point {
            if stale {
                learner.network = Arc::new(ranks.network()?);
                stale = false;
            }
            let results = evaluate(
                &learner.network,
                &settings,
                settings.eval_games,
                plan.eval_threads.max(1),
            );
            let state = &mut learner.state;
            clock.update(state);
            let p = point(
                &results,
                state.games,
                state.since_point,
                state.cpu_seconds,
                state.wall_seconds,
            );
            state.curve.push(p.clone());
            state.since_point = (0.0, 0);
            save(learner)?;
            last_saved = learner.state.games;
            on_point(&p)?;
            ctx.report(learner.state.games, learner.state.progress());
        }
        let state = &mut learner.state;
        if state.games >= until {
            break;
        }
        if ctx.cancelled() {
            ended = Ended::Cancelled;
            break;
        }
        // the next round: up to the next point, checkpoint, end, or k games a worker
        let round_end = ((state.games / every + 1) * every)
            .min((state.games / checkpoint_every + 1) * checkpoint_every)
            .min(until)
            .min(
                state
                    .games
                    .saturating_add(per_job.saturating_mul(workers as u64)),
            );
        let first = state.games;
        let n = round_end - first;
        ranks.all_idle()?;
        let mut sent = 0;
        for w in 0..workers as u64 {
            let (a, b) = (
                first + n * w / workers as u64,
                first + n * (w + 1) / workers as u64,
            );
            if a == b {
                continue;
            }
            let rank = ranks
                .master
                .next_idle()
                .ok_or_else(|| ClusterError::Master("no idle worker".into()))?;
            let apply = std::mem::take(&mut ranks.owed[rank]);
            ranks.master.send(
                rank,
                &Task::Round {
                    apply,
                    first: a,
                    end: b,
                },
            )?;
            sent += 1;
        }
        let mut games: Vec<Game> = Vec::with_capacity(n as usize);
        let mut answered = 0;
        while answered < sent {
            let Some(d) = ranks.master.receive(Duration::from_millis(20))? else {
                let recent = state.progress();
                let done = first + games.len() as u64;
                // a cancel ends the round first (the workers cannot be stopped mid-job)
                let _ = ctx.tick(done, || LearnProgress {
                    games: done,
                    ..recent
                });
                continue;
            };
            match d.result {
                Answer::Played(g) => games.extend(g),
                Answer::Network(_) => {
                    return Err(ClusterError::Master(format!(
                        "worker {} sent a network for games",
                        d.rank
                    ))
                    .into())
                }
            }
            answered += 1;
        }
        games.sort_by_key(|g| g.index);
        if games.len() as u64 != n || games.iter().zip(first..).any(|(g, i)| g.index != i) {
            return Err(ClusterError::Master(format!(
                "the round of games {first} to {round_end} came back as {} games",
                games.len()
            ))
            .into());
        }
        state.games = round_end;
        state.since_point.0 += games.iter().map(|g| g.score as f64).sum::<f64>();
        state.since_point.1 += n;
        for owed in ranks.owed.iter_mut().skip(1) {
            owed.extend(games.iter().cloned());
        }
        stale = true;
        clock.update(state);
        if state.games.is_multiple_of(checkpoint_every) && state.games > last_saved {
            learner.network = Arc::new(ranks.network()?);
            stale = false;
            save(learner)?;
            last_saved = learner.state.games;
        }
    }
    if stale {
        learner.network = Arc::new(ranks.network()?);
    }
    clock.update(&mut learner.state);
    // stopped, the clocks are saved too; a new network stopped before its first point
    // (no checkpoint yet, no game trained) saves nothing
    let stopped = ended == Ended::Cancelled && !learner.state.curve.is_empty();
    if learner.state.games > last_saved || stopped {
        save(learner)?;
    }
    ctx.finish(learner.state.games, learner.state.progress());
    ranks.master.stop();
    Ok(ended)
}

/// Train on `workers` threads of this process (the local transport of
/// `ludomat_cluster`): the same rounds as an MPI run with `workers` worker ranks.
///
/// # Errors
/// As [`train`].
pub fn train_on_threads(
    workers: usize,
    learner: &mut Learner,
    until: u64,
    plan: Plan,
    ctx: &mut RunContext<'_, LearnProgress>,
    save: &mut dyn FnMut(&Learner) -> Result<(), LearnError>,
    on_point: &mut dyn FnMut(&CurvePoint) -> Result<(), LearnError>,
) -> Result<Ended, LearnError> {
    let works = (0..workers.clamp(1, 256))
        .map(|_| LearnWorker::new())
        .collect();
    let (out, ended) = ludomat_cluster::local::run(works, |link| {
        train(link, learner, until, plan, ctx, save, on_point)
    });
    let ended_run = out?;
    for e in ended {
        e?;
    }
    Ok(ended_run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::{self, TrainerState};
    use crate::ntuple::Spec;
    use ludomat_game::run::Cancel;

    fn settings() -> LearnSettings {
        LearnSettings {
            seed: 5,
            alpha: 0.1,
            lambda: 0.25,
            eval_every: 20,
            eval_games: 4,
            ..LearnSettings::default()
        }
    }

    fn small() -> Learner {
        Learner::fresh(Spec::preset("4x5", vec![6], true).unwrap(), settings()).unwrap()
    }

    fn plan(per_job: u64) -> Plan {
        Plan {
            per_job,
            eval_threads: 1,
            checkpoint_every: 10,
        }
    }

    fn run_to(learner: &mut Learner, workers: usize, per_job: u64, until: u64) -> Ended {
        let mut ctx = RunContext::new("games", None);
        train_on_threads(
            workers,
            learner,
            until,
            plan(per_job),
            &mut ctx,
            &mut |_| Ok(()),
            &mut |_| Ok(()),
        )
        .unwrap()
    }

    fn timeless(s: &TrainerState) -> TrainerState {
        s.timeless()
    }

    /// One worker playing one game a round learns exactly as the one-thread run: the same
    /// games, the same updates in the same order (stage promotions included).
    #[test]
    fn one_worker_one_game_a_round_is_the_one_thread_run() {
        let mut plain = small();
        let mut ctx = RunContext::new("games", None);
        learn::train(
            &mut plain,
            60,
            1,
            10,
            &mut ctx,
            &mut |_| Ok(()),
            &mut |_| Ok(()),
        )
        .unwrap();
        let mut dist = small();
        assert_eq!(run_to(&mut dist, 1, 1, 60), Ended::Finished);
        assert_eq!(*dist.network, *plain.network);
        assert_eq!(timeless(&dist.state), timeless(&plain.state));
    }

    /// With several workers the run depends on the workers and the round only: run twice,
    /// and stopped at a point and resumed, it is the same network.
    #[test]
    fn a_distributed_run_is_reproducible_and_resumes() {
        let mut a = small();
        run_to(&mut a, 3, 4, 60);
        let mut b = small();
        run_to(&mut b, 3, 4, 60);
        assert_eq!(*a.network, *b.network);
        assert_eq!(a.state.games, 60);
        assert_eq!(
            a.state.curve.iter().map(|p| p.games).collect::<Vec<_>>(),
            vec![0, 20, 40, 60]
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.ntuple");
        let mut part = small();
        run_to(&mut part, 3, 4, 40);
        part.save(&path).unwrap();
        let mut resumed = Learner::load(&path).unwrap();
        run_to(&mut resumed, 3, 4, 60);
        assert_eq!(*resumed.network, *a.network);
        assert_eq!(timeless(&resumed.state), timeless(&a.state));
        // and it learnt: not the network it started from
        assert_ne!(*a.network, *small().network);
    }

    /// A cancel ends the round in progress and leaves a whole number of games; asked
    /// before the first point, it stops at once and saves nothing (it evaluated and
    /// saved a network no game had trained).
    #[test]
    fn a_cancel_ends_the_round_and_saves_nothing_before_the_first_point() {
        let cancel = Cancel::new();
        cancel.cancel();
        let mut l = small();
        let mut saved = 0;
        let mut ctx = RunContext::new("games", None).with_cancel(cancel);
        let ended = train_on_threads(
            2,
            &mut l,
            60,
            plan(4),
            &mut ctx,
            &mut |_| {
                saved += 1;
                Ok(())
            },
            &mut |_| Ok(()),
        )
        .unwrap();
        assert_eq!(ended, Ended::Cancelled);
        assert_eq!(l.state.games, 0);
        assert_eq!(saved, 0);
        assert!(l.state.curve.is_empty());
    }

    /// A game whose swipes are not the deal's is refused before the network changes.
    #[test]
    fn a_wrong_game_is_refused() {
        let l = small();
        let st = settings();
        let good = play_game(&l.network, &st, 3);
        assert!(!good.swipes.is_empty());
        let mut path = Vec::new();
        let net = Network::new(l.network.spec().clone()).unwrap();
        let mut bad = good.clone();
        bad.swipes.push(9);
        let e = apply_game(&net, &st, &bad, &mut path).unwrap_err();
        assert!(e.contains("not a direction"), "{e}");
        let mut bad = good.clone();
        bad.score += 3;
        let e = apply_game(&net, &st, &bad, &mut path).unwrap_err();
        assert!(e.contains("not the"), "{e}");
        assert_eq!(net, Network::new(l.network.spec().clone()).unwrap());
        apply_game(&net, &st, &good, &mut path).unwrap();
        assert_ne!(net, Network::new(l.network.spec().clone()).unwrap());
    }
}
