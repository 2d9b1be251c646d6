//! MENACE as an `Agent`: in series (learning carries over, either side, MENACE against
//! MENACE) and in tournaments.

use ludomat_game::{seed, tournament, Agent, Outcome, Player, Series, TournamentConfig};
use ludomat_menace::{Menace, Rules};
use ludomat_tictactoe::{Board, RandomAgent};

/// Playing second against a random player, MENACE (289 boxes) learns to lose less.
#[test]
fn menace_learns_as_the_second_player() {
    let (mut early, mut late) = ([0u64; 3], [0u64; 3]);
    for run in 0..20 {
        let mut menace = Menace::new(Rules::source(), seed::derive(31, run));
        let mut random = RandomAgent::new(seed::derive(32, run));
        let mut series = Series::new(&mut menace, &mut random, Player::Second, false);
        for game in 1..=2000 {
            let (record, side) = series.play_next().expect("both agents always move");
            assert_eq!(side, Player::Second);
            let k = (1 - record.outcome.score_for(Player::Second)) as usize;
            if game <= 100 {
                early[k] += 1;
            } else if game > 1900 {
                late[k] += 1;
            }
        }
        assert_eq!(menace.record(Player::Second).games(), 2000);
        assert_eq!(menace.record(Player::First).games(), 0);
    }
    ludomat_io::errln!("MENACE as O against random: games 1-100 {early:?}, 1901-2000 {late:?}");
    assert!(
        late[2] * 2 < early[2],
        "losses should at least halve: {early:?} {late:?}"
    );
    assert!(late[0] > early[0], "{early:?} {late:?}");
}

/// Two MENACEs, changing sides every game, each learning with the right set of boxes:
/// they end up drawing.
#[test]
fn menace_against_menace_learns_to_draw() {
    let mut a = Menace::new(Rules::source(), 41);
    let mut b = Menace::new(Rules::source(), 42);
    let mut series = Series::new(&mut a, &mut b, Player::First, true);
    let mut late_draws = 0;
    for game in 1..=6000 {
        let (record, _) = series.play_next().expect("both agents always move");
        if game > 5000 && record.outcome == Outcome::Draw {
            late_draws += 1;
        }
    }
    ludomat_io::errln!("MENACE against MENACE: {late_draws} draws in games 5001-6000");
    assert!(late_draws > 800, "{late_draws}");
    for m in [&a, &b] {
        assert_eq!(m.record(Player::First).games(), 3000);
        assert_eq!(m.record(Player::Second).games(), 3000);
    }
}

/// In a tournament every game gets a fresh MENACE; nothing fails.
#[test]
fn usable_in_tournaments() {
    let make_menace =
        |s: u64| -> Box<dyn Agent<Board>> { Box::new(Menace::new(Rules::source(), s)) };
    let make_random = |s: u64| -> Box<dyn Agent<Board>> { Box::new(RandomAgent::new(s)) };
    let config = TournamentConfig {
        games: 400,
        seed: 5,
        alternate: true,
        progress: false,
    };
    let r = tournament(&make_menace, &make_random, &config);
    assert_eq!(r.failed, 0);
    assert_eq!(r.a.games(), 400);
    assert_eq!(r.a_name, "menace");
}
