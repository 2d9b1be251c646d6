//! [`MenaceSession`]: MENACE as a person meets it — at the terminal (`ludomat menace
//! play`) and in the museum — against a human or a machine, with everything Matthew
//! Scroggs' online MENACE shows: the board, the win/draw/loss counters, the running log,
//! a learning curve, every matchbox with its beads, and the box just opened with the bead
//! just drawn, carried back to the real board through the symmetry.
//!
//! Game flow: a machine moves only when asked ([`MenaceAction::Step`], one move: MENACE
//! opening its box and drawing a bead is one step), except that against a human MENACE
//! answers at once after the human's move and at a new game. [`MenaceAction::PlayGames`]
//! trains whole games (at most [`MAX_GAMES_PER_ACTION`] per action); against the
//! built-in random, perfect and MENACE2 players it uses [`Menace::train_game`], and a
//! game stepped move by move draws exactly the same beads, so the two agree.
//!
//! Source: seed 002 (the challenge: boxes, beads, the algorithm, the interaction);
//! `shared/specs/museum.md` (Scroggs' online MENACE as the model for what is shown).

use std::collections::VecDeque;
use std::path::Path;

use ludomat_game::{seed, Agent, AgentError, Outcome, Player, Session, SessionError, Tally};
use ludomat_tictactoe::{Board, Cell, Mark, Notation};
use serde::{Deserialize, Serialize};

use crate::{BoxId, EmptyBox, Menace, MenaceError, Opponent, Preset, Rules, StartingBeads};

/// The most games one [`MenaceAction::PlayGames`] plays (a renderer's autoplay applies
/// it again for more).
pub const MAX_GAMES_PER_ACTION: u64 = 10_000;
/// Lines kept in the running log.
pub const LOG_LINES: usize = 200;
/// Points kept in the learning curve; when full, every other point is dropped and the
/// curve samples half as often.
pub const CURVE_POINTS: usize = 256;
/// The most starting beads per move or per box, refill beads and |reward| a config may
/// ask for (bounds the bead counts a session can build up).
pub const MAX_BEADS_SETTING: u32 = 1_000;
/// The largest |reward| a config may set.
pub const MAX_REWARD: i32 = 100;

/// Who MENACE plays against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpponentKind {
    /// A person: moves come as [`MenaceAction::Play`].
    #[default]
    Human,
    /// A uniformly random legal move (seeded).
    Random,
    /// Random among the moves that keep the game value: it never loses (seeded).
    Perfect,
    /// A second MENACE with its own boxes, learning too.
    Menace2,
    /// The Computox relay machine, unbeatable.
    Computox,
    /// The Computox with its X relay energised (beatable).
    ComputoxBeatable,
    /// The relay computer running its tic-tac-toe ROM; it only plays X.
    Relay,
}

impl OpponentKind {
    /// Every opponent.
    pub const ALL: [OpponentKind; 7] = [
        OpponentKind::Human,
        OpponentKind::Random,
        OpponentKind::Perfect,
        OpponentKind::Menace2,
        OpponentKind::Computox,
        OpponentKind::ComputoxBeatable,
        OpponentKind::Relay,
    ];

    /// Its name in configs and on screen.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            OpponentKind::Human => "human",
            OpponentKind::Random => "random",
            OpponentKind::Perfect => "perfect",
            OpponentKind::Menace2 => "menace2",
            OpponentKind::Computox => "computox",
            OpponentKind::ComputoxBeatable => "computox_beatable",
            OpponentKind::Relay => "relay",
        }
    }
}

/// How a MENACE session starts: seed, opponent, MENACE's side, rules. Every setting of
/// [`Rules`] can be given; unset ones come from the preset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MenaceConfig {
    /// Fills the boxes and seeds every random choice; `None` picks one (below 2^32, so
    /// it survives a round trip through JavaScript) and [`Session::config`] shows it.
    pub seed: Option<u64>,
    /// The opponent.
    pub opponent: OpponentKind,
    /// MENACE's mark: `X` (moves first, 304 boxes) or `O` (289 boxes).
    pub menace_plays: Mark,
    /// The rule preset the settings below start from.
    pub preset: Preset,
    /// Starting beads (overrides the preset).
    pub starting_beads: Option<StartingBeads>,
    /// One bead colour per class of equivalent moves (overrides the preset).
    pub one_bead_per_move_class: Option<bool>,
    /// Net beads after a win (overrides the preset).
    pub win: Option<i32>,
    /// Net beads after a draw (overrides the preset).
    pub draw: Option<i32>,
    /// Net beads after a loss (overrides the preset).
    pub loss: Option<i32>,
    /// What an empty box does (overrides the preset).
    pub empty_box: Option<EmptyBox>,
    /// The step-by-step teaching mode: against a person MENACE waits for
    /// [`MenaceAction::Step`] at each of its moves instead of answering at once.
    pub teaching: bool,
    /// MENACE2's own rules when it is the opponent (`None`: the same as MENACE's), as
    /// Scroggs' page gives MENACE2 its own settings.
    pub menace2: Option<RuleSettings>,
}

/// A rule preset and the settings that override it (MENACE2's settings).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RuleSettings {
    /// The preset the others start from (default: the seed's).
    pub preset: Option<Preset>,
    /// Starting beads.
    pub starting_beads: Option<StartingBeads>,
    /// One bead colour per class of equivalent moves.
    pub one_bead_per_move_class: Option<bool>,
    /// Net beads after a win.
    pub win: Option<i32>,
    /// Net beads after a draw.
    pub draw: Option<i32>,
    /// Net beads after a loss.
    pub loss: Option<i32>,
    /// What an empty box does.
    pub empty_box: Option<EmptyBox>,
}

impl RuleSettings {
    /// The rules these settings give, checked as a config's are.
    ///
    /// # Errors
    /// [`SessionError::Invalid`] naming the setting.
    pub fn rules(&self) -> Result<Rules, SessionError> {
        let mut r = self.preset.unwrap_or(Preset::Source).rules();
        if let Some(b) = self.starting_beads {
            r.starting_beads = b;
        }
        if let Some(c) = self.one_bead_per_move_class {
            r.one_bead_per_move_class = c;
        }
        r.win = self.win.unwrap_or(r.win);
        r.draw = self.draw.unwrap_or(r.draw);
        r.loss = self.loss.unwrap_or(r.loss);
        if let Some(e) = self.empty_box {
            r.empty_box = e;
        }
        check_rules(&r)?;
        Ok(r)
    }

    /// Settings that give exactly `rules`: its preset if it is one, else every setting.
    #[must_use]
    pub fn of(rules: &Rules) -> RuleSettings {
        match rules.preset() {
            Some(p) => RuleSettings {
                preset: Some(p),
                ..RuleSettings::default()
            },
            None => RuleSettings {
                preset: None,
                starting_beads: Some(rules.starting_beads),
                one_bead_per_move_class: Some(rules.one_bead_per_move_class),
                win: Some(rules.win),
                draw: Some(rules.draw),
                loss: Some(rules.loss),
                empty_box: Some(rules.empty_box),
            },
        }
    }
}

impl Default for MenaceConfig {
    fn default() -> Self {
        MenaceConfig {
            seed: None,
            opponent: OpponentKind::Human,
            menace_plays: Mark::X,
            preset: Preset::Source,
            starting_beads: None,
            one_bead_per_move_class: None,
            win: None,
            draw: None,
            loss: None,
            empty_box: None,
            teaching: false,
            menace2: None,
        }
    }
}

