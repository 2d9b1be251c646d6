//! The per-game summary CSV that `threes auto --csv` writes and `threes summary` reads
//! back, and the statistics of a set of games.
//!
//! One line per game, `game,seed,score,max_tile,moves,nodes,seconds`. Reading checks every
//! field and names the file, line, column and field that is wrong; numbers that do not fit
//! (a `seconds` beyond [`MAX_SECONDS`], a `max_tile` beyond `u32`) are refused, not
//! wrapped. The statistics add in 128-bit integers, so no score a `u64` holds overflows
//! the mean or the median.

use std::collections::BTreeMap;
use std::time::Duration;

use ludomat_game::Proportion;

use crate::autoplay::GameSummary;

/// The header line of the CSV.
pub const CSV_HEADER: &str = "game,seed,score,max_tile,moves,nodes,seconds";

/// The longest search time one game may claim: a year.
pub const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// A summary CSV that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{at}: {problem}")]
pub struct SummaryError {
    /// Where: `file:line` or `file:line:column`.
    pub at: String,
    /// What is wrong.
    pub problem: String,
}

/// What a `threes auto --csv` log is: its settings line holds what decides its games
/// (`settings`: the seed, the hint model, the search or engine, the weights).
#[must_use]
pub fn log_spec(settings: ludomat_io::log::Settings) -> ludomat_io::log::Spec {
    ludomat_io::log::Spec {
        what: "threes auto".into(),
        format: ludomat_io::log::Format::Csv(CSV_HEADER.into()),
        settings,
    }
}

/// Whether `line` is a whole row of a summary CSV.
#[must_use]
pub fn is_whole_row(line: &str) -> bool {
    parse_line(line, "").is_ok()
}

/// The CSV text for `games`, numbered from `first`.
#[must_use]
pub fn to_csv(first: u64, games: &[GameSummary]) -> String {
    let mut text = format!("{CSV_HEADER}\n");
    for (i, g) in games.iter().enumerate() {
        text.push_str(&csv_row(first.saturating_add(i as u64), g));
    }
    text
}

/// One line of the CSV (with its newline): game `number` and its summary. Rows may come
/// in any order: readers key them by game number.
#[must_use]
pub fn csv_row(number: u64, g: &GameSummary) -> String {
    format!(
        "{},{},{},{},{},{},{:.3}\n",
        number,
        g.seed,
        g.score,
        g.max_tile,
        g.moves,
        g.nodes,
        g.elapsed.as_secs_f64()
    )
}

/// The longest line a CSV reader takes: a row is a few dozen bytes, a settings line a few
/// kilobytes, and a `threes versus` row carries its AI's name and budget as given (names of
/// 70,000 characters are read back).
pub const CSV_LINE_CAP: usize = 1 << 20;

