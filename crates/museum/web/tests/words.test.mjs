// What the museum trial and the newcomer trial found in the pages' words and runs, as a
// visitor meets them from the home page by clicking: results as the terminal counts them
// (wins, draws, losses), intervals as the terminal writes them, no backticks, a run's
// clock from its first second and one figure for its time, no "stop it first" under the
// visitor's own run, the relay not opening on a refusal and counting draws, Threes! numbers with a unit and
// the AI's select agreeing with the line below it, MENACE's seed 1 (set, shown, linked)
// and its share link naming the source rules `source`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openMuseum } from './helper.mjs';

/** From the home page, the card of exhibit `kind` (the arena: its own section). */
async function visit(page, kind) {
  const link = kind === 'arena' ? 'section[data-arena] a.play' : `article[data-machine="${kind}"] a.play`;
  await page.locator(link).click();
  await page.waitForURL(new RegExp(`/exhibits/${kind}(\\?|$)`));
  await page.locator(`lm-exhibit-${kind}`).waitFor();
}

const message = (page) => page.locator('lm-exhibit-page .message').innerText();
const WALL_CPU = /[\d.]+ (s|ms|µs|min \d\d s) wall, [\d.]+ (s|ms|µs|min \d\d s) CPU/;

test('arena: a tournament from the home page, in the terminal words, timed, its curve from the first games', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/');
  page.setDefaultTimeout(20_000);
  await visit(page, 'arena');
  const EX = 'lm-exhibit-arena';
  assert.doesNotMatch(await page.locator('lm-exhibit-page [data-source]').innerText(), /`/);
  assert.equal(await page.locator('lm-exhibit-page [data-source] code').count(), 1);
  await page.click(`${EX} button[data-action="run"]`);
  const clock = page.locator(`${EX} [data-run-clock]`);
  await clock.waitFor();
  await page.locator(`${EX} [data-progress-text]`, { hasText: '— finished' }).waitFor({ timeout: 120_000 });
  assert.match(await clock.innerText(), new RegExp(`^took ${WALL_CPU.source}$`));
  for (const cell of await page.locator(`${EX} [data-table] [data-rate]`).allInnerTexts()) {
    assert.match(cell, /^\d+\.\d % \(\d+\.\d–\d+\.\d %\)$/, cell);
  }
  // The curve starts at the first chunk of games, not at the end of the first batch.
  const d = await page.locator(`${EX} [data-curve] path`).first().getAttribute('d');
  const firstX = Number(d.slice(1).split(' ')[0]);
  assert.ok(firstX < 60, `the curve starts at x ${firstX}`);
  // The tournament's end is the table's "finished", not a refusal in the message line.
  await page.waitForTimeout(500);
  assert.doesNotMatch(await message(page), /autoplay stopped/);
  await shot('words-arena');
  assert.deepEqual(errors, []);
});

test('computox and 3D: results counted as wins, draws and losses; the circuit check timed from its first second, with no "stop it first" beside it', async (t) => {
  const { page, errors } = await openMuseum(t, '/');
  page.setDefaultTimeout(20_000);
  await visit(page, 'computox');
  const EX = 'lm-exhibit-computox';
  assert.equal(await page.locator(`${EX} [data-tally]`).innerText(), '0 games finished; the machine: 0 wins, 0 draws, 0 losses');
  await page.click(`${EX} button[data-action="verify"]`);
  const clock = page.locator(`${EX} [data-run-clock]`);
  await clock.filter({ hasText: /^(elapsed|took) / }).waitFor();
  assert.match(await clock.innerText(), WALL_CPU);
  assert.equal(await page.locator(`${EX} [data-start-why]`).count(), 0, 'no "stop it first" under its own run');
  if (/^elapsed/.test(await clock.innerText())) {
    // U1's stepping control is not the check's: it does not turn to Pause.
    assert.equal(await page.locator(`${EX} lm-run-control button[data-action="pause"]`).count(), 0);
  }
  await clock.filter({ hasText: /^took / }).waitFor({ timeout: 300_000 });
  await page.goto(page.url().replace(/\/exhibits\/.*/, '/'));
  await visit(page, 'qubic');
  const tally = await page.locator('lm-exhibit-qubic [data-tally]').innerText();
  assert.match(tally.replace(/\s+/g, ' '), /you \(P\): 0 wins, 0 draws, 0 losses/);
  assert.doesNotMatch(tally, /ties|M wins/);
  assert.deepEqual(errors, []);
});

test('relay: the exhibit opens with the machine waiting for a key, not with "autoplay stopped"', async (t) => {
  const { page, errors } = await openMuseum(t, '/');
  await visit(page, 'relay');
  await page.waitForTimeout(2_000);
  assert.doesNotMatch(await message(page), /autoplay stopped/);
  // its tally in the terminal's words: draws, never ties
  const tally = await page.locator('lm-exhibit-relay p', { hasText: 'Games:' }).innerText();
  assert.match(tally, /draws \d/);
  assert.doesNotMatch(tally, /\bties?\b/);
  assert.deepEqual(errors, []);
});

test('threes: the swipe estimate in points with thousands; the select follows the network trained here', async (t) => {
  const { page, errors } = await openMuseum(t, '/');
  page.setDefaultTimeout(20_000);
  await visit(page, 'threes');
  const EX = 'lm-exhibit-threes';
  await page.click(`${EX} button[data-action="estimate"]`);
  const heat = page.locator(`${EX} [data-heat]`).first();
  await heat.waitFor();
  assert.match(await heat.innerText(), /^-?[\d,]+ points( \(best\))?$/);
  // A short training, then the network trained here plays: the select says so too.
  await page.selectOption(`${EX} select[data-setting="train_games"]`, { index: 0 });
  await page.click(`${EX} [data-learn] button[data-action="train"]`);
  await page.locator(`${EX} button[data-action="play-trained"]`).waitFor({ timeout: 300_000 });
  await page.click(`${EX} button[data-action="play-trained"]`);
  await page.locator(`${EX} [data-eval]`, { hasText: 'the network trained here' }).waitFor();
  const selected = await page.locator(`${EX} select[data-setting="eval"]`).evaluate((s) => s.options[s.selectedIndex].text);
  assert.equal(selected, 'the network trained here');
  assert.deepEqual(errors, []);
});

test('menace: seed 1 unless set, settable, and kept in the share link with the source rules named `source`', async (t) => {
  const { page, errors } = await openMuseum(t, '/');
  await visit(page, 'menace');
  assert.equal(await page.locator('[data-seed]').innerText(), '1');
  // The seed is shown once: the field beside it is for another, empty until typed in.
  assert.equal(await page.locator('input[data-seed-input]').inputValue(), '');
  assert.equal(await page.locator('input[data-seed-input]').getAttribute('placeholder'), 'another seed');
  await page.click('button[data-action="set-seed"]');
  assert.equal(await page.locator('[data-seed]').innerText(), '1', 'an empty field sets no seed');
  const link = await page.locator('lm-exhibit-page a[data-share]').getAttribute('href');
  assert.match(link, /[?&]seed=1(&|$)/);
  assert.match(link, /[?&]preset=source(&|$)/);
  assert.doesNotMatch(link, /preset=seed/);
  await page.fill('input[data-seed-input]', '42');
  await page.click('button[data-action="set-seed"]');
  await page.locator('[data-seed]', { hasText: '42' }).waitFor();
  assert.match(await page.locator('lm-exhibit-page a[data-share]').getAttribute('href'), /[?&]seed=42(&|$)/);
  // The link read back: seed and rules as set.
  await page.goto(new URL(link.replace('seed=1', 'seed=7'), page.url()).href);
  await page.locator('[data-seed]', { hasText: '7' }).waitFor();
  assert.deepEqual(errors, []);
});
