//! [`QubicSession`]: 3D (and 4D) tic-tac-toe against the IBM 1620 programs as a person
//! meets them — the terminal's `ludomat play qubic` and the museum's cube exhibit.
//!
//! The machine plays one of three strategies:
//!
//! * `other1` — the 1620 machine-code program as documented for OTHER-1 (seed 001), on
//!   4×4×4 or 4×4×4×4, with any of its levels switched off; every move reports its
//!   strategy level with a one-line meaning, and its tables (row sums, intersection
//!   marks, 6MOV / 9MOV) are shown after it;
//! * `louden1962` — Bob Louden's FORTRAN deck of February 1962 (4×4×4 only), which types
//!   its remarks on the console typewriter: the session keeps that paper, five games to a
//!   deck, each game with its own message cards;
//! * `forced` — the machine opens and cannot lose. On 4×4×4×4 it plays the stored forced
//!   win of the first player ([`crate::proof::player::StrategyPlayer`]), showing the
//!   proof's answer to each reply and how many moves it needs at most; on 4×4×4 a bundled
//!   certificate ([`crate::proof3d::player::ProofPlayer`]): Patashnik's strategy's with the
//!   `patashnik` feature, ludomat's own from-scratch one without it — the view names which
//!   (`certificate`).
//!
//! The person plays a cell by the 1620's notation (`xyz`: tier, row, column, each 1–4;
//! `wxyz` on the 4D board, `w` the block) or by plane, row and column; the machine
//! answers at once.

use std::sync::{Arc, OnceLock};

use ludomat_game::{Game, Player, Session, SessionError};
use serde::{Deserialize, Serialize};

use crate::proof::player::{tree_depth, StrategyPlayer};
use crate::proof::strategy::{forced_win_4d, AttackNode, VerifyError};
use crate::proof3d::player::{ProofPlayer, Rule};
use crate::proof3d::watch::FoundSlot;
use crate::{
    deck, Board, Cell, LevelSet, Louden1962, LoudenError, LoudenOptions, LoudenReply, MessageCards,
    NtestOrder, Other1, Other1Options, Reply, LAST_MESSAGE, MESSAGES,
};

/// Most lines of typewriter paper a session keeps (older lines scroll away).
pub const PAPER_LINES: usize = 400;

/// The machine's program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strategy {
    /// The 1620 machine-code program as documented for OTHER-1 (levels 1–11, Java's 12).
    #[default]
    Other1,
    /// Bob Louden's 1962 FORTRAN deck (4×4×4 only; nine levels, its typed remarks).
    Louden1962,
    /// The machine moves first and cannot lose: the stored forced win on 4×4×4×4, a
    /// bundled certificate on 4×4×4.
    Forced,
}

/// The boards a session plays, in the words of a refusal.
const DIMS: &str = "3 (4×4×4) or 4 (4×4×4×4)";

/// Reads `dims`: anything but 3 or 4 — a text (`"9"`), a list, 9 — is refused saying
/// the setting's own values (`the text '9' where 3 (4×4×4) or 4 (4×4×4×4) was
/// expected`), never the type's (`a whole number from 0 up`).
fn board_dims<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    struct Dims;
    impl serde::de::Visitor<'_> for Dims {
        type Value = u8;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str(DIMS)
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<u8, E> {
            match v {
                3 | 4 => Ok(v as u8),
                _ => Err(E::invalid_value(serde::de::Unexpected::Unsigned(v), &self)),
            }
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<u8, E> {
            u64::try_from(v)
                .map_err(|_| E::invalid_value(serde::de::Unexpected::Signed(v), &self))
                .and_then(|v| self.visit_u64(v))
        }
    }
    d.deserialize_u8(Dims)
}

/// How a session starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct QubicConfig {
    /// 3 for the 4×4×4 cube, 4 for the 4×4×4×4 board.
    #[serde(deserialize_with = "board_dims")]
    pub dims: u8,
    /// The machine's program.
    pub strategy: Strategy,
    /// OTHER-1 levels switched off (1–12), e.g. `[6, 9]`: a player who sees traps only
    /// once they are set.
    pub disable: Vec<u8>,
    /// The machine moves first (always so with `forced`).
    pub machine_first: bool,
    /// Seed of OTHER-1's random choices (levels 11 and 12).
    pub seed: u64,
    /// OTHER-1: pick a random level-6/9 candidate instead of the last one found.
    pub random_saved: bool,
    /// OTHER-1: the Java port's level 12 (off, the machine halts like the 1620 when the
    /// major diagonals are full).
    pub level12: bool,
    /// The 1962 deck: the NTEST cards in card-sequence order instead of the surviving
    /// decks' order (levels 5 and 6 trade places).
    pub ntest_listing: bool,
    /// The 1962 deck: intersection marks in a table of their own, not in the lane sums.
    pub separate_marks: bool,
    /// The 1962 deck: K1 back to 1 at each new game instead of carried over.
    pub reset_k1: bool,
    /// The 1962 deck: no level-6 fallback to the lane's last cell.
    pub no_level6_fallback: bool,
}

impl QubicConfig {
    fn louden_options(&self) -> LoudenOptions {
        LoudenOptions {
            ntest: if self.ntest_listing {
                NtestOrder::Listing
            } else {
                NtestOrder::Deck
            },
            marks_in_lane_sums: !self.separate_marks,
            k1_carry_over: !self.reset_k1,
            level6_fallback: !self.no_level6_fallback,
        }
    }
}

impl Default for QubicConfig {
    /// You first on the cube against OTHER-1, seed 1.
    fn default() -> Self {
        QubicConfig {
            dims: 3,
            strategy: Strategy::Other1,
            disable: Vec::new(),
            machine_first: false,
            seed: 1,
            random_saved: false,
            level12: true,
            ntest_listing: false,
            separate_marks: false,
            reset_k1: false,
            no_level6_fallback: false,
        }
    }
}

