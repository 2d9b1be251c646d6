//! `ludomat qubic proof`: which proof is checked for which options ([`ProofOptions`] →
//! [`ProofTask`]), and each check run and told as the terminal prints it — the stored
//! 4×4×4×4 forced win against the rules, a 4×4×4 certificate re-checked by the
//! independent checker, Patashnik's dictionary checked against every defence, the
//! dictionary's strategy written as a certificate, and the searched proof
//! ([`crate::proof3d::run::prove`]) with its certificate written and re-checked.
//!
//! With the cargo feature `clap` the options are the binary's flags; their doc comments
//! are its `--help`. The texts come as a [`ProofReport`]: `head` printed as it is, then
//! `checker` (the independent checker's account, to be wrapped at the terminal's width),
//! then `tail`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ludomat_io::text;

use ludomat_game::run::{cpu, Progress, RunContext};

use crate::proof::strategy::{
    forced_win_4d, size, unpack, verify_counting, verify_partial, AttackNode,
};
use crate::proof3d::certificate::{
    check_gzip, write_gzip, write_gzip_counting, Bundled, CertificateError, CertificateSummary,
    PatashnikStrategy,
};
use crate::proof3d::check::{check_counting, moves_text, CheckError, CheckLimits};
use crate::proof3d::dfpn::Outcome;
use crate::proof3d::dictionary::{notation, Dictionary, DictionaryError};
use crate::proof3d::distributed::Site;
use crate::proof3d::run::Verdict;
use crate::proof3d::run::{
    prove, prove_with, Phase, SearchConfig, SearchConfigError, SearchProgress, SearchRun,
};
use crate::proof3d::solve::Scheme;
use crate::Cell;

/// The most bytes of a dictionary file read.
pub const TEXT_CAP: u64 = 16 << 20;
/// The most bytes of a certificate or strategy-tree file read (gzip).
pub const BINARY_CAP: u64 = 64 << 20;

/// What `ludomat qubic proof` checks.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct ProofOptions {
    /// A strategy file written by the `forced4d` example instead of the stored one.
    #[cfg_attr(feature = "clap", arg(long))]
    pub file: Option<PathBuf>,
    /// Dimensions, 3 to 4: 4 (the stored 4×4×4×4 tree) or 3 (4×4×4: our certificate of
    /// the win found from scratch, re-checked by the independent checker; `--patashnik`
    /// re-checks the certificate of Patashnik's strategy, `--dictionary` his dictionary
    /// itself).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 4, value_parser = ludomat_game::count::count::<u8>(3, 4)))]
    pub dims: u8,
    /// With --dims 3: check Patashnik's dictionary exhaustively — the bundled one, or a
    /// file in its format (a header ended by a line of dashes, then `position move`
    /// lines).
    #[cfg_attr(feature = "clap", arg(long, num_args = 0..=1, value_name = "FILE"))]
    pub dictionary: Option<Option<PathBuf>>,
    /// With --dims 3: re-check this certificate file instead of the bundled one.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "FILE", conflicts_with = "dictionary")
    )]
    pub certificate: Option<PathBuf>,
    /// With --dims 3: re-check the bundled certificate of Patashnik's strategy instead
    /// of the one found from scratch.
    #[cfg_attr(feature = "clap", arg(long, conflicts_with_all = ["dictionary", "certificate", "search", "search_after"]))]
    pub patashnik: bool,
    /// With --dims 3: write the certificate of the dictionary's strategy (win > block >
    /// dictionary > threat sequence) to FILE, then re-check it.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "FILE", conflicts_with = "certificate")
    )]
    pub write_certificate: Option<PathBuf>,
    /// With --dims 3 --dictionary: longest threat sequence (first-player threes, 1 to
    /// 30) tried where the dictionary has no move.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 20, value_parser = ludomat_game::count::count::<u8>(1, 30)))]
    pub threat_depth: u8,
    /// With --dims 3 --dictionary: find a shortest threat sequence at each position
    /// (about ten times slower) instead of the first one found depth-first.
    #[cfg_attr(feature = "clap", arg(long))]
    pub shortest: bool,
    /// With --dims 3: prove the win from scratch — our df-pn search from the empty
    /// board, no dictionary — then write the strategy's certificate (to
    /// --write-certificate FILE, if given) and re-check it with the independent checker.
    #[cfg_attr(feature = "clap", arg(long, conflicts_with_all = ["dictionary", "certificate", "shortest"]))]
    pub search: bool,
    /// With --dims 3 (hybrid): Patashnik's dictionary for the first player's first K
    /// stones (1 to 15), our df-pn search from there on; certificate as for --search.
    #[cfg_attr(feature = "clap", arg(long, value_name = "K", value_parser = ludomat_game::count::count::<u8>(1, 15),
              conflicts_with_all = ["search", "certificate", "shortest"]))]
    pub search_after: Option<u8>,
    /// With --search or --search-after: stop each position's search after this many
    /// node expansions (1 to 1,000,000,000,000,000; unbounded if not given; Ctrl-C also
    /// stops).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", value_parser = ludomat_game::count::count::<u64>(1, 1_000_000_000_000_000)))]
    pub max_expansions: Option<u64>,
    /// With --search or --search-after: `shared` (one table for every position, one
    /// searcher per core; the default), `jobs` (a master's proof tree whose leaves are
    /// searched as jobs of at most --job-expansions expansions, split when they stay
    /// open; always with --distributed) or `per-job` (the first search: one table per
    /// position).
    #[cfg_attr(feature = "clap", arg(long, value_enum))]
    pub scheme: Option<Scheme>,
    /// With --search or --search-after: worker threads (1 to 256; default: one per
    /// core).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", value_parser = ludomat_game::count::count::<u16>(1, ludomat_game::count::MAX_THREADS)))]
    pub threads: Option<u16>,
    /// With --scheme jobs: the most node expansions of one job, the unit of parallel
    /// work (1 to 1,000,000,000; default 200).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", value_parser = ludomat_game::count::count::<u64>(1, crate::proof3d::run::MAX_JOB_EXPANSIONS)))]
    pub job_expansions: Option<u64>,
    /// With --scheme jobs: the most CPU time of one job in milliseconds, beside
    /// --job-expansions (0 to 60,000; 0: no bound; default 20): a job whose expansions
    /// are dear comes back as soon as a cheap one would, so the master splits it sooner.
    #[cfg_attr(feature = "clap", arg(long, value_name = "MS", value_parser = ludomat_game::count::count::<u32>(0, crate::proof3d::run::MAX_JOB_CPU_MS as u64)))]
    pub job_cpu_ms: Option<u32>,
    /// With --search or --search-after: search on the processes of an MPI run (`mpirun
    /// -n N ludomat qubic proof --dims 3 --search --distributed`; a build with the cargo
    /// feature `mpi`): rank 0 keeps the proof tree, every rank searches jobs.
    #[cfg_attr(feature = "clap", arg(long))]
    pub distributed: bool,
}

impl Default for ProofOptions {
    /// The stored 4×4×4×4 tree checked.
    fn default() -> Self {
        ProofOptions {
            file: None,
            dims: 4,
            dictionary: None,
            certificate: None,
            patashnik: false,
            write_certificate: None,
            threat_depth: 20,
            shortest: false,
            search: false,
            search_after: None,
            max_expansions: None,
            scheme: None,
            threads: None,
            job_expansions: None,
            job_cpu_ms: None,
            distributed: false,
        }
    }
}

