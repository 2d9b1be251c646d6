//! A game at the terminal ([`Play`]): keys in, the words to print out. The game itself is a
//! [`ThreesSession`]; this adds the terminal's order of things — the greeting, the board
//! after every swipe, the assistant's advice (the AI's best swipe and its expected value),
//! the card that came in, and the closing line when the game is over, quit or the keys
//! run out.

use std::collections::VecDeque;

use ludomat_game::{Ending, LineInput, Session, SessionError};

use crate::record::GameRecord;
use crate::text::{status, thousands};
use crate::{
    DepthRule, Direction, Heuristic, HintModel, SearchConfig, Searcher, ThreesAction, ThreesConfig,
    ThreesHappening, ThreesSession,
};

/// A key press (or a line's worth of them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Key {
    /// A swipe.
    Swipe(Direction),
    /// Leave the game (`q`).
    Quit,
    /// Ctrl-C (on a raw terminal, where it is a key): leave the game.
    CtrlC,
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
            // the key as typed: a refusal echoes it in its own case
            _ => c
                .to_string()
                .parse::<Direction>()
                .map_or_else(|_| Key::Unknown(c.to_string()), Key::Swipe),
        })
        .collect()
}

/// A key as a refusal names it: a terminal sends Enter as Ctrl-J (or Ctrl-M), named as the
/// key pressed.
fn key_name(k: &str) -> &str {
    if matches!(k, "Ctrl-j" | "Ctrl-m") {
        "Enter"
    } else {
        k
    }
}

/// Keys from lines of input (a pipe, a script): each line's keys in turn.
pub struct LineKeys {
    input: LineInput,
    pending: VecDeque<Key>,
}

impl LineKeys {
    /// Keys from `input`.
    #[must_use]
    pub fn new(input: LineInput) -> LineKeys {
        LineKeys {
            input,
            pending: VecDeque::new(),
        }
    }

    /// The next key; `None` at the end of the input.
    ///
    /// # Errors
    /// When the input cannot be read.
    pub fn next_key(&mut self) -> std::io::Result<Option<Key>> {
        while self.pending.is_empty() {
            let Some(line) = self.input.next_line()? else {
                return Ok(None);
            };
            self.pending.extend(keys_of_line(&line));
        }
        Ok(self.pending.pop_front())
    }
}

/// The options of `ludomat play threes` (with the cargo feature `clap` the binary's flags).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct PlayOptions {
    /// Seed for the deck, the bonus cards and where cards come in.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1, value_parser = ludomat_game::count::count::<u64>(0, u64::MAX)))]
    pub seed: u64,
    /// Show the AI's recommended swipe and its expected value (the heuristic's expected
    /// value of the position that many swipes ahead) before every move.
    #[cfg_attr(feature = "clap", arg(long))]
    pub assist: bool,
    // what values the assistant's leaves
    #[cfg_attr(feature = "clap", command(flatten))]
    pub eval: crate::options::EvalOptions,
    /// Search depth of the assistant (swipes, 1 to 10).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 4, value_parser = ludomat_game::count::count::<u8>(1, u64::from(crate::search::MAX_DEPTH))))]
    pub assist_depth: u8,
    /// How bonus cards are announced: plus (the original '+') or window (three values).
    #[cfg_attr(feature = "clap", arg(long, default_value = "plus", value_parser = crate::options::hint_models()))]
    pub hint_model: HintModel,
    /// Save the game (every board, card, hint and swipe) as JSON to this file, a new one:
    /// a record already there is never replaced (the game is refused).
    #[cfg_attr(feature = "clap", arg(long))]
    pub record: Option<std::path::PathBuf>,
}

