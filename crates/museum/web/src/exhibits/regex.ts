// Regex crosswords: the exhibit of `ludomat_regex_crossword::RegexSession` — rectangles
// and real hexagons (hexagonal cells, the clues printed along the three directions round
// the edge, as the 2013 MIT Mystery Hunt prints its puzzle), letters typed into the
// cells, every clue marked satisfied / broken / open in words and colour, the solver's
// deduction log stepped clue by clue (which clue narrowed which cells to what), solve,
// uniqueness, the shipped puzzles and an upload whose mistakes show line and column.
import { css, html, nothing, svg } from 'lit';
import { ExhibitElement } from '../exhibit.ts';
import { ICONS } from '../icons.ts';
import '../components/lm-run-control.ts';
import { count } from '../text.ts';

type Status = 'satisfied' | 'broken' | 'open';
type Dir = 'across' | 'down' | 'nw' | 'sw';
type Filler = 'typed' | 'hint' | 'deduced' | 'revealed';
interface ClueView {
  name: string; clue: string; line: string; status: Status;
  direction: Dir; number: number; nth: number; cells: number[];
}
interface Narrowed { cell: number; row: number; col: number; removed: string; left: string }
interface Step { step: number; of: number; clue: string; regex: string; cells: Narrowed[] }
interface View {
  title: string | null;
  source: string | null;
  shape: { kind: 'rectangle'; rows: number; cols: number } | { kind: 'hexagon'; side: number };
  alphabet: string;
  row_lengths: number[];
  cells: (string | null)[];
  fillers: (Filler | null)[];
  candidates: (string | null)[];
  clues: ClueView[];
  filled: number;
  solved: boolean;
  uniqueness: { solutions: number; complete: boolean; nodes: number; propagation_alone: boolean; statement: string };
  deductions: { done: number; total: number | null; last: Step | null };
  config: { puzzle: string };
}
type Happening =
  | { type: 'cell'; row: number; col: number; letter: string | null }
  | { type: 'clue'; name: string; clue: string; status: Status }
  | { type: 'hint'; row: number; col: number; letter: string; because: string[] }
  | ({ type: 'deduced' } & Step)
  | { type: 'deductions_done'; open_cells: number }
  | { type: 'loaded'; title: string | null; cells: number; clues: number }
  | { type: 'solved' };

/** The puzzles shipped with the crate (crates/regex-crossword/puzzles). */
const SHIPPED: [string, string][] = [
  ['small-hexagon', 'Honeycomb: a hexagon of side 2'],
  ['two-by-two', 'Two by two'],
  ['echo', 'Echo: backreferences, two clues a line'],
  ['mit-2013-hexagon', 'A Regular Crossword (MIT Mystery Hunt 2013)'],
];
const MAX_UPLOAD = 60 * 1024;
const STATUS_WORD: Record<Status, string> = { satisfied: 'satisfied', broken: 'broken', open: 'open' };

interface Cell { cx: number; cy: number; row: number; col: number }
interface Label { x: number; y: number; rotate: number; anchor: 'start' | 'end'; clue: number }

/** Where every cell and every clue's label goes, in SVG units. */
function layout(v: View, labels: boolean) {
  const hex = v.shape.kind === 'hexagon';
  const S = 40; // a rectangle's cell, or a hexagon cell's width
  const R = S / Math.sqrt(3); // a hexagon's corner radius
  const widest = Math.max(...v.row_lengths);
  const cells: Cell[] = [];
  v.row_lengths.forEach((len, r) => {
    for (let i = 0; i < len; i++) {
      cells.push(hex
        ? { cx: (i + (widest - len) / 2) * S + S / 2, cy: r * 1.5 * R + R, row: r + 1, col: i + 1 }
        : { cx: i * S + S / 2, cy: r * S + S / 2, row: r + 1, col: i + 1 });
    }
  });
  const DIR: Record<Dir, [number, number]> = {
    across: [1, 0], down: [0, 1], nw: [-0.5, -Math.sqrt(3) / 2], sw: [-0.5, Math.sqrt(3) / 2],
  };
  const font = 12;
  let minX = Math.min(...cells.map((c) => c.cx)) - S, maxX = Math.max(...cells.map((c) => c.cx)) + S;
  let minY = Math.min(...cells.map((c) => c.cy)) - S, maxY = Math.max(...cells.map((c) => c.cy)) + S;
  const placed: Label[] = [];
  if (labels) {
    v.clues.forEach((c, k) => {
      const [dx, dy] = DIR[c.direction];
      const first = cells[c.cells[0]], last = cells[c.cells[c.cells.length - 1]];
      // The first clue of a line before its first cell, a second one after its last.
      const at = c.nth === 0 ? first : last;
      const sign = c.nth === 0 ? -1 : 1;
      const gap = (hex ? 0.62 * S : 0.62 * S) + (c.nth > 1 ? (c.nth - 1) * 0.9 * S : 0);
      const ex = sign * dx, ey = sign * dy;
      const x = at.cx + ex * gap, y = at.cy + ey * gap;
      let angle = (Math.atan2(ey, ex) * 180) / Math.PI;
      let anchor: 'start' | 'end' = 'start';
      if (ex < -0.01) { angle += 180; anchor = 'end'; }
      placed.push({ x, y, rotate: angle, anchor, clue: k });
      const len = c.clue.length * font * 0.62;
      for (const [px, py] of [[x, y], [x + ex * len, y + ey * len]]) {
        minX = Math.min(minX, px - font); maxX = Math.max(maxX, px + font);
        minY = Math.min(minY, py - font); maxY = Math.max(maxY, py + font);
      }
    });
  }
  return { hex, S, R, cells, labels: placed, box: [minX, minY, maxX - minX, maxY - minY] as const, font };
}

