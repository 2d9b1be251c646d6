import { LitElement, css, html, nothing } from 'lit';
import { museumInfo } from '../api.ts';
import { duration, durationRange, limit as limitText, wallAndCpu } from '../text.ts';

export { duration } from '../text.ts';

/** The museum's run limit (milliseconds) in words. */
const limitWords = (ms: number) => limitText(Math.round(ms / 1000));

/** The timing fields of a `run_progress` happening (crates/museum/src/run.rs). */
export interface RunTiming {
  elapsed_ms?: number;
  /** The time left, when it can be told (the upper end of `eta_range_ms` if given). */
  eta_ms?: number;
  /** A long run's own estimate of the time left: the least and the most. */
  eta_range_ms?: [number, number];
  /** What that estimate rests on (or why there is none), in words. */
  eta_basis?: string | null;
  limit_ms?: number;
  /** The CPU time of the run's own work (every thread of it). */
  cpu_ms?: number;
  ended?: boolean;
  /** A long run stopped at the museum's time limit. */
  timed_out?: boolean;
}

/**
 * A run's clock, the same in every exhibit. Before the run: the museum's time limit for
 * a run, so a visitor knows it before starting one. While it goes: the wall time elapsed
 * beside the CPU time of the run's own work (`12.3 s wall, 20.1 s CPU`, as every command
 * writes it), the time left where it can be told — at the rate so far, or the run's own
 * estimate with what it rests on — and when the limit stops it. At the end: what it took,
 * and whether the limit stopped it.
 */
export class LmRunClock extends LitElement {
  static properties = {
    report: { attribute: false },
    limitMs: { state: true },
  };
  declare report: RunTiming | null | undefined;
  declare limitMs: number | undefined;

  static styles = css`
    :host { display: block; color: #5b5346; font-size: 0.9rem; font-variant-numeric: tabular-nums; }
    .basis { display: block; font-size: 0.85rem; }
  `;

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
    const times = r.cpu_ms !== undefined ? wallAndCpu(r.elapsed_ms, r.cpu_ms) : `${duration(r.elapsed_ms)} wall`;
    if (r.ended) {
      return r.timed_out
        ? html`<span data-run-clock>took ${times}: <span data-run-limit>stopped at ${limitWords(limit ?? r.elapsed_ms)}, the museum's limit</span></span>`
        : html`<span data-run-clock>took ${times}</span>`;
    }
    let left: unknown = nothing;
    if (r.eta_range_ms) left = html`, <span data-eta>about ${durationRange(r.eta_range_ms[0], r.eta_range_ms[1])} left</span>`;
    else if (r.eta_ms !== undefined) left = html`, <span data-eta>about ${duration(r.eta_ms)} left at the rate so far</span>`;
    return html`<span data-run-clock>elapsed ${times}${left}${limit ? html` — <span data-run-limit>stops at ${limitWords(limit)}, the museum's limit</span>` : nothing}</span>
      ${r.eta_basis ? html`<span class="basis" data-eta-basis>${r.eta_range_ms ? 'Estimated: ' : ''}${r.eta_basis}.</span>` : nothing}`;
  }
}
customElements.define('lm-run-clock', LmRunClock);
