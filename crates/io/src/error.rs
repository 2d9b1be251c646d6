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

/// The one wording of a path whose symbolic links lead round in a loop (or on and on):
/// the system's `ELOOP`, and the links the foundation follows itself.
pub const LOOP_OF_LINKS: &str =
    "a loop of symbolic links (or more than 40 in a row), which leads to no file";

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
        libc::ELOOP => LOOP_OF_LINKS,
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

/// A refusal of the command line found before any work: a file named on it refused for
/// what is at its path (a folder, a FIFO or a device where a state file should be, a file
/// with other names, a loop of symbolic links, a folder that takes no new file), or an
/// option that does not go with another (an agent on a side it cannot play). Carried as
/// an error's source, or inside an [`io::Error`] ([`refusal`]); the binary says it as the
/// command line's error (status 2, `docs/VOICE.md`), as every output refused before the
/// work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal(String);

impl Refusal {
    /// A refusal in these words.
    #[must_use]
    pub fn new(words: impl Into<String>) -> Refusal {
        Refusal(words.into())
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refusal {}

/// A [`Refusal`] in these words, as an [`io::Error`] of the kind `InvalidInput`.
#[must_use]
pub fn refusal(words: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, Refusal::new(words))
}

/// Whether `e` is a [`Refusal`], or an [`io::Error`] that carries one.
#[must_use]
pub fn is_refusal(e: &(dyn std::error::Error + 'static)) -> bool {
    e.is::<Refusal>()
        || e.downcast_ref::<io::Error>()
            .and_then(io::Error::get_ref)
            .is_some_and(|inner| inner.is::<Refusal>())
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

/// A gzip reader's error in words (`flate2`'s): `the compressed data ends early (the
/// file was cut short)`, `the compressed data is damaged` — never the decompressor's own
/// (`incomplete deflate stream`, `corrupt deflate stream`). For every reader of a `.gz`
/// file (certificates, proof trees, networks), after the file's name.
#[must_use]
pub fn gzip(e: &io::Error) -> String {
    let text = e.to_string();
    if e.kind() == io::ErrorKind::UnexpectedEof || text.contains("incomplete") {
        "the compressed data ends early (the file was cut short)".into()
    } else if text.contains("corrupt") || text.contains("invalid") {
        "the compressed data is damaged".into()
    } else {
        text
    }
}

/// [`json`]'s words for a text with nothing in it.
const EMPTY: &str = "it is empty";

/// A JSON parser's error in the program's words: where first, once (`line 1, column 2: `),
/// then what, without the parser's own vocabulary — `the field 'alive' is missing`, `the
/// number 1000.0 where a whole number from 0 up was expected`, `it is empty` — and quotes
/// 'like this', never backticks.
#[must_use]
pub fn json(e: &serde_json::Error) -> String {
    json_words(&e.to_string(), e.line(), e.column())
}

/// [`json`] of an error the parser met reading `text`: a number quoted as the text wrote
/// it (`1e3`, never the parser's `1000.0`), found where the parser stopped.
#[must_use]
pub fn json_in(text: &str, e: &serde_json::Error) -> String {
    if let Some(words) = hidden_where_stopped(text, e) {
        return words;
    }
    let words = json(e);
    match number_at(text, e.line(), e.column()) {
        Some(written) if words.contains("the number ") => with_number_as_written(&words, written),
        _ => words,
    }
}

/// The one wording of a byte-order mark at the start of a text file whose format does not
/// allow one (`what`: `JSON`, `a netlist`): `a byte-order mark (U+FEFF), which JSON does not
/// allow: save the file as UTF-8 without one`.
#[must_use]
pub fn byte_order_mark(what: &str) -> String {
    format!(
        "a byte-order mark (U+FEFF), which {what} does not allow: save the file as UTF-8 \
         without one"
    )
}

/// The name of a character one cannot see, with its code point: `a zero-width space
/// (U+200B)`, `a byte-order mark (U+FEFF)`, `a no-break space (U+00A0)`; others by kind
/// (`an invisible character (U+2060)`, `a control character (U+001B)`).
#[must_use]
pub fn hidden_name(c: char) -> String {
    crate::text::hidden_name(c)
}

/// What a value a person cannot read right has in it, for the end of its refusal: `: it
/// has a zero-width space (U+200B) in it` (the value itself is shown escaped); nothing for
/// a value with no such character.
#[must_use]
pub fn hidden_in(text: &str) -> String {
    text.chars()
        .find(|&c| crate::text::hidden(c))
        .map_or_else(String::new, |c| {
            format!(": it has {} in it", hidden_name(c))
        })
}

/// [`hidden_in`] of a line a prompt read, which comes with its hidden characters already
/// written out (`3\u{200b}`, [`crate::text::escape_controls`]): the first one written so
/// is named, `: it has a zero-width space (U+200B) in it`.
#[must_use]
pub fn hidden_in_escaped(line: &str) -> String {
    let found = line.split("\\u{").skip(1).find_map(|rest| {
        let hex = &rest[..rest.find('}')?];
        char::from_u32(u32::from_str_radix(hex, 16).ok()?).filter(|&c| crate::text::hidden(c))
    });
    found.map_or_else(String::new, |c| {
        format!(": it has {} in it", hidden_name(c))
    })
}

/// A character one cannot see where the parser stopped (a byte-order mark at the start, a
/// zero-width space), named with its place: `line 1, column 1: a byte-order mark (U+FEFF),
/// which JSON does not allow: save the file as UTF-8 without one`. The parser's own words
/// (`something that is not a JSON value`) would point at nothing a person sees there.
fn hidden_where_stopped(text: &str, e: &serde_json::Error) -> Option<String> {
    if e.is_data() || e.is_eof() {
        return None;
    }
    if text.starts_with('\u{feff}') {
        return Some(format!(
            "{}: {}",
            crate::text::line_column(1, 1),
            byte_order_mark("JSON")
        ));
    }
    // the parser counts columns in bytes; the place is said in characters
    let line = text.split('\n').nth(e.line().checked_sub(1)?)?;
    let (column, c) = (line.char_indices().take_while(|&(at, _)| at < e.column()))
        .map(|(_, c)| c)
        .enumerate()
        .find(|&(_, c)| crate::text::hidden(c) && c != '\t')?;
    let (_, kind) = crate::text::first_hidden(&c.to_string())?;
    Some(format!(
        "{}: {kind}, which JSON does not allow there",
        crate::text::line_column(e.line(), column + 1)
    ))
}

/// [`damaged_json`] of an error the parser met reading `text`, a number quoted as the text
/// wrote it ([`json_in`]).
#[must_use]
pub fn damaged_json_in(name: &str, text: &str, e: &serde_json::Error) -> String {
    if let Some(words) = hidden_where_stopped(text, e) {
        return format!("{name} is damaged: not valid JSON: {words}");
    }
    let words = damaged_json(name, e);
    match number_at(text, e.line(), e.column()) {
        Some(written) if words.contains("the number ") => with_number_as_written(&words, written),
        _ => words,
    }
}

/// The one wording of a file that should hold JSON and does not (cut short, damaged, or
/// not JSON at all), whatever the file — a MENACE or HER state, a tuning checkpoint, a
/// record: `state.json is damaged: not valid JSON: line 3, column 5: the text ends in the
/// middle of an object` (JSON with a field of the wrong kind: `state.json is damaged: line
/// 2, column 9: …`). Lines and columns are counted from 1, as editors count them.
#[must_use]
pub fn damaged_json(name: &str, e: &serde_json::Error) -> String {
    let words = json(e);
    if words == EMPTY {
        // nothing at all: said as every empty input is
        crate::text::empty(name)
    } else if e.is_data() {
        // JSON, but a field of the wrong kind or one missing
        format!("{name} is damaged: {words}")
    } else {
        format!("{name} is damaged: not valid JSON: {words}")
    }
}

/// The one wording of a saved file's version that this build does not read, for every
/// versioned file (a MENACE or HER state, a tuning state, a network): `what` names the
/// kind (`a MENACE state`), `found` is what the file holds, `reads` the version this
/// build reads:
/// * a whole number: `a MENACE state of version 2, which this build does not read (it
///   reads version 1)`;
/// * none: `a HER state without a version number (this build reads version 1)`;
/// * anything else (-1, 1.5, a text, 2^64), shown as written and escaped: `a HER state of
///   version '1.5', which this build does not read (it reads version 1)`.
#[must_use]
pub fn version_refused(what: &str, found: Option<&serde_json::Value>, reads: u64) -> String {
    match found {
        None | Some(serde_json::Value::Null) => {
            format!("{what} without a version number (this build reads version {reads})")
        }
        Some(v) => match whole_number(v) {
            Some(n) => version_not_read(what, n, reads),
            // -1, 1.5, "1", 2^64: a version, but none this build could read
            None => format!(
                "{what} of version {}, which this build does not read (it reads version \
                 {reads})",
                crate::text::quoted(&json_text(v), 40)
            ),
        },
    }
}

/// The one check of a saved JSON file's version, for every versioned file (a MENACE or HER
/// state, a tuning checkpoint): only the whole number `reads` itself, written as one
/// (`1`), is read; anything else — `2`, `1.0`, `1e0`, `-1`, `"1"`, `null` — is refused
/// in one wording, the version as the file wrote it: `a MENACE state of version 1e0,
/// which this build does not read (it reads version 1)` (none at all: `… without a
/// version number`). `text` is the file's text, `value` the JSON read from it.
///
/// # Errors
/// The words of the refusal.
pub fn version_check(
    text: &str,
    value: &serde_json::Value,
    what: &str,
    reads: u64,
) -> Result<(), String> {
    let found = value.get("version");
    match found {
        Some(v)
            if v.as_u64() == Some(reads)
                && written_version(text).is_none_or(|w| w == reads.to_string()) =>
        {
            Ok(())
        }
        None => Err(format!(
            "{what} without a version number (this build reads version {reads})"
        )),
        Some(v) => Err(format!(
            "{what} of version {}, which this build does not read (it reads version {reads})",
            version_as_written(text, v)
        )),
    }
}

/// A version found in a file as the file wrote it (`1e0`, `-1`, `"1"`, `null`), escaped
/// and cut short as every echo is; when it cannot be found in the text, as the value reads.
#[must_use]
pub fn version_as_written(text: &str, v: &serde_json::Value) -> String {
    let said = written_version(text).unwrap_or_else(|| json_text(v));
    // digits with thousands separators, as every number said (`18,446,744,073,709,551,616`)
    let said = crate::text::thousands_written(&said);
    let said = crate::text::escape_controls(&said).into_owned();
    crate::text::fit(&said, 40)
}

/// The text after the first `"version":` of a JSON text, up to the end of its value (a
/// text in quotes whole; a list or an object is not taken).
fn written_version(text: &str) -> Option<String> {
    let mut rest = text;
    while let Some(at) = rest.find("\"version\"") {
        rest = &rest[at + "\"version\"".len()..];
        let Some(after) = rest.trim_start().strip_prefix(':') else {
            continue;
        };
        let value = after.trim_start();
        if let Some(inner) = value.strip_prefix('"') {
            let mut end = None;
            let mut escaped = false;
            for (i, c) in inner.char_indices() {
                match c {
                    _ if escaped => escaped = false,
                    '\\' => escaped = true,
                    '"' => {
                        end = Some(i);
                        break;
                    }
                    _ => {}
                }
            }
            return end.map(|e| format!("\"{}\"", &inner[..e]));
        }
        let end = value
            .find(|c: char| matches!(c, ',' | '}' | ']') || c.is_whitespace())
            .unwrap_or(value.len());
        let token = &value[..end];
        return (!token.is_empty() && !token.starts_with(['{', '['])).then(|| token.to_string());
    }
    None
}

/// [`version_refused`] for a version read as a whole number (a binary file's header).
#[must_use]
pub fn version_not_read(what: &str, found: u64, reads: u64) -> String {
    format!(
        "{what} of version {}, which this build does not read (it reads version {reads})",
        crate::text::thousands(found)
    )
}

/// A JSON value that is a whole number from 0 (`3`, `3.0`, `3e2`), as that number.
#[must_use]
pub fn whole_number(v: &serde_json::Value) -> Option<u64> {
    v.as_u64().or_else(|| {
        v.as_f64()
            .filter(|x| x.fract() == 0.0 && *x >= 0.0 && *x < 1e15)
            .map(|x| x as u64)
    })
}

/// A JSON value as a person reads it: a number as [`number_text`] writes it, any other
/// value as JSON.
fn json_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Number(n) if n.is_f64() => {
            n.as_f64().map_or_else(|| n.to_string(), number_text)
        }
        v => v.to_string(),
    }
}

/// A number read from a file, written back for a person: whole numbers with thousands
/// (`-6,000,000,000`), others as short as they are exact, with an exponent only when
/// very large or small (`1.5`, `1e23`, never `1e+23`).
#[must_use]
pub fn number_text(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e21 {
        // exact below 1e21: 2^64 is `18,446,744,073,709,551,616`, never `1.8446744073709552e19`
        let n = x as i128;
        let sign = if n < 0 { "-" } else { "" };
        return format!("{sign}{}", thousands_wide(n.unsigned_abs()));
    }
    crate::text::short(x).replace("e+", "e")
}

/// A JSON value found in a file, as every refusal says it: `the number 12,288`, `the
/// number 1e30`, `the text 'x'`, `a list`, `an object`, `null`, `true`.
#[must_use]
pub fn value_words(v: &serde_json::Value) -> String {
    use serde_json::Value;
    match v {
        Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) => format!("the number {}", crate::text::thousands(u)),
            (_, Some(i), _) => format!("the number {}", crate::text::thousands_signed(i)),
            (_, _, Some(x)) => format!("the number {}", number_text(x)),
            _ => format!("the number {n}"),
        },
        Value::String(t) => format!("the text {}", crate::text::quoted(t, 40)),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
    }
}

