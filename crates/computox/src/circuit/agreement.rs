//! The agreement check and the hazard report: every position the machine can face, in
//! every mode, played on the circuit and compared with the behavioural model.
//!
//! For each mode (human or machine first; unbeatable, or beatable with the secret switch
//! held) the check starts from a machine switched on and RESET, presses every free square
//! in every reachable position (each distinct position once), lets the circuit come to
//! rest, and compares the `*OA` relays that operated with the square
//! [`crate::sweep`] claims on the behavioural contact plan: exactly that one square, or
//! none when the human's move ended the game. Along the way it reports the relay-level
//! hazards of spec `computox.md`: a move in which two `*OA` relays operate (two checks
//! closing at once, by a shared contact or a sneak path), and a lamp left in an unknown
//! state. An empty report is a result.

use std::collections::HashSet;
use std::fmt;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use ludomat_game::run::{Ended, RunContext};
use serde::Serialize;

use super::netlist::Netlist;
use super::simulation::{CircuitError, RelayComputox};
use super::timing::Timing;
use crate::plan::ContactPlan;
use crate::uniselector::sweep;
use crate::{Square, Squares};

/// A mode of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mode {
    /// OS: the machine starts.
    pub machine_first: bool,
    /// The secret switch held: the X relay up.
    pub beatable: bool,
}

impl Mode {
    /// The four modes.
    pub const ALL: [Mode; 4] = [
        Mode {
            machine_first: false,
            beatable: false,
        },
        Mode {
            machine_first: true,
            beatable: false,
        },
        Mode {
            machine_first: false,
            beatable: true,
        },
        Mode {
            machine_first: true,
            beatable: true,
        },
    ];
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}",
            if self.machine_first {
                "machine first"
            } else {
                "human first"
            },
            if self.beatable {
                "beatable"
            } else {
                "unbeatable"
            }
        )
    }
}

/// A position where the circuit and the behavioural model differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// The mode.
    pub mode: Mode,
    /// The machine's squares before the move.
    pub o: Squares,
    /// The human's squares after their move.
    pub x: Squares,
    /// What the behavioural model claims (none: the game is over or it has no move).
    pub expected: Option<Square>,
    /// What operated on the circuit.
    pub got: Squares,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: O:{} X:{}: the model plays {}, the circuit operated {}",
            self.mode,
            self.o,
            self.x,
            self.expected.map_or("nothing".into(), |s| s.to_string()),
            if self.got.is_empty() {
                "no *OA".to_string()
            } else {
                self.got
                    .iter()
                    .map(|q| format!("{q}OA"))
                    .collect::<Vec<_>>()
                    .join(" and ")
            }
        )
    }
}

/// A relay-level hazard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hazard {
    /// Two or more `*OA` relays operated in one move.
    DoubleClaim {
        /// The mode.
        mode: Mode,
        /// Position before the machine's reply.
        o: Squares,
        /// The human's squares.
        x: Squares,
        /// The squares claimed.
        claims: Squares,
    },
    /// Lamps in an unknown state after a move.
    UnknownLamp {
        /// The mode.
        mode: Mode,
        /// The machine's squares.
        o: Squares,
        /// The human's squares.
        x: Squares,
        /// How many lamps.
        lamps: u32,
    },
}

impl fmt::Display for Hazard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hazard::DoubleClaim { mode, o, x, claims } => write!(
                f,
                "{mode}: O:{o} X:{x}: two claims at once, {claims} (two noughts in one move)"
            ),
            Hazard::UnknownLamp { mode, o, x, lamps } => {
                let lamps = ludomat_io::text::count(u64::from(*lamps), "lamp", "lamps");
                write!(f, "{mode}: O:{o} X:{x}: {lamps} unknown")
            }
        }
    }
}

/// What the check found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Agreement {
    /// Distinct positions (mode, machine's squares, human's squares) replied to.
    pub positions: usize,
    /// Per mode in [`Mode::ALL`] order.
    pub per_mode: [usize; 4],
    /// Where the circuit and the model differ.
    pub disagreements: Vec<Disagreement>,
    /// Relay-level hazards.
    pub hazards: Vec<Hazard>,
    /// Lamps unknown at power-on, before the first RESET (RESET makes them known).
    pub power_on_unknown_lamps: u32,
    /// Relay and uniselector events simulated.
    pub events: u64,
    /// Simulated ticks.
    pub ticks: u64,
}

impl Agreement {
    /// Whether every position agreed and no hazard was found.
    #[must_use]
    pub fn clean(&self) -> bool {
        self.disagreements.is_empty() && self.hazards.is_empty()
    }
}

