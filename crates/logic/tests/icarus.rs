//! Cross-check against Icarus Verilog (Debian package `iverilog`): every one of the eleven
//! ISCAS-85 circuits, exported by our structural-Verilog writer, gives the same outputs on
//! 1,000 random vectors, and the same unknowns when some inputs are x. One iverilog run per
//! circuit, all vectors batched.

mod common;
use common::*;
use ludomat_logic::random::random_vectors;
use ludomat_logic::verilog::run_icarus;
use ludomat_logic::{simulate, Engine, Ternary};

#[test]
fn icarus_agrees_on_all_eleven_circuits() {
    let mut compared = 0;
    let mut unknown_bits = 0;
    std::thread::scope(|scope| {
        let handles: Vec<_> = CIRCUITS
            .iter()
            .enumerate()
            .map(|(k, name)| {
                scope.spawn(move || {
                    let n = circuit(name);
                    let width = n.inputs().len();
                    let mut vectors = random_vectors(1000 + k as u64, 1_000, width, 0);
                    // Then 200 vectors with about an eighth of the inputs unknown.
                    vectors.extend(random_vectors(2000 + k as u64, 200, width, width / 8 + 1));
                    let ours = simulate(&n, Engine::Event, &vectors).unwrap();
                    let theirs = run_icarus(&n, &vectors).unwrap_or_else(|e| panic!("{name}: {e}"));
                    for (i, (a, b)) in ours.iter().zip(&theirs.outputs).enumerate() {
                        assert_eq!(a, b, "{name} vector {i}");
                    }
                    let x = ours
                        .iter()
                        .flatten()
                        .filter(|t| **t == Ternary::Unknown)
                        .count();
                    (ours.len(), x)
                })
            })
            .collect();
        for h in handles {
            let (n, x) = h.join().unwrap();
            compared += n;
            unknown_bits += x;
        }
    });
    assert_eq!(compared, 11 * 1_200);
    // The x-vectors really exercise unknowns (and Icarus reproduced each one).
    assert!(unknown_bits > 1_000, "{unknown_bits}");
}

#[test]
fn icarus_clocks_flip_flops_like_we_do() {
    let n = ludomat_logic::Netlist::from_bench(
        "seq",
        "INPUT(a)\nINPUT(b)\nOUTPUT(q)\nOUTPUT(z)\nq = DFF(d)\nd = NAND(a, q)\nz = NOR(b, q)\n",
    )
    .unwrap();
    let vectors = random_vectors(5, 40, 2, 0);
    let ours = simulate(&n, Engine::Levelized, &vectors).unwrap();
    assert_eq!(ours[0][0], Ternary::Unknown);
    assert_eq!(run_icarus(&n, &vectors).unwrap().outputs, ours);
}
