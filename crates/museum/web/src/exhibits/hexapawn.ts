// HER: the exhibit of `ludomat_hexapawn::HexapawnSession` — Martin Gardner's Hexapawn
// Educable Robot (Scientific American, March 1962). The board to click (a White pawn,
// then where it goes), HER's matchboxes with their beads (the box just opened and the
// bead just drawn highlighted, confiscated beads struck out), the learning curve, and a
// link to MENACE, the machine HER was modelled on.
import { css, html, nothing } from 'lit';
import { ExhibitElement } from '../exhibit.ts';
import { ICONS } from '../icons.ts';
import type { Square } from '../components/lm-board.ts';
import '../components/lm-board.ts';
import '../components/lm-run-control.ts';
import '../components/lm-menace-chart.ts';
import '../components/lm-kit-link.ts';
import { count, thousands } from '../text.ts';

type Side = 'white' | 'black';
type White = 'human' | 'random' | 'perfect';
interface Bead { name: string; from: number; to: number; count: number }
interface Box { id: number; her_move: number; picture: string; beads: Bead[]; total: number }
interface DrawView {
  box_id: number; bead: string; bead_from: number; bead_to: number; mirrored: boolean;
  name: string; from: number; to: number;
}
interface MoveView { side: Side; name: string; from: number; to: number }
interface View {
  seed: number;
  white: White;
  board: string;
  to_move: Side | null;
  next: 'human' | 'white' | 'her' | 'over';
  game: number;
  result: { winner: Side; by: 'far_row' | 'all_taken' | 'no_move' | null; her_won: boolean } | null;
  legal: MoveView[];
  moves: MoveView[];
  counters: { games: number; wins: number; losses: number; last_loss: number };
  unbeatable: boolean;
  curve: { game: number; won: boolean; score: number }[];
  boxes: Box[];
  boxes_by_move: [number, number, number];
  boxes_in_play: number[];
  last_draw: DrawView | null;
  last_punished: DrawView | null;
}
type Happening =
  | { type: 'game_started'; game: number }
  | { type: 'white_moved'; by: White; name: string; from: number; to: number }
  | { type: 'box_opened'; box_id: number; her_move: number; mirrored: boolean; beads: number }
  | { type: 'bead_drawn'; box_id: number; bead: string; name: string; from: number; to: number }
  | { type: 'resigned'; box_id: number }
  | { type: 'game_over'; game: number; winner: Side; by: string | null; her_won: boolean }
  | { type: 'punished'; box_id: number; bead: string; left: number }
  | { type: 'games_played'; games: number; wins: number; losses: number }
  | { type: 'white_changed'; white: White }
  | { type: 'reset'; seed: number };

const WHITES: [White, string][] = [
  ['human', 'you (a person)'],
  ['random', 'the random player'],
  ['perfect', 'the perfect player'],
];
const FILES = 'abc';
const NAME = (i: number) => `${FILES[i % 3]}${3 - Math.floor(i / 3)}`;
const BY: Record<string, string> = {
  far_row: 'a pawn reached the far row',
  all_taken: 'every enemy pawn was taken',
  no_move: 'the loser had no move',
};
const TICKS: [string, unknown][] = [
  ['one move a tick', { type: 'step' }],
  ['one game a tick', { type: 'play_games', n: 1 }],
  ['10 games a tick', { type: 'play_games', n: 10 }],
];

export class HexapawnExhibit extends ExhibitElement<View, Happening> {
  static properties = {
    ...ExhibitElement.properties,
    selected: { state: true },
    interval: { state: true },
    tick: { state: true },
  };
  declare selected: number | null;
  declare interval: number;
  declare tick: number;

  constructor() {
    super();
    this.selected = null;
    this.interval = 400;
    this.tick = 0;
  }

