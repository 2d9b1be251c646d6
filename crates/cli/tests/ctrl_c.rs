//! Ctrl-C stays with what runs (issue 33): the menu is driven through a pseudo-terminal,
//! as a person at an 80×24 terminal drives it, with real Ctrl-C presses (the byte 0x03,
//! which the terminal turns into SIGINT for the foreground process, or into a key in a
//! raw-mode game). After each sequence the menu must still be waiting and answering.
#![cfg(unix)]

use ludomat_io::child::Run as _;
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The museum entry listens on its fixed port: one menu at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const PAUSE: &str = "Press Enter to return to the menu (q quits)";
const CTRL_C: &str = "\x03";

/// The menu on the slave side of a pseudo-terminal, its screen collected as it comes.
struct Terminal {
    child: Child,
    master: File,
    screen: Arc<Mutex<String>>,
    /// How far the screen has been read by `expect`.
    seen: usize,
    _bin: tempfile::TempDir,
}

fn check(rc: libc::c_int, what: &str) -> libc::c_int {
    assert!(rc >= 0, "{what}: {}", std::io::Error::last_os_error());
    rc
}

impl Terminal {
    /// `ludomat` (the menu) with a PATH whose only program is an `xdg-open` that finds no
    /// browser, as on a server.
    fn menu() -> Self {
        Self::menu_with_path(&[])
    }

    /// The same, with `extra` folders after the test's own on PATH (where `sh` and `less`
    /// are, for the pager).
    fn menu_with_path(extra: &[&str]) -> Self {
        Self::run_with_path(&[], extra)
    }

