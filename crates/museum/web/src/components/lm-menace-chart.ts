import { LitElement, css, svg, html } from 'lit';
import { thousands } from '../text.ts';

/** One line of a chart: its name, colour (always with the name in the legend) and points. */
export interface ChartSeries {
  name: string;
  color: string;
  dash?: string;
  points: [number, number][];
}

/**
 * Round ticks covering 0..max: 0, step, 2·step, … with step 1, 2 or 5 × 10^k, the last
 * at or above max (the axis follows the data: no point lies beyond it).
 */
export function ticks(max: number, count = 5): number[] {
  if (max <= 0) return [0];
  const raw = max / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  // Counts: a step is a whole number.
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? raw);
  const out: number[] = [];
  for (let v = 0; ; v += step) {
    out.push(Math.round(v * 1e6) / 1e6);
    if (v >= max - step * 1e-9) break;
  }
  return out;
}

/**
 * A line chart as SVG with real axes: ticks and numbers on both, axis titles, a legend
 * naming every line (colours never alone).
 */
export class LmMenaceChart extends LitElement {
  static properties = {
    series: { attribute: false },
    xLabel: { type: String },
    yLabel: { type: String },
    caption: { type: String },
  };
  declare series: ChartSeries[];
  declare xLabel: string;
  declare yLabel: string;
  declare caption: string;

  constructor() {
    super();
    this.series = [];
    this.xLabel = '';
    this.yLabel = '';
    this.caption = '';
  }

  static styles = css`
    svg { width: 100%; max-width: 34rem; height: auto; background: #fffdf8; border: 1px solid #d8cdb8; border-radius: 6px; }
    text { font: 11px system-ui, sans-serif; fill: #3a342b; }
    .title { font-weight: 600; font-size: 12px; }
  `;

  render() {
    // Room on the left for the widest y number and the y title beside it (never over
    // the numbers); below the plot the x numbers, the x title, then the legend on a line of
    // its own (never over a curve). R leaves room for half of the last x label.
    const CH = 6.6; // a character of the 11 px text, at most (digits and commas less)
    const pts = this.series.flatMap((s) => s.points);
    const xMax = Math.max(1, ...pts.map((p) => p[0]));
    const yMax = Math.max(1, ...pts.map((p) => p[1]));
    const xt = ticks(xMax), yt = ticks(yMax);
    const yw = Math.max(...yt.map((v) => thousands(v).length)) * CH;
    const W = 520, H = 282, L = Math.ceil(30 + yw), R = 34, T = 28, B = 66;
    const xTop = xt[xt.length - 1], yTop = yt[yt.length - 1];
    const X = (v: number) => L + ((W - L - R) * v) / xTop;
    const Y = (v: number) => H - B - ((H - B - T) * v) / yTop;
    let at = L;
    const legend = this.series.map((s) => {
      const x = at;
      at += 30 + s.name.length * CH;
      return svg`<g transform="translate(${x}, ${H - 8})">
        <line x1="0" x2="18" y1="-4" y2="-4" stroke=${s.color} stroke-width="3" stroke-dasharray=${s.dash ?? ''}/>
        <text x="24" y="0">${s.name}</text></g>`;
    });
    return html`<svg viewBox="0 0 ${W} ${H}" role="img" aria-label=${this.caption}>
      <text class="title" x=${L} y="16">${this.caption}</text>
      ${yt.map((v) => svg`<line x1=${L} x2=${W - R} y1=${Y(v)} y2=${Y(v)} stroke="#eee4d2"/>
        <line x1=${L - 4} x2=${L} y1=${Y(v)} y2=${Y(v)} stroke="#3a342b"/>
        <text x=${L - 7} y=${Y(v) + 4} text-anchor="end" data-tick="y">${thousands(v)}</text>`)}
      ${xt.map((v) => svg`<line x1=${X(v)} x2=${X(v)} y1=${H - B} y2=${H - B + 4} stroke="#3a342b"/>
        <text x=${X(v)} y=${H - B + 16} text-anchor="middle" data-tick="x">${thousands(v)}</text>`)}
      <line x1=${L} x2=${L} y1=${T} y2=${H - B} stroke="#3a342b"/>
      <line x1=${L} x2=${W - R} y1=${H - B} y2=${H - B} stroke="#3a342b"/>
      <text x=${(L + W - R) / 2} y=${H - B + 34} text-anchor="middle" data-axis="x">${this.xLabel}</text>
      <text x="12" y=${(T + H - B) / 2} text-anchor="middle" dominant-baseline="middle" transform="rotate(-90 12 ${(T + H - B) / 2})" data-axis="y">${this.yLabel}</text>
      ${this.series.map((s) => svg`<polyline fill="none" stroke=${s.color} stroke-width="2" stroke-dasharray=${s.dash ?? ''}
        points=${s.points.map((p) => `${X(p[0]).toFixed(1)},${Y(p[1]).toFixed(1)}`).join(' ')}/>`)}
      <g data-legend>${legend}</g>
    </svg>`;
  }
}
customElements.define('lm-menace-chart', LmMenaceChart);