impl MenaceConfig {
    /// The rules these settings give, checked (bead counts and rewards bounded by
    /// [`MAX_BEADS_SETTING`] and [`MAX_REWARD`]).
    ///
    /// # Errors
    /// [`SessionError::Invalid`] naming the setting.
    pub fn rules(&self) -> Result<Rules, SessionError> {
        let mut r = self.preset.rules();
        if let Some(b) = self.starting_beads {
            r.starting_beads = b;
        }
        if let Some(c) = self.one_bead_per_move_class {
            r.one_bead_per_move_class = c;
        }
        r.win = self.win.unwrap_or(r.win);
        r.draw = self.draw.unwrap_or(r.draw);
        r.loss = self.loss.unwrap_or(r.loss);
        if let Some(e) = self.empty_box {
            r.empty_box = e;
        }
        check_rules(&r)?;
        Ok(r)
    }

    /// Settings that give exactly `rules`: its preset if it is one, else the seed
    /// preset with every setting overridden.
    pub fn set_rules(&mut self, rules: &Rules) {
        if let Some(p) = rules.preset() {
            self.preset = p;
            self.starting_beads = None;
            self.one_bead_per_move_class = None;
            self.win = None;
            self.draw = None;
            self.loss = None;
            self.empty_box = None;
        } else {
            self.preset = Preset::Source;
            self.starting_beads = Some(rules.starting_beads);
            self.one_bead_per_move_class = Some(rules.one_bead_per_move_class);
            self.win = Some(rules.win);
            self.draw = Some(rules.draw);
            self.loss = Some(rules.loss);
            self.empty_box = Some(rules.empty_box);
        }
    }

    /// MENACE2's rules: its own settings, or MENACE's rules.
    ///
    /// # Errors
    /// [`SessionError::Invalid`] naming the setting.
    pub fn menace2_rules(&self) -> Result<Rules, SessionError> {
        match &self.menace2 {
            None => self.rules(),
            Some(m) => m.rules().map_err(|e| match e {
                SessionError::Invalid(m) => SessionError::Invalid(format!("menace2 {m}")),
                e => e,
            }),
        }
    }

    /// Refuse an opponent that cannot play the other side.
    fn check_sides(&self) -> Result<(), SessionError> {
        if self.opponent == OpponentKind::Relay && self.menace_plays == Mark::X {
            return Err(SessionError::Invalid(
                "opponent relay: the relay computer's ROM only plays X (it always moves first, into the centre); set menace_plays to O so MENACE answers with its 289 boxes".into(),
            ));
        }
        Ok(())
    }
}

fn check_rules(r: &Rules) -> Result<(), SessionError> {
    r.validate()
        .map_err(|e| SessionError::Invalid(format!("rules: {e}")))?;
    let big = |what: &str, n: u32| {
        if n > MAX_BEADS_SETTING {
            Err(SessionError::Invalid(format!(
                "{what}: {n} beads is more than the {MAX_BEADS_SETTING} a session allows"
            )))
        } else {
            Ok(())
        }
    };
    match r.starting_beads {
        StartingBeads::Random { max, .. } => big("starting_beads", max)?,
        StartingBeads::PerMove(counts) => {
            for n in counts {
                big("starting_beads", n)?;
            }
        }
    }
    if let EmptyBox::Refill(n) = r.empty_box {
        big("empty_box refill", n)?;
    }
    for (name, v) in [("win", r.win), ("draw", r.draw), ("loss", r.loss)] {
        if v.unsigned_abs() > MAX_REWARD.unsigned_abs() {
            return Err(SessionError::Invalid(format!(
                "{name}: {v} is outside -{MAX_REWARD}..={MAX_REWARD} beads"
            )));
        }
    }
    Ok(())
}

/// What a person or a renderer can do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MenaceAction {
    /// The human's move: a square 0–8 in reading order (the terminal reads `LL` … `RR`).
    /// MENACE answers at once.
    Play {
        /// The square, 0 (top left) to 8 (bottom right).
        #[serde(deserialize_with = "ludomat_game::square::<_, 0, 8>")]
        square: u8,
    },
    /// The next single move of the machine to move (MENACE opens a box and draws a
    /// bead, or the machine opponent moves); after a finished game, start the next.
    Step,
    /// Play `n` whole games (1 ..= [`MAX_GAMES_PER_ACTION`]) against the machine
    /// opponent, finishing the game in progress first; every game but the last is
    /// only counted, the last is reported move by move.
    PlayGames {
        /// How many games.
        n: u64,
    },
    /// Abandon the game in progress (its beads go back) and start a new one.
    NewGame,
    /// Change the opponent (and MENACE's side) keeping the matchboxes; starts a new game.
    SetOpponent {
        /// The new opponent.
        opponent: OpponentKind,
        /// MENACE's mark, if it changes.
        #[serde(default)]
        menace_plays: Option<Mark>,
    },
    /// Fresh matchboxes: start over with this config, or with the current one.
    Reset {
        /// New settings (seed, opponent, side, rules).
        #[serde(default)]
        config: Option<Box<MenaceConfig>>,
    },
    /// Change the rewards and the empty-box policy of MENACE (or of MENACE2) keeping
    /// every bead: the games from now on are reinforced by them (Scroggs' "Update").
    /// Starting beads and bead colours only make sense for fresh boxes: they change by
    /// [`MenaceAction::Reset`].
    UpdateRules {
        /// MENACE2's rules rather than MENACE's.
        #[serde(default)]
        menace2: bool,
        /// Net beads after a win.
        #[serde(default)]
        win: Option<i32>,
        /// Net beads after a draw.
        #[serde(default)]
        draw: Option<i32>,
        /// Net beads after a loss.
        #[serde(default)]
        loss: Option<i32>,
        /// What an empty box does.
        #[serde(default)]
        empty_box: Option<EmptyBox>,
    },
    /// The step-by-step teaching mode on or off (see [`MenaceConfig::teaching`]).
    SetTeaching {
        /// On: MENACE waits for Step against a person.
        on: bool,
    },
    /// Report the state file (the JSON `ludomat menace` keeps) as a happening.
    Export,
    /// Replace MENACE by a state file's contents (as JSON or as its text); refused with
    /// the problem named, the session unchanged.
    Import {
        /// The state file.
        state: serde_json::Value,
    },
}

