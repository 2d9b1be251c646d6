//! `ludomat play threes`, `ludomat threes auto | replay` end to end.

use ludomat_io::child::Run as _;
mod common;

use common::run as ludomat;

#[test]
fn play_record_and_replay() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("game.json");
    let rec_s = rec.to_str().unwrap();
    // enough swipes in a cycle to play on; unknown keys are reported and ignored
    let script = format!("z\n{}", "w\na\ns\nd\n".repeat(200));
    let (ok, out, err) = ludomat(
        &[
            "play",
            "threes",
            "--seed",
            "4",
            "--assist",
            "--assist-depth",
            "1",
            "--record",
            rec_s,
        ],
        &script,
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("'z' is not a swipe: use the arrow keys or w a s d"),
        "{out}"
    );
    assert!(out.contains("next: "));
    assert!(out.contains("assist: swipe"));
    assert!(out.contains("game saved to"));
    let (ok, replay, err) = ludomat(&["threes", "replay", rec_s], "");
    assert!(ok, "{err}");
    assert!(replay.contains("seed 4"));
    assert!(replay.contains("final score"));

    // the same seed and keys give the same game
    let rec2 = dir.path().join("again.json");
    let (ok, _, _) = ludomat(
        &[
            "play",
            "threes",
            "--seed",
            "4",
            "--record",
            rec2.to_str().unwrap(),
        ],
        &script,
    );
    assert!(ok);
    assert_eq!(
        ludomat_io::read::to_string(&rec).unwrap(),
        ludomat_io::read::to_string(&rec2).unwrap()
    );

    // a corrupt replay names the field
    let text = ludomat_io::read::to_string(&rec).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["frames"][2]["move"] = serde_json::json!("sideways");
    let bad = dir.path().join("bad.json");
    ludomat_io::write::atomically(&bad, v.to_string()).unwrap();
    let (ok, _, err) = ludomat(&["threes", "replay", bad.to_str().unwrap()], "");
    assert!(!ok);
    assert!(err.contains("frames[2].move"), "{err}");
}

