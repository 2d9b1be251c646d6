//! How ludomat writes numbers, counts, times and columns for people — one way, everywhere.
//!
//! * Counts: [`count`] (`1 game`, `12,000 games`), [`plural`] (the noun alone),
//!   [`thousands`] / [`thousands_signed`] (`7,908,518,695`), [`results`] (`3 wins, 1 draw,
//!   0 losses`: the one wording of game results).
//! * Shares: [`percent`] (`12.5 %`), [`share_with_interval`] (`96.9 % (95.6–97.8 %)`).
//! * Numbers that are not counts: [`number`] (thousands for the whole part, three
//!   significant digits below 100 — never `852,605.1735`), [`percent`], [`rate`]
//!   (`852,605 games/s`).
//! * Times: [`duration`] (`20 ms`, `12.3 s`, `2 min 05 s`, `1 h 02 min`) and
//!   [`wall_and_cpu`] (`12.3 s wall, 20.1 s CPU`), the one spelling of CPU time.
//! * Columns: [`pad_right`], [`pad_left`], [`fit`] and [`Table`] measure text by its
//!   width on a terminal (`unicode-width`) and never panic, whatever the width: a
//!   `format!("{:<w$}")` with `w` above 65,535 panics, which a 70,000-character name or
//!   netlist used to reach.
//! * Lines: [`wrap`] breaks text at spaces to a width (a word longer than the width is
//!   cut), so no line the program writes is broken mid-word by the terminal;
//!   [`DEFAULT_WIDTH`] is the width when the terminal's is unknown, [`terminal_width`]
//!   the width to lay out for (at most 80); [`fit_note`] fits a progress bar's message.

use std::fmt::Write as _;
use std::time::Duration;

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The terminal width assumed when it cannot be asked (a pipe, a file, a test).
pub const DEFAULT_WIDTH: usize = 80;

/// The widest a padded cell is ever made: a width above it is treated as this one, so a
/// hostile width costs at most this many spaces per cell.
pub const MAX_PAD: usize = 1 << 16;

/// The ellipsis put at the end of text cut to fit.
pub const ELLIPSIS: char = '…';

/// `n` with thousands separators: `1,000,000`.
#[must_use]
pub fn thousands(n: u64) -> String {
    thousands_written(&n.to_string())
}

/// A whole number written in digits, of any length (a 41-digit one in a damaged file),
/// with thousands separators as [`thousands`] writes them; text that is not only digits
/// (after an optional `-`) is returned as it is.
#[must_use]
pub fn thousands_written(text: &str) -> String {
    let (sign, digits) = text.strip_prefix('-').map_or(("", text), |d| ("-", d));
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return text.to_string();
    }
    let mut out = String::from(sign);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A decimal number as written (`1234.5`, `-1000`), its whole part with thousands
/// separators as [`thousands`] writes them (`1,234.5`); text that is not such a number is
/// returned as it is.
#[must_use]
pub fn thousands_decimal(text: &str) -> String {
    match text.split_once('.') {
        Some((whole, fraction)) if fraction.bytes().all(|b| b.is_ascii_digit()) => {
            format!("{}.{fraction}", thousands_written(whole))
        }
        Some(_) => text.to_string(),
        None => thousands_written(text),
    }
}

/// The one wording of a whole number too large for what holds it, in records, states and
/// every file: `18,446,744,073,709,551,616 is too large: a whole number from 0 to
/// 18,446,744,073,709,551,615 was expected` (the number as written, with thousands).
#[must_use]
pub fn too_large(written: &str, max: u128) -> String {
    format!(
        "{} is too large: a whole number from 0 to {} was expected",
        thousands_written(written),
        thousands_written(&max.to_string())
    )
}

/// A signed `n` with thousands separators: `-34,027`, `+51,622` is not written (use
/// [`signed`] for a difference that shows its sign).
#[must_use]
pub fn thousands_signed(n: i64) -> String {
    if n < 0 {
        format!("-{}", thousands(n.unsigned_abs()))
    } else {
        thousands(n.unsigned_abs())
    }
}

/// The one wording of an input with nothing in it (no byte, or only blank lines),
/// whatever it should have held (JSON, a CSV, a netlist): `name is empty`.
#[must_use]
pub fn empty(name: &str) -> String {
    format!("{name} is empty")
}

/// Where in a file, in every position message's words: `line 1,000,002` (lines counted
/// from 1, thousands separated as every number).
#[must_use]
pub fn line<N: TryInto<u64>>(line: N) -> String {
    format!("line {}", thousands(line.try_into().unwrap_or(u64::MAX)))
}

/// [`line`] and a column: `line 1,000,002, column 3`.
#[must_use]
pub fn line_column<L: TryInto<u64>, C: TryInto<u64>>(line: L, column: C) -> String {
    format!(
        "{}, column {}",
        self::line(line),
        thousands(column.try_into().unwrap_or(u64::MAX))
    )
}

/// A setting's value as it is (a weight, a step): thousands separated, decimals only when
/// it is not whole, at most six of them and no trailing zeros: `1,400`, `135`, `11.75`,
/// `-0.25`, `1,234.5`.
#[must_use]
pub fn decimal(x: f64) -> String {
    if !x.is_finite() {
        return "—".to_string();
    }
    if x.abs() >= 1e15 {
        return format!("{x:e}");
    }
    let text = format!("{:.6}", x.abs());
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    let fraction = fraction.trim_end_matches('0');
    let whole: u64 = whole.parse().unwrap_or(0);
    let sign = if x < 0.0 && (whole > 0 || !fraction.is_empty()) {
        "-"
    } else {
        ""
    };
    if fraction.is_empty() {
        format!("{sign}{}", thousands(whole))
    } else {
        format!("{sign}{}.{fraction}", thousands(whole))
    }
}

/// A difference with its sign always shown: `+51,622`, `-7,061`, `0`.
#[must_use]
pub fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{}", thousands(n.unsigned_abs()))
    } else {
        thousands_signed(n)
    }
}

/// The noun for `n` things: `one` for exactly 1, `many` otherwise (`0 games`).
#[must_use]
pub fn plural<'a>(n: u64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// `n` things, with thousands separators and the right noun: `1 game`, `12,000 games`.
#[must_use]
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), plural(n, one, many))
}

/// The results of games from one side's view, always in this order and these words:
/// `3 wins, 1 draw, 0 losses`.
#[must_use]
pub fn results(wins: u64, draws: u64, losses: u64) -> String {
    format!(
        "{}, {}, {}",
        count(wins, "win", "wins"),
        count(draws, "draw", "draws"),
        count(losses, "loss", "losses")
    )
}

/// A share with its 95 % interval: `96.9 % (95.6–97.8 %)`.
#[must_use]
pub fn share_with_interval(share: f64, low: f64, high: f64) -> String {
    if !(low.is_finite() && high.is_finite()) {
        return percent(share);
    }
    format!(
        "{} ({:.1}–{:.1} %)",
        percent(share),
        low * 100.0,
        high * 100.0
    )
}

/// A number that is not a count: whole numbers from 100 up with thousands separators and
/// no decimals (`852,605`), smaller ones with three significant digits (`12.3`, `0.0451`),
/// zero as `0`; not-a-number and infinities as `—`.
#[must_use]
pub fn number(x: f64) -> String {
    if !x.is_finite() {
        return "—".to_string();
    }
    let sign = if x < 0.0 { "-" } else { "" };
    let a = x.abs();
    if a >= 99.95 {
        // Rounded to a whole number; u64 holds every value a program here reports.
        let whole = a.round();
        if whole >= u64::MAX as f64 {
            return format!("{sign}{a:.3e}");
        }
        return format!("{sign}{}", thousands(whole as u64));
    }
    if a == 0.0 {
        return "0".to_string();
    }
    // Three significant digits.
    let magnitude = a.log10().floor() as i32;
    let decimals = (2 - magnitude).clamp(0, 12) as usize;
    let text = format!("{a:.decimals$}");
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    };
    if text == "0" {
        return "0".to_string();
    }
    format!("{sign}{text}")
}

