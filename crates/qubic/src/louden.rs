//! Bob Louden's 3D tic-tac-toe for the IBM 1620 (FORTRAN, February 1962), as its
//! surviving deck runs it: the machine state is the deck's own arrays.
//!
//! * `NUM(64)` — 0 empty, 1 human, 5 machine;
//! * `LANE(76)` — each lane's sum, recomputed at every machine turn;
//! * `K1` — the tier digit of the human's last typed move, where the default scan of the
//!   preferred list `NMOVE` starts;
//! * `J3` — a move saved by level 6 for levels 9 and the default.
//!
//! Nine levels, each a pass over the 76 lanes looking for the sum `NTEST(J)`; the
//! handler of level `J` is fixed (`GO TO (71,72,73,74,75,75,74,75,74),J`), so the order
//! of the NTEST cards decides what each level does. Faithful quirks, each switchable in
//! [`LoudenOptions`]:
//!
//! * the intersection marks are +100 added to `LANE(M)` for cell `M` — the **lane-sum
//!   array itself** — so marking cell M hides lane M from later scans that turn; marks are
//!   cleared (−100 on `LANE(1..64)`) before levels 7 and 9;
//! * `K1` is set from the typed move before it is checked (a refused move still moves
//!   `K1`) and carries over into the next game;
//! * when level 6 finds no unmarked empty cell in its lane it saves the lane's last card
//!   cell anyway (`J3 = M` after the loop), which can be the machine's own cell: the
//!   machine then "plays" an occupied cell;
//! * the NTEST order: the surviving decks have cards 0141/0142 swapped
//!   ([`NtestOrder::Deck`], the default, which reproduces the published sample game) — in
//!   card-sequence order ([`NtestOrder::Listing`]) levels 5 and 6 trade places;
//! * no draw detection; five games per deck, each with its own 13 message cards.

use crate::deck::{tables, NTEST_DECK, NTEST_LISTING};
use crate::{Cell, Level};

/// Which order the NTEST cards are in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NtestOrder {
    /// The surviving decks' physical order: 04 15 03 10 00 05 02 01 05.
    #[default]
    Deck,
    /// Card-sequence order: 04 15 03 10 05 00 02 01 05.
    Listing,
}

/// Switches for the 1962 program; the default is the deck as it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoudenOptions {
    /// NTEST order.
    pub ntest: NtestOrder,
    /// Keep the intersection marks in the lane-sum array (faithful) rather than in a table
    /// of their own.
    pub marks_in_lane_sums: bool,
    /// Keep K1 from one game to the next (faithful) rather than resetting it to 1.
    pub k1_carry_over: bool,
    /// Level 6 saves the lane's last cell when it finds no unmarked empty cell (faithful).
    pub level6_fallback: bool,
}

impl Default for LoudenOptions {
    fn default() -> Self {
        LoudenOptions {
            ntest: NtestOrder::Deck,
            marks_in_lane_sums: true,
            k1_carry_over: true,
            level6_fallback: true,
        }
    }
}

/// Which message card a machine move types (the 13 cards of each game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Remark {
    /// Level 3 blocks the human's three (card 315).
    Block,
    /// Level 4 sets a two-way trap (card 316).
    Trap,
    /// Level 7 blocks the human's two-way trap (card 317).
    Tricky,
}

/// The machine's answer at its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoudenReply {
    /// Level 1: a lane holds four human marks; the deck types the lane.
    YouWin {
        /// Index (0-based) of the lane in card order.
        lane: usize,
    },
    /// Level 2: three machine marks and an empty cell; the deck types the lane (the
    /// empty cell is its winning move).
    IWin {
        /// Index (0-based) of the lane in card order.
        lane: usize,
        /// The empty cell that completes it.
        cell: Cell<3>,
    },
    /// A move: "xyz IS MY MOVE".
    Move {
        /// The cell.
        cell: Cell<3>,
        /// The level that chose it (1–9; 10 for the default scan). A `J3` move is
        /// level 6: the deck sets `J = 6` before playing it.
        level: Level,
        /// Whether it came from the level-6 save `J3`.
        from_j3: bool,
        /// The message card typed before it, if any.
        remark: Option<Remark>,
        /// The cell was already the machine's (the level-6 fallback): nothing changes.
        replayed: bool,
    },
    /// The preferred list is exhausted from K1 on: the deck falls into a computed GO TO
    /// out of range (undefined on the 1620); ludomat stops the game.
    NoMove,
}

/// Why a human move is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoudenError {
    /// The cell is taken ("COME ON NOW, THAT SQUARE IS FULL").
    #[error("{0} is already taken")]
    Occupied(Cell<3>),
}

/// The 1962 program: its arrays, K1 and the game counter.
#[derive(Debug, Clone)]
pub struct Louden1962 {
    options: LoudenOptions,
    ntest: [i32; 9],
    /// NUM(1..64); index 0 unused.
    num: [i32; 65],
    /// LANE(1..76); index 0 unused.
    lane: [i32; 77],
    /// A separate mark table when marks are not kept in LANE.
    marks: [bool; 65],
    k1: usize,
    j3: usize,
    game: usize,
}

