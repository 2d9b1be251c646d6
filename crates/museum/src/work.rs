//! The museum's work slots, shared fairly between clients.
//!
//! Every piece of session work (an action, a view built, an autoplay step, a run's
//! application) takes a slot on the blocking pool. A single queue would serve them first
//! come, first served: one client's hundred autoplays then fill every slot and every
//! other visitor waits behind them. Here each client has its own queue, the clients with
//! work waiting take turns (round robin), and one client holds at most
//! [`WorkLimits::per_client`] slots at once — so another client's action finds a slot
//! after at most one piece of work ends, however much the first one asks. A client with
//! [`WorkLimits::waiting_per_client`] pieces of work already waiting is refused (429)
//! rather than queued without end.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

use crate::visit::lock;

/// How the work slots are shared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkLimits {
    /// Slots in all (pieces of session work running at once).
    pub slots: usize,
    /// Slots one client holds at most at once.
    pub per_client: usize,
    /// Pieces of work one client may have waiting for a slot (429 beyond).
    pub waiting_per_client: usize,
}

/// Why no slot was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoSlot {
    /// The museum is stopping.
    Stopping,
    /// The client has [`WorkLimits::waiting_per_client`] pieces of work waiting.
    TooMuchWaiting(usize),
}

/// The slots of one museum.
pub struct WorkSlots {
    limits: WorkLimits,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    closed: bool,
    busy: usize,
    /// Slots held, per client (no entry: none).
    held: HashMap<IpAddr, usize>,
    /// Work waiting, per client, in the order it came (no entry: none).
    waiting: HashMap<IpAddr, VecDeque<Waiter>>,
    /// The clients with work waiting, in turn order.
    turn: VecDeque<IpAddr>,
    next_id: u64,
}

struct Waiter {
    id: u64,
    give: oneshot::Sender<Slot>,
}

/// A slot held; given back when dropped (and handed to the next client in turn).
pub struct Slot {
    slots: Arc<WorkSlots>,
    client: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.slots.give_back(self.client);
    }
}

/// Takes a waiter out of the queue if its request went away before it got a slot.
struct Waiting {
    slots: Arc<WorkSlots>,
    client: IpAddr,
    id: u64,
}

impl Drop for Waiting {
    fn drop(&mut self) {
        let mut s = lock(&self.slots.state);
        if let Some(q) = s.waiting.get_mut(&self.client) {
            q.retain(|w| w.id != self.id);
            if q.is_empty() {
                s.waiting.remove(&self.client);
                s.turn.retain(|c| *c != self.client);
            }
        }
    }
}

impl State {
    fn can_take(&self, limits: &WorkLimits, client: IpAddr) -> bool {
        self.busy < limits.slots && self.held.get(&client).copied().unwrap_or(0) < limits.per_client
    }

    fn take(&mut self, client: IpAddr) {
        self.busy += 1;
        *self.held.entry(client).or_default() += 1;
    }
}

impl WorkSlots {
    /// Slots shared as `limits` says (each number at least 1).
    #[must_use]
    pub fn new(limits: WorkLimits) -> Arc<Self> {
        Arc::new(WorkSlots {
            limits: WorkLimits {
                slots: limits.slots.max(1),
                per_client: limits.per_client.max(1),
                waiting_per_client: limits.waiting_per_client.max(1),
            },
            state: Mutex::new(State::default()),
        })
    }

    /// The limits.
    #[must_use]
    pub fn limits(&self) -> WorkLimits {
        self.limits
    }

    /// A slot for `client`: at once when one is free and the client holds fewer than its
    /// share and has nothing waiting, otherwise in its turn.
    ///
    /// # Errors
    /// [`NoSlot`] when the museum stops or the client has too much waiting.
    pub async fn take(self: &Arc<Self>, client: IpAddr) -> Result<Slot, NoSlot> {
        let (id, given) = {
            let mut s = lock(&self.state);
            if s.closed {
                return Err(NoSlot::Stopping);
            }
            let queued = s.waiting.get(&client).map_or(0, VecDeque::len);
            if queued == 0 && s.can_take(&self.limits, client) {
                s.take(client);
                return Ok(Slot {
                    slots: Arc::clone(self),
                    client,
                });
            }
            if queued >= self.limits.waiting_per_client {
                return Err(NoSlot::TooMuchWaiting(queued));
            }
            let (give, given) = oneshot::channel();
            s.next_id += 1;
            let id = s.next_id;
            s.waiting
                .entry(client)
                .or_default()
                .push_back(Waiter { id, give });
            if !s.turn.contains(&client) {
                s.turn.push_back(client);
            }
            (id, given)
        };
        let waiting = Waiting {
            slots: Arc::clone(self),
            client,
            id,
        };
        // A slot may have come free meanwhile with nobody to hand it on.
        self.dispatch();
        let slot = given.await.map_err(|_| NoSlot::Stopping);
        drop(waiting);
        slot
    }

    fn give_back(self: &Arc<Self>, client: IpAddr) {
        {
            let mut s = lock(&self.state);
            s.busy = s.busy.saturating_sub(1);
            if let Some(n) = s.held.get_mut(&client) {
                *n -= 1;
                if *n == 0 {
                    s.held.remove(&client);
                }
            }
        }
        self.dispatch();
    }