/// What a person can do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum QubicAction {
    /// Play a cell: either `cell` in the 1620's notation (`"111"`; `"1111"` in 4D), or
    /// `plane` (the tier, 1–4), `row` and `column` (1–4), with `block` (1–4) in 4D. The
    /// machine answers at once.
    Play {
        /// The cell in the 1620's notation.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cell: Option<String>,
        /// 4D only: the block (the first digit), 1–4.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        block: Option<u8>,
        /// The plane (tier), 1–4.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        plane: Option<u8>,
        /// The row, 1–4.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        row: Option<u8>,
        /// The column, 1–4.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        column: Option<u8>,
    },
    /// The next game (the tally goes on; the 1962 deck moves to its next message cards).
    NewGame,
    /// Play the certificate this session's last proof run found (`prove`): the 4×4×4
    /// board, the machine first, from game 1; refused when no proof has been found. The
    /// view's `certificate` then names it; `reset` and `new_game` go on playing it.
    PlayFound,
    /// Back to the start: game 1, tally cleared, the seed from the beginning.
    Reset,
}

/// Who holds a cell or moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// The person (P).
    Human,
    /// The machine (M).
    Machine,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QubicResult {
    /// Four of the person's in a row.
    HumanWins,
    /// Four of the machine's in a row.
    MachineWins,
    /// A full board without a row.
    Tie,
    /// The program could not go on (the 1962 deck's preferred list ran out; OTHER-1
    /// without level 12 found no major-diagonal cell): the 1620 stopped.
    Stopped,
}

/// The strategy level of a machine move, with what it means.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelInfo {
    /// The level (OTHER-1 1–12; the 1962 deck 1–9, its default scan 10).
    pub number: u8,
    /// One line: what the level does.
    pub meaning: String,
}

/// One row and its sum in the machine's table (player 1, machine 5 per cell).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowSum {
    /// The row's cells in the 1620's notation.
    pub cells: Vec<String>,
    /// The sum as the program's table holds it (the 1962 deck's LANE(M) for M ≤ 64 also
    /// carries +100 when cell M is marked).
    pub sum: i32,
}

/// The machine's working tables after its last move (the 1620's, on demand).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tables {
    /// The levels that ran, in order.
    pub levels_run: Vec<u8>,
    /// Every row whose sum is not zero.
    pub rows: Vec<RowSum>,
    /// Cells the intersection routine marked, as the last level left them.
    pub marks: Vec<String>,
    /// OTHER-1's level-6 candidates (the 1962 deck's J3 save).
    pub mov6: Vec<String>,
    /// OTHER-1's level-9 candidates.
    pub mov9: Vec<String>,
    /// OTHER-1's level-10 held move.
    pub held: Option<String>,
    /// The 1962 deck's K1: where its next default scan of the preferred list starts.
    pub k1: Option<usize>,
}

/// Defending against the proven forced win (4D, `forced`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcedView {
    /// The proof's answer to the person's last reply (or its opening).
    pub answer: Option<String>,
    /// Moves the machine has made this game.
    pub machine_moves: usize,
    /// The most moves the machine still needs to win, against any defence.
    pub moves_left_at_most: usize,
}

/// Games so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Tally {
    /// Games the person won.
    pub human_wins: u32,
    /// Games the machine won.
    pub machine_wins: u32,
    /// Full boards.
    pub ties: u32,
    /// Games the program stopped.
    pub stopped: u32,
}

/// One thing that happened, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum QubicHappening {
    /// A mark was placed.
    Placed {
        /// Whose.
        by: Who,
        /// The cell in the 1620's notation.
        cell: String,
        /// The cell's index (0-based: tier·16 + row·4 + column; block·64 + … in 4D).
        index: usize,
        /// The machine's strategy level, if a level chose it.
        level: Option<u8>,
        /// One line on why.
        why: String,
    },
    /// The 1962 deck typed a line on the console typewriter.
    Typed {
        /// The line.
        line: String,
    },
    /// Something the program did that changes nothing on the board.
    Note {
        /// What.
        text: String,
    },
    /// The game ended.
    GameOver {
        /// How.
        result: QubicResult,
        /// The winning row's cells (1620 notation), if any.
        line: Option<Vec<String>>,
    },
    /// Game number `game` began.
    NewGame {
        /// 1-based.
        game: u32,
    },
}

/// Everything a person could look at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QubicView {
    /// 3 or 4.
    pub dims: u8,
    /// The machine's program.
    pub strategy: Strategy,
    /// OTHER-1 levels switched off.
    pub disabled: Vec<u8>,
    /// Every cell by index: `"human"`, `"machine"` or `null`.
    pub cells: Vec<Option<Who>>,
    /// Who moves next; `null` once the game is over.
    pub to_move: Option<Who>,
    /// Whether a click on an empty cell plays.
    pub human_to_move: bool,
    /// The moves of this game in order (1620 notation).
    pub moves: Vec<String>,
    /// The machine's last move (cell index).
    pub last_machine_move: Option<usize>,
    /// The level of the machine's last move.
    pub level: Option<LevelInfo>,
    /// How the game ended.
    pub result: Option<QubicResult>,
    /// The winning row by cell index, if any.
    pub line: Option<Vec<usize>>,
    /// The 1962 deck's typewriter paper (the newest line last).
    pub paper: Vec<String>,
    /// The machine's tables after its last move (OTHER-1, the 1962 deck).
    pub tables: Option<Tables>,
    /// 4D forced win: the proof's answer and the moves it needs at most.
    pub forced: Option<ForcedView>,
    /// 4×4×4 `forced`: which certificate the machine plays, in a few words.
    pub certificate: Option<String>,
    /// The certificate this session's last proof run found, in a few words (`play_found`
    /// plays it).
    pub found: Option<String>,
    /// When the certificate this session's proof found was let go (the process holds a
    /// few at once, the least recently used let go first): what it was, why it went, and
    /// what to do (`found` is then `None`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub found_let_go: Option<String>,
    /// 4×4×4: what the proof (the long run `prove`) cost from each starting point
    /// recorded in this build, so a page can tell it before a run starts
    /// ([`crate::proof3d::watch::costs`]).
    #[serde(default)]
    pub proof_costs: Vec<crate::proof3d::watch::Cost>,
    /// 1-based game number.
    pub game: u32,
    /// The 1962 deck has typed its last message: only `reset` goes on.
    pub deck_finished: bool,
    /// Finished games.
    pub tally: Tally,
    /// The config's seed.
    pub seed: u64,
}

