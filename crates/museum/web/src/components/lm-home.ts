import { LitElement, css, html } from 'lit';
import { listExhibits, type ExhibitInfo } from '../api.ts';
import { MACHINES } from '../machines.ts';

/** The home page: one card per machine; those with an exhibit link to it. */
export class LmHome extends LitElement {
  static properties = { exhibits: { state: true } };
  declare exhibits: ExhibitInfo[] | undefined;

  static styles = css`
    :host { display: block; max-width: 72rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; overflow-wrap: break-word; }
    @media (max-width: 30rem) { :host { padding: 0.75rem 0.6rem 2rem; } }
    h1 { margin: 0.5rem 0 0.2rem; }
    .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 1rem; margin-top: 1rem; }
    article { background: #fffdf8; border: 1px solid #cbbfa8; border-radius: 10px; padding: 1rem; display: flex; flex-direction: column; gap: 0.4rem; }
    .arena { background: #3a352d; color: #f3e2c2; border-radius: 10px; padding: 1rem 1.2rem; margin-top: 1.2rem; }
    .arena code { color: #ffcc33; background: #5b5346; } .arena a.play { color: #ffcc33; font-weight: 700; }
    article svg { width: 100%; height: 8rem; }
    h2 { font-size: 1.15rem; margin: 0.3rem 0 0; }
    p { margin: 0; }
    .src { color: #5b5346; font-size: 0.85rem; }
    .go { margin-top: auto; padding-top: 0.5rem; }
    a.play { display: inline-block; background: #2b5d8a; color: #fff; padding: 0.45rem 1rem; border-radius: 6px; text-decoration: none; font-weight: 600; }
    code { background: #efe7d6; padding: 0.1rem 0.35rem; border-radius: 4px; font-size: 0.85rem; }
  `;

  async connectedCallback() {
    super.connectedCallback();
    document.title = 'ludomat — a museum of game-playing machines';
    this.exhibits = await listExhibits().catch(() => []);
  }

  render() {
    const has = new Set((this.exhibits ?? []).map((e) => e.kind));
    return html`
      <h1>ludomat</h1>
      <p>Historic game-playing machines, rebuilt faithfully. Pick one, play it, and watch its insides move.</p>
      <div class="cards">
        ${MACHINES.map((m) => html`<article data-machine=${m.kind}>
          ${m.picture}
          <h2>${m.name}</h2>
          <p>${m.history}</p>
          <p class="src">Source: ${m.source}</p>
          <div class="go">${has.has(m.kind)
            ? html`<a class="play" href="/exhibits/${m.kind}">Play ${m.name}</a>`
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
