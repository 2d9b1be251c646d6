// Threes!: the exhibit of `ludomat_threes::ThreesSession`. Arrow keys (or w a s d),
// swipes on the board and buttons; the next-card hint, the score, undo; the AI's
// estimate of each swipe as a heat map; autoplay by the AI with step and speed; and a
// replay viewer for files made by `ludomat play threes --record`. The AI values its
// positions with the hand-made heuristic or the shipped n-tuple network (the visitor
// chooses); and a network can be trained from nothing in front of the visitor — the
// session's long run `train`, its learning curve (the greedy player's mean score
// against games trained) drawn live — and then played with.
import { css, html, nothing } from 'lit';
import { ExhibitElement } from '../exhibit.ts';
import '../components/lm-run-control.ts';
import '../components/lm-run-clock.ts';
import '../components/lm-menace-chart.ts';
import { runCpuMs, runWallMs, type RunTiming } from '../components/lm-run-clock.ts';
import { museumInfo } from '../api.ts';
import { count, limit as limitText, thousands, wallAndCpu } from '../text.ts';
import { keptDuration, keptWallAndCpu } from '../kept.ts';
import { offered, quoted, type TrainCost } from '../train-costs.ts';

type Dir = 'up' | 'down' | 'left' | 'right';
const DIRS: Dir[] = ['up', 'down', 'left', 'right'];
const ARROW: Record<Dir, string> = { up: '↑', down: '↓', left: '←', right: '→' };
const KEYS: Record<string, Dir> = {
  ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right', w: 'up', s: 'down', a: 'left', d: 'right',
};

interface Estimate { values: (number | null)[]; best: Dir | null; depth: number; nodes: number }
interface Replay { index: number; frames: number; cells: number[]; hint: number[]; hint_plus: boolean; direction: Dir | null; card: number; score: number; seed: number }
interface View {
  cells: number[]; hint: number[]; hint_plus: boolean; score: number; moves: number; legal: Dir[];
  over: boolean; undo: number; estimate: Estimate | null; last_card: number | null; seed: number; depth: number;
  /** What values the AI's positions, in words. */
  eval: string;
  /** The network this visit's last training made, in words (play_trained plays with it). */
  trained: string | null;
  /** Why there is no trained network although one was trained here: the museum let it go. */
  trained_let_go?: string | null;
  /** What training runs cost when measured in this build. */
  train_costs?: TrainCost[];
  replay: Replay | null;
}
/** One point of the learning curve (`ludomat_threes::learn::CurvePoint`). */
interface CurvePoint { games: number; mean: number; half_width: number; reached_3072: number; train_mean: number }
/** The training run's progress (`train`: `learn::LearnProgress`) and its end. */
interface TrainReport extends RunTiming {
  type: 'run_progress'; long_run: string; done: number; total: number; ended: boolean; elapsed_ms: number;
  partial?: { games: number; recent_mean: number; curve: CurvePoint[] };
  result?: { ended: 'finished' | 'cancelled'; games: number; network: string; weights: number; curve: CurvePoint[] };
}
/** The training runs a visitor can start: games in all (a point of the curve every 20th). */
const TRAIN_SIZES = [20_000, 100_000, 500_000, 2_000_000];
type Happening =
  | { type: 'swiped'; direction: Dir; by_ai: boolean; card: number; cell: number }
  | { type: 'undone'; moves: number }
  | { type: 'estimated'; best: Dir | null }
  | { type: 'game_over'; score: number }
  | { type: 'new_game'; seed: number }
  | { type: 'eval_changed'; eval: string }
  | { type: 'record_loaded'; seed: number; moves: number };

/** The card's colour class: 1 blue, 2 red, 3 and up white. */
const kind = (v: number) => (v === 0 ? 'empty' : v === 1 ? 'one' : v === 2 ? 'two' : 'big');

export class ThreesExhibit extends ExhibitElement<View, Happening> {
  static properties = { ...ExhibitElement.properties, interval: { state: true }, training: { state: true }, limitMs: { state: true }, letGo: { state: true } };
  /** The museum's time limit for a run (from the server). */
  declare limitMs: number | undefined;
  /** The page's own setting: how many games a training run plays. */
  static pageSettings = { train_games: 100_000 };
  declare interval: number;
  /** The training run's last report. */
  declare training: TrainReport | null;
  /** Why the network trained here cannot be played with, when the museum said so on a click. */
  declare letGo: string | null;
  private touch?: { x: number; y: number };

  constructor() {
    super();
    this.interval = 300;
    this.training = null;
    this.letGo = null;
  }

