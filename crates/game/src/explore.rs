//! The "every opponent line" explorer.
//!
//! A deterministic agent (a relay machine, a ROM, a fixed strategy) is played against
//! every possible sequence of legal opponent moves. Each leaf is one distinct game; the
//! counts are exact, which is how the historic machines' published results are checked
//! ("368 machine wins, 153 draws, 0 losses").

use crate::{Agent, AgentError, Game, Outcome, Player};

/// Results of an exhaustive exploration, seen from the explored agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ExploreCounts {
    /// Games the agent won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the agent lost (including resignations).
    pub losses: u64,
}

impl ExploreCounts {
    /// Distinct games (opponent lines) explored.
    #[must_use]
    pub const fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
}

/// Play `agent` (on side `me`) from `start` against every sequence of opponent moves.
///
/// # Errors
/// When the agent fails, runs out of input, or chooses an illegal move: the error names
/// the line of moves that led there.
pub fn explore<G: Game>(
    start: &G,
    agent: &mut dyn Agent<G>,
    me: Player,
) -> Result<ExploreCounts, String> {
    explore_with(start, agent, me, &mut |_, _| {})
}

/// As [`explore`], calling `on_game(moves, outcome)` for every finished game (all moves of
/// both sides in order), e.g. to collect the lines an agent loses.
///
/// # Errors
/// As [`explore`].
pub fn explore_with<G: Game>(
    start: &G,
    agent: &mut dyn Agent<G>,
    me: Player,
    on_game: &mut dyn FnMut(&[G::Move], Outcome),
) -> Result<ExploreCounts, String> {
    let mut counts = ExploreCounts::default();
    let mut line = Vec::new();
    agent.new_game(me);
    walk(start, agent, me, &mut line, &mut counts, on_game)?;
    Ok(counts)
}

fn walk<G: Game>(
    position: &G,
    agent: &mut dyn Agent<G>,
    me: Player,
    line: &mut Vec<G::Move>,
    counts: &mut ExploreCounts,
    on_game: &mut dyn FnMut(&[G::Move], Outcome),
) -> Result<(), String> {
    let mut tally = |outcome: Outcome, line: &[G::Move], counts: &mut ExploreCounts| {
        match outcome.score_for(me) {
            1 => counts.wins += 1,
            0 => counts.draws += 1,
            _ => counts.losses += 1,
        }
        on_game(line, outcome);
    };
    if let Some(outcome) = position.outcome() {
        tally(outcome, line, counts);
        return Ok(());
    }
    let describe = |line: &[G::Move]| {
        line.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    if position.side_to_move() == me {
        let mv = match agent.choose(position) {
            Ok(mv) => mv,
            Err(AgentError::Resign(_)) => {
                tally(Outcome::Win(me.opponent()), line, counts);
                return Ok(());
            }
            Err(e) => return Err(format!("after [{}]: {e}", describe(line))),
        };
        if !position.is_legal(mv) {
            return Err(format!(
                "after [{}]: {} chose illegal move {mv}",
                describe(line),
                agent.name()
            ));
        }
        let mut next = position.clone();
        next.play(mv);
        line.push(mv);
        walk(&next, agent, me, line, counts, on_game)?;
        line.pop();
    } else {
        for mv in position.legal_moves() {
            let mut next = position.clone();
            next.play(mv);
            line.push(mv);
            walk(&next, agent, me, line, counts, on_game)?;
            line.pop();
        }
    }
    Ok(())
}
