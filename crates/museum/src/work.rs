//! The museum's work slots, shared fairly between clients and kept for the visitors'
//! own actions.
//!
//! Every piece of session work takes a slot while it runs. It is one of two kinds
//! ([`Work`]): *interactive* — what a visitor is waiting for (a click, a move, a visit
//! opened, a page's first view) — or *background* — what goes on by itself (an autoplay
//! step, an application of a run). A single queue would serve them first come, first
//! served: a crowd's autoplays then fill every slot and every visitor waits behind them.
//! Here:
//!
//! * [`WorkLimits::interactive`] slots are kept for interactive work: background work
//!   never holds more than the others, so a click finds a slot however many autoplays
//!   many clients run;
//! * each kind has its own queues, one per client; the clients with work of a kind
//!   waiting take turns (round robin), interactive work first when a slot comes free;
//! * one client holds at most [`WorkLimits::per_client`] slots of each kind at once, and
//!   has at most [`WorkLimits::waiting_per_client`] pieces of each kind waiting (429
//!   beyond) rather than queued without end.
//!
//! Background work also runs on threads of its own at a lower priority
//! (`src/background.rs`), so the operating system serves a visitor's action before it.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

use crate::visit::lock;

/// The kind of a piece of work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Work {
    /// A visitor waits for it: an action, a visit opened, a view.
    Interactive,
    /// It goes on by itself: an autoplay step, a run's application.
    Background,
}

impl Work {
    fn index(self) -> usize {
        match self {
            Work::Interactive => 0,
            Work::Background => 1,
        }
    }
}

/// How the work slots are shared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkLimits {
    /// Slots in all (pieces of session work running at once).
    pub slots: usize,
    /// Slots of each kind one client holds at most at once.
    pub per_client: usize,
    /// Pieces of work of each kind one client may have waiting for a slot (429 beyond).
    pub waiting_per_client: usize,
    /// Slots kept for interactive work: background work holds at most
    /// `slots - interactive` (at least one).
    pub interactive: usize,
}

impl WorkLimits {
    /// The most slots background work holds at once.
    #[must_use]
    pub fn background(&self) -> usize {
        self.slots.saturating_sub(self.interactive).max(1)
    }
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
    /// Slots held, in all and by kind.
    busy: usize,
    busy_kind: [usize; 2],
    /// Slots held, per client and kind (no entry: none).
    held: HashMap<(IpAddr, Work), usize>,
    /// Work waiting, per client and kind, in the order it came (no entry: none).
    waiting: HashMap<(IpAddr, Work), VecDeque<Waiter>>,
    /// Per kind, the clients with work of that kind waiting, in turn order.
    turn: [VecDeque<IpAddr>; 2],
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
    kind: Work,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.slots.give_back(self.client, self.kind);
    }
}

/// Takes a waiter out of the queue if its request went away before it got a slot.
struct Waiting {
    slots: Arc<WorkSlots>,
    key: (IpAddr, Work),
    id: u64,
}

impl Drop for Waiting {
    fn drop(&mut self) {
        let mut s = lock(&self.slots.state);
        if let Some(q) = s.waiting.get_mut(&self.key) {
            q.retain(|w| w.id != self.id);
            if q.is_empty() {
                s.waiting.remove(&self.key);
                let (client, kind) = self.key;
                s.turn[kind.index()].retain(|c| *c != client);
            }
        }
    }
}

impl State {
    fn held_by(&self, client: IpAddr, kind: Work) -> usize {
        self.held.get(&(client, kind)).copied().unwrap_or(0)
    }

    /// Whether a slot is free for work of `kind` (whoever's).
    fn room(&self, limits: &WorkLimits, kind: Work) -> bool {
        self.busy < limits.slots
            && (kind == Work::Interactive
                || self.busy_kind[Work::Background.index()] < limits.background())
    }

    fn can_take(&self, limits: &WorkLimits, client: IpAddr, kind: Work) -> bool {
        self.room(limits, kind) && self.held_by(client, kind) < limits.per_client
    }

