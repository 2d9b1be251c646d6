// Visits follow their pages (issue 27): with `--max-visits 2`, reloading a page again and
// again never locks a new visitor out; a page that goes away releases its visit with a
// beacon, so its autoplay stops with it; a page whose visit is gone opens a fresh one
// with the settings in its address and says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, startServer } from './helper.mjs';

const URL_PATH = '/exhibits/tictactoe?x=random&o=random&seed=3';

/** The page's visit id, as its event stream names it (the latest one). */
function trackVisit(page) {
  const seen = { id: undefined };
  page.on('request', (r) => {
    const m = r.url().match(/\/api\/visits\/([0-9a-f]{16})\/events/);
    if (m) seen.id = m[1];
  });
  return seen;
}

async function until(what, check, ms = 5_000) {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('hosting: reloads never lock a visitor out, a page that goes releases its visit, a gone visit is renewed', async (t) => {
  const server = await startServer(['--max-visits', '2']);
  t.after(() => server.stop());
  const browser = await launchBrowser();
  t.after(() => browser.close());
  const errors = [];
  const watch = (page) => {
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    return trackVisit(page);
  };
  const status = (page) => page.locator('lm-exhibit-tictactoe [data-status]');
  const message = (page) => page.locator('lm-exhibit-page .message');
  const api = (path, method = 'GET') => fetch(server.url + path, { method });

  const a = browser.context.pages()[0] ?? (await browser.context.newPage());
  const aVisit = watch(a);
  await a.goto(server.url + URL_PATH);
  await status(a).waitFor();
  const first = aVisit.id;
  for (let i = 0; i < 8; i++) {
    await a.reload();
    await status(a).waitFor();
    assert.equal(await message(a).innerText(), '', `reload ${i}`);
  }
  // The visits of the pages before were released as they went.
  await until('the first load\'s visit released', async () => (await api(`/api/visits/${first}`)).status === 404);

  // A new visitor in another tab gets in; its autoplay runs on the server.
  const b = await browser.context.newPage();
  const bVisit = watch(b);
  await b.goto(server.url + URL_PATH);
  await status(b).waitFor();
  assert.equal(await message(b).innerText(), '');
  await b.click('lm-run-control button[data-action="run"]');
  await b.locator('lm-run-control button[data-action="pause"]').waitFor();
  const id = bVisit.id;
  assert.ok(id, 'the page opened its event stream');
  assert.equal((await (await api(`/api/visits/${id}`)).json()).running, true);
  // The tab closes: its beacon releases the visit, and the autoplay goes with it.
  await b.close({ runBeforeUnload: true });
  await until('the closed tab\'s visit released', async () => (await api(`/api/visits/${id}`)).status === 404);

  // A page whose visit is gone (deleted behind its back, as when the museum restarts)
  // opens a fresh one with the settings in its address, and says so.
  const gone = aVisit.id;
  assert.equal((await api(`/api/visits/${gone}`, 'DELETE')).status, 204);
  await message(a).filter({ hasText: 'a fresh one was opened' }).waitFor();
  assert.notEqual(aVisit.id, gone);
  assert.match(a.url(), /seed=3/);
  await a.click('lm-run-control button[data-action="step"]');
  await a.locator('lm-exhibit-tictactoe lm-board button.x').first().waitFor();

  // Refusals of the gone visit (404) are expected in the console; nothing else.
  assert.deepEqual(errors.filter((e) => !/404|EventSource/.test(e)), []);
});

test('hosting: the page runs under the security headers without a violation', async (t) => {
  const server = await startServer();
  t.after(() => server.stop());
  const browser = await launchBrowser();
  t.after(() => browser.close());
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const answer = await page.goto(server.url + '/exhibits/menace?seed=1');
  const headers = answer.headers();
  assert.match(headers['content-security-policy'], /frame-ancestors 'none'/);
  assert.equal(headers['x-content-type-options'], 'nosniff');
  await page.locator('lm-exhibit-menace').waitFor();
  await page.locator('lm-exhibit-menace lm-board').first().waitFor();
  assert.deepEqual(errors, []);
});
