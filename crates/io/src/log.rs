//! Append-only logs: a file a run writes one line at a time as its work finishes (one CSV
//! line per game, one JSON line per event), so an interrupted run keeps what it did.
//!
//! A [`Log`]
//!
//! * never empties a file: a new log is only made where no file is, or an empty one; an
//!   existing log is gone on with only when the run says so (`--resume`), and is refused
//!   otherwise, with the number of lines it holds;
//! * carries the settings that define it in its first line ([`Settings`]: the seed, the
//!   hint model, the AIs and budgets, the tuning settings …): a resumed run with other
//!   settings is refused, naming each setting that differs, instead of mixing two
//!   experiments in one file;
//! * repairs a torn last line before it appends (a run killed mid-line, a full disk): a
//!   last line that is whole but for its newline gets its newline; one cut short is
//!   refused, naming its line number, rather than glued to the next line;
//! * is locked while it is open ([`crate::lock`]): a second run on the same log is
//!   refused, naming the first;
//! * writes each line with one `write` in append mode and flushes it at once.
//!
//! The settings line of a CSV log is a comment, `# ludomat threes versus [["--seed","1"],…]`,
//! before the CSV header; readers skip lines that begin with `#` before the header. A
//! JSON-lines log starts with `{"ludomat":"…","settings":[…]}`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::lock::{Lock, LockError, Wait};
use crate::text::count;

/// The settings that define a log's lines, in the order given: `("--seed", "1")`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    pairs: Vec<(String, String)>,
}

impl Settings {
    /// No settings yet.
    #[must_use]
    pub fn new() -> Settings {
        Settings::default()
    }

    /// These settings and `name` = `value`.
    #[must_use]
    pub fn with(mut self, name: &str, value: impl ToString) -> Settings {
        self.pairs.push((name.to_string(), value.to_string()));
        self
    }

    /// The settings, in order.
    #[must_use]
    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }

    fn to_json(&self) -> String {
        serde_json::to_string(&self.pairs).unwrap_or_else(|_| "[]".into())
    }

    fn from_json(text: &str) -> Option<Settings> {
        serde_json::from_str::<Vec<(String, String)>>(text)
            .ok()
            .map(|pairs| Settings { pairs })
    }

    /// Where `self` (the log's) and `now` (the run's) differ: `--seed: 1 in the log, 2 now`.
    #[must_use]
    pub fn differences(&self, now: &Settings) -> Vec<String> {
        self.differences_in(now, "the log")
    }

    /// [`differences`](Self::differences) for settings saved in `saved` (`the checkpoint`):
    /// `--seed: '1' in the checkpoint, '2' now`.
    #[must_use]
    pub fn differences_in(&self, now: &Settings, saved: &str) -> Vec<String> {
        self.differences_named(now, &format!("in {saved}"), "now")
    }

    /// Where `self` and `other` differ, each side named by `this` and `that`:
    /// `--seed: '1' in a.csv, '9' in b.csv`.
    #[must_use]
    pub fn differences_named(&self, now: &Settings, this: &str, that: &str) -> Vec<String> {
        let mut out = Vec::new();
        let get = |s: &Settings, name: &str| {
            s.pairs
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        };
        let mut names: Vec<&str> = self.pairs.iter().map(|(n, _)| n.as_str()).collect();
        for (n, _) in &now.pairs {
            if !names.contains(&n.as_str()) {
                names.push(n);
            }
        }
        for name in names {
            let (was, is) = (get(self, name), get(now, name));
            if was != is {
                let say = |v: Option<String>| match v {
                    Some(v) => crate::text::quoted(&v, 200),
                    None => "not set".into(),
                };
                out.push(format!("{name}: {} {this}, {} {that}", say(was), say(is)));
            }
        }
        out
    }
}

/// How a log's lines are written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Format {
    /// CSV with this header line (without its newline).
    Csv(String),
    /// One JSON value a line.
    JsonLines,
}

/// What a log is: its kind (`threes versus`), its format and its settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    /// What writes it, as the settings line names it: `threes versus`.
    pub what: String,
    /// CSV or JSON lines.
    pub format: Format,
    /// The settings that define its lines.
    pub settings: Settings,
}

