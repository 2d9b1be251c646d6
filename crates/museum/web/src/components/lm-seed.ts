import { LitElement, css, html } from 'lit';

/** The seed in use (shown once), a field to set another and a button for a fresh one
 *  (each fires `seed` with detail.seed). */
export class LmSeed extends LitElement {
  static properties = { seed: { type: Number } };
  declare seed: number | undefined;

  static styles = css`
    :host { display: inline-flex; align-items: center; gap: 0.4rem; }
    code { background: #efe7d6; padding: 0.1rem 0.4rem; border-radius: 4px; }
    form { display: inline-flex; gap: 0.3rem; }
    input { width: 7.5em; font-size: 0.9rem; }
    button { font-size: 0.9rem; padding: 0.25rem 0.6rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
  `;

  private use(seed: number) {
    this.dispatchEvent(new CustomEvent('seed', { detail: { seed }, bubbles: true, composed: true }));
  }

  render() {
    if (this.seed === undefined) return html``;
    return html`<span>seed <code data-seed>${this.seed}</code></span>
      <form @submit=${(e: Event) => {
        e.preventDefault();
        const typed = (this.renderRoot.querySelector('input[data-seed-input]') as HTMLInputElement | null)?.value.trim() ?? '';
        const n = Number(typed);
        if (typed !== '' && Number.isSafeInteger(n) && n >= 0) this.use(n);
      }}><input type="number" min="0" step="1" data-seed-input aria-label="another seed" placeholder="another seed" .value=${''}>
        <button type="submit" data-action="set-seed">set seed</button></form>
      <button data-action="new-seed" @click=${() => this.use(Math.floor(Math.random() * 1_000_000_000))}>new seed</button>`;
  }
}
customElements.define('lm-seed', LmSeed);
