//! Fast training: MENACE against a built-in [`Opponent`] on flat tables, without the
//! generic match machinery — for the learning experiments, the training runs and the
//! benchmark.
//!
//! A game is the one [`Menace::choose`] and [`Opponent::choose`] would play move by
//! move — the same boxes, the same random numbers, the same beads (a fixture test holds
//! the results of 10⁶ games of the first implementation) — played on flat tables: a
//! board is two 9-bit masks and its base-3 code, MENACE's move one read of
//! [`BoxIndex`]'s table for the box and symmetry, one random number and a scan of at
//! most nine counts, a line of three one bit of [`WINS`]; the beads drawn wait in a
//! four-slot array for the result. [`Menace::train_games`] also reads the generators'
//! words ahead ([`Words`]), so a rejected word costs no mispredicted jump.

use std::ops::ControlFlow;

use ludomat_game::{Outcome, Player, Tally};
use ludomat_tictactoe::Board;

use crate::index::BoxIndex;
use crate::machine::{open_box, reinforce};
use crate::opponent::{optimal_table, random_bit, select};
use crate::words::{Below, Words};
use crate::{Bead, Matchbox, Matchboxes, Menace, MenaceError, Opponent, Rules};

/// Bit `m` set when the 9-bit mask `m` holds a line of three (64 bytes: one cache line).
static WINS: [u64; 8] = {
    let mut t = [0u64; 8];
    let mut m = 0;
    while m < 512 {
        if ludomat_tictactoe::board::has_line(m as u16) {
            t[m >> 6] |= 1 << (m & 63);
        }
        m += 1;
    }
    t
};

#[inline]
fn wins(mask: u16) -> bool {
    let m = usize::from(mask & 0x1ff);
    WINS[m >> 6] >> (m & 63) & 1 == 1
}

const POW3: [usize; 9] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561];

/// What the opponent did in a training game.
enum Reply {
    /// It played this square (0–8).
    Square(usize),
    /// It resigned (a MENACE opponent's empty box).
    Resigned,
    /// It could not move at all (cannot happen; the game is called a draw).
    Failed,
}

impl Menace {
    /// Play one game against `opponent` with MENACE on `side`, then let both learn.
    /// Returns the outcome (a resignation counts as a win for the other side).
    pub fn train_game(&mut self, opponent: &mut Opponent, side: Player) -> Outcome {
        self.start_game(side);
        let Menace {
            rules,
            sets,
            rng,
            record,
            ..
        } = self;
        let mut me = Learner {
            rules,
            boxes: &mut sets[side.index()],
            record: &mut record[side.index()],
            rng,
        };
        match opponent {
            Opponent::Random(orng) => {
                me.game(side, |masks, _, empty| random_reply(masks, empty, orng))
            }
            Opponent::Perfect(orng) => {
                let table = optimal_table();
                me.game(side, |masks, code, _| {
                    perfect_reply(table, masks, code, orng)
                })
            }
            Opponent::Menace(m) => menace_game(&mut me, m, side),
        }
    }

    /// Play `games` training games against `opponent`, MENACE on `side(g)` in game `g`
    /// (0-based), both learning after each; after each game `after(outcome, MENACE's boxes
    /// for that side)` may stop the run ([`ControlFlow::Break`]). Returns the games
    /// played. The same games as as many calls of [`Menace::train_game`], faster.
    pub fn train_games(
        &mut self,
        opponent: &mut Opponent,
        games: u64,
        mut side: impl FnMut(u64) -> Player,
        mut after: impl FnMut(Outcome, &Matchboxes) -> ControlFlow<()>,
    ) -> u64 {
        self.abandon();
        let Menace {
            rules,
            sets,
            rng,
            record,
            side: seated,
            ..
        } = self;
        let mut words = Words::new(rng);
        let mut played = 0;
        match opponent {
            Opponent::Random(orng) => {
                let mut owords = Words::new(orng);
                while played < games {
                    let s = side(played);
                    *seated = s;
                    let mut me = Learner {
                        rules,
                        boxes: &mut sets[s.index()],
                        record: &mut record[s.index()],
                        rng: &mut words,
                    };
                    let outcome =
                        me.game(s, |masks, _, empty| random_reply(masks, empty, &mut owords));
                    played += 1;
                    if after(outcome, &sets[s.index()]).is_break() {
                        break;
                    }
                }
                owords.finish();
            }
            Opponent::Perfect(orng) => {
                let table = optimal_table();
                let mut owords = Words::new(orng);
                while played < games {
                    let s = side(played);
                    *seated = s;
                    let mut me = Learner {
                        rules,
                        boxes: &mut sets[s.index()],
                        record: &mut record[s.index()],
                        rng: &mut words,
                    };
                    let outcome = me.game(s, |masks, code, _| {
                        perfect_reply(table, masks, code, &mut owords)
                    });
                    played += 1;
                    if after(outcome, &sets[s.index()]).is_break() {
                        break;
                    }
                }
                owords.finish();
            }
            Opponent::Menace(m) => {
                while played < games {
                    let s = side(played);
                    *seated = s;
                    let mut me = Learner {
                        rules,
                        boxes: &mut sets[s.index()],
                        record: &mut record[s.index()],
                        rng: &mut words,
                    };
                    let outcome = menace_game(&mut me, m, s);
                    played += 1;
                    if after(outcome, &sets[s.index()]).is_break() {
                        break;
                    }
                }
            }
        }
        words.finish();
        played
    }
}

