//! Autoplay: a visit's job that applies one action again and again at an interval, each
//! step as background work ([`crate::Museum::background`]: never in the work slots kept
//! for the visitors' actions, on a low-priority thread), until it is cancelled (see
//! [`crate::job`]), refused, or has taken [`crate::MuseumConfig::max_autoplay_steps`]
//! steps.
//!
//! Autoplays are bounded: at most [`crate::MuseumConfig::max_autoplays`] go at once in
//! the whole museum (503 beyond) and [`crate::MuseumConfig::max_autoplays_per_client`]
//! per client (429 beyond); an autoplay started again on the same visit replaces its
//! first and counts once. Their steps take turns client by client in the slots
//! background work may hold.

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;

use crate::error::ApiError;
use crate::job::Step;
use crate::refusal::Refusal;
use crate::visit::{lock, Visit, MAX_HAPPENINGS};
use crate::Museum;

/// An autoplay counted until dropped.
struct Counted {
    museum: Museum,
    visit: String,
    token: u64,
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut a = lock(self.museum.inner_autoplays());
        if a.by_visit
            .get(&self.visit)
            .is_some_and(|&(_, t)| t == self.token)
        {
            if let Some((client, _)) = a.by_visit.remove(&self.visit) {
                if let Some(n) = a.per_client.get_mut(&client) {
                    *n -= 1;
                    if *n == 0 {
                        a.per_client.remove(&client);
                    }
                }
            }
        }
    }
}

impl Museum {
    /// Counts an autoplay of `visit`, within the museum's and its client's bounds.
    fn count_autoplay(&self, visit: &Visit) -> Result<Counted, ApiError> {
        let c = self.config();
        let client = visit.client;
        let mut a = lock(self.inner_autoplays());
        a.next += 1;
        let token = a.next;
        if let Some(entry) = a.by_visit.get_mut(&visit.id) {
            // Started again on the same visit: it replaces the one going.
            entry.1 = token;
        } else {
            if a.of_client(client) >= c.max_autoplays_per_client {
                drop(a);
                self.refusals()
                    .note(Refusal::Autoplays, || format!("client {client}"));
                return Err(ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!(
                        "autoplay: this client ({client}) has {} going already, the most one \
                         client may (--autoplays-per-client): stop one first",
                        ludomat_io::text::count(
                            c.max_autoplays_per_client as u64,
                            "autoplay",
                            "autoplays"
                        )
                    ),
                ));
            }
            if a.len() >= c.max_autoplays {
                drop(a);
                self.refusals().note(Refusal::Autoplays, || {
                    format!("museum full, client {client}")
                });
                return Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "autoplay: the museum has {} going, the most it runs at once \
                         (--autoplays); try again when some have stopped",
                        ludomat_io::text::count(c.max_autoplays as u64, "autoplay", "autoplays")
                    ),
                ));
            }
            a.by_visit.insert(visit.id.clone(), (client, token));
            *a.per_client.entry(client).or_default() += 1;
        }
        Ok(Counted {
            museum: self.clone(),
            visit: visit.id.clone(),
            token,
        })
    }

    /// Autoplays going now.
    #[must_use]
    pub fn autoplays(&self) -> usize {
        lock(self.inner_autoplays()).len()
    }

    /// Starts autoplay on `visit`: `action` applied every `interval` (kept within the
    /// configured range; the API refuses a value outside it first, saying the range).
    /// Returns the interval used.
    ///
    /// # Errors
    /// 429 when the visit's client has [`crate::MuseumConfig::max_autoplays_per_client`]
    /// autoplays going, 503 when the museum has [`crate::MuseumConfig::max_autoplays`].
    pub fn autoplay(
        &self,
        visit: &Arc<Visit>,
        action: serde_json::Value,
        interval: Duration,
    ) -> Result<Duration, ApiError> {
        let c = self.config();
        let interval = interval.clamp(c.min_interval, c.max_interval);
        let max_steps = c.max_autoplay_steps;
        let counted = self.count_autoplay(visit)?;
        let job = visit.start_job("autoplay");
        let museum = self.clone();
        let action = Arc::new(action);
        tokio::spawn(async move {
            let _counted = counted;
            let mut tick = tokio::time::interval(interval);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            tick.tick().await;
            for _ in 0..max_steps {
                tokio::select! {
                    _ = tick.tick() => {}
                    () = job.cancelled() => return,
                }
                let (j, a) = (job.clone(), Arc::clone(&action));
                let client = j.visit().client;
                let step = museum
                    .background(client, move || {
                        j.step(|s| s.apply_json_last((*a).clone(), MAX_HAPPENINGS))
                    })
                    .await;
                match step {
                    Ok(Step::Applied) => {}
                    Ok(Step::Cancelled | Step::Stopped) => return,
                    Err(e) => {
                        // The last applied step's happenings reach every page first: an
                        // event stream sends at most one update per gap (40 ms), and
                        // the end published within it would take their place.
                        tokio::select! {
                            () = tokio::time::sleep(Duration::from_millis(100)) => {}
                            () = job.cancelled() => return,
                        }
                        job.end(Some(format!("autoplay stopped: {}", e.message)));
                        return;
                    }
                }
            }
            job.end(Some(format!(
                "autoplay stopped after its limit of {}",
                ludomat_io::text::count(max_steps, "step", "steps")
            )));
        });
        Ok(interval)
    }
}
