import{a as e,b as t,f as n,g as r,o as i,v as a,y as o}from"./index.js";import{t as s}from"./exhibit.js";import"./lm-run-control.js";var c={tictactoe:[`perfect`,`menace`],qubic:[`other1`,`louden1962`]},l={a:`#b3261e`,draws:`#8a7d66`,b:`#1f5fa8`},u=e=>`${e.toFixed(2)} %`,d=[[10,`flat out`,2e4],[50,`quick (200 games a tick)`,200],[250,`slow (20 games a tick)`,20],[600,`one game a tick`,1]],f=class extends s{static{this.properties={...s.properties,interval:{state:!0},watchGame:{state:!0}}}constructor(){super(),this.interval=10,this.watchGame=0}static{this.styles=t`
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
  `}describe(e){switch(e.type){case`watching`:return`watching game ${e.game}: ${e.first} moves first, ${e.second} second`;case`moved`:return`${e.by} plays ${e.cell}`;case`game_over`:return`game over: ${e.result}`;case`started`:return`${e.pairs===1?`a tournament`:`a round robin of ${i(e.pairs,`pair`)}`}: ${i(e.games,`game`)}`;case`played`:return`${e.pair}: ${i(e.games,`game`)} (${n(e.done)} done)`;case`finished`:return`finished: ${i(e.games,`game`)} played`;case`cancelled`:return`cancelled after ${i(e.games,`game`)}`;case`reset`:return`new settings`}}settings(e){e.preventDefault();let t=new FormData(e.target),n=String(t.get(`game`)),r=this.view.config,i=String(t.get(`a`)??``),a=String(t.get(`b`)??``);n!==r.game&&([i,a]=c[n]),this.restart({game:n,a:i,b:a,games:Number(t.get(`games`)),seed:Number(t.get(`seed`)),sides:String(t.get(`sides`)),a_disable:n===`qubic`?String(t.get(`a_disable`)??``):``,b_disable:n===`qubic`?String(t.get(`b_disable`)??``):``})}async run(e){await this.act({type:e})&&this.autoplay(this.tick(),this.interval)}tick(){return{type:`batch`,games:d.find(([e])=>e===this.interval)?.[2]??2e4}}async cancel(){await this.stop(),await this.act({type:`cancel`})}async watch(){await this.act({type:`watch`,game:this.watchGame})&&this.autoplay({type:`step`},400)}board(e){let t=t=>a`<span class="cell ${e.cells[t]===`X`?`x`:e.cells[t]===`O`?`o`:``}" data-cell=${t}>${e.cells[t]}</span>`;return e.size===9?a`<div class="board" data-board>${[...Array(9).keys()].map(t)}</div>`:a`<div class="planes" data-board>${[0,1,2,3].map(e=>a`<div><small>plane ${e+1}</small>
      <div class="plane">${[...Array(16).keys()].map(n=>t(e*16+n))}</div></div>`)}</div>`}rates(e){let t=[[`A (${e.a}) wins`,e.a_rate,l.a],[`draws`,e.draw_rate,l.draws],[`B (${e.b}) wins`,e.b_rate,l.b]],n=e=>150+e/100*390,r=10+t.length*30+4;return a`<svg class="chart" data-rates viewBox="0 0 ${560} ${r+34}" role="img" aria-label="rates with 95 % intervals">
      ${t.map(([e,t,r],i)=>{let a=10+i*30;return o`<text x="4" y=${a+16}>${e.length>24?`${e.slice(0,23)}…`:e}</text>
          <rect x=${n(0)} y=${a+4} width=${Math.max(0,n(t.rate)-n(0))} height="16" fill=${r} opacity="0.8"/>
          <line x1=${n(t.low)} x2=${n(t.high)} y1=${a+12} y2=${a+12} stroke="#1d1b18" stroke-width="2"/>
          <line x1=${n(t.low)} x2=${n(t.low)} y1=${a+6} y2=${a+18} stroke="#1d1b18" stroke-width="2"/>
          <line x1=${n(t.high)} x2=${n(t.high)} y1=${a+6} y2=${a+18} stroke="#1d1b18" stroke-width="2"/>`})}
      <line x1=${n(0)} x2=${n(100)} y1=${r} y2=${r} stroke="#5b5346"/>
      ${[0,20,40,60,80,100].map(e=>o`<line x1=${n(e)} x2=${n(e)} y1=${r} y2=${r+4} stroke="#5b5346"/>
        <text x=${n(e)} y=${r+16} text-anchor="middle">${e} %</text>`)}
      <text x=${540} y=${r+30} text-anchor="end">share of games (bars) with 95 % Wilson interval (whiskers)</text>
    </svg>`}curve(e){if(e.curve.length<2)return r;let t=Math.max(...e.curve.map(e=>e.games)),n=e=>44+e/t*500,i=e=>10+(1-e/100)*160,s=t=>e.curve.map((e,r)=>`${r?`L`:`M`}${n(e.games)} ${i(e[t])}`).join(` `),c=[0,.25,.5,.75,1].map(e=>Math.round(e*t));return a`<svg class="chart" data-curve viewBox="0 0 ${560} ${200}" role="img" aria-label="running rates">
      ${[0,25,50,75,100].map(e=>o`<line x1=${44} x2=${544} y1=${i(e)} y2=${i(e)} stroke="#e4dccb"/>
        <text x=${40} y=${i(e)+4} text-anchor="end">${e} %</text>`)}
      ${c.map(e=>o`<text x=${n(e)} y=${186} text-anchor="middle">${e}</text>`)}
      <text x=${544} y=${198} text-anchor="end">games played</text>
      <path d=${s(`a`)} fill="none" stroke=${l.a} stroke-width="2"/>
      <path d=${s(`draws`)} fill="none" stroke=${l.draws} stroke-width="2" stroke-dasharray="4 3"/>
      <path d=${s(`b`)} fill="none" stroke=${l.b} stroke-width="2"/>
      <text x=${50} y=${22} fill=${l.a}>A wins</text>
      <text x=${114} y=${22} fill=${l.draws}>draws</text>
      <text x=${174} y=${22} fill=${l.b}>B wins</text>
    </svg>`}tournament(e){let t=e.tables[0];return a`<div data-tournament>
      <p class="status" data-progress-text>${n(t.played)} of ${i(t.total,`game`)}${e.cancelled?` — cancelled`:e.busy?``:` — finished`}</p>
      <progress max=${t.total} value=${t.played}></progress>
      <table data-table>
        <tr><th>result</th><th>games</th><th>rate</th><th>95 % interval</th></tr>
        <tr data-row="a"><td>A (${t.a}) wins</td><td data-count>${t.a_wins}</td><td>${u(t.a_rate.rate)}</td><td>[${u(t.a_rate.low)}, ${u(t.a_rate.high)}]</td></tr>
        <tr data-row="draws"><td>draws</td><td data-count>${t.draws}</td><td>${u(t.draw_rate.rate)}</td><td>[${u(t.draw_rate.low)}, ${u(t.draw_rate.high)}]</td></tr>
        <tr data-row="b"><td>B (${t.b}) wins</td><td data-count>${t.b_wins}</td><td>${u(t.b_rate.rate)}</td><td>[${u(t.b_rate.low)}, ${u(t.b_rate.high)}]</td></tr>
        ${t.failed?a`<tr><td>could not be finished</td><td>${t.failed}</td><td></td><td></td></tr>`:r}
      </table>
      <h3>A against B, by who moved first</h3>
      <table><tr><th></th><th>A wins</th><th>draws</th><th>B wins</th></tr>
        ${[`A first`,`B first`].map((e,n)=>a`<tr><td>${e}</td>${t.by_first[n].map(e=>a`<td>${e}</td>`)}</tr>`)}</table>
      ${this.rates(t)}
      ${this.curve(t)}
      <h3>As the terminal prints it</h3>
      <pre data-table-text>${t.text}</pre>
      <p><small>The same table comes from <code data-command>${this.command(e)}</code>.</small></p>
    </div>`}command(e){let t=e.config;if(t.game===`tictactoe`)return`ludomat tournament tictactoe --x ${t.a} --o ${t.b} --games ${t.games} --seed ${t.seed} --sides ${t.sides}`;let n=`${t.a_disable?` --x-disable ${t.a_disable}`:``}${t.b_disable?` --o-disable ${t.b_disable}`:``}`;return`ludomat tournament qubic --x ${t.a} --o ${t.b} --games ${t.games} --seed ${t.seed} --sides ${t.sides}${n}`}roundRobin(e){return a`<div data-round-robin>
      <p class="status" data-progress-text>${n(e.played)} of ${i(e.total,`game`)}${e.cancelled?` — cancelled`:e.busy?``:` — finished`}</p>
      <progress max=${e.total} value=${e.played}></progress>
      <table data-pairs><tr><th>A</th><th>B</th><th>games</th><th>A wins</th><th>draws</th><th>B wins</th><th>A's win rate [95 %]</th></tr>
        ${e.tables.map((t,n)=>a`<tr class=${n===e.current&&e.busy?`current`:``} data-pair=${n}>
          <td>${t.a}</td><td>${t.b}</td>
          ${t.skipped?a`<td colspan="5"><small>${t.skipped}</small></td>`:a`<td>${t.played}/${t.total}</td><td>${t.a_wins}</td><td>${t.draws}</td><td>${t.b_wins}</td>
              <td>${t.played?`${u(t.a_rate.rate)} [${u(t.a_rate.low)}, ${u(t.a_rate.high)}]`:``}</td>`}</tr>`)}
      </table></div>`}render(){let t=this.view;if(!t)return a``;let n=t.config,o=e=>t.contestants.find(t=>t.name===e)?.description??``,s=this.running;return a`
      <div>
        <form data-settings @submit=${e=>this.settings(e)}>
          <label>game <select name="game" data-setting="game">
            <option value="tictactoe" ?selected=${n.game===`tictactoe`}>noughts and crosses</option>
            <option value="qubic" ?selected=${n.game===`qubic`}>3D tic-tac-toe (4×4×4)</option></select></label>
          <label>A <select name="a" data-setting="a">${t.contestants.map(e=>a`<option value=${e.name} ?selected=${e.name===n.a}>${e.name}</option>`)}</select></label>
          <label>B <select name="b" data-setting="b">${t.contestants.map(e=>a`<option value=${e.name} ?selected=${e.name===n.b}
            ?disabled=${!e.plays_second}>${e.name}${e.plays_second?``:` (X only)`}</option>`)}</select></label>
          <label>games <input type="number" name="games" min="1" max="1000000" .value=${String(n.games)} data-setting="games"></label>
          <label>seed <input type="number" name="seed" min="0" .value=${String(n.seed)} data-setting="seed"></label>
          <label>first mover <select name="sides" data-setting="sides">
            <option value="fixed" ?selected=${n.sides===`fixed`}>A every game</option>
            <option value="alternate" ?selected=${n.sides===`alternate`}>alternating</option></select></label>
          ${n.game===`qubic`?a`<label>A's levels off <input name="a_disable" .value=${n.a_disable} placeholder="e.g. 6,9" size="6"></label>
            <label>B's levels off <input name="b_disable" .value=${n.b_disable} placeholder="e.g. 6,9" size="6"></label>`:r}
          <button type="submit" data-action="apply">Apply</button>
        </form>
        <p class="desc" data-desc>A: ${o(n.a)}<br>B: ${o(n.b)}</p>
        <div class="row">
          <button data-action="run" ?disabled=${s} @click=${()=>this.run(`run`)}>${e.run}Run ${i(n.games,`game`)}</button>
          <button data-action="round-robin" ?disabled=${s} @click=${()=>this.run(`round_robin`)}>Round robin (every pair)</button>
          <button data-action="cancel" ?disabled=${!t.busy||t.mode===`watching`} @click=${()=>this.cancel()}>${e.stop}Cancel</button>
        </div>
        <div class="row">
          <label>pace <select data-setting="pace" @change=${e=>{this.interval=Number(e.target.value),this.running&&t.mode!==`watching`&&this.autoplay(this.tick(),this.interval)}}>${d.map(([e,t])=>a`<option value=${e} ?selected=${e===this.interval}>${t}</option>`)}</select></label>
          <label>watch game <input type="number" min="0" max=${n.games-1} .value=${String(this.watchGame)}
            @change=${e=>{this.watchGame=Number(e.target.value)}} data-setting="watch-game"></label>
          <button data-action="watch" @click=${()=>this.watch()}>${e.watch}Watch it</button>
          ${t.mode===`watching`?a`<lm-run-control .running=${s} .interval=${400}
            @run=${e=>this.autoplay({type:`step`},e.detail.interval)}
            @speed=${e=>this.autoplay({type:`step`},e.detail.interval)}
            @pause=${()=>this.stop()} @step=${()=>this.act({type:`step`})}></lm-run-control>`:r}
        </div>
        ${t.watch?a`<div data-watch>
          <h3>Game ${t.watch.game}: ${t.watch.first} (X, first) against ${t.watch.second} (O)</h3>
          ${this.board(t.watch)}
          <p data-moves>${t.watch.moves.join(` `)||a`<small>no move yet</small>`}</p>
          ${t.watch.result?a`<p class="status" data-result>${t.watch.result}${t.watch.failure?` (${t.watch.failure})`:``}</p>`:r}
        </div>`:r}
      </div>
      <div>
        ${t.mode===`tournament`&&t.tables.length?this.tournament(t):t.mode===`round_robin`?this.roundRobin(t):a`<p><small>Run a tournament: each game is seeded from the master seed and its number, exactly as
            <code>ludomat tournament</code> seeds it, so the table here is the terminal's for the same settings.
            The server plays the games in batches while you watch; Cancel keeps what was played.</small></p>`}
      </div>`}};customElements.define(`lm-exhibit-arena`,f);export{f as ArenaExhibit};