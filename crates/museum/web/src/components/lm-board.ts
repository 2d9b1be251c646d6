import { LitElement, css, html } from 'lit';

/** One square of a board: its text, an optional mark class (colour, always with text). */
export interface Square {
  text: string;
  mark?: string;
  label: string;
  playable?: boolean;
  highlight?: boolean;
}

/**
 * A square board of buttons (keyboard operable: Tab, Enter/Space). Fires `square` with
 * `detail.index` when a playable square is chosen. Marks `x` and `o` get the museum's
 * colours; the text is always shown too.
 */
export class LmBoard extends LitElement {
  static properties = {
    squares: { attribute: false },
    columns: { type: Number },
    size: { type: String },
  };
  declare squares: Square[];
  declare columns: number;
  declare size: string;

  constructor() {
    super();
    this.squares = [];
    this.columns = 3;
    this.size = '5.5rem';
  }

  static styles = css`
    .grid { display: inline-grid; gap: 6px; }
    button {
      font: 700 2.4rem/1 system-ui, sans-serif; border: 2px solid #8a7d66; border-radius: 8px;
      background: #fffdf8; color: #1d1b18; cursor: pointer; padding: 0;
    }
    button[disabled] { cursor: default; }
    button.x { color: #b3261e; }
    button.o { color: #1f5fa8; }
    button.free { color: #6b6253; font-size: 1.1rem; font-weight: 400; }
    button.playable:hover { background: #f0e6d0; }
    button.hl { background: #ffe9a8; border-color: #e0a100; box-shadow: 0 0 0 3px #e0a100 inset; }
  `;

  render() {
    return html`<div class="grid" role="group" aria-label="the board"
        style="grid-template-columns: repeat(${this.columns}, ${this.size}); grid-auto-rows: ${this.size}">
      ${this.squares.map((s, i) => html`<button
          class="${s.mark ?? 'free'} ${s.playable ? 'playable' : ''} ${s.highlight ? 'hl' : ''}"
          data-square="${i}" aria-label="${s.label}" title="${s.label}"
          ?disabled=${!s.playable}
          @click=${() => this.dispatchEvent(new CustomEvent('square', { detail: { index: i }, bubbles: true, composed: true }))}
        >${s.text}</button>`)}
    </div>`;
  }
}
customElements.define('lm-board', LmBoard);
