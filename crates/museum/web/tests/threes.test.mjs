import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMuseum, ROOT } from './helper.mjs';

const EX = 'lm-exhibit-threes';
const KEY = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' };
const moves = async (page) => Number(await page.locator(`${EX} [data-moves]`).innerText());

test('threes: a game played with the keys, undo, the heat map, autoplay', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/threes?seed=7&depth=1');
  await page.locator(`${EX} [data-board]`).waitFor();
  assert.equal(await page.locator(`${EX} [data-board] .card:not(.empty)`).count(), 9, 'nine cards dealt');
  assert.ok(await page.locator(`${EX} [data-hint] .card`).count() >= 1, 'the next card is hinted');
  // Twelve swipes by key, each the first one the board allows (its button is enabled).
  for (let i = 1; i <= 12; i++) {
    const d = await page.locator(`${EX} .pad button[data-swipe]:not([disabled])`).first().getAttribute('data-swipe');
    await page.keyboard.press(KEY[d]);
    await page.locator(`${EX} [data-moves]`, { hasText: new RegExp(`^${i}$`) }).waitFor();
  }
  assert.equal(await page.locator(`${EX} [data-board] .card.new`).count(), 1, 'the new card is marked');
  assert.match(await page.locator('lm-log ol').innerText(), /you: \w+ [←↑→↓], a \d+ came in/);
  // u takes one back.
  await page.keyboard.press('u');
  await page.locator(`${EX} [data-moves]`, { hasText: /^11$/ }).waitFor();
  // e asks the AI: every swipe button shows its value, one marked best.
  await page.keyboard.press('e');
  await page.locator(`${EX} [data-estimate]`).waitFor();
  assert.equal(await page.locator(`${EX} [data-heat]`, { hasText: 'best' }).count(), 1);
  // Each expected value is on one line: never broken inside its number.
  const broken = await page.evaluate(() => {
    const ex = document.querySelector('lm-exhibit-page')?.shadowRoot?.querySelector('lm-exhibit-threes');
    const out = [];
    for (const heat of ex?.shadowRoot?.querySelectorAll('[data-heat]') ?? []) {
      const walker = document.createTreeWalker(heat, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const m = /[\d,]+/.exec(n.data);
        if (!m) continue;
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
        if (tops.size > 1) out.push(heat.textContent);
      }
    }
    return out;
  });
  assert.deepEqual(broken, [], 'a swipe button breaks its expected value inside the number');
  assert.match(await page.locator(`${EX} [data-score]`).innerText(), /^score \d+ · swipe 11$/);
  await shot('threes-heat-map');
  // Autoplay by the AI, then pause.
  await page.click(`${EX} lm-run-control button[data-action="run"]`);
  await page.waitForFunction(() => {
    const ex = document.querySelector('lm-exhibit-page')?.shadowRoot?.querySelector('lm-exhibit-threes');
    return Number(ex?.shadowRoot?.querySelector('[data-moves]')?.textContent) >= 16;
  }, null, { timeout: 20_000 });
  await page.click(`${EX} lm-run-control button[data-action="pause"]`);
  await page.locator(`${EX} lm-run-control button[data-action="run"]`).waitFor();
  assert.ok((await moves(page)) >= 16);
  assert.match(await page.locator('lm-log ol').innerText(), /AI: \w+/);
  await shot('threes-autoplay');
  assert.deepEqual(errors, []);
});

test('threes: a game recorded by `ludomat play threes --record` in the replay viewer', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ludomat-threes-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'game.json');
  const bin = process.env.LUDOMAT_BIN ?? join(ROOT, 'target/debug/ludomat');
  execFileSync(bin, ['play', 'threes', '--seed', '4', '--record', file], { input: 'a\nw\nd\ns\na\nw\nq\n' });
  assert.match(readFileSync(file, 'utf8'), /ludomat-threes-record/);
  const { page, shot, errors } = await openMuseum(t, '/exhibits/threes?seed=1');
  await page.locator(`${EX} input[data-action="load-record"]`).setInputFiles(file);
  await page.locator(`${EX} [data-status]`, { hasText: 'Replay of seed 4: frame 0 of 6' }).waitFor();
  await page.click(`${EX} button[data-action="next"]`);
  await page.locator(`${EX} [data-status]`, { hasText: 'frame 1 of 6' }).waitFor();
  assert.match(await page.locator(`${EX} [data-replay]`).innerText(), /Swipe made here: (up|down|left|right)/);
  await shot('threes-replay');
  await page.click(`${EX} button[data-action="close-replay"]`);
  await page.locator(`${EX} [data-board]`).waitFor();
  assert.deepEqual(errors, []);
});

