//! A network on disk: the one module that reads and writes network files (training
//! checkpoints and the shipped network), so the switch to the foundation crate's file
//! functions is one place.
//!
//! The file is gzip-compressed; inside:
//!
//! ```text
//! LUDOMAT THREES NTUPLE\n       magic (22 bytes)
//! u32 LE                        format version (1)
//! u32 LE, then that many bytes  the header, JSON: spec, precision, stages in use,
//!                               the trainer's state (checkpoints only)
//! weights                       each stage in use, each table in order:
//!                                 f32: the weights as f32 LE
//!                                 i16: the table's scale as f32 LE, then each weight
//!                                      divided by it, rounded, as i16 LE
//! u64 LE                        FNV-1a of every byte before it
//! ```
//!
//! `f32` files are exact (checkpoints: resuming from one equals never stopping); `i16` files
//! are a quarter of the size before compression and lose under 1/65,536 of each table's
//! largest weight (the shipped network). Reading trusts nothing: the magic, the version,
//! the spec, the sizes it implies, the checksum (and gzip's own CRC) and the end of the
//! data are all checked, and a damaged file is refused with the reason.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::Ordering;

use super::{Network, Spec, SpecError};

/// The first bytes of every network file (inside the gzip stream).
pub const MAGIC: &[u8; 22] = b"LUDOMAT THREES NTUPLE\n";
/// The format version this build writes and reads.
pub const VERSION: u32 = 1;
/// The longest header.
const MAX_HEADER: u32 = 1 << 20;
/// The largest network file read (compressed).
pub const MAX_FILE: u64 = 2 << 30;

/// How weights are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Precision {
    /// Exact.
    F32,
    /// 16 bits with one scale per table.
    I16,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    spec: Spec,
    precision: Precision,
    stages_used: Vec<bool>,
    #[serde(default)]
    trainer: Option<serde_json::Value>,
}

/// A network read from a file, and the trainer's state if the file is a checkpoint.
#[derive(Debug)]
pub struct Loaded {
    /// The network.
    pub network: Network,
    /// How it was stored.
    pub precision: Precision,
    /// The trainer's state, as the trainer wrote it.
    pub trainer: Option<serde_json::Value>,
}

/// A network file that could not be written or read.
/// `path: why`; a refusal of the file as a stream this process prints into names the
/// file itself, so only once.
fn io_words(path: &str, source: &std::io::Error) -> String {
    if ludomat_io::output::is_own_stream(source) {
        source.to_string()
    } else {
        format!("{}: {source}", ludomat_io::text::path(path))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum NetworkFileError {
    /// The file system's error.
    #[error("{}", io_words(path, source))]
    Io {
        /// The file.
        path: String,
        /// The error.
        #[source]
        source: std::io::Error,
    },
    /// `--network` given without `--eval learned` (the heuristic uses no network): a
    /// usage error naming both flags.
    #[error(
        "--network {} is for --eval learned: give --eval learned with it, or leave \
         --network out",
        ludomat_io::text::path(.0)
    )]
    NotLearned(std::path::PathBuf),
    /// Not a network file, or a damaged one.
    #[error("{}: {problem}", ludomat_io::text::path(path))]
    Damaged {
        /// The file.
        path: String,
        /// What is wrong.
        problem: String,
    },
    /// A network file of another version.
    #[error(
        "{path}: {}",
        ludomat_io::error::version_not_read("a network file", u64::from(*found), u64::from(VERSION))
    )]
    Version {
        /// The file.
        path: String,
        /// The version found.
        found: u32,
    },
    /// The learning curve's log could not be opened (its own words name the file).
    #[error(transparent)]
    Log(#[from] ludomat_io::log::LogError),
    /// A header naming a network that cannot be.
    #[error("{}: {source}", ludomat_io::text::path(path))]
    Spec {
        /// The file.
        path: String,
        /// What is wrong.
        #[source]
        source: SpecError,
    },
}

