// The museum's long runs as a visitor meets them, reached by clicking from the home page:
// a run counted in the machine's own units (MENACE's training in games, not in batches),
// the one spelling of wall and CPU time, the 4×4×4 proof's cost told before it starts
// against the museum's run limit, its time left estimated from the recorded work (not
// from the positions proved), what the limit does to it, and a queued run's buttons.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCREENSHOTS, launchBrowser, openMuseum, startServer } from './helper.mjs';

const MENACE = 'lm-exhibit-menace';
const QUBIC = 'lm-exhibit-qubic';
const COMPUTOX = 'lm-exhibit-computox';

/** From the home page, the card of exhibit `kind`, as a visitor clicks it. */
async function visit(page, kind) {
  await page.locator(`article[data-machine="${kind}"] a.play`).click();
  await page.waitForURL(new RegExp(`/exhibits/${kind}(\\?|$)`));
  await page.locator(`lm-exhibit-${kind}`).waitFor();
}

/** The page's message line: its text and whether it is an error. */
async function message(page) {
  return page.locator('lm-exhibit-page .message').evaluate((el) => ({ kind: el.dataset.kind, text: el.textContent.trim() }));
}

/** Wall and CPU time as every page writes them. */
const WALL_CPU = /[\d.]+ (s|ms|µs|min \d\d s|h \d\d min) wall, [\d.]+ (s|ms|µs|min \d\d s|h \d\d min) CPU/;

test('menace: a training run counts games, and ends with its wall and CPU time', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/');
  page.setDefaultTimeout(20_000);
  await visit(page, 'menace');
  await page.selectOption(`${MENACE} select[data-setting="opponent"]`, 'random');
  assert.equal(await page.locator(`${MENACE} select[data-setting="train"]`).inputValue(), '100000');
  await page.click(`${MENACE} button[data-action="train"]`);
  const bar = page.locator(`${MENACE} [data-run-progress]`);
  await bar.filter({ hasText: /100,000 of 100,000 games, [\d,]+ games\/s — finished/ }).waitFor({ timeout: 120_000 });
  // The museum's note counts games, not the 100 batches of 1,000 it played them in.
  const note = page.locator('lm-exhibit-page .message', { hasText: 'Training finished' });
  await note.waitFor();
  const m = await message(page);
  assert.equal(m.kind, 'note');
  // One shape for every run's note, with what was kept.
  assert.match(m.text, new RegExp(`^Training finished: 100,000 of 100,000 games trained in ${WALL_CPU.source}; the boxes keep the 100,000 games' beads$`));
  const clock = await page.locator(`${MENACE} [data-run-clock]`).innerText();
  assert.match(clock, new RegExp(`^took ${WALL_CPU.source}$`));
  // The clock and the note say the same times, to the digit (one rounding for both).
  assert.equal(clock.match(WALL_CPU)[0], m.text.match(WALL_CPU)[0]);
  assert.match(await page.locator('lm-log ol').innerText(), /training run: 100,000 of 100,000 games, finished/);
  await shot('runs-menace-games');
  assert.deepEqual(errors, []);
});

