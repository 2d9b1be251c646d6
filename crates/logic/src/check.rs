//! Every `.bench` netlist in a folder that has atalanta's fault-free responses (a `.test`
//! file) beside it, simulated on every engine and compared pattern by pattern
//! ([`check_dir`], `ludomat logic check`), as a long run: one unit of work per file,
//! the files checked so far as the partial result.

use std::path::{Path, PathBuf};

use ludomat_game::run::{Ended, RunContext};
use serde::Serialize;

use crate::bench::{load_bench, LoadError};
use crate::vectors::{format_vector, parse_responses, VectorError};
use crate::{simulate, Engine, SimError, Ternary};

/// A pattern whose outputs differ from atalanta's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mismatch {
    /// The circuit.
    pub circuit: String,
    /// The pattern number printed in the `.test` file.
    pub pattern: u32,
    /// The `.test` file.
    pub file: PathBuf,
    /// The pattern's line in it.
    pub line: u32,
    /// atalanta's outputs.
    pub expected: String,
    /// The engine's.
    pub got: String,
    /// The first engine that differed.
    pub engine: String,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: pattern {} ({}:{}) expected {} got {} on {}",
            self.circuit,
            self.pattern,
            ludomat_io::text::path(&self.file),
            self.line,
            self.expected,
            self.got,
            self.engine
        )
    }
}

/// One file's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileCheck {
    /// The circuit (file stem).
    pub circuit: String,
    /// Responses in the `.test` file (0 when it could not be checked).
    pub responses: usize,
    /// Patterns on which some engine differed.
    pub mismatched: usize,
    /// Why the file could not be checked.
    pub error: Option<String>,
}

/// The files checked so far: the partial result, and the result.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// In name order.
    pub files: Vec<FileCheck>,
    /// Every differing pattern (once, with the first engine that differed).
    pub mismatches: Vec<Mismatch>,
}

impl CheckReport {
    /// Responses checked in all.
    #[must_use]
    pub fn responses(&self) -> usize {
        self.files.iter().map(|f| f.responses).sum()
    }

    /// Patterns on which some engine differed.
    #[must_use]
    pub fn mismatched(&self) -> usize {
        self.files.iter().map(|f| f.mismatched).sum()
    }

    /// Files that could not be checked.
    #[must_use]
    pub fn failed(&self) -> usize {
        self.files.iter().filter(|f| f.error.is_some()).count()
    }
}

/// Why a check could not start.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// The folder could not be listed.
    #[error("cannot read {}: {source}", ludomat_io::text::path(dir))]
    Dir {
        /// The folder.
        dir: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Nothing to check.
    #[error("no .bench file with a .test file beside it in {}", ludomat_io::text::path(.0))]
    Empty(PathBuf),
    /// The path given is a file, a FIFO, a device: not the folder to check.
    #[error(
        "{} is {}, not a folder: logic check takes a folder of .bench files",
        ludomat_io::text::path(.0),
        .1
    )]
    NotAFolder(PathBuf, &'static str),
}

/// Why one file could not be checked (reported in its [`FileCheck`]).
#[derive(Debug, thiserror::Error)]
enum FileError {
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error("cannot read {}: {source}", ludomat_io::text::path(path))]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {source}", ludomat_io::text::path(path))]
    Responses { path: PathBuf, source: VectorError },
    #[error(transparent)]
    Sim(#[from] SimError),
}

/// The `.bench` files in `dir` with a `.test` file beside them, in name order.
///
/// # Errors
/// The folder cannot be listed, or holds no such pair.
pub fn pairs(dir: &Path) -> Result<Vec<PathBuf>, CheckError> {
    // Names only: a FIFO or a device among them is refused when its check reads it
    // (`ludomat_io::read`), and reported as that file's error.
    let mut entries: Vec<PathBuf> = ludomat_io::read::entries(dir)
        .map_err(|source| CheckError::Dir {
            dir: dir.to_path_buf(),
            source,
        })?
        .into_iter()
        .filter(|p| {
            p.extension().is_some_and(|e| e == "bench")
                && std::fs::symlink_metadata(p.with_extension("test")).is_ok()
        })
        .collect();
    entries.sort();
    if entries.is_empty() {
        return Err(CheckError::Empty(dir.to_path_buf()));
    }
    Ok(entries)
}

