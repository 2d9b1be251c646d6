//! The threads background work runs on (autoplay steps, a run's applications; see
//! [`crate::work::Work::Background`]): threads of their own, each at a lower priority
//! than the visitors' work, so that on a busy machine the operating system serves a
//! visitor's action first. At most as many threads as background work may hold slots
//! are started, on demand; one idle for [`KEEP_ALIVE`] ends (its stack's pages go back),
//! and every idle one ends when the museum stops. The process never waits for them.

use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use tokio::sync::oneshot;

use crate::visit::lock;

/// How long an idle background thread lives.
pub const KEEP_ALIVE: Duration = Duration::from_secs(2);

type Task = Box<dyn FnOnce() + Send>;

/// The pool of low-priority threads.
pub(crate) struct Background {
    inner: Arc<Inner>,
}

struct Inner {
    state: Mutex<State>,
    ready: Condvar,
    max: usize,
}

#[derive(Default)]
struct State {
    queue: VecDeque<Task>,
    threads: usize,
    idle: usize,
    closed: bool,
}

/// Why a piece of background work gave no result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Failed {
    /// It panicked (the message, when it had one).
    Panicked(String),
    /// It never ran: the museum stopped, or no thread could be started.
    NotRun(String),
}

impl Background {
    /// A pool of at most `max` threads (at least one).
    pub(crate) fn new(max: usize) -> Self {
        Background {
            inner: Arc::new(Inner {
                state: Mutex::new(State::default()),
                ready: Condvar::new(),
                max: max.max(1),
            }),
        }
    }

    /// Runs `work` on a background thread; its result, or why there is none.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Failed> {
        let (tx, rx) = oneshot::channel();
        let task: Task = Box::new(move || {
            let out = catch_unwind(AssertUnwindSafe(work)).map_err(|p| {
                let message = p
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_string())
                    .or_else(|| p.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                Failed::Panicked(message)
            });
            let _ = tx.send(out);
        });
        self.submit(task)?;
        rx.await
            .map_err(|_| Failed::NotRun("the museum is stopping".into()))?
    }

    fn submit(&self, task: Task) -> Result<(), Failed> {
        let mut s = lock(&self.inner.state);
        if s.closed {
            return Err(Failed::NotRun("the museum is stopping".into()));
        }
        s.queue.push_back(task);
        if s.idle > 0 || s.threads >= self.inner.max {
            drop(s);
            self.inner.ready.notify_one();
            return Ok(());
        }
        s.threads += 1;
        drop(s);
        let inner = Arc::clone(&self.inner);
        let spawned = std::thread::Builder::new()
            .name("museum-background".into())
            .spawn(move || {
                lower_priority();
                serve(&inner);
            });
        if let Err(e) = spawned {
            let mut s = lock(&self.inner.state);
            s.threads -= 1;
            if s.threads == 0 {
                // Nobody would run it: give it back (its requester hears why).
                s.queue.clear();
                return Err(Failed::NotRun(format!("no thread could start: {e}")));
            }
        }
        Ok(())
    }

    /// No more work is taken; idle threads end, queued work is dropped (its requesters
    /// hear that the museum stops). Work running goes on to its end unwaited.
    pub(crate) fn close(&self) {
        let dropped: Vec<Task> = {
            let mut s = lock(&self.inner.state);
            s.closed = true;
            s.queue.drain(..).collect()
        };
        drop(dropped);
        self.inner.ready.notify_all();
    }

    /// Threads alive now.
    #[cfg(test)]
    fn threads(&self) -> usize {
        lock(&self.inner.state).threads
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        self.close();
    }
}

/// A thread's life: the next task, until the pool closes or none comes for
/// [`KEEP_ALIVE`].
fn serve(inner: &Inner) {
    let mut s = lock(&inner.state);
    loop {
        if let Some(task) = s.queue.pop_front() {
            drop(s);
            task();
            s = lock(&inner.state);
            continue;
        }
        if s.closed {
            break;
        }
        s.idle += 1;
        let (next, timeout) = inner
            .ready
            .wait_timeout(s, KEEP_ALIVE)
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        s = next;
        s.idle -= 1;
        if timeout.timed_out() && s.queue.is_empty() {
            break;
        }
    }
    s.threads -= 1;
}

/// Lowers the calling thread's priority by 10 nice levels below the process's own (at
/// most 19) on Linux, where the nice value is per thread — so under `nice -n 10` it is
/// still below the visitors' threads; elsewhere nothing.
pub(crate) fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid has no preconditions; getpriority and setpriority on our own thread
    // id only read and change its scheduling priority (raising the nice value needs no
    // privilege).
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid);
        if let Ok(tid) = libc::id_t::try_from(tid) {
            let process = libc::getpriority(libc::PRIO_PROCESS, 0);
            libc::setpriority(libc::PRIO_PROCESS, tid, (process + 10).clamp(10, 19));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_runs_off_the_async_threads_at_a_lower_priority() {
        let pool = Background::new(2);
        let (nice, name) = pool
            .run(|| {
                // SAFETY: getpriority on our own thread id only reads.
                #[cfg(target_os = "linux")]
                let nice = unsafe {
                    let tid = libc::syscall(libc::SYS_gettid);
                    libc::getpriority(libc::PRIO_PROCESS, tid as libc::id_t)
                };
                #[cfg(not(target_os = "linux"))]
                let nice = 19;
                (nice, std::thread::current().name().map(str::to_string))
            })
            .await
            .unwrap();
        assert_eq!(name.as_deref(), Some("museum-background"));
        // SAFETY: getpriority of the process only reads.
        let ours = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
        assert!(nice > ours || nice == 19, "background {nice}, ours {ours}");
        let failed: Result<(), Failed> = pool.run(|| panic!("inside")).await;
        assert_eq!(failed, Err(Failed::Panicked("inside".into())));
        assert!(pool.threads() <= 2);
        pool.close();
        assert!(matches!(pool.run(|| 1).await, Err(Failed::NotRun(_))));
    }

    #[tokio::test]
    async fn at_most_max_threads_and_idle_ones_end() {
        let pool = Background::new(2);
        let mut runs = Vec::new();
        for i in 0..6u64 {
            runs.push(pool.run(move || {
                std::thread::sleep(Duration::from_millis(20));
                i
            }));
        }
        let done = futures_util::future::join_all(runs).await;
        assert_eq!(
            done.into_iter().map(Result::unwrap).collect::<Vec<_>>(),
            vec![0, 1, 2, 3, 4, 5]
        );
        assert!(pool.threads() <= 2, "{}", pool.threads());
        tokio::time::sleep(KEEP_ALIVE + Duration::from_millis(500)).await;
        assert_eq!(pool.threads(), 0, "idle threads ended");
    }
}
