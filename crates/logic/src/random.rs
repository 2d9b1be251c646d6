//! Seeded random input vectors.

use crate::Ternary;
use rand::seq::index::sample;
use rand::Rng;

/// More unknown inputs asked for each vector than the circuit has inputs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--unknown-inputs {unknown}: the circuit has {} in each vector, so at most {width} can be unknown", ludomat_io::text::count(*.width as u64, "input", "inputs"))]
pub struct TooManyUnknown {
    /// Unknown inputs asked for.
    pub unknown: usize,
    /// The circuit's inputs.
    pub width: usize,
}

/// Refuse `unknown` inputs of `width` made unknown in each random vector when that is
/// more than there are (it meant nothing, and was quietly capped).
///
/// # Errors
/// [`TooManyUnknown`].
pub fn check_unknown(unknown: usize, width: usize) -> Result<(), TooManyUnknown> {
    if unknown > width {
        return Err(TooManyUnknown { unknown, width });
    }
    Ok(())
}

/// `count` random vectors of `width` bits from `seed`; in each, `unknown` inputs chosen
/// at random are `x` (capped at the width: [`check_unknown`] refuses more first).
#[must_use]
pub fn random_vectors(seed: u64, count: usize, width: usize, unknown: usize) -> Vec<Vec<Ternary>> {
    let mut rng = ludomat_game::seed::rng(seed);
    let k = unknown.min(width);
    (0..count)
        .map(|_| {
            let mut v: Vec<Ternary> = (0..width).map(|_| Ternary::from_bool(rng.gen())).collect();
            if k > 0 {
                for i in sample(&mut rng, width, k) {
                    v[i] = Ternary::Unknown;
                }
            }
            v
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hostile item 14: `--unknown-inputs 6` on a 5-input circuit was quietly accepted.
    #[test]
    fn more_unknown_inputs_than_inputs_are_refused() {
        assert!(check_unknown(5, 5).is_ok() && check_unknown(0, 0).is_ok());
        let e = check_unknown(6, 5).unwrap_err().to_string();
        assert_eq!(
            e,
            "--unknown-inputs 6: the circuit has 5 inputs in each vector, so at most 5 can be unknown"
        );
    }

    #[test]
    fn reproducible_with_exact_unknowns() {
        let a = random_vectors(7, 10, 20, 3);
        assert_eq!(a, random_vectors(7, 10, 20, 3));
        assert_ne!(a, random_vectors(8, 10, 20, 3));
        assert!(a
            .iter()
            .all(|v| v.iter().filter(|t| **t == Ternary::Unknown).count() == 3));
    }
}
