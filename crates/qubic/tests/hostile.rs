//! Hostile strategy files: deep nesting, gzip bombs and illegal moves are reported, never
//! a stack overflow or an exhausted memory, and messages name cells in `wxyz` notation.

use std::io::Write;

use ludomat_qubic::proof::strategy::{decode, unpack, verify, VerifyError, MAX_MOVES};

/// An attack node, a defence node with one explicit reply, its attack node, … `levels`
/// times: a chain far deeper than any game.
fn nested(levels: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..levels {
        out.extend_from_slice(&[0, 0, 1, 1]); // cell 0, flags 0, one reply: cell 1
    }
    out.extend_from_slice(&[0, 0, 0, 0]); // a last attack with an empty defence
    out
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap()
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let packed = gzip(&nested(1_000_000));
    assert!(
        packed.len() < 20_000,
        "a small file: {} bytes",
        packed.len()
    );
    let e = unpack(&packed).unwrap_err();
    assert!(matches!(e, VerifyError::TooDeep(_)), "{e}");
    assert!(e.to_string().contains("more than 256 moves deep"), "{e}");
    // as deep as a game may go still reads
    assert!(decode(&nested(MAX_MOVES / 2 - 1)).is_ok());
}

#[test]
fn a_gzip_bomb_is_refused() {
    // 300 MB of zeros packs into about 300 kB
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let chunk = vec![0u8; 1 << 20];
    for _ in 0..300 {
        gz.write_all(&chunk).unwrap();
    }
    let packed = gz.finish().unwrap();
    let e = unpack(&packed).unwrap_err();
    assert!(matches!(e, VerifyError::TooLarge), "{e}");
}

#[test]
fn messages_use_wxyz_notation_once() {
    // open at cell 0, no answers: the first reply is unanswered
    let tree = decode(&[0, 0, 0, 0]).unwrap();
    let e = verify(&tree).unwrap_err().to_string();
    assert!(e.starts_with("reply "), "{e}");
    assert!(e.contains("after 1111"), "{e}");
    // an opening off the board
    let tree = decode(&[255, 0, 0, 0]).unwrap();
    let e = verify(&tree).unwrap_err().to_string();
    assert_eq!(e, "move [255, off the board] at the start is illegal");
}
