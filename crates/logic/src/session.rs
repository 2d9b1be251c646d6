//! [`LogicSession`]: the logic bench as a person meets it in the museum — a circuit on
//! the bench, its inputs set to 1, 0 or x, and the propagation shown **event by event**
//! as the seed narrates it: a source is set, each child receives the new value on one
//! input, re-evaluates, and passes its output on only if it changed.
//!
//! The simulator ([`EventSim`], FIFO schedule: the seed's breadth-first order) settles
//! each change at once and records its events; the session then *shows* them one at a
//! time: [`LogicAction::Step`] applies the next recorded event to the values on display,
//! [`LogicAction::Run`] all of them. So a step never computes anything the simulator did
//! not, and "run" ends exactly where the simulator settled. A ring that never settles is
//! stopped at the simulator's bound and named ([`OscillationView`]).
//!
//! Circuits: the seed's RS NOR latch, the ISCAS-85 benchmarks ([`crate::library`]), an
//! uploaded `.bench` (errors name line and column), and two squares of a relay
//! noughts-and-crosses input latch ([`TwoSquares`], buttons and relays rather than gates).
//!
//! Source: "Evaluating Logic Circuits with Ternary Logic Graphs" (seed 004);
//! `shared/specs/museum.md` for what is shown (Digital / Logisim: values coloured and
//! labelled, pause and step, a timing diagram of chosen signals).

use std::collections::VecDeque;

use ludomat_game::{Session, SessionError};
use serde::{Deserialize, Serialize};

use crate::latch::{describe, RsLatch};
use crate::library::{self, Circuit};
use crate::relay::noughts::TwoSquares;
use crate::relay::{Delays, RelayEvent};
use crate::{
    EventSim, Netlist, NodeId, NodeKind, Schedule, SimError, SourceKind, Ternary, TraceEvent,
};

/// The largest `.bench` upload, in bytes (the museum takes request bodies up to 64 KiB).
pub const MAX_UPLOAD_BYTES: usize = 256 * 1024;
/// The most nodes an uploaded circuit may have.
pub const MAX_UPLOAD_NODES: usize = 40_000;
/// The most signals in the timing diagram at once.
pub const MAX_WATCHED: usize = 12;
/// Changes kept per signal in the timing diagram (the latest).
pub const MAX_SAMPLES: usize = 500;
/// Applied events the view lists (the latest).
pub const LOG_SHOWN: usize = 200;
/// Pending events the view lists (the next).
pub const PENDING_SHOWN: usize = 30;
/// Circuits up to this many nodes come with their whole graph in the view (every
/// ISCAS-85 circuit: c7552 has 3,720); larger uploads with their inputs, outputs and
/// watched signals only (they are still simulated whole).
pub const MAX_DRAWN_NODES: usize = 4_000;
/// Events recorded for one change; a change causing more is run at once, unrecorded.
pub const MAX_RECORDED: usize = 200_000;

/// How a session starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LogicConfig {
    /// `latch`, `squares`, or an ISCAS-85 circuit `c17` … `c7552`.
    pub circuit: String,
}

impl Default for LogicConfig {
    fn default() -> Self {
        LogicConfig {
            circuit: "latch".to_string(),
        }
    }
}

/// An input level as a person sets it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Level {
    /// True (+1).
    #[serde(rename = "1")]
    One,
    /// False (−1).
    #[serde(rename = "0")]
    Zero,
    /// Unknown (0 in the seed's balanced ternary).
    #[serde(rename = "x")]
    X,
}

impl Level {
    fn ternary(self) -> Ternary {
        match self {
            Level::One => Ternary::True,
            Level::Zero => Ternary::False,
            Level::X => Ternary::Unknown,
        }
    }
}

/// What a person can do at the bench.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum LogicAction {
    /// Set an input (a button) by name. Pending events of the last change are shown
    /// first. With `run`, the new events are shown at once too.
    Set {
        /// The input's name.
        input: String,
        /// 1, 0 or x.
        value: Level,
        /// Show every event at once instead of step by step.
        #[serde(default)]
        run: bool,
    },
    /// Show the next pending event.
    Step,
    /// Show every pending event.
    Run,
    /// Press and release a button of the relay squares (`RESET`, `X0`, `X1`, `O0`, `O1`).
    Push {
        /// The button.
        button: String,
    },
    /// Add a signal to the timing diagram, or take it off.
    Watch {
        /// The node's name.
        signal: String,
        /// Watch it (true) or stop (false).
        on: bool,
    },
    /// Put an uploaded `.bench` circuit on the bench.
    Upload {
        /// A name to show (the file's).
        name: String,
        /// The `.bench` text.
        text: String,
    },
    /// Start again with this config's circuit, everything unknown.
    Reset,
}

