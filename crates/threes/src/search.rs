//! Expectimax: max over the four swipes, chance over where the card enters and which card
//! is drawn next.
//!
//! A max node knows what the player knows: the board, the deck (a player can count cards)
//! and the hint for the card the next swipe brings in. Its chance node averages over the
//! hinted values (uniformly: one value for 1, 2, 3; every bonus value for "+"), over the
//! moved lines (uniformly: the new card's row or column), and over the card drawn next,
//! which becomes the child's hint: a 1, 2 or 3 with the deck's odds, or — once the child's
//! board holds a 48 — a bonus card with probability 1/21, shown as "+".
//!
//! * Depth: fixed, or dynamic from the distinct cards on the board (the seed's
//!   `dynamic_depth` idea, with the anchor's formula), or deepened until a time budget is
//!   spent.
//! * Pruning: a child whose probability of being reached (the product of the chance
//!   probabilities on its path) is below [`SearchConfig::min_probability`] is scored by the
//!   heuristic instead of searched.
//! * Transpositions: a table per job keyed by board, deck and hint; an entry searched at
//!   least as deep answers.
//! * Jobs: the max nodes [`SearchConfig::job_levels`] levels above the leaves are
//!   self-contained [`Job`]s (board, deck, hint, depth, probability; serde), searched with
//!   a fresh transposition table each, so a job's score depends on the job only. The
//!   search above them is walked twice: once to list the jobs ([`Searcher::plan`]), once to
//!   combine their scores ([`Searcher::combine`]). In between the jobs run in parallel on
//!   rayon — or on other machines (the seed's master/worker cluster).

use std::collections::HashMap;
use std::convert::Infallible;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::card::{bonus_codes, range_mask, Hint, BONUS_ODDS};
use crate::game::Position;
use crate::ntuple::{Afterstate, LeafCache, Network};
use crate::{Board, Deck, Direction, Heuristic, Swiped, Tile};

/// Runs a batch of jobs and returns their results in the same order (see
/// [`Searcher::search_with`]).
pub type JobRunner<'a, E> = dyn FnMut(&[Job]) -> Result<Vec<JobResult>, E> + 'a;

/// How deep to look (in swipes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum DepthRule {
    /// Always this many swipes.
    Fixed(u8),
    /// From the board, the anchor's rule (spec, "Anchors": nneonneo/threes-ai): the number
    /// of distinct cards ≥ 3 minus 2, at least `min` (the anchor: 3), at most `max`.
    /// Together with the probability pruning this looks deeper exactly where few lines
    /// move.
    Dynamic {
        /// The floor (3 in the anchor's rule; older settings files have none).
        #[serde(default = "anchor_floor")]
        min: u8,
        /// The cap.
        max: u8,
    },
    /// Deepen one swipe at a time from 1 while the next depth is expected to fit the
    /// budget (milliseconds per move), at most `max`.
    Time {
        /// The budget per move in milliseconds.
        millis: u64,
        /// The cap.
        max: u8,
    },
    /// Deepen one swipe at a time while the next depth is expected to fit this much CPU
    /// time of the searching thread per move, on average over the game (see
    /// [`crate::deepening`]), at most `max`.
    Cpu {
        /// The mean budget per move in microseconds of CPU time.
        micros: u64,
        /// The cap.
        max: u8,
    },
    /// Deepen while the next depth is expected to fit this many search nodes per move on
    /// average (deterministic: the same seed plays the same game), at most `max`.
    Nodes {
        /// The mean budget per move in nodes.
        nodes: u64,
        /// The cap.
        max: u8,
    },
}

/// The deepest search any rule may ask for, in swipes. Each swipe multiplies the work by
/// about 4 × 4 × 3 (directions, card places, cards): depth 8 already takes seconds per
/// move, 10 minutes.
pub const MAX_DEPTH: u8 = 10;

impl DepthRule {
    /// The depth the fixed or dynamic rule gives for `board` (the time rule's cap), never
    /// more than [`MAX_DEPTH`].
    #[must_use]
    pub fn depth_for(self, board: Board) -> u8 {
        let d = match self {
            DepthRule::Fixed(d) => d.max(1),
            DepthRule::Dynamic { min, max } => dynamic_depth(board).max(min).min(max.max(1)),
            DepthRule::Time { max, .. }
            | DepthRule::Cpu { max, .. }
            | DepthRule::Nodes { max, .. } => max.max(1),
        };
        d.min(MAX_DEPTH)
    }
}

