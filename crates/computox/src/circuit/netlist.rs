//! The netlist format of a relay circuit, and its parser.
//!
//! One statement per line; `#` starts a comment; names are any text without spaces; a net
//! exists as soon as a statement names it. The format is documented at the head of the
//! Computox's own netlist, `crates/computox/circuit/computox.net`:
//!
//! ```text
//! supply NET                                        a net that is always live
//! button NAME                                       a push-button or switch
//! relay NAME COIL-NET [interrupter] [pull_in=T] [drop_out=T]
//!                                                   a relay and its coil's net
//! make       ACTUATOR SPRING NET NET                a normally open contact
//! break      ACTUATOR SPRING NET NET                a normally closed contact
//! changeover ACTUATOR SPRING COMMON RELEASED OPERATED
//! wire NET NET                                      two names for one net
//! diode ANODE CATHODE                               current from ANODE to CATHODE only
//! lamp NAME NET                                     a lamp (or the bell)
//! uniselector NAME POSITIONS MAGNET-NET             a stepping switch, home at 0
//! bank UNISELECTOR WIPER-NET C0 C1 …                one level; `-` is unwired
//! homing UNISELECTOR NET                            self-drive to home while NET is live
//! ```
//!
//! A relay carries at most [`MAX_SWITCHES`] switches (the type 3000 relay of the Computox,
//! seed 000; a changeover counts as one switch), and a spring name may not repeat on one
//! actuator. Every error names the line and column and says what is wrong.

use std::collections::HashMap;
use std::fmt;

/// Switches one type 3000 relay can carry (seed 000: "a maximum of eight switches").
pub const MAX_SWITCHES: usize = 8;

/// Positions a uniselector may have (the Post Office types have 25 or 50).
pub const MAX_POSITIONS: usize = 100;

/// A contact's kind in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SpringKind {
    /// Normally open.
    Make,
    /// Normally closed.
    Break,
    /// A changeover: common, released side, operated side.
    Changeover,
}

impl fmt::Display for SpringKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SpringKind::Make => "make",
            SpringKind::Break => "break",
            SpringKind::Changeover => "changeover",
        })
    }
}

/// One parsed statement with the line it came from (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    /// Line number in the file, 1-based.
    pub line: usize,
    /// What it says.
    pub item: Item,
}

/// What a statement declares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// `supply NET`
    Supply(String),
    /// `button NAME`
    Button(String),
    /// `relay NAME COIL [pull_in=T] [drop_out=T]`
    Relay {
        /// Designation (`AOA`, `T`, `OS` …).
        name: String,
        /// Coil net.
        coil: String,
        /// Pull-in ticks, if given.
        pull_in: Option<u32>,
        /// Drop-out ticks, if given.
        drop_out: Option<u32>,
        /// An interrupter (a buzzer driving a uniselector's magnet): its pull-in is the
        /// uniselector step time.
        interrupter: bool,
    },
    /// `make`/`break`/`changeover ACTUATOR SPRING NET…`
    Contact {
        /// Make, break or changeover.
        kind: SpringKind,
        /// The relay or button that moves it.
        actuator: String,
        /// Its spring name (`T2`, `B1` …).
        spring: String,
        /// Two nets (make/break) or common, released, operated (changeover).
        nets: Vec<String>,
    },
    /// `wire NET NET`
    Wire(String, String),
    /// `diode ANODE CATHODE`
    Diode(String, String),
    /// `lamp NAME NET`
    Lamp(String, String),
    /// `uniselector NAME POSITIONS MAGNET`
    Uniselector {
        /// Its name (`U1`, `SAL`).
        name: String,
        /// Number of positions.
        positions: usize,
        /// Step magnet net.
        magnet: String,
    },
    /// `bank UNISELECTOR WIPER C0 C1 …`
    Bank {
        /// Which uniselector.
        uniselector: String,
        /// Wiper net.
        wiper: String,
        /// Net per position, `None` unwired.
        contacts: Vec<Option<String>>,
    },
    /// `homing UNISELECTOR NET`
    Homing(String, String),
}

/// A parsed, checked netlist.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Netlist {
    /// The statements in file order.
    pub statements: Vec<Statement>,
}

