//! The menu driven as a user drives it, entry by entry: open the machine, choose the
//! entry, answer the game's prompts (or quit it), and check that the result (final board,
//! who won, the table) is on screen after the entry ends, before "Press Enter", and that
//! the sub-menu comes back only after Enter. Input goes through a pipe, answered prompt by
//! prompt as they appear, like a person at the keyboard.

use ludomat_io::child::Run as _;
use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const PAUSE: &str = "Press Enter to return to the menu (q quits): ";

/// How one entry is driven and what its result looks like.
struct Drive {
    /// Top-level and sub-menu numbers.
    machine: usize,
    entry: usize,
    /// The command line the menu must print.
    command: &'static str,
    /// Text that means the entry waits for input.
    prompts: &'static [&'static str],
    /// Answers, in order; when they run out, `q`.
    answers: &'static [&'static str],
    /// One of these must be in the entry's output.
    result: &'static [&'static str],
}

const SQUARES: &[&str] = &["1", "2", "3", "4", "5", "6", "7", "8", "9"];
const LETTERS: &[&str] = &["E", "A", "B", "C", "D", "F", "G", "H", "J"];
const OUTCOME: &[&str] = &["wins", "draw", "Draw", "won", "drawn"];

fn drives() -> Vec<Drive> {
    let d = |machine, entry, command, prompts, answers, result| Drive {
        machine,
        entry,
        command,
        prompts,
        answers,
        result,
    };
    let ttt: &[&str] = &["Your move ("];
    let box_: &[&str] = &["a square: ", "a shutter: ", "or Q: "];
    let none: &[&str] = &[];
    vec![
        d(
            1,
            1,
            "play tictactoe --x human --o perfect",
            ttt,
            SQUARES,
            OUTCOME,
        ),
        d(
            1,
            2,
            "play tictactoe --x human --o random",
            ttt,
            SQUARES,
            OUTCOME,
        ),
        d(
            1,
            3,
            "play tictactoe --x perfect --o human",
            ttt,
            SQUARES,
            OUTCOME,
        ),
        d(
            1,
            4,
            "tournament tictactoe",
            none,
            none,
            &["A (perfect) wins"],
        ),
        d(1, 5, "tictactoe facts", none, none, &["draws"]),
        d(2, 1, "play computox", box_, LETTERS, &["Session over"]),
        d(
            2,
            2,
            "play computox --machine-first",
            box_,
            LETTERS,
            &["Session over"],
        ),
        d(
            2,
            3,
            "play computox --beatable",
            box_,
            LETTERS,
            &["Session over"],
        ),
        d(
            2,
            4,
            "play computox --mode-switches",
            box_,
            LETTERS,
            &["Session over"],
        ),
        d(
            2,
            5,
            "play computox --two-player",
            box_,
            LETTERS,
            &["Session over"],
        ),
        d(
            2,
            6,
            "play computox --relays",
            box_,
            LETTERS,
            &["Session over"],
        ),
        d(
            2,
            7,
            "play computox --autox",
            box_,
            LETTERS,
            &["Session over"],
        ),
        d(
            2,
            8,
            "play computox --plan",
            none,
            none,
            &["machine starts"],
        ),
        d(
            3,
            1,
            "menace play --quiet-boxes",
            &["How many games?", "Your move ("],
            &["1", "LL", "LM", "LR", "ML", "MM", "MR", "RL", "RM", "RR"],
            OUTCOME,
        ),
        d(
            3,
            2,
            "menace play",
            &["How many games?", "Your move ("],
            &["1", "LL", "LM", "LR", "ML", "MM", "MR", "RL", "RM", "RR"],
            OUTCOME,
        ),
        d(3, 3, "menace train", none, none, &["learning curve in"]),
        d(3, 4, "menace stats", none, none, &["games played in all"]),
        d(
            3,
            5,
            "menace kit",
            none,
            none,
            &["The kit of a fresh MENACE"],
        ),
        d(
            4,
            1,
            "play relay-tictactoe",
            &["Your move ("],
            &["0", "1", "2", "3", "4", "5", "6", "7", "8"],
            &["paper", "wins", "draw", "X"],
        ),
        d(
            4,
            2,
            "play relay-tictactoe --guarded",
            &["Your move ("],
            &["0", "1", "2", "3", "4", "5", "6", "7", "8"],
            &["paper", "wins", "draw", "X"],
        ),
        d(
            4,
            3,
            "relay asm programs/relay/tictactoe.asm",
            none,
            none,
            &["RET "],
        ),
        d(4, 4, "relay bench", none, none, &["teletype"]),
        d(5, 1, "logic latch --trace", none, none, &["stops here"]),
        d(5, 2, "logic squares", none, none, &["lamp"]),
        d(
            6,
            1,
            "play qubic",
            &["Your move (xyz)?"],
            &["111", "222"],
            &["abandoned", "quit", "Game"],
        ),
        d(
            6,
            2,
            "play qubic --strategy louden1962",
            &["TYPE YOUR MOVE"],
            &["111"],
            &["abandoned", "quit", "Game", "GAME"],
        ),
        d(
            6,
            3,
            "play qubic --dims 4",
            &["Your move (wxyz)?"],
            &["1111"],
            &["abandoned", "quit", "Game"],
        ),
        d(
            6,
            4,
            "play qubic --dims 4 --strategy forced",
            &["Your move (wxyz)?"],
            &["2222"],
            &["abandoned", "quit", "Game"],
        ),
        d(
            6,
            5,
            "qubic proof --dims 3",
            none,
            none,
            &["Re-checked by the independent"],
        ),
        // 6.6 (qubic proof) takes minutes in the test build; the test forced4d runs it
        d(6, 7, "tournament qubic", none, none, &["A against B"]),
        d(7, 1, "play threes", &["next:"], &["w", "a"], &["score"]),
        d(
            7,
            2,
            "play threes --assist",
            &["next:"],
            &["s"],
            &["assist"],
        ),
        d(7, 3, "threes auto", none, none, &["score: mean"]),
        d(
            8,
            1,
            "regex solve mit-2013-hexagon",
            none,
            none,
            &["unique"],
        ),
        d(
            8,
            2,
            "play regex small-hexagon",
            &["> "],
            &["clues"],
            &["clue"],
        ),
        d(
            9,
            1,
            "play hexapawn",
            &["Your move ("],
            none,
            &["Hexapawn against HER"],
        ),
        d(9, 2, "her train", none, none, &["last loss"]),
        d(9, 3, "her boxes", none, none, &["box"]),
        d(9, 4, "her kit", none, none, &["The kit of a fresh HER"]),
        // 8.3 (serve --open --exhibit regex) and 10.1 (serve --open) run a server until
        // Ctrl-C: only their command lines are checked,
        // by the unit test every_menu_entry_is_a_valid_command_line
    ]
}