/// The search rule in words: "depth 3", "dynamic depth (max 6)", "5 ms CPU per move …".
#[must_use]
pub fn rule(rule: DepthRule) -> String {
    match rule {
        DepthRule::Fixed(d) => format!("depth {d}"),
        DepthRule::Dynamic { min: 3, max } => format!("dynamic depth (max {max})"),
        DepthRule::Dynamic { min, max } => format!("dynamic depth (min {min}, max {max})"),
        DepthRule::Time { millis, max } => format!("{millis} ms per move (max depth {max})"),
        DepthRule::Cpu { micros, max } => format!(
            "{} ms CPU per move (max depth {max})",
            micros as f64 / 1000.0
        ),
        DepthRule::Nodes { nodes, max } => format!(
            "{} nodes per move (max depth {max})",
            ludomat_io::text::thousands(nodes)
        ),
    }
}

/// The floor of the anchor's dynamic depth rule.
fn anchor_floor() -> u8 {
    3
}

/// The dynamic depth for a board (see [`DepthRule::Dynamic`]).
#[must_use]
pub fn dynamic_depth(board: Board) -> u8 {
    let mut seen = 0u16;
    for t in board.cells() {
        if t.code() >= 3 {
            seen |= 1 << t.code();
        }
    }
    let distinct = seen.count_ones() as u8;
    distinct.saturating_sub(2).max(3)
}

/// The search settings.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SearchConfig {
    /// How deep.
    pub depth: DepthRule,
    /// Children less likely than this are scored by the heuristic, not searched.
    pub min_probability: f64,
    /// Jobs are the max nodes this many swipes above the leaves (capped at depth − 1, so
    /// the root's moves are always compared here).
    pub job_levels: u8,
    /// Use a transposition table inside each job.
    pub transpositions: bool,
    /// Run the jobs on rayon's thread pool.
    pub parallel: bool,
    /// With a budget per move: how much more a move may spend for each step of the
    /// dynamic depth (distinct cards ≥ 3 − 2) above the game's average so far (1: every
    /// move alike). The mean over the game stays the budget (see [`crate::deepening`]).
    #[serde(default = "default_spread")]
    pub spread: f64,
}

/// The spread of the budget rules' CPU over the game (see [`SearchConfig::spread`]).
pub const DEFAULT_SPREAD: f64 = 2.0;

fn default_spread() -> f64 {
    DEFAULT_SPREAD
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            depth: DepthRule::Dynamic { min: 3, max: 6 },
            min_probability: 1e-4,
            job_levels: 8,
            transpositions: true,
            parallel: true,
            spread: DEFAULT_SPREAD,
        }
    }
}

/// A subtree to search: the position at a max node, how deep to look below it, and the
/// probability of reaching it (for pruning). Self-contained and serialisable: the seed's
/// master sends exactly this kind of message to a worker.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Job {
    /// The board (nibbles).
    pub board: Board,
    /// The deck.
    pub deck: Deck,
    /// The hint for the card the next swipe brings in.
    pub hint: Hint,
    /// Swipes left to look ahead (0: evaluate the board).
    pub depth: u8,
    /// The probability of reaching this node from the root.
    pub probability: f64,
}

/// A job's answer.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JobResult {
    /// The expectimax value of the job's node.
    pub score: f64,
    /// Nodes searched.
    pub nodes: u64,
}

/// The outcome of a search.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult {
    /// The best swipe; `None` when no swipe is legal.
    pub best: Option<Direction>,
    /// The expected value of each swipe (`None`: illegal), in [`Direction::ALL`] order.
    pub values: [Option<f64>; 4],
    /// The depth searched.
    pub depth: u8,
    /// Nodes searched (jobs and the part above them).
    pub nodes: u64,
    /// Jobs run.
    pub jobs: usize,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl SearchResult {
    /// The value of the best swipe.
    #[must_use]
    pub fn best_value(&self) -> Option<f64> {
        self.best.and_then(|d| self.values[d.index()])
    }
}

/// Job scores that do not fit the plan.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the plan has {expected} jobs but {got} scores were given")]
pub struct CombineError {
    /// Jobs in the plan.
    pub expected: usize,
    /// Scores given.
    pub got: usize,
}

#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(23) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }
}

type Table = HashMap<(u64, u32), (u8, f32), BuildHasherDefault<KeyHasher>>;