/// FNV-1a, 64 bits.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// The file's bytes (compressed) for `net` at `precision`, with `trainer`'s state.
///
/// # Errors
/// Only if compression fails (memory).
pub fn to_bytes(
    net: &Network,
    precision: Precision,
    trainer: Option<serde_json::Value>,
    level: flate2::Compression,
) -> std::io::Result<Vec<u8>> {
    let used = net.stages_used();
    let header = Header {
        spec: net.spec().clone(),
        precision,
        stages_used: used.clone(),
        trainer,
    };
    let json = serde_json::to_vec(&header).map_err(std::io::Error::other)?;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), level);
    let mut hash = Fnv::new();
    let mut put = |gz: &mut flate2::write::GzEncoder<Vec<u8>>, bytes: &[u8]| {
        hash.feed(bytes);
        gz.write_all(bytes)
    };
    put(&mut gz, MAGIC)?;
    put(&mut gz, &VERSION.to_le_bytes())?;
    let len = u32::try_from(json.len()).map_err(std::io::Error::other)?;
    put(&mut gz, &len.to_le_bytes())?;
    put(&mut gz, &json)?;
    let per_stage = net.weights_per_stage();
    let mut buf = Vec::with_capacity(1 << 16);
    for (stage, _) in used.iter().enumerate().filter(|(_, &u)| u) {
        let base = stage * per_stage;
        for (start, len) in net.tables() {
            let w: Vec<f32> = (base + start..base + start + len)
                .map(|i| net.weight(i))
                .collect();
            match precision {
                Precision::F32 => {
                    for chunk in w.chunks(8192) {
                        buf.clear();
                        for a in chunk {
                            buf.extend_from_slice(&a.to_bits().to_le_bytes());
                        }
                        put(&mut gz, &buf)?;
                    }
                }
                Precision::I16 => {
                    let max = w.iter().map(|a| a.abs()).fold(0.0f32, f32::max);
                    let scale = if max > 0.0 && max.is_finite() {
                        max / 32767.0
                    } else {
                        1.0
                    };
                    put(&mut gz, &scale.to_le_bytes())?;
                    for chunk in w.chunks(8192) {
                        buf.clear();
                        for a in chunk {
                            let v = a / scale;
                            let q = v.round().clamp(-32767.0, 32767.0) as i16;
                            buf.extend_from_slice(&q.to_le_bytes());
                        }
                        put(&mut gz, &buf)?;
                    }
                }
            }
        }
    }
    let sum = hash.0;
    gz.write_all(&sum.to_le_bytes())?;
    gz.finish()
}

/// Write `net` to `path` atomically (a reader sees the old file or the new one).
///
/// # Errors
/// When the file cannot be written.
pub fn save(
    net: &Network,
    path: &Path,
    precision: Precision,
    trainer: Option<serde_json::Value>,
) -> Result<(), NetworkFileError> {
    let io = |source| NetworkFileError::Io {
        path: ludomat_io::text::path(path).to_string(),
        source,
    };
    let level = match precision {
        Precision::F32 => flate2::Compression::fast(),
        Precision::I16 => flate2::Compression::best(),
    };
    let bytes = to_bytes(net, precision, trainer, level).map_err(io)?;
    ludomat_io::write::write_atomically(path, &bytes, ".ntuple-").map_err(io)?;
    Ok(())
}

/// Read the network file at `path` (at most [`MAX_FILE`] bytes).
///
/// # Errors
/// When it cannot be read or is not a sound network file.
pub fn load(path: &Path) -> Result<Loaded, NetworkFileError> {
    let name = ludomat_io::text::path(path).to_string();
    let bytes = ludomat_io::read::bytes(path, MAX_FILE).map_err(|source| NetworkFileError::Io {
        path: name.clone(),
        source,
    })?;
    from_bytes(&name, &bytes)
}

