//! [`ThreesSession`]: a game of Threes! as a person meets it — swipes, undo, the next-card
//! hint, the score, the AI's estimate of each of the four swipes on request, an autoplay
//! step by the AI, and a viewer for games recorded with `ludomat play threes --record`.
//!
//! The AI is the crate's expectimax [`Searcher`] at a fixed depth (the config's, at most
//! [`MAX_SESSION_DEPTH`]), run on the calling thread: a renderer that must not block (the museum)
//! applies `estimate` and `ai_step` on its own bounded worker pool. Its leaves are valued
//! by the hand-made heuristic or, with `eval: "learned"`, by the shipped n-tuple network.
//!
//! The long run `train` ([`crate::learn_watch`]) trains a small network from nothing and
//! reports the learning curve as it goes; the network it makes is kept with the session,
//! and `play_trained` has the AI play with it.

use ludomat_game::{Session, SessionError};
use serde::{Deserialize, Serialize};

use crate::record::GameRecord;
use crate::{DepthRule, Direction, Heuristic, HintModel, SearchConfig, Searcher, Threes};

/// The count of the `train` run's `games`: 1,000 to [`crate::learn_watch::MAX_GAMES`],
/// refused in the one wording of every count, with the value as written.
const TRAIN_GAMES: ludomat_game::CountField = ludomat_game::CountField {
    action: "train",
    field: "games",
    min: 1_000,
    max: crate::learn_watch::MAX_GAMES,
    unit: "games",
};

/// Deepest AI search a session runs (each level multiplies the work).
pub const MAX_SESSION_DEPTH: u8 = 4;
/// Most swipes a session can take back.
pub const MAX_UNDO: usize = 1_000;

/// How a session starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ThreesConfig {
    /// Seed of the deal (the same seed deals the same cards for the same swipes).
    pub seed: u64,
    /// How the next card is hinted.
    pub hint_model: HintModel,
    /// The AI's search depth, 1–[`MAX_SESSION_DEPTH`].
    pub depth: u8,
    /// What values the AI's leaves: the heuristic, or the shipped learned network.
    pub eval: crate::options::Eval,
}

impl Default for ThreesConfig {
    /// Seed 1, the "plus" hint, the AI three swipes deep.
    fn default() -> Self {
        ThreesConfig {
            seed: 1,
            hint_model: HintModel::Plus,
            depth: 3,
            eval: crate::options::Eval::Heuristic,
        }
    }
}

/// What a person (or a renderer's timer) can do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ThreesAction {
    /// Swipe the board.
    Swipe {
        /// `up`, `down`, `left` or `right`.
        direction: Direction,
    },
    /// Take back the last swipe (the same card comes again: the deal is seeded).
    Undo,
    /// Ask the AI what each of the four swipes is worth here (the view's `estimate`).
    Estimate,
    /// The AI makes one swipe (autoplay runs this every interval).
    AiStep,
    /// A new game with the next seed's deal.
    NewGame,
    /// Back to the config's deal.
    Reset,
    /// Open a game recorded by `ludomat play threes --record` (its JSON text) in the
    /// replay viewer.
    LoadRecord {
        /// The record file's text.
        record: String,
    },
    /// Show frame `index` of the loaded record (0 = the deal).
    ReplayFrame {
        /// The frame.
        index: usize,
    },
    /// Close the replay viewer.
    CloseReplay,
    /// The AI values its leaves with the network this session's last `train` run made
    /// (until `reset`, which goes back to the config's evaluation).
    PlayTrained,
}

