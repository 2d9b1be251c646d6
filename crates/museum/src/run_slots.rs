//! The museum's run slots: how many long runs go at once, one per client, and the queue
//! for a slot.
//!
//! A run (a training, a proof search, a circuit check; [`crate::run`]) takes one of
//! [`RunLimits::slots`] slots while it goes. A client runs at most
//! [`RunLimits::per_client`] at once, waiting ones included (a second is refused, 429,
//! whichever of its visits asks). When every slot is taken a run waits in one queue, in
//! the order the runs were asked for, and its visit is told its place as the queue moves;
//! only a full queue ([`RunLimits::queue`]) refuses (503).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{oneshot, watch};

use crate::visit::lock;

/// The bounds on runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunLimits {
    /// Runs going at once in the whole museum.
    pub slots: usize,
    /// Runs one client has going or waiting at once.
    pub per_client: usize,
    /// Runs waiting for a slot at most (503 beyond).
    pub queue: usize,
    /// Longest time a run goes once started (it is stopped then, keeping what it did).
    pub time: Duration,
}

/// Why a run was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunRefusal {
    /// The client has [`RunLimits::per_client`] runs going or waiting; what they are.
    ClientBusy(Vec<String>),
    /// The queue holds [`RunLimits::queue`] runs.
    QueueFull(usize),
    /// The museum is stopping.
    Stopping,
}

/// The run slots of one museum.
pub struct RunSlots {
    limits: RunLimits,
    state: Mutex<State>,
    /// Bumped whenever the queue moves, so waiting runs can tell their visits.
    moved: watch::Sender<u64>,
}

#[derive(Default)]
struct State {
    closed: bool,
    running: usize,
    /// What each client has going or waiting (by id), described.
    clients: HashMap<IpAddr, Vec<(u64, String)>>,
    queue: VecDeque<Queued>,
    next_id: u64,
}

struct Queued {
    id: u64,
    give: oneshot::Sender<RunSlot>,
}

/// A client's run, counted against its share until dropped (waiting or going).
pub struct ClientRun {
    slots: Arc<RunSlots>,
    client: IpAddr,
    id: u64,
}

impl Drop for ClientRun {
    fn drop(&mut self) {
        let mut s = lock(&self.slots.state);
        if let Some(runs) = s.clients.get_mut(&self.client) {
            runs.retain(|(id, _)| *id != self.id);
            if runs.is_empty() {
                s.clients.remove(&self.client);
            }
        }
    }
}

/// A slot held by a going run; given to the first waiting run when dropped.
pub struct RunSlot {
    slots: Arc<RunSlots>,
}

impl Drop for RunSlot {
    fn drop(&mut self) {
        lock(&self.slots.state).running -= 1;
        self.slots.dispatch();
    }
}

/// A run waiting for a slot; leaves the queue when dropped.
pub struct Waiting {
    slots: Arc<RunSlots>,
    id: u64,
    given: Option<oneshot::Receiver<RunSlot>>,
}

impl Drop for Waiting {
    fn drop(&mut self) {
        let left = {
            let mut s = lock(&self.slots.state);
            let before = s.queue.len();
            s.queue.retain(|q| q.id != self.id);
            before != s.queue.len()
        };
        if left {
            self.slots.moved.send_modify(|n| *n += 1);
        }
    }
}

/// Where a run was admitted.
pub enum Admission {
    /// A slot was free: the run goes now.
    Now(RunSlot),
    /// Every slot is taken: the run waits.
    Queued(Waiting),
}

impl Waiting {
    /// Its place in the queue (1 is next) and the queue's length; `None` once it has left.
    #[must_use]
    pub fn place(&self) -> Option<(usize, usize)> {
        let s = lock(&self.slots.state);
        let i = s.queue.iter().position(|q| q.id == self.id)?;
        Some((i + 1, s.queue.len()))
    }

    /// Waits for its slot, calling `moved` with its new place whenever the queue moves.
    /// `None` when the museum stops.
    pub async fn slot(mut self, mut moved: impl FnMut((usize, usize))) -> Option<RunSlot> {
        let mut changes = self.slots.moved.subscribe();
        let mut given = self.given.take()?;
        loop {
            tokio::select! {
                slot = &mut given => return slot.ok(),
                changed = changes.changed() => {
                    changed.ok()?;
                    if let Some(place) = self.place() {
                        moved(place);
                    }
                }
            }
        }
    }
}

impl RunSlots {
    /// Slots bounded by `limits` (each count at least 1).
    #[must_use]
    pub fn new(limits: RunLimits) -> Arc<Self> {
        Arc::new(RunSlots {
            limits: RunLimits {
                slots: limits.slots.max(1),
                per_client: limits.per_client.max(1),
                queue: limits.queue,
                time: limits.time,
            },
            state: Mutex::new(State::default()),
            moved: watch::Sender::new(0),
        })
    }

    /// The limits.
    #[must_use]
    pub fn limits(&self) -> RunLimits {
        self.limits
    }

