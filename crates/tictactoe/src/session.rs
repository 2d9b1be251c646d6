//! [`TictactoeSession`]: a game of noughts and crosses as a person meets it — the
//! museum's first exhibit and the session the arena builds on.
//!
//! Each side is a human, the perfect player ([`crate::PerfectAgent`], which keeps the
//! game value of every position, [`crate::solver`]) or a uniformly random player, all
//! seeded. When exactly one side is human the machine answers at once, so a person only
//! ever plays squares; when both sides are machines a renderer drives them with `step`
//! (one move, or a new game once the last one is over) or `run` (whole games, bounded).
//! Squares are named in the numeric notation, 1–9 in reading order.

use ludomat_game::{seed, Agent, Session, SessionError};
use serde::{Deserialize, Serialize};

use crate::board::LINES;
use crate::notation::Notation;
use crate::solver::solution;
use crate::{Board, Cell, Mark, PerfectAgent, RandomAgent};

/// Most whole games one `run` action plays.
pub const MAX_RUN_GAMES: u32 = 10_000;
/// The count of a `run` action's `games`: 1 to [`MAX_RUN_GAMES`], refused in the one
/// wording of every count.
const RUN_GAMES: ludomat_game::CountField = ludomat_game::CountField {
    action: "run",
    field: "games",
    min: 1,
    max: MAX_RUN_GAMES as u64,
    unit: "games",
};

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    /// A person, who plays squares with `play`.
    #[default]
    Human,
    /// The perfect player: a move that keeps the game value, chosen at random among such.
    Perfect,
    /// A uniformly random legal move.
    Random,
}

impl Seat {
    fn is_machine(self) -> bool {
        self != Seat::Human
    }
}

/// How a session starts: who plays X (who moves first), who plays O, and the seed of the
/// machines' random choices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TictactoeConfig {
    /// Who plays X, the first player.
    pub x: Seat,
    /// Who plays O.
    pub o: Seat,
    /// Seed of every random choice (the perfect player's choice among equally good moves, the random player).
    pub seed: u64,
}

impl Default for TictactoeConfig {
    /// You (X) against the perfect player, seed 1.
    fn default() -> Self {
        TictactoeConfig {
            x: Seat::Human,
            o: Seat::Perfect,
            seed: 1,
        }
    }
}

/// What a person (or a renderer's timer) can do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum TictactoeAction {
    /// The human to move marks `square` (1–9 in reading order); a machine opponent
    /// answers at once.
    Play {
        /// 1–9, reading order.
        #[serde(deserialize_with = "ludomat_game::square::<_, 1, 9>")]
        square: u8,
    },
    /// The machine to move plays one move; once a game is over, a new game starts.
    Step,
    /// Machine against machine: play `games` whole games (at most [`MAX_RUN_GAMES`]),
    /// finishing the one in progress first.
    Run {
        /// How many games to finish.
        games: u32,
    },
    /// Start the next game (the tally and the random stream go on).
    NewGame,
    /// Back to the start: game 1, tally cleared, the seed from the beginning.
    Reset,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Result3 {
    /// Three crosses in a row.
    XWins,
    /// Three noughts in a row.
    OWins,
    /// A full board without a line.
    Draw,
}

/// One thing that happened, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TictactoeHappening {
    /// `mark` was placed on `square` (1–9) by `by`; `why` says in one line how it was
    /// chosen.
    Placed {
        /// The mark placed.
        mark: Mark,
        /// 1–9, reading order.
        square: u8,
        /// Who placed it.
        by: Seat,
        /// One line on how the move was chosen.
        why: String,
    },
    /// The game ended.
    GameOver {
        /// How.
        result: Result3,
        /// The winning line's squares (1–9), if any.
        line: Option<[u8; 3]>,
    },
    /// Game number `game` began.
    NewGame {
        /// 1-based.
        game: u32,
    },
}

