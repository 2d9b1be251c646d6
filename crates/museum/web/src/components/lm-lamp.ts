import { LitElement, css, html } from 'lit';

/**
 * A panel lamp: a coloured light with its label and its state in a word (`on`/`off`, or
 * the `state` given, e.g. `unknown` for a lamp of three-valued logic).
 */
export class LmLamp extends LitElement {
  static properties = {
    label: { type: String },
    on: { type: Boolean, reflect: true },
    color: { type: String },
    state: { type: String, reflect: true },
  };
  declare label: string;
  declare on: boolean;
  declare color: string;
  declare state: string;

  constructor() {
    super();
    this.label = '';
    this.on = false;
    this.color = '#e0a100';
    this.state = '';
  }

  static styles = css`
    :host { display: inline-flex; align-items: center; gap: 0.35rem; font-size: 0.9rem; }
    .bulb { width: 1.1rem; height: 1.1rem; border-radius: 50%; border: 2px solid #5b5346; background: #3a352d; }
    .state { font-size: 0.75rem; color: var(--lamp-state, #5b5346); }
  `;

  render() {
    return html`<span class="bulb" style=${this.on ? `background:${this.color};box-shadow:0 0 8px ${this.color}` : ''}></span>
      <span>${this.label}</span><span class="state">${this.state || (this.on ? 'on' : 'off')}</span>`;
  }
}
customElements.define('lm-lamp', LmLamp);
