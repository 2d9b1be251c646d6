import { LitElement, css, html, nothing } from 'lit';
import { museumInfo } from '../api.ts';
import { limit as limitText } from '../text.ts';

/** The museum's run limit (milliseconds) in words. */
const limitWords = (ms: number) => limitText(Math.round(ms / 1000));

/** The timing fields of a `run_progress` happening (crates/museum/src/run.rs). */
export interface RunTiming {
  elapsed_ms?: number;
  eta_ms?: number;
  limit_ms?: number;
  /** An action run: the CPU time of its applications. */
  cpu_ms?: number;
  /** A long run: the CPU time of its own thread. */
  thread_cpu_ms?: number;
  ended?: boolean;
}

/** A duration as people read it: `0.4 s`, `12.3 s`, `2 min 05 s`, `1 h 02 min`. */
export function duration(ms: number): string {
  const s = ms / 1000;
  if (s < 59.95) return `${s.toFixed(1)} s`;
  const whole = Math.round(s);
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
  const m = Math.floor(whole / 60);
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/**
 * A run's clock. Before the run: the museum's time limit for a run, so a visitor knows
 * it before starting one. While it goes: the wall time elapsed beside the CPU time, the
 * time left at the rate so far where it can be told, and when the limit stops it. At the
 * end: what it took.
 *
 * `cpuSeconds` overrides the CPU time of the report (a run that counts its own, such as
 * the proof search, with `cpuNote` saying whose it is).
 */
export class LmRunClock extends LitElement {
  static properties = {
    report: { attribute: false },
    cpuSeconds: { type: Number },
    cpuNote: { type: String },
    limitMs: { state: true },
  };
  declare report: RunTiming | null | undefined;
  declare cpuSeconds: number | undefined;
  declare cpuNote: string;
  declare limitMs: number | undefined;

  static styles = css`:host { display: block; color: #5b5346; font-size: 0.9rem; font-variant-numeric: tabular-nums; }`;

  constructor() {
    super();
    this.cpuNote = '';
  }

  connectedCallback() {
    super.connectedCallback();
    museumInfo().then((m) => { this.limitMs = m.limits.run_seconds * 1000; }).catch(() => {});
  }

  render() {
    const r = this.report;
    const limit = r?.limit_ms ?? this.limitMs;
    if (!r || r.elapsed_ms === undefined) {
      return limit ? html`<span data-run-limit>A run here stops after ${limitWords(limit)} (this museum's limit for every run).</span>` : nothing;
    }
    const cpuMs = this.cpuSeconds !== undefined ? this.cpuSeconds * 1000 : r.cpu_ms ?? r.thread_cpu_ms;
    const parts = [`${duration(r.elapsed_ms)} wall`];
    if (cpuMs !== undefined) parts.push(`${duration(cpuMs)} CPU${this.cpuNote}`);
    if (r.ended) return html`<span data-run-clock>took ${parts.join(', ')}</span>`;
    if (r.eta_ms !== undefined) parts.push(`about ${duration(r.eta_ms)} left at this rate`);
    return html`<span data-run-clock>elapsed ${parts.join(', ')}${limit ? html` — <span data-run-limit>stops at ${limitWords(limit)}, the museum's limit</span>` : nothing}</span>`;
  }
}
customElements.define('lm-run-clock', LmRunClock);
