//! The budget rules: `--cpu-per-move` holds its mean under load, `--nodes-per-move` replays
//! move for move.

use ludomat_io::child::Run as _;
use std::process::{Child, Command};
use std::time::Duration;

use ludomat_game::run::cpu;
use ludomat_threes::{DepthRule, Heuristic, HintModel, Player, SearchConfig, Searcher, Threes};

fn player(rule: DepthRule) -> Player {
    Player::new(Searcher::new(
        Heuristic::default(),
        SearchConfig {
            depth: rule,
            parallel: false,
            ..SearchConfig::default()
        },
    ))
}

/// Busy processes, one per core, ended when dropped.
struct Load(Vec<Child>);

impl Load {
    fn start() -> Load {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Load(
            (0..cores)
                .filter_map(|_| {
                    Command::new("sh")
                        .args(["-c", "while :; do :; done"])
                        .start()
                        .ok()
                })
                .collect(),
        )
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

#[test]
fn cpu_per_move_holds_its_mean_under_load() {
    let load = Load::start();
    #[cfg(unix)]
    assert!(!load.0.is_empty(), "no busy process started");
    let budget = Duration::from_millis(2);
    let mut p = player(DepthRule::Cpu {
        micros: 2000,
        max: 10,
    });
    let mut g = Threes::new(21, HintModel::Plus);
    let (mut spent, mut moves) = (Duration::ZERO, 0u32);
    while moves < 150 {
        let t = cpu::thread();
        let r = p.choose(&g.position());
        spent += cpu::thread().saturating_sub(t);
        let Some(d) = r.best else { break };
        g.swipe(d).unwrap();
        moves += 1;
    }
    drop(load);
    assert!(moves >= 100, "the game ended after {moves} moves");
    let mean = spent / moves;
    let ratio = mean.as_secs_f64() / budget.as_secs_f64();
    ludomat_io::errln!(
        "mean CPU per move {mean:?} for {budget:?} ({ratio:.2}×) over {moves} moves"
    );
    assert!(
        (0.8..=1.2).contains(&ratio),
        "mean CPU per move {mean:?} for a budget of {budget:?} ({ratio:.2}×)"
    );
}

#[test]
fn nodes_per_move_replays_the_same_game() {
    let play = || {
        let mut p = player(DepthRule::Nodes {
            nodes: 5000,
            max: 10,
        });
        let mut g = Threes::new(13, HintModel::Plus);
        let mut nodes = Vec::new();
        for _ in 0..120 {
            let r = p.choose(&g.position());
            let Some(d) = r.best else { break };
            nodes.push((d, r.nodes, r.depth));
            g.swipe(d).unwrap();
        }
        (nodes, g.board(), g.score())
    };
    let a = play();
    assert!(a.0.len() >= 100);
    assert_eq!(a, play());
}
