//! Saving a state file without ever leaving half of one: write a temporary file beside
//! the target, then rename it over (every file the binary writes uses it: MENACE's and
//! HER's states, certificates, kits, charts, records). Only a regular file (or a
//! symbolic link to one) is ever replaced: a FIFO, a device or a folder at the path is
//! refused, since renaming over it would put a plain file in its place (as root, over
//! `/dev/full`). Reading has its counterpart: [`read_capped`] reads a file only up to a
//! size, so `/dev/zero` or a huge file is an error and not the whole memory.

use std::io::Write;
use std::path::{Path, PathBuf};

/// How temporary files end.
pub const TEMP_SUFFIX: &str = ".tmp";

/// Write `bytes` to `path` atomically: a reader sees the old file or the new one, never a
/// mixture. The temporary file is `<temp_prefix><pid>-…​.tmp` beside the target, and the
/// temporary files of writers that were killed during a save are removed first. When
/// `path` is a symbolic link, the file it points to is replaced (the link stays); an
/// existing file keeps its permissions. Missing folders are created. (Nothing is forced
/// to the disk with `fsync`, which would make a save after every game very slow; a power
/// cut right after a save is left to the file system's ordering of the rename.)
/// Returns the file written.
///
/// # Errors
/// When the folder or file cannot be written.
pub fn write_atomically(path: &Path, bytes: &[u8], temp_prefix: &str) -> std::io::Result<PathBuf> {
    let target = link_target(path)?;
    check_target(&target)?;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir)?;
    remove_stale_temporaries(&dir, temp_prefix);
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!("{temp_prefix}{}-", std::process::id()))
        .suffix(TEMP_SUFFIX)
        .tempfile_in(&dir)?;
    tmp.write_all(bytes)?;
    tmp.flush()?;
    if let Ok(meta) = std::fs::metadata(&target) {
        tmp.as_file().set_permissions(meta.permissions())?;
    }
    tmp.persist(&target).map_err(|e| e.error)?;
    Ok(target)
}

/// Refuse to replace `path` (or what its links lead to) when it exists and is not a
/// regular file: a folder, a FIFO, a device or a socket. Call it before a long run whose
/// result goes there, to fail early; [`write_atomically`] checks again.
///
/// # Errors
/// `InvalidInput` naming what is there, or the error of following the links.
pub fn check_target(path: &Path) -> std::io::Result<()> {
    let target = link_target(path)?;
    match std::fs::symlink_metadata(&target) {
        Ok(meta) if !meta.file_type().is_file() => Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "{} is {}, not a regular file: only a regular file is replaced",
                target.display(),
                kind_of(&meta.file_type())
            ),
        )),
        _ => Ok(()),
    }
}

/// Why an output path is refused before a long run ([`check_output`]). Each reads as the
/// rest of a sentence that starts with the flag and the path (`--csv out/x.csv: is a
/// folder, not a file`); a refused target carries its own error as the source.
#[derive(Debug, thiserror::Error)]
pub enum OutputRefused {
    /// The path is a folder.
    #[error(": is a folder, not a file")]
    Folder,
    /// The folder it would go into does not exist.
    #[error(": the folder {} does not exist", .0.display())]
    NoFolder(PathBuf),
    /// What is there cannot be replaced ([`check_target`]).
    #[error("")]
    Target(#[source] std::io::Error),
}

/// Refuse, before the work, an output that cannot be written: a folder, a FIFO or device
/// ([`check_target`]), a file in a missing folder.
///
/// # Errors
/// What is wrong, as [`OutputRefused`].
pub fn check_output(path: &Path) -> Result<(), OutputRefused> {
    if path.is_dir() {
        return Err(OutputRefused::Folder);
    }
    check_target(path).map_err(OutputRefused::Target)?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(OutputRefused::NoFolder(dir.to_path_buf()));
    }
    Ok(())
}

fn kind_of(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a folder"
    } else {
        "not a file"
    }
}

/// Read at most `cap` bytes of the file at `path`: the whole file when it is no longer,
/// else an error naming the cap (a puzzle, a state or an answer file of gigabytes, or
/// `/dev/zero`, is refused after `cap + 1` bytes, not read into memory whole).
///
/// # Errors
/// The open or read error, or `InvalidData` when the file is longer than `cap`.
pub fn read_capped(path: &Path, cap: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let file = open_for_reading(path)?;
    if file.metadata()?.is_dir() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "is a folder, not a file",
        ));
    }
    let mut bytes = Vec::new();
    file.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("longer than the {} allowed", size(cap)),
        ));
    }
    Ok(bytes)
}

/// Open `path` to read without waiting: a FIFO nobody writes to would block `open` for
/// ever, so it is opened non-blocking (then read as usual: at once end of file when no
/// writer is there; a pipe from a running writer — `<(…)` — reads as usual).
fn open_for_reading(path: &Path) -> std::io::Result<std::fs::File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        use std::os::unix::io::AsRawFd;
        let file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)?;
        // SAFETY: fcntl on a descriptor this function owns, with valid commands.
        unsafe {
            let fd = file.as_raw_fd();
            let flags = libc::fcntl(fd, libc::F_GETFL);
            if flags >= 0 {
                libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK);
            }
        }
        Ok(file)
    }
    #[cfg(not(unix))]
    {
        std::fs::File::open(path)
    }
}

/// [`read_capped`] as text (UTF-8).
///
/// # Errors
/// As [`read_capped`], or `InvalidData` for text that is not UTF-8.
pub fn read_capped_string(path: &Path, cap: u64) -> std::io::Result<String> {
    String::from_utf8(read_capped(path, cap)?).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        )
    })
}

/// A byte count as people say it: `64 MiB`, `512 KiB`, `100 bytes`.
#[must_use]
pub fn size(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// The file a save replaces: `path`, or the end of its chain of symbolic links.
fn link_target(path: &Path) -> std::io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// Remove temporary state files in `dir` whose writer is gone (killed during a save).
/// On Linux a writer is alive while `/proc/<pid>` exists; elsewhere files older than an
/// hour count as left behind.
fn remove_stale_temporaries(dir: &Path, temp_prefix: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(rest) = name
            .strip_prefix(temp_prefix)
            .and_then(|r| r.strip_suffix(TEMP_SUFFIX))
        else {
            continue;
        };
        let pid = rest.split('-').next().and_then(|p| p.parse::<u32>().ok());
        if writer_gone(pid, &entry) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

fn writer_gone(pid: Option<u32>, entry: &std::fs::DirEntry) -> bool {
    if cfg!(target_os = "linux") {
        if let Some(pid) = pid {
            return pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists();
        }
    }
    entry
        .metadata()
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age > std::time::Duration::from_secs(3600))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

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
        assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput);
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
        // A regular file and a missing one are fine.
        let f = dir.path().join("new/f.json");
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
    fn reading_stops_at_the_cap() {
        let e = read_capped(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
        assert_eq!(e.to_string(), "longer than the 1 MiB allowed");
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("f");
        std::fs::write(&f, b"12345").unwrap();
        assert_eq!(read_capped(&f, 5).unwrap(), b"12345");
        assert!(read_capped(&f, 4).is_err());
        assert!(read_capped(dir.path(), 4).is_err());
        // A FIFO nobody writes to reads as empty at once, not a wait for ever.
        let fifo = dir.path().join("fifo");
        assert!(std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        assert_eq!(read_capped(&fifo, 4).unwrap(), b"");
        std::fs::write(&f, [0xff, 0xfe]).unwrap();
        assert!(read_capped_string(&f, 5).is_err());
    }
}
