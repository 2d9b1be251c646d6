//! Every sequence of human moves, played out: the spec's exact counts.

use std::collections::BTreeSet;

use ludomat_computox::{
    hazard, machine_view, sweep, ComputoxAgent, Contact, ContactPlan, Settings, Square, Squares,
    Tactic, U1, UNWIRED,
};
use ludomat_game::{
    explore, explore_with, Agent, AgentError, ExploreCounts, Game, Outcome, Player,
};
use ludomat_tictactoe::{solver::solution, Board, Cell};

fn counts(settings: Settings, machine: Player) -> ExploreCounts {
    let mut m = ComputoxAgent::new(settings, 0);
    explore(&Board::EMPTY, &mut m, machine).unwrap()
}

fn wdl(c: ExploreCounts) -> (u64, u64, u64) {
    (c.wins, c.draws, c.losses)
}

#[test]
fn unbeatable_counts() {
    // Human starts: the machine is the core's second player.
    assert_eq!(
        wdl(counts(Settings::UNBEATABLE, Player::Second)),
        (368, 153, 0)
    );
    // Machine starts (OS relay): the machine is the core's first player.
    assert_eq!(wdl(counts(Settings::UNBEATABLE, Player::First)), (87, 8, 0));
}

#[test]
fn beatable_counts() {
    assert_eq!(
        wdl(counts(Settings::BEATABLE, Player::Second)),
        (368, 143, 10)
    );
    assert_eq!(wdl(counts(Settings::BEATABLE, Player::First)), (87, 8, 0));
}

/// The positions (machine's squares, human's squares) where the machine, to move, still
/// had at least a draw and its move gave the human a forced win.
fn losing_positions(plan: ContactPlan, machine: Player) -> BTreeSet<(String, String)> {
    let settings = Settings {
        plan,
        ..Settings::UNBEATABLE
    };
    let mut m = ComputoxAgent::new(settings, 0);
    let sol = solution();
    let mut found = BTreeSet::new();
    explore_with(
        &Board::EMPTY,
        &mut m,
        machine,
        &mut |moves: &[Cell], outcome| {
            if outcome != Outcome::Win(machine.opponent()) {
                return;
            }
            let mut b = Board::EMPTY;
            for &c in moves {
                let before = b;
                b = b.with(c, b.to_move());
                if before.side_to_move() == machine {
                    let v_before = sol.value(before).map(|v| v.result);
                    let v_after = sol.value(b).map(|v| v.result);
                    if v_before >= Some(0) && v_after == Some(1) {
                        let (o, x, _) = machine_view(&before);
                        found.insert((o.to_string(), x.to_string()));
                    }
                }
            }
        },
    )
    .unwrap();
    found
}

#[test]
fn without_fork_prevention_the_machine_loses_in_exactly_the_six_positions() {
    let plan = ContactPlan::COMPUTOX.without(Tactic::ForkPrevention);
    let settings = Settings {
        plan,
        ..Settings::UNBEATABLE
    };
    assert_eq!(wdl(counts(settings, Player::Second)), (368, 143, 10));
    assert_eq!(wdl(counts(settings, Player::First)), (85, 10, 2));
    let mut lost = losing_positions(plan, Player::Second);
    lost.extend(losing_positions(plan, Player::First));
    // Exactly the patterns wired to the fork contact, U1-N17.
    let fork: BTreeSet<(String, String)> = U1
        .iter()
        .flat_map(|c| c.checks.iter())
        .filter(|k| k.tactic == Tactic::ForkPrevention)
        .map(|k| (k.o.to_string(), k.x.to_string()))
        .collect();
    assert_eq!(lost.len(), 6);
    assert_eq!(lost, fork);
    let expected: BTreeSet<(String, String)> = [
        ("E", "AJ"),
        ("E", "CG"),
        ("E", "CH"),
        ("E", "FG"),
        ("E", "FH"),
        ("AC", "BF"),
    ]
    .iter()
    .map(|(o, x)| (o.to_string(), x.to_string()))
    .collect();
    assert_eq!(lost, expected);
    // And with fork prevention wired, no such position exists.
    assert!(losing_positions(ContactPlan::COMPUTOX, Player::Second).is_empty());
    assert!(losing_positions(ContactPlan::COMPUTOX, Player::First).is_empty());
}

/// Agent that records every sweep it makes.
struct Recorder {
    inner: ComputoxAgent,
    sweeps: Vec<(Board, ludomat_computox::Sweep)>,
}

impl Agent<Board> for Recorder {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn choose(&mut self, b: &Board) -> Result<Cell, AgentError> {
        let c = self.inner.choose(b)?;
        if let Some(s) = self.inner.last_sweep() {
            self.sweeps.push((*b, s));
        }
        Ok(c)
    }
}

#[test]
fn f_only_forced_and_never_without_a_move() {
    for settings in [Settings::UNBEATABLE, Settings::BEATABLE] {
        for me in [Player::First, Player::Second] {
            let mut r = Recorder {
                inner: ComputoxAgent::new(settings, 0),
                sweeps: Vec::new(),
            };
            // explore fails if the agent ever has no move or plays an illegal one.
            let c = explore(&Board::EMPTY, &mut r, me).unwrap();
            assert!(c.games() > 0);
            let mut f_moves = 0;
            for (b, s) in &r.sweeps {
                assert!(!s.is_hazard(), "{b:?} {s}");
                assert!(b.is_legal(s.claim.cell()));
                if s.claim == Square::F {
                    f_moves += 1;
                    assert!(
                        matches!(s.tactic, Tactic::Win | Tactic::Block),
                        "F played unforced on {b:?}: {s}"
                    );
                }
            }
            assert!(f_moves > 0, "F is played when forced");
        }
    }
}

