// The logic bench: the exhibit of `ludomat_logic::LogicSession` (after the source article
// "Evaluating Logic Circuits with Ternary Logic Graphs"). A circuit drawn as a levelled
// graph (sources on the left), every value coloured *and* labelled 1 / 0 / x as every logic
// command writes them (true, false, unknown), inputs clicked through x → 0 → 1 → x, the
// propagation shown one event at a time (step / run), a timing diagram of chosen signals,
// oscillation named; the source's RS NOR latch with buttons and lamps; any
// ISCAS-85 circuit or an uploaded .bench; the relay squares of a noughts-and-crosses
// input latch.
import { css, html, svg, nothing, type TemplateResult } from 'lit';
import { ExhibitElement } from '../exhibit.ts';
import { ICONS } from '../icons.ts';
import '../components/lm-lamp.ts';
import { count } from '../text.ts';

type Val = -1 | 0 | 1;
interface NodeV { id: number; name: string; role: string; gate: string | null; level: number; value: Val; fanin: number[]; output: boolean }
interface Pin { id: number; name: string; value: Val }
interface Ev { seq: number; time: number; kind: string; node: string; value: Val; text: string }
interface Osc { nodes: string[]; evaluations: number; text: string }
interface Signal { name: string; samples: [number, Val][] }
interface View {
  circuit: string;
  library: string[];
  node_count: number;
  gate_count: number;
  depth: number;
  graph: NodeV[] | null;
  inputs: Pin[];
  outputs: Pin[];
  relays: { name: string; state: Val }[];
  time: number;
  pending: number;
  next: Ev[];
  log: Ev[];
  oscillation: Osc | null;
  watched: Signal[];
  unrecorded: boolean;
}
type Happening =
  | { type: 'input_set'; input: string; value: Val; events: number }
  | ({ type: 'event' } & Ev)
  | { type: 'ran'; events: number }
  | { type: 'settled'; time: number }
  | ({ type: 'oscillation' } & Osc)
  | { type: 'pushed'; button: string; events: number }
  | { type: 'watched'; signal: string; on: boolean }
  | { type: 'loaded'; circuit: string; nodes: number };

/** The museum's request limit: larger uploads are refused before they are sent. */
const MAX_UPLOAD = 64 * 1024;
const LABEL: Record<string, string> = { '1': '1', '0': 'x', '-1': '0' };
const WORD: Record<string, string> = { '1': 'true', '0': 'unknown', '-1': 'false' };
const COLOR: Record<string, string> = { '1': '#2e7d32', '0': '#8a7d66', '-1': '#b3261e' };
const label = (v: Val) => LABEL[String(v)];
/** A lamp's state in one word: lit for 1, dark for 0, not known for x. */
const lampState = (v: Val) => (v === 1 ? 'on' : v === -1 ? 'off' : 'unknown');
const color = (v: Val) => COLOR[String(v)];
/**
 * The buttons' levels: the API's level ('1' true, '0' false, 'x' unknown — the same as
 * shown) and in a word.
 */
const LEVELS: ['1' | '0' | 'x', string, string][] = [['1', '1', 'true'], ['0', '0', 'false'], ['x', 'x', 'unknown']];
/** The input level after a click: x → 0 → 1 → x (inputs start unknown). */
const nextLevel = (v: Val) => (v === 0 ? '0' : v === -1 ? '1' : 'x');

export class LogicExhibit extends ExhibitElement<View, Happening> {
  static properties = {
    ...ExhibitElement.properties,
    stepMode: { state: true },
    uploadError: { state: true },
    selected: { state: true },
  };
  declare stepMode: boolean;
  declare uploadError: string;
  declare selected: string | null;

  constructor() {
    super();
    this.stepMode = true;
    this.uploadError = '';
    this.selected = null;
  }

