//! The Computox relay by relay at the terminal: `ludomat play computox --relays`,
//! `ludomat computox netlist`, `ludomat computox verify`. The circuit lives in
//! `ludomat_computox::circuit`; this module only loads the netlist, reads lines and prints.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand};
use ludomat_computox::circuit::{
    verify_timed, Agreement, Mode, Netlist, Timing, VerifyProgress, COMPUTOX_NET,
};
use ludomat_computox::session::{
    CircuitTrace, ComputoxHappening, ComputoxView, Model, Outcome, RelayTiming, Whose,
};
use ludomat_computox::{ComputoxAction, ComputoxConfig, ComputoxSession, Square};
use ludomat_game::run::{Ended, Progress};
use ludomat_game::{LineInput, Session, SessionError};
use ludomat_tictactoe::Notation;

use crate::progress;

/// The largest netlist file read (bytes).
pub const MAX_NETLIST_BYTES: u64 = 1 << 20;

/// `ludomat computox …`
#[derive(Debug, Args)]
pub struct ComputoxCmd {
    #[command(subcommand)]
    command: ComputoxSub,
}

#[derive(Debug, Subcommand)]
enum ComputoxSub {
    /// Print the circuit's netlist (the documented text format the machine is loaded
    /// from), or with --by-relay every relay with its coil feeds and its contacts.
    Netlist(NetlistArgs),
    /// Prove the circuit and the behavioural model agree on every reachable position in
    /// every mode, and print the relay hazard report.
    Verify(VerifyArgs),
}

#[derive(Debug, Args)]
struct NetlistArgs {
    /// Read this netlist instead of the built-in one (at most 1 MiB).
    #[arg(long, value_name = "FILE")]
    netlist: Option<PathBuf>,
    /// Relay by relay: coil feeds and contacts.
    #[arg(long)]
    by_relay: bool,
}

#[derive(Debug, Args)]
struct VerifyArgs {
    /// Read this netlist instead of the built-in one (at most 1 MiB).
    #[arg(long, value_name = "FILE")]
    netlist: Option<PathBuf>,
    /// `ideal` (logic only) or `real` (type 3000 relays, 20 steps/s uniselector).
    #[arg(long, default_value = "ideal")]
    timing: Timing,
    /// Run the check 5 times and print the fastest time and relay events per second.
    #[arg(long)]
    bench: bool,
}

/// The netlist text: the built-in one, or a file (bounded).
pub fn netlist_text(path: Option<&Path>) -> Result<String> {
    let Some(path) = path else {
        return Ok(COMPUTOX_NET.to_string());
    };
    let len = std::fs::metadata(path)
        .with_context(|| format!("cannot read {}", path.display()))?
        .len();
    if len > MAX_NETLIST_BYTES {
        bail!(
            "{} is {len} bytes; a netlist may have at most {MAX_NETLIST_BYTES}",
            path.display()
        );
    }
    crate::files::read_string(path, MAX_NETLIST_BYTES)
}

fn parse(text: &str, path: Option<&Path>) -> Result<Netlist> {
    Netlist::parse(text).with_context(|| {
        format!(
            "in {}",
            path.map_or("the built-in netlist".into(), |p| p.display().to_string())
        )
    })
}

pub fn run(cmd: ComputoxCmd) -> Result<()> {
    // the netlist is a file format (`computox netlist > my.net`): never wrapped
    let mut plain = crate::out::stdout();
    let mut out = crate::help::Wrapped::new(crate::out::stdout());
    match cmd.command {
        ComputoxSub::Netlist(a) if !a.by_relay => netlist(&a, &mut plain),
        ComputoxSub::Netlist(a) => netlist(&a, &mut out),
        ComputoxSub::Verify(a) => verify(&a, &mut out),
    }
}

