// The Computox / AUTOX: the exhibit of `ludomat_computox::ComputoxSession`.
//
// The front: an O lamp and an X lamp per square (buttons A–J, no I), the W and L lamps,
// the bell, the game counter, the OS / X / MODE switches and SAL, RESET. The inside: the
// main uniselector U1 drawn as its 25 contacts with the wiper stepping contact by
// contact (run / pause / step at the visitor's speed), the checks of the contact under
// test and which one closed, and the tactic named. Source: the Computox restoration
// blog, "Computox / AUTOX Move Selection" (the source).
//
// Model "relays" plays the machine on its simulated circuit (computox.net): the relays
// panel lights each relay as it operates and releases, replayed in simulated time at
// the visitor's speed, beside U1.
import { css, html, svg } from 'lit';
import { ExhibitElement } from '../exhibit.ts';
import '../components/lm-lamp.ts';
import '../components/lm-run-control.ts';
import '../components/lm-run-clock.ts';
import { count, results, thousands } from '../text.ts';

type Turn = 'human' | 'start' | 'machine' | 'x' | 'o' | 'over';
type Outcome = 'won' | 'lost' | 'drawn';

interface CheckView { label: string; tests: string; target: string; gate: string; gate_open: boolean; closed: boolean }
interface ContactTest {
  number: number; label: string; tactic: number; tactic_name: string; line: string | null;
  cut: boolean; checks: CheckView[]; fired: string | null;
}
type ArmatureState = 'operated' | 'released' | 'unknown';
interface RelaysView {
  timing: 'ideal' | 'real'; tick_ms: number;
  relays: { name: string; state: ArmatureState }[];
  u1: number | null; sal: number | null; now: number; events: number;
}
interface RelayEvent { tick: number; ms: number; part: string; change: ArmatureState | 'stepped'; position: number | null }
interface View {
  variant: 'computox' | 'autox';
  model: 'behavioural' | 'relays';
  relays: RelaysView | null;
  seed: number;
  two_player: boolean;
  squares: { letter: string; o_lamp: boolean; x_lamp: boolean; shutter: boolean }[];
  w_lamp: boolean; l_lamp: boolean; has_lamps_and_bell: boolean; bells: number;
  counter: string | null;
  os_switch: boolean; os_relay: boolean; x_switch: boolean; x_relay: boolean;
  mode_switches: boolean[];
  sal: { position: number; label: string; tap: number | null; taps: string[] } | null;
  uniselector: { position: number; label: string; contacts: number; homed: boolean; stepping: boolean; ratchet_steps: number };
  contact: ContactTest | null;
  last_move: { square: string; contact: string; tactic: number; tactic_name: string; check: string; tests: string } | null;
  turn: Turn; prompt: string; outcome: Outcome | null; line: string | null;
  tally: { finished: number; w: number; l: number; drawn: number };
  plan: { number: number; label: string; tactic: number; tactic_name: string; line: string | null; checks: string[] }[];
}
type Happening =
  | { type: 'reset'; counter: string | null; sal: string | null; sal_tap: number | null; mode_switch_set: boolean; x_relay: boolean; shutters_rolled_back: boolean }
  | { type: 'os_latched' } | { type: 'start_pressed' } | { type: 'x_latched' } | { type: 'homed' } | { type: 'bell' }
  | { type: 'switch_set'; switch: string; position: string; note: string }
  | { type: 'pressed'; side: 'x' | 'o'; square: string }
  | ({ type: 'contact' } & ContactTest)
  | { type: 'claimed'; square: string; contact: string; tactic: number; tactic_name: string; check: string; tests: string; contacts_stepped: number; also: string[] }
  | { type: 'game_over'; outcome: Outcome; line: string | null; text: string }
  | ({ type: 'relay' } & RelayEvent);

/** Relay armature colours, always shown with a word. */
const ARMATURE: Record<ArmatureState, { colour: string; text: string; word: string }> = {
  operated: { colour: '#e0a100', text: '#1d1b18', word: 'operated' },
  released: { colour: '#5b5346', text: '#f4efe4', word: 'released' },
  unknown: { colour: '#9e9e9e', text: '#1d1b18', word: 'unknown' },
};
/** Replay speeds: simulated milliseconds per real millisecond. */
/** The bell's count in words: "the bell has not rung", "rang once", "rang 3 times". */
const bellRang = (n: number) =>
  n === 0 ? 'the bell has not rung' : n === 1 ? 'the bell rang once' : `the bell rang ${thousands(n)} times`;
