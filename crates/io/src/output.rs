//! Outputs checked before the work: a long run whose chart, table, state or certificate
//! cannot be written must say so before it starts, not after hours of play.
//!
//! [`check`] refuses, up front: a folder, FIFO, device or socket at the path; a symbolic
//! link that leads nowhere; a folder that does not exist, or one that cannot be written
//! into (read-only, immutable, `/proc/…`: tried by creating and removing a probe file,
//! since permission bits do not tell about immutable files, read-only mounts or root);
//! and a format the extension does not name (`--chart scores.txt` when PNG and SVG are
//! drawn).

use std::io;
use std::path::{Path, PathBuf};

use crate::error::in_words;
use crate::read::kind_of;

/// Why an output path is refused before the work ([`check`]).
#[derive(Debug, thiserror::Error)]
pub enum OutputRefused {
    /// The path is a folder.
    #[error("is a folder, not a file")]
    Folder,
    /// Something is there, and outputs of this kind (`records`) are never replaced
    /// ([`refuse_existing`]).
    #[error(
        "a file is already there; {0} are never replaced: give another name, or remove it first"
    )]
    NeverReplaced(&'static str),
    /// The name ends in `/`: it names a folder, there or not.
    #[error("ends in '/', so it names a folder, not a file")]
    FolderName,
    /// What is there cannot be replaced (a FIFO, a device, a socket).
    #[error("is {0}, not a regular file: only a regular file is replaced")]
    Special(&'static str),
    /// A folder is wanted, and the path (or a folder above it) is something else.
    #[error("{} is {}, not a folder", crate::text::path(.0), .1)]
    NotAFolder(PathBuf, &'static str),
    /// A symbolic link to nothing.
    #[error("{}", crate::write::dangling(.0))]
    Dangling(PathBuf),
    /// The folder it would go into does not exist.
    #[error("the folder {} does not exist", crate::text::path(.0))]
    NoFolder(PathBuf),
    /// The folder cannot be written into (`the folder /proc/self does not accept new
    /// files`, with why when the system says more than that nothing is there).
    #[error("{}", crate::error::folder_takes_no_file(dir, source))]
    NotWritable {
        /// The folder.
        dir: PathBuf,
        /// What creating a file there said.
        source: io::Error,
    },
    /// The extension names no format this output is written in.
    #[error("the format is chosen by the extension: {}, not {}", expected(.allowed), found_ext(.found))]
    Format {
        /// The extension given, if any.
        found: Option<String>,
        /// The extensions that are written.
        allowed: &'static [&'static str],
    },
    /// The output is a file the same command reads (its state, its source): writing it
    /// would destroy the input.
    #[error("is the same file as {}, which this command reads: writing it would destroy it", crate::text::path(.0))]
    SameAsInput(PathBuf),
    /// An output folder is where a file the same command reads goes (its state, not
    /// made yet): the folder and the file cannot both be made there.
    #[error("is the same place as the file {}, which this command reads and writes: the folder cannot be made there", crate::text::path(.0))]
    FolderIsInput(PathBuf),
    /// The output holds saved work (a MENACE state, a tuning checkpoint …), which an
    /// output never replaces.
    #[error("holds {0}, which this would replace: choose another file, or move it away first")]
    SavedWork(&'static str),
    /// Two outputs of one run are one file: the later would replace the earlier.
    #[error("is the same file as {0} gives, which this command also writes")]
    SameAsOutput(String),
    /// The output is the file this process's standard output or error goes to (a shell's
    /// `>` or `>>`): writing it too would mix the two or replace what is printed there.
    #[error("{}", own_stream_words(.0))]
    OwnStream(&'static str),
    /// Something there that this run would replace or cannot go on from (a tuning
    /// checkpoint, records of this run's games): what is there and what to do, in words.
    #[error("{0}")]
    InTheWay(String),
    /// The path cannot be looked at.
    #[error("{0}")]
    Io(#[source] io::Error),
}

pub use crate::read::{own_stream, own_stream_words};

/// Refuse an output that is the same file as one of `inputs` (compared by device and
/// inode, so `./a`, a symbolic link or a hard link to it are caught too); where one of the
/// two does not exist yet, by the place it would be made ([`same_place`]): a state that a
/// run would save where it also writes its curve is one file as well.
///
/// # Errors
/// [`OutputRefused::SameAsInput`] naming the input; [`OutputRefused::OwnStream`] for the
/// file standard output or error goes to ([`own_stream`]).
pub fn not_an_input(output: &Path, inputs: &[&Path]) -> Result<(), OutputRefused> {
    if let Some(stream) = own_stream(output) {
        return Err(OutputRefused::OwnStream(stream));
    }
    for input in inputs {
        if same_file(output, input) {
            return Err(OutputRefused::SameAsInput(input.to_path_buf()));
        }
    }
    Ok(())
}

/// Whether `a` and `b` name one file: by device and inode when both exist, else by the
/// place a new file would be made ([`same_place`]).
#[must_use]
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
            _ => same_place(a, b),
        }
    }
    #[cfg(not(unix))]
    {
        match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(x), Ok(y)) => x == y,
            _ => same_place(a, b),
        }
    }
}