/// Read a network file's bytes; `name` names it in errors.
///
/// # Errors
/// When they are not a sound network file.
pub fn from_bytes(name: &str, bytes: &[u8]) -> Result<Loaded, NetworkFileError> {
    let damaged = |problem: String| NetworkFileError::Damaged {
        path: name.to_string(),
        problem,
    };
    if bytes.len() < 2 || bytes[..2] != [0x1f, 0x8b] {
        return Err(damaged("not a network file (not gzip data)".into()));
    }
    // the bufread decoder takes no byte past the gzip data's end: what is left is extra
    let mut gz = flate2::bufread::GzDecoder::new(bytes);
    let mut hash = Fnv::new();
    let mut take = |gz: &mut flate2::bufread::GzDecoder<&[u8]>,
                    buf: &mut [u8],
                    what: &str|
     -> Result<(), NetworkFileError> {
        // in our words, never the decompressor's (`incomplete deflate stream`) nor the
        // reader's (`failed to fill whole buffer`)
        gz.read_exact(buf).map_err(|e| {
            damaged(format!(
                "cut short or damaged in {what}: {}",
                ludomat_io::error::gzip(&e)
            ))
        })?;
        hash.feed(buf);
        Ok(())
    };
    let mut magic = [0u8; 22];
    take(&mut gz, &mut magic, "the magic")?;
    if &magic != MAGIC {
        return Err(damaged("not a Threes! network file (wrong magic)".into()));
    }
    let mut word = [0u8; 4];
    take(&mut gz, &mut word, "the version")?;
    let version = u32::from_le_bytes(word);
    if version != VERSION {
        return Err(NetworkFileError::Version {
            path: name.to_string(),
            found: version,
        });
    }
    take(&mut gz, &mut word, "the header's length")?;
    let len = u32::from_le_bytes(word);
    if len > MAX_HEADER {
        return Err(damaged(format!(
            "a header of {} bytes (at most {})",
            ludomat_io::text::thousands(u64::from(len)),
            ludomat_io::text::thousands(u64::from(MAX_HEADER))
        )));
    }
    let mut json = vec![0u8; len as usize];
    take(&mut gz, &mut json, "the header")?;
    let header: Header = serde_json::from_slice(&json)
        .map_err(|e| damaged(format!("header: {}", ludomat_io::error::json(&e))))?;
    header
        .spec
        .check()
        .map_err(|source| NetworkFileError::Spec {
            path: name.to_string(),
            source,
        })?;
    let stages = header.spec.stage_count();
    if header.stages_used.len() != stages || !header.stages_used.first().copied().unwrap_or(false) {
        return Err(damaged(format!(
            "the stages in use ({}) do not fit {} with stage 0 in use",
            header
                .stages_used
                .iter()
                .map(|u| if *u { "yes" } else { "no" })
                .collect::<Vec<_>>()
                .join(", "),
            ludomat_io::text::count(stages as u64, "stage", "stages")
        )));
    }
    let net = Network::new(header.spec.clone()).map_err(|source| NetworkFileError::Spec {
        path: name.to_string(),
        source,
    })?;
    let raw = net.raw();
    let per_stage = net.weights_per_stage();
    let mut buf = vec![0u8; 8192 * 4];
    for (stage, _) in header.stages_used.iter().enumerate().filter(|(_, &u)| u) {
        let base = stage * per_stage;
        for (start, len) in net.tables() {
            let w = &raw[base + start..base + start + len];
            match header.precision {
                Precision::F32 => {
                    for chunk in w.chunks(8192) {
                        let b = &mut buf[..chunk.len() * 4];
                        take(&mut gz, b, "the weights")?;
                        for (a, q) in chunk.iter().zip(b.chunks_exact(4)) {
                            let v = u32::from_le_bytes([q[0], q[1], q[2], q[3]]);
                            if !f32::from_bits(v).is_finite() {
                                return Err(damaged("a weight that is not a number".into()));
                            }
                            a.store(v, Ordering::Relaxed);
                        }
                    }
                }
                Precision::I16 => {
                    take(&mut gz, &mut word, "a table's scale")?;
                    let scale = f32::from_le_bytes(word);
                    if !(scale.is_finite() && scale > 0.0) {
                        return Err(damaged(format!("a table's scale is {scale}")));
                    }
                    for chunk in w.chunks(8192) {
                        let b = &mut buf[..chunk.len() * 2];
                        take(&mut gz, b, "the weights")?;
                        for (a, q) in chunk.iter().zip(b.chunks_exact(2)) {
                            let v = f32::from(i16::from_le_bytes([q[0], q[1]])) * scale;
                            a.store(v.to_bits(), Ordering::Relaxed);
                        }
                    }
                }
            }
        }
    }
    let want = hash.0;
    let mut sum = [0u8; 8];
    gz.read_exact(&mut sum).map_err(|e| {
        damaged(format!(
            "cut short or damaged in the checksum: {}",
            ludomat_io::error::gzip(&e)
        ))
    })?;
    if u64::from_le_bytes(sum) != want {
        return Err(damaged(
            "the checksum does not match: the file is damaged".into(),
        ));
    }
    // what follows the checksum inside the compressed data, counted (as far as the file
    // can hold)
    match std::io::copy(&mut (&mut gz).take(MAX_FILE), &mut std::io::sink()) {
        Ok(0) => {}
        Ok(n) => {
            return Err(damaged(format!(
                "{} after the checksum: the file is damaged",
                ludomat_io::text::count(n, "byte", "bytes")
            )))
        }
        Err(e) => {
            return Err(damaged(format!(
                "damaged at the end: {}",
                ludomat_io::error::gzip(&e)
            )))
        }
    }
    // bytes appended after the gzip data (text added by a shell's `2>>`): damaged
    let left = gz.into_inner().len();
    if left > 0 {
        return Err(damaged(format!(
            "{} after the end of the network: the file is damaged",
            ludomat_io::text::count(left as u64, "byte", "bytes")
        )));
    }
    net.set_stages_used(&header.stages_used);
    Ok(Loaded {
        network: net,
        precision: header.precision,
        trainer: header.trainer,
    })
}

