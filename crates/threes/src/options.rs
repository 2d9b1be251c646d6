//! How deep our AI searches, as a person states it: a fixed depth, the dynamic rule, a time,
//! CPU or node budget per move, and the rule's bounds ([`DepthOptions`]), turned into a
//! checked [`DepthRule`]. With the cargo feature `clap` the options are the binary's
//! `--depth`, `--time-per-move` … flags (`threes auto`, `threes engine`); the doc comments
//! are their `--help`.

use crate::search::{DEFAULT_SPREAD, MAX_DEPTH};
use crate::DepthRule;

/// How deep our AI searches: a fixed depth, the dynamic rule, or a budget per move.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct DepthOptions {
    /// Fixed search depth in swipes, 1 to 10 (default: dynamic, from the board).
    #[cfg_attr(feature = "clap", arg(long, conflicts_with_all = ["time_per_move", "cpu_per_move", "nodes_per_move"], value_parser = ludomat_game::count::count::<u8>(1, u64::from(MAX_DEPTH))))]
    pub depth: Option<u8>,
    /// Deepen the search while it fits this many milliseconds (wall clock) per move (1 to
    /// 86,400,000).
    #[cfg_attr(feature = "clap", arg(long, conflicts_with_all = ["cpu_per_move", "nodes_per_move"], value_parser = ludomat_game::count::count::<u64>(1, 86_400_000)))]
    pub time_per_move: Option<u64>,
    /// Deepen the search while it fits this much CPU time of the searching thread per move,
    /// on average over the game (milliseconds, 0.01 to 100,000; one thread per search, so
    /// a loaded machine thinks as long as an idle one).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "MS", conflicts_with = "nodes_per_move", value_parser = ludomat_game::count::decimal(0.01, 100_000.0))
    )]
    pub cpu_per_move: Option<f64>,
    /// Deepen the search while it fits this many search nodes per move, on average over
    /// the game (1,000 to 1,000,000,000,000): the same seed plays the same game on any
    /// machine.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", value_parser = ludomat_game::count::count::<u64>(1000, 1_000_000_000_000)))]
    pub nodes_per_move: Option<u64>,
    /// The deepest search the dynamic, time and budget rules may use (default 6 for the
    /// dynamic and time rules — the measured default, about 16 ms CPU per move — and 10 with
    /// --cpu-per-move or --nodes-per-move; 1 to 10).
    #[cfg_attr(feature = "clap", arg(long, value_parser = ludomat_game::count::count::<u8>(1, u64::from(MAX_DEPTH))))]
    pub max_depth: Option<u8>,
    /// The shallowest search of the dynamic rule (1 to 10; 3: the anchor's floor; at
    /// most --max-depth).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 3, value_parser = ludomat_game::count::count::<u8>(1, u64::from(MAX_DEPTH))))]
    pub min_depth: u8,
    /// With a budget: how much more CPU a move may take for each more distinct card on the
    /// board than the game's average (1 to 16; 1: every move alike). The mean stays the
    /// budget.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = DEFAULT_SPREAD, value_parser = ludomat_game::count::decimal(1.0, 16.0)))]
    pub spread: f64,
}

impl Default for DepthOptions {
    /// The dynamic rule from 3 to 6 swipes, the default spread.
    fn default() -> Self {
        DepthOptions {
            depth: None,
            time_per_move: None,
            cpu_per_move: None,
            nodes_per_move: None,
            max_depth: None,
            min_depth: 3,
            spread: DEFAULT_SPREAD,
        }
    }
}

/// Options that do not make a rule; the message names the flag.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OptionsError(pub String);

/// The most a run's `--first-game` may be: its games K … K+games−1 must stay within the
/// last game number, [`u32::MAX`], and a run plays at least one game.
pub const LAST_FIRST_GAME: u32 = u32::MAX - 1;

/// A run's game numbers, `--first-game` K and `--games` N (`threes auto`, `threes
/// versus`): K + N must stay within 4,294,967,295, as both `--help`s say.
///
/// # Errors
/// K + N past it, in the words of `--help`.
pub fn check_game_numbers(first_game: u32, games: u32) -> Result<(), OptionsError> {
    let end = u64::from(first_game) + u64::from(games);
    if end > u64::from(u32::MAX) {
        let t = ludomat_io::text::thousands;
        return Err(OptionsError(format!(
            "--first-game {} + --games {} is {}: K + games must stay within {}",
            t(first_game.into()),
            t(games.into()),
            t(end),
            t(u32::MAX.into())
        )));
    }
    Ok(())
}

