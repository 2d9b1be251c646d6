//! Iterative deepening under a budget per move: CPU time (`--cpu-per-move`) or search
//! nodes (`--nodes-per-move`, as chess engines' node limits, for runs that must replay
//! move for move).
//!
//! A move searches depth 1, 2, 3 … with the same expectimax as [`crate::Searcher`] (max
//! over the swipes, chance over the hinted value, the moved line and the next card, the
//! probability cut-off), one thread, and keeps the deepest search that finished. Before
//! each deeper search it predicts its cost from the last two (each level costs the last
//! one times the branching seen) and starts it only if it is expected to fit; a search
//! that runs past a hard limit is abandoned and the previous depth's move is played.
//!
//! The budget is a *mean*: what a move leaves unspent goes into a bank the next moves may
//! draw on (up to [`BANK_MOVES`] budgets), and what it overspends is taken back from the
//! next ones, so over a game the CPU per move is the budget, whatever the board — the way
//! a chess clock's increment works. CPU time is the calling thread's
//! ([`ludomat_game::run::cpu::thread`]): a loaded machine thinks as long as an idle one.
//!
//! A [`Player`] keeps, besides the bank, one transposition table for the whole game:
//! shared by the four root swipes, by the depths of the deepening, and by the turns (the
//! positions the last turn searched to depth d − 1 are the ones this turn meets again).
//!
//! [`Searcher::search`] lives here too: it chooses by the depth rule — a fixed depth, a
//! wall-clock limit (`--time-per-move`, deepening across the jobs), or one of these budgets.

use std::convert::Infallible;
use std::time::{Duration, Instant};

use crate::card::Hint;
use crate::game::Position;
use crate::ntuple::LeafCache;
use crate::search::{best_of, draws, DepthRule, JobRunner, SearchResult, Searcher, MAX_DEPTH};
use crate::{Board, Deck, Direction, Swiped};

/// How much a move may use, on average over the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Budget {
    /// CPU time of the searching thread per move.
    Cpu(Duration),
    /// Search nodes per move (deterministic: the same game twice plays the same moves).
    Nodes(u64),
}

impl Budget {
    /// The budget of a depth rule, if it has one.
    #[must_use]
    pub fn of(rule: DepthRule) -> Option<(Budget, u8)> {
        match rule {
            DepthRule::Cpu { micros, max } => {
                Some((Budget::Cpu(Duration::from_micros(micros)), max))
            }
            DepthRule::Nodes { nodes, max } => Some((Budget::Nodes(nodes), max)),
            _ => None,
        }
    }

    /// The budget in the bank's units (nanoseconds or nodes).
    fn units(self) -> u64 {
        match self {
            Budget::Cpu(d) => u64::try_from(d.as_nanos()).unwrap_or(u64::MAX),
            Budget::Nodes(n) => n,
        }
    }
}

/// The most the bank holds (or owes), in budgets.
pub const BANK_MOVES: u64 = 16;

/// Slots of a [`Player`]'s transposition table (2²⁰ × 16 bytes = 16 MiB).
pub const TABLE_SLOTS: usize = 1 << 20;

/// One remembered max node: the key (board, deck and hint), how deep it was searched and
/// its value. Depth 0 marks an empty slot.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    board: u64,
    extra: u32,
    depth: u8,
    value: f32,
}

/// A fixed-size transposition table, one slot per hash, the newer entry replacing the
/// older unless the older was searched deeper for the same key.
#[derive(Debug, Clone)]
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    /// A table of `slots` slots (rounded up to a power of two, at least 1,024).
    #[must_use]
    pub fn new(slots: usize) -> Table {
        let n = slots.max(1024).next_power_of_two();
        Table {
            slots: vec![Slot::default(); n],
            mask: n - 1,
        }
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }

    #[inline]
    fn index(&self, board: u64, extra: u32) -> usize {
        let h = (board ^ u64::from(extra).rotate_left(41)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as usize & self.mask
    }

    #[inline]
    fn get(&self, board: u64, extra: u32, depth: u8) -> Option<f64> {
        let s = self.slots[self.index(board, extra)];
        (s.depth >= depth && s.board == board && s.extra == extra).then_some(f64::from(s.value))
    }

    #[inline]
    fn put(&mut self, board: u64, extra: u32, depth: u8, value: f64) {
        let i = self.index(board, extra);
        let s = &mut self.slots[i];
        if s.board == board && s.extra == extra && s.depth > depth {
            return;
        }
        *s = Slot {
            board,
            extra,
            depth,
            value: value as f32,
        };
    }
}