const REPLAY: [number, string][] = [[1, 'real time'], [0.25, '¼ speed'], [0.1, '1/10 speed'], [0.02, '1/50 speed']];
const CONTROL_RELAYS: Record<string, string> = {
  T: 'player relay', OS: 'machine starts', X: 'beatable', DS: 'DS', W: 'W: machine won', L: 'L: machine lost', CTR: 'game counter', DM: 'DM',
};

/** Tactic colours, always shown with the tactic's number and name. */
const TACTIC_COLOUR: Record<number, string> = { 1: '#2e7d32', 2: '#b3261e', 3: '#6a3fa0', 4: '#b07d00' };
const TACTIC_NAME: Record<number, string> = { 1: 'win', 2: 'block', 3: 'fork prevention', 4: 'good square' };
const KEYS = 'ABCDEFGHJ';

/** The `verify` run's progress: positions checked per mode, disagreements, hazards. */
interface VerifyPartial {
  modes: string[]; checked: number[]; expected: number[]; disagreements: string[]; hazards: string[];
  power_on_unknown_lamps: number; events: number; ticks: number;
}
interface VerifyReport {
  type: 'run_progress'; long_run: string; done: number; per_second: number; elapsed_ms: number; ended: boolean;
  partial?: VerifyPartial; result?: VerifyPartial & { positions: number; clean: boolean; cancelled: boolean };
}

export class ComputoxExhibit extends ExhibitElement<View, Happening> {
  static properties = {
    ...ExhibitElement.properties, interval: { state: true }, autoRun: { state: true },
    shown: { state: true }, shownU1: { state: true }, replaySpeed: { state: true }, replaying: { state: true },
    check: { state: true },
  };
  /** The circuit check's last report (`verify`, a long run on the server). */
  declare check: VerifyReport | null;
  declare interval: number;
  declare autoRun: boolean;
  /** The relays panel as replayed so far (name → armature). */
  declare shown: Record<string, ArmatureState>;
  declare shownU1: number | null;
  declare replaySpeed: number;
  declare replaying: boolean;
  private replayFrame = 0;
  /** What the replay under way has still to show (finished at once if interrupted). */
  private replayLeft: RelayEvent[] = [];

  constructor() {
    super();
    this.interval = 150;
    this.autoRun = true;
    this.shown = {};
    this.shownU1 = null;
    this.replaySpeed = 0.1;
    this.replaying = false;
    this.check = null;
  }

  /** The panel as the circuit stands now (not while the machine's move is still to be stepped). */
  private syncRelays() {
    const r = this.view?.relays;
    if (!r) { this.shown = {}; return; }
    this.shown = Object.fromEntries(r.relays.map((x) => [x.name, x.state]));
    this.shownU1 = r.u1;
  }

  /** Replay the relay happenings of the latest change in simulated time. */
  protected willUpdate(changed: Map<string, unknown>) {
    if (changed.has('happenings')) {
      for (const h of this.happenings as unknown as VerifyReport[]) if (h.type === 'run_progress' && h.long_run === 'verify') this.check = h;
    }
    if (!changed.has('happenings') && !changed.has('view')) return;
    const v = this.view;
    if (!v?.relays) { this.shown = {}; return; }
    if (!changed.has('happenings')) {
      if (Object.keys(this.shown).length === 0) this.syncRelays();
      return;
    }
    const events = this.happenings.filter((h): h is Happening & { type: 'relay' } => h.type === 'relay');
    cancelAnimationFrame(this.replayFrame);
    if (this.replayLeft.length) {
      // A new change came before the last replay ended: show the rest of it at once.
      const shown = { ...this.shown };
      for (const e of this.replayLeft) {
        if (e.change === 'stepped') { if (e.part === 'U1') this.shownU1 = e.position; } else shown[e.part] = e.change;
      }
      this.shown = shown;
      this.replayLeft = [];
    }
    if (Object.keys(this.shown).length === 0 || events.length === 0) {
      this.replaying = false;
      if (v.turn !== 'machine' || Object.keys(this.shown).length === 0) this.syncRelays();
      return;
    }
    const start = performance.now();
    let next = 0;
    this.replayLeft = events;
    this.replaying = true;
    const frame = () => {
      const simulated = (performance.now() - start) * this.replaySpeed;
      const shown = { ...this.shown };
      let u1 = this.shownU1;
      while (next < events.length && events[next].ms <= simulated) {
        const e = events[next++];
        if (e.change === 'stepped') { if (e.part === 'U1') u1 = e.position; } else shown[e.part] = e.change;
      }
      this.shown = shown;
      this.shownU1 = u1;
      this.replayLeft = events.slice(next);
      if (next < events.length) this.replayFrame = requestAnimationFrame(frame);
      else {
        this.replaying = false;
        if (this.view?.turn !== 'machine') this.syncRelays();
      }
    };
    this.replayFrame = requestAnimationFrame(frame);
  }

