import { LitElement, css, html } from 'lit';
import { ICONS } from '../icons.ts';

/**
 * Run / pause / step and a speed slider. Fires `run` (detail.interval in ms), `pause`,
 * `step` and, while running, `speed` (detail.interval) when the slider moves.
 *
 * Nothing in it changes size while a machine plays: Run and Pause are one button as
 * wide as the wider of its two labels, and the speed reads in a box of fixed width.
 */
export class LmRunControl extends LitElement {
  static properties = {
    running: { type: Boolean },
    interval: { type: Number },
    disabled: { type: Boolean },
    reason: { type: String },
  };
  declare running: boolean;
  declare interval: number;
  declare disabled: boolean;
  /** Why Run and Step are disabled, shown beside them. */
  declare reason: string;

  constructor() {
    super();
    this.running = false;
    this.interval = 500;
    this.disabled = false;
    this.reason = '';
  }

  static styles = css`
    :host { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
    button { font-size: 1rem; padding: 0.4rem 0.9rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8;
      color: #1d1b18; cursor: pointer; display: inline-grid; }
    button[disabled] { cursor: default; color: #6b6253; }
    /* Both labels in one cell: the button is as wide as the wider one, whichever shows. */
    .stack > span { grid-area: 1 / 1; display: inline-flex; align-items: center; justify-content: center; }
    .stack > span[hidden] { display: inline-flex; visibility: hidden; }
    label { display: inline-flex; align-items: center; gap: 0.4rem; flex-wrap: wrap; }
    input[type=range] { width: 9rem; max-width: 40vw; }
    .ms { display: inline-block; min-width: 7.5em; font-variant-numeric: tabular-nums; }
    .reason { color: #5b5346; font-size: 0.9rem; }
  `;

  private fire(name: string) {
    this.dispatchEvent(new CustomEvent(name, { detail: { interval: this.interval }, bubbles: true, composed: true }));
  }

  render() {
    return html`
      <button class="stack" data-action=${this.running ? 'pause' : 'run'} ?disabled=${!this.running && this.disabled}
        @click=${() => {
          // Pause shows at once, before the page has drawn anything else.
          if (this.running) { this.running = false; this.fire('pause'); } else this.fire('run');
        }}>
        <span ?hidden=${this.running}>${ICONS.run}Run</span>
        <span ?hidden=${!this.running}>${ICONS.pause}Pause</span>
      </button>
      <button data-action="step" ?disabled=${this.disabled || this.running} @click=${() => this.fire('step')}>
        <span>${ICONS.step}Step</span></button>
      <label>Speed
        <input type="range" min="10" max="2000" step="10" aria-label="interval between steps in milliseconds"
          .value=${String(2010 - this.interval)}
          @input=${(e: Event) => {
            this.interval = 2010 - Number((e.target as HTMLInputElement).value);
            if (this.running) this.fire('speed');
          }}>
        <span class="ms">${this.interval} ms a step</span>
      </label>
      ${this.disabled && this.reason ? html`<span class="reason" data-reason>${this.reason}</span>` : ''}`;
  }
}
customElements.define('lm-run-control', LmRunControl);