    /// Hands free slots to the clients whose turn it is.
    fn dispatch(self: &Arc<Self>) {
        loop {
            let given = {
                let mut s = lock(&self.state);
                if s.closed {
                    return;
                }
                let mut found = None;
                for _ in 0..s.turn.len() {
                    let Some(client) = s.turn.pop_front() else {
                        break;
                    };
                    if !s.can_take(&self.limits, client) {
                        s.turn.push_back(client);
                        if s.busy >= self.limits.slots {
                            break;
                        }
                        continue;
                    }
                    let queue = s.waiting.get_mut(&client);
                    let waiter = queue.and_then(VecDeque::pop_front);
                    let more = s.waiting.get(&client).is_some_and(|q| !q.is_empty());
                    if more {
                        s.turn.push_back(client);
                    } else {
                        s.waiting.remove(&client);
                    }
                    if let Some(w) = waiter {
                        s.take(client);
                        found = Some((w, client));
                        break;
                    }
                }
                found
            };
            let Some((waiter, client)) = given else {
                return;
            };
            let slot = Slot {
                slots: Arc::clone(self),
                client,
            };
            // A waiter whose request went away gives the slot straight back (its drop
            // dispatches again); otherwise one slot was handed on.
            if waiter.give.send(slot).is_ok() {
                return;
            }
        }
    }

    /// No more slots are given (the museum stops); waiting work is refused.
    pub fn close(&self) {
        let waiting: Vec<Waiter> = {
            let mut s = lock(&self.state);
            s.closed = true;
            s.turn.clear();
            s.waiting.drain().flat_map(|(_, q)| q).collect()
        };
        drop(waiting);
    }

    /// Slots held now, and pieces of work waiting.
    #[must_use]
    pub fn load(&self) -> (usize, usize) {
        let s = lock(&self.state);
        (s.busy, s.waiting.values().map(VecDeque::len).sum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    #[tokio::test]
    async fn clients_take_turns_and_one_client_holds_at_most_its_share() {
        let slots = WorkSlots::new(WorkLimits {
            slots: 2,
            per_client: 2,
            waiting_per_client: 100,
        });
        // Client 1 takes both slots and queues ten more pieces of work.
        let a = slots.take(ip(1)).await.unwrap();
        let b = slots.take(ip(1)).await.unwrap();
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        for i in 0..10 {
            let (slots, order) = (Arc::clone(&slots), Arc::clone(&order));
            tasks.push(tokio::spawn(async move {
                let s = slots.take(ip(1)).await.unwrap();
                lock(&order).push((1, i));
                tokio::time::sleep(Duration::from_millis(5)).await;
                drop(s);
            }));
            tokio::task::yield_now().await;
        }
        // Client 2 comes after all of them and is served next.
        let other = {
            let (slots, order) = (Arc::clone(&slots), Arc::clone(&order));
            tokio::spawn(async move {
                let s = slots.take(ip(2)).await.unwrap();
                lock(&order).push((2, 0));
                drop(s);
            })
        };
        tokio::task::yield_now().await;
        assert_eq!(slots.load(), (2, 11));
        drop(a);
        tokio::time::sleep(Duration::from_millis(1)).await;
        drop(b);
        other.await.unwrap();
        for t in tasks {
            t.await.unwrap();
        }
        let order = lock(&order).clone();
        let place = order.iter().position(|&(c, _)| c == 2).unwrap();
        assert!(
            place <= 1,
            "client 2 waited behind client 1's queue: {order:?}"
        );
        assert_eq!(slots.load(), (0, 0));
    }

    #[tokio::test]
    async fn a_client_at_its_share_leaves_the_other_slots_to_others() {
        let slots = WorkSlots::new(WorkLimits {
            slots: 4,
            per_client: 1,
            waiting_per_client: 2,
        });
        let held = slots.take(ip(1)).await.unwrap();
        // Client 1's second piece waits although three slots are free …
        let waiting = {
            let slots = Arc::clone(&slots);
            tokio::spawn(async move { slots.take(ip(1)).await.map(drop) })
        };
        tokio::task::yield_now().await;
        assert_eq!(slots.load(), (1, 1));
        // … client 2 gets one at once …
        let other = tokio::time::timeout(Duration::from_millis(100), slots.take(ip(2)))
            .await
            .expect("at once")
            .unwrap();
        drop(other);
        // … and a third waiting piece of client 1 is refused when two wait.
        let second = {
            let slots = Arc::clone(&slots);
            tokio::spawn(async move { slots.take(ip(1)).await.map(drop) })
        };
        tokio::task::yield_now().await;
        assert_eq!(
            slots.take(ip(1)).await.map(drop),
            Err(NoSlot::TooMuchWaiting(2))
        );
        drop(held);
        waiting.await.unwrap().unwrap();
        second.await.unwrap().unwrap();
        assert_eq!(slots.load(), (0, 0));
    }

    #[tokio::test]
    async fn work_whose_request_went_away_leaves_the_queue() {
        let slots = WorkSlots::new(WorkLimits {
            slots: 1,
            per_client: 1,
            waiting_per_client: 10,
        });
        let held = slots.take(ip(1)).await.unwrap();
        let gone = tokio::time::timeout(Duration::from_millis(10), slots.take(ip(2))).await;
        assert!(gone.is_err(), "waited");
        assert_eq!(slots.load(), (1, 0), "the waiter left the queue");
        drop(held);
        assert!(slots.take(ip(2)).await.is_ok());
        slots.close();
        assert_eq!(slots.take(ip(2)).await.map(drop), Err(NoSlot::Stopping));
    }
}
