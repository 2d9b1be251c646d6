import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openMuseum } from './helper.mjs';

test('home page: one card per machine, each linked to its exhibit', async (t) => {
  const { page, shot, errors } = await openMuseum(t, '/');
  const cards = page.locator('article[data-machine]');
  await cards.first().waitFor();
  await page.locator('article[data-machine="tictactoe"] a.play').waitFor();
  assert.equal(await cards.count(), 9);
  for (const kind of ['tictactoe', 'menace', 'hexapawn', 'computox', 'relay', 'logic', 'qubic', 'threes', 'regex']) {
    const card = page.locator(`article[data-machine="${kind}"]`);
    assert.equal(await card.locator('svg').count(), 1, `${kind} has a picture`);
    assert.match(await card.innerText(), /Source:/);
  }
  // Every machine has its exhibit now, the regex crosswords included.
  assert.equal(await page.locator('article[data-machine] a.play').count(), 9);
  assert.equal(await page.locator('article[data-machine="regex"] a.play').getAttribute('href'), '/exhibits/regex');
  assert.equal(await page.locator('article[data-machine="logic"] a.play').getAttribute('href'), '/exhibits/logic');
  // The arena, where they meet, has its own section.
  assert.equal(await page.locator('section[data-arena] a.play').getAttribute('href'), '/exhibits/arena');
  // Its button stands clear of the text above it.
  const gap = await page.locator('section[data-arena] a.play').evaluate((a) => a.getBoundingClientRect().top - a.previousElementSibling.getBoundingClientRect().bottom);
  assert.ok(gap >= 8, `the arena's button ${gap} px below the text`);
  await shot('home');
  await page.click('article[data-machine="tictactoe"] a.play');
  await page.waitForURL(/\/exhibits\/tictactoe\?/);
  await page.locator('lm-exhibit-tictactoe [data-status]').waitFor();
  assert.deepEqual(errors, []);
});
