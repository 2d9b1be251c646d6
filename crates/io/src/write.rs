//! Writing a whole file without ever leaving half of one: a temporary file beside the
//! target, then renamed over it (MENACE's and HER's states, certificates, kits, charts,
//! records, weights, tables). Only a regular file (or a symbolic link to one) is ever
//! replaced: a FIFO, a device or a folder at the path is refused, since renaming over it
//! would put a plain file in its place (as root, over `/dev/full`).
//!
//! One rule for every writer (whole files here, streams ([`create`]), logs, locks, the
//! checks before the work in [`crate::output`]): a symbolic link that leads nowhere is
//! refused, never followed to make a file (and folders) where it points; and no folder is
//! made that the caller did not ask for ([`folders`], for a command's own output folder).
//!
//! A new file gets the usual permissions (`0666` less the process's umask, as any
//! program's new file), not the temporary file's private `0600`; a replaced file keeps its
//! own. Files written line by line as a run goes are the [`crate::log`] module's.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::error::in_words;
use crate::read::{kind_of, own_stream_error};

/// How temporary files end.
pub const TEMP_SUFFIX: &str = ".tmp";
/// How the temporary files of [`atomically`] begin.
pub const TEMP_PREFIX: &str = ".ludomat-";

/// Write `bytes` to `path` atomically (see [`write_atomically`]), the temporary file named
/// `.ludomat-<pid>-….tmp`.
///
/// # Errors
/// When the target is refused or cannot be written (in words: [`crate::error`]).
pub fn atomically(path: impl AsRef<Path>, bytes: impl AsRef<[u8]>) -> io::Result<PathBuf> {
    write_atomically(path.as_ref(), bytes.as_ref(), TEMP_PREFIX)
}

/// Write `bytes` to `path` atomically: a reader sees the old file or the new one, never a
/// mixture. The temporary file is `<temp_prefix><pid>-….tmp` beside the target, and the
/// temporary files of writers that were killed during a save are removed first. When
/// `path` is a symbolic link, the file it points to is replaced (the link stays); an
/// existing file keeps its permissions, a new one gets the usual ones (the umask's).
/// No folder is made: a missing one is an error (see [`folders`]). When this process
/// holds the [`crate::lock::Lock`] of the file, the new file is locked before it takes
/// the old one's place. (Nothing is forced to the disk with `fsync`, which would make a
/// save after every game very slow; a power cut right after a save is left to the file
/// system's ordering of the rename.) Returns the file written.
///
/// # Errors
/// When the target is refused ([`check_target`]) or the folder or file cannot be written.
pub fn write_atomically(path: &Path, bytes: &[u8], temp_prefix: &str) -> io::Result<PathBuf> {
    replace(path, bytes, temp_prefix, None).map_err(in_words)
}

/// Write `bytes` to a new file at `path`, never over anything there, for outputs that are
/// never replaced (a game's record): the bytes go to a temporary file beside it, which
/// then takes the name only if nothing has it (a link or `rename` that fails when the
/// target exists: `NamedTempFile::persist_noclobber`), so the check and the write are one
/// step. Two processes writing one name at once: one gets it, the other an
/// `AlreadyExists` error (see [`new_file_or_beside`]). A new file gets the usual
/// permissions. Returns the file written.
///
/// # Errors
/// `AlreadyExists` when something is at `path` (or appeared there meanwhile); the folder
/// missing or not writable.
pub fn new_file(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    create_new(path, bytes, None)
}

/// [`new_file`]; the new file gets `mode` when given (else the umask's).
fn create_new(
    path: &Path,
    bytes: &[u8],
    mode: Option<std::fs::Permissions>,
) -> io::Result<PathBuf> {
    let taken = || {
        io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{} is already there", crate::text::path(path)),
        )
    };
    if std::fs::symlink_metadata(path).is_ok() {
        return Err(taken());
    }
    let mut tmp = temporary_beside(path, TEMP_PREFIX, mode.as_ref())?;
    tmp.write_all(bytes).map_err(in_words)?;
    tmp.flush().map_err(in_words)?;
    match tmp.persist_noclobber(path) {
        Ok(_) => Ok(path.to_path_buf()),
        // the temporary file is removed as the error drops it
        Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => Err(taken()),
        Err(e) => Err(in_words(e.error)),
    }
}

