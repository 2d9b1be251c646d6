//! [`Autox`]: the 1956 AUTOX (Model Engineer, "ETP"), the Computox's ancestor.
//!
//! The same move-selection algorithm on one uniselector and eleven telephone relays in a
//! gramophone case (spec `computox.md`, from the restoration blog). Differences from the
//! Computox, all modelled here:
//!
//! * single player only; no X relay, no SAL, no second controller;
//! * lamps show only the machine's moves; the player marks a square by rotating a
//!   *shutter* over it, and the shutter's switches stand in for the `*XA` latches;
//! * the player then presses START, and the uniselector makes one full sweep of its 24
//!   positions in preference order ([`crate::U1`]);
//! * no W/L relays and no bell: the player sees the result. [`Autox::onlooker`] says what
//!   the board shows, as a person looking at it would (not a part of the machine);
//! * the shutters are rolled back by hand between games.

use ludomat_tictactoe::Mark;

use crate::error::MachineError;
use crate::machine::Verdict;
use crate::plan::ContactPlan;
use crate::uniselector::{Sweep, Uniselector};
use crate::{Line, Square, Squares};

/// The AUTOX.
///
/// ```
/// use ludomat_computox::{Autox, Square};
/// let mut a = Autox::new();
/// a.close_shutter(Square::A)?;
/// assert_eq!(a.press_start()?.claim, Square::E);
/// assert_eq!(a.lamps().to_string(), "E");
/// # Ok::<(), ludomat_computox::MachineError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Autox {
    plan: ContactPlan,
    lamps: Squares,
    shutters: Squares,
    os: bool,
    start_due: bool,
    u1: Uniselector,
    last_sweep: Option<Sweep>,
}

impl Autox {
    /// A machine with fresh latches and every shutter open.
    #[must_use]
    pub fn new() -> Autox {
        Autox::default()
    }

    /// The machine on another contact plan (experiments).
    #[must_use]
    pub fn with_plan(plan: ContactPlan) -> Autox {
        Autox {
            plan,
            ..Autox::default()
        }
    }

    /// Lit lamps: the machine's moves.
    #[must_use]
    pub const fn lamps(&self) -> Squares {
        self.lamps
    }

    /// Closed shutters: the player's moves.
    #[must_use]
    pub const fn shutters(&self) -> Squares {
        self.shutters
    }

    /// Whether the machine started this game (the OS relay).
    #[must_use]
    pub const fn os(&self) -> bool {
        self.os
    }

    /// The uniselector.
    #[must_use]
    pub const fn u1(&self) -> &Uniselector {
        &self.u1
    }

    /// The last sweep.
    #[must_use]
    pub const fn last_sweep(&self) -> Option<Sweep> {
        self.last_sweep
    }

    /// What the board shows, as seen by a person (the AUTOX has no W/L relays).
    #[must_use]
    pub fn onlooker(&self) -> Option<Verdict> {
        if let Some(l) = Line::completed_in(self.lamps) {
            Some(Verdict::Won(l))
        } else if let Some(l) = Line::completed_in(self.shutters) {
            Some(Verdict::Lost(l))
        } else if self.lamps.union(self.shutters) == Squares::ALL {
            Some(Verdict::Drawn)
        } else {
            None
        }
    }

    fn check_not_over(&self) -> Result<(), MachineError> {
        match self.onlooker() {
            None => Ok(()),
            Some(Verdict::Won(l)) => Err(MachineError::GameOver(format!(
                "the board shows the AUTOX's line {l}"
            ))),
            Some(Verdict::Lost(l)) => Err(MachineError::GameOver(format!(
                "the board shows your line {l}"
            ))),
            Some(Verdict::Drawn) => Err(MachineError::GameOver("the board is full".into())),
        }
    }

    /// RESET releases the lamp latches; rolling the shutters back is done by hand
    /// ([`Autox::roll_back_shutters`]).
    pub fn reset(&mut self) {
        self.lamps = Squares::NONE;
        self.os = false;
        self.start_due = false;
        self.last_sweep = None;
    }

    /// Roll every shutter back by hand.
    pub fn roll_back_shutters(&mut self) {
        self.shutters = Squares::NONE;
        self.start_due = false;
    }

    /// Close the shutter over `square`: the player's move.
    ///
    /// # Errors
    /// When the square is lit or already shuttered, when a shutter was closed and START
    /// not yet pressed, or when the board already shows the end of the game.
    pub fn close_shutter(&mut self, square: Square) -> Result<(), MachineError> {
        self.check_not_over()?;
        if self.start_due {
            return Err(MachineError::OutOfTurn(
                "you have closed a shutter; press START for the machine's move".into(),
            ));
        }
        if self.lamps.contains(square) {
            return Err(MachineError::occupied(square, Mark::O));
        }
        if self.shutters.contains(square) {
            return Err(MachineError::occupied(square, Mark::X));
        }
        self.shutters = self.shutters.with(square);
        self.start_due = true;
        Ok(())
    }

    /// START: one sweep of the uniselector. On an empty board it makes the machine start
    /// (and latches OS, for the machine-start order).
    ///
    /// # Errors
    /// When no shutter was closed since the machine's last move, when the board already
    /// shows the end of the game, or when the sweep finds nothing.
    pub fn press_start(&mut self) -> Result<Sweep, MachineError> {
        self.check_not_over()?;
        let empty = self.lamps.union(self.shutters).is_empty();
        if !self.start_due && !empty {
            return Err(MachineError::OutOfTurn(
                "close a shutter over your square first".into(),
            ));
        }
        if empty {
            self.os = true;
        }
        let s = self
            .u1
            .run(&self.plan, self.lamps, self.shutters, self.os, false)
            .ok_or(MachineError::NoClaim)?;
        for sq in s.claims.iter() {
            self.lamps = self.lamps.with(sq);
        }
        self.start_due = false;
        self.last_sweep = Some(s);
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn autox_plays_the_same_algorithm() {
        let mut a = Autox::new();
        assert_eq!(a.press_start().unwrap().claim, Square::A);
        assert!(a.os());
        a.close_shutter(Square::F).unwrap();
        assert!(matches!(
            a.close_shutter(Square::B),
            Err(MachineError::OutOfTurn(_))
        ));
        assert_eq!(a.press_start().unwrap().claim, Square::C);
        assert!(matches!(a.press_start(), Err(MachineError::OutOfTurn(_))));
        assert!(matches!(
            a.close_shutter(Square::A),
            Err(MachineError::Interlock { held: Mark::O, .. })
        ));
        assert!(matches!(
            a.close_shutter(Square::F),
            Err(MachineError::Interlock { held: Mark::X, .. })
        ));
        a.close_shutter(Square::B).unwrap();
        assert_eq!(a.press_start().unwrap().claim, Square::E);
        a.close_shutter(Square::J).unwrap();
        a.press_start().unwrap();
        assert!(matches!(a.onlooker(), Some(Verdict::Won(Line::Ceg))));
        assert!(matches!(
            a.close_shutter(Square::D),
            Err(MachineError::GameOver(_))
        ));
        a.reset();
        a.roll_back_shutters();
        assert!(a.lamps().is_empty() && a.shutters().is_empty());
        a.close_shutter(Square::E).unwrap();
        assert_eq!(a.press_start().unwrap().claim, Square::A);
        assert!(!a.os());
        assert_eq!(a.u1().steps(), 5 * 25);
    }
}