/// One thing that happened, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LogicHappening {
    /// An input was set; `events` were recorded for its propagation.
    InputSet {
        /// The input.
        input: String,
        /// Its value, +1 / 0 / −1.
        value: i8,
        /// Events now pending.
        events: usize,
    },
    /// One event was shown.
    Event(EventView),
    /// Several events were shown at once.
    Ran {
        /// How many.
        events: usize,
    },
    /// The circuit is quiet: nothing pending.
    Settled {
        /// The bench's time.
        time: u64,
    },
    /// The propagation did not settle within the simulator's bound.
    Oscillation(OscillationView),
    /// A relay-square button was pushed.
    Pushed {
        /// The button.
        button: String,
        /// Relay movements it caused.
        events: usize,
    },
    /// A signal joined or left the timing diagram.
    Watched {
        /// The signal.
        signal: String,
        /// Whether it is now watched.
        on: bool,
    },
    /// A circuit was put on the bench.
    Loaded {
        /// Its name.
        circuit: String,
        /// Its nodes.
        nodes: usize,
    },
}

/// An event of a propagation, as shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EventView {
    /// Its number in the bench's life (from 1).
    pub seq: u64,
    /// The bench's time when it was shown (one tick per event; relay ticks for the squares).
    pub time: u64,
    /// `source`, `input`, `changed`, `unchanged` (gates) or `relay` (the squares).
    pub kind: &'static str,
    /// The node it happened at.
    pub node: String,
    /// The value it carries, +1 / 0 / −1.
    pub value: i8,
    /// In words, as `ludomat logic latch --trace` prints it.
    pub text: String,
}

/// A propagation that did not settle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OscillationView {
    /// The nodes still changing when the simulator stopped.
    pub nodes: Vec<String>,
    /// Evaluations spent.
    pub evaluations: u64,
    /// In words.
    pub text: String,
}

/// A node of the graph.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NodeView {
    /// Its index.
    pub id: u32,
    /// Its name.
    pub name: String,
    /// `input`, `supply`, `ground`, `gate`, `lamp` or `dff`.
    pub role: &'static str,
    /// The gate (`NAND` …) for gates.
    pub gate: Option<String>,
    /// Its column in a levelled drawing (sources 0).
    pub level: u32,
    /// The value on display, +1 / 0 / −1.
    pub value: i8,
    /// The nodes feeding it.
    pub fanin: Vec<u32>,
    /// Whether it is a declared output.
    pub output: bool,
}

/// An input or output of the circuit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PinView {
    /// Its node.
    pub id: u32,
    /// Its name.
    pub name: String,
    /// The value on display, +1 / 0 / −1.
    pub value: i8,
}

/// A signal of the timing diagram.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SignalView {
    /// Its name.
    pub name: String,
    /// `(time, value)` at each change, the latest [`MAX_SAMPLES`].
    pub samples: Vec<(u64, i8)>,
}

/// A relay of the squares.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RelayView {
    /// Its name.
    pub name: String,
    /// Armature: +1 operated, −1 released, 0 unknown.
    pub state: i8,
}

/// Everything a person could look at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LogicView {
    /// The circuit's name (`upload: <name>` for an upload).
    pub circuit: String,
    /// The circuits the library offers here.
    pub library: Vec<&'static str>,
    /// Nodes in the circuit.
    pub node_count: usize,
    /// Gates in the circuit.
    pub gate_count: usize,
    /// Levels (the deepest node's level).
    pub depth: u32,
    /// The whole graph, or `None` when it has more than [`MAX_DRAWN_NODES`] nodes.
    pub graph: Option<Vec<NodeView>>,
    /// The inputs (buttons), in declaration order.
    pub inputs: Vec<PinView>,
    /// The outputs (lamps or declared outputs).
    pub outputs: Vec<PinView>,
    /// The relays, for the squares.
    pub relays: Vec<RelayView>,
    /// The bench's time (events shown).
    pub time: u64,
    /// Events waiting to be shown.
    pub pending: usize,
    /// The next of them.
    pub next: Vec<EventView>,
    /// The latest events shown, oldest first.
    pub log: Vec<EventView>,
    /// The last propagation that did not settle.
    pub oscillation: Option<OscillationView>,
    /// The timing diagram.
    pub watched: Vec<SignalView>,
    /// A change too large to record (more than [`MAX_RECORDED`] events) was run at once.
    pub unrecorded: bool,
}

