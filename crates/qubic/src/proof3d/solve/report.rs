//! Where a job-level search's time went ([`WorkReport`]): the critical path, the work of
//! each thread or rank, the work repeated, and a model of the time on N cores.
//!
//! **The model.** With W the CPU time of all jobs, S the critical path — the longest chain
//! of jobs each of which could only start after the one before it split its position (CPU
//! time) —, J the jobs and o the master's CPU time per job, N cores take about
//!
//!   T(N) = max((W − S) / N + S, J · o),   speed-up(N) = T(1) / T(N).
//!
//! The first term is the bound of a greedy scheduler (Brent: the work spread evenly, plus
//! the chain that cannot be); the second is the master, which handles one result at a
//! time. The model keeps the work of the run it comes from: more workers also repeat
//! more (transpositions searched by two workers, and on MPI positions another rank's
//! table already holds) — the run's repeated expansions say how much — and the master's
//! tree takes a different shape with more workers, so S is measured, not derived. The CPU
//! inflation with more threads is measured in BENCHMARKS.md, as is the model against the
//! times measured.

use std::time::Duration;

use ludomat_io::text::{count, duration, number, percent, thousands, wrap, Align, Table};
use serde::Serialize;

/// One worker's share.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct WorkerLoad {
    /// Its rank (1, 2, …).
    pub rank: usize,
    /// Jobs it ran.
    pub jobs: u64,
    /// Node expansions of its jobs.
    pub expansions: u64,
    /// Wall-clock seconds of its jobs.
    pub seconds: f64,
    /// CPU seconds of its jobs.
    pub cpu_seconds: f64,
}

/// The longest job.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct LongestJob {
    /// Its CPU seconds.
    pub cpu_seconds: f64,
    /// Its wall-clock seconds.
    pub seconds: f64,
    /// Its node expansions.
    pub expansions: u64,
}

/// Where a job-level search's time went.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct WorkReport {
    /// Threads of one process on one table, or the ranks of an MPI run.
    pub transport: String,
    /// Workers.
    pub workers: usize,
    /// The most expansions of one job.
    pub job_expansions: u64,
    /// The most CPU time of one job in milliseconds (0: no bound).
    pub job_cpu_ms: u32,
    /// Jobs run.
    pub jobs: u64,
    /// Of them, jobs that went on with a leaf searched before (it had reached its
    /// thresholds, or run out of its budget and gone back with twice the budget).
    pub continued: u64,
    /// Leaves split into their children.
    pub splits: u64,
    /// The longest of them.
    pub longest_job: LongestJob,
    /// CPU seconds of the longest chain of jobs, each after the one that split its
    /// position: the critical path.
    pub critical_path: f64,
    /// Jobs in that chain.
    pub chain: u32,
    /// Each worker's share, by rank.
    pub loads: Vec<WorkerLoad>,
    /// Node expansions, every worker.
    pub expansions: u64,
    /// Positions expanded (each counted once).
    pub positions: u64,
    /// Expansions of positions another worker also expanded (beyond the worker that
    /// expanded the position most).
    pub repeated: u64,
    /// CPU seconds of the master (choosing leaves, splitting them, the messages).
    pub master_cpu_seconds: f64,
    /// Nodes of the master's tree at the end.
    pub tree_nodes: usize,
    /// Wall-clock seconds of the search.
    pub seconds: f64,
}

/// The core counts the command projects to.
pub const PROJECTED: [usize; 3] = [4, 16, 64];

impl WorkReport {
    /// W: the CPU seconds of every job.
    #[must_use]
    pub fn work(&self) -> f64 {
        self.loads.iter().map(|l| l.cpu_seconds).sum()
    }

    /// o: the master's CPU seconds per job.
    #[must_use]
    pub fn master_per_job(&self) -> f64 {
        if self.jobs == 0 {
            0.0
        } else {
            self.master_cpu_seconds / self.jobs as f64
        }
    }

    /// The model's T(N) in seconds (see the [module documentation](self)).
    #[must_use]
    pub fn model_time(&self, cores: usize) -> f64 {
        let n = cores.max(1) as f64;
        let w = self.work();
        let s = self.critical_path.min(w);
        ((w - s) / n + s).max(self.jobs as f64 * self.master_per_job())
    }

    /// The model's speed-up on `cores` cores over one.
    #[must_use]
    pub fn speed_up(&self, cores: usize) -> f64 {
        let t = self.model_time(cores);
        if t > 0.0 {
            self.model_time(1) / t
        } else {
            1.0
        }
    }