/// The one sentence of a value of the wrong kind, for readers of JSON values: `the number
/// 1e30 where a whole number from 0 up was expected` ([`json`]'s words for the same fault).
#[must_use]
pub fn found_where(v: &serde_json::Value, expected: &str) -> String {
    // a whole number past the largest one read is too large, in the one wording of every
    // file (`the number 18,446,744,073,709,551,616 is too large: a whole number from 0 to
    // 18,446,744,073,709,551,615 was expected`), never "where … from 0 up was expected"
    let too_large = v
        .as_f64()
        .filter(|x| v.is_f64() && x.fract() == 0.0 && *x >= 18_446_744_073_709_551_616.0);
    if let (Some(_), "a whole number from 0 up") = (too_large, expected) {
        return format!(
            "{} is too large: a whole number from 0 to {} was expected",
            value_words(v),
            crate::text::thousands(u64::MAX)
        );
    }
    format!("{} where {expected} was expected", value_words(v))
}

/// The one wording of a saved file whose `format` field is missing or names another kind
/// of file (`None` when it is `expected`): `it has no 'format' field saying
/// 'ludomat-menace'`, `its format is 'x', not 'ludomat-menace'`; the reader puts it after
/// `m.json is not a MENACE state file: `.
#[must_use]
pub fn format_refused(found: Option<&serde_json::Value>, expected: &str) -> Option<String> {
    match found {
        Some(serde_json::Value::String(f)) if f == expected => None,
        None | Some(serde_json::Value::Null) => {
            Some(format!("it has no 'format' field saying '{expected}'"))
        }
        Some(serde_json::Value::String(f)) => {
            Some(other_version(f, expected).unwrap_or_else(|| {
                format!(
                    "its format is {}, not '{expected}'",
                    crate::text::quoted(f, 60)
                )
            }))
        }
        Some(v) => Some(format!(
            "its format is {}, not '{expected}'",
            crate::text::quoted(&json_text(v), 60)
        )),
    }
}

