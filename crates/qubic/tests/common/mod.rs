//! What the 4×4×4 player tests share.
#![allow(dead_code)]

use ludomat_game::{Agent, AgentError, Game, Player};
use ludomat_qubic::{Board, Cell};

/// A defender whose first reply is fixed, then another agent's.
pub struct FirstThen<A> {
    /// The first reply.
    pub first: Cell<3>,
    /// Who plays on.
    pub then: A,
}

impl<A: Agent<Board<3>>> Agent<Board<3>> for FirstThen<A> {
    fn name(&self) -> String {
        format!("{} then {}", self.first, self.then.name())
    }

    fn choose(&mut self, position: &Board<3>) -> Result<Cell<3>, AgentError> {
        if position.cells_of(Player::Second).is_empty() && position.is_legal(self.first) {
            return Ok(self.first);
        }
        self.then.choose(position)
    }
}

/// Plays `player` as the first player against every defender of issue 17's list —
/// random, OTHER-1 and the 1962 deck (`seeds` seeds each), every first reply continued by
/// OTHER-1, and the threat agent — asserting it wins each game; returns its most moves.
pub fn wins_against_every_defender(player: &mut dyn Agent<Board<3>>, seeds: u64) -> usize {
    use ludomat_game::{play_match, Outcome, RandomAgent};
    use ludomat_qubic::proof::{ProofLimits, ThreatAgent};
    use ludomat_qubic::{DeckStuck, LoudenAgent, LoudenOptions, Other1Agent, Other1Options};
    let mut wins = |defender: &mut dyn Agent<Board<3>>| {
        let r = play_match(
            Board::<3>::empty(),
            &mut *player,
            defender,
            &mut |_, _, _| {},
        )
        .expect("both sides play legal moves");
        assert_eq!(
            r.outcome,
            Outcome::Win(Player::First),
            "{}",
            defender.name()
        );
        assert_eq!(r.resigned, None);
        r.moves.len().div_ceil(2)
    };
    let mut longest = 0;
    for seed in 0..seeds {
        longest = longest.max(wins(&mut RandomAgent::new(seed)));
        longest = longest.max(wins(&mut Other1Agent::<3>::new(
            Other1Options::default(),
            seed,
        )));
        longest = longest.max(wins(&mut LoudenAgent::new(
            LoudenOptions::default(),
            DeckStuck::RandomCell,
            seed,
        )));
    }
    for first in 1..64 {
        longest = longest.max(wins(&mut FirstThen {
            first: Cell::new(first).expect("a cell"),
            then: Other1Agent::<3>::new(Other1Options::default(), first as u64),
        }));
    }
    longest.max(wins(&mut ThreatAgent {
        limits: ProofLimits::default(),
    }))
}