/// A recorded event not yet shown: what it does to the display.
#[derive(Debug, Clone)]
struct Pending {
    kind: &'static str,
    node: NodeId,
    value: Ternary,
    text: String,
}

enum Bench {
    Graph {
        netlist: Netlist,
        sim: Box<EventSim>,
        level: Vec<u32>,
        depth: u32,
    },
    Squares(Box<TwoSquares>),
}

/// The logic bench.
pub struct LogicSession {
    config: LogicConfig,
    name: String,
    bench: Bench,
    /// Values on display, by node (the simulator's, up to the events not yet shown).
    shown: Vec<Ternary>,
    pending: VecDeque<Pending>,
    log: VecDeque<EventView>,
    seq: u64,
    time: u64,
    oscillation: Option<OscillationView>,
    watched: Vec<(NodeId, VecDeque<(u64, i8)>)>,
    unrecorded: bool,
}

fn v8(t: Ternary) -> i8 {
    match t {
        Ternary::True => 1,
        Ternary::False => -1,
        Ternary::Unknown => 0,
    }
}

fn levels(netlist: &Netlist) -> Vec<u32> {
    match netlist.levelize() {
        Ok(l) => l.level,
        Err(_) => crate::event::bfs_levels(netlist),
    }
}

impl LogicSession {
    fn from_netlist(
        config: LogicConfig,
        name: String,
        netlist: Netlist,
    ) -> Result<Self, SessionError> {
        let mut sim = EventSim::new(&netlist, Schedule::Fifo)
            .map_err(|e| SessionError::Invalid(format!("{name}: {e}")))?;
        sim.set_tracing(true);
        let _ = sim.take_trace();
        let level = levels(&netlist);
        let depth = level.iter().copied().max().unwrap_or(0);
        let shown = sim.values();
        Ok(LogicSession {
            config,
            name,
            bench: Bench::Graph {
                netlist,
                sim: Box::new(sim),
                level,
                depth,
            },
            shown,
            pending: VecDeque::new(),
            log: VecDeque::new(),
            seq: 0,
            time: 0,
            oscillation: None,
            watched: Vec::new(),
            unrecorded: false,
        })
    }

    fn squares(config: LogicConfig) -> Result<Self, SessionError> {
        let mut sq = TwoSquares::new(Delays::new(0, 0));
        sq.circuit
            .settle()
            .map_err(|e| SessionError::Failed(format!("the relay squares: {e}")))?;
        let _ = sq.circuit.take_log();
        Ok(LogicSession {
            config,
            name: "squares".to_string(),
            bench: Bench::Squares(Box::new(sq)),
            shown: Vec::new(),
            pending: VecDeque::new(),
            log: VecDeque::new(),
            seq: 0,
            time: 0,
            oscillation: None,
            watched: Vec::new(),
            unrecorded: false,
        })
    }

    fn build(config: LogicConfig) -> Result<Self, SessionError> {
        let circuit = Circuit::named(&config.circuit).ok_or_else(|| {
            SessionError::Invalid(format!(
                "circuit: no circuit called {}; the bench has {}",
                ludomat_io::text::quoted(&config.circuit, 60),
                library::names()
            ))
        })?;
        match circuit {
            Circuit::Latch => {
                let latch = RsLatch::new();
                Self::from_netlist(config, "latch".to_string(), latch.netlist)
            }
            Circuit::Squares => Self::squares(config),
            Circuit::Iscas(i) => {
                let netlist = library::iscas(i)
                    .map_err(|e| SessionError::Invalid(format!("circuit: {e}")))?;
                let name = circuit.name().to_string();
                Self::from_netlist(config, name, netlist)
            }
        }
    }

    fn netlist(&self) -> Option<&Netlist> {
        match &self.bench {
            Bench::Graph { netlist, .. } => Some(netlist),
            Bench::Squares(_) => None,
        }
    }