fn key_extra(deck: Deck, hint: Hint) -> u32 {
    deck.key() as u32 | (u32::from(hint.codes) << 8)
}

/// When a search must stop.
#[derive(Debug, Clone, Copy)]
enum Limit {
    /// Never (depth 1 always finishes).
    None,
    /// Once the nodes counted reach this.
    Nodes(u64),
    /// Once the thread's CPU clock reaches this.
    Cpu(Duration),
}

/// Nodes between two readings of the clock (about 50 µs of search).
const CHECK_EVERY: u64 = 1024;

struct Walk<'a> {
    searcher: &'a Searcher,
    min_probability: f64,
    table: &'a mut Table,
    leaves: &'a mut LeafCache,
    nodes: u64,
    limit: Limit,
    next_check: u64,
    aborted: bool,
}

impl Walk<'_> {
    #[inline]
    fn over(&mut self) -> bool {
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_EVERY;
            self.aborted = match self.limit {
                Limit::None => false,
                Limit::Nodes(n) => self.nodes >= n,
                Limit::Cpu(deadline) => ludomat_game::run::cpu::thread() >= deadline,
            };
        }
        self.aborted
    }

    fn max_node(&mut self, board: Board, deck: Deck, hint: Hint, depth: u8, prob: f64) -> f64 {
        self.nodes += 1;
        if depth == 0 {
            return self
                .searcher
                .position_leaf_cached(self.leaves, board, hint, deck);
        }
        if self.over() {
            return 0.0;
        }
        let mut best = self.searcher.max_floor();
        if depth == 1 {
            // with a network each swipe is its afterstate's value (as chance_node would
            // give it one by one), the swipes valued together; not through the table,
            // whose probe (a miss in memory, mostly) costs about as much as the values
            let mut values = [0.0; 4];
            if let Some(n) =
                self.searcher
                    .horizon_leaves(self.leaves, board, hint, deck, &mut values)
            {
                self.nodes += n as u64;
                for &v in &values[..n] {
                    best = best.max(v);
                }
                return self.searcher.dead_value(best, board);
            }
        }
        let extra = key_extra(deck, hint);
        if let Some(v) = self.table.get(board.0, extra, depth) {
            return v;
        }
        for d in Direction::ALL {
            if let Some(s) = board.swipe(d) {
                let v = self.chance_node(s, d, deck, hint, depth, prob);
                if self.aborted {
                    return 0.0;
                }
                best = best.max(v);
            }
        }
        let best = self.searcher.dead_value(best, board);
        self.table.put(board.0, extra, depth, best);
        best
    }

    fn chance_node(
        &mut self,
        s: Swiped,
        dir: Direction,
        deck: Deck,
        hint: Hint,
        depth: u8,
        prob: f64,
    ) -> f64 {
        let share = 1.0 / f64::from(hint.len().max(1) * s.moved_count());
        if prob * share < self.min_probability || depth == 1 {
            if let Some(v) = self
                .searcher
                .afterstate_leaf_cached(self.leaves, s, dir, hint, deck)
            {
                self.nodes += 1;
                return v;
            }
        }
        let heuristic = self.searcher.heuristic();
        let mut total = 0.0;
        for card in hint.cards() {
            for line in s.moved_lines() {
                let b = s.board.insert(dir, line, card);
                let p = prob * share;
                if p < self.min_probability || depth == 1 {
                    self.nodes += 1;
                    total += share * heuristic.evaluate(b);
                    continue;
                }
                let (outs, n) = draws(b, deck);
                let mut v = 0.0;
                for &(h, q, dk) in &outs[..n] {
                    let cp = p * q;
                    v += q * if cp < self.min_probability {
                        self.nodes += 1;
                        self.searcher.position_leaf_cached(self.leaves, b, h, dk)
                    } else {
                        self.max_node(b, dk, h, depth - 1, cp)
                    };
                    if self.aborted {
                        return 0.0;
                    }
                }
                total += share * v;
            }
        }
        total
    }

    /// The value of each root swipe searched to `depth`; `None` if the limit stopped it.
    fn root(&mut self, pos: &Position, depth: u8) -> Option<[Option<f64>; 4]> {
        let mut values = [None; 4];
        for d in Direction::ALL {
            if let Some(s) = pos.board.swipe(d) {
                self.nodes += 1;
                let v = self.chance_node(s, d, pos.deck, pos.hint, depth, 1.0);
                if self.aborted {
                    return None;
                }
                values[d.index()] = Some(v);
            }
        }
        Some(values)
    }
}

