//! The proof walk: from the root, the first player's record at each new canonical
//! position, every second-player reply tried. [`verify`] reads the records from a
//! certificate; [`write`] asks a strategy and records its answers.

use std::collections::HashSet;

use crate::format::{Certificate, Record};
use crate::geometry::Geometry;

/// What a check (or a write) went through.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// For each reply to the root's move that needed a position checked: the records of
    /// its subtree, as (first record, number of records).
    pub root_subtrees: Vec<(u64, u64)>,
    /// First-player positions (records).
    pub positions: u64,
    /// Of them, answered by a move.
    pub moves: u64,
    /// Of them, answered by a threat line.
    pub threat_lines: u64,
    /// The longest threat line (first-player moves).
    pub longest_line: usize,
    /// Wins by a move completing four or leaving two threes.
    pub wins: u64,
    /// Second-player replies that needed a position checked.
    pub replies: u64,
    /// Of them, positions already checked (merged by symmetry or transposition).
    pub merged: u64,
    /// Replies that lose at once (they leave a three unblocked), not recorded.
    pub lost_at_once: u64,
}

/// Why a certificate does not prove the win.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// A record does not hold at its position.
    #[error("record {record} at position {position}: {why}")]
    Wrong {
        /// The record's number.
        record: u64,
        /// The position (first player's stones / second player's, as cell lists).
        position: String,
        /// What does not hold.
        why: String,
    },
    /// The records end before the proof does.
    #[error("the certificate ends after {records} records, but position {position} still needs one (a reply was dropped?)")]
    Short {
        /// Records read.
        records: u64,
        /// The position left without a record.
        position: String,
    },
    /// Records are left over when the proof is complete.
    #[error("{extra} records are left over after the proof is complete")]
    Long {
        /// How many.
        extra: u64,
    },
    /// The root is not a position where the first player is to move.
    #[error("the root is not a first-player-to-move position: {0}")]
    Root(String),
    /// Asked to stop before the end (see [`verify_until`]): nothing was decided.
    #[error("stopped after {records} records, before the end of the proof")]
    Stopped {
        /// Records read by then.
        records: u64,
    },
}

fn cells(m: u64) -> String {
    let v: Vec<String> = (0..64)
        .filter(|&c| m >> c & 1 == 1)
        .map(|c| c.to_string())
        .collect();
    v.join(" ")
}

fn position(x: u64, o: u64) -> String {
    format!("[x: {}; o: {}]", cells(x), cells(o))
}

/// Where the first player's records come from.
trait Source {
    /// The record at canonical position (`x`, `o`), first player to move.
    fn next(&mut self, x: u64, o: u64) -> Result<Record, VerifyError>;
}

struct Reader<'a> {
    records: &'a [Record],
    at: usize,
}

impl Source for Reader<'_> {
    fn next(&mut self, x: u64, o: u64) -> Result<Record, VerifyError> {
        let r = self
            .records
            .get(self.at)
            .cloned()
            .ok_or_else(|| VerifyError::Short {
                records: self.at as u64,
                position: position(x, o),
            })?;
        self.at += 1;
        Ok(r)
    }
}

/// A source that says [`VerifyError::Stopped`] once `stop` says so (asked every
/// [`Stoppable::EVERY`] records: a stop is seen within milliseconds).
struct Stoppable<'s> {
    inner: &'s mut dyn Source,
    stop: &'s dyn Fn() -> bool,
    records: u64,
}

impl Stoppable<'_> {
    const EVERY: u64 = 256;
}

impl Source for Stoppable<'_> {
    fn next(&mut self, x: u64, o: u64) -> Result<Record, VerifyError> {
        if self.records.is_multiple_of(Self::EVERY) && (self.stop)() {
            return Err(VerifyError::Stopped {
                records: self.records,
            });
        }
        self.records += 1;
        self.inner.next(x, o)
    }
}

struct Writer<'s> {
    strategy: &'s mut dyn FnMut(u64, u64) -> Option<Record>,
    out: Vec<Record>,
}

