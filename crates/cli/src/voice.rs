//! The binary's own sentences that several commands share, in the words of docs/VOICE.md.

use std::time::Duration;

use ludomat_io::text;

/// How long a run took and how fast it went, on one line: `1,000 games in 1.3 ms wall,
/// 2.5 ms CPU: 746,755 games/s` (the rate by wall-clock time).
pub fn timing(done: u64, one: &str, many: &str, wall: Duration, cpu: Duration) -> String {
    format!(
        "{} in {}: {}",
        text::count(done, one, many),
        text::wall_and_cpu(wall, cpu),
        text::rate(done as f64, wall, many)
    )
}

/// A tournament stopped by Ctrl-C after `played` of `games` games (its table printed).
pub fn stopped_tournament(played: u64, games: u64) -> ludomat_io::interrupt::Stopped {
    ludomat_io::interrupt::Stopped::after(
        played,
        Some(games),
        ("game", "games"),
        "the table above is theirs",
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn timing_says_what_was_done_in_what_time() {
        let t = super::timing(
            1_000,
            "game",
            "games",
            std::time::Duration::from_millis(2),
            std::time::Duration::from_millis(3),
        );
        assert_eq!(
            t,
            "1,000 games in 2.00 ms wall, 3.00 ms CPU: 500,000 games/s"
        );
        let quick = super::timing(
            1,
            "game",
            "games",
            std::time::Duration::ZERO,
            std::time::Duration::ZERO,
        );
        assert_eq!(quick, "1 game in 0 s wall, 0 s CPU: — games/s");
    }
}
