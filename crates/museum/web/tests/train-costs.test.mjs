// The Threes! panel's training costs: it quotes only runs it offers. No browser and no
// server: train-costs.ts is compiled here on its own (it imports nothing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transformWithOxc } from 'vite';

async function costsModule(t) {
  const src = await readFile(new URL('../src/train-costs.ts', import.meta.url), 'utf8');
  const { code } = await transformWithOxc(src, 'train-costs.ts');
  const dir = await mkdtemp(join(tmpdir(), 'lm-costs-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const file = join(dir, 'train-costs.mjs');
  await writeFile(file, code);
  return import(file);
}

test('threes: the panel quotes the measured runs it offers, never the 2,000,000-game run it does not', async (t) => {
  const { offered, quoted } = await costsModule(t);
  // The release build's figures (ludomat_threes::learn_watch::costs) and the 10-minute limit.
  const costs = [
    { games: 100_000, cpu_ms: 13_900, wall_ms: 21_100, build: 'release' },
    { games: 2_000_000, cpu_ms: 403_000, wall_ms: 904_000, build: 'release' },
  ];
  const sizes = offered([20_000, 100_000, 500_000, 2_000_000], costs, 600_000);
  assert.deepEqual(sizes, [20_000, 100_000, 500_000]);
  assert.deepEqual(quoted(costs, sizes).map((c) => c.games), [100_000]);
  // With no limit known, every run is offered, and every measured one quoted.
  const all = offered([20_000, 100_000, 500_000, 2_000_000], costs, undefined);
  assert.deepEqual(quoted(costs, all).map((c) => c.games), [100_000, 2_000_000]);
});
