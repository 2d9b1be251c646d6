//! A request body's own text beside what was read from it, so that a refusal says what
//! the visitor wrote, where: a number as written (`1e3`, `1e300`, `-0`,
//! `18446744073709551616`, never the parser's `1000.0` or `1.8446744073709552e19`), with
//! the field's place in the body (`params.games: the number 1e3 where a whole number from
//! 0 up was expected`); and a field given twice in one object refused, naming it and
//! where (as a query field given twice is).
//!
//! The text is read once more after the JSON parser has taken it (so it is valid JSON):
//! each value's place (`action.n`, `moves[0]`) and its span of the text.

use ludomat_io::text::{fit, quoted};

/// The most characters of a value said as written.
const ECHO_CHARS: usize = 80;

/// One value of the body: where it is and its text.
#[derive(Debug, Clone)]
struct Place {
    /// Its path: `action.n`, `moves[0]`; empty for the body itself.
    path: String,
    /// Its span of the text, in bytes.
    start: usize,
    end: usize,
}

/// A request body's text and the places of its values.
#[derive(Debug, Clone, Default)]
pub(crate) struct Said {
    text: String,
    places: Vec<Place>,
}

/// A field given twice in one object of a body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Twice {
    /// The object's path (empty: the body).
    pub object: String,
    /// The field's name.
    pub key: String,
    /// Line and column (from 1) of its second appearance.
    pub line: usize,
    pub column: usize,
}

impl Twice {
    /// The refusal's words: `request body: line 1, column 31: action: the field 'n' is
    /// given twice`.
    pub(crate) fn words(&self) -> String {
        let object = if self.object.is_empty() {
            String::new()
        } else {
            format!("{}: ", self.object)
        };
        format!(
            "request body: line {}, column {}: {object}the field {} is given twice",
            self.line,
            self.column,
            quoted(&self.key, 40)
        )
    }
}

impl Said {
    /// The body `text` (valid JSON: read after the parser took it), with its values'
    /// places; `Err` with the first field given twice in one object.
    ///
    /// # Errors
    /// The first field given twice.
    pub(crate) fn read(text: &str) -> Result<Said, Twice> {
        let mut scan = Scan {
            b: text.as_bytes(),
            text,
            i: 0,
            places: Vec::new(),
            twice: None,
        };
        // Text the scan cannot follow (never, after the parser) leaves the places found.
        let _ = scan.value(String::new(), 0);
        if let Some((object, key, at)) = scan.twice {
            let (line, column) = line_column(text, at);
            return Err(Twice {
                object,
                key,
                line,
                column,
            });
        }
        Ok(Said {
            text: text.to_string(),
            places: scan.places,
        })
    }

    /// The body with every number written `-0` read as the `0` it is (the parser takes
    /// `-0` for a fraction, and its refusal would say the type's range, `from 0 up`,
    /// where the field's own, said by the session, applies: `n must be at least 1`);
    /// `None` when the body has no `-0`.
    pub(crate) fn minus_zero_as_zero(&self) -> Option<Vec<u8>> {
        let mut bytes = self.text.as_bytes().to_vec();
        let mut any = false;
        for p in &self.places {
            if self.text.get(p.start..p.end) == Some("-0") {
                bytes[p.start] = b' ';
                any = true;
            }
        }
        any.then_some(bytes)
    }

    /// The value at `path` as the visitor wrote it (at most 80 characters, cut with an
    /// ellipsis), if the body has one there.
    pub(crate) fn written(&self, path: &str) -> Option<String> {
        self.places
            .iter()
            .find(|p| p.path == path)
            .and_then(|p| self.text.get(p.start..p.end))
            .map(|w| fit(&ludomat_io::text::escape_controls(w), ECHO_CHARS))
    }