/// The most a run's text file (its curve) is read.
pub const MAX_TEXT: u64 = 64 << 20;

/// Open the learning curve's append-only log at `path` ([`ludomat_io::log`]: never
/// emptied, its settings in its first line, locked while open): a new one, or with
/// `resume` the one there. A curve written before it carried its settings line (its first
/// line the CSV header) gets that line first, once. Returns the log and what it held.
///
/// # Errors
/// When it cannot be opened, holds another run's lines, or is in use.
pub fn open_curve(
    path: &Path,
    spec: &ludomat_io::log::Spec,
    resume: bool,
) -> Result<ludomat_io::log::Opened, NetworkFileError> {
    let io = |source| NetworkFileError::Io {
        path: ludomat_io::text::path(path).to_string(),
        source,
    };
    if resume {
        if let Ok(text) = ludomat_io::read::text(path, MAX_TEXT) {
            let header = match &spec.format {
                ludomat_io::log::Format::Csv(h) => h.as_str(),
                ludomat_io::log::Format::JsonLines => "",
            };
            if !header.is_empty() && text.lines().next() == Some(header) {
                let old = format!("{}{text}", spec.settings_line());
                ludomat_io::write::write_atomically(path, old.as_bytes(), ".learn-").map_err(io)?;
            }
        }
    }
    ludomat_io::log::Log::open(
        path,
        spec,
        resume.into(),
        ludomat_io::lock::Wait::Never,
        &|_| true,
    )
    .map_err(NetworkFileError::Log)
}

/// Set aside the curve at `path` that a new run (no `--resume`) finds beside no
/// checkpoint: an earlier run stopped before its first checkpoint was saved (killed in its
/// first second, a full disk). Nothing can go on from it, so it is kept as
/// `curve.csv.bak-N` and emptied, and the new run starts afresh instead of refusing.
/// Returns the copy's name, or `None` when no curve (or an empty one) is there. A curve
/// that a running process holds is refused, naming it.
///
/// # Errors
/// The curve is in use, or cannot be copied or emptied.
pub fn set_aside_orphan_curve(path: &Path) -> Result<Option<std::path::PathBuf>, NetworkFileError> {
    let io = |source| NetworkFileError::Io {
        path: ludomat_io::text::path(path).to_string(),
        source,
    };
    match std::fs::metadata(path) {
        Ok(m) if m.len() > 0 => {}
        _ => return Ok(None),
    }
    let _lock = ludomat_io::lock::Lock::acquire(path, ludomat_io::lock::Wait::Never)
        .map_err(|e| NetworkFileError::Log(e.into()))?;
    let kept = ludomat_io::write::keep_copy(path).map_err(io)?;
    ludomat_io::write::write_atomically(path, b"", ".learn-").map_err(io)?;
    Ok(kept)
}