/// Why a found certificate cannot be played any more.
/// `about`: what it was, in a few words (`the certificate your proof found (…)`).
fn let_go_words(about: &str) -> String {
    let most = crate::proof3d::watch::certificates().most();
    format!(
        "{about} was let go to save memory (this server keeps {} at once, the least \
         recently used let go first): press Prove to find it again",
        ludomat_io::text::count(most as u64, "found certificate", "found certificates")
    )
}

/// A player of the stored forced win: the tree is unpacked (and its depth measured)
/// once per process and shared by every session.
fn forced_player() -> Result<StrategyPlayer, SessionError> {
    type Stored = Result<(Arc<AttackNode>, usize), VerifyError>;
    static TREE: OnceLock<Stored> = OnceLock::new();
    let (tree, depth) = TREE
        .get_or_init(|| {
            let tree = forced_win_4d()?;
            let depth = tree_depth(&tree);
            Ok((Arc::new(tree), depth))
        })
        .as_ref()
        .map_err(|e| SessionError::Failed(format!("the stored 4D strategy: {e}")))?;
    Ok(StrategyPlayer::with_depth(Arc::clone(tree), *depth))
}

enum Machine<const D: usize> {
    Other1(Box<Other1<D>>),
    Louden(Box<Louden1962>),
    Forced(Box<StrategyPlayer>),
    /// 4×4×4 `forced`: a bundled certificate (Patashnik's strategy's, or without the
    /// `patashnik` feature ludomat's own), re-checked by the independent checker as it is
    /// read ([`crate::proof3d::certificate`]).
    Patashnik(Box<ProofPlayer>),
}

/// The 4×4×4 forced player: the bundled certificate of Patashnik's strategy (naming his
/// dictionary's moves) when the `patashnik` feature is on, ludomat's own from-scratch
/// certificate when it is off; read and re-checked once per process, cloned per game.
fn certificate_player() -> Result<ProofPlayer, SessionError> {
    static PLAYER: OnceLock<Result<ProofPlayer, String>> = OnceLock::new();
    #[cfg(feature = "patashnik")]
    let make = ProofPlayer::bundled;
    #[cfg(not(feature = "patashnik"))]
    let make = ProofPlayer::from_scratch;
    PLAYER
        .get_or_init(make)
        .clone()
        .map_err(SessionError::Failed)
}

/// One game board and its machine (`D` = 3 or 4).
struct Core<const D: usize> {
    machine: Machine<D>,
    /// The truth about the cells (the 1962 deck can "play" its own cell again, so the
    /// board need not alternate).
    cells: Vec<Option<Who>>,
    /// The same position as a game board (OTHER-1 and the forced win read it).
    board: Board<D>,
    human: Player,
    to_move: Who,
    moves: Vec<String>,
    last_machine_move: Option<usize>,
    level: Option<LevelInfo>,
    result: Option<QubicResult>,
    line: Option<Vec<usize>>,
    forced: Option<ForcedView>,
}

/// A 3D or 4D game in progress against a 1620 program, with its tally and paper.
pub struct QubicSession {
    config: QubicConfig,
    /// Where the proof runs started from this session put the certificate they find.
    found: FoundSlot,
    /// The found certificate's player when the machine plays it (kept unplayed, for
    /// `reset`).
    playing_found: Option<ProofPlayer>,
    core: Inner,
    opening: Vec<QubicHappening>,
    game: u32,
    tally: Tally,
    paper: Vec<String>,
    deck_finished: bool,
}

enum Inner {
    Three(Box<Core<3>>),
    Four(Box<Core<4>>),
}

fn name<const D: usize>(i: usize) -> String {
    Cell::<D>::new(i).map_or_else(|| i.to_string(), |c| c.to_string())
}

/// What an OTHER-1 level does (the seed's level table).
fn other1_meaning(level: u8) -> &'static str {
    match level {
        1 => "the player has four in a row: I lose",
        2 => "three of mine in a row and an empty cell: complete it and win",
        3 => "block the player's three in a row",
        4 => "a cell on two rows holding two of mine each: a two-way trap",
        5 => "a forcing move: the second marked cell of a row holding one of mine",
        6 => "an empty row crossing two marked cells: its first unmarked cell (6MOV)",
        7 => "block the player's two-way trap",
        8 => "block the player's forcing move",
        9 => "an empty row crossing two marked cells: its first marked cell (9MOV)",
        10 => "a cell on two rows holding one of mine each",
        11 => "nothing to build on: a random empty cell on the major diagonals",
        _ => "the major diagonals are full: a random empty cell (the Java port's level 12)",
    }
}

/// What a level of the 1962 deck does with its cards in the surviving order
/// (NTEST 04 15 03 10 00 05 02 01 05).
fn louden_meaning(level: u8, from_j3: bool, listing: bool) -> String {
    // In card-sequence order the sums of levels 5 and 6 trade places (their handlers
    // stay: 5 plays a lane's second marked cell, 6 saves J3).
    match (listing, level) {
        (true, 5) => {
            return "a lane holding one of mine crossing two marked cells: its second marked \
                    cell"
                .into()
        }
        (true, 6) => return "an empty lane crossing two marked cells: save a cell (J3)".into(),
        _ => {}
    }
    if from_j3 {
        return if listing {
            "the move level 6 saved (J3): an empty lane crossing two marked cells"
        } else {
            "the move level 6 saved (J3): a lane holding one of mine crossing two marked cells"
        }
        .into();
    }
    match level {
        1 => "the player has four in a row",
        2 => "three of mine in a lane and an empty cell: I win",
        3 => "block the player's three in a row",
        4 => "a cell on two lanes holding two of mine each: a two-way trap",
        5 => "an empty lane crossing two marked cells: its second marked cell",
        6 => "a lane holding one of mine crossing two marked cells: save a cell (J3)",
        7 => "block the player's two-way trap",
        8 => "block the player's forcing move: the second marked cell of a lane with one of theirs",
        9 => "a cell on two lanes holding one of mine each",
        _ => "nothing found: the first free cell of the preferred list from K1",
    }
    .into()
}

