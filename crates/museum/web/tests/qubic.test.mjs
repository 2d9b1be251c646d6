import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openMuseum } from './helper.mjs';

const EX = 'lm-exhibit-qubic';
const status = (page) => page.locator(`${EX} [data-status]`).innerText();

/** Clicks the plane cells in order; each click waits for the P to show. */
async function clickCells(page, cells) {
  for (const c of cells) {
    await page.click(`${EX} .grid button[data-cell="${c}"]`);
    await page.locator(`${EX} .grid button[data-cell="${c}"]`, { hasText: 'P' }).waitFor();
  }
}

test('qubic: a game won against OTHER-1 (level 3 off) by clicks on the planes, the cube in WebGL', async (t) => {
  // The moves come from the session test `with_level_3_off_the_player_completes_a_row`.
  const { page, shot, errors } = await openMuseum(t, '/exhibits/qubic?disable=%5B3%5D&seed=1', {
    browserArgs: ['--enable-unsafe-swiftshader'],
  });
  await page.locator(`${EX} [data-status]`).waitFor();
  assert.match(await status(page), /Your move/);
  assert.equal(await page.locator(`${EX} .plane`).count(), 4, 'four planes side by side');
  // WebGL through SwiftShader: the cube is drawn.
  await page.locator(`${EX} canvas[data-cube-canvas]`).waitFor();
  await clickCells(page, ['111']);
  await page.locator(`${EX} [data-level]`, { hasText: 'level 11' }).waitFor();
  // 112 by a click on its sphere in the cube (the cell's picture position from the page).
  const at = await page.evaluate(() => {
    const ex = document.querySelector('lm-exhibit-page')?.shadowRoot?.querySelector('lm-exhibit-qubic');
    return ex.cubeCellPoint(1);
  });
  await page.mouse.click(at.x, at.y);
  await page.locator(`${EX} .grid button[data-cell="112"]`, { hasText: 'P' }).waitFor();
  await clickCells(page, ['113', '114']);
  await page.locator(`${EX} [data-status]`, { hasText: 'You win' }).waitFor();
  assert.equal(await page.locator(`${EX} .grid button.win`).count(), 4);
  assert.equal(await page.locator(`${EX} .grid button.machine`).count(), 3);
  assert.match(await page.locator(`${EX} [data-tally]`).innerText(), /you \(P\): 1 win, 0 draws, 0 losses/);
  // The tables on demand.
  await page.click(`${EX} button[data-action="tables"]`);
  await page.locator(`${EX} [data-tables] [data-rows]`).waitFor();
  assert.match(await page.locator(`${EX} [data-tables]`).innerText(), /6MOV/);
  const log = await page.locator('lm-log ol').innerText();
  assert.match(log, /M plays 232: strategy level 11/);
  assert.match(log, /You win/);
  await shot('qubic-won');
  assert.deepEqual(errors, []);
});

test('qubic: a game lost to the 1962 deck, its typewriter paper, no WebGL', async (t) => {
  // The published sample game (the session test `the_1962_sample_game`).
  const { page, shot, errors } = await openMuseum(t, '/exhibits/qubic?strategy=louden1962&machine_first=true', {
    browserArgs: ['--disable-webgl', '--disable-3d-apis'],
  });
  await page.locator(`${EX} [data-paper]`, { hasText: '111 IS MY MOVE' }).waitFor();
  // WebGL switched off: the cube is left out, with a note, and the planes play.
  await page.locator(`${EX} [data-no-webgl]`).waitFor();
  await clickCells(page, ['212', '213', '214', '311', '321']);
  await page.locator(`${EX} [data-status]`, { hasText: 'The machine wins' }).waitFor();
  const paper = await page.locator(`${EX} [data-paper]`).innerText();
  assert.match(paper, /GOOD TRY THERE,/);
  assert.match(paper, /I WIN ON THE FOLLOWING SEQUENCE/);
  assert.match(await page.locator(`${EX} [data-level]`).innerText(), /level 2/);
  assert.equal(await page.locator(`${EX} .grid button.win`).count(), 4);
  await shot('qubic-lost-1962');
  // The next game types the second game's cards.
  await page.click(`${EX} button[data-action="new-game"]`);
  await page.locator(`${EX} [data-tally]`, { hasText: 'game 2' }).waitFor();
  assert.deepEqual(errors.filter((e) => !/WebGL/i.test(e)), []);
});