/// One thing that happened, in order.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MenaceHappening {
    /// A new game began.
    GameStarted {
        /// Its number in this session.
        game: u64,
        /// MENACE's mark.
        menace: Mark,
    },
    /// MENACE (or MENACE2) found the box for the position and opened it.
    BoxOpened {
        /// `menace` or `menace2`.
        who: &'static str,
        /// The box number.
        box_id: u16,
        /// MENACE's move of the game this box is for (1, 3, 5, 7 or 2, 4, 6, 8).
        menace_move: u32,
        /// The symmetry carrying the board onto the box's picture.
        symmetry: String,
        /// The beads in it by square of the picture, before the draw.
        beads: [u32; 9],
    },
    /// The box was empty and was refilled with random legal beads.
    BoxRefilled {
        /// `menace` or `menace2`.
        who: &'static str,
        /// The box.
        box_id: u16,
    },
    /// A bead was drawn and taken out of its box.
    BeadDrawn {
        /// `menace` or `menace2`.
        who: &'static str,
        /// The box.
        box_id: u16,
        /// The bead: the picture's square, `LL` … `RR`.
        bead: String,
        /// Its colour.
        colour: &'static str,
        /// The picture square it names, 0–8.
        picture_square: u8,
        /// The real board's square it maps to through the symmetry, 0–8.
        square: u8,
    },
    /// MENACE placed its mark.
    MovePlayed {
        /// MENACE's mark.
        mark: Mark,
        /// The square, 0–8.
        square: u8,
        /// Its name, `LL` … `RR`.
        name: String,
        /// No box: one square was left (Michie made no boxes for it).
        forced: bool,
    },
    /// The opponent moved.
    OpponentMove {
        /// Who (`human`, `random`, …).
        opponent: &'static str,
        /// Its mark.
        mark: Mark,
        /// The square, 0–8.
        square: u8,
        /// Its name, `LL` … `RR`.
        name: String,
    },
    /// An empty box under resigning rules: the side resigns.
    Resigned {
        /// `menace` or `menace2`.
        who: &'static str,
        /// The empty box.
        box_id: u16,
    },
    /// The game is over.
    GameOver {
        /// Its number.
        game: u64,
        /// For MENACE: `win`, `draw` or `loss`.
        result: &'static str,
        /// The winning mark, if any.
        winner: Option<Mark>,
        /// Somebody resigned.
        resigned: bool,
    },
    /// MENACE's beads were given back, added or kept out after the game.
    Reinforced {
        /// One entry per box used.
        changes: Vec<BeadChange>,
    },
    /// Games played by [`MenaceAction::PlayGames`] without move-by-move reports.
    GamesPlayed {
        /// How many.
        games: u64,
        /// MENACE's results in them.
        wins: u64,
        /// Draws.
        draws: u64,
        /// Losses.
        losses: u64,
    },
    /// The opponent or MENACE's side changed.
    OpponentChanged {
        /// The opponent.
        opponent: OpponentKind,
        /// MENACE's mark.
        menace: Mark,
    },
    /// Fresh matchboxes.
    Reset {
        /// The seed they were filled from.
        seed: u64,
    },
    /// Rewards or the empty-box policy changed, the beads kept.
    RulesUpdated {
        /// `menace` or `menace2`.
        who: &'static str,
        /// The rules now, in words.
        rules: String,
    },
    /// The teaching mode was switched.
    TeachingSet {
        /// On or off.
        on: bool,
    },
    /// The state file, exactly as `ludomat menace` writes it.
    Exported {
        /// The state file's JSON.
        state: serde_json::Value,
    },
    /// A state file replaced MENACE.
    Imported {
        /// Games it had played.
        games: u64,
        /// Its rules.
        rules: String,
    },
}

/// The beads of one colour in one box before the draw and after learning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BeadChange {
    /// The box.
    pub box_id: u16,
    /// The bead (`LL` … `RR` of the picture), as its square index.
    pub bead: u8,
    /// Beads of that colour in the box when the bead was drawn (after any refill).
    pub before: u32,
    /// After learning.
    pub after: u32,
}

/// One move of the game in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// `menace` or the opponent's name.
    pub by: &'static str,
    /// The mark.
    pub mark: Mark,
    /// The square 0–8.
    pub square: u8,
    /// `LL` … `RR`.
    pub name: String,
    /// MENACE's box and bead, if one was drawn.
    pub box_id: Option<u16>,
}

/// The box just opened and the bead just drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LastDraw {
    /// `menace` or `menace2`.
    pub who: &'static str,
    /// The box.
    pub box_id: u16,
    /// Its picture, nine of `X`, `O`, `.` in reading order.
    pub picture: String,
    /// The symmetry carrying the board onto the picture.
    pub symmetry: String,
    /// The picture square the bead names, 0–8.
    pub bead: u8,
    /// `LL` … `RR` of the picture.
    pub bead_name: String,
    /// Its colour.
    pub colour: &'static str,
    /// The real board's square, 0–8.
    pub square: u8,
    /// The box was refilled first.
    pub refilled: bool,
}

/// One matchbox drawn as a mini board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoxView {
    /// Its number.
    pub id: u16,
    /// The picture, nine of `X`, `O`, `.`.
    pub picture: String,
    /// Beads by square of the picture.
    pub beads: [u32; 9],
    /// All its beads.
    pub total: u32,
}

/// The boxes for one of MENACE's moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoxGroup {
    /// MENACE's move of the game (1, 3, 5, 7 or 2, 4, 6, 8).
    pub menace_move: u32,
    /// The boxes.
    pub boxes: Vec<BoxView>,
}

/// One point of the learning curve: totals after `game` games of this session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CurvePoint {
    /// Games played.
    pub game: u64,
    /// MENACE's wins so far.
    pub wins: u64,
    /// Draws so far.
    pub draws: u64,
    /// Losses so far.
    pub losses: u64,
    /// Beads in the first box (MENACE's first move) then.
    pub first_box_beads: u32,
}

/// Win/draw/loss counters from MENACE's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Counters {
    /// Games finished.
    pub games: u64,
    /// MENACE won.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// MENACE lost.
    pub losses: u64,
}

/// Everything a person could look at.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MenaceView {
    /// The seed.
    pub seed: u64,
    /// The settings (a shared link carries these).
    pub config: MenaceConfig,
    /// The rules in force, and their name (`seed`, `michie`, `scroggs` or `custom: …`).
    pub rules: Rules,
    /// The rules in words.
    pub rules_name: String,
    /// The opponent.
    pub opponent: OpponentKind,
    /// MENACE's mark.
    pub menace: Mark,
    /// The board, nine of `X`, `O`, `.` in reading order.
    pub board: String,
    /// Whose mark moves next, if the game is not over.
    pub to_move: Option<Mark>,
    /// Who acts next: `menace`, `opponent` (a machine: step), `human` (a move) or
    /// `over` (new game or step).
    pub next: &'static str,
    /// The game's number in this session.
    pub game: u64,
    /// For a finished game: MENACE's `win`, `draw` or `loss`.
    pub result: Option<&'static str>,
    /// The winning line's squares, if someone won on the board.
    pub winner: Option<Mark>,
    /// This session's counters.
    pub counters: Counters,
    /// MENACE's lifetime record by the side it played (from the state file).
    pub record: [Tally; 2],
    /// The moves of the game in progress.
    pub moves: Vec<MoveView>,
    /// The running log, oldest first (the last [`LOG_LINES`] lines).
    pub log: Vec<String>,
    /// Learning curve: cumulative results, sampled every `curve_stride` games.
    pub curve: Vec<CurvePoint>,
    /// Games between curve points.
    pub curve_stride: u64,
    /// MENACE's boxes for its side, grouped by its move (1/12/108/183 = 304 as X,
    /// 3/38/153/95 = 289 as O).
    pub boxes: Vec<BoxGroup>,
    /// How many boxes in all.
    pub box_count: usize,
    /// Beads in all the boxes.
    pub bead_total: u64,
    /// Boxes used in the game in progress (their beads are out).
    pub boxes_in_play: Vec<u16>,
    /// The box just opened and the bead just drawn.
    pub last_draw: Option<LastDraw>,
    /// The nine bead colours by picture square.
    pub bead_colours: [&'static str; 9],
    /// MENACE2's counts, when it is the opponent: boxes and beads.
    pub menace2_beads: Option<u64>,
    /// MENACE2's rules and boxes, when it is the opponent.
    pub menace2: Option<Menace2View>,
}

/// MENACE2 as the page shows it, like MENACE: its rules and every box.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Menace2View {
    /// The rules in force.
    pub rules: Rules,
    /// The rules in words.
    pub rules_name: String,
    /// Its boxes for its side, grouped by its move.
    pub boxes: Vec<BoxGroup>,
    /// How many boxes.
    pub box_count: usize,
    /// Beads in all of them.
    pub bead_total: u64,
    /// Boxes used in the game in progress.
    pub boxes_in_play: Vec<u16>,
}

/// An opponent from another machine — the Computox, the relay computer's ROM — as the
/// session holds it: a noughts-and-crosses agent that is copied with the session (an
/// action works on a copy, so a refusal changes nothing).
pub trait MachineOpponent: Agent<Board> {
    /// A copy in the same state.
    fn clone_box(&self) -> Box<dyn MachineOpponent>;
}

impl<T: Agent<Board> + Clone + 'static> MachineOpponent for T {
    fn clone_box(&self) -> Box<dyn MachineOpponent> {
        Box::new(self.clone())
    }
}

