//! Two squares of a noughts-and-crosses input latch, built from relays.
//!
//! Each square has an X relay and an O relay. A player's button reaches a square's relay
//! only when it is that player's turn (a contact of the turn relay) and only while the
//! other player's relay of that square is released (the interlock). A relay that has
//! operated holds itself from the latch bus through a changeover (its make side feeds the
//! coil from the bus, its break side disconnects the button path, so a held button cannot
//! sneak current into another square) and lights its lamp. The turn relay T is energised
//! through a parity chain of changeover contacts on every mark relay: an odd number of
//! marks means O is to play. RESET (a break contact) opens the latch bus: every mark
//! drops, the parity becomes even, T releases, X is to play.
//!
//! This is the pattern of a relay machine's board memory (the Computox's input panel) in
//! miniature; all relays start unknown, as in the seed's logic graphs, until RESET.

use super::{ButtonId, Delays, LampId, NetId, RelayCircuit, RelayError, RelayId};
use crate::Ternary;

/// One step of [`TwoSquares::demo`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SquaresStep {
    /// What was done.
    pub label: &'static str,
    /// The lamps after it: X0, O0, X1, O1.
    pub lamps: [Ternary; 4],
    /// The turn relay T (operated: O to play).
    pub turn: Ternary,
}

/// The circuit and the handles to its parts.
#[derive(Debug, Clone)]
pub struct TwoSquares {
    /// The relay circuit.
    pub circuit: RelayCircuit,
    /// RESET (break contact in the latch bus).
    pub reset: ButtonId,
    /// X's button for square 0 and 1.
    pub x_buttons: [ButtonId; 2],
    /// O's button for square 0 and 1.
    pub o_buttons: [ButtonId; 2],
    /// X relays.
    pub x_relays: [RelayId; 2],
    /// O relays.
    pub o_relays: [RelayId; 2],
    /// The turn relay: operated when O is to play.
    pub turn: RelayId,
    /// X lamps.
    pub x_lamps: [LampId; 2],
    /// O lamps.
    pub o_lamps: [LampId; 2],
}

impl TwoSquares {
    /// Build it with these relay delays.
    #[must_use]
    pub fn new(delays: Delays) -> TwoSquares {
        let mut c = RelayCircuit::new();
        let plus = c.supply("+");
        let bus = c.net("latch bus");
        let reset = c.button("RESET");
        c.break_contact(reset, plus, bus);
        let t_coil = c.net("T coil");
        let turn = c.relay("T", t_coil, delays);
        let x_turn = c.net("X to play");
        let o_turn = c.net("O to play");
        c.changeover(turn, bus, x_turn, o_turn);

        let mark = |c: &mut RelayCircuit, player: &str, k: usize, feed: NetId| {
            let coil = c.net(format!("{player}{k} coil"));
            let relay = c.relay(format!("{player}{k}"), coil, delays);
            let pressed = c.net(format!("{player}{k} button"));
            let path = c.net(format!("{player}{k} path"));
            let button = c.button(format!("{player}{k}"));
            c.make_contact(button, feed, pressed);
            // The latch: released → button path, operated → latch bus.
            c.changeover(relay, coil, path, bus);
            let lamp_net = c.net(format!("{player}{k} lamp"));
            c.make_contact(relay, plus, lamp_net);
            let lamp = c.lamp(format!("{player}{k}"), lamp_net);
            (relay, button, pressed, path, lamp)
        };
        let mut xs = Vec::new();
        let mut os = Vec::new();
        for k in 0..2 {
            xs.push(mark(&mut c, "X", k, x_turn));
            os.push(mark(&mut c, "O", k, o_turn));
        }
        // Interlocks: X's path passes O's break contact of the same square, and vice versa.
        for k in 0..2 {
            c.break_contact(os[k].0, xs[k].2, xs[k].3);
            c.break_contact(xs[k].0, os[k].2, os[k].3);
        }
        // Parity chain: even rail starts on +; each mark relay swaps the rails.
        let mut even = plus;
        let mut odd = c.net("odd 0");
        let order = [xs[0].0, os[0].0, xs[1].0, os[1].0];
        for (i, &r) in order.iter().enumerate() {
            let e = c.net(format!("even {}", i + 1));
            let o = if i + 1 == order.len() {
                t_coil
            } else {
                c.net(format!("odd {}", i + 1))
            };
            c.changeover(r, even, e, o);
            c.changeover(r, odd, o, e);
            even = e;
            odd = o;
        }
        TwoSquares {
            circuit: c,
            reset,
            x_buttons: [xs[0].1, xs[1].1],
            o_buttons: [os[0].1, os[1].1],
            x_relays: [xs[0].0, xs[1].0],
            o_relays: [os[0].0, os[1].0],
            turn,
            x_lamps: [xs[0].4, xs[1].4],
            o_lamps: [os[0].4, os[1].4],
        }
    }