fn netlist(a: &NetlistArgs, out: &mut dyn Write) -> Result<()> {
    let text = netlist_text(a.netlist.as_deref())?;
    let n = parse(&text, a.netlist.as_deref())?;
    if a.by_relay {
        write!(out, "{}", n.by_relay())?;
    } else {
        write!(out, "{text}")?;
    }
    Ok(())
}

fn verify(a: &VerifyArgs, out: &mut dyn Write) -> Result<()> {
    let text = netlist_text(a.netlist.as_deref())?;
    let n = parse(&text, a.netlist.as_deref())?;
    let bar = progress::Bar::new("positions", None, false);
    let mut watch = |p: &Progress<VerifyProgress>| bar.update(p, None);
    let (mut ctx, _ctrl_c) = progress::context("positions", None, &mut watch);
    let (report, best, ended) = verify_timed(&n, a.timing, if a.bench { 5 } else { 1 }, &mut ctx)?;
    drop(ctx);
    bar.finish();
    let best = best.as_secs_f64();
    let cancelled = ended == Ended::Cancelled;
    print_report(&report, a.timing, cancelled, out)?;
    writeln!(
        out,
        "\n{} relay events and uniselector steps in {} simulated ticks; {:.3} s{}, {:.2} M events/s.",
        report.events,
        report.ticks,
        best,
        if a.bench { " (fastest of 5)" } else { "" },
        report.events as f64 / best / 1e6
    )?;
    if cancelled {
        bail!(
            "stopped by Ctrl-C after {} positions: the check is not complete",
            report.positions
        );
    }
    if !report.clean() {
        bail!(
            "the circuit disagrees with the model in {} position(s) and has {} hazard(s)",
            report.disagreements.len(),
            report.hazards.len()
        );
    }
    Ok(())
}

fn print_report(r: &Agreement, timing: Timing, cancelled: bool, out: &mut dyn Write) -> Result<()> {
    writeln!(
        out,
        "Agreement: the relay circuit ({timing} timing) against the behavioural model, every \
         position the machine replies to:"
    )?;
    for (mode, n) in Mode::ALL.iter().zip(r.per_mode) {
        writeln!(out, "  {:<30} {n:>5} positions", mode.to_string())?;
    }
    if r.disagreements.is_empty() {
        writeln!(
            out,
            "  all {} {}agree: the circuit claims exactly the square the model plays.",
            r.positions,
            if cancelled { "checked so far " } else { "" }
        )?;
    } else {
        writeln!(out, "  {} DISAGREE:", r.disagreements.len())?;
        for d in r.disagreements.iter().take(20) {
            writeln!(out, "    {d}")?;
        }
        if r.disagreements.len() > 20 {
            writeln!(out, "    … and {} more", r.disagreements.len() - 20)?;
        }
    }
    writeln!(
        out,
        "\nHazard report (two *OA relays in one move; a lamp in an unknown state):"
    )?;
    if r.hazards.is_empty() {
        writeln!(
            out,
            "  none: no move claims two squares and no lamp is ever unknown."
        )?;
    }
    for h in r.hazards.iter().take(20) {
        writeln!(out, "  {h}")?;
    }
    if r.hazards.len() > 20 {
        writeln!(out, "  … and {} more", r.hazards.len() - 20)?;
    }
    writeln!(
        out,
        "  At power-on, before RESET, {} lamp(s) are unknown (a latch may be either way); \
         RESET makes every one known.",
        r.power_on_unknown_lamps
    )?;
    Ok(())
}

/// Options of `ludomat play computox --relays` (taken from its arguments).
#[derive(Debug, Clone, Default)]
pub struct RelayPlay {
    /// The machine starts.
    pub machine_first: bool,
    /// The secret switch held.
    pub beatable: bool,
    /// The four MODE switches set.
    pub mode_switches: bool,
    /// The netlist file, if not the built-in one.
    pub netlist: Option<PathBuf>,
    /// Timing (default real, for estimates).
    pub timing: Option<Timing>,
    /// Seed (SAL).
    pub seed: u64,
}