/// An AI playing one game: the searcher, and what it keeps from move to move — the budget's
/// bank and the game's transposition table (see the [module documentation](self)). Rules
/// without a budget (fixed, dynamic, wall-clock time) search exactly as
/// [`Searcher::search`].
#[derive(Debug, Clone)]
pub struct Player {
    searcher: Searcher,
    table: Option<Table>,
    /// The network's board-only partial sums (see [`crate::ntuple::leaf`]).
    leaves: LeafCache,
    /// Budget units saved (positive) or overspent (negative) so far.
    bank: i128,
    /// Σ spread^dynamic depth over the game's moves so far, and the moves.
    weights: (f64, u32),
    /// Swipes added to the dynamic depth (distinct cards ≥ 3 − 2) to cap the deepening:
    /// raised while the bank fills, lowered while it owes.
    offset: f64,
}

/// The depth offset a game starts with.
const INITIAL_OFFSET: f64 = 0.0;

/// How fast the depth offset follows the bank: swipes per move at a full bank.
const OFFSET_GAIN: f64 = 0.05;

impl Player {
    /// A player for a new game.
    #[must_use]
    pub fn new(searcher: Searcher) -> Player {
        let table = Budget::of(searcher.config().depth).map(|_| Table::new(TABLE_SLOTS));
        Player {
            searcher,
            table,
            leaves: LeafCache::default(),
            bank: 0,
            weights: (0.0, 0),
            offset: INITIAL_OFFSET,
        }
    }

    /// The searcher.
    #[must_use]
    pub fn searcher(&self) -> &Searcher {
        &self.searcher
    }

    /// Ready for a new game: the bank emptied, the table cleared.
    pub fn new_game(&mut self) {
        self.bank = 0;
        self.weights = (0.0, 0);
        self.offset = INITIAL_OFFSET;
        if let Some(t) = self.table.as_mut() {
            t.clear();
        }
    }

    /// Choose a swipe for `pos`.
    pub fn choose(&mut self, pos: &Position) -> SearchResult {
        let Some((budget, max)) = Budget::of(self.searcher.config().depth) else {
            return self.searcher.search(pos);
        };
        let table = self.table.get_or_insert_with(|| Table::new(TABLE_SLOTS));
        let units = i128::from(budget.units());
        // a board with more distinct cards gets more: spread^dynamic depth against the
        // game's mean so far
        let spread = self.searcher.config().spread.clamp(1.0, 16.0);
        let w = spread.powi(i32::from(crate::search::dynamic_depth(pos.board)));
        self.weights = (self.weights.0 + w, self.weights.1 + 1);
        let share = w / (self.weights.0 / f64::from(self.weights.1));
        let cap = units * BANK_MOVES as i128;
        let target = units as f64 * share;
        // savings may all go into one deeper search; a debt scales the target down
        let allowance = if self.bank >= 0 {
            target as i128 + self.bank
        } else {
            (target * (1.0 + self.bank as f64 / cap as f64)) as i128
        }
        .max(units / 4)
        .max(1);
        let dynamic = i32::from(crate::search::dynamic_depth(pos.board));
        let cap_depth = (dynamic + self.offset.round() as i32).clamp(1, i32::from(max)) as u8;
        let (result, spent) = deepen(
            &self.searcher,
            table,
            &mut self.leaves,
            pos,
            budget,
            allowance,
            cap_depth,
        );
        self.bank = (self.bank + units - spent).clamp(-cap, cap);
        self.offset = (self.offset + OFFSET_GAIN * (self.bank as f64 / cap as f64))
            .clamp(-f64::from(MAX_DEPTH), f64::from(MAX_DEPTH));
        result
    }
}