impl DepthOptions {
    /// The rule these options state: a fixed depth before a time, a CPU and a node budget,
    /// the dynamic rule when none is given.
    ///
    /// # Errors
    /// A spread outside 1–16, a floor above the cap, a depth of 0, a CPU budget outside
    /// 0.01–100,000 ms.
    pub fn rule(&self) -> Result<DepthRule, OptionsError> {
        let fail = |m: String| Err(OptionsError(m));
        if !(self.spread.is_finite() && (1.0..=16.0).contains(&self.spread)) {
            return fail(format!(
                "--spread '{}' is not a number from 1 to 16",
                ludomat_io::text::short(self.spread)
            ));
        }
        let budgeted = self.cpu_per_move.is_some() || self.nodes_per_move.is_some();
        let max = self
            .max_depth
            .unwrap_or(if budgeted { MAX_DEPTH } else { 6 });
        if max == 0 {
            return fail("--max-depth must be at least 1".into());
        }
        if self.min_depth > max {
            return fail(format!(
                "--min-depth {} is deeper than --max-depth {max}",
                self.min_depth
            ));
        }
        Ok(
            match (
                self.depth,
                self.time_per_move,
                self.cpu_per_move,
                self.nodes_per_move,
            ) {
                (Some(0), ..) => return fail("--depth must be at least 1".into()),
                (Some(d), ..) => DepthRule::Fixed(d),
                (None, Some(millis), ..) => DepthRule::Time { millis, max },
                (None, None, Some(ms), _) => {
                    if !(ms.is_finite() && (0.01..=100_000.0).contains(&ms)) {
                        return fail(format!(
                            "--cpu-per-move '{}' is not a number from 0.01 to 100,000 (milliseconds)",
                            ludomat_io::text::short(ms)
                        ));
                    }
                    DepthRule::Cpu {
                        micros: (ms * 1000.0).round() as u64,
                        max,
                    }
                }
                (None, None, None, Some(nodes)) => DepthRule::Nodes { nodes, max },
                (None, None, None, None) => DepthRule::Dynamic {
                    min: self.min_depth,
                    max,
                },
            },
        )
    }
}

/// What values the search's leaves: the hand-made heuristic, or a network learned by
/// `threes learn` ([`crate::ntuple`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Eval {
    /// The heuristic (its weights: --weights).
    #[default]
    Heuristic,
    /// The learned n-tuple network (--network, or the shipped one).
    Learned,
}

/// Which evaluation our AI uses (with the cargo feature `clap` the flags `--eval` and
/// `--network`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct EvalOptions {
    /// What values the positions at the search's horizon: heuristic (hand-made terms) or
    /// learned (an n-tuple network trained by `threes learn`).
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value_t = Eval::Heuristic))]
    pub eval: Eval,
    /// The network for --eval learned: a file written by `threes learn` (default: the one
    /// shipped with ludomat).
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub network: Option<std::path::PathBuf>,
}

impl EvalOptions {
    /// What values the positions, in words for a run's heading: `the heuristic`, `the
    /// shipped network`, `the network learned/network.ntuple`.
    #[must_use]
    pub fn words(&self) -> String {
        match (self.eval, &self.network) {
            (Eval::Heuristic, _) => "the heuristic".into(),
            (Eval::Learned, None) => "the shipped network".into(),
            (Eval::Learned, Some(p)) => format!("the network {}", ludomat_io::text::path(p)),
        }
    }

    /// The network these options ask for (compact: 16 bits, to play): `None` for the
    /// heuristic.
    ///
    /// # Errors
    /// A network file that cannot be read or is damaged; --network without --eval
    /// learned.
    pub fn network(
        &self,
    ) -> Result<Option<std::sync::Arc<crate::ntuple::Network>>, crate::ntuple::file::NetworkFileError>
    {
        use crate::ntuple::file::{load, NetworkFileError};
        match (self.eval, &self.network) {
            (Eval::Heuristic, None) => Ok(None),
            (Eval::Heuristic, Some(p)) => Err(NetworkFileError::NotLearned(p.clone())),
            (Eval::Learned, Some(p)) => Ok(Some(std::sync::Arc::new(load(p)?.network.compact()))),
            (Eval::Learned, None) => crate::ntuple::shipped().map(Some),
        }
    }
}

/// The hint models by name, listed in `--help` (`--hint-model`).
#[cfg(feature = "clap")]
#[must_use]
pub fn hint_models() -> impl clap::builder::TypedValueParser<Value = crate::HintModel> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(["plus", "window"])
        .map(|s| s.parse::<crate::HintModel>().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hostile item 17: K = 4,294,967,295 with one game was "past the last game number
    /// 4294967295", though --help offered it; now --help offers up to 4,294,967,294 and the
    /// refusal says the rule --help states.
    #[test]
    fn game_numbers_stay_within_the_last_one_as_help_says() {
        assert!(check_game_numbers(LAST_FIRST_GAME, 1).is_ok());
        assert!(check_game_numbers(0, u32::MAX).is_ok());
        let e = check_game_numbers(u32::MAX, 1).unwrap_err().to_string();
        assert_eq!(
            e,
            "--first-game 4,294,967,295 + --games 1 is 4,294,967,296: K + games must stay within 4,294,967,295"
        );
    }

    #[test]
    fn each_option_makes_its_rule() {
        let o = DepthOptions::default();
        assert_eq!(o.rule(), Ok(DepthRule::Dynamic { min: 3, max: 6 }));
        let cpu = DepthOptions {
            cpu_per_move: Some(1.5),
            ..o.clone()
        };
        assert_eq!(
            cpu.rule(),
            Ok(DepthRule::Cpu {
                micros: 1500,
                max: MAX_DEPTH
            })
        );
        let fixed = DepthOptions {
            depth: Some(2),
            time_per_move: Some(5),
            ..o.clone()
        };
        assert_eq!(fixed.rule(), Ok(DepthRule::Fixed(2)));
        let bad = DepthOptions {
            min_depth: 7,
            ..o.clone()
        };
        assert!(bad.rule().unwrap_err().0.contains("--min-depth 7"));
        let spread = DepthOptions { spread: 0.5, ..o };
        assert!(spread.rule().unwrap_err().0.contains("--spread"));
    }
}
