//! [`Museum`]: the visits held by one server, their limits and the pool for blocking work.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::http::StatusCode;
use ludomat_game::seed;
use tokio::sync::Semaphore;

use crate::error::ApiError;
use crate::exhibits;
use crate::visit::{Step, Visit};

/// The server's limits.
#[derive(Debug, Clone)]
pub struct MuseumConfig {
    /// Most visits held at once; a new one beyond is refused with 503.
    pub max_visits: usize,
    /// A visit with no request and no open stream for this long is deleted (and its
    /// autoplay cancelled).
    pub idle_expiry: Duration,
    /// Largest request body, in bytes (413 beyond).
    pub max_body_bytes: usize,
    /// Most session actions worked on at once, on the blocking pool.
    pub max_blocking: usize,
    /// Shortest autoplay interval (a faster request is raised to it).
    pub min_interval: Duration,
    /// Longest autoplay interval.
    pub max_interval: Duration,
    /// Most steps one autoplay run takes before it stops by itself.
    pub max_autoplay_steps: u64,
}

impl MuseumConfig {
    /// 64 KiB: far above any action or config of the exhibits.
    pub const DEFAULT_MAX_BODY_BYTES: usize = 64 * 1024;
}

impl Default for MuseumConfig {
    fn default() -> Self {
        MuseumConfig {
            max_visits: 2_000,
            idle_expiry: Duration::from_secs(30 * 60),
            max_body_bytes: Self::DEFAULT_MAX_BODY_BYTES,
            max_blocking: 8,
            min_interval: Duration::from_millis(10),
            max_interval: Duration::from_secs(60),
            max_autoplay_steps: 100_000,
        }
    }
}

/// The visits of one server. Cheap to clone (shared).
#[derive(Clone)]
pub struct Museum {
    inner: Arc<Inner>,
}

struct Inner {
    config: MuseumConfig,
    visits: Mutex<HashMap<String, Arc<Visit>>>,
    next: AtomicU64,
    salt: u64,
    work: Semaphore,
}

impl Museum {
    /// An empty museum with these limits.
    #[must_use]
    pub fn new(config: MuseumConfig) -> Self {
        // Ids are unguessable across runs: the salt comes from the clock and the
        // process; within a run they are distinct (`seed::derive` is a bijection in its
        // index).
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let salt = seed::derive(now, u64::from(std::process::id()));
        Museum {
            inner: Arc::new(Inner {
                work: Semaphore::new(config.max_blocking.max(1)),
                config,
                visits: Mutex::new(HashMap::new()),
                next: AtomicU64::new(0),
                salt,
            }),
        }
    }

    /// The limits.
    #[must_use]
    pub fn config(&self) -> &MuseumConfig {
        &self.inner.config
    }

    fn visits(&self) -> MutexGuard<'_, HashMap<String, Arc<Visit>>> {
        self.inner.visits.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Visits held now.
    #[must_use]
    pub fn len(&self) -> usize {
        self.visits().len()
    }

    /// Whether no visit is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Deletes every visit idle for longer than the expiry, cancelling its autoplay.
    pub fn sweep(&self) {
        let limit = self.inner.config.idle_expiry;
        let expired: Vec<Arc<Visit>> = {
            let mut visits = self.visits();
            let ids: Vec<String> = visits
                .iter()
                .filter(|(_, v)| v.idle_longer_than(limit))
                .map(|(id, _)| id.clone())
                .collect();
            ids.iter().filter_map(|id| visits.remove(id)).collect()
        };
        for v in expired {
            v.cancel_autoplay();
        }
    }

