//! The Computox session: every action, refusals leave the session unchanged, replay, JSON
//! round trips, and the machine's exhaustive counts (spec `computox.md`) reproduced by
//! driving every human line through the session, contact by contact.

use ludomat_computox::session::{
    ComputoxHappening, ComputoxView, Outcome, Side, Variant, Whose, CONTACTS_PER_SWEEP,
};
use ludomat_computox::{
    sweep, ComputoxAction, ComputoxConfig, ComputoxSession, ContactPlan, Square, Squares, Tactic,
};
use ludomat_game::{new_dyn_session, DynSession, Session, SessionError};
use proptest::prelude::*;
use serde_json::json;

fn session(config: ComputoxConfig) -> ComputoxSession {
    ComputoxSession::new(config).unwrap()
}

fn press(square: char) -> ComputoxAction {
    ComputoxAction::Press {
        square,
        controller: None,
    }
}

fn squares(v: &ComputoxView) -> (Squares, Squares) {
    let o = v
        .squares
        .iter()
        .filter(|s| s.o_lamp)
        .filter_map(|s| Square::from_letter(s.letter))
        .collect();
    let x = v
        .squares
        .iter()
        .filter(|s| s.x_lamp || s.shutter)
        .filter_map(|s| Square::from_letter(s.letter))
        .collect();
    (o, x)
}

/// Refused, and the view exactly as before.
fn assert_refused(s: &mut ComputoxSession, action: ComputoxAction, says: &str) -> SessionError {
    let before = s.view_json();
    let err = s.apply(action).unwrap_err();
    assert!(err.to_string().contains(says), "{err}");
    assert_eq!(s.view_json(), before, "state changed by a refusal: {err}");
    err
}

#[test]
fn fresh_session_is_reset_and_ready() {
    let s = session(ComputoxConfig::default());
    let v = s.view();
    assert_eq!(v.counter.as_deref(), Some("0001"));
    assert_eq!(v.turn, Whose::Human);
    assert_eq!(v.uniselector.position, 1);
    assert!(v.uniselector.homed && !v.uniselector.stepping);
    assert_eq!(v.uniselector.contacts, 25);
    assert_eq!(v.plan.len(), 24);
    assert_eq!(v.plan[15].label, "U1-N17");
    assert_eq!(v.plan[15].tactic, 3);
    assert!(v.squares.iter().all(|q| !q.o_lamp && !q.x_lamp));
    assert!(v.sal.is_some());
    assert_eq!(v.seed, 1);
}

