//! [`Menace`]: the machine — two sets of matchboxes, the rules, the beads drawn in the
//! game in progress, and the record. It is an [`Agent`] that learns in
//! [`Agent::game_over`].

use ludomat_game::{seed, Agent, AgentError, Outcome, Player, Tally};
use ludomat_tictactoe::{Board, Cell, Mark, Symmetry};

use crate::index::{BoxId, BoxIndex, NONE};
use crate::matchboxes::put_random;
use crate::words::Below;
use crate::{Bead, EmptyBox, Matchbox, Matchboxes, Rules};

/// Give a box the beads of one colour back after the game: `back` beads (the drawn one
/// and the reward) when not negative, else take `-back` more out (never below none).
#[inline]
pub(crate) fn reinforce(b: &mut Matchbox, bead: Bead, back: i32) {
    if back >= 0 {
        b.put(bead, back.unsigned_abs());
    } else {
        b.take(bead, back.unsigned_abs());
    }
}

/// A box opened and a bead drawn from it.
pub(crate) struct Opened {
    /// The index's entry for the board: `box << 3 | symmetry`.
    pub(crate) entry: u16,
    /// The bead taken out.
    pub(crate) bead: Bead,
    /// The box was empty and was refilled first.
    pub(crate) refilled: bool,
}

/// Seed 002, steps 3–6, for the board with code `code` (MENACE to move, at least two
/// empty squares): find its box, refill it or resign when it is empty as `rules` say,
/// draw a bead and take it out. The one place a bead is drawn, for the agent and the
/// training loop alike, so both draw the same random numbers.
#[inline(always)]
pub(crate) fn open_box<R: Below + ?Sized>(
    index: &BoxIndex,
    boxes: &mut [Matchbox],
    rules: &Rules,
    rng: &mut R,
    code: usize,
) -> Result<Opened, MenaceError> {
    let entry = index.entry(code);
    if entry == NONE {
        return Err(MenaceError::NoBox);
    }
    let id = BoxId::new(entry >> 3);
    let matchbox = boxes.get_mut(id.index()).ok_or(MenaceError::NoBox)?;
    let mut refilled = false;
    if matchbox.is_empty() {
        match rules.empty_box {
            EmptyBox::Resign => return Err(MenaceError::EmptyBox(id)),
            EmptyBox::Refill(n) => {
                let c = index.legal_beads(id, rules.one_bead_per_move_class);
                put_random(matchbox, c, n, rng);
                refilled = true;
            }
        }
    }
    let bead = matchbox.draw_below(rng).ok_or(MenaceError::EmptyBox(id))?;
    Ok(Opened {
        entry,
        bead,
        refilled,
    })
}

/// A bead drawn in the game in progress, waiting beside its box for the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Draw {
    /// Which set of boxes.
    pub side: Player,
    /// The box.
    pub matchbox: BoxId,
    /// The bead taken out.
    pub bead: Bead,
    /// The box was empty and was refilled before the draw.
    pub refilled: bool,
}

/// How MENACE chose a move, for display ("can I see why").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The square played on the real board.
    pub square: Cell,
    /// The box and bead, or `None` for a forced last move (no box).
    pub draw: Option<Draw>,
    /// The symmetry that carried the real board onto the box's picture.
    pub symmetry: Symmetry,
}

/// Why MENACE did not move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MenaceError {
    /// The box for the position is empty and the rules say resign.
    #[error("matchbox {0} is empty, so MENACE resigns")]
    EmptyBox(BoxId),
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// MENACE was seated for one side but asked to move for the other.
    #[error("MENACE plays {seated} but it is {to_move}'s turn")]
    WrongSide {
        /// The side MENACE was told it plays.
        seated: Mark,
        /// Whose turn it is on the board.
        to_move: Mark,
    },
    /// A position that cannot arise in play has no matchbox.
    #[error("no matchbox shows this position (it cannot arise in play)")]
    NoBox,
}

/// Donald Michie's Machine Educable Noughts And Crosses Engine.
///
/// It holds a set of matchboxes for playing first (304) and one for playing second
/// (289); [`Agent::new_game`] says which side it plays. Every random choice comes from
/// its own seeded generator, saved with its state.
#[derive(Debug, Clone)]
pub struct Menace {
    pub(crate) rules: Rules,
    pub(crate) sets: [Matchboxes; 2],
    pub(crate) rng: seed::Rng,
    pub(crate) record: [Tally; 2],
    pub(crate) trail: Vec<Draw>,
    pub(crate) side: Player,
}