impl Louden1962 {
    /// The deck, loaded: K1 = 1, no game started yet.
    #[must_use]
    pub fn new(options: LoudenOptions) -> Self {
        Louden1962 {
            options,
            ntest: match options.ntest {
                NtestOrder::Deck => NTEST_DECK,
                NtestOrder::Listing => NTEST_LISTING,
            },
            num: [0; 65],
            lane: [0; 77],
            marks: [false; 65],
            k1: 1,
            j3: 0,
            game: 0,
        }
    }

    /// The switches.
    #[must_use]
    pub fn options(&self) -> LoudenOptions {
        self.options
    }

    /// Start a game: NUM cleared, K1 kept (or reset without the carry-over quirk).
    pub fn new_game(&mut self) {
        self.num = [0; 65];
        self.game += 1;
        if !self.options.k1_carry_over {
            self.k1 = 1;
        }
    }

    /// Games started since the deck was loaded (the deck has message cards for five).
    #[must_use]
    pub fn games_started(&self) -> usize {
        self.game
    }

    /// NUM(1..64) as a slice of 64 (0 empty, 1 human, 5 machine).
    #[must_use]
    pub fn num(&self) -> &[i32] {
        &self.num[1..]
    }

    /// LANE(1..76) as the last machine turn left it (marks included).
    #[must_use]
    pub fn lane_sums(&self) -> &[i32] {
        &self.lane[1..]
    }

    /// K1, where the next default scan starts (1–4).
    #[must_use]
    pub fn k1(&self) -> usize {
        self.k1
    }

    /// J3, the move saved at level 6 in the last turn (0 for none; cells 1–64).
    #[must_use]
    pub fn j3(&self) -> usize {
        self.j3
    }

    /// The human types `cell`. K1 takes its tier digit first, then the cell is checked.
    ///
    /// # Errors
    /// [`LoudenError::Occupied`] when the cell is not empty (K1 has changed anyway).
    pub fn human_move(&mut self, cell: Cell<3>) -> Result<(), LoudenError> {
        self.k1 = cell.coords()[0] as usize;
        let m = cell.index() + 1;
        if self.num[m] != 0 {
            return Err(LoudenError::Occupied(cell));
        }
        self.num[m] = 1;
        Ok(())
    }

    /// Put the machine's mark on `cell` without thinking (to set up a position).
    pub fn place_machine(&mut self, cell: Cell<3>) {
        self.num[cell.index() + 1] = 5;
    }

    fn marked(&self, m: usize) -> bool {
        if self.options.marks_in_lane_sums {
            self.lane[m] >= 100
        } else {
            self.marks[m]
        }
    }

    fn mark(&mut self, m: usize) {
        if self.options.marks_in_lane_sums {
            self.lane[m] += 100;
        } else {
            self.marks[m] = true;
        }
    }

    fn clear_marks(&mut self) {
        if self.options.marks_in_lane_sums {
            for i in 1..=64 {
                if self.lane[i] >= 100 {
                    self.lane[i] -= 100;
                }
            }
        } else {
            self.marks = [false; 65];
        }
    }

    /// The machine's turn: think, and (for a move) put its mark in NUM.
    pub fn machine_move(&mut self) -> LoudenReply {
        let deck = tables();
        let lanes = &deck.lanes;
        for (i, l) in lanes.iter().enumerate() {
            self.lane[i + 1] = l.iter().map(|&c| self.num[c as usize]).sum();
        }
        self.marks = [false; 65];
        self.j3 = 0;
        for j in 1..=9usize {
            if j == 7 || j == 9 {
                self.clear_marks();
            }
            for i in 1..=76usize {
                if self.lane[i] != self.ntest[j - 1] {
                    continue;
                }
                let cells = lanes[i - 1].map(usize::from);
                match j {
                    1 => return LoudenReply::YouWin { lane: i - 1 },
                    2 => {
                        let m = cells.iter().copied().find(|&m| self.num[m] == 0);
                        if let Some(m) = m {
                            return LoudenReply::IWin {
                                lane: i - 1,
                                cell: cell_of(m),
                            };
                        }
                    }
                    3 => {
                        if let Some(m) = cells.iter().copied().find(|&m| self.num[m] <= 0) {
                            return self.play(m, j, false, Some(Remark::Block));
                        }
                    }
                    4 | 7 | 9 => {
                        for m in cells {
                            if self.num[m] > 0 {
                                continue;
                            }
                            if self.marked(m) {
                                return match j {
                                    4 => self.play(m, j, false, Some(Remark::Trap)),
                                    7 => self.play(m, j, false, Some(Remark::Tricky)),
                                    _ if self.j3 > 0 => self.play(self.j3, 6, true, None),
                                    _ => self.play(m, j, false, None),
                                };
                            }
                            self.mark(m);
                        }
                    }
                    _ => {
                        // 5, 6, 8: the second marked cell.
                        let mut seen = 0;
                        for m in cells {
                            if !self.marked(m) {
                                continue;
                            }
                            seen += 1;
                            if seen < 2 {
                                continue;
                            }
                            if j != 6 {
                                return self.play(m, j, false, None);
                            }
                            let free = cells
                                .iter()
                                .copied()
                                .find(|&m| self.num[m] <= 0 && !self.marked(m));
                            match free {
                                Some(f) => self.j3 = f,
                                None if self.options.level6_fallback => self.j3 = cells[3],
                                None => {}
                            }
                            break;
                        }
                    }
                }
            }
        }
        // Default: the preferred list from K1 on, or J3.
        for i in self.k1..=16 {
            let m = deck.nmove[i - 1] as usize;
            if self.num[m] <= 0 {
                return if self.j3 > 0 {
                    self.play(self.j3, 6, true, None)
                } else {
                    self.play(m, 10, false, None)
                };
            }
        }
        LoudenReply::NoMove
    }

