//! State files locked while a process uses them: two `menace train` on one state file
//! would each load it, train, and save over the other's work. A process that means to
//! write a state file takes its [`Lock`] first; a second one is refused, naming the
//! process that holds it, or waits for it ([`Wait::Yes`], the binary's `--wait-lock`).
//!
//! A lock is held on what the file *is*, not only on its name. Two advisory locks
//! (`flock`, through `std::fs::File::try_lock`) are taken:
//!
//! * on a side file, `PATH.lock` (after following symbolic links), which stays when a
//!   save replaces the state file by renaming a new one over it, and which holds the
//!   holder's process id and command, for the message; and
//! * on the state file itself when it exists, so that a second name for the same file (a
//!   hard link: another `PATH.lock`) is refused too. A save of this process through
//!   [`crate::write`] locks the new file before it takes the old one's place, and the
//!   file first locked stays locked as well, so every name the state had is held for as
//!   long as the lock lives.
//!
//! The kernel releases the locks when the holder ends, however it ends (`kill -9`
//! included), so a stale side file never blocks anyone. A holder that ends normally (or
//! is stopped by Ctrl-C or SIGTERM, which end it normally) removes its side file while it
//! still holds it; a process that locks a side file then checks that it is still the
//! file at the name, and opens the name again if not, so no empty `PATH.lock` is left and
//! no two processes hold one state. Readers (`menace stats`) take no
//! lock: saves are atomic.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Duration;

use crate::error::in_words;

/// Whether to wait for a lock another process holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Wait {
    /// Refuse at once, naming the holder and the flag that waits (`--wait-lock`).
    #[default]
    No,
    /// Wait until the holder is done.
    Yes,
    /// Refuse at once, naming the holder: for a command that has no `--wait-lock`, so the
    /// message names no flag.
    Never,
}

/// A state file held by another process.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds it.
    #[error("{} is in use by {holder}; wait for it to end{}", crate::text::path(path), if *wait_flag { ", or give --wait-lock to wait" } else { "" })]
    Held {
        /// The state file.
        path: PathBuf,
        /// Who holds it: "process 1234 (ludomat menace train …)", as far as known.
        holder: String,
        /// Whether the command has `--wait-lock` (the message names it).
        wait_flag: bool,
    },
    /// The file is no place to write to: the shell's redirection of this command's own
    /// output, or a file with more than one name (a hard link to it elsewhere: a save
    /// writes a new file under this name only, so the other names would keep the old
    /// content — the file split in two without a word); refused before the work, as the
    /// command line's error (the check's words name the file; no lock words before them).
    #[error("{source}")]
    Refused {
        /// Why.
        source: io::Error,
    },
    /// The file cannot be locked.
    #[error("{} cannot be locked for this run: {source}", crate::text::path(path))]
    Io {
        /// The state file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The side file `PATH.lock` cannot be used: a symbolic link (never followed: the
    /// lock would be taken on, and the holder's words written into, whatever it names), a
    /// folder, a device, or a name another process keeps replacing.
    #[error("{} cannot be locked for this run: its lock file {} is {what}; remove it (no run is using it now) and try again", crate::text::path(path), crate::text::path(side))]
    Side {
        /// The file to be locked.
        path: PathBuf,
        /// Its lock file.
        side: PathBuf,
        /// What the lock file is, in words.
        what: String,
    },
}

/// The words of a state file with more than one name: what would happen, and the remedy.
fn hard_linked_words(path: &Path, names: u64) -> String {
    let p = crate::text::path(path);
    format!(
        "{p} has {} names (hard links to one file): a save writes a new file under this \
         name only, and the other names would keep the old content; give it a file of its \
         own ('cp {p} {p}.new && mv {p}.new {p}', or remove the other names) and run again",
        crate::text::thousands(names)
    )
}

/// How many times a lock file found replaced is opened again before the lock is refused
/// (each holder removes its lock file as it lets go; a name replaced a thousand times in a
/// row is not a holder letting go).
const REOPENS: usize = 1_000;

/// A state file held by this process until the value is dropped.
#[derive(Debug)]
pub struct Lock {
    file: std::fs::File,
    side: PathBuf,
    id: u64,
}

/// The side file that locks `path`: `PATH.lock`.
#[must_use]
pub fn side_file(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(".lock");
    PathBuf::from(name)
}