  static styles = css`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr); gap: 1rem 2rem; align-items: start; }
    @media (max-width: 60rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    h3 { margin: 0.8rem 0 0.4rem; font-size: 1.05rem; }
    .row { display: flex; gap: 0.6rem; flex-wrap: wrap; align-items: center; margin: 0.3rem 0; }
    select, button { font-size: 0.95rem; padding: 0.25rem 0.55rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    button:disabled { opacity: 0.5; cursor: default; }
    .v { display: inline-block; min-width: 2.1rem; text-align: center; padding: 0 0.3rem; border-radius: 4px; color: #fff; font: 600 0.85rem/1.4 ui-monospace, monospace; }
    .panel { display: flex; gap: 1.5rem; flex-wrap: wrap; align-items: center; background: #3a352d; color: #f3e2c2; padding: 0.8rem 1rem; border-radius: 8px; }
    .panel button { font-weight: 700; min-width: 5.5rem; }
    .panel .pressed { background: #e0a100; }
    .panel button small { color: inherit; }
    .lamps { display: flex; gap: 1rem; }
    lm-lamp { color: #f3e2c2; --lamp-state: #d9d2c3; }
    svg.graph { width: 100%; height: auto; background: #fffdf8; border: 1px solid #d6cbb5; border-radius: 6px; }
    svg .node { cursor: pointer; }
    svg text { font: 11px ui-monospace, monospace; }
    .events { font: 0.8rem/1.35 ui-monospace, monospace; max-height: 16rem; overflow: auto; background: #fffdf8; border: 1px solid #d6cbb5; border-radius: 6px; padding: 0.3rem 0.5rem; margin: 0; list-style: none; }
    .events li.next { color: #8a7d66; }
    .events li.first { color: #1d1b18; font-weight: 700; }
    .osc { background: #b3261e; color: #fff; padding: 0.4rem 0.6rem; border-radius: 6px; }
    .pins { display: flex; flex-wrap: wrap; gap: 0.3rem 0.8rem; }
    .pin { display: inline-flex; gap: 0.3rem; align-items: center; }
    .err { color: #b3261e; font-weight: 600; white-space: pre-wrap; }
    small { color: #5b5346; }
    .full { grid-column: 1 / -1; }
    .compact { max-height: 32rem; overflow: auto; border: 1px solid #d6cbb5; border-radius: 6px; }
    .compact canvas { display: block; cursor: crosshair; }
  `;

  updated() {
    this.drawCompact();
    // Keep the latest event in sight.
    const list = this.renderRoot.querySelector('[data-events]');
    const last = list?.querySelector('li[data-seq]:last-of-type');
    if (list && last) list.scrollTop = Math.max(0, (last as HTMLElement).offsetTop - list.clientHeight / 2);
  }

  describe(h: Happening): string {
    switch (h.type) {
      case 'input_set': return `${h.input} := ${LABEL[String(h.value)]} — ${count(h.events, 'event')} to show`;
      case 'event': return `t=${h.time}  ${h.text}`;
      case 'ran': return `${count(h.events, 'event')} shown at once`;
      case 'settled': return `quiet at t=${h.time}: nothing left to propagate`;
      case 'oscillation': return h.text;
      case 'pushed': return `${h.button} pushed and released: ${count(h.events, 'relay movement')}`;
      case 'watched': return `${h.signal} ${h.on ? 'added to' : 'taken off'} the timing diagram`;
      case 'loaded': return `${h.circuit} on the bench (${count(h.nodes, 'node')}), every value unknown`;
    }
  }

  private value(v: Val) {
    return html`<span class="v" style="background:${color(v)}" title=${WORD[String(v)]}>${label(v)}</span>`;
  }

  private set(input: string, value: string) {
    this.act({ type: 'set', input, value, run: !this.stepMode });
  }

  private watched(name: string) {
    return this.view?.watched.some((s) => s.name === name) ?? false;
  }

  private toggleWatch(name: string) {
    this.act({ type: 'watch', signal: name, on: !this.watched(name) });
  }

  private async upload(e: Event) {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    this.uploadError = '';
    if (file.size > MAX_UPLOAD) {
      this.uploadError = `${file.name}: ${count(file.size, 'byte')}; the museum takes uploads up to ${count(MAX_UPLOAD, 'byte')} (c7552 and friends are in the circuit list).`;
      input.value = '';
      return;
    }
    const text = await file.text();
    // A refused upload's reason (line and column) shows in the page's message line.
    await this.act({ type: 'upload', name: file.name, text });
    input.value = '';
  }

