//! The fast training loop plays exactly the games the first implementation played: the
//! learned boxes, the records and the random generator's position after 10⁶ games (seed
//! rules against random, issue 30) and after 10⁵ games in five other settings (every
//! opponent, both sides, resigning rules, one bead per class of moves, custom rewards)
//! equal the figures below, which were taken from the implementation before the flat
//! tables (commit 2ee10a3d, `MENACE_FIXTURE_PRINT=1 cargo test -p ludomat-menace --test
//! fixture -- --nocapture` printed them).
//!
//! A figure is a 64-bit FNV-1a hash of every bead count (both sets of boxes, box order,
//! nine squares each) plus the two records, the generator's word position and a few
//! boxes verbatim, so a difference points at where the games parted.

use ludomat_game::{Player, Tally};
use ludomat_menace::{BoxId, EmptyBox, Menace, Opponent, Preset, Rules, StartingBeads};

/// What one scenario ends with.
#[derive(Debug, PartialEq, Eq)]
struct Figures {
    /// FNV-1a over every bead count of both sets.
    hash: u64,
    /// (wins, draws, losses) playing first, then second.
    record: [(u64, u64, u64); 2],
    /// The generator's position, in 32-bit words.
    word_pos: u128,
    /// The boxes named in [`PROBES`] of the set MENACE played, verbatim.
    probes: Vec<[u32; 9]>,
    /// The opponent MENACE's hash, when it was one.
    opponent_hash: Option<u64>,
}

/// Boxes shown verbatim (ids below 289 exist in both sets).
const PROBES: [u16; 5] = [0, 1, 12, 100, 288];

fn fnv(hash: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *hash ^= u64::from(b);
        *hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
}

fn boxes_hash(m: &Menace) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325;
    for side in [Player::First, Player::Second] {
        for (_, b) in m.boxes(side).iter() {
            for n in b.counts() {
                fnv(&mut h, &n.to_le_bytes());
            }
        }
    }
    h
}

fn word_pos(m: &Menace) -> u128 {
    let v: serde_json::Value = serde_json::from_str(&m.to_json()).unwrap();
    v["rng"]["word_pos"].as_str().unwrap().parse().unwrap()
}

fn tally(t: Tally) -> (u64, u64, u64) {
    (t.wins, t.draws, t.losses)
}

/// How the games are played.
#[derive(Debug, Clone, Copy)]
enum Loop {
    /// One [`Menace::train_game`] call per game.
    Single,
    /// One [`Menace::train_games`] call for all of them (words read ahead).
    Batch,
}

/// Play `games` training games; `side(g)` is MENACE's side in game `g`.
fn scenario(
    rules: Rules,
    seed: u64,
    mut opponent: Opponent,
    games: u64,
    side: impl Fn(u64) -> Player,
    how: Loop,
) -> Figures {
    let mut m = Menace::new(rules, seed);
    match how {
        Loop::Single => {
            for g in 0..games {
                m.train_game(&mut opponent, side(g));
            }
        }
        Loop::Batch => {
            let played = m.train_games(&mut opponent, games, &side, |_, _| {
                std::ops::ControlFlow::Continue(())
            });
            assert_eq!(played, games);
        }
    }
    let last = side(games.saturating_sub(1));
    Figures {
        hash: boxes_hash(&m),
        record: [
            tally(m.record(Player::First)),
            tally(m.record(Player::Second)),
        ],
        word_pos: word_pos(&m),
        probes: PROBES
            .iter()
            .map(|&i| m.boxes(last).get(BoxId::new(i)).unwrap().counts())
            .collect(),
        opponent_hash: match &opponent {
            Opponent::Menace(o) => Some(boxes_hash(o)),
            _ => None,
        },
    }
}

fn check(name: &str, got: Figures, want: Figures) {
    if std::env::var_os("MENACE_FIXTURE_PRINT").is_some() {
        ludomat_io::outln!("{name}: {got:?}");
        return;
    }
    assert_eq!(got, want, "{name}");
}

#[test]
fn a_million_games_seed_rules_against_random() {
    let got = scenario(
        Rules::source(),
        1,
        Opponent::random(2),
        1_000_000,
        |_| Player::First,
        Loop::Batch,
    );
    check(
        "seed/random/1e6",
        got,
        Figures {
            hash: 629_655_250_962_671_123,
            record: [(967_709, 27_989, 4_302), (0, 0, 0)],
            word_pos: 5_179_483,
            probes: vec![
                [0, 0, 6813, 0, 933_239, 0, 2857, 0, 20504],
                [0, 0, 2, 3, 0, 0, 0, 0, 1],
                [0, 0, 0, 0, 0, 77, 0, 63, 3438],
                [11074, 0, 0, 0, 0, 0, 0, 61475, 7883],
                [0, 0, 0, 0, 0, 144, 0, 0, 0],
            ],
            opponent_hash: None,
        },
    );
}

