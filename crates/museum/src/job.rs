//! The one background job a visit may own: autoplay today ([`crate::Museum::autoplay`]),
//! and any long run on the blocking pool ([`crate::Museum::spawn_job`]) — a training run,
//! a proof search — written against `ludomat_game::run`.
//!
//! A visit holds at most one job. Starting a job cancels the one before. Every way a
//! visit's work should end raises the job's [`Cancel`] flag:
//!
//! | cause | how |
//! |---|---|
//! | `POST …/stop` | [`Visit::cancel_job`]: answered at once; a step in progress finishes and publishes |
//! | a visitor's action | [`Visit::apply`] cancels first |
//! | a newer job | [`Visit::start_job`] |
//! | no page has watched the visit for [`crate::MuseumConfig::unwatched_job_limit`] | the museum's sweep, with a note |
//! | the visit deleted, released by its page, evicted or expired | cancelled as it is let go |
//! | the server stopping (Ctrl-C, SIGTERM) | every job at once |
//!
//! A job notices cancellation at its next safe point: the autoplay loop before every step
//! (under the session's lock, so no step follows a stop), a long run through
//! `RunContext::with_cancel(job.cancel().clone())`. A job waiting between steps is woken
//! at once ([`Job::cancelled`]), so a cancelled job lets go of its visit at once. When a
//! job ends, by itself or cancelled, the visit publishes `running: false` (with a note
//! when it stopped by itself).

use std::sync::atomic::Ordering;
use std::sync::Arc;

use ludomat_game::run::Cancel;
use ludomat_game::{DynSession, SessionError};
use tokio::sync::Notify;

use crate::visit::{lock, JobSlot, Visit};

/// The job's name while a run goes (or waits for its slot): [`crate::run`].
pub const RUN: &str = "run";

/// What one step of a job did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Applied; go on.
    Applied,
    /// The job was cancelled meanwhile (stop, an action, a newer job, the visit let go).
    Cancelled,
    /// The session refused; the job has ended with the refusal as its note.
    Stopped,
}

/// A running job, held by what runs it. Cheap to clone; when the last clone is dropped
/// without [`Job::end`], the job ends without a note.
#[derive(Clone)]
pub struct Job(Arc<JobInner>);

struct JobInner {
    visit: Arc<Visit>,
    id: u64,
    what: &'static str,
    cancel: Cancel,
    wake: Arc<Notify>,
}

impl Drop for JobInner {
    fn drop(&mut self) {
        end(&self.visit, self.id, None, Vec::new());
    }
}

/// Ends job `id` of `visit` if it is still the visit's job, publishing that it stopped
/// (with `happenings`, in the same update).
fn end(visit: &Visit, id: u64, note: Option<String>, happenings: Vec<serde_json::Value>) {
    let mut slot = lock(&visit.job);
    if slot.as_ref().is_some_and(|s| s.id == id) {
        *slot = None;
        drop(slot);
        visit.publish_happenings_with_note(happenings, note);
    }
}

/// [`end`], with the session's view built afresh: a long run that ran off the session
/// may have left something with it (a certificate found, a network trained).
fn end_with_view(visit: &Visit, id: u64, note: Option<String>, happenings: Vec<serde_json::Value>) {
    let mut slot = lock(&visit.job);
    if slot.as_ref().is_some_and(|s| s.id == id) {
        *slot = None;
        drop(slot);
        let session = visit.session();
        visit.publish(&**session, happenings, note, false);
    }
}

impl Visit {
    /// Starts a job named `what` (cancelling any earlier one) and publishes that it runs.
    pub fn start_job(self: &Arc<Self>, what: &'static str) -> Job {
        let id = self.next_job.fetch_add(1, Ordering::SeqCst) + 1;
        let cancel = Cancel::new();
        let wake = Arc::new(Notify::new());
        let old = lock(&self.job).replace(JobSlot {
            id,
            what,
            cancel: cancel.clone(),
            wake: Arc::clone(&wake),
        });
        if let Some(old) = old {
            old.cancel();
        }
        // A job starting is use: the unwatched limit counts from here.
        self.rewind_unwatched();
        *lock(&self.cancel_note) = None;
        *lock(&self.cancel_cause) = None;
        self.publish_job_change(None);
        Job(Arc::new(JobInner {
            visit: Arc::clone(self),
            id,
            what,
            cancel,
            wake,
        }))
    }