#[test]
fn the_seed_game_contact_by_contact() {
    let mut s = session(ComputoxConfig {
        machine_first: true,
        ..ComputoxConfig::default()
    });
    let v = s.view();
    assert!(v.os_relay);
    assert_eq!(v.turn, Whose::Machine);
    // A: N2 … N19 (the first good square with OS latched).
    let h = s.apply(ComputoxAction::Sweep).unwrap();
    let claimed: Vec<_> = h
        .iter()
        .filter_map(|h| match h {
            ComputoxHappening::Claimed {
                square,
                contacts_stepped,
                ..
            } => Some((*square, *contacts_stepped)),
            _ => None,
        })
        .collect();
    assert_eq!(claimed, vec![('A', 18)]);
    s.apply(press('F')).unwrap();
    s.apply(ComputoxAction::Sweep).unwrap();
    s.apply(press('B')).unwrap();
    // Step by step to U1-N17: each step shows one contact and the position moves.
    for n in 2..=16u8 {
        let h = s.apply(ComputoxAction::Step).unwrap();
        assert_eq!(h.len(), 1);
        let ComputoxHappening::Contact(c) = &h[0] else {
            panic!("{h:?}")
        };
        assert_eq!((c.number, c.fired), (n, None));
        assert!(c.checks.iter().all(|k| !k.closed));
        let v = s.view();
        assert_eq!(v.uniselector.position, n);
        assert_eq!(v.uniselector.label, format!("U1-N{n}"));
        assert_eq!(v.contact.as_ref().map(|c| c.number), Some(n));
    }
    let h = s.apply(ComputoxAction::Step).unwrap();
    let ComputoxHappening::Contact(c) = &h[0] else {
        panic!("{h:?}")
    };
    assert_eq!(
        (c.label.as_str(), c.tactic, c.fired),
        ("U1-N17", 3, Some('E'))
    );
    assert_eq!(c.checks.len(), 6);
    assert_eq!(c.checks.iter().filter(|k| k.closed).count(), 1);
    assert!(matches!(
        &h[1],
        ComputoxHappening::Claimed {
            square: 'E',
            tactic: 3,
            contacts_stepped: 16,
            ..
        }
    ));
    assert_eq!(h[2], ComputoxHappening::Homed);
    let v = s.view();
    assert!(v.uniselector.homed);
    assert_eq!(
        v.last_move.as_ref().map(|m| m.tactic_name),
        Some("fork prevention")
    );
    assert_eq!(v.turn, Whose::Human);
    // The human is lost: H, then the machine wins with the W lamp and the bell.
    s.apply(press('H')).unwrap();
    let h = s.apply(ComputoxAction::Sweep).unwrap();
    assert!(h.iter().any(|h| matches!(
        h,
        ComputoxHappening::GameOver {
            outcome: Outcome::Won,
            ..
        }
    )));
    assert_eq!(h.last(), Some(&ComputoxHappening::Bell));
    let v = s.view();
    assert!(v.w_lamp && !v.l_lamp);
    assert_eq!(v.bells, 1);
    assert_eq!(v.turn, Whose::Over);
    assert_eq!((v.tally.finished, v.tally.w), (1, 1));
    assert_refused(&mut s, press('D'), "the game is over");
    // RESET: counter steps, the OS switch starts the machine again.
    let h = s.apply(ComputoxAction::Reset).unwrap();
    assert!(matches!(&h[0], ComputoxHappening::Reset { counter: Some(c), .. } if c == "0002"));
    assert_eq!(h[1], ComputoxHappening::OsLatched);
    assert_eq!(s.view().turn, Whose::Machine);
    assert!(!s.view().w_lamp);
}

#[test]
fn refusals_leave_the_session_unchanged() {
    let mut s = session(ComputoxConfig::default());
    assert_refused(&mut s, ComputoxAction::Step, "U1 is at home");
    assert_refused(&mut s, ComputoxAction::Sweep, "U1 is at home");
    assert_refused(&mut s, press('I'), "there is no I");
    assert_refused(&mut s, press('Z'), "not one of the square letters");
    assert_refused(
        &mut s,
        ComputoxAction::Press {
            square: 'B',
            controller: Some(Side::O),
        },
        "the O side is the machine's",
    );
    s.apply(press('A')).unwrap();
    // The machine's move is due: no presses, no switches, no START.
    assert_refused(&mut s, press('B'), "U1 is stepping");
    assert_refused(&mut s, ComputoxAction::Start, "already stepping");
    assert_refused(&mut s, ComputoxAction::SetX { on: true }, "U1 is stepping");
    s.apply(ComputoxAction::Step).unwrap();
    assert_refused(&mut s, press('B'), "U1 is stepping");
    s.apply(ComputoxAction::Sweep).unwrap();
    // The interlock: both the human's own square and the machine's.
    assert_refused(
        &mut s,
        press('A'),
        "square A already holds X: the interlock refuses it",
    );
    assert_refused(
        &mut s,
        press('E'),
        "square E already holds O: the interlock refuses it",
    );
    assert_refused(&mut s, ComputoxAction::Start, "empty board");
    // Invalid configs.
    for bad in [
        json!({"variant": "autox", "beatable": true}),
        json!({"two_player": true, "machine_first": true}),
        json!({"seed": "x"}),
        json!({"colour": "red"}),
        json!({"model": "transistors"}),
    ] {
        assert!(
            matches!(
                new_dyn_session::<ComputoxSession>(bad.clone()),
                Err(SessionError::Invalid(_))
            ),
            "{bad}"
        );
    }
}

