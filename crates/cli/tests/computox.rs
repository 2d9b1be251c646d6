//! `ludomat play computox` end to end: the built binary with piped input.

mod common;

use common::run as ludomat;

#[test]
fn seed_game_machine_first_explained() {
    let (ok, out, err) = ludomat(
        &["play", "computox", "--machine-first", "--explain"],
        "F\nB\nH\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("The Computox lights O on E."), "{out}");
    assert!(
        out.contains("U1-N17 fired: tactic 3 (fork prevention)"),
        "{out}"
    );
    assert!(out.contains("W lamp lit"), "{out}");
    assert!(out.contains("*** the bell rings ***"), "{out}");
    assert!(out.contains("W (*)   L ( )   game counter 0001"), "{out}");
    assert!(out.contains("Input ended."), "{out}");
}

#[test]
fn bad_input_then_end_of_input_exits_cleanly() {
    let (ok, out, err) = ludomat(&["play", "computox"], "I\nZ\nE\nE\nA\n");
    assert!(ok, "{err}");
    assert!(out.contains("there is no square I"), "{out}");
    assert!(
        out.contains("'Z' is not a square: not one of the square letters"),
        "{out}"
    );
    assert!(
        out.contains("square E already holds X: the interlock refuses it"),
        "{out}"
    );
    assert!(
        out.contains("square A already holds O: the interlock refuses it"),
        "{out}"
    );
    assert!(out.contains("Input ended; game abandoned."), "{out}");
    assert!(out.contains("game counter 0001; 0 games finished"), "{out}");
}

#[test]
fn mode_switches_two_player_and_autox_start() {
    let (ok, out, _) = ludomat(
        &[
            "play",
            "computox",
            "--mode-switches",
            "--explain",
            "--seed",
            "5",
        ],
        "R\nR\nR\nR\nQ\n",
    );
    assert!(ok);
    assert_eq!(out.matches("SAL stopped on SAL-N").count(), 5, "{out}");
    assert!(out.contains("game counter 0005"), "{out}");
    let (ok, out, _) = ludomat(&["play", "computox", "--two-player"], "A\nX B\n");
    assert!(ok);
    assert!(
        out.contains("out of turn: the player relay connects only the O buttons"),
        "{out}"
    );
    let (ok, out, _) = ludomat(&["play", "computox", "--autox", "--machine-first"], "");
    assert!(ok);
    assert!(out.contains("the AUTOX starts and lights A"), "{out}");
    let (ok, _, err) = ludomat(&["play", "computox", "--autox", "--beatable"], "");
    assert!(!ok);
    assert!(err.contains("no X relay"), "{err}");
}

#[test]
fn computox_in_a_tictactoe_tournament() {
    let (ok, out, err) = ludomat(
        &[
            "tournament",
            "tictactoe",
            "--x",
            "perfect",
            "--o",
            "computox",
            "--games",
            "2000",
            "--alternate",
            "--quiet",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("computox"), "{out}");
}

#[test]
fn relays_play_netlist_and_verify() {
    let (ok, out, err) = ludomat(
        &["play", "computox", "--relays", "--timing", "ideal"],
        "A\nA\nQ\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("The Computox lights O on E."), "{out}");
    assert!(
        out.contains("out to U1-N18, where the claim closed"),
        "{out}"
    );
    assert!(out.contains("square A already holds X"), "{out}");
    let (ok, _, err) = ludomat(&["play", "computox", "--timing", "real"], "");
    assert!(!ok && err.contains("--relays"), "{err}");
    let (ok, out, err) = ludomat(&["computox", "netlist"], "");
    assert!(ok, "{err}");
    assert!(out.starts_with("# The Computox, wire by wire"), "{out}");
    let (ok, out, err) = ludomat(&["computox", "verify"], "");
    assert!(ok, "{err}");
    assert!(out.contains("all 690 agree"), "{out}");
    let (ok, _, err) = ludomat(&["computox", "verify", "--netlist", "/nonexistent.net"], "");
    assert!(!ok && err.contains("cannot read /nonexistent.net"), "{err}");
}
