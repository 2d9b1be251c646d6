//! Issue 7, "4D: the first player forces a win quickly": the stored strategy tree for
//! 4×4×4×4 is checked against the game's rules — every second-player reply answered,
//! every line of play ending in the first player's four, the second player never
//! completing one first — and then played, move by move, against defenders.

use ludomat_game::{play_match, Agent, AgentError, Game, Outcome, Player, RandomAgent};
use ludomat_qubic::proof::player::StrategyPlayer;
use ludomat_qubic::proof::strategy::{
    decode, encode, forced_win_4d, pack, unpack, verify, VerifyError, FORCED_WIN_4D,
};
use ludomat_qubic::proof::{ProofLimits, ThreatAgent};
use ludomat_qubic::{Board, Cell, Other1Agent, Other1Options};

/// Most first-player moves the stored strategy needs (its opening and the completing
/// move included).
const FIRST_PLAYER_MOVES: u8 = 22;

#[test]
fn the_first_player_forces_a_win_on_4x4x4x4() {
    let tree = forced_win_4d().expect("the stored strategy unpacks");
    assert_eq!(tree.cell, 0, "the first move is the corner 1111");
    let v = verify(&tree).expect("the strategy answers every defence and wins");
    assert_eq!(v.first_player_moves, FIRST_PLAYER_MOVES);
}

#[test]
fn the_packed_form_round_trips() {
    let tree = forced_win_4d().expect("the stored strategy unpacks");
    assert_eq!(unpack(&pack(&tree)).as_ref(), Ok(&tree));
    assert_eq!(decode(&encode(&tree)).as_ref(), Ok(&tree));
}

#[test]
fn a_strategy_missing_an_answer_is_rejected() {
    let mut tree = forced_win_4d().expect("the stored strategy unpacks");
    // Drop the answer to the first listed reply to 1111: its whole class is open.
    let (reply, _) = tree.next.explicit.remove(0);
    assert_eq!(
        verify(&tree).map(|v| v.first_player_moves),
        Err(VerifyError::Unanswered {
            reply,
            path: "after 1111".into()
        })
    );
    // Drop every answer deeper down, after the first reply and the first player's move.
    let mut tree = forced_win_4d().expect("the stored strategy unpacks");
    let (_, child) = &mut tree.next.explicit[0];
    child.next.explicit.clear();
    child.next.defaults.clear();
    assert!(matches!(verify(&tree), Err(VerifyError::Unanswered { .. })));
}

#[test]
fn a_tree_moved_to_another_opening_is_rejected() {
    let mut tree = forced_win_4d().expect("the stored strategy unpacks");
    // Open on a different cell: the rest of the tree no longer fits the position.
    tree.cell = 255;
    assert!(verify(&tree).is_err());
}

#[test]
fn damaged_data_is_rejected() {
    let raw = encode(&forced_win_4d().expect("the stored strategy unpacks"));
    assert!(matches!(
        decode(&raw[..raw.len() - 1]),
        Err(VerifyError::Malformed(_))
    ));
    let mut long = raw.clone();
    long.push(0);
    assert!(matches!(decode(&long), Err(VerifyError::Malformed(_))));
    let cut = &FORCED_WIN_4D[..FORCED_WIN_4D.len() / 2];
    assert!(matches!(unpack(cut), Err(VerifyError::Packed(_))));
}

/// A defender whose first reply is fixed.
struct FirstThen<A> {
    first: Cell<4>,
    then: A,
}

impl<A: Agent<Board<4>>> Agent<Board<4>> for FirstThen<A> {
    fn name(&self) -> String {
        format!("{} then {}", self.first, self.then.name())
    }

    fn choose(&mut self, position: &Board<4>) -> Result<Cell<4>, AgentError> {
        if position.cells_of(Player::Second).is_empty() && position.is_legal(self.first) {
            return Ok(self.first);
        }
        self.then.choose(position)
    }
}

/// Play the strategy against `defender`; the first player's move count.
fn won_in(defender: &mut dyn Agent<Board<4>>, player: &mut StrategyPlayer) -> usize {
    let r = play_match(Board::<4>::empty(), player, defender, &mut |_, _, _| {})
        .expect("both sides play legal moves");
    assert_eq!(r.outcome, Outcome::Win(Player::First));
    assert_eq!(r.resigned, None);
    r.moves.len().div_ceil(2)
}

#[test]
fn the_strategy_beats_defenders_within_its_bound() {
    let mut player = StrategyPlayer::new(forced_win_4d().expect("the stored strategy unpacks"));
    let bound = usize::from(FIRST_PLAYER_MOVES);
    let mut longest = 0;
    for seed in 0..100 {
        longest = longest.max(won_in(&mut RandomAgent::new(seed), &mut player));
        let mut machine = Other1Agent::<4>::new(Other1Options::default(), seed);
        longest = longest.max(won_in(&mut machine, &mut player));
    }
    // Every reply to the opening, each continued by OTHER-1: every symmetry class of the
    // first reply, and every member of it, is played through the tree.
    for first in 1..256 {
        let mut defender = FirstThen {
            first: Cell::new(first).expect("a cell"),
            then: Other1Agent::<4>::new(Other1Options::default(), first as u64),
        };
        longest = longest.max(won_in(&mut defender, &mut player));
    }
    let mut threats = ThreatAgent {
        limits: ProofLimits::default(),
    };
    longest = longest.max(won_in(&mut threats, &mut player));
    assert!(longest <= bound, "{longest} moves > {bound}");
}

#[test]
fn the_stored_tree_has_the_positions_a_stopped_check_counts_against() {
    let tree = forced_win_4d().expect("the stored strategy unpacks");
    let seen = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let v = ludomat_qubic::proof::strategy::verify_counting(&tree, &seen)
        .expect("the strategy answers every defence and wins");
    assert_eq!(v.positions, ludomat_qubic::proofs::STORED_TREE_POSITIONS);
    // the whole count is published at the end
    assert_eq!(seen.load(std::sync::atomic::Ordering::Relaxed), v.positions);
}
