// Small icons as inline SVG: they draw the same everywhere, with no font needed (icon
// characters such as ▶ or ⏭ show an empty box where no installed font has them). Every
// icon is decoration beside a word, so it is hidden from screen readers.
import { svg } from 'lit';

const icon = (body: ReturnType<typeof svg>) =>
  svg`<svg class="icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false"
    style="vertical-align:-2px;margin-right:0.3em;flex:none">${body}</svg>`;

export const ICONS = {
  run: icon(svg`<path d="M4 2.5v11l9-5.5z" fill="currentColor"/>`),
  pause: icon(svg`<rect x="3" y="2.5" width="3.5" height="11" fill="currentColor"/><rect x="9.5" y="2.5" width="3.5" height="11" fill="currentColor"/>`),
  step: icon(svg`<path d="M3 2.5v11l7-5.5z" fill="currentColor"/><rect x="11" y="2.5" width="2.5" height="11" fill="currentColor"/>`),
  reset: icon(svg`<path d="M3.5 8a4.5 4.5 0 1 0 1.4-3.3" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M2.5 2v4h4z" fill="currentColor"/>`),
  download: icon(svg`<path d="M8 2v8M4.5 6.5 8 10l3.5-3.5" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M2.5 13.5h11" stroke="currentColor" stroke-width="1.8"/>`),
  upload: icon(svg`<path d="M8 11V3M4.5 6.5 8 3l3.5 3.5" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M2.5 13.5h11" stroke="currentColor" stroke-width="1.8"/>`),
  watch: icon(svg`<path d="M1 8s2.6-5 7-5 7 5 7 5-2.6 5-7 5-7-5-7-5z" fill="none" stroke="currentColor" stroke-width="1.6"/><circle cx="8" cy="8" r="2.3" fill="currentColor"/>`),
  stop: icon(svg`<rect x="3" y="3" width="10" height="10" fill="currentColor"/>`),
  back: icon(svg`<path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" stroke-width="2"/>`),
};
