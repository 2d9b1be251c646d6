//! Issue 17, milestone 4: the certificate of Patashnik's strategy, written by the walk
//! and played as the first player (`ludomat play qubic --strategy forced` on 4×4×4).

use ludomat_game::{play_match, Agent, AgentError, Game, Outcome, Player, RandomAgent};
use ludomat_qubic::proof::{ProofLimits, ThreatAgent};
use ludomat_qubic::proof3d::attacker::{Answer, AttackerStrategy};
use ludomat_qubic::proof3d::certificate::{write, PatashnikStrategy, PATASHNIK};
use ludomat_qubic::proof3d::dictionary::Dictionary;
use ludomat_qubic::proof3d::player::{ProofPlayer, Rule};
use ludomat_qubic::{
    Board, Cell, DeckStuck, LoudenAgent, LoudenOptions, Other1Agent, Other1Options,
};

/// A defender whose first reply is fixed.
struct FirstThen<A> {
    first: Cell<3>,
    then: A,
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

fn wins(defender: &mut dyn Agent<Board<3>>, player: &mut ProofPlayer) -> usize {
    let r = play_match(Board::<3>::empty(), player, defender, &mut |_, _, _| {})
        .expect("both sides play legal moves");
    assert_eq!(
        r.outcome,
        Outcome::Win(Player::First),
        "{}",
        defender.name()
    );
    r.moves.len().div_ceil(2)
}

#[test]
fn the_certificate_player_beats_every_defender() {
    let mut player = ProofPlayer::bundled().expect("the bundled certificate checks");
    let mut longest = 0;
    for seed in 0..30 {
        longest = longest.max(wins(&mut RandomAgent::new(seed), &mut player));
        let mut machine = Other1Agent::<3>::new(Other1Options::default(), seed);
        longest = longest.max(wins(&mut machine, &mut player));
        let mut deck = LoudenAgent::new(LoudenOptions::default(), DeckStuck::RandomCell, seed);
        longest = longest.max(wins(&mut deck, &mut player));
    }
    for first in 1..64 {
        let mut defender = FirstThen {
            first: Cell::new(first).expect("a cell"),
            then: Other1Agent::<3>::new(Other1Options::default(), first as u64),
        };
        longest = longest.max(wins(&mut defender, &mut player));
    }
    let mut threats = ThreatAgent {
        limits: ProofLimits::default(),
    };
    longest = longest.max(wins(&mut threats, &mut player));
    assert!(longest <= 32, "{longest}");
    // Its opening is the dictionary's first move, named so.
    let mut p = ProofPlayer::bundled().expect("checks");
    let (_, rule) = p.decide(0, 0).expect("an opening");
    assert!(matches!(rule, Rule::Dictionary(_)), "{rule:?}");
}

#[test]
fn the_strategy_answers_as_its_rules_say() {
    let s = PatashnikStrategy::new(Dictionary::patashnik().expect("reads"));
    // Complete four: x on 0, 1, 2 → 3.
    assert_eq!(
        s.answer(0b111, 1 << 20 | 1 << 40 | 1 << 60),
        Some(Answer::Move(3))
    );
    // Block: o on 0, 1, 2 (x elsewhere, no x three) → 3.
    assert_eq!(
        s.answer(1 << 21 | 1 << 42 | 1 << 63, 0b111),
        Some(Answer::Move(3))
    );
    // The empty board: the dictionary's opening.
    assert!(matches!(s.answer(0, 0), Some(Answer::Move(_))));
}

#[test]
fn the_bundled_certificate_is_what_the_walk_writes() {
    // Writing it again from the dictionary gives the same bytes (uncompressed).
    let s = PatashnikStrategy::new(Dictionary::patashnik().expect("reads"));
    let (cert, report) = write(&s).expect("the strategy wins");
    assert_eq!(report.positions, 317_789);
    let bundled = ludomat_qubic_verify::Certificate::read(PATASHNIK).expect("reads");
    assert_eq!(cert, bundled);
}
