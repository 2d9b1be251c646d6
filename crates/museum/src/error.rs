//! API errors: every refusal is a status and a JSON body `{"error": "<what was wrong>"}`.
//!
//! The one place where a [`SessionError`] becomes an HTTP status:
//!
//! | error | status |
//! |---|---|
//! | [`SessionError::Invalid`] (malformed or unknown action or config) | 400 Bad Request |
//! | [`SessionError::Refused`] (an illegal move, not your turn) | 409 Conflict |
//! | [`SessionError::TooMuch`] (more work than one action may ask) | 422 Unprocessable Entity |
//! | [`SessionError::Failed`] (the emulated machine faulted) | 422 Unprocessable Entity |
//!
//! and, from the server itself: malformed JSON or a request of the wrong shape 400, a
//! body over the limit 413, an unknown visit, endpoint or page 404, a method an endpoint
//! or a page does not take 405, a write from another site's page 403 ([`crate::guard`]), a Host
//! the museum does not answer to 421, too many requests a second or a client's visit
//! limit reached with every one of its visits watched 429, the museum's visit limit
//! reached with every visit watched 503; a request hyper cannot read as HTTP 400 or 431
//! (`src/raw_errors.rs`).

use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use ludomat_game::SessionError;

/// A refused request: its status and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{status}: {message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What was wrong, for a person.
    pub message: String,
}

impl ApiError {
    /// An error with `status` and `message`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// 404 for a visit id the server does not hold.
    #[must_use]
    pub fn unknown_visit(id: &str) -> Self {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "no visit {}: it never existed, was deleted, was released by its page, expired when idle or was let go to make room",
                ludomat_io::text::quoted(id, 60)
            ),
        )
    }
}

/// The status each [`SessionError`] is answered with.
#[must_use]
pub fn status_of(e: &SessionError) -> StatusCode {
    match e {
        SessionError::Invalid(_) => StatusCode::BAD_REQUEST,
        SessionError::Refused(_) => StatusCode::CONFLICT,
        SessionError::TooMuch(_) | SessionError::Failed(_) => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

impl From<SessionError> for ApiError {
    fn from(e: SessionError) -> Self {
        ApiError::new(status_of(&e), session_words(&e))
    }
}

/// A session's refusal with every number in it said as every number is, with thousands
/// (`run 100000 games: at most 10000 at once` is said `run 100,000 games: at most 10,000
/// at once`): whole numbers of five digits or more standing alone, never those inside an
/// echo ('…', "…", `…`), a decimal (`1000000.5`) or a word (`U12345`).
#[must_use]
pub fn session_words(e: &SessionError) -> String {
    grouped(&e.to_string())
}

/// [`session_words`] for any text.
fn grouped(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 8);
    let mut quote: Option<char> = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        if matches!(c, '\'' | '"' | '`') {
            // An apostrophe inside a word (Patashnik's) opens nothing.
            let opens =
                quote.is_none() && (c != '\'' || before.is_none_or(|b| !b.is_alphanumeric()));
            if opens {
                quote = Some(c);
            } else if quote == Some(c) && (c != '\'' || after.is_none_or(|a| !a.is_alphanumeric()))
            {
                quote = None;
            }
            out.push(c);
            i += 1;
            continue;
        }
        if quote.is_none()
            && c.is_ascii_digit()
            && before.is_none_or(|b| !(b.is_alphanumeric() || matches!(b, '.' | ',' | '_')))
        {
            let end = chars[i..]
                .iter()
                .position(|d| !d.is_ascii_digit())
                .map_or(chars.len(), |n| i + n);
            let next = chars.get(end).copied();
            let decimal = next == Some('.') && chars.get(end + 1).is_some_and(char::is_ascii_digit);
            let alone = !decimal && next.is_none_or(|n| !(n.is_alphanumeric() || n == '_'));
            let digits: String = chars[i..end].iter().collect();
            if alone && digits.len() >= 5 {
                out.push_str(&ludomat_io::text::thousands_written(&digits));
            } else {
                out.push_str(&digits);
            }
            i = end;
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            axum::Json(serde_json::json!({ "error": in_our_words(&self.message) })),
        )
            .into_response()
    }
}