/// Builds the opponents that are other machines ([`OpponentKind::Computox`],
/// [`OpponentKind::ComputoxBeatable`], [`OpponentKind::Relay`]) from a seed; `None` for a
/// kind it does not build. MENACE's crate depends on no other machine: whoever builds the
/// session hands this in (`ludomat-arena`'s factory, for the terminal and the museum).
pub type OpponentFactory = fn(OpponentKind, u64) -> Option<Box<dyn MachineOpponent>>;

/// The opponent's machine.
// One per session and matched in place (MENACE2's boxes are reached through it); boxing
// the built-in players' generator would buy nothing.
#[allow(clippy::large_enum_variant)]
enum Opp {
    Human,
    Fast(Opponent),
    Machine(Box<dyn MachineOpponent>),
}

impl Clone for Opp {
    fn clone(&self) -> Opp {
        match self {
            Opp::Human => Opp::Human,
            Opp::Fast(o) => Opp::Fast(o.clone()),
            Opp::Machine(a) => Opp::Machine(a.clone_box()),
        }
    }
}

impl Opp {
    fn build(
        kind: OpponentKind,
        rules: Rules,
        seed: u64,
        machines: Option<OpponentFactory>,
    ) -> Result<Opp, SessionError> {
        Ok(match kind {
            OpponentKind::Human => Opp::Human,
            OpponentKind::Random => Opp::Fast(Opponent::random(seed)),
            OpponentKind::Perfect => Opp::Fast(Opponent::perfect(seed)),
            OpponentKind::Menace2 => Opp::Fast(Opponent::menace(rules, seed)),
            OpponentKind::Computox | OpponentKind::ComputoxBeatable | OpponentKind::Relay => {
                Opp::Machine(machines.and_then(|f| f(kind, seed)).ok_or_else(|| {
                    SessionError::Invalid(format!(
                        "opponent {}: another machine, which this MENACE session was started \
                         without; start it through ludomat-arena (ludomat_arena::menace), as the \
                         terminal and the museum do",
                        kind.label()
                    ))
                })?)
            }
        })
    }
}

/// A MENACE draw waiting for the result, with the count it was drawn from.
#[derive(Debug, Clone, Copy)]
struct Used {
    box_id: BoxId,
    bead: u8,
    before: u32,
}

/// MENACE against an opponent, game after game. See the module documentation.
#[derive(Clone)]
pub struct MenaceSession {
    config: MenaceConfig,
    seed: u64,
    menace: Menace,
    opponent: Opp,
    board: Board,
    over: Option<(Outcome, bool)>,
    game: u64,
    counters: Tally,
    moves: Vec<MoveView>,
    used: Vec<Used>,
    last_draw: Option<LastDraw>,
    log: VecDeque<String>,
    curve: Vec<CurvePoint>,
    stride: u64,
    /// Builds the opponents that are other machines, when the session was given it.
    machines: Option<OpponentFactory>,
}

fn name(cell: Cell) -> String {
    Notation::Menace.name(cell)
}

fn sq(cell: Cell) -> u8 {
    // A cell index is 0..9.
    cell.index() as u8
}

fn board_text(board: Board) -> String {
    Cell::ALL
        .iter()
        .map(|&c| match board.get(c) {
            Some(Mark::X) => 'X',
            Some(Mark::O) => 'O',
            None => '.',
        })
        .collect()
}

impl MenaceSession {
    /// A session around an existing MENACE (loaded from its state file); the config's
    /// rules are replaced by MENACE's own, whatever they are.
    ///
    /// # Errors
    /// As [`Session::new`].
    pub fn with_menace(
        config: MenaceConfig,
        menace: Menace,
    ) -> Result<MenaceSession, SessionError> {
        MenaceSession::with_menace_and_machines(config, menace, None)
    }

    /// [`MenaceSession::with_menace`] that can also play the other machines `machines`
    /// builds.
    ///
    /// # Errors
    /// As [`Session::new`].
    pub fn with_menace_and_machines(
        mut config: MenaceConfig,
        menace: Menace,
        machines: Option<OpponentFactory>,
    ) -> Result<MenaceSession, SessionError> {
        // The state file's rules are the user's own (the terminal allows any reward), so
        // the museum's bounds on configs do not apply to them.
        config.set_rules(&Rules::source());
        let opponent = config.opponent;
        config.opponent = OpponentKind::Human;
        let mut s = MenaceSession::build(config, machines)?;
        s.config.opponent = opponent;
        s.config.check_sides()?;
        let rules = *menace.rules();
        s.config.set_rules(&rules);
        let rules2 = match &s.config.menace2 {
            Some(m) => m.rules()?,
            None => rules,
        };
        s.opponent = Opp::build(opponent, rules2, seed::derive(s.seed, 1), machines)?;
        s.menace = menace;
        s.start_game();
        s.curve = vec![s.curve_point()];
        Ok(s)
    }

    /// A fresh session that can also play the other machines `machines` builds (the
    /// Computox, the relay computer): `ludomat-arena` starts the terminal's and the
    /// museum's sessions this way. [`Session::new`] starts one without them.
    ///
    /// # Errors
    /// As [`Session::new`].
    pub fn with_machines(
        config: MenaceConfig,
        machines: OpponentFactory,
    ) -> Result<MenaceSession, SessionError> {
        MenaceSession::build(config, Some(machines))
    }

    fn build(
        mut config: MenaceConfig,
        machines: Option<OpponentFactory>,
    ) -> Result<MenaceSession, SessionError> {
        let rules = config.rules()?;
        config.check_sides()?;
        let seed = *config
            .seed
            .get_or_insert_with(|| u64::from(rand::random::<u32>()));
        let menace = Menace::new(rules, seed);
        let opponent = Opp::build(
            config.opponent,
            config.menace2_rules()?,
            seed::derive(seed, 1),
            machines,
        )?;
        let mut s = MenaceSession {
            config,
            seed,
            menace,
            opponent,
            board: Board::EMPTY,
            over: None,
            game: 0,
            counters: Tally::default(),
            moves: Vec::new(),
            used: Vec::new(),
            last_draw: None,
            log: VecDeque::new(),
            curve: Vec::new(),
            stride: 1,
            machines,
        };
        s.start_game();
        s.curve.push(s.curve_point());
        Ok(s)
    }

    /// The machine (to save its state file).
    #[must_use]
    pub fn menace(&self) -> &Menace {
        &self.menace
    }

    /// The board of the game in progress.
    #[must_use]
    pub fn board(&self) -> Board {
        self.board
    }

    /// The side MENACE plays.
    #[must_use]
    pub fn menace_side(&self) -> Player {
        self.config.menace_plays.player()
    }

