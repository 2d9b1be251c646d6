//! A recorded game: every board, the card that came in, its hint and the swipe, as JSON.
//!
//! Loading checks everything and names the field that is wrong: the shape and types, that
//! every value is a card, that the hint allows the card, that every swipe is legal, and
//! that replaying the recorded seed with the recorded swipes gives exactly the recorded
//! boards, cards and hints.

use serde_json::{json, Value};

use crate::{Board, Direction, Hint, HintModel, Threes, Tile, Turn};

/// The format tag written into every record.
pub const FORMAT: &str = "ludomat-threes-record/1";

/// One moment of a game: the board, the card the next swipe brings in (hidden in play),
/// its hint, and the swipe made (`None` for the last frame).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    /// The board.
    pub board: Board,
    /// The next card.
    pub card: Tile,
    /// Its hint.
    pub hint: Hint,
    /// The swipe made from here.
    pub direction: Option<Direction>,
}

/// A whole game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's seed.
    pub seed: u64,
    /// The hint model.
    pub hint_model: HintModel,
    /// The frames, first to last.
    pub frames: Vec<Frame>,
}

/// A record that cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// Not JSON at all.
    #[error("not valid JSON: {}", ludomat_io::error::json(.0))]
    Json(#[from] serde_json::Error),
    /// Not JSON at all, in `ludomat_io::error::json_in`'s words (a byte-order mark
    /// named, a number quoted as written).
    #[error("not valid JSON: {0}")]
    NotJson(String),
    /// Not a record: the `format` field is missing or names another kind of file
    /// (`ludomat_io::error::format_refused`'s words).
    #[error("{0}")]
    Foreign(String),
    /// A record of a version this build does not read (`a Threes! record of version 2,
    /// which this build does not read (it reads version 1)`): a record, said as every
    /// versioned file says it ([`RecordError::of_file`]).
    #[error("{0}")]
    Version(String),
    /// A field's value refused with the number as the file wrote it
    /// (`ludomat_io::error::typed_json`'s words, the field first).
    #[error("{0}")]
    Written(String),
    /// A field is missing or wrong.
    #[error("{field}: {problem}")]
    Field {
        /// The path of the field, e.g. `frames[3].board[1][2]`.
        field: String,
        /// What is wrong with it.
        problem: String,
    },
}

impl RecordError {
    /// The error as said of the file `name`: `r.json is a Threes! record of version 2,
    /// which this build does not read …`, else `r.json is not a Threes! record: …`.
    #[must_use]
    pub fn of_file(&self, name: &str) -> String {
        match self {
            RecordError::Version(words) => format!("{name} is {words}"),
            e => format!("{name} is not a Threes! record: {e}"),
        }
    }
}

/// A record's whole numbers, read typed only to quote a bad one as the file wrote it
/// (`ludomat_io::error::typed_json`); every other fault is the record reader's. Not
/// `Option`s: a number too large for the parser is found by reading `null` in its place.
#[derive(serde::Deserialize)]
struct Numbers {
    #[serde(default)]
    #[allow(dead_code)] // read for its faults
    seed: u64,
    #[serde(default)]
    #[allow(dead_code)]
    score: u64,
    #[serde(default)]
    #[allow(dead_code)]
    moves: u64,
    #[serde(default)]
    #[allow(dead_code)]
    frames: Vec<FrameNumbers>,
}

/// A frame's whole numbers ([`Numbers`]).
#[derive(serde::Deserialize)]
struct FrameNumbers {
    #[serde(default)]
    #[allow(dead_code)]
    card: u64,
    #[serde(default)]
    #[allow(dead_code)]
    board: Vec<Vec<u64>>,
}

fn bad(field: impl Into<String>, problem: impl Into<String>) -> RecordError {
    RecordError::Field {
        field: field.into(),
        problem: problem.into(),
    }
}

