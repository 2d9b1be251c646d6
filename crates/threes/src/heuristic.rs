//! The leaf evaluation: a sum over the four rows and four columns of a per-line score,
//! each line looked up in a 65,536-entry table built from tunable [`Weights`].
//!
//! The terms follow the shape the spec reports for the strongest open AI (per line: empty
//! cells, pairs that can fold, monotonicity, a sum of powers); the weights are ours and
//! were chosen by the tuning run recorded in the crate README. A large constant per line
//! keeps every live position above a dead one (value 0).

use std::fmt;
use std::sync::Arc;

use crate::line::{cells, fold_pair};
use crate::Board;

/// The heuristic's weights.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    /// A constant per line: being alive.
    pub alive: f64,
    /// Per empty cell.
    pub empty: f64,
    /// Per adjacent pair of equal cards ≥ 3 (they can fold together).
    pub merges: f64,
    /// Per adjacent 1 and 2 (they can fold into a 3).
    pub small_merges: f64,
    /// Per adjacent 1-1 or 2-2 pair (they never fold: a clog).
    pub clogs: f64,
    /// Per 1 or 2 with no empty cell and no partner beside it in the line (the wall counts
    /// as blocked): a trapped small card.
    pub trapped: f64,
    /// Against non-monotone lines: the smaller of the rising and falling sums of
    /// `code^monotonicity_power` differences.
    pub monotonicity: f64,
    /// The exponent for monotonicity.
    pub monotonicity_power: f64,
    /// Against big cards everywhere: Σ `code^sum_power`.
    pub sum: f64,
    /// The exponent for the sum.
    pub sum_power: f64,
    /// Against big cards away from the board's edges: Σ `code^sum_power` over the cards ≥ 3
    /// in a line's two middle cells (a card in the board's middle counts in its row and its
    /// column, a card on an edge but not in a corner once, a corner card never).
    #[serde(default)]
    pub middle: f64,
    /// Against rough lines: Σ |code difference| over adjacent cards both ≥ 3 (neighbours a
    /// merge or two apart block each other).
    #[serde(default)]
    pub roughness: f64,
}

impl Default for Weights {
    /// The weights chosen by the documented tuning run.
    fn default() -> Weights {
        Weights {
            alive: 200_000.0,
            empty: 2160.0,
            merges: 2800.0,
            small_merges: 2800.0,
            clogs: 100.0,
            trapped: 0.0,
            monotonicity: 11.75,
            monotonicity_power: 3.0,
            sum: 1.375,
            sum_power: 3.5,
            middle: 0.0,
            roughness: 0.0,
        }
    }
}

/// A weight as it is (`11.75`, `0`), thousands separated (`1,400`, `200,000`).
fn weight(w: f64) -> String {
    ludomat_io::text::decimal(w)
}

impl Weights {
    /// The weights in the words of [`Display`](fmt::Display), each written by `weight`.
    fn said(&self, weight: fn(f64) -> String) -> String {
        format!(
            "alive {} empty {} merges {} small merges {} clogs {} trapped {} monotonicity {}^{} sum {}^{} middle {} roughness {}",
            weight(self.alive),
            weight(self.empty),
            weight(self.merges),
            weight(self.small_merges),
            weight(self.clogs),
            weight(self.trapped),
            weight(self.monotonicity),
            weight(self.monotonicity_power),
            weight(self.sum),
            weight(self.sum_power),
            weight(self.middle),
            weight(self.roughness)
        )
    }

    /// The weights to three significant digits, as every other figure is said
    /// (`ludomat_io::text::number`: `3,238`, `18.5`, `2.95`): for weights of any
    /// precision (CMA-ES's), whose sixth decimal says nothing.
    #[must_use]
    pub fn rounded(&self) -> String {
        self.said(ludomat_io::text::number)
    }
}

impl fmt::Display for Weights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.said(weight))
    }
}

/// The largest magnitude a weight may have (the defaults are below 10⁶): larger ones
/// would let the sum over a board reach infinity, where every position looks alike.
pub const MAX_WEIGHT: f64 = 1e9;

