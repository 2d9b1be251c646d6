//! What the master counts: per batch of work (a Threes! move, a proof), the jobs each
//! rank ran and its busy and idle time; over the run, each rank's utilisation.

use std::fmt;
use std::time::Duration;

/// One rank's share of the work.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RankLoad {
    /// Jobs it ran.
    pub jobs: u64,
    /// Wall-clock time it spent running them.
    pub busy: Duration,
    /// CPU time it spent running them (zero where not measured).
    pub cpu: Duration,
}

/// One batch of jobs (a move of a distributed search, a run of games, a proof).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Load {
    /// Wall-clock time of the batch on the master.
    pub wall: Duration,
    /// Per rank (0: the master, when it works too).
    pub ranks: Vec<RankLoad>,
    /// Jobs sent to workers (an answer that came after the master had done the job
    /// itself counts as busy time, not as a job).
    pub sent: u64,
    /// Messages sent and received by the master.
    pub messages: u64,
    /// Their bytes.
    pub bytes: u64,
}

impl Load {
    /// An empty report for `size` ranks.
    #[must_use]
    pub fn new(size: usize) -> Load {
        Load {
            ranks: vec![RankLoad::default(); size.max(1)],
            ..Load::default()
        }
    }

    /// Jobs run in all.
    #[must_use]
    pub fn jobs(&self) -> u64 {
        self.ranks.iter().map(|r| r.jobs).sum()
    }

    /// Jobs sent to workers (the master's own are not sent).
    #[must_use]
    pub fn jobs_sent(&self) -> u64 {
        self.sent
    }

    /// How long `rank` waited during the batch.
    #[must_use]
    pub fn idle(&self, rank: usize) -> Duration {
        self.ranks
            .get(rank)
            .map_or(self.wall, |r| self.wall.saturating_sub(r.busy))
    }

    /// Record one job of `busy` wall-clock time on `rank` (ranks beyond the report are
    /// ignored).
    pub fn add_job(&mut self, rank: usize, busy: Duration) {
        self.add_job_cpu(rank, busy, Duration::ZERO);
    }

    /// Record one job of `busy` wall-clock and `cpu` CPU time on `rank`.
    pub fn add_job_cpu(&mut self, rank: usize, busy: Duration, cpu: Duration) {
        if let Some(r) = self.ranks.get_mut(rank) {
            r.jobs += 1;
            r.busy += busy;
            r.cpu += cpu;
        }
    }

    /// Record `busy` time on `rank` that answered nothing (a job the master had already
    /// run itself).
    pub fn add_busy(&mut self, rank: usize, busy: Duration) {
        if let Some(r) = self.ranks.get_mut(rank) {
            r.busy += busy;
        }
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

impl fmt::Display for Load {
    /// `42 jobs, 30 sent, 12.3 ms; busy/idle ms: r0 10.1/2.2 r1 …`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} jobs, {} sent, {:.1} ms; busy/idle ms:",
            self.jobs(),
            self.jobs_sent(),
            ms(self.wall)
        )?;
        for (i, r) in self.ranks.iter().enumerate() {
            write!(f, " r{i} {:.1}/{:.1}", ms(r.busy), ms(self.idle(i)))?;
        }
        Ok(())
    }
}

/// The run so far: the batches' reports added up.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Utilisation {
    /// Batches added (moves, runs of games).
    pub moves: u64,
    /// Their wall-clock time.
    pub wall: Duration,
    /// Per rank.
    pub ranks: Vec<RankLoad>,
    /// Messages sent and received by the master.
    pub messages: u64,
    /// Their bytes.
    pub bytes: u64,
}

