//! Threes! in words, as the terminal prints it: a game's board and status line
//! ([`status`]), the search rule ([`rule`]), the statistics of a set of games ([`stats`]),
//! the headers of the `auto` and `versus` runs, the curve's table ([`versus_table`]) and a
//! recorded game frame by frame ([`replay`]). Plain text from the library's state, so every
//! renderer says the same; lines longer than a terminal are left for the renderer to wrap.

use std::fmt::Write as _;
use std::time::Duration;

use crate::auto::{AutoConfig, Contender};
use crate::autoplay::GameSummary;
use crate::record::GameRecord;
use crate::summary::Aggregate;
use crate::versus::{Point, VersusConfig};
use crate::{Board, Threes};

pub use crate::search::rule;
pub use ludomat_game::count::thousands;

/// The board, then the next card's hint, the score and the swipes made.
#[must_use]
pub fn status(game: &Threes) -> String {
    format!(
        "{}\nnext: {}   score: {}   swipes: {}",
        game.board(),
        game.hint(),
        thousands(game.score()),
        game.moves()
    )
}

/// The cards whose reach [`stats`] reports.
pub const MILESTONES: [u32; 6] = [384, 768, 1536, 3072, 6144, 12288];

/// The statistics of `games`, a line each (each ending in a newline): the scores, the
/// share reaching each of [`MILESTONES`] with its 95 % Wilson interval, and the swipes.
/// "no games" for none. The same games give the same text: their timings are
/// [`search_speed`]'s.
#[must_use]
pub fn stats(games: &[GameSummary]) -> String {
    stats_of(&Aggregate::of(games))
}

/// [`stats`] of the games `all` adds up (`threes summary`, which keeps no game).
#[must_use]
pub fn stats_of(all: &Aggregate) -> String {
    let Some(stats) = all.stats() else {
        return "no games\n".into();
    };
    let n = all.games();
    let moves = stats.moves;
    let mut s = format!(
        "score: mean {}  median {}  max {}  min {}\n",
        thousands(stats.mean.round() as u64),
        thousands(stats.median.round() as u64),
        thousands(stats.max),
        thousands(stats.min)
    );
    s.push_str("reached (share of games, 95 % interval):\n");
    for (m, p) in all.reached(&MILESTONES) {
        // the share with its interval, its percent aligned (`Proportion`'s form)
        let _ = writeln!(
            s,
            "  {:>6}: {:>5} of {}  {p}",
            thousands(u64::from(m)),
            thousands(p.successes),
            thousands(n)
        );
    }
    let _ = writeln!(
        s,
        "swipes: {}, {} a game",
        thousands(moves),
        ludomat_io::text::number(moves as f64 / n as f64),
    );
    s
}

/// How fast the search went in `games` (the time each swipe's search took, recorded with
/// the game, by the wall clock: a `--cpu-per-move` budget is CPU time, so the line says
/// which it is; games run side by side on threads, so it is each game's own thread's
/// time, not the run's time over its swipes): `search, on each game's thread: 744 ns wall a
/// swipe, 4,967,612 nodes/s`; `None` for no games, or none timed.
#[must_use]
pub fn search_speed(games: &[GameSummary]) -> Option<String> {
    search_speed_of(&Aggregate::of(games))
}

/// [`search_speed`] of the games `all` adds up.
#[must_use]
pub fn search_speed_of(all: &Aggregate) -> Option<String> {
    let stats = all.stats()?;
    let (moves, nodes, search_time) = (stats.moves, stats.nodes, stats.seconds);
    if search_time <= 0.0 {
        // no time to divide by (the head says why): no rate, never a made-up one
        return None;
    }
    let search = Duration::from_secs_f64(search_time);
    Some(format!(
        "search, on each game's thread: {} wall a swipe, {} nodes/s",
        ludomat_io::text::duration(search / u32::try_from(moves.max(1)).unwrap_or(u32::MAX)),
        ludomat_io::text::number(nodes as f64 / search_time)
    ))
}

/// How long a run of `games` took (for standard error): `684 swipes in 5.4 ms wall, 5.3
/// ms CPU: 127,894 swipes/s`; without `cpu` (the work was other processes'), wall-clock
/// time only, said so. `played`: every swipe made in that time, in games not finished
/// too (a stopped run's, as its bar says them); without it, the finished games' swipes.
#[must_use]
pub fn auto_timing(
    games: &[GameSummary],
    played: Option<u64>,
    wall: Duration,
    cpu: Option<Duration>,
) -> String {
    let finished = Aggregate::of(games).stats().map_or(0, |s| s.moves);
    let swipes = played.map_or(finished, |p| p.max(finished));
    let time = match cpu {
        Some(cpu) => ludomat_io::text::wall_and_cpu(wall, cpu),
        None => format!(
            "{} wall (the workers' CPU time not counted)",
            ludomat_io::text::duration(wall)
        ),
    };
    // the swipes of games not finished are not in the statistics above: said apart
    let apart = match swipes - finished {
        0 => String::new(),
        _ if finished == 0 => " (none in a finished game)".to_string(),
        n => format!(
            " ({} not in a finished game)",
            ludomat_io::text::thousands(n)
        ),
    };
    format!(
        "{}{apart} in {time}: {}",
        ludomat_io::text::count(swipes, "swipe", "swipes"),
        ludomat_io::text::rate(swipes as f64, wall, "swipes")
    )
}