/// A share as a percentage with one decimal and a space before the sign, as SI writes it:
/// `12.5 %`; `—` for not-a-number.
#[must_use]
pub fn percent(share: f64) -> String {
    if !share.is_finite() {
        return "—".to_string();
    }
    format!("{:.1} %", share * 100.0)
}

/// A rate: `852,605 games/s`, `3.1 games/s`; `—` when no time passed (an unmeasurable
/// rate is not written as a number).
#[must_use]
pub fn rate(done: f64, elapsed: Duration, unit: &str) -> String {
    let secs = elapsed.as_secs_f64();
    if secs <= 0.0 || !done.is_finite() {
        return format!("— {unit}/s");
    }
    format!("{} {unit}/s", number(done / secs))
}

/// A duration as people read it, the one way every time is written: three significant
/// digits in the unit that keeps the number from 1 to 999 — `794 ns`, `12.6 µs`, `400 µs`,
/// `233 ms`, `1.23 s`, `12.3 s` — and from a minute up `2 min 05 s`, `1 h 02 min`,
/// `183 days 02 h`, `5 years 12 days` (a year of 365.25 days); no time at all is `0 s`. Never `0.0126 ms` nor `0.2 s` beside `233 ms`.
#[must_use]
pub fn duration(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs == 0.0 {
        return "0 s".to_string();
    }
    // the unit is chosen on the rounded number: 999.7 µs is 1 ms, not 1,000 µs
    for (scale, unit) in [(1e9, "ns"), (1e6, "µs"), (1e3, "ms")] {
        if secs * scale < 999.5 {
            return format!("{} {unit}", number(secs * scale));
        }
    }
    if secs < 59.95 {
        return format!("{} s", number(secs));
    }
    let whole = secs.round() as u64;
    if whole < 3600 {
        return format!("{} min {:02} s", whole / 60, whole % 60);
    }
    if whole < DAY {
        let minutes = whole / 60;
        return format!("{} h {:02} min", minutes / 60, minutes % 60);
    }
    if whole < YEAR {
        let hours = whole / 3600;
        return format!("{} {:02} h", count(hours / 24, "day", "days"), hours % 24);
    }
    format!(
        "{} {}",
        count(whole / YEAR, "year", "years"),
        count(whole % YEAR / DAY, "day", "days")
    )
}

/// Seconds in a day and in a year of 365.25 days ([`duration`]'s longer units).
const DAY: u64 = 86_400;
const YEAR: u64 = 31_557_600;

/// Wall-clock and CPU time of one piece of work, the one spelling the program uses:
/// `12.3 s wall, 20.1 s CPU`, each written as [`duration`] writes it but with its three
/// significant digits whole, trailing zeros kept ([`whole_digits`]), so that two times side
/// by side read with one precision: `2.20 s wall, 2.09 s CPU`, `1.20 s wall, 40.0 ms CPU`,
/// never `2.2 s wall, 2.09 s CPU` (which reads as if the wall time were rounded more). One
/// formatter for every time, in the terminal and the museum alike.
#[must_use]
pub fn wall_and_cpu(wall: Duration, cpu: Duration) -> String {
    format!("{} wall, {} CPU", whole_digits(wall), whole_digits(cpu))
}

/// `d` as [`duration`] writes it, with its three significant digits whole below a minute:
/// `2.20 s`, `7.00 s`, `40.0 ms`, `233 ms`, `0 s`; from a minute up `duration`'s forms
/// (`2 min 05 s`).
#[must_use]
pub fn whole_digits(d: Duration) -> String {
    let said = duration(d);
    let Some((number, unit)) = said.split_once(' ') else {
        return said;
    };
    if !matches!(unit, "ns" | "µs" | "ms" | "s") || number == "0" {
        return said;
    }
    let significant = number
        .chars()
        .filter(char::is_ascii_digit)
        .skip_while(|&c| c == '0')
        .count();
    if significant >= 3 || number.contains(',') {
        return said;
    }
    let mut out = number.to_string();
    if !out.contains('.') {
        out.push('.');
    }
    out.extend(std::iter::repeat_n('0', 3 - significant));
    format!("{out} {unit}")
}

/// [`wall_and_cpu`] for work done by one thread, timed on that thread from one span: the
/// CPU time is never said to be above the wall-clock time (a clock's granularity can make
/// it look so for tiny spans; one thread cannot use more CPU than time passed).
#[must_use]
pub fn wall_and_cpu_one_thread(wall: Duration, cpu: Duration) -> String {
    wall_and_cpu(wall, cpu.min(wall))
}

/// How wide `text` is on a terminal (East Asian wide characters count two, combining
/// marks none, and colour codes — `ESC [ … m` and the like — none: a coloured error is as
/// wide as the plain one).
#[must_use]
pub fn width(text: &str) -> usize {
    if !text.contains('\u{1b}') {
        return UnicodeWidthStr::width(text);
    }
    let mut columns = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // CSI: ESC [ parameters, up to a final byte from @ to ~; else ESC and one more
            if chars.next() == Some('[') {
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
            continue;
        }
        columns += UnicodeWidthChar::width(c).unwrap_or(0);
    }
    columns
}

fn push_spaces(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n.min(MAX_PAD)));
}

/// `text` followed by spaces up to `width` columns (text already as wide or wider is
/// returned whole). Never panics, whatever `width` is: a width above [`MAX_PAD`] is
/// taken as [`MAX_PAD`].
#[must_use]
pub fn pad_right(text: &str, width: usize) -> String {
    let width = width.min(MAX_PAD);
    let have = self::width(text);
    let mut out = String::with_capacity(text.len() + width.saturating_sub(have).min(MAX_PAD));
    out.push_str(text);
    push_spaces(&mut out, width.saturating_sub(have));
    out
}

/// Spaces then `text`, up to `width` columns (see [`pad_right`]).
#[must_use]
pub fn pad_left(text: &str, width: usize) -> String {
    let width = width.min(MAX_PAD);
    let have = self::width(text);
    let mut out = String::with_capacity(text.len() + width.saturating_sub(have).min(MAX_PAD));
    push_spaces(&mut out, width.saturating_sub(have));
    out.push_str(text);
    out
}

