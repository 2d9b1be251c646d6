//! `ludomat menace kit` and `ludomat her kit` end to end: the boxes the sheets are drawn
//! from are the boxes `menace boxes` / `her boxes` print, page counts, and refusals that
//! write nothing.

mod common;

use std::path::Path;

use common::run;
use ludomat_game::Player;
use ludomat_kit::Kit;

/// Pages of a PDF we wrote (krilla writes `/Type/Page/` once per page).
fn pdf_pages(path: &Path) -> usize {
    let bytes = ludomat_io::read::to_bytes(path).unwrap();
    assert!(bytes.starts_with(b"%PDF-"), "{}", path.display());
    let needle = b"/Type/Page/";
    bytes.windows(needle.len()).filter(|w| w == needle).count()
}

/// A box's beads as `menace boxes` / `her boxes` list them: `LL×4 MM×2`, `(empty)`.
fn bead_list(b: &ludomat_kit::KitBox) -> String {
    let parts: Vec<String> = b
        .slots
        .iter()
        .filter(|s| s.count > 0)
        .map(|s| format!("{}×{}", s.name, s.count))
        .collect();
    if parts.is_empty() {
        "(empty)".into()
    } else {
        parts.join(" ")
    }
}

#[test]
fn a_trained_menaces_kit_draws_the_boxes_menace_boxes_prints() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("menace.json");
    let s = state.display().to_string();
    let curve = dir.path().join("curve").display().to_string();
    let (ok, _, err) = run(
        &[
            "menace",
            "--state",
            &s,
            "train",
            "--against",
            "random",
            "--games",
            "500",
            "--out",
            &curve,
            "--quiet",
        ],
        "",
    );
    assert!(ok, "{err}");
    let (ok, boxes, err) = run(&["menace", "--state", &s, "boxes"], "");
    assert!(ok, "{err}");
    let printed: Vec<&str> = boxes.lines().filter(|l| l.starts_with("box ")).collect();
    assert_eq!(printed.len(), 304);

    // The kit's boxes, as the sheets draw them, line for line.
    let menace = ludomat_menace::Menace::load(&state).unwrap();
    let kit = Kit::menace(menace.boxes(Player::First), menace.rules(), "test");
    for (line, b) in printed.iter().zip(&kit.boxes) {
        let drawn = format!(
            "box {:>4}  move {}  {}  {}",
            format!("#{}", b.number),
            b.game_move,
            b.board_text(),
            bead_list(b)
        );
        assert_eq!(*line, drawn);
    }

    let out = dir.path().join("kit");
    // a value ending in `/` names a folder
    let o = format!("{}/", out.display());
    let (ok, said, err) = run(&["menace", "--state", &s, "kit", "--out", &o], "");
    assert!(ok, "{err}");
    assert!(said.contains("MENACE playing X: 304 boxes"), "{said}");
    assert!(
        said.contains(&format!(
            "{} beads",
            ludomat_io::text::thousands(kit.bead_total())
        )),
        "{said}"
    );
    assert_eq!(pdf_pages(&out.join("menace-x-kit.pdf")), 10);

    // Rule flags describe a fresh MENACE, not a saved one.
    let (ok, _, err) = run(
        &[
            "menace", "--state", &s, "--rules", "michie", "kit", "--out", &o,
        ],
        "",
    );
    assert!(!ok);
    assert!(
        err.contains("rule flags only describe a fresh MENACE"),
        "{err}"
    );
}

#[test]
fn a_fresh_menace_per_move_with_svg_on_letter() {
    let dir = tempfile::tempdir().unwrap();
    let o = dir.path().display().to_string();
    let (ok, said, err) = run(
        &[
            "menace",
            "--rules",
            "michie",
            "kit",
            "--per-move",
            "--svg",
            "--paper",
            "letter",
            "--tint",
            "--out",
            &o,
        ],
        "",
    );
    assert!(ok, "{err}");
    // Michie's 4 / 3 / 2 / 1 beads per legal move.
    let michie = ludomat_menace::Preset::Michie.rules();
    let fresh = ludomat_menace::Menace::new(michie, 1);
    let total = Kit::menace(fresh.boxes(Player::First), &michie, "").bead_total();
    assert!(
        said.contains(&format!(
            "304 boxes, {} beads",
            ludomat_io::text::thousands(total)
        )),
        "{said}"
    );
    // Letter holds 11 × 5 = 55 fronts a sheet: 1 / 1 / 2 / 4 sheets.
    for (m, pages) in [(1, 1), (3, 1), (5, 2), (7, 4)] {
        assert_eq!(
            pdf_pages(&dir.path().join(format!("menace-x-move-{m}.pdf"))),
            pages,
            "move {m}"
        );
        assert!(dir
            .path()
            .join(format!("menace-x-move-{m}-p01.svg"))
            .exists());
    }
    assert_eq!(pdf_pages(&dir.path().join("menace-x-assembly.pdf")), 3);
}

