//! The MENACE session: every action, refusals leave it unchanged, replay, JSON, and the
//! invariants of issue 12 (304 / 289 boxes, bead totals after reinforcement, counters,
//! `play_games` equal to the crate's own training).

use ludomat_game::{new_dyn_session, seed, DynSession, Player, Session, SessionError};
use ludomat_menace::session::{MenaceHappening as H, CURVE_POINTS};
use ludomat_menace::{
    EmptyBox, MachineOpponent, Menace, MenaceAction as A, MenaceConfig, MenaceSession, Opponent,
    OpponentKind, Preset, Rules, StartingBeads, MAX_GAMES_PER_ACTION,
};
use ludomat_tictactoe::Mark;
use serde_json::{json, Value};

fn config(seed: u64, opponent: OpponentKind) -> MenaceConfig {
    MenaceConfig {
        seed: Some(seed),
        opponent,
        ..MenaceConfig::default()
    }
}

fn session(seed: u64, opponent: OpponentKind) -> MenaceSession {
    MenaceSession::new(config(seed, opponent)).unwrap()
}

fn view(s: &MenaceSession) -> Value {
    s.view_json()
}

/// Apply an action that must be refused; the view must not change.
fn refused(s: &mut MenaceSession, action: A) -> SessionError {
    let before = view(s);
    let err = s.apply(action).unwrap_err();
    assert_eq!(
        view(s),
        before,
        "a refused action changed the session ({err})"
    );
    err
}

/// A human who always plays the first empty square, until the game is over.
fn play_out(s: &mut MenaceSession) -> Vec<H> {
    let mut all = Vec::new();
    while !s.is_over() {
        let cell = s.board().legal_cells().next().unwrap();
        all.extend(
            s.apply(A::Play {
                square: cell.index() as u8,
            })
            .unwrap(),
        );
    }
    all
}

#[test]
fn box_counts_by_move_are_304_first_and_289_second() {
    let s = session(1, OpponentKind::Human);
    let v = s.view();
    let counts: Vec<usize> = v.boxes.iter().map(|g| g.boxes.len()).collect();
    let moves: Vec<u32> = v.boxes.iter().map(|g| g.menace_move).collect();
    assert_eq!(counts, [1, 12, 108, 183]);
    assert_eq!(moves, [1, 3, 5, 7]);
    assert_eq!(v.box_count, 304);

    let mut c = config(1, OpponentKind::Random);
    c.menace_plays = Mark::O;
    let s = MenaceSession::new(c).unwrap();
    let v = s.view();
    let counts: Vec<usize> = v.boxes.iter().map(|g| g.boxes.len()).collect();
    assert_eq!(counts, [3, 38, 153, 95]);
    assert_eq!(v.box_count, 289);
    assert_eq!(v.next, "opponent");
}