#[test]
fn switches_os_x_and_sal() {
    let mut s = session(ComputoxConfig::default());
    // OS on an empty board: the machine starts at once.
    let h = s.apply(ComputoxAction::SetOs { on: true }).unwrap();
    assert_eq!(h[1], ComputoxHappening::OsLatched);
    assert!(s.view().os_switch && s.view().os_relay);
    s.apply(ComputoxAction::Sweep).unwrap();
    // Off mid-game: the relay stays latched until RESET.
    s.apply(ComputoxAction::SetOs { on: false }).unwrap();
    assert!(!s.view().os_switch && s.view().os_relay);
    s.apply(ComputoxAction::Reset).unwrap();
    assert!(!s.view().os_relay);
    assert_eq!(s.view().turn, Whose::Human);
    // X on: the relay energises now; off: it stays until RESET.
    let h = s.apply(ComputoxAction::SetX { on: true }).unwrap();
    assert_eq!(h.last(), Some(&ComputoxHappening::XLatched));
    assert!(s.view().x_relay);
    s.apply(ComputoxAction::Reset).unwrap();
    assert!(s.view().x_relay, "the X switch acts at every RESET");
    s.apply(ComputoxAction::SetX { on: false }).unwrap();
    assert!(s.view().x_relay);
    s.apply(ComputoxAction::Reset).unwrap();
    assert!(!s.view().x_relay);
    // MODE switches: SAL decides, about one game in four with all four set.
    s.apply(ComputoxAction::SetModeSwitches {
        switches: [true; 4],
    })
    .unwrap();
    assert_eq!(s.view().mode_switches, [true; 4]);
    let mut beatable = 0;
    for _ in 0..400 {
        let h = s.apply(ComputoxAction::Reset).unwrap();
        let ComputoxHappening::Reset {
            x_relay,
            sal_tap,
            mode_switch_set,
            ..
        } = &h[0]
        else {
            panic!("{h:?}")
        };
        assert_eq!(*x_relay, sal_tap.is_some());
        assert_eq!(*x_relay, *mode_switch_set);
        assert_eq!(s.view().x_relay, *x_relay);
        beatable += usize::from(*x_relay);
    }
    assert!((60..=140).contains(&beatable), "{beatable}");
    assert_eq!(s.view().counter.as_deref(), Some("0404"));
}

#[test]
fn a_beatable_machine_is_beaten_through_the_session() {
    let mut s = session(ComputoxConfig {
        beatable: true,
        ..ComputoxConfig::default()
    });
    for sq in ['A', 'J', 'G', 'D', 'H'] {
        if s.view().turn == Whose::Over {
            break;
        }
        s.apply(press(sq)).unwrap();
        if s.view().turn == Whose::Machine {
            s.apply(ComputoxAction::Sweep).unwrap();
        }
    }
    let v = s.view();
    assert_eq!(v.outcome, Some(Outcome::Lost));
    assert!(v.l_lamp && v.bells == 1 && v.tally.l == 1);
}

#[test]
fn two_player_referee() {
    let mut s = session(ComputoxConfig {
        two_player: true,
        ..ComputoxConfig::default()
    });
    assert_eq!(s.view().turn, Whose::X);
    s.apply(press('A')).unwrap();
    assert_eq!(s.view().turn, Whose::O);
    assert_refused(
        &mut s,
        ComputoxAction::Press {
            square: 'B',
            controller: Some(Side::X),
        },
        "out of turn: the player relay connects only the O buttons",
    );
    assert_refused(&mut s, ComputoxAction::Step, "U1 is at home");
    assert_refused(&mut s, ComputoxAction::SetOs { on: true }, "two-player");
    for (sq, side) in [
        ('D', Side::O),
        ('B', Side::X),
        ('E', Side::O),
        ('C', Side::X),
    ] {
        let h = s
            .apply(ComputoxAction::Press {
                square: sq,
                controller: Some(side),
            })
            .unwrap();
        assert_eq!(h[0], ComputoxHappening::Pressed { side, square: sq });
    }
    let v = s.view();
    assert_eq!(
        (v.outcome, v.line.as_deref()),
        (Some(Outcome::Lost), Some("ABC"))
    );
    assert!(v.l_lamp);
    assert_eq!(v.bells, 1);
}

