import { LitElement, css, html } from 'lit';
import { listExhibits, museumInfo, type ExhibitInfo, type MuseumInfo } from '../api.ts';
import { MACHINES } from '../machines.ts';
import { limit } from '../text.ts';

/** The home page: one card per machine; those with an exhibit link to it. */
export class LmHome extends LitElement {
  static properties = { exhibits: { state: true }, address: { state: true } };
  declare exhibits: ExhibitInfo[] | undefined;
  /** Shown on request (a projector for a class): where students reach the museum. */
  declare address: MuseumInfo | 'hidden' | 'error';

  constructor() {
    super();
    this.address = 'hidden';
  }

  static styles = css`
    :host { display: block; max-width: 72rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; overflow-wrap: break-word; }
    @media (max-width: 30rem) { :host { padding: 0.75rem 0.6rem 2rem; } }
    h1 { margin: 0.5rem 0 0.2rem; }
    .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 1rem; margin-top: 1rem; }
    article { background: #fffdf8; border: 1px solid #cbbfa8; border-radius: 10px; padding: 1rem; display: flex; flex-direction: column; gap: 0.4rem; }
    .arena { background: #3a352d; color: #f3e2c2; border-radius: 10px; padding: 1rem 1.2rem; margin-top: 1.2rem; }
    .arena code { color: #ffcc33; background: #5b5346; } .arena a.play { color: #ffcc33; font-weight: 700; margin-top: 0.8rem; }
    article svg { width: 100%; height: 8rem; }
    h2 { font-size: 1.15rem; margin: 0.3rem 0 0; }
    p { margin: 0; }
    .src { color: #5b5346; font-size: 0.85rem; }
    .go { margin-top: auto; padding-top: 0.5rem; }
    a.play { display: inline-block; background: #2b5d8a; color: #fff; padding: 0.45rem 1rem; border-radius: 6px; text-decoration: none; font-weight: 600; }
    code { background: #efe7d6; padding: 0.1rem 0.35rem; border-radius: 4px; font-size: 0.85rem; }
    .top { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 0.5rem 1rem; }
    button.show { font-size: 1rem; padding: 0.45rem 1rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    .class { background: #fffdf8; border: 2px solid #2b5d8a; border-radius: 10px; padding: 1rem 1.25rem; margin-top: 1rem;
      display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: center; }
    .class .urls { font: 700 clamp(1.4rem, 4vw, 2.6rem)/1.25 system-ui, sans-serif; color: #1d1b18; overflow-wrap: anywhere; }
    .class .urls small { font-size: 0.9rem; font-weight: 400; color: #5b5346; }
    .class img { width: min(18rem, 70vw); height: auto; image-rendering: pixelated; background: #fff; }
    .class p { max-width: 40rem; }
  `;

  async connectedCallback() {
    super.connectedCallback();
    document.title = 'ludomat — a museum of game-playing machines';
    this.exhibits = await listExhibits().catch(() => []);
  }

  private async toggleAddress() {
    if (this.address !== 'hidden') { this.address = 'hidden'; return; }
    try { this.address = await museumInfo(); } catch { this.address = 'error'; }
  }

  /** Where students reach the museum, large enough for a projector, with a QR code. */
  private classPanel() {
    const a = this.address;
    if (a === 'hidden') return '';
    if (a === 'error') return html`<section class="class" data-class><p>The museum did not say where it can be reached.</p></section>`;
    const urls = a.class.urls;
    if (!a.class.reachable || !urls.length) {
      return html`<section class="class" data-class><p data-class-local>This museum answers this machine only
        (it was started on ${a.class.bound}). To let a class on the same Wi-Fi in, start it with
        <code>ludomat serve --bind 0.0.0.0</code>: it then prints the addresses to type, and this button shows them
        with a QR code.</p></section>`;
    }
    const l = a.limits;
    return html`<section class="class" data-class>
      <img src="/api/class.svg" alt=${`QR code of ${urls[0].url}`} data-class-qr>
      <div>
        <div class="urls" data-class-urls>${urls.map((u, i) => html`<div>${u.url}${i || urls.length > 1 ? html` <small>${u.interface}</small>` : ''}</div>`)}</div>
        <p>Type the address into a browser on the same network, or scan the code. Every visitor gets their own game;
          long runs (training, proofs, circuit checks) take turns: ${l.runs} at once, one per visitor, each for at most
          ${limit(l.run_seconds)}.</p>
      </div></section>`;
  }

  render() {
    const has = new Set((this.exhibits ?? []).map((e) => e.kind));
    return html`
      <div class="top"><h1>ludomat</h1>
        <button class="show" data-action="show-address" aria-expanded=${this.address !== 'hidden'}
          @click=${() => this.toggleAddress()}>${this.address === 'hidden' ? 'Show the address' : 'Hide the address'}</button></div>
      <p>Historic game-playing machines, rebuilt faithfully. Pick one, play it, and watch its insides move.</p>
      ${this.classPanel()}
      <div class="cards">
        ${MACHINES.map((m) => html`<article data-machine=${m.kind}>
          ${m.picture}
          <h2>${m.name}</h2>
          <p>${m.history}</p>
          <p class="src">Source: ${m.source}</p>
          <div class="go">${has.has(m.kind)
            ? html`<a class="play" href="/exhibits/${m.kind}">Play ${m.name.replace(/^The /, 'the ')}</a>`
            : html`<span>in the terminal: <code>${m.terminal}</code></span>`}</div>
        </article>`)}
      </div>
      ${has.has('arena') ? html`<section class="arena" data-arena>
        <h2>The arena</h2>
        <p>Where the machines meet: pick any two noughts-and-crosses machines — or two of the IBM 1620's 3D programs —
          and watch them play, or run a seeded tournament with a live table, or a round robin of every pair.
          The tables are the ones <code>ludomat tournament</code> prints for the same settings.</p>
        <a class="play" href="/exhibits/arena">Enter the arena</a>
      </section>` : ''}`;
  }
}
customElements.define('lm-home', LmHome);
