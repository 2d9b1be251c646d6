//! [`Visit`]: one visitor's session with one exhibit, its live updates, whether a page is
//! watching it, and the one background job it may own (see [`crate::job`]).
//!
//! Views are built when asked: while a page watches the visit (an event stream is open)
//! every change is published with its view, as JSON text; a visit nobody watches keeps
//! no view at all — `GET` builds one, an action's answer carries the one it built, a
//! job's steps build none — so a visit at rest holds only its session.

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use ludomat_game::run::Cancel;
use ludomat_game::{DynSession, SessionError};
use serde::Serialize;
use serde_json::value::RawValue;
use tokio::sync::{watch, Notify};

/// A view as JSON text, built once per change and shared by every reader: a session's
/// view as a `serde_json::Value` takes about 16 times the memory of its text (MENACE:
/// 351 KB against 22 KB), so a watched visit keeps only the text.
pub type ViewJson = Arc<RawValue>;

/// The view of `session`, as JSON text.
#[must_use]
pub fn view_of(session: &dyn DynSession) -> ViewJson {
    // A `Value` always serialises; `null` only in theory.
    serde_json::value::to_raw_value(&session.view_json())
        .map_or_else(|_| Arc::from(RawValue::NULL.to_owned()), Arc::from)
}

/// What the SSE stream sends after each change, and what an action returns (less
/// `seq` and `running`).
#[derive(Debug, Clone, Serialize)]
pub struct Update {
    /// Counts changes to the visit, from 0 at its start.
    pub seq: u64,
    /// The session's view after the change: always in an action's answer and in what an
    /// event stream sends; `None` in a visit no page watches (build it with
    /// [`Visit::view`]).
    pub view: Option<ViewJson>,
    /// The happenings of the action that made the change, in order: the last
    /// [`MAX_HAPPENINGS`] of them (a `run` of 10,000 games has 110,000, ten megabytes).
    pub happenings: Vec<serde_json::Value>,
    /// How many happenings came before those kept (0: none left out).
    #[serde(skip_serializing_if = "is_zero")]
    pub omitted: u64,
    /// Whether a job (autoplay) is running.
    pub running: bool,
    /// Which job runs (`autoplay`), when one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub job: Option<&'static str>,
    /// Why the job stopped, when it stopped by itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// On an event stream: the happenings of the changes it skipped to reach this one
    /// (a stream sends only the latest change after each gap), each with its `seq`, so a
    /// page adds those it has not seen (it may have some from its own action's answer).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<Skipped>,
}

/// The happenings of one change an event stream skipped.
#[derive(Debug, Clone, Serialize)]
pub struct Skipped {
    /// The change's `seq`.
    pub seq: u64,
    /// Its happenings.
    pub happenings: Vec<serde_json::Value>,
}

/// The most happenings one change publishes: an answer and an event stay small however
/// many games an action plays (the hostile trial's `run` of 10,000 games answered 9.8 MB,
/// and unread answers held gigabytes); the view holds the totals, and the happenings kept
/// are the latest, those a page animates.
pub const MAX_HAPPENINGS: usize = 500;

// A named function for serde's `skip_serializing_if`, which takes a reference.
#[allow(clippy::trivially_copy_pass_by_ref)]
pub(crate) fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// One visitor's session with one exhibit.
pub struct Visit {
    /// The id in the visit's URLs.
    pub id: String,
    /// The exhibit's kind.
    pub kind: &'static str,
    /// The address of the client that opened it (for the per-client limit).
    pub client: IpAddr,
    session: Mutex<Box<dyn DynSession>>,
    updates: watch::Sender<Arc<Update>>,
    /// The happenings of the latest changes while a page watches (seq, happenings; at
    /// most [`MAX_HAPPENINGS`] in all): an event stream that skips to the latest change
    /// sends those of the changes it skipped with it, so a page's log misses none (the
    /// arena's last games, published just before its end).
    recent: Mutex<std::collections::VecDeque<(u64, Vec<serde_json::Value>)>>,
    /// When a request last named the visit.
    last_used: Mutex<Instant>,
    /// Open SSE streams: a page watching the visit. A watched visit never expires and is
    /// never evicted.
    streams: AtomicUsize,
    /// When the last stream closed (or the visit began), while none is open.
    unwatched_since: Mutex<Instant>,
    pub(crate) job: Mutex<Option<JobSlot>>,
    pub(crate) next_job: AtomicU64,
    /// Why the last job was cancelled, when the museum said why (no page watching): a
    /// job's last report after its cancel carries it again, so the latest update keeps it.
    pub(crate) cancel_note: Mutex<Option<String>>,
    /// Why the museum cancelled the job, when it did (`no page watched this visit for 30
    /// s`), for a run's own note to say instead of "by Stop".
    pub(crate) cancel_cause: Mutex<Option<String>>,
    /// The visit's last run in words, for the log of a visit let go with it going: `its
    /// 'train' run`, `its run of play_games × 100`.
    pub(crate) run_words: Mutex<Option<String>>,
    /// Let go by the museum (deleted, released, evicted, expired): its streams end.
    ended: AtomicBool,
}