    /// Admits a run of `client` (described by `what`, for the message a second one gets):
    /// a slot now, or a place in the queue.
    ///
    /// # Errors
    /// [`RunRefusal`] when the client has its share, the queue is full or the museum stops.
    pub fn admit(
        self: &Arc<Self>,
        client: IpAddr,
        what: String,
    ) -> Result<(ClientRun, Admission), RunRefusal> {
        let mut s = lock(&self.state);
        if s.closed {
            return Err(RunRefusal::Stopping);
        }
        let mine = s.clients.get(&client).map_or(0, Vec::len);
        if mine >= self.limits.per_client {
            let runs = s
                .clients
                .get(&client)
                .map(|r| r.iter().map(|(_, w)| w.clone()).collect())
                .unwrap_or_default();
            return Err(RunRefusal::ClientBusy(runs));
        }
        let free = s.running < self.limits.slots && s.queue.is_empty();
        if !free && s.queue.len() >= self.limits.queue {
            return Err(RunRefusal::QueueFull(s.queue.len()));
        }
        s.next_id += 1;
        let id = s.next_id;
        s.clients.entry(client).or_default().push((id, what));
        let counted = ClientRun {
            slots: Arc::clone(self),
            client,
            id,
        };
        if free {
            s.running += 1;
            return Ok((
                counted,
                Admission::Now(RunSlot {
                    slots: Arc::clone(self),
                }),
            ));
        }
        let (give, given) = oneshot::channel();
        s.queue.push_back(Queued { id, give });
        Ok((
            counted,
            Admission::Queued(Waiting {
                slots: Arc::clone(self),
                id,
                given: Some(given),
            }),
        ))
    }

    /// Hands free slots to the runs first in the queue.
    fn dispatch(self: &Arc<Self>) {
        loop {
            let next = {
                let mut s = lock(&self.state);
                if s.closed || s.running >= self.limits.slots {
                    return;
                }
                let Some(q) = s.queue.pop_front() else {
                    return;
                };
                s.running += 1;
                q
            };
            self.moved.send_modify(|n| *n += 1);
            let slot = RunSlot {
                slots: Arc::clone(self),
            };
            // A waiting run that went away gives the slot straight back (and its drop
            // dispatches again).
            if next.give.send(slot).is_ok() {
                return;
            }
        }
    }

    /// No more runs start (the museum stops); waiting ones are told.
    pub fn close(&self) {
        let queued: Vec<Queued> = {
            let mut s = lock(&self.state);
            s.closed = true;
            s.queue.drain(..).collect()
        };
        drop(queued);
        self.moved.send_modify(|n| *n += 1);
    }

    /// Runs going, and waiting.
    #[must_use]
    pub fn load(&self) -> (usize, usize) {
        let s = lock(&self.state);
        (s.running, s.queue.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    fn limits() -> RunLimits {
        RunLimits {
            slots: 1,
            per_client: 1,
            queue: 2,
            time: Duration::from_secs(60),
        }
    }

    #[tokio::test]
    async fn one_run_per_client_a_queue_with_places_and_a_bound() {
        let slots = RunSlots::new(limits());
        let (a, first) = slots.admit(ip(1), "a proof".into()).unwrap();
        assert!(matches!(first, Admission::Now(_)));
        // The same client again: refused, naming what it runs.
        assert_eq!(
            slots.admit(ip(1), "another".into()).err(),
            Some(RunRefusal::ClientBusy(vec!["a proof".into()]))
        );
        let (_b, second) = slots.admit(ip(2), "b".into()).unwrap();
        let (_c, third) = slots.admit(ip(3), "c".into()).unwrap();
        let (Admission::Queued(second), Admission::Queued(third)) = (second, third) else {
            panic!("queued");
        };
        assert_eq!(second.place(), Some((1, 2)));
        assert_eq!(third.place(), Some((2, 2)));
        assert_eq!(
            slots.admit(ip(4), "d".into()).err(),
            Some(RunRefusal::QueueFull(2))
        );
        // The third hears its place move up when the second gets the slot.
        let places = Arc::new(Mutex::new(Vec::new()));
        let waiting = {
            let places = Arc::clone(&places);
            tokio::spawn(async move { third.slot(|p| lock(&places).push(p)).await.map(drop) })
        };
        let second = tokio::spawn(second.slot(|_| {}));
        tokio::task::yield_now().await;
        drop(first);
        drop(a);
        let slot = second.await.unwrap().expect("the slot");
        for _ in 0..100 {
            if !lock(&places).is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        assert_eq!(lock(&places).first(), Some(&(1, 1)));
        assert_eq!(slots.load(), (1, 1));
        // Client 1 may run again now that its run has ended.
        let (_a2, again) = slots.admit(ip(1), "again".into()).unwrap();
        assert!(matches!(again, Admission::Queued(_)));
        drop(again);
        drop(slot);
        waiting.await.unwrap().expect("the third runs");
        assert_eq!(slots.load(), (0, 0));
    }

    #[tokio::test]
    async fn a_waiting_run_that_is_stopped_leaves_the_queue() {
        let slots = RunSlots::new(limits());
        let (_a, first) = slots.admit(ip(1), "a".into()).unwrap();
        let (b, second) = slots.admit(ip(2), "b".into()).unwrap();
        drop(second);
        drop(b);
        assert_eq!(slots.load(), (1, 0));
        let (_b, second) = slots.admit(ip(2), "b".into()).unwrap();
        assert!(matches!(second, Admission::Queued(_)));
        drop(first);
        assert_eq!(slots.load(), (1, 0), "the slot went to the waiting run");
        slots.close();
        assert_eq!(
            slots.admit(ip(3), "c".into()).err(),
            Some(RunRefusal::Stopping)
        );
    }
}
