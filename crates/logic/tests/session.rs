//! The logic bench's session: the same events as the simulator and the CLI, in order.

use ludomat_game::{Session, SessionError};
use ludomat_logic::latch::{describe, walk};
use ludomat_logic::session::{Level, LogicAction, LogicConfig, LogicHappening, LogicSession};
use ludomat_logic::{library, Levelized, Ternary};

fn bench(circuit: &str) -> LogicSession {
    LogicSession::new(LogicConfig {
        circuit: circuit.to_string(),
    })
    .unwrap()
}

fn set(s: &mut LogicSession, input: &str, value: Level, run: bool) -> Vec<LogicHappening> {
    s.apply(LogicAction::Set {
        input: input.to_string(),
        value,
        run,
    })
    .unwrap()
}

fn step_all(s: &mut LogicSession) -> Vec<String> {
    let mut texts = Vec::new();
    while let Ok(h) = s.apply(LogicAction::Step) {
        for x in h {
            if let LogicHappening::Event(e) = x {
                texts.push(e.text);
            }
        }
    }
    texts
}

fn value(s: &LogicSession, name: &str) -> i8 {
    let v = s.view();
    v.graph
        .unwrap()
        .into_iter()
        .find(|n| n.name == name)
        .map(|n| n.value)
        .unwrap()
}

#[test]
fn the_latch_resets_and_sets_event_by_event_as_the_cli_prints() {
    let (latch, steps) = walk().unwrap();
    let expected: Vec<Vec<String>> = steps
        .iter()
        .map(|s| {
            s.trace
                .iter()
                .map(|e| describe(&latch.netlist, e).trim().to_string())
                .collect()
        })
        .collect();
    let mut s = bench("latch");
    // The walk: R and S false together, then R true, R false, S true, S false.
    set(&mut s, "R", Level::Zero, false);
    let mut first = step_all(&mut s);
    set(&mut s, "S", Level::Zero, false);
    first.extend(step_all(&mut s));
    assert_eq!(first, expected[1]);
    let moves = [
        ("R", Level::One),
        ("R", Level::Zero),
        ("S", Level::One),
        ("S", Level::Zero),
    ];
    for (k, (input, level)) in moves.into_iter().enumerate() {
        let h = set(&mut s, input, level, false);
        assert!(
            matches!(h.last(), Some(LogicHappening::InputSet { events, .. }) if *events == expected[k + 2].len())
        );
        // Nothing changes on display until the events are stepped.
        let texts = step_all(&mut s);
        assert_eq!(texts, expected[k + 2], "after {input} := {level:?}");
        let want: Vec<i8> = steps[k + 2]
            .values
            .iter()
            .map(|t| match t {
                Ternary::True => 1,
                Ternary::False => -1,
                Ternary::Unknown => 0,
            })
            .collect();
        let got: Vec<i8> = ["R", "S", "NOR1", "NOR2", "Q", "Q̄"]
            .iter()
            .map(|n| value(&s, n))
            .collect();
        assert_eq!(got, want, "after {input} := {level:?}");
    }
}

#[test]
fn the_display_changes_only_as_events_are_stepped() {
    let mut s = bench("latch");
    set(&mut s, "S", Level::Zero, false);
    s.apply(LogicAction::Run).unwrap();
    set(&mut s, "R", Level::One, false);
    assert_eq!(value(&s, "Q"), 0, "Q is unknown until the reset reaches it");
    assert!(s.view().pending > 0);
    // R := +1, NOR1 input 0 ← +1, NOR1 evaluates → −1, …, lamp Q shows −1 is the 6th.
    for _ in 0..6 {
        s.apply(LogicAction::Step).unwrap();
    }
    assert_eq!(value(&s, "Q"), -1);
    s.apply(LogicAction::Run).unwrap();
    assert_eq!(s.view().pending, 0);
    assert_eq!(value(&s, "Q̄"), 1);
    assert!(matches!(
        s.apply(LogicAction::Step),
        Err(SessionError::Refused(_))
    ));
}

#[test]
fn c17_agrees_with_the_levelized_simulator_on_all_32_vectors() {
    let netlist = library::iscas(0).unwrap();
    let mut lev = Levelized::new(&netlist).unwrap();
    let mut s = bench("c17");
    let inputs: Vec<String> = s.view().inputs.iter().map(|p| p.name.clone()).collect();
    assert_eq!(inputs, ["N1", "N2", "N3", "N6", "N7"]);
    for v in 0..32u32 {
        let bits: Vec<bool> = (0..5).map(|k| v >> (4 - k) & 1 == 1).collect();
        for (name, &b) in inputs.iter().zip(&bits) {
            set(&mut s, name, if b { Level::One } else { Level::Zero }, true);
        }
        let want: Vec<i8> = lev
            .eval(&bits.iter().map(|&b| Ternary::from(b)).collect::<Vec<_>>())
            .unwrap()
            .into_iter()
            .map(|t| if t == Ternary::True { 1 } else { -1 })
            .collect();
        let got: Vec<i8> = s.view().outputs.iter().map(|p| p.value).collect();
        assert_eq!(got, want, "vector {v:05b}");
    }
}