  static styles = css`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: minmax(0, 26rem) minmax(0, 1fr); gap: 1.5rem 2rem; align-items: start; }
    @media (max-width: 52rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    h3 { margin: 0 0 0.5rem; font-size: 1.05rem; }
    .panel { background: #3a352d; color: #f4efe4; border-radius: 12px; padding: 1rem; }
    .status { font-size: 1.15rem; font-weight: 600; margin: 0 0 0.6rem; min-height: 2.7em; }
    .grid { display: grid; grid-template-columns: repeat(3, minmax(0, 6.2rem)); grid-auto-rows: minmax(5.4rem, 6.2rem); gap: 8px; }
    .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
    .sq { position: relative; }
    select { max-width: 100%; }
    .sq { border: 2px solid #8a7d66; border-radius: 10px; background: #fffdf8; color: #1d1b18; cursor: pointer;
          display: grid; grid-template-rows: auto 1fr; padding: 0.25rem; font: inherit; }
    .sq:focus-visible { outline: 3px solid #e0a100; outline-offset: 2px; }
    .sq.shutter .muted { color: #fff; background: #1d1b18; font-weight: 700; padding: 0 0.3rem; border-radius: 4px; }
    .sq.line { border-color: #e0a100; box-shadow: 0 0 0 4px #e0a100 inset; }
    .sq .letter { font-weight: 700; font-size: 1.1rem; justify-self: start; }
    .sq .lamps { display: flex; justify-content: space-around; align-items: center; }
    .bulb { display: inline-grid; place-items: center; width: 2.2rem; height: 2.2rem; border-radius: 50%;
            border: 2px solid #5b5346; background: #d9d2c3; color: #8f8572; font-weight: 700; font-size: 1.2rem; }
    .bulb.o.on { background: #1f5fa8; color: #fff; box-shadow: 0 0 10px #1f5fa8; }
    .bulb.x.on { background: #b3261e; color: #fff; box-shadow: 0 0 10px #b3261e; }
    .sq.shutter { background: repeating-linear-gradient(45deg, #5b5346 0 6px, #7a705e 6px 12px); color: #fff; }
    .row { display: flex; flex-wrap: wrap; gap: 0.8rem 1.2rem; align-items: center; margin: 0.7rem 0; }
    .counter { font-family: ui-monospace, monospace; font-size: 1.4rem; background: #111; color: #f4efe4;
               padding: 0.1rem 0.5rem; border-radius: 4px; letter-spacing: 0.2rem; }
    button.cmd, select { font-size: 1rem; padding: 0.35rem 0.8rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; color: #1d1b18; cursor: pointer; }
    button.cmd:disabled { opacity: 0.5; cursor: default; }
    button.reset { background: #b3261e; color: #fff; border-color: #7d1a14; font-weight: 700; }
    label { display: inline-flex; gap: 0.35rem; align-items: center; }
    .panel .muted { color: #d9d2c3; }
    .panel lm-lamp { color: #f4efe4; --lamp-state: #d9d2c3; }
    .inside { display: grid; grid-template-columns: minmax(0, 18rem) minmax(0, 1fr); gap: 1rem; align-items: start; }
    @media (max-width: 70rem) { .inside { grid-template-columns: minmax(0, 1fr); } }
    svg text { font: 10px system-ui, sans-serif; }
    .legend { display: flex; flex-wrap: wrap; gap: 0.3rem 0.9rem; font-size: 0.9rem; }
    .swatch { display: inline-block; width: 0.9rem; height: 0.9rem; border-radius: 3px; vertical-align: -0.1rem; margin-right: 0.25rem; }
    table { border-collapse: collapse; width: 100%; font-size: 0.92rem; }
    td, th { border-bottom: 1px solid #d9d2c3; padding: 0.25rem 0.4rem; text-align: left; vertical-align: top; }
    tr.closed td { background: #ffe9a8; font-weight: 600; }
    .position { font-size: 1.1rem; font-weight: 600; }
    .why { color: #5b5346; min-height: 1.3rem; }
    .muted { color: #6b6253; font-size: 0.9rem; }
    fieldset { border: 1px solid #d9d2c3; border-radius: 8px; margin: 0.6rem 0; }
    .relays { display: grid; gap: 4px; }
    .relay-row { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
    .relay-row > .muted { width: 5.5rem; }
    .relay { display: inline-block; min-width: 4.6rem; padding: 0.15rem 0.35rem; border-radius: 5px; border: 1px solid #1d1b18; font-size: 0.85rem; }
    .relay.operated { box-shadow: 0 0 8px #e0a100; }
  `;

