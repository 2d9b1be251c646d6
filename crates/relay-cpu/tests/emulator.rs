//! The fast pre-decoded loop ([`Machine::run`]) against the reference executor
//! ([`Machine::step`]) on random ROMs — every word, reserved ones included.

use ludomat_relay_cpu::{Instruction, Key, Machine, Rom, Stop};
use proptest::prelude::*;

/// Run `m` for `budget` steps with `fast` or step by step; halts are answered with a key
/// or Start in turn. Returns every stop.
fn drive(m: &mut Machine, budget: u64, fast: bool) -> Vec<Stop> {
    drive_chunked(m, budget, fast, u64::MAX)
}

/// As [`drive`], the fast loop given at most `chunk` steps per call.
fn drive_chunked(m: &mut Machine, budget: u64, fast: bool, chunk: u64) -> Vec<Stop> {
    let mut stops = Vec::new();
    let mut wakes = 0u8;
    while m.steps() < budget && stops.len() < 50 {
        let stop = if fast {
            loop {
                let s = m.run((budget - m.steps()).min(chunk));
                if s != Stop::StepLimit || m.steps() >= budget {
                    break s;
                }
            }
        } else {
            loop {
                if let Some(s) = m.step().stop {
                    break s;
                }
                if m.steps() >= budget {
                    break Stop::StepLimit;
                }
            }
        };
        stops.push(stop);
        match stop {
            Stop::Halted => {
                wakes = wakes.wrapping_add(1);
                if wakes.is_multiple_of(2) {
                    m.press_start();
                } else {
                    m.press_key(Key::new(wakes % 10).unwrap());
                }
            }
            _ => break,
        }
    }
    stops
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn fast_loop_matches_reference(
        words in prop::collection::vec(any::<u16>(), 1..64),
        switches in any::<[u8; 2]>(),
        budget in 1u64..3000,
        chunk in 1u64..40,
    ) {
        let rom = Rom::standard(&words).unwrap();
        let mut a = Machine::new(rom.clone());
        a.set_switches(switches);
        let mut b = a.clone();
        let mut c = a.clone();
        let sa = drive(&mut a, budget, true);
        let sb = drive(&mut b, budget, false);
        let sc = drive_chunked(&mut c, budget, true, chunk);
        prop_assert_eq!(&sa, &sb);
        prop_assert_eq!(sa, sc);
        prop_assert_eq!(a.registers(), c.registers());
        prop_assert_eq!(a.ticks(), c.ticks());
        prop_assert_eq!(a.registers(), b.registers());
        prop_assert_eq!(a.flags(), b.flags());
        prop_assert_eq!(a.steps(), b.steps());
        prop_assert_eq!(a.ticks(), b.ticks());
        prop_assert_eq!(a.teletype(), b.teletype());
        prop_assert_eq!(a.is_halted(), b.is_halted());
    }

    /// Only documented instructions, so runs go on long (loops, calls, PC as data).
    #[test]
    fn fast_loop_matches_reference_documented_words(
        words in prop::collection::vec(
            any::<u16>().prop_filter("documented", |&w| Instruction::decode(w).is_ok()),
            1..64,
        ),
        switches in any::<[u8; 2]>(),
        budget in 1u64..5000,
        chunk in 1u64..100,
    ) {
        let rom = Rom::standard(&words).unwrap();
        let mut a = Machine::new(rom);
        a.set_switches(switches);
        let mut b = a.clone();
        let mut c = a.clone();
        let sa = drive(&mut a, budget, true);
        let sb = drive(&mut b, budget, false);
        let sc = drive_chunked(&mut c, budget, true, chunk);
        prop_assert_eq!(&sa, &sb);
        prop_assert_eq!(&sa, &sc);
        for m in [&b, &c] {
            prop_assert_eq!(a.registers(), m.registers());
            prop_assert_eq!(a.flags(), m.flags());
            prop_assert_eq!(a.steps(), m.steps());
            prop_assert_eq!(a.ticks(), m.ticks());
            prop_assert_eq!(a.teletype(), m.teletype());
        }
    }

    /// Random words are mostly ALU and conditional group; bias toward the low classes
    /// (MOV/LOAD/STORE, PC as operand) too.
    #[test]
    fn fast_loop_matches_reference_low_classes(
        words in prop::collection::vec(0u16..0x4000, 1..64),
        budget in 1u64..3000,
    ) {
        let rom = Rom::standard(&words).unwrap();
        let mut a = Machine::new(rom);
        let mut b = a.clone();
        let sa = drive(&mut a, budget, true);
        let sb = drive(&mut b, budget, false);
        prop_assert_eq!(sa, sb);
        prop_assert_eq!(a.registers(), b.registers());
        prop_assert_eq!(a.flags(), b.flags());
        prop_assert_eq!(a.steps(), b.steps());
        prop_assert_eq!(a.ticks(), b.ticks());
        prop_assert_eq!(a.teletype(), b.teletype());
    }
}
