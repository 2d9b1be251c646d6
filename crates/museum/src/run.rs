//! Runs: a visit's job that applies one bounded action a given number of times, back to
//! back, as fast as the blocking pool allows, with progress after each — how the museum
//! shows a long run that a session takes in bounded steps (MENACE trained 100,000 games
//! as 100 actions of 1,000 games: the learning curve and the first box change live, the
//! bar shows games done, the rate and the time left, and Stop keeps every game played).
//!
//! Every application is published as any action is (the session's happenings and view),
//! followed by one `run_progress` happening:
//! `{"type": "run_progress", "done": k, "total": n, "per_second": r, "elapsed_ms": t,
//! "ended": false}`, counted in applications; the run's end (by itself or stopped)
//! publishes one more with `"ended": true` and the applications done, in the same update
//! as the end, so a page that skips to the latest update still sees it. The run ends by itself after `n`, on the session's first
//! refusal (with its message as the note), or when cancelled like any job (Stop, an
//! action, a newer job, the visit let go, the server stopping). What was applied stays.
//!
//! Bounds: `n` at most [`crate::MuseumConfig::max_run_steps`]; one run per visit at a
//! time (409 for a second: stop the first); at most [`crate::MuseumConfig::max_runs`]
//! runs in the whole museum (503 beyond). Each application takes a place on the
//! blocking pool like any action, so runs never starve the visitors' actions.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::error::{status_of, ApiError};
use crate::job::Step;
use crate::visit::Visit;
use crate::Museum;

/// The job's name while a run goes.
pub const RUN: &str = "run";

/// A run's `run_progress` happening after `done` of `total` applications.
fn progress(done: u64, total: u64, started: Instant) -> Value {
    progress_ended(done, total, started, false)
}

/// As [`progress`], with `ended` saying whether the run is over (finished or stopped).
fn progress_ended(done: u64, total: u64, started: Instant, ended: bool) -> Value {
    let secs = started.elapsed().as_secs_f64();
    let per_second = if secs > 0.0 { done as f64 / secs } else { 0.0 };
    json!({
        "type": "run_progress",
        "done": done,
        "total": total,
        "per_second": per_second,
        "elapsed_ms": u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        "ended": ended,
    })
}

/// Releases the museum's count of runs when a run ends, however it ends.
struct Counted(Museum);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.runs().fetch_sub(1, Ordering::SeqCst);
    }
}

