//! `ludomat threes engine`, `threes auto --engine`, `threes versus` and the budget rules,
//! end to end through the binary.
#![cfg(unix)]

mod common;

use common::run as ludomat;
use ludomat_game::seed;
use ludomat_threes::{Direction, HintModel, Threes};

/// The scores, max tiles and moves of an `auto` CSV, in game order (no times).
fn games(path: &std::path::Path) -> Vec<String> {
    let text = ludomat_io::read::to_string(path).unwrap();
    let mut rows: Vec<Vec<String>> = text
        .lines()
        .filter(|l| !l.starts_with('#')) // the log's settings line
        .skip(1)
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect();
    rows.sort_by_key(|r| r[0].parse::<u64>().unwrap());
    rows.iter().map(|r| r[..5].join(",")).collect()
}

#[test]
fn our_engine_through_the_protocol_plays_the_in_process_games() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.csv"), dir.path().join("b.csv"));
    let common = [
        "threes",
        "auto",
        "--games",
        "2",
        "--seed",
        "6",
        "--threads",
        "2",
    ];
    let mut args = common.to_vec();
    args.extend(["--nodes-per-move", "3000", "--csv", a.to_str().unwrap()]);
    let (ok, out, err) = ludomat(&args, "");
    assert!(ok, "{err}");
    assert!(out.contains("3,000 nodes per move (max depth 10)"), "{out}");
    let mut args = common.to_vec();
    args.extend([
        "--engine",
        "ludomat threes engine --nodes-per-move 3000",
        "--csv",
        b.to_str().unwrap(),
    ]);
    let (ok, out, err) = ludomat(&args, "");
    assert!(ok, "{err}");
    assert!(
        out.contains("Threes! engine ludomat threes engine"),
        "{out}"
    );
    let (ga, gb) = (games(&a), games(&b));
    assert_eq!(ga.len(), 2);
    assert_eq!(ga, gb);
    // a node budget replays move for move: the same run again is the same games (into a
    // new file: a CSV log is never emptied)
    let c = a.with_file_name("c.csv");
    let mut args = common.to_vec();
    args.extend(["--nodes-per-move", "3000", "--csv", c.to_str().unwrap()]);
    assert!(ludomat(&args, "").0);
    assert_eq!(games(&c), ga);
}

/// The swipes of game `i` of seed 1 that always take the first legal one of a rotating
/// order.
fn legal_swipes(i: u64) -> Vec<Direction> {
    let mut g = Threes::new(seed::derive(1, i), HintModel::Plus);
    let mut swipes: Vec<Direction> = Vec::new();
    loop {
        let legal = g.board().legal_swipes();
        if legal.is_empty() {
            return swipes;
        }
        let d = legal[swipes.len() % legal.len()];
        g.swipe(d).unwrap();
        swipes.push(d);
    }
}

/// A `sh` engine that plays games 0 and 1 of seed 1 with [`legal_swipes`] and, in game 1,
/// runs `last` at turn 3.
fn failing_engine(dir: &std::path::Path, last: &str) -> String {
    for i in 0..2 {
        ludomat_io::write::atomically(
            dir.join(format!("answers{}", i + 1)),
            legal_swipes(i)
                .iter()
                .map(|d| format!("swipe {}\n", d.name()))
                .collect::<String>(),
        )
        .unwrap();
    }
    let script = dir.join("engine.sh");
    ludomat_io::write::atomically(
        &script,
        format!(
            r#"k=0; n=0
while IFS= read -r line; do
  case "$line" in
    threes*) echo threesok ;;
    isready) echo readyok ;;
    newgame) n=$((n+1)); k=0 ;;
    turn*) k=$((k+1))
      if [ $n -eq 2 ] && [ $k -eq 3 ]; then {last}; else sed -n "${{k}}p" '{dir}/answers'$n; fi ;;
    quit) exit 0 ;;
  esac
done
"#,
            dir = dir.display()
        ),
    )
    .unwrap();
    format!("sh {}", script.display())
}

