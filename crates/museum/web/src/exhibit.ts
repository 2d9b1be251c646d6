// The base class of every exhibit's element (web/src/exhibits/<kind>.ts).
//
// The page (<lm-exhibit-page>) opens the visit and sets, on every change:
//   .view        the session's view (JSON, as the Rust session serialises it)
//   .config      the visit's config (seed included)
//   .happenings  the happenings of the latest change, in order
//   .running     whether autoplay runs
// The element sends with this.act(action), this.autoplay(action, ms), this.stop() and
// starts over with other settings with this.restart(config) (the URL follows).
// describe(happening) gives the log its line for each happening.

import { LitElement } from 'lit';
import type { Update } from './api.ts';

export interface ExhibitHost {
  act(action: unknown): Promise<Update | undefined>;
  autoplay(action: unknown, intervalMs: number): Promise<void>;
  stop(): Promise<void>;
  restart(config: Record<string, unknown>): Promise<void>;
  /** The visit's id (for downloads such as the matchbox kit). */
  visitId?(): string | undefined;
}

export class ExhibitElement<V = any, H = any> extends LitElement {
  static properties = {
    view: { attribute: false },
    config: { attribute: false },
    happenings: { attribute: false },
    running: { type: Boolean },
  };

  declare view: V | undefined;
  declare config: Record<string, any>;
  declare happenings: H[];
  declare running: boolean;
  host?: ExhibitHost;

  constructor() {
    super();
    this.view = undefined;
    this.config = {};
    this.happenings = [];
    this.running = false;
  }

  act(action: unknown) { return this.host?.act(action); }
  autoplay(action: unknown, intervalMs: number) { return this.host?.autoplay(action, intervalMs); }
  stop() { return this.host?.stop(); }
  restart(config: Record<string, unknown>) { return this.host?.restart(config); }

  /** One log line for a happening. */
  describe(h: H): string {
    return JSON.stringify(h);
  }
}