impl Source for Writer<'_> {
    fn next(&mut self, x: u64, o: u64) -> Result<Record, VerifyError> {
        let r = (self.strategy)(x, o).ok_or_else(|| VerifyError::Wrong {
            record: self.out.len() as u64,
            position: position(x, o),
            why: "the strategy has no answer here".into(),
        })?;
        self.out.push(r.clone());
        Ok(r)
    }
}

struct Walk<'g> {
    g: &'g Geometry,
    /// `bit[s][c]`: the bit of cell `c` seen through symmetry `s`.
    bit: Vec<[u64; 64]>,
    seen: HashSet<(u64, u64)>,
    report: Report,
    record: u64,
    depth: u32,
    /// Every checked position's record, when asked for (to play the proof).
    index: Option<std::collections::HashMap<(u64, u64), Record>>,
}

impl Walk<'_> {
    /// The empty cells that complete four for the player with stones `me`.
    fn threes(&self, me: u64, them: u64) -> u64 {
        let mut t = 0;
        for &l in &self.g.lines {
            if l & them == 0 && (l & me).count_ones() == 3 {
                t |= l & !me;
            }
        }
        t
    }

    fn four(&self, me: u64) -> bool {
        self.g.lines.iter().any(|&l| l & !me == 0)
    }

    fn wrong(&self, x: u64, o: u64, why: String) -> VerifyError {
        VerifyError::Wrong {
            record: self.record,
            position: position(x, o),
            why,
        }
    }

    /// The canonical form: the image with the least `(x, o)` under the symmetries.
    fn canonical(&self, x: u64, o: u64) -> (u64, u64) {
        canonical_with(&self.bit, x, o).0
    }

    /// A first-player position (canonical): its record, then every reply.
    fn node(&mut self, src: &mut dyn Source, x: u64, o: u64) -> Result<(), VerifyError> {
        let record = src.next(x, o)?;
        if let Some(ix) = &mut self.index {
            ix.insert((x, o), record.clone());
        }
        self.report.positions += 1;
        self.record = self.report.positions - 1;
        match record {
            Record::Move(m) => self.play(src, x, o, m),
            Record::Threats(line) => self.threat_line(x, o, &line),
        }
    }

    fn play(&mut self, src: &mut dyn Source, x: u64, o: u64, m: u8) -> Result<(), VerifyError> {
        self.report.moves += 1;
        let bit = 1u64 << m;
        if (x | o) & bit != 0 {
            return Err(self.wrong(x, o, format!("cell {m} is not empty")));
        }
        let x2 = x | bit;
        if self.four(x2) {
            self.report.wins += 1;
            return Ok(());
        }
        let d = self.threes(o, x2);
        if d != 0 {
            return Err(self.wrong(
                x,
                o,
                format!(
                    "after {m} the second player completes four at {}",
                    d.trailing_zeros()
                ),
            ));
        }
        let t = self.threes(x2, o);
        if t.count_ones() >= 2 {
            self.report.wins += 1;
            return Ok(());
        }
        let empty = !(x2 | o);
        if empty == 0 {
            return Err(self.wrong(x, o, format!("after {m} the board is full: a draw")));
        }
        let replies = if t != 0 { t } else { empty };
        self.report.lost_at_once += u64::from((empty & !replies).count_ones());
        let mut r = replies;
        while r != 0 {
            let c = r.trailing_zeros();
            r &= r - 1;
            self.report.replies += 1;
            let (cx, co) = self.canonical(x2, o | 1 << c);
            if !self.seen.insert((cx, co)) {
                self.report.merged += 1;
                continue;
            }
            let start = self.report.positions;
            self.depth += 1;
            self.node(src, cx, co)?;
            self.depth -= 1;
            if self.depth == 0 {
                self.report
                    .root_subtrees
                    .push((start, self.report.positions - start));
            }
        }
        Ok(())
    }

    fn threat_line(&mut self, x: u64, o: u64, line: &[u8]) -> Result<(), VerifyError> {
        self.report.threat_lines += 1;
        self.report.longest_line = self.report.longest_line.max(line.len());
        let (mut x, mut o) = (x, o);
        let (x0, o0) = (x, o);
        for (k, &c) in line.iter().enumerate() {
            let last = k + 1 == line.len();
            let bit = 1u64 << c;
            if (x | o) & bit != 0 {
                return Err(self.wrong(
                    x0,
                    o0,
                    format!("threat line move {} ({c}) is not on an empty cell", k + 1),
                ));
            }
            x |= bit;
            if self.four(x) {
                if !last {
                    return Err(self.wrong(
                        x0,
                        o0,
                        format!("threat line goes on after four at move {}", k + 1),
                    ));
                }
                self.report.wins += 1;
                return Ok(());
            }
            let d = self.threes(o, x);
            if d != 0 {
                return Err(self.wrong(
                    x0,
                    o0,
                    format!(
                        "threat line move {} ({c}) leaves the second player four at {}",
                        k + 1,
                        d.trailing_zeros()
                    ),
                ));
            }
            let t = self.threes(x, o);
            match t.count_ones() {
                0 => {
                    return Err(self.wrong(
                        x0,
                        o0,
                        format!("threat line move {} ({c}) makes no three", k + 1),
                    ))
                }
                1 if last => {
                    return Err(self.wrong(
                        x0,
                        o0,
                        format!(
                        "threat line ends with one three (at {}), which the second player blocks",
                        t.trailing_zeros()
                    ),
                    ))
                }
                1 => o |= t,
                _ => {
                    if !last {
                        return Err(self.wrong(
                            x0,
                            o0,
                            format!("threat line goes on after two threes at move {}", k + 1),
                        ));
                    }
                    self.report.wins += 1;
                    return Ok(());
                }
            }
        }
        Err(self.wrong(x0, o0, "an empty threat line".into()))
    }
}

