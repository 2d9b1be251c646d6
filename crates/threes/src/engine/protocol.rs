//! The lines of the engine protocol (`crates/threes/ENGINE.md`): what the harness says
//! and what an engine answers, as text one line each, read back exactly.

use std::fmt;

use crate::card::{range_mask, Hint};
use crate::game::Position;
use crate::{Board, Deck, Direction, Tile};

/// The protocol's version, sent in the greeting (`threes 1`).
pub const VERSION: u32 = 1;

/// What the harness sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToEngine {
    /// `threes 1`: the greeting; the engine answers `id …` lines and `threesok`.
    Hello,
    /// `isready`: answered by `readyok` once the engine can take a turn.
    IsReady,
    /// `newgame`: a new game starts (forget the last one's state).
    NewGame,
    /// `turn N board … next … deck a b c`: swipe number `number` (from 1) is the engine's;
    /// it answers `swipe <direction>`.
    Turn {
        /// The swipe's number in the game, from 1.
        number: u32,
        /// What the player knows: board, the hint for the card the swipe brings in, the
        /// deck's remaining 1s, 2s and 3s.
        position: Position,
    },
    /// `gameover score S moves M`: no swipe is left; the final score.
    GameOver {
        /// The final score.
        score: u64,
        /// Swipes made.
        moves: u32,
    },
    /// `quit`: the engine exits.
    Quit,
}

/// What an engine sends.
#[derive(Debug, Clone, PartialEq)]
pub enum FromEngine {
    /// `id name …` / `id author …`.
    Id {
        /// `name` or `author`.
        key: String,
        /// The rest of the line.
        value: String,
    },
    /// `threesok`: the greeting is answered.
    ThreesOk,
    /// `readyok`.
    ReadyOk,
    /// `info …`: free text for people and logs; `nodes N`, `depth D` and `value V` pairs
    /// in it are read.
    Info(Info),
    /// `swipe up|down|left|right`: the engine's move.
    Swipe(Direction),
    /// `error …`: the engine could not take the last line.
    Error(String),
}

/// What an `info` line told (pairs not given are `None`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Info {
    /// The depth searched.
    pub depth: Option<u32>,
    /// Nodes searched for this turn.
    pub nodes: Option<u64>,
    /// The engine's value of its move.
    pub value: Option<f64>,
    /// The whole line after `info `.
    pub text: String,
}

/// A line that is not what the protocol allows here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{problem}: {}", ludomat_io::text::quoted(line, 80))]
pub struct LineError {
    /// The line as read.
    pub line: String,
    /// What is wrong.
    pub problem: String,
}

fn bad(line: &str, problem: impl Into<String>) -> LineError {
    LineError {
        line: line.to_string(),
        problem: problem.into(),
    }
}

/// The hint as the protocol writes it: `1`, `2`, `3`; a bonus card as its candidate
/// values joined by `/`, led by `+` when the game shows it as "+" (`+6/12/24`).
#[must_use]
pub fn hint_text(hint: Hint) -> String {
    let values: Vec<String> = hint.cards().map(|t| t.value().to_string()).collect();
    format!("{}{}", if hint.plus { "+" } else { "" }, values.join("/"))
}

/// Read a hint written by [`hint_text`].
///
/// # Errors
/// No values, a value that is no card, or a bonus set that is not consecutive codes ≥ 6.
pub fn parse_hint(text: &str) -> Result<Hint, String> {
    let (plus, rest) = match text.strip_prefix('+') {
        Some(r) => (true, r),
        None => (false, text),
    };
    let hint = ludomat_io::text::quoted(text, 40);
    let mut codes = 0u16;
    for v in rest.split('/') {
        let t: Tile = v.parse().map_err(|_| {
            format!(
                "{} in the hint {hint} is not a card value",
                ludomat_io::text::quoted(v, 20)
            )
        })?;
        if t.is_empty() {
            return Err(format!("the hint {hint} names an empty cell"));
        }
        codes |= 1 << t.code();
    }
    let lo = codes.trailing_zeros() as u8;
    let hi = 15 - codes.leading_zeros() as u8;
    let exact_basic = codes.count_ones() == 1 && lo <= 3;
    if !exact_basic && (lo < 4 || codes != range_mask(lo, hi)) {
        return Err(format!(
            "the hint {hint} is neither 1, 2, 3 nor consecutive bonus values (6, 12, …)"
        ));
    }
    if plus && exact_basic {
        return Err(format!("the hint {hint}: only bonus cards are shown as +"));
    }
    Ok(Hint { codes, plus })
}

