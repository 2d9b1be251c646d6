//! Kits checked from the outside: pages and boxes per move, the fronts' size in the PDF
//! itself, the bead totals, the limits, and a page rendered to PNG (kept as an artefact).

use ludomat_io::child::Run as _;
mod common;

use std::path::PathBuf;

use ludomat_game::Player;
use ludomat_hexapawn::{Her, WhiteKind, WhitePlayer};
use ludomat_kit::sheet::Page;
use ludomat_kit::{document, files, FrontSize, Kit, Options, Paper, Part};
use ludomat_menace::{Menace, Opponent, Preset, Rules};

fn fresh_menace() -> Kit {
    let m = Menace::new(Rules::source(), 1);
    Kit::menace(
        m.boxes(Player::First),
        &Rules::source(),
        "a fresh MENACE, seed rules, seed 1",
    )
}

fn trained_menace() -> Kit {
    let mut m = Menace::new(Preset::Michie.rules(), 5);
    let mut random = Opponent::random(6);
    for _ in 0..300 {
        m.train_game(&mut random, Player::First);
    }
    Kit::menace(m.boxes(Player::First), m.rules(), "trained 300 games")
}

fn trained_her() -> Kit {
    let mut her = Her::new(1);
    her.train(&WhitePlayer::new(WhiteKind::Random, 101), 400);
    Kit::her(her.boxes(), "trained 400 games")
}

/// Where test artefacts are kept: `target/artefacts/kit/`.
fn artefacts() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/artefacts/kit");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn fronts(pages: &[Page]) -> Vec<usize> {
    pages
        .iter()
        .flat_map(|p| p.fronts())
        .map(|(n, _)| n)
        .collect()
}

#[test]
fn menace_sections_have_1_12_108_183_boxes_on_the_expected_sheets() {
    let kit = fresh_menace();
    let opts = Options::default();
    // 11 × 6 = 66 fronts of 15 × 35 mm (5 mm tabs) on an A4 sheet.
    for (m, boxes, sheets) in [(1, 1, 1), (3, 12, 1), (5, 108, 2), (7, 183, 3)] {
        let doc = document(&kit, &opts, Part::Move(m)).unwrap();
        assert_eq!(doc.pages.len(), sheets, "move {m}");
        let numbers = fronts(&doc.pages);
        assert_eq!(numbers.len(), boxes, "move {m}");
        let expected: Vec<usize> = kit.boxes_of_move(m).map(|b| b.number).collect();
        assert_eq!(numbers, expected, "move {m}: boxes in number order");
        let pdf = ludomat_kit::pdf::write(&doc).unwrap();
        let pages = common::pages(&pdf);
        assert_eq!(pages.len(), sheets, "move {m}: pages in the PDF");
        let drawn: usize = pages
            .iter()
            .map(|p| common::fronts_of_size(p, 15.0, 35.0))
            .sum();
        assert_eq!(drawn, boxes, "move {m}: 15 × 35 mm fronts in the PDF");
    }
    // The whole kit: assembly page, 2 contents pages, 7 sheets.
    let whole = document(&kit, &opts, Part::Whole).unwrap();
    assert_eq!(whole.pages.len(), 1 + 2 + 7);
    assert_eq!(fronts(&whole.pages), (0..304).collect::<Vec<_>>());
    let e = document(&kit, &opts, Part::Move(2))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("no boxes for move 2") && e.contains("1, 3, 5, 7"),
        "{e}"
    );
}

#[test]
fn menace_as_o_and_letter_paper() {
    let m = Menace::new(Rules::source(), 1);
    let kit = Kit::menace(m.boxes(Player::Second), &Rules::source(), "fresh");
    let opts = Options {
        paper: Paper::Letter,
        ..Options::default()
    };
    let doc = document(&kit, &opts, Part::Whole).unwrap();
    assert_eq!(fronts(&doc.pages).len(), 289);
    let pdf = ludomat_kit::pdf::write(&doc).unwrap();
    for p in common::pages(&pdf) {
        // Letter: 612 × 792 pt.
        assert!((p.media_box[2] - 612.0).abs() < 0.01 && (p.media_box[3] - 792.0).abs() < 0.01);
    }
}