    /// Records an applied event in the log and the timing diagram.
    fn note(
        &mut self,
        kind: &'static str,
        node: NodeId,
        value: Ternary,
        text: String,
    ) -> EventView {
        self.seq += 1;
        self.time += 1;
        let name = match &self.bench {
            Bench::Graph { netlist, .. } => netlist.name_of(node).to_string(),
            Bench::Squares(sq) => sq
                .circuit
                .relays()
                .get(node.index())
                .map(|r| r.name.clone())
                .unwrap_or_default(),
        };
        let e = EventView {
            seq: self.seq,
            time: self.time,
            kind,
            node: name,
            value: v8(value),
            text,
        };
        self.log.push_back(e.clone());
        while self.log.len() > LOG_SHOWN {
            self.log.pop_front();
        }
        e
    }

    fn sample(&mut self, node: NodeId, value: Ternary) {
        let time = self.time;
        for (id, samples) in &mut self.watched {
            if *id == node && samples.back().map(|s| s.1) != Some(v8(value)) {
                samples.push_back((time, v8(value)));
                while samples.len() > MAX_SAMPLES {
                    samples.pop_front();
                }
            }
        }
    }

    /// Shows the next pending event.
    fn show_next(&mut self) -> Option<EventView> {
        let p = self.pending.pop_front()?;
        if matches!(p.kind, "source" | "changed") {
            if let Some(v) = self.shown.get_mut(p.node.index()) {
                *v = p.value;
            }
        }
        let e = self.note(p.kind, p.node, p.value, p.text);
        if matches!(p.kind, "source" | "changed") {
            self.sample(p.node, p.value);
        }
        Some(e)
    }

    fn show_all(&mut self) -> usize {
        let mut n = 0;
        while self.show_next().is_some() {
            n += 1;
        }
        n
    }

    fn settled(&self) -> bool {
        self.pending.is_empty()
    }

    fn set(
        &mut self,
        input: &str,
        value: Level,
        run: bool,
    ) -> Result<Vec<LogicHappening>, SessionError> {
        let Bench::Graph { netlist, .. } = &self.bench else {
            return Err(SessionError::Refused(
                "the relay squares have buttons, not inputs: push RESET, X0, X1, O0 or O1"
                    .to_string(),
            ));
        };
        let id = netlist
            .find(input)
            .filter(|&id| matches!(netlist.node(id).kind, NodeKind::Source(SourceKind::Button)))
            .ok_or_else(|| {
                let names: Vec<&str> = netlist
                    .inputs()
                    .iter()
                    .take(12)
                    .map(|&i| netlist.name_of(i))
                    .collect();
                SessionError::Refused(format!(
                    "{} is not an input of {}; its inputs are {}{}",
                    ludomat_io::text::quoted(input, 60),
                    self.name,
                    names.join(", "),
                    if netlist.inputs().len() > 12 {
                        " …"
                    } else {
                        ""
                    }
                ))
            })?;
        let mut out = Vec::new();
        let shown = self.show_all();
        if shown > 0 {
            out.push(LogicHappening::Ran { events: shown });
        }
        let Bench::Graph { netlist, sim, .. } = &mut self.bench else {
            return Ok(out);
        };
        let result = sim.set(id, value.ternary());
        let trace = sim.take_trace();
        self.oscillation = None;
        if trace.len() > MAX_RECORDED {
            self.unrecorded = true;
            self.shown = sim.values();
            let values = self.shown.clone();
            self.time += 1;
            for i in 0..self.watched.len() {
                let node = self.watched[i].0;
                self.sample(node, values[node.index()]);
            }
        } else {
            for e in &trace {
                let (kind, node, value) = match *e {
                    TraceEvent::Source { node, value } => ("source", node, value),
                    TraceEvent::Input { node, value, .. } => ("input", node, value),
                    TraceEvent::Changed { node, to, .. } => ("changed", node, to),
                    TraceEvent::Unchanged { node, value } => ("unchanged", node, value),
                };
                self.pending.push_back(Pending {
                    kind,
                    node,
                    value,
                    text: describe(netlist, e).trim().to_string(),
                });
            }
        }
        out.push(LogicHappening::InputSet {
            input: input.to_string(),
            value: v8(value.ternary()),
            events: self.pending.len(),
        });
        if let Err(SimError::Oscillation { nodes, evaluations }) = result {
            let o = OscillationView {
                text: format!(
                    "oscillation: {} kept changing after {evaluations} evaluations; the simulator stopped",
                    nodes.join(", ")
                ),
                nodes,
                evaluations,
            };
            self.oscillation = Some(o.clone());
            out.push(LogicHappening::Oscillation(o));
        } else if let Err(e) = result {
            return Err(SessionError::Failed(format!("{}: {e}", self.name)));
        }
        if run {
            let n = self.show_all();
            out.push(LogicHappening::Ran { events: n });
            out.push(LogicHappening::Settled { time: self.time });
        }
        Ok(out)
    }

