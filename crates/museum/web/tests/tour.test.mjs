// Every exhibit reached by clicking, as a visitor does (issue 41): from the home page,
// each card's link, the exhibit with its default settings, its own buttons and selectors
// (no settings in the address), then back to the home page by its link. The long runs a
// class starts are run to their end: MENACE trained, the Computox's circuit checked, the
// 4×4×4 proof found after Patashnik's first 9 stones — and the proof just watched played.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openMuseum } from './helper.mjs';

/** The page's message line when it shows an error (red), or ''. */
async function errorLine(page) {
  const [kind, text] = await page.locator('lm-exhibit-page .message').evaluate((el) => [el.dataset.kind, el.textContent.trim()]);
  return kind === 'error' ? text : '';
}

/** What a visitor does first in each exhibit, and what shows that it worked. */
const FIRST_STEPS = {
  tictactoe: async (page, ex) => {
    await page.locator(`${ex} lm-board button:not([disabled])`).first().click();
    await page.locator(`${ex} lm-board button.o`).first().waitFor();
  },
  menace: async (page, ex) => {
    // MENACE (X) has opened; the visitor answers.
    await page.locator(`${ex} lm-board button.x`).first().waitFor();
    await page.locator(`${ex} lm-board button:not([disabled])`).first().click();
    await page.locator(`${ex} lm-board button.o`).first().waitFor();
    // Training needs a machine opponent: the visitor picks one.
    await page.selectOption(`${ex} select[data-setting="opponent"]`, 'random');
    await page.locator(`${ex} button[data-action="train"]`).waitFor();
    // The run's time limit is told before it starts.
    assert.match(await page.locator(`${ex} lm-run-clock [data-run-limit]`).innerText(), /A run stops at the museum's limit of 10 minutes\./);
    await page.click(`${ex} button[data-action="train"]`);
    await page.locator(`${ex} [data-run-progress]`, { hasText: 'finished' }).waitFor({ timeout: 300_000 });
    assert.match(await page.locator(`${ex} [data-run-clock]`).innerText(), /took [\d.]+ (?:µs|ms|s|min \d\d s) wall, [\d.]+ (?:µs|ms|s|min \d\d s) CPU/);
  },
  hexapawn: async (page, ex) => {
    await page.locator(`${ex} [data-boxes] [data-box]`).first().waitFor();
    assert.equal(await page.locator(`${ex} [data-boxes] [data-box]`).count(), 19);
    await page.locator(`${ex} lm-board button:not([disabled])`).first().click();
  },
  computox: async (page, ex) => {
    await page.click(`${ex} button[data-square="E"]`);
    // The machine's answer stepped out to its end (an O lamp lit, a square to press)
    // before the check is clicked: while U1 steps the check's button is disabled, and a
    // click as it turns disabled would be lost (seen under load).
    await page.locator(`${ex} button[data-square="E"] .bulb.x.on`).waitFor();
    await page.locator(`${ex} button.sq .bulb.o.on`).first().waitFor({ timeout: 60_000 });
    await page.locator(`${ex} [data-status]`, { hasText: 'Press a square' }).waitFor({ timeout: 60_000 });
    await page.click(`${ex} button[data-action="verify"]`);
    // Checked to its end, or refused: a refusal is named, not waited out.
    const agreed = page.locator(`${ex} [data-verify-count]`, { hasText: '690 of 690 positions — the circuit agrees' });
    // (The message line is there when empty, kind "error" by default: a refusal has words.)
    const refused = page.locator('lm-exhibit-page .message[data-kind="error"]', { hasText: /\S/ });
    await agreed.or(refused).first().waitFor({ timeout: 300_000 });
    assert.equal(await errorLine(page), '', 'computox: the check refused');
    // The count can reach its end a moment before the run's end arrives (the count comes
    // with the last progress report, the clock's "took" with the end): wait for the end.
    await page
      .locator(`${ex} [data-run-clock]`, { hasText: /took [\d.]+ (?:µs|ms|s|min \d\d s) wall, [\d.]+ (?:µs|ms|s|min \d\d s) CPU/ })
      .waitFor({ timeout: 30_000 })
      .catch(() => {});
    const clock = await page.locator(`${ex} [data-run-clock]`).innerText({ timeout: 1000 }).catch(() => '(no run clock on the page)');
    if (!/took [\d.]+ (?:µs|ms|s|min \d\d s) wall, [\d.]+ (?:µs|ms|s|min \d\d s) CPU/.test(clock)) {
      // Seen once on a machine under a load of 20: the count at its end, the clock at the
      // run's start. The page's log says what came in which order.
      const log = await page.locator('lm-log ol').innerText({ timeout: 1000 }).catch(() => '');
      const message = await page.locator('lm-exhibit-page .message').innerText({ timeout: 1000 }).catch(() => '');
      assert.fail(`the check's clock: ${clock}\nthe message line: ${message}\nthe log's end:\n${log.split('\n').slice(-12).join('\n')}`);
    }
  },
  relay: async (page, ex) => {
    await page.locator(`${ex} [data-status]`, { hasText: 'waiting for a key' }).waitFor({ timeout: 20_000 });
    await page.click(`${ex} button[data-key="0"]`);
    await page.locator(`${ex} [data-paper]`, { hasText: '807' }).waitFor();
  },
  logic: async (page, ex) => {
    await page.locator(`${ex} [data-latch]`).waitFor();
    await page.locator(`${ex} button[data-button]`).first().click();
  },
  qubic: async (page, ex) => {
    await page.click(`${ex} .grid button[data-cell="111"]`);
    await page.locator(`${ex} .grid button[data-cell="111"]`, { hasText: 'P' }).waitFor();
    // Watch the proof after Patashnik's first 9 stones (the default), then play it.
    // Said once, in the proof's cost (no run clock before the run).
    assert.match(await page.locator(`${ex} [data-proof] [data-proof-limit]`).innerText(), /A run stops at the museum's limit of 10 minutes/);
    assert.equal(await page.locator(`${ex} [data-proof] [data-run-limit]`).count(), 0);
    await page.click(`${ex} button[data-action="prove"]`);
    await page.locator(`${ex} [data-proof-verdict]`, { hasText: 'Proved' }).waitFor({ timeout: 300_000 });
    assert.match(await page.locator(`${ex} [data-proof] [data-run-clock]`).innerText(), /took [\d.]+ (?:µs|ms|s|min \d\d s) wall, [\d.]+ (?:µs|ms|s|min \d\d s) CPU/);
    await page.click(`${ex} button[data-action="play-proof"]`);
    await page.locator(`${ex} [data-certificate]`, { hasText: 'the certificate your proof found' }).waitFor({ timeout: 30_000 });
    assert.match(await page.locator(`${ex} [data-certificate]`).innerText(), /Patashnik's first 9 stones, then the search/);
    // The machine opens and wins whatever the visitor plays.
    await page.locator(`${ex} .grid button.machine`).first().waitFor();
  },
  threes: async (page, ex) => {
    await page.locator(`${ex} [data-board]`).waitFor();
    await page.locator(`${ex} .pad button[data-swipe]:not([disabled])`).first().click();
    await page.locator(`${ex} [data-moves]`, { hasText: /^1$/ }).waitFor();
  },
  regex: async (page, ex) => {
    // The card opens the first shipped puzzle: no red line, a grid to fill.
    await page.locator(`${ex} [data-uniqueness]`).waitFor();
    assert.equal(await errorLine(page), '');
    assert.ok(await page.locator(`${ex} svg.grid [data-cell]`).count() > 1);
    await page.click(`${ex} button[data-action="deduce"]`);
    await page.locator(`${ex} [data-step-number]`, { hasText: '1' }).waitFor();
  },
  arena: async (page, ex) => {
    await page.locator(`${ex} [data-desc]`).waitFor();
    // Watch it: the game plays itself move by move.
    await page.click(`${ex} button[data-action="watch"]`);
    await page.locator(`${ex} [data-board] .cell.x`).first().waitFor();
    await page.click(`${ex} lm-run-control button[data-action="pause"]`);
  },
};

test('every exhibit, reached by clicking from the home page with its default settings', async (t) => {
  const { page, shot, errors, url } = await openMuseum(t, '/');
  page.setDefaultTimeout(20_000);
  await page.locator('article[data-machine] a.play').first().waitFor();
  const cards = await page.locator('article[data-machine]').evaluateAll((as) => as.map((a) => a.dataset.machine));
  const kinds = [...cards, 'arena'];
  assert.deepEqual(new Set(Object.keys(FIRST_STEPS)), new Set(kinds), 'a first step for every card');
  for (const kind of kinds) {
    const link = kind === 'arena' ? 'section[data-arena] a.play' : `article[data-machine="${kind}"] a.play`;
    await page.click(link);
    await page.waitForURL(new RegExp(`/exhibits/${kind}(\\?|$)`));
    const ex = `lm-exhibit-${kind}`;
    await page.locator(ex).waitFor();
    // The address carries the defaults the server filled in; nothing went wrong.
    assert.equal(await errorLine(page), '', `${kind}: an error line`);
    await FIRST_STEPS[kind](page, ex);
    assert.equal(await errorLine(page), '', `${kind}: an error line after its first steps`);
    await shot(`tour-${kind}`);
    await page.click('lm-exhibit-page nav a');
    await page.waitForURL(`${url}/`);
    await page.locator('article[data-machine] a.play').first().waitFor();
  }
  assert.deepEqual(errors, []);
});

test('a class on one network: the address and its QR code on the home page, at 1280 px', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/', { serverArgs: ['--bind', '0.0.0.0'] });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.click('button[data-action="show-address"]');
  const urls = page.locator('[data-class-urls]');
  const local = page.locator('[data-class-local]');
  await urls.or(local).first().waitFor();
  if (await local.count()) {
    // A machine with no network address but loopback: the page says how to let a class in.
    assert.match(await local.innerText(), /--bind 0\.0\.0\.0/);
  } else {
    assert.match(await urls.innerText(), /^http:\/\/[\d.:[\]a-f]+:\d+\//);
    const qr = page.locator('img[data-class-qr]');
    await qr.waitFor();
    await page.waitForFunction(() => document.querySelector('lm-app lm-home')?.shadowRoot?.querySelector('img[data-class-qr]')?.naturalWidth > 0);
    assert.match(await qr.getAttribute('alt'), /QR code of http:\/\//);
  }
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true, 'no sideways scrolling');
  await shot('class-1280');
  await page.click('button[data-action="show-address"]');
  await page.locator('[data-class]').waitFor({ state: 'detached' });
  assert.deepEqual(errors, []);
});

test('the home page on loopback says how to let a class in', async (t) => {
  const { page, errors } = await openMuseum(t, '/');
  await page.click('button[data-action="show-address"]');
  assert.match(await page.locator('[data-class-local]').innerText(), /answers this machine only[\s\S]*ludomat serve --bind 0\.0\.0\.0/);
  assert.deepEqual(errors, []);
});
