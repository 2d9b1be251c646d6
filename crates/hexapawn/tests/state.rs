//! The state file: round trip, atomic save, bad files named.

use ludomat_hexapawn::{Her, WhiteKind, WhitePlayer};

#[test]
fn saved_state_loads_back_and_bad_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub").join("her.json");
    let mut her = Her::new(4);
    her.train(&WhitePlayer::new(WhiteKind::Random, 5), 30);
    her.save(&path).unwrap();
    let back = Her::load(&path).unwrap();
    assert_eq!(back.to_json(), her.to_json());
    assert_eq!(back.record(), her.record());
    // Only the file is left in the directory (no temporary files).
    assert_eq!(
        std::fs::read_dir(path.parent().unwrap()).unwrap().count(),
        1
    );

    let bad = [
        ("{", "not valid JSON"),
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
}
