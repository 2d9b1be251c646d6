// The relay computer and its teletype: the exhibit of `ludomat_relay_cpu::RelaySession`.
// The front panel (register and flag lamps, the 64 ROM words as DIP switches, the two
// toggle banks), the teletype (paper roll and digit keys), and the board the paper tells.
import { css, html } from 'lit';
import { ExhibitElement } from '../exhibit.ts';
import { ICONS } from '../icons.ts';
import type { Square } from '../components/lm-board.ts';
import '../components/lm-board.ts';
import '../components/lm-lamp.ts';
import { count } from '../text.ts';

type Mark = 'X' | 'O';
type Clock = 'running' | 'stopped' | 'halted' | 'waiting_for_key' | 'fault';
type Outcome = 'playing' | 'machine_wins' | 'person_wins' | { tie: { printed_nine: boolean } };
interface Word { address: number; value: number; bits: string; text: string; reserved: boolean }
interface View {
  registers: { name: string; value: number; bits: string }[];
  flags: { carry: boolean; zero: boolean; sign: boolean };
  pc: number;
  current: Word;
  clock: Clock;
  fault: string | null;
  rom: Word[];
  rom_name: string;
  source: string;
  source_matches_rom: boolean;
  switches: [number, number];
  teletype: { paper: string[]; lines_torn_off: number; printed: number; latch: number; keys_pressed: number };
  time: { instructions: number; ticks: number; real_seconds: number; text: string; speed: 'authentic' | 'fast'; tick_ms: number };
  guarded: boolean;
  board: { rom: string; rows: { ring: number; mark: Mark | null }[][]; outcome: Outcome; legal_keys: number[] } | null;
  games: { machine_wins: number; ties: number; person_wins: number };
}
type Happening =
  | { type: 'key_pressed'; digit: number; woke: boolean; unchecked: string | null }
  | { type: 'executed'; address: number; text: string; ticks: number; changed: { register: string; from: number; to: number }[] }
  | { type: 'key_read'; digit: number; times: number }
  | { type: 'printed'; code: number; glyph: string | null }
  | { type: 'printed_more'; count: number }
  | { type: 'ran'; instructions: number; ticks: number; end: string }
  | { type: 'halted'; pc: number; waiting_for_key: boolean }
  | { type: 'fault'; address: number; reason: string }
  | { type: 'started' } | { type: 'stopped' } | { type: 'reset' }
  | { type: 'rom_word_set'; address: number; old: number; new: number; text: string }
  | { type: 'assembled'; words: number }
  | { type: 'switches_set'; bank: number; value: number }
  | { type: 'speed_set'; speed: string }
  | { type: 'game_over'; outcome: Outcome; games: View['games'] };

const hex = (n: number, w = 2) => '0x' + n.toString(16).padStart(w, '0');
const CLOCK: Record<Clock, string> = {
  running: 'running',
  stopped: 'stopped (Stop pressed)',
  halted: 'halted — press Start',
  waiting_for_key: 'halted, waiting for a key on the teletype',
  fault: 'fault: a reserved word at PC',
};
const outcomeText = (o: Outcome) =>
  o === 'playing' ? '' : o === 'machine_wins' ? 'The machine wins (it printed 9 9).'
    : o === 'person_wins' ? 'O has three in a row — the machine took unchecked keys.'
    : o.tie.printed_nine ? 'A draw (the machine printed 9).' : 'A draw — the ROM as numbered halts without printing 9.';

/** Milliseconds between single steps at the real machine's pace: about 6–10 ticks of 200 ms. */
const AUTHENTIC_STEP_MS = 1600;

export class RelayExhibit extends ExhibitElement<View, Happening> {
  static properties = { ...ExhibitElement.properties, draft: { state: true } };
  declare draft: string | undefined;
  private started = false;