/// Wins and draws so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Tally {
    /// Games X won.
    pub x_wins: u32,
    /// Games O won.
    pub o_wins: u32,
    /// Drawn games.
    pub draws: u32,
}

/// Everything a person could look at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TictactoeView {
    /// The nine squares in reading order: `"X"`, `"O"` or `null`.
    pub board: [Option<Mark>; 9],
    /// Whose turn it is; `null` once the game is over.
    pub to_move: Option<Mark>,
    /// Whether the side to move is a person (so a click on an empty square plays).
    pub human_to_move: bool,
    /// The squares that can be played now (1–9).
    pub legal: Vec<u8>,
    /// The squares played this game, in order (1–9).
    pub moves: Vec<u8>,
    /// How the game ended, if it has.
    pub result: Option<Result3>,
    /// The winning line (1–9), if any.
    pub line: Option<[u8; 3]>,
    /// The game value for the side to move with perfect play: +1 win, 0 draw, −1 loss.
    pub value: Option<i8>,
    /// Who plays X and O.
    pub x: Seat,
    /// Who plays O.
    pub o: Seat,
    /// 1-based number of the game on the board.
    pub game: u32,
    /// Finished games.
    pub tally: Tally,
    /// The config's seed.
    pub seed: u64,
}

/// One machine seat's player.
enum Player {
    Human,
    Perfect(PerfectAgent),
    Random(RandomAgent),
}

impl Player {
    fn new(seat: Seat, seed: u64) -> Player {
        match seat {
            Seat::Human => Player::Human,
            Seat::Perfect => Player::Perfect(PerfectAgent::new(seed)),
            Seat::Random => Player::Random(RandomAgent::new(seed)),
        }
    }
}

/// A game of noughts and crosses in progress, with its players and tally.
pub struct TictactoeSession {
    config: TictactoeConfig,
    board: Board,
    moves: Vec<u8>,
    x: Player,
    o: Player,
    game: u32,
    tally: Tally,
}

/// 1–9 name of a cell.
fn square(cell: Cell) -> u8 {
    // index() < 9, so this fits.
    cell.index() as u8 + 1
}

fn winning_line(board: Board) -> Option<[u8; 3]> {
    let mark = board.winner()?;
    let mask = board.mask(mark);
    let line = LINES.iter().find(|&&l| mask & l == l)?;
    let mut out = [0u8; 3];
    let mut k = 0;
    for c in Cell::ALL {
        if line & c.bit() != 0 && k < 3 {
            out[k] = square(c);
            k += 1;
        }
    }
    Some(out)
}

fn result_of(board: Board) -> Option<Result3> {
    match board.winner() {
        Some(Mark::X) => Some(Result3::XWins),
        Some(Mark::O) => Some(Result3::OWins),
        None if board.is_over() => Some(Result3::Draw),
        None => None,
    }
}

fn describe_value(v: i8) -> &'static str {
    match v {
        1 => "a win",
        -1 => "a loss",
        _ => "a draw",
    }
}

impl TictactoeSession {
    fn seat(&self, mark: Mark) -> Seat {
        match mark {
            Mark::X => self.config.x,
            Mark::O => self.config.o,
        }
    }

    fn player_mut(&mut self, mark: Mark) -> &mut Player {
        match mark {
            Mark::X => &mut self.x,
            Mark::O => &mut self.o,
        }
    }

    /// Place `cell` for the side to move (the caller checked it is legal), and record
    /// the end of the game if it ended.
    fn place(&mut self, cell: Cell, by: Seat, why: String, out: &mut Vec<TictactoeHappening>) {
        let mark = self.board.to_move();
        self.board = self.board.with(cell, mark);
        self.moves.push(square(cell));
        out.push(TictactoeHappening::Placed {
            mark,
            square: square(cell),
            by,
            why,
        });
        if let Some(result) = result_of(self.board) {
            match result {
                Result3::XWins => self.tally.x_wins += 1,
                Result3::OWins => self.tally.o_wins += 1,
                Result3::Draw => self.tally.draws += 1,
            }
            out.push(TictactoeHappening::GameOver {
                result,
                line: winning_line(self.board),
            });
        }
    }

