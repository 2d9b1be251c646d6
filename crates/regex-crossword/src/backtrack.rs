//! The exact matcher: a backtracking search over a clue's program, for clues with
//! backreferences.
//!
//! The clue is compiled to a small program (classes, splits, jumps, capture saves,
//! backreferences), as backtracking regex engines do. It is run against a line of letter
//! *sets*: a class narrows the cell it reads; a backreference ties each cell it reads to
//! the cell its group captured (a union–find of "these cells hold the same letter", each
//! class of tied cells keeping the intersection of their sets). Every path through the
//! program that reaches the end of the line at the end of the program is one family of
//! matching lines, and the letters it leaves in each cell are exactly those that family
//! allows there; the union over all paths is the exact set of letters each cell can take.
//! With one letter per cell this is an ordinary regex match.
//!
//! The number of paths can grow quickly on lines with many open cells, so every run has
//! a step budget; a caller that runs out falls back on the automaton's sound
//! over-approximation ([`crate::nfa`]).

use std::time::Instant;

use crate::clue::{Clue, Node};
use crate::letters::Letters;

/// Steps one propagation run may take before giving up.
pub const PROPAGATION_BUDGET: u64 = 200_000;
/// Steps one check of a fully filled line may take.
pub const CHECK_BUDGET: u64 = 10_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Inst {
    /// Read one cell whose letter is in the set.
    Class(Letters),
    /// Try both continuations.
    Split(usize, usize),
    Jmp(usize),
    /// Record the position in capture slot `n` (group k: slots 2k and 2k+1).
    Save(usize),
    /// Read again what group `k` captured.
    Backref(usize),
    /// Remember the position in loop register `r`.
    Mark(usize),
    /// Fail an iteration that read nothing since the mark (the loop's other branch
    /// already covers leaving it), as `fancy-regex` does; no empty loop runs forever.
    Progress(usize),
    Match,
}

/// The run ran out of steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the backtracking matcher gave up after {} steps", ludomat_io::text::thousands(*.0))]
pub struct OutOfSteps(pub u64);

/// Why a run stopped before it was decided: its steps or its time ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Stopped {
    /// The step budget ran out.
    #[error(transparent)]
    Steps(#[from] OutOfSteps),
    /// The deadline passed.
    #[error("the backtracking matcher reached its deadline")]
    Time,
}

/// How often (in steps) a run with a deadline looks at the clock: a few microseconds of
/// work between looks.
const CLOCK_EVERY: u64 = 1024;

/// A clue compiled for the backtracking matcher.
#[derive(Debug, Clone)]
pub struct Program {
    insts: Vec<Inst>,
    slots: usize,
    registers: usize,
    lengths: Lengths,
}

/// What the rest of the program still reads, from each instruction: a run abandons a path
/// that can no longer end exactly at the end of the line. Without this, `(.*)(.*)\2\1`
/// tries every split of the line into groups and learns only at the last backreference
/// that the lengths do not add up (millions of steps on a line of 40 cells).
#[derive(Debug, Clone, Default)]
struct Lengths {
    /// The fewest cells read from here to `Match`, backreferences counted as empty
    /// (`u32::MAX`: `Match` cannot be reached).
    min: Vec<u32>,
    /// Groups (1 to 63) whose backreference every way from here to `Match` passes before
    /// saving that group again: each will read exactly what the group holds now.
    must: Vec<u64>,
    /// From here on no group is saved and nothing loops (the program's tail): the most
    /// cells the classes from here read (`None` outside the tail).
    tail_max: Vec<Option<u32>>,
    /// The group of every backreference in the tail, in program order …
    tail_refs: Vec<usize>,
    /// … and, for each instruction, the index in `tail_refs` of the first one at or after
    /// it.
    refs_from: Vec<usize>,
}

/// The groups a length mask can name (bit `k` for group `k`).
const MASKED_GROUPS: usize = 64;

