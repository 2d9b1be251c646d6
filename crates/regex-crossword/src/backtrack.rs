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
#[error("the backtracking matcher gave up after {0} steps")]
pub struct OutOfSteps(pub u64);

/// A clue compiled for the backtracking matcher.
#[derive(Debug, Clone)]
pub struct Program {
    insts: Vec<Inst>,
    slots: usize,
    registers: usize,
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
        Program {
            insts: c.insts,
            slots: 2 * (clue.groups + 1),
            registers: c.registers,
        }
    }

    /// Whether the clue matches `text` exactly.
    ///
    /// # Errors
    /// [`OutOfSteps`] after `budget` steps.
    pub fn is_match(&self, text: &[u8], budget: u64) -> Result<bool, OutOfSteps> {
        let cells: Vec<Letters> = text.iter().map(|&c| Letters::single(c)).collect();
        let mut run = Run::new(self, &cells, budget, true);
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
        let mut run = Run::new(self, cells, budget, false);
        run.go(0, 0)?;
        Ok(run.found.then_some(run.support))
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
    found: bool,
    first_only: bool,
    steps: u64,
    budget: u64,
}

const UNSET: usize = usize::MAX;

impl<'p> Run<'p> {
    fn new(prog: &'p Program, cells: &[Letters], budget: u64, first_only: bool) -> Run<'p> {
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
            found: false,
            first_only,
            steps: 0,
            budget,
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
        self.first_only && self.found
    }

    fn go(&mut self, mut pc: usize, pos: usize) -> Result<(), OutOfSteps> {
        loop {
            self.steps += 1;
            if self.steps > self.budget {
                return Err(OutOfSteps(self.budget));
            }
            match self.prog.insts[pc] {
                Inst::Class(c) => {
                    if pos >= self.len {
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
                                self.support[i] |= self.set[r];
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
    fn budget_is_enforced() {
        let p = prog("(A|AA)*B");
        assert!(p.is_match(&[b'A'; 40], 1000).is_err());
    }
}
