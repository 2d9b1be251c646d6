//! [`Visit`]: one visitor's session with one exhibit, its live updates and its autoplay.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use ludomat_game::{DynSession, SessionError};
use serde::Serialize;
use tokio::sync::watch;

/// What the SSE stream sends after each change, and what an action returns (less
/// `seq` and `running`).
#[derive(Debug, Clone, Serialize)]
pub struct Update {
    /// Counts changes to the visit, from 0 at its start.
    pub seq: u64,
    /// The session's view after the change.
    pub view: serde_json::Value,
    /// The happenings of the action that made the change, in order.
    pub happenings: Vec<serde_json::Value>,
    /// Whether autoplay is running.
    pub running: bool,
    /// Why autoplay stopped, when it stopped by itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One visitor's session with one exhibit.
pub struct Visit {
    /// The id in the visit's URLs.
    pub id: String,
    /// The exhibit's kind.
    pub kind: &'static str,
    session: Mutex<Box<dyn DynSession>>,
    updates: watch::Sender<Arc<Update>>,
    last_used: Mutex<Instant>,
    /// Open SSE streams; a visit with one open is never idle.
    streams: AtomicUsize,
    /// Bumped to cancel autoplay: a running loop checks it before every step.
    autoplay_generation: AtomicU64,
    running: AtomicBool,
}

/// Undoes one [`Visit::stream_opened`] when the SSE stream is dropped.
pub struct StreamGuard(Arc<Visit>);

impl Drop for StreamGuard {
    fn drop(&mut self) {
        self.0.streams.fetch_sub(1, Ordering::Relaxed);
        self.0.touch();
    }
}

/// What an autoplay step did.
pub enum Step {
    /// Applied; go on.
    Applied,
    /// Autoplay was cancelled meanwhile (stop, a new action, a newer autoplay).
    Cancelled,
    /// The action was refused; autoplay has stopped with that note.
    Stopped,
}

impl Visit {
    /// A visit holding `session`.
    #[must_use]
    pub fn new(id: String, session: Box<dyn DynSession>) -> Self {
        let kind = session.kind();
        let first = Update {
            seq: 0,
            view: session.view_json(),
            happenings: Vec::new(),
            running: false,
            note: None,
        };
        Visit {
            id,
            kind,
            session: Mutex::new(session),
            updates: watch::Sender::new(Arc::new(first)),
            last_used: Mutex::new(Instant::now()),
            streams: AtomicUsize::new(0),
            autoplay_generation: AtomicU64::new(0),
            running: AtomicBool::new(false),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Box<dyn DynSession>> {
        // A panic inside a session's apply would poison the lock; the session's own
        // contract is to refuse rather than panic, so carry on with its state.
        self.session.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Marks the visit as used now.
    pub fn touch(&self) {
        *self.last_used.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    }

    /// Whether the visit has been idle (no request, no open stream) for longer than
    /// `limit`.
    #[must_use]
    pub fn idle_longer_than(&self, limit: std::time::Duration) -> bool {
        self.streams.load(Ordering::Relaxed) == 0
            && self
                .last_used
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .elapsed()
                > limit
    }

    /// The config as JSON.
    #[must_use]
    pub fn config_json(&self) -> serde_json::Value {
        self.lock().config_json()
    }

    /// The latest update (the current view).
    #[must_use]
    pub fn latest(&self) -> Arc<Update> {
        self.updates.borrow().clone()
    }

    /// Whether autoplay is running.
    #[must_use]
    pub fn running(&self) -> bool {
        self.running.load(Ordering::Relaxed)
    }

    /// A receiver of updates for an SSE stream, with a guard that keeps the visit
    /// from expiring while the stream is open.
    #[must_use]
    pub fn stream_opened(self: &Arc<Self>) -> (watch::Receiver<Arc<Update>>, StreamGuard) {
        self.streams.fetch_add(1, Ordering::Relaxed);
        (self.updates.subscribe(), StreamGuard(Arc::clone(self)))
    }

    fn publish(
        &self,
        session: &dyn DynSession,
        happenings: Vec<serde_json::Value>,
        note: Option<String>,
    ) -> Arc<Update> {
        let seq = self.updates.borrow().seq + 1;
        let update = Arc::new(Update {
            seq,
            view: session.view_json(),
            happenings,
            running: self.running(),
            note,
        });
        self.updates.send_replace(Arc::clone(&update));
        update
    }

    /// Applies a visitor's action (cancelling any autoplay first) and publishes the
    /// change. Blocks on the session: call off the async threads.
    ///
    /// # Errors
    /// As the session's `apply_json`; the session is then unchanged.
    pub fn apply(&self, action: serde_json::Value) -> Result<Arc<Update>, SessionError> {
        self.cancel_autoplay();
        let mut session = self.lock();
        let happenings = session.apply_json(action)?;
        Ok(self.publish(session.as_ref(), happenings, None))
    }

    /// Starts a new autoplay run (cancelling any earlier one); returns its generation.
    pub fn start_autoplay(&self) -> u64 {
        let generation = self.autoplay_generation.fetch_add(1, Ordering::SeqCst) + 1;
        self.running.store(true, Ordering::SeqCst);
        let session = self.lock();
        self.publish(session.as_ref(), Vec::new(), None);
        generation
    }

    /// Cancels autoplay, if running, and publishes that it stopped. Returns whether it
    /// was running.
    pub fn cancel_autoplay(&self) -> bool {
        self.autoplay_generation.fetch_add(1, Ordering::SeqCst);
        let was = self.running.swap(false, Ordering::SeqCst);
        if was {
            let session = self.lock();
            self.publish(session.as_ref(), Vec::new(), None);
        }
        was
    }

    /// One autoplay step of run `generation`: applies `action` unless the run was
    /// cancelled. A refused action stops the run with the refusal as its note.
    pub fn autoplay_step(&self, generation: u64, action: &serde_json::Value) -> Step {
        let mut session = self.lock();
        if self.autoplay_generation.load(Ordering::SeqCst) != generation {
            return Step::Cancelled;
        }
        match session.apply_json(action.clone()) {
            Ok(happenings) => {
                self.publish(session.as_ref(), happenings, None);
                Step::Applied
            }
            Err(e) => {
                self.autoplay_generation.fetch_add(1, Ordering::SeqCst);
                self.running.store(false, Ordering::SeqCst);
                self.publish(
                    session.as_ref(),
                    Vec::new(),
                    Some(format!("autoplay stopped: {e}")),
                );
                Step::Stopped
            }
        }
    }

    /// Ends autoplay run `generation` after its last allowed step, with `note`.
    pub fn finish_autoplay(&self, generation: u64, note: String) {
        let session = self.lock();
        if self
            .autoplay_generation
            .compare_exchange(
                generation,
                generation + 1,
                Ordering::SeqCst,
                Ordering::SeqCst,
            )
            .is_ok()
        {
            self.running.store(false, Ordering::SeqCst);
            self.publish(session.as_ref(), Vec::new(), Some(note));
        }
    }
}