  static styles = css`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr); gap: 1.2rem 2rem; align-items: start; }
    @media (max-width: 60rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    h3 { margin: 0.6rem 0 0.3rem; font-size: 1.05rem; }
    .status { font-size: 1.15rem; font-weight: 600; margin: 0 0 0.4rem; min-height: 2.7em; }
    .regs { display: grid; grid-template-columns: 2.5rem auto 3.2rem; gap: 0.15rem 0.6rem; align-items: center; font-family: ui-monospace, monospace; }
    .bit { display: inline-block; width: 1.05rem; height: 1.05rem; line-height: 1.05rem; margin: 0 1px; border-radius: 50%; text-align: center; font-size: 0.7rem; border: 1px solid #6b5d45; background: #3b3428; color: #c9bca3; }
    .bit.on { background: #ffb52e; color: #3b2500; box-shadow: 0 0 6px #ffb52e; }
    .lamps { display: flex; gap: 1rem; flex-wrap: wrap; }
    .controls { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.5rem 0; }
    button, select { font-size: 1rem; padding: 0.3rem 0.65rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    button:focus-visible, .dip:focus-visible { outline: 3px solid #1f5fa8; outline-offset: 1px; }
    .paper { background: #fbf7ea; border: 1px solid #cbbf9f; border-radius: 4px; min-height: 4.5rem; max-height: 9rem; overflow-y: auto; padding: 0.4rem 0.7rem; font: 1.4rem/1.4 'Courier New', monospace; white-space: pre-wrap; margin: 0; }
    .keys { display: flex; gap: 0.3rem; flex-wrap: wrap; margin-top: 0.4rem; }
    .keys button { width: 2.4rem; font-family: ui-monospace, monospace; font-weight: 700; }
    .rom { font-family: ui-monospace, monospace; font-size: 0.82rem; max-height: 30rem; overflow-y: auto; border: 1px solid #cbbf9f; border-radius: 4px; }
    .word { display: flex; align-items: center; gap: 0.5rem; padding: 1px 0.4rem; }
    .word.pc { background: #ffe9b8; }
    .word .addr { width: 2rem; color: #5b5346; }
    .dip { width: 0.8rem; height: 1.1rem; padding: 0; border-radius: 2px; border: 1px solid #555; background: #eee; font-size: 0.6rem; line-height: 1; color: #333; }
    .dip.on { background: #1f5fa8; color: #fff; }
    .gap { width: 0.35rem; display: inline-block; }
    .word .text.reserved { color: #b3261e; }
    .banks .dip { width: 1.3rem; height: 1.5rem; font-size: 0.75rem; }
    textarea { width: 100%; min-height: 9rem; font: 0.85rem ui-monospace, monospace; box-sizing: border-box; }
    .note { color: #5b5346; font-size: 0.9rem; }
    .x { color: #b3261e; font-weight: 700; } .o { color: #1f5fa8; font-weight: 700; }
  `;

