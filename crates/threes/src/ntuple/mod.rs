//! A learned evaluation: an *n-tuple network* over afterstates, trained by temporal
//! difference learning ([`crate::learn`]).
//!
//! An n-tuple network (Szubert & Jaśkowski, "Temporal difference learning of n-tuple
//! networks for the game 2048", IEEE CIG 2014) is a sum of table lookups: each *tuple* is a
//! fixed list of cells, and the nibble codes found in those cells index a table of weights
//! (16ⁿ entries for n cells). The value of a board is the sum of the weights its tuples
//! select. The rules of Threes! are the same under the eight symmetries of the square
//! (rotations and reflections map swipes to swipes and the entry edge to the entry edge), so
//! each tuple is looked up on all eight images of the board and the eight lookups share one
//! table (*symmetric sampling*, as in the paper).
//!
//! What is valued is the **afterstate**: the board after a swipe has folded the lines and
//! before the new card comes in (Szubert & Jaśkowski found afterstate values learn best
//! in 2048). Its value estimates the score still to come: [`Network::value`] is the final
//! score expected from the afterstate minus its present score, and
//! [`Network::afterstate_value`] adds the present score back, so a search compares whole
//! expected scores. An afterstate in Threes! still has the card the hint announced waiting
//! to come in, and the deck says what follows; both go in as one more feature
//! ([`Spec::hint`]): a small table indexed by the hint (1, 2, 3 or a bonus card), the cards
//! left in the deck and the balance of 1s and 2s on the board.
//!
//! *Stages* ([`Spec::stages`]): the network may keep a separate set of tables for boards
//! whose highest card is at least a given card — the multi-stage idea of Yeh, Wu et al.
//! ("Multi-stage temporal difference learning for 2048-like games", IEEE TCIAIG 2017) in the
//! form Jaśkowski gives it ("Mastering 2048 with delayed temporal coherence learning,
//! multi-stage weight promotion, redundant encoding and carousel shaping", IEEE TG 2018):
//! a stage's tables start as a copy of the stage below the first time a board reaches it
//! (*weight promotion*), then learn on their own.
//!
//! The weights are `f32` in atomics, so several threads may read and update one network
//! at once without locks (Hogwild!-style: an update may now and then be lost to a
//! concurrent one; with one thread every update lands and a run is reproducible).
//! [`file`] saves and loads networks (exact `f32`, or quantised to 16 bits for shipping).

pub mod file;
pub mod leaf;

pub use leaf::LeafCache;

use std::fmt;
use std::sync::atomic::{AtomicU32, AtomicU8, Ordering};
use std::sync::Mutex;

use crate::card::Hint;
use crate::{Board, Deck, Direction};

/// The most cells a tuple may have (16⁶ = 16,777,216 weights per table).
pub const MAX_TUPLE_CELLS: usize = 6;
/// The most tuples in a network.
pub const MAX_TUPLES: usize = 16;
/// The most stages.
pub const MAX_STAGES: usize = 4;
/// The most weights a network may hold (2²⁸: 1 GiB of `f32`).
pub const MAX_WEIGHTS: u64 = 1 << 28;

/// Entries of the hint-and-deck table: hint class (4) × deck (125) × balance of 1s and 2s
/// (13).
pub const HINT_ENTRIES: usize = 4 * 125 * 13;

/// The most tuples that also read the hint.
pub const MAX_HINT_TUPLES: usize = 8;
/// The most cells of a tuple that also reads the hint.
pub const MAX_HINT_TUPLE_CELLS: usize = 5;

/// Entries of one entry table: the column's four cells (16 bits), the moved lines (4) and
/// the hint class (2).
pub const ENTRY_ENTRIES: usize = 1 << 22;

/// The eight symmetric images of each tuple, the hint feature, the entry columns (two
/// images each).
const MAX_FEATURES: usize = (MAX_TUPLES + MAX_HINT_TUPLES) * 8 + 1 + 4;

/// Which network: the tuples, the stages and the extra inputs.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    /// Each tuple's cells (0..16 in reading order: row × 4 + column).
    pub tuples: Vec<Vec<u8>>,
    /// The codes of the highest card at which a new stage starts (ascending; empty: one
    /// stage). `[12]`: one set of tables below 1536, another from 1536 on.
    pub stages: Vec<u8>,
    /// The hint-and-deck feature.
    pub hint: bool,
    /// Tuples whose index also holds the hint (1, 2, 3 or bonus): what the next card
    /// meets in those cells (four tables of 16ⁿ each).
    #[serde(default)]
    pub hint_tuples: Vec<Vec<u8>>,
    /// The entry columns: the edge where the swipe's new card comes in and the column
    /// beside it, each read with the lines that moved (where the card may land) and the
    /// hint (two tables of 2²² entries).
    #[serde(default)]
    pub entry: bool,
}

/// A network that cannot be.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// No tuple, or too many.
    #[error("a network has 1 to {MAX_TUPLES} tuples, not {0}")]
    TupleCount(usize),
    /// A tuple of the wrong size or with a cell off the board or twice.
    #[error("tuple {index}: {problem}")]
    Tuple {
        /// The tuple (0-based).
        index: usize,
        /// What is wrong.
        problem: String,
    },
    /// Stages not ascending, too many, or not cards that can start one.
    #[error("stages {}: at most {max} ascending codes from 4 (6) to 15 (12,288)", .0.iter().map(u8::to_string).collect::<Vec<_>>().join(", "), max = MAX_STAGES - 1)]
    Stages(Vec<u8>),
    /// More weights than allowed.
    #[error("{0} weights is more than the {MAX_WEIGHTS} a network may have")]
    TooLarge(u64),
    /// No preset of that name.
    #[error("'{0}' is no tuple set: use {names}", names = PRESETS.iter().map(|p| p.0).collect::<Vec<_>>().join(", "))]
    Preset(String),
}

/// The named tuple sets (cells in reading order).
///
/// * `6x4`: the four 6-tuples of Yeh, Wu et al. (and the NCTU courses): the first row with
///   two cells of the second, the second row with two of the third, and two 2×3 rectangles.
/// * `5x6`: six 5-tuples (rows and corners), a quarter of `6x4`'s memory per tuple.
/// * `4x5`: Szubert & Jaśkowski's two straight 4-tuples and three 2×2 squares (small and
///   fast).
pub const PRESETS: &[(&str, &[&[u8]])] = &[
    (
        "6x4",
        &[
            &[0, 1, 2, 3, 4, 5],
            &[4, 5, 6, 7, 8, 9],
            &[0, 1, 2, 4, 5, 6],
            &[4, 5, 6, 8, 9, 10],
        ],
    ),
    (
        "5x6",
        &[
            &[0, 1, 2, 3, 4],
            &[4, 5, 6, 7, 8],
            &[0, 1, 2, 4, 5],
            &[4, 5, 6, 8, 9],
            &[0, 1, 4, 5, 8],
            &[1, 2, 5, 6, 9],
        ],
    ),
    (
        "4x5",
        &[
            &[0, 1, 2, 3],
            &[4, 5, 6, 7],
            &[0, 1, 4, 5],
            &[1, 2, 5, 6],
            &[5, 6, 9, 10],
        ],
    ),
];