/// Whether `a` and `b` lead to one place: the end of each one's chain of symbolic links
/// in its folder, the folders compared resolved (`d/x`, `./d/x`, `d/../d/x`).
#[must_use]
pub fn same_place(a: &Path, b: &Path) -> bool {
    let place = |p: &Path| -> Option<(PathBuf, std::ffi::OsString)> {
        let end = crate::write::link_target(p).ok()?;
        let name = end.file_name()?.to_os_string();
        let dir = match end.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        Some((canonical_as_far_as_it_exists(dir)?, name))
    };
    matches!((place(a), place(b)), (Some(x), Some(y)) if x == y)
}

/// `dir` made absolute and free of links as far as it exists, the folders not made yet
/// (a run's `--out d` before it makes `d`) added by name: so `d/curve.csv` and the
/// `curve.csv` a run will write into `d` are one place before either exists.
fn canonical_as_far_as_it_exists(dir: &Path) -> Option<PathBuf> {
    let mut missing = Vec::new();
    let mut at = dir;
    loop {
        if let Ok(found) = std::fs::canonicalize(at) {
            return Some(missing.iter().rev().fold(found, |p, name| p.join(name)));
        }
        match at.file_name() {
            Some(name) => missing.push(name.to_os_string()),
            // `..` or a root that does not resolve: no place to compare
            None => return None,
        }
        at = match at.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
    }
}

/// The one rule every command follows before its work: none of the files it writes
/// (`outputs`, each with the flag that named it; `None` for an output not asked for) is
/// the same file as one it reads (`inputs`; `None` for an input not given), by any name —
/// the path itself, a symbolic link or a hard link ([`not_an_input`]). The files a command
/// writes into an output folder: [`folder_not_inputs`].
///
/// # Errors
/// A [`Refused`] naming the output's flag and path, and the input.
pub fn outputs_not_inputs(
    outputs: &[(&str, Option<&Path>)],
    inputs: &[Option<&Path>],
) -> Result<(), Refused> {
    let inputs: Vec<&Path> = inputs.iter().flatten().copied().collect();
    for (i, (flag, out)) in outputs.iter().enumerate() {
        let Some(out) = out else { continue };
        not_an_input(out, &inputs).map_err(|why| Refused {
            flag: (*flag).to_string(),
            path: out.to_path_buf(),
            why,
        })?;
        // two outputs of one run into one file: the second would replace the first
        for (other_flag, other) in &outputs[..i] {
            if other.is_some_and(|o| same_file(out, o)) {
                return Err(Refused {
                    flag: (*flag).to_string(),
                    path: out.to_path_buf(),
                    why: OutputRefused::SameAsOutput((*other_flag).to_string()),
                });
            }
        }
    }
    Ok(())
}