/// Write a whole text file atomically (a new curve, its chart's folder made first).
///
/// # Errors
/// When it cannot be written.
pub fn write_text(path: &Path, text: &str) -> Result<(), NetworkFileError> {
    ludomat_io::write::write_atomically(path, text.as_bytes(), ".learn-").map_err(|source| {
        NetworkFileError::Io {
            path: ludomat_io::text::path(path).to_string(),
            source,
        }
    })?;
    Ok(())
}

/// Read a text file (at most [`MAX_TEXT`]); `None` when there is none.
///
/// # Errors
/// When it exists but cannot be read.
pub fn read_text(path: &Path) -> Result<Option<String>, NetworkFileError> {
    match ludomat_io::read::text(path, MAX_TEXT) {
        Ok(t) => Ok(Some(t)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(NetworkFileError::Io {
            path: ludomat_io::text::path(path).to_string(),
            source,
        }),
    }
}

/// Make the folder `dir` (and its parents).
///
/// # Errors
/// When it cannot be made.
pub fn make_dir(dir: &Path) -> Result<(), NetworkFileError> {
    ludomat_io::write::folders(dir).map_err(|source| NetworkFileError::Io {
        path: ludomat_io::text::path(dir).to_string(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Hint;
    use crate::{Board, Deck, Tile};

    fn net() -> Network {
        let mut spec = Spec::preset("4x5", vec![12], true).unwrap();
        spec.hint_tuples = vec![vec![0, 1, 2, 3]];
        spec.entry = true;
        let n = Network::new(spec).unwrap();
        for (i, w) in n.raw().iter().enumerate() {
            let v = ((i * 7919) % 2003) as f32 * 0.37 - 300.0;
            w.store(v.to_bits(), Ordering::Relaxed);
        }
        n.promote(1);
        n
    }

    #[test]
    fn f32_files_round_trip_exactly() {
        let n = net();
        let state = serde_json::json!({"games": 12});
        let bytes = to_bytes(
            &n,
            Precision::F32,
            Some(state.clone()),
            flate2::Compression::fast(),
        )
        .unwrap();
        let back = from_bytes("x", &bytes).unwrap();
        assert_eq!(back.network, n);
        assert_eq!(back.trainer, Some(state));
        assert_eq!(back.precision, Precision::F32);
    }

    #[test]
    fn i16_files_round_trip_within_the_quantum() {
        let n = net();
        let bytes = to_bytes(&n, Precision::I16, None, flate2::Compression::best()).unwrap();
        let back = from_bytes("x", &bytes).unwrap().network;
        assert_eq!(back.stages_used(), vec![true, true]);
        let max = 2002.0 * 0.37;
        for (a, b) in n.raw().iter().zip(back.raw()) {
            let (a, b) = (
                f32::from_bits(a.load(Ordering::Relaxed)),
                f32::from_bits(b.load(Ordering::Relaxed)),
            );
            assert!((a - b).abs() <= max / 32767.0, "{a} {b}");
        }
        let board: Board = "1 2 3 6 / 0 24 48 0 / 192 0 768 3 / 3 6 0 0"
            .parse()
            .unwrap();
        let board = crate::ntuple::Afterstate {
            board,
            swipe: crate::Direction::Up,
            moved: 0b0101,
        };
        let hint = Hint::exact(Tile::from_nibble(3));
        let (v, w) = (
            n.value(board, hint, Deck::FRESH),
            back.value(board, hint, Deck::FRESH),
        );
        assert!((v - w).abs() < 1.0, "{v} {w}");
    }

    #[test]
    fn damaged_files_are_refused_with_a_reason() {
        let n = net();
        let bytes = to_bytes(&n, Precision::F32, None, flate2::Compression::fast()).unwrap();
        // cut short
        let e = from_bytes("net", &bytes[..bytes.len() / 2]).unwrap_err();
        assert!(
            e.to_string().starts_with("net: cut short or damaged"),
            "{e}"
        );
        // bytes appended after the end
        let mut longer = bytes.clone();
        longer.extend_from_slice(&[b'x'; 1234]);
        let e = from_bytes("net", &longer).unwrap_err();
        assert_eq!(
            e.to_string(),
            "net: 1,234 bytes after the end of the network: the file is damaged"
        );
        // in our words: never the decompressor's nor the reader's
        let e = from_bytes("net", &bytes[..bytes.len() / 2])
            .unwrap_err()
            .to_string();
        assert!(!e.contains("deflate") && !e.contains("fill whole"), "{e}");
        let mut raw = Vec::new();
        std::io::copy(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut raw).unwrap();
        let regz = |raw: &[u8]| {
            let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            gz.write_all(raw).unwrap();
            gz.finish().unwrap()
        };
        // the weights short by 100 bytes (and the checksum's 8)
        let e = from_bytes("net", &regz(&raw[..raw.len() - 108]))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("net: cut short or damaged in the weights: the compressed data ends"),
            "{e}"
        );
        let mut long = raw.clone();
        long.extend_from_slice(&[0; 5]);
        assert_eq!(
            from_bytes("net", &regz(&long)).unwrap_err().to_string(),
            "net: 5 bytes after the checksum: the file is damaged"
        );
        let mut big = raw[..26].to_vec();
        big.extend_from_slice(&0x7fff_ffffu32.to_le_bytes());
        let e = from_bytes("net", &regz(&big)).unwrap_err().to_string();
        assert!(
            e.ends_with("a header of 2,147,483,647 bytes (at most 1,048,576)"),
            "{e}"
        );
        // a flipped byte in the compressed data
        let mut flipped = bytes.clone();
        let i = flipped.len() / 3;
        flipped[i] ^= 0x20;
        let e = from_bytes("net", &flipped).unwrap_err();
        assert!(matches!(e, NetworkFileError::Damaged { .. }), "{e}");
        // not gzip at all
        let e = from_bytes("net", b"{\"weights\": 1}").unwrap_err();
        assert_eq!(e.to_string(), "net: not a network file (not gzip data)");
        // gzip but no network
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(b"hello, this is not a network file at all")
            .unwrap();
        let e = from_bytes("net", &gz.finish().unwrap()).unwrap_err();
        assert!(e.to_string().contains("wrong magic"), "{e}");
        // another version
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(MAGIC).unwrap();
        gz.write_all(&7u32.to_le_bytes()).unwrap();
        let e = from_bytes("net", &gz.finish().unwrap()).unwrap_err();
        assert!(
            e.to_string()
                .contains("a network file of version 7, which this build does not read"),
            "{e}"
        );
        // a header naming an impossible network
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        let json = br#"{"spec":{"tuples":[[0,1,1]],"stages":[],"hint":false},"precision":"f32","stages_used":[true]}"#;
        gz.write_all(MAGIC).unwrap();
        gz.write_all(&VERSION.to_le_bytes()).unwrap();
        gz.write_all(&(json.len() as u32).to_le_bytes()).unwrap();
        gz.write_all(json).unwrap();
        let e = from_bytes("net", &gz.finish().unwrap()).unwrap_err();
        assert_eq!(e.to_string(), "net: tuple 0: cell 1 twice");
    }

    #[test]
    fn saved_files_load_and_missing_ones_say_so() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("n.ntuple");
        let n = net();
        save(&n, &path, Precision::F32, None).unwrap();
        assert_eq!(load(&path).unwrap().network, n);
        let e = load(&dir.path().join("none")).unwrap_err();
        assert!(matches!(e, NetworkFileError::Io { .. }), "{e}");
    }
}