  willUpdate(changed: Map<string, unknown>) {
    if (changed.has('happenings')) {
      for (const h of this.happenings as unknown as TrainReport[]) if (h.type === 'run_progress' && h.long_run === 'train') this.training = h;
    }
  }

  static styles = css`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 1.2rem 2rem; align-items: start; }
    @media (max-width: 48rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    .status { font-size: 1.3rem; font-weight: 600; margin: 0 0 0.5rem; min-height: 2.7em; }
    .board { width: max-content; display: grid; grid-template-columns: repeat(4, 4.6rem); gap: 6px; padding: 8px; background: #cbe3df; border-radius: 10px; touch-action: none; user-select: none; }
    .card { height: 6rem; border-radius: 8px; display: flex; align-items: center; justify-content: center; font: 700 1.7rem/1 system-ui, sans-serif; }
    .card.empty { background: #b5d3ce; }
    .card.one { background: #66ccff; color: #fff; }
    .card.two { background: #ff6680; color: #fff; }
    .card.big { background: #fff; color: #333; border-bottom: 5px solid #f3c969; }
    .card.new { outline: 3px solid #2e7d32; }
    .side { display: flex; flex-direction: column; gap: 0.8rem; }
    .hint { display: flex; gap: 0.4rem; align-items: center; }
    .hint .card { height: 3rem; width: 2.4rem; font-size: 1rem; }
    .pad { display: grid; grid-template-columns: repeat(3, 4.4rem); gap: 4px; }
    .pad button, button.act { font-size: 1rem; padding: 0.4rem 0.6rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    .pad button { position: relative; }
    .heat { font-size: 0.75rem; display: block; }
    .heat .figure { white-space: nowrap; }
    .score { font-size: 1.2rem; }
    .note { color: #5b5346; font-size: 0.9rem; }
    .replay { border: 1px solid #cbbf9f; border-radius: 6px; padding: 0.5rem; background: #fffdf8; }
    .row { display: flex; flex-wrap: wrap; gap: 0.5rem 0.8rem; align-items: center; margin: 0.3rem 0; }
    fieldset { border: 1px solid #cbbf9f; border-radius: 6px; }
    select { font-size: 1rem; padding: 0.3rem 0.5rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; }
    .learn { grid-column: 1 / -1; }
  `;

  /** A training run goes or waits for its slot: the game waits (an action would stop it). */
  private get trainingGoing(): boolean {
    return this.running && (!!this.queued || (!!this.training && !this.training.ended));
  }

  /** An action of the game, unless a training run goes (it would stop the run). */
  private play(action: unknown) {
    if (this.trainingGoing) {
      this.say('The network is training: the game waits until it ends or you stop it (what it learnt stays).');
      return;
    }
    this.act(action);
  }

