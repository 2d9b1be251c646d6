//! Outcome statistics: counts and proportions with Wilson score intervals.

use std::fmt;

use crate::{Outcome, Player};

/// `successes` out of `trials`, with a confidence interval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Proportion {
    /// How many trials succeeded.
    pub successes: u64,
    /// How many trials there were.
    pub trials: u64,
}

impl Proportion {
    /// z for a two-sided 95 % interval.
    pub const Z95: f64 = 1.959_963_984_540_054;

    /// A proportion.
    #[must_use]
    pub const fn new(successes: u64, trials: u64) -> Self {
        Proportion { successes, trials }
    }

    /// The observed rate (0 when there were no trials).
    #[must_use]
    pub fn rate(self) -> f64 {
        if self.trials == 0 {
            0.0
        } else {
            self.successes as f64 / self.trials as f64
        }
    }

    /// The Wilson score interval for confidence `z` (use [`Proportion::Z95`]).
    /// With no trials the interval is `[0, 1]`.
    #[must_use]
    pub fn wilson(self, z: f64) -> (f64, f64) {
        if self.trials == 0 {
            return (0.0, 1.0);
        }
        let n = self.trials as f64;
        let p = self.rate();
        let z2 = z * z;
        let denom = 1.0 + z2 / n;
        let centre = (p + z2 / (2.0 * n)) / denom;
        let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }
}

impl fmt::Display for Proportion {
    /// ` 61.2 % (58.1–64.2 %)` — the rate and its 95 % interval, in percent, the rate
    /// right-aligned in 7 columns so that a column of them lines up.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lo, hi) = self.wilson(Self::Z95);
        let text = ludomat_io::text::share_with_interval(self.rate(), lo, hi);
        let (share, interval) = text.split_once(" (").unwrap_or((&text, ""));
        let share = ludomat_io::text::pad_left(share, 7);
        if interval.is_empty() {
            f.write_str(&share)
        } else {
            write!(f, "{share} ({interval}")
        }
    }
}

/// Wins, draws and losses from one agent's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    /// Games the agent won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the agent lost.
    pub losses: u64,
}

impl Tally {
    /// Count one finished game, seen from `me`.
    pub fn record(&mut self, outcome: Outcome, me: Player) {
        let slot = match outcome.score_for(me) {
            1 => &mut self.wins,
            0 => &mut self.draws,
            _ => &mut self.losses,
        };
        *slot = slot.saturating_add(1);
    }

    /// Games counted (saturating at `u64::MAX`).
    #[must_use]
    pub const fn games(self) -> u64 {
        self.wins
            .saturating_add(self.draws)
            .saturating_add(self.losses)
    }

    /// The win rate with its interval.
    #[must_use]
    pub const fn win_rate(self) -> Proportion {
        Proportion::new(self.wins, self.games())
    }

    /// The draw rate with its interval.
    #[must_use]
    pub const fn draw_rate(self) -> Proportion {
        Proportion::new(self.draws, self.games())
    }

    /// The loss rate with its interval.
    #[must_use]
    pub const fn loss_rate(self) -> Proportion {
        Proportion::new(self.losses, self.games())
    }

    /// The same games seen from the opponent.
    #[must_use]
    pub const fn flipped(self) -> Tally {
        Tally {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
}

impl std::ops::Add for Tally {
    type Output = Tally;
    fn add(self, o: Tally) -> Tally {
        Tally {
            wins: self.wins + o.wins,
            draws: self.draws + o.draws,
            losses: self.losses + o.losses,
        }
    }
}

impl std::ops::AddAssign for Tally {
    fn add_assign(&mut self, o: Tally) {
        *self = *self + o;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn wilson_known_value() {
        // 50 of 100: the Wilson 95 % interval is [0.4038, 0.5962].
        let (lo, hi) = Proportion::new(50, 100).wilson(Proportion::Z95);
        assert!((lo - 0.4038).abs() < 1e-4, "{lo}");
        assert!((hi - 0.5962).abs() < 1e-4, "{hi}");
    }

    #[test]
    fn zero_successes_has_positive_upper_bound() {
        let (lo, hi) = Proportion::new(0, 100_000).wilson(Proportion::Z95);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.0 && hi < 1e-4);
    }

    #[test]
    fn tally_records_from_each_side() {
        let mut t = Tally::default();
        t.record(Outcome::Win(Player::First), Player::First);
        t.record(Outcome::Win(Player::First), Player::Second);
        t.record(Outcome::Draw, Player::Second);
        assert_eq!(
            t,
            Tally {
                wins: 1,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(t.flipped().games(), 3);
    }

    proptest! {
        #[test]
        fn interval_contains_rate(s in 0u64..1000, extra in 0u64..1000) {
            let p = Proportion::new(s, s + extra);
            let (lo, hi) = p.wilson(Proportion::Z95);
            prop_assert!(lo <= p.rate() + 1e-12 && p.rate() <= hi + 1e-12);
            prop_assert!((0.0..=1.0).contains(&lo) && (0.0..=1.0).contains(&hi));
        }
    }
}
