//! [`HexapawnSession`]: HER as a person meets it — at the terminal (`ludomat play
//! hexapawn`) and in the museum — against a person, the random player or the perfect
//! player: the board, HER's matchboxes with their beads, the box just opened and the bead
//! just drawn, the confiscated bead after a loss, the counters and Gardner's learning
//! curve.
//!
//! Game flow: a machine moves only when asked ([`HexapawnAction::Step`]), except that
//! against a person HER answers at once. [`HexapawnAction::PlayGames`] plays whole games
//! against the machine White (at most [`MAX_GAMES_PER_ACTION`]) with
//! [`Her::train_game`]; a game stepped move by move draws the same beads, so the two
//! agree.
//!
//! Source: Gardner's column (Scientific American, March 1962) for the machine;
//! `shared/specs/museum.md` for what is shown.

use ludomat_game::{Session, SessionError};
use serde::{Deserialize, Serialize};

use crate::her::Choice;
use crate::{CurvePoint, Draw, Her, Move, Position, Side, Square, WhiteKind, WhitePlayer, WinBy};

/// The most games one [`HexapawnAction::PlayGames`] plays.
pub const MAX_GAMES_PER_ACTION: u64 = 10_000;
/// Games kept in the view's learning curve (the first ones: HER learns in a few dozen).
pub const CURVE_POINTS: usize = 500;

/// The machine White's seed in a session of seed `seed` (HER's draws use `seed` itself).
#[must_use]
pub const fn white_seed(seed: u64) -> u64 {
    seed ^ 0x0057_4849_5445
}

/// How a session starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct HexapawnConfig {
    /// Seeds HER's draws and the machine White's moves; `None` picks one (below 2^32)
    /// and [`Session::config`] shows it.
    pub seed: Option<u64>,
    /// Who plays White.
    pub white: WhiteKind,
}

/// What a person (or a renderer's timer) can do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum HexapawnAction {
    /// The person's move as White: squares 0–8 in reading order from the top left (the
    /// terminal reads `b1-b2`). HER answers at once.
    Play {
        /// The pawn's square (any value off the board refused in one wording: `the
        /// number 99 where a square from 0 to 8 was expected`).
        #[serde(deserialize_with = "ludomat_game::square::<_, 0, 8>")]
        from: u8,
        /// Where it goes.
        #[serde(deserialize_with = "ludomat_game::square::<_, 0, 8>")]
        to: u8,
    },
    /// The next single move of the machine to move; after a finished game, a new one.
    Step,
    /// Play `n` whole games (1 ..= [`MAX_GAMES_PER_ACTION`]) against the machine White,
    /// finishing the game in progress first.
    PlayGames {
        /// How many games.
        n: u64,
    },
    /// Abandon the game in progress (its beads go back) and start a new one.
    NewGame,
    /// Change who plays White, keeping HER's beads; starts a new game.
    SetWhite {
        /// The new White player.
        white: WhiteKind,
    },
    /// A fresh HER (full boxes): with this config, or the current one.
    Reset {
        /// New settings.
        #[serde(default)]
        config: Option<HexapawnConfig>,
    },
}

/// One thing that happened, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum HexapawnHappening {
    /// A game began.
    GameStarted {
        /// Its number in HER's life.
        game: u64,
    },
    /// White moved.
    WhiteMoved {
        /// Who: `human`, `random` or `perfect`.
        by: WhiteKind,
        /// The move, `b1-b2`.
        name: String,
        /// From square 0–8.
        from: u8,
        /// To square 0–8.
        to: u8,
    },
    /// HER opened a box.
    BoxOpened {
        /// The box.
        box_id: usize,
        /// HER's move 2, 4 or 6.
        her_move: u32,
        /// Whether the board is the box's picture in the mirror.
        mirrored: bool,
        /// Beads in the box.
        beads: u32,
    },
    /// HER drew a bead and moved.
    BeadDrawn {
        /// The box.
        box_id: usize,
        /// The bead: a move of the picture.
        bead: String,
        /// The move on the real board.
        name: String,
        /// From square 0–8.
        from: u8,
        /// To square 0–8.
        to: u8,
    },
    /// HER found its box empty and resigned.
    Resigned {
        /// The empty box.
        box_id: usize,
    },
    /// The game ended.
    GameOver {
        /// Its number.
        game: u64,
        /// The winner.
        winner: Side,
        /// How (`None` when HER resigned).
        by: Option<WinBy>,
        /// Whether HER won.
        her_won: bool,
    },
    /// HER lost: the bead of its last move was confiscated.
    Punished {
        /// The box it came from.
        box_id: usize,
        /// The bead.
        bead: String,
        /// Beads left in that box.
        left: u32,
    },
    /// Whole games were played.
    GamesPlayed {
        /// How many.
        games: u64,
        /// HER's wins among them.
        wins: u64,
        /// HER's losses among them.
        losses: u64,
    },
    /// White's player changed.
    WhiteChanged {
        /// The new one.
        white: WhiteKind,
    },
    /// A fresh HER.
    Reset {
        /// Its seed.
        seed: u64,
    },
}

