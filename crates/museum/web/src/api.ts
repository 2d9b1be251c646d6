// The museum's JSON API and its live stream, as the crate README describes them.
import { configFromQuery } from './share.ts';

export interface ExhibitInfo {
  kind: string;
  title: string;
  history: string;
  source: string;
}

/** One change of a visit: what the SSE stream sends and what an action returns. */
export interface Update<V = unknown, H = unknown> {
  seq: number;
  view: V;
  happenings: H[];
  running?: boolean;
  note?: string;
  /** On the event stream: the happenings of the changes it skipped to reach this one. */
  skipped?: { seq: number; happenings: H[] }[];
}

export interface VisitInfo<V = unknown> {
  id: string;
  kind: string;
  config: Record<string, unknown>;
  view: V;
  running: boolean;
  seq: number;
}

/** A refusal from the server: its status and its message. */
export class ApiError extends Error {
  constructor(public status: number, message: string) {
    super(message);
  }
}

/** What the page says when the server does not answer at all (stopped, or the network gone). */
export const NOT_ANSWERING = 'The museum is not answering (stopped?): reload the page when it is back.';

/** Whether `e` is the server not answering at all (status 0), not a refusal. */
export function notAnswering(e: unknown): boolean {
  return e instanceof ApiError && e.status === 0;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    // The browser's own words ("TypeError: Failed to fetch") tell a visitor nothing.
    throw new ApiError(0, NOT_ANSWERING);
  }
  if (res.status === 204) return undefined as T;
  const data = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw new ApiError(res.status, data.error ?? res.statusText);
  return data as T;
}

export const listExhibits = () => call<ExhibitInfo[]>('GET', '/api/exhibits');

/** What `GET /api/museum` tells: the limits every visitor meets, and where students reach it. */
export interface MuseumInfo {
  limits: {
    visits: number; visits_per_client: number; requests_per_second: number | null;
    work_slots: number; work_slots_per_client: number; waiting_per_client: number;
    runs: number; runs_per_client: number; run_queue: number; run_seconds: number;
    streams_per_visit: number; streams_per_client: number; idle_minutes: number;
  };
  class: { bound: string; reachable: boolean; urls: { url: string; interface: string }[] };
}

let museum: Promise<MuseumInfo> | undefined;
/** The museum's limits and addresses (asked once a page). */
export function museumInfo(): Promise<MuseumInfo> {
  museum ??= call<MuseumInfo>('GET', '/api/museum');
  museum.catch(() => { museum = undefined; });
  return museum;
}

/** The message of a 404 for a visit the server no longer holds. */
function visitGone(e: unknown): boolean {
  return e instanceof ApiError && e.status === 404 && e.message.startsWith('no visit');
}

/**
 * One visit to an exhibit: actions go out as POSTs, every change comes back (once, in
 * order of `seq`) to `onUpdate`, from the action's answer or from the SSE stream,
 * whichever is first.
 *
 * The visit follows its page: the open event stream tells the server a page watches
 * it; when the page goes away (`pagehide`: closed, reloaded, navigated from) a beacon
 * releases it; and when the page finds its visit gone — back from the browser's cache,
 * its stream refused, an action answered 404 (evicted, expired, the museum restarted) —
 * it opens a fresh one with the settings in its address and says so in a note.
 */
export class Visit {
  private source?: EventSource;
  private renewing?: Promise<boolean>;
  private retries = 0;
  seq = -1;
  /**
   * Told when the event stream finds the museum not answering (its message), and again
   * (`null`) when the stream is back: the page says so before the visitor clicks.
   */
  onAway?: (message: string | null) => void;

  private constructor(
    public info: VisitInfo,
    private kind: string,
    private onUpdate: (u: Update) => void,
  ) {
    this.seq = info.seq;
    window.addEventListener('pagehide', this.onPageHide);
    window.addEventListener('pageshow', this.onPageShow);
  }

  static async open(kind: string, config: unknown, onUpdate: (u: Update) => void): Promise<Visit> {
    // No settings: the exhibit's default (`null`), not an empty config.
    const empty = !!config && typeof config === 'object' && !Object.keys(config).length;
    const info = await call<VisitInfo>('POST', '/api/visits', { kind, config: empty ? null : config });
    const v = new Visit(info, kind, onUpdate);
    v.listen();
    return v;
  }

  get id() { return this.info.id; }

  private listen() {
    this.source?.close();
    const source = new EventSource(`/api/visits/${this.id}/events`);
    this.source = source;
    source.addEventListener('state', (e) => {
      this.retries = 0;
      this.receive(JSON.parse((e as MessageEvent).data) as Update);
    });
    source.addEventListener('open', () => this.onAway?.(null));
    source.addEventListener('error', () => {
      // CLOSED: the server refused the stream (the visit is gone). While the server is
      // away the browser keeps trying by itself (CONNECTING); the page says it is away.
      if (this.source !== source) return;
      const closed = source.readyState === EventSource.CLOSED;
      call('GET', `/api/visits/${this.id}`).then(() => {
        // The visit is there but its stream was refused (too many open on it or from
        // this client, 429): try again in a moment, a few times.
        if (closed && this.retries++ < 5) setTimeout(() => { if (this.source === source) this.listen(); }, 3000);
      }, (e) => {
        if (this.source !== source) return;
        if (notAnswering(e)) {
          this.onAway?.(NOT_ANSWERING);
          // A stream the browser gave up on: try again now and then, so the page
          // notices the museum back (the visit is then renewed).
          if (source.readyState === EventSource.CLOSED) setTimeout(() => { if (this.source === source) this.listen(); }, 5000);
        } else if (closed && visitGone(e)) {
          this.renew();
        }
      });
    });
  }

