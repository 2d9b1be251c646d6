//! The certificate file: gzip around a header, the first player's records, and a checksum.
//!
//! ```text
//! "LUDOMAT QUBIC3 CERT\n"   magic, 20 bytes
//! version                  u32 LE, 1
//! root x, root o           u64 LE each: the position the proof starts from
//! records                  u64 LE: how many
//! body length              u64 LE: bytes of records
//! body                     each record: a byte m < 64 — the first player plays m;
//!                          or 0x40 | n (1 ≤ n ≤ 63) then n cells — a threat line
//! checksum                 u64 LE: FNV-1a 64 of every byte before it
//! ```

use std::io::Write;

/// The magic line a certificate starts with.
pub const MAGIC: &[u8; 20] = b"LUDOMAT QUBIC3 CERT\n";
/// The format version this checker reads.
pub const VERSION: u32 = 1;
/// The largest certificate read, decompressed (a guard against a hostile gzip).
pub const MAX_BYTES: u64 = 256 << 20;
/// The most records a certificate may hold: 4,194,304, thirteen times Patashnik's
/// (317,789). Records are built one by one as the body is read, never reserved from the
/// header's count, and this bound keeps a small, highly compressed body of millions of
/// one-byte records from growing into gigabytes of them.
pub const MAX_RECORDS: u64 = 1 << 22;

/// What the first player does at one position of the proof.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// Play this cell; then every reply is answered.
    Move(u8),
    /// A threat line: each cell makes a three (the block is forced and not stored); it ends
    /// in four or in two threes.
    Threats(Vec<u8>),
}

/// A certificate as read (nothing in it checked yet but its form).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certificate {
    /// The first player's stones at the root.
    pub root_x: u64,
    /// The second player's stones at the root (the first player to move).
    pub root_o: u64,
    /// The records in the walk's order.
    pub records: Vec<Record>,
}

/// A certificate that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// Not gzip, or damaged compression.
    #[error("not a readable gzip stream: {}", ludomat_io::error::gzip(.0))]
    Gzip(std::io::Error),
    /// Too big once decompressed.
    #[error("larger than {} decompressed", ludomat_io::read::size(MAX_BYTES))]
    TooBig,
    /// Does not start with the magic line.
    #[error(
        "not a Qubic certificate (the file does not start with '{}')",
        String::from_utf8_lossy(MAGIC).trim_end()
    )]
    Magic,
    /// Another version.
    #[error("certificate version {}; this checker reads version {VERSION}", ludomat_io::text::thousands(u64::from(*.0)))]
    Version(u32),
    /// Ends early.
    #[error("truncated: {what} missing at byte {}", ludomat_io::text::thousands(*at as u64))]
    Truncated {
        /// What was expected.
        what: &'static str,
        /// Where.
        at: usize,
    },
    /// The checksum does not match.
    #[error("checksum mismatch: the file says {stored:#018x}, its bytes give {computed:#018x}")]
    Checksum {
        /// In the file.
        stored: u64,
        /// Computed.
        computed: u64,
    },
    /// A byte that is no record.
    #[error("record {} (body byte {}): {why}", ludomat_io::text::thousands(*record), ludomat_io::text::thousands(*at as u64))]
    Record {
        /// The record's number.
        record: u64,
        /// The body offset.
        at: usize,
        /// What is wrong.
        why: String,
    },
    /// Counts disagree.
    #[error("{0}")]
    Counts(String),
    /// Bytes after the last gzip member that start no other (the n-tuple loader's words).
    #[error(
        "{} after the end of the certificate: the file is damaged",
        ludomat_io::text::count(*.0 as u64, "byte", "bytes")
    )]
    Trailing(usize),
    /// Nothing in the file.
    #[error("the file is empty")]
    Empty,
}

/// FNV-1a, 64 bits.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn u32_at(d: &[u8], at: usize, what: &'static str) -> Result<u32, FormatError> {
    d.get(at..at + 4)
        .and_then(|b| b.try_into().ok())
        .map(u32::from_le_bytes)
        .ok_or(FormatError::Truncated { what, at })
}

fn u64_at(d: &[u8], at: usize, what: &'static str) -> Result<u64, FormatError> {
    d.get(at..at + 8)
        .and_then(|b| b.try_into().ok())
        .map(u64::from_le_bytes)
        .ok_or(FormatError::Truncated { what, at })
}

impl Certificate {
    /// Reads a gzip-compressed certificate. A file of several gzip members (`cat a.gz
    /// b.gz`, as `gzip` itself allows) is read as their concatenation.
    ///
    /// # Errors
    /// [`FormatError`] saying what is wrong and where.
    pub fn read(gz: &[u8]) -> Result<Certificate, FormatError> {
        if gz.is_empty() {
            return Err(FormatError::Empty);
        }
        // member after member; bytes after the last that start no other are refused as
        // such (a reader of members took them for a member cut short)
        let (mut d, mut rest) = (Vec::new(), gz);
        while !rest.is_empty() {
            if !rest.starts_with(&[0x1f, 0x8b]) && !d.is_empty() {
                return Err(FormatError::Trailing(rest.len()));
            }
            let mut member = flate2::bufread::GzDecoder::new(rest);
            let room = (MAX_BYTES + 1).saturating_sub(d.len() as u64);
            d.extend(ludomat_io::read::at_most(&mut member, room).map_err(FormatError::Gzip)?);
            if d.len() as u64 > MAX_BYTES {
                return Err(FormatError::TooBig);
            }
            rest = member.into_inner();
        }
        Certificate::parse(&d)
    }