/// [`outputs_not_inputs`] for the files `names` a command writes into its output folder
/// `dir` (named by `flag`), and the folder itself: a state file not made yet at the
/// folder's place (`--state x --out x`) is refused before the work, not after it.
///
/// # Errors
/// A [`Refused`] naming the file in the folder, and the input.
pub fn folder_not_inputs(
    flag: &str,
    dir: &Path,
    names: &[&str],
    inputs: &[Option<&Path>],
) -> Result<(), Refused> {
    // the folder, or a folder it is to be made in, where a state not made yet goes
    // (`--state y --out y/sub`)
    if let Some(input) = inputs.iter().flatten().find(|i| {
        dir.ancestors()
            .any(|a| !a.as_os_str().is_empty() && same_file(a, i))
    }) {
        return Err(Refused {
            flag: flag.to_string(),
            path: dir.to_path_buf(),
            why: OutputRefused::FolderIsInput(input.to_path_buf()),
        });
    }
    for name in names {
        let path = dir.join(name);
        outputs_not_inputs(&[(flag, Some(&path))], inputs)?;
    }
    Ok(())
}

/// A path that runs through a file (`afile/x.pdf`): the file on the way, said as a
/// folder that is not one, so it is a refusal of the option's value as any other.
fn through_a_file(path: &Path) -> Option<OutputRefused> {
    path.ancestors().skip(1).find_map(|p| {
        let p = if p.as_os_str().is_empty() {
            Path::new(".")
        } else {
            p
        };
        match std::fs::metadata(p) {
            Ok(m) if !m.is_dir() => Some(OutputRefused::NotAFolder(
                p.to_path_buf(),
                kind_of(&m.file_type()),
            )),
            _ => None,
        }
    })
}

