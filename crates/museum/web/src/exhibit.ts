// The base class of every exhibit's element (web/src/exhibits/<kind>.ts).
//
// The page (<lm-exhibit-page>) opens the visit and sets, at most once a frame (updates
// that arrive faster are merged: the latest view wins, the happenings are joined):
//   .view        the session's view (JSON, as the Rust session serialises it)
//   .config      the visit's config (seed included)
//   .happenings  the happenings since the last frame, in order
//   .running     whether autoplay or a run goes (or a run waits for its slot)
//   .queued      the run's place in the museum's queue while it waits for a slot, or null
//   .pageValues  the page's own settings (see `pageSettings`)
// The element sends with this.act(action), this.autoplay(action, ms),
// this.runAction(action, n), this.stop() and starts over with other settings with
// this.restart(config) (the URL follows).
// describe(happening) gives the log its line for each happening.
//
// `static pageSettings` names settings that live in the page, not in the session (the
// autoplay speed, a "next game on its own" switch …) with their defaults: the share link
// carries them beside the session's config, and `this.setSetting(key, value)` changes one.

import { LitElement } from 'lit';
import type { Update } from './api.ts';

export interface ExhibitHost {
  act(action: unknown): Promise<Update | undefined>;
  autoplay(action: unknown, intervalMs: number): Promise<void>;
  stop(): Promise<void>;
  /** A run: `action` applied `times` times back to back on the server (Stop ends it). */
  run(action: unknown, times: number): Promise<void>;
  /** The session's long run `name`, with its settings, on the server (Stop ends it). */
  runLong(name: string, params?: unknown): Promise<void>;
  restart(config: Record<string, unknown>): Promise<void>;
  /** The visit's id (for downloads such as the matchbox kit). */
  visitId?(): string | undefined;
  setSetting(key: string, value: unknown): void;
  say(message: string, kind?: 'error' | 'note'): void;
  /** Applies an action without showing a refusal: the caller shows it its own way. */
  attempt(action: unknown): Promise<{ update?: Update; error?: string }>;
}

export class ExhibitElement<V = any, H = any> extends LitElement {
  static properties = {
    view: { attribute: false },
    config: { attribute: false },
    happenings: { attribute: false },
    running: { type: Boolean },
    queued: { attribute: false },
    pageValues: { attribute: false },
  };

  /** Settings of the page (not the session) and their defaults; carried by the link. */
  static pageSettings: Record<string, unknown> = {};

  declare view: V | undefined;
  declare config: Record<string, any>;
  declare happenings: H[];
  declare running: boolean;
  declare queued: { place: number; of: number } | null;
  declare pageValues: Record<string, any>;
  host?: ExhibitHost;
  /** The panel whose start button began the page's last run ('prove', 'train' …). */
  ownRun: string | null = null;

  constructor() {
    super();
    this.view = undefined;
    this.config = {};
    this.happenings = [];
    this.running = false;
    this.queued = null;
    this.pageValues = { ...(this.constructor as typeof ExhibitElement).pageSettings };
  }

  act(action: unknown) { return this.host?.act(action); }
  attempt(action: unknown) { return this.host?.attempt(action) ?? Promise.resolve({ error: 'not connected' }); }
  autoplay(action: unknown, intervalMs: number) { return this.host?.autoplay(action, intervalMs); }
  stop() { return this.host?.stop(); }
  runAction(action: unknown, times: number) { return this.host?.run(action, times); }
  restart(config: Record<string, unknown>) { return this.host?.restart(config); }
  setSetting(key: string, value: unknown) { this.host?.setSetting(key, value); }
  /** A message in the page's message line (an error in red, or a note). */
  say(message: string, kind: 'error' | 'note' = 'note') { this.host?.say(message, kind); }

  /**
   * Why a run's start button is disabled now, in words (empty when it is enabled): the
   * run waiting for a slot, or another run or autoplay of the page going.
   * Every exhibit shows it beside the button; its Stop button cancels a waiting run.
   * `own`: the run going is this button's own (its Stop beside it says enough).
   */
  startBlocked(own = false): string {
    // Its place is said once, in the page's banner above.
    if (this.queued) return 'Your run waits for a run slot: Stop takes it out of the queue.';
    if (this.running && !own) return 'A run or autoplay is going: stop it first.';
    return '';
  }

  /**
   * Whether the run going is the one panel `name` started: its report says it goes, or
   * (before its first report) the panel's button started the run going now.
   */
  runOf(name: string, report: { ended?: boolean } | null | undefined): boolean {
    if (!this.running) return false;
    return report ? !report.ended : this.ownRun === name;
  }

  /** The label of a run's Stop button (the same while the run waits for its slot). */
  stopLabel(): string {
    return 'Stop';
  }

  /**
   * Whether `note` (why the page's autoplay or run ended) is the expected end the page
   * shows itself (a tournament played to its end), not news for the message line.
   */
  expectedNote(_note: string): boolean {
    return false;
  }

  /** One log line for a happening. */
  describe(h: H): string {
    return JSON.stringify(h);
  }
}