/// Who holds the lock of `path`, from its side file: "process 1234 (ludomat …)".
fn holder(side: &Path) -> String {
    let text = crate::read::text(side, 4096).unwrap_or_default();
    let mut words = text.lines();
    match words.next().and_then(|p| p.trim().parse::<u32>().ok()) {
        Some(pid) => described(pid, words.next().map(str::trim)),
        None => "another process".to_string(),
    }
}

fn described(pid: u32, command: Option<&str>) -> String {
    match command.filter(|c| !c.is_empty()) {
        Some(command) => format!("process {pid} ({})", crate::text::fit(command, 120)),
        None => format!("process {pid}"),
    }
}

/// Who holds a lock on the file `file` (another name of it): on Linux, read from
/// `/proc/locks` by the file's inode, with the holder's command line.
fn holder_of_file(file: &std::fs::File) -> String {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::MetadataExt as _;
        if let Ok(meta) = file.metadata() {
            let ino = meta.ino().to_string();
            let locks = crate::read::text(Path::new("/proc/locks"), 1 << 20).unwrap_or_default();
            for line in locks.lines() {
                let fields: Vec<&str> = line.split_whitespace().collect();
                // "1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF"
                let (Some(&"FLOCK"), Some(pid), Some(place)) =
                    (fields.get(1), fields.get(4), fields.get(5))
                else {
                    continue;
                };
                if place.rsplit(':').next() != Some(ino.as_str()) {
                    continue;
                }
                let Ok(pid) = pid.parse::<u32>() else {
                    continue;
                };
                if pid == std::process::id() {
                    continue;
                }
                let path = format!("/proc/{pid}/cmdline");
                let command = crate::read::text(Path::new(&path), 1 << 16)
                    .map(|c| {
                        c.split('\0')
                            .filter(|w| !w.is_empty())
                            .map(|w| crate::text::fit(w, 60))
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .ok();
                return described(pid, command.as_deref()) + " under another name (a hard link)";
            }
        }
    }
    let _ = file;
    "another process, under another name for the same file (a hard link)".to_string()
}

impl Lock {
    /// Lock the state file at `path` for this process: refused when another holds it
    /// (under this name or another name for the same file), or (with [`Wait::Yes`]) once
    /// it lets go. The folder of `path` is made if missing (the state is about to be
    /// saved there); a dangling symbolic link, a folder, a FIFO or a device at `path` is
    /// refused.
    ///
    /// # Errors
    /// [`LockError::Held`] naming the holder, or the side file's error.
    #[allow(clippy::disallowed_methods)] // the side file is opened without truncation
    pub fn acquire(path: &Path, wait: Wait) -> Result<Lock, LockError> {
        let fail = |source| LockError::Io {
            path: path.to_path_buf(),
            source,
        };
        let held_by = |holder| LockError::Held {
            path: path.to_path_buf(),
            holder,
            wait_flag: wait == Wait::No,
        };
        crate::write::check_target(path).map_err(|source| {
            if crate::output::is_own_stream(&source) {
                LockError::Refused { source }
            } else if source.kind() == io::ErrorKind::InvalidInput {
                // a folder, a FIFO, a device, a dangling link at the path named: the
                // command line's error (status 2), as an output refused before the work
                fail(crate::error::refusal(source.to_string()))
            } else {
                fail(source)
            }
        })?;
        let target = crate::write::link_target(path).map_err(|e| fail(in_words(e)))?;
        let side = side_file(&target);
        if let Some(dir) = side.parent().filter(|d| !d.as_os_str().is_empty()) {
            crate::write::folders(dir).map_err(fail)?;
        }
        let side_is = |what: String| LockError::Side {
            path: path.to_path_buf(),
            side: side.clone(),
            what,
        };
        let mut reopens = 0;
        let file = loop {
            if let Ok(m) = std::fs::symlink_metadata(&side) {
                let kind = m.file_type();
                if kind.is_symlink() {
                    return Err(side_is("a symbolic link".into()));
                } else if kind.is_dir() {
                    return Err(side_is("a folder".into()));
                } else if !kind.is_file() {
                    return Err(side_is(
                        "not a regular file (a FIFO, a device or a socket)".into(),
                    ));
                }
            }
            crate::write::check_target(&side).map_err(fail)?;
            let mut options = std::fs::OpenOptions::new();
            options.read(true).write(true).create(true).truncate(false);
            #[cfg(unix)]
            {
                use std::os::unix::fs::OpenOptionsExt as _;
                // a link made between the check and the open is not followed either
                options.custom_flags(libc::O_NOFOLLOW);
            }
            let file = options.open(&side).map_err(|e| {
                if e.raw_os_error() == Some(libc_eloop()) {
                    side_is("a symbolic link".into())
                } else if e.kind() == io::ErrorKind::NotFound {
                    // its folder is there (made above): one that takes no new file, as
                    // `/proc`'s folders, is said so, not as a file missing
                    let dir = side.parent().filter(|d| !d.as_os_str().is_empty());
                    let dir = dir.unwrap_or(Path::new("."));
                    fail(crate::error::refusal(crate::error::folder_takes_no_file(
                        dir, &e,
                    )))
                } else {
                    fail(in_words(e))
                }
            })?;
            // a hard link is another name for a file: the holder's words would be written
            // into it and the name removed at the end (the file opened, not the name, is
            // looked at, so a link made between the check above and the open is seen)
            if let Some(names) = other_names(&file) {
                // a live run that holds it is said as the holder it is, not as no run
                take(&file, Wait::No, || held_by(holder(&side))).map_err(|e| e.or_io(&fail))?;
                return Err(side_is(format!(
                    "a hard link: another name for a file that has {} names",
                    crate::text::thousands(names)
                )));
            }
            take(&file, wait, || held_by(holder(&side))).map_err(|e| e.or_io(&fail))?;
            // the holder before may have removed the side file as it let go (a waiter
            // then holds a file no longer there): only the file at the name counts
            if is_at(&file, &side) {
                break file;
            }
            reopens += 1;
            if reopens >= REOPENS {
                return Err(side_is(format!(
                    "replaced by another process each time it is opened ({} times in a row)",
                    crate::text::thousands(REOPENS as u64)
                )));
            }
        };
        // The file itself, when it exists: another name for it is refused too.
        let first = match std::fs::symlink_metadata(&target) {
            Ok(m) if m.file_type().is_file() => {
                let state = crate::read::open(&target).map_err(fail)?;
                take(&state, wait, || held_by(holder_of_file(&state)))
                    .map_err(|e| e.or_io(&fail))?;
                Some(state)
            }
            _ => None,
        };
        // held, so a second run by another name was told who holds it, above
        let names = first.as_ref().and_then(other_names);
        let id = crate::held::hold(&target, first);
        let mut lock = Lock { file, side, id };
        if let Some(names) = names {
            // (the lock and its side file go as `lock` drops)
            // named by the file that has the names (a symbolic link to it has one)
            return Err(LockError::Refused {
                source: crate::error::refusal(hard_linked_words(&target, names)),
            });
        }
        lock.sign().map_err(|e| fail(in_words(e)))?;
        Ok(lock)
    }

    /// Write this process's id and command into the side file.
    fn sign(&mut self) -> io::Result<()> {
        let command: Vec<String> = std::env::args().map(|a| crate::text::fit(&a, 60)).collect();
        self.file.set_len(0)?;
        let text = format!("{}\n{}\n", std::process::id(), command.join(" "));
        (&self.file).write_all(text.as_bytes())?;
        self.file.flush()
    }

    /// The side file.
    #[must_use]
    pub fn side_file(&self) -> &Path {
        &self.side
    }
}

/// Why [`take`] did not get a lock.
enum NotTaken {
    Held(LockError),
    Io(io::Error),
}

impl NotTaken {
    fn or_io(self, fail: &dyn Fn(io::Error) -> LockError) -> LockError {
        match self {
            NotTaken::Held(e) => e,
            NotTaken::Io(e) => fail(in_words(e)),
        }
    }
}

/// Lock `file` for this process: at once, or waiting ([`Wait::Yes`]); `held` says who
/// has it when it is refused.
/// Waiting, it says once (on standard error) whom it waits for; a Ctrl-C or SIGTERM then
/// (or one held since the command's start) gives up: the process ends with its stop line
/// (`Stopped by Ctrl-C while waiting for process 1234 (ludomat …) to let go of F;
/// nothing was written.`) and status 130 (143), as every run stopped so ends — it used to
/// die of the signal without a word.
fn take(file: &std::fs::File, wait: Wait, held: impl Fn() -> LockError) -> Result<(), NotTaken> {
    // what the wait is, in the stop line's words, once it has begun
    let mut waiting: Option<(String, Option<crate::interrupt::Scope>)> = None;
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(()),
            Err(std::fs::TryLockError::WouldBlock) => {
                if wait != Wait::Yes {
                    return Err(NotTaken::Held(held()));
                }
                let (doing, scope) = waiting.get_or_insert_with(|| {
                    let doing = match held() {
                        LockError::Held { path, holder, .. } => {
                            let doing = waiting_for(&path, &holder);
                            crate::errln!("{doing}; Ctrl-C to give up");
                            doing
                        }
                        _ => "waiting for a lock".into(),
                    };
                    (doing, catch_while_waiting())
                });
                if scope.is_some() && crate::interrupt::requested().load(Ordering::SeqCst) {
                    crate::interrupt::Stopped::during(doing, "nothing was written").end_process();
                }
                std::thread::sleep(Duration::from_millis(100));
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(NotTaken::Io(e)),
        }
    }
}