/// The largest exponent ([`Weights::monotonicity_power`], [`Weights::sum_power`]).
pub const MAX_POWER: f64 = 8.0;

/// Weights that cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum WeightsError {
    /// Not a JSON object of the weights' fields.
    #[error("not a set of heuristic weights: {0}")]
    Json(String),
    /// A weight out of range.
    #[error("weight {field} = {} is out of range: {limit}", short(*value))]
    Range {
        /// The field.
        field: &'static str,
        /// Its value.
        value: f64,
        /// The allowed range.
        limit: String,
    },
}

/// A number as typed: plain when moderate, in exponent form (`1e308`) when huge or tiny.
fn short(v: f64) -> String {
    if v != 0.0 && v.is_finite() && !(1e-3..1e6).contains(&v.abs()) {
        format!("{v:e}")
    } else {
        v.to_string()
    }
}

impl Weights {
    /// Check that every weight is finite and within [`MAX_WEIGHT`], every exponent within
    /// `0..=`[`MAX_POWER`].
    ///
    /// # Errors
    /// [`WeightsError::Range`] naming the first weight out of range.
    pub fn check(&self) -> Result<(), WeightsError> {
        let weights = [
            ("alive", self.alive),
            ("empty", self.empty),
            ("merges", self.merges),
            ("small_merges", self.small_merges),
            ("clogs", self.clogs),
            ("trapped", self.trapped),
            ("monotonicity", self.monotonicity),
            ("sum", self.sum),
            ("middle", self.middle),
            ("roughness", self.roughness),
        ];
        for (field, value) in weights {
            if !(value.is_finite() && value.abs() <= MAX_WEIGHT) {
                return Err(WeightsError::Range {
                    field,
                    value,
                    limit: format!("it must be from -{MAX_WEIGHT:e} to {MAX_WEIGHT:e}"),
                });
            }
        }
        for (field, value) in [
            ("monotonicity_power", self.monotonicity_power),
            ("sum_power", self.sum_power),
        ] {
            if !(value.is_finite() && (0.0..=MAX_POWER).contains(&value)) {
                return Err(WeightsError::Range {
                    field,
                    value,
                    limit: format!("it must be from 0 to {MAX_POWER}"),
                });
            }
        }
        Ok(())
    }

    /// Read weights from JSON (the form they serialise to) and [`check`](Weights::check)
    /// them.
    ///
    /// # Errors
    /// [`WeightsError::Json`] with the parser's line and column, or a weight out of range.
    pub fn from_json(text: &str) -> Result<Weights, WeightsError> {
        let w: Weights = serde_json::from_str(text)
            .map_err(|e| WeightsError::Json(ludomat_io::error::json(&e)))?;
        w.check()?;
        Ok(w)
    }

    /// The score of one line.
    #[must_use]
    pub fn line_score(&self, line: u16) -> f64 {
        let c = cells(line);
        let mut s = self.alive;
        let mut empty = 0u32;
        let mut merges = 0u32;
        let mut small = 0u32;
        let mut clogs = 0u32;
        let mut sum = 0.0;
        let mut middle = 0.0;
        let mut rough = 0u32;
        for i in 0..4 {
            if (i == 1 || i == 2) && c[i] >= 3 {
                middle += f64::from(c[i]).powf(self.sum_power);
            }
            if i < 3 && c[i] >= 3 && c[i + 1] >= 3 {
                rough += u32::from(c[i].abs_diff(c[i + 1]));
            }
            if c[i] == 0 {
                empty += 1;
            } else {
                sum += f64::from(c[i]).powf(self.sum_power);
            }
            if i < 3 && c[i] != 0 && c[i + 1] != 0 {
                if c[i] + c[i + 1] == 3 {
                    small += 1;
                } else if fold_pair(c[i], c[i + 1]).is_some() {
                    merges += 1;
                } else if c[i] == c[i + 1] && c[i] < 3 {
                    clogs += 1;
                }
            }
        }
        let mut trapped = 0u32;
        for i in 0..4 {
            if c[i] == 1 || c[i] == 2 {
                let free = |j: usize| c[j] == 0 || c[i] + c[j] == 3;
                let left = i > 0 && free(i - 1);
                let right = i < 3 && free(i + 1);
                if !left && !right {
                    trapped += 1;
                }
            }
        }
        let (mut rising, mut falling) = (0.0, 0.0);
        for i in 0..3 {
            let a = f64::from(c[i]).powf(self.monotonicity_power);
            let b = f64::from(c[i + 1]).powf(self.monotonicity_power);
            if a > b {
                falling += a - b;
            } else {
                rising += b - a;
            }
        }
        s += self.empty * f64::from(empty)
            + self.merges * f64::from(merges)
            + self.small_merges * f64::from(small)
            - self.clogs * f64::from(clogs)
            - self.trapped * f64::from(trapped);
        s -= self.monotonicity * rising.min(falling);
        s -= self.sum * sum;
        s -= self.middle * middle + self.roughness * f64::from(rough);
        s
    }
}