/// A bead in the view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BeadView {
    /// The move it names on the box's picture, `a3xb2`.
    pub name: String,
    /// From square 0–8 (of the picture).
    pub from: u8,
    /// To square 0–8 (of the picture).
    pub to: u8,
    /// Beads of it in the box (0 or 1).
    pub count: u32,
}

/// A box in the view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoxView {
    /// Its number.
    pub id: usize,
    /// HER's move 2, 4 or 6.
    pub her_move: u32,
    /// The picture, `BBB/.W./W.W`.
    pub picture: String,
    /// Its beads.
    pub beads: Vec<BeadView>,
    /// Beads left.
    pub total: u32,
}

/// The bead just drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DrawView {
    /// The box.
    pub box_id: usize,
    /// The bead (a move of the picture).
    pub bead: String,
    /// The bead's squares on the picture.
    pub bead_from: u8,
    /// The bead's squares on the picture.
    pub bead_to: u8,
    /// Whether the board was the picture's mirror image.
    pub mirrored: bool,
    /// The move on the real board.
    pub name: String,
    /// From square 0–8 on the real board.
    pub from: u8,
    /// To square 0–8 on the real board.
    pub to: u8,
}

/// A move of the game in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// `White` or `Black` (HER).
    pub side: Side,
    /// `b1-b2`.
    pub name: String,
    /// From square.
    pub from: u8,
    /// To square.
    pub to: u8,
}

/// The end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ResultView {
    /// The winner.
    pub winner: Side,
    /// How (`None`: HER resigned).
    pub by: Option<WinBy>,
    /// Whether HER won.
    pub her_won: bool,
}

/// Counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Counters {
    /// Games finished.
    pub games: u64,
    /// HER's wins.
    pub wins: u64,
    /// HER's losses.
    pub losses: u64,
    /// The last game HER lost (0: none).
    pub last_loss: u64,
}

/// Everything a person could look at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HexapawnView {
    /// The seed.
    pub seed: u64,
    /// Who plays White.
    pub white: WhiteKind,
    /// The board, rows top (Black's home) first, separated by `/`.
    pub board: String,
    /// The side to move (`None` when the game is over).
    pub to_move: Option<Side>,
    /// Who acts next: `human`, `white` (the machine White), `her` or `over`.
    pub next: &'static str,
    /// The game's number.
    pub game: u64,
    /// The result, when over.
    pub result: Option<ResultView>,
    /// The person's legal moves now (empty unless a person is to move).
    pub legal: Vec<MoveView>,
    /// The moves of this game.
    pub moves: Vec<MoveView>,
    /// HER's record.
    pub counters: Counters,
    /// Whether HER can no longer lose, whatever White does.
    pub unbeatable: bool,
    /// Gardner's learning curve: one point per game (the first [`CURVE_POINTS`]).
    pub curve: Vec<CurvePoint>,
    /// Every box, in order of HER's move.
    pub boxes: Vec<BoxView>,
    /// How many boxes, by HER's move 2, 4, 6.
    pub boxes_by_move: [usize; 3],
    /// The boxes opened in this game.
    pub boxes_in_play: Vec<usize>,
    /// The bead just drawn (this game).
    pub last_draw: Option<DrawView>,
    /// The bead confiscated after the last loss.
    pub last_punished: Option<DrawView>,
}

/// A game of hexapawn against HER.
pub struct HexapawnSession {
    config: HexapawnConfig,
    seed: u64,
    her: Her,
    white: WhitePlayer,
    pos: Position,
    ply: u64,
    moves: Vec<MoveView>,
    result: Option<ResultView>,
    curve: Vec<CurvePoint>,
    score: i64,
    last_draw: Option<Draw>,
    last_punished: Option<Draw>,
}

