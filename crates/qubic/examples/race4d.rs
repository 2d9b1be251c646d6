//! How fast does the first player win on 4×4×4×4? The threat player against OTHER-1 and
//! against random play, first mover fixed.
//! `cargo run --release -p ludomat-qubic --example race4d -- GAMES`

use ludomat_game::{play_match, seed, Agent, Game, Outcome, Player};
use ludomat_qubic::proof::ThreatAgent;
use ludomat_qubic::{Other1Agent, Other1Options, RandomAgent, Tesseract};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    for (first_name, second_name) in [
        ("threats", "other1"),
        ("threats", "random"),
        ("other1", "other1"),
        ("other1", "threats"),
    ] {
        let mut wins = 0;
        let mut max_moves = 0;
        let mut total = 0;
        let mut hist = [0u64; 40];
        for g in 0..games {
            let s = seed::derive(4444, g);
            let mk = |name: &str, s: u64| -> Box<dyn Agent<Tesseract>> {
                match name {
                    "threats" => Box::new(ThreatAgent::default()),
                    "other1" => Box::new(Other1Agent::<4>::new(Other1Options::default(), s)),
                    _ => Box::new(RandomAgent::new(s)),
                }
            };
            let mut a = mk(first_name, seed::derive(s, 0));
            let mut b = mk(second_name, seed::derive(s, 1));
            let r = play_match(Tesseract::start(), &mut *a, &mut *b, &mut |_, _, _| {}).unwrap();
            if r.outcome == Outcome::Win(Player::First) {
                wins += 1;
                let moves = r.moves.len().div_ceil(2);
                max_moves = max_moves.max(moves);
                total += moves;
                hist[moves.min(39)] += 1;
            }
        }
        let h: Vec<String> = hist
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(m, n)| format!("{m}:{n}"))
            .collect();
        ludomat_io::outln!(
            "{first_name} first vs {second_name}: first player wins {wins}/{games}; its moves to win: max {max_moves}, mean {:.2}; histogram {}",
            total as f64 / wins.max(1) as f64,
            h.join(" ")
        );
    }
}