/// The check the options ask for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProofTask {
    /// The 4×4×4×4 strategy tree (the stored one, or a file) checked against the rules.
    Tree {
        /// A tree file instead of the stored tree.
        file: Option<PathBuf>,
    },
    /// A 4×4×4 certificate re-checked by the independent checker.
    Certificate {
        /// A certificate file instead of a bundled one.
        file: Option<PathBuf>,
        /// The bundled certificate of Patashnik's strategy instead of ours.
        patashnik: bool,
    },
    /// The dictionary's strategy written as a certificate to `out`, checked.
    WriteCertificate {
        /// A dictionary file instead of Patashnik's.
        dictionary: Option<PathBuf>,
        /// Where the certificate goes.
        out: PathBuf,
    },
    /// The dictionary checked against every defence.
    Dictionary {
        /// A dictionary file instead of Patashnik's.
        dictionary: Option<PathBuf>,
        /// How the threat sequences are looked for.
        limits: CheckLimits,
    },
    /// Our search (from scratch, or after the dictionary's first stones), its strategy
    /// written as a certificate and re-checked.
    Search(SearchTask),
}

/// The searched proof: what to search, and where the certificate goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchTask {
    /// A dictionary file instead of Patashnik's (for the first stones).
    pub dictionary: Option<PathBuf>,
    /// The search.
    pub config: SearchConfig,
    /// Where the certificate goes, if anywhere.
    pub out: Option<PathBuf>,
    /// On the ranks of an MPI run ([`crate::proof3d::distributed`]).
    pub distributed: bool,
}

/// Why a proof is not checked, or does not hold.
#[derive(Debug, thiserror::Error)]
pub enum ProofError {
    /// Options that do not go together; the message says what to do.
    #[error("{0}")]
    Options(String),
    /// A file that cannot be read.
    #[error("cannot read {}", ludomat_io::text::path(path))]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file that cannot be written.
    #[error("writing {}", ludomat_io::text::path(path))]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// An output path refused before any work (a folder, a FIFO, a missing folder, a
    /// folder that cannot be written into).
    #[error(transparent)]
    Output(#[from] ludomat_io::output::Refused),
    /// A dictionary that cannot be read.
    #[error("{name}")]
    Dictionary {
        /// Its name.
        name: String,
        /// Why.
        source: DictionaryError,
    },
    /// The dictionary does not win.
    #[error("{name} does not win")]
    NoWin {
        /// Its name.
        name: String,
        /// Where it fails.
        source: CheckError,
    },
    /// A certificate (or a strategy written as one) that does not prove the win.
    #[error("{what} does not prove the win")]
    Certificate {
        /// Which.
        what: String,
        /// Why.
        source: CertificateError,
    },
    /// The 4×4×4×4 tree that cannot be read.
    #[error("{what}")]
    Tree {
        /// Which tree.
        what: String,
        /// Why.
        source: crate::proof::strategy::VerifyError,
    },
    /// A search refused before it starts.
    #[error(transparent)]
    Config(#[from] SearchConfigError),
    /// The proof does not hold; the message says where.
    #[error("{0}")]
    NotProved(String),
}

impl ProofOptions {
    /// The check these options ask for, in the order the flags decide it: a search, a
    /// certificate to write, the dictionary, else a certificate re-checked (`--dims 3`);
    /// the stored tree (`--dims 4`), where a 4×4×4 flag is refused, not ignored.
    ///
    /// # Errors
    /// [`ProofError::Options`] for flags that do not go together.
    pub fn task(&self) -> Result<ProofTask, ProofError> {
        let dictionary = self.dictionary.clone().flatten();
        if let Some(out) = &self.write_certificate {
            // the certificate never replaces a file this proof reads
            let reads = [
                dictionary.as_deref(),
                self.file.as_deref(),
                self.certificate.as_deref(),
            ];
            ludomat_io::output::outputs_not_inputs(&[("--write-certificate", Some(out))], &reads)?;
        }
        if self.dims == 3 {
            if self.file.is_some() {
                return Err(ProofError::Options(
                    "--file is a 4×4×4×4 strategy tree: drop --dims 3".into(),
                ));
            }
            let checks_dictionary =
                self.dictionary.is_some() || self.shortest || self.threat_depth != 20;
            let searching = self.search || self.search_after.is_some();
            let search_only = [
                ("--distributed", self.distributed),
                ("--job-expansions", self.job_expansions.is_some()),
                ("--job-cpu-ms", self.job_cpu_ms.is_some()),
            ];
            if let (false, Some((flag, _))) = (searching, search_only.iter().find(|f| f.1)) {
                return Err(ProofError::Options(format!(
                    "{flag} belongs to the search: add --search or --search-after K"
                )));
            }
            if self.distributed && self.scheme.is_some_and(|s| s != Scheme::Jobs) {
                return Err(ProofError::Options(
                    "--distributed runs the job-level search: drop --scheme (or give \
                     --scheme jobs)"
                        .into(),
                ));
            }
            return Ok(if searching {
                ProofTask::Search(SearchTask {
                    dictionary,
                    config: SearchConfig {
                        after: self.search_after.unwrap_or(0),
                        threat_depth: self.threat_depth,
                        max_expansions: self.max_expansions,
                        scheme: self.scheme.unwrap_or(if self.distributed {
                            Scheme::Jobs
                        } else {
                            Scheme::Shared
                        }),
                        threads: self.threads.map_or(0, usize::from),
                        job_expansions: self.job_expansions,
                        job_cpu_ms: self.job_cpu_ms,
                    },
                    out: self.write_certificate.clone(),
                    distributed: self.distributed,
                })
            } else if let Some(out) = &self.write_certificate {
                ProofTask::WriteCertificate {
                    dictionary,
                    out: out.clone(),
                }
            } else if checks_dictionary {
                ProofTask::Dictionary {
                    dictionary,
                    limits: CheckLimits {
                        threat_depth: self.threat_depth,
                        shortest: self.shortest,
                        ..CheckLimits::default()
                    },
                }
            } else {
                ProofTask::Certificate {
                    file: self.certificate.clone(),
                    patashnik: self.patashnik,
                }
            });
        }
        let given = [
            ("--dictionary", self.dictionary.is_some()),
            ("--certificate", self.certificate.is_some()),
            ("--patashnik", self.patashnik),
            ("--write-certificate", self.write_certificate.is_some()),
            ("--threat-depth", self.threat_depth != 20),
            ("--shortest", self.shortest),
            ("--search", self.search),
            ("--search-after", self.search_after.is_some()),
            ("--max-expansions", self.max_expansions.is_some()),
            ("--threads", self.threads.is_some()),
            ("--job-expansions", self.job_expansions.is_some()),
            ("--job-cpu-ms", self.job_cpu_ms.is_some()),
            ("--distributed", self.distributed),
        ];
        let three_d: Vec<&str> = given.iter().filter(|g| g.1).map(|g| g.0).collect();
        if !three_d.is_empty() {
            return Err(ProofError::Options(format!(
                "{} belong{} to the 4×4×4 proof: add --dims 3 (the default, --dims 4, \
                 checks the stored 4×4×4×4 tree)",
                three_d.join(", "),
                if three_d.len() == 1 { "s" } else { "" }
            )));
        }
        Ok(ProofTask::Tree {
            file: self.file.clone(),
        })
    }
}

/// What a check prints: `head` as it is, then `checker` (the independent checker's
/// account, wrapped at the terminal's width by whoever prints it), then `tail`; and apart
/// from them `timing`, how long the check took (for standard error: the same check
/// prints the same result).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProofReport {
    /// Printed as it is.
    pub head: String,
    /// The checker's account, to be wrapped.
    pub checker: String,
    /// Printed as it is, after.
    pub tail: String,
    /// The check's wall-clock and CPU time in a sentence (`Checked in 2.6 s wall, 1.0 s
    /// CPU.`), or empty.
    pub timing: String,
}

/// `Checked in 2.6 s wall, 1.0 s CPU.`: the time since `wall` and `cpu` were read.
fn took(what: &str, wall: Instant, cpu_at: Duration) -> String {
    format!(
        "{what} in {}.",
        text::wall_and_cpu(wall.elapsed(), cpu::process().saturating_sub(cpu_at))
    )
}

fn read(path: &Path, cap: u64) -> Result<Vec<u8>, ProofError> {
    ludomat_io::read::bytes(path, cap).map_err(|source| ProofError::Read {
        path: path.to_path_buf(),
        source,
    })
}

/// The dictionary to use: a file, or the bundled one; and its name.
///
/// # Errors
/// The file cannot be read or is not a dictionary.
pub fn read_dictionary(file: Option<&Path>) -> Result<(Dictionary, String), ProofError> {
    let (text, name) = match file {
        Some(f) => {
            let text = ludomat_io::read::text(f, TEXT_CAP).map_err(|source| ProofError::Read {
                path: f.to_path_buf(),
                source,
            })?;
            (text, ludomat_io::text::path(f).to_string())
        }
        #[cfg(feature = "patashnik")]
        None => (
            crate::proof3d::dictionary::PATASHNIK.to_string(),
            "Patashnik's dictionary (bundled)".to_string(),
        ),
        #[cfg(not(feature = "patashnik"))]
        None => {
            return Err(ProofError::Options(
                "this build has no dictionary (feature 'patashnik'): give one with \
                 --dictionary FILE"
                    .into(),
            ))
        }
    };
    let dict = Dictionary::parse(&text).map_err(|source| ProofError::Dictionary {
        name: name.clone(),
        source,
    })?;
    Ok((dict, name))
}

/// Refuse, before the work, a certificate that cannot be written: a folder, a FIFO or
/// device, a file in a missing folder, or a name whose extension is not `.gz` (a
/// certificate is gzip: `my.cert.gz`, never `x.json`).
///
/// # Errors
/// [`ProofError::Output`] naming `flag` and the path.
pub fn check_output(path: &Path, flag: &'static str) -> Result<(), ProofError> {
    Ok(ludomat_io::output::check_flag(
        flag,
        path,
        ludomat_io::output::GZIP,
    )?)
}

/// The independent checker's account of a certificate, one fact a line.
#[must_use]
pub fn certificate_text(r: &CertificateSummary) -> String {
    let t = |n: u64| ludomat_io::text::thousands(n);
    format!(
        "  first-player positions (merged under the 192 symmetries): {}\n  answered by a \
         stored move: {}, by a whole threat line: {} (longest: {} threes)\n  second-player \
         replies checked: {} ({} reaching a position already checked); replies leaving a \
         three open (the first player wins at once): {}\n",
        t(r.records),
        t(r.moves),
        t(r.threat_lines),
        r.longest_line,
        t(r.replies),
        t(r.merged),
        t(r.lost_at_once)
    )
}

impl ProofTask {
    /// Run a check that needs no watching (everything but [`ProofTask::Tree`] and
    /// [`ProofTask::Search`], which the caller runs with a spinner or a progress bar:
    /// [`tree_opening`], [`verify_tree`]; [`SearchTask::prepare`]).
    ///
    /// What is checked is said through `say` before the check (so it stands above an
    /// error the check ends in).
    ///
    /// # Errors
    /// [`ProofError`]: a file, or the proof not holding.
    pub fn run(&self, say: &mut dyn FnMut(&str)) -> Result<ProofReport, ProofError> {
        match self {
            ProofTask::Certificate { file, patashnik } => {
                recheck(file.as_deref(), *patashnik, None)
            }
            ProofTask::WriteCertificate { dictionary, out } => {
                write_certificate(dictionary.as_deref(), out, None)
            }
            ProofTask::Dictionary { dictionary, limits } => {
                check_dictionary(dictionary.as_deref(), *limits, None, |s| say(&s))
            }
            ProofTask::Tree { .. } | ProofTask::Search(_) => Err(ProofError::Options(
                "this proof is run with its progress shown".into(),
            )),
        }
    }