    /// The running job's name (`autoplay`), if one runs.
    #[must_use]
    pub fn job(&self) -> Option<&'static str> {
        lock(&self.job).as_ref().map(|s| s.what)
    }

    /// Cancels the job, if one runs, and publishes that it stopped, with `note`. Does not
    /// wait for it. Returns its name.
    pub fn cancel_job_with(&self, note: Option<String>) -> Option<&'static str> {
        let slot = {
            // The note is set before the job can see it has gone (under the job's lock).
            let mut job = lock(&self.job);
            let slot = job.take()?;
            lock(&self.cancel_note).clone_from(&note);
            slot
        };
        slot.cancel();
        self.publish_job_change(note);
        Some(slot.what)
    }

    /// Cancels the job because no page has watched the visit for `secs` seconds, with a
    /// note naming the job (`autoplay stopped: …`, `run stopped: …`).
    pub fn cancel_unwatched(&self, secs: u64) -> Option<&'static str> {
        let what = self.job()?;
        *lock(&self.cancel_cause) = Some(format!("no page watched this visit for {secs} s"));
        self.cancel_job_with(Some(format!(
            "{what} stopped: no page has watched this visit for {secs} s"
        )))
    }

    /// Why the museum cancelled the running job, if it did (not the visitor's Stop).
    #[must_use]
    pub fn cancel_cause(&self) -> Option<String> {
        lock(&self.cancel_cause).clone()
    }

    /// Cancels the job, if one runs. Returns its name.
    pub fn cancel_job(&self) -> Option<&'static str> {
        self.cancel_job_with(None)
    }

    /// Cancels the job and waits until a step in progress is done (it holds the
    /// session): when this returns, the job changes nothing more. Blocks: call off the
    /// async threads. Returns the job's name.
    pub fn stop_job(&self) -> Option<&'static str> {
        let was = self.cancel_job();
        drop(self.session());
        was
    }

    /// Cancels the job without publishing (the visit is being let go). Returns whether
    /// one ran.
    pub(crate) fn abandon_job(&self) -> bool {
        let slot = lock(&self.job).take();
        slot.map(|s| s.cancel()).is_some()
    }
}

