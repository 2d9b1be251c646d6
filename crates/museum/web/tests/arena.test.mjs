import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openMuseum, ROOT } from './helper.mjs';

const EX = 'lm-exhibit-arena';

function cli(args) {
  const bin = process.env.LUDOMAT_BIN
    ?? ['target/debug/ludomat', 'target/release/ludomat'].map((p) => join(ROOT, p)).find((p) => existsSync(p));
  return execFileSync(bin, args, { encoding: 'utf8' });
}

test('arena: a tournament run to completion in the page; its table is the CLI\'s', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/arena?a=menace-trained&b=computox-beatable&games=1500&seed=3&sides=alternate');
  await page.locator(`${EX} [data-desc]`).waitFor();
  assert.match(await page.locator(`${EX} [data-desc]`).innerText(), /MENACE after 2,000 games/);
  await page.click(`${EX} button[data-action="run"]`);
  await page.locator(`${EX} [data-progress-text]`, { hasText: '1,500 of 1,500 games — finished' }).waitFor({ timeout: 60_000 });
  const shown = await page.locator(`${EX} pre[data-table-text]`).innerText();
  const want = cli(['tournament', 'tictactoe', '--x', 'menace-trained', '--o', 'computox-beatable', '--games', '1500', '--seed', '3', '--sides', 'alternate', '--quiet']);
  assert.equal(shown.trim(), want.trim());
  // The numbers in the table are the CLI's too.
  const aWins = want.match(/A \(menace-trained\) wins\s+([\d,]+)/)[1];
  assert.equal(await page.locator(`${EX} tr[data-row="a"] [data-count]`).innerText(), aWins);
  assert.equal(await page.locator(`${EX} [data-rates] rect`).count(), 3);
  assert.ok(await page.locator(`${EX} [data-curve] path`).count() >= 3);
  // The curve's ticks in thousands, its legend below the plot (never over a curve).
  assert.ok((await page.locator(`${EX} [data-curve] [data-tick="x"]`).allTextContents()).includes('1,500'));
  const below = await page.locator(`${EX} [data-curve]`).evaluate((svg) => {
    const legend = svg.querySelector('[data-legend]').getBBox();
    const curves = [...svg.querySelectorAll('path')].map((p) => p.getBBox());
    return curves.every((c) => legend.y >= c.y + c.height);
  });
  assert.ok(below, 'the legend lies below every curve');
  assert.match(await page.locator(`${EX} [data-command]`).innerText(), /ludomat tournament tictactoe --x menace-trained --o computox-beatable --games 1500 --seed 3 --sides alternate/);
  await shot('arena-tournament');
  assert.deepEqual(errors, []);
});

test('arena: watch a game move by move; cancel a long tournament; a 3D round robin', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/arena?a=relay&b=autox&games=5&seed=1');
  await page.locator(`${EX} [data-desc]`).waitFor();
  await page.click(`${EX} button[data-action="watch"]`);
  await page.locator(`${EX} [data-watch] [data-result]`).waitFor({ timeout: 20_000 });
  const marks = await page.locator(`${EX} [data-board] .cell.x, ${EX} [data-board] .cell.o`).count();
  assert.ok(marks >= 5, `${marks} marks`);
  assert.equal(await page.locator(`${EX} [data-board] [data-cell="4"]`).innerText(), 'X', 'the ROM opens in the centre');
  await shot('arena-watch');

  await page.locator(`${EX} input[data-setting="games"]`).fill('1000000');
  await page.selectOption(`${EX} select[data-setting="a"]`, 'perfect');
  await page.selectOption(`${EX} select[data-setting="b"]`, 'random');
  await page.click(`${EX} button[data-action="apply"]`);
  await page.waitForURL(/games=1000000/);
  await page.click(`${EX} button[data-action="run"]`);
  await page.locator(`${EX} [data-progress-text]`).waitFor();
  await page.waitForTimeout(500);
  await page.click(`${EX} button[data-action="cancel"]`);
  await page.locator(`${EX} [data-progress-text]`, { hasText: '— stopped' }).waitFor();
  const text = await page.locator(`${EX} [data-progress-text]`).innerText();
  const played = Number(text.split(' ')[0].replaceAll(',', ''));
  assert.ok(played > 0 && played < 1_000_000, text);
  // Its counts by who moved first have thousands, as every count; the log says where
  // the table is no more (it is above the log, not below); the command's options never
  // break inside (the newcomer saw '--' and 'sides' on two lines).
  for (const n of await page.locator(`${EX} [data-by-first] [data-count]`).allInnerTexts()) {
    assert.match(n, /^\d{1,3}(,\d{3})*$/, n);
  }
  assert.ok(played < 1000 || (await page.locator(`${EX} [data-by-first]`).innerText()).includes(','));
  const log = await page.locator('lm-log ol').innerText();
  assert.match(log, /stopped after [\d,]+ games? in .+; the table keeps (it|them)/);
  assert.doesNotMatch(log, /table below/);
  const options = page.locator(`${EX} [data-command] .option`);
  assert.ok(await options.count() >= 6);
  for (const o of await options.all()) {
    assert.equal(await o.evaluate((e) => new Set([...e.getClientRects()].map((r) => Math.round(r.top))).size), 1);
  }

  await page.selectOption(`${EX} select[data-setting="game"]`, 'qubic');
  await page.locator(`${EX} input[data-setting="games"]`).fill('2');
  await page.click(`${EX} button[data-action="apply"]`);
  await page.waitForURL(/game=qubic/);
  await page.click(`${EX} button[data-action="round-robin"]`);
  await page.locator(`${EX} [data-round-robin] [data-progress-text]`, { hasText: '12 of 12 games — finished' }).waitFor({ timeout: 60_000 });
  assert.equal(await page.locator(`${EX} [data-pairs] tr[data-pair]`).count(), 6);
  await shot('arena-round-robin');
  assert.deepEqual(errors, []);
});

test('arena: Run plays the pair the form shows, applied on the way when Apply was not clicked', async (t) => {
  const { page, errors } = await openMuseum(t, '/');
  await page.locator('section[data-arena] a.play').click();
  await page.locator(`${EX} [data-desc]`).waitFor();
  // Another pair and count, typed in and left without Apply.
  await page.selectOption(`${EX} select[data-setting="a"]`, 'random');
  await page.selectOption(`${EX} select[data-setting="b"]`, 'perfect');
  await page.locator(`${EX} input[data-setting="games"]`).fill('30');
  assert.match(await page.locator(`${EX} button[data-action="run"]`).innerText(), /Run 30 games/);
  await page.click(`${EX} button[data-action="run"]`);
  await page.locator(`${EX} [data-progress-text]`, { hasText: '30 of 30 games — finished' }).waitFor({ timeout: 30_000 });
  await page.waitForURL(/games=30/);
  assert.match(await page.locator(`${EX} [data-command]`).innerText(), /--x random --o perfect --games 30/);
  assert.deepEqual(errors, []);
});
