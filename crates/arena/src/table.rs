//! The result tables exactly as `ludomat tournament …` prints them on stdout (timing goes
//! to stderr, so the same command prints the same table). The museum's arena shows the
//! same text, so a table there can be compared with the terminal's line by line.

use std::fmt::Write as _;

use ludomat_game::TournamentResult;
use ludomat_io::text::thousands;

/// The results' rows under their heading: each label, its count and its share, the
/// labels' column as wide as the longest (at least 24 columns), so a long agent's name
/// does not push its row out of line.
fn results(s: &mut String, rows: &[(String, u64, impl std::fmt::Display)]) {
    let w = rows
        .iter()
        .map(|(label, _, _)| ludomat_io::text::width(label))
        .max()
        .unwrap_or(0)
        .max(24);
    let _ = writeln!(
        s,
        "result{} {:>9}  share (95 % interval)",
        " ".repeat(w - 6),
        "games"
    );
    for (label, n, rate) in rows {
        let pad = w.saturating_sub(ludomat_io::text::width(label));
        let _ = writeln!(s, "{label}{} {:>9}  {rate}", " ".repeat(pad), thousands(*n));
    }
}

/// `ludomat tournament tictactoe`'s table.
#[must_use]
pub fn tictactoe(r: &TournamentResult, alternate: bool, seed: u64) -> String {
    let sides = if alternate {
        "alternating sides"
    } else {
        "A plays X"
    };
    let mut s = String::new();
    let games = ludomat_io::text::count(r.a.games(), "game", "games");
    let _ = writeln!(s, "{games}, seed {seed}, {sides}");
    results(
        &mut s,
        &[
            (format!("A ({}) wins", r.a_name), r.a.wins, r.a.win_rate()),
            ("draws".to_string(), r.a.draws, r.a.draw_rate()),
            (
                format!("B ({}) wins", r.b_name),
                r.a.losses,
                r.a.loss_rate(),
            ),
        ],
    );
    if alternate {
        let _ = writeln!(
            s,
            "by seat: first player {}, {}, second player {}",
            ludomat_io::text::count(r.by_seat.wins, "win", "wins"),
            ludomat_io::text::count(r.by_seat.draws, "draw", "draws"),
            ludomat_io::text::count(r.by_seat.losses, "win", "wins")
        );
    }
    s
}

/// `ludomat tournament qubic`'s table (`dims` 3 or 4; `fixed`: A always first).
#[must_use]
pub fn qubic(r: &TournamentResult, dims: u8, seed: u64, fixed: bool) -> String {
    let board = if dims == 4 { "4×4×4×4" } else { "4×4×4" };
    let sides = if fixed {
        "A always first"
    } else {
        "first mover alternating"
    };
    let mut s = String::new();
    let head = format!(
        "{} on {board}, seed {seed}, {sides}: A = {}, B = {}",
        ludomat_io::text::count(r.a.games(), "game", "games"),
        r.a_name,
        r.b_name
    );
    let _ = writeln!(
        s,
        "{}",
        ludomat_io::text::wrapped(&head, ludomat_io::text::DEFAULT_WIDTH)
    );
    let rows = [
        (
            "first mover wins".to_string(),
            r.by_seat.wins,
            r.by_seat.win_rate(),
        ),
        (
            "second mover wins".to_string(),
            r.by_seat.losses,
            r.by_seat.loss_rate(),
        ),
        (
            "draws (board full)".to_string(),
            r.by_seat.draws,
            r.by_seat.draw_rate(),
        ),
        (format!("A ({}) wins", r.a_name), r.a.wins, r.a.win_rate()),
        (
            format!("B ({}) wins", r.b_name),
            r.a.losses,
            r.a.loss_rate(),
        ),
    ];
    results(&mut s, &rows);
    let _ = writeln!(s, "A against B, by who moved first:");
    let _ = writeln!(
        s,
        "{:<44} {:>7} {:>7} {:>7}",
        "", "A wins", "draws", "B wins"
    );
    for (k, first) in [(0, "A first"), (1, "B first")] {
        let t = &r.a_by_seat[k];
        if t.games() == 0 {
            continue;
        }
        let who = format!("{first}: A ({}) against B ({})", r.a_name, r.b_name);
        let _ = writeln!(
            s,
            "{who:<44} {:>7} {:>7} {:>7}",
            thousands(t.wins),
            thousands(t.draws),
            thousands(t.losses)
        );
    }
    s
}

#[cfg(test)]
mod tests {
    /// A long agent's name widens the labels' column: every row's count ends in one column.
    #[test]
    fn a_long_name_keeps_the_rows_in_line() {
        let mut s = String::new();
        super::results(
            &mut s,
            &[
                ("A (menace-trained) wins".to_string(), 0, "0.0 %"),
                ("draws".to_string(), 1_051, "70.1 %"),
                ("B (computox-beatable) wins".to_string(), 449, "29.9 %"),
            ],
        );
        let tails = ["  share (95 % interval)", "  0.0 %", "  70.1 %", "  29.9 %"];
        let ends: Vec<usize> = s
            .lines()
            .zip(tails)
            .map(|(l, tail)| {
                assert!(l.ends_with(tail), "{l:?}");
                l.chars().count() - tail.chars().count()
            })
            .collect();
        assert!(ends.iter().all(|&e| e == ends[0]), "{s}");
    }
}
