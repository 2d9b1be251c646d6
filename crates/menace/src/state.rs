//! The state file: MENACE's matchboxes, rules, record and random generator as
//! versioned JSON, written atomically (a temporary file in the same directory, then a
//! rename), so a killed process leaves either the old or the new file, never half of
//! one. A file that is not a MENACE state is reported and never overwritten.

use ludomat_io::text::thousands;
use ludomat_io::write::write_atomically;
use std::path::{Path, PathBuf};

use ludomat_game::{seed, Player, Tally};
use ludomat_tictactoe::Board;
use serde::{Deserialize, Serialize};

use crate::{CountsError, Matchboxes, Menace, Rules};

/// The largest state file read (a MENACE state is tens of kilobytes; a larger file, or
/// `/dev/zero`, is refused rather than read whole).
pub const MAX_STATE_BYTES: u64 = 16 << 20;

/// The `format` field of every state file.
pub const FORMAT: &str = "ludomat-menace";
/// The version written (and the only one read).
pub const VERSION: u32 = 1;

/// Why a state file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    /// Reading or writing failed.
    #[error("{}: {source}", ludomat_io::text::path(path))]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The file is not valid JSON.
    #[error(
        "{} is damaged: not valid JSON: {reason}",
        ludomat_io::text::path(path)
    )]
    NotJson {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the parser said.
        reason: String,
    },
    /// JSON, but not a MENACE state.
    #[error(
        "{} is not a MENACE state file: {reason}",
        ludomat_io::text::path(path)
    )]
    Foreign {
        /// The file.
        path: PathBuf,
        /// What is missing or different.
        reason: String,
    },
    /// A MENACE state of a version this program does not read, or without a version
    /// number (said as every versioned file says it: `ludomat_io::error::version_refused`).
    #[error("{}: {reason}", ludomat_io::text::path(path))]
    Version {
        /// The file.
        path: PathBuf,
        /// The version in the file, when it is a whole number.
        found: Option<u64>,
        /// The words.
        reason: String,
    },
    /// A MENACE state whose contents are inconsistent.
    #[error("{} is damaged: {reason}", ludomat_io::text::path(path))]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong, naming the box or field.
        reason: String,
    },
}

#[derive(Serialize, Deserialize)]
struct RngState {
    /// The 32-byte key in hex.
    seed: String,
    stream: u64,
    /// Position in the stream, in 32-bit words (a decimal string: it is a u128).
    word_pos: String,
}

#[derive(Serialize, Deserialize)]
struct BoxState {
    /// The picture, rows separated by `/`.
    picture: String,
    /// Beads by square of the picture, reading order.
    beads: [u32; 9],
}

#[derive(Serialize, Deserialize)]
struct Records {
    first: Tally,
    second: Tally,
}

#[derive(Serialize, Deserialize)]
struct Sets {
    first: Vec<BoxState>,
    second: Vec<BoxState>,
}

