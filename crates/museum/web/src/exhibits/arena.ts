// The arena: the exhibit of `ludomat_arena::ArenaSession`. Pick the game and two
// contestants; watch one game move by move, or run a seeded tournament — the server plays
// it in batches on its bounded pool while autoplay runs, and the table, the rates with
// their 95 % intervals and the running curve grow live; cancel at any moment; a round
// robin plays every pair. The table's text is the one `ludomat tournament` prints.
import { css, html, svg, nothing } from 'lit';
import { ExhibitElement } from '../exhibit.ts';
import { ICONS } from '../icons.ts';
import '../components/lm-run-control.ts';
import { count, duration, shareWithInterval, thousands, wallAndCpu } from '../text.ts';
import { keptWallAndCpu } from '../kept.ts';

type Game = 'tictactoe' | 'qubic';
type Sides = 'fixed' | 'alternate';
interface Config { game: Game; a: string; b: string; games: number; seed: number; sides: Sides; a_disable: string; b_disable: string }
interface Contestant { name: string; description: string; plays_second: boolean }
interface Rate { rate: number; low: number; high: number }
interface Point { games: number; a: number; draws: number; b: number }
interface Table {
  a: string; b: string; played: number; total: number; a_wins: number; draws: number; b_wins: number; failed: number;
  a_rate: Rate; draw_rate: Rate; b_rate: Rate; by_first: [number[], number[]]; text: string; curve: Point[]; skipped: string | null;
}
interface Watch { game: number; first: string; second: string; size: number; cells: string[]; moves: string[]; length: number; result: string | null; failure: string | null }
interface View {
  config: Config;
  contestants: Contestant[];
  mode: 'idle' | 'watching' | 'tournament' | 'round_robin';
  busy: boolean;
  cancelled: boolean;
  watch: Watch | null;
  tables: Table[];
  current: number;
  played: number;
  total: number;
  /** The tournament's wall time from its start to its last batch, and its games' CPU time. */
  elapsed_ms: number;
  cpu_ms: number;
}
type Happening =
  | { type: 'watching'; game: number; first: string; second: string }
  | { type: 'moved'; by: string; cell: string }
  | { type: 'game_over'; result: string }
  | { type: 'started'; pairs: number; games: number }
  | { type: 'played'; pair: string; games: number; done: number }
  | { type: 'finished'; games: number }
  | { type: 'cancelled'; games: number }
  | { type: 'reset' };

const DEFAULTS: Record<Game, [string, string]> = { tictactoe: ['perfect', 'menace'], qubic: ['other1', 'louden1962'] };
const COLORS = { a: '#b3261e', draws: '#8a7d66', b: '#1f5fa8' };
/** A rate with its 95 % interval, as the terminal's table writes it: `96.5 % (95.2–97.5 %)`. */
const rate = (r: { rate: number; low: number; high: number }) => shareWithInterval(r.rate, r.low, r.high);
/** Paces: the autoplay interval (ms), its name, and the most games per tick. */
const PACES: [number, string, number][] = [
  [10, 'flat out', 20000], [50, 'quick (200 games a tick)', 200], [250, 'slow (20 games a tick)', 20], [600, 'one game a tick', 1],
];

export class ArenaExhibit extends ExhibitElement<View, Happening> {
  static properties = {
    ...ExhibitElement.properties,
    interval: { state: true },
    watchGame: { state: true },
    typedGames: { state: true },
    typedPair: { state: true },
  };
  declare interval: number;
  declare watchGame: number;
  /** The games the form shows when changed and not yet applied (Run says that count). */
  declare typedGames: number | undefined;
  /** The pair the form shows when changed and not yet applied, with the settings it was
   *  chosen over (the descriptions under the form follow the choice at once). */
  declare typedPair: { a: string; b: string; over: string } | undefined;

  constructor() {
    super();
    this.interval = 10;
    this.watchGame = 0;
  }