/// [`format_refused`] of the file's `value`: when it has no `format` field but a key that
/// is `format` with a character one cannot see in it, that key is named too, the
/// character where it is (`…; the file has the key 'for\u{200b}mat', whose character 4 is
/// a zero-width space (U+200B)`).
#[must_use]
pub fn format_refused_in(value: &serde_json::Value, expected: &str) -> Option<String> {
    let found = value.get("format");
    let words = format_refused(found, expected)?;
    let visible = |k: &str| {
        k.chars()
            .filter(|&c| !crate::text::hidden(c))
            .collect::<String>()
    };
    let key = (value
        .as_object()
        .into_iter()
        .flat_map(serde_json::Map::keys))
    .find(|k| found.is_none() && k.as_str() != "format" && visible(k) == "format");
    Some(
        match key.and_then(|k| Some((k, crate::text::first_hidden(k)?))) {
            Some((key, (at, kind))) => format!(
                "{words}; the file has the key '{}', whose character {at} is {kind}",
                crate::text::escape_controls(key)
            ),
            None => words,
        },
    )
}

/// A format named with its version (`ludomat-threes-record/2`) that is the expected one
/// (`…/1`) of another version, in the version words of every file: `its format
/// 'ludomat-threes-record/2' is a newer version (2), which this build does not read (it
/// reads version 1)`.
fn other_version(found: &str, expected: &str) -> Option<String> {
    let (name, reads) = expected.rsplit_once('/')?;
    let (found_name, version) = found.rsplit_once('/')?;
    let (reads, version): (u64, u64) = (reads.parse().ok()?, version.parse().ok()?);
    if found_name != name || version == reads {
        return None;
    }
    let age = if version > reads { "newer" } else { "older" };
    Some(
        format!(
            "its format {} is an {age} version ({}), which this build does not read (it reads \
         version {reads})",
            crate::text::quoted(found, 60),
            crate::text::thousands(version)
        )
        .replace("an newer", "a newer"),
    )
}

/// `Err` with [`damaged_json`]'s words when `text` (the file `name`) is not valid JSON:
/// the check a reader makes first, so that its own words are only for JSON that is not
/// what it should be.
///
/// # Errors
/// The words, when `text` is not valid JSON.
pub fn check_json(name: &str, text: &str) -> Result<(), String> {
    serde_json::from_str::<serde::de::IgnoredAny>(text)
        .map(|_| ())
        // a byte-order mark or another invisible character named, a number quoted
        .map_err(|e| damaged_json_in(name, text, &e))
}

/// The first field given twice in one object of the JSON `text` (valid JSON: read after
/// the parser took it, which keeps the last of the two silently), in words naming the
/// place, the object and the field: `line 1, column 95: record.first: the field 'wins'
/// is given twice`; `None` when every object's fields are distinct.
#[must_use]
pub fn field_twice(text: &str) -> Option<String> {
    use serde::de::DeserializeSeed as _;
    let mut de = serde_json::Deserializer::from_str(text);
    let e = Unique("").deserialize(&mut de).err()?;
    let said = e.to_string();
    let words = said
        .rsplit_once(" at line ")
        .map_or(said.as_str(), |(w, _)| w);
    Some(format!("line {}, column {}: {words}", e.line(), e.column()))
}

/// A JSON value whose objects are checked for a field given twice; the path of the value
/// (`record.first`, `boxes[3]`; empty at the top).
struct Unique<'a>(&'a str);

