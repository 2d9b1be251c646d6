//! The Computox relay by relay in words: a move's [`CircuitTrace`] (U1's steps, the
//! relays in order, the operations and the time), the `model: circuit` session at a
//! line terminal (`ludomat play computox --relays`), and the agreement and hazard report
//! of [`crate::circuit::verify`] (`ludomat computox verify`).

use std::fmt::Write as _;

use ludomat_game::console::Reply;
use ludomat_game::terminal::{with_quit_key, QUIT_KEY};
use ludomat_game::{Session, SessionError};
use ludomat_tictactoe::Notation;

use crate::circuit::{Agreement, Mode, RunTime, Timing};
use crate::session::{CircuitTrace, ComputoxHappening, ComputoxView, Outcome};
use crate::{ComputoxAction, ComputoxSession, Square};

/// What the circuit did on one move, relay by relay.
#[must_use]
pub fn trace(t: &CircuitTrace, timing: Timing) -> String {
    let mut s = String::new();
    if let Some(c) = &t.contact {
        let _ = writeln!(
            s,
            "    U1 stepped {}: out to {c}, where the claim closed, then on round to home.",
            ludomat_io::text::count(t.steps as u64, "time", "times")
        );
    } else if t.steps > 0 {
        let _ = writeln!(
            s,
            "    U1 stepped {}.",
            ludomat_io::text::count(t.steps as u64, "time", "times")
        );
    }
    let _ = writeln!(s, "    relays in order: {}", t.relays.join(" "));
    let _ = writeln!(
        s,
        "    {} pulled in (the interrupter DM buzzed {}); {} ticks{}.",
        ludomat_io::text::count(u64::from(t.operations), "relay", "relays"),
        ludomat_io::text::count(u64::from(t.buzzes), "time", "times"),
        ludomat_io::text::thousands(t.ticks),
        if timing == Timing::IDEAL {
            String::new()
        } else {
            format!(
                ", about {} on the real machine",
                ludomat_io::text::duration(std::time::Duration::from_secs_f64(
                    (timing.ms(t.ticks) / 1000.0).max(0.0)
                ))
            )
        }
    );
    s
}

/// The happenings of one action of the circuit model, then the lamp panel and how the
/// game ended.
#[must_use]
pub fn describe(happenings: &[ComputoxHappening], v: &ComputoxView, timing: Timing) -> String {
    let mut s = String::new();
    let mut first = false;
    for h in happenings {
        match h {
            ComputoxHappening::Reset {
                counter, x_relay, ..
            } => {
                let _ = writeln!(
                    s,
                    "\nRESET: game counter {}; X relay {}.",
                    counter.as_deref().unwrap_or_default(),
                    if *x_relay {
                        "operated (beatable)"
                    } else {
                        "released"
                    }
                );
            }
            ComputoxHappening::OsLatched => first = true,
            ComputoxHappening::Pressed { square, .. } => {
                let _ = writeln!(
                    s,
                    "You press {square}: {square}XA latches, X lamp {square} lights."
                );
            }
            ComputoxHappening::Circuit(t) => {
                let claim = t.claim.map_or("nothing".into(), |c| c.to_string());
                if first {
                    let _ = writeln!(
                        s,
                        "You press MACHINE FIRST (OS-INP): OS latches. The Computox lights O on {claim}."
                    );
                } else if t.claim.is_some() {
                    let _ = writeln!(s, "The Computox lights O on {claim}.");
                } else if t.claims.len() > 1 {
                    let claims: String = t.claims.iter().collect();
                    let _ = writeln!(s, "HAZARD: the circuit lit O on {claims} at once.");
                }
                s.push_str(&trace(t, timing));
            }
            _ => {}
        }
    }
    s.push_str(&super::panel(v));
    for h in happenings {
        if let ComputoxHappening::GameOver { outcome, line, .. } = h {
            let l = line.as_deref().unwrap_or_default();
            s.push_str(&match outcome {
                Outcome::Won => format!(
                    "W lamp lit: the Computox has the line {l}. It wins.\n*** the bell rings ***\n"
                ),
                Outcome::Lost => format!(
                    "L lamp lit: you have the line {l}. You beat the Computox!\n*** the bell rings ***\n"
                ),
                Outcome::Drawn => "Every square is lit and nobody has a line: a draw.\n".into(),
            });
        }
    }
    s
}

/// The circuit switched on and RESET (and MACHINE FIRST pressed, with the OS switch).
pub(super) fn opening(s: &ComputoxSession, timing: Timing) -> String {
    let v = s.view();
    let mut happenings = vec![ComputoxHappening::Reset {
        counter: v.counter.clone(),
        sal: None,
        sal_tap: None,
        mode_switch_set: false,
        x_relay: v.x_relay,
        shutters_rolled_back: false,
    }];
    if let (true, Some(t)) = (v.os_switch, v.trace.clone()) {
        happenings.extend([ComputoxHappening::OsLatched, ComputoxHappening::Circuit(t)]);
    }
    format!(
        "THE COMPUTOX, RELAY BY RELAY — the simulated circuit plays ({timing} timing, \
         seed {}).\nPress a square letter (A B C / D E F / G H J, no I); R = RESET {QUIT_KEY}.\n{}",
        v.seed,
        describe(&happenings, &v, timing)
    )
}

