// The page's words for numbers and times, as the terminal writes them (ludomat_io::text):
// the same cases as the Rust formatter's own tests. No browser and no server: text.ts is
// compiled here on its own (it imports nothing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transformWithOxc } from 'vite';

async function textModule(t) {
  const src = await readFile(new URL('../src/text.ts', import.meta.url), 'utf8');
  const { code } = await transformWithOxc(src, 'text.ts');
  const dir = await mkdtemp(join(tmpdir(), 'lm-text-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const file = join(dir, 'text.mjs');
  await writeFile(file, code);
  return import(file);
}

test('durations read as the terminal writes them, days and years too', async (t) => {
  const { duration } = await textModule(t);
  const s = 1000;
  for (const [ms, said] of [
    [0.4, '400 µs'],
    [0.01234, '12.3 µs'],
    [0.000794, '794 ns'],
    [0.9997, '1 ms'],
    [20, '20 ms'],
    [233, '233 ms'],
    [1234, '1.23 s'],
    [12_340, '12.3 s'],
    [125 * s, '2 min 05 s'],
    [3720 * s, '1 h 02 min'],
    [158_040 * s, '1 day 19 h'],
    [(183 * 86_400 + 7300) * s, '183 days 02 h'],
    [31_557_600 * s, '1 year 0 days'],
    [(5 * 31_557_600 + 12 * 86_400 + 5) * s, '5 years 12 days'],
    [0, '0 s'],
  ]) {
    assert.equal(duration(ms), said, `${ms} ms`);
  }
});

test('a value halfway rounds as the terminal rounds it (to the even digit): a clock and its note agree', async (t) => {
  const { duration, wallAndCpu, number } = await textModule(t);
  // Rust's `format!("{:.2}", 1.125)` is 1.12, JavaScript's (1.125).toPrecision(3) 1.13.
  assert.equal(duration(1125), '1.12 s');
  assert.equal(duration(3625), '3.62 s');
  assert.equal(duration(1135), '1.14 s');
  assert.equal(duration(12.25), '12.2 ms');
  assert.equal(duration(1235), '1.24 s', 'not a tie: the double is above 1.235');
  assert.equal(wallAndCpu(3625, 1125), '3.62 s wall, 1.12 s CPU');
  assert.equal(number(-1.125), '-1.12');
  assert.equal(number(0.125), '0.125');
  assert.equal(number(2.5), '2.5');
});

test('two times side by side read with one precision: trailing zeros kept, as the notes write them', async (t) => {
  const { wallAndCpu, durationWhole, duration } = await textModule(t);
  // The museum re-trial's pairs (the same cases as ludomat_museum::times's test).
  assert.equal(wallAndCpu(2200, 2090), '2.20 s wall, 2.09 s CPU');
  assert.equal(wallAndCpu(7450, 7000), '7.45 s wall, 7.00 s CPU');
  assert.equal(wallAndCpu(12_300, 20_100), '12.3 s wall, 20.1 s CPU');
  assert.equal(wallAndCpu(1200, 40), '1.20 s wall, 40.0 ms CPU');
  assert.equal(wallAndCpu(0.4, 0.001), '400 µs wall, 1.00 µs CPU');
  assert.equal(durationWhole(9996), '10.0 s');
  assert.equal(wallAndCpu(0, 125_000), '0 s wall, 2 min 05 s CPU');
  // A time alone keeps duration's words.
  assert.equal(duration(2200), '2.2 s');
});

test('a bead is "a red" or "an indigo" bead: the article goes by the colour', async (t) => {
  const { withArticle } = await textModule(t);
  for (const [colour, said] of [
    ['red', 'a red'], ['orange', 'an orange'], ['yellow', 'a yellow'], ['green', 'a green'],
    ['blue', 'a blue'], ['indigo', 'an indigo'], ['violet', 'a violet'], ['white', 'a white'],
    ['black', 'a black'],
  ]) {
    assert.equal(withArticle(colour), said);
  }
});
