import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openMuseum } from './helper.mjs';

const EX = 'lm-exhibit-regex';

test('regex: the MIT hexagon solved by stepping the deductions to the end', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/regex?puzzle=mit-2013-hexagon');
  await page.locator(`${EX} [data-uniqueness]`, { hasText: 'unique' }).waitFor();
  assert.match(await page.locator(`${EX} [data-uniqueness]`).innerText(), /The answer is unique: propagation alone fills every cell/);
  // A real hexagon: 127 hexagonal cells, 39 clues along three directions.
  assert.equal(await page.locator(`${EX} svg.grid [data-cell]`).count(), 127);
  assert.equal(await page.locator(`${EX} svg.grid [data-cell] polygon`).count(), 127);
  assert.equal(await page.locator(`${EX} svg.grid [data-clue-label]`).count(), 39);
  for (const d of ['across', 'nw', 'sw']) assert.equal(await page.locator(`${EX} [data-clues="${d}"] li`).count(), 13);
  // Step: one clue narrows its cells; the panel names the clue, the cells, what is left.
  await page.click(`${EX} button[data-action="deduce"]`);
  await page.locator(`${EX} [data-step-number]`, { hasText: '1' }).waitFor();
  assert.match(await page.locator(`${EX} [data-step]`).innerText(), /Step 1 of \d+: \w+ \d+ \/.+\/[\s\S]*row \d+ cell \d+: rules out \S+, left \S+/);
  await shot('regex-mit-first-step');
  const total = Number((await page.locator(`${EX} [data-step]`).innerText()).match(/Step 1 of (\d+)/)[1]);
  assert.ok(total > 10, `${total} steps`);
  for (let i = 2; i <= total; i++) {
    await page.click(`${EX} button[data-action="deduce"]`);
    await page.locator(`${EX} [data-step-number]`, { hasText: new RegExp(`^${i}$`) }).waitFor();
  }
  await page.locator(`${EX} [data-solved]`).waitFor();
  await page.locator(`${EX} [data-log-end]`, { hasText: 'Every cell is filled' }).waitFor();
  assert.equal(await page.locator(`${EX} [data-clue][data-status="satisfied"]`).count(), 39);
  assert.ok(await page.locator(`${EX} button[data-action="deduce"]`).isDisabled());
  await shot('regex-mit-solved');
  assert.deepEqual(errors, []);
});

test('regex: a wrong letter names the broken clue; a bad upload shows line and column', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/regex?puzzle=two-by-two');
  await page.locator(`${EX} svg.grid [data-cell="0"]`).waitFor();
  assert.equal(await page.locator(`${EX} svg.grid [data-cell] rect`).count(), 4);
  // Row 1 is /[AB]C/, column 1 /A./: a C in the first cell breaks both.
  await page.click(`${EX} svg.grid [data-cell="0"]`);
  await page.keyboard.press('c');
  await page.locator(`${EX} [data-broken]`, { hasText: 'across 1' }).waitFor();
  assert.match(await page.locator(`${EX} [data-broken]`).innerText(), /Broken: across 1 \/\[AB\]C\/ \(its line reads C\.\); down 1 \/A\.\//);
  assert.equal(await page.locator(`${EX} [data-clue="across 1"] .badge`).innerText(), 'broken');
  assert.equal(await page.locator(`${EX} [data-clue="down 2"] .badge`).innerText(), 'open');
  await shot('regex-broken-clue');
  // Put it right: A C / X Y, typed; every clue satisfied.
  await page.click(`${EX} svg.grid [data-cell="0"]`);
  for (const k of ['a', 'c', 'x', 'y']) await page.keyboard.press(k);
  await page.locator(`${EX} [data-solved]`).waitFor();
  assert.equal(await page.locator(`${EX} [data-clue][data-status="satisfied"]`).count(), 4);

  // A puzzle file with a mistake: refused in the page with its line and column.
  await page.locator(`${EX} input[data-upload]`).setInputFiles({
    name: 'mine.txt', mimeType: 'text/plain',
    buffer: Buffer.from('title: mine\nshape: rectangle 1x2\nacross 1:  A(B\n'),
  });
  await page.locator(`${EX} [data-upload-error]`).waitFor();
  assert.match(await page.locator(`${EX} [data-upload-error]`).innerText(), /mine\.txt: line 3, column 13: clue across 1: '\(' is never closed/);
  assert.match(await page.locator(`${EX} [data-excerpt]`).innerText(), /3 \| across 1: {2}A\(B\n {16}\^ column 13/);
  // The puzzle in play is unchanged.
  await page.locator(`${EX} [data-solved]`).waitFor();
  await shot('regex-bad-upload');
  // A good one loads, and the share link carries it.
  await page.locator(`${EX} input[data-upload]`).setInputFiles({
    name: 'ok.txt', mimeType: 'text/plain', buffer: Buffer.from('title: Mine\nshape: rectangle 1x2\nacross 1: HI\n'),
  });
  await page.locator(`${EX} [data-uniqueness]`, { hasText: 'Mine' }).waitFor();
  assert.equal(await page.locator(`${EX} svg.grid [data-cell]`).count(), 2);
  assert.match(new URL(page.url()).searchParams.get("puzzle"), /^title: Mine\nshape: rectangle 1x2/);
  assert.deepEqual(errors, []);
});