struct Ctx {
    table: Table,
    nodes: u64,
    leaves: LeafCache,
}

/// Slots of a job's [`LeafCache`] (a job is small; 16 KiB).
const JOB_LEAF_SLOTS: usize = 1 << 10;

/// The next-card outcomes after a card lands: (hint for the child, probability, deck).
pub(crate) fn draws(board: Board, deck: Deck) -> ([(Hint, f64, Deck); 4], usize) {
    let mut out = [(Hint::exact(Tile::EMPTY), 0.0, deck); 4];
    let mut n = 0;
    let bonus = bonus_codes(board);
    let pb = if bonus.is_empty() {
        0.0
    } else {
        1.0 / f64::from(BONUS_ODDS)
    };
    for (card, q) in deck.odds() {
        out[n] = (Hint::exact(card), (1.0 - pb) * q, deck.after_drawing(card));
        n += 1;
    }
    if pb > 0.0 {
        out[n] = (
            Hint {
                codes: range_mask(*bonus.start(), *bonus.end()),
                plus: true,
            },
            pb,
            deck,
        );
        n += 1;
    }
    (out, n)
}

/// The expectimax searcher: its evaluation (the heuristic, or a learned network) and the
/// settings.
#[derive(Debug, Clone)]
pub struct Searcher {
    heuristic: Heuristic,
    /// With a network, leaves are valued by it: a chance node at the horizon is its
    /// afterstate's expected final score ([`Network::afterstate_value`]), a position is
    /// its best swipe's, and a dead board is its score.
    network: Option<Arc<Network>>,
    config: SearchConfig,
}

impl Searcher {
    /// A searcher.
    #[must_use]
    pub fn new(heuristic: Heuristic, config: SearchConfig) -> Searcher {
        Searcher {
            heuristic,
            network: None,
            config,
        }
    }

    /// A searcher whose leaves are valued by a learned network (see [`crate::ntuple`]).
    #[must_use]
    pub fn learned(network: Arc<Network>, config: SearchConfig) -> Searcher {
        Searcher {
            heuristic: Heuristic::default(),
            network: Some(network),
            config,
        }
    }

    /// The same searcher with its leaves valued by `network` (`None`: by the heuristic).
    #[must_use]
    pub fn with_network(mut self, network: Option<Arc<Network>>) -> Searcher {
        self.network = network;
        self
    }

