//! [`Engine`]: pick a simulator by name and run vectors through a netlist.

use crate::{BitParallel, EventSim, Levelized, Netlist, Schedule, SimError, Ternary};
use std::fmt;
use std::str::FromStr;

/// The simulation engines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Engine {
    /// Event-driven ternary, depth-ordered queue.
    #[default]
    Event,
    /// Event-driven ternary, first-in-first-out queue (the seed's order).
    EventFifo,
    /// Depth-ordered ternary, every gate once per vector.
    Levelized,
    /// Two-valued, 64 vectors per word.
    BitParallel,
}

impl Engine {
    /// Every engine.
    pub const ALL: [Engine; 4] = [
        Engine::Event,
        Engine::EventFifo,
        Engine::Levelized,
        Engine::BitParallel,
    ];

    /// The name used on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Engine::Event => "event",
            Engine::EventFifo => "event-fifo",
            Engine::Levelized => "levelized",
            Engine::BitParallel => "bit-parallel",
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Not an engine name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine {} (expected event, event-fifo, levelized or bit-parallel)", ludomat_io::text::quoted(.0, 60))]
pub struct ParseEngineError(pub String);

impl FromStr for Engine {
    type Err = ParseEngineError;
    fn from_str(s: &str) -> Result<Engine, ParseEngineError> {
        Engine::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseEngineError(s.to_string()))
    }
}

/// Run vectors (declaration-order inputs) through a netlist and return the outputs of
/// each. Flip-flops start unknown and are clocked after each vector's outputs are read.
/// The bit-parallel engine refuses unknown inputs.
pub fn simulate(
    netlist: &Netlist,
    engine: Engine,
    vectors: &[Vec<Ternary>],
) -> Result<Vec<Vec<Ternary>>, SimError> {
    let mut out = Vec::with_capacity(vectors.len());
    match engine {
        Engine::Event | Engine::EventFifo => {
            let schedule = if engine == Engine::Event {
                Schedule::ByLevel
            } else {
                Schedule::Fifo
            };
            let mut sim = EventSim::new(netlist, schedule)?;
            for v in vectors {
                sim.set_inputs(v)?;
                out.push(sim.outputs());
                if netlist.dffs().next().is_some() {
                    sim.clock()?;
                }
            }
        }
        Engine::Levelized => {
            let mut sim = Levelized::new(netlist)?;
            for v in vectors {
                out.push(sim.eval(v)?);
                sim.clock();
            }
        }
        Engine::BitParallel => {
            let mut sim = BitParallel::new(netlist)?;
            let mut bits = Vec::with_capacity(vectors.len());
            for v in vectors {
                let b: Option<Vec<bool>> = v.iter().map(|t| t.to_bool()).collect();
                bits.push(b.ok_or_else(|| {
                    SimError::Unsupported(
                        "the bit-parallel engine is two-valued: inputs must be 0 or 1, not x"
                            .into(),
                    )
                })?);
            }
            for o in sim.eval_vectors(&bits)? {
                out.push(o.into_iter().map(Ternary::from_bool).collect());
            }
        }
    }
    Ok(out)
}
