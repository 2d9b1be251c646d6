//! Sessions: a machine's game in progress as a person meets it, rendered alike by the
//! terminal and the web museum.
//!
//! A session owns one machine and the game flow around it (whose turn, new game, the
//! challenge's game count, autoplay steps, the mode switches). It takes **actions** (a
//! human move, step, run, reset, set a switch), answers each with the **happenings** it
//! caused in order (bead drawn, contact tested, relay operated, character printed), and
//! shows a serialisable **view** of everything a person could look at (board, lamps,
//! boxes and beads, registers). Its **config** (seed, mode, opponent, rule preset) is
//! serialisable too, so a shared link recreates the same session.
//!
//! The renderers only parse input and draw views: `crates/cli` turns typed lines into
//! actions ([`Session::parse_action`]) and prints views and happenings; the museum server
//! receives actions as JSON and pushes views to the browser. Neither holds game flow.
//!
//! [`Session`] is the typed trait each machine implements; [`DynSession`] is its
//! object-safe, JSON-speaking form (implemented for every `Session`), by which the server
//! holds any exhibit behind one interface.

use serde::de::DeserializeOwned;
use serde::Serialize;

/// Why a session refused an action or a config. The session's state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// The action or config could not be read (malformed JSON, unknown action, a bad
    /// field); the message names what and where.
    #[error("{0}")]
    Invalid(String),
    /// The action is well formed but not allowed now (an occupied square, not your turn,
    /// the game is over); the message says why.
    #[error("{0}")]
    Refused(String),
    /// The action asks for more work than a session does at once; the message names the
    /// limit.
    #[error("{0}")]
    TooMuch(String),
    /// The machine itself failed (an emulated program faulted); the message says how.
    #[error("{0}")]
    Failed(String),
}

/// A long run a session offers beside its actions (a proof search, a circuit checked
/// over every position): started from the session's state by [`Session::long_run`], it
/// runs off the session, reports its partial result as it goes and stops when asked.
/// Whoever hosts the session runs it (the museum on its blocking pool, streaming the
/// reports to the visit's page).
pub trait LongRun: Send {
    /// Runs until its end or until `cancel` is raised, handing each progress report (the
    /// partial result as JSON) to `watch`; returns the result as JSON (what was found so
    /// far when cancelled).
    ///
    /// # Errors
    /// When the run cannot be done (the session's circuit does not load, say).
    fn run(
        self: Box<Self>,
        cancel: crate::run::Cancel,
        watch: &mut dyn FnMut(&crate::run::Progress<serde_json::Value>),
    ) -> Result<serde_json::Value, SessionError>;
}

/// Runs `work` with a context for its typed progress `P` that is cancelled by `cancel` and
/// hands each report to `watch` as JSON: the body of most [`LongRun::run`]s.
pub fn watched_as_json<P: Serialize, R>(
    unit: &'static str,
    cancel: crate::run::Cancel,
    watch: &mut dyn FnMut(&crate::run::Progress<serde_json::Value>),
    work: impl FnOnce(&mut crate::run::RunContext<'_, P>) -> R,
) -> R {
    let mut forward = |p: &crate::run::Progress<P>| watch(&p.to_json());
    let mut ctx = crate::run::RunContext::new(unit, None)
        .with_cancel(cancel)
        .watch(&mut forward);
    work(&mut ctx)
}

/// How every renderer speaks of a long run by its name, so that every exhibit's notes
/// say it one way: the run as a sentence's subject (`Training stopped by Stop after …`,
/// `The proof finished: …`) and what its units are once done (`games trained`,
/// `positions proved`), never the run's name used as a noun (`train stopped`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunWords {
    /// The run as the subject of a sentence: `Training`, `The proof`, `The check`.
    pub subject: &'static str,
    /// What a unit of its work is once done, after the unit: `trained` (`games
    /// trained`), `proved`, `checked`.
    pub done: &'static str,
    /// What the machine keeps of a finished run (`{n}`: the work's count, with
    /// thousands): `the boxes keep the {n} games' beads`, `the certificate is kept with
    /// the visit`.
    pub kept: &'static str,
    /// What it keeps of a run stopped before its end (by Stop or a time limit): `the
    /// boxes keep the {n} games' beads`, `no certificate kept`.
    pub kept_stopped: &'static str,
}

