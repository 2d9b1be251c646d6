//! Wall-clock and CPU time side by side, as the museum's notes and its pages' clocks say
//! them: each time as `ludomat_io::text::duration` writes it, but with its three
//! significant digits whole — trailing zeros kept — so that two times side by side read
//! with one precision: `2.20 s wall, 2.09 s CPU`, `7.45 s wall, 7.00 s CPU`, never `2.2 s
//! wall, 2.09 s CPU` (which reads as if the wall time were rounded more). From a minute up
//! the forms are `duration`'s (`2 min 05 s`). The page's `wallAndCpu` (`web/src/text.ts`)
//! writes the same.
//!
//! The rule is meant for `ludomat_io::text::wall_and_cpu` itself, so that the terminal
//! says it too; until it moves there it is here, for the museum's own notes.

use std::time::Duration;

/// Wall-clock and CPU time of one piece of work: `2.20 s wall, 2.09 s CPU` (see the
/// module).
#[must_use]
pub fn wall_and_cpu(wall: Duration, cpu: Duration) -> String {
    format!("{} wall, {} CPU", whole_digits(wall), whole_digits(cpu))
}

/// `d` as `ludomat_io::text::duration` writes it, with its three significant digits
/// whole below a minute: `2.20 s`, `7.00 s`, `40.0 ms`, `233 ms`, `0 s`.
#[must_use]
pub fn whole_digits(d: Duration) -> String {
    let said = ludomat_io::text::duration(d);
    let Some((number, unit)) = said.split_once(' ') else {
        return said;
    };
    if !matches!(unit, "ns" | "µs" | "ms" | "s") || number == "0" {
        return said;
    }
    format!("{} {unit}", three_digits(number))
}

/// A number `ludomat_io::text::number` wrote below 1,000 (`2.2`, `7`, `40`, `0.0451`), its
/// trailing zeros put back to three significant digits (`2.20`, `7.00`, `40.0`).
fn three_digits(number: &str) -> String {
    let significant = number
        .chars()
        .filter(char::is_ascii_digit)
        .skip_while(|&c| c == '0')
        .count();
    if significant >= 3 || number.contains(',') {
        return number.to_string();
    }
    let mut out = number.to_string();
    if !out.contains('.') {
        out.push('.');
    }
    out.extend(std::iter::repeat_n('0', 3 - significant));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
