import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openMuseum } from './helper.mjs';

const EX = 'lm-exhibit-computox';
const text = (page, sel) => page.locator(`${EX} ${sel}`).innerText();

test('computox: step U1 contact by contact, the interlock, a game to the end by clicks', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/computox?seed=3');
  await page.locator(`${EX} [data-status]`).waitFor();
  assert.equal(await page.locator('[data-seed]').innerText(), '3');
  assert.match(page.url(), /seed=3/);
  assert.match(page.url(), /variant=computox/);
  assert.match(await text(page, '[data-status]'), /Press a square/);
  assert.match(await text(page, '[data-position]'), /Contact 1 of 25 \(U1-N1\) — homed/);
  assert.equal(await text(page, '[data-counter]'), '0001');

  // Step by hand: U1 does not run by itself.
  await page.click(`${EX} input[data-setting="auto"]`);
  await page.click(`${EX} button[data-square="A"]`);
  await page.locator(`${EX} [data-status]`, { hasText: 'U1 steps' }).waitFor();
  await page.click('lm-run-control button[data-action="step"]');
  await page.locator(`${EX} [data-position]`, { hasText: 'Contact 2 of 25 (U1-N2) — stepping' }).waitFor();
  assert.match(await text(page, '[data-contact-checks]'), /U1-N2.*tactic 1 \(win\)/s);
  await page.click('lm-run-control button[data-action="step"]');
  await page.locator(`${EX} [data-position]`, { hasText: 'Contact 3 of 25' }).waitFor();
  await page.keyboard.press('s');
  await page.locator(`${EX} [data-position]`, { hasText: 'Contact 4 of 25' }).waitFor();
  await shot('computox-stepping');
  await page.click(`${EX} button[data-action="sweep"]`);
  await page.locator(`${EX} [data-position]`, { hasText: 'homed' }).waitFor();
  assert.match(await text(page, '[data-tactic]'), /E — U1-N18 fired, tactic 4 \(good square\)/);
  assert.match(await text(page, '[data-contact-checks]'), /fired: claims E/);
  assert.match(await page.locator('lm-log ol').innerText(), /U1 → U1-N17 \(tactic 3, fork prevention\): 6 checks, none closes/);

  // The interlock: pressing a lit square is refused, and nothing changes.
  await page.click(`${EX} button[data-square="E"]`);
  await page.locator('lm-exhibit-page .message', { hasText: 'the interlock refuses it' }).waitFor();
  assert.match(await text(page, '[data-status]'), /Press a square/);

  // Play on by clicks with U1 running by itself until the game ends.
  await page.click(`${EX} input[data-setting="auto"]`);
  for (let i = 0; i < 5; i++) {
    const status = await text(page, '[data-status]');
    if (/game is over/.test(status)) break;
    const free = page.locator(`${EX} button.sq:not(:has(.bulb.on))`).first();
    const letter = await free.getAttribute('data-square');
    await free.click();
    await page.locator(`${EX} button[data-square="${letter}"] .bulb.x.on`).waitFor();
    await page.waitForFunction(() => {
      const ex = document.querySelector('lm-exhibit-page')?.shadowRoot?.querySelector('lm-exhibit-computox');
      const st = ex?.shadowRoot?.querySelector('[data-status]')?.textContent ?? '';
      return /Press a square|game is over/.test(st);
    }, null, { timeout: 20_000 });
  }
  const end = await text(page, '[data-status]');
  assert.match(end, /O wins|A draw/, 'the Computox never loses with its X relay down');
  assert.match(await text(page, '[data-tally]'), /^1 game finished; the machine: \d wins?, \d draws?, \d loss(es)?$/);
  if (/O wins/.test(end)) {
    assert.equal(await page.locator(`${EX} lm-lamp[data-lamp="w"]`).getAttribute('on'), '');
    assert.match(await page.locator('lm-log ol').innerText(), /the bell rings/);
  }
  await shot('computox-game-over');

  // RESET by keyboard: the counter steps.
  await page.keyboard.press('r');
  await page.locator(`${EX} [data-counter]`, { hasText: '0002' }).waitFor();
  assert.deepEqual(errors, []);
});