  private onKey = (e: KeyboardEvent) => {
    const t = e.composedPath()[0];
    if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key.toUpperCase();
    if (k.length === 1 && KEYS.includes(k)) this.press(k);
    else if (k === 'S') this.act({ type: 'step' });
    else if (k === 'W') this.act({ type: 'sweep' });
    else if (k === 'R') this.machineReset();
    else if (k === 'G') this.start();
  };
  connectedCallback() { super.connectedCallback(); window.addEventListener('keydown', this.onKey); }
  disconnectedCallback() { super.disconnectedCallback(); window.removeEventListener('keydown', this.onKey); }

  /** Runs the visitor started (the circuit check): the latest click wins. */
  private runsStarted = 0;

  /**
   * After a visitor's action: let U1 run by itself at the set speed if asked to — unless
   * the visitor started the circuit check while the action was answered (the stepping
   * would replace the check the visitor clicked last).
   */
  private async then(action: unknown) {
    const before = this.runsStarted;
    const u = await this.act(action);
    const v = (u?.view ?? this.view) as View | undefined;
    if (this.autoRun && v?.turn === 'machine' && this.runsStarted === before) await this.autoplay({ type: 'step' }, this.interval);
  }
  private press(letter: string) { return this.then({ type: 'press', square: letter }); }
  private start() { return this.then({ type: 'start' }); }
  private machineReset() { return this.then({ type: 'reset' }); }

  describe(h: Happening): string {
    if ((h as { type: string }).type === 'run_progress') {
      const r = h as unknown as VerifyReport;
      const p = r.result ?? r.partial;
      const done = p ? p.checked.reduce((a, b) => a + b, 0) : r.done;
      return `circuit check: ${count(done, 'position')}${r.ended ? (r.result?.cancelled ? ', stopped' : r.result?.clean ? ', all agree, no hazards' : ', done') : ''}`;
    }
    switch (h.type) {
      case 'reset':
        if (h.shutters_rolled_back) return 'RESET: lamps released, shutters rolled back by hand';
        return `RESET: game counter ${h.counter}; SAL stopped on ${h.sal}` +
          `${h.sal_tap ? ` (tap ${h.sal_tap}, its MODE switch ${h.mode_switch_set ? 'set' : 'off'})` : ''}; ` +
          `X relay ${h.x_relay ? 'up: this game is beatable' : 'down: unbeatable'}`;
      case 'os_latched': return 'MACHINE FIRST: the OS relay latches; the machine opens';
      case 'start_pressed': return 'START pressed: U1 begins to step';
      case 'x_latched': return 'the X relay energises: five fork checks are cut';
      case 'switch_set': return `${h.switch.toUpperCase()} switch: ${h.position} (${h.note})`;
      case 'pressed': return this.view?.variant === 'autox' ? `shutter closed over ${h.square}` : `${h.side.toUpperCase()} lamp ${h.square} lit (button ${h.square})`;
      case 'contact': {
        const closed = h.checks.filter((c) => c.closed);
        const what = h.cut ? 'cut' : h.checks.length === 0 ? 'no checks' :
          closed.length ? `${closed.map((c) => c.label).join(', ')} closes` : `${count(h.checks.length, 'check')}, none closes`;
        return `U1 → ${h.label} (tactic ${h.tactic}, ${h.tactic_name}${h.line ? `, line ${h.line}` : ''}): ${what}`;
      }
      case 'claimed': return `O lamp ${h.square} lit: ${h.contact} fired after ${count(h.contacts_stepped, 'contact')} — tactic ${h.tactic} (${h.tactic_name}), ${h.check}: ${h.tests}`;
      case 'homed': return 'U1 homes to N1';
      case 'game_over': return h.text;
      case 'bell': return 'the bell rings';
      case 'relay': return h.change === 'stepped'
        ? `  ${h.ms} ms: ${h.part} steps to N${h.position ?? '?'}`
        : `  ${h.ms} ms: relay ${h.part} ${h.change}`;
    }
  }

  private squareLabel(s: View['squares'][number]): string {
    const what = s.o_lamp ? 'O lamp lit' : s.x_lamp ? 'X lamp lit' : s.shutter ? 'shutter closed' : 'dark';
    return `square ${s.letter}, ${what}`;
  }

