//! HER in words, as the terminal prints it: the matchboxes ([`boxes`]), a board with its
//! rank numbers and file letters ([`diagram`]), what happened in a session
//! ([`describe`]) and a training run's report with Gardner's curve ([`report`]) and its
//! chart ([`curve_chart`]). Plain
//! text from the library's state, so every renderer says the same.

use std::fmt::Write as _;

use crate::{Board, Her, HexapawnHappening, TrainReport, WhiteKind};

/// Every box by HER's move, with its beads.
#[must_use]
pub fn boxes(her: &Her) -> String {
    let mut s = format!(
        "HER's {} matchboxes, generated from every game (a position and its mirror image share \
         a box). Gardner's figure shows 24 (2 / 11 / 11).\n",
        her.boxes().len()
    );
    for n in [2, 4, 6] {
        let boxes: Vec<_> = her.boxes().iter().filter(|b| b.her_move == n).collect();
        let _ = writeln!(s, "HER's move {n}: {} boxes", boxes.len());
        for b in boxes {
            let _ = writeln!(s, "  #{:<2} {}  {}", b.id, b.picture.line(), b.bead_list());
        }
    }
    s
}

/// The board (as a session's view gives it) with ranks 3 to 1 and files a to c, after a
/// blank line.
#[must_use]
pub fn diagram(board: &str) -> String {
    let b: Board = board.parse().unwrap_or(Board::START);
    let mut s = String::from("\n");
    for (i, row) in b.to_string().lines().enumerate() {
        let cells: Vec<String> = row.chars().map(|c| c.to_string()).collect();
        let _ = writeln!(s, "  {} | {} |", 3 - i, cells.join(" "));
    }
    s.push_str("      a b c\n");
    s
}

/// One happening in a sentence; `seed` names the session's seed where it matters.
#[must_use]
pub fn describe(h: &HexapawnHappening, seed: u64) -> String {
    match h {
        HexapawnHappening::GameStarted { game } => format!("— game {game} —"),
        HexapawnHappening::WhiteMoved { by, name, .. } => match by {
            WhiteKind::Human => format!("You (White) play {name}."),
            WhiteKind::Random => format!("The random White plays {name}."),
            WhiteKind::Perfect => format!("The perfect White plays {name}."),
        },
        HexapawnHappening::BoxOpened {
            box_id,
            her_move,
            mirrored,
            beads,
        } => format!(
            "HER opens box #{box_id} (move {her_move}{}): {beads} bead{}.",
            if *mirrored {
                ", the board seen in a mirror"
            } else {
                ""
            },
            if *beads == 1 { "" } else { "s" }
        ),
        HexapawnHappening::BeadDrawn { bead, name, .. } => {
            format!("HER draws the {bead} bead and plays {name}.")
        }
        HexapawnHappening::Resigned { box_id } => {
            format!("Box #{box_id} is empty: HER resigns.")
        }
        HexapawnHappening::GameOver {
            winner, her_won, ..
        } => {
            if *her_won {
                format!("{winner} wins: HER wins.")
            } else {
                format!("{winner} wins: HER loses.")
            }
        }
        HexapawnHappening::Punished { box_id, bead, left } => {
            format!("Punished: the {bead} bead is taken from box #{box_id} ({left} left).")
        }
        HexapawnHappening::GamesPlayed {
            games,
            wins,
            losses,
        } => format!(
            "{}: HER {}, {}.",
            ludomat_io::text::count(*games, "game", "games"),
            ludomat_io::text::count(*wins, "win", "wins"),
            ludomat_io::text::count(*losses, "loss", "losses")
        ),
        HexapawnHappening::WhiteChanged { .. } | HexapawnHappening::Reset { .. } => {
            format!("seed {seed}")
        }
    }
}

/// A training run's report: which games against whom, the curve 50 games a line (the
/// first 1,000 games), the losses, the last loss, whether HER can still lose. `first` is
/// the number of the run's first game, `games` how many were asked.
#[must_use]
pub fn report(
    her: &Her,
    seed: u64,
    white: WhiteKind,
    first: u64,
    games: u64,
    run: &TrainReport,
) -> String {
    let last = her.record().games;
    // one game is `game 1`, never `games 1–1`
    let which = if last > first {
        format!("games {first}–{last}")
    } else {
        format!("game {first}")
    };
    let mut s = format!(
        "HER (seed {seed}) against the {} White, {which}\n",
        match white {
            WhiteKind::Perfect => "perfect",
            _ => "random",
        }
    );
    s.push_str("learning curve (W = HER won, L = HER lost; score = wins − losses):\n");
    for chunk in run.curve.chunks(50).take(20) {
        let marks: String = chunk
            .iter()
            .map(|p| if p.won { 'W' } else { 'L' })
            .collect();
        let last = chunk.last().map_or(0, |p| p.score);
        let _ = writeln!(
            s,
            "  {:>6}  {marks:<50}  {last:>+5}",
            chunk.first().map_or(0, |p| p.game)
        );
    }
    if run.curve.len() > 1000 {
        let _ = writeln!(s, "  … ({} more games)", run.curve.len() - 1000);
    }
    let r = her.record();
    let _ = writeln!(
        s,
        "HER lost {} of the {} played here; in all {} of {}.",
        run.losses,
        ludomat_io::text::count(games, "game", "games"),
        r.losses,
        r.games
    );
    if r.last_loss == 0 {
        s.push_str("HER has never lost.\n");
    } else {
        let _ = writeln!(
            s,
            "Its last loss was game {}; it has won every game since.",
            r.last_loss
        );
    }
    if run.unbeatable {
        s.push_str("HER now cannot lose: every bead left wins against every White move.\n");
    } else {
        s.push_str(
            "HER can still be beaten: some bead left loses against a White line it has not met.\n",
        );
    }
    s.push_str(
        "Gardner (Scientific American, March 1962) shows a 50-game run against a person; it is \
         commonly retold as 11 losses, perfect from game 36 (not checked against the printed \
         column).\n",
    );
    s
}

/// A training run's learning curve (wins minus losses after each game) as a chart,
/// captioned with `caption` (the command that made it).
#[must_use]
pub fn curve_chart(report: &TrainReport, caption: String) -> ludomat_chart::LineChart {
    ludomat_chart::LineChart {
        title: "HER's learning curve (wins minus losses)".into(),
        x_label: "games played".into(),
        y_label: "wins − losses".into(),
        series: vec![ludomat_chart::Series {
            name: "HER".into(),
            points: report
                .curve
                .iter()
                .map(|p| (p.game as f64, p.score as f64))
                .collect(),
        }],
        y_range: None,
        caption,
    }
}

/// What a training run of `played` games loses when its last save fails, `saved` the games
/// of its last save on the way, if any: `the 3,000 games trained in this run are not saved`.
#[must_use]
pub fn lost(played: u64, saved: Option<u64>) -> String {
    let unsaved = played.saturating_sub(saved.unwrap_or(0));
    ludomat_io::text::not_saved(unsaved, saved.is_some(), "HER")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CurvePoint;

    #[test]
    fn the_curve_is_charted_point_by_point() {
        let report = TrainReport {
            curve: vec![
                CurvePoint {
                    game: 1,
                    won: false,
                    score: -1,
                },
                CurvePoint {
                    game: 2,
                    won: true,
                    score: 0,
                },
            ],
            ..TrainReport::default()
        };
        let chart = curve_chart(&report, "made by a test".into());
        assert_eq!(chart.series[0].points, vec![(1.0, -1.0), (2.0, 0.0)]);
        assert_eq!(chart.caption, "made by a test");
    }
}
