//! The 4³ certificate (issue 17, milestone 4): any [`AttackerStrategy`] walked from the
//! empty board over canonical positions and stored as the first player's records, for
//! the independent checker [`ludomat_qubic_verify`] to re-check trusting nothing.
//!
//! [`PatashnikStrategy`] is the strategy checked in [`super::check`]: complete four >
//! block a three > Patashnik's dictionary move > a threat sequence of at most
//! [`THREAT_DEPTH`] threes (found by [`ThreatSearch`], stored whole).

use ludomat_qubic_verify::{Certificate, Geometry, Record, Report, VerifyError};

use super::attacker::{Answer, AttackerStrategy};
use super::dictionary::Dictionary;
use super::threats::{Board3, ThreatSearch, O, X};

/// The longest threat sequence the strategy looks for.
pub const THREAT_DEPTH: u8 = 20;

/// Patashnik's strategy as an [`AttackerStrategy`].
#[derive(Debug, Clone)]
pub struct PatashnikStrategy {
    dict: Dictionary,
    depth: u8,
}

impl PatashnikStrategy {
    /// The strategy with this dictionary.
    #[must_use]
    pub fn new(dict: Dictionary) -> PatashnikStrategy {
        PatashnikStrategy {
            dict,
            depth: THREAT_DEPTH,
        }
    }
}

impl AttackerStrategy for PatashnikStrategy {
    fn answer(&self, x: u64, o: u64) -> Option<Answer> {
        let mut b = Board3::from_stones(x, o);
        let mine = b.threats(X);
        if mine != 0 {
            return Some(Answer::Move(mine.trailing_zeros() as usize));
        }
        let theirs = b.threats(O);
        if theirs != 0 {
            return Some(Answer::Move(theirs.trailing_zeros() as usize));
        }
        if let Some((_, c)) = self.dict.move_for(x, o) {
            return Some(Answer::Move(c));
        }
        ThreatSearch::new()
            .search(&mut b, self.depth)
            .map(Answer::Threats)
    }
}

/// The certificate of `strategy` from the empty board, checked as it is written.
///
/// # Errors
/// Where the strategy has no answer, or its answer does not hold.
pub fn write(strategy: &dyn AttackerStrategy) -> Result<(Certificate, Report), VerifyError> {
    write_from(strategy, 0, 0)
}

/// The certificate of `strategy` from the position (`x`, `o`), first player to move.
///
/// # Errors
/// As [`write`].
pub fn write_from(
    strategy: &dyn AttackerStrategy,
    x: u64,
    o: u64,
) -> Result<(Certificate, Report), VerifyError> {
    let g = Geometry::new();
    ludomat_qubic_verify::write(&g, x, o, &mut |x, o| {
        strategy.answer(x, o).and_then(|a| match a {
            Answer::Move(c) => u8::try_from(c).ok().filter(|&c| c < 64).map(Record::Move),
            Answer::Threats(cells) => {
                let cells: Option<Vec<u8>> = cells
                    .into_iter()
                    .map(|c| u8::try_from(c).ok().filter(|&c| c < 64))
                    .collect();
                cells
                    .filter(|v| !v.is_empty() && v.len() < 64)
                    .map(Record::Threats)
            }
        })
    })
}

/// The bundled certificate of Patashnik's strategy (gzip).
#[cfg(feature = "patashnik")]
pub const PATASHNIK: &[u8] = include_bytes!("../../data/patashnik/qubic3.cert.gz");
