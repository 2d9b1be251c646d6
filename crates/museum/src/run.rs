//! Runs: a visit's job that goes on for a while — one bounded action applied a given
//! number of times back to back (MENACE trained 100,000 games as 100 actions of 1,000:
//! the learning curve and the first box change live, Stop keeps every game played), or a
//! session's own long run (`ludomat_game::LongRun`: the Computox's circuit checked over
//! every position, the 4×4×4 proof searched).
//!
//! Progress is published as a `run_progress` happening: `{"type": "run_progress", "done":
//! k, "total": n, "per_second": r, "elapsed_ms": t, "eta_ms": e, "limit_ms": l,
//! "ended": false}` (with `elapsed_us` and `cpu_us`, the same times in microseconds: a
//! run done within its first step is timed too) — `done` counted in applications (an action run: an application that
//! does a counted amount of the machine's own work, MENACE's `play_games`, adds `each`,
//! the amount, and `unit`, `"games"`, so `done × each` games are done) or in the long
//! run's own unit (with its `unit`, its `partial` result and at the end its `result`).
//! `cpu_ms` is the CPU time of the run's own work: an action run's applications (each
//! with its update published, on its thread); a long
//! run's thread, or every thread of it when its partial result tells that
//! (`run_cpu_seconds`: a run that starts threads of its own), beside `thread_cpu_ms`, its
//! own thread's. `eta_ms` is the time left, when it can be told: at the rate so far for
//! an action run and for a long run of even units, or the long run's own estimate (its
//! partial result's `estimate`, `{"left_seconds": [low, high], "basis": "…"}`, given as
//! `eta_range_ms` and `eta_basis` too; `"estimate": null` when it cannot tell). The run's
//! end (by itself, stopped, or at its time limit) publishes one more with `"ended":
//! true` (and a long run's `timed_out`: stopped at the museum's time limit), in the same
//! update as the end, so a page that skips to the latest update still sees it. What was
//! done stays; the end's note counts it in the machine's units and says the wall and CPU
//! time (`run finished: 100,000 of 100,000 games in 3.6 s wall, 3.1 s CPU`).
//!
//! Bounds ([`crate::run_slots`]): `n` at most [`crate::MuseumConfig::max_run_steps`]; one
//! run per visit at a time (409 for a second: stop the first) and
//! [`crate::MuseumConfig::max_runs_per_client`] per client, waiting ones included (429);
//! at most [`crate::MuseumConfig::max_runs`] going in the whole museum — more wait in a
//! queue, their place published as a `run_queued` happening `{"type": "run_queued",
//! "place": p, "of": n}` whenever it changes, and `{"type": "run_left_queue", "note": …}`
//! (the run's note) when Stop or the museum takes it out of the queue before it started (503 only when the queue is full); each run
//! stopped after [`crate::MuseumConfig::max_run_time`]. An action run's first application
//! answers its request (interactive work); the others are background work, in the slots
//! background work may hold, in the client's turn, on low-priority threads
//! ([`crate::work`]); a long run goes on a thread of its own at a lower priority than the
//! visitors' work.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use ludomat_game::run::cpu;
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::job::{Job, Step};
use crate::refusal::Refusal;
use crate::run_slots::{Admission, ClientRun, RunRefusal, RunSlot};
use crate::visit::{Visit, MAX_HAPPENINGS};
use crate::work::Work as WorkKind;
use crate::Museum;
use ludomat_game::Work;

pub use crate::job::RUN;

use crate::held_run::HeldRun;

/// What a run holds — its client's share, and its slot once it has one — until it has
/// ended; dropped, it lets go of both and tells whoever waits in [`Museum::stopped_runs_let_go`].
struct Held {
    slot: Option<RunSlot>,
    counted: Option<ClientRun>,
    museum: Museum,
    visit: String,
    done: tokio::sync::watch::Sender<()>,
}

