//! [`Circuit`]: a netlist built into a relay circuit of the logic crate, with handles to
//! the parts the Computox's controls and lamps need.

use std::collections::HashMap;

use ludomat_logic::relay::{ButtonId, Delays, LampId, NetId, RelayCircuit, RelayId, UniselectorId};

use super::netlist::{Item, Netlist, SpringKind};
use super::timing::Timing;
use crate::Square;

/// A netlist that parses but is not a Computox.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// A part the machine needs is missing.
    #[error(
        "the netlist has no {kind} '{}', which the Computox needs ({role})",
        ludomat_io::text::escape_controls(name)
    )]
    Missing {
        /// relay, button, lamp or uniselector.
        kind: &'static str,
        /// Its name.
        name: String,
        /// What it is for.
        role: &'static str,
    },
}

/// Why a netlist file (`--netlist t.net`) is not a Computox, its name said first.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetlistFileError {
    /// It does not parse.
    #[error("in {0}: {1}")]
    Parse(String, super::netlist::NetlistError),
    /// It parses, but a part the machine needs is missing: the parts come in the built-in
    /// netlist's order, so a file cut short misses the last ones.
    #[error("{0}: {1}: the file may be cut short")]
    Missing(String, BuildError),
}

/// A netlist file's text (`name`: the file as shown) checked before any work: it parses,
/// and it has every part the Computox needs (built with the default timing).
///
/// # Errors
/// [`NetlistFileError`], naming the file.
pub fn check_netlist_file(name: &str, text: &str) -> Result<Netlist, NetlistFileError> {
    let netlist = Netlist::parse(text).map_err(|e| NetlistFileError::Parse(name.into(), e))?;
    Circuit::build(&netlist, Timing::default())
        .map_err(|e| NetlistFileError::Missing(name.into(), e))?;
    Ok(netlist)
}

/// The four occupancy relays, the button and the two lamps of one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SquareParts {
    /// `*XA`: the human's latch.
    pub xa: RelayId,
    /// `*XB`: its slave.
    pub xb: RelayId,
    /// `*OA`: the machine's latch.
    pub oa: RelayId,
    /// `*OB`: its slave.
    pub ob: RelayId,
    /// The human's button `PB-*`.
    pub button: ButtonId,
    /// The X lamp `*-X`.
    pub x_lamp: LampId,
    /// The O lamp `*-O`.
    pub o_lamp: LampId,
}

/// Handles to every part the simulation drives or reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parts {
    /// Per square, in [`Square::ALL`] order.
    pub squares: [SquareParts; 9],
    /// The player relay: operated on the machine's turn.
    pub t: RelayId,
    /// OS: the machine started.
    pub os: RelayId,
    /// X: beatable.
    pub x: RelayId,
    /// W: the machine has a line.
    pub w: RelayId,
    /// L: the human has a line.
    pub l: RelayId,
    /// The game counter's magnet.
    pub counter: RelayId,
    /// RESET.
    pub reset: ButtonId,
    /// OS-INP, the machine-first button.
    pub machine_first: ButtonId,
    /// The secret micro-switch.
    pub secret: ButtonId,
    /// The four hidden MODE switches.
    pub mode: [ButtonId; 4],
    /// The W lamp, the L lamp, the bell.
    pub w_lamp: LampId,
    /// The L lamp.
    pub l_lamp: LampId,
    /// The bell.
    pub bell: LampId,
    /// The main uniselector.
    pub u1: UniselectorId,
    /// SAL.
    pub sal: UniselectorId,
}

/// A netlist built into a [`RelayCircuit`], every relay released and every uniselector
/// position unknown until [`Circuit::power_on`] says otherwise.
#[derive(Debug, Clone)]
pub struct Circuit {
    /// The relay circuit.
    pub relays: RelayCircuit,
    /// The parts.
    pub parts: Parts,
    /// The timing it was built with.
    pub timing: Timing,
}

/// Union-find over net names for `wire` statements: the name a net is built under.
fn canonical(alias: &HashMap<String, String>, name: &str) -> String {
    let mut n = name;
    while let Some(p) = alias.get(n) {
        n = p;
    }
    n.to_string()
}