impl<const D: usize> Core<D> {
    fn new(config: &QubicConfig, found: Option<ProofPlayer>) -> Result<Self, SessionError> {
        let machine = match (config.strategy, found) {
            (Strategy::Forced, Some(found)) if D == 3 => Machine::Patashnik(Box::new(found)),
            (Strategy::Other1, _) => {
                let mut disabled = LevelSet::NONE;
                for &l in &config.disable {
                    if !(1..=12).contains(&l) {
                        return Err(SessionError::Invalid(format!(
                            "qubic config: disable: {l} is not a level 1–12"
                        )));
                    }
                    disabled = disabled.with(l);
                }
                Machine::Other1(Box::new(Other1::new(
                    Other1Options {
                        disabled,
                        random_saved_moves: config.random_saved,
                        level12: config.level12,
                        ..Other1Options::default()
                    },
                    config.seed,
                )))
            }
            (Strategy::Louden1962, _) => {
                Machine::Louden(Box::new(Louden1962::new(config.louden_options())))
            }
            (Strategy::Forced, _) if D == 3 => Machine::Patashnik(Box::new(certificate_player()?)),
            (Strategy::Forced, _) => Machine::Forced(Box::new(forced_player()?)),
        };
        let machine_first = config.machine_first || config.strategy == Strategy::Forced;
        let mut core = Core {
            machine,
            cells: vec![None; Cell::<D>::COUNT],
            board: Board::empty(),
            human: if machine_first {
                Player::Second
            } else {
                Player::First
            },
            to_move: if machine_first {
                Who::Machine
            } else {
                Who::Human
            },
            moves: Vec::new(),
            last_machine_move: None,
            level: None,
            result: None,
            line: None,
            forced: None,
        };
        if let Machine::Forced(p) = &core.machine {
            core.forced = Some(ForcedView {
                answer: None,
                machine_moves: 0,
                moves_left_at_most: p.moves_left_at_most(),
            });
        }
        Ok(core)
    }

    /// A fresh board for the next game, the machine (and its random stream, K1) kept.
    fn next_game(&mut self) {
        self.cells = vec![None; Cell::<D>::COUNT];
        self.board = Board::empty();
        self.to_move = if self.human == Player::First {
            Who::Human
        } else {
            Who::Machine
        };
        self.moves.clear();
        self.last_machine_move = None;
        self.level = None;
        self.result = None;
        self.line = None;
        match &mut self.machine {
            Machine::Louden(deck) => deck.new_game(),
            Machine::Forced(p) => {
                self.forced = Some(ForcedView {
                    answer: None,
                    machine_moves: 0,
                    moves_left_at_most: p.moves_left_at_most(),
                });
            }
            Machine::Patashnik(p) => ludomat_game::Agent::new_game(p.as_mut(), Player::First),
            Machine::Other1(_) => {}
        }
    }

    fn cell_of(&self, action: &QubicAction) -> Result<Cell<D>, SessionError> {
        let QubicAction::Play {
            cell,
            block,
            plane,
            row,
            column,
        } = action
        else {
            return Err(SessionError::Invalid("not a move".into()));
        };
        let by_coords = block.is_some() || plane.is_some() || row.is_some() || column.is_some();
        match (cell, by_coords) {
            (Some(text), false) => text
                .trim()
                .parse::<Cell<D>>()
                .map_err(|e| SessionError::Invalid(format!("play: cell: {e}"))),
            (None, true) => {
                let need = |v: Option<u8>, what: &str| {
                    v.filter(|v| (1..=4).contains(v)).ok_or_else(|| {
                        SessionError::Invalid(match v {
                            None => format!("play: {what} is missing (1–4)"),
                            Some(v) => format!("play: {what} {v} is out of range; each is 1–4"),
                        })
                    })
                };
                let (p, r, c) = (
                    need(*plane, "plane")?,
                    need(*row, "row")?,
                    need(*column, "column")?,
                );
                let mut coords = [0u8; D];
                if D == 4 {
                    coords[0] = need(*block, "block")?;
                } else if block.is_some() {
                    return Err(SessionError::Invalid(
                        "play: block is for the 4×4×4×4 board only".into(),
                    ));
                }
                coords[D - 3] = p;
                coords[D - 2] = r;
                coords[D - 1] = c;
                Cell::from_coords(coords)
                    .ok_or_else(|| SessionError::Invalid("play: no such cell".into()))
            }
            (Some(_), true) => Err(SessionError::Invalid(
                "play: give either cell or plane/row/column, not both".into(),
            )),
            (None, false) => Err(SessionError::Invalid(
                "play: give cell (e.g. '111') or plane, row and column".into(),
            )),
        }
    }

    /// The winning row among the marks, if any.
    fn winner(&self) -> Option<(Who, Vec<usize>)> {
        let g = Board::<D>::layout().geometry;
        g.lines().iter().find_map(|l| {
            let first = self.cells[l[0] as usize]?;
            l.iter()
                .all(|&c| self.cells[c as usize] == Some(first))
                .then(|| (first, l.iter().map(|&c| c as usize).collect()))
        })
    }

