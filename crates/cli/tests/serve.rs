//! `ludomat serve` stops on Ctrl-C (SIGINT) and SIGTERM within 2 s while a page is open:
//! its event stream is closed, its autoplay cancelled, and the terminal told what was done.
#![cfg(unix)]

use ludomat_io::child::Run as _;
use std::io::{BufReader, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Starts `ludomat serve --port 0 ARGS`; the child and its port.
fn serve(args: &[&str]) -> (Child, u16) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .start()
        .expect("the ludomat binary starts");
    let mut out = ludomat_io::read::Lines::new(BufReader::new(
        child.stdout.take().expect("stdout is piped"),
    ));
    let line = out.next_line().expect("the URL line").unwrap_or_default();
    let port = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no URL in {line:?}"));
    (child, port)
}

/// One request on its own connection; the status and the body.
fn request(port: u16, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nhost: 127.0.0.1:{port}\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let answer = ludomat_io::read::capped_text(&mut s, 64 << 20).unwrap();
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

fn id_of(body: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(body).expect("JSON");
    v["id"].as_str().expect("an id").to_string()
}

/// Opens the event stream of `id` and reads its first event.
fn open_page(port: u16, id: &str) -> ludomat_io::read::Lines<BufReader<TcpStream>> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "GET /api/visits/{id}/events HTTP/1.1\r\nhost: 127.0.0.1:{port}\r\n\r\n"
    )
    .unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut r = ludomat_io::read::Lines::with_cap(BufReader::new(s), 1 << 20);
    let mut line = String::new();
    while !line.starts_with("data:") {
        line = r.next_line().unwrap().expect("the stream ended early");
    }
    r
}

fn stops_within_two_seconds(signal: libc::c_int, name: &str) {
    let (mut child, port) = serve(&[]);
    let (status, body) = request(
        port,
        "POST",
        "/api/visits",
        r#"{"kind":"tictactoe","config":{"x":"random","o":"random","seed":1}}"#,
    );
    assert_eq!(status, 201, "{body}");
    let id = id_of(&body);
    let mut page = open_page(port, &id);
    let (status, body) = request(
        port,
        "POST",
        &format!("/api/visits/{id}/autoplay"),
        r#"{"action":{"type":"step"},"interval_ms":20}"#,
    );
    assert_eq!(status, 202, "{body}");
    std::thread::sleep(Duration::from_millis(200));

    let sent = Instant::now();
    // SAFETY: kill with a valid pid and signal number has no memory effects.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, signal) }, 0);
    let ended = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if sent.elapsed() > Duration::from_secs(2) {
            let _ = child.kill();
            panic!("ludomat serve still running 2 s after {name}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let took = sent.elapsed();
    assert!(ended.success(), "{name}: {ended:?}");
    let err = ludomat_io::read::capped_text(child.stderr.take().unwrap(), 1 << 20).unwrap();
    let err = err.replace('\n', " "); // wrapped at 80 columns
    assert!(err.contains(&format!("{name}: stopping")), "{err}");
    assert!(
        err.contains("stopped: closed 1 event stream and 1 connection, cancelled 1 autoplay run, let go of 1 visit"),
        "{err}"
    );
    // The page's stream was closed (ended), not left hanging.
    let _ = ludomat_io::read::capped(page.get_mut(), 1 << 20);
    ludomat_io::errln!(
        "{name}: ended in {:.3} s; {}",
        took.as_secs_f64(),
        err.trim()
    );
}

#[test]
fn ctrl_c_stops_serve_within_two_seconds_with_a_page_open() {
    stops_within_two_seconds(libc::SIGINT, "Ctrl-C (SIGINT)");
}

#[test]
fn sigterm_stops_serve_within_two_seconds_with_a_page_open() {
    stops_within_two_seconds(libc::SIGTERM, "SIGTERM");
}

#[test]
fn binding_off_loopback_warns_and_flags_are_checked() {
    let (child, port) = serve(&["--bind", "0.0.0.0", "--allowed-host", "museum.example.org"]);
    let (status, _) = request(port, "GET", "/api/exhibits", "");
    assert_eq!(status, 200);
    // SAFETY: as above.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("warning: listening on 0.0.0.0:"), "{err}");
    assert!(err.contains("museum.example.org"), "{err}");

    let out = Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(["serve", "--port", "0", "--allowed-host", "bad name"])
        .run_output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--allowed-host \"bad name\""), "{err}");
}
