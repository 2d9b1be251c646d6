import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMuseum } from './helper.mjs';

const EX = 'lm-exhibit-logic';
const nodeValue = (page, name) => page.locator(`${EX} [data-graph] [data-node="${name}"] [data-value]`).textContent();

test('logic bench: the latch reset and set, event by event, in the source\'s order', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/logic');
  await page.locator(`${EX} [data-latch]`).waitFor();
  assert.equal(await nodeValue(page, 'Q'), 'x');
  // At power-on a lamp is neither lit nor dark: one word for its state, not `Q x off`.
  assert.equal(await page.locator(`${EX} [data-lamp="Q"] lm-lamp`).evaluate((e) => [...e.shadowRoot.querySelectorAll('span')].map((s) => s.textContent).filter(Boolean).join(' ')), 'Q unknown');
  // S = 0 shown at once; then R = 1 step by step.
  await page.click(`${EX} [data-setting="step-mode"]`);
  await page.click(`${EX} button[data-button="S=0"]`);
  await page.click(`${EX} [data-setting="step-mode"]`);
  await page.locator(`${EX} [data-graph] [data-node="Q"]`).click(); // watch Q
  await page.click(`${EX} button[data-button="R=1"]`);
  await page.locator(`${EX} [data-pending]`, { hasText: '11 pending' }).waitFor();
  assert.match(await page.locator(`${EX} [data-events] li.first`).innerText(), /next: R := 1/);
  const order = [];
  for (let i = 0; i < 11; i++) {
    await page.click(`${EX} button[data-action="step"]`);
    await page.locator(`${EX} [data-pending]`, { hasText: `${10 - i} pending` }).waitFor();
    order.push((await page.locator(`${EX} [data-events] li[data-seq]`).last().innerText()).replace(/^t=\d+ /, ''));
    if (i === 4) assert.equal(await nodeValue(page, 'Q'), 'x', 'Q is unknown until the lamp event');
  }
  assert.deepEqual(order.slice(0, 3), ['R := 1', 'NOR1 input 0 ← 1', 'NOR1 evaluates x → 0: changed, updates its children']);
  assert.equal(order[5], 'lamp Q shows 0');
  assert.equal(order[10], 'NOR1 evaluates 0: unchanged, stops here');
  assert.equal(await nodeValue(page, 'Q'), '0');
  assert.equal(await page.locator(`${EX} [data-lamp="Q̄"] lm-lamp`).getAttribute('state'), 'on');
  assert.equal(await page.locator(`${EX} [data-lamp="Q̄"] lm-lamp .state`).innerText(), 'on');
  await shot('logic-latch-reset');
  // Set: R back to 0, S to 1, run at once.
  await page.click(`${EX} [data-setting="step-mode"]`);
  await page.click(`${EX} button[data-button="R=0"]`);
  await page.click(`${EX} button[data-button="S=1"]`);
  await page.locator(`${EX} [data-lamp="Q"] lm-lamp[state="on"]`).waitFor();
  assert.equal(await page.locator(`${EX} [data-lamp="Q"] lm-lamp .state`).innerText(), 'on');
  assert.equal(await nodeValue(page, 'Q̄'), '0');
  assert.equal(await page.locator(`${EX} [data-timing] [data-trace="Q"]`).count(), 1);
  await shot('logic-latch-set');
  assert.deepEqual(errors, []);
});

test('logic bench: c17 inputs set by clicks, an output checked; a bad upload shows line and column', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/logic?circuit=c17');
  await page.locator(`${EX} [data-graph]`).waitFor();
  await page.click(`${EX} [data-setting="step-mode"]`);
  // Every input to 1 (x → 0 → 1: two clicks each): N22 = 1, N23 = 0.
  for (const n of ['N1', 'N2', 'N3', 'N6', 'N7']) {
    await page.click(`${EX} button[data-input="${n}"]`);
    await page.locator(`${EX} [data-graph] [data-node="${n}"] [data-value]`, { hasText: '0' }).waitFor();
    await page.click(`${EX} button[data-input="${n}"]`);
    await page.locator(`${EX} [data-graph] [data-node="${n}"] [data-value]`, { hasText: '1' }).waitFor();
  }
  assert.match(await page.locator(`${EX} [data-output="N22"]`).innerText(), /N22\s+1\b/);
  assert.match(await page.locator(`${EX} [data-output="N23"]`).innerText(), /N23\s+0\b/);
  await shot('logic-c17');
  const dir = mkdtempSync(join(tmpdir(), 'ludomat-bench-'));
  const bad = join(dir, 'bad.bench');
  writeFileSync(bad, 'INPUT(A)\nOUTPUT(Y)\nY = AND(A, B)\n');
  await page.setInputFiles(`${EX} input[data-upload]`, bad);
  await page.locator('lm-exhibit-page .message', { hasText: 'bad.bench: line 3, column 12' }).waitFor();
  assert.match(await page.locator(`${EX} [data-summary]`).innerText(), /c17/);
  const ring = join(dir, 'ring.bench');
  writeFileSync(ring, 'INPUT(E)\nOUTPUT(Y)\nY = NAND(E, Y)\n');
  await page.setInputFiles(`${EX} input[data-upload]`, ring);
  await page.locator(`${EX} [data-summary]`, { hasText: 'upload: ring.bench' }).waitFor();
  await page.click(`${EX} button[data-input="E"]`); // 0: Y = 1
  await page.locator(`${EX} [data-output="Y"]`, { hasText: /Y\s+1\b/ }).waitFor();
  await page.click(`${EX} button[data-input="E"]`); // 1: Y = NAND(1, Y) never settles
  await page.locator(`${EX} [data-oscillation]`).waitFor();
  assert.match(await page.locator(`${EX} [data-oscillation]`).innerText(), /Y kept changing/);
  await shot('logic-ring');
  assert.deepEqual(errors, []);
});

test('logic bench: c7552, the largest ISCAS-85 circuit, drawn compactly and simulated whole', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/logic?circuit=c7552');
  await page.locator(`${EX} canvas[data-graph-compact]`).waitFor();
  assert.match(await page.locator(`${EX} [data-summary]`).innerText(), /c7552: 3,720 nodes, 3,513 gates, 44 levels/);
  const box = await page.locator(`${EX} canvas[data-graph-compact]`).evaluate((c) => [c.width, c.height]);
  assert.ok(box[0] > 100 && box[1] > 100, `${box}`);
  // Set the first input to 0 (x → 0), propagate at once: some outputs leave unknown.
  await page.click(`${EX} [data-setting="step-mode"]`);
  const first = page.locator(`${EX} button[data-input]`).first();
  await first.click();
  await page.locator(`${EX} [data-pending]`, { hasText: '0 pending' }).waitFor();
  await shot('logic-c7552');
  assert.deepEqual(errors, []);
});
