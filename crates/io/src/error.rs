//! I/O errors said in words. The operating system's errors arrive as `No such file or
//! directory (os error 2)`; every error the foundation hands on says instead what was wrong
//! in the words the rest of the program uses (`no such file`, `a folder`, `the disk is
//! full`), and the callers name the path: `cannot read games/x.json: no such file`.
//!
//! [`in_words`] turns an error of the operating system into one in words of the same
//! [`io::ErrorKind`] (callers that ask for the kind see no difference); an error that is
//! already in words (one the foundation made) is left as it is. [`words`] is the text.

use std::fmt;
use std::io;

/// An operating-system error in words: what [`in_words`] makes.
#[derive(Debug)]
struct Words {
    text: String,
}

impl fmt::Display for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::error::Error for Words {}

/// The operating system's error code in `e`: its own, or the one of the error it wraps.
/// A temporary file's error wraps the system's error with the temporary file's path,
/// which is no name the user gave (`File too large (os error 27) at path
/// "/tmp/.menace-4374-Cudpz4.tmp"`); the wrapper is private to its crate, so the code is
/// read from its text, and the words leave the path out.
fn system_code(e: &io::Error) -> Option<i32> {
    if let Some(code) = e.raw_os_error() {
        return Some(code);
    }
    let text = e.get_ref()?.to_string();
    let at = text.find(" (os error ")? + " (os error ".len();
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    text[at + digits.len()..]
        .starts_with(')')
        .then(|| digits.parse().ok())
        .flatten()
}

/// What `e` says, in words: for an operating-system error (or one it wraps) the words
/// below (or the system's own description without its `(os error N)`, from a small
/// letter); any other error's own text.
#[must_use]
pub fn words(e: &io::Error) -> String {
    let Some(code) = system_code(e) else {
        return e.to_string();
    };
    let e = &io::Error::from_raw_os_error(code);
    if let Some(text) = known(code) {
        return text.to_string();
    }
    let text = e.to_string();
    let text = match text.rfind(" (os error ") {
        Some(at) => &text[..at],
        None => text.as_str(),
    };
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => format!("error {code} of the operating system"),
    }
}

/// The words of the errors a user meets most.
#[cfg(unix)]
fn known(code: i32) -> Option<&'static str> {
    Some(match code {
        libc::ENOENT => "no such file",
        libc::EACCES => "permission denied",
        libc::EPERM => "not permitted",
        libc::EEXIST => "already exists",
        libc::EISDIR => "a folder, not a file",
        libc::ENOTDIR => "a part of the path is a file, not a folder",
        libc::ENOSPC => "the disk is full",
        libc::EDQUOT => "the disk quota is used up",
        libc::EROFS => "the file system is read-only",
        libc::ELOOP => "too many symbolic links in a row",
        libc::ENAMETOOLONG => "the name is too long",
        libc::ENOTEMPTY => "the folder is not empty",
        libc::EXDEV => "on another file system",
        libc::EPIPE => "the reader went away (a closed pipe)",
        libc::EBUSY => "busy",
        libc::ETXTBSY => "a program that is running",
        libc::EMFILE | libc::ENFILE => "too many files open",
        libc::ENXIO => "no such device (a FIFO without a reader?)",
        libc::EIO => "an input/output error of the device",
        libc::EFBIG => "the file is too large for this system (the file-size limit)",
        libc::ENOMEM => "out of memory",
        libc::EINVAL => "not accepted by the operating system (invalid argument)",
        libc::EINTR => "interrupted",
        libc::ENOEXEC => "not a program this system can run",
        _ => return None,
    })
}

#[cfg(not(unix))]
fn known(_code: i32) -> Option<&'static str> {
    None
}

/// `e` with its text in words ([`words`]), of the same kind; an error that is not the
/// operating system's is returned as it is.
#[must_use]
pub fn in_words(e: io::Error) -> io::Error {
    if system_code(&e).is_none() {
        return e;
    }
    io::Error::new(e.kind(), Words { text: words(&e) })
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn errors_of_the_system_are_said_in_words_of_the_same_kind() {
        let missing = io::Error::from_raw_os_error(libc::ENOENT);
        assert!(missing.to_string().contains("(os error 2)"));
        let said = in_words(missing);
        assert_eq!(said.to_string(), "no such file");
        assert_eq!(said.kind(), io::ErrorKind::NotFound);
        assert_eq!(
            in_words(io::Error::from_raw_os_error(libc::EEXIST)).to_string(),
            "already exists"
        );
        // one not in the table: the system's words, without the number
        let other = in_words(io::Error::from_raw_os_error(libc::ESPIPE)).to_string();
        assert!(!other.contains("os error"), "{other}");
        assert!(other.starts_with(char::is_lowercase), "{other}");
        // one wrapped by a temporary file (its path added): the words, without the path
        let wrapped = tempfile::Builder::new()
            .tempfile_in("/proc/self")
            .unwrap_err();
        assert!(wrapped.to_string().contains(".tmp"), "{wrapped}");
        let said = in_words(wrapped).to_string();
        assert!(
            !said.contains("os error") && !said.contains("/proc"),
            "{said}"
        );
        assert_eq!(
            words(&io::Error::from_raw_os_error(libc::EFBIG)),
            "the file is too large for this system (the file-size limit)"
        );
        // an error already in words is left alone
        let own = io::Error::new(io::ErrorKind::InvalidData, "longer than the 16 MiB allowed");
        assert_eq!(in_words(own).to_string(), "longer than the 16 MiB allowed");
    }
}