    fn push(&mut self, button: &str) -> Result<Vec<LogicHappening>, SessionError> {
        let Bench::Squares(sq) = &mut self.bench else {
            return Err(SessionError::Refused(format!(
                "{} has inputs to set, not buttons to push",
                self.name
            )));
        };
        let id = match button {
            "RESET" => sq.reset,
            "X0" => sq.x_buttons[0],
            "X1" => sq.x_buttons[1],
            "O0" => sq.o_buttons[0],
            "O1" => sq.o_buttons[1],
            _ => {
                return Err(SessionError::Refused(format!(
                    "no button {} on the relay squares; they have RESET, X0, X1, O0, O1",
                    ludomat_io::text::quoted(button, 60)
                )))
            }
        };
        let mut trial = sq.clone();
        trial
            .push(id)
            .map_err(|e| SessionError::Failed(format!("the relay squares: {e}")))?;
        let log = trial.circuit.take_log();
        let start = self.time;
        *sq = trial;
        let mut out = Vec::new();
        let mut n = 0;
        for e in log {
            if let RelayEvent::Armature { tick, relay, to } = e {
                let Bench::Squares(sq) = &self.bench else {
                    break;
                };
                let name = sq.circuit.relay_state(relay).name.clone();
                let text = format!(
                    "relay {name} {}",
                    match to {
                        Ternary::True => "operates",
                        Ternary::False => "releases",
                        Ternary::Unknown => "is unknown",
                    }
                );
                let node = NodeId(relay.0);
                let mut ev = self.note("relay", node, to, text);
                ev.time = start + tick;
                self.time = self.time.max(ev.time);
                if let Some(last) = self.log.back_mut() {
                    last.time = ev.time;
                }
                self.sample(node, to);
                out.push(LogicHappening::Event(ev));
                n += 1;
            }
        }
        out.insert(
            0,
            LogicHappening::Pushed {
                button: button.to_string(),
                events: n,
            },
        );
        Ok(out)
    }

    fn watch(&mut self, signal: &str, on: bool) -> Result<Vec<LogicHappening>, SessionError> {
        let id = match &self.bench {
            Bench::Graph { netlist, .. } => netlist.find(signal),
            Bench::Squares(sq) => sq.circuit.find_relay(signal).map(|r| NodeId(r.0)),
        }
        .ok_or_else(|| {
            SessionError::Refused(format!(
                "{} has no signal {}",
                self.name,
                ludomat_io::text::quoted(signal, 60)
            ))
        })?;
        let at = self.watched.iter().position(|w| w.0 == id);
        match (on, at) {
            (true, None) => {
                if self.watched.len() >= MAX_WATCHED {
                    return Err(SessionError::TooMuch(format!(
                        "the timing diagram shows at most {MAX_WATCHED} signals; take one off first"
                    )));
                }
                let now = self.value_shown(id);
                let mut samples = VecDeque::new();
                samples.push_back((self.time, v8(now)));
                self.watched.push((id, samples));
            }
            (false, Some(i)) => {
                self.watched.remove(i);
            }
            _ => {}
        }
        Ok(vec![LogicHappening::Watched {
            signal: signal.to_string(),
            on,
        }])
    }

    fn value_shown(&self, id: NodeId) -> Ternary {
        match &self.bench {
            Bench::Graph { .. } => self.shown.get(id.index()).copied().unwrap_or_default(),
            Bench::Squares(sq) => sq.circuit.armature(crate::relay::RelayId(id.0)),
        }
    }

