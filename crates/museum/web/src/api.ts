// The museum's JSON API and its live stream, as the crate README describes them.

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

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return undefined as T;
  const data = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw new ApiError(res.status, data.error ?? res.statusText);
  return data as T;
}

export const listExhibits = () => call<ExhibitInfo[]>('GET', '/api/exhibits');

/**
 * One visit to an exhibit: actions go out as POSTs, every change comes back (once, in
 * order of `seq`) to `onUpdate`, from the action's answer or from the SSE stream,
 * whichever is first.
 */
export class Visit {
  private source?: EventSource;
  seq = -1;

  private constructor(public info: VisitInfo, private onUpdate: (u: Update) => void) {
    this.seq = info.seq;
  }

  static async open(kind: string, config: unknown, onUpdate: (u: Update) => void): Promise<Visit> {
    const info = await call<VisitInfo>('POST', '/api/visits', { kind, config });
    const v = new Visit(info, onUpdate);
    v.listen();
    return v;
  }

  get id() { return this.info.id; }

  private listen() {
    this.source = new EventSource(`/api/visits/${this.id}/events`);
    this.source.addEventListener('state', (e) => {
      this.receive(JSON.parse((e as MessageEvent).data) as Update);
    });
  }

  private receive(u: Update) {
    if (u.seq <= this.seq) return;
    this.seq = u.seq;
    this.onUpdate(u);
  }

  /**
   * Applies an action; resolves with its update, rejects with an ApiError. Refusals come
   * back inline (200 with `refused`), so the browser does not log them as errors.
   */
  async act(action: unknown): Promise<Update> {
    const u = await call<Update & { refused?: { status: number; error: string } }>(
      'POST', `/api/visits/${this.id}/actions?refusals=inline`, action);
    if (u.refused) throw new ApiError(u.refused.status, u.refused.error);
    this.receive(u);
    return u;
  }

  autoplay(action: unknown, intervalMs: number) {
    return call('POST', `/api/visits/${this.id}/autoplay`, { action, interval_ms: Math.round(intervalMs) });
  }

  stop() {
    return call('POST', `/api/visits/${this.id}/stop`);
  }

  close() {
    this.source?.close();
    call('DELETE', `/api/visits/${this.id}`).catch(() => {});
  }
}