/// The AI's estimate of each swipe.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// Per swipe, in the order up, down, left, right: the expected heuristic value, or
    /// `null` when the swipe moves nothing.
    pub values: [Option<f64>; 4],
    /// The best swipe.
    pub best: Option<Direction>,
    /// Search depth (swipes).
    pub depth: u8,
    /// Positions searched.
    pub nodes: u64,
}

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ThreesHappening {
    /// A swipe: the card that came in and where.
    Swiped {
        /// The swipe.
        direction: Direction,
        /// By the AI (autoplay) rather than the person.
        by_ai: bool,
        /// The card's value.
        card: u32,
        /// Its cell (row·4 + column).
        cell: usize,
    },
    /// A swipe was taken back.
    Undone {
        /// Swipes made after it.
        moves: u32,
    },
    /// The AI's estimate.
    Estimated {
        /// The best swipe.
        best: Option<Direction>,
    },
    /// No swipe moves anything: the game is over.
    GameOver {
        /// The final score.
        score: u64,
    },
    /// A new deal.
    NewGame {
        /// Its seed.
        seed: u64,
    },
    /// The AI values its leaves with another evaluation.
    EvalChanged {
        /// What it is now, in a few words.
        eval: String,
    },
    /// A record was opened for replay.
    RecordLoaded {
        /// Its seed.
        seed: u64,
        /// Its swipes.
        moves: usize,
    },
}

/// The replay viewer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayView {
    /// The frame shown (0 = the deal).
    pub index: usize,
    /// Frames in the record.
    pub frames: usize,
    /// The board's card values, row by row (0 = empty).
    pub cells: Vec<u32>,
    /// The next card's hint at that frame.
    pub hint: Vec<u32>,
    /// Whether the hint is "a bonus card" (+).
    pub hint_plus: bool,
    /// The swipe made from this frame (`null` for the last).
    pub direction: Option<Direction>,
    /// The card that swipe brought in (hidden during play).
    pub card: u32,
    /// The board's score.
    pub score: u64,
    /// The record's seed.
    pub seed: u64,
}

/// Everything a person could look at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThreesView {
    /// The board's card values, row by row (0 = empty).
    pub cells: Vec<u32>,
    /// The hint for the next card: the values it may be.
    pub hint: Vec<u32>,
    /// The hint says "a bonus card" (+).
    pub hint_plus: bool,
    /// The score (each card of 3 or more scores 3^(log2(v/3)+1)).
    pub score: u64,
    /// Swipes made.
    pub moves: u32,
    /// The swipes that move something now.
    pub legal: Vec<Direction>,
    /// No swipe moves anything.
    pub over: bool,
    /// Swipes that can be taken back.
    pub undo: usize,
    /// The AI's estimate for this position, when asked.
    pub estimate: Option<Estimate>,
    /// The cell the last card came in on.
    pub last_card: Option<usize>,
    /// The seed of this deal.
    pub seed: u64,
    /// The AI's depth.
    pub depth: u8,
    /// What values the AI's leaves, in a few words (the heuristic, the shipped network,
    /// the network trained here).
    pub eval: String,
    /// The network this session's last `train` run made, in a few words (`play_trained`
    /// plays with it), while it is held.
    pub trained: Option<String>,
    /// Why there is no trained network to play with although one was trained here: it was
    /// let go, as a server holds only so many at once (the least recently used go first).
    #[serde(default)]
    pub trained_let_go: Option<String>,
    /// What training runs cost when measured in this build, for a page to tell before
    /// one starts ([`crate::learn_watch::costs`]).
    #[serde(default)]
    pub train_costs: Vec<crate::learn_watch::TrainCost>,
    /// The replay viewer, when a record is open.
    pub replay: Option<ReplayView>,
}

/// A game of Threes! with undo, the AI and a replay viewer.
pub struct ThreesSession {
    config: ThreesConfig,
    game: Threes,
    history: Vec<Threes>,
    estimate: Option<Estimate>,
    last_card: Option<usize>,
    deal: u64,
    /// The game so far, as `--record` writes it (undo takes frames back).
    played: GameRecord,
    record: Option<(GameRecord, usize)>,
    /// The network the AI values its leaves with (none: the heuristic, or the trained
    /// one when `eval` is [`TRAINED`]: that one is held by the keeper, not here).
    network: Option<std::sync::Arc<crate::ntuple::Network>>,
    /// What values them, in a few words.
    eval: &'static str,
    /// The network the last `train` run made (kept across `reset`).
    trained: crate::learn_watch::TrainedSlot,
}

/// The evaluation words of the view.
const HEURISTIC: &str = "the heuristic";
const SHIPPED: &str = "the shipped network (5×6, trained by TD(λ) self-play)";
const TRAINED: &str = "the network trained here";

