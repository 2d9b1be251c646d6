// 3D (and 4D) tic-tac-toe against the IBM 1620 programs: the exhibit of
// `ludomat_qubic::QubicSession`. The four planes side by side are the main input (the
// 4D board is a 4×4 grid of planes); the cube also stands in a three.js view (drag to
// orbit, click a cell to move, the winning row drawn through it), which is left out
// when the browser has no WebGL. The 1962 deck's typewriter paper, the strategy level of
// each machine move, the 1620's tables on demand, and the 4D forced win's bound.
import { css, html, nothing } from 'lit';
import { ExhibitElement } from '../exhibit.ts';
import type { CubeView } from '../three/qubic-cube.ts';
import '../components/lm-run-clock.ts';
import type { RunTiming } from '../components/lm-run-clock.ts';
import { museumInfo } from '../api.ts';
import { count, durationRange, limit as limitText, number, percent, results, thousands } from '../text.ts';

type Who = 'human' | 'machine';
type Strategy = 'other1' | 'louden1962' | 'forced';
type Result = 'human_wins' | 'machine_wins' | 'tie' | 'stopped';

interface Tables {
  levels_run: number[];
  rows: { cells: string[]; sum: number }[];
  marks: string[];
  mov6: string[];
  mov9: string[];
  held: string | null;
  k1: number | null;
}

interface View {
  dims: 3 | 4;
  strategy: Strategy;
  disabled: number[];
  cells: (Who | null)[];
  to_move: Who | null;
  human_to_move: boolean;
  moves: string[];
  last_machine_move: number | null;
  level: { number: number; meaning: string } | null;
  result: Result | null;
  line: number[] | null;
  paper: string[];
  tables: Tables | null;
  forced: { answer: string | null; machine_moves: number; moves_left_at_most: number } | null;
  /** 4×4×4 `forced`: which certificate the machine plays. */
  certificate: string | null;
  /** The certificate this visit's last proof found (`play_found` plays it). */
  found: string | null;
  /** When that certificate was let go (the server keeps a few at once): why, and what to do. */
  found_let_go?: string | null;
  /** What the proof cost from each starting point, as measured in this build. */
  proof_costs: Cost[];
  game: number;
  deck_finished: boolean;
  tally: { human_wins: number; machine_wins: number; ties: number; stopped: number };
  seed: number;
}

type Happening =
  | { type: 'placed'; by: Who; cell: string; index: number; level: number | null; why: string }
  | { type: 'typed'; line: string }
  | { type: 'note'; text: string }
  | { type: 'game_over'; result: Result; line: string[] | null }
  | { type: 'new_game'; game: number };

const RESULT: Record<Result, string> = {
  human_wins: 'You win: four in a row.',
  machine_wins: 'The machine wins.',
  tie: 'The board is full: a draw.',
  stopped: 'The program stopped.',
};
const STRATEGY: Record<Strategy, string> = {
  other1: 'OTHER-1 (levels 1–12)',
  louden1962: "Louden's 1962 deck",
  forced: 'the proven forced win',
};

/** The 1620's notation of cell `i`: tier (plane), row, column; the block first in 4D. */
/** What the proof from one starting point cost, measured (`proof3d::watch::Cost`). */
interface Cost { after: number; cpu_ms: [number, number]; wall_ms: [number, number]; runs: number; build: 'release' | 'debug' }
/** The proof run's progress (`ludomat_qubic::proof3d::run::SearchProgress`) and result. */
interface ProofProgress {
  phase: 'frontier' | 'search' | 'certificate' | 'check' | 'done';
  proved: number; positions: number; expansions: number; line: string[]; cpu_seconds: number;
  /** The run's own CPU time (its threads), when counted. */
  run_cpu_seconds?: number | null;
  verdict: ProofVerdict | null;
  /** At the end: the phase the run was in before it (its own phase says `done`). */
  ended_in?: ProofProgress['phase'];
}
type ProofVerdict =
  | { verdict: 'proved'; certificate: { records: number; moves: number; threat_lines: number; bytes: number } }
  | { verdict: 'not_proved'; position: string; outcome: string }
  | { verdict: 'no_frontier' } | { verdict: 'refused'; error: string } | { verdict: 'cancelled' };