    /// Reads the decompressed bytes.
    ///
    /// # Errors
    /// [`FormatError`] saying what is wrong and where.
    pub fn parse(d: &[u8]) -> Result<Certificate, FormatError> {
        if d.len() < MAGIC.len() || &d[..MAGIC.len()] != MAGIC {
            return Err(FormatError::Magic);
        }
        let mut at = MAGIC.len();
        let version = u32_at(d, at, "the version")?;
        if version != VERSION {
            return Err(FormatError::Version(version));
        }
        at += 4;
        let root_x = u64_at(d, at, "the root position")?;
        let root_o = u64_at(d, at + 8, "the root position")?;
        let count = u64_at(d, at + 16, "the record count")?;
        let body_len = u64_at(d, at + 24, "the body length")?;
        at += 32;
        let body_len = usize::try_from(body_len)
            .ok()
            .filter(|&n| n <= d.len().saturating_sub(at))
            .ok_or(FormatError::Truncated {
                what: "the body",
                at,
            })?;
        let body = &d[at..at + body_len];
        let end = at + body_len;
        let stored = u64_at(d, end, "the checksum")?;
        if d.len() != end + 8 {
            return Err(FormatError::Counts(format!(
                "{} bytes after the checksum",
                d.len().saturating_sub(end + 8)
            )));
        }
        let computed = fnv1a(&d[..end]);
        if stored != computed {
            return Err(FormatError::Checksum { stored, computed });
        }
        if root_x & root_o != 0 {
            return Err(FormatError::Counts(
                "the root has a cell with both players' stones".into(),
            ));
        }
        if count > body_len as u64 {
            return Err(FormatError::Counts(format!(
                "{count} records cannot fit in {body_len} bytes"
            )));
        }
        if count > MAX_RECORDS {
            return Err(FormatError::Counts(format!(
                "the header says {count} records; a certificate may hold at most {MAX_RECORDS}"
            )));
        }
        // Grown as records are read: the header's count decides no allocation.
        let mut records = Vec::new();
        let mut i = 0usize;
        while i < body.len() {
            let n = records.len() as u64;
            if n >= count {
                return Err(FormatError::Counts(format!(
                    "the header says {count} records, the body holds more"
                )));
            }
            let bad = |why: String| FormatError::Record {
                record: n,
                at: i,
                why,
            };
            let b = body[i];
            if b < 64 {
                records.push(Record::Move(b));
                i += 1;
            } else if b & 0xC0 == 0x40 && b & 0x3F != 0 {
                let len = usize::from(b & 0x3F);
                let cells = body.get(i + 1..i + 1 + len).ok_or_else(|| {
                    bad(format!("a threat line of {len} cells runs past the end"))
                })?;
                if let Some(&c) = cells.iter().find(|&&c| c >= 64) {
                    return Err(bad(format!("cell {c} is not on the board (0–63)")));
                }
                records.push(Record::Threats(cells.to_vec()));
                i += 1 + len;
            } else {
                return Err(bad(format!(
                    "byte {b:#04x} is neither a move (< 64) nor a threat line (0x41–0x7f)"
                )));
            }
        }
        if records.len() as u64 != count {
            return Err(FormatError::Counts(format!(
                "the header says {count} records, the body holds {}",
                records.len()
            )));
        }
        Ok(Certificate {
            root_x,
            root_o,
            records,
        })
    }

    /// The decompressed bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::new();
        for r in &self.records {
            match r {
                Record::Move(m) => body.push(*m),
                Record::Threats(cells) => {
                    body.push(0x40 | (cells.len().min(63) as u8));
                    body.extend(cells.iter().take(63));
                }
            }
        }
        let mut d = Vec::with_capacity(body.len() + 64);
        d.extend_from_slice(MAGIC);
        d.extend_from_slice(&VERSION.to_le_bytes());
        d.extend_from_slice(&self.root_x.to_le_bytes());
        d.extend_from_slice(&self.root_o.to_le_bytes());
        d.extend_from_slice(&(self.records.len() as u64).to_le_bytes());
        d.extend_from_slice(&(body.len() as u64).to_le_bytes());
        d.extend_from_slice(&body);
        let sum = fnv1a(&d);
        d.extend_from_slice(&sum.to_le_bytes());
        d
    }

    /// The gzip-compressed file.
    ///
    /// # Errors
    /// Only if compression to memory fails.
    pub fn to_gzip(&self) -> std::io::Result<Vec<u8>> {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        e.write_all(&self.to_bytes())?;
        e.finish()
    }
}