impl Drop for Held {
    fn drop(&mut self) {
        self.slot = None;
        self.counted = None;
        let mut held = crate::visit::lock(self.museum.runs_held());
        if held
            .get(&self.visit)
            .is_some_and(|r| r.ended.same_channel(&self.done.subscribe()))
        {
            held.remove(&self.visit);
        }
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

fn micros(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

/// What an action run has done so far.
struct Tally {
    started: Instant,
    total: u64,
    limit: Duration,
    /// CPU time of the applications, in nanoseconds.
    cpu: AtomicU64,
    /// What one application does in the machine's own units (games), when it says.
    work: Option<Work>,
    /// How its notes speak of it (`Training`, `games trained`, what the boxes keep).
    words: ludomat_game::RunWords,
    /// The run's wall time at its end, once taken: its last progress and its note say
    /// the same figure.
    ended: std::sync::OnceLock<Duration>,
}

impl Tally {
    fn new(
        total: u64,
        limit: Duration,
        work: Option<Work>,
        words: ludomat_game::RunWords,
    ) -> Tally {
        Tally {
            started: Instant::now(),
            total,
            limit,
            cpu: AtomicU64::new(0),
            work,
            words,
            ended: std::sync::OnceLock::new(),
        }
    }

    /// `done` applications in the machine's units when it has them (games), else in
    /// actions.
    fn units(&self, done: u64) -> u64 {
        self.work.map_or(done, |w| done.saturating_mul(w.amount))
    }

    /// `done` of `total` applications in the run's words, in the machine's units when it
    /// has them: `52,000 of 100,000 games trained`, or `52 of 100 actions done`.
    fn count(&self, done: u64) -> String {
        let unit = self.work.map_or("actions", |w| w.many);
        self.words
            .work(self.units(done), Some(self.units(self.total)), unit)
    }

    /// What the machine keeps after `done` applications (`the boxes keep the 52,000
    /// games' beads`), of a run `stopped` before its end or not.
    fn kept(&self, done: u64, stopped: bool) -> String {
        self.words.kept(self.units(done), stopped)
    }

    /// The note of the run's end after `done` applications: `{Subject} finished: {work}
    /// in {times}; {kept}`, or stopped `by` Stop or the museum (`as_it_finished`: with
    /// every application made) — one shape for every run, long runs' too.
    fn note(&self, done: u64, how: End, by: &str) -> String {
        let (subject, work, times) = (self.words.subject, self.count(done), self.times());
        match how {
            End::Finished => format!(
                "{subject} finished: {work} in {times}; {}",
                self.kept(done, false)
            ),
            End::Stopped => stopped_by_stop(subject, by, &work, &times, &self.kept(done, true)),
            End::StoppedAsItFinished => format!(
                "{subject} stopped {by} as it finished: {work} in {times}; {}",
                self.kept(done, false)
            ),
        }
    }

    /// The wall time so far; at the end (`ended`), the one figure of the run's end.
    fn elapsed(&self, ended: bool) -> Duration {
        if ended {
            *self.ended.get_or_init(|| self.started.elapsed())
        } else {
            self.started.elapsed()
        }
    }

    /// Counts `cpu` more of the applications' CPU time.
    fn add_cpu(&self, cpu: Duration) {
        self.cpu.fetch_add(
            u64::try_from(cpu.as_nanos()).unwrap_or(u64::MAX),
            Ordering::Relaxed,
        );
    }

    /// The CPU time of the applications so far, in whole microseconds (rounded): the one
    /// figure the progress (`cpu_us`) and the note both say.
    fn cpu_us(&self) -> u64 {
        self.cpu.load(Ordering::Relaxed).saturating_add(500) / 1_000
    }

    /// The same in whole milliseconds (rounded), as `cpu_ms`.
    fn cpu_ms(&self) -> u64 {
        self.cpu.load(Ordering::Relaxed).saturating_add(500_000) / 1_000_000
    }

    /// Wall and CPU time of the run at its end, as every note says it: `3.60 s wall, 1.00
    /// s CPU`, `41.3 µs wall, 40.0 µs CPU` for a run done within its first step — from the
    /// same whole microseconds as its last progress (`elapsed_us`, `cpu_us`), so the
    /// page's clock and the note never differ by a rounding.
    fn times(&self) -> String {
        ludomat_io::text::wall_and_cpu(
            Duration::from_micros(micros(self.elapsed(true))),
            Duration::from_micros(self.cpu_us()),
        )
    }

    /// The `run_progress` happening after `done` applications.
    fn progress(&self, done: u64, ended: bool) -> Value {
        let elapsed = self.elapsed(ended);
        let secs = elapsed.as_secs_f64();
        let per_second = if secs > 0.0 { done as f64 / secs } else { 0.0 };
        let mut p = json!({
            "type": "run_progress",
            "done": done,
            "total": self.total,
            "per_second": per_second,
            "elapsed_ms": millis(elapsed),
            "cpu_ms": self.cpu_ms(),
            "elapsed_us": micros(elapsed),
            "cpu_us": self.cpu_us(),
            "limit_ms": millis(self.limit),
            "ended": ended,
        });
        if let Some(w) = self.work {
            // What an application does, in the machine's units: `done × each` games.
            p["each"] = json!(w.amount);
            p["unit"] = json!(w.many);
        }
        if !ended && per_second > 0.0 && done < self.total {
            p["eta_ms"] = json!(((self.total - done) as f64 / per_second * 1000.0) as u64);
        }
        p
    }
}

/// A run's `times`, 1 to the museum's `most`, as every count is refused (`run: times must
/// be from 1 to 1,000 (it was -1)`).
pub(crate) fn times_field(most: u64) -> ludomat_game::CountField {
    ludomat_game::CountField {
        action: "run",
        field: "times",
        min: 1,
        max: most,
        unit: "",
    }
}

/// How an action run ended, for its note.
#[derive(Clone, Copy)]
enum End {
    Finished,
    Stopped,
    StoppedAsItFinished,
}

/// A run's place in the queue, for its visit's pages.
fn queued(place: usize, of: usize) -> Value {
    json!({"type": "run_queued", "place": place, "of": of})
}

/// The happening of a run taken out of the queue (by Stop, or by the museum) before it
/// started, with its note: a page's log ends on it, in the API note's words
/// (`Training stopped by Stop while it waited for a run slot; nothing was done`), not on
/// the run's last place in the queue.
fn left_queue(note: &str) -> Value {
    json!({"type": "run_left_queue", "note": note})
}

/// Waits for the run's slot (at once when admitted so): `None` when the run was stopped
/// while it waited, or the museum stops.
async fn slot_of(job: &Job, admission: Admission) -> Option<RunSlot> {
    match admission {
        Admission::Now(slot) => Some(slot),
        Admission::Queued(waiting) => {
            tokio::select! {
                slot = waiting.slot(|(place, of)| job.report(vec![queued(place, of)])) => slot,
                () = job.cancelled() => None,
            }
        }
    }
}

/// The note of a run stopped before its end, in every run's one shape whatever stopped it
/// (`by`: [`stopped_by`], [`by_the_limit`]), as the terminal's stop lines are: what
/// it did and its time, as a finished run's note says them, then what was kept:
/// `Training stopped by Stop after 1,234 of 10,000,000 games trained: 3.2 s wall, 1.2 s
/// CPU; the boxes keep the 1,234 games' beads`.
fn stopped_by_stop(subject: &str, by: &str, work: &str, times: &str, kept: &str) -> String {
    format!("{subject} stopped {by} after {work}: {times}; {kept}")
}

/// The note of a run (`subject`: `run`, `Training`, `The proof`) stopped while it
/// waited in the queue for a run slot (`by`: [`stopped_by`], the visitor's Stop or the
/// museum with its cause): taken out of the queue, it did nothing.
fn stopped_while_queued(subject: &str, by: &str) -> String {
    format!("{subject} stopped {by} while it waited for a run slot; nothing was done")
}

/// Who stopped a run its job's cancel ended: the visitor's Stop (`by Stop`), or the
/// museum, with its cause (`by the museum (no page watched this visit for 30 s)`).
fn stopped_by(job: &Job) -> String {
    job.visit()
        .cancel_cause()
        .map_or_else(|| "by Stop".to_string(), |c| format!("by the museum ({c})"))
}

/// What stopped a run at its time limit: `by the museum's limit of 10 minutes
/// (--run-minutes)`.
fn by_the_limit(limit: Duration) -> String {
    format!(
        "by the museum's limit of {} (--run-minutes)",
        limit_words(limit)
    )
}

/// The run limit as a visitor reads it, as the page says it: whole minutes in words
/// (`10 minutes`, `1 minute`), else a duration.
fn limit_words(limit: Duration) -> String {
    let s = limit.as_secs();
    if s >= 60 && s.is_multiple_of(60) && limit.subsec_nanos() == 0 {
        ludomat_io::text::count(s / 60, "minute", "minutes")
    } else {
        ludomat_io::text::duration(limit)
    }
}

impl Museum {
    /// What the run of `visit` admitted with `counted` holds (`cancel`: its job's),
    /// registered so that its client's next run can wait until it has let go.
    fn hold(&self, visit: &Visit, counted: ClientRun, cancel: &ludomat_game::run::Cancel) -> Held {
        let (done, ended) = tokio::sync::watch::channel(());
        crate::visit::lock(self.runs_held()).insert(
            visit.id.clone(),
            HeldRun {
                client: visit.client,
                cancel: cancel.clone(),
                ended,
            },
        );
        Held {
            slot: None,
            counted: Some(counted),
            museum: self.clone(),
            visit: visit.id.clone(),
            done,
        }
    }

    /// Waits, at most `within`, until the runs of `client` that were stopped (Stop, the
    /// visit deleted or released) have let go of their share, slot and place: a stop is
    /// answered at once, and the client's next run waits here for the one it stopped
    /// (within milliseconds, once that run notices).
    pub(crate) async fn stopped_runs_let_go(&self, client: std::net::IpAddr, within: Duration) {
        let stopped: Vec<_> = crate::visit::lock(self.runs_held())
            .values()
            .filter(|r| r.client == client && r.cancel.is_cancelled())
            .map(|r| r.ended.clone())
            .collect();
        if stopped.is_empty() {
            return;
        }
        let _ = tokio::time::timeout(within, async {
            for mut ended in stopped {
                while ended.changed().await.is_ok() {}
            }
        })
        .await;
    }

    /// Admits a run of `visit` (described by `what`): a slot now or a place in the queue,
    /// counted against its client.
    fn admit_run(&self, visit: &Visit, what: String) -> Result<(ClientRun, Admission), ApiError> {
        if visit.job() == Some(RUN) {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "run: this visit has a run going; stop it first",
            ));
        }
        let client = visit.client;
        let limits = self.run_slots().limits();
        self.run_slots().admit(client, what).map_err(|e| match e {
            RunRefusal::ClientBusy(runs) => {
                self.refusals()
                    .note(Refusal::ClientRuns, || client.to_string());
                ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!(
                        "run: this client ({client}) has {} going or waiting already ({}), \
                         the most one client may (--runs-per-client): stop it or let it \
                         end first",
                        ludomat_io::text::count(runs.len() as u64, "run", "runs"),
                        runs.join("; ")
                    ),
                )
            }
            RunRefusal::QueueFull(n) => {
                self.refusals()
                    .note(Refusal::RunQueueFull, || client.to_string());
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "run: {} waiting for the museum's {} already, the most its queue \
                         holds (--run-queue); try again when some have ended",
                        if n == 1 {
                            "1 run is".to_string()
                        } else {
                            format!("{} are", ludomat_io::text::count(n as u64, "run", "runs"))
                        },
                        ludomat_io::text::count(limits.slots as u64, "run slot", "run slots")
                    ),
                )
            }
            RunRefusal::Stopping => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the museum is shutting down",
            ),
        })
    }

    /// The answer to a run request: running, with its place in the queue when it waits.
    fn run_answer(&self, admission: &Admission, mut answer: Value) -> Value {
        answer["running"] = json!(true);
        answer["limit_ms"] = json!(millis(self.config().max_run_time));
        if let Admission::Queued(w) = admission {
            if let Some((place, of)) = w.place() {
                answer["queued"] = json!({"place": place, "of": of});
            }
        }
        answer
    }

    /// Starts the session's long run `name` ([`ludomat_game::LongRun`]: a circuit checked
    /// over every position, a proof search) on `visit`, on a thread of its own once it has
    /// a run slot: its reports go to the visit's pages as `run_progress` happenings with
    /// the run's partial result (`"partial"`), the last one (`"ended": true`) with its
    /// result (`"result"`). Stop, an action, the visit let go or the time limit stop it;
    /// what it found so far is its result.
    ///
    /// `bad_params`: the refusal of `params` of the wrong kind, said once the machine is
    /// found to have the run (its name is checked first).
    ///
    /// # Errors
    /// 409 / 429 / 503 as [`Museum::start_run`], the session's refusal of the name, then
    /// `bad_params`.
    pub async fn start_long_run(
        &self,
        visit: &Arc<Visit>,
        name: String,
        params: Value,
        bad_params: Option<String>,
    ) -> Result<Value, ApiError> {
        let held = Arc::clone(visit);
        let n = name.clone();
        let run = self
            .blocking(visit.client, move || {
                let session = held.session();
                if let Some(refusal) = bad_params {
                    // The run's name first: a machine without it says so (with its
                    // defaults the run is only built, never started).
                    session.long_run_dyn(&n, &Value::Null)?;
                    return Err(ludomat_game::SessionError::Invalid(refusal));
                }
                session.long_run_dyn(&n, &params)
            })
            .await?
            .map_err(ApiError::from)?;
        self.stopped_runs_let_go(visit.client, Duration::from_secs(2))
            .await;
        let (counted, admission) =
            self.admit_run(visit, format!("{name} on a {} visit", visit.kind))?;
        let answer = self.run_answer(&admission, json!({ "long_run": name }));
        let job = visit.start_job(RUN);
        *crate::visit::lock(&visit.run_words) = Some(format!("its '{name}' run"));
        let mut held = self.hold(visit, counted, job.cancel());
        if let Some(q) = answer.get("queued") {
            job.report(vec![queued(
                q["place"].as_u64().unwrap_or(0) as usize,
                q["of"].as_u64().unwrap_or(0) as usize,
            )]);
        }
        let limit = self.config().max_run_time;
        tokio::spawn(async move {
            let Some(slot) = slot_of(&job, admission).await else {
                drop(held);
                let subject = ludomat_game::RunWords::of(&name).subject;
                if job.is_cancelled() {
                    let note = stopped_while_queued(subject, &stopped_by(&job));
                    job.report_after_cancel(vec![left_queue(&note)], Some(note));
                } else {
                    job.end(Some(format!(
                        "{subject} did not start: the museum is stopping"
                    )));
                }
                return;
            };
            held.slot = Some(slot);
            // The time limit: the run is cancelled then, and says why when it ends.
            let out_of_time = Arc::new(AtomicBool::new(false));
            let (done, finished) = tokio::sync::oneshot::channel::<()>();
            {
                let (job, out_of_time) = (job.clone(), Arc::clone(&out_of_time));
                tokio::spawn(async move {
                    tokio::select! {
                        () = tokio::time::sleep(limit) => {
                            out_of_time.store(true, Ordering::SeqCst);
                            job.cancel().cancel();
                        }
                        _ = finished => {}
                    }
                });
            }
            crate::museum::spawn_run_thread(job, move |job| {
                long_run(job, run, &name, limit, &out_of_time, (held, done))
            });
        });
        Ok(answer)
    }

    /// Starts a run on `visit`: `action` applied `times` times back to back. When a slot
    /// is free the first application happens before this returns, so an action the
    /// session refuses is refused here (with the session's status and message) and no
    /// run starts; a run that waits for its slot ends with the refusal as its note.
    ///
    /// # Errors
    /// 400 for `times` outside 1 ..= `max_run_steps`, 409 when the visit runs one
    /// already, 429 when its client has its runs going or waiting, 503 when the queue for
    /// the museum's run slots is full, and the session's refusal of the first application.
    pub async fn start_run(
        &self,
        visit: &Arc<Visit>,
        action: Value,
        times: u64,
    ) -> Result<Value, ApiError> {
        let c = self.config();
        times_field(c.max_run_steps).check(times)?;
        let what = action
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or("an action")
            .to_string();
        let words = ludomat_game::RunWords::of_action(&what);
        // What one application does in the machine's units (MENACE's `play_games`:
        // games), so that the run counts those.
        let work = {
            let (held, a) = (Arc::clone(visit), action.clone());
            self.blocking(visit.client, move || held.session().work_of_json(&a))
                .await?
        };
        self.stopped_runs_let_go(visit.client, Duration::from_secs(2))
            .await;
        let (counted, admission) =
            self.admit_run(visit, format!("{what} × {times} on a {} visit", visit.kind))?;
        let answer = self.run_answer(&admission, json!({ "done": 0, "total": times }));
        let job = visit.start_job(RUN);
        *crate::visit::lock(&visit.run_words) = Some(format!(
            "its run of {what} × {}",
            ludomat_io::text::thousands(times)
        ));
        let mut held = self.hold(visit, counted, job.cancel());
        let action = Arc::new(action);
        let limit = c.max_run_time;
        match admission {
            Admission::Now(slot) => held.slot = Some(slot),
            queued @ Admission::Queued(_) => {
                if let Some(q) = answer.get("queued") {
                    job.report(vec![self::queued(
                        q["place"].as_u64().unwrap_or(0) as usize,
                        q["of"].as_u64().unwrap_or(0) as usize,
                    )]);
                }
                let museum = self.clone();
                tokio::spawn(async move {
                    let Some(slot) = slot_of(&job, queued).await else {
                        drop(held);
                        if job.is_cancelled() {
                            // Taken out of the queue by Stop (or the visit let go): a
                            // note says so, as every stopped run's does.
                            let note = stopped_while_queued(words.subject, &stopped_by(&job));
                            job.report_after_cancel(vec![left_queue(&note)], Some(note));
                        } else {
                            job.end(Some(format!(
                                "{} did not start: the museum is stopping",
                                words.subject
                            )));
                        }
                        return;
                    };
                    let tally = Arc::new(Tally::new(times, limit, work, words));
                    held.slot = Some(slot);
                    museum.applications(job, action, tally, 1, held).await;
                });
                return Ok(answer);
            }
        }
        // The first application answers the request.
        let tally = Arc::new(Tally::new(times, limit, work, words));
        let first = self
            .apply_once(&job, &action, &tally, 1, WorkKind::Interactive)
            .await?;
        match first {
            (_, Some(e)) => {
                job.end(None);
                return Err(ApiError::from(e));
            }
            (Step::Cancelled, _) => {
                return Ok(json!({ "running": false, "done": 0, "total": times }));
            }
            _ => {}
        }
        if times == 1 {
            drop(held);
            let end = tally.progress(1, true);
            job.end_with(Some(tally.note(1, End::Finished, "")), vec![end]);
            return Ok(json!({ "running": false, "done": 1, "total": 1 }));
        }
        let museum = self.clone();
        tokio::spawn(async move {
            museum.applications(job, action, tally, 2, held).await;
        });
        let mut answer = answer;
        answer["done"] = json!(1);
        Ok(answer)
    }

    /// Application `done` of an action run, in a work slot of the visit's client; the
    /// step and the session's refusal, if it refused (the job has then ended with the
    /// refusal as its note).
    async fn apply_once(
        &self,
        job: &Job,
        action: &Arc<Value>,
        tally: &Arc<Tally>,
        done: u64,
        kind: WorkKind,
    ) -> Result<(Step, Option<ludomat_game::SessionError>), ApiError> {
        let (j, a, t) = (job.clone(), Arc::clone(action), Arc::clone(tally));
        let work = move || {
            // The run's CPU time is all of the application's thread's work: the
            // action, then its update published (the view built for the pages).
            let cpu0 = cpu::thread();
            let mut applied = cpu0;
            let mut refusal = None;
            let step = j.step_noting(done > 1, |s| {
                let h = s.apply_json_last((*a).clone(), MAX_HAPPENINGS);
                applied = cpu::thread();
                t.add_cpu(applied.saturating_sub(cpu0));
                let mut h = h.inspect_err(|e| refusal = Some(e.clone()))?;
                h.0.push(t.progress(done, false));
                Ok(h)
            });
            t.add_cpu(cpu::thread().saturating_sub(applied.max(cpu0)));
            (step, refusal)
        };
        let client = job.visit().client;
        match kind {
            WorkKind::Interactive => self.blocking(client, work).await,
            WorkKind::Background => self.background(client, work).await,
        }
    }

    /// Applications `from` ..= total of an action run, then its end.
    async fn applications(
        self,
        job: Job,
        action: Arc<Value>,
        tally: Arc<Tally>,
        from: u64,
        held: Held,
    ) {
        // Let go before the end is published: a page that sees the end may start its
        // client's next run at once.
        let mut held = Some(held);
        let times = tally.total;
        for done in from..=times {
            if job.is_cancelled() {
                drop(held.take());
                let end = tally.progress(done - 1, true);
                let note = tally.note(done - 1, End::Stopped, &stopped_by(&job));
                job.report_after_cancel(vec![end], Some(note));
                return;
            }
            if tally.started.elapsed() > tally.limit {
                drop(held.take());
                let note = stopped_by_stop(
                    tally.words.subject,
                    &by_the_limit(tally.limit),
                    &tally.count(done - 1),
                    &tally.times(),
                    &tally.kept(done - 1, true),
                );
                job.end_with(Some(note), vec![tally.progress(done - 1, true)]);
                return;
            }
            match self
                .apply_once(&job, &action, &tally, done, WorkKind::Background)
                .await
            {
                Ok((Step::Applied, _)) => {}
                Ok((Step::Cancelled, _)) => {
                    drop(held.take());
                    let end = tally.progress(done - 1, true);
                    let note = tally.note(done - 1, End::Stopped, &stopped_by(&job));
                    job.report_after_cancel(vec![end], Some(note));
                    return;
                }
                Ok((Step::Stopped, _)) => return,
                Err(e) => {
                    drop(held.take());
                    job.end_with(
                        Some(format!(
                            "{} stopped ({}; {}): {}",
                            tally.words.subject,
                            tally.count(done - 1),
                            tally.times(),
                            e.message
                        )),
                        vec![tally.progress(done - 1, true)],
                    );
                    return;
                }
            }
            // Let the visitors' requests and the streams in between applications.
            tokio::task::yield_now().await;
        }
        drop(held.take());
        if job.is_cancelled() {
            // Stop came while the last application ran: every application was made, and
            // the note says both (the job's slot is gone, so `end_with` would publish
            // nothing).
            let end = tally.progress(times, true);
            let note = tally.note(times, End::StoppedAsItFinished, &stopped_by(&job));
            job.report_after_cancel(vec![end], Some(note));
            return;
        }
        let end = tally.progress(times, true);
        job.end_with(Some(tally.note(times, End::Finished, "")), vec![end]);
    }
}

