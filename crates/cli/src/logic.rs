//! `ludomat logic …`: the ternary logic-graph simulator — the seed's RS latch, `.bench`
//! netlists, the atalanta check, the relay input latch, and the benchmark against Icarus
//! Verilog and Verilator.

use ludomat_io::text::Shown as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use ludomat_game::run::{Ended, Progress};
use ludomat_io::interrupt::Stopped;
use ludomat_logic::check::{check_dir, CheckReport};
use ludomat_logic::latch::walk;
use ludomat_logic::random::{check_unknown, random_vectors};
use ludomat_logic::relay::noughts::TwoSquares;
use ludomat_logic::relay::Delays;
use ludomat_logic::speed::{self, SpeedConfig, SpeedReport};
use ludomat_logic::vcd::simulate_with_vcd;
use ludomat_logic::vectors::{check_run, count_vectors, parse_vectors, table};
use ludomat_logic::{load_bench, simulate, text, Engine};

use crate::progress;

/// `ludomat logic …`
#[derive(Debug, Args)]
pub struct LogicCmd {
    #[command(subcommand)]
    command: LogicSub,
}

#[derive(Debug, Subcommand)]
enum LogicSub {
    /// Replay the source article's RS NOR latch walk-through: start unknown, reset, hold,
    /// set, hold.
    Latch {
        /// Show every propagation event in order, as the source article narrates them.
        #[arg(long)]
        trace: bool,
    },
    /// Simulate an ISCAS-85/89 `.bench` netlist: one line of output bits per vector.
    Sim(SimArgs),
    /// Run every `.bench` in DIR that has a `.test` (atalanta responses) beside it.
    Check {
        /// The folder, e.g. ../shared/data/iscas85/atalanta.
        dir: PathBuf,
    },
    /// Two squares of a relay noughts-and-crosses input latch, played through a script.
    Squares {
        /// Pull-in and drop-out delays of every relay, in ticks (0 to 1,000).
        #[arg(long, num_args = 2, value_names = ["PULL_IN", "DROP_OUT"], default_values_t = [0, 0], value_parser = crate::count::count::<u32>(0, 1000))]
        delays: Vec<u32>,
    },
    /// Vectors per second of every engine on ISCAS circuits, beside Icarus Verilog and
    /// Verilator on the same vectors.
    Bench(BenchArgs),
}

#[derive(Debug, Args)]
struct SimArgs {
    /// The netlist.
    file: PathBuf,
    /// A vector file: one vector a line, input bits 0/1/x in declaration order.
    #[arg(long, conflicts_with = "random")]
    vectors: Option<PathBuf>,
    /// Simulate N random vectors instead (1 to 1,000,000; accepts 1e6; N × the circuit's
    /// inputs and outputs at most 100,000,000).
    #[arg(long, value_name = "N", value_parser = crate::count::count::<usize>(1, MAX_VECTORS))]
    random: Option<usize>,
    /// Seed of the random vectors.
    #[arg(long, default_value_t = 1, value_parser = crate::count::count::<u64>(0, u64::MAX))]
    seed: u64,
    /// In each random vector, make K inputs (chosen at random) unknown (0 to 1,000,000).
    #[arg(long, value_name = "K", default_value_t = 0, value_parser = crate::count::count::<usize>(0, 1_000_000))]
    unknown_inputs: usize,
    /// Also write a waveform (VCD) of inputs, outputs and flip-flops.
    #[arg(long, value_name = "OUT.vcd")]
    vcd: Option<PathBuf>,
    /// event, event-fifo, levelized or bit-parallel.
    #[arg(long, default_value = "event")]
    engine: Engine,
    /// Only the output bits, one line per vector, no header and no inputs.
    #[arg(long)]
    bare: bool,
}