/// The menu process with its output collected as it comes.
struct Menu {
    child: Child,
    stdin: Option<ChildStdin>,
    seen: Arc<Mutex<String>>,
    cursor: usize,
    _home: tempfile::TempDir,
}

impl Menu {
    fn start() -> Menu {
        let home = tempfile::tempdir().expect("a temporary home");
        // the menu runs outside a checkout: its relay listing entry reads the copy of
        // programs/relay/ built into ludomat
        let mut child = Command::new(env!("CARGO_BIN_EXE_ludomat"))
            .current_dir(home.path())
            .env("HOME", home.path())
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .start()
            .expect("ludomat starts");
        let mut stdout = child.stdout.take().expect("piped");
        let seen = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&seen);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let text = String::from_utf8_lossy(&buf[..n]).into_owned();
                sink.lock().expect("not poisoned").push_str(&text);
            }
        });
        let stdin = child.stdin.take();
        Menu {
            child,
            stdin,
            seen,
            cursor: 0,
            _home: home,
        }
    }

    fn text(&self) -> String {
        self.seen.lock().expect("not poisoned").clone()
    }

    /// Wait for the first of `patterns` after the cursor; its index; the cursor moves past it.
    fn wait_for(&mut self, patterns: &[&str], what: &str) -> usize {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let text = self.text();
            let rest = &text[self.cursor..];
            let hit = patterns
                .iter()
                .enumerate()
                .filter_map(|(i, p)| rest.find(p).map(|at| (at, i, p.len())))
                .min();
            if let Some((at, i, len)) = hit {
                self.cursor += at + len;
                return i;
            }
            assert!(
                Instant::now() < deadline,
                "{what}: none of {patterns:?} after:\n{rest}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        // a menu that has gone says so at the next wait, with what it printed
        let _ = writeln!(stdin, "{line}").and_then(|()| stdin.flush());
    }
}