    /// A refusal's `message` (the parser's or a session's words, before they are said in
    /// ours) in our words, with the number it found as the visitor wrote it and the
    /// field's place in the body: `menace action: invalid type: floating point `1000.0`,
    /// expected u64` for `{"n": 1e3}` is said `menace action: n: the number 1e3 where a
    /// whole number from 0 up was expected`.
    pub(crate) fn words(&self, message: &str) -> String {
        let mut raw = message.to_string();
        let mut marks: Vec<(String, String)> = Vec::new();
        let mut found_at: Option<&Place> = None;
        self.count_as_written(&mut raw);
        // The parser's numbers: ``floating point `1000.0` ``, ``integer `300` ``.
        for kind in ["floating point `", "integer `"] {
            let Some(i) = raw.find(kind) else { continue };
            let from = i + kind.len();
            let Some(len) = raw[from..].find('`') else {
                continue;
            };
            let said = raw[from..from + len].to_string();
            let Some(place) = self.number_said_as(&said, kind.starts_with("floating")) else {
                continue;
            };
            found_at = Some(place);
            let written = &self.text[place.start..place.end];
            if written == said {
                break;
            }
            let with = if plain_integer(written) {
                // Digits alone: said as every whole number is (with thousands, and
                // "too large" past the largest one read).
                written.to_string()
            } else {
                let mark = format!("WRITTENNUMBER{}X", marks.len());
                marks.push((mark.clone(), fit(written, ECHO_CHARS)));
                mark
            };
            raw.replace_range(from..from + len, &with);
            break;
        }
        // The parser's texts: `string "x"`.
        if found_at.is_none() {
            if let Some(i) = raw.find("string \"") {
                found_at = self.places.iter().find(|p| {
                    let w = &self.text[p.start..p.end];
                    w.starts_with('"')
                        && serde_json::from_str::<String>(w).is_ok_and(|s| {
                            raw[i + "string ".len()..].starts_with(&format!("{s:?}"))
                        })
                });
            }
        }
        // Lists, objects, true, false, null: the innermost of the kind (places are
        // noted innermost first).
        if found_at.is_none() {
            let kinds: [(&str, Is); 5] = [
                ("invalid type: sequence", |w| w.starts_with('[')),
                ("invalid type: map", |w| w.starts_with('{')),
                ("invalid type: boolean `true`", |w| w == "true"),
                ("invalid type: boolean `false`", |w| w == "false"),
                ("invalid type: null", |w| w == "null"),
            ];
            if let Some((_, is)) = kinds.iter().find(|(k, _)| raw.contains(k)) {
                found_at = self
                    .places
                    .iter()
                    .find(|p| !p.path.is_empty() && is(&self.text[p.start..p.end]));
            }
        }
        // The field's place, before the parser's sentence, unless the words name it.
        if let Some(place) = found_at.filter(|p| !p.path.is_empty()) {
            let sentence = ["invalid type: ", "invalid value: "]
                .iter()
                .filter_map(|s| raw.find(s))
                .min();
            if let Some(at) = sentence {
                let head = raw[..at].trim_end();
                let last = place
                    .path
                    .rsplit(['.', '['])
                    .next()
                    .unwrap_or(&place.path)
                    .trim_end_matches(']');
                let named = names(head, &format!("{}:", place.path))
                    || names(head, &format!("{last}:"))
                    || head.ends_with(&format!("'{last}'"));
                if !named {
                    // Its object once: `tictactoe config: seed: …`, not `… config:
                    // config.seed: …`.
                    let object = head.trim_end_matches(':').trim_end();
                    let path = match place.path.split_once('.') {
                        Some((first, rest)) if names(object, first) => rest,
                        _ => place.path.as_str(),
                    };
                    raw.insert_str(at, &format!("{path}: "));
                }
            }
        }
        // A field not known: the object's place (`params: the field 'after' is not known
        // here`), unless the words name it.
        if found_at.is_none() {
            if let Some(at) = raw.find("unknown field `") {
                let key = raw[at + "unknown field `".len()..]
                    .split('`')
                    .next()
                    .unwrap_or_default()
                    .to_string();
                let object = self.places.iter().find_map(|p| {
                    let (object, last) = p.path.rsplit_once('.')?;
                    (last == key).then(|| object.to_string())
                });
                if let Some(object) = object {
                    let head = raw[..at].trim_end();
                    let last = object.rsplit(['.', '[']).next().unwrap_or(&object);
                    if !names(head, &format!("{object}:")) && !names(head, &format!("{last}:")) {
                        raw.insert_str(at, &format!("{object}: "));
                    }
                }
            }
        }
        let mut words = crate::error::in_our_words(&raw);
        for (mark, written) in marks {
            words = words.replace(&mark, &written);
        }
        words
    }