impl RunWords {
    /// The words of the long run named `name` (a session's [`Session::long_run`]):
    /// `train` (Threes!), `prove` (qubic), `verify` (Computox); any other, `The run` and
    /// `done`.
    #[must_use]
    pub fn of(name: &str) -> RunWords {
        let (subject, done, kept, kept_stopped) = match name {
            "train" => (
                "Training",
                "trained",
                "the network stays with the visit",
                "the network learnt so far stays with the visit",
            ),
            "prove" => (
                "The proof",
                "proved",
                "the certificate is kept with the visit",
                "no certificate kept",
            ),
            "verify" => (
                "The check",
                "checked",
                "the report holds every position",
                "the report holds the positions checked",
            ),
            _ => ("The run", "done", WHAT_WAS_DONE, WHAT_WAS_DONE),
        };
        RunWords {
            subject,
            done,
            kept,
            kept_stopped,
        }
    }

    /// The words of a run of an action repeated (the museum's runs of `action` ×
    /// `times`), by the action's type: `play_games` trains (MENACE's and HER's boxes:
    /// `Training`, `games trained`), a tournament's `batch` and noughts and crosses' `run`
    /// play; any other, `The run` and `done`.
    #[must_use]
    pub fn of_action(action_type: &str) -> RunWords {
        let (subject, done, kept) = match action_type {
            "play_games" => ("Training", "trained", "the boxes keep the {n} games' beads"),
            "batch" => ("The tournament", "played", "the table holds the {n} games"),
            "run" => ("The run", "played", "the tally holds the {n} games"),
            _ => ("The run", "done", WHAT_WAS_DONE),
        };
        RunWords {
            subject,
            done,
            kept,
            kept_stopped: kept,
        }
    }

    /// What was kept, its `{n}` the count of work done (`1,234`): of a finished run, or
    /// of one `stopped` before its end.
    #[must_use]
    pub fn kept(&self, done: u64, stopped: bool) -> String {
        let words = if stopped {
            self.kept_stopped
        } else {
            self.kept
        };
        if done == 1 {
            // one game's beads, never `1 games'`
            return words
                .replace("{n} games'", "1 game's")
                .replace("{n} games", "1 game");
        }
        words.replace("{n}", &ludomat_io::text::thousands(done))
    }

    /// The work done, in the run's own unit (`unit`, plural: `games`), of how much when
    /// the total is known: `1,234 of 10,000 games trained`, `682 positions proved`,
    /// `1 game trained`.
    #[must_use]
    pub fn work(&self, done: u64, total: Option<u64>, unit: &str) -> String {
        use ludomat_io::text::thousands;
        let one = unit.strip_suffix('s').unwrap_or(unit);
        let unit = |n: u64| if n == 1 { one } else { unit };
        match total {
            Some(total) => format!(
                "{} of {} {} {}",
                thousands(done),
                thousands(total),
                unit(total),
                self.done
            ),
            None => format!("{} {} {}", thousands(done), unit(done), self.done),
        }
    }
}

/// A count an action (or a long run's params) takes, with its range: every machine refuses
/// a count out of its range in one wording, as a 400 ([`SessionError::Invalid`]), with
/// the value as written: `play_games: n must be from 1 to 10,000 games per action (it was
/// -5)` — the same whether the number is 0, too many, negative or too large for any
/// count; a value that is not a whole number says so, with the same range: `n must be a
/// whole number from 1 to 10,000 games per action (it was 1.5)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountField {
    /// The action's `type` (or the long run's name) that has the field: `play_games`.
    pub action: &'static str,
    /// The field: `n`.
    pub field: &'static str,
    /// The least count.
    pub min: u64,
    /// The most.
    pub max: u64,
    /// What is counted, after the range: `games per action` (empty: nothing said).
    pub unit: &'static str,
}