    /// `ludomat ARGS` on the terminal, as [`Terminal::menu_with_path`].
    fn run_with_path(args: &[&str], extra: &[&str]) -> Self {
        let bin = tempfile::tempdir().expect("temp dir");
        let opener = bin.path().join("xdg-open");
        ludomat_io::write::atomically(&opener, "#!/bin/sh\necho 'no browser' >&2\nexit 3\n")
            .expect("opener");
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o755))
                .expect("chmod");
        }
        // SAFETY: plain libc calls on descriptors this test owns; results are checked.
        let (master, slave) = unsafe {
            let master = check(libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY), "openpt");
            check(libc::grantpt(master), "grantpt");
            check(libc::unlockpt(master), "unlockpt");
            let mut name = [0 as libc::c_char; 128];
            check(
                libc::ptsname_r(master, name.as_mut_ptr(), name.len()),
                "ptsname",
            );
            let slave = check(
                libc::open(name.as_ptr(), libc::O_RDWR | libc::O_NOCTTY),
                "open",
            );
            let size = libc::winsize {
                ws_row: 24,
                ws_col: 80,
                ws_xpixel: 0,
                ws_ypixel: 0,
            };
            check(libc::ioctl(slave, libc::TIOCSWINSZ, &size), "winsize");
            (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave))
        };
        let stdio = |fd: &OwnedFd| Stdio::from(fd.try_clone().expect("dup"));
        let mut command = Command::new(env!("CARGO_BIN_EXE_ludomat"));
        command
            .args(args)
            .env_clear()
            // outside a checkout: every entry must work from any folder
            .current_dir(bin.path())
            .env(
                "PATH",
                std::iter::once(bin.path().display().to_string())
                    .chain(extra.iter().map(|s| (*s).to_string()))
                    .collect::<Vec<_>>()
                    .join(":"),
            )
            .env("HOME", bin.path())
            .env("TERM", "xterm")
            .env("NO_COLOR", "1")
            .stdin(stdio(&slave))
            .stdout(stdio(&slave))
            .stderr(stdio(&slave));
        // SAFETY: between fork and exec only async-signal-safe calls: a new session, whose
        // controlling terminal is the slave (stdin), so 0x03 becomes SIGINT for it.
        unsafe {
            command.pre_exec(|| {
                if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.start().expect("the ludomat binary starts");
        drop(slave);
        let screen = Arc::new(Mutex::new(String::new()));
        let mut reader = master.try_clone().expect("dup master");
        let sink = Arc::clone(&screen);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // ends with EIO when the menu has exited and the slave is closed
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let mut s = sink.lock().expect("screen");
                s.push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        Terminal {
            child,
            master,
            screen,
            seen: 0,
            _bin: bin,
        }
    }

    fn screen(&self) -> String {
        self.screen.lock().expect("screen").clone()
    }

    /// Wait until `text` appears after what was already seen; panic with the screen if
    /// it does not within `secs`, or if the menu has exited.
    fn expect(&mut self, text: &str, secs: u64) {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            let screen = self.screen();
            if let Some(i) = screen[self.seen..].find(text) {
                self.seen += i + text.len();
                return;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                std::thread::sleep(Duration::from_millis(200));
                panic!(
                    "the menu exited ({status}) waiting for {text:?}; screen:\n{}",
                    self.screen()
                );
            }
            assert!(
                Instant::now() < deadline,
                "no {text:?} within {secs} s; screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Type `keys` (a line ends with "\n", which the terminal sends as Enter).
    fn type_keys(&mut self, keys: &str) {
        self.master.write_all(keys.as_bytes()).expect("type");
        self.master.flush().expect("flush");
    }

    /// The menu is still running and waits at its prompt for longer than a stray signal
    /// or end of input would take to end it.
    fn still_waiting(&mut self) {
        std::thread::sleep(Duration::from_millis(700));
        assert!(
            self.child.try_wait().expect("status").is_none(),
            "the menu exited instead of waiting; screen:\n{}",
            self.screen()
        );
    }

    /// The menu answers: `?` shows its help, Enter after it, `q` leaves with success.
    fn answers_and_quits(mut self) {
        self.type_keys("?\n");
        self.expect("How the menu works", 10);
        self.expect(PAUSE, 10);
        self.type_keys("q\n");
        let deadline = Instant::now() + Duration::from_secs(10);
        let status = loop {
            if let Some(s) = self.child.try_wait().expect("status") {
                break s;
            }
            assert!(Instant::now() < deadline, "q did not end the menu");
            std::thread::sleep(Duration::from_millis(50));
        };
        assert!(status.success(), "{status}; screen:\n{}", self.screen());
    }

    /// Start the museum (10.1) and stop it with one Ctrl-C; the menu then waits at its
    /// pause.
    fn museum_stopped_by_ctrl_c(&mut self) {
        self.type_keys("10.1\n");
        self.expect("ludomat museum: http", 60);
        self.type_keys(CTRL_C);
        self.expect("Stopped by Ctrl-C", 10);
        self.expect(PAUSE, 10);
        self.still_waiting();
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `ludomat` → 6.1 → q → Enter → b → 10.1 → Ctrl-C: the museum stops, and the menu waits
/// at "Press Enter" (it used to exit there: the game's handler was still installed).
#[test]
fn a_game_quit_with_q_leaves_no_handler_behind() {
    let _port = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut t = Terminal::menu();
    t.expect("Machine (1–10", 30);
    t.type_keys("6.1\n");
    t.expect("Your move (xyz)?", 30);
    t.type_keys("q\n");
    t.expect(PAUSE, 30);
    t.type_keys("\n");
    t.expect("Entry (1–", 10);
    t.type_keys("b\n");
    t.expect("Machine (1–10", 10);
    t.museum_stopped_by_ctrl_c();
    // the browser that is not there is reported, not silently ignored
    assert!(t.screen().contains("found no browser"), "{}", t.screen());
    t.type_keys("\n");
    t.expect("Entry (1, b", 10);
    t.answers_and_quits();
}

/// 10.1, Ctrl-C, Enter, 7.1, Ctrl-C, Enter, b, 10.1, Ctrl-C: the second museum stops at
/// the first press too (it used to keep running, and a second press killed the menu).
#[test]
fn the_menu_survives_ctrl_c_in_the_museum_and_in_a_game_in_any_order() {
    let _port = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut t = Terminal::menu();
    t.expect("Machine (1–10", 30);
    t.museum_stopped_by_ctrl_c();
    t.type_keys("\n");
    t.expect("Entry (1, b", 10);
    t.type_keys("b\n");
    t.expect("Machine (1–10", 10);
    t.type_keys("7.1\n");
    t.expect("next:", 30);
    t.type_keys(CTRL_C);
    t.expect(PAUSE, 30);
    t.type_keys("\n");
    t.expect("Entry (1–", 10);
    t.type_keys("b\n");
    t.expect("Machine (1–10", 10);
    t.museum_stopped_by_ctrl_c();
    t.type_keys("\n");
    t.expect("Entry (1, b", 10);
    // a game ended by Ctrl-C at its prompt, then the museum again
    t.type_keys("b\n");
    t.expect("Machine (1–10", 10);
    t.type_keys("6.1\n");
    t.expect("Your move (xyz)?", 30);
    t.type_keys(CTRL_C);
    t.expect(PAUSE, 30);
    t.still_waiting();
    t.type_keys("\n");
    t.expect("Entry (1–", 10);
    t.type_keys("b\n");
    t.expect("Machine (1–10", 10);
    t.museum_stopped_by_ctrl_c();
    t.type_keys("\n");
    t.expect("Entry (1, b", 10);
    t.answers_and_quits();
}

/// Every entry of the menu, `(machine, entry, command)` counted from 1, read from the
/// menu's own table (`src/menu/entries.rs`), so a new entry is walked too.
fn entries() -> Vec<(usize, usize, String)> {
    let table = include_str!("../src/menu/entries.rs");
    let (mut machine, mut entry, mut out) = (0, 0, Vec::new());
    for line in table.lines().map(str::trim) {
        if line.starts_with("Machine {") {
            machine += 1;
            entry = 0;
        } else if line.starts_with("(\"") && line.ends_with("\"),") {
            entry += 1;
            let command = line
                .trim_end_matches("\"),")
                .rsplit('"')
                .next()
                .unwrap_or("");
            out.push((machine, entry, command.to_string()));
        }
    }
    out
}

/// Ctrl-C inside every entry of the menu, one after the other in one menu at 80×24, from a
/// folder outside the checkout: each time the menu comes back (at "Press Enter", or, for an
/// entry that had already ended, at its sub-menu) and goes on to the next.
#[test]
fn ctrl_c_in_every_entry_returns_to_the_menu() {
    let _port = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let all = entries();
    assert!(all.len() >= 40, "the menu's entries: {all:?}");
    let mut t = Terminal::menu();
    t.expect("Machine (1–", 30);
    for (m, e, command) in &all {
        t.type_keys(&format!("{m}.{e}\n"));
        t.expect(&format!("$ ludomat {command}"), 30);
        if command.starts_with("serve") {
            t.expect("ludomat museum: http", 60);
        } else {
            // let the entry start (a game reaches its prompt, a run its first steps)
            std::thread::sleep(Duration::from_millis(400));
        }
        t.type_keys(CTRL_C);
        t.expect(PAUSE, 120);
        // Ctrl-C after the entry had ended answers the pause itself
        std::thread::sleep(Duration::from_millis(300));
        if !t.screen()[t.seen..].contains("Entry (") {
            t.type_keys("\n");
        }
        t.expect("Entry (", 10);
    }
    t.still_waiting();
    t.answers_and_quits();
}

/// The folder that holds `program` on this machine's PATH, if any.
fn folder_of(program: &str) -> Option<String> {
    std::env::var("PATH").ok()?.split(':').find_map(|dir| {
        let p = std::path::Path::new(dir).join(program);
        p.is_file().then(|| dir.to_string())
    })
}

/// The menu's long texts go through `less` (2.8, the Computox's contact plan): Ctrl-C in
/// the pager leaves it, back to the menu's "Press Enter", as Ctrl-C does everywhere else
/// (plain less stays on Ctrl-C, so the entry could only be left with q); the entry says
/// it stopped, as any command Ctrl-C ends (it used to end with status 0, silent).
#[test]
fn ctrl_c_in_the_pager_returns_to_the_menu() {
    let (Some(sh), Some(less)) = (folder_of("sh"), folder_of("less")) else {
        ludomat_io::errln!("skipped: no sh or less on PATH");
        return;
    };
    let _port = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut t = Terminal::menu_with_path(&[&sh, &less]);
    t.expect("Machine (1–", 30);
    t.type_keys("2.8\n");
    t.expect("Space: next page, b: back, q: quit", 60);
    t.type_keys(CTRL_C);
    // the entry ends as Ctrl-C ends any command: its stop line (status 130)
    t.expect(
        "Stopped by Ctrl-C while paging its text; the command had finished",
        30,
    );
    t.expect(PAUSE, 30);
    t.still_waiting();
    t.type_keys("\n");
    t.expect("Entry (", 10);
    t.answers_and_quits();
}

/// The long listings of quick commands are paged on a terminal as the others are: every
/// MENACE box (some 340 lines) and the Computox's relays with their contacts (360).
#[test]
fn long_listings_are_paged() {
    let (Some(sh), Some(less)) = (folder_of("sh"), folder_of("less")) else {
        ludomat_io::errln!("skipped: no sh or less on PATH");
        return;
    };
    let _port = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    for args in [
        &["menace", "boxes"][..],
        &["computox", "netlist", "--by-relay"][..],
    ] {
        let mut t = Terminal::run_with_path(args, &[&sh, &less]);
        t.expect("Space: next page, b: back, q: quit", 60);
    }
}

/// Ctrl-C at a game's prompt is told as such, not as the end of input (`menace play`,
/// entry 3.1, at its first question).
#[test]
fn ctrl_c_at_a_prompt_is_said_to_be_ctrl_c() {
    let _port = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut t = Terminal::menu();
    t.expect("Machine (1–", 30);
    t.type_keys("3.1\n");
    t.expect("How many games? ", 60);
    t.type_keys(CTRL_C);
    t.expect("Stopped by Ctrl-C; no games played.", 30);
    t.expect(PAUSE, 30);
    t.type_keys("\n");
    t.expect("Entry (", 10);
    // every game says it in the same words (some said "quit", some nothing)
    for (entry, prompt) in [
        ("2.1", "Press a square: "),
        ("2.7", "Close a shutter: "),
        ("4.2", "a key 0–9: "),
        ("6.3", "Your move (wxyz)?"),
        ("7.1", "next:"),
        ("8.2", "> "),
        ("9.1", "Your move ("),
    ] {
        t.type_keys("b\n");
        t.expect("Machine (1–", 10);
        t.type_keys(&format!("{entry}\n"));
        t.expect(prompt, 60);
        std::thread::sleep(Duration::from_millis(200));
        t.type_keys(CTRL_C);
        t.expect("Stopped by Ctrl-C; game abandoned", 30);
        t.expect(PAUSE, 30);
        t.type_keys("\n");
        t.expect("Entry (", 10);
    }
    t.answers_and_quits();
}

/// Ctrl-C at a menu's own prompt goes back one level, as b does; at the top it leaves,
/// saying so, with the status of a Ctrl-C (it used to leave silently, status 0, from any
/// menu).
#[test]
fn ctrl_c_at_a_menu_goes_back_and_at_the_top_leaves() {
    let _port = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut t = Terminal::menu();
    t.expect("Machine (1–", 30);
    t.type_keys("3\n");
    t.expect("Entry (1–", 10);
    t.type_keys(CTRL_C);
    t.expect("Machine (1–", 10);
    t.still_waiting();
    t.type_keys(CTRL_C);
    t.expect("Stopped by Ctrl-C; goodbye.", 10);
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(s) = t.child.try_wait().expect("status") {
            break s;
        }
        assert!(Instant::now() < deadline, "Ctrl-C did not end the menu");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(130), "{}", t.screen());
}
