import { LitElement, css, html } from 'lit';

/**
 * Run / pause / step and a speed slider. Fires `run` (detail.interval in ms), `pause`,
 * `step` and, while running, `speed` (detail.interval) when the slider moves.
 */
export class LmRunControl extends LitElement {
  static properties = {
    running: { type: Boolean },
    interval: { type: Number },
    disabled: { type: Boolean },
  };
  declare running: boolean;
  declare interval: number;
  declare disabled: boolean;

  constructor() {
    super();
    this.running = false;
    this.interval = 500;
    this.disabled = false;
  }

  static styles = css`
    :host { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
    button { font-size: 1rem; padding: 0.4rem 0.9rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    label { display: inline-flex; align-items: center; gap: 0.4rem; }
  `;

  private fire(name: string) {
    this.dispatchEvent(new CustomEvent(name, { detail: { interval: this.interval }, bubbles: true, composed: true }));
  }

  render() {
    return html`
      ${this.running
        ? html`<button data-action="pause" @click=${() => this.fire('pause')}>❚❚ Pause</button>`
        : html`<button data-action="run" ?disabled=${this.disabled} @click=${() => this.fire('run')}>▶ Run</button>`}
      <button data-action="step" ?disabled=${this.disabled || this.running} @click=${() => this.fire('step')}>Step ›</button>
      <label>Speed
        <input type="range" min="10" max="2000" step="10" aria-label="interval between steps in milliseconds"
          .value=${String(2010 - this.interval)}
          @input=${(e: Event) => {
            this.interval = 2010 - Number((e.target as HTMLInputElement).value);
            if (this.running) this.fire('speed');
          }}>
        <span>${this.interval} ms a step</span>
      </label>`;
  }
}
customElements.define('lm-run-control', LmRunControl);