  static styles = css`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: minmax(0, 30rem) minmax(0, 1fr); gap: 1.2rem 2rem; align-items: start; }
    @media (max-width: 56rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    h3 { margin: 0.8rem 0 0.4rem; font-size: 1.05rem; }
    .status { font-size: 1.25rem; font-weight: 600; margin: 0 0 0.5rem; min-height: 2.7em; }
    .side { display: flex; flex-direction: column; gap: 0.8rem; }
    /* Fixed cells: the counters grow without moving anything beside or below them. */
    .tally { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 0.4rem; font-size: 0.9rem; max-width: 30rem; }
    .tally > span { display: flex; flex-direction: column; align-items: center; text-align: center;
      background: #fffdf8; border: 1px solid #d8cdb8; border-radius: 6px; padding: 0.2rem; }
    .tally b { font-size: 1.2rem; font-variant-numeric: tabular-nums; white-space: nowrap; }
    .tag { display: inline-block; padding: 0 0.35rem; border-radius: 4px; color: #fff; font-weight: 600; }
    .tag.win { background: #2e7d32; } .tag.loss { background: #b3261e; }
    .row { display: flex; gap: 0.6rem; flex-wrap: wrap; align-items: center; }
    select, button { font-size: 0.95rem; padding: 0.25rem 0.5rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    .why { color: #3a342b; min-height: 1.3rem; max-width: 30rem; }
    .group { margin-bottom: 0.6rem; }
    .boxes { display: flex; flex-wrap: wrap; gap: 8px; }
    .box { display: inline-flex; flex-direction: column; align-items: center; gap: 3px; padding: 4px;
      background: #d9b98a; border: 2px solid #7a5b32; border-radius: 5px; }
    .box.open { border-color: #e0a100; box-shadow: 0 0 0 3px #e0a100; }
    .box.inplay { border-style: dashed; }
    .box.empty { background: #c9c0b0; }
    .pic { display: inline-grid; grid-template-columns: repeat(3, 1.3rem); grid-auto-rows: 1.3rem; gap: 1px; }
    .big .pic { grid-template-columns: repeat(3, 2.4rem); grid-auto-rows: 2.4rem; }
    .c { font: 700 0.8rem/1.3rem system-ui, sans-serif; text-align: center; background: #f3e2c2; color: #1d1b18; border-radius: 2px; }
    .big .c { font-size: 1.3rem; line-height: 2.4rem; }
    .c.w { color: #1f5fa8; } .c.b { color: #b3261e; }
    .c.from { outline: 2px solid #e0a100; outline-offset: -2px; } .c.to { background: #ffe9a8; }
    .beads { display: flex; flex-wrap: wrap; gap: 2px; max-width: 7rem; justify-content: center; }
    .bead { font: 600 0.62rem/1 system-ui, sans-serif; padding: 2px 3px; border-radius: 6px; background: #fffdf8; border: 1px solid #7a5b32; }
    .bead.gone { text-decoration: line-through; color: #8a7d66; background: transparent; border-style: dotted; }
    .bead.drawn { background: #b3261e; color: #fff; border-color: #b3261e; }
    .bead.taken { background: #1d1b18; color: #fff; }
    .id { font-size: 0.62rem; color: #3a342b; }
    .opened { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
    .arrow { max-width: 15rem; }
    .full { grid-column: 1 / -1; }
    .menace { border-left: 4px solid #7a5b32; padding-left: 0.6rem; }
    small { color: #5b5346; }
  `;

  describe(h: Happening): string {
    switch (h.type) {
      case 'game_started': return `game ${thousands(h.game)} begins; White moves first`;
      case 'white_moved': return `${h.by === 'human' ? 'you' : `the ${h.by} player`} (White) play${h.by === 'human' ? '' : 's'} ${h.name}`;
      case 'box_opened': return `HER opens box #${h.box_id} (its move ${h.her_move}; ${h.mirrored ? 'the board is the picture in a mirror' : 'the board is the picture'}): ${count(h.beads, 'bead')}`;
      case 'bead_drawn': return `draws the ${h.bead} bead → plays ${h.name}`;
      case 'resigned': return `box #${h.box_id} is empty: HER resigns`;
      case 'game_over': return `game ${thousands(h.game)}: ${h.her_won ? 'HER wins' : 'HER loses'}${h.by ? ` (${BY[h.by]})` : ' (resigned)'}`;
      case 'punished': return `punished: the ${h.bead} bead is taken from box #${h.box_id} (${h.left} left)`;
      case 'games_played': return `${count(h.games, 'game')} played: HER ${count(h.wins, 'win')}, ${count(h.losses, 'loss', 'losses')}`;
      case 'white_changed': return `White is now ${WHITES.find((w) => w[0] === h.white)?.[1] ?? h.white}`;
      case 'reset': return `a fresh HER, full boxes (seed ${h.seed})`;
    }
  }

  private status(v: View): string {
    if (v.next === 'over') {
      const r = v.result!;
      return `${r.her_won ? 'HER wins' : 'HER loses'}${r.by ? ` — ${BY[r.by]}` : ' — it resigned'}. New game or Step.`;
    }
    if (v.next === 'human') return this.selected === null ? 'Your move (White): click a pawn.' : `Pawn ${NAME(this.selected)}: click where it goes.`;
    if (v.next === 'her') return 'HER to move: Step to open its box.';
    return `The ${v.white} White to move: Step.`;
  }