/// Check one `.bench` against its `.test` on every engine (bit-parallel only when every
/// input is known: it is two-valued).
fn check_file(
    path: &Path,
    name: &str,
    out: &mut Vec<Mismatch>,
) -> Result<(usize, usize), FileError> {
    let n = load_bench(path)?;
    let tp = path.with_extension("test");
    let text = ludomat_io::read::to_string(&tp).map_err(|source| FileError::Read {
        path: tp.clone(),
        source,
    })?;
    let responses =
        parse_responses(&text, n.inputs().len(), n.outputs().len()).map_err(|source| {
            FileError::Responses {
                path: tp.clone(),
                source,
            }
        })?;
    let vectors: Vec<Vec<Ternary>> = responses.iter().map(|r| r.inputs.clone()).collect();
    let mut mismatched = vec![false; responses.len()];
    let two_valued = vectors.iter().flatten().all(|t| t.is_known());
    for engine in Engine::ALL {
        if engine == Engine::BitParallel && !two_valued {
            continue;
        }
        for (k, got) in simulate(&n, engine, &vectors)?.iter().enumerate() {
            if *got != responses[k].outputs {
                if !mismatched[k] {
                    out.push(Mismatch {
                        circuit: name.to_string(),
                        pattern: responses[k].number,
                        file: tp.clone(),
                        line: responses[k].line,
                        expected: format_vector(&responses[k].outputs),
                        got: format_vector(got),
                        engine: engine.to_string(),
                    });
                }
                mismatched[k] = true;
            }
        }
    }
    Ok((responses.len(), mismatched.iter().filter(|m| **m).count()))
}

