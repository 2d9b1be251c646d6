//! Hostile use of the binary (issue 14): read-only commands leave the state file alone,
//! absurd flags are refused with the limit named before any work starts, and output
//! paths are checked before a long run.

mod common;

use common::{ludomat, text};

fn fails_saying(args: &[&str], needle: &str) {
    let out = ludomat(args, "");
    // errors are wrapped at 80 columns: read them as one line
    let err = text(&out.stderr).replace('\n', " ");
    assert!(!out.status.success(), "{args:?} succeeded");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

#[test]
fn read_only_menace_commands_never_write() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("sub").join("menace.json");
    let m = missing.display().to_string();
    for args in [
        vec!["menace", "stats", "--state", &m],
        vec!["menace", "boxes", "--state", &m],
    ] {
        // a state named that is not there: an error naming it, never a fresh MENACE
        // shown under its name (hostile item 9)
        let out = ludomat(&args, "");
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        assert!(text(&out.stderr).contains("no such file"));
    }
    assert!(
        !dir.path().join("sub").exists(),
        "no folder or file is created"
    );

    // an existing state with a field of a newer program, and private permissions
    let path = dir.path().join("menace.json");
    let p = path.display().to_string();
    let out = ludomat(
        &[
            "menace",
            "train",
            "--state",
            &p,
            "--against",
            "random",
            "--games",
            "3",
            "--out",
            &dir.path().join("c").display().to_string(),
        ],
        "",
    );
    assert!(path.exists(), "{}", text(&out.stderr));
    let with_extra =
        ludomat_io::read::to_string(&path)
            .unwrap()
            .replacen('{', "{\"comment\":\"mine\",", 1);
    ludomat_io::write::atomically(&path, &with_extra).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    }
    let before = std::fs::metadata(&path).unwrap();
    for args in [
        vec!["menace", "stats", "--state", &p],
        vec!["menace", "boxes", "--state", &p],
    ] {
        let out = ludomat(&args, "");
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    assert_eq!(ludomat_io::read::to_string(&path).unwrap(), with_extra);
    let after = std::fs::metadata(&path).unwrap();
    assert_eq!(after.permissions(), before.permissions());
    assert_eq!(after.modified().unwrap(), before.modified().unwrap());
}

#[test]
fn absurd_flags_are_refused_with_the_limit_named() {
    // in our words, never clap's "1..=10"
    fails_saying(
        &["threes", "auto", "--depth", "100"],
        "--depth '100' is not a whole number from 1 to 10",
    );
    fails_saying(
        &["threes", "auto", "--min-depth", "9", "--max-depth", "2"],
        "--min-depth 9 is deeper than --max-depth 2",
    );
    fails_saying(
        &[
            "threes",
            "auto",
            "--first-game",
            "4294967290",
            "--games",
            "10",
        ],
        "--first-game 4,294,967,290 + --games 10 is 4,294,967,300: K + games must stay within 4,294,967,295",
    );
    // every count: the same message, the limits as --help states them (issue 33)
    fails_saying(
        &["threes", "auto", "--games", "4294967295"],
        "--games '4294967295' is not a whole number from 1 to 10,000,000",
    );
    fails_saying(
        &["threes", "auto", "--threads", "100000"],
        "--threads '100000' is not a whole number from 1 to 256",
    );
    fails_saying(
        &["menace", "bench", "--threads", "100000"],
        "--threads '100000' is not a whole number from 1 to 256",
    );
    fails_saying(
        &["tournament", "tictactoe", "--threads", "10000"],
        "--threads '10000' is not a whole number from 1 to 256",
    );
    fails_saying(
        &["tournament", "tictactoe", "--games", "18446744073709551615"],
        "--games '18446744073709551615' is not a whole number from 1 to 1,000,000,000",
    );
    fails_saying(
        &["tournament", "qubic", "--games", "0"],
        "--games '0' is not a whole number from 1 to 10,000,000",
    );
    fails_saying(
        &["menace", "--start-beads", "random:1-4000000000", "stats"],
        "limit of 1,000 beads",
    );
    fails_saying(
        &["menace", "--empty-box", "refill:4000000000", "stats"],
        "limit of 1,000 beads",
    );
    fails_saying(
        &["logic", "sim", "x.bench", "--random", "1e10"],
        "--random '1e10' is not a whole number from 1 to 1,000,000",
    );
    fails_saying(
        &["relay", "bench", "--max-steps", "1e30"],
        "--max-steps '1e30' is not a whole number from 1 to 1,000,000,000,000",
    );
    fails_saying(
        &["tournament", "qubic", "--x-disable", ",,,"],
        "is not a level",
    );
}