/// A random square of the `empty` empty ones (their number known to the caller, so the
/// draw's bound is a constant).
#[inline(always)]
fn random_reply<R: Below + ?Sized>([x, o]: [u16; 2], empty: u32, rng: &mut R) -> Reply {
    let mask = !(x | o) & 0x1ff;
    debug_assert_eq!(mask.count_ones(), empty);
    Reply::Square(usize::from(select(mask, rng.below(empty))).min(8))
}

#[inline(always)]
fn perfect_reply<R: Below + ?Sized>(
    table: &[u16],
    [x, o]: [u16; 2],
    code: usize,
    rng: &mut R,
) -> Reply {
    let m = table.get(code).copied().unwrap_or(0);
    let mask = if m == 0 { !(x | o) & 0x1ff } else { m };
    Reply::Square(random_bit(mask, rng).index())
}

/// A game against another MENACE, which sits down first and learns after.
fn menace_game<R: Below + ?Sized>(
    me: &mut Learner<'_, R>,
    m: &mut Menace,
    side: Player,
) -> Outcome {
    m.start_game(side.opponent());
    let outcome = me.game(side, |[x, o], code, _| {
        let board = Board::from_masks(x, o).unwrap_or(Board::EMPTY);
        match m.choose_code(board, code) {
            Ok(c) => Reply::Square(c.square.index()),
            Err(MenaceError::EmptyBox(_)) => Reply::Resigned,
            Err(e) => {
                debug_assert!(false, "MENACE2 could not move: {e}");
                Reply::Failed
            }
        }
    });
    m.learn(outcome, side.opponent());
    outcome
}

/// MENACE's parts a training game uses: its rules, the boxes and record of the side it
/// plays, and its random numbers.
struct Learner<'a, R: ?Sized> {
    rules: &'a Rules,
    boxes: &'a mut Matchboxes,
    record: &'a mut Tally,
    rng: &'a mut R,
}

impl<R: Below + ?Sized> Learner<'_, R> {
    /// One game, `reply([X's squares, O's squares], board code)` giving the opponent's
    /// move; MENACE learns at the end.
    #[inline(always)]
    fn game(&mut self, side: Player, reply: impl FnMut([u16; 2], usize, u32) -> Reply) -> Outcome {
        let rules = *self.rules;
        let (index, boxes) = self.boxes.parts_mut();
        let mut used = Used::new();
        let outcome = match side {
            Player::First => {
                fast_moves::<true, R>(index, boxes, &rules, self.rng, &mut used, reply)
            }
            Player::Second => {
                fast_moves::<false, R>(index, boxes, &rules, self.rng, &mut used, reply)
            }
        };
        let back = 1 + rules.reward(outcome.score_for(side));
        for &(id, bead) in used.draws() {
            if let Some(b) = boxes.get_mut(usize::from(id)) {
                reinforce(b, bead, back);
            }
        }
        self.record.record(outcome, side);
        outcome
    }
}

/// The beads MENACE drew in a training game: at most four (its moves 1/3/5/7 or
/// 2/4/6/8; the last move is forced and draws none).
struct Used {
    draws: [(u16, Bead); 4],
    n: usize,
}

