//! Machine move time per strategy and self-play games per second; the 4×4×4 proof search
//! on fixed positions (issue 32: df-pn at ply 6 and ply 4, one core and two; one threat
//! search). `cargo bench -p ludomat-qubic -- --quick` (`-- dfpn` for the search alone).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use ludomat_game::{play_match, Game};
use ludomat_qubic::{
    Board, Cell, Cube, Louden1962, LoudenOptions, Other1, Other1Agent, Other1Options, Tesseract,
};

/// A mid-game position: ten moves of seeded OTHER-1 self-play.
fn midgame<const D: usize>() -> Board<D> {
    let mut b = Board::<D>::empty();
    let mut a = Other1::<D>::new(Other1Options::default(), 11);
    let mut o = Other1::<D>::new(Other1Options::default(), 12);
    for i in 0..10 {
        let m = if i % 2 == 0 { &mut a } else { &mut o };
        if let ludomat_qubic::Reply::Move { cell, .. } = m.decide(&b) {
            b.play(cell);
        }
    }
    b
}

fn bench(c: &mut Criterion) {
    let cube = midgame::<3>();
    let tess = midgame::<4>();
    let mut other1 = Other1::<3>::new(Other1Options::default(), 1);
    c.bench_function("other1 move 4x4x4 (midgame)", |b| {
        b.iter(|| other1.decide(black_box(&cube)))
    });
    let mut other1_4 = Other1::<4>::new(Other1Options::default(), 1);
    c.bench_function("other1 move 4x4x4x4 (midgame)", |b| {
        b.iter(|| other1_4.decide(black_box(&tess)))
    });
    // The deck on the same cube position (its human = the side not to move).
    let mut deck = Louden1962::new(LoudenOptions::default());
    deck.new_game();
    let me = cube.side_to_move();
    for cell in Cell::<3>::all() {
        match cube.at(cell) {
            Some(p) if p == me => deck.place_machine(cell),
            Some(_) => {
                let _ = deck.human_move(cell);
            }
            None => {}
        }
    }
    c.bench_function("louden1962 move 4x4x4 (midgame)", |b| {
        b.iter(|| {
            let mut d = deck.clone();
            d.machine_move()
        })
    });
    let mut seed = 0u64;
    c.bench_function("other1 self-play game 4x4x4", |b| {
        b.iter(|| {
            seed += 1;
            let mut x = Other1Agent::<3>::new(Other1Options::default(), seed);
            let mut o = Other1Agent::<3>::new(Other1Options::default(), seed ^ 0xff);
            play_match(Cube::start(), &mut x, &mut o, &mut |_, _, _| {})
        })
    });
    c.bench_function("other1 self-play game 4x4x4x4", |b| {
        b.iter(|| {
            seed += 1;
            let mut x = Other1Agent::<4>::new(Other1Options::default(), seed);
            let mut o = Other1Agent::<4>::new(Other1Options::default(), seed ^ 0xff);
            play_match(Tesseract::start(), &mut x, &mut o, &mut |_, _, _| {})
        })
    });
}

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

/// The from-scratch search on BENCHMARKS.md's fixed positions: ply 6 (`0 21 48 16 12 4`,
/// 2,888 expansions) and ply 4 (`0 21 48 16`, 9,467), one core and two; and the threat
/// search alone on the ply-6 position after the second player passes.
fn dfpn(c: &mut Criterion) {
    use ludomat_qubic::proof3d::dfpn::{Dfpn, DfpnLimits, Outcome};
    use ludomat_qubic::proof3d::threats::{Board3, ThreatSearch};
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("two threads");
    let mut g = c.benchmark_group("dfpn");
    g.sample_size(10);
    for (name, moves) in [
        ("ply 6", &[0usize, 21, 48, 16, 12, 4][..]),
        ("ply 4", &[0, 21, 48, 16][..]),
    ] {
        let (x, o) = position(moves);
        g.bench_function(format!("{name}, 1 core"), |b| {
            b.iter(|| {
                let mut d = Dfpn::new(DfpnLimits::default());
                assert_eq!(d.prove(x, o), Outcome::Proved);
            })
        });
        g.bench_function(format!("{name}, 2 cores"), |b| {
            b.iter(|| {
                let mut d = Dfpn::new(DfpnLimits::default()).parallel(&two);
                assert_eq!(d.prove(x, o), Outcome::Proved);
            })
        });
    }
    g.finish();
    // x to move after o passes at ply 7 (x has just played 8): a sequence exists.
    let (x, o) = position(&[0, 21, 48, 16, 12, 4, 8]);
    let board = Board3::from_stones(x, o);
    c.bench_function("threat search (ply 7, o passes)", |b| {
        b.iter(|| {
            let mut ts = ThreatSearch::new().ordered();
            black_box(ts.search(&mut board.clone(), 20))
        })
    });
}

criterion_group!(benches, bench, dfpn);
criterion_main!(benches);