fn expected(allowed: &[&str]) -> String {
    let dotted: Vec<String> = allowed.iter().map(|e| format!(".{e}")).collect();
    match dotted.as_slice() {
        [] => "none".into(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn found_ext(ext: &Option<String>) -> String {
    match ext {
        Some(e) => format!(".{e}"),
        None => "a name without one".into(),
    }
}

/// An output refused, with the flag and path that named it: `--chart x.txt: the format is
/// chosen by the extension: .png or .svg, not .txt`; `--csv same.csv is also where this
/// command's standard output goes …` (a sentence of its own, no colon).
#[derive(Debug, thiserror::Error)]
#[error(
    "{flag} {}{} {why}",
    crate::text::path(path),
    if matches!(why, OutputRefused::OwnStream(_)) { "" } else { ":" }
)]
pub struct Refused {
    /// The flag (`--chart`), or what the path is for.
    pub flag: String,
    /// The path given.
    pub path: PathBuf,
    /// Why.
    #[source]
    pub why: OutputRefused,
}

impl Refused {
    /// The refusal's words as a usage error: every refusal of an output found before the
    /// work — a folder, a FIFO or a device at the path, a folder that is missing or takes
    /// no file, a format the extension does not name, an output over an input, two outputs
    /// into one, the shell's redirect target — is a refusal of an option's value, which
    /// every command says as clap says its own (status 2, `docs/VOICE.md`). Only a path
    /// that could not be looked at at all (the system's error) is not.
    #[must_use]
    pub fn usage_words(&self) -> Option<String> {
        (!matches!(self.why, OutputRefused::Io(_)) || is_usage(&self.why)).then(|| self.to_string())
    }
}

/// [`not_an_input`], the refusal naming `flag` and `path` (a [`Refused`], so a usage
/// error as every output check's).
///
/// # Errors
/// As [`not_an_input`], as a [`Refused`].
pub fn not_an_input_flag(flag: &str, output: &Path, inputs: &[&Path]) -> Result<(), Refused> {
    not_an_input(output, inputs).map_err(|why| Refused {
        flag: flag.to_string(),
        path: output.to_path_buf(),
        why,
    })
}

/// Whether `e` refuses an output because it is a stream a process has open (this process's
/// standard output or error, `/dev/stdout`, …), found by an output check, a writer or a
/// lock: the callers say every such refusal as one kind (the command line's, status 2).
#[must_use]
pub fn is_own_stream(e: &(dyn std::error::Error + 'static)) -> bool {
    match e.downcast_ref::<OutputRefused>() {
        Some(OutputRefused::OwnStream(_)) => true,
        Some(OutputRefused::Io(e)) => is_own_stream(e),
        _ => e
            .downcast_ref::<io::Error>()
            .and_then(io::Error::get_ref)
            .is_some_and(|inner| inner.is::<crate::read::OwnStream>()),
    }
}

/// Whether `e` is a refusal of the command line found before the work: an output that is
/// a stream the process has open ([`is_own_stream`]), or a file named on the command line
/// refused for what is at its path ([`crate::error::Refusal`]: a state file that is a
/// device or has other names, a loop of symbolic links). The binary says it as clap says
/// its own errors, status 2.
#[must_use]
pub fn is_usage(e: &(dyn std::error::Error + 'static)) -> bool {
    is_own_stream(e)
        || crate::error::is_refusal(e)
        || matches!(e.downcast_ref::<OutputRefused>(), Some(OutputRefused::Io(e))
            // a name too long for the system is the value refused, as any other
            if is_usage(e) || e.kind() == io::ErrorKind::InvalidFilename)
}

/// Any format: for outputs whose extension is free (a record, a state file).
pub const ANY: &[&str] = &[];
/// Charts: PNG or SVG.
pub const CHART: &[&str] = &["png", "svg"];
/// Tables: CSV.
pub const CSV: &[&str] = &["csv"];
/// Documents: PDF (a kit in one file).
pub const PDF: &[&str] = &["pdf"];
/// Compressed files: gzip (certificates, `.cert.gz`).
pub const GZIP: &[&str] = &["gz"];

/// Refuse, before the work, an output at `path` that cannot be written (see the module),
/// or whose extension is none of `formats` (any, when empty; compared ignoring case).
///
/// # Errors
/// What is wrong, as [`OutputRefused`].
pub fn check(path: &Path, formats: &'static [&'static str]) -> Result<(), OutputRefused> {
    // `newd/`: a name ending in a slash names a folder, whether or not it is there
    if path.as_os_str().as_encoded_bytes().ends_with(b"/") {
        return Err(OutputRefused::FolderName);
    }
    if !formats.is_empty() {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        if !ext.as_deref().is_some_and(|e| formats.contains(&e)) {
            return Err(OutputRefused::Format {
                found: ext,
                allowed: formats,
            });
        }
    }
    let target = crate::write::link_target(path).map_err(|e| OutputRefused::Io(in_words(e)))?;
    match std::fs::symlink_metadata(&target) {
        Ok(meta) if meta.is_dir() => return Err(OutputRefused::Folder),
        Ok(meta) if !meta.file_type().is_file() => {
            return Err(OutputRefused::Special(kind_of(&meta.file_type())))
        }
        Ok(_) => {
            if let Some(stream) = own_stream(&target) {
                return Err(OutputRefused::OwnStream(stream));
            }
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if target != path {
                return Err(OutputRefused::Dangling(target));
            }
        }
        Err(e) => return Err(through_a_file(&target).unwrap_or(OutputRefused::Io(in_words(e)))),
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(OutputRefused::NoFolder(dir.to_path_buf()));
    }
    probe(dir).map_err(|source| OutputRefused::NotWritable {
        dir: dir.to_path_buf(),
        source: in_words(source),
    })
}

/// [`check`], the refusal naming `flag` and `path`.
///
/// # Errors
/// As [`check`], as a [`Refused`].
pub fn check_flag(
    flag: &str,
    path: &Path,
    formats: &'static [&'static str],
) -> Result<(), Refused> {
    let refused = |why| Refused {
        flag: flag.to_string(),
        path: path.to_path_buf(),
        why,
    };
    check(path, formats).map_err(refused)?;
    // an output (a chart, an assembled program, a trace, tuned weights) never replaces
    // saved work; the flags that name a state file itself check it their own way
    if !STATE_FLAGS.contains(&flag) {
        if let Some(kind) = saved_work(path) {
            return Err(refused(OutputRefused::SavedWork(kind)));
        }
    }
    Ok(())
}

/// The flags that name a state file, which a run reads and saves again.
const STATE_FLAGS: [&str; 3] = ["--state", "--checkpoint", "--resume"];

/// What saved work the file at `path` holds, if it holds some: a MENACE or HER state, a
/// Threes! record or a tuning checkpoint (read from its first 4 KiB).
#[must_use]
pub fn saved_work(path: &Path) -> Option<&'static str> {
    let head = crate::read::at_most(crate::read::open(path).ok()?, 4096).ok()?;
    let text = String::from_utf8_lossy(&head);
    let text = text.trim_start();
    if !text.starts_with('{') {
        return None;
    }
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if squeezed.contains("\"format\":\"ludomat-menace") {
        Some("a MENACE state")
    } else if squeezed.contains("\"format\":\"ludomat-her") {
        Some("a HER state")
    } else if squeezed.contains("\"format\":\"ludomat-threes-record") {
        Some("a Threes! record")
    } else if squeezed.contains("\"format\":\"ludomat") {
        Some("a saved ludomat file")
    } else if squeezed.contains("\"best_mean\":") && squeezed.contains("\"tried\":") {
        Some("a tuning checkpoint")
    } else {
        None
    }
}