  private front(v: View) {
    const autox = v.variant === 'autox';
    // W-B2 / L-B2 ring the bell when a line is made; it stays shown until RESET.
    const bell = this.happenings.some((h) => h.type === 'bell') || ((v.w_lamp || v.l_lamp) && v.has_lamps_and_bell);
    const line = v.line ?? '';
    return html`
      <div class="panel">
        <div class="grid" role="group" aria-label="the square buttons">
          ${v.squares.map((s) => html`<button class="sq ${s.shutter ? 'shutter' : ''} ${line.includes(s.letter) ? 'line' : ''}" data-square=${s.letter}
              title=${this.squareLabel(s)}
              @click=${() => this.press(s.letter)}>
            <span class="sr">${this.squareLabel(s)}</span>
            <span class="letter" aria-hidden="true">${s.letter}</span>
            <span class="lamps" aria-hidden="true">
              <span class="bulb o ${s.o_lamp ? 'on' : ''}" data-lamp="o">O</span>
              ${autox ? html`<span class="muted">${s.shutter ? 'shutter' : ''}</span>`
                : html`<span class="bulb x ${s.x_lamp ? 'on' : ''}" data-lamp="x">X</span>`}
            </span></button>`)}
        </div>
        ${v.has_lamps_and_bell ? html`<div class="row">
            <lm-lamp data-lamp="w" label="W (machine won)" color="#2e7d32" ?on=${v.w_lamp}></lm-lamp>
            <lm-lamp data-lamp="l" label="L (machine lost)" color="#e0a100" ?on=${v.l_lamp}></lm-lamp>
            <lm-lamp data-lamp="bell" label=${bell ? 'bell (rang)' : 'bell'} color="#f4c430" ?on=${bell}></lm-lamp>
          </div>
          <div class="row"><span>game counter</span> <span class="counter" data-counter>${v.counter}</span>
            <span class="muted" data-bell>${bellRang(v.bells)}</span></div>` : html`<p class="muted">The AUTOX has no W/L lamps, bell or counter: you judge the board.</p>`}
        <div class="row">
          <button class="cmd reset" data-action="machine-reset" @click=${() => this.machineReset()}>RESET (r)</button>
          <button class="cmd" data-action="start" ?disabled=${v.two_player}
            @click=${() => this.start()}>${autox ? 'START (g)' : 'MACHINE FIRST (g)'}</button>
        </div>
      </div>`;
  }

  private switches(v: View) {
    if (v.two_player) return html`<p class="muted">Two players: the machine only referees (interlock, player relay, W/L lamps, bell).</p>`;
    const autox = v.variant === 'autox';
    return html`<fieldset><legend>Switches</legend>
      <div class="row">
        <label><input type="checkbox" data-switch="os" .checked=${v.os_switch}
          @change=${(e: Event) => this.then({ type: 'set_os', on: (e.target as HTMLInputElement).checked })}>
          OS: machine starts</label>
        <span class="muted">OS relay ${v.os_relay ? 'latched' : 'released'}</span>
      </div>
      ${autox ? html`<p class="muted">The AUTOX has no X relay and no SAL.</p>` : html`
      <div class="row">
        <label><input type="checkbox" data-switch="x" .checked=${v.x_switch}
          @change=${(e: Event) => this.act({ type: 'set_x', on: (e.target as HTMLInputElement).checked })}>
          X: beatable (secret switch)</label>
        <span class="muted" data-x-relay>X relay ${v.x_relay ? 'up: five fork checks cut' : 'down: unbeatable'}</span>
      </div>
      <div class="row"><span>MODE switches (with SAL, at RESET)</span>
        ${v.mode_switches.map((on, i) => html`<label><input type="checkbox" data-switch="mode${i + 1}" .checked=${on}
          @change=${(e: Event) => {
            const next = [...v.mode_switches]; next[i] = (e.target as HTMLInputElement).checked;
            this.act({ type: 'set_mode_switches', switches: next });
          }}>${i + 1}</label>`)}
      </div>
      <div class="row" data-sal>SAL rests on <b>${v.sal?.label}</b>
        <span class="muted">${v.sal?.tap ? `tap ${v.sal.tap} (of ${v.sal.taps.join(' ')})` : `not a tap (taps: ${v.sal?.taps.join(' ')})`}</span></div>`}
      </fieldset>`;
  }