/// [`auto_timing`] of a run stopped before any game ended: the swipes searched (`played`)
/// in that time, when there were any (an engine's are known only at its game's end).
#[must_use]
pub fn unfinished_timing(played: u64, wall: Duration, cpu: Duration) -> Option<String> {
    (played > 0).then(|| auto_timing(&[], Some(played), wall, Some(cpu)))
}

/// The first line of `threes summary`: `4 games from 2 files; 3.1 s of search time`.
#[must_use]
pub fn summary_head(games: &[GameSummary], files: usize) -> String {
    summary_head_of(&Aggregate::of(games), files)
}

/// [`summary_head`] of the games `all` adds up.
#[must_use]
pub fn summary_head_of(all: &Aggregate, files: usize) -> String {
    format!(
        "{} from {}; {}",
        ludomat_io::text::count(all.games(), "game", "games"),
        ludomat_io::text::count(files as u64, "file", "files"),
        search_time(all)
    )
}

/// `3.1 s of search time`; a sum of times each too short for the file to record (a
/// `--depth 1` game written to the millisecond) is never `0 s`: `under 1 ms of search
/// time a game`.
fn search_time(all: &Aggregate) -> String {
    match all.search_time() {
        t if t.is_zero() && all.games() > 0 => UNTIMED.to_string(),
        t => format!("{} of search time", ludomat_io::text::duration(t)),
    }
}

/// [`search_time`]'s words for games each too quick for their file's clock.
const UNTIMED: &str = "under 1 ms of search time a game (too quick for the file's clock)";

/// What `threes summary` prints of the games `all` adds up, read from `files` files: the
/// head ([`summary_head_of`]), the statistics ([`stats_of`]) and the search's speed
/// (recorded with the games: the same files give the same line), each line ending in a
/// newline.
///
/// # Errors
/// `no games in 2 files` when there are none.
pub fn summary_of(all: &Aggregate, files: usize) -> Result<String, String> {
    if all.games() == 0 {
        return Err(format!(
            "no games in {}",
            ludomat_io::text::count(files as u64, "file", "files")
        ));
    }
    let mut text = format!("{}\n{}", summary_head_of(all, files), stats_of(all));
    if let Some(speed) = search_speed_of(all) {
        text.push_str(&speed);
        text.push('\n');
    }
    Ok(text)
}

/// The first line of an `auto` run: who plays (`engine`: the engine's command as given,
/// else our AI and its rule), which games, on how many threads.
#[must_use]
pub fn auto_header(config: &AutoConfig, threads: usize, engine: &str) -> String {
    let (first, games, seed) = (config.first_game, config.games, config.seed);
    let model = config.model.words();
    match &config.contender {
        Contender::Engine(..) => format!(
            "Threes! engine {engine}: {} (from game {}), seed {seed}, {}, {model}",
            ludomat_io::text::count(u64::from(games), "game", "games"),
            ludomat_io::text::thousands(u64::from(first)),
            ludomat_io::text::count(threads as u64, "thread", "threads")
        ),
        Contender::Searcher(s) => format!(
            "Threes! AI: {} (from game {}), seed {seed}, {}, {}, {model}",
            ludomat_io::text::count(u64::from(games), "game", "games"),
            ludomat_io::text::thousands(u64::from(first)),
            rule(s.config().depth),
            ludomat_io::text::count(threads as u64, "thread", "threads")
        ),
    }
}

/// The first line of an `auto` run ([`auto_header`]) with what values the positions (the
/// heuristic, the shipped network or a file's: the score depends on it most).
#[must_use]
pub fn auto_heading(
    options: &crate::auto::AutoOptions,
    config: &AutoConfig,
    threads: usize,
) -> String {
    let engine = options.engine.as_deref().unwrap_or_default();
    let head = auto_header(config, threads, engine);
    match config.contender {
        crate::auto::Contender::Searcher(_) => format!("{head}, {}", options.eval.words()),
        crate::auto::Contender::Engine(..) => head,
    }
}

