//! The matchers against `fancy-regex` (a backtracking engine with backreferences) on
//! random clues of the dialect and random strings, and the set-based supports against
//! brute force.

mod common;

use common::{random_clue, Rng};
use ludomat_regex_crossword::backtrack::Program;
use ludomat_regex_crossword::nfa::Nfa;
use ludomat_regex_crossword::{Clue, Letters};
use proptest::prelude::*;

const ALPHABET: &[u8] = b"ABC";

fn all_strings(len: usize) -> Vec<Vec<u8>> {
    let mut v = vec![vec![]];
    for _ in 0..len {
        v = v
            .into_iter()
            .flat_map(|s| {
                ALPHABET.iter().map(move |&c| {
                    let mut t = s.clone();
                    t.push(c);
                    t
                })
            })
            .collect();
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn matcher_agrees_with_fancy_regex(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let text = random_clue(&mut rng, ALPHABET, 2);
        let clue = Clue::parse(&text).map_err(|e| TestCaseError::fail(format!("/{text}/: {e}")))?;
        let alphabet = Letters::of("ABC");
        let prog = Program::new(&clue, alphabet);
        let nfa = Nfa::new(&clue, alphabet);
        let fancy = fancy_regex::Regex::new(&format!("^(?:{text})$"))
            .map_err(|e| TestCaseError::fail(format!("fancy-regex /{text}/: {e}")))?;
        for len in 0..=5 {
            for s in all_strings(len) {
                let Ok(mine) = prog.is_match(&s, 1_000_000) else { continue };
                let st = std::str::from_utf8(&s).unwrap();
                let Ok(theirs) = fancy.is_match(st) else { continue };
                prop_assert_eq!(mine, theirs, "clue /{}/ on {:?}", text, st);
                if !clue.has_backrefs {
                    prop_assert_eq!(nfa.accepts(&s), theirs, "automaton, clue /{}/ on {:?}", text, st);
                } else if theirs {
                    // the automaton over-approximates: it never rejects a match
                    prop_assert!(nfa.accepts(&s), "automaton rejects a match: /{}/ {:?}", text, st);
                }
            }
        }
    }

    #[test]
    fn supports_are_exact(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let text = random_clue(&mut rng, ALPHABET, 2);
        let clue = Clue::parse(&text).map_err(|e| TestCaseError::fail(format!("/{text}/: {e}")))?;
        let alphabet = Letters::of("ABC");
        let prog = Program::new(&clue, alphabet);
        let nfa = Nfa::new(&clue, alphabet);
        let len = rng.below(5);
        let cells: Vec<Letters> = (0..len)
            .map(|_| Letters::of(["A", "B", "C", "AB", "AC", "BC", "ABC", "ABC"][rng.below(8)]))
            .collect();
        // brute force: the letters each cell holds in some matching line
        let mut want = vec![Letters::EMPTY; len];
        let mut any = false;
        for s in all_strings(len) {
            if s.iter().zip(&cells).all(|(&c, d)| d.contains(c)) && prog.is_match(&s, 1_000_000).unwrap() {
                any = true;
                for (w, &c) in want.iter_mut().zip(&s) {
                    *w = w.with(c);
                }
            }
        }
        let got = prog.supports(&cells, 1_000_000).unwrap();
        prop_assert_eq!(got.clone(), any.then(|| want.clone()), "program, /{}/ over {:?}", text, cells);
        let auto = nfa.supports(&cells);
        if clue.has_backrefs {
            if let Some(w) = got {
                let a = auto.unwrap();
                prop_assert!(w.iter().zip(&a).all(|(w, a)| w.is_subset(*a)), "/{}/", text);
            }
        } else {
            prop_assert_eq!(auto, any.then_some(want), "automaton, /{}/ over {:?}", text, cells);
        }
    }
}
