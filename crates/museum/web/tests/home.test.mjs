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

test('an exhibit the museum does not have: a 404 page that says so and leads home', async (t) => {
  // A visitor who types or follows a wrong address (a %-escape that is no character, a
  // machine the museum does not have) is told so, not shown the home page at it.
  const { page, url, errors } = await openMuseum(t, '/');
  await page.locator('article[data-machine]').first().waitFor();
  for (const path of ['/exhibits/%FF', '/exhibits/bogus']) {
    const answer = await page.goto(url + path);
    assert.equal(answer.status(), 404, path);
    assert.equal(await page.locator('h1').innerText(), 'No such exhibit');
    assert.equal(await page.locator('[data-no-exhibit]').innerText(), `The museum has no exhibit at ${path}.`);
    assert.equal(await page.locator('lm-app').count(), 0, `${path} is not the home page`);
    await page.click('a[href="/"]');
    await page.waitForURL(url + '/');
    await page.locator('article[data-machine="tictactoe"] a.play').waitFor();
  }
  // The browser logs each 404 answer; nothing else went wrong.
  assert.deepEqual(errors.filter((e) => !/404/.test(e)), []);
});
