//! Counts typed on the command line (`1000000`, `1_000_000`, `1e9`) checked against a
//! stated limit, so that an absurd flag is refused with the limit named instead of being
//! misread, wrapped, or started and never finished.

/// A count that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// Not a number at all, or not a whole one.
    #[error(
        "{} is not a whole number of {unit} (e.g. 1000000 or 1e6)",
        ludomat_io::text::quoted(text, 40)
    )]
    NotWhole {
        /// What was given.
        text: String,
        /// What is counted.
        unit: &'static str,
    },
    /// A whole number above the limit.
    #[error("{} is more than the limit of {} {unit}", ludomat_io::text::quoted(text, 40), thousands(*limit))]
    TooLarge {
        /// What was given.
        text: String,
        /// The limit.
        limit: u64,
        /// What is counted.
        unit: &'static str,
    },
}

/// What a number typed on the command line is, read exactly (never through a float):
/// digits with `_` or `,` between groups of three (`1_000`, `1,000`; `1_0` is refused), an optional sign, and an optional decimal point and
/// exponent (`1e9`, `2.5e3`, `1_000`) — a whole number only when the value is whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Whole {
    /// A whole number.
    Value(i128),
    /// A whole number beyond what any count holds (its sign).
    TooLarge { negative: bool },
    /// Not a number, or not a whole one (`1.5`, `1e-3`, `x`).
    Fraction,
}

/// Whether the `_` or `,` in `text` (if any) only group a run of digits in threes, as
/// thousands are grouped (`1_000_000`, `1,000,000` as every count is printed): `1_0`,
/// `_1`, `1__000`, `1,0`, `1,000_000` and `1e1_0` are not numbers written in digits, and
/// are refused rather than read as `10`.
fn grouped_in_thousands(text: &str) -> bool {
    let separator = match (text.contains('_'), text.contains(',')) {
        (false, false) => return true,
        (true, true) => return false,
        (true, false) => '_',
        (false, true) => ',',
    };
    let t = text.strip_prefix(['-', '+']).unwrap_or(text);
    let whole = t.split(['.', 'e', 'E']).next().unwrap_or("");
    if t[whole.len()..].contains(separator) {
        return false;
    }
    let mut groups = whole.split(separator);
    let first = groups.next().unwrap_or("");
    (1..=3).contains(&first.len())
        && groups.all(|g| g.len() == 3)
        && whole
            .bytes()
            .all(|b| b == separator as u8 || b.is_ascii_digit())
}

fn read_whole(text: &str) -> Whole {
    if !grouped_in_thousands(text.trim()) {
        return Whole::Fraction;
    }
    let t: String = text
        .trim()
        .chars()
        .filter(|c| *c != '_' && *c != ',')
        .collect();
    let (negative, body) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(&t)),
    };
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(at) => (&body[..at], Some(&body[at + 1..])),
        None => (body, None),
    };
    // a decimal point without an exponent writes a decimal, not a whole number (`1000.0`
    // is refused as the words say: "not a whole number"); with one, it is the exponent
    // form's (`2.5e3`, `1e9`: accepted, as docs/VOICE.md says)
    if exponent.is_none() && mantissa.contains('.') {
        return Whole::Fraction;
    }
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits_only = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if int_part.len() + frac_part.len() == 0 || !digits_only(int_part) || !digits_only(frac_part) {
        return Whole::Fraction;
    }
    let digits = format!("{int_part}{frac_part}");
    let digits = digits.trim_start_matches('0');
    if digits.is_empty() {
        // zero, in any notation with a well-formed exponent
        return match exponent.map(|e| e.strip_prefix(['+', '-']).unwrap_or(e)) {
            Some(e) if e.is_empty() || !digits_only(e) => Whole::Fraction,
            _ => Whole::Value(0),
        };
    }
    let exponent: i64 = match exponent {
        None => 0,
        Some(e) => {
            let (sign, magnitude) = match e.strip_prefix('-') {
                Some(m) => (-1, m),
                None => (1, e.strip_prefix('+').unwrap_or(e)),
            };
            if magnitude.is_empty() || !digits_only(magnitude) {
                return Whole::Fraction;
            }
            match magnitude.parse::<i64>() {
                Ok(m) => sign * m,
                // an exponent of more than 18 digits: far beyond any count, or far below 1
                Err(_) if sign > 0 => return Whole::TooLarge { negative },
                Err(_) => return Whole::Fraction,
            }
        }
    };
    let scale = exponent.saturating_sub(frac_part.len() as i64);
    let digits = if scale < 0 {
        let cut = usize::try_from(-scale).unwrap_or(usize::MAX);
        if cut >= digits.len() || !digits[digits.len() - cut..].bytes().all(|b| b == b'0') {
            return Whole::Fraction;
        }
        digits[..digits.len() - cut].to_string()
    } else if digits.len() as i64 + scale > 39 {
        return Whole::TooLarge { negative };
    } else {
        format!("{digits}{}", "0".repeat(scale as usize))
    };
    match digits.parse::<i128>() {
        Ok(v) if negative => Whole::Value(-v),
        Ok(v) => Whole::Value(v),
        Err(_) => Whole::TooLarge { negative },
    }
}

