//! The state file: round trip, atomic save, bad files named.

use ludomat_hexapawn::{Her, WhiteKind, WhitePlayer};

#[test]
fn saved_state_loads_back_and_bad_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub").join("her.json");
    let mut her = Her::new(4);
    her.train(&WhitePlayer::new(WhiteKind::Random, 5), 30);
    // a save makes no folder (ludomat_io::write): the caller makes the state's folder
    let e = her.save(&path).unwrap_err();
    assert!(e.to_string().contains("sub does not exist"), "{e}");
    ludomat_io::write::folders(path.parent().unwrap()).unwrap();
    her.save(&path).unwrap();
    let back = Her::load(&path).unwrap();
    assert_eq!(back.to_json(), her.to_json());
    assert_eq!(back.record(), her.record());
    // Only the file is left in the directory (no temporary files).
    assert_eq!(
        ludomat_io::read::dir(path.parent().unwrap())
            .unwrap()
            .count(),
        1
    );

    let bad = [
        (
            "{",
            "is damaged: not valid JSON: line 1, column 1: the text ends",
        ),
        ("{\"format\": \"ludomat-menace\"}", "not a HER state"),
        ("{\"format\": \"ludomat-her\", \"version\": 9}", "version"),
    ];
    for (text, says) in bad {
        let e = Her::from_json(text, &path).unwrap_err().to_string();
        assert!(e.contains(says), "{e}");
    }
    let mut v: serde_json::Value = serde_json::from_str(&her.to_json()).unwrap();
    v["boxes"][0]["beads"][0][1] = serde_json::json!(7);
    let e = Her::from_json(&v.to_string(), &path)
        .unwrap_err()
        .to_string();
    assert!(e.contains("boxes[0]"), "{e}");
    // a box named one way (the file's boxes[0]), numbers with thousands
    let mut v: serde_json::Value = serde_json::from_str(&her.to_json()).unwrap();
    let second = v["boxes"][1]["picture"].clone();
    v["boxes"][0]["picture"] = second;
    let e = Her::from_json(&v.to_string(), &path)
        .unwrap_err()
        .to_string();
    assert!(e.contains("boxes[0] shows '"), "{e}");
    assert!(e.contains("but HER's box in that place shows"), "{e}");
    assert!(!e.contains("box 0"), "{e}");
    let mut v: serde_json::Value = serde_json::from_str(&her.to_json()).unwrap();
    v["record"]["games"] = serde_json::json!(12_345);
    let e = Her::from_json(&v.to_string(), &path)
        .unwrap_err()
        .to_string();
    assert!(e.contains("record: 12,345 games but"), "{e}");
}

#[test]
fn the_record_saturates_and_never_wraps() {
    // Issue 31: a state at the largest game count wrapped round to a small one after one
    // more game (MENACE's record saturates).
    let path = std::path::Path::new("her.json");
    let mut her = Her::new(4);
    her.train(&WhitePlayer::new(WhiteKind::Random, 5), 30);
    let mut v: serde_json::Value = serde_json::from_str(&her.to_json()).unwrap();
    let max = u64::MAX;
    v["record"]["games"] = serde_json::json!(max);
    v["record"]["wins"] = serde_json::json!(max - 1);
    v["record"]["losses"] = serde_json::json!(1);
    v["record"]["last_loss"] = serde_json::json!(7);
    let mut her = Her::from_json(&v.to_string(), path).unwrap();
    her.train(&WhitePlayer::new(WhiteKind::Perfect, 5), 20);
    let r = her.record();
    assert_eq!(r.games, max);
    assert_eq!((r.wins, r.losses, r.last_loss), (max - 1, 1, 7));
    // What it saves still reads back.
    let back = Her::from_json(&her.to_json(), path).unwrap();
    assert_eq!(back.record(), r);
}

/// A JSON object without a format field (or with another file's) is said as every saved
/// file says it: `h.json is not a HER state file: it has no 'format' field saying …`, the
/// shape of MENACE's states and Threes! records.
#[test]
fn a_missing_format_is_said_as_every_saved_file_says_it() {
    let path = std::path::Path::new("h.json");
    let e = Her::from_json("{\"version\": 1}", path)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "h.json is not a HER state file: it has no 'format' field saying 'ludomat-her'\nThe file was left untouched. Move it away, or choose another file with --state PATH."
    );
    let e = Her::from_json("{\"format\": 5}", path)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "h.json is not a HER state file: its format is '5', not 'ludomat-her'\nThe file was left untouched. Move it away, or choose another file with --state PATH."
    );
}

/// HER's state refusals are worded as MENACE's: the field's path, our words (never the
/// parser's "tuple"), counts with thousands, and "The file was left untouched" after a
/// version refusal too.
#[test]
fn her_state_refusals_are_worded_as_menaces() {
    let path = std::path::Path::new("h.json");
    let her = Her::new(4);
    let good: serde_json::Value = serde_json::from_str(&her.to_json()).unwrap();
    let said = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        edit(&mut v);
        Her::from_json(&v.to_string(), path)
            .unwrap_err()
            .to_string()
    };
    let e = said(&|v| v["version"] = serde_json::json!(2));
    assert!(
        e.ends_with(
            "which this build does not read (it reads version 1)\nThe file was left \
             untouched. Move it away, or choose another file with --state PATH."
        ),
        "{e}"
    );
    let e = said(&|v| v["boxes"][2]["beads"][0] = serde_json::json!(["a3-a2", 1, 5]));
    assert!(
        e.starts_with("h.json is damaged: boxes[2].beads[0]: a list of 3 items where"),
        "{e}"
    );
    assert!(!e.contains("tuple") && !e.contains("elements"), "{e}");
    let e = said(&|v| v["boxes"][2]["beads"][0] = serde_json::json!(["a3-a2"]));
    assert!(
        e.contains("boxes[2].beads[0]: a list of 1 item where a list of 2 items was expected"),
        "{e}"
    );
    let e = said(&|v| v["boxes"][0]["beads"][0][1] = serde_json::json!(2_000_000_000));
    assert!(e.contains("2,000,000,000 beads of"), "{e}");
}
