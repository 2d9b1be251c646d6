import { LitElement, css, html } from 'lit';

/** The seed in use, and a button for a fresh one (fires `seed` with detail.seed). */
export class LmSeed extends LitElement {
  static properties = { seed: { type: Number } };
  declare seed: number | undefined;

  static styles = css`
    :host { display: inline-flex; align-items: center; gap: 0.4rem; }
    code { background: #efe7d6; padding: 0.1rem 0.4rem; border-radius: 4px; }
    button { font-size: 0.9rem; padding: 0.25rem 0.6rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
  `;

  render() {
    if (this.seed === undefined) return html``;
    return html`<span>seed <code data-seed>${this.seed}</code></span>
      <button @click=${() => {
        const seed = Math.floor(Math.random() * 1_000_000_000);
        this.dispatchEvent(new CustomEvent('seed', { detail: { seed }, bubbles: true, composed: true }));
      }}>new seed</button>`;
  }
}
customElements.define('lm-seed', LmSeed);
