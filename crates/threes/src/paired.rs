//! Two AIs on the same deals, compared game by game (`threes versus --paired A,B`).
//!
//! `threes versus` deals game `i` of a seed to every AI and budget, so two AIs at the same
//! budget played the very same cards. The paired comparison takes, for each budget both
//! played, the games both finished, and reports the mean of the per-game differences
//! (A − B) with its 95 % interval (Student's t on the differences). Pairing removes the
//! luck of the deal, which is most of a Threes! score's spread, so the interval is much
//! narrower than the one of two independent means.

use crate::versus::{t975, VersusGame};

/// A and B at one budget, over the deals both played.
#[derive(Debug, Clone, PartialEq)]
pub struct Paired {
    /// The budget (as written on the command line).
    pub budget: String,
    /// Deals both played.
    pub games: u64,
    /// A's mean score over them.
    pub mean_a: f64,
    /// B's.
    pub mean_b: f64,
    /// The mean of A − B.
    pub difference: f64,
    /// Half the width of its 95 % interval.
    pub half_width: f64,
    /// A's CPU time per swipe, milliseconds.
    pub cpu_ms_a: f64,
    /// B's.
    pub cpu_ms_b: f64,
}

/// The paired comparison of AI `a` against AI `b` at every budget both played, in the
/// order `a`'s budgets first appear.
#[must_use]
pub fn paired(games: &[VersusGame], a: &str, b: &str) -> Vec<Paired> {
    let mut budgets: Vec<&str> = Vec::new();
    for g in games.iter().filter(|g| g.ai == a) {
        if !budgets.contains(&g.budget.as_str()) {
            budgets.push(&g.budget);
        }
    }
    budgets
        .into_iter()
        .filter_map(|budget| {
            let of = |ai: &str| {
                games
                    .iter()
                    .filter(move |g| g.ai == ai && g.budget == budget)
                    .collect::<Vec<_>>()
            };
            let (ga, gb) = (of(a), of(b));
            let pairs: Vec<(&VersusGame, &VersusGame)> = ga
                .iter()
                .filter_map(|x| {
                    gb.iter()
                        .find(|y| y.game == x.game && y.seed == x.seed)
                        .map(|y| (*x, *y))
                })
                .collect();
            if pairs.is_empty() {
                return None;
            }
            let n = pairs.len() as f64;
            let d: Vec<f64> = pairs
                .iter()
                .map(|(x, y)| x.score as f64 - y.score as f64)
                .collect();
            let mean = d.iter().sum::<f64>() / n;
            let var = if pairs.len() > 1 {
                d.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)
            } else {
                0.0
            };
            let cpu_ms = |first: bool| {
                let side = pairs.iter().map(|&(x, y)| if first { x } else { y });
                let moves: u64 = side.clone().map(|g| u64::from(g.moves)).sum();
                let cpu: f64 = side.map(|g| g.cpu.as_secs_f64()).sum();
                1000.0 * cpu / moves.max(1) as f64
            };
            Some(Paired {
                budget: budget.to_string(),
                games: pairs.len() as u64,
                mean_a: pairs.iter().map(|p| p.0.score as f64).sum::<f64>() / n,
                mean_b: pairs.iter().map(|p| p.1.score as f64).sum::<f64>() / n,
                difference: mean,
                half_width: if pairs.len() > 1 {
                    t975(pairs.len() as u64 - 1) * (var / n).sqrt()
                } else {
                    f64::INFINITY
                },
                cpu_ms_a: cpu_ms(true),
                cpu_ms_b: cpu_ms(false),
            })
        })
        .collect()
}

/// The comparison as the terminal shows it: a heading and one line per budget (at most
/// 80 columns).
#[must_use]
pub fn table(a: &str, b: &str, rows: &[Paired]) -> Vec<String> {
    use crate::text::thousands;
    let signed = |v: f64| {
        let s = thousands(v.abs().round() as u64);
        if v < 0.0 {
            format!("−{s}")
        } else {
            format!("+{s}")
        }
    };
    let mut out = vec![format!(
        "{a} − {b}, the same deals (paired; 95 % interval of the mean difference):"
    )];
    for r in rows {
        out.push(format!(
            "  {:>6}: {:>4} deals, {} ({} … {}); {:.2} vs {:.2} ms a swipe",
            r.budget,
            r.games,
            signed(r.difference),
            signed(r.difference - r.half_width),
            signed(r.difference + r.half_width),
            r.cpu_ms_a,
            r.cpu_ms_b
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn g(ai: &str, budget: &str, game: u64, score: u64) -> VersusGame {
        VersusGame {
            ai: ai.into(),
            budget: budget.into(),
            game,
            seed: game + 100,
            score,
            max_tile: 384,
            moves: 100,
            nodes: 0,
            cpu: Duration::from_millis(100),
            wall: Duration::from_millis(200),
        }
    }

    #[test]
    fn differences_over_the_deals_both_played() {
        let games = vec![
            g("a", "1", 0, 110),
            g("a", "1", 1, 220),
            g("a", "1", 2, 330),
            g("a", "1", 3, 999), // b has no game 3: left out
            g("b", "1", 0, 100),
            g("b", "1", 1, 200),
            g("b", "1", 2, 300),
            g("b", "3", 0, 5), // a has no budget 3
        ];
        let p = paired(&games, "a", "b");
        assert_eq!(p.len(), 1);
        let r = &p[0];
        assert_eq!((r.games, r.mean_a, r.mean_b), (3, 220.0, 200.0));
        // differences 10, 20, 30: mean 20, sd 10, t(2) = 4.303
        assert_eq!(r.difference, 20.0);
        assert!((r.half_width - 4.303 * 10.0 / 3f64.sqrt()).abs() < 1e-9);
        assert!((r.cpu_ms_a - 1.0).abs() < 1e-9);
        let t = table("a", "b", &p);
        assert_eq!(t.len(), 2);
        assert!(t[1].contains("+20 (−5 … +45)"), "{}", t[1]);
        assert!(t.iter().all(|l| l.chars().count() <= 80));
    }
}
