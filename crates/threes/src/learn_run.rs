//! `threes learn` as a command: its options and the long run that drives the trainer of
//! [`crate::learn`] on one machine or, with `--distributed`, on the workers of
//! [`crate::learn_distributed`] (kept apart from both so each import goes one way).

#![allow(unused_imports)]
use crate::card::Hint;
use crate::ntuple::file::{self, NetworkFileError, Precision};
use crate::ntuple::{score, Afterstate, Network, Spec, SpecError};
use crate::{Deck, HintModel, Threes};
use ludomat_game::run::{Ended, RunContext};
use ludomat_game::seed;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::learn::*;

/// What a `threes learn` run did ([`LearnOptions::run`]).
#[derive(Debug)]
pub struct Learned {
    /// The learner at the run's end (saved).
    pub learner: Learner,
    /// How the run ended.
    pub ended: Ended,
    /// Where the run began (`None` for `--export`, which trains nothing).
    pub start: Option<Start>,
}

/// The learner's totals when a run began: zero for a fresh one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Start {
    /// Games trained before.
    pub games: u64,
    /// Wall-clock seconds of the runs before.
    pub wall_seconds: f64,
    /// CPU seconds of the runs before.
    pub cpu_seconds: f64,
}

impl Learned {
    /// Whether the run left a checkpoint and a network (a new run stopped before its
    /// first point left none).
    #[must_use]
    pub fn saved(&self) -> bool {
        !self.learner.state.curve.is_empty()
    }

    /// What a stopped run keeps, for its stop line.
    #[must_use]
    pub fn kept(&self) -> &'static str {
        if self.saved() {
            "the network is saved with them: go on with --resume"
        } else {
            "no game was trained, and nothing is saved"
        }
    }

    /// The run's last line (a timing, for standard error): the games this run trained
    /// and its time — with the total when it resumed a training (`15,863 games trained
    /// in this run (45,863 in all) in …`) — or, for `--export`, that it trained nothing.
    #[must_use]
    pub fn trained_line(&self) -> String {
        let s = &self.learner.state;
        let secs = |x: f64| Duration::from_secs_f64(if x.is_finite() { x.max(0.0) } else { 0.0 });
        let Some(start) = self.start else {
            return format!(
                "nothing trained: the network of game {} exported",
                crate::text::thousands(s.games)
            );
        };
        let games = s.games.saturating_sub(start.games);
        let time = ludomat_io::text::wall_and_cpu(
            secs(s.wall_seconds - start.wall_seconds),
            secs(s.cpu_seconds - start.cpu_seconds),
        );
        let trained = ludomat_io::text::count(games, "game", "games");
        if games == 0 {
            // nothing was done: no time to say (a few microseconds, clocked two ways, may
            // show more CPU than wall)
            return format!(
                "no game trained ({} in all)",
                crate::text::thousands(s.games)
            );
        }
        if start.games == 0 {
            format!("{trained} trained in {time}")
        } else {
            format!(
                "{trained} trained in this run ({} in all) in {time}",
                crate::text::thousands(s.games)
            )
        }
    }
}

/// A failed save of the checkpoint in words: the error, the games it loses and what the
/// file still holds: `cannot save the checkpoint: run/checkpoint.ntuple: the file is too
/// large …; the 50 games trained in this run are not saved; run/checkpoint.ntuple is
/// unchanged: it holds game 100`. `saved_at`: this run's last save, `before`: the
/// checkpoint's games when the run resumed it.
fn unsaved(
    e: &NetworkFileError,
    l: &Learner,
    saved_at: Option<u64>,
    before: Option<u64>,
    checkpoint: &std::path::Path,
) -> String {
    let from = saved_at.or(before).unwrap_or(0);
    let lost = ludomat_io::text::not_saved(
        l.state.games.saturating_sub(from),
        saved_at.is_some(),
        "network",
    );
    let kept = match (saved_at, before) {
        // no save went through, so no point was logged (each is logged after its save):
        // the curve has only the line that says where this run began
        (None, Some(g)) => format!(
            "; {} is unchanged: it holds game {}, and {} has only a line more, noting \
             that this run began there ('# resumed at game {g}')",
            ludomat_io::text::path(checkpoint),
            crate::text::thousands(g),
            ludomat_io::text::path(checkpoint.with_file_name("curve.csv"))
        ),
        _ => String::new(),
    };
    format!("cannot save the checkpoint: {e}; {lost}{kept}")
}

