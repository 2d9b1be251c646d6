//! [`Computox`]: the whole relay machine — latches, control relays, uniselectors, lamps,
//! bell and counter — driven by its buttons.

use std::fmt;

use ludomat_game::seed;
use ludomat_tictactoe::{Board, Mark};

use crate::error::MachineError;
use crate::plan::ContactPlan;
use crate::sal::{Sal, SalContact};
use crate::uniselector::{Sweep, Uniselector};
use crate::{GameCounter, Line, Square, Squares};

/// Whose buttons the player relay connects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Turn {
    /// The X buttons (the human; in two-player mode the first controller).
    X,
    /// The O side: the machine's sweep is due (in two-player mode, the second controller).
    O,
    /// A W or L lamp is lit, or every square is: nothing until RESET.
    Over,
}

/// How a game ended, named by the relay that says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The W relay: O (the machine) made a line. Bell.
    Won(Line),
    /// The L relay: X (the human) made a line. Bell.
    Lost(Line),
    /// Every square lit and no line: no lamp, no bell.
    Drawn,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Won(l) => write!(f, "W lamp: O has the line {l}"),
            Verdict::Lost(l) => write!(f, "L lamp: X has the line {l}"),
            Verdict::Drawn => f.write_str("every square lit, no line: a draw"),
        }
    }
}

/// One player or two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Players {
    /// The human (X) against the machine (O).
    #[default]
    One,
    /// Two humans on the two controllers; the machine only referees (interlock, player
    /// relay, W/L relays, bell).
    Two,
}

/// How the machine is set up before play: the wiring and the hidden switches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// The uniselector's contact plan.
    pub plan: ContactPlan,
    /// One or two players.
    pub players: Players,
    /// A "secret" micro-switch held closed: the X relay energises at every RESET, so
    /// every game is beatable. (Either of the two switches does the same.)
    pub secret_switch: bool,
    /// The four hidden MODE switches in series with SAL's taps.
    pub mode_switches: [bool; 4],
}

impl Default for Settings {
    fn default() -> Self {
        Settings::UNBEATABLE
    }
}

impl Settings {
    /// The museum default: one player, X relay never energised.
    pub const UNBEATABLE: Settings = Settings {
        plan: ContactPlan::COMPUTOX,
        players: Players::One,
        secret_switch: false,
        mode_switches: [false; 4],
    };

    /// Beatable in every game: a secret switch held.
    pub const BEATABLE: Settings = Settings {
        secret_switch: true,
        ..Settings::UNBEATABLE
    };

    /// All four MODE switches set: beatable in about one game in four, chosen by SAL.
    pub const MODE_SWITCHES: Settings = Settings {
        mode_switches: [true; 4],
        ..Settings::UNBEATABLE
    };

    /// Two humans, the machine as referee.
    pub const TWO_PLAYER: Settings = Settings {
        players: Players::Two,
        ..Settings::UNBEATABLE
    };
}

/// Every relay of the machine, as a snapshot. `*XB`/`*OB` are the slave relays driven
/// from a contact of `*XA`/`*OA` (a type 3000 relay carries at most eight contacts); in
/// a settled machine they follow their masters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Relays {
    /// `AXA` … `JXA`: the human's occupancy latches.
    pub xa: Squares,
    /// `AXB` … `JXB`: their slaves.
    pub xb: Squares,
    /// `AOA` … `JOA`: the machine's occupancy latches.
    pub oa: Squares,
    /// `AOB` … `JOB`: their slaves.
    pub ob: Squares,
    /// OS: the machine started (latched by OS-T1 until RESET).
    pub os: bool,
    /// X: beatable (latched by X-T1 until RESET).
    pub x: bool,
    /// W: the machine (O) has a line.
    pub w: bool,
    /// L: the human (X) has a line.
    pub l: bool,
}

/// What the panel shows: an O lamp and an X lamp per square, and the W and L lamps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Lamps {
    /// Lit O lamps.
    pub o: Squares,
    /// Lit X lamps.
    pub x: Squares,
    /// W lamp (machine won).
    pub w: bool,
    /// L lamp (machine lost).
    pub l: bool,
}

impl Lamps {
    /// What square `s` shows.
    #[must_use]
    pub const fn at(&self, s: Square) -> Option<Mark> {
        if self.o.contains(s) {
            Some(Mark::O)
        } else if self.x.contains(s) {
            Some(Mark::X)
        } else {
            None
        }
    }
}