#[test]
fn her_kits_fresh_and_trained() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("her.json");
    let s = state.display().to_string();
    let (ok, _, err) = run(
        &[
            "her", "train", "--games", "60", "--seed", "2", "--state", &s,
        ],
        "",
    );
    assert!(ok, "{err}");
    let (ok, boxes, err) = run(&["her", "boxes", "--state", &s], "");
    assert!(ok, "{err}");
    let printed: Vec<String> = boxes
        .lines()
        .filter(|l| l.trim_start().starts_with('#'))
        .map(str::to_string)
        .collect();
    let her = ludomat_hexapawn::Her::load(&state).unwrap();
    let kit = Kit::her(her.boxes(), "test");
    assert_eq!(printed.len(), 19);
    for (line, b) in printed.iter().zip(&kit.boxes) {
        let drawn = format!("  #{:<2} {}  {}", b.number, b.board_text(), bead_list(b));
        assert_eq!(*line, drawn);
    }
    let o = format!("{}/", dir.path().join("kit").display());
    let (ok, said, err) = run(&["her", "kit", "--state", &s, "--out", &o], "");
    assert!(ok, "{err}");
    assert!(said.contains("HER: 19 boxes"), "{said}");
    assert_eq!(pdf_pages(&dir.path().join("kit/her-kit.pdf")), 5);
    let (ok, said, err) = run(&["her", "kit", "--out", &o, "--box", "2x4cm"], "");
    assert!(ok, "{err}");
    assert!(said.contains("19 boxes, 47 beads"), "{said}");
}

/// `--out kit.pdf` writes the file kit.pdf (not a folder of that name); the saved MENACE
/// is the default, and the output says whose kit it is.
#[test]
fn an_output_value_that_names_a_file_is_that_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kit.pdf");
    let f = file.display().to_string();
    // rule flags ask for a fresh MENACE, whatever is saved in this machine's data folder
    let (ok, said, err) = run(&["menace", "--rules", "source", "kit", "--out", &f], "");
    assert!(ok, "{err}");
    assert!(file.is_file(), "{said}");
    assert_eq!(pdf_pages(&file), 10);
    assert!(said.contains("The kit of a fresh MENACE"), "{said}");
    let (ok, _, err) = run(
        &["menace", "--rules", "source", "kit", "--svg", "--out", &f],
        "",
    );
    assert!(!ok, "several files cannot go into one file");
    assert!(err.contains("needs a folder"), "{err}");
}

#[test]
fn bad_sizes_and_bad_state_files_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("kit");
    let o = out.display().to_string();
    let (ok, _, err) = run(&["menace", "kit", "--box", "9x12mm", "--out", &o], "");
    assert!(!ok);
    assert!(err.contains("too small to draw the board legibly"), "{err}");
    assert!(err.contains("at least 11 × 15 mm upright"), "{err}");
    assert!(err.contains("No kit was written"), "{err}");
    let (ok, _, err) = run(&["her", "kit", "--box", "200x20mm", "--out", &o], "");
    assert!(!ok);
    assert!(
        err.contains("larger than the page") && err.contains("at most 190 × 251 mm"),
        "{err}"
    );
    let (ok, _, err) = run(&["menace", "kit", "--box", "15by35", "--out", &o], "");
    assert!(!ok);
    // errors are wrapped at 80 columns: read them as one line
    let err = err.replace('\n', " ");
    assert!(err.contains("'15by35' is not a box front size"), "{err}");

    let bad = dir.path().join("bad.json");
    ludomat_io::write::atomically(&bad, "{\"format\": \"something else\"}").unwrap();
    let b = bad.display().to_string();
    let (ok, _, err) = run(&["menace", "--state", &b, "kit", "--out", &o], "");
    assert!(!ok);
    assert!(err.contains("is not a MENACE state file"), "{err}");
    let (ok, _, err) = run(&["her", "kit", "--state", &b, "--out", &o], "");
    assert!(!ok);
    assert!(err.contains("No kit was written"), "{err}");
    let missing = dir.path().join("missing.json").display().to_string();
    let (ok, _, err) = run(&["menace", "--state", &missing, "kit", "--out", &o], "");
    assert!(!ok);
    assert!(err.contains("missing.json"), "{err}");
    assert!(!out.exists(), "nothing written");
    assert_eq!(
        ludomat_io::read::to_string(&bad).unwrap(),
        "{\"format\": \"something else\"}"
    );
}
