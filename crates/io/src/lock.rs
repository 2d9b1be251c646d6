//! State files locked while a process uses them: two `menace train` on one state file
//! would each load it, train, and save over the other's work. A process that means to
//! write a state file takes its [`Lock`] first; a second one is refused, naming the
//! process that holds it, or waits for it ([`Wait::Yes`], the binary's `--wait-lock`).
//!
//! The lock is an advisory lock (`flock`, through `std::fs::File::try_lock`) on a side
//! file, `PATH.lock`, never on the state file itself: a save replaces the state file by
//! renaming a new one over it, which a lock on the old file would not survive. The side
//! file holds the holder's process id and command, for the message; the kernel releases
//! the lock when the holder ends, however it ends (`kill -9` included), so a stale side
//! file never blocks anyone. Readers (`menace stats`) take no lock: saves are atomic.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Whether to wait for a lock another process holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Wait {
    /// Refuse at once, naming the holder.
    #[default]
    No,
    /// Wait until the holder is done.
    Yes,
}

/// A state file held by another process.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds it.
    #[error("{} is in use by {holder}; wait for it to end, or give --wait-lock to wait", path.display())]
    Held {
        /// The state file.
        path: PathBuf,
        /// Who holds it: "process 1234 (ludomat menace train …)", as far as known.
        holder: String,
    },
    /// The side file cannot be made or locked.
    #[error("cannot lock {}: {source}", path.display())]
    Io {
        /// The state file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// A state file held by this process until the value is dropped.
#[derive(Debug)]
pub struct Lock {
    file: std::fs::File,
    side: PathBuf,
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
        Some(pid) => match words.next().map(str::trim).filter(|c| !c.is_empty()) {
            Some(command) => format!("process {pid} ({})", crate::text::fit(command, 120)),
            None => format!("process {pid}"),
        },
        None => "another process".to_string(),
    }
}

impl Lock {
    /// Lock the state file at `path` for this process: refused when another holds it, or
    /// (with [`Wait::Yes`]) once it lets go. The folder of `path` is created if missing
    /// (the state is about to be saved there).
    ///
    /// # Errors
    /// [`LockError::Held`] naming the holder, or the side file's error.
    #[allow(clippy::disallowed_methods)] // the side file is opened without truncation
    pub fn acquire(path: &Path, wait: Wait) -> Result<Lock, LockError> {
        let fail = |source| LockError::Io {
            path: path.to_path_buf(),
            source,
        };
        let target = crate::write::link_target(path).map_err(fail)?;
        let side = side_file(&target);
        if let Some(dir) = side.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(fail)?;
        }
        crate::write::check_target(&side).map_err(fail)?;
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&side)
            .map_err(fail)?;
        loop {
            match file.try_lock() {
                Ok(()) => break,
                Err(std::fs::TryLockError::WouldBlock) => {
                    if wait == Wait::No {
                        return Err(LockError::Held {
                            path: path.to_path_buf(),
                            holder: holder(&side),
                        });
                    }
                    std::thread::sleep(Duration::from_millis(100));
                }
                Err(std::fs::TryLockError::Error(e)) => return Err(fail(e)),
            }
        }
        let mut lock = Lock { file, side };
        lock.sign().map_err(fail)?;
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

impl Drop for Lock {
    fn drop(&mut self) {
        // Empty the side file (the next holder writes its own); the kernel lets go of the
        // lock when the file is closed. The side file stays: removing it would let a
        // waiter lock a file that is gone while a third process makes a new one.
        let _ = self.file.set_len(0);
        let _ = self.file.unlock();
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
    }
}