impl Used {
    fn new() -> Used {
        Used {
            draws: [(0, Bead::ALL[0]); 4],
            n: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, id: u16, bead: Bead) {
        if let Some(slot) = self.draws.get_mut(self.n) {
            *slot = (id, bead);
            self.n += 1;
        }
    }

    fn draws(&self) -> &[(u16, Bead)] {
        &self.draws[..self.n.min(4)]
    }
}

/// The moves of one training game, MENACE moving first when `FIRST`, written out ply
/// by ply: the two sides' squares stay in registers (`mine`, `theirs`), the board's
/// base-3 code grows by one addition a move, a line is looked for (one bit of [`WINS`])
/// only once the mover has three marks, the number of empty squares is a constant.
// The last move's code update is never read.
#[allow(unused_assignments)]
#[inline(always)]
fn fast_moves<const FIRST: bool, R: Below + ?Sized>(
    index: &BoxIndex,
    boxes: &mut [Matchbox],
    rules: &Rules,
    rng: &mut R,
    used: &mut Used,
    mut reply: impl FnMut([u16; 2], usize, u32) -> Reply,
) -> Outcome {
    let (me, them) = if FIRST {
        (Player::First, Player::Second)
    } else {
        (Player::Second, Player::First)
    };
    // A mark's code digit: 1 for X, 2 for O.
    let (my_digit, their_digit) = if FIRST { (1, 2) } else { (2, 1) };
    let masks = |mine: u16, theirs: u16| {
        if FIRST {
            [mine, theirs]
        } else {
            [theirs, mine]
        }
    };
    let mut mine = 0u16;
    let mut theirs = 0u16;
    let mut code = 0usize;
    // MENACE's move with `$empty` squares empty.
    macro_rules! my_move {
        ($empty:literal) => {
            let square = if $empty == 1 {
                (!(mine | theirs) & 0x1ff).trailing_zeros() as usize
            } else {
                match open_box(index, boxes, rules, rng, code) {
                    Ok(o) => {
                        used.push(o.entry >> 3, o.bead);
                        index.square_index(usize::from(o.entry & 7), o.bead.index())
                    }
                    Err(MenaceError::EmptyBox(_)) => return Outcome::Win(them),
                    // Cannot happen: every position reached in play with MENACE to move
                    // and two squares or more empty has a box.
                    Err(e) => {
                        debug_assert!(false, "MENACE could not move: {e}");
                        return Outcome::Draw;
                    }
                }
            }
            .min(8);
            mine |= 1 << square;
            code += POW3[square] * my_digit;
            if $empty <= 5 && wins(mine) {
                return Outcome::Win(me);
            }
            if $empty == 1 {
                return Outcome::Draw;
            }
        };
    }
    // The opponent's move with `$empty` squares empty.
    macro_rules! their_move {
        ($empty:literal) => {
            let square = match reply(masks(mine, theirs), code, $empty) {
                Reply::Square(s) => s.min(8),
                Reply::Resigned => return Outcome::Win(me),
                Reply::Failed => return Outcome::Draw,
            };
            theirs |= 1 << square;
            code += POW3[square] * their_digit;
            if $empty <= 5 && wins(theirs) {
                return Outcome::Win(them);
            }
            if $empty == 1 {
                return Outcome::Draw;
            }
        };
    }
    if FIRST {
        my_move!(9);
        their_move!(8);
        my_move!(7);
        their_move!(6);
        my_move!(5);
        their_move!(4);
        my_move!(3);
        their_move!(2);
        my_move!(1);
    } else {
        their_move!(9);
        my_move!(8);
        their_move!(7);
        my_move!(6);
        their_move!(5);
        my_move!(4);
        their_move!(3);
        my_move!(2);
        their_move!(1);
    }
    // Unreachable: the ninth move fills the board and returns above.
    Outcome::Draw
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_games_keep_the_books() {
        let mut m = Menace::new(Rules::source(), 3);
        let mut o = Opponent::random(4);
        for _ in 0..200 {
            m.train_game(&mut o, Player::First);
        }
        assert_eq!(m.record(Player::First).games(), 200);
        assert!(m.beads_in_play().is_empty());
        let mut p = Opponent::perfect(5);
        for _ in 0..200 {
            let o = m.train_game(&mut p, Player::First);
            assert_ne!(
                o,
                Outcome::Win(Player::First),
                "the perfect player never loses"
            );
        }
    }
}