#[test]
fn every_opponent_side_and_rule_set_one_call_per_game() {
    every_opponent_side_and_rule_set(Loop::Single);
}

#[test]
fn every_opponent_side_and_rule_set_in_one_run() {
    every_opponent_side_and_rule_set(Loop::Batch);
}

fn every_opponent_side_and_rule_set(how: Loop) {
    let custom = Rules {
        starting_beads: StartingBeads::Random { min: 2, max: 5 },
        one_bead_per_move_class: true,
        win: 2,
        draw: 1,
        loss: -2,
        empty_box: EmptyBox::Refill(2),
    };
    let cases: [(&str, Figures); 5] = [
        (
            "seed/perfect",
            scenario(
                Rules::source(),
                4,
                Opponent::perfect(5),
                100_000,
                |_| Player::First,
                how,
            ),
        ),
        (
            "michie/perfect",
            scenario(
                Preset::Michie.rules(),
                6,
                Opponent::perfect(7),
                100_000,
                |_| Player::First,
                how,
            ),
        ),
        (
            "scroggs/random as O",
            scenario(
                Preset::Scroggs.rules(),
                8,
                Opponent::random(9),
                100_000,
                |_| Player::Second,
                how,
            ),
        ),
        (
            "seed/menace",
            scenario(
                Rules::source(),
                10,
                Opponent::menace(Rules::source(), 11),
                100_000,
                |_| Player::First,
                how,
            ),
        ),
        (
            "custom/random alternating",
            scenario(
                custom,
                12,
                Opponent::random(13),
                100_000,
                |g| {
                    if g % 2 == 0 {
                        Player::First
                    } else {
                        Player::Second
                    }
                },
                how,
            ),
        ),
    ];
    let want = [
        Figures {
            hash: 11_681_528_251_397_177_569,
            record: [(0, 99_982, 18), (0, 0, 0)],
            word_pos: 805_901,
            probes: vec![
                [0, 0, 0, 0, 1, 0, 0, 0, 0],
                [0, 0, 1, 1, 2, 1, 0, 1, 2],
                [1, 0, 0, 2, 1, 0, 0, 0, 0],
                [0, 0, 0, 1, 0, 0, 0, 0, 0],
                [0, 1, 0, 0, 0, 3, 0, 3, 0],
            ],
            opponent_hash: None,
        },
        Figures {
            hash: 7_472_303_038_030_702_491,
            record: [(0, 99_909, 91), (0, 0, 0)],
            word_pos: 578_630,
            probes: vec![
                [0, 0, 0, 0, 99829, 0, 0, 25, 0],
                [0, 0, 0, 5, 10, 0, 20, 1, 0],
                [3, 3, 0, 3, 3, 3, 0, 3, 3],
                [2, 0, 0, 2, 0, 2, 0, 2, 2],
                [0, 1, 0, 0, 0, 1, 0, 1, 0],
            ],
            opponent_hash: None,
        },
        Figures {
            hash: 11_417_208_002_969_948_675,
            record: [(0, 0, 0), (81_829, 9_163, 9_008)],
            word_pos: 492_311,
            probes: vec![
                [0, 1324, 329, 0, 108_886, 1441, 0, 0, 584],
                [7634, 0, 0, 137, 86682, 0, 14743, 1287, 0],
                [196, 0, 0, 0, 3, 43, 29, 4, 0],
                [1, 0, 39, 0, 0, 0, 0, 0, 0],
                [0, 0, 0, 28, 2, 0, 0, 0, 0],
            ],
            opponent_hash: None,
        },
        Figures {
            hash: 425_100_794_531_835_401,
            record: [(105, 99_796, 99), (0, 0, 0)],
            word_pos: 574_017,
            probes: vec![
                [0, 0, 10, 0, 0, 0, 0, 0, 0],
                [0, 0, 1, 0, 0, 0, 0, 3, 0],
                [0, 0, 0, 1, 0, 0, 0, 0, 1],
                [0, 0, 0, 1, 0, 3, 0, 4, 1],
                [0, 0, 0, 0, 0, 1, 0, 3, 0],
            ],
            opponent_hash: Some(17_460_615_628_508_813_525),
        },
        Figures {
            hash: 17_647_009_548_171_187_645,
            record: [(45_272, 4_173, 555), (40_301, 6_161, 3_538)],
            word_pos: 506_978,
            probes: vec![
                [0, 0, 0, 0, 35581, 0, 0, 0, 0],
                [0, 0, 0, 0, 37084, 0, 0, 0, 0],
                [0, 0, 0, 0, 1, 0, 0, 0, 1],
                [1, 0, 0, 0, 0, 0, 0, 0, 0],
                [0, 0, 0, 2, 0, 0, 0, 0, 0],
            ],
            opponent_hash: None,
        },
    ];
    for ((name, got), want) in cases.into_iter().zip(want) {
        check(&format!("{name} ({how:?})"), got, want);
    }
}
