//! Propagation to a fixpoint, then search; counting solutions up to a limit.
//!
//! Every cell holds the set of letters it may still take (at first the alphabet). A clue
//! is *revised* by running its automaton ([`crate::nfa`]) over its line's sets, and for a
//! clue with backreferences then the exact matcher ([`crate::backtrack`]); each cell keeps
//! only the letters some matching line puts there. A cell that shrinks puts the other
//! clues through it back on the queue, until nothing changes (the fixpoint) or a cell is
//! empty (a contradiction). When propagation stalls with open cells, the search picks the
//! cell with the fewest letters left (ties: the one most clues read), tries each letter
//! in turn and propagates again. Search continues past the first solution until `limit`
//! solutions are found or none are left, so "unique" means the whole tree was searched.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use crate::backtrack::{OutOfSteps, Program, CHECK_BUDGET, PROPAGATION_BUDGET};
use crate::letters::Letters;
use crate::nfa::Nfa;
use crate::puzzle::Puzzle;

/// The most solutions a caller may ask for.
pub const MAX_LIMIT: usize = 10_000;
/// The default bound on search nodes.
pub const DEFAULT_MAX_NODES: u64 = 1_000_000;
/// The default bound on time: a node with backreference clues can cost milliseconds, so
/// the node bound alone is no bound on time.
pub const DEFAULT_MAX_TIME: Duration = Duration::from_secs(60);
/// Steps the exact backreference matcher may take per clue at a search node (a tenth of
/// the first propagation's): a cheaper node; when it runs out the automaton's sound
/// over-approximation stands, and every grid is checked exactly before it counts.
pub const SEARCH_BUDGET: u64 = PROPAGATION_BUDGET / 10;
/// How often a long solve reports its progress.
pub const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// One deduction: a clue ruled out letters in a cell.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Deduction {
    /// The clue's name (`across 3`).
    pub clue: String,
    /// The cell.
    pub cell: usize,
    /// Row of the cell, from 1.
    pub row: usize,
    /// Position in the row, from 1.
    pub col: usize,
    /// The letters ruled out.
    #[serde(serialize_with = "ser_letters")]
    pub removed: Letters,
    /// The letters left.
    #[serde(serialize_with = "ser_letters")]
    pub left: Letters,
}

fn ser_letters<S: serde::Serializer>(l: &Letters, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&l.to_string())
}

/// How far to go.
#[derive(Debug, Clone, Copy)]
pub struct SolveOptions {
    /// Stop after this many solutions (2 tells unique from not).
    pub limit: usize,
    /// Give up after this many search nodes.
    pub max_nodes: u64,
    /// Give up after this long (`None`: no bound on time).
    pub max_time: Option<Duration>,
    /// Record the deductions of the first propagation.
    pub explain: bool,
}

/// A long solve's progress, reported every [`PROGRESS_EVERY`].
#[derive(Debug, Clone, Copy)]
pub struct SolveProgress {
    /// Search nodes so far.
    pub nodes: u64,
    /// Solutions so far.
    pub solutions: usize,
    /// Time since the solve started.
    pub elapsed: Duration,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            limit: 2,
            max_nodes: DEFAULT_MAX_NODES,
            max_time: Some(DEFAULT_MAX_TIME),
            explain: false,
        }
    }
}

/// What the solver found.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The solutions found (letters in cell order), at most `limit`.
    pub solutions: Vec<Vec<u8>>,
    /// True when the search tree was exhausted: `solutions` are all there are.
    pub complete: bool,
    /// Search nodes visited (1 when propagation alone solved it).
    pub nodes: u64,
    /// The sets left by the first propagation, before any search.
    pub after_propagation: Vec<Letters>,
    /// The deductions of the first propagation, in order (when asked for).
    pub explanation: Vec<Deduction>,
}

impl Outcome {
    /// Whether exactly one solution exists.
    #[must_use]
    pub fn is_unique(&self) -> bool {
        self.complete && self.solutions.len() == 1
    }
}