  /** The source's latch as a panel: buttons R and S, lamps Q and Q̄. */
  private latchPanel(v: View) {
    const pin = (n: string) => v.inputs.find((p) => p.name === n);
    const lamp = (n: string) => v.outputs.find((p) => p.name === n);
    return html`<div class="panel" data-latch>
      ${['R', 'S'].map((n) => {
        const p = pin(n)!;
        return html`<div><div>${n === 'R' ? 'Reset' : 'Set'} ${this.value(p.value)}</div>
          <div class="row">${LEVELS.map(([lv, shown, word]) => html`<button data-button=${`${n}=${shown}`}
            class=${(lv === '1' && p.value === 1) || (lv === '0' && p.value === -1) || (lv === 'x' && p.value === 0) ? 'pressed' : ''}
            aria-pressed=${(lv === '1' && p.value === 1) || (lv === '0' && p.value === -1) || (lv === 'x' && p.value === 0) ? 'true' : 'false'}
            title="${n} := ${shown}, ${word}"
            @click=${() => this.set(n, lv)}>${n} = ${shown} <small>${word}</small></button>`)}</div></div>`;
      })}
      <div class="lamps">${['Q', 'Q̄'].map((n) => {
        const l = lamp(n)!;
        return html`<span data-lamp=${n}><lm-lamp label=${n} state=${lampState(l.value)} .on=${l.value === 1} color="#ffcc33"></lm-lamp></span>`;
      })}</div>
    </div>`;
  }

  private squaresPanel(v: View) {
    return html`<div class="panel" data-squares>
      <div class="row">${v.inputs.map((p) => html`<button data-push=${p.name} @click=${() => this.act({ type: 'push', button: p.name })}>${p.name}</button>`)}</div>
      <div class="lamps">${v.outputs.map((l) => html`<span data-lamp=${l.name}><lm-lamp label=${l.name} state=${lampState(l.value)} .on=${l.value === 1} color=${l.name.startsWith('X') ? '#ff6b5e' : '#7fb2ff'}></lm-lamp></span>`)}</div>
    </div>
    <h3>Relays (armatures: 1 operated, 0 released, x unknown) — click one for the timing diagram</h3>
    <div class="pins">${v.relays.map((r) => html`<span class="pin" data-relay=${r.name} @click=${() => this.toggleWatch(r.name)} style="cursor:pointer">
      ${r.name} ${this.value(r.state)}${this.watched(r.name) ? ' (watched)' : ''}</span>`)}</div>
    <p><small>Two squares of a relay noughts-and-crosses input latch: a square's button works only on its
      player's turn and only while the square is free; the T relay changes turn; RESET breaks the latch bus.</small></p>`;
  }

  /** Where each node of the compact drawing is, for clicks. */
  private compactAt: { x: number; y: number; node: NodeV }[] = [];

  /**
   * A big circuit (more than 400 nodes) drawn compactly on a canvas: one column per level,
   * each node a small bar coloured by its value, edges faint. Click a bar: an input cycles,
   * any other node joins the timing diagram.
   */
  private compactGraph(v: View) {
    return html`<div class="compact"><canvas data-graph-compact role="img"
        aria-label="the circuit ${v.circuit} as a levelled graph, ${v.node_count} nodes in ${v.depth + 1} levels"
        @click=${(e: MouseEvent) => this.compactClick(e)}></canvas></div>
      <p><small>${count(v.node_count, 'node')} in ${count(v.depth + 1, 'level')} (inputs left): each bar is a node, coloured by its value
        (green 1 true, red 0 false, grey x unknown; the inputs and outputs below carry the labels). Click a bar: an
        input cycles x (unknown) → 0 → 1 → x, any other node joins the timing diagram.</small></p>`;
  }

  private compactClick(e: MouseEvent) {
    const c = e.target as HTMLCanvasElement;
    const r = c.getBoundingClientRect();
    const x = ((e.clientX - r.left) * c.width) / r.width, y = ((e.clientY - r.top) * c.height) / r.height;
    let best: NodeV | null = null, dist = 64;
    for (const p of this.compactAt) {
      const d = (p.x - x) ** 2 + (p.y - y) ** 2;
      if (d < dist) { dist = d; best = p.node; }
    }
    if (!best) return;
    if (best.role === 'input') this.set(best.name, nextLevel(best.value));
    else this.toggleWatch(best.name);
  }