/// The words of the JSON parser (serde), of axum's rejections and of the URL parser an
/// error may carry, in the project's: every API error passes here, whether the museum, a
/// session or axum said it — ``unknown variant `fly`, expected one of `play`, `step` ``
/// is said `'fly' is not one of 'play', 'step'`, a position `line 1, column 5: ` first,
/// and quotes are 'like this', never backticks.
#[must_use]
pub fn in_our_words(message: &str) -> String {
    // axum's rejections: what they are about, in our words.
    const PREFIXES: &[(&str, &str)] = &[
        (
            "Failed to parse the request body as JSON: ",
            "request body: not valid JSON: ",
        ),
        (
            "Failed to deserialize the JSON body into the target type: ",
            "request body: ",
        ),
        ("Failed to buffer the request body: ", "request body: "),
        (
            "Failed to deserialize query string: ",
            "the address's query: ",
        ),
        ("Failed to deserialize query string", "the address's query"),
        ("Invalid URL: ", "the address: "),
    ];
    let mut text = message.to_string();
    for (theirs, ours) in PREFIXES {
        text = text.replace(theirs, ours);
    }
    // A struct's name is ours, not the reader's: what it is read from is an object
    // (`expected struct Autoplay with 2 elements`: a list given where an object goes).
    while let Some(i) = text.find("expected struct ") {
        let rest = &text[i + "expected struct ".len()..];
        let name_end = rest
            .find(|c: char| !c.is_alphanumeric() && c != '_')
            .unwrap_or(rest.len());
        let mut tail = &rest[name_end..];
        if let Some(after) = tail.strip_prefix(" with ") {
            if let Some(end) = after.find(" element") {
                let end = after[end..]
                    .find(|c: char| !c.is_alphanumeric() && c != ' ')
                    .map_or(after.len(), |e| end + e);
                tail = &after[end..];
            }
        }
        text = format!("{}expected an object{}", &text[..i], tail);
    }
    // A type's name is ours, not the reader's: an action is an object with its 'type'.
    if let Some(i) = text.find("internally tagged enum ") {
        let rest = &text[i + "internally tagged enum ".len()..];
        let name_end = rest
            .find(|c: char| !c.is_alphanumeric() && c != '_')
            .unwrap_or(rest.len());
        text = format!(
            "{}an object with its 'type'{}",
            &text[..i],
            &rest[name_end..]
        );
    }
    // An empty body: nothing was read, so there is no place to name (the parser says
    // column 0) and no value it ended in the middle of; it is not JSON of the wrong kind
    // either.
    if let Some(head) = text.strip_suffix("EOF while parsing a value at line 1 column 0") {
        let head = head.strip_suffix("not valid JSON: ").unwrap_or(head);
        return format!("{head}it is empty: a JSON object was expected");
    }
    // The position, said once and first: `… at line 1 column 5`.
    let mut at = String::new();
    if let Some((head, tail)) = text.rsplit_once(" at line ") {
        if let Some((line, column)) = tail.split_once(" column ") {
            if let (Ok(line), Ok(column)) = (line.parse::<usize>(), column.parse::<usize>()) {
                at = format!("line {line}, column {column}: ");
                text = head.to_string();
            }
        }
    }
    // The parser's own sentence, after the prefixes that say where it was (`train: `).
    const SAID: &[&str] = &[
        "unknown variant `",
        "unknown field `",
        "missing field `",
        "invalid type: ",
        "invalid value: ",
        "invalid length ",
        "duplicate field `",
        "EOF while parsing ",
        "Invalid UTF-8 in `",
        "Cannot parse `",
    ];
    // JSON nested deeper than the parser goes: said without the path to it (which may
    // be as long as the request).
    if text.contains("recursion limit exceeded") {
        return format!(
            "request body: {at}nested too deeply (at most 128 levels of objects and lists)"
        );
    }
    let start = SAID.iter().filter_map(|s| text.find(s)).min();
    let (head, said) = match start {
        Some(i) => {
            let (head, parser) = text.split_at(i);
            (head.to_string(), parser_words(parser))
        }
        None => (String::new(), text),
    };
    // The position goes after what the request was (`request body: not valid JSON: `),
    // else before the parser's sentence.
    let lead = PREFIXES
        .iter()
        .map(|(_, ours)| *ours)
        .find(|ours| head.starts_with(ours) || (head.is_empty() && said.starts_with(ours)));
    let words = match lead {
        Some(lead) if head.is_empty() => format!("{lead}{at}{}", &said[lead.len()..]),
        Some(lead) => format!("{lead}{at}{}{said}", &head[lead.len()..]),
        None => format!("{head}{at}{said}"),
    };
    // The parser's syntax errors.
    const SYNTAX: &[(&str, &str)] = &[
        ("key must be a string", "a key must be in double quotes"),
        ("expected value", "a value was expected"),
        ("trailing characters", "there is more after the value"),
        ("expected `,` or `}`", "',' or '}' was expected"),
        ("expected `,` or `]`", "',' or ']' was expected"),
        ("expected `:`", "':' was expected"),
        ("trailing comma", "a comma before the end"),
        ("invalid escape", "an escape that is not JSON's"),
        ("invalid number", "a number that is not JSON's"),
        (
            "control character (\\u0000-\\u001F) found while parsing a string",
            "a control character in a text",
        ),
    ];
    let mut words = words;
    for (theirs, ours) in SYNTAX {
        if words.ends_with(theirs) {
            words = format!("{}{ours}", &words[..words.len() - theirs.len()]);
        }
    }
    // Parser words left in a message's middle (a query field's value; serde's name for
    // what tags an enum, an action's kind).
    let words = words
        .replace('`', "'")
        .replace(
            "provided string was not 'true' or 'false'",
            "true or false was expected",
        )
        .replace("variant identifier", "a name")
        // serde's and JSON's own words for things the project says otherwise ("text")
        .replace("where a string was expected", "where a text was expected")
        .replace(
            "where string or map was expected",
            "where a text or an object was expected",
        )
        .replace("in the middle of a string", "in the middle of a text")
        .replace("number out of range", "a number too large to read")
        // serde_json says this of bytes that are not UTF-8 (its \u escapes of half a
        // character have words of their own, below)
        .replace("invalid unicode code point", "a byte that is not UTF-8")
        .replace(
            "lone leading surrogate in hex escape",
            "a \\u escape of half a character (a lone surrogate)",
        )
        .replace(
            "unexpected end of hex escape",
            "a \\u escape of half a character (a lone surrogate)",
        );
    cut_echoes(&field_named_once(&words))
}

