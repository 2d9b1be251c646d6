//! The logic bench in words, as the terminal prints it: the RS NOR latch walk-through
//! ([`latch`]), the two squares of a relay input latch ([`squares`]), the atalanta check
//! ([`check_rows`], [`check_total`]) and the speed report beside Icarus Verilog and
//! Verilator ([`speed`], and its chart, [`speed_chart`]). Plain text from the library's
//! results, so every renderer can say the same.

use std::fmt::Write as _;

use ludomat_chart::{LogBar, LogBarChart};

use crate::check::CheckReport;
use crate::latch::{describe, LatchStep, RsLatch};
use crate::relay::noughts::{SquaresStep, TwoSquares};
use crate::speed::{SpeedConfig, SpeedReport, ICARUS, VERILATOR};
use crate::Ternary;

/// A value as every logic command writes it: `1` true, `0` false, `x` unknown (the
/// source article's balanced ternary writes them +1, -1 and 0).
fn balanced(v: Ternary) -> String {
    v.to_string()
}

/// The latch walk-through ([`crate::latch::walk`]): each step is its label, then the
/// nodes' values under the one header line, so the table stays narrow (46 columns)
/// whatever the labels say; with `trace` every propagation event in order.
#[must_use]
pub fn latch(latch: &RsLatch, steps: &[LatchStep], trace: bool) -> String {
    let names: String = latch
        .nodes()
        .iter()
        .map(|&id| format!("{:>6}", latch.netlist.name_of(id)))
        .collect();
    let mut s = format!(
        "RS NOR latch, after the ternary logic graphs article: 1 true, 0 false, x \
         unknown\n{:<8}{names}\n",
        "step"
    );
    for (k, step) in steps.iter().enumerate() {
        let values: String = step
            .values
            .iter()
            .map(|&v| format!("{:>6}", balanced(v)))
            .collect();
        let _ = writeln!(s, "{k}. {}\n{:<8}{values}", step.label, "");
        if trace {
            for e in &step.trace {
                let _ = writeln!(s, "      {}", describe(&latch.netlist, e));
            }
        }
    }
    s
}

/// The two squares' demonstration ([`TwoSquares::demo`]): a line per step with the
/// four lamps as logic values (`1` lit, `0` dark, `x` unknown, as every logic command
/// writes them) and the turn relay, then the circuit.
#[must_use]
pub fn squares(b: &TwoSquares, steps: &[SquaresStep]) -> String {
    let mut s = format!(
        "two squares of a relay input latch (lamps: 1 lit, 0 dark, x unknown)\n\
         {:<34} square 0  square 1\n{:<34} X0  O0    X1  O1    turn relay T\n",
        "", ""
    );
    for step in steps {
        let l = step.lamps;
        let turn = match step.turn {
            Ternary::True => "O to play",
            Ternary::False => "X to play",
            Ternary::Unknown => "turn unknown",
        };
        let _ = writeln!(
            s,
            "{:<34} {}   {}     {}   {}     {turn}",
            step.label,
            l[0].to_char(),
            l[1].to_char(),
            l[2].to_char(),
            l[3].to_char(),
        );
    }
    let _ = writeln!(s, "\n{}", b.circuit);
    s
}

/// The atalanta check file by file: the file's mismatches (for standard error) and its
/// line (responses, matches, mismatches, or why it could not be checked).
#[must_use]
pub fn check_rows(r: &CheckReport) -> Vec<(Vec<String>, String)> {
    r.files
        .iter()
        .map(|f| {
            let mismatches = (r.mismatches.iter())
                .filter(|m| m.circuit == f.circuit)
                .map(ToString::to_string)
                .collect();
            let name = &f.circuit;
            let line = match &f.error {
                None => format!(
                    "{name:<8} {}",
                    check_counts(f.responses, f.responses - f.mismatched, f.mismatched)
                ),
                // within the width, continued under the error's first word
                Some(e) => {
                    let words: Vec<String> = format!("error: {e}")
                        .split_whitespace()
                        .map(str::to_string)
                        .collect();
                    let head = format!("{name:<8} ");
                    let indent = head.chars().count() + "error: ".len();
                    ludomat_io::layout::pack(&head, &words, indent, " ", 80)
                }
            };
            (mismatches, line)
        })
        .collect()
}

/// The atalanta check's total line.
#[must_use]
pub fn check_total(r: &CheckReport) -> String {
    let (total, bad) = (r.responses(), r.mismatched());
    format!("total    {}", check_counts(total, total - bad, bad))
}

/// A check line's counts in aligned columns, each noun with its number's plural
/// (`1 response`, `0 mismatches`).
fn check_counts(responses: usize, matching: usize, mismatched: usize) -> String {
    let column = |n: usize, one: &str, many: &str, width: usize| {
        let noun = ludomat_io::text::plural(n as u64, one, many);
        format!(
            "{:>width$} {noun:<w$}",
            ludomat_io::text::thousands(n as u64),
            w = many.len()
        )
    };
    format!(
        "{}  {}  {}",
        column(responses, "response", "responses", 5),
        column(matching, "match", "matches", 5),
        column(mismatched, "mismatch", "mismatches", 3)
    )
    .trim_end()
    .to_string()
}

