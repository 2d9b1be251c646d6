//! Invariants over random play, and the 1962 deck's quirk switches each having an effect.

use ludomat_game::{play_match, seed, Agent, AgentError, Game, Outcome, Player};
use ludomat_qubic::{
    Cell, Cube, DeckStuck, Louden1962, LoudenAgent, LoudenOptions, LoudenReply, Other1,
    Other1Options, Reply, Symmetry,
};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::RngCore;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A symmetry maps a game onto a game with the same result after every move.
    #[test]
    fn symmetries_keep_results(order in Just((0..64usize).collect::<Vec<_>>()).prop_shuffle(), sym in 0usize..192) {
        let s = Symmetry::all()[sym];
        let mut a = Cube::start();
        let mut b = Cube::start();
        for &i in &order {
            if a.outcome().is_some() { break; }
            let c = Cell::<3>::new(i).unwrap();
            a.play(c);
            b.play(s.apply_cell(c));
            prop_assert_eq!(a.outcome(), b.outcome());
        }
    }

    /// OTHER-1 always answers with an empty cell.
    #[test]
    fn other1_plays_empty_cells(seed in 0u64..10_000, moves in 0usize..40) {
        let mut rng = seed::rng(seed);
        let mut b = Cube::start();
        for _ in 0..moves {
            if b.outcome().is_some() { break; }
            let m = *b.legal_moves().choose(&mut rng).unwrap();
            b.play(m);
        }
        if b.outcome().is_none() {
            let mut o = Other1::<3>::new(Other1Options::default(), seed);
            match o.decide(&b) {
                Reply::Move { cell, .. } => prop_assert!(b.at(cell).is_none()),
                other => prop_assert!(false, "{:?}", other),
            }
        }
    }

    #[test]
    fn cells_round_trip(i in 0usize..256) {
        let c = Cell::<4>::new(i).unwrap();
        prop_assert_eq!(c.to_string().parse::<Cell<4>>().unwrap(), c);
    }
}

/// Play the deck (machine first) against OTHER-1 as its human; return its replies.
fn random_game(options: LoudenOptions, seed_: u64) -> Vec<LoudenReply> {
    let mut rng = seed::rng(seed_);
    let mut deck = Louden1962::new(options);
    deck.new_game();
    let mut out = Vec::new();
    for _ in 0..32 {
        let r = deck.machine_move();
        out.push(r);
        if !matches!(r, LoudenReply::Move { .. }) {
            break;
        }
        // The human: OTHER-1 on the deck's board (record table seen from the human).
        let record: Vec<u8> = deck
            .num()
            .iter()
            .map(|&v| match v {
                1 => 5,
                5 => 1,
                _ => 0,
            })
            .collect();
        if record.iter().all(|&v| v != 0) {
            break;
        }
        let mut human = Other1::<3>::new(Other1Options::default(), rng.next_u64());
        let Reply::Move { cell, .. } = human.decide_record(record) else {
            break;
        };
        deck.human_move(cell).unwrap();
    }
    out
}

#[test]
fn marks_in_the_lane_sums_change_some_games() {
    let separate = LoudenOptions {
        marks_in_lane_sums: false,
        ..LoudenOptions::default()
    };
    let differ = (0..500)
        .filter(|&s| random_game(LoudenOptions::default(), s) != random_game(separate, s))
        .count();
    assert!(differ > 0, "the quirk never mattered in 500 games");
}

#[test]
fn level6_fallback_changes_some_games() {
    let off = LoudenOptions {
        level6_fallback: false,
        ..LoudenOptions::default()
    };
    let differ = (0..2000)
        .filter(|&s| random_game(LoudenOptions::default(), s) != random_game(off, s))
        .count();
    assert!(differ > 0, "the fallback never mattered in 2000 games");
    ludomat_io::errln!("fallback mattered in {differ} of 2000 random games");
}

#[test]
fn k1_is_set_before_the_check_and_carries_over() {
    let mut deck = Louden1962::new(LoudenOptions::default());
    deck.new_game();
    deck.human_move("111".parse().unwrap()).unwrap();
    assert_eq!(deck.k1(), 1);
    assert!(deck.human_move("111".parse().unwrap()).is_err());
    deck.human_move("312".parse().unwrap()).unwrap();
    assert!(deck.human_move("312".parse().unwrap()).is_err());
    assert_eq!(deck.k1(), 3);
    // Next game, machine first: the default scan starts at NMOVE(3) = 13 → 141.
    deck.new_game();
    match deck.machine_move() {
        LoudenReply::Move { cell, level, .. } => {
            assert_eq!(cell.to_string(), "141");
            assert_eq!(level.number(), 10);
        }
        other => panic!("{other:?}"),
    }
    let mut reset = Louden1962::new(LoudenOptions {
        k1_carry_over: false,
        ..LoudenOptions::default()
    });
    reset.new_game();
    reset.human_move("312".parse().unwrap()).unwrap();
    reset.new_game();
    assert!(
        matches!(reset.machine_move(), LoudenReply::Move { cell, .. } if cell.to_string() == "111")
    );
}

/// The human of the sample game, as an agent.
struct Script(Vec<Cell<3>>);

impl Agent<Cube> for Script {
    fn name(&self) -> String {
        "script".into()
    }
    fn choose(&mut self, _: &Cube) -> Result<Cell<3>, AgentError> {
        if self.0.is_empty() {
            Err(AgentError::EndOfInput)
        } else {
            Ok(self.0.remove(0))
        }
    }
}

#[test]
fn the_sample_game_through_the_game_trait() {
    let mut deck = LoudenAgent::new(LoudenOptions::default(), DeckStuck::Fail, 0);
    let mut human = Script(
        ["212", "213", "214", "311", "321"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect(),
    );
    let record = play_match(Cube::start(), &mut deck, &mut human, &mut |_, _, _| {}).unwrap();
    let moves: Vec<String> = record.moves.iter().map(|c| c.to_string()).collect();
    assert_eq!(
        moves,
        ["111", "212", "444", "213", "114", "214", "211", "311", "112", "321", "113"]
    );
    assert_eq!(record.outcome, Outcome::Win(Player::First));
}

#[test]
fn level6_fallback_replays_the_machines_own_cell() {
    // Found by a random search over positions (machine to move, deck order).
    let machine = [
        "111", "421", "324", "122", "342", "131", "424", "231", "323",
    ];
    let human = [
        "442", "224", "144", "214", "141", "341", "124", "213", "333",
    ];
    let setup = |options: LoudenOptions| {
        let mut deck = Louden1962::new(options);
        deck.new_game();
        for m in machine {
            deck.place_machine(m.parse().unwrap());
        }
        for h in human {
            deck.human_move(h.parse().unwrap()).unwrap();
        }
        deck
    };
    let mut faithful = setup(LoudenOptions::default());
    match faithful.machine_move() {
        LoudenReply::Move {
            cell,
            level,
            from_j3,
            replayed,
            ..
        } => {
            assert_eq!(cell.to_string(), "122");
            assert_eq!(level.number(), 6);
            assert!(from_j3 && replayed);
        }
        other => panic!("{other:?}"),
    }
    let mut fixed = setup(LoudenOptions {
        level6_fallback: false,
        ..LoudenOptions::default()
    });
    assert!(matches!(
        fixed.machine_move(),
        LoudenReply::Move {
            replayed: false,
            ..
        }
    ));
}
