//! Autoplay: a visit's job that applies one action again and again at an interval, each
//! step on the blocking pool, until it is cancelled (see [`crate::job`]), refused, or has
//! taken [`crate::MuseumConfig::max_autoplay_steps`] steps.

use std::sync::Arc;
use std::time::Duration;

use crate::job::Step;
use crate::visit::Visit;
use crate::Museum;

impl Museum {
    /// Starts autoplay on `visit`: `action` applied every `interval` (clamped to the
    /// configured range). Returns the interval used.
    pub fn autoplay(
        &self,
        visit: &Arc<Visit>,
        action: serde_json::Value,
        interval: Duration,
    ) -> Duration {
        let c = self.config();
        let interval = interval.clamp(c.min_interval, c.max_interval);
        let max_steps = c.max_autoplay_steps;
        let job = visit.start_job("autoplay");
        let museum = self.clone();
        let action = Arc::new(action);
        tokio::spawn(async move {
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
                    .blocking(client, move || j.step(|s| s.apply_json((*a).clone())))
                    .await;
                match step {
                    Ok(Step::Applied) => {}
                    Ok(Step::Cancelled | Step::Stopped) => return,
                    Err(e) => {
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
        interval
    }
}
