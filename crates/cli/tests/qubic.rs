//! `ludomat play qubic` and `ludomat tournament qubic`, end to end.

mod common;

fn run(args: &[&str], input: &str) -> (String, String, bool) {
    let (ok, out, err) = common::run(args, input);
    (out, err, ok)
}
#[test]
fn the_1962_sample_game() {
    let (out, err, ok) = run(
        &[
            "play",
            "qubic",
            "--strategy",
            "louden1962",
            "--machine-first",
        ],
        "212\n213\n214\n311\n321\nn\n",
    );
    assert!(ok, "{err}");
    let moves: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("IS MY MOVE"))
        .map(|l| &l[..3])
        .collect();
    assert_eq!(moves, ["111", "444", "114", "211", "112"]);
    assert!(out.contains("GOOD TRY THERE,"));
    assert!(out.contains("I WIN ON THE FOLLOWING SEQUENCE"));
    assert!(out.contains("113 completes the row"));
}

#[test]
fn bad_input_is_explained_and_the_prompt_repeats() {
    let (out, err, ok) = run(
        &["play", "qubic", "--seed", "3"],
        "25\n251\n2x1\n111\n111\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("a move is 3 digits"), "{out}");
    assert!(
        out.contains("the second digit, 5, is out of range"),
        "{out}"
    );
    assert!(out.contains("is not a digit"), "{out}");
    assert!(out.contains("111 is already taken by you"), "{out}");
    assert!(out.contains("strategy level 11"), "{out}");
    assert!(out.contains("Input ended"), "{out}");
}

#[test]
fn four_d_takes_four_digits_and_slices_show() {
    let (out, err, ok) = run(
        &["play", "qubic", "--dims", "4", "--machine-first"],
        "1111\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("M plays "), "{out}");
    let (out, err, ok) = run(&["play", "qubic", "--slice", "d5"], "111\n");
    assert!(ok, "{err}");
    assert!(out.contains("plane d5"), "{out}");
    let (_, err, ok) = run(&["play", "qubic", "--slice", "z9"], "");
    assert!(!ok);
    assert!(err.contains("not a plane"), "{err}");
}

#[test]
fn self_play_table() {
    let (out, err, ok) = run(
        &[
            "tournament",
            "qubic",
            "--x",
            "other1",
            "--o",
            "other1",
            "--games",
            "200",
            "--seed",
            "5",
            "--quiet",
            "--x-disable",
            "6,9",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("first mover wins"), "{out}");
    assert!(out.contains("other1 -6,9"), "{out}");
    assert!(err.contains("games/s"), "{err}");
    assert!(
        out.contains("A first: A (other1 -6,9) against B (other1)")
            && out.contains("B first: A (other1 -6,9) against B (other1)"),
        "{out}"
    );
}

#[test]
fn the_deck_complains_in_its_own_words() {
    let (out, err, ok) = run(
        &["play", "qubic", "--strategy", "louden1962"],
        "111\n111\n4444\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("444 IS MY MOVE"), "{out}");
    assert!(out.contains("COME ON NOW, THAT SQUARE IS FULL"), "{out}");
    assert!(out.contains("a move is 3 digits"), "{out}");
    let (_, err, ok) = run(
        &["play", "qubic", "--strategy", "louden1962", "--dims", "4"],
        "",
    );
    assert!(!ok);
    assert!(err.contains("4×4×4 only"), "{err}");
}

#[test]
fn the_4d_forced_win_is_checked_and_reported() {
    let (out, err, ok) = run(&["qubic", "proof"], "");
    assert!(ok, "{err}");
    assert!(out.contains("opens at 1111"), "{out}");
    assert!(out.contains("every reply answered"), "{out}");
    assert!(
        out.contains("forces a win within 22 of its own moves"),
        "{out}"
    );
    let (_, err, ok) = run(&["qubic", "proof", "--file", "/no/such/strategy"], "");
    assert!(!ok);
    assert!(err.contains("/no/such/strategy"), "{err}");
}

#[test]
fn defending_against_the_forced_win_loses() {
    // Every cell in turn: taken ones are refused and the next line is read.
    let mut script = String::new();
    for w in 1..=4 {
        for x in 1..=4 {
            for y in 1..=4 {
                for z in 1..=4 {
                    script.push_str(&format!("{w}{x}{y}{z}\n"));
                }
            }
        }
    }
    let (out, err, ok) = run(
        &["play", "qubic", "--dims", "4", "--strategy", "forced"],
        &script,
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("M plays 1111   (move 1 of the forced win)"),
        "{out}"
    );
    assert!(out.contains("is already taken"), "{out}");
    let last = out.lines().rev().find(|l| l.starts_with("I win")).unwrap();
    let moves: u32 = last
        .trim_start_matches("I win, with my move ")
        .trim_end_matches('.')
        .parse()
        .unwrap();
    assert!(moves <= 22, "{last}");
    // In 3D the forced strategy is Patashnik's (tests/qubic_patashnik.rs).
    let (out, err, ok) = run(&["play", "qubic", "--strategy", "forced"], "");
    assert!(ok, "{err}");
    assert!(out.contains("Patashnik"), "{out}");
}