test('computox: the AUTOX and two players are selectable, the link recreates them', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/computox?seed=5');
  await page.locator(`${EX} select[data-setting="variant"]`).waitFor();
  await page.selectOption(`${EX} select[data-setting="variant"]`, 'autox');
  await page.waitForURL(/variant=autox/);
  await page.locator(`${EX} button[data-action="start"]`, { hasText: 'START' }).waitFor();
  await page.click(`${EX} input[data-setting="auto"]`);
  await page.click(`${EX} button[data-square="A"]`);
  await page.locator(`${EX} button.sq.shutter[data-square="A"]`).waitFor();
  await page.locator(`${EX} [data-status]`, { hasText: 'START' }).waitFor();
  await page.click(`${EX} button[data-action="start"]`);
  await page.locator(`${EX} [data-status]`, { hasText: 'U1 steps' }).waitFor();
  await page.click('lm-run-control button[data-action="run"]');
  await page.locator(`${EX} button[data-square="E"] .bulb.o.on`).waitFor({ timeout: 15_000 });
  await shot('computox-autox');

  // The link recreates the AUTOX.
  const link = page.url();
  await page.goto(link);
  await page.locator(`${EX} button[data-action="start"]`, { hasText: 'START' }).waitFor();

  await page.selectOption(`${EX} select[data-setting="variant"]`, 'computox');
  await page.waitForURL(/variant=computox/);
  await page.click(`${EX} input[data-setting="two_player"]`);
  await page.waitForURL(/two_player=true/);
  await page.locator(`${EX} [data-status]`, { hasText: 'X controller' }).waitFor();
  await page.click(`${EX} button[data-square="A"]`);
  await page.locator(`${EX} [data-status]`, { hasText: 'O controller' }).waitFor();
  await shot('computox-two-player');
  assert.deepEqual(errors, []);
});

test('computox: the relays model lights the circuit\'s relays as a move is replayed', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/computox?seed=2');
  await page.locator(`${EX} select[data-setting="model"]`).waitFor();
  await page.selectOption(`${EX} select[data-setting="model"]`, 'relays');
  await page.waitForURL(/model=relays/);
  await page.locator(`${EX} [data-relays]`).waitFor();
  // After RESET every relay is released, U1 at home.
  assert.equal(await page.locator(`${EX} [data-relay][data-state="operated"]`).count(), 0);
  assert.match(await text(page, '[data-relay-u1]'), /circuit U1: U1-N1/);
  await page.selectOption(`${EX} select[data-setting="replay"]`, '1');
  await page.click(`${EX} button[data-square="A"]`);
  // The button's latch lights at once; the machine's reply comes with its claim.
  await page.locator(`${EX} [data-relay="AXA"][data-state="operated"]`).waitFor();
  await page.locator(`${EX} button[data-square="E"] .bulb.o.on`).waitFor({ timeout: 15_000 });
  await page.locator(`${EX} [data-relay="EOA"][data-state="operated"]`).waitFor({ timeout: 15_000 });
  await page.locator(`${EX} [data-relay="EOB"][data-state="operated"]`).waitFor();
  assert.equal(await page.locator(`${EX} [data-relay="BOA"]`).getAttribute('data-state'), 'released');
  assert.match(await page.locator(`${EX} [data-relay="EOA"]`).innerText(), /EOA\s+op/);
  assert.match(await page.locator('lm-log ol').innerText(), /ms: relay EOA operated/);
  await page.locator(`${EX} [data-relay-u1]`, { hasText: 'U1-N1;' }).waitFor();
  await shot('computox-relays');

  // Real timing, replayed slowly: the wiper is seen out on the bank mid-move.
  await page.selectOption(`${EX} select[data-setting="timing"]`, 'real');
  await page.waitForURL(/timing=real/);
  await page.locator(`${EX} [data-relays]`).waitFor();
  await page.selectOption(`${EX} select[data-setting="replay"]`, '0.25');
  await page.click(`${EX} input[data-setting="auto"]`);
  await page.click(`${EX} button[data-square="A"]`);
  await page.locator(`${EX} [data-status]`, { hasText: 'U1 steps' }).waitFor();
  await page.click(`${EX} button[data-action="sweep"]`);
  await page.locator(`${EX} [data-relay-u1]`, { hasText: 'replaying' }).waitFor();
  await page.locator(`${EX} [data-relay-u1]`, { hasText: /U1-N([2-9]|1\d)/ }).waitFor();
  // The button's relays, interrupted by the sweep, are shown in full.
  assert.equal(await page.locator(`${EX} [data-relay="AXB"]`).getAttribute('data-state'), 'operated');
  await shot('computox-relays-replaying');
  await page.locator(`${EX} [data-relay="EOA"][data-state="operated"]`).waitFor({ timeout: 20_000 });
  assert.deepEqual(errors, []);
});