/// Read a count of `unit` no larger than `limit`: decimal digits (`_` between groups of
/// three) or
/// a whole number in exponent form such as `1e9`, read exactly.
///
/// # Errors
/// [`CountError::NotWhole`] for text that is not a whole, non-negative number;
/// [`CountError::TooLarge`] above `limit`.
pub fn parse_count(text: &str, limit: u64, unit: &'static str) -> Result<u64, CountError> {
    let too_large = || CountError::TooLarge {
        text: text.trim().to_string(),
        limit,
        unit,
    };
    match read_whole(text) {
        Whole::Value(v) if v < 0 => Err(CountError::NotWhole {
            text: text.trim().to_string(),
            unit,
        }),
        Whole::Value(v) => u64::try_from(v)
            .ok()
            .filter(|n| *n <= limit)
            .ok_or_else(too_large),
        Whole::TooLarge { negative: false } => Err(too_large()),
        Whole::TooLarge { negative: true } | Whole::Fraction => Err(CountError::NotWhole {
            text: text.trim().to_string(),
            unit,
        }),
    }
}

pub use ludomat_io::text::thousands;

/// A count on the command line, from `min` to `max` (digits, `_` between groups of three
/// digits, or `1e6`),
/// read as `T`: with the cargo feature `clap`, a clap value parser, so every machine's
/// options refuse an out-of-range count with the same message ("--games '0' is not a
/// whole number from 1 to 1,000") and clap's usage-error status.
pub struct Count<T> {
    min: i128,
    max: i128,
    marker: std::marker::PhantomData<fn() -> T>,
}

impl<T> Clone for Count<T> {
    fn clone(&self) -> Self {
        Count { ..*self }
    }
}

/// A count from `min` to `max`, read as `T`.
#[must_use]
pub const fn count<T>(min: u64, max: u64) -> Count<T> {
    Count {
        min: min as i128,
        max: max as i128,
        marker: std::marker::PhantomData,
    }
}

/// A whole number from `min` to `max` that may be negative (a bead change, −1,000 to
/// 1,000), read as `T`, with the same notation and message as [`count`].
#[must_use]
pub const fn signed<T>(min: i64, max: i64) -> Count<T> {
    Count {
        min: min as i128,
        max: max as i128,
        marker: std::marker::PhantomData,
    }
}

/// A limit as people write it: `1,000`, `-1,000`.
fn say(v: i128) -> String {
    let magnitude = u64::try_from(v.unsigned_abs()).map_or_else(|_| v.to_string(), thousands);
    if v < 0 {
        format!("-{magnitude}")
    } else {
        magnitude
    }
}

/// The most worker threads any command starts.
pub const MAX_THREADS: u64 = 256;

/// A hidden character in a refused number, named where it is (`: character 2 is a
/// zero-width space (U+200B)`); empty when there is none.
fn hidden_in(text: &str) -> String {
    ludomat_io::text::hidden_where(text.trim()).map_or_else(String::new, |w| format!(": {w}"))
}

impl<T> Count<T> {
    /// The limits as `--help` states them: "1 to 1,000,000".
    #[must_use]
    pub fn limits(&self) -> String {
        format!("{} to {}", say(self.min), say(self.max))
    }