    /// A count a session refused out of its range with the value it read (`n must be from
    /// 1 to 10,000 games per action (it was -5)`, a number past any count read as
    /// `1.8446744073709552e19`, `-0` read as `0`): the value as the visitor wrote it, with
    /// thousands — preferring the number of the field the words name.
    fn count_as_written(&self, raw: &mut String) {
        const IT_WAS: &str = "(it was ";
        let Some(i) = raw.find(IT_WAS) else { return };
        let from = i + IT_WAS.len();
        let Some(len) = raw[from..].find(')') else {
            return;
        };
        let Ok(value) = raw[from..from + len].replace(',', "").parse::<f64>() else {
            return;
        };
        let same = |p: &&Place| {
            let w = &self.text[p.start..p.end];
            w.starts_with(|c: char| c == '-' || c.is_ascii_digit())
                && w.parse::<f64>().is_ok_and(|v| v == value)
        };
        let named = |p: &&Place| {
            let last = p.path.rsplit(['.', '[']).next().unwrap_or(&p.path);
            !last.is_empty() && raw[..i].contains(&format!("{last} must be"))
        };
        let place = self
            .places
            .iter()
            .filter(same)
            .find(named)
            .or_else(|| self.places.iter().find(same));
        if let Some(p) = place {
            let written =
                ludomat_io::text::thousands_written(&fit(&self.text[p.start..p.end], ECHO_CHARS));
            raw.replace_range(from..from + len, &written);
        }
    }

    /// [`Said::words`] for a refusal: its status, its message said so.
    pub(crate) fn refused(&self, e: crate::ApiError) -> crate::ApiError {
        crate::ApiError::new(e.status, self.words(&e.message))
    }

    /// The number of the body the parser said as `said` (a float's words when `float`).
    fn number_said_as(&self, said: &str, float: bool) -> Option<&Place> {
        self.places.iter().find(|p| {
            let w = &self.text[p.start..p.end];
            if !w.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
                return false;
            }
            if float {
                // The same number, however the parser wrote it (`1000.0`, `1e300`).
                let value = said.parse::<f64>().ok().map(f64::to_bits);
                value.is_some() && w.parse::<f64>().ok().map(f64::to_bits) == value
            } else {
                // `-0`, read as the `0` it is ([`Said::minus_zero_as_zero`]), is said as
                // written.
                w == said || (said == "0" && w == "-0")
            }
        })
    }
}

/// Whether a value's text is of a kind (a list, `true` …).
type Is = fn(&str) -> bool;

/// Whether `head` ends with `field` as a word of its own (`n:` ends `menace: n:`, not
/// `menace action:`).
fn names(head: &str, field: &str) -> bool {
    head.strip_suffix(field)
        .is_some_and(|before| !before.ends_with(|c: char| c.is_alphanumeric() || c == '_'))
}

/// Whether `w` is a whole number written with digits alone (`-6000`, not `-0`, `1e3`).
/// `value` with every whole number written as a fraction or with an exponent (`1e3`,
/// `1000.0`) read as the whole number it is (`1000`), as the counts read it: one rule for
/// whole numbers, a config's seed too. Only numbers a fraction holds exactly (up to
/// 2^53) are read so; `-0` is already `0` ([`Said::minus_zero_as_zero`]).
pub(crate) fn whole_numbers_read_whole(value: &mut serde_json::Value) {
    use serde_json::Value;
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
    match value {
        Value::Number(n) if !n.is_i64() && !n.is_u64() => {
            if let Some(x) = n.as_f64().filter(|x| x.fract() == 0.0 && x.abs() <= EXACT) {
                #[allow(clippy::cast_possible_truncation)]
                let whole = x as i64;
                *value = if whole >= 0 {
                    Value::from(whole.unsigned_abs())
                } else {
                    Value::from(whole)
                };
            }
        }
        Value::Array(items) => items.iter_mut().for_each(whole_numbers_read_whole),
        Value::Object(fields) => fields.values_mut().for_each(whole_numbers_read_whole),
        _ => {}
    }
}

