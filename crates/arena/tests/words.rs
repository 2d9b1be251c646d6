//! No Rust debug text in what people read (issue 39's hostile tester: `format
//! Some("ludomat-menace")`, a 10 MB file quoted whole by `{:?}`). Every
//! `crates/*/src/**/*.rs` is read, unit tests left out: a `{…:?}` format is allowed only in
//! `Debug` implementations, tracing and assertions, and the few places listed below with
//! their reason. Quote what a person or a file gave with `ludomat_io::text::quoted`
//! (short, escaped) and give everything else words.

use std::path::{Path, PathBuf};

/// Files whose `{:?}` is meant: machine-readable output, not messages.
const ALLOWED: &[(&str, &str)] = &[(
    "fuzzing/src/lib.rs",
    "the fuzzing harness writes numbers as JSON for its own reader",
)];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for path in ludomat_io::read::entries(dir).expect("a source folder is readable") {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whether `line` formats something with `{…:?}` / `{:#?}`.
fn debug_format(line: &str) -> bool {
    let mut rest = line;
    while let Some(open) = rest.find('{') {
        rest = &rest[open + 1..];
        let Some(close) = rest.find('}') else { break };
        let inside = &rest[..close];
        if inside.ends_with(":?") || inside.ends_with(":#?") {
            return true;
        }
    }
    false
}

/// Lines where a debug format is fine: Debug implementations, tracing, assertions and
/// panics (for programmers, not users).
fn for_programmers(line: &str) -> bool {
    const WHERE: &[&str] = &[
        "debug!",
        "trace!",
        "info!",
        "warn!",
        "tracing::",
        "assert",
        "panic!",
        "unreachable!",
        "expect(",
        "debug_struct",
        "debug_tuple",
    ];
    WHERE.iter().any(|w| line.contains(w))
}

#[test]
fn messages_carry_words_not_debug_text() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    let mut files = 0;
    for dir in ludomat_io::read::entries(&crates).expect("crates/ is readable") {
        let src = dir.join("src");
        if !src.is_dir() || dir.ends_with("museum") {
            continue;
        }
        let mut paths = Vec::new();
        rust_files(&src, &mut paths);
        for path in paths {
            files += 1;
            let name = path
                .strip_prefix(&crates)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            if ALLOWED.iter().any(|(f, _)| name.ends_with(f)) {
                continue;
            }
            let text = ludomat_io::read::to_string(&path).expect("a source file is readable");
            // in a Debug implementation everything is debug text
            let mut in_debug_impl = false;
            for (i, line) in text.lines().enumerate() {
                if line.trim_start().starts_with("#[cfg(test)]")
                    || line.trim_start().starts_with("#[cfg(all(test")
                {
                    break; // unit tests: the rest of the file
                }
                if line.contains("fmt::Debug for") || line.contains("std::fmt::Debug for") {
                    in_debug_impl = true;
                } else if line.starts_with('}') {
                    in_debug_impl = false;
                }
                if debug_format(line) && !in_debug_impl && !for_programmers(line) {
                    found.push(format!("{name}:{}: {}", i + 1, line.trim()));
                }
            }
        }
    }
    assert!(files > 250, "only {files} files read: the wrong folder?");
    assert!(
        found.is_empty(),
        "debug text in messages (give it words, or quote it with ludomat_io::text::quoted):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_finds_what_it_looks_for() {
    assert!(debug_format(r#"format!("format {other:?}, expected")"#));
    assert!(debug_format(r#"format!("{:?}", x)"#));
    assert!(debug_format(r#"#[error("stages {0:?}")]"#));
    assert!(!debug_format(r#"format!("{name}: {}", x)"#));
    assert!(for_programmers("tracing::debug!(?key, \"{x:?}\")"));
}

/// Files whose backticks are meant: text in another language, or the parser's words
/// being turned into ours.
const BACKTICKS_ALLOWED: &[(&str, &str)] = &[
    ("logic/src/verilog.rs", "Verilog's own `timescale directive"),
    (
        "io/src/error.rs",
        "reads serde's messages, which quote with backticks",
    ),
    ("fuzzing/src/lib.rs", "not read by people"),
];

/// Quotes in what a person reads are 'like this' (docs/VOICE.md), never backticks: every
/// string outside comments and unit tests is read.
#[test]
fn messages_quote_with_single_quotes_not_backticks() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    for dir in ludomat_io::read::entries(&crates).expect("crates/ is readable") {
        let src = dir.join("src");
        if !src.is_dir() || dir.ends_with("museum") {
            continue;
        }
        let mut paths = Vec::new();
        rust_files(&src, &mut paths);
        for path in paths {
            let name = path
                .strip_prefix(&crates)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            if BACKTICKS_ALLOWED.iter().any(|(f, _)| name.ends_with(f)) {
                continue;
            }
            let text = ludomat_io::read::to_string(&path).expect("a source file is readable");
            for (i, line) in text.lines().enumerate() {
                let code = line.trim_start();
                if code.starts_with("#[cfg(test)]") || code.starts_with("#[cfg(all(test") {
                    break;
                }
                // comments (doc comments become help only through clap, which shows them
                // as quotes) and the code part of a line before its comment
                let code = code.split(" // ").next().unwrap_or_default();
                // the one place backticks are turned into quotes
                if code.starts_with("//") || !code.contains('`') || code.contains("replace('`'") {
                    continue;
                }
                found.push(format!("{name}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "backticks in messages (quote 'like this'):\n{}",
        found.join("\n")
    );
}