impl ThreesSession {
    /// The game in progress (for renderers that draw it themselves).
    #[must_use]
    pub fn game(&self) -> &Threes {
        &self.game
    }

    /// The game so far as a record (`ludomat play threes --record` saves it).
    #[must_use]
    pub fn played(&self) -> &GameRecord {
        &self.played
    }

    /// The trained network, when it is still held.
    fn trained(&self) -> Option<crate::learn_watch::KeptNetwork> {
        self.trained
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// The refusal when the trained network was let go.
    fn let_go() -> String {
        format!(
            "the network trained here was let go: the museum holds only {} used most \
             recently; train again",
            ludomat_io::text::count(
                crate::learn_watch::keeper().most() as u64,
                "trained network",
                "trained networks"
            )
        )
    }

    fn searcher(&self) -> Result<Searcher, SessionError> {
        let network = if self.eval == TRAINED {
            let net = self.trained().and_then(|k| k.get()).ok_or_else(|| {
                SessionError::Refused(format!(
                    "{} (or Reset to go back to {})",
                    Self::let_go(),
                    self.config_eval()
                ))
            })?;
            Some(net)
        } else {
            self.network.clone()
        };
        Ok(Searcher::new(
            Heuristic::default(),
            SearchConfig {
                depth: DepthRule::Fixed(self.config.depth),
                parallel: false,
                ..SearchConfig::default()
            },
        )
        .with_network(network))
    }

    /// The config's evaluation, in a few words.
    fn config_eval(&self) -> &'static str {
        match self.config.eval {
            crate::options::Eval::Heuristic => HEURISTIC,
            crate::options::Eval::Learned => SHIPPED,
        }
    }

    fn estimate_now(&self) -> Result<Estimate, SessionError> {
        let r = self
            .searcher()?
            .search_depth(&self.game.position(), self.config.depth);
        Ok(Estimate {
            values: r.values,
            best: r.best,
            depth: r.depth,
            nodes: r.nodes,
        })
    }

    fn swipe(&mut self, d: Direction, by_ai: bool) -> Result<Vec<ThreesHappening>, SessionError> {
        if self.game.is_over() {
            return Err(SessionError::Refused(
                "the game is over: no swipe moves anything (undo or start a new game)".into(),
            ));
        }
        let before = self.game.clone();
        let turn = self
            .game
            .swipe(d)
            .map_err(|e| SessionError::Refused(format!("{e}: try another direction")))?;
        let (r, c) = crate::Board::entry_cell(d, turn.line);
        self.played.push(&turn, &self.game);
        self.history.push(before);
        if self.history.len() > MAX_UNDO {
            self.history.remove(0);
        }
        self.estimate = None;
        self.last_card = Some(r * 4 + c);
        let mut out = vec![ThreesHappening::Swiped {
            direction: d,
            by_ai,
            card: turn.card.value(),
            cell: r * 4 + c,
        }];
        if self.game.is_over() {
            out.push(ThreesHappening::GameOver {
                score: self.game.score(),
            });
        }
        Ok(out)
    }
}

fn hint_values(h: crate::Hint) -> (Vec<u32>, bool) {
    (h.cards().map(|t| t.value()).collect(), h.plus)
}

impl Session for ThreesSession {
    type Config = ThreesConfig;
    type Action = ThreesAction;
    type View = ThreesView;
    type Happening = ThreesHappening;
    const KIND: &'static str = "threes";

    fn new(config: ThreesConfig) -> Result<Self, SessionError> {
        if !(1..=MAX_SESSION_DEPTH).contains(&config.depth) {
            return Err(SessionError::Invalid(format!(
                "threes config: depth {} is out of range 1–{MAX_SESSION_DEPTH}",
                config.depth
            )));
        }
        let (network, eval) = match config.eval {
            crate::options::Eval::Heuristic => (None, HEURISTIC),
            crate::options::Eval::Learned => (
                Some(
                    crate::ntuple::shipped()
                        .map_err(|e| SessionError::Invalid(format!("threes config: {e}")))?,
                ),
                SHIPPED,
            ),
        };
        let game = Threes::new(config.seed, config.hint_model);
        Ok(ThreesSession {
            network,
            eval,
            trained: crate::learn_watch::TrainedSlot::default(),
            played: GameRecord::start(&game),
            game,
            deal: config.seed,
            config,
            history: Vec::new(),
            estimate: None,
            last_card: None,
            record: None,
        })
    }