    fn full(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    fn finish(&mut self, result: QubicResult, out: &mut Vec<QubicHappening>, tally: &mut Tally) {
        self.result = Some(result);
        self.line = self.winner().map(|(_, l)| l);
        match result {
            QubicResult::HumanWins => tally.human_wins += 1,
            QubicResult::MachineWins => tally.machine_wins += 1,
            QubicResult::Tie => tally.ties += 1,
            QubicResult::Stopped => tally.stopped += 1,
        }
        out.push(QubicHappening::GameOver {
            result,
            line: self
                .line
                .as_ref()
                .map(|l| l.iter().map(|&c| name::<D>(c)).collect()),
        });
    }

    /// The game over after a mark? Then finish it.
    fn check_end(&mut self, out: &mut Vec<QubicHappening>, tally: &mut Tally) -> bool {
        if let Some((who, _)) = self.winner() {
            let r = match who {
                Who::Human => QubicResult::HumanWins,
                Who::Machine => QubicResult::MachineWins,
            };
            self.finish(r, out, tally);
            return true;
        }
        if self.full() {
            self.finish(QubicResult::Tie, out, tally);
            return true;
        }
        false
    }

    fn place(&mut self, who: Who, cell: Cell<D>) {
        let i = cell.index();
        if self.cells[i].is_none() {
            self.cells[i] = Some(who);
            if self.board.is_legal(cell) {
                self.board.play(cell);
            }
        }
        self.moves.push(cell.to_string());
        if who == Who::Machine {
            self.last_machine_move = Some(i);
        }
    }

    fn human_play(
        &mut self,
        cell: Cell<D>,
        cards: &MessageCards,
        paper: &mut Vec<String>,
        tally: &mut Tally,
    ) -> Result<Vec<QubicHappening>, SessionError> {
        if self.result.is_some() {
            return Err(SessionError::Refused(
                "the game is over: start a new game".into(),
            ));
        }
        if self.to_move != Who::Human {
            return Err(SessionError::Refused("it is the machine's turn".into()));
        }
        let mut out = Vec::new();
        if let Machine::Louden(deck) = &mut self.machine {
            // The deck takes K1 from the typed move before it looks at the cell, so an
            // occupied cell goes to the deck too (and moves K1), as on the 1620.
            let c3 = Cell::<3>::new(cell.index())
                .ok_or_else(|| SessionError::Invalid("the 1962 deck plays 4×4×4 only".into()))?;
            out.push(type_line(paper, cell.to_string()));
            if let Err(LoudenError::Occupied(_)) = deck.human_move(c3) {
                out.push(type_line(paper, cards.full.to_string()));
                out.push(type_line(paper, cards.your_move.to_string()));
                return Ok(out);
            }
        } else if self.cells[cell.index()].is_some() {
            return Err(SessionError::Refused(format!(
                "{cell} is already taken by {}; choose an empty cell",
                if self.cells[cell.index()] == Some(Who::Human) {
                    "you"
                } else {
                    "the machine"
                }
            )));
        }
        self.place(Who::Human, cell);
        out.push(QubicHappening::Placed {
            by: Who::Human,
            cell: cell.to_string(),
            index: cell.index(),
            level: None,
            why: "your move".into(),
        });
        self.to_move = Who::Machine;
        let won = self.winner().is_some();
        if matches!(self.machine, Machine::Louden(_)) && won {
            // The deck sees the four at its turn (level 1) and types the lane.
            self.machine_turn(cards, paper, &mut out)?;
        }
        if !self.check_end(&mut out, tally) {
            self.machine_turn(cards, paper, &mut out)?;
            if self.result.is_none() {
                self.check_end(&mut out, tally);
            }
        }
        Ok(out)
    }

    /// The machine moves (or, for the 1962 deck, types its verdict).
    fn machine_turn(
        &mut self,
        cards: &MessageCards,
        paper: &mut Vec<String>,
        out: &mut Vec<QubicHappening>,
    ) -> Result<(), SessionError> {
        match &mut self.machine {
            Machine::Other1(m) => match m.decide(&self.board) {
                Reply::Move { cell, level } => {
                    let n = level.number();
                    self.level = Some(LevelInfo {
                        number: n,
                        meaning: other1_meaning(n).into(),
                    });
                    self.place(Who::Machine, cell);
                    out.push(QubicHappening::Placed {
                        by: Who::Machine,
                        cell: cell.to_string(),
                        index: cell.index(),
                        level: Some(n),
                        why: format!("strategy level {n}: {}", other1_meaning(n)),
                    });
                    self.to_move = Who::Human;
                }
                Reply::Lost { .. } => {}
                Reply::Halt => {
                    out.push(QubicHappening::Note {
                        text: "no empty cell on the major diagonals: the machine halts (as the \
                               1620 did)"
                            .into(),
                    });
                    self.result = Some(QubicResult::Stopped);
                }
            },
            Machine::Louden(deck) => {
                let listing = deck.options().ntest == NtestOrder::Listing;
                let lane_text = |lane: usize| -> Vec<String> {
                    deck::tables().lanes[lane]
                        .iter()
                        .filter_map(|&c| Cell::<3>::new(c as usize - 1))
                        .map(|c| format!("{c:>4}"))
                        .collect()
                };
                match deck.machine_move() {
                    LoudenReply::YouWin { lane } => {
                        out.push(type_line(paper, cards.you_win.into()));
                        for l in lane_text(lane) {
                            out.push(type_line(paper, l));
                        }
                        self.level = Some(LevelInfo {
                            number: 1,
                            meaning: louden_meaning(1, false, listing),
                        });
                    }
                    LoudenReply::IWin { lane, cell } => {
                        deck.place_machine(cell);
                        let cell = Cell::<D>::new(cell.index()).ok_or_else(|| {
                            SessionError::Failed("deck cell off the board".into())
                        })?;
                        self.level = Some(LevelInfo {
                            number: 2,
                            meaning: louden_meaning(2, false, listing),
                        });
                        self.place(Who::Machine, cell);
                        out.push(QubicHappening::Placed {
                            by: Who::Machine,
                            cell: cell.to_string(),
                            index: cell.index(),
                            level: Some(2),
                            why: format!("strategy level 2: {cell} completes the row"),
                        });
                        out.push(type_line(paper, cards.i_win.into()));
                        for l in lane_text(lane) {
                            out.push(type_line(paper, l));
                        }
                    }
                    LoudenReply::Move {
                        cell,
                        level,
                        from_j3,
                        remark,
                        replayed,
                    } => {
                        let k1 = deck.k1();
                        if let Some(r) = remark {
                            out.push(type_line(paper, cards.remark(r).into()));
                        }
                        out.push(type_line(paper, format!("{cell} {}", cards.my_move)));
                        let n = level.number();
                        let meaning = if n == 10 {
                            format!("{} = {k1}", louden_meaning(n, from_j3, listing))
                        } else {
                            louden_meaning(n, from_j3, listing)
                        };
                        self.level = Some(LevelInfo {
                            number: n,
                            meaning: meaning.clone(),
                        });
                        let cell = Cell::<D>::new(cell.index()).ok_or_else(|| {
                            SessionError::Failed("deck cell off the board".into())
                        })?;
                        if replayed {
                            self.moves.push(cell.to_string());
                            self.last_machine_move = Some(cell.index());
                            out.push(QubicHappening::Note {
                                text: format!(
                                    "{cell} is already the machine's: the deck's level-6 \
                                     fallback saved an occupied cell; nothing changes"
                                ),
                            });
                        } else {
                            self.place(Who::Machine, cell);
                            out.push(QubicHappening::Placed {
                                by: Who::Machine,
                                cell: cell.to_string(),
                                index: cell.index(),
                                level: Some(n),
                                why: format!("strategy level {n}: {meaning}"),
                            });
                        }
                        self.to_move = Who::Human;
                        if self.winner().is_none() && !self.full() {
                            out.push(type_line(paper, cards.your_move.into()));
                        }
                    }
                    LoudenReply::NoMove => {
                        out.push(QubicHappening::Note {
                            text: format!(
                                "the deck finds no move: its preferred list is used up from K1 \
                                 = {} on, and its computed GO TO falls out of range; the game \
                                 stops",
                                deck.k1()
                            ),
                        });
                        self.result = Some(QubicResult::Stopped);
                    }
                }
            }
            Machine::Patashnik(p) => {
                // the machine is the first player: its stones are x, the person's o
                let (mut x, mut o) = (0u64, 0u64);
                for (i, c) in self.cells.iter().enumerate().take(64) {
                    match c {
                        Some(Who::Machine) => x |= 1 << i,
                        Some(Who::Human) => o |= 1 << i,
                        None => {}
                    }
                }
                let (index, rule) = p.decide(x, o).ok_or_else(|| {
                    SessionError::Failed("the certificate does not reach this position".into())
                })?;
                p.last_rule = Some(rule);
                let cell = Cell::<D>::new(index)
                    .ok_or_else(|| SessionError::Failed("strategy cell off the board".into()))?;
                let why = match rule {
                    Rule::Win => "completes the row".to_string(),
                    Rule::Block => "blocks your three".to_string(),
                    Rule::Dictionary(line) => {
                        format!("dictionary {}", ludomat_io::text::line(line))
                    }
                    Rule::Threat(i, n) => format!("threat {i} of {n}"),
                    Rule::Stored => "the certificate's move".to_string(),
                };
                self.place(Who::Machine, cell);
                out.push(QubicHappening::Placed {
                    by: Who::Machine,
                    cell: cell.to_string(),
                    index: cell.index(),
                    level: None,
                    why,
                });
                self.to_move = Who::Human;
            }
            Machine::Forced(p) => {
                let reply = self.moves.last().and_then(|m| m.parse::<Cell<4>>().ok());
                let answer = match reply {
                    None => p.open(),
                    Some(r) => p.answer(r),
                }
                .map_err(|e| SessionError::Failed(format!("the stored strategy: {e}")))?;
                let cell = Cell::<D>::new(answer.index())
                    .ok_or_else(|| SessionError::Failed("strategy cell off the board".into()))?;
                let made = self.forced.as_ref().map_or(0, |f| f.machine_moves) + 1;
                let mut left = p.moves_left_at_most();
                self.forced = Some(ForcedView {
                    answer: Some(cell.to_string()),
                    machine_moves: made,
                    moves_left_at_most: left,
                });
                self.place(Who::Machine, cell);
                if self.winner().is_some() {
                    left = 0;
                }
                if let Some(f) = &mut self.forced {
                    f.moves_left_at_most = left;
                }
                out.push(QubicHappening::Placed {
                    by: Who::Machine,
                    cell: cell.to_string(),
                    index: cell.index(),
                    level: None,
                    why: format!(
                        "move {made} of the proven forced win; it needs at most {left} more"
                    ),
                });
                self.to_move = Who::Human;
            }
        }
        Ok(())
    }

    /// At a new game the machine may move first.
    fn open(
        &mut self,
        cards: &MessageCards,
        paper: &mut Vec<String>,
    ) -> Result<Vec<QubicHappening>, SessionError> {
        let mut out = Vec::new();
        if self.to_move == Who::Machine {
            self.machine_turn(cards, paper, &mut out)?;
        } else if matches!(self.machine, Machine::Louden(_)) {
            out.push(type_line(paper, cards.your_move.into()));
        }
        Ok(out)
    }

    fn tables(&self) -> Option<Tables> {
        self.last_machine_move?;
        let names = |v: &[usize]| v.iter().map(|&c| name::<D>(c)).collect::<Vec<_>>();
        match &self.machine {
            Machine::Other1(m) => {
                let w = m.workings();
                let g = Board::<D>::layout().geometry;
                let rows = w
                    .sums
                    .iter()
                    .enumerate()
                    .filter(|(_, &s)| s != 0)
                    .filter_map(|(i, &s)| {
                        let l = g.lines().get(i)?;
                        Some(RowSum {
                            cells: l.iter().map(|&c| name::<D>(c as usize)).collect(),
                            sum: i32::from(s),
                        })
                    })
                    .collect();
                let marks: Vec<usize> = (0..w.intersection.len().min(Cell::<D>::COUNT))
                    .filter(|&c| w.intersection[c] == 0)
                    .collect();
                Some(Tables {
                    levels_run: w.levels_run.clone(),
                    rows,
                    marks: names(&marks),
                    mov6: names(&w.mov6),
                    mov9: names(&w.mov9),
                    held: w.held.map(name::<D>),
                    k1: None,
                })
            }
            Machine::Louden(deck) => {
                let lanes = &deck::tables().lanes;
                let sums = deck.lane_sums();
                let rows = lanes
                    .iter()
                    .zip(sums)
                    .filter(|(_, &s)| s != 0)
                    .map(|(l, &s)| RowSum {
                        cells: l.iter().map(|&c| name::<3>(c as usize - 1)).collect(),
                        sum: s,
                    })
                    .collect();
                let marks: Vec<usize> = (0..64).filter(|&m| sums[m] >= 100).collect();
                let j3: Vec<usize> = (deck.j3() > 0).then(|| deck.j3() - 1).into_iter().collect();
                Some(Tables {
                    levels_run: Vec::new(),
                    rows,
                    marks: names(&marks),
                    mov6: names(&j3),
                    mov9: Vec::new(),
                    held: None,
                    k1: Some(deck.k1()),
                })
            }
            Machine::Forced(_) | Machine::Patashnik(_) => None,
        }
    }
}

/// Put a line on the paper; the happening that says so.
fn type_line(paper: &mut Vec<String>, line: String) -> QubicHappening {
    paper.push(line.clone());
    if paper.len() > PAPER_LINES {
        let extra = paper.len() - PAPER_LINES;
        paper.drain(..extra);
    }
    QubicHappening::Typed { line }
}

impl QubicSession {
    fn cards(&self) -> &'static MessageCards {
        &MESSAGES[(self.game as usize)
            .saturating_sub(1)
            .min(MESSAGES.len() - 1)]
    }