/// Read a CSV of `what` (`threes auto`) line by line from `reader`, never holding more
/// than one line ([`CSV_LINE_CAP`]): the settings line(s) of a log (`# ludomat …`) are
/// skipped, the `header` must come next (then `head` is given the first settings line, if
/// there is one), and each later line that is not blank is given to `row` with its line
/// number (from 1). Any size of file is read this way.
///
/// # Errors
/// A line too long, a read error, a missing header, or `head`'s or `row`'s error.
pub fn read_csv_rows(
    source: &str,
    reader: impl std::io::BufRead,
    header: &str,
    what: &str,
    head: &mut dyn FnMut(Option<&str>) -> Result<(), SummaryError>,
    row: &mut dyn FnMut(u64, &str) -> Result<(), SummaryError>,
) -> Result<(), SummaryError> {
    let mut lines = ludomat_io::read::Lines::with_cap(reader, CSV_LINE_CAP);
    let mut settings = None;
    let mut seen_header = false;
    loop {
        let line = match lines.next_line() {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(e) => {
                return Err(SummaryError {
                    at: format!("{source}:{}", lines.line_number().max(1)),
                    problem: ludomat_io::error::in_words(e.into()).to_string(),
                })
            }
        };
        let n = lines.line_number();
        if !seen_header {
            let bare = line.trim_start_matches('\u{feff}');
            if bare.starts_with('#') {
                settings.get_or_insert_with(|| bare.to_string());
                continue;
            }
            if bare.trim() != header {
                return Err(SummaryError {
                    at: format!("{source}:1"),
                    problem: format!("not a '{what}' CSV (expected the header {header})"),
                });
            }
            seen_header = true;
            head(settings.as_deref())?;
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        row(n, &line)?;
    }
    if !seen_header {
        return Err(SummaryError {
            at: format!("{source}:1"),
            problem: format!("not a '{what}' CSV (expected the header {header})"),
        });
    }
    Ok(())
}

/// Games read from summary CSVs, each game number once. A game is kept with the file and
/// line it came from (an index and a number, not a string: millions of games stay small),
/// and every file must record the settings of the first that records any.
#[derive(Debug, Clone, Default)]
pub struct Summaries {
    games: BTreeMap<u64, (GameSummary, u32, u64)>,
    sources: Vec<String>,
    /// The first file that recorded its settings, and them.
    settings: Option<(String, ludomat_io::log::Settings)>,
}

impl Summaries {
    /// No games yet.
    #[must_use]
    pub fn new() -> Summaries {
        Summaries::default()
    }

    /// Add the games of one CSV text; `source` names it in errors.
    ///
    /// # Errors
    /// As [`Summaries::read_from`].
    pub fn read(&mut self, source: &str, text: &str) -> Result<(), SummaryError> {
        self.read_from(source, text.as_bytes())
    }

    /// Add the games of one CSV, read line by line from `reader` (any size);
    /// `source` names it in errors.
    ///
    /// # Errors
    /// The first line or field that is wrong, a game number already read, or settings
    /// (seed, hint model, search, engine, weights) other than an earlier file's.
    pub fn read_from(
        &mut self,
        source: &str,
        reader: impl std::io::BufRead,
    ) -> Result<(), SummaryError> {
        let index = u32::try_from(self.sources.len()).unwrap_or(u32::MAX);
        self.sources.push(source.to_string());
        let (games, sources, known) = (&mut self.games, &self.sources, &mut self.settings);
        read_csv_rows(
            source,
            reader,
            CSV_HEADER,
            "threes auto",
            &mut |line| same_settings(known, source, line),
            &mut |n, line| {
                let at = format!("{source}:{n}");
                let (game, summary) = parse_line(line, &at)?;
                if let Some((_, file, first)) = games.get(&game) {
                    let name = sources.get(*file as usize).map_or("", String::as_str);
                    return Err(SummaryError {
                        problem: format!("game {game} already read at {name}:{first}"),
                        at,
                    });
                }
                games.insert(game, (summary, index, n));
                Ok(())
            },
        )
    }

    /// The games, in game order.
    #[must_use]
    pub fn into_games(self) -> Vec<GameSummary> {
        self.games.into_values().map(|(g, _, _)| g).collect()
    }
}

/// Check the settings line of `source` (if any) against the first file's that had one
/// (`known`, set by the first): files of runs with another seed, hint model, search,
/// engine or weights are refused, naming both files and what differs.
fn same_settings(
    known: &mut Option<(String, ludomat_io::log::Settings)>,
    source: &str,
    line: Option<&str>,
) -> Result<(), SummaryError> {
    let spec = log_spec(ludomat_io::log::Settings::new());
    let Some(settings) = line.and_then(|l| spec.read_settings(l)) else {
        return Ok(());
    };
    let Some((first, earlier)) = known else {
        *known = Some((source.to_string(), settings));
        return Ok(());
    };
    let differences =
        earlier.differences_named(&settings, &format!("in {first}"), &format!("in {source}"));
    if differences.is_empty() {
        return Ok(());
    }
    Err(SummaryError {
        at: format!("{source}:1"),
        problem: format!(
            "recorded with other settings than {first}, so their games cannot be combined: \
             {}; summarise each run on its own",
            differences.join("; ")
        ),
    })
}

fn parse_line(line: &str, at: &str) -> Result<(u64, GameSummary), SummaryError> {
    let fields: Vec<&str> = line.split(',').collect();
    if fields.len() != 7 {
        return Err(SummaryError {
            at: at.to_string(),
            problem: format!("{} fields, expected 7", fields.len()),
        });
    }
    let col = |i: usize| -> usize { fields[..i].iter().map(|f| f.len() + 1).sum::<usize>() + 1 };
    let err = |i: usize, problem: String| SummaryError {
        at: format!("{at}:{}", col(i)),
        problem,
    };
    let int = |i: usize, name: &str| -> Result<u64, SummaryError> {
        let t = fields[i].trim();
        t.parse().map_err(|_| {
            let why = if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
                format!("is larger than {}", u64::MAX)
            } else {
                "is not a whole number".to_string()
            };
            err(
                i,
                format!("{name} {} {why}", ludomat_io::text::quoted(fields[i], 40)),
            )
        })
    };
    let small = |i: usize, name: &str| -> Result<u32, SummaryError> {
        let v = int(i, name)?;
        u32::try_from(v).map_err(|_| err(i, format!("{name} {v} is larger than {}", u32::MAX)))
    };
    let game = int(0, "game")?;
    let seconds: f64 = fields[6]
        .trim()
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| {
            err(
                6,
                format!(
                    "seconds {} is not a duration in seconds",
                    ludomat_io::text::quoted(fields[6], 40)
                ),
            )
        })?;
    if seconds > MAX_SECONDS {
        return Err(err(
            6,
            format!(
                "seconds {} is more than the limit of {MAX_SECONDS} (a year)",
                fields[6].trim()
            ),
        ));
    }
    let summary = GameSummary {
        seed: int(1, "seed")?,
        score: int(2, "score")?,
        max_tile: small(3, "max_tile")?,
        moves: small(4, "moves")?,
        nodes: int(5, "nodes")?,
        // to the microsecond: what `to_csv` writes (milliseconds) reads back exactly
        elapsed: Duration::from_micros((seconds * 1e6).round() as u64),
    };
    possible(&summary).map_err(|(i, problem)| err(i, problem))?;
    Ok((game, summary))
}