fn plain_integer(w: &str) -> bool {
    let digits = w.strip_prefix('-').unwrap_or(w);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && w != "-0"
}

/// The line and column (from 1, in characters) of byte `at` of `text`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = text.get(..at).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// A reader of valid JSON text that notes each value's place.
struct Scan<'a> {
    b: &'a [u8],
    text: &'a str,
    i: usize,
    places: Vec<Place>,
    /// The first field given twice: its object's path, its name, its byte.
    twice: Option<(String, String, usize)>,
}

/// Lists and objects nested deeper than this are not scanned (the parser refuses bodies
/// nested deeper than 128 levels; a refused one may be nested much deeper).
const MAX_DEPTH: usize = 130;

impl Scan<'_> {
    fn ws(&mut self) {
        while self.b.get(self.i).is_some_and(u8::is_ascii_whitespace) {
            self.i += 1;
        }
    }

    fn at(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    /// A text in quotes, from its opening quote.
    fn string(&mut self) -> Option<()> {
        if self.at()? != b'"' {
            return None;
        }
        self.i += 1;
        loop {
            match self.at()? {
                b'\\' => self.i += 2,
                b'"' => {
                    self.i += 1;
                    return Some(());
                }
                _ => self.i += 1,
            }
        }
    }

    /// A value at `depth` lists and objects down; past [`MAX_DEPTH`] the scan gives up
    /// (the places found so far kept), so a body nested thousands deep never runs the
    /// stack out, nor builds a path per level.
    fn value(&mut self, path: String, depth: usize) -> Option<()> {
        self.ws();
        let start = self.i;
        if depth >= MAX_DEPTH && matches!(self.at()?, b'{' | b'[') {
            return None;
        }
        match self.at()? {
            b'{' => {
                self.i += 1;
                self.ws();
                let mut seen = std::collections::HashSet::new();
                if self.at()? == b'}' {
                    self.i += 1;
                } else {
                    loop {
                        self.ws();
                        let key_at = self.i;
                        self.string()?;
                        let key: String =
                            serde_json::from_str(self.text.get(key_at..self.i)?).ok()?;
                        if !seen.insert(key.clone()) && self.twice.is_none() {
                            self.twice = Some((path.clone(), key.clone(), key_at));
                        }
                        self.ws();
                        if self.at()? != b':' {
                            return None;
                        }
                        self.i += 1;
                        let child = if path.is_empty() {
                            key
                        } else {
                            format!("{path}.{key}")
                        };
                        self.value(child, depth + 1)?;
                        self.ws();
                        match self.at()? {
                            b',' => self.i += 1,
                            b'}' => {
                                self.i += 1;
                                break;
                            }
                            _ => return None,
                        }
                    }
                }
            }
            b'[' => {
                self.i += 1;
                self.ws();
                if self.at()? == b']' {
                    self.i += 1;
                } else {
                    let mut n = 0usize;
                    loop {
                        self.value(format!("{path}[{n}]"), depth + 1)?;
                        n += 1;
                        self.ws();
                        match self.at()? {
                            b',' => self.i += 1,
                            b']' => {
                                self.i += 1;
                                break;
                            }
                            _ => return None,
                        }
                    }
                }
            }
            b'"' => self.string()?,
            _ => {
                while self
                    .at()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'+' | b'.'))
                {
                    self.i += 1;
                }
                if self.i == start {
                    return None;
                }
            }
        }
        self.places.push(Place {
            path,
            start,
            end: self.i,
        });
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_nested_thousands_deep_is_no_crash() {
        // 14 KB of `[`: the scan gives up at its depth, whatever the depth
        for open in ["[", "{\"a\":"] {
            let deep = format!("{}1", open.repeat(100_000));
            let _ = Said::read(&deep);
        }
        let said = Said::read(r#"{"a": [[1e3]]}"#).unwrap();
        assert_eq!(said.written("a[0][0]").as_deref(), Some("1e3"));
    }

    #[test]
    fn minus_zero_is_read_as_zero() {
        let said = Said::read(r#"{"n": -0, "m": -0.5, "s": "-0", "l": [-0]}"#).unwrap();
        let read = said.minus_zero_as_zero().unwrap();
        assert_eq!(
            String::from_utf8(read).unwrap(),
            r#"{"n":  0, "m": -0.5, "s": "-0", "l": [ 0]}"#
        );
        assert!(Said::read(r#"{"n": -1}"#)
            .unwrap()
            .minus_zero_as_zero()
            .is_none());
    }

    #[test]
    fn numbers_are_said_as_written_with_their_place() {
        let said = Said::read(r#"{"type": "play_games", "n": 1e3}"#).unwrap();
        assert_eq!(
            said.words("menace action: invalid type: floating point `1000.0`, expected u64"),
            "menace action: n: the number 1e3 where a whole number from 0 up was expected"
        );
        let said = Said::read(r#"{"long_run": "train", "params": {"games": -0}}"#).unwrap();
        assert_eq!(
            said.words("train: invalid type: floating point `-0.0`, expected u64"),
            "train: params.games: the number -0 where a whole number from 0 up was expected"
        );
        let said = Said::read(r#"{"params": {"games": 1e300}}"#).unwrap();
        let big = format!("{}.0", 1e300);
        assert_eq!(
            said.words(&format!(
                "train: invalid type: floating point `{big}`, expected u64"
            )),
            "train: params.games: the number 1e300 where a whole number from 0 up was expected"
        );
        // Digits alone past the largest whole number: too large, with the range.
        let said = Said::read(r#"{"config": {"seed": 18446744073709551616}}"#).unwrap();
        let words = said.words(
            "tictactoe config: invalid type: floating point `18446744073709552000.0`, \
             expected u64",
        );
        assert_eq!(
            words,
            "tictactoe config: seed: the number 18,446,744,073,709,551,616 is too large: a \
             whole number from 0 to 18,446,744,073,709,551,615 was expected"
        );
        // A field the words name already is not named twice.
        let said = Said::read(r#"{"games": 1e3}"#).unwrap();
        assert_eq!(
            said.words("games: invalid type: floating point `1000.0`, expected u64"),
            "games: the number 1e3 where a whole number from 0 up was expected"
        );
        // A text where a number was expected: its place.
        let said = Said::read(r#"{"params": {"search_after": "9"}}"#).unwrap();
        assert_eq!(
            said.words("prove: invalid type: string \"9\", expected a count"),
            "prove: params.search_after: the text '9' where a count was expected"
        );
        assert_eq!(
            said.written("params.search_after").as_deref(),
            Some("\"9\"")
        );
        assert_eq!(
            said.written("params").as_deref(),
            Some("{\"search_after\": \"9\"}")
        );
    }

    #[test]
    fn minus_zero_read_as_zero_is_said_as_written_with_its_place() {
        let said = Said::read(r#"{"type": "play", "square": -0}"#).unwrap();
        assert_eq!(
            said.words("play: invalid value: integer `0`, expected a square from 1 to 9"),
            "play: square: the number -0 where a square from 1 to 9 was expected"
        );
    }

    #[test]
    fn a_field_not_known_is_said_with_its_objects_place() {
        let said = Said::read(r#"{"long_run": "train", "params": {"after": 1}}"#).unwrap();
        assert_eq!(
            said.words("train: unknown field `after`, expected one of `games`, `eval_every`"),
            "train: params: the field 'after' is not known here (the fields are 'games', \
             'eval_every')"
        );
    }

    #[test]
    fn a_field_given_twice_is_found_with_its_place() {
        assert_eq!(
            Said::read(r#"{"kind": "qubic", "kind": "menace"}"#)
                .unwrap_err()
                .words(),
            "request body: line 1, column 19: the field 'kind' is given twice"
        );
        assert_eq!(
            Said::read("{\"action\": {\"type\": \"x\",\n \"n\": 1, \"n\": 2}, \"times\": 3}")
                .unwrap_err()
                .words(),
            "request body: line 2, column 10: action: the field 'n' is given twice"
        );
        // The same name in two objects is no repeat.
        assert!(Said::read(r#"{"a": {"n": 1}, "b": {"n": 1}, "n": [{"n": 1}]}"#).is_ok());
    }
}
