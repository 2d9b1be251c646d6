//! The fuzz harnesses: one function per fuzz target, each feeding arbitrary bytes to one
//! of ludomat's parsers or loaders and checking what "every input surface
//! fuzzed" asks for:
//!
//! - no panic, no stack overflow, no unbounded allocation or work on any input;
//! - what a parser accepts, the library writes back in a form it reads back equal.
//!
//! The cargo-fuzz targets under `fuzz/` call these functions (`cargo +nightly fuzz run
//! <target>`); `tests/replay.rs` calls them on every file of `fuzz/corpus/<target>/` and
//! `fuzz/artifacts/<target>/` under a plain `cargo test`, so the corpora and every crasher
//! found are re-checked on stable. FUZZING.md records the runs.

use std::path::Path;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// A harness: bytes in, a panic if something is wrong.
pub type Harness = fn(&[u8]);

/// Every target: its name (the folder under `fuzz/corpus/`) and its harness.
pub const TARGETS: [(&str, Harness); 13] = [
    ("relay_asm", relay_asm),
    ("relay_image", relay_image),
    ("logic_bench", logic_bench),
    ("logic_vectors", logic_vectors),
    ("menace_state", menace_state),
    ("threes_replay", threes_replay),
    ("threes_summary", threes_summary),
    ("threes_weights", threes_weights),
    ("qubic_proof", qubic_proof),
    ("prompts", prompts),
    ("menace_rules", menace_rules),
    ("counts", counts),
    ("session_actions", session_actions),
];

/// Relay computer assembler: source bytes (BOM, invalid UTF-8 included). An accepted
/// program, disassembled and assembled again, gives the same words.
pub fn relay_asm(data: &[u8]) {
    use ludomat_relay_cpu::{assemble_bytes, assemble_for, disassemble};
    let size = 256;
    if let Ok(p) = assemble_bytes(data, size) {
        let again = assemble_for(&disassemble(&p.words), size)
            .unwrap_or_else(|e| panic!("the disassembly does not assemble: {e}"));
        assert_eq!(again.words, p.words, "disassembly round trip");
        let _ = p.listing_text();
    }
}

