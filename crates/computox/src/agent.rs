//! [`ComputoxAgent`]: the Computox as a noughts-and-crosses [`Agent`].

use ludomat_game::{explore, seed, Agent, AgentError, ExploreCounts, Player};
use ludomat_tictactoe::{Board, Cell, Mark};

use crate::machine::Settings;
use crate::sal::Sal;
use crate::uniselector::{sweep, Sweep};
use crate::Squares;

/// The machine's view of a core board where it is to move: its own noughts, the human's
/// crosses, and whether it started (the OS relay).
///
/// The Computox always plays O in its own terms, but the tic-tac-toe core's X always
/// moves first. So the machine's marks are whichever core mark is to move: when the core
/// says X is to move and the machine is asked, the machine started (OS latched) and its
/// noughts are the core's X; otherwise its noughts are the core's O.
#[must_use]
pub fn machine_view(board: &Board) -> (Squares, Squares, bool) {
    let me = board.to_move();
    (
        Squares::from_mask(board.mask(me)),
        Squares::from_mask(board.mask(me.other())),
        me == Mark::X,
    )
}

/// The Computox playing noughts and crosses for either seat of the core. Deterministic;
/// the seed only matters with the MODE switches, where SAL decides at each new game
/// (RESET) whether the X relay comes up.
#[derive(Debug, Clone)]
pub struct ComputoxAgent {
    settings: Settings,
    sal: Sal,
    x_relay: bool,
    rng: seed::Rng,
    last: Option<Sweep>,
}

impl ComputoxAgent {
    /// A machine with `settings` (two-player mode is ignored: the agent always plays);
    /// RESET is pressed once at construction and at every new game.
    #[must_use]
    pub fn new(settings: Settings, seed: u64) -> ComputoxAgent {
        let mut a = ComputoxAgent {
            settings,
            sal: Sal::default(),
            x_relay: false,
            rng: seed::rng(seed),
            last: None,
        };
        a.reset();
        a
    }

    /// The unbeatable museum machine.
    #[must_use]
    pub fn unbeatable() -> ComputoxAgent {
        ComputoxAgent::new(Settings::UNBEATABLE, 0)
    }

    /// The machine with its X relay energised in every game.
    #[must_use]
    pub fn beatable() -> ComputoxAgent {
        ComputoxAgent::new(Settings::BEATABLE, 0)
    }

    fn reset(&mut self) {
        self.sal.spin(&mut self.rng);
        self.x_relay =
            self.settings.secret_switch || self.sal.energises_x(self.settings.mode_switches);
        self.last = None;
    }

    /// Whether the X relay is up in the current game.
    #[must_use]
    pub const fn x_relay(&self) -> bool {
        self.x_relay
    }

    /// The sweep behind the last move.
    #[must_use]
    pub const fn last_sweep(&self) -> Option<Sweep> {
        self.last
    }

    /// What the machine would do on `board` (where it is to move), without moving.
    #[must_use]
    pub fn select(&self, board: &Board) -> Option<Sweep> {
        let (o, x, os) = machine_view(board);
        sweep(&self.settings.plan, o, x, os, self.x_relay)
    }
}

impl Agent<Board> for ComputoxAgent {
    fn name(&self) -> String {
        match (
            self.settings.secret_switch,
            self.settings.mode_switches.contains(&true),
        ) {
            (true, _) => "computox-beatable",
            (false, true) => "computox-mode",
            (false, false) => "computox",
        }
        .into()
    }

    fn choose(&mut self, board: &Board) -> Result<Cell, AgentError> {
        let s = self
            .select(board)
            .ok_or_else(|| AgentError::Failed("U1 swept every contact without a claim".into()))?;
        self.last = Some(s);
        Ok(s.claim.cell())
    }

    fn new_game(&mut self, _me: Player) {
        self.reset();
    }
}

/// The machine's exact results against every sequence of human moves, in each mode:
/// unbeatable or beatable (the X relay up), the human or the machine starting — what
/// `ludomat play computox --plan` prints. Each entry: the settings' name, who starts,
/// and the machine's wins, draws and losses.
///
/// # Errors
/// An agent that fails mid-game (never for these).
pub fn every_human_line() -> Result<Vec<(&'static str, &'static str, ExploreCounts)>, String> {
    let mut out = Vec::new();
    for (label, settings) in [
        ("unbeatable", Settings::UNBEATABLE),
        ("beatable (X relay)", Settings::BEATABLE),
    ] {
        for (start, me) in [
            ("human starts", Player::Second),
            ("machine starts", Player::First),
        ] {
            let mut agent = ComputoxAgent::new(settings, 0);
            out.push((label, start, explore(&Board::EMPTY, &mut agent, me)?));
        }
    }
    Ok(out)
}
