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
    let (child, port, _) = serve_printing(args);
    (child, port)
}

/// As [`serve`], with what it prints on standard output (all of it once it has ended).
fn serve_printing(args: &[&str]) -> (Child, u16, std::thread::JoinHandle<String>) {
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
    let rest = std::thread::spawn(move || {
        let mut all = line + "\n";
        while let Ok(Some(l)) = out.next_line() {
            all.push_str(&l);
            all.push('\n');
        }
        all
    });
    (child, port, rest)
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
    // the shell's status of the signal, after the stop line (as every long run)
    let status = if signal == libc::SIGTERM { 143 } else { 130 };
    assert_eq!(ended.code(), Some(status), "{name}: {ended:?}");
    let err = ludomat_io::read::capped_text(child.stderr.take().unwrap(), 1 << 20).unwrap();
    // the stop line is a log line: whole on one line in a pipe, not wrapped at 80 columns
    assert!(err.contains(&format!("{name}: stopping")), "{err}");
    assert!(
        err.lines()
            .any(|l| l.starts_with("Stopped by ") && l.ends_with("after the signal.")),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "Stopped by {}; the museum kept nothing: closed 1 event stream and 1 connection, \
             cancelled 1 autoplay, let go of 1 visit",
            if signal == libc::SIGTERM {
                "SIGTERM"
            } else {
                "Ctrl-C"
            }
        )),
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
    let (child, port, printed) =
        serve_printing(&["--bind", "0.0.0.0", "--allowed-host", "museum.example.org"]);
    let (status, _) = request(port, "GET", "/api/exhibits", "");
    assert_eq!(status, 200);
    let (status, body) = request(port, "GET", "/api/museum", "");
    assert_eq!(status, 200, "{body}");
    // A foreign Host, refused: its log line in the museum's own format.
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    write!(
        s,
        "GET /api/exhibits HTTP/1.1\r\nhost: evil.example\r\nconnection: close\r\n\r\n"
    )
    .unwrap();
    let answer = ludomat_io::read::capped_text(&mut s, 1 << 20).unwrap();
    assert!(answer.starts_with("HTTP/1.1 421"), "{answer}");
    // SAFETY: as above.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("warning: listening on 0.0.0.0:"), "{err}");
    assert!(
        err.lines()
            .any(|l| l.starts_with("ludomat museum: 421 foreign Host")),
        "{err}"
    );
    assert!(!err.contains(" WARN "), "{err}");
    assert!(err.contains("museum.example.org"), "{err}");
    // The addresses students type, the same as the home page shows, and a QR code of the
    // first; no colour codes in a pipe (nor in the log).
    let printed = printed.join().unwrap();
    let about: serde_json::Value = serde_json::from_str(&body).unwrap();
    let urls = about["class"]["urls"].as_array().unwrap();
    if let Some(first) = urls.first() {
        let first = first["url"].as_str().unwrap();
        assert!(
            printed.contains("on this network, type one of:"),
            "{printed}"
        );
        for u in urls {
            assert!(printed.contains(u["url"].as_str().unwrap()), "{printed}");
        }
        assert!(
            printed.contains(&format!("or scan ({first}):")),
            "{printed}"
        );
        assert!(printed.contains('█') || printed.contains('▀'), "{printed}");
    } else {
        assert!(printed.contains("no network address found"), "{printed}");
    }
    assert!(
        !printed.contains('\x1b') && !err.contains('\x1b'),
        "{printed}{err}"
    );

    let out = Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(["serve", "--port", "0", "--allowed-host", "bad name"])
        .run_output()
        .unwrap();
    // a usage error, as clap says its own (status 2), before anything starts
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("error: --allowed-host 'bad name'"), "{err}");
    for (flag, value, says) in [
        (
            "--allowed-host",
            "",
            "--allowed-host '' is not a host name or address",
        ),
        (
            "--bind",
            "999.1.1.1",
            "--bind '999.1.1.1' is not an IP address; give e.g. 127.0.0.1 or 0.0.0.0",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_ludomat"))
            .args(["serve", "--port", "0", flag, value])
            .run_output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag} {value:?}");
        let err = String::from_utf8_lossy(&out.stderr).replace('\n', " ");
        assert!(err.contains(&format!("error: {says}")), "{err}");
        assert!(err.contains("For more information, try '--help'."), "{err}");
    }
}