    /// The count a watcher follows, for the checks that keep one: the 4×4×4×4 tree and a
    /// dictionary ([`ProofTask::run_counted`]).
    #[must_use]
    pub fn progress(&self) -> Option<CheckProgress> {
        match self {
            ProofTask::Tree { file } => Some(CheckProgress::tree(file.as_deref())),
            ProofTask::Dictionary { dictionary, limits } => {
                Some(CheckProgress::dictionary(dictionary.as_deref(), *limits))
            }
            ProofTask::WriteCertificate { dictionary, out } => {
                let mut p = CheckProgress::certificate_written(dictionary.as_deref());
                // a stopped writing leaves the file that was there as it was: said so
                if !replacing(out).is_empty() {
                    p.kept = Some("the file that was there is left as it was");
                }
                Some(p)
            }
            ProofTask::Certificate { .. } => Some(CheckProgress::certificate_rechecked()),
            ProofTask::Search(_) => None,
        }
    }

    /// Run a check counting its positions in `progress` (from [`ProofTask::progress`]),
    /// `opening` handed what to say before the check; the other checks as
    /// [`ProofTask::run`].
    ///
    /// # Errors
    /// As [`ProofTask::run`] and [`check_tree`].
    pub fn run_counted(
        &self,
        progress: &CheckProgress,
        opening: impl FnOnce(String),
    ) -> Result<ProofReport, ProofError> {
        match self {
            ProofTask::Tree { file } => check_tree(file.as_deref(), progress, opening),
            ProofTask::Dictionary { dictionary, limits } => {
                check_dictionary(dictionary.as_deref(), *limits, Some(progress), opening)
            }
            ProofTask::Certificate { file, patashnik } => {
                recheck(file.as_deref(), *patashnik, Some(progress))
            }
            ProofTask::WriteCertificate { dictionary, out } => {
                write_certificate(dictionary.as_deref(), out, Some(progress))
            }
            other => {
                let mut opening = Some(opening);
                other.run(&mut |s| {
                    if let Some(o) = opening.take() {
                        o(s.to_string());
                    }
                })
            }
        }
    }
}

/// A certificate re-checked by the independent checker (`ludomat-qubic-verify`: its own
/// lines, symmetries and rules) — by default the bundled one found from scratch.
fn recheck(
    file: Option<&Path>,
    patashnik: bool,
    progress: Option<&CheckProgress>,
) -> Result<ProofReport, ProofError> {
    let (bytes, name) = match file {
        Some(f) => (read(f, BINARY_CAP)?, ludomat_io::text::path(f).to_string()),
        None => {
            let which = if patashnik {
                Bundled::Patashnik
            } else {
                Bundled::FromScratch
            };
            let bytes = which.bytes().ok_or_else(|| {
                ProofError::Options(format!("{} is not in this build", which.describe()))
            })?;
            (bytes.to_vec(), which.describe().to_string())
        }
    };
    let (t, c) = (Instant::now(), cpu::process());
    if let Some(p) = progress {
        p.began();
    }
    let (_, r) = check_gzip(&bytes).map_err(|source| ProofError::Certificate {
        what: name.clone(),
        source,
    })?;
    let g = ludomat_qubic_verify::Geometry::new();
    let timing = took("Checked", t, c);
    let checker = format!(
        "4×4×4: {name}, {} bytes ({} records). Re-checked by the independent checker \
         ({} lines, {} symmetries, found by itself): the first player wins against every \
         defence.\n",
        ludomat_io::text::thousands(bytes.len() as u64),
        ludomat_io::text::thousands(r.records),
        g.lines.len(),
        g.symmetries.len(),
    ) + &certificate_text(&r);
    Ok(ProofReport {
        checker,
        timing,
        ..ProofReport::default()
    })
}

fn write_file(out: &Path, gz: &[u8]) -> Result<(), ProofError> {
    ludomat_io::write::write_atomically(out, gz, ".qubic3-cert")
        .map(drop)
        .map_err(|source| ProofError::Write {
            path: out.to_path_buf(),
            source,
        })
}

/// What the written line adds when `out` replaces a file (as every output does): said,
/// never done silently; nothing for a new file.
fn replacing(out: &Path) -> &'static str {
    if std::fs::metadata(out).is_ok_and(|m| m.is_file()) {
        "; it replaced the file that was there"
    } else {
        ""
    }
}