    /// What happened when the session started: the machine's opening move when it
    /// moves first, the 1962 deck's first lines (a renderer that prints happenings shows
    /// these before the first action).
    #[must_use]
    pub fn opening(&self) -> &[QubicHappening] {
        &self.opening
    }

    fn start(
        config: &QubicConfig,
        found: Option<ProofPlayer>,
    ) -> Result<(Inner, Vec<String>, Vec<QubicHappening>), SessionError> {
        let mut paper = Vec::new();
        let cards = &MESSAGES[0];
        let (core, opening) = if config.dims == 4 {
            let mut c = Core::<4>::new(config, None)?;
            let h = c.open(cards, &mut paper)?;
            (Inner::Four(Box::new(c)), h)
        } else {
            let mut c = Core::<3>::new(config, found)?;
            let h = c.open(cards, &mut paper)?;
            (Inner::Three(Box::new(c)), h)
        };
        Ok((core, paper, opening))
    }

    /// A session of the checked `config`; on 4×4×4 `forced`, playing `found` when given.
    fn build(config: QubicConfig, found: Option<ProofPlayer>) -> Result<Self, SessionError> {
        let (core, paper, opening) = Self::start(&config, found.clone())?;
        Ok(QubicSession {
            config,
            found: FoundSlot::default(),
            playing_found: found,
            core,
            opening,
            game: 1,
            tally: Tally::default(),
            paper,
            deck_finished: false,
        })
    }