/// What the check has found so far: the partial result a watcher is shown as the check
/// goes (`ludomat computox verify`'s progress bar, the museum's verification page), and
/// what a cancelled check returns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VerifyProgress {
    /// The modes in [`Mode::ALL`] order, in words ("human first, unbeatable" …).
    pub modes: [String; 4],
    /// Positions checked so far, per mode.
    pub checked: [usize; 4],
    /// The positions each mode has: those the behavioural model can face (277, 70, 273
    /// and 70 for the Computox — 690 in all). A circuit that disagrees somewhere may
    /// reach fewer, as the walk does not go on past a disagreement.
    pub expected: [usize; 4],
    /// Where the circuit and the model differ so far, in words.
    pub disagreements: Vec<String>,
    /// The hazard report so far, in words.
    pub hazards: Vec<String>,
    /// Lamps unknown at power-on, before the first RESET.
    pub power_on_unknown_lamps: u32,
    /// Relay and uniselector events simulated so far.
    pub events: u64,
    /// Simulated ticks so far.
    pub ticks: u64,
}

impl VerifyProgress {
    /// Positions checked in all modes.
    #[must_use]
    pub fn done(&self) -> usize {
        self.checked.iter().sum()
    }

    /// The report of agreement `a` against `expected` positions per mode.
    #[must_use]
    pub fn of(a: &Agreement, expected: [usize; 4]) -> VerifyProgress {
        VerifyProgress {
            modes: Mode::ALL.map(|m| m.to_string()),
            checked: a.per_mode,
            expected,
            disagreements: a.disagreements.iter().map(ToString::to_string).collect(),
            hazards: a.hazards.iter().map(ToString::to_string).collect(),
            power_on_unknown_lamps: a.power_on_unknown_lamps,
            events: a.events,
            ticks: a.ticks,
        }
    }
}

/// The positions the behavioural machine faces in `mode` on `plan`: the check's total.
#[must_use]
pub fn expected_positions(plan: &ContactPlan, mode: Mode) -> usize {
    fn walk(
        plan: &ContactPlan,
        mode: Mode,
        o: Squares,
        x: Squares,
        seen: &mut HashSet<(Squares, Squares)>,
    ) {
        if x.has_line() || o.has_line() || o.union(x) == Squares::ALL {
            return;
        }
        for q in o.union(x).complement().iter() {
            let x = x.with(q);
            if !seen.insert((o, x)) || x.has_line() || o.union(x) == Squares::ALL {
                continue;
            }
            if let Some(s) = sweep(plan, o, x, mode.machine_first, mode.beatable) {
                walk(plan, mode, o.with(s.claim), x, seen);
            }
        }
    }
    let mut seen = HashSet::new();
    let mut o = Squares::NONE;
    if mode.machine_first {
        seen.insert((Squares::NONE, Squares::NONE));
        match sweep(plan, o, Squares::NONE, true, mode.beatable) {
            Some(s) => o = o.with(s.claim),
            None => return seen.len(),
        }
    }
    walk(plan, mode, o, Squares::NONE, &mut seen);
    seen.len()
}

struct Walk<'a, 'c> {
    plan: &'a ContactPlan,
    mode: Mode,
    index: usize,
    seen: HashSet<(Squares, Squares)>,
    out: &'a mut Agreement,
    ctx: &'a mut RunContext<'c, VerifyProgress>,
    expected: [usize; 4],
}

impl Walk<'_, '_> {
    fn expect(&self, o: Squares, x: Squares) -> Option<Square> {
        if x.has_line() || o.union(x) == Squares::ALL {
            return None;
        }
        sweep(self.plan, o, x, self.mode.machine_first, self.mode.beatable).map(|s| s.claim)
    }

    /// One more position checked: count it and report; `Break` when the run is to stop.
    fn counted(&mut self) -> ControlFlow<()> {
        self.out.per_mode[self.index] = self.seen.len();
        let (out, expected) = (&*self.out, self.expected);
        self.ctx
            .tick(out.per_mode.iter().sum::<usize>() as u64, || {
                VerifyProgress::of(out, expected)
            })
    }

    fn judge(&mut self, m: &RelayComputox, o: Squares, x: Squares, got: Squares) -> bool {
        let expected = self.expect(o, x);
        let ok = got == expected.map_or(Squares::NONE, Squares::one);
        if !ok {
            self.out.disagreements.push(Disagreement {
                mode: self.mode,
                o,
                x,
                expected,
                got,
            });
        }
        if got.len() > 1 {
            self.out.hazards.push(Hazard::DoubleClaim {
                mode: self.mode,
                o,
                x,
                claims: got,
            });
        }
        let unknown = m.panel().unknown;
        if unknown > 0 {
            self.out.hazards.push(Hazard::UnknownLamp {
                mode: self.mode,
                o,
                x,
                lamps: unknown,
            });
        }
        ok
    }