/// `zzz: the field 'zzz' is not known here` said with the field named once: the path
/// before the parser's sentence is the field itself.
fn field_named_once(words: &str) -> String {
    const FIELD: &str = "the field '";
    let Some(i) = words.find(FIELD) else {
        return words.to_string();
    };
    let name = words[i + FIELD.len()..]
        .split('\'')
        .next()
        .unwrap_or_default();
    let head = &words[..i];
    match head.strip_suffix(&format!("{name}: ")) {
        Some(before) if !name.is_empty() && (before.is_empty() || before.ends_with(": ")) => {
            format!("{before}{}", &words[i..])
        }
        _ => words.to_string(),
    }
}

/// The most characters of a request's own text an error echoes in one piece.
const ECHO_CHARS: usize = 80;

/// `words` with every piece longer than [`ECHO_CHARS`] — a quoted value, or a run
/// without spaces (a path, a value) — cut with an ellipsis, and control characters
/// escaped: an error never echoes a whole 60,000-character request.
fn cut_echoes(words: &str) -> String {
    let chars: Vec<char> = words.chars().collect();
    let mut out = String::with_capacity(words.len().min(1024));
    let mut run = 0usize;
    let mut quoted = 0usize;
    let mut in_quote = false;
    let mut cutting = false;
    for (i, &c) in chars.iter().enumerate() {
        // A quote opens at a word's start and closes at its end: an apostrophe inside a
        // word (the address's, Patashnik's) is our words, not an echo.
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        let opens = !in_quote && before.is_none_or(|b| !b.is_alphanumeric());
        let closes = in_quote && after.is_none_or(|a| !a.is_alphanumeric());
        if c == '\'' && (opens || closes) {
            in_quote = opens;
            quoted = 0;
            cutting = false;
            out.push(c);
            run = 0;
            continue;
        }
        if c.is_whitespace() && !in_quote {
            run = 0;
            cutting = false;
            out.push(c);
            continue;
        }
        run += 1;
        quoted += usize::from(in_quote);
        if cutting {
            continue;
        }
        if (in_quote && quoted > ECHO_CHARS) || (!in_quote && run > ECHO_CHARS) {
            out.push('…');
            cutting = true;
            continue;
        }
        if ludomat_io::text::hidden(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// One sentence of the JSON or URL parser in our words.
fn parser_words(said: &str) -> String {
    let quoted = |s: &str| s.replace('`', "'");
    if let Some(what) = said.strip_prefix("EOF while parsing ") {
        return format!("the text ends in the middle of {what}");
    }
    if let Some(rest) = said.strip_prefix("unknown variant `") {
        if let Some((what, expected)) = rest.split_once("`, expected one of ") {
            return format!("'{what}' is not one of {}", quoted(expected));
        }
        if let Some((what, expected)) = rest.split_once("`, expected ") {
            return format!("'{what}' where {} was expected", quoted(expected));
        }
        if let Some((what, _)) = rest.split_once("`, there are no variants") {
            return format!("'{what}' is not known here");
        }
    }
    if let Some(rest) = said.strip_prefix("unknown field `") {
        if let Some((what, expected)) = rest.split_once("`, expected one of ") {
            return format!(
                "the field '{what}' is not known here (the fields are {})",
                quoted(expected)
            );
        }
        if let Some((what, expected)) = rest.split_once("`, expected ") {
            // serde's two fields are `from` or `to`: both are fields the object takes.
            return match expected.split_once(" or ") {
                Some((a, b)) => format!(
                    "the field '{what}' is not known here (the fields are {} and {})",
                    quoted(a),
                    quoted(b)
                ),
                None => format!(
                    "the field '{what}' is not known here (the field is {})",
                    quoted(expected)
                ),
            };
        }
        if let Some((what, _)) = rest.split_once("`, there are no fields") {
            return format!("the field '{what}' is not known here (it takes none)");
        }
    }
    if let Some(rest) = said.strip_prefix("duplicate field `") {
        return format!("the field '{}' is given twice", rest.trim_end_matches('`'));
    }
    if let Some(rest) = said.strip_prefix("invalid length ") {
        if let Some((n, expected)) = rest.split_once(", expected ") {
            return format!("a list of {n} where {} was expected", quoted(expected));
        }
    }
    if let Some(rest) = said.strip_prefix("Invalid UTF-8 in `") {
        // The route's own names for its parts ('rest', 'id') mean nothing to a visitor.
        let part = match rest.trim_end_matches('`') {
            "id" => "the visit's id",
            "kind" => "the exhibit's name",
            _ => "the path",
        };
        return format!("{part} is not UTF-8 text once decoded (a %-escape there is no character)");
    }
    if let Some(rest) = said.strip_prefix("Cannot parse `") {
        if let Some((what, to)) = rest.split_once("` to a `") {
            return format!(
                "'{what}' is not {}",
                expected_in_words(to.trim_end_matches('`'))
            );
        }
    }
    ludomat_io::error::json_words(said, 0, 0)
}

/// A Rust type the URL parser expected, in words.
fn expected_in_words(ty: &str) -> &'static str {
    match ty {
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => "a whole number from 0 up",
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "a whole number",
        "f32" | "f64" => "a number",
        "bool" => "true or false",
        _ => "what was expected",
    }
}

/// The refusal of a body sent in an encoding (`Content-Encoding: gzip`): 415, saying so
/// (never "malformed JSON" of the encoded bytes).
pub(crate) fn encoded(encoding: &str) -> ApiError {
    ApiError::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        format!(
            "request body: Content-Encoding {} is not accepted; send the JSON as it is",
            ludomat_io::text::quoted(encoding, 40)
        ),
    )
}

/// The refusal of a body that does not say it is JSON.
pub(crate) fn not_json() -> ApiError {
    ApiError::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "request body: expected Content-Type: application/json",
    )
}