    /// Read `text` as a count within the limits; the message names the limits.
    ///
    /// # Errors
    /// The message, when `text` is not a whole number within the limits.
    pub fn read(&self, text: &str) -> Result<i128, String> {
        // `-0` for a count that cannot be negative is a slip, not a zero
        let signed = self.min < 0 || !text.trim().starts_with('-');
        match read_whole(text) {
            Whole::Value(n) if signed && (self.min..=self.max).contains(&n) => Ok(n),
            _ => Err(format!(
                "{} is not a whole number from {}{}",
                ludomat_io::text::quoted(text.trim(), 40),
                self.limits(),
                hidden_in(text)
            )),
        }
    }
}

#[cfg(feature = "clap")]
impl<T> clap::builder::TypedValueParser for Count<T>
where
    T: TryFrom<i128> + Clone + Send + Sync + 'static,
{
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        let name = arg
            .and_then(|a| a.get_long().map(|l| format!("--{l}")))
            .unwrap_or_else(|| "the count".into());
        let text = value.to_string_lossy();
        // said as clap says a usage error: the message, the command's usage line, the
        // help hint (formatted against the command, as clap's own errors are)
        let fail = |why: String| {
            clap::Error::raw(
                clap::error::ErrorKind::ValueValidation,
                format!("{name} {why}"),
            )
            .format(&mut cmd.clone())
        };
        let n = self.read(&text).map_err(fail)?;
        T::try_from(n).map_err(|_| {
            fail(format!(
                "{} does not fit",
                ludomat_io::text::quoted(&text, 40)
            ))
        })
    }
}

/// A number with decimals on the command line (`0.3`, `1e-3`), from `min` to `max`: the
/// decimals' counterpart of [`count`], for every option that takes an `f64` — the same
/// words and status for a value out of range or not a number ("--lambda 'abc' is not a
/// number from 0 to 1"), never the parser's `invalid float literal`. `NaN` and the
/// infinities are refused.
#[derive(Clone, Copy, Debug)]
pub struct Decimal {
    min: f64,
    max: f64,
    /// Whether `min` itself is refused ("from above 0 to 1").
    above_min: bool,
}

/// A number from `min` to `max`, both taken.
#[must_use]
pub const fn decimal(min: f64, max: f64) -> Decimal {
    Decimal {
        min,
        max,
        above_min: false,
    }
}

/// A number above `min` (not `min` itself) up to `max`: a step size, a time.
#[must_use]
pub const fn decimal_above(min: f64, max: f64) -> Decimal {
    Decimal {
        min,
        max,
        above_min: true,
    }
}

impl Decimal {
    /// The same parser giving `f32` (a kit's millimetres).
    #[cfg(feature = "clap")]
    #[must_use]
    pub fn f32(self) -> impl clap::builder::TypedValueParser<Value = f32> {
        clap::builder::TypedValueParser::map(self, |x| x as f32)
    }

    /// The limits as `--help` and the refusals say them: "0 to 1", "above 0 to 1".
    #[must_use]
    pub fn limits(&self) -> String {
        let say = |x: f64| {
            if x.fract() == 0.0 && x.abs() < 1e15 {
                ludomat_io::text::thousands_signed(x as i64)
            } else {
                ludomat_io::text::short(x)
            }
        };
        let above = if self.above_min { "above " } else { "" };
        format!("{above}{} to {}", say(self.min), say(self.max))
    }

    /// Read `text` as a number within the limits; the message names the limits.
    ///
    /// # Errors
    /// The message, when `text` is not a number within the limits.
    pub fn read(&self, text: &str) -> Result<f64, String> {
        let t = text.trim();
        let refused = || {
            format!(
                "{} is not a number from {}{}",
                ludomat_io::text::quoted(t, 40),
                self.limits(),
                hidden_in(t)
            )
        };
        // digits, a point, an exponent: no 'inf', 'nan' or '_'
        if t.is_empty()
            || !t
                .bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'))
        {
            return Err(refused());
        }
        let x: f64 = t.parse().map_err(|_| refused())?;
        let low_ok = if self.above_min {
            x > self.min
        } else {
            x >= self.min
        };
        if x.is_finite() && low_ok && x <= self.max {
            Ok(x)
        } else {
            Err(refused())
        }
    }
}

