//! `model: circuit`: the Computox session played on its simulated circuit alone — the
//! terminal's `play computox --relays`. The seed's game relay by relay, refusals read off
//! the relays, an edited netlist playing as wired, SAL and the MODE switches, bad configs.

use ludomat_computox::circuit::COMPUTOX_NET;
use ludomat_computox::session::{
    CircuitTrace, ComputoxHappening, Model, Outcome, RelayTiming, Whose, MAX_NETLIST_BYTES,
};
use ludomat_computox::{ComputoxAction, ComputoxConfig, ComputoxSession};
use ludomat_game::{Session, SessionError};

fn press(square: char) -> ComputoxAction {
    ComputoxAction::Press {
        square,
        controller: None,
    }
}

fn circuit(config: ComputoxConfig) -> ComputoxSession {
    ComputoxSession::new(ComputoxConfig {
        model: Model::Circuit,
        ..config
    })
    .unwrap()
}

fn trace(h: &[ComputoxHappening]) -> &CircuitTrace {
    h.iter()
        .find_map(|h| match h {
            ComputoxHappening::Circuit(t) => Some(t),
            _ => None,
        })
        .unwrap()
}

#[test]
fn the_seeds_game_relay_by_relay() {
    let mut s = circuit(ComputoxConfig {
        machine_first: true,
        timing: RelayTiming::Real,
        ..ComputoxConfig::default()
    });
    let v = s.view();
    assert_eq!(v.counter.as_deref(), Some("0001"));
    let opening = v.trace.unwrap();
    assert_eq!(opening.claim, Some('A'));
    assert_eq!(opening.contact.as_deref(), Some("U1-N19"));
    assert_eq!(opening.steps, 25, "out to N19 and on round to home");
    assert_eq!(opening.relays, ["+OS", "+T", "+AOA", "+AOB", "-T"]);
    assert_eq!((opening.operations, opening.buzzes), (29, 25));
    assert_eq!((opening.ticks, opening.ms), (258, 1290));
    assert!(v.squares[0].o_lamp);
    assert_eq!(v.turn, Whose::Human);

    let h = s.apply(press('F')).unwrap();
    assert!(matches!(
        h[0],
        ComputoxHappening::Pressed { square: 'F', .. }
    ));
    assert_eq!(trace(&h).claim, Some('C'));
    assert!(h.iter().any(|h| matches!(h, ComputoxHappening::Relay(_))));
    let h = s.apply(press('B')).unwrap();
    assert_eq!(trace(&h).claim, Some('E'));
    assert_eq!(trace(&h).contact.as_deref(), Some("U1-N17"));

    // Refusals are read off the relays, and change nothing.
    let before = s.view();
    match s.apply(press('B')) {
        Err(SessionError::Refused(r)) => assert!(r.contains("BXA is latched"), "{r}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(s.view(), before);
    assert!(matches!(
        s.apply(ComputoxAction::Sweep),
        Err(SessionError::Refused(_))
    ));
    assert!(matches!(
        s.apply(ComputoxAction::Step),
        Err(SessionError::Refused(_))
    ));

    let h = s.apply(press('D')).unwrap();
    assert_eq!(trace(&h).claim, Some('J'));
    assert!(h.iter().any(|h| matches!(
        h,
        ComputoxHappening::GameOver {
            outcome: Outcome::Won,
            ..
        }
    )));
    assert!(h.iter().any(|h| matches!(h, ComputoxHappening::Bell)));
    let v = s.view();
    assert!(v.w_lamp && !v.l_lamp);
    assert_eq!(v.turn, Whose::Over);
    assert_eq!((v.tally.finished, v.tally.w, v.bells), (1, 1, 1));
    match s.apply(press('H')) {
        Err(SessionError::Refused(r)) => assert!(r.contains("the game is over"), "{r}"),
        other => panic!("{other:?}"),
    }

    // RESET: the counter steps; the machine opens again.
    let h = s.apply(ComputoxAction::Reset).unwrap();
    assert!(matches!(
        &h[0],
        ComputoxHappening::Reset { counter: Some(c), .. } if c == "0002"
    ));
    assert!(matches!(h[1], ComputoxHappening::OsLatched));
    assert_eq!(trace(&h).claim, Some('A'));
    assert!(s.view().relays.is_some_and(|r| r.events > 0));
    // A happening as the museum gets it.
    let json = serde_json::to_value(&h[2]).unwrap();
    assert_eq!(json["type"], "circuit");
    assert_eq!(json["claim"], "A");
}

#[test]
fn an_edited_netlist_plays_as_wired() {
    // The wire from U1-N18 (tactic 4's first square, E) moved to D's claim lead: the
    // behavioural model would answer A with E; the circuit lights D, and nothing fails.
    let line = COMPUTOX_NET
        .lines()
        .find(|l| l.starts_with("break") && l.contains("U1-N18") && l.ends_with("E.claim"))
        .unwrap();
    let edited = COMPUTOX_NET.replace(line, &line.replace("E.claim", "D.claim"));
    let mut s = circuit(ComputoxConfig {
        netlist: Some(edited.clone()),
        ..ComputoxConfig::default()
    });
    let h = s.apply(press('A')).unwrap();
    assert_eq!(trace(&h).claim, Some('D'));
    assert!(s.view().squares[3].o_lamp);
    // The same netlist beside the behavioural model (model relays) is caught disagreeing.
    let mut shadowed = ComputoxSession::new(ComputoxConfig {
        model: Model::Relays,
        netlist: Some(edited),
        ..ComputoxConfig::default()
    })
    .unwrap();
    assert!(matches!(
        shadowed
            .apply(press('A'))
            .and_then(|_| shadowed.apply(ComputoxAction::Sweep)),
        Err(SessionError::Failed(_))
    ));
}

#[test]
fn sal_and_the_mode_switches_decide_the_x_relay_at_reset() {
    let mut beatable_games = 0;
    for seed in 0..24 {
        let mut s = circuit(ComputoxConfig {
            seed,
            mode_switches: [true; 4],
            ..ComputoxConfig::default()
        });
        let h = s.apply(ComputoxAction::Reset).unwrap();
        let ComputoxHappening::Reset { sal, x_relay, .. } = &h[0] else {
            panic!("{h:?}");
        };
        let v = s.view();
        // Where SAL came to rest, as the view shows it.
        assert_eq!(sal.as_deref(), v.sal.as_ref().map(|s| s.label.as_str()));
        assert_eq!(v.x_relay, *x_relay);
        beatable_games += usize::from(*x_relay);
    }
    // Four taps of sixteen contacts: some games, not most.
    assert!((1..12).contains(&beatable_games), "{beatable_games}");
    // Switches off: never.
    let mut s = circuit(ComputoxConfig::default());
    let h = s
        .apply(ComputoxAction::SetModeSwitches {
            switches: [false; 4],
        })
        .unwrap();
    assert!(matches!(
        h[0],
        ComputoxHappening::SwitchSet { switch: "mode", .. }
    ));
    for _ in 0..8 {
        s.apply(ComputoxAction::Reset).unwrap();
        assert!(!s.view().x_relay);
    }
}

#[test]
fn the_secret_switch_makes_it_beatable() {
    let mut s = circuit(ComputoxConfig {
        beatable: true,
        timing: RelayTiming::Ideal,
        ..ComputoxConfig::default()
    });
    assert!(s.view().x_relay);
    // Human A, machine E; human J, machine C (the fork check is cut); G makes a fork.
    let mut last = Vec::new();
    for q in ['A', 'J', 'G', 'D', 'H'] {
        if s.view().turn == Whose::Over {
            break;
        }
        last = s.apply(press(q)).unwrap();
    }
    assert!(
        last.iter().any(|h| matches!(
            h,
            ComputoxHappening::GameOver {
                outcome: Outcome::Lost,
                ..
            }
        )),
        "{last:?}"
    );
    assert_eq!(trace(&last).ms, 0, "ideal timing has no real time");
    assert_eq!(s.view().tally.l, 1);
}

#[test]
fn impossible_configs_are_refused_by_name() {
    let bad = |c: ComputoxConfig| match ComputoxSession::new(c) {
        Err(SessionError::Invalid(e)) => e,
        other => panic!("{:?}", other.map(|s| s.view())),
    };
    let e = bad(ComputoxConfig {
        model: Model::Circuit,
        two_player: true,
        ..ComputoxConfig::default()
    });
    assert!(e.contains("model circuit"), "{e}");
    let e = bad(ComputoxConfig {
        netlist: Some(COMPUTOX_NET.into()),
        ..ComputoxConfig::default()
    });
    assert!(
        e.contains("a netlist is for model relays or circuit"),
        "{e}"
    );
    let e = bad(ComputoxConfig {
        model: Model::Circuit,
        netlist: Some("supply +\nrelay R c\nmake R T1 + \n".into()),
        ..ComputoxConfig::default()
    });
    assert!(e.contains("line 3"), "{e}");
    let e = bad(ComputoxConfig {
        model: Model::Circuit,
        netlist: Some(" ".repeat(MAX_NETLIST_BYTES + 1)),
        ..ComputoxConfig::default()
    });
    assert!(e.contains("at most"), "{e}");
    // A config from JSON.
    let c: ComputoxConfig = serde_json::from_str(
        r#"{"model": "circuit", "mode_switches": [true, false, true, false]}"#,
    )
    .unwrap();
    let s = ComputoxSession::new(c).unwrap();
    assert_eq!(s.view().mode_switches, [true, false, true, false]);
}
