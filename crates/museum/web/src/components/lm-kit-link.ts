// <lm-kit-link>: "download the kit" — the printable matchbox kit (PDF) of the visit's
// current matchboxes, made by the server (GET /api/visits/{id}/kit.pdf, crate
// ludomat-kit): every box's picture and beads sized for a real matchbox front, cut lines,
// glue tabs, the bead colour key and an assembly page. Used by the MENACE and HER exhibits.
import { LitElement, css, html } from 'lit';

export class KitLink extends LitElement {
  static properties = {
    visit: { type: String },
    boxes: { type: Number },
    paper: { state: true },
    front: { state: true },
  };
  declare visit: string | undefined;
  declare boxes: number;
  declare paper: string;
  declare front: string;

  constructor() {
    super();
    this.visit = undefined;
    this.boxes = 0;
    this.paper = 'a4';
    this.front = '15x35mm';
  }

  static styles = css`
    :host { display: flex; flex-wrap: wrap; gap: 0.4rem 0.8rem; align-items: center; }
    a { font-weight: 600; color: #1f5fa8; }
    select { font-size: 0.9rem; padding: 0.15rem 0.35rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; }
    small { color: #5b5346; }
  `;

  private href() {
    const q = new URLSearchParams({ paper: this.paper, box: this.front });
    return `/api/visits/${encodeURIComponent(this.visit ?? '')}/kit.pdf?${q}`;
  }

  render() {
    if (!this.visit) return html``;
    return html`<a href=${this.href()} download data-action="kit">⬇ Download the kit (PDF)</a>
      <select data-setting="kit-paper" aria-label="kit paper" @change=${(e: Event) => { this.paper = (e.target as HTMLSelectElement).value; }}>
        <option value="a4" ?selected=${this.paper === 'a4'}>A4</option>
        <option value="letter" ?selected=${this.paper === 'letter'}>Letter</option></select>
      <select data-setting="kit-box" aria-label="matchbox front" @change=${(e: Event) => { this.front = (e.target as HTMLSelectElement).value; }}>
        <option value="15x35mm">fronts 15 × 35 mm (upright)</option>
        <option value="36x16mm">fronts 36 × 16 mm (sideways)</option>
        <option value="25x45mm">fronts 25 × 45 mm</option></select>
      <small>the ${this.boxes} matchboxes as they are now, to print, cut out and build on a table</small>`;
  }
}
customElements.define('lm-kit-link', KitLink);