test('threes: from the home page, the AI with the shipped network, then a network trained from nothing with its curve drawn live, then played with', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/');
  page.setDefaultTimeout(20_000);
  await page.locator('article[data-machine="threes"] a.play').click();
  await page.waitForURL(/\/exhibits\/threes(\?|$)/);
  await page.locator(`${EX} [data-board]`).waitFor();
  // The evaluation: the heuristic by default, the learned network by choice.
  assert.match(await page.locator(`${EX} [data-eval]`).innerText(), /^Now: the heuristic, looking 3 swipes ahead\.$/);
  await page.selectOption(`${EX} select[data-setting="eval"]`, 'learned');
  await page.waitForURL(/eval=%22learned%22|eval=learned/);
  await page.locator(`${EX} [data-eval]`, { hasText: 'the shipped network' }).waitFor();
  await page.click(`${EX} lm-run-control button[data-action="step"]`);
  await page.locator(`${EX} [data-moves]`, { hasText: /^1$/ }).waitFor({ timeout: 60_000 });
  assert.match(await page.locator('lm-log ol').innerText(), /AI: \w+ [←↑→↓], a \d+ came in/);
  // Training: the smallest run, the curve drawn as it comes (real axes), Stop keeps it.
  // Only runs that fit the museum's limit by the exhibit's own figures are offered (the
  // 2,000,000-game run took 15 min here).
  const sizes = await page.locator(`${EX} select[data-setting="train_games"] option`).evaluateAll((os) => os.map((o) => o.value));
  assert.ok(sizes.includes('20000') && sizes.includes('100000') && !sizes.includes('2000000'), String(sizes));
  await page.selectOption(`${EX} select[data-setting="train_games"]`, '20000');
  // The museum's limit is said once, in the cost below (no run clock before the run).
  assert.equal(await page.locator(`${EX} [data-learn] [data-run-limit]`).count(), 0);
  // Before it starts: what training runs cost when measured here, against the limit.
  const cost = (await page.locator(`${EX} [data-train-cost]`).innerText()).replace(/\s+/g, ' ');
  assert.match(cost, /^Measured on this machine \(2 cores, shared with other work; (release|development) build\): [\d,]+ games took .+ wall, .+ CPU/);
  assert.match(cost, /A run stops at the museum's limit of 10 minutes; a run stopped there keeps what the network learnt\.$/);
  await page.click(`${EX} button[data-action="train"]`);
  const chart = page.locator(`${EX} [data-train-curve] lm-menace-chart`);
  await chart.waitFor({ timeout: 60_000 });
  assert.equal(await chart.locator('[data-axis="x"]').textContent(), 'games trained');
  assert.equal(await chart.locator('[data-axis="y"]').textContent(), 'mean score');
  // Four points at least: the curve rises from the untrained player's (648 on these deals).
  const points = async () => (await chart.locator('polyline').first().getAttribute('points')).trim().split(/\s+/).length;
  await page.waitForFunction(() => {
    const ex = document.querySelector('lm-exhibit-page')?.shadowRoot?.querySelector('lm-exhibit-threes');
    const c = ex?.shadowRoot?.querySelector('[data-train-curve] lm-menace-chart');
    return (c?.shadowRoot?.querySelector('polyline')?.getAttribute('points') ?? '').trim().split(/\s+/).length >= 4;
  }, null, { timeout: 240_000 });
  assert.ok((await points()) >= 4);
  assert.ok((await chart.locator('[data-tick="x"]').allTextContents()).some((x) => /^\d{1,2},\d{3}$/.test(x)), 'x ticks in thousands');
  const mean = async () => Number((await page.locator(`${EX} [data-train-mean]`).innerText()).replace(/,/g, ''));
  assert.ok((await mean()) > 648 * 2, `the mean rose: ${await mean()}`);
  assert.match(await page.locator(`${EX} [data-learn] [data-run-clock]`).innerText(), /^elapsed [\d.]+ (?:µs|ms|s|min \d\d s) wall, [\d.]+ (?:µs|ms|s|min \d\d s) CPU, about .+ left at the rate so far/);
  // The game waits while it trains: a swipe is not sent (it would stop the training).
  await page.keyboard.press('ArrowLeft');
  await page.locator('lm-exhibit-page .message', { hasText: 'The network is training' }).waitFor();
  await shot('threes-training');
  await page.click(`${EX} button[data-action="stop-train"]`);
  await page.locator(`${EX} [data-train-progress]`, { hasText: /— (stopped|done)/ }).waitFor();
  assert.match(await page.locator(`${EX} [data-learn] [data-run-clock]`).innerText(), /^took [\d.]+ (?:µs|ms|s|min \d\d s) wall, [\d.]+ (?:µs|ms|s|min \d\d s) CPU$/);
  // The network trained here, kept with the visit: the AI plays with it.
  await page.locator(`${EX} [data-trained]`, { hasText: 'Kept with this visit: a 4×5' }).waitFor();
  await page.click(`${EX} button[data-action="play-trained"]`);
  await page.locator(`${EX} [data-eval]`, { hasText: 'the network trained here' }).waitFor();
  await page.click(`${EX} lm-run-control button[data-action="step"]`);
  await page.locator(`${EX} [data-moves]`, { hasText: /^2$/ }).waitFor({ timeout: 60_000 });
  await shot('threes-trained');
  assert.deepEqual(errors, []);
});

