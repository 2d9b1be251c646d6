//! The clue dialect: the regular expressions regex crosswords print beside their lines.
//!
//! What regexcrossword.com and the 2013 MIT Mystery Hunt's "A Regular Crossword" use:
//! literals, `.`, classes `[ABC]` and negated classes `[^ABC]` with ranges `[A-F]`,
//! groups `( … )` (capturing, numbered by their opening parenthesis) and `(?: … )`,
//! alternation `|`, the repeats `* + ? {m} {m,} {m,n}` (a trailing `?` making one lazy
//! is accepted and changes nothing, since a clue must match the whole line), and
//! backreferences `\1` … `\9`. A clue always matches its whole line, so `^` at the very
//! start and `$` at the very end are accepted and mean nothing more. `\` before a sign
//! makes it literal (`\.`, `\*`).
//!
//! Parsing yields a [`Node`] tree in which `.` and negated classes are kept unresolved:
//! what they stand for depends on the puzzle's alphabet (see [`Node::letters`]).

use crate::letters::Letters;

/// The most a counted repeat `{m,n}` may ask for (each copy is expanded).
pub const MAX_REPEAT: u32 = 64;
/// The most character positions a clue may have once its repeats are written out (the
/// automaton has one state per position).
pub const MAX_POSITIONS: u64 = 4096;
/// The deepest groups `( … )` may nest in a clue. The parser, the automaton and the
/// matcher walk the tree recursively; a bound keeps a hostile clue (20,000 nested groups)
/// from overflowing the stack. Clues in print nest three or four deep.
pub const MAX_DEPTH: usize = 100;

/// One piece of a parsed clue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// The empty string.
    Empty,
    /// One character from a set: a literal or a class.
    Set(Letters),
    /// One character of the alphabet not in the set: a negated class.
    NotSet(Letters),
    /// One character of the alphabet: `.`.
    Any,
    /// One piece after another.
    Concat(Vec<Node>),
    /// Any one of the pieces.
    Alt(Vec<Node>),
    /// The piece `min ..= max` times (`max` `None`: unbounded).
    Repeat {
        /// The repeated piece.
        node: Box<Node>,
        /// At least this often.
        min: u32,
        /// At most this often.
        max: Option<u32>,
    },
    /// A capturing group, numbered from 1.
    Group {
        /// Its number.
        index: usize,
        /// What it holds.
        node: Box<Node>,
    },
    /// The text the group of this number last captured.
    Backref(usize),
}

impl Node {
    /// The characters a one-character node accepts under `alphabet`.
    #[must_use]
    pub fn letters(&self, alphabet: Letters) -> Letters {
        match self {
            Node::Set(s) => *s & alphabet,
            Node::NotSet(s) => alphabet - *s,
            Node::Any => alphabet,
            _ => Letters::EMPTY,
        }
    }

    /// Whether the node can match the empty string (backreferences: when their group
    /// can).
    #[must_use]
    pub fn nullable(&self, groups: &[Option<&Node>]) -> bool {
        match self {
            Node::Empty => true,
            Node::Set(_) | Node::NotSet(_) | Node::Any => false,
            Node::Concat(v) => v.iter().all(|n| n.nullable(groups)),
            Node::Alt(v) => v.iter().any(|n| n.nullable(groups)),
            Node::Repeat { node, min, .. } => *min == 0 || node.nullable(groups),
            Node::Group { node, .. } => node.nullable(groups),
            Node::Backref(k) => groups
                .get(*k)
                .copied()
                .flatten()
                .is_none_or(|g| g.nullable(groups)),
        }
    }

    /// How many character positions the node has once counted repeats and
    /// backreferences are written out (saturating).
    #[must_use]
    pub fn positions(&self, groups: &[Option<&Node>]) -> u64 {
        match self {
            Node::Empty => 0,
            Node::Set(_) | Node::NotSet(_) | Node::Any => 1,
            Node::Concat(v) | Node::Alt(v) => v
                .iter()
                .fold(0u64, |a, n| a.saturating_add(n.positions(groups))),
            Node::Repeat { node, min, max } => {
                let copies = u64::from(max.unwrap_or(*min + 1).max(*min).max(1));
                node.positions(groups).saturating_mul(copies)
            }
            Node::Group { node, .. } => node.positions(groups),
            Node::Backref(k) => groups
                .get(*k)
                .copied()
                .flatten()
                .map_or(0, |g| g.positions(groups)),
        }
    }