impl CountField {
    /// The refusal of a value said `said` (a number as written, or in words: `the text
    /// '5'`), `whole` when it is a whole number (only its range is then wrong).
    fn refusal(&self, said: &str, whole: bool) -> SessionError {
        use ludomat_io::text::{thousands, thousands_written};
        let unit = if self.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", self.unit)
        };
        SessionError::Invalid(format!(
            "{}: {} must be {}from {} to {}{unit} (it was {})",
            self.action,
            self.field,
            if whole { "" } else { "a whole number " },
            thousands(self.min),
            thousands(self.max),
            thousands_written(said)
        ))
    }

    /// Check a count read as a number.
    ///
    /// # Errors
    /// [`SessionError::Invalid`] outside the range.
    pub fn check(&self, n: u64) -> Result<u64, SessionError> {
        if (self.min..=self.max).contains(&n) {
            Ok(n)
        } else {
            Err(self.refusal(&n.to_string(), true))
        }
    }

    /// Check the field in a JSON object (an action, a run's params) before it is read into
    /// its type, so that every value but a whole number in the range is refused in the
    /// range's words rather than the type's (`from 0 up`): a whole number of any sign and
    /// size out of the range, a fraction, a text, a list. A whole number written with an
    /// exponent (`1e3`) in the range is read as the count it is (the terminal's counts
    /// take it too). No such field is left to the reading (its default).
    ///
    /// # Errors
    /// [`SessionError::Invalid`] for any value but a whole number in the range.
    pub fn check_json(&self, object: &mut serde_json::Value) -> Result<(), SessionError> {
        use serde_json::Value;
        let Some(value) = object.get_mut(self.field) else {
            return Ok(());
        };
        let Value::Number(n) = value else {
            return Err(self.refusal(&ludomat_io::error::value_words(value), false));
        };
        if let Some(u) = n.as_u64() {
            return self.check(u).map(|_| ());
        }
        if n.as_i64().is_some() {
            return Err(self.refusal(&n.to_string(), true));
        }
        // A float: whole (`1e3`, `-5.0`, `1e300`, a number past any count) or not.
        let f = n.as_f64().unwrap_or(f64::NAN);
        if !f.is_finite() || f.fract() != 0.0 {
            return Err(self.refusal(&n.to_string(), false));
        }
        if (self.min as f64..=self.max as f64).contains(&f) {
            // In the range, so below 2^53: exact.
            *value = Value::from(f as u64);
            return Ok(());
        }
        Err(self.refusal(&n.to_string(), true))
    }
}

/// The count of `play_games`, whatever the machine: from 1 to `max` games per action.
#[must_use]
pub const fn play_games_count(max: u64) -> CountField {
    CountField {
        action: "play_games",
        field: "n",
        min: 1,
        max,
        unit: "games per action",
    }
}

/// `play_games`'s count in one wording for every machine (see [`CountField`]).
///
/// # Errors
/// [`SessionError::Invalid`] for 0 or more than `max`.
pub fn games_per_action(n: u64, max: u64) -> Result<(), SessionError> {
    play_games_count(max).check(n).map(|_| ())
}

/// The refusal of a long run by a machine that has none, saying so as a machine with
/// runs lists them (`threes has one long run, 'train' (not 'x')`): `menace has no long
/// runs (not 'x'): its work is its actions; repeat one with a run of 'action' and
/// 'times'`.
#[must_use]
pub fn no_long_runs(kind: &str, name: &str) -> String {
    format!(
        "{kind} has no long runs (not {}): its work is its actions; repeat one with a run of \
         'action' and 'times'",
        ludomat_io::text::quoted(name, 40)
    )
}

/// What a run whose machine names nothing it keeps keeps: its work.
const WHAT_WAS_DONE: &str = "what was done stays";

/// What one action amounts to in the machine's own units of work (`play_games` with
/// `n: 1000` is 1,000 games), for a renderer that repeats it and counts what was done in
/// those units rather than in actions ([`Session::work_of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Work {
    /// How many units the action does.
    pub amount: u64,
    /// The unit, one of it ("game").
    pub one: &'static str,
    /// The unit, more than one ("games").
    pub many: &'static str,
}

