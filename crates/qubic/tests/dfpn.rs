//! Issue 17, milestones 2 and 3: the df-pn search proves positions from scratch, and the
//! strategy it finds is written as a certificate that the independent checker accepts —
//! and refuses once a move is taken away or changed.

mod common;

use ludomat_qubic::proof3d::certificate::write_from;
use ludomat_qubic::proof3d::dfpn::{Dfpn, DfpnLimits, Outcome, SearchStrategy};
use ludomat_qubic::proof3d::hybrid::frontier;

/// The position after `moves` (first player first).
fn position(moves: &[usize]) -> (u64, u64) {
    moves.iter().enumerate().fold((0, 0), |(x, o), (i, &m)| {
        if i % 2 == 0 {
            (x | 1 << m, o)
        } else {
            (x, o | 1 << m)
        }
    })
}

/// The position where the earlier quiet-move hybrid failed at K = 3 (`x3o7x3o4o26x`:
/// no quiet move of its wins within two), taken one reply further so the test is quick:
/// the search proves it anyway.
const HARD: [usize; 8] = [0, 21, 48, 16, 12, 4, 8, 32];

fn proved(moves: &[usize]) -> (u64, u64, SearchStrategy) {
    let (x, o) = position(moves);
    let mut d = Dfpn::new(DfpnLimits::default());
    assert_eq!(d.prove(x, o), Outcome::Proved, "{moves:?}");
    let strategy = SearchStrategy {
        moves: d.proof_moves(),
        threat_depth: DfpnLimits::default().threat_depth,
    };
    (x, o, strategy)
}

#[test]
fn the_search_proves_a_position_and_its_certificate_checks() {
    let (x, o, strategy) = proved(&HARD);
    let (cert, report) = write_from(&strategy, x, o).expect("the strategy proves the win");
    assert!(report.positions > 100, "{report:?}");
    // Re-read and re-checked by the independent checker alone.
    let gz = cert.to_gzip().expect("compresses");
    let back = ludomat_qubic_verify::Certificate::read(&gz).expect("reads");
    let g = ludomat_qubic_verify::Geometry::new();
    let again = ludomat_qubic_verify::verify(&g, &back).expect("checks");
    assert_eq!(again.positions, report.positions);
}

#[test]
fn a_strategy_without_its_first_move_is_refused() {
    let (x, o, mut strategy) = proved(&HARD);
    let (key, _) = ludomat_qubic::proof3d::canonical::canonical(x, o);
    assert!(
        strategy.moves.remove(&key).is_some(),
        "the root needs a searched move"
    );
    assert!(write_from(&strategy, x, o).is_err());
}

#[test]
fn a_strategy_with_a_wrong_move_is_refused() {
    let (x, o, mut strategy) = proved(&HARD);
    let (key, _) = ludomat_qubic::proof3d::canonical::canonical(x, o);
    let right = strategy.moves[&key];
    // The canonical form's far corner is empty and not the proved move here.
    let wrong = (0..64u8)
        .rev()
        .find(|&c| c != right && (key as u64 | (key >> 64) as u64) >> c & 1 == 0)
        .expect("an empty cell");
    strategy.moves.insert(key, wrong);
    assert!(write_from(&strategy, x, o).is_err());
}

#[test]
fn an_expansion_limit_ends_the_search_as_unknown() {
    let (x, o) = position(&HARD[..6]);
    let limits = DfpnLimits {
        max_expansions: 50,
        ..DfpnLimits::default()
    };
    assert_eq!(Dfpn::new(limits).prove(x, o), Outcome::Unknown);
}

/// The ply-6 position of BENCHMARKS.md (`0 21 48 16 12 4`, HARD before its last reply).
const PLY6: [usize; 6] = [0, 21, 48, 16, 12, 4];

#[test]
fn the_search_on_all_cores_is_issue_17s_search() {
    // Issue 32: the new children of a node evaluated at once on two threads visit the
    // same nodes as one at a time — the same verdict, expansions, table and proof — and
    // one at a time the search still makes exactly issue 17's counts (2,888 expansions,
    // 22,121 evaluations, measured before the threat search was rewritten).
    let (x, o) = position(&PLY6);
    let mut old = Dfpn::new(DfpnLimits::default());
    assert_eq!(old.prove(x, o), Outcome::Proved);
    let s = old.stats();
    assert_eq!((s.expansions, s.evaluations), (2_888, 22_121));
    assert_eq!(old.table_len(), 22_027);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("two threads");
    let mut new = Dfpn::new(DfpnLimits::default()).parallel(&pool);
    assert_eq!(new.prove(x, o), Outcome::Proved);
    assert_eq!(new.stats().expansions, 2_888);
    // Siblings of a child that decides its node are evaluated too (all at once).
    assert!(new.stats().evaluations >= 22_121, "{:?}", new.stats());
    assert_eq!(new.table_len(), 22_027);
    assert_eq!(new.proof_moves(), old.proof_moves());
}

/// The certificate of `strategy` from (`x`, `o`), re-checked by the independent checker
/// alone; its number of records.
fn checks(strategy: &SearchStrategy, x: u64, o: u64) -> u64 {
    let (cert, _) = write_from(strategy, x, o).expect("the strategy proves the win");
    let back = ludomat_qubic_verify::Certificate::read(&cert.to_gzip().expect("compresses"))
        .expect("reads");
    let g = ludomat_qubic_verify::Geometry::new();
    ludomat_qubic_verify::verify(&g, &back)
        .expect("checks")
        .positions
}

