//! The per-game summary CSV that `threes auto --csv` writes and `threes summary` reads
//! back, and the statistics of a set of games.
//!
//! One line per game, `game,seed,score,max_tile,moves,nodes,seconds`. Reading checks every
//! field and names the file, line, column and field that is wrong; numbers that do not fit
//! (a `seconds` beyond [`MAX_SECONDS`], a `max_tile` beyond `u32`) are refused, not
//! wrapped. The statistics add in 128-bit integers, so no score a `u64` holds overflows
//! the mean or the median.
//!
//! `threes summary` reads any number of games in a memory that does not grow with them:
//! the rows are folded into an [`Aggregate`] as they stream past (counts, sums, and a count
//! per distinct score and per highest card, which give the exact median and histogram),
//! and the game numbers read are kept as runs of consecutive numbers ([`Summaries`]).

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
#[error("{at}{}{problem}", if problem.is_empty() { "" } else { ": " })]
pub struct SummaryError {
    /// Where: `file, line 4` or `file, line 4, column 13` (docs/VOICE.md's form).
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
        "{},{},{},{},{},{},{:.6}\n",
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

/// Where line `line` of `source` is, in docs/VOICE.md's words: `a.csv, line 4`.
#[must_use]
pub fn at_line(source: &str, line: u64) -> String {
    format!("{source}, {}", ludomat_io::text::line(line))
}

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
                // the line is said once, where (it was said again in the problem)
                let (line, problem) = match e {
                    ludomat_io::read::LineError::TooLong { line, cap } => (
                        line,
                        format!(
                            "a line longer than {} bytes",
                            ludomat_io::text::thousands(cap as u64)
                        ),
                    ),
                    other => (
                        lines.line_number().max(1),
                        ludomat_io::error::in_words(other.into()).to_string(),
                    ),
                };
                return Err(SummaryError {
                    at: at_line(source, line),
                    problem,
                });
            }
        };
        let n = lines.line_number();
        if !seen_header {
            let bare = line.trim_start_matches('\u{feff}');
            if bare.trim().is_empty() {
                continue;
            }
            if bare.starts_with('#') {
                settings.get_or_insert_with(|| bare.to_string());
                continue;
            }
            if bare.trim() != header {
                return Err(SummaryError {
                    at: at_line(source, n),
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
    if !seen_header && settings.is_none() {
        // nothing in it: said as every empty input (`x.csv is empty`)
        return Err(SummaryError {
            at: ludomat_io::text::empty(source),
            problem: String::new(),
        });
    }
    if !seen_header {
        return Err(SummaryError {
            at: at_line(source, 1),
            problem: format!("not a '{what}' CSV (expected the header {header})"),
        });
    }
    Ok(())
}

/// Games read from summary CSVs, each game number once, folded into an [`Aggregate`] as
/// they are read: nothing is kept per game. The game numbers read are kept as runs of
/// consecutive numbers (a run's CSV numbers its games one after another, so a file is one
/// run or a few, whatever its size; rows written out of order by threads make a few
/// short-lived gaps), each with the file it came from. Every file must record the same
/// settings as the first that records any, and a file without a settings line is not
/// combined with one that has it.
#[derive(Debug, Clone, Default)]
pub struct Summaries {
    /// Runs of game numbers read: first number → (last number, file index).
    numbers: BTreeMap<u64, (u64, u32)>,
    all: Aggregate,
    sources: Vec<String>,
    /// The first file that recorded its settings, and them.
    settings: Option<(String, ludomat_io::log::Settings)>,
    /// The first file that recorded none.
    without: Option<String>,
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

    /// Add the games of one CSV, read line by line from `reader` (any size, in a memory
    /// that does not grow with the games); `source` names it in errors.
    ///
    /// # Errors
    /// The first line or field that is wrong, a game number already read, settings (seed,
    /// hint model, search, engine, weights) other than an earlier file's, or a file with a
    /// settings line and one without.
    pub fn read_from(
        &mut self,
        source: &str,
        reader: impl std::io::BufRead,
    ) -> Result<(), SummaryError> {
        let index = u32::try_from(self.sources.len()).unwrap_or(u32::MAX);
        self.sources.push(source.to_string());
        let (numbers, all, sources) = (&mut self.numbers, &mut self.all, &self.sources);
        let (known, without) = (&mut self.settings, &mut self.without);
        read_csv_rows(
            source,
            reader,
            CSV_HEADER,
            "threes auto",
            &mut |line| same_settings(known, without, source, line),
            &mut |n, line| {
                let at = at_line(source, n);
                let (game, summary) = parse_line(line, &at)?;
                if let Err(file) = note_number(numbers, game, index) {
                    let name = sources.get(file as usize).map_or("", String::as_str);
                    let whence = if file == index {
                        "above".to_string()
                    } else {
                        format!("in {name}")
                    };
                    return Err(SummaryError {
                        problem: format!("game {game} already read {whence}"),
                        at,
                    });
                }
                all.add(&summary);
                Ok(())
            },
        )
    }

    /// What the games read add up to.
    #[must_use]
    pub fn aggregate(&self) -> &Aggregate {
        &self.all
    }

    /// How many runs of consecutive game numbers are kept (what [`Summaries`] holds
    /// beside its [`Aggregate`]).
    #[must_use]
    pub fn number_runs(&self) -> usize {
        self.numbers.len()
    }
}

/// Note game number `game` of file `file` in `runs` (first → (last, file)), joining it to
/// the runs of the same file it continues; `Err` with the file it was read from when it
/// is there already.
fn note_number(runs: &mut BTreeMap<u64, (u64, u32)>, game: u64, file: u32) -> Result<(), u32> {
    let before = runs
        .range(..=game)
        .next_back()
        .map(|(&first, &(last, f))| (first, last, f));
    if let Some((_, last, f)) = before {
        if game <= last {
            return Err(f);
        }
    }
    // `last < game` here, so `last + 1` does not overflow
    let joins_before = before.filter(|&(_, last, f)| last + 1 == game && f == file);
    let joins_next = game
        .checked_add(1)
        .and_then(|n| runs.get(&n).map(|&(last, f)| (n, last, f)))
        .filter(|&(_, _, f)| f == file);
    match (joins_before, joins_next) {
        (Some((first, _, _)), Some((n, last, _))) => {
            runs.remove(&n);
            runs.insert(first, (last, file));
        }
        (Some((first, _, _)), None) => {
            runs.insert(first, (game, file));
        }
        (None, Some((n, last, _))) => {
            runs.remove(&n);
            runs.insert(game, (last, file));
        }
        (None, None) => {
            runs.insert(game, (game, file));
        }
    }
    Ok(())
}

/// Check the settings line of `source` (if any) against the first file's that had one
/// (`known`, set by the first): files of runs with another seed, hint model, search,
/// engine or weights are refused, naming both files and what differs. A file without a
/// settings line (`without`: the first such) is not combined with one that has it: what
/// decided its games is not known.
fn same_settings(
    known: &mut Option<(String, ludomat_io::log::Settings)>,
    without: &mut Option<String>,
    source: &str,
    line: Option<&str>,
) -> Result<(), SummaryError> {
    let spec = log_spec(ludomat_io::log::Settings::new());
    let unknown = |with: &str, none: &str| SummaryError {
        at: source.to_string(),
        problem: format!(
            "{none} has no settings line and {with} has one, so their games cannot be \
             known to be of the same settings; summarise each run on its own"
        ),
    };
    let Some(settings) = line.and_then(|l| spec.read_settings(l)) else {
        if let Some((first, _)) = known {
            return Err(unknown(first, "it"));
        }
        without.get_or_insert_with(|| source.to_string());
        return Ok(());
    };
    if let Some(none) = without {
        return Err(unknown("it", none));
    }
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
        at: source.to_string(),
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
        at: format!(
            "{at}, column {}",
            ludomat_io::text::thousands(col(i) as u64)
        ),
        problem,
    };
    let int = |i: usize, name: &str| -> Result<u64, SummaryError> {
        let t = fields[i].trim();
        t.parse().map_err(|_| {
            if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
                // said as every file's too-large number is: as written, with thousands
                return err(
                    i,
                    format!("{name} {}", ludomat_io::text::too_large(t, u64::MAX.into())),
                );
            }
            let why = "is not a whole number from 0 up";
            err(
                i,
                format!(
                    "{name} {} {why}{}",
                    ludomat_io::text::quoted(fields[i], 40),
                    ludomat_io::error::hidden_in(fields[i])
                ),
            )
        })
    };
    let small = |i: usize, name: &str| -> Result<u32, SummaryError> {
        let v = int(i, name)?;
        u32::try_from(v).map_err(|_| {
            let said = ludomat_io::text::too_large(&v.to_string(), u32::MAX.into());
            err(i, format!("{name} {said}"))
        })
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
        // to the microsecond: what `to_csv` writes (microseconds) reads back exactly
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
    // 0 is the empty cell's code, no card: a game always ends with one on the board
    let card = crate::Tile::from_value(u64::from(g.max_tile))
        .ok()
        .filter(|_| g.max_tile > 0)
        .ok_or_else(|| {
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
        Aggregate::of(games).stats()
    }
}

/// What any number of games add up to, in a size that does not grow with them: the
/// number of games, sums (score in 128 bits, swipes and nodes saturating, search time in
/// microseconds), and how many games ended with each score and with each highest card.
///
/// The counts per score make the median exact (the middle of the scores in order is
/// found by walking the counts) and the histogram exact, without keeping a row per game.
/// They are bounded by the distinct final scores, not by the games: a Threes! score is
/// the sum of sixteen card scores (powers of three), so a run's games share few of them —
/// some thousands for millions of games, and never more than the scores sixteen cards can
/// make. The highest cards are at most the sixteen card values.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Aggregate {
    games: u64,
    total_score: u128,
    scores: BTreeMap<u64, u64>,
    tiles: BTreeMap<u32, u64>,
    moves: u64,
    nodes: u64,
    micros: u128,
}

impl Aggregate {
    /// No games.
    #[must_use]
    pub fn new() -> Aggregate {
        Aggregate::default()
    }

    /// The aggregate of `games`.
    #[must_use]
    pub fn of(games: &[GameSummary]) -> Aggregate {
        let mut all = Aggregate::new();
        for g in games {
            all.add(g);
        }
        all
    }

    /// Add one game.
    pub fn add(&mut self, g: &GameSummary) {
        self.games += 1;
        self.total_score += u128::from(g.score);
        *self.scores.entry(g.score).or_insert(0) += 1;
        *self.tiles.entry(g.max_tile).or_insert(0) += 1;
        self.moves = self.moves.saturating_add(u64::from(g.moves));
        self.nodes = self.nodes.saturating_add(g.nodes);
        self.micros += g.elapsed.as_micros();
    }

    /// The number of games.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.games
    }

    /// How many values it holds (distinct scores and highest cards): what grows, with the
    /// distinct scores, never with the games.
    #[must_use]
    pub fn held(&self) -> usize {
        self.scores.len() + self.tiles.len()
    }

    /// The search time of all the games.
    #[must_use]
    pub fn search_time(&self) -> Duration {
        let micros = u64::try_from(self.micros).unwrap_or(u64::MAX);
        Duration::from_micros(micros)
    }

    /// The score at position `k` (from 0) of the scores in order.
    fn kth(&self, k: u64) -> u64 {
        let mut seen = 0u64;
        for (&score, &count) in &self.scores {
            seen += count;
            if k < seen {
                return score;
            }
        }
        self.scores.keys().next_back().copied().unwrap_or(0)
    }

    /// The statistics, or `None` for no games.
    #[must_use]
    pub fn stats(&self) -> Option<ScoreStats> {
        let n = self.games;
        let (&min, &max) = (self.scores.keys().next()?, self.scores.keys().next_back()?);
        let median = if n % 2 == 1 {
            self.kth(n / 2) as f64
        } else {
            ((u128::from(self.kth(n / 2 - 1)) + u128::from(self.kth(n / 2))) as f64) / 2.0
        };
        Some(ScoreStats {
            games: usize::try_from(n).unwrap_or(usize::MAX),
            mean: self.total_score as f64 / n as f64,
            median,
            min,
            max,
            moves: self.moves,
            nodes: self.nodes,
            seconds: self.micros as f64 / 1e6,
        })
    }

    /// For each card value in `milestones`, the share of the games whose highest card
    /// reached it.
    #[must_use]
    pub fn reached(&self, milestones: &[u32]) -> Vec<(u32, Proportion)> {
        milestones
            .iter()
            .map(|&m| {
                let hits = self.tiles.range(m..).map(|(_, &c)| c).sum();
                (m, Proportion::new(hits, self.games))
            })
            .collect()
    }

    /// The histogram of the final scores: see [`score_bins`].
    #[must_use]
    pub fn score_bins(&self) -> (u64, Vec<u64>) {
        let max = self.scores.keys().next_back().copied().unwrap_or(0).max(1);
        let raw = max.div_ceil(10);
        let magnitude = 10u64.pow(raw.max(1).ilog10());
        let width = raw.div_ceil(magnitude) * magnitude;
        let bins = max / width + 1;
        let mut counts = vec![0u64; bins as usize];
        for (&score, &count) in &self.scores {
            counts[(score / width) as usize] += count;
        }
        (width, counts)
    }
}

/// For each card value in `milestones`, the share of `games` whose highest card reached it.
#[must_use]
pub fn reached(games: &[GameSummary], milestones: &[u32]) -> Vec<(u32, Proportion)> {
    Aggregate::of(games).reached(milestones)
}

/// A histogram of the final scores: ten or so equal bins of a round width (1, 2 … 9 times
/// a power of ten) from 0 to past the highest score; the width and the count per bin.
#[must_use]
pub fn score_bins(games: &[GameSummary]) -> (u64, Vec<u64>) {
    Aggregate::of(games).score_bins()
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
    histogram_of(path, &Aggregate::of(games), title, caption)
}

/// [`histogram`] of the games `all` adds up.
///
/// # Errors
/// When the chart cannot be drawn or written.
pub fn histogram_of(
    path: &std::path::Path,
    all: &Aggregate,
    title: &str,
    caption: &str,
) -> Result<(), ludomat_chart::ChartError> {
    let (width, counts) = all.score_bins();
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

    /// A number too large for its field is said as every file's is: as written, with
    /// thousands, "is too large: a whole number from 0 to … was expected".
    #[test]
    fn too_large_numbers_are_said_with_thousands() {
        let e = parse_line("1,7,18446744073709551616,384,100,2,0.5", "l").unwrap_err();
        assert!(
            e.problem
                == "score 18,446,744,073,709,551,616 is too large: a whole number from 0 \
                 to 18,446,744,073,709,551,615 was expected",
            "{}",
            e.problem
        );
        let e = parse_line("1,7,5,4294967296,100,2,0.5", "l").unwrap_err();
        assert!(
            e.problem.starts_with("max_tile 4,294,967,296 is too large"),
            "{}",
            e.problem
        );
    }

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

    /// An empty CSV (or one of blank lines) is said as every empty input.
    #[test]
    fn an_empty_csv_is_empty() {
        for text in ["", "\n\n  \n"] {
            let e = Summaries::new()
                .read_from("e.csv", text.as_bytes())
                .unwrap_err();
            assert_eq!(e.to_string(), "e.csv is empty");
        }
    }

    #[test]
    fn reads_back_what_it_writes() {
        let games = vec![game(10), game(16 * 3u64.pow(13))];
        let mut s = Summaries::new();
        s.read("a.csv", &to_csv(3, &games)).unwrap();
        assert_eq!(s.aggregate(), &Aggregate::of(&games));
        assert_eq!(s.aggregate().games(), 2);
    }

    #[test]
    fn huge_seconds_are_refused_not_a_panic() {
        let text = format!("{CSV_HEADER}\n0,1,2,3,4,5,1e300\n");
        let e = Summaries::new().read("a.csv", &text).unwrap_err();
        assert_eq!(e.at, "a.csv, line 2, column 13");
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
        assert_eq!(e.at, "a.csv, line 3, column 5");
        assert_eq!(
            e.problem,
            "score 18,446,744,073,709,551,615 is more than a board whose highest card is 384 \
             can hold (16 × 6,561 = 104,976)"
        );
        let text = format!("{CSV_HEADER}\n0,1,40,385,4,5,1\n");
        let e = Summaries::new().read("a.csv", &text).unwrap_err();
        assert_eq!(e.at, "a.csv, line 2, column 8");
        assert!(
            e.problem.starts_with("max_tile 385 is not a card value"),
            "{e}"
        );
        // 0 is no card either (it was let through, then blamed on the score)
        let text = format!("{CSV_HEADER}\n0,1,12114,0,4,5,1\n");
        let e = Summaries::new().read("a.csv", &text).unwrap_err();
        assert!(
            e.problem.starts_with("max_tile 0 is not a card value"),
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
            e.to_string()
                .contains("max_tile 99,999,999,999 is too large"),
            "{e}"
        );
        let text = format!("{CSV_HEADER}\n0,1,99999999999999999999999,3,4,5,1\n");
        let e = Summaries::new().read("a.csv", &text).unwrap_err();
        assert!(e.to_string().contains("score"), "{e}");
        // a character one cannot see: shown escaped, and named
        let text = format!("{CSV_HEADER}\n0,1,12\u{200b}114,3,4,5,1\n");
        let e = Summaries::new().read("a.csv", &text).unwrap_err();
        assert!(
            e.to_string().ends_with(
                "is not a whole number from 0 up: it has a zero-width space (U+200B) in it"
            ),
            "{e}"
        );
    }

    /// A reader of `games` generated rows (a run's CSV, its games in order but for
    /// swapped pairs, as threads write them), made as it is read: no file, no rows held.
    struct Generated {
        next: u64,
        games: u64,
        line: Vec<u8>,
        at: usize,
    }

    impl std::io::Read for Generated {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.at == self.line.len() {
                if self.next > self.games {
                    return Ok(0);
                }
                self.line.clear();
                self.at = 0;
                if self.next == 0 {
                    self.line
                        .extend_from_slice(format!("{CSV_HEADER}\n").as_bytes());
                } else {
                    // games 1, 0, 3, 2, …: out of order by one
                    let i = self.next - 1;
                    let game = i ^ 1;
                    let score = 3 * (game % 5_000);
                    let row = format!("{game},{game},{score},384,{},7,0.002\n", game % 900);
                    self.line.extend_from_slice(row.as_bytes());
                }
                self.next += 1;
            }
            let n = buf.len().min(self.line.len() - self.at);
            buf[..n].copy_from_slice(&self.line[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    fn generated(games: u64) -> std::io::BufReader<Generated> {
        std::io::BufReader::new(Generated {
            next: 0,
            games,
            line: Vec::new(),
            at: 0,
        })
    }

    /// Hostile re-trial items 7 and 15 of the second trial: `threes summary` kept about 190
    /// bytes a game. A million games are read in a size that does not grow with them.
    #[test]
    fn a_million_games_are_summarised_in_a_size_that_does_not_grow_with_them() {
        let mut small = Summaries::new();
        small.read_from("small.csv", generated(10_000)).unwrap();
        let started = std::time::Instant::now();
        let mut big = Summaries::new();
        big.read_from("big.csv", generated(1_000_000)).unwrap();
        let took = started.elapsed();
        assert_eq!(big.aggregate().games(), 1_000_000);
        // the same distinct scores (5,000) and cards, one run of game numbers: the same
        // size for a hundred times the games
        assert_eq!(big.aggregate().held(), small.aggregate().held());
        assert_eq!(big.aggregate().held(), 5_001);
        assert_eq!(big.number_runs(), 1);
        assert_eq!(small.number_runs(), 1);
        let stats = big.aggregate().stats().unwrap();
        assert_eq!((stats.min, stats.max), (0, 3 * 4_999));
        // scores 0, 3 … 14,997, each 200 times: the median is the mean of the middle two
        assert_eq!(stats.median, (3.0 * 2_499.0 + 3.0 * 2_500.0) / 2.0);
        assert!(took < Duration::from_secs(60), "{took:?}");
        // the rows are still checked: a game read twice is refused
        let mut again = big.clone();
        let e = again.read_from("big.csv", generated(3)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "big.csv, line 2: game 1 already read in big.csv"
        );
    }

    /// The aggregate gives what the games give, kept or not.
    #[test]
    fn the_aggregate_is_exact() {
        let games: Vec<GameSummary> = [5u64, 1, 9, 9, 3, 1, 40].into_iter().map(game).collect();
        let all = Aggregate::of(&games);
        let s = all.stats().unwrap();
        assert_eq!((s.min, s.max, s.median, s.games), (1, 40, 5.0, 7));
        assert_eq!(s.mean, 68.0 / 7.0);
        let even = Aggregate::of(&games[..6]).stats().unwrap();
        assert_eq!(even.median, 4.0);
        assert_eq!(all.score_bins(), (4, vec![3, 1, 2, 0, 0, 0, 0, 0, 0, 0, 1]));
        assert_eq!(all.search_time(), Duration::from_millis(1500 * 7));
        let r = all.reached(&[384, 768]);
        assert_eq!((r[0].1.successes, r[1].1.successes), (7, 0));
    }

    #[test]
    fn game_numbers_are_kept_as_runs() {
        let mut runs = BTreeMap::new();
        for g in [5, 7, 6, 4, 9, u64::MAX, 0] {
            note_number(&mut runs, g, 0).unwrap();
        }
        assert_eq!(runs.len(), 4, "{runs:?}"); // 0, 4–7, 9, MAX
        assert_eq!(note_number(&mut runs, 6, 1), Err(0));
        assert_eq!(note_number(&mut runs, u64::MAX, 1), Err(0));
        note_number(&mut runs, 8, 1).unwrap();
        assert_eq!(runs.len(), 5, "{runs:?}"); // another file's game: a run of its own
    }

    /// Second re-trial, hostile item 15: a CSV without a settings line was combined with
    /// one that has it, without a word.
    #[test]
    fn a_file_without_settings_is_not_combined_with_one_that_has_them() {
        let spec = log_spec(ludomat_io::log::Settings::new().with("seed", 5));
        let with = format!("{}{CSV_HEADER}\n0,1,3,3,4,5,1\n", spec.settings_line());
        let without = format!("{CSV_HEADER}\n1,1,3,3,4,5,1\n");
        let mut s = Summaries::new();
        s.read("with.csv", &with).unwrap();
        let e = s.read("without.csv", &without).unwrap_err().to_string();
        assert!(
            e.starts_with("without.csv: it has no settings line and with.csv has one"),
            "{e}"
        );
        let mut s = Summaries::new();
        s.read("without.csv", &without).unwrap();
        let e = s.read("with.csv", &with).unwrap_err().to_string();
        assert!(
            e.starts_with("with.csv: without.csv has no settings line and it has one"),
            "{e}"
        );
        // two files without, or two with the same settings, are combined
        let mut s = Summaries::new();
        s.read("a.csv", &without).unwrap();
        s.read("b.csv", &without.replace("\n1,", "\n2,")).unwrap();
        assert_eq!(s.aggregate().games(), 2);
    }

    /// Second re-trial, hostile item 12: a line too long said its number twice.
    #[test]
    fn a_line_too_long_is_said_once_where_it_is() {
        let text = format!("{CSV_HEADER}\n{}\n", "9".repeat(CSV_LINE_CAP + 10));
        let e = Summaries::new().read("big.csv", &text).unwrap_err();
        assert_eq!(
            e.to_string(),
            "big.csv, line 2: a line longer than 1,048,576 bytes"
        );
    }
}
