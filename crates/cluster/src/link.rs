//! How the master and the workers reach each other: bytes to a rank, bytes from any rank.
//! A transport is a pair of ends — [`MasterLink`] on rank 0, [`WorkerLink`] on every
//! other rank — and knows nothing of what the bytes mean. Threads in one process
//! ([`crate::local`]) and the processes of an MPI run (`crate::mpi`, feature `mpi`) are the
//! two transports; [`Joined`] puts two of them behind one master (the workers of an MPI
//! run beside threads of the master's own process).

use std::time::{Duration, Instant};

use crate::error::ClusterError;

/// A process's number in the run: 0 is the master, the workers are 1, 2, ….
pub type Rank = usize;

/// Wait as long as it takes.
pub const FOREVER: Duration = Duration::MAX;

/// The master's end of a transport.
pub trait MasterLink {
    /// Processes in the run, the master's included (the workers are ranks 1 to
    /// `size() − 1`).
    fn size(&self) -> usize;

    /// Send `bytes` to worker `to`.
    ///
    /// # Errors
    /// A rank that does not exist, or a worker that has gone.
    fn send(&mut self, to: Rank, bytes: &[u8]) -> Result<(), ClusterError>;

    /// The next message from any worker, with its sender: one already there when `wait`
    /// is zero, else waiting up to `wait` ([`FOREVER`]: until one comes). `None`: nothing
    /// came in time.
    ///
    /// # Errors
    /// Every worker has gone.
    fn receive(&mut self, wait: Duration) -> Result<Option<(Rank, Vec<u8>)>, ClusterError>;
}

/// A worker's end of a transport.
pub trait WorkerLink {
    /// This worker's rank (1 or more).
    fn rank(&self) -> Rank;

    /// Send `bytes` to the master.
    ///
    /// # Errors
    /// The master has gone.
    fn send(&mut self, bytes: &[u8]) -> Result<(), ClusterError>;

    /// The next message from the master, waiting for it.
    ///
    /// # Errors
    /// The master has gone.
    fn receive(&mut self) -> Result<Vec<u8>, ClusterError>;
}

/// Waiting without holding a core: a few yields, then sleeps growing from 20 µs to 1 ms.
/// (MPI's own blocking receive spins at full speed; on a machine with more processes than
/// cores that takes the time of the ranks with work.)
#[derive(Debug, Clone)]
pub struct Backoff {
    round: u32,
    deadline: Option<Instant>,
}

impl Backoff {
    /// Yields before the first sleep.
    const SPINS: u32 = 64;
    /// The longest sleep.
    const LONGEST: Duration = Duration::from_millis(1);

    /// Waiting up to `wait` from now ([`FOREVER`]: no end).
    #[must_use]
    pub fn new(wait: Duration) -> Backoff {
        Backoff {
            round: 0,
            deadline: Instant::now().checked_add(wait),
        }
    }

    /// Wait a little; `false` once the time is up.
    pub fn wait(&mut self) -> bool {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return false;
        }
        self.round = self.round.saturating_add(1);
        if self.round <= Self::SPINS {
            std::thread::yield_now();
        } else {
            let shift = (self.round - Self::SPINS).min(6);
            let sleep = (Duration::from_micros(20) * (1 << shift)).min(Self::LONGEST);
            let sleep = match self.deadline {
                Some(d) => sleep.min(d.saturating_duration_since(Instant::now())),
                None => sleep,
            };
            std::thread::sleep(sleep);
        }
        true
    }
}

/// Two transports behind one master: the workers of `a` keep their ranks, those of `b`
/// follow them (`b`'s rank 1 is `a.size()`).
#[derive(Debug)]
pub struct Joined<A, B> {
    /// The first transport.
    pub a: A,
    /// The second.
    pub b: B,
}

impl<A: MasterLink, B: MasterLink> MasterLink for Joined<A, B> {
    fn size(&self) -> usize {
        self.a.size() + self.b.size().saturating_sub(1)
    }

    fn send(&mut self, to: Rank, bytes: &[u8]) -> Result<(), ClusterError> {
        let first = self.a.size();
        if to < first {
            self.a.send(to, bytes)
        } else {
            self.b.send(to - first + 1, bytes)
        }
    }

    fn receive(&mut self, wait: Duration) -> Result<Option<(Rank, Vec<u8>)>, ClusterError> {
        let first = self.a.size();
        let mut backoff = Backoff::new(wait);
        loop {
            if first > 1 {
                if let Some(m) = self.a.receive(Duration::ZERO)? {
                    return Ok(Some(m));
                }
            }
            if self.b.size() > 1 {
                if let Some((r, bytes)) = self.b.receive(Duration::ZERO)? {
                    return Ok(Some((r + first - 1, bytes)));
                }
            }
            if wait.is_zero() || !backoff.wait() {
                return Ok(None);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_backoff_ends_on_time_and_forever_does_not() {
        let t = Instant::now();
        let mut b = Backoff::new(Duration::from_millis(30));
        let mut rounds = 0;
        while b.wait() {
            rounds += 1;
        }
        assert!(t.elapsed() >= Duration::from_millis(30));
        assert!(t.elapsed() < Duration::from_secs(2));
        // on a loaded machine a yield can take milliseconds: count rounds, not their time
        assert!(rounds >= 1, "{rounds}");
        let mut f = Backoff::new(FOREVER);
        for _ in 0..Backoff::SPINS {
            assert!(f.wait());
        }
        // past the yields it sleeps, 40 µs at first (a sleep never ends early)
        let t = Instant::now();
        assert!(f.wait());
        assert!(t.elapsed() >= Duration::from_micros(40));
        for _ in 0..100 {
            assert!(f.wait());
        }
    }
}
