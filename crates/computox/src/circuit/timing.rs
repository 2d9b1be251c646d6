//! [`Timing`]: how long relays and uniselectors take, in simulation ticks.

use std::fmt;
use std::str::FromStr;

use ludomat_logic::relay::Delays;

/// The timing a netlist is loaded with.
///
/// * [`Timing::IDEAL`]: relays move within the tick they are energised (in rounds), an
///   interrupter steps its uniselector once a tick. The logic of the circuit alone; what
///   the agreement check uses.
/// * [`Timing::REAL`]: a tick is 5 ms; a Post Office type 3000 relay pulls in in about
///   15 ms and drops out in about 10 ms (3 and 2 ticks), a uniselector self-driven by its
///   interrupter steps every 50 ms (10 ticks, 20 steps a second). These are typical
///   catalogue figures for the parts, not measurements of this machine (the seed gives
///   none); they give each move an estimated real-world duration.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    /// Every relay's pull-in and drop-out, unless its netlist line says otherwise.
    pub relay: Delays,
    /// Ticks per uniselector step (an interrupter's pull-in).
    pub step: u32,
    /// Milliseconds per tick, for estimates.
    pub tick_ms: f64,
}

impl Timing {
    /// Logic only: zero-delay relays, one step per tick.
    pub const IDEAL: Timing = Timing {
        relay: Delays::new(0, 0),
        step: 1,
        tick_ms: 5.0,
    };

    /// Type 3000 relays and a 20-steps-a-second uniselector, 5 ms ticks.
    pub const REAL: Timing = Timing {
        relay: Delays::new(3, 2),
        step: 10,
        tick_ms: 5.0,
    };

    /// Milliseconds for `ticks`.
    #[must_use]
    pub fn ms(&self, ticks: u64) -> f64 {
        ticks as f64 * self.tick_ms
    }
}

impl Default for Timing {
    fn default() -> Self {
        Timing::IDEAL
    }
}

impl fmt::Display for Timing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Timing::IDEAL {
            f.write_str("ideal")
        } else if *self == Timing::REAL {
            f.write_str("real")
        } else {
            write!(
                f,
                "pull-in {} / drop-out {} / step {} ticks of {} ms",
                self.relay.pull_in, self.relay.drop_out, self.step, self.tick_ms
            )
        }
    }
}

/// A timing name that is neither `ideal` nor `real`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a timing: use ideal or real", ludomat_io::text::escape_controls(.0))]
pub struct ParseTimingError(pub String);

impl FromStr for Timing {
    type Err = ParseTimingError;
    fn from_str(s: &str) -> Result<Timing, ParseTimingError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "ideal" => Ok(Timing::IDEAL),
            "real" => Ok(Timing::REAL),
            _ => Err(ParseTimingError(s.into())),
        }
    }
}