/// Check every pair in `dir` (see [`pairs`]), reporting after each file. A file that
/// cannot be read is reported in its [`FileCheck`] and the check goes on. Cancelled, it
/// returns the files checked so far.
///
/// # Errors
/// The folder cannot be listed, or holds no `.bench` with a `.test` beside it.
pub fn check_dir(
    dir: &Path,
    ctx: &mut RunContext<'_, CheckReport>,
) -> Result<(CheckReport, Ended), CheckError> {
    // a file, a FIFO, a device: said as what it is (listing it says only ENOTDIR)
    if let Ok(m) = std::fs::metadata(dir) {
        if !m.is_dir() {
            let kind = ludomat_io::read::kind_of(&m.file_type());
            return Err(CheckError::NotAFolder(dir.to_path_buf(), kind));
        }
    }
    let entries = pairs(dir)?;
    ctx.set_total(Some(entries.len() as u64));
    let mut report = CheckReport::default();
    let mut ended = Ended::Finished;
    for (i, path) in entries.iter().enumerate() {
        let circuit = path
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        let file = match check_file(path, &circuit, &mut report.mismatches) {
            Ok((responses, mismatched)) => FileCheck {
                circuit,
                responses,
                mismatched,
                error: None,
            },
            Err(e) => FileCheck {
                circuit,
                responses: 0,
                mismatched: 0,
                error: Some(e.to_string()),
            },
        };
        report.files.push(file);
        if ctx.tick(i as u64 + 1, || report.clone()).is_break() {
            ended = Ended::Cancelled;
            break;
        }
    }
    ctx.finish(report.files.len() as u64, report.clone());
    Ok((report, ended))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
    }

    #[test]
    fn a_folder_without_pairs_is_refused_by_name() {
        let e = check_dir(&data(), &mut RunContext::new("files", None)).unwrap_err();
        assert!(
            e.to_string().contains("no .bench file with a .test file"),
            "{e}"
        );
        let e = check_dir(
            Path::new("/nonexistent"),
            &mut RunContext::new("files", None),
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("cannot read /nonexistent"), "{e}");
        // a file, or a device, is said as what it is
        let file = data().join("c17.bench");
        let e = check_dir(&file, &mut RunContext::new("files", None)).unwrap_err();
        assert!(
            e.to_string().ends_with(
                "c17.bench is a file, not a folder: logic check takes a folder of .bench files"
            ),
            "{e}"
        );
        let e = check_dir(Path::new("/dev/null"), &mut RunContext::new("files", None)).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("/dev/null is a character device, not a folder"),
            "{e}"
        );
    }

    /// Once, `.test` and `.bench` files were read uncapped and whatever they were — a
    /// FIFO hung the check, a link to /dev/zero ate the memory, a FIFO `.bench` passed as
    /// an empty netlist. Each is now that file's error, and the check goes on.
    #[cfg(unix)]
    #[test]
    fn fifos_and_devices_in_the_folder_are_refused_not_read() {
        use ludomat_io::child::Run as _;
        let dir = tempfile::tempdir().unwrap();
        let bench = ludomat_io::read::to_string(data().join("c17.bench")).unwrap();
        let mkfifo = |p: PathBuf| {
            assert!(std::process::Command::new("mkfifo")
                .arg(p)
                .run_status()
                .unwrap()
                .success());
        };
        // a.test a FIFO; b.test a link to /dev/zero; c.bench a FIFO beside a good .test
        ludomat_io::write::atomically(dir.path().join("a.bench"), &bench).unwrap();
        mkfifo(dir.path().join("a.test"));
        ludomat_io::write::atomically(dir.path().join("b.bench"), &bench).unwrap();
        std::os::unix::fs::symlink("/dev/zero", dir.path().join("b.test")).unwrap();
        mkfifo(dir.path().join("c.bench"));
        ludomat_io::write::atomically(dir.path().join("c.test"), "* nothing\n").unwrap();
        let (r, ended) = check_dir(dir.path(), &mut RunContext::new("files", None)).unwrap();
        assert_eq!(ended, Ended::Finished);
        assert_eq!(r.files.len(), 3);
        assert_eq!(r.failed(), 3, "{:?}", r.files);
        let errors: Vec<&str> = r.files.iter().filter_map(|f| f.error.as_deref()).collect();
        assert!(
            errors[0].contains("a.test") && errors[0].contains("is a FIFO"),
            "{errors:?}"
        );
        assert!(errors[1].contains("character device"), "{errors:?}");
        assert!(
            errors[2].contains("c.bench") && errors[2].contains("is a FIFO"),
            "{errors:?}"
        );
    }

    #[test]
    fn responses_are_checked_and_a_wrong_one_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let bench = ludomat_io::read::to_string(data().join("c17.bench")).unwrap();
        ludomat_io::write::atomically(dir.path().join("c17.bench"), &bench).unwrap();
        // c17: G22 = NAND(G10, G16), G23 = NAND(G16, G19); inputs G1 G2 G3 G6 G7.
        let test = "* Primary inputs :\n  1 2 3 6 7\n\n* Primary outputs:\n  22 23\n\n\
                    * Test patterns and fault free responses:\n\n  1: 00000 00\n  2: 11111 11\n";
        ludomat_io::write::atomically(dir.path().join("c17.test"), test).unwrap();
        ludomat_io::write::atomically(dir.path().join("bad.bench"), "INPUT(a)\nb = FOO(a)\n")
            .unwrap();
        ludomat_io::write::atomically(dir.path().join("bad.test"), test).unwrap();
        let (r, ended) = check_dir(dir.path(), &mut RunContext::new("files", None)).unwrap();
        assert_eq!(ended, Ended::Finished);
        assert_eq!(r.files.len(), 2);
        assert_eq!(r.failed(), 1);
        assert!(r.files[0]
            .error
            .as_deref()
            .is_some_and(|e| e.contains("bad.bench")));
        assert_eq!((r.files[1].responses, r.files[1].mismatched), (2, 1));
        assert_eq!(r.mismatches.len(), 1);
        assert_eq!(r.mismatches[0].pattern, 2);
        assert_eq!(r.mismatches[0].engine, "event");
    }
}