    /// The game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.over.is_some()
    }

    /// The opponent is a human and it is its move.
    #[must_use]
    pub fn awaits_human(&self) -> bool {
        self.next() == "human"
    }

    fn next(&self) -> &'static str {
        if self.over.is_some() {
            "over"
        } else if self.board.to_move().player() == self.menace_side() {
            "menace"
        } else if matches!(self.opponent, Opp::Human) {
            "human"
        } else {
            "opponent"
        }
    }

    fn say(&mut self, line: String) {
        if self.log.len() == LOG_LINES {
            self.log.pop_front();
        }
        self.log.push_back(line);
    }

    fn first_box_beads(&self) -> u32 {
        self.menace
            .boxes(self.menace_side())
            .get(BoxId::new(0))
            .map_or(0, crate::Matchbox::total)
    }

    fn curve_point(&self) -> CurvePoint {
        CurvePoint {
            game: self.counters.games(),
            wins: self.counters.wins,
            draws: self.counters.draws,
            losses: self.counters.losses,
            first_box_beads: self.first_box_beads(),
        }
    }

    fn push_curve(&mut self) {
        if !self.counters.games().is_multiple_of(self.stride) {
            return;
        }
        let p = self.curve_point();
        self.curve.push(p);
        if self.curve.len() > CURVE_POINTS {
            self.stride *= 2;
            let stride = self.stride;
            self.curve.retain(|p| p.game.is_multiple_of(stride));
        }
    }

    fn opponent_label(&self) -> &'static str {
        self.config.opponent.label()
    }

    /// A fresh board; MENACE and the opponent sit down (beads still out go back).
    fn start_game(&mut self) {
        let side = self.menace_side();
        self.menace.start_game(side);
        match &mut self.opponent {
            Opp::Human => {}
            Opp::Fast(Opponent::Menace(m)) => m.start_game(side.opponent()),
            Opp::Fast(_) => {}
            Opp::Machine(a) => Agent::new_game(&mut **a, side.opponent()),
        }
        // A board nobody has moved on yet is the same game: its number stays.
        if !self.moves.is_empty() || self.over.is_some() || self.game == 0 {
            self.game += 1;
        }
        self.board = Board::EMPTY;
        self.over = None;
        self.moves.clear();
        self.used.clear();
        self.last_draw = None;
    }

    fn new_game(&mut self, h: &mut Vec<MenaceHappening>) -> Result<(), SessionError> {
        self.start_game();
        h.push(MenaceHappening::GameStarted {
            game: self.game,
            menace: self.config.menace_plays,
        });
        let line = format!(
            "game {}: MENACE ({}) against {}",
            self.game,
            self.config.menace_plays,
            self.opponent_label()
        );
        self.say(line);
        self.answer_human(h)
    }

    /// Against a human, MENACE moves at once when it is its turn.
    fn answer_human(&mut self, h: &mut Vec<MenaceHappening>) -> Result<(), SessionError> {
        if matches!(self.opponent, Opp::Human) && self.next() == "menace" && !self.config.teaching {
            self.menace_move(h)?;
        }
        Ok(())
    }

    fn step(&mut self, h: &mut Vec<MenaceHappening>) -> Result<(), SessionError> {
        match self.next() {
            "over" => self.new_game(h),
            "menace" => self.menace_move(h),
            "human" => Err(SessionError::Refused(format!(
                "it is your move ({}); MENACE waits for it",
                self.board.to_move()
            ))),
            _ => self.opponent_move(h),
        }
    }

    fn menace_move(&mut self, h: &mut Vec<MenaceHappening>) -> Result<(), SessionError> {
        let side = self.menace_side();
        let opened = self
            .menace
            .boxes(side)
            .find(self.board)
            .map(|(id, s, b)| (id, s, b.counts(), b.menace_move(), board_text(b.picture())));
        match self.menace.choose(self.board) {
            Ok(choice) => {
                let mark = self.config.menace_plays;
                let mut box_id = None;
                if let (Some(d), Some((id, symmetry, beads, menace_move, picture))) =
                    (choice.draw, opened)
                {
                    h.push(MenaceHappening::BoxOpened {
                        who: "menace",
                        box_id: d.matchbox.index() as u16,
                        menace_move,
                        symmetry: symmetry.to_string(),
                        beads,
                    });
                    if d.refilled {
                        h.push(MenaceHappening::BoxRefilled {
                            who: "menace",
                            box_id: id.index() as u16,
                        });
                    }
                    let bead = sq(d.bead.cell());
                    h.push(MenaceHappening::BeadDrawn {
                        who: "menace",
                        box_id: id.index() as u16,
                        bead: d.bead.to_string(),
                        colour: d.bead.colour(),
                        picture_square: bead,
                        square: sq(choice.square),
                    });
                    // The drawn bead is out: the box held one more of its colour when
                    // the bead was drawn (after any refill).
                    let now = self
                        .menace
                        .boxes(side)
                        .get(id)
                        .map_or(0, |b| b.beads(d.bead));
                    self.used.push(Used {
                        box_id: id,
                        bead,
                        before: now + 1,
                    });
                    self.last_draw = Some(LastDraw {
                        who: "menace",
                        box_id: id.index() as u16,
                        picture,
                        symmetry: symmetry.to_string(),
                        bead,
                        bead_name: d.bead.to_string(),
                        colour: d.bead.colour(),
                        square: sq(choice.square),
                        refilled: d.refilled,
                    });
                    box_id = Some(id.index() as u16);
                    let line = format!(
                        "MENACE ({mark}) opens box {id} ({symmetry}), draws {} bead {}{}, plays {}",
                        d.bead.colour(),
                        d.bead,
                        if d.refilled { " (box refilled)" } else { "" },
                        name(choice.square)
                    );
                    self.say(line);
                } else {
                    let line = format!(
                        "MENACE ({mark}) plays {} (forced: the last square)",
                        name(choice.square)
                    );
                    self.say(line);
                }
                h.push(MenaceHappening::MovePlayed {
                    mark,
                    square: sq(choice.square),
                    name: name(choice.square),
                    forced: choice.draw.is_none(),
                });
                self.place(choice.square, "menace", box_id, h);
                Ok(())
            }
            Err(MenaceError::EmptyBox(id)) => {
                h.push(MenaceHappening::Resigned {
                    who: "menace",
                    box_id: id.index() as u16,
                });
                self.say(format!("MENACE's box {id} is empty: MENACE resigns"));
                self.finish(Outcome::Win(side.opponent()), true, h);
                Ok(())
            }
            Err(e) => Err(SessionError::Failed(format!("MENACE cannot move: {e}"))),
        }
    }

    fn opponent_move(&mut self, h: &mut Vec<MenaceHappening>) -> Result<(), SessionError> {
        let board = self.board;
        let who = self.opponent_label();
        let opened = match &self.opponent {
            Opp::Fast(Opponent::Menace(m)) => m
                .boxes(self.menace_side().opponent())
                .find(board)
                .map(|(id, s, b)| (id, s, b.counts(), b.menace_move(), board_text(b.picture()))),
            _ => None,
        };
        let cell = match &mut self.opponent {
            Opp::Human => {
                return Err(SessionError::Refused(
                    "it is your move; a human moves with play".into(),
                ))
            }
            Opp::Fast(o) => match o.choose(board) {
                Ok(c) => {
                    if let (Some(d), Some((id, symmetry, beads, menace_move, picture))) =
                        (c.draw, opened)
                    {
                        let idx = id.index() as u16;
                        h.push(MenaceHappening::BoxOpened {
                            who: "menace2",
                            box_id: idx,
                            menace_move,
                            symmetry: symmetry.to_string(),
                            beads,
                        });
                        if d.refilled {
                            h.push(MenaceHappening::BoxRefilled {
                                who: "menace2",
                                box_id: idx,
                            });
                        }
                        h.push(MenaceHappening::BeadDrawn {
                            who: "menace2",
                            box_id: idx,
                            bead: d.bead.to_string(),
                            colour: d.bead.colour(),
                            picture_square: sq(d.bead.cell()),
                            square: sq(c.square),
                        });
                        self.last_draw = Some(LastDraw {
                            who: "menace2",
                            box_id: idx,
                            picture,
                            symmetry: symmetry.to_string(),
                            bead: sq(d.bead.cell()),
                            bead_name: d.bead.to_string(),
                            colour: d.bead.colour(),
                            square: sq(c.square),
                            refilled: d.refilled,
                        });
                    }
                    c.square
                }
                Err(MenaceError::EmptyBox(id)) => {
                    h.push(MenaceHappening::Resigned {
                        who: "menace2",
                        box_id: id.index() as u16,
                    });
                    self.say(format!("MENACE2's box {id} is empty: MENACE2 resigns"));
                    self.finish(Outcome::Win(self.menace_side()), true, h);
                    return Ok(());
                }
                Err(e) => return Err(SessionError::Failed(format!("MENACE2 cannot move: {e}"))),
            },
            Opp::Machine(a) => agent_move(&mut **a, board)?,
        };
        if board.get(cell).is_some() {
            return Err(SessionError::Failed(format!(
                "{who} chose {}, which is taken",
                name(cell)
            )));
        }
        self.opponent_moved(who, cell, h);
        Ok(())
    }

    fn opponent_moved(&mut self, who: &'static str, cell: Cell, h: &mut Vec<MenaceHappening>) {
        let mark = self.board.to_move();
        h.push(MenaceHappening::OpponentMove {
            opponent: who,
            mark,
            square: sq(cell),
            name: name(cell),
        });
        self.say(format!("{who} ({mark}) plays {}", name(cell)));
        self.place(cell, who, None, h);
    }

    fn place(
        &mut self,
        cell: Cell,
        by: &'static str,
        box_id: Option<u16>,
        h: &mut Vec<MenaceHappening>,
    ) {
        let mark = self.board.to_move();
        self.board = self.board.with(cell, mark);
        self.moves.push(MoveView {
            by,
            mark,
            square: sq(cell),
            name: name(cell),
            box_id,
        });
        if let Some(o) = ludomat_game::Game::outcome(&self.board) {
            self.finish(o, false, h);
        }
    }

    fn human(&mut self, square: u8, h: &mut Vec<MenaceHappening>) -> Result<(), SessionError> {
        let cell = Cell::from_index(usize::from(square)).ok_or_else(|| {
            SessionError::Invalid(format!(
                "square {square} is off the board: 0 (top left) to 8 (bottom right)"
            ))
        })?;
        if !matches!(self.opponent, Opp::Human) {
            return Err(SessionError::Refused(format!(
                "MENACE is playing {}, not a human; choose the human opponent to play",
                self.opponent_label()
            )));
        }
        match self.next() {
            "over" => {
                return Err(SessionError::Refused(
                    "the game is over; start a new game".into(),
                ))
            }
            "menace" => {
                return Err(SessionError::Refused(format!(
                    "it is MENACE's turn ({}); step to let it move",
                    self.board.to_move()
                )))
            }
            _ => {}
        }
        if let Some(m) = self.board.get(cell) {
            return Err(SessionError::Refused(format!(
                "{} is already taken by {m}; choose an empty square.",
                name(cell)
            )));
        }
        self.opponent_moved("human", cell, h);
        self.answer_human(h)
    }

    /// The game ended: both learn, the counters and the curve move on.
    fn finish(&mut self, outcome: Outcome, resigned: bool, h: &mut Vec<MenaceHappening>) {
        let side = self.menace_side();
        self.menace.learn(outcome, side);
        if let Opp::Fast(Opponent::Menace(m)) = &mut self.opponent {
            m.learn(outcome, side.opponent());
        }
        let boxes = self.menace.boxes(side);
        let changes = self
            .used
            .drain(..)
            .map(|u| BeadChange {
                box_id: u.box_id.index() as u16,
                bead: u.bead,
                before: u.before,
                after: boxes
                    .get(u.box_id)
                    .map_or(0, |b| b.counts()[usize::from(u.bead)]),
            })
            .collect();
        h.push(MenaceHappening::Reinforced { changes });
        self.counted(outcome, side);
        let result = match outcome.score_for(side) {
            1 => "win",
            0 => "draw",
            _ => "loss",
        };
        let winner = match outcome {
            Outcome::Win(p) => Some(Mark::of(p)),
            Outcome::Draw => None,
        };
        h.push(MenaceHappening::GameOver {
            game: self.game,
            result,
            winner,
            resigned,
        });
        self.say(format!(
            "game {}: MENACE {}{}",
            self.game,
            match result {
                "win" => "wins",
                "draw" => "draws",
                _ => "loses",
            },
            if resigned { " (resignation)" } else { "" }
        ));
        self.over = Some((outcome, resigned));
    }

    fn counted(&mut self, outcome: Outcome, side: Player) {
        self.counters.record(outcome, side);
        self.push_curve();
    }

    fn play_games(&mut self, n: u64, h: &mut Vec<MenaceHappening>) -> Result<(), SessionError> {
        ludomat_game::games_per_action(n, MAX_GAMES_PER_ACTION)?;
        if matches!(self.opponent, Opp::Human) {
            return Err(SessionError::Refused(
                "the opponent is a human: choose a machine opponent to play whole games".into(),
            ));
        }
        let side = self.menace_side();
        let before = self.counters;
        let mut quiet = Vec::new();
        for i in 0..n {
            let last = i + 1 == n;
            if self.over.is_some() {
                self.start_game();
            }
            let fresh = self.moves.is_empty();
            let fast = !last && fresh && matches!(self.opponent, Opp::Fast(_));
            match &mut self.opponent {
                Opp::Fast(o) if fast => {
                    // The crate's training game: the same draws as stepping, faster.
                    let outcome = self.menace.train_game(o, side);
                    self.counted(outcome, side);
                    self.over = Some((outcome, false));
                }
                _ => {
                    let sink = if last { &mut *h } else { &mut quiet };
                    if last {
                        let played = self.counters.games() - before.games();
                        if played > 0 {
                            sink.push(MenaceHappening::GamesPlayed {
                                games: played,
                                wins: self.counters.wins - before.wins,
                                draws: self.counters.draws - before.draws,
                                losses: self.counters.losses - before.losses,
                            });
                        }
                        if fresh {
                            sink.push(MenaceHappening::GameStarted {
                                game: self.game,
                                menace: self.config.menace_plays,
                            });
                        }
                    }
                    while self.over.is_none() {
                        self.step(sink)?;
                    }
                    quiet.clear();
                }
            }
        }
        let line = format!(
            "played {n} game{} against {}: {} wins, {} draws, {} losses",
            if n == 1 { "" } else { "s" },
            self.opponent_label(),
            self.counters.wins - before.wins,
            self.counters.draws - before.draws,
            self.counters.losses - before.losses
        );
        self.say(line);
        Ok(())
    }

    fn set_opponent(
        &mut self,
        opponent: OpponentKind,
        menace_plays: Option<Mark>,
        h: &mut Vec<MenaceHappening>,
    ) -> Result<(), SessionError> {
        let mut config = self.config.clone();
        config.opponent = opponent;
        if let Some(m) = menace_plays {
            config.menace_plays = m;
        }
        config.check_sides()?;
        self.config = config;
        let rules = self.menace2_rules()?;
        self.opponent = Opp::build(
            opponent,
            rules,
            seed::derive(self.seed, 1 + self.counters.games()),
            self.machines,
        )?;
        h.push(MenaceHappening::OpponentChanged {
            opponent,
            menace: self.config.menace_plays,
        });
        self.say(format!(
            "opponent: {}; MENACE plays {}",
            opponent.label(),
            self.config.menace_plays
        ));
        self.new_game(h)
    }

    fn import(
        &mut self,
        state: serde_json::Value,
        h: &mut Vec<MenaceHappening>,
    ) -> Result<(), SessionError> {
        let text = match state {
            serde_json::Value::String(s) => s,
            v => v.to_string(),
        };
        if let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) {
            check_box_shapes(&value)?;
        }
        let menace = Menace::from_json(&text, Path::new("the state file"))
            .map_err(|e| SessionError::Invalid(e.to_string()))?;
        check_rules(menace.rules())?;
        let games = menace.games();
        let rules = menace.rules().to_string();
        self.config.set_rules(menace.rules());
        self.menace = menace;
        if let Opp::Fast(Opponent::Menace(_)) = self.opponent {
            self.opponent = Opp::build(
                OpponentKind::Menace2,
                self.menace2_rules()?,
                seed::derive(self.seed, 1 + self.counters.games()),
                None,
            )?;
        }
        h.push(MenaceHappening::Imported {
            games,
            rules: rules.clone(),
        });
        self.say(format!(
            "imported a MENACE ({rules} rules) that has played {}",
            ludomat_io::text::count(games, "game", "games")
        ));
        self.new_game(h)
    }

    fn apply_inner(&mut self, action: MenaceAction) -> Result<Vec<MenaceHappening>, SessionError> {
        let mut h = Vec::new();
        match action {
            MenaceAction::Play { square } => self.human(square, &mut h)?,
            MenaceAction::Step => self.step(&mut h)?,
            MenaceAction::PlayGames { n } => self.play_games(n, &mut h)?,
            MenaceAction::NewGame => self.new_game(&mut h)?,
            MenaceAction::SetOpponent {
                opponent,
                menace_plays,
            } => self.set_opponent(opponent, menace_plays, &mut h)?,
            MenaceAction::Reset { config } => {
                let mut config = config.map_or_else(|| self.config.clone(), |c| *c);
                if config.seed.is_none() {
                    config.seed = Some(self.seed);
                }
                *self = MenaceSession::build(config, self.machines)?;
                h.push(MenaceHappening::Reset { seed: self.seed });
                self.say(format!("fresh matchboxes from seed {}", self.seed));
            }
            MenaceAction::UpdateRules {
                menace2,
                win,
                draw,
                loss,
                empty_box,
            } => self.update_rules(menace2, win, draw, loss, empty_box, &mut h)?,
            MenaceAction::SetTeaching { on } => {
                self.config.teaching = on;
                h.push(MenaceHappening::TeachingSet { on });
                self.say(format!(
                    "teaching mode {}",
                    if on {
                        "on: MENACE waits for Step"
                    } else {
                        "off: MENACE answers at once"
                    }
                ));
                self.answer_human(&mut h)?;
            }
            MenaceAction::Export => {
                let state = serde_json::from_str(&self.menace.to_json())
                    .map_err(|e| SessionError::Failed(format!("export: {e}")))?;
                h.push(MenaceHappening::Exported { state });
            }
            MenaceAction::Import { state } => self.import(state, &mut h)?,
        }
        Ok(h)
    }

    /// MENACE2's rules: its own settings, or MENACE's rules as they are now.
    fn menace2_rules(&self) -> Result<Rules, SessionError> {
        match &self.config.menace2 {
            Some(m) => m.rules(),
            None => Ok(*self.menace.rules()),
        }
    }

    fn update_rules(
        &mut self,
        menace2: bool,
        win: Option<i32>,
        draw: Option<i32>,
        loss: Option<i32>,
        empty_box: Option<EmptyBox>,
        h: &mut Vec<MenaceHappening>,
    ) -> Result<(), SessionError> {
        let change = |mut r: Rules| -> Result<Rules, SessionError> {
            r.win = win.unwrap_or(r.win);
            r.draw = draw.unwrap_or(r.draw);
            r.loss = loss.unwrap_or(r.loss);
            if let Some(e) = empty_box {
                r.empty_box = e;
            }
            check_rules(&r)?;
            Ok(r)
        };
        let (who, rules) = if menace2 {
            let r = change(self.menace2_rules()?)?;
            if let Opp::Fast(Opponent::Menace(m)) = &mut self.opponent {
                m.rules = r;
            }
            self.config.menace2 = Some(RuleSettings::of(&r));
            ("menace2", r)
        } else {
            let r = change(*self.menace.rules())?;
            // MENACE2 without its own settings plays by MENACE's rules as they were.
            if self.config.menace2.is_none() && self.config.opponent == OpponentKind::Menace2 {
                self.config.menace2 = Some(RuleSettings::of(self.menace.rules()));
            }
            self.menace.rules = r;
            self.config.set_rules(&r);
            ("menace", r)
        };
        h.push(MenaceHappening::RulesUpdated {
            who,
            rules: rules.to_string(),
        });
        self.say(format!(
            "{} now plays by {rules} (beads kept)",
            if menace2 { "MENACE2" } else { "MENACE" }
        ));
        Ok(())
    }

    fn box_groups(&self) -> Vec<BoxGroup> {
        groups_of(self.menace.boxes(self.menace_side()))
    }
}