/// Ctrl-C and SIGTERM caught for as long as a wait lasts (a signal held since the
/// command's start comes now). Not in this crate's unit tests: they share one process,
/// its signal handling and its flag with the tests of `interrupt`.
fn catch_while_waiting() -> Option<crate::interrupt::Scope> {
    (!cfg!(test)).then(crate::interrupt::catch)
}

/// What `--wait-lock` waits for, said once as it begins and in the line of a stop.
fn waiting_for(path: &Path, holder: &str) -> String {
    format!(
        "waiting for {holder} to let go of {}",
        crate::text::path(path)
    )
}

impl Drop for Lock {
    fn drop(&mut self) {
        // The state file's own locks go with their files.
        crate::held::let_go(self.id);
        // Remove the side file while still holding it, and only when the name is still
        // this lock's file: a waiter that locked the removed file sees it is gone
        // (`is_at`) and opens the name again, so no two processes ever hold the one
        // name. No empty `PATH.lock` is left after a run. The kernel lets go of the
        // lock when the file is closed.
        if is_at(&self.file, &self.side) {
            let _ = std::fs::remove_file(&self.side);
        } else {
            let _ = self.file.set_len(0);
        }
        let _ = self.file.unlock();
    }
}

/// The error number of opening a symbolic link with `O_NOFOLLOW`.
fn libc_eloop() -> i32 {
    #[cfg(unix)]
    {
        libc::ELOOP
    }
    #[cfg(not(unix))]
    {
        -1
    }
}