    fn config(&self) -> &ThreesConfig {
        &self.config
    }

    fn apply(&mut self, action: ThreesAction) -> Result<Vec<ThreesHappening>, SessionError> {
        match action {
            ThreesAction::Swipe { direction } => self.swipe(direction, false),
            ThreesAction::AiStep => {
                if self.game.is_over() {
                    return Err(SessionError::Refused("the game is over".into()));
                }
                let e = self.estimate_now()?;
                let d = e
                    .best
                    .ok_or_else(|| SessionError::Refused("no swipe moves anything".into()))?;
                self.swipe(d, true)
            }
            ThreesAction::Estimate => {
                let e = self.estimate_now()?;
                let best = e.best;
                self.estimate = Some(e);
                Ok(vec![ThreesHappening::Estimated { best }])
            }
            ThreesAction::Undo => {
                let prev = self
                    .history
                    .pop()
                    .ok_or_else(|| SessionError::Refused("nothing to undo".into()))?;
                self.game = prev;
                self.played.frames.pop();
                if let Some(f) = self.played.frames.last_mut() {
                    f.direction = None;
                }
                self.estimate = None;
                self.last_card = None;
                Ok(vec![ThreesHappening::Undone {
                    moves: self.game.moves(),
                }])
            }
            ThreesAction::NewGame => {
                self.deal = self.deal.wrapping_add(1);
                self.game = Threes::new(self.deal, self.config.hint_model);
                self.played = GameRecord::start(&self.game);
                self.history.clear();
                self.estimate = None;
                self.last_card = None;
                Ok(vec![ThreesHappening::NewGame { seed: self.deal }])
            }
            ThreesAction::Reset => {
                let trained = std::sync::Arc::clone(&self.trained);
                *self = ThreesSession::new(self.config.clone())?;
                self.trained = trained;
                Ok(vec![ThreesHappening::NewGame {
                    seed: self.config.seed,
                }])
            }
            ThreesAction::LoadRecord { record } => {
                // Worded as MENACE's import: the file, then what is wrong with it.
                let r = GameRecord::from_json(&record).map_err(|e| {
                    SessionError::Invalid(match e {
                        crate::record::RecordError::Json(_)
                        | crate::record::RecordError::NotJson(_) => {
                            format!("the record file is damaged: {e}")
                        }
                        crate::record::RecordError::Field { .. }
                        | crate::record::RecordError::Foreign(_)
                        | crate::record::RecordError::Version(_)
                        | crate::record::RecordError::Written(_) => e.of_file("the record file"),
                    })
                })?;
                let h = ThreesHappening::RecordLoaded {
                    seed: r.seed,
                    moves: r.moves(),
                };
                self.record = Some((r, 0));
                Ok(vec![h])
            }
            ThreesAction::ReplayFrame { index } => {
                let (r, at) = self
                    .record
                    .as_mut()
                    .ok_or_else(|| SessionError::Refused("no record is open".into()))?;
                if index >= r.frames.len() {
                    return Err(SessionError::Refused(format!(
                        "frame {index}: the record has frames 0–{}",
                        r.frames.len().saturating_sub(1)
                    )));
                }
                *at = index;
                Ok(Vec::new())
            }
            ThreesAction::CloseReplay => {
                self.record = None;
                Ok(Vec::new())
            }
            ThreesAction::PlayTrained => {
                let kept = self.trained().ok_or_else(|| {
                    SessionError::Refused("no network was trained here yet: train one first".into())
                })?;
                // A use: the network becomes the most recently used.
                kept.get()
                    .ok_or_else(|| SessionError::Refused(Self::let_go()))?;
                self.network = None;
                self.eval = TRAINED;
                self.estimate = None;
                Ok(vec![ThreesHappening::EvalChanged {
                    eval: TRAINED.into(),
                }])
            }
        }
    }