/// Refuse a game no board can end in: a highest card that is no card value, or a score
/// above what sixteen cards no higher than it hold (`score 18,446,744,073,709,551,615 is
/// more than …`). The field at fault, and what is wrong.
fn possible(g: &GameSummary) -> Result<(), (usize, String)> {
    let t = ludomat_io::text::thousands;
    let card = crate::Tile::from_value(u64::from(g.max_tile)).map_err(|_| {
        (
            3,
            format!(
                "max_tile {} is not a card value (1, 2, 3, 6, 12 … 12,288)",
                t(g.max_tile.into())
            ),
        )
    })?;
    let most = 16 * card.score();
    if g.score > most {
        return Err((
            2,
            format!(
                "score {} is more than a board whose highest card is {} can hold (16 × {} = {})",
                t(g.score),
                t(g.max_tile.into()),
                t(card.score()),
                t(most)
            ),
        ));
    }
    Ok(())
}

/// Score statistics of a set of games, computed without overflow.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScoreStats {
    /// Games.
    pub games: usize,
    /// Mean score.
    pub mean: f64,
    /// Median score (the mean of the middle two for an even count).
    pub median: f64,
    /// Lowest score.
    pub min: u64,
    /// Highest score.
    pub max: u64,
    /// Swipes over all games (saturating).
    pub moves: u64,
    /// Search nodes over all games (saturating).
    pub nodes: u64,
    /// Search time over all games, seconds.
    pub seconds: f64,
}

impl ScoreStats {
    /// The statistics, or `None` for no games.
    #[must_use]
    pub fn of(games: &[GameSummary]) -> Option<ScoreStats> {
        let mut scores: Vec<u64> = games.iter().map(|g| g.score).collect();
        scores.sort_unstable();
        let n = scores.len();
        let (&min, &max) = (scores.first()?, scores.last()?);
        let total: u128 = scores.iter().map(|&s| u128::from(s)).sum();
        let median = if n % 2 == 1 {
            scores[n / 2] as f64
        } else {
            ((u128::from(scores[n / 2 - 1]) + u128::from(scores[n / 2])) as f64) / 2.0
        };
        Some(ScoreStats {
            games: n,
            mean: total as f64 / n as f64,
            median,
            min,
            max,
            moves: games
                .iter()
                .fold(0u64, |a, g| a.saturating_add(u64::from(g.moves))),
            nodes: games.iter().fold(0u64, |a, g| a.saturating_add(g.nodes)),
            seconds: games.iter().map(|g| g.elapsed.as_secs_f64()).sum(),
        })
    }
}

/// For each card value in `milestones`, the share of `games` whose highest card reached it.
#[must_use]
pub fn reached(games: &[GameSummary], milestones: &[u32]) -> Vec<(u32, Proportion)> {
    let n = games.len() as u64;
    milestones
        .iter()
        .map(|&m| {
            let hits = games.iter().filter(|g| g.max_tile >= m).count() as u64;
            (m, Proportion::new(hits, n))
        })
        .collect()
}

