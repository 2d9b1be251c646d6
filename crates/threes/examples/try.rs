use ludomat_threes::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u8 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(11);
    let verbose = args.len() > 3;
    let s = Searcher::new(
        Heuristic::default(),
        SearchConfig {
            depth: DepthRule::Fixed(depth),
            ..SearchConfig::default()
        },
    );
    let mut g = Threes::new(seed, HintModel::Plus);
    let t = std::time::Instant::now();
    let mut nodes = 0;
    loop {
        let r = s.search(&g.position());
        nodes += r.nodes;
        let Some(d) = r.best else { break };
        if verbose {
            println!("{}\nhint {} -> {d} {:?}\n", g.board(), g.hint(), r.values);
        }
        g.swipe(d).unwrap();
    }
    println!(
        "{}\nmoves {} score {} max {} in {:?} nodes {nodes}",
        g.board(),
        g.moves(),
        g.score(),
        g.board().max_tile(),
        t.elapsed()
    );
}
