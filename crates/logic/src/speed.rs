//! Vectors per second of every engine on ISCAS circuits, beside Icarus Verilog and
//! Verilator on the same vectors ([`measure`], `ludomat logic bench`), as a long run
//! (`ludomat_game::run`): one unit of work per simulator run, the rates so far as the
//! partial result. A cancellation (Ctrl-C) is seen inside each run too: our engines ask
//! every 64 vectors, the external tools are ended as soon as it comes (the run that was
//! cut short is not counted).
//!
//! Every engine's outputs are checked against the bit-parallel engine's on the same
//! random vectors, and so are the external simulators'; ours are timed best of
//! [`ROUNDS`], Icarus as `vvp`'s time less a one-vector run (its start-up), Verilator as
//! its harness's timed evaluation loop (the build excluded).

use std::path::{Path, PathBuf};
use std::time::Instant;

use ludomat_game::run::{Ended, RunContext};
use serde::Serialize;

use crate::bench::{load_bench, LoadError};
use crate::random::random_vectors;
use crate::vectors::{check_run, RunTooLarge};
use crate::verilog::{run_icarus_unless, run_verilator_unless, ToolError};
use crate::{
    simulate, BitParallel, Engine, EventSim, Levelized, Netlist, Schedule, SimError, Ternary,
};

/// Timed runs per engine; the fastest counts.
pub const ROUNDS: usize = 3;

/// The label of Icarus Verilog's rate.
pub const ICARUS: &str = "icarus (vvp, net)";
/// The label of Verilator's rate.
pub const VERILATOR: &str = "verilator -O3";

/// What to measure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpeedConfig {
    /// The folder of the `.bench` files.
    pub dir: PathBuf,
    /// Circuits: file stems in `dir`.
    pub circuits: Vec<String>,
    /// Random vectors per circuit, the same for every simulator.
    pub vectors: usize,
    /// Their seed.
    pub seed: u64,
    /// Also run Icarus Verilog and Verilator (skipped, with a note, when missing).
    pub external: bool,
}

impl SpeedConfig {
    /// Simulator runs in all: the unit of work.
    #[must_use]
    pub fn runs(&self) -> u64 {
        let per_circuit = Engine::ALL.len() + if self.external { 2 } else { 0 };
        (per_circuit * self.circuits.len()) as u64
    }
}

/// One simulator's rate on one circuit.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rate {
    /// The circuit (file stem).
    pub circuit: String,
    /// `ludomat event` … `ludomat bit-parallel`, [`ICARUS`], [`VERILATOR`].
    pub simulator: String,
    /// Vectors per second.
    pub vectors_per_second: f64,
    /// Seconds for all the vectors.
    pub seconds: f64,
    /// How many vectors.
    pub vectors: usize,
}

/// The rates measured so far: the partial result, and the result.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SpeedReport {
    /// In the order measured.
    pub rates: Vec<Rate>,
    /// Simulators skipped and why (`c6288   icarus: skipped, cannot run …`).
    pub skipped: Vec<String>,
    /// What is being measured now (`c6288: levelized`), empty at the end.
    pub running: String,
}

impl SpeedReport {
    /// The rate of `simulator` on `circuit`, if measured.
    #[must_use]
    pub fn rate(&self, circuit: &str, simulator: &str) -> Option<f64> {
        self.rates
            .iter()
            .find(|r| r.circuit == circuit && r.simulator == simulator)
            .map(|r| r.vectors_per_second)
    }
}