impl Spec {
    /// The settings line a log begins with (with its newline): for a caller that rewrites
    /// a whole log ([`Log::rewrite`]), the CSV header after it.
    #[must_use]
    pub fn settings_line(&self) -> String {
        match &self.format {
            Format::Csv(_) => format!("# ludomat {} {}\n", self.what, self.settings.to_json()),
            Format::JsonLines => self.head(),
        }
    }

    /// Whether `text` holds no more than a new log's first lines (this kind of log's
    /// settings line, of any settings, and the CSV header, either cut short): no line of a
    /// run.
    fn only_head(&self, text: &str) -> bool {
        let mut lines = text.lines();
        let first = lines.next().unwrap_or_default();
        let rest: Vec<&str> = lines.collect();
        let whole = text.ends_with('\n');
        self.read_settings(first)
            .is_some_and(|_| whole || !rest.is_empty())
            && match &self.format {
                Format::Csv(header) => match rest.as_slice() {
                    [] => true,
                    [h] => h == header || (!whole && header.starts_with(h)),
                    _ => false,
                },
                Format::JsonLines => rest.is_empty(),
            }
    }

    /// The first line(s) of a new log, with their newlines.
    fn head(&self) -> String {
        match &self.format {
            Format::Csv(header) => format!(
                "# ludomat {} {}\n{header}\n",
                self.what,
                self.settings.to_json()
            ),
            Format::JsonLines => format!(
                "{{\"ludomat\":{},\"settings\":{}}}\n",
                serde_json::to_string(&self.what).unwrap_or_default(),
                self.settings.to_json()
            ),
        }
    }

    /// The settings a log's first line holds, if it is this kind of log's (for a reader
    /// that combines logs and must not mix two kinds of run).
    #[must_use]
    pub fn read_settings(&self, first: &str) -> Option<Settings> {
        match self.format {
            Format::Csv(_) => {
                let rest = first.strip_prefix(&format!("# ludomat {} ", self.what))?;
                Settings::from_json(rest.trim())
            }
            Format::JsonLines => {
                #[derive(serde::Deserialize)]
                struct Head {
                    ludomat: String,
                    settings: Vec<(String, String)>,
                }
                let h: Head = serde_json::from_str(first).ok()?;
                (h.ludomat == self.what).then_some(Settings { pairs: h.settings })
            }
        }
    }
}

/// Whether a run goes on with a log that is already there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resume {
    /// Go on with it (`--resume`).
    Yes,
    /// Refuse it, saying that `--resume` goes on with it.
    No,
    /// Refuse it: the command cannot go on with a log (it has no `--resume`), so the
    /// message names no such flag.
    Never,
}

impl From<bool> for Resume {
    /// `--resume` given or not, for a command that has it.
    fn from(resume: bool) -> Resume {
        if resume {
            Resume::Yes
        } else {
            Resume::No
        }
    }
}

