import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openMuseum } from './helper.mjs';

const status = (page) => page.locator('lm-exhibit-tictactoe [data-status]').innerText();

test('tictactoe: a game against the perfect player, played to the end by clicks', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/tictactoe?x=human&o=perfect&seed=7');
  await page.locator('lm-exhibit-tictactoe [data-status]').waitFor();
  assert.match(await status(page), /Your move: X/);
  assert.equal(await page.locator('[data-seed]').innerText(), '7');
  // The URL carries the whole config, so the link recreates it.
  assert.match(page.url(), /x=human/);
  assert.match(page.url(), /o=perfect/);
  assert.match(page.url(), /seed=7/);

  // Click the first free square until the game is over (at most five X moves).
  for (let i = 0; i < 5; i++) {
    if (!/Your move/.test(await status(page))) break;
    const free = page.locator('lm-exhibit-tictactoe lm-board button:not([disabled])').first();
    const before = await page.locator('lm-exhibit-tictactoe lm-board button.o').count();
    await free.click();
    // The machine answers in the same action unless X's move ended the game.
    await page.waitForFunction(
      (n) => {
        const ex = document.querySelector('lm-exhibit-page')?.shadowRoot?.querySelector('lm-exhibit-tictactoe');
        const board = ex?.shadowRoot?.querySelector('lm-board');
        const os = board?.shadowRoot?.querySelectorAll('button.o').length ?? 0;
        const st = ex?.shadowRoot?.querySelector('[data-status]')?.textContent ?? '';
        return os > n || !/Your move/.test(st);
      },
      before,
    );
  }
  const end = await status(page);
  assert.match(end, /O wins|A draw/, 'the perfect player never loses');
  assert.match(await page.locator('lm-exhibit-tictactoe [data-tally]').innerText(), /game\s+1/);
  const log = await page.locator('lm-log ol').innerText();
  assert.match(log, /O \(perfect\) on square \d: keeps/);
  assert.match(log, /O wins|A draw/);
  await shot('tictactoe-game-over');

  // Keyboard: n starts a new game; a digit plays a square.
  await page.keyboard.press('n');
  await page.locator('lm-exhibit-tictactoe [data-tally]', { hasText: 'game 2' }).waitFor();
  await page.keyboard.press('5');
  await page.locator('lm-exhibit-tictactoe lm-board button[data-square="4"]', { hasText: 'X' }).waitFor();

  // An illegal click is impossible (occupied squares are disabled); the API's refusal
  // shows as a message: play an occupied square through the keyboard.
  await page.keyboard.press('5');
  await page.locator('lm-exhibit-page .message', { hasText: 'already taken' }).waitFor();
  assert.deepEqual(errors, []);
});

test('tictactoe: machines on both sides run, pause and step', async (t) => {
  const { page, shot } = await openMuseum(t, '/exhibits/tictactoe?x=random&o=perfect&seed=3');
  await page.locator('lm-run-control').waitFor();
  await page.click('lm-run-control button[data-action="step"]');
  await page.locator('lm-exhibit-tictactoe lm-board button.x').first().waitFor();
  await page.click('lm-run-control button[data-action="run"]');
  await page.locator('lm-exhibit-tictactoe [data-tally]', { hasText: 'game 3' }).waitFor({ timeout: 20_000 });
  await page.click('lm-run-control button[data-action="pause"]');
  await page.locator('lm-run-control button[data-action="run"]').waitFor();
  const tally = await page.locator('lm-exhibit-tictactoe [data-tally]').innerText();
  assert.match(tally, /X wins\s*0/, 'random never beats perfect');
  await shot('tictactoe-autoplay');
  // Reset replays the same seed from game 1.
  await page.click('button[data-action="reset"]');
  await page.locator('lm-exhibit-tictactoe [data-tally]', { hasText: 'game 1' }).waitFor();
});