impl Lengths {
    fn new(insts: &[Inst]) -> Lengths {
        let n = insts.len();
        let succ = |pc: usize| -> [Option<usize>; 2] {
            match insts[pc] {
                Inst::Split(a, b) => [Some(a), Some(b)],
                Inst::Jmp(a) => [Some(a), None],
                Inst::Match => [None, None],
                _ => [Some(pc + 1), None],
            }
        };
        // The fewest cells to `Match`: a 0-1 breadth-first search on reversed edges.
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        for pc in 0..n {
            for t in succ(pc).into_iter().flatten() {
                if t < n {
                    preds[t].push(pc);
                }
            }
        }
        let mut min = vec![u32::MAX; n];
        let mut queue = std::collections::VecDeque::new();
        for (pc, i) in insts.iter().enumerate() {
            if *i == Inst::Match {
                min[pc] = 0;
                queue.push_back(pc);
            }
        }
        while let Some(t) = queue.pop_front() {
            for &pc in &preds[t] {
                let w = u32::from(matches!(insts[pc], Inst::Class(_)));
                let d = min[t].saturating_add(w);
                if d < min[pc] {
                    min[pc] = d;
                    if w == 0 {
                        queue.push_front(pc);
                    } else {
                        queue.push_back(pc);
                    }
                }
            }
        }
        // `must`: the greatest fixpoint, sweeping backwards (loops jump back) until
        // nothing changes; a program that does not settle in a few sweeps gets no masks.
        let bit = |k: usize| if k < MASKED_GROUPS { 1u64 << k } else { 0 };
        let mut must = vec![u64::MAX; n];
        let mut settled = false;
        for _ in 0..32 {
            let mut changed = false;
            for pc in (0..n).rev() {
                let after =
                    |t: Option<usize>| t.map_or(u64::MAX, |t| must.get(t).copied().unwrap_or(0));
                let [a, b] = succ(pc);
                let m = match insts[pc] {
                    Inst::Match => 0,
                    Inst::Backref(k) => after(a) | bit(k),
                    Inst::Save(slot) => after(a) & !bit(slot / 2),
                    _ => after(a) & after(b),
                };
                if m != must[pc] {
                    must[pc] = m;
                    changed = true;
                }
            }
            if !changed {
                settled = true;
                break;
            }
        }
        if !settled {
            must = vec![0; n];
        }
        // The tail: the longest suffix that saves nothing and only jumps forward within
        // itself.
        let mut start = n;
        while start > 0 {
            let pc = start - 1;
            let forward = succ(pc).into_iter().flatten().all(|t| t > pc);
            let saves = matches!(insts[pc], Inst::Save(_) | Inst::Mark(_) | Inst::Progress(_));
            if !forward || saves {
                break;
            }
            start = pc;
        }
        let mut tail_max = vec![None; n];
        for pc in (start..n).rev() {
            let after = |t: Option<usize>| t.and_then(|t| tail_max.get(t).copied().flatten());
            let [a, b] = succ(pc);
            tail_max[pc] = match insts[pc] {
                Inst::Match => Some(0),
                Inst::Class(_) => after(a).map(|m| m + 1),
                Inst::Split(..) => after(a).max(after(b)),
                _ => after(a),
            };
        }
        let mut tail_refs = Vec::new();
        let mut refs_from = vec![0; n + 1];
        for pc in (start..n).rev() {
            if let Inst::Backref(k) = insts[pc] {
                tail_refs.push(k);
            }
            refs_from[pc] = tail_refs.len();
        }
        // Filled from the end: put it in program order, where the last `c` are those at
        // or after an instruction that has `c` after it.
        tail_refs.reverse();
        let total = tail_refs.len();
        for r in &mut refs_from {
            *r = total - *r;
        }
        Lengths {
            min,
            must,
            tail_max,
            tail_refs,
            refs_from,
        }
    }
}

struct Compiler<'a> {
    alphabet: Letters,
    groups: Vec<Option<&'a Node>>,
    insts: Vec<Inst>,
    registers: usize,
}

impl<'a> Compiler<'a> {
    fn emit(&mut self, i: Inst) -> usize {
        self.insts.push(i);
        self.insts.len() - 1
    }

