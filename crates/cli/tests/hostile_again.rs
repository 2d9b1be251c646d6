//! What the hostile re-trial after issue 39 found in the behaviour of long runs, engines
//! and records, kept found: any CSV `threes auto` writes is summarised, runs of other
//! settings are never combined, an engine that never answers is bounded and never left
//! behind, records are never replaced silently, file names are shown escaped.
#![cfg(unix)]

mod common;

use common::run as ludomat;
use std::fmt::Write as _;

/// stderr is wrapped at 80 columns: compare words.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The settings line `threes auto` writes for `--seed seed`, `--depth depth`.
fn auto_settings(seed: u64, depth: u32) -> String {
    format!(
        "# ludomat threes auto [[\"--seed\",\"{seed}\"],[\"--hint-model\",\"plus\"],\
         [\"search\",\"depth {depth}\"],[\"--engine\",\"none\"],[\"weights\",\"null\"]]\n"
    )
}

#[test]
fn threes_summary_reads_a_csv_of_any_size() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.csv");
    let mut text = auto_settings(1, 2);
    text.push_str("game,seed,score,max_tile,moves,nodes,seconds\n");
    let mut games = 0u64;
    // over the 16 MiB a whole-file read takes
    while text.len() <= 17 << 20 {
        writeln!(
            text,
            "{games},{},{},384,400,123456,0.125",
            1000 + games,
            games % 5000
        )
        .unwrap();
        games += 1;
    }
    ludomat_io::write::atomically(&path, &text).unwrap();
    let (ok, out, err) = ludomat(&["threes", "summary", path.to_str().unwrap()], "");
    assert!(ok, "{err}");
    let shown = ludomat_io::text::thousands(games);
    assert!(out.contains(&shown), "{games} games not all read: {out}");
}