/// The job a visit holds: what identifies it and how to cancel it (the job itself is
/// [`crate::job::Job`]).
pub(crate) struct JobSlot {
    pub(crate) id: u64,
    pub(crate) what: &'static str,
    pub(crate) cancel: Cancel,
    pub(crate) wake: Arc<Notify>,
}

impl JobSlot {
    pub(crate) fn cancel(&self) {
        self.cancel.cancel();
        self.wake.notify_one();
    }
}

/// Undoes one [`Visit::stream_opened`] when the SSE stream is dropped.
pub struct StreamGuard(Arc<Visit>);

impl StreamGuard {
    /// The visit watched.
    #[must_use]
    pub fn visit(&self) -> &Arc<Visit> {
        &self.0
    }
}

impl Drop for StreamGuard {
    fn drop(&mut self) {
        let visit = &self.0;
        let now = Instant::now();
        if visit.streams.fetch_sub(1, Ordering::SeqCst) == 1 {
            *lock(&visit.unwatched_since) = now;
            // At rest again: the view goes (checked again under the channel's lock, as a
            // stream may have opened meanwhile).
            visit.updates.send_if_modified(|latest| {
                if latest.view.is_some() && !visit.watched() {
                    *latest = Arc::new(Update {
                        view: None,
                        ..Update::clone(latest)
                    });
                }
                false
            });
        }
        *lock(&visit.last_used) = now;
    }
}