/// Why a log cannot be opened.
#[derive(Debug, thiserror::Error)]
pub enum LogError {
    /// A log is there and the run was not asked to go on with it.
    #[error("{} already holds {} of an earlier run; it is never emptied: {}", crate::text::path(path), count(*lines, "line", "lines"), if *resume_flag { "give --resume to go on with it, or write to another file" } else { "write to another file, or remove it first" })]
    Exists {
        /// The log.
        path: PathBuf,
        /// Its lines.
        lines: u64,
        /// Whether the command has `--resume` (the message names it).
        resume_flag: bool,
    },
    /// A file is there that this kind of log did not write (a run without `--resume`).
    #[error("{} is not a log of 'ludomat {what}' (its first line is no settings line of one); it is never emptied: write to another file, or remove it first", crate::text::path(path))]
    NotThisLog {
        /// The file.
        path: PathBuf,
        /// The kind of log.
        what: String,
    },
    /// The log was written with other settings.
    #[error("{} was written with other settings, so its lines cannot be mixed with this run's: {}; give the same settings, or write to another file", crate::text::path(path), differences.join("; "))]
    Settings {
        /// The log.
        path: PathBuf,
        /// What differs.
        differences: Vec<String>,
    },
    /// The file has no settings line of this kind of log.
    #[error("{} is not a log of 'ludomat {what}' with its settings line (written by another command, or by an older ludomat): its settings cannot be checked; write to another file", crate::text::path(path))]
    NoSettings {
        /// The log.
        path: PathBuf,
        /// The kind of log.
        what: String,
    },
    /// The last line was cut short.
    #[error("{}: {} is cut short (no newline at its end: a run stopped in the middle of writing it, or a full disk); remove that line, then go on", crate::text::path(path), crate::text::line(*line))]
    Torn {
        /// The log.
        path: PathBuf,
        /// The torn line's number.
        line: u64,
    },
    /// The log is in use.
    #[error(transparent)]
    Lock(#[from] LockError),
    /// Reading or writing failed.
    #[error("{}: {source}", crate::text::path(path))]
    Io {
        /// The log.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

impl LogError {
    /// Whether this refuses the file a flag named, before the work: a log of an earlier
    /// run, or a file that is no such log, where a new one was asked for. A usage error
    /// (status 2), as every output refused before the work is (`docs/VOICE.md`).
    #[must_use]
    pub fn is_refusal(&self) -> bool {
        matches!(self, LogError::Exists { .. } | LogError::NotThisLog { .. })
    }
}

/// An open append-only log (see the module), locked until dropped.
#[derive(Debug)]
pub struct Log {
    path: PathBuf,
    file: std::fs::File,
    /// The length of the file when its last line was written whole: what a failed write
    /// is cut back to.
    whole: u64,
    _lock: Lock,
}

/// A log opened: the log, and the text that was already in it (settings line included;
/// empty for a new log), for the caller to read the lines done.
#[derive(Debug)]
pub struct Opened {
    /// The log, ready to append.
    pub log: Log,
    /// What it held.
    pub existing: String,
}

impl Log {
    /// Open the log at `path` as `spec` describes it: a new one where no file (or an empty
    /// one) is; an existing one only when `resume` is [`Resume::Yes`], and only when its settings are
    /// `spec`'s and its last line is whole (`complete` tells whether a last line without
    /// its newline is nonetheless whole: then the newline is added). A `resume` of a log
    /// that does not exist starts a new one.
    ///
    /// # Errors
    /// See [`LogError`].
    #[allow(clippy::disallowed_methods)] // the one place a log is opened to append
    pub fn open(
        path: &Path,
        spec: &Spec,
        resume: Resume,
        wait: Wait,
        complete: &dyn Fn(&str) -> bool,
    ) -> Result<Opened, LogError> {
        let io_err = |source| LogError::Io {
            path: path.to_path_buf(),
            source: crate::error::in_words(source),
        };
        crate::write::check_target(path).map_err(io_err)?;
        let lock = Lock::acquire(path, wait)?;
        let mut existing = match std::fs::metadata(path) {
            Ok(_) => crate::read::text(path, crate::read::TEXT_CAP).map_err(io_err)?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(io_err(e)),
        };
        let mut repair = false;
        // a log with only its first lines (no run ended a line in it: an engine refused at
        // the start, a run stopped before its first game) holds no earlier run: begun anew
        let fresh = !existing.is_empty() && spec.only_head(&existing);
        if fresh {
            existing.clear();
        }
        if !existing.is_empty() {
            let lines = existing.lines().count() as u64;
            if resume != Resume::Yes {
                // a file this kind of log never wrote (a MENACE state, another command's
                // CSV) is not "lines of an earlier run"
                let first = existing.lines().next().unwrap_or_default();
                if spec.read_settings(first).is_none() {
                    return Err(LogError::NotThisLog {
                        path: path.to_path_buf(),
                        what: spec.what.clone(),
                    });
                }
                return Err(LogError::Exists {
                    path: path.to_path_buf(),
                    lines,
                    resume_flag: resume == Resume::No,
                });
            }
            let first = existing.lines().next().unwrap_or_default();
            let Some(settings) = spec.read_settings(first) else {
                return Err(LogError::NoSettings {
                    path: path.to_path_buf(),
                    what: spec.what.clone(),
                });
            };
            let differences = settings.differences(&spec.settings);
            if !differences.is_empty() {
                return Err(LogError::Settings {
                    path: path.to_path_buf(),
                    differences,
                });
            }
            if !existing.ends_with('\n') {
                let last = existing.rsplit('\n').next().unwrap_or_default();
                if !complete(last) {
                    return Err(LogError::Torn {
                        path: path.to_path_buf(),
                        line: lines,
                    });
                }
                repair = true;
            }
        }
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .map_err(io_err)?;
        if fresh {
            file.set_len(0).map_err(io_err)?;
        }
        let mut head = String::new();
        if existing.is_empty() {
            head = spec.head();
        } else if repair {
            head.push('\n');
        }
        if !head.is_empty() {
            file.write_all(head.as_bytes())
                .and_then(|()| file.flush())
                .map_err(io_err)?;
            if repair {
                existing.push('\n');
            }
        }
        let whole = file.metadata().map_err(io_err)?.len();
        Ok(Opened {
            log: Log {
                path: path.to_path_buf(),
                file,
                whole,
                _lock: lock,
            },
            existing,
        })
    }

    /// Append `line` (its newline added when missing) and flush it at once. A line is
    /// written whole or not at all: when the write fails part-way (a full disk, the
    /// file-size limit), the file is cut back to its last whole line, so a reader (and a
    /// `--resume`) never meets a torn line.
    ///
    /// # Errors
    /// When it cannot be written (in words).
    pub fn append(&mut self, line: &str) -> io::Result<()> {
        let mut whole = String::with_capacity(line.len() + 1);
        whole.push_str(line);
        if !whole.ends_with('\n') {
            whole.push('\n');
        }
        match self
            .file
            .write_all(whole.as_bytes())
            .and_then(|()| self.file.flush())
        {
            Ok(()) => {
                self.whole += whole.len() as u64;
                Ok(())
            }
            Err(e) => {
                // cutting back only shortens the file: it cannot meet the size limit
                let _ = self.file.set_len(self.whole);
                Err(crate::error::in_words(e))
            }
        }
    }

    /// [`Log::append`], the error in words naming the file and saying what it keeps.
    ///
    /// # Errors
    /// When it cannot be written.
    pub fn line(&mut self, line: &str) -> Result<(), String> {
        self.append(line).map_err(|e| {
            format!(
                "cannot write {}: {e}; the lines written before are kept, each whole",
                crate::text::path(&self.path)
            )
        })
    }

    /// The log's path.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Replace the whole log at once (atomically) with `text`, which must begin with the
    /// log's own first lines: for a run that puts its lines in order at the end. The lock
    /// is kept.
    ///
    /// # Errors
    /// When it cannot be written.
    pub fn rewrite(&mut self, text: &str) -> io::Result<()> {
        crate::write::atomically(&self.path, text)?;
        Ok(())
    }
}

/// The lines of a log's text after its settings line(s) — the comment lines at its top —
/// with their numbers in the file (from 1): what a reader parses.
pub fn body(text: &str) -> impl Iterator<Item = (u64, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i as u64 + 1, l))
        .skip_while(|(_, l)| l.starts_with('#'))
}

#[cfg(all(test, unix))]
#[allow(clippy::disallowed_methods)] // the tests tear files with std
mod tests {
    use super::*;

