//! The engine protocol end to end with scripted engines (small `sh` scripts): a fixed
//! list of swipes plays the same game as the session; engines that crash, hang, answer an
//! illegal or unknown swipe, or flood their output end the game with the named error.
#![cfg(unix)]

use std::path::Path;
use std::time::Duration;

use ludomat_game::seed;
use ludomat_game::Session;
use ludomat_threes::engine::{EngineCommand, EngineError, EngineProcess, Limits};
use ludomat_threes::{Direction, HintModel, Threes, ThreesAction, ThreesConfig, ThreesSession};

/// The swipes of a game that always takes the first legal of a rotating order, so every
/// swipe is legal; at most `max` of them.
fn legal_swipes(seed: u64, max: usize) -> Vec<Direction> {
    let mut g = Threes::new(seed, HintModel::Plus);
    let mut out = Vec::new();
    while out.len() < max {
        let legal = g.board().legal_swipes();
        if legal.is_empty() {
            break;
        }
        let d = legal[out.len() % legal.len()];
        g.swipe(d).unwrap();
        out.push(d);
    }
    out
}

/// A `sh` engine: greets, then answers turn k with line k of its answers file (a whole
/// line, or a command to run when it starts with `!`).
fn script(dir: &Path, name: &str, answers: &[String]) -> EngineCommand {
    let answers_path = dir.join(format!("{name}.answers"));
    ludomat_io::write::atomically(&answers_path, answers.join("\n") + "\n").unwrap();
    let body = format!(
        r#"#!/bin/sh
k=0
while IFS= read -r line; do
  case "$line" in
    threes*) echo "id name scripted"; echo threesok ;;
    isready) echo readyok ;;
    turn*)
      k=$((k+1))
      a=$(sed -n "${{k}}p" '{answers}')
      case "$a" in
        "") echo "error out of swipes" ;;
        !*) eval "${{a#!}}" ;;
        *) echo "$a" ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
"#,
        answers = answers_path.display()
    );
    let path = dir.join(name);
    ludomat_io::write::atomically(&path, body).unwrap();
    EngineCommand {
        name: name.to_string(),
        program: "sh".into(),
        args: vec![path.display().to_string()],
    }
}

fn quick() -> Limits {
    Limits {
        handshake: Duration::from_secs(10),
        turn: Duration::from_millis(800),
        lines_per_turn: 50,
        line_bytes: 512,
    }
}

#[test]
fn fixed_swipes_play_the_sessions_game() {
    let dir = tempfile::tempdir().unwrap();
    let game_seed = seed::derive(4, 0);
    let swipes = legal_swipes(game_seed, 10_000);
    let answers: Vec<String> = swipes
        .iter()
        .map(|d| format!("swipe {}", d.name()))
        .collect();
    let cmd = script(dir.path(), "fixed", &answers);
    let mut e = EngineProcess::start(&cmd, quick()).unwrap();
    assert_eq!(e.id_name(), Some("scripted"));
    let mut record =
        ludomat_threes::record::GameRecord::start(&Threes::new(game_seed, HintModel::Plus));
    let got = e
        .play(0, game_seed, HintModel::Plus, Some(&mut record))
        .unwrap();
    // the session, swiped the same way from the same seed
    let mut s = ThreesSession::new(ThreesConfig {
        seed: game_seed,
        ..ThreesConfig::default()
    })
    .unwrap();
    for d in &swipes {
        s.apply(ThreesAction::Swipe { direction: *d }).unwrap();
    }
    assert!(s.game().is_over());
    assert_eq!(got.summary.moves as usize, swipes.len());
    assert_eq!(got.summary.score, s.game().score());
    assert_eq!(
        record.frames.last().map(|f| f.board),
        Some(s.game().board())
    );
    e.quit();
}

fn failure(name: &str, answers: &[String]) -> EngineError {
    let dir = tempfile::tempdir().unwrap();
    let cmd = script(dir.path(), name, answers);
    let mut e = EngineProcess::start(&cmd, quick()).unwrap();
    e.play(7, seed::derive(4, 0), HintModel::Plus, None)
        .unwrap_err()
}

