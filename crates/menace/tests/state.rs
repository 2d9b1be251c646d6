//! The state file: exact round trips, resuming after an interruption, and every kind of
//! bad file reported (naming what is wrong) and left alone.

use std::path::Path;

use ludomat_game::Player;
use ludomat_menace::{Menace, Opponent, Preset, Rules, StateError};
use ludomat_tictactoe::Board;

fn trained(games: u64) -> (Menace, Opponent) {
    let mut m = Menace::new(Rules::source(), 5);
    let mut o = Opponent::random(6);
    for _ in 0..games {
        m.train_game(&mut o, Player::First);
    }
    (m, o)
}

#[test]
fn save_and_load_round_trip_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub/dir/menace.json");
    for preset in Preset::ALL {
        let mut m = Menace::new(preset.rules(), 1);
        let mut o = Opponent::menace(Rules::source(), 2);
        for g in 0..300 {
            let side = if g % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            m.train_game(&mut o, side);
        }
        ludomat_io::write::folders(path.parent().unwrap()).unwrap();
        m.save(&path).unwrap();
        let loaded = Menace::load(&path).unwrap();
        assert_eq!(loaded, m, "{preset}");
        assert_eq!(loaded.to_json(), m.to_json());
        assert_eq!(loaded.games(), 300);
    }
}

#[test]
fn an_interrupted_training_resumes_as_if_nothing_happened() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("menace.json");
    // Uninterrupted: 400 games.
    let (straight, _) = trained(400);
    // Interrupted: saving after every game, "killed" in the middle of game 201 (beads
    // drawn, not yet learnt), then restarted from the file.
    let (mut m, mut o) = trained(200);
    m.save(&path).unwrap();
    let opponent_at_200 = o.clone();
    m.start_game(Player::First);
    m.choose(Board::EMPTY).unwrap();
    assert_eq!(m.beads_in_play().len(), 1);
    drop(m); // the process dies here; the file holds the state after game 200
    let mut resumed = Menace::load(&path).unwrap();
    assert_eq!(resumed.games(), 200, "only the game in progress is lost");
    o = opponent_at_200;
    for _ in 0..200 {
        resumed.train_game(&mut o, Player::First);
    }
    assert_eq!(resumed, straight);
}

#[test]
fn saving_mid_game_writes_the_boxes_as_they_were_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("menace.json");
    let (mut m, _) = trained(50);
    let before = m.clone();
    m.start_game(Player::First);
    m.choose(Board::EMPTY).unwrap();
    m.save(&path).unwrap();
    let loaded = Menace::load(&path).unwrap();
    assert_eq!(loaded.boxes(Player::First), before.boxes(Player::First));
}

#[test]
fn a_left_over_temporary_file_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("menace.json");
    let (m, _) = trained(20);
    m.save(&path).unwrap();
    // A write killed before its rename leaves a half-written temporary file beside it.
    ludomat_io::write::atomically(dir.path().join(".menace-XXXX.tmp"), "{\"format\": \"ludo")
        .unwrap();
    assert_eq!(Menace::load(&path).unwrap(), m);
    m.save(&path).unwrap();
    assert_eq!(Menace::load(&path).unwrap(), m);
}

fn load_text(text: &str) -> StateError {
    Menace::from_json(text, Path::new("state.json")).unwrap_err()
}

#[test]
fn bad_files_are_reported_precisely() {
    let good = trained(10).0.to_json();

    let e = load_text(&good[..good.len() / 2]);
    assert!(matches!(e, StateError::NotJson { line: 1, .. }), "{e}");
    assert!(
        e.to_string()
            .contains("state.json is damaged: not valid JSON"),
        "{e}"
    );

    let e = load_text("[1, 2, 3]");
    assert!(e.to_string().contains("not a MENACE state file"), "{e}");
    let e = load_text("{\"name\": \"my notes\"}");
    assert!(e.to_string().contains("no 'format' field"), "{e}");
    let e = load_text("{\"format\": \"qubic\"}");
    assert!(e.to_string().contains("'qubic'"), "{e}");

    let e = load_text(&good.replace("\"version\":1", "\"version\":99"));
    assert!(
        matches!(
            e,
            StateError::Version {
                found: Some(99),
                ..
            }
        ),
        "{e}"
    );

    // A number of the wrong kind is quoted as the file wrote it, not as the parser
    // re-reads it (`1000.0`)
    let e = load_text(&good.replacen("\"draws\":0", "\"draws\":1e3", 1));
    assert!(
        e.to_string()
            .contains("the number 1e3 where a whole number from 0 up was expected"),
        "{e}"
    );

    // A bead on the square X holds in the second player's first box.
    let e = load_text(&bead_on_the_x_square(&good));
    assert!(
        e.to_string().contains("holds LL beads, but LL is taken"),
        "{e}"
    );

    let e = load_text(&good.replacen(
        "\"picture\":\"X../.../...\"",
        "\"picture\":\"..X/.../...\"",
        1,
    ));
    assert!(e.to_string().contains("shows ..X/.../..."), "{e}");

    let e = load_text(&good.replacen("\"win\":1", "\"win\":\"lots\"", 1));
    assert!(matches!(e, StateError::Invalid { .. }), "{e}");
}

