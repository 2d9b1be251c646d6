//! `ludomat play hexapawn` and `ludomat her …` end to end.

mod common;

use common::run;

#[test]
fn train_reports_when_her_stops_losing() {
    let (ok, out, err) = run(&["her", "train", "--games", "400", "--seed", "1"], "");
    assert!(ok, "{err}");
    assert!(
        out.contains("HER lost 13 of the 400 games played here"),
        "{out}"
    );
    assert!(out.contains("Its last loss was game 130"), "{out}");
    assert!(out.contains("HER now cannot lose"), "{out}");
    let (ok, _, err) = run(&["her", "train", "--games", "0"], "");
    assert!(!ok);
    assert!(
        err.contains("--games '0' is not a whole number from 1 to 1,000,000"),
        "{err}"
    );
}

#[test]
fn state_is_saved_and_boxes_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("her.json");
    let s = state.display().to_string();
    let (ok, _, err) = run(&["her", "train", "--games", "30", "--state", &s], "");
    assert!(ok, "{err}");
    // continued by default; --fresh starts over, keeping the saved HER as a backup
    let (ok, _, err) = run(&["her", "train", "--games", "30", "--state", &s], "");
    assert!(ok, "{err}");
    let (ok, out, err) = run(
        &["her", "train", "--games", "30", "--state", &s, "--fresh"],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("the saved HER (60 games) is kept as"), "{out}");
    let backup = ludomat_hexapawn::Her::load(&dir.path().join("her.json.bak-1")).unwrap();
    assert_eq!(backup.record().games, 60);
    let (ok, out, err) = run(&["her", "boxes", "--state", &s], "");
    assert!(ok, "{err}");
    assert!(out.contains("HER's move 2: 2 boxes"), "{out}");
    assert!(out.contains("HER's move 6: 7 boxes"), "{out}");
    ludomat_io::write::atomically(&state, "not json").unwrap();
    let (ok, _, err) = run(&["her", "boxes", "--state", &s], "");
    assert!(!ok);
    assert!(err.contains("not valid JSON"), "{err}");
}

#[test]
fn a_person_plays_against_her() {
    let (ok, out, err) = run(
        &["play", "hexapawn", "--seed", "3"],
        "b1-b2\nzz\nb1-b3\nq\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("HER opens box #1 (move 2)"), "{out}");
    assert!(out.contains("'zz' is not a move"), "{out}");
    assert!(out.contains("b1-b3 is not a legal move"), "{out}");
}
