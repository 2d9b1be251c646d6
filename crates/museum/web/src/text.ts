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

/** A word with its indefinite article by its sound: "a red", "an indigo", "an orange". */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

/** A number that is not a count: whole from 100 up, three significant digits below. */
export function number(x: number): string {
  if (!Number.isFinite(x)) return '—';
  if (Math.abs(x) >= 100) return thousands(x);
  if (x === 0) return '0';
  return String(Math.sign(x) * threeDigits(Math.abs(x)));
}

/**
 * `a` (above 0) to three significant digits, rounded as the terminal's formatter rounds
 * (Rust's): a value exactly halfway goes to the even digit (1.125 → 1.12, 3.625 → 3.62),
 * where `toPrecision` rounds it up — so a run's clock and its note (written by the server)
 * never differ by a digit.
 */
function threeDigits(a: number): number {
  const up = Number(a.toPrecision(3));
  // The exact decimal value (`toExponential` gives every digit of the double asked for).
  const [mantissa, exponent] = a.toExponential(60).split('e');
  const digits = mantissa.replace('.', '');
  if (!/^50*$/.test(digits.slice(3)) || Number(digits[2]) % 2 !== 0) return up;
  return Number(`${digits[0]}.${digits.slice(1, 3)}e${exponent}`);
}

/** A share in percent: `96.5 %` (one decimal, as ludomat_io::text::percent). */
export function percent(pct: number): string {
  return Number.isFinite(pct) ? `${pct.toFixed(1)} %` : '—';
}

/**
 * A share with its 95 % interval, all in percent, as the terminal writes it
 * (ludomat_io::text::share_with_interval): `96.5 % (95.2–97.5 %)`.
 */
export function shareWithInterval(pct: number, low: number, high: number): string {
  if (!Number.isFinite(low) || !Number.isFinite(high)) return percent(pct);
  return `${percent(pct)} (${low.toFixed(1)}–${high.toFixed(1)} %)`;
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

/**
 * A duration as people say it, as the terminal writes it (ludomat_io::text::duration):
 * `794 ns`, `12.3 µs`, `400 µs`, `20 ms`, `1.23 s`, `2 min 05 s`, `1 h 02 min`, `1 day 19 h`,
 * `5 years 12 days`.
 */
export function duration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms === 0) return '0 s';
  const secs = ms / 1000;
  // the unit is chosen on the rounded number: 999.7 µs is 1 ms, not 1,000 µs
  for (const [scale, unit] of [[1e9, 'ns'], [1e6, 'µs'], [1e3, 'ms']] as const) {
    if (secs * scale < 999.5) return `${number(secs * scale)} ${unit}`;
  }
  if (secs < 59.95) return `${number(secs)} s`;
  const two = (n: number) => String(n).padStart(2, '0');
  const whole = Math.round(secs);
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${two(whole % 60)} s`;
  if (whole < DAY) {
    const minutes = Math.floor(whole / 60);
    return `${Math.floor(minutes / 60)} h ${two(minutes % 60)} min`;
  }
  if (whole < YEAR) {
    const hours = Math.floor(whole / 3600);
    return `${count(Math.floor(hours / 24), 'day')} ${two(hours % 24)} h`;
  }
  return `${count(Math.floor(whole / YEAR), 'year')} ${count(Math.floor((whole % YEAR) / DAY), 'day')}`;
}

/** Seconds in a day and in a year of 365.25 days (the longer units of `duration`). */
const DAY = 86_400;
const YEAR = 31_557_600;

/**
 * A duration as `duration` writes it, with its three significant digits whole below a
 * minute — trailing zeros kept: `2.20 s`, `7.00 s`, `40.0 ms` — for a time beside another
 * (the server's `ludomat_io::text::whole_digits`).
 */
export function durationWhole(ms: number): string {
  const said = duration(ms);
  const m = /^([\d.]+) (ns|µs|ms|s)$/.exec(said);
  if (!m || m[1] === '0') return said;
  const significant = m[1].replace('.', '').replace(/^0+/, '').length;
  if (significant >= 3) return said;
  const digits = m[1].includes('.') ? m[1] : `${m[1]}.`;
  return `${digits}${'0'.repeat(3 - significant)} ${m[2]}`;
}

/**
 * Wall-clock and CPU time of one piece of work, the one spelling every page and the
 * museum's notes use (`ludomat_io::text::wall_and_cpu`): `12.3 s wall, 20.1 s CPU`,
 * two times side by side with one precision — `2.20 s wall, 2.09 s CPU`, never `2.2 s
 * wall, 2.09 s CPU`.
 */
export function wallAndCpu(wallMs: number, cpuMs: number): string {
  return `${durationWhole(wallMs)} wall, ${durationWhole(cpuMs)} CPU`;
}

/** A range of durations: `46.5 s – 51.5 s`, or one duration when both ends read alike. */
export function durationRange(loMs: number, hiMs: number): string {
  const lo = duration(loMs), hi = duration(hiMs);
  return lo === hi ? lo : `${lo} – ${hi}`;
}