    /// Every character the clue names outside negated classes.
    pub fn named_letters(&self, into: &mut Letters) {
        match self {
            Node::Set(s) => *into |= *s,
            Node::Concat(v) | Node::Alt(v) => v.iter().for_each(|n| n.named_letters(into)),
            Node::Repeat { node, .. } | Node::Group { node, .. } => node.named_letters(into),
            _ => {}
        }
    }

    fn collect_groups<'a>(&'a self, into: &mut Vec<Option<&'a Node>>) {
        match self {
            Node::Group { index, node } => {
                if into.len() <= *index {
                    into.resize(*index + 1, None);
                }
                into[*index] = Some(node);
                node.collect_groups(into);
            }
            Node::Concat(v) | Node::Alt(v) => v.iter().for_each(|n| n.collect_groups(into)),
            Node::Repeat { node, .. } => node.collect_groups(into),
            _ => {}
        }
    }
}

/// Why a clue could not be read: where (1-based character column) and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct ClueError {
    /// 1-based column of the offending character (one past the end for "unexpected end").
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

/// A parsed clue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clue {
    /// The clue as printed.
    pub source: String,
    /// Its tree.
    pub node: Node,
    /// How many capturing groups it has.
    pub groups: usize,
    /// Whether it uses a backreference (then only search decides it exactly).
    pub has_backrefs: bool,
}

impl Clue {
    /// Reads a clue.
    ///
    /// # Errors
    /// [`ClueError`] naming the column and what was wrong there.
    pub fn parse(source: &str) -> Result<Clue, ClueError> {
        if let Some((i, c)) = source
            .char_indices()
            .find(|(_, c)| !c.is_ascii() || c.is_ascii_control())
        {
            return Err(ClueError {
                column: source[..i].chars().count() + 1,
                message: format!(
                    "{} is not a printable ASCII character",
                    ludomat_io::text::quoted(&c.to_string(), 1)
                ),
            });
        }
        let mut p = Parser {
            s: source.as_bytes(),
            i: 0,
            groups: 0,
            closed: Vec::new(),
            has_backrefs: false,
            depth: 0,
        };
        if p.peek() == Some(b'^') {
            p.i += 1;
        }
        let node = p.alt()?;
        if p.peek() == Some(b'$') && p.i + 1 == p.s.len() {
            p.i += 1;
        }
        if let Some(c) = p.peek() {
            return Err(p.err(match c {
                b')' => "')' without an opening '('".to_string(),
                c => format!("unexpected '{}'", c as char),
            }));
        }
        let clue = Clue {
            source: source.to_string(),
            node,
            groups: p.groups,
            has_backrefs: p.has_backrefs,
        };
        let n = clue.node.positions(&clue.group_nodes());
        if n > MAX_POSITIONS {
            return Err(ClueError {
                column: 1,
                message: format!(
                    "the clue expands to {} character positions, more than the {} supported",
                    ludomat_io::text::thousands(n),
                    ludomat_io::text::thousands(MAX_POSITIONS)
                ),
            });
        }
        Ok(clue)
    }

