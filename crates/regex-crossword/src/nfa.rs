//! The position automaton (Glushkov) of a clue, run over a line of letter *sets*.
//!
//! Every character class of the clue (after counted repeats are written out) is one
//! state; a state is entered by reading one character of its class. Running the automaton
//! forward over the cells' sets gives the states reachable after each cell, running it
//! backward keeps those from which the end is still reachable; a letter survives in cell
//! `i` exactly when some live state entered at `i` accepts it. For clues without
//! backreferences this is exact: the surviving letters are precisely those that appear at
//! that cell in some matching line. A backreference is treated as a fresh copy of its
//! group, which accepts more lines than the clue does (never fewer), so propagation stays
//! sound and [`crate::backtrack`] settles such clues exactly.

use crate::clue::{Clue, Node};
use crate::letters::Letters;

/// A fixed-size set of automaton states.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64).max(1)])
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn or(&mut self, o: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            *a |= b;
        }
    }
    fn and(&mut self, o: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            *a &= b;
        }
    }
    fn meets(&self, o: &Bits) -> bool {
        self.0.iter().zip(&o.0).any(|(a, b)| a & b != 0)
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let b = word.trailing_zeros() as usize;
                    word &= word - 1;
                    w * 64 + b
                })
            })
        })
    }
}

/// First and last positions of a piece and whether it matches the empty string.
struct Frag {
    nullable: bool,
    first: Vec<usize>,
    last: Vec<usize>,
}

struct Builder<'a> {
    alphabet: Letters,
    groups: Vec<Option<&'a Node>>,
    class: Vec<Letters>,
    follow: Vec<Vec<usize>>,
}

impl<'a> Builder<'a> {
    fn link(&mut self, from: &[usize], to: &[usize]) {
        for &f in from {
            self.follow[f].extend_from_slice(to);
        }
    }

    fn concat(&mut self, a: Frag, b: Frag) -> Frag {
        self.link(&a.last, &b.first);
        let mut first = a.first;
        if a.nullable {
            first.extend_from_slice(&b.first);
        }
        let mut last = b.last;
        if b.nullable {
            last.extend_from_slice(&a.last);
        }
        Frag {
            nullable: a.nullable && b.nullable,
            first,
            last,
        }
    }

    fn build(&mut self, node: &'a Node) -> Frag {
        match node {
            Node::Empty => Frag {
                nullable: true,
                first: vec![],
                last: vec![],
            },
            Node::Set(_) | Node::NotSet(_) | Node::Any => {
                let p = self.class.len();
                self.class.push(node.letters(self.alphabet));
                self.follow.push(Vec::new());
                Frag {
                    nullable: false,
                    first: vec![p],
                    last: vec![p],
                }
            }
            Node::Concat(v) => {
                let mut acc = self.build(&Node::Empty);
                for n in v {
                    let f = self.build(n);
                    acc = self.concat(acc, f);
                }
                acc
            }
            Node::Alt(v) => {
                let mut acc = Frag {
                    nullable: false,
                    first: vec![],
                    last: vec![],
                };
                for n in v {
                    let f = self.build(n);
                    acc.nullable |= f.nullable;
                    acc.first.extend(f.first);
                    acc.last.extend(f.last);
                }
                acc
            }
            Node::Repeat { node, min, max } => {
                let mut acc = self.build(&Node::Empty);
                for _ in 0..*min {
                    let f = self.build(node);
                    acc = self.concat(acc, f);
                }
                match max {
                    None => {
                        let mut f = self.build(node);
                        self.link(&f.last, &f.first);
                        f.nullable = true;
                        acc = self.concat(acc, f);
                    }
                    Some(max) => {
                        for _ in *min..*max {
                            let mut f = self.build(node);
                            f.nullable = true;
                            acc = self.concat(acc, f);
                        }
                    }
                }
                acc
            }
            Node::Group { node, .. } => self.build(node),
            Node::Backref(k) => match self.groups.get(*k).copied().flatten() {
                Some(g) => self.build(g),
                None => Frag {
                    nullable: false,
                    first: vec![],
                    last: vec![],
                },
            },
        }
    }
}

/// A clue's position automaton over one alphabet.
#[derive(Debug, Clone)]
pub struct Nfa {
    /// State 0 is the start; state `p > 0` is entered by a character of `class[p]`.
    class: Vec<Letters>,
    follow: Vec<Bits>,
    accept: Bits,
}

