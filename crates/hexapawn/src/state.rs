//! The state file: HER's seed, record and beads as versioned JSON, written atomically (a
//! temporary file in the same directory, then a rename). A file that is not a HER state
//! is reported, never overwritten by a read.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::her::Record;
use crate::{Board, Her, Move};

/// The largest state file read (a HER state is tens of kilobytes; a larger file, or
/// `/dev/zero`, is refused rather than read whole).
pub const MAX_STATE_BYTES: u64 = 16 << 20;

/// The `format` field of every state file.
pub const FORMAT: &str = "ludomat-her";
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
    /// Not a HER state of this version (said as MENACE's: the file is left untouched).
    #[error("{}: {reason}\nThe file was left untouched. Move it away, or choose another file with --state PATH.", ludomat_io::text::path(path))]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong, naming the field or box.
        reason: String,
    },
    /// JSON, but not a HER state: its `format` is missing or another file's (said as
    /// every saved file says it, `ludomat_io::error::format_refused`).
    #[error("{} is not a HER state file: {reason}\nThe file was left untouched. Move it away, or choose another file with --state PATH.", ludomat_io::text::path(path))]
    Foreign {
        /// The file.
        path: PathBuf,
        /// What is missing or different.
        reason: String,
    },
    /// A HER state cut short, not JSON, or inconsistent: said as every damaged file is
    /// (`h.json is damaged: not valid JSON: line 3, …`).
    #[error("{} is damaged: {reason}\nThe file was left untouched. Move it away, or choose another file with --state PATH.", ludomat_io::text::path(path))]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong, naming the field or box.
        reason: String,
    },
}

#[derive(Serialize, Deserialize)]
struct BoxState {
    picture: String,
    beads: Vec<(String, u32)>,
}

#[derive(Serialize, Deserialize)]
struct StateFile {
    format: String,
    version: u32,
    seed: u64,
    record: Record,
    boxes: Vec<BoxState>,
}

impl Her {
    /// The state as JSON text (the game in progress is not part of it).
    #[must_use]
    pub fn to_json(&self) -> String {
        let file = StateFile {
            format: FORMAT.into(),
            version: VERSION,
            seed: self.seed,
            record: self.record,
            boxes: self
                .boxes
                .iter()
                .map(|b| BoxState {
                    picture: b.picture.line(),
                    beads: b.beads.iter().map(|(m, n)| (m.to_string(), *n)).collect(),
                })
                .collect(),
        };
        serde_json::to_string_pretty(&file).unwrap_or_default()
    }