/// What the circuit did on one move, relay by relay.
fn describe(t: &CircuitTrace, timing: Timing, out: &mut dyn Write) -> Result<()> {
    if let Some(c) = &t.contact {
        writeln!(
            out,
            "    U1 stepped {} times: out to {c}, where the claim closed, then on round to home.",
            t.steps
        )?;
    } else if t.steps > 0 {
        writeln!(out, "    U1 stepped {} times.", t.steps)?;
    }
    writeln!(out, "    relays in order: {}", t.relays.join(" "))?;
    writeln!(
        out,
        "    {} relay operations (the interrupter DM buzzed {} times); {} ticks{}.",
        t.operations,
        t.buzzes,
        t.ticks,
        if timing == Timing::IDEAL {
            String::new()
        } else {
            format!(
                ", about {:.2} s on the real machine",
                timing.ms(t.ticks) / 1000.0
            )
        }
    )?;
    Ok(())
}

/// The happenings of one action, as the terminal tells them.
fn render(
    happenings: &[ComputoxHappening],
    v: &ComputoxView,
    timing: Timing,
    out: &mut dyn Write,
) -> Result<()> {
    let mut first = false;
    for h in happenings {
        match h {
            ComputoxHappening::Reset {
                counter, x_relay, ..
            } => writeln!(
                out,
                "\nRESET: game counter {}; X relay {}.",
                counter.as_deref().unwrap_or_default(),
                if *x_relay {
                    "operated (beatable)"
                } else {
                    "released"
                }
            )?,
            ComputoxHappening::OsLatched => first = true,
            ComputoxHappening::Pressed { square, .. } => writeln!(
                out,
                "You press {square}: {square}XA latches, X lamp {square} lights."
            )?,
            ComputoxHappening::Circuit(t) => {
                let claim = t.claim.map_or("nothing".into(), |c| c.to_string());
                if first {
                    writeln!(
                        out,
                        "You press MACHINE FIRST (OS-INP): OS latches. The Computox lights O on {claim}."
                    )?;
                } else if t.claim.is_some() {
                    writeln!(out, "The Computox lights O on {claim}.")?;
                } else if t.claims.len() > 1 {
                    let claims: String = t.claims.iter().collect();
                    writeln!(out, "HAZARD: the circuit lit O on {claims} at once.")?;
                }
                describe(t, timing, out)?;
            }
            _ => {}
        }
    }
    write!(out, "{}", crate::computox::panel(v))?;
    for h in happenings {
        if let ComputoxHappening::GameOver { outcome, line, .. } = h {
            let l = line.as_deref().unwrap_or_default();
            match outcome {
                Outcome::Won => writeln!(
                    out,
                    "W lamp lit: the Computox has the line {l}. It wins.\n*** the bell rings ***"
                )?,
                Outcome::Lost => writeln!(
                    out,
                    "L lamp lit: you have the line {l}. You beat the Computox!\n*** the bell rings ***"
                )?,
                Outcome::Drawn => {
                    writeln!(out, "Every square is lit and nobody has a line: a draw.")?
                }
            }
        }
    }
    Ok(())
}