/// One mark made: by a button or by a sweep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// The lamp lit.
    pub mark: Mark,
    /// Where.
    pub square: Square,
    /// The sweep that made it (machine moves).
    pub sweep: Option<Sweep>,
    /// How the game ended, if this move ended it.
    pub verdict: Option<Verdict>,
}

/// What a RESET did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResetReport {
    /// The game counter after stepping.
    pub counter: GameCounter,
    /// Where SAL stopped.
    pub sal: SalContact,
    /// Whether the X relay came up (SAL and a MODE switch, or a held secret switch).
    pub x_relay: bool,
}

/// The Computox. The human plays X, the machine O.
///
/// ```
/// use ludomat_computox::{Computox, Settings, Square, Tactic};
/// let mut m = Computox::new(Settings::UNBEATABLE, 1);
/// m.reset();
/// m.machine_first()?;                      // the OS relay latches
/// assert_eq!(m.sweep()?.square, Square::A);
/// m.press(Square::F)?;
/// assert_eq!(m.sweep()?.square, Square::C);
/// m.press(Square::B)?;
/// let mv = m.sweep()?;                      // fork prevention, not J
/// assert_eq!(mv.square, Square::E);
/// assert_eq!(mv.sweep.map(|s| s.tactic), Some(Tactic::ForkPrevention));
/// # Ok::<(), ludomat_computox::MachineError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Computox {
    settings: Settings,
    relays: Relays,
    turn: Turn,
    verdict: Option<Verdict>,
    u1: Uniselector,
    sal: Sal,
    mode_switches: [bool; 4],
    counter: GameCounter,
    bells: u64,
    last_sweep: Option<Sweep>,
    rng: seed::Rng,
}

impl Computox {
    /// A machine just switched on: every relay released, counter at 0000. `seed` decides
    /// where SAL stops at each RESET.
    #[must_use]
    pub fn new(settings: Settings, seed: u64) -> Computox {
        Computox {
            settings,
            relays: Relays::default(),
            turn: Turn::X,
            verdict: None,
            u1: Uniselector::default(),
            sal: Sal::default(),
            mode_switches: settings.mode_switches,
            counter: GameCounter::default(),
            bells: 0,
            last_sweep: None,
            rng: seed::rng(seed),
        }
    }

    /// The settings the machine was built with.
    #[must_use]
    pub const fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Every relay.
    #[must_use]
    pub const fn relays(&self) -> Relays {
        self.relays
    }

    /// The lamp panel.
    #[must_use]
    pub const fn lamps(&self) -> Lamps {
        Lamps {
            o: self.relays.oa,
            x: self.relays.xa,
            w: self.relays.w,
            l: self.relays.l,
        }
    }

    /// Whose buttons are live.
    #[must_use]
    pub const fn turn(&self) -> Turn {
        self.turn
    }

    /// How the game ended, once it has.
    #[must_use]
    pub const fn verdict(&self) -> Option<Verdict> {
        self.verdict
    }

    /// The main uniselector.
    #[must_use]
    pub const fn u1(&self) -> &Uniselector {
        &self.u1
    }

    /// The second uniselector.
    #[must_use]
    pub const fn sal(&self) -> &Sal {
        &self.sal
    }

    /// The hidden MODE switches.
    #[must_use]
    pub const fn mode_switches(&self) -> [bool; 4] {
        self.mode_switches
    }

    /// The mechanical game counter.
    #[must_use]
    pub const fn counter(&self) -> GameCounter {
        self.counter
    }

    /// How many times the bell has rung since power-on.
    #[must_use]
    pub const fn bells(&self) -> u64 {
        self.bells
    }

    /// The last sweep of U1 (for `--explain`).
    #[must_use]
    pub const fn last_sweep(&self) -> Option<Sweep> {
        self.last_sweep
    }

    /// The position as a tic-tac-toe core board. The core's X always moves first, so when
    /// the machine started (OS) its noughts are the core's X and the human's crosses the
    /// core's O; otherwise the marks are the same.
    #[must_use]
    pub fn board(&self) -> Board {
        let (first, second) = if self.relays.os {
            (self.relays.oa, self.relays.xa)
        } else {
            (self.relays.xa, self.relays.oa)
        };
        Board::from_masks(first.mask(), second.mask()).unwrap_or_default()
    }

