import { LitElement, css, html } from 'lit';

/** A panel lamp: a coloured light with its label and its state in words. */
export class LmLamp extends LitElement {
  static properties = {
    label: { type: String },
    on: { type: Boolean, reflect: true },
    color: { type: String },
  };
  declare label: string;
  declare on: boolean;
  declare color: string;

  constructor() {
    super();
    this.label = '';
    this.on = false;
    this.color = '#e0a100';
  }

  static styles = css`
    :host { display: inline-flex; align-items: center; gap: 0.35rem; font-size: 0.9rem; }
    .bulb { width: 1.1rem; height: 1.1rem; border-radius: 50%; border: 2px solid #5b5346; background: #3a352d; }
    .state { font-size: 0.75rem; color: var(--lamp-state, #5b5346); }
  `;

  render() {
    return html`<span class="bulb" style=${this.on ? `background:${this.color};box-shadow:0 0 8px ${this.color}` : ''}></span>
      <span>${this.label}</span><span class="state">${this.on ? 'on' : 'off'}</span>`;
  }
}
customElements.define('lm-lamp', LmLamp);