#[test]
fn autox_shutters_and_start() {
    let mut s = session(ComputoxConfig {
        variant: Variant::Autox,
        ..ComputoxConfig::default()
    });
    let v = s.view();
    assert!(v.counter.is_none() && v.sal.is_none() && !v.has_lamps_and_bell);
    s.apply(press('A')).unwrap();
    assert!(s.view().squares[0].shutter && !s.view().squares[0].x_lamp);
    assert_eq!(s.view().turn, Whose::Start);
    assert_refused(&mut s, press('B'), "press START");
    assert_refused(&mut s, ComputoxAction::Step, "U1 is at home");
    assert_refused(&mut s, ComputoxAction::SetX { on: true }, "no X relay");
    assert_refused(
        &mut s,
        ComputoxAction::SetModeSwitches {
            switches: [true; 4],
        },
        "no SAL",
    );
    assert_refused(
        &mut s,
        ComputoxAction::Press {
            square: 'B',
            controller: Some(Side::O),
        },
        "no buttons for O",
    );
    assert_eq!(
        s.apply(ComputoxAction::Start).unwrap(),
        vec![ComputoxHappening::StartPressed]
    );
    s.apply(ComputoxAction::Sweep).unwrap();
    assert!(s.view().squares[4].o_lamp);
    assert_refused(&mut s, ComputoxAction::Start, "close a shutter");
    assert_refused(&mut s, press('E'), "square E already holds O");
    // Reset rolls the shutters back; START on an empty board: the machine begins on A.
    let h = s.apply(ComputoxAction::Reset).unwrap();
    assert!(matches!(
        h[0],
        ComputoxHappening::Reset {
            shutters_rolled_back: true,
            ..
        }
    ));
    s.apply(ComputoxAction::Start).unwrap();
    s.apply(ComputoxAction::Sweep).unwrap();
    assert!(s.view().squares[0].o_lamp && s.view().os_relay);
}

#[test]
fn same_config_and_actions_give_the_same_views() {
    let config = ComputoxConfig {
        seed: 77,
        mode_switches: [true, false, true, true],
        ..ComputoxConfig::default()
    };
    let script = [
        press('A'),
        ComputoxAction::Step,
        ComputoxAction::Sweep,
        press('J'),
        ComputoxAction::Sweep,
        ComputoxAction::Reset,
        ComputoxAction::Reset,
        press('E'),
        ComputoxAction::Step,
        ComputoxAction::Step,
        ComputoxAction::Reset,
    ];
    let run = || {
        let mut s = session(config.clone());
        let mut trace = vec![s.view_json()];
        for a in &script {
            let h = s.apply(a.clone()).unwrap();
            trace.push(serde_json::to_value(&h).unwrap());
            trace.push(s.view_json());
        }
        trace
    };
    assert_eq!(run(), run());
    // And a session rebuilt from its own config replays too.
    let s = session(config);
    let again = session(s.config().clone());
    assert_eq!(s.view_json(), again.view_json());
}

#[test]
fn json_round_trips() {
    let config = ComputoxConfig {
        seed: 9,
        machine_first: true,
        beatable: true,
        ..ComputoxConfig::default()
    };
    let text = serde_json::to_value(&config).unwrap();
    assert_eq!(
        serde_json::from_value::<ComputoxConfig>(text.clone()).unwrap(),
        config
    );
    assert_eq!(text["model"], "behavioural");
    assert_eq!(text["variant"], "computox");
    for a in [
        press('E'),
        ComputoxAction::Press {
            square: 'C',
            controller: Some(Side::O),
        },
        ComputoxAction::Start,
        ComputoxAction::Step,
        ComputoxAction::Sweep,
        ComputoxAction::Reset,
        ComputoxAction::SetOs { on: true },
        ComputoxAction::SetX { on: false },
        ComputoxAction::SetModeSwitches {
            switches: [true, false, false, true],
        },
    ] {
        let j = serde_json::to_value(&a).unwrap();
        assert_eq!(serde_json::from_value::<ComputoxAction>(j).unwrap(), a);
    }
    assert_eq!(
        serde_json::to_value(press('E')).unwrap(),
        json!({"type": "press", "square": "E", "controller": null})
    );
    // Through the dynamic interface, as the museum holds it.
    let mut d: Box<dyn DynSession> = new_dyn_session::<ComputoxSession>(text).unwrap();
    assert_eq!(d.kind(), "computox");
    assert_eq!(d.config_json()["seed"], 9);
    let h = d.apply_json(json!({"type": "step"})).unwrap();
    assert_eq!(h[0]["type"], "contact");
    assert_eq!(h[0]["label"], "U1-N2");
    assert_eq!(d.view_json()["uniselector"]["position"], 2);
    let before = d.view_json();
    assert!(d.apply_json(json!({"type": "jump"})).is_err());
    assert!(d.apply_json(json!({"type": "press"})).is_err());
    assert_eq!(d.view_json(), before);
    let h = d.apply_json(json!({"type": "sweep"})).unwrap();
    assert_eq!(h.last().unwrap()["type"], "homed");
    let d = new_dyn_session::<ComputoxSession>(serde_json::Value::Null).unwrap();
    assert_eq!(d.config_json()["seed"], 1);
}