#[test]
fn threes_summary_refuses_runs_of_other_settings() {
    let dir = tempfile::tempdir().unwrap();
    let header = "game,seed,score,max_tile,moves,nodes,seconds\n";
    let file = |name: &str, seed: u64, depth: u32, first: u64| {
        let path = dir.path().join(name);
        let text = format!(
            "{}{header}{first},5,40,384,4,5,1\n{},6,48,384,4,5,1\n",
            auto_settings(seed, depth),
            first + 1
        );
        ludomat_io::write::atomically(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let (a, same, seed9, depth1) = (
        file("a.csv", 1, 2, 0),
        file("b.csv", 1, 2, 2),
        file("c.csv", 9, 2, 0),
        file("d.csv", 1, 1, 2),
    );
    // one run split over two files: combined
    let (ok, out, err) = ludomat(&["threes", "summary", &a, &same], "");
    assert!(ok, "{err}");
    assert!(out.contains('4'), "{out}");
    for (other, differs) in [
        (&seed9, "--seed: '1' in"),
        (&depth1, "search: 'depth 2' in"),
    ] {
        let (ok, out, err) = ludomat(&["threes", "summary", &a, other], "");
        assert!(!ok, "combined without a word: {out}");
        let err = words(&err);
        assert!(err.contains("other settings than"), "{err}");
        assert!(err.contains(differs), "{err}");
        assert!(
            err.contains("a.csv") && err.contains(other.as_str()),
            "{err}"
        );
    }
}

/// An engine that never answers: it writes its process id to `pid` and sleeps.
fn silent_engine(dir: &std::path::Path) -> (String, std::path::PathBuf) {
    let pid = dir.join("engine.pid");
    let script = dir.join("silent.sh");
    let text = format!("echo $$ > '{}'\nexec sleep 600\n", pid.display());
    ludomat_io::write::atomically(&script, text).unwrap();
    (format!("sh {}", script.display()), pid)
}

fn alive(pid: i32) -> bool {
    // SAFETY: signal 0 only checks that the process exists.
    unsafe { libc::kill(pid, 0) == 0 }
}

/// `ludomat ARGS` in a process group of its own (as a shell's foreground job); once the
/// engine said its process id, `signal` is sent (`group`: to the whole group, as a
/// terminal's Ctrl-C; else to ludomat alone). The exit code, stderr, the engine's pid and
/// how long ludomat took after the signal.
fn signalled(
    args: &[String],
    pid_file: &std::path::Path,
    signal: i32,
    group: bool,
) -> (Option<i32>, String, i32, std::time::Duration) {
    use std::time::{Duration, Instant};
    let child = common::in_own_group(args);
    let start = Instant::now();
    let engine = loop {
        let said = ludomat_io::read::to_string(pid_file).unwrap_or_default();
        if let Ok(pid) = said.trim().parse::<i32>() {
            break pid;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no engine started"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    // the greeting has been sent: the run waits for an answer that never comes
    std::thread::sleep(Duration::from_millis(300));
    let me = i32::try_from(child.id()).unwrap();
    let target = if group { -me } else { me };
    let sent = Instant::now();
    // SAFETY: kill with a pid (or process group) this test made and a valid signal.
    unsafe { libc::kill(target, signal) };
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        engine,
        sent.elapsed(),
    )
}

#[test]
fn an_engine_that_never_greets_is_bounded_by_the_engine_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let (engine, _) = silent_engine(dir.path());
    let ai = format!("mute:1={engine} {{}}");
    for args in [
        vec!["threes", "versus", "--games", "1", "--ai", &ai],
        vec!["threes", "auto", "--games", "1", "--engine", &engine],
    ] {
        let mut args = args;
        args.extend(["--engine-timeout", "1"]);
        let start = std::time::Instant::now();
        let (ok, _, err) = ludomat(&args, "");
        let took = start.elapsed();
        assert!(!ok, "{args:?}");
        assert!(
            words(&err).contains("sent no threesok within 1 s at the greeting"),
            "{args:?}: {err}"
        );
        assert!(took.as_secs() < 15, "{args:?}: the greeting took {took:?}");
    }
}

#[test]
fn ctrl_c_or_sigterm_during_the_greeting_stops_at_once_and_ends_the_engine() {
    for (command, signal, group, status, by) in [
        ("versus", libc::SIGINT, true, 130, "Stopped by Ctrl-C"),
        ("auto", libc::SIGINT, true, 130, "Stopped by Ctrl-C"),
        ("versus", libc::SIGTERM, false, 143, "Stopped by SIGTERM"),
        ("auto", libc::SIGTERM, false, 143, "Stopped by SIGTERM"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (engine, pid_file) = silent_engine(dir.path());
        let mut args: Vec<String> = ["threes", command, "--games", "1"]
            .iter()
            .map(ToString::to_string)
            .collect();
        if command == "versus" {
            args.extend(["--ai".into(), format!("mute:1={engine} {{}}")]);
        } else {
            args.extend(["--engine".into(), engine]);
        }
        let (code, err, pid, took) = signalled(&args, &pid_file, signal, group);
        let case = format!("{command} {signal}");
        assert_eq!(code, Some(status), "{case}: {err}");
        assert!(took.as_secs() < 10, "{case}: it took {took:?} to stop");
        let lines: Vec<&str> = err.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(lines.len(), 1, "{case}: one line: {err}");
        assert!(err.starts_with(by), "{case}: {err}");
        // the engine was ended and reaped: not even a zombie is left
        assert!(!alive(pid), "{case}: the engine {pid} is left behind");
    }
}

/// A learn run killed in its first second (or whose first checkpoint save failed) left a
/// curve and no checkpoint: a new run over it starts afresh and says so, the old curve
/// kept; `--resume` says there is no checkpoint and what to do.
#[test]
fn a_learn_curve_without_its_checkpoint_is_no_dead_end() {
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("run");
    let r = run.to_str().unwrap();
    let learn = |more: &[&str]| {
        let mut args = vec![
            "threes",
            "learn",
            "--games",
            "4",
            "--dir",
            r,
            "--tuples",
            "4x5",
            "--eval-every",
            "4",
            "--eval-games",
            "1",
        ];
        args.extend(more);
        ludomat(&args, "")
    };
    // an earlier run's first lines, and nothing else
    let (ok, _, err) = learn(&[]);
    assert!(ok, "{err}");
    let curve = run.join("curve.csv");
    let text = ludomat_io::read::to_string(&curve).unwrap();
    let head: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
    ludomat_io::write::atomically(&curve, &head).unwrap();
    for f in ["checkpoint.ntuple", "network.ntuple"] {
        std::fs::remove_file(run.join(f)).unwrap();
    }
    let (ok, _, err) = learn(&["--resume"]);
    assert!(!ok);
    let err = words(&err);
    assert!(
        err.contains("has no checkpoint") && err.contains("start without --resume"),
        "{err}"
    );
    let (ok, out, err) = learn(&[]);
    assert!(ok, "a dead end: {err}");
    let out = words(&out);
    assert!(out.contains("kept as"), "{out}");
    assert!(out.contains("starts afresh"), "{out}");
    assert_eq!(
        ludomat_io::read::to_string(run.join("curve.csv.bak-1")).unwrap(),
        head
    );
    assert!(run.join("checkpoint.ntuple").exists());
}

#[test]
fn a_widened_menace_window_is_said_and_help_states_the_bound() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("m.json");
    let out = dir.path().join("curve");
    let (ok, text, err) = ludomat(
        &[
            "menace",
            "--state",
            state.to_str().unwrap(),
            "train",
            "--against",
            "random",
            "--games",
            "20001",
            "--window",
            "1",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(ok, "{err}");
    let text = words(&text);
    assert!(
        text.contains("The curve has a point every 4 games, not every 1 as --window asked: it keeps at most 10,000 points."),
        "{text}"
    );
    let (ok, help, _) = ludomat(&["menace", "train", "--help"], "");
    assert!(ok);
    assert!(words(&help).contains("at most 10,000 points"), "{help}");
}

#[test]
fn records_are_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("rd");
    let rd = records.to_str().unwrap();
    let auto = [
        "threes",
        "auto",
        "--games",
        "2",
        "--depth",
        "1",
        "--record-dir",
        rd,
    ];
    let (ok, _, err) = ludomat(&auto, "");
    assert!(ok, "{err}");
    let game0 = ludomat_io::read::to_string(records.join("game-0.json")).unwrap();
    let (ok, out, err) = ludomat(&auto, "");
    assert!(!ok, "replaced: {out}");
    let err = words(&err);
    assert!(
        err.contains("2 records of this run's games are already there (game-0.json …)"),
        "{err}"
    );
    assert!(err.contains("never replaced"), "{err}");
    assert!(
        err.starts_with("error: --record-dir ") && err.contains("Usage:"),
        "{err}"
    );
    assert_eq!(
        ludomat_io::read::to_string(records.join("game-0.json")).unwrap(),
        game0
    );
    // other game numbers are not in the way
    let mut more = auto.to_vec();
    more.extend(["--first-game", "2"]);
    let (ok, _, err) = ludomat(&more, "");
    assert!(ok, "{err}");
    // play threes --record over a record: refused before the game, the record kept
    let keep = records.join("game-0.json");
    let (ok, _, err) = ludomat(
        &["play", "threes", "--record", keep.to_str().unwrap()],
        "q\n",
    );
    assert!(!ok);
    // (an output never replaces saved work: a usage error before the game)
    assert!(
        words(&err).contains("holds a Threes! record, which this would replace"),
        "{err}"
    );
    assert_eq!(ludomat_io::read::to_string(&keep).unwrap(), game0);
    let (_, help, _) = ludomat(&["play", "threes", "--help"], "");
    assert!(words(&help).contains("never replaced"), "{help}");
}

/// Under the file-size limit (`ulimit -f`, SIGXFSZ ignored as a shell's `trap '' XFSZ`
/// does) the CSV keeps whole lines only, the error is in words, and the summary reads it.
#[test]
fn a_full_csv_keeps_whole_lines_and_says_it_in_words() {
    use ludomat_io::child::Run as _;
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("games.csv");
    let limited = std::process::Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 4 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_ludomat"))
        .args([
            "threes",
            "auto",
            "--games",
            "500",
            "--depth",
            "1",
            "--threads",
            "1",
        ])
        .arg("--csv")
        .arg(&csv)
        .run_output()
        .unwrap();
    assert!(!limited.status.success());
    let err = words(&String::from_utf8_lossy(&limited.stderr));
    assert!(
        err.contains("the file is too large for this system (the file-size limit)"),
        "{err}"
    );
    assert!(!err.contains("os error"), "{err}");
    let text = ludomat_io::read::to_string(&csv).unwrap();
    assert!(text.ends_with('\n'), "a torn last line: {text:?}");
    let (ok, out, err) = ludomat(&["threes", "summary", csv.to_str().unwrap()], "");
    assert!(ok, "{err}");
    assert!(out.contains("from 1 file"), "{out}");
}

#[test]
fn engines_that_cannot_start_or_end_at_once_are_said_in_words() {
    let (ok, _, err) = ludomat(
        &[
            "threes",
            "versus",
            "--games",
            "1",
            "--ai",
            "x:1=/nonexistent {}",
        ],
        "",
    );
    assert!(!ok);
    let err = words(&err);
    assert!(
        err.contains("cannot start the engine 'x' (/nonexistent): no such file"),
        "{err}"
    );
    assert!(!err.contains("os error"), "{err}");
    let (ok, _, err) = ludomat(
        &["threes", "versus", "--games", "1", "--ai", "x:1=true {}"],
        "",
    );
    assert!(!ok);
    let err = words(&err);
    assert!(
        err.contains("the engine 'x' ended at the greeting before answering (status 0)"),
        "{err}"
    );
}

/// Escape sequences and bidirectional controls in file names and file contents are shown
/// escaped, never sent to the terminal.
#[test]
fn file_names_and_contents_are_shown_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let raw = |s: &str| s.contains('\u{1b}') || s.contains('\u{202e}') || s.contains('\u{7}');
    let evil = dir.path().join("x\u{1b}]0;owned\u{7}\u{202e}.json");
    let e = evil.to_str().unwrap();
    // a state file that is not there, a CSV that is not one, a netlist, an image, a source
    let csv = dir.path().join("s\u{202e}vc.csv");
    ludomat_io::write::atomically(&csv, "game\u{1b}[2J,x\n").unwrap();
    let bench = dir.path().join("n.bench");
    ludomat_io::write::atomically(
        &bench,
        "INPUT(a\u{1b}[2J)\nOUTPUT(b)\nb = NOT(a\u{1b}[2J)\n",
    )
    .unwrap();
    let hex = dir.path().join("p.hex");
    ludomat_io::write::atomically(&hex, "12\u{1b}[2J\n").unwrap();
    let asm = dir.path().join("p.asm");
    ludomat_io::write::atomically(&asm, "        FOO\u{1b}[2J A\n").unwrap();
    let cases: Vec<Vec<&str>> = vec![
        vec!["menace", "--state", e, "stats"],
        vec!["threes", "summary", csv.to_str().unwrap()],
        vec!["threes", "replay", e],
        vec!["logic", "sim", bench.to_str().unwrap(), "--random", "2"],
        vec!["relay", "disasm", hex.to_str().unwrap()],
        vec!["relay", "asm", asm.to_str().unwrap()],
    ];
    for args in cases {
        let (_, out, err) = ludomat(&args, "");
        assert!(!raw(&out) && !raw(&err), "{args:?}: {out:?} {err:?}");
        assert!(
            out.contains("\\u{1b}") || err.contains("\\u{1b}") || err.contains("\\u{202e}"),
            "{args:?}: the name or text is not shown: {out:?} {err:?}"
        );
    }
}

/// `ludomat ARGS` in `dir`: the status, standard output and error.
fn in_dir(dir: &std::path::Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = ludomat_io::child::output(
        std::process::Command::new(env!("CARGO_BIN_EXE_ludomat"))
            .args(args)
            .current_dir(dir)
            .stdin(std::process::Stdio::null()),
    )
    .unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// The eighth hostile re-trial: a refusal of a file named on the command line, before any
/// work, is a usage error (status 2) in words that say what is there — a folder, a FIFO or
/// a device given as a trained state, a folder that takes no new file (`/proc` was "no
/// such file"), a loop of symbolic links (worded three ways, one of them "no such file")
/// — and so is an agent that cannot play its side, and a negative `--box` (clap's words).
/// All were status 1, or clap's `unexpected argument`.
#[test]
fn refusals_before_the_work_are_usage_errors_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("folder")).unwrap();
    std::os::unix::fs::symlink("loop2", d.join("loop1")).unwrap();
    std::os::unix::fs::symlink("loop1", d.join("loop2")).unwrap();
    let fifo = ludomat_io::child::status(std::process::Command::new("mkfifo").arg(d.join("ff")));
    assert!(fifo.unwrap().success());
    let train = |state: &'static str| -> Vec<&'static str> {
        vec![
            "menace",
            "--state",
            state,
            "train",
            "--against",
            "random",
            "--games",
            "5",
        ]
    };
    let loop_words = ludomat_io::error::LOOP_OF_LINKS;
    let cases: Vec<(Vec<&str>, i32, &str)> = vec![
        (train("folder"), 2, "folder is a folder"),
        (train("/dev/null"), 2, "is a character device"),
        (
            vec!["her", "train", "--state", "ff", "--games", "1"],
            2,
            "is a FIFO",
        ),
        (
            vec!["threes", "learn", "--games", "5", "--dir", "/proc"],
            2,
            "the folder /proc does not accept new files",
        ),
        (
            vec![
                "threes", "auto", "--games", "1", "--depth", "1", "--csv", "loop1",
            ],
            2,
            loop_words,
        ),
        (train("loop1"), 2, loop_words),
        (vec!["her", "kit", "--state", "loop1"], 1, loop_words),
        (vec!["menace", "--state", "loop1", "stats"], 1, loop_words),
        (
            vec!["menace", "train", "--against", "relay", "--games", "5"],
            2,
            "the relay computer cannot play O",
        ),
        (
            vec!["menace", "kit", "--box", "-15x35mm"],
            2,
            "the width -15 is not more than 0",
        ),
    ];
    for (args, status, says) in cases {
        let (code, out, err) = in_dir(d, &args);
        assert_eq!(code, Some(status), "{args:?}: {err}");
        assert!(words(&err).contains(says), "{args:?}: {err}");
        assert!(!err.contains("no such file"), "{args:?}: {err}");
        if status == 2 {
            assert!(err.starts_with("error: "), "{args:?}: {err}");
        }
        assert_eq!(out, "", "{args:?}: nothing before the refusal");
    }
    // nothing was made beside the files named
    assert!(!d.join("folder.lock").exists() && !d.join("ff.lock").exists());
    // the kit's heading is not printed above its refusal (the kit over its own state)
    let state = "o7/menace-x-kit.pdf";
    let made = ["menace", "--state", state, "train", "--against", "random"];
    let (code, _, err) = in_dir(
        d,
        &[&made[..], &["--games", "5", "--quiet", "--out", "tr"]].concat(),
    );
    assert_eq!(code, Some(0), "{err}");
    let (code, out, err) = in_dir(d, &["menace", "--state", state, "kit", "--out", "o7"]);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(out, "", "{err}");
}

/// `threes learn --resume … > DIR/network.ntuple`: the refusal says the shell emptied
/// the file, as it does for the checkpoint; a `curve.svg` that is a link to the network
/// is refused before the work (it was written over the network and said written).
#[test]
fn learn_says_what_the_shell_emptied_and_refuses_a_chart_linked_to_the_network() {
    let dir = tempfile::tempdir().unwrap();
    let learn = "\"$L\" threes learn --dir l --tuples 4x5 --eval-every 10 --eval-games 2 \
                 --quiet";
    let made = common::through_a_shell(dir.path(), &format!("{learn} --games 20 > /dev/null"));
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let again = format!("{learn} --games 30 --resume > l/network.ntuple");
    let o = common::through_a_shell(dir.path(), &again);
    let err = words(&String::from_utf8_lossy(&o.stderr));
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the shell emptied it before the command started"),
        "{err}"
    );
    // the network again, then the chart made a link to it
    let o = common::through_a_shell(
        dir.path(),
        &format!("{learn} --games 20 --export > /dev/null"),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let network = ludomat_io::read::bytes(&dir.path().join("l/network.ntuple"), 1 << 24).unwrap();
    std::fs::remove_file(dir.path().join("l/curve.svg")).unwrap();
    std::os::unix::fs::symlink("network.ntuple", dir.path().join("l/curve.svg")).unwrap();
    let o = common::through_a_shell(dir.path(), &format!("{learn} --games 30 --resume"));
    let err = words(&String::from_utf8_lossy(&o.stderr));
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("curve.svg is a symbolic link to l/network.ntuple"),
        "{err}"
    );
    let after = ludomat_io::read::bytes(&dir.path().join("l/network.ntuple"), 1 << 24).unwrap();
    assert_eq!(after, network, "the network is untouched");
}