/// A machine's game in progress: config, actions, view, happenings.
///
/// Contract every implementation keeps (and tests):
/// * [`Session::apply`] either succeeds or leaves the session exactly as it was;
/// * the same config (seed included) and the same actions give the same views and
///   happenings;
/// * every amount of work an action asks for is bounded (a `run` action names how many
///   steps or games, with a stated limit), so a renderer can pace and cancel long work by
///   applying bounded actions one after another.
pub trait Session: Send + 'static {
    /// Everything that chooses how the session starts: seed, mode, opponent, presets.
    type Config: Serialize + DeserializeOwned + Clone + Default + Send;
    /// What a person (or a renderer's timer) can do.
    type Action: Serialize + DeserializeOwned + Send;
    /// Everything a person could look at, as plain data.
    type View: Serialize;
    /// One thing that happened during an action, in order.
    type Happening: Serialize;

    /// A short, stable name for the machine ("menace", "computox", "relay").
    const KIND: &'static str;

    /// The counts its actions take, with their ranges ([`CountField`]): checked on an
    /// action given as JSON before it is read, so that every count out of range is refused
    /// in one wording.
    const COUNTS: &'static [CountField] = &[];

    /// A fresh session.
    ///
    /// # Errors
    /// [`SessionError::Invalid`] when the config cannot be used, naming the field.
    fn new(config: Self::Config) -> Result<Self, SessionError>
    where
        Self: Sized;

    /// The config this session was started with (with any seed it chose filled in), so
    /// that `Session::new(s.config().clone())` replays it.
    fn config(&self) -> &Self::Config;

    /// Do one action; return what happened, in order.
    ///
    /// # Errors
    /// When the action is refused; the session is then unchanged.
    fn apply(&mut self, action: Self::Action) -> Result<Vec<Self::Happening>, SessionError>;

    /// The current view.
    fn view(&self) -> Self::View;

    /// The long run named `name`, with its settings `params` (JSON: `null` for its
    /// defaults), from this session's state (see [`LongRun`]). Every amount of work it
    /// takes is bounded by its settings' stated limits. The default offers none.
    ///
    /// # Errors
    /// [`SessionError::Invalid`] for a name the machine does not offer or settings out of
    /// their limits (named).
    fn long_run(
        &self,
        name: &str,
        params: &serde_json::Value,
    ) -> Result<Box<dyn LongRun>, SessionError> {
        let _ = params;
        Err(SessionError::Invalid(no_long_runs(Self::KIND, name)))
    }

    /// What `action` amounts to in the machine's own units of work, when it does a
    /// counted amount of them (`play_games` with `n: 1000`: 1,000 games): a renderer that
    /// applies it again and again counts games, not actions. The default: none.
    fn work_of(&self, action: &Self::Action) -> Option<Work> {
        let _ = action;
        None
    }

    /// Read a typed terminal line as an action (a move in the machine's notation, `new`,
    /// `step` …). The default accepts nothing.
    ///
    /// # Errors
    /// [`SessionError::Invalid`] naming what in the line was not understood.
    fn parse_action(&self, line: &str) -> Result<Self::Action, SessionError> {
        Err(SessionError::Invalid(format!(
            "{}: cannot read {} as an action",
            Self::KIND,
            ludomat_io::text::quoted(line, 60)
        )))
    }
}

/// A [`Session`] behind one object-safe interface that speaks JSON: how the museum
/// server holds any exhibit. Implemented for every [`Session`].
pub trait DynSession: Send {
    /// The machine's [`Session::KIND`].
    fn kind(&self) -> &'static str;
    /// The config as JSON.
    fn config_json(&self) -> serde_json::Value;
    /// Apply an action given as JSON; the happenings as JSON.
    ///
    /// # Errors
    /// [`SessionError::Invalid`] when the JSON is not an action of this machine (serde's
    /// message names the field), otherwise as [`Session::apply`].
    fn apply_json(
        &mut self,
        action: serde_json::Value,
    ) -> Result<Vec<serde_json::Value>, SessionError>;
    /// [`DynSession::apply_json`], only the last `keep` happenings turned into JSON, with
    /// how many came before them: a `run` of 10,000 games has 110,000 happenings, and
    /// their JSON alone is tens of megabytes of short-lived memory and most of the CPU
    /// time of the run.
    ///
    /// # Errors
    /// As [`DynSession::apply_json`].
    fn apply_json_last(
        &mut self,
        action: serde_json::Value,
        keep: usize,
    ) -> Result<(Vec<serde_json::Value>, u64), SessionError>;
    /// The view as JSON.
    fn view_json(&self) -> serde_json::Value;
    /// As [`Session::long_run`].
    ///
    /// # Errors
    /// As [`Session::long_run`].
    fn long_run_dyn(
        &self,
        name: &str,
        params: &serde_json::Value,
    ) -> Result<Box<dyn LongRun>, SessionError>;
    /// As [`Session::work_of`], the action given as JSON (`None` for JSON that is not an
    /// action of this machine).
    fn work_of_json(&self, action: &serde_json::Value) -> Option<Work>;
}

