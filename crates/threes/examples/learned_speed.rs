//! The learned search's speed on real games, for profiling (`perf record`) and for
//! comparing two builds of the evaluation: games from seeds `S..S+G` played by a
//! [`Player`] under a node budget per move (deterministic: a build whose values are the
//! same plays the same moves and searches the same nodes), one thread. Prints the moves'
//! hash, the nodes and the CPU time of the searches.
//!
//! `learned_speed [--network FILE] [--nodes N] [--max-depth D] [--games G] [--seed S]
//! [--moves M] [--heuristic]` (a large `--nodes` and a `--max-depth`: every move searched
//! to that depth, so two builds compare at the same depths whatever their node counts)

use std::sync::Arc;
use std::time::Duration;

use ludomat_threes::ntuple::{file, shipped, Network};
use ludomat_threes::{DepthRule, HintModel, Player, SearchConfig, Searcher, Threes};

fn main() {
    if let Err(e) = run() {
        ludomat_io::errln!("learned_speed: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| -> Option<&str> {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(String::as_str)
    };
    let number = |name: &str, default: u64| -> Result<u64, String> {
        value(name).map_or(Ok(default), |v| {
            v.parse().map_err(|_| format!("{name} {v}: not a number"))
        })
    };
    let nodes = number("--nodes", 20_000)?;
    let games = number("--games", 2)?;
    let seed = number("--seed", 1)?;
    let moves = number("--moves", 400)?;
    let max = u8::try_from(number("--max-depth", 10)?).map_err(|_| "--max-depth: 1 to 10")?;
    let heuristic = args.iter().any(|a| a == "--heuristic");
    let network: Option<Arc<Network>> = if heuristic {
        None
    } else {
        Some(match value("--network") {
            Some(p) => Arc::new(
                file::load(std::path::Path::new(p))
                    .map_err(|e| e.to_string())?
                    .network
                    .compact(),
            ),
            None => shipped().map_err(|e| e.to_string())?,
        })
    };
    let config = SearchConfig {
        depth: DepthRule::Nodes { nodes, max },
        parallel: false,
        ..SearchConfig::default()
    };
    let searcher =
        Searcher::new(ludomat_threes::Heuristic::default(), config).with_network(network);
    let (mut total_nodes, mut total_moves, mut hash, mut cpu) = (0u64, 0u64, 0u64, Duration::ZERO);
    let mut depths = 0u64;
    for s in seed..seed + games {
        let mut game = Threes::new(s, HintModel::Plus);
        let mut player = Player::new(searcher.clone());
        for _ in 0..moves {
            let pos = game.position();
            let t0 = ludomat_game::run::cpu::thread();
            let r = player.choose(&pos);
            cpu += ludomat_game::run::cpu::thread().saturating_sub(t0);
            let Some(d) = r.best else { break };
            total_nodes += r.nodes;
            total_moves += 1;
            depths += u64::from(r.depth);
            hash = (hash.rotate_left(5) ^ d.index() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            if game.swipe(d).is_err() {
                break;
            }
        }
    }
    ludomat_io::outln!(
        "{} moves, hash {hash:016x}, {} nodes, mean depth {:.2}, CPU {:.3} s: {:.1} µs a move, {:.1} ns a node",
        total_moves,
        total_nodes,
        depths as f64 / total_moves.max(1) as f64,
        cpu.as_secs_f64(),
        cpu.as_secs_f64() * 1e6 / total_moves.max(1) as f64,
        cpu.as_secs_f64() * 1e9 / total_nodes.max(1) as f64
    );
    Ok(())
}