/// `ludomat play computox --relays`: the circuit plays, a [`ComputoxSession`] of model
/// circuit; here are only the typed lines and the text.
pub fn play(opts: &RelayPlay, input: &mut LineInput, out: &mut dyn Write) -> Result<()> {
    let timing = opts.timing.unwrap_or(Timing::REAL);
    let text = netlist_text(opts.netlist.as_deref())?;
    // Parsed here too, so that an error names the file.
    parse(&text, opts.netlist.as_deref())?;
    let mut s = ComputoxSession::new(ComputoxConfig {
        model: Model::Circuit,
        timing: if timing == Timing::IDEAL {
            RelayTiming::Ideal
        } else {
            RelayTiming::Real
        },
        netlist: opts.netlist.is_some().then_some(text),
        seed: opts.seed,
        machine_first: opts.machine_first,
        beatable: opts.beatable,
        mode_switches: [opts.mode_switches; 4],
        ..ComputoxConfig::default()
    })
    .map_err(|e| anyhow!("{e}"))?;
    writeln!(
        out,
        "THE COMPUTOX, RELAY BY RELAY — the simulated circuit plays ({timing} timing, \
         seed {}).\nPress a square letter (A B C / D E F / G H J, no I); R = RESET, Q = quit.",
        opts.seed
    )?;
    // Switched on and RESET (and MACHINE FIRST pressed, with the OS switch).
    let v = s.view();
    let mut opening = vec![ComputoxHappening::Reset {
        counter: v.counter.clone(),
        sal: None,
        sal_tap: None,
        mode_switch_set: false,
        x_relay: v.x_relay,
        shutters_rolled_back: false,
    }];
    if let (true, Some(t)) = (opts.machine_first, v.trace.clone()) {
        opening.extend([ComputoxHappening::OsLatched, ComputoxHappening::Circuit(t)]);
    }
    render(&opening, &v, timing, out)?;
    loop {
        let over = s.view().turn == Whose::Over;
        write!(
            out,
            "{}",
            if over {
                "Another game? R (RESET) or Q: "
            } else {
                "Press a square: "
            }
        )?;
        out.flush()?;
        let Some(line) = input.next_line()? else {
            writeln!(out, "\nInput ended.")?;
            break;
        };
        let t = line.trim().to_ascii_uppercase();
        let action = match t.as_str() {
            "Q" | "QUIT" | "EXIT" | "N" | "NO" => break,
            "R" | "RESET" | "Y" | "YES" => ComputoxAction::Reset,
            "" => {
                writeln!(out, "  nothing was typed; press a square letter A-J (no I)")?;
                continue;
            }
            _ => match Notation::Computox.parse(&t) {
                Ok(c) => ComputoxAction::Press {
                    square: Square::from_cell(c).letter(),
                    controller: None,
                },
                Err(e) => {
                    writeln!(out, "  {e}")?;
                    continue;
                }
            },
        };
        match s.apply(action) {
            Ok(h) => render(&h, &s.view(), timing, out)?,
            Err(SessionError::Refused(r)) => writeln!(out, "  {r}. Nothing changed.")?,
            Err(e) => bail!("{e}"),
        }
    }
    let v = s.view();
    writeln!(
        out,
        "Session over: game counter {}; finished {}; {} relay events simulated.",
        v.counter.as_deref().unwrap_or_default(),
        v.tally.finished,
        v.relays.map_or(0, |r| r.events)
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(opts: &RelayPlay, script: &str) -> String {
        let mut input = LineInput::script(script);
        let mut out = Vec::new();
        play(opts, &mut input, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn relays_play_the_seeds_game() {
        let opts = RelayPlay {
            machine_first: true,
            ..RelayPlay::default()
        };
        let out = run(&opts, "F\nB\nB\nD\n");
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
        let mut out = Vec::new();
        verify(
            &VerifyArgs {
                netlist: None,
                timing: Timing::IDEAL,
                bench: false,
            },
            &mut out,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("agree: the circuit claims exactly"), "{out}");
        assert!(out.contains("none: no move claims two squares"), "{out}");
    }

    #[test]
    fn netlist_prints_and_bad_file_names_the_line() {
        let mut out = Vec::new();
        netlist(
            &NetlistArgs {
                netlist: None,
                by_relay: true,
            },
            &mut out,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("relay AOA"), "{out}");
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("bad.net");
        std::fs::write(&p, "supply +\nrelay R c\nmake R T1 + \n").unwrap();
        let e = netlist(
            &NetlistArgs {
                netlist: Some(p),
                by_relay: false,
            },
            &mut Vec::new(),
        )
        .unwrap_err();
        let msg = format!("{e:#}");
        assert!(msg.contains("netlist line 3, column"), "{msg}");
        assert!(msg.contains("too few words"), "{msg}");
    }
}
