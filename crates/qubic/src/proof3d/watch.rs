//! The 4×4×4 proof as a session's long run (`prove`, [`ludomat_game::LongRun`]): what the
//! museum's 3D tic-tac-toe exhibit starts so that a visitor can watch the proof being
//! found — the hybrid search after Patashnik's first K stones (K chosen by the visitor)
//! or the search from scratch, the positions proved, the expansions, the line being
//! looked at, and at the end the certificate re-checked by the independent checker.
//! It is [`super::run::prove`], as `ludomat qubic proof --dims 3 --search-after K` runs it.

use std::sync::{Arc, Mutex};

use ludomat_game::run::{Cancel, Progress};
use ludomat_game::watched_as_json;
use ludomat_game::{LongRun, SessionError};
use serde::Deserialize;

use super::run::{prove, SearchConfig, Verdict, MAX_AFTER};

/// A certificate a proof run found, kept by the session that started the run so that
/// its visitor can play the proof they watched ([`crate::QubicSession`], `play_found`).
#[derive(Debug, Clone)]
pub struct Found {
    /// The certificate (gzip), as the independent checker accepted it.
    pub bytes: Vec<u8>,
    /// Patashnik's stones the search started after (0: from scratch).
    pub after: u8,
    /// What it is, in a few words.
    pub about: String,
}

/// Where a session keeps the certificate its proof runs find (the latest).
pub type FoundSlot = Arc<Mutex<Option<Found>>>;

/// The settings a visitor gives: `{"search_after": K}` (0: from scratch).
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProveParams {
    /// Patashnik's strategy for the first player's first K stones, the search after;
    /// 0 (the default): the search alone, from the empty board.
    #[serde(default)]
    pub search_after: u8,
}

/// The proof search, ready to run off the session.
#[derive(Debug)]
pub struct ProveRun {
    config: SearchConfig,
    keep: Option<FoundSlot>,
}

impl ProveRun {
    /// The run for `params` (JSON; `null` for the search from scratch).
    ///
    /// # Errors
    /// [`SessionError::Invalid`] naming the setting out of its limits.
    pub fn from_params(params: &serde_json::Value) -> Result<ProveRun, SessionError> {
        let p: ProveParams = if params.is_null() {
            ProveParams::default()
        } else {
            serde_json::from_value(params.clone())
                .map_err(|e| SessionError::Invalid(format!("prove: {e}")))?
        };
        if p.search_after > MAX_AFTER {
            return Err(SessionError::Invalid(format!(
                "prove: search_after {} is out of its limits, 0 (from scratch) to {MAX_AFTER}",
                p.search_after
            )));
        }
        #[cfg(not(feature = "patashnik"))]
        if p.search_after > 0 {
            return Err(SessionError::Invalid(
                "prove: search_after needs Patashnik's dictionary, left out of this build \
                 (the `patashnik` feature); 0 searches from scratch"
                    .into(),
            ));
        }
        Ok(ProveRun {
            config: SearchConfig {
                after: p.search_after,
                ..SearchConfig::default()
            },
            keep: None,
        })
    }

    /// The run that puts the certificate it finds (when proved) into `slot`.
    #[must_use]
    pub fn keeping_into(mut self, slot: FoundSlot) -> ProveRun {
        self.keep = Some(slot);
        self
    }
}

impl LongRun for ProveRun {
    fn run(
        self: Box<Self>,
        cancel: Cancel,
        watch: &mut dyn FnMut(&Progress<serde_json::Value>),
    ) -> Result<serde_json::Value, SessionError> {
        #[cfg(feature = "patashnik")]
        let strategy = if self.config.after > 0 {
            let dict = super::dictionary::Dictionary::parse(super::dictionary::PATASHNIK)
                .map_err(|e| SessionError::Failed(format!("prove: the bundled dictionary: {e}")))?;
            Some(super::certificate::PatashnikStrategy::new(dict))
        } else {
            None
        };
        #[cfg(feature = "patashnik")]
        let before = strategy
            .as_ref()
            .map(|s| s as &dyn super::attacker::AttackerStrategy);
        #[cfg(not(feature = "patashnik"))]
        let before = None;
        let mut run = watched_as_json("positions", cancel, watch, |ctx| {
            prove(&self.config, before, ctx)
        })
        .map_err(|e| SessionError::Invalid(format!("prove: {e}")))?;
        if let (Some(slot), Verdict::Proved { certificate }, Some(bytes)) =
            (&self.keep, &run.verdict, run.certificate.take())
        {
            let after = self.config.after;
            let from = if after == 0 {
                "the search from the empty board".to_string()
            } else {
                format!("Patashnik's first {after} stones, then the search")
            };
            let found = Found {
                about: format!(
                    "the certificate your proof found ({from}; {} positions, {} bytes gzip)",
                    ludomat_game::count::thousands(certificate.records),
                    ludomat_game::count::thousands(bytes.len() as u64)
                ),
                bytes,
                after,
            };
            *slot
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(found);
        }
        serde_json::to_value(&run).map_err(|e| SessionError::Failed(format!("prove: {e}")))
    }
}