  private squareClicked(i: number) {
    const v = this.view!;
    if (this.selected !== null) {
      const m = v.legal.find((l) => l.from === this.selected && l.to === i);
      if (m) { this.selected = null; this.act({ type: 'play', from: m.from, to: m.to }); return; }
    }
    this.selected = v.legal.some((l) => l.from === i) && this.selected !== i ? i : null;
  }

  private picture(pic: string, from?: number, to?: number) {
    return html`<span class="pic">${[...pic.replace(/\//g, '')].map((ch, i) => html`<span
        class="c ${ch === '.' ? '' : ch.toLowerCase()} ${i === from ? 'from' : ''} ${i === to ? 'to' : ''}">${ch === '.' ? '' : ch}</span>`)}</span>`;
  }

  private box(b: Box, v: View, big = false) {
    const d = v.last_draw;
    const open = !!d && d.box_id === b.id;
    const taken = v.last_punished && v.last_punished.box_id === b.id ? v.last_punished.bead : null;
    const inplay = v.boxes_in_play.includes(b.id);
    return html`<span class="box ${big ? 'big' : ''} ${open ? 'open' : ''} ${inplay ? 'inplay' : ''} ${b.total ? '' : 'empty'}"
        data-box=${b.id} role="group" aria-label="box ${b.id}: ${count(b.total, 'bead')}${open ? ', just opened' : ''}">
      ${this.picture(b.picture, open ? d!.bead_from : undefined, open ? d!.bead_to : undefined)}
      <span class="beads">${b.beads.map((bd) => html`<span data-bead=${bd.name}
          class="bead ${bd.count ? '' : 'gone'} ${open && d!.bead === bd.name ? 'drawn' : ''} ${taken === bd.name && !bd.count ? 'taken' : ''}"
          title="${bd.name}: ${bd.count ? 'in the box' : 'confiscated'}${open && d!.bead === bd.name ? ' (just drawn)' : ''}">${bd.name}</span>`)}</span>
      <span class="id">#${b.id}${open ? ' opened' : inplay ? ' in play' : ''}${b.total ? '' : ' empty'}</span></span>`;
  }

  private opened(v: View) {
    const d = v.last_draw;
    if (!d) return html`<p><small>No box opened yet in this game.</small></p>`;
    const b = v.boxes.find((x) => x.id === d.box_id)!;
    return html`<div class="opened" data-opened>
      ${this.box(b, v, true)}
      <div class="arrow" data-arrow>
        <div>HER opened box <b>#${d.box_id}</b> (its move ${b.her_move})</div>
        <div>drew the bead <b>${d.bead}</b> of the picture</div>
        <div>→ ${d.mirrored ? 'the board is the picture in a mirror, so the move is mirrored' : 'the picture is the board'}</div>
        <div>→ plays <b data-move-name>${d.name}</b></div>
      </div></div>`;
  }