/// Relay computer ROM images: binary (two bytes a word) and hex text. An accepted image
/// round-trips through its writer and through the disassembler.
pub fn relay_image(data: &[u8]) {
    use ludomat_relay_cpu::memory::{from_bytes, from_hex, to_bytes, to_hex};
    use ludomat_relay_cpu::{assemble_for, disassemble, Rom};
    if let Ok(words) = from_bytes(data) {
        assert_eq!(to_bytes(&words), data);
        if let Ok(rom) = Rom::new(&words, 256) {
            let again = assemble_for(&disassemble(rom.words()), 256)
                .unwrap_or_else(|e| panic!("the disassembly does not assemble: {e}"));
            assert_eq!(again.words, rom.words(), "disassembly round trip");
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(words) = from_hex(text) {
            assert_eq!(from_hex(&to_hex(&words)).ok(), Some(words));
        }
    }
}

/// `.bench` netlists. An accepted netlist, written back, reads back the same.
pub fn logic_bench(data: &[u8]) {
    use ludomat_logic::Netlist;
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(n) = Netlist::from_bench("fuzz", text) {
        let written = n.to_bench();
        let again = Netlist::from_bench("fuzz", &written)
            .unwrap_or_else(|e| panic!("written netlist does not read back: {e}\n{written}"));
        assert_eq!(again.to_bench(), written, "bench round trip");
    }
}

/// Vector files and atalanta `.test` files: the first byte chooses the input width, the
/// second the output width, the rest is the file. Accepted vectors, written back one a
/// line, read back equal.
pub fn logic_vectors(data: &[u8]) {
    use ludomat_logic::vectors::{format_vector, parse_responses, parse_vectors};
    let (Some(&w_in), Some(&w_out)) = (data.first(), data.get(1)) else {
        return;
    };
    let Ok(text) = std::str::from_utf8(&data[2..]) else {
        return;
    };
    let (w_in, w_out) = (usize::from(w_in % 64), usize::from(w_out % 64));
    if let Ok(v) = parse_vectors(text, w_in) {
        let written: String = v.iter().map(|x| format_vector(x) + "\n").collect();
        assert_eq!(parse_vectors(&written, w_in).ok(), Some(v));
    }
    let _ = parse_responses(text, w_in, w_out);
}

/// MENACE state files. An accepted state saves to JSON that loads equal.
pub fn menace_state(data: &[u8]) {
    use ludomat_menace::Menace;
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("fuzz.json");
    if let Ok(m) = Menace::from_json(text, path) {
        let written = m.to_json();
        let again = Menace::from_json(&written, path)
            .unwrap_or_else(|e| panic!("saved state does not load: {e}"));
        assert!(again == m, "state round trip");
        let _ = m.games();
    }
}

/// Threes! game records. An accepted record writes JSON that reads back equal.
pub fn threes_replay(data: &[u8]) {
    use ludomat_threes::record::GameRecord;
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(r) = GameRecord::from_json(text) {
        let again = GameRecord::from_json(&r.to_json())
            .unwrap_or_else(|e| panic!("written record does not read back: {e}"));
        assert_eq!(again, r, "record round trip");
    }
}

/// `threes auto --csv` summaries and their statistics.
pub fn threes_summary(data: &[u8]) {
    use ludomat_threes::summary::{Aggregate, Summaries};
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut s = Summaries::new();
    if s.read("fuzz.csv", text).is_ok() {
        let all = s.aggregate();
        if let Some(stats) = all.stats() {
            assert!(stats.mean.is_finite() && stats.median.is_finite());
            assert!(stats.min <= stats.max);
            assert!(stats.median >= stats.min as f64 && stats.median <= stats.max as f64);
        }
        assert!(all.held() <= 2 * usize::try_from(all.games()).unwrap_or(usize::MAX));
        assert_eq!(all.stats().is_none(), *all == Aggregate::new());
    }
}

/// Threes! heuristic weights. Accepted weights score every line finitely and write JSON
/// that reads back equal.
pub fn threes_weights(data: &[u8]) {
    use ludomat_threes::Weights;
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(w) = Weights::from_json(text) {
        for line in [0u16, 0x1234, 0xffff, 0x3210, 0xf0f0] {
            assert!(w.line_score(line).is_finite(), "line {line:#06x}");
        }
        let written = serde_json_string(&w);
        assert_eq!(Weights::from_json(&written).ok(), Some(w));
    }
}

fn serde_json_string(w: &ludomat_threes::Weights) -> String {
    format!(
        "{{\"alive\":{:?},\"empty\":{:?},\"merges\":{:?},\"small_merges\":{:?},\"clogs\":{:?},\"trapped\":{:?},\"monotonicity\":{:?},\"monotonicity_power\":{:?},\"sum\":{:?},\"sum_power\":{:?},\"middle\":{:?},\"roughness\":{:?}}}",
        w.alive, w.empty, w.merges, w.small_merges, w.clogs, w.trapped, w.monotonicity,
        w.monotonicity_power, w.sum, w.sum_power, w.middle, w.roughness
    )
}

/// The Qubic 4⁴ proof format (packed or raw). An accepted tree encodes to bytes that
/// decode equal; verifying it ends (its size is bounded by the input's).
pub fn qubic_proof(data: &[u8]) {
    use ludomat_qubic::proof::strategy::{decode, encode, size, unpack, verify};
    if let Ok(tree) = unpack(data) {
        let bytes = encode(&tree);
        let again = decode(&bytes).unwrap_or_else(|e| panic!("encoded tree does not decode: {e}"));
        assert_eq!(encode(&again), bytes);
        if size(&tree) <= 2_000 {
            let _ = verify(&tree).map_err(|e| e.to_string());
        }
    }
}

/// Every interactive prompt's line parser: a move in each game's notation, boards,
/// beads, teletype keys, swipes, level sets. What parses prints back to text that parses
/// equal.
pub fn prompts(data: &[u8]) {
    let line = String::from_utf8_lossy(data);
    let line = line.as_ref();
    // noughts and crosses (MENACE, COMPUTOX, play tictactoe)
    for n in [
        ludomat_tictactoe::Notation::Menace,
        ludomat_tictactoe::Notation::Computox,
    ] {
        if let Ok(c) = n.parse(line) {
            assert_eq!(n.parse(&n.name(c)).ok(), Some(c));
        }
    }
    if let Ok(c) = line.parse::<ludomat_tictactoe::Cell>() {
        assert_eq!(
            c.to_string().parse::<ludomat_tictactoe::Cell>().ok(),
            Some(c)
        );
    }
    if let Ok(b) = line.parse::<ludomat_tictactoe::Board>() {
        assert_eq!(
            b.to_string().parse::<ludomat_tictactoe::Board>().ok(),
            Some(b)
        );
    }
    if let Ok(b) = line.parse::<ludomat_menace::Bead>() {
        assert_eq!(b.to_string().parse::<ludomat_menace::Bead>().ok(), Some(b));
    }
    if let Ok(s) = line.parse::<ludomat_computox::Square>() {
        assert_eq!(
            s.to_string().parse::<ludomat_computox::Square>().ok(),
            Some(s)
        );
    }
    let _ = line.parse::<ludomat_computox::Squares>();
    let _ = line.parse::<ludomat_computox::Tactic>();
    // Qubic
    if let Ok(c) = line.parse::<ludomat_qubic::Cell<3>>() {
        assert_eq!(
            c.to_string().parse::<ludomat_qubic::Cell<3>>().ok(),
            Some(c)
        );
    }
    if let Ok(c) = line.parse::<ludomat_qubic::Cell<4>>() {
        assert_eq!(
            c.to_string().parse::<ludomat_qubic::Cell<4>>().ok(),
            Some(c)
        );
    }
    if let Ok(s) = line.parse::<ludomat_qubic::LevelSet>() {
        assert_eq!(
            s.to_string().parse::<ludomat_qubic::LevelSet>().ok(),
            Some(s)
        );
    }
    let _ = line.parse::<ludomat_qubic::Plane>();
    // relay computer: teletype keys, single instructions
    let _ = line.parse::<ludomat_relay_cpu::Key>();
    let _ = line.parse::<ludomat_relay_cpu::Instruction>();
    let _ = line.parse::<ludomat_relay_cpu::TicTacToeRom>();
    // Threes!
    if let Ok(d) = line.parse::<ludomat_threes::Direction>() {
        assert_eq!(
            d.to_string().parse::<ludomat_threes::Direction>().ok(),
            Some(d)
        );
    }
    if let Ok(b) = line.parse::<ludomat_threes::Board>() {
        assert_eq!(b.to_string().parse::<ludomat_threes::Board>().ok(), Some(b));
    }
    let _ = line.parse::<ludomat_threes::HintModel>();
    // logic
    let _ = line.parse::<ludomat_logic::Ternary>();
    let _ = line.parse::<ludomat_logic::Engine>();
    let _ = line.parse::<ludomat_logic::GateKind>();
}

/// MENACE's rule flags (`--start-beads`, `--empty-box`, `--rules`): what parses is within
/// the limits and prints back equal; a fresh MENACE under accepted rules fills quickly.
pub fn menace_rules(data: &[u8]) {
    use ludomat_menace::{EmptyBox, Preset, StartingBeads, MAX_BEADS};
    let line = String::from_utf8_lossy(data);
    if let Ok(b) = line.parse::<StartingBeads>() {
        assert_eq!(b.to_string().parse::<StartingBeads>().ok(), Some(b));
        match b {
            StartingBeads::Random { max, .. } => assert!(max <= MAX_BEADS),
            StartingBeads::PerMove(c) => assert!(c.iter().all(|&n| n <= MAX_BEADS)),
        }
    }
    if let Ok(e) = line.parse::<EmptyBox>() {
        assert_eq!(e.to_string().parse::<EmptyBox>().ok(), Some(e));
    }
    let _ = line.parse::<Preset>();
}

/// Counts on the command line (`--max-steps 1e9`, `--random N`): within the limit or an
/// error, never a wrapped number.
pub fn counts(data: &[u8]) {
    use ludomat_game::count::parse_count;
    let line = String::from_utf8_lossy(data);
    let limit = data.first().map_or(0, |&b| 1u64 << (b % 64));
    if let Ok(n) = parse_count(&line, limit, "things") {
        assert!(n <= limit);
    }
}

/// The museum's input surface: a session of every exhibit (the first byte picks which)
/// given arbitrary JSON as its config and as an action — what any page on loopback can
/// POST. Nothing panics, and a refused action leaves the view exactly as it was (the
/// `Session` contract).
pub fn session_actions(data: &[u8]) {
    use ludomat_game::{new_dyn_session, DynSession, SessionError};
    type Start = fn(serde_json::Value) -> Result<Box<dyn DynSession>, SessionError>;
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(rest) else {
        return;
    };
    let start: Start = match which % 8 {
        0 => new_dyn_session::<ludomat_tictactoe::TictactoeSession>,
        1 => new_dyn_session::<ludomat_menace::MenaceSession>,
        2 => new_dyn_session::<ludomat_computox::ComputoxSession>,
        3 => new_dyn_session::<ludomat_relay_cpu::RelaySession>,
        4 => new_dyn_session::<ludomat_qubic::QubicSession>,
        5 => new_dyn_session::<ludomat_threes::ThreesSession>,
        6 => new_dyn_session::<ludomat_hexapawn::HexapawnSession>,
        _ => new_dyn_session::<ludomat_regex_crossword::RegexSession>,
    };
    // As a config: accepted or refused, never a panic; an accepted one replays.
    if let Ok(s) = start(value.clone()) {
        let again = start(s.config_json()).expect("a session's own config is accepted");
        assert_eq!(
            again.view_json(),
            s.view_json(),
            "the same config, another view"
        );
    }
    // As an action on a default session.
    let mut s = start(serde_json::Value::Null).expect("the default config is accepted");
    let before = s.view_json();
    if s.apply_json(value).is_err() {
        assert_eq!(
            s.view_json(),
            before,
            "a refused action changed the session"
        );
    }
}