/// The refusal of a JSON body that is not an object (a list, a text, a number, true,
/// false or null alone), naming what it is; `None` for an object, or for text that is
/// not JSON (the parser then says where).
///
/// A byte-order mark before the JSON is refused as that (the parser would say "a value
/// was expected" where the value is).
pub(crate) fn not_an_object(body: &[u8]) -> Option<ApiError> {
    if body.starts_with(b"\xEF\xBB\xBF") {
        return Some(ApiError::new(
            StatusCode::BAD_REQUEST,
            "request body: line 1, column 1: a byte-order mark (U+FEFF) before the JSON: \
             send the JSON without it",
        ));
    }
    // Only white space is as empty as nothing (not "the text ends in the middle of a
    // value").
    let Some(first) = body.iter().find(|b| !b.is_ascii_whitespace()) else {
        return Some(ApiError::new(
            StatusCode::BAD_REQUEST,
            "request body: it is empty: a JSON object was expected",
        ));
    };
    if *first == b'{' || serde_json::from_slice::<serde::de::IgnoredAny>(body).is_err() {
        return None;
    }
    let what = match first {
        b'[' => "a list",
        b'"' => "a text",
        b't' | b'f' => "true or false",
        b'n' => "null",
        _ => "a number",
    };
    Some(ApiError::new(
        StatusCode::BAD_REQUEST,
        format!("request body: {what} where an object was expected"),
    ))
}

