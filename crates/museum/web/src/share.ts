// Shareable links: an exhibit's config lives in the query string, one field a parameter.
// Strings are written as they are; numbers, booleans and nested values as JSON.

export function configFromQuery(search: string): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(search)) {
    try {
      const parsed = JSON.parse(v);
      config[k] = parsed;
    } catch {
      config[k] = v;
    }
  }
  return config;
}

export function configToQuery(config: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(config)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'string') {
      // A string that would read back as JSON ("1", "true") is quoted.
      let plain = true;
      try { JSON.parse(v); plain = false; } catch { /* stays plain */ }
      q.set(k, plain ? v : JSON.stringify(v));
    } else {
      q.set(k, JSON.stringify(v));
    }
  }
  return q.toString();
}

/**
 * MENACE's source rules go by the name `source` in a link, as on the command line
 * (`--rules source`); the server writes the preset by its old name `seed`, and reads
 * both.
 */
function linkNames(kind: string, config: Record<string, unknown>): Record<string, unknown> {
  if (kind !== 'menace') return config;
  const source = (p: unknown) => (p === 'seed' ? 'source' : p);
  const out: Record<string, unknown> = { ...config };
  if ('preset' in out) out.preset = source(out.preset);
  const two = out.menace2;
  if (two && typeof two === 'object' && 'preset' in two) {
    out.menace2 = { ...(two as Record<string, unknown>), preset: source((two as Record<string, unknown>).preset) };
  }
  return out;
}

export function exhibitUrl(kind: string, config: Record<string, unknown>): string {
  const q = configToQuery(linkNames(kind, config));
  return `/exhibits/${kind}${q ? '?' + q : ''}`;
}