/// A folder the run writes files into (a kit, records): it must be a folder that can be
/// written into, or not exist yet below one that can.
///
/// # Errors
/// What is wrong, as [`OutputRefused`].
pub fn check_folder(dir: &Path) -> Result<(), OutputRefused> {
    if let Ok(meta) = std::fs::symlink_metadata(dir) {
        if meta.file_type().is_symlink() && std::fs::metadata(dir).is_err() {
            let target =
                crate::write::link_target(dir).map_err(|e| OutputRefused::Io(in_words(e)))?;
            return Err(OutputRefused::Dangling(target));
        }
    }
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => probe(dir).map_err(|source| OutputRefused::NotWritable {
            dir: dir.to_path_buf(),
            source: in_words(source),
        }),
        Ok(m) => Err(OutputRefused::NotAFolder(
            dir.to_path_buf(),
            kind_of(&m.file_type()),
        )),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            // the nearest folder that exists must take a new folder
            let mut up = dir.parent();
            while let Some(p) = up {
                let p = if p.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    p
                };
                match std::fs::metadata(p) {
                    Ok(m) if m.is_dir() => {
                        return probe(p).map_err(|source| OutputRefused::NotWritable {
                            dir: p.to_path_buf(),
                            source: in_words(source),
                        })
                    }
                    Ok(m) => {
                        return Err(OutputRefused::NotAFolder(
                            p.to_path_buf(),
                            kind_of(&m.file_type()),
                        ))
                    }
                    Err(_) => up = p.parent(),
                }
            }
            Ok(())
        }
        Err(e) => Err(through_a_file(dir).unwrap_or(OutputRefused::Io(in_words(e)))),
    }
}

/// A folder a run writes known files into (`menace train --out DIR`): the folder as
/// [`check_folder`] checks it, and each of `files` in it as [`check`] does (a FIFO, a
/// folder or a dangling link named `curve.png` is refused before the work). The refusal
/// names `flag` and the path.
///
/// # Errors
/// What is wrong, as a [`Refused`].
pub fn check_folder_of(flag: &str, dir: &Path, files: &[&str]) -> Result<(), Refused> {
    let refused = |path: &Path, why| Refused {
        flag: flag.to_string(),
        path: path.to_path_buf(),
        why,
    };
    check_folder(dir).map_err(|why| refused(dir, why))?;
    if dir.is_dir() {
        for name in files {
            let path = dir.join(name);
            check(&path, ANY).map_err(|why| refused(&path, why))?;
        }
    }
    Ok(())
}