impl<S: Session> DynSession for S {
    fn kind(&self) -> &'static str {
        S::KIND
    }

    fn config_json(&self) -> serde_json::Value {
        to_json(self.config())
    }

    fn apply_json(
        &mut self,
        action: serde_json::Value,
    ) -> Result<Vec<serde_json::Value>, SessionError> {
        self.apply_json_last(action, usize::MAX)
            .map(|(happenings, _)| happenings)
    }

    fn apply_json_last(
        &mut self,
        action: serde_json::Value,
        keep: usize,
    ) -> Result<(Vec<serde_json::Value>, u64), SessionError> {
        let kind = S::KIND;
        if list_for_object_at(&action, None).is_some() {
            return Err(SessionError::Invalid(format!(
                "{kind} action: a list where an object was expected"
            )));
        }
        let mut action = action;
        if let Some(t) = action.get("type").and_then(serde_json::Value::as_str) {
            let t = t.to_string();
            for count in S::COUNTS.iter().filter(|c| c.action == t) {
                count.check_json(&mut action)?;
            }
        }
        // Named by its type once the machine has it, as the sessions' own refusals are
        // (`play_games: n must be …`, `play: cell: …`): `play: square: the number 0 where …`;
        // an action of no type the machine has, by the machine (`tictactoe action: …`).
        let typed = action
            .get("type")
            .and_then(serde_json::Value::as_str)
            .map(str::to_string);
        let prefix = |e: &str| match &typed {
            // serde's own words for a type it does not know (a backtick is U+0060)
            Some(t) if !e.starts_with(&format!("unknown variant \u{60}{t}\u{60}")) => format!(
                "{}: ",
                ludomat_io::text::fit(&ludomat_io::text::escape_controls(t), 40)
            ),
            _ => format!("{kind} action: "),
        };
        let read: S::Action = serde_json::from_value(action.clone()).map_err(|e| {
            let e = e.to_string();
            SessionError::Invalid(format!("{}{e}", prefix(&e)))
        })?;
        if let Some(at) = list_for_object_at(&action, Some(&to_json(&read))) {
            return Err(SessionError::Invalid(format!(
                "{}{at}a list where an object was expected",
                prefix("")
            )));
        }
        let action = read;
        let happenings = self.apply(action)?;
        let omitted = happenings.len().saturating_sub(keep);
        let kept = happenings.get(omitted..).unwrap_or_default();
        Ok((kept.iter().map(to_json).collect(), omitted as u64))
    }

    fn view_json(&self) -> serde_json::Value {
        to_json(&self.view())
    }

    fn long_run_dyn(
        &self,
        name: &str,
        params: &serde_json::Value,
    ) -> Result<Box<dyn LongRun>, SessionError> {
        self.long_run(name, params)
    }

    fn work_of_json(&self, action: &serde_json::Value) -> Option<Work> {
        let action: S::Action = serde_json::from_value(action.clone()).ok()?;
        self.work_of(&action)
    }
}

/// Where a request gave a list for what is an object (serde fills a struct from a list
/// of its fields in order, so `"config": [9]` or `"params": [9]` would be read as if
/// written out): the path to it, as a prefix of the refusal (`""` for the value itself,
/// `"opponent: "` for a field). `read` is what was read, serialized again: a list in
/// `input` where `read` has an object is one. Without `read`, only the value itself is
/// looked at.
#[must_use]
pub fn list_for_object_at(
    input: &serde_json::Value,
    read: Option<&serde_json::Value>,
) -> Option<String> {
    use serde_json::Value;
    fn walk(input: &Value, read: &Value, path: &mut Vec<String>) -> Option<String> {
        match (input, read) {
            (Value::Array(_), Value::Object(_)) => {
                Some(path.iter().map(|p| format!("{p}: ")).collect())
            }
            (Value::Object(i), Value::Object(r)) => i.iter().find_map(|(k, v)| {
                let r = r.get(k)?;
                path.push(k.clone());
                let found = walk(v, r, path);
                path.pop();
                found
            }),
            (Value::Array(i), Value::Array(r)) => {
                i.iter().zip(r).enumerate().find_map(|(n, (v, r))| {
                    path.push(format!("item {}", n + 1));
                    let found = walk(v, r, path);
                    path.pop();
                    found
                })
            }
            _ => None,
        }
    }
    match read {
        None => input.is_array().then(String::new),
        Some(read) => walk(input, read, &mut Vec::new()),
    }
}

