//! One convention for saved work (`--state PATH`): every command continues from the saved
//! state by default; `--fresh` starts over, and the saved state it is about to replace is
//! first kept beside it as `PATH.bak-N` (the first N not taken), so no run ever loses
//! earlier work without a copy.

use ludomat_io::text::Shown as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// Copy the saved work at `path` to the first free `PATH.bak-N` beside the file (its
/// permissions kept: `ludomat_io::write::keep_copy`) and return that name; `None` when
/// there is nothing saved at `path`.
pub fn keep_backup(path: &Path) -> Result<Option<PathBuf>> {
    ludomat_io::write::keep_copy(path)
        .with_context(|| format!("cannot keep a copy of {}", path.shown()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backups_never_replace_each_other() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("her.json");
        assert_eq!(keep_backup(&path).expect("nothing to keep"), None);
        ludomat_io::write::atomically(&path, "one").expect("write");
        let first = keep_backup(&path).expect("kept").expect("a copy");
        ludomat_io::write::atomically(&path, "two").expect("write");
        let second = keep_backup(&path).expect("kept").expect("a copy");
        assert!(first.to_string_lossy().ends_with("her.json.bak-1"));
        assert!(second.to_string_lossy().ends_with("her.json.bak-2"));
        let read = |p: &Path| ludomat_io::read::text(p, 100).expect("read");
        assert_eq!(read(&first), "one");
        assert_eq!(read(&second), "two");
    }
}