  private onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const d = KEYS[e.key];
    if (d && this.view && !this.view.replay) { e.preventDefault(); this.play({ type: 'swipe', direction: d }); }
    else if (e.key === 'u') this.play({ type: 'undo' });
    else if (e.key === 'e') this.play({ type: 'estimate' });
  };
  connectedCallback() {
    super.connectedCallback();
    window.addEventListener('keydown', this.onKey);
    museumInfo().then((m) => { this.limitMs = m.limits.run_seconds * 1000; }).catch(() => {});
  }
  disconnectedCallback() { super.disconnectedCallback(); window.removeEventListener('keydown', this.onKey); }

  /** The games of the last measurement the Log said: a measurement is said once. */
  private saidMeasurement?: number;

  describe(h: Happening): string {
    if ((h as { type: string }).type === 'run_progress') {
      const r = h as unknown as TrainReport;
      // A measurement is said once, when it is new (not on every report until the next).
      const last = (r.result?.curve ?? r.partial?.curve)?.at(-1);
      const fresh = last && last.games !== this.saidMeasurement;
      if (last) this.saidMeasurement = last.games;
      if (r.ended) this.saidMeasurement = undefined;
      const mean = last && fresh ? `; the greedy player's mean ${thousands(last.mean)} after ${count(last.games, 'game')}` : '';
      const games = `${thousands(r.done)} of ${count(r.total, 'game')}`;
      if (!r.ended) return `training: ${games}${mean}`;
      // The end says what the panel says: how it ended, its time, what was kept.
      const how = r.timed_out ? "training stopped at the museum's time limit"
        : r.result?.ended === 'cancelled' ? 'training stopped' : 'training finished';
      const took = r.elapsed_ms !== undefined ? ` in ${wallAndCpu(runWallMs(r) ?? 0, runCpuMs(r) ?? 0)}` : '';
      const network = this.view?.trained ?? r.result?.network;
      const kept = network ? `; kept with this visit: ${network}` : '';
      return `${how}: ${games} trained${took}${mean}${kept}`;
    }
    switch (h.type) {
      case 'swiped': return `${h.by_ai ? 'AI' : 'you'}: ${h.direction} ${ARROW[h.direction]}, a ${h.card} came in`;
      case 'undone': return `undone, back to ${count(h.moves, 'swipe')}`;
      case 'estimated': return `AI estimate: best ${h.best ?? 'none'}`;
      case 'game_over': return `no swipe moves anything: game over, score ${h.score}`;
      case 'new_game': return `new deal, seed ${h.seed}`;
      case 'eval_changed': return `the AI now values positions with ${h.eval}`;
      case 'record_loaded': return `record loaded: seed ${h.seed}, ${count(h.moves, 'swipe')}`;
    }
  }

  private pointerDown = (e: PointerEvent) => { this.touch = { x: e.clientX, y: e.clientY }; };
  private pointerUp = (e: PointerEvent) => {
    const t = this.touch;
    this.touch = undefined;
    if (!t || this.view?.replay) return;
    const dx = e.clientX - t.x, dy = e.clientY - t.y;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 30) return;
    const d: Dir = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up';
    this.play({ type: 'swipe', direction: d });
  };

  private async loadFile(e: Event) {
    const f = (e.target as HTMLInputElement).files?.[0];
    if (!f) return;
    this.act({ type: 'load_record', record: await f.text() });
  }

  private cards(cells: number[], fresh: number | null) {
    return cells.map((v, i) => html`<div class="card ${kind(v)} ${i === fresh ? 'new' : ''}" data-cell=${i} role="img"
      aria-label=${v ? `card ${v}` : 'empty'}>${v || ''}</div>`);
  }

  private heat(v: View, d: Dir) {
    const e = v.estimate;
    if (!e) return nothing;
    const x = e.values[DIRS.indexOf(d)];
    if (x === null) return html`<span class="heat">moves nothing</span>`;
    // The figure never breaks inside (a visitor would read its tail as the value).
    return html`<span class="heat" data-heat=${d}><span class="figure">${thousands(x)} points</span>${d === e.best ? ' (best)' : ''}</span>`;
  }

  private heatStyle(v: View, d: Dir): string {
    const e = v.estimate;
    if (!e) return '';
    const vals = e.values.filter((x): x is number => x !== null);
    const x = e.values[DIRS.indexOf(d)];
    if (x === null) return 'background:#ddd';
    const lo = Math.min(...vals), hi = Math.max(...vals);
    const t = hi > lo ? (x - lo) / (hi - lo) : 1;
    // cold (blue) to hot (orange); the number is always written too
    return `background: hsl(${210 - t * 180} 80% ${88 - t * 18}%)`;
  }

  render() {
    const v = this.view;
    if (!v) return html``;
    const r = v.replay;
    if (r) {
      return html`<div>
          <p class="status" data-status>Replay of seed ${r.seed}: frame ${r.index} of ${r.frames - 1}, score ${r.score}</p>
          <div class="board">${this.cards(r.cells, null)}</div></div>
        <div class="side replay" data-replay>
          <div>Next card: ${r.hint_plus ? '+' : r.hint.join(' or ')} (it was ${r.card})</div>
          <div>Swipe made here: <b>${r.direction ? `${r.direction} ${ARROW[r.direction]}` : 'none (the end)'}</b></div>
          <input type="range" min="0" max=${r.frames - 1} .value=${String(r.index)} aria-label="frame"
            @input=${(e: Event) => this.act({ type: 'replay_frame', index: Number((e.target as HTMLInputElement).value) })}>
          <div>
            <button class="act" data-action="prev" ?disabled=${r.index === 0} @click=${() => this.act({ type: 'replay_frame', index: r.index - 1 })}>‹ Back</button>
            <button class="act" data-action="next" ?disabled=${r.index >= r.frames - 1} @click=${() => this.act({ type: 'replay_frame', index: r.index + 1 })}>Forward ›</button>
            <button class="act" data-action="close-replay" @click=${() => this.act({ type: 'close_replay' })}>Close</button>
          </div></div>`;
    }
    // The network trained in this visit plays: the select says so, as the line below it.
    const trained = v.eval === 'the network trained here';
    return html`
      <div>
        <p class="status" data-status>${v.over ? `Game over: score ${v.score}.` : 'Swipe: arrow keys, w a s d, drag on the board, or the buttons.'}</p>
        <div class="board" data-board @pointerdown=${this.pointerDown} @pointerup=${this.pointerUp}>${this.cards(v.cells, v.last_card)}</div>
      </div>
      <div class="side">
        <div class="score" data-score>score <b>${v.score}</b> · swipe <b data-moves>${v.moves}</b></div>
        <div class="hint" data-hint>next card:
          ${v.hint_plus ? html`<div class="card big">+</div><span class="note">a bonus card (6 or more)</span>`
            : v.hint.map((h) => html`<div class="card ${kind(h)}">${h}</div>`)}</div>
        <div class="pad">
          <span></span>${this.padButton(v, 'up')}<span></span>
          ${this.padButton(v, 'left')}<span></span>${this.padButton(v, 'right')}
          <span></span>${this.padButton(v, 'down')}<span></span>
        </div>
        <div>
          <button class="act" data-action="undo" ?disabled=${v.undo === 0} @click=${() => this.play({ type: 'undo' })}>Undo (u)</button>
          <button class="act" data-action="estimate" ?disabled=${v.over} @click=${() => this.play({ type: 'estimate' })}>Which swipe is best? (e)</button>
          <button class="act" data-action="new-game" @click=${() => this.play({ type: 'new_game' })}>New deal</button>
        </div>
        ${v.estimate ? html`<p class="note" data-estimate>The AI looked ${count(v.estimate.depth, 'swipe')} ahead (${count(v.estimate.nodes, 'position')}); the buttons show each swipe's expected value in the evaluator's points, warmer is better.</p>` : nothing}
        <label class="note">The AI values positions with
          <select data-setting="eval" @change=${(e: Event) => this.restart({ ...this.config, eval: (e.target as HTMLSelectElement).value })}>
            <option value="heuristic" ?selected=${!trained && this.config.eval !== 'learned'}>the heuristic (hand-made terms)</option>
            <option value="learned" ?selected=${!trained && this.config.eval === 'learned'}>the learned network (shipped)</option>
            ${trained ? html`<option value="trained" selected disabled>the network trained here</option>` : nothing}
          </select></label>
        <p class="note" data-eval>Now: ${v.eval}, looking ${count(v.depth, 'swipe')} ahead.</p>
        <div><span class="note">Autoplay: the AI swipes (depth ${v.depth}).</span>
          <lm-run-control .running=${this.running && !this.trainingGoing} .interval=${this.interval} ?disabled=${v.over || this.trainingGoing}
            reason=${this.trainingGoing ? 'the network is training' : ''}
            @run=${(e: CustomEvent) => { this.interval = e.detail.interval; this.autoplay({ type: 'ai_step' }, this.interval); }}
            @speed=${(e: CustomEvent) => { this.interval = e.detail.interval; this.autoplay({ type: 'ai_step' }, this.interval); }}
            @pause=${() => this.stop()}
            @step=${() => this.play({ type: 'ai_step' })}></lm-run-control></div>
        <label class="note">Replay a game recorded with <code>ludomat play threes --record FILE</code>:
          <input type="file" accept=".json,application/json" data-action="load-record" @change=${(e: Event) => this.loadFile(e)}></label>
      </div>
      ${this.learnPanel(v)}`;
  }

  /** Before a training run: what runs cost when measured here, against the run limit. */
  private trainCost(v: View, size: number, sizes: number[]) {
    // Only the runs offered here are quoted (a longer one measured is not offered).
    const costs = quoted(v.train_costs ?? [], sizes);
    const limit = this.limitMs;
    const mine = costs.find((c) => c.games === size);
    return html`<p class="note" data-train-cost>${costs.length
      ? html`Measured on this machine (2 cores, shared with other work; ${costs[0].build} build):
        ${costs.map((c, i) => html`${i ? '; ' : ''}${count(c.games, 'game')} took ${keptWallAndCpu(c.wall_ms, c.cpu_ms)}`)}.`
      : 'No training run offered here was measured in this build.'}
      ${limit ? html`A run stops at the museum's limit of ${limitText(limit / 1000)}${mine && mine.wall_ms > limit
        ? html`: <b>the ${thousands(size)}-game run took ${keptDuration(mine.wall_ms)} here</b>, so it may be stopped before its end`
        : ''}; a run stopped there keeps what the network learnt.` : nothing}</p>`;
  }

  /**
   * Watch a network learn: the server trains a small n-tuple network (4x5) from nothing
   * by TD learning on this visit's seed, and reports the learning curve — the greedy
   * player's mean score on fixed evaluation deals against the games trained — drawn live
   * with real axes. Stop keeps what was learnt; then the AI can play with it.
   */
  private learnPanel(v: View) {
    // Only the runs that fit the museum's limit by the figures below are offered.
    const sizes = offered(TRAIN_SIZES, v.train_costs ?? [], this.limitMs);
    const asked = Number(this.pageValues.train_games) || 100_000;
    const size = sizes.includes(asked) ? asked : (sizes.filter((n) => n <= asked).at(-1) ?? sizes[0] ?? TRAIN_SIZES[0]);
    const r = this.training;
    const curve = r?.result?.curve ?? r?.partial?.curve ?? [];
    const last = curve.at(-1);
    const going = this.runOf('train', r);
    const why = this.startBlocked(going);
    const letGo = this.letGo ?? v.trained_let_go;
    return html`<fieldset class="learn" data-learn><legend>Watch a network learn to play</legend>
      <p class="note">A small n-tuple network (five 4-cell tuples and the hint, 1.3 MiB of weights) starts from nothing and learns by
        playing, after each game moving its values towards what followed (temporal-difference learning, as <code>ludomat threes learn</code>).
        Every twentieth of the run it plays fixed deals without learning: their mean score is the curve.</p>
      <div class="row">
        <label>Train <select data-setting="train_games" @change=${(e: Event) => this.setSetting('train_games', Number((e.target as HTMLSelectElement).value))}>
          ${sizes.map((n) => html`<option value=${n} ?selected=${n === size}>${count(n, 'game')}</option>`)}</select></label>
        <button class="act" data-action="train" ?disabled=${this.running} title=${why}
          @click=${() => { this.training = null; this.letGo = null; this.ownRun = 'train'; this.host?.runLong('train', { games: size }); }}>Train</button>
        <button class="act" data-action="stop-train" ?disabled=${!this.running} @click=${() => this.stop()}>${this.stopLabel()}</button>
        ${why ? html`<small class="note" data-start-why>${why}</small>` : nothing}
      </div>
      ${!r ? this.trainCost(v, size, sizes) : nothing}
      ${r || going ? html`<lm-run-clock .report=${r} .running=${going} .queued=${this.queued}></lm-run-clock>` : nothing}
      ${r ? html`<div class="row" data-train-progress>
        <progress max=${r.total} .value=${r.done} aria-label="games trained"></progress>
        <span>${thousands(r.done)} of ${count(r.total, 'game')} trained${last ? html`; mean score <b data-train-mean>${thousands(last.mean)}</b> ± ${thousands(last.half_width)} after ${count(last.games, 'game')}` : ''}${r.ended ? (r.result?.ended === 'cancelled' ? ' — stopped' : ' — finished') : ''}</span>
      </div>` : nothing}
      ${curve.length ? html`<div data-train-curve><lm-menace-chart .series=${[
        { name: 'fixed deals (greedy)', color: '#1f5fa8', points: curve.map((p) => [p.games, p.mean] as [number, number]) },
        { name: 'training games', color: '#b3261e', dash: '5 3', points: curve.filter((p) => p.games > 0).map((p) => [p.games, p.train_mean] as [number, number]) },
      ]} caption="The network learning: mean score against games trained" xLabel="games trained" yLabel="mean score"></lm-menace-chart></div>` : nothing}
      ${v.trained && !this.letGo ? html`<div class="row" data-trained><span class="note">Kept with this visit: ${v.trained}.</span>
        ${v.eval === 'the network trained here' ? html`<span class="note" data-plays-trained>The AI plays with it now (Reset goes back).</span>`
          : html`<button class="act" data-action="play-trained" ?disabled=${this.running} @click=${() => this.playTrained()}>Let the AI play with it</button>`}</div>` : nothing}
      ${letGo ? html`<p class="note" data-trained-let-go>${letGo.charAt(0).toUpperCase()}${letGo.slice(1)}.</p>` : nothing}
    </fieldset>`;
  }

  /** The AI plays with the network trained here; the museum may have let it go meanwhile. */
  private async playTrained() {
    const r = await this.attempt({ type: 'play_trained' });
    if (r.error) {
      if (/let go/.test(r.error)) this.letGo = r.error;
      else this.say(r.error, 'error');
    }
  }

  private padButton(v: View, d: Dir) {
    return html`<button data-swipe=${d} style=${this.heatStyle(v, d)} ?disabled=${!v.legal.includes(d)}
      @click=${() => this.play({ type: 'swipe', direction: d })}>${ARROW[d]} ${d}${this.heat(v, d)}</button>`;
  }
}
customElements.define('lm-exhibit-threes', ThreesExhibit);