impl Menace {
    /// A fresh MENACE under `rules`, its boxes filled from `seed`.
    #[must_use]
    pub fn new(rules: Rules, seed: u64) -> Menace {
        let mut rng = seed::rng(seed);
        let first = Matchboxes::filled(Player::First, &rules, &mut rng);
        let second = Matchboxes::filled(Player::Second, &rules, &mut rng);
        Menace {
            rules,
            sets: [first, second],
            rng,
            record: [Tally::default(); 2],
            trail: Vec::with_capacity(4),
            side: Player::First,
        }
    }

    /// The rules it plays by.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The boxes it uses when playing `side`.
    #[must_use]
    pub fn boxes(&self, side: Player) -> &Matchboxes {
        &self.sets[side.index()]
    }

    /// Its results when playing `side` (wins / draws / losses).
    #[must_use]
    pub fn record(&self, side: Player) -> Tally {
        self.record[side.index()]
    }

    /// Games finished, both sides.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.record[0]
            .games()
            .saturating_add(self.record[1].games())
    }

    /// The side it plays in the current game.
    #[must_use]
    pub fn side(&self) -> Player {
        self.side
    }

    /// The beads drawn so far in the game in progress.
    #[must_use]
    pub fn beads_in_play(&self) -> &[Draw] {
        &self.trail
    }

    /// Restart its random generator from `seed` (the boxes stay as they are).
    pub fn reseed(&mut self, seed: u64) {
        self.rng = seed::rng(seed);
    }

    /// A number drawn from this MENACE's random draws (a session that goes on from a
    /// saved state draws its seed so, and names it).
    pub fn draw_seed(&mut self) -> u64 {
        rand::RngCore::next_u64(&mut self.rng)
    }

    /// Sit down to a new game as `side`. Beads still out from an unfinished game go
    /// back first ([`Menace::abandon`]).
    pub fn start_game(&mut self, side: Player) {
        self.abandon();
        self.side = side;
    }

    /// Choose a move for `board` (seed 002, steps 3–6): find the box showing the
    /// position or a turn/mirror of it, shake out a random bead and take it out of the
    /// box, carry the bead's square back through the symmetry, play there. An empty box
    /// is refilled or resigns as [`Rules::empty_box`] says. With one empty square left
    /// the move is forced and no box is used (Michie had none for it).
    ///
    /// # Errors
    /// [`MenaceError::EmptyBox`] when the box is empty and the rules say resign; the
    /// other variants for a board MENACE cannot be asked about.
    pub fn choose(&mut self, board: Board) -> Result<Choice, MenaceError> {
        if board.is_over() {
            return Err(MenaceError::GameOver);
        }
        if board.to_move() != Mark::of(self.side) {
            return Err(MenaceError::WrongSide {
                seated: Mark::of(self.side),
                to_move: board.to_move(),
            });
        }
        self.choose_code(board, board.code())
    }

    /// [`Menace::choose`] for a board whose [`Board::code`] the caller already knows
    /// and whose side to move is MENACE's (the training loop's hot path).
    ///
    /// # Errors
    /// As [`Menace::choose`].
    #[inline]
    pub fn choose_code(&mut self, board: Board, code: usize) -> Result<Choice, MenaceError> {
        let empty = board.empty_mask();
        if empty.count_ones() == 1 {
            let square =
                Cell::from_index(empty.trailing_zeros() as usize).ok_or(MenaceError::NoBox)?;
            return Ok(Choice {
                square,
                draw: None,
                symmetry: Symmetry::IDENTITY,
            });
        }
        let side = self.side;
        let (index, boxes) = self.sets[side.index()].parts_mut();
        let opened = open_box(index, boxes, &self.rules, &mut self.rng, code)?;
        let symmetry = Symmetry::ALL[usize::from(opened.entry & 7)];
        let draw = Draw {
            side,
            matchbox: BoxId::new(opened.entry >> 3),
            bead: opened.bead,
            refilled: opened.refilled,
        };
        self.trail.push(draw);
        Ok(Choice {
            square: index.square_for(opened.bead, symmetry),
            draw: Some(draw),
            symmetry,
        })
    }

    /// The game is over (seed 002, steps 8–10): go back through every box used and
    /// give it the net change the rules set for the result — under the seed's rules a
    /// win puts the drawn bead back with one more, a draw puts it back, a loss leaves
    /// it out — then count the result.
    pub fn learn(&mut self, outcome: Outcome, me: Player) {
        let score = outcome.score_for(me);
        let back = 1 + self.rules.reward(score);
        for d in self.trail.drain(..) {
            if let Some(b) = self.sets[d.side.index()].get_mut(d.matchbox) {
                reinforce(b, d.bead, back);
            }
        }
        self.record[me.index()].record(outcome, me);
    }

    /// Put every bead drawn in an unfinished game back as it was (a refilled box is
    /// emptied again): the boxes are exactly as before the game.
    pub fn abandon(&mut self) {
        while let Some(d) = self.trail.pop() {
            if let Some(b) = self.sets[d.side.index()].get_mut(d.matchbox) {
                if d.refilled {
                    let _ = b.set_counts([0; 9]);
                } else {
                    b.put(d.bead, 1);
                }
            }
        }
    }

    /// Replace the boxes, RNG and record (state loading).
    pub(crate) fn from_parts(
        rules: Rules,
        sets: [Matchboxes; 2],
        rng: seed::Rng,
        record: [Tally; 2],
    ) -> Menace {
        Menace {
            rules,
            sets,
            rng,
            record,
            trail: Vec::with_capacity(4),
            side: Player::First,
        }
    }
}

