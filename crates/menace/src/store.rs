//! Where a MENACE's matchboxes live between commands, and how a fresh MENACE is set up:
//! [`StateOptions`] (the state file, the rule preset and its changes, the seed) and
//! [`Stored`], a MENACE with the file it lives in. Opening never writes; a file that is
//! not a MENACE state is reported and never touched.
//!
//! With the cargo feature `clap` the options are the binary's flags, global to every
//! `ludomat menace` command; their doc comments are its `--help`.

use std::path::PathBuf;

use ludomat_game::seed;

use crate::{EmptyBox, Menace, Preset, Rules, RulesError, StartingBeads, StateError};

/// Where MENACE's matchboxes live and how a fresh MENACE is set up.
///
/// Global to every `menace` command, so each lists them: after its own options (clap
/// lists options in declaration order; without an order of their own these would share
/// the first places with the command's options, interleaved by letter), before -v.
#[derive(Debug, Clone, Default)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
#[cfg_attr(feature = "clap", command(next_display_order = 900))]
pub struct StateOptions {
    /// The state file [default: <data dir>/ludomat/menace.json].
    #[cfg_attr(feature = "clap", arg(long, global = true, value_name = "PATH"))]
    pub state: Option<PathBuf>,
    /// Rule preset for a fresh MENACE: source (the source challenge's rules; default),
    /// michie (Michie 1961), scroggs (Scroggs' online MENACE).
    #[cfg_attr(feature = "clap", arg(long, global = true, value_name = "PRESET"))]
    pub rules: Option<Preset>,
    /// Starting beads for a fresh MENACE: random:MIN-MAX per box, or four counts per
    /// legal move by MENACE's move (4/3/2/1).
    #[cfg_attr(feature = "clap", arg(long, global = true, value_name = "BEADS"))]
    pub start_beads: Option<StartingBeads>,
    /// Net beads after a win, per box used (-1,000 to 1,000).
    #[cfg_attr(
        feature = "clap",
        arg(long, global = true, allow_hyphen_values = true, value_name = "N", value_parser = ludomat_game::count::signed::<i32>(-BEAD_LIMIT, BEAD_LIMIT))
    )]
    pub win: Option<i32>,
    /// Net beads after a draw, per box used (-1,000 to 1,000).
    #[cfg_attr(
        feature = "clap",
        arg(long, global = true, allow_hyphen_values = true, value_name = "N", value_parser = ludomat_game::count::signed::<i32>(-BEAD_LIMIT, BEAD_LIMIT))
    )]
    pub draw: Option<i32>,
    /// Net beads after a loss, per box used (-1,000 to 1,000).
    #[cfg_attr(
        feature = "clap",
        arg(long, global = true, allow_hyphen_values = true, value_name = "N", value_parser = ludomat_game::count::signed::<i32>(-BEAD_LIMIT, BEAD_LIMIT))
    )]
    pub loss: Option<i32>,
    /// What an empty box does: refill, refill:N, resign.
    #[cfg_attr(feature = "clap", arg(long, global = true, value_name = "POLICY"))]
    pub empty_box: Option<EmptyBox>,
    /// Seed [default: 1]: fills a fresh MENACE's boxes and seeds its opponent; given with
    /// a saved MENACE, restarts its random draws (otherwise they continue where they
    /// stopped).
    #[cfg_attr(feature = "clap", arg(long, global = true, value_parser = ludomat_game::count::count::<u64>(0, u64::MAX)))]
    pub seed: Option<u64>,
    /// When another process is using the state file (a `menace train` or `menace play`
    /// on it), wait for it to end instead of refusing.
    #[cfg_attr(feature = "clap", arg(long, global = true))]
    pub wait_lock: bool,
}

/// The most beads a win, draw or loss may add or take away (the rules' limit).
#[cfg(feature = "clap")]
const BEAD_LIMIT: i64 = crate::rules::MAX_BEADS as i64;

