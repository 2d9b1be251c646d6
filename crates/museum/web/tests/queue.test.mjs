// The museum's run slots as visitors meet them in the page (issue 41): with one slot, a
// second run waits and the page shows its place; "Stop waiting" takes it out of the
// queue; asked again, it starts by itself when the slot frees; and a visitor over its
// runs is refused with a message that says why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCREENSHOTS, launchBrowser, startServer } from './helper.mjs';

async function open(browser, url, errors) {
  const p = await browser.context.newPage();
  p.setDefaultTimeout(20_000);
  p.on('pageerror', (e) => errors.push(String(e)));
  p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await p.goto(url);
  return p;
}

const QUBIC = 'lm-exhibit-qubic';
const MENACE = 'lm-exhibit-menace';

test('runs wait their turn for a slot, their place shown, and a visitor runs its share', async (t) => {
  // One run slot; two runs a client, so that this browser's pages can fill the queue.
  const server = await startServer(['--runs', '1', '--runs-per-client', '2']);
  t.after(() => server.stop());
  const browser = await launchBrowser();
  t.after(() => browser.close());
  const errors = [];
  // One page searches the proof from the empty board: it holds the slot for minutes.
  const proof = await open(browser, `${server.url}/exhibits/qubic`, errors);
  const prove = async () => {
    await proof.selectOption(`${QUBIC} select[data-setting="prove_after"]`, '0');
    await proof.click(`${QUBIC} button[data-action="prove"]`);
    await proof.locator(`${QUBIC} [data-proof-progress]`).waitFor({ timeout: 60_000 });
  };
  await prove();
  // Another page's training waits: its place is shown; Stop waiting takes it out.
  const train = await open(browser, `${server.url}/exhibits/menace?opponent=%22random%22`, errors);
  await train.click(`${MENACE} button[data-action="train"]`);
  const queue = train.locator('lm-exhibit-page [data-run-queue]');
  await queue.waitFor();
  assert.match(await queue.innerText(), /waits for one of the museum's run slots[\s\S]*place 1 of 1[\s\S]*starts by itself/);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await train.screenshot({ path: join(SCREENSHOTS, 'queue-waiting.png') });
  await train.click('lm-exhibit-page button[data-action="stop-waiting"]');
  await queue.waitFor({ state: 'detached' });
  // Its log ends saying the run left the queue and never started, not on its place.
  const left = train.locator('lm-log ol li').last();
  await train.locator('lm-log ol li', { hasText: 'while it waited for a run slot' }).waitFor();
  assert.equal(await left.innerText(), 'Training stopped by Stop while it waited for a run slot; nothing was done');
  assert.ok(await train.locator(`${MENACE} button[data-action="train"]`).isEnabled());
  // Asked again it waits again; a third run of this browser is one too many.
  await train.click(`${MENACE} button[data-action="train"]`);
  const clickedAt = Date.now();
  await queue.waitFor();
  // While it waits, its clock tells the wait apart, in tenths of a second (its place is
  // said once, in the banner); the run's own clock has not started.
  const clock = train.locator(`${MENACE} [data-run-clock]`);
  await train.waitForTimeout(1500);
  const waiting = await clock.innerText();
  assert.match(waiting, /^waiting for a run slot, waited [\d.]+ s; the run's clock starts when it does$/);
  assert.match(await queue.innerText(), /place 1 of 1/);
  assert.doesNotMatch(waiting, /elapsed/);
  const check = await open(browser, `${server.url}/exhibits/computox`, errors);
  await check.click('lm-exhibit-computox button[data-action="verify"]');
  const message = check.locator('lm-exhibit-page .message', { hasText: 'going or waiting already' });
  await message.waitFor();
  assert.match(await message.innerText(), /this client \(127\.0\.0\.1\) has 2 runs going or waiting already \(prove on a qubic visit; play_games × 100 on a menace visit\)[\s\S]*--runs-per-client/);
  // The proof stops: the training starts by itself, its clock running.
  await proof.click(`${QUBIC} button[data-action="stop-proof"]`);
  await queue.waitFor({ state: 'detached', timeout: 30_000 });
  await train.locator(`${MENACE} [data-run-progress]`).waitFor();
  await train.locator(`${MENACE} [data-run-clock]`).waitFor();
  const ran = await train.locator(`${MENACE} [data-run-clock]`).innerText();
  assert.match(ran, /(elapsed|took) [\d.]+ (?:µs|ms|s|min \d\d s) wall, [\d.]+ (?:µs|ms|s|min \d\d s) CPU/);
  // The run's clock counts from its start, not from the click: the wait is not in it.
  const wall = ran.match(/(?:elapsed|took) ([\d.]+) (µs|ms|s) wall/);
  if (wall) {
    const ms = Number(wall[1]) * { 'µs': 1e-3, ms: 1, s: 1000 }[wall[2]];
    assert.ok(ms <= Date.now() - clickedAt - 1000, `${ran}, ${Date.now() - clickedAt} ms after the click`);
  }
  assert.deepEqual(errors, []);
});
