//! The bundled certificate of Patashnik's strategy re-checked whole, and damaged
//! certificates rejected, each naming what is wrong.

use std::time::Instant;

use ludomat_qubic_verify::format::fnv1a;
use ludomat_qubic_verify::{
    verify, verify_until, Certificate, FormatError, Geometry, ProofBook, Record, VerifyError,
};

fn bundled() -> Vec<u8> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../qubic/data/patashnik/qubic3.cert.gz"
    );
    ludomat_io::read::to_bytes(path).expect("the bundled certificate")
}

#[test]
fn the_bundled_certificate_proves_the_first_players_win() {
    let g = Geometry::new();
    let t = Instant::now();
    let cert = Certificate::read(&bundled()).unwrap();
    let r = verify(&g, &cert).unwrap();
    // Exact counts: the positions of Patashnik's strategy after merging symmetric ones
    // (as `ludomat qubic proof --dims 3 --dictionary` counts them), its 2,929 dictionary
    // moves plus 10,976 forced blocks, and the threat lines at the leaves.
    assert_eq!(r.positions, 317_789);
    assert_eq!(r.moves, 13_905);
    assert_eq!(r.threat_lines, 303_884);
    assert_eq!(r.longest_line, 20);
    assert_eq!((cert.root_x, cert.root_o), (0, 0));
    assert!(
        t.elapsed().as_secs() < 60,
        "re-checked in {:?}",
        t.elapsed()
    );
}

/// A check asked to stop ends at once, saying so: it is asked every 256 records, and
/// here says stop at its third question.
#[test]
fn a_check_asked_to_stop_ends_at_once() {
    let g = Geometry::new();
    let cert = Certificate::read(&bundled()).unwrap();
    let asked = std::cell::Cell::new(0);
    let t = Instant::now();
    let stopped = verify_until(&g, &cert, &|| {
        asked.set(asked.get() + 1);
        asked.get() >= 3
    });
    assert_eq!(stopped.unwrap_err(), VerifyError::Stopped { records: 512 });
    assert!(t.elapsed().as_secs() < 5, "{:?}", t.elapsed());
    assert!(VerifyError::Stopped { records: 512 }
        .to_string()
        .contains("stopped after 512 records"));
    // Never asked to stop: the whole check, as `verify`.
    assert_eq!(verify_until(&g, &cert, &|| false), verify(&g, &cert));
}

fn damaged(records: Vec<Record>) -> VerifyError {
    let g = Geometry::new();
    let cert = Certificate {
        root_x: 0,
        root_o: 0,
        records,
    };
    // Written with a valid checksum: only the proof itself is wrong.
    let back = Certificate::read(&cert.to_gzip().unwrap()).unwrap();
    verify(&g, &back).expect_err("a damaged certificate must be rejected")
}

#[test]
fn a_dropped_reply_is_caught() {
    let cert = Certificate::read(&bundled()).unwrap();
    let g = Geometry::new();
    let r = verify(&g, &cert).unwrap();
    // Drop the whole subtree answering the root's third reply class.
    let (start, len) = r.root_subtrees[2];
    let mut recs = cert.records.clone();
    recs.drain(start as usize..(start + len) as usize);
    let e = damaged(recs);
    assert!(
        matches!(e, VerifyError::Wrong { .. } | VerifyError::Short { .. }),
        "{e}"
    );
    // Drop a single record deep inside.
    let mut recs = cert.records;
    recs.remove(100_000);
    let e = damaged(recs);
    assert!(
        matches!(e, VerifyError::Wrong { .. } | VerifyError::Short { .. }),
        "{e}"
    );
}

#[test]
fn a_wrong_move_is_caught() {
    let cert = Certificate::read(&bundled()).unwrap();
    // The root's move: the first player opens elsewhere (a cell its records were not made for).
    let mut recs = cert.records.clone();
    let Record::Move(m) = recs[0] else {
        panic!("the root is a move")
    };
    recs[0] = Record::Move(if m == 0 { 1 } else { 0 });
    let e = damaged(recs);
    assert!(
        matches!(
            e,
            VerifyError::Wrong { .. } | VerifyError::Short { .. } | VerifyError::Long { .. }
        ),
        "{e}"
    );
    // A threat line with one cell changed.
    let mut recs = cert.records;
    let k = recs
        .iter()
        .position(|r| matches!(r, Record::Threats(v) if v.len() >= 3))
        .unwrap();
    if let Record::Threats(v) = &mut recs[k] {
        v[0] = (v[0] + 1) % 64;
    }
    let e = damaged(recs);
    assert!(
        matches!(&e, VerifyError::Wrong { record, .. } if *record == k as u64),
        "{e}"
    );
}