  private onPageHide = () => {
    this.source?.close();
    this.source = undefined;
    navigator.sendBeacon(`/api/visits/${this.id}/release`);
  };

  private onPageShow = (e: PageTransitionEvent) => {
    // Back from the browser's page cache: the visit was released when the page went.
    if (e.persisted) this.renew();
  };

  /**
   * A fresh visit with the settings in the page's address, announced by a note.
   * Resolves with whether one could be opened (if not, the note says why).
   */
  renew(): Promise<boolean> {
    this.renewing ??= (async () => {
      const config = configFromQuery(location.search);
      let info: VisitInfo;
      try {
        try {
          info = await call<VisitInfo>('POST', '/api/visits', { kind: this.kind, config: Object.keys(config).length ? config : null });
        } catch (e) {
          if (e instanceof ApiError && e.status === 400) {
            info = await call<VisitInfo>('POST', '/api/visits', { kind: this.kind, config: this.info.config });
          } else {
            throw e;
          }
        }
      } catch (e) {
        this.onUpdate({
          seq: this.seq,
          view: this.info.view,
          happenings: [],
          running: false,
          note: `This visit has ended and no fresh one could be opened: ${e instanceof Error ? e.message : String(e)}`,
        });
        return false;
      }
      this.info = info;
      this.seq = -1;
      this.listen();
      this.receive({
        seq: info.seq,
        view: info.view,
        happenings: [],
        running: info.running,
        note: 'This visit had ended (idle, or the museum restarted): a fresh one was opened with the settings in the address.',
      });
      return true;
    })().finally(() => { this.renewing = undefined; });
    return this.renewing;
  }

  private receive(u: Update) {
    if (u.seq <= this.seq) return;
    // The changes the stream skipped that this page has not seen (an action's answer may
    // have brought some): their happenings first, so the log misses none.
    const earlier = (u.skipped ?? []).filter((s) => s.seq > this.seq).flatMap((s) => s.happenings);
    if (earlier.length) u = { ...u, happenings: [...earlier, ...u.happenings] };
    this.seq = u.seq;
    this.onUpdate(u);
  }

  /** The visitor's calls so far: each goes after the one before has been answered. */
  private sent: Promise<unknown> = Promise.resolve();

  /**
   * Calls the visit's endpoint; a visit found gone is renewed and the call refused.
   * In the order of the visitor's clicks: two calls in flight at once could reach the
   * server the other way round (a circuit check clicked just after a press, overtaken by
   * the machine's stepping the press started, would be stopped by it).
   */
  private send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const next = this.sent.then(() => this.sendNow<T>(method, path, body));
    this.sent = next.catch(() => undefined);
    return next;
  }

  private async sendNow<T>(method: string, path: string, body?: unknown): Promise<T> {
    try {
      return await call<T>(method, `/api/visits/${this.id}${path}`, body);
    } catch (e) {
      if (!visitGone(e)) throw e;
      if (await this.renew()) {
        throw new ApiError(404, 'This visit had ended (idle, or the museum restarted): a fresh one was opened with the same settings — try again.');
      }
      throw e;
    }
  }

  /**
   * Applies an action; resolves with its update, rejects with an ApiError. Refusals come
   * back inline (200 with `refused`), so the browser does not log them as errors.
   */
  async act(action: unknown): Promise<Update> {
    const u = await this.send<Update & { refused?: { status: number; error: string } }>(
      'POST', '/actions?refusals=inline', action);
    if (u.refused) throw new ApiError(u.refused.status, u.refused.error);
    this.receive(u);
    return u;
  }

  autoplay(action: unknown, intervalMs: number) {
    return this.send('POST', '/autoplay', { action, interval_ms: Math.round(intervalMs) });
  }

  stop() {
    return this.send('POST', '/stop');
  }

  /** A run: `action` applied `times` times back to back, progress as `run_progress`. */
  run(action: unknown, times: number) {
    return this.startRun({ action, times });
  }

  /** The session's long run `name` (a circuit check, a proof search). */
  runLong(name: string, params?: unknown) {
    return this.startRun(params === undefined ? { long_run: name } : { long_run: name, params });
  }

  /** Starts a run; a refusal (a second run of this visitor, a full queue) comes back
   *  inline, as for actions, and is thrown as an ApiError. */
  private async startRun(body: unknown) {
    const a = await this.send<{ refused?: { status: number; error: string } }>('POST', '/run?refusals=inline', body);
    if (a.refused) throw new ApiError(a.refused.status, a.refused.error);
    return a;
  }

  close() {
    window.removeEventListener('pagehide', this.onPageHide);
    window.removeEventListener('pageshow', this.onPageShow);
    this.source?.close();
    call('DELETE', `/api/visits/${this.id}`).catch(() => {});
  }
}