#[test]
fn serde_words_never_reach_a_person() {
    let good = trained(10).0.to_json();
    // a version written 1e3 is the whole number 1,000, said as written
    let e = load_text(&good.replace("\"version\":1", "\"version\":1e3"));
    assert!(e.to_string().contains("of version 1e3, which"), "{e}");
    assert!(
        matches!(
            e,
            StateError::Version {
                found: Some(1000),
                ..
            }
        ),
        "{e}"
    );
    // a count of the wrong kind, a negative one, a control character in a text
    for (from, to) in [
        ("\"win\":1", "\"win\":6.0"),
        ("\"wins\":", "\"wins\":-6,\"x\":"),
        (
            "\"picture\":\"X../.../...\"",
            "\"picture\":\"X\u{0}./.../...\"",
        ),
    ] {
        let text = good.replacen(from, to, 1);
        assert_ne!(text, good, "{from}");
        let said = load_text(&text).to_string();
        for parser in [
            "invalid type",
            "invalid value",
            "expected u",
            "expected i",
            "u001F",
            "`",
            "column 0",
        ] {
            assert!(!said.contains(parser), "{parser}: {said}");
        }
    }
    // a file cut short at the end of a line: the place is said from 1
    let e = load_text("{\n  \"format\": \"ludomat-menace\",\n").to_string();
    assert!(e.contains("line 2, at its end"), "{e}");
}

/// The state with five beads on the X square of box "X../.../..." (the second
/// player's first box).
fn bead_on_the_x_square(good: &str) -> String {
    let key = "\"picture\":\"X../.../...\",\"beads\":[";
    let at = good.find(key).expect("the box is in the file") + key.len();
    let end = at + good[at..].find(',').unwrap();
    format!("{}5{}", &good[..at], &good[end..])
}

#[test]
fn a_missing_file_is_an_io_error_naming_the_path() {
    let e = Menace::load(Path::new("/nonexistent/menace.json")).unwrap_err();
    assert!(matches!(e, StateError::Io { .. }));
    assert!(e.to_string().contains("/nonexistent/menace.json"), "{e}");
}

/// A bead count past every whole number is said as the file wrote it, with thousands and
/// what was expected, never in float notation.
#[test]
fn a_huge_bead_count_is_said_as_written() {
    let good = trained(10).0.to_json();
    let at = good.find("\"beads\":[").unwrap() + "\"beads\":[".len();
    let end = at + good[at..].find(',').unwrap();
    let bad = format!("{}18446744073709551616{}", &good[..at], &good[end..]);
    let e = load_text(&bad).to_string();
    assert!(
        e.ends_with(
            "boxes.first[0].beads[0]: the number 18,446,744,073,709,551,616 is too large: a \
             whole number from 0 to 4,294,967,295 was expected"
        ),
        "{e}"
    );
}

/// Numbers in refusals as written, with thousands: a 41-digit word_pos is too large (not
/// "not a number"), a box's beads past the limit are `2,000,000,002`.
#[test]
fn numbers_in_refusals_are_said_with_thousands() {
    let good: serde_json::Value = serde_json::from_str(&trained(10).0.to_json()).unwrap();
    let mut v = good.clone();
    v["rng"]["word_pos"] = serde_json::json!("9".repeat(41));
    let e = load_text(&v.to_string()).to_string();
    assert!(
        e.contains("rng.word_pos 99,999,") && e.contains("is too large: a whole number from 0 to"),
        "{e}"
    );
    assert_eq!(
        ludomat_menace::CountsError::Full(2_000_000_002).to_string(),
        "holds 2,000,000,002 beads in all, more than the limit of 1,000,000,000"
    );
}

/// A state with a field given twice (`"wins":131,"wins":5`) was read silently (the last
/// kept, 126 wins lost at the next save): refused, naming the field and where.
#[test]
fn a_field_given_twice_is_refused() {
    let good = trained(10).0.to_json();
    assert!(good.contains("\"wins\":"), "{good}");
    let twice = good.replacen("\"wins\":", "\"wins\":131,\"wins\":", 1);
    let e = load_text(&twice).to_string();
    assert!(
        e.starts_with("state.json is damaged: line 1, column "),
        "{e}"
    );
    assert!(e.ends_with("the field 'wins' is given twice"), "{e}");
    assert!(Menace::from_json(&good, Path::new("state.json")).is_ok());
}

/// A number too large for any number (`"max":1e400`) was said only as `a number too
/// large`: the number and its field are named, as a record names them.
#[test]
fn a_number_too_large_is_named_with_its_field() {
    let good = trained(10).0.to_json();
    let at = good.find("\"wins\":").unwrap() + "\"wins\":".len();
    let digits = good[at..].find(|c: char| !c.is_ascii_digit()).unwrap();
    let huge = format!("{}1e400{}", &good[..at], &good[at + digits..]);
    let e = load_text(&huge).to_string();
    assert!(e.contains("wins: the number 1e400 is too large"), "{e}");
}
