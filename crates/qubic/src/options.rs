//! A game against the IBM 1620 programs as a person asks for it on the command line
//! (`ludomat play qubic`): [`PlayOptions`], turned into the session's [`QubicConfig`]; and
//! the 1962 deck's switches ([`DeckFlags`], faithful by default), shared with
//! `ludomat tournament qubic`.
//!
//! With the cargo feature `clap` these are the binary's flags; their doc comments are its
//! `--help`.

use crate::session::{QubicConfig, Strategy};
use crate::{LevelSet, LoudenOptions, NtestOrder, Plane};

/// The machine's strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum StrategyChoice {
    /// The 1620 machine-code program as documented for OTHER-1 (levels 1–11, Java's 12).
    #[default]
    Other1,
    /// Bob Louden's 1962 FORTRAN deck (9 levels, its messages and quirks).
    Louden1962,
    /// The machine moves first and cannot lose: on 4×4×4×4 the stored forced win, on
    /// 4×4×4 Patashnik's dictionary strategy.
    Forced,
}

/// NTEST card order for the 1962 deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Ntest {
    /// The surviving decks' order (04 15 03 10 00 05 02 01 05).
    #[default]
    Deck,
    /// Card-sequence order (04 15 03 10 05 00 02 01 05).
    Listing,
}

/// Switches of the 1962 deck (faithful by default).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct DeckFlags {
    /// NTEST order of the 1962 deck.
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value_t = Ntest::Deck))]
    pub ntest: Ntest,
    /// 1962 deck: keep intersection marks in a table of their own, not in the lane sums.
    #[cfg_attr(feature = "clap", arg(long))]
    pub separate_marks: bool,
    /// 1962 deck: reset K1 to 1 at each new game instead of carrying it over.
    #[cfg_attr(feature = "clap", arg(long))]
    pub reset_k1: bool,
    /// 1962 deck: no level-6 fallback to the lane's last cell.
    #[cfg_attr(feature = "clap", arg(long))]
    pub no_level6_fallback: bool,
}

impl DeckFlags {
    /// The deck's options these switches make.
    #[must_use]
    pub fn options(&self) -> LoudenOptions {
        LoudenOptions {
            ntest: match self.ntest {
                Ntest::Deck => NtestOrder::Deck,
                Ntest::Listing => NtestOrder::Listing,
            },
            marks_in_lane_sums: !self.separate_marks,
            k1_carry_over: !self.reset_k1,
            level6_fallback: !self.no_level6_fallback,
        }
    }
}

/// `ludomat play qubic`: the game and how it is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct PlayOptions {
    /// The machine's strategy.
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value_t = StrategyChoice::Other1))]
    pub strategy: StrategyChoice,
    /// The machine moves first.
    #[cfg_attr(feature = "clap", arg(long))]
    pub machine_first: bool,
    /// Dimensions, 3 to 4: 3 for 4×4×4 (moves `xyz`), 4 for 4×4×4×4 (moves `wxyz`, OTHER-1
    /// only).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 3, value_parser = ludomat_game::count::count::<u8>(3, 4)))]
    pub dims: u8,
    /// Also draw one of the 18 planes after each move: t1–t4, r1–r4, c1–c4, d1–d6.
    #[cfg_attr(feature = "clap", arg(long))]
    pub slice: Option<Plane>,
    /// Seed for the machine's random choices (levels 11 and 12).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1, value_parser = ludomat_game::count::count::<u64>(0, u64::MAX)))]
    pub seed: u64,
    /// OTHER-1: switch levels off, e.g. `6,9`.
    #[cfg_attr(feature = "clap", arg(long, default_value = ""))]
    pub disable: LevelSet,
    /// OTHER-1: pick a random level-6/9 candidate instead of the last one found.
    #[cfg_attr(feature = "clap", arg(long))]
    pub random_saved: bool,
    /// OTHER-1: no Java level 12 (the 1620 halts when the major diagonals are full).
    #[cfg_attr(feature = "clap", arg(long))]
    pub no_level12: bool,
    /// Show the machine's tables (row sums, intersection marks, 6MOV/9MOV) after each move.
    #[cfg_attr(feature = "clap", arg(long))]
    pub explain: bool,
    #[cfg_attr(feature = "clap", command(flatten))]
    pub deck: DeckFlags,
}

/// Options that make no game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// The 1962 deck on the 4D board.
    #[error("the 1962 deck plays 4×4×4 only; drop --dims 4")]
    DeckIn4d,
}

impl PlayOptions {
    /// The session's configuration.
    ///
    /// # Errors
    /// [`OptionsError::DeckIn4d`].
    pub fn config(&self) -> Result<QubicConfig, OptionsError> {
        let strategy = match (self.strategy, self.dims) {
            (StrategyChoice::Louden1962, 4) => return Err(OptionsError::DeckIn4d),
            (StrategyChoice::Other1, _) => Strategy::Other1,
            (StrategyChoice::Louden1962, _) => Strategy::Louden1962,
            (StrategyChoice::Forced, _) => Strategy::Forced,
        };
        Ok(QubicConfig {
            dims: self.dims,
            strategy,
            disable: (1..=12).filter(|&n| self.disable.contains(n)).collect(),
            machine_first: self.machine_first,
            seed: self.seed,
            random_saved: self.random_saved,
            level12: !self.no_level12,
            ntest_listing: self.deck.ntest == Ntest::Listing,
            separate_marks: self.deck.separate_marks,
            reset_k1: self.deck.reset_k1,
            no_level6_fallback: self.deck.no_level6_fallback,
        })
    }

    /// How the game is shown.
    #[must_use]
    pub fn shown(&self) -> crate::text::Shown {
        crate::text::Shown {
            slice: self.slice,
            explain: self.explain,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_plays_the_cube_only() {
        let o = PlayOptions {
            strategy: StrategyChoice::Louden1962,
            machine_first: false,
            dims: 4,
            slice: None,
            seed: 1,
            disable: LevelSet::NONE,
            random_saved: false,
            no_level12: false,
            explain: false,
            deck: DeckFlags::default(),
        };
        assert_eq!(o.config(), Err(OptionsError::DeckIn4d));
        let c = PlayOptions { dims: 3, ..o }.config().unwrap();
        assert_eq!(c.strategy, Strategy::Louden1962);
        assert!(c.level12);
        assert_eq!(DeckFlags::default().options(), LoudenOptions::default());
    }
}