    fn take(&mut self, client: IpAddr, kind: Work) {
        self.busy += 1;
        self.busy_kind[kind.index()] += 1;
        *self.held.entry((client, kind)).or_default() += 1;
    }

    /// The next waiter of `kind` whose turn it is and who may take a slot now (taken
    /// for it).
    fn next_waiter(&mut self, limits: &WorkLimits, kind: Work) -> Option<(Waiter, IpAddr)> {
        let k = kind.index();
        for _ in 0..self.turn[k].len() {
            if !self.room(limits, kind) {
                return None;
            }
            let client = self.turn[k].pop_front()?;
            if self.held_by(client, kind) >= limits.per_client {
                self.turn[k].push_back(client);
                continue;
            }
            let key = (client, kind);
            let waiter = self.waiting.get_mut(&key).and_then(VecDeque::pop_front);
            if self.waiting.get(&key).is_some_and(|q| !q.is_empty()) {
                self.turn[k].push_back(client);
            } else {
                self.waiting.remove(&key);
            }
            if let Some(w) = waiter {
                self.take(client, kind);
                return Some((w, client));
            }
        }
        None
    }
}

impl WorkSlots {
    /// Slots shared as `limits` says (each number at least 1; `interactive` below
    /// `slots`, so background work has at least one).
    #[must_use]
    pub fn new(limits: WorkLimits) -> Arc<Self> {
        let slots = limits.slots.max(1);
        Arc::new(WorkSlots {
            limits: WorkLimits {
                slots,
                per_client: limits.per_client.max(1),
                waiting_per_client: limits.waiting_per_client.max(1),
                interactive: limits.interactive.min(slots - 1),
            },
            state: Mutex::new(State::default()),
        })
    }

    /// The limits.
    #[must_use]
    pub fn limits(&self) -> WorkLimits {
        self.limits
    }

    /// A slot for `client`'s work of `kind`: at once when one is free for that kind and
    /// the client holds fewer than its share and has nothing of that kind waiting,
    /// otherwise in its turn.
    ///
    /// # Errors
    /// [`NoSlot`] when the museum stops or the client has too much waiting.
    pub async fn take(self: &Arc<Self>, client: IpAddr, kind: Work) -> Result<Slot, NoSlot> {
        let key = (client, kind);
        let (id, given) = {
            let mut s = lock(&self.state);
            if s.closed {
                return Err(NoSlot::Stopping);
            }
            let queued = s.waiting.get(&key).map_or(0, VecDeque::len);
            if queued == 0 && s.can_take(&self.limits, client, kind) {
                s.take(client, kind);
                return Ok(Slot {
                    slots: Arc::clone(self),
                    client,
                    kind,
                });
            }
            if queued >= self.limits.waiting_per_client {
                return Err(NoSlot::TooMuchWaiting(queued));
            }
            let (give, given) = oneshot::channel();
            s.next_id += 1;
            let id = s.next_id;
            s.waiting
                .entry(key)
                .or_default()
                .push_back(Waiter { id, give });
            let turn = &mut s.turn[kind.index()];
            if !turn.contains(&client) {
                turn.push_back(client);
            }
            (id, given)
        };
        let waiting = Waiting {
            slots: Arc::clone(self),
            key,
            id,
        };
        // A slot may have come free meanwhile with nobody to hand it on.
        self.dispatch();
        let slot = given.await.map_err(|_| NoSlot::Stopping);
        drop(waiting);
        slot
    }

    fn give_back(self: &Arc<Self>, client: IpAddr, kind: Work) {
        {
            let mut s = lock(&self.state);
            s.busy = s.busy.saturating_sub(1);
            let k = kind.index();
            s.busy_kind[k] = s.busy_kind[k].saturating_sub(1);
            if let Some(n) = s.held.get_mut(&(client, kind)) {
                *n -= 1;
                if *n == 0 {
                    s.held.remove(&(client, kind));
                }
            }
        }
        self.dispatch();
    }