    /// `play_found`: the certificate the last proof run found, played from game 1.
    fn play_found(&mut self) -> Result<Vec<QubicHappening>, SessionError> {
        let kept = self
            .found
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
            .ok_or_else(|| {
                SessionError::Refused(
                    "no proof has been found in this visit yet: press Prove, and play it \
                     once it is proved"
                        .into(),
                )
            })?;
        let found = kept
            .get()
            .ok_or_else(|| SessionError::Refused(let_go_words(&kept.about)))?;
        let found = (*found).clone();
        #[cfg(feature = "patashnik")]
        let dict = if found.after > 0 {
            crate::proof3d::dictionary::Dictionary::patashnik().ok()
        } else {
            None
        };
        #[cfg(not(feature = "patashnik"))]
        let dict = None;
        let player =
            ProofPlayer::found(&found.bytes, dict, found.about).map_err(SessionError::Refused)?;
        let config = QubicConfig {
            dims: 3,
            strategy: Strategy::Forced,
            disable: Vec::new(),
            machine_first: true,
            ..self.config.clone()
        };
        let mut fresh = Self::build(config, Some(player))?;
        fresh.found = Arc::clone(&self.found);
        *self = fresh;
        let mut out = vec![QubicHappening::NewGame { game: 1 }];
        out.extend(self.opening.iter().cloned());
        Ok(out)
    }
}

impl Session for QubicSession {
    type Config = QubicConfig;
    type Action = QubicAction;
    type View = QubicView;
    type Happening = QubicHappening;
    const KIND: &'static str = "qubic";

    fn new(mut config: QubicConfig) -> Result<Self, SessionError> {
        match (config.dims, config.strategy) {
            (3 | 4, Strategy::Other1 | Strategy::Forced) | (3, Strategy::Louden1962) => {}
            (4, Strategy::Louden1962) => {
                return Err(SessionError::Invalid(
                    "qubic config: the 1962 deck plays 4×4×4 only: set dims 3".into(),
                ))
            }
            (d, _) => {
                return Err(SessionError::Invalid(format!(
                    "qubic config: dims: the number {d} where {DIMS} was expected"
                )))
            }
        }
        if config.strategy != Strategy::Other1 && !config.disable.is_empty() {
            return Err(SessionError::Invalid(
                "qubic config: disable switches OTHER-1 levels; the other programs have none"
                    .into(),
            ));
        }
        if config.strategy == Strategy::Forced {
            config.machine_first = true;
        }
        config.disable.sort_unstable();
        config.disable.dedup();
        Self::build(config, None)
    }

    fn config(&self) -> &QubicConfig {
        &self.config
    }

    fn apply(&mut self, action: QubicAction) -> Result<Vec<QubicHappening>, SessionError> {
        match action {
            QubicAction::PlayFound => self.play_found(),
            QubicAction::Reset => {
                let mut fresh =
                    QubicSession::build(self.config.clone(), self.playing_found.clone())?;
                fresh.found = Arc::clone(&self.found);
                *self = fresh;
                let mut out = vec![QubicHappening::NewGame { game: 1 }];
                out.extend(self.opening.iter().cloned());
                Ok(out)
            }
            QubicAction::NewGame => {
                if self.deck_finished {
                    return Err(SessionError::Refused(
                        "the 1962 deck has typed its last message: reset to load it again".into(),
                    ));
                }
                if self.config.strategy == Strategy::Louden1962
                    && self.game as usize >= MESSAGES.len()
                {
                    self.deck_finished = true;
                    return Ok(vec![type_line(&mut self.paper, LAST_MESSAGE.into())]);
                }
                self.game += 1;
                let cards = self.cards();
                let mut paper = std::mem::take(&mut self.paper);
                let mut out = vec![QubicHappening::NewGame { game: self.game }];
                let r = match &mut self.core {
                    Inner::Three(c) => {
                        c.next_game();
                        c.open(cards, &mut paper)
                    }
                    Inner::Four(c) => {
                        c.next_game();
                        c.open(cards, &mut paper)
                    }
                };
                self.paper = paper;
                out.extend(r?);
                Ok(out)
            }
            play @ QubicAction::Play { .. } => {
                if self.deck_finished {
                    return Err(SessionError::Refused(
                        "the 1962 deck has typed its last message: reset to load it again".into(),
                    ));
                }
                let cards = self.cards();
                // Refusals come before any change; paper and tally are written back
                // only when the move went through.
                let mut paper = self.paper.clone();
                let mut tally = self.tally;
                let out = match &mut self.core {
                    Inner::Three(c) => {
                        let cell = c.cell_of(&play)?;
                        c.human_play(cell, cards, &mut paper, &mut tally)?
                    }
                    Inner::Four(c) => {
                        let cell = c.cell_of(&play)?;
                        c.human_play(cell, cards, &mut paper, &mut tally)?
                    }
                };
                self.paper = paper;
                self.tally = tally;
                Ok(out)
            }
        }
    }