/// Ninth hostile re-trial: `threes versus` refuses a budget its engine will refuse before
/// the work (status 2, no log left); a log a failed start left with only its first lines
/// is no earlier run; a log of an earlier run is refused as `threes auto` refuses its own.
#[test]
fn versus_refuses_a_budget_first_and_a_log_as_auto_does() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("vs.csv").display().to_string();
    let versus = |ai: &str| {
        let o = common::ludomat(
            &[
                "threes", "versus", "--games", "1", "--ai", ai, "--csv", &csv,
            ],
            "",
        );
        (
            o.status.code(),
            common::text(&o.stdout),
            common::text(&o.stderr),
        )
    };
    for budget in ["-0", "0.001"] {
        let (code, out, err) = versus(&format!(
            "ludomat:{budget}=ludomat threes engine --cpu-per-move {{}}"
        ));
        assert_eq!(code, Some(2), "{err}");
        assert!(
            words(&err).starts_with(&format!(
                "error: --ai 'ludomat': its engine would refuse its command line: \
                 --cpu-per-move '{budget}' is not a number from 0.01"
            )),
            "{err}"
        );
        assert!(err.contains("\nUsage: ludomat threes versus"), "{err}");
        assert!(out.is_empty(), "{out}");
        assert!(!std::path::Path::new(&csv).exists());
    }
    // an engine that ends at once: the log keeps only its first lines
    let (code, _, err) = versus("x:1=true {}");
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(
        ludomat_io::read::to_string(&csv).unwrap().lines().count(),
        2
    );
    // so the next run, without --resume, takes it as new
    let good = "x:1=ludomat threes engine --depth {}";
    let (code, _, err) = versus(good);
    assert_eq!(code, Some(0), "{err}");
    let before = ludomat_io::read::to_string(&csv).unwrap();
    assert_eq!(before.lines().count(), 3, "{before}");
    // a game line in it: an earlier run, refused before the work as a usage error
    let (code, out, err) = versus(good);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        words(&err).starts_with("error: --csv: ") && words(&err).contains("already holds 3 lines"),
        "{err}"
    );
    assert!(out.is_empty(), "{out}");
    assert_eq!(ludomat_io::read::to_string(&csv).unwrap(), before);
}