impl PartialEq for Menace {
    /// Same rules, boxes, record, random generator position and beads in play.
    fn eq(&self, other: &Menace) -> bool {
        self.rules == other.rules
            && self.sets == other.sets
            && self.record == other.record
            && self.trail == other.trail
            && self.rng == other.rng
    }
}

impl Agent<Board> for Menace {
    fn name(&self) -> String {
        "menace".into()
    }

    fn choose(&mut self, position: &Board) -> Result<Cell, AgentError> {
        match Menace::choose(self, *position) {
            Ok(c) => Ok(c.square),
            Err(MenaceError::EmptyBox(id)) => {
                Err(AgentError::Resign(format!("menace (box {id} is empty)")))
            }
            Err(e) => Err(AgentError::Failed(e.to_string())),
        }
    }

    fn new_game(&mut self, me: Player) {
        self.start_game(me);
    }

    fn game_over(&mut self, _final_position: &Board, outcome: Outcome, me: Player) {
        self.learn(outcome, me);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Preset;

    /// MENACE (X) moves from the empty board, O answers in the first free corner or
    /// edge, MENACE moves again: two boxes used. Returns the (box, bead, count before
    /// the draw) of each draw.
    fn two_moves(m: &mut Menace) -> Vec<(BoxId, Bead, u32)> {
        m.start_game(Player::First);
        let mut board = Board::EMPTY;
        let mut used = Vec::new();
        for _ in 0..2 {
            let before = m.boxes(Player::First).clone();
            let c = m.choose(board).unwrap();
            let d = c.draw.unwrap();
            let n = before.get(d.matchbox).unwrap().beads(d.bead);
            assert_eq!(
                m.boxes(Player::First)
                    .get(d.matchbox)
                    .unwrap()
                    .beads(d.bead),
                n - 1
            );
            used.push((d.matchbox, d.bead, n));
            board = board.with(c.square, Mark::X);
            let reply = board.legal_cells().next().unwrap();
            board = board.with(reply, Mark::O);
        }
        used
    }

    fn after(m: &Menace, used: &[(BoxId, Bead, u32)]) -> Vec<i64> {
        used.iter()
            .map(|&(id, bead, n)| {
                i64::from(m.boxes(Player::First).get(id).unwrap().beads(bead)) - i64::from(n)
            })
            .collect()
    }

    #[test]
    fn seed_rules_win_adds_one_bead_per_box_used() {
        let mut m = Menace::new(Rules::source(), 1);
        let used = two_moves(&mut m);
        m.learn(Outcome::Win(Player::First), Player::First);
        assert_eq!(after(&m, &used), [1, 1]);
        assert_eq!(m.record(Player::First).wins, 1);
    }

    #[test]
    fn michie_rules_win_adds_three_and_draw_one() {
        let mut m = Menace::new(Preset::Michie.rules(), 1);
        let used = two_moves(&mut m);
        m.learn(Outcome::Win(Player::First), Player::First);
        assert_eq!(after(&m, &used), [3, 3]);
        let used = two_moves(&mut m);
        m.learn(Outcome::Draw, Player::First);
        assert_eq!(after(&m, &used), [1, 1]);
    }

    #[test]
    fn loss_keeps_the_drawn_bead_out_and_draw_returns_it() {
        // Seed rewards; fixed starting beads so no box can run empty in two games.
        let rules = Rules {
            starting_beads: crate::StartingBeads::PerMove([4, 3, 2, 1]),
            ..Rules::source()
        };
        let mut m = Menace::new(rules, 2);
        let used = two_moves(&mut m);
        m.learn(Outcome::Win(Player::Second), Player::First);
        assert_eq!(after(&m, &used), [-1, -1]);
        let used = two_moves(&mut m);
        m.learn(Outcome::Draw, Player::First);
        assert_eq!(after(&m, &used), [0, 0]);
        assert_eq!(m.record(Player::First).losses, 1);
        assert_eq!(m.record(Player::First).draws, 1);
    }

    #[test]
    fn empty_box_refills_with_three_legal_beads_under_seed_rules() {
        for seed in 0..50 {
            let mut m = Menace::new(Rules::source(), seed);
            let board: Board = "X../.O./...".parse().unwrap();
            let (id, _, _) = m.boxes(Player::First).find(board).unwrap();
            m.sets[0].get_mut(id).unwrap().set_counts([0; 9]).unwrap();
            m.start_game(Player::First);
            let c = m.choose(board).unwrap();
            let d = c.draw.unwrap();
            assert!(d.refilled);
            assert!(ludomat_game::Game::is_legal(&board, c.square));
            let b = *m.boxes(Player::First).get(id).unwrap();
            assert_eq!(b.total(), 2, "three in, one drawn");
            assert!(b.legal_beads().count() == 7);
            assert!(Bead::ALL.iter().all(|&x| b.beads(x) == 0 || b.is_legal(x)));
            m.learn(Outcome::Draw, Player::First);
            assert_eq!(m.boxes(Player::First).get(id).unwrap().total(), 3);
        }
    }

    #[test]
    fn empty_box_resigns_under_michie_rules() {
        let mut m = Menace::new(Preset::Michie.rules(), 1);
        m.sets[0]
            .get_mut(BoxId::new(0))
            .unwrap()
            .set_counts([0; 9])
            .unwrap();
        m.start_game(Player::First);
        assert_eq!(
            m.choose(Board::EMPTY),
            Err(MenaceError::EmptyBox(BoxId::new(0)))
        );
        // Through the Agent interface a resignation is a lost game, and it is learnt.
        let mut p = ludomat_tictactoe::RandomAgent::new(1);
        let r = ludomat_game::play_match(Board::EMPTY, &mut m, &mut p, &mut |_, _, _| {}).unwrap();
        assert_eq!(r.resigned, Some(Player::First));
        assert_eq!(m.record(Player::First).losses, 1);
    }

    #[test]
    fn abandoning_a_game_restores_the_boxes_exactly() {
        let mut m = Menace::new(Rules::source(), 4);
        let board: Board = "X../.O./...".parse().unwrap();
        let (id, _, _) = m.boxes(Player::First).find(board).unwrap();
        m.sets[0].get_mut(id).unwrap().set_counts([0; 9]).unwrap();
        let before = m.clone();
        m.start_game(Player::First);
        m.choose(Board::EMPTY).unwrap();
        m.abandon();
        m.start_game(Player::First);
        m.choose(board).unwrap(); // refills
        m.abandon();
        assert_eq!(m.sets, before.sets);
        assert!(m.beads_in_play().is_empty());
    }

    #[test]
    fn plays_either_side_and_the_move_maps_back_through_the_symmetry() {
        let mut m = Menace::new(Rules::source(), 9);
        m.start_game(Player::Second);
        let board: Board = "..X/.../...".parse().unwrap();
        let c = m.choose(board).unwrap();
        let d = c.draw.unwrap();
        assert_eq!(d.side, Player::Second);
        let (id, s, b) = m.boxes(Player::Second).find(board).unwrap();
        assert_eq!((id, s), (d.matchbox, c.symmetry));
        assert_eq!(s.apply(board), b.picture());
        // The bead's square on the picture is the image of the played square.
        assert_eq!(s.apply_cell(c.square), d.bead.cell());
        assert!(ludomat_game::Game::is_legal(&board, c.square));
        assert_eq!(
            m.choose(board.with(c.square, Mark::O)),
            Err(MenaceError::WrongSide {
                seated: Mark::O,
                to_move: Mark::X
            })
        );
    }
}