    fn compile(&mut self, node: &'a Node) {
        match node {
            Node::Empty => {}
            Node::Set(_) | Node::NotSet(_) | Node::Any => {
                let set = node.letters(self.alphabet);
                self.emit(Inst::Class(set));
            }
            Node::Concat(v) => v.iter().for_each(|n| self.compile(n)),
            Node::Alt(v) => {
                // split a, L1; a; jmp end; L1: split b, L2; b; jmp end; …; last
                let mut jumps = Vec::new();
                for (i, n) in v.iter().enumerate() {
                    if i + 1 < v.len() {
                        let split = self.emit(Inst::Split(0, 0));
                        self.compile(n);
                        jumps.push(self.emit(Inst::Jmp(0)));
                        let next = self.insts.len();
                        self.insts[split] = Inst::Split(split + 1, next);
                    } else {
                        self.compile(n);
                    }
                }
                let end = self.insts.len();
                for j in jumps {
                    self.insts[j] = Inst::Jmp(end);
                }
            }
            Node::Repeat { node, min, max } => {
                for _ in 0..*min {
                    self.compile(node);
                }
                match max {
                    None => {
                        let guard = node.nullable(&self.groups);
                        let top = self.emit(Inst::Split(0, 0));
                        let reg = self.registers;
                        if guard {
                            self.registers += 1;
                            self.emit(Inst::Mark(reg));
                        }
                        self.compile(node);
                        if guard {
                            self.emit(Inst::Progress(reg));
                        }
                        self.emit(Inst::Jmp(top));
                        let end = self.insts.len();
                        self.insts[top] = Inst::Split(top + 1, end);
                    }
                    Some(max) => {
                        let mut splits = Vec::new();
                        for _ in *min..*max {
                            splits.push(self.emit(Inst::Split(0, 0)));
                            self.compile(node);
                        }
                        let end = self.insts.len();
                        for s in splits {
                            self.insts[s] = Inst::Split(s + 1, end);
                        }
                    }
                }
            }
            Node::Group { index, node } => {
                self.emit(Inst::Save(2 * index));
                self.compile(node);
                self.emit(Inst::Save(2 * index + 1));
            }
            Node::Backref(k) => {
                self.emit(Inst::Backref(*k));
            }
        }
    }
}

impl Program {
    /// Compiles `clue` with `.` and negated classes taken within `alphabet`.
    #[must_use]
    pub fn new(clue: &Clue, alphabet: Letters) -> Program {
        let mut c = Compiler {
            alphabet,
            groups: clue.group_nodes(),
            insts: Vec::new(),
            registers: 0,
        };
        c.compile(&clue.node);
        c.emit(Inst::Match);
        let lengths = Lengths::new(&c.insts);
        Program {
            insts: c.insts,
            slots: 2 * (clue.groups + 1),
            registers: c.registers,
            lengths,
        }
    }

    /// Whether the clue matches `text` exactly.
    ///
    /// # Errors
    /// [`OutOfSteps`] after `budget` steps.
    pub fn is_match(&self, text: &[u8], budget: u64) -> Result<bool, OutOfSteps> {
        self.is_match_until(text, budget, None)
            .map_err(|e| steps_only(e, budget))
    }

    /// [`Program::is_match`], stopped when `deadline` passes.
    ///
    /// # Errors
    /// [`Stopped`] after `budget` steps or at `deadline`.
    pub fn is_match_until(
        &self,
        text: &[u8],
        budget: u64,
        deadline: Option<Instant>,
    ) -> Result<bool, Stopped> {
        let cells: Vec<Letters> = text.iter().map(|&c| Letters::single(c)).collect();
        let mut run = Run::new(self, &cells, budget, true, deadline);
        run.go(0, 0)?;
        Ok(run.found)
    }

    /// The letters each cell keeps: exactly those that appear there in some line (drawn
    /// from `cells`) the clue matches. `None` when no such line matches.
    ///
    /// # Errors
    /// [`OutOfSteps`] after `budget` steps.
    pub fn supports(
        &self,
        cells: &[Letters],
        budget: u64,
    ) -> Result<Option<Vec<Letters>>, OutOfSteps> {
        self.supports_until(cells, budget, None)
            .map_err(|e| steps_only(e, budget))
    }

    /// [`Program::supports`], stopped when `deadline` passes.
    ///
    /// # Errors
    /// [`Stopped`] after `budget` steps or at `deadline`.
    pub fn supports_until(
        &self,
        cells: &[Letters],
        budget: u64,
        deadline: Option<Instant>,
    ) -> Result<Option<Vec<Letters>>, Stopped> {
        let mut run = Run::new(self, cells, budget, false, deadline);
        run.go(0, 0)?;
        Ok(run.found.then_some(run.support))
    }
}

/// A run without a deadline stops only for its steps.
fn steps_only(e: Stopped, budget: u64) -> OutOfSteps {
    match e {
        Stopped::Steps(s) => s,
        Stopped::Time => OutOfSteps(budget),
    }
}

enum Undo {
    Narrow(usize, Letters),
    Union {
        child: usize,
        root: usize,
        set: Letters,
    },
}

struct Run<'p> {
    prog: &'p Program,
    len: usize,
    parent: Vec<usize>,
    size: Vec<usize>,
    set: Vec<Letters>,
    trail: Vec<Undo>,
    caps: Vec<usize>,
    regs: Vec<usize>,
    support: Vec<Letters>,
    /// The sets the run started from.
    domain: Vec<Letters>,
    /// Cells whose support is still short of their starting set: at 0 no further path can
    /// add a letter, and the run stops early.
    short: usize,
    found: bool,
    first_only: bool,
    steps: u64,
    budget: u64,
    deadline: Option<Instant>,
}