/// Why solving stopped without an answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The node bound was reached.
    #[error("gave up after {0} search nodes (raise --max-nodes)")]
    TooManyNodes(u64),
    /// The time bound was reached (after this many search nodes).
    #[error("gave up after {:.1} s and {} search nodes (raise --max-seconds)", .0.as_secs_f64(), .1)]
    OutOfTime(Duration, u64),
    /// A filled line's backreference check ran out of steps.
    #[error("clue {0}: {1}")]
    Undecided(String, OutOfSteps),
}

/// A clue compiled both ways.
#[derive(Debug, Clone)]
struct Compiled {
    nfa: Nfa,
    program: Option<Program>,
}

/// How a clue stands in a partly filled grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClueStatus {
    /// Its line is full and matches.
    Satisfied,
    /// Its line is full and does not match, or no way of filling its blanks matches.
    Broken,
    /// Its line can still be completed to match.
    Open,
}

/// A puzzle ready to solve.
#[derive(Debug, Clone)]
pub struct Solver<'p> {
    puzzle: &'p Puzzle,
    compiled: Vec<Compiled>,
    cell_clues: Vec<Vec<usize>>,
}

struct Search<'a, 'p> {
    solver: &'a Solver<'p>,
    options: SolveOptions,
    out: Outcome,
    clock: Clock,
    progress: &'a mut dyn FnMut(&SolveProgress),
    next_report: Duration,
}

/// When a solve started and when it must stop.
#[derive(Debug, Clone, Copy)]
struct Clock {
    started: Instant,
    deadline: Option<Instant>,
}

impl Clock {
    fn start(max_time: Option<Duration>) -> Clock {
        let started = Instant::now();
        Clock {
            started,
            deadline: max_time.and_then(|d| started.checked_add(d)),
        }
    }

    fn none() -> Clock {
        Clock {
            started: Instant::now(),
            deadline: None,
        }
    }

