//! The state files this process holds ([`crate::lock::Lock`]), by where they are: the file
//! first locked and the one the last save made. A save through [`crate::write`] asks
//! [`relock`] so that the new file is locked before it takes the old one's place, and
//! every name the state had stays held for as long as the lock lives.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The state files this process holds: by [`key`], the file first locked and the one
/// the last save made.
struct Held {
    id: u64,
    key: PathBuf,
    /// Held for its lock only (closing it lets go).
    _first: Option<std::fs::File>,
    last: Option<std::fs::File>,
}

static HELD: Mutex<Vec<Held>> = Mutex::new(Vec::new());
static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn held() -> std::sync::MutexGuard<'static, Vec<Held>> {
    HELD.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Where a state file is, whatever the name it was given by: its folder's real path and
/// its own name (`./a/../x.json` and `x.json` are one key).
pub(crate) fn key(target: &Path) -> PathBuf {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    match target.file_name() {
        Some(name) => dir.join(name),
        None => dir,
    }
}

/// Register the state file at `target` as held by a new lock, with `first` (the file
/// itself, locked) when it exists; the lock's id.
pub(crate) fn hold(target: &Path, first: Option<std::fs::File>) -> u64 {
    let id = NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    held().push(Held {
        id,
        key: key(target),
        _first: first,
        last: None,
    });
    id
}

/// The lock `id` ends: its files are closed, and their locks go with them.
pub(crate) fn let_go(id: u64) {
    held().retain(|h| h.id != id);
}

/// A state file of this process about to be replaced by a save: see [`relock`].
#[derive(Debug)]
pub(crate) struct Relocked {
    id: u64,
}

/// Before a save renames `new` over `target`: when this process holds the lock of
/// `target`, lock `new` too, so that the file is held under its new inode from the moment
/// it takes the old one's place ([`Relocked::keep`] it after the rename).
pub(crate) fn relock(target: &Path, new: &std::fs::File) -> io::Result<Option<Relocked>> {
    let key = key(target);
    let Some(id) = held().iter().find(|h| h.key == key).map(|h| h.id) else {
        return Ok(None);
    };
    match new.try_lock() {
        Ok(()) => Ok(Some(Relocked { id })),
        Err(std::fs::TryLockError::Error(e)) => Err(e),
        // nobody else can hold a file just made
        Err(std::fs::TryLockError::WouldBlock) => Ok(None),
    }
}

impl Relocked {
    /// Keep `file` (the renamed new file, locked) as the state's latest inode; the one
    /// the previous save made is let go (the first one stays).
    pub(crate) fn keep(self, file: std::fs::File) {
        if let Some(h) = held().iter_mut().find(|h| h.id == self.id) {
            h.last = Some(file);
        }
    }
}