/// Deepen from depth 1 while the next depth is expected to fit `allowance` (budget units);
/// the result of the deepest finished depth and the units spent.
fn deepen(
    searcher: &Searcher,
    table: &mut Table,
    leaves: &mut LeafCache,
    pos: &Position,
    budget: Budget,
    allowance: i128,
    max: u8,
) -> (SearchResult, i128) {
    let wall = std::time::Instant::now();
    let cpu0 = ludomat_game::run::cpu::thread();
    let allowance_u = u64::try_from(allowance.max(1)).unwrap_or(u64::MAX);
    // a search running past this is abandoned
    let hard = allowance_u.saturating_add(allowance_u / 2);
    let mut walk = Walk {
        searcher,
        min_probability: searcher.config().min_probability,
        table,
        leaves,
        nodes: 0,
        limit: Limit::None,
        next_check: CHECK_EVERY,
        aborted: false,
    };
    let spent = |walk: &Walk<'_>| -> u64 {
        match budget {
            Budget::Cpu(_) => {
                u64::try_from((ludomat_game::run::cpu::thread().saturating_sub(cpu0)).as_nanos())
                    .unwrap_or(u64::MAX)
            }
            Budget::Nodes(_) => walk.nodes,
        }
    };
    let max = max.clamp(1, MAX_DEPTH);
    let mut best: Option<([Option<f64>; 4], u8)> = None;
    let (mut last_cost, mut ratio) = (0u64, 8.0f64);
    for depth in 1..=max {
        let before = spent(&walk);
        if depth > 1 {
            let predicted = (last_cost as f64 * ratio) as u64;
            if before.saturating_add(predicted) > allowance_u {
                break;
            }
            walk.limit = match budget {
                Budget::Cpu(_) => Limit::Cpu(cpu0 + Duration::from_nanos(hard)),
                Budget::Nodes(_) => Limit::Nodes(hard),
            };
            walk.next_check = walk.nodes;
        }
        let Some(values) = walk.root(pos, depth) else {
            break;
        };
        let cost = spent(&walk).saturating_sub(before).max(1);
        if depth > 1 && last_cost > 0 {
            ratio = (cost as f64 / last_cost as f64).clamp(2.0, 64.0);
        }
        last_cost = cost;
        let done = best_of(&values).is_none();
        best = Some((values, depth));
        if done {
            break;
        }
    }
    let (values, depth) = best.unwrap_or(([None; 4], 1));
    let used = spent(&walk);
    (
        SearchResult {
            best: best_of(&values),
            values,
            depth,
            nodes: walk.nodes,
            jobs: 0,
            elapsed: wall.elapsed(),
        },
        i128::from(used),
    )
}

impl Searcher {
    /// Choose a swipe for `pos` with the configured depth rule.
    #[must_use]
    pub fn search(&self, pos: &Position) -> SearchResult {
        match self.search_with(pos, &mut |jobs| Ok::<_, Infallible>(self.run_jobs(jobs))) {
            Ok(r) => r,
            Err(never) => match never {},
        }
    }

    /// Choose a swipe for `pos` with the configured depth rule, the jobs run by `run` (which
    /// returns their results in the order given): on this machine, or on a cluster's
    /// workers (`crate::cluster`, feature `mpi`). The answer depends on the job results
    /// only, so any runner that computes [`Searcher::run_job`] gives the same move and value.
    ///
    /// # Errors
    /// What `run` returns.
    pub fn search_with<E>(
        &self,
        pos: &Position,
        run: &mut JobRunner<'_, E>,
    ) -> Result<SearchResult, E> {
        Ok(match self.config().depth {
            DepthRule::Time { millis, max } => {
                let budget = Duration::from_millis(millis);
                let start = Instant::now();
                let mut depth = 1;
                let mut result = self.search_depth_with(pos, depth, run)?;
                let mut last = result.elapsed;
                while depth < max.clamp(1, MAX_DEPTH) && result.best.is_some() {
                    // the next level costs about the last one times the branching seen
                    let spent = start.elapsed();
                    if spent + last.saturating_mul(8) > budget {
                        break;
                    }
                    depth += 1;
                    let nodes = result.nodes;
                    let mut next = self.search_depth_with(pos, depth, run)?;
                    last = next.elapsed;
                    next.nodes += nodes;
                    result = next;
                }
                result.elapsed = start.elapsed();
                result
            }
            rule @ (DepthRule::Cpu { .. } | DepthRule::Nodes { .. }) => {
                // budgets search on this thread, deepening with one table (no jobs)
                match Budget::of(rule) {
                    Some((budget, max)) => search_once(self, pos, budget, max),
                    None => self.search_depth_with(pos, rule.depth_for(pos.board), run)?,
                }
            }
            rule => self.search_depth_with(pos, rule.depth_for(pos.board), run)?,
        })
    }
}