    /// Read a state from JSON text; `path` names the source in errors.
    ///
    /// # Errors
    /// [`StateError::Invalid`] naming what is wrong.
    pub fn from_json(text: &str, path: &Path) -> Result<Her, StateError> {
        let invalid = |reason: String| StateError::Invalid {
            path: path.to_path_buf(),
            reason,
        };
        let damaged = |reason: String| StateError::Damaged {
            path: path.to_path_buf(),
            reason,
        };
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            damaged(format!(
                "not valid JSON: {}",
                ludomat_io::error::json_in(text, &e)
            ))
        })?;
        if let Some(words) = ludomat_io::error::format_refused_in(&value, FORMAT) {
            return Err(StateError::Foreign {
                path: path.to_path_buf(),
                reason: words,
            });
        }
        // the words every versioned file uses (a MENACE state's too)
        ludomat_io::error::version_check(text, &value, "a HER state", u64::from(VERSION))
            .map_err(invalid)?;
        // the field's path first, as MENACE's state says it (`boxes[2].beads[0]: …`)
        // from the text, so a number is quoted as the file wrote it (`1e3`, not `1000.0`)
        let file: StateFile = ludomat_io::error::typed_json(text).map_err(damaged)?;
        let mut her = Her::new(file.seed);
        if file.boxes.len() != her.boxes.len() {
            return Err(damaged(format!(
                "{}; HER has {}",
                ludomat_io::text::count(file.boxes.len() as u64, "box", "boxes"),
                ludomat_io::text::thousands(her.boxes.len() as u64)
            )));
        }
        for (i, (s, b)) in file.boxes.iter().zip(her.boxes.iter_mut()).enumerate() {
            let pic: Board = s
                .picture
                .parse()
                .map_err(|e| damaged(format!("boxes[{i}]: {e}")))?;
            if pic != b.picture {
                // the box named one way, as the file's field (`boxes[0]`), as every refusal
                // of a box names it
                return Err(damaged(format!(
                    "boxes[{i}] shows {}, but HER's box in that place shows {}",
                    ludomat_io::text::quoted(&s.picture, 40),
                    b.picture.line()
                )));
            }
            for (name, n) in &s.beads {
                let m: Move = name.parse().map_err(|e| {
                    damaged(format!(
                        "boxes[{i}] bead {}: {e}",
                        ludomat_io::text::quoted(name, 40)
                    ))
                })?;
                let slot = b
                    .beads
                    .iter_mut()
                    .find(|(bm, _)| *bm == m)
                    .ok_or_else(|| damaged(format!("boxes[{i}]: {m} is not a legal move")))?;
                if *n > 1 {
                    return Err(damaged(format!(
                        "boxes[{i}]: {} beads of {m}; Gardner's boxes hold at most one",
                        ludomat_io::text::thousands(u64::from(*n))
                    )));
                }
                slot.1 = *n;
            }
        }
        let r = file.record;
        if r.wins.checked_add(r.losses) != Some(r.games) || r.last_loss > r.games {
            let n = ludomat_io::text::thousands;
            return Err(damaged(format!(
                "record: {} games but {} wins and {} losses, last loss {}",
                n(r.games),
                n(r.wins),
                n(r.losses),
                n(r.last_loss)
            )));
        }
        Ok(Her::from_parts(file.seed, her.boxes, r))
    }

    /// Load a state file.
    ///
    /// # Errors
    /// [`StateError`] when it cannot be read or is not a HER state.
    pub fn load(path: &Path) -> Result<Her, StateError> {
        let text =
            ludomat_io::read::text(path, MAX_STATE_BYTES).map_err(|source| StateError::Io {
                path: path.to_path_buf(),
                source,
            })?;
        Her::from_json(&text, path)
    }

    /// Save atomically, as MENACE's state is saved ([`ludomat_io::write::write_atomically`]:
    /// through a symbolic link, permissions kept, a killed writer's temporary file removed).
    ///
    /// # Errors
    /// [`StateError::Io`] when the directory or file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), StateError> {
        ludomat_io::write::write_atomically(path, self.to_json().as_bytes(), ".her-")
            .map(drop)
            .map_err(|source| StateError::Io {
                path: path.to_path_buf(),
                source,
            })
    }
}

/// The default state file: `<data dir>/ludomat/her.json`.
#[must_use]
pub fn default_path() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("ludomat").join("her.json"))
}

/// The refusal of a `her train` option that works on the state file, given without one
/// (`given`: whether `--save-every`, `--fresh` and `--wait-lock` were given): `--fresh
/// starts over the state file: give it with --state PATH`. None with a state file, or
/// none of them given. (Not clap's `requires`: `--state` may stand before `train`, where
/// `requires` cannot see it.)
#[must_use]
pub fn needs_state(state: bool, given: [bool; 3]) -> Option<String> {
    let options = [
        "--save-every saves into",
        "--fresh starts over",
        "--wait-lock waits for",
    ];
    let (_, option) = given.iter().zip(options).find(|g| *g.0 && !state)?;
    Some(format!(
        "{option} the state file: give it with --state PATH"
    ))
}

#[cfg(test)]
mod needs_state_tests {
    use super::needs_state;

    #[test]
    fn the_state_files_options_need_one() {
        assert_eq!(needs_state(true, [true, true, true]), None);
        assert_eq!(needs_state(false, [false, false, false]), None);
        assert_eq!(
            needs_state(false, [false, false, true]).as_deref(),
            Some("--wait-lock waits for the state file: give it with --state PATH")
        );
    }
}