/// The image of the cells `m` under the symmetry whose cell bits are `bit`.
fn image(bit: &[u64; 64], m: u64) -> u64 {
    let mut v = 0;
    let mut m = m;
    while m != 0 {
        v |= bit[m.trailing_zeros() as usize];
        m &= m - 1;
    }
    v
}

/// The canonical form of (`x`, `o`) and the symmetry that gives it (the first of the
/// least images).
fn canonical_with(bits: &[[u64; 64]], x: u64, o: u64) -> ((u64, u64), usize) {
    let mut best = ((u64::MAX, u64::MAX), 0);
    for (s, b) in bits.iter().enumerate() {
        let im = (image(b, x), image(b, o));
        if im < best.0 {
            best = (im, s);
        }
    }
    best
}

fn bits(g: &Geometry) -> Vec<[u64; 64]> {
    g.symmetries
        .iter()
        .map(|s| std::array::from_fn(|c| 1u64 << s[c]))
        .collect()
}

/// The proof as a player: every checked position's record, looked up through the
/// symmetries (what `ludomat play qubic --strategy forced` plays on 4×4×4).
#[derive(Debug, Clone)]
pub struct ProofBook {
    bits: Vec<[u64; 64]>,
    inverse: Vec<[u8; 64]>,
    records: std::collections::HashMap<(u64, u64), Record>,
}

impl ProofBook {
    /// Checks `cert` and keeps its records by position.
    ///
    /// # Errors
    /// As [`verify`].
    pub fn new(g: &Geometry, cert: &Certificate) -> Result<ProofBook, VerifyError> {
        let mut r = Reader {
            records: &cert.records,
            at: 0,
        };
        let (_, index) = run_with(g, cert.root_x, cert.root_o, &mut r, true)?;
        if r.at < cert.records.len() {
            return Err(VerifyError::Long {
                extra: (cert.records.len() - r.at) as u64,
            });
        }
        let inverse = g
            .symmetries
            .iter()
            .map(|s| {
                let mut inv = [0u8; 64];
                for (c, &d) in s.iter().enumerate() {
                    inv[d as usize] = c as u8;
                }
                inv
            })
            .collect();
        Ok(ProofBook {
            bits: bits(g),
            inverse,
            records: index.unwrap_or_default(),
        })
    }

