import { LitElement, css, html, nothing } from 'lit';
import { museumInfo } from '../api.ts';
import { duration, durationRange, limit as limitText } from '../text.ts';
import { kept, keptWallAndCpu } from '../kept.ts';

export { duration } from '../text.ts';

/** The museum's run limit (milliseconds) in words. */
const limitWords = (ms: number) => limitText(Math.round(ms / 1000));

/** A run's reported wall time in milliseconds, to the microsecond when it says it. */
export const runWallMs = (r: RunTiming) => (r.elapsed_us !== undefined ? r.elapsed_us / 1000 : r.elapsed_ms);
/** A run's reported CPU time in milliseconds, to the microsecond when it says it. */
export const runCpuMs = (r: RunTiming) => (r.cpu_us !== undefined ? r.cpu_us / 1000 : r.cpu_ms);

/** The timing fields of a `run_progress` happening (crates/museum/src/run.rs). */
export interface RunTiming {
  elapsed_ms?: number;
  /** The same in microseconds: a run done within its first step is timed too. */
  elapsed_us?: number;
  /** The time left, when it can be told (the upper end of `eta_range_ms` if given). */
  eta_ms?: number;
  /** A long run's own estimate of the time left: the least and the most. */
  eta_range_ms?: [number, number];
  /** What that estimate rests on (or why there is none), in words. */
  eta_basis?: string | null;
  limit_ms?: number;
  /** The CPU time of the run's own work (every thread of it). */
  cpu_ms?: number;
  /** The same in microseconds. */
  cpu_us?: number;
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
    running: { type: Boolean },
    queued: { attribute: false },
    limitMs: { state: true },
    now: { state: true },
  };
  declare report: RunTiming | null | undefined;
  /** The run is going (set by the exhibit from its click on): the clock ticks. */
  declare running: boolean;
  /** The run waits for a run slot (its place in the museum's queue): the wait is told
   *  apart, and the run's clock starts only when the run does. */
  declare queued: { place: number; of: number } | null | undefined;
  declare limitMs: number | undefined;
  declare now: number;
  /** When the run was seen going first, and when its last report came (page clock). */
  private startedAt: number | undefined;
  /** When the run was seen waiting for a slot first (page clock). */
  private queuedAt: number | undefined;
  private reportAt = 0;
  private seen: RunTiming | null | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor() {
    super();
    this.running = false;
    this.now = performance.now();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    clearInterval(this.timer);
    this.timer = undefined;
  }

  protected willUpdate() {
    const now = performance.now();
    if (this.report !== this.seen) {
      this.seen = this.report;
      this.reportAt = now;
    }
    if (this.running && (this.queued || !this.report?.ended)) {
      // Waiting for a slot is no part of the run's time: its clock starts when it does.
      if (this.queued) {
        this.queuedAt ??= now;
        this.startedAt = undefined;
      } else {
        this.queuedAt = undefined;
        this.startedAt ??= now;
      }
      // Tenths of a second move, as every time on the page has them (`3.2 s`).
      this.timer ??= setInterval(() => { this.now = performance.now(); }, 100);
    } else {
      if (!this.running) { this.startedAt = undefined; this.queuedAt = undefined; }
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

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
    const going = this.running && !r?.ended;
    if (this.running && this.queued && this.queuedAt !== undefined) {
      const waited = Math.max(0, performance.now() - this.queuedAt);
      // Its place is said once, in the page's banner (lm-exhibit-page).
      return html`<span data-run-clock data-run-waiting>waiting for a run slot, <span data-waited>waited ${duration(waited)}</span>; the run's clock starts when it does</span>`;
    }
    if (!r || r.elapsed_ms === undefined) {
      // Going, before its first report: the wall time ticks from the run's start on.
      if (going && this.startedAt !== undefined) {
        const wall = Math.max(0, performance.now() - this.startedAt);
        return html`<span data-run-clock>elapsed ${keptWallAndCpu(wall, 0)}, <span data-eta>the time left is told once the run reports</span></span>`;
      }
      return limit ? html`<span data-run-limit>A run stops at the museum's limit of ${limitWords(limit)}.</span>` : nothing;
    }
    // Between reports the wall time goes on at the page's clock (the CPU time is the
    // last reported).
    const reported = runWallMs(r) ?? r.elapsed_ms;
    const wall = going ? reported + Math.max(0, performance.now() - this.reportAt) : reported;
    const cpu = runCpuMs(r);
    const times = cpu !== undefined ? keptWallAndCpu(wall, cpu) : kept(`${duration(wall)} wall`);
    if (r.ended) {
      return r.timed_out
        ? html`<span data-run-clock>took ${times}: <span data-run-limit>stopped at the museum's limit of ${limitWords(limit ?? r.elapsed_ms)}</span></span>`
        : html`<span data-run-clock>took ${times}</span>`;
    }
    let left: unknown = nothing;
    if (r.eta_range_ms) left = html`, <span data-eta>about ${durationRange(r.eta_range_ms[0], r.eta_range_ms[1])} left</span>`;
    else if (r.eta_ms !== undefined) left = html`, <span data-eta>about ${duration(r.eta_ms)} left at the rate so far</span>`;
    return html`<span data-run-clock>elapsed ${times}${left}${limit ? html` — <span data-run-limit>stops at the museum's limit of ${limitWords(limit)}</span>` : nothing}</span>
      ${r.eta_basis ? html`<span class="basis" data-eta-basis>${r.eta_range_ms ? 'Estimated: ' : ''}${r.eta_basis}.</span>` : nothing}`;
  }
}
customElements.define('lm-run-clock', LmRunClock);