/// The boxes of one set, grouped by the move of the game they are for.
fn groups_of(set: &crate::Matchboxes) -> Vec<BoxGroup> {
    let mut groups: Vec<BoxGroup> = Vec::with_capacity(4);
    for (id, b) in set.iter() {
        let view = BoxView {
            id: id.index() as u16,
            picture: board_text(b.picture()),
            beads: b.counts(),
            total: b.total(),
        };
        match groups.last_mut() {
            Some(g) if g.menace_move == b.menace_move() => g.boxes.push(view),
            _ => groups.push(BoxGroup {
                menace_move: b.menace_move(),
                boxes: vec![view],
            }),
        }
    }
    groups
}

/// Name the box whose bead counts are malformed (the state file reader only says what
/// was wrong, not where).
fn check_box_shapes(state: &serde_json::Value) -> Result<(), SessionError> {
    for side in ["first", "second"] {
        let Some(boxes) = state
            .get("boxes")
            .and_then(|b| b.get(side))
            .and_then(|b| b.as_array())
        else {
            continue;
        };
        for (i, b) in boxes.iter().enumerate() {
            let at = format!("imported state: boxes.{side}[{i}].beads");
            let counts = b
                .get("beads")
                .and_then(|c| c.as_array())
                .ok_or_else(|| SessionError::Invalid(format!("{at} is missing")))?;
            if counts.len() != 9 {
                return Err(SessionError::Invalid(format!(
                    "{at} has {} counts; expected 9, one per square of the picture",
                    counts.len()
                )));
            }
            if let Some((k, c)) = counts
                .iter()
                .enumerate()
                .find(|(_, c)| c.as_u64().is_none_or(|n| n > u64::from(u32::MAX)))
            {
                return Err(SessionError::Invalid(format!(
                    "{at}[{k}]: {}",
                    ludomat_io::error::found_where(
                        c,
                        &format!(
                            "a bead count from 0 to {}",
                            ludomat_io::text::thousands(u32::MAX.into())
                        )
                    )
                )));
            }
        }
    }
    Ok(())
}