impl Nfa {
    /// The automaton of `clue` with `.` and negated classes taken within `alphabet`.
    #[must_use]
    pub fn new(clue: &Clue, alphabet: Letters) -> Nfa {
        let mut b = Builder {
            alphabet,
            groups: clue.group_nodes(),
            class: vec![Letters::EMPTY],
            follow: vec![Vec::new()],
        };
        let f = b.build(&clue.node);
        b.follow[0] = f.first.clone();
        let n = b.class.len();
        let follow = b
            .follow
            .iter()
            .map(|to| {
                let mut bits = Bits::new(n);
                to.iter().for_each(|&t| bits.set(t));
                bits
            })
            .collect();
        let mut accept = Bits::new(n);
        f.last.iter().for_each(|&t| accept.set(t));
        if f.nullable {
            accept.set(0);
        }
        Nfa {
            class: b.class,
            follow,
            accept,
        }
    }

    /// How many states the automaton has.
    #[must_use]
    pub fn states(&self) -> usize {
        self.class.len()
    }

    /// The letters each cell keeps: for every cell, those that appear there in some line
    /// (drawn from `cells`) the automaton accepts. `None` when it accepts no such line.
    #[must_use]
    pub fn supports(&self, cells: &[Letters]) -> Option<Vec<Letters>> {
        let n = self.class.len();
        let len = cells.len();
        let mut reach = Vec::with_capacity(len + 1);
        let mut start = Bits::new(n);
        start.set(0);
        reach.push(start);
        for (i, &cell) in cells.iter().enumerate() {
            let mut next = Bits::new(n);
            for s in reach[i].ones() {
                next.or(&self.follow[s]);
            }
            let mut mask = Bits::new(n);
            for p in next.ones() {
                if !(self.class[p] & cell).is_empty() {
                    mask.set(p);
                }
            }
            if mask.is_empty() {
                return None;
            }
            reach.push(mask);
        }
        // `live[i]`: reachable after i cells and the end still reachable from there.
        let mut live = reach[len].clone();
        live.and(&self.accept);
        if live.is_empty() {
            return None;
        }
        let mut out = vec![Letters::EMPTY; len];
        for i in (0..len).rev() {
            for p in live.ones() {
                out[i] |= self.class[p] & cells[i];
            }
            let mut prev = Bits::new(n);
            for s in reach[i].ones() {
                if self.follow[s].meets(&live) {
                    prev.set(s);
                }
            }
            live = prev;
        }
        Some(out)
    }

    /// Whether the automaton accepts `text` exactly (exact for clues without
    /// backreferences).
    #[must_use]
    pub fn accepts(&self, text: &[u8]) -> bool {
        let cells: Vec<Letters> = text.iter().map(|&c| Letters::single(c)).collect();
        self.supports(&cells).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nfa(s: &str) -> Nfa {
        Nfa::new(&Clue::parse(s).unwrap(), Letters::capitals())
    }

    #[test]
    fn accepts_whole_lines_only() {
        let a = nfa("(DI|NS|TH|OM)*");
        assert!(a.accepts(b"DIOMTH"));
        assert!(a.accepts(b""));
        assert!(!a.accepts(b"DIO"));
        let b = nfa("A{2,3}B?");
        assert!(
            b.accepts(b"AA") && b.accepts(b"AAAB") && !b.accepts(b"AAAAB") && !b.accepts(b"AB")
        );
        let c = nfa("[^A-C]+");
        assert!(c.accepts(b"XYZ") && !c.accepts(b"XAZ"));
    }

    #[test]
    fn supports_are_exact_projections() {
        let a = nfa("(AB|CD)*");
        let any = Letters::capitals();
        let s = a.supports(&[any; 4]).unwrap();
        assert_eq!(s[0], Letters::of("AC"));
        assert_eq!(s[1], Letters::of("BD"));
        assert!(a.supports(&[any; 3]).is_none());
        let s = a.supports(&[any, Letters::of("D"), any, any]).unwrap();
        assert_eq!(s[0], Letters::of("C"));
        assert_eq!(s[2], Letters::of("AC"));
    }

    #[test]
    fn backreference_is_over_approximated() {
        let a = nfa("(A|B)\\1");
        assert!(a.accepts(b"AA") && a.accepts(b"AB"));
    }
}