/// The dictionary's strategy walked and stored, checked as it is written and again from
/// its bytes, written atomically.
fn write_certificate(
    dictionary: Option<&Path>,
    out: &Path,
    progress: Option<&CheckProgress>,
) -> Result<ProofReport, ProofError> {
    check_output(out, "--write-certificate")?;
    let (dict, name) = read_dictionary(dictionary)?;
    let (t, c) = (Instant::now(), cpu::process());
    let strategy = PatashnikStrategy::new(dict);
    let written = match progress {
        Some(p) => {
            p.began();
            let rechecking = || {
                p.rechecking
                    .store(true, std::sync::atomic::Ordering::Relaxed);
            };
            write_gzip_counting(&strategy, &p.checked, &rechecking)
        }
        None => write_gzip(&strategy),
    };
    let (gz, r) = written.map_err(|source| ProofError::Certificate {
        what: format!("the strategy of {name}"),
        source,
    })?;
    let replaced = replacing(out);
    write_file(out, &gz)?;
    Ok(ProofReport {
        head: format!(
            "{}: the certificate of the strategy of {name}, {} records, {} bytes, written \
             and checked{}.\n",
            ludomat_io::text::path(out),
            text::thousands(r.records),
            text::thousands(gz.len() as u64),
            replaced,
        ),
        checker: certificate_text(&r),
        tail: String::new(),
        timing: took("Written and checked", t, c),
    })
}

/// Patashnik's dictionary (or a file) checked against every defence.
fn check_dictionary(
    file: Option<&Path>,
    limits: CheckLimits,
    progress: Option<&CheckProgress>,
    say: impl FnOnce(String),
) -> Result<ProofReport, ProofError> {
    let (dict, name) = read_dictionary(file)?;
    say(format!(
        "4×4×4: {name}, {}. The first player plays a win, else the block of a three, else \
         the dictionary's move (under the 192 symmetries), else a threat sequence of at \
         most {} threes; every reply of the second player is answered.\n",
        text::count(dict.entries.len() as u64, "entry", "entries"),
        limits.threat_depth
    ));
    let (t, c) = (Instant::now(), cpu::process());
    if let Some(p) = progress {
        p.began();
    }
    let counted = progress.map(|p| p.checked.as_ref());
    let r = check_counting(&dict, limits, &[], counted).map_err(|source| ProofError::NoWin {
        name: name.clone(),
        source,
    })?;
    let lengths: Vec<String> = r
        .threat_lengths
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(l, &n)| format!("{l}: {}", text::thousands(n)))
        .collect();
    let never: Vec<String> = dict
        .entries
        .iter()
        .zip(&r.reached)
        .filter(|(_, &used)| !used)
        .map(|(e, _)| e.line.to_string())
        .collect();
    let timing = took("Verified", t, c);
    let n = text::thousands;
    let mut head = format!(
        "Verified: the first player wins against every defence.\n  positions with the \
         first player to move (merged under the symmetries): {}\n  answered by a \
         dictionary move: {}, a forced block: {}, a threat sequence: {}\n  dictionary or \
         block moves making two threes at once: {}; replies leaving a three open (the \
         first player wins at once): {}\n  threat sequences ({}) by length: {}\n",
        n(r.positions),
        n(r.dictionary_moves),
        n(r.forced_blocks),
        n(r.threat_sequences),
        n(r.double_threes),
        n(r.replies_lost_at_once),
        if limits.shortest {
            "shortest"
        } else {
            "first found"
        },
        lengths.join("; ")
    );
    if let Some((k, seq)) = &r.longest {
        head += &format!(
            "  longest threat sequence: {} threes, from the position {} (the dictionary's \
             notation), moves {}\n",
            seq.len(),
            notation(*k as u64, (*k >> 64) as u64),
            moves_text(seq)
        );
    }
    head += &format!(
        "  dictionary entries used: {} of {}; never reached: {}{}\n",
        n(r.entries_reached() as u64),
        n(dict.entries.len() as u64),
        n(never.len() as u64),
        if never.is_empty() {
            String::new()
        } else {
            format!(" (file lines {})", never.join(" "))
        }
    );
    if !dict.duplicates.is_empty() {
        head += &format!(
            "  entries symmetric to an earlier one (never consulted): {}\n",
            n(dict.duplicates.len() as u64)
        );
    }
    Ok(ProofReport {
        head,
        timing,
        ..ProofReport::default()
    })
}

/// The 4×4×4×4 strategy tree: the stored one, or a file written by the `forced4d`
/// example.
///
/// # Errors
/// The file cannot be read, or is not a tree.
pub fn read_tree(file: Option<&Path>) -> Result<AttackNode, ProofError> {
    match file {
        Some(f) => unpack(&read(f, BINARY_CAP)?).map_err(|source| ProofError::Tree {
            what: ludomat_io::text::path(f).to_string(),
            source,
        }),
        None => forced_win_4d().map_err(|source| ProofError::Tree {
            what: "reading the stored 4D strategy".into(),
            source,
        }),
    }
}

fn opening_cell(tree: &AttackNode) -> String {
    Cell::<4>::new(tree.cell as usize).map_or("?".into(), |c| c.to_string())
}

/// The tree's size and opening, said before it is checked.
#[must_use]
pub fn tree_opening(tree: &AttackNode) -> String {
    format!(
        "4×4×4×4: a strategy tree of {} (stored moves of either player; the check counts \
         the positions its lines of play go through, each line until the win is certain); \
         the first player opens at {}.\n",
        text::count(size(tree) as u64, "node", "nodes"),
        opening_cell(tree)
    )
}

/// Positions the check of the stored 4×4×4×4 tree goes through (a test counts them), so
/// a stopped check can say how far it got.
pub const STORED_TREE_POSITIONS: u64 = 16_254_366;

/// Positions the check of Patashnik's dictionary goes through under the default limits
/// (a test counts them), so a stopped check can say how far it got.
pub const PATASHNIK_POSITIONS: u64 = 317_789;