fn agent_move(agent: &mut dyn Agent<Board>, board: Board) -> Result<Cell, SessionError> {
    agent.choose(&board).map_err(|e| match e {
        AgentError::Resign(why) => SessionError::Failed(format!("the opponent resigned: {why}")),
        e => SessionError::Failed(format!("the opponent could not move: {e}")),
    })
}

impl Session for MenaceSession {
    type Config = MenaceConfig;
    type Action = MenaceAction;
    type View = MenaceView;
    type Happening = MenaceHappening;
    const KIND: &'static str = "menace";
    const COUNTS: &'static [ludomat_game::CountField] =
        &[ludomat_game::play_games_count(MAX_GAMES_PER_ACTION)];

    /// A fresh session without the opponents that are other machines (asking for one
    /// is refused, naming `ludomat-arena`, which starts sessions with them).
    fn new(config: MenaceConfig) -> Result<Self, SessionError> {
        MenaceSession::build(config, None)
    }

    fn config(&self) -> &MenaceConfig {
        &self.config
    }

    /// `play_games` is counted in games.
    fn work_of(&self, action: &MenaceAction) -> Option<ludomat_game::Work> {
        match action {
            MenaceAction::PlayGames { n } => Some(ludomat_game::Work {
                amount: *n,
                one: "game",
                many: "games",
            }),
            _ => None,
        }
    }