#[test]
fn auto_games_csv_and_chart() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("games.csv");
    let svg = dir.path().join("scores.svg");
    let (ok, out, err) = ludomat(
        &[
            "threes",
            "auto",
            "--games",
            "3",
            "--seed",
            "5",
            "--depth",
            "1",
            "--threads",
            "2",
            "--csv",
            csv.to_str().unwrap(),
            "--chart",
            svg.to_str().unwrap(),
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("score: mean"), "{out}");
    assert!(out.contains("  384:"));
    assert!(out.contains("12,288:"));
    // the timing on standard error: the same run prints the same standard output
    assert!(err.contains("swipes/s") && err.contains(" CPU: "), "{err}");
    assert!(!out.contains("swipes/s"), "{out}");
    let lines = ludomat_io::read::to_string(&csv).unwrap();
    // the settings line , the header, a line per game
    assert!(
        lines.starts_with("# ludomat threes auto [[\"--seed\""),
        "{lines}"
    );
    assert_eq!(lines.lines().count(), 5);
    assert!(std::fs::metadata(&svg).unwrap().len() > 100);
    // the same seed gives the same games
    let csv2 = dir.path().join("again.csv");
    let (ok, _, _) = ludomat(
        &[
            "threes",
            "auto",
            "--games",
            "3",
            "--seed",
            "5",
            "--depth",
            "1",
            "--csv",
            csv2.to_str().unwrap(),
        ],
        "",
    );
    assert!(ok);
    let strip = |t: String| {
        t.lines()
            .map(|l| l.rsplit_once(',').unwrap().0.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        strip(lines),
        strip(ludomat_io::read::to_string(&csv2).unwrap())
    );
    let (ok, _, err) = ludomat(&["threes", "auto", "--games", "0"], "");
    assert!(!ok && err.contains("--games"));
}

/// The `game,seed,score,…` lines of a CSV without the timing column (which varies).
fn games_of(path: &std::path::Path) -> Vec<String> {
    ludomat_io::read::to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#')) // the log's settings line
        .skip(1)
        .map(|l| l.rsplit_once(',').unwrap().0.to_string())
        .collect()
}

#[test]
fn a_run_split_in_parts_is_the_same_run_and_summarises() {
    let dir = tempfile::tempdir().unwrap();
    let path = |n: &str| dir.path().join(n);
    let auto = |games: &str, first: &str, csv: &std::path::Path| {
        let (ok, _, err) = ludomat(
            &[
                "threes",
                "auto",
                "--games",
                games,
                "--first-game",
                first,
                "--seed",
                "9",
                "--depth",
                "1",
                "--csv",
                csv.to_str().unwrap(),
            ],
            "",
        );
        assert!(ok, "{err}");
    };
    auto("4", "0", &path("whole.csv"));
    auto("1", "0", &path("a.csv"));
    auto("3", "1", &path("b.csv"));
    let mut parts = games_of(&path("a.csv"));
    parts.extend(games_of(&path("b.csv")));
    assert_eq!(parts, games_of(&path("whole.csv")));

    let summary = |files: &[&str]| {
        let mut args = vec!["threes", "summary"];
        let paths: Vec<String> = files
            .iter()
            .map(|f| path(f).to_str().unwrap().to_string())
            .collect();
        args.extend(paths.iter().map(String::as_str));
        ludomat(&args, "")
    };
    let (ok, whole, err) = summary(&["whole.csv"]);
    assert!(ok, "{err}");
    let (ok, split, err) = summary(&["b.csv", "a.csv"]);
    assert!(ok, "{err}");
    assert!(split.starts_with("4 games from 2 files"), "{split}");
    let stats = |s: &str| s.lines().skip(1).take(8).collect::<Vec<_>>().join("\n");
    assert_eq!(stats(&whole), stats(&split));

    // the same game twice, and a damaged line, are named with file and line
    let (ok, _, err) = summary(&["whole.csv", "b.csv"]);
    assert!(!ok);
    // line 3: the settings line (issue 39) and the header come first
    let err = err.replace('\n', " ");
    assert!(
        err.contains("b.csv, line 3: game 1 already read in"),
        "{err}"
    );
    // the same file twice is said as such, before its games are read (it said "game 0
    // already read")
    let (ok, _, err) = summary(&["b.csv", "./b.csv"]);
    assert!(!ok);
    let err = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(err.contains("b.csv is given twice (also as "), "{err}");
    assert!(err.contains("./b.csv): each file is read once"), "{err}");
    assert!(!err.contains("already read"), "{err}");
    let bad = path("bad.csv");
    ludomat_io::write::atomically(
        &bad,
        "game,seed,score,max_tile,moves,nodes,seconds\n0,1,2x,3,4,5,0.1\n",
    )
    .unwrap();
    let (ok, _, err) = summary(&["bad.csv"]);
    assert!(!ok);
    assert!(
        err.contains("bad.csv, line 2, column 5: score '2x'"),
        "{err}"
    );
}

/// Quitting or ending input mid-game reports the score so far; `replay --step` prompts
/// before each swipe and stops at `q`.
#[test]
fn quitting_keeps_the_score_and_step_replay_stops_at_q() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("game.json");
    let rec_s = rec.to_str().unwrap();
    let (ok, out, err) = ludomat(
        &["play", "threes", "--seed", "4", "--record", rec_s],
        "w\na\ns\nq\n",
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("You quit; game abandoned, score so far "),
        "{out}"
    );
    assert!(out.contains(" in 3 swipes"), "{out}");
    let (ok, out, _) = ludomat(&["play", "threes", "--seed", "4"], "w\n");
    assert!(ok);
    assert!(
        out.contains("Input ended; game abandoned, score so far"),
        "{out}"
    );

    let (ok, out, err) = ludomat(&["threes", "replay", rec_s, "--step"], "\nq\n");
    assert!(ok, "{err}");
    assert_eq!(
        out.matches("Enter: next swipe, q: stop > ").count(),
        2,
        "{out}"
    );
    assert!(out.contains("stopped after board 1 of 3"), "{out}");
    assert!(!out.contains("board 2 "), "{out}");
}

