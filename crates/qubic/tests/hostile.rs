//! Hostile strategy files: deep nesting, gzip bombs and illegal moves are reported, never
//! a stack overflow or an exhausted memory, and messages name cells in `wxyz` notation.

use std::io::Write;

use ludomat_qubic::proof::strategy::{
    decode, unpack, unpack_within, verify, VerifyError, MAX_MOVES, MAX_UNPACKED_BYTES,
};

/// An attack node, a defence node with one explicit reply, its attack node, … `levels`
/// times: a chain far deeper than any game.
fn nested(levels: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..levels {
        out.extend_from_slice(&[0, 0, 1, 1]); // cell 0, flags 0, one reply: cell 1
    }
    out.extend_from_slice(&[0, 0, 0, 0]); // a last attack with an empty defence
    out.extend(std::iter::repeat_n(0, levels)); // each level's count of defaults
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
    let ok = decode(&nested(MAX_MOVES / 2 - 1));
    assert!(ok.is_ok(), "{:?}", ok.err());
}

#[test]
fn a_gzip_bomb_is_refused() {
    // 4 MB of zeros packs into a few kB; with a 1 MB limit it is refused after 1 MB
    let packed = gzip(&vec![0u8; 4 << 20]);
    assert!(packed.len() < 10_000);
    let e = unpack_within(&packed, 1 << 20).unwrap_err();
    assert!(matches!(e, VerifyError::TooLarge(_)), "{e}");
    assert!(e.to_string().contains("more than 1048576 bytes"), "{e}");
    assert_eq!(MAX_UNPACKED_BYTES, 256 << 20);
}

#[test]
fn messages_use_wxyz_notation_once() {
    // open at cell 0, no answers: the first reply is unanswered
    let tree = decode(&[0, 0, 0, 0]).unwrap();
    let e = verify(&tree).unwrap_err().to_string();
    assert!(e.starts_with("reply "), "{e}");
    assert!(e.contains("after 1111"), "{e}");
    // an answer on a taken cell
    let tree = decode(&[0, 0, 1, 1, 0, 0, 0, 0, 0]).unwrap();
    let e = verify(&tree).unwrap_err().to_string();
    assert!(e.starts_with("move 1111 after 1111 "), "{e}");
    assert!(e.ends_with(" is illegal"), "{e}");
    assert_eq!(e.matches("1111").count(), 2, "{e}");
}
