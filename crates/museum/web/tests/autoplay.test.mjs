// Autoplay never outruns the page: Pause takes effect within 200 ms at the fastest
// setting with the page's counters equal to the server's, and the controls stay where
// they are while a machine plays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openMuseum } from './helper.mjs';

/** Runs in the page: the element at a path of selectors, each inside the last one's shadow root. */
const FIND = `(path) => path.reduce((el, sel) => (el?.shadowRoot ?? el)?.querySelector(sel), document)`;

/** Samples `path`'s position on `frames` animation frames; also the text of `watch`. */
async function sample(page, path, watch, frames = 50) {
  return page.evaluate(async ([find, path, watch, frames]) => {
    const at = eval(find);
    const out = [];
    for (let i = 0; i < frames; i++) {
      await new Promise((r) => requestAnimationFrame(r));
      const r = at(path).getBoundingClientRect();
      out.push({ x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width), text: at(watch)?.textContent ?? '' });
    }
    return out;
  }, [FIND, path, watch, frames]);
}

test('autoplay: MENACE at the fastest setting pauses within 200 ms, the page\'s counters equal the server\'s', async (t) => {
  // 1,000 games a tick every 10 ms: the link carries both page settings.
  const { page, url, shot, errors } = await openMuseum(t, '/exhibits/menace?seed=4&opponent=random&tick=4&interval=10');
  const EX = 'lm-exhibit-menace';
  await page.locator(`${EX} [data-games]`).waitFor();
  assert.equal(await page.locator(`${EX} select[data-setting="tick"]`).inputValue(), '4');
  const id = await page.locator('lm-exhibit-page').getAttribute('data-visit');
  await page.click('lm-run-control button[data-action="run"]');
  // Polled with evaluate: waitForFunction evaluates its predicate by `eval` in the page,
  // which the museum's Content-Security-Policy (script-src 'self') forbids.
  for (const end = Date.now() + 60_000; ;) {
    const n = await page.evaluate(([find]) => Number(eval(find)(['lm-exhibit-page', 'lm-exhibit-menace', '[data-games]'])?.textContent?.replace(/,/g, '')), [FIND]);
    if (n >= 5_000) break;
    assert.ok(Date.now() < end, `the page showed only ${n} games after 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  // The controls stay put while it plays: the Pause button over 50 frames.
  const frames = await sample(page, ['lm-exhibit-page', EX, 'lm-run-control', 'button[data-action]'], ['lm-exhibit-page', EX, '[data-games]']);
  assert.equal(new Set(frames.map((f) => `${f.x},${f.y},${f.w}`)).size, 1, JSON.stringify(frames.slice(0, 3)));
  assert.ok(new Set(frames.map((f) => f.text)).size > 5, 'the counters moved meanwhile');
  // Pause, clicked in the page; timed until the page shows the machine stopped.
  const ms = await page.evaluate(async ([find]) => {
    const at = eval(find);
    const button = at(['lm-exhibit-page', 'lm-exhibit-menace', 'lm-run-control', 'button[data-action="pause"]']);
    const t0 = performance.now();
    button.click();
    for (;;) {
      await new Promise((r) => requestAnimationFrame(r));
      if (at(['lm-exhibit-page', 'lm-exhibit-menace', 'lm-run-control', 'button[data-action="run"]'])) return performance.now() - t0;
    }
  }, [FIND]);
  assert.ok(ms < 200, `the page showed the pause after ${ms.toFixed(0)} ms`);
  const server = async () => (await (await fetch(`${url}/api/visits/${id}`)).json());
  // The click's stop request may still be on its way (a loaded machine): wait for the
  // server to say it stopped, then check that nothing more is played.
  let first = await server();
  for (let i = 0; i < 50 && first.running; i++) {
    await new Promise((r) => setTimeout(r, 100));
    first = await server();
  }
  await new Promise((r) => setTimeout(r, 800));
  const later = await server();
  assert.equal(later.running, false);
  assert.equal(later.view.counters.games, first.view.counters.games, 'the server had stopped by then');
  const games = Number((await page.locator(`${EX} [data-games]`).innerText()).replace(/,/g, ''));
  assert.equal(games, later.view.counters.games, 'the page shows what the server holds');
  assert.equal(Number((await page.locator(`${EX} [data-wins]`).innerText()).replace(/,/g, '')), later.view.counters.wins);
  assert.ok(games >= 5_000);
  t.diagnostic(`Pause shown after ${ms.toFixed(0)} ms; ${games} games, page = server`);
  await shot('autoplay-menace-paused');
  assert.deepEqual(errors, []);
});

test('autoplay: noughts and crosses at 10 ms — the Pause button stays put over 50 frames', async (t) => {
  const { page, errors } = await openMuseum(t, '/exhibits/tictactoe?seed=5&x=perfect&o=random');
  const EX = 'lm-exhibit-tictactoe';
  await page.locator(`${EX} lm-run-control`).waitFor();
  await page.locator(`${EX} lm-run-control input[type=range]`).fill('2000'); // 10 ms a step
  await page.click(`${EX} lm-run-control button[data-action="run"]`);
  await page.locator(`${EX} lm-run-control button[data-action="pause"]`).waitFor();
  const frames = await sample(page, ['lm-exhibit-page', EX, 'lm-run-control', 'button[data-action]'], ['lm-exhibit-page', EX, '[data-why]']);
  assert.equal(new Set(frames.map((f) => `${f.x},${f.y},${f.w}`)).size, 1, JSON.stringify(frames.slice(0, 3)));
  assert.ok(new Set(frames.map((f) => f.text)).size > 5, 'the explanation changed meanwhile');
  await page.click(`${EX} lm-run-control button[data-action="pause"]`);
  await page.locator(`${EX} lm-run-control button[data-action="run"]`).waitFor();
  assert.deepEqual(errors, []);
});