  static styles = css`
    /* a command's option never breaks from its value, nor inside (at a hyphen) */
    code[data-command] .option { white-space: nowrap; }
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: minmax(0, 26rem) minmax(0, 1fr); gap: 1rem 2rem; align-items: start; }
    @media (max-width: 60rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    h3 { margin: 0.8rem 0 0.4rem; font-size: 1.05rem; }
    form, .row { display: flex; gap: 0.5rem 0.8rem; flex-wrap: wrap; align-items: center; margin: 0.3rem 0; }
    label { display: flex; flex-direction: column; font-size: 0.85rem; gap: 0.15rem; }
    select, button, input { font-size: 0.95rem; padding: 0.25rem 0.5rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; }
    button { cursor: pointer; }
    button:disabled { opacity: 0.5; cursor: default; }
    input[type=number] { width: 7rem; }
    .desc { color: #5b5346; font-size: 0.85rem; min-height: 1.1rem; }
    .board { display: inline-grid; grid-template-columns: repeat(3, 3rem); grid-auto-rows: 3rem; gap: 3px; background: #5b5346; padding: 3px; border-radius: 6px; }
    .cell { background: #fffdf8; display: flex; align-items: center; justify-content: center; font: 700 1.6rem system-ui, sans-serif; }
    .planes { display: flex; gap: 0.6rem; flex-wrap: wrap; }
    .plane { display: inline-grid; grid-template-columns: repeat(4, 1.5rem); grid-auto-rows: 1.5rem; gap: 2px; background: #5b5346; padding: 2px; border-radius: 4px; }
    .plane .cell { font-size: 0.9rem; }
    .x { color: #b3261e; } .o { color: #1f5fa8; }
    table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
    td, th { padding: 0.2rem 0.6rem; border-bottom: 1px solid #d6cbb5; text-align: right; }
    th:first-child, td:first-child { text-align: left; }
    tr.current td { background: #fff3c4; }
    pre { font: 0.78rem/1.35 ui-monospace, monospace; background: #fffdf8; border: 1px solid #d6cbb5; border-radius: 6px; padding: 0.5rem; overflow: auto; }
    progress { width: 100%; height: 0.8rem; }
    svg.chart { width: 100%; max-width: 40rem; height: auto; background: #fffdf8; border: 1px solid #d6cbb5; border-radius: 6px; }
    svg text { font: 11px system-ui, sans-serif; fill: #3a342b; }
    .status { font-weight: 600; }
    small { color: #5b5346; }
    .full { grid-column: 1 / -1; }
  `;

  /** The tournament played to its end: the table says it is finished. */
  expectedNote(note: string): boolean {
    return note.includes('the tournament is over');
  }

  describe(h: Happening): string {
    switch (h.type) {
      case 'watching': return `watching game ${h.game}: ${h.first} moves first, ${h.second} second`;
      case 'moved': return `${h.by} plays ${h.cell}`;
      case 'game_over': return `game over: ${h.result}`;
      case 'started': return `${h.pairs === 1 ? 'a tournament' : `a round robin of ${count(h.pairs, 'pair')}`}: ${count(h.games, 'game')}`;
      case 'played': return `${h.pair}: ${count(h.games, 'game')} (${thousands(h.done)} done)`;
      // The run's end says what the panel says: its time, and that the table keeps it.
      case 'finished': return `finished: ${count(h.games, 'game')} played${this.took()}; the table keeps them`;
      case 'cancelled': return `stopped after ${count(h.games, 'game')}${this.took()}; the table keeps ${h.games === 1 ? 'it' : 'them'}`;
      case 'reset': return 'new settings';
    }
  }

  /** ` in 150 ms wall, 40.3 ms CPU`: the tournament's time, as its clock says it. */
  private took(): string {
    const v = this.view;
    return v?.played ? ` in ${wallAndCpu(v.elapsed_ms, v.cpu_ms)}` : '';
  }

  /** The settings the form shows (what Apply would start). */
  private formConfig(form: HTMLFormElement) {
    const f = new FormData(form);
    const game = String(f.get('game')) as Game;
    const old = this.view!.config;
    let a = String(f.get('a') ?? ''), b = String(f.get('b') ?? '');
    if (game !== old.game) [a, b] = DEFAULTS[game];
    return {
      game, a, b,
      games: Number(f.get('games')),
      seed: Number(f.get('seed')),
      sides: String(f.get('sides')),
      a_disable: game === 'qubic' ? String(f.get('a_disable') ?? '') : '',
      b_disable: game === 'qubic' ? String(f.get('b_disable') ?? '') : '',
    };
  }