/// The options of `threes learn` (with the cargo feature `clap` the binary's flags).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct LearnOptions {
    /// Train until this many games have been played in all (1 to 1,000,000,000,000; with
    /// --resume: counting the games before).
    #[cfg_attr(
        feature = "clap",
        arg(long, default_value_t = 100_000, value_name = "N")
    )]
    pub games: u64,
    /// The run's folder: checkpoint.ntuple (exact weights and the trainer's state),
    /// curve.csv (one line per point, appended), curve.svg, network.ntuple (the network
    /// quantised to 16 bits, for --network).
    #[cfg_attr(feature = "clap", arg(long, value_name = "DIR"))]
    pub dir: PathBuf,
    /// Go on from the folder's checkpoint.
    #[cfg_attr(feature = "clap", arg(long))]
    pub resume: bool,
    /// Train nothing: write network.ntuple and curve.svg from the folder's checkpoint (a
    /// run may be going on in it).
    #[cfg_attr(feature = "clap", arg(long, conflicts_with = "resume"))]
    pub export: bool,
    /// No progress bar.
    #[cfg_attr(feature = "clap", arg(long))]
    pub quiet: bool,
    /// Master seed of the training deals (default 1).
    #[cfg_attr(feature = "clap", arg(long, value_parser = ludomat_game::count::count::<u64>(0, u64::MAX)))]
    pub seed: Option<u64>,
    /// Threads playing and updating at once (1 to 256; only one thread is exactly
    /// reproducible).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1, value_name = "N"))]
    pub threads: u16,
    /// The tuples (default 6x4): 6x4 (four 6-cell tuples, 256 MiB of weights per stage),
    /// 5x6 (six 5-cell ones, 24 MiB), 4x5 (five 4-cell ones, 1.3 MiB).
    #[cfg_attr(feature = "clap", arg(long))]
    pub tuples: Option<String>,
    /// Separate weights from these highest cards on (e.g. 1536,3072; default one stage; each
    /// 0 to 4,294,967,295).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_delimiter = ',', value_name = "CARDS", value_parser = ludomat_game::count::count::<u32>(0, u32::MAX as u64))
    )]
    pub stages: Vec<u32>,
    /// Leave out the hint-and-deck input.
    #[cfg_attr(feature = "clap", arg(long))]
    pub no_hint: bool,
    /// Add two 4-cell lines (an edge row and an inner row, in their eight images) whose
    /// weights also depend on the hint: what the coming card meets.
    #[cfg_attr(feature = "clap", arg(long))]
    pub hint_lines: bool,
    /// Every tuple also reads the hint (four times the weights; 5x6 and 4x5 only).
    #[cfg_attr(feature = "clap", arg(long))]
    pub hint_all: bool,
    /// Add the entry columns: the edge where the new card comes in and the column beside
    /// it, read with the lines that moved and the hint (2 × 2²² weights per stage).
    #[cfg_attr(feature = "clap", arg(long))]
    pub entry: bool,
    /// Step size: the share of each error an update removes (above 0 to 1; default 0.1).
    #[cfg_attr(feature = "clap", arg(long, value_parser = ludomat_game::count::decimal_above(0.0, 1.0)))]
    pub alpha: Option<f64>,
    /// λ of the λ-return, 0 to 1 (default 0: TD(0)).
    #[cfg_attr(feature = "clap", arg(long, value_parser = ludomat_game::count::decimal(0.0, 1.0)))]
    pub lambda: Option<f64>,
    /// Training games between two points of the curve (1 to 1,000,000,000; default
    /// 20,000).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N"))]
    pub eval_every: Option<u64>,
    /// Evaluation games per point (1 to 1,000,000; default 200).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N"))]
    pub eval_games: Option<u32>,
    /// Save the checkpoint every this many games (1 to 1,000,000,000; default: at every
    /// point).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N"))]
    pub checkpoint_every: Option<u64>,
    /// Train on a cluster: under `mpirun -n N` (a build with the cargo feature `mpi`) the
    /// N − 1 worker ranks play in rounds and every rank learns every game on its own copy
    /// of the network (the copies stay the same); without mpirun, on --threads worker
    /// threads of this process. Reproducible for a given number of workers and --per-job.
    #[cfg_attr(feature = "clap", arg(long))]
    pub distributed: bool,
    /// With --distributed: training games each worker plays in a round (1 to 1,000,000;
    /// default 100).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "N", requires = "distributed")
    )]
    pub per_job: Option<u64>,
}