fn sq(i: u8) -> Result<Square, SessionError> {
    Square::from_index(usize::from(i)).ok_or_else(|| {
        SessionError::Invalid(format!(
            "the number {i} where a square from 0 to 8 was expected"
        ))
    })
}

fn move_view(side: Side, m: Move) -> MoveView {
    MoveView {
        side,
        name: m.to_string(),
        from: m.from.index() as u8,
        to: m.to.index() as u8,
    }
}

fn draw_view(d: Draw) -> DrawView {
    DrawView {
        box_id: d.box_id,
        bead: d.bead.to_string(),
        bead_from: d.bead.from.index() as u8,
        bead_to: d.bead.to.index() as u8,
        mirrored: d.mirrored,
        name: d.mv.to_string(),
        from: d.mv.from.index() as u8,
        to: d.mv.to.index() as u8,
    }
}

impl HexapawnSession {
    /// HER itself.
    #[must_use]
    pub fn her(&self) -> &Her {
        &self.her
    }

    fn start_game(&mut self, h: &mut Vec<HexapawnHappening>) {
        self.her.abandon();
        self.pos = Position::START;
        self.ply = 0;
        self.moves.clear();
        self.result = None;
        self.last_draw = None;
        h.push(HexapawnHappening::GameStarted {
            game: self.her.record().games.saturating_add(1),
        });
    }

    fn finish(&mut self, winner: Side, by: Option<WinBy>, h: &mut Vec<HexapawnHappening>) {
        let her_won = winner == Side::Black;
        let taken = self.her.game_over(her_won);
        let game = self.her.record().games;
        self.score += if her_won { 1 } else { -1 };
        if self.curve.len() < CURVE_POINTS {
            self.curve.push(CurvePoint {
                game,
                won: her_won,
                score: self.score,
            });
        }
        self.result = Some(ResultView {
            winner,
            by,
            her_won,
        });
        h.push(HexapawnHappening::GameOver {
            game,
            winner,
            by,
            her_won,
        });
        if let Some(d) = taken {
            self.last_punished = Some(d);
            h.push(HexapawnHappening::Punished {
                box_id: d.box_id,
                bead: d.bead.to_string(),
                left: self.her.boxes()[d.box_id].total(),
            });
        }
    }

    /// Play `mv` (legal) for the side to move, then end the game if it is over.
    fn play(&mut self, mv: Move, h: &mut Vec<HexapawnHappening>) {
        let side = self.pos.to_move;
        self.pos = self.pos.after(mv);
        self.ply += 1;
        self.moves.push(move_view(side, mv));
        if let Some((w, by)) = self.pos.winner() {
            self.finish(w, Some(by), h);
        }
    }

    /// HER's move: open the box, draw a bead (or resign).
    fn her_move(&mut self, h: &mut Vec<HexapawnHappening>) -> Result<(), SessionError> {
        let choice = self
            .her
            .choose(&self.pos.board)
            .map_err(|e| SessionError::Failed(e.to_string()))?;
        match choice {
            Choice::Play(d) => {
                let b = &self.her.boxes()[d.box_id];
                h.push(HexapawnHappening::BoxOpened {
                    box_id: d.box_id,
                    her_move: b.her_move,
                    mirrored: d.mirrored,
                    beads: b.total(),
                });
                h.push(HexapawnHappening::BeadDrawn {
                    box_id: d.box_id,
                    bead: d.bead.to_string(),
                    name: d.mv.to_string(),
                    from: d.mv.from.index() as u8,
                    to: d.mv.to.index() as u8,
                });
                self.last_draw = Some(d);
                self.play(d.mv, h);
            }
            Choice::Resign { box_id } => {
                h.push(HexapawnHappening::Resigned { box_id });
                self.finish(Side::White, None, h);
            }
        }
        Ok(())
    }

    fn white_machine_move(&mut self, h: &mut Vec<HexapawnHappening>) {
        let game = self.her.record().games;
        if let Some(mv) = self.white.choose(&self.pos, game, self.ply) {
            h.push(HexapawnHappening::WhiteMoved {
                by: self.config.white,
                name: mv.to_string(),
                from: mv.from.index() as u8,
                to: mv.to.index() as u8,
            });
            self.play(mv, h);
        }
    }

