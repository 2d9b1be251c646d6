// Every machine of the project, for the home page: a picture drawn here as inline SVG,
// one line of history, the source, and the terminal command. A machine whose `kind` is
// registered on the server (crates/museum/src/exhibits.rs) links to its exhibit.
import { svg, type SVGTemplateResult } from 'lit';

export interface Machine {
  kind: string;
  name: string;
  history: string;
  source: string;
  terminal: string;
  picture: SVGTemplateResult;
}

const grid = svg`<g stroke="#5b5346" stroke-width="3" stroke-linecap="round">
  <line x1="40" y1="10" x2="40" y2="110"/><line x1="80" y1="10" x2="80" y2="110"/>
  <line x1="0" y1="43" x2="120" y2="43"/><line x1="0" y1="77" x2="120" y2="77"/></g>`;

export const MACHINES: Machine[] = [
  {
    kind: 'tictactoe',
    name: 'Noughts and crosses',
    history: 'The game all the relay machines and MENACE play: 255,168 games, a draw with best play.',
    source: 'Exhaustive search of every position (crates/tictactoe).',
    terminal: 'ludomat play tictactoe --x human --o perfect',
    picture: svg`<svg viewBox="0 0 120 120" role="img" aria-label="a noughts-and-crosses grid">${grid}
      <g stroke="#b3261e" stroke-width="6" stroke-linecap="round"><line x1="8" y1="10" x2="32" y2="34"/><line x1="32" y1="10" x2="8" y2="34"/>
      <line x1="48" y1="52" x2="72" y2="68"/><line x1="72" y1="52" x2="48" y2="68"/></g>
      <circle cx="100" cy="22" r="13" fill="none" stroke="#1f5fa8" stroke-width="6"/>
      <circle cx="100" cy="97" r="13" fill="none" stroke="#1f5fa8" stroke-width="6"/></svg>`,
  },
  {
    kind: 'menace',
    name: 'MENACE',
    history: "Donald Michie's Machine Educable Noughts And Crosses Engine (1961): 304 matchboxes of coloured beads that learn by reward.",
    source: "The MENACE challenge and the published history of Michie's machine.",
    terminal: 'ludomat menace play',
    picture: svg`<svg viewBox="0 0 120 120" role="img" aria-label="stacked matchboxes with beads">
      ${[0, 1, 2].map((r) => [0, 1, 2].map((c) => svg`<rect x="${6 + c * 37}" y="${14 + r * 34}" width="33" height="28" rx="3" fill="#d9b98a" stroke="#7a5b32" stroke-width="2"/>`))}
      <rect x="43" y="48" width="33" height="28" rx="3" fill="#f3e2c2" stroke="#7a5b32" stroke-width="2"/>
      <circle cx="53" cy="62" r="5" fill="#b3261e"/><circle cx="66" cy="58" r="5" fill="#1f5fa8"/><circle cx="64" cy="70" r="5" fill="#2e7d32"/></svg>`,
  },
  {
    kind: 'hexapawn',
    name: 'HER, the hexapawn learner',
    history: "Martin Gardner's Hexapawn Educable Robot (Scientific American, March 1962): MENACE's idea on a 3×3 board of pawns, punished by losing a bead.",
    source: "Gardner's \"Mathematical Games\" column, March 1962; the boxes generated from the game tree (crates/hexapawn).",
    terminal: 'ludomat play hexapawn',
    picture: svg`<svg viewBox="0 0 120 120" role="img" aria-label="a 3 by 3 board with three pawns a side">
      ${[0, 1, 2].map((r) => [0, 1, 2].map((c) => svg`<rect x="${6 + c * 36}" y="${6 + r * 36}" width="36" height="36" fill="${(r + c) % 2 ? '#d9b98a' : '#f3e2c2'}" stroke="#7a5b32"/>`))}
      ${[0, 1, 2].map((c) => svg`<circle cx="${24 + c * 36}" cy="24" r="11" fill="#222"/><circle cx="${24 + c * 36}" cy="96" r="11" fill="#fff" stroke="#222" stroke-width="3"/>`)}</svg>`,
  },
  {
    kind: 'computox',
    name: 'Computox and AUTOX',
    history: 'Relay noughts-and-crosses machines after the AUTOX (Model Engineer, 1956): uniselector U1 sweeps its contacts — win, block, fork prevention, good square.',
    source: 'The Computox restoration blog, "Computox / AUTOX Move Selection".',
    terminal: 'ludomat play computox',
    picture: svg`<svg viewBox="0 0 120 120" role="img" aria-label="a lamp panel and a uniselector">
      <rect x="4" y="8" width="66" height="66" rx="4" fill="#3a352d"/>
      ${[0, 1, 2].map((r) => [0, 1, 2].map((c) => svg`<circle cx="${18 + c * 19}" cy="${22 + r * 19}" r="6" fill="${(r + c) % 3 === 0 ? '#e0a100' : '#6b6253'}"/>`))}
      <circle cx="92" cy="90" r="24" fill="none" stroke="#5b5346" stroke-width="3"/>
      ${Array.from({ length: 12 }, (_, i) => svg`<circle cx="${92 + 24 * Math.cos((i * Math.PI) / 6)}" cy="${90 + 24 * Math.sin((i * Math.PI) / 6)}" r="3" fill="#b08d57"/>`)}
      <line x1="92" y1="90" x2="112" y2="78" stroke="#b3261e" stroke-width="4" stroke-linecap="round"/></svg>`,
  },
  {
    kind: 'relay',
    name: 'The relay computer',
    history: 'An 8-bit relay computer with 64 words of DIP-switch ROM and a teletype; its builder fitted noughts and crosses into 46 words.',
    source: "The builder's article, with its listing.",
    terminal: 'ludomat play relay-tictactoe',
    picture: svg`<svg viewBox="0 0 120 120" role="img" aria-label="register lamps and a teletype paper roll">
      <rect x="4" y="6" width="112" height="52" rx="4" fill="#3a352d"/>
      ${[0, 1, 2].map((r) => Array.from({ length: 8 }, (_, c) => svg`<circle cx="${16 + c * 12.5}" cy="${18 + r * 14}" r="4" fill="${(r * 3 + c) % 4 === 1 ? '#e0a100' : '#6b6253'}"/>`))}
      <rect x="20" y="66" width="80" height="48" fill="#fffdf8" stroke="#8a7d66" stroke-width="2"/>
      <text x="28" y="86" font-family="monospace" font-size="12" fill="#1d1b18">8071399</text>
      <text x="28" y="104" font-family="monospace" font-size="12" fill="#1d1b18">5?</text></svg>`,
  },
  {
    kind: 'logic',
    name: 'The logic bench',
    history: 'Ternary logic graphs: gates, relays and lamps on balanced ternary (true, unknown, false), event by event — the engine the Computox is simulated on, relay by relay.',
    source: 'The ternary logic graphs article; ISCAS-85 benchmark circuits.',
    terminal: 'ludomat logic latch --trace',
    picture: svg`<svg viewBox="0 0 120 120" role="img" aria-label="two NOR gates in a latch">
      <path d="M20 20 q20 0 30 20 q-10 20 -30 20 q8 -20 0 -40z" fill="#fffdf8" stroke="#5b5346" stroke-width="3"/>
      <circle cx="54" cy="40" r="4" fill="#fffdf8" stroke="#5b5346" stroke-width="3"/>
      <path d="M20 64 q20 0 30 20 q-10 20 -30 20 q8 -20 0 -40z" fill="#fffdf8" stroke="#5b5346" stroke-width="3"/>
      <circle cx="54" cy="84" r="4" fill="#fffdf8" stroke="#5b5346" stroke-width="3"/>
      <path d="M58 40 H90 M58 84 H100 M90 40 L30 72 M100 84 L30 52" stroke="#2e7d32" stroke-width="3" fill="none"/>
      <text x="92" y="34" font-size="12" fill="#2e7d32">1</text><text x="100" y="100" font-size="12" fill="#b3261e">0</text></svg>`,
  },
  {
    kind: 'qubic',
    name: '3D and 4D tic-tac-toe',
    history: 'Four in a row on 4×4×4 against the IBM 1620 programs of 1962; on 4×4×4×4 the first player forces a win, proved here.',
    source: 'The OTHER-1 page, "3D Tic Tac Toe on the IBM 1620".',
    terminal: 'ludomat play qubic',
    picture: svg`<svg viewBox="0 0 120 120" role="img" aria-label="four stacked 4x4 planes">
      ${[0, 1, 2, 3].map((t) => svg`<g transform="translate(${12 + t * 6} ${8 + t * 27}) skewX(-30)">
        <rect width="64" height="20" fill="#fffdf8" stroke="#5b5346" stroke-width="2"/>
        <line x1="16" y1="0" x2="16" y2="20" stroke="#cbbfa8"/><line x1="32" y1="0" x2="32" y2="20" stroke="#cbbfa8"/><line x1="48" y1="0" x2="48" y2="20" stroke="#cbbfa8"/>
        <circle cx="${8 + t * 16}" cy="10" r="5" fill="#b3261e"/></g>`)}</svg>`,
  },
  {
    kind: 'threes',
    name: 'Threes! and its expectimax AI',
    history: 'The sliding-number game (2014) and an expectimax player that looks ahead over the next card.',
    source: 'The "Threes! AI" articles and public descriptions of the card generator.',
    terminal: 'ludomat play threes --assist',
    picture: svg`<svg viewBox="0 0 120 120" role="img" aria-label="a 4x4 grid of number cards">
      ${[0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) => {
        const n = [1, 2, 3, 6, 0, 12, 3, 0, 2, 0, 24, 1, 0, 3, 0, 48][r * 4 + c];
        const fill = n === 1 ? '#6fb3e0' : n === 2 ? '#e0607e' : n ? '#fffdf8' : '#d8ccb6';
        return svg`<rect x="${6 + c * 28}" y="${6 + r * 28}" width="24" height="24" rx="4" fill="${fill}" stroke="#8a7d66"/>
          ${n ? svg`<text x="${18 + c * 28}" y="${23 + r * 28}" text-anchor="middle" font-size="11" font-weight="700" fill="#1d1b18">${n}</text>` : ''}`;
      }))}</svg>`,
  },
  {
    kind: 'regex',
    name: 'Regex crosswords',
    history: "Grids whose every line must match a regular expression: regexcrossword.com's rectangles and the 2013 MIT Mystery Hunt's hexagon of 127 cells, read in three directions.",
    source: '"A Regular Crossword", 2013 MIT Mystery Hunt (Coin Heist round); the solver in crates/regex-crossword.',
    terminal: 'ludomat regex solve mit-2013-hexagon --explain',
    picture: svg`<svg viewBox="0 0 120 120" role="img" aria-label="a small hexagon of hexagonal cells with letters">
      ${[[0, 2], [1, 3], [2, 2]].flatMap(([r, n]) => Array.from({ length: n }, (_, i) => {
        const cx = 60 + (i - (n - 1) / 2) * 30, cy = 32 + r * 26;
        const pts = Array.from({ length: 6 }, (_, k) => {
          const a = ((60 * k - 90) * Math.PI) / 180;
          return `${(cx + 17 * Math.cos(a)).toFixed(1)},${(cy + 17 * Math.sin(a)).toFixed(1)}`;
        }).join(' ');
        const ch = 'HEBEGNO'[[0, 2, 5][r] + i];
        return svg`<polygon points="${pts}" fill="#fffdf8" stroke="#5b5346" stroke-width="2"/>
          <text x="${cx}" y="${cy + 5}" text-anchor="middle" font-size="14" font-weight="700" font-family="monospace" fill="#1f5fa8">${ch}</text>`;
      }))}
      <text x="4" y="112" font-size="10" font-family="monospace" fill="#5b5346">(O|N)+</text>
      <text x="70" y="12" font-size="10" font-family="monospace" fill="#5b5346">[^A-G]E</text></svg>`,
  },
];