    /// RESET: every latch and control relay releases, the game counter steps, SAL spins
    /// and stops (seeded); the X relay comes up if SAL rests on a tap whose MODE switch
    /// is set, or a secret switch is held.
    pub fn reset(&mut self) -> ResetReport {
        self.relays = Relays::default();
        self.turn = Turn::X;
        self.verdict = None;
        self.last_sweep = None;
        self.counter.step();
        let sal = self.sal.spin(&mut self.rng);
        self.relays.x = self.settings.secret_switch || self.sal.energises_x(self.mode_switches);
        tracing::debug!(counter = %self.counter, %sal, x = self.relays.x, "RESET");
        ResetReport {
            counter: self.counter,
            sal,
            x_relay: self.relays.x,
        }
    }

    /// Set or clear hidden MODE switch `index` (0–3; they act at the next RESET).
    ///
    /// # Errors
    /// [`MachineError::NotFitted`] for an index above 3.
    pub fn set_mode_switch(&mut self, index: usize, on: bool) -> Result<(), MachineError> {
        let slot = self.mode_switches.get_mut(index).ok_or_else(|| {
            MachineError::NotFitted(format!("there are four MODE switches (0–3), not {index}"))
        })?;
        *slot = on;
        Ok(())
    }

    /// Press secret micro-switch `index` (0 or 1; there are two, and either energises
    /// X directly): the X relay comes up and latches (X-T1) until RESET.
    ///
    /// # Errors
    /// [`MachineError::NotFitted`] for an index above 1.
    pub fn press_secret_switch(&mut self, index: usize) -> Result<(), MachineError> {
        if index > 1 {
            return Err(MachineError::NotFitted(format!(
                "there are two secret switches (0 and 1), not {index}"
            )));
        }
        self.relays.x = true;
        Ok(())
    }

    /// The machine-first button (OS-INP): on an empty board in one-player mode, the OS
    /// relay latches and the machine's sweep is due.
    ///
    /// # Errors
    /// When the game has started, is over, or in two-player mode.
    pub fn machine_first(&mut self) -> Result<(), MachineError> {
        if self.settings.players == Players::Two {
            return Err(MachineError::NotFitted(
                "in two-player mode the machine does not play".into(),
            ));
        }
        self.check_not_over()?;
        if !self.relays.oa.union(self.relays.xa).is_empty() || self.turn != Turn::X {
            return Err(MachineError::OutOfTurn(
                "the machine can only be asked to start on an empty board".into(),
            ));
        }
        self.relays.os = true;
        self.turn = Turn::O;
        Ok(())
    }

    /// A square button on the controller whose turn it is (one-player mode: the human's).
    ///
    /// # Errors
    /// As [`Computox::press_on`].
    pub fn press(&mut self, square: Square) -> Result<Move, MachineError> {
        let mark = match (self.settings.players, self.turn) {
            (Players::Two, Turn::O) => Mark::O,
            _ => Mark::X,
        };
        self.press_on(mark, square)
    }

    /// A square button on the `mark` controller.
    ///
    /// # Errors
    /// [`MachineError::GameOver`] after a W/L lamp or a full board;
    /// [`MachineError::OutOfTurn`] when the player relay connects the other side;
    /// [`MachineError::NotFitted`] for the O buttons in one-player mode;
    /// [`MachineError::Interlock`] for a lit square. The state is unchanged.
    pub fn press_on(&mut self, mark: Mark, square: Square) -> Result<Move, MachineError> {
        if self.settings.players == Players::One && mark == Mark::O {
            return Err(MachineError::NotFitted(
                "in one-player mode the O side is the machine's; it has no buttons".into(),
            ));
        }
        self.check_not_over()?;
        let expected = match self.turn {
            Turn::X => Mark::X,
            _ => Mark::O,
        };
        if mark != expected {
            return Err(MachineError::OutOfTurn(match self.settings.players {
                Players::One => "the machine is to move; run its sweep first".into(),
                Players::Two => format!("the player relay connects only the {expected} buttons"),
            }));
        }
        self.check_free(square)?;
        Ok(self.latch(mark, square, None))
    }