impl Spec {
    /// The preset tuple set `name` ([`PRESETS`]) with these stages and the hint feature
    /// on or off.
    ///
    /// # Errors
    /// An unknown name, or stages that cannot be.
    pub fn preset(name: &str, stages: Vec<u8>, hint: bool) -> Result<Spec, SpecError> {
        let (_, tuples) = PRESETS
            .iter()
            .find(|p| p.0 == name)
            .ok_or_else(|| SpecError::Preset(name.to_string()))?;
        let spec = Spec {
            tuples: tuples.iter().map(|t| t.to_vec()).collect(),
            stages,
            hint,
            hint_tuples: Vec::new(),
            entry: false,
        };
        spec.check()?;
        Ok(spec)
    }

    /// Check the spec.
    ///
    /// # Errors
    /// What is wrong, naming the tuple.
    pub fn check(&self) -> Result<(), SpecError> {
        let count = self.tuples.len() + self.hint_tuples.len();
        if count == 0 || self.tuples.len() > MAX_TUPLES {
            return Err(SpecError::TupleCount(count));
        }
        if self.hint_tuples.len() > MAX_HINT_TUPLES {
            return Err(SpecError::Tuple {
                index: self.tuples.len(),
                problem: format!("more than {MAX_HINT_TUPLES} tuples read the hint"),
            });
        }
        let all = self.tuples.iter().chain(&self.hint_tuples);
        for (index, t) in all.enumerate() {
            let fail = |problem: String| Err(SpecError::Tuple { index, problem });
            let most = if index < self.tuples.len() {
                MAX_TUPLE_CELLS
            } else {
                MAX_HINT_TUPLE_CELLS
            };
            if t.is_empty() || t.len() > most {
                return fail(format!("has {} cells, not 1 to {most}", t.len()));
            }
            let mut seen = 0u16;
            for &c in t {
                if c >= 16 {
                    return fail(format!("cell {c} is off the board (0 to 15)"));
                }
                if seen & (1 << c) != 0 {
                    return fail(format!("cell {c} twice"));
                }
                seen |= 1 << c;
            }
        }
        let s = &self.stages;
        if s.len() >= MAX_STAGES
            || s.iter().any(|&c| !(4..=15).contains(&c))
            || s.windows(2).any(|w| w[0] >= w[1])
        {
            return Err(SpecError::Stages(s.clone()));
        }
        let n = self.weights_per_stage() * self.stage_count() as u64;
        if n > MAX_WEIGHTS {
            return Err(SpecError::TooLarge(n));
        }
        Ok(())
    }

    /// The number of stages.
    #[must_use]
    pub fn stage_count(&self) -> usize {
        self.stages.len() + 1
    }

    /// Weights in one stage's tables.
    #[must_use]
    pub fn weights_per_stage(&self) -> u64 {
        self.tuples
            .iter()
            .map(|t| 16u64.pow(t.len().min(MAX_TUPLE_CELLS) as u32))
            .sum::<u64>()
            + self
                .hint_tuples
                .iter()
                .map(|t| 4 * 16u64.pow(t.len().min(MAX_HINT_TUPLE_CELLS) as u32))
                .sum::<u64>()
            + if self.hint { HINT_ENTRIES as u64 } else { 0 }
            + if self.entry {
                2 * ENTRY_ENTRIES as u64
            } else {
                0
            }
    }

    /// The stage of a board whose highest card has code `max`.
    #[must_use]
    pub fn stage_of(&self, max: u8) -> usize {
        self.stages.iter().filter(|&&c| max >= c).count()
    }

    /// Features looked up per evaluation: eight per tuple, and the hint's.
    #[must_use]
    pub fn features(&self) -> usize {
        (self.tuples.len() + self.hint_tuples.len()) * 8
            + usize::from(self.hint)
            + if self.entry { 4 } else { 0 }
    }
}

impl fmt::Display for Spec {
    /// `6×4, 2 stages (from 1536), hint, 2 hint lines, entry` (a named tuple set by its
    /// name as words write it — `6×4`, where `--tuples` takes `6x4` — others by their
    /// sizes: `3 tuples (6,5,4)`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let named = |tuples: &[Vec<u8>]| {
            PRESETS
                .iter()
                .find(|p| p.1.iter().map(|t| t.to_vec()).eq(tuples.iter().cloned()))
                .map(|p| p.0.replace('x', "×"))
        };
        let mut hint_tuples = self.hint_tuples.len();
        if self.tuples.is_empty() {
            // every tuple reads the hint: a named set first, then any others
            let sets = (1..=self.hint_tuples.len()).rev();
            match sets
                .filter_map(|n| Some((n, named(&self.hint_tuples[..n])?)))
                .next()
            {
                Some((n, name)) => {
                    write!(f, "{name} with the hint")?;
                    hint_tuples -= n;
                }
                None => f.write_str("no plain tuples")?,
            }
        } else {
            match named(&self.tuples) {
                Some(name) => f.write_str(&name)?,
                None => {
                    let sizes: Vec<String> =
                        self.tuples.iter().map(|t| t.len().to_string()).collect();
                    write!(f, "{} tuples ({})", self.tuples.len(), sizes.join(","))?;
                }
            }
        }
        write!(f, ", {} stage", self.stage_count())?;
        if !self.stages.is_empty() {
            let from: Vec<String> = self
                .stages
                .iter()
                .map(|&c| crate::Tile::from_nibble(c).to_string())
                .collect();
            write!(f, "s (from {})", from.join(", "))?;
        }
        f.write_str(if self.hint { ", hint" } else { ", no hint" })?;
        match hint_tuples {
            0 => {}
            n => write!(f, ", {n} hint tuple{}", if n == 1 { "" } else { "s" })?,
        }
        if self.entry {
            f.write_str(", entry")?;
        }
        Ok(())
    }
}