/// [`new_file`] at `path`, or, when something has that name (another process wrote it
/// meanwhile), at the first free `NAME-2.EXT`, `NAME-3.EXT` … beside it: nothing is
/// replaced and nothing is lost. The file written, and whether it is another name.
///
/// # Errors
/// As [`new_file`], but for `AlreadyExists` (unless 1,000 names are taken).
pub fn new_file_or_beside(path: &Path, bytes: &[u8]) -> io::Result<(PathBuf, bool)> {
    match new_file(path, bytes) {
        Ok(p) => return Ok((p, false)),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(e),
    }
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    let ext = path.extension().map(|e| e.to_string_lossy().into_owned());
    for n in 2..=1000 {
        let name = match (&stem, &ext) {
            (Some(stem), Some(ext)) => format!("{stem}-{n}.{ext}"),
            (Some(stem), None) => format!("{stem}-{n}"),
            _ => format!("record-{n}"),
        };
        let other = path.with_file_name(name);
        match new_file(&other, bytes) {
            Ok(p) => return Ok((p, true)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!(
            "{} and 999 names beside it are taken",
            crate::text::path(path)
        ),
    ))
}

/// Keep a copy of the saved work at `path` (the file its links lead to) before it is
/// started over (`--fresh`): as the first `NAME.bak-N` beside that file at which nothing
/// is — a folder, a FIFO, a dangling link there is passed by, never replaced — with the
/// file's own permissions (a private state's copy stays private). The copy's name, or
/// `None` when nothing is saved at `path`.
///
/// # Errors
/// When the file cannot be read or the copy written (in words).
pub fn keep_copy(path: &Path) -> io::Result<Option<PathBuf>> {
    let target = link_target(path).map_err(in_words)?;
    let meta = match std::fs::metadata(&target) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(in_words(e)),
    };
    let bytes = crate::read::bytes(&target, crate::read::BINARY_CAP)?;
    for n in 1..=u32::MAX {
        let mut name = target.as_os_str().to_os_string();
        name.push(format!(".bak-{n}"));
        let copy = PathBuf::from(name);
        if std::fs::symlink_metadata(&copy).is_ok() {
            continue;
        }
        // taken only if still free as it is written: two copies at once never replace
        // each other
        match create_new(&copy, &bytes, Some(meta.permissions())) {
            Ok(copy) => return Ok(Some(copy)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other("every NAME.bak-N is taken"))
}

/// [`write_atomically`]; a new file gets `mode` when given (else the umask's).
fn replace(
    path: &Path,
    bytes: &[u8],
    temp_prefix: &str,
    mode: Option<std::fs::Permissions>,
) -> io::Result<PathBuf> {
    check_target(path)?;
    let target = link_target(path)?;
    let mut tmp = temporary_beside(&target, temp_prefix, mode.as_ref())?;
    tmp.write_all(bytes)?;
    tmp.flush()?;
    if let Ok(meta) = std::fs::metadata(&target) {
        tmp.as_file().set_permissions(meta.permissions())?;
    }
    // A state file this process holds stays held under its new inode (crate::lock).
    let held = crate::held::relock(&target, tmp.as_file())?;
    let file = tmp.persist(&target).map_err(|e| e.error)?;
    if let Some(held) = held {
        held.keep(file);
    }
    Ok(target)
}

/// A temporary file in the folder of `path` (which must exist), named with `temp_prefix`
/// and this process's id, the stale ones of earlier runs removed first: what
/// [`new_file`] and [`write_atomically`] write before it takes `path`'s place. Its mode is
/// `mode` when given, else a new file's (0666 less the umask).
fn temporary_beside(
    path: &Path,
    temp_prefix: &str,
    mode: Option<&std::fs::Permissions>,
) -> io::Result<tempfile::NamedTempFile> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("the folder {} does not exist", crate::text::path(&dir)),
        ));
    }
    remove_stale_temporaries(&dir, temp_prefix);
    let prefix = format!("{temp_prefix}{}-", std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(TEMP_SUFFIX);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // The kernel takes the umask off, as for any new file.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    if let Some(mode) = mode {
        builder.permissions(mode.clone());
    }
    builder.tempfile_in(&dir).map_err(|source| {
        let kind = source.kind();
        io::Error::new(kind, crate::error::folder_takes_no_file(&dir, &source))
    })
}