/// Why a measurement stopped.
#[derive(Debug, thiserror::Error)]
pub enum SpeedError {
    /// A netlist could not be read.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// An engine refused the netlist.
    #[error(transparent)]
    Sim(#[from] SimError),
    /// A simulator's outputs differ from the bit-parallel engine's.
    #[error("{circuit}: {what} disagrees with bit-parallel")]
    Disagrees {
        /// The circuit.
        circuit: String,
        /// The simulator, in words.
        what: String,
    },
    /// An external simulator failed (not: is missing).
    #[error(transparent)]
    Tool(#[from] ToolError),
    /// More vectors than a run may hold for this circuit.
    #[error("{circuit}: {run}")]
    TooLarge {
        /// The circuit.
        circuit: String,
        /// The vectors and the circuit's width.
        run: RunTooLarge,
    },
}

/// The label of one of our engines' rates: `ludomat event`.
#[must_use]
pub fn label(engine: Engine) -> String {
    format!("ludomat {engine}")
}

/// Measure every simulator on every circuit of `config` (see the module documentation),
/// reporting after each simulator run. Cancelled, it returns the rates measured so far.
///
/// # Errors
/// A netlist that cannot be read or simulated, a simulator that disagrees, an external
/// tool that fails.
pub fn measure(
    config: &SpeedConfig,
    ctx: &mut RunContext<'_, SpeedReport>,
) -> Result<(SpeedReport, Ended), SpeedError> {
    ctx.set_total(Some(config.runs()));
    let cancel = ctx.cancel().clone();
    let stop = move || cancel.is_cancelled();
    let mut report = SpeedReport::default();
    let mut done = 0u64;
    let mut ended = Ended::Finished;
    'circuits: for name in &config.circuits {
        let n = load_bench(&config.dir.join(format!("{name}.bench")))?;
        check_run(config.vectors, &n).map_err(|run| SpeedError::TooLarge {
            circuit: name.clone(),
            run,
        })?;
        let vectors = random_vectors(config.seed, config.vectors, n.inputs().len(), 0);
        let reference = simulate(&n, Engine::BitParallel, &vectors)?;
        let count = vectors.len();
        let mut step = |report: &mut SpeedReport, next: &str| {
            done += 1;
            report.running = next.to_string();
            ctx.tick(done, || report.clone()).is_break()
        };
        let rate = |simulator: String, seconds: f64| Rate {
            circuit: name.clone(),
            simulator,
            vectors_per_second: count as f64 / seconds,
            seconds,
            vectors: count,
        };
        for engine in Engine::ALL {
            let mut best = f64::INFINITY;
            for _ in 0..ROUNDS {
                let Some((secs, out)) = time_engine(&n, engine, &vectors, &stop)? else {
                    ended = Ended::Cancelled;
                    break 'circuits;
                };
                if out != reference {
                    return Err(SpeedError::Disagrees {
                        circuit: name.clone(),
                        what: format!("the {engine} engine"),
                    });
                }
                best = best.min(secs);
            }
            report.rates.push(rate(label(engine), best));
            if step(&mut report, &format!("{name}: after {engine}")) {
                ended = Ended::Cancelled;
                break 'circuits;
            }
        }
        if !config.external {
            continue;
        }
        let icarus = run_icarus_unless(&n, &vectors, &stop)
            .and_then(|run| Ok((run, run_icarus_unless(&n, &vectors[..1], &stop)?)));
        match icarus {
            Ok((run, base)) => {
                if run.outputs != reference {
                    return Err(disagrees(name, "Icarus Verilog"));
                }
                report
                    .rates
                    .push(rate(ICARUS.into(), (run.seconds - base.seconds).max(1e-9)));
            }
            Err(e @ ToolError::Missing { .. }) => {
                report
                    .skipped
                    .push(format!("{name:<7} icarus: skipped, {e}"));
            }
            Err(ToolError::Stopped { .. }) => {
                ended = Ended::Cancelled;
                break;
            }
            Err(e) => return Err(e.into()),
        }
        if step(&mut report, &format!("{name}: Verilator (building)")) {
            ended = Ended::Cancelled;
            break;
        }
        match run_verilator_unless(&n, &vectors, &stop) {
            Ok(v) => {
                if v.outputs != reference {
                    return Err(disagrees(name, "Verilator"));
                }
                report.rates.push(rate(VERILATOR.into(), v.seconds));
            }
            Err(e @ ToolError::Missing { .. }) => {
                report
                    .skipped
                    .push(format!("{name:<7} verilator: skipped, {e}"));
            }
            Err(ToolError::Stopped { .. }) => {
                ended = Ended::Cancelled;
                break;
            }
            Err(e) => return Err(e.into()),
        }
        if step(&mut report, "") {
            ended = Ended::Cancelled;
            break;
        }
    }
    report.running.clear();
    ctx.finish(done, report.clone());
    Ok((report, ended))
}

fn disagrees(circuit: &str, what: &str) -> SpeedError {
    SpeedError::Disagrees {
        circuit: circuit.into(),
        what: what.into(),
    }
}

/// Seconds to push every vector through a fresh `engine`, and the outputs; `None` when
/// `stop` said so (asked every [`STOP_EVERY`] vectors, outside the timed part's inner
/// loop only in the sense that one relaxed load per 64 vectors is all it costs). The
/// bit-parallel engine's vectors are packed 64 to a word before the clock starts, as the
/// Verilator harness reads its file first.
///
/// # Errors
/// An engine that refuses the netlist or a vector.
pub fn time_engine(
    n: &Netlist,
    engine: Engine,
    vectors: &[Vec<Ternary>],
    stop: &dyn Fn() -> bool,
) -> Result<Option<Timed>, SimError> {
    Ok(Some(match engine {
        Engine::Event | Engine::EventFifo => {
            let schedule = if engine == Engine::Event {
                Schedule::ByLevel
            } else {
                Schedule::Fifo
            };
            let mut sim = EventSim::new(n, schedule)?;
            let mut out = Vec::with_capacity(vectors.len());
            let t = Instant::now();
            for chunk in vectors.chunks(STOP_EVERY) {
                if stop() {
                    return Ok(None);
                }
                for v in chunk {
                    sim.set_inputs(v)?;
                    out.push(sim.outputs());
                }
            }
            (t.elapsed().as_secs_f64(), out)
        }
        Engine::Levelized => {
            let mut sim = Levelized::new(n)?;
            let mut out = Vec::with_capacity(vectors.len());
            let t = Instant::now();
            for chunk in vectors.chunks(STOP_EVERY) {
                if stop() {
                    return Ok(None);
                }
                for v in chunk {
                    out.push(sim.eval(v)?);
                }
            }
            (t.elapsed().as_secs_f64(), out)
        }
        Engine::BitParallel => {
            let mut sim = BitParallel::new(n)?;
            let ni = sim.input_count();
            let no = sim.output_count();
            let packed: Vec<Vec<u64>> = vectors
                .chunks(64)
                .map(|chunk| {
                    let mut words = vec![0u64; ni];
                    for (k, v) in chunk.iter().enumerate() {
                        for (i, t) in v.iter().enumerate() {
                            words[i] |= u64::from(*t == Ternary::True) << k;
                        }
                    }
                    words
                })
                .collect();
            let mut results = vec![vec![0u64; no]; packed.len()];
            let t = Instant::now();
            for (words, res) in packed.iter().zip(results.iter_mut()) {
                // one word holds 64 vectors: asked once a word
                if stop() {
                    return Ok(None);
                }
                sim.eval_words(words, res)?;
            }
            let secs = t.elapsed().as_secs_f64();
            let mut out = Vec::with_capacity(vectors.len());
            for (c, res) in results.iter().enumerate() {
                let here = (vectors.len() - c * 64).min(64);
                for k in 0..here {
                    out.push(
                        res.iter()
                            .map(|w| Ternary::from_bool(w >> k & 1 == 1))
                            .collect(),
                    );
                }
            }
            (secs, out)
        }
    }))
}

/// One engine's run: its seconds, and the outputs of every vector.
pub type Timed = (f64, Vec<Vec<Ternary>>);

/// How many vectors an engine simulates between two looks at the stop flag.
pub const STOP_EVERY: usize = 64;

/// The folder of the ISCAS-85 `.bench` files when none is given: `../shared/data/iscas85`
/// from the working directory, or beside the repository.
#[must_use]
pub fn default_dir() -> Option<PathBuf> {
    [
        PathBuf::from("../shared/data/iscas85"),
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/iscas85"),
    ]
    .into_iter()
    .find(|p| p.is_dir())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludomat_game::run::{Cancel, Progress};
    use std::time::Duration;

    fn c17() -> SpeedConfig {
        SpeedConfig {
            dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("data"),
            circuits: vec!["c17".into(), "c17".into()],
            vectors: 200,
            seed: 1,
            external: false,
        }
    }

    #[test]
    fn every_engine_is_measured_with_progress_per_run() {
        let mut seen = Vec::new();
        let mut watch = |p: &Progress<SpeedReport>| {
            seen.push((p.done, p.total, p.partial.rates.len()));
        };
        let mut ctx = RunContext::new("simulator runs", None)
            .every(Duration::ZERO)
            .watch(&mut watch);
        let (r, ended) = measure(&c17(), &mut ctx).unwrap();
        drop(ctx);
        assert_eq!(ended, Ended::Finished);
        assert_eq!(r.rates.len(), 8);
        assert_eq!(r.rates[0].simulator, "ludomat event");
        assert_eq!(r.rates[3].simulator, "ludomat bit-parallel");
        assert!(r
            .rates
            .iter()
            .all(|x| x.vectors == 200 && x.vectors_per_second > 0.0));
        assert!(r.rate("c17", "ludomat levelized").is_some());
        assert_eq!(seen.last(), Some(&(8, Some(8), 8)));
        assert!(seen.windows(2).all(|w| w[0].0 <= w[1].0));
        assert!(seen.iter().all(|s| s.0 as usize == s.2));
    }

    #[test]
    fn cancel_keeps_the_rates_measured() {
        let cancel = Cancel::new();
        cancel.cancel();
        let mut ctx = RunContext::new("simulator runs", None).with_cancel(cancel);
        let (r, ended) = measure(&c17(), &mut ctx).unwrap();
        assert_eq!(ended, Ended::Cancelled);
        // seen inside the first engine's run, which is cut short and not counted
        assert!(r.rates.is_empty(), "{:?}", r.rates);
    }

    #[test]
    fn every_engine_asks_to_stop_inside_its_run() {
        let n = load_bench(&c17().dir.join("c17.bench")).unwrap();
        let vectors = random_vectors(1, 10_000, n.inputs().len(), 0);
        for engine in Engine::ALL {
            let asked = std::cell::Cell::new(0);
            // yes from the third time it is asked: well inside the 10,000 vectors
            let stop = || {
                asked.set(asked.get() + 1);
                asked.get() >= 3
            };
            assert!(
                time_engine(&n, engine, &vectors, &stop).unwrap().is_none(),
                "{engine}"
            );
            assert_eq!(asked.get(), 3, "{engine}");
            let (_, out) = time_engine(&n, engine, &vectors, &|| false)
                .unwrap()
                .unwrap();
            assert_eq!(out.len(), 10_000);
        }
    }

    #[test]
    fn vectors_times_a_circuit_s_width_are_bounded_before_any_is_made() {
        // Once: each of `--vectors` (a million) and a circuit's inputs was bounded,
        // not their product: a wide netlist in `--dir` took its vectors × inputs in memory.
        let dir = tempfile::tempdir().unwrap();
        let wide = (0..20_000)
            .map(|i| format!("INPUT(i{i})\n"))
            .collect::<String>()
            + "OUTPUT(y)\ny = AND(i0, i1)\n";
        ludomat_io::write::atomically(dir.path().join("wide.bench"), wide).unwrap();
        let config = SpeedConfig {
            dir: dir.path().to_path_buf(),
            circuits: vec!["wide".into()],
            vectors: 1_000_000,
            ..c17()
        };
        let started = std::time::Instant::now();
        let e = measure(&config, &mut RunContext::new("runs", None)).unwrap_err();
        assert!(matches!(e, SpeedError::TooLarge { .. }), "{e}");
        assert!(
            e.to_string().starts_with(
                "wide: 1,000,000 vectors × 20,001 values each (20,000 inputs, 1 output)"
            ),
            "{e}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn a_missing_circuit_names_its_file() {
        let config = SpeedConfig {
            circuits: vec!["c99".into()],
            ..c17()
        };
        let e = measure(&config, &mut RunContext::new("runs", None)).unwrap_err();
        assert!(e.to_string().contains("c99.bench"), "{e}");
    }
}