/// The network shipped with ludomat (`crates/threes/networks/`), read once.
///
/// # Errors
/// When there is none in this build (or it is damaged).
pub fn shipped() -> Result<std::sync::Arc<Network>, file::NetworkFileError> {
    static SHIPPED: std::sync::OnceLock<Result<std::sync::Arc<Network>, String>> =
        std::sync::OnceLock::new();
    SHIPPED
        .get_or_init(|| match SHIPPED_BYTES {
            None => Err("no network is shipped with this build: train one with 'threes learn' and give it with --network".into()),
            Some(bytes) => file::from_bytes(SHIPPED_NAME, bytes)
                .map(|l| std::sync::Arc::new(l.network.compact()))
                .map_err(|e| e.to_string()),
        })
        .clone()
        .map_err(|problem| file::NetworkFileError::Damaged {
            path: SHIPPED_NAME.into(),
            problem,
        })
}

/// The shipped network's name in messages.
pub const SHIPPED_NAME: &str = "the shipped network";

/// The shipped network's bytes (`crates/threes/networks/threes-5x6.ntuple`: 16-bit
/// weights, gzip; how it was trained is in BENCHMARKS.md and `networks/README.md`).
const SHIPPED_BYTES: Option<&[u8]> = Some(include_bytes!("../../networks/threes-5x6.ntuple"));

/// Swap the two halves of each row: the board mirrored left to right.
#[inline]
const fn mirror(x: u64) -> u64 {
    ((x & 0x000F_000F_000F_000F) << 12)
        | ((x & 0x00F0_00F0_00F0_00F0) << 4)
        | ((x >> 4) & 0x00F0_00F0_00F0_00F0)
        | ((x >> 12) & 0x000F_000F_000F_000F)
}

/// The rows in reverse order: the board flipped top to bottom.
#[inline]
const fn flip(x: u64) -> u64 {
    (x >> 48) | ((x >> 16) & 0xFFFF_0000) | ((x << 16) & 0xFFFF_0000_0000) | (x << 48)
}

/// The eight images of a board under the symmetries of the square.
#[inline]
#[must_use]
pub fn symmetries(b: Board) -> [u64; 8] {
    let x = b.0;
    let t = crate::board::transpose(x);
    let f = flip(x);
    let ft = flip(t);
    [x, mirror(x), f, mirror(f), t, mirror(t), ft, mirror(ft)]
}

/// The score of each nibble code (a card's score; 0 for empty, 1, 2).
const SCORES: [u32; 16] = {
    let mut s = [0u32; 16];
    let mut c = 3;
    while c < 16 {
        s[c] = 3u32.pow(c as u32 - 2);
        c += 1;
    }
    s
};

/// The game's score of a board (the same as [`Board::score`], faster).
#[inline]
#[must_use]
pub fn score(b: Board) -> f64 {
    let mut s = 0u32;
    for byte in b.0.to_le_bytes() {
        s += PAIR_SCORES[usize::from(byte)];
    }
    f64::from(s)
}

/// The score of the two cards of each byte of a board.
const PAIR_SCORES: [u32; 256] = {
    let mut s = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        s[b] = SCORES[b & 0xF] + SCORES[b >> 4];
        b += 1;
    }
    s
};

/// Which of the four hint classes: 1, 2, 3, or a bonus card (any hint that is not one
/// basic card).
#[inline]
fn hint_class(hint: Hint) -> usize {
    match hint.codes {
        0b0010 if !hint.plus => 0,
        0b0100 if !hint.plus => 1,
        0b1000 if !hint.plus => 2,
        _ => 3,
    }
}

/// The number of 1s minus the number of 2s, clamped to −6 … 6, as 0 … 12.
#[inline]
fn balance(b: Board) -> usize {
    // (16 − the 2s) − (16 − the 1s)
    let d = nibbles_other_than(b.0, 2) as i32 - nibbles_other_than(b.0, 1) as i32;
    (d.clamp(-6, 6) + 6) as usize
}

/// How many of the sixteen nibbles of `x` are not `v`.
#[inline]
const fn nibbles_other_than(x: u64, v: u64) -> u64 {
    const LOW: u64 = 0x1111_1111_1111_1111;
    // a nibble of `y` is zero where `x`'s is `v`; fold each nibble's bits into its lowest
    let y = x ^ (v * LOW);
    let t = y | (y >> 1);
    let t = (t | (t >> 2)) & LOW;
    // the upper fifteen summed into the top nibble by one multiplication (at most 15:
    // no carry), and the lowest
    ((t >> 4).wrapping_mul(LOW) >> 60) + (t & 1)
}

/// An afterstate: the board after a swipe folded its lines, which swipe, and which lines
/// moved (the new card comes in at the far end of one of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Afterstate {
    /// The folded board.
    pub board: Board,
    /// The swipe.
    pub swipe: Direction,
    /// Bit `i`: line `i` moved (see [`crate::Swiped::moved`]).
    pub moved: u8,
}

impl Afterstate {
    /// The afterstate of swipe `swipe` that folded into `s`.
    #[must_use]
    pub const fn of(s: crate::Swiped, swipe: Direction) -> Afterstate {
        Afterstate {
            board: s.board,
            swipe,
            moved: s.moved,
        }
    }

    /// The board turned so that the new card comes in on the right edge (a swipe to the
    /// left), and the moved lines as rows.
    #[inline]
    #[must_use]
    pub fn entering_right(self) -> (u64, u8) {
        let x = self.board.0;
        let turned = match self.swipe {
            Direction::Left => x,
            Direction::Right => mirror(x),
            Direction::Up => crate::board::transpose(x),
            Direction::Down => mirror(crate::board::transpose(x)),
        };
        (turned, self.moved & 0xF)
    }
}

/// Four bits in reverse order.
#[inline]
const fn reverse4(m: u8) -> u8 {
    ((m & 1) << 3) | ((m & 2) << 1) | ((m & 4) >> 1) | ((m & 8) >> 3)
}

/// The table entries one afterstate selects (with its stage's offset added).
pub(crate) struct Features {
    pub(crate) index: [u32; MAX_FEATURES],
    pub(crate) count: usize,
    pub(crate) stage: u8,
}

/// A tuple as bit shifts of its cells.
#[derive(Debug, Clone)]
struct Tuple {
    /// The cells as runs of neighbouring nibbles: `(x >> shift) & mask` for each of the
    /// first `runs` (cell k of the tuple lands in nibble k of the index).
    runs: [(u32, u64); MAX_TUPLE_CELLS],
    count: usize,
    len: usize,
    /// Where its table starts within a stage.
    offset: u32,
    /// Whether the hint class sits above the cells in its index.
    hinted: bool,
}