/// The refusal of a request whose target is not a path (`OPTIONS *`, `CONNECT
/// host:port`): the museum serves its pages and its API, each at a path.
pub(crate) fn target_not_served(
    method: &axum::http::Method,
    uri: &axum::http::Uri,
) -> Option<ApiError> {
    if uri.path().starts_with('/') {
        return None;
    }
    let target = uri.to_string();
    Some(ApiError::new(
        StatusCode::BAD_REQUEST,
        format!(
            "{method} {} is not served here: the museum answers requests for its pages and \
             its API, each at a path beginning with '/'",
            if target.is_empty() {
                "(no path)"
            } else {
                &target
            },
        ),
    ))
}

/// The refusal of a JSON body axum rejected (`limit`: the largest body, bytes).
pub(crate) fn json_rejection(r: &JsonRejection, limit: usize) -> ApiError {
    // Unreadable JSON and JSON of the wrong shape are both a bad request here.
    let status = match r {
        JsonRejection::JsonSyntaxError(_) | JsonRejection::JsonDataError(_) => {
            StatusCode::BAD_REQUEST
        }
        _ => r.status(),
    };
    let message = match r {
        JsonRejection::MissingJsonContentType(_) => {
            "request body: expected Content-Type: application/json".to_string()
        }
        _ if status == StatusCode::PAYLOAD_TOO_LARGE => {
            format!(
                "request body: it is larger than the limit of {}",
                ludomat_io::text::count(limit as u64, "byte", "bytes")
            )
        }
        // axum's words, said in ours by `in_our_words` as the answer is made
        // (`request body: not valid JSON: …`, `request body: …`).
        JsonRejection::JsonSyntaxError(_) | JsonRejection::JsonDataError(_) => r.body_text(),
        _ => format!("request body: {}", r.body_text()),
    };
    ApiError::new(status, message)
}

