//! `ludomat relay …` and `ludomat play relay-tictactoe` end to end.

mod common;

use std::path::{Path, PathBuf};

use common::{ludomat, text};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn program(name: &str) -> PathBuf {
    repo().join("programs/relay").join(name)
}

#[test]
fn asm_writes_the_articles_image_and_disasm_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("t.bin");
    let src = program("tictactoe.asm");
    let o = ludomat(
        &[
            "relay",
            "asm",
            src.to_str().unwrap(),
            "-o",
            bin.to_str().unwrap(),
        ],
        "",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let bytes = ludomat_io::read::to_bytes(&bin).unwrap();
    assert_eq!(bytes.len(), 92);
    assert_eq!(&bytes[..4], [0x80, 0x08, 0x30, 0x90]);
    // disassemble, reassemble: the same bytes.
    let o = ludomat(&["relay", "disasm", bin.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let asm = dir.path().join("back.asm");
    ludomat_io::write::atomically(&asm, &o.stdout).unwrap();
    let bin2 = dir.path().join("back.bin");
    let o = ludomat(
        &[
            "relay",
            "asm",
            asm.to_str().unwrap(),
            "-o",
            bin2.to_str().unwrap(),
        ],
        "",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(ludomat_io::read::to_bytes(&bin2).unwrap(), bytes);
    // hex and listing formats
    let o = ludomat(
        &["relay", "asm", src.to_str().unwrap(), "--format", "listing"],
        "",
    );
    let listing = text(&o.stdout);
    assert!(
        listing.contains("MOVI A, 8               00: 10000000 00001000"),
        "{listing}"
    );
    assert!(listing.contains("load:\nHALT                    2a: 00010000 00000000"));
    let o = ludomat(
        &["relay", "asm", src.to_str().unwrap(), "--format", "hex"],
        "",
    );
    assert!(text(&o.stdout).starts_with("8008\n3090\n1000\n"));
}

#[test]
fn asm_errors_name_line_and_column_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("bad.asm");
    ludomat_io::write::atomically(&src, "start: NOP\n  ADD A, A, 9\n  JMP nowhere\n  FROB\n")
        .unwrap();
    let out = dir.path().join("bad.bin");
    let o = ludomat(
        &[
            "relay",
            "asm",
            src.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains(
            "line 2, column 13: 9 does not fit the ALU's 3-bit unsigned immediate: 0 to 7"
        ),
        "{err}"
    );
    assert!(
        err.contains("line 3, column 7: undefined label 'nowhere'"),
        "{err}"
    );
    assert!(
        err.contains("line 4, column 3: unknown mnemonic 'FROB'"),
        "{err}"
    );
    assert!(!out.exists(), "nothing may be written on error");
    ludomat_io::write::atomically(&src, "NOP\n".repeat(65)).unwrap();
    let o = ludomat(
        &[
            "relay",
            "asm",
            src.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(text(&o.stderr).contains("line 65, column 1: the program does not fit"));
    assert!(!out.exists());
}

#[test]
fn run_scripted_keys_prints_the_transcripts() {
    let t = program("tictactoe.asm");
    let c = program("tictactoe-corrected.asm");
    let run = |p: &PathBuf, keys: &str| {
        let o = ludomat(&["relay", "run", p.to_str().unwrap(), "--keys", keys], "");
        assert!(o.status.success(), "{}", text(&o.stderr));
        text(&o.stdout)
    };
    assert_eq!(run(&t, "0,1"), "8071399\n");
    assert_eq!(run(&t, "1,4,3"), "810473699\n");
    assert_eq!(run(&t, "0,3,5"), "807325699\n");
    assert_eq!(run(&t, "0,3,6,1"), "80732651\n");
    assert_eq!(run(&c, "0,3,6,1"), "807326519\n");
    // Keys typed live on standard input wake the machine the same way.
    let o = ludomat(&["relay", "run", t.to_str().unwrap()], "0\n1\n");
    assert_eq!(text(&o.stdout), "8071399\n");
    let o = ludomat(&["relay", "run", t.to_str().unwrap(), "--keys", "0,x"], "");
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("'x' is not a teletype key"));
}

#[test]
fn run_switches_trace_and_runaway() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("sw.asm");
    ludomat_io::write::atomically(
        &src,
        "LOAD A, 0x80\nSTORE A, 0x90\nLOAD A, 0x81\nSTORE A, 0x90\nMOVI A, 15\nSTORE A, 0x9f\nHALT\n",
    )
    .unwrap();
    let o = ludomat(
        &[
            "relay",
            "run",
            src.to_str().unwrap(),
            "--switches",
            "0x03,4",
        ],
        "",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "34\n");
    let o = ludomat(&["relay", "run", src.to_str().unwrap(), "--trace"], "");
    let t = text(&o.stdout);
    assert!(t.contains("00: 00100000 10000000  LOAD A, 0x80"), "{t}");
    assert!(t.contains("teletype: 0"), "{t}");
    let o = ludomat(
        &[
            "relay",
            "run",
            program("busy.asm").to_str().unwrap(),
            "--max-steps",
            "1e4",
        ],
        "",
    );
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains("stopped after 10,000 instructions (--max-steps)"),
        "{err}"
    );
    let o = ludomat(&["relay", "bench", "--max-steps", "1e5"], "");
    assert!(o.status.success());
    assert!(text(&o.stdout).contains("instructions  100,000"));
}

#[test]
fn play_relay_tictactoe() {
    let o = ludomat(&["play", "relay-tictactoe"], "0\n1\n");
    let s = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(s.contains(" 7 | 8 | 3"), "{s}");
    assert!(s.contains("The machine wins"), "{s}");
    let o = ludomat(&["play", "relay-tictactoe", "--guarded"], "8\n9\n0\n0\n1\n");
    let s = text(&o.stdout);
    assert!(s.contains("Refused: 8 is the centre"), "{s}");
    assert!(s.contains("Refused: 9 is not a cell"), "{s}");
    assert!(s.contains("Refused: cell 0 is taken by O"), "{s}");
    assert!(s.contains("Paper: 8071399"), "{s}");
    let o = ludomat(
        &["play", "relay-tictactoe", "--rom", "corrected"],
        "0\n3\n6\n1\n",
    );
    assert!(text(&o.stdout).contains("A draw: the machine printed 9."));
}

#[test]
fn relay_plays_in_the_noughts_and_crosses_front_end() {
    let o = ludomat(&["play", "tictactoe", "--x", "relay", "--o", "perfect"], "");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let s = text(&o.stdout);
    assert!(s.contains("relay-rom"), "{s}");
}
