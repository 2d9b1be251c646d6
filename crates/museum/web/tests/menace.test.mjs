import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openMuseum } from './helper.mjs';

const EX = 'lm-exhibit-menace';
const status = (page) => page.locator(`${EX} [data-status]`).innerText();
/** Beads in box #id, as the mini board's label says. */
async function beadsIn(page, id) {
  const label = await page.locator(`${EX} [data-boxes] [data-box="${id}"] .mb`).getAttribute('aria-label');
  return Number(label.match(/: (\d+) beads/)[1]);
}

test('menace: a game against a person in the teaching mode, played to the end by clicks', async (t) => {
  // The teaching mode: MENACE waits for Step at each of its moves.
  const { page, shot, errors } = await openMuseum(t, '/exhibits/menace?seed=1&teaching=true');
  await page.locator(`${EX} [data-status]`).waitFor();
  assert.match(await status(page), /MENACE \(X\) to move/);
  assert.equal(await page.locator('[data-seed]').innerText(), '1');
  assert.match(page.url(), /seed=1/);
  // 304 boxes, grouped by MENACE's move: 1 / 12 / 108 / 183.
  assert.equal(await page.locator(`${EX} [data-boxes] [data-box]`).count(), 304);
  assert.match(await page.locator(`${EX} [data-boxes]`).textContent(), /1st move of the game: 1 box\b[\s\S]*7th move of the game: 183 boxes/);

  // Step: MENACE opens box #0 and draws a bead; the box holds one bead fewer.
  const before = await beadsIn(page, 0);
  await page.click(`${EX} button[data-action="step"]`);
  await page.locator(`${EX} lm-board button.x`).first().waitFor();
  await page.locator(`${EX} [data-opened]`).waitFor();
  assert.equal(await beadsIn(page, 0), before - 1, 'the drawn bead is out of its box');
  assert.match(await page.locator(`${EX} [data-arrow]`).innerText(), /opened box #0[\s\S]*bead [LMR]{2}[\s\S]*plays [LMR]{2}/);
  assert.match(await page.locator('lm-log ol').innerText(), /MENACE opens box #0/);
  await shot('menace-bead-drawn');

  // Click the first free square, then Step for MENACE's answer, until the game is over.
  for (let i = 0; i < 5; i++) {
    if (!/Your move/.test(await status(page))) break;
    const xs = await page.locator(`${EX} lm-board button.x`).count();
    await page.locator(`${EX} lm-board button:not([disabled])`).first().click();
    await page.locator(`${EX} [data-status]`, { hasText: /MENACE \(X\) to move: Step|wins|loses|draw/ }).waitFor();
    if (/to move/.test(await status(page))) {
      await page.click(`${EX} button[data-action="step"]`);
      await page.waitForFunction(([n, ex]) => {
        const el = document.querySelector('lm-exhibit-page')?.shadowRoot?.querySelector(ex);
        const b = el?.shadowRoot?.querySelector('lm-board');
        return (b?.shadowRoot?.querySelectorAll('button.x').length ?? 0) > n;
      }, [xs, EX]);
    }
  }
  assert.match(await status(page), /MENACE wins|MENACE loses|A draw/);
  assert.equal(await page.locator(`${EX} [data-games]`).innerText(), '1');
  assert.match(await page.locator('lm-log ol').innerText(), /beads: box #0 /);
  await shot('menace-game-over');
  // Keyboard: n starts the next game, MENACE moves at once.
  await page.keyboard.press('n');
  await page.locator(`${EX} [data-game]`, { hasText: '2' }).waitFor();
  assert.match(await status(page), /MENACE \(X\) to move: Step/);
  assert.deepEqual(errors, []);
});

test('menace as Scroggs has it: it opens by itself, the next game starts on its own, MENACE2 shown, rewards updated keeping the beads', async (t) => {
  const { page, url, shot, errors } = await openMuseum(t, '/exhibits/menace?seed=3');
  // MENACE plays X: it opens its box and moves with no Step.
  await page.locator(`${EX} lm-board button.x`).first().waitFor();
  await page.locator(`${EX} [data-status]`, { hasText: 'Your move' }).waitFor();
  assert.match(await page.locator('lm-log ol').innerText(), /MENACE opens box #0/);
  // The next game on its own: play this one out, game 2 begins and MENACE opens it.
  await page.check(`${EX} input[data-setting="auto-next"]`);
  await page.waitForURL(/auto_next=true/);
  for (let i = 0; i < 5 && /Your move/.test(await status(page)); i++) {
    const moves = await page.locator(`${EX} lm-board button.x, ${EX} lm-board button.o`).count();
    await page.locator(`${EX} lm-board button:not([disabled])`).first().click();
    await page.waitForFunction(([n, ex]) => {
      const el = document.querySelector('lm-exhibit-page')?.shadowRoot?.querySelector(ex);
      const b = el?.shadowRoot?.querySelector('lm-board');
      const st = el?.shadowRoot?.querySelector('[data-status]')?.textContent ?? '';
      return (b?.shadowRoot?.querySelectorAll('button.x, button.o').length ?? 0) >= n + 2 || !/Your move/.test(st);
    }, [moves, EX]);
  }
  await page.locator(`${EX} [data-game]`, { hasText: /^2$/ }).waitFor();
  await page.locator(`${EX} [data-status]`, { hasText: 'Your move' }).waitFor();
  assert.equal(await page.locator(`${EX} lm-board button.x`).count(), 1);
  // MENACE2: its own 289 boxes and settings; the link carries the opponent.
  await page.locator(`${EX} select[data-setting="opponent"]`).selectOption('menace2');
  await page.locator(`${EX} [data-boxes2] [data-box]`).first().waitFor();
  assert.equal(await page.locator(`${EX} [data-boxes2] [data-box]`).count(), 289);
  await page.waitForURL(/opponent=menace2/);
  assert.match(await page.locator(`${EX} fieldset[data-settings="menace2"] legend`).innerText(), /MENACE2's settings \(source\)/);
  await page.locator(`${EX} select[data-setting="tick"]`).selectOption('2');
  await page.click('lm-run-control button[data-action="run"]');
  await page.locator(`${EX} [data-games]`, { hasText: /^[1-9][0-9]+$/ }).waitFor();
  await page.click('lm-run-control button[data-action="pause"]');
  await page.locator('lm-run-control button[data-action="run"]').waitFor();
  // Until the server has stopped and the page shows its last state (on a busy machine the
  // last update can come well after the click), then the wall of boxes follows.
  const id = await page.locator('lm-exhibit-page').getAttribute('data-visit');
  for (const end = Date.now() + 20_000; ;) {
    const s = await (await fetch(`${url}/api/visits/${id}`)).json();
    if (!s.running && String(s.view.counters.games) === await page.locator(`${EX} [data-games]`).innerText()) break;
    assert.ok(Date.now() < end, 'the page never showed the stopped server\'s games');
    await new Promise((r) => setTimeout(r, 50));
  }
  await page.waitForTimeout(600);
  const games = await page.locator(`${EX} [data-games]`).innerText();
  const box0 = await beadsIn(page, 0);
  // Rewards and the empty box changed: nothing reset.
  await page.fill(`${EX} input[data-setting="win"]`, '5');
  await page.locator(`${EX} select[data-setting="empty"]`).selectOption('resign');
  await page.click(`${EX} button[data-action="update"]`);
  await page.locator(`${EX} fieldset[data-settings="menace"] legend`, { hasText: 'win +5' }).waitFor();
  assert.match(await page.locator(`${EX} fieldset[data-settings="menace"] legend`).innerText(), /empty box resign/);
  assert.equal(await page.locator(`${EX} [data-games]`).innerText(), games);
  assert.equal(await beadsIn(page, 0), box0);
  assert.match(page.url(), /win=5/);
  await page.fill(`${EX} input[data-setting="m2-draw"]`, '2');
  await page.click(`${EX} button[data-action="m2-update"]`);
  await page.locator(`${EX} fieldset[data-settings="menace2"] legend`, { hasText: 'draw +2' }).waitFor();
  assert.match(decodeURIComponent(page.url()), /menace2=\{[^}]*"draw":2/);
  // Starting beads still need fresh boxes, and the page says so.
  assert.match(await page.locator(`${EX} fieldset[data-settings="menace"] [data-reset-note]`).innerText(), /only take effect in fresh boxes/);
  await shot('menace-scroggs');
  assert.deepEqual(errors, []);
});

test('menace: autoplay against the random player, the curve, export and import', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/menace?seed=2&opponent=random');
  await page.locator('lm-run-control').waitFor();
  await page.click('lm-run-control button[data-action="step"]');
  await page.locator(`${EX} lm-board button.x`).first().waitFor();
  // One game a tick, fast.
  await page.locator(`${EX} select[data-setting="tick"]`).selectOption('1');
  await page.click('lm-run-control button[data-action="run"]');
  await page.waitForFunction((ex) => {
    const el = document.querySelector('lm-exhibit-page')?.shadowRoot?.querySelector(ex);
    return Number(el?.shadowRoot?.querySelector('[data-games]')?.textContent ?? 0) >= 4;
  }, EX, { timeout: 30_000 });
  await page.click('lm-run-control button[data-action="pause"]');
  await page.locator('lm-run-control button[data-action="run"]').waitFor();
  const games = Number(await page.locator(`${EX} [data-games]`).innerText());
  const num = async (sel) => Number((await page.locator(`${EX} ${sel}`).innerText()).replace(/,/g, ''));
  const w = await num('[data-wins]');
  const d = await num('[data-draws]');
  const l = await num('[data-losses]');
  assert.equal(w + d + l, games);
  // The learning curve has real axes.
  const chart = page.locator(`${EX} lm-menace-chart`).first();
  assert.match(await chart.locator('[data-axis="x"]').textContent(), /games played/);
  assert.ok((await chart.locator('polyline').count()) >= 3);

  // Export downloads the state file; import it back.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`${EX} button[data-action="export"]`),
  ]);
  const text = readFileSync(await download.path(), 'utf8');
  const state = JSON.parse(text);
  assert.equal(state.format, 'ludomat-menace');
  await page.locator(`${EX} select[data-setting="tick"]`).selectOption('2');
  await page.click('lm-run-control button[data-action="step"]');
  await page.locator(`${EX} input[data-action="import"]`).setInputFiles({
    name: 'menace.json', mimeType: 'application/json', buffer: Buffer.from(text),
  });
  await page.locator('lm-log ol', { hasText: `has played ${games} games` }).waitFor();
  // A file that is not a state is refused with a message.
  await page.locator(`${EX} input[data-action="import"]`).setInputFiles({
    name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"eggs": 2}'),
  });
  await page.locator('lm-exhibit-page .message', { hasText: 'not a MENACE state' }).waitFor();
  await shot('menace-autoplay');

  // Settings: Michie's rules, apply and reset: fresh boxes, the link carries them.
  await page.locator(`${EX} select[data-setting="preset"]`).selectOption('michie');
  await page.locator(`${EX} [data-settings] legend`, { hasText: 'michie' }).waitFor();
  assert.match(page.url(), /preset=michie/);
  assert.equal(await page.locator(`${EX} [data-games]`).innerText(), '0');
  assert.deepEqual(errors, []);
});

test('menace: a training run at full speed — 100,000 games with a bar and a rate, then 10,000,000 stopped part way, keeping what was played', async (t) => {
  const { page, url, shot, errors } = await openMuseum(t, '/exhibits/menace?seed=6&opponent=random&train=100000');
  const EX = 'lm-exhibit-menace';
  await page.locator(`${EX} button[data-action="train"]`).waitFor();
  const id = await page.locator('lm-exhibit-page').getAttribute('data-visit');
  assert.equal(await page.locator(`${EX} select[data-setting="train"]`).inputValue(), '100000');
  await page.click(`${EX} button[data-action="train"]`);
  const bar = page.locator(`${EX} [data-run-progress]`);
  await bar.filter({ hasText: /100,000 of 100,000 games, [\d,]+ games\/s — finished/ }).waitFor({ timeout: 60_000 });
  assert.equal(await page.locator(`${EX} [data-games]`).innerText(), '100,000');
  assert.equal(await bar.locator('progress').evaluate((p) => p.value / p.max), 1);
  // the curve reaches the games played
  assert.match(await page.locator(`${EX} [data-curve] lm-menace-chart`).first().getAttribute('caption'), /every [\d,]+ games/);
  // Every chart's numbers in thousands, inside the picture; the y title clear of the y
  // numbers, the x title below the x numbers, the legend below both (never over a curve).
  for (const chart of await page.locator(`${EX} lm-menace-chart`).all()) {
    const g = await chart.evaluate((el) => {
      const svg = el.shadowRoot.querySelector('svg');
      const box = (e) => e.getBBox();
      const yTicks = [...svg.querySelectorAll('[data-tick="y"]')];
      const xTicks = [...svg.querySelectorAll('[data-tick="x"]')].map(box);
      const yTitle = box(svg.querySelector('[data-axis="y"]'));
      const xTitle = box(svg.querySelector('[data-axis="x"]'));
      const legend = box(svg.querySelector('[data-legend]'));
      const curves = [...svg.querySelectorAll('polyline')].map(box);
      return {
        labels: yTicks.map((t) => t.textContent),
        leftmost: Math.min(...yTicks.map((t) => box(t).x)),
        // The y title is rotated: its box before rotation is centred on x = 12.
        yTitleRight: 12 + yTitle.height / 2,
        xTicksBottom: Math.max(...xTicks.map((b) => b.y + b.height)),
        xTitleTop: xTitle.y, xTitleBottom: xTitle.y + xTitle.height,
        legendTop: legend.y,
        curvesBottom: Math.max(...curves.map((c) => c.y + c.height)),
      };
    });
    assert.ok(g.labels.every((t) => /^\d{1,3}(,\d{3})*$/.test(t)), g.labels.join(' '));
    assert.ok(g.leftmost >= 0 && g.yTitleRight <= g.leftmost, JSON.stringify(g));
    assert.ok(g.xTicksBottom <= g.xTitleTop && g.xTitleBottom <= g.legendTop && g.curvesBottom <= g.legendTop, JSON.stringify(g));
  }
  await shot('menace-training-run-done');

  // Ten million, stopped part way (a run long enough to stop: a million end within a
  // second or two): the games played stay, the page shows what the server holds.
  await page.selectOption(`${EX} select[data-setting="train"]`, '10000000');
  await page.waitForURL(/train=10000000/);
  await page.click(`${EX} button[data-action="train"]`);
  await bar.filter({ hasText: /of 10,000,000 games, [\d,]+ games\/s/ }).waitFor({ timeout: 30_000 });
  // The clock: wall and CPU, the time left at the rate so far (games are even work).
  await page.locator(`${EX} [data-run-clock]`, { hasText: /elapsed [\d.]+ (?:µs|ms|s|min \d\d s) wall, [\d.]+ (?:µs|ms|s|min \d\d s) CPU, about .+ left at the rate so far/ }).waitFor({ timeout: 30_000 });
  await page.click(`${EX} button[data-action="stop-run"]`);
  await bar.filter({ hasText: /— stopped|— finished/ }).waitFor({ timeout: 10_000 });
  const server = await (await fetch(`${url}/api/visits/${id}`)).json();
  assert.equal(server.running, false, JSON.stringify(server).slice(0, 300));
  const games = server.view.counters.games;
  assert.equal(games % 10_000, 0, 'whole actions of 10,000 games');
  assert.ok(games > 100_000 && games < 10_100_000, `${games}`);
  await page.locator(`${EX} [data-games]`, { hasText: games.toLocaleString('en-US') }).waitFor();
  assert.match(await bar.innerText(), new RegExp(`${(games - 100_000).toLocaleString('en')} of 10,000,000 games.* — stopped`));
  await shot('menace-training-run-stopped');
  assert.deepEqual(errors, []);
});