    fn step(&mut self, h: &mut Vec<HexapawnHappening>) -> Result<(), SessionError> {
        if self.result.is_some() {
            self.start_game(h);
            return Ok(());
        }
        match self.pos.to_move {
            Side::Black => self.her_move(h),
            Side::White if self.config.white == WhiteKind::Human => Err(SessionError::Refused(
                "It is your move (White): play a pawn, e.g. b1-b2.".into(),
            )),
            Side::White => {
                self.white_machine_move(h);
                Ok(())
            }
        }
    }

    fn apply_inner(
        &mut self,
        action: HexapawnAction,
        h: &mut Vec<HexapawnHappening>,
    ) -> Result<(), SessionError> {
        match action {
            HexapawnAction::Play { from, to } => {
                if self.config.white != WhiteKind::Human {
                    return Err(SessionError::Refused(format!(
                        "White is played by the {} player here; use step, or set White to human",
                        label(self.config.white)
                    )));
                }
                if let Some(r) = self.result {
                    return Err(SessionError::Refused(format!(
                        "the game is over ({} won); start a new game",
                        r.winner
                    )));
                }
                if self.pos.to_move != Side::White {
                    return Err(SessionError::Refused("it is HER's move".into()));
                }
                let mv = Move {
                    from: sq(from)?,
                    to: sq(to)?,
                };
                self.pos
                    .play(mv)
                    .map_err(|e| SessionError::Refused(e.to_string()))?;
                h.push(HexapawnHappening::WhiteMoved {
                    by: WhiteKind::Human,
                    name: mv.to_string(),
                    from,
                    to,
                });
                self.play(mv, h);
                if self.result.is_none() {
                    self.her_move(h)?;
                }
                Ok(())
            }
            HexapawnAction::Step => self.step(h),
            HexapawnAction::PlayGames { n } => {
                if self.config.white == WhiteKind::Human {
                    return Err(SessionError::Refused(
                        "whole games need a machine White: set White to random or perfect".into(),
                    ));
                }
                ludomat_game::games_per_action(n, MAX_GAMES_PER_ACTION)?;
                let before = self.her.record();
                let mut left = n;
                if self.result.is_none() && (self.ply > 0) {
                    let mut inner = Vec::new();
                    while self.result.is_none() {
                        self.step(&mut inner)?;
                    }
                    left -= 1;
                }
                for _ in 0..left {
                    self.result = None;
                    let mut inner = Vec::new();
                    self.start_game(&mut inner);
                    while self.result.is_none() {
                        self.step(&mut inner)?;
                    }
                }
                let after = self.her.record();
                h.push(HexapawnHappening::GamesPlayed {
                    games: after.games - before.games,
                    wins: after.wins - before.wins,
                    losses: after.losses - before.losses,
                });
                Ok(())
            }
            HexapawnAction::NewGame => {
                self.start_game(h);
                Ok(())
            }
            HexapawnAction::SetWhite { white } => {
                self.config.white = white;
                self.white = WhitePlayer::new(white, white_seed(self.seed));
                h.push(HexapawnHappening::WhiteChanged { white });
                self.start_game(h);
                Ok(())
            }
            HexapawnAction::Reset { config } => {
                let mut c = config.unwrap_or_else(|| self.config.clone());
                if c.seed.is_none() {
                    c.seed = Some(self.seed);
                }
                *self = HexapawnSession::new(c)?;
                h.push(HexapawnHappening::Reset { seed: self.seed });
                Ok(())
            }
        }
    }
}

fn label(w: WhiteKind) -> &'static str {
    match w {
        WhiteKind::Human => "human",
        WhiteKind::Random => "random",
        WhiteKind::Perfect => "perfect",
    }
}

impl Session for HexapawnSession {
    type Config = HexapawnConfig;
    type Action = HexapawnAction;
    type View = HexapawnView;
    type Happening = HexapawnHappening;
    const KIND: &'static str = "hexapawn";
    const COUNTS: &'static [ludomat_game::CountField] =
        &[ludomat_game::play_games_count(MAX_GAMES_PER_ACTION)];

    fn new(mut config: HexapawnConfig) -> Result<Self, SessionError> {
        let seed = *config
            .seed
            .get_or_insert_with(|| u64::from(rand::random::<u32>()));
        Ok(HexapawnSession {
            her: Her::new(seed),
            white: WhitePlayer::new(config.white, white_seed(seed)),
            config,
            seed,
            pos: Position::START,
            ply: 0,
            moves: Vec::new(),
            result: None,
            curve: Vec::new(),
            score: 0,
            last_draw: None,
            last_punished: None,
        })
    }