const UNSET: usize = usize::MAX;

impl<'p> Run<'p> {
    fn new(
        prog: &'p Program,
        cells: &[Letters],
        budget: u64,
        first_only: bool,
        deadline: Option<Instant>,
    ) -> Run<'p> {
        Run {
            prog,
            len: cells.len(),
            parent: (0..cells.len()).collect(),
            size: vec![1; cells.len()],
            set: cells.to_vec(),
            trail: Vec::new(),
            caps: vec![UNSET; prog.slots],
            regs: vec![UNSET; prog.registers],
            support: vec![Letters::EMPTY; cells.len()],
            domain: cells.to_vec(),
            short: cells.len(),
            found: false,
            first_only,
            steps: 0,
            budget,
            deadline,
        }
    }

    fn find(&self, mut i: usize) -> usize {
        while self.parent[i] != i {
            i = self.parent[i];
        }
        i
    }

    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop() {
                Some(Undo::Narrow(r, s)) => self.set[r] = s,
                Some(Undo::Union { child, root, set }) => {
                    self.parent[child] = child;
                    self.size[root] -= self.size[child];
                    self.set[root] = set;
                }
                None => break,
            }
        }
    }

    /// Ties cells `a` and `b` to one letter; false when their sets share none.
    fn tie(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return true;
        }
        let both = self.set[ra] & self.set[rb];
        if both.is_empty() {
            return false;
        }
        let (child, root) = if self.size[ra] < self.size[rb] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.trail.push(Undo::Union {
            child,
            root,
            set: self.set[root],
        });
        self.parent[child] = root;
        self.size[root] += self.size[child];
        self.set[root] = both;
        true
    }

    fn done(&self) -> bool {
        self.found && (self.first_only || self.short == 0)
    }

    /// How many cells group `k` holds now (`None`: not set).
    fn held(&self, k: usize) -> Option<usize> {
        let s = *self.caps.get(2 * k)?;
        let e = *self.caps.get(2 * k + 1)?;
        (s != UNSET && e != UNSET && e >= s).then(|| e - s)
    }

    /// Whether a way from instruction `pc` at cell `pos` can still end exactly at the end
    /// of the line ([`Lengths`]).
    fn fits(&self, pc: usize, pos: usize) -> bool {
        let l = &self.prog.lengths;
        let left = self.len - pos;
        let mut least = l.min[pc] as usize;
        if least > left {
            return false;
        }
        let mut must = l.must[pc];
        while must != 0 {
            let k = must.trailing_zeros() as usize;
            must &= must - 1;
            if let Some(h) = self.held(k) {
                least += h;
                if least > left {
                    return false;
                }
            }
        }
        if let Some(most) = l.tail_max[pc] {
            let mut most = most as usize;
            for &k in &l.tail_refs[l.refs_from[pc]..] {
                // a reference to a group not set fails: it reads nothing here
                most += self.held(k).unwrap_or(0);
            }
            if most < left {
                return false;
            }
        }
        true
    }

    fn go(&mut self, mut pc: usize, pos: usize) -> Result<(), Stopped> {
        loop {
            self.steps += 1;
            if self.steps > self.budget {
                return Err(OutOfSteps(self.budget).into());
            }
            if self.steps.is_multiple_of(CLOCK_EVERY)
                && self.deadline.is_some_and(|d| Instant::now() >= d)
            {
                return Err(Stopped::Time);
            }
            match self.prog.insts[pc] {
                Inst::Class(c) => {
                    if pos >= self.len || !self.fits(pc, pos) {
                        return Ok(());
                    }
                    let r = self.find(pos);
                    let s = self.set[r] & c;
                    if s.is_empty() {
                        return Ok(());
                    }
                    let mark = self.trail.len();
                    self.trail.push(Undo::Narrow(r, self.set[r]));
                    self.set[r] = s;
                    let res = self.go(pc + 1, pos + 1);
                    self.undo_to(mark);
                    return res;
                }
                Inst::Split(a, b) => {
                    self.go(a, pos)?;
                    if self.done() {
                        return Ok(());
                    }
                    pc = b;
                }
                Inst::Jmp(a) => pc = a,
                Inst::Save(slot) => {
                    let old = self.caps[slot];
                    self.caps[slot] = pos;
                    if !slot.is_multiple_of(2) && !self.fits(pc + 1, pos) {
                        self.caps[slot] = old;
                        return Ok(());
                    }
                    let res = self.go(pc + 1, pos);
                    self.caps[slot] = old;
                    return res;
                }
                Inst::Backref(k) => {
                    let (s, e) = (self.caps[2 * k], self.caps[2 * k + 1]);
                    if s == UNSET || e == UNSET || e < s {
                        return Ok(());
                    }
                    let n = e - s;
                    if pos + n > self.len {
                        return Ok(());
                    }
                    let mark = self.trail.len();
                    let ok = (0..n).all(|j| self.tie(s + j, pos + j));
                    let res = if ok { self.go(pc + 1, pos + n) } else { Ok(()) };
                    self.undo_to(mark);
                    return res;
                }
                Inst::Mark(r) => {
                    let old = self.regs[r];
                    self.regs[r] = pos;
                    let res = self.go(pc + 1, pos);
                    self.regs[r] = old;
                    return res;
                }
                Inst::Progress(r) => {
                    if self.regs[r] == pos {
                        return Ok(());
                    }
                    pc += 1;
                }
                Inst::Match => {
                    if pos == self.len {
                        self.found = true;
                        if !self.first_only {
                            for i in 0..self.len {
                                let r = self.find(i);
                                let before = self.support[i];
                                self.support[i] |= self.set[r];
                                if before != self.domain[i] && self.support[i] == self.domain[i] {
                                    self.short -= 1;
                                }
                            }
                        }
                    }
                    return Ok(());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prog(s: &str) -> Program {
        Program::new(&Clue::parse(s).unwrap(), Letters::capitals())
    }

    #[test]
    fn matches_backreferences() {
        let p = prog("(...?)\\1*");
        assert!(p.is_match(b"OREOREOREORE", 1000).unwrap());
        assert!(p.is_match(b"ABAB", 1000).unwrap());
        assert!(!p.is_match(b"ABCAB", 1000).unwrap());
        let q = prog(".*(.)(.)(.)(.)\\4\\3\\2\\1.*");
        assert!(q.is_match(b"XXABCDDCBAX", 10_000).unwrap());
        assert!(!q.is_match(b"XXABCDDCBBX", 10_000).unwrap());
        assert!(prog("(A*)*B").is_match(b"AAB", 1000).unwrap());
        assert!(prog("(A|)*\\1B").is_match(b"AAB", 1000).unwrap());
        // an empty iteration does not count (as in fancy-regex): group 1 stays unset
        assert!(!prog("(A|)*\\1B").is_match(b"B", 1000).unwrap());
    }

    #[test]
    fn supports_tie_cells_together() {
        let p = prog("(.)C\\1X\\1");
        let any = Letters::capitals();
        let s = p
            .supports(
                &[any, any, Letters::of("ABQ"), any, Letters::of("BQZ")],
                1000,
            )
            .unwrap()
            .unwrap();
        assert_eq!(s[0], Letters::of("BQ"));
        assert_eq!(s[1], Letters::of("C"));
        assert_eq!(s[2], Letters::of("BQ"));
        assert_eq!(s[3], Letters::of("X"));
        assert_eq!(s[4], Letters::of("BQ"));
        assert!(p
            .supports(&[any, any, Letters::of("A"), any, Letters::of("B")], 1000)
            .unwrap()
            .is_none());
    }

    #[test]
    fn a_deadline_stops_one_run() {
        // Exponentially many ways to split 40 As into As and AAs, none ending in BB: with
        // a billion steps allowed (seconds), only the deadline ends the run.
        let p = prog("(A|AA)*(A|AA)*(A|AA)*(B)\\4");
        let started = Instant::now();
        let deadline = started + std::time::Duration::from_millis(200);
        let r = p.is_match_until(&[b'A'; 40], 1_000_000_000, Some(deadline));
        assert_eq!(r, Err(Stopped::Time));
        let took = started.elapsed();
        // (without the clock: ~8 s for the billion steps; the margin is for a busy machine)
        assert!(took < std::time::Duration::from_secs(1), "{took:?}");
        let any = Letters::capitals();
        let r = p.supports_until(&[any; 40], 10_000_000_000, Some(Instant::now()));
        assert_eq!(r, Err(Stopped::Time));
    }

    #[test]
    fn budget_is_enforced() {
        let p = prog("(A|AA)*B");
        assert!(p.is_match(&[b'A'; 40], 1000).is_err());
    }
}
