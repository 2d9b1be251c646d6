//! `threes tune` with either optimiser — coordinate search ([`crate::tune`]) or CMA-ES
//! ([`crate::tune_cmaes`]) — as one run: its options ([`TuneOptions`], with the cargo
//! feature `clap` the binary's flags), a saved state read back ([`Resume`]), the state
//! saved atomically to `--checkpoint` after every weight or generation, and the words
//! the terminal prints (the header, one line per candidate, the summary).

use std::path::{Path, PathBuf};

use ludomat_game::run::{Checkpoint, CheckpointError, Ended, RunContext};

use crate::tune::{tune_run, TuneConfig, TuneState, TUNED};
use crate::tune_cmaes::{tune_cmaes_run, CmaesConfig, CmaesError, CmaesState};
use crate::Weights;

/// The optimiser of `threes tune`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum TuneMethod {
    /// Coordinate search.
    Coordinate,
    /// CMA-ES (covariance matrix adaptation).
    Cmaes,
}

/// The options of `threes tune` (with the cargo feature `clap` the binary's flags; its
/// counts are read by the binary's one count parser). `from`, `out` and `resume` name
/// the files the caller reads and writes; the run itself saves to `checkpoint`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
#[cfg_attr(
    feature = "clap",
    command(group(
        clap::ArgGroup::new("saved")
            .args(["checkpoint", "resume"])
            .multiple(true)
    ))
)]
pub struct TuneOptions {
    /// Games per candidate (1 to 100,000).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 200, value_name = "N"))]
    pub games: u32,
    /// Fixed search depth of the games (1 to 10).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 2, value_parser = ludomat_game::count::count::<u8>(1, u64::from(crate::search::MAX_DEPTH))))]
    pub depth: u8,
    /// Passes over the weights (0 to 100).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 2, value_name = "N"))]
    pub rounds: u32,
    /// Master seed of the games (the same games for every candidate). Tune on another
    /// seed than the one you measure with: the weights in crates/threes/tuning were tuned
    /// with --seed 77 and measured on seed 1.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1, value_parser = ludomat_game::count::count::<u64>(0, u64::MAX)))]
    pub seed: u64,
    /// Start from these weights (JSON) instead of the defaults.
    #[cfg_attr(feature = "clap", arg(long))]
    pub from: Option<PathBuf>,
    /// Write the best weights (JSON) here.
    #[cfg_attr(feature = "clap", arg(short, long, value_name = "FILE"))]
    pub out: Option<PathBuf>,
    /// Save the run's state here after every weight (JSON, written atomically), to go on
    /// with --resume after an interruption.
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub checkpoint: Option<PathBuf>,
    /// Go on from a state saved by --checkpoint (with the same settings), saving into it
    /// as the run goes unless --checkpoint names another file.
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub resume: Option<PathBuf>,
    /// When another process is tuning into the same --checkpoint (or --resume) file, wait
    /// for it to end instead of refusing.
    #[cfg_attr(feature = "clap", arg(long, requires = "saved"))]
    pub wait_lock: bool,
    /// No progress bar.
    #[cfg_attr(feature = "clap", arg(long))]
    pub quiet: bool,
    /// The optimiser: coordinate search (each weight halved and doubled in turn, --rounds
    /// passes) or CMA-ES (the `cmaes` crate: --generations generations of --population
    /// candidates around the start weights).
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value_t = TuneMethod::Coordinate))]
    pub method: TuneMethod,
    /// CMA-ES: generations (1 to 10,000).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 10, value_name = "N"))]
    pub generations: u32,
    /// CMA-ES: candidates per generation (2 to 1,000; default 11 for the 11 tuned weights).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N"))]
    pub population: Option<u32>,
    /// CMA-ES: the first step size, as a fraction of each weight (exponents: in units;
    /// 0.01 to 10).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 0.3, value_name = "S", value_parser = ludomat_game::count::decimal(0.01, 10.0)))]
    pub sigma: f64,
}

/// Why a tuning run cannot start or go on.
/// A method as the command line names it (`--method cmaes`).
fn method_name(method: TuneMethod) -> &'static str {
    match method {
        TuneMethod::Coordinate => "coordinate",
        TuneMethod::Cmaes => "cmaes",
    }
}

