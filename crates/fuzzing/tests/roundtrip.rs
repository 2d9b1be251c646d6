//! One property test per text format the library writes (issue 14): what it writes, it
//! reads back equal. (The fuzz targets check the other direction: what it reads, it
//! writes back readable.)

use std::path::Path;
use std::time::Duration;

use proptest::prelude::*;

use ludomat_game::Player;
use ludomat_logic::vectors::{format_vector, parse_vectors};
use ludomat_logic::{Netlist, Ternary};
use ludomat_menace::{EmptyBox, Menace, Opponent, Preset, Rules, StartingBeads};
use ludomat_relay_cpu::memory::{from_bytes, from_hex, to_bytes, to_hex};
use ludomat_relay_cpu::{assemble_for, disassemble};
use ludomat_threes::autoplay::GameSummary;
use ludomat_threes::record::GameRecord;
use ludomat_threes::summary::{to_csv, Aggregate, Summaries, MAX_SECONDS};
use ludomat_threes::{Direction, HintModel, Threes, Weights};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// MENACE state JSON, under any rules within the limits, after any training.
    #[test]
    fn menace_state(seed in any::<u64>(), games in 0u64..40, preset in 0usize..3,
                    refill in 1u32..=1000, win in -1000i32..=1000, second in any::<bool>()) {
        let mut rules = Preset::ALL[preset].rules();
        rules.win = win;
        if let EmptyBox::Refill(_) = rules.empty_box {
            rules.empty_box = EmptyBox::Refill(refill);
        }
        if let StartingBeads::Random { .. } = rules.starting_beads {
            rules.starting_beads = StartingBeads::Random { min: 1, max: refill };
        }
        prop_assume!(rules.validate().is_ok());
        let mut m = Menace::new(rules, seed);
        let mut o = Opponent::random(seed ^ 1);
        let side = if second { Player::Second } else { Player::First };
        for _ in 0..games {
            m.train_game(&mut o, side);
        }
        let back = Menace::from_json(&m.to_json(), Path::new("p.json")).unwrap();
        prop_assert!(back == m);
    }

    /// Threes! game records after any swipes.
    #[test]
    fn threes_record(seed in any::<u64>(), swipes in proptest::collection::vec(0usize..4, 0..60),
                     window in any::<bool>()) {
        let model = if window { HintModel::Window } else { HintModel::Plus };
        let mut game = Threes::new(seed, model);
        let mut record = GameRecord::start(&game);
        for s in swipes {
            if let Ok(turn) = game.swipe(Direction::ALL[s]) {
                record.push(&turn, &game);
            }
        }
        prop_assert_eq!(GameRecord::from_json(&record.to_json()).unwrap(), record);
    }

    /// `threes auto --csv` summaries (times in whole milliseconds, as written).
    #[test]
    fn threes_summary(games in proptest::collection::vec(
        (any::<u64>(), any::<u64>(), 1u8..=15, any::<u32>(), any::<u64>(), 0u64..(MAX_SECONDS as u64 * 1000)),
        0..20), first in 0u64..1_000_000) {
        // games a board can end in: a card value as the highest card (never none: a
        // board always holds cards), a score sixteen such cards hold at most
        let games: Vec<GameSummary> = games
            .into_iter()
            .map(|(seed, score, code, moves, nodes, ms)| {
                let card = ludomat_threes::Tile::from_nibble(code);
                let score = score % (16 * card.score() + 1);
                let max_tile = card.value();
                GameSummary { seed, score, max_tile, moves, nodes, elapsed: Duration::from_millis(ms) }
            })
            .collect();
        let mut s = Summaries::new();
        s.read("p.csv", &to_csv(first, &games)).unwrap();
        prop_assert_eq!(s.aggregate(), &Aggregate::of(&games));
        prop_assert_eq!(s.number_runs(), usize::from(!games.is_empty()));
    }

    /// Heuristic weights JSON.
    #[test]
    fn threes_weights(v in proptest::collection::vec(-1e9f64..1e9, 10), p in (0f64..=8.0, 0f64..=8.0)) {
        let w = Weights {
            alive: v[0], empty: v[1], merges: v[2], small_merges: v[3], clogs: v[4],
            trapped: v[5], monotonicity: v[6], monotonicity_power: p.0, sum: v[7],
            sum_power: p.1, middle: v[8], roughness: v[9],
        };
        let text = serde_json_text(&w);
        prop_assert_eq!(Weights::from_json(&text).unwrap(), w);
    }

    /// Vector files.
    #[test]
    fn logic_vectors(width in 1usize..40, rows in proptest::collection::vec(proptest::collection::vec(0u8..3, 40), 0..20)) {
        let vectors: Vec<Vec<Ternary>> = rows
            .iter()
            .map(|r| r[..width].iter().map(|&t| [Ternary::False, Ternary::Unknown, Ternary::True][t as usize]).collect())
            .collect();
        let text: String = vectors.iter().map(|v| format_vector(v) + "\n").collect();
        prop_assert_eq!(parse_vectors(&text, width).unwrap(), vectors);
    }

    /// `.bench` netlists: gates over earlier signals, written and read back.
    #[test]
    fn logic_bench(inputs in 1usize..6, gates in proptest::collection::vec((0usize..7, any::<u16>(), any::<u16>()), 1..25)) {
        let kinds = ["AND", "NAND", "OR", "NOR", "XOR", "NOT", "DFF"];
        let mut text = String::new();
        for i in 0..inputs {
            text.push_str(&format!("INPUT(i{i})\n"));
        }
        let mut names: Vec<String> = (0..inputs).map(|i| format!("i{i}")).collect();
        for (g, (k, a, b)) in gates.iter().enumerate() {
            let a = &names[usize::from(*a) % names.len()];
            let b = &names[usize::from(*b) % names.len()];
            let kind = kinds[*k];
            let args = if kind == "NOT" || kind == "DFF" { a.clone() } else { format!("{a}, {b}") };
            text.push_str(&format!("g{g} = {kind}({args})\n"));
            names.push(format!("g{g}"));
        }
        text.push_str(&format!("OUTPUT({})\n", names[names.len() - 1]));
        let n = Netlist::from_bench("p", &text).unwrap();
        let written = n.to_bench();
        let again = Netlist::from_bench("p", &written).unwrap();
        prop_assert_eq!(again.to_bench(), written);
        prop_assert_eq!(again.inputs().len(), inputs);
    }

    /// Relay computer images (binary and hex) and source (the disassembly).
    #[test]
    fn relay_images(words in proptest::collection::vec(any::<u16>(), 0..256)) {
        prop_assert_eq!(from_bytes(&to_bytes(&words)).unwrap(), words.clone());
        prop_assert_eq!(from_hex(&to_hex(&words)).unwrap(), words.clone());
        // an empty program is refused (nothing to run), the rest read back equal
        prop_assume!(!words.is_empty());
        let p = assemble_for(&disassemble(&words), 256).unwrap();
        prop_assert_eq!(p.words, words);
    }
}

fn serde_json_text(w: &Weights) -> String {
    format!(
        "{{\"alive\":{:?},\"empty\":{:?},\"merges\":{:?},\"small_merges\":{:?},\"clogs\":{:?},\"trapped\":{:?},\"monotonicity\":{:?},\"monotonicity_power\":{:?},\"sum\":{:?},\"sum_power\":{:?},\"middle\":{:?},\"roughness\":{:?}}}",
        w.alive, w.empty, w.merges, w.small_merges, w.clogs, w.trapped, w.monotonicity,
        w.monotonicity_power, w.sum, w.sum_power, w.middle, w.roughness
    )
}

#[test]
fn the_rules_used_above_are_valid() {
    assert!(Rules::source().validate().is_ok());
}