  private settings(v: View) {
    const relays = v.model === 'relays';
    return html`<fieldset><legend>Machine</legend><div class="row">
      <label>Machine <select data-setting="variant" @change=${(e: Event) => {
        const variant = (e.target as HTMLSelectElement).value;
        this.restart({ seed: this.config.seed, variant, two_player: false });
      }}>
        <option value="computox" ?selected=${v.variant === 'computox'}>Computox</option>
        <option value="autox" ?selected=${v.variant === 'autox'} ?disabled=${relays}>AUTOX (1956)${relays ? ' — no circuit' : ''}</option>
      </select></label>
      <label>Model <select data-setting="model" @change=${(e: Event) => {
        const model = (e.target as HTMLSelectElement).value;
        this.restart(model === 'relays'
          ? { seed: this.config.seed, variant: 'computox', model, timing: 'ideal' }
          : { seed: this.config.seed, variant: v.variant, model });
      }}>
        <option value="behavioural" ?selected=${!relays}>behavioural (checks as board patterns)</option>
        <option value="relays" ?selected=${relays} ?disabled=${v.variant === 'autox' || v.two_player}>relays (the simulated circuit)</option>
      </select></label>
      ${relays ? html`<label>Relay timing <select data-setting="timing" @change=${(e: Event) =>
        this.restart({ seed: this.config.seed, variant: 'computox', model: 'relays', timing: (e.target as HTMLSelectElement).value })}>
        <option value="ideal" ?selected=${v.relays?.timing === 'ideal'}>ideal (logic only)</option>
        <option value="real" ?selected=${v.relays?.timing === 'real'}>real (type 3000 relays, 20 steps/s)</option>
      </select></label>` : ''}
      ${v.variant === 'computox' && !relays ? html`<label><input type="checkbox" data-setting="two_player" .checked=${v.two_player}
        @change=${(e: Event) => this.restart({ seed: this.config.seed, variant: 'computox', two_player: (e.target as HTMLInputElement).checked })}>
        two players (the machine referees)</label>` : ''}
    </div></fieldset>`;
  }

  /** U1 as a ring of 25 contacts, coloured (and numbered) by tactic, with its wiper. */
  private dial(v: View) {
    const R = 120, C = 150, n = v.uniselector.contacts;
    const at = (k: number, r: number) => {
      const a = -Math.PI / 2 + (2 * Math.PI * (k - 1)) / n;
      return [C + r * Math.cos(a), C + r * Math.sin(a)];
    };
    const tactic = (k: number) => v.plan.find((p) => p.number === k)?.tactic;
    const tested = v.contact?.number;
    const fired = v.contact?.fired ? v.contact.number : undefined;
    const [wx, wy] = at(v.uniselector.position, R - 14);
    return svg`<svg viewBox="0 0 300 300" width="300" height="300" style="max-width:100%;height:auto" role="img" data-dial
        aria-label="uniselector U1: wiper on ${v.uniselector.label}">
      <circle cx=${C} cy=${C} r=${R + 16} fill="#f4efe4" stroke="#8a7d66"></circle>
      ${Array.from({ length: n }, (_, i) => i + 1).map((k) => {
        const [x, y] = at(k, R);
        const [tx, ty] = at(k, R - 26);
        const t = tactic(k);
        const fill = t ? TACTIC_COLOUR[t] : '#d9d2c3';
        const ring = k === fired ? '#e0a100' : k === tested ? '#1d1b18' : 'none';
        return svg`<g data-contact=${k}>
          <circle cx=${x} cy=${y} r=${k === tested ? 10 : 8} fill=${fill} stroke=${ring} stroke-width="3"></circle>
          <text x=${x} y=${y + 3.5} text-anchor="middle" fill=${t ? '#fff' : '#1d1b18'} font-weight="700">${k}</text>
          ${k === tested ? svg`<text x=${tx} y=${ty + 3} text-anchor="middle" fill="#1d1b18">${k === fired ? 'fired' : 'test'}</text>` : ''}
        </g>`;
      })}
      <line x1=${C} y1=${C} x2=${wx} y2=${wy} stroke="#1d1b18" stroke-width="4" stroke-linecap="round"></line>
      <circle cx=${C} cy=${C} r="9" fill="#1d1b18"></circle>
      <text x=${C} y=${C + 28} text-anchor="middle" fill="#1d1b18" font-size="13">U1</text>
    </svg>`;
  }