impl fmt::Display for ToEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToEngine::Hello => write!(f, "threes {VERSION}"),
            ToEngine::IsReady => f.write_str("isready"),
            ToEngine::NewGame => f.write_str("newgame"),
            ToEngine::Turn { number, position } => {
                write!(f, "turn {number} board")?;
                for v in position.board.values() {
                    write!(f, " {v}")?;
                }
                let [a, b, c] = position.deck.counts;
                write!(f, " next {} deck {a} {b} {c}", hint_text(position.hint))
            }
            ToEngine::GameOver { score, moves } => {
                write!(f, "gameover score {score} moves {moves}")
            }
            ToEngine::Quit => f.write_str("quit"),
        }
    }
}

impl fmt::Display for FromEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FromEngine::Id { key, value } => write!(f, "id {key} {value}"),
            FromEngine::ThreesOk => f.write_str("threesok"),
            FromEngine::ReadyOk => f.write_str("readyok"),
            FromEngine::Info(i) => write!(f, "info {}", i.text),
            FromEngine::Swipe(d) => write!(f, "swipe {}", d.name()),
            FromEngine::Error(m) => write!(f, "error {m}"),
        }
    }
}

impl Info {
    /// An info line from its parts.
    #[must_use]
    pub fn new(depth: u32, nodes: u64, value: f64) -> Info {
        Info {
            depth: Some(depth),
            nodes: Some(nodes),
            value: Some(value),
            text: format!("depth {depth} nodes {nodes} value {value:.1}"),
        }
    }
}

/// Read a line the harness sent.
///
/// # Errors
/// A line that is none of the harness's.
pub fn parse_to_engine(line: &str) -> Result<ToEngine, LineError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["threes", v] => match v.parse::<u32>() {
            Ok(VERSION) => Ok(ToEngine::Hello),
            _ => Err(bad(
                line,
                format!("protocol version {v}; this engine speaks {VERSION}"),
            )),
        },
        ["isready"] => Ok(ToEngine::IsReady),
        ["newgame"] => Ok(ToEngine::NewGame),
        ["quit"] => Ok(ToEngine::Quit),
        ["gameover", "score", s, "moves", m] => Ok(ToEngine::GameOver {
            score: s.parse().map_err(|_| bad(line, "the score is no number"))?,
            moves: m
                .parse()
                .map_err(|_| bad(line, "the moves are no number"))?,
        }),
        ["turn", n, "board", rest @ ..] => {
            let number = n
                .parse()
                .map_err(|_| bad(line, "the turn number is no number"))?;
            if rest.len() != 16 + 2 + 4 || rest[16] != "next" || rest[18] != "deck" {
                return Err(bad(
                    line,
                    "expected 'turn N board <16 values> next <hint> deck <1s> <2s> <3s>'",
                ));
            }
            let values: Vec<u64> = rest[..16]
                .iter()
                .map(|v| v.parse::<u64>())
                .collect::<Result<_, _>>()
                .map_err(|_| bad(line, "a board value is no number"))?;
            let board = Board::from_values(&values).map_err(|e| bad(line, e.to_string()))?;
            let hint = parse_hint(rest[17]).map_err(|e| bad(line, e))?;
            let counts: Vec<u8> = rest[19..]
                .iter()
                .map(|v| v.parse::<u8>())
                .collect::<Result<_, _>>()
                .map_err(|_| bad(line, "a deck count is no number"))?;
            let deck = Deck::new([counts[0], counts[1], counts[2]])
                .map_err(|e| bad(line, e.to_string()))?;
            Ok(ToEngine::Turn {
                number,
                position: Position { board, deck, hint },
            })
        }
        _ => Err(bad(line, "not a line of the Threes! engine protocol")),
    }
}

