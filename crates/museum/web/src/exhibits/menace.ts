// MENACE: the exhibit of `ludomat_menace::MenaceSession` — Donald Michie's matchboxes,
// after Matthew Scroggs' online MENACE: board, opponent, counters, autoplay, log, a live
// learning curve, every matchbox with its beads, the box just opened and the bead just
// drawn carried back to the board through its symmetry, settings, export and import.
import { css, html, nothing } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { ExhibitElement } from '../exhibit.ts';
import { ICONS } from '../icons.ts';
import type { Square } from '../components/lm-board.ts';
import '../components/lm-board.ts';
import '../components/lm-run-clock.ts';
import type { RunTiming } from '../components/lm-run-clock.ts';
import '../components/lm-run-control.ts';
import '../components/lm-menace-chart.ts';
import '../components/lm-kit-link.ts';
import { count, results, thousands, withArticle } from '../text.ts';

type Mark = 'X' | 'O';
type Opponent = 'human' | 'random' | 'perfect' | 'menace2' | 'computox' | 'computox_beatable' | 'relay';
type StartingBeads = { random: { min: number; max: number } } | { per_move: [number, number, number, number] };
type EmptyBox = 'resign' | { refill: number };

interface Rules {
  starting_beads: StartingBeads;
  one_bead_per_move_class: boolean;
  win: number;
  draw: number;
  loss: number;
  empty_box: EmptyBox;
}
interface BoxView { id: number; picture: string; beads: number[]; total: number }
interface LastDraw {
  who: string; box_id: number; picture: string; symmetry: string; bead: number;
  bead_name: string; colour: string; square: number; refilled: boolean;
}
interface CurvePoint { game: number; wins: number; draws: number; losses: number; first_box_beads: number }
interface View {
  seed: number;
  rules: Rules;
  rules_name: string;
  opponent: Opponent;
  menace: Mark;
  board: string;
  to_move: Mark | null;
  next: 'menace' | 'opponent' | 'human' | 'over';
  game: number;
  result: 'win' | 'draw' | 'loss' | null;
  winner: Mark | null;
  counters: { games: number; wins: number; draws: number; losses: number };
  moves: { by: string; mark: Mark; square: number; name: string; box_id: number | null }[];
  curve: CurvePoint[];
  curve_stride: number;
  boxes: { menace_move: number; boxes: BoxView[] }[];
  box_count: number;
  bead_total: number;
  boxes_in_play: number[];
  last_draw: LastDraw | null;
  bead_colours: string[];
  menace2_beads: number | null;
  menace2: { rules: Rules; rules_name: string; boxes: { menace_move: number; boxes: BoxView[] }[]; box_count: number; bead_total: number; boxes_in_play: number[] } | null;
  config: Record<string, unknown>;
}
type Happening =
  | { type: 'game_started'; game: number; menace: Mark }
  | { type: 'box_opened'; who: string; box_id: number; menace_move: number; symmetry: string; beads: number[] }
  | { type: 'box_refilled'; who: string; box_id: number }
  | { type: 'bead_drawn'; who: string; box_id: number; bead: string; colour: string; picture_square: number; square: number }
  | { type: 'move_played'; mark: Mark; square: number; name: string; forced: boolean }
  | { type: 'opponent_move'; opponent: string; mark: Mark; square: number; name: string }
  | { type: 'resigned'; who: string; box_id: number }
  | { type: 'game_over'; game: number; result: string; winner: Mark | null; resigned: boolean }
  | { type: 'reinforced'; changes: { box_id: number; bead: number; before: number; after: number }[] }
  | { type: 'games_played'; games: number; wins: number; draws: number; losses: number }
  | { type: 'opponent_changed'; opponent: Opponent; menace: Mark }
  | { type: 'reset'; seed: number }
  | { type: 'rules_updated'; who: string; rules: string }
  | { type: 'teaching_set'; on: boolean }
  | { type: 'exported'; state: unknown }
  | { type: 'imported'; games: number; rules: string }
  | RunReport;

/**
 * A training run's progress: `done` of `total` applications of `play_games`, each `each`
 * games (the server counts the games: `done × each`), with its clock.
 */
type RunReport = RunTiming & { type: 'run_progress'; done: number; total: number; each?: number; per_second: number; elapsed_ms: number; ended: boolean };
/** Games done and asked for in a training run. */
const games = (p: RunReport) => ({ done: p.done * (p.each ?? RUN_CHUNK), total: p.total * (p.each ?? RUN_CHUNK) });