#[derive(Debug, Args)]
struct BenchArgs {
    /// Circuits (file stems in --dir).
    #[arg(long, value_delimiter = ',', default_value = "c6288,c7552")]
    circuits: Vec<String>,
    /// Random vectors per circuit, the same for every simulator (1 to 1,000,000; N × a
    /// circuit's inputs and outputs at most 100,000,000).
    #[arg(long, default_value_t = 10_000, value_name = "N", value_parser = crate::count::count::<usize>(1, MAX_VECTORS))]
    vectors: usize,
    /// Seed of the vectors.
    #[arg(long, default_value_t = 1, value_parser = crate::count::count::<u64>(0, u64::MAX))]
    seed: u64,
    /// Folder of the `.bench` files.
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Skip Icarus Verilog and Verilator.
    #[arg(long)]
    no_external: bool,
    /// Write a bar chart of the rates (PNG or SVG by extension).
    #[arg(long)]
    chart: Option<PathBuf>,
}

pub fn run(cmd: LogicCmd) -> Result<()> {
    match cmd.command {
        LogicSub::Latch { trace } => {
            let (latch, steps) = walk()?;
            // with the trace, 60 lines: paged on a terminal
            let _page = trace.then(crate::page::Pager::start);
            out!("{}", text::latch(&latch, &steps, trace));
        }
        LogicSub::Sim(a) => sim(a)?,
        LogicSub::Check { dir } => check(&dir)?,
        LogicSub::Squares { delays } => {
            let (b, steps) = TwoSquares::demo(Delays::new(delays[0], delays[1]))?;
            out!("{}", text::squares(&b, &steps));
        }
        LogicSub::Bench(a) => bench(a)?,
    }
    Ok(())
}

/// The most random vectors one run generates. They are held in memory, so their number
/// times the circuit's inputs and outputs is bounded too
/// (`ludomat_logic::vectors::MAX_RUN_VALUES`, 100,000,000).
const MAX_VECTORS: u64 = 1_000_000;

fn sim(a: SimArgs) -> Result<()> {
    if let Some(vcd) = &a.vcd {
        ludomat_io::output::check_flag("--vcd", vcd, ludomat_io::output::ANY)?;
        let reads = [Some(a.file.as_path()), a.vectors.as_deref()];
        ludomat_io::output::outputs_not_inputs(&[("--vcd", Some(vcd))], &reads)?;
    }
    let netlist = load_bench(&a.file)?;
    let width = netlist.inputs().len();
    let vectors = match (&a.vectors, a.random) {
        (Some(p), _) => {
            let text = crate::files::read_string(p, crate::files::TEXT_CAP)?;
            check_run(count_vectors(&text), &netlist).with_context(|| p.shown().to_string())?;
            parse_vectors(&text, width).with_context(|| p.shown().to_string())?
        }
        (None, Some(n)) => {
            check_run(n, &netlist).context("--random")?;
            check_unknown(a.unknown_inputs, width)?;
            random_vectors(a.seed, n, width, a.unknown_inputs)
        }
        (None, None) => usage!("give --vectors FILE or --random N"),
    };
    tracing::info!(circuit = netlist.name(), vectors = vectors.len(), engine = %a.engine, "simulating");
    // no safe point: Ctrl-C (or SIGTERM) ends it at once with its stop line, never after
    // the whole run (it ran on for minutes, printing)
    let stopped = || match &a.vcd {
        Some(vcd) => Stopped::with(&format!(
            "the simulation is not complete: {} holds only its beginning",
            vcd.shown()
        )),
        None => Stopped::with("the simulation is not complete, and nothing of it is kept"),
    };
    crate::stop::or_ctrl_c(stopped, || -> Result<()> {
        let outputs = if let Some(path) = &a.vcd {
            let mut w = std::io::BufWriter::new(crate::files::create(path)?);
            let outputs = simulate_with_vcd(&netlist, a.engine, &vectors, &mut w)?;
            std::io::Write::flush(&mut w)?;
            outputs
        } else {
            simulate(&netlist, a.engine, &vectors)?
        };
        let mut text = table(&netlist, &vectors, &outputs, a.engine, a.bare);
        if a.vectors.is_none() && !a.bare {
            // drawn at random: the seed under the header's first line, as every seeded one
            text = text.replacen('\n', &format!("\n# drawn at random, seed {}\n", a.seed), 1);
        }
        out!("{text}");
        Ok(())
    })
}

