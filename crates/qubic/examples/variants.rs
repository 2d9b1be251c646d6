//! Self-play statistics of OTHER-1 variants (row order, visiting order).
//! `cargo run --release -p ludomat-qubic --example variants -- 10000`

use ludomat_game::{tournament, Agent, TournamentConfig};
use ludomat_qubic::{Cube, Other1Agent, Other1Options, RowOrder, VisitOrder};

fn main() {
    let games = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    for rows in [RowOrder::Generated, RowOrder::Deck1962] {
        for visit in [VisitOrder::OuterFirst, VisitOrder::InnerFirst] {
            let options = Other1Options {
                rows,
                visit,
                ..Other1Options::default()
            };
            let make = move |s: u64| -> Box<dyn Agent<Cube>> {
                Box::new(Other1Agent::<3>::new(options, s))
            };
            let config = TournamentConfig {
                games,
                seed: 1962,
                alternate: true,
                progress: false,
            };
            let r = tournament::<Cube>(&make, &make, &config);
            let s = r.by_seat;
            println!(
                "{rows:?} {visit:?}: first {} second {} ties {}",
                s.win_rate(),
                s.loss_rate(),
                s.draw_rate()
            );
        }
    }
}
