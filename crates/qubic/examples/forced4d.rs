//! Prove the first player's forced win on 4×4×4×4 (proof-number search).
//! `cargo run --release -p ludomat-qubic --example forced4d -- QUIET CANDIDATES MAX_NODES`

use ludomat_qubic::proof::{forced_win_pns, symmetry_count, ProofLimits};
use ludomat_qubic::Cell;

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().unwrap_or(0));
    let quiet = args.next().unwrap_or(3) as u8;
    let candidates = args.next().unwrap_or(8);
    let max_nodes = args.next().unwrap_or(1_000_000);
    println!("4^4 symmetries: {}", symmetry_count::<4>());
    for first in ["1111", "1221"] {
        let c: Cell<4> = first.parse().unwrap_or_else(|_| unreachable!());
        let t = std::time::Instant::now();
        let limits = ProofLimits {
            quiet_moves: quiet,
            candidates,
            threat_depth: 12,
        };
        let r = forced_win_pns::<4>(c, limits, max_nodes);
        println!("first move {first}: {r:?} in {:.2?}", t.elapsed());
    }
}
