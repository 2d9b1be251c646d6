//! Shared by the randomised tests: a small seeded generator of clues in the dialect.

#![allow(dead_code)]

/// splitmix64: every random choice of these tests comes from the proptest-chosen seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    pub fn pick(&mut self, s: &[u8]) -> u8 {
        s[self.below(s.len())]
    }
}

/// A random clue over `alphabet`: classes, groups, alternation, repeats and
/// backreferences to groups already closed.
pub fn random_clue(rng: &mut Rng, alphabet: &[u8], depth: u32) -> String {
    let mut g = Gen {
        rng,
        alphabet,
        groups: 0,
        closed: Vec::new(),
    };
    g.alt(depth)
}

struct Gen<'a> {
    rng: &'a mut Rng,
    alphabet: &'a [u8],
    groups: usize,
    closed: Vec<usize>,
}

impl Gen<'_> {
    fn alt(&mut self, depth: u32) -> String {
        let n = if depth > 0 && self.rng.chance(25) {
            2
        } else {
            1
        };
        let mut v: Vec<String> = (0..n).map(|_| self.concat(depth)).collect();
        if n == 2 && self.rng.chance(20) {
            v.push(String::new());
        }
        v.join("|")
    }
    fn concat(&mut self, depth: u32) -> String {
        // fancy-regex refuses to repeat an empty group, so groups hold something
        let n = self.rng.below(3) + 1;
        let mut s = String::new();
        for _ in 0..n {
            s.push_str(&self.piece(depth));
        }
        s
    }
    fn piece(&mut self, depth: u32) -> String {
        let atom = self.atom(depth);
        match self.rng.below(10) {
            0 => format!("{atom}*"),
            1 => format!("{atom}+"),
            2 => format!("{atom}?"),
            3 => {
                let m = self.rng.below(3);
                let n = m + self.rng.below(2);
                format!("{atom}{{{m},{n}}}")
            }
            _ => atom,
        }
    }
    fn atom(&mut self, depth: u32) -> String {
        match self.rng.below(if depth > 0 { 8 } else { 5 }) {
            0 | 1 => (self.rng.pick(self.alphabet) as char).to_string(),
            2 => ".".into(),
            3 => {
                let a = self.rng.pick(self.alphabet) as char;
                let b = self.rng.pick(self.alphabet) as char;
                if self.rng.chance(50) {
                    format!("[{a}{b}]")
                } else {
                    format!("[^{a}]")
                }
            }
            4 if !self.closed.is_empty() => {
                let k = self.closed[self.rng.below(self.closed.len())];
                format!("\\{k}")
            }
            4 => (self.rng.pick(self.alphabet) as char).to_string(),
            _ => {
                if self.groups < 9 && self.rng.chance(70) {
                    self.groups += 1;
                    let k = self.groups;
                    let inner = self.alt(depth - 1);
                    self.closed.push(k);
                    format!("({inner})")
                } else {
                    format!("(?:{})", self.alt(depth - 1))
                }
            }
        }
    }
}
