//! Playing games between agents: one game ([`play_match`]) or a series between the same
//! two agents ([`Series`]), which is what learning agents need.

use crate::{Agent, AgentError, Game, Outcome, Player, Tally};

/// Why a game could not be played to its end.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// An agent returned a move that is not legal in the position.
    #[error("{agent} ({player}) chose an illegal move {mv}")]
    IllegalMove {
        /// The agent's name.
        agent: String,
        /// The side it played.
        player: Player,
        /// The move, displayed.
        mv: String,
    },
    /// An agent's input ended, or its person quit; the game was abandoned.
    #[error("game abandoned: {agent}: {}", .ending.words())]
    Abandoned {
        /// The agent's name.
        agent: String,
        /// How it stopped.
        ending: crate::Ending,
    },
    /// An agent failed.
    #[error("{}", failed(agent, reason))]
    AgentFailed {
        /// The agent's name.
        agent: String,
        /// What went wrong.
        reason: String,
    },
}

/// An agent's failure in words: `menace failed: …`; a person's side (the agent `human`,
/// whose input could not be read) says only what went wrong, as every other game's
/// prompt does (`a line longer than 4,096 bytes on standard input`).
fn failed(agent: &str, reason: &str) -> String {
    if agent == "human" {
        reason.to_string()
    } else {
        format!("{agent} failed: {reason}")
    }
}

/// A finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord<G: Game> {
    /// The moves in order, first player's first.
    pub moves: Vec<G::Move>,
    /// The final position.
    pub final_position: G,
    /// How it ended.
    pub outcome: Outcome,
    /// The player who resigned, if the game ended by resignation.
    pub resigned: Option<Player>,
}

/// Play one game from `start` between `first` (moves first) and `second`, calling
/// `on_move(position_after, player, move)` after each move. Both agents are told the game
/// started and how it ended.
///
/// # Errors
/// When an agent plays an illegal move, its input ends, or it fails.
pub fn play_match<G: Game>(
    start: G,
    first: &mut dyn Agent<G>,
    second: &mut dyn Agent<G>,
    on_move: &mut dyn FnMut(&G, Player, G::Move),
) -> Result<GameRecord<G>, MatchError> {
    first.new_game(Player::First);
    second.new_game(Player::Second);
    let mut position = start;
    let mut moves = Vec::new();
    let finish = |position: G,
                  moves: Vec<G::Move>,
                  outcome: Outcome,
                  resigned: Option<Player>,
                  first: &mut dyn Agent<G>,
                  second: &mut dyn Agent<G>| {
        first.game_over(&position, outcome, Player::First);
        second.game_over(&position, outcome, Player::Second);
        GameRecord {
            moves,
            final_position: position,
            outcome,
            resigned,
        }
    };
    loop {
        if let Some(outcome) = position.outcome() {
            return Ok(finish(position, moves, outcome, None, first, second));
        }
        let player = position.side_to_move();
        let agent: &mut dyn Agent<G> = match player {
            Player::First => &mut *first,
            Player::Second => &mut *second,
        };
        match agent.choose(&position) {
            Ok(mv) => {
                if !position.is_legal(mv) {
                    return Err(MatchError::IllegalMove {
                        agent: agent.name(),
                        player,
                        mv: mv.to_string(),
                    });
                }
                position.play(mv);
                moves.push(mv);
                on_move(&position, player, mv);
            }
            Err(AgentError::Resign(_)) => {
                let outcome = Outcome::Win(player.opponent());
                return Ok(finish(
                    position,
                    moves,
                    outcome,
                    Some(player),
                    first,
                    second,
                ));
            }
            Err(AgentError::EndOfInput) => {
                return Err(MatchError::Abandoned {
                    agent: agent.name(),
                    ending: crate::Ending::InputEnded,
                })
            }
            Err(AgentError::Stopped(ending)) => {
                return Err(MatchError::Abandoned {
                    agent: agent.name(),
                    ending,
                })
            }
            Err(AgentError::Failed(reason)) => {
                return Err(MatchError::AgentFailed {
                    agent: agent.name(),
                    reason,
                })
            }
        }
    }
}

/// Many games between the same two agents, in order, so learning carries over.
///
/// Agent `a` is the "home" agent whose results [`Series::tally`] counts.
pub struct Series<'a, G: Game> {
    a: &'a mut dyn Agent<G>,
    b: &'a mut dyn Agent<G>,
    /// Which side agent `a` takes in the next game.
    a_side: Player,
    /// Swap sides after every game.
    alternate: bool,
    tally: Tally,
}

impl<'a, G: Game> Series<'a, G> {
    /// A series in which `a` plays `a_side` first; with `alternate`, sides swap each game.
    pub fn new(
        a: &'a mut dyn Agent<G>,
        b: &'a mut dyn Agent<G>,
        a_side: Player,
        alternate: bool,
    ) -> Self {
        Series {
            a,
            b,
            a_side,
            alternate,
            tally: Tally::default(),
        }
    }

    /// Play the next game; returns the record and the side agent `a` played.
    ///
    /// # Errors
    /// As [`play_match`].
    pub fn play_next(&mut self) -> Result<(GameRecord<G>, Player), MatchError> {
        let side = self.a_side;
        let record = match side {
            Player::First => play_match(G::start(), &mut *self.a, &mut *self.b, &mut |_, _, _| {})?,
            Player::Second => {
                play_match(G::start(), &mut *self.b, &mut *self.a, &mut |_, _, _| {})?
            }
        };
        self.tally.record(record.outcome, side);
        if self.alternate {
            self.a_side = self.a_side.opponent();
        }
        Ok((record, side))
    }

    /// Results so far, from agent `a`'s side.
    #[must_use]
    pub fn tally(&self) -> Tally {
        self.tally
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A machine's failure names it; a person's unreadable input says only what was wrong.
    #[test]
    fn a_failure_is_said_by_whose_it_was() {
        let e = |agent: &str| {
            MatchError::AgentFailed {
                agent: agent.into(),
                reason: "a line longer than 4,096 bytes on standard input".into(),
            }
            .to_string()
        };
        assert_eq!(
            e("human"),
            "a line longer than 4,096 bytes on standard input"
        );
        assert_eq!(
            e("relay"),
            "relay failed: a line longer than 4,096 bytes on standard input"
        );
    }
}