    /// Starts a visit to the exhibit `kind` with `config` (`null` for the default).
    ///
    /// # Errors
    /// 400 for an unknown kind or a config the session refuses, 503 when the museum
    /// holds [`MuseumConfig::max_visits`] visits.
    pub async fn create(
        &self,
        kind: &str,
        config: serde_json::Value,
    ) -> Result<Arc<Visit>, ApiError> {
        let exhibit = exhibits::find(kind).ok_or_else(|| {
            ApiError::new(
                StatusCode::BAD_REQUEST,
                format!(
                    "no exhibit of kind {kind:?}: the kinds are {}",
                    exhibits::kinds()
                ),
            )
        })?;
        self.sweep();
        self.check_room()?;
        let start = exhibit.start;
        let session = self.blocking(move || start(config)).await??;
        let n = self.inner.next.fetch_add(1, Ordering::Relaxed);
        let id = format!("{:016x}", seed::derive(self.inner.salt, n));
        let visit = Arc::new(Visit::new(id.clone(), session));
        let mut visits = self.visits();
        // Checked again: others may have come in while the session started.
        if visits.len() >= self.inner.config.max_visits {
            return Err(self.full());
        }
        visits.insert(id, Arc::clone(&visit));
        Ok(visit)
    }

    fn full(&self) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the museum holds at most {} visits at once (max_visits) and is full: \
                 delete a visit or wait until one has been idle for {} s",
                self.inner.config.max_visits,
                self.inner.config.idle_expiry.as_secs()
            ),
        )
    }

    fn check_room(&self) -> Result<(), ApiError> {
        if self.len() >= self.inner.config.max_visits {
            Err(self.full())
        } else {
            Ok(())
        }
    }

    /// The visit `id`, marked as used.
    ///
    /// # Errors
    /// 404 when there is no such visit (or it has just expired).
    pub fn get(&self, id: &str) -> Result<Arc<Visit>, ApiError> {
        let mut visits = self.visits();
        let visit = visits
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::unknown_visit(id))?;
        if visit.idle_longer_than(self.inner.config.idle_expiry) {
            visits.remove(id);
            drop(visits);
            visit.cancel_autoplay();
            return Err(ApiError::unknown_visit(id));
        }
        visit.touch();
        Ok(visit)
    }

    /// Deletes the visit `id`, cancelling its autoplay.
    ///
    /// # Errors
    /// 404 when there is no such visit.
    pub fn delete(&self, id: &str) -> Result<(), ApiError> {
        let visit = self
            .visits()
            .remove(id)
            .ok_or_else(|| ApiError::unknown_visit(id))?;
        visit.cancel_autoplay();
        Ok(())
    }

    /// Runs `work` on the blocking pool, at most [`MuseumConfig::max_blocking`] at once.
    ///
    /// # Errors
    /// 500 if the work panicked.
    pub async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let _permit = self.inner.work.acquire().await.map_err(|_| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the museum is shutting down",
            )
        })?;
        tokio::task::spawn_blocking(work).await.map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the session failed inside: {e}"),
            )
        })
    }

    /// Starts autoplay on `visit`: `action` applied every `interval` (clamped to the
    /// configured range) until stopped, refused, expired or
    /// [`MuseumConfig::max_autoplay_steps`] steps. Returns the interval used.
    pub fn autoplay(
        &self,
        visit: &Arc<Visit>,
        action: serde_json::Value,
        interval: Duration,
    ) -> Duration {
        let c = &self.inner.config;
        let interval = interval.clamp(c.min_interval, c.max_interval);
        let generation = visit.start_autoplay();
        let museum = self.clone();
        let visit = Arc::clone(visit);
        let action = Arc::new(action);
        let max_steps = c.max_autoplay_steps;
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(interval);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            tick.tick().await;
            for _ in 0..max_steps {
                tick.tick().await;
                if visit.idle_longer_than(museum.config().idle_expiry) {
                    museum.sweep();
                    return;
                }
                let (v, a) = (Arc::clone(&visit), Arc::clone(&action));
                match museum
                    .blocking(move || v.autoplay_step(generation, &a))
                    .await
                {
                    Ok(Step::Applied) => {}
                    Ok(Step::Cancelled | Step::Stopped) | Err(_) => return,
                }
            }
            visit.finish_autoplay(
                generation,
                format!("autoplay stopped after its limit of {max_steps} steps"),
            );
        });
        interval
    }
}