impl Job {
    /// The job's name.
    #[must_use]
    pub fn what(&self) -> &'static str {
        self.0.what
    }

    /// The visit it works on.
    #[must_use]
    pub fn visit(&self) -> &Arc<Visit> {
        &self.0.visit
    }

    /// Its cancellation flag, for `ludomat_game::run::RunContext::with_cancel`.
    #[must_use]
    pub fn cancel(&self) -> &Cancel {
        &self.0.cancel
    }

    /// Whether it was cancelled.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.0.cancel.is_cancelled()
    }

    /// Resolves once the job is cancelled.
    pub async fn cancelled(&self) {
        while !self.is_cancelled() {
            self.0.wake.notified().await;
        }
    }

    /// One step on the session, unless the job was cancelled: `work` runs with the
    /// session locked and its change is published. A refusal ends the job with a note
    /// saying so. Blocks: call off the async threads.
    pub fn step(
        &self,
        work: impl FnOnce(&mut dyn DynSession) -> Result<(Vec<serde_json::Value>, u64), SessionError>,
    ) -> Step {
        self.step_noting(true, work)
    }

    /// [`Job::step`]; a refusal leaves a note only when `note` (a run's first step is
    /// refused in the answer to its request: no run started, so none stopped).
    pub fn step_noting(
        &self,
        note: bool,
        work: impl FnOnce(&mut dyn DynSession) -> Result<(Vec<serde_json::Value>, u64), SessionError>,
    ) -> Step {
        let visit = &self.0.visit;
        let mut session = visit.session();
        if self.is_cancelled() {
            return Step::Cancelled;
        }
        match work(session.as_mut()) {
            Ok(happenings) => {
                visit.publish_action(session.as_ref(), happenings, false);
                Step::Applied
            }
            Err(e) => {
                end(
                    visit,
                    self.0.id,
                    note.then(|| format!("{} stopped: {e}", self.0.what)),
                    Vec::new(),
                );
                Step::Stopped
            }
        }
    }

    /// Publishes `happenings` (a long run's progress: work done, its partial result) to
    /// the pages watching, without touching the session (its view stays as it was).
    /// Nothing is published once the job was cancelled.
    pub fn report(&self, happenings: Vec<serde_json::Value>) {
        if !self.is_cancelled() {
            self.0.visit.publish_happenings(happenings);
        }
    }

    /// Ends the job (if it is still the visit's job) with `note` saying why.
    pub fn end(self, note: Option<String>) {
        end(&self.0.visit, self.0.id, note, Vec::new());
    }

    /// Ends the job as [`Job::end`] does, publishing `happenings` (a run's last progress)
    /// in the same update, so a stream that skips to the latest update sees them.
    pub fn end_with(self, note: Option<String>, happenings: Vec<serde_json::Value>) {
        end(&self.0.visit, self.0.id, note, happenings);
    }

    /// Publishes `happenings` once the job was cancelled (a run's last progress after a
    /// Stop): only while the visit runs no other job.
    ///
    /// `stopped` is the note of a job stopped by its visitor's Stop (no other note was
    /// given with the cancel): a run says what it did and its wall and CPU time.
    pub fn report_after_cancel(&self, happenings: Vec<serde_json::Value>, stopped: Option<String>) {
        if self.0.visit.job().is_none() {
            // a run's own note says the museum's cause with its work and times
            let cancelled = lock(&self.0.visit.cancel_note).clone();
            let note = match self.0.visit.cancel_cause() {
                Some(_) => stopped.or(cancelled),
                None => cancelled.or(stopped),
            };
            self.0.visit.publish_happenings_with_note(happenings, note);
        }
    }

    /// Ends the job as [`Job::end_with`] does, with the session's view built afresh: the
    /// end of a long run that ran off the session and left something with it (a
    /// certificate found, a network trained), so the pages show it at once.
    pub fn end_with_view(self, note: Option<String>, happenings: Vec<serde_json::Value>) {
        end_with_view(&self.0.visit, self.0.id, note, happenings);
    }

    /// [`Job::report_after_cancel`], with the session's view built afresh.
    pub fn report_after_cancel_with_view(
        &self,
        happenings: Vec<serde_json::Value>,
        stopped: Option<String>,
    ) {
        if self.0.visit.job().is_none() {
            // a run's own note says the museum's cause with its work and times
            let cancelled = lock(&self.0.visit.cancel_note).clone();
            let note = match self.0.visit.cancel_cause() {
                Some(_) => stopped.or(cancelled),
                None => cancelled.or(stopped),
            };
            let session = self.0.visit.session();
            self.0.visit.publish(&**session, happenings, note, false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::visit::MAX_HAPPENINGS;
    use ludomat_game::new_dyn_session;

    fn visit() -> Arc<Visit> {
        let s = new_dyn_session::<ludomat_tictactoe::TictactoeSession>(serde_json::json!({
            "x": "random", "o": "random", "seed": 1
        }))
        .unwrap();
        Arc::new(Visit::new("v".into(), [127, 0, 0, 1].into(), s))
    }

    #[test]
    fn one_job_at_a_time_and_every_end_is_published() {
        let v = visit();
        let first = v.start_job("autoplay");
        assert_eq!(v.job(), Some("autoplay"));
        assert!(v.latest().running);
        let second = v.start_job("training");
        assert!(first.is_cancelled(), "a newer job cancels the one before");
        assert_eq!(v.job(), Some("training"));
        // The old job's end changes nothing: it is no longer the visit's job.
        first.end(Some("late".into()));
        assert_eq!(v.job(), Some("training"));
        let step =
            second.step(|s| s.apply_json_last(serde_json::json!({"type": "step"}), MAX_HAPPENINGS));
        assert_eq!(step, Step::Applied);
        assert_eq!(v.latest().happenings.len(), 1);
        assert!(v.latest().view.is_none(), "no page watches: no view built");
        assert_eq!(v.stop_job(), Some("training"));
        assert!(second.is_cancelled());
        assert_eq!(
            second.step(|s| s.apply_json_last(serde_json::json!({"type": "step"}), MAX_HAPPENINGS)),
            Step::Cancelled
        );
        assert!(!v.latest().running);
        // A refusal ends the job with a note.
        let third = v.start_job("autoplay");
        let step =
            third.step(|s| s.apply_json_last(serde_json::json!({"type": "fly"}), MAX_HAPPENINGS));
        assert_eq!(step, Step::Stopped);
        assert_eq!(v.job(), None);
        assert!(v
            .latest()
            .note
            .as_deref()
            .unwrap()
            .starts_with("autoplay stopped:"));
        // A long run's progress reaches the pages without the session.
        let long = v.start_job("training");
        let seq = v.latest().seq;
        long.report(vec![serde_json::json!({"type": "progress", "done": 5})]);
        assert_eq!(v.latest().seq, seq + 1);
        assert_eq!(v.latest().happenings[0]["done"], 5);
        long.end(Some("trained".into()));
        assert_eq!(v.latest().note.as_deref(), Some("trained"));
        // Dropping the last handle ends a job too.
        drop(v.start_job("autoplay"));
        assert_eq!(v.job(), None);
    }

    #[tokio::test]
    async fn a_waiting_job_is_woken_by_its_cancellation() {
        let v = visit();
        let job = v.start_job("autoplay");
        let waiting = tokio::spawn({
            let job = job.clone();
            async move { job.cancelled().await }
        });
        tokio::task::yield_now().await;
        assert!(v.abandon_job());
        tokio::time::timeout(std::time::Duration::from_secs(1), waiting)
            .await
            .expect("woken")
            .unwrap();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_long_run_on_the_blocking_pool_reports_and_stops_when_cancelled() {
        let museum = crate::Museum::new(crate::MuseumConfig::default());
        let v = visit();
        let job = museum.spawn_job(&v, "training", |job| {
            let mut done = 0u64;
            while !job.is_cancelled() {
                done += 1;
                std::thread::sleep(std::time::Duration::from_millis(1));
                if done.is_multiple_of(10) {
                    job.report(vec![serde_json::json!({"type": "progress", "done": done})]);
                }
            }
            Some(format!("stopped after {done}"))
        });
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        assert_eq!(v.job(), Some("training"));
        assert_eq!(v.latest().happenings[0]["type"], "progress");
        let stopping = Arc::clone(&v);
        let was = tokio::task::spawn_blocking(move || stopping.stop_job())
            .await
            .unwrap();
        assert_eq!(was, Some("training"));
        assert!(job.is_cancelled());
        assert!(!v.latest().running);
        // The run noticed and ended; its late report and note change nothing.
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let seq = v.latest().seq;
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        assert_eq!(v.latest().seq, seq);
    }
}
