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

/// ISCAS-89 s27 (4 inputs, 3 flip-flops, 1 output): flip-flops start unknown and are
/// clocked once per vector, in our engines and in Icarus alike.
#[test]
fn s27_sequential_agrees_with_icarus() {
    let s27 = "# s27\nINPUT(G0)\nINPUT(G1)\nINPUT(G2)\nINPUT(G3)\nOUTPUT(G17)\n\
        G5 = DFF(G10)\nG6 = DFF(G11)\nG7 = DFF(G13)\nG14 = NOT(G0)\nG17 = NOT(G11)\n\
        G8 = AND(G14, G6)\nG15 = OR(G12, G8)\nG16 = OR(G3, G8)\nG9 = NAND(G16, G15)\n\
        G10 = NOR(G14, G11)\nG11 = NOR(G5, G9)\nG12 = NOR(G1, G7)\nG13 = NOR(G2, G12)\n";
    let n = ludomat_logic::Netlist::from_bench("s27", s27).unwrap();
    assert_eq!(
        (
            n.inputs().len(),
            n.outputs().len(),
            n.dffs().count(),
            n.gate_count()
        ),
        (4, 1, 3, 10)
    );
    let mut vectors = random_vectors(27, 150, 4, 0);
    vectors.extend(random_vectors(28, 50, 4, 1));
    vectors.extend(random_vectors(29, 100, 4, 0));
    let lv = simulate(&n, Engine::Levelized, &vectors).unwrap();
    assert_eq!(simulate(&n, Engine::Event, &vectors).unwrap(), lv);
    assert_eq!(simulate(&n, Engine::EventFifo, &vectors).unwrap(), lv);
    assert_eq!(run_icarus(&n, &vectors).unwrap().outputs, lv);
    // The state becomes known after the first vectors, and x inputs make some unknown again.
    assert!(lv[..150].iter().filter(|o| o[0].is_known()).count() > 100);
}
