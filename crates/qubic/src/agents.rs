//! Agents: the OTHER-1 machine, the 1962 deck and random play, for
//! [`ludomat_game::play_match`] and [`ludomat_game::tournament`].

use ludomat_game::{seed, Agent, AgentError, Game, Player};
use rand::seq::SliceRandom;

use crate::{
    Board, Cell, CellSet, Level, Louden1962, LoudenOptions, LoudenReply, Other1, Other1Options,
    Reply,
};

/// Plays the OTHER-1 strategy; [`Other1Agent::last_level`] tells the level of its last
/// move ("Enable Strategy Level").
#[derive(Debug, Clone)]
pub struct Other1Agent<const D: usize> {
    machine: Other1<D>,
    last_level: Option<Level>,
    name: String,
}

impl<const D: usize> Other1Agent<D> {
    /// The machine with its switches and seed.
    #[must_use]
    pub fn new(options: Other1Options, seed: u64) -> Self {
        Other1Agent {
            machine: Other1::new(options, seed),
            last_level: None,
            name: "other1".into(),
        }
    }

    /// Rename (e.g. "other1-no6/9" for tables).
    #[must_use]
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// The level of the last move chosen.
    #[must_use]
    pub fn last_level(&self) -> Option<Level> {
        self.last_level
    }

    /// The machine (its tables).
    #[must_use]
    pub fn machine(&self) -> &Other1<D> {
        &self.machine
    }
}

impl<const D: usize> Agent<Board<D>> for Other1Agent<D> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, position: &Board<D>) -> Result<Cell<D>, AgentError> {
        match self.machine.decide(position) {
            Reply::Move { cell, level } => {
                self.last_level = Some(level);
                Ok(cell)
            }
            Reply::Lost { .. } => Err(AgentError::Failed("asked to move in a lost game".into())),
            Reply::Halt => Err(AgentError::Failed(
                "no empty major-diagonal cell and level 12 is off: the 1620 halts".into(),
            )),
        }
    }
}

/// What the 1962 deck does when the Game rules cannot follow it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DeckStuck {
    /// Fail the game, naming the reason (faithful: the deck replays its own cell or runs
    /// out of preferred cells).
    #[default]
    Fail,
    /// Play a random empty cell instead (a modern convenience for tournaments).
    RandomCell,
}

/// Plays Louden's 1962 deck on the 4×4×4 board. The opponent is the deck's "human": its
/// moves set K1. One agent keeps its deck (and K1) across the games it plays.
#[derive(Debug, Clone)]
pub struct LoudenAgent {
    deck: Louden1962,
    stuck: DeckStuck,
    rng: seed::Rng,
    seen: CellSet,
    last: Option<LoudenReply>,
}

impl LoudenAgent {
    /// The deck with its switches; `seed` is used only with [`DeckStuck::RandomCell`].
    #[must_use]
    pub fn new(options: LoudenOptions, stuck: DeckStuck, seed: u64) -> Self {
        LoudenAgent {
            deck: Louden1962::new(options),
            stuck,
            rng: seed::rng(seed),
            seen: CellSet::EMPTY,
            last: None,
        }
    }

    /// The deck's state.
    #[must_use]
    pub fn deck(&self) -> &Louden1962 {
        &self.deck
    }

    /// The deck's last reply.
    #[must_use]
    pub fn last_reply(&self) -> Option<LoudenReply> {
        self.last
    }

    fn stuck(&mut self, position: &Board<3>, why: String) -> Result<Cell<3>, AgentError> {
        match self.stuck {
            DeckStuck::Fail => Err(AgentError::Failed(why)),
            DeckStuck::RandomCell => {
                let free: Vec<Cell<3>> = position.empty_cells().collect();
                let c = free
                    .choose(&mut self.rng)
                    .copied()
                    .ok_or_else(|| AgentError::Failed("board full".into()))?;
                self.deck.place_machine(c);
                Ok(c)
            }
        }
    }
}

impl Agent<Board<3>> for LoudenAgent {
    fn name(&self) -> String {
        "louden1962".into()
    }

    fn new_game(&mut self, _me: Player) {
        self.deck.new_game();
        self.seen = CellSet::EMPTY;
        self.last = None;
    }

    fn choose(&mut self, position: &Board<3>) -> Result<Cell<3>, AgentError> {
        let me = position.side_to_move();
        let theirs = position.cells_of(me.opponent());
        for i in theirs.iter() {
            if !self.seen.contains(i) {
                self.seen.insert(i);
                if let Some(c) = Cell::new(i) {
                    let _ = self.deck.human_move(c);
                }
            }
        }
        let reply = self.deck.machine_move();
        self.last = Some(reply);
        match reply {
            LoudenReply::Move {
                cell,
                replayed: false,
                ..
            } => Ok(cell),
            LoudenReply::IWin { cell, .. } => Ok(cell),
            LoudenReply::Move { cell, .. } => self.stuck(
                position,
                format!("the 1962 deck replays its own cell {cell} (level-6 fallback)"),
            ),
            LoudenReply::NoMove => self.stuck(
                position,
                "the 1962 deck ran out of preferred cells (computed GO TO out of range)".into(),
            ),
            LoudenReply::YouWin { .. } => {
                Err(AgentError::Failed("asked to move in a lost game".into()))
            }
        }
    }
}