    /// The machine's move: one sweep of U1 from home; the contact that fires latches the
    /// target's `*OA` relay.
    ///
    /// # Errors
    /// [`MachineError::NotFitted`] in two-player mode, [`MachineError::OutOfTurn`] when it
    /// is the human's turn, [`MachineError::GameOver`], and [`MachineError::NoClaim`] if
    /// the sweep finds nothing (impossible with the Computox's plan in a real game).
    pub fn sweep(&mut self) -> Result<Move, MachineError> {
        if self.settings.players == Players::Two {
            return Err(MachineError::NotFitted(
                "in two-player mode the machine does not play".into(),
            ));
        }
        self.check_not_over()?;
        if self.turn != Turn::O {
            return Err(MachineError::OutOfTurn(
                "it is the human's turn: press a square".into(),
            ));
        }
        let r = self.relays;
        let sweep = self
            .u1
            .run(&self.settings.plan, r.oa, r.xa, r.os, r.x)
            .ok_or(MachineError::NoClaim)?;
        self.last_sweep = Some(sweep);
        tracing::debug!(%sweep, "sweep");
        // A hazard contact energises every claimed coil at once (faithful); the move
        // reported is the table-order claim.
        for extra in sweep.claims.iter().filter(|s| *s != sweep.claim) {
            self.relays.oa = self.relays.oa.with(extra);
        }
        Ok(self.latch(Mark::O, sweep.claim, Some(sweep)))
    }

    /// Convenience on top of the buttons: the human presses `square` and, unless that
    /// ended the game, the machine sweeps. Returns both moves.
    ///
    /// # Errors
    /// As [`Computox::press`] and [`Computox::sweep`]; a refused press changes nothing.
    pub fn play(&mut self, square: Square) -> Result<(Move, Option<Move>), MachineError> {
        let human = self.press(square)?;
        let machine = if self.turn == Turn::O && self.settings.players == Players::One {
            Some(self.sweep()?)
        } else {
            None
        };
        Ok((human, machine))
    }

    fn check_not_over(&self) -> Result<(), MachineError> {
        match (self.turn, self.verdict) {
            (Turn::Over, Some(v)) => Err(MachineError::GameOver(v.to_string())),
            (Turn::Over, None) => Err(MachineError::GameOver("game over".into())),
            _ => Ok(()),
        }
    }

    fn check_free(&self, square: Square) -> Result<(), MachineError> {
        if self.relays.oa.contains(square) {
            Err(MachineError::occupied(square, Mark::O))
        } else if self.relays.xa.contains(square) {
            Err(MachineError::occupied(square, Mark::X))
        } else {
            Ok(())
        }
    }