#[cfg(feature = "clap")]
impl clap::builder::TypedValueParser for Decimal {
    type Value = f64;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<f64, clap::Error> {
        let name = arg
            .and_then(|a| a.get_long().map(|l| format!("--{l}")))
            .unwrap_or_else(|| "the number".into());
        self.read(&value.to_string_lossy()).map_err(|why| {
            clap::Error::raw(
                clap::error::ErrorKind::ValueValidation,
                format!("{name} {why}"),
            )
            .format(&mut cmd.clone())
        })
    }
}

/// `cmd` with every option that takes a value (in it and in its subcommands) taking one
/// that reads as a negative number (`--games -1`, `--seed -5`, `--port -0`) as its value,
/// so that the option's own refusal speaks, with its range (`--games '-1' is not a whole
/// number from 1 to 1,000,000`), never clap's `unexpected argument '-1'`. No option has a
/// digit for its short name, so none is hidden by it.
#[cfg(feature = "clap")]
#[must_use]
pub fn negatives_as_values(cmd: clap::Command) -> clap::Command {
    cmd.mut_args(|a| {
        let takes = a.get_long().is_some() && a.get_action().takes_values();
        a.allow_negative_numbers(takes)
    })
    .mut_subcommands(negatives_as_values)
}

/// `P` parsed from `args` as clap would, with [`negatives_as_values`].
///
/// # Errors
/// clap's error for a command line that is not one of `P`'s.
#[cfg(feature = "clap")]
pub fn parse_from<P, I, T>(args: I) -> Result<P, clap::Error>
where
    P: clap::Parser,
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let matches = negatives_as_values(P::command()).try_get_matches_from(args)?;
    P::from_arg_matches(&matches)
}

/// What clap's error `e` says, without its `error: ` and usage lines: for a message that
/// quotes a command line's refusal inside its own (an engine's command in `--ai`).
#[cfg(feature = "clap")]
#[must_use]
pub fn said(e: &clap::Error) -> String {
    let text = e.to_string();
    let first = text.lines().next().unwrap_or_default();
    first.trim_start_matches("error: ").to_string()
}

/// The most characters of a value clap's error echoes ([`escaped`]).
#[cfg(feature = "clap")]
const ECHOED: usize = 60;