/// The two header lines of a `versus` run.
#[must_use]
pub fn versus_header(config: &VersusConfig) -> String {
    format!(
        "Threes! versus: {} AI×budget points, games {}–{} of seed {} each\n\
         ({} already done), {} at once, {}",
        config.entries.len(),
        config.first_game,
        u64::from(config.first_game) + u64::from(config.games) - 1,
        config.seed,
        config.skip.len(),
        config.threads,
        config.model.words()
    )
}

/// The curve table's column heads (the AI and its budget first, then the numbers).
const VERSUS_HEADS: [&str; 10] = [
    "ai",
    "budget",
    "games",
    "mean",
    "95 % interval",
    "ms/move",
    "3,072",
    "6,144",
    "CPU",
    "wall",
];

/// A point of the curve as the table's cells.
fn versus_row(p: &Point) -> [String; 10] {
    let interval = if p.half_width.is_finite() {
        format!(
            "{}–{}",
            thousands((p.mean - p.half_width).max(0.0).round() as u64),
            thousands((p.mean + p.half_width).round() as u64)
        )
    } else {
        "—".into()
    };
    [
        p.ai.clone(),
        p.budget.clone(),
        thousands(p.games),
        thousands(p.mean.round() as u64),
        interval,
        format!("{:.2}", p.cpu_ms_per_move),
        ludomat_io::text::percent(p.reached_3072.rate()),
        ludomat_io::text::percent(p.reached_6144.rate()),
        summed(p.cpu, p.games),
        summed(p.wall, p.games),
    ]
}

/// A sum of the times of `games` games, never `0 s` when games were played: times each too
/// short for their file's clock add up to `under 1 ms`.
fn summed(time: Duration, games: u64) -> String {
    if time.is_zero() && games > 0 {
        "under 1 ms".into()
    } else {
        ludomat_io::text::duration(time)
    }
}

/// The curve's table, a line each, every column as wide as its widest cell: one table
/// when it fits `width` columns, else two (strength, then cost), each led by the AI and
/// its budget.
#[must_use]
pub fn versus_table(points: &[Point], width: usize) -> Vec<String> {
    table_of(&points.iter().map(versus_row).collect::<Vec<_>>(), width)
}

