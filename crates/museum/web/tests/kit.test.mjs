// "Download the kit" in the MENACE and HER exhibits: the printable matchbox kit (PDF) of
// the visit's current boxes, downloaded by a click and checked: a PDF, the right pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openMuseum } from './helper.mjs';

/** Pages of a PDF written by ludomat-kit (krilla writes `/Type/Page/` once a page). */
const pages = (bytes) => bytes.toString('latin1').split('/Type/Page/').length - 1;

async function download(page, link) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.locator(link).click()]);
  return { name: dl.suggestedFilename(), bytes: readFileSync(await dl.path()) };
}

test('menace: download the kit of the trained matchboxes, A4 and Letter', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/exhibits/menace?seed=5&opponent=random');
  const EX = 'lm-exhibit-menace';
  await page.locator(`${EX} [data-status]`).waitFor();
  const games = async () => Number((await page.locator(`${EX} [data-games]`).innerText()).replace(/,/g, ''));
  // Train a little first: the kit shows the beads as they are now.
  await page.locator(`${EX} select[data-setting=tick]`).selectOption({ label: '100 games a tick' });
  await page.locator(`${EX} lm-run-control button[data-action=run]`).click();
  for (let i = 0; i < 100 && (await games()) < 100; i++) await page.waitForTimeout(100);
  await page.locator(`${EX} lm-run-control button[data-action=pause]`).click();
  assert.ok((await games()) >= 100);
  const link = `${EX} lm-kit-link a[data-action=kit]`;
  assert.match(await page.locator(`${EX} lm-kit-link small`).innerText(), /304 matchboxes/);
  await shot('menace-kit-link');
  const a4 = await download(page, link);
  assert.equal(a4.name, 'menace-x-kit.pdf');
  assert.equal(a4.bytes.subarray(0, 5).toString(), '%PDF-');
  assert.equal(pages(a4.bytes), 10, 'assembly, 2 contents pages, 7 sheets of 15 × 35 mm fronts');
  assert.match(a4.bytes.toString('latin1'), /\/MediaBox\[0 0 595\.2756/);

  await page.locator(`${EX} lm-kit-link select[data-setting=kit-paper]`).selectOption('letter');
  const letter = await download(page, link);
  assert.equal(pages(letter.bytes), 11, 'Letter holds 55 fronts a sheet: 1 + 1 + 2 + 4 sheets');
  assert.match(letter.bytes.toString('latin1'), /\/MediaBox\[0 0 612/);
  assert.deepEqual(errors, []);
});

test('hexapawn: download the kit of HER\'s 19 boxes', async (t) => {
  const { page, errors } = await openMuseum(t, '/exhibits/hexapawn?seed=3');
  const EX = 'lm-exhibit-hexapawn';
  await page.locator(`${EX} [data-status]`).waitFor();
  assert.match(await page.locator(`${EX} lm-kit-link small`).innerText(), /19 matchboxes/);
  const kit = await download(page, `${EX} lm-kit-link a[data-action=kit]`);
  assert.equal(kit.name, 'her-kit.pdf');
  assert.equal(kit.bytes.subarray(0, 5).toString(), '%PDF-');
  assert.equal(pages(kit.bytes), 5, 'assembly, contents, one sheet per move 2 / 4 / 6');
  assert.deepEqual(errors, []);
});