#[test]
fn a_tree_moved_to_another_opening_is_caught() {
    let cert = Certificate::read(&bundled()).unwrap();
    let g = Geometry::new();
    let r = verify(&g, &cert).unwrap();
    // Swap the proofs of the root's first two reply classes.
    let ((s0, l0), (s1, l1)) = (r.root_subtrees[0], r.root_subtrees[1]);
    assert_eq!(s0 + l0, s1);
    let recs = &cert.records;
    let mut moved = recs[..s0 as usize].to_vec();
    moved.extend_from_slice(&recs[s1 as usize..(s1 + l1) as usize]);
    moved.extend_from_slice(&recs[s0 as usize..(s0 + l0) as usize]);
    moved.extend_from_slice(&recs[(s1 + l1) as usize..]);
    assert_eq!(moved.len(), recs.len());
    let e = damaged(moved);
    assert!(
        matches!(
            e,
            VerifyError::Wrong { .. } | VerifyError::Short { .. } | VerifyError::Long { .. }
        ),
        "{e}"
    );
}

#[test]
fn damaged_files_are_named() {
    let gz = bundled();
    let raw = Certificate::read(&gz).unwrap().to_bytes();
    // Truncated.
    let e = Certificate::read(&gz[..gz.len() / 2]).unwrap_err();
    assert!(matches!(e, FormatError::Gzip(_)), "{e}");
    // in words, not the decompressor's ("incomplete deflate stream")
    assert!(
        e.to_string()
            .ends_with("the compressed data ends early (the file was cut short)"),
        "{e}"
    );
    let e = Certificate::parse(&raw[..raw.len() - 100]).unwrap_err();
    assert!(matches!(e, FormatError::Truncated { .. }), "{e}");
    // a byte's place with thousands
    let far = FormatError::Truncated {
        what: "the body",
        at: 12_345,
    };
    assert!(far.to_string().ends_with(" at byte 12,345"), "{far}");
    // A flipped byte in the body.
    let mut flipped = raw.clone();
    flipped[1000] ^= 0x01;
    let e = Certificate::parse(&flipped).unwrap_err();
    assert!(e.to_string().starts_with("checksum mismatch"), "{e}");
    // Another version; not a certificate.
    let mut v2 = raw.clone();
    v2[20] = 2;
    assert!(matches!(
        Certificate::parse(&v2).unwrap_err(),
        FormatError::Version(2)
    ));
    v2[20..24].copy_from_slice(&1_000_000u32.to_le_bytes());
    let e = Certificate::parse(&v2).unwrap_err().to_string();
    assert!(e.starts_with("certificate version 1,000,000;"), "{e}");
    assert!(matches!(
        Certificate::parse(b"hello").unwrap_err(),
        FormatError::Magic
    ));
    // A bad record byte, with a valid checksum.
    let mut bad = raw.clone();
    let body = 20 + 4 + 32;
    bad[body] = 0x80;
    let n = bad.len() - 8;
    let sum = fnv1a(&bad[..n]).to_le_bytes();
    bad[n..].copy_from_slice(&sum);
    let e = Certificate::parse(&bad).unwrap_err();
    assert!(e.to_string().starts_with("record 0 (body byte 0)"), "{e}");
}

#[test]
fn the_book_plays_the_proof_in_any_orientation() {
    let g = Geometry::new();
    let book = ProofBook::new(&g, &Certificate::read(&bundled()).unwrap()).unwrap();
    assert_eq!(book.len(), 317_789);
    let Some(Record::Move(first)) = book.record(0, 0) else {
        panic!("a first move")
    };
    // After any reply, the book answers (the proof covers every reply).
    for r in 0..64u64 {
        if r == u64::from(first) {
            continue;
        }
        let rec = book.record(1 << first, 1 << r);
        assert!(rec.is_some(), "no answer to reply {r}");
    }
}
