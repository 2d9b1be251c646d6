//! The AI: legal choices, reproducible games, and the search against a plain reference.

use ludomat_threes::card::{bonus_codes, range_mask};
use ludomat_threes::record::GameRecord;
use ludomat_threes::{
    Board, Deck, DepthRule, Direction, Heuristic, Hint, HintModel, Position, SearchConfig,
    Searcher, Threes, Tile,
};
use proptest::prelude::*;

fn searcher(depth: u8, config: SearchConfig) -> Searcher {
    Searcher::new(
        Heuristic::default(),
        SearchConfig {
            depth: DepthRule::Fixed(depth),
            ..config
        },
    )
}

/// Expectimax written out plainly: no tables, no pruning, no jobs.
fn reference_max(h: &Heuristic, board: Board, deck: Deck, hint: Hint, depth: u8) -> f64 {
    if depth == 0 {
        return h.evaluate(board);
    }
    Direction::ALL
        .into_iter()
        .filter_map(|d| {
            board
                .swipe(d)
                .map(|s| reference_chance(h, s.board, s.moved, d, deck, hint, depth))
        })
        .fold(0.0, f64::max)
}

fn reference_chance(
    h: &Heuristic,
    after: Board,
    moved: u8,
    d: Direction,
    deck: Deck,
    hint: Hint,
    depth: u8,
) -> f64 {
    let lines: Vec<usize> = (0..4).filter(|i| moved & (1 << i) != 0).collect();
    let cards: Vec<Tile> = hint.cards().collect();
    let mut total = 0.0;
    for &card in &cards {
        for &line in &lines {
            let b = after.insert(d, line, card);
            let w = 1.0 / (cards.len() * lines.len()) as f64;
            if depth == 1 {
                total += w * h.evaluate(b);
                continue;
            }
            let bonus = bonus_codes(b);
            let pb = if bonus.is_empty() { 0.0 } else { 1.0 / 21.0 };
            let mut v = 0.0;
            for (next, q) in deck.odds() {
                v += (1.0 - pb)
                    * q
                    * reference_max(h, b, deck.after_drawing(next), Hint::exact(next), depth - 1);
            }
            if pb > 0.0 {
                let plus = Hint {
                    codes: range_mask(*bonus.start(), *bonus.end()),
                    plus: true,
                };
                v += pb * reference_max(h, b, deck, plus, depth - 1);
            }
            total += w * v;
        }
    }
    total
}

fn position_after(seed: u64, moves: usize) -> Position {
    let mut g = Threes::new(seed, HintModel::Plus);
    for i in 0..moves {
        let legal = g.board().legal_swipes();
        if legal.is_empty() {
            break;
        }
        g.swipe(legal[(i * 7 + 3) % legal.len()]).unwrap();
    }
    g.position()
}

#[test]
fn search_equals_the_reference() {
    let exact = SearchConfig {
        min_probability: 0.0,
        transpositions: false,
        ..SearchConfig::default()
    };
    let h = Heuristic::default();
    let mut positions: Vec<Position> = (0..4)
        .map(|s| position_after(s, 10 + 5 * s as usize))
        .collect();
    // one with bonus cards possible and a "+" hint at the root
    let big: Board = "48 3 0 1 / 2 0 0 0 / 0 6 0 0 / 0 0 12 0".parse().unwrap();
    positions.push(Position {
        board: big,
        deck: Deck::new([1, 2, 0]).unwrap(),
        hint: Hint {
            codes: range_mask(4, 4),
            plus: true,
        },
    });
    for pos in positions {
        for depth in 1..=2 {
            let s = searcher(depth, exact);
            let got = s.search(&pos).values;
            for d in Direction::ALL {
                let want = pos.board.swipe(d).map(|sw| {
                    reference_chance(&h, sw.board, sw.moved, d, pos.deck, pos.hint, depth)
                });
                match (got[d.index()], want) {
                    (Some(a), Some(b)) => assert!(
                        (a - b).abs() <= 1e-9 * b.abs(),
                        "{d} depth {depth}: {a} vs {b}"
                    ),
                    (a, b) => assert_eq!(a.is_some(), b.is_some()),
                }
            }
        }
    }
}

#[test]
fn pruning_and_transpositions_stay_close() {
    let pos = position_after(7, 40);
    let exact = searcher(
        4,
        SearchConfig {
            min_probability: 0.0,
            transpositions: false,
            ..SearchConfig::default()
        },
    );
    let fast = searcher(4, SearchConfig::default());
    let (a, b) = (exact.search(&pos), fast.search(&pos));
    assert!(b.nodes < a.nodes, "{} vs {} nodes", b.nodes, a.nodes);
    for d in 0..4 {
        if let (Some(x), Some(y)) = (a.values[d], b.values[d]) {
            assert!((x - y).abs() < 0.01 * x.abs(), "{x} vs {y}");
        }
    }
}

fn play(seed: u64, depth: u8, max_moves: usize) -> GameRecord {
    let s = searcher(depth, SearchConfig::default());
    let mut g = Threes::new(seed, HintModel::Plus);
    let mut r = GameRecord::start(&g);
    while r.moves() < max_moves {
        let Some(d) = s.search(&g.position()).best else {
            break;
        };
        let t = g.swipe(d).expect("the AI chose a legal swipe");
        r.push(&t, &g);
    }
    r
}

#[test]
fn same_seed_same_game() {
    let a = play(11, 2, 80);
    let b = play(11, 2, 80);
    assert_eq!(a, b);
    assert_eq!(a.moves(), 80);
    assert_ne!(a, play(12, 2, 80));
}

/// Random boards, decks and hints.
fn position() -> impl Strategy<Value = Position> {
    (
        prop::collection::vec(prop_oneof![3 => 0u8..=3, 2 => 0u8..=9], 16),
        (0u8..=4, 0u8..=4, 1u8..=4),
        1u8..=3,
    )
        .prop_map(|(codes, (a, b, c), card)| {
            let mut board = Board::EMPTY;
            for (i, code) in codes.into_iter().enumerate() {
                board = board.with(i / 4, i % 4, Tile::from_nibble(code));
            }
            Position {
                board,
                deck: Deck::new([a, b, c]).unwrap(),
                hint: Hint::exact(Tile::from_nibble(card)),
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn never_an_illegal_swipe(pos in position()) {
        let r = searcher(2, SearchConfig { parallel: false, ..SearchConfig::default() }).search(&pos);
        match r.best {
            Some(d) => prop_assert!(pos.board.can_swipe(d)),
            None => prop_assert!(pos.board.is_dead()),
        }
        for d in Direction::ALL {
            prop_assert_eq!(r.values[d.index()].is_some(), pos.board.can_swipe(d));
        }
    }
}
