//! `programs/relay/busy.asm` for a number of instructions on the fast loop or the previous
//! one, printing the machine's state and the CPU time: the program behind the callgrind
//! and timing figures in BENCHMARKS.md.
//!
//! `cargo run --release -p ludomat-relay-cpu --example busy -- 1e9 [fast|reference]`

use ludomat_game::run::cpu;
use ludomat_relay_cpu::{roms, Machine, Rom};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let steps = match args.next() {
        Some(s) => ludomat_game::count::parse_count(&s, 1_000_000_000_000, "steps")?,
        None => 100_000_000,
    };
    let reference = match args.next().as_deref() {
        None | Some("fast") => false,
        Some("reference") => true,
        Some(other) => return Err(format!("'{other}': fast or reference").into()),
    };
    let mut m = Machine::new(Rom::standard(&roms::busy_words())?);
    let t0 = cpu::thread();
    let stop = if reference {
        m.run_reference(steps)
    } else {
        m.run(steps)
    };
    let cpu = (cpu::thread() - t0).as_secs_f64();
    ludomat_io::outln!(
        "{} loop: {stop:?} after {} instructions, {} ticks; registers {:02x?}, flags {}, {} printed",
        if reference { "reference" } else { "fast" },
        m.steps(),
        m.ticks(),
        m.registers(),
        m.flags(),
        m.teletype().printed().len()
    );
    ludomat_io::outln!(
        "CPU time {cpu:.3} s = {:.1} M instructions per CPU-second",
        m.steps() as f64 / cpu / 1e6
    );
    Ok(())
}
