//! Issue 7, "4D: the first player forces a win quickly": the stored strategy tree for
//! 4×4×4×4 is checked against the game's rules — every second-player reply answered,
//! every line of play ending in the first player's four, the second player never
//! completing one first.
//!
//! The stored tree is a *partial* proof: the first player opens at the corner 1111 and
//! the tree answers the second player's reply 1234 and the 23 replies symmetric to it
//! (under the 48 symmetries of 4⁴ fixing 1111); the other 231 replies are not covered.

use ludomat_qubic::proof::strategy::{
    decode, encode, verify, verify_partial, VerifyError, FORCED_WIN_4D,
};

/// Most first-player moves the stored strategy needs (its opening and the completing
/// move included).
const FIRST_PLAYER_MOVES: u8 = 22;

#[test]
fn after_1111_1234_the_first_player_forces_a_win_in_22_moves() {
    let tree = decode(FORCED_WIN_4D).expect("the stored strategy decodes");
    assert_eq!(encode(&tree), FORCED_WIN_4D, "the binary form round-trips");
    assert_eq!(tree.cell, 0, "the first move is the corner 1111");
    let (v, open) = verify_partial(&tree).expect("the strategy wins every answered line");
    assert_eq!(v.first_player_moves, FIRST_PLAYER_MOVES);
    // 255 replies to 1111: the class of 1234 (24 cells) is answered, the rest is open.
    assert_eq!(open.len(), 231);
    assert!(!open.contains(&0b00_01_10_11), "1234 itself is answered");
}

#[test]
fn the_stored_tree_is_not_a_full_proof() {
    let tree = decode(FORCED_WIN_4D).expect("the stored strategy decodes");
    // The first reply in spot order, 1112, is not answered.
    assert_eq!(
        verify(&tree).map(|v| v.first_player_moves),
        Err(VerifyError::Unanswered {
            reply: 1,
            path: "1111".into()
        })
    );
}

#[test]
fn a_strategy_missing_an_answer_is_rejected() {
    let mut tree = decode(FORCED_WIN_4D).expect("the stored strategy decodes");
    // Drop every answer the tree gives after 1111 1234 and the first player's reply.
    let (_, child) = &mut tree.next.explicit[0];
    child.next.explicit.clear();
    child.next.defaults.clear();
    assert!(matches!(
        verify_partial(&tree),
        Err(VerifyError::Unanswered { .. })
    ));
}

#[test]
fn damaged_data_is_rejected() {
    let cut = &FORCED_WIN_4D[..FORCED_WIN_4D.len() - 1];
    assert!(matches!(decode(cut), Err(VerifyError::Malformed(_))));
    let mut long = FORCED_WIN_4D.to_vec();
    long.push(0);
    assert!(matches!(decode(&long), Err(VerifyError::Malformed(_))));
}