test('qubic: the 4D board as a grid of planes, defending against the forced win', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/qubic?dims=4&strategy=forced');
  // The first 4D visit unpacks the stored tree (seconds in a debug build).
  await page.locator(`${EX} [data-forced]`, { hasText: '1111' }).waitFor({ timeout: 30_000 });
  assert.equal(await page.locator(`${EX} .plane`).count(), 16);
  const left = Number(await page.locator(`${EX} [data-left]`).innerText());
  assert.ok(left >= 21, `${left}`);
  await clickCells(page, ['2222']);
  await page.waitForFunction(
    (n) => {
      const ex = document.querySelector('lm-exhibit-page')?.shadowRoot?.querySelector('lm-exhibit-qubic');
      return Number(ex?.shadowRoot?.querySelector('[data-left]')?.textContent) < n;
    },
    left,
  );
  await shot('qubic-4d-forced');
  assert.deepEqual(errors, []);
});

test('qubic: watch the 4×4×4 proof being found — after 9 of Patashnik\'s stones, progress live, proved and re-checked, then play the proven win', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/qubic?seed=1', { browserArgs: ['--enable-unsafe-swiftshader'] });
  const EX = 'lm-exhibit-qubic';
  await page.locator(`${EX} button[data-action="prove"]`).waitFor();
  assert.equal(await page.locator(`${EX} select[data-setting="prove_after"]`).inputValue(), '9');
  await page.click(`${EX} button[data-action="prove"]`);
  // progress while it runs, then the checker's verdict
  await page.locator(`${EX} [data-proof-phase]`).waitFor({ timeout: 60_000 });
  await page.locator(`${EX} [data-proof-verdict]`, { hasText: 'Proved: the first player wins.' }).waitFor({ timeout: 240_000 });
  const verdict = await page.locator(`${EX} [data-proof-verdict]`).innerText();
  // Its time is said by the run's clock, its counts by the phase: the verdict does not
  // repeat them.
  assert.match(verdict, /accepted by the independent checker\./);
  assert.doesNotMatch(verdict, /wall|CPU|positions/);
  assert.match(await page.locator(`${EX} [data-proof] [data-run-clock]`).innerText(), /^took .+ wall, .+ CPU$/);
  assert.doesNotMatch(verdict, /twice/);
  assert.match(await page.locator(`${EX} [data-proof-phase]`).innerText(), /682 of 682 positions proved/);
  const log = await page.locator('lm-log ol').innerText();
  assert.match(log, /proof: .* — proved/);
  // the certificate's phases are told, each report that says nothing new adds no line
  assert.match(log, /proof: writing the certificate, 682 of 682 positions proved/);
  const lines = log.split('\n').filter((l) => l.trim());
  for (let i = 1; i < lines.length; i++) assert.notEqual(lines[i], lines[i - 1], `line ${i + 1} repeats`);
  // never a total not known yet as '?'
  assert.doesNotMatch(log, /of \? positions/);
  await shot('qubic-proof-found');
  // then play it: the machine plays the proven win
  await page.click(`${EX} button[data-action="play-proof"]`);
  await page.locator(`${EX} [data-certificate]`).waitFor();
  assert.equal(await page.locator(`${EX} select[data-setting="strategy"]`).inputValue(), 'forced');
  assert.deepEqual(errors, []);
});

test('qubic: a proof stopped says one thing — stopped, its counts, no certificate kept — and the share of a core is a percentage', async (t) => {
  const { page, errors } = await openMuseum(t, '/');
  await page.click('a[href^="/exhibits/qubic"]');
  await page.locator(`${EX} button[data-action="prove"]`).waitFor();
  // Before it starts: what share of a core the proof needs, in percent, never a bare fraction.
  const limit = await page.locator(`${EX} [data-proof-limit]`).innerText();
  assert.match(limit, /% of a core|cores/);
  assert.doesNotMatch(limit, /\b0\.\d+ of a core/);
  await page.selectOption(`${EX} select[data-setting="prove_after"]`, '0');
  await page.click(`${EX} button[data-action="prove"]`);
  await page.locator(`${EX} [data-proof-phase]`).waitFor({ timeout: 60_000 });
  assert.doesNotMatch(await page.locator(`${EX} [data-proof-phase]`).innerText(), /\?/);
  await page.click(`${EX} button[data-action="stop-proof"]`);
  const verdict = page.locator(`${EX} [data-proof-verdict]`);
  await verdict.waitFor({ timeout: 60_000 });
  const said = await verdict.innerText();
  assert.match(said, /^Stopped before the end: .*, [\d,]+ expansions?; no certificate kept\.$/);
  assert.doesNotMatch(said, /written/);
  // Said once in the panel: no status line beside the verdict, no note above the page.
  assert.equal(await page.locator(`${EX} [data-proof-phase]`).count(), 0);
  assert.equal((await page.locator('lm-exhibit-page .message').innerText()).trim(), '');
  const log = await page.locator('lm-log ol').innerText();
  // the log's last line is the verdict's, in its words
  assert.ok(log.trim().endsWith(`proof: s${said.slice(1, -1)}`), `${said}\n${log}`);
  assert.doesNotMatch(log, /finished.*cancelled|of \? positions/);
  assert.deepEqual(errors.filter((e) => !/WebGL/i.test(e)), []);
});