/// Starts a session of type `S` from a JSON config (`null` for the default).
///
/// # Errors
/// [`SessionError::Invalid`] when the JSON is not a config of this machine.
pub fn new_dyn_session<S: Session>(
    config: serde_json::Value,
) -> Result<Box<dyn DynSession>, SessionError> {
    Ok(Box::new(S::new(config_from_json(S::KIND, config)?)?))
}

/// A machine's config from JSON (`null` for the default), a list never read as an object
/// at any depth ([`list_for_object_at`]): what every exhibit's start reads its config with.
///
/// # Errors
/// [`SessionError::Invalid`] when the JSON is not a config of `kind`.
pub fn config_from_json<C>(kind: &str, config: serde_json::Value) -> Result<C, SessionError>
where
    C: Default + Serialize + DeserializeOwned,
{
    if config.is_null() {
        return Ok(C::default());
    }
    if list_for_object_at(&config, None).is_some() {
        return Err(SessionError::Invalid(format!(
            "{kind} config: a list where an object was expected"
        )));
    }
    let read: C = serde_json::from_value(config.clone())
        .map_err(|e| SessionError::Invalid(format!("{kind} config: {e}")))?;
    if let Some(at) = list_for_object_at(&config, Some(&to_json(&read))) {
        return Err(SessionError::Invalid(format!(
            "{kind} config: {at}a list where an object was expected"
        )));
    }
    Ok(read)
}

/// Reads an action's square, numbered `LO` to `HI` on the machine's board, for
/// `#[serde(deserialize_with = "ludomat_game::square::<_, 1, 9>")]`: anything that is not
/// one of the board's squares — a text, a fraction, a whole number out of the range, -1
/// and 99 alike — is refused in one wording, saying the squares' own range (`the number
/// 99 where a square from 1 to 9 was expected`), never the type's (`a whole number from
/// 0 up`).
///
/// # Errors
/// The deserializer's, for a value that is not a whole number from `LO` to `HI`.
pub fn square<'de, D: serde::Deserializer<'de>, const LO: u8, const HI: u8>(
    d: D,
) -> Result<u8, D::Error> {
    struct Square<const LO: u8, const HI: u8>;
    impl<const LO: u8, const HI: u8> serde::de::Visitor<'_> for Square<LO, HI> {
        type Value = u8;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            write!(f, "a square from {LO} to {HI}")
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<u8, E> {
            u8::try_from(v)
                .ok()
                .filter(|s| (LO..=HI).contains(s))
                .ok_or_else(|| E::invalid_value(serde::de::Unexpected::Unsigned(v), &self))
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<u8, E> {
            u8::try_from(v)
                .ok()
                .filter(|s| (LO..=HI).contains(s))
                .ok_or_else(|| E::invalid_value(serde::de::Unexpected::Signed(v), &self))
        }
    }
    d.deserialize_u8(Square::<LO, HI>)
}