#[test]
fn her_kit_has_19_boxes_2_10_7() {
    let kit = trained_her();
    let opts = Options::default();
    for (m, boxes) in [(2, 2), (4, 10), (6, 7)] {
        let doc = document(&kit, &opts, Part::Move(m)).unwrap();
        assert_eq!(doc.pages.len(), 1);
        assert_eq!(fronts(&doc.pages).len(), boxes, "move {m}");
        let pdf = ludomat_kit::pdf::write(&doc).unwrap();
        let pages = common::pages(&pdf);
        assert_eq!(common::fronts_of_size(&pages[0], 15.0, 35.0), boxes);
    }
    let whole = document(&kit, &opts, Part::Whole).unwrap();
    assert_eq!(whole.pages.len(), 1 + 1 + 3);
}

#[test]
fn fronts_are_drawn_at_the_requested_size_within_a_tenth_of_a_millimetre() {
    let kit = fresh_menace();
    for (size, paper) in [
        ("15x35mm", Paper::A4),
        ("36x16mm", Paper::A4),
        ("22.3x41.7mm", Paper::Letter),
        ("1.1x1.5cm", Paper::A4),
        ("2x1in", Paper::Letter),
    ] {
        let front: FrontSize = size.parse().unwrap();
        let opts = Options {
            front,
            paper,
            tab: 4.0,
            ..Options::default()
        };
        let doc = document(&kit, &opts, Part::Move(3)).unwrap();
        for (_, [_, _, w, h]) in doc.pages.iter().flat_map(|p| p.fronts()) {
            assert!((w - front.width).abs() < 1e-3 && (h - front.height).abs() < 1e-3);
        }
        let pdf = ludomat_kit::pdf::write(&doc).unwrap();
        let pages = common::pages(&pdf);
        let (pw, ph) = paper.size_mm();
        for p in &pages {
            let k = ludomat_kit::size::PT_PER_MM;
            assert!(
                (p.media_box[2] - pw * k).abs() < 0.01,
                "{size}: {:?}",
                p.media_box
            );
            assert!(
                (p.media_box[3] - ph * k).abs() < 0.01,
                "{size}: {:?}",
                p.media_box
            );
        }
        let drawn: usize = pages
            .iter()
            .map(|p| common::fronts_of_size(p, front.width, front.height))
            .sum();
        assert_eq!(
            drawn, 12,
            "{size}: twelve fronts of the right size in the PDF"
        );
    }
}

#[test]
fn bead_totals_on_the_assembly_page_are_the_sums_over_the_boxes() {
    for kit in [fresh_menace(), trained_menace(), trained_her(), {
        Kit::her(Her::new(1).boxes(), "fresh")
    }] {
        let sums: u64 = kit.boxes.iter().map(|b| b.total()).sum();
        let totals = kit.bead_totals();
        assert_eq!(totals.iter().map(|(_, n)| n).sum::<u64>(), sums);
        for (c, n) in &totals {
            let by_box: u64 = kit
                .boxes
                .iter()
                .flat_map(|b| &b.slots)
                .filter(|s| s.colour == *c)
                .map(|s| u64::from(s.count))
                .sum();
            assert_eq!(*n, by_box, "{}", c.name);
        }
        // What the assembly page prints: every colour's count and the total.
        let doc = document(&kit, &Options::default(), Part::Assembly).unwrap();
        let texts = doc.pages[0].texts();
        assert!(
            texts.contains(&ludomat_io::text::thousands(sums).as_str()),
            "{} total: {texts:?}",
            kit.origin
        );
        for (c, n) in &totals {
            let i = texts.iter().position(|t| t.starts_with(c.name)).unwrap();
            assert_eq!(texts[i + 1], ludomat_io::text::thousands(*n), "{}", c.name);
        }
    }
    assert_eq!(Kit::her(Her::new(1).boxes(), "fresh").bead_total(), 47);
}