    fn view(&self) -> ThreesView {
        let trained = self.trained();
        let board = self.game.board();
        let (hint, hint_plus) = hint_values(self.game.hint());
        let replay = self.record.as_ref().and_then(|(r, i)| {
            let f = r.frames.get(*i)?;
            let (hint, hint_plus) = hint_values(f.hint);
            Some(ReplayView {
                index: *i,
                frames: r.frames.len(),
                cells: f.board.values().to_vec(),
                hint,
                hint_plus,
                direction: f.direction,
                card: f.card.value(),
                score: f.board.score(),
                seed: r.seed,
            })
        });
        ThreesView {
            cells: board.values().to_vec(),
            hint,
            hint_plus,
            score: self.game.score(),
            moves: self.game.moves(),
            legal: board.legal_swipes(),
            over: self.game.is_over(),
            undo: self.history.len(),
            estimate: self.estimate.clone(),
            last_card: self.last_card,
            seed: self.deal,
            depth: self.config.depth,
            eval: self.eval.into(),
            trained: trained
                .as_ref()
                .filter(|k| k.held())
                .map(|k| k.about().to_string()),
            trained_let_go: trained
                .as_ref()
                .is_some_and(|k| !k.held())
                .then(Self::let_go),
            train_costs: crate::learn_watch::costs(),
            replay,
        }
    }

    /// `train`: a small n-tuple network trained from nothing on this session's seed,
    /// the learning curve reported as it goes ([`crate::learn_watch`]; settings
    /// `{"games": N, "eval_every": K, "eval_games": M}`).
    fn long_run(
        &self,
        name: &str,
        params: &serde_json::Value,
    ) -> Result<Box<dyn ludomat_game::LongRun>, SessionError> {
        if name != "train" {
            return Err(SessionError::Invalid(format!(
                "threes has one long run, 'train' (not {})",
                ludomat_io::text::quoted(name, 40)
            )));
        }
        // `games` refused out of its range in the one wording, `1e5` read as the count.
        let mut params = params.clone();
        TRAIN_GAMES.check_json(&mut params)?;
        Ok(Box::new(
            crate::learn_watch::TrainRun::from_params(
                &params,
                self.config.seed,
                self.config.hint_model,
            )?
            .keeping_into(std::sync::Arc::clone(&self.trained)),
        ))
    }

    fn parse_action(&self, line: &str) -> Result<ThreesAction, SessionError> {
        // Matched without regard to case; a refusal echoes what was typed.
        match line.trim().to_ascii_lowercase().as_str() {
            "u" | "undo" => Ok(ThreesAction::Undo),
            "e" | "estimate" => Ok(ThreesAction::Estimate),
            "ai" | "step" => Ok(ThreesAction::AiStep),
            "new" => Ok(ThreesAction::NewGame),
            _ => line
                .trim()
                .parse::<Direction>()
                .map(|direction| ThreesAction::Swipe { direction })
                .map_err(|e| SessionError::Invalid(e.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direction_order_matches_the_estimate() {
        for (i, d) in Direction::ALL.iter().enumerate() {
            assert_eq!(d.index(), i);
        }
    }

    /// The training run's games out of range, whatever the number, in the one wording of
    /// every count (not the type's `from 0 up`, nor "out of its limits").
    #[test]
    fn train_games_out_of_range_are_said_one_way() {
        let s = ThreesSession::new(ThreesConfig::default()).unwrap();
        let rule = "train: games must be from 1,000 to 10,000,000 games";
        for (games, it_was) in [
            ("0", "0"),
            ("-5", "-5"),
            ("999", "999"),
            ("10000001", "10,000,001"),
        ] {
            let params: serde_json::Value =
                serde_json::from_str(&format!(r#"{{"games": {games}}}"#)).unwrap();
            match s.long_run("train", &params) {
                Err(SessionError::Invalid(m)) => assert_eq!(m, format!("{rule} (it was {it_was})")),
                Err(other) => panic!("{games}: {other:?}"),
                Ok(_) => panic!("{games}: a run was made"),
            }
        }
    }
}