export class RegexExhibit extends ExhibitElement<View, Happening> {
  // On a phone the grid alone fills the width; the clues are listed beside it anyway.
  static pageSettings = { interval: 300, labels: typeof window === 'undefined' || window.innerWidth >= 640 };
  static properties = {
    ...ExhibitElement.properties,
    selected: { state: true },
    focusClue: { state: true },
    uploadError: { state: true },
  };
  declare selected: number;
  declare focusClue: number;
  declare uploadError: { name: string; message: string; line?: number; column?: number; text?: string } | null;

  constructor() {
    super();
    this.selected = 0;
    this.focusClue = -1;
    this.uploadError = null;
  }

  static styles = css`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: block; }
    .top { display: flex; flex-wrap: wrap; gap: 0.6rem 1.2rem; align-items: center; margin-bottom: 0.6rem; }
    label { display: inline-flex; gap: 0.4rem; align-items: center; flex-wrap: wrap; }
    select, button, input { font-size: 0.95rem; padding: 0.3rem 0.55rem; border-radius: 6px; border: 1px solid #8a7d66;
      background: #fffdf8; color: #1d1b18; }
    button { cursor: pointer; display: inline-flex; align-items: center; }
    button[disabled] { cursor: default; color: #6b6253; }
    .unique { margin: 0.3rem 0 0.6rem; font-weight: 600; }
    .layout { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1rem 1.5rem; align-items: start; }
    @media (max-width: 60rem) { .layout { grid-template-columns: minmax(0, 1fr); } }
    .board { min-width: 0; }
    svg.grid { width: 100%; height: auto; max-height: 80vh; display: block; background: #fffdf8;
      border: 1px solid #cbbfa8; border-radius: 8px; touch-action: manipulation; }
    .cell { cursor: pointer; }
    .cell polygon, .cell rect { fill: #fffdf8; stroke: #8a7d66; stroke-width: 1.2; }
    .cell.on-line polygon, .cell.on-line rect { fill: #eef3f9; }
    .cell.narrowed polygon, .cell.narrowed rect { fill: #fff1c2; }
    .cell.sel polygon, .cell.sel rect { stroke: #2b5d8a; stroke-width: 3.2; }
    .cell:focus { outline: none; }
    .cell:focus-visible polygon, .cell:focus-visible rect { stroke: #2b5d8a; stroke-width: 4; }
    .letter { font: 700 20px ui-monospace, "DejaVu Sans Mono", monospace; fill: #1d1b18; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
    .letter.deduced { fill: #1f5fa8; }
    .letter.hint, .letter.revealed { fill: #5b3f8a; }
    .cand { font: 9px ui-monospace, "DejaVu Sans Mono", monospace; fill: #5b5346; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
    .clue-label { font: 12px ui-monospace, "DejaVu Sans Mono", monospace; dominant-baseline: central; cursor: pointer; }
    .clue-label.open { fill: #3a342b; }
    .clue-label.satisfied { fill: #1b5e20; font-weight: 700; }
    .clue-label.broken { fill: #b3261e; font-weight: 700; text-decoration: underline; }
    .clue-label.hot { fill: #2b5d8a; font-weight: 700; }
    .typing { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.5rem 0; }
    .typing input { width: 2.6rem; text-align: center; text-transform: uppercase; font-weight: 700; }
    .buttons { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0.5rem 0; }
    .step { background: #fffdf8; border: 1px solid #cbbfa8; border-radius: 8px; padding: 0.5rem 0.8rem; min-height: 4.2rem; overflow-wrap: anywhere; }
    .step code, .clues code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
    .broken-list { color: #8a1c12; font-weight: 600; min-height: 1.3rem; overflow-wrap: anywhere; }
    .solved { color: #1b5e20; font-weight: 700; font-size: 1.1rem; }
    .clues { list-style: none; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 2px; }
    .clues li { display: grid; grid-template-columns: 5.2rem 5.6rem minmax(0, 1fr); gap: 0.4rem; align-items: baseline;
      padding: 2px 4px; border-radius: 4px; cursor: pointer; }
    .clues li.hot { background: #eef3f9; }
    .badge { display: inline-block; text-align: center; border-radius: 4px; font-size: 0.8rem; font-weight: 700; padding: 0 0.3rem; }
    .badge.satisfied { background: #1b5e20; color: #fff; }
    .badge.broken { background: #b3261e; color: #fff; }
    .badge.open { background: #e6dfd0; color: #1d1b18; }
    .line { color: #5b5346; font-size: 0.85rem; }
    h3 { font-size: 1.05rem; margin: 0.8rem 0 0.3rem; }
    .err { color: #8a1c12; font-weight: 600; overflow-wrap: anywhere; }
    pre.excerpt { background: #fffdf8; border: 1px solid #cbbfa8; padding: 0.4rem 0.6rem; overflow-x: auto; margin: 0.3rem 0; }
    small { color: #5b5346; }
    .src, .unique { overflow-wrap: anywhere; }
  `;

