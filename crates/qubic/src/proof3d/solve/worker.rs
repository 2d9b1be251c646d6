//! A worker of the job-level search ([`super::jobs`]): df-pn on one leaf of the master's
//! tree within a budget of expansions, on the worker's table — one table shared by the
//! threads of a process, or a table of its own on an MPI rank — and the answer: proved
//! (with the proof's moves), disproved, or open with the leaf's children and their
//! numbers, so the master can split it. The messages are serialisable
//! (`ludomat_cluster`'s wire form): the same worker serves a thread or an MPI rank.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::super::canonical::Key;
use super::super::dfpn::{
    ChildNumbers, Dfpn, DfpnLimits, DfpnStats, Expanded, Outcome, ProofList, Tick, INFINITE,
};
use super::super::leaves::Leaves;
use super::super::table::ProofTable;
use super::super::threats::KeyHasher;

/// The most positions a worker's table keeps before its undecided ones are forgotten
/// that a master may ask for (a guard against a hostile setting: about 4 GB).
pub const MAX_TABLE: u64 = 80_000_000;

/// What the master sends every worker first: how to search.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ProofSetup {
    /// Longest threat sequence looked for at a leaf (1–30).
    pub threat_depth: u8,
    /// Pawlewicz's ε of the workers' df-pn.
    pub epsilon: f64,
    /// Positions kept in a worker's table before the undecided ones are forgotten.
    pub table_limit: u64,
}

impl ProofSetup {
    /// The settings of `limits`.
    #[must_use]
    pub fn of(limits: &DfpnLimits) -> ProofSetup {
        ProofSetup {
            threat_depth: limits.threat_depth,
            epsilon: limits.epsilon,
            table_limit: limits.table_limit as u64,
        }
    }

    /// The df-pn limits these settings give, or what is wrong with them.
    ///
    /// # Errors
    /// A threat depth outside 1–30, an ε that is not a number from 0 to 10, or a table
    /// limit of 0 or above [`MAX_TABLE`].
    pub fn limits(&self) -> Result<DfpnLimits, String> {
        if !(1..=30).contains(&self.threat_depth) {
            return Err(format!(
                "threat depth {} is not from 1 to 30",
                self.threat_depth
            ));
        }
        if !(0.0..=10.0).contains(&self.epsilon) {
            return Err(format!("epsilon {} is not from 0 to 10", self.epsilon));
        }
        if self.table_limit == 0 || self.table_limit > MAX_TABLE {
            return Err(format!(
                "table limit {} is not from 1 to {MAX_TABLE}",
                self.table_limit
            ));
        }
        Ok(DfpnLimits {
            threat_depth: self.threat_depth,
            epsilon: self.epsilon,
            table_limit: usize::try_from(self.table_limit).unwrap_or(usize::MAX),
            max_expansions: u64::MAX,
        })
    }
}

/// A job of the job-level search.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProofTask {
    /// Search this leaf of the master's tree (its node number, its stones) with at most
    /// `budget` expansions.
    Search {
        /// The leaf's number in the master's tree.
        node: u32,
        /// The first player's stones.
        x: u64,
        /// The second player's stones.
        o: u64,
        /// The most expansions.
        budget: u64,
        /// The most CPU time in milliseconds (0: no bound).
        #[serde(default)]
        cpu_ms: u32,
        /// The proof number at which the job stops: the threshold df-pn would give the
        /// leaf from the master's tree (the leaf is no longer the most-proving one then).
        thpn: u64,
        /// The disproof number at which the job stops.
        thdn: u64,
    },
    /// Send the counts of the positions expanded so far (at the end of a run: what
    /// searchers repeated).
    Expanded,
}

/// A job's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ProofAnswer {
    /// A leaf searched.
    Search {
        /// The leaf's number in the master's tree.
        node: u32,
        /// Proved, disproved, or open (a threshold reached or the budget spent).
        outcome: Outcome,
        /// The leaf's numbers at the end (proof, disproof).
        numbers: (u64, u64),
        /// Open because the budget ran out below the thresholds.
        exhausted: bool,
        /// Open and the budget spent: the leaf's children (moves on its board) with their
        /// numbers, should the master split it.
        children: Vec<ChildNumbers>,
        /// The proof's moves this worker has not sent before: of the leaf when proved,
        /// of its proved children when open.
        moves: ProofList,
        /// The search's counters.
        stats: DfpnStats,
    },
    /// The positions this worker expanded (by [`super::super::dfpn::digest`]) and how
    /// often.
    Expanded {
        /// (digest, expansions), in no particular order.
        counts: Vec<(u64, u32)>,
    },
}

/// A search job's fields ([`ProofTask::Search`]).
struct Search {
    node: u32,
    x: u64,
    o: u64,
    budget: u64,
    cpu_ms: u32,
    thpn: u64,
    thdn: u64,
}