    fn upload(&mut self, name: &str, text: &str) -> Result<Vec<LogicHappening>, SessionError> {
        // The file's name as a person reads it: cut, its control characters (an ESC of a
        // terminal's colour codes) escaped.
        let cut: String = name.chars().take(60).collect();
        let short = ludomat_io::text::escape_controls(&cut).into_owned();
        if text.len() > MAX_UPLOAD_BYTES {
            return Err(SessionError::TooMuch(format!(
                "{short}: {}; the bench takes uploads up to {}",
                ludomat_io::text::count(text.len() as u64, "byte", "bytes"),
                ludomat_io::text::count(MAX_UPLOAD_BYTES as u64, "byte", "bytes")
            )));
        }
        let netlist = Netlist::from_bench_with_loops(&short, text)
            .map_err(|e| SessionError::Invalid(format!("{short}: {e}")))?;
        if netlist.is_empty() {
            return Err(SessionError::Invalid(format!(
                "{short}: the netlist is empty: a .bench file names its inputs, outputs and \
                 gates (INPUT(A), OUTPUT(Y), Y = NOT(A))"
            )));
        }
        if netlist.len() > MAX_UPLOAD_NODES {
            return Err(SessionError::TooMuch(format!(
                "{short}: {}; the bench takes uploads up to {}",
                ludomat_io::text::count(netlist.len() as u64, "node", "nodes"),
                ludomat_io::text::count(MAX_UPLOAD_NODES as u64, "node", "nodes")
            )));
        }
        let nodes = netlist.len();
        let fresh = Self::from_netlist(self.config.clone(), format!("upload: {short}"), netlist)?;
        *self = fresh;
        Ok(vec![LogicHappening::Loaded {
            circuit: self.name.clone(),
            nodes,
        }])
    }

    fn pin(&self, netlist: &Netlist, id: NodeId) -> PinView {
        PinView {
            id: id.0,
            name: netlist.name_of(id).to_string(),
            value: v8(self.shown.get(id.index()).copied().unwrap_or_default()),
        }
    }
}

impl Session for LogicSession {
    type Config = LogicConfig;
    type Action = LogicAction;
    type View = LogicView;
    type Happening = LogicHappening;

    const KIND: &'static str = "logic";

    fn new(config: LogicConfig) -> Result<Self, SessionError> {
        Self::build(config)
    }

    fn config(&self) -> &LogicConfig {
        &self.config
    }

    fn apply(&mut self, action: LogicAction) -> Result<Vec<LogicHappening>, SessionError> {
        match action {
            LogicAction::Set { input, value, run } => self.set(&input, value, run),
            LogicAction::Step => match self.show_next() {
                Some(e) => {
                    let mut out = vec![LogicHappening::Event(e)];
                    if self.settled() {
                        out.push(LogicHappening::Settled { time: self.time });
                    }
                    Ok(out)
                }
                None => Err(SessionError::Refused(
                    "nothing to step: the circuit is quiet; set an input first".to_string(),
                )),
            },
            LogicAction::Run => {
                let n = self.show_all();
                Ok(vec![
                    LogicHappening::Ran { events: n },
                    LogicHappening::Settled { time: self.time },
                ])
            }
            LogicAction::Push { button } => self.push(&button),
            LogicAction::Watch { signal, on } => self.watch(&signal, on),
            LogicAction::Upload { name, text } => self.upload(&name, &text),
            LogicAction::Reset => {
                let fresh = Self::build(self.config.clone())?;
                let nodes = fresh.netlist().map_or(0, Netlist::len);
                *self = fresh;
                Ok(vec![LogicHappening::Loaded {
                    circuit: self.name.clone(),
                    nodes,
                }])
            }
        }
    }