/// Ninth hostile re-trial: standard input a folder (`< dd`) is said one way by every game,
/// in words, on a line of its own (never run on from the prompt).
#[test]
fn a_folder_as_standard_input_is_said_one_way() {
    let dir = tempfile::tempdir().unwrap();
    ludomat_io::write::folders(&dir.path().join("dd")).unwrap();
    for game in [
        "play tictactoe --x human --o perfect",
        "menace play --state s.json",
        "play computox",
        "play qubic",
        "play relay-tictactoe",
        "play regex two-by-two",
        "play hexapawn",
        "play threes",
        "menu",
    ] {
        let o = common::through_a_shell(dir.path(), &format!("\"$L\" {game} < dd"));
        let (out, err) = (common::text(&o.stdout), common::text(&o.stderr));
        assert_eq!(o.status.code(), Some(1), "{game}: {err}");
        assert_eq!(
            err, "ludomat: standard input is a folder, not a file\n",
            "{game}"
        );
        assert!(out.is_empty() || out.ends_with('\n'), "{game}: {out}");
    }
}

/// Ninth hostile re-trial: a loop of symbolic links is said one way by `logic sim` and
/// `regex solve` as by every other command (regex said "no such file": the name is there).
#[test]
fn a_loop_of_links_is_said_one_way() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("loopa"), dir.path().join("loopb"));
    std::os::unix::fs::symlink(&b, &a).unwrap();
    std::os::unix::fs::symlink(&a, &b).unwrap();
    let a = a.display().to_string();
    for args in [vec!["logic", "sim", &a], vec!["regex", "solve", &a]] {
        let (ok, _, err) = ludomat(&args, "");
        assert!(!ok);
        let err = words(&err);
        assert!(
            err.starts_with(&format!(
                "ludomat: cannot read {a}: a loop of symbolic links"
            )),
            "{args:?}: {err}"
        );
        assert!(!err.contains("no such file"), "{err}");
    }
}
