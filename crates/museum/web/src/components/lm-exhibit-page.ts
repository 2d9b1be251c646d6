import { LitElement, css, html } from 'lit';
import { ApiError, Visit, listExhibits, type ExhibitInfo, type Update } from '../api.ts';
import { configFromQuery, exhibitUrl } from '../share.ts';
import type { ExhibitElement, ExhibitHost } from '../exhibit.ts';
import './lm-seed.ts';
import './lm-log.ts';

// Every exhibit module, loaded only when its page is opened (one file in dist/assets each).
const modules = import.meta.glob('../exhibits/*.ts');

export async function loadExhibit(kind: string): Promise<boolean> {
  const load = modules[`../exhibits/${kind}.ts`];
  if (!load) return false;
  await load();
  return true;
}

/**
 * The frame of every exhibit: title, history and source; seed, reset and a shareable
 * link; the exhibit's own element; messages; the log. It owns the visit.
 */
export class LmExhibitPage extends LitElement implements ExhibitHost {
  static properties = {
    kind: { type: String },
    info: { state: true },
    message: { state: true },
    lines: { state: true },
    config: { state: true },
    copied: { state: true },
    messageKind: { state: true },
  };
  declare messageKind: 'error' | 'note';
  declare kind: string;
  declare info: ExhibitInfo | undefined;
  declare message: string;
  declare lines: string[];
  declare config: Record<string, unknown>;
  declare copied: boolean;
  private visit?: Visit;
  private element?: ExhibitElement;

  constructor() {
    super();
    this.kind = '';
    this.message = '';
    this.lines = [];
    this.config = {};
    this.copied = false;
    this.messageKind = 'error';
  }

  static styles = css`
    :host { display: block; max-width: 72rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
    header h1 { margin: 0.2rem 0; font-size: 1.8rem; }
    .meta { color: #5b5346; margin: 0.2rem 0; }
    .bar { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; margin: 0.75rem 0; }
    button { font-size: 0.95rem; padding: 0.35rem 0.8rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    .message { min-height: 1.5rem; color: #8a1c12; font-weight: 600; }
    .message[data-kind="note"] { color: #5b5346; }
    h2 { font-size: 1.1rem; margin: 1.2rem 0 0.4rem; }
  `;

  async connectedCallback() {
    super.connectedCallback();
    const infos = await listExhibits().catch(() => [] as ExhibitInfo[]);
    this.info = infos.find((e) => e.kind === this.kind);
    if (!this.info || !(await loadExhibit(this.kind))) {
      this.message = `There is no exhibit "${this.kind}" in this museum.`;
      return;
    }
    document.title = `${this.info.title} — ludomat museum`;
    await this.open(configFromQuery(location.search));
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.visit?.close();
  }

  private async open(config: Record<string, unknown>) {
    this.visit?.close();
    this.lines = [];
    this.message = '';
    try {
      this.visit = await Visit.open(this.kind, config, (u) => this.onUpdate(u));
    } catch (e) {
      this.showError(e);
      if (Object.keys(config).length) {
        // A link with settings this museum cannot use: fall back to the defaults.
        this.message += ' — opened with the default settings instead.';
        this.visit = await Visit.open(this.kind, null, (u) => this.onUpdate(u));
      } else {
        return;
      }
    }
    this.config = this.visit.info.config;
    history.replaceState(null, '', exhibitUrl(this.kind, this.config));
    if (!this.element) {
      this.element = document.createElement(`lm-exhibit-${this.kind}`) as ExhibitElement;
      this.element.host = this;
    }
    this.element.config = this.config;
    this.element.view = this.visit.info.view;
    this.element.happenings = [];
    this.element.running = this.visit.info.running;
    this.requestUpdate();
  }

  private onUpdate(u: Update) {
    const el = this.element;
    if (!el) return;
    el.view = u.view;
    el.happenings = u.happenings;
    el.running = !!u.running;
    if (u.happenings.length) {
      this.lines = [...this.lines, ...u.happenings.map((h) => el.describe(h))].slice(-500);
    }
    if (u.note) this.showNote(u.note);
  }

  private showNote(note: string) {
    this.message = note;
    this.messageKind = 'note';
  }

  private showError(e: unknown) {
    this.message = e instanceof ApiError ? e.message : String(e);
    this.messageKind = 'error';
  }

  // ExhibitHost: what the exhibit element calls.
  visitId() { return this.visit?.id; }

  async act(action: unknown) {
    if (!this.visit) return undefined;
    try {
      const u = await this.visit.act(action);
      this.message = '';
      return u;
    } catch (e) {
      this.showError(e);
      return undefined;
    }
  }
  async autoplay(action: unknown, intervalMs: number) {
    try { await this.visit?.autoplay(action, intervalMs); this.message = ''; }
    catch (e) { this.showError(e); }
  }
  async stop() {
    try { await this.visit?.stop(); } catch (e) { this.showError(e); }
  }
  async restart(config: Record<string, unknown>) {
    await this.open(config);
  }

  private async copyLink() {
    try {
      await navigator.clipboard.writeText(location.href);
      this.copied = true;
      setTimeout(() => (this.copied = false), 1500);
    } catch {
      this.message = `Link: ${location.href}`;
    }
  }

  render() {
    const seed = typeof this.config.seed === 'number' ? this.config.seed : undefined;
    return html`
      <nav><a href="/">← all machines</a></nav>
      <header>
        <h1>${this.info?.title ?? this.kind}</h1>
        ${this.info ? html`<p class="meta">${this.info.history}</p><p class="meta"><small>Source: ${this.info.source}</small></p>` : ''}
      </header>
      <div class="bar">
        <lm-seed .seed=${seed} @seed=${(e: CustomEvent) => this.restart({ ...this.config, seed: e.detail.seed })}></lm-seed>
        <button data-action="reset" @click=${() => this.restart(this.config)} title="start again with the same settings and seed">↺ Reset</button>
        <a href=${exhibitUrl(this.kind, this.config)} data-share @click=${(e: Event) => { e.preventDefault(); this.copyLink(); }}
          title="a link that opens this exhibit with these settings">${this.copied ? 'link copied' : 'share these settings (link)'}</a>
      </div>
      <div class="message" role="status" data-kind=${this.messageKind}>${this.message}</div>
      ${this.element ?? ''}
      <h2>Log</h2>
      <lm-log .lines=${this.lines}></lm-log>`;
  }
}
customElements.define('lm-exhibit-page', LmExhibitPage);