impl Utilisation {
    /// Add a batch.
    pub fn add(&mut self, m: &Load) {
        if self.ranks.len() < m.ranks.len() {
            self.ranks.resize(m.ranks.len(), RankLoad::default());
        }
        for (total, r) in self.ranks.iter_mut().zip(&m.ranks) {
            total.jobs += r.jobs;
            total.busy += r.busy;
            total.cpu += r.cpu;
        }
        self.moves += 1;
        self.wall += m.wall;
        self.messages += m.messages;
        self.bytes += m.bytes;
    }

    /// The share of the wall-clock time `rank` was busy (0 … 1).
    #[must_use]
    pub fn of(&self, rank: usize) -> f64 {
        let wall = self.wall.as_secs_f64();
        match self.ranks.get(rank) {
            Some(r) if wall > 0.0 => (r.busy.as_secs_f64() / wall).min(1.0),
            _ => 0.0,
        }
    }

    /// The share of all ranks' wall-clock time spent busy (0 … 1).
    #[must_use]
    pub fn overall(&self) -> f64 {
        let n = self.ranks.len().max(1) as f64;
        (0..self.ranks.len()).map(|i| self.of(i)).sum::<f64>() / n
    }

    /// Jobs run in all.
    #[must_use]
    pub fn jobs(&self) -> u64 {
        self.ranks.iter().map(|r| r.jobs).sum()
    }
}

impl fmt::Display for Utilisation {
    /// A table: one line per rank, then the whole.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let jobs = self.jobs();
        let busy: Duration = self.ranks.iter().map(|r| r.busy).sum();
        writeln!(
            f,
            "utilisation over {}, {} wall clock, {}, {} ({} bytes):",
            ludomat_io::text::count(self.moves, "move", "moves"),
            ludomat_io::text::duration(self.wall),
            ludomat_io::text::count(self.ranks.len() as u64, "rank", "ranks"),
            ludomat_io::text::count(self.messages, "message", "messages"),
            ludomat_io::text::thousands(self.bytes)
        )?;
        for (i, r) in self.ranks.iter().enumerate() {
            writeln!(
                f,
                "  rank {i:>3}{}: {:>7} jobs, busy {:>8.2} s, idle {:>8.2} s, {:>5.1} %",
                if i == 0 { " (master)" } else { "         " },
                r.jobs,
                r.busy.as_secs_f64(),
                self.wall.saturating_sub(r.busy).as_secs_f64(),
                100.0 * self.of(i)
            )?;
        }
        write!(
            f,
            "  all ranks: {:.1} % busy; mean job {:.3} ms",
            100.0 * self.overall(),
            if jobs == 0 {
                0.0
            } else {
                ms(busy) / jobs as f64
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idle_is_wall_minus_busy_and_utilisation_adds_up() {
        let mut m = Load::new(3);
        m.wall = Duration::from_millis(100);
        m.add_job(0, Duration::from_millis(40));
        m.add_job(1, Duration::from_millis(30));
        m.add_job_cpu(1, Duration::from_millis(50), Duration::from_millis(45));
        m.add_job(7, Duration::from_millis(50)); // no such rank: ignored
        m.sent = 2;
        assert_eq!(m.jobs(), 3);
        assert_eq!(m.jobs_sent(), 2);
        assert_eq!(m.idle(0), Duration::from_millis(60));
        assert_eq!(m.idle(1), Duration::from_millis(20));
        assert_eq!(m.idle(2), Duration::from_millis(100));
        assert_eq!(m.ranks[1].cpu, Duration::from_millis(45));
        let text = m.to_string();
        assert!(text.starts_with("3 jobs, 2 sent, 100.0 ms"), "{text}");
        assert!(text.contains("r1 80.0/20.0"), "{text}");
        let mut u = Utilisation::default();
        u.add(&m);
        u.add(&m);
        assert_eq!(u.moves, 2);
        assert_eq!(u.jobs(), 6);
        assert!((u.of(1) - 0.8).abs() < 1e-9);
        assert!((u.overall() - 0.4).abs() < 1e-9);
        assert!(u.to_string().contains("rank   1"), "{u}");
    }
}
