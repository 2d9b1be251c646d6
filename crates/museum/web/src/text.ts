// Numbers and counts in the museum's pages, written as the terminal writes them
// (ludomat_io::text and docs/VOICE.md): thousands separated by commas, a count with its
// noun in the right number ("1 game", "2 games", "1,000 games").

/** A whole number with thousands separated by commas: 1234567 → "1,234,567". */
export function thousands(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/**
 * A count with its noun: `count(1, 'game')` → "1 game", `count(2500, 'game')` →
 * "2,500 games"; an irregular plural is given: `count(2, 'box', 'boxes')`.
 */
export function count(n: number, one: string, many: string = `${one}s`): string {
  return `${thousands(n)} ${Math.round(n) === 1 ? one : many}`;
}

/** A number that is not a count: whole from 100 up, three significant digits below. */
export function number(x: number): string {
  if (!Number.isFinite(x)) return '—';
  if (Math.abs(x) >= 100) return thousands(x);
  if (x === 0) return '0';
  return String(Number(x.toPrecision(3)));
}

/** Results of games from one side's view, always in this order: "3 wins, 1 draw, 0 losses". */
export function results(wins: number, draws: number, losses: number): string {
  return `${count(wins, 'win')}, ${count(draws, 'draw')}, ${count(losses, 'loss', 'losses')}`;
}

/**
 * A limit in seconds as a visitor reads it: whole minutes as words ("10 minutes",
 * "1 minute"), anything else as a duration ("90 s" → "1 min 30 s").
 */
export function limit(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) return count(seconds / 60, 'minute');
  if (seconds < 60) return count(seconds, 'second');
  return `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
}