    /// The machine to move chooses and plays.
    fn machine_move(&mut self, out: &mut Vec<TictactoeHappening>) -> Result<(), SessionError> {
        let board = self.board;
        let mark = board.to_move();
        let seat = self.seat(mark);
        let legal = board.legal_cells().count();
        let (cell, why) = match self.player_mut(mark) {
            Player::Human => {
                return Err(SessionError::Refused(format!(
                    "it is {mark}'s turn and {mark} is played by a person: play a square"
                )))
            }
            Player::Perfect(agent) => {
                let cell = agent
                    .choose(&board)
                    .map_err(|e| SessionError::Failed(format!("perfect player: {e}")))?;
                let value = solution().value(board).map_or(0, |v| v.result);
                let keeping = solution().optimal_moves(board, false).len();
                (
                    cell,
                    format!(
                        "keeps {} for {mark} ({keeping} of {legal} moves do)",
                        describe_value(value)
                    ),
                )
            }
            Player::Random(agent) => {
                let cell = agent
                    .choose(&board)
                    .map_err(|e| SessionError::Failed(format!("random player: {e}")))?;
                (
                    cell,
                    format!("chosen at random among {legal} empty squares"),
                )
            }
        };
        self.place(cell, seat, why, out);
        Ok(())
    }

    /// While a machine faces a person and it is the machine's turn, it moves.
    fn answer(&mut self, out: &mut Vec<TictactoeHappening>) -> Result<(), SessionError> {
        let one_human = self.config.x.is_machine() != self.config.o.is_machine();
        while one_human && !self.board.is_over() && self.seat(self.board.to_move()).is_machine() {
            self.machine_move(out)?;
        }
        Ok(())
    }

    fn new_game(&mut self, out: &mut Vec<TictactoeHappening>) -> Result<(), SessionError> {
        self.board = Board::EMPTY;
        self.moves.clear();
        self.game += 1;
        out.push(TictactoeHappening::NewGame { game: self.game });
        self.answer(out)
    }

    fn apply_inner(
        &mut self,
        action: TictactoeAction,
        out: &mut Vec<TictactoeHappening>,
    ) -> Result<(), SessionError> {
        match action {
            TictactoeAction::Play { square: sq } => {
                let cell = (sq as usize)
                    .checked_sub(1)
                    .and_then(Cell::from_index)
                    .ok_or_else(|| {
                        SessionError::Invalid(format!(
                            "square {sq} does not exist: squares are 1–9 in reading order"
                        ))
                    })?;
                if self.board.is_over() {
                    return Err(SessionError::Refused(format!(
                        "game {} is over: start a new game",
                        self.game
                    )));
                }
                let mark = self.board.to_move();
                if self.seat(mark).is_machine() {
                    return Err(SessionError::Refused(format!(
                        "it is {mark}'s turn and {mark} is played by the machine"
                    )));
                }
                if let Some(holder) = self.board.get(cell) {
                    return Err(SessionError::Refused(format!(
                        "square {sq} is already taken by {holder}"
                    )));
                }
                self.place(cell, Seat::Human, "your move".into(), out);
                self.answer(out)
            }
            TictactoeAction::Step => {
                if self.board.is_over() {
                    self.new_game(out)
                } else {
                    self.machine_move(out)
                }
            }
            TictactoeAction::Run { games } => {
                RUN_GAMES.check(u64::from(games))?;
                if !(self.config.x.is_machine() && self.config.o.is_machine()) {
                    return Err(SessionError::Refused(
                        "run needs machines on both sides (x and o perfect or random)".into(),
                    ));
                }
                for _ in 0..games {
                    if self.board.is_over() {
                        self.new_game(out)?;
                    }
                    while !self.board.is_over() {
                        self.machine_move(out)?;
                    }
                }
                Ok(())
            }
            TictactoeAction::NewGame => self.new_game(out),
            TictactoeAction::Reset => {
                let mut fresh = TictactoeSession::start(self.config.clone(), out)?;
                std::mem::swap(self, &mut fresh);
                Ok(())
            }
        }
    }