/// The evaluation table for one set of weights (cheap to clone: shared).
#[derive(Clone)]
pub struct Heuristic {
    weights: Weights,
    table: Arc<[f32]>,
}

impl fmt::Debug for Heuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Heuristic")
            .field("weights", &self.weights)
            .finish_non_exhaustive()
    }
}

impl Default for Heuristic {
    fn default() -> Heuristic {
        Heuristic::new(Weights::default())
    }
}

impl Heuristic {
    /// Build the table for `weights`.
    #[must_use]
    pub fn new(weights: Weights) -> Heuristic {
        let table: Vec<f32> = (0..=u16::MAX)
            .map(|l| weights.line_score(l) as f32)
            .collect();
        Heuristic {
            weights,
            table: table.into(),
        }
    }

    /// The weights.
    #[must_use]
    pub fn weights(&self) -> Weights {
        self.weights
    }

    /// The board's value: rows plus columns.
    #[must_use]
    #[inline]
    pub fn evaluate(&self, board: Board) -> f64 {
        let t = &self.table;
        let x = board.0;
        let y = board.transposed().0;
        let mut s = 0.0f32;
        for r in 0..4 {
            s += t[((x >> (16 * r)) & 0xFFFF) as usize];
            s += t[((y >> (16 * r)) & 0xFFFF) as usize];
        }
        f64::from(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_out_of_range_are_refused() {
        let mut w = Weights::default();
        assert_eq!(w.check(), Ok(()));
        w.alive = 1e308;
        let e = w.check().unwrap_err();
        assert!(e.to_string().contains("alive = 1e308"), "{e}");
        // the range in words, never Rust's `-1e9..=1e9`
        assert!(
            e.to_string().ends_with("it must be from -1e9 to 1e9"),
            "{e}"
        );
        let text = serde_json::to_string(&Weights::default())
            .unwrap()
            .replace("\"sum_power\":3.5", "\"sum_power\":1e3");
        let e = Weights::from_json(&text).unwrap_err();
        assert!(e.to_string().contains("sum_power"), "{e}");
        assert!(e.to_string().ends_with("it must be from 0 to 8"), "{e}");
        assert_eq!(
            Weights::from_json(&serde_json::to_string(&Weights::default()).unwrap()),
            Ok(Weights::default())
        );
    }

    #[test]
    fn table_matches_direct() {
        let h = Heuristic::default();
        let b: Board = "3 6 12 24 / 0 0 1 2 / 1 1 0 0 / 0 0 0 48".parse().unwrap();
        let w = h.weights();
        let direct: f64 = (0..4).map(|r| w.line_score(b.row(r))).sum::<f64>()
            + (0..4)
                .map(|r| w.line_score(b.transposed().row(r)))
                .sum::<f64>();
        assert!((h.evaluate(b) - direct).abs() < 1.0);
        // more empty cells and a merge is better than a clogged line
        assert!(w.line_score(0x0021) > w.line_score(0x1111));
    }

    fn only(f: impl FnOnce(&mut Weights)) -> Weights {
        let mut w = Weights {
            alive: 0.0,
            empty: 0.0,
            merges: 0.0,
            small_merges: 0.0,
            clogs: 0.0,
            trapped: 0.0,
            monotonicity: 0.0,
            monotonicity_power: 1.0,
            sum: 0.0,
            sum_power: 2.0,
            middle: 0.0,
            roughness: 0.0,
        };
        f(&mut w);
        w
    }

    /// A line from its cells' codes, wall first.
    fn line(c: [u16; 4]) -> u16 {
        c[0] | (c[1] << 4) | (c[2] << 8) | (c[3] << 12)
    }

    #[test]
    fn middle_counts_big_cards_in_the_two_middle_cells() {
        let w = only(|w| w.middle = 1.0);
        // codes 5 (12) and 3 (3) in the middle: 5² + 3²; the 1 and the end cards are free
        assert_eq!(w.line_score(line([7, 5, 3, 9])), -34.0);
        assert_eq!(w.line_score(line([7, 1, 2, 9])), 0.0);
        assert_eq!(w.line_score(line([9, 0, 0, 7])), 0.0);
        // on a board: a 96 in a middle cell counts in its row and its column, on an edge once
        let h = Heuristic::new(only(|w| w.middle = 1.0));
        let centre: Board = "0 0 0 0 / 0 96 0 0 / 0 0 0 0 / 0 0 0 0".parse().unwrap();
        let edge: Board = "0 96 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0".parse().unwrap();
        let corner: Board = "96 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0".parse().unwrap();
        assert_eq!(h.evaluate(centre), -128.0);
        assert_eq!(h.evaluate(edge), -64.0);
        assert_eq!(h.evaluate(corner), 0.0);
    }

    #[test]
    fn roughness_sums_code_gaps_between_big_neighbours() {
        let w = only(|w| w.roughness = 1.0);
        // 3, 6, 48: |3−4| + |4−7|; the empty cell and the 1 break the chain
        assert_eq!(w.line_score(line([3, 4, 7, 0])), -4.0);
        assert_eq!(w.line_score(line([3, 0, 7, 1])), 0.0);
        assert_eq!(w.line_score(line([7, 1, 3, 3])), 0.0);
        assert_eq!(w.line_score(line([8, 8, 8, 8])), 0.0);
    }

    #[test]
    fn trapped_small_cards() {
        let w = only(|w| w.trapped = 1.0);
        // a 1 between a 3 and the wall, a 2 between a 1-2 partner: only the 1 by the wall
        // with a 3 behind it is trapped; a 2 next to a 1 is not
        assert_eq!(w.line_score(line([1, 3, 2, 1])), -1.0);
        assert_eq!(w.line_score(line([1, 0, 3, 3])), 0.0);
        assert_eq!(w.line_score(line([2, 2, 3, 1])), -3.0);
    }

    #[test]
    fn old_weight_files_still_load() {
        let json = r#"{"alive":1.0,"empty":2.0,"merges":3.0,"small_merges":4.0,"clogs":5.0,
            "trapped":6.0,"monotonicity":7.0,"monotonicity_power":3.0,"sum":1.0,"sum_power":3.5}"#;
        let w: Weights = serde_json::from_str(json).unwrap();
        assert_eq!((w.middle, w.roughness), (0.0, 0.0));
    }
}

#[cfg(test)]
mod rounded_tests {
    /// Weights of any precision (CMA-ES's) are said to three significant digits, never
    /// six decimals; the Display keeps them as they are.
    #[test]
    fn weights_of_any_precision_are_said_to_three_significant_digits() {
        let w = super::Weights {
            empty: 3_238.030_380_163_181,
            monotonicity: 18.512_507_087_918_95,
            monotonicity_power: 2.954_032_829_020_291,
            ..super::Weights::default()
        };
        let said = w.rounded();
        assert!(said.contains("empty 3,238 "), "{said}");
        assert!(said.contains("monotonicity 18.5^2.95 "), "{said}");
        assert!(w.to_string().contains("empty 3,238.03038"), "{w}");
    }
}
