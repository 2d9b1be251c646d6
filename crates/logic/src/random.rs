//! Seeded random input vectors.

use crate::Ternary;
use rand::seq::index::sample;
use rand::Rng;

/// `count` random vectors of `width` bits from `seed`; in each, `unknown` inputs chosen
/// at random are `x` (capped at the width).
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