test('qubic: the proof from the empty board tells its cost against the run limit, estimates what is left from the recorded work, and says when the limit stopped it', async (t) => {
  // A museum whose runs stop after a minute: the proof from scratch cannot finish.
  const { page, shot, errors } = await openMuseum(t, '/', { serverArgs: ['--run-minutes', '1'] });
  page.setDefaultTimeout(20_000);
  await visit(page, 'qubic');
  // Each choice says what it cost here.
  const options = await page.locator(`${QUBIC} select[data-setting="prove_after"] option`).allInnerTexts();
  assert.ok(options.some((o) => /^from the empty board \(.+ CPU\)$/.test(o)), options.join(' | '));
  await page.selectOption(`${QUBIC} select[data-setting="prove_after"]`, '0');
  // Before it starts: the measured cost, the museum's limit, what happens at the limit.
  const cost = page.locator(`${QUBIC} [data-proof-cost]`);
  await cost.waitFor();
  const text = (await cost.innerText()).replace(/\s+/g, ' ');
  assert.match(text, /Measured on this machine \(2 cores, (release|development) build.*\): the proof from the empty board took .+ of CPU/);
  assert.match(text, /A run stops at the museum's limit of 1 minute: this proof cannot finish within it \(it would need [\d.]+ cores the whole time\)/);
  assert.match(text, /A proof stopped at the limit shows the positions it proved but keeps no certificate/);
  await shot('runs-qubic-cost');
  await page.click(`${QUBIC} button[data-action="prove"]`);
  // While it runs: wall and the proof's own CPU, and the estimate from the recorded CPU
  // at the pace the run gets, saying so (not "at the rate so far" of positions proved).
  const clock = page.locator(`${QUBIC} [data-proof] [data-run-clock]`);
  await clock.filter({ hasText: /^elapsed / }).waitFor({ timeout: 30_000 });
  assert.match(await clock.innerText(), new RegExp(`^elapsed ${WALL_CPU.source}`));
  const basis = page.locator(`${QUBIC} [data-proof] [data-eta-basis]`);
  await basis.filter({ hasText: /this run has used .+ at (?:[\d.]+ cores?|(?:about )?[\d.]+ % of a core) now/ }).waitFor({ timeout: 40_000 });
  assert.match(await basis.innerText(), /^Estimated: the recorded runs? from the empty board needed .+ of CPU \((release|development) build\)/);
  assert.match(await clock.innerText(), /about .+ left(?! at the rate so far)/);
  await shot('runs-qubic-estimate');
  // The limit stops it: the page says so, and what it kept.
  const stopped = page.locator(`${QUBIC} [data-proof-timed-out]`);
  await stopped.waitFor({ timeout: 90_000 });
  assert.match(await stopped.innerText(), /Stopped at the museum's limit of 1 minute before the end: \d+ of 12 positions proved; no certificate kept/);
  assert.match(await clock.innerText(), new RegExp(`^took ${WALL_CPU.source}: stopped at the museum's limit of 1 minute$`));
  const m = await message(page);
  assert.match(m.text, /^The proof stopped by the museum's limit of 1 minute \(--run-minutes\) after .*\d+ positions? proved: .* wall, .* CPU; /);
  await shot('runs-qubic-limit');
  assert.deepEqual(errors, []);
});

test("a queued run's buttons: its place and Stop while it waits, the start button disabled with the reason, and right again once it starts or is cancelled", async (t) => {
  // One run slot for the museum; two runs a client, so this browser can queue one.
  const server = await startServer(['--runs', '1', '--runs-per-client', '2']);
  t.after(() => server.stop());
  const browser = await launchBrowser();
  t.after(() => browser.close());
  const errors = [];
  const open = async () => {
    const p = await browser.context.newPage();
    p.setDefaultTimeout(20_000);
    p.on('pageerror', (e) => errors.push(String(e)));
    p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await p.goto(`${server.url}/`);
    return p;
  };
  // One visitor's proof from the empty board holds the slot.
  const proof = await open();
  await visit(proof, 'qubic');
  await proof.selectOption(`${QUBIC} select[data-setting="prove_after"]`, '0');
  await proof.click(`${QUBIC} button[data-action="prove"]`);
  await proof.locator(`${QUBIC} [data-proof-progress]`).waitFor({ timeout: 60_000 });
  // Another page's circuit check waits for it.
  const check = await open();
  await visit(check, 'computox');
  const start = check.locator(`${COMPUTOX} button[data-action="verify"]`);
  const stop = check.locator(`${COMPUTOX} button[data-action="stop-verify"]`);
  assert.ok(await start.isEnabled());
  assert.ok(await stop.isDisabled());
  await start.click();
  await check.locator('lm-exhibit-page [data-run-queue]').waitFor();
  assert.match(await check.locator('lm-exhibit-page [data-run-queue]').innerText(), /place 1 of 1/);
  const why = check.locator(`${COMPUTOX} [data-start-why]`);
  await why.waitFor();
  // Its place is said once, in the banner; the reason beside the button does not repeat it.
  assert.equal(await why.innerText(), 'Your run waits for a run slot: Stop takes it out of the queue.');
  assert.ok(await start.isDisabled());
  assert.equal(await start.getAttribute('title'), await why.innerText());
  assert.ok(await stop.isEnabled());
  assert.equal((await stop.innerText()).trim(), 'Stop');
  mkdirSync(SCREENSHOTS, { recursive: true });
  await check.screenshot({ path: join(SCREENSHOTS, 'runs-queued-buttons.png'), fullPage: true });
  // Stop: out of the queue, the buttons as before.
  await stop.click();
  await check.locator('lm-exhibit-page [data-run-queue]').waitFor({ state: 'detached' });
  await why.waitFor({ state: 'detached' });
  assert.ok(await start.isEnabled());
  assert.ok(await stop.isDisabled());
  assert.equal((await stop.innerText()).trim(), 'Stop');
  // And the message line says what happened to it.
  const note = check.locator('lm-exhibit-page .message', { hasText: 'waited for a run slot' });
  await note.waitFor();
  assert.match(await note.innerText(), /^The check stopped by Stop while it waited for a run slot; nothing was done/);
  // Asked again, it waits again; when the proof stops, it starts by itself.
  await start.click();
  await check.locator('lm-exhibit-page [data-run-queue]').waitFor();
  await proof.click(`${QUBIC} button[data-action="stop-proof"]`);
  await check.locator('lm-exhibit-page [data-run-queue]').waitFor({ state: 'detached', timeout: 30_000 });
  await check.locator(`${COMPUTOX} [data-run-clock]`).waitFor();
  // Going: Stop stops it, the start button says why it waits.
  const going = await check.locator(`${COMPUTOX} [data-run-clock]`).innerText();
  if (/^elapsed/.test(going)) {
    assert.equal((await stop.innerText()).trim(), 'Stop');
    assert.ok(await start.isDisabled());
  }
  // At its end: start again, nothing to stop.
  await check.locator(`${COMPUTOX} [data-run-clock]`, { hasText: /^took / }).waitFor({ timeout: 300_000 });
  await check.waitForFunction(() => {
    const ex = document.querySelector('lm-exhibit-page')?.shadowRoot?.querySelector('lm-exhibit-computox');
    return ex?.shadowRoot?.querySelector('button[data-action="verify"]')?.disabled === false;
  });
  assert.ok(await stop.isDisabled());
  assert.equal(await why.count(), 0);
  assert.deepEqual(errors, []);
});
