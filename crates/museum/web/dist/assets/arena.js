import{C as e,S as t,a as n,b as r,g as i,h as a,m as o,o as s,s as c,w as l}from"./index.js";import{t as u}from"./exhibit.js";import"./lm-run-control.js";import{r as d}from"./kept.js";var f={tictactoe:[`perfect`,`menace`],qubic:[`other1`,`louden1962`]},p={a:`#b3261e`,draws:`#8a7d66`,b:`#1f5fa8`},m=e=>o(e.rate,e.low,e.high),h=[[10,`flat out`,2e4],[50,`quick (200 games a tick)`,200],[250,`slow (20 games a tick)`,20],[600,`one game a tick`,1]],g=class extends u{static{this.properties={...u.properties,interval:{state:!0},watchGame:{state:!0},typedGames:{state:!0},typedPair:{state:!0}}}constructor(){super(),this.interval=10,this.watchGame=0}static{this.styles=l`
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
  `}expectedNote(e){return e.includes(`the tournament is over`)}describe(e){switch(e.type){case`watching`:return`watching game ${e.game}: ${e.first} moves first, ${e.second} second`;case`moved`:return`${e.by} plays ${e.cell}`;case`game_over`:return`game over: ${e.result}`;case`started`:return`${e.pairs===1?`a tournament`:`a round robin of ${s(e.pairs,`pair`)}`}: ${s(e.games,`game`)}`;case`played`:return`${e.pair}: ${s(e.games,`game`)} (${a(e.done)} done)`;case`finished`:return`finished: ${s(e.games,`game`)} played${this.took()}; the table keeps them`;case`cancelled`:return`stopped after ${s(e.games,`game`)}${this.took()}; the table keeps ${e.games===1?`it`:`them`}`;case`reset`:return`new settings`}}took(){let e=this.view;return e?.played?` in ${i(e.elapsed_ms,e.cpu_ms)}`:``}formConfig(e){let t=new FormData(e),n=String(t.get(`game`)),r=this.view.config,i=String(t.get(`a`)??``),a=String(t.get(`b`)??``);return n!==r.game&&([i,a]=f[n]),{game:n,a:i,b:a,games:Number(t.get(`games`)),seed:Number(t.get(`seed`)),sides:String(t.get(`sides`)),a_disable:n===`qubic`?String(t.get(`a_disable`)??``):``,b_disable:n===`qubic`?String(t.get(`b_disable`)??``):``}}settings(e){e.preventDefault(),this.typedGames=void 0,this.restart(this.formConfig(e.target))}async run(e){let t=this.renderRoot.querySelector(`form[data-settings]`);if(t&&this.view){let e=this.formConfig(t),n=t=>[`game`,`a`,`b`,`games`,`seed`,`sides`].every(n=>String(t[n])===String(e[n]))&&(e.game!==`qubic`||t.a_disable===e.a_disable&&t.b_disable===e.b_disable);if(!n(this.view.config)){let t=this.host?.visitId?.();if(this.typedGames=void 0,await this.restart(e),this.host?.visitId?.()===t||!this.view||!n(this.view.config))return}}await this.act({type:e})&&this.autoplay(this.tick(),this.interval)}tick(){return{type:`batch`,games:h.find(([e])=>e===this.interval)?.[2]??2e4}}async cancel(){await this.stop(),await this.act({type:`cancel`})}async watch(){await this.act({type:`watch`,game:this.watchGame})&&this.autoplay({type:`step`},400)}board(e){let n=n=>t`<span class="cell ${e.cells[n]===`X`?`x`:e.cells[n]===`O`?`o`:``}" data-cell=${n}>${e.cells[n]}</span>`;return e.size===9?t`<div class="board" data-board>${[...Array(9).keys()].map(n)}</div>`:t`<div class="planes" data-board>${[0,1,2,3].map(e=>t`<div><small>plane ${e+1}</small>
      <div class="plane">${[...Array(16).keys()].map(t=>n(e*16+t))}</div></div>`)}</div>`}rates(n){let r=[[`A (${n.a}) wins`,n.a_rate,p.a],[`draws`,n.draw_rate,p.draws],[`B (${n.b}) wins`,n.b_rate,p.b]],i=e=>150+e/100*390,a=10+r.length*30+4;return t`<svg class="chart" data-rates viewBox="0 0 ${560} ${a+34}" role="img" aria-label="shares with 95 % intervals">
      ${r.map(([t,n,r],a)=>{let o=10+a*30;return e`<text x="4" y=${o+16}>${t.length>24?`${t.slice(0,23)}…`:t}</text>
          <rect x=${i(0)} y=${o+4} width=${Math.max(0,i(n.rate)-i(0))} height="16" fill=${r} opacity="0.8"/>
          <line x1=${i(n.low)} x2=${i(n.high)} y1=${o+12} y2=${o+12} stroke="#1d1b18" stroke-width="2"/>
          <line x1=${i(n.low)} x2=${i(n.low)} y1=${o+6} y2=${o+18} stroke="#1d1b18" stroke-width="2"/>
          <line x1=${i(n.high)} x2=${i(n.high)} y1=${o+6} y2=${o+18} stroke="#1d1b18" stroke-width="2"/>`})}
      <line x1=${i(0)} x2=${i(100)} y1=${a} y2=${a} stroke="#5b5346"/>
      ${[0,20,40,60,80,100].map(t=>e`<line x1=${i(t)} x2=${i(t)} y1=${a} y2=${a+4} stroke="#5b5346"/>
        <text x=${i(t)} y=${a+16} text-anchor="middle">${t} %</text>`)}
      <text x=${540} y=${a+30} text-anchor="end">share of games (bars) with 95 % Wilson interval (whiskers)</text>
    </svg>`}curve(n){if(n.curve.length<2)return r;let i=Math.max(...n.curve.map(e=>e.games)),o=e=>44+e/i*500,s=e=>10+(1-e/100)*160,c=e=>n.curve.map((t,n)=>`${n?`L`:`M`}${o(t.games)} ${s(t[e])}`).join(` `),l=[0,.25,.5,.75,1].map(e=>Math.round(e*i));return t`<svg class="chart" data-curve viewBox="0 0 ${560} ${212}" role="img" aria-label="running shares">
      ${[0,25,50,75,100].map(t=>e`<line x1=${44} x2=${544} y1=${s(t)} y2=${s(t)} stroke="#e4dccb"/>
        <text x=${40} y=${s(t)+4} text-anchor="end">${t} %</text>`)}
      ${l.map(t=>e`<text x=${o(t)} y=${188} text-anchor="middle" data-tick="x">${a(t)}</text>`)}
      <text x=${544} y=${210} text-anchor="end">games played</text>
      <g data-legend>
        <line x1=${44} x2=${60} y1=${206} y2=${206} stroke=${p.a} stroke-width="2"/><text x=${64} y=${210}>A wins</text>
        <line x1=${120} x2=${136} y1=${206} y2=${206} stroke=${p.draws} stroke-width="2" stroke-dasharray="4 3"/><text x=${140} y=${210}>draws</text>
        <line x1=${188} x2=${204} y1=${206} y2=${206} stroke=${p.b} stroke-width="2"/><text x=${208} y=${210}>B wins</text>
      </g>
      <path d=${c(`a`)} fill="none" stroke=${p.a} stroke-width="2"/>
      <path d=${c(`draws`)} fill="none" stroke=${p.draws} stroke-width="2" stroke-dasharray="4 3"/>
      <path d=${c(`b`)} fill="none" stroke=${p.b} stroke-width="2"/>
    </svg>`}tournament(e){let n=e.tables[0];return t`<div data-tournament>
      <p class="status" data-progress-text>${a(n.played)} of ${s(n.total,`game`)}${e.cancelled?` — stopped`:e.busy?``:` — finished`}</p>
      <progress max=${n.total} value=${n.played}></progress>
      ${this.clock(e)}
      <table data-table>
        <tr><th>result</th><th>games</th><th>share (95 % interval)</th></tr>
        <tr data-row="a"><td>A (${n.a}) wins</td><td data-count>${a(n.a_wins)}</td><td data-rate>${m(n.a_rate)}</td></tr>
        <tr data-row="draws"><td>draws</td><td data-count>${a(n.draws)}</td><td data-rate>${m(n.draw_rate)}</td></tr>
        <tr data-row="b"><td>B (${n.b}) wins</td><td data-count>${a(n.b_wins)}</td><td data-rate>${m(n.b_rate)}</td></tr>
        ${n.failed?t`<tr><td>could not be finished</td><td>${n.failed}</td><td></td></tr>`:r}
      </table>
      <h3>A against B, by who moved first</h3>
      <table data-by-first><tr><th></th><th>A wins</th><th>draws</th><th>B wins</th></tr>
        ${[`A first`,`B first`].map((e,r)=>t`<tr><td>${e}</td>${n.by_first[r].map(e=>t`<td data-count>${a(e)}</td>`)}</tr>`)}</table>
      ${this.rates(n)}
      ${this.curve(n)}
      <h3>As the terminal prints it</h3>
      <pre data-table-text>${n.text}</pre>
      <p><small>The same table comes from <code data-command>${this.command(e).split(/ (?=--)/).map((e,n)=>t`${n?` `:``}<span class="option">${e}</span>`)}</code>.</small></p>
    </div>`}clock(e){if(!e.played)return r;let n=d(e.elapsed_ms,e.cpu_ms);if(!e.busy)return t`<p class="status" data-run-clock>took ${n}</p>`;let i=e.elapsed_ms>0?(e.total-e.played)*e.elapsed_ms/e.played:NaN;return t`<p class="status" data-run-clock>elapsed ${n}${Number.isFinite(i)?t`, <span data-eta>about ${c(i)} left at the rate so far</span>`:r}</p>`}command(e){let t=e.config;if(t.game===`tictactoe`)return`ludomat tournament tictactoe --x ${t.a} --o ${t.b} --games ${t.games} --seed ${t.seed} --sides ${t.sides}`;let n=`${t.a_disable?` --x-disable ${t.a_disable}`:``}${t.b_disable?` --o-disable ${t.b_disable}`:``}`;return`ludomat tournament qubic --x ${t.a} --o ${t.b} --games ${t.games} --seed ${t.seed} --sides ${t.sides}${n}`}roundRobin(e){return t`<div data-round-robin>
      <p class="status" data-progress-text>${a(e.played)} of ${s(e.total,`game`)}${e.cancelled?` — stopped`:e.busy?``:` — finished`}</p>
      <progress max=${e.total} value=${e.played}></progress>
      ${this.clock(e)}
      <table data-pairs><tr><th>A</th><th>B</th><th>games</th><th>A wins</th><th>draws</th><th>B wins</th><th>A's wins: share (95 % interval)</th></tr>
        ${e.tables.map((n,r)=>t`<tr class=${r===e.current&&e.busy?`current`:``} data-pair=${r}>
          <td>${n.a}</td><td>${n.b}</td>
          ${n.skipped?t`<td colspan="5"><small>${n.skipped}</small></td>`:t`<td>${a(n.played)}/${a(n.total)}</td><td>${a(n.a_wins)}</td><td>${a(n.draws)}</td><td>${a(n.b_wins)}</td>
              <td>${n.played?m(n.a_rate):``}</td>`}</tr>`)}
      </table></div>`}render(){let e=this.view;if(!e)return t``;let i=e.config,a=t=>e.contestants.find(e=>e.name===t)?.description??``,o=this.typedPair,c=o&&o.over===JSON.stringify(i)?o:i,l=this.running;return t`
      <div>
        <form data-settings @submit=${e=>this.settings(e)} @input=${e=>{let t=Number(new FormData(e.currentTarget).get(`games`));this.typedGames=Number.isSafeInteger(t)&&t>0?t:void 0;let n=this.formConfig(e.currentTarget);this.typedPair={a:n.a,b:n.b,over:JSON.stringify(i)}}}>
          <label>game <select name="game" data-setting="game">
            <option value="tictactoe" ?selected=${i.game===`tictactoe`}>noughts and crosses</option>
            <option value="qubic" ?selected=${i.game===`qubic`}>3D tic-tac-toe (4×4×4)</option></select></label>
          <label>A <select name="a" data-setting="a">${e.contestants.map(e=>t`<option value=${e.name} ?selected=${e.name===i.a}>${e.name}</option>`)}</select></label>
          <label>B <select name="b" data-setting="b">${e.contestants.map(e=>t`<option value=${e.name} ?selected=${e.name===i.b}
            ?disabled=${!e.plays_second}>${e.name}${e.plays_second?``:` (X only)`}</option>`)}</select></label>
          <label>games <input type="number" name="games" min="1" max="1000000" .value=${String(i.games)} data-setting="games"></label>
          <label>seed <input type="number" name="seed" min="0" .value=${String(i.seed)} data-setting="seed"></label>
          <label>first mover <select name="sides" data-setting="sides">
            <option value="fixed" ?selected=${i.sides===`fixed`}>A every game</option>
            <option value="alternate" ?selected=${i.sides===`alternate`}>alternating</option></select></label>
          ${i.game===`qubic`?t`<label>A's levels off <input name="a_disable" .value=${i.a_disable} placeholder="e.g. 6,9" size="6"></label>
            <label>B's levels off <input name="b_disable" .value=${i.b_disable} placeholder="e.g. 6,9" size="6"></label>`:r}
          <button type="submit" data-action="apply">Apply</button>
        </form>
        <p class="desc" data-desc>A: ${a(c.a)}<br>B: ${a(c.b)}</p>
        <div class="row">
          <button data-action="run" ?disabled=${l} @click=${()=>this.run(`run`)}>${n.run}Run ${s(this.typedGames??i.games,`game`)}</button>
          <button data-action="round-robin" ?disabled=${l} @click=${()=>this.run(`round_robin`)}>Round robin (every pair)</button>
          <button data-action="cancel" ?disabled=${!e.busy||e.mode===`watching`} @click=${()=>this.cancel()}>${n.stop}Stop</button>
        </div>
        <div class="row">
          <label>pace <select data-setting="pace" @change=${t=>{this.interval=Number(t.target.value),this.running&&e.mode!==`watching`&&this.autoplay(this.tick(),this.interval)}}>${h.map(([e,n])=>t`<option value=${e} ?selected=${e===this.interval}>${n}</option>`)}</select></label>
          <label>watch game <input type="number" min="0" max=${i.games-1} .value=${String(this.watchGame)}
            @change=${e=>{this.watchGame=Number(e.target.value)}} data-setting="watch-game"></label>
          <button data-action="watch" @click=${()=>this.watch()}>${n.watch}Watch it</button>
          ${e.mode===`watching`?t`<lm-run-control .running=${l} .interval=${400}
            @run=${e=>this.autoplay({type:`step`},e.detail.interval)}
            @speed=${e=>this.autoplay({type:`step`},e.detail.interval)}
            @pause=${()=>this.stop()} @step=${()=>this.act({type:`step`})}></lm-run-control>`:r}
        </div>
        ${e.watch?t`<div data-watch>
          <h3>Game ${e.watch.game}: ${e.watch.first} (X, first) against ${e.watch.second} (O)</h3>
          ${this.board(e.watch)}
          <p data-moves>${e.watch.moves.join(` `)||t`<small>no move yet</small>`}</p>
          ${e.watch.result?t`<p class="status" data-result>${e.watch.result}${e.watch.failure?` (${e.watch.failure})`:``}</p>`:r}
        </div>`:r}
      </div>
      <div>
        ${e.mode===`tournament`&&e.tables.length?this.tournament(e):e.mode===`round_robin`?this.roundRobin(e):t`<p><small>Run a tournament: each game is seeded from the master seed and its number, exactly as
            <code>ludomat tournament</code> seeds it, so the table here is the terminal's for the same settings.
            The server plays the games in batches while you watch; Stop keeps what was played.</small></p>`}
      </div>`}};customElements.define(`lm-exhibit-arena`,g);export{g as ArenaExhibit};