  private onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const path = e.composedPath();
    if (path.some((n) => n instanceof HTMLTextAreaElement)) return;
    if (e.key >= '0' && e.key <= '9') { e.preventDefault(); void this.press(Number(e.key)); }
  };
  connectedCallback() { super.connectedCallback(); window.addEventListener('keydown', this.onKey); }
  disconnectedCallback() { super.disconnectedCallback(); window.removeEventListener('keydown', this.onKey); }

  updated() {
    // Switched on: run the program to its first halt (the tic-tac-toe ROM prints 8).
    if (!this.started && this.view) {
      this.started = true;
      if (this.view.clock === 'running') void this.go();
    }
  }

  private get authentic() { return this.view?.time.speed === 'authentic'; }

  /** Set the clock going: one bounded run (fast), or single steps at the real pace. */
  private async go() {
    if (this.authentic) return this.autoplay({ type: 'step', n: 1 }, AUTHENTIC_STEP_MS);
    const u = await this.act({ type: 'run', max_steps: 100000 });
    // The run's own answer tells whether the clock still runs (the page's view may not
    // have been drawn from it yet): a machine halted for a key is not set going again.
    if (u && (u.view as View | undefined)?.clock === 'running') await this.autoplay({ type: 'run', max_steps: 100000 }, 50);
  }

  private async press(digit: number) {
    const u = await this.act({ type: 'key', digit });
    if (u && this.view && this.view.clock !== 'stopped') await this.go();
  }

  private async halt() {
    await this.stop();
    await this.act({ type: 'stop' });
  }

  describe(h: Happening): string {
    switch (h.type) {
      case 'key_pressed': return `key ${h.digit} pressed${h.woke ? ', the CPU wakes' : ''}${h.unchecked ? ` (unchecked: ${h.unchecked})` : ''}`;
      case 'executed': return `${hex(h.address)}: ${h.text}${h.changed.length ? ' — ' + h.changed.map((c) => `${c.register} ${hex(c.from)}→${hex(c.to)}`).join(', ') : ''}`;
      case 'key_read': return `the CPU reads the key latch: ${h.digit}${h.times > 1 ? ` (${h.times} times)` : ''}`;
      case 'printed': return `teletype prints ${h.glyph === '\n' ? 'a line feed' : h.glyph ?? `nothing (code ${h.code})`}`;
      case 'printed_more': return `… and ${count(h.count, 'more character')}`;
      case 'ran': return `ran ${count(h.instructions, 'instruction')}, ${count(h.ticks, 'tick')} (${(h.ticks * 0.2).toFixed(1)} s on the real machine)`;
      case 'halted': return `HALT at ${hex(h.pc - 1)}${h.waiting_for_key ? ': waiting for a key' : ''}`;
      case 'fault': return `fault at ${hex(h.address)}: ${h.reason}`;
      case 'rom_word_set': return `word ${hex(h.address)} set to ${hex(h.new, 4)}: ${h.text}`;
      case 'assembled': return `assembled ${count(h.words, 'word')} onto the switches`;
      case 'switches_set': return `switch bank ${h.bank} set to ${hex(h.value)}`;
      case 'speed_set': return `speed: ${h.speed}`;
      case 'game_over': return outcomeText(h.outcome);
      default: return h.type;
    }
  }

  private lampRow(bits: string, label: string) {
    return html`<span role="img" aria-label=${label}>${[...bits].map((b) => html`<span class="bit ${b === '1' ? 'on' : ''}">${b}</span>`)}</span>`;
  }

  private dips(value: number, width: number, flip: (bit: number) => void, name: string) {
    const out = [];
    for (let bit = width - 1; bit >= 0; bit--) {
      const on = ((value >> bit) & 1) === 1;
      out.push(html`<button class="dip ${on ? 'on' : ''}" data-bit=${bit} aria-pressed=${on ? 'true' : 'false'}
        aria-label="${on ? '1' : '0'}: ${name}, bit ${bit}, ${on ? 'on' : 'off'}" title="${name} bit ${bit}: ${on ? 'on' : 'off'} — click to flip"
        @click=${() => flip(bit)}>${on ? '1' : '0'}</button>`);
      if (bit === 8) out.push(html`<span class="gap"></span>`);
    }
    return out;
  }

  private board(v: View) {
    const b = v.board;
    if (!b) return html`<p class="note">No board: the switches do not hold the tic-tac-toe ROM (rom: ${v.rom_name}).</p>`;
    const squares: Square[] = b.rows.flat().map((c) => ({
      text: c.mark ?? String(c.ring),
      mark: c.mark ? c.mark.toLowerCase() : undefined,
      label: `cell ${c.ring}, ${c.mark ?? 'empty'}`,
      playable: b.legal_keys.includes(c.ring),
    }));
    const rings = b.rows.flat().map((c) => c.ring);
    return html`
      <h3>The board, as the paper tells it</h3>
      <lm-board .squares=${squares} @square=${(e: CustomEvent) => this.press(rings[e.detail.index])}></lm-board>
      <p class="note" data-outcome>${outcomeText(b.outcome) || (b.legal_keys.length ? 'Your move (O): click a cell or type its number.' : 'The machine (X) is thinking.')}
        Games: <span class="x">X</span>${` wins ${v.games.machine_wins}, draws ${v.games.ties}, `}<span class="o">O</span>${` wins ${v.games.person_wins}.`}</p>`;
  }

  render() {
    const v = this.view;
    if (!v) return html``;
    const running = this.running || v.clock === 'running';
    const source = this.draft ?? v.source;
    // Why Step and Run cannot go on now (the machine would refuse them).
    const over = !!v.board && !!outcomeText(v.board.outcome);
    const stuck = running ? ''
      : v.clock === 'fault' ? `Step and Run are off: ${v.fault ?? 'the machine faulted'}; Panel reset clears it.`
      : v.clock === 'waiting_for_key' ? 'Step and Run are off: the machine is halted, waiting for a key on the teletype.'
      : v.clock === 'halted' && over ? 'Step and Run are off: the game is over and the machine halted; Panel reset starts a new game.'
      : v.clock === 'halted' ? 'Step and Run are off: the machine is halted; press Start to resume.'
      : '';
    return html`
      <div>
        <p class="status" data-status>Clock: ${CLOCK[v.clock]}. PC ${hex(v.pc)}: <code>${v.current.text}</code></p>
        ${v.fault ? html`<p class="note" data-fault>${v.fault}</p>` : ''}
        <div class="controls">
          <button data-action="step" ?disabled=${this.running || !!stuck} @click=${() => this.act({ type: 'step', n: 1 })}>${ICONS.step}Step</button>
          ${this.running
            ? html`<button data-action="stop" @click=${() => this.halt()}>${ICONS.stop}Stop</button>`
            : html`<button data-action="run" ?disabled=${!!stuck} @click=${() => this.go()}>${ICONS.run}Run</button>`}
          <button data-action="start" ?disabled=${v.clock === 'fault'} @click=${async () => { if (await this.act({ type: 'start' })) await this.go(); }}>Start</button>
          <button data-action="machine-reset" title="the panel's reset: registers and paper cleared, switches kept"
            @click=${async () => { await this.stop(); if (await this.act({ type: 'reset' })) await this.go(); }}>Panel reset (new game)</button>
          <label>Speed <select data-speed @change=${(e: Event) => this.restart({ ...this.config, speed: (e.target as HTMLSelectElement).value })}>
            <option value="fast" ?selected=${!this.authentic}>fast</option>
            <option value="authentic" ?selected=${this.authentic}>authentic (5 Hz clock)</option></select></label>
        </div>
        <p class="note" data-why-off>${stuck}</p>
        <p class="note" data-no-seed>No seed: nothing in this machine is random, so the same keys always give the same paper.</p>
        <h3>Registers</h3>
        <div class="regs" data-registers>
          ${v.registers.map((r) => html`<b>${r.name}</b>${this.lampRow(r.bits, `${r.name} = ${r.value}`)}<span>${hex(r.value)}</span>`)}
        </div>
        <h3>Flags</h3>
        <div class="lamps">
          <lm-lamp label="CY carry" color="#ffb52e" ?on=${v.flags.carry}></lm-lamp>
          <lm-lamp label="Z zero" color="#ffb52e" ?on=${v.flags.zero}></lm-lamp>
          <lm-lamp label="S sign" color="#ffb52e" ?on=${v.flags.sign}></lm-lamp>
        </div>
        <p class="note" data-time>${count(v.time.instructions, 'instruction')}, ${count(v.time.ticks, 'tick')} at 5 Hz = ${v.time.text}.
          ${running && this.authentic ? 'Stepping at about the real pace.' : ''}</p>
        <h3>Teletype</h3>
        <pre class="paper" data-paper aria-label="teletype paper" aria-live="polite">${v.teletype.paper.join('\n')}</pre>
        <div class="keys" role="group" aria-label="teletype keys">
          ${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => html`<button data-key=${d} @click=${() => this.press(d)}>${d}</button>`)}
        </div>
        <p class="note">Key latch: ${v.teletype.latch}; ${count(v.teletype.keys_pressed, 'key')} pressed.
          ${v.guarded ? 'Guarded: illegal keys are refused.' : 'Faithful: the machine takes any key, as the original did.'}</p>
        ${this.board(v)}
        <div class="controls">
          <label>ROM <select data-rom @change=${(e: Event) => this.restart({ ...this.config, rom: (e.target as HTMLSelectElement).value })}>
            <option value="as-numbered" ?selected=${this.config.rom === undefined || this.config.rom === 'as-numbered'}>tic-tac-toe, as numbered in the article</option>
            <option value="corrected" ?selected=${this.config.rom === 'corrected'}>tic-tac-toe, corrected (a draw prints 9)</option></select></label>
          <label><input type="checkbox" data-guarded ?checked=${v.guarded}
            @change=${(e: Event) => this.restart({ ...this.config, guarded: (e.target as HTMLInputElement).checked })}> guarded</label>
        </div>
      </div>
      <div>
        <h3>Program ROM: 64 words of DIP switches (click a switch to flip it)</h3>
        <div class="rom" data-rom-words>
          ${v.rom.map((w) => html`<div class="word ${w.address === v.pc ? 'pc' : ''}" data-address=${w.address}>
            <span class="addr">${w.address.toString(16).padStart(2, '0')}:</span>
            <span>${this.dips(w.value, 16, (bit) => this.act({ type: 'set_rom_word', address: w.address, value: w.value ^ (1 << bit) }), `word ${hex(w.address)}`)}</span>
            <span class="text ${w.reserved ? 'reserved' : ''}">${w.text}${w.address === v.pc ? ' ← PC' : ''}</span></div>`)}
        </div>
        <h3>Toggle-switch banks (0x80 even, 0x81 odd)</h3>
        <div class="banks" data-banks>
          ${[0, 1].map((bank) => html`<div>bank ${bank}: ${this.dips(v.switches[bank], 8, (bit) => this.act({ type: 'set_switches', bank, value: v.switches[bank] ^ (1 << bit) }), `bank ${bank}`)} = ${hex(v.switches[bank])}</div>`)}
        </div>
        <h3>Source ${v.source_matches_rom ? '' : html`<small class="note">(the switches were changed by hand since)</small>`}</h3>
        <textarea data-source aria-label="program source" .value=${source} @input=${(e: Event) => { this.draft = (e.target as HTMLTextAreaElement).value; }}></textarea>
        <div class="controls">
          <button data-action="assemble" @click=${async () => { await this.stop(); if (await this.act({ type: 'assemble', source })) this.draft = undefined; }}>Assemble onto the switches</button>
          <span class="note">Then Step or Run. Errors name the line and column; the ROM stays as it was.</span>
        </div>
      </div>`;
  }
}
customElements.define('lm-exhibit-relay', RelayExhibit);
