//! The Computox relay by relay: the circuit against the behavioural model, exhaustively;
//! the hazard report; netlist errors; an edited wire.

use ludomat_computox::circuit::{
    check, CircuitAgent, CircuitError, Hazard, Mode, Netlist, RelayComputox, Timing, COMPUTOX_NET,
};
use ludomat_computox::{ComputoxAgent, Settings, Square, Squares};
use ludomat_game::{explore, Player};
use ludomat_tictactoe::Board;

#[test]
fn circuit_agrees_with_the_model_everywhere_and_has_no_hazard() {
    let netlist = Netlist::parse(COMPUTOX_NET).unwrap();
    let a = check(&netlist, Timing::IDEAL).unwrap();
    for d in &a.disagreements {
        ludomat_io::errln!("{d}");
    }
    for h in &a.hazards {
        ludomat_io::errln!("{h}");
    }
    assert!(
        a.disagreements.is_empty(),
        "{} disagreements",
        a.disagreements.len()
    );
    // The hazard report: empty is the result.
    assert!(a.hazards.is_empty(), "{} hazards", a.hazards.len());
    ludomat_io::errln!("per mode {:?}, events {}", a.per_mode, a.events);
    assert_eq!(a.per_mode, PER_MODE);
    assert_eq!(a.positions, PER_MODE.iter().sum::<usize>());
    // Switched on, every lamp is unknown until RESET (the latches may be either way).
    assert_eq!(a.power_on_unknown_lamps, 21);
}

/// Distinct positions the machine replies to: human first unbeatable, machine first
/// unbeatable, human first beatable, machine first beatable.
const PER_MODE: [usize; 4] = [277, 70, 273, 70];

#[test]
fn the_circuit_agent_plays_the_exact_counts() {
    for (beatable, settings) in [(false, Settings::UNBEATABLE), (true, Settings::BEATABLE)] {
        for me in [Player::First, Player::Second] {
            let mut relays = CircuitAgent::new(beatable, Timing::IDEAL).unwrap();
            let mut model = ComputoxAgent::new(settings, 0);
            let a = explore(&Board::EMPTY, &mut relays, me).unwrap();
            let b = explore(&Board::EMPTY, &mut model, me).unwrap();
            assert_eq!(a, b, "beatable {beatable}, {me:?}");
        }
    }
}