/// How far a check — the 4×4×4×4 tree ([`check_tree`]), a dictionary
/// ([`ProofTask::Dictionary`]), a certificate written or re-checked — has got, for a
/// watcher on another thread: its spinner's label and note and, if it is stopped, its stop
/// line.
#[derive(Debug)]
pub struct CheckProgress {
    /// What is read, then checked: "the tree", "the dictionary", "the certificate".
    what: &'static str,
    /// The spinner's label: "checking the tree", "writing the certificate".
    label: &'static str,
    /// The work, in a stop line: "the check", "the writing", "the re-check".
    work: &'static str,
    /// The work's unit, done (`position checked`, `positions written`); `None`: the work
    /// is not counted (the independent checker's re-check), only timed.
    unit: Option<(&'static str, &'static str)>,
    read: std::sync::atomic::AtomicBool,
    checked: std::sync::Arc<std::sync::atomic::AtomicU64>,
    total: Option<u64>,
    /// A certificate written whole and being re-checked from its bytes.
    rechecking: std::sync::atomic::AtomicBool,
    /// When the check began (the tree read), wall and the process's CPU.
    check_began: std::sync::Mutex<Option<(Instant, Duration)>>,
    /// What a stop keeps besides nothing of the work: for a certificate written over a
    /// file, that the file is left as it was.
    kept: Option<&'static str>,
}

impl CheckProgress {
    /// A check (`label` on its spinner) of `what`, counting positions checked.
    fn of(label: &'static str, what: &'static str, total: Option<u64>) -> Self {
        CheckProgress {
            what,
            label,
            work: "the check",
            unit: Some(("position checked", "positions checked")),
            read: std::sync::atomic::AtomicBool::new(false),
            checked: std::sync::Arc::default(),
            total,
            rechecking: std::sync::atomic::AtomicBool::new(false),
            check_began: std::sync::Mutex::new(None),
            kept: None,
        }
    }

    /// The check of the 4×4×4×4 tree in `file`, or of the stored tree (whose positions
    /// are known ahead).
    #[must_use]
    pub fn tree(file: Option<&Path>) -> Self {
        let total = file.is_none().then_some(STORED_TREE_POSITIONS);
        CheckProgress::of("checking the tree", "the tree", total)
    }

    /// The check of the dictionary in `file`, or of Patashnik's (whose positions are
    /// known ahead under the default limits).
    #[must_use]
    pub fn dictionary(file: Option<&Path>, limits: CheckLimits) -> Self {
        let known = file.is_none() && limits == CheckLimits::default();
        let total = known.then_some(PATASHNIK_POSITIONS);
        CheckProgress::of("checking the dictionary", "the dictionary", total)
    }

    /// The certificate of the strategy of the dictionary in `file` (or Patashnik's, whose
    /// positions are known ahead) written, then re-checked from its bytes.
    #[must_use]
    pub fn certificate_written(file: Option<&Path>) -> Self {
        let total = file.is_none().then_some(PATASHNIK_POSITIONS);
        CheckProgress {
            work: "the writing",
            unit: Some(("position written", "positions written")),
            ..CheckProgress::of("writing the certificate", "the dictionary", total)
        }
    }

    /// A certificate re-checked by the independent checker (timed, not counted: the
    /// checker is kept apart from this crate and reports nothing until it ends).
    #[must_use]
    pub fn certificate_rechecked() -> Self {
        CheckProgress {
            work: "the re-check",
            unit: None,
            ..CheckProgress::of("re-checking the certificate", "the certificate", None)
        }
    }

    /// The spinner's label: `checking the tree`.
    #[must_use]
    pub fn label(&self) -> &'static str {
        self.label
    }

    fn began(&self) {
        if let Ok(mut b) = self.check_began.lock() {
            *b = Some((Instant::now(), cpu::process()));
        }
        self.read.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    fn counts(&self) -> Option<String> {
        use std::sync::atomic::Ordering;
        let done = self.checked.load(Ordering::Relaxed);
        if !self.read.load(Ordering::Relaxed) {
            return None;
        }
        let counted = match self.total {
            _ if self.unit.is_none() => String::new(),
            Some(total) => format!(
                "{} of {}",
                text::thousands(done.min(total)),
                text::count(total, "position", "positions")
            ),
            None => text::count(done, "position", "positions"),
        };
        Some(if self.rechecking.load(Ordering::Relaxed) {
            let all = self.total.unwrap_or(done);
            format!(
                "all {} written; re-checking",
                text::count(all, "position", "positions")
            )
        } else {
            counted
        })
    }

    /// The spinner's note `elapsed` after the start: `reading the tree  2.40 s`, then
    /// `1,234,567 of 16,254,366 positions  5.00 s` (three significant digits, as every
    /// time is written; the clock of reading and checking together).
    #[must_use]
    pub fn note(&self, elapsed: Duration) -> String {
        let clock = text::whole_digits(elapsed);
        match self.counts() {
            Some(counts) if counts.is_empty() => clock,
            Some(counts) => format!("{counts}  {clock}"),
            None => format!("reading {}  {clock}", self.what),
        }
    }

    /// The stop line of the check stopped `elapsed` after the start: how far it got, how
    /// long the check itself ran (wall and CPU, the reading apart), and that nothing of
    /// it is kept (it has no safe point to keep).
    #[must_use]
    pub fn stopped(&self, elapsed: Duration) -> ludomat_io::interrupt::Stopped {
        use ludomat_io::interrupt::Stopped;
        use std::sync::atomic::Ordering;
        let began = self.check_began.lock().ok().and_then(|b| *b);
        let Some((wall, cpu0)) = began.filter(|_| self.read.load(Ordering::Relaxed)) else {
            return Stopped::with(&format!(
                "{} was still being read after {}; nothing was checked",
                self.what,
                text::duration(elapsed)
            ));
        };
        let done = self.checked.load(Ordering::Relaxed);
        let ran = text::wall_and_cpu(wall.elapsed(), cpu::process().saturating_sub(cpu0));
        let done = self.total.map_or(done, |t| done.min(t));
        if self.rechecking.load(Ordering::Relaxed) {
            return Stopped::with(&format!(
                "all {} were written, but the re-check from its bytes is not complete \
                 ({ran} in all): no certificate is written{}",
                text::count(done, "position", "positions"),
                self.kept.map_or_else(String::new, |k| format!(", and {k}"))
            ));
        }
        let kept = format!(
            "{} ran {ran} after {} was read and is not complete; {}",
            self.work,
            self.what,
            self.kept.unwrap_or("nothing of it is kept")
        );
        match self.unit {
            Some(unit) => Stopped::after(done, self.total, unit, &kept),
            None => Stopped::with(&kept),
        }
    }
}

/// The whole 4×4×4×4 check: the tree read ([`read_tree`]), `opening` handed what to say
/// before the check ([`tree_opening`], and for the stored tree where the 4×4×4 proofs
/// are), then every position checked ([`verify_tree`]) with its count kept in `progress`.
/// The timing says both parts: reading, then the check.
///
/// # Errors
/// As [`read_tree`] and [`verify_tree`].
pub fn check_tree(
    file: Option<&Path>,
    progress: &CheckProgress,
    opening: impl FnOnce(String),
) -> Result<ProofReport, ProofError> {
    let (t, c) = (Instant::now(), cpu::process());
    let tree = read_tree(file)?;
    let read_time = text::wall_and_cpu(t.elapsed(), cpu::process().saturating_sub(c));
    let mut said = tree_opening(&tree);
    if file.is_none() {
        said += "(The 4×4×4×4 proof. For the 4×4×4 win, Patashnik's and ours: 'ludomat qubic \
                 proof --dims 3'.)\n";
    }
    opening(said);
    progress.began();
    let mut report = verify_tree_counting(&tree, &progress.checked)?;
    report.timing = format!("Read the tree in {read_time}. {}", report.timing);
    Ok(report)
}