/// Whether a file can be created in `dir`: create a probe file and remove it.
#[allow(clippy::disallowed_methods)] // the probe is created and removed at once
fn probe(dir: &Path) -> io::Result<()> {
    let probe = tempfile::Builder::new()
        .prefix(".ludomat-probe-")
        .tempfile_in(dir)?;
    probe.close()
}

/// Refuse `path` when something is already there: for outputs that are never replaced
/// (`what`: `records`), `--record keep.json: a file is already there; records are never
/// replaced: give another name, or remove it first`.
///
/// # Errors
/// The refusal, a [`Refused`] (a usage error, found before the work).
pub fn refuse_existing(path: &Path, flag: &str, what: &'static str) -> Result<(), Refused> {
    if std::fs::symlink_metadata(path).is_err() {
        return Ok(());
    }
    Err(Refused {
        flag: flag.to_string(),
        path: path.to_path_buf(),
        why: OutputRefused::NeverReplaced(what),
    })
}

#[cfg(all(test, unix))]
mod tests {

    /// A folder's name too long for the system (a name of 100,000 characters, or a path of
    /// 6,000) is refused as the option's value: a usage error.
    #[test]
    fn a_name_too_long_is_a_usage_error() {
        for name in ["x".repeat(100_000), "x/".repeat(3_000)] {
            let why = super::check_folder(std::path::Path::new(&name)).unwrap_err();
            let r = super::Refused {
                flag: "--record-dir".into(),
                path: name.into(),
                why,
            };
            let words = r.usage_words().expect("a usage error");
            assert!(words.contains("the name is too long"), "{words}");
        }
    }

    /// A file the shell's redirection already writes is said in one sentence, no colon.
    #[test]
    fn a_redirected_file_is_said_in_one_sentence() {
        let r = super::Refused {
            flag: "--csv".into(),
            path: "same.csv".into(),
            why: super::OutputRefused::OwnStream("standard output"),
        };
        assert_eq!(
            r.to_string(),
            "--csv same.csv is also where this command's standard output goes (a shell \
             redirection): writing it as well would destroy what is printed there; give \
             another file"
        );
    }

    /// Hostile re-trial: `menace --state d/curve.csv train --out d` with no `d` yet: the
    /// state and the run's curve are one place before the folder is made.
    #[test]
    fn a_file_in_a_folder_not_made_yet_is_one_place_with_its_output() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().join("d");
        assert!(same_place(&d.join("curve.csv"), &d.join("./curve.csv")));
        assert!(same_place(
            &d.join("curve.csv"),
            &dir.path().join("d/").join("curve.csv")
        ));
        assert!(!same_place(&d.join("curve.csv"), &d.join("curve.svg")));
        assert!(
            folder_not_inputs("--out", &d, &["curve.csv"], &[Some(&d.join("curve.csv"))]).is_err()
        );
        assert!(folder_not_inputs("--out", &d, &["curve.csv"], &[Some(&d.join("m.json"))]).is_ok());
    }
    use super::*;

    #[test]
    fn outputs_that_cannot_be_written_are_refused_before_the_work() {
        let dir = tempfile::tempdir().unwrap();
        let ok = dir.path().join("scores.svg");
        check(&ok, CHART).unwrap();
        check(&dir.path().join("x.PNG"), CHART).unwrap();
        let e = check(&dir.path().join("scores.txt"), CHART).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the format is chosen by the extension: .png or .svg, not .txt"
        );
        let e = check(&dir.path().join("scores"), CHART).unwrap_err();
        assert!(e.to_string().ends_with("not a name without one"), "{e}");
        assert!(matches!(
            check(dir.path(), ANY).unwrap_err(),
            OutputRefused::Folder
        ));
        assert!(matches!(
            check(Path::new("/dev/null"), ANY).unwrap_err(),
            OutputRefused::Special("a character device")
        ));
        assert!(matches!(
            check(&dir.path().join("no/such/x.csv"), CSV).unwrap_err(),
            OutputRefused::NoFolder(_)
        ));
        let link = dir.path().join("dangling.csv");
        std::os::unix::fs::symlink(dir.path().join("gone/x.csv"), &link).unwrap();
        assert!(matches!(
            check(&link, CSV).unwrap_err(),
            OutputRefused::Dangling(_)
        ));
        // /proc's folders take no new file, whatever their permission bits say.
        let e = check(Path::new("/proc/self/x.csv"), CSV).unwrap_err();
        assert!(matches!(e, OutputRefused::NotWritable { .. }), "{e}");
        // in words: no "(os error 2)", no probe file's path
        assert_eq!(
            e.to_string(),
            "the folder /proc/self does not accept new files"
        );
        // a name ending in '/' names a folder, made or not (it was "a part of the path is
        // a file, not a folder")
        let e = check(&dir.path().join("newd/"), ANY).unwrap_err();
        assert_eq!(
            e.to_string(),
            "ends in '/', so it names a folder, not a file"
        );
        let r = check_flag("--chart", Path::new("x.txt"), CHART).unwrap_err();
        assert!(
            r.to_string().starts_with("--chart x.txt: the format"),
            "{r}"
        );
        // no probe file is left behind
        let left = crate::read::entries(dir.path()).unwrap();
        assert_eq!(left, vec![link]);
    }

    #[test]
    fn a_read_only_folder_is_refused_unless_root() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let ro = dir.path().join("ro");
        std::fs::create_dir(&ro).unwrap();
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
        // SAFETY: geteuid has no side effects.
        let root = unsafe { libc::geteuid() } == 0;
        let r = check(&ro.join("x.csv"), CSV);
        assert_eq!(r.is_err(), !root, "{r:?}");
        assert_eq!(check_folder(&ro.join("kit")).is_err(), !root);
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
        check_folder(&ro.join("kit/deeper")).unwrap();
    }
}

