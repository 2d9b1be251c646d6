import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openMuseum } from './helper.mjs';

const ex = 'lm-exhibit-relay';
const paper = (page) => page.locator(`${ex} [data-paper]`).innerText();

test('relay: the teletype answers a key, a DIP switch flips, step, and an assembly error', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/relay');
  // Switched on, the tic-tac-toe ROM runs to its first halt: it prints 8 (the centre).
  await page.locator(`${ex} [data-status]`, { hasText: 'waiting for a key' }).waitFor();
  assert.equal(await paper(page), '8');
  assert.equal(await page.locator(`${ex} [data-rom-words] .word`).count(), 64);

  // Type 0 on the teletype: it echoes 0 and answers 7 (left of 0).
  await page.click(`${ex} button[data-key="0"]`);
  await page.locator(`${ex} [data-paper]`, { hasText: '807' }).waitFor();
  // A key from the keyboard too: 1 does not block 7-8-3, so it wins on 3 and prints 9 9.
  await page.keyboard.press('1');
  await page.locator(`${ex} [data-paper]`, { hasText: '8071399' }).waitFor();
  await page.locator(`${ex} [data-outcome]`, { hasText: 'The machine wins' }).waitFor();
  // The game is over: Step and Run are off, and the page says why.
  assert.ok(await page.locator(`${ex} button[data-action="step"]`).isDisabled());
  assert.ok(await page.locator(`${ex} button[data-action="run"]`).isDisabled());
  assert.match(await page.locator(`${ex} [data-why-off]`).innerText(), /Step and Run are off: .*Panel reset/);
  await shot('relay-game');

  // Flip a DIP switch: bit 0 of word 0 turns MOVI A, 8 into MOVI A, 9.
  await page.click(`${ex} [data-address="0"] button[data-bit="0"]`);
  await page.locator(`${ex} [data-address="0"] .text`, { hasText: 'MOVI A, 9' }).waitFor();
  await page.locator(`${ex} [data-address="0"] button[data-bit="0"][aria-pressed="true"]`).waitFor();

  // An assembly error, with line and column; the ROM stays.
  await page.fill(`${ex} textarea[data-source]`, 'NOP\n  ADD A, A, 9\n');
  await page.click(`${ex} button[data-action="assemble"]`);
  await page.locator('lm-exhibit-page .message', { hasText: 'line 2, column 13' }).waitFor();
  assert.match(await page.locator(`${ex} [data-address="0"] .text`).innerText(), /MOVI A, 9/);
  await shot('relay-assembly-error');

  // A good source assembles in place; step through it.
  await page.fill(`${ex} textarea[data-source]`, 'MOVI A, 3\nSTORE A, 0x90\nHALT\n');
  await page.click(`${ex} button[data-action="assemble"]`);
  await page.locator(`${ex} [data-address="0"] .text`, { hasText: 'MOVI A, 3' }).waitFor();
  await page.click(`${ex} button[data-action="step"]`);
  await page.locator(`${ex} [data-status]`, { hasText: 'PC 0x01' }).waitFor();
  assert.match(await page.locator('lm-log ol').innerText(), /0x00: MOVI A, 3 — A 0x00→0x03/);
  await page.click(`${ex} button[data-action="step"]`);
  await page.locator(`${ex} [data-paper]`, { hasText: '3' }).waitFor();
  await shot('relay-stepped');
  assert.deepEqual(errors, []);
});

test('relay: Start at the first HALT before any key reads the latch as 0, and the game is read from the paper', async (t) => {
  const { page, errors } = await openMuseum(t, '/exhibits/relay');
  await page.locator(`${ex} [data-status]`, { hasText: 'waiting for a key' }).waitFor();
  // Start wakes the CPU with the latch empty: it reads 0, echoes it and answers 7.
  await page.click(`${ex} button[data-action="start"]`);
  await page.locator(`${ex} [data-paper]`, { hasText: '807' }).waitFor();
  await page.locator(`${ex} [data-status]`, { hasText: 'waiting for a key' }).waitFor();
  // The board shows the 0 the CPU read as O's and the machine's 7.
  await page.locator(`${ex} lm-board`).getByText('O').first().waitFor();
  // Key 1: the same paper as keys 0 and 1, a machine win — in the status, the tally and the Log.
  await page.keyboard.press('1');
  await page.locator(`${ex} [data-paper]`, { hasText: '8071399' }).waitFor();
  await page.locator(`${ex} [data-outcome]`, { hasText: 'The machine wins' }).waitFor();
  assert.match(await page.locator(`${ex} [data-outcome]`).innerText(), /X\s*wins 1, draws 0,/);
  await page.locator('lm-log ol', { hasText: 'The machine wins (it printed 9 9).' }).waitFor();
  assert.doesNotMatch(await page.locator('lm-log ol').innerText(), /A draw/);
  assert.deepEqual(errors, []);
});
