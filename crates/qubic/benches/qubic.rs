//! Machine move time per strategy and self-play games per second.
//! `cargo bench -p ludomat-qubic -- --quick`

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

criterion_group!(benches, bench);
criterion_main!(benches);
