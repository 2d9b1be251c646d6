import { LitElement, css, html } from 'lit';
import { ApiError, NOT_ANSWERING, Visit, listExhibits, type ExhibitInfo, type Update } from '../api.ts';
import { configFromQuery, exhibitUrl } from '../share.ts';
import type { ExhibitElement, ExhibitHost } from '../exhibit.ts';
import { ICONS } from '../icons.ts';
import './lm-seed.ts';
import './lm-log.ts';

/** Text whose `quoted` parts (a command, a crate) are shown as code, not as backticks. */
function withCode(text: string) {
  return text.split('`').map((part, i) => (i % 2 ? html`<code>${part}</code>` : part));
}

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
 *
 * Updates are drawn at most once a frame: those that arrive in between are merged (the
 * latest view wins, their happenings are joined), so a fast autoplay never queues work
 * in the page, and Pause shows at once.
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
    queue: { state: true },
  };
  /** The visit's run waits for a run slot: its place in the museum's queue. */
  declare queue: { place: number; of: number } | null;
  declare messageKind: 'error' | 'note';
  declare kind: string;
  declare info: ExhibitInfo | undefined;
  declare message: string;
  declare lines: string[];
  declare config: Record<string, unknown>;
  declare copied: boolean;
  private visit?: Visit;
  private element?: ExhibitElement;
  /** The page's own settings (the element class's `pageSettings`), carried by the link. */
  private settings: Record<string, unknown> = {};
  private defaults: Record<string, unknown> = {};
  private pending?: Update;
  private pendingHappenings: unknown[] = [];
  private frame = 0;
  /** Pause was clicked: show the machine stopped until an update says so too. */
  private stopping = false;
  /** Log lines dropped from the top (the log keeps the last 500). */
  private dropped = 0;

  constructor() {
    super();
    this.kind = '';
    this.message = '';
    this.lines = [];
    this.config = {};
    this.copied = false;
    this.messageKind = 'error';
    this.queue = null;
  }

  static styles = css`
    :host { display: block; max-width: 72rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; overflow-wrap: break-word; }
    @media (max-width: 30rem) { :host { padding: 0.75rem 0.6rem 2rem; } }
    header h1 { margin: 0.2rem 0; font-size: 1.8rem; }
    .meta { color: #5b5346; margin: 0.2rem 0; overflow-wrap: anywhere; }
    .bar { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; margin: 0.75rem 0; }
    button { font-size: 0.95rem; padding: 0.35rem 0.8rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    .message { min-height: 1.5rem; color: #8a1c12; font-weight: 600; }
    .message[data-kind="note"] { color: #5b5346; }
    .queue { background: #fff4d6; border: 1px solid #cbbf9f; border-radius: 6px; padding: 0.5rem 0.8rem; margin: 0.5rem 0;
      display: flex; flex-wrap: wrap; gap: 0.6rem; align-items: center; }
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
    const cls = customElements.get(`lm-exhibit-${this.kind}`) as typeof ExhibitElement | undefined;
    this.defaults = { ...(cls?.pageSettings ?? {}) };
    // The link's parameters: the page's own settings, and the session's config.
    const query = configFromQuery(location.search);
    const config: Record<string, unknown> = {};
    this.settings = { ...this.defaults };
    for (const [k, v] of Object.entries(query)) {
      if (k in this.defaults) this.settings[k] = v;
      else config[k] = v;
    }
    await this.open(config);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    if (this.frame) cancelAnimationFrame(this.frame);
    this.visit?.close();
  }

  /** The link to this exhibit: the session's config and the page settings that differ. */
  private link(): string {
    const own: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(this.settings)) {
      if (JSON.stringify(v) !== JSON.stringify(this.defaults[k])) own[k] = v;
    }
    return exhibitUrl(this.kind, { ...this.config, ...own });
  }

  private async open(config: Record<string, unknown>) {
    this.visit?.close();
    this.lines = [];
    this.dropped = 0;
    this.message = '';
    this.pending = undefined;
    this.pendingHappenings = [];
    this.stopping = false;
    this.queue = null;
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
    this.visit.onAway = (message) => {
      if (message) this.say(message, 'error');
      else if (this.message === NOT_ANSWERING) this.message = '';
    };
    this.config = this.visit.info.config;
    this.dataset.visit = this.visit.id;
    history.replaceState(null, '', this.link());
    if (!this.element) {
      this.element = document.createElement(`lm-exhibit-${this.kind}`) as ExhibitElement;
      this.element.host = this;
    }
    this.element.pageValues = { ...this.settings };
    this.element.config = this.config;
    this.element.view = this.visit.info.view;
    this.element.happenings = [];
    this.element.running = this.visit.info.running;
    this.element.queued = null;
    this.requestUpdate();
  }

  private onUpdate(u: Update) {
    this.pending = u;
    for (const h of u.happenings as { type?: string; place?: number; of?: number }[]) {
      if (h.type === 'run_queued') this.queue = { place: h.place ?? 0, of: h.of ?? 0 };
      else if (h.type === 'run_progress' || h.type === 'run_left_queue') this.queue = null;
    }
    if (!u.running) this.queue = null;
    if (u.happenings.length) {
      this.pendingHappenings.push(...u.happenings);
      if (this.pendingHappenings.length > 500) this.pendingHappenings.splice(0, this.pendingHappenings.length - 500);
    }
    if (u.note && !this.element?.expectedNote(u.note)) this.showNote(u.note);
    if (!this.frame) this.frame = requestAnimationFrame(() => this.draw());
  }

  /** Draws the latest update (once a frame). */
  private draw() {
    this.frame = 0;
    const u = this.pending;
    const el = this.element;
    if (!u || !el) return;
    this.pending = undefined;
    const happenings = this.pendingHappenings;
    this.pendingHappenings = [];
    if (!u.running) this.stopping = false;
    el.view = u.view;
    el.happenings = happenings;
    el.running = !!u.running && !this.stopping;
    el.queued = el.running ? this.queue : null;
    if (happenings.length) {
      // A run's place in the queue, and its leaving the queue by Stop before it started:
      // the log never ends on a place in a queue the run has left.
      const line = (h: unknown) => {
        const q = h as { type?: string; place?: number; of?: number; note?: string };
        if (q.type === 'run_queued') return `the run waits for a run slot: place ${q.place} of ${q.of}`;
        // In the run's note's words (who took it out: Stop, or the museum, and why).
        if (q.type === 'run_left_queue') return q.note ?? 'the run stopped while it waited for a run slot; nothing was done';
        return el.describe(h);
      };
      // A run's report that says nothing new (the same counts again) adds no line.
      const added: string[] = [];
      let last = this.lines[this.lines.length - 1];
      for (const h of happenings) {
        const l = line(h);
        const t = (h as { type?: string }).type;
        if ((t === 'run_progress' || t === 'run_queued') && l === last) continue;
        added.push(l);
        last = l;
      }
      const all = [...this.lines, ...added];
      this.dropped += Math.max(0, all.length - 500);
      this.lines = all.slice(-500);
    }
    // A session that shows its settings (changed by an action, e.g. the opponent) keeps
    // the share link up to date.
    const cfg = (u.view as { config?: unknown } | null)?.config;
    if (cfg && typeof cfg === 'object' && JSON.stringify(cfg) !== JSON.stringify(this.config)) {
      this.config = cfg as Record<string, unknown>;
      el.config = this.config;
      history.replaceState(null, '', this.link());
    }
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
  async attempt(action: unknown) {
    if (!this.visit) return { error: 'not connected to the museum' };
    try {
      return { update: await this.visit.act(action) };
    } catch (e) {
      return { error: e instanceof ApiError ? e.message : String(e) };
    }
  }
  async autoplay(action: unknown, intervalMs: number) {
    this.stopping = false;
    try { await this.visit?.autoplay(action, intervalMs); this.message = ''; }
    catch (e) { this.showError(e); }
  }
  async run(action: unknown, times: number) {
    this.stopping = false;
    try { await this.visit?.run(action, times); this.message = ''; }
    catch (e) { this.showError(e); }
  }
  async runLong(name: string, params?: unknown) {
    this.stopping = false;
    try { await this.visit?.runLong(name, params); this.message = ''; }
    catch (e) { this.showError(e); }
  }
  async stop() {
    // Shown at once; the server's last update (counters included) follows.
    this.stopping = true;
    this.queue = null;
    if (this.element) { this.element.running = false; this.element.queued = null; }
    try { await this.visit?.stop(); } catch (e) { this.showError(e); }
  }
  async restart(config: Record<string, unknown>) {
    await this.open(config);
  }
  setSetting(key: string, value: unknown) {
    this.settings = { ...this.settings, [key]: value };
    if (this.element) this.element.pageValues = { ...this.settings };
    history.replaceState(null, '', this.link());
    this.requestUpdate();
  }
  say(message: string, kind: 'error' | 'note' = 'note') {
    this.message = message;
    this.messageKind = kind;
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
      <nav><a href="/">${ICONS.back}all machines</a></nav>
      <header>
        <h1>${this.info?.title ?? this.kind}</h1>
        ${this.info ? html`<p class="meta">${withCode(this.info.history)}</p><p class="meta"><small data-source>Source: ${withCode(this.info.source)}</small></p>` : ''}
      </header>
      <div class="bar">
        <lm-seed .seed=${seed} @seed=${(e: CustomEvent) => this.restart({ ...this.config, seed: e.detail.seed })}></lm-seed>
        <button data-action="reset" @click=${() => this.restart(this.config)} title="start again with the same settings and seed">${ICONS.reset}Reset</button>
        <a href=${this.link()} data-share @click=${(e: Event) => { e.preventDefault(); this.copyLink(); }}
          title="a link that opens this exhibit with these settings">${this.copied ? 'link copied' : 'share these settings (link)'}</a>
      </div>
      <div class="message" role="status" data-kind=${this.messageKind}>${this.message}</div>
      ${this.queue ? html`<div class="queue" data-run-queue role="status">
        <span>Your run waits for one of the museum's run slots, shared by every visitor: place <b data-place>${this.queue.place}</b> of ${this.queue.of}.
          It starts by itself when a slot frees.</span>
        <button data-action="stop-waiting" @click=${() => this.stop()}>Stop</button></div>` : ''}
      ${this.element ?? ''}
      <h2>Log</h2>
      <lm-log .lines=${this.lines} .first=${this.dropped}></lm-log>`;
  }
}
customElements.define('lm-exhibit-page', LmExhibitPage);
