//! Learning works: the published results, reproduced with many seeded runs through the
//! `Agent` interface against `ludomat_tictactoe`'s perfect and random players.
//!
//! "Stops losing" is defined precisely: MENACE has stopped losing once it plays
//! [`QUIET`] games in a row without a loss; the losses counted are those before that
//! run, the last loss is the game number of the last of them. That it has really
//! stopped is checked too: each run goes on for [`AFTER`] more games, which must bring
//! no loss. (Continued to 30,000 games, 101 runs of each configuration never lost
//! again either.)

use ludomat_game::{play_match, seed, Outcome, Player};
use ludomat_menace::{Menace, Preset, Rules, StartingBeads};
use ludomat_tictactoe::{Board, PerfectAgent, RandomAgent};

/// Games in a row without a loss that count as "stopped losing".
const QUIET: u64 = 1000;
/// Give up after this many games.
const CAP: u64 = 20_000;
const RUNS: u64 = 101;
/// Games played after MENACE stopped losing, to check that it did.
const AFTER: u64 = 2000;

/// (losses before MENACE stopped losing, game number of its last loss), or `None` if it
/// never stopped within [`CAP`] games.
fn until_it_stops_losing(rules: Rules, run: u64) -> Option<(u64, u64)> {
    let mut menace = Menace::new(rules, seed::derive(11, run));
    let mut perfect = PerfectAgent::new(seed::derive(12, run));
    let (mut losses, mut last_loss) = (0, 0);
    for game in 1..=CAP {
        let r = play_match(Board::EMPTY, &mut menace, &mut perfect, &mut |_, _, _| {})
            .expect("both agents always move");
        if r.outcome == Outcome::Win(Player::Second) {
            losses += 1;
            last_loss = game;
        } else if game - last_loss >= QUIET {
            for _ in 0..AFTER {
                let r = play_match(Board::EMPTY, &mut menace, &mut perfect, &mut |_, _, _| {})
                    .expect("both agents always move");
                assert_ne!(
                    r.outcome,
                    Outcome::Win(Player::Second),
                    "run {run} lost again"
                );
            }
            return Some((losses, last_loss));
        }
    }
    None
}

fn medians(rules: Rules) -> (u64, u64) {
    let mut losses = Vec::new();
    let mut last = Vec::new();
    for run in 0..RUNS {
        let (l, g) = until_it_stops_losing(rules, run)
            .unwrap_or_else(|| panic!("run {run} never stopped losing"));
        losses.push(l);
        last.push(g);
    }
    losses.sort_unstable();
    last.sort_unstable();
    let m = (losses[losses.len() / 2], last[last.len() / 2]);
    ludomat_io::errln!("{rules}: median losses {}, median last loss {}", m.0, m.1);
    m
}

/// The published simulation (median 76 losses, last loss around game 123) is reproduced
/// by the seed's learning rules (win +1, draw 0, loss −1, refill an empty box with three
/// beads) with the starting beads of the article the seed points to (Chalkdust; Michie's
/// 4 / 3 / 2 / 1 per move).
#[test]
fn seed_learning_against_perfect_play_matches_the_published_median() {
    let rules = Rules {
        starting_beads: StartingBeads::PerMove([4, 3, 2, 1]),
        ..Rules::source()
    };
    let (losses, last) = medians(rules);
    assert!(
        (66..=86).contains(&losses),
        "median losses {losses}, published about 76"
    );
    assert!(
        (100..=146).contains(&last),
        "median last loss {last}, published about 123"
    );
}

/// With the seed's own starting beads (1–9 random beads per box) MENACE starts with
/// fewer beads, so each loss teaches it more: it stops losing sooner (median about 52
/// losses, last loss about game 101).
#[test]
fn seed_preset_against_perfect_play_stops_losing() {
    let (losses, last) = medians(Preset::Source.rules());
    assert!((38..=66).contains(&losses), "median losses {losses}");
    assert!((75..=130).contains(&last), "median last loss {last}");
}

/// Against a random player, seed rules: about 61 % / 13 % / 27 % win/draw/loss in the
/// first 100 games, about 82 % / 9 % / 9 % in games 1901–2000 (published).
#[test]
fn seed_learning_against_random_play() {
    const RUNS: u64 = 40;
    let (mut early, mut late) = ([0u64; 3], [0u64; 3]);
    for run in 0..RUNS {
        let mut menace = Menace::new(Rules::source(), seed::derive(21, run));
        let mut random = RandomAgent::new(seed::derive(22, run));
        for game in 1..=2000 {
            let r = play_match(Board::EMPTY, &mut menace, &mut random, &mut |_, _, _| {})
                .expect("both agents always move");
            let k = (1 - r.outcome.score_for(Player::First)) as usize;
            if game <= 100 {
                early[k] += 1;
            } else if game > 1900 {
                late[k] += 1;
            }
        }
    }
    let rate = |n: u64| n as f64 / (RUNS * 100) as f64;
    ludomat_io::errln!(
        "win/draw/loss games 1-100 {early:?}, games 1901-2000 {late:?} of {}",
        RUNS * 100
    );
    assert!(
        (0.55..=0.68).contains(&rate(early[0])),
        "early wins {early:?}"
    );
    assert!((0.78..=0.88).contains(&rate(late[0])), "late wins {late:?}");
    assert!(rate(late[2]) < 0.12, "late losses {late:?}");
}