/// A worker: its table, its evaluator (whose threat table stays warm from job to job),
/// the proofs it has sent, and its expansion counts.
pub struct ProofWorker {
    limits: Option<DfpnLimits>,
    table: Arc<ProofTable>,
    leaves: Option<Leaves>,
    /// Positions whose proofs this worker has sent.
    walked: HashSet<Key, BuildHasherDefault<KeyHasher>>,
    expanded: Expanded,
    /// Raised to stop a job at its next tick (threads only: a cancelled run).
    stop: Option<Arc<AtomicBool>>,
}

impl std::fmt::Debug for ProofWorker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "ProofWorker({} positions in its table)",
            self.table.len()
        )
    }
}

impl ProofWorker {
    /// A worker with a table of its own (an MPI rank).
    #[must_use]
    pub fn new() -> ProofWorker {
        ProofWorker::sharing(Arc::new(ProofTable::new()), None)
    }

    /// A worker on `table`, which other workers (threads) may share; `stop` ends its job
    /// early when raised.
    #[must_use]
    pub fn sharing(table: Arc<ProofTable>, stop: Option<Arc<AtomicBool>>) -> ProofWorker {
        ProofWorker {
            limits: None,
            table,
            leaves: None,
            walked: HashSet::default(),
            expanded: Expanded::default(),
            stop,
        }
    }

    fn search(&mut self, task: &Search) -> Result<ProofAnswer, String> {
        let Search {
            node,
            x,
            o,
            budget,
            cpu_ms,
            thpn,
            thdn,
        } = *task;
        let limits = self
            .limits
            .ok_or_else(|| format!("job {node} came before any settings"))?;
        if x & o != 0 || x.count_ones() < o.count_ones() || x.count_ones() > o.count_ones() + 1 {
            return Err(format!(
                "job {node}: stones {x:#x} / {o:#x} are no position of the game"
            ));
        }
        if budget == 0 {
            return Err(format!("job {node}: a budget of no expansions"));
        }
        let leaves = self
            .leaves
            .take()
            .unwrap_or_else(|| Leaves::new(limits.threat_depth));
        let stop = self.stop.clone();
        let mut watch = move |_: Tick<'_>| {
            if stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let mut d = Dfpn::with_evaluator(limits, leaves)
            .sharing(Arc::clone(&self.table))
            .recording(std::mem::take(&mut self.expanded))
            .watched(&mut watch);
        let before = d.stats();
        let (outcome, exhausted) = d.prove_below_for(
            x,
            o,
            budget,
            (cpu_ms > 0).then(|| Duration::from_millis(u64::from(cpu_ms))),
            thpn,
            thdn,
        );
        let stats = before.since(&d.stats());
        let numbers = match outcome {
            Outcome::Proved => (0, INFINITE),
            Outcome::Disproved => (INFINITE, 0),
            Outcome::Unknown => d.numbers(x, o).unwrap_or((1, 1)),
        };
        let (children, moves) = match outcome {
            Outcome::Proved => (Vec::new(), d.proof_of(x, o, &mut self.walked)),
            Outcome::Disproved => (Vec::new(), Vec::new()),
            Outcome::Unknown if !exhausted => (Vec::new(), Vec::new()),
            Outcome::Unknown => {
                let children = d.children(x, o);
                let mut moves = Vec::new();
                let side_x = x.count_ones() == o.count_ones();
                for c in children.iter().filter(|c| c.pn == 0) {
                    let (cx, co) = if side_x {
                        (x | 1 << c.cell, o)
                    } else {
                        (x, o | 1 << c.cell)
                    };
                    moves.extend(d.proof_of(cx, co, &mut self.walked));
                }
                (children, moves)
            }
        };
        self.expanded = d.take_expanded();
        self.leaves = d.into_evaluator();
        Ok(ProofAnswer::Search {
            node,
            outcome,
            numbers,
            exhausted,
            children,
            moves,
            stats,
        })
    }
}

impl Default for ProofWorker {
    fn default() -> Self {
        ProofWorker::new()
    }
}

impl ludomat_cluster::Work for ProofWorker {
    type Setup = ProofSetup;
    type Job = ProofTask;
    type Result = ProofAnswer;

    fn setup(&mut self, setup: ProofSetup) -> Result<(), String> {
        let limits = setup.limits().map_err(|e| format!("settings: {e}"))?;
        if self
            .limits
            .is_some_and(|l| l.threat_depth != limits.threat_depth)
        {
            self.leaves = None;
        }
        self.limits = Some(limits);
        Ok(())
    }

    fn run(&mut self, task: ProofTask) -> Result<ProofAnswer, String> {
        match task {
            ProofTask::Search {
                node,
                x,
                o,
                budget,
                cpu_ms,
                thpn,
                thdn,
            } => self.search(&Search {
                node,
                x,
                o,
                budget,
                cpu_ms,
                thpn,
                thdn,
            }),
            ProofTask::Expanded => Ok(ProofAnswer::Expanded {
                counts: self.expanded.iter().map(|(&k, &n)| (k, n)).collect(),
            }),
        }
    }
}