    /// The learned network, if the leaves are valued by one.
    #[must_use]
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.network.as_ref()
    }

    /// The value of a chance node at the horizon (or pruned) by the network: `None` with
    /// the heuristic, which values each card in each line instead.
    #[inline]
    pub(crate) fn afterstate_leaf(
        &self,
        s: Swiped,
        dir: Direction,
        hint: Hint,
        deck: Deck,
    ) -> Option<f64> {
        self.network
            .as_ref()
            .map(|n| n.afterstate_value(Afterstate::of(s, dir), hint, deck))
    }

    /// The value of a position at a leaf (`hint`: the next card's, `deck`: after it).
    #[inline]
    pub(crate) fn position_leaf(&self, board: Board, hint: Hint, deck: Deck) -> f64 {
        match &self.network {
            Some(n) => n.state_value(board, hint, deck),
            None => self.heuristic.evaluate(board),
        }
    }

    /// [`Searcher::afterstate_leaf`] through a search's [`LeafCache`] (the same value).
    #[inline]
    pub(crate) fn afterstate_leaf_cached(
        &self,
        cache: &mut LeafCache,
        s: Swiped,
        dir: Direction,
        hint: Hint,
        deck: Deck,
    ) -> Option<f64> {
        let n = self.network.as_ref()?;
        let mut v = [0.0];
        n.afterstate_values(cache, &[Afterstate::of(s, dir)], hint, deck, &mut v);
        Some(v[0])
    }

    /// [`Searcher::position_leaf`] through a search's [`LeafCache`] (the same value).
    #[inline]
    pub(crate) fn position_leaf_cached(
        &self,
        cache: &mut LeafCache,
        board: Board,
        hint: Hint,
        deck: Deck,
    ) -> f64 {
        match &self.network {
            Some(n) => n.state_value_cached(cache, board, hint, deck),
            None => self.heuristic.evaluate(board),
        }
    }

    /// With a network, the values of the swipes of a max node one swipe above the horizon
    /// (each its afterstate's value, as [`Searcher::afterstate_leaf`] gives it), valued
    /// together ([`Network::afterstate_values`]); how many swipes are legal. `None` with
    /// the heuristic.
    #[inline]
    pub(crate) fn horizon_leaves(
        &self,
        cache: &mut LeafCache,
        board: Board,
        hint: Hint,
        deck: Deck,
        values: &mut [f64; 4],
    ) -> Option<usize> {
        let n = self.network.as_ref()?;
        let mut after = [Afterstate {
            board,
            swipe: Direction::Up,
            moved: 0,
        }; 4];
        let mut k = 0;
        for d in Direction::ALL {
            if let Some(s) = board.swipe(d) {
                after[k] = Afterstate::of(s, d);
                k += 1;
            }
        }
        n.afterstate_values(cache, &after[..k], hint, deck, &mut values[..k]);
        Some(k)
    }

    /// Where a max node's maximum starts: 0 with the heuristic (a dead board is worth 0);
    /// below every value with a network (a dead board is then worth its score, see
    /// [`Searcher::dead_value`]).
    #[inline]
    pub(crate) fn max_floor(&self) -> f64 {
        if self.network.is_some() {
            f64::NEG_INFINITY
        } else {
            0.0
        }
    }

    /// A max node's value: `best`, or when no swipe was possible the dead board's value.
    #[inline]
    pub(crate) fn dead_value(&self, best: f64, board: Board) -> f64 {
        if best == f64::NEG_INFINITY {
            crate::ntuple::score(board)
        } else {
            best
        }
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> SearchConfig {
        self.config
    }

    /// The heuristic.
    #[must_use]
    pub fn heuristic(&self) -> &Heuristic {
        &self.heuristic
    }

    // `Searcher::search` and `Searcher::search_with`, which choose by the depth rule
    // (budgets and time limits deepen), are in deepening.rs.

    /// Search `pos` to `depth` swipes: plan the jobs, run them (in parallel if configured),
    /// combine.
    #[must_use]
    pub fn search_depth(&self, pos: &Position, depth: u8) -> SearchResult {
        match self.search_depth_with(pos, depth, &mut |jobs| {
            Ok::<_, Infallible>(self.run_jobs(jobs))
        }) {
            Ok(r) => r,
            Err(never) => match never {},
        }
    }

    /// Search `pos` to `depth` swipes with the jobs run by `run` (see
    /// [`Searcher::search_with`]).
    ///
    /// # Errors
    /// What `run` returns.
    pub fn search_depth_with<E>(
        &self,
        pos: &Position,
        depth: u8,
        run: &mut JobRunner<'_, E>,
    ) -> Result<SearchResult, E> {
        let start = Instant::now();
        let depth = depth.clamp(1, MAX_DEPTH);
        let (jobs, top_nodes) = self.plan(pos, depth);
        let results = run(&jobs)?;
        let scores: Vec<f64> = results.iter().map(|r| r.score).collect();
        let values = self.combine(pos, depth, &scores).unwrap_or([None; 4]);
        let nodes = top_nodes + results.iter().map(|r| r.nodes).sum::<u64>();
        let best = best_of(&values);
        tracing::debug!(depth, jobs = jobs.len(), nodes, ?best, ?values, "searched");
        Ok(SearchResult {
            best,
            values,
            depth,
            nodes,
            jobs: jobs.len(),
            elapsed: start.elapsed(),
        })
    }

    /// Run `jobs` on this machine (on rayon's pool if the settings say parallel), results in
    /// the jobs' order.
    #[must_use]
    pub fn run_jobs(&self, jobs: &[Job]) -> Vec<JobResult> {
        if self.config.parallel {
            jobs.par_iter().map(|j| self.run_job(j)).collect()
        } else {
            jobs.iter().map(|j| self.run_job(j)).collect()
        }
    }

    /// The jobs of a search of `pos` to `depth`, in the order [`Searcher::combine`] takes
    /// their scores, and the nodes visited above them.
    #[must_use]
    pub fn plan(&self, pos: &Position, depth: u8) -> (Vec<Job>, u64) {
        let mut jobs = Vec::new();
        let mut nodes = 0;
        self.walk_root(pos, depth.max(1), &mut nodes, &mut |job| {
            jobs.push(job);
            0.0
        });
        (jobs, nodes)
    }

    /// The value of each swipe from the jobs' scores, given in plan order.
    ///
    /// # Errors
    /// When the number of scores differs from the number of jobs in the plan.
    pub fn combine(
        &self,
        pos: &Position,
        depth: u8,
        scores: &[f64],
    ) -> Result<[Option<f64>; 4], CombineError> {
        let mut used = 0;
        let mut nodes = 0;
        let values = self.walk_root(pos, depth.max(1), &mut nodes, &mut |_| {
            let s = scores.get(used).copied().unwrap_or(0.0);
            used += 1;
            s
        });
        if used != scores.len() {
            return Err(CombineError {
                expected: used,
                got: scores.len(),
            });
        }
        Ok(values)
    }

    /// Search one job with a fresh transposition table.
    #[must_use]
    pub fn run_job(&self, job: &Job) -> JobResult {
        let mut ctx = Ctx {
            table: Table::default(),
            nodes: 0,
            leaves: LeafCache::new(JOB_LEAF_SLOTS),
        };
        let score = self.max_node(
            &mut ctx,
            job.board,
            job.deck,
            job.hint,
            job.depth,
            job.probability,
        );
        JobResult {
            score,
            nodes: ctx.nodes,
        }
    }

    /// The same search without jobs: plain recursion from the root with one transposition
    /// table per subtree at the job level (the reference the job path must equal).
    #[must_use]
    pub fn search_direct(&self, pos: &Position, depth: u8) -> [Option<f64>; 4] {
        let mut nodes = 0;
        self.walk_root(pos, depth.max(1), &mut nodes, &mut |job| {
            self.run_job(&job).score
        })
    }

    fn job_level(&self, depth: u8) -> u8 {
        self.config.job_levels.min(depth - 1)
    }

    fn walk_root(
        &self,
        pos: &Position,
        depth: u8,
        nodes: &mut u64,
        leaf: &mut dyn FnMut(Job) -> f64,
    ) -> [Option<f64>; 4] {
        let level = self.job_level(depth);
        let mut values = [None; 4];
        for d in Direction::ALL {
            if let Some(s) = pos.board.swipe(d) {
                values[d.index()] = Some(
                    self.walk_chance(s, d, pos.deck, pos.hint, depth, 1.0, level, nodes, leaf),
                );
            }
        }
        values
    }

    #[allow(clippy::too_many_arguments)]
    fn walk_chance(
        &self,
        s: Swiped,
        dir: Direction,
        deck: Deck,
        hint: Hint,
        depth: u8,
        prob: f64,
        level: u8,
        nodes: &mut u64,
        leaf: &mut dyn FnMut(Job) -> f64,
    ) -> f64 {
        *nodes += 1;
        let share = 1.0 / f64::from(hint.len().max(1) * s.moved_count());
        if prob * share < self.config.min_probability || depth == 1 {
            if let Some(v) = self.afterstate_leaf(s, dir, hint, deck) {
                return v;
            }
        }
        let mut total = 0.0;
        for card in hint.cards() {
            for line in s.moved_lines() {
                let b = s.board.insert(dir, line, card);
                let p = prob * share;
                if p < self.config.min_probability || depth == 1 {
                    total += share * self.heuristic.evaluate(b);
                    continue;
                }
                let (outs, n) = draws(b, deck);
                let mut v = 0.0;
                for &(h, q, dk) in &outs[..n] {
                    let cp = p * q;
                    v += q * if cp < self.config.min_probability {
                        self.position_leaf(b, h, dk)
                    } else if depth - 1 <= level {
                        leaf(Job {
                            board: b,
                            deck: dk,
                            hint: h,
                            depth: depth - 1,
                            probability: cp,
                        })
                    } else {
                        self.walk_max(b, dk, h, depth - 1, cp, level, nodes, leaf)
                    };
                }
                total += share * v;
            }
        }
        total
    }

    #[allow(clippy::too_many_arguments)]
    fn walk_max(
        &self,
        board: Board,
        deck: Deck,
        hint: Hint,
        depth: u8,
        prob: f64,
        level: u8,
        nodes: &mut u64,
        leaf: &mut dyn FnMut(Job) -> f64,
    ) -> f64 {
        *nodes += 1;
        let mut best = self.max_floor();
        for d in Direction::ALL {
            if let Some(s) = board.swipe(d) {
                best =
                    best.max(self.walk_chance(s, d, deck, hint, depth, prob, level, nodes, leaf));
            }
        }
        self.dead_value(best, board)
    }

    fn max_node(
        &self,
        ctx: &mut Ctx,
        board: Board,
        deck: Deck,
        hint: Hint,
        depth: u8,
        prob: f64,
    ) -> f64 {
        ctx.nodes += 1;
        if depth == 0 {
            return self.position_leaf_cached(&mut ctx.leaves, board, hint, deck);
        }
        let mut best = self.max_floor();
        if depth == 1 {
            // with a network each swipe is its afterstate's value, valued together, not
            // through the table (see `deepening`'s Walk::max_node)
            let mut values = [0.0; 4];
            if let Some(n) = self.horizon_leaves(&mut ctx.leaves, board, hint, deck, &mut values) {
                ctx.nodes += n as u64;
                for &v in &values[..n] {
                    best = best.max(v);
                }
                return self.dead_value(best, board);
            }
        }
        let key = (board.0, deck.key() as u32 | (u32::from(hint.codes) << 8));
        if self.config.transpositions {
            if let Some(&(d, v)) = ctx.table.get(&key) {
                if d >= depth {
                    return f64::from(v);
                }
            }
        }
        for d in Direction::ALL {
            if let Some(s) = board.swipe(d) {
                best = best.max(self.chance_node(ctx, s, d, deck, hint, depth, prob));
            }
        }
        let best = self.dead_value(best, board);
        if self.config.transpositions {
            ctx.table.insert(key, (depth, best as f32));
        }
        best
    }

    #[allow(clippy::too_many_arguments)]
    fn chance_node(
        &self,
        ctx: &mut Ctx,
        s: Swiped,
        dir: Direction,
        deck: Deck,
        hint: Hint,
        depth: u8,
        prob: f64,
    ) -> f64 {
        let share = 1.0 / f64::from(hint.len().max(1) * s.moved_count());
        if prob * share < self.config.min_probability || depth == 1 {
            if let Some(v) = self.afterstate_leaf_cached(&mut ctx.leaves, s, dir, hint, deck) {
                ctx.nodes += 1;
                return v;
            }
        }
        let mut total = 0.0;
        for card in hint.cards() {
            for line in s.moved_lines() {
                let b = s.board.insert(dir, line, card);
                let p = prob * share;
                if p < self.config.min_probability || depth == 1 {
                    ctx.nodes += 1;
                    total += share * self.heuristic.evaluate(b);
                    continue;
                }
                let (outs, n) = draws(b, deck);
                let mut v = 0.0;
                for &(h, q, dk) in &outs[..n] {
                    let cp = p * q;
                    v += q * if cp < self.config.min_probability {
                        ctx.nodes += 1;
                        self.position_leaf_cached(&mut ctx.leaves, b, h, dk)
                    } else {
                        self.max_node(ctx, b, dk, h, depth - 1, cp)
                    };
                }
                total += share * v;
            }
        }
        total
    }
}