    fn view(&self) -> LogicView {
        let next = self
            .pending
            .iter()
            .take(PENDING_SHOWN)
            .enumerate()
            .map(|(k, p)| EventView {
                seq: self.seq + 1 + k as u64,
                time: self.time + 1 + k as u64,
                kind: p.kind,
                node: self
                    .netlist()
                    .map(|n| n.name_of(p.node).to_string())
                    .unwrap_or_default(),
                value: v8(p.value),
                text: p.text.clone(),
            })
            .collect();
        let watched = self
            .watched
            .iter()
            .map(|(id, s)| SignalView {
                name: match &self.bench {
                    Bench::Graph { netlist, .. } => netlist.name_of(*id).to_string(),
                    Bench::Squares(sq) => sq
                        .circuit
                        .relay_state(crate::relay::RelayId(id.0))
                        .name
                        .clone(),
                },
                samples: s.iter().copied().collect(),
            })
            .collect();
        let mut view = LogicView {
            circuit: self.name.clone(),
            library: library::available(),
            node_count: 0,
            gate_count: 0,
            depth: 0,
            graph: None,
            inputs: Vec::new(),
            outputs: Vec::new(),
            relays: Vec::new(),
            time: self.time,
            pending: self.pending.len(),
            next,
            log: self.log.iter().cloned().collect(),
            oscillation: self.oscillation.clone(),
            watched,
            unrecorded: self.unrecorded,
        };
        view.library.splice(0..0, ["latch", "squares"]);
        match &self.bench {
            Bench::Graph {
                netlist,
                level,
                depth,
                ..
            } => {
                view.node_count = netlist.len();
                view.gate_count = netlist.gate_count();
                view.depth = *depth;
                view.inputs = netlist
                    .inputs()
                    .iter()
                    .map(|&i| self.pin(netlist, i))
                    .collect();
                let outs: Vec<NodeId> = if netlist.outputs().is_empty() {
                    netlist
                        .ids()
                        .filter(|&i| netlist.node(i).kind == NodeKind::Lamp)
                        .collect()
                } else {
                    netlist.outputs().to_vec()
                };
                view.outputs = outs.iter().map(|&i| self.pin(netlist, i)).collect();
                if netlist.len() <= MAX_DRAWN_NODES {
                    view.graph = Some(
                        netlist
                            .ids()
                            .map(|id| {
                                let node = netlist.node(id);
                                let (role, gate) = match node.kind {
                                    NodeKind::Source(SourceKind::Button) => ("input", None),
                                    NodeKind::Source(SourceKind::Supply) => ("supply", None),
                                    NodeKind::Source(SourceKind::Ground) => ("ground", None),
                                    NodeKind::Gate(g) => ("gate", Some(g.to_string())),
                                    NodeKind::Lamp => ("lamp", None),
                                    NodeKind::Dff => ("dff", None),
                                };
                                NodeView {
                                    id: id.0,
                                    name: node.name.clone(),
                                    role,
                                    gate,
                                    level: level[id.index()],
                                    value: v8(self.shown[id.index()]),
                                    fanin: node.fanin.iter().map(|f| f.0).collect(),
                                    output: outs.contains(&id),
                                }
                            })
                            .collect(),
                    );
                }
            }
            Bench::Squares(sq) => {
                let c = &sq.circuit;
                view.relays = c
                    .relays()
                    .iter()
                    .enumerate()
                    .map(|(i, r)| RelayView {
                        name: r.name.clone(),
                        state: v8(c.armature(crate::relay::RelayId(i as u32))),
                    })
                    .collect();
                view.outputs = c
                    .lamps()
                    .map(|l| PinView {
                        id: l.0,
                        name: c.lamp_name(l).to_string(),
                        value: v8(c.lamp_state(l)),
                    })
                    .collect();
                view.inputs = ["RESET", "X0", "X1", "O0", "O1"]
                    .iter()
                    .enumerate()
                    .map(|(i, n)| PinView {
                        id: i as u32,
                        name: (*n).to_string(),
                        value: 0,
                    })
                    .collect();
            }
        }
        view
    }

    fn parse_action(&self, line: &str) -> Result<LogicAction, SessionError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["step"] | ["s"] => Ok(LogicAction::Step),
            ["run"] | ["r"] => Ok(LogicAction::Run),
            ["reset"] => Ok(LogicAction::Reset),
            ["push", b] => Ok(LogicAction::Push {
                button: (*b).to_string(),
            }),
            ["watch", s] => Ok(LogicAction::Watch {
                signal: (*s).to_string(),
                on: true,
            }),
            [input, value] | ["set", input, value] => {
                let value = match *value {
                    "1" => Level::One,
                    "0" => Level::Zero,
                    "x" | "X" => Level::X,
                    other => {
                        return Err(SessionError::Invalid(format!(
                            "logic: {} is not a level; use 1, 0 or x",
                            ludomat_io::text::quoted(other, 60)
                        )))
                    }
                };
                Ok(LogicAction::Set {
                    input: (*input).to_string(),
                    value,
                    run: false,
                })
            }
            _ => Err(SessionError::Invalid(format!(
                "logic: cannot read {}; try 'R 1', 'step', 'run', 'push X0', 'watch Q', 'reset'",
                ludomat_io::text::quoted(line, 60)
            ))),
        }
    }
}