impl Default for PlayOptions {
    /// Seed 1, no assistant (depth 4 when on), the "plus" hint, no record.
    fn default() -> Self {
        PlayOptions {
            seed: 1,
            assist: false,
            assist_depth: 4,
            eval: crate::options::EvalOptions::default(),
            hint_model: HintModel::Plus,
            record: None,
        }
    }
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
    /// A game as `options` ask (the record is the caller's to save).
    ///
    /// # Errors
    /// When the session refuses its settings.
    pub fn new(options: &PlayOptions) -> Result<Play, SessionError> {
        let seed = options.seed;
        let session = ThreesSession::new(ThreesConfig {
            seed,
            hint_model: options.hint_model,
            ..ThreesConfig::default()
        })?;
        let network = options
            .eval
            .network()
            .map_err(|e| SessionError::Invalid(e.to_string()))?;
        let assistant = options.assist.then(|| {
            Searcher::new(
                Heuristic::default(),
                SearchConfig {
                    depth: DepthRule::Fixed(options.assist_depth.max(1)),
                    ..SearchConfig::default()
                },
            )
            .with_network(network)
        });
        let greeting =
            format!("Threes! (seed {seed}) — swipe with the arrow keys or w a s d (q quits).");
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
                            "game over: score {}, highest card {}, {}",
                            thousands(game.score()),
                            thousands(u64::from(game.board().max_tile().value())),
                            ludomat_io::text::count(u64::from(game.moves()), "swipe", "swipes")
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
                        return Some(assist_line(d, v, &r.values, r.depth));
                    }
                }
            }
        }
    }

    /// Play to the end: each text to `say`, each key from `key` (`None`: the input ended).
    ///
    /// # Errors
    /// The first error of `key` or `say`, or of the session otherwise than refusing a
    /// swipe.
    pub fn run<E: From<SessionError>>(
        &mut self,
        key: &mut dyn FnMut() -> Result<Option<Key>, E>,
        say: &mut dyn FnMut(&str) -> Result<(), E>,
    ) -> Result<(), E> {
        loop {
            while let Some(text) = self.next_text() {
                say(&text)?;
            }
            if self.ended {
                return Ok(());
            }
            let k = key()?;
            self.key(k)?;
        }
    }

    /// Take a key; `None`: the input ended.
    ///
    /// # Errors
    /// When the session fails otherwise than by refusing a swipe.
    pub fn key(&mut self, key: Option<Key>) -> Result<(), SessionError> {
        let game = self.session.game();
        let (score, moves) = (
            thousands(game.score()),
            ludomat_io::text::count(u64::from(game.moves()), "swipe", "swipes"),
        );
        // the one wording of every game (Ctrl-C is not "quit"), with the score so far
        let stop = |ending: Ending| {
            format!(
                "{}; game abandoned, score so far {score} in {moves}.",
                ending.words()
            )
        };
        let say = match key {
            None => {
                self.ended = true;
                stop(Ending::after_no_line())
            }
            Some(Key::Quit) => {
                self.ended = true;
                stop(Ending::Quit)
            }
            Some(Key::CtrlC) => {
                self.ended = true;
                stop(Ending::CtrlC.noted())
            }
            Some(Key::Unknown(k)) => {
                format!(
                    "'{}' is not a swipe: use the arrow keys or w a s d (q quits).",
                    key_name(&k)
                )
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

/// The assistant's advice with its meaning: the swipe whose position, looked at
/// `depth` swipes ahead, the heuristic scores best, and by how much it beats the next
/// best swipe (the heuristic's scores are relative: only their differences mean anything).
fn assist_line(best: Direction, value: f64, values: &[Option<f64>; 4], depth: u8) -> String {
    let ahead = ludomat_io::text::count(u64::from(depth), "swipe", "swipes");
    let next = Direction::ALL
        .iter()
        .zip(values)
        .filter(|(d, _)| **d != best)
        .filter_map(|(d, v)| v.map(|v| (*d, v)))
        .max_by(|a, b| a.1.total_cmp(&b.1));
    let margin = match next {
        // a lead that rounds to nothing is a tie, not "0.0 % ahead"
        Some((d, v)) if value.abs() > 0.0 && (value - v) / value.abs() < 0.000_5 => {
            format!("; level with {d} by the heuristic's score")
        }
        Some((d, v)) if value.abs() > 0.0 => format!(
            "; {} ahead of {d} by the heuristic's score",
            ludomat_io::text::percent((value - v) / value.abs())
        ),
        Some(_) => String::new(),
        None => "; the only swipe that moves".to_string(),
    };
    format!(
        "assist: swipe {best} {} (best looking {ahead} ahead{margin})",
        best.arrow()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Everything a scripted play says, a text a line.
    fn script(play: &mut Play, lines: &[&str]) -> Vec<String> {
        let mut out = Vec::new();
        let mut keys = LineKeys::new(LineInput::script(&lines.join("\n")));
        let mut key = || {
            keys.next_key()
                .map_err(|e| SessionError::Invalid(e.to_string()))
        };
        play.run(&mut key, &mut |t| {
            out.push(t.to_string());
            Ok(())
        })
        .unwrap();
        assert!(play.ended());
        out
    }

    #[test]
    fn scripted_keys() {
        let options = PlayOptions {
            seed: 3,
            assist: true,
            assist_depth: 2,
            ..PlayOptions::default()
        };
        let mut play = Play::new(&options).unwrap();
        let out = script(&mut play, &["w", "x", "left", "asd", "q"]).join("\n");
        assert!(out.contains("'x' is not a swipe"), "{out}");
        assert_eq!(key_name("Ctrl-j"), "Enter");
        // a tie is said as one, not as "0.0 % ahead"
        let tie = assist_line(
            Direction::Left,
            100.0,
            &[Some(100.0), None, Some(100.0), None],
            2,
        );
        assert!(tie.contains("level with "), "{tie}");
        let lead = assist_line(
            Direction::Left,
            100.0,
            &[Some(90.0), None, Some(100.0), None],
            2,
        );
        assert!(lead.contains("10.0 % ahead of "), "{lead}");
        assert_eq!(key_name("Ctrl-x"), "Ctrl-x");
        assert!(out.contains("assist: swipe"), "{out}");
        assert!(out.contains("came in"), "{out}");
        assert!(
            out.contains("You quit; game abandoned, score so far"),
            "{out}"
        );
        assert!(play.record().moves() >= 1);
    }

    #[test]
    fn the_keys_running_out_end_the_play_and_a_lost_game_says_so() {
        let options = PlayOptions {
            seed: 3,
            ..PlayOptions::default()
        };
        let mut play = Play::new(&options).unwrap();
        let out = script(&mut play, &["w"]);
        assert!(out[0].starts_with("Threes! (seed 3)"));
        assert!(
            out.last()
                .unwrap()
                .starts_with("Input ended; game abandoned, score so far"),
            "{out:?}"
        );
        // swiping in turn until no swipe moves: "game over"
        let options = PlayOptions {
            seed: 3,
            ..PlayOptions::default()
        };
        let mut play = Play::new(&options).unwrap();
        let out = script(&mut play, &["wasd"; 400]);
        assert!(
            out.last().unwrap().starts_with("game over: score"),
            "{:?}",
            out.last()
        );
    }
}