/// One typed line to the circuit: a square letter, R (RESET) or Q; `None` at Q.
pub(super) fn answer(
    s: &mut ComputoxSession,
    line: &str,
    timing: Timing,
) -> Result<Option<Reply>, SessionError> {
    let t = line.trim().to_ascii_uppercase();
    let action = match t.as_str() {
        "Q" | "QUIT" | "EXIT" | "N" | "NO" => return Ok(None),
        "R" | "RESET" | "Y" | "YES" => ComputoxAction::Reset,
        "" => {
            return Ok(Some(Reply::Go(format!(
                "  {}\n",
                with_quit_key("nothing was typed; press a square letter A–J (no I)")
            ))))
        }
        _ => match Notation::Computox.parse(line.trim()) {
            Ok(c) => ComputoxAction::Press {
                square: Square::from_cell(c).letter(),
                controller: None,
            },
            Err(e) => {
                return Ok(Some(Reply::Go(format!(
                    "  {}\n",
                    with_quit_key(&e.to_string())
                ))))
            }
        },
    };
    Ok(Some(Reply::Go(match s.apply(action) {
        Ok(h) => describe(&h, &s.view(), timing),
        Err(SessionError::Refused(r)) => {
            format!("  {}\n", with_quit_key(&format!("{r}. Nothing changed.")))
        }
        Err(e) => return Err(e),
    })))
}

/// The agreement of the circuit with the behavioural model and the relay hazard report
/// (`cancelled`: what was checked before the check was stopped).
#[must_use]
pub fn agreement(r: &Agreement, timing: Timing, cancelled: bool) -> String {
    let mut s = format!(
        "Agreement: the relay circuit ({timing} timing) against the behavioural model, every \
         position the machine replies to:\n"
    );
    for (mode, n) in Mode::ALL.iter().zip(r.per_mode) {
        let _ = writeln!(s, "  {:<30} {n:>5} positions", mode.to_string());
    }
    if r.disagreements.is_empty() {
        let _ = writeln!(
            s,
            "  all {} {}agree: the circuit claims exactly the square the model plays.",
            r.positions,
            if cancelled { "checked so far " } else { "" }
        );
    } else {
        let _ = writeln!(s, "  {} DISAGREE:", r.disagreements.len());
        for d in r.disagreements.iter().take(20) {
            let _ = writeln!(s, "    {d}");
        }
        if r.disagreements.len() > 20 {
            let _ = writeln!(s, "    … and {} more", r.disagreements.len() - 20);
        }
    }
    s.push_str("\nHazard report (two *OA relays in one move; a lamp in an unknown state):\n");
    if r.hazards.is_empty() {
        s.push_str(if cancelled {
            "  none in the positions checked so far.\n"
        } else {
            "  none: no move claims two squares and no lamp is ever unknown.\n"
        });
    }
    for h in r.hazards.iter().take(20) {
        let _ = writeln!(s, "  {h}");
    }
    if r.hazards.len() > 20 {
        let _ = writeln!(s, "  … and {} more", r.hazards.len() - 20);
    }
    let _ = writeln!(
        s,
        "  At power-on, before RESET, {} {} unknown (a latch may be either way); RESET \
         makes every one known.",
        ludomat_io::text::count(u64::from(r.power_on_unknown_lamps), "lamp", "lamps"),
        ludomat_io::text::plural(u64::from(r.power_on_unknown_lamps), "is", "are")
    );
    s
}

/// The check's work: relay events and uniselector steps in simulated ticks (the same
/// for the same netlist, so it stands with the result).
#[must_use]
pub fn work(r: &Agreement) -> String {
    format!(
        "\n{} relay events and uniselector steps in {} simulated ticks.\n",
        ludomat_io::text::thousands(r.events),
        ludomat_io::text::thousands(r.ticks),
    )
}

/// The check's speed, a timing (for standard error): wall-clock and CPU time of a run
/// (`runs`: the fastest of that many, when more than one) and the events per second.
#[must_use]
pub fn speed(r: &Agreement, time: RunTime, runs: Option<u32>) -> String {
    format!(
        "{}{}: {}",
        ludomat_io::text::wall_and_cpu_one_thread(time.wall, time.cpu),
        runs.map(|n| format!(" (the fastest of {n} runs)"))
            .unwrap_or_default(),
        ludomat_io::text::rate(r.events as f64, time.wall, "events")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::{verify, Netlist, COMPUTOX_NET};
    use crate::session::{Model, RelayTiming};
    use crate::text::ComputoxConsole;
    use crate::ComputoxConfig;
    use ludomat_game::console::transcript;
    use ludomat_game::run::RunContext;

    #[test]
    fn relays_play_the_seeds_game() {
        let config = ComputoxConfig {
            model: Model::Circuit,
            timing: RelayTiming::Real,
            machine_first: true,
            ..ComputoxConfig::default()
        };
        let mut c = ComputoxConsole::new(config, false).unwrap();
        let out = transcript(&mut c, "F\nB\nB\nD\n").unwrap();
        assert!(
            out.contains("OS latches. The Computox lights O on A."),
            "{out}"
        );
        assert!(out.contains("The Computox lights O on E."), "{out}");
        assert!(
            out.contains("out to U1-N17, where the claim closed"),
            "{out}"
        );
        assert!(out.contains("+BXA +BXB"), "{out}");
        assert!(out.contains("+EOA"), "{out}");
        assert!(out.contains("on the real machine"), "{out}");
        assert!(
            out.contains("square B already holds X: BXA is latched"),
            "{out}"
        );
        assert!(out.contains("W lamp lit"), "{out}");
        assert!(out.contains("Input ended."), "{out}");
    }

    #[test]
    fn verify_prints_agreement_and_empty_hazard_report() {
        let n = Netlist::parse(COMPUTOX_NET).unwrap();
        let (report, _) =
            verify(&n, Timing::IDEAL, &mut RunContext::new("positions", None)).unwrap();
        let out = agreement(&report, Timing::IDEAL, false);
        assert!(out.contains("agree: the circuit claims exactly"), "{out}");
        assert!(out.contains("none: no move claims two squares"), "{out}");
    }
}