#[derive(Serialize, Deserialize)]
struct StateFile {
    format: String,
    version: u32,
    rules: Rules,
    record: Records,
    rng: RngState,
    boxes: Sets,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Option<[u8; 32]> {
    if s.len() != 64 || !s.is_ascii() {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

impl Menace {
    /// The state as JSON text. Beads out in an unfinished game are counted as back in
    /// their boxes (the state is always between games).
    #[must_use]
    pub fn to_json(&self) -> String {
        // Plain structs of strings and numbers always serialise.
        serde_json::to_string(&self.state_file()).unwrap_or_default()
    }

    fn state_file(&self) -> StateFile {
        let mut m = self.clone();
        m.abandon();
        let set = |s: &Matchboxes| {
            s.iter()
                .map(|(_, b)| BoxState {
                    picture: b.picture_line(),
                    beads: b.counts(),
                })
                .collect()
        };
        StateFile {
            format: FORMAT.into(),
            version: VERSION,
            rules: m.rules,
            record: Records {
                first: m.record[0],
                second: m.record[1],
            },
            rng: RngState {
                seed: hex(&m.rng.get_seed()),
                stream: m.rng.get_stream(),
                word_pos: m.rng.get_word_pos().to_string(),
            },
            boxes: Sets {
                first: set(&m.sets[0]),
                second: set(&m.sets[1]),
            },
        }
    }

    /// Read a state from JSON text; `path` names the source in errors.
    ///
    /// # Errors
    /// [`StateError::NotJson`], [`StateError::Foreign`], [`StateError::Version`] or
    /// [`StateError::Invalid`], naming what is wrong.
    pub fn from_json(text: &str, path: &Path) -> Result<Menace, StateError> {
        let path_buf = path.to_path_buf();
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            // `"max": 1e400`: the number and its field named, as the state's fields are
            match ludomat_io::error::typed_json::<StateFile>(text) {
                Err(reason) if e.to_string().starts_with("number out of range") => {
                    StateError::Invalid {
                        path: path_buf.clone(),
                        reason,
                    }
                }
                _ => StateError::NotJson {
                    path: path_buf.clone(),
                    line: e.line(),
                    column: e.column(),
                    reason: ludomat_io::error::json_in(text, &e),
                },
            }
        })?;
        // `"wins":131,"wins":5`: the parser keeps the last, and 126 wins were lost unsaid
        if let Some(reason) = ludomat_io::error::field_twice(text) {
            return Err(StateError::Invalid {
                path: path_buf,
                reason,
            });
        }
        let foreign = |reason: String| StateError::Foreign {
            path: path_buf.clone(),
            reason,
        };
        let obj = value
            .as_object()
            .ok_or_else(|| foreign("the top level is not a JSON object".into()))?;
        if let Some(words) = ludomat_io::error::format_refused_in(&value, FORMAT) {
            return Err(foreign(words));
        }
        // the words every versioned file uses, the version as the file wrote it
        if let Err(reason) =
            ludomat_io::error::version_check(text, &value, "a MENACE state", u64::from(VERSION))
        {
            return Err(StateError::Version {
                path: path_buf,
                found: obj.get("version").and_then(ludomat_io::error::whole_number),
                reason,
            });
        }
        let invalid = |reason: String| StateError::Invalid {
            path: path_buf.clone(),
            reason,
        };
        // from the text, so a number is quoted as the file wrote it (`1e3`, not `1000.0`)
        let file: StateFile = ludomat_io::error::typed_json(text).map_err(invalid)?;
        file.rules
            .validate()
            .map_err(|e| invalid(format!("rules: {e}")))?;
        let key =
            unhex(&file.rng.seed).ok_or_else(|| invalid("rng.seed is not 64 hex digits".into()))?;
        let word_pos: u128 = file.rng.word_pos.parse().map_err(|_| {
            let w = file.rng.word_pos.trim();
            invalid(if !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()) {
                format!("rng.word_pos {}", ludomat_io::text::too_large(w, u128::MAX))
            } else {
                format!(
                    "rng.word_pos {} is not a whole number",
                    ludomat_io::text::quoted(&file.rng.word_pos, 40)
                )
            })
        })?;
        let mut rng = <seed::Rng as rand::SeedableRng>::from_seed(key);
        rng.set_stream(file.rng.stream);
        rng.set_word_pos(word_pos);
        let load = |side: Player, name: &str, states: &[BoxState]| {
            let mut set = Matchboxes::empty(side);
            if states.len() != set.len() {
                return Err(invalid(format!(
                    "boxes.{name} has {} boxes; a MENACE playing {side} has {}",
                    states.len(),
                    set.len()
                )));
            }
            for (i, s) in states.iter().enumerate() {
                let id = crate::BoxId::new(i as u16);
                let Some(b) = set.get_mut(id) else { continue };
                let picture: Board = s.picture.parse().map_err(|e| {
                    invalid(format!(
                        "boxes.{name}[{i}]: picture {}: {e}",
                        ludomat_io::text::quoted(&s.picture, 60)
                    ))
                })?;
                if picture != b.picture() {
                    return Err(invalid(format!(
                        "boxes.{name}[{i}] shows {} but box {id} shows {}",
                        s.picture,
                        b.picture_line()
                    )));
                }
                b.set_counts(s.beads).map_err(|e: CountsError| {
                    invalid(format!("boxes.{name}[{i}] ({}) {e}", s.picture))
                })?;
            }
            Ok(set)
        };
        let record = [file.record.first, file.record.second];
        let mut games = 0u64;
        for (side, t) in ["first", "second"].iter().zip(record) {
            for n in [t.wins, t.draws, t.losses] {
                games = games.checked_add(n).ok_or_else(|| {
                    invalid(format!(
                        "record.{side} ({} wins, {} draws, {} losses): the games of both sides add up to more than {}",
                        thousands(t.wins), thousands(t.draws), thousands(t.losses),
                        thousands(u64::MAX)
                    ))
                })?;
            }
        }
        let first = load(Player::First, "first", &file.boxes.first)?;
        let second = load(Player::Second, "second", &file.boxes.second)?;
        Ok(Menace::from_parts(file.rules, [first, second], rng, record))
    }

    /// Load a state file.
    ///
    /// # Errors
    /// [`StateError::Io`] when it cannot be read, else as [`Menace::from_json`].
    pub fn load(path: &Path) -> Result<Menace, StateError> {
        let text =
            ludomat_io::read::text(path, MAX_STATE_BYTES).map_err(|source| StateError::Io {
                path: path.to_path_buf(),
                source,
            })?;
        Menace::from_json(&text, path)
    }

    /// Save atomically: write a temporary file beside the file, then rename it over the
    /// file. Creates the directory if needed. A killed process leaves the old file or the
    /// new one, never a mixture; temporary files a killed process left behind are removed
    /// by the next save. When `path` is a symbolic link, the file it points to is
    /// replaced (the link stays); an existing file keeps its permissions. (The data is
    /// not forced to the disk with `fsync` — that would make saving after every game very
    /// slow — so a power cut right after a save is left to the file system's ordering of
    /// the rename.)
    ///
    /// # Errors
    /// [`StateError::Io`] when the directory or file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), StateError> {
        let io = |source| StateError::Io {
            path: path.to_path_buf(),
            source,
        };
        let bytes = serde_json::to_vec(&self.state_file())
            .map_err(|e| io(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))?;
        let target = write_atomically(path, &bytes, TEMP_PREFIX).map_err(io)?;
        tracing::debug!(path = %ludomat_io::text::path(&target), "saved MENACE state");
        Ok(())
    }
}

/// How temporary state files start (followed by the writer's process id).
pub const TEMP_PREFIX: &str = ".menace-";
/// How temporary state files end.
pub use ludomat_io::write::TEMP_SUFFIX;

/// The default state file: `<data dir>/ludomat/menace.json` (on Linux
/// `~/.local/share/ludomat/menace.json`), or `None` if the system has no data
/// directory.
#[must_use]
pub fn default_path() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("ludomat").join("menace.json"))
}
