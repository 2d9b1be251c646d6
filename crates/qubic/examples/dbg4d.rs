use ludomat_qubic::proof::{attack_from, ProofLimits};
fn main() {
    let q: u8 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let c: usize = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    for d in [255usize, 170] {
        let t = std::time::Instant::now();
        let r = attack_from::<4>(
            &[0],
            &[d],
            ProofLimits {
                quiet_moves: q,
                candidates: c,
                threat_depth: 12,
            },
        );
        println!("d1={d}: {r:?} {:.2?}", t.elapsed());
    }
}
