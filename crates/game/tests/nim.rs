//! The shared runners on a tiny game whose theory is known exactly: subtraction Nim
//! (take 1 or 2 from a pile of 4; whoever takes the last stone wins). The first player
//! wins with best play by taking 1.

use ludomat_game::{
    explore, play_match, seed, tournament, Agent, AgentError, Game, Outcome, Player, Series,
    TournamentConfig,
};
use rand::seq::SliceRandom;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Nim {
    pile: u8,
    to_move: Player,
}

impl Game for Nim {
    type Move = u8;
    fn start() -> Self {
        Nim {
            pile: 4,
            to_move: Player::First,
        }
    }
    fn side_to_move(&self) -> Player {
        self.to_move
    }
    fn legal_moves(&self) -> Vec<u8> {
        (1..=2).filter(|&t| t <= self.pile).collect()
    }
    fn play(&mut self, mv: u8) {
        self.pile -= mv;
        self.to_move = self.to_move.opponent();
    }
    fn outcome(&self) -> Option<Outcome> {
        // The player who just moved took the last stone.
        (self.pile == 0).then(|| Outcome::Win(self.to_move.opponent()))
    }
}

/// Takes the move that leaves a multiple of three, else 1.
struct Perfect;
impl Agent<Nim> for Perfect {
    fn name(&self) -> String {
        "perfect".into()
    }
    fn choose(&mut self, p: &Nim) -> Result<u8, AgentError> {
        Ok(if p.pile.is_multiple_of(3) {
            1
        } else {
            p.pile % 3
        })
    }
}

struct Random(seed::Rng);
impl Agent<Nim> for Random {
    fn name(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, p: &Nim) -> Result<u8, AgentError> {
        p.legal_moves()
            .choose(&mut self.0)
            .copied()
            .ok_or_else(|| AgentError::Failed("no move".into()))
    }
}

struct Cheater;
impl Agent<Nim> for Cheater {
    fn name(&self) -> String {
        "cheater".into()
    }
    fn choose(&mut self, _: &Nim) -> Result<u8, AgentError> {
        Ok(3)
    }
}

#[test]
fn explorer_counts_every_opponent_line() {
    // Perfect first: piles 4 -1-> 3; opponent takes 1 or 2 (2 lines); perfect takes the rest.
    let counts = explore(&Nim::start(), &mut Perfect, Player::First).unwrap();
    assert_eq!((counts.wins, counts.draws, counts.losses), (2, 0, 0));
    // Perfect second from 4: opponent takes 2 (->2), perfect takes 2 and wins; opponent
    // takes 1 (->3), perfect takes 1 (->2), then the opponent wins by taking 2 or lets
    // perfect win by taking 1. Three lines: two wins, one loss.
    let counts = explore(&Nim::start(), &mut Perfect, Player::Second).unwrap();
    assert_eq!((counts.wins, counts.draws, counts.losses), (2, 0, 1));
}

#[test]
fn illegal_moves_are_reported_not_played() {
    let err = play_match(Nim::start(), &mut Cheater, &mut Perfect, &mut |_, _, _| {}).unwrap_err();
    assert!(err.to_string().contains("illegal move 3"), "{err}");
    assert!(explore(&Nim::start(), &mut Cheater, Player::First).is_err());
}

#[test]
fn series_alternates_sides() {
    let (mut a, mut b) = (Perfect, Perfect);
    let mut series = Series::new(&mut a, &mut b, Player::First, true);
    for _ in 0..10 {
        series.play_next().unwrap();
    }
    // The first player always wins Nim(4) with perfect play on both sides.
    assert_eq!(series.tally().wins, 5);
    assert_eq!(series.tally().losses, 5);
}

#[test]
fn tournament_is_independent_of_thread_count() {
    let make_random = |s: u64| Box::new(Random(seed::rng(s))) as Box<dyn Agent<Nim>>;
    let config = TournamentConfig {
        games: 5_000,
        seed: 42,
        alternate: true,
        progress: false,
    };
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let four = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    let r1 = one.install(|| tournament(&make_random, &make_random, &config));
    let r4 = four.install(|| tournament(&make_random, &make_random, &config));
    assert_eq!(r1.a, r4.a);
    assert_eq!(r1.by_seat, r4.by_seat);
    assert_eq!(r1.a.games(), 5_000);
    let make_perfect = |_: u64| Box::new(Perfect) as Box<dyn Agent<Nim>>;
    let r = tournament(
        &make_perfect,
        &make_random,
        &TournamentConfig {
            games: 1000,
            ..config
        },
    );
    // Perfect wins every game it starts; as second player it wins when random errs.
    assert_eq!(r.by_seat.games(), 1000);
    assert!(r.a.wins >= 500, "{:?}", r.a);
    // A against B by who moved first: the two halves add up to A's results, and perfect
    // play wins every game it starts.
    assert_eq!(r1.a_by_seat, r4.a_by_seat);
    let [first, second] = r.a_by_seat;
    assert_eq!(first.games() + second.games(), 1000);
    assert_eq!(first.wins + second.wins, r.a.wins);
    assert_eq!(first.wins, first.games(), "{first:?}");
}