#[test]
fn the_top_level_fits_80_by_24_with_its_title() {
    let mut menu = Menu::start();
    menu.wait_for(&["Machine (1–"], "top level");
    let text = menu.text();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() <= 23, "{} lines:\n{text}", lines.len());
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{text}");
    assert!(text.contains("ludomat — historic game-playing machines"));
    assert!(!text.contains('\x1b'), "no colour into a pipe");
    menu.send("q");
    assert!(menu.child.wait().expect("exits").success());
}

#[test]
fn every_entry_keeps_its_result_on_screen_until_enter() {
    let mut failures = Vec::new();
    for d in drives() {
        let started = Instant::now();
        let mut menu = Menu::start();
        menu.wait_for(&["Machine (1–"], "top level");
        menu.send(&d.machine.to_string());
        menu.wait_for(&["Entry (1–"], "sub-menu");
        let sub_menu = menu.text()[..menu.cursor]
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty() && !l.contains("Entry (") && !l.contains(" b back"))
            .map(str::to_owned);
        menu.send(&d.entry.to_string());
        let command = format!("$ ludomat {}", d.command);
        menu.wait_for(&[&command], d.command);
        let start = menu.cursor;
        let mut answers = d.answers.iter();
        let mut patterns: Vec<&str> = vec![PAUSE];
        patterns.extend(d.prompts);
        while menu.wait_for(&patterns, d.command) != 0 {
            let answer = answers.next().copied().unwrap_or("q");
            menu.send(answer);
        }
        let text = menu.text();
        let result = &text[start..menu.cursor];
        if !d.result.iter().any(|r| result.contains(r)) {
            failures.push(format!(
                "{}: none of {:?} in:\n{result}",
                d.command, d.result
            ));
        }
        if result.contains("ludomat: ") {
            failures.push(format!("{}: an error:\n{result}", d.command));
        }
        // nothing after the pause until Enter
        std::thread::sleep(Duration::from_millis(100));
        let after = menu.text()[menu.cursor..].to_owned();
        if !after.trim().is_empty() {
            failures.push(format!("{}: printed before Enter: {after}", d.command));
        }
        menu.send("");
        menu.wait_for(&["Entry (1–"], "the sub-menu again");
        let again = menu.text()[start..].to_owned();
        if let Some(title) = &sub_menu {
            if !again[again.find(PAUSE).unwrap_or(0)..].contains(title.trim()) {
                failures.push(format!("{}: sub-menu not shown again", d.command));
            }
        }
        menu.send("q");
        let status = menu.child.wait().expect("exits");
        if !status.success() {
            failures.push(format!("{}: exit {status}", d.command));
        }
        ludomat_io::errln!("{:5.1} s  {}", started.elapsed().as_secs_f64(), d.command);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn end_of_input_at_the_pause_leaves_cleanly() {
    let mut menu = Menu::start();
    menu.wait_for(&["Machine (1–"], "top level");
    menu.send("5.2");
    menu.wait_for(&[PAUSE], "logic squares");
    drop(menu.stdin.take());
    let status = menu.child.wait().expect("exits");
    assert!(status.success());
    assert!(menu.text().contains("lamp"));
}

#[test]
fn a_wrong_choice_stays_visible_under_the_menu() {
    let mut menu = Menu::start();
    menu.wait_for(&["Machine (1–"], "top level");
    menu.send("42");
    menu.wait_for(&["'42' is not on the menu"], "the error");
    menu.wait_for(&["Machine (1–"], "the prompt again");
    let text = menu.text();
    let error = text.find("'42'").expect("shown");
    assert!(
        !text[error..].contains("Noughts and crosses"),
        "menu not reprinted"
    );
    menu.send("q");
    assert!(menu.child.wait().expect("exits").success());
}