/// Refuse to replace `path` (or what its links lead to) when it exists and is not a
/// regular file — a folder, a FIFO, a device or a socket — and refuse a symbolic link
/// that leads nowhere ([`dangling`]), and the file this process's standard output or
/// error goes to ([`crate::read::own_stream`]). Every writer checks it; [`crate::output::check`]
/// checks it (and more) before a long run.
///
/// # Errors
/// `InvalidInput` naming what is there, or the error of following the links.
pub fn check_target(path: &Path) -> io::Result<()> {
    let target = link_target(path).map_err(in_words)?;
    match std::fs::symlink_metadata(&target) {
        Ok(meta) if !meta.file_type().is_file() => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} is {}, not a regular file: only a regular file is replaced",
                crate::text::path(&target),
                kind_of(&meta.file_type())
            ),
        )),
        Err(e) if e.kind() == io::ErrorKind::NotFound && target != path => Err(dangling(&target)),
        Ok(_) => match crate::read::own_stream(&target) {
            // `--vcd l8.txt >> l8.txt`: the shell's redirection is kept
            Some(stream) => Err(own_stream_error(format!(
                "{} {}",
                crate::text::path(path),
                crate::read::own_stream_words(stream)
            ))),
            None => Ok(()),
        },
        _ => Ok(()),
    }
}

/// The refusal of a symbolic link that leads to `target`, where nothing is (the caller
/// names the link): `a dangling symbolic link to gone/out.png (nothing is there): …`.
#[must_use]
pub fn dangling(target: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "a dangling symbolic link to {} (nothing is there): nothing is made through it; remove the link or give another name",
            crate::text::path(target)
        ),
    )
}

/// Make the folder `dir` and the folders above it that are missing, for a command's own
/// output folder (`--out DIR`, `--record-dir`, the folder of the state file): the one way
/// a writer makes folders. A dangling symbolic link on the way is refused, and a file
/// where a folder should be is said so.
///
/// # Errors
/// In words, without the path (the caller names it): a file of that name, a dangling
/// link, a folder that cannot be made.
pub fn folders(dir: &Path) -> io::Result<()> {
    if let Ok(meta) = std::fs::symlink_metadata(dir) {
        if meta.file_type().is_symlink() && std::fs::metadata(dir).is_err() {
            let target = link_target(dir).map_err(in_words)?;
            return Err(dangling(&target));
        }
    }
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => return Ok(()),
        Ok(m) => {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!("{}, not a folder", kind_of(&m.file_type())),
            ))
        }
        Err(_) => {}
    }
    std::fs::create_dir_all(dir).map_err(|e| {
        if matches!(
            e.kind(),
            io::ErrorKind::AlreadyExists | io::ErrorKind::NotADirectory
        ) {
            io::Error::new(e.kind(), "a part of its path is a file, not a folder")
        } else {
            in_words(e)
        }
    })
}