impl Unique<'_> {
    fn inner(&self, step: &str) -> String {
        match (self.0.is_empty(), step.starts_with('[')) {
            (true, _) | (false, true) => format!("{}{step}", self.0),
            (false, false) => format!("{}.{step}", self.0),
        }
    }
}

impl<'de> serde::de::DeserializeSeed<'de> for Unique<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Unique<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut i = 0usize;
        while seq
            .next_element_seed(Unique(&self.inner(&format!("[{i}]"))))?
            .is_some()
        {
            i += 1;
        }
        Ok(())
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = std::collections::HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                let object = if self.0.is_empty() {
                    String::new()
                } else {
                    format!("{}: ", self.0)
                };
                return Err(serde::de::Error::custom(format!(
                    "{object}the field {} is given twice",
                    crate::text::quoted(&key, 40)
                )));
            }
            map.next_value_seed(Unique(&self.inner(&key)))?;
        }
        Ok(())
    }
}

/// The one wording of a file that is JSON but not what it should be (a field of the wrong
/// kind, one missing): `state.json is damaged: boxes.first[3]: the number 6.0 where a whole
/// number from 0 up was expected`.
#[must_use]
pub fn damaged_content(name: &str, field: &str, e: &serde_json::Error) -> String {
    if field.is_empty() || field == "." {
        format!("{name} is damaged: {}", json(e))
    } else {
        format!("{name} is damaged: {field}: {}", json(e))
    }
}

/// A saved file's JSON `text` read into `T`, its first fault in the project's words: the
/// field's path first (`boxes[2].beads[0]: …`; the path says where), and a number quoted
/// as the file wrote it — `1e3`, never the parser's `1000.0`; a 30-digit number in full, with thousands;
/// `-0` — found in `text` where the parser stopped.
///
/// # Errors
/// The words of the fault.
pub fn typed_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| too_large_for::<T>(text, &e).unwrap_or_else(|| json_in(text, &e)))?;
    // from the value, whose words are the better ones (`a list of 3 items where a list of
    // 2 items was expected`, where the text's parser says only `trailing characters`)
    serde_path_to_error::deserialize(value).map_err(|e| {
        let field = e.path().to_string();
        let mut words = json(e.inner());
        if words.contains("the number ") {
            // the text's parser stops on the number: it is quoted from there
            let mut de = serde_json::Deserializer::from_str(text);
            if let Err(at) = serde_path_to_error::deserialize::<_, T>(&mut de) {
                let inner = at.inner();
                if at.path().to_string() == field {
                    if let Some(written) = number_at(text, inner.line(), inner.column()) {
                        words = with_number_as_written(&words, written);
                    }
                }
            }
        }
        let words = with_hidden_key(text, words);
        // an unknown field's path ends in its own name, which the words say: the object
        // it is in is named (`boxes[0]: the field 'x' is not one …`)
        let mut field = field;
        if words.contains("' is not one this file has") {
            let cut = field.rfind('.').unwrap_or(0);
            field.truncate(cut);
        }
        if field.is_empty() || field == "." {
            words
        } else {
            format!("{field}: {words}")
        }
    })
}