/// `threes auto --csv` writes each game's line as the game finishes: a run killed part-way
/// leaves the games it finished in the file, readable by `threes summary`.
#[cfg(unix)]
#[test]
fn a_killed_auto_run_keeps_its_finished_games() {
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("run.csv");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args([
            "threes",
            "auto",
            "--games",
            "100000",
            "--depth",
            "1",
            "--threads",
            "1",
            "--csv",
            csv.to_str().unwrap(),
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .start()
        .unwrap();
    let started = Instant::now();
    let games = |text: &str| text.lines().count().saturating_sub(1);
    while started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(50));
        if games(&ludomat_io::read::to_string(&csv).unwrap_or_default()) >= 3 {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let text = ludomat_io::read::to_string(&csv).unwrap();
    assert!(games(&text) >= 3, "{text}");
    let (ok, out, err) = ludomat(&["threes", "summary", csv.to_str().unwrap()], "");
    assert!(ok, "{err}");
    assert!(out.contains("score: mean"), "{out}");
}

#[test]
fn tune_with_cmaes_checkpoints_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let cp = dir.path().join("cmaes.json");
    let cp_s = cp.to_str().unwrap();
    let small = [
        "threes",
        "tune",
        "--method",
        "cmaes",
        "--games",
        "2",
        "--depth",
        "1",
        "--population",
        "3",
        "--seed",
        "5",
    ];
    let with = |extra: &[&str]| {
        let mut args = small.to_vec();
        args.extend_from_slice(extra);
        ludomat(&args, "")
    };
    let (ok, whole, err) = with(&["--generations", "2"]);
    assert!(ok, "{err}");
    assert!(
        whole.contains("CMA-ES: 2 generations of 3 candidates"),
        "{whole}"
    );
    assert!(whole.contains("generation   2 candidate   3"), "{whole}");
    // one generation saved, then the second from the checkpoint: the same best weights
    let (ok, _, err) = with(&["--generations", "1", "--checkpoint", cp_s]);
    assert!(ok, "{err}");
    let (ok, resumed, err) = with(&["--generations", "2", "--resume", cp_s]);
    assert!(ok, "{err}");
    assert!(
        resumed.contains("resuming after generation 1 (3 candidates)"),
        "{resumed}"
    );
    // the weights and their mean (not the time taken)
    let best = |out: &str| out[out.find("best:").unwrap()..out.find(" over ").unwrap()].to_string();
    assert_eq!(best(&resumed), best(&whole));
    // a coordinate-search state is not a CMA-ES one
    ludomat_io::write::atomically(
        &cp,
        r#"{"version":1,"best":{},"best_mean":1,"round":1,"next":0,"tried":1}"#,
    )
    .unwrap();
    let (ok, _, err) = with(&["--generations", "2", "--resume", cp_s]);
    assert!(!ok);
    let err = err.replace('\n', " ");
    assert!(
        err.contains("is a checkpoint of coordinate, not of cmaes"),
        "{err}"
    );
}

/// `threes learn`: a short run writes its checkpoint, curve and network; resumed it goes on
/// to the same end as one run; the network plays through `threes auto --eval learned`; a
/// damaged network or checkpoint is refused with the reason.
#[test]
fn learn_resume_and_play_with_the_network() {
    let dir = tempfile::tempdir().unwrap();
    let run = |d: &std::path::Path, games: &str, resume: bool| {
        let d = d.to_str().unwrap().to_string();
        let mut args = vec![
            "threes",
            "learn",
            "--games",
            games,
            "--dir",
            &d,
            "--tuples",
            "4x5",
            "--eval-every",
            "40",
            "--eval-games",
            "5",
        ];
        if resume {
            args.push("--resume");
        }
        let (ok, out, err) = ludomat(&args, "");
        assert!(ok, "{err}");
        out
    };
    let one = dir.path().join("one");
    let out = run(&one, "80", false);
    assert!(out.contains("a new network: 4×5, 1 stage, hint"), "{out}");
    assert!(out.contains("at game 80: mean "), "{out}");
    let two = dir.path().join("two");
    run(&two, "40", false);
    let out = run(&two, "80", true);
    assert!(out.contains("resumed at game 40"), "{out}");
    let curve = |d: &std::path::Path| -> Vec<String> {
        ludomat_io::read::to_string(d.join("curve.csv"))
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.split(',').take(6).collect::<Vec<_>>().join(","))
            .collect()
    };
    assert_eq!(curve(&one), curve(&two), "resumed = one run");
    assert_eq!(curve(&one).len(), 4, "the header and three points");
    let a = ludomat_io::read::to_bytes(one.join("network.ntuple")).unwrap();
    let b = ludomat_io::read::to_bytes(two.join("network.ntuple")).unwrap();
    assert_eq!(a, b);
    // a fresh run refuses a folder with a checkpoint
    let (ok, _, err) = ludomat(
        &[
            "threes",
            "learn",
            "--games",
            "10",
            "--dir",
            one.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        !ok && err.contains("has a checkpoint: go on with --resume"),
        "{err}"
    );
    // a usage error naming --dir (status 2, clap's shape), as every output refused first
    assert!(
        err.starts_with("error: --dir ") && err.contains("Usage:"),
        "{err}"
    );
    // a --dir whose path runs through a file: the file named, and --dir
    let afile = one.join("network.ntuple").join("sub");
    let (ok, _, err) = ludomat(
        &[
            "threes",
            "learn",
            "--games",
            "10",
            "--dir",
            afile.to_str().unwrap(),
        ],
        "",
    );
    assert!(!ok && err.starts_with("error: --dir "), "{err}");
    assert!(
        err.contains("network.ntuple is a file, not a folder"),
        "{err}"
    );
    assert!(err.contains("Usage:"), "{err}");

    // the network plays
    let net = one.join("network.ntuple");
    let (ok, out, err) = ludomat(
        &[
            "threes",
            "auto",
            "--games",
            "2",
            "--depth",
            "2",
            "--threads",
            "1",
            "--eval",
            "learned",
            "--network",
            net.to_str().unwrap(),
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("mean"), "{out}");
    // damaged: cut short, and not a network at all
    let cut = dir.path().join("cut.ntuple");
    ludomat_io::write::atomically(&cut, &a[..a.len() / 2]).unwrap();
    let (ok, _, err) = ludomat(
        &[
            "threes",
            "auto",
            "--games",
            "1",
            "--depth",
            "1",
            "--eval",
            "learned",
            "--network",
            cut.to_str().unwrap(),
        ],
        "",
    );
    assert!(!ok && err.contains("cut short or damaged"), "{err}");
    let json = dir.path().join("weights.json");
    ludomat_io::write::atomically(&json, "{}").unwrap();
    let (ok, _, err) = ludomat(
        &[
            "threes",
            "engine",
            "--eval",
            "learned",
            "--network",
            json.to_str().unwrap(),
        ],
        "",
    );
    assert!(!ok && err.contains("not a network file"), "{err}");
    // a damaged checkpoint is refused on --resume
    ludomat_io::write::atomically(one.join("checkpoint.ntuple"), &a[..100]).unwrap();
    let (ok, _, err) = ludomat(
        &[
            "threes",
            "learn",
            "--games",
            "100",
            "--dir",
            one.to_str().unwrap(),
            "--resume",
        ],
        "",
    );
    assert!(!ok && err.contains("checkpoint.ntuple"), "{err}");
}

/// Refusals found before the work are usage errors (status 2) naming the flag and what it
/// takes: `--dir` that is a file, a FIFO or a device, an unknown `--tuples`, `--csv` over
/// an earlier run's log (or a file no run of `threes auto` wrote, not called lines of an
/// earlier run), `--record` over a file, `--network` without `--eval learned`.
#[test]
fn refusals_before_the_work_are_usage_errors() {
    let dir = tempfile::tempdir().expect("scratch");
    let file = dir.path().join("afile");
    ludomat_io::write::atomically(&file, "x\n").expect("a file");
    let f = file.to_str().expect("utf-8");
    let run = dir.path().join("run");
    let r = run.to_str().expect("utf-8");
    let usage = |args: &[&str], words: &[&str]| {
        let out = common::ludomat(args, "");
        let err = common::text(&out.stderr);
        let said = err.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        for w in words {
            assert!(said.contains(w), "{args:?}: {w:?} not in {said}");
        }
        said
    };
    let learn = ["threes", "learn", "--games", "10", "--dir"];
    for place in [f, "/dev/null"] {
        usage(
            &[&learn[..], &[place]].concat(),
            &["--dir ", ", not a folder: --dir takes the run's folder"],
        );
    }
    usage(
        &[&learn[..], &[r, "--tuples", "9x9"]].concat(),
        &["--tuples '9x9' is no tuple set: it takes 6x4, 5x6, 4x5"],
    );
    assert!(!run.exists(), "made before the refusal");
    let auto = ["threes", "auto", "--games", "1", "--depth", "1"];
    let said = usage(
        &[&auto[..], &["--csv", f]].concat(),
        &["--csv: ", "is not a log of 'ludomat threes auto'"],
    );
    assert!(!said.contains("earlier run"), "{said}");
    let csv = dir.path().join("r.csv");
    let c = csv.to_str().expect("utf-8");
    let (ok, _, err) = ludomat(&[&auto[..], &["--csv", c]].concat(), "");
    assert!(ok, "{err}");
    usage(
        &[&auto[..], &["--csv", c]].concat(),
        &["of an earlier run; it is never emptied"],
    );
    usage(
        &["play", "threes", "--record", f],
        &[
            "--record ",
            "a file is already there; records are never replaced",
        ],
    );
    usage(
        &[&auto[..], &["--network", f]].concat(),
        &[
            "--network ",
            "is for --eval learned: give --eval learned with it",
        ],
    );
}

/// A resumed `threes learn` that could do nothing says why before the work (no timing of
/// nothing, with more CPU than wall): `--games` not above the checkpoint's, `--tuples` of
/// another network — the file, the checkpoint's network and the remedy named. Its
/// evaluation lines say every figure with its words.
#[test]
fn a_resumed_learn_that_can_do_nothing_says_why() {
    let dir = tempfile::tempdir().expect("scratch");
    let run = dir.path().join("run");
    let r = run.to_str().expect("utf-8");
    let learn = [
        "threes",
        "learn",
        "--dir",
        r,
        "--eval-games",
        "2",
        "--quiet",
    ];
    let (ok, out, err) = ludomat(
        &[
            &learn[..],
            &["--tuples", "4x5", "--games", "40", "--eval-every", "20"],
        ]
        .concat(),
        "",
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("at game 20: mean ") && out.contains("; 3,072 in "),
        "{out}"
    );
    for (extra, words) in [
        (&["--games", "30"][..], "--games 30: the checkpoint "),
        (
            &["--games", "100", "--tuples", "6x4"][..],
            "holds a network of 4×5",
        ),
    ] {
        let o = common::ludomat(&[&learn[..], &["--resume"], extra].concat(), "");
        let err = common::text(&o.stderr)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains(words) && err.contains("checkpoint.ntuple"),
            "{err}"
        );
        assert!(!err.contains("CPU"), "{err}");
    }
}

/// A checkpoint that cannot be saved (the file-size limit) says what the run loses and
/// that the checkpoint on disk is unchanged (the save is atomic), with its game.
#[cfg(unix)]
#[test]
fn a_failed_save_says_what_is_kept_and_what_is_lost() {
    let dir = tempfile::tempdir().expect("scratch");
    let run = dir.path().join("run");
    let r = run.to_str().expect("utf-8");
    let learn = [
        "threes",
        "learn",
        "--dir",
        r,
        "--eval-games",
        "2",
        "--eval-every",
        "25",
    ];
    let (ok, _, err) = ludomat(
        &[&learn[..], &["--tuples", "4x5", "--games", "50"]].concat(),
        "",
    );
    assert!(ok, "{err}");
    let checkpoint = run.join("checkpoint.ntuple");
    let before = ludomat_io::read::to_bytes(&checkpoint).expect("the checkpoint");
    let more = ["--resume", "--games", "100", "--quiet"];
    let args: Vec<&std::ffi::OsStr> = learn.iter().chain(&more).map(|a| a.as_ref()).collect();
    let limited = common::under_file_size_limit(50, &args);
    assert!(!limited.status.success());
    let err = String::from_utf8_lossy(&limited.stderr);
    let err = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        err.contains("cannot save the checkpoint: ")
            && err.contains("the 25 games trained in this run are not saved; ")
            && err.contains("checkpoint.ntuple is unchanged: it holds game 50")
            // the comment the run left in the curve is said (it was left unsaid)
            && err.contains("curve.csv has only a line more, noting that this run began there ('# resumed at game 50')"),
        "{err}"
    );
    assert_eq!(
        ludomat_io::read::to_bytes(&checkpoint).expect("kept"),
        before
    );
}

/// An auto run whose log cannot take a game (the file-size limit) stops there and says
/// what it keeps: the games written before, in the log (whole lines).
#[cfg(unix)]
#[test]
fn an_auto_run_that_cannot_write_says_what_it_kept() {
    let dir = tempfile::tempdir().expect("scratch");
    let csv = dir.path().join("games.csv");
    let mut args: Vec<&std::ffi::OsStr> = ["threes", "auto", "--games", "2000", "--depth", "1"]
        .iter()
        .chain(&["--quiet", "--threads", "1", "--csv"])
        .map(|a| a.as_ref())
        .collect();
    args.push(csv.as_os_str());
    let limited = common::under_file_size_limit(2, &args);
    assert!(!limited.status.success());
    let err = String::from_utf8_lossy(&limited.stderr);
    let err = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        err.contains("the run stopped at game ")
            && err.contains(" before (the log's lines, the records) is kept"),
        "{err}"
    );
}
