//! The Threes! master and workers on threads (`ludomat_cluster::local`): the same code as
//! on MPI, with no MPI — every distributed search identical to the single-process search,
//! whole games identical to the same games played here, a worker's failure named by rank.

use ludomat_cluster::{local, ClusterError};
use ludomat_threes::autoplay::play_game;
use ludomat_threes::cluster::{Master, Setup, ThreesWorker};
use ludomat_threes::{
    DepthRule, Heuristic, HintModel, Job, Position, SearchConfig, Searcher, Threes, Weights,
};

fn setup(config: SearchConfig) -> Setup {
    Setup {
        weights: Weights::default(),
        config,
        model: HintModel::Plus,
        max_moves: u32::MAX,
        record: false,
    }
}

fn workers(n: usize) -> Vec<ThreesWorker> {
    (0..n).map(|_| ThreesWorker::new()).collect()
}

/// Every 7th position of a seeded game played at depth 1.
fn positions(n: usize) -> Vec<Position> {
    let quick = Searcher::new(
        Heuristic::default(),
        SearchConfig {
            depth: DepthRule::Fixed(1),
            parallel: false,
            ..SearchConfig::default()
        },
    );
    let mut g = Threes::new(1000, HintModel::Plus);
    let mut out = Vec::new();
    while out.len() < n {
        if g.moves() % 7 == 3 {
            out.push(g.position());
        }
        let Some(d) = quick.search(&g.position()).best else {
            break;
        };
        if g.swipe(d).is_err() {
            break;
        }
    }
    out
}

#[test]
fn searches_on_threads_are_the_single_process_search() {
    let config = SearchConfig {
        depth: DepthRule::Fixed(3),
        job_levels: 1,
        parallel: false,
        ..SearchConfig::default()
    };
    let local_search = Searcher::new(Heuristic::default(), config);
    let positions = positions(6);
    for n in [1, 3] {
        for master_works in [true, false] {
            let (outcome, ended) = local::run(workers(n), |link| {
                let mut m = Master::new(link, setup(config))?;
                m.set_master_works(master_works);
                for pos in &positions {
                    let want = local_search.search(pos);
                    let (got, report) = m.search(pos)?;
                    assert_eq!(got.best, want.best);
                    assert_eq!(got.nodes, want.nodes);
                    for (a, b) in got.values.iter().zip(&want.values) {
                        assert_eq!(a.map(f64::to_bits), b.map(f64::to_bits));
                    }
                    assert_eq!(report.jobs(), got.jobs as u64);
                    if !master_works {
                        assert_eq!(report.ranks[0].jobs, 0, "the master was told not to");
                    }
                }
                Ok::<_, ClusterError>(())
            });
            outcome.unwrap();
            assert!(ended.iter().all(Result::is_ok), "{ended:?}");
        }
    }
}

#[test]
fn whole_games_on_threads_are_the_games_played_here() {
    let config = SearchConfig {
        depth: DepthRule::Fixed(1),
        parallel: false,
        ..SearchConfig::default()
    };
    let list: Vec<(u32, u64)> = (0..4).map(|i| (i, 500 + u64::from(i))).collect();
    let (got, _) = local::run(workers(2), |link| {
        let mut m = Master::new(link, setup(config))?;
        m.play_games(&list, |_, _, _| Ok(()))
    });
    let got = got.unwrap();
    let here = Searcher::new(Heuristic::default(), config);
    for (&(_, seed), g) in list.iter().zip(&got) {
        let want = play_game(&here, seed, HintModel::Plus, u32::MAX, None);
        assert_eq!(
            (want.seed, want.score, want.moves, want.nodes),
            (g.seed, g.score, g.moves, g.nodes)
        );
    }
}

#[test]
fn a_job_a_worker_refuses_names_its_rank() {
    let config = SearchConfig {
        parallel: false,
        ..SearchConfig::default()
    };
    let pos = Threes::new(1, HintModel::Plus).position();
    let bad = Job {
        board: pos.board,
        deck: pos.deck,
        hint: pos.hint,
        depth: 40,
        probability: 1.0,
    };
    let (got, _) = local::run(workers(1), |link| {
        let mut m = Master::new(link, setup(config))?;
        m.set_master_works(false);
        m.run_jobs(&[bad])
    });
    assert_eq!(
        got.unwrap_err().to_string(),
        "worker rank 1 failed: job 0: job depth 40 exceeds the limit of 16 swipes"
    );
}