/// A tuple's cells as runs: cell `k` (at nibble `c` of the board) goes to nibble `k` of
/// the index, so cells that follow each other on the board and in the tuple move together
/// with one rotation and one mask (the presets' tuples, in reading order, have one to
/// three runs).
fn runs_of(cells: &[u8]) -> ([(u32, u64); MAX_TUPLE_CELLS], usize) {
    let cells = &cells[..cells.len().min(MAX_TUPLE_CELLS)];
    let mut runs = [(0u32, 0u64); MAX_TUPLE_CELLS];
    let mut count = 0;
    let mut k = 0;
    while k < cells.len() {
        let mut n = 1;
        while k + n < cells.len() && cells[k + n] == cells[k] + n as u8 {
            n += 1;
        }
        // rotating right by 4·(c − k) (mod 64) brings nibble c to nibble k
        let rotation = (4 * (i32::from(cells[k]) - k as i32)).rem_euclid(64) as u32;
        runs[count] = (rotation, ((1u64 << (4 * n)) - 1) << (4 * k));
        count += 1;
        k += n;
    }
    (runs, count)
}

/// The eight entries of tuple `t` on the eight `images`, its table at `at`.
#[inline]
fn tuple_indices(t: &Tuple, images: &[u64; 8], at: u32, out: &mut [u32]) {
    let mut index = [0u64; 8];
    for &(rotation, mask) in &t.runs[..t.count] {
        for (i, &x) in index.iter_mut().zip(images) {
            *i |= x.rotate_right(rotation) & mask;
        }
    }
    for (o, i) in out.iter_mut().zip(index) {
        *o = at + i as u32;
    }
}

/// An n-tuple network: the spec and its weights. See the [module documentation](self).
pub struct Network {
    spec: Spec,
    tuples: Vec<Tuple>,
    /// Where the hint table starts within a stage.
    hint_offset: u32,
    /// Where the entry tables start within a stage.
    entry_offset: u32,
    per_stage: usize,
    /// The stage each highest-card code reads: its own once it has weights, else the
    /// highest stage below with weights.
    stage_map: [AtomicU8; 16],
    /// Which stages have their own weights.
    promoted: Mutex<Vec<bool>>,
    /// The weights as `f32` bits (empty in a compact network).
    weights: Box<[AtomicU32]>,
    /// A network made to play only: the weights in 16 bits, half the memory and so fewer
    /// cache misses in a search ([`Network::compact`]).
    compact: Option<Compact>,
    /// [`Network::tables`].
    table_ranges: Vec<(usize, usize)>,
}

/// 16-bit weights: each table's weights divided by its scale, rounded.
#[derive(Debug, Clone, PartialEq)]
struct Compact {
    weights: Box<[i16]>,
    /// Per stage, per table ([`Network::tables`] order).
    scales: Vec<f32>,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Network")
            .field("spec", &self.spec)
            .finish_non_exhaustive()
    }
}

impl Clone for Network {
    fn clone(&self) -> Network {
        let mut n = Network::zeroed_unchecked(self.spec.clone());
        if let Some(c) = &self.compact {
            n.weights = Box::new([]);
            n.compact = Some(c.clone());
        }
        for (a, b) in n.weights.iter_mut().zip(self.weights.iter()) {
            *a.get_mut() = b.load(Ordering::Relaxed);
        }
        n.set_stages_used(&self.stages_used());
        n
    }
}

impl PartialEq for Network {
    /// The same spec, the same stages used and bit-identical weights.
    fn eq(&self, other: &Network) -> bool {
        self.spec == other.spec
            && self.stages_used() == other.stages_used()
            && self.compact.is_some() == other.compact.is_some()
            && (0..self.weight_count())
                .all(|i| self.weight(i).to_bits() == other.weight(i).to_bits())
    }
}

impl Network {
    /// A network of zeros (only stage 0 in use).
    ///
    /// # Errors
    /// A spec that cannot be.
    pub fn new(spec: Spec) -> Result<Network, SpecError> {
        spec.check()?;
        Ok(Network::zeroed_unchecked(spec))
    }

    fn zeroed_unchecked(spec: Spec) -> Network {
        let mut offset = 0u32;
        let plain = spec.tuples.iter().map(|t| (t, false));
        let hinted = spec.hint_tuples.iter().map(|t| (t, true));
        let tuples = plain
            .chain(hinted)
            .map(|(t, hinted)| {
                let (runs, count) = runs_of(t);
                let here = offset;
                offset += 16u32.pow(t.len() as u32) * if hinted { 4 } else { 1 };
                Tuple {
                    runs,
                    count,
                    len: t.len().min(MAX_TUPLE_CELLS),
                    offset: here,
                    hinted,
                }
            })
            .collect();
        let hint_offset = offset;
        let entry_offset = offset + if spec.hint { HINT_ENTRIES as u32 } else { 0 };
        let per_stage = spec.weights_per_stage() as usize;
        let total = per_stage * spec.stage_count();
        let weights: Box<[AtomicU32]> = (0..total).map(|_| AtomicU32::new(0)).collect();
        let n = Network {
            stage_map: std::array::from_fn(|_| AtomicU8::new(0)),
            promoted: Mutex::new(vec![false; spec.stage_count()]),
            spec,
            tuples,
            hint_offset,
            entry_offset,
            per_stage,
            weights,
            compact: None,
            table_ranges: Vec::new(),
        };
        let mut n = n;
        n.table_ranges = n.table_ranges();
        n.set_stages_used(&[true]);
        n
    }

    /// Weights in all (every stage).
    #[must_use]
    pub fn weight_count(&self) -> usize {
        self.per_stage * self.spec.stage_count()
    }

    /// Weight `i` (stage by stage, tables in [`Network::tables`] order).
    #[must_use]
    pub fn weight(&self, i: usize) -> f32 {
        match &self.compact {
            None => f32::from_bits(self.weights[i].load(Ordering::Relaxed)),
            Some(c) => {
                let stage = i / self.per_stage;
                let within = i % self.per_stage;
                let table = self
                    .table_ranges
                    .iter()
                    .position(|&(start, len)| (start..start + len).contains(&within))
                    .unwrap_or(0);
                f32::from(c.weights[i]) * c.scales[stage * self.table_ranges.len() + table]
            }
        }
    }

    /// The tables of one stage as ranges of weights: each tuple's (plain, then those with
    /// the hint), the hint table, the two entry tables.
    #[must_use]
    pub fn tables(&self) -> Vec<(usize, usize)> {
        self.table_ranges.clone()
    }

