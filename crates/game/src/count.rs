//! Counts typed on the command line (`1000000`, `1_000_000`, `1e9`) checked against a
//! stated limit, so that an absurd flag is refused with the limit named instead of being
//! misread, wrapped, or started and never finished.

/// A count that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// Not a number at all, or not a whole one.
    #[error("'{text}' is not a whole number of {unit} (e.g. 1000000 or 1e6)")]
    NotWhole {
        /// What was given.
        text: String,
        /// What is counted.
        unit: &'static str,
    },
    /// A whole number above the limit.
    #[error("'{text}' is more than the limit of {limit} {unit}")]
    TooLarge {
        /// What was given.
        text: String,
        /// The limit.
        limit: u64,
        /// What is counted.
        unit: &'static str,
    },
}

/// Read a count of `unit` no larger than `limit`: decimal digits (with `_` separators) or
/// a whole number in exponent form such as `1e9`.
///
/// # Errors
/// [`CountError::NotWhole`] for text that is not a whole, non-negative number;
/// [`CountError::TooLarge`] above `limit`.
pub fn parse_count(text: &str, limit: u64, unit: &'static str) -> Result<u64, CountError> {
    let t = text.trim().replace('_', "");
    let too_large = || CountError::TooLarge {
        text: text.trim().to_string(),
        limit,
        unit,
    };
    let not_whole = || CountError::NotWhole {
        text: text.trim().to_string(),
        unit,
    };
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        // all digits: only too many of them can fail
        let n = t.parse::<u64>().map_err(|_| too_large())?;
        return if n > limit { Err(too_large()) } else { Ok(n) };
    }
    match t.parse::<f64>() {
        Ok(f) if f.is_finite() && f >= 0.0 && f.fract() == 0.0 => {
            if f > limit as f64 {
                Err(too_large())
            } else {
                // f ≤ limit ≤ u64::MAX and whole
                Ok(f as u64)
            }
        }
        Ok(f) if f.is_infinite() && f > 0.0 => Err(too_large()),
        _ => Err(not_whole()),
    }
}

pub use ludomat_io::text::thousands;

/// A count on the command line, from `min` to `max` (digits, `_` separators, or `1e6`),
/// read as `T`: with the cargo feature `clap`, a clap value parser, so every machine's
/// options refuse an out-of-range count with the same message ("--games '0' is not a
/// whole number from 1 to 1,000") and clap's usage-error status.
pub struct Count<T> {
    min: u64,
    max: u64,
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
        min,
        max,
        marker: std::marker::PhantomData,
    }
}

/// The most worker threads any command starts.
pub const MAX_THREADS: u64 = 256;

impl<T> Count<T> {
    /// The limits as `--help` states them: "1 to 1,000,000".
    #[must_use]
    pub fn limits(&self) -> String {
        format!("{} to {}", thousands(self.min), thousands(self.max))
    }

    /// Read `text` as a count within the limits; the message names the limits.
    ///
    /// # Errors
    /// The message, when `text` is not a whole number within the limits.
    pub fn read(&self, text: &str) -> Result<u64, String> {
        match parse_count(text, u64::MAX, "").ok() {
            Some(n) if (self.min..=self.max).contains(&n) => Ok(n),
            _ => Err(format!(
                "'{}' is not a whole number from {}",
                text.trim(),
                self.limits()
            )),
        }
    }
}

#[cfg(feature = "clap")]
impl<T> clap::builder::TypedValueParser for Count<T>
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
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
        let fail = |why: String| {
            clap::Error::raw(
                clap::error::ErrorKind::ValueValidation,
                format!("{name} {why}\n"),
            )
            .with_cmd(cmd)
        };
        let n = self.read(&text).map_err(fail)?;
        T::try_from(n).map_err(|_| fail(format!("'{text}' does not fit")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_limits() {
        assert_eq!(parse_count("1e9", u64::MAX, "steps"), Ok(1_000_000_000));
        assert_eq!(parse_count("1_000", 10_000, "steps"), Ok(1000));
        let e = parse_count("1e30", 1_000_000, "steps").unwrap_err();
        assert_eq!(
            e.to_string(),
            "'1e30' is more than the limit of 1000000 steps"
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
    }
}