#[test]
fn a_ring_that_never_settles_is_named() {
    let mut s = bench("latch");
    s.apply(LogicAction::Upload {
        name: "ring.bench".to_string(),
        text: "INPUT(E)\nOUTPUT(Y)\nY = NAND(E, Y)\n".to_string(),
    })
    .unwrap();
    assert_eq!(s.view().circuit, "upload: ring.bench");
    set(&mut s, "E", Level::Zero, true);
    assert!(s.view().oscillation.is_none());
    assert_eq!(s.view().outputs[0].value, 1);
    let h = set(&mut s, "E", Level::One, true);
    let o = h
        .iter()
        .find_map(|x| match x {
            LogicHappening::Oscillation(o) => Some(o.clone()),
            _ => None,
        })
        .expect("the NAND ring oscillates");
    assert_eq!(o.nodes, ["Y"]);
    assert!(o.text.contains("Y kept changing"), "{}", o.text);
    assert_eq!(s.view().oscillation, Some(o));
}

#[test]
fn a_bad_upload_names_line_and_column_and_changes_nothing() {
    let mut s = bench("latch");
    set(&mut s, "R", Level::One, true);
    let before = serde_json::to_string(&s.view()).unwrap();
    let err = s
        .apply(LogicAction::Upload {
            name: "bad.bench".to_string(),
            text: "INPUT(A)\nOUTPUT(Y)\nY = FROB(A)\n".to_string(),
        })
        .unwrap_err();
    let msg = err.to_string();
    assert!(msg.starts_with("bad.bench: line 3, column "), "{msg}");
    assert_eq!(serde_json::to_string(&s.view()).unwrap(), before);
    for bad in [
        LogicAction::Set {
            input: "Q".into(),
            value: Level::One,
            run: false,
        },
        LogicAction::Set {
            input: "nope".into(),
            value: Level::One,
            run: false,
        },
        LogicAction::Push {
            button: "X0".into(),
        },
        LogicAction::Watch {
            signal: "nope".into(),
            on: true,
        },
        LogicAction::Upload {
            name: "big".into(),
            text: "#".repeat(300_000),
        },
    ] {
        assert!(s.apply(bad.clone()).is_err(), "{bad:?}");
        assert_eq!(serde_json::to_string(&s.view()).unwrap(), before, "{bad:?}");
    }
    // its numbers with thousands
    let big = LogicAction::Upload {
        name: "big".into(),
        text: "#".repeat(300_000),
    };
    let msg = s.apply(big).unwrap_err().to_string();
    assert_eq!(
        msg,
        "big: 300,000 bytes; the bench takes uploads up to 262,144 bytes"
    );
    assert!(LogicSession::new(LogicConfig {
        circuit: "../../etc/passwd".into()
    })
    .is_err());
}

#[test]
fn the_timing_diagram_follows_watched_signals() {
    let mut s = bench("latch");
    s.apply(LogicAction::Watch {
        signal: "Q".into(),
        on: true,
    })
    .unwrap();
    set(&mut s, "S", Level::Zero, true);
    set(&mut s, "R", Level::One, true);
    set(&mut s, "R", Level::Zero, true);
    set(&mut s, "S", Level::One, true);
    let v = s.view();
    let q = &v.watched[0];
    assert_eq!(q.name, "Q");
    let values: Vec<i8> = q.samples.iter().map(|x| x.1).collect();
    assert_eq!(values, [0, -1, 1]);
    assert!(q.samples.windows(2).all(|w| w[0].0 < w[1].0));
    for k in 0..20 {
        let _ = s.apply(LogicAction::Watch {
            signal: ["R", "S", "NOR1", "NOR2", "Q̄"][k % 5].into(),
            on: true,
        });
    }
    assert!(s.view().watched.len() <= 6);
}

#[test]
fn the_relay_squares_interlock() {
    let mut s = bench("squares");
    let lamps = |s: &LogicSession| -> Vec<(String, i8)> {
        s.view()
            .outputs
            .iter()
            .map(|p| (p.name.clone(), p.value))
            .collect()
    };
    s.apply(LogicAction::Push {
        button: "RESET".into(),
    })
    .unwrap();
    let h = s
        .apply(LogicAction::Push {
            button: "X0".into(),
        })
        .unwrap();
    assert!(matches!(&h[0], LogicHappening::Pushed { events, .. } if *events > 0));
    let lit: Vec<String> = lamps(&s)
        .into_iter()
        .filter(|l| l.1 == 1)
        .map(|l| l.0)
        .collect();
    assert_eq!(lit.len(), 1, "{lit:?}");
    // O pressing the square X holds changes nothing on the lamps.
    let before = lamps(&s);
    s.apply(LogicAction::Push {
        button: "O0".into(),
    })
    .unwrap();
    assert_eq!(lamps(&s), before);
    s.apply(LogicAction::Push {
        button: "O1".into(),
    })
    .unwrap();
    assert_eq!(lamps(&s).iter().filter(|l| l.1 == 1).count(), 2);
    s.apply(LogicAction::Push {
        button: "RESET".into(),
    })
    .unwrap();
    assert_eq!(lamps(&s).iter().filter(|l| l.1 == 1).count(), 0);
    assert!(s
        .apply(LogicAction::Set {
            input: "R".into(),
            value: Level::One,
            run: false
        })
        .is_err());
}

#[test]
fn terminal_lines_read_as_actions() {
    let s = bench("latch");
    assert_eq!(
        s.parse_action("R 1").unwrap(),
        LogicAction::Set {
            input: "R".into(),
            value: Level::One,
            run: false
        }
    );
    assert_eq!(s.parse_action("step").unwrap(), LogicAction::Step);
    assert!(s
        .parse_action("R 7")
        .unwrap_err()
        .to_string()
        .contains("1, 0 or x"));
}
