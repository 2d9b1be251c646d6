//! Check Patashnik's Qubic dictionary exhaustively and print the counts (issue 17):
//! `cargo run --release -p ludomat-qubic --example patashnik [--shortest] [--threats-first] [FILE] [MOVES…]`
//! (MOVES: cells 0–63 from the empty board, to check one subtree).

use std::time::Instant;

use ludomat_qubic::proof3d::check::{check_from, moves_text, CheckLimits};
use ludomat_qubic::proof3d::dictionary::{notation, Dictionary, PATASHNIK};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let shortest = std::env::args().any(|a| a == "--shortest");
    let threats_first = std::env::args().any(|a| a == "--threats-first");
    let mut args = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .peekable();
    let text = match args.peek() {
        Some(a) if a.parse::<usize>().is_err() => {
            ludomat_io::read::to_string(args.next().unwrap_or_default())?
        }
        _ => PATASHNIK.to_string(),
    };
    let moves: Vec<usize> = args.map(|a| a.parse()).collect::<Result<_, _>>()?;
    let dict = Dictionary::parse(&text)?;
    ludomat_io::outln!(
        "{} entries, {} symmetric duplicates",
        dict.entries.len(),
        dict.duplicates.len()
    );
    let t = Instant::now();
    let r = check_from(
        &dict,
        CheckLimits {
            shortest,
            threats_first,
            ..CheckLimits::default()
        },
        &moves,
    )?;
    ludomat_io::outln!(
        "after {}: {:.1} s",
        moves_text(&moves),
        t.elapsed().as_secs_f64()
    );
    ludomat_io::outln!(
        "{r:#?}",
        r = (
            r.positions,
            r.dictionary_moves,
            r.forced_blocks,
            r.threat_sequences,
            r.double_threes,
            r.replies_lost_at_once,
            &r.threat_lengths,
            r.threat_nodes
        )
    );
    ludomat_io::outln!("entries reached {}", r.entries_reached());
    let un: Vec<usize> = dict
        .entries
        .iter()
        .zip(&r.reached)
        .filter(|(_, &x)| !x)
        .map(|(e, _)| e.line)
        .collect();
    ludomat_io::outln!("unreached lines: {}", un.len());
    if un.len() <= 400 {
        ludomat_io::outln!("{un:?}");
    }
    if let Some((k, s)) = &r.longest {
        ludomat_io::outln!(
            "longest {}: {} then {}",
            s.len(),
            notation(*k as u64, (*k >> 64) as u64),
            moves_text(s)
        );
    }
    Ok(())
}