  private settings(e: Event) {
    e.preventDefault();
    this.typedGames = undefined;
    this.restart(this.formConfig(e.target as HTMLFormElement));
  }

  /** Run and Round robin use what the form shows: settings changed without Apply are
   *  applied first (a visitor expects the pair on the screen to play), and nothing runs
   *  when the museum refused them. */
  private async run(action: 'run' | 'round_robin') {
    const form = this.renderRoot.querySelector('form[data-settings]') as HTMLFormElement | null;
    if (form && this.view) {
      const want = this.formConfig(form);
      const same = (c: Config) => (['game', 'a', 'b', 'games', 'seed', 'sides'] as const).every((k) => String(c[k]) === String(want[k]))
        && (want.game !== 'qubic' || (c.a_disable === want.a_disable && c.b_disable === want.b_disable));
      if (!same(this.view.config)) {
        const visit = this.host?.visitId?.();
        this.typedGames = undefined;
        await this.restart(want);
        if (this.host?.visitId?.() === visit || !this.view || !same(this.view.config)) return;
      }
    }
    const u = await this.act({ type: action });
    if (u) this.autoplay(this.tick(), this.interval);
  }

  /** The autoplay action at the chosen pace: a bounded batch of games. */
  private tick() {
    return { type: 'batch', games: PACES.find(([ms]) => ms === this.interval)?.[2] ?? 20000 };
  }

  private async cancel() {
    await this.stop();
    await this.act({ type: 'cancel' });
  }

  private async watch() {
    const u = await this.act({ type: 'watch', game: this.watchGame });
    if (u) this.autoplay({ type: 'step' }, 400);
  }

  private board(w: Watch) {
    const cell = (i: number) => html`<span class="cell ${w.cells[i] === 'X' ? 'x' : w.cells[i] === 'O' ? 'o' : ''}" data-cell=${i}>${w.cells[i]}</span>`;
    if (w.size === 9) return html`<div class="board" data-board>${[...Array(9).keys()].map(cell)}</div>`;
    return html`<div class="planes" data-board>${[0, 1, 2, 3].map((p) => html`<div><small>plane ${p + 1}</small>
      <div class="plane">${[...Array(16).keys()].map((k) => cell(p * 16 + k))}</div></div>`)}</div>`;
  }

  /** Rates with their 95 % intervals as bars with whiskers, on a 0–100 % axis. */
  private rates(t: Table) {
    const rows: [string, Rate, string][] = [
      [`A (${t.a}) wins`, t.a_rate, COLORS.a], ['draws', t.draw_rate, COLORS.draws], [`B (${t.b}) wins`, t.b_rate, COLORS.b],
    ];
    const left = 150, w = 560, right = 20, rowH = 30, top = 10;
    const x = (p: number) => left + (p / 100) * (w - left - right);
    const axisY = top + rows.length * rowH + 4;
    return html`<svg class="chart" data-rates viewBox="0 0 ${w} ${axisY + 34}" role="img" aria-label="shares with 95 % intervals">
      ${rows.map(([name, r, c], i) => {
        const y = top + i * rowH;
        return svg`<text x="4" y=${y + 16}>${name.length > 24 ? `${name.slice(0, 23)}…` : name}</text>
          <rect x=${x(0)} y=${y + 4} width=${Math.max(0, x(r.rate) - x(0))} height="16" fill=${c} opacity="0.8"/>
          <line x1=${x(r.low)} x2=${x(r.high)} y1=${y + 12} y2=${y + 12} stroke="#1d1b18" stroke-width="2"/>
          <line x1=${x(r.low)} x2=${x(r.low)} y1=${y + 6} y2=${y + 18} stroke="#1d1b18" stroke-width="2"/>
          <line x1=${x(r.high)} x2=${x(r.high)} y1=${y + 6} y2=${y + 18} stroke="#1d1b18" stroke-width="2"/>`;
      })}
      <line x1=${x(0)} x2=${x(100)} y1=${axisY} y2=${axisY} stroke="#5b5346"/>
      ${[0, 20, 40, 60, 80, 100].map((p) => svg`<line x1=${x(p)} x2=${x(p)} y1=${axisY} y2=${axisY + 4} stroke="#5b5346"/>
        <text x=${x(p)} y=${axisY + 16} text-anchor="middle">${p} %</text>`)}
      <text x=${w - right} y=${axisY + 30} text-anchor="end">share of games (bars) with 95 % Wilson interval (whiskers)</text>
    </svg>`;
  }