#[test]
fn parse_action_reads_the_terminal() {
    let s = session(ComputoxConfig::default());
    let p = |l: &str| s.parse_action(l);
    assert_eq!(p(" e ").unwrap(), press('E'));
    assert_eq!(
        p("O:c").unwrap(),
        ComputoxAction::Press {
            square: 'C',
            controller: Some(Side::O)
        }
    );
    assert_eq!(
        p("x b").unwrap(),
        ComputoxAction::Press {
            square: 'B',
            controller: Some(Side::X)
        }
    );
    assert_eq!(p("R").unwrap(), ComputoxAction::Reset);
    assert_eq!(p("step").unwrap(), ComputoxAction::Step);
    assert_eq!(p("sweep").unwrap(), ComputoxAction::Sweep);
    assert_eq!(p("start").unwrap(), ComputoxAction::Start);
    assert_eq!(p("os on").unwrap(), ComputoxAction::SetOs { on: true });
    assert_eq!(p("x off").unwrap(), ComputoxAction::SetX { on: false });
    assert_eq!(
        p("mode 1001").unwrap(),
        ComputoxAction::SetModeSwitches {
            switches: [true, false, false, true]
        }
    );
    assert!(p("I")
        .unwrap_err()
        .to_string()
        .contains("there is no square I"));
    assert!(p("K")
        .unwrap_err()
        .to_string()
        .contains("'K' is not a square: not one of the square letters"));
    assert!(p("").unwrap_err().to_string().contains("nothing was typed"));
    assert!(p("mode 12").is_err());
    assert!(
        p("Y").is_err(),
        "Y is only a new game when the game is over"
    );
}

#[derive(Default, Debug, PartialEq, Eq)]
struct Counts {
    won: u32,
    drawn: u32,
    lost: u32,
    machine_moves: u32,
}

/// Every sequence of human moves, played through the session; each machine move stepped
/// contact by contact and checked against the machine's own sweep.
fn explore(s: &ComputoxSession, counts: &mut Counts) {
    let v = s.view();
    match v.turn {
        Whose::Over => match v.outcome {
            Some(Outcome::Won) => counts.won += 1,
            Some(Outcome::Drawn) => counts.drawn += 1,
            Some(Outcome::Lost) => counts.lost += 1,
            None => panic!("over without an outcome"),
        },
        Whose::Start => {
            let mut next = s.clone();
            next.apply(ComputoxAction::Start).unwrap();
            explore(&next, counts);
        }
        Whose::Machine => {
            let (o, x) = squares(&v);
            let expected = sweep(
                &ContactPlan::COMPUTOX,
                o,
                x,
                v.os_relay || (o.union(x).is_empty()),
                v.x_relay,
            )
            .expect("the sweep always finds a move");
            let mut next = s.clone();
            let mut stepped = 0u8;
            let mut claim = None;
            while next.view().uniselector.stepping {
                stepped += 1;
                assert!(stepped <= CONTACTS_PER_SWEEP);
                for h in next.apply(ComputoxAction::Step).unwrap() {
                    if let ComputoxHappening::Claimed {
                        square,
                        contacts_stepped,
                        ..
                    } = h
                    {
                        assert_eq!(contacts_stepped, stepped);
                        claim = Some(square);
                    }
                }
            }
            // One machine move = exactly the contacts stepped: N2 … the one that fired.
            assert_eq!(stepped, expected.contact.number() - 1);
            assert_eq!(claim, Some(expected.claim.letter()));
            assert_eq!(next.view().uniselector.position, 1);
            counts.machine_moves += 1;
            explore(&next, counts);
        }
        Whose::Human => {
            for q in v
                .squares
                .iter()
                .filter(|q| !q.o_lamp && !q.x_lamp && !q.shutter)
            {
                let mut next = s.clone();
                next.apply(press(q.letter)).unwrap();
                explore(&next, counts);
            }
        }
        Whose::X | Whose::O => panic!("one-player session"),
    }
}

