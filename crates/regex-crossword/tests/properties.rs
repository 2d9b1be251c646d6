//! Random grids → clues generated from them → the solver's answer satisfies every clue
//! (and, searched to the end, the solutions include the grid the clues came from).

mod common;

use common::Rng;
use ludomat_regex_crossword::{Puzzle, SolveOptions, Solver};
use proptest::prelude::*;

const ALPHABET: &[u8] = b"ABCD";

/// A clue the line `text` matches: per letter a literal, `.`, a class holding it or a
/// negated class without it; a repeated letter sometimes as a backreference; sometimes
/// runs folded into `X+` or an alternation.
fn clue_for(rng: &mut Rng, text: &[u8]) -> String {
    let mut group_at = None;
    if rng.chance(40) {
        'find: for i in 0..text.len() {
            for j in i + 1..text.len() {
                if text[i] == text[j] {
                    group_at = Some((i, j));
                    break 'find;
                }
            }
        }
    }
    let mut s = String::new();
    let mut i = 0;
    while i < text.len() {
        let c = text[i] as char;
        if let Some((g, _)) = group_at.filter(|(g, _)| *g == i) {
            let _ = g;
            s.push_str(&format!("({c})"));
        } else if group_at.is_some_and(|(_, b)| b == i) {
            s.push_str("\\1");
        } else {
            let mut run = 1;
            while i + run < text.len() && text[i + run] == text[i] {
                run += 1;
            }
            if run > 1 && rng.chance(30) && group_at.is_none_or(|(a, b)| b < i || a >= i + run) {
                s.push_str(&format!("{c}+"));
                i += run;
                continue;
            }
            match rng.below(6) {
                0 | 1 => s.push(c),
                2 => s.push('.'),
                3 => {
                    let o = rng.pick(ALPHABET) as char;
                    s.push_str(&format!("[{o}{c}]"));
                }
                4 => {
                    let o = rng.pick(ALPHABET) as char;
                    if o == c {
                        s.push(c);
                    } else {
                        s.push_str(&format!("[^{o}]"));
                    }
                }
                _ => {
                    let o = rng.pick(ALPHABET) as char;
                    s.push_str(&format!("(?:{c}|{o}{o})"));
                }
            }
        }
        i += 1;
    }
    s
}

fn random_puzzle(rng: &mut Rng) -> (String, Vec<u8>) {
    let shape = if rng.chance(50) {
        format!("rectangle {}x{}", 1 + rng.below(5), 1 + rng.below(5))
    } else {
        format!("hexagon {}", 1 + rng.below(3))
    };
    let probe = Puzzle::parse(&format!("shape: {shape}\n")).unwrap();
    let grid: Vec<u8> = (0..probe.grid.cells())
        .map(|_| rng.pick(ALPHABET))
        .collect();
    let mut text = format!("shape: {shape}\nalphabet: A-D\n");
    for line in &probe.grid.lines {
        let letters: Vec<u8> = line.cells.iter().map(|&c| grid[c]).collect();
        text.push_str(&format!(
            "{} {}: {}\n",
            line.direction,
            line.number,
            clue_for(rng, &letters)
        ));
    }
    (text, grid)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn solver_satisfies_clues_made_from_a_grid(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let (text, grid) = random_puzzle(&mut rng);
        let p = Puzzle::parse(&text).unwrap();
        let s = Solver::new(&p);
        prop_assert!(s.failing_clues(&grid).unwrap().is_empty(), "generator: {}", text);
        let out = s.solve(SolveOptions { limit: 1, ..SolveOptions::default() }).unwrap();
        prop_assert_eq!(out.solutions.len(), 1, "no solution for\n{}", text);
        prop_assert!(s.failing_clues(&out.solutions[0]).unwrap().is_empty());
        // all solutions, when few: the source grid is among them
        let all = s.solve(SolveOptions { limit: 200, ..SolveOptions::default() }).unwrap();
        if all.complete {
            prop_assert!(all.solutions.contains(&grid), "grid missing from solutions of\n{}", text);
            for sol in &all.solutions {
                prop_assert!(s.failing_clues(sol).unwrap().is_empty());
            }
        }
    }
}
