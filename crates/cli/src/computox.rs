//! `ludomat play computox` — the Computox (and the 1956 AUTOX) at the terminal: the lamp
//! panel, the square buttons, RESET, the W/L lamps, the bell and the game counter.

use std::io::Write;

use anyhow::{anyhow, bail, Result};
use clap::Args;
use ludomat_computox::circuit::Timing;
use ludomat_computox::session::{Model, RelayTiming, Variant};
use ludomat_computox::text::{self, ComputoxConsole};
use ludomat_computox::ComputoxConfig;
use ludomat_game::console::converse;
use ludomat_game::LineInput;

/// `ludomat play computox`
#[derive(Debug, Clone, Default, Args)]
pub struct PlayArgs {
    /// The machine starts every game (the OS relay: it opens on A, not E).
    #[arg(long)]
    pub machine_first: bool,
    /// Beatable: a secret switch held, so the X relay cuts five of the six fork checks.
    #[arg(long)]
    pub beatable: bool,
    /// Set the four hidden MODE switches: SAL makes about one game in four beatable,
    /// decided at each RESET (seeded).
    #[arg(long)]
    pub mode_switches: bool,
    /// Two people play each other; the machine only referees.
    #[arg(long)]
    pub two_player: bool,
    /// The 1956 AUTOX: shutters for your moves, lamps for the machine's, START.
    #[arg(long)]
    pub autox: bool,
    /// For every machine move print the uniselector contact that fired, the check and
    /// the tactic (and where SAL stopped at RESET).
    #[arg(long)]
    pub explain: bool,
    /// Print the uniselector's contact plan, the hazard survey over every reachable
    /// position and the exact results against every human line, then exit.
    #[arg(long)]
    pub plan: bool,
    /// Seed for SAL, the only random part.
    #[arg(long, default_value_t = 1, value_parser = crate::count::count::<u64>(0, u64::MAX))]
    pub seed: u64,
    /// Play against the simulated relay circuit instead of the behavioural model: per
    /// machine move the uniselector steps, the relays in order and the operations.
    #[arg(long)]
    pub relays: bool,
    /// With --relays: load the circuit from this netlist file (at most 1 MiB) instead
    /// of the built-in one (see `ludomat computox netlist`).
    #[arg(long, value_name = "FILE", requires = "relays")]
    pub netlist: Option<std::path::PathBuf>,
    /// With --relays: `real` (the default: type 3000 relays, 20 steps/s; estimates each
    /// move's duration) or `ideal` (logic only).
    #[arg(long, requires = "relays")]
    pub timing: Option<Timing>,
}

pub fn play(args: PlayArgs) -> Result<()> {
    let mut out = crate::help::Wrapped::new(crate::out::stdout());
    if args.plan {
        // 45 lines: paged on a terminal
        let _page = crate::page::Pager::start();
        write!(out, "{}", text::PLAN_HEAD)?;
        for (head, checks) in text::plan_rows() {
            // the checks packed under the tactic, never cut in two: 80 columns by design
            writeln!(out, "{}", crate::help::pack(&head, &checks, 10, "  "))?;
        }
        write!(out, "{}", text::survey().map_err(anyhow::Error::msg)?)?;
        out.flush()?;
        return Ok(());
    }
    if args.relays && (args.autox || args.two_player) {
        usage!("--relays simulates the Computox's one-player circuit: not with --autox or --two-player");
    }
    // `--relays`: the circuit alone plays (see `computox_circuit`)
    let netlist = (args.netlist.as_deref())
        .map(crate::computox_circuit::netlist_file)
        .transpose()?;
    if args.autox && (args.beatable || args.mode_switches || args.two_player) {
        bail!(
            "the AUTOX has one uniselector and no X relay, SAL or second controller: \
             --autox cannot be combined with --beatable, --mode-switches or --two-player"
        );
    }
    let config = ComputoxConfig {
        seed: args.seed,
        model: if args.relays {
            Model::Circuit
        } else {
            Model::Behavioural
        },
        variant: if args.autox {
            Variant::Autox
        } else {
            Variant::Computox
        },
        machine_first: args.machine_first,
        beatable: args.beatable,
        mode_switches: [args.mode_switches; 4],
        two_player: args.two_player,
        // the circuit's default is real timing (it estimates each move's duration)
        timing: if args.relays && args.timing != Some(Timing::IDEAL) {
            RelayTiming::Real
        } else {
            RelayTiming::Ideal
        },
        netlist,
    };
    // The game flow is the machine crate's session, its words the crate's console; here
    // are only the terminal's lines.
    let mut console = ComputoxConsole::new(config, args.explain).map_err(|e| anyhow!("{e}"))?;
    Ok(converse(&mut console, &mut LineInput::Stdin, &mut out)?)
}
