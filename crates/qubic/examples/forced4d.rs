//! Search and verify a first-player forced win on 4×4×4×4, and write the strategy's
//! binary form.
//! `cargo run --release -p ludomat-qubic --example forced4d -- FIRST BUDGET SYMDEPTH OUT Q:C...`
//! e.g. `-- 1111 3000000 3 crates/qubic/src/proof/forced4d.bin 3:6 3:10 4:6`

use ludomat_qubic::proof::strategy::{encode, search, size, verify};
use ludomat_qubic::proof::ProofLimits;
use ludomat_qubic::Cell;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: usize| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let first: Cell<4> = args
        .first()
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| Cell::new(0).unwrap_or_else(|| unreachable!()));
    let budget = num(1, 3_000_000) as u64;
    let sym_depth = num(2, 3);
    let out = args.get(3);
    let mut tries: Vec<ProofLimits> = args
        .iter()
        .skip(4)
        .filter_map(|a| {
            let (q, c) = a.split_once(':')?;
            Some(ProofLimits {
                quiet_moves: q.parse().ok()?,
                candidates: c.parse().ok()?,
                threat_depth: 12,
            })
        })
        .collect();
    if tries.is_empty() {
        tries.push(ProofLimits {
            quiet_moves: 3,
            candidates: 6,
            threat_depth: 12,
        });
    }
    let t = std::time::Instant::now();
    let r = search(first, &tries, budget, sym_depth, |reply, try_, nodes| {
        let reply = Cell::<4>::new(reply as usize).map_or("?".into(), |c| c.to_string());
        println!(
            "  reply {reply}: {} ({nodes} nodes so far, {:.1?})",
            try_.map_or("not solved".to_string(), |i| format!("won, try {i}")),
            t.elapsed()
        );
    });
    println!(
        "first move {first}: complete {}, {} nodes in {:.2?}",
        r.complete,
        r.nodes,
        t.elapsed()
    );
    let bytes = encode(&r.tree);
    println!("strategy: {} nodes, {} bytes", size(&r.tree), bytes.len());
    if r.complete {
        let t = std::time::Instant::now();
        match verify(&r.tree) {
            Ok(v) => println!("verified: {v:?} in {:.2?}", t.elapsed()),
            Err(e) => println!("NOT verified: {e}"),
        }
    }
    if let Some(out) = out {
        if let Err(e) = std::fs::write(out, &bytes) {
            println!("cannot write {out}: {e}");
        }
    }
}