/// Where a `threes learn` run trains.
#[derive(Debug, Clone, Copy)]
pub enum On<'c> {
    /// On this process (its threads).
    Here,
    /// As the master of an MPI run's workers (`--distributed` under mpirun).
    #[cfg(feature = "mpi")]
    Cluster(&'c ludomat_cluster::mpi::Cluster),
    #[doc(hidden)]
    #[cfg(not(feature = "mpi"))]
    Never(std::marker::PhantomData<&'c ()>),
}

impl LearnOptions {
    /// The spec these options ask for.
    ///
    /// # Errors
    /// An unknown tuple set or stages that are no cards.
    pub fn spec(&self) -> Result<Spec, LearnError> {
        let stages = self
            .stages
            .iter()
            .map(|&v| {
                crate::Tile::from_value(u64::from(v))
                    .map(crate::Tile::code)
                    .map_err(|e| LearnError::Settings(format!("--stages: {e}")))
            })
            .collect::<Result<Vec<u8>, _>>()?;
        let mut spec = Spec::preset(
            self.tuples.as_deref().unwrap_or(DEFAULT_TUPLES),
            stages,
            !self.no_hint,
        )
        .map_err(|e| match e {
            // a name no preset has: a usage error naming the flag and what it takes
            crate::ntuple::SpecError::Preset(name) => LearnError::OutOfRange(format!(
                "--tuples {} is no tuple set: it takes {}",
                ludomat_io::text::quoted(&name, 60),
                crate::ntuple::PRESETS
                    .iter()
                    .map(|p| p.0)
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            e => LearnError::Settings(format!("--tuples/--stages: {e}")),
        })?;
        if self.hint_all {
            if spec
                .tuples
                .iter()
                .any(|t| t.len() > crate::ntuple::MAX_HINT_TUPLE_CELLS)
            {
                return Err(LearnError::Settings(format!(
                    "--hint-all: tuples of at most {} cells (5x6, 4x5)",
                    crate::ntuple::MAX_HINT_TUPLE_CELLS
                )));
            }
            spec.hint_tuples = std::mem::take(&mut spec.tuples);
        }
        if self.hint_lines {
            spec.hint_tuples
                .extend(HINT_LINES.iter().map(|t| t.to_vec()));
        }
        spec.check()
            .map_err(|e| LearnError::Settings(format!("--tuples: {e}")))?;
        spec.entry = self.entry;
        Ok(spec)
    }

    /// The checkpoint's path.
    #[must_use]
    pub fn checkpoint_path(&self) -> PathBuf {
        self.dir.join("checkpoint.ntuple")
    }

    /// The curve's CSV.
    #[must_use]
    pub fn curve_path(&self) -> PathBuf {
        self.dir.join("curve.csv")
    }

    /// The curve's chart.
    #[must_use]
    pub fn chart_path(&self) -> PathBuf {
        self.dir.join("curve.svg")
    }

    /// The shipped form of the network.
    #[must_use]
    pub fn network_path(&self) -> PathBuf {
        self.dir.join("network.ntuple")
    }

    /// Where the run's files are, a line each, for the end of a run that `saved` them
    /// (nothing when it did not: a new run stopped before its first point).
    #[must_use]
    pub fn places(&self, saved: bool) -> String {
        if !saved {
            return String::new();
        }
        let shown = |p: PathBuf| ludomat_io::text::path(p).to_string();
        format!(
            "checkpoint: {}\nnetwork:    {} (for --network)\ncurve:      {}, {}\n",
            shown(self.checkpoint_path()),
            shown(self.network_path()),
            shown(self.curve_path()),
            shown(self.chart_path())
        )
    }

    /// The learner to start from: the folder's checkpoint (with the options given
    /// overriding its settings), or a fresh network.
    ///
    /// # Errors
    /// A fresh run in a folder that has a checkpoint, a resumed run without one, a
    /// damaged checkpoint, a network that differs from the checkpoint's.
    pub fn learner(&self) -> Result<Learner, LearnError> {
        let path = self.checkpoint_path();
        if !self.resume {
            if path.exists() {
                return Err(LearnError::Settings(format!(
                    "{} has a checkpoint: go on with --resume, or choose another --dir",
                    ludomat_io::text::path(&self.dir)
                )));
            }
            let d = LearnSettings::default();
            let settings = LearnSettings {
                seed: self.seed.unwrap_or(d.seed),
                alpha: self.alpha.unwrap_or(d.alpha),
                lambda: self.lambda.unwrap_or(d.lambda),
                eval_every: self.eval_every.unwrap_or(d.eval_every),
                eval_games: self.eval_games.unwrap_or(d.eval_games),
                ..d
            };
            // every setting checked before anything is made in --dir
            crate::learn::check_settings(&settings)?;
            return Learner::fresh(self.spec()?, settings)
                .map_err(|e| LearnError::Settings(e.to_string()));
        }
        if std::fs::symlink_metadata(&path).is_err() {
            return Err(LearnError::Settings(format!(
                "--resume: {} has no checkpoint (a run stopped before its first save leaves \
                 none): start without --resume",
                ludomat_io::text::path(&self.dir)
            )));
        }
        let mut learner = Learner::load(&path)?;
        let spec = self.spec()?;
        let s = &mut learner.state.settings;
        if let Some(seed) = self.seed {
            if seed != s.seed {
                return Err(LearnError::Settings(format!(
                    "--seed {seed}: the checkpoint trains on seed {}",
                    s.seed
                )));
            }
        }
        if *learner.network.spec() != spec && self.tuples_given() {
            return Err(LearnError::OutOfRange(format!(
                "--tuples/--stages ask for {spec}, but {} holds a network of {}: leave \
                 those flags out to go on with it, or start afresh in another --dir",
                ludomat_io::text::path(&path),
                learner.network.spec()
            )));
        }
        if self.games <= learner.state.games {
            return Err(LearnError::OutOfRange(format!(
                "--games {}: the checkpoint {} already has {}; nothing to learn: give \
                 --games above {} (the games in all)",
                crate::text::thousands(self.games),
                ludomat_io::text::path(&path),
                ludomat_io::text::count(learner.state.games, "game", "games"),
                crate::text::thousands(learner.state.games)
            )));
        }
        s.alpha = self.alpha.unwrap_or(s.alpha);
        s.lambda = self.lambda.unwrap_or(s.lambda);
        s.eval_every = self.eval_every.unwrap_or(s.eval_every);
        s.eval_games = self.eval_games.unwrap_or(s.eval_games);
        crate::learn::check_settings(s)?;
        Ok(learner)
    }

    /// `--dir` is a folder, or nothing yet (made by the run); a file, a FIFO or a device
    /// there is refused as a usage error naming `--dir` and what it takes.
    ///
    /// # Errors
    /// [`LearnError::OutOfRange`].
    pub fn check_dir(&self) -> Result<(), LearnError> {
        match std::fs::metadata(&self.dir) {
            Ok(m) if !m.is_dir() => Err(LearnError::OutOfRange(format!(
                "--dir {} is {}, not a folder: --dir takes the run's folder (made if missing)",
                ludomat_io::text::path(&self.dir),
                ludomat_io::read::kind_of(&m.file_type())
            ))),
            _ => Ok(()),
        }
    }

    /// Whether the network was stated (or left to the defaults).
    fn tuples_given(&self) -> bool {
        self.tuples.is_some()
            || !self.stages.is_empty()
            || self.no_hint
            || self.hint_lines
            || self.entry
    }

    /// The whole run in `--dir`: start or resume, train to `--games` (see [`train`]),
    /// append each point to curve.csv and redraw curve.svg, save the checkpoint at every
    /// point and at the end, and the network quantised to 16 bits (network.ntuple). Each
    /// point's line goes to `say`.
    ///
    /// # Errors
    /// Options that make no run, a checkpoint that cannot be read or written.
    pub fn run(
        &self,
        ctx: &mut RunContext<'_, LearnProgress>,
        caption: &str,
        say: &mut dyn FnMut(String),
    ) -> Result<Learned, LearnError> {
        self.run_on(ctx, caption, say, On::Here)
    }

    /// [`LearnOptions::run`] on `on` (this process, or an MPI run's workers when
    /// `--distributed`).
    ///
    /// # Errors
    /// As [`LearnOptions::run`].
    pub fn run_on(
        &self,
        ctx: &mut RunContext<'_, LearnProgress>,
        caption: &str,
        say: &mut dyn FnMut(String),
        on: On<'_>,
    ) -> Result<Learned, LearnError> {
        // a file, a FIFO or a device where the folder should be: the flag named, before
        // anything is read or made
        self.check_dir()?;
        if self.export {
            let learner = Learner::load(&self.checkpoint_path())?;
            self.write_results(&learner, caption)?;
            say(format!(
                "exported at game {}",
                crate::text::thousands(learner.state.games)
            ));
            return Ok(Learned {
                learner,
                ended: Ended::Finished,
                start: None,
            });
        }
        let mut learner = self.learner()?;
        let start = {
            let s = &learner.state;
            Start {
                games: s.games,
                wall_seconds: s.wall_seconds,
                cpu_seconds: s.cpu_seconds,
            }
        };
        let existed = self.dir.exists();
        file::make_dir(&self.dir)?;
        let curve = self.curve_path();
        let settings = serde_json::to_string(&learner.state.settings)
            .map_err(|e| LearnError::Settings(e.to_string()))?;
        let spec = learner.network.spec().clone();
        let st = &learner.state.settings;
        let log_spec = ludomat_io::log::Spec {
            what: "threes learn".into(),
            format: ludomat_io::log::Format::Csv(CURVE_HEADER.into()),
            settings: ludomat_io::log::Settings::new()
                .with("network", &spec)
                .with("--seed", st.seed)
                .with("evaluation seed", st.eval_seed)
                .with("--eval-games", st.eval_games)
                .with("--hint-model", st.hint_model),
        };
        if !self.resume {
            // no checkpoint here (`learner` refuses a new run beside one): a curve is an
            // earlier run's that stopped before its first save, and nothing goes on from it
            if let Some(kept) = file::set_aside_orphan_curve(&curve)? {
                say(format!(
                    "{} is an earlier run's, stopped before it saved a checkpoint: it is \
                     kept as {}, and this run starts afresh",
                    ludomat_io::text::path(&curve),
                    ludomat_io::text::path(&kept)
                ));
            }
        }
        let opened = file::open_curve(&curve, &log_spec, self.resume)?;
        let mut log = opened.log;
        let line = |log: &mut ludomat_io::log::Log, text: &str| {
            log.append(text).map_err(|source| {
                LearnError::from(NetworkFileError::Io {
                    path: ludomat_io::text::path(&curve).to_string(),
                    source,
                })
            })
        };
        if self.resume {
            // the points the checkpoint has and the CSV lacks (a stop between the two)
            let last = opened
                .existing
                .lines()
                .filter_map(|l| l.split(',').next()?.parse::<u64>().ok())
                .max();
            let mut add = String::new();
            for p in &learner.state.curve {
                if last.is_none_or(|l| p.games > l) {
                    add.push_str(&p.csv());
                }
            }
            add.push_str(&format!(
                "# resumed at game {}: {spec}; {settings}",
                learner.state.games
            ));
            line(&mut log, &add)?;
            say(format!(
                "resumed at game {} ({spec})",
                crate::text::thousands(learner.state.games)
            ));
        } else {
            line(&mut log, &format!("# started: {spec}; {settings}"))?;
            say(format!("a new network: {spec}"));
        }
        let st = &learner.state.settings;
        say(format!(
            "training deals: seed {}; evaluation deals: seed {}; α {}, λ {}",
            st.seed, st.eval_seed, st.alpha, st.lambda
        ));
        // what each point's figures are, once (the points are short)
        say(format!(
            "each point: the greedy player's mean score on {} ± its 95 % interval, the \
             share reaching the cards 3,072 and 6,144, the CPU time trained so far; the \
             bar's 'recent': the mean score of the latest training games",
            ludomat_io::text::count(
                u64::from(st.eval_games),
                "evaluation deal",
                "evaluation deals"
            )
        ));
        let checkpoint = self.checkpoint_path();
        // a failed save says what it loses, and what the checkpoint on disk still holds
        // (the save is atomic: a failed one leaves the file as it was)
        let saved_at = std::cell::Cell::new(None::<u64>);
        let before = self.resume.then_some(start.games);
        let say = std::cell::RefCell::new(say);
        let cancel = ctx.cancel().clone();
        let mut saving_said = false;
        let mut save = |l: &Learner| -> Result<(), LearnError> {
            if cancel.is_cancelled() && !saving_said {
                // seconds of writing after the Ctrl-C: said, so a second press (which
                // ends the process at once) is not the only answer to a silence
                saving_said = true;
                (say.borrow_mut())(format!(
                    "saving the checkpoint and the network of {}…",
                    ludomat_io::text::count(l.state.games, "game", "games")
                ));
            }
            l.save(&checkpoint).map_err(|e| {
                LearnError::Output(unsaved(&e, l, saved_at.get(), before, &checkpoint))
            })?;
            saved_at.set(Some(l.state.games));
            Ok(())
        };
        let mut on_point = |p: &CurvePoint| -> Result<(), LearnError> {
            line(&mut log, &p.csv())?;
            (say.borrow_mut())(p.line());
            Ok(())
        };
        let threads = usize::from(self.threads.max(1));
        let every = self.checkpoint_every.unwrap_or(u64::MAX);
        let ended = if self.distributed {
            let plan = crate::learn_distributed::Plan {
                per_job: self.per_job.unwrap_or(100),
                eval_threads: threads,
                checkpoint_every: every,
            };
            match on {
                On::Here => crate::learn_distributed::train_on_threads(
                    threads,
                    &mut learner,
                    self.games,
                    plan,
                    ctx,
                    &mut save,
                    &mut on_point,
                )?,
                #[cfg(feature = "mpi")]
                On::Cluster(cluster) => crate::learn_distributed::train(
                    cluster.master_link(),
                    &mut learner,
                    self.games,
                    plan,
                    ctx,
                    &mut save,
                    &mut on_point,
                )?,
                #[cfg(not(feature = "mpi"))]
                On::Never(_) => return Err(LearnError::Settings("no cluster".into())),
            }
        } else {
            train(
                &mut learner,
                self.games,
                threads,
                every,
                ctx,
                &mut save,
                &mut on_point,
            )?
        };
        if learner.state.curve.is_empty() {
            // a new run stopped before its first point saved nothing: its curve (the
            // line that it started) and the folder it made are not left behind
            drop(log);
            let _ = std::fs::remove_file(&curve);
            if !existed {
                let _ = std::fs::remove_dir(&self.dir);
            }
        } else {
            self.write_results(&learner, caption)?;
        }
        Ok(Learned {
            learner,
            ended,
            start: Some(start),
        })
    }

    /// [`LearnOptions::run`], placed first when `--distributed`: under mpirun every rank
    /// but the master serves until the run ends (`None`), the master trains on the
    /// workers; without mpirun (or without the feature `mpi`) the run says why and trains
    /// on this process's worker threads.
    ///
    /// # Errors
    /// As [`LearnOptions::run`]; MPI that cannot start, a worker that failed, mpirun
    /// with a build without the feature `mpi`.
    pub fn run_placed(
        &self,
        ctx: &mut RunContext<'_, LearnProgress>,
        caption: &str,
        say: &mut dyn FnMut(String),
    ) -> Result<Option<Learned>, LearnError> {
        if !self.distributed || self.export {
            return self.run_on(ctx, caption, say, On::Here).map(Some);
        }
        match crate::learn_distributed::place()? {
            crate::learn_distributed::Place::Alone(why) => {
                say(why.into());
                self.run_on(ctx, caption, say, On::Here).map(Some)
            }
            #[cfg(feature = "mpi")]
            crate::learn_distributed::Place::Served => Ok(None),
            #[cfg(feature = "mpi")]
            crate::learn_distributed::Place::Master(cluster) => {
                say(format!(
                    "training on {} MPI worker ranks (master on {})",
                    cluster.size() - 1,
                    cluster.processor_name()
                ));
                self.run_on(ctx, caption, say, On::Cluster(&cluster))
                    .map(Some)
            }
        }
    }

    /// The chart and the network (16 bits) of `learner`, in the run's folder.
    fn write_results(&self, learner: &Learner, caption: &str) -> Result<(), LearnError> {
        let chart = self.chart_path();
        curve_chart(&learner.state.curve, &chart, caption)
            .map_err(|e| LearnError::Output(format!("{}: {e}", ludomat_io::text::path(&chart))))?;
        file::save(&learner.network, &self.network_path(), Precision::I16, None)?;
        Ok(())
    }
}

impl LearnOptions {
    /// What the command line asks that no run can do, found before anything is read or
    /// made, as usage errors naming `--dir` ([`LearnError::OutOfRange`]): a `--dir` whose
    /// path runs through a file (`afile/sub`), and a fresh run in a folder that has a
    /// checkpoint (it would be replaced).
    ///
    /// # Errors
    /// [`LearnError::OutOfRange`], in words.
    pub fn refuse_before_work(&self) -> Result<(), LearnError> {
        let dir = ludomat_io::text::path(&self.dir);
        if std::fs::metadata(&self.dir).is_err() {
            if let Err(why) = ludomat_io::output::check_folder(&self.dir) {
                return Err(LearnError::OutOfRange(format!(
                    "--dir {dir}: {why}: --dir takes the run's folder (made if missing)"
                )));
            }
        }
        if !self.resume && !self.export && self.checkpoint_path().exists() {
            return Err(LearnError::OutOfRange(format!(
                "--dir {dir} has a checkpoint: go on with --resume, or choose another --dir"
            )));
        }
        self.refuse_own_streams()
    }

    /// Every file in `--dir` that this process's standard output or error goes to (`>>
    /// DIR/network.ntuple`, `2>> DIR/curve.svg`, the curve's lock …), refused before the
    /// work: the run reads or writes every file there, and what it prints would go into
    /// one of them (a network then damaged, a chart not drawn after hours of training).
    /// A file the run reads (the checkpoint, the curve it goes on) is said in the reader's
    /// words.
    ///
    /// # Errors
    /// [`LearnError::OutOfRange`], naming the file once.
    fn refuse_own_streams(&self) -> Result<(), LearnError> {
        if !self.dir.is_dir() {
            return Ok(());
        }
        let read = [
            (self.resume || self.export).then(|| self.checkpoint_path()),
            self.resume.then(|| self.curve_path()),
        ];
        let files = ludomat_io::read::entries(&self.dir).unwrap_or_default();
        let known = [
            self.checkpoint_path(),
            self.network_path(),
            self.curve_path(),
            self.chart_path(),
        ];
        for path in known.into_iter().chain(files) {
            let Some(stream) = ludomat_io::read::own_stream(&path) else {
                continue;
            };
            if read.contains(&Some(path.clone())) {
                if let Err(e) = ludomat_io::read::check_readable(&path) {
                    return Err(LearnError::OutOfRange(e.to_string()));
                }
            }
            // `> DIR/network.ntuple` emptied it already: said, as for a file read
            if std::fs::metadata(&path).is_ok_and(|m| m.len() == 0) {
                return Err(LearnError::OutOfRange(format!(
                    "{} is also where this command's {stream} goes (a shell redirection): \
                     {}; give another file",
                    ludomat_io::text::path(&path),
                    ludomat_io::read::EMPTIED
                )));
            }
            return Err(LearnError::OutOfRange(format!(
                "{} {}",
                ludomat_io::text::path(&path),
                ludomat_io::read::own_stream_words(stream)
            )));
        }
        self.refuse_links_between()
    }

    /// A file of `--dir` that is a symbolic link to another the run writes (`curve.svg`
    /// to `network.ntuple`): the one would be written over the other, and the chart said
    /// written where the network is. Refused before the work.
    ///
    /// # Errors
    /// [`LearnError::OutOfRange`], naming both.
    fn refuse_links_between(&self) -> Result<(), LearnError> {
        let known = [
            self.checkpoint_path(),
            self.network_path(),
            self.curve_path(),
            self.chart_path(),
        ];
        for link in &known {
            if !std::fs::symlink_metadata(link).is_ok_and(|m| m.file_type().is_symlink()) {
                continue;
            }
            let same =
                |other: &&PathBuf| other != &link && ludomat_io::output::same_file(link, other);
            if let Some(other) = known.iter().find(same) {
                return Err(LearnError::OutOfRange(format!(
                    "{} is a symbolic link to {}, which this run also writes: the one would \
                     be written over the other; remove the link, or choose another --dir",
                    ludomat_io::text::path(link),
                    ludomat_io::text::path(other)
                )));
            }
        }
        Ok(())
    }
}
