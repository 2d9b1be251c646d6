//! Saving a state file without ever leaving half of one: write a temporary file beside
//! the target, then rename it over (MENACE's and HER's state files use it).

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