const OPPONENTS: [Opponent, string][] = [
  ['human', 'you (a person)'],
  ['random', 'the random player'],
  ['perfect', 'the perfect player'],
  ['menace2', 'MENACE2 (learns too)'],
  ['computox', 'the Computox (unbeatable)'],
  ['computox_beatable', 'the Computox (beatable)'],
  ['relay', "the relay computer's ROM (plays X only)"],
];
const OPP_NAME = Object.fromEntries(OPPONENTS) as Record<Opponent, string>;
/** CSS colours of the bead colour names the session uses; text colour for contrast. */
const BEAD_CSS: Record<string, [string, string]> = {
  red: ['#d33a2c', '#fff'], orange: ['#f08c2e', '#000'], yellow: ['#f5d432', '#000'],
  green: ['#3b9b48', '#000'], blue: ['#2f6fd0', '#fff'], indigo: ['#4b3c9e', '#fff'],
  violet: ['#a45cc7', '#000'], white: ['#ffffff', '#000'], black: ['#222222', '#fff'],
};
const NAMES = ['LL', 'LM', 'LR', 'ML', 'MM', 'MR', 'RL', 'RM', 'RR'];
const ORD = (n: number) => (n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`);
const TICKS: [string, unknown][] = [
  ['one move a tick', { type: 'step' }],
  ['one game a tick', { type: 'play_games', n: 1 }],
  ['10 games a tick', { type: 'play_games', n: 10 }],
  ['100 games a tick', { type: 'play_games', n: 100 }],
  ['1,000 games a tick', { type: 'play_games', n: 1000 }],
];
/** Games per application of a training run (the session's bounded action). */
const RUN_CHUNK = 1000;
/**
 * A run's games per application: RUN_CHUNK, or more for a run larger than the museum's
 * most applications (1,000) of it: 10,000,000 games are 1,000 of 10,000 (the most a
 * `play_games` takes).
 */
const chunkOf = (size: number) => Math.max(RUN_CHUNK, size / 1000);
/**
 * The rule presets: the value the server reads (`seed` is the source preset's name in
 * state files and settings) and the name the terminal gives it (`--rules source`).
 */
const PRESETS: [string, string][] = [
  ['seed', 'source (the challenge\'s rules)'],
  ['michie', 'michie (Michie 1961)'],
  ['scroggs', 'scroggs (Scroggs\' online MENACE)'],
];
/**
 * The training runs offered. A million games end within a second or two, before Stop can
 * matter; ten million take long enough to watch, and to stop (Stop keeps every game
 * played).
 */
const RUN_SIZES = [10_000, 100_000, 1_000_000, 10_000_000];
const group = thousands;

export class MenaceExhibit extends ExhibitElement<View, Happening> {
  /** The page's own settings, carried by the share link beside the session's. */
  static pageSettings = { tick: 0, interval: 300, auto_next: false, train: 100_000 };
  static properties = {
    ...ExhibitElement.properties,
    showAll: { state: true },
    showAll2: { state: true },
    note: { state: true },
    runProgress: { state: true },
  };
  declare showAll: boolean;
  declare showAll2: boolean;
  declare note: string;
  /** The training run's last progress (applications of RUN_CHUNK games), while one runs. */
  declare runProgress: RunReport | null;
  /** The game a "next game on its own" timer waits on. */
  private nextTimer = 0;
  /**
   * The view the wall of boxes shows. While a machine plays it is refreshed at most
   * twice a second (600 boxes are the page's heaviest drawing), so the counters, the
   * board and Pause stay quick; otherwise at once.
   */
  private wallView?: View;
  private wallAt = 0;
  private wallTimer = 0;
  private opening = false;

  constructor() {
    super();
    this.showAll = true;
    this.showAll2 = true;
    this.note = '';
    this.runProgress = null;
  }

  private get tick() { return Math.max(0, Math.min(TICKS.length - 1, Number(this.pageValues.tick) || 0)); }
  private get interval() { return Number(this.pageValues.interval) || 300; }

  /**
   * As on Scroggs' page: MENACE opens the game by itself against a person (unless the
   * teaching mode keeps it waiting for Step), and with "next game on its own" a finished
   * game is followed by the next after a moment.
   */
  willUpdate(changed: Map<string, unknown>) {
    if (changed.has('happenings')) {
      for (const h of this.happenings) if (h.type === 'run_progress') this.runProgress = h;
    }
    if (!changed.has('view') && !changed.has('running')) return;
    if (!this.running && !changed.has('running') && !this.wallTimer) {
      this.wallView = this.view;
      this.wallAt = performance.now();
      return;
    }
    if (!this.wallTimer) {
      const wait = Math.max(this.running ? 500 - (performance.now() - this.wallAt) : 30, 0);
      this.wallTimer = window.setTimeout(() => {
        this.wallTimer = 0;
        this.wallView = this.view;
        this.wallAt = performance.now();
        this.requestUpdate();
      }, wait);
    }
  }

  updated(changed: Map<string, unknown>) {
    super.updated(changed);
    const v = this.view;
    if (!v || !changed.has('view')) return;
    if (v.opponent === 'human' && v.next === 'menace' && !this.config.teaching && !this.opening) {
      this.opening = true;
      Promise.resolve(this.act({ type: 'step' })).finally(() => { this.opening = false; });
    }
    if (v.next === 'over' && this.pageValues.auto_next && !this.running && !this.nextTimer) {
      const game = v.game;
      this.nextTimer = window.setTimeout(() => {
        this.nextTimer = 0;
        if (this.view?.next === 'over' && this.view.game === game && this.pageValues.auto_next && !this.running) {
          this.act({ type: 'new_game' });
        }
      }, 1200);
    }
  }

  static styles = css`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: minmax(0, 24rem) minmax(0, 1fr); gap: 1.2rem 2rem; align-items: start; }
    @media (max-width: 56rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    h3 { margin: 0.8rem 0 0.4rem; font-size: 1.05rem; }
    .status { font-size: 1.25rem; font-weight: 600; margin: 0 0 0.5rem; min-height: 2.7em; }
    .side { display: flex; flex-direction: column; gap: 0.8rem; }
    /* Five fixed cells: the counters grow without moving anything below them. */
    .tally { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 0.4rem; font-size: 0.85rem; }
    .tally > span { display: flex; flex-direction: column; align-items: center; text-align: center;
      background: #fffdf8; border: 1px solid #d8cdb8; border-radius: 6px; padding: 0.2rem; }
    .tally b { font-size: 1.2rem; font-variant-numeric: tabular-nums; white-space: nowrap; }
    .tag { display: inline-block; padding: 0 0.35rem; border-radius: 4px; color: #fff; font-weight: 600; }
    .tag.win { background: #2e7d32; } .tag.draw { background: #8a6d00; } .tag.loss { background: #b3261e; }
    label { display: inline-flex; gap: 0.4rem; align-items: center; flex-wrap: wrap; }
    select, button, input { font-size: 0.95rem; padding: 0.25rem 0.5rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; }
    input[type=number] { width: 4.2rem; }
    button { cursor: pointer; }
    .why { color: #3a342b; min-height: 1.3rem; max-width: 30rem; }
    .opened { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
    .arrow { font-size: 0.95rem; max-width: 14rem; }
    .arrow b { font-size: 1.5rem; }
    /* Boxes off the screen are not laid out or painted until scrolled to. */
    .group { margin-bottom: 0.6rem; content-visibility: auto; contain-intrinsic-size: auto 20rem; }
    .boxes { display: flex; flex-wrap: wrap; gap: 6px; }
    .mb { display: inline-grid; grid-template-columns: repeat(3, minmax(1.2rem, max-content)); grid-auto-rows: 1.2rem; gap: 1px;
      padding: 3px; background: #d9b98a; border: 2px solid #7a5b32; border-radius: 4px; position: relative; }
    .mb.big { grid-template-columns: repeat(3, minmax(2.6rem, max-content)); grid-auto-rows: 2.6rem; gap: 3px; padding: 5px; }
    .mb.open { border-color: #e0a100; box-shadow: 0 0 0 3px #e0a100; }
    .mb.inplay { border-style: dashed; }
    .mb.empty { background: #c9c0b0; }
    .c { font: 600 0.7rem/1.2rem system-ui, sans-serif; text-align: center; padding: 0 2px; font-variant-numeric: tabular-nums; background: #f3e2c2; color: #1d1b18; border-radius: 2px; }
    .big .c { font-size: 1rem; line-height: 2.6rem; }
    .c.x { color: #b3261e; font-size: 0.85rem; } .c.o { color: #1f5fa8; font-size: 0.85rem; }
    .big .c.x, .big .c.o { font-size: 1.5rem; }
    .c.drawn { outline: 3px solid #b3261e; outline-offset: -2px; }
    .c.zero { color: #9b8f7a; font-weight: 400; }
    .id { font-size: 0.62rem; color: #5b5346; text-align: center; }
    .boxwrap { display: inline-flex; flex-direction: column; align-items: center; }
    fieldset { border: 1px solid #d8cdb8; border-radius: 6px; display: flex; flex-direction: column; gap: 0.45rem; }
    .row { display: flex; gap: 0.6rem; flex-wrap: wrap; align-items: center; }
    .legend { display: flex; flex-wrap: wrap; gap: 0.3rem 0.7rem; font-size: 0.8rem; }
    .sw { display: inline-block; width: 0.8rem; height: 0.8rem; border: 1px solid #555; border-radius: 50%; vertical-align: middle; margin-right: 0.2rem; }
    .full { grid-column: 1 / -1; }
    small { color: #5b5346; }
    label.check { display: block; }
  `;

  private onKey = (e: KeyboardEvent) => {
    const t = e.composedPath()[0];
    if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement) return;
    if (e.key === 'n') this.act({ type: 'new_game' });
    else if (e.key === 's' && this.view && this.view.next !== 'human') this.act({ type: 'step' });
  };
  connectedCallback() { super.connectedCallback(); window.addEventListener('keydown', this.onKey); }
  disconnectedCallback() {
    super.disconnectedCallback();
    window.removeEventListener('keydown', this.onKey);
    clearTimeout(this.nextTimer);
    clearTimeout(this.wallTimer);
    this.wallTimer = 0;
  }

  describe(h: Happening): string {
    switch (h.type) {
      case 'game_started': return `game ${thousands(h.game)} begins; MENACE plays ${h.menace}`;
      case 'box_opened': return `${h.who === 'menace' ? 'MENACE' : 'MENACE2'} opens box #${h.box_id} (its ${ORD(h.menace_move)} move; the board ${h.symmetry === 'identity' ? 'is the picture' : `under ${h.symmetry} is the picture`})`;
      case 'box_refilled': return `box #${h.box_id} was empty: refilled with random beads`;
      case 'bead_drawn': return `draws ${withArticle(h.colour)} bead (${h.bead} of the picture) → square ${NAMES[h.square]} of the board`;
      case 'move_played': return `MENACE (${h.mark}) plays ${h.name}${h.forced ? ' (forced: the last square)' : ''}`;
      case 'opponent_move': return `${h.opponent} (${h.mark}) plays ${h.name}`;
      case 'resigned': return `${h.who === 'menace' ? 'MENACE' : 'MENACE2'}'s box #${h.box_id} is empty: it resigns`;
      case 'game_over': return `game ${thousands(h.game)}: MENACE ${h.result === 'win' ? 'wins' : h.result === 'draw' ? 'draws' : 'loses'}${h.resigned ? ' (resignation)' : ''}`;
      case 'reinforced': return h.changes.length
        ? `beads: ${h.changes.map((c) => `box #${c.box_id} ${NAMES[c.bead]} ${thousands(c.before)}→${thousands(c.after)}`).join(', ')}`
        : 'no boxes used';
      case 'run_progress': {
        const g = games(h);
        return `training run: ${group(g.done)} of ${count(g.total, 'game')}${h.ended ? (h.done < h.total ? ', stopped' : ', finished') : ''}`;
      }
      case 'games_played': return `${count(h.games, 'game')} played quickly: ${results(h.wins, h.draws, h.losses)}`;
      case 'opponent_changed': return `now against ${OPP_NAME[h.opponent]}; MENACE plays ${h.menace}`;
      case 'reset': return `fresh matchboxes (seed ${h.seed})`;
      case 'rules_updated': return `${h.who === 'menace' ? 'MENACE' : 'MENACE2'} now plays by ${h.rules}; every bead kept`;
      case 'teaching_set': return h.on ? 'teaching mode: MENACE waits for Step at each of its moves' : 'MENACE answers at once';
      case 'exported': return 'state file exported';
      case 'imported': return `imported a MENACE (${h.rules} rules) that has played ${count(h.games, 'game')}`;
    }
  }

  private status(v: View): string {
    if (v.next === 'over') {
      const r = v.result === 'win' ? 'MENACE wins' : v.result === 'loss' ? 'MENACE loses' : 'A draw';
      return `${r}. New game (n) or Step (s) for the next.`;
    }
    if (v.next === 'human') return `Your move (${v.to_move}): click a square.`;
    if (v.next === 'menace') return v.opponent === 'human' && !this.config.teaching
      ? `MENACE (${v.menace}) opens its box…` : `MENACE (${v.menace}) to move: Step (s) to open its box.`;
    return `${OPP_NAME[v.opponent]} (${v.to_move}) to move: Step (s).`;
  }

  private beadCell(count: number, colour: string, name: string, drawn: boolean) {
    const [bg, fg] = BEAD_CSS[colour] ?? ['#eee', '#000'];
    return html`<span class="c ${count ? '' : 'zero'} ${drawn ? 'drawn' : ''}" style=${count ? `background:${bg};color:${fg}` : ''}
      title="${name}: ${thousands(count)} ${colour} bead${count === 1 ? '' : 's'}${drawn ? ' (just drawn)' : ''}">${thousands(count)}</span>`;
  }

  private matchbox(b: { id: number; picture: string; beads: number[] }, v: View, big = false, who: 'menace' | 'menace2' = 'menace') {
    const d = v.last_draw;
    const open = d?.who === who && d.box_id === b.id;
    const inplay = (who === 'menace' ? v.boxes_in_play : v.menace2?.boxes_in_play ?? []).includes(b.id);
    const total = b.beads.reduce((a, n) => a + n, 0);
    return html`<span class="boxwrap" data-box=${b.id}>
      <span class="mb ${big ? 'big' : ''} ${open ? 'open' : ''} ${inplay ? 'inplay' : ''} ${total ? '' : 'empty'}"
        role="img" aria-label="box ${b.id}: ${count(total, 'bead')}${open ? ', just opened' : ''}">
        ${[...b.picture].map((ch, i) => ch === 'X' || ch === 'O'
          ? html`<span class="c ${ch.toLowerCase()}">${ch}</span>`
          : this.beadCell(b.beads[i], v.bead_colours[i], NAMES[i], open && d!.bead === i))}
      </span>
      <span class="id">#${b.id}${open ? ' opened' : inplay ? ' in play' : ''}</span></span>`;
  }

  /**
   * A group of boxes, each drawn again only when its beads or marks changed: a fast
   * autoplay changes a few dozen of the 304 boxes a frame, not all of them.
   */
  private wall(boxes: BoxView[], v: View, who: 'menace' | 'menace2') {
    const d = v.last_draw;
    const inplay = who === 'menace' ? v.boxes_in_play : v.menace2?.boxes_in_play ?? [];
    return repeat(boxes, (b) => b.id, (b) => {
      const open = d?.who === who && d.box_id === b.id ? d.bead : -1;
      return guard([b.beads.join(','), open, inplay.includes(b.id)], () => this.matchbox(b, v, false, who));
    });
  }

  private opened(v: View) {
    const d = v.last_draw;
    if (!d) return html`<p><small>No box opened yet in this game.</small></p>`;
    const who = d.who === 'menace' ? 'menace' : 'menace2';
    const boxes = (who === 'menace' ? v.boxes : v.menace2?.boxes ?? []).flatMap((g) => g.boxes);
    const b = boxes.find((x) => x.id === d.box_id);
    const [bg] = BEAD_CSS[d.colour] ?? ['#eee'];
    return html`<div class="opened" data-opened>
      ${b ? this.matchbox(b, v, true, who) : html`<span class="mb big">${[...d.picture].map((ch) => html`<span class="c ${ch === '.' ? '' : ch.toLowerCase()}">${ch === '.' ? '' : ch}</span>`)}</span>`}
      <div class="arrow" data-arrow>
        <div>${d.who === 'menace' ? 'MENACE' : 'MENACE2'} opened box <b>#${d.box_id}</b>${d.refilled ? ' (empty: refilled)' : ''}</div>
        <div>drew <span class="sw" style="background:${bg}"></span>${d.colour} bead <b>${d.bead_name}</b> of the picture</div>
        <div>→ ${d.symmetry === 'identity' ? 'the picture is the board' : html`through the inverse of <i>${d.symmetry}</i>`}</div>
        <div>→ plays <b data-square-name>${NAMES[d.square]}</b> on the board</div>
      </div>
    </div>`;
  }

  /**
   * A training run at full speed: the server plays the games in bounded actions of
   * RUN_CHUNK (or more, `chunkOf`) back to back; the bar shows the games done, the rate and the time left, the
   * curve and the boxes follow, and Stop keeps every game played.
   */
  private training() {
    const size = Number(this.pageValues.train) || 100_000;
    const p = this.runProgress;
    const g = p ? games(p) : null;
    const going = this.runOf('train', p);
    const why = this.startBlocked(going);
    return html`<div class="row" data-run>
        <label>Train at full speed <select data-setting="train" @change=${(e: Event) => this.setSetting('train', Number((e.target as HTMLSelectElement).value))}>
          ${RUN_SIZES.map((n) => html`<option value=${n} ?selected=${n === size}>${group(n)} games</option>`)}</select></label>
        <button data-action="train" ?disabled=${this.running} title=${why}
          @click=${() => { this.runProgress = null; this.ownRun = 'train'; this.runAction({ type: 'play_games', n: chunkOf(size) }, size / chunkOf(size)); }}>Train</button>
        <button data-action="stop-run" ?disabled=${!this.running} @click=${() => this.stop()}>${this.stopLabel()}</button>
        ${why ? html`<small data-start-why>${why}</small>` : nothing}
      </div>
      ${p && g ? html`<div class="row" data-run-progress>
        <progress max=${g.total} .value=${g.done} aria-label="training run"></progress>
        <small>${group(g.done)} of ${count(g.total, 'game')}${p.per_second > 0 ? `, ${group(p.per_second * (p.each ?? RUN_CHUNK))} games/s` : ''}${!p.ended ? '' : p.done < p.total ? ' — stopped' : ' — finished'}</small>
      </div>` : nothing}
      <lm-run-clock .report=${p} .running=${going} .queued=${this.queued}></lm-run-clock>`;
  }

  private curve(v: View) {
    const pts = v.curve;
    const last = pts[pts.length - 1];
    const c = v.counters;
    const all = last && last.game === c.games ? pts : [...pts, { game: c.games, wins: c.wins, draws: c.draws, losses: c.losses, first_box_beads: 0 }];
    const results = [
      { name: 'wins', color: '#2e7d32', points: all.map((p) => [p.game, p.wins] as [number, number]) },
      { name: 'draws', color: '#8a6d00', dash: '6 3', points: all.map((p) => [p.game, p.draws] as [number, number]) },
      { name: 'losses', color: '#b3261e', dash: '2 3', points: all.map((p) => [p.game, p.losses] as [number, number]) },
    ];
    const beads = [{ name: 'beads in box #0', color: '#7a5b32', points: pts.map((p) => [p.game, p.first_box_beads] as [number, number]) }];
    return html`<div data-curve>
      <lm-menace-chart .series=${results} caption="MENACE's results so far (every ${count(v.curve_stride, 'game')})" xLabel="games played" yLabel="games (cumulative)"></lm-menace-chart>
      <lm-menace-chart .series=${beads} caption="Beads in the first box (MENACE's first move)" xLabel="games played" yLabel="beads"></lm-menace-chart>
    </div>`;
  }

  /**
   * One machine's settings, as Scroggs' page has them: "Update" changes the rewards and
   * the empty-box policy keeping every bead; starting beads and bead colours only make
   * sense for fresh boxes, so they go with "Update and reset".
   */
  private settings(v: View, who: 'menace' | 'menace2') {
    const two = who === 'menace2';
    const r = two ? v.menace2!.rules : v.rules;
    const p = two ? 'm2-' : '';
    const random = 'random' in r.starting_beads;
    const sb = r.starting_beads as any;
    const per = random ? [4, 3, 2, 1] : sb.per_move;
    const refill = r.empty_box === 'resign' ? 3 : (r.empty_box as { refill: number }).refill;
    const q = (s: string) => this.renderRoot.querySelector(`[data-setting="${p}${s}"]`) as HTMLInputElement;
    const num = (s: string) => Number(q(s).value);
    const empty = () => (q('empty').value === 'resign' ? 'resign' : { refill: num('refill') });
    const update = () => this.act({
      type: 'update_rules', menace2: two, win: num('win'), draw: num('draw'), loss: num('loss'), empty_box: empty(),
    });
    const apply = () => {
      const mode = q('beads-mode').value;
      const rules: Record<string, unknown> = {
        preset: q('preset').value,
        starting_beads: mode === 'random'
          ? { random: { min: num('min'), max: num('max') } }
          : { per_move: [num('m1'), num('m2'), num('m3'), num('m4')] },
        one_bead_per_move_class: q('one-class').checked,
        win: num('win'), draw: num('draw'), loss: num('loss'),
        empty_box: empty(),
      };
      this.restart(two ? { ...this.config, menace2: rules } : { ...this.config, ...rules });
    };
    const preset = (name: string) => {
      if (two) {
        this.restart({ ...this.config, menace2: { preset: name } });
        return;
      }
      const cfg = { ...this.config, preset: name } as Record<string, unknown>;
      for (const k of ['starting_beads', 'one_bead_per_move_class', 'win', 'draw', 'loss', 'empty_box']) delete cfg[k];
      this.restart(cfg);
    };
    const current = two ? ((this.config.menace2?.preset as string | undefined) ?? 'seed') : (this.config.preset ?? 'seed');
    const moves = v.menace === (two ? 'O' : 'X') ? [1, 3, 5, 7] : [2, 4, 6, 8];
    const name = two ? 'MENACE2' : 'MENACE';
    return html`<fieldset data-settings=${who}><legend>${name}'s settings (${two ? v.menace2!.rules_name : v.rules_name})</legend>
      <div class="row">Net beads after a
        <label>win <input type="number" min="-100" max="100" data-setting="${p}win" .value=${String(r.win)}></label>
        <label>draw <input type="number" min="-100" max="100" data-setting="${p}draw" .value=${String(r.draw)}></label>
        <label>loss <input type="number" min="-100" max="100" data-setting="${p}loss" .value=${String(r.loss)}></label></div>
      <div class="row">An empty box
        <select data-setting="${p}empty" aria-label="${name}'s empty box policy">
          <option value="resign" ?selected=${r.empty_box === 'resign'}>resigns</option>
          <option value="refill" ?selected=${r.empty_box !== 'resign'}>is refilled with</option></select>
        <input type="number" min="1" max="1000" data-setting="${p}refill" aria-label="beads to refill" .value=${String(refill)}> beads</div>
      <div class="row"><button data-action="${p}update" @click=${update}>Update ${name}</button>
        <small>rewards and empty boxes from the next game on; every bead stays</small></div>
      <hr>
      <label>Preset <select data-setting="${p}preset" @change=${(e: Event) => preset((e.target as HTMLSelectElement).value)}>
        ${PRESETS.map(([x, name]) => html`<option value=${x} ?selected=${current === x}>${name}</option>`)}
      </select></label>
      <div class="row">Starting beads
        <select data-setting="${p}beads-mode" aria-label="${name}'s starting beads kind">
          <option value="random" ?selected=${random}>random, per box</option>
          <option value="per_move" ?selected=${!random}>per legal move, by ${name}'s move</option></select>
        <label>min <input type="number" min="1" max="1000" data-setting="${p}min" .value=${String(random ? sb.random.min : 1)}></label>
        <label>max <input type="number" min="1" max="1000" data-setting="${p}max" .value=${String(random ? sb.random.max : 9)}></label>
      </div>
      <div class="row">per move:
        ${[1, 2, 3, 4].map((k) => html`<label>${ORD(moves[k - 1])} <input type="number" min="0" max="1000" data-setting="${p}m${k}" .value=${String(per[k - 1])}></label>`)}</div>
      <label><input type="checkbox" data-setting="${p}one-class" .checked=${r.one_bead_per_move_class}> one bead colour per class of equivalent moves (Scroggs)</label>
      <div class="row"><button data-action="${p}apply" @click=${apply}>Update and reset ${name}</button>
        <small data-reset-note>starting beads and bead colours only take effect in fresh boxes: this resets ${two ? 'both machines' : 'MENACE'} and the counters</small></div>
    </fieldset>`;
  }

  private async exportState() {
    const u = await this.act({ type: 'export' });
    const h = (u?.happenings as Happening[] | undefined)?.find((x) => x.type === 'exported') as Extract<Happening, { type: 'exported' }> | undefined;
    if (!h) return;
    // Compact, as `ludomat menace` writes it (and small enough to send back).
    const text = JSON.stringify(h.state);
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    a.download = `menace-seed-${this.view?.seed ?? 0}-game-${this.view?.counters.games ?? 0}.json`;
    a.dataset.exported = text;
    this.renderRoot.appendChild(a);
    a.click();
    a.remove();
    this.note = `exported ${count(text.length, 'byte')} (the state file of \`ludomat menace\`)`;
  }

  private async importState(e: Event) {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    const text = await file.text();
    let state: unknown = text;
    try { state = JSON.parse(text); } catch { /* sent as text: the session names the JSON error */ }
    const u = await this.act({ type: 'import', state });
    this.note = u ? `imported ${file.name}` : `${file.name} was not imported`;
    input.value = '';
  }

  render() {
    const v = this.view;
    if (!v) return html``;
    const d = v.last_draw;
    const squares: Square[] = [...v.board].map((ch, i) => {
      const m = ch === '.' ? null : ch;
      return {
        text: m ?? NAMES[i].toLowerCase(),
        mark: m ? m.toLowerCase() : undefined,
        label: `square ${NAMES[i]}, ${m ?? 'empty'}`,
        playable: v.next === 'human' && !m,
        highlight: !!d && d.square === i && !!m,
      };
    });
    const machine = v.opponent !== 'human';
    const c = v.counters;
    const w = this.wallView ?? v;
    const groups = w.boxes;
    return html`
      <div>
        <p class="status" data-status>${this.status(v)}</p>
        <lm-board .squares=${squares} @square=${(e: CustomEvent) => this.act({ type: 'play', square: e.detail.index })}></lm-board>
        <p class="why" data-why>${v.moves.map((m) => `${m.mark} ${m.name}`).join(', ')}</p>
        <h3>The box just opened</h3>
        ${this.opened(v)}
        <div class="legend" aria-label="bead colours">${NAMES.map((n, i) => html`<span><span class="sw" style="background:${BEAD_CSS[v.bead_colours[i]][0]}"></span>${n} ${v.bead_colours[i]}</span>`)}</div>
      </div>
      <div class="side">
        <div class="tally" data-tally>
          <span>game <b data-game>${thousands(v.game)}</b></span>
          <span><span><span class="tag win">W</span> wins</span><b data-wins>${thousands(c.wins)}</b></span>
          <span><span><span class="tag draw">D</span> draws</span><b data-draws>${thousands(c.draws)}</b></span>
          <span><span><span class="tag loss">L</span> losses</span><b data-losses>${thousands(c.losses)}</b></span>
          <span>games played <b data-games>${thousands(c.games)}</b></span>
        </div>
        <div class="row">
          <label class="check"><input type="checkbox" data-setting="teaching" .checked=${!!this.config.teaching}
            @change=${(e: Event) => this.act({ type: 'set_teaching', on: (e.target as HTMLInputElement).checked })}>
            teaching mode: MENACE waits for Step at each move</label>
          <label class="check"><input type="checkbox" data-setting="auto-next" .checked=${!!this.pageValues.auto_next}
            @change=${(e: Event) => this.setSetting('auto_next', (e.target as HTMLInputElement).checked)}>
            start the next game on its own</label>
        </div>
        <div class="row">
          <label>Opponent <select data-setting="opponent" @change=${(e: Event) => {
            const o = (e.target as HTMLSelectElement).value as Opponent;
            this.act({ type: 'set_opponent', opponent: o, menace_plays: o === 'relay' ? 'O' : undefined });
          }}>${OPPONENTS.map(([k, n]) => html`<option value=${k} ?selected=${k === v.opponent}>${n}</option>`)}</select></label>
          <label>MENACE plays <select data-setting="side" @change=${(e: Event) => this.act({ type: 'set_opponent', opponent: v.opponent, menace_plays: (e.target as HTMLSelectElement).value })}>
            <option value="X" ?selected=${v.menace === 'X'}>X, first (304 boxes)</option>
            <option value="O" ?selected=${v.menace === 'O'}>O, second (289 boxes)</option></select></label>
        </div>
        <div class="row"><button data-action="new-game" @click=${() => this.act({ type: 'new_game' })}>New game (n)</button></div>
        ${machine ? html`<div class="row">
            <lm-run-control .running=${this.running} .interval=${this.interval}
              @run=${(e: CustomEvent) => { this.setSetting('interval', e.detail.interval); this.autoplay(TICKS[this.tick][1], e.detail.interval); }}
              @speed=${(e: CustomEvent) => { this.setSetting('interval', e.detail.interval); this.autoplay(TICKS[this.tick][1], e.detail.interval); }}
              @pause=${() => this.stop()}
              @step=${() => this.act({ type: 'step' })}></lm-run-control>
            <select data-setting="tick" aria-label="work per autoplay tick" @change=${(e: Event) => {
              this.setSetting('tick', Number((e.target as HTMLSelectElement).value));
              if (this.running) this.autoplay(TICKS[this.tick][1], this.interval);
            }}>${TICKS.map(([n], i) => html`<option value=${i} ?selected=${i === this.tick}>${n}</option>`)}</select></div>`
          : html`<div class="row"><button data-action="step" ?disabled=${v.next === 'human'} @click=${() => this.act({ type: 'step' })}>${ICONS.step}Step (s)</button>
            <small>Choose a machine opponent to train MENACE automatically.</small></div>`}
        ${machine ? this.training() : nothing}
        ${this.curve(v)}
        ${this.settings(v, 'menace')}
        ${v.menace2 ? this.settings(v, 'menace2') : nothing}
        <div class="row">
          <button data-action="export" @click=${() => this.exportState()}>${ICONS.download}Export matchboxes</button>
          <label>${ICONS.upload}Import <input type="file" accept=".json,application/json" data-action="import" @change=${(e: Event) => this.importState(e)}></label>
          <small data-note>${this.note}</small>
        </div>
        <lm-kit-link .visit=${this.host?.visitId?.()} .boxes=${v.box_count}></lm-kit-link>
      </div>
      <div class="full" data-boxes>
        <h3>All ${count(w.box_count, 'matchbox', 'matchboxes')} (${count(w.bead_total, 'bead')}) — numbers are beads of each colour on the square of the box's picture
          <label><input type="checkbox" .checked=${this.showAll} @change=${(e: Event) => { this.showAll = (e.target as HTMLInputElement).checked; }}> show</label></h3>
        ${this.showAll ? groups.map((g) => html`<div class="group">
            <h3>MENACE's ${ORD(g.menace_move)} move of the game: ${count(g.boxes.length, 'box', 'boxes')}</h3>
            <div class="boxes">${this.wall(g.boxes, w, 'menace')}</div></div>`) : nothing}
      </div>
      ${w.menace2 ? html`<div class="full" data-boxes2>
        <h3>MENACE2's ${count(w.menace2.box_count, 'matchbox', 'matchboxes')} (${count(w.menace2.bead_total, 'bead')}), for ${w.menace === 'X' ? 'O' : 'X'}
          <label><input type="checkbox" .checked=${this.showAll2} @change=${(e: Event) => { this.showAll2 = (e.target as HTMLInputElement).checked; }}> show</label></h3>
        ${this.showAll2 ? w.menace2.boxes.map((g) => html`<div class="group">
            <h3>MENACE2's boxes for the ${ORD(g.menace_move)} move of the game: ${count(g.boxes.length, 'box', 'boxes')}</h3>
            <div class="boxes">${this.wall(g.boxes, w, 'menace2')}</div></div>`) : nothing}
      </div>` : nothing}`;
  }
}
customElements.define('lm-exhibit-menace', MenaceExhibit);
