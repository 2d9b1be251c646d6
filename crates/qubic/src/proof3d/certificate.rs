//! The 4³ certificate: any [`AttackerStrategy`] walked from the
//! empty board over canonical positions and stored as the first player's records, for
//! the independent checker [`ludomat_qubic_verify`] to re-check trusting nothing.
//!
//! [`PatashnikStrategy`] is the strategy checked in [`super::check`]: complete four >
//! block a three > Patashnik's dictionary move > a threat sequence of at most
//! [`THREAT_DEPTH`] threes (found by [`super::threats::ThreatSearch`], stored whole).

use ludomat_qubic_verify::{Certificate, FormatError, Geometry, Record, Report, VerifyError};
use serde::Serialize;

use super::attacker::{Answer, AttackerStrategy};
use super::dictionary::Dictionary;
use super::threats::{search_on_thread, Board3, O, X};

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
        search_on_thread(&mut b, self.depth, false).map(Answer::Threats)
    }
}

/// The certificate of `strategy` from the empty board, checked as it is written.
///
/// # Errors
/// Where the strategy has no answer, or its answer does not hold.
pub fn write(strategy: &dyn AttackerStrategy) -> Result<(Certificate, Report), VerifyError> {
    write_from(strategy, 0, 0)
}

/// [`write`], ending at once when `stop` says so (a cancelled run): the walk then finds
/// no answer and fails, and the caller, who asked to stop, knows why.
///
/// # Errors
/// As [`write`]; an error when stopped.
pub fn write_until(
    strategy: &dyn AttackerStrategy,
    stop: &dyn Fn() -> bool,
) -> Result<(Certificate, Report), VerifyError> {
    let g = Geometry::new();
    let mut asked = 0u64;
    ludomat_qubic_verify::write(&g, 0, 0, &mut |x, o| {
        asked += 1;
        if asked.is_multiple_of(256) && stop() {
            return None;
        }
        record_of(strategy, x, o)
    })
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
    ludomat_qubic_verify::write(&g, x, o, &mut |x, o| record_of(strategy, x, o))
}

/// The record of `strategy`'s answer at (`x`, `o`), if it has one that fits a record.
fn record_of(strategy: &dyn AttackerStrategy, x: u64, o: u64) -> Option<Record> {
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
}

/// The bundled certificate of Patashnik's strategy (gzip).
#[cfg(feature = "patashnik")]
pub const PATASHNIK: &[u8] = include_bytes!("../../data/patashnik/qubic3.cert.gz");

/// The bundled certificate of ludomat's own proof, found from scratch by the df-pn search
/// with no dictionary (`ludomat qubic proof --dims 3 --search`; ours to publish, always
/// built in).
pub const FROM_SCRATCH: &[u8] = include_bytes!("../../data/search/qubic3.cert.gz");

/// The bundled certificates, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bundled {
    /// [`FROM_SCRATCH`]: ludomat's own proof, no dictionary.
    FromScratch,
    /// The certificate of Patashnik's strategy (feature `patashnik`).
    Patashnik,
}

impl Bundled {
    /// What it is, in a few words.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Bundled::FromScratch => {
                "the bundled from-scratch certificate (ludomat's df-pn search, no dictionary)"
            }
            Bundled::Patashnik => "the bundled certificate of Patashnik's strategy",
        }
    }

    /// Its bytes (gzip); `None` for Patashnik's in a build without the `patashnik`
    /// feature.
    #[must_use]
    pub fn bytes(self) -> Option<&'static [u8]> {
        match self {
            Bundled::FromScratch => Some(FROM_SCRATCH),
            #[cfg(feature = "patashnik")]
            Bundled::Patashnik => Some(PATASHNIK),
            #[cfg(not(feature = "patashnik"))]
            Bundled::Patashnik => None,
        }
    }
}