    fn out(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// Propagation stopped by the clock.
struct OutOfTime;

impl<'p> Solver<'p> {
    /// Compiles every clue of the puzzle.
    #[must_use]
    pub fn new(puzzle: &'p Puzzle) -> Solver<'p> {
        // A clue printed on many lines is compiled once (a hostile file repeats one long
        // clue on every line).
        let mut by_source: std::collections::HashMap<&str, Compiled> =
            std::collections::HashMap::new();
        let compiled = puzzle
            .clues
            .iter()
            .map(|c| {
                by_source
                    .entry(c.clue.source.as_str())
                    .or_insert_with(|| Compiled {
                        nfa: Nfa::new(&c.clue, puzzle.alphabet),
                        program: c
                            .clue
                            .has_backrefs
                            .then(|| Program::new(&c.clue, puzzle.alphabet)),
                    })
                    .clone()
            })
            .collect();
        Solver {
            puzzle,
            compiled,
            cell_clues: puzzle.clues_of_cells(),
        }
    }

    /// The puzzle.
    #[must_use]
    pub fn puzzle(&self) -> &'p Puzzle {
        self.puzzle
    }

    /// The letters clue `k` leaves in its line's cells (`None`: no line matches); the
    /// exact matcher of a backreference clue takes at most `budget` steps.
    fn revise_line(&self, k: usize, cur: &[Letters], budget: u64) -> Option<Vec<Letters>> {
        let c = &self.compiled[k];
        let s = c.nfa.supports(cur)?;
        match &c.program {
            None => Some(s),
            Some(p) => match p.supports(&s, budget) {
                Ok(r) => r,
                // Too many paths: keep the automaton's sound over-approximation.
                Err(_) => Some(s),
            },
        }
    }

    /// Propagates to a fixpoint from the clues in `queue`; false on a contradiction
    /// (without a clock: never out of time).
    fn propagate(
        &self,
        domains: &mut [Letters],
        queue: impl IntoIterator<Item = usize>,
        log: Option<&mut Vec<Deduction>>,
    ) -> bool {
        matches!(
            self.propagate_until(domains, queue, log, PROPAGATION_BUDGET, &Clock::none()),
            Ok(true)
        )
    }

    /// [`Solver::propagate`] with a budget per backreference revision, stopped when the
    /// clock runs out.
    fn propagate_until(
        &self,
        domains: &mut [Letters],
        queue: impl IntoIterator<Item = usize>,
        mut log: Option<&mut Vec<Deduction>>,
        budget: u64,
        clock: &Clock,
    ) -> Result<bool, OutOfTime> {
        let n = self.compiled.len();
        let mut queued = vec![false; n];
        let mut q = VecDeque::new();
        for k in queue {
            if !queued[k] {
                queued[k] = true;
                q.push_back(k);
            }
        }
        let grid = &self.puzzle.grid;
        while let Some(k) = q.pop_front() {
            if clock.out() {
                return Err(OutOfTime);
            }
            queued[k] = false;
            let cells = &grid.lines[self.puzzle.clues[k].line].cells;
            let cur: Vec<Letters> = cells.iter().map(|&c| domains[c]).collect();
            let Some(new) = self.revise_line(k, &cur, budget) else {
                return Ok(false);
            };
            for (i, &cell) in cells.iter().enumerate() {
                if new[i] == cur[i] {
                    continue;
                }
                if new[i].is_empty() {
                    return Ok(false);
                }
                domains[cell] = new[i];
                if let Some(log) = log.as_deref_mut() {
                    let (r, c) = grid.row_col(cell);
                    log.push(Deduction {
                        clue: self.puzzle.clues[k].name.clone(),
                        cell,
                        row: r + 1,
                        col: c + 1,
                        removed: cur[i] - new[i],
                        left: new[i],
                    });
                }
                for &other in &self.cell_clues[cell] {
                    if other != k && !queued[other] {
                        queued[other] = true;
                        q.push_back(other);
                    }
                }
            }
        }
        Ok(true)
    }

    /// Solves, counting solutions up to `options.limit`.
    ///
    /// # Errors
    /// [`SolveError`] when the node or time bound is reached or a check cannot be decided.
    pub fn solve(&self, options: SolveOptions) -> Result<Outcome, SolveError> {
        self.solve_with(options, &mut |_| {})
    }

    /// [`Solver::solve`], reporting progress every [`PROGRESS_EVERY`] of a long solve.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_with(
        &self,
        options: SolveOptions,
        progress: &mut dyn FnMut(&SolveProgress),
    ) -> Result<Outcome, SolveError> {
        let options = SolveOptions {
            limit: options.limit.clamp(1, MAX_LIMIT),
            ..options
        };
        let clock = Clock::start(options.max_time);
        let out_of_time = |nodes| SolveError::OutOfTime(clock.started.elapsed(), nodes);
        let mut domains = vec![self.puzzle.alphabet; self.puzzle.grid.cells()];
        let mut explanation = Vec::new();
        let ok = self
            .propagate_until(
                &mut domains,
                0..self.compiled.len(),
                options.explain.then_some(&mut explanation),
                PROPAGATION_BUDGET,
                &clock,
            )
            .map_err(|OutOfTime| out_of_time(0))?;
        let mut search = Search {
            solver: self,
            options,
            clock,
            progress,
            next_report: PROGRESS_EVERY,
            out: Outcome {
                solutions: Vec::new(),
                complete: false,
                nodes: 0,
                after_propagation: domains.clone(),
                explanation,
            },
        };
        let finished = if ok { search.go(domains)? } else { true };
        search.out.complete = finished;
        Ok(search.out)
    }

    /// Whether clue `k` matches its line of a filled grid.
    ///
    /// # Errors
    /// [`OutOfSteps`] when a backreference check cannot be decided.
    pub fn clue_matches(&self, k: usize, letters: &[u8]) -> Result<bool, OutOfSteps> {
        let text = self.puzzle.line_text(k, letters);
        let c = &self.compiled[k];
        match &c.program {
            None => Ok(c.nfa.accepts(&text)),
            Some(p) => p.is_match(&text, CHECK_BUDGET),
        }
    }

    /// The names of the clues a filled grid breaks.
    ///
    /// # Errors
    /// [`SolveError::Undecided`] when a backreference check cannot be decided.
    pub fn failing_clues(&self, letters: &[u8]) -> Result<Vec<usize>, SolveError> {
        let mut bad = Vec::new();
        for k in 0..self.compiled.len() {
            let ok = self
                .clue_matches(k, letters)
                .map_err(|e| SolveError::Undecided(self.puzzle.clues[k].name.clone(), e))?;
            if !ok {
                bad.push(k);
            }
        }
        Ok(bad)
    }

    /// How clue `k` stands when some cells are filled (`None`: blank).
    #[must_use]
    pub fn clue_status(&self, k: usize, cells: &[Option<u8>]) -> ClueStatus {
        let line = &self.puzzle.grid.lines[self.puzzle.clues[k].line].cells;
        let cur: Vec<Letters> = line
            .iter()
            .map(|&c| match cells.get(c).copied().flatten() {
                Some(l) => Letters::single(l),
                None => self.puzzle.alphabet,
            })
            .collect();
        let full = line
            .iter()
            .all(|&c| cells.get(c).copied().flatten().is_some());
        match self.revise_line(k, &cur, PROPAGATION_BUDGET) {
            None => ClueStatus::Broken,
            Some(_) if !full => ClueStatus::Open,
            Some(_) => {
                let letters: Vec<u8> = cells.iter().map(|c| c.unwrap_or(b'?')).collect();
                match self.clue_matches(k, &letters) {
                    Ok(true) => ClueStatus::Satisfied,
                    Ok(false) => ClueStatus::Broken,
                    Err(_) => ClueStatus::Open,
                }
            }
        }
    }

    /// The deductions propagation makes from a partly filled grid (blank cells start as
    /// the alphabet), in order; `None` when the filled letters already contradict a clue.
    #[must_use]
    pub fn deductions_from(&self, cells: &[Option<u8>]) -> Option<(Vec<Letters>, Vec<Deduction>)> {
        let mut domains: Vec<Letters> = cells
            .iter()
            .map(|c| c.map_or(self.puzzle.alphabet, Letters::single))
            .collect();
        let mut log = Vec::new();
        self.propagate(&mut domains, 0..self.compiled.len(), Some(&mut log))
            .then_some((domains, log))
    }
}

impl Search<'_, '_> {
    /// Searches below `domains` (already at a fixpoint); true when the subtree was
    /// finished, false when the solution limit stopped it.
    fn go(&mut self, domains: Vec<Letters>) -> Result<bool, SolveError> {
        self.out.nodes += 1;
        if self.out.nodes > self.options.max_nodes {
            return Err(SolveError::TooManyNodes(self.options.max_nodes));
        }
        let elapsed = self.clock.started.elapsed();
        if self.clock.out() {
            return Err(SolveError::OutOfTime(elapsed, self.out.nodes - 1));
        }
        if elapsed >= self.next_report {
            self.next_report = elapsed + PROGRESS_EVERY;
            (self.progress)(&SolveProgress {
                nodes: self.out.nodes,
                solutions: self.out.solutions.len(),
                elapsed,
            });
        }
        let s = self.solver;
        let pick = (0..domains.len())
            .filter(|&c| domains[c].len() > 1)
            .min_by_key(|&c| (domains[c].len(), std::cmp::Reverse(s.cell_clues[c].len())));
        let Some(cell) = pick else {
            let letters: Vec<u8> = domains.iter().map(|d| d.only().unwrap_or(b'?')).collect();
            // Propagation is exact for filled lines unless a backreference check ran out
            // of steps; settle every clue exactly before counting the grid.
            if s.failing_clues(&letters)?.is_empty() {
                self.out.solutions.push(letters);
            }
            return Ok(self.out.solutions.len() < self.options.limit);
        };
        for letter in domains[cell].iter() {
            let mut next = domains.clone();
            next[cell] = Letters::single(letter);
            let consistent = s
                .propagate_until(
                    &mut next,
                    s.cell_clues[cell].iter().copied(),
                    None,
                    SEARCH_BUDGET,
                    &self.clock,
                )
                .map_err(|OutOfTime| {
                    SolveError::OutOfTime(self.clock.started.elapsed(), self.out.nodes)
                })?;
            if consistent && !self.go(next)? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