interface ProofReport extends RunTiming {
  type: 'run_progress'; long_run: string; done: number; elapsed_ms: number; ended: boolean;
  partial?: ProofProgress;
  result?: { verdict: ProofVerdict; searched_moves: number; search: { seconds: number; cpu_seconds: number };
    certificate_time: { seconds: number; cpu_seconds: number }; total: { seconds: number; cpu_seconds: number } };
}
const PHASE: Record<ProofProgress['phase'], string> = {
  frontier: 'following Patashnik to the frontier', search: 'searching', certificate: 'writing the certificate',
  check: 'the independent checker re-reads it', done: 'finished',
};
/** A share of the machine's cores in words, as the terminal says it: `35.0 % of a core`,
 *  `about 1 % of a core` below that, `1.4 cores` from one core up. */
export function coreShare(cores: number): string {
  if (cores >= 1) return `${number(cores)} ${cores === 1 ? 'core' : 'cores'}`;
  const pct = cores * 100;
  return pct < 1 ? 'about 1 % of a core' : `${percent(pct)} of a core`;
}
/** What a proof has proved, in words: `12 of 682 positions proved`, or before the total is
 *  known `12 positions proved so far`, or `nothing proved yet`. */
/** When a stopped proof stopped and what it had proved: every position proved and the
 *  stop came while its certificate was written or re-checked (or before it was begun)
 *  is said so — `while the certificate was written`, `all 682 positions proved` — never
 *  `before the end: 682 of 682 positions proved`. */
function proofStopped(p: ProofProgress | null | undefined): { when: string; counts: string } {
  if (!p) return { when: 'before the end', counts: 'nothing proved yet' };
  if (p.positions && p.proved >= p.positions) {
    const when = p.ended_in === 'certificate' ? 'while the certificate was written'
      : p.ended_in === 'check' ? 'while the certificate was re-checked'
      : 'before the certificate was written';
    return { when, counts: `all ${count(p.positions, 'position')} proved` };
  }
  return { when: 'before the end', counts: proofCounts(p) };
}
/** A proof stopped (Stop, the limit), in the one wording the panel's verdict and the log
 *  share: `stopped while the certificate was written: all 682 positions proved, 2,622
 *  expansions; no certificate kept`. Said once in the panel (no status line beside it, and
 *  the server's note of it is not repeated above the page). */
function stoppedWords(p: ProofProgress | null | undefined): string {
  const s = proofStopped(p);
  return `stopped ${s.when}: ${s.counts}${p ? `, ${count(p.expansions, 'expansion')}` : ''}; no certificate kept`;
}
function proofCounts(p: ProofProgress): string {
  if (p.positions) return `${thousands(p.proved)} of ${count(p.positions, 'position')} proved`;
  return p.proved ? `${count(p.proved, 'position')} proved so far` : 'nothing proved yet';
}
/** The stones of Patashnik's strategy the proof may start after (what each cost here is
 *  in the view's `proof_costs`). */
const PROVE_AFTER: [number, string][] = [
  [9, "after Patashnik's first 9 stones"],
  [7, 'after 7 stones'],
  [5, 'after 5 stones'],
  [3, 'after 3 stones'],
  [0, 'from the empty board'],
];
const BUILD = { release: 'release build', debug: 'development build' };
/** A recorded range of milliseconds in words. */
const range = (ms: [number, number]) => durationRange(ms[0], ms[1]);

export function cellName(i: number, dims: number): string {
  const d = [];
  for (let k = dims - 1; k >= 0; k--) d.push(((i >> (2 * k)) & 3) + 1);
  return d.join('');
}