#[test]
fn seed_worked_game_through_the_agent() {
    let m = ComputoxAgent::unbeatable();
    let mut b = Board::EMPTY;
    let play = |b: &mut Board, s: Square| *b = b.with(s.cell(), b.to_move());
    let first = m.select(&b).unwrap();
    assert_eq!(first.claim, Square::A);
    play(&mut b, Square::A);
    play(&mut b, Square::F);
    assert_eq!(m.select(&b).unwrap().claim, Square::C);
    play(&mut b, Square::C);
    play(&mut b, Square::B);
    let s = m.select(&b).unwrap();
    assert_eq!(s.claim, Square::E);
    assert_eq!(s.contact.number(), 17);
    play(&mut b, Square::E);
    // Every human reply loses.
    for reply in b.legal_cells() {
        let mut b2 = b.with(reply, b.to_move());
        let s = m.select(&b2).unwrap();
        assert_eq!(s.tactic, Tactic::Win);
        b2 = b2.with(s.claim.cell(), b2.to_move());
        assert_eq!(b2.outcome(), Some(Outcome::Win(Player::First)));
    }
}

#[test]
fn no_contact_ever_claims_two_squares() {
    let s = hazard::survey(&ContactPlan::COMPUTOX);
    assert!(s.hazards.is_empty(), "{:?}", s.hazards);
    assert!(s.stalls.is_empty(), "{:?}", s.stalls);
    // Both starts, X relay up or down at every machine move.
    assert!(s.positions > 300, "{}", s.positions);
}

#[test]
fn the_survey_can_find_hazards() {
    // All twenty wins crammed onto one contact: O forks (A C E with G and J free) make
    // that contact light two noughts.
    let wins: Vec<_> = U1
        .iter()
        .flat_map(|c| c.checks.iter())
        .filter(|k| k.tactic == Tactic::Win)
        .copied()
        .collect();
    let wins: &'static [_] = Box::leak(wins.into_boxed_slice());
    let mut contacts: Vec<Contact> = vec![Contact {
        tactic: Tactic::Win,
        line: None,
        checks: wins,
        ..U1[0]
    }];
    contacts.extend(U1.iter().filter(|c| c.tactic != Tactic::Win).copied());
    let plan = ContactPlan::new(Box::leak(contacts.into_boxed_slice()));
    let s = hazard::survey(&plan);
    assert!(!s.hazards.is_empty());
    for (p, sw) in &s.hazards {
        ludomat_io::errln!("{}", hazard::describe(p, sw));
    }
    let (p, sw) = s
        .hazards
        .iter()
        .find(|(p, _)| {
            p.os && p.o == "ACE".parse::<Squares>().unwrap()
                && p.x == "BFD".parse::<Squares>().unwrap()
        })
        .unwrap();
    assert_eq!(sw.claims.to_string(), "GJ", "{}", hazard::describe(p, sw));
}

#[test]
fn unwired_checks_change_nothing() {
    // Wire the four unused wins and seven unused blocks in as extra contacts right after
    // their tactics: every sweep in every reachable position is the same.
    let mut contacts: Vec<Contact> = Vec::new();
    for t in Tactic::ALL {
        contacts.extend(U1.iter().filter(|c| c.tactic == t).copied());
        for k in UNWIRED.iter().filter(|k| k.tactic == t) {
            contacts.push(Contact {
                tactic: t,
                line: None,
                checks: std::slice::from_ref(k),
                ..U1[0]
            });
        }
    }
    let plan = ContactPlan::new(Box::leak(contacts.into_boxed_slice()));
    let s = hazard::survey(&ContactPlan::COMPUTOX);
    assert_eq!(hazard::survey(&plan).positions, s.positions);
    for os in [false, true] {
        for x_relay in [false, true] {
            let mut stack = vec![(Squares::NONE, Squares::NONE, os)];
            while let Some((o, x, machine)) = stack.pop() {
                if o.has_line() || x.has_line() || o.union(x) == Squares::ALL {
                    continue;
                }
                if machine {
                    let a = sweep(&ContactPlan::COMPUTOX, o, x, os, x_relay).unwrap();
                    let b = sweep(&plan, o, x, os, x_relay).unwrap();
                    assert_eq!(a.claim, b.claim, "O:{o} X:{x}");
                    stack.push((o.with(a.claim), x, false));
                } else {
                    for q in o.union(x).complement().iter() {
                        stack.push((o, x.with(q), true));
                    }
                }
            }
        }
    }
}

#[test]
fn every_wired_block_is_needed() {
    let blocks: Vec<_> = U1
        .iter()
        .flat_map(|c| c.checks.iter())
        .filter(|k| k.tactic == Tactic::Block)
        .copied()
        .collect();
    assert_eq!(blocks.len(), 17);
    for drop in &blocks {
        let contacts: Vec<Contact> = U1
            .iter()
            .map(|c| {
                let checks: Vec<_> = c.checks.iter().filter(|k| *k != drop).copied().collect();
                Contact {
                    checks: Box::leak(checks.into_boxed_slice()),
                    ..*c
                }
            })
            .collect();
        let plan = ContactPlan::new(Box::leak(contacts.into_boxed_slice()));
        let settings = Settings {
            plan,
            ..Settings::UNBEATABLE
        };
        // Without it the machine loses at least one game.
        let fails = [Player::First, Player::Second].into_iter().any(|me| {
            let mut m = ComputoxAgent::new(settings, 0);
            explore(&Board::EMPTY, &mut m, me).is_ok_and(|c| c.losses > 0)
        });
        assert!(fails, "without {drop} the machine still never fails");
    }
}