/// A number too large for any number the parser holds (`1e400`), said with what its field
/// takes: `line 1, column 11: n: the number 1e400 is too large: the field takes a whole
/// number from 0 up` (found by reading the text again with `null` in its place).
fn too_large_for<T: serde::de::DeserializeOwned>(
    text: &str,
    e: &serde_json::Error,
) -> Option<String> {
    if !e.to_string().starts_with("number out of range") {
        return None;
    }
    let written = number_at(text, e.line(), e.column())?;
    let start = (written.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    let end = start + written.len();
    let again = format!("{}null{}", text.get(..start)?, text.get(end..)?);
    let value: serde_json::Value = serde_json::from_str(&again).ok()?;
    let Err(at) = serde_path_to_error::deserialize::<_, T>(value) else {
        return None;
    };
    let message = at.inner().to_string();
    let expected = message.strip_prefix("invalid type: null, expected ")?;
    let takes = match expected {
        "f64" => "a number of at most about 1.8e308".to_string(),
        "f32" => "a number of at most about 3.4e38".to_string(),
        e => expected_words(e),
    };
    let field = at.path().to_string();
    let field = if field.is_empty() || field == "." {
        String::new()
    } else {
        format!("{field}: ")
    };
    // the place where the number begins, in characters
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let column = text[line_start..start].chars().count() + 1;
    Some(format!(
        "{}: {field}the number {} is too large: the field takes {takes}",
        crate::text::line_column(e.line(), column),
        crate::text::thousands_written(written)
    ))
}

/// `the field 'games' is missing`, when the text has that key with a character one cannot
/// see in it (`ga` U+200B `mes`): the key as it is written, its invisible character shown.
fn with_hidden_key(text: &str, words: String) -> String {
    let Some(field) = words
        .strip_prefix("the field '")
        .and_then(|w| w.strip_suffix("' is missing"))
    else {
        return words;
    };
    let found = text.split('"').skip(1).step_by(2).find(|key| {
        key.chars().any(crate::text::hidden)
            && key
                .chars()
                .filter(|&c| !crate::text::hidden(c))
                .eq(field.chars())
    });
    match found {
        Some(key) => format!(
            "{words}; the file has the key '{}', which has {} in it",
            crate::text::escape_controls(key),
            crate::text::first_hidden(key).map_or_else(String::new, |(_, kind)| kind)
        ),
        None => words,
    }
}

/// The number literal in `text` where the parser stopped (line and column from 1; the
/// parser stops on the number's last character or just after it).
fn number_at(text: &str, line: usize, column: usize) -> Option<&str> {
    let l = text.split('\n').nth(line.checked_sub(1)?)?;
    let b = l.as_bytes();
    let is_num = |c: u8| c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.' | b'e' | b'E');
    if b.is_empty() {
        return None;
    }
    let mut i = column.saturating_sub(1).min(b.len() - 1);
    if !is_num(b[i]) && i > 0 && is_num(b[i - 1]) {
        i -= 1;
    } else if !is_num(b[i]) && i + 1 < b.len() && is_num(b[i + 1]) {
        i += 1;
    }
    if !is_num(b[i]) {
        return None;
    }
    let (mut start, mut end) = (i, i + 1);
    while start > 0 && is_num(b[start - 1]) {
        start -= 1;
    }
    while end < b.len() && is_num(b[end]) {
        end += 1;
    }
    let token = &l[start..end];
    (token.starts_with('-') || token.starts_with(|c: char| c.is_ascii_digit())).then_some(token)
}

/// `words` with the number after `the number ` replaced by `written`, as we write it: a
/// whole number with thousands (`-6,000,000,000`), anything else as written (`1e3`).
fn with_number_as_written(words: &str, written: &str) -> String {
    let Some(at) = words.find("the number ") else {
        return words.to_string();
    };
    let from = at + "the number ".len();
    // the number as the parser wrote it ends at a space (a comma in it groups thousands)
    let to = words[from..].find(' ').map_or(words.len(), |n| from + n);
    let to = from + words[from..to].trim_end_matches([':', ';', ',']).len();
    let shown = crate::text::thousands_written(written);
    format!("{}{shown}{}", &words[..from], &words[to..])
}

/// [`json`] from the parser's message and position (the message may end in its own
/// ` at line L column C`, which is dropped: the position is said once, first).
#[must_use]
pub fn json_words(message: &str, line: usize, column: usize) -> String {
    let suffix = format!(" at line {line} column {column}");
    let message = message.strip_suffix(&suffix).unwrap_or(message);
    // The parser counts lines from 1 and columns from 1, but says column 0 for the place
    // just after a line break (where a file cut short at the end of a line ends): that
    // place is said as the end of the line before, so every column said is from 1.
    let place = if line == 0 {
        String::new()
    } else if column == 0 && line > 1 {
        format!("{}, at its end: ", crate::text::line(line - 1))
    } else {
        format!("{}: ", crate::text::line_column(line, column.max(1)))
    };
    if let Some(what) = message.strip_prefix("EOF while parsing ") {
        if line <= 1 && column == 0 {
            return EMPTY.to_string();
        }
        let what = match what {
            "a list" => "a list",
            "an object" => "an object",
            // never "the text ends in the middle of a text"
            "a string" => return format!("{place}the text ends inside quotes (a '\"' is missing)"),
            _ => "a value",
        };
        return format!("{place}the text ends in the middle of {what}");
    }
    let what = if let Some(field) = message
        .strip_prefix("missing field `")
        .and_then(|f| f.strip_suffix('`'))
    {
        format!("the field '{field}' is missing")
    } else if let Some(rest) = message.strip_prefix("unknown field `") {
        unknown_field_words(rest)
    } else if let Some((found, expected)) = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
        .and_then(|m| m.split_once(", expected "))
    {
        match out_of_range(found, expected) {
            Some(words) => words,
            None => format!(
                "{} where {} was expected",
                found_words(found),
                expected_words(expected)
            ),
        }
    } else if let Some(words) = syntax_words(message) {
        words.to_string()
    } else if let Some((found, expected)) = message
        .strip_prefix("invalid length ")
        .and_then(|m| m.split_once(", expected "))
    {
        let items = found.parse::<u64>().map_or_else(
            |_| found.to_string(),
            |n| crate::text::count(n, "item", "items"),
        );
        format!(
            "a list of {items} where {} was expected",
            expected_words(expected)
        )
    } else {
        message.replace('`', "'")
    };
    format!("{place}{what}")
}

/// `unknown field `format`, expected one of `a`, `b`, `c`` (after `unknown field ``) in
/// words: `the field 'format' is not one this file has; its fields are 'a', 'b' and 'c'`
/// (the name's invisible characters shown).
fn unknown_field_words(rest: &str) -> String {
    let (field, expected) = rest
        .split_once("`, ")
        .unwrap_or((rest.trim_end_matches('`'), ""));
    // a hidden character in the name, named where it is
    let hidden = crate::text::first_hidden(field).map_or_else(String::new, |(at, kind)| {
        format!(": its character {at} is {kind}")
    });
    let field = crate::text::escape_controls(field);
    let names: Vec<String> = expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|n| format!("'{n}'"))
        .collect();
    let fields = match names.as_slice() {
        [] => return format!("the field '{field}' is not one this file has{hidden}; it has none"),
        [one] => format!("its one field is {one}"),
        [init @ .., last] => format!("its fields are {} and {last}", init.join(", ")),
    };
    format!("the field '{field}' is not one this file has{hidden}; {fields}")
}

/// The parser's words for text that is not JSON, in ours.
fn syntax_words(message: &str) -> Option<&'static str> {
    Some(match message {
        m if m.starts_with("control character") => {
            "a control character (a line break, a tab or the like) inside a text in quotes"
        }
        "expected `:`" => "a ':' was expected after the field's name",
        "expected `,` or `]`" => "a ',' or ']' was expected in the list",
        "expected `,` or `}`" => "a ',' or '}' was expected in the object",
        "expected ident" => "a word that JSON does not know (true, false and null are)",
        "expected value" => "something that is not a JSON value",
        "expected `\"`" => "a '\"' was expected",
        "invalid escape" => "a '\\' escape that JSON does not know",
        "invalid number" => "a number written in a way JSON does not allow",
        "number out of range" => "a number too large",
        // serde_json's words for bytes that are not UTF-8 (its \u escapes of half a
        // character have words of their own, below)
        "invalid unicode code point" => "a byte that is not UTF-8",
        "key must be a string" => "a field's name not in double quotes",
        "trailing comma" => "a ',' before the end of a list or object",
        "trailing characters" => "more text after the end of the JSON value",
        "recursion limit exceeded" => "lists or objects nested too deep",
        m if m.starts_with("lone leading surrogate") || m.starts_with("unexpected end of hex") => {
            "a '\\u' escape of half a character (a lone surrogate)"
        }
        _ => return None,
    })
}

/// What the parser found, in words: ``floating point `1000.0` `` → `the number 1000.0`.
fn found_words(found: &str) -> String {
    let quoted = |f: &str| f.split('`').nth(1).unwrap_or(f).to_string();
    match found.split_once(' ').map_or(found, |(head, _)| head) {
        "floating" | "integer" => format!("the number {}", number_words(&quoted(found))),
        "boolean" => quoted(found),
        "string" => {
            let text = found.trim_start_matches("string ");
            let text = text
                .strip_prefix('"')
                .and_then(|t| t.strip_suffix('"'))
                .unwrap_or(text);
            format!("the text '{}'", crate::text::escape_controls(text))
        }
        "map" => "an object".into(),
        "sequence" => "a list".into(),
        "null" => "null".into(),
        _ => found.replace('`', "'"),
    }
}