impl Circuit {
    /// Build `netlist` with `timing`.
    ///
    /// # Errors
    /// [`BuildError::Missing`] when a part the Computox needs is not in the netlist.
    pub fn build(netlist: &Netlist, timing: Timing) -> Result<Circuit, BuildError> {
        let mut alias: HashMap<String, String> = HashMap::new();
        for s in &netlist.statements {
            if let Item::Wire(a, b) = &s.item {
                let (ra, rb) = (canonical(&alias, a), canonical(&alias, b));
                if ra != rb {
                    alias.insert(rb, ra);
                }
            }
        }
        let mut c = RelayCircuit::new();
        let mut nets: HashMap<String, NetId> = HashMap::new();
        let mut net = |c: &mut RelayCircuit, name: &str| -> NetId {
            let name = canonical(&alias, name);
            if let Some(id) = nets.get(&name) {
                return *id;
            }
            let id = c.net(name.clone());
            nets.insert(name, id);
            id
        };
        let mut relays: HashMap<&str, RelayId> = HashMap::new();
        let mut buttons: HashMap<&str, ButtonId> = HashMap::new();
        let mut lamps: HashMap<&str, LampId> = HashMap::new();
        let mut sels: HashMap<&str, UniselectorId> = HashMap::new();
        for s in &netlist.statements {
            match &s.item {
                Item::Supply(n) => {
                    let id = net(&mut c, n);
                    c.make_supply(id);
                }
                Item::Button(name) => {
                    buttons.insert(name, c.button(name.clone()));
                }
                Item::Relay {
                    name,
                    coil,
                    pull_in,
                    drop_out,
                    interrupter,
                } => {
                    let base = if *interrupter {
                        Delays::new(timing.step, 0)
                    } else {
                        timing.relay
                    };
                    let d = Delays::new(
                        pull_in.unwrap_or(base.pull_in),
                        drop_out.unwrap_or(base.drop_out),
                    );
                    let coil = net(&mut c, coil);
                    relays.insert(name, c.relay(name.clone(), coil, d));
                }
                Item::Contact {
                    kind,
                    actuator,
                    nets: ns,
                    ..
                } => {
                    let ids: Vec<NetId> = ns.iter().map(|n| net(&mut c, n)).collect();
                    let act: ludomat_logic::relay::Actuator = match (
                        relays.get(actuator.as_str()),
                        buttons.get(actuator.as_str()),
                    ) {
                        (Some(r), _) => (*r).into(),
                        (None, Some(b)) => (*b).into(),
                        // The parser has checked the actuator is declared.
                        (None, None) => continue,
                    };
                    match (kind, ids.as_slice()) {
                        (SpringKind::Make, [a, b]) => {
                            c.make_contact(act, *a, *b);
                        }
                        (SpringKind::Break, [a, b]) => {
                            c.break_contact(act, *a, *b);
                        }
                        (SpringKind::Changeover, [common, rel, op]) => {
                            c.break_contact(act, *common, *rel);
                            c.make_contact(act, *common, *op);
                        }
                        _ => {}
                    }
                }
                Item::Wire(..) => {}
                Item::Diode(a, k) => {
                    let (a, k) = (net(&mut c, a), net(&mut c, k));
                    c.diode(a, k);
                }
                Item::Lamp(name, n) => {
                    let id = net(&mut c, n);
                    lamps.insert(name, c.lamp(name.clone(), id));
                }
                Item::Uniselector {
                    name,
                    positions,
                    magnet,
                } => {
                    let m = net(&mut c, magnet);
                    sels.insert(name, c.uniselector(name.clone(), *positions, m));
                }
                Item::Bank {
                    uniselector,
                    wiper,
                    contacts,
                } => {
                    let w = net(&mut c, wiper);
                    let cs: Vec<Option<NetId>> = contacts
                        .iter()
                        .map(|n| n.as_ref().map(|n| net(&mut c, n)))
                        .collect();
                    if let Some(u) = sels.get(uniselector.as_str()) {
                        c.bank(*u, w, &cs);
                    }
                }
                Item::Homing(sel, n) => {
                    let id = net(&mut c, n);
                    if let Some(u) = sels.get(sel.as_str()) {
                        c.homing(*u, id);
                    }
                }
            }
        }
        let relay = |name: String, role: &'static str| {
            relays
                .get(name.as_str())
                .copied()
                .ok_or(BuildError::Missing {
                    kind: "relay",
                    name,
                    role,
                })
        };
        let button = |name: String, role: &'static str| {
            buttons
                .get(name.as_str())
                .copied()
                .ok_or(BuildError::Missing {
                    kind: "button",
                    name,
                    role,
                })
        };
        let lamp = |name: String, role: &'static str| {
            lamps
                .get(name.as_str())
                .copied()
                .ok_or(BuildError::Missing {
                    kind: "lamp",
                    name,
                    role,
                })
        };
        let sel = |name: &str, role: &'static str| {
            sels.get(name).copied().ok_or(BuildError::Missing {
                kind: "uniselector",
                name: name.into(),
                role,
            })
        };
        let mut squares = Vec::with_capacity(9);
        for q in Square::ALL {
            squares.push(SquareParts {
                xa: relay(format!("{q}XA"), "the human's occupancy latch")?,
                xb: relay(format!("{q}XB"), "the slave of *XA")?,
                oa: relay(format!("{q}OA"), "the machine's occupancy latch")?,
                ob: relay(format!("{q}OB"), "the slave of *OA")?,
                button: button(format!("PB-{q}"), "the human's square button")?,
                x_lamp: lamp(format!("{q}-X"), "the square's X lamp")?,
                o_lamp: lamp(format!("{q}-O"), "the square's O lamp")?,
            });
        }
        let squares: [SquareParts; 9] = match squares.try_into() {
            Ok(s) => s,
            Err(_) => unreachable!("nine squares"),
        };
        let parts = Parts {
            squares,
            t: relay("T".into(), "the player relay")?,
            os: relay("OS".into(), "machine starts")?,
            x: relay("X".into(), "beatable")?,
            w: relay("W".into(), "the machine's line")?,
            l: relay("L".into(), "the human's line")?,
            counter: relay("CTR".into(), "the game counter magnet")?,
            reset: button("RESET".into(), "new game")?,
            machine_first: button("MACHINE-FIRST".into(), "OS-INP")?,
            secret: button("SECRET".into(), "the secret micro-switch")?,
            mode: [
                button("MODE1".into(), "a hidden MODE switch")?,
                button("MODE2".into(), "a hidden MODE switch")?,
                button("MODE3".into(), "a hidden MODE switch")?,
                button("MODE4".into(), "a hidden MODE switch")?,
            ],
            w_lamp: lamp("W".into(), "the W lamp")?,
            l_lamp: lamp("L".into(), "the L lamp")?,
            bell: lamp("BELL".into(), "the bell")?,
            u1: sel("U1", "the main uniselector")?,
            sal: sel("SAL", "the second uniselector")?,
        };
        Ok(Circuit {
            relays: c,
            parts,
            timing,
        })
    }

    /// The parts of square `q`.
    #[must_use]
    pub fn square(&self, q: Square) -> &SquareParts {
        &self.parts.squares[q.index()]
    }
}

#[cfg(test)]
mod file_tests {
    /// A netlist file cut short is named, and said to be perhaps cut short.
    #[test]
    fn a_cut_netlist_file_is_named() {
        let full = super::super::COMPUTOX_NET;
        super::check_netlist_file("t.net", full).unwrap();
        let cut = &full[..=full[..2000].rfind('\n').unwrap()];
        let e = super::check_netlist_file("t.net", cut)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("t.net: the netlist has no "), "{e}");
        assert!(e.ends_with(": the file may be cut short"), "{e}");
        let e = super::check_netlist_file("t.net", "frob\n")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("in t.net: netlist line 1"), "{e}");
    }
}