export class QubicExhibit extends ExhibitElement<View, Happening> {
  static properties = { ...ExhibitElement.properties, showTables: { state: true }, webgl: { state: true }, proof: { state: true }, limitMs: { state: true } };
  /** The museum's time limit for a run (from the server). */
  declare limitMs: number | undefined;
  /** The page's own setting: how many of Patashnik's stones the watched proof starts from. */
  static pageSettings = { prove_after: 9 };
  declare showTables: boolean;
  /** The watched proof's last report (`prove`, a long run on the server). */
  declare proof: ProofReport | null;
  declare webgl: 'loading' | 'on' | 'off';
  private cube?: CubeView;
  private loadingCube = false;

  constructor() {
    super();
    this.showTables = false;
    this.proof = null;
    this.webgl = 'loading';
  }

  static styles = css`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 22rem); gap: 1.2rem 2rem; align-items: start; }
    @media (max-width: 60rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    .status { font-size: 1.3rem; font-weight: 600; margin: 0 0 0.5rem; }
    .planes { display: flex; gap: 0.9rem; flex-wrap: wrap; }
    .planes.d4 { display: grid; grid-template-columns: auto repeat(4, auto); gap: 0.4rem 0.7rem; align-items: center; }
    .plane { display: flex; flex-direction: column; gap: 0.2rem; }
    .plane h4 { margin: 0; font-size: 0.9rem; color: #5b5346; font-weight: 600; }
    .grid { display: grid; grid-template-columns: repeat(4, 2.6rem); gap: 3px; }
    .d4 .grid { grid-template-columns: repeat(4, 1.9rem); }
    .grid button { height: 2.6rem; font: 600 0.75rem/1 system-ui, sans-serif; border: 1px solid #8a7d66; border-radius: 4px; background: #fffdf8; color: #5b5346; cursor: pointer; padding: 0; }
    .d4 .grid button { height: 1.9rem; font-size: 0.6rem; }
    .grid button[disabled] { cursor: default; }
    .grid button.human { background: #f6d5d2; color: #b3261e; font-size: 1.1rem; }
    .grid button.machine { background: #d3e1f3; color: #1f5fa8; font-size: 1.1rem; }
    .d4 .grid button.human, .d4 .grid button.machine { font-size: 0.85rem; }
    .grid button.last { outline: 3px solid #1f5fa8; outline-offset: -3px; }
    .grid button.win { box-shadow: inset 0 0 0 3px #2e7d32; }
    .blocklabel { font-size: 0.9rem; color: #5b5346; font-weight: 600; }
    .cube { width: 100%; max-width: 34rem; aspect-ratio: 4 / 3; border: 1px solid #cbbf9f; border-radius: 6px; background: #f7f2e6; margin-top: 1rem; touch-action: none; }
    .note { color: #5b5346; font-size: 0.9rem; }
    .side { display: flex; flex-direction: column; gap: 0.8rem; }
    .level { background: #fffdf8; border: 1px solid #cbbf9f; border-radius: 6px; padding: 0.5rem 0.7rem; }
    .level b { font-size: 1.2rem; }
    .paper { background: #fbf7ea; border: 1px solid #cbbf9f; border-radius: 4px; max-height: 16rem; overflow-y: auto; padding: 0.4rem 0.7rem; font: 1rem/1.35 'Courier New', monospace; white-space: pre-wrap; margin: 0; }
    .tables { font: 0.85rem/1.35 'Courier New', monospace; background: #fffdf8; border: 1px solid #cbbf9f; border-radius: 6px; padding: 0.5rem; max-height: 20rem; overflow-y: auto; }
    .tables h4 { font-family: system-ui, sans-serif; margin: 0.4rem 0 0.2rem; }
    label { display: inline-flex; gap: 0.4rem; align-items: center; }
    select { max-width: 100%; }
    select, button.act { font-size: 1rem; padding: 0.3rem 0.6rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    .levels { display: flex; flex-wrap: wrap; gap: 0.2rem 0.6rem; font-size: 0.9rem; }
    .tally { display: flex; gap: 1rem; }
    .p { color: #b3261e; font-weight: 700; } .m { color: #1f5fa8; font-weight: 700; }
  `;

