// Every page at a phone's width (360 px) and a laptop's (1,280 px): no sideways scroll,
// no serious or critical accessibility violation (axe-core, from the lockfile), and a
// screenshot of each kept in target/artefacts/museum/ for a person to look at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, launchBrowser, startServer } from './helper.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
export const ARTEFACTS = join(ROOT, 'target', 'artefacts', 'museum');

/** Every page, with what shows that it has drawn. */
const PAGES = [
  ['home', '/', 'article[data-machine="regex"] a.play'],
  ['tictactoe', '/exhibits/tictactoe?seed=3&x=perfect&o=random', 'lm-exhibit-tictactoe [data-status]'],
  ['computox', '/exhibits/computox?seed=1', 'lm-exhibit-computox [data-status]'],
  ['relay', '/exhibits/relay', 'lm-exhibit-relay [data-registers]'],
  ['menace', '/exhibits/menace?seed=1&opponent=menace2', 'lm-exhibit-menace [data-boxes] [data-box="0"]'],
  ['hexapawn', '/exhibits/hexapawn?seed=1', 'lm-exhibit-hexapawn [data-status]'],
  ['qubic', '/exhibits/qubic?seed=1', 'lm-exhibit-qubic [data-plane]'],
  ['threes', '/exhibits/threes?seed=1', 'lm-exhibit-threes [data-board]'],
  ['logic', '/exhibits/logic', 'lm-exhibit-logic [data-latch]'],
  ['arena', '/exhibits/arena?seed=1', 'lm-exhibit-arena button[data-action="run"]'],
  ['regex', '/exhibits/regex?puzzle=mit-2013-hexagon', 'lm-exhibit-regex svg.grid [data-cell="126"]'],
  ['regex-small', '/exhibits/regex?puzzle=echo', 'lm-exhibit-regex svg.grid [data-cell="11"]'],
];

/**
 * MENACE with numbers of five digits: 10,000 games played and a box holding 99,999 beads
 * of one colour. Every bead count and counter must fit in its box.
 */
async function fiveDigits(page, url, width) {
  const id = await page.locator('lm-exhibit-page').getAttribute('data-visit');
  const act = (a) => fetch(`${url}/api/visits/${id}/actions`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(a),
  }).then((r) => r.json());
  await act({ type: 'play_games', n: 10_000 });
  const { happenings } = await act({ type: 'export' });
  const state = happenings.find((h) => h.type === 'exported').state;
  state.boxes.first[0].beads = [99_999, 12_345, 0, 7, 0, 0, 0, 0, 0];
  state.boxes.first[5].beads = state.boxes.first[5].beads.map((n, i) => (n ? 10_000 + i : 0));
  await act({ type: 'import', state });
  await page.locator('lm-exhibit-menace [data-box="0"] .mb[aria-label^="box 0: 112,351 beads"]').waitFor();
  await page.locator('lm-exhibit-menace [data-opened]').first().waitFor().catch(() => {});
  return page.evaluate((width) => {
    const el = document.querySelector('lm-exhibit-page').shadowRoot.querySelector('lm-exhibit-menace').shadowRoot;
    const out = [];
    for (const c of el.querySelectorAll('.mb .c, .tally b')) {
      if (c.scrollWidth > c.clientWidth + 1) out.push(`menace at ${width} px: "${c.textContent}" overflows its box (${c.scrollWidth} > ${c.clientWidth} px)`);
    }
    const games = el.querySelector('[data-games]').textContent;
    if (games.length < 5) out.push(`menace at ${width} px: only ${games} games played`);
    return out;
  }, width);
}

test('screens: every page at 360 and 1,280 px — no sideways scroll, axe-core clean, screenshots', async (t) => {
  const server = await startServer();
  t.after(() => server.stop());
  const browser = await launchBrowser(['--enable-unsafe-swiftshader']);
  t.after(() => browser.close());
  mkdirSync(ARTEFACTS, { recursive: true });
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const problems = [];
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    for (const [name, path, ready] of PAGES) {
      await page.goto(server.url + path);
      await page.locator(ready).first().waitFor();
      if (name === 'menace') problems.push(...(await fiveDigits(page, server.url, width)));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const sideways = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
      }));
      if (sideways.scroll > sideways.inner) {
        problems.push(`${name} at ${width} px scrolls sideways: ${sideways.scroll} px wide`);
      }
      // evaluated, not added as a <script>: the museum's CSP allows only its own scripts
      await page.evaluate(readFileSync(AXE, 'utf8'));
      const violations = await page.evaluate(async () => {
        const r = await window.axe.run(document, { resultTypes: ['violations'] });
        return r.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => {
            const d = n.any?.[0]?.data;
            const why = d && d.fgColor ? ` (${d.fgColor} on ${d.bgColor}, ${d.contrastRatio}:1)` : '';
            return n.target.join(' ') + why;
          }).join(' | ')}`);
      });
      for (const v of violations) problems.push(`${name} at ${width} px: ${v}`);
      await page.screenshot({ path: join(ARTEFACTS, `${name}-${width}.png`), fullPage: true });
    }
  }
  assert.deepEqual(problems, []);
  assert.deepEqual(errors, []);
});