    fn spec(seed: u64) -> Spec {
        Spec {
            what: "threes versus".into(),
            format: Format::Csv("a,b".into()),
            settings: Settings::new()
                .with("--seed", seed)
                .with("--hint-model", "plus"),
        }
    }

    fn whole(line: &str) -> bool {
        line.split(',').count() == 2
    }

    #[test]
    fn a_log_is_never_emptied_and_resumes_only_with_its_settings() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("curve.csv");
        let mut opened = Log::open(&path, &spec(1), Resume::No, Wait::No, &whole).unwrap();
        assert_eq!(opened.existing, "");
        opened.log.line("1,2").unwrap();
        // a second run on the same log while the first has it: refused
        let e = Log::open(&path, &spec(1), Resume::Yes, Wait::No, &whole).unwrap_err();
        assert!(matches!(e, LogError::Lock(_)), "{e}");
        drop(opened);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            "# ludomat threes versus [[\"--seed\",\"1\"],[\"--hint-model\",\"plus\"]]\na,b\n1,2\n"
        );
        // without --resume: refused, the file as it was
        let e = Log::open(&path, &spec(1), Resume::No, Wait::No, &whole).unwrap_err();
        assert!(
            e.to_string()
                .contains("already holds 3 lines of an earlier run"),
            "{e}"
        );
        assert!(e.to_string().contains("--resume"), "{e}");
        // a command that has no --resume names none
        let e = Log::open(&path, &spec(1), Resume::Never, Wait::Never, &whole).unwrap_err();
        assert!(!e.to_string().contains("--resume"), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        // another seed: refused, naming it
        let e = Log::open(&path, &spec(2), Resume::Yes, Wait::No, &whole).unwrap_err();
        assert!(
            e.to_string().contains("--seed: '1' in the log, '2' now"),
            "{e}"
        );
        // the same settings: the lines done come back, and the log goes on
        let mut again = Log::open(&path, &spec(1), Resume::Yes, Wait::No, &whole).unwrap();
        assert_eq!(again.existing, text);
        assert_eq!(
            body(&again.existing).collect::<Vec<_>>(),
            [(2, "a,b"), (3, "1,2")]
        );
        again.log.line("3,4\n").unwrap();
        drop(again);
        assert!(std::fs::read_to_string(&path)
            .unwrap()
            .ends_with("1,2\n3,4\n"));
    }