/// A poisoned lock still holds consistent data here (every critical section is a plain
/// assignment or a session call whose contract is to refuse rather than panic).
pub(crate) fn lock<T: ?Sized>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Visit {
    /// A visit holding `session`, opened by `client`.
    #[must_use]
    pub fn new(id: String, client: IpAddr, session: Box<dyn DynSession>) -> Self {
        let kind = session.kind();
        let first = Update {
            seq: 0,
            view: None,
            happenings: Vec::new(),
            omitted: 0,
            running: false,
            job: None,
            note: None,
            skipped: Vec::new(),
        };
        let now = Instant::now();
        Visit {
            id,
            kind,
            client,
            session: Mutex::new(session),
            updates: watch::Sender::new(Arc::new(first)),
            recent: Mutex::new(std::collections::VecDeque::new()),
            last_used: Mutex::new(now),
            streams: AtomicUsize::new(0),
            unwatched_since: Mutex::new(now),
            job: Mutex::new(None),
            next_job: AtomicU64::new(0),
            cancel_note: Mutex::new(None),
            cancel_cause: Mutex::new(None),
            run_words: Mutex::new(None),
            ended: AtomicBool::new(false),
        }
    }

    /// Marks the visit as let go: its event streams end (a page still showing it then
    /// finds it gone and opens a fresh one).
    pub(crate) fn end(&self) {
        self.ended.store(true, Ordering::SeqCst);
        self.updates.send_modify(|_| {});
    }

    /// Whether the museum has let the visit go.
    #[must_use]
    pub fn ended(&self) -> bool {
        self.ended.load(Ordering::SeqCst)
    }

    pub(crate) fn session(&self) -> MutexGuard<'_, Box<dyn DynSession>> {
        lock(&self.session)
    }

    /// Marks the visit as used now.
    pub fn touch(&self) {
        *lock(&self.last_used) = Instant::now();
    }

    /// How long since a request last named the visit (zero while a page watches it).
    #[must_use]
    pub fn idle(&self) -> Duration {
        if self.watched() {
            Duration::ZERO
        } else {
            lock(&self.last_used).elapsed()
        }
    }

    /// Whether the visit has been idle (no request, no open stream) for longer than
    /// `limit`.
    #[must_use]
    pub fn idle_longer_than(&self, limit: Duration) -> bool {
        self.idle() > limit
    }

    /// Whether a page watches the visit (an event stream is open).
    #[must_use]
    pub fn watched(&self) -> bool {
        self.streams.load(Ordering::SeqCst) > 0
    }

    /// Open event streams.
    #[must_use]
    pub fn streams(&self) -> usize {
        self.streams.load(Ordering::SeqCst)
    }

    /// Starts the unwatched clock again (a job starting counts as use).
    pub(crate) fn rewind_unwatched(&self) {
        *lock(&self.unwatched_since) = Instant::now();
    }

    /// How long no page has watched the visit (`None` while one does).
    #[must_use]
    pub fn unwatched_for(&self) -> Option<Duration> {
        if self.watched() {
            None
        } else {
            Some(lock(&self.unwatched_since).elapsed())
        }
    }

    /// The config as JSON.
    #[must_use]
    pub fn config_json(&self) -> serde_json::Value {
        self.session().config_json()
    }

    /// The latest update (its view only while a page watches).
    #[must_use]
    pub fn latest(&self) -> Arc<Update> {
        self.updates.borrow().clone()
    }

    /// The latest update with its view, built now if no page watches. Blocks on the
    /// session when it builds: call off the async threads.
    #[must_use]
    pub fn latest_with_view(&self) -> Arc<Update> {
        let latest = self.latest();
        if latest.view.is_some() {
            return latest;
        }
        let session = self.session();
        // Under the session's lock no change is published: this is the latest's view.
        let latest = self.latest();
        if latest.view.is_some() {
            return latest;
        }
        Arc::new(Update {
            view: Some(view_of(session.as_ref())),
            ..Update::clone(&latest)
        })
    }

    /// Whether a job (autoplay) is running.
    #[must_use]
    pub fn running(&self) -> bool {
        self.job().is_some()
    }

    /// A receiver of updates for an SSE stream, with a guard that keeps the visit
    /// watched while the stream is open. From now on every change is published with its
    /// view; the latest gets its view here. Blocks on the session when it builds the
    /// view: call off the async threads.
    #[must_use]
    pub fn stream_opened(self: &Arc<Self>) -> (watch::Receiver<Arc<Update>>, StreamGuard) {
        self.streams.fetch_add(1, Ordering::SeqCst);
        let guard = StreamGuard(Arc::clone(self));
        (self.watch_opened(), guard)
    }

    /// Counts one more stream, unless `most` are open already (`None`): the first half of
    /// [`Visit::stream_opened`], which does not wait for the session (a stream over the
    /// limit is refused before it takes any work); [`Visit::stream_receiver`] is the
    /// second.
    #[must_use]
    pub fn stream_counted_within(self: &Arc<Self>, most: usize) -> Option<StreamGuard> {
        self.streams
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < most).then_some(n + 1)
            })
            .ok()?;
        Some(StreamGuard(Arc::clone(self)))
    }

    /// The receiver of a stream counted by [`Visit::stream_counted_within`] (its guard
    /// held): the latest update gets its view here. Blocks on the session when it builds
    /// the view: call off the async threads.
    #[must_use]
    pub fn stream_receiver(
        self: &Arc<Self>,
        _counted: &StreamGuard,
    ) -> watch::Receiver<Arc<Update>> {
        self.watch_opened()
    }

    /// The receiver of a stream just counted.
    fn watch_opened(self: &Arc<Self>) -> watch::Receiver<Arc<Update>> {
        // Under the session's lock: a change being published now is either done (and
        // gets its view here) or comes after and sees the stream.
        let session = self.session();
        {
            self.updates.send_if_modified(|latest| {
                if latest.view.is_none() {
                    *latest = Arc::new(Update {
                        view: Some(view_of(session.as_ref())),
                        ..Update::clone(latest)
                    });
                }
                // Readers read the latest when they start; no change to announce.
                false
            });
        }
        let updates = self.updates.subscribe();
        drop(session);
        updates
    }

    /// Publishes a change with its happenings. Call with the session locked (`session`
    /// is its guard's content), so changes publish in order. The view is built when a
    /// page watches or `answer` asks for it (an action's answer); the update returned
    /// has it then.
    pub(crate) fn publish(
        &self,
        session: &dyn DynSession,
        happenings: Vec<serde_json::Value>,
        note: Option<String>,
        answer: bool,
    ) -> Arc<Update> {
        let view = (answer || self.watched()).then(|| view_of(session));
        self.publish_view(Change::View(view), happenings, note, None)
    }

    /// [`Visit::publish`] for an action's change (a visitor's, an autoplay step's, a run's
    /// application): only its last [`MAX_HAPPENINGS`] happenings, with how many came
    /// before. A long run's reports and its end are published whole: they are bounded by
    /// the run, and a page reads its clock from them.
    /// `earlier`: happenings of the action already left out before these (by
    /// [`DynSession::apply_json_last`]).
    pub(crate) fn publish_action(
        &self,
        session: &dyn DynSession,
        (happenings, earlier): (Vec<serde_json::Value>, u64),
        answer: bool,
    ) -> Arc<Update> {
        let view = (answer || self.watched()).then(|| view_of(session));
        self.publish_view(Change::View(view), happenings, None, Some(earlier))
    }

    /// Publishes the view again, as it is now (something outside the session changed
    /// it: a found certificate let go), keeping the latest note.
    pub(crate) fn republish(&self) {
        let note = self.latest().note.clone();
        let session = self.session();
        self.publish(&**session, Vec::new(), note, false);
    }

    /// Publishes happenings that did not change the session (a job's progress).
    pub(crate) fn publish_happenings(&self, happenings: Vec<serde_json::Value>) {
        self.publish_view(Change::JobOnly, happenings, None, None);
    }

    /// Publishes happenings that did not change the session with a job's end and its note.
    pub(crate) fn publish_happenings_with_note(
        &self,
        happenings: Vec<serde_json::Value>,
        note: Option<String>,
    ) {
        self.publish_view(Change::JobOnly, happenings, note, None);
    }

    /// Publishes a change of the job alone (the view is as before, so the session need
    /// not be locked).
    pub(crate) fn publish_job_change(&self, note: Option<String>) {
        self.publish_view(Change::JobOnly, Vec::new(), note, None);
    }

    fn publish_view(
        &self,
        change: Change,
        happenings: Vec<serde_json::Value>,
        note: Option<String>,
        capped: Option<u64>,
    ) -> Arc<Update> {
        let job = self.job();
        let mut happenings = happenings;
        // capped (an action's change): the last MAX_HAPPENINGS, after those left out
        // already
        let cut = if capped.is_some() {
            happenings.len().saturating_sub(MAX_HAPPENINGS)
        } else {
            0
        };
        if cut > 0 {
            happenings = happenings.split_off(cut);
        }
        let omitted = capped.unwrap_or(0).saturating_add(cut as u64);
        let mut answer = None;
        self.updates.send_modify(|latest| {
            let view = match change {
                Change::View(v) => v,
                Change::JobOnly => latest.view.clone(),
            };
            let update = Arc::new(Update {
                seq: latest.seq + 1,
                view,
                happenings,
                omitted,
                running: job.is_some(),
                job,
                note,
                skipped: Vec::new(),
            });
            // Kept with its view only while a page watches (checked under the channel's
            // lock, as the stream guard's drop is).
            *latest = if update.view.is_some() && !self.watched() {
                Arc::new(Update {
                    view: None,
                    ..Update::clone(&update)
                })
            } else {
                Arc::clone(&update)
            };
            if !update.happenings.is_empty() && self.watched() {
                let mut recent = lock(&self.recent);
                recent.push_back((update.seq, update.happenings.clone()));
                let mut held: usize = recent.iter().map(|(_, h)| h.len()).sum();
                while held > MAX_HAPPENINGS && recent.len() > 1 {
                    held -= recent.pop_front().map_or(0, |(_, h)| h.len());
                }
            }
            answer = Some(update);
        });
        answer.unwrap_or_else(|| self.latest())
    }

    /// `update` with the happenings of the changes after `sent` and before it (those an
    /// event stream skipped), each with its `seq`, at most [`MAX_HAPPENINGS`] in all.
    #[must_use]
    pub fn with_skipped(&self, sent: u64, update: &Arc<Update>) -> Arc<Update> {
        if update.seq <= sent.saturating_add(1) {
            return Arc::clone(update);
        }
        let skipped: Vec<Skipped> = lock(&self.recent)
            .iter()
            .filter(|(seq, _)| *seq > sent && *seq < update.seq)
            .map(|(seq, h)| Skipped {
                seq: *seq,
                happenings: h.clone(),
            })
            .collect();
        if skipped.is_empty() {
            return Arc::clone(update);
        }
        Arc::new(Update {
            skipped,
            ..Update::clone(update)
        })
    }

    /// What `action` amounts to in the machine's units (`None` for one move, for JSON that
    /// is not an action, or while the session is busy: it never waits for the session).
    #[must_use]
    pub fn work_of(&self, action: &serde_json::Value) -> Option<ludomat_game::Work> {
        self.session.try_lock().ok()?.work_of_json(action)
    }

    /// Applies a visitor's action (cancelling any job first) and publishes the change.
    /// Blocks on the session: call off the async threads.
    ///
    /// # Errors
    /// As the session's `apply_json`; the session is then unchanged.
    pub fn apply(&self, action: serde_json::Value) -> Result<Arc<Update>, SessionError> {
        self.cancel_job();
        let mut session = self.session();
        let applied = session.apply_json_last(action, MAX_HAPPENINGS)?;
        Ok(self.publish_action(session.as_ref(), applied, true))
    }
}

/// What a publication changes.
enum Change {
    /// The session changed: its new view, if built.
    View(Option<ViewJson>),
    /// The session did not change (a job started, stopped or reported): the view is the
    /// latest's.
    JobOnly,
}