    fn config(&self) -> &HexapawnConfig {
        &self.config
    }

    /// `play_games` is counted in games.
    fn work_of(&self, action: &HexapawnAction) -> Option<ludomat_game::Work> {
        match action {
            HexapawnAction::PlayGames { n } => Some(ludomat_game::Work {
                amount: *n,
                one: "game",
                many: "games",
            }),
            _ => None,
        }
    }

    fn apply(&mut self, action: HexapawnAction) -> Result<Vec<HexapawnHappening>, SessionError> {
        // Work on a copy so a refused action leaves the session exactly as it was.
        let mut next = self.clone_state();
        let mut h = Vec::new();
        next.apply_inner(action, &mut h)?;
        *self = next;
        Ok(h)
    }

    fn view(&self) -> HexapawnView {
        let next = if self.result.is_some() {
            "over"
        } else if self.pos.to_move == Side::Black {
            "her"
        } else if self.config.white == WhiteKind::Human {
            "human"
        } else {
            "white"
        };
        let legal = if next == "human" {
            self.pos
                .moves()
                .into_iter()
                .map(|m| move_view(Side::White, m))
                .collect()
        } else {
            Vec::new()
        };
        let mut by_move = [0usize; 3];
        let boxes = self
            .her
            .boxes()
            .iter()
            .map(|b| {
                if let Some(slot) = by_move.get_mut((b.her_move as usize / 2).saturating_sub(1)) {
                    *slot += 1;
                }
                BoxView {
                    id: b.id,
                    her_move: b.her_move,
                    picture: b.picture.line(),
                    beads: b
                        .beads
                        .iter()
                        .map(|(m, n)| BeadView {
                            name: m.to_string(),
                            from: m.from.index() as u8,
                            to: m.to.index() as u8,
                            count: *n,
                        })
                        .collect(),
                    total: b.total(),
                }
            })
            .collect();
        let r = self.her.record();
        HexapawnView {
            seed: self.seed,
            white: self.config.white,
            board: self.pos.board.line(),
            to_move: self.result.is_none().then_some(self.pos.to_move),
            next,
            game: r.games + u64::from(self.result.is_none()),
            result: self.result,
            legal,
            moves: self.moves.clone(),
            counters: Counters {
                games: r.games,
                wins: r.wins,
                losses: r.losses,
                last_loss: r.last_loss,
            },
            unbeatable: self.her.unbeatable(),
            curve: self.curve.clone(),
            boxes,
            boxes_by_move: by_move,
            boxes_in_play: self.her.drawn().iter().map(|d| d.box_id).collect(),
            last_draw: self.last_draw.map(draw_view),
            last_punished: self.last_punished.map(draw_view),
        }
    }

    fn parse_action(&self, line: &str) -> Result<HexapawnAction, SessionError> {
        // Matched without regard to case; what is echoed is what was typed.
        let t = line.trim();
        let lower = t.to_ascii_lowercase();
        match lower.as_str() {
            "" | "step" | "s" => return Ok(HexapawnAction::Step),
            "new" | "n" => return Ok(HexapawnAction::NewGame),
            "reset" => return Ok(HexapawnAction::Reset { config: None }),
            _ => {}
        }
        if lower.starts_with("games ") {
            let rest = &t["games ".len()..];
            let n = rest.trim().parse().map_err(|_| {
                SessionError::Invalid(format!(
                    "{} is not a number of games",
                    ludomat_io::text::quoted(rest.trim(), 20)
                ))
            })?;
            return Ok(HexapawnAction::PlayGames { n });
        }
        let mv: Move = t
            .parse()
            .map_err(|e: crate::ParseMoveError| SessionError::Invalid(e.to_string()))?;
        Ok(HexapawnAction::Play {
            from: mv.from.index() as u8,
            to: mv.to.index() as u8,
        })
    }
}

impl HexapawnSession {
    fn clone_state(&self) -> HexapawnSession {
        HexapawnSession {
            config: self.config.clone(),
            seed: self.seed,
            her: self.her.clone(),
            white: self.white.clone(),
            pos: self.pos,
            ply: self.ply,
            moves: self.moves.clone(),
            result: self.result,
            curve: self.curve.clone(),
            score: self.score,
            last_draw: self.last_draw,
            last_punished: self.last_punished,
        }
    }
}