#[test]
fn every_front_draws_its_boxs_picture_and_beads() {
    // The sheets draw from KitBox; KitBox comes from the machine's boxes.
    let m = Menace::new(Rules::source(), 9);
    let kit = Kit::menace(m.boxes(Player::First), &Rules::source(), "fresh");
    for ((id, b), k) in m.boxes(Player::First).iter().zip(&kit.boxes) {
        assert_eq!(k.number, id.index());
        assert_eq!(k.board_text(), b.picture_line());
        assert_eq!(k.game_move, b.menace_move());
        for s in &k.slots {
            assert_eq!(s.count, b.counts()[s.square]);
        }
    }
}

#[test]
fn bad_sizes_are_refused_with_the_limits() {
    let kit = fresh_menace();
    for (size, words) in [
        ("8x12mm", "too small to draw the board legibly"),
        ("300x30mm", "larger than the page"),
        ("15x260mm", "at most 190 × 251 mm"),
    ] {
        let opts = Options {
            front: size.parse().unwrap(),
            ..Options::default()
        };
        let e = files(&kit, &opts, false, true).unwrap_err().to_string();
        assert!(e.contains(words), "{size}: {e}");
    }
}

#[test]
fn files_are_named_by_machine_and_move() {
    let kit = trained_her();
    let names: Vec<String> = files(&kit, &Options::default(), true, true)
        .unwrap()
        .into_iter()
        .map(|f| f.name)
        .collect();
    assert_eq!(
        names,
        [
            "her-assembly.pdf",
            "her-assembly-p01.svg",
            "her-assembly-p02.svg",
            "her-move-2.pdf",
            "her-move-2-p01.svg",
            "her-move-4.pdf",
            "her-move-4-p01.svg",
            "her-move-6.pdf",
            "her-move-6-p01.svg",
        ]
    );
    let svg = String::from_utf8(
        files(&kit, &Options::default(), false, true).unwrap()[3]
            .bytes
            .clone(),
    )
    .unwrap();
    assert!(svg.contains("width=\"210mm\" height=\"297mm\" viewBox=\"0 0 210 297\""));
    assert_eq!(
        svg.matches("data-box=").count(),
        2,
        "move 2's sheet: 2 fronts"
    );
}

/// Renders pages with pdftoppm into `target/artefacts/kit/` (skipped, with a note, when
/// poppler-utils is not installed).
#[test]
fn pages_render_to_png() {
    let Ok(out) = std::process::Command::new("pdftoppm")
        .arg("-v")
        .run_output()
    else {
        ludomat_io::errln!(
            "note: pdftoppm (poppler-utils) is missing: not rendering the kit to PNG"
        );
        return;
    };
    assert!(out.status.success() || !out.stderr.is_empty());
    let dir = artefacts();
    let opts = Options {
        tint: true,
        command: "cargo test -p ludomat-kit".into(),
        ..Options::default()
    };
    for (name, kit) in [
        ("menace-trained", trained_menace()),
        ("her-trained", trained_her()),
    ] {
        let doc = document(&kit, &opts, Part::Whole).unwrap();
        let pdf_path = dir.join(format!("{name}.pdf"));
        ludomat_io::write::atomically(&pdf_path, ludomat_kit::pdf::write(&doc).unwrap()).unwrap();
        for (page, what) in [(1, "assembly"), (2, "contents"), (doc.pages.len(), "sheet")] {
            let stem = dir.join(format!("{name}-{what}"));
            let status = std::process::Command::new("pdftoppm")
                .args([
                    "-png",
                    "-r",
                    "110",
                    "-singlefile",
                    "-f",
                    &page.to_string(),
                    "-l",
                    &page.to_string(),
                ])
                .arg(&pdf_path)
                .arg(&stem)
                .run_status()
                .unwrap();
            assert!(status.success(), "pdftoppm failed on {name} page {page}");
            let png = ludomat_io::read::to_bytes(stem.with_extension("png")).unwrap();
            assert!(png.starts_with(b"\x89PNG"), "{name} page {page}");
            // 110 dpi of A4: 910 × 1287 pixels.
            let w = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
            let h = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
            assert_eq!((w, h), (910, 1287), "{name} page {page}");
        }
    }
}