test('computox: the circuit checked against the model over its 690 positions, live, as a run on the server', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/computox?seed=1');
  const EX = 'lm-exhibit-computox';
  await page.locator(`${EX} button[data-action="verify"]`).waitFor();
  assert.match(await page.locator(`${EX} button[data-action="verify"]`).innerText(), /Check all 690 positions/);
  await page.click(`${EX} button[data-action="verify"]`);
  await page.locator(`${EX} [data-verify-count]`, { hasText: '690 of 690 positions — the circuit agrees with the model everywhere, no hazards' }).waitFor({ timeout: 60_000 });
  const modes = await page.locator(`${EX} [data-verify-modes] tr`).allInnerTexts();
  assert.deepEqual(modes.map((m) => m.split('\t').pop()), ['277 / 277', '70 / 70', '273 / 273', '70 / 70']);
  assert.match(await page.locator('lm-log ol').innerText(), /circuit check: 690 positions, all agree, no hazards/);
  // the button is back: the check can be run again
  await page.locator(`${EX} button[data-action="verify"]:not([disabled])`).waitFor();
  await shot('computox-circuit-checked');
  assert.deepEqual(errors, []);
});

test('computox: a check clicked while the press\'s stepping is on its way goes after it, in click order, and runs to its end', async (t) => {
  const { page, errors } = await openMuseum(t, '/exhibits/computox');
  await page.locator(`${EX} [data-status]`).waitFor();
  // The stepping the press starts is held on its way for a moment: the check is clicked
  // meanwhile. Two calls in flight could reach the server the other way round, and the
  // stepping would then stop the check; the page sends the check only once the stepping
  // has been answered.
  const seen = [];
  page.on('request', (r) => { if (r.method() === 'POST') seen.push(`sent ${new URL(r.url()).pathname.split('/').pop()}`); });
  page.on('response', (r) => { if (r.request().method() === 'POST') seen.push(`answered ${new URL(r.url()).pathname.split('/').pop()}`); });
  let held;
  const holding = new Promise((resolve) => { held = resolve; });
  await page.route('**/autoplay', async (route) => {
    held();
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  await page.click(`${EX} button[data-square="E"]`);
  await holding;
  await page.click(`${EX} button[data-action="verify"]`);
  await page.locator(`${EX} [data-verify-count]`, { hasText: '690 of 690 positions — the circuit agrees' }).waitFor({ timeout: 60_000 });
  const autoplay = seen.indexOf('answered autoplay');
  const run = seen.indexOf('sent run');
  assert.ok(autoplay >= 0 && run > autoplay, `the check sent after the stepping was answered: ${seen.join(', ')}`);
  assert.deepEqual(errors, []);
});