  private drawCompact() {
    const canvas = this.renderRoot.querySelector('canvas[data-graph-compact]') as HTMLCanvasElement | null;
    const nodes = this.view?.graph;
    if (!canvas || !nodes) return;
    const colW = 16, rowH = 5, pad = 6;
    const rows = new Map<number, number>();
    const at: { x: number; y: number; node: NodeV }[] = new Array(nodes.length);
    for (const n of nodes) {
      const k = rows.get(n.level) ?? 0;
      rows.set(n.level, k + 1);
      at[n.id] = { x: pad + n.level * colW, y: pad + k * rowH, node: n };
    }
    const height = pad * 2 + Math.max(...rows.values()) * rowH;
    canvas.width = pad * 2 + (this.view!.depth + 1) * colW;
    canvas.height = height;
    const g = canvas.getContext('2d');
    if (!g) return;
    g.fillStyle = '#fffdf8';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.globalAlpha = 0.18;
    g.lineWidth = 0.6;
    for (const n of nodes) {
      for (const f of n.fanin) {
        const a = at[f], b = at[n.id];
        g.strokeStyle = color(a.node.value);
        g.beginPath();
        g.moveTo(a.x + 8, a.y + 1.5);
        g.lineTo(b.x, b.y + 1.5);
        g.stroke();
      }
    }
    g.globalAlpha = 1;
    for (const p of at) {
      g.fillStyle = color(p.node.value);
      g.fillRect(p.x, p.y, 8, 3);
      if (this.watched(p.node.name)) { g.strokeStyle = '#1d1b18'; g.strokeRect(p.x - 1, p.y - 1, 10, 5); }
    }
    this.compactAt = at.map((p) => ({ x: p.x + 4, y: p.y + 1.5, node: p.node }));
  }

  /** The circuit as a levelled graph: one column per level, edges from inputs to gates. */
  private graph(v: View) {
    const nodes = v.graph!;
    if (nodes.length > 400) return this.compactGraph(v);
    const cols = new Map<number, NodeV[]>();
    for (const n of nodes) {
      if (!cols.has(n.level)) cols.set(n.level, []);
      cols.get(n.level)!.push(n);
    }
    const colW = 118, rowH = 46, boxW = 92, boxH = 32, pad = 14;
    const pos = new Map<number, [number, number]>();
    let rows = 1;
    for (const [lv, ns] of cols) {
      rows = Math.max(rows, ns.length);
      ns.forEach((n, i) => pos.set(n.id, [pad + lv * colW, pad + i * rowH]));
    }
    const width = pad * 2 + (v.depth + 1) * colW - (colW - boxW);
    const height = pad * 2 + rows * rowH - (rowH - boxH);
    const edges = nodes.flatMap((n) => n.fanin.map((f, k) => {
      const [x1, y1] = pos.get(f)!;
      const [x2, y2] = pos.get(n.id)!;
      const from = nodes[f];
      const sx = x1 + boxW, sy = y1 + boxH / 2;
      const tx = x2, ty = y2 + 8 + (k * (boxH - 16)) / Math.max(1, n.fanin.length - 1);
      const back = x2 <= x1;
      const d = back
        ? `M${sx} ${sy} C${sx + 40} ${sy + 60}, ${tx - 40} ${ty + 60}, ${tx} ${ty}`
        : `M${sx} ${sy} C${(sx + tx) / 2} ${sy}, ${(sx + tx) / 2} ${ty}, ${tx} ${ty}`;
      return svg`<path d=${d} fill="none" stroke=${color(from.value)} stroke-width="2" opacity="0.85"/>`;
    }));
    const boxes = nodes.map((n) => {
      const [x, y] = pos.get(n.id)!;
      const isInput = n.role === 'input';
      const title = `${n.name}: ${n.gate ?? n.role}, value ${label(n.value)} (${WORD[String(n.value)]})${isInput ? ' — click to change' : ' — click to watch'}`;
      return svg`<g class="node" data-node=${n.name} transform="translate(${x} ${y})"
          @click=${() => (isInput ? this.set(n.name, nextLevel(n.value)) : this.toggleWatch(n.name))}>
        <title>${title}</title>
        <rect width=${boxW} height=${boxH} rx=${n.role === 'lamp' ? 16 : 4} fill="#fffdf8"
          stroke=${color(n.value)} stroke-width=${this.watched(n.name) ? 4 : 2} stroke-dasharray=${n.output ? '' : isInput ? '5 2' : ''}/>
        <text x="6" y="13">${n.name.length > 9 ? `${n.name.slice(0, 8)}…` : n.name}</text>
        <text x="6" y="27" fill="#5b5346">${n.gate ?? n.role}</text>
        <rect x=${boxW - 30} y="8" width="26" height="16" rx="3" fill=${color(n.value)}/>
        <text x=${boxW - 17} y="20" text-anchor="middle" fill="#fff" data-value>${label(n.value)}</text>
      </g>`;
    });
    return html`<svg class="graph" data-graph viewBox="0 0 ${width} ${height}" role="img"
        aria-label="the circuit ${v.circuit} as a levelled graph">${edges}${boxes}</svg>
      <p><small>Columns are levels (inputs left). Each value is coloured and labelled: <span class="v" style="background:${COLOR['1']}">1</span> true,
        <span class="v" style="background:${COLOR['-1']}">0</span> false, <span class="v" style="background:${COLOR['0']}">x</span> unknown.
        Click an input to cycle x (unknown) → 0 → 1 → x; click any other node to add it to the timing diagram.</small></p>`;
  }