/// A whole number where a whole number of a narrower range was expected (`-6000000000`
/// for a `u32`, `1e23` for a `u64`): said as out of range, with the range, not as "where
/// a whole number was expected".
fn out_of_range(found: &str, expected: &str) -> Option<String> {
    let (low, high): (i128, i128) = match expected {
        "u8" => (0, u8::MAX.into()),
        "u16" => (0, u16::MAX.into()),
        "u32" => (0, u32::MAX.into()),
        "u64" | "usize" => (0, u64::MAX.into()),
        "i8" => (i8::MIN.into(), i8::MAX.into()),
        "i16" => (i16::MIN.into(), i16::MAX.into()),
        "i32" => (i32::MIN.into(), i32::MAX.into()),
        "i64" | "isize" => (i64::MIN.into(), i64::MAX.into()),
        _ => return None,
    };
    let text = found.split('`').nth(1)?;
    let value: f64 = text.parse().ok()?;
    if value.fract() != 0.0 || !value.is_finite() {
        return None;
    }
    let say = |n: i128| {
        if n < 0 {
            format!("-{}", thousands_wide(n.unsigned_abs()))
        } else {
            thousands_wide(n.unsigned_abs())
        }
    };
    // Compared as whole numbers: 2^64 as a float equals u64::MAX as a float.
    let whole = value as i128;
    let how = if whole > high {
        "too large"
    } else if whole < low && low < 0 {
        // (a negative number for a count is said as "where … from 0 up was expected")
        "out of range"
    } else {
        // in range, but written as a decimal (6.0): said as a number of the wrong kind
        return None;
    };
    Some(format!(
        "the number {} is {how}: a whole number from {} to {} was expected",
        number_words(text),
        say(low),
        say(high)
    ))
}

/// `n` with thousands separators, for numbers past `u64`.
fn thousands_wide(n: u128) -> String {
    crate::text::thousands_written(&n.to_string())
}