    /// Press and release a button, settling after each.
    pub fn push(&mut self, b: ButtonId) -> Result<(), RelayError> {
        self.circuit.press(b);
        self.circuit.settle()?;
        self.circuit.release(b);
        self.circuit.settle()?;
        Ok(())
    }

    /// The demonstration `ludomat logic squares` shows: switched on (everything
    /// unknown), RESET, O out of turn, X, X out of turn, O on X's square (the interlock),
    /// O, RESET — the circuit, and each step's label and lamps and turn relay after it.
    ///
    /// # Errors
    /// A circuit that does not settle.
    pub fn demo(delays: Delays) -> Result<(TwoSquares, Vec<SquaresStep>), RelayError> {
        let mut b = TwoSquares::new(delays);
        b.circuit.settle()?;
        let step = |b: &TwoSquares, label| SquaresStep {
            label,
            lamps: b.lamps(),
            turn: b.circuit.armature(b.turn),
        };
        let mut steps = vec![step(&b, "power on")];
        let script = [
            ("RESET", b.reset),
            ("O presses square 1 (not O's turn)", b.o_buttons[1]),
            ("X presses square 0", b.x_buttons[0]),
            ("X presses square 1 (not X's turn)", b.x_buttons[1]),
            ("O presses square 0 (interlock)", b.o_buttons[0]),
            ("O presses square 1", b.o_buttons[1]),
            ("RESET", b.reset),
        ];
        for (label, button) in script {
            b.push(button)?;
            steps.push(step(&b, label));
        }
        Ok((b, steps))
    }

    /// The lamps as (X0, O0, X1, O1).
    #[must_use]
    pub fn lamps(&self) -> [Ternary; 4] {
        let c = &self.circuit;
        [
            c.lamp_state(self.x_lamps[0]),
            c.lamp_state(self.o_lamps[0]),
            c.lamp_state(self.x_lamps[1]),
            c.lamp_state(self.o_lamps[1]),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Ternary::{False as F, True as T, Unknown as X};

    fn behaves_as_a_latch(delays: Delays) {
        let mut b = TwoSquares::new(delays);
        b.circuit.settle().unwrap();
        // Power-on: nothing known.
        assert_eq!(b.lamps(), [X, X, X, X]);
        assert_eq!(b.circuit.armature(b.turn), X);
        // A button pressed while the state is unknown settles nothing.
        b.push(b.x_buttons[0]).unwrap();
        assert_eq!(b.circuit.armature(b.turn), X);
        // RESET clears everything: X to play.
        b.push(b.reset).unwrap();
        assert_eq!(b.lamps(), [F, F, F, F]);
        assert_eq!(b.circuit.armature(b.turn), F);
        // O cannot play first.
        b.push(b.o_buttons[1]).unwrap();
        assert_eq!(b.lamps(), [F, F, F, F]);
        // X takes square 0; the lamp stays lit after the button is released; O to play.
        b.push(b.x_buttons[0]).unwrap();
        assert_eq!(b.lamps(), [T, F, F, F]);
        assert_eq!(b.circuit.armature(b.turn), T);
        // X cannot play twice.
        b.push(b.x_buttons[1]).unwrap();
        assert_eq!(b.lamps(), [T, F, F, F]);
        // O cannot take X's square (interlock).
        b.push(b.o_buttons[0]).unwrap();
        assert_eq!(b.lamps(), [T, F, F, F]);
        assert_eq!(b.circuit.armature(b.turn), T);
        // O takes square 1: X to play again.
        b.push(b.o_buttons[1]).unwrap();
        assert_eq!(b.lamps(), [T, F, F, T]);
        assert_eq!(b.circuit.armature(b.turn), F);
        // X holding square 0's button while pressing square 1's: no sneak path (the
        // board is full anyway) — nothing changes.
        b.circuit.press(b.x_buttons[0]);
        b.circuit.press(b.x_buttons[1]);
        b.circuit.settle().unwrap();
        assert_eq!(b.lamps(), [T, F, F, T]);
        b.circuit.release(b.x_buttons[0]);
        b.circuit.release(b.x_buttons[1]);
        // RESET: a fresh board.
        b.push(b.reset).unwrap();
        assert_eq!(b.lamps(), [F, F, F, F]);
        assert_eq!(b.circuit.armature(b.turn), F);
        // Holding square 0's X button (after marking it) cannot mark square 1 too.
        b.circuit.press(b.x_buttons[0]);
        b.circuit.settle().unwrap();
        b.circuit.press(b.x_buttons[1]);
        b.circuit.settle().unwrap();
        assert_eq!(b.lamps(), [T, F, F, F]);
    }

    #[test]
    fn two_squares_behave_as_a_latch() {
        behaves_as_a_latch(Delays::default());
    }

    #[test]
    fn two_squares_behave_as_a_latch_with_real_delays() {
        behaves_as_a_latch(Delays::new(2, 3));
    }
}