/// The speed report ([`crate::speed::measure`]): every rate, the simulators skipped, and
/// per circuit the ratios to the targets (a run stopped by Ctrl-C: the caller says so).
#[must_use]
pub fn speed(config: &SpeedConfig, r: &SpeedReport) -> String {
    let mut s = format!(
        "vectors/second, {} (seed {}), best of 3 for ludomat engines\n",
        ludomat_io::text::count(config.vectors as u64, "random vector", "random vectors"),
        config.seed
    );
    for x in &r.rates {
        let _ = writeln!(
            s,
            "{:<7} {:<22} {:>13} vectors/s  {}, {}",
            x.circuit,
            x.simulator,
            ludomat_io::text::number(x.vectors_per_second),
            ludomat_io::text::duration(std::time::Duration::from_secs_f64(x.seconds.max(0.0))),
            ludomat_io::text::count(x.vectors as u64, "vector", "vectors")
        );
    }
    for note in &r.skipped {
        let _ = writeln!(s, "{note}");
    }
    for name in &config.circuits {
        let get = |label: &str| r.rate(name, label);
        if let (Some(ev), Some(ic)) = (get("ludomat event"), get(ICARUS)) {
            let _ = writeln!(
                s,
                "{name}: event-driven / Icarus = {:.1}× (target ≥ 10×)",
                ev / ic
            );
        }
        if let (Some(bp), Some(vl)) = (get("ludomat bit-parallel"), get(VERILATOR)) {
            let _ = writeln!(
                s,
                "{name}: bit-parallel / Verilator = {:.2}× (target ≥ 0.5×)",
                bp / vl
            );
        }
    }
    s
}

/// A simulator's short name on the rate chart's axis (`ev`, `fifo`, `lvl`, `bp`,
/// `icarus`, `vrltr`).
fn short_name(simulator: &str) -> &'static str {
    match simulator {
        "ludomat event" => "ev",
        "ludomat event-fifo" => "fifo",
        "ludomat levelized" => "lvl",
        "ludomat bit-parallel" => "bp",
        ICARUS => "icarus",
        VERILATOR => "vrltr",
        _ => "?",
    }
}

/// The rates as a bar chart: four orders of magnitude apart, so on a logarithmic axis,
/// each decade labelled; the peers (Icarus, Verilator) marked. `caption` names the
/// command that made it.
#[must_use]
pub fn speed_chart(config: &SpeedConfig, r: &SpeedReport, caption: String) -> LogBarChart {
    LogBarChart {
        title: format!(
            "Simulation rate, {}",
            ludomat_io::text::count(config.vectors as u64, "random vector", "random vectors")
        ),
        x_label:
            "circuit and simulator (ev event, fifo event-fifo, lvl levelized, bp bit-parallel)"
                .into(),
        y_label: "vectors per second (log scale)".into(),
        bars: r
            .rates
            .iter()
            .map(|x| LogBar {
                label: format!(
                    "{} {}",
                    x.circuit.trim_start_matches('c'),
                    short_name(&x.simulator)
                ),
                value: x.vectors_per_second.max(1e-9),
                peer: !x.simulator.starts_with("ludomat"),
            })
            .collect(),
        caption,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::relay::Delays;

    /// A file that could not be checked (a FIFO named `c17.bench`) is said within 80
    /// columns (its row was 94 wide), continued under the error's words.
    #[test]
    fn a_check_error_row_fits_80_columns() {
        let r = crate::check::CheckReport {
            files: vec![crate::check::FileCheck {
                circuit: "c17".into(),
                responses: 0,
                mismatched: 0,
                error: Some(
                    "cannot read d/c17.bench: is a FIFO, not a regular file: only regular files \
                     are read"
                        .into(),
                ),
            }],
            mismatches: Vec::new(),
        };
        let rows = check_rows(&r);
        let lines: Vec<&str> = rows[0].1.lines().collect();
        assert!(lines.len() > 1, "{lines:?}");
        assert!(lines.iter().all(|l| l.chars().count() <= 80), "{lines:?}");
        assert!(
            lines[0].starts_with("c17      error: cannot read"),
            "{lines:?}"
        );
        assert!(lines[1].starts_with(&" ".repeat(16)), "{lines:?}");
    }

    /// A check's counts with their plurals, the columns aligned (it said `0 mismatch`).
    #[test]
    fn check_counts_say_their_plurals_in_columns() {
        assert_eq!(
            check_counts(12, 12, 0),
            "   12 responses     12 matches    0 mismatches"
        );
        assert_eq!(
            check_counts(1, 0, 1),
            "    1 response       0 matches    1 mismatch"
        );
    }

    #[test]
    fn latch_and_squares_read_as_tables() {
        let (l, steps) = crate::latch::walk().unwrap();
        let t = latch(&l, &steps, false);
        assert!(t.starts_with("RS NOR latch, after the ternary"), "{t}");
        assert!(t.lines().all(|l| l.chars().count() <= 80), "{t}");
        assert!(latch(&l, &steps, true).len() > t.len());
        let (b, steps) = TwoSquares::demo(Delays::new(0, 0)).unwrap();
        let t = squares(&b, &steps);
        // the lamps in the logic values every logic command writes: 1, 0, x
        assert!(
            t.contains("power on                           x   x     x   x"),
            "{t}"
        );
        assert!(
            t.contains("X presses square 0                 1   0     0   0"),
            "{t}"
        );
        assert!(!t.contains('?'), "{t}");
    }
}