  /** The running rates as the games went on. */
  private curve(t: Table) {
    if (t.curve.length < 2) return nothing;
    // The legend goes below the axis, beside its title: never over a curve.
    const left = 44, w = 560, right = 16, top = 10, h = 212;
    const maxG = Math.max(...t.curve.map((p) => p.games));
    const x = (g: number) => left + (g / maxG) * (w - left - right);
    const y = (p: number) => top + (1 - p / 100) * (h - top - 42);
    const line = (k: 'a' | 'draws' | 'b') => t.curve.map((p, i) => `${i ? 'L' : 'M'}${x(p.games)} ${y(p[k])}`).join(' ');
    const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(f * maxG));
    return html`<svg class="chart" data-curve viewBox="0 0 ${w} ${h}" role="img" aria-label="running shares">
      ${[0, 25, 50, 75, 100].map((p) => svg`<line x1=${left} x2=${w - right} y1=${y(p)} y2=${y(p)} stroke="#e4dccb"/>
        <text x=${left - 4} y=${y(p) + 4} text-anchor="end">${p} %</text>`)}
      ${ticks.map((g) => svg`<text x=${x(g)} y=${h - 24} text-anchor="middle" data-tick="x">${thousands(g)}</text>`)}
      <text x=${w - right} y=${h - 2} text-anchor="end">games played</text>
      <g data-legend>
        <line x1=${left} x2=${left + 16} y1=${h - 6} y2=${h - 6} stroke=${COLORS.a} stroke-width="2"/><text x=${left + 20} y=${h - 2}>A wins</text>
        <line x1=${left + 76} x2=${left + 92} y1=${h - 6} y2=${h - 6} stroke=${COLORS.draws} stroke-width="2" stroke-dasharray="4 3"/><text x=${left + 96} y=${h - 2}>draws</text>
        <line x1=${left + 144} x2=${left + 160} y1=${h - 6} y2=${h - 6} stroke=${COLORS.b} stroke-width="2"/><text x=${left + 164} y=${h - 2}>B wins</text>
      </g>
      <path d=${line('a')} fill="none" stroke=${COLORS.a} stroke-width="2"/>
      <path d=${line('draws')} fill="none" stroke=${COLORS.draws} stroke-width="2" stroke-dasharray="4 3"/>
      <path d=${line('b')} fill="none" stroke=${COLORS.b} stroke-width="2"/>
    </svg>`;
  }

  private tournament(v: View) {
    const t = v.tables[0];
    return html`<div data-tournament>
      <p class="status" data-progress-text>${thousands(t.played)} of ${count(t.total, 'game')}${v.cancelled ? ' — stopped' : v.busy ? '' : ' — finished'}</p>
      <progress max=${t.total} value=${t.played}></progress>
      ${this.clock(v)}
      <table data-table>
        <tr><th>result</th><th>games</th><th>share (95 % interval)</th></tr>
        <tr data-row="a"><td>A (${t.a}) wins</td><td data-count>${thousands(t.a_wins)}</td><td data-rate>${rate(t.a_rate)}</td></tr>
        <tr data-row="draws"><td>draws</td><td data-count>${thousands(t.draws)}</td><td data-rate>${rate(t.draw_rate)}</td></tr>
        <tr data-row="b"><td>B (${t.b}) wins</td><td data-count>${thousands(t.b_wins)}</td><td data-rate>${rate(t.b_rate)}</td></tr>
        ${t.failed ? html`<tr><td>could not be finished</td><td>${t.failed}</td><td></td></tr>` : nothing}
      </table>
      <h3>A against B, by who moved first</h3>
      <table data-by-first><tr><th></th><th>A wins</th><th>draws</th><th>B wins</th></tr>
        ${(['A first', 'B first'] as const).map((n, k) => html`<tr><td>${n}</td>${t.by_first[k].map((x) => html`<td data-count>${thousands(x)}</td>`)}</tr>`)}</table>
      ${this.rates(t)}
      ${this.curve(t)}
      <h3>As the terminal prints it</h3>
      <pre data-table-text>${t.text}</pre>
      <p><small>The same table comes from <code data-command>${this.command(v).split(/ (?=--)/).map((o, i) =>
        html`${i ? ' ' : ''}<span class="option">${o}</span>`)}</code>.</small></p>
    </div>`;
  }

  /**
   * The tournament's clock, as every run's: wall and CPU time from its first batch, the
   * time left at the rate so far while it goes, what it took at its end.
   */
  private clock(v: View) {
    if (!v.played) return nothing;
    const times = keptWallAndCpu(v.elapsed_ms, v.cpu_ms);
    if (!v.busy) return html`<p class="status" data-run-clock>took ${times}</p>`;
    const left = v.elapsed_ms > 0 ? ((v.total - v.played) * v.elapsed_ms) / v.played : NaN;
    return html`<p class="status" data-run-clock>elapsed ${times}${Number.isFinite(left)
      ? html`, <span data-eta>about ${duration(left)} left at the rate so far</span>` : nothing}</p>`;
  }

  private command(v: View) {
    const c = v.config;
    if (c.game === 'tictactoe') {
      return `ludomat tournament tictactoe --x ${c.a} --o ${c.b} --games ${c.games} --seed ${c.seed} --sides ${c.sides}`;
    }
    const dis = `${c.a_disable ? ` --x-disable ${c.a_disable}` : ''}${c.b_disable ? ` --o-disable ${c.b_disable}` : ''}`;
    return `ludomat tournament qubic --x ${c.a} --o ${c.b} --games ${c.games} --seed ${c.seed} --sides ${c.sides}${dis}`;
  }

  private roundRobin(v: View) {
    return html`<div data-round-robin>
      <p class="status" data-progress-text>${thousands(v.played)} of ${count(v.total, 'game')}${v.cancelled ? ' — stopped' : v.busy ? '' : ' — finished'}</p>
      <progress max=${v.total} value=${v.played}></progress>
      ${this.clock(v)}
      <table data-pairs><tr><th>A</th><th>B</th><th>games</th><th>A wins</th><th>draws</th><th>B wins</th><th>A's wins: share (95 % interval)</th></tr>
        ${v.tables.map((t, i) => html`<tr class=${i === v.current && v.busy ? 'current' : ''} data-pair=${i}>
          <td>${t.a}</td><td>${t.b}</td>
          ${t.skipped ? html`<td colspan="5"><small>${t.skipped}</small></td>`
            : html`<td>${thousands(t.played)}/${thousands(t.total)}</td><td>${thousands(t.a_wins)}</td><td>${thousands(t.draws)}</td><td>${thousands(t.b_wins)}</td>
              <td>${t.played ? rate(t.a_rate) : ''}</td>`}</tr>`)}
      </table></div>`;
  }

  render() {
    const v = this.view;
    if (!v) return html``;
    const c = v.config;
    const desc = (n: string) => v.contestants.find((x) => x.name === n)?.description ?? '';
    // What the form shows: the choice not yet applied, as long as the settings it was
    // made over are the visit's.
    const typed = this.typedPair;
    const pair = typed && typed.over === JSON.stringify(c) ? typed : c;
    const running = this.running;
    return html`
      <div>
        <form data-settings @submit=${(e: Event) => this.settings(e)} @input=${(e: Event) => {
          const games = Number(new FormData(e.currentTarget as HTMLFormElement).get('games'));
          this.typedGames = Number.isSafeInteger(games) && games > 0 ? games : undefined;
          const want = this.formConfig(e.currentTarget as HTMLFormElement);
          this.typedPair = { a: want.a, b: want.b, over: JSON.stringify(c) };
        }}>
          <label>game <select name="game" data-setting="game">
            <option value="tictactoe" ?selected=${c.game === 'tictactoe'}>noughts and crosses</option>
            <option value="qubic" ?selected=${c.game === 'qubic'}>3D tic-tac-toe (4×4×4)</option></select></label>
          <label>A <select name="a" data-setting="a">${v.contestants.map((x) => html`<option value=${x.name} ?selected=${x.name === c.a}>${x.name}</option>`)}</select></label>
          <label>B <select name="b" data-setting="b">${v.contestants.map((x) => html`<option value=${x.name} ?selected=${x.name === c.b}
            ?disabled=${!x.plays_second}>${x.name}${x.plays_second ? '' : ' (X only)'}</option>`)}</select></label>
          <label>games <input type="number" name="games" min="1" max="1000000" .value=${String(c.games)} data-setting="games"></label>
          <label>seed <input type="number" name="seed" min="0" .value=${String(c.seed)} data-setting="seed"></label>
          <label>first mover <select name="sides" data-setting="sides">
            <option value="fixed" ?selected=${c.sides === 'fixed'}>A every game</option>
            <option value="alternate" ?selected=${c.sides === 'alternate'}>alternating</option></select></label>
          ${c.game === 'qubic' ? html`<label>A's levels off <input name="a_disable" .value=${c.a_disable} placeholder="e.g. 6,9" size="6"></label>
            <label>B's levels off <input name="b_disable" .value=${c.b_disable} placeholder="e.g. 6,9" size="6"></label>` : nothing}
          <button type="submit" data-action="apply">Apply</button>
        </form>
        <p class="desc" data-desc>A: ${desc(pair.a)}<br>B: ${desc(pair.b)}</p>
        <div class="row">
          <button data-action="run" ?disabled=${running} @click=${() => this.run('run')}>${ICONS.run}Run ${count(this.typedGames ?? c.games, 'game')}</button>
          <button data-action="round-robin" ?disabled=${running} @click=${() => this.run('round_robin')}>Round robin (every pair)</button>
          <button data-action="cancel" ?disabled=${!v.busy || v.mode === 'watching'} @click=${() => this.cancel()}>${ICONS.stop}Stop</button>
        </div>
        <div class="row">
          <label>pace <select data-setting="pace" @change=${(e: Event) => {
            this.interval = Number((e.target as HTMLSelectElement).value);
            if (this.running && v.mode !== 'watching') this.autoplay(this.tick(), this.interval);
          }}>${PACES.map(([ms, n]) => html`<option value=${ms} ?selected=${ms === this.interval}>${n}</option>`)}</select></label>
          <label>watch game <input type="number" min="0" max=${c.games - 1} .value=${String(this.watchGame)}
            @change=${(e: Event) => { this.watchGame = Number((e.target as HTMLInputElement).value); }} data-setting="watch-game"></label>
          <button data-action="watch" @click=${() => this.watch()}>${ICONS.watch}Watch it</button>
          ${v.mode === 'watching' ? html`<lm-run-control .running=${running} .interval=${400}
            @run=${(e: CustomEvent) => this.autoplay({ type: 'step' }, e.detail.interval)}
            @speed=${(e: CustomEvent) => this.autoplay({ type: 'step' }, e.detail.interval)}
            @pause=${() => this.stop()} @step=${() => this.act({ type: 'step' })}></lm-run-control>` : nothing}
        </div>
        ${v.watch ? html`<div data-watch>
          <h3>Game ${v.watch.game}: ${v.watch.first} (X, first) against ${v.watch.second} (O)</h3>
          ${this.board(v.watch)}
          <p data-moves>${v.watch.moves.join(' ') || html`<small>no move yet</small>`}</p>
          ${v.watch.result ? html`<p class="status" data-result>${v.watch.result}${v.watch.failure ? ` (${v.watch.failure})` : ''}</p>` : nothing}
        </div>` : nothing}
      </div>
      <div>
        ${v.mode === 'tournament' && v.tables.length ? this.tournament(v)
          : v.mode === 'round_robin' ? this.roundRobin(v)
          : html`<p><small>Run a tournament: each game is seeded from the master seed and its number, exactly as
            <code>ludomat tournament</code> seeds it, so the table here is the terminal's for the same settings.
            The server plays the games in batches while you watch; Stop keeps what was played.</small></p>`}
      </div>`;
  }
}
customElements.define('lm-exhibit-arena', ArenaExhibit);