    /// The report as the command prints it, lines of at most `width` columns.
    #[must_use]
    pub fn text(&self, width: usize) -> String {
        let secs = |s: f64| duration(Duration::from_secs_f64(s.max(0.0)));
        let mut out = String::new();
        let mut para = |t: String| {
            for line in wrap(&t, width) {
                out.push_str(&line);
                out.push('\n');
            }
        };
        let cpu_bound = if self.job_cpu_ms > 0 {
            format!(" or {} ms of CPU", thousands(u64::from(self.job_cpu_ms)))
        } else {
            String::new()
        };
        para(format!(
            "Where the time went: {} on {}, jobs of at most {}{cpu_bound}.",
            count(self.workers as u64, "worker", "workers"),
            self.transport,
            count(self.job_expansions, "expansion", "expansions"),
        ));
        para(format!(
            "  {} ({} on a leaf searched before, {} split); the longest {} CPU ({}); \
             critical path {} CPU: a chain of {}, each after the one before it.",
            count(self.jobs, "job", "jobs"),
            thousands(self.continued),
            count(self.splits, "leaf", "leaves"),
            secs(self.longest_job.cpu_seconds),
            count(self.longest_job.expansions, "expansion", "expansions"),
            secs(self.critical_path),
            count(u64::from(self.chain), "job", "jobs"),
        ));
        para(format!(
            "  Repeated: {} ({}) of positions another worker also expanded; {} \
             expanded, {}.",
            count(self.repeated, "expansion", "expansions"),
            percent(if self.expansions == 0 {
                0.0
            } else {
                self.repeated as f64 / self.expansions as f64
            }),
            count(self.positions, "position", "positions"),
            count(self.expansions, "expansion", "expansions"),
        ));
        let mut table = Table::new(&[
            ("  worker", Align::Right),
            ("jobs", Align::Right),
            ("expansions", Align::Right),
            ("busy", Align::Right),
            ("CPU", Align::Right),
        ]);
        for l in &self.loads {
            table.row([
                l.rank.to_string(),
                thousands(l.jobs),
                thousands(l.expansions),
                secs(l.seconds),
                secs(l.cpu_seconds),
            ]);
        }
        let master = format!(
            "  master: {} CPU, {} a job; its tree {}.",
            secs(self.master_cpu_seconds),
            secs(self.master_per_job()),
            count(self.tree_nodes as u64, "node", "nodes"),
        );
        let projected: Vec<String> = PROJECTED
            .iter()
            .map(|&n| format!("{n} cores {}×", number(self.speed_up(n))))
            .collect();
        let model = format!(
            "  Projected (T(N) = max((W − S)/N + S, J·o); W = {} CPU of work, S the \
             critical path, J·o the master's): {}.",
            secs(self.work()),
            projected.join(", ")
        );
        for line in table.render(width) {
            out.push_str(&line);
            out.push('\n');
        }
        for t in [master, model] {
            for line in wrap(&t, width) {
                out.push_str(&line);
                out.push('\n');
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> WorkReport {
        WorkReport {
            transport: "threads sharing one table".into(),
            workers: 2,
            job_expansions: 2_000,
            job_cpu_ms: 0,
            jobs: 100,
            continued: 40,
            splits: 9,
            longest_job: LongestJob {
                cpu_seconds: 0.5,
                seconds: 0.6,
                expansions: 2_000,
            },
            critical_path: 4.0,
            chain: 12,
            loads: vec![
                WorkerLoad {
                    rank: 1,
                    jobs: 50,
                    expansions: 60_000,
                    seconds: 41.0,
                    cpu_seconds: 40.0,
                },
                WorkerLoad {
                    rank: 2,
                    jobs: 50,
                    expansions: 61_000,
                    seconds: 41.0,
                    cpu_seconds: 40.0,
                },
            ],
            expansions: 121_000,
            positions: 110_000,
            repeated: 1_210,
            master_cpu_seconds: 0.1,
            tree_nodes: 3_000,
            seconds: 41.5,
        }
    }

    #[test]
    fn the_model_is_brents_bound_with_the_master_as_a_floor() {
        let r = report();
        assert!((r.work() - 80.0).abs() < 1e-9);
        assert!((r.model_time(1) - 80.0).abs() < 1e-9);
        // (80 − 4) / 4 + 4 = 23
        assert!((r.model_time(4) - 23.0).abs() < 1e-9);
        assert!((r.speed_up(4) - 80.0 / 23.0).abs() < 1e-9);
        // never faster than the critical path
        assert!(r.model_time(1_000_000) >= 4.0);
        // a slow master is the floor: 100 jobs at 1 s
        let slow = WorkReport {
            master_cpu_seconds: 100.0,
            ..r
        };
        assert!((slow.model_time(64) - 100.0).abs() < 1e-9);
    }

    #[test]
    fn the_report_fits_80_columns_and_says_where_the_time_went() {
        let text = report().text(80);
        for line in text.lines() {
            assert!(ludomat_io::text::width(line) <= 80, "{line}");
        }
        // read as one paragraph: where the lines break is the wrapping's business
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains("critical path 4 s CPU"), "{text}");
        assert!(text.contains("a chain of 12 jobs"), "{text}");
        assert!(
            text.contains("Repeated: 1,210 expansions (1.0 %)"),
            "{text}"
        );
        assert!(text.contains("4 cores 3.48×"), "{text}");
        assert!(text.contains("64 cores"), "{text}");
    }
}