  private inside(v: View) {
    const u = v.uniselector;
    const c = v.contact;
    const last = v.last_move;
    const state = u.stepping ? (u.homed ? 'at home, the sweep is due' : 'stepping') : 'homed';
    return html`
      <h3>Inside: the uniselector U1</h3>
      <p class="position" data-position>Contact ${u.position} of ${u.contacts} (${u.label}) — ${state}</p>
      <div class="inside">
        <div>
          ${this.dial(v)}
          <div class="legend">${[1, 2, 3, 4].map((t) => html`<span><span class="swatch" style="background:${TACTIC_COLOUR[t]}"></span>tactic ${t}: ${TACTIC_NAME[t]}</span>`)}
            <span><span class="swatch" style="background:#d9d2c3"></span>N1 home</span></div>
        </div>
        <div>
          <lm-run-control .running=${this.running && !this.checkGoing} .interval=${this.interval} ?disabled=${!u.stepping || this.checkGoing}
            reason=${this.checkGoing ? 'the circuit check is going' : ''}
            @run=${(e: CustomEvent) => { this.interval = e.detail.interval; this.autoplay({ type: 'step' }, this.interval); }}
            @speed=${(e: CustomEvent) => { this.interval = e.detail.interval; this.autoplay({ type: 'step' }, this.interval); }}
            @pause=${() => this.stop()}
            @step=${() => this.act({ type: 'step' })}></lm-run-control>
          <div class="row">
            <button class="cmd" data-action="sweep" ?disabled=${!u.stepping} @click=${() => this.act({ type: 'sweep' })}>Finish the sweep (w)</button>
            <label><input type="checkbox" data-setting="auto" .checked=${this.autoRun}
              @change=${(e: Event) => { this.autoRun = (e.target as HTMLInputElement).checked; }}>
              run U1 by itself after each move</label>
          </div>
          <div data-contact-checks>
          ${c ? html`<p><b>${c.label}</b>: <span class="swatch" style="background:${TACTIC_COLOUR[c.tactic]}"></span>tactic ${c.tactic} (${c.tactic_name})${c.line ? `, line ${c.line}` : ''}
              — ${c.fired ? html`<b data-fired>fired: claims ${c.fired}</b>` : c.cut ? 'cut' : 'nothing closes, the wiper steps on'}</p>
            <table><thead><tr><th>check</th><th>tests</th><th>now</th></tr></thead><tbody>
              ${c.checks.map((k) => html`<tr class=${k.closed ? 'closed' : ''}><td>${k.label}</td><td>${k.tests}</td>
                <td>${k.closed ? `closes → ${k.target}` : !k.gate_open ? 'relay contact open' : 'open'}</td></tr>`)}
            </tbody></table>`
            : html`<p class="muted">No contact tested yet in this move. ${u.stepping ? 'Step or run U1.' : ''}</p>`}
          </div>
          <p class="why" data-tactic>${last ? `Last machine move: ${last.square} — ${last.contact} fired, tactic ${last.tactic} (${last.tactic_name}): ${last.check}, ${last.tests}.` : ''}</p>
        </div>
      </div>`;
  }

  /** The circuit's relays, lit as they operate, replayed in simulated time. */
  private relaysPanel(v: View) {
    const r = v.relays;
    if (!r) return html``;
    const lamp = (name: string, label: string) => {
      const st = this.shown[name] ?? 'unknown';
      const a = ARMATURE[st];
      return html`<span class="relay ${st}" data-relay=${name} data-state=${st} title="${label}: ${a.word}"
        style="background:${a.colour};color:${a.text}"><b>${name}</b> <small>${st === 'operated' ? 'op' : st === 'released' ? 'rel' : '? unk'}</small></span>`;
    };
    const squares = 'ABCDEFGHJ'.split('');
    return html`
      <h3>Inside: the relays (${r.timing} timing, ${r.tick_ms} ms a tick)</h3>
      <div class="row">
        <label>Replay <select data-setting="replay" @change=${(e: Event) => { this.replaySpeed = Number((e.target as HTMLSelectElement).value); }}>
          ${REPLAY.map(([k, name]) => html`<option value=${k} ?selected=${k === this.replaySpeed}>${name}</option>`)}
        </select></label>
        <span class="muted" data-relay-u1>circuit U1: ${this.shownU1 ? `U1-N${this.shownU1}` : 'unknown'}${this.replaying ? ' (replaying)' : ''}; SAL-N${r.sal ?? '?'}; ${count(r.events, 'relay event')} since power-on</span>
      </div>
      <div class="legend">${(['operated', 'released', 'unknown'] as ArmatureState[]).map((st) => html`<span><span class="swatch" style="background:${ARMATURE[st].colour}"></span>${ARMATURE[st].word}</span>`)}</div>
      <div class="relays" data-relays role="group" aria-label="the circuit's relays">
        <div class="relay-row"><span class="muted">control</span>${Object.entries(CONTROL_RELAYS).filter(([n]) => n in this.shown || r.relays.some((x) => x.name === n)).map(([n, l]) => lamp(n, l))}</div>
        ${squares.map((q) => html`<div class="relay-row"><span class="muted">square ${q}</span>
          ${lamp(`${q}XA`, `${q}XA: the human's latch`)}${lamp(`${q}XB`, 'its slave')}${lamp(`${q}OA`, `${q}OA: the machine's latch`)}${lamp(`${q}OB`, 'its slave')}</div>`)}
      </div>`;
  }