fn table_of(rows: &[[String; 10]], width: usize) -> Vec<String> {
    let widths: Vec<usize> = (0..VERSUS_HEADS.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain([VERSUS_HEADS[c].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[&str], columns: &[usize]| -> String {
        columns
            .iter()
            .zip(cells)
            .map(|(&c, cell)| {
                // never `{:<w$}`: it panics above 65,535 (a 70,000-character AI name)
                if c == 0 {
                    ludomat_io::text::pad_right(cell, widths[c])
                } else {
                    ludomat_io::text::pad_left(cell, widths[c])
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
            .trim_end()
            .to_string()
    };
    let table = |columns: &[usize]| -> Vec<String> {
        let head: Vec<&str> = columns.iter().map(|&c| VERSUS_HEADS[c]).collect();
        let mut lines = vec![line(&head, columns)];
        for r in rows {
            let cells: Vec<&str> = columns.iter().map(|&c| r[c].as_str()).collect();
            lines.push(line(&cells, columns));
        }
        lines
    };
    let all: Vec<usize> = (0..VERSUS_HEADS.len()).collect();
    let one = table(&all);
    if one.iter().all(|l| l.chars().count() <= width) {
        return one;
    }
    let mut two = table(&[0, 1, 2, 3, 4, 6, 7]);
    two.push(String::new());
    two.extend(table(&[0, 1, 5, 8, 9]));
    two
}

/// A recorded game frame by frame: each frame's board, hint and score, and the swipe made
/// from it (with a newline at the end of each), and whether a swipe follows (where a
/// stepping viewer waits).
#[must_use]
pub fn replay(record: &GameRecord) -> Vec<(String, bool)> {
    record
        .frames
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mut s = format!(
                "\nboard {i}   next: {}   score: {}\n{}\n",
                f.hint,
                thousands(f.board.score()),
                f.board
            );
            if let Some(d) = f.direction {
                let _ = writeln!(
                    s,
                    "swipe {d} {}  (a {} comes in)",
                    d.arrow(),
                    thousands(u64::from(f.card.value()))
                );
            }
            (s, f.direction.is_some())
        })
        .collect()
}

/// The line over a replayed game (`name`: the file as shown): its swipes, hint model and
/// seed, with where a seed past 32 bits comes from.
#[must_use]
pub fn replay_head(name: &str, record: &GameRecord) -> String {
    let (seed, model, moves) = (record.seed, record.hint_model.words(), record.moves());
    // a game of `threes auto` is dealt from its own seed, derived from the run's
    let derived = if seed > u64::from(u32::MAX) {
        " (the game's own seed: 'threes auto' derives each game's from the run's --seed)"
    } else {
        ""
    };
    format!(
        "{name}: {}, {model}, seed {seed}{derived}\n",
        ludomat_io::text::count(moves as u64, "swipe", "swipes"),
    )
}

/// The line under a replayed game: its final score and highest card.
#[must_use]
pub fn replay_end(record: &GameRecord) -> String {
    let last: Board = record.frames.last().map(|f| f.board).unwrap_or_default();
    format!(
        "\nthe game's final score {}, highest card {}{}\n",
        thousands(record.score()),
        thousands(u64::from(last.max_tile().value())),
        if last.is_dead() { ", game over" } else { "" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stopped run's rate counts every swipe played (finished games and not), the count
    /// its bar says, over the same span (it counted only the finished games' swipes).
    #[test]
    fn a_stopped_run_s_timing_counts_every_swipe_played() {
        let wall = Duration::from_secs(2);
        let line = auto_timing(&[], Some(1_000), wall, Some(wall));
        assert!(
            line.starts_with("1,000 swipes (none in a finished game) in 2"),
            "{line}"
        );
        assert!(line.ends_with("500 swipes/s"), "{line}");
        assert!(auto_timing(&[], None, wall, None).starts_with("0 swipes in 2"));
    }

    /// Games each quicker than their file's clock (a `--depth 1` run written to the
    /// millisecond) add up to no `0 s` and no made-up rate; a game timed to the
    /// microsecond is said as the time formatter says it.
    #[test]
    fn a_sum_of_untimed_games_is_never_0_s() {
        let game = |micros| GameSummary {
            seed: 1,
            score: 12_114,
            max_tile: 384,
            moves: 392,
            nodes: 1_476,
            elapsed: Duration::from_micros(micros),
        };
        let untimed = [game(0), game(0)];
        let head = summary_head(&untimed, 1);
        assert_eq!(
            head,
            "2 games from 1 file; under 1 ms of search time a game (too quick for the file's \
             clock)"
        );
        assert_eq!(search_speed(&untimed), None);
        let timed = [game(354)];
        // the search's time is the wall clock's, said so (a --cpu-per-move budget is CPU)
        let speed = search_speed(&timed).unwrap_or_default();
        assert!(
            speed.starts_with("search, on each game's thread: 903 ns wall a swipe, "),
            "{speed}"
        );
        assert_eq!(
            summary_head(&timed, 1),
            "1 game from 1 file; 354 µs of search time"
        );
        let row = crate::summary::csv_row(0, &timed[0]);
        assert!(row.ends_with(",0.000354\n"), "{row}");
        // the versus table's sums of CPU and wall time too
        assert_eq!(summed(Duration::ZERO, 3), "under 1 ms");
        assert_eq!(summed(Duration::ZERO, 0), "0 s");
        assert_eq!(summed(Duration::from_micros(354), 1), "354 µs");
    }

    #[test]
    fn the_versus_table_fits_80_columns() {
        let row = |ai: &str, budget: &str| -> [String; 10] {
            [
                ai,
                budget,
                "100",
                "344,537",
                "231,462–457,612",
                "229.71",
                "83.3%",
                "27.8%",
                "3078",
                "12345",
            ]
            .map(str::to_string)
        };
        // short names: one table, a line a point
        let one = table_of(&[row("nneonneo", "-4"), row("ludomat", "100")], 80);
        assert_eq!(one.len(), 3, "{one:#?}");
        assert!(one[0].starts_with("ai       budget games"), "{one:#?}");
        assert!(one.iter().all(|l| l.chars().count() <= 80), "{one:#?}");
        // long ones: strength and cost apart, each point in both
        let two = table_of(&[row("a-long-engine-name", "depth-offset-4")], 80);
        assert_eq!(two.len(), 5, "{two:#?}");
        assert!(two.iter().all(|l| l.chars().count() <= 80), "{two:#?}");
        assert!(two[1].contains("231,462–457,612") && !two[1].contains("229.71"));
        assert!(two[4].contains("229.71") && two[4].contains("12345"));
    }

    /// Once: `threes versus` with a 70,000-character AI name or budget panicked in
    /// `format!` (`{:<w$}` above 65,535).
    #[test]
    fn a_70000_character_name_or_budget_does_not_panic() {
        let long = "n".repeat(70_000);
        let row = [
            long.clone(),
            long,
            "1".into(),
            "2".into(),
            "—".into(),
            "0.10".into(),
            "0.0%".into(),
            "0.0%".into(),
            "0".into(),
            "0".into(),
        ];
        let lines = table_of(&[row], 80);
        assert!(lines.len() >= 2);
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(12), "12");
    }
}