/// What is wrong with a netlist, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("netlist {}: {message}", ludomat_io::text::line_column(*line, *column))]
pub struct NetlistError {
    /// Line, 1-based.
    pub line: usize,
    /// Column (characters), 1-based.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// A word of a line and the column it starts at.
#[derive(Debug, Clone, Copy)]
struct Word<'a> {
    text: &'a str,
    column: usize,
}

fn words(line: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (col, (byte, ch)) in line.char_indices().enumerate() {
        if ch.is_whitespace() {
            if let Some((b, c)) = start.take() {
                out.push(Word {
                    text: &line[b..byte],
                    column: c + 1,
                });
            }
        } else if start.is_none() {
            start = Some((byte, col));
        }
    }
    if let Some((b, c)) = start {
        out.push(Word {
            text: &line[b..],
            column: c + 1,
        });
    }
    out
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Relay,
    Button,
    Uniselector,
}

struct Parser {
    line: usize,
    names: HashMap<String, (Kind, usize, usize)>,
    springs: HashMap<(String, String), usize>,
    switches: HashMap<String, usize>,
    positions: HashMap<String, usize>,
}

impl Parser {
    fn err(&self, column: usize, message: impl Into<String>) -> NetlistError {
        NetlistError {
            line: self.line,
            column,
            message: message.into(),
        }
    }

    fn declare(&mut self, w: Word<'_>, kind: Kind) -> Result<(), NetlistError> {
        // named where it is declared, not only where it is used (and shown without it)
        if let Some((at, what)) = ludomat_io::text::first_hidden(w.text) {
            return Err(self.err(
                w.column + at - 1,
                format!(
                    "the name {} has {what} in it: a name that looks like another would be \
                     another part",
                    ludomat_io::text::quoted(w.text, 60)
                ),
            ));
        }
        if let Some((_, line, _)) = self.names.get(w.text) {
            return Err(self.err(
                w.column,
                format!(
                    "{} is already declared at {}",
                    ludomat_io::text::quoted(w.text, 60),
                    ludomat_io::text::line(*line)
                ),
            ));
        }
        self.names
            .insert(w.text.to_string(), (kind, self.line, w.column));
        Ok(())
    }