    /// Latch `square` for `mark`, let the slaves follow, and let W/L and the player relay
    /// respond.
    fn latch(&mut self, mark: Mark, square: Square, sweep: Option<Sweep>) -> Move {
        let r = &mut self.relays;
        match mark {
            Mark::X => r.xa = r.xa.with(square),
            Mark::O => r.oa = r.oa.with(square),
        }
        r.xb = r.xa;
        r.ob = r.oa;
        let won = Line::completed_in(r.oa);
        let lost = Line::completed_in(r.xa);
        let verdict = match (won, lost) {
            (Some(l), _) => Some(Verdict::Won(l)),
            (None, Some(l)) => Some(Verdict::Lost(l)),
            (None, None) if r.oa.union(r.xa) == Squares::ALL => Some(Verdict::Drawn),
            _ => None,
        };
        r.w = won.is_some();
        r.l = lost.is_some();
        if r.w || r.l {
            // W-B2 / L-B2 ring the bell.
            self.bells += 1;
        }
        self.verdict = verdict;
        self.turn = match (verdict, mark) {
            (Some(_), _) => Turn::Over,
            (None, Mark::X) => Turn::O,
            (None, Mark::O) => Turn::X,
        };
        Move {
            mark,
            square,
            sweep,
            verdict,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tactic;

    #[test]
    fn seed_worked_game() {
        let mut m = Computox::new(Settings::UNBEATABLE, 1);
        let r = m.reset();
        assert_eq!(r.counter.reading(), 1);
        assert!(!r.x_relay);
        m.machine_first().unwrap();
        assert!(m.relays().os);
        assert_eq!(m.sweep().unwrap().square, Square::A);
        let (h, mv) = m.play(Square::F).unwrap();
        assert_eq!(h.square, Square::F);
        assert_eq!(mv.unwrap().square, Square::C);
        let (_, mv) = m.play(Square::B).unwrap();
        let mv = mv.unwrap();
        let s = mv.sweep.unwrap();
        assert_eq!(
            (mv.square, s.tactic, s.contact.number()),
            (Square::E, Tactic::ForkPrevention, 17)
        );
        // O now threatens J and G: whatever the human does, the machine wins.
        for human in [Square::D, Square::G, Square::H, Square::J] {
            let mut m2 = m.clone();
            let (_, mv) = m2.play(human).unwrap();
            let mv = mv.unwrap();
            assert!(matches!(mv.verdict, Some(Verdict::Won(_))), "{human}");
            assert!(m2.lamps().w && !m2.lamps().l);
            assert_eq!(m2.bells(), 1);
            assert_eq!(m2.turn(), Turn::Over);
        }
    }

    #[test]
    fn without_fork_prevention_the_seed_game_is_lost() {
        let settings = Settings {
            plan: ContactPlan::COMPUTOX.without(Tactic::ForkPrevention),
            ..Settings::UNBEATABLE
        };
        let mut m = Computox::new(settings, 1);
        m.reset();
        m.machine_first().unwrap();
        m.sweep().unwrap();
        m.play(Square::F).unwrap();
        let (_, mv) = m.play(Square::B).unwrap();
        assert_eq!(mv.unwrap().square, Square::J);
        let (_, mv) = m.play(Square::E).unwrap();
        assert_eq!(mv.unwrap().square, Square::D);
        let (h, mv) = m.play(Square::H).unwrap();
        assert_eq!(h.verdict, Some(Verdict::Lost(Line::Beh)));
        assert!(mv.is_none());
        assert!(m.lamps().l && !m.lamps().w);
        assert_eq!(m.bells(), 1);
    }

    #[test]
    fn refusals_leave_the_state_unchanged() {
        let mut m = Computox::new(Settings::UNBEATABLE, 1);
        m.reset();
        m.play(Square::A).unwrap();
        let before = (m.relays(), m.turn(), m.u1().steps());
        // E was taken by the machine.
        let e = m.press(Square::E).unwrap_err();
        assert_eq!(
            e,
            MachineError::Interlock {
                square: Square::E,
                held: Mark::O
            }
        );
        assert!(e.to_string().contains("interlock"));
        assert!(matches!(
            m.press(Square::A),
            Err(MachineError::Interlock { held: Mark::X, .. })
        ));
        assert!(matches!(
            m.press_on(Mark::O, Square::B),
            Err(MachineError::NotFitted(_))
        ));
        assert!(matches!(m.machine_first(), Err(MachineError::OutOfTurn(_))));
        assert!(matches!(m.sweep(), Err(MachineError::OutOfTurn(_))));
        assert_eq!(before, (m.relays(), m.turn(), m.u1().steps()));
        m.press(Square::B).unwrap();
        assert!(matches!(
            m.press(Square::C),
            Err(MachineError::OutOfTurn(_))
        ));
    }

    #[test]
    fn two_player_referee() {
        let mut m = Computox::new(Settings::TWO_PLAYER, 1);
        m.reset();
        assert!(m.sweep().is_err());
        m.press(Square::A).unwrap();
        let e = m.press_on(Mark::X, Square::B).unwrap_err();
        assert!(e.to_string().contains("only the O buttons"), "{e}");
        m.press(Square::D).unwrap();
        m.press(Square::B).unwrap();
        m.press(Square::E).unwrap();
        let mv = m.press(Square::C).unwrap();
        assert_eq!(mv.verdict, Some(Verdict::Lost(Line::Abc)));
        assert!(matches!(m.press(Square::F), Err(MachineError::GameOver(_))));
        assert_eq!(m.bells(), 1);
        m.reset();
        assert_eq!(m.counter().reading(), 2);
        assert_eq!(m.lamps(), Lamps::default());
    }

    #[test]
    fn secret_switch_and_mode_switches() {
        let mut m = Computox::new(Settings::BEATABLE, 1);
        assert!(m.reset().x_relay);
        let mut m = Computox::new(Settings::UNBEATABLE, 1);
        m.reset();
        assert!(m.press_secret_switch(2).is_err());
        assert!(!m.relays().x);
        m.press_secret_switch(1).unwrap();
        assert!(m.relays().x);
        assert!(!m.reset().x_relay);
        assert!(m.set_mode_switch(4, true).is_err());
        for i in 0..4 {
            m.set_mode_switch(i, true).unwrap();
        }
        let beatable = (0..400).filter(|_| m.reset().x_relay).count();
        assert!((60..=140).contains(&beatable), "{beatable}");
        assert_eq!(m.counter().reading(), 402);
    }

    #[test]
    fn board_maps_to_the_core() {
        let mut m = Computox::new(Settings::UNBEATABLE, 1);
        m.reset();
        m.machine_first().unwrap();
        m.sweep().unwrap();
        // The machine started: its O on A is the core's first player, X.
        assert_eq!(m.board().to_string(), "X..\n...\n...");
        let mut m = Computox::new(Settings::UNBEATABLE, 1);
        m.reset();
        m.play(Square::A).unwrap();
        assert_eq!(m.board().to_string(), "X..\n.O.\n...");
    }
}
