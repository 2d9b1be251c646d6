//! Exhaustive facts about hexapawn and HER's boxes, all counted from the game tree.

use std::collections::HashSet;

use ludomat_hexapawn::{canonical, generate, Position, Side, Solution};

#[test]
fn the_second_player_wins_with_best_play() {
    let s = Solution::new();
    let v = s.value(&Position::START);
    assert_eq!(
        v.winner,
        Side::Black,
        "hexapawn is a win for Black (HER's side)"
    );
    // White, resisting as long as he can, loses after his third move.
    assert_eq!(v.moves_left, 6);
    // Every White opening loses.
    for m in Position::START.moves() {
        assert_eq!(
            s.value(&Position::START.after(m)).winner,
            Side::Black,
            "{m}"
        );
    }
}

#[test]
fn positions_are_counted() {
    let s = Solution::new();
    // Every position reachable from the opening, finished ones included.
    assert_eq!(s.reachable(), 135);
    let live = |side| {
        s.iter()
            .filter(|(p, _)| p.to_move == side && p.winner().is_none())
            .count()
    };
    // Positions with a move to make: 33 for White, 37 for Black (the drawer counts of
    // the Manchester hexapawn machines).
    assert_eq!(live(Side::White), 33);
    assert_eq!(live(Side::Black), 37);
    // No game lasts longer than 7 moves (White's 4th move is the last possible).
    let longest = longest_game(Position::START);
    assert_eq!(longest, 7);
}

fn longest_game(p: Position) -> u32 {
    p.moves()
        .into_iter()
        .map(|m| 1 + longest_game(p.after(m)))
        .max()
        .unwrap_or(0)
}

#[test]
fn hers_boxes_are_generated_and_counted() {
    let boxes = generate();
    // With a position and its mirror image in one box: 2 + 10 + 7 = 19 boxes.
    assert_eq!(boxes.len(), 19);
    let by_move = |n| boxes.iter().filter(|b| b.her_move == n).count();
    assert_eq!([by_move(2), by_move(4), by_move(6)], [2, 10, 7]);
    // Without merging mirror images: 3 + 20 + 14 = 37, the live Black positions.
    let s = Solution::new();
    let raw: HashSet<_> = s
        .iter()
        .filter(|(p, _)| p.to_move == Side::Black && p.winner().is_none())
        .map(|(p, _)| p.board)
        .collect();
    assert_eq!(raw.len(), 37);
    let merged: HashSet<_> = raw.iter().map(|b| canonical(b).0).collect();
    assert_eq!(merged.len(), 19);
    // One bead per legal move: 7 + 26 + 14 = 47 beads.
    let beads: u32 = boxes.iter().map(|b| b.total()).sum();
    assert_eq!(beads, 47);
    for b in &boxes {
        assert!(b.total() >= 1, "box {} has no legal move", b.id);
        assert_eq!(canonical(&b.picture).0, b.picture);
    }
}