#[test]
fn walkers_on_one_table_prove_what_a_table_per_job_proves() {
    // Issue 32: a proof of many positions runs one searcher per core on one shared table.
    // The ply-4 position's reply classes after its first move (the old search: a table
    // per job) and the same jobs on one table, by 1 walker and by 3. Every verdict is the old search's; the shared table's
    // proof is written as a certificate that the independent checker accepts.
    use ludomat_game::run::Cancel;
    use ludomat_qubic::proof3d::solve::{solve_from, Scheme, SolveConfig};
    let (x, o) = position(&PLY6[..4]);
    let solve = |scheme, threads| {
        let config = SolveConfig {
            limits: DfpnLimits::default(),
            scheme,
            threads,
        };
        solve_from(x, o, &config, &Cancel::new(), &mut |_| {})
    };
    let (first, old) = solve(Scheme::PerJob, 2);
    assert!(old.all_proved());
    for threads in [1, 3] {
        let (m, new) = solve(Scheme::Shared, threads);
        assert_eq!(m, first);
        assert_eq!(new.jobs.len(), old.jobs.len());
        for (a, b) in new.jobs.iter().zip(&old.jobs) {
            assert_eq!((a.x, a.o, a.outcome), (b.x, b.o, b.outcome));
        }
        assert!(checks(&new.strategy, x, o) > 100);
    }
    assert!(checks(&old.strategy, x, o) > 100);
}

#[test]
fn two_walkers_on_one_position_share_its_proof() {
    // The hardest race: both searchers on the same position and the same table at once.
    use ludomat_game::run::Cancel;
    use ludomat_qubic::proof3d::solve::{solve, SolveConfig};
    let (x, o) = position(&PLY6);
    let config = SolveConfig {
        threads: 2,
        ..SolveConfig::default()
    };
    let solved = solve(&[(x, o), (x, o)], &config, &Cancel::new(), &mut |_| {});
    assert!(solved.all_proved(), "{:?}", solved.jobs);
    assert!(checks(&solved.strategy, x, o) > 100);
}

#[test]
fn a_searcher_with_no_job_left_helps_with_the_last() {
    // One position, two searchers: the second has nothing to take and helps, working on
    // the last open replies where the first takes the best first.
    use ludomat_game::run::Cancel;
    use ludomat_qubic::proof3d::solve::{solve, SolveConfig};
    let (x, o) = position(&PLY6);
    let config = SolveConfig {
        threads: 2,
        ..SolveConfig::default()
    };
    let solved = solve(&[(x, o)], &config, &Cancel::new(), &mut |_| {});
    assert!(solved.all_proved(), "{:?}", solved.jobs);
    // The helper's expansions are counted with the job's.
    assert!(
        solved.stats.expansions > solved.jobs[0].stats.expansions,
        "{:?} {:?}",
        solved.stats,
        solved.jobs[0].stats
    );
    assert!(checks(&solved.strategy, x, o) > 100);
}

#[cfg(feature = "patashnik")]
#[test]
fn the_hybrid_frontier_is_patashniks_strategy_at_k_stones() {
    use ludomat_qubic::proof3d::certificate::PatashnikStrategy;
    use ludomat_qubic::proof3d::dictionary::Dictionary;
    let before = PatashnikStrategy::new(Dictionary::patashnik().expect("reads"));
    // With one stone the search takes over at once: the empty board is the frontier.
    assert_eq!(frontier(&before, 0, 20), Some(vec![(0, 0)]));
    // After the dictionary's corner, the second player's 63 replies fall into 12 classes
    // under the 12 symmetries fixing the corner — as the search's own split finds them.
    let one = frontier(&before, 1, 20).expect("answers");
    assert_eq!(one.len(), 12);
    assert_eq!(ludomat_qubic::proof3d::solve::split(0, 0).1.len(), 12);
    assert!(one.iter().all(|&(x, o)| x == 1 && o.count_ones() == 1));
}

#[test]
fn the_bundled_from_scratch_certificate_checks() {
    // Written by `ludomat qubic proof --dims 3 --search --write-certificate …` (the
    // search from the empty board, no dictionary) and re-checked here by the independent
    // checker alone.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/search/qubic3.cert.gz");
    let gz = ludomat_io::read::to_bytes(path).expect("the certificate is in the repository");
    let cert = ludomat_qubic_verify::Certificate::read(&gz).expect("reads");
    assert_eq!((cert.root_x, cert.root_o), (0, 0), "from the empty board");
    assert_eq!(cert.records.len(), 353_493);
    let g = ludomat_qubic_verify::Geometry::new();
    let report = ludomat_qubic_verify::verify(&g, &cert).expect("proves the win");
    assert_eq!(report.positions, 353_493);
}

#[test]
fn the_from_scratch_certificate_player_beats_every_defender() {
    // The certificate player of `ludomat play qubic --strategy forced` without the
    // `patashnik` feature: the from-scratch certificate, no dictionary (so no move is
    // named after one).
    use ludomat_qubic::proof3d::player::{ProofPlayer, Rule};
    let mut player = ProofPlayer::from_scratch().expect("the bundled certificate checks");
    assert!(
        player.certificate.contains("from-scratch"),
        "{}",
        player.certificate
    );
    let (_, rule) = player.decide(0, 0).expect("an opening");
    assert_eq!(rule, Rule::Stored);
    let mut player = ProofPlayer::from_scratch().expect("checks");
    let longest = common::wins_against_every_defender(&mut player, 30);
    assert!(longest <= 32, "{longest}");
}