    fn apply(&mut self, action: MenaceAction) -> Result<Vec<MenaceHappening>, SessionError> {
        // Work on a copy: a refusal anywhere leaves the session exactly as it was.
        let mut next = self.clone();
        let h = next.apply_inner(action)?;
        *self = next;
        Ok(h)
    }

    fn view(&self) -> MenaceView {
        let side = self.menace_side();
        let set = self.menace.boxes(side);
        let (result, winner) = match self.over {
            Some((o, _)) => (
                Some(match o.score_for(side) {
                    1 => "win",
                    0 => "draw",
                    _ => "loss",
                }),
                match o {
                    Outcome::Win(p) => Some(Mark::of(p)),
                    Outcome::Draw => None,
                },
            ),
            None => (None, None),
        };
        MenaceView {
            seed: self.seed,
            config: self.config.clone(),
            rules: *self.menace.rules(),
            rules_name: self.menace.rules().to_string(),
            opponent: self.config.opponent,
            menace: self.config.menace_plays,
            board: board_text(self.board),
            to_move: self.over.is_none().then(|| self.board.to_move()),
            next: self.next(),
            game: self.game,
            result,
            winner,
            counters: Counters {
                games: self.counters.games(),
                wins: self.counters.wins,
                draws: self.counters.draws,
                losses: self.counters.losses,
            },
            record: [
                self.menace.record(Player::First),
                self.menace.record(Player::Second),
            ],
            moves: self.moves.clone(),
            log: self.log.iter().cloned().collect(),
            curve: self.curve.clone(),
            curve_stride: self.stride,
            boxes: self.box_groups(),
            box_count: set.len(),
            bead_total: set.beads_by_move().iter().sum(),
            boxes_in_play: self
                .menace
                .beads_in_play()
                .iter()
                .map(|d| d.matchbox.index() as u16)
                .collect(),
            last_draw: self.last_draw.clone(),
            bead_colours: std::array::from_fn(|i| crate::Bead::ALL[i].colour()),
            menace2_beads: match &self.opponent {
                Opp::Fast(Opponent::Menace(m)) => {
                    Some(m.boxes(side.opponent()).beads_by_move().iter().sum())
                }
                _ => None,
            },
            menace2: match &self.opponent {
                Opp::Fast(Opponent::Menace(m)) => {
                    let set = m.boxes(side.opponent());
                    Some(Menace2View {
                        rules: *m.rules(),
                        rules_name: m.rules().to_string(),
                        boxes: groups_of(set),
                        box_count: set.len(),
                        bead_total: set.beads_by_move().iter().sum(),
                        boxes_in_play: m
                            .beads_in_play()
                            .iter()
                            .map(|d| d.matchbox.index() as u16)
                            .collect(),
                    })
                }
                _ => None,
            },
        }
    }

    /// `LL` … `RR` (row then column, each L, M or R) for a move; `new` / `new game`,
    /// `step`, `play N` (or `train N`), `reset`, `export`.
    fn parse_action(&self, line: &str) -> Result<MenaceAction, SessionError> {
        let t = line.trim();
        let lower = t.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            ["new"] | ["new", "game"] => return Ok(MenaceAction::NewGame),
            ["step"] => return Ok(MenaceAction::Step),
            ["reset"] => return Ok(MenaceAction::Reset { config: None }),
            ["export"] => return Ok(MenaceAction::Export),
            ["play" | "train", n] => {
                let n = n.parse().map_err(|_| {
                    // echoed as typed: the words were matched in lower case
                    let typed = t.split_whitespace().nth(1).unwrap_or(n);
                    SessionError::Invalid(format!(
                        "{} is not a number of games (play N, N from 1 to {})",
                        ludomat_io::text::quoted(typed, 20),
                        ludomat_io::text::thousands(MAX_GAMES_PER_ACTION)
                    ))
                })?;
                return Ok(MenaceAction::PlayGames { n });
            }
            _ => {}
        }
        Notation::Menace
            .parse(t)
            .map(|c| MenaceAction::Play { square: sq(c) })
            .map_err(|e| SessionError::Invalid(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_human_game_runs_to_the_end() {
        let mut s = MenaceSession::new(MenaceConfig {
            seed: Some(3),
            ..MenaceConfig::default()
        })
        .unwrap();
        assert_eq!(s.next(), "menace");
        let h = s.apply(MenaceAction::NewGame).unwrap();
        assert!(h
            .iter()
            .any(|x| matches!(x, MenaceHappening::BeadDrawn { .. })));
        while !s.is_over() {
            let cell = s.board().legal_cells().next().unwrap();
            s.apply(MenaceAction::Play { square: sq(cell) }).unwrap();
        }
        assert_eq!(s.view().counters.games, 1);
    }

    #[test]
    fn rewards_change_without_a_reset_and_menace2_shows_its_own_boxes() {
        let mut s = MenaceSession::new(MenaceConfig {
            seed: Some(5),
            opponent: OpponentKind::Menace2,
            menace2: Some(RuleSettings {
                preset: Some(Preset::Michie),
                ..RuleSettings::default()
            }),
            ..MenaceConfig::default()
        })
        .unwrap();
        s.apply(MenaceAction::PlayGames { n: 20 }).unwrap();
        let before = s.view();
        let m2 = before.menace2.clone().unwrap();
        assert_eq!(m2.box_count, 289);
        assert_eq!(m2.rules, Preset::Michie.rules());
        // MENACE: win +5, resign on empty; every bead stays where it was.
        s.apply(MenaceAction::UpdateRules {
            menace2: false,
            win: Some(5),
            draw: None,
            loss: None,
            empty_box: Some(EmptyBox::Resign),
        })
        .unwrap();
        let after = s.view();
        assert_eq!(after.boxes, before.boxes);
        assert_eq!(after.counters, before.counters);
        assert_eq!(after.rules.win, 5);
        assert_eq!(after.rules.empty_box, EmptyBox::Resign);
        assert_eq!(after.config.win, Some(5));
        // MENACE2 too, its beads kept.
        s.apply(MenaceAction::UpdateRules {
            menace2: true,
            win: None,
            draw: Some(2),
            loss: None,
            empty_box: None,
        })
        .unwrap();
        let v = s.view();
        let m2b = v.menace2.unwrap();
        assert_eq!(m2b.boxes, m2.boxes);
        assert_eq!(m2b.rules.draw, 2);
        assert_eq!(v.config.menace2.and_then(|m| m.draw), Some(2));
        // A reward out of bounds is refused, nothing changed.
        let e = s
            .apply(MenaceAction::UpdateRules {
                menace2: false,
                win: Some(1_000),
                draw: None,
                loss: None,
                empty_box: None,
            })
            .unwrap_err();
        assert!(e.to_string().contains("win"), "{e}");
        assert_eq!(s.view().rules.win, 5);
        // The config replays: the same rules, fresh boxes.
        let again = MenaceSession::new(s.config().clone()).unwrap();
        assert_eq!(again.view().rules, s.view().rules);
    }

    #[test]
    fn teaching_mode_waits_for_step() {
        let mut s = MenaceSession::new(MenaceConfig {
            seed: Some(3),
            teaching: true,
            ..MenaceConfig::default()
        })
        .unwrap();
        s.apply(MenaceAction::Step).unwrap();
        assert_eq!(s.next(), "human");
        let cell = s.board().legal_cells().next().unwrap();
        s.apply(MenaceAction::Play { square: sq(cell) }).unwrap();
        assert_eq!(s.next(), "menace", "MENACE waits for Step");
        let h = s.apply(MenaceAction::SetTeaching { on: false }).unwrap();
        assert!(h
            .iter()
            .any(|x| matches!(x, MenaceHappening::MovePlayed { .. })));
        assert_eq!(s.next(), "human");
    }
}