    fn arity(&self, ws: &[Word<'_>], want: usize, usage: &str) -> Result<(), NetlistError> {
        match ws.len().cmp(&want) {
            std::cmp::Ordering::Equal => Ok(()),
            std::cmp::Ordering::Less => {
                let col = ws.last().map_or(1, |w| w.column + w.text.chars().count());
                Err(self.err(col, format!("too few words: expected '{usage}'")))
            }
            std::cmp::Ordering::Greater => Err(self.err(
                ws[want].column,
                format!(
                    "unexpected {}: expected '{usage}'",
                    ludomat_io::text::quoted(ws[want].text, 60)
                ),
            )),
        }
    }

    fn net(&self, w: Word<'_>) -> Result<String, NetlistError> {
        if w.text == "-" {
            return Err(self.err(w.column, "'-' (unwired) is only allowed in a bank"));
        }
        Ok(w.text.to_string())
    }

    fn statement(&mut self, ws: &[Word<'_>]) -> Result<Item, NetlistError> {
        let key = ws[0];
        match key.text {
            "supply" => {
                self.arity(ws, 2, "supply NET")?;
                Ok(Item::Supply(self.net(ws[1])?))
            }
            "button" => {
                self.arity(ws, 2, "button NAME")?;
                self.declare(ws[1], Kind::Button)?;
                Ok(Item::Button(ws[1].text.into()))
            }
            "relay" => {
                if ws.len() < 3 || ws.len() > 6 {
                    self.arity(
                        ws,
                        3,
                        "relay NAME COIL-NET [interrupter] [pull_in=T] [drop_out=T]",
                    )?;
                }
                self.declare(ws[1], Kind::Relay)?;
                let (mut pull_in, mut drop_out, mut interrupter) = (None, None, false);
                for w in &ws[3..] {
                    if w.text == "interrupter" {
                        interrupter = true;
                        continue;
                    }
                    let (k, v) = w.text.split_once('=').ok_or_else(|| {
                        self.err(
                            w.column,
                            format!(
                                "{}: expected interrupter, pull_in=TICKS or drop_out=TICKS",
                                ludomat_io::text::quoted(w.text, 60)
                            ),
                        )
                    })?;
                    let ticks: u32 = v.parse().ok().filter(|t| *t <= 10_000).ok_or_else(|| {
                        self.err(
                            w.column + k.len() + 1,
                            format!(
                                "{} is not a number of ticks (0 … 10000)",
                                ludomat_io::text::quoted(v, 60)
                            ),
                        )
                    })?;
                    match k {
                        "pull_in" => pull_in = Some(ticks),
                        "drop_out" => drop_out = Some(ticks),
                        _ => {
                            return Err(self.err(
                                w.column,
                                format!(
                                    "unknown relay setting {}: use pull_in or drop_out",
                                    ludomat_io::text::quoted(k, 60)
                                ),
                            ))
                        }
                    }
                }
                Ok(Item::Relay {
                    name: ws[1].text.into(),
                    coil: self.net(ws[2])?,
                    pull_in,
                    drop_out,
                    interrupter,
                })
            }
            "make" | "break" | "changeover" => {
                let kind = match key.text {
                    "make" => SpringKind::Make,
                    "break" => SpringKind::Break,
                    _ => SpringKind::Changeover,
                };
                let usage = if kind == SpringKind::Changeover {
                    "changeover ACTUATOR SPRING COMMON RELEASED OPERATED"
                } else {
                    "make|break ACTUATOR SPRING NET NET"
                };
                self.arity(
                    ws,
                    if kind == SpringKind::Changeover { 6 } else { 5 },
                    usage,
                )?;
                let actuator = ws[1];
                let kind_of = self.names.get(actuator.text).map(|k| k.0);
                match kind_of {
                    Some(Kind::Relay | Kind::Button) => {}
                    Some(Kind::Uniselector) => {
                        return Err(self.err(
                            actuator.column,
                            format!(
                                "{} is a uniselector: its contacts are banks, not springs",
                                ludomat_io::text::quoted(actuator.text, 60)
                            ),
                        ))
                    }
                    None => {
                        return Err(self.err(
                            actuator.column,
                            format!(
                                "no relay or button {} is declared before this line",
                                ludomat_io::text::quoted(actuator.text, 60)
                            ),
                        ))
                    }
                }
                let spring = ws[2];
                let k = (actuator.text.to_string(), spring.text.to_string());
                if let Some(l) = self.springs.get(&k) {
                    return Err(self.err(
                        spring.column,
                        format!(
                            "{}-{} is already wired at {}",
                            actuator.text,
                            spring.text,
                            ludomat_io::text::line(*l)
                        ),
                    ));
                }
                self.springs.insert(k, self.line);
                let n = {
                    let n = self.switches.entry(actuator.text.to_string()).or_insert(0);
                    *n += 1;
                    *n
                };
                if kind_of == Some(Kind::Relay) && n > MAX_SWITCHES {
                    return Err(self.err(
                        spring.column,
                        format!(
                            "relay {} would carry {n} switches; a type 3000 relay carries at \
                             most {MAX_SWITCHES}",
                            actuator.text
                        ),
                    ));
                }
                let nets = ws[3..]
                    .iter()
                    .map(|w| self.net(*w))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Item::Contact {
                    kind,
                    actuator: actuator.text.into(),
                    spring: spring.text.into(),
                    nets,
                })
            }
            "wire" => {
                self.arity(ws, 3, "wire NET NET")?;
                Ok(Item::Wire(self.net(ws[1])?, self.net(ws[2])?))
            }
            "diode" => {
                self.arity(ws, 3, "diode ANODE CATHODE")?;
                Ok(Item::Diode(self.net(ws[1])?, self.net(ws[2])?))
            }
            "lamp" => {
                self.arity(ws, 3, "lamp NAME NET")?;
                Ok(Item::Lamp(ws[1].text.into(), self.net(ws[2])?))
            }
            "uniselector" => {
                self.arity(ws, 4, "uniselector NAME POSITIONS MAGNET-NET")?;
                let positions: usize = ws[2]
                    .text
                    .parse()
                    .ok()
                    .filter(|p| (2..=MAX_POSITIONS).contains(p))
                    .ok_or_else(|| {
                        self.err(
                            ws[2].column,
                            format!(
                                "{} is not a number of positions (2 … {MAX_POSITIONS})",
                                ludomat_io::text::quoted(ws[2].text, 60)
                            ),
                        )
                    })?;
                self.declare(ws[1], Kind::Uniselector)?;
                self.positions.insert(ws[1].text.into(), positions);
                Ok(Item::Uniselector {
                    name: ws[1].text.into(),
                    positions,
                    magnet: self.net(ws[3])?,
                })
            }
            "bank" | "homing" => {
                let sel = ws.get(1).copied();
                let positions = sel.and_then(|s| self.positions.get(s.text).copied());
                if key.text == "homing" {
                    self.arity(ws, 3, "homing UNISELECTOR NET")?;
                }
                let (Some(sel), Some(positions)) = (sel, positions) else {
                    let col = sel.map_or(key.column + key.text.len() + 1, |s| s.column);
                    return Err(self.err(
                        col,
                        format!(
                            "no uniselector {} is declared before this line",
                            ludomat_io::text::quoted(sel.map_or("", |s| s.text), 60)
                        ),
                    ));
                };
                if key.text == "homing" {
                    return Ok(Item::Homing(sel.text.into(), self.net(ws[2])?));
                }
                let Some(wiper) = ws.get(2) else {
                    return Err(self.err(
                        sel.column + sel.text.len(),
                        "too few words: expected 'bank UNISELECTOR WIPER-NET C0 C1 …'",
                    ));
                };
                let contacts = &ws[3..];
                if contacts.len() != positions {
                    let col = contacts
                        .get(positions)
                        .map_or(ws[ws.len() - 1].column, |w| w.column);
                    return Err(self.err(
                        col,
                        format!(
                            "uniselector {} has {positions} positions but this bank lists {} \
                             contacts (use '-' for an unwired one)",
                            sel.text,
                            contacts.len()
                        ),
                    ));
                }
                Ok(Item::Bank {
                    uniselector: sel.text.into(),
                    wiper: self.net(*wiper)?,
                    contacts: contacts
                        .iter()
                        .map(|w| (w.text != "-").then(|| w.text.to_string()))
                        .collect(),
                })
            }
            other => Err(self.err(
                key.column,
                format!(
                    "unknown statement {}: expected supply, button, relay, make, break, \
                     changeover, wire, diode, lamp, uniselector, bank or homing",
                    ludomat_io::text::quoted(other, 60)
                ),
            )),
        }
    }
}

impl Netlist {
    /// Parse a netlist.
    ///
    /// # Errors
    /// The first malformed line: its number, the column and what is wrong.
    pub fn parse(text: &str) -> Result<Netlist, NetlistError> {
        let mut p = Parser {
            line: 0,
            names: HashMap::new(),
            springs: HashMap::new(),
            switches: HashMap::new(),
            positions: HashMap::new(),
        };
        if text.starts_with('\u{feff}') {
            return Err(NetlistError {
                line: 1,
                column: 1,
                message: ludomat_io::error::byte_order_mark("a netlist"),
            });
        }
        let mut statements = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            p.line = i + 1;
            let code = raw.split_once('#').map_or(raw, |(c, _)| c);
            let ws = words(code);
            if ws.is_empty() {
                continue;
            }
            let item = p.statement(&ws)?;
            statements.push(Statement { line: p.line, item });
        }
        Ok(Netlist { statements })
    }