#[test]
fn output_paths_are_checked_before_the_run() {
    let t = std::time::Instant::now();
    fails_saying(
        &[
            "threes",
            "auto",
            "--games",
            "10000000",
            "--csv",
            "/nonexistent/dir/s.csv",
        ],
        "the folder /nonexistent/dir does not exist",
    );
    fails_saying(
        &[
            "threes",
            "auto",
            "--games",
            "10000000",
            "--chart",
            "/nonexistent/dir/s.png",
        ],
        "--chart",
    );
    assert!(
        t.elapsed().as_secs() < 30,
        "refused at once, not after ten million games"
    );
    // The certificate's walk takes seconds (462,761 replies): the path is refused first.
    // (In a scratch folder: a save creates missing folders, so a regression would.)
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no").join("q.gz");
    let t = std::time::Instant::now();
    fails_saying(
        &[
            "qubic",
            "proof",
            "--dims",
            "3",
            "--write-certificate",
            &missing.display().to_string(),
        ],
        &format!(
            "{}: the folder {} does not exist",
            missing.display(),
            dir.path().join("no").display()
        ),
    );
    assert!(
        t.elapsed() < std::time::Duration::from_secs(2),
        "refused after {:?}, not at once",
        t.elapsed()
    );
}

#[test]
fn a_huge_seconds_value_in_a_summary_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("s.csv");
    ludomat_io::write::atomically(
        &csv,
        "game,seed,score,max_tile,moves,nodes,seconds\n0,1,2,3,4,5,1e300\n",
    )
    .unwrap();
    fails_saying(
        &["threes", "summary", &csv.display().to_string()],
        "s.csv, line 2, column 13: seconds 1e300 is more than the limit",
    );
    ludomat_io::write::atomically(
        &csv,
        "game,seed,score,max_tile,moves,nodes,seconds\n0,1,18446744073709551615,3,4,5,1\n1,1,18446744073709551615,3,4,5,1\n",
    )
    .unwrap();
    // no board ends in such a score: refused, naming the line (hostile item 18)
    fails_saying(
        &["threes", "summary", &csv.display().to_string()],
        "s.csv, line 2, column 5: score 18,446,744,073,709,551,615 is more than a board whose highest card is 3 can hold",
    );
}

#[test]
fn weights_out_of_range_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("w.json");
    ludomat_io::write::atomically(
        &w,
        "{\"alive\":1e308,\"empty\":1,\"merges\":1,\"small_merges\":1,\"clogs\":1,\"trapped\":0,\"monotonicity\":1,\"monotonicity_power\":3,\"sum\":1,\"sum_power\":3.5}",
    )
    .unwrap();
    fails_saying(
        &[
            "threes",
            "auto",
            "--games",
            "1",
            "--weights",
            &w.display().to_string(),
        ],
        "alive = 1e308 is out of range",
    );
}

#[test]
fn the_limits_are_in_help() {
    for (args, needle) in [
        (vec!["threes", "auto", "--help"], "1 to 10)"),
        (vec!["threes", "auto", "--help"], "1 to 10,000,000 per run"),
        (vec!["menace", "bench", "--help"], "1 to 256"),
        (vec!["menace", "train", "--help"], "1 to 1,000,000,000"),
        (vec!["logic", "sim", "--help"], "1 to 1,000,000"),
        (vec!["relay", "run", "--help"], "1 to 1,000,000,000,000"),
        (vec!["tournament", "tictactoe", "--help"], "1 to 256"),
    ] {
        let out = ludomat(&args, "");
        let help = text(&out.stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(help.contains(needle), "{args:?} lacks {needle:?}: {help}");
    }
}

#[test]
fn a_regex_solve_stops_at_its_time_bound_with_a_clear_message() {
    // Issue 31: an unsatisfiable 1×40 line of four groups and their backreferences (every
    // letter of such a line appears an even number of times; this one must hold one C)
    // searched for hours with no output.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mirror.txt");
    ludomat_io::write::atomically(
        &path,
        "shape: rectangle 1x40\nalphabet: ABC\n\
         across 1: (.*)(.*)(.*)(.*)\\4\\3\\2\\1\nacross 1: [AB]*C[AB]*\n",
    )
    .unwrap();
    let p = path.display().to_string();
    let started = std::time::Instant::now();
    let out = ludomat(&["regex", "solve", &p, "--max-seconds", "1.5"], "");
    let took = started.elapsed();
    let err = text(&out.stderr);
    assert!(took < std::time::Duration::from_secs(4), "took {took:?}");
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        // 1.5 s, or 1.51 s on a loaded machine
        err.contains("gave up after 1.5") && err.contains("(raise --max-seconds)"),
        "{err}"
    );
    assert!(err.contains("regex solve: "), "progress on stderr: {err}");
}

#[test]
fn flags_of_the_4x4x4_proof_are_refused_with_dims_4() {
    // Issue 31: `--certificate` and `--search-after` were silently ignored with
    // `--dims 4` (the default), which then checked the 4×4×4×4 tree instead.
    fails_saying(
        &["qubic", "proof", "--certificate", "x.gz"],
        "--certificate belongs to the 4×4×4 proof: add --dims 3",
    );
    fails_saying(
        &[
            "qubic",
            "proof",
            "--dims",
            "4",
            "--search-after",
            "3",
            "--threat-depth",
            "5",
        ],
        "--threat-depth, --search-after belong to the 4×4×4 proof",
    );
}