    #[test]
    fn a_torn_last_line_is_repaired_or_refused_by_number() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("curve.csv");
        drop(Log::open(&path, &spec(1), Resume::No, Wait::No, &whole).unwrap());
        let head = std::fs::read_to_string(&path).unwrap();
        // whole but for its newline: repaired
        std::fs::write(&path, format!("{head}1,2")).unwrap();
        let mut o = Log::open(&path, &spec(1), Resume::Yes, Wait::No, &whole).unwrap();
        o.log.line("3,4").unwrap();
        drop(o);
        assert!(std::fs::read_to_string(&path)
            .unwrap()
            .ends_with("\n1,2\n3,4\n"));
        // cut short: refused, naming line 5, the file untouched
        let torn = format!("{head}1,2\n3,4\n5");
        std::fs::write(&path, &torn).unwrap();
        let e = Log::open(&path, &spec(1), Resume::Yes, Wait::No, &whole).unwrap_err();
        assert!(e.to_string().contains("line 5 is cut short"), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), torn);
        // a file of another kind: no settings line
        std::fs::write(&path, "a,b\n1,2\n").unwrap();
        let e = Log::open(&path, &spec(1), Resume::Yes, Wait::No, &whole).unwrap_err();
        assert!(matches!(e, LogError::NoSettings { .. }), "{e}");
    }

    #[test]
    fn json_lines_carry_their_settings_too() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tune.jsonl");
        let spec = Spec {
            what: "threes tune".into(),
            format: Format::JsonLines,
            settings: Settings::new().with("--games", 20),
        };
        let mut o = Log::open(&path, &spec, Resume::No, Wait::No, &|_| false).unwrap();
        o.log.line("{\"mean\":1}").unwrap();
        drop(o);
        let o = Log::open(&path, &spec, Resume::Yes, Wait::No, &|_| false).unwrap();
        assert!(o.existing.starts_with("{\"ludomat\":\"threes tune\""));
        drop(o);
        let other = Spec {
            settings: Settings::new().with("--games", 40),
            ..spec
        };
        assert!(Log::open(&path, &other, Resume::Yes, Wait::No, &|_| false).is_err());
    }

    #[test]
    fn a_log_with_only_its_first_lines_is_no_earlier_run() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("curve.csv");
        // a run that wrote its head and no line (an engine refused at the start), with
        // other settings: the next run, without --resume, begins the log anew
        drop(Log::open(&path, &spec(2), Resume::No, Wait::No, &whole).unwrap());
        let o = Log::open(&path, &spec(1), Resume::No, Wait::No, &whole).unwrap();
        assert_eq!(o.existing, "");
        drop(o);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with("# ludomat threes versus [[\"--seed\",\"1\"]"),
            "{text}"
        );
        assert_eq!(text.lines().count(), 2, "{text}");
        // a head cut short in its CSV header: the same
        std::fs::write(&path, format!("{}a", spec(3).settings_line())).unwrap();
        assert!(Log::open(&path, &spec(1), Resume::Never, Wait::No, &whole).is_ok());
        // one line of a run: an earlier run
        std::fs::write(&path, format!("{}a,b\n1,2\n", spec(1).settings_line())).unwrap();
        let e = Log::open(&path, &spec(1), Resume::No, Wait::No, &whole).unwrap_err();
        assert!(matches!(e, LogError::Exists { lines: 3, .. }), "{e}");
        // another file's lines are never taken for a head
        std::fs::write(&path, "a,b\n").unwrap();
        let e = Log::open(&path, &spec(1), Resume::No, Wait::No, &whole).unwrap_err();
        assert!(matches!(e, LogError::NotThisLog { .. }), "{e}");
    }
}
