//! Emulated instructions per second on a program that never stops
//! (`programs/relay/busy.asm`): the fast loop, and the loop it replaced (issue 30).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use ludomat_relay_cpu::{roms, Machine, Rom, Stop};

const STEPS: u64 = 10_000_000;

fn busy(c: &mut Criterion) {
    let rom = Rom::standard(&roms::busy_words()).expect("busy.asm fits the ROM");
    let mut g = c.benchmark_group("emulator");
    g.throughput(Throughput::Elements(STEPS));
    g.bench_function("busy_10M_instructions", |b| {
        b.iter(|| {
            let mut m = Machine::new(rom.clone());
            assert_eq!(m.run(black_box(STEPS)), Stop::StepLimit);
            black_box(m.registers())
        });
    });
    g.bench_function("busy_10M_instructions_previous_loop", |b| {
        b.iter(|| {
            let mut m = Machine::new(rom.clone());
            assert_eq!(m.run_reference(black_box(STEPS)), Stop::StepLimit);
            black_box(m.registers())
        });
    });
    g.finish();
}

criterion_group!(benches, busy);
criterion_main!(benches);