/// The CPU time of every thread of a long run, when its partial result tells it
/// (`run_cpu_seconds`: a run that starts threads of its own); otherwise the museum counts
/// the run's own thread.
fn run_cpu(partial: &Value) -> Option<Duration> {
    partial
        .get("run_cpu_seconds")
        .and_then(Value::as_f64)
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(Duration::from_secs_f64)
}

/// A long run's own estimate of the time left (`{"left_seconds": [low, high], "basis":
/// "…"}` in its partial result), as a range.
fn estimate_range(e: &Value) -> Option<(Duration, Duration)> {
    let left = e.get("left_seconds")?.as_array()?;
    let secs = |v: &Value| {
        v.as_f64()
            .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
            .map(Duration::from_secs_f64)
    };
    let (lo, hi) = (secs(left.first()?)?, secs(left.get(1)?)?);
    Some((lo.min(hi), lo.max(hi)))
}

/// What a long run did by its end, from its last progress (`done`, `total` when known,
/// `unit`), in its own words: `1,234 of 10,000 games trained`, `682 positions proved`.
fn long_run_work(words: &ludomat_game::RunWords, end: &Value) -> Option<String> {
    let done = end.get("done")?.as_u64()?;
    let unit = end.get("unit")?.as_str()?;
    let total = end.get("total").and_then(Value::as_u64);
    Some(words.work(done, total, unit))
}

