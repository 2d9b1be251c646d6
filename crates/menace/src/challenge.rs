//! The MENACE challenge as the source sets it (seed 002), played at a terminal: how many
//! games, `new game`, MENACE's move and the board, the person's move and the board, all
//! the matchboxes after each game. The game flow is [`MenaceSession`]'s, the words are
//! [`crate::text`]'s; the state file is saved after every finished game.

use std::io::Write;

use ludomat_game::terminal::{with_quit_key, QUIT_KEY};
use ludomat_game::{AgentError, Ending, LineInput, Player, Session as _, SessionError};
use ludomat_tictactoe::{Board, Cell, HumanAgent, Mark, Notation};

use crate::store::{StoreError, Stored};
use crate::{
    text, Menace, MenaceAction, MenaceConfig, MenaceHappening, MenaceSession, OpponentKind,
};

/// Why the challenge stopped short.
#[derive(Debug, thiserror::Error)]
pub enum ChallengeError {
    /// The terminal could not be read or written.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The session could not start.
    #[error("cannot start MENACE: {0}")]
    Start(SessionError),
    /// The session refused an action it offered.
    #[error(transparent)]
    Session(#[from] SessionError),
    /// The matchboxes could not be saved.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The person's agent failed.
    #[error(transparent)]
    Agent(#[from] AgentError),
}

fn say(out: &mut dyn Write, text: &str) -> std::io::Result<()> {
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// The most games one challenge asks for at its prompt (each is played by a person).
pub const MAX_CHALLENGE_GAMES: u64 = 1_000;

/// Ask for the number of games (1 to [`MAX_CHALLENGE_GAMES`]) until one is given; `None`
/// at end of input.
fn ask_games(input: &mut LineInput, out: &mut dyn Write) -> std::io::Result<Result<u64, Ending>> {
    loop {
        say(out, "How many games? ")?;
        let Some(line) = input.next_line()? else {
            say(out, "\n")?;
            return Ok(Err(Ending::after_no_line()));
        };
        let t = line.trim();
        if is_quit(t) {
            return Ok(Err(Ending::Quit));
        }
        // read as every count is (0 is no number of games to play: asked again)
        let games = ludomat_game::count::count::<u64>(1, MAX_CHALLENGE_GAMES);
        match games.read(t) {
            Ok(n) => return Ok(Ok(n as u64)),
            Err(_) if t.is_empty() => say(
                out,
                &format!(
                    "  {}\n",
                    with_quit_key(&format!(
                        "Nothing was typed; type a whole number of games from {}, e.g. 3.",
                        games.limits()
                    ))
                ),
            )?,
            Err(e) => say(
                out,
                &format!(
                    "  {}\n",
                    // a hidden character is named by the count's words, where it is
                    with_quit_key(&format!("{e}; type a number of games."))
                ),
            )?,
        }
    }
}

/// `quit` or `q`, in any case.
fn is_quit(t: &str) -> bool {
    t.eq_ignore_ascii_case("quit") || t.eq_ignore_ascii_case("q")
}

/// Ask for the person's move until a legal one is typed; how the person stopped at end
/// of input, `quit` or Ctrl-C. The line is read into an action by the session and applied
/// there (an occupied square is refused by it, with the reason printed).
fn ask_move(
    session: &mut MenaceSession,
    input: &mut LineInput,
    out: &mut dyn Write,
) -> std::io::Result<Result<Vec<MenaceHappening>, Ending>> {
    loop {
        say(out, "Your move (O), row then column, each L, M or R: ")?;
        let Some(line) = input.next_line()? else {
            say(out, "\n")?;
            return Ok(Err(Ending::after_no_line()));
        };
        let t = line.trim();
        if is_quit(t) {
            return Ok(Err(Ending::Quit));
        }
        let applied = match session.parse_action(t) {
            Ok(action @ MenaceAction::Play { .. }) => session.apply(action),
            Ok(_) => Err(SessionError::Invalid(format!(
                "{} is not a move here; type a square such as MR",
                ludomat_io::text::quoted(t, 40)
            ))),
            Err(e) => Err(e),
        };
        match applied {
            Ok(h) => return Ok(Ok(h)),
            Err(e) => say(out, &format!("  {}\n", with_quit_key(&e.to_string())))?,
        }
    }
}

/// Shows the matchboxes after a game (the terminal pages them): given the output, the
/// machine and the game's result (`MENACE wins.`), to be said again under the boxes.
pub type ShowBoxes<'a> = &'a mut dyn FnMut(&mut dyn Write, &Menace, &str) -> std::io::Result<()>;

/// Play the challenge: `games` (asked when `None`) against the person typing into
/// `input`, MENACE (X) moving first; the matchboxes saved into the store's file after
/// every finished game and shown by `boxes` (unless `None`). End of input mid-game
/// abandons that game with the matchboxes as they were before it.
///
/// # Errors
/// [`ChallengeError`]: the terminal, the session, or the save failing.
pub fn play(
    store: &mut Stored,
    games: Option<u64>,
    input: &mut LineInput,
    out: &mut dyn Write,
    mut boxes: Option<ShowBoxes<'_>>,
) -> Result<(), ChallengeError> {
    // a saved MENACE draws this session's seed from its own draws, and names it
    let seed = match store.draw_session_seed() {
        Some(s) => format!(
            "seed {s}, drawn from the saved MENACE's own draws: --seed {s} on the same state \
             plays them again"
        ),
        None => store.seed_text(),
    };
    say(
        out,
        &format!(
            "MENACE, Donald Michie's matchbox machine, plays X and moves first ({seed}).\n\
             Name a square by its row then its column, each L, M or R: LL is the top left,\n\
             MM the centre, RR the bottom right {QUIT_KEY}.\n"
        ),
    )?;
    let games = match games {
        Some(n) => n,
        None => match ask_games(input, out)? {
            Ok(n) => n,
            Err(ending) => {
                say(out, &format!("{}; no games played.\n", ending.words()))?;
                return Ok(());
            }
        },
    };
    let config = MenaceConfig {
        seed: Some(store.seed),
        opponent: OpponentKind::Human,
        menace_plays: Mark::X,
        ..MenaceConfig::default()
    };
    let mut session =
        MenaceSession::with_menace(config, store.menace.clone()).map_err(ChallengeError::Start)?;
    for _ in 0..games {
        say(out, "new game\n")?;
        let mut board = Board::EMPTY;
        let h = session.apply(MenaceAction::NewGame)?;
        say(out, &text::tell(&mut board, &h))?;
        let mut result = text::game_result(&h);
        while !session.is_over() {
            let h = match ask_move(&mut session, input, out)? {
                Ok(h) => h,
                Err(ending) => {
                    say(
                        out,
                        &format!(
                            "{} The matchboxes are as they were before it.\n",
                            ending.sentence(true)
                        ),
                    )?;
                    return Ok(());
                }
            };
            say(out, &text::tell(&mut board, &h))?;
            result = text::game_result(&h).or(result);
        }
        store.menace = session.menace().clone();
        store.save()?;
        if let Some(show) = boxes.as_mut() {
            show(out, session.menace(), result.unwrap_or_default())?;
        }
    }
    let r = session.menace().record(Player::First);
    say(
        out,
        &format!(
            "MENACE's record as X: {} in {}. Matchboxes saved to {}.\n",
            ludomat_io::text::results(r.wins, r.draws, r.losses),
            ludomat_io::text::count(r.games(), "game", "games"),
            ludomat_io::text::path(&store.path)
        ),
    )?;
    Ok(())
}

/// One game of `session` (MENACE against a person) told as `ludomat play tictactoe`
/// tells its games: each move with the board after it in `notation`, then the result;
/// the person's moves asked through `human`. End of input abandons the game.
///
/// # Errors
/// [`ChallengeError`]: the session refusing, the person's agent failing.
pub fn game_against(
    session: &mut MenaceSession,
    human: &mut HumanAgent,
    notation: Notation,
    say: &mut dyn FnMut(&str),
) -> Result<(), ChallengeError> {
    let mut board = Board::EMPTY;
    let mut h = session.apply(MenaceAction::NewGame)?;
    loop {
        for x in &h {
            match x {
                MenaceHappening::MovePlayed { mark, square, .. }
                | MenaceHappening::OpponentMove { mark, square, .. } => {
                    if let Some(c) = Cell::from_index(usize::from(*square)) {
                        board = board.with(c, *mark);
                        say(&format!(
                            "{mark} plays {}\n{}",
                            notation.name(c),
                            board.render(notation)
                        ));
                    }
                }
                MenaceHappening::GameOver {
                    winner, resigned, ..
                } => {
                    say(&match (winner, resigned) {
                        (None, _) => "Draw.".to_string(),
                        (Some(w), false) => format!("{w} wins."),
                        (Some(w), true) => format!("{} resigns; {w} wins.", w.other()),
                    });
                    return Ok(());
                }
                _ => {}
            }
        }
        let cell = match human.ask(&session.board()) {
            Ok(c) => c,
            Err(AgentError::EndOfInput) => {
                say("Input ended; game abandoned.");
                return Ok(());
            }
            Err(AgentError::Stopped(ending)) => {
                say(&ending.sentence(true));
                return Ok(());
            }
            Err(e) => return Err(e.into()),
        };
        h = session.apply(MenaceAction::Play {
            square: cell.index() as u8,
        })?;
    }
}

/// The boxes as the challenge shows them: all 304 of MENACE playing X.
#[must_use]
pub fn listing(menace: &Menace) -> String {
    text::listing(menace.boxes(Player::First))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use ludomat_game::seed;
    use std::path::Path;

    fn session(dir: &Path) -> Stored {
        Stored {
            menace: Menace::new(Rules::source(), 3),
            path: dir.join("menace.json"),
            seed: 1,
            continues: false,
            lock: None,
        }
    }

    fn run_play(s: &mut Stored, games: Option<u64>, quiet: bool, script: &str) -> String {
        let mut out = Vec::new();
        let mut show = |out: &mut dyn Write, m: &Menace, result: &str| {
            out.write_all(listing(m).as_bytes())?;
            writeln!(out, "This game: {result}")
        };
        let boxes: Option<ShowBoxes<'_>> = if quiet { None } else { Some(&mut show) };
        play(s, games, &mut LineInput::script(script), &mut out, boxes).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// A person who tries every square in reading order (occupied ones are refused).
    fn every_square(times: usize) -> String {
        "LL\nLM\nLR\nML\nMM\nMR\nRL\nRM\nRR\n".repeat(times)
    }

    #[test]
    fn play_follows_the_challenge() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = session(dir.path());
        let script = format!("two\n3\u{200b}\n\n0\n2\nXX\n\nMMM\n{}", every_square(12));
        let out = run_play(&mut s, None, false, &script);
        assert!(out.contains("How many games? "), "{out}");
        assert!(
            out.contains("'two' is not a whole number from 1 to 1,000; type a number of games"),
            "{out}"
        );
        // an invisible character is named (it was only shown written out)
        assert!(
            out.contains("'3\\u{200b}' is not a whole number from 1 to 1,000: character 2 is a zero-width space (U+200B); type"),
            "{out}"
        );
        // 0 games is no answer: asked again, with the range
        assert!(
            out.contains("'0' is not a whole number from 1 to 1,000; type a number of games"),
            "{out}"
        );
        assert!(out.contains("Nothing was typed"), "{out}");
        assert_eq!(out.matches("new game\n").count(), 2, "{out}");
        assert!(out.contains("row 'X' is not L, M or R"), "{out}");
        assert!(out.contains("nothing was typed"), "{out}");
        assert!(out.contains("3 letters; a square is two letters"), "{out}");
        assert!(out.contains("MENACE plays "), "{out}");
        assert_eq!(out.matches("The 304 matchboxes").count(), 2);
        // the game's result is said again under the boxes
        assert_eq!(out.matches("This game: ").count(), 2, "{out}");
        assert!(out.contains("box #303  move 7"), "{out}");
        assert_eq!(s.menace.record(Player::First).games(), 2);
        assert_eq!(
            Menace::load(&s.path).unwrap(),
            s.menace,
            "saved after each game"
        );
    }

    #[test]
    fn an_occupied_square_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = session(dir.path());
        // MENACE's first move takes one square; typing every square in order meets it.
        let out = run_play(&mut s, Some(1), true, &every_square(1));
        assert!(
            out.contains("is already taken by X; choose an empty square (q quits)."),
            "{out}"
        );
        // every refusal names the quit key, as the first lines do
        let out = run_play(&mut s, None, true, "many\n");
        assert!(
            out.contains(
                "'many' is not a whole number from 1 to 1,000; type a number of games (q quits)."
            ),
            "{out}"
        );
        assert!(out.contains("RR the bottom right (q quits)."), "{out}");
    }

    #[test]
    fn end_of_input_mid_game_leaves_the_boxes_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = session(dir.path());
        let before = s.menace.clone();
        let out = run_play(&mut s, Some(1), true, "");
        assert!(
            out.contains("Input ended; game abandoned. The matchboxes are as they were before it."),
            "{out}"
        );
        assert_eq!(s.menace.boxes(Player::First), before.boxes(Player::First));
        assert_eq!(s.menace.games(), 0);
        assert!(!out.contains("The 304 matchboxes"));
        let out = run_play(&mut s, None, true, "");
        assert!(out.contains("Input ended; no games played"), "{out}");
    }

    /// A saved MENACE's session names the seed it plays with: drawn from the saved
    /// draws, and the same seed given again plays the same draws.
    #[test]
    fn a_saved_menace_names_the_seed_it_plays_with() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = session(dir.path());
        s.continues = true;
        let mut again = s.clone();
        let out = run_play(&mut s, Some(1), true, &every_square(1));
        let seed: u64 = out
            .split("(seed ")
            .nth(1)
            .and_then(|t| t.split(',').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no seed in {out}"));
        assert!(out.contains(&format!(
            "drawn from the saved MENACE's own draws: --seed {seed}"
        )));
        // --seed N on the same state: the same draws, so the same game
        again.menace.reseed(seed::derive(seed, 0));
        again.seed = seed;
        again.continues = false;
        let replay = run_play(&mut again, Some(1), true, &every_square(1));
        let moves = |t: &str| {
            t.lines()
                .filter(|l| l.starts_with("MENACE plays"))
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        assert_eq!(moves(&out), moves(&replay));
    }

    /// `quit` at either prompt is the person's own end, said as such (it used to be
    /// refused as "not a number of games" at the first, and told as the end of input).
    #[test]
    fn quit_is_taken_at_every_prompt() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = session(dir.path());
        let out = run_play(&mut s, None, true, "quit\n");
        assert!(out.contains("You quit; no games played."), "{out}");
        assert!(!out.contains("not a number"), "{out}");
        let out = run_play(&mut s, Some(1), true, "Q\n");
        assert!(
            out.contains("You quit; game abandoned. The matchboxes are as they were"),
            "{out}"
        );
        assert_eq!(s.menace.games(), 0);
    }
}
