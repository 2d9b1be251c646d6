//! Where a kit goes, decided and checked before the kit is made: one file is a PDF named
//! `.pdf` (an SVG is one file a page, so `kit.svg` is refused, saying how to get SVG
//! pages); a kit of several files (`--per-move`, `--svg`) goes into a folder, never into a
//! name that says it is one PDF or SVG; a value that is an existing folder or ends in `/`
//! is a folder. The folder must take files and the file's folder must exist
//! (`ludomat_io::output`).

use std::path::{Path, PathBuf};

/// Where a kit goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// One PDF file.
    File(PathBuf),
    /// A folder of files (made when the kit is written).
    Folder(PathBuf),
}

impl Destination {
    /// Where the kit file `name` is written.
    #[must_use]
    pub fn path_of(&self, name: &str) -> PathBuf {
        match self {
            Destination::File(p) => p.clone(),
            Destination::Folder(d) => d.join(name),
        }
    }
}

/// Why `--out` cannot take the kit: each a refusal of the option's value, found before
/// anything is made (the binary says it as a usage error, status 2).
#[derive(Debug, thiserror::Error)]
pub enum DestinationError {
    /// A kit in one file named `.svg`.
    #[error("--out {}: a kit in one file is a PDF (.pdf); SVG is one file a page: give --svg and a folder", ludomat_io::text::path(.0))]
    SvgInOneFile(PathBuf),
    /// A kit of several files given a file's name.
    #[error("--out {}: a kit of several files (--per-move, --svg) needs a folder, and this names a file", ludomat_io::text::path(.0))]
    FileForSeveral(PathBuf),
    /// The file or folder cannot be written (`ludomat_io::output`'s words).
    #[error(transparent)]
    Refused(#[from] ludomat_io::output::Refused),
}

impl DestinationError {
    /// The refusal in words as a usage error says it, when it is one (every refusal but
    /// a path the system could not look at).
    #[must_use]
    pub fn usage_words(&self) -> Option<String> {
        match self {
            DestinationError::Refused(r) => r.usage_words(),
            e => Some(e.to_string()),
        }
    }
}

/// Decide and check where a kit of one file (`several` false) or several goes, from the
/// value of `--out`, before anything is made. Messages name `--out` and the path.
///
/// # Errors
/// A file name for several files, an SVG name for one file, a name without `.pdf`, a
/// folder or file that cannot be written.
pub fn destination(out: &Path, several: bool) -> Result<Destination, DestinationError> {
    let folder = several || out.is_dir() || out.as_os_str().to_string_lossy().ends_with('/');
    let ext = out
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    if !folder {
        if ext.as_deref() == Some("svg") {
            return Err(DestinationError::SvgInOneFile(out.to_path_buf()));
        }
        ludomat_io::output::check_flag("--out", out, ludomat_io::output::PDF)?;
        return Ok(Destination::File(out.to_path_buf()));
    }
    let names_a_file = !out.is_dir() && !out.as_os_str().to_string_lossy().ends_with('/');
    if out.exists() && !out.is_dir()
        || names_a_file && matches!(ext.as_deref(), Some("pdf" | "svg"))
    {
        return Err(DestinationError::FileForSeveral(out.to_path_buf()));
    }
    ludomat_io::output::check_folder_of("--out", out, &[])?;
    Ok(Destination::Folder(out.to_path_buf()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_is_the_extension_s_and_several_files_need_a_folder() {
        let dir = std::env::temp_dir().join(format!("ludomat-kit-out-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pdf = dir.join("kit.pdf");
        assert_eq!(
            destination(&pdf, false).ok(),
            Some(Destination::File(pdf.clone()))
        );
        let e = destination(&dir.join("kit.svg"), false).unwrap_err();
        assert!(e.to_string().contains("a kit in one file is a PDF"), "{e}");
        let e = destination(&dir.join("kit.png"), false).unwrap_err();
        assert!(e.to_string().ends_with(".pdf, not .png"), "{e}");
        let e = destination(&pdf, true).unwrap_err();
        assert!(e.to_string().contains("needs a folder"), "{e}");
        // every one a refusal of the option's value: a usage error
        assert!(e.usage_words().is_some());
        let e = destination(Path::new("/no/such/folder/kit.pdf"), false).unwrap_err();
        assert!(e.usage_words().is_some(), "{e}");
        let sub = dir.join("pages");
        assert_eq!(
            destination(&sub, true).ok(),
            Some(Destination::Folder(sub.clone()))
        );
        assert_eq!(
            destination(&dir, false).ok(),
            Some(Destination::Folder(dir.clone()))
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