fn counts(config: ComputoxConfig) -> Counts {
    let mut c = Counts::default();
    explore(&session(config), &mut c);
    c
}

#[test]
fn exhaustive_counts_hold_through_the_session() {
    let cases = [
        // (machine first, beatable) → (machine wins, draws, machine losses)
        ((false, false), (368, 153, 0)),
        ((true, false), (87, 8, 0)),
        ((false, true), (368, 143, 10)),
        ((true, true), (87, 8, 0)),
    ];
    for ((machine_first, beatable), (won, drawn, lost)) in cases {
        let c = counts(ComputoxConfig {
            machine_first,
            beatable,
            ..ComputoxConfig::default()
        });
        assert_eq!(
            (c.won, c.drawn, c.lost),
            (won, drawn, lost),
            "machine_first {machine_first}, beatable {beatable}"
        );
    }
}

#[test]
fn the_autox_plays_the_same_games() {
    for (machine_first, expected) in [(false, (368, 153, 0)), (true, (87, 8, 0))] {
        let c = counts(ComputoxConfig {
            variant: Variant::Autox,
            machine_first,
            ..ComputoxConfig::default()
        });
        assert_eq!((c.won, c.drawn, c.lost), expected, "{machine_first}");
    }
}

fn any_action() -> impl Strategy<Value = ComputoxAction> {
    prop_oneof![
        4 => "[A-K]".prop_map(|s| press(s.chars().next().unwrap_or('A'))),
        1 => prop_oneof![Just(None), Just(Some(Side::X)), Just(Some(Side::O))]
            .prop_flat_map(|controller| "[A-J]".prop_map(move |s| ComputoxAction::Press {
                square: s.chars().next().unwrap_or('A'),
                controller,
            })),
        3 => Just(ComputoxAction::Step),
        2 => Just(ComputoxAction::Sweep),
        1 => Just(ComputoxAction::Start),
        1 => Just(ComputoxAction::Reset),
        1 => any::<bool>().prop_map(|on| ComputoxAction::SetOs { on }),
        1 => any::<bool>().prop_map(|on| ComputoxAction::SetX { on }),
        1 => any::<[bool; 4]>().prop_map(|switches| ComputoxAction::SetModeSwitches { switches }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any actions in any order: a refusal never changes the view, and the machine
    /// never loses a game played with its X relay released.
    #[test]
    fn refusals_change_nothing_and_x_down_never_loses(
        seed in 0u64..1000,
        variant in prop_oneof![Just(Variant::Computox), Just(Variant::Autox)],
        two_player in any::<bool>(),
        actions in proptest::collection::vec(any_action(), 1..60),
    ) {
        let config = ComputoxConfig {
            seed,
            variant,
            two_player: two_player && variant == Variant::Computox,
            ..ComputoxConfig::default()
        };
        let mut s = session(config);
        let mut x_ever = false;
        for a in actions {
            let before = s.view_json();
            let x_before = s.view().x_relay;
            match s.apply(a) {
                Err(SessionError::Failed(e)) => prop_assert!(false, "{e}"),
                Err(_) => prop_assert_eq!(s.view_json(), before),
                Ok(h) => {
                    x_ever |= x_before || s.view().x_relay;
                    let lost = h.iter().any(|h| matches!(h, ComputoxHappening::GameOver { outcome: Outcome::Lost, .. }));
                    if lost && !s.view().two_player {
                        prop_assert!(x_ever, "the machine lost with its X relay down");
                    }
                    if h.iter().any(|h| matches!(h, ComputoxHappening::Reset { .. })) {
                        x_ever = s.view().x_relay;
                    }
                }
            }
        }
    }
}

#[test]
fn tactics_are_named_in_the_view() {
    let mut s = session(ComputoxConfig::default());
    s.apply(press('A')).unwrap();
    s.apply(ComputoxAction::Sweep).unwrap();
    s.apply(press('B')).unwrap();
    s.apply(ComputoxAction::Sweep).unwrap();
    let m = s.view().last_move.unwrap();
    assert_eq!((m.square, m.tactic, m.tactic_name), ('C', 2, "block"));
    assert_eq!(Tactic::Block.number(), m.tactic);
    assert!(m.tests.contains("X holds AB"), "{}", m.tests);
}