  describe(h: Happening): string {
    switch (h.type) {
      case 'cell': return `row ${h.row} cell ${h.col}: ${h.letter ?? 'emptied'}`;
      case 'clue': return `${h.name} /${h.clue}/ is now ${STATUS_WORD[h.status]}`;
      case 'hint': return `hint: row ${h.row} cell ${h.col} must be ${h.letter} (${h.because.join(', ')})`;
      case 'deduced': return `step ${h.step} of ${h.of}: ${h.clue} /${h.regex}/ ${h.cells.map((c) => `rules out ${c.removed} at row ${c.row} cell ${c.col}, left ${c.left}`).join('; ')}`;
      case 'deductions_done': return h.open_cells ? `the deduction log is at its end: ${count(h.open_cells, 'cell')} still open (the solver would guess)` : 'the deduction log is at its end: propagation alone filled every cell';
      case 'loaded': return `loaded ${h.title ?? 'a puzzle'}: ${count(h.cells, 'cell')}, ${count(h.clues, 'clue')}`;
      case 'solved': return 'solved: every clue matches';
    }
  }

  private rowCol(cell: number): [number, number] {
    const v = this.view!;
    let c = cell;
    for (let r = 0; r < v.row_lengths.length; r++) {
      if (c < v.row_lengths[r]) return [r + 1, c + 1];
      c -= v.row_lengths[r];
    }
    return [1, 1];
  }

  /** Typing is queued: keys pressed faster than the museum answers go in order. */
  private queue: Promise<unknown> = Promise.resolve();

  private type(letter: string) {
    const v = this.view;
    if (!v) return;
    const cell = this.selected;
    const [row, col] = this.rowCol(cell);
    // On to the next cell in reading order at once (the next row after a row's end);
    // back to this one if the letter is refused.
    if (cell + 1 < v.cells.length) this.select(cell + 1);
    this.queue = this.queue.then(async () => {
      const u = await this.act({ type: 'set', row, col, letter });
      if (!u) this.select(cell);
    });
  }

  private erase(back: boolean) {
    const v = this.view;
    if (!v) return;
    let cell = this.selected;
    // Backspace on an empty cell clears the one before it.
    if (back && !v.cells[cell] && cell > 0) this.select(--cell);
    const [row, col] = this.rowCol(cell);
    this.queue = this.queue.then(() => this.act({ type: 'clear', row, col }));
  }

  private select(cell: number, focus = true) {
    const v = this.view;
    if (!v) return;
    this.selected = Math.max(0, Math.min(v.cells.length - 1, cell));
    if (focus) this.updateComplete.then(() => (this.renderRoot.querySelector(`[data-cell="${this.selected}"]`) as SVGElement | null)?.focus());
  }