#[test]
fn without_the_diodes_the_hazard_report_finds_sneak_paths() {
    let text: String = COMPUTOX_NET
        .lines()
        .map(|l| match l.strip_prefix("diode") {
            Some(rest) => format!("wire{rest}"),
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let a = check(&Netlist::parse(&text).unwrap(), Timing::IDEAL).unwrap();
    let doubles = a
        .hazards
        .iter()
        .filter(|h| matches!(h, Hazard::DoubleClaim { .. }))
        .count();
    // O on E, X on G and H (you started with G, the machine took E): blocking at J makes
    // J's claim lead live, which feeds back through the fork chain C–H→J into C–G→B.
    assert!(a.hazards.iter().any(|h| h.to_string()
        == "human first, unbeatable: O:E X:GH: two claims at once, ABJ (two noughts in one move)"));
    assert_eq!(doubles, SNEAKS);
    assert!(!a.disagreements.is_empty());
}

/// Double claims in the netlist without its diodes.
const SNEAKS: usize = 24;

#[test]
fn real_timing_plays_the_seeds_game_and_takes_time() {
    let mut m = RelayComputox::new(Timing::REAL, 1).unwrap();
    let t = m.machine_first().unwrap().unwrap();
    assert_eq!(t.claim(), Some(Square::A));
    let t = m.press(Square::F).unwrap().unwrap();
    assert_eq!(t.claim(), Some(Square::C));
    let t = m.press(Square::B).unwrap().unwrap();
    assert_eq!(t.claim(), Some(Square::E));
    // Out to U1-N17 and home: 25 steps of 50 ms, plus relay times.
    let ms = Timing::REAL.ms(t.ticks);
    assert!((1250.0..2000.0).contains(&ms), "{ms} ms");
}

#[test]
fn malformed_netlist_names_the_line() {
    let lines: Vec<&str> = COMPUTOX_NET.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("changeover EOA"))
        .unwrap();
    let mut broken: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
    broken[at] = "changeover EOA           T2  E.oa".into();
    let e = RelayComputox::from_text(&broken.join("\n"), Timing::IDEAL, 0).unwrap_err();
    match e {
        CircuitError::Netlist(e) => {
            assert_eq!(e.line, at + 1);
            assert!(e.message.contains("too few words"), "{e}");
        }
        other => panic!("{other}"),
    }
    // A missing part is named.
    let text = COMPUTOX_NET.replace("lamp BELL BELL.net", "");
    let e = RelayComputox::from_text(&text, Timing::IDEAL, 0).unwrap_err();
    assert!(e.to_string().contains("no lamp 'BELL'"), "{e}");
    // A relay used before it is declared.
    let text = COMPUTOX_NET.replace("relay W W.coil", "relay WW W.coil");
    let e = RelayComputox::from_text(&text, Timing::IDEAL, 0).unwrap_err();
    assert!(
        e.to_string()
            .contains("no relay or button 'W' is declared before this line"),
        "{e}"
    );
}

#[test]
fn an_edited_wire_changes_the_play() {
    // Move the wire from U1-N18 (tactic 4's first square, E) to D's claim lead.
    let line = COMPUTOX_NET
        .lines()
        .find(|l| l.starts_with("break") && l.contains("U1-N18") && l.ends_with("E.claim"))
        .unwrap();
    let edited = COMPUTOX_NET.replace(line, &line.replace("E.claim", "D.claim"));
    let mut m = RelayComputox::from_text(&edited, Timing::IDEAL, 0).unwrap();
    let t = m.press(Square::A).unwrap().unwrap();
    assert_eq!(t.claim(), Some(Square::D));
    let netlist = Netlist::parse(&edited).unwrap();
    let a = check(&netlist, Timing::IDEAL).unwrap();
    assert!(!a.disagreements.is_empty());
    let first = &a.disagreements[0];
    assert_eq!(first.mode, Mode::ALL[0]);
    assert_eq!(first.expected, Some(Square::E));
    assert_eq!(first.got, Squares::one(Square::D));
    let _ = Hazard::DoubleClaim {
        mode: Mode::ALL[0],
        o: Squares::NONE,
        x: Squares::NONE,
        claims: Squares::NONE,
    };
}

#[test]
fn real_timing_agrees_too_no_timing_hazard() {
    // With type 3000 delays and a 50 ms step, a claim releases T before U1 leaves the
    // contact, so no second contact is ever live: the same clean result.
    let a = check(&Netlist::parse(COMPUTOX_NET).unwrap(), Timing::REAL).unwrap();
    assert!(
        a.clean(),
        "{:?} {:?}",
        a.disagreements.first(),
        a.hazards.first()
    );
    assert_eq!(a.per_mode, PER_MODE);
}

/// RESET with the secret switch still held clears the board and brings X up again. (Before
/// the diode in X's latch, the held switch fed the latch bus through X-T1 while RESET was
/// down, so nothing released.)
#[test]
fn reset_with_the_secret_switch_held_clears_the_board() {
    let mut m = RelayComputox::new(Timing::IDEAL, 1).unwrap();
    m.set_secret_switch(true).unwrap();
    m.reset().unwrap();
    assert!(m.x_relay());
    let trace = m.press(Square::A).unwrap().unwrap();
    assert!(trace.claim().is_some());
    assert!(!m.panel().x.is_empty() && !m.panel().o.is_empty());
    m.reset().unwrap();
    let p = m.panel();
    assert!(p.x.is_empty() && p.o.is_empty(), "lamps after RESET: {p:?}");
    assert!(m.x_relay(), "X comes up again with the switch held");
}