  connectedCallback() {
    super.connectedCallback();
    museumInfo().then((m) => { this.limitMs = m.limits.run_seconds * 1000; }).catch(() => {});
  }

  willUpdate(changed: Map<string, unknown>) {
    if (changed.has('happenings')) {
      for (const h of this.happenings as unknown as ProofReport[]) if (h.type === 'run_progress' && h.long_run === 'prove') this.proof = h;
    }
  }

  /** A proof stopped by Stop once it had started: its panel says so (the verdict), once;
   *  the server's note of the same is not repeated above the page. (One taken out of the
   *  queue has no verdict: its note is shown.) */
  expectedNote(note: string): boolean {
    return note.startsWith('The proof stopped by Stop') && !note.includes('waited for a run slot');
  }

  describe(h: Happening): string {
    if ((h as { type: string }).type === 'run_progress') {
      const r = h as unknown as ProofReport;
      const p = r.partial;
      const verdict = r.result?.verdict.verdict ?? p?.verdict?.verdict;
      if (!p) return 'proof: starting';
      // Stopped (Stop, the limit): one wording, whatever phase it was in, the verdict's.
      if (verdict === 'cancelled') return `proof: ${stoppedWords(p)}`;
      if (!p.positions && !p.proved && p.phase !== 'done') return `proof: starting (${PHASE[p.phase]})`;
      return `proof: ${PHASE[p.phase]}, ${proofCounts(p)}, ${count(p.expansions, 'expansion')}${verdict ? ` — ${verdict.replace('_', ' ')}` : ''}`;
    }
    switch (h.type) {
      case 'placed': return h.by === 'human' ? `P plays ${h.cell}` : `M plays ${h.cell}: ${h.why}`;
      case 'typed': return `typewriter: ${h.line}`;
      case 'note': return h.text;
      case 'game_over': return `${RESULT[h.result]}${h.line ? ` The row: ${h.line.join(' ')}` : ''}`;
      case 'new_game': return `game ${thousands(h.game)} begins`;
    }
  }

  /** Where cell `i` is drawn in the 3D view (client pixels), or null without it: for
   *  tests and pointing aids. */
  cubeCellPoint(i: number): { x: number; y: number } | null {
    return this.cube?.cellPoint(i) ?? null;
  }

  private play(i: number) {
    const v = this.view;
    if (!v || !v.human_to_move || v.cells[i]) return;
    this.act({ type: 'play', cell: cellName(i, v.dims) });
  }

  private status(v: View): string {
    if (v.deck_finished) return 'The deck has typed its last message: reset to play again.';
    if (v.result) return RESULT[v.result];
    return v.human_to_move ? `Your move (P): click a cell${this.webgl === 'on' ? ' on a plane or in the cube' : ''}.` : 'The machine is thinking.';
  }

  private planeGrid(v: View, base: number, title: string) {
    const last = v.last_machine_move;
    const buttons = [];
    for (let k = 0; k < 16; k++) {
      const i = base + k;
      const who = v.cells[i];
      const name = cellName(i, v.dims);
      const cls = [who ?? '', i === last ? 'last' : '', v.line?.includes(i) ? 'win' : ''].join(' ');
      buttons.push(html`<button class=${cls} data-cell=${name} ?disabled=${!v.human_to_move || !!who}
        aria-label=${`cell ${name}, ${who === 'human' ? 'yours (P)' : who === 'machine' ? "the machine's (M)" : 'empty'}`}
        @click=${() => this.play(i)}>${who === 'human' ? 'P' : who === 'machine' ? 'M' : name}</button>`);
    }
    return html`<div class="plane" data-plane=${title}><h4>${title}</h4><div class="grid">${buttons}</div></div>`;
  }