    fn play(
        &mut self,
        m: usize,
        level: usize,
        from_j3: bool,
        remark: Option<Remark>,
    ) -> LoudenReply {
        let replayed = self.num[m] != 0;
        self.num[m] = 5;
        LoudenReply::Move {
            cell: cell_of(m),
            level: Level::n(level as u8),
            from_j3,
            remark,
            replayed,
        }
    }
}

fn cell_of(m: usize) -> Cell<3> {
    Cell::new(m - 1).unwrap_or_else(|| unreachable!("deck cells are 1–64"))
}

/// The 13 message cards of each of the deck's five games (the eight typed during play),
/// as the 1620 typed them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MessageCards {
    /// Card 312: follows the machine's move, "xyz IS MY MOVE".
    pub my_move: &'static str,
    /// Card 313: the prompt for the human's move.
    pub your_move: &'static str,
    /// Card 314: the cell is taken.
    pub full: &'static str,
    /// Card 315: level 3 blocks.
    pub block: &'static str,
    /// Card 316: level 4 sets a two-way trap.
    pub trap: &'static str,
    /// Card 317: level 7 blocks the human's trap.
    pub tricky: &'static str,
    /// Card 318: the machine wins; the lane follows.
    pub i_win: &'static str,
    /// Card 319: the human wins; the lane follows.
    pub you_win: &'static str,
}

/// The message cards of games 1–5.
pub const MESSAGES: [MessageCards; 5] = [
    MessageCards {
        my_move: "IS MY MOVE",
        your_move: "TYPE YOUR MOVE, RELEASE, START.",
        full: "COME ON NOW, THAT SQUARE IS FULL",
        block: "GOOD TRY THERE,",
        trap: "LETS SEE YOU GET OUT OF THIS,",
        tricky: "VERY TRICKY OF YOU,",
        i_win: "I WIN ON THE FOLLOWING SEQUENCE",
        you_win: "YOU WIN (DARN IT) AS FOLLOWS",
    },
    MessageCards {
        my_move: "IS MY PLAY",
        your_move: "MAKE YOUR PLAY NOW.",
        full: "COME ON NOW, THAT PLACE IS TAKEN",
        block: "YOURE IN THERE PITCHING,",
        trap: "AFRAID YOUVE HAD IT,",
        tricky: "THOUGHT YOU HAD ME THERE,",
        i_win: "I WIN AS FOLLOWS",
        you_win: "CONGRATULATIONS",
    },
    MessageCards {
        my_move: "IS MY MOVE",
        your_move: "WHATS YOUR MOVE",
        full: "COME ON NOW, THAT SQUARE IS GONE",
        block: "NOW, REALLY,",
        trap: "THIS WILL BE A SHORT GAME,",
        tricky: "AN EXCELLENT PLAY,",
        i_win: "THANK YOU VERY MUCH FOR THE GAME",
        you_win: "PLEASE TELL ME HOW YOU DID IT",
    },
    MessageCards {
        my_move: "IS MY PLAY",
        your_move: "CARRY ON.",
        full: "REALLY, THAT SQUARE IS OCCUPIED.",
        block: "RATHER OBVIOUS,",
        trap: "AFRAID YOU ARE TRAPPED,",
        tricky: "VERY GOOD SHOW.",
        i_win: "THAT WAS A TOP-NOTCH EFFORT.",
        you_win: "BET YOU CANT DO THAT AGAIN.",
    },
    MessageCards {
        my_move: "IS MY MOVE",
        your_move: "WHAT DO YOU SAY NOW.",
        full: "THAT SQUARE IS OCCUPIED.",
        block: "SORRY TO DISAPPOINT YOU,",
        trap: "ONLY TWO MOVES TO GO,",
        tricky: "CLEVER OF YOU,",
        i_win: "YOU CANT WIN THEM ALL.",
        you_win: "I CAN SEE YOUVE DONE THIS BEFORE",
    },
];

/// Typed after the fifth game, when the deck's message cards run out.
pub const LAST_MESSAGE: &str = "LETS STOP AND GET BACK TO WORK..";

impl MessageCards {
    /// The card typed for a remark.
    #[must_use]
    pub fn remark(&self, r: Remark) -> &'static str {
        match r {
            Remark::Block => self.block,
            Remark::Trap => self.trap,
            Remark::Tricky => self.tricky,
        }
    }
}
