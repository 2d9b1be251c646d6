// Times kept on one line: `15 min 04 s wall` never breaks as `15 min 04` / `s wall`. The
// words stay those of text.ts (plain spaces, so the page's clock and the server's note
// still read alike); the line is held together by the browser (`white-space: nowrap`).
import { html } from 'lit';
import { duration, durationWhole } from './text.ts';

/** `text` on one line. */
export const kept = (text: string) => html`<span class="kept" style="white-space: nowrap">${text}</span>`;

/** A duration on one line (text.ts's `duration`). */
export const keptDuration = (ms: number) => kept(duration(ms));

/** Wall and CPU time as text.ts's `wallAndCpu` (one precision for both), each time with
 *  its word on one line. */
export const keptWallAndCpu = (wallMs: number, cpuMs: number) =>
  html`${kept(`${durationWhole(wallMs)} wall`)}, ${kept(`${durationWhole(cpuMs)} CPU`)}`;
