//! A game at the terminal ([`Play`]): keys in, the words to print out. The game itself is a
//! [`ThreesSession`]; this adds the terminal's order of things — the greeting, the board
//! after every swipe, the assistant's advice (the AI's best swipe and its expected value),
//! the card that came in, and the closing line when the game is over, quit or the keys
//! run out.

use std::collections::VecDeque;

use ludomat_game::{Session, SessionError};

use crate::record::GameRecord;
use crate::text::{status, thousands};
use crate::{
    DepthRule, Direction, Heuristic, HintModel, SearchConfig, Searcher, ThreesAction,
    ThreesConfig, ThreesHappening, ThreesSession,
};

/// A key press (or a line's worth of them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Key {
    /// A swipe.
    Swipe(Direction),
    /// Leave the game.
    Quit,
    /// Anything else, as the person typed it.
    Unknown(String),
}

/// The keys of a line of input: `q`, `quit`, `exit`, a direction's name (`left`), or a run
/// of single keys (`wasd`).
#[must_use]
pub fn keys_of_line(line: &str) -> Vec<Key> {
    let t = line.trim();
    if t.is_empty() {
        return vec![];
    }
    if matches!(t.to_ascii_lowercase().as_str(), "q" | "quit" | "exit") {
        return vec![Key::Quit];
    }
    if let Ok(d) = t.parse::<Direction>() {
        return vec![Key::Swipe(d)];
    }
    t.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c.to_ascii_lowercase() {
            'q' => Key::Quit,
            c => c
                .to_string()
                .parse::<Direction>()
                .map_or_else(|_| Key::Unknown(c.to_string()), Key::Swipe),
        })
        .collect()
}

/// What is still to be said.
enum Pending {
    Text(String),
    /// The board (computed when it is its turn).
    Board,
    /// The assistant's advice (searched when it is its turn, after the board is shown).
    Advice,
}

/// A game at the terminal: [`Play::next_text`] gives what to print, in order, until it is
/// time for a key ([`Play::key`]); [`Play::ended`] says the game is over, quit or left.
pub struct Play {
    session: ThreesSession,
    assistant: Option<Searcher>,
    pending: VecDeque<Pending>,
    ended: bool,
}

impl Play {
    /// A game dealt from `seed`; `assist`: the depth of the assistant's search, if one
    /// advises before every swipe.
    ///
    /// # Errors
    /// When the session refuses its settings.
    pub fn new(seed: u64, hint_model: HintModel, assist: Option<u8>) -> Result<Play, SessionError> {
        let session = ThreesSession::new(ThreesConfig {
            seed,
            hint_model,
            ..ThreesConfig::default()
        })?;
        let assistant = assist.map(|depth| {
            Searcher::new(
                Heuristic::default(),
                SearchConfig {
                    depth: DepthRule::Fixed(depth.max(1)),
                    ..SearchConfig::default()
                },
            )
        });
        let greeting =
            format!("Threes! (seed {seed}) — swipe with the arrow keys or w a s d, q quits.");
        Ok(Play {
            session,
            assistant,
            pending: VecDeque::from([Pending::Text(greeting), Pending::Board]),
            ended: false,
        })
    }

    /// The game so far as a record (what `--record` saves).
    #[must_use]
    pub fn record(&self) -> &GameRecord {
        self.session.played()
    }

    /// Whether the play is over (nothing more to say once [`Play::next_text`] is `None`).
    #[must_use]
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// The next text to print (lines without a final newline), or `None` when a key is
    /// due (or the play ended).
    pub fn next_text(&mut self) -> Option<String> {
        loop {
            match self.pending.pop_front()? {
                Pending::Text(t) => return Some(t),
                Pending::Board => {
                    let game = self.session.game();
                    if game.is_over() {
                        self.ended = true;
                        self.pending.push_back(Pending::Text(format!(
                            "game over: score {}, highest card {}, {} moves",
                            thousands(game.score()),
                            game.board().max_tile(),
                            game.moves()
                        )));
                    } else if self.assistant.is_some() {
                        self.pending.push_front(Pending::Advice);
                    }
                    return Some(format!("\n{}", status(game)));
                }
                Pending::Advice => {
                    let Some(ai) = &self.assistant else { continue };
                    let r = ai.search(&self.session.game().position());
                    if let (Some(d), Some(v)) = (r.best, r.best_value()) {
                        return Some(format!(
                            "assist: swipe {d} {} (expected heuristic value {v:.0} at depth {})",
                            d.arrow(),
                            r.depth
                        ));
                    }
                }
            }
        }
    }

    /// Take a key; `None`: the input ended.
    ///
    /// # Errors
    /// When the session fails otherwise than by refusing a swipe.
    pub fn key(&mut self, key: Option<Key>) -> Result<(), SessionError> {
        let game = self.session.game();
        let (score, moves) = (thousands(game.score()), game.moves());
        let say = match key {
            None => {
                self.ended = true;
                format!("end of input: game left unfinished; score so far {score} in {moves} moves")
            }
            Some(Key::Quit) => {
                self.ended = true;
                format!("quit: score so far {score} in {moves} moves")
            }
            Some(Key::Unknown(k)) => {
                format!("'{k}' is no swipe: use the arrow keys or w a s d (q quits)")
            }
            Some(Key::Swipe(d)) => match self.session.apply(ThreesAction::Swipe { direction: d }) {
                Ok(happenings) => {
                    for h in happenings {
                        if let ThreesHappening::Swiped { card, .. } = h {
                            let text = format!("{d} {}: a {card} came in", d.arrow());
                            self.pending.push_back(Pending::Text(text));
                        }
                    }
                    self.pending.push_back(Pending::Board);
                    return Ok(());
                }
                Err(SessionError::Refused(m)) => m,
                Err(e) => return Err(e),
            },
        };
        self.pending.push_back(Pending::Text(say));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Everything a scripted play says, a text a line.
    fn script(play: &mut Play, lines: &[&str]) -> Vec<String> {
        let mut out = Vec::new();
        let mut keys: VecDeque<Key> = lines.iter().flat_map(|l| keys_of_line(l)).collect();
        loop {
            while let Some(t) = play.next_text() {
                out.push(t);
            }
            if play.ended() {
                return out;
            }
            play.key(keys.pop_front()).unwrap();
        }
    }

    #[test]
    fn scripted_keys() {
        let mut play = Play::new(3, HintModel::Plus, Some(2)).unwrap();
        let out = script(&mut play, &["w", "x", "left", "asd", "q"]).join("\n");
        assert!(out.contains("'x' is no swipe"), "{out}");
        assert!(out.contains("assist: swipe"), "{out}");
        assert!(out.contains("came in"), "{out}");
        assert!(out.contains("quit: score so far"), "{out}");
        assert!(play.record().moves() >= 1);
    }

    #[test]
    fn the_keys_running_out_end_the_play_and_a_lost_game_says_so() {
        let mut play = Play::new(3, HintModel::Plus, None).unwrap();
        let out = script(&mut play, &["w"]);
        assert!(out[0].starts_with("Threes! (seed 3)"));
        assert!(out.last().unwrap().starts_with("end of input"), "{out:?}");
        // swiping in turn until no swipe moves: "game over"
        let mut play = Play::new(3, HintModel::Plus, None).unwrap();
        let out = script(&mut play, &["wasd"; 400]);
        assert!(
            out.last().unwrap().starts_with("game over: score"),
            "{:?}",
            out.last()
        );
    }
}