    /// Positions in the book.
    #[must_use]
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether the book is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The proof's record at (`x`, `o`) (first player to move), in this position's own
    /// cells: `None` when the position is not one the proof reaches.
    #[must_use]
    pub fn record(&self, x: u64, o: u64) -> Option<Record> {
        let (key, s) = canonical_with(&self.bits, x, o);
        let back = |c: u8| self.inverse[s][usize::from(c)];
        self.records.get(&key).map(|r| match r {
            Record::Move(c) => Record::Move(back(*c)),
            Record::Threats(v) => Record::Threats(v.iter().map(|&c| back(c)).collect()),
        })
    }
}

fn run(
    g: &Geometry,
    root_x: u64,
    root_o: u64,
    src: &mut dyn Source,
) -> Result<Report, VerifyError> {
    run_with(g, root_x, root_o, src, false).map(|r| r.0)
}

type Index = Option<std::collections::HashMap<(u64, u64), Record>>;

fn run_with(
    g: &Geometry,
    root_x: u64,
    root_o: u64,
    src: &mut dyn Source,
    keep: bool,
) -> Result<(Report, Index), VerifyError> {
    if root_x & root_o != 0 || root_x.count_ones() != root_o.count_ones() {
        return Err(VerifyError::Root(position(root_x, root_o)));
    }
    let mut w = Walk {
        g,
        bit: bits(g),
        seen: HashSet::new(),
        report: Report::default(),
        record: 0,
        depth: 0,
        index: keep.then(std::collections::HashMap::new),
    };
    if w.four(root_x) || w.four(root_o) {
        return Err(VerifyError::Root(format!(
            "{} already has four",
            position(root_x, root_o)
        )));
    }
    let (cx, co) = w.canonical(root_x, root_o);
    w.seen.insert((cx, co));
    w.node(src, cx, co)?;
    Ok((w.report, w.index))
}

/// Checks that `cert` proves the first player's win from its root.
///
/// # Errors
/// [`VerifyError`] naming the record and position where the proof fails.
pub fn verify(g: &Geometry, cert: &Certificate) -> Result<Report, VerifyError> {
    verify_until(g, cert, &|| false)
}

/// [`verify`], asking `stop` as it goes (every few hundred records): once it says so, the
/// check ends at once with [`VerifyError::Stopped`] — a run that is cancelled does not
/// wait for the whole certificate.
///
/// # Errors
/// As [`verify`], and [`VerifyError::Stopped`].
pub fn verify_until(
    g: &Geometry,
    cert: &Certificate,
    stop: &dyn Fn() -> bool,
) -> Result<Report, VerifyError> {
    let mut r = Reader {
        records: &cert.records,
        at: 0,
    };
    let report = run(
        g,
        cert.root_x,
        cert.root_o,
        &mut Stoppable {
            inner: &mut r,
            stop,
            records: 0,
        },
    )?;
    if r.at < cert.records.len() {
        return Err(VerifyError::Long {
            extra: (cert.records.len() - r.at) as u64,
        });
    }
    Ok(report)
}

/// Writes the certificate of `strategy` from the root (`x`, `o`): the walk asks it for
/// the first player's record at each new canonical position and checks each as
/// [`verify`] would.
///
/// # Errors
/// [`VerifyError`] where the strategy has no answer or its answer does not hold.
pub fn write(
    g: &Geometry,
    root_x: u64,
    root_o: u64,
    strategy: &mut dyn FnMut(u64, u64) -> Option<Record>,
) -> Result<(Certificate, Report), VerifyError> {
    let mut w = Writer {
        strategy,
        out: Vec::new(),
    };
    let report = run(g, root_x, root_o, &mut w)?;
    Ok((
        Certificate {
            root_x,
            root_o,
            records: w.out,
        },
        report,
    ))
}