/// Every position of the tree checked against the rules (seconds; reports no steps of
/// its own): what it proves, and its time apart.
///
/// # Errors
/// [`ProofError::NotProved`]: not a win, or replies without an answer (named).
pub fn verify_tree(tree: &AttackNode) -> Result<ProofReport, ProofError> {
    verify_tree_counting(tree, &std::sync::Arc::default())
}

fn verify_tree_counting(
    tree: &AttackNode,
    seen: &std::sync::Arc<std::sync::atomic::AtomicU64>,
) -> Result<ProofReport, ProofError> {
    let (t, c) = (Instant::now(), cpu::process());
    match verify_counting(tree, seen) {
        Ok(v) => Ok(ProofReport {
            head: format!(
                "Verified against the rules: {}, every reply answered. The first player \
                 forces a win within {} of its own moves (its opening and the completing \
                 move included), at most {} in all.\n",
                text::count(v.positions, "position", "positions"),
                v.first_player_moves,
                text::count(u64::from(2 * v.first_player_moves - 1), "move", "moves")
            ),
            timing: format!(
                "Checked {} in {}: {}.",
                text::count(v.positions, "position", "positions"),
                text::wall_and_cpu(t.elapsed(), cpu::process().saturating_sub(c)),
                text::rate(v.positions as f64, t.elapsed(), "positions")
            ),
            ..ProofReport::default()
        }),
        Err(e) => {
            // the partial check fails on the same line of play as the full one: say it once
            let Ok((v, open)) = verify_partial(tree) else {
                return Err(ProofError::NotProved(format!("not a win: {e}")));
            };
            let open: Vec<String> = open
                .iter()
                .filter_map(|&c| Cell::<4>::new(c as usize))
                .map(|c| c.to_string())
                .collect();
            Err(ProofError::NotProved(format!(
                "not a full proof: the answered replies win within {} ({}), but {} to {} \
                 {} no answer: {}",
                text::count(u64::from(v.first_player_moves), "move", "moves"),
                text::count(v.positions, "position", "positions"),
                text::count(open.len() as u64, "reply", "replies"),
                ludomat_io::text::plural(open.len() as u64, "has", "have"),
                opening_cell(tree),
                open.join(" ")
            )))
        }
    }
}

/// A searched proof ready to run: the output checked, the dictionary read.
pub struct PreparedSearch {
    task: SearchTask,
    before: PatashnikStrategy,
    name: String,
}

impl SearchTask {
    /// Check the output path and read the dictionary, before any search.
    ///
    /// # Errors
    /// The output cannot be written, or the dictionary read.
    pub fn prepare(self) -> Result<PreparedSearch, ProofError> {
        if let Some(out) = &self.out {
            check_output(out, "--write-certificate")?;
        }
        let (dict, name) = read_dictionary(self.dictionary.as_deref())?;
        Ok(PreparedSearch {
            task: self,
            before: PatashnikStrategy::new(dict),
            name,
        })
    }
}

fn seconds(s: f64) -> String {
    text::duration(Duration::from_secs_f64(if s.is_finite() {
        s.max(0.0)
    } else {
        0.0
    }))
}

/// Wall-clock and CPU seconds in the one spelling (`ludomat_io::text::wall_and_cpu`).
fn secs_wall_and_cpu(wall: f64, cpu: f64) -> String {
    let d =
        |s: f64| std::time::Duration::from_secs_f64(if s.is_finite() { s.max(0.0) } else { 0.0 });
    ludomat_io::text::wall_and_cpu(d(wall), d(cpu))
}

/// The progress bar's note: expansions, CPU time and the line being searched; outside
/// the search, the phase first (the certificate's phases take seconds with every
/// position proved).
#[must_use]
pub fn search_note(p: &Progress<SearchProgress>) -> String {
    let phase = match p.partial.phase {
        Phase::Frontier => "following Patashnik to the frontier: ",
        Phase::Search | Phase::Done => "",
        Phase::Certificate => "writing the certificate: ",
        Phase::Check => "re-checking the certificate: ",
    };
    // the CPU clock first: it moves while one long position keeps the count still, and
    // a narrow bar keeps the note's first part
    let note = format!(
        "{phase}{} CPU, {} expansions  {}",
        ludomat_io::text::whole_digits(std::time::Duration::from_secs_f64(
            p.partial.cpu_seconds.max(0.0)
        )),
        ludomat_io::text::thousands(p.partial.expansions),
        p.partial.line.join(" ")
    );
    note.trim_end().to_string()
}

/// The progress bar's words outside the search (`ludomat_game::progress::Bar::stage`): the
/// phase and its clocks, which move while every position stays proved (or none is counted
/// yet), and the run's end (finished or stopped: its last frame shows no stale rate or
/// time left); `None` during the search, whose bar keeps its rate, time left and
/// [`search_note`].
#[must_use]
pub fn search_stage(p: &Progress<SearchProgress>) -> Option<String> {
    let phase = match (p.partial.phase, &p.partial.verdict) {
        (Phase::Frontier, _) => "following Patashnik to the frontier",
        (Phase::Certificate, _) => "writing the certificate",
        (Phase::Check, _) => "re-checking the certificate",
        (Phase::Done, Some(Verdict::Cancelled)) => "stopped",
        (Phase::Done, _) => "ended",
        (Phase::Search, _) => return None,
    };
    // the clocks are the whole run's, said so (not the phase's own time)
    let times = secs_wall_and_cpu(p.elapsed.as_secs_f64(), p.partial.cpu_seconds);
    Some(match p.partial.phase {
        Phase::Done => format!("{phase} after {times}"),
        _ => format!("{phase}; so far {times}"),
    })
}

impl PreparedSearch {
    /// What is about to be searched, said before the search.
    #[must_use]
    pub fn header(&self) -> String {
        let (k, depth) = (self.task.config.after, self.task.config.threat_depth);
        if k == 0 {
            format!(
                "4×4×4 from scratch: df-pn over positions merged under the 192 symmetries, \
                 threat sequences of at most {depth} threes at the leaves, no dictionary.\n"
            )
        } else {
            format!(
                "4×4×4 hybrid: {} for the first player's first {k} stones, our df-pn search \
                 from there on (threat sequences of at most {depth} threes at the leaves).\n",
                self.name
            )
        }
    }

    /// The search ([`prove`]) on this process's threads, watched and stopped through
    /// `ctx`.
    ///
    /// # Errors
    /// The search refused before it starts.
    pub fn run(&self, ctx: &mut RunContext<'_, SearchProgress>) -> Result<SearchRun, ProofError> {
        Ok(prove(&self.task.config, Some(&self.before), ctx)?)
    }

    /// The search on the ranks of the MPI run `site` (rank 0), watched through `ctx`.
    ///
    /// # Errors
    /// The search refused before it starts.
    pub fn run_on(
        &self,
        site: &Site,
        ctx: &mut RunContext<'_, SearchProgress>,
    ) -> Result<SearchRun, ProofError> {
        Ok(prove_with(
            &self.task.config,
            Some(&self.before),
            ctx,
            &mut |jobs, config, cancel, status| site.solve(jobs, config, cancel, status),
        )?)
    }