  private pins(v: View) {
    return html`<h3>Inputs (click to cycle x → 0 → 1 → x)</h3>
      <div class="pins" data-inputs>${v.inputs.map((p) => html`<span class="pin"><button data-input=${p.name}
        @click=${() => this.set(p.name, nextLevel(p.value))}>${p.name}</button>${this.value(p.value)}</span>`)}</div>
      <h3>Outputs (click to watch)</h3>
      <div class="pins" data-outputs>${v.outputs.map((p) => html`<span class="pin" data-output=${p.name}
        @click=${() => this.toggleWatch(p.name)} style="cursor:pointer">${p.name} ${this.value(p.value)}${this.watched(p.name) ? ' (watched)' : ''}</span>`)}</div>`;
  }

  /** The timing diagram: one trace per watched signal, 1 high, 0 low, x hatched middle. */
  private timing(v: View): TemplateResult {
    if (!v.watched.length) return html`<p data-timing><small>No signals watched: click a node or an output to add it.</small></p>`;
    const t0 = Math.min(...v.watched.map((s) => s.samples[0]?.[0] ?? v.time));
    const t1 = Math.max(v.time, t0 + 1);
    const left = 70, right = 12, rowH = 34, top = 8, w = 560;
    const x = (t: number) => left + ((t - t0) / (t1 - t0)) * (w - left - right);
    const height = top + v.watched.length * rowH + 28;
    const yOf = (val: Val, row: number) => top + row * rowH + (val === 1 ? 4 : val === -1 ? 24 : 14);
    const traces = v.watched.map((s, row) => {
      let d = '';
      const pts = s.samples;
      pts.forEach(([t, val], i) => {
        const end = i + 1 < pts.length ? pts[i + 1][0] : t1;
        d += `${i ? 'L' : 'M'}${x(t)} ${yOf(val, row)} L${x(end)} ${yOf(val, row)} `;
      });
      const unknown = pts.map(([t, val], i) => (val === 0
        ? svg`<rect x=${x(t)} y=${top + row * rowH + 6} width=${Math.max(1, x(i + 1 < pts.length ? pts[i + 1][0] : t1) - x(t))} height="16" fill="url(#hatch)"/>`
        : nothing));
      const last = pts[pts.length - 1]?.[1] ?? 0;
      return svg`<g data-trace=${s.name}><text x="4" y=${top + row * rowH + 18}>${s.name.length > 8 ? `${s.name.slice(0, 7)}…` : s.name}</text>
        ${unknown}<path d=${d} fill="none" stroke=${color(last as Val)} stroke-width="2"/></g>`;
    });
    const ticks: number[] = [];
    const stepT = Math.max(1, Math.ceil((t1 - t0) / 8));
    for (let t = t0; t <= t1; t += stepT) ticks.push(t);
    const axisY = top + v.watched.length * rowH + 4;
    return html`<svg class="graph" data-timing viewBox="0 0 ${w} ${height}" role="img" aria-label="timing diagram">
      <defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <line x1="0" y1="0" x2="0" y2="6" stroke="#8a7d66" stroke-width="2"/></pattern></defs>
      ${traces}
      <line x1=${left} x2=${w - right} y1=${axisY} y2=${axisY} stroke="#5b5346"/>
      ${ticks.map((t) => svg`<line x1=${x(t)} x2=${x(t)} y1=${axisY} y2=${axisY + 4} stroke="#5b5346"/><text x=${x(t)} y=${axisY + 15} text-anchor="middle">${t}</text>`)}
      <text x=${w - right} y=${axisY + 26} text-anchor="end" fill="#5b5346">time (events shown)</text>
    </svg>
    <p><small>High 1 (true), low 0 (false), hatched x (unknown). Click a watched node again to take it off.</small></p>`;
  }

