//! Laying text out in columns of a given width: help pages whose option descriptions
//! continue under their first word ([`wrap_hanging`]), lists packed into lines without
//! splitting an item ([`pack`]).

/// `text` with every line wider than `width` columns wrapped at its words, each
/// continuation indented under the line's description: after its leading spaces, or in an
/// option's line of a help page (`  -s, --seed <N>  Seed …`) after the first gap of two or
/// more spaces. Lines that fit are left as they are; a word wider than the line stays whole.
#[must_use]
pub fn wrap_hanging(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        if crate::text::width(body) <= width {
            out.push_str(line);
            continue;
        }
        wrap_line(body, width, &mut out);
        out.push_str(end);
    }
    out
}

/// Where a line's description starts: after its leading spaces, or, in an option's line
/// (`  -s, --seed <N>  Seed …`), after the first gap of two or more spaces, or in an item
/// of a list of values (`  - relay: the relay computer …`, the longest name followed by
/// one space only), after the item's name and colon.
fn indent_of(line: &str, width: usize) -> usize {
    let lead = line.len() - line.trim_start().len();
    let rest = &line[lead..];
    let item = rest.strip_prefix("- ").and_then(|item| {
        let colon = item.find(": ")?;
        let after = &item[colon + 1..];
        let spaces = after.len() - after.trim_start().len();
        Some(lead + 2 + colon + 1 + spaces)
    });
    let column = item
        .or_else(|| {
            rest.find("  ").and_then(|gap| {
                let after = &rest[gap..];
                let spaces = after.len() - after.trim_start().len();
                // only a gap before text counts; a column far right is not worth keeping
                (!after.trim().is_empty()).then_some(lead + gap + spaces)
            })
        })
        .filter(|&c| crate::text::width(&line[..c]) <= width / 2)
        .unwrap_or(lead);
    column
}

/// Widths are the columns a terminal shows: colour codes take none.
fn wrap_line(line: &str, width: usize, out: &mut String) {
    let (head, rest) = line.split_at(indent_of(line, width));
    let indent = crate::text::width(head);
    let mut current = head.to_string();
    let mut used = indent;
    let mut at_start = true;
    let mut lines: Vec<String> = Vec::new();
    // a number keeps its unit, a naming its name (`8.67 ms`, `B = other1`)
    for word in crate::text::glued_words(rest) {
        let word = word.as_str();
        let w = crate::text::width(word);
        if !at_start && used + 1 + w > width {
            lines.push(current.trim_end().to_string());
            current = " ".repeat(indent);
            used = indent;
            at_start = true;
        }
        if !at_start {
            current.push(' ');
            used += 1;
        }
        current.push_str(word);
        used += w;
        at_start = false;
    }
    lines.push(current.trim_end().to_string());
    // never a last line of one word alone (the line above gives it a companion)
    if lines.len() > 1 {
        crate::text::no_lone_last_word(&mut lines, width);
    }
    out.push_str(&lines.join("\n"));
}

/// `head` followed by `items`, packed into lines of at most `width` columns: an item is
/// never split, the lines after the first start at column `indent`, items are separated
/// by `sep`. For tables whose last column is a list (the contact plan's checks).
#[must_use]
pub fn pack(head: &str, items: &[String], indent: usize, sep: &str, width: usize) -> String {
    let mut out = head.to_string();
    let mut used = out.chars().count();
    let mut first = true;
    for item in items {
        let w = item.chars().count();
        let gap = if first { 0 } else { sep.chars().count() };
        if !first && used + gap + w > width {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            used = indent;
        } else if !first {
            out.push_str(sep);
            used += gap;
        }
        out.push_str(item);
        used += w;
        first = false;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIDTH: usize = 80;

    #[test]
    fn long_option_lines_wrap_under_their_description() {
        let line = format!("  -s, --seed <N>  {}", "word ".repeat(30));
        let wrapped = wrap_hanging(&(line + "\nshort\n"), WIDTH);
        let lines: Vec<&str> = wrapped.lines().collect();
        assert!(
            lines.iter().all(|l| l.chars().count() <= WIDTH),
            "{wrapped}"
        );
        assert!(lines[0].starts_with("  -s, --seed <N>  word"));
        assert!(lines[1].starts_with("                  word"), "{wrapped}");
        assert_eq!(lines.last(), Some(&"short"));
        let words: usize = lines.iter().map(|l| l.matches("word").count()).sum();
        assert_eq!(words, 30);
    }

    /// A learning curve's point: its CPU time is never cut from its unit.
    #[test]
    fn a_number_keeps_its_unit_in_a_hanging_wrap() {
        let line =
            "at game 1,000: mean score 1,099 ± 466; card 3,072 in 0 %, 6,144 in 0 %; 60.5 ms CPU";
        let wrapped = wrap_hanging(line, WIDTH);
        assert!(wrapped.ends_with("\n60.5 ms CPU"), "{wrapped}");
    }

    /// A list of values under an option (clap's `- name: description`): the longest name
    /// has one space after its colon, and its description goes on under itself too.
    #[test]
    fn a_value_s_description_wraps_under_itself() {
        let text = "          - computox-relays:          the Computox circuit, relay by relay\n          \
                    - computox-relays-beatable: the Computox circuit with the secret switch held\n";
        let wrapped = wrap_hanging(text, WIDTH);
        let lines: Vec<&str> = wrapped.lines().collect();
        assert_eq!(lines.len(), 3, "{wrapped}");
        assert_eq!(
            lines[2],
            format!("{}switch held", " ".repeat(38)),
            "{wrapped}"
        );
    }

    /// A coloured error (clap's on a terminal) wraps where the plain one does: colour
    /// codes take no columns (they used to count, and errors broke after 51 to 62).
    #[test]
    fn colour_codes_take_no_columns() {
        let plain = format!("error: {}", "word ".repeat(20));
        let coloured = format!(
            "\u{1b}[1m\u{1b}[31merror:\u{1b}[0m {}",
            "\u{1b}[33mword\u{1b}[0m ".repeat(20)
        );
        let strip = |s: &str| {
            let mut out = String::new();
            let mut skip = false;
            for c in s.chars() {
                match (skip, c) {
                    (_, '\u{1b}') => skip = true,
                    (true, 'm') => skip = false,
                    (true, _) => {}
                    (false, c) => out.push(c),
                }
            }
            out
        };
        assert_eq!(
            strip(&wrap_hanging(&coloured, WIDTH)),
            wrap_hanging(&plain, WIDTH)
        );
        assert_eq!(wrap_hanging(&plain, WIDTH).lines().count(), 2);
    }

    #[test]
    fn packed_items_stay_whole() {
        let items: Vec<String> = (0..20).map(|i| format!("item-{i} [x]")).collect();
        let text = pack("  head: ", &items, 10, "  ", WIDTH);
        assert!(text.lines().all(|l| l.chars().count() <= WIDTH), "{text}");
        assert_eq!(text.matches("[x]").count(), 20);
        assert!(text
            .lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("          item")));
    }

    #[test]
    fn paragraphs_wrap_at_their_own_indent() {
        let p = "x".repeat(10) + " " + &"yy ".repeat(40);
        let wrapped = wrap_hanging(&p, WIDTH);
        assert!(wrapped.lines().all(|l| l.chars().count() <= WIDTH));
        assert!(wrapped.lines().nth(1).is_some_and(|l| l.starts_with("yy")));
    }
}