    fn start(
        config: TictactoeConfig,
        out: &mut Vec<TictactoeHappening>,
    ) -> Result<Self, SessionError> {
        let mut s = TictactoeSession {
            x: Player::new(config.x, seed::derive(config.seed, 0)),
            o: Player::new(config.o, seed::derive(config.seed, 1)),
            config,
            board: Board::EMPTY,
            moves: Vec::new(),
            game: 1,
            tally: Tally::default(),
        };
        out.push(TictactoeHappening::NewGame { game: 1 });
        s.answer(out)?;
        Ok(s)
    }
}

impl Session for TictactoeSession {
    type Config = TictactoeConfig;
    type Action = TictactoeAction;
    type View = TictactoeView;
    type Happening = TictactoeHappening;
    const KIND: &'static str = "tictactoe";
    const COUNTS: &'static [ludomat_game::CountField] = &[RUN_GAMES];

    fn new(config: TictactoeConfig) -> Result<Self, SessionError> {
        TictactoeSession::start(config, &mut Vec::new())
    }

    fn config(&self) -> &TictactoeConfig {
        &self.config
    }

    /// `run` is counted in games.
    fn work_of(&self, action: &TictactoeAction) -> Option<ludomat_game::Work> {
        match action {
            TictactoeAction::Run { games } => Some(ludomat_game::Work {
                amount: u64::from(*games),
                one: "game",
                many: "games",
            }),
            _ => None,
        }
    }

    fn apply(&mut self, action: TictactoeAction) -> Result<Vec<TictactoeHappening>, SessionError> {
        // Agents hold RNG state, so a refused action must not have consumed any: every
        // refusal below happens before the first change, except a machine failing
        // mid-run, which the perfect and random players never do.
        let mut out = Vec::new();
        self.apply_inner(action, &mut out)?;
        Ok(out)
    }

    fn view(&self) -> TictactoeView {
        let b = self.board;
        let over = b.is_over();
        let to_move = (!over).then(|| b.to_move());
        TictactoeView {
            board: Cell::ALL.map(|c| b.get(c)),
            to_move,
            human_to_move: to_move.is_some_and(|m| self.seat(m) == Seat::Human),
            legal: b.legal_cells().map(square).collect(),
            moves: self.moves.clone(),
            result: result_of(b),
            line: winning_line(b),
            value: (!over)
                .then(|| solution().value(b).map(|v| v.result))
                .flatten(),
            x: self.config.x,
            o: self.config.o,
            game: self.game,
            tally: self.tally,
            seed: self.config.seed,
        }
    }