/// Makes every error answer JSON: an error whose body is something else — one of axum's
/// rejections (a query that does not parse, a repeated parameter, a path that is not
/// UTF-8 once decoded), plain text — becomes `{"error": "<that text>"}` with the same
/// status and headers. A page of its own (HTML: the 404 page of an exhibit the museum
/// does not have) stays a page.
pub(crate) async fn json_errors(response: Response) -> Response {
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let json = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("application/json") || t.starts_with("text/html"));
    // (a page of its own: the 404 page of an exhibit the museum does not have)
    if json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 16 * 1024)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let message = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("the request was refused")
            .to_string()
    } else {
        text
    };
    parts.headers.remove(axum::http::header::CONTENT_TYPE);
    parts.headers.remove(axum::http::header::CONTENT_LENGTH);
    let mut answer = ApiError::new(status, message).into_response();
    for (k, v) in &parts.headers {
        answer.headers_mut().entry(k).or_insert(v.clone());
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::in_our_words;

    #[test]
    fn every_number_of_a_sessions_refusal_has_thousands() {
        for (theirs, ours) in [
            (
                "run 100000 games: at most 10000 at once",
                "run 100,000 games: at most 10,000 at once",
            ),
            (
                "play_games: 1000000000000 games is more than 10000 per action; apply it again for more",
                "play_games: 1,000,000,000,000 games is more than 10,000 per action; apply it again for more",
            ),
            // Echoes, decimals, words and short numbers stay as they are.
            (
                "'123456' and \"654321\" and `99999` and 1000000.5 and U12345 and 1962 and Patashnik's 12345",
                "'123456' and \"654321\" and `99999` and 1000000.5 and U12345 and 1962 and Patashnik's 12,345",
            ),
        ] {
            assert_eq!(super::grouped(theirs), ours);
        }
    }

    #[test]
    fn the_parsers_words_are_said_in_ours() {
        for (theirs, ours) in [
            (
                "action: unknown variant `fly`, expected one of `play`, `step`",
                "action: 'fly' is not one of 'play', 'step'",
            ),
            (
                "Failed to deserialize the JSON body into the target type: kind: unknown variant `bogus`, expected one of `a`, `b` at line 1 column 17",
                "request body: line 1, column 17: kind: 'bogus' is not one of 'a', 'b'",
            ),
            (
                "Failed to parse the request body as JSON: key must be a string at line 1 column 2",
                "request body: not valid JSON: line 1, column 2: a key must be in double quotes",
            ),
            (
                "Failed to parse the request body as JSON: EOF while parsing a value at line 1 column 0",
                "request body: it is empty: a JSON object was expected",
            ),
            (
                "Failed to parse the request body as JSON: EOF while parsing an object at line 1 column 28",
                "request body: not valid JSON: line 1, column 28: the text ends in the middle of an object",
            ),
            (
                "train: invalid type: floating point `1000000000.0`, expected u64",
                "train: the number 1000000000.0 where a whole number from 0 up was expected",
            ),
            (
                "Invalid URL: Invalid UTF-8 in `id`",
                "the address: the visit's id is not UTF-8 text once decoded (a %-escape there is no character)",
            ),
            (
                "Invalid URL: Invalid UTF-8 in `rest`",
                "the address: the path is not UTF-8 text once decoded (a %-escape there is no character)",
            ),
            (
                "train: unknown field `after`, expected one of `games`, `eval_every`, `eval_games`",
                "train: the field 'after' is not known here (the fields are 'games', 'eval_every', 'eval_games')",
            ),
            ("config: missing field `puzzle`", "config: the field 'puzzle' is missing"),
            ("the game is over", "the game is over"),
            (
                "action: invalid type: string \"x\", expected internally tagged enum TictactoeAction",
                "action: the text 'x' where an object with its 'type' was expected",
            ),
        ] {
            let said = in_our_words(theirs);
            assert_eq!(said, ours);
            assert!(!said.contains('`') && !said.contains("Failed"), "{said}");
        }
    }

    #[test]
    fn our_words_are_never_cut_only_the_echoes() {
        // Apostrophes inside our words do not open a quote.
        let ours = "the address's query: the field 'bogus' is not known here (the fields \
                    are 'box', 'tint', 'tab', 'scale', 'paper', 'lines', 'marks', 'title', \
                    'font', 'seed') — Patashnik's first 15 stones, then the search; 317,724 \
                    positions, 558,954 bytes gzip; the visitor's certificate was let go";
        assert_eq!(in_our_words(ours), ours);
        let ours = "the certificate your proof found (Patashnik's first 15 stones, then the \
                    search; 317,724 positions, 558,954 bytes gzip) was let go to save memory";
        assert_eq!(in_our_words(ours), ours);
        // Each echoed piece is cut, our words around it stay.
        let long = "x".repeat(300);
        let said = in_our_words(&format!(
            "the box '{long}' is not a size (width x depth x height in mm, with a 5 mm \
             glue tab; --tab 0 for none) and '{long}' neither"
        ));
        assert!(
            said.contains("with a 5 mm glue tab; --tab 0 for none) and '")
                && said.ends_with("…' neither")
                && said.matches('…').count() == 2,
            "{said}"
        );
    }

    #[test]
    fn no_parser_words_are_left() {
        let said = in_our_words(
            "Failed to deserialize query string: tint: provided string was not `true` or `false`",
        );
        assert_eq!(
            said,
            "the address's query: tint: true or false was expected"
        );
        let said = in_our_words("invalid type: integer `1`, expected variant identifier");
        assert!(!said.contains("variant identifier"), "{said}");
    }

    /// "text", the project's word, not serde's "string"; serde's other words said in ours;
    /// a field the path names already is named once.
    #[test]
    fn serde_words_left_over_are_said_in_ours() {
        for (theirs, ours) in [
            (
                "kind: invalid type: integer `5`, expected a string",
                "kind: the number 5 where a text was expected",
            ),
            (
                "value: invalid type: integer `7`, expected string or map",
                "value: the number 7 where a text or an object was expected",
            ),
            ("games: number out of range", "games: a number too large to read"),
            (
                "Failed to parse the request body as JSON: EOF while parsing a string at line 1 column 5",
                "request body: not valid JSON: line 1, column 5: the text ends in the middle of a text",
            ),
            (
                "zzz: unknown field `zzz`, expected `a` or `b`",
                "the field 'zzz' is not known here (the fields are 'a' and 'b')",
            ),
            (
                "config: zzz: unknown field `zzz`, expected `a` or `b`",
                "config: the field 'zzz' is not known here (the fields are 'a' and 'b')",
            ),
            (
                "train: unknown field `after`, expected `games`",
                "train: the field 'after' is not known here (the field is 'games')",
            ),
        ] {
            assert_eq!(in_our_words(theirs), ours, "{theirs}");
        }
        let said = in_our_words("invalid unicode code point at line 1 column 9");
        assert_eq!(said, "line 1, column 9: a byte that is not UTF-8");
        for lone in [
            "kind: unexpected end of hex escape at line 1 column 16",
            "kind: lone leading surrogate in hex escape at line 1 column 22",
        ] {
            let said = in_our_words(lone);
            assert!(
                said.ends_with(": a \\u escape of half a character (a lone surrogate)"),
                "{said}"
            );
        }
        let bom = super::not_an_object(b"\xEF\xBB\xBF{\"kind\":\"tictactoe\"}").expect("refused");
        assert_eq!(
            bom.message,
            "request body: line 1, column 1: a byte-order mark (U+FEFF) before the JSON: \
             send the JSON without it"
        );
        for body in [&b""[..], b"   ", b"\n\t "] {
            let refused = super::not_an_object(body).expect("refused");
            assert_eq!(
                refused.message,
                "request body: it is empty: a JSON object was expected"
            );
        }
    }

    #[test]
    fn echoes_are_cut_and_deep_json_is_said_without_its_path() {
        let long = "k".repeat(60_000);
        let said = in_our_words(&format!(
            "kind: unknown variant `{long}`, expected one of `a`, `b`"
        ));
        assert!(said.len() < 200 && said.contains('…'), "{said}");
        assert!(said.ends_with("is not one of 'a', 'b'"), "{said}");
        let path = "a.".repeat(300);
        let said = in_our_words(&format!(
            "Failed to parse the request body as JSON: {path}: recursion limit exceeded at line 1 column 129"
        ));
        assert_eq!(
            said,
            "request body: line 1, column 129: nested too deeply (at most 128 levels of objects and lists)"
        );
        assert_eq!(in_our_words("a\u{1b}[31m b"), "a\\u{1b}[31m b");
    }
}