  private events(v: View) {
    return html`<ol class="events" data-events>
      ${v.log.slice(-40).map((e) => html`<li data-seq=${e.seq}>t=${e.time} ${e.text}</li>`)}
      ${v.next.map((e, i) => html`<li class="next ${i === 0 ? 'first' : ''}" data-next>${i === 0 ? 'next: ' : ''}${e.text}</li>`)}
      ${v.pending > v.next.length ? html`<li class="next">… ${v.pending - v.next.length} more</li>` : nothing}
    </ol>`;
  }

  render() {
    const v = this.view;
    if (!v) return html``;
    const squares = v.circuit === 'squares';
    const library = v.library.includes(v.circuit) ? v.library : [v.circuit, ...v.library];
    return html`
      <div>
        <div class="row">
          <label>Circuit <select data-setting="circuit" @change=${(e: Event) => this.restart({ circuit: (e.target as HTMLSelectElement).value })}>
            ${library.map((c) => html`<option value=${c} ?selected=${c === v.circuit}>${c}</option>`)}</select></label>
          <label>or upload a .bench <input type="file" accept=".bench,text/plain" data-upload @change=${(e: Event) => this.upload(e)}></label>
          <button data-action="clear" title="the same circuit, every value unknown again" @click=${() => this.act({ type: 'reset' })}>Clear</button>
        </div>
        ${this.uploadError ? html`<p class="err" data-upload-error>${this.uploadError}</p>` : nothing}
        <p data-summary><b>${v.circuit}</b>: ${squares ? count(v.relays.length, 'relay') : `${count(v.node_count, 'node')}, ${count(v.gate_count, 'gate')}, ${count(v.depth + 1, 'level')}`}</p>
        ${v.oscillation ? html`<p class="osc" data-oscillation>Warning: ${v.oscillation.text}</p>` : nothing}
        ${v.circuit === 'latch' ? this.latchPanel(v) : nothing}
        ${squares ? this.squaresPanel(v) : v.graph ? this.graph(v) : html`<p data-too-big><small>${count(v.node_count, 'node')} are more than
          the bench draws (4,000); the circuit is simulated whole — set its inputs and watch its outputs below.</small></p>`}
        ${squares ? nothing : this.pins(v)}
      </div>
      <div>
        <h3>Propagation, event by event</h3>
        ${squares ? nothing : html`<div class="row">
          <label><input type="checkbox" data-setting="step-mode" .checked=${this.stepMode}
            @change=${(e: Event) => { this.stepMode = (e.target as HTMLInputElement).checked; }}> show each event (step mode)</label>
          <button data-action="step" ?disabled=${!v.pending} @click=${() => this.act({ type: 'step' })}>${ICONS.step}Step</button>
          <button data-action="run" ?disabled=${!v.pending} @click=${() => this.act({ type: 'run' })}>${ICONS.run}Run</button>
          <span data-pending>${v.pending} pending · t=${v.time}</span></div>`}
        ${v.unrecorded ? html`<p><small>A change caused more events than the bench records; it was run at once.</small></p>` : nothing}
        ${this.events(v)}
        <h3>Timing diagram</h3>
        ${this.timing(v)}
      </div>`;
  }
}
customElements.define('lm-exhibit-logic', LogicExhibit);