    /// `1`–`9` plays a square; `step`, `run N`, `new`, `reset`.
    fn parse_action(&self, line: &str) -> Result<TictactoeAction, SessionError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["step" | "s"] => Ok(TictactoeAction::Step),
            ["new" | "n"] => Ok(TictactoeAction::NewGame),
            ["reset"] => Ok(TictactoeAction::Reset),
            ["run", n] => n
                .parse()
                .map(|games| TictactoeAction::Run { games })
                .map_err(|_| {
                    SessionError::Invalid(format!(
                        "run: {} is not a number of games",
                        ludomat_io::text::quoted(n, 40)
                    ))
                }),
            [one] => Notation::Numeric
                .parse(one)
                .map(|c| TictactoeAction::Play { square: square(c) })
                .map_err(|e| SessionError::Invalid(e.to_string())),
            _ => Err(SessionError::Invalid(format!(
                "cannot read {}: type a square 1–9, step, run N, new or reset",
                ludomat_io::text::quoted(line, 60)
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludomat_game::{new_dyn_session, DynSession};

    fn cfg(x: Seat, o: Seat, seed: u64) -> TictactoeConfig {
        TictactoeConfig { x, o, seed }
    }

    #[test]
    fn human_move_is_answered_and_refusals_leave_state() {
        let mut s = TictactoeSession::new(TictactoeConfig::default()).unwrap();
        let h = s.apply(TictactoeAction::Play { square: 5 }).unwrap();
        assert_eq!(h.len(), 2, "{h:?}");
        assert!(matches!(
            h[1],
            TictactoeHappening::Placed {
                mark: Mark::O,
                by: Seat::Perfect,
                ..
            }
        ));
        let before = s.view();
        for bad in [
            TictactoeAction::Play { square: 5 },
            TictactoeAction::Play { square: 0 },
            TictactoeAction::Play { square: 10 },
            TictactoeAction::Step,
            TictactoeAction::Run { games: 1 },
            TictactoeAction::Run {
                games: MAX_RUN_GAMES + 1,
            },
        ] {
            assert!(s.apply(bad.clone()).is_err(), "{bad:?}");
            assert_eq!(s.view(), before, "{bad:?} changed the state");
        }
    }

    #[test]
    fn machine_first_moves_at_once() {
        let s = TictactoeSession::new(cfg(Seat::Perfect, Seat::Human, 3)).unwrap();
        let v = s.view();
        assert_eq!(v.moves.len(), 1);
        assert!(v.human_to_move);
        assert_eq!(v.to_move, Some(Mark::O));
    }

    #[test]
    fn perfect_never_loses_to_random_and_runs_are_exact() {
        let mut s = TictactoeSession::new(cfg(Seat::Random, Seat::Perfect, 9)).unwrap();
        s.apply(TictactoeAction::Run { games: 200 }).unwrap();
        let v = s.view();
        assert_eq!(v.tally.x_wins, 0);
        assert_eq!(v.tally.x_wins + v.tally.o_wins + v.tally.draws, 200);
        assert_eq!(v.game, 200);
    }

    #[test]
    fn same_seed_same_games_and_reset_replays() {
        let play = |seed| {
            let mut s = TictactoeSession::new(cfg(Seat::Random, Seat::Random, seed)).unwrap();
            let mut log = Vec::new();
            for _ in 0..40 {
                log.extend(s.apply(TictactoeAction::Step).unwrap());
            }
            (log, s)
        };
        let (a, mut s) = play(5);
        let (b, _) = play(5);
        assert_eq!(a, b);
        s.apply(TictactoeAction::Reset).unwrap();
        let mut again = Vec::new();
        for _ in 0..40 {
            again.extend(s.apply(TictactoeAction::Step).unwrap());
        }
        assert_eq!(a, again);
    }

    #[test]
    fn game_to_the_end_by_squares_through_json() {
        let mut s: Box<dyn DynSession> = new_dyn_session::<TictactoeSession>(
            serde_json::json!({"x": "human", "o": "random", "seed": 4}),
        )
        .unwrap();
        for _ in 0..5 {
            let view: TictactoeView = serde_json::from_value(s.view_json()).unwrap();
            if view.result.is_some() {
                break;
            }
            let sq = view.legal[0];
            s.apply_json(serde_json::json!({"type": "play", "square": sq}))
                .unwrap();
        }
        let view: TictactoeView = serde_json::from_value(s.view_json()).unwrap();
        assert!(view.result.is_some(), "{view:?}");
        assert_eq!(view.tally.x_wins + view.tally.o_wins + view.tally.draws, 1);
        let err = s
            .apply_json(serde_json::json!({"type": "fly"}))
            .unwrap_err();
        assert!(matches!(err, SessionError::Invalid(_)));
        assert!(new_dyn_session::<TictactoeSession>(serde_json::json!({"x": "robot"})).is_err());
    }

    /// A run's games out of range, whatever the number, in the one wording of every count
    /// and one status (invalid, 400 in the museum).
    #[test]
    fn run_games_out_of_range_are_said_one_way() {
        let mut s: Box<dyn DynSession> = new_dyn_session::<TictactoeSession>(
            serde_json::json!({"x": "random", "o": "random", "seed": 4}),
        )
        .unwrap();
        let rule = "run: games must be from 1 to 10,000 games";
        for (games, it_was) in [
            ("0", "0"),
            ("-5", "-5"),
            ("10001", "10,001"),
            ("100000000", "100,000,000"),
            ("5000000000", "5,000,000,000"),
        ] {
            let action: serde_json::Value =
                serde_json::from_str(&format!(r#"{{"type": "run", "games": {games}}}"#)).unwrap();
            match s.apply_json(action) {
                Err(SessionError::Invalid(m)) => assert_eq!(m, format!("{rule} (it was {it_was})")),
                other => panic!("{games}: {other:?}"),
            }
        }
        let past: serde_json::Value =
            serde_json::from_str(r#"{"type": "run", "games": 18446744073709551616}"#).unwrap();
        assert!(matches!(s.apply_json(past), Err(SessionError::Invalid(m)) if m.starts_with(rule)));
        assert!(s
            .apply_json(serde_json::json!({"type": "run", "games": 3}))
            .is_ok());
    }

    #[test]
    fn parse_action_reads_the_numeric_notation() {
        let s = TictactoeSession::new(TictactoeConfig::default()).unwrap();
        assert_eq!(
            s.parse_action(" 7 ").unwrap(),
            TictactoeAction::Play { square: 7 }
        );
        assert_eq!(
            s.parse_action("run 3").unwrap(),
            TictactoeAction::Run { games: 3 }
        );
        assert_eq!(s.parse_action("step").unwrap(), TictactoeAction::Step);
        assert!(s.parse_action("0").is_err());
        assert!(s.parse_action("run x").is_err());
        assert!(s.parse_action("a b c").is_err());
    }

    mod invariants {
        use super::*;
        use proptest::prelude::*;

        fn seat() -> impl Strategy<Value = Seat> {
            prop_oneof![Just(Seat::Human), Just(Seat::Perfect), Just(Seat::Random)]
        }

        fn action() -> impl Strategy<Value = TictactoeAction> {
            prop_oneof![
                (0u8..=10).prop_map(|square| TictactoeAction::Play { square }),
                Just(TictactoeAction::Step),
                (0u32..4).prop_map(|games| TictactoeAction::Run { games }),
                Just(TictactoeAction::NewGame),
                Just(TictactoeAction::Reset),
            ]
        }

        proptest! {
            /// Any actions in any order: a refusal changes nothing; the board is always
            /// reachable; the tally counts finished games; the view's moves rebuild its board;
            /// a perfect player never loses.
            #[test]
            fn refusals_change_nothing_and_views_stay_consistent(
                x in seat(), o in seat(), seed in any::<u64>(),
                actions in proptest::collection::vec(action(), 0..40),
            ) {
                let mut s = TictactoeSession::new(TictactoeConfig { x, o, seed }).unwrap();
                for a in actions {
                    let before = s.view();
                    if s.apply(a).is_err() {
                        prop_assert_eq!(s.view(), before);
                    }
                    let v = s.view();
                    let mut b = Board::EMPTY;
                    for sq in &v.moves {
                        let cell = Cell::from_index(usize::from(*sq) - 1).unwrap();
                        b = b.try_play(cell).unwrap();
                    }
                    prop_assert_eq!(v.board, Cell::ALL.map(|c| b.get(c)));
                    prop_assert!(b.is_reachable());
                    let finished = v.tally.x_wins + v.tally.o_wins + v.tally.draws;
                    prop_assert!(finished <= v.game, "{} finished by game {}", finished, v.game);
                    if x == Seat::Perfect { prop_assert_eq!(v.tally.o_wins, 0); }
                    if o == Seat::Perfect { prop_assert_eq!(v.tally.x_wins, 0); }
                }
            }
        }
    }
}