  private curve(v: View) {
    let w = 0, l = 0;
    const wins: [number, number][] = [[0, 0]], losses: [number, number][] = [[0, 0]];
    for (const p of v.curve) {
      if (p.won) w++; else l++;
      wins.push([p.game, w]); losses.push([p.game, l]);
    }
    const c = v.counters;
    return html`<div data-curve>
      <lm-menace-chart .series=${[
        { name: 'HER wins', color: '#2e7d32', points: wins },
        { name: 'HER losses', color: '#b3261e', dash: '2 3', points: losses },
      ]} caption="HER's learning curve (losses go flat: it has learned)" xLabel="games played" yLabel="games (cumulative)"></lm-menace-chart>
      <p data-learned>${c.last_loss ? html`HER's last loss: game <b data-last-loss>${c.last_loss}</b>.` : 'HER has not lost yet.'}
        ${v.unbeatable ? html`<b data-unbeatable>HER can no longer lose</b> — every bead left wins against every White move.` : 'HER can still be beaten.'}
        <small>Gardner's 50-game run against a person, as commonly retold: 11 losses, perfect from game 36 (not checked against the printed column).</small></p>
    </div>`;
  }

  render() {
    const v = this.view;
    if (!v) return html``;
    const d = v.last_draw;
    const cells = [...v.board.replace(/\//g, '')];
    const targets = this.selected === null ? [] : v.legal.filter((l) => l.from === this.selected).map((l) => l.to);
    const squares: Square[] = cells.map((ch, i) => {
      const pawn = ch === 'W' ? 'white pawn' : ch === 'B' ? 'black pawn (HER)' : 'empty';
      return {
        text: ch === '.' ? NAME(i) : ch,
        mark: ch === 'W' ? 'o' : ch === 'B' ? 'x' : undefined,
        label: `square ${NAME(i)}, ${pawn}`,
        playable: v.next === 'human' && (v.legal.some((l) => l.from === i) || targets.includes(i)),
        highlight: i === this.selected || targets.includes(i) || (!!d && v.next !== 'her' && (d.to === i)),
      };
    });
    const c = v.counters;
    const machine = v.white !== 'human';
    return html`
      <div>
        <p class="status" data-status>${this.status(v)}</p>
        <lm-board .squares=${squares} @square=${(e: CustomEvent) => this.squareClicked(e.detail.index)}></lm-board>
        <p class="why" data-why>${v.moves.map((m) => `${m.side === 'white' ? 'W' : 'B'} ${m.name}`).join(', ')}</p>
        <h3>The box just opened</h3>
        ${this.opened(v)}
        <p class="menace"><small>HER is Gardner's small sister of <a href="/exhibits/menace" data-menace-link>MENACE</a>
          (Michie's 304 boxes for noughts and crosses): the same matchboxes and beads, but only punished — the bead of
          HER's last move is taken away after every loss, and nothing is ever added.</small></p>
      </div>
      <div class="side">
        <div class="tally" data-tally>
          <span>game <b data-game>${thousands(v.game)}</b></span>
          <span><span><span class="tag win">W</span> wins</span><b data-wins>${thousands(c.wins)}</b></span>
          <span><span><span class="tag loss">L</span> losses</span><b data-losses>${thousands(c.losses)}</b></span>
          <span>games played <b data-games>${thousands(c.games)}</b></span>
        </div>
        <div class="row">
          <label>White is <select data-setting="white" @change=${(e: Event) => { this.selected = null; this.act({ type: 'set_white', white: (e.target as HTMLSelectElement).value }); }}>
            ${WHITES.map(([k, n]) => html`<option value=${k} ?selected=${k === v.white}>${n}</option>`)}</select></label>
          <button data-action="new-game" @click=${() => { this.selected = null; this.act({ type: 'new_game' }); }}>New game</button>
        </div>
        ${machine ? html`<div class="row">
            <lm-run-control .running=${this.running} .interval=${this.interval}
              @run=${(e: CustomEvent) => { this.interval = e.detail.interval; this.autoplay(TICKS[this.tick][1], this.interval); }}
              @speed=${(e: CustomEvent) => { this.interval = e.detail.interval; this.autoplay(TICKS[this.tick][1], this.interval); }}
              @pause=${() => this.stop()}
              @step=${() => this.act({ type: 'step' })}></lm-run-control>
            <select data-setting="tick" aria-label="work per autoplay tick" @change=${(e: Event) => {
              this.tick = Number((e.target as HTMLSelectElement).value);
              if (this.running) this.autoplay(TICKS[this.tick][1], this.interval);
            }}>${TICKS.map(([n], i) => html`<option value=${i} ?selected=${i === this.tick}>${n}</option>`)}</select>
            <button data-action="train" @click=${() => this.act({ type: 'play_games', n: 50 })}>Play 50 games</button></div>`
          : html`<div class="row"><button data-action="step" ?disabled=${v.next === 'human'} @click=${() => this.act({ type: 'step' })}>${ICONS.step}Step</button>
            <small>Choose a machine White to train HER automatically.</small></div>`}
        ${this.curve(v)}
        <lm-kit-link .visit=${this.host?.visitId?.()} .boxes=${v.boxes.length}></lm-kit-link>
      </div>
      <div class="full" data-boxes>
        <h3>HER's ${count(v.boxes.length, 'matchbox', 'matchboxes')} (generated from the game tree, mirror images sharing a box) — each bead names a move of the box's picture; struck-out beads were confiscated</h3>
        <p data-gardner-count><small>Gardner's figure shows 24 boxes (2 / 11 / 11); generated from every game with a position
          and its mirror image in one box there are ${v.boxes.length} (${v.boxes_by_move.join(' / ')}) — his figure seems to keep a few mirror pairs apart.</small></p>
        ${[2, 4, 6].map((n, k) => html`<div class="group" data-group=${n}>
          <h3>HER's move ${n}: ${count(v.boxes_by_move[k], 'box', 'boxes')}</h3>
          <div class="boxes">${v.boxes.filter((b) => b.her_move === n).map((b) => this.box(b, v))}</div></div>`)}
      </div>
      ${nothing}`;
  }
}
customElements.define('lm-exhibit-hexapawn', HexapawnExhibit);