impl Museum {
    /// A place for one more run: refused when `visit` runs one (409) or the museum runs
    /// [`crate::MuseumConfig::max_runs`] (503). The place is given back when the guard
    /// returned is dropped.
    fn take_run_place(&self, visit: &Visit) -> Result<Counted, ApiError> {
        if visit.job() == Some(RUN) {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "run: this visit has a run going; stop it first",
            ));
        }
        let max_runs = self.config().max_runs;
        let taken = self
            .runs()
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < max_runs).then_some(n + 1)
            });
        if taken.is_err() {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("run: the museum runs {max_runs} already; try again when one has ended"),
            ));
        }
        Ok(Counted(self.clone()))
    }

    /// Starts the session's long run `name` ([`ludomat_game::LongRun`]: a circuit checked
    /// over every position, a proof search) on `visit`, on the blocking pool: its reports
    /// go to the visit's pages as `run_progress` happenings with the run's partial result
    /// (`"partial"`), the last one (`"ended": true`) with its result (`"result"`). Stop,
    /// an action or the visit let go cancel it; what it found so far is its result.
    ///
    /// # Errors
    /// 409 / 503 as [`Museum::start_run`], and the session's refusal of the name.
    pub async fn start_long_run(
        &self,
        visit: &Arc<Visit>,
        name: String,
        params: Value,
    ) -> Result<Value, ApiError> {
        let counted = self.take_run_place(visit)?;
        let held = Arc::clone(visit);
        let n = name.clone();
        let answer = json!({ "running": true, "long_run": name });
        let run = self
            .blocking(move || held.session().long_run_dyn(&n, &params))
            .await?
            .map_err(|e| ApiError::new(status_of(&e), e.to_string()))?;
        self.spawn_job(visit, RUN, move |job| {
            let _counted = counted;
            let started = Instant::now();
            let report = |p: &ludomat_game::run::Progress<Value>, ended: bool| {
                json!({
                    "type": "run_progress",
                    "long_run": name,
                    "done": p.done,
                    "total": p.total,
                    "unit": p.unit,
                    "per_second": p.rate(),
                    "elapsed_ms": u64::try_from(p.elapsed.as_millis()).unwrap_or(u64::MAX),
                    "ended": ended,
                    "partial": p.partial,
                })
            };
            let mut last = None;
            let outcome = run.run(job.cancel().clone(), &mut |p| {
                if p.last {
                    last = Some(report(p, true));
                } else {
                    job.report(vec![report(p, false)]);
                }
            });
            let secs = started.elapsed().as_secs_f64();
            match outcome {
                Ok(result) => {
                    let mut end = last.unwrap_or_else(
                        || json!({"type": "run_progress", "long_run": name, "ended": true}),
                    );
                    if let Some(o) = end.as_object_mut() {
                        o.insert("result".into(), result);
                    }
                    if job.is_cancelled() {
                        job.report_after_cancel(vec![end]);
                        None
                    } else {
                        job.clone()
                            .end_with(Some(format!("{name} finished in {secs:.1} s")), vec![end]);
                        None
                    }
                }
                Err(e) => Some(format!("{name} stopped: {e}")),
            }
        });
        Ok(answer)
    }

    /// Starts a run on `visit`: `action` applied `times` times back to back. The first
    /// application happens before this returns, so an action the session refuses is
    /// refused here (with the session's status and message) and no run starts.
    ///
    /// # Errors
    /// 400 for `times` outside 1 ..= `max_run_steps`, 409 when the visit runs one
    /// already, 503 when the museum runs `max_runs`, and the session's refusal of the
    /// first application.
    pub async fn start_run(
        &self,
        visit: &Arc<Visit>,
        action: Value,
        times: u64,
    ) -> Result<Value, ApiError> {
        let c = self.config();
        if times == 0 || times > c.max_run_steps {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                format!(
                    "run: `times` must be from 1 to {} (it was {times})",
                    c.max_run_steps
                ),
            ));
        }
        let counted = self.take_run_place(visit)?;
        let job = visit.start_job(RUN);
        let started = Instant::now();
        let action = Arc::new(action);
        // The first application answers the request.
        let (j, a) = (job.clone(), Arc::clone(&action));
        let first = self
            .blocking(move || {
                let mut refusal = None;
                let step = j.step(|s| {
                    let mut h = s.apply_json((*a).clone()).inspect_err(|e| {
                        refusal = Some(e.clone());
                    })?;
                    h.push(progress(1, times, started));
                    Ok(h)
                });
                (step, refusal)
            })
            .await?;
        match first {
            (_, Some(e)) => {
                return Err(ApiError::new(status_of(&e), e.to_string()));
            }
            (Step::Cancelled, _) => {
                return Ok(json!({ "running": false, "done": 0, "total": times }));
            }
            _ => {}
        }
        if times == 1 {
            job.end_with(
                Some("run finished: 1 of 1".into()),
                vec![progress_ended(1, 1, started, true)],
            );
            return Ok(json!({ "running": false, "done": 1, "total": 1 }));
        }
        let museum = self.clone();
        tokio::spawn(async move {
            let _counted = counted;
            for done in 2..=times {
                if job.is_cancelled() {
                    job.report_after_cancel(vec![progress_ended(done - 1, times, started, true)]);
                    return;
                }
                let (j, a) = (job.clone(), Arc::clone(&action));
                let step = museum
                    .blocking(move || {
                        j.step(|s| {
                            let mut h = s.apply_json((*a).clone())?;
                            h.push(progress(done, times, started));
                            Ok(h)
                        })
                    })
                    .await;
                match step {
                    Ok(Step::Applied) => {}
                    Ok(Step::Cancelled) => {
                        job.report_after_cancel(vec![progress_ended(
                            done - 1,
                            times,
                            started,
                            true,
                        )]);
                        return;
                    }
                    Ok(Step::Stopped) | Err(_) => return,
                }
                // Let the visitors' requests and the streams in between applications.
                tokio::task::yield_now().await;
            }
            job.end_with(
                Some(format!(
                    "run finished: {times} of {times} in {:.1} s",
                    started.elapsed().as_secs_f64()
                )),
                vec![progress_ended(times, times, started, true)],
            );
        });
        Ok(json!({ "running": true, "done": 1, "total": times }))
    }
}