    /// Every relay: its name, coil net and line.
    pub fn relays(&self) -> impl Iterator<Item = (&str, &str, usize)> {
        self.statements.iter().filter_map(|s| match &s.item {
            Item::Relay { name, coil, .. } => Some((name.as_str(), coil.as_str(), s.line)),
            _ => None,
        })
    }

    /// The contacts moved by `actuator`: (kind, spring, nets).
    pub fn contacts_of<'a>(
        &'a self,
        actuator: &'a str,
    ) -> impl Iterator<Item = (SpringKind, &'a str, &'a [String])> + 'a {
        self.statements.iter().filter_map(move |s| match &s.item {
            Item::Contact {
                kind,
                actuator: a,
                spring,
                nets,
            } if a == actuator => Some((*kind, spring.as_str(), nets.as_slice())),
            _ => None,
        })
    }

    /// The circuit relay by relay: each relay with the nets feeding its coil (every
    /// contact that touches the coil net) and its own switches.
    #[must_use]
    pub fn by_relay(&self) -> String {
        let mut out = String::new();
        for (name, coil, line) in self.relays() {
            out.push_str(&format!(
                "relay {name} ({}), coil on {coil}\n",
                ludomat_io::text::line(line)
            ));
            let feeds: Vec<String> = self
                .statements
                .iter()
                .filter_map(|s| match &s.item {
                    Item::Contact {
                        actuator,
                        spring,
                        nets,
                        ..
                    } if nets.iter().any(|n| n == coil) => Some(format!("{actuator}-{spring}")),
                    Item::Wire(a, b) if a == coil || b == coil => Some(format!("wire {a} {b}")),
                    _ => None,
                })
                .collect();
            if !feeds.is_empty() {
                out.push_str(&format!("  coil fed through {}\n", feeds.join(", ")));
            }
            for (kind, spring, nets) in self.contacts_of(name) {
                out.push_str(&format!(
                    "  {name}-{spring:<3} {kind:<10} {}\n",
                    nets.join(" ")
                ));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> NetlistError {
        match Netlist::parse(text) {
            Err(e) => e,
            Ok(n) => panic!("parsed: {n:?}"),
        }
    }

    #[test]
    fn parses_every_statement() {
        let n = Netlist::parse(
            "supply +   # the rail\nbutton B\nrelay R r.coil pull_in=2\n\
             make B T1 + r.coil\nchangeover R T2 r.coil x y\nwire x y2\nlamp L y\n\
             uniselector U 3 mag\nbank U + - a b\nhoming U y\ndiode a y\n",
        )
        .unwrap();
        assert_eq!(n.statements.len(), 11);
        assert_eq!(n.statements[2].line, 3);
        assert!(matches!(
            n.statements[2].item,
            Item::Relay {
                pull_in: Some(2),
                drop_out: None,
                ..
            }
        ));
        assert!(n.by_relay().contains("coil fed through B-T1, R-T2"));
    }

    #[test]
    fn errors_name_line_column_and_fault() {
        let e = err("supply +\n\nrelay R c\nmake Q T1 + c\n");
        assert_eq!((e.line, e.column), (4, 6));
        assert!(e.message.contains("no relay or button 'Q'"), "{e}");
        // an invisible character in a declared name is named where it is declared
        let e = err("supply +\nbutton RESET\u{200b}\n");
        assert_eq!((e.line, e.column), (2, 13));
        assert!(
            e.message
                .starts_with("the name 'RESET\\u{200b}' has a zero-width space (U+200B) in it"),
            "{e}"
        );
        let e = err("relay R c\nmake R T1 a b\nbreak R T1 a b\n");
        assert_eq!((e.line, e.column), (3, 9));
        assert!(e.message.contains("R-T1 is already wired at line 2"), "{e}");
        let e = err("relay R c\n  frob R\n");
        assert_eq!((e.line, e.column), (2, 3));
        assert!(e.message.contains("unknown statement 'frob'"), "{e}");
        // a byte-order mark is named, as in every file that does not allow one
        let e = Netlist::parse("\u{feff}supply V\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "netlist line 1, column 1: a byte-order mark (U+FEFF), which a netlist does not \
             allow: save the file as UTF-8 without one"
        );
        let e = err("relay R c\nmake R T1 a\n");
        assert!(e.message.contains("too few words"), "{e}");
        let e = err("relay R c pull_in=x\n");
        assert!(e.message.contains("'x' is not a number of ticks"), "{e}");
        let e = err("uniselector U 3 m\nbank U w a b\n");
        assert!(
            e.message.contains("has 3 positions but this bank lists 2"),
            "{e}"
        );
        let e = err("bank U w a b\n");
        assert!(e.message.contains("no uniselector 'U'"), "{e}");
        let e = err("relay R c\nrelay R d\n");
        assert!(e.message.contains("already declared at line 1"), "{e}");
        let mut nine = String::from("relay R c\n");
        for i in 1..=9 {
            nine.push_str(&format!("make R S{i} a b\n"));
        }
        let e = err(&nine);
        assert_eq!(e.line, 10);
        assert!(e.message.contains("at most 8"), "{e}");
        assert_eq!(
            e.to_string(),
            "netlist line 10, column 8: relay R would carry 9 switches; a type 3000 relay \
             carries at most 8"
        );
    }
}