#[cfg(all(test, unix))]
mod same_file_tests {
    use super::*;

    #[test]
    #[allow(clippy::disallowed_methods)] // the test makes its files with std
    fn an_output_that_is_an_input_is_refused_by_any_name() {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("state.json");
        crate::write::atomically(&state, "{}").unwrap();
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&state, &link).unwrap();
        let hard = dir.path().join("hard.json");
        std::fs::hard_link(&state, &hard).unwrap();
        for out in [&state, &link, &hard] {
            let e = not_an_input(out, &[&state]).unwrap_err();
            assert!(
                e.to_string()
                    .contains("state.json, which this command reads"),
                "{e}"
            );
        }
        let other = dir.path().join("kit.pdf");
        assert!(not_an_input(&other, &[&state]).is_ok());
        crate::write::atomically(&other, "x").unwrap();
        assert!(not_an_input(&other, &[&state]).is_ok());
        assert!(not_an_input(&state, &[&dir.path().join("missing")]).is_ok());
        // the one rule over a command's outputs, folders' files included
        let outputs = [("--csv", None), ("--chart", Some(link.as_path()))];
        let e = outputs_not_inputs(&outputs, &[None, Some(&state)]).unwrap_err();
        let head = format!("--chart {}: is the same file as", link.display());
        assert!(e.to_string().starts_with(&head), "{e}");
        let names = ["kit.pdf", "state.json"];
        let e = folder_not_inputs("--out", dir.path(), &names, &[Some(&hard)]).unwrap_err();
        assert!(
            e.to_string().contains("state.json: is the same file as"),
            "{e}"
        );
        assert!(folder_not_inputs("--out", dir.path(), &names[..1], &[Some(&state)]).is_ok());
    }

    #[test]
    fn an_output_through_dev_or_proc_is_refused_before_the_work() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("log.txt");
        crate::write::atomically(&log, "important line\n").unwrap();
        let file = crate::read::open(&log).unwrap();
        use std::os::fd::AsRawFd as _;
        let link = PathBuf::from(format!("/proc/self/fd/{}", file.as_raw_fd()));
        assert!(check(&link, ANY).is_err());
        let mine = dir.path().join("out.txt");
        std::os::unix::fs::symlink(&link, &mine).unwrap();
        assert!(check(&mine, ANY).is_err());
        drop(file);
    }

    #[test]
    fn a_path_through_a_file_is_refused_as_a_value() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("afile");
        crate::write::atomically(&file, "x").unwrap();
        let e = check(&file.join("x.pdf"), PDF).unwrap_err();
        assert!(
            matches!(e, OutputRefused::NotAFolder(ref p, _) if *p == file),
            "{e}"
        );
        let e = check_folder(&file.join("sub/deeper")).unwrap_err();
        assert!(
            matches!(e, OutputRefused::NotAFolder(ref p, _) if *p == file),
            "{e}"
        );
    }

    #[test]
    fn an_output_never_replaces_saved_work() {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("m.json");
        crate::write::atomically(
            &state,
            "{\n  \"format\": \"ludomat-menace\",\n  \"version\": 1}",
        )
        .unwrap();
        let e = check_flag("--out", &state, ANY).unwrap_err();
        assert!(
            matches!(e.why, OutputRefused::SavedWork("a MENACE state")),
            "{e}"
        );
        assert!(
            e.to_string()
                .contains("holds a MENACE state, which this would replace"),
            "{e}"
        );
        let tune = dir.path().join("t.json");
        crate::write::atomically(
            &tune,
            r#"{"version":1,"best":{},"best_mean":1.5,"round":1,"next":0,"tried":3}"#,
        )
        .unwrap();
        assert!(check_flag("--vcd", &tune, ANY).is_err());
        // the flags that name the state itself check it their own way
        assert!(check_flag("--checkpoint", &tune, ANY).is_ok());
        // anything else is replaced as before
        let other = dir.path().join("o.json");
        crate::write::atomically(&other, r#"{"empty": 135}"#).unwrap();
        assert!(check_flag("--out", &other, ANY).is_ok());
    }

    #[test]
    fn an_output_folder_where_a_new_state_goes_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        // `--state x --out x`, neither made yet: the state would be saved at x, then the
        // folder x could not be made
        let x = dir.path().join("x");
        let e = folder_not_inputs("--out", &x, &["curve.csv"], &[Some(&x)]).unwrap_err();
        assert!(matches!(e.why, OutputRefused::FolderIsInput(_)), "{e}");
        assert!(
            e.to_string().contains("the folder cannot be made there"),
            "{e}"
        );
        // by another spelling too
        let dotted = dir.path().join("./x");
        assert!(folder_not_inputs("--out", &dotted, &["curve.csv"], &[Some(&x)]).is_err());
        // a folder to be made inside where the state goes
        let e = folder_not_inputs("--out", &x.join("sub"), &["curve.csv"], &[Some(&x)]);
        assert!(e.is_err());
        // a state inside the folder is another file
        let inside = x.join("m.json");
        assert!(folder_not_inputs("--out", &x, &["curve.csv"], &[Some(&inside)]).is_ok());
    }

    #[test]
    fn files_not_made_yet_are_one_file_by_their_place() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().join("d");
        std::fs::create_dir(&d).unwrap();
        // a state not saved yet where the run writes its curve: one file
        let state = d.join("curve.csv");
        let e = folder_not_inputs("--out", &d, &["curve.csv"], &[Some(&state)]).unwrap_err();
        assert!(e.to_string().contains("which this command reads"), "{e}");
        let dotted = dir.path().join("d/../d/./curve.csv");
        assert!(same_file(&dotted, &state));
        assert!(!same_file(&d.join("curve.svg"), &state));
        // two outputs of one run into one new file
        let svg = dir.path().join("n.svg");
        let outputs = [
            ("--csv", Some(svg.as_path())),
            ("--chart", Some(svg.as_path())),
        ];
        let e = outputs_not_inputs(&outputs, &[]).unwrap_err();
        assert!(
            e.to_string().contains("is the same file as --csv gives"),
            "{e}"
        );
        let other = dir.path().join("n.csv");
        let outputs = [
            ("--csv", Some(other.as_path())),
            ("--chart", Some(svg.as_path())),
        ];
        assert!(outputs_not_inputs(&outputs, &[]).is_ok());
    }
}