fn check(dir: &Path) -> Result<()> {
    let bar = progress::Bar::new("files", None, false);
    let mut watch = |p: &Progress<CheckReport>| bar.update(p, None);
    let (mut ctx, _ctrl_c) = progress::context("files", None, &mut watch);
    let (r, ended) = check_dir(dir, &mut ctx)?;
    drop(ctx);
    bar.finish();
    outln!("each file checked with the engines event, event-fifo, levelized, bit-parallel:");
    // A file's mismatches (on stderr) before its line.
    for (mismatches, line) in text::check_rows(&r) {
        mismatches.iter().for_each(|m| errln!("{m}"));
        outln!("{line}");
    }
    outln!("{}", text::check_total(&r));
    let (bad, failed) = (r.mismatched(), r.failed());
    if bad > 0 || failed > 0 {
        bail!(
            "{}, {} could not be checked",
            ludomat_io::text::count(bad as u64, "mismatch", "mismatches"),
            ludomat_io::text::count(failed as u64, "file", "files")
        );
    }
    if ended == Ended::Cancelled {
        return Err(ludomat_io::interrupt::Stopped::after(
            r.files.len() as u64,
            None,
            ("file", "files"),
            "the lines above are theirs",
        )
        .into());
    }
    Ok(())
}

fn bench(a: BenchArgs) -> Result<()> {
    if let Some(path) = &a.chart {
        crate::threes::check_output(path, "--chart", ludomat_io::output::CHART)?;
    }
    let dir = match a.dir {
        Some(d) => d,
        None => speed::default_dir().context("cannot find ../shared/data/iscas85; give --dir")?,
    };
    let config = SpeedConfig {
        dir,
        circuits: a.circuits,
        vectors: a.vectors,
        seed: a.seed,
        external: !a.no_external,
    };
    let bar = progress::Bar::new("simulator runs", Some(config.runs()), false).without_eta();
    let mut watch = |p: &Progress<SpeedReport>| bar.update(p, Some(p.partial.running.clone()));
    let (mut ctx, _ctrl_c) = progress::context("simulator runs", Some(config.runs()), &mut watch);
    let (started, cpu) = (
        std::time::Instant::now(),
        ludomat_game::run::cpu::with_children(),
    );
    let (r, ended) = speed::measure(&config, &mut ctx)?;
    let (wall, cpu) = (
        started.elapsed(),
        ludomat_game::run::cpu::with_children().saturating_sub(cpu),
    );
    drop(ctx);
    bar.finish();
    out!("{}", crate::help::wrap(&text::speed(&config, &r)));
    // each rate above is by wall-clock time; the whole measurement's CPU time beside it
    // the runs the bar counted: those measured and those skipped (a simulator missing)
    let skipped = match r.skipped.len() {
        0 => String::new(),
        n => format!(" ({n} skipped)"),
    };
    let runs = (r.rates.len() + r.skipped.len()) as u64;
    errln!(
        "{}{skipped} in {} (simulators included)",
        ludomat_io::text::count(runs, "simulator run", "simulator runs"),
        ludomat_io::text::wall_and_cpu(wall, cpu)
    );
    let undrawn = a.chart.is_some() && r.rates.is_empty() && ended == Ended::Cancelled;
    if let Some(path) = a.chart.as_ref().filter(|_| !undrawn) {
        let chart = text::speed_chart(&config, &r, crate::caption::made_by());
        ludomat_chart::log_bar_chart(&chart, path)?;
        outln!("chart: {}", path.shown());
    }
    if ended == Ended::Cancelled {
        return Err(ludomat_io::interrupt::Stopped::after(
            runs,
            Some(config.runs()),
            ("simulator run", "simulator runs"),
            ludomat_io::interrupt::Stopped::theirs_undrawn(runs, undrawn),
        )
        .into());
    }
    Ok(())
}