  private planes(v: View) {
    if (v.dims === 3) {
      return html`<div class="planes d3">${[0, 1, 2, 3].map((t) => this.planeGrid(v, t * 16, `plane ${t + 1}`))}</div>`;
    }
    const rows = [];
    for (let b = 0; b < 4; b++) {
      rows.push(html`<span class="blocklabel">block ${b + 1}</span>`);
      for (let t = 0; t < 4; t++) rows.push(this.planeGrid(v, b * 64 + t * 16, `${b + 1}·plane ${t + 1}`));
    }
    return html`<div class="planes d4">${rows}</div>`;
  }

  private tables(t: Tables, v: View) {
    return html`<div class="tables" data-tables>
      ${t.levels_run.length ? html`<div>levels run: ${t.levels_run.join(' ')}</div>` : nothing}
      ${t.k1 !== null ? html`<div>K1 = ${t.k1} (where the preferred list is scanned from)</div>` : nothing}
      <h4>Row sums (player 1, machine 5 a cell)</h4>
      ${v.strategy === 'louden1962' ? html`<div class="note">LANE(M) for M ≤ 64 also carries +100 when cell M is marked, as the deck keeps it.</div>` : nothing}
      <div data-rows>${t.rows.map((r) => html`<div>${r.cells.join(' ')}: ${String(r.sum).padStart(2, '0')}</div>`)}</div>
      <h4>Intersection marks</h4><div data-marks>${t.marks.join(' ') || 'none'}</div>
      <h4>${v.strategy === 'louden1962' ? 'J3 (level 6 save)' : '6MOV / 9MOV / held'}</h4>
      <div>${v.strategy === 'louden1962' ? t.mov6.join(' ') || 'none'
        : html`6MOV: ${t.mov6.join(' ') || '—'}; 9MOV: ${t.mov9.join(' ') || '—'}; level 10 held: ${t.held ?? '—'}`}</div>
    </div>`;
  }

  private settings(v: View) {
    const c = this.config;
    // What the machine plays now (an action such as `play_found` may have changed it).
    const dims = v.dims;
    const strategy = v.strategy;
    const disabled: number[] = v.disabled;
    const set = (patch: Record<string, unknown>) => this.restart({ ...this.config, ...patch });
    return html`
      <label>Board <select data-setting="dims" @change=${(e: Event) => {
        const d = Number((e.target as HTMLSelectElement).value);
        set({ dims: d, strategy: d === 4 ? 'forced' : 'other1', disable: [], machine_first: d === 4 });
      }}>
        <option value="3" ?selected=${dims === 3}>4×4×4 cube</option>
        <option value="4" ?selected=${dims === 4}>4×4×4×4</option></select></label>
      <label>Machine <select data-setting="strategy" @change=${(e: Event) => set({ strategy: (e.target as HTMLSelectElement).value, disable: [] })}>
        ${(dims === 3 ? ['other1', 'louden1962', 'forced'] : ['forced', 'other1']).map((s) =>
          html`<option value=${s} ?selected=${s === strategy}>${s === 'forced' && dims === 3 ? 'the proven win (a checked certificate)' : STRATEGY[s as Strategy]}</option>`)}</select></label>
      ${strategy !== 'forced' ? html`<label><input type="checkbox" data-setting="machine_first" .checked=${!!c.machine_first}
          @change=${(e: Event) => set({ machine_first: (e.target as HTMLInputElement).checked })}> the machine moves first</label>` : nothing}
      ${strategy === 'other1' ? html`<div><span class="note">OTHER-1 levels switched off:</span><div class="levels">
        ${[3, 4, 5, 6, 7, 8, 9, 10].map((n) => html`<label><input type="checkbox" data-level=${n} .checked=${disabled.includes(n)}
          @change=${(e: Event) => {
            const on = (e.target as HTMLInputElement).checked;
            set({ disable: on ? [...disabled, n].sort((a, b) => a - b) : disabled.filter((d) => d !== n) });
          }}>${n}</label>`)}</div></div>` : nothing}
      <div class="tally" data-tally>
        <span>game <b>${thousands(v.game)}</b></span>
        <span>you (<span class="p">P</span>): <b>${results(v.tally.human_wins, v.tally.ties, v.tally.machine_wins)}</b></span>
      </div>
      <div><button class="act" data-action="new-game" ?disabled=${v.deck_finished} @click=${() => this.act({ type: 'new_game' })}>New game</button></div>`;
  }