/// The side MENACE plays (which of its two sets of boxes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Side {
    /// Crosses, moving first.
    #[default]
    X,
    /// Noughts, moving second.
    O,
}

impl Side {
    /// The player on this side.
    #[must_use]
    pub fn player(self) -> ludomat_game::Player {
        match self {
            Side::X => ludomat_game::Player::First,
            Side::O => ludomat_game::Player::Second,
        }
    }
}

/// Why a stored MENACE cannot be opened or saved.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The rule settings do not make rules.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// No state file named and no data folder for the default one.
    #[error("this system has no user data directory; choose a state file with --state PATH")]
    NoDataDir,
    /// The file is there but not a MENACE state.
    #[error(
        "{0}\nThe file was left untouched. Move it away, or choose another file with --state PATH."
    )]
    NotAState(StateError),
    /// Rule settings given for a saved MENACE of other rules.
    #[error("{} holds a MENACE playing by {saved} rules; rule settings only apply to a fresh MENACE (start over with {given}: 'menace play --fresh' or 'menace train --fresh'; the saved one is kept as a backup)", ludomat_io::text::path(path))]
    OtherRules {
        /// The file.
        path: String,
        /// Its MENACE's rules.
        saved: Rules,
        /// The rules the settings make.
        given: Rules,
    },
    /// The matchboxes could not be saved.
    #[error("cannot save MENACE's matchboxes")]
    Save(#[source] StateError),
    /// Another process is using the state file.
    #[error(transparent)]
    Lock(#[from] ludomat_io::lock::LockError),
    /// A state file named for a command that only reads is not there.
    #[error("cannot read {}: {why}; no MENACE is saved there ('menace play' or 'menace train' saves one)", ludomat_io::text::path(path))]
    Missing {
        /// The file.
        path: String,
        /// Why it is not there: no such file, a dangling symbolic link.
        why: String,
    },
}

impl StateOptions {
    /// The rules for a fresh MENACE, and whether any rule flag was given.
    ///
    /// # Errors
    /// Settings that make no valid rules.
    pub fn rules(&self) -> Result<(Rules, bool), RulesError> {
        let mut r = self.rules.unwrap_or(Preset::Source).rules();
        if let Some(b) = self.start_beads {
            r.starting_beads = b;
        }
        if let Some(n) = self.win {
            r.win = n;
        }
        if let Some(n) = self.draw {
            r.draw = n;
        }
        if let Some(n) = self.loss {
            r.loss = n;
        }
        if let Some(e) = self.empty_box {
            r.empty_box = e;
        }
        r.validate()?;
        let given = self.rules.is_some()
            || self.start_beads.is_some()
            || self.win.is_some()
            || self.draw.is_some()
            || self.loss.is_some()
            || self.empty_box.is_some();
        Ok((r, given))
    }

    /// The state file: the one given, or the default in the user's data folder.
    ///
    /// # Errors
    /// [`StoreError::NoDataDir`].
    pub fn path(&self) -> Result<PathBuf, StoreError> {
        match &self.state {
            Some(p) => Ok(p.clone()),
            None => crate::state::default_path().ok_or(StoreError::NoDataDir),
        }
    }
}

/// A MENACE and the file it lives in.
#[derive(Debug, Clone)]
pub struct Stored {
    /// The machine.
    pub menace: Menace,
    /// Its state file.
    pub path: PathBuf,
    /// The seed given (or 1): the session's seed for `play`.
    pub seed: u64,
    /// A saved MENACE goes on with its own random draws (no `--seed` given).
    pub continues: bool,
    /// The state file's lock, held while this process may save into it
    /// ([`Stored::open_to_write`]).
    pub lock: Option<std::sync::Arc<ludomat_io::lock::Lock>>,
}

/// Lock the state file at `path` that a run reads and saves (MENACE's, HER's): a state
/// that the shell emptied for this command's output (`train > s.json`) is refused in
/// words that say so, before the lock's own refusal of the redirection.
///
/// # Errors
/// [`ludomat_io::lock::LockError`].
pub fn lock(
    path: &std::path::Path,
    wait: ludomat_io::lock::Wait,
) -> Result<ludomat_io::lock::Lock, ludomat_io::lock::LockError> {
    ludomat_io::read::refuse_emptied(path)
        .map_err(|source| ludomat_io::lock::LockError::Refused { source })?;
    ludomat_io::lock::Lock::acquire(path, wait)
}

impl Stored {
    /// Load the state file, or start a fresh MENACE when there is none or `fresh`.
    /// A file that exists but is not a valid MENACE state is an error, even when
    /// `fresh`: it is never overwritten. Opening never writes.
    ///
    /// # Errors
    /// [`StoreError`]: no valid rules, no file name, a file that is not a MENACE state,
    /// rule settings for a saved MENACE of other rules.
    pub fn open(args: &StateOptions, fresh: bool) -> Result<Stored, StoreError> {
        Stored::open_with(args, fresh, None)
    }

    /// [`Stored::open`] for a command that only reads (`stats`, `boxes`): a state file
    /// named with `--state` must be there — a typo or a dangling symbolic link is an
    /// error naming the file, never a fresh MENACE shown under the file's name as if its
    /// training were lost. (Without `--state`, a default file not saved yet shows the
    /// fresh MENACE that the first `play` or `train` starts from.)
    ///
    /// # Errors
    /// As [`Stored::open`], and [`StoreError::Missing`].
    pub fn open_saved(args: &StateOptions) -> Result<Stored, StoreError> {
        if let Some(path) = &args.state {
            if let Err(e) = std::fs::metadata(path) {
                let dangling = std::fs::symlink_metadata(path).is_ok();
                let why = match ludomat_io::write::link_target(path) {
                    Ok(target) if dangling => format!(
                        "a dangling symbolic link to {} (nothing is there)",
                        ludomat_io::text::path(&target)
                    ),
                    _ => ludomat_io::error::words(&e),
                };
                return Err(StoreError::Missing {
                    path: ludomat_io::text::path(path).to_string(),
                    why,
                });
            }
        }
        Stored::open(args, false)
    }

    /// [`Stored::open`] for a command that saves into the state file (`play`, `train`):
    /// the file is locked first, so a second such command on it is refused, naming this
    /// process (or, with `--wait-lock`, waits and then loads what this one saved) — two
    /// runs never both load the same matchboxes and save over each other's games.
    ///
    /// # Errors
    /// As [`Stored::open`], and [`StoreError::Lock`] when another process holds the file.
    pub fn open_to_write(args: &StateOptions, fresh: bool) -> Result<Stored, StoreError> {
        let path = args.path()?;
        let wait = if args.wait_lock {
            ludomat_io::lock::Wait::Yes
        } else {
            ludomat_io::lock::Wait::No
        };
        let lock = lock(&path, wait)?;
        Stored::open_with(args, fresh, Some(std::sync::Arc::new(lock)))
    }

    fn open_with(
        args: &StateOptions,
        fresh: bool,
        lock: Option<std::sync::Arc<ludomat_io::lock::Lock>>,
    ) -> Result<Stored, StoreError> {
        let path = args.path()?;
        let (rules, rules_given) = args.rules()?;
        let loaded = if path.exists() {
            Some(Menace::load(&path).map_err(StoreError::NotAState)?)
        } else {
            None
        };
        let continues = loaded.is_some() && !fresh && args.seed.is_none();
        let menace = match loaded {
            Some(mut m) if !fresh => {
                if rules_given && *m.rules() != rules {
                    return Err(StoreError::OtherRules {
                        path: ludomat_io::text::path(&path).to_string(),
                        saved: *m.rules(),
                        given: rules,
                    });
                }
                if let Some(s) = args.seed {
                    m.reseed(seed::derive(s, 0));
                }
                tracing::info!(path = %ludomat_io::text::path(&path), games = m.games(), "loaded MENACE");
                m
            }
            _ => Menace::new(rules, args.seed.unwrap_or(1)),
        };
        Ok(Stored {
            menace,
            path,
            seed: args.seed.unwrap_or(1),
            continues,
            lock,
        })
    }

    /// The seed, as every seeded command prints it: "seed 1", or for a saved MENACE
    /// given no `--seed`, that its draws go on where they stopped.
    #[must_use]
    pub fn seed_text(&self) -> String {
        if self.continues {
            "its saved random draws go on; --seed N restarts them".to_string()
        } else {
            format!("seed {}", self.seed)
        }
    }

    /// For a saved MENACE given no `--seed`: draw this session's seed from its own saved
    /// random draws (from 0 to 999,999) and start its draws from that seed, so the session
    /// names the seed it plays with (`--seed` that number, on the same saved file, plays
    /// the same draws again). The seed, when one was drawn.
    pub fn draw_session_seed(&mut self) -> Option<u64> {
        if !self.continues {
            return None;
        }
        let s = self.menace.draw_seed() % 1_000_000;
        self.menace.reseed(seed::derive(s, 0));
        self.seed = s;
        self.continues = false;
        Some(s)
    }

    /// Save the matchboxes into the file (atomically).
    ///
    /// # Errors
    /// [`StoreError::Save`].
    pub fn save(&self) -> Result<(), StoreError> {
        self.menace.save(&self.path).map_err(StoreError::Save)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Once, two `menace train` on one state file both loaded it and saved over each
    /// other's games. The second writer is now refused, naming the first.
    #[test]
    fn a_second_writer_is_refused_while_the_first_holds_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let args = StateOptions {
            state: Some(dir.path().join("m.json")),
            ..StateOptions::default()
        };
        let first = Stored::open_to_write(&args, false).unwrap();
        let e = Stored::open_to_write(&args, false).unwrap_err();
        assert!(matches!(e, StoreError::Lock(_)), "{e}");
        assert!(e.to_string().contains("is in use by process"), "{e}");
        // readers are not held up
        Stored::open(&args, false).unwrap();
        drop(first);
        Stored::open_to_write(&args, false).unwrap();
    }

    /// Hostile item 9: `menace stats --state nothere.json` showed a fresh MENACE under
    /// that name (a typo looked like lost training).
    #[cfg(unix)]
    #[test]
    fn a_reader_never_invents_a_state_named_with_state() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("nothere.json");
        let args = StateOptions {
            state: Some(missing.clone()),
            ..StateOptions::default()
        };
        let e = Stored::open_saved(&args).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("cannot read {}: no such file;", missing.display())),
            "{e}"
        );
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&missing, &link).unwrap();
        let through = StateOptions {
            state: Some(link),
            ..StateOptions::default()
        };
        let e = Stored::open_saved(&through).unwrap_err().to_string();
        assert!(e.contains("link.json: a dangling symbolic link to"), "{e}");
        assert!(!missing.exists());
        // once saved, it reads (through the link too)
        Stored::open(&args, false).unwrap().save().unwrap();
        assert_eq!(Stored::open_saved(&through).unwrap().menace.games(), 0);
    }

    #[test]
    fn rule_flags_only_apply_to_a_fresh_menace() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.json");
        let mut args = StateOptions {
            state: Some(path.clone()),
            rules: Some(Preset::Michie),
            ..StateOptions::default()
        };
        let s = Stored::open(&args, false).unwrap();
        assert_eq!(*s.menace.rules(), Preset::Michie.rules());
        s.save().unwrap();
        args.rules = Some(Preset::Scroggs);
        let e = Stored::open(&args, false).err().unwrap().to_string();
        assert!(e.contains("menace train --fresh"), "{e}");
        args.win = Some(5);
        let s = Stored::open(&args, true).unwrap();
        assert_eq!(s.menace.rules().win, 5);
    }
}
