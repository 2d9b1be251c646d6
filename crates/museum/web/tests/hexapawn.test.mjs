import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openMuseum } from './helper.mjs';

const EX = 'lm-exhibit-hexapawn';
const status = (page) => page.locator(`${EX} [data-status]`).innerText();
const board = (page) => page.locator(`${EX} lm-board button`);

test('hexapawn: a game against HER by clicks, the box opened and the bead drawn', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/hexapawn?seed=3');
  await page.locator(`${EX} [data-status]`).waitFor();
  assert.match(await status(page), /Your move \(White\): click a pawn/);
  // 19 boxes, generated: 2 / 10 / 7 by HER's move.
  assert.equal(await page.locator(`${EX} [data-boxes] [data-box]`).count(), 19);
  assert.match(await page.locator(`${EX} [data-boxes]`).innerText(), /move 2: 2 boxes[\s\S]*move 4: 10 boxes[\s\S]*move 6: 7 boxes/);
  assert.equal(await page.locator(`${EX} a[data-menace-link]`).getAttribute('href'), '/exhibits/menace');

  // b1 then b2: HER opens box #1 and draws a bead at once.
  await board(page).nth(7).click();
  assert.match(await status(page), /Pawn b1: click where it goes/);
  await board(page).nth(4).click();
  await page.locator(`${EX} [data-opened]`).waitFor();
  assert.match(await page.locator(`${EX} [data-arrow]`).innerText(), /opened box #1[\s\S]*drew the bead [a-c][1-3][-x][a-c][1-3][\s\S]*plays [a-c][1-3]/);
  assert.equal(await page.locator(`${EX} [data-opened] .bead.drawn`).count(), 1);
  assert.match(await page.locator('lm-log ol').innerText(), /HER opens box #1/);
  await shot('hexapawn-bead-drawn');

  // Play on: click the first pawn that can move, then its first target.
  for (let i = 0; i < 4 && /Your move/.test(await status(page)); i++) {
    const moves = (await page.locator(`${EX} [data-why]`).innerText()).split(',').length;
    await page.locator(`${EX} lm-board button:not([disabled])`).first().click();
    await page.locator(`${EX} lm-board button.hl:not([disabled])`).first().click(); // targets lie above the pawn
    await page.waitForFunction(([n, ex]) => {
      const el = document.querySelector('lm-exhibit-page')?.shadowRoot?.querySelector(ex);
      const why = el?.shadowRoot?.querySelector('[data-why]')?.textContent ?? '';
      const st = el?.shadowRoot?.querySelector('[data-status]')?.textContent ?? '';
      return why.split(',').length > n || !/Your move/.test(st);
    }, [moves, EX]);
  }
  assert.match(await status(page), /HER wins|HER loses/);
  assert.equal(await page.locator(`${EX} [data-games]`).innerText(), '1');
  await shot('hexapawn-game-over');
  assert.deepEqual(errors, []);
});

test('hexapawn: HER trained against the random White stops losing; the curve', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/hexapawn?seed=2&white=random');
  await page.locator('lm-run-control').waitFor();
  await page.click(`${EX} button[data-action="train"]`);
  await page.locator(`${EX} [data-games]`, { hasText: '50' }).waitFor();
  // Seed 2 against the random White: 11 losses in 50 games, the last at game 36
  // (the same as `ludomat her train --games 50 --seed 2`).
  assert.equal(await page.locator(`${EX} [data-losses]`).innerText(), '11');
  assert.equal(await page.locator(`${EX} [data-last-loss]`).innerText(), '36');
  assert.match(await page.locator(`${EX} [data-curve] svg`).getAttribute('aria-label'), /learning curve/);
  assert.ok(await page.locator(`${EX} [data-boxes] .bead.gone`).count() >= 1, 'confiscated beads are struck out');
  await page.click(`${EX} button[data-action="train"]`);
  await page.locator(`${EX} [data-games]`, { hasText: '100' }).waitFor();
  await shot('hexapawn-trained');
  assert.deepEqual(errors, []);
});