/// A number as the parser wrote it, as we write it: `-6000000000` → `-6,000,000,000`,
/// `1e+23` → `1e23`.
fn number_words(text: &str) -> String {
    if let Ok(n) = text.parse::<i128>() {
        return if n < 0 {
            format!("-{}", thousands_wide(n.unsigned_abs()))
        } else {
            thousands_wide(n.unsigned_abs())
        };
    }
    // a whole number the parser wrote with an exponent (2^64: `1.8446744073709552e19`)
    if let Ok(x) = text.parse::<f64>() {
        if text.contains(['e', 'E']) && x.fract() == 0.0 && x.abs() < 1e21 {
            return number_text(x);
        }
    }
    // as written (6.0 stays 6.0), but without the exponent's plus sign
    text.replace("e+", "e").replace("E+", "e")
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
        // a pair written as a list (a bead's move and count): `[\"a3-a2\", 1]`
        e if e.starts_with("a tuple of size ") => e
            .trim_start_matches("a tuple of size ")
            .parse::<u64>()
            .map_or_else(
                |_| "a list".into(),
                |n| format!("a list of {}", crate::text::count(n, "item", "items")),
            ),
        e if e.starts_with("tuple") || e == "a tuple" => "a list".into(),
        "fewer elements in array" => "a shorter list".into(),
        e => e.replace('`', "'"),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// Words a person reads for an unknown field, a number too large for the parser, and
    /// characters one cannot see: never the parser's (`unknown field `format`, expected one
    /// of …`, `a number too large`), nothing invisible left unnamed.
    #[test]
    fn unknown_fields_huge_numbers_and_invisible_characters_in_words() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Strict {
            a: u64,
            b: u64,
            c: f64,
        }
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Loose {
            games: u64,
        }
        let e = typed_json::<Strict>(r#"{"a": 1, "b": 2, "c": 3, "format": "x"}"#).unwrap_err();
        assert_eq!(
            e,
            "the field 'format' is not one this file has; its fields are 'a', 'b' and 'c'"
        );
        let e = typed_json::<Strict>("{\"a\": 1, \"b\": 1e400, \"c\": 3}").unwrap_err();
        assert_eq!(
            e,
            "line 1, column 15: b: the number 1e400 is too large: the field takes a whole \
             number from 0 up"
        );
        let e = typed_json::<Strict>("{\"a\": 1, \"b\": 1, \"c\": -1e999}").unwrap_err();
        assert!(e.ends_with("c: the number -1e999 is too large: the field takes a number of at most about 1.8e308"), "{e}");
        let e = typed_json::<Loose>("\u{feff}{\"games\": 1}").unwrap_err();
        assert_eq!(
            e,
            "line 1, column 1: a byte-order mark (U+FEFF), which JSON does not allow: save \
             the file as UTF-8 without one"
        );
        let e = typed_json::<Loose>("{\"ga\u{200b}mes\": 1}").unwrap_err();
        assert_eq!(
            e,
            "the field 'games' is missing; the file has the key 'ga\\u{200b}mes', which has \
             a zero-width space (U+200B) in it"
        );
        let e = typed_json::<Loose>("{\"games\":\u{200b} 1}").unwrap_err();
        assert_eq!(
            e,
            "line 1, column 10: a zero-width space (U+200B), which JSON does not allow \
             there"
        );
        let e =
            typed_json::<Strict>("{\"a\": 1, \"b\": 1, \"c\": 1, \"x\u{200b}\": 1}").unwrap_err();
        assert!(e.starts_with("the field 'x\\u{200b}' is not one"), "{e}");
    }

    #[test]
    fn a_saved_file_s_numbers_are_quoted_as_written() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct S {
            n: u64,
            #[serde(default)]
            v: Vec<u64>,
        }
        let words = |text: &str| typed_json::<S>(text).unwrap_err();
        assert_eq!(
            words(r#"{"n": 1e3}"#),
            "n: the number 1e3 where a whole number from 0 up was expected"
        );
        assert_eq!(
            words("{\"n\": 100000000000000000000000000000}"),
            "n: the number 100,000,000,000,000,000,000,000,000,000 is too large: a whole \
             number from 0 to 18,446,744,073,709,551,615 was expected"
        );
        assert_eq!(
            words("{\"n\": 1,\n \"v\": [1, 2.50]}"),
            "v[1]: the number 2.50 where a whole number from 0 up was expected"
        );
        assert_eq!(
            words(r#"{"n": -7000000000}"#),
            "n: the number -7,000,000,000 where a whole number from 0 up was expected"
        );
        assert_eq!(
            words(r#"{"n": 1E+3 }"#),
            "n: the number 1E+3 where a whole number from 0 up was expected"
        );
        // no field to name: the place
        assert_eq!(
            typed_json::<u64>("  -0.0").unwrap_err(),
            "the number -0.0 where a whole number from 0 up was expected"
        );
        // what is no number keeps its words
        assert_eq!(
            words(r#"{"n": "12"}"#),
            "n: the text '12' where a whole number from 0 up was expected"
        );
        assert!(typed_json::<S>(r#"{"n": 12}"#).is_ok());
        // read straight from the text, the parser's error is said so too
        let text = "{\"n\": 1e3}";
        let e = serde_json::from_str::<S>(text).unwrap_err();
        assert_eq!(
            json_in(text, &e),
            "line 1, column 9: the number 1e3 where a whole number from 0 up was expected"
        );
        assert_eq!(
            damaged_json_in("t.json", text, &e),
            "t.json is damaged: line 1, column 9: the number 1e3 where a whole number from 0 \
             up was expected"
        );
    }

    #[test]
    fn a_whole_number_past_the_parsers_integers_is_said_as_written() {
        let e = serde_json::from_str::<u64>("18446744073709551616").unwrap_err();
        assert!(
            json(&e).ends_with(
                "the number 18,446,744,073,709,551,616 is too large: a whole number from 0 \
                 to 18,446,744,073,709,551,615 was expected"
            ),
            "{}",
            json(&e)
        );
    }

    #[test]
    fn a_format_of_another_version_is_said_in_the_version_words() {
        let f = |t: &str| format_refused(Some(&serde_json::json!(t)), "ludomat-threes-record/1");
        assert_eq!(
            f("ludomat-threes-record/2").as_deref(),
            Some(
                "its format 'ludomat-threes-record/2' is a newer version (2), which this build \
                 does not read (it reads version 1)"
            )
        );
        assert_eq!(
            f("ludomat-her").as_deref(),
            Some("its format is 'ludomat-her', not 'ludomat-threes-record/1'")
        );
    }

    /// One version wording for every version that is not the one read, as written.
    #[test]
    fn every_other_version_is_said_as_written() {
        let check = |t: &str| {
            let v: serde_json::Value = serde_json::from_str(t).unwrap();
            version_check(t, &v, "a HER state", 1)
        };
        assert_eq!(check(r#"{"version": 1, "x": 2}"#), Ok(()));
        for (file, said) in [
            (r#"{"version": 1.0}"#, "1.0"),
            (r#"{"version":1e0}"#, "1e0"),
            (r#"{"version": -1}"#, "-1"),
            (r#"{"version": "1"}"#, "\"1\""),
            (r#"{"version": null}"#, "null"),
            (r#"{"version": 2}"#, "2"),
            (
                r#"{"version": 100000000000000000000000000000}"#,
                "100,000,000,000,000,000,000,000,000,000",
            ),
            (
                r#"{"version":18446744073709551616}"#,
                "18,446,744,073,709,551,616",
            ),
        ] {
            assert_eq!(
                check(file),
                Err(format!(
                    "a HER state of version {said}, which this build does not read (it reads \
                     version 1)"
                )),
                "{file}"
            );
        }
        assert_eq!(
            check("{}"),
            Err("a HER state without a version number (this build reads version 1)".into())
        );
    }

    /// A pair written as a list is said in our words, never the parser's "tuple".
    #[test]
    fn a_pair_of_the_wrong_length_is_said_in_our_words() {
        let e = serde_json::from_str::<(String, u32)>(r#"["a", 1, 2]"#).unwrap_err();
        let said = json(&e);
        assert!(
            !said.contains("tuple") && !said.contains("elements"),
            "{said}"
        );
        let v = serde_json::json!(["a", 1, 2]);
        let e = serde_json::from_value::<(String, u32)>(v).unwrap_err();
        assert_eq!(
            json(&e),
            "a list of 3 items where a shorter list was expected"
        );
        let e = serde_json::from_value::<(String, u32)>(serde_json::json!(["a"])).unwrap_err();
        assert_eq!(
            json(&e),
            "a list of 1 item where a list of 2 items was expected"
        );
        let e = serde_json::from_value::<(String, u32)>(serde_json::json!({})).unwrap_err();
        assert_eq!(json(&e), "an object where a list of 2 items was expected");
    }

    /// One wording of versions, whatever the file; numbers as written, never `1e+23`.
    #[test]
    fn versions_and_out_of_range_numbers_are_said_one_way() {
        let v = |t: &str| serde_json::from_str::<serde_json::Value>(t).unwrap();
        assert_eq!(
            version_refused("a HER state", Some(&v("2")), 1),
            "a HER state of version 2, which this build does not read (it reads version 1)"
        );
        assert_eq!(
            version_refused("a HER state", Some(&v("2.0")), 1),
            version_refused("a HER state", Some(&v("2")), 1)
        );
        let none = "a MENACE state without a version number (this build reads version 1)";
        assert_eq!(version_refused("a MENACE state", None, 1), none);
        assert_eq!(version_refused("a MENACE state", Some(&v("null")), 1), none);
        for (given, shown) in [
            ("-1", "'-1'"),
            ("\"1\"", "'\"1\"'"),
            ("1.5", "'1.5'"),
            ("1e23", "'1e23'"),
        ] {
            assert_eq!(
                version_refused("a HER state", Some(&v(given)), 1),
                format!(
                    "a HER state of version {shown}, which this build does not read (it reads \
                     version 1)"
                )
            );
        }
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct S {
            a: u32,
            b: i32,
            c: u64,
        }
        let said = |t: &str| json(&serde_json::from_str::<S>(t).unwrap_err());
        assert_eq!(
            said(r#"{"a": 6000000000, "b": 1, "c": 1}"#),
            "line 1, column 16: the number 6,000,000,000 is too large: a whole number from 0 \
             to 4,294,967,295 was expected"
        );
        assert_eq!(
            said(r#"{"a": 1, "b": -6000000000, "c": 1}"#),
            "line 1, column 25: the number -6,000,000,000 is out of range: a whole number from \
             -2,147,483,648 to 2,147,483,647 was expected"
        );
        let big = said(r#"{"a": 1, "b": 1, "c": 1e23}"#);
        assert!(big.contains("the number 1e23 "), "{big}");
        assert!(!big.contains("e+"), "{big}");
    }

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
        // a file cut short after a line break: the end of the line before, columns from 1
        assert_eq!(
            said("{\n  \"alive\": 1,\n"),
            "line 2, at its end: the text ends in the middle of a value"
        );
        // the parser's own words never reach a person
        let control = said("{\"alive\": \"a\u{0}b\"}");
        assert_eq!(
            control,
            "line 1, column 13: a control character (a line break, a tab or the like) inside \
             a text in quotes"
        );
        let text = said(r#"{"alive": "x", "games": 1}"#);
        assert!(
            text.ends_with("the text 'x' where a number was expected"),
            "{text}"
        );
        for text in [
            "",
            "{",
            "{\"alive\": true}",
            "[1,",
            "nul",
            "{\"x\": `",
            "{\"alive\" 1}",
            "{\"alive\": 1,}",
            "{\"alive\": 1} x",
            "{\"alive\": \"\u{1}\"}",
            "{\"alive\": 1e999}",
        ] {
            let s = said(text);
            assert!(
                !s.contains('`')
                    && !s.contains(" at line ")
                    && !s.contains("column 0")
                    && !s.contains("invalid")
                    && !s.contains("expected f64")
                    && !s.contains("u001F"),
                "{s}"
            );
        }
        assert_eq!(
            damaged_json("s.json", &serde_json::from_str::<Weights>("{").unwrap_err()),
            "s.json is damaged: not valid JSON: line 1, column 1: the text ends in the middle \
             of an object"
        );
    }

    /// Big and float numbers as the file wrote them (whole ones with thousands), with
    /// "was expected", whether the parser or a reader of values finds them.
    #[test]
    fn big_numbers_are_said_as_written_with_what_was_expected() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct S {
            a: u32,
        }
        let v = |t: &str| serde_json::from_str::<serde_json::Value>(t).unwrap();
        let said =
            json(&serde_json::from_value::<S>(v(r#"{"a": 18446744073709551616}"#)).unwrap_err());
        assert_eq!(
            said,
            "the number 18,446,744,073,709,551,616 is too large: a whole number from 0 to \
             4,294,967,295 was expected"
        );
        let said = json(&serde_json::from_str::<S>(r#"{"a": 18446744073709551616}"#).unwrap_err());
        assert!(said.contains("18,446,744,073,709,551,616") && said.ends_with("was expected"));
        for (given, shown) in [
            ("12288", "the number 12,288"),
            ("1e+30", "the number 1e30"),
            (
                "18446744073709551616",
                "the number 18,446,744,073,709,551,616",
            ),
            ("-5", "the number -5"),
            ("1.5", "the number 1.5"),
            ("\"x\"", "the text 'x'"),
            ("[1]", "a list"),
        ] {
            assert_eq!(value_words(&v(given)), shown);
        }
        assert_eq!(
            found_where(&v("1e30"), "a whole number from 0 up"),
            "the number 1e30 is too large: a whole number from 0 to 18,446,744,073,709,551,615 \
             was expected"
        );
        assert_eq!(
            found_where(&v("-5"), "a whole number from 0 up"),
            "the number -5 where a whole number from 0 up was expected"
        );
        assert_eq!(format_refused(Some(&v("\"f\"")), "f"), None);
        // a key that is 'format' with a hidden character in it: named, where it is
        assert_eq!(
            format_refused_in(&v("{\"for\u{200b}mat\":\"f\"}"), "f").as_deref(),
            Some(
                "it has no 'format' field saying 'f'; the file has the key 'for\\u{200b}mat', \
                 whose character 4 is a zero-width space (U+200B)"
            )
        );
        assert_eq!(
            unknown_field_words("sp\u{200b}c`, expected `a`, `b`"),
            "the field 'sp\\u{200b}c' is not one this file has: its character 3 is a \
             zero-width space (U+200B); its fields are 'a' and 'b'"
        );
        assert_eq!(
            format_refused(None, "f").as_deref(),
            Some("it has no 'format' field saying 'f'")
        );
        assert_eq!(
            format_refused(Some(&v("5")), "f").as_deref(),
            Some("its format is '5', not 'f'")
        );
    }

    /// An empty file is said as every empty input: `s.json is empty`.
    #[test]
    fn an_empty_json_file_is_empty() {
        let e = serde_json::from_str::<serde_json::Value>("").unwrap_err();
        assert_eq!(damaged_json("s.json", &e), "s.json is empty");
    }

    #[test]
    fn a_value_of_the_wrong_kind_is_said_in_our_words_without_a_place() {
        let value = serde_json::json!({"alive": 1, "games": 6.0});
        let e = serde_json::from_value::<Weights>(value).unwrap_err();
        assert_eq!(
            damaged_content("m.json", "games", &e),
            "m.json is damaged: games: the number 6.0 where a whole number from 0 up was expected"
        );
        let value = serde_json::json!({"alive": 1, "games": -6});
        let e = serde_json::from_value::<Weights>(value).unwrap_err();
        let said = damaged_content("m.json", ".", &e);
        assert!(!said.contains("invalid") && !said.contains('`'), "{said}");
    }
}

#[cfg(test)]
mod hidden_tests {
    /// Invisible characters named, with their code points.
    #[test]
    fn invisible_characters_are_named() {
        assert_eq!(super::hidden_in("12114"), "");
        assert_eq!(
            super::hidden_in("12\u{200b}114"),
            ": it has a zero-width space (U+200B) in it"
        );
        assert_eq!(super::hidden_name('\u{a0}'), "a no-break space (U+00A0)");
        assert_eq!(super::hidden_name('\u{1b}'), "a control character (U+001B)");
    }

    /// The first check of a JSON file names a byte-order mark (a number too large for
    /// the parser passes it: the reader names its field).
    #[test]
    fn a_field_given_twice_is_named_with_its_place() {
        let text = "{\"record\": {\"first\": {\"wins\": 131, \"wins\": 5}}, \"a\": [1, {}]}";
        let said = super::field_twice(text).expect("found");
        assert!(said.starts_with("line 1, column "), "{said}");
        assert!(
            said.ends_with("record.first: the field 'wins' is given twice"),
            "{said}"
        );
        assert_eq!(
            super::field_twice("{\"a\": [{\"b\": 1}, {\"b\": 2}]}"),
            None
        );
        let said = super::field_twice("[{}, {\"b\": 1, \"b\": 1}]").expect("found");
        assert!(
            said.ends_with("[1]: the field 'b' is given twice"),
            "{said}"
        );
    }

    #[test]
    fn check_json_names_what_it_finds() {
        let e = super::check_json("r.json", "\u{feff}{}").unwrap_err();
        assert!(
            e.starts_with(
                "r.json is damaged: not valid JSON: line 1, column 1: a byte-order mark (U+FEFF)"
            ),
            "{e}"
        );
        assert!(super::check_json("r.json", "{\"score\": 1e400}").is_ok());
    }
}