    fn view(&self) -> QubicView {
        let (cells, to_move, moves, last, level, result, line, tables, forced) = match &self.core {
            Inner::Three(c) => parts(c),
            Inner::Four(c) => parts(c),
        };
        let (found, found_let_go) = {
            let kept = self
                .found
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            // Let go: no longer found (nothing to play), only why, with what it was.
            match kept.as_ref() {
                Some(f) if f.held() => (Some(f.about.clone()), None),
                Some(f) => (None, Some(let_go_words(&f.about))),
                None => (None, None),
            }
        };
        QubicView {
            dims: self.config.dims,
            strategy: self.config.strategy,
            disabled: self.config.disable.clone(),
            human_to_move: to_move == Some(Who::Human) && !self.deck_finished,
            cells,
            to_move,
            moves,
            last_machine_move: last,
            level,
            result,
            line,
            paper: self.paper.clone(),
            tables,
            forced,
            certificate: match &self.core {
                Inner::Three(c) => match &c.machine {
                    Machine::Patashnik(p) => Some(p.certificate.clone()),
                    _ => None,
                },
                Inner::Four(_) => None,
            },
            found,
            found_let_go,
            proof_costs: match &self.core {
                Inner::Three(_) => crate::proof3d::watch::costs().to_vec(),
                Inner::Four(_) => Vec::new(),
            },
            game: self.game,
            deck_finished: self.deck_finished,
            tally: self.tally,
            seed: self.config.seed,
        }
    }

    /// `prove`: the 4×4×4 proof searched and its certificate re-checked, as `ludomat
    /// qubic proof --dims 3 --search-after K` (settings `{"search_after": K}`, 0 — the
    /// default — from scratch); see [`crate::proof3d::watch`].
    fn long_run(
        &self,
        name: &str,
        params: &serde_json::Value,
    ) -> Result<Box<dyn ludomat_game::LongRun>, SessionError> {
        if name != "prove" {
            return Err(SessionError::Invalid(format!(
                "qubic has one long run, 'prove' (not {})",
                ludomat_io::text::quoted(name, 60)
            )));
        }
        Ok(Box::new(
            crate::proof3d::watch::ProveRun::from_params(params)?
                .keeping_into(Arc::clone(&self.found)),
        ))
    }

    fn parse_action(&self, line: &str) -> Result<QubicAction, SessionError> {
        let t = line.trim();
        match t.to_ascii_lowercase().as_str() {
            "new" | "n" => Ok(QubicAction::NewGame),
            "reset" => Ok(QubicAction::Reset),
            _ => {
                let ok = match &self.core {
                    Inner::Three(_) => t.parse::<Cell<3>>().map(|_| ()),
                    Inner::Four(_) => t.parse::<Cell<4>>().map(|_| ()),
                };
                ok.map_err(|e| SessionError::Invalid(e.to_string()))?;
                Ok(QubicAction::Play {
                    cell: Some(t.to_string()),
                    block: None,
                    plane: None,
                    row: None,
                    column: None,
                })
            }
        }
    }
}

type Parts = (
    Vec<Option<Who>>,
    Option<Who>,
    Vec<String>,
    Option<usize>,
    Option<LevelInfo>,
    Option<QubicResult>,
    Option<Vec<usize>>,
    Option<Tables>,
    Option<ForcedView>,
);

fn parts<const D: usize>(c: &Core<D>) -> Parts {
    (
        c.cells.clone(),
        if c.result.is_some() {
            None
        } else {
            Some(c.to_move)
        },
        c.moves.clone(),
        c.last_machine_move,
        c.level.clone(),
        c.result,
        c.line.clone(),
        c.tables(),
        c.forced.clone(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proof_run_keeps_what_it_found_in_its_session() {
        let s = QubicSession::new(QubicConfig::default()).unwrap();
        let run = s
            .long_run("prove", &serde_json::json!({"search_after": 9}))
            .unwrap();
        let mut reports = Vec::new();
        let result = run
            .run(ludomat_game::run::Cancel::new(), &mut |p| {
                reports.push(p.partial.clone());
            })
            .unwrap();
        assert_eq!(result["verdict"]["verdict"], "proved", "{result}");
        // The certificate's phases report as they go, not only as each starts: the run's
        // CPU clock and its estimate keep moving, each report naming its phase.
        let certificate: Vec<_> = reports
            .iter()
            .filter(|p| matches!(p["phase"].as_str(), Some("certificate" | "check")))
            .collect();
        let cpu = |p: &serde_json::Value| p["run_cpu_seconds"].as_f64().unwrap_or(0.0);
        assert!(
            certificate.len() > 2
                && cpu(certificate[certificate.len() - 1]) > cpu(certificate[0])
                && certificate
                    .iter()
                    .all(|p| p["estimate"]["cpu_seconds"] == p["run_cpu_seconds"]),
            "{certificate:?}"
        );
        // Following the dictionary to the frontier reports as it goes too (it took
        // seconds with the clocks standing still): more than its first report, CPU moving.
        let frontier: Vec<_> = reports
            .iter()
            .filter(|p| p["phase"].as_str() == Some("frontier"))
            .collect();
        assert!(
            frontier.len() > 1 && cpu(frontier[frontier.len() - 1]) > cpu(frontier[0]),
            "{frontier:?}"
        );
        let found = s.view().found.expect("kept");
        assert!(found.contains("Patashnik's first 9 stones"), "{found}");
        assert!(found.contains("bytes gzip"), "{found}");
    }
}
