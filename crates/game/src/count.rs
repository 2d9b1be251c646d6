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
}