/// A port another program holds is refused as every other refused flag is (`error:`,
/// status 2), its value quoted the terminal's one way — but it is no mistyped command
/// line: no usage follows, and in a file (here a pipe) it is one line, however long.
#[test]
fn a_port_in_use_is_an_error_naming_the_flag() {
    let held = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = held.local_addr().unwrap().port().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(["serve", "--port", &port])
        .run_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err,
        format!(
            "error: --port '{port}' is in use by another program on 127.0.0.1: choose \
             another, or '--port 0' for a free one\n"
        )
    );
}

/// On a terminal the QR code of the class's address is printed black on white in
/// explicit colours (here a 256-colour terminal's fixed black 16 and white 231), so it
/// scans on a dark terminal too: read from a pseudo-terminal.
#[test]
fn the_qr_code_on_a_terminal_is_black_on_white_in_explicit_colours() {
    use std::io::Read;
    use std::os::fd::{FromRawFd, OwnedFd};
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes two new descriptors into the integers we pass; the other
    // arguments may be null.
    let opened = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(opened, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors were just opened and are owned by nothing else.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(["serve", "--bind", "0.0.0.0", "--port", "0"])
        .env("TERM", "xterm-256color")
        .env_remove("COLORTERM")
        .env_remove("NO_COLOR")
        .stdout(Stdio::from(slave))
        .stderr(Stdio::null())
        .start()
        .expect("the ludomat binary starts");
    let mut terminal = std::fs::File::from(master);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = terminal.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut seen = String::new();
    let until = Instant::now() + Duration::from_secs(20);
    let done = |s: &str| {
        s.contains("no network address found")
            || (s.contains("or scan") && s.matches("\x1b[0m").count() >= 10)
    };
    while !done(&seen) && Instant::now() < until {
        if let Ok(bytes) = rx.recv_timeout(Duration::from_millis(100)) {
            seen.push_str(&String::from_utf8_lossy(&bytes));
        }
    }
    // SAFETY: a signal to our own child.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    let _ = child.wait();
    if seen.contains("no network address found") {
        ludomat_io::errln!("no address besides loopback here: no QR code to check");
        return;
    }
    assert!(seen.contains("or scan ("), "{seen:?}");
    let qr: Vec<&str> = seen
        .lines()
        .skip_while(|l| !l.starts_with("or scan ("))
        .skip(1)
        .take_while(|l| l.contains('\x1b'))
        .collect();
    assert!(qr.len() >= 10, "{seen:?}");
    for line in &qr {
        let line = line.trim_end_matches('\r');
        assert!(
            line.starts_with("  \x1b[38;5;16;48;5;231m") && line.ends_with("\x1b[0m"),
            "{line:?}"
        );
    }
    assert!(qr.iter().any(|l| l.contains('█') || l.contains('▀')));
}

/// The process ends within a second of Ctrl-C with long work going — a Qubic proof from
/// the empty board (a thread of its own), a Threes! autoplay of the depth-4 AI (steps on
/// the background threads), a page open.
#[test]
fn ctrl_c_ends_serve_within_a_second_with_runs_going() {
    let (mut child, port) = serve(&[]);
    let open = |kind: &str, config: &str| {
        let (status, body) = request(
            port,
            "POST",
            "/api/visits",
            &format!(r#"{{"kind":"{kind}","config":{config}}}"#),
        );
        assert_eq!(status, 201, "{body}");
        id_of(&body)
    };
    let qubic = open("qubic", "{}");
    let mut page = open_page(port, &qubic);
    let (status, body) = request(
        port,
        "POST",
        &format!("/api/visits/{qubic}/run"),
        r#"{"long_run":"prove","params":{"search_after":0}}"#,
    );
    assert_eq!(status, 202, "{body}");
    let threes = open("threes", r#"{"depth":4}"#);
    let (status, body) = request(
        port,
        "POST",
        &format!("/api/visits/{threes}/autoplay"),
        r#"{"action":{"type":"ai_step"},"interval_ms":10}"#,
    );
    assert_eq!(status, 202, "{body}");
    std::thread::sleep(Duration::from_millis(1500));

    let sent = Instant::now();
    // SAFETY: kill with a valid pid and signal number has no memory effects.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) },
        0
    );
    let ended = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if sent.elapsed() > Duration::from_secs(5) {
            let _ = child.kill();
            panic!("ludomat serve still running 5 s after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let took = sent.elapsed();
    assert_eq!(ended.code(), Some(130), "{ended:?}");
    let err = ludomat_io::read::capped_text(child.stderr.take().unwrap(), 1 << 20).unwrap();
    let err = err.replace('\n', " ");
    assert!(err.contains("cancelled 1 autoplay and 1 run,"), "{err}");
    let _ = ludomat_io::read::capped(page.get_mut(), 1 << 20);
    ludomat_io::errln!(
        "ended {:.3} s after Ctrl-C; {}",
        took.as_secs_f64(),
        err.trim()
    );
    assert!(
        took < Duration::from_secs(1),
        "ended {took:?} after Ctrl-C: {err}"
    );
    // The summary's time is the whole stop, from the signal to the process's end: no
    // more than the wait seen here, and short of it only by the process's exit.
    let said = err
        .rsplit_once("; the museum ended ")
        .and_then(|(_, t)| t.trim().strip_suffix(" after the signal."))
        .and_then(|t| t.split_once(' '))
        .and_then(|(n, unit)| {
            let n: f64 = n.replace(',', "").parse().ok()?;
            let scale = match unit {
                "µs" => 1e-6,
                "ms" => 1e-3,
                "s" => 1.0,
                _ => return None,
            };
            Some(Duration::from_secs_f64(n * scale))
        })
        .unwrap_or_else(|| panic!("no time in {err}"));
    assert!(
        said <= took && took - said < Duration::from_millis(250),
        "said {said:?}, ended {took:?} after Ctrl-C: {err}"
    );
}

/// The server's log lines are one line each in a file or a pipe (`ludomat serve 2> log`),
/// however long, so that grep and log tools see each entry whole: a refusal naming a long
/// foreign Host is not wrapped at 80 columns.
#[test]
fn log_lines_are_whole_in_a_pipe() {
    let (mut child, port) = serve(&[]);
    // (under the 60 characters a refusal quotes whole)
    let host = format!("no-museum-answers-to.{}.example", "x".repeat(25));
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    write!(
        s,
        "GET /api/exhibits HTTP/1.1\r\nhost: {host}\r\nconnection: close\r\n\r\n"
    )
    .unwrap();
    let answer = ludomat_io::read::capped_text(&mut s, 1 << 20).unwrap();
    assert!(answer.starts_with("HTTP/1.1 421"), "{answer}");
    std::thread::sleep(Duration::from_millis(200));
    // SAFETY: kill with a valid pid and signal number has no memory effects.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) },
        0
    );
    let _ = child.wait();
    let err = ludomat_io::read::capped_text(child.stderr.take().unwrap(), 1 << 20).unwrap();
    let line = err
        .lines()
        .find(|l| l.contains("421 foreign Host"))
        .unwrap_or_else(|| panic!("no refusal logged: {err}"));
    assert!(
        line.starts_with("ludomat museum: 421 foreign Host: ") && line.contains(&host),
        "{err}"
    );
    assert!(line.chars().count() > 80, "{line}");
    assert!(
        err.lines()
            .any(|l| l == "ludomat museum: Ctrl-C (SIGINT): stopping"),
        "{err}"
    );
}