/// What the certificate holds and what re-checking it found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CertificateSummary {
    /// First-player positions recorded (merged under the 192 symmetries).
    pub records: u64,
    /// Of them, answered by a stored move.
    pub moves: u64,
    /// Of them, answered by a whole threat line.
    pub threat_lines: u64,
    /// The longest threat line (first-player moves).
    pub longest_line: usize,
    /// Second-player replies checked.
    pub replies: u64,
    /// Of them, reaching a position already checked.
    pub merged: u64,
    /// Replies leaving a first-player three open (lost at once, not recorded).
    pub lost_at_once: u64,
    /// Size of the gzip file.
    pub bytes: usize,
}

impl CertificateSummary {
    /// The summary of a checker's report on a certificate of `bytes` bytes.
    #[must_use]
    pub fn of(r: &ludomat_qubic_verify::Report, bytes: usize) -> CertificateSummary {
        CertificateSummary {
            records: r.positions,
            moves: r.moves,
            threat_lines: r.threat_lines,
            longest_line: r.longest_line,
            replies: r.replies,
            merged: r.merged,
            lost_at_once: r.lost_at_once,
            bytes,
        }
    }
}

/// Why a certificate file does not prove the win.
#[derive(Debug, thiserror::Error)]
pub enum CertificateError {
    /// It cannot be read (not gzip, damaged, wrong format).
    #[error(transparent)]
    Format(#[from] FormatError),
    /// The checker refuses it.
    #[error(transparent)]
    Refused(#[from] VerifyError),
    /// It could not be compressed.
    #[error("compressing the certificate: {0}")]
    Compress(#[from] std::io::Error),
}

/// A certificate file (gzip) read and re-checked by the independent checker alone
/// (`ludomat-qubic-verify`: its own lines, symmetries and rules), from its bytes.
///
/// # Errors
/// [`CertificateError`] naming what cannot be read or which record fails.
pub fn check_gzip(gz: &[u8]) -> Result<(Certificate, CertificateSummary), CertificateError> {
    check_gzip_until(gz, &|| false)
}

/// [`check_gzip`], ending at once with [`VerifyError::Stopped`] when `stop` says so (a
/// cancelled run; see `ludomat_qubic_verify::verify_until`).
///
/// # Errors
/// As [`check_gzip`].
pub fn check_gzip_until(
    gz: &[u8],
    stop: &dyn Fn() -> bool,
) -> Result<(Certificate, CertificateSummary), CertificateError> {
    let cert = Certificate::read(gz)?;
    let report = ludomat_qubic_verify::verify_until(&Geometry::new(), &cert, stop)?;
    Ok((cert, CertificateSummary::of(&report, gz.len())))
}

/// [`write_gzip`], adding the positions written to `counted` as the walk goes (a few
/// hundred at a time; all of them once it is whole), and calling `rechecking` when the
/// certificate is whole, before it is re-checked from its bytes — for a watcher on
/// another thread.
///
/// # Errors
/// As [`write_gzip`].
pub fn write_gzip_counting(
    strategy: &dyn AttackerStrategy,
    counted: &std::sync::atomic::AtomicU64,
    rechecking: &dyn Fn(),
) -> Result<(Vec<u8>, CertificateSummary), CertificateError> {
    use std::sync::atomic::Ordering;
    let (cert, report) = write_until(strategy, &|| {
        counted.fetch_add(256, Ordering::Relaxed);
        false
    })?;
    counted.store(report.positions, Ordering::Relaxed);
    rechecking();
    let gz = cert.to_gzip()?;
    let (_, summary) = check_gzip(&gz)?;
    Ok((gz, summary))
}

/// The certificate of `strategy` from the empty board written (checked as it is
/// written), compressed, and re-checked from its bytes: the gzip and what it holds.
///
/// # Errors
/// [`CertificateError`] where the strategy has no answer or its answer does not hold.
pub fn write_gzip(
    strategy: &dyn AttackerStrategy,
) -> Result<(Vec<u8>, CertificateSummary), CertificateError> {
    let (cert, _) = write(strategy)?;
    let gz = cert.to_gzip()?;
    let (_, summary) = check_gzip(&gz)?;
    Ok((gz, summary))
}