/// A histogram of the final scores: ten or so equal bins of a round width (1, 2 … 9 times
/// a power of ten) from 0 to past the highest score; the width and the count per bin.
#[must_use]
pub fn score_bins(games: &[GameSummary]) -> (u64, Vec<u64>) {
    let max = games.iter().map(|g| g.score).max().unwrap_or(0).max(1);
    let raw = max.div_ceil(10);
    let magnitude = 10u64.pow(raw.max(1).ilog10());
    let width = raw.div_ceil(magnitude) * magnitude;
    let bins = max / width + 1;
    let mut counts = vec![0u64; bins as usize];
    for g in games {
        counts[(g.score / width) as usize] += 1;
    }
    (width, counts)
}

/// Draw the histogram of the final scores ([`score_bins`]) to `path` (PNG or SVG), titled
/// `title`, `caption` under it (the command).
///
/// # Errors
/// When the chart cannot be drawn or written.
pub fn histogram(
    path: &std::path::Path,
    games: &[GameSummary],
    title: &str,
    caption: &str,
) -> Result<(), ludomat_chart::ChartError> {
    let (width, counts) = score_bins(games);
    let short = |v: u64| {
        if v >= 1000 {
            format!("{}k", v / 1000)
        } else {
            v.to_string()
        }
    };
    let bars = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            (
                format!(
                    "{}–{}",
                    short((i as u64).saturating_mul(width)),
                    short((i as u64 + 1).saturating_mul(width))
                ),
                c,
            )
        })
        .collect();
    let chart = ludomat_chart::BarChart {
        title: title.to_string(),
        x_label: "final score (points)".into(),
        y_label: "games".into(),
        bars,
        caption: caption.to_string(),
    };
    ludomat_chart::bar_chart(&chart, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(score: u64) -> GameSummary {
        GameSummary {
            seed: 7,
            score,
            max_tile: if score > 16 * 6561 { 12288 } else { 384 },
            moves: 100,
            nodes: 5,
            elapsed: Duration::from_millis(1500),
        }
    }

    #[test]
    fn reads_back_what_it_writes() {
        let games = vec![game(10), game(16 * 3u64.pow(13))];
        let mut s = Summaries::new();
        s.read("a.csv", &to_csv(3, &games)).unwrap();
        assert_eq!(s.into_games(), games);
    }

    #[test]
    fn huge_seconds_are_refused_not_a_panic() {
        let text = format!("{CSV_HEADER}\n0,1,2,3,4,5,1e300\n");
        let e = Summaries::new().read("a.csv", &text).unwrap_err();
        assert_eq!(e.at, "a.csv:2:13");
        assert!(e.problem.contains("limit"), "{e}");
    }

    #[test]
    fn huge_scores_do_not_wrap_the_mean_or_median() {
        let s = ScoreStats::of(&[game(u64::MAX), game(u64::MAX)]).unwrap();
        assert_eq!(s.mean, u64::MAX as f64);
        assert_eq!(s.median, u64::MAX as f64);
        assert_eq!(s.min, u64::MAX);
    }

    /// Hostile item 18: a score of 18,446,744,073,709,551,615 with a highest card of 384
    /// was read and averaged.
    #[test]
    fn games_no_board_ends_in_are_refused_naming_the_line() {
        let text = format!("{CSV_HEADER}\n0,1,40,384,4,5,1\n1,1,18446744073709551615,384,4,5,1\n");
        let e = Summaries::new().read("a.csv", &text).unwrap_err();
        assert_eq!(e.at, "a.csv:3:5");
        assert_eq!(
            e.problem,
            "score 18,446,744,073,709,551,615 is more than a board whose highest card is 384 \
             can hold (16 × 6,561 = 104,976)"
        );
        let text = format!("{CSV_HEADER}\n0,1,40,385,4,5,1\n");
        let e = Summaries::new().read("a.csv", &text).unwrap_err();
        assert_eq!(e.at, "a.csv:2:8");
        assert!(
            e.problem.starts_with("max_tile 385 is not a card value"),
            "{e}"
        );
        // the most a board holds is read
        let text = format!("{CSV_HEADER}\n0,1,104976,384,4,5,1\n");
        assert!(Summaries::new().read("a.csv", &text).is_ok());
    }

    #[test]
    fn fields_that_do_not_fit_are_named() {
        let text = format!("{CSV_HEADER}\n0,1,2,99999999999,4,5,1\n");
        let e = Summaries::new().read("a.csv", &text).unwrap_err();
        assert!(
            e.to_string().contains("max_tile 99999999999 is larger"),
            "{e}"
        );
        let text = format!("{CSV_HEADER}\n0,1,99999999999999999999999,3,4,5,1\n");
        let e = Summaries::new().read("a.csv", &text).unwrap_err();
        assert!(e.to_string().contains("score"), "{e}");
    }
}
