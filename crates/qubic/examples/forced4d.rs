//! Search and verify a first-player forced win on 4×4×4×4, and write the strategy's
//! binary form.
//!
//! Search (reply classes `PART` modulo `PARTS`, each with the tries `Q:C[:F]` — quiet
//! moves, quiet candidates, candidates for the first quiet move — in turn, `BUDGET` nodes
//! per try; `PART` may instead be a comma-separated list of reply cells, e.g. `2222,1222`):
//! `cargo run --release -p ludomat-qubic --example forced4d -- search 1111 BUDGET PART PARTS OUT Q:C[:F]...`
//! Join parts and verify: `... --example forced4d -- join OUT IN...`

use ludomat_qubic::proof::strategy::{join, pack, search, size, unpack, verify, verify_partial};
use ludomat_qubic::proof::ProofLimits;
use ludomat_qubic::Cell;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("join") {
        let trees: Vec<_> = args
            .iter()
            .skip(2)
            .filter_map(|p| unpack(&ludomat_io::read::to_bytes(p).ok()?).ok())
            .collect();
        let Some(tree) = join(trees) else {
            ludomat_io::outln!("nothing to join");
            return;
        };
        let bytes = pack(&tree);
        ludomat_io::outln!("strategy: {} nodes, {} bytes", size(&tree), bytes.len());
        let t = std::time::Instant::now();
        match verify(&tree) {
            Ok(v) => ludomat_io::outln!("verified: {v:?} in {:.2?}", t.elapsed()),
            Err(e) => {
                ludomat_io::outln!("NOT verified: {e}");
                match verify_partial(&tree) {
                    Ok((v, open)) => ludomat_io::outln!(
                        "verified except {} replies to the first move: {v:?}; open: {}",
                        open.len(),
                        open.iter()
                            .filter_map(|&c| Cell::<4>::new(c as usize))
                            .map(|c| c.to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                    ),
                    Err(e) => ludomat_io::outln!("not even partly: {e}"),
                }
            }
        }
        if let Some(out) = args.get(1) {
            if let Err(e) = ludomat_io::write::atomically(out, &bytes) {
                ludomat_io::outln!("cannot write {out}: {e}");
            }
        }
        return;
    }
    let num = |i: usize, d: usize| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let first: Cell<4> = args
        .get(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| Cell::new(0).unwrap_or_else(|| unreachable!()));
    let budget = num(2, 3_000_000) as u64;
    let parts = num(4, 1).max(1);
    let only: Option<Vec<u8>> = args.get(3).filter(|a| a.len() >= 4).map(|a| {
        a.split(',')
            .filter_map(|c| c.parse::<Cell<4>>().ok())
            .map(|c| c.index() as u8)
            .collect()
    });
    let part = num(3, 0);
    let select = |class: usize, cell: u8| match &only {
        Some(cells) => cells.contains(&cell),
        None => class % parts == part,
    };
    let out = args.get(5);
    let mut tries: Vec<ProofLimits> = args
        .iter()
        .skip(6)
        .filter_map(|a| {
            let mut it = a.split(':');
            let quiet_moves = it.next()?.parse().ok()?;
            let candidates = it.next()?.parse().ok()?;
            let first_candidates = it.next().map_or(Some(candidates), |f| f.parse().ok())?;
            Some(ProofLimits {
                quiet_moves,
                candidates,
                threat_depth: 12,
                first_candidates,
            })
        })
        .collect();
    if tries.is_empty() {
        tries.push(ProofLimits {
            quiet_moves: 3,
            ..ProofLimits::default()
        });
    }
    let t = std::time::Instant::now();
    let r = search(first, &tries, budget, 3, select, |reply, try_, nodes| {
        let reply = Cell::<4>::new(reply as usize).map_or("?".into(), |c| c.to_string());
        ludomat_io::outln!(
            "  reply {reply}: {} ({nodes} nodes so far, {:.1?})",
            try_.as_ref()
                .map_or("not solved".to_string(), |(i, _)| format!("won, try {i}")),
            t.elapsed()
        );
        if let (Some(out), Some((_, tree))) = (out, try_) {
            let path = format!("{out}.{reply}");
            if let Err(e) = ludomat_io::write::atomically(&path, pack(&tree)) {
                ludomat_io::outln!("cannot write {path}: {e}");
            }
        }
    });
    ludomat_io::outln!(
        "first move {first}, part {}: complete {}, {} nodes in {:.2?}",
        args.get(3).map_or("0", String::as_str),
        r.complete,
        r.nodes,
        t.elapsed()
    );
    let bytes = pack(&r.tree);
    ludomat_io::outln!("strategy: {} nodes, {} bytes", size(&r.tree), bytes.len());
    if let Some(out) = out {
        if let Err(e) = ludomat_io::write::atomically(out, &bytes) {
            ludomat_io::outln!("cannot write {out}: {e}");
        }
    }
}