    /// The group nodes by number (index 0 unused).
    #[must_use]
    pub fn group_nodes(&self) -> Vec<Option<&Node>> {
        let mut v = vec![None; self.groups + 1];
        self.node.collect_groups(&mut v);
        v
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    groups: usize,
    closed: Vec<usize>,
    has_backrefs: bool,
    /// How many groups are open at the current character.
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn err(&self, message: impl Into<String>) -> ClueError {
        ClueError {
            column: self.i + 1,
            message: message.into(),
        }
    }

    fn err_at(&self, i: usize, message: impl Into<String>) -> ClueError {
        ClueError {
            column: i + 1,
            message: message.into(),
        }
    }

    fn alt(&mut self) -> Result<Node, ClueError> {
        let mut branches = vec![self.concat()?];
        while self.peek() == Some(b'|') {
            self.i += 1;
            branches.push(self.concat()?);
        }
        Ok(if branches.len() == 1 {
            branches.pop().unwrap_or(Node::Empty)
        } else {
            Node::Alt(branches)
        })
    }

    fn concat(&mut self) -> Result<Node, ClueError> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            if c == b'|' || c == b')' {
                break;
            }
            if c == b'$' && self.i + 1 == self.s.len() {
                break;
            }
            let atom = self.atom()?;
            items.push(self.repeats(atom)?);
        }
        Ok(match items.len() {
            0 => Node::Empty,
            1 => items.pop().unwrap_or(Node::Empty),
            _ => Node::Concat(items),
        })
    }

    fn repeats(&mut self, mut atom: Node) -> Result<Node, ClueError> {
        let mut quantified = false;
        loop {
            let start = self.i;
            let (min, max) = match self.peek() {
                Some(b'*') => {
                    self.i += 1;
                    (0, None)
                }
                Some(b'+') => {
                    self.i += 1;
                    (1, None)
                }
                Some(b'?') => {
                    self.i += 1;
                    (0, Some(1))
                }
                Some(b'{') => self.counted()?,
                _ => return Ok(atom),
            };
            if quantified {
                // `a*?` and `a+?` are lazy forms (same strings); `a**` is not a clue.
                if self.s[start] == b'?' && self.s.get(start.wrapping_sub(1)) != Some(&b'?') {
                    continue;
                }
                return Err(self.err_at(start, "a repeat cannot follow another repeat"));
            }
            quantified = true;
            atom = Node::Repeat {
                node: Box::new(atom),
                min,
                max,
            };
        }
    }

    fn number(&mut self) -> Option<u32> {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i])
            .ok()
            .and_then(|t| t.parse().ok())
    }

    fn counted(&mut self) -> Result<(u32, Option<u32>), ClueError> {
        let open = self.i;
        self.i += 1;
        let min = self
            .number()
            .ok_or_else(|| self.err("expected a number after '{'"))?;
        let max = if self.peek() == Some(b',') {
            self.i += 1;
            if self.peek() == Some(b'}') {
                None
            } else {
                Some(
                    self.number()
                        .ok_or_else(|| self.err("expected a number or '}' after ','"))?,
                )
            }
        } else {
            Some(min)
        };
        if self.peek() != Some(b'}') {
            return Err(self.err("expected '}' to close the repeat"));
        }
        self.i += 1;
        if max.is_some_and(|m| m < min) {
            return Err(self.err_at(
                open,
                format!("repeat {{{min},…}} has its maximum below its minimum"),
            ));
        }
        if min.max(max.unwrap_or(0)) > MAX_REPEAT {
            return Err(self.err_at(
                open,
                format!("repeat counts above {MAX_REPEAT} are not supported"),
            ));
        }
        Ok((min, max))
    }

    fn atom(&mut self) -> Result<Node, ClueError> {
        let start = self.i;
        let Some(c) = self.peek() else {
            return Err(self.err("unexpected end of clue"));
        };
        self.i += 1;
        match c {
            b'(' => {
                if self.depth >= MAX_DEPTH {
                    return Err(
                        self.err_at(start, format!("groups nest more than {MAX_DEPTH} deep"))
                    );
                }
                let index = if self.s[self.i..].starts_with(b"?:") {
                    self.i += 2;
                    None
                } else {
                    self.groups += 1;
                    Some(self.groups)
                };
                self.depth += 1;
                let inner = self.alt()?;
                self.depth -= 1;
                if self.peek() != Some(b')') {
                    return Err(self.err_at(start, "'(' is never closed"));
                }
                self.i += 1;
                Ok(match index {
                    Some(index) => {
                        self.closed.push(index);
                        Node::Group {
                            index,
                            node: Box::new(inner),
                        }
                    }
                    None => inner,
                })
            }
            b'[' => self.class(start),
            b'.' => Ok(Node::Any),
            b'\\' => {
                let Some(e) = self.peek() else {
                    return Err(self.err_at(start, "'\\' at the end of the clue"));
                };
                self.i += 1;
                if e.is_ascii_digit() && e != b'0' {
                    let k = usize::from(e - b'0');
                    if !self.closed.contains(&k) {
                        return Err(self.err_at(
                            start,
                            format!("backreference \\{k} names no group closed before it"),
                        ));
                    }
                    self.has_backrefs = true;
                    Ok(Node::Backref(k))
                } else if e.is_ascii_punctuation() || e == b' ' {
                    Ok(Node::Set(Letters::single(e)))
                } else {
                    Err(self.err_at(start, format!("unsupported escape '\\{}'", e as char)))
                }
            }
            b'*' | b'+' | b'?' | b'{' => {
                Err(self.err_at(start, format!("'{}' repeats nothing", c as char)))
            }
            b'^' | b'$' => Err(self.err_at(
                start,
                format!("'{}' is only allowed at the very start or end", c as char),
            )),
            b']' | b'}' => Err(self.err_at(start, format!("unmatched '{}'", c as char))),
            c => Ok(Node::Set(Letters::single(c))),
        }
    }

    fn class_char(&mut self) -> Result<u8, ClueError> {
        match self.peek() {
            None => Err(self.err("unexpected end of clue inside '[…]'")),
            Some(b'\\') => {
                self.i += 1;
                let e = self
                    .peek()
                    .ok_or_else(|| self.err("unexpected end of clue after '\\'"))?;
                if !(e.is_ascii_punctuation() || e == b' ') {
                    return Err(
                        self.err_at(self.i - 1, format!("unsupported escape '\\{}'", e as char))
                    );
                }
                self.i += 1;
                Ok(e)
            }
            Some(c) => {
                self.i += 1;
                Ok(c)
            }
        }
    }

    fn class(&mut self, open: usize) -> Result<Node, ClueError> {
        let negated = self.peek() == Some(b'^');
        if negated {
            self.i += 1;
        }
        let mut set = Letters::EMPTY;
        let mut first = true;
        loop {
            match self.peek() {
                None => return Err(self.err_at(open, "'[' is never closed")),
                Some(b']') if !first => {
                    self.i += 1;
                    break;
                }
                Some(b']') => return Err(self.err("empty class '[]'")),
                _ => {}
            }
            first = false;
            let at = self.i;
            let lo = self.class_char()?;
            if self.peek() == Some(b'-') && self.s.get(self.i + 1).is_some_and(|&c| c != b']') {
                self.i += 1;
                let hi = self.class_char()?;
                if hi < lo {
                    return Err(self.err_at(
                        at,
                        format!("range {}-{} runs backwards", lo as char, hi as char),
                    ));
                }
                set |= Letters::range(lo, hi);
            } else {
                set = set.with(lo);
            }
        }
        Ok(if negated {
            Node::NotSet(set)
        } else {
            Node::Set(set)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(s: &str) -> ClueError {
        Clue::parse(s).unwrap_err()
    }

    #[test]
    fn parses_the_dialect() {
        let c = Clue::parse("(...?)\\1*").unwrap();
        assert_eq!(c.groups, 1);
        assert!(c.has_backrefs);
        let c = Clue::parse("^[^A-CX]{2,3}(?:AB|C)+?$").unwrap();
        assert_eq!(c.groups, 0);
        assert!(!c.has_backrefs);
        match &c.node {
            Node::Concat(v) => {
                assert_eq!(
                    v[0],
                    Node::Repeat {
                        node: Box::new(Node::NotSet(Letters::of("ABCX"))),
                        min: 2,
                        max: Some(3)
                    }
                );
            }
            n => panic!("{n:?}"),
        }
        assert_eq!(Clue::parse("").unwrap().node, Node::Empty);
        assert_eq!(
            Clue::parse("a\\.").unwrap().node,
            Node::Concat(vec![
                Node::Set(Letters::single(b'a')),
                Node::Set(Letters::single(b'.'))
            ])
        );
    }

    #[test]
    fn errors_name_the_column() {
        assert_eq!(err("AB(C").column, 3);
        assert_eq!(err("AB)C").column, 3);
        assert_eq!(err("*A").column, 1);
        assert_eq!(err("A\\2(B)").column, 2);
        assert_eq!(err("(A)\\2").column, 4);
        assert_eq!(err("[Z-A]").column, 2);
        assert_eq!(err("A[BC").column, 2);
        assert_eq!(err("A{3,1}").column, 2);
        assert_eq!(err("A{99}").column, 2);
        assert_eq!(err("A**").column, 3);
        assert_eq!(err("AÄ").column, 2);
        assert!(err("A^B").message.contains("start or end"));
        assert!(err("[]").message.contains("empty"));
        assert!(err("((A{64}){64}){64}").message.contains("expands"));
        assert!(Clue::parse("(A{64}){60}").is_ok());
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        // Once: 20,000 nested groups aborted the process (SIGABRT) in the parser.
        let deep = format!("{}A{}", "(".repeat(20_000), ")".repeat(20_000));
        let e = err(&deep);
        assert_eq!(e.column, MAX_DEPTH + 1);
        assert!(e.message.contains("nest more than 100 deep"), "{e}");
        let ok = format!("{}A{}", "(?:".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert!(Clue::parse(&ok).is_ok());
        let over = format!(
            "{}A{}",
            "(".repeat(MAX_DEPTH + 1),
            ")".repeat(MAX_DEPTH + 1)
        );
        assert_eq!(err(&over).column, MAX_DEPTH + 1);
    }
}