/// The file a save replaces: `path`, or the end of its chain of symbolic links.
///
/// A link under `/dev` or `/proc` (`/dev/stdout`, `/dev/fd/3`, `/proc/self/fd/1`) leads to
/// a file this process or another has open — standard output redirected with `>>` into
/// a log, say — and is refused: replacing what it leads to would throw away what the
/// shell's redirection holds.
///
/// # Errors
/// A link that cannot be read, more than 40 of them, or one under `/dev` or `/proc`
/// (`InvalidInput`).
pub fn link_target(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                if through_an_open_file(&p) {
                    return Err(own_stream_error(format!(
                        "{} leads to a file a process has open (standard output or error, or \
                         a redirection), not to a file of its own: give a file's name",
                        crate::text::path(&p)
                    )));
                }
                let to = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(p),
        }
    }
    // (the caller names the path)
    Err(crate::error::refusal(crate::error::LOOP_OF_LINKS))
}

/// Whether the link `link` lies in `/dev` or `/proc` (its folder resolved): the links of
/// open files and standard streams.
fn through_an_open_file(link: &Path) -> bool {
    let dir = match link.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::canonicalize(dir).is_ok_and(|d| d.starts_with("/dev") || d.starts_with("/proc"))
}

/// Create a new file at `path` for a writer that streams into it (a VCD trace, an
/// archive), replacing a regular file that is there; a FIFO, a device or a folder is
/// refused (opening a FIFO would wait for a reader; a device would be written into).
/// Prefer [`atomically`] for anything that fits in memory.
///
/// # Errors
/// When the target is refused or cannot be created.
#[allow(clippy::disallowed_methods)] // the one place a file is created to stream into
pub fn create(path: impl AsRef<Path>) -> io::Result<std::fs::File> {
    let path = path.as_ref();
    check_target(path)?;
    std::fs::File::create(path).map_err(in_words)
}

/// Remove temporary files in `dir` whose writer is gone (killed during a save). On Linux a
/// writer is alive while `/proc/<pid>` exists; elsewhere files older than an hour count as
/// left behind.
fn remove_stale_temporaries(dir: &Path, temp_prefix: &str) {
    let Ok(entries) = crate::read::entries(dir) else {
        return;
    };
    for path in entries {
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let Some(rest) = name
            .strip_prefix(temp_prefix)
            .and_then(|r| r.strip_suffix(TEMP_SUFFIX))
        else {
            continue;
        };
        let pid = rest.split('-').next().and_then(|p| p.parse::<u32>().ok());
        if writer_gone(pid, &path) {
            let _ = std::fs::remove_file(&path);
        }
    }
}

fn writer_gone(pid: Option<u32>, path: &Path) -> bool {
    if cfg!(target_os = "linux") {
        if let Some(pid) = pid {
            return pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists();
        }
    }
    std::fs::symlink_metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age > std::time::Duration::from_secs(3600))
}