    fn table_ranges(&self) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = Vec::new();
        for (k, t) in self.tuples.iter().enumerate() {
            let len = 16usize.pow(t.len as u32) * if t.hinted { 4 } else { 1 };
            debug_assert_eq!(
                t.offset as usize,
                out.last().map_or(0, |l| l.0 + l.1),
                "{k}"
            );
            out.push((t.offset as usize, len));
        }
        if self.spec.hint {
            out.push((self.hint_offset as usize, HINT_ENTRIES));
        }
        if self.spec.entry {
            let e = self.entry_offset as usize;
            out.push((e, ENTRY_ENTRIES));
            out.push((e + ENTRY_ENTRIES, ENTRY_ENTRIES));
        }
        out
    }

    /// The same network in 16 bits, to play with (not to train: a compact network does
    /// not learn). Each table is scaled by its largest weight, so a weight moves by at
    /// most 1/65,534 of that.
    #[must_use]
    pub fn compact(&self) -> Network {
        if self.compact.is_some() {
            return self.clone();
        }
        let tables = self.tables();
        let mut weights = vec![0i16; self.weight_count()].into_boxed_slice();
        let mut scales = Vec::with_capacity(tables.len() * self.spec.stage_count());
        for stage in 0..self.spec.stage_count() {
            let base = stage * self.per_stage;
            for &(start, len) in &tables {
                let range = base + start..base + start + len;
                let max = range
                    .clone()
                    .map(|i| self.weight(i).abs())
                    .fold(0.0f32, f32::max);
                let scale = if max > 0.0 && max.is_finite() {
                    max / 32767.0
                } else {
                    1.0
                };
                for i in range {
                    weights[i] = (self.weight(i) / scale).round().clamp(-32767.0, 32767.0) as i16;
                }
                scales.push(scale);
            }
        }
        let mut n = Network::zeroed_unchecked(self.spec.clone());
        n.weights = Box::new([]);
        n.compact = Some(Compact { weights, scales });
        n.set_stages_used(&self.stages_used());
        n
    }

    /// Whether this is a compact (16-bit, play-only) network.
    #[must_use]
    pub fn is_compact(&self) -> bool {
        self.compact.is_some()
    }

    /// The spec.
    #[must_use]
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    /// Which stages have weights of their own (stage 0 always).
    #[must_use]
    pub fn stages_used(&self) -> Vec<bool> {
        match self.promoted.lock() {
            Ok(p) => p.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Mark the stages with weights of their own (stage 0 always is) and read each
    /// highest card's stage accordingly.
    pub(crate) fn set_stages_used(&self, used: &[bool]) {
        let mut p = match self.promoted.lock() {
            Ok(p) => p,
            Err(poisoned) => poisoned.into_inner(),
        };
        for (i, slot) in p.iter_mut().enumerate() {
            *slot = i == 0 || used.get(i).copied().unwrap_or(false);
        }
        for code in 0..16u8 {
            let nominal = self.spec.stage_of(code);
            let read = (0..=nominal).rev().find(|&s| p[s]).unwrap_or(0);
            self.stage_map[usize::from(code)].store(read as u8, Ordering::Relaxed);
        }
    }

    /// Give stage `stage` weights of its own, a copy of the stage below's, if it has none
    /// yet (weight promotion). Training calls this before it values a board of a new stage.
    pub fn promote(&self, stage: usize) {
        if stage == 0 || stage >= self.spec.stage_count() || self.compact.is_some() {
            return;
        }
        let mut used = self.stages_used();
        if used[stage] {
            return;
        }
        self.promote(stage - 1);
        let (from, to) = ((stage - 1) * self.per_stage, stage * self.per_stage);
        for i in 0..self.per_stage {
            let w = self.weights[from + i].load(Ordering::Relaxed);
            self.weights[to + i].store(w, Ordering::Relaxed);
        }
        used[stage] = true;
        self.set_stages_used(&used);
    }

    /// Make sure the stage of an afterstate with highest card `max` has weights of its own
    /// (cheap when it has).
    #[inline]
    pub fn ensure_stage(&self, max: u8) {
        let nominal = self.spec.stage_of(max);
        if usize::from(self.stage_map[usize::from(max & 0xF)].load(Ordering::Relaxed)) != nominal {
            self.promote(nominal);
        }
    }

    /// The weights, stage by stage (tuples in order, then those with the hint, then the
    /// hint table).
    pub(crate) fn raw(&self) -> &[AtomicU32] {
        &self.weights
    }

    /// Weights per stage.
    #[must_use]
    pub fn weights_per_stage(&self) -> usize {
        self.per_stage
    }

    /// The stage an afterstate's board reads (see [`Spec::stages`]).
    #[inline]
    pub(crate) fn stage_of_board(&self, board: Board) -> u8 {
        self.stage_map[usize::from(board.max_tile().code())].load(Ordering::Relaxed)
    }

    /// Where stage `stage`'s weights start.
    #[inline]
    fn stage_base(&self, stage: u8) -> u32 {
        // at most MAX_WEIGHTS (2²⁸) weights in all
        (usize::from(stage) * self.per_stage) as u32
    }

    /// Entries of the plain tuples (those that do not read the hint): eight a tuple, the
    /// first of every afterstate's [`Features`].
    #[inline]
    pub(crate) fn plain_count(&self) -> usize {
        self.spec.tuples.len() * 8
    }

    /// The entries an afterstate selects: those of the plain tuples
    /// ([`Network::plain_indices`]), then the rest ([`Network::rest_indices`]).
    #[inline]
    pub(crate) fn features(&self, a: Afterstate, hint: Hint, deck: Deck) -> Features {
        let stage = self.stage_of_board(a.board);
        let base = self.stage_base(stage);
        let mut f = Features {
            index: [0; MAX_FEATURES],
            count: 0,
            stage,
        };
        let images = symmetries(a.board);
        self.plain_indices(&images, base, &mut f.index);
        f.count = self.plain_count();
        f.count += self.rest_indices(a, &images, hint, deck, base, &mut f.index[f.count..]);
        f
    }

    /// The entries of the plain tuples on the board's eight `images`, stage weights from
    /// `base`, into `out` (eight a tuple, tuples in order): they depend on the board alone.
    #[inline]
    pub(crate) fn plain_indices(&self, images: &[u64; 8], base: u32, out: &mut [u32]) {
        let plain = &self.tuples[..self.spec.tuples.len()];
        for (t, out) in plain.iter().zip(out.chunks_exact_mut(8)) {
            tuple_indices(t, images, base + t.offset, out);
        }
    }

    /// The entries that depend on more than the board, into `out`: the tuples that read
    /// the hint, the hint-and-deck entry, the entry columns (in that order); how many.
    #[inline]
    pub(crate) fn rest_indices(
        &self,
        a: Afterstate,
        images: &[u64; 8],
        hint: Hint,
        deck: Deck,
        base: u32,
        out: &mut [u32],
    ) -> usize {
        let class = hint_class(hint) as u32;
        let mut count = 0;
        for t in &self.tuples[self.spec.tuples.len()..] {
            let top = class << (4 * t.len);
            tuple_indices(t, images, base + t.offset + top, &mut out[count..count + 8]);
            count += 8;
        }
        if self.spec.hint {
            let h = (hint_class(hint) * 125 + deck.key() as usize) * 13 + balance(a.board);
            out[count] = base + self.hint_offset + h as u32;
            count += 1;
        }
        if self.spec.entry {
            let (x, moved) = a.entering_right();
            let top = ((class as usize) << 20) | (usize::from(moved) << 16);
            let flipped_top = ((class as usize) << 20) | (usize::from(reverse4(moved)) << 16);
            for (image, top) in [(x, top), (flip(x), flipped_top)] {
                for (k, col) in [3u32, 2].into_iter().enumerate() {
                    let cells =
                        crate::line::pack_column((image >> (4 * col)) & 0x000F_000F_000F_000F);
                    let i = self.entry_offset as usize + k * ENTRY_ENTRIES + top + cells as usize;
                    out[count] = base + i as u32;
                    count += 1;
                }
            }
        }
        count
    }

    /// The sum of the weights of `f`.
    #[inline]
    pub(crate) fn sum(&self, f: &Features) -> f64 {
        let plain = self.plain_count();
        let s = self.sum_plain(f.stage, &f.index[..plain]);
        f64::from(self.sum_rest(s, f.stage, &f.index[plain..f.count]))
    }

    /// The plain tuples' part of a sum ([`Network::plain_indices`]' entries), in `f32`:
    /// a compact network sums each table's lookups as integers and then scales them.
    /// [`Network::sum_rest`] goes on from it in the same order, so the two together are
    /// the value bit for bit, whether the first part was just computed or remembered.
    #[inline]
    pub(crate) fn sum_plain(&self, stage: u8, index: &[u32]) -> f32 {
        let mut s = 0.0f32;
        match &self.compact {
            None => {
                for &i in index {
                    s += f32::from_bits(self.weights[i as usize].load(Ordering::Relaxed));
                }
            }
            Some(c) => {
                let scales = &c.scales[usize::from(stage) * self.table_ranges.len()..];
                for (chunk, scale) in index.chunks_exact(8).zip(scales) {
                    let acc: i32 = chunk
                        .iter()
                        .map(|&i| i32::from(c.weights[i as usize]))
                        .sum();
                    s += acc as f32 * scale;
                }
            }
        }
        s
    }

    /// The rest of a sum ([`Network::rest_indices`]' entries), going on from `s`.
    #[inline]
    pub(crate) fn sum_rest(&self, mut s: f32, stage: u8, index: &[u32]) -> f32 {
        let Some(c) = &self.compact else {
            for &i in index {
                s += f32::from_bits(self.weights[i as usize].load(Ordering::Relaxed));
            }
            return s;
        };
        let scales = &c.scales[usize::from(stage) * self.table_ranges.len()..];
        let q = |k: usize| i32::from(c.weights[index[k] as usize]);
        let mut table = self.spec.tuples.len();
        let mut k = 0;
        for _ in &self.spec.hint_tuples {
            let acc: i32 = (k..k + 8).map(q).sum();
            s += acc as f32 * scales[table];
            k += 8;
            table += 1;
        }
        if self.spec.hint {
            s += q(k) as f32 * scales[table];
            k += 1;
            table += 1;
        }
        if self.spec.entry {
            // two images, each the entry column then the one beside it
            s += (q(k) + q(k + 2)) as f32 * scales[table];
            s += (q(k + 1) + q(k + 3)) as f32 * scales[table + 1];
        }
        s
    }

    /// Add `step` to every weight of `f` (an entry selected twice gets it twice).
    #[inline]
    pub(crate) fn add(&self, f: &Features, step: f32) {
        // a compact network has no f32 weights: it does not learn
        for &i in f.index[..f.count].iter().filter(|_| self.compact.is_none()) {
            let w = &self.weights[i as usize];
            let v = f32::from_bits(w.load(Ordering::Relaxed)) + step;
            w.store(v.to_bits(), Ordering::Relaxed);
        }
    }

    /// The score still to come after the afterstate `after` (the board folded by a swipe,
    /// the hinted card not yet in), with `hint` announcing that card and `deck` the basic
    /// cards left after it.
    #[inline]
    #[must_use]
    pub fn value(&self, after: Afterstate, hint: Hint, deck: Deck) -> f64 {
        self.sum(&self.features(after, hint, deck))
    }

    /// The final score expected from an afterstate: its score and [`Network::value`].
    #[inline]
    #[must_use]
    pub fn afterstate_value(&self, after: Afterstate, hint: Hint, deck: Deck) -> f64 {
        score(after.board) + self.value(after, hint, deck)
    }

    /// The final score expected from a position (the board with the next card announced
    /// by `hint`, `deck` left): the best swipe's [`Network::afterstate_value`], or the
    /// board's score when no swipe is left.
    #[must_use]
    pub fn state_value(&self, board: Board, hint: Hint, deck: Deck) -> f64 {
        self.best(board, hint, deck)
            .map_or_else(|| score(board), |(_, v)| v)
    }

    /// The greedy one-ply choice: the swipe whose afterstate is worth most, and that
    /// value; `None` when no swipe moves anything. Ties go to the first in
    /// [`Direction::ALL`] order.
    #[must_use]
    pub fn best(&self, board: Board, hint: Hint, deck: Deck) -> Option<(Direction, f64)> {
        let mut best: Option<(Direction, f64)> = None;
        for d in Direction::ALL {
            if let Some(s) = board.swipe(d) {
                let v = self.afterstate_value(Afterstate::of(s, d), hint, deck);
                if best.is_none_or(|(_, b)| v > b) {
                    best = Some((d, v));
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tile;

    fn b(s: &str) -> Board {
        s.parse().unwrap()
    }

    /// The eight images are the rotations and reflections, computed cell by cell.
    #[test]
    fn symmetries_are_the_eight_of_the_square() {
        let x = b("1 2 3 6 / 12 24 48 96 / 192 384 768 1536 / 3072 6144 12288 0");
        let images = symmetries(x);
        let naive = |f: &dyn Fn(usize, usize) -> (usize, usize)| {
            let mut out = Board::EMPTY;
            for r in 0..4 {
                for c in 0..4 {
                    let (r2, c2) = f(r, c);
                    out = out.with(r2, c2, x.get(r, c));
                }
            }
            out.0
        };
        let maps: [&dyn Fn(usize, usize) -> (usize, usize); 8] = [
            &|r, c| (r, c),
            &|r, c| (r, 3 - c),
            &|r, c| (3 - r, c),
            &|r, c| (3 - r, 3 - c),
            &|r, c| (c, r),
            &|r, c| (c, 3 - r),
            &|r, c| (3 - c, r),
            &|r, c| (3 - c, 3 - r),
        ];
        let mut want: Vec<u64> = maps.iter().map(|m| naive(*m)).collect();
        let mut got = images.to_vec();
        want.sort_unstable();
        got.sort_unstable();
        assert_eq!(got, want);
        // all distinct for a board with 16 different cells
        got.dedup();
        assert_eq!(got.len(), 8);
    }

    fn spec(hint: bool) -> Spec {
        let mut s = Spec::preset("6x4", vec![], hint).unwrap();
        if hint {
            s.hint_tuples = vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]];
            s.entry = true;
        }
        s
    }

    /// A network with every weight set from its index, so lookups differ.
    fn filled(spec: Spec) -> Network {
        let n = Network::new(spec).unwrap();
        for (i, w) in n.raw().iter().enumerate() {
            let h = (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
            w.store(((h % 9973) as f32 * 0.25).to_bits(), Ordering::Relaxed);
        }
        n
    }

    /// Each symmetry of the square as a map of (row, column), and where it takes each
    /// swipe (a swipe toward a wall goes to the swipe toward that wall's image).
    type CellMap = Box<dyn Fn(usize, usize) -> (usize, usize)>;

    fn symmetry_maps() -> Vec<CellMap> {
        vec![
            Box::new(|r, c| (r, c)),
            Box::new(|r, c| (r, 3 - c)),
            Box::new(|r, c| (3 - r, c)),
            Box::new(|r, c| (3 - r, 3 - c)),
            Box::new(|r, c| (c, r)),
            Box::new(|r, c| (c, 3 - r)),
            Box::new(|r, c| (3 - c, r)),
            Box::new(|r, c| (3 - c, 3 - r)),
        ]
    }

    /// The image of a whole afterstate: its board, its swipe (the wall it goes toward) and
    /// its moved lines (a line is named by the wall end's cell).
    fn image(a: Afterstate, map: &dyn Fn(usize, usize) -> (usize, usize)) -> Afterstate {
        let mut board = Board::EMPTY;
        for r in 0..4 {
            for c in 0..4 {
                let (r2, c2) = map(r, c);
                board = board.with(r2, c2, a.board.get(r, c));
            }
        }
        // the swipe's wall: a cell on it and the direction into it
        let toward = |d: Direction| -> (i32, i32) {
            match d {
                Direction::Up => (-1, 0),
                Direction::Down => (1, 0),
                Direction::Left => (0, -1),
                Direction::Right => (0, 1),
            }
        };
        let (dr, dc) = toward(a.swipe);
        let (r0, c0) = map(1, 1);
        let (r1, c1) = map((1 + dr) as usize, (1 + dc) as usize);
        let step = (r1 as i32 - r0 as i32, c1 as i32 - c0 as i32);
        let swipe = Direction::ALL
            .into_iter()
            .find(|&d| toward(d) == step)
            .unwrap();
        // line i's entry cell, mapped, is the entry cell of which line of the new swipe?
        let mut moved = 0u8;
        for i in 0..4 {
            if a.moved & (1 << i) != 0 {
                let (r, c) = Board::entry_cell(a.swipe, i);
                let (r2, c2) = map(r, c);
                let j = (0..4)
                    .find(|&j| Board::entry_cell(swipe, j) == (r2, c2))
                    .unwrap();
                moved |= 1 << j;
            }
        }
        Afterstate {
            board,
            swipe,
            moved,
        }
    }

    #[test]
    fn the_value_is_the_same_under_every_symmetry() {
        let n = filled(spec(true));
        let hint = Hint::exact(Tile::from_nibble(2));
        let deck = Deck::new([3, 1, 2]).unwrap();
        for s in [
            "1 2 3 6 / 0 24 48 0 / 192 0 768 3 / 3 6 0 0",
            "0 0 0 1 / 0 2 0 0 / 3 0 0 0 / 0 0 0 96",
        ] {
            for swipe in Direction::ALL {
                for moved in [0b0001, 0b0110, 0b1011] {
                    let a = Afterstate {
                        board: b(s),
                        swipe,
                        moved,
                    };
                    let v = n.value(a, hint, deck);
                    assert!(v != 0.0);
                    for map in symmetry_maps() {
                        let i = image(a, &*map);
                        assert_eq!(n.value(i, hint, deck), v, "{s} {swipe} {moved:b} → {i:?}");
                    }
                    // a board that is no image of it reads other entries
                    let other = Afterstate {
                        board: a.board.with(0, 0, Tile::from_nibble(9)),
                        ..a
                    };
                    assert_ne!(n.value(other, hint, deck), v);
                }
            }
        }
        // the eight images of the board alone, for the tuples without an entry
        let plain = filled(Spec::preset("6x4", vec![], true).unwrap());
        let a = Afterstate {
            board: b("1 2 3 6 / 0 24 48 0 / 192 0 768 3 / 3 6 0 0"),
            swipe: Direction::Up,
            moved: 1,
        };
        for x in symmetries(a.board) {
            let i = Afterstate {
                board: Board(x),
                ..a
            };
            assert_eq!(plain.value(i, hint, deck), plain.value(a, hint, deck));
        }
    }

    #[test]
    fn the_entry_edge_and_the_moved_lines_are_inputs() {
        let n = filled(spec(true));
        let hint = Hint::exact(Tile::from_nibble(1));
        let a = Afterstate {
            board: b("1 2 3 6 / 0 24 48 0 / 192 0 768 3 / 3 6 0 0"),
            swipe: Direction::Left,
            moved: 0b0010,
        };
        let v = n.value(a, hint, Deck::FRESH);
        assert_ne!(
            n.value(Afterstate { moved: 0b0100, ..a }, hint, Deck::FRESH),
            v
        );
        assert_ne!(
            n.value(
                Afterstate {
                    swipe: Direction::Up,
                    ..a
                },
                hint,
                Deck::FRESH
            ),
            v
        );
        let without = filled(Spec::preset("6x4", vec![], true).unwrap());
        let w = without.value(a, hint, Deck::FRESH);
        assert_eq!(
            without.value(Afterstate { moved: 0b0100, ..a }, hint, Deck::FRESH),
            w
        );
    }

    #[test]
    fn the_hint_and_deck_are_inputs_when_asked_for() {
        let x = Afterstate {
            board: b("1 2 3 6 / 0 24 48 0 / 192 0 768 3 / 3 6 0 0"),
            swipe: Direction::Down,
            moved: 0b1000,
        };
        let deck = Deck::FRESH;
        let one = Hint::exact(Tile::from_nibble(1));
        let three = Hint::exact(Tile::from_nibble(3));
        let with = filled(spec(true));
        assert_ne!(with.value(x, one, deck), with.value(x, three, deck));
        assert_ne!(
            with.value(x, one, deck),
            with.value(x, one, Deck::new([1, 4, 4]).unwrap())
        );
        let without = filled(spec(false));
        assert_eq!(without.value(x, one, deck), without.value(x, three, deck));
        assert_eq!(spec(true).features(), 53);
        assert_eq!(spec(false).features(), 32);
    }

    /// The runs read every cell where the plain definition puts it: cell k of the tuple in
    /// nibble k of the index, for the presets and for tuples out of reading order.
    #[test]
    fn runs_read_the_cells_in_tuple_order() {
        let x = b("1 2 3 6 / 12 24 48 96 / 192 384 768 1536 / 3072 6144 12288 0").0;
        let mut tuples: Vec<Vec<u8>> = PRESETS
            .iter()
            .flat_map(|p| p.1.iter().map(|t| t.to_vec()))
            .collect();
        tuples.extend([
            vec![5, 4, 0, 1],
            vec![15, 0, 14, 1, 13, 2],
            vec![9],
            vec![3, 2, 1, 0],
        ]);
        for t in tuples {
            let (runs, count) = runs_of(&t);
            let mut got = 0u64;
            for &(r, m) in &runs[..count] {
                got |= x.rotate_right(r) & m;
            }
            let want = t
                .iter()
                .enumerate()
                .fold(0u64, |i, (k, &c)| i | (((x >> (4 * c)) & 0xF) << (4 * k)));
            assert_eq!(got, want, "{t:?}");
        }
        assert_eq!(runs_of(&[0, 1, 2, 3, 4]).1, 1);
        assert_eq!(runs_of(&[0, 1, 4, 5, 8]).1, 3);
    }

    #[test]
    fn a_compact_network_values_as_the_full_one_within_its_rounding() {
        let n = filled(spec(true));
        let c = n.compact();
        assert!(c.is_compact() && !n.is_compact());
        let hint = Hint::exact(Tile::from_nibble(3));
        for s in [
            "1 2 3 6 / 0 24 48 0 / 192 0 768 3 / 3 6 0 0",
            "0 0 0 1 / 0 2 0 0 / 3 0 0 0 / 0 0 0 96",
        ] {
            for swipe in Direction::ALL {
                let a = Afterstate {
                    board: b(s),
                    swipe,
                    moved: 0b1010,
                };
                let (v, w) = (n.value(a, hint, Deck::FRESH), c.value(a, hint, Deck::FRESH));
                // 53 lookups, each off by at most half a step of 2,493/32,767
                assert!(
                    (v - w).abs() <= 53.0 * 0.5 * 2493.0 / 32767.0 + 1e-3,
                    "{v} {w}"
                );
            }
        }
        // it does not learn, and compacting again changes nothing
        let a = Afterstate {
            board: b("1 2 3 6 / 0 24 48 0 / 192 0 768 3 / 3 6 0 0"),
            swipe: Direction::Up,
            moved: 1,
        };
        let before = c.value(a, hint, Deck::FRESH);
        c.add(&c.features(a, hint, Deck::FRESH), 100.0);
        assert_eq!(c.value(a, hint, Deck::FRESH), before);
        assert_eq!(c.compact(), c);
    }

    #[test]
    fn balance_counts_ones_against_twos() {
        let bal = |s: &str| balance(b(s)) as i32 - 6;
        assert_eq!(bal("1 1 1 2 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0"), 2);
        assert_eq!(bal("2 2 2 2 / 2 2 2 2 / 3 1 0 0 / 0 0 0 0"), -6);
        assert_eq!(bal("1 1 1 1 / 1 1 1 1 / 1 1 1 1 / 1 1 1 1"), 6);
        assert_eq!(bal("2 2 2 2 / 2 2 2 2 / 2 2 2 2 / 2 2 2 2"), -6);
        assert_eq!(bal("1 2 1 2 / 2 1 2 1 / 1 1 0 0 / 0 0 0 1"), 3);
        assert_eq!(
            bal("3 6 12 24 / 48 96 192 384 / 768 1536 3072 6144 / 12288 0 0 0"),
            0
        );
    }

    #[test]
    fn scores_match_the_board() {
        let x = b("1 2 3 6 / 12 24 48 96 / 192 384 768 1536 / 3072 6144 12288 0");
        assert_eq!(score(x), x.score() as f64);
    }

    #[test]
    fn stages_promote_by_copying() {
        let n = Network::new(Spec::preset("4x5", vec![12, 13], false).unwrap()).unwrap();
        let at = |board| Afterstate {
            board,
            swipe: Direction::Right,
            moved: 1,
        };
        let low = at(b("3 6 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 768"));
        let high = at(low.board.with(0, 2, Tile::from_value(1536).unwrap()));
        let hint = Hint::exact(Tile::from_nibble(1));
        let f = n.features(low, hint, Deck::FRESH);
        n.add(&f, 1.0);
        let low_value = n.value(low, hint, Deck::FRESH);
        assert!(low_value >= f.count as f64);
        // stage 1 has no weights of its own yet: it reads stage 0's
        assert_eq!(n.stages_used(), vec![true, false, false]);
        let before = n.value(high, hint, Deck::FRESH);
        n.ensure_stage(high.board.max_tile().code());
        assert_eq!(n.stages_used(), vec![true, true, false]);
        assert_eq!(n.value(high, hint, Deck::FRESH), before);
        // now it learns apart
        n.add(&n.features(high, hint, Deck::FRESH), 5.0);
        assert_eq!(n.value(low, hint, Deck::FRESH), low_value);
        assert!(n.value(high, hint, Deck::FRESH) > before);
        assert!(Spec::preset("4x5", vec![13, 12], false).is_err());
    }

    /// The shipped network loads (16 bits, the spec BENCHMARKS.md names) and plays better
    /// than zero weights on a few greedy games.
    #[test]
    fn the_shipped_network_loads_and_plays() {
        let net = shipped().unwrap();
        assert_eq!(
            net.spec().to_string(),
            "5×6, 2 stages (from 1536), hint, 2 hint tuples, entry"
        );
        let settings = crate::learn::LearnSettings::default();
        let mean = |n: &Network| {
            (0..4u64)
                .map(|i| crate::learn_distributed::play_game(n, &settings, i).score)
                .sum::<u64>()
                / 4
        };
        let zero = Network::new(net.spec().clone()).unwrap();
        assert!(
            mean(&net) > 4 * mean(&zero),
            "{} {}",
            mean(&net),
            mean(&zero)
        );
    }
}
