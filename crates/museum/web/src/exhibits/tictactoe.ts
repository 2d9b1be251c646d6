// Noughts and crosses: the exhibit of `ludomat_tictactoe::TictactoeSession`.
import { css, html } from 'lit';
import { ExhibitElement } from '../exhibit.ts';
import type { Square } from '../components/lm-board.ts';
import '../components/lm-board.ts';
import '../components/lm-lamp.ts';
import '../components/lm-run-control.ts';

type Mark = 'X' | 'O';
type Seat = 'human' | 'perfect' | 'random';

interface View {
  board: (Mark | null)[];
  to_move: Mark | null;
  human_to_move: boolean;
  legal: number[];
  moves: number[];
  result: 'x_wins' | 'o_wins' | 'draw' | null;
  line: number[] | null;
  value: number | null;
  x: Seat;
  o: Seat;
  game: number;
  tally: { x_wins: number; o_wins: number; draws: number };
  seed: number;
}

type Happening =
  | { type: 'placed'; mark: Mark; square: number; by: Seat; why: string }
  | { type: 'game_over'; result: View['result']; line: number[] | null }
  | { type: 'new_game'; game: number };

const SEATS: Seat[] = ['human', 'perfect', 'random'];
const SEAT_NAME: Record<Seat, string> = { human: 'a person', perfect: 'the perfect player', random: 'the random player' };
const RESULT: Record<string, string> = { x_wins: 'X wins', o_wins: 'O wins', draw: 'A draw' };

export class TictactoeExhibit extends ExhibitElement<View, Happening> {
  static properties = { ...ExhibitElement.properties, interval: { state: true } };
  declare interval: number;

  constructor() {
    super();
    this.interval = 400;
  }

  static styles = css`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: 18rem minmax(0, 1fr); gap: 1.5rem 2rem; align-items: start; }
    @media (max-width: 40rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    .status { font-size: 1.3rem; font-weight: 600; margin: 0 0 0.5rem; min-height: 2.7em; }
    .side { display: flex; flex-direction: column; gap: 0.9rem; }
    .lamps { display: flex; gap: 1rem; }
    /* Fixed cells: the counters grow without moving anything beside or below them. */
    .tally { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 0.4rem; font-size: 0.9rem; max-width: 30rem; }
    .tally > span { display: flex; flex-direction: column; align-items: center; text-align: center;
      background: #fffdf8; border: 1px solid #d8cdb8; border-radius: 6px; padding: 0.2rem; }
    .tally b { font-size: 1.2rem; font-variant-numeric: tabular-nums; white-space: nowrap; }
    label { display: inline-flex; gap: 0.4rem; align-items: center; }
    select, button { font-size: 1rem; padding: 0.3rem 0.6rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; }
    button { cursor: pointer; }
    .x { color: #b3261e; font-weight: 700; } .o { color: #1f5fa8; font-weight: 700; }
    .why { color: #5b5346; min-height: 1.3rem; }
  `;

  private onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key >= '1' && e.key <= '9' && this.view?.human_to_move) this.act({ type: 'play', square: Number(e.key) });
    else if (e.key === 'n') this.act({ type: 'new_game' });
  };
  connectedCallback() { super.connectedCallback(); window.addEventListener('keydown', this.onKey); }
  disconnectedCallback() { super.disconnectedCallback(); window.removeEventListener('keydown', this.onKey); }

  describe(h: Happening): string {
    switch (h.type) {
      case 'placed': return `${h.mark} (${h.by}) on square ${h.square}: ${h.why}`;
      case 'game_over': return `${RESULT[h.result ?? 'draw']}${h.line ? ` — the line ${h.line.join('-')}` : ''}`;
      case 'new_game': return `game ${h.game} begins`;
    }
  }

  private status(v: View): string {
    if (v.result) return `${RESULT[v.result]}.`;
    const m = v.to_move as Mark;
    const who = m === 'X' ? v.x : v.o;
    return who === 'human' ? `Your move: ${m} — click a square or type 1–9.` : `${m} to move: ${SEAT_NAME[who]}.`;
  }

  private seatPicker(mark: 'x' | 'o') {
    const seat = (this.config[mark] ?? 'human') as Seat;
    return html`<label>${mark.toUpperCase()} is played by
      <select data-seat=${mark} @change=${(e: Event) => this.restart({ ...this.config, [mark]: (e.target as HTMLSelectElement).value })}>
        ${SEATS.map((s) => html`<option value=${s} ?selected=${s === seat}>${SEAT_NAME[s]}</option>`)}
      </select></label>`;
  }

  render() {
    const v = this.view;
    if (!v) return html``;
    const last = [...this.happenings].reverse().find((h) => h.type === 'placed') as Extract<Happening, { type: 'placed' }> | undefined;
    const squares: Square[] = v.board.map((m, i) => ({
      text: m ?? String(i + 1),
      mark: m ? m.toLowerCase() : undefined,
      label: `square ${i + 1}, ${m ?? 'empty'}`,
      playable: v.human_to_move && v.legal.includes(i + 1),
      highlight: !!v.line?.includes(i + 1),
    }));
    const machines = v.x !== 'human' && v.o !== 'human';
    const value = v.value === null ? '' : ` With perfect play from here, ${v.to_move} ${v.value > 0 ? 'wins' : v.value < 0 ? 'loses' : 'draws'}.`;
    return html`
      <div>
        <p class="status" data-status>${this.status(v)}</p>
        <lm-board .squares=${squares} @square=${(e: CustomEvent) => this.act({ type: 'play', square: e.detail.index + 1 })}></lm-board>
        <p class="why" data-why>${last ? `${last.mark}: ${last.why}.` : ''}${value}</p>
      </div>
      <div class="side">
        <div class="lamps">
          <lm-lamp label="X to move" color="#b3261e" ?on=${v.to_move === 'X'}></lm-lamp>
          <lm-lamp label="O to move" color="#1f5fa8" ?on=${v.to_move === 'O'}></lm-lamp>
        </div>
        <div class="tally" data-tally>
          <span>game <b>${v.game}</b></span>
          <span><span><span class="x">X</span> wins</span><b>${v.tally.x_wins}</b></span>
          <span><span><span class="o">O</span> wins</span><b>${v.tally.o_wins}</b></span>
          <span>draws <b>${v.tally.draws}</b></span>
        </div>
        ${this.seatPicker('x')} ${this.seatPicker('o')}
        <div><button data-action="new-game" @click=${() => this.act({ type: 'new_game' })}>New game (n)</button></div>
        ${machines ? html`<lm-run-control .running=${this.running} .interval=${this.interval}
            @run=${(e: CustomEvent) => { this.interval = e.detail.interval; this.autoplay({ type: 'step' }, this.interval); }}
            @speed=${(e: CustomEvent) => { this.interval = e.detail.interval; this.autoplay({ type: 'step' }, this.interval); }}
            @pause=${() => this.stop()}
            @step=${() => this.act({ type: 'step' })}></lm-run-control>`
          : html`<p><small>Choose machines for both sides to watch them play, step by step or running.</small></p>`}
      </div>`;
  }
}
customElements.define('lm-exhibit-tictactoe', TictactoeExhibit);
