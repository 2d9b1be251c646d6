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

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::backtrack::{OutOfSteps, Program, Stopped, CHECK_BUDGET, PROPAGATION_BUDGET};
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
/// Steps the exact backreference matcher may take per clue at a search node: as many as
/// in the first propagation. A run that gives up is not tried again below that node until
/// its line has a quarter fewer open cells, so a clue too rich to decide costs a node
/// little; the automaton's sound over-approximation stands meanwhile, and every grid is
/// checked exactly before it counts. (A tenth of this made nodes cheaper but blind: the
/// 1×40 line of four groups and their backreferences then never found its solutions.)
pub const SEARCH_BUDGET: u64 = PROPAGATION_BUDGET;
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

/// How far to go. With the `clap` feature, these are `ludomat regex solve`'s options.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct SolveOptions {
    /// Record the deductions of the first propagation.
    #[cfg_attr(
        feature = "clap",
        arg(
            long,
            help = "Show the deductions of the first propagation, in order: which clue ruled \
                    out which letters in which cell"
        )
    )]
    pub explain: bool,
    /// Stop after this many solutions (2 tells unique from not).
    #[cfg_attr(
        feature = "clap",
        arg(
            long,
            default_value_t = 2,
            value_parser = ludomat_game::count::count::<usize>(1, MAX_LIMIT as u64),
            help = "Count solutions up to this many (2 tells a unique solution from several; \
                    1 to 10,000)"
        )
    )]
    pub limit: usize,
    /// Give up after this many search nodes.
    #[cfg_attr(
        feature = "clap",
        arg(long, default_value_t = DEFAULT_MAX_NODES, value_parser = ludomat_game::count::count::<u64>(1, u64::MAX), help = "Give up after this many search nodes")
    )]
    pub max_nodes: u64,
    /// Give up after this long (`None`: no bound on time).
    #[cfg_attr(
        feature = "clap",
        arg(
            long = "max-seconds",
            value_name = "MAX_SECONDS",
            default_value = DEFAULT_MAX_SECONDS,
            value_parser = clap::builder::TypedValueParser::map(
                ludomat_game::count::decimal(0.1, 86_400.0),
                Duration::from_secs_f64,
            ),
            help = "Give up after this many seconds (0.1 to 86,400; a node of a \
                    backreference-heavy clue can cost milliseconds). A solve longer than a \
                    second reports its progress on standard error"
        )
    )]
    pub max_time: Option<Duration>,
}

/// [`DEFAULT_MAX_TIME`] in seconds, as typed.
pub const DEFAULT_MAX_SECONDS: &str = "60";

