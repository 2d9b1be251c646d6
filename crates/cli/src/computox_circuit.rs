//! The Computox relay by relay at the terminal: `ludomat play computox --relays`,
//! `ludomat computox netlist`, `ludomat computox verify`. The circuit lives in
//! `ludomat_computox::circuit`; this module only loads the netlist, reads lines and prints.

use ludomat_io::text::Shown as _;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, ensure, Context, Result};
use clap::{Args, Subcommand};
use ludomat_computox::circuit::{verify_timed, Netlist, Timing, VerifyProgress, COMPUTOX_NET};
use ludomat_computox::session::MAX_NETLIST_BYTES;
use ludomat_computox::text::circuit::{agreement, speed, work};
use ludomat_game::run::{Ended, Progress};

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

/// A netlist file's text (at most 1 MiB), parsed here so that an error names the file.
pub fn netlist_file(path: &Path) -> Result<String> {
    let len = std::fs::metadata(path)
        .with_context(|| format!("cannot read {}", path.shown()))?
        .len();
    if len > MAX_NETLIST_BYTES as u64 {
        bail!(
            "{} is {len} bytes; a netlist may have at most {MAX_NETLIST_BYTES}",
            path.shown()
        );
    }
    let text = crate::files::read_string(path, MAX_NETLIST_BYTES as u64)?;
    let empty = ludomat_io::text::empty(&path.shown());
    ensure!(!text.trim().is_empty(), empty);
    ludomat_computox::circuit::check_netlist_file(&path.shown().to_string(), &text)?;
    Ok(text)
}

/// The netlist's text, the built-in one or a file's, and the netlist.
fn load(path: Option<&Path>) -> Result<(String, Netlist)> {
    let text = match path {
        Some(p) => netlist_file(p)?,
        None => COMPUTOX_NET.to_string(),
    };
    let n = Netlist::parse(&text).context("in the built-in netlist")?;
    Ok((text, n))
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
    let (text, n) = load(a.netlist.as_deref())?;
    let _page = crate::page::Pager::start(); // some 360 lines: paged on a terminal
    if a.by_relay {
        write!(out, "{}", n.by_relay())?;
    } else {
        write!(out, "{text}")?;
    }
    Ok(())
}

fn verify(a: &VerifyArgs, out: &mut dyn Write) -> Result<()> {
    let (_, n) = load(a.netlist.as_deref())?;
    let runs: u64 = if a.bench { 5 } else { 1 };
    let bar = progress::Bar::new("positions", None, false);
    // With --bench the check runs 5 times (the best time counts), each reporting its own
    // positions: the bar counts every run's, so it never stands full while runs are left.
    let (runs_done, total) = (std::cell::Cell::new(0u64), std::cell::Cell::new(None));
    let mut watch = |p: &Progress<VerifyProgress>| {
        let before = runs_done.get();
        total.set(p.total);
        let all = Progress {
            done: before * p.total.unwrap_or(0) + p.done,
            total: p.total.map(|t| t * runs),
            last: p.last && before + 1 >= runs,
            partial: p.partial.clone(),
            ..*p
        };
        if p.last {
            runs_done.set(before + 1);
        }
        bar.update(&all, None);
    };
    let (mut ctx, _ctrl_c) = progress::context("positions", None, &mut watch);
    let (report, best, ended) = verify_timed(&n, a.timing, runs as u32, &mut ctx)?;
    drop(ctx);
    bar.finish();
    let cancelled = ended == Ended::Cancelled;
    write!(out, "{}", agreement(&report, a.timing, cancelled))?;
    write!(out, "{}", work(&report))?;
    out.flush()?;
    // the timing to standard error (of whole runs only: a stopped one times nothing)
    if !cancelled {
        errln!("{}", speed(&report, best, a.bench.then_some(5)));
    } else {
        return Err(ludomat_io::interrupt::Stopped::after(
            report.positions as u64,
            total.get(),
            ("position", "positions"),
            "the check is not complete",
        )
        .into());
    }
    if !report.clean() {
        bail!(
            "the circuit disagrees with the model in {} and has {}",
            ludomat_io::text::count(report.disagreements.len() as u64, "position", "positions"),
            ludomat_io::text::count(report.hazards.len() as u64, "hazard", "hazards")
        );
    }
    Ok(())
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
        ludomat_io::write::atomically(&p, "supply +\nrelay R c\nmake R T1 + \n").unwrap();
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
