// What a newcomer met in the museum, each reached from the home page by clicks: the
// museum gone away (said before the visitor clicks, and after), the arena's descriptions
// following the form and its short times, the logic lamps, the bell's count, the regex
// alphabet, and times kept on one line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openMuseum } from './helper.mjs';

const GONE = 'The museum is not answering (stopped?): reload the page when it is back.';

async function enter(page, kind) {
  await page.locator(`article[data-machine="${kind}"] a.play, section[data-arena] a.play`).first().waitFor();
  await page.click(kind === 'arena' ? 'section[data-arena] a.play' : `article[data-machine="${kind}"] a.play`);
  await page.waitForURL(new RegExp(`/exhibits/${kind}`));
}

test('the museum stopped: the page says so before a click, and a click says it again', async (t) => {
  const { page, server, shot } = await openMuseum(t, '/');
  await enter(page, 'tictactoe');
  await page.locator('lm-exhibit-tictactoe [data-status]').waitFor();
  server.stop();
  // The event stream closes: the page says so without being touched.
  await page.locator('lm-exhibit-page .message', { hasText: GONE }).waitFor({ timeout: 15_000 });
  await shot('museum-gone');
  await page.locator('lm-exhibit-tictactoe lm-board button[data-square="4"]').click();
  await page.waitForTimeout(500);
  const said = await page.locator('lm-exhibit-page .message').innerText();
  assert.equal(said, GONE);
  assert.doesNotMatch(await page.locator('lm-exhibit-page').innerText(), /Failed to fetch|TypeError/);
});

test('arena: the descriptions follow the form at once; a short tournament in ms, not 0 s', async (t) => {
  const { page, errors } = await openMuseum(t, '/');
  await enter(page, 'arena');
  const EX = 'lm-exhibit-arena';
  await page.locator(`${EX} [data-desc]`).waitFor();
  await page.selectOption(`${EX} select[data-setting="a"]`, 'menace-trained');
  await page.selectOption(`${EX} select[data-setting="b"]`, 'computox-beatable');
  // Before Apply or Run.
  await page.locator(`${EX} [data-desc]`, { hasText: /A: MENACE after 2,000 games/ }).waitFor({ timeout: 3000 });
  await page.fill(`${EX} input[data-setting="games"]`, '3');
  await page.click(`${EX} button[data-action="run"]`);
  const clock = page.locator(`${EX} p[data-run-clock]`, { hasText: /^took / });
  await clock.waitFor({ timeout: 30_000 });
  const took = await clock.innerText();
  assert.doesNotMatch(took, /\b0 s\b/, took);
  assert.match(took, /^took [\d.]+ (ns|µs|ms|s) wall, [\d.]+ (ns|µs|ms|s) CPU$/);
  assert.match(await page.locator(`${EX} [data-desc]`).innerText(), /A: MENACE after 2,000 games/);
  assert.deepEqual(errors, []);
});

test('words: one name for the logic bench, its lamps one word a state; the bell; the alphabet', async (t) => {
  const { page, url, errors } = await openMuseum(t, '/');
  const card = page.locator('article[data-machine="logic"]');
  await card.waitFor();
  assert.match(await card.locator('h2, h3').first().innerText(), /^The logic bench$/);
  await enter(page, 'logic');
  assert.equal(await page.locator('lm-exhibit-page h1').innerText(), 'The logic bench');
  const lamp = page.locator('lm-exhibit-logic [data-lamp="Q"] lm-lamp');
  await lamp.waitFor();
  assert.equal(await lamp.evaluate((e) => [...e.shadowRoot.querySelectorAll('span')].map((s) => s.textContent).filter(Boolean).join(' ')), 'Q unknown');

  await page.goto(url + '/');
  await enter(page, 'computox');
  const bell = page.locator('lm-exhibit-computox [data-bell]');
  if (await bell.count()) assert.equal(await bell.innerText(), 'the bell has not rung');
  assert.doesNotMatch(await page.locator('lm-exhibit-computox').innerText(), /rang \d+×/);

  await page.goto(url + '/');
  await enter(page, 'regex');
  const alphabet = page.locator('lm-exhibit-regex [data-alphabet]');
  await alphabet.waitFor();
  assert.doesNotMatch(await alphabet.innerText(), /\w-\w/);
  assert.deepEqual(errors, []);
});

test('threes: a time in the cost of training is kept on one line', async (t) => {
  const { page, errors } = await openMuseum(t, '/');
  await enter(page, 'threes');
  const cost = page.locator('lm-exhibit-threes [data-train-cost]');
  await cost.waitFor();
  const kept = cost.locator('span.kept');
  assert.ok(await kept.count() > 0, 'the measured runs are told');
  for (const s of await kept.all()) {
    assert.equal(await s.evaluate((e) => getComputedStyle(e).whiteSpace), 'nowrap');
    assert.equal(await s.evaluate((e) => e.getClientRects().length), 1, `${await s.innerText()} on one line`);
  }
  assert.deepEqual(errors, []);
});
