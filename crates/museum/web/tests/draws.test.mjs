// The pages say "draw", never "tie" (docs/VOICE.md): every visible word in the built
// pages. The relay's tally keeps each count and its comma in one text, so no reader sees
// "0 , draws".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = new URL('../dist/assets/', import.meta.url).pathname;

test('no page says tie or tied', () => {
  for (const f of readdirSync(dist).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(join(dist, f), 'utf8');
    // Words in strings and templates: "a tie", "tie prints", "tied" — not the API's
    // `tie` key or `ties` field.
    for (const m of text.matchAll(/[`'"][^`'"\n]*\b([Aa] tie|tie prints|[Tt]ied)\b[^`'"\n]*[`'"]/g)) {
      assert.fail(`${f}: ${m[0]}`);
    }
  }
});

test("the relay's tally writes each count with its comma", () => {
  const text = readFileSync(join(dist, 'relay.js'), 'utf8');
  assert.match(text, /wins \$\{[^}]+\}, draws \$\{[^}]+\}, `/);
});
