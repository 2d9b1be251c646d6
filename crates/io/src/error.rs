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

/// A folder that takes no new file, with why when the system says more than that nothing
/// is there (as `/proc`'s folders do): `the folder /proc/self does not accept new files`.
#[must_use]
pub fn folder_takes_no_file(dir: &std::path::Path, e: &io::Error) -> String {
    let why = if e.kind() == io::ErrorKind::NotFound {
        String::new()
    } else {
        format!(" ({})", words(e))
    };
    format!(
        "the folder {} does not accept new files{why}",
        crate::text::path(dir)
    )
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

/// A JSON parser's error in the program's words: where first, once (`line 1, column 2: `),
/// then what, without the parser's own vocabulary — `the field 'alive' is missing`, `the
/// number 1000.0 where a whole number from 0 up was expected`, `it is empty` — and quotes
/// 'like this', never backticks.
#[must_use]
pub fn json(e: &serde_json::Error) -> String {
    json_words(&e.to_string(), e.line(), e.column())
}

/// [`json`] from the parser's message and position (the message may end in its own
/// ` at line L column C`, which is dropped: the position is said once, first).
#[must_use]
pub fn json_words(message: &str, line: usize, column: usize) -> String {
    let suffix = format!(" at line {line} column {column}");
    let message = message.strip_suffix(&suffix).unwrap_or(message);
    if let Some(what) = message.strip_prefix("EOF while parsing ") {
        if line <= 1 && column == 0 {
            return "it is empty".to_string();
        }
        let what = match what {
            "a list" => "a list",
            "an object" => "an object",
            "a string" => "a string",
            _ => "a value",
        };
        return format!("line {line}, column {column}: the text ends in the middle of {what}");
    }
    let what = if let Some(field) = message
        .strip_prefix("missing field `")
        .and_then(|f| f.strip_suffix('`'))
    {
        format!("the field '{field}' is missing")
    } else if let Some((found, expected)) = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
        .and_then(|m| m.split_once(", expected "))
    {
        format!(
            "{} where {} was expected",
            found_words(found),
            expected_words(expected)
        )
    } else {
        message.replace('`', "'")
    };
    if line == 0 {
        what
    } else {
        format!("line {line}, column {column}: {what}")
    }
}

/// What the parser found, in words: ``floating point `1000.0` `` → `the number 1000.0`.
fn found_words(found: &str) -> String {
    let quoted = |f: &str| f.split('`').nth(1).unwrap_or(f).to_string();
    match found.split_once(' ').map_or(found, |(head, _)| head) {
        "floating" | "integer" => format!("the number {}", quoted(found)),
        "boolean" => quoted(found),
        "string" => format!("the text {}", found.trim_start_matches("string ")),
        "map" => "an object".into(),
        "sequence" => "a list".into(),
        "null" => "null".into(),
        _ => found.replace('`', "'"),
    }
}

/// What the parser expected, in words: `u64` → `a whole number from 0 up`.
fn expected_words(expected: &str) -> String {
    match expected {
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => "a whole number from 0 up".into(),
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "a whole number".into(),
        "f32" | "f64" => "a number".into(),
        "a boolean" => "true or false".into(),
        "a sequence" => "a list".into(),
        "a map" => "an object".into(),
        e if e.starts_with("struct ") => "an object".into(),
        e => e.replace('`', "'"),
    }
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

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Weights {
        alive: f64,
        games: u64,
    }

    #[test]
    fn a_json_error_is_said_in_our_words_with_its_place_once() {
        let said = |text: &str| match serde_json::from_str::<Weights>(text) {
            Ok(w) => panic!("{text} read as {w:?}"),
            Err(e) => json(&e),
        };
        assert_eq!(said(""), "it is empty");
        assert_eq!(said("{}"), "line 1, column 2: the field 'alive' is missing");
        assert_eq!(
            said(r#"{"alive": 1, "games": 1000.0}"#),
            "line 1, column 28: the number 1000.0 where a whole number from 0 up was expected"
        );
        let negative = said(r#"{"alive": 1, "games": -1}"#);
        assert!(
            negative.ends_with("the number -1 where a whole number from 0 up was expected"),
            "{negative}"
        );
        assert_eq!(
            said(r#"{"alive": 1"#),
            "line 1, column 11: the text ends in the middle of an object"
        );
        for text in ["", "{", "{\"alive\": true}", "[1,", "nul", "{\"x\": `"] {
            let s = said(text);
            assert!(!s.contains('`') && !s.contains(" at line "), "{s}");
        }
    }
}
