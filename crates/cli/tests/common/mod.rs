//! Running the built `ludomat` binary in the CLI tests.
#![allow(dead_code)] // each test file uses a different part

use ludomat_io::child::Run as _;
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Run `ludomat ARGS` with `stdin` piped in; wait for it.
pub fn ludomat(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .start()
        .expect("the ludomat binary starts");
    // A program that exits before reading all its input closes the pipe; that is fine.
    let _ = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes());
    child
        .wait_with_output()
        .expect("the ludomat binary finishes")
}

/// Bytes as text, lossily.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `(success, stdout, stderr)` of `ludomat ARGS` with `stdin` piped in.
pub fn run(args: &[&str], stdin: &str) -> (bool, String, String) {
    let out = ludomat(args, stdin);
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}