/// How many names `file` has, when it is a regular file with more than one (a hard
/// link to it somewhere): such a file is never a lock's side file.
fn other_names(file: &std::fs::File) -> Option<u64> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        file.metadata()
            .ok()
            .filter(|m| m.is_file() && m.nlink() > 1)
            .map(|m| m.nlink())
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        None
    }
}

/// Whether the file at `path` is `file` (same device and inode): a lock's side file still
/// at its name.
fn is_at(file: &std::fs::File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        match (file.metadata(), std::fs::symlink_metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_second_holder_is_refused_naming_the_first() {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("sub/menace.json");
        let first = Lock::acquire(&state, Wait::No).unwrap();
        assert!(first.side_file().ends_with("menace.json.lock"));
        let e = Lock::acquire(&state, Wait::No).unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains(&format!("in use by process {}", std::process::id())),
            "{text}"
        );
        assert!(text.contains("--wait-lock"), "{text}");
        // a command without --wait-lock names no such flag
        let e = Lock::acquire(&state, Wait::Never).unwrap_err().to_string();
        assert!(
            e.contains("in use by process") && !e.contains("--wait-lock"),
            "{e}"
        );
        drop(first);
        let again = Lock::acquire(&state, Wait::No).unwrap();
        // a waiter gets it once the holder lets go
        let waiter = std::thread::spawn({
            let state = state.clone();
            move || Lock::acquire(&state, Wait::Yes).map(drop)
        });
        std::thread::sleep(Duration::from_millis(250));
        assert!(!waiter.is_finished());
        drop(again);
        waiter.join().unwrap().unwrap();
        // newcomer re-trial item 10: no empty side file is left after the holders end
        assert!(!dir.path().join("sub/menace.json.lock").exists());
    }

    /// Many holders and waiters on one name, each removing the side file as it lets go:
    /// never two at once.
    #[test]
    fn removing_the_side_file_never_lets_two_hold_the_state() {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("s.json");
        let inside = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (state, inside) = (state.clone(), inside.clone());
                std::thread::spawn(move || {
                    for _ in 0..20 {
                        let lock = Lock::acquire(&state, Wait::Yes).unwrap();
                        let now = inside.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        assert_eq!(now, 0, "two holders at once");
                        std::thread::sleep(Duration::from_micros(200));
                        inside.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
                        drop(lock);
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert!(!dir.path().join("s.json.lock").exists());
    }

    #[test]
    #[allow(clippy::disallowed_methods)] // the test makes hard links with std
    fn another_name_for_the_file_is_refused_too_and_stays_so_after_saves() {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("menace.json");
        crate::write::atomically(&state, "{}").unwrap();
        let other = dir.path().join("other.json");
        let first = Lock::acquire(&state, Wait::No).unwrap();
        // the second name made while the first run holds the file
        std::fs::hard_link(&state, &other).unwrap();
        let e = Lock::acquire(&other, Wait::No).unwrap_err();
        assert!(matches!(e, LockError::Held { .. }), "{e}");
        assert!(e.to_string().contains("hard link"), "{e}");
        // a save renames a new file over the name: the first file stays held, and so
        // does the new one under any name it is given
        crate::write::atomically(&state, "{\"games\":1}").unwrap();
        assert!(Lock::acquire(&other, Wait::No).is_err());
        let third = dir.path().join("third.json");
        std::fs::hard_link(&state, &third).unwrap();
        assert!(Lock::acquire(&third, Wait::No).is_err());
        crate::write::atomically(&state, "{\"games\":2}").unwrap();
        let fourth = dir.path().join("fourth.json");
        std::fs::hard_link(&state, &fourth).unwrap();
        assert!(Lock::acquire(&fourth, Wait::No).is_err());
        drop(first);
        // each save made a new file: every name but the last file's two is one file's
        // only name again, and taken
        assert!(matches!(
            Lock::acquire(&fourth, Wait::No),
            Err(LockError::Refused { .. })
        ));
        std::fs::remove_file(&fourth).unwrap();
        for name in [&state, &other, &third] {
            drop(Lock::acquire(name, Wait::No).unwrap());
        }
    }

    #[test]
    #[allow(clippy::disallowed_methods)] // the test makes hard links with std
    fn a_state_with_two_names_is_refused_before_the_work_with_the_remedy() {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("s.json");
        crate::write::atomically(&state, "{}").unwrap();
        let other = dir.path().join("o.json");
        std::fs::hard_link(&state, &other).unwrap();
        // an atomic save would put a new file under this name only: the other keeps the
        // old content, the state split silently
        for name in [&state, &other] {
            let e = Lock::acquire(name, Wait::No).unwrap_err();
            assert!(matches!(e, LockError::Refused { .. }), "{e}");
            // a usage error (status 2), as an output refused before the work
            let why = std::error::Error::source(&e).unwrap();
            assert!(crate::output::is_usage(why), "{e}");
            let words = e.to_string();
            assert!(words.contains("has 2 names (hard links"), "{words}");
            assert!(words.contains(".new && mv"), "{words}");
        }
        // nothing was written, no lock file is left
        assert_eq!(crate::read::to_string(&state).unwrap(), "{}");
        assert!(!dir.path().join("s.json.lock").exists());
        assert!(!dir.path().join("o.json.lock").exists());
        // one name again: taken
        std::fs::remove_file(&other).unwrap();
        drop(Lock::acquire(&state, Wait::No).unwrap());
    }

    #[test]
    fn a_dangling_link_is_refused_and_nothing_is_made_where_it_points() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("state.json");
        let gone = dir.path().join("no/such/state.json");
        std::os::unix::fs::symlink(&gone, &link).unwrap();
        let e = Lock::acquire(&link, Wait::No).unwrap_err().to_string();
        assert!(e.contains("dangling symbolic link"), "{e}");
        assert!(!dir.path().join("no").exists());
    }

    /// A device named as a state file is said as such (it said "cannot lock /dev/zero").
    #[test]
    fn a_device_is_no_state_file() {
        let e = Lock::acquire(Path::new("/dev/zero"), Wait::No)
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("/dev/zero cannot be locked for this run: "),
            "{e}"
        );
    }

    /// A device, a FIFO or a folder named as a state file, a folder that takes no new
    /// file (`/proc`) and a loop of symbolic links are refusals of the command line
    /// (status 2), in words that say what is there (`/proc` said "no such file").
    #[test]
    fn what_is_at_the_path_is_the_command_lines_error() {
        let usage = |e: &LockError| {
            let mut c: Option<&(dyn std::error::Error + 'static)> = Some(e);
            let mut found = false;
            while let Some(e) = c {
                found |= crate::output::is_usage(e);
                c = e.source();
            }
            found
        };
        let dir = tempfile::tempdir().unwrap();
        let (l1, l2) = (dir.path().join("loop1"), dir.path().join("loop2"));
        std::os::unix::fs::symlink(&l2, &l1).unwrap();
        std::os::unix::fs::symlink(&l1, &l2).unwrap();
        for (path, words) in [
            (Path::new("/dev/zero"), "a character device"),
            (dir.path(), "a folder"),
            (
                Path::new("/proc/curve.csv"),
                "the folder /proc does not accept new files",
            ),
            (l1.as_path(), crate::error::LOOP_OF_LINKS),
        ] {
            let e = Lock::acquire(path, Wait::No).unwrap_err();
            assert!(usage(&e), "{e}");
            assert!(e.to_string().contains(words), "{e}");
        }
    }

    /// A lock file that is a symbolic link (to a file, dangling, or to a folder) or a
    /// folder is refused at once, in words naming the lock file, and what a link names is
    /// untouched (a link to a file was locked, found "not at its name", and opened again
    /// for ever).
    #[test]
    fn a_lock_file_that_is_a_link_or_a_folder_is_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let precious = dir.path().join("precious.txt");
        crate::write::atomically(&precious, "precious\n").unwrap();
        let csv = dir.path().join("x.csv");
        let side = dir.path().join("x.csv.lock");
        for target in [
            precious.clone(),
            dir.path().join("nowhere"),
            dir.path().to_path_buf(),
        ] {
            std::os::unix::fs::symlink(&target, &side).unwrap();
            let started = std::time::Instant::now();
            let e = Lock::acquire(&csv, Wait::Yes).unwrap_err().to_string();
            assert!(started.elapsed() < Duration::from_secs(5));
            assert!(
                e.contains("its lock file") && e.contains("x.csv.lock is a symbolic link"),
                "{e}"
            );
            std::fs::remove_file(&side).unwrap();
        }
        assert_eq!(crate::read::to_string(&precious).unwrap(), "precious\n");
        std::fs::create_dir(&side).unwrap();
        let e = Lock::acquire(&csv, Wait::No).unwrap_err().to_string();
        assert!(e.contains("x.csv.lock is a folder; remove it"), "{e}");
        assert!(!e.contains("state file"), "{e}");
    }

    /// A hard-linked lock file a live run holds is refused naming that run, never with
    /// the advice that no run is using it.
    #[test]
    #[allow(clippy::disallowed_methods)] // the test makes hard links with std
    fn a_hard_linked_lock_a_run_holds_names_the_run() {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("hm.json");
        crate::write::atomically(&state, "{}").unwrap();
        let held = Lock::acquire(&state, Wait::No).unwrap();
        std::fs::hard_link(
            dir.path().join("hm.json.lock"),
            dir.path().join("other.lnk"),
        )
        .unwrap();
        let e = Lock::acquire(&state, Wait::No).unwrap_err().to_string();
        assert!(!e.contains("no run is using it now"), "{e}");
        assert!(e.contains("in use by"), "{e}");
        drop(held);
    }

    /// A lock file that is a hard link (to another file, or to the state itself) is
    /// refused at once, naming it: the file it shares is neither written nor removed, and
    /// `--wait-lock` does not wait for a holder that is not there.
    #[test]
    #[allow(clippy::disallowed_methods)] // the test makes hard links with std
    fn a_lock_file_that_is_a_hard_link_is_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let precious = dir.path().join("prec.txt");
        crate::write::atomically(&precious, "data\n").unwrap();
        let csv = dir.path().join("hl.csv");
        let side = dir.path().join("hl.csv.lock");
        std::fs::hard_link(&precious, &side).unwrap();
        for wait in [Wait::No, Wait::Yes] {
            let e = Lock::acquire(&csv, wait).unwrap_err().to_string();
            assert!(e.contains("hl.csv.lock is a hard link"), "{e}");
        }
        assert_eq!(crate::read::to_string(&precious).unwrap(), "data\n");
        assert!(side.exists());
        // the lock file hard-linked to the state itself
        let state = dir.path().join("m5.json");
        crate::write::atomically(&state, "{}").unwrap();
        std::fs::hard_link(&state, dir.path().join("m5.json.lock")).unwrap();
        let started = std::time::Instant::now();
        let e = Lock::acquire(&state, Wait::Yes).unwrap_err().to_string();
        assert!(started.elapsed() < Duration::from_secs(5));
        assert!(e.contains("m5.json.lock is a hard link"), "{e}");
        assert!(!e.contains("in use"), "{e}");
        assert_eq!(crate::read::to_string(&state).unwrap(), "{}");
    }
}
