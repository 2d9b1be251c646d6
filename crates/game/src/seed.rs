//! Seeds: every random choice in ludomat takes one, so the same seed replays the same game.
//!
//! A tournament derives one seed per game from its master seed ([`derive`]), so a game's
//! result depends on its index and the master seed only, never on which thread played it.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The random number generator used everywhere in ludomat: fast, portable, reproducible.
pub type Rng = ChaCha8Rng;

/// An RNG from a seed.
#[must_use]
pub fn rng(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

/// A child seed: `derive(master, i)` for the i-th game, agent, run…  (SplitMix64 finaliser
/// over the pair, so neighbouring indices give unrelated seeds.)
#[must_use]
pub fn derive(master: u64, index: u64) -> u64 {
    let mut z = master
        .wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x632B_E59B_D9B4_E019);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;

    #[test]
    fn same_seed_same_numbers() {
        let a: Vec<u32> = (0..8)
            .map(|_| 0)
            .scan(rng(7), |r, _: u32| Some(r.gen()))
            .collect();
        let b: Vec<u32> = (0..8)
            .map(|_| 0)
            .scan(rng(7), |r, _: u32| Some(r.gen()))
            .collect();
        assert_eq!(a, b);
    }

    #[test]
    fn derived_seeds_differ() {
        let seeds: std::collections::HashSet<u64> = (0..10_000).map(|i| derive(1, i)).collect();
        assert_eq!(seeds.len(), 10_000);
        assert_ne!(derive(1, 0), derive(2, 0));
    }
}