/// Three legal swipes of game 4/0, then `last`.
fn then(last: &str) -> Vec<String> {
    let mut a: Vec<String> = legal_swipes(seed::derive(4, 0), 3)
        .iter()
        .map(|d| format!("swipe {}", d.name()))
        .collect();
    a.push(last.to_string());
    a
}

#[test]
fn a_crash_is_named() {
    let e = failure("crash", &then("!exit 3"));
    assert!(matches!(e, EngineError::Exited { .. }), "{e}");
    let m = e.to_string();
    assert!(
        m.contains("the engine 'crash' ended at game 7, turn 4 before answering"),
        "{m}"
    );
    assert!(m.ends_with("(status 3)"), "{m}");
}

#[test]
fn a_hang_is_a_timeout() {
    let e = failure("hang", &then("!sleep 5"));
    assert!(matches!(e, EngineError::Timeout { .. }), "{e}");
    assert!(
        e.to_string()
            .contains("sent no swipe within 0.8 s at game 7, turn 4"),
        "{e}"
    );
}

#[test]
fn an_illegal_swipe_is_named_with_the_board() {
    // find a swipe that moves nothing on the board after three swipes
    let mut g = Threes::new(seed::derive(4, 0), HintModel::Plus);
    for d in legal_swipes(seed::derive(4, 0), 3) {
        g.swipe(d).unwrap();
    }
    let mut illegal = None;
    let mut k = 3;
    let mut answers = then("");
    answers.pop();
    // play on until some direction is illegal
    while illegal.is_none() {
        illegal = Direction::ALL
            .into_iter()
            .find(|d| !g.board().can_swipe(*d));
        if illegal.is_none() {
            let d = g.board().legal_swipes()[0];
            g.swipe(d).unwrap();
            answers.push(format!("swipe {}", d.name()));
            k += 1;
        }
    }
    let d = illegal.unwrap();
    answers.push(format!("swipe {}", d.name()));
    let e = failure("liar", &answers);
    assert!(matches!(e, EngineError::Illegal { .. }), "{e}");
    let m = e.to_string();
    assert!(
        m.contains(&format!(
            "answered 'swipe {}' at game 7, turn {}",
            d.name(),
            k + 1
        )),
        "{m}"
    );
    assert!(m.contains("which moves nothing on the board"), "{m}");
}

#[test]
fn unknown_swipes_and_garbage_are_named() {
    let e = failure("unknown", &then("swipe sideways"));
    assert!(matches!(e, EngineError::Garbage { .. }), "{e}");
    assert!(
        e.to_string().contains("'swipe sideways' at game 7, turn 4"),
        "{e}"
    );
    let e = failure("garbage", &then("hello there"));
    assert!(e.to_string().contains("sent 'hello there'"), "{e}");
    let e = failure("refuser", &then("error I give up"));
    assert!(matches!(e, EngineError::Refused { .. }), "{e}");
    assert!(
        e.to_string()
            .ends_with("refused at game 7, turn 4: I give up"),
        "{e}"
    );
}

#[test]
fn floods_are_named() {
    let e = failure("lines", &then("!yes 'info still thinking' | head -n 100"));
    assert!(matches!(e, EngineError::Flood { .. }), "{e}");
    assert!(
        e.to_string().contains("more than 50 lines without a swipe"),
        "{e}"
    );
    let e = failure("long", &then("!head -c 2000 /dev/zero | tr '\\0' x; echo"));
    assert!(matches!(e, EngineError::Flood { .. }), "{e}");
    assert!(
        e.to_string().contains("a line longer than 512 bytes"),
        "{e}"
    );
}

#[test]
fn a_missing_program_is_named() {
    let cmd = EngineCommand::parse("ghost", "/nonexistent/engine --x").unwrap();
    let e = EngineProcess::start(&cmd, quick()).unwrap_err();
    // in words, the program named (hostile re-trial item 11)
    assert_eq!(
        e.to_string(),
        "cannot start the engine 'ghost' (/nonexistent/engine): no such file"
    );
}

#[test]
fn cpu_time_of_the_engine_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let cmd = script(dir.path(), "busy", &[]);
    let e = EngineProcess::start(&cmd, quick()).unwrap();
    assert!(e.cpu() > Duration::ZERO);
}