#[test]
fn a_failing_engine_is_named_and_the_csv_keeps_the_games_before() {
    for (last, wanted) in [
        (
            "exit 4",
            "ended at game 1, turn 3 before answering (status 4)",
        ),
        (
            "echo 'swipe sideways'",
            "sent 'swipe sideways' at game 1, turn 3",
        ),
        ("sleep 5", "sent no swipe within 2 s at game 1, turn 3"),
        (
            "yes 'info still thinking' | head -n 1500",
            "flooded its output at game 1, turn 3",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let engine = failing_engine(dir.path(), last);
        let csv = dir.path().join("games.csv");
        let (ok, _, err) = ludomat(
            &[
                "threes",
                "auto",
                "--games",
                "3",
                "--seed",
                "1",
                "--threads",
                "1",
                "--engine",
                &engine,
                // long enough for a shell script's turn on a loaded machine
                "--engine-timeout",
                "2",
                "--csv",
                csv.to_str().unwrap(),
            ],
            "",
        );
        assert!(!ok, "{last}: the run must fail");
        assert!(err.contains("engine 'engine'"), "{err}");
        assert!(err.contains(wanted), "{last}: {err}");
        let kept = games(&csv);
        assert_eq!(kept.len(), 1, "{last}: {kept:?}");
        assert!(kept[0].starts_with("0,"), "{kept:?}");
    }
}

#[test]
fn a_tiny_curve_two_games_two_budgets() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("curve.csv");
    let chart = dir.path().join("curve.svg");
    let engine = "ludomat:2000,8000=ludomat threes engine --nodes-per-move {}";
    let args = [
        "threes",
        "versus",
        "--games",
        "2",
        "--seed",
        "3",
        "--threads",
        "2",
        "--ai",
        engine,
        "--csv",
        csv.to_str().unwrap(),
        "--chart",
        chart.to_str().unwrap(),
    ];
    let (ok, out, err) = ludomat(&args, "");
    assert!(ok, "{err}");
    let text = ludomat_io::read::to_string(&csv).unwrap();
    // the settings line (issue 39), the header, a line per game
    assert_eq!(text.lines().count(), 2 + 4, "{text}");
    assert!(
        text.starts_with("# ludomat threes versus [[\"--seed\",\"3\"]"),
        "{text}"
    );
    assert!(
        text.lines()
            .nth(1)
            .is_some_and(|h| h.starts_with("ai,budget,game,seed,score")),
        "{text}"
    );
    for b in ["2000", "8000"] {
        let line = out
            .lines()
            .find(|l| l.starts_with("ludomat") && l.split_whitespace().nth(1) == Some(b))
            .unwrap_or_else(|| panic!("no line for {b}: {out}"));
        assert_eq!(line.split_whitespace().nth(2), Some("2"), "{line}");
    }
    let svg = ludomat_io::read::to_string(&chart).unwrap();
    assert!(svg.contains("mean score against CPU time per move"));
    assert!(svg.contains("made by: ludomat threes versus"));
    // resumed, nothing is left to play; the curve is the same
    let mut resumed = args.to_vec();
    resumed.push("--resume");
    let (ok, out2, err) = ludomat(&resumed, "");
    assert!(ok, "{err}");
    assert!(out2.contains("(4 already done)"), "{out2}");
    assert_eq!(ludomat_io::read::to_string(&csv).unwrap(), text);
    // drawn again from the file alone
    let (ok, out3, err) = ludomat(&["threes", "versus", "--from", csv.to_str().unwrap()], "");
    assert!(ok, "{err}");
    let table = |o: &str| o.lines().filter(|l| l.starts_with("ludomat")).count();
    assert_eq!(table(&out3), 2, "{out3}");
    // bad specs are refused before anything runs
    let (ok, _, err) = ludomat(&["threes", "versus", "--ai", "x:1=prog"], "");
    assert!(!ok);
    assert!(err.contains("no {} where the budget goes"), "{err}");
}

/// A time as the binary writes it (`602 ms`, `1.3 s`, `33 µs`), in seconds.
fn seconds(number: &str, unit: &str) -> f64 {
    let n: f64 = number.replace(',', "").parse().unwrap();
    match unit {
        "µs" => n / 1e6,
        "ms" => n / 1e3,
        "s" => n,
        u => panic!("unit {u}"),
    }
}

/// `threes auto --engine`: the run's CPU time counts the engines' (the searches run in
/// them), not only this process's. Compared with the same search run in this process
/// (CPU per swipe against CPU per swipe, so a loaded machine does not move the bar): without
/// the engines' CPU the figure is a few per cent of it.
#[test]
fn auto_with_an_engine_counts_the_engines_cpu() {
    let cpu_per_swipe = |extra: &[&str]| {
        let mut args = vec!["threes", "auto", "--games", "2", "--seed", "1"];
        args.extend_from_slice(extra);
        let (ok, out, err) = ludomat(&args, "");
        assert!(ok, "{err}");
        // the statistics on standard output, the timing on standard error:
        // "819 swipes in 331 ms wall, 602 ms CPU: …"
        let all = format!("{out}\n{err}");
        let words: Vec<&str> = all.split_whitespace().collect();
        let w = words
            .iter()
            .position(|x| *x == "wall,")
            .unwrap_or_else(|| panic!("wall,: {all}"));
        let swipes: f64 = words[w - 5].replace(',', "").parse().unwrap();
        (seconds(words[w + 1], words[w + 2]) / swipes, all)
    };
    let (engine, all) = cpu_per_swipe(&["--engine", "ludomat threes engine --nodes-per-move 2000"]);
    let (here, _) = cpu_per_swipe(&["--nodes-per-move", "2000"]);
    assert!(
        engine >= 0.5 * here,
        "CPU {engine} s a swipe with the engine, {here} s in this process:\n{all}"
    );
}
