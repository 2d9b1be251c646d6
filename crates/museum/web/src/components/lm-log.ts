import { LitElement, css, html } from 'lit';
import { repeat } from 'lit/directives/repeat.js';

/**
 * A running log, newest line last, scrolled to the end; keeps the last 500 lines.
 * `first` is the number of lines dropped before these: lines are keyed by their number,
 * so a new line adds one item instead of redrawing all 500.
 */
export class LmLog extends LitElement {
  static properties = { lines: { attribute: false }, first: { type: Number } };
  declare lines: string[];
  declare first: number;

  constructor() {
    super();
    this.lines = [];
    this.first = 0;
  }

  // The scroller runs bottom-up (column-reverse), so it stays at the newest line by
  // itself: no script reads the layout after each line, which would lay out the whole
  // page on every update of a fast autoplay.
  static styles = css`
    .scroll { display: flex; flex-direction: column-reverse; max-height: 14rem; overflow-y: auto;
      background: #fffdf8; border: 1px solid #cbbfa8; border-radius: 6px; }
    ol { margin: 0; padding: 0.5rem 0.75rem 0.5rem 3.2rem;
      font: 0.85rem/1.35 ui-monospace, "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
  `;

  render() {
    return html`<div class="scroll" tabindex="0" role="region" aria-label="log">
      <ol aria-live="polite" start=${this.first + 1}>
        ${repeat(this.lines, (_, i) => this.first + i, (l) => html`<li>${l}</li>`)}
      </ol></div>`;
  }
}
customElements.define('lm-log', LmLog);