  /** Arrow keys: along the row, or to the nearest cell of the row above or below. */
  private move(key: string) {
    const v = this.view!;
    const [row, col] = this.rowCol(this.selected);
    if (key === 'ArrowLeft' && col > 1) this.select(this.selected - 1);
    else if (key === 'ArrowRight' && col < v.row_lengths[row - 1]) this.select(this.selected + 1);
    else if (key === 'ArrowUp' || key === 'ArrowDown') {
      const r2 = row + (key === 'ArrowUp' ? -1 : 1);
      if (r2 < 1 || r2 > v.row_lengths.length) return;
      const g = layout(v, false);
      const here = g.cells[this.selected];
      let best = -1, dist = Infinity;
      g.cells.forEach((c, i) => {
        if (c.row === r2 && Math.abs(c.cx - here.cx) < dist) { dist = Math.abs(c.cx - here.cx); best = i; }
      });
      if (best >= 0) this.select(best);
    }
  }

  private onKey(e: KeyboardEvent) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key.startsWith('Arrow')) { e.preventDefault(); this.move(e.key); }
    else if (e.key === 'Backspace') { e.preventDefault(); this.erase(true); }
    else if (e.key === 'Delete' || e.key === ' ') { e.preventDefault(); this.erase(false); }
    else if (e.key.length === 1 && e.key !== ' ') { e.preventDefault(); this.type(e.key); }
  }

  private async upload(e: Event) {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    this.uploadError = null;
    if (file.size > MAX_UPLOAD) {
      this.uploadError = { name: file.name, message: `${file.name}: ${count(file.size, 'byte')}; puzzle files up to ${count(MAX_UPLOAD, 'byte')} are taken.` };
      return;
    }
    const text = await file.text();
    const r = await this.attempt({ type: 'load', name: file.name, text });
    if (r.error) {
      const m = r.error.match(/line (\d+), column (\d+)/);
      this.uploadError = m
        ? { name: file.name, message: r.error, line: Number(m[1]), column: Number(m[2]), text: text.split(/\r?\n/)[Number(m[1]) - 1] ?? '' }
        : { name: file.name, message: r.error };
      this.say(`${file.name} was not loaded: see the mistake below the puzzle's controls.`, 'error');
    } else {
      this.selected = 0;
      this.say(`${file.name} loaded.`);
    }
  }

  private pick(name: string) {
    this.uploadError = null;
    this.selected = 0;
    this.restart({ puzzle: name });
  }

  private clueOfCell(k: number) {
    return this.view!.clues[k].cells.includes(this.selected);
  }

  private drawGrid(v: View) {
    const g = layout(v, !!this.pageValues.labels);
    const step = v.deductions.last;
    const narrowed = new Set(step?.cells.map((c) => c.cell) ?? []);
    const hotClue = this.focusClue >= 0 ? this.focusClue : -1;
    const onLine = new Set(hotClue >= 0 ? v.clues[hotClue]?.cells ?? [] : []);
    const stepClue = step ? v.clues.findIndex((c) => c.name === step.clue) : -1;
    const poly = (cx: number, cy: number) => {
      const pts = [];
      for (let k = 0; k < 6; k++) {
        const a = ((60 * k - 90) * Math.PI) / 180;
        pts.push(`${(cx + g.R * Math.cos(a)).toFixed(2)},${(cy + g.R * Math.sin(a)).toFixed(2)}`);
      }
      return pts.join(' ');
    };
    const [bx, by, bw, bh] = g.box;
    // Small grids are not blown up: at most 1.25 screen pixels per unit.
    return html`<svg class="grid" viewBox="${bx} ${by} ${bw} ${bh}" role="group" style="max-width:${Math.round(bw * 1.25)}px"
        aria-label="the ${v.shape.kind === 'hexagon' ? 'hexagonal' : 'rectangular'} grid: ${count(v.cells.length, 'cell')}; select a cell and type a letter"
        @keydown=${(e: KeyboardEvent) => this.onKey(e)}>
      ${g.labels.map((l) => {
        const c = v.clues[l.clue];
        const hot = l.clue === hotClue || l.clue === stepClue;
        return svg`<text class="clue-label ${c.status} ${hot ? 'hot' : ''}" data-clue-label=${c.name}
          x=${l.x.toFixed(1)} y=${l.y.toFixed(1)} text-anchor=${l.anchor}
          transform="rotate(${l.rotate.toFixed(1)} ${l.x.toFixed(1)} ${l.y.toFixed(1)})"
          @click=${() => { this.focusClue = l.clue; }}><title>${c.name}: ${STATUS_WORD[c.status]}</title>${c.clue}</text>`;
      })}
      ${g.cells.map((c, i) => {
        const letter = v.cells[i];
        const cand = letter ? null : v.candidates[i];
        const cls = `cell ${i === this.selected ? 'sel' : ''} ${narrowed.has(i) ? 'narrowed' : ''} ${onLine.has(i) ? 'on-line' : ''}`;
        const label = `row ${c.row} cell ${c.col}: ${letter ?? 'empty'}${v.fillers[i] && v.fillers[i] !== 'typed' ? ` (${v.fillers[i]})` : ''}${cand ? `, may be ${cand}` : ''}`;
        return svg`<g class=${cls} data-cell=${i} data-row=${c.row} data-col=${c.col} role="button" aria-label=${label}
            tabindex=${i === this.selected ? 0 : -1}
            @click=${() => this.select(i)} @focus=${() => { this.selected = i; }}>
          ${g.hex ? svg`<polygon points=${poly(c.cx, c.cy)}/>` : svg`<rect x=${c.cx - g.S / 2} y=${c.cy - g.S / 2} width=${g.S} height=${g.S}/>`}
          ${letter ? svg`<text class="letter ${v.fillers[i] ?? ''}" x=${c.cx} y=${c.cy + 1}>${letter}</text>` : nothing}
          ${cand ? svg`<text class="cand" x=${c.cx} y=${c.cy}>${cand.length > 5 ? cand.slice(0, 4) + '…' : cand}</text>` : nothing}
        </g>`;
      })}
    </svg>`;
  }

  private stepPanel(v: View) {
    const s = v.deductions.last;
    const d = v.deductions;
    if (!s) {
      return html`<div class="step" data-step><b>The solver's deductions.</b> Each step is one clue ruling out the letters
        that no matching line can put in its cells. ${v.uniqueness.propagation_alone
          ? 'On this puzzle the steps alone fill every cell.' : 'On this puzzle the steps stop before the grid is full; Solve searches for the rest.'}</div>`;
    }
    return html`<div class="step" data-step>
      <div><b>Step <span data-step-number>${s.step}</span> of ${s.of}</b>: <b>${s.clue}</b> <code>/${s.regex}/</code></div>
      <ul>${s.cells.map((c) => html`<li>row ${c.row} cell ${c.col}: rules out <code>${c.removed}</code>, left <code>${c.left}</code></li>`)}</ul>
      ${d.total !== null && d.done >= d.total ? html`<div data-log-end><b>The log is at its end.</b> ${v.filled === v.cells.length ? 'Every cell is filled.' : `${v.cells.length - v.filled === 1 ? '1 cell is' : `${count(v.cells.length - v.filled, 'cell')} are`} still open: the solver would have to guess; Solve searches.`}</div>` : nothing}
    </div>`;
  }

  private clueList(v: View) {
    const groups: Dir[] = v.shape.kind === 'hexagon' ? ['across', 'nw', 'sw'] : ['across', 'down'];
    const title: Record<Dir, string> = {
      across: v.shape.kind === 'hexagon' ? 'Across (rows, west to east)' : 'Across (rows, left to right)',
      down: 'Down (columns, top to bottom)',
      nw: 'NW (read upwards, south-east to north-west)',
      sw: 'SW (read downwards, north-east to south-west)',
    };
    return groups.map((d) => html`<h3>${title[d]}</h3><ul class="clues" data-clues=${d}>
      ${v.clues.map((c, k) => c.direction !== d ? nothing : html`<li class=${k === this.focusClue || this.clueOfCell(k) ? 'hot' : ''}
          data-clue=${c.name} data-status=${c.status}
          @mouseenter=${() => { this.focusClue = k; }} @click=${() => { this.focusClue = k; this.select(c.cells[0]); }}>
        <span>${c.name}</span>
        <span class="badge ${c.status}">${STATUS_WORD[c.status]}</span>
        <span><code>/${c.clue}/</code> <span class="line">${c.line}</span></span></li>`)}
    </ul>`);
  }

  render() {
    const v = this.view;
    if (!v) return html``;
    const broken = v.clues.filter((c) => c.status === 'broken');
    const current = SHIPPED.find(([n]) => n === v.config.puzzle)?.[0] ?? '';
    const [row, col] = this.rowCol(this.selected);
    const d = v.deductions;
    const atEnd = d.total !== null && d.done >= d.total;
    return html`
      <div class="top">
        <label>Puzzle <select data-setting="puzzle" @change=${(e: Event) => this.pick((e.target as HTMLSelectElement).value)}>
          ${current ? nothing : html`<option value="" selected>${v.title ?? 'an uploaded puzzle'}</option>`}
          ${SHIPPED.map(([n, t]) => html`<option value=${n} ?selected=${n === current}>${t}</option>`)}
        </select></label>
        <label>${ICONS.upload}Upload a puzzle file <input type="file" accept=".txt,text/plain" data-upload @change=${(e: Event) => this.upload(e)}></label>
        <label><input type="checkbox" data-setting="labels" .checked=${!!this.pageValues.labels}
          @change=${(e: Event) => this.setSetting('labels', (e.target as HTMLInputElement).checked)}> clues on the grid</label>
      </div>
      ${this.uploadError ? html`<div class="err" data-upload-error>${this.uploadError.message}
        ${this.uploadError.line ? html`<pre class="excerpt" data-excerpt>${this.uploadError.line} | ${this.uploadError.text}
${' '.repeat(String(this.uploadError.line).length + 3 + Math.max(0, (this.uploadError.column ?? 1) - 1))}^ column ${this.uploadError.column}</pre>` : nothing}</div>` : nothing}
      <p class="unique" data-uniqueness>${v.title ? html`<i>${v.title}</i>: ` : nothing}${v.uniqueness.statement}</p>
      ${v.source ? html`<p class="src"><small>Source: ${v.source}</small></p>` : nothing}
      <div class="layout">
        <div class="board">
          ${this.drawGrid(v)}
          <div class="typing">
            <span>Selected: <b data-selected>row ${row}, cell ${col}</b></span>
            <label>letter <input data-letter maxlength="1" autocomplete="off" autocapitalize="characters" aria-label="letter for the selected cell"
              .value=${v.cells[this.selected] ?? ''}
              @keydown=${(e: KeyboardEvent) => { if (e.key.startsWith('Arrow') || e.key === 'Backspace') { this.onKey(e); } }}
              @input=${(e: Event) => { const t = e.target as HTMLInputElement; const l = t.value.slice(-1); t.value = ''; if (l) this.type(l); }}></label>
            <small>Click a cell and type; arrows move, Backspace clears. Alphabet: <span data-alphabet>${v.alphabet.replace(/(\w)-(\w)/g, '$1–$2')}</span>.</small>
          </div>
          <p class="broken-list" data-broken aria-live="polite">${broken.length
            ? `Broken: ${broken.map((c) => `${c.name} /${c.clue}/ (its line reads ${c.line})`).join('; ')}`
            : ''}</p>
          ${v.solved ? html`<p class="solved" data-solved>Solved: every clue matches.</p>` : nothing}
        </div>
        <div class="side">
          <h3>Solve it the solver's way</h3>
          <lm-run-control .running=${this.running} .interval=${Number(this.pageValues.interval) || 300}
            .disabled=${atEnd || v.solved} .reason=${v.solved ? 'solved' : atEnd ? 'the deduction log is at its end' : ''}
            @run=${(e: CustomEvent) => { this.setSetting('interval', e.detail.interval); this.autoplay({ type: 'deduce' }, e.detail.interval); }}
            @speed=${(e: CustomEvent) => { this.setSetting('interval', e.detail.interval); this.autoplay({ type: 'deduce' }, e.detail.interval); }}
            @pause=${() => this.stop()}
            @step=${() => this.act({ type: 'deduce' })}></lm-run-control>
          <div class="buttons">
            <button data-action="deduce" ?disabled=${atEnd || v.solved || this.running} @click=${() => this.act({ type: 'deduce' })}>Next deduction</button>
            <button data-action="hint" ?disabled=${v.solved} @click=${() => this.act({ type: 'hint' })}>Hint: one forced cell</button>
            <button data-action="solve" ?disabled=${v.solved} @click=${() => this.act({ type: 'reveal' })}>Solve</button>
            <button data-action="clear" @click=${() => this.act({ type: 'reset' })}>Clear the grid</button>
          </div>
          ${this.stepPanel(v)}
          ${this.clueList(v)}
        </div>
      </div>`;
  }
}
customElements.define('lm-exhibit-regex', RegexExhibit);