  /**
   * The circuit checked against the behavioural model over every position it can face
   * (690 for the Computox), with the hazard report: `ludomat computox verify`, run by the
   * server, its progress live.
   */
  /** The circuit check is the run going (U1's stepping is not). */
  private get checkGoing(): boolean {
    return this.runOf('verify', this.check);
  }

  private verifyPanel(v: View) {
    if (v.variant !== 'computox') return html``;
    const c = this.check;
    const r = c?.result ?? c?.partial;
    const expected = r ? r.expected.reduce((a, b) => a + b, 0) : 690;
    const done = r ? r.checked.reduce((a, b) => a + b, 0) : 0;
    const going = this.runOf('verify', c);
    const why = this.startBlocked(going);
    const verdict = c?.result
      ? (c.result.cancelled ? 'stopped' : c.result.clean ? 'the circuit agrees with the model everywhere, no hazards' : `${count(c.result.disagreements.length, 'disagreement')}, ${count(c.result.hazards.length, 'hazard')}`)
      : '';
    return html`<fieldset data-verify><legend>Check the circuit against the model</legend>
      <div class="row">
        <button data-action="verify" ?disabled=${this.running} title=${why} @click=${() => { this.check = null; this.ownRun = 'verify'; this.runsStarted++; this.host?.runLong('verify'); }}>Check all ${count(expected, 'position')}</button>
        <button data-action="stop-verify" ?disabled=${!this.running} @click=${() => this.stop()}>${this.stopLabel()}</button>
        ${why ? html`<small data-start-why>${why}</small>` : ''}
      </div>
      <lm-run-clock .report=${c} .running=${going} .queued=${this.queued}></lm-run-clock>
      ${r ? html`<div class="row"><progress max=${expected} .value=${done} aria-label="positions checked"></progress>
        <span data-verify-count>${thousands(done)} of ${count(expected, 'position')}${c?.ended ? ` — ${verdict}` : ''}</span></div>
        <table class="muted" data-verify-modes><tbody>${r.modes.map((m, i) => html`<tr><td>${m}</td><td>${r.checked[i]} / ${r.expected[i]}</td></tr>`)}</tbody></table>
        <p class="muted" data-verify-work>${thousands(r.events)} relay events and uniselector steps in ${count(r.ticks, 'simulated tick')};
          ${r.power_on_unknown_lamps === 1 ? '1 lamp' : count(r.power_on_unknown_lamps, 'lamp')} unknown at power-on (RESET makes them known)</p>
        ${r.disagreements.length ? html`<ul data-verify-disagreements>${r.disagreements.map((d) => html`<li>${d}</li>`)}</ul>` : ''}
        ${r.hazards.length ? html`<ul data-verify-hazards>${r.hazards.map((d) => html`<li>${d}</li>`)}</ul>` : ''}` : ''}
    </fieldset>`;
  }

  render() {
    const v = this.view;
    if (!v) return html``;
    const t = v.tally;
    return html`
      <div>
        <p class="status" data-status>${v.outcome ? `${v.outcome === 'won' ? 'O wins' : v.outcome === 'lost' ? 'X wins' : 'A draw'}${v.line ? ` — the line ${v.line}` : ''}. ` : ''}${v.prompt[0].toUpperCase() + v.prompt.slice(1)}.</p>
        ${this.front(v)}
        <p class="muted" data-tally>${count(t.finished, 'game')} finished; the machine: ${results(t.w, t.drawn, t.l)}</p>
        ${this.switches(v)}
        ${this.settings(v)}
        ${this.verifyPanel(v)}
        <p class="muted">Keys: A–J press a square, s step, w finish the sweep, r RESET, g ${v.variant === 'autox' ? 'START' : 'machine first'}.</p>
      </div>
      <div>${this.inside(v)}${this.relaysPanel(v)}</div>`;
  }
}
customElements.define('lm-exhibit-computox', ComputoxExhibit);