  render() {
    const v = this.view;
    if (!v) return html``;
    const f = v.forced;
    return html`
      <div>
        <p class="status" data-status>${this.status(v)}</p>
        ${this.planes(v)}
        ${v.dims === 3 ? html`<div class="cube" data-cube ?hidden=${this.webgl === 'off'}></div>
          ${this.webgl === 'off' ? html`<p class="note" data-no-webgl>No WebGL in this browser: the 3D view is left out; the planes above play the same game.</p>`
            : html`<p class="note">Drag to turn the cube; click a cell to move there. Red P is yours, blue M the machine's; the winning row is drawn through the cube.</p>`}`
          : nothing}
      </div>
      <div class="side">
        ${f ? html`<div class="level" data-forced>
            <div>The proof's answer: <b>${f.answer ?? '—'}</b> (move ${f.machine_moves})</div>
            <div>It needs at most <b data-left>${f.moves_left_at_most}</b> more move${f.moves_left_at_most === 1 ? '' : 's'} to win, whatever you do.</div></div>` : nothing}
        ${v.certificate ? html`<div class="level" data-certificate>The machine plays ${v.certificate}.</div>` : nothing}
        ${this.proof ? nothing : v.found_let_go
          ? html`<div class="note" data-found-let-go>${v.found_let_go.charAt(0).toUpperCase()}${v.found_let_go.slice(1)}.</div>`
          : v.found && v.certificate !== v.found
            ? html`<div class="note" data-found>Kept with this visit: ${v.found}.
          <button class="act" data-action="play-found" @click=${() => this.act({ type: 'play_found' })}>Play it</button></div>` : nothing}
        ${v.level ? html`<div class="level" data-level>Strategy level <b>${v.level.number}</b>: ${v.level.meaning}</div>` : nothing}
        ${v.strategy === 'louden1962' ? html`<pre class="paper" data-paper aria-label="typewriter paper" aria-live="polite">${v.paper.join('\n')}</pre>` : nothing}
        ${v.tables ? html`<div><button class="act" data-action="tables" aria-pressed=${this.showTables}
            @click=${() => { this.showTables = !this.showTables; }}>${this.showTables ? 'Hide' : 'Show'} the 1620's tables</button></div>
          ${this.showTables ? this.tables(v.tables, v) : nothing}` : nothing}
        ${this.settings(v)}
        ${v.dims === 3 ? this.proofPanel(v) : nothing}
      </div>`;
  }