test('qubic: a proof stopped while its certificate is written says so — all positions proved, no certificate kept — not "before the end"', async (t) => {
  const { page, errors } = await openMuseum(t, '/', { browserArgs: ['--enable-unsafe-swiftshader'] });
  await page.click('a[href^="/exhibits/qubic"]');
  await page.locator(`${EX} button[data-action="prove"]`).waitFor();
  assert.equal(await page.locator(`${EX} select[data-setting="prove_after"]`).inputValue(), '9');
  await page.click(`${EX} button[data-action="prove"]`);
  // Every position proved, the certificate being written (or already re-checked): Stop.
  await page.locator(`${EX} [data-proof-phase]`, { hasText: /^(writing the certificate|the independent checker re-reads it):/ }).waitFor({ timeout: 240_000 });
  await page.click(`${EX} button[data-action="stop-proof"]`);
  const verdict = page.locator(`${EX} [data-proof-verdict]`);
  await verdict.waitFor({ timeout: 60_000 });
  const said = await verdict.innerText();
  assert.match(said, /^Stopped while the certificate was (written|re-checked): all 682 positions proved, [\d,]+ expansions; no certificate kept\.$/);
  assert.doesNotMatch(said, /before the end|682 of 682/);
  // One statement in one wording: no status line beside the verdict, no note above the
  // page saying it again ("after 682 of 682"), and the log's last line in the same words.
  assert.equal(await page.locator(`${EX} [data-proof-phase]`).count(), 0);
  assert.equal((await page.locator('lm-exhibit-page .message').innerText()).trim(), '');
  const log = await page.locator('lm-log ol').innerText();
  assert.ok(log.trim().endsWith(`proof: s${said.slice(1, -1)}`), `${said}\n${log}`);
  assert.doesNotMatch(log, /682 of 682 positions proved.*no certificate kept/);
  assert.deepEqual(errors.filter((e) => !/WebGL/i.test(e)), []);
});

test('qubic: a proven win let go for room says so at once and offers Prove again, never Play', async (t) => {
  const { page, errors } = await openMuseum(t, '/exhibits/qubic?seed=1', { serverArgs: ['--max-certificates', '1'] });
  const base = new URL(page.url()).origin;
  await page.locator(`${EX} button[data-action="prove"]`).waitFor();
  await page.click(`${EX} button[data-action="prove"]`);
  await page.locator(`${EX} button[data-action="play-proof"]`).waitFor({ timeout: 240_000 });
  // Another visit proves: the server holds one certificate, this page's goes.
  const other = await (await fetch(`${base}/api/visits`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'qubic', config: { dims: 3 } }),
  })).json();
  const run = await fetch(`${base}/api/visits/${other.id}/run`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ long_run: 'prove', params: { search_after: 15 } }),
  });
  assert.equal(run.status, 202);
  const gone = page.locator(`${EX} [data-found-let-go]`);
  // the other proof runs on a loaded machine too: minutes, not seconds, at worst
  await gone.waitFor({ timeout: 240_000 });
  assert.match(await gone.innerText(), /was let go to save memory .*press Prove to find it again/);
  assert.equal(await page.locator(`${EX} button[data-action="play-proof"]`).count(), 0);
  assert.equal(await page.locator(`${EX} button[data-action="play-found"]`).count(), 0);
  await page.locator(`${EX} button[data-action="prove"]`).waitFor();
  assert.deepEqual(errors.filter((e) => !/WebGL/i.test(e)), []);
});

test('qubic from the home page: the seed shown once, and why fewer stones can cost less', async (t) => {
  const { page, errors } = await openMuseum(t, '/', { browserArgs: ['--enable-unsafe-swiftshader'] });
  await page.locator('article[data-machine="qubic"] a.play').click();
  await page.locator(`${EX} [data-status]`).waitFor();
  // The seed once: the field beside it is for another seed, empty.
  assert.equal(await page.locator('[data-seed]').count(), 1);
  assert.equal(await page.locator('input[data-seed-input]').inputValue(), '');
  // The proof's starting points: after 3 stones costs less than after 5, and the page says why.
  const why = await page.locator(`${EX} [data-proof-why]`).innerText();
  assert.match(why, /Fewer stones is not always dearer: after 3 stones \((\d+ min \d\d s|[\d.]+ s)( – [^)]*)? of CPU\)/);
  assert.match(why, /its own moves win with fewer positions than Patashnik's/);
  assert.match(why, /265,140 node expansions after 3 stones and 345,832 after 5/);
  assert.deepEqual(errors, []);
});