    /// The search's account: positions proved, time and counters (said whether or not
    /// the win is proved), and for the job-level search where the time went, in lines of
    /// at most `width` columns.
    ///
    /// # Errors
    /// [`ProofError::NotProved`] when the dictionary had no answer on the way to the
    /// positions the search takes over (nothing was searched).
    pub fn summary(&self, run: &SearchRun, width: usize) -> Result<String, ProofError> {
        if run.verdict == Verdict::NoFrontier {
            return Err(ProofError::NotProved(format!(
                "{} has no answer on the way to the first player's {}th stone",
                self.name, self.task.config.after
            )));
        }
        // a search stopped before any position finished has no longest position
        let longest = match (&run.work, run.longest_job()) {
            (Some(w), _) => format!(" (critical path {} CPU)", seconds(w.critical_path)),
            (None, Some(s)) => format!(" (the longest position alone {} wall)", seconds(s)),
            (None, None) => String::new(),
        };
        // a stopped search does not open as a result ("Proved 682 of 682" beside "not
        // proved" misled), nor says "Stopped" before its stop line does
        let (p, n) = (
            text::thousands(run.proved() as u64),
            text::thousands(run.jobs.len() as u64),
        );
        let head = match run.verdict {
            Verdict::Cancelled => format!("So far {p} of {n} positions proved, in"),
            _ => format!("Proved {p} of {n} positions in"),
        };
        // several searchers share their work as they go: the counts are not the same twice
        let solve = self.task.config.solve_config();
        let varies = match solve.workers() {
            n if n > 1 && solve.scheme != Scheme::PerJob => format!(
                " The counts differ from run to run: {n} searchers share their work as they \
                 go (--threads 1 gives the same counts every time)."
            ),
            _ => String::new(),
        };
        // a stopped run has no timing line after it: its whole time (following the
        // dictionary included, as the bar counted it) is said here
        let whole = match run.verdict {
            Verdict::Cancelled => format!(
                " The whole run: {}.",
                secs_wall_and_cpu(run.total.seconds, run.total.cpu_seconds)
            ),
            _ => String::new(),
        };
        let mut out = text::wrapped(
            &format!(
                "{head} {}{longest}: {}, {} evaluated, {}.{whole}{varies}",
                secs_wall_and_cpu(run.search.seconds, run.search.cpu_seconds),
                text::count(run.stats.expansions, "node expansion", "node expansions"),
                text::count(run.stats.evaluations, "leaf", "leaves"),
                text::count(
                    run.stats.threat_nodes,
                    "threat-search node",
                    "threat-search nodes"
                ),
            ),
            width,
        );
        out.push('\n');
        if let Some(w) = &run.work {
            out += &w.text(width);
        }
        Ok(out)
    }

    /// How a stopped search ended, for its stop line (`None` when it was not stopped):
    /// before any position was searched, while the certificate was written or re-checked
    /// (every position proved), or during the search.
    #[must_use]
    pub fn stopped(&self, run: &SearchRun) -> Option<ludomat_io::interrupt::Stopped> {
        use ludomat_io::interrupt::Stopped;
        if run.verdict != Verdict::Cancelled {
            return None;
        }
        let nothing = "the win is not proved (the search keeps nothing)";
        Some(match (run.jobs.len(), run.proved()) {
            (0, _) => Stopped::with(&format!(
                "{} was being followed to the positions to search: nothing was searched, \
                 and {nothing}",
                self.name
            )),
            (n, p) if p == n => Stopped::with(&format!(
                "every one of the {} was proved, but the certificate was not finished: \
                 {nothing}",
                text::count(n as u64, "position", "positions")
            )),
            (n, p) => Stopped::after(p as u64, Some(n as u64), ("position", "positions"), nothing),
        })
    }

