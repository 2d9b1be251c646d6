//! `model: relays`: the Computox session played on its simulated circuit. The same
//! games through both models light the same squares; the relay view and the relay
//! happenings of a machine move; the impossible combinations refused by name.

use ludomat_computox::session::{
    Armature, ComputoxHappening, ComputoxView, Model, RelayTiming, Variant, Whose,
};
use ludomat_computox::{ComputoxAction, ComputoxConfig, ComputoxSession};
use ludomat_game::{seed, Session, SessionError};
use rand::seq::SliceRandom;

fn press(square: char) -> ComputoxAction {
    ComputoxAction::Press {
        square,
        controller: None,
    }
}

fn lamps(v: &ComputoxView) -> String {
    v.squares
        .iter()
        .map(|s| match (s.o_lamp, s.x_lamp) {
            (true, _) => 'O',
            (_, true) => 'X',
            _ => '.',
        })
        .collect()
}

/// Play one game on `s`, the human choosing with `rng`, the machine's moves swept;
/// returns the panel after each action.
fn play(s: &mut ComputoxSession, rng: &mut seed::Rng, log: &mut Vec<String>) {
    for _ in 0..12 {
        let v = s.view();
        match v.turn {
            Whose::Over => return,
            Whose::Machine => {
                s.apply(ComputoxAction::Sweep).unwrap();
            }
            _ => {
                let free: Vec<char> = v
                    .squares
                    .iter()
                    .filter(|q| !q.o_lamp && !q.x_lamp)
                    .map(|q| q.letter)
                    .collect();
                let q = *free.choose(rng).unwrap();
                if let Err(e) = s.apply(press(q)) {
                    panic!("{e} after {log:?}");
                }
            }
        }
        let v = s.view();
        log.push(format!("{} {:?} {:?}", lamps(&v), v.turn, v.outcome));
    }
    panic!("a game of noughts and crosses lasted more than 12 actions");
}

fn both(config: ComputoxConfig, games: u64) {
    for g in 0..games {
        let mut logs = Vec::new();
        for model in [Model::Behavioural, Model::Relays] {
            let mut s = ComputoxSession::new(ComputoxConfig {
                model,
                timing: if model == Model::Relays {
                    config.timing
                } else {
                    RelayTiming::Ideal
                },
                ..config.clone()
            })
            .unwrap();
            let mut rng = seed::rng(g);
            let mut log = Vec::new();
            play(&mut s, &mut rng, &mut log);
            s.apply(ComputoxAction::Reset).unwrap();
            play(&mut s, &mut rng, &mut log);
            logs.push((log, s.view().tally));
        }
        assert_eq!(logs[0], logs[1], "game {g} with {config:?}");
    }
}

#[test]
fn both_models_play_the_same_squares() {
    both(ComputoxConfig::default(), 12);
    both(
        ComputoxConfig {
            machine_first: true,
            ..ComputoxConfig::default()
        },
        12,
    );
    both(
        ComputoxConfig {
            beatable: true,
            ..ComputoxConfig::default()
        },
        12,
    );
}

#[test]
fn real_timing_plays_the_same_squares() {
    both(
        ComputoxConfig {
            timing: RelayTiming::Real,
            ..ComputoxConfig::default()
        },
        2,
    );
}

#[test]
fn a_machine_move_shows_each_relay_in_order_with_its_time() {
    for timing in [RelayTiming::Ideal, RelayTiming::Real] {
        let mut s = ComputoxSession::new(ComputoxConfig {
            model: Model::Relays,
            timing,
            ..ComputoxConfig::default()
        })
        .unwrap();
        let v = s.view();
        let r = v.relays.unwrap();
        assert_eq!(r.relays.len(), 44, "the netlist's 44 relays");
        assert_eq!(r.u1, Some(1), "U1 at home after RESET");
        assert!(r.relays.iter().all(|l| l.state != Armature::Unknown));
        let h = s.apply(press('A')).unwrap();
        let relays = |h: &[ComputoxHappening]| -> Vec<(u64, String, &'static str)> {
            h.iter()
                .filter_map(|e| match e {
                    ComputoxHappening::Relay(r) => Some((r.ms, r.part.clone(), r.change)),
                    _ => None,
                })
                .collect()
        };
        let button = relays(&h);
        assert!(
            button.contains(&(button[0].0, "AXA".into(), "operated")),
            "{button:?}"
        );
        let h = s.apply(ComputoxAction::Sweep).unwrap();
        let mv = relays(&h);
        let at = |part: &str, change: &str| {
            mv.iter()
                .position(|e| e.1 == part && e.2 == change)
                .unwrap_or_else(|| panic!("{part} {change} not in {mv:?}"))
        };
        // The machine's reply to A is E; its latch and slave operate, T releases.
        assert!(at("EOA", "operated") < at("EOB", "operated"));
        assert!(mv.windows(2).all(|w| w[0].0 <= w[1].0), "times in order");
        let last = mv.last().unwrap().0;
        match timing {
            RelayTiming::Ideal => assert!(last < 500, "{last} ms"),
            // 16 contacts out and home again at 50 ms a step: over a second.
            RelayTiming::Real => assert!(last > 1000, "{last} ms"),
        }
        let v = s.view();
        assert_eq!(v.last_move.map(|m| m.square), Some('E'));
        let r = v.relays.unwrap();
        let state = |n: &str| r.relays.iter().find(|l| l.name == n).unwrap().state;
        assert_eq!(state("EOA"), Armature::Operated);
        assert_eq!(state("AXA"), Armature::Operated);
        assert_eq!(state("BOA"), Armature::Released);
        assert_eq!(r.u1, Some(1), "homed");
    }
}

#[test]
fn impossible_combinations_are_refused_by_name() {
    let invalid = |c: ComputoxConfig, word: &str| match ComputoxSession::new(c) {
        Err(SessionError::Invalid(m)) => assert!(m.contains(word), "{m}"),
        other => panic!("{other:?}"),
    };
    let relays = ComputoxConfig {
        model: Model::Relays,
        ..ComputoxConfig::default()
    };
    invalid(
        ComputoxConfig {
            variant: Variant::Autox,
            ..relays.clone()
        },
        "autox",
    );
    invalid(
        ComputoxConfig {
            two_player: true,
            ..relays.clone()
        },
        "two_player",
    );
    invalid(
        ComputoxConfig {
            mode_switches: [true; 4],
            ..relays.clone()
        },
        "mode_switches",
    );
    invalid(
        ComputoxConfig {
            timing: RelayTiming::Real,
            ..ComputoxConfig::default()
        },
        "timing",
    );
    let mut s = ComputoxSession::new(relays).unwrap();
    assert!(matches!(
        s.apply(ComputoxAction::SetModeSwitches {
            switches: [true; 4]
        }),
        Err(SessionError::Refused(_))
    ));
    // The JSON config names the model and timing.
    let c: ComputoxConfig = serde_json::from_str(r#"{"model":"relays","timing":"real"}"#).unwrap();
    assert_eq!((c.model, c.timing), (Model::Relays, RelayTiming::Real));
}