/// `text` cut to at most `width` columns, ending in `…` when it was cut.
#[must_use]
pub fn fit(text: &str, width: usize) -> String {
    if self::width(text) <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w > width - 1 {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push(ELLIPSIS);
    out
}

/// Something a person typed (or a file held), quoted in a message as every message
/// quotes: in single quotes (`'zz'`, as `docs/VOICE.md` says), its control characters
/// escaped (`\n`, `\t`, `\u{1b}`), a quote inside as `\'`, at most `chars` characters of
/// it and `…` when there was more — a 10 MB file is never echoed whole.
///
/// A line a prompt read comes already escaped ([`escape_controls`]): it is quoted as it
/// is (a backslash is not doubled, so `\u{1b}` stays `\u{1b}`), and an escape in it counts
/// as one character: text is cut only between characters, never inside an escape
/// (`'\u{1b}[2J…'`, never `'\u{1…'`).
#[must_use]
pub fn quoted(text: &str, chars: usize) -> String {
    // escape_controls leaves a tab as it is; in quotes it is shown
    let escaped = escape_controls(text).replace('\t', "\\t");
    let mut out = String::from("'");
    let mut rest = escaped.as_str();
    let mut taken = 0;
    while let Some(c) = rest.chars().next() {
        let unit = escape_unit(rest).unwrap_or(&rest[..c.len_utf8()]);
        if taken >= chars {
            out.push(ELLIPSIS);
            break;
        }
        if unit == "'" {
            out.push_str("\\'");
        } else {
            out.push_str(unit);
        }
        taken += 1;
        rest = &rest[unit.len()..];
    }
    out.push('\'');
    out
}

/// The escape at the start of `text`, as [`escape_controls`] writes one (`\u{1b}`, `\n`,
/// `\r`, `\t`), if there is one.
fn escape_unit(text: &str) -> Option<&str> {
    let rest = text.strip_prefix('\\')?;
    if let Some(hex) = rest.strip_prefix("u{") {
        let end = hex.find('}')?;
        let digits = &hex[..end];
        return (!digits.is_empty() && digits.len() <= 6)
            .then_some(())
            .filter(|()| digits.chars().all(|c| c.is_ascii_hexdigit()))
            .map(|()| &text[..1 + 2 + end + 1]);
    }
    matches!(rest.chars().next(), Some('n' | 'r' | 't' | '0')).then(|| &text[..2])
}

/// Backticks (doc comments' code) as the single quotes a person reads: `` `x` `` is
/// `'x'`; a span that holds single quotes of its own (a command line, `--ai 'a:1=b'`) is
/// shown without quotes around it, never nested (`'--ai 'a:1=b''`).
#[must_use]
pub fn ticks_as_quotes(text: &str) -> String {
    const TICK: char = '\u{60}'; // the backtick
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find(TICK) {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find(TICK) {
            Some(close) => {
                let span = &after[..close];
                if span.contains('\'') {
                    out.push_str(span);
                } else {
                    out.push('\'');
                    out.push_str(span);
                    out.push('\'');
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push('\'');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// What a training run loses when its last save fails: `the 3,000 games trained in this
/// run are not saved`, or, when it saved on the way, those since its last save (the file
/// keeps `who` — MENACE, HER — of that save).
#[must_use]
pub fn not_saved(unsaved: u64, saved_on_the_way: bool, who: &str) -> String {
    let games = count(unsaved, "game", "games");
    let verb = if unsaved == 1 { "is" } else { "are" };
    if saved_on_the_way {
        format!(
            "the {games} trained since this run's last save {verb} not saved (the file keeps \
             the {who} of that save)"
        )
    } else {
        format!("the {games} trained in this run {verb} not saved")
    }
}

/// A line a person typed at a prompt, as every prompt hands it on: its control
/// characters (an escape, a bell, a carriage return inside the line; a tab stays) written
/// out as `\u{1b}`, `\u{7}`, `\r`, so that an answer quoted in a refusal (`'a\u{1b}[2J'
/// is not a square`) can never send a terminal an escape sequence. A line without
/// any is returned as it is.
/// The bidirectional controls (U+202A–U+202E, U+2066–U+2069, and the marks U+200E,
/// U+200F, U+061C) are escaped too: they would turn the rest of a terminal's line around.
#[must_use]
pub fn escape_controls(line: &str) -> std::borrow::Cow<'_, str> {
    if !line.chars().any(|c| hidden(c) && c != '\t') {
        return std::borrow::Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len() + 8);
    for c in line.chars() {
        if hidden(c) && c != '\t' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The first character a person typed that [`escape_controls`] wrote out, in a line it
/// handed on (every prompt's line): its position among the characters typed, counted
/// from 1 (an escape written out `\u{1b}` is one character), and the character itself,
/// for a refusal that names it ([`hidden_name`]) rather than counting the letters of its
/// written-out form. `None` when the line holds none.
#[must_use]
pub fn first_escaped(line: &str) -> Option<(usize, char)> {
    let mut rest = line;
    let mut at = 0;
    while let Some(c) = rest.chars().next() {
        at += 1;
        if c == '\\' {
            let after = &rest[1..];
            // a carriage return is written `\r`; every other one `\u{…}`
            if after.starts_with('r') {
                return Some((at, '\r'));
            }
            if let Some(hex) = after.strip_prefix("u{").and_then(|h| h.split_once('}')) {
                if let Some(c) = u32::from_str_radix(hex.0, 16).ok().and_then(char::from_u32) {
                    if hidden(c) {
                        return Some((at, c));
                    }
                }
            }
        }
        rest = &rest[c.len_utf8()..];
    }
    None
}

/// The first character of `text` that a message never prints as it is (a control
/// character, a tab included, a bidirectional control, or a character one cannot see),
/// with its position counted in characters from 1 and its words ([`hidden_name`]): `(3,
/// "a control character (U+001B)")`. For names a person gives that are then shown in
/// tables and written to files (an AI's name), which are refused with it rather than
/// escaped in every place they appear.
#[must_use]
pub fn first_hidden(text: &str) -> Option<(usize, String)> {
    let (i, c) = text.chars().enumerate().find(|&(_, c)| hidden(c))?;
    Some((i + 1, hidden_name(c)))
}

/// The name of a character one cannot see, with its code point as every message writes
/// it (never Rust's `\u{a0}`): `a zero-width space (U+200B)`, `a byte-order mark
/// (U+FEFF)`, `a no-break space (U+00A0)`; others by kind (`an invisible character
/// (U+2060)`, `a control character (U+001B)`, `a bidirectional control (U+202E)`).
#[must_use]
pub fn hidden_name(c: char) -> String {
    let name = match c {
        '\u{feff}' => "a byte-order mark",
        '\u{200b}' => "a zero-width space",
        '\u{200c}' => "a zero-width non-joiner",
        '\u{200d}' => "a zero-width joiner",
        '\u{2060}' => "a word joiner",
        '\u{ad}' => "a soft hyphen",
        '\u{a0}' | '\u{2007}' | '\u{202f}' => "a no-break space",
        c if c.is_control() => "a control character",
        c if bidirectional(c) => "a bidirectional control",
        _ => "an invisible character",
    };
    format!("{name} (U+{:04X})", u32::from(c))
}

/// A control character, a bidirectional control or a character one cannot see (or cannot
/// tell from a plain space): what a message never prints as it is.
#[must_use]
pub fn hidden(c: char) -> bool {
    c.is_control() || bidirectional(c) || invisible(c)
}

/// The bidirectional controls: they would turn the rest of a terminal's line around.
fn bidirectional(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}')
}

/// A character that shows nothing, or shows as a plain space while it is not one: Unicode's
/// default-ignorable code points and format (Cf) characters (zero-width space and joiners,
/// the soft hyphen, the tags, the variation selectors, the Hangul fillers, the Mongolian
/// vowel separator, the combining grapheme joiner, …), the blank braille pattern U+2800,
/// the no-break spaces (U+00A0, U+2007, U+202F) and the line and paragraph separators:
/// `x` and `x` followed by one look the same.
fn invisible(c: char) -> bool {
    matches!(
        c,
        // format (Cf) characters
        '\u{ad}'
            | '\u{600}'..='\u{605}'
            | '\u{6dd}'
            | '\u{70f}'
            | '\u{890}'..='\u{891}'
            | '\u{8e2}'
            | '\u{180e}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206f}'
            | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}'
            | '\u{110bd}'
            | '\u{110cd}'
            | '\u{13430}'..='\u{1343f}'
            | '\u{1bca0}'..='\u{1bca3}'
            | '\u{1d173}'..='\u{1d17a}'
            // default-ignorable code points that are not Cf (the tags' block whole)
            | '\u{34f}'
            | '\u{115f}'..='\u{1160}'
            | '\u{17b4}'..='\u{17b5}'
            | '\u{180b}'..='\u{180f}'
            | '\u{2065}'
            | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{ffa0}'
            | '\u{fff0}'..='\u{fff8}'
            | '\u{e0000}'..='\u{e0fff}'
            // blank, or a space that is not one
            | '\u{2800}'
            | '\u{a0}'
            | '\u{2007}'
            | '\u{202f}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

/// A file name as every message shows it: [`escape_controls`] of its text, so a name
/// made of escape sequences or bidirectional controls never reaches the terminal raw
/// (`x\u{1b}]0;title` is shown so). Names that are not UTF-8 show U+FFFD for the bytes
/// that are not. A name longer than any a system takes (over 4,096 characters: a value
/// typed or pasted by mistake) is shown by its first 60 characters and its length, never
/// echoed whole.
#[must_use]
pub fn path(p: impl AsRef<std::path::Path>) -> String {
    let text = p.as_ref().display().to_string();
    let n = text.chars().count();
    let text = if n > 4096 {
        let head: String = text.chars().take(60).collect();
        format!("{head}… ({} characters)", thousands(n as u64))
    } else {
        text
    };
    // a tab in a name is escaped as an escape is: `a\tb` never looks like `a    b`
    escape_controls(&text).replace('\t', "\\t")
}

/// [`path`] as a method: `file.shown()` where a message names a file.
pub trait Shown {
    /// The name as messages show it ([`path`]).
    fn shown(&self) -> String;
}

impl<P: AsRef<std::path::Path> + ?Sized> Shown for P {
    fn shown(&self) -> String {
        path(self)
    }
}

/// A number a person gave (an option's value, `f64` or `f32`), echoed back in a message
/// in short form: as typed for ordinary sizes (`2.5`, `-3`, `10000`), with an exponent
/// when it is very large or very small (`1e300`, `-1e300`, `1.5e-9`), `infinity` and
/// `NaN` in words — never the 300 digits of `1e300` written out.
#[must_use]
pub fn short<T>(x: T) -> String
where
    T: Copy + Into<f64> + std::fmt::Display + std::fmt::LowerExp,
{
    let v: f64 = x.into();
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "infinity" } else { "-infinity" }.into();
    }
    let a = v.abs();
    if a != 0.0 && !(1e-4..1e15).contains(&a) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// `head`, then `note` shortened (with `…`) to what is left, then `tail`, in at most
/// `room` columns: a progress bar's message, whose rate (`head`) and time left (`tail`)
/// stay whole while they fit. The note loses whole trailing parts ([`fit_parts`]), never
/// half a word; without room for one part, it goes, and then the rate goes before the
/// time left (the counts and the time left stay, `docs/VOICE.md`: a run of 10^12 steps
/// keeps its eta while far from its end).
#[must_use]
pub fn fit_note(head: &str, note: Option<&str>, tail: &str, room: usize) -> String {
    let bare = format!("{head}{tail}");
    if let Some(n) = note {
        if width(&bare) + 2 < room {
            let part = fit_parts(n, room - width(&bare) - 2);
            if !part.is_empty() {
                return format!("{head}  {part}{tail}");
            }
        }
    }
    if width(&bare) <= room {
        bare
    } else if !tail.trim().is_empty() && width(tail.trim_start()) <= room {
        tail.trim_start().to_string()
    } else if width(head) <= room {
        head.to_string()
    } else {
        fit(head, room)
    }
}

/// `text` in at most `width` columns, shortened by whole trailing parts (a part ends at
/// `, `, `; ` or two spaces) and ending in ` …` when it was: `61 % wins, …`, never
/// `61 % los…`. Empty when not even its first part fits.
#[must_use]
pub fn fit_parts(text: &str, width: usize) -> String {
    if self::width(text) <= width {
        return text.to_string();
    }
    let mut best = String::new();
    for (at, _) in text.match_indices([',', ';', ' ']) {
        let rest = &text[at..];
        let part_end = if rest.starts_with(", ") || rest.starts_with("; ") {
            at + 1
        } else if rest.starts_with("  ") {
            at
        } else {
            continue;
        };
        let candidate = format!("{} {ELLIPSIS}", text[..part_end].trim_end());
        if self::width(&candidate) <= width {
            best = candidate;
        } else {
            break;
        }
    }
    best
}

/// The narrowest width [`terminal_width`] gives, whatever the terminal says.
const NARROWEST: usize = 20;

/// The width output is laid out for: [`DEFAULT_WIDTH`], or the terminal's width when it
/// is narrower (asked of standard output, then standard error; `COLUMNS` when neither is
/// a terminal), never below 20. Asked once.
#[must_use]
pub fn terminal_width() -> usize {
    static ASKED: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *ASKED.get_or_init(|| {
        terminal_columns()
            .or_else(|| std::env::var("COLUMNS").ok()?.trim().parse().ok())
            .filter(|&c| c > 0)
            .map_or(DEFAULT_WIDTH, |c: usize| c.clamp(NARROWEST, DEFAULT_WIDTH))
    })
}

/// The columns a progress line (a bar, a spinner) may take: the terminal's whole width
/// (not [`terminal_width`]'s 80 at most: a progress line is redrawn in place, never kept,
/// and on a wider terminal its note — the results so far — shows whole), at most
/// [`WIDEST_PROGRESS`], less [`PROGRESS_MARGIN`]. A line that fills the last column leaves
/// the cursor waiting to wrap, and the terminal's echo of Ctrl-C (`^C`, two columns) then
/// wraps onto a new line, so the clear at the end of the run clears that line and leaves
/// the bar above it on screen. Every progress line is laid out in this width.
#[must_use]
pub fn progress_width() -> usize {
    static ASKED: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    let columns = *ASKED.get_or_init(|| {
        terminal_columns()
            .or_else(|| std::env::var("COLUMNS").ok()?.trim().parse().ok())
            .filter(|&c| c > 0)
            .map_or(DEFAULT_WIDTH, |c: usize| {
                c.clamp(NARROWEST, WIDEST_PROGRESS)
            })
    });
    columns.saturating_sub(PROGRESS_MARGIN)
}

/// The widest a progress line is laid out, whatever the terminal's width.
pub const WIDEST_PROGRESS: usize = 200;

/// The columns a progress line leaves free at the right: room for the terminal's `^C`
/// and the cursor after it ([`progress_width`]).
pub const PROGRESS_MARGIN: usize = 3;

/// The columns of the terminal on standard output or standard error, if either is one.
fn terminal_columns() -> Option<usize> {
    #[cfg(unix)]
    for fd in [1, 2] {
        // SAFETY: TIOCGWINSZ fills a zeroed winsize this function owns; checked.
        let size = unsafe {
            let mut size: libc::winsize = std::mem::zeroed();
            if libc::ioctl(fd, libc::TIOCGWINSZ, &mut size) != 0 {
                continue;
            }
            size
        };
        if size.ws_col > 0 {
            return Some(usize::from(size.ws_col));
        }
    }
    None
}

/// `text` broken into lines of at most `width` columns at spaces; a word wider than the
/// line is cut across lines. Existing line breaks are kept; leading spaces of a line are
/// kept as its indent for the lines it wraps into. A `width` of 0 is taken as 1.
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    for source in text.split('\n') {
        let body = source.trim_start_matches(' ');
        let indent = (source.len() - body.len()).min(width.saturating_sub(1) / 2);
        let mut line = " ".repeat(indent);
        let mut line_width = indent;
        let mut empty = true;
        let first = lines.len();
        for word in glued_words(body) {
            let mut word = word;
            loop {
                let w = self::width(&word);
                let gap = usize::from(!empty);
                if line_width + gap + w <= width {
                    if !empty {
                        line.push(' ');
                    }
                    line.push_str(&word);
                    line_width += gap + w;
                    empty = false;
                    break;
                }
                if !empty {
                    lines.push(std::mem::replace(&mut line, " ".repeat(indent)));
                    line_width = indent;
                    empty = true;
                    continue;
                }
                // A word wider than a whole line: cut it.
                let room = width - indent;
                let (head, tail) = split_at_width(&word, room.max(1));
                lines.push(format!("{line}{head}"));
                line = " ".repeat(indent);
                line_width = indent;
                word = tail.to_string();
                if word.is_empty() {
                    break;
                }
            }
        }
        lines.push(line.trim_end().to_string());
        no_lone_last_word(&mut lines[first..], width);
    }
    lines
}

/// The units a number keeps on its line (`8.67 ms`, never `8.67` / `ms`).
const UNITS: [&str; 12] = [
    "s", "ms", "µs", "ns", "min", "h", "%", "KB", "MB", "GB", "KiB", "MiB",
];

/// The words of `body` as [`wrap`] places them: split at spaces, except that a naming
/// `A = other1` stays one word (a line never ends in `B =` nor starts with `= other1`),
/// and so does a number and its unit (`8.67 ms):`).
pub(crate) fn glued_words(body: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut glue_next = false;
    for word in body.split(' ').filter(|w| !w.is_empty()) {
        let unit = UNITS.contains(&word.trim_end_matches([')', ',', '.', ';', ':']));
        let after_number = words
            .last()
            .is_some_and(|w| w.ends_with(|c: char| c.is_ascii_digit()));
        if unit && after_number && !glue_next {
            if let Some(last) = words.last_mut() {
                last.push(' ');
                last.push_str(word);
            }
        } else if word == "=" && !words.is_empty() {
            if let Some(last) = words.last_mut() {
                last.push_str(" =");
            }
            glue_next = true;
        } else if glue_next {
            if let Some(last) = words.last_mut() {
                last.push(' ');
                last.push_str(word);
            }
            glue_next = false;
        } else {
            words.push(word.to_string());
        }
    }
    words
}

/// A wrapped paragraph (`lines`, at most `width` columns each) whose last line would hold
/// one word alone gets the word before it too, when that fits and leaves the line above
/// two words or more: `…, or start over with\n--fresh training` rather than a lone
/// `training` — a last line of one word reads as a mistake.
pub(crate) fn no_lone_last_word(lines: &mut [String], width: usize) {
    let [.., above, last] = lines else { return };
    let lead = |l: &str| l.len() - l.trim_start_matches(' ').len();
    let (last_lead, above_lead) = (lead(last), lead(above));
    let lone = &last[last_lead..];
    if lone.is_empty() || lone.contains(' ') {
        return;
    }
    // the words as the wrap placed them: a number moves down with its unit
    let words_above = glued_words(&above[above_lead..]);
    if words_above.len() < 3 {
        return;
    }
    let Some(moved) = words_above.last() else {
        return;
    };
    let Some(kept) = above.trim_end().strip_suffix(moved.as_str()) else {
        return;
    };
    let joined = format!("{}{moved} {lone}", &last[..last_lead]);
    if self::width(&joined) > width {
        return;
    }
    let kept = kept.trim_end().to_string();
    *above = kept;
    *last = joined;
}

/// The longest prefix of `text` at most `width` columns wide (at least one character), and
/// the rest.
fn split_at_width(text: &str, width: usize) -> (&str, &str) {
    let mut used = 0;
    for (i, c) in text.char_indices() {
        let w = UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w > width && i > 0 {
            return text.split_at(i);
        }
        used += w;
    }
    (text, "")
}

/// How a column's cells line up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Text: flush left.
    Left,
    /// Numbers: flush right.
    Right,
}

/// A table of text: a header, rows, one alignment per column, two spaces between columns.
/// [`Table::render`] fits it into a width by cutting the widest left-aligned columns (with
/// `…`), never by breaking a line; numbers are never cut. Never panics, whatever the cells.
#[derive(Debug, Clone, Default)]
pub struct Table {
    header: Vec<String>,
    align: Vec<Align>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these column headings and alignments.
    #[must_use]
    pub fn new(columns: &[(&str, Align)]) -> Table {
        Table {
            header: columns.iter().map(|(h, _)| (*h).to_string()).collect(),
            align: columns.iter().map(|(_, a)| *a).collect(),
            rows: Vec::new(),
        }
    }

    /// Add a row; missing cells are empty, extra cells are dropped.
    pub fn row<I, S>(&mut self, cells: I) -> &mut Table
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let mut row: Vec<String> = cells.into_iter().map(Into::into).collect();
        row.resize(self.header.len(), String::new());
        self.rows.push(row);
        self
    }

    /// Number of rows (the header not counted).
    #[must_use]
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether the table has no rows.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The table as lines no wider than `max_width` where that can be done by cutting text
    /// columns down to 3 columns each; the header first.
    #[must_use]
    pub fn render(&self, max_width: usize) -> Vec<String> {
        let n = self.header.len();
        let mut widths: Vec<usize> = (0..n)
            .map(|c| {
                self.rows
                    .iter()
                    .map(|r| width(&r[c]))
                    .chain(std::iter::once(width(&self.header[c])))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let total = |w: &[usize]| w.iter().sum::<usize>() + 2 * w.len().saturating_sub(1);
        // Cut the widest text column by one until the table fits or nothing can be cut.
        while total(&widths) > max_width {
            let widest = (0..n)
                .filter(|&c| self.align[c] == Align::Left && widths[c] > 3)
                .max_by_key(|&c| widths[c]);
            match widest {
                Some(c) => {
                    let excess = total(&widths) - max_width;
                    let others = (0..n)
                        .filter(|&o| o != c && self.align[o] == Align::Left)
                        .map(|o| widths[o])
                        .max()
                        .unwrap_or(3)
                        .max(3);
                    let cut = excess.min(widths[c] - others.min(widths[c] - 1)).max(1);
                    widths[c] = widths[c].saturating_sub(cut).max(3);
                }
                None => break,
            }
        }
        std::iter::once(&self.header)
            .chain(self.rows.iter())
            .map(|cells| {
                let mut line = String::new();
                for (c, cell) in cells.iter().enumerate() {
                    if c > 0 {
                        line.push_str("  ");
                    }
                    let cell = fit(cell, widths[c]);
                    let last = c + 1 == n;
                    match self.align[c] {
                        Align::Left if last => line.push_str(&cell),
                        Align::Left => line.push_str(&pad_right(&cell, widths[c])),
                        Align::Right => line.push_str(&pad_left(&cell, widths[c])),
                    }
                }
                line.trim_end().to_string()
            })
            .collect()
    }
}

impl std::fmt::Display for Table {
    /// The table at [`DEFAULT_WIDTH`], one line per row.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for line in self.render(DEFAULT_WIDTH) {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// Every line of `text` wrapped to `width` and joined with new lines (see [`wrap`]).
#[must_use]
pub fn wrapped(text: &str, width: usize) -> String {
    let mut out = String::new();
    for (i, line) in wrap(text, width).iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = write!(out, "{line}");
    }
    out
}

/// Where the first character one cannot see is in `text`, in words: `character 3 is a
/// zero-width space (U+200B)` — one a prompt wrote out ([`first_escaped`]) or one as it is
/// ([`hidden`]), its position counted in characters from 1. For a refusal that quotes a
/// value a person gave (a key, a number, a name) and must say what is hidden in it.
#[must_use]
pub fn hidden_where(text: &str) -> Option<String> {
    let (at, c) = hidden_at(text)?;
    Some(format!("character {at} is {}", hidden_name(c)))
}

/// The first character one cannot see in `text` and its position (from 1): one a prompt
/// wrote out ([`first_escaped`]), else one as it is ([`hidden`]); what [`hidden_where`]
/// says, for a refusal that keeps the character itself.
#[must_use]
pub fn hidden_at(text: &str) -> Option<(usize, char)> {
    first_escaped(text).or_else(|| {
        text.chars()
            .zip(1..)
            .find(|&(c, _)| hidden(c))
            .map(|(c, at)| (at, c))
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn hidden_characters_are_named_where_they_are() {
        assert_eq!(
            super::hidden_where("1\u{200b}0").as_deref(),
            Some("character 2 is a zero-width space (U+200B)")
        );
        assert_eq!(
            super::hidden_where("4\u{200b}").as_deref(),
            Some("character 2 is a zero-width space (U+200B)")
        );
        assert_eq!(super::hidden_where("10"), None);
    }

    use super::*;

    /// A line as a prompt hands it on: its hidden characters found where they were typed.
    #[test]
    fn an_escaped_character_is_found_where_it_was_typed() {
        for (typed, at) in [
            ("111\u{200b}", 4),
            ("\u{1b}[A", 1),
            ("LM\u{200b}", 3),
            ("a\r", 2),
        ] {
            let line = escape_controls(typed);
            let (i, c) = first_escaped(&line).unwrap_or_else(|| panic!("{line}"));
            assert_eq!(i, at, "{line}");
            assert_eq!(Some(c), typed.chars().nth(at - 1), "{line}");
        }
        assert_eq!(first_escaped("11\\x"), None);
        assert_eq!(first_escaped("plain"), None);
        assert_eq!(
            first_escaped("\\u{41}"),
            None,
            "a letter typed out is no hidden one"
        );
    }
    use proptest::prelude::*;

    /// A 100,000-character name (a `--record-dir` pasted by mistake) was echoed whole in
    /// a 100,045-byte message.
    #[test]
    fn a_name_longer_than_any_is_shortened() {
        let long = "X".repeat(100_000);
        assert_eq!(
            path(&long),
            format!("{}… (100,000 characters)", "X".repeat(60))
        );
        let real = "d/".repeat(2000);
        assert_eq!(path(&real), real);
    }

    #[test]
    fn a_decimal_as_written_gets_thousands() {
        assert_eq!(thousands_decimal("1000"), "1,000");
        assert_eq!(thousands_decimal("1234.5"), "1,234.5");
        assert_eq!(thousands_decimal("-12345.25"), "-12,345.25");
        assert_eq!(thousands_decimal("15"), "15");
        assert_eq!(thousands_decimal("1e3"), "1e3");
        assert_eq!(thousands_decimal("1.5e3"), "1.5e3");
    }

    /// A typed line is quoted as typed, escaped once, and cut between characters — an
    /// escape is one character, never cut in its middle — with `…` when cut.
    #[test]
    fn a_quoted_line_is_cut_between_escapes_never_inside_one() {
        let line = "\u{1b}[2J\u{1b}[H0123456789";
        let shown = quoted(line, 12);
        assert_eq!(shown, "'\\u{1b}[2J\\u{1b}[H01234…'");
        // the same once escaped by a prompt: not escaped twice
        assert_eq!(quoted(&escape_controls(line), 12), shown);
        assert_eq!(quoted("\u{1b}\u{1b}", 1), "'\\u{1b}…'");
        assert_eq!(quoted("it's\t", 10), "'it\\'s\\t'");
        assert_eq!(quoted("abc", 3), "'abc'");
        assert_eq!(quoted("ünï", 2), "'ün…'");
    }

    /// A number keeps its unit on its line: `8.67` / `ms):` read as two things.
    #[test]
    fn a_number_keeps_its_unit() {
        let text = "Proved 682 of 682 positions in 30.1 ms wall, 14.5 ms CPU (the longest alone 8.67 ms): 2,488 node expansions";
        let lines = wrap(text, 80);
        assert!(lines[0].ends_with("the longest alone"), "{lines:?}");
        assert!(lines[1].starts_with("8.67 ms):"), "{lines:?}");
        assert_eq!(wrap("at 9 h", 5), ["at", "9 h"]);
        // a unit's word after a word that is not a number stays free
        assert_eq!(wrap("an h and", 3), ["an", "h", "and"]);
    }

    /// `B = other1` is never cut across lines (a tournament's header).
    #[test]
    fn a_naming_is_never_wrapped_across_lines() {
        let head = "10,000 games on 4×4×4, seed 1962, first mover alternating: A = other1 \
                    -6,9, B = other1";
        let lines = wrap(head, 80);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[1].starts_with("B = other1"), "{lines:?}");
        assert!(lines
            .iter()
            .all(|l| !l.ends_with('=') && !l.starts_with('=')));
        // a lone '=' at the start stays a word; widths are kept
        assert_eq!(wrap("= a b", 80), ["= a b"]);
        assert!(wrap(head, 30).iter().all(|l| width(l) <= 30));
    }

    /// Code in backticks is shown in single quotes, never nested.
    #[test]
    fn backticks_become_single_quotes_never_nested() {
        assert_eq!(ticks_as_quotes("say `x` and `y`"), "say 'x' and 'y'");
        assert_eq!(
            ticks_as_quotes("e.g. `--ai 'ludomat:1=ludomat threes engine'`."),
            "e.g. --ai 'ludomat:1=ludomat threes engine'."
        );
        assert_eq!(ticks_as_quotes("a lone ` stays"), "a lone ' stays");
    }

    #[test]
    fn a_wrapped_paragraph_never_ends_in_one_word_alone() {
        let text =
            "the saved MENACE is kept beside it as a backup, or start over with --fresh training";
        let lines = wrap(text, 40);
        assert!(lines.last().unwrap().contains(' '), "{lines:?}");
        assert!(lines.iter().all(|l| width(l) <= 40), "{lines:?}");
        // a paragraph of one line, or two words in all, is left as it is
        assert_eq!(wrap("one two", 4), ["one", "two"]);
        assert_eq!(wrap("short line", 80), ["short line"]);
    }

    #[test]
    fn colour_codes_are_no_width() {
        assert_eq!(width("\u{1b}[1;31merror:\u{1b}[0m x"), 8);
        assert_eq!(width("plain"), 5);
        assert_eq!(width("\u{1b}[0m"), 0);
    }

    #[test]
    fn what_a_person_gave_is_echoed_short() {
        assert_eq!(short(1e300), "1e300");
        assert_eq!(short(-1e300), "-1e300");
        assert_eq!(short(2.5), "2.5");
        assert_eq!(short(-3.0), "-3");
        assert_eq!(short(1e13), "10000000000000");
        assert_eq!(short(99999999999999999999999.0), "1e23");
        assert_eq!(short(1.5e-9), "1.5e-9");
        assert_eq!(short(0.0), "0");
        assert_eq!(short(1e30_f32), "1e30");
        assert_eq!(short(2.5_f32), "2.5");
        assert_eq!(short(f64::INFINITY), "infinity");
        assert_eq!(short(f64::NAN), "NaN");
        assert!(short(f64::MAX).len() < 30, "{}", short(f64::MAX));
        let long = "x".repeat(10_000_000);
        assert_eq!(quoted(&long, 5), "'xxxxx…'");
        assert_eq!(quoted("a\nb'c\"d\u{1b}", 40), "'a\\nb\\'c\"d\\u{1b}'");
        // what a prompt hands on: control characters written out, a tab kept
        assert_eq!(
            escape_controls("a\u{1b}]0;PWNED\u{7}\u{1b}[2J\tb\r"),
            "a\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J\tb\\r"
        );
        assert!(matches!(
            escape_controls("e4 ok"),
            std::borrow::Cow::Borrowed(_)
        ));
        assert_eq!(quoted("tiny", 40), "'tiny'");
    }

    /// Hostile re-trial item 10: escape sequences and bidirectional controls in a file
    /// name or a file's text are never printed raw.
    #[test]
    fn the_first_hidden_character_is_found_and_said() {
        assert_eq!(first_hidden("plain name"), None);
        assert_eq!(
            first_hidden("ab\u{1b}[2J"),
            Some((3, "a control character (U+001B)".to_string()))
        );
        assert_eq!(
            first_hidden("x\u{202e}y"),
            Some((2, "a bidirectional control (U+202E)".to_string()))
        );
        assert_eq!(first_hidden("\t").map(|h| h.0), Some(1));
        // 'x' and 'x' with a zero-width space look the same in a table
        assert_eq!(
            first_hidden("x\u{200b}"),
            Some((2, "a zero-width space (U+200B)".to_string()))
        );
    }

    /// Every character one cannot see is one class: escaped in messages, refused in names
    /// (the fourth re-trial found U+00AD, U+3164, U+115F, U+FFA0, U+2800, U+180E, U+034F,
    /// U+E0001 and U+00A0 printed raw and taken in AI names).
    #[test]
    fn every_character_one_cannot_see_is_hidden() {
        use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
        for c in (0..=0x10ffff_u32).filter_map(char::from_u32) {
            if c.general_category() == GeneralCategory::Format {
                assert!(hidden(c), "U+{:04X} is a format character", u32::from(c));
            }
        }
        for c in [
            '\u{ad}',
            '\u{3164}',
            '\u{115f}',
            '\u{1160}',
            '\u{ffa0}',
            '\u{2800}',
            '\u{180e}',
            '\u{34f}',
            '\u{e0001}',
            '\u{e0041}',
            '\u{a0}',
            '\u{2007}',
            '\u{202f}',
            '\u{fe0f}',
        ] {
            assert!(hidden(c), "U+{:04X}", u32::from(c));
            let shown = path(format!("a{c}b"));
            assert_eq!(shown, format!("a{}b", c.escape_default()));
            assert!(first_hidden(&format!("ai{c}")).is_some_and(|(at, _)| at == 3));
        }
        assert_eq!(
            first_hidden("a\u{a0}b").map(|h| h.1),
            Some("a no-break space (U+00A0)".into())
        );
        for seen in "plain ×→–…é中🙂 ½ ' \"".chars() {
            assert!(!hidden(seen), "{seen:?}");
        }
        // a tab in a file name is escaped as an escape is; a prompt's line keeps it
        assert_eq!(path("a\tb\u{1b}"), "a\\tb\\u{1b}");
        assert_eq!(escape_controls("a\tb"), "a\tb");
    }

    #[test]
    fn numbers_of_any_length_are_grouped_and_too_large_is_said_one_way() {
        assert_eq!(
            thousands_written("12345678901234567890123"),
            "12,345,678,901,234,567,890,123"
        );
        assert_eq!(thousands_written("-1000"), "-1,000");
        assert_eq!(thousands_written("1e3"), "1e3");
        assert_eq!(
            too_large("4294967296", u32::MAX.into()),
            "4,294,967,296 is too large: a whole number from 0 to 4,294,967,295 was expected"
        );
    }

    /// The time left stays when the rate and it do not both fit (a relay bench of 10^12
    /// steps, whose counts take most of the line).
    #[test]
    fn the_time_left_stays_before_the_rate() {
        assert_eq!(
            fit_note("12,345,678/s", None, "  eta 3 days 04 h", 18),
            "eta 3 days 04 h"
        );
        assert_eq!(
            fit_note("12,345,678/s", None, "  eta 1 s", 40),
            "12,345,678/s  eta 1 s"
        );
        assert_eq!(fit_note("12,345,678/s", None, "", 12), "12,345,678/s");
    }

    #[test]
    fn controls_and_bidi_controls_are_escaped() {
        assert_eq!(escape_controls("plain name.json"), "plain name.json");
        assert_eq!(escape_controls("x\u{1b}]0;t\u{7}"), "x\\u{1b}]0;t\\u{7}");
        for bidi in ['\u{202a}', '\u{202e}', '\u{2066}', '\u{2069}', '\u{200f}'] {
            let shown = escape_controls(&format!("a{bidi}b")).into_owned();
            assert!(!shown.contains(bidi), "{shown:?}");
            assert!(
                shown.starts_with("a\\u{") && shown.ends_with('b'),
                "{shown:?}"
            );
        }
        assert_eq!(
            path(std::path::Path::new("d/\u{202e}txt.exe")),
            "d/\\u{202e}txt.exe"
        );
        assert_eq!(escape_controls("tab\tstays"), "tab\tstays");
    }

    #[test]
    fn counts_say_one_and_many() {
        assert_eq!(count(0, "game", "games"), "0 games");
        assert_eq!(count(1, "game", "games"), "1 game");
        assert_eq!(count(2, "draw", "draws"), "2 draws");
        assert_eq!(count(1_469, "swipe", "swipes"), "1,469 swipes");
    }

    #[test]
    fn results_are_wins_draws_losses_with_plurals() {
        assert_eq!(results(3, 1, 0), "3 wins, 1 draw, 0 losses");
        assert_eq!(results(1, 0, 1), "1 win, 0 draws, 1 loss");
        assert_eq!(results(1_000, 2, 3), "1,000 wins, 2 draws, 3 losses");
        assert_eq!(
            share_with_interval(0.969, 0.9563, 0.9781),
            "96.9 % (95.6–97.8 %)"
        );
        assert_eq!(share_with_interval(0.5, f64::NAN, 1.0), "50.0 %");
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(7_908_518_695), "7,908,518,695");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
        assert_eq!(thousands_signed(-34_027), "-34,027");
        assert_eq!(signed(51_622), "+51,622");
        assert_eq!(signed(0), "0");
    }

    #[test]
    fn numbers_have_no_needless_decimals() {
        assert_eq!(number(852_605.173_5), "852,605");
        assert_eq!(number(12.345), "12.3");
        assert_eq!(number(1.0), "1");
        assert_eq!(number(0.0451), "0.0451");
        assert_eq!(number(0.0), "0");
        assert_eq!(number(-3.0), "-3");
        assert_eq!(number(f64::NAN), "—");
        assert_eq!(percent(0.125), "12.5 %");
    }

    #[test]
    fn durations_read_as_people_say_them() {
        assert_eq!(duration(Duration::from_micros(400)), "400 µs");
        assert_eq!(duration(Duration::from_nanos(12_340)), "12.3 µs");
        assert_eq!(duration(Duration::from_nanos(12_600)), "12.6 µs");
        assert_eq!(duration(Duration::from_nanos(794)), "794 ns");
        assert_eq!(duration(Duration::from_nanos(999_700)), "1 ms");
        assert_eq!(duration(Duration::from_millis(20)), "20 ms");
        assert_eq!(duration(Duration::from_millis(233)), "233 ms");
        assert_eq!(duration(Duration::from_millis(1_234)), "1.23 s");
        assert_eq!(duration(Duration::from_millis(12_340)), "12.3 s");
        assert_eq!(duration(Duration::from_secs(125)), "2 min 05 s");
        assert_eq!(duration(Duration::from_secs(3_720)), "1 h 02 min");
        assert_eq!(duration(Duration::from_secs(158_040)), "1 day 19 h");
        assert_eq!(
            duration(Duration::from_secs(183 * 86_400 + 7_300)),
            "183 days 02 h"
        );
        assert_eq!(duration(Duration::from_secs(31_557_600)), "1 year 0 days");
        assert_eq!(
            duration(Duration::from_secs(5 * 31_557_600 + 12 * 86_400 + 5)),
            "5 years 12 days"
        );
        assert_eq!(duration(Duration::ZERO), "0 s");
        assert_eq!(
            wall_and_cpu(Duration::from_millis(12_300), Duration::from_millis(20_100)),
            "12.3 s wall, 20.1 s CPU"
        );
        // each as duration writes it: never 0.0126 ms, never 0.2 s beside 233 ms
        assert_eq!(
            wall_and_cpu(Duration::from_nanos(30_300), Duration::from_micros(1_692)),
            "30.3 µs wall, 1.69 ms CPU"
        );
        assert_eq!(
            wall_and_cpu(Duration::from_nanos(12_600), Duration::from_micros(20)),
            "12.6 µs wall, 20.0 µs CPU"
        );
        assert_eq!(
            wall_and_cpu(Duration::from_millis(1_200), Duration::from_millis(233)),
            "1.20 s wall, 233 ms CPU"
        );
        assert_eq!(
            wall_and_cpu(Duration::from_nanos(12_300), Duration::ZERO),
            "12.3 µs wall, 0 s CPU"
        );
        assert_eq!(
            wall_and_cpu(Duration::from_secs(125), Duration::from_secs(250)),
            "2 min 05 s wall, 4 min 10 s CPU"
        );
        // one thread: never more CPU than wall
        assert_eq!(
            wall_and_cpu_one_thread(Duration::from_nanos(30_300), Duration::from_micros(692)),
            "30.3 µs wall, 30.3 µs CPU"
        );
        assert_eq!(
            rate(717_039.0, Duration::from_secs(1), "games"),
            "717,039 games/s"
        );
        assert_eq!(rate(5.0, Duration::ZERO, "games"), "— games/s");
    }

    #[test]
    fn padding_a_huge_width_does_not_panic() {
        // `format!("{:<w$}")` panics above 65,535; this must not.
        let padded = pad_right("x", 70_000);
        assert_eq!(width(&padded), 70_000.min(MAX_PAD));
        assert_eq!(pad_left("x", usize::MAX).len(), MAX_PAD);
        assert_eq!(pad_right("wide", 2), "wide");
        assert_eq!(pad_left("7", 3), "  7");
    }

    #[test]
    fn fit_cuts_with_an_ellipsis() {
        assert_eq!(fit("nneonneo", 20), "nneonneo");
        assert_eq!(fit("nneonneo", 5), "nneo…");
        assert_eq!(fit("abc", 0), "");
        assert_eq!(width(&fit(&"名".repeat(10), 7)), 7);
    }

    #[test]
    fn wrap_breaks_at_spaces() {
        assert_eq!(
            wrap("cancelled 0 autoplay runs and 2 long runs", 20),
            vec!["cancelled 0 autoplay", "runs and 2 long runs"]
        );
        assert_eq!(wrap("a\n\nb", 5), vec!["a", "", "b"]);
        assert_eq!(
            wrap("  indented text here", 10),
            vec!["  indented", "  text", "  here"]
        );
        assert_eq!(wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
    }

    #[test]
    fn a_table_fits_by_cutting_its_text_columns() {
        let mut t = Table::new(&[("AI", Align::Left), ("mean", Align::Right)]);
        t.row(["x".repeat(70_000), "123,456".to_string()]);
        t.row(["heuristic", "99"]);
        let lines = t.render(40);
        assert!(lines.iter().all(|l| width(l) <= 40), "{lines:?}");
        assert!(lines[1].ends_with("123,456"));
        assert!(lines[1].contains('…'));
    }

    proptest! {
        #[test]
        fn wrapped_lines_fit(text in "[a-z ]{0,200}", w in 1usize..60) {
            for line in wrap(&text, w) {
                prop_assert!(width(&line) <= w, "{line:?} wider than {w}");
            }
        }

        #[test]
        fn wrapping_keeps_every_word(words in proptest::collection::vec("[a-z]{1,8}", 0..30), w in 8usize..60) {
            let text = words.join(" ");
            let back: Vec<String> = wrap(&text, w)
                .join(" ")
                .split(' ')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            prop_assert_eq!(back, words);
        }

        #[test]
        fn tables_never_panic(cells in proptest::collection::vec(".{0,40}", 0..12), w in 0usize..200) {
            let mut t = Table::new(&[("a", Align::Left), ("b", Align::Right), ("c", Align::Left)]);
            for chunk in cells.chunks(3) {
                t.row(chunk.to_vec());
            }
            let _ = t.render(w);
        }
    }

    #[test]
    fn a_note_is_cut_between_what_stays() {
        let note = "12,345 expansions, 3.2 s CPU, 111 222 333 444 121 212 343 434 141 414";
        let m = fit_note("1,234/s", Some(note), "  eta 2 min 05 s", 50);
        assert_eq!(m, "1,234/s  12,345 expansions, …  eta 2 min 05 s");
        assert!(width(&m) <= 50, "{m}");
        // no room for the note: the rate and the time left
        assert_eq!(
            fit_note("1,234/s", Some(note), "  eta 8 s", 18),
            "1,234/s  eta 8 s"
        );
        // room for less: the time left alone (the counts and it stay), never wider than
        // the room
        assert_eq!(fit_note("1,234/s", None, "  eta 8 s", 10), "eta 8 s");
        assert_eq!(width(&fit_note("1,234/s", None, "  eta 8 s", 6)), 6);
        assert_eq!(fit_note("2/s", Some("last: 1"), "", 80), "2/s  last: 1");
    }

    #[test]
    fn positions_have_thousands() {
        assert_eq!(line(1_000_002_u64), "line 1,000,002");
        assert_eq!(line_column(12_usize, 3_u32), "line 12, column 3");
        assert_eq!(
            line_column(1_000_usize, 12_345_usize),
            "line 1,000, column 12,345"
        );
    }

    #[test]
    fn a_setting_is_written_as_it_is_with_thousands() {
        assert_eq!(decimal(1400.0), "1,400");
        assert_eq!(decimal(135.0), "135");
        assert_eq!(decimal(11.75), "11.75");
        assert_eq!(decimal(-0.25), "-0.25");
        assert_eq!(decimal(1234.5), "1,234.5");
        assert_eq!(decimal(0.1 + 0.2), "0.3");
        assert_eq!(decimal(-200_000.0), "-200,000");
        assert_eq!(decimal(0.0), "0");
        assert_eq!(decimal(-0.0), "0");
    }

    #[test]
    fn a_note_loses_whole_parts_never_half_a_word() {
        let rates = "61 % wins, 30 % draws, 9 % losses";
        assert_eq!(fit_parts(rates, 40), rates);
        assert_eq!(fit_parts(rates, 30), "61 % wins, 30 % draws, …");
        assert_eq!(fit_parts(rates, 20), "61 % wins, …");
        assert_eq!(fit_parts(rates, 8), "");
        assert_eq!(fit_parts("swipes 1,234  last 5,678", 20), "swipes 1,234 …");
        for room in 0..60 {
            let m = fit_note("250/s", Some(rates), "  eta 2 s", room);
            assert!(width(&m) <= room.max(5), "{room}: {m}");
            assert!(!m.contains("los…") && !m.contains("wi…"), "{room}: {m}");
        }
    }

    #[test]
    fn two_times_side_by_side_have_one_precision() {
        let ms = Duration::from_millis;
        // The museum re-trial's pairs.
        assert_eq!(wall_and_cpu(ms(2200), ms(2090)), "2.20 s wall, 2.09 s CPU");
        assert_eq!(wall_and_cpu(ms(7450), ms(7000)), "7.45 s wall, 7.00 s CPU");
        // Three significant digits already, and the other units.
        assert_eq!(
            wall_and_cpu(ms(12_300), ms(20_100)),
            "12.3 s wall, 20.1 s CPU"
        );
        assert_eq!(wall_and_cpu(ms(1200), ms(40)), "1.20 s wall, 40.0 ms CPU");
        assert_eq!(
            wall_and_cpu(Duration::from_micros(400), Duration::from_nanos(1000)),
            "400 µs wall, 1.00 µs CPU"
        );
        // Rounded up into the next digit: still three (9.996 s is 10.0 s, not 10.00 s).
        assert_eq!(whole_digits(Duration::from_micros(9_996_000)), "10.0 s");
        // Nothing and minutes as `duration` writes them.
        assert_eq!(wall_and_cpu(ms(0), ms(125_000)), "0 s wall, 2 min 05 s CPU");
    }
}