#[cfg(all(test, unix))]
#[allow(clippy::disallowed_methods)] // the tests build FIFOs and read back with std
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn standard_output_by_its_link_is_refused_and_what_it_leads_to_is_kept() {
        // /dev/stdout of a process whose output is redirected into a log: the log stays
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("log.txt");
        std::fs::write(&log, "important line\n").unwrap();
        let file = std::fs::File::open(&log).unwrap();
        use std::os::fd::AsRawFd as _;
        let link = PathBuf::from(format!("/proc/self/fd/{}", file.as_raw_fd()));
        let e = write_atomically(&link, b"x", ".t-").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidInput);
        assert!(e.to_string().contains("a file a process has open"), "{e}");
        assert!(check_target(&link).is_err());
        // a link of one's own to it is refused as well
        let mine = dir.path().join("out.txt");
        std::os::unix::fs::symlink(&link, &mine).unwrap();
        assert!(write_atomically(&mine, b"x", ".t-").is_err());
        assert_eq!(std::fs::read_to_string(&log).unwrap(), "important line\n");
        drop(file);
    }

    /// Second re-trial, hostile item 2: two `play threes --record race.json` at once both
    /// said saved, and the second replaced the first (checked before, written after).
    #[test]
    fn two_writers_of_one_new_file_never_replace_each_other() {
        let dir = tempfile::tempdir().unwrap();
        for round in 0..20 {
            let path = dir.path().join(format!("race-{round}.json"));
            let barrier = std::sync::Arc::new(std::sync::Barrier::new(2));
            let writers: Vec<_> = ["first", "second"]
                .into_iter()
                .map(|who| {
                    let (path, barrier) = (path.clone(), barrier.clone());
                    std::thread::spawn(move || {
                        barrier.wait();
                        (who, new_file(&path, who.as_bytes()))
                    })
                })
                .collect();
            let results: Vec<_> = writers.into_iter().map(|w| w.join().unwrap()).collect();
            let won: Vec<_> = results.iter().filter(|(_, r)| r.is_ok()).collect();
            assert_eq!(won.len(), 1, "round {round}: {results:?}");
            let lost = results.iter().find(|(_, r)| r.is_err()).unwrap();
            let e = lost.1.as_ref().unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::AlreadyExists, "{e}");
            assert_eq!(std::fs::read(&path).unwrap(), won[0].0.as_bytes());
        }
        // the loser keeps its record beside, under a free name
        let path = dir.path().join("race-0.json");
        let (other, moved) = new_file_or_beside(&path, b"third").unwrap();
        assert!(moved);
        assert_eq!(other, dir.path().join("race-0-2.json"));
        assert_eq!(std::fs::read(&other).unwrap(), b"third");
        let (next, _) = new_file_or_beside(&path, b"fourth").unwrap();
        assert_eq!(next, dir.path().join("race-0-3.json"));
        // no temporary file is left
        let left = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(TEMP_SUFFIX))
            .count();
        assert_eq!(left, 0);
        // a dangling link is something there too: never followed
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(dir.path().join("gone.json"), &link).unwrap();
        assert!(new_file(&link, b"x").is_err());
        assert!(!dir.path().join("gone.json").exists());
    }

    #[test]
    fn special_files_are_refused_and_left_in_place() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let e = write_atomically(&fifo, b"x", ".t-").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidInput);
        assert!(e.to_string().contains("a FIFO, not a regular file"), "{e}");
        assert!(std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo());
        // Through a link, too.
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&fifo, &link).unwrap();
        assert!(write_atomically(&link, b"x", ".t-").is_err());
        assert!(std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo());
        // A folder, and a device.
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).unwrap();
        let e = write_atomically(&sub, b"x", ".t-").unwrap_err();
        assert!(e.to_string().contains("a folder"), "{e}");
        let e = check_target(Path::new("/dev/null")).unwrap_err();
        assert!(e.to_string().contains("character device"), "{e}");
        assert!(create(Path::new("/dev/null")).is_err());
        // A regular file and a missing one are fine.
        let f = dir.path().join("f.json");
        write_atomically(&f, b"1", ".t-").unwrap();
        write_atomically(&f, b"2", ".t-").unwrap();
        assert_eq!(std::fs::read(&f).unwrap(), b"2");
        // No temporary file left behind by the refusals.
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(TEMP_SUFFIX))
            .collect();
        assert!(left.is_empty());
    }

    #[test]
    fn a_dangling_link_is_refused_and_no_folder_is_made_unasked() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("out.png");
        std::os::unix::fs::symlink(dir.path().join("gone/deeper/out.png"), &link).unwrap();
        for e in [
            write_atomically(&link, b"x", ".t-").unwrap_err(),
            create(&link).unwrap_err(),
            check_target(&link).unwrap_err(),
        ] {
            let text = e.to_string();
            assert!(text.starts_with("a dangling symbolic link to"), "{text}");
            assert!(text.contains("gone/deeper/out.png"), "{text}");
        }
        assert!(
            !dir.path().join("gone").exists(),
            "folders made at the link's end"
        );
        // a missing folder is not made by a save: said in words
        let e = atomically(dir.path().join("new/f.json"), "x").unwrap_err();
        assert!(e.to_string().contains("new does not exist"), "{e}");
        assert!(!dir.path().join("new").exists());
        // a folder that takes no new file: said so, without the temporary file's path
        let e = atomically("/proc/self/f.json", "x").unwrap_err();
        assert_eq!(
            e.to_string(),
            "the folder /proc/self does not accept new files"
        );
        // folders() makes it when asked, refuses a file in the way or a dangling link
        folders(&dir.path().join("new/deeper")).unwrap();
        atomically(dir.path().join("new/deeper/f.json"), "x").unwrap();
        let file = dir.path().join("file");
        atomically(&file, "x").unwrap();
        let e = folders(&file).unwrap_err().to_string();
        assert_eq!(e, "a file, not a folder");
        let e = folders(&file.join("sub")).unwrap_err().to_string();
        assert!(e.contains("a part of its path is a file"), "{e}");
        assert!(!e.contains("os error"), "{e}");
        let to_nowhere = dir.path().join("kit");
        std::os::unix::fs::symlink(dir.path().join("nowhere"), &to_nowhere).unwrap();
        let e = folders(&to_nowhere).unwrap_err().to_string();
        assert!(e.contains("dangling symbolic link"), "{e}");
        assert!(!dir.path().join("nowhere").exists());
    }

    /// The process's umask (read by setting it and putting it back: the tests of this
    /// module do not create files at the same moment on other threads that care).
    fn umask() -> u32 {
        // SAFETY: umask only swaps the process's mask.
        unsafe {
            let old = libc::umask(0o022);
            libc::umask(old);
            old
        }
    }

    /// Hostile items 10 and 11: a private state's copy was readable by all, a linked
    /// state's copy sat beside the link, and a dangling link at `.bak-3` stopped the copy
    /// ("give another name", which no one could).
    #[test]
    fn a_copy_is_private_as_its_file_beside_it_and_passes_what_is_in_the_way() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(keep_copy(&dir.path().join("none.json")).unwrap(), None);
        let real = dir.path().join("real");
        std::fs::create_dir(&real).unwrap();
        let state = real.join("s.json");
        atomically(&state, "saved").unwrap();
        std::fs::set_permissions(&state, std::fs::Permissions::from_mode(0o600)).unwrap();
        let link = dir.path().join("s.json");
        std::os::unix::fs::symlink(&state, &link).unwrap();
        // in the way: a folder, a FIFO, a dangling link
        std::fs::create_dir(real.join("s.json.bak-1")).unwrap();
        let fifo = real.join("s.json.bak-2");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        std::os::unix::fs::symlink(dir.path().join("gone"), real.join("s.json.bak-3")).unwrap();
        let copy = keep_copy(&link).unwrap().unwrap();
        assert_eq!(copy, real.join("s.json.bak-4"));
        assert_eq!(std::fs::read(&copy).unwrap(), b"saved");
        let mode = std::fs::metadata(&copy).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "mode {mode:o}");
        assert!(!dir.path().join("gone").exists());
        assert!(!dir.path().join("s.json.bak-1").exists());
    }

    #[test]
    fn a_new_file_gets_the_usual_permissions_and_an_old_one_keeps_its_own() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("kit.svg");
        atomically(&f, "new").unwrap();
        let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o777;
        // not the temporary file's 0600: 0666 less the umask
        assert_eq!(mode, 0o666 & !umask(), "mode {mode:o}");
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o640)).unwrap();
        atomically(&f, "again").unwrap();
        let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
    }
}

/// Make a write past the file-size limit (`ulimit -f`) fail with an error the writers say
/// in words ("the file is too large for this system (the file-size limit)"), keeping the
/// old file or the whole lines written, instead of SIGXFSZ ending the process without a
/// word in the middle of a save. SIGPIPE is already ignored (Rust's default): a reader
/// that goes away is a failed write, which the binary turns into a clean exit.
pub fn file_size_limit_as_an_error() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_IGN has no memory effects.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}