    /// The proof told after the [`Self::summary`], its certificate written to the output
    /// (if any).
    ///
    /// # Errors
    /// [`ProofError::NotProved`] (how the search ended), or the certificate not written.
    pub fn report(&self, run: &SearchRun) -> Result<ProofReport, ProofError> {
        let not = |m: String| Err(ProofError::NotProved(m));
        let certificate = match &run.verdict {
            Verdict::Proved { certificate } => certificate,
            Verdict::NotProved { position, outcome } => {
                let how = match outcome {
                    Outcome::Disproved => "with no win found",
                    _ => "at --max-expansions",
                };
                return not(format!("not proved: the search ended {how} at {position}"));
            }
            Verdict::Cancelled => {
                return not("not proved: the search ended when stopped (Ctrl-C)".into())
            }
            Verdict::Refused { error } => {
                return not(format!(
                    "the searched strategy does not prove the win: {error}"
                ))
            }
            Verdict::Failed { error } => return not(format!("not proved: {error}")),
            Verdict::NoFrontier => return self.summary(run, 80).map(|_| ProofReport::default()),
        };
        let mut head = format!(
            "Proved: the first player wins. {} of the strategy have a searched move.\n\
             Certificate: {}, {} bytes gzip, written and re-checked by the independent \
             checker.\n",
            text::count(run.searched_moves as u64, "position", "positions"),
            text::count(certificate.records, "record", "records"),
            text::thousands(certificate.bytes as u64),
        );
        if let (Some(out), Some(gz)) = (&self.task.out, &run.certificate) {
            write_file(out, gz)?;
            head += &format!("  written to {}\n", ludomat_io::text::path(out));
        }
        Ok(ProofReport {
            head,
            checker: certificate_text(certificate),
            tail: String::new(),
            timing: format!(
                "The certificate written and re-checked in {}; the whole run: {}.",
                secs_wall_and_cpu(
                    run.certificate_time.seconds,
                    run.certificate_time.cpu_seconds
                ),
                secs_wall_and_cpu(run.total.seconds, run.total.cpu_seconds)
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_check_says_how_far_it_got() {
        let p = CheckProgress::tree(None);
        assert_eq!(
            p.note(Duration::from_millis(2_400)),
            "reading the tree  2.40 s"
        );
        assert!(
            p.stopped(Duration::from_secs(3))
                .line()
                .ends_with("the tree was still being read after 3 s; nothing was checked."),
            "{:?}",
            p.stopped(Duration::from_secs(3))
        );
        p.began();
        p.checked
            .store(65_536, std::sync::atomic::Ordering::Relaxed);
        let total = text::thousands(STORED_TREE_POSITIONS);
        assert_eq!(
            p.note(Duration::from_secs(5)),
            format!("65,536 of {total} positions  5.00 s")
        );
        let line = p.stopped(Duration::from_millis(5_250));
        assert!(
            line.line().contains(&format!(
                "after 65,536 of {total} positions checked; the check ran "
            )) && line.line().contains(" wall, ")
                && line.line().ends_with(
                    " CPU after the tree was read and is not complete; nothing of it is kept."
                ),
            "{line:?}"
        );
        // a file's tree: no total known ahead
        let f = CheckProgress::tree(Some(Path::new("t.bin")));
        f.began();
        f.checked.store(12, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(f.note(Duration::from_secs(1)), "12 positions  1.00 s");
    }

    #[test]
    fn a_certificate_written_or_rechecked_says_how_far_it_got() {
        use std::sync::atomic::Ordering;
        let p = CheckProgress::certificate_written(None);
        assert_eq!(p.label(), "writing the certificate");
        p.began();
        p.checked.store(97_024, Ordering::Relaxed);
        assert_eq!(
            p.note(Duration::from_secs(1)),
            "97,024 of 317,789 positions  1.00 s"
        );
        let line = p.stopped(Duration::from_secs(1));
        assert!(
            line.line()
                .contains("after 97,024 of 317,789 positions written; the writing ran "),
            "{line:?}"
        );
        p.checked.store(PATASHNIK_POSITIONS, Ordering::Relaxed);
        p.rechecking.store(true, Ordering::Relaxed);
        assert_eq!(
            p.note(Duration::from_secs(5)),
            "all 317,789 positions written; re-checking  5.00 s"
        );
        let line = p.stopped(Duration::from_secs(5));
        assert!(
            line.line()
                .contains("all 317,789 positions were written, but the re-check")
                && line.line().ends_with("no certificate is written."),
            "{line:?}"
        );
        // written over a file: a stop says the file is left as it was
        let out = std::env::temp_dir().join(format!("ludomat-kept-{}.gz", std::process::id()));
        ludomat_io::write::atomically(&out, b"keep").unwrap();
        let task = ProofTask::WriteCertificate {
            dictionary: None,
            out: out.clone(),
        };
        let p = task.progress().unwrap();
        p.began();
        let line = p.stopped(Duration::from_secs(1));
        assert!(
            line.line()
                .ends_with("is not complete; the file that was there is left as it was."),
            "{line:?}"
        );
        let _ = std::fs::remove_file(&out);
        let p = CheckProgress::certificate_rechecked();
        assert_eq!(
            p.note(Duration::from_secs(0)),
            "reading the certificate  0 s"
        );
        p.began();
        assert_eq!(p.note(Duration::from_secs(2)), "2.00 s");
        let line = p.stopped(Duration::from_secs(2));
        assert!(
            line.line().contains("; the re-check ran ")
                && line.line().contains("after the certificate was read"),
            "{line:?}"
        );
    }

    #[test]
    fn a_dictionary_check_says_how_far_it_got() {
        let p = CheckProgress::dictionary(None, CheckLimits::default());
        assert_eq!(p.label(), "checking the dictionary");
        assert_eq!(
            p.note(Duration::from_secs(0)),
            "reading the dictionary  0 s"
        );
        p.began();
        p.checked.store(1_024, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(
            p.note(Duration::from_secs(1)),
            "1,024 of 317,789 positions  1.00 s"
        );
        let line = p.stopped(Duration::from_secs(1));
        assert!(
            line.line()
                .contains("after 1,024 of 317,789 positions checked; the check ran ")
                && line.line().contains("after the dictionary was read"),
            "{line:?}"
        );
        // other limits, another file: no total known ahead
        let shortest = CheckLimits {
            shortest: true,
            ..CheckLimits::default()
        };
        let p = CheckProgress::dictionary(None, shortest);
        p.began();
        assert_eq!(p.note(Duration::from_secs(1)), "0 positions  1.00 s");
        let task = ProofTask::Dictionary {
            dictionary: Some("d.txt".into()),
            limits: CheckLimits::default(),
        };
        let p = task.progress().expect("a dictionary check is counted");
        p.began();
        assert_eq!(p.note(Duration::from_secs(2)), "0 positions  2.00 s");
    }

    #[test]
    fn the_search_note_names_the_certificate_phases() {
        let mut p = Progress {
            done: 12,
            total: Some(12),
            unit: "positions",
            elapsed: Duration::from_secs(7),
            last: false,
            partial: SearchProgress {
                phase: Phase::Search,
                proved: 12,
                positions: 12,
                expansions: 2_746,
                job: None,
                line: vec!["111".into()],
                cpu_seconds: 3.1,
                run_cpu_seconds: Some(3.1),
                verdict: None,
            },
        };
        assert_eq!(search_note(&p), "3.10 s CPU, 2,746 expansions  111");
        // a narrow bar keeps the moving clock
        assert_eq!(
            ludomat_io::text::fit_parts(&search_note(&p), 14),
            "3.10 s CPU, …"
        );
        p.partial.phase = Phase::Certificate;
        p.partial.line.clear();
        assert_eq!(
            search_note(&p),
            "writing the certificate: 3.10 s CPU, 2,746 expansions"
        );
        p.partial.phase = Phase::Check;
        assert!(search_note(&p).starts_with("re-checking the certificate: "));
        // the bar's stage: the phase and both clocks, no rate and no time left
        assert_eq!(
            search_stage(&p).as_deref(),
            Some("re-checking the certificate; so far 7.00 s wall, 3.10 s CPU")
        );
        p.partial.phase = Phase::Search;
        assert_eq!(search_stage(&p), None);
        // the end is a stage too: no stale rate or time left in the last frame
        p.partial.phase = Phase::Done;
        assert_eq!(
            search_stage(&p).as_deref(),
            Some("ended after 7.00 s wall, 3.10 s CPU")
        );
        p.partial.verdict = Some(Verdict::Cancelled);
        assert_eq!(
            search_stage(&p).as_deref(),
            Some("stopped after 7.00 s wall, 3.10 s CPU")
        );
    }

    #[test]
    fn a_replaced_file_is_said() {
        let out = std::env::temp_dir().join(format!("ludomat-replacing-{}.gz", std::process::id()));
        let _ = std::fs::remove_file(&out);
        assert_eq!(replacing(&out), "");
        ludomat_io::write::atomically(&out, b"hello").unwrap();
        assert_eq!(replacing(&out), "; it replaced the file that was there");
        let _ = std::fs::remove_file(&out);
    }

    #[test]
    fn the_flags_choose_the_check() {
        let o = ProofOptions::default();
        assert_eq!(o.task().unwrap(), ProofTask::Tree { file: None });
        let three = ProofOptions {
            dims: 3,
            ..ProofOptions::default()
        };
        assert_eq!(
            three.task().unwrap(),
            ProofTask::Certificate {
                file: None,
                patashnik: false
            }
        );
        let dict = ProofOptions {
            shortest: true,
            ..three.clone()
        };
        assert!(matches!(dict.task().unwrap(), ProofTask::Dictionary { .. }));
        let search = ProofOptions {
            search_after: Some(5),
            write_certificate: Some("c.gz".into()),
            ..three.clone()
        };
        let ProofTask::Search(s) = search.task().unwrap() else {
            panic!("a search")
        };
        assert_eq!(s.config.after, 5);
        let e = ProofOptions {
            shortest: true,
            threads: Some(2),
            ..ProofOptions::default()
        };
        assert_eq!(
            e.task().unwrap_err().to_string(),
            "--shortest, --threads belong to the 4×4×4 proof: add --dims 3 (the default, \
             --dims 4, checks the stored 4×4×4×4 tree)"
        );
    }

    #[test]
    fn the_bundled_certificate_is_rechecked() {
        let r = ProofTask::Certificate {
            file: None,
            patashnik: false,
        }
        .run(&mut |_| {})
        .unwrap();
        assert!(r
            .checker
            .contains("the first player wins against every defence"));
        assert!(r.checker.contains("second-player replies checked"));
    }

    #[test]
    fn a_folder_is_no_certificate_file_and_a_certificate_is_gzip() {
        let dir = std::env::temp_dir().join(format!("ludomat-cert-{}", std::process::id()));
        let folder = dir.join("c.cert.gz");
        std::fs::create_dir_all(&folder).unwrap();
        let e = check_output(&folder, "--write-certificate").unwrap_err();
        assert!(e.to_string().ends_with(": is a folder, not a file"), "{e}");
        let e = check_output(&dir.join("x.json"), "--write-certificate").unwrap_err();
        assert!(
            e.to_string()
                .ends_with("x.json: the format is chosen by the extension: .gz, not .json"),
            "{e}"
        );
        check_output(&dir.join("my.cert.gz"), "--write-certificate").unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