  /**
   * Before a proof starts: what it cost from this starting point when measured on this
   * machine kind (CPU time, and wall time with both cores free), against the museum's
   * time limit for a run, and what happens at the limit.
   */
  private proofCost(k: number, costs: Cost[]) {
    const c = costs.find((x) => x.after === k);
    const from = k === 0 ? 'from the empty board' : `after Patashnik's first ${k} stones`;
    const limit = this.limitMs;
    if (!c) return html`<p class="note" data-proof-cost>The proof ${from} was not measured in this build: its time cannot be told before it runs.
      ${limit ? html`A run stops at the museum's limit of ${limitText(limit / 1000)}.` : nothing}</p>`;
    const wall = c.wall_ms[0] > 0 ? html`, ${range(c.wall_ms)} wall with both cores free` : nothing;
    // The least share of a core that finishes it within the limit (CPU needed ÷ limit).
    const cores = limit ? c.cpu_ms[1] / limit : 0;
    return html`<p class="note" data-proof-cost>Measured on this machine (2 cores, ${BUILD[c.build]}${c.runs > 1 ? `, ${count(c.runs, 'run')}` : ''}):
      the proof ${from} took <b>${range(c.cpu_ms)} of CPU</b>${wall}.
      Here it runs at a lower priority beside every visitor's work, so a busy museum takes longer.
      ${limit ? html`<span data-proof-limit>A run stops at the museum's limit of <b>${limitText(limit / 1000)}</b>${cores > 2
        ? html`: <b>this proof cannot finish within it</b> (it would need ${number(cores)} cores the whole time)`
        : html`: it finishes within that if it gets at least ${coreShare(cores)} on average`}.
        A proof stopped at the limit shows the positions it proved but keeps no certificate.</span>` : nothing}</p>`;
  }

  /**
   * Why fewer of Patashnik's stones can cost less (after 3 cheaper than after 5), from the
   * recorded runs (`proof3d::watch::RELEASE_COSTS`, BENCHMARKS.md): the search chooses
   * the first player's later moves itself, and its moves win with fewer positions.
   */
  private fewerStones(costs: Cost[]) {
    const [three, five] = [3, 5].map((n) => costs.find((x) => x.after === n));
    if (!three || !five || three.cpu_ms[1] >= five.cpu_ms[0]) return nothing;
    return html`<p class="note" data-proof-why>Fewer stones is not always dearer: after 3 stones
      (${range(three.cpu_ms)} of CPU) the search chooses the first player's 4th and 5th moves
      itself, and its own moves win with fewer positions than Patashnik's, so it does less than
      after 5 (${range(five.cpu_ms)}): the recorded runs made 265,140 node expansions after 3
      stones and 345,832 after 5. From the empty board it must also find the first 3 moves,
      and costs most.</p>`;
  }

  /**
   * Watch the 4×4×4 proof being found: the search after K of Patashnik's stones (or from
   * the empty board) run by the server, its progress live, the certificate re-checked by
   * the independent checker at the end; then play the proven win. The bar shows the
   * positions proved when their number is known (it agrees with the count beside it),
   * works without a measure while the certificate is written and re-checked (every
   * position proved, seconds of work left),
   * else the CPU time against the recorded runs; the time left goes by CPU time (the
   * positions proved are no measure of the time: the last ones take longest).
   */
  private proofPanel(v: View) {
    const k = Number(this.pageValues.prove_after ?? 9);
    const r = this.proof;
    const p = r?.partial;
    const verdict = r?.result?.verdict;
    const costs = v.proof_costs ?? [];
    const cost = costs.find((c) => c.after === k);
    const going = this.runOf('prove', r);
    const why = this.startBlocked(going);
    const cpu = r?.cpu_ms;
    // A proof stopped (Stop, the limit) never says it is finished.
    const stopped = verdict?.verdict === 'cancelled' || (!!r?.ended && verdict?.verdict !== 'proved' && p?.phase === 'done');
    const halt = proofStopped(p);
    const label = (n: number, t: string) => {
      const c = costs.find((x) => x.after === n);
      return c ? `${t} (${range(c.cpu_ms)} CPU)` : t;
    };
    return html`<fieldset data-proof><legend>Watch the 4×4×4 proof being found</legend>
      <div class="row">
        <label>Search <select data-setting="prove_after" @change=${(e: Event) => this.setSetting('prove_after', Number((e.target as HTMLSelectElement).value))}>
          ${PROVE_AFTER.map(([n, t]) => html`<option value=${n} ?selected=${n === k}>${label(n, t)}</option>`)}</select></label>
        <button class="act" data-action="prove" ?disabled=${this.running} title=${why} @click=${() => { this.proof = null; this.ownRun = 'prove'; this.host?.runLong('prove', { search_after: k }); }}>Prove</button>
        <button class="act" data-action="stop-proof" ?disabled=${!this.running} @click=${() => this.stop()}>${this.stopLabel()}</button>
      </div>
      ${why ? html`<small class="note" data-start-why>${why}</small>` : nothing}
      ${!r ? this.proofCost(k, costs) : nothing}
      ${!r ? this.fewerStones(costs) : nothing}
      ${r || going ? html`<lm-run-clock .report=${r} .running=${going} .queued=${this.queued}></lm-run-clock>` : nothing}
      ${p ? html`<div data-proof-progress>
        ${!r?.ended && (p.phase === 'certificate' || p.phase === 'check')
          ? html`<progress aria-label=${PHASE[p.phase]}></progress>`
          : !r?.ended && p.positions
          ? html`<progress max=${p.positions} .value=${Math.min(p.proved, p.positions)} aria-label="positions proved"></progress>`
          : !r?.ended && cost && cpu !== undefined
            ? html`<progress max=${cost.cpu_ms[1]} .value=${Math.min(cpu, cost.cpu_ms[1])} aria-label="work done, by CPU time against the most the recorded runs needed"></progress>`
            : nothing}
        ${verdict?.verdict === 'cancelled' ? nothing : html`<div data-proof-phase>${stopped
          ? `stopped${halt.when === 'before the end' ? '' : ` ${halt.when}`}: ${halt.counts}, ${count(p.expansions, 'expansion')}; no certificate kept`
          : !p.positions && !p.proved
            ? `starting (${PHASE[p.phase]}): how many positions there are is known once the search has them all`
            : `${PHASE[p.phase]}: ${proofCounts(p)}, ${count(p.expansions, 'expansion')}${p.positions ? '' : '; how many positions there are is known only at the end'}`}</div>`}
        ${p.line.length && !r?.ended ? html`<div class="note" data-proof-line>looking at ${p.line.join(' ')}</div>` : nothing}
      </div>` : nothing}
      ${verdict ? html`<div class="level" data-proof-verdict>${verdict.verdict === 'proved'
        ? html`<b>Proved: the first player wins.</b> The certificate (${count(verdict.certificate.records, 'record')}, ${count(verdict.certificate.bytes, 'byte')} gzip) was written and accepted by the independent checker.
            ${v.found_let_go
              ? html`<span class="note" data-found-let-go>But ${v.found_let_go}.</span>`
              : html`<button class="act" data-action="play-proof" @click=${() => this.act({ type: 'play_found' })}>Play the proven win</button>
            <span class="note">(the certificate this proof just found, kept with your visit)</span>`}`
        : verdict.verdict === 'cancelled'
          ? (r?.timed_out
            ? html`<span data-proof-timed-out><b>Stopped at the museum's limit${this.limitMs ? ` of ${limitText(this.limitMs / 1000)}` : ''}</b> ${halt.when}: ${halt.counts}; no certificate kept. The proof did not finish here; the bundled certificate still plays the proven win.</span>`
            : html`<span data-proof-stopped>S${stoppedWords(p).slice(1)}.</span>`)
          : `Not proved: ${JSON.stringify(verdict)}`}</div>` : nothing}
    </fieldset>`;
  }

  protected updated() {
    // The typewriter shows its newest line, as the paper comes up out of the machine.
    const paper = this.renderRoot.querySelector('[data-paper]');
    if (paper) paper.scrollTop = paper.scrollHeight;
    const v = this.view;
    const host = this.renderRoot.querySelector('[data-cube]') as HTMLElement | null;
    if (!v || v.dims !== 3 || !host) {
      this.cube?.dispose();
      this.cube = undefined;
      return;
    }
    if (!this.cube && !this.loadingCube && this.webgl !== 'off') {
      // three.js is loaded only when the cube is shown (its own chunk).
      this.loadingCube = true;
      import('../three/qubic-cube.ts').then(({ createCube }) => {
        this.loadingCube = false;
        const cube = createCube(host, (i) => this.play(i));
        if (!cube) { this.webgl = 'off'; return; }
        this.cube = cube;
        this.webgl = 'on';
        if (this.view) cube.show(this.view.cells, this.view.line, this.view.last_machine_move);
      });
      return;
    }
    this.cube?.show(v.cells, v.line, v.last_machine_move);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.cube?.dispose();
    this.cube = undefined;
  }
}
customElements.define('lm-exhibit-qubic', QubicExhibit);