#[test]
fn a_human_game_shows_the_box_the_bead_and_the_square() {
    let mut s = session(7, OpponentKind::Human);
    assert_eq!(s.view().next, "menace");
    let h = s.apply(A::NewGame).unwrap();
    // Game started, box 0 opened, bead drawn, move played — in that order.
    let kinds: Vec<&str> = h
        .iter()
        .map(|x| match x {
            H::GameStarted { .. } => "start",
            H::BoxOpened { .. } => "open",
            H::BeadDrawn { .. } => "bead",
            H::MovePlayed { .. } => "move",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["start", "open", "bead", "move"]);
    let (
        H::BoxOpened { box_id, beads, .. },
        H::BeadDrawn {
            bead,
            square,
            picture_square,
            ..
        },
    ) = (&h[1], &h[2])
    else {
        unreachable!()
    };
    assert_eq!(*box_id, 0);
    let v = s.view();
    let d = v.last_draw.clone().unwrap();
    assert_eq!((d.box_id, d.square, d.bead), (0, *square, *picture_square));
    assert_eq!(d.bead_name, *bead);
    // The empty board is its own picture: the bead's square is the board's square.
    assert_eq!(d.symmetry, "identity");
    assert_eq!(v.board.chars().nth(usize::from(*square)), Some('X'));
    // The bead is out of its box while the game is in progress.
    let now = v.boxes[0].boxes[0].beads;
    assert_eq!(
        now[usize::from(*picture_square)] + 1,
        beads[usize::from(*picture_square)]
    );
    assert_eq!(v.boxes_in_play, [0]);
    assert_eq!(v.next, "human");

    let h = play_out(&mut s);
    assert!(h.iter().any(|x| matches!(x, H::GameOver { game: 1, .. })));
    assert!(h.iter().any(|x| matches!(x, H::Reinforced { .. })));
    let v = s.view();
    assert_eq!(v.next, "over");
    assert_eq!(v.counters.games, 1);
    assert!(v.result.is_some());
    assert!(
        v.log.iter().any(|l| l.contains("opens box #0")),
        "{:?}",
        v.log
    );
}

#[test]
fn reinforcement_changes_each_used_box_by_the_reward() {
    for preset in Preset::ALL {
        let rules = preset.rules();
        let mut c = config(11, OpponentKind::Random);
        c.preset = preset;
        let mut s = MenaceSession::new(c).unwrap();
        for _ in 0..60 {
            let h = s.apply(A::PlayGames { n: 1 }).unwrap();
            let result = h
                .iter()
                .find_map(|x| match x {
                    H::GameOver { result, .. } => Some(*result),
                    _ => None,
                })
                .unwrap();
            let reward = match result {
                "win" => rules.win,
                "draw" => rules.draw,
                _ => rules.loss,
            };
            let changes = h
                .iter()
                .find_map(|x| match x {
                    H::Reinforced { changes } => Some(changes.clone()),
                    _ => None,
                })
                .unwrap();
            let bead_totals = s.view().boxes;
            for ch in changes {
                let want = (i64::from(ch.before) + i64::from(reward)).max(0);
                assert_eq!(
                    i64::from(ch.after),
                    want,
                    "{preset}: {ch:?} after a {result}"
                );
                let b = bead_totals
                    .iter()
                    .flat_map(|g| &g.boxes)
                    .find(|b| b.id == ch.box_id)
                    .unwrap();
                assert_eq!(b.beads[usize::from(ch.bead)], ch.after);
            }
        }
        assert_eq!(s.view().counters.games, 60);
    }
}

#[test]
fn counters_equal_the_games_played_and_the_curve_is_bounded() {
    let mut s = session(5, OpponentKind::Perfect);
    s.apply(A::PlayGames {
        n: MAX_GAMES_PER_ACTION,
    })
    .unwrap();
    s.apply(A::PlayGames { n: 3 }).unwrap();
    let v = s.view();
    let c = v.counters;
    assert_eq!(c.games, MAX_GAMES_PER_ACTION + 3);
    assert_eq!(c.wins + c.draws + c.losses, c.games);
    assert_eq!(c.wins, 0, "the perfect player never loses");
    assert_eq!(v.record[0].games(), c.games);
    assert!(v.curve.len() <= CURVE_POINTS + 1, "{}", v.curve.len());
    assert!(v
        .curve
        .windows(2)
        .all(|w| w[1].game - w[0].game == v.curve_stride));
    let last = v.curve.last().unwrap();
    assert_eq!(last.game % v.curve_stride, 0);
    assert!(last.game <= c.games && c.games - last.game < v.curve_stride);
}

#[test]
fn play_games_equals_the_crates_training_for_the_same_seed() {
    for (kind, opponent) in [
        (OpponentKind::Random, Opponent::random(seed::derive(42, 1))),
        (
            OpponentKind::Perfect,
            Opponent::perfect(seed::derive(42, 1)),
        ),
        (
            OpponentKind::Menace2,
            Opponent::menace(Rules::source(), seed::derive(42, 1)),
        ),
    ] {
        let mut s = session(42, kind);
        s.apply(A::PlayGames { n: 150 }).unwrap();
        // And stepping move by move draws the same beads.
        for _ in 0..50 {
            s.apply(A::Step).unwrap();
            while !s.is_over() {
                s.apply(A::Step).unwrap();
            }
        }
        let mut m = Menace::new(Rules::source(), 42);
        let mut o = opponent;
        for _ in 0..200 {
            m.train_game(&mut o, Player::First);
        }
        assert_eq!(s.menace(), &m, "against {}", kind.label());
        assert_eq!(s.view().counters.games, 200);
    }
}

#[test]
fn refusals_leave_the_session_unchanged() {
    let mut s = session(2, OpponentKind::Human);
    assert!(
        matches!(refused(&mut s, A::Play { square: 4 }), SessionError::Refused(m) if m.contains("MENACE's turn"))
    );
    s.apply(A::NewGame).unwrap();
    let taken = s.view().moves[0].square;
    let e = refused(&mut s, A::Play { square: taken });
    assert!(e.to_string().contains("is already taken by X"), "{e}");
    assert!(matches!(
        refused(&mut s, A::Play { square: 9 }),
        SessionError::Invalid(_)
    ));
    assert!(matches!(refused(&mut s, A::Step), SessionError::Refused(_)));
    assert!(matches!(
        refused(&mut s, A::PlayGames { n: 5 }),
        SessionError::Refused(_)
    ));
    let e = refused(
        &mut s,
        A::SetOpponent {
            opponent: OpponentKind::Relay,
            menace_plays: None,
        },
    );
    assert!(e.to_string().contains("only plays X"), "{e}");
    let e = refused(
        &mut s,
        A::Reset {
            config: Some(Box::new(MenaceConfig {
                starting_beads: Some(StartingBeads::Random { min: 5, max: 2 }),
                ..MenaceConfig::default()
            })),
        },
    );
    assert!(
        e.to_string()
            .contains("starting beads from 5 to 2: the range is empty"),
        "{e}"
    );
    let e = refused(
        &mut s,
        A::Reset {
            config: Some(Box::new(MenaceConfig {
                win: Some(1_000_000),
                ..MenaceConfig::default()
            })),
        },
    );
    assert!(e.to_string().contains("win"), "{e}");
    let e = refused(
        &mut s,
        A::Import {
            state: json!({"shopping": ["eggs"]}),
        },
    );
    assert!(e.to_string().contains("not a MENACE state"), "{e}");
    let e = refused(
        &mut s,
        A::Import {
            state: json!("{\"format\": "),
        },
    );
    assert!(e.to_string().contains("not valid JSON"), "{e}");
    play_out(&mut s);
    assert!(
        matches!(refused(&mut s, A::Play { square: 0 }), SessionError::Refused(m) if m.contains("over"))
    );

    let mut m = session(2, OpponentKind::Random);
    assert!(matches!(
        refused(&mut m, A::PlayGames { n: 0 }),
        SessionError::Invalid(_)
    ));
    assert!(matches!(
        refused(
            &mut m,
            A::PlayGames {
                n: MAX_GAMES_PER_ACTION + 1
            }
        ),
        SessionError::Invalid(m) if m.ends_with("games per action (it was 10,001)")
    ));
    assert!(
        matches!(refused(&mut m, A::Play { square: 0 }), SessionError::Refused(m) if m.contains("not a human"))
    );
    // Through JSON: unknown actions and bad fields are Invalid, nothing changes.
    let before = view(&m);
    assert!(matches!(
        m.apply_json(json!({"type": "jump"})),
        Err(SessionError::Invalid(_))
    ));
    assert!(matches!(
        m.apply_json(json!({"type": "play_games", "n": -1})),
        Err(SessionError::Invalid(_))
    ));
    assert_eq!(view(&m), before);
}

/// A stand-in for another machine: the first empty square, always.
#[derive(Clone)]
struct FirstSquare;

impl ludomat_game::Agent<ludomat_tictactoe::Board> for FirstSquare {
    fn name(&self) -> String {
        "first-square".into()
    }
    fn choose(
        &mut self,
        b: &ludomat_tictactoe::Board,
    ) -> Result<ludomat_tictactoe::Cell, ludomat_game::AgentError> {
        b.legal_cells()
            .next()
            .ok_or_else(|| ludomat_game::AgentError::Failed("full".into()))
    }
}

fn stand_ins(kind: OpponentKind, _seed: u64) -> Option<Box<dyn MachineOpponent>> {
    (kind == OpponentKind::Computox).then(|| Box::new(FirstSquare) as Box<dyn MachineOpponent>)
}

/// The other machines come from whoever builds the session: without a factory they are
/// refused by name, with one they play (the real Computox and relay computer are tested
/// in `ludomat-arena`, which builds them).
#[test]
fn other_machines_are_handed_in() {
    let e = MenaceSession::new(config(1, OpponentKind::Computox))
        .err()
        .unwrap();
    assert!(
        matches!(&e, SessionError::Invalid(m) if m.contains("opponent computox") && m.contains("ludomat-arena")),
        "{e}"
    );
    let mut s = session(1, OpponentKind::Random);
    refused(
        &mut s,
        A::SetOpponent {
            opponent: OpponentKind::Relay,
            menace_plays: Some(Mark::O),
        },
    );
    let mut s = MenaceSession::with_machines(config(1, OpponentKind::Computox), stand_ins).unwrap();
    s.apply(A::PlayGames { n: 30 }).unwrap();
    assert_eq!(s.view().counters.games, 30);
    // Reset keeps the factory; a kind it does not build is refused.
    s.apply(A::Reset { config: None }).unwrap();
    s.apply(A::PlayGames { n: 3 }).unwrap();
    let e = refused(
        &mut s,
        A::SetOpponent {
            opponent: OpponentKind::ComputoxBeatable,
            menace_plays: None,
        },
    );
    assert!(e.to_string().contains("computox_beatable"), "{e}");
    // The relay computer's side is checked before any machine is built.
    let mut c = config(1, OpponentKind::Relay);
    c.menace_plays = Mark::X;
    let e = MenaceSession::with_machines(c, stand_ins).err().unwrap();
    assert!(e.to_string().contains("menace_plays to O"), "{e}");
}

#[test]
fn an_empty_box_resigns_under_michie_rules() {
    let mut c = config(4, OpponentKind::Human);
    c.preset = Preset::Michie;
    let mut s = MenaceSession::new(c).unwrap();
    let h = s.apply(A::Export).unwrap();
    let H::Exported { state } = &h[0] else {
        unreachable!()
    };
    let mut state = state.clone();
    state["boxes"]["first"][0]["beads"] = json!([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    // Importing starts a new game; against a human MENACE moves at once — and resigns.
    let h = s.apply(A::Import { state }).unwrap();
    assert!(
        h.contains(&H::Resigned {
            who: "menace",
            box_id: 0
        }),
        "{h:?}"
    );
    assert!(h.iter().any(|x| matches!(
        x,
        H::GameOver {
            result: "loss",
            winner: Some(Mark::O),
            resigned: true,
            ..
        }
    )));
    let v = s.view();
    assert_eq!((v.counters.losses, v.next), (1, "over"));
    assert!(v.log.iter().any(|l| l.contains("resigns")));
}

#[test]
fn export_then_import_restores_the_boxes() {
    let mut s = session(9, OpponentKind::Random);
    s.apply(A::PlayGames { n: 25 }).unwrap();
    let h = s.apply(A::Export).unwrap();
    let H::Exported { state } = &h[0] else {
        unreachable!()
    };
    assert_eq!(state["format"], "ludomat-menace");
    let file: Value = serde_json::from_str(&s.menace().to_json()).unwrap();
    assert_eq!(state, &file, "the state file ludomat menace writes");
    let saved = s.menace().clone();
    s.apply(A::Reset { config: None }).unwrap();
    assert_eq!(s.view().counters.games, 0);
    assert_ne!(s.menace(), &saved);
    s.apply(A::Import {
        state: state.clone(),
    })
    .unwrap();
    assert_eq!(s.menace().boxes(Player::First), saved.boxes(Player::First));
    assert_eq!(s.menace().games(), 25);
    // The state file's text works too.
    s.apply(A::Import {
        state: json!(saved.to_json()),
    })
    .unwrap();
    assert_eq!(s.menace().games(), 25);
    // Import names the box that is wrong.
    let mut bad = state.clone();
    bad["boxes"]["first"][5]["beads"] = json!([1, 2]);
    let e = refused(&mut s, A::Import { state: bad });
    assert!(
        e.to_string().contains("boxes.first[5].beads has 2 counts"),
        "{e}"
    );
    let mut bad = state.clone();
    bad["boxes"]["second"][7]["beads"][3] = json!(-4);
    let e = refused(&mut s, A::Import { state: bad });
    assert!(
        e.to_string().contains(
            "boxes.second[7].beads[3]: the number -4 where a bead count from 0 to \
             4,294,967,295 was expected"
        ),
        "{e}"
    );
    // a count past every whole number as the file wrote it, never in float notation
    let mut bad = state.clone();
    bad["boxes"]["second"][7]["beads"][3] = json!(18_446_744_073_709_551_616.0);
    let e = refused(&mut s, A::Import { state: bad }).to_string();
    assert!(
        e.contains("the number 18,446,744,073,709,551,616 where a bead count"),
        "{e}"
    );
    // A bead on an occupied square of the picture is refused by the state reader.
    let mut bad = state.clone();
    bad["boxes"]["first"][1]["beads"] = json!([5, 0, 0, 0, 0, 0, 0, 0, 0]);
    let e = refused(&mut s, A::Import { state: bad });
    assert!(matches!(e, SessionError::Invalid(_)), "{e}");
}

#[test]
fn same_config_and_actions_give_the_same_views() {
    let actions = || {
        vec![
            json!({"type": "new_game"}),
            json!({"type": "play", "square": 8}),
            json!({"type": "set_opponent", "opponent": "menace2"}),
            json!({"type": "play_games", "n": 30}),
            json!({"type": "step"}),
            json!({"type": "step"}),
            json!({"type": "reset", "config": {"seed": 8, "opponent": "perfect", "preset": "scroggs"}}),
            json!({"type": "play_games", "n": 12}),
        ]
    };
    let run = |cfg: Value| {
        let mut s = new_dyn_session::<MenaceSession>(cfg).unwrap();
        let mut out = Vec::new();
        for a in actions() {
            out.push(json!(s.apply_json(a).map_err(|e| e.to_string())));
            out.push(s.view_json());
        }
        (out, s.config_json())
    };
    let (a, cfg) = run(json!({"seed": 77}));
    let (b, _) = run(json!({"seed": 77}));
    assert_eq!(a, b);
    // The config round-trips through JSON and replays.
    let s1 = new_dyn_session::<MenaceSession>(cfg.clone()).unwrap();
    assert_eq!(s1.config_json(), cfg);
    assert_eq!(cfg["seed"], 8);
    assert_eq!(cfg["preset"], "scroggs");
    let c: MenaceConfig = serde_json::from_value(cfg).unwrap();
    assert_eq!(c.rules().unwrap(), Preset::Scroggs.rules());
    // A default config picks a seed that JavaScript can hold, and shows it.
    let s = new_dyn_session::<MenaceSession>(Value::Null).unwrap();
    let seed = s.config_json()["seed"].as_u64().unwrap();
    assert!(seed < 1 << 32);
    assert!(new_dyn_session::<MenaceSession>(json!({"sede": 1})).is_err());
}

#[test]
fn every_setting_of_the_rules_is_a_config_field() {
    let c: MenaceConfig = serde_json::from_value(json!({
        "seed": 1,
        "preset": "michie",
        "starting_beads": {"random": {"min": 2, "max": 4}},
        "one_bead_per_move_class": true,
        "win": 2, "draw": 1, "loss": -2,
        "empty_box": {"refill": 5}
    }))
    .unwrap();
    let r = c.rules().unwrap();
    assert_eq!(r.starting_beads, StartingBeads::Random { min: 2, max: 4 });
    assert!(r.one_bead_per_move_class);
    assert_eq!((r.win, r.draw, r.loss), (2, 1, -2));
    assert_eq!(r.empty_box, EmptyBox::Refill(5));
    let s = MenaceSession::new(c.clone()).unwrap();
    assert_eq!(s.menace().rules(), &r);
    assert!(s.view().rules_name.starts_with("custom"));
    let mut back = MenaceConfig::default();
    back.set_rules(&r);
    assert_eq!(back.rules().unwrap(), r);
}

#[test]
fn typed_lines_become_actions() {
    let s = session(1, OpponentKind::Human);
    assert_eq!(s.parse_action("MR").unwrap(), A::Play { square: 5 });
    assert_eq!(s.parse_action(" ll ").unwrap(), A::Play { square: 0 });
    assert_eq!(s.parse_action("new game").unwrap(), A::NewGame);
    assert_eq!(s.parse_action("step").unwrap(), A::Step);
    assert_eq!(s.parse_action("play 20").unwrap(), A::PlayGames { n: 20 });
    assert_eq!(s.parse_action("export").unwrap(), A::Export);
    assert_eq!(s.parse_action("reset").unwrap(), A::Reset { config: None });
    for (line, says) in [
        ("XX", "row 'X' is not L, M or R"),
        ("MMM", "3 letters"),
        ("", "nothing was typed"),
        ("play lots", "'lots' is not a number of games"),
    ] {
        let e = s.parse_action(line).unwrap_err();
        assert!(
            matches!(&e, SessionError::Invalid(m) if m.contains(says)),
            "{line}: {e}"
        );
    }
}

#[test]
fn a_saved_menace_keeps_its_rules_and_its_boxes_in_a_session() {
    let rules = Rules {
        win: 500,
        ..Rules::source()
    };
    let mut m = Menace::new(rules, 6);
    let mut o = Opponent::random(7);
    for _ in 0..10 {
        m.train_game(&mut o, Player::First);
    }
    let mut s = MenaceSession::with_menace(config(1, OpponentKind::Human), m.clone()).unwrap();
    assert_eq!(s.menace(), &m);
    assert_eq!(s.view().rules.win, 500);
    assert_eq!(s.view().game, 1);
    s.apply(A::NewGame).unwrap();
    assert_eq!(s.view().game, 1, "nobody had moved: still the first game");
    play_out(&mut s);
    assert_eq!(s.menace().games(), 11);
}