/// Read a line an engine sent.
///
/// # Errors
/// A line that is none of an engine's, or a swipe that names no direction.
pub fn parse_from_engine(line: &str) -> Result<FromEngine, LineError> {
    let trimmed = line.trim();
    let (head, rest) = trimmed
        .split_once(char::is_whitespace)
        .map_or((trimmed, ""), |(h, r)| (h, r.trim()));
    match head {
        "threesok" if rest.is_empty() => Ok(FromEngine::ThreesOk),
        "readyok" if rest.is_empty() => Ok(FromEngine::ReadyOk),
        "id" => {
            let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            Ok(FromEngine::Id {
                key: key.to_string(),
                value: value.trim().to_string(),
            })
        }
        "info" => {
            let mut info = Info {
                text: rest.to_string(),
                ..Info::default()
            };
            let words: Vec<&str> = rest.split_whitespace().collect();
            for pair in words.windows(2) {
                match pair[0] {
                    "depth" => info.depth = pair[1].parse().ok().or(info.depth),
                    "nodes" => info.nodes = pair[1].parse().ok().or(info.nodes),
                    "value" => info.value = pair[1].parse().ok().or(info.value),
                    _ => {}
                }
            }
            Ok(FromEngine::Info(info))
        }
        "swipe" => match rest {
            "up" => Ok(FromEngine::Swipe(Direction::Up)),
            "down" => Ok(FromEngine::Swipe(Direction::Down)),
            "left" => Ok(FromEngine::Swipe(Direction::Left)),
            "right" => Ok(FromEngine::Swipe(Direction::Right)),
            _ => Err(bad(line, "an unknown swipe (up, down, left or right)")),
        },
        "error" => Ok(FromEngine::Error(rest.to_string())),
        _ => Err(bad(
            line,
            "not an engine's line ('swipe <direction>', 'info …', 'id …', 'readyok', 'threesok', 'error …')",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{HintModel, Threes};

    #[test]
    fn turns_read_back() {
        for seed in 0..50 {
            let mut g = Threes::new(seed, HintModel::Plus);
            for i in 0..300u32 {
                let t = ToEngine::Turn {
                    number: i + 1,
                    position: g.position(),
                };
                assert_eq!(parse_to_engine(&t.to_string()), Ok(t));
                let legal = g.board().legal_swipes();
                if legal.is_empty() {
                    break;
                }
                g.swipe(legal[i as usize % legal.len()]).unwrap();
            }
        }
        let t = parse_to_engine("turn 3 board 0 3 1 2 0 0 0 0 6 12 0 0 1 2 3 0 next 1 deck 2 3 1")
            .unwrap();
        assert_eq!(
            t.to_string(),
            "turn 3 board 0 3 1 2 0 0 0 0 6 12 0 0 1 2 3 0 next 1 deck 2 3 1"
        );
    }

    #[test]
    fn hints() {
        let plus = Hint {
            codes: range_mask(4, 6),
            plus: true,
        };
        assert_eq!(hint_text(plus), "+6/12/24");
        assert_eq!(parse_hint("+6/12/24"), Ok(plus));
        assert_eq!(parse_hint("2"), Ok(Hint::exact(Tile::from_nibble(2))));
        assert!(parse_hint("+2").is_err());
        assert!(parse_hint("6/24").is_err());
        assert!(parse_hint("1/2").is_err());
        assert!(parse_hint("0").is_err());
        assert!(parse_hint("7").is_err());
    }

    #[test]
    fn engine_lines() {
        assert_eq!(
            parse_from_engine("swipe left"),
            Ok(FromEngine::Swipe(Direction::Left))
        );
        assert!(parse_from_engine("swipe sideways").is_err());
        assert!(parse_from_engine("left").is_err());
        let FromEngine::Info(i) = parse_from_engine("info depth 4 nodes 1234 value 5.5").unwrap()
        else {
            panic!()
        };
        assert_eq!(
            (i.depth, i.nodes, i.value),
            (Some(4), Some(1234), Some(5.5))
        );
        assert_eq!(
            parse_from_engine("id name x y").unwrap().to_string(),
            "id name x y"
        );
        assert!(parse_to_engine("turn 1 board 1 2").is_err());
        assert!(parse_to_engine("threes 2").is_err());
    }
}
