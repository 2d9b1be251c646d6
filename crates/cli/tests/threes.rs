//! `ludomat play threes`, `ludomat threes auto | replay` end to end.

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
        out.contains("'z' is no swipe: use the arrow keys or w a s d"),
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
        std::fs::read_to_string(&rec).unwrap(),
        std::fs::read_to_string(&rec2).unwrap()
    );

    // a corrupt replay names the field
    let text = std::fs::read_to_string(&rec).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["frames"][2]["move"] = serde_json::json!("sideways");
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, v.to_string()).unwrap();
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
    assert!(out.contains("12288:"));
    assert!(out.contains("moves/s"));
    let lines = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(lines.lines().count(), 4);
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
    assert_eq!(strip(lines), strip(std::fs::read_to_string(&csv2).unwrap()));
    let (ok, _, err) = ludomat(&["threes", "auto", "--games", "0"], "");
    assert!(!ok && err.contains("--games"));
}