/// A client's address as a number (IPv4 and IPv6 apart).
fn client_key(ip: std::net::IpAddr) -> u64 {
    match ip {
        std::net::IpAddr::V4(v4) => u64::from(u32::from(v4)),
        std::net::IpAddr::V6(v6) => {
            let n = u128::from(v6);
            // The /64 network a client's addresses share, marked apart from IPv4's.
            u64::try_from(n >> 64).unwrap_or(u64::MAX) | (1 << 63)
        }
    }
}

/// The body of a long run's thread: runs it, reporting as it goes, and ends its job.
fn long_run(
    job: &Job,
    run: Box<dyn ludomat_game::LongRun>,
    name: &str,
    limit: Duration,
    out_of_time: &AtomicBool,
    held: (Held, tokio::sync::oneshot::Sender<()>),
) -> Option<String> {
    let started = Instant::now();
    let cpu0 = cpu::thread();
    let report = |p: &ludomat_game::run::Progress<Value>, ended: bool| {
        let thread_cpu = cpu::thread().saturating_sub(cpu0);
        // The run's CPU from its first report: what its own threads say, and at least what
        // its thread did (a proof's threads report 0 s until they have measured, while its
        // thread has followed the frontier for a second).
        let cpu = run_cpu(&p.partial).map_or(thread_cpu, |c| c.max(thread_cpu));
        let mut r = json!({
            "thread_cpu_ms": millis(thread_cpu),
            "cpu_ms": millis(cpu),
            "cpu_us": micros(cpu),
            "type": "run_progress",
            "long_run": name,
            "done": p.done,
            "total": p.total,
            "unit": p.unit,
            "per_second": p.rate(),
            // The museum's clock from the run's start: the run's own may start after its
            // setup (the first report said 0.4 ms after a second of work).
            "elapsed_ms": millis(started.elapsed().max(p.elapsed)),
            "elapsed_us": micros(started.elapsed().max(p.elapsed)),
            "limit_ms": millis(limit),
            "ended": ended,
            "partial": p.partial,
        });
        if !ended {
            match p.partial.get("estimate") {
                // The run's own estimate of the time left, or none (`null`): work that
                // is not even (a proof's last positions take longest) is not told at
                // the rate so far.
                Some(e) => {
                    if let Some((lo, hi)) = estimate_range(e) {
                        r["eta_ms"] = json!(millis(hi));
                        r["eta_range_ms"] = json!([millis(lo), millis(hi)]);
                    }
                    // What it rests on, or why there is none.
                    if let Some(basis) = e.get("basis").filter(|b| b.is_string()) {
                        r["eta_basis"] = basis.clone();
                    }
                }
                None => {
                    if let Some(eta) = p.eta() {
                        r["eta_ms"] = json!(millis(eta));
                    }
                }
            }
        }
        r
    };
    let mut last = None;
    // What the run keeps (a found certificate) counts as its visitor's.
    let owner = client_key(job.visit().client);
    let outcome = ludomat_qubic::proof3d::watch::owned_by(owner, || {
        run.run(job.cancel().clone(), &mut |p| {
            if p.last {
                last = Some(report(p, true));
            } else {
                job.report(vec![report(p, false)]);
            }
        })
    });
    let wall = started.elapsed();
    // Let go before the end is published: a page that sees the end may start its
    // client's next run at once.
    drop(held);
    match outcome {
        Ok(result) => {
            let mut end = last.unwrap_or_else(
                || json!({"type": "run_progress", "long_run": name, "ended": true}),
            );
            let cpu = end["cpu_us"].as_u64().map(Duration::from_micros);
            // The figures of the last progress, in whole microseconds as it has them.
            let times = ludomat_io::text::wall_and_cpu(
                Duration::from_micros(micros(wall)),
                cpu.unwrap_or_else(|| cpu::thread().saturating_sub(cpu0)),
            );
            let timed_out_now = out_of_time.load(Ordering::SeqCst);
            if let Some(o) = end.as_object_mut() {
                // One figure for the run's time: the page's clock and the note say the same.
                o.insert("elapsed_ms".into(), json!(millis(wall)));
                o.insert("elapsed_us".into(), json!(micros(wall)));
                o.insert("result".into(), result);
                // Why it ended early, for the page to say: the museum's time limit.
                o.insert("timed_out".into(), json!(timed_out_now));
            }
            // What it did, in its own unit (`1,234 of 10,000 games trained`), when its
            // last progress says.
            let words = ludomat_game::RunWords::of(name);
            let work = long_run_work(&words, &end);
            let subject = words.subject;
            // With the session's view: what the run left with it (a certificate found, a
            // network trained) shows at once.
            let done = end.get("done").and_then(Value::as_u64).unwrap_or(0);
            if timed_out_now {
                let (by, kept) = (by_the_limit(limit), words.kept(done, true));
                let note = match &work {
                    Some(work) => stopped_by_stop(subject, &by, work, &times, &kept),
                    None => format!("{subject} stopped {by} after {times}; {kept}"),
                };
                job.clone().end_with_view(Some(note), vec![end]);
            } else if job.is_cancelled() {
                // A proof stopped after its search, while its certificate was made: when,
                // and every position proved, in the page's words (`stopped while the
                // certificate was written: all 682 positions proved`), never `after 682
                // of 682 positions proved, while …`.
                let phase = match end.pointer("/partial/ended_in").and_then(Value::as_str) {
                    Some("certificate") => Some("while the certificate was written"),
                    Some("check") => Some("while the certificate was re-checked"),
                    _ => None,
                };
                let kept = words.kept(done, true);
                // the visitor's Stop, or the museum's own cause (no page watched)
                let by = stopped_by(job);
                let note = match (&work, phase) {
                    (Some(work), Some(phase)) => {
                        let total = end.get("total").and_then(Value::as_u64);
                        let unit = end.get("unit").and_then(Value::as_str);
                        let all = match unit {
                            Some(unit) if total.is_none_or(|t| done >= t) => {
                                format!("all {}", words.work(done, None, unit))
                            }
                            _ => work.clone(),
                        };
                        format!("{subject} stopped {by} {phase}: {all} in {times}; {kept}")
                    }
                    (Some(work), None) => stopped_by_stop(subject, &by, work, &times, &kept),
                    (None, Some(phase)) => {
                        format!("{subject} stopped {by} {phase}, after {times}; {kept}")
                    }
                    (None, None) => format!("{subject} stopped {by} after {times}; {kept}"),
                };
                job.report_after_cancel_with_view(vec![end], Some(note));
            } else {
                let kept = words.kept(done, false);
                let note = match &work {
                    Some(work) => format!("{subject} finished: {work} in {times}; {kept}"),
                    None => format!("{subject} finished in {times}; {kept}"),
                };
                job.clone().end_with_view(Some(note), vec![end]);
            }
            None
        }
        Err(e) => Some(format!(
            "{} stopped: {e}",
            ludomat_game::RunWords::of(name).subject
        )),
    }
}
