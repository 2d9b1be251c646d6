//! Self-play statistics of OTHER-1 variants (row order, visiting order, level-9 cell,
//! levels 6 and 9 off on one side).
//! `cargo run --release -p ludomat-qubic --example variants -- 10000`

use ludomat_game::{tournament, Agent, TournamentConfig};
use ludomat_qubic::{Cube, Other1Agent, Other1Options, RowOrder, VisitOrder};

fn run(name: &str, a: Other1Options, b: Other1Options, games: u64) {
    let make_a = move |s: u64| -> Box<dyn Agent<Cube>> { Box::new(Other1Agent::<3>::new(a, s)) };
    let make_b = move |s: u64| -> Box<dyn Agent<Cube>> { Box::new(Other1Agent::<3>::new(b, s)) };
    let config = TournamentConfig {
        games,
        seed: 1962,
        alternate: true,
        progress: false,
    };
    let r = tournament::<Cube>(&make_a, &make_b, &config);
    let s = r.by_seat;
    ludomat_io::outln!(
        "{name:<34} first {} second {} draws {} | A wins {}",
        s.win_rate(),
        s.loss_rate(),
        s.draw_rate(),
        r.a.win_rate()
    );
}

fn main() {
    let games = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let d = Other1Options::default();
    for rows in [RowOrder::Generated, RowOrder::Deck1962] {
        for visit in [VisitOrder::OuterFirst, VisitOrder::InnerFirst] {
            let o = Other1Options { rows, visit, ..d };
            run(&format!("{rows:?} {visit:?}"), o, o, games);
        }
    }
    let m9 = d;
    let u9 = Other1Options {
        level9_marked_cell: false,
        ..d
    };
    run("level 9 unmarked cell (both)", u9, u9, games);
    let m69 = Other1Options {
        level6_marked_cell: true,
        ..m9
    };
    run("levels 6 and 9 marked cell (both)", m69, m69, games);
    let m6 = Other1Options {
        level6_marked_cell: true,
        ..d
    };
    run("level 6 marked cell (both)", m6, m6, games);
    run("A level-9 unmarked vs B default", u9, d, games);
    let no69 = Other1Options {
        disabled: "6,9".parse().unwrap_or_default(),
        ..d
    };
    run("A without levels 6, 9", no69, d, games);
    let no69m = Other1Options {
        disabled: "6,9".parse().unwrap_or_default(),
        ..u9
    };
    run("A without 6, 9; B level-9 unmarked", no69m, u9, games);
}