fn to_json<T: Serialize + ?Sized>(value: &T) -> serde_json::Value {
    // Views, configs and happenings are plain data (no maps with non-string keys), so
    // serialisation cannot fail; a failure would be a bug in a session's types.
    serde_json::to_value(value).unwrap_or_else(|e| serde_json::Value::String(e.to_string()))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn lists_read_as_objects_are_found_at_any_depth() {
        let at = |input, read| super::list_for_object_at(&input, Some(&read));
        assert_eq!(
            super::list_for_object_at(&json!([1]), None),
            Some(String::new())
        );
        assert_eq!(super::list_for_object_at(&json!({"a": 1}), None), None);
        assert_eq!(
            at(json!([1, 2]), json!({"x": 1, "y": 2})),
            Some(String::new())
        );
        assert_eq!(
            at(json!({"opponent": [3]}), json!({"opponent": {"depth": 3}})),
            Some("opponent: ".to_string())
        );
        assert_eq!(
            at(json!({"moves": [[1]]}), json!({"moves": [{"square": 1}]})),
            Some("moves: item 1: ".to_string())
        );
        // A list that is a list, and renamed or skipped fields, are fine.
        assert_eq!(at(json!({"moves": [1, 2]}), json!({"moves": [1, 2]})), None);
        assert_eq!(at(json!({"a": [1]}), json!({"b": {"c": 1}})), None);
    }

    use super::*;

    /// `play_games` is refused in one wording whatever the machine and whatever the
    /// number: 0, too many, negative or beyond any count, each a 400 with its value.
    #[test]
    fn games_per_action_are_said_one_way() {
        assert!(games_per_action(1, 10_000).is_ok());
        assert!(games_per_action(10_000, 10_000).is_ok());
        let said = |r: Result<(), SessionError>| match r {
            Err(SessionError::Invalid(m)) => m,
            other => panic!("{other:?}"),
        };
        let rule = "play_games: n must be from 1 to 10,000 games per action";
        assert_eq!(
            said(games_per_action(0, 10_000)),
            format!("{rule} (it was 0)")
        );
        assert_eq!(
            said(games_per_action(10_001, 10_000)),
            format!("{rule} (it was 10,001)")
        );
        let count = play_games_count(10_000);
        for (json, it_was) in [
            (serde_json::json!({"n": -5}), "-5"),
            (serde_json::json!({"n": 0}), "0"),
            (serde_json::json!({"n": 10_001}), "10,001"),
            (
                serde_json::json!({"n": u64::MAX}),
                "18,446,744,073,709,551,615",
            ),
            (serde_json::json!({"n": -5.0}), "-5.0"),
        ] {
            let mut json = json;
            assert_eq!(
                said(count.check_json(&mut json)),
                format!("{rule} (it was {it_was})")
            );
        }
        let mut big: serde_json::Value =
            serde_json::from_str(r#"{"n": 18446744073709551616}"#).unwrap();
        assert!(said(count.check_json(&mut big)).starts_with(rule));
        // Not a whole number: said so, with the same range, never the type's `from 0 up`.
        let whole = "play_games: n must be a whole number from 1 to 10,000 games per action";
        for (json, it_was) in [
            (serde_json::json!({"n": 1.5}), "1.5"),
            (serde_json::json!({"n": -0.5}), "-0.5"),
            (serde_json::json!({"n": "7"}), "the text '7'"),
            (serde_json::json!({"n": [7]}), "a list"),
            (serde_json::json!({"n": null}), "null"),
        ] {
            let mut json = json;
            assert_eq!(
                said(count.check_json(&mut json)),
                format!("{whole} (it was {it_was})")
            );
        }
        // In range, whole: read as the count, an exponent's too; no field: the default.
        for (json, read) in [
            (serde_json::json!({"n": 7}), serde_json::json!({"n": 7})),
            (
                serde_json::json!({"n": 1000.0}),
                serde_json::json!({"n": 1000}),
            ),
            (serde_json::json!({}), serde_json::json!({})),
        ] {
            let mut json = json;
            assert!(count.check_json(&mut json).is_ok(), "{json}");
            assert_eq!(json, read);
            assert!(json.get("n").is_none_or(serde_json::Value::is_u64));
        }
    }
    use serde::Deserialize;

    #[test]
    fn long_runs_are_spoken_of_in_phrases_with_their_work() {
        let train = RunWords::of("train");
        assert_eq!(train.subject, "Training");
        assert_eq!(
            train.work(1234, Some(10_000), "games"),
            "1,234 of 10,000 games trained"
        );
        assert_eq!(train.work(1, Some(1), "games"), "1 of 1 game trained");
        let prove = RunWords::of("prove");
        assert_eq!(prove.subject, "The proof");
        assert_eq!(prove.work(682, None, "positions"), "682 positions proved");
        assert_eq!(RunWords::of("verify").subject, "The check");
        assert_eq!(RunWords::of("other").work(2, None, "steps"), "2 steps done");
        // what each keeps: a stopped proof keeps no certificate
        assert_eq!(prove.kept(682, true), "no certificate kept");
        assert_eq!(
            prove.kept(12, false),
            "the certificate is kept with the visit"
        );
        let games = RunWords::of_action("play_games");
        assert_eq!(games.subject, "Training");
        assert_eq!(
            games.work(1234, Some(10_000_000), "games"),
            "1,234 of 10,000,000 games trained"
        );
        assert_eq!(
            games.kept(1234, true),
            "the boxes keep the 1,234 games' beads"
        );
        assert_eq!(games.kept(1, false), "the boxes keep the 1 game's beads");
        assert_eq!(
            RunWords::of_action("step").kept(3, true),
            "what was done stays"
        );
    }

    /// A machine without long runs says it has none, as one with runs lists them.
    #[test]
    fn a_machine_without_long_runs_says_it_has_none() {
        let c = new_dyn_session::<Counter>(json!({"start": 1})).unwrap();
        let e = c.long_run_dyn("train", &serde_json::Value::Null).err();
        assert_eq!(
            e.map(|e| e.to_string()).unwrap_or_default(),
            "counter has no long runs (not 'train'): its work is its actions; repeat one \
             with a run of 'action' and 'times'"
        );
    }

    #[test]
    fn a_square_off_the_board_is_refused_in_one_wording() {
        #[derive(Debug, Deserialize)]
        struct Play {
            #[serde(deserialize_with = "crate::square::<_, 0, 8>")]
            square: u8,
        }
        let read = |v: serde_json::Value| serde_json::from_value::<Play>(v);
        assert_eq!(read(json!({"square": 8})).unwrap().square, 8);
        for (v, says) in [
            (json!(-1), "integer `-1`"),
            (json!(9), "integer `9`"),
            (json!(99), "integer `99`"),
            (json!(300), "integer `300`"),
        ] {
            let e = read(json!({ "square": v })).unwrap_err().to_string();
            assert_eq!(
                e,
                format!("invalid value: {says}, expected a square from 0 to 8"),
                "{v}"
            );
        }
    }

    /// A counter that refuses to go past 3: enough to check the JSON plumbing.
    struct Counter {
        config: CounterConfig,
        n: u32,
    }
    #[derive(Clone, Default, Serialize, Deserialize)]
    struct CounterConfig {
        start: u32,
    }
    #[derive(Serialize, Deserialize)]
    #[serde(tag = "type", rename_all = "snake_case")]
    enum CounterAction {
        Add { by: u32 },
    }

    impl Session for Counter {
        type Config = CounterConfig;
        type Action = CounterAction;
        type View = u32;
        type Happening = String;
        const KIND: &'static str = "counter";
        fn new(config: CounterConfig) -> Result<Self, SessionError> {
            Ok(Counter {
                n: config.start,
                config,
            })
        }
        fn config(&self) -> &CounterConfig {
            &self.config
        }
        fn apply(&mut self, action: CounterAction) -> Result<Vec<String>, SessionError> {
            let CounterAction::Add { by } = action;
            let n = self
                .n
                .checked_add(by)
                .filter(|n| *n <= 3)
                .ok_or_else(|| SessionError::Refused(format!("{} + {by} is past 3", self.n)))?;
            self.n = n;
            Ok(vec![format!("now {n}")])
        }
        fn view(&self) -> u32 {
            self.n
        }
    }

    #[test]
    fn json_round_trip_and_refusals_leave_state() {
        let mut s = new_dyn_session::<Counter>(serde_json::json!({"start": 1})).unwrap();
        assert_eq!(s.kind(), "counter");
        let h = s
            .apply_json(serde_json::json!({"type": "add", "by": 2}))
            .unwrap();
        assert_eq!(h, vec![serde_json::json!("now 3")]);
        let err = s
            .apply_json(serde_json::json!({"type": "add", "by": 1}))
            .unwrap_err();
        assert!(matches!(err, SessionError::Refused(_)));
        let err = s
            .apply_json(serde_json::json!({"type": "jump"}))
            .unwrap_err();
        assert!(err.to_string().contains("counter action"), "{err}");
        assert_eq!(s.view_json(), serde_json::json!(3));
        assert_eq!(s.config_json(), serde_json::json!({"start": 1}));
        assert!(new_dyn_session::<Counter>(serde_json::json!({"start": "x"})).is_err());
        assert!(new_dyn_session::<Counter>(serde_json::Value::Null).is_ok());
        // only the last `keep` happenings come back as JSON, with how many came before
        let mut s = new_dyn_session::<Counter>(serde_json::json!({"start": 0})).unwrap();
        let (h, omitted) = s
            .apply_json_last(serde_json::json!({"type": "add", "by": 1}), 0)
            .unwrap();
        assert_eq!((h.len(), omitted), (0, 1));
        let (h, omitted) = s
            .apply_json_last(serde_json::json!({"type": "add", "by": 1}), 500)
            .unwrap();
        assert_eq!((h, omitted), (vec![serde_json::json!("now 2")], 0));
    }
}
