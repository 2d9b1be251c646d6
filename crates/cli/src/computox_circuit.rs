//! The Computox relay by relay at the terminal: `ludomat play computox --relays`,
//! `ludomat computox netlist`, `ludomat computox verify`. The circuit lives in
//! `ludomat_computox::circuit`; this module only loads the netlist, reads lines and prints.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand};
use ludomat_computox::circuit::{verify_timed, Netlist, Timing, VerifyProgress, COMPUTOX_NET};
use ludomat_computox::session::{Model, RelayTiming, MAX_NETLIST_BYTES};
use ludomat_computox::text::{circuit::agreement, ComputoxConsole};
use ludomat_computox::ComputoxConfig;
use ludomat_game::console::converse;
use ludomat_game::run::{Ended, Progress};
use ludomat_game::LineInput;

use crate::progress;

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
    if len > MAX_NETLIST_BYTES as u64 {
        bail!(
            "{} is {len} bytes; a netlist may have at most {MAX_NETLIST_BYTES}",
            path.display()
        );
    }
    crate::files::read_string(path, MAX_NETLIST_BYTES as u64)
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
    write!(out, "{}", agreement(&report, a.timing, cancelled))?;
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

/// `ludomat play computox --relays`: the circuit plays, a [`ComputoxConsole`] of model
/// circuit; here are only the netlist file and the terminal's lines.
pub fn play(
    args: &crate::computox::PlayArgs,
    input: &mut LineInput,
    out: &mut dyn Write,
) -> Result<()> {
    if args.autox || args.two_player {
        bail!("--relays simulates the Computox's one-player circuit: not with --autox or --two-player");
    }
    let text = netlist_text(args.netlist.as_deref())?;
    // Parsed here too, so that an error names the file.
    parse(&text, args.netlist.as_deref())?;
    let config = ComputoxConfig {
        model: Model::Circuit,
        timing: match args.timing {
            Some(t) if t == Timing::IDEAL => RelayTiming::Ideal,
            _ => RelayTiming::Real,
        },
        netlist: args.netlist.is_some().then_some(text),
        seed: args.seed,
        machine_first: args.machine_first,
        beatable: args.beatable,
        mode_switches: [args.mode_switches; 4],
        ..ComputoxConfig::default()
    };
    let mut console = ComputoxConsole::new(config, false).map_err(|e| anyhow!("{e}"))?;
    Ok(converse(&mut console, input, out)?)
}

#[cfg(test)]
mod tests {
    use super::*;

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