/// A time bound typed in seconds, 0.1 to 86,400.
///
/// # Errors
/// Not a number, or out of that range.
pub fn parse_seconds(s: &str) -> Result<Duration, String> {
    // the one reader of decimals, in its words ('x' is not a number from 0.1 to 86,400)
    ludomat_game::count::decimal(0.1, 86_400.0)
        .read(s)
        .map(Duration::from_secs_f64)
        .map_err(|e| format!("{e} seconds"))
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
    /// The most memory the search held at once, in bytes (the grid, the levels and
    /// their undo records, as [`search_bytes`] counts them): never above
    /// [`search_bytes`] of the puzzle.
    pub peak_bytes: u64,
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
    #[error("gave up after {} (raise --max-nodes)", ludomat_io::text::count(*.0, "search node", "search nodes"))]
    TooManyNodes(u64),
    /// The time bound was reached (after this many search nodes).
    #[error("gave up after {} and {} (raise --max-seconds)", ludomat_io::text::duration(*.0), ludomat_io::text::count(*.1, "search node", "search nodes"))]
    OutOfTime(Duration, u64),
    /// A filled line's backreference check ran out of steps.
    #[error("clue {0}: {1}")]
    Undecided(String, OutOfSteps),
    /// The stop flag of [`Solver::solve_until`] was raised (Ctrl-C), after `nodes`
    /// search nodes, with the solutions found by then.
    #[error("stopped after {} with {}", ludomat_io::text::count(*nodes, "search node", "search nodes"), ludomat_io::text::count(solutions.len() as u64, "solution", "solutions"))]
    Stopped {
        /// Search nodes visited.
        nodes: u64,
        /// The solutions found before the stop (letters in cell order).
        solutions: Vec<Vec<u8>>,
    },
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
    /// Clue `k` is compiled as `compiled[distinct[k]]`: a clue printed on many lines (a
    /// hostile file repeats one long clue on every line) is compiled once and held once.
    distinct: Vec<usize>,
    /// Each distinct clue, compiled when first needed: a solve compiles inside its time
    /// bound ([`Solver::solve_with`]), so everything after reading the puzzle is bounded.
    compiled: Vec<OnceLock<Compiled>>,
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

/// When a solve started and when it must stop: at its deadline, or when its stop flag
/// (Ctrl-C) is raised.
#[derive(Debug, Clone, Copy)]
struct Clock {
    started: Instant,
    deadline: Option<Instant>,
    stop: Option<&'static AtomicBool>,
}

impl Clock {
    fn start(max_time: Option<Duration>, stop: Option<&'static AtomicBool>) -> Clock {
        let started = Instant::now();
        Clock {
            started,
            deadline: max_time.and_then(|d| started.checked_add(d)),
            stop,
        }
    }

    fn none() -> Clock {
        Clock {
            started: Instant::now(),
            deadline: None,
            stop: None,
        }
    }

    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    fn out(&self) -> bool {
        self.stopped() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Why a solve that ran out of this clock ended, after `nodes` nodes with `found`.
    fn ended(&self, nodes: u64, found: &[Vec<u8>]) -> SolveError {
        if self.stopped() {
            SolveError::Stopped {
                nodes,
                solutions: found.to_vec(),
            }
        } else {
            SolveError::OutOfTime(self.started.elapsed(), nodes)
        }
    }
}

/// Propagation stopped by the clock.
struct OutOfTime;

/// Checking a filled grid stopped by the clock.
enum Checking {
    OutOfTime,
}

/// A line's letters after one clue's revision.
struct Revision {
    /// The letters each cell keeps (`None`: no line matches).
    left: Option<Vec<Letters>>,
    /// The exact matcher ran out of steps: the automaton's sound over-approximation
    /// stands.
    gave_up: bool,
}

/// Open cells (more than one letter) in a line.
fn open_cells(line: &[Letters]) -> usize {
    line.iter().filter(|d| d.len() > 1).count()
}

/// After the exact matcher of a clue ran out of steps on a line with `open` open cells,
/// the search below tries it again only once the line has at most this many: a run on
/// narrower sets never takes more steps than on wider ones (it explores a part of the
/// same tree), so most retries on a line a letter or two narrower would run out again.
fn retry_below(open: usize) -> usize {
    open * 3 / 4
}

impl<'p> Solver<'p> {
    /// A solver for `puzzle`. Cheap: each clue is compiled when first needed (a solve
    /// compiles them all first, inside its time bound).
    #[must_use]
    pub fn new(puzzle: &'p Puzzle) -> Solver<'p> {
        let mut by_source: HashMap<&str, usize> = HashMap::new();
        let distinct = (puzzle.clues.iter())
            .map(|c| {
                let next = by_source.len();
                *by_source.entry(c.clue.source.as_str()).or_insert(next)
            })
            .collect();
        Solver {
            puzzle,
            distinct,
            compiled: (0..by_source.len()).map(|_| OnceLock::new()).collect(),
            cell_clues: puzzle.clues_of_cells(),
        }
    }

    /// Clue `k` compiled (now, if it is the first time).
    fn compiled(&self, k: usize) -> &Compiled {
        self.compiled[self.distinct[k]].get_or_init(|| {
            let (clue, alphabet) = (&self.puzzle.clues[k].clue, self.puzzle.alphabet);
            Compiled {
                nfa: Nfa::new(clue, alphabet),
                program: clue.has_backrefs.then(|| Program::new(clue, alphabet)),
            }
        })
    }

    /// Compiles every clue not compiled yet, stopping at the clock's deadline.
    fn compile_all(&self, clock: &Clock) -> Result<(), OutOfTime> {
        for k in 0..self.distinct.len() {
            if clock.out() {
                return Err(OutOfTime);
            }
            self.compiled(k);
        }
        Ok(())
    }

    /// The puzzle.
    #[must_use]
    pub fn puzzle(&self) -> &'p Puzzle {
        self.puzzle
    }

    /// The letters clue `k` leaves in its line's cells; the exact matcher of a
    /// backreference clue takes at most `budget` steps (0: it is not run) and stops at the
    /// clock's deadline.
    fn revise_line(
        &self,
        k: usize,
        cur: &[Letters],
        budget: u64,
        clock: &Clock,
    ) -> Result<Revision, OutOfTime> {
        let c = self.compiled(k);
        let Some(s) = c.nfa.supports(cur) else {
            return Ok(Revision {
                left: None,
                gave_up: false,
            });
        };
        let (left, gave_up) = match &c.program {
            Some(p) if budget > 0 => match p.supports_until(&s, budget, clock.deadline) {
                Ok(r) => (r, false),
                // Too many paths: keep the automaton's sound over-approximation.
                Err(Stopped::Steps(_)) => (Some(s), true),
                Err(Stopped::Time) => return Err(OutOfTime),
            },
            _ => (Some(s), false),
        };
        Ok(Revision { left, gave_up })
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
            self.propagate_until(
                domains,
                queue,
                log,
                PROPAGATION_BUDGET,
                None,
                &Clock::none()
            ),
            Ok(true)
        )
    }

    /// [`Solver::propagate`] with a budget per backreference revision, stopped when the
    /// clock runs out. With `retry` (one entry per clue, see [`retry_below`]), the exact
    /// matcher of clue `k` runs only on a line with at most `retry[k]` open cells, and
    /// running out of steps lowers `retry[k]`.
    fn propagate_until(
        &self,
        domains: &mut [Letters],
        queue: impl IntoIterator<Item = usize>,
        mut log: Option<&mut Vec<Deduction>>,
        budget: u64,
        mut retry: Option<&mut [usize]>,
        clock: &Clock,
    ) -> Result<bool, OutOfTime> {
        let n = self.distinct.len();
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
            let open = open_cells(&cur);
            let exact = retry.as_deref().is_none_or(|r| open <= r[k]);
            let revision = self.revise_line(k, &cur, if exact { budget } else { 0 }, clock)?;
            if revision.gave_up {
                if let Some(r) = retry.as_deref_mut() {
                    r[k] = retry_below(open);
                }
            }
            let Some(new) = revision.left else {
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
        self.solve_stopping(options, progress, None)
    }

    /// [`Solver::solve_with`], stopped at its next check of the clock once `stop` is
    /// raised (by Ctrl-C: `ludomat_io::interrupt::requested`).
    ///
    /// # Errors
    /// As [`Solver::solve`], and [`SolveError::Stopped`] (with the solutions found by
    /// then) after the stop.
    pub fn solve_until(
        &self,
        options: SolveOptions,
        progress: &mut dyn FnMut(&SolveProgress),
        stop: &'static AtomicBool,
    ) -> Result<Outcome, SolveError> {
        self.solve_stopping(options, progress, Some(stop))
    }

    fn solve_stopping(
        &self,
        options: SolveOptions,
        progress: &mut dyn FnMut(&SolveProgress),
        stop: Option<&'static AtomicBool>,
    ) -> Result<Outcome, SolveError> {
        let options = SolveOptions {
            limit: options.limit.clamp(1, MAX_LIMIT),
            ..options
        };
        let clock = Clock::start(options.max_time, stop);
        let out_of_time = |nodes| clock.ended(nodes, &[]);
        self.compile_all(&clock)
            .map_err(|OutOfTime| out_of_time(0))?;
        let mut domains = vec![self.puzzle.alphabet; self.puzzle.grid.cells()];
        let mut retry = vec![usize::MAX; self.distinct.len()];
        let mut explanation = Vec::new();
        let ok = self
            .propagate_until(
                &mut domains,
                0..self.distinct.len(),
                options.explain.then_some(&mut explanation),
                PROPAGATION_BUDGET,
                Some(&mut retry),
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
                peak_bytes: 0,
            },
        };
        let finished = if ok { search.go(domains, retry)? } else { true };
        search.out.complete = finished;
        Ok(search.out)
    }

    /// Whether clue `k` matches its line of a filled grid.
    ///
    /// # Errors
    /// [`OutOfSteps`] when a backreference check cannot be decided.
    pub fn clue_matches(&self, k: usize, letters: &[u8]) -> Result<bool, OutOfSteps> {
        let text = self.puzzle.line_text(k, letters);
        let c = self.compiled(k);
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
        self.failing_clues_until(letters, &Clock::none())
            .map_err(|Checking::OutOfTime| SolveError::OutOfTime(Duration::ZERO, 0))?
    }

    /// [`Solver::failing_clues`], stopped at the clock's deadline.
    fn failing_clues_until(
        &self,
        letters: &[u8],
        clock: &Clock,
    ) -> Result<Result<Vec<usize>, SolveError>, Checking> {
        let mut bad = Vec::new();
        for k in 0..self.distinct.len() {
            if clock.out() {
                return Err(Checking::OutOfTime);
            }
            let text = self.puzzle.line_text(k, letters);
            let c = self.compiled(k);
            let ok = match &c.program {
                None => c.nfa.accepts(&text),
                Some(p) => match p.is_match_until(&text, CHECK_BUDGET, clock.deadline) {
                    Ok(ok) => ok,
                    Err(Stopped::Time) => return Err(Checking::OutOfTime),
                    Err(Stopped::Steps(e)) => {
                        return Ok(Err(SolveError::Undecided(
                            self.puzzle.clues[k].name.clone(),
                            e,
                        )))
                    }
                },
            };
            if !ok {
                bad.push(k);
            }
        }
        Ok(Ok(bad))
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
        let left = self
            .revise_line(k, &cur, PROPAGATION_BUDGET, &Clock::none())
            .map_or(Some(Vec::new()), |r| r.left);
        match left {
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
        self.propagate(&mut domains, 0..self.distinct.len(), Some(&mut log))
            .then_some((domains, log))
    }
}

/// One level of the search: the cell guessed there, the letters still to try, the
/// retry marks the level started from, and how to undo the letters its current child
/// narrowed (cell, letters before).
struct Level {
    cell: usize,
    rest: Letters,
    retry: Vec<usize>,
    undo: Vec<(usize, Letters)>,
}

impl Search<'_, '_> {
    /// Counts a node and checks the bounds on nodes and time.
    fn enter(&mut self) -> Result<(), SolveError> {
        self.out.nodes += 1;
        if self.out.nodes > self.options.max_nodes {
            return Err(SolveError::TooManyNodes(self.options.max_nodes));
        }
        let elapsed = self.clock.started.elapsed();
        if self.clock.out() {
            return Err(self.clock.ended(self.out.nodes - 1, &self.out.solutions));
        }
        if elapsed >= self.next_report {
            self.next_report = elapsed + PROGRESS_EVERY;
            (self.progress)(&SolveProgress {
                nodes: self.out.nodes,
                solutions: self.out.solutions.len(),
                elapsed,
            });
        }
        Ok(())
    }

    /// Searches below `domains` (already at a fixpoint); true when the tree was
    /// finished, false when the solution limit stopped it.
    ///
    /// Depth-first without recursion, on one grid of letter sets: each level keeps only
    /// the cells its guess narrowed (to undo them), never a copy of the grid. A copy per
    /// level held the grid once for every cell guessed on the way down (a 64×64 grid,
    /// 3,845 nodes deep: 250 MB a search), and a frame per level overflowed a thread's
    /// stack. Now a search holds the grid twice, the undo records (each narrows a cell,
    /// so at most the alphabet's size per cell along a path) and a level's retry marks
    /// per level: [`search_bytes`].
    fn go(&mut self, mut domains: Vec<Letters>, retry: Vec<usize>) -> Result<bool, SolveError> {
        let s = self.solver;
        let mut levels: Vec<Level> = Vec::new();
        let mut entering = Some(retry);
        let set = std::mem::size_of::<Letters>() as u64;
        let record = std::mem::size_of::<(usize, Letters)>() as u64;
        let level_bytes =
            |l: &Level| std::mem::size_of::<Level>() as u64 + l.retry.len() as u64 * 8;
        // The grid and the undo records of every level (the levels' own bytes are
        // counted as they are pushed and popped).
        let mut held = 2 * domains.len() as u64 * set;
        loop {
            self.out.peak_bytes = self.out.peak_bytes.max(held);
            if let Some(retry) = entering.take() {
                self.enter()?;
                let pick = (0..domains.len())
                    .filter(|&c| domains[c].len() > 1)
                    .min_by_key(|&c| (domains[c].len(), std::cmp::Reverse(s.cell_clues[c].len())));
                match pick {
                    None => {
                        let letters: Vec<u8> =
                            domains.iter().map(|d| d.only().unwrap_or(b'?')).collect();
                        // Propagation is exact for filled lines unless a backreference
                        // check ran out of steps; settle every clue exactly before
                        // counting the grid.
                        let failing = s.failing_clues_until(&letters, &self.clock).map_err(
                            |Checking::OutOfTime| {
                                self.clock.ended(self.out.nodes, &self.out.solutions)
                            },
                        )??;
                        if failing.is_empty() {
                            self.out.solutions.push(letters);
                        }
                        if self.out.solutions.len() >= self.options.limit {
                            return Ok(false);
                        }
                    }
                    Some(cell) => {
                        let level = Level {
                            cell,
                            rest: domains[cell],
                            retry,
                            undo: Vec::new(),
                        };
                        held += level_bytes(&level);
                        levels.push(level);
                    }
                }
            }
            let Some(level) = levels.last_mut() else {
                return Ok(true);
            };
            held -= level.undo.len() as u64 * record;
            while let Some((c, before)) = level.undo.pop() {
                domains[c] = before;
            }
            let Some(letter) = level.rest.iter().next() else {
                held -= level_bytes(level);
                levels.pop();
                continue;
            };
            level.rest = level.rest.without(letter);
            let mut next = domains.clone();
            let mut next_retry = level.retry.clone();
            next[level.cell] = Letters::single(letter);
            let consistent = s
                .propagate_until(
                    &mut next,
                    s.cell_clues[level.cell].iter().copied(),
                    None,
                    SEARCH_BUDGET,
                    Some(&mut next_retry),
                    &self.clock,
                )
                .map_err(|OutOfTime| self.clock.ended(self.out.nodes, &self.out.solutions))?;
            if consistent {
                for (c, (now, before)) in next.iter().zip(domains.iter_mut()).enumerate() {
                    if now != before {
                        level.undo.push((c, *before));
                        *before = *now;
                    }
                }
                held += level.undo.len() as u64 * record;
                entering = Some(next_retry);
            }
        }
    }
}

/// The most memory a search of `puzzle` holds at once, in bytes, besides the compiled
/// clues: the grid twice, at most one undo record per letter per cell, and one level's
/// retry marks per cell guessed (each level guesses one more cell).
#[must_use]
pub fn search_bytes(puzzle: &Puzzle) -> u64 {
    let cells = puzzle.grid.cells() as u64;
    let letters = u64::from(puzzle.alphabet.len());
    let set = std::mem::size_of::<Letters>() as u64;
    let record = std::mem::size_of::<(usize, Letters)>() as u64;
    let level = std::mem::size_of::<Level>() as u64;
    let distinct = puzzle.clues.len() as u64;
    2 * cells * set + cells * letters * record + cells * (level + distinct * 8)
}

#[cfg(test)]
mod option_tests {
    use super::*;

    #[test]
    fn the_default_time_bound_reads_as_typed() {
        assert_eq!(parse_seconds(DEFAULT_MAX_SECONDS), Ok(DEFAULT_MAX_TIME));
        assert!(parse_seconds("0.01").is_err() && parse_seconds("x").is_err());
    }
}