/// A file that is not a saved state: damaged (cut short, not JSON) in the words every
/// damaged file is said in, or JSON of something else.
fn not_state(name: &str, what: &str, text: &str, e: &serde_json::Error) -> String {
    if e.is_data() {
        format!(
            "{name} is not a saved {what}: {}",
            ludomat_io::error::json_in(text, e)
        )
    } else {
        ludomat_io::error::damaged_json_in(name, text, e)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum TuningError {
    /// No games, or depth 0.
    #[error("--games and --depth must be at least 1")]
    Zero,
    /// A step size CMA-ES cannot start from.
    #[error("--sigma '{}' is not a number from 0.01 to 10", ludomat_io::text::short(*.0))]
    Sigma(f64),
    /// A saved state that is not one (the file's name).
    /// (Its words, a number quoted as the file wrote it.)
    #[error("{0}")]
    NotState(String),
    /// A saved state that is not a CMA-ES one (its words).
    #[error("{0}")]
    NotCmaesState(String),
    /// A checkpoint of the other method.
    #[error("{source_name} is a checkpoint of {saved}, not of {asked}: resume it with --method {saved}, or start without --resume")]
    OtherMethod {
        /// The file's name.
        source_name: String,
        /// Its method's name on the command line.
        saved: &'static str,
        /// The method asked for.
        asked: &'static str,
    },
    /// A coordinate-search state of another version.
    #[error("{source_name}: {words}")]
    Version {
        /// The file's name.
        source_name: String,
        /// The refusal's words, the version as the file wrote it
        /// (`ludomat_io::error::version_check`).
        words: String,
    },
    /// A saved state written with other settings: what differs, a line each.
    #[error("{source_name} was saved by a run with other settings, so its candidates' means do not belong to this run:\n{}\nGive the same settings to go on from it, or start afresh without --resume.", differences.iter().map(|d| format!("  {d}")).collect::<Vec<_>>().join("\n"))]
    OtherSettings {
        /// The file's name.
        source_name: String,
        /// What differs.
        differences: Vec<String>,
    },
    /// A saved state that names no settings (an older ludomat's).
    #[error("{0} names no settings (saved by an older ludomat): it cannot be checked against this run; start without --resume")]
    NoSettings(String),
    /// A saved state whose numbers no run of these settings reaches.
    #[error("{source_name}: {problem}")]
    OutOfRange {
        /// The file's name.
        source_name: String,
        /// What is out of range.
        problem: String,
    },
    /// A `--checkpoint` file that is damaged (cut short, not JSON: said as
    /// `ludomat_io::error::damaged_json` says every such file, as `--resume` says it),
    /// which this run would replace; the flag that named it.
    #[error("{0}; this run would replace it: choose another {1}")]
    Damaged(String, &'static str),
    /// A `--checkpoint` file that holds something this run would replace: a checkpoint
    /// not resumed, or a file of another kind or version (an output refused before the
    /// work: a usage error, naming `--checkpoint`).
    #[error("{0}")]
    Occupied(#[source] ludomat_io::output::Refused),
    /// A checkpoint could not be saved.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// CMA-ES could not go on.
    #[error(transparent)]
    Cmaes(#[from] CmaesError),
}

/// A state saved by `--checkpoint`, to go on from.
#[derive(Debug, Clone, PartialEq)]
pub enum Resume {
    /// A coordinate search's.
    Coordinate(TuneState),
    /// A CMA-ES run's.
    Cmaes(CmaesState),
}

impl Resume {
    /// Candidates a resumed coordinate search has tried (where its bar goes on from).
    #[must_use]
    pub fn tried(&self) -> Option<u64> {
        match self {
            Resume::Coordinate(s) => Some(s.tried),
            Resume::Cmaes(_) => None,
        }
    }

    /// The pass a resumed coordinate search is in (1 for CMA-ES).
    #[must_use]
    pub fn round(&self) -> u32 {
        match self {
            Resume::Coordinate(s) => s.round,
            Resume::Cmaes(_) => 1,
        }
    }

    /// Where the run goes on, in words.
    #[must_use]
    pub fn line(&self) -> String {
        match self {
            Resume::Coordinate(s) => {
                let (round, next) = where_next(s);
                format!(
                    "resuming at round {round}, weight {} of {}, best mean {}",
                    next + 1,
                    TUNED.len(),
                    ludomat_io::text::number(s.best_mean)
                )
            }
            Resume::Cmaes(s) => format!(
                "resuming after generation {} ({}), best mean {}",
                s.generations,
                ludomat_io::text::count(s.means.len() as u64, "candidate", "candidates"),
                ludomat_io::text::number(s.best_mean)
            ),
        }
    }
}

/// The pass and the weight a coordinate search's state goes on at: a state saved after a
/// pass's last weight (weight 12 of 11) goes on at the next pass's first.
fn where_next(s: &TuneState) -> (u32, usize) {
    if s.next >= TUNED.len() {
        (s.round.saturating_add(1), 0)
    } else {
        (s.round, s.next)
    }
}

/// Where the settings a checkpoint was saved with (`saved`) and this run's (`now`) differ,
/// one short line each: `--games: 40 in the checkpoint, 20 now`; the start weights (one
/// setting, their JSON) a line for each weight that differs: `start weight empty: 100 in
/// the checkpoint, 200 now` (they were said as two JSON texts of 200 columns).
fn differences(saved: &[(String, String)], now: &[(String, String)]) -> Vec<String> {
    let get = |pairs: &[(String, String)], name: &str| {
        pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let mut names: Vec<&str> = saved.iter().map(|(n, _)| n.as_str()).collect();
    names.extend(
        now.iter()
            .map(|(n, _)| n.as_str())
            .filter(|n| get(saved, n).is_none()),
    );
    let mut out = Vec::new();
    for name in names {
        let (was, is) = (get(saved, name), get(now, name));
        if was == is {
            continue;
        }
        let weights = |v: &Option<String>| {
            let text = v.as_deref()?;
            serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(text).ok()
        };
        if let (true, Some(a), Some(b)) = (name == "start weights", weights(&was), weights(&is)) {
            let mut keys: Vec<&String> = a.keys().collect();
            keys.extend(b.keys().filter(|k| !a.contains_key(*k)));
            for key in keys {
                let (x, y) = (a.get(key), b.get(key));
                if x != y {
                    // as every weight is said: 2,160, 5.875
                    let said = |v: Option<&serde_json::Value>| {
                        v.map(|v| v.as_f64().map_or(v.to_string(), ludomat_io::text::decimal))
                    };
                    out.push(difference(&format!("start weight {key}"), said(x), said(y)));
                }
            }
        } else {
            out.push(difference(name, was, is));
        }
    }
    out
}

/// One setting that differs: `--games: 40 in the checkpoint, 20 now`.
fn difference(name: &str, was: Option<String>, is: Option<String>) -> String {
    let said = |v: Option<String>| match v {
        None => "not set".to_string(),
        Some(v)
            if v.len() <= 24
                && v.chars()
                    .all(|c| c.is_ascii_alphanumeric() || ".,-+".contains(c)) =>
        {
            v
        }
        Some(v) => ludomat_io::text::quoted(&v, 24),
    };
    format!(
        "{}: {} in the checkpoint, {} now",
        ludomat_io::text::fit(&ludomat_io::text::escape_controls(name), 32),
        said(was),
        said(is)
    )
}

/// How a tuning run ended.
#[derive(Debug, Clone, PartialEq)]
pub struct Tuned {
    /// The best weights found.
    pub best: Weights,
    /// Their mean score.
    pub best_mean: f64,
    /// Candidates tried (with coordinate search the start included), those of the
    /// checkpoint resumed included.
    pub candidates: u64,
    /// Of them, the checkpoint's (0 when the run was not resumed).
    pub before: u64,
    /// Finished or cancelled.
    pub ended: Ended,
}

impl Tuned {
    /// The timing line of the candidates this run tried: `20 candidates tried in 3.6 s
    /// wall, 7.1 s CPU` (resumed, as `threes learn` says it: `12 candidates tried in this
    /// run (32 in all) in …`); none when it tried none (a finished run resumed), so no
    /// time is said of no work.
    #[must_use]
    pub fn timing(&self, wall: std::time::Duration, cpu: std::time::Duration) -> Option<String> {
        let now = self.candidates.saturating_sub(self.before);
        let all = match self.before {
            0 => String::new(),
            _ => format!(
                " in this run ({} in all)",
                ludomat_io::text::thousands(self.candidates)
            ),
        };
        (now > 0).then(|| {
            format!(
                "{} tried{all} in {}",
                ludomat_io::text::count(now, "candidate", "candidates"),
                ludomat_io::text::wall_and_cpu(wall, cpu)
            )
        })
    }
}

/// One candidate tried, as the terminal prints it, and the pass it belongs to (coordinate
/// search; 1 with CMA-ES).
#[derive(Debug, Clone, PartialEq)]
pub struct TuneLine {
    /// The line.
    pub text: String,
    /// The pass.
    pub round: u32,
}

/// A checkpoint as saved: the run's settings beside its state, so `--resume` can refuse a
/// run with other settings.
#[derive(serde::Serialize)]
struct Saved<'a, S> {
    settings: &'a [(String, String)],
    #[serde(flatten)]
    state: &'a S,
}

/// Write a tuning run's `state` atomically to `path`, if given (both methods).
///
/// # Errors
/// When it cannot be written.
pub fn save_checkpoint(
    path: Option<&Path>,
    state: &impl serde::Serialize,
) -> Result<(), CheckpointError> {
    let Some(path) = path else {
        return Ok(());
    };
    let json = serde_json::to_vec_pretty(state).map_err(|e| CheckpointError(Box::new(e)))?;
    ludomat_io::write::write_atomically(path, &json, ".tune-")
        .map(drop)
        .map_err(|e| CheckpointError(Box::new(e)))
}

impl TuneOptions {
    fn cmaes(&self, start: Weights) -> CmaesConfig {
        CmaesConfig {
            start,
            games: self.games,
            depth: self.depth,
            generations: self.generations,
            population: self.population,
            sigma: self.sigma,
            seed: self.seed,
        }
    }

    fn coordinate(&self, start: Weights) -> TuneConfig {
        TuneConfig {
            start,
            games: self.games,
            depth: self.depth,
            rounds: self.rounds,
            seed: self.seed,
        }
    }

    /// The settings that define a run's candidates and their means (not how far it goes:
    /// a resumed run may ask for more rounds or generations).
    #[must_use]
    pub fn settings(&self, start: &Weights) -> ludomat_io::log::Settings {
        let method = match self.method {
            TuneMethod::Coordinate => "coordinate",
            TuneMethod::Cmaes => "cmaes",
        };
        let mut s = ludomat_io::log::Settings::new()
            .with("--method", method)
            .with("--games", self.games)
            .with("--depth", self.depth)
            .with("--seed", self.seed)
            .with(
                "start weights",
                serde_json::to_string(start).unwrap_or_default(),
            );
        if self.method == TuneMethod::Cmaes {
            s = s
                .with(
                    "--population",
                    self.population.map_or("default".into(), |p| p.to_string()),
                )
                .with("--sigma", self.sigma);
        }
        s
    }

    /// Refuse options no run can go with.
    ///
    /// # Errors
    /// No games, depth 0, or (CMA-ES) a step size outside 0.01–10.
    pub fn check(&self) -> Result<(), TuningError> {
        if self.games == 0 || self.depth == 0 {
            return Err(TuningError::Zero);
        }
        if self.method == TuneMethod::Cmaes && !(0.01..=10.0).contains(&self.sigma) {
            return Err(TuningError::Sigma(self.sigma));
        }
        Ok(())
    }

    /// Hold the `--checkpoint` file for this run (until the value is dropped): a second
    /// tuning into the same file — under any name, a hard link too — is refused, naming
    /// the first, or waits for it with `--wait-lock`. Take it before the `--resume` file is
    /// read, so that a run that waited goes on from what the first one saved.
    ///
    /// # Errors
    /// The file is held by another process, or cannot be locked.
    pub fn lock(&self) -> Result<Option<ludomat_io::lock::Lock>, ludomat_io::lock::LockError> {
        let wait = if self.wait_lock {
            ludomat_io::lock::Wait::Yes
        } else {
            ludomat_io::lock::Wait::No
        };
        self.checkpoint
            .as_deref()
            .map(|path| ludomat_io::lock::Lock::acquire(path, wait))
            .transpose()
    }

    /// Refuse a `--checkpoint` file that already holds something, before any work: a
    /// checkpoint this run does not go on from (`--resume` names another file, or none),
    /// or a file of another kind (a MENACE state, a text) or of another version. An empty
    /// file, or the very file `--resume` names, is taken. Call it once the checkpoint is
    /// locked ([`TuneOptions::lock`]).
    ///
    /// # Errors
    /// [`TuningError::Occupied`] saying what the file holds; a file that cannot be read.
    pub fn check_checkpoint(&self) -> Result<(), TuningError> {
        let Some(path) = self.checkpoint.as_deref() else {
            return Ok(());
        };
        let Ok(meta) = std::fs::metadata(path) else {
            return Ok(());
        };
        if meta.len() == 0 {
            return Ok(());
        }
        let resumed = self
            .resume
            .as_deref()
            .is_some_and(|r| ludomat_io::output::same_file(r, path));
        if resumed {
            return Ok(());
        }
        let name = ludomat_io::text::path(path).to_string();
        let occupied = |holds: String, hint: String| {
            TuningError::Occupied(ludomat_io::output::Refused {
                flag: "--checkpoint".into(),
                path: path.to_path_buf(),
                why: ludomat_io::output::OutputRefused::InTheWay(format!(
                    "{holds}: this run would replace it; {hint}"
                )),
            })
        };
        let other = || {
            occupied(
                "holds something other than a tuning checkpoint".into(),
                "choose another --checkpoint".into(),
            )
        };
        let Ok(text) = ludomat_io::read::text(path, 1 << 24) else {
            return Err(other());
        };
        // cut short or not JSON: in the one wording of a damaged file, as --resume says it
        let value = serde_json::from_str::<serde_json::Value>(&text).map_err(|e| {
            TuningError::Damaged(
                ludomat_io::error::damaged_json_in(&name, &text, &e),
                "--checkpoint",
            )
        })?;
        let is_ours = value.get("method").and_then(|m| m.as_str()) == Some("cmaes")
            || (value.get("round").is_some() && value.get("next").is_some());
        if !is_ours {
            return Err(other());
        }
        match value.get("version") {
            Some(_) if ludomat_io::error::version_check(&text, &value, "", 1).is_ok() => {
                Err(occupied(
                    "holds a tuning checkpoint".into(),
                    format!("go on from it with --resume {name}, or choose another --checkpoint"),
                ))
            }
            Some(v) => Err(occupied(
                format!(
                    "holds a tuning checkpoint of version {}, which this build does not read",
                    ludomat_io::error::version_as_written(&text, v)
                ),
                "choose another --checkpoint".into(),
            )),
            None => Err(other()),
        }
    }

    /// The run's header, a line each (each ending in a newline).
    #[must_use]
    pub fn header(&self, start: &Weights) -> String {
        let how = match self.method {
            TuneMethod::Coordinate => format!(
                "{} per candidate at depth {}, seed {}, {}",
                ludomat_io::text::count(u64::from(self.games), "game", "games"),
                self.depth,
                self.seed,
                ludomat_io::text::count(u64::from(self.rounds), "round", "rounds")
            ),
            TuneMethod::Cmaes => format!(
                "CMA-ES: {} of {}, step {}; {} per candidate at depth {}, seed {}",
                ludomat_io::text::count(u64::from(self.generations), "generation", "generations"),
                ludomat_io::text::count(
                    self.cmaes(*start).population() as u64,
                    "candidate",
                    "candidates"
                ),
                self.sigma,
                ludomat_io::text::count(u64::from(self.games), "game", "games"),
                self.depth,
                self.seed
            ),
        };
        format!("tuning from {start}\n{how}\n")
    }

    /// The most candidates the run tries (the length of its bar).
    #[must_use]
    pub fn bound(&self) -> u64 {
        match self.method {
            TuneMethod::Coordinate => self.coordinate(Weights::default()).bound(),
            TuneMethod::Cmaes => self.cmaes(Weights::default()).bound(),
        }
    }

    /// The bar's words: the pass (coordinate search) and the best mean so far.
    #[must_use]
    pub fn bar_message(&self, round: u32, best_mean: f64) -> String {
        match self.method {
            TuneMethod::Coordinate => format!(
                "round {}/{}  best {}",
                round.max(1),
                self.rounds,
                ludomat_io::text::number(best_mean)
            ),
            TuneMethod::Cmaes => format!("best {}", ludomat_io::text::number(best_mean)),
        }
    }

    /// Whether `resume` holds a finished run (every pass, or every generation, these
    /// options ask for): the run tries nothing, and draws no progress bar.
    #[must_use]
    pub fn is_finished(&self, resume: &Resume) -> bool {
        match resume {
            Resume::Coordinate(s) => where_next(s).0 > self.rounds,
            Resume::Cmaes(s) => s.generations >= self.generations,
        }
    }

    /// Where a resumed run goes on, in words ([`Resume::line`]); a checkpoint whose run
    /// is finished (every pass, or every generation, these options ask for) is said so —
    /// the run then tries nothing and ends with the checkpoint's result, which the
    /// caller prints as the finished run did.
    #[must_use]
    pub fn resume_line(&self, resume: &Resume) -> String {
        let finished = match resume {
            Resume::Coordinate(s) => (where_next(s).0 > self.rounds).then(|| {
                let rounds = where_next(s).0.saturating_sub(1);
                (
                    ludomat_io::text::count(u64::from(rounds), "round", "rounds"),
                    s.tried,
                    "--rounds",
                )
            }),
            Resume::Cmaes(s) => (s.generations >= self.generations).then(|| {
                let done = u64::from(s.generations);
                (
                    ludomat_io::text::count(done, "generation", "generations"),
                    s.means.len() as u64,
                    "--generations",
                )
            }),
        };
        let Some((done, tried, more)) = finished else {
            return resume.line();
        };
        let name = self.resume.as_deref().map_or_else(
            || "the checkpoint".to_string(),
            |p| ludomat_io::text::path(p).to_string(),
        );
        format!(
            "{name} holds a finished run ({done}, {}): its result is below; give more {more} \
             to go on from it",
            ludomat_io::text::count(tried, "candidate tried", "candidates tried")
        )
    }

    /// A state saved by `--checkpoint` (its text; `source`: the file's name) for a run of
    /// these options from `start`: refused when it was saved with other settings
    /// ([`TuneOptions::settings`]), names none, or holds numbers no such run reaches
    /// (weights out of range, more generations or passes than this run asks for).
    ///
    /// # Errors
    /// When the text is no state of this method (or of another version), or does not
    /// belong to this run.
    pub fn read_resume(
        &self,
        start: &Weights,
        source: &str,
        text: &str,
    ) -> Result<Resume, TuningError> {
        let saved: Option<Vec<(String, String)>> = serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .and_then(|v| v.get("settings").cloned())
            .and_then(|s| serde_json::from_value(s).ok());
        let resume = self.read_state(source, text)?;
        let Some(saved) = saved else {
            return Err(TuningError::NoSettings(source.into()));
        };
        let differences = differences(&saved, self.settings(start).pairs());
        if !differences.is_empty() {
            return Err(TuningError::OtherSettings {
                source_name: source.into(),
                differences,
            });
        }
        let out_of_range = |problem: String| TuningError::OutOfRange {
            source_name: source.into(),
            problem,
        };
        let (best, mean) = match &resume {
            Resume::Coordinate(s) => (s.best, s.best_mean),
            Resume::Cmaes(s) => (s.best, s.best_mean),
        };
        best.check()
            .map_err(|e| out_of_range(format!("its best weights: {e}")))?;
        if !mean.is_finite() || mean < 0.0 {
            return Err(out_of_range(format!("a best mean of {mean}")));
        }
        match &resume {
            Resume::Coordinate(s) => {
                let bound = self.coordinate(*start).bound();
                if s.round == 0
                    || s.round > self.rounds.saturating_add(1)
                    || s.next > crate::tune::TUNED.len()
                    || s.tried > bound
                {
                    return Err(out_of_range(format!(
                        "pass {}, weight {}, {} candidates tried: beyond a run of {} passes",
                        s.round, s.next, s.tried, self.rounds
                    )));
                }
            }
            Resume::Cmaes(s) => {
                if s.generations > self.generations {
                    return Err(out_of_range(format!(
                        "{} generations done, more than the {} this run asks for",
                        s.generations, self.generations
                    )));
                }
                let per = u64::from(self.population.unwrap_or(1000));
                if s.means.len() as u64 > u64::from(s.generations + 1).saturating_mul(per) {
                    return Err(out_of_range(format!(
                        "{} candidates' means for {} generations",
                        s.means.len(),
                        s.generations
                    )));
                }
            }
        }
        Ok(resume)
    }

    fn read_state(&self, source: &str, text: &str) -> Result<Resume, TuningError> {
        // a checkpoint of the other method is said as such, not as a field it lacks
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(text) {
            let saved = match v.get("method").and_then(|m| m.as_str()) {
                Some("cmaes") => Some(TuneMethod::Cmaes),
                None if v.get("round").is_some() && v.get("next").is_some() => {
                    Some(TuneMethod::Coordinate)
                }
                _ => None,
            };
            if let Some(saved) = saved.filter(|m| *m != self.method) {
                return Err(TuningError::OtherMethod {
                    source_name: source.into(),
                    saved: method_name(saved),
                    asked: method_name(self.method),
                });
            }
            // the version words of every file, before any field is read (a file that
            // is none of ours is said so by the fields it lacks)
            let checked = saved.is_some() || v.get("version").is_some();
            let version = ludomat_io::error::version_check(text, &v, "a tuning state", 1);
            if let (true, Err(words)) = (checked, version) {
                return Err(TuningError::Version {
                    source_name: source.into(),
                    words,
                });
            }
        }
        match self.method {
            TuneMethod::Coordinate => {
                let state: TuneState = serde_json::from_str(text).map_err(|e| {
                    TuningError::NotState(not_state(source, "tuning state", text, &e))
                })?;
                Ok(Resume::Coordinate(state))
            }
            TuneMethod::Cmaes => {
                let state: CmaesState = serde_json::from_str(text).map_err(|e| {
                    TuningError::NotCmaesState(not_state(source, "CMA-ES tuning state", text, &e))
                })?;
                Ok(Resume::Cmaes(state))
            }
        }
    }

    /// Run the tuning from `start` (or from `resume`), saving the state to `--checkpoint`
    /// after every weight (every generation); each candidate goes to `on_line` as the
    /// terminal prints it. Cancelled (through `ctx`), it ends with the best weights so far.
    ///
    /// # Errors
    /// A checkpoint that cannot be saved, a resumed state that does not fit, settings
    /// CMA-ES refuses.
    pub fn run(
        &self,
        start: Weights,
        resume: Option<Resume>,
        ctx: &mut RunContext<'_, (Weights, f64)>,
        on_line: &mut dyn FnMut(&TuneLine),
    ) -> Result<Tuned, TuningError> {
        let path = self.checkpoint.as_deref();
        match self.method {
            TuneMethod::Coordinate => {
                let resume = match resume {
                    Some(Resume::Coordinate(s)) => Some(s),
                    _ => None,
                };
                let before = resume.as_ref().map_or(0, |s| s.tried);
                let settings = self.settings(&start);
                let pairs = settings.pairs();
                let mut save = |state: &TuneState| {
                    save_checkpoint(
                        path,
                        &Saved {
                            settings: pairs,
                            state,
                        },
                    )
                };
                let mut checkpoint = Checkpoint::every(1, &mut save);
                let config = self.coordinate(start);
                let (state, ended) = tune_run(&config, resume, ctx, &mut checkpoint, &mut |s| {
                    on_line(&TuneLine {
                        text: format!(
                            "  {:<20} {:>10}  mean {:>9}{}",
                            s.weight,
                            ludomat_io::text::decimal(s.value),
                            ludomat_io::text::number(s.mean.round()),
                            if s.kept { "  kept" } else { "" }
                        ),
                        round: s.round,
                    });
                })?;
                Ok(Tuned {
                    best: state.best,
                    best_mean: state.best_mean,
                    candidates: state.tried,
                    before,
                    ended,
                })
            }
            TuneMethod::Cmaes => {
                let resume = match resume {
                    Some(Resume::Cmaes(s)) => Some(s),
                    _ => None,
                };
                let before = resume.as_ref().map_or(0, |s| s.means.len() as u64);
                let settings = self.settings(&start);
                let pairs = settings.pairs();
                let mut save = |state: &CmaesState| {
                    save_checkpoint(
                        path,
                        &Saved {
                            settings: pairs,
                            state,
                        },
                    )
                };
                let mut checkpoint = Checkpoint::every(1, &mut save);
                let config = self.cmaes(start);
                let (state, ended) =
                    tune_cmaes_run(&config, resume, ctx, &mut checkpoint, &mut |s| {
                        on_line(&TuneLine {
                            text: format!(
                                "  generation {:>3} candidate {:>3}  mean {:>9}{}",
                                s.generation,
                                s.candidate,
                                ludomat_io::text::number(s.mean.round()),
                                if s.best { "  best so far" } else { "" }
                            ),
                            round: 1,
                        });
                    })?;
                Ok(Tuned {
                    best: state.best,
                    best_mean: state.best_mean,
                    candidates: state.means.len() as u64,
                    before,
                    ended,
                })
            }
        }
    }

    /// What the terminal prints at the end of a run: the best weights and their mean (a
    /// line each, each ending in a newline). Its time is the caller's to print (on
    /// standard error), and so is a stop by Ctrl-C (`ludomat_io::interrupt::Stopped`).
    #[must_use]
    pub fn summary(&self, tuned: &Tuned) -> String {
        let (best, mean) = (tuned.best, tuned.best_mean);
        match self.method {
            TuneMethod::Coordinate => {
                format!(
                    "best: {best}\nmean score {}\n",
                    ludomat_io::text::number(mean)
                )
            }
            // CMA-ES draws weights of any precision: said to three significant digits
            TuneMethod::Cmaes => format!(
                "best: {}\nmean score {} over {}\n",
                best.rounded(),
                ludomat_io::text::number(mean),
                ludomat_io::text::count(tuned.candidates, "candidate", "candidates"),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(method: TuneMethod, checkpoint: Option<PathBuf>) -> TuneOptions {
        TuneOptions {
            games: 2,
            depth: 1,
            rounds: 1,
            seed: 5,
            from: None,
            out: None,
            checkpoint,
            resume: None,
            method,
            generations: 2,
            population: Some(2),
            sigma: 0.3,
            wait_lock: false,
            quiet: false,
        }
    }

    /// A `--checkpoint` that holds something is refused before any work unless it is the
    /// file resumed (it was replaced without a word: a checkpoint, a MENACE state, a
    /// text, a version 2 rewritten as 1).
    #[test]
    fn a_checkpoint_file_that_holds_something_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let cp = dir.path().join("cp.json");
        let opts = options(TuneMethod::Coordinate, Some(cp.clone()));
        // none yet, or empty: taken
        opts.check_checkpoint().unwrap();
        ludomat_io::write::atomically(&cp, "").unwrap();
        opts.check_checkpoint().unwrap();
        for (text, words) in [
            (
                r#"{"version":1,"round":1,"next":0,"tried":1}"#,
                "holds a tuning checkpoint: this run would replace it; go on from it with --resume",
            ),
            (
                r#"{"version":1,"method":"cmaes","means":[]}"#,
                "holds a tuning checkpoint: this run",
            ),
            (
                r#"{"version":2,"round":1,"next":0,"tried":1}"#,
                "holds a tuning checkpoint of version 2, which this build does not read",
            ),
            (
                r#"{"version":1,"boxes":[]}"#,
                "holds something other than a tuning checkpoint",
            ),
            // not JSON, or cut short: damaged, in the words --resume says it in
            (
                "hello\n",
                "cp.json is damaged: not valid JSON: line 1, column 1: ",
            ),
            (
                "{\"version\":1,\"round\":1,",
                "cp.json is damaged: not valid JSON: line 1, column 23: the text ends in the \
                 middle of a value; this run would replace it: choose another --checkpoint",
            ),
        ] {
            ludomat_io::write::atomically(&cp, text).unwrap();
            let e = opts.check_checkpoint().unwrap_err().to_string();
            assert!(e.contains(words), "{text}: {e}");
            assert!(e.contains("cp.json"), "{e}");
        }
        // the file resumed is the one to save into
        ludomat_io::write::atomically(&cp, r#"{"version":1,"round":1,"next":0,"tried":1}"#)
            .unwrap();
        // a checkpoint in the way is an output refused before the work: a usage error
        // naming --checkpoint, as every such refusal
        match opts.check_checkpoint() {
            Err(TuningError::Occupied(r)) => {
                let words = r.usage_words().unwrap();
                assert!(words.starts_with("--checkpoint "), "{words}");
                assert!(
                    words.contains("cp.json: holds a tuning checkpoint"),
                    "{words}"
                );
            }
            other => panic!("{other:?}"),
        }
        let resumed = TuneOptions {
            resume: Some(cp.clone()),
            ..options(TuneMethod::Coordinate, Some(cp.clone()))
        };
        resumed.check_checkpoint().unwrap();
        // a CMA-ES state of another version is not resumed as version 1
        let v2 = serde_json::to_string(&CmaesState {
            version: 2,
            method: "cmaes".into(),
            means: vec![],
            best: Weights::default(),
            best_mean: 0.0,
            generations: 0,
        })
        .unwrap();
        let e = options(TuneMethod::Cmaes, None)
            .read_state("cp.json", &v2)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("version 2, which this build does not read"),
            "{e}"
        );
    }

    /// A checkpoint of the other method is said as such (it said "the field 'method' is
    /// missing").
    #[test]
    fn a_checkpoint_of_the_other_method_is_named() {
        let coordinate = r#"{"version":1,"round":1,"next":0,"tried":1}"#;
        let e = options(TuneMethod::Cmaes, None)
            .read_resume(&Weights::default(), "cp.json", coordinate)
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "cp.json is a checkpoint of coordinate, not of cmaes: resume it with --method \
             coordinate, or start without --resume"
        );
        let cmaes = r#"{"version":1,"method":"cmaes","means":[]}"#;
        let e = options(TuneMethod::Coordinate, None)
            .read_resume(&Weights::default(), "cp.json", cmaes)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("a checkpoint of cmaes, not of coordinate"),
            "{e}"
        );
    }

    /// The bar's best mean with thousands, as every figure (it was `best 1390`).
    #[test]
    fn the_bar_says_the_best_mean_with_thousands() {
        let o = options(TuneMethod::Coordinate, None);
        assert_eq!(o.bar_message(1, 1390.4), "round 1/1  best 1,390");
        let o = options(TuneMethod::Cmaes, None);
        assert_eq!(o.bar_message(1, 12_345.6), "best 12,346");
    }

    /// A damaged checkpoint is said as every damaged file is, never in serde's words, and
    /// in the same words whichever flag names it (`--checkpoint` said "holds something
    /// other than a tuning checkpoint").
    #[test]
    fn a_damaged_checkpoint_is_said_in_the_one_wording() {
        let o = options(TuneMethod::Coordinate, None);
        let cut = "{\n  \"version\": 1,\n";
        let e = o
            .read_resume(&Weights::default(), "cp.json", cut)
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "cp.json is damaged: not valid JSON: line 2, at its end: the text ends in the \
             middle of a value"
        );
        let dir = tempfile::tempdir().unwrap();
        let cp = dir.path().join("cp.json");
        ludomat_io::write::atomically(&cp, cut).unwrap();
        let named = options(TuneMethod::Coordinate, Some(cp.clone()))
            .check_checkpoint()
            .unwrap_err()
            .to_string();
        let resumed = o
            .read_resume(
                &Weights::default(),
                &ludomat_io::text::path(&cp).to_string(),
                cut,
            )
            .unwrap_err()
            .to_string();
        assert!(named.starts_with(&format!("{resumed}; ")), "{named}");
        assert!(!named.contains("something other"), "{named}");
    }

    /// A checkpoint whose run is finished, resumed, is said to be finished (it said
    /// "resuming at round 1, weight 12 of 11"), tries nothing, and says no time (it said
    /// "20 candidates tried in 157 µs"); with more rounds it goes on at the next round's
    /// first weight.
    #[test]
    fn a_finished_checkpoint_resumed_is_said_finished() {
        let dir = tempfile::tempdir().unwrap();
        let cp = dir.path().join("cp.json");
        for method in [TuneMethod::Coordinate, TuneMethod::Cmaes] {
            let first = options(method, Some(cp.clone()));
            let mut ctx = RunContext::new("candidates", None);
            let done = first
                .run(Weights::default(), None, &mut ctx, &mut |_| {})
                .unwrap();
            let timing = done.timing(std::time::Duration::from_millis(2), Default::default());
            assert!(
                timing.as_deref().is_some_and(
                    |t| t.starts_with(&format!("{} candidates tried in ", done.candidates))
                ),
                "{timing:?}"
            );
            let text = ludomat_io::read::to_string(&cp).unwrap();
            let o = TuneOptions {
                resume: Some(cp.clone()),
                ..first.clone()
            };
            let resume = o
                .read_resume(&Weights::default(), "cp.json", &text)
                .unwrap();
            let line = o.resume_line(&resume);
            // a finished run draws no bar (the binary asks before it makes one)
            assert!(o.is_finished(&resume));
            let (did, more) = match method {
                TuneMethod::Coordinate => ("1 round", "--rounds"),
                TuneMethod::Cmaes => ("2 generations", "--generations"),
            };
            assert_eq!(
                line,
                format!(
                    "{} holds a finished run ({did}, {} candidates tried): its result is \
                     below; give more {more} to go on from it",
                    ludomat_io::text::path(&cp),
                    done.candidates
                )
            );
            let mut ctx = RunContext::new("candidates", None);
            let again = o
                .run(
                    Weights::default(),
                    Some(resume.clone()),
                    &mut ctx,
                    &mut |l| panic!("a finished run tried {}", l.text),
                )
                .unwrap();
            assert_eq!(again.ended, Ended::Finished);
            assert_eq!(
                (again.best, again.best_mean, again.candidates),
                (done.best, done.best_mean, done.candidates)
            );
            let quick = std::time::Duration::from_micros(157);
            assert_eq!(again.timing(quick, quick), None);
            if method == TuneMethod::Coordinate {
                let more = TuneOptions { rounds: 2, ..o };
                let line = more.resume_line(&resume);
                assert!(
                    line.starts_with("resuming at round 2, weight 1 of 11"),
                    "{line}"
                );
                let resumed = Tuned { before: 5, ..again };
                let t = resumed.timing(quick, quick).unwrap();
                assert!(t.contains("tried in this run ("), "{t}");
            }
        }
    }

    /// Settings that differ are said a line each, within 80 columns, the start weights
    /// weight by weight (they were two JSON texts of 200 columns on one line).
    #[test]
    fn other_settings_are_said_a_line_each() {
        let dir = tempfile::tempdir().unwrap();
        let cp = dir.path().join("cp.json");
        let first = options(TuneMethod::Coordinate, Some(cp.clone()));
        let mut ctx = RunContext::new("candidates", None);
        first
            .run(Weights::default(), None, &mut ctx, &mut |_| {})
            .unwrap();
        let text = ludomat_io::read::to_string(&cp).unwrap();
        let other = TuneOptions { games: 3, ..first };
        let start = Weights {
            empty: 999.0,
            ..Weights::default()
        };
        let e = other
            .read_resume(&start, "cp.json", &text)
            .unwrap_err()
            .to_string();
        let lines: Vec<&str> = e.lines().collect();
        assert!(
            lines.contains(&"  --games: 2 in the checkpoint, 3 now"),
            "{e}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("  start weight empty: ") && l.ends_with(", 999 now")),
            "{e}"
        );
        assert_eq!(lines.len(), 4, "{e}");
        assert!(lines.iter().skip(1).all(|l| l.chars().count() <= 80), "{e}");
        assert!(lines[3].contains("start afresh without --resume"), "{e}");
    }

    #[test]
    fn a_checkpointed_cmaes_run_resumes_to_the_same_end() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cp.json");
        let whole = options(TuneMethod::Cmaes, None);
        let mut ctx = RunContext::new("candidates", None);
        let mut lines = Vec::new();
        let all = whole
            .run(Weights::default(), None, &mut ctx, &mut |l| {
                lines.push(l.clone())
            })
            .unwrap();
        assert_eq!((all.candidates, lines.len()), (4, 4));
        // one generation with a checkpoint, then the second from it
        let first = TuneOptions {
            generations: 1,
            ..options(TuneMethod::Cmaes, Some(path.clone()))
        };
        let mut ctx = RunContext::new("candidates", None);
        first
            .run(Weights::default(), None, &mut ctx, &mut |_| {})
            .unwrap();
        let text = ludomat_io::read::to_string(&path).unwrap();
        let resume = whole
            .read_resume(&Weights::default(), "cp.json", &text)
            .unwrap();
        // Once: another seed, weights out of range, more generations than asked:
        // each refused (they were resumed, attaching means to the wrong candidates).
        let other_seed = TuneOptions {
            seed: 99,
            ..whole.clone()
        };
        let e = other_seed
            .read_resume(&Weights::default(), "cp.json", &text)
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("\n  --seed: 5 in the checkpoint, 99 now\n"),
            "{e}"
        );
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["generations"] = serde_json::json!(4_000_000_000u64);
        let e = whole
            .read_resume(&Weights::default(), "cp.json", &v.to_string())
            .unwrap_err();
        assert!(e.to_string().contains("4000000000 generations done"), "{e}");
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["best"]["roughness"] = serde_json::json!(1e300);
        assert!(whole
            .read_resume(&Weights::default(), "cp.json", &v.to_string())
            .is_err());
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v.as_object_mut().unwrap().remove("settings");
        assert!(matches!(
            whole.read_resume(&Weights::default(), "cp.json", &v.to_string()),
            Err(TuningError::NoSettings(_))
        ));
        assert!(resume.line().starts_with("resuming after generation 1"));
        let mut ctx = RunContext::new("candidates", None);
        let resumed = whole
            .run(Weights::default(), Some(resume), &mut ctx, &mut |_| {})
            .unwrap();
        assert_eq!((resumed.best, resumed.best_mean), (all.best, all.best_mean));
        assert!(whole.summary(&resumed).contains("over 4 candidates"));
    }

    #[test]
    fn a_coordinate_state_is_read_and_checked() {
        let o = options(TuneMethod::Coordinate, None);
        assert!(matches!(
            o.read_resume(&Weights::default(), "x", "{}"),
            Err(TuningError::NotState(..))
        ));
        let state = TuneState {
            version: 2,
            best: Weights::default(),
            best_mean: 1.0,
            round: 1,
            next: 0,
            tried: 1,
        };
        // a number of the wrong kind quoted as the file wrote it, never `1000.0`
        let mut v = serde_json::to_value(&state).unwrap();
        v["version"] = serde_json::json!(1);
        let text = v.to_string().replace("\"tried\":1", "\"tried\":1e3");
        let e = o.read_resume(&Weights::default(), "x.json", &text);
        let e = e.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("the number 1e3 where"), "{e}");
        let text = serde_json::to_string(&state).unwrap();
        let e = o
            .read_resume(&Weights::default(), "x.json", &text)
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "x.json: a tuning state of version 2, which this build does not read (it reads version 1)"
        );
        // every other version in the same words, as the file wrote it
        for written in ["-1", "1.0", "\"1\"", "null"] {
            let other = text.replace("\"version\":2", &format!("\"version\":{written}"));
            let e = o
                .read_resume(&Weights::default(), "x.json", &other)
                .unwrap_err();
            assert_eq!(
                e.to_string(),
                format!(
                    "x.json: a tuning state of version {written}, which this build does not \
                     read (it reads version 1)"
                )
            );
        }
        assert!(o
            .header(&Weights::default())
            .contains("2 games per candidate"));
        assert_eq!(o.bar_message(0, 12.3), "round 1/1  best 12.3");
        assert!(TuneOptions {
            sigma: 20.0,
            ..options(TuneMethod::Cmaes, None)
        }
        .check()
        .is_err());
    }
}
