import { LitElement, css, html } from 'lit';

/** A running log, newest line last, scrolled to the end; keeps the last 500 lines. */
export class LmLog extends LitElement {
  static properties = { lines: { attribute: false } };
  declare lines: string[];

  constructor() {
    super();
    this.lines = [];
  }

  static styles = css`
    ol { margin: 0; padding: 0.5rem 0.75rem 0.5rem 2.5rem; max-height: 14rem; overflow-y: auto;
      background: #fffdf8; border: 1px solid #cbbfa8; border-radius: 6px;
      font: 0.85rem/1.35 ui-monospace, "DejaVu Sans Mono", monospace; }
  `;

  updated() {
    const ol = this.renderRoot.querySelector('ol');
    if (ol) ol.scrollTop = ol.scrollHeight;
  }

  render() {
    return html`<ol aria-label="log" aria-live="polite" start=${Math.max(1, this.lines.length - 499)}>
      ${this.lines.slice(-500).map((l) => html`<li>${l}</li>`)}
    </ol>`;
  }
}
customElements.define('lm-log', LmLog);