pub(crate) fn best_of(values: &[Option<f64>; 4]) -> Option<Direction> {
    let mut best: Option<(Direction, f64)> = None;
    for d in Direction::ALL {
        if let Some(v) = values[d.index()] {
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((d, v));
            }
        }
    }
    best.map(|(d, _)| d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::HintModel;

    fn searcher(depth: u8) -> Searcher {
        Searcher::new(
            Heuristic::default(),
            SearchConfig {
                depth: DepthRule::Fixed(depth),
                job_levels: 1,
                ..SearchConfig::default()
            },
        )
    }

    #[test]
    fn jobs_combine_to_the_direct_search() {
        let g = crate::Threes::new(9, HintModel::Plus);
        let pos = g.position();
        let s = searcher(3);
        let (jobs, _) = s.plan(&pos, 3);
        assert!(jobs.len() > 20, "{} jobs", jobs.len());
        // ship every job through JSON, run them in reverse order, combine
        let wire: Vec<String> = jobs
            .iter()
            .map(|j| serde_json::to_string(j).unwrap())
            .collect();
        let mut scores = vec![0.0; jobs.len()];
        for (i, w) in wire.iter().enumerate().rev() {
            let job: Job = serde_json::from_str(w).unwrap();
            assert_eq!(job, jobs[i]);
            let r: JobResult =
                serde_json::from_str(&serde_json::to_string(&s.run_job(&job)).unwrap()).unwrap();
            scores[i] = r.score;
        }
        let combined = s.combine(&pos, 3, &scores).unwrap();
        assert_eq!(combined, s.search_direct(&pos, 3));
        assert_eq!(combined, s.search_depth(&pos, 3).values);
        assert!(s.combine(&pos, 3, &scores[1..]).is_err());
    }

    #[test]
    fn dynamic_depth_is_the_anchors_rule() {
        let d = |s: &str| dynamic_depth(s.parse().unwrap());
        // only 1s, 2s and 3s: at least 3
        assert_eq!(d("1 2 3 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0"), 3);
        // 3 … 192: seven distinct cards ≥ 3 → 5
        assert_eq!(d("3 6 12 24 / 48 96 192 0 / 1 2 0 0 / 0 0 0 0"), 5);
        // repeats do not count: 3, 6, 12, 24, 48, 96 → 4
        assert_eq!(d("3 6 12 24 / 48 96 96 3 / 1 2 0 0 / 0 0 0 0"), 4);
        assert_eq!(
            DepthRule::Dynamic { min: 3, max: 4 }.depth_for(
                "3 6 12 24 / 48 96 192 384 / 0 0 0 0 / 0 0 0 0"
                    .parse()
                    .unwrap()
            ),
            4
        );
        // a floor lifts the shallow boards only
        let floor = DepthRule::Dynamic { min: 6, max: 8 };
        assert_eq!(
            floor.depth_for("1 2 3 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0".parse().unwrap()),
            6
        );
        assert_eq!(
            floor.depth_for(
                "3 6 12 24 / 48 96 192 384 / 768 1536 0 0 / 0 0 0 0"
                    .parse()
                    .unwrap()
            ),
            8
        );
    }

    /// A network with weights that differ from entry to entry.
    pub(crate) fn some_network() -> Arc<Network> {
        let n = Network::new(crate::ntuple::Spec::preset("4x5", vec![], true).unwrap()).unwrap();
        for (i, w) in n.raw().iter().enumerate() {
            let v = ((i * 7919) % 4001) as f32 - 2000.0;
            w.store(v.to_bits(), std::sync::atomic::Ordering::Relaxed);
        }
        Arc::new(n)
    }

    #[test]
    fn a_learned_search_one_swipe_deep_is_the_greedy_choice() {
        let net = some_network();
        let g = crate::Threes::new(9, HintModel::Plus);
        let pos = g.position();
        let config = SearchConfig {
            depth: DepthRule::Fixed(1),
            ..SearchConfig::default()
        };
        let s = Searcher::learned(net.clone(), config);
        let r = s.search(&pos);
        for d in Direction::ALL {
            let want = pos
                .board
                .swipe(d)
                .map(|sw| net.afterstate_value(Afterstate::of(sw, d), pos.hint, pos.deck));
            assert_eq!(r.values[d.index()], want);
        }
        assert_eq!(r.best, net.best(pos.board, pos.hint, pos.deck).map(|b| b.0));
        // deeper: the jobs and the direct recursion agree, and differ from the heuristic's
        let deep = Searcher::learned(
            net,
            SearchConfig {
                depth: DepthRule::Fixed(3),
                job_levels: 1,
                ..config
            },
        );
        let v = deep.search_depth(&pos, 3).values;
        assert_eq!(v, deep.search_direct(&pos, 3));
        assert_ne!(v, searcher(3).search_depth(&pos, 3).values);
    }

    #[test]
    fn a_dead_board_is_worth_its_score_to_a_learned_search() {
        let b: Board = "1 3 1 3 / 3 1 3 1 / 1 3 1 3 / 3 1 3 1".parse().unwrap();
        let s = Searcher::learned(some_network(), SearchConfig::default());
        let hint = Hint::exact(Tile::from_nibble(1));
        assert_eq!(s.position_leaf(b, hint, Deck::FRESH), b.score() as f64);
        assert_eq!(
            s.max_node(
                &mut Ctx {
                    table: Table::default(),
                    nodes: 0,
                    leaves: LeafCache::default(),
                },
                b,
                Deck::FRESH,
                hint,
                2,
                1.0
            ),
            b.score() as f64
        );
    }

    #[test]
    fn dead_board_has_no_move() {
        let b: Board = "1 3 1 3 / 3 1 3 1 / 1 3 1 3 / 3 1 3 1".parse().unwrap();
        let pos = Position {
            board: b,
            deck: Deck::FRESH,
            hint: Hint::exact(Tile::from_nibble(1)),
        };
        let r = searcher(2).search(&pos);
        assert_eq!(r.best, None);
        assert_eq!(r.values, [None; 4]);
    }
}