fn get<'a>(obj: &'a Value, key: &str, path: &str) -> Result<&'a Value, RecordError> {
    let o = obj
        .as_object()
        .ok_or_else(|| bad(path, "expected an object"))?;
    o.get(key).ok_or_else(|| bad(join(path, key), "missing"))
}

/// A key with a character one cannot see in it (`"score"` and a zero-width space): no
/// field of a record has one, and an optional field so written would be passed over
/// without a word — it is named as the unknown field it is.
fn hidden_keys(obj: &Value, path: &str) -> Result<(), RecordError> {
    let mut keys = obj.as_object().into_iter().flat_map(|o| o.keys());
    match keys.find(|k| k.chars().any(ludomat_io::text::hidden)) {
        Some(key) => Err(bad(
            join(path, &ludomat_io::text::escape_controls(key)),
            format!("an unknown field{}", ludomat_io::error::hidden_in(key)),
        )),
        None => Ok(()),
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// The top-level seed as the text wrote it, when it is only digits (a whole number past
/// what a `u64` holds, which the parser reads as a float).
fn written_seed(text: &str) -> Option<&str> {
    let after = &text[text.find("\"seed\"")? + "\"seed\"".len()..];
    let value = after.trim_start().strip_prefix(':')?.trim_start();
    let end = value
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(value.len());
    let digits = &value[..end];
    let whole = !digits.is_empty() && !value[end..].starts_with(['.', 'e', 'E']);
    whole.then_some(digits)
}

fn uint(v: &Value, path: &str) -> Result<u64, RecordError> {
    v.as_u64().ok_or_else(|| {
        bad(
            path,
            ludomat_io::error::found_where(v, "a whole number from 0 up"),
        )
    })
}

fn card(v: &Value, path: &str) -> Result<Tile, RecordError> {
    Tile::from_value(uint(v, path)?).map_err(|e| bad(path, e.to_string()))
}

fn board_of(v: &Value, path: &str) -> Result<Board, RecordError> {
    let rows = v
        .as_array()
        .ok_or_else(|| bad(path, "expected 4 rows of 4 values"))?;
    if rows.len() != 4 {
        return Err(bad(path, format!("expected 4 rows, found {}", rows.len())));
    }
    let mut b = Board::EMPTY;
    for (r, row) in rows.iter().enumerate() {
        let rp = format!("{path}[{r}]");
        let cells = row
            .as_array()
            .ok_or_else(|| bad(&rp, "expected a row of 4 values"))?;
        if cells.len() != 4 {
            return Err(bad(
                &rp,
                format!("expected 4 values, found {}", cells.len()),
            ));
        }
        for (c, x) in cells.iter().enumerate() {
            b = b.with(r, c, card(x, &format!("{rp}[{c}]"))?);
        }
    }
    Ok(b)
}

fn board_json(b: Board) -> Value {
    let v = b.values();
    json!([&v[0..4], &v[4..8], &v[8..12], &v[12..16]])
}

fn hint_json(h: Hint) -> Value {
    let values: Vec<u32> = h.cards().map(Tile::value).collect();
    json!({ "values": values, "plus": h.plus })
}

fn hint_of(v: &Value, path: &str) -> Result<Hint, RecordError> {
    let values = get(v, "values", path)?;
    let vp = join(path, "values");
    let list = values
        .as_array()
        .ok_or_else(|| bad(&vp, "expected a list of card values"))?;
    if list.is_empty() {
        return Err(bad(&vp, "a hint allows at least one value"));
    }
    let mut codes = 0u16;
    for (i, x) in list.iter().enumerate() {
        let t = card(x, &format!("{vp}[{i}]"))?;
        if t.is_empty() {
            return Err(bad(format!("{vp}[{i}]"), "0 is no card"));
        }
        codes |= 1 << t.code();
    }
    let plus = get(v, "plus", path)?
        .as_bool()
        .ok_or_else(|| bad(join(path, "plus"), "expected true or false"))?;
    Ok(Hint { codes, plus })
}

impl GameRecord {
    /// A record starting at `game`'s present position.
    #[must_use]
    pub fn start(game: &Threes) -> GameRecord {
        GameRecord {
            seed: game.seed(),
            hint_model: game.model(),
            frames: vec![Frame {
                board: game.board(),
                card: game.next_card(),
                hint: game.hint(),
                direction: None,
            }],
        }
    }

    /// Record `turn`, after which the game is at `game`.
    pub fn push(&mut self, turn: &Turn, game: &Threes) {
        if let Some(last) = self.frames.last_mut() {
            last.direction = Some(turn.direction);
        }
        self.frames.push(Frame {
            board: game.board(),
            card: game.next_card(),
            hint: game.hint(),
            direction: None,
        });
    }

    /// The final board's score.
    #[must_use]
    pub fn score(&self) -> u64 {
        self.frames.last().map_or(0, |f| f.board.score())
    }

    /// Swipes recorded.
    #[must_use]
    pub fn moves(&self) -> usize {
        self.frames.len().saturating_sub(1)
    }

    /// The record as pretty JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        let frames: Vec<Value> = self
            .frames
            .iter()
            .map(|f| {
                json!({
                    "board": board_json(f.board),
                    "card": f.card.value(),
                    "hint": hint_json(f.hint),
                    "move": f.direction.map(Direction::name),
                })
            })
            .collect();
        let v = json!({
            "format": FORMAT,
            "seed": self.seed,
            "hint_model": self.hint_model.to_string(),
            "moves": self.moves(),
            "score": self.score(),
            "frames": frames,
        });
        serde_json::to_string_pretty(&v).unwrap_or_default()
    }

    /// Read and check a record.
    ///
    /// # Errors
    /// Invalid JSON (with line and column), or the first field that is missing or wrong.
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        let v: Value = match serde_json::from_str(text) {
            Ok(v) => v,
            // a number too large for the parser (`1e400`) named with its field; a
            // byte-order mark or another invisible character named
            Err(e) => {
                let typed = ludomat_io::error::typed_json::<Numbers>(text).err();
                return Err(match typed {
                    Some(words) if words.contains(" is too large: the field takes ") => {
                        RecordError::Written(words)
                    }
                    _ => RecordError::NotJson(ludomat_io::error::json_in(text, &e)),
                });
            }
        };
        // every whole number quoted as the file wrote it (`-0`, `1e3`, 30 digits with
        // thousands), never as the parser re-reads it
        if let Err(words) = ludomat_io::error::typed_json::<Numbers>(text) {
            if words.contains("the number ") {
                return Err(RecordError::Written(words));
            }
        }
        // a seed of more digits than any whole number read here is quoted as the file
        // wrote it (`123,456,…,890`), never as the parser re-reads it
        // (`1.2345678901234568e29`)
        if let Some(digits) = v.get("seed").filter(|s| s.is_f64()).and(written_seed(text)) {
            return Err(RecordError::Written(format!(
                "seed: the number {}",
                ludomat_io::text::too_large(digits, u128::from(u64::MAX))
            )));
        }
        let format = v.get("format").and_then(Value::as_str);
        let (name, reads) = FORMAT.rsplit_once('/').unwrap_or((FORMAT, "1"));
        let version = format.and_then(|f| f.strip_prefix(name)?.strip_prefix('/')?.parse().ok());
        if let Some(found) = version.filter(|&n: &u64| n.to_string() != reads) {
            let reads = reads.parse().unwrap_or(1);
            let words = ludomat_io::error::version_not_read("a Threes! record", found, reads);
            return Err(RecordError::Version(words));
        }
        if let Some(words) = ludomat_io::error::format_refused_in(&v, FORMAT) {
            return Err(RecordError::Foreign(words));
        }
        hidden_keys(&v, "")?;
        let seed = uint(get(&v, "seed", "")?, "seed")?;
        let hm = get(&v, "hint_model", "")?;
        let hint_model: HintModel = hm
            .as_str()
            .ok_or_else(|| bad("hint_model", "expected 'plus' or 'window'"))?
            .parse()
            .map_err(|e: crate::card::HintModelError| bad("hint_model", e.to_string()))?;
        let list = get(&v, "frames", "")?
            .as_array()
            .ok_or_else(|| bad("frames", "expected a list of frames"))?;
        if list.is_empty() {
            return Err(bad("frames", "a record has at least one frame"));
        }
        let mut frames = Vec::with_capacity(list.len());
        for (i, f) in list.iter().enumerate() {
            let p = format!("frames[{i}]");
            hidden_keys(f, &p)?;
            let board = board_of(get(f, "board", &p)?, &format!("{p}.board"))?;
            let c = card(get(f, "card", &p)?, &format!("{p}.card"))?;
            if c.is_empty() {
                return Err(bad(format!("{p}.card"), "0 is no card"));
            }
            let hint = hint_of(get(f, "hint", &p)?, &format!("{p}.hint"))?;
            if !hint.allows(c) {
                return Err(bad(
                    format!("{p}.hint"),
                    format!(
                        "the hint {hint} does not allow the card {}",
                        ludomat_io::text::thousands(u64::from(c.value()))
                    ),
                ));
            }
            let mv = f.get("move").unwrap_or(&Value::Null);
            let direction = match mv {
                Value::Null => None,
                Value::String(s) => Some(
                    s.parse::<Direction>()
                        .map_err(|e| bad(format!("{p}.move"), e.to_string()))?,
                ),
                other => {
                    return Err(bad(
                        format!("{p}.move"),
                        ludomat_io::error::found_where(other, "a swipe name or null"),
                    ))
                }
            };
            if direction.is_none() && i + 1 < list.len() {
                return Err(bad(
                    format!("{p}.move"),
                    "only the last frame may have no swipe",
                ));
            }
            if direction.is_some() && i + 1 == list.len() {
                return Err(bad(
                    format!("{p}.move"),
                    "the last frame has no following board",
                ));
            }
            frames.push(Frame {
                board,
                card: c,
                hint,
                direction,
            });
        }
        let record = GameRecord {
            seed,
            hint_model,
            frames,
        };
        record.check_replay()?;
        if let Some(m) = v.get("moves") {
            let m = uint(m, "moves")?;
            if m != record.moves() as u64 {
                return Err(bad(
                    "moves",
                    format!(
                        "{}, but the record has {}",
                        ludomat_io::text::thousands(m),
                        ludomat_io::text::count(record.moves() as u64, "swipe", "swipes")
                    ),
                ));
            }
        }
        if let Some(s) = v.get("score") {
            let s = uint(s, "score")?;
            if s != record.score() {
                return Err(bad(
                    "score",
                    format!(
                        "{}, but the last board scores {}",
                        ludomat_io::text::thousands(s),
                        ludomat_io::text::thousands(record.score())
                    ),
                ));
            }
        }
        Ok(record)
    }

    /// Replay the seed with the recorded swipes and compare every frame.
    fn check_replay(&self) -> Result<(), RecordError> {
        let mut game = Threes::new(self.seed, self.hint_model);
        for (i, f) in self.frames.iter().enumerate() {
            let p = format!("frames[{i}]");
            if f.board != game.board() {
                return Err(bad(
                    format!("{p}.board"),
                    format!(
                        "does not follow from the seed and the swipes before; expected\n{}",
                        game.board()
                    ),
                ));
            }
            if f.card != game.next_card() {
                return Err(bad(
                    format!("{p}.card"),
                    format!("{}, but the seed draws {}", f.card, game.next_card()),
                ));
            }
            if f.hint != game.hint() {
                return Err(bad(
                    format!("{p}.hint"),
                    format!("{}, but the seed shows {}", f.hint, game.hint()),
                ));
            }
            if let Some(d) = f.direction {
                game.swipe(d)
                    .map_err(|e| bad(format!("{p}.move"), e.to_string()))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A newer record is a Threes! record of another version, said as MENACE's and the
    /// network's are; a hidden character in the `format` key is named where it is.
    #[test]
    fn a_newer_record_is_said_in_the_version_words() {
        let json = sample().to_json();
        let newer = json.replace(FORMAT, "ludomat-threes-record/2");
        let e = GameRecord::from_json(&newer).unwrap_err();
        assert_eq!(
            e.of_file("r.json"),
            "r.json is a Threes! record of version 2, which this build does not read (it \
             reads version 1)"
        );
        let hidden = json.replace("\"format\"", "\"for\u{200b}mat\"");
        let e = GameRecord::from_json(&hidden)
            .unwrap_err()
            .of_file("r.json");
        assert!(
            e.ends_with(
                "the file has the key 'for\\u{200b}mat', whose character 4 is a \
                 zero-width space (U+200B)"
            ),
            "{e}"
        );
    }

    fn sample() -> GameRecord {
        let mut g = Threes::new(21, HintModel::Plus);
        let mut r = GameRecord::start(&g);
        for i in 0..40 {
            let legal = g.board().legal_swipes();
            if legal.is_empty() {
                break;
            }
            let t = g.swipe(legal[i % legal.len()]).unwrap();
            r.push(&t, &g);
        }
        r
    }

    /// A record's `moves` was not checked: `-1`, `1.5`, `"x"`, `null` and `1e30` replayed.
    #[test]
    fn the_moves_are_checked() {
        let r = sample();
        let good = r.to_json();
        let moves = format!("\"moves\": {}", r.moves());
        assert!(good.contains(&moves), "{good}");
        for (m, said) in [
            ("-1", "moves: the number -1 where"),
            ("1.5", "moves: the number 1.5 where"),
            ("\"x\"", "moves: "),
            ("null", "moves: "),
            ("1e30", "moves: "),
            ("1e400", "moves: the number 1e400 is too large"),
        ] {
            let e = GameRecord::from_json(&good.replace(&moves, &format!("\"moves\": {m}")))
                .unwrap_err()
                .to_string();
            assert!(e.contains(said), "{m}: {e}");
        }
        let more = good.replace(&moves, &format!("\"moves\": {}", r.moves() + 1));
        let e = GameRecord::from_json(&more).unwrap_err().to_string();
        assert!(e.contains("but the record has"), "{e}");
        assert!(GameRecord::from_json(&good).is_ok());
    }

    #[test]
    fn round_trip() {
        let r = sample();
        let back = GameRecord::from_json(&r.to_json()).unwrap();
        assert_eq!(back, r);
    }

    fn corrupt(f: impl FnOnce(&mut Value)) -> String {
        let mut v: Value = serde_json::from_str(&sample().to_json()).unwrap();
        f(&mut v);
        match GameRecord::from_json(&v.to_string()) {
            Err(RecordError::Field { field, .. }) => field,
            // a number quoted as written: the field first
            Err(RecordError::Written(words)) => words.split(':').next().unwrap().to_string(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn corruption_names_the_field() {
        assert_eq!(
            corrupt(|v| v["frames"][3]["board"][1][2] = json!(5)),
            "frames[3].board[1][2]"
        );
        assert_eq!(
            corrupt(|v| v["frames"][3]["board"][1][2] = json!(6144)),
            "frames[3].board"
        );
        assert_eq!(
            corrupt(|v| v["frames"][2]["move"] = json!("sideways")),
            "frames[2].move"
        );
        assert_eq!(
            corrupt(|v| v["frames"][2]["card"] = json!("x")),
            "frames[2].card"
        );
        assert_eq!(
            corrupt(|v| v["frames"][0]["hint"]["values"] = json!([])),
            "frames[0].hint.values"
        );
        assert_eq!(corrupt(|v| v["seed"] = json!(-1)), "seed");
        assert_eq!(corrupt(|v| v["score"] = json!(1)), "score");
        assert_eq!(
            corrupt(|v| v["hint_model"] = json!("psychic")),
            "hint_model"
        );
        assert_eq!(
            corrupt(|v| {
                v.as_object_mut().unwrap().remove("frames");
            }),
            "frames"
        );
        assert_eq!(
            corrupt(|v| v["frames"][1]["board"] = json!([[1, 2, 3]])),
            "frames[1].board"
        );
        assert!(matches!(
            GameRecord::from_json("{ nope"),
            Err(RecordError::NotJson(_))
        ));
    }

    /// Numbers as the file wrote them (whole ones with thousands), with what was expected;
    /// a missing format said as every saved file says it.
    #[test]
    fn refusals_say_numbers_as_written_and_the_format_one_way() {
        let said = |f: &dyn Fn(&mut Value)| {
            let mut v: Value = serde_json::from_str(&sample().to_json()).unwrap();
            f(&mut v);
            GameRecord::from_json(&v.to_string())
                .unwrap_err()
                .to_string()
        };
        let text = sample()
            .to_json()
            .replace("\"score\": ", "\"score\": 1e+30, \"was\": ");
        assert_eq!(
            GameRecord::from_json(&text).unwrap_err().to_string(),
            "score: the number 1e+30 is too large: a whole number from 0 to \
             18,446,744,073,709,551,615 was expected"
        );
        assert_eq!(
            said(&|v| v["seed"] = json!(18_446_744_073_709_551_616.0)),
            "seed: the number 1.8446744073709552e+19 is too large: a whole number from 0 to \
             18,446,744,073,709,551,615 was expected"
        );
        assert_eq!(
            said(&|v| v["frames"][0]["card"] = json!(12288)),
            format!(
                "frames[0].hint: the hint {} does not allow the card 12,288",
                sample().frames[0].hint
            )
        );
        assert_eq!(
            said(&|v| {
                v.as_object_mut().unwrap().remove("format");
            }),
            "it has no 'format' field saying 'ludomat-threes-record/1'"
        );
    }
}

/// The records `threes auto --record-dir` would write for games `first` to
/// `first + games - 1` that are already in `dir` (`game-N.json`), in game order: a run
/// never replaces an earlier run's records, so it refuses when this is not empty. The
/// folder's entries are looked at (at most `ludomat_io::read::MAX_ENTRIES`), never the
/// game numbers one by one; a folder not made yet holds none.
///
/// # Errors
/// The folder cannot be listed.
pub fn records_in(
    dir: &std::path::Path,
    first: u64,
    games: u64,
) -> std::io::Result<Vec<std::path::PathBuf>> {
    let entries = match ludomat_io::read::entries(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut found: Vec<(u64, std::path::PathBuf)> = entries
        .into_iter()
        .filter_map(|p| {
            let name = p.file_name()?.to_str()?;
            let n: u64 = name
                .strip_prefix("game-")?
                .strip_suffix(".json")?
                .parse()
                .ok()?;
            (n >= first && n - first < games).then_some((n, p))
        })
        .collect();
    found.sort();
    Ok(found.into_iter().map(|(_, p)| p).collect())
}

/// Refuse a run whose records (games `first` to `first + games - 1`) would replace
/// records already in `dir` ([`records_in`]), naming how many and the first: an output
/// refused before the work ([`RecordDirError::Refused`], a usage error naming
/// `--record-dir`).
///
/// # Errors
/// The refusal, or the folder cannot be listed.
pub fn refuse_replacing(
    dir: &std::path::Path,
    first: u64,
    games: u64,
) -> Result<(), RecordDirError> {
    use ludomat_io::text::Shown as _;
    let there = records_in(dir, first, games)
        .map_err(|e| RecordDirError::InTheWay(format!("--record-dir {}: {e}", dir.shown())))?;
    let Some(one) = there.first() else {
        return Ok(());
    };
    Err(RecordDirError::Refused(ludomat_io::output::Refused {
        flag: "--record-dir".into(),
        path: dir.to_path_buf(),
        why: ludomat_io::output::OutputRefused::InTheWay(format!(
            "{} of this run's games {} already there ({}{}); records are never replaced: give \
             another folder, or remove them first",
            ludomat_io::text::count(there.len() as u64, "record", "records"),
            if there.len() == 1 { "is" } else { "are" },
            one.file_name().map(|n| n.shown()).unwrap_or_default(),
            if there.len() > 1 { " …" } else { "" }
        )),
    }))
}

/// Why a `--record-dir` cannot take a run's records.
#[derive(Debug, thiserror::Error)]
pub enum RecordDirError {
    /// No folder that can take files (a file, a FIFO or a dangling link there, a folder
    /// above that is missing or takes no file): an output refused before the work, which
    /// the binary says as a usage error (status 2), as every such refusal.
    #[error("{0}")]
    Refused(#[source] ludomat_io::output::Refused),
    /// The folder could not be listed or made.
    #[error("{0}")]
    InTheWay(String),
}

/// Make `dir` ready for the records of games `first` to `first + games - 1`: a folder
/// that can take files, none of them there already ([`refuse_replacing`]), made if missing.
///
/// # Errors
/// What is in the way, in words, naming `--record-dir`.
pub fn ready_dir(dir: &std::path::Path, first: u64, games: u64) -> Result<(), RecordDirError> {
    use ludomat_io::text::Shown as _;
    ludomat_io::output::check_folder(dir).map_err(|why| {
        RecordDirError::Refused(ludomat_io::output::Refused {
            flag: "--record-dir".into(),
            path: dir.to_path_buf(),
            why,
        })
    })?;
    refuse_replacing(dir, first, games)?;
    ludomat_io::write::folders(dir)
        .map_err(|e| RecordDirError::InTheWay(format!("--record-dir {}: {e}", dir.shown())))
}

/// Save a record (`json`) at `path` as a new file, never over anything there, checked as
/// it is written ([`ludomat_io::write::new_file_or_beside`]): when another process wrote
/// that name meanwhile, its file is kept and this record goes beside it. `None` when it
/// is saved at `path`; else the words that say where it went (`race.json appeared
/// meanwhile (another process wrote it) and is kept; this record is saved to
/// race-2.json`).
///
/// # Errors
/// When it cannot be written (in words, naming the file).
pub fn save_new(path: &std::path::Path, json: &str) -> Result<Option<String>, String> {
    use ludomat_io::text::Shown as _;
    let (saved, moved) = ludomat_io::write::new_file_or_beside(path, json.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.shown()))?;
    Ok(moved.then(|| {
        format!(
            "{} appeared meanwhile (another process wrote it) and is kept; this record is \
             saved to {}",
            path.shown(),
            saved.shown()
        )
    }))
}

#[cfg(test)]
mod record_dir_tests {
    /// Hostile re-trial item 9: an earlier run's records are found before a run replaces
    /// them; records of other game numbers are not in the way.
    #[test]
    fn an_earlier_runs_records_are_found() {
        let dir = tempfile::tempdir().unwrap();
        for n in [0, 2, 10] {
            ludomat_io::write::atomically(dir.path().join(format!("game-{n}.json")), "{}").unwrap();
        }
        let found = super::records_in(dir.path(), 1, 5).unwrap();
        assert_eq!(found, vec![dir.path().join("game-2.json")]);
        assert!(super::records_in(dir.path(), 3, 5).unwrap().is_empty());
        assert!(super::records_in(&dir.path().join("new"), 0, 5)
            .unwrap()
            .is_empty());
    }

    /// A folder that can take no records is an output refused before the work, typed so
    /// (the binary says it as a usage error, status 2: it was a string, status 1); records
    /// in the way are not.
    #[test]
    fn a_bad_record_folder_is_refused_as_an_output() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("f");
        ludomat_io::write::atomically(&file, "x").unwrap();
        let e = super::ready_dir(&file, 0, 1).unwrap_err();
        assert!(matches!(e, super::RecordDirError::Refused(_)), "{e}");
        assert!(e.to_string().starts_with("--record-dir "), "{e}");
        let source = std::error::Error::source(&e).unwrap();
        let refused = source
            .downcast_ref::<ludomat_io::output::Refused>()
            .unwrap();
        assert!(refused.usage_words().is_some());
        // records of this run's games already there: refused before the work as well
        ludomat_io::write::atomically(dir.path().join("game-0.json"), "{}").unwrap();
        let e = super::ready_dir(dir.path(), 0, 1).unwrap_err();
        assert!(
            e.to_string()
                .contains(": 1 record of this run's games is already there"),
            "{e}"
        );
        let refused = std::error::Error::source(&e)
            .and_then(|s| s.downcast_ref::<ludomat_io::output::Refused>())
            .unwrap();
        assert!(refused.usage_words().is_some());
    }
}

#[cfg(test)]
mod written_tests {
    /// A seed of 30 digits is quoted as the file wrote it, with thousands.
    #[test]
    fn a_huge_seed_is_quoted_as_written() {
        let text = r#"{"format": "ludomat-threes-record/1", "seed": 123456789012345678901234567890, "hint_model": "plus", "frames": []}"#;
        let e = super::GameRecord::from_json(text)
            .expect_err("too large")
            .to_string();
        assert!(e.contains("123,456,789,012,345,678,901,234,567,890"), "{e}");
        assert!(!e.contains("e29"), "{e}");
    }

    /// A record's score as the file wrote it: 30 digits with thousands, `-0`, `1e3`,
    /// `1e400`; a byte-order mark named; a score that differs with thousands.
    #[test]
    fn numbers_are_quoted_as_written() {
        let mut g = crate::Threes::new(21, crate::HintModel::Plus);
        let mut r = super::GameRecord::start(&g);
        for _ in 0..60 {
            let Some(&d) = g.board().legal_swipes().first() else {
                break;
            };
            let t = g.swipe(d).unwrap();
            r.push(&t, &g);
        }
        let good = r.to_json();
        let score = format!("\"score\": {}", r.score());
        assert!(good.contains(&score), "{good}");
        let with = |s: &str| good.replace(&score, &format!("\"score\": {s}"));
        let said = |text: String| super::GameRecord::from_json(&text).unwrap_err().to_string();
        let e = said(with("123456789012345678901234567890"));
        assert!(
            e.contains("score: the number 123,456,789,012,345,678,901,234,567,890 is too large"),
            "{e}"
        );
        let e = said(with("-0"));
        assert!(e.contains("score: the number -0 where"), "{e}");
        let e = said(with("1e3"));
        assert!(e.contains("score: the number 1e3 where"), "{e}");
        let e = said(with("1e400"));
        assert!(e.contains("score: the number 1e400 is too large"), "{e}");
        let e = said(with("5"));
        assert!(
            e.ends_with(&format!(
                "score: 5, but the last board scores {}",
                ludomat_io::text::thousands(r.score())
            )),
            "{e}"
        );
        let e = said(format!("\u{feff}{good}"));
        assert!(
            e.starts_with("not valid JSON: line 1, column 1: a byte-order mark (U+FEFF)"),
            "{e}"
        );
        // an optional field's key with a zero-width space was passed over without a word
        let e = said(good.replace(&score, "\"score\u{200b}\": 5"));
        assert_eq!(
            e,
            "score\\u{200b}: an unknown field: it has a zero-width space (U+200B) in it"
        );
        let e = said(good.replacen("\"card\"", "\"card\u{a0}\": 1, \"card\"", 1));
        assert_eq!(
            e,
            "frames[0].card\\u{a0}: an unknown field: it has a no-break space (U+00A0) in it"
        );
    }
}