/// clap's own error with what was typed shown as every message shows it: a value, an
/// argument or a subcommand holding a control or an invisible character (`--x
/// 'per\u{200b}fect'`, a tab) is written out (`\u{200b}`, `\t`), never printed raw; a
/// value of more than 60 characters is quoted by its start (`'xxx… (100,000
/// characters)'`).
#[cfg(feature = "clap")]
#[must_use]
pub fn escaped(mut e: clap::Error) -> clap::Error {
    use clap::error::{ContextKind, ContextValue};
    let shown = |s: &str| {
        let escaped = ludomat_io::text::escape_controls(s).replace('\t', "\\t");
        // a value too long to echo whole (100,000 characters) is quoted by its start
        let chars = s.chars().count();
        if escaped.chars().count() <= ECHOED {
            return escaped;
        }
        let start: String = escaped.chars().take(ECHOED).collect();
        format!(
            "{start}… ({})",
            ludomat_io::text::count(chars as u64, "character", "characters")
        )
    };
    for kind in [
        ContextKind::InvalidValue,
        ContextKind::InvalidArg,
        ContextKind::InvalidSubcommand,
    ] {
        let value = match e.get(kind) {
            Some(ContextValue::String(s)) => ContextValue::String(shown(s)),
            Some(ContextValue::Strings(v)) => {
                ContextValue::Strings(v.iter().map(|s| shown(s)).collect())
            }
            _ => continue,
        };
        e.insert(kind, value);
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    /// clap's "invalid value" line echoes what was typed: an invisible character in it
    /// is written out, never printed raw (`play tictactoe --x $'per\u200bfect'`).
    #[cfg(feature = "clap")]
    #[test]
    fn clap_errors_show_hidden_characters_escaped() {
        let cmd = clap::Command::new("t").arg(
            clap::Arg::new("x")
                .long("x")
                .value_parser(clap::builder::PossibleValuesParser::new(["perfect"])),
        );
        for (typed, shown) in [
            ("per\u{200b}fect", "per\\u{200b}fect"),
            ("a\tb\u{ad}", "a\\tb\\u{ad}"),
        ] {
            let e = cmd
                .clone()
                .try_get_matches_from(["t", "--x", typed])
                .unwrap_err();
            assert!(e.render().to_string().contains(typed));
            let text = escaped(e).render().to_string();
            assert!(text.contains(shown) && !text.contains(typed), "{text}");
        }
    }

    /// `--games -1` is the option's value, refused in its words with its range; a flag
    /// and a positional argument are left as they were.
    #[cfg(feature = "clap")]
    #[test]
    fn a_negative_number_is_an_options_value() {
        let cmd = clap::Command::new("t").subcommand(
            clap::Command::new("run")
                .arg(
                    clap::Arg::new("games")
                        .long("games")
                        .value_parser(count::<u64>(1, 1_000)),
                )
                .arg(
                    clap::Arg::new("q")
                        .long("q")
                        .action(clap::ArgAction::SetTrue),
                )
                .arg(clap::Arg::new("file")),
        );
        let said = |cmd: clap::Command, v: &str| {
            let e = cmd
                .try_get_matches_from(["t", "run", "--games", v])
                .unwrap_err();
            e.render().to_string()
        };
        assert!(said(cmd.clone(), "-1").contains("unexpected argument '-1'"));
        let cmd = negatives_as_values(cmd);
        // `--port -0`: a minus on a count that cannot be negative is refused, not read as 0
        assert!(count::<u64>(0, 10).read("-0").is_err());
        assert_eq!(signed::<i32>(-5, 5).read("-0"), Ok(0));
        for v in ["-1", "-5e3", "-0"] {
            let e = said(cmd.clone(), v);
            assert!(
                e.contains(&format!(
                    "--games '{v}' is not a whole number from 1 to 1,000"
                )),
                "{e}"
            );
        }
        let run = cmd.find_subcommand("run").unwrap();
        assert!(!run
            .get_arguments()
            .any(|a| a.get_id() == "q" && a.is_allow_negative_numbers_set()));
        assert!(!run
            .get_arguments()
            .any(|a| a.get_id() == "file" && a.is_allow_negative_numbers_set()));
    }

    #[test]
    fn counts_and_limits() {
        assert_eq!(parse_count("1e9", u64::MAX, "steps"), Ok(1_000_000_000));
        assert_eq!(parse_count("1_000", 10_000, "steps"), Ok(1000));
        let e = parse_count("1e30", 1_000_000, "steps").unwrap_err();
        assert_eq!(
            e.to_string(),
            "'1e30' is more than the limit of 1,000,000 steps"
        );
        let e = parse_count("99999999999999999999999", 10, "vectors").unwrap_err();
        assert!(matches!(e, CountError::TooLarge { .. }), "{e}");
        assert!(matches!(
            parse_count("1.5", 10, "vectors"),
            Err(CountError::NotWhole { .. })
        ));
        assert!(parse_count("-1", 10, "vectors").is_err());
        assert!(parse_count("nan", 10, "vectors").is_err());
        assert_eq!(parse_count("10", 10, "vectors"), Ok(10));
    }

    /// Decimals are read and refused in the words of counts, with their range.
    #[test]
    fn decimals_are_read_or_refused_with_their_range() {
        let lambda = decimal(0.0, 1.0);
        assert_eq!(lambda.read("0.3"), Ok(0.3));
        assert_eq!(lambda.read("1"), Ok(1.0));
        assert_eq!(lambda.read("0"), Ok(0.0));
        assert_eq!(lambda.read("5e-1"), Ok(0.5));
        for bad in ["abc", "2", "-0.1", "NaN", "inf", "", "1_0", "0x1"] {
            assert_eq!(
                lambda.read(bad),
                Err(format!("'{bad}' is not a number from 0 to 1")),
                "{bad}"
            );
        }
        let alpha = decimal_above(0.0, 1.0);
        assert_eq!(
            alpha.read("0"),
            Err("'0' is not a number from above 0 to 1".to_string())
        );
        assert_eq!(alpha.read("0.1"), Ok(0.1));
    }

    /// `_` groups thousands or is refused: `1_0` is not read as 10.
    #[test]
    fn underscores_only_group_thousands() {
        let any = count::<u64>(0, u64::MAX);
        assert_eq!(any.read("1_000_000"), Ok(1_000_000));
        assert_eq!(any.read("10_000e2"), Ok(1_000_000));
        // commas as every count is printed: `--games 1,000`, `1,000` at a prompt
        assert_eq!(any.read("1,000"), Ok(1_000));
        assert_eq!(any.read(" 1,000,000 "), Ok(1_000_000));
        assert_eq!(parse_count("1,000", 10_000, "games"), Ok(1_000));
        for bad in [
            "1,0",
            ",1",
            "1,",
            "1,,000",
            "1,000_000",
            "1,5",
            "1.000,5",
            "1_0",
            "_1",
            "1_",
            "1__000",
            "1000_000_0",
            "1e1_0",
            "1.0_0",
            "-_1",
        ] {
            assert_eq!(
                any.read(bad),
                Err(format!(
                    "'{bad}' is not a whole number from 0 to 18,446,744,073,709,551,615"
                )),
                "{bad}"
            );
            assert!(matches!(
                parse_count(bad, 10, "games"),
                Err(CountError::NotWhole { .. })
            ));
        }
        // what was typed is echoed escaped
        assert!(any
            .read("1\u{1b}[2J")
            .unwrap_err()
            .starts_with("'1\\u{1b}[2J'"));
    }

    #[test]
    fn numbers_in_any_notation_are_read_exactly_or_refused() {
        let any = count::<u64>(0, u64::MAX);
        assert_eq!(any.read("1e13"), Ok(10_000_000_000_000));
        assert_eq!(any.read("2.5e3"), Ok(2500));
        assert_eq!(any.read("1E2"), Ok(100));
        assert_eq!(any.read("+7"), Ok(7));
        assert_eq!(any.read("0e5"), Ok(0));
        assert_eq!(any.read("18446744073709551615"), Ok(i128::from(u64::MAX)));
        // exact, never through a float: 2^64 + 1 is not rounded into range
        assert!(any.read("18446744073709551617").is_err());
        assert_eq!(
            any.read("1.8446744073709551615e19"),
            Ok(i128::from(u64::MAX))
        );
        for bad in [
            "1.5",
            "1000.0",
            "1000.",
            "0.0",
            "1e-3",
            "15e-1",
            "1e",
            "e5",
            "-",
            "",
            ".",
            "1e99999999999999999999",
            "nan",
            "inf",
        ] {
            let e = any.read(bad).unwrap_err();
            assert!(
                e.contains("is not a whole number from 0 to 18,446,744,073,709,551,615"),
                "{bad}: {e}"
            );
        }
        assert_eq!(any.read("1000e-3"), Ok(1));
        assert!(any.read("1500e-3").is_err());
        let beads = signed::<i32>(-1000, 1000);
        assert_eq!(beads.read("-1"), Ok(-1));
        assert_eq!(beads.read("-1e3"), Ok(-1000));
        assert_eq!(
            beads.read("-2147483648").unwrap_err(),
            "'-2147483648' is not a whole number from -1,000 to 1,000"
        );
        assert_eq!(
            count::<u64>(1, 10).read("1e13").unwrap_err(),
            "'1e13' is not a whole number from 1 to 10"
        );
    }

    #[test]
    fn a_count_names_its_limits() {
        let c = count::<u16>(1, 256);
        assert_eq!(c.read("1e2"), Ok(100));
        assert_eq!(c.read("256"), Ok(256));
        for bad in ["0", "257", "1e30", "-1", "x", "1.5"] {
            let e = c.read(bad).unwrap_err();
            assert_eq!(e, format!("'{bad}' is not a whole number from 1 to 256"));
        }
        assert_eq!(thousands(1_000_000), "1,000,000");
        // a hidden character is named where it is
        assert_eq!(
            c.read("1\u{200b}0").unwrap_err(),
            "'1\\u{200b}0' is not a whole number from 1 to 256: character 2 is a zero-width \
             space (U+200B)"
        );
        assert!(decimal(0.01, 1.0)
            .read("0\u{200b}.5")
            .unwrap_err()
            .ends_with(": character 2 is a zero-width space (U+200B)"));
    }
}