test('threes: the museum holds only so many trained networks; a visit whose network was let go says so and trains again', async (t) => {
  const { page, url, errors } = await openMuseum(t, '/', { serverArgs: ['--max-networks', '1'] });
  page.setDefaultTimeout(20_000);
  // A network trained in a visit (stopped after its first points: what it learnt is kept).
  const trainOne = async (p) => {
    await p.locator('article[data-machine="threes"] a.play').click();
    await p.waitForURL(/\/exhibits\/threes(\?|$)/);
    await p.locator(`${EX} [data-board]`).waitFor();
    await p.selectOption(`${EX} select[data-setting="train_games"]`, '20000');
    await p.click(`${EX} button[data-action="train"]`);
    await p.locator(`${EX} [data-train-mean]`).waitFor({ timeout: 120_000 });
    await p.click(`${EX} button[data-action="stop-train"]`);
    await p.locator(`${EX} [data-trained]`, { hasText: 'Kept with this visit: a 4×5' }).waitFor({ timeout: 60_000 });
  };
  await trainOne(page);
  // A second visitor (another tab) trains one: the first network is let go.
  const other = await page.context().newPage();
  await other.goto(`${url}/`);
  await trainOne(other);
  await other.close();
  await page.bringToFront();
  await page.click(`${EX} button[data-action="play-trained"]`);
  const said = page.locator(`${EX} [data-trained-let-go]`);
  await said.waitFor();
  assert.match(await said.innerText(), /^The network trained here was let go: the museum holds only 1 trained network used most recently; train again\.$/);
  assert.equal(await page.locator(`${EX} [data-trained]`).count(), 0);
  // Train again: a network to play with.
  await page.click(`${EX} button[data-action="train"]`);
  await page.locator(`${EX} [data-train-mean]`).waitFor({ timeout: 120_000 });
  await page.click(`${EX} button[data-action="stop-train"]`);
  await page.locator(`${EX} [data-trained]`, { hasText: 'Kept with this visit: a 4×5' }).waitFor({ timeout: 60_000 });
  assert.equal(await said.count(), 0);
  await page.click(`${EX} button[data-action="play-trained"]`);
  await page.locator(`${EX} [data-eval]`, { hasText: 'the network trained here' }).waitFor();
  assert.deepEqual(errors, []);
});