    /// Hands free slots to the clients whose turn it is: interactive work first, then
    /// background work in what background work may hold.
    fn dispatch(self: &Arc<Self>) {
        loop {
            let given = {
                let mut s = lock(&self.state);
                if s.closed {
                    return;
                }
                let limits = self.limits;
                s.next_waiter(&limits, Work::Interactive)
                    .map(|(w, c)| (w, c, Work::Interactive))
                    .or_else(|| {
                        s.next_waiter(&limits, Work::Background)
                            .map(|(w, c)| (w, c, Work::Background))
                    })
            };
            let Some((waiter, client, kind)) = given else {
                return;
            };
            let slot = Slot {
                slots: Arc::clone(self),
                client,
                kind,
            };
            // A waiter whose request went away gives the slot straight back (its drop
            // dispatches again); either way, look for the next one.
            let _ = waiter.give.send(slot);
        }
    }

    /// No more slots are given (the museum stops); waiting work is refused.
    pub fn close(&self) {
        let waiting: Vec<Waiter> = {
            let mut s = lock(&self.state);
            s.closed = true;
            s.turn = Default::default();
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

    /// Slots held now by work of `kind`, and pieces of that kind waiting.
    #[must_use]
    pub fn load_of(&self, kind: Work) -> (usize, usize) {
        let s = lock(&self.state);
        let waiting = s
            .waiting
            .iter()
            .filter(|((_, k), _)| *k == kind)
            .map(|(_, q)| q.len())
            .sum();
        (s.busy_kind[kind.index()], waiting)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    fn limits(slots: usize, per_client: usize, waiting: usize, kept: usize) -> WorkLimits {
        WorkLimits {
            slots,
            per_client,
            waiting_per_client: waiting,
            interactive: kept,
        }
    }

    #[tokio::test]
    async fn clients_take_turns_and_one_client_holds_at_most_its_share() {
        let slots = WorkSlots::new(limits(2, 2, 100, 0));
        // Client 1 takes both slots and queues ten more pieces of work.
        let a = slots.take(ip(1), Work::Interactive).await.unwrap();
        let b = slots.take(ip(1), Work::Interactive).await.unwrap();
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        for i in 0..10 {
            let (slots, order) = (Arc::clone(&slots), Arc::clone(&order));
            tasks.push(tokio::spawn(async move {
                let s = slots.take(ip(1), Work::Interactive).await.unwrap();
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
                let s = slots.take(ip(2), Work::Interactive).await.unwrap();
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
        let slots = WorkSlots::new(limits(4, 1, 2, 0));
        let held = slots.take(ip(1), Work::Interactive).await.unwrap();
        // Client 1's second piece waits although three slots are free …
        let waiting = {
            let slots = Arc::clone(&slots);
            tokio::spawn(async move { slots.take(ip(1), Work::Interactive).await.map(drop) })
        };
        tokio::task::yield_now().await;
        assert_eq!(slots.load(), (1, 1));
        // … client 2 gets one at once …
        let other = tokio::time::timeout(
            Duration::from_millis(100),
            slots.take(ip(2), Work::Interactive),
        )
        .await
        .expect("at once")
        .unwrap();
        drop(other);
        // … and a third waiting piece of client 1 is refused when two wait.
        let second = {
            let slots = Arc::clone(&slots);
            tokio::spawn(async move { slots.take(ip(1), Work::Interactive).await.map(drop) })
        };
        tokio::task::yield_now().await;
        assert_eq!(
            slots.take(ip(1), Work::Interactive).await.map(drop),
            Err(NoSlot::TooMuchWaiting(2))
        );
        drop(held);
        waiting.await.unwrap().unwrap();
        second.await.unwrap().unwrap();
        assert_eq!(slots.load(), (0, 0));
    }

    #[tokio::test]
    async fn work_whose_request_went_away_leaves_the_queue() {
        let slots = WorkSlots::new(limits(1, 1, 10, 0));
        let held = slots.take(ip(1), Work::Interactive).await.unwrap();
        let gone = tokio::time::timeout(
            Duration::from_millis(10),
            slots.take(ip(2), Work::Interactive),
        )
        .await;
        assert!(gone.is_err(), "waited");
        assert_eq!(slots.load(), (1, 0), "the waiter left the queue");
        drop(held);
        assert!(slots.take(ip(2), Work::Interactive).await.is_ok());
        slots.close();
        assert_eq!(
            slots.take(ip(2), Work::Interactive).await.map(drop),
            Err(NoSlot::Stopping)
        );
    }

    /// Eight clients with twelve pieces of background work each (a crowd's autoplays):
    /// background work holds only the slots not kept, and a visitor's actions find a
    /// kept slot at once — four of them, from four clients, at the same time.
    #[tokio::test]
    async fn a_crowds_background_work_never_takes_the_slots_kept_for_actions() {
        let slots = WorkSlots::new(limits(8, 2, 64, 4));
        assert_eq!(slots.limits().background(), 4);
        let mut crowd = Vec::new();
        for client in 10..18 {
            for _ in 0..12 {
                let slots = Arc::clone(&slots);
                crowd.push(tokio::spawn(async move {
                    let s = slots.take(ip(client), Work::Background).await;
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    drop(s);
                }));
            }
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
        let (busy, waiting) = slots.load_of(Work::Background);
        assert_eq!(busy, 4, "background work holds at most the slots not kept");
        assert!(waiting >= 80, "{waiting}");
        let mut actions = Vec::new();
        for client in 2..6 {
            actions.push(
                tokio::time::timeout(
                    Duration::from_millis(5),
                    slots.take(ip(client), Work::Interactive),
                )
                .await
                .expect("an action is given a kept slot at once")
                .unwrap(),
            );
        }
        assert_eq!(slots.load().0, 8);
        drop(actions);
        for t in crowd {
            t.await.unwrap();
        }
        assert_eq!(slots.load(), (0, 0));
    }

    #[tokio::test]
    async fn background_work_takes_turns_between_clients_and_actions_go_first() {
        // Three slots, one kept: background work holds two at most.
        let slots = WorkSlots::new(limits(3, 2, 100, 1));
        let bg = slots.take(ip(1), Work::Background).await.unwrap();
        let x1 = slots.take(ip(9), Work::Interactive).await.unwrap();
        let x2 = slots.take(ip(9), Work::Interactive).await.unwrap();
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        // Client 1 queues five background pieces, then client 2 one, then client 3
        // an action.
        for (client, kind, n) in [
            (1, Work::Background, 5),
            (2, Work::Background, 1),
            (3, Work::Interactive, 1),
        ] {
            for i in 0..n {
                let (slots, order) = (Arc::clone(&slots), Arc::clone(&order));
                tasks.push(tokio::spawn(async move {
                    let s = slots.take(ip(client), kind).await.unwrap();
                    lock(&order).push((client, i));
                    tokio::time::sleep(Duration::from_millis(2)).await;
                    drop(s);
                }));
                tokio::task::yield_now().await;
            }
        }
        tokio::task::yield_now().await;
        assert_eq!(slots.load(), (3, 7));
        // A slot comes free: the action goes first although background work waited
        // longer.
        drop(x1);
        tokio::time::sleep(Duration::from_millis(1)).await;
        drop((x2, bg));
        for t in tasks {
            t.await.unwrap();
        }
        let order = lock(&order).clone();
        assert_eq!(order[0], (3, 0), "{order:?}");
        let second = order.iter().position(|&(c, _)| c == 2).unwrap();
        assert!(
            second <= 2,
            "client 2 waited behind client 1's queue: {order:?}"
        );
        assert_eq!(slots.load(), (0, 0));
    }
}