/// One search of `pos` under `budget` with a table of its own and no bank (what
/// [`Searcher::search`] does for the budget rules).
pub(crate) fn search_once(
    searcher: &Searcher,
    pos: &Position,
    budget: Budget,
    max: u8,
) -> SearchResult {
    let mut table = Table::new(1 << 16);
    let units = i128::from(budget.units());
    let mut leaves = LeafCache::default();
    deepen(searcher, &mut table, &mut leaves, pos, budget, units, max).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Heuristic, HintModel, SearchConfig, Threes};

    fn searcher(rule: DepthRule) -> Searcher {
        Searcher::new(
            Heuristic::default(),
            SearchConfig {
                depth: rule,
                parallel: false,
                ..SearchConfig::default()
            },
        )
    }

    #[test]
    fn a_full_depth_search_equals_the_plain_one() {
        // with a budget large enough for depth 3 and a cap of 3, the values are those of the
        // job search at depth 3 (the same tree, one shared table: equal within f32 rounding)
        let g = Threes::new(11, HintModel::Plus);
        let pos = g.position();
        let plain = searcher(DepthRule::Fixed(3)).search_depth(&pos, 3);
        let mut p = Player::new(searcher(DepthRule::Nodes {
            nodes: 1 << 40,
            max: 3,
        }));
        let r = p.choose(&pos);
        assert_eq!(r.depth, 3);
        assert_eq!(r.best, plain.best);
        for (a, b) in r.values.iter().zip(plain.values) {
            match (a, b) {
                (Some(a), Some(b)) => assert!((a - b).abs() <= 1e-3 * b.abs(), "{a} {b}"),
                (a, b) => assert_eq!(a.is_some(), b.is_some()),
            }
        }
    }

    #[test]
    fn node_budgets_replay_move_for_move() {
        let play = || {
            let mut g = Threes::new(5, HintModel::Plus);
            let mut p = Player::new(searcher(DepthRule::Nodes {
                nodes: 3_000,
                max: MAX_DEPTH,
            }));
            let mut moves = Vec::new();
            while moves.len() < 60 {
                let Some(d) = p.choose(&g.position()).best else {
                    break;
                };
                moves.push(d);
                g.swipe(d).unwrap();
            }
            moves
        };
        let a = play();
        assert_eq!(a.len(), 60);
        assert_eq!(a, play());
    }

    #[test]
    fn the_bank_keeps_the_mean_near_the_budget() {
        let mut g = Threes::new(8, HintModel::Plus);
        let budget = 20_000u64;
        let mut p = Player::new(searcher(DepthRule::Nodes {
            nodes: budget,
            max: MAX_DEPTH,
        }));
        let (mut nodes, mut moves) = (0u64, 0u64);
        while moves < 80 {
            let r = p.choose(&g.position());
            let Some(d) = r.best else { break };
            nodes += r.nodes;
            moves += 1;
            g.swipe(d).unwrap();
        }
        let mean = nodes as f64 / moves as f64;
        assert!(
            (0.6 * budget as f64..=1.1 * budget as f64).contains(&mean),
            "{mean} nodes per move for a budget of {budget}"
        );
    }

    #[test]
    fn a_dead_board_has_no_move() {
        let b: Board = "1 3 1 3 / 3 1 3 1 / 1 3 1 3 / 3 1 3 1".parse().unwrap();
        let pos = Position {
            board: b,
            deck: Deck::FRESH,
            hint: Hint::exact(crate::Tile::from_nibble(1)),
        };
        let mut p = Player::new(searcher(DepthRule::Cpu {
            micros: 1000,
            max: 5,
        }));
        assert_eq!(p.choose(&pos).best, None);
    }
}