    fn dfs(&mut self, m: &RelayComputox) -> Result<ControlFlow<()>, CircuitError> {
        if m.over() {
            return Ok(ControlFlow::Continue(()));
        }
        let (o, x) = (m.o_squares(), m.x_squares());
        for q in o.union(x).complement().iter() {
            if !self.seen.insert((o, x.with(q))) {
                continue;
            }
            let mut next = m.clone();
            let got = match next.press(q)? {
                Ok(t) => t.claims,
                Err(_) => Squares::NONE,
            };
            let x_now = next.x_squares();
            self.out.ticks += next.circuit().relays.now() - m.circuit().relays.now();
            self.out.events += next.events() - m.events();
            let go_on = if x_now != x.with(q) {
                // The press itself failed: report it as the model's move not reached.
                self.out.disagreements.push(Disagreement {
                    mode: self.mode,
                    o,
                    x: x.with(q),
                    expected: self.expect(o, x.with(q)),
                    got,
                });
                false
            } else {
                self.judge(&next, o, x.with(q), got)
            };
            if self.counted().is_break() {
                return Ok(ControlFlow::Break(()));
            }
            if go_on && self.dfs(&next)?.is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }
}

/// Run the agreement check and the hazard survey on `netlist` with `timing`, against the
/// behavioural machine's contact plan, as a long run: progress after every position
/// (unit: positions, total: the positions the behavioural model faces, 690 for the
/// Computox), the partial result a [`VerifyProgress`]. Cancelled, it returns what it
/// found so far with [`Ended::Cancelled`].
///
/// # Errors
/// A netlist that is not a Computox, or a circuit that does not come to rest.
pub fn verify(
    netlist: &Netlist,
    timing: Timing,
    ctx: &mut RunContext<'_, VerifyProgress>,
) -> Result<(Agreement, Ended), CircuitError> {
    let plan = ContactPlan::COMPUTOX;
    let expected = Mode::ALL.map(|mode| expected_positions(&plan, mode));
    ctx.set_total(Some(expected.iter().sum::<usize>() as u64));
    let fresh = RelayComputox::from_netlist(netlist, timing, 0)?;
    let mut out = Agreement {
        power_on_unknown_lamps: fresh.power_on_unknown_lamps(),
        ..Agreement::default()
    };
    let mut ended = Ended::Finished;
    for (index, mode) in Mode::ALL.into_iter().enumerate() {
        let mut m = fresh.clone();
        if mode.beatable {
            m.set_secret_switch(true)?;
        }
        let mut walk = Walk {
            plan: &plan,
            mode,
            index,
            seen: HashSet::new(),
            out: &mut out,
            ctx,
            expected,
        };
        let mut go_on = true;
        if mode.machine_first {
            let got = match m.machine_first()? {
                Ok(t) => t.claims,
                Err(_) => Squares::NONE,
            };
            walk.seen.insert((Squares::NONE, Squares::NONE));
            go_on = walk.judge(&m, Squares::NONE, Squares::NONE, got);
            if walk.counted().is_break() {
                ended = Ended::Cancelled;
                break;
            }
        }
        if go_on && walk.dfs(&m)?.is_break() {
            ended = Ended::Cancelled;
            break;
        }
    }
    out.positions = out.per_mode.iter().sum();
    ctx.finish(out.positions as u64, VerifyProgress::of(&out, expected));
    Ok((out, ended))
}

/// The time one run of the check took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunTime {
    /// Wall-clock time.
    pub wall: Duration,
    /// CPU time of the whole process meanwhile.
    pub cpu: Duration,
}

/// [`verify`] run `runs` times (at least once), as `ludomat computox verify --bench`
/// does: the last report, and the time of the run with the fastest wall-clock time.
///
/// # Errors
/// As [`verify`].
pub fn verify_timed(
    netlist: &Netlist,
    timing: Timing,
    runs: u32,
    ctx: &mut RunContext<'_, VerifyProgress>,
) -> Result<(Agreement, RunTime, Ended), CircuitError> {
    let mut best = RunTime {
        wall: Duration::MAX,
        cpu: Duration::ZERO,
    };
    let mut last = Agreement::default();
    for _ in 0..runs.max(1) {
        let (start, cpu) = (Instant::now(), ludomat_game::run::cpu::thread());
        let (a, ended) = verify(netlist, timing, ctx)?;
        let this = RunTime {
            wall: start.elapsed(),
            cpu: ludomat_game::run::cpu::thread().saturating_sub(cpu),
        };
        if this.wall < best.wall {
            best = this;
        }
        if ended == Ended::Cancelled {
            return Ok((a, best, ended));
        }
        last = a;
    }
    Ok((last, best, Ended::Finished))
}

/// [`verify`] without watching or cancelling.
///
/// # Errors
/// As [`verify`].
pub fn check(netlist: &Netlist, timing: Timing) -> Result<Agreement, CircuitError> {
    verify(netlist, timing, &mut RunContext::new("positions", None)).map(|(a, _)| a)
}
