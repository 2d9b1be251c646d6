import{f as e,g as t,l as n,m as r,o as i,t as a}from"./index.js";import{t as o}from"./exhibit.js";import"./lm-run-clock.js";var s={human_wins:`You win: four in a row.`,machine_wins:`The machine wins.`,tie:`The board is full: a tie.`,stopped:`The program stopped.`},c={other1:`OTHER-1 (levels 1–12)`,louden1962:`Louden's 1962 deck`,forced:`the proven forced win`},l={frontier:`following Patashnik to the frontier`,search:`searching`,certificate:`writing the certificate`,check:`the independent checker re-reads it`,done:`done`},u=[[9,`after Patashnik's first 9 stones (seconds)`],[7,`after 7 stones (about 10 s)`],[5,`after 5 stones (a minute or two)`],[3,`after 3 stones (several minutes)`],[0,`from the empty board (many minutes)`]];function d(e,t){let n=[];for(let r=t-1;r>=0;r--)n.push((e>>2*r&3)+1);return n.join(``)}var f=class extends o{static{this.properties={...o.properties,showTables:{state:!0},webgl:{state:!0},proof:{state:!0}}}static{this.pageSettings={prove_after:9}}constructor(){super(),this.loadingCube=!1,this.showTables=!1,this.proof=null,this.webgl=`loading`}static{this.styles=t`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 22rem); gap: 1.2rem 2rem; align-items: start; }
    @media (max-width: 60rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    .status { font-size: 1.3rem; font-weight: 600; margin: 0 0 0.5rem; }
    .planes { display: flex; gap: 0.9rem; flex-wrap: wrap; }
    .planes.d4 { display: grid; grid-template-columns: auto repeat(4, auto); gap: 0.4rem 0.7rem; align-items: center; }
    .plane { display: flex; flex-direction: column; gap: 0.2rem; }
    .plane h4 { margin: 0; font-size: 0.9rem; color: #5b5346; font-weight: 600; }
    .grid { display: grid; grid-template-columns: repeat(4, 2.6rem); gap: 3px; }
    .d4 .grid { grid-template-columns: repeat(4, 1.9rem); }
    .grid button { height: 2.6rem; font: 600 0.75rem/1 system-ui, sans-serif; border: 1px solid #8a7d66; border-radius: 4px; background: #fffdf8; color: #5b5346; cursor: pointer; padding: 0; }
    .d4 .grid button { height: 1.9rem; font-size: 0.6rem; }
    .grid button[disabled] { cursor: default; }
    .grid button.human { background: #f6d5d2; color: #b3261e; font-size: 1.1rem; }
    .grid button.machine { background: #d3e1f3; color: #1f5fa8; font-size: 1.1rem; }
    .d4 .grid button.human, .d4 .grid button.machine { font-size: 0.85rem; }
    .grid button.last { outline: 3px solid #1f5fa8; outline-offset: -3px; }
    .grid button.win { box-shadow: inset 0 0 0 3px #2e7d32; }
    .blocklabel { font-size: 0.9rem; color: #5b5346; font-weight: 600; }
    .cube { width: 100%; max-width: 34rem; aspect-ratio: 4 / 3; border: 1px solid #cbbf9f; border-radius: 6px; background: #f7f2e6; margin-top: 1rem; touch-action: none; }
    .note { color: #5b5346; font-size: 0.9rem; }
    .side { display: flex; flex-direction: column; gap: 0.8rem; }
    .level { background: #fffdf8; border: 1px solid #cbbf9f; border-radius: 6px; padding: 0.5rem 0.7rem; }
    .level b { font-size: 1.2rem; }
    .paper { background: #fbf7ea; border: 1px solid #cbbf9f; border-radius: 4px; max-height: 16rem; overflow-y: auto; padding: 0.4rem 0.7rem; font: 1rem/1.35 'Courier New', monospace; white-space: pre-wrap; margin: 0; }
    .tables { font: 0.85rem/1.35 'Courier New', monospace; background: #fffdf8; border: 1px solid #cbbf9f; border-radius: 6px; padding: 0.5rem; max-height: 20rem; overflow-y: auto; }
    .tables h4 { font-family: system-ui, sans-serif; margin: 0.4rem 0 0.2rem; }
    label { display: inline-flex; gap: 0.4rem; align-items: center; }
    select { max-width: 100%; }
    select, button.act { font-size: 1rem; padding: 0.3rem 0.6rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    .levels { display: flex; flex-wrap: wrap; gap: 0.2rem 0.6rem; font-size: 0.9rem; }
    .tally { display: flex; gap: 1rem; }
    .p { color: #b3261e; font-weight: 700; } .m { color: #1f5fa8; font-weight: 700; }
  `}willUpdate(e){if(e.has(`happenings`))for(let e of this.happenings)e.type===`run_progress`&&e.long_run===`prove`&&(this.proof=e)}describe(e){if(e.type===`run_progress`){let t=e,r=t.partial,a=t.result?.verdict.verdict;return`proof: ${r?`${l[r.phase]}, ${n(r.proved)} of ${r.positions?i(r.positions,`position`):`? positions`}, ${i(r.expansions,`expansion`)}`:``}${a?` — ${a.replace(`_`,` `)}`:``}`}switch(e.type){case`placed`:return e.by===`human`?`P plays ${e.cell}`:`M plays ${e.cell}: ${e.why}`;case`typed`:return`typewriter: ${e.line}`;case`note`:return e.text;case`game_over`:return`${s[e.result]}${e.line?` The row: ${e.line.join(` `)}`:``}`;case`new_game`:return`game ${e.game} begins`}}cubeCellPoint(e){return this.cube?.cellPoint(e)??null}play(e){let t=this.view;t&&t.human_to_move&&!t.cells[e]&&this.act({type:`play`,cell:d(e,t.dims)})}status(e){return e.deck_finished?`The deck has typed its last message: reset to play again.`:e.result?s[e.result]:e.human_to_move?`Your move (P): click a cell${this.webgl===`on`?` on a plane or in the cube`:``}.`:`The machine is thinking.`}planeGrid(e,t,n){let i=e.last_machine_move,a=[];for(let n=0;n<16;n++){let o=t+n,s=e.cells[o],c=d(o,e.dims),l=[s??``,o===i?`last`:``,e.line?.includes(o)?`win`:``].join(` `);a.push(r`<button class=${l} data-cell=${c} ?disabled=${!e.human_to_move||!!s}
        aria-label=${`cell ${c}, ${s===`human`?`yours (P)`:s===`machine`?`the machine's (M)`:`empty`}`}
        @click=${()=>this.play(o)}>${s===`human`?`P`:s===`machine`?`M`:c}</button>`)}return r`<div class="plane" data-plane=${n}><h4>${n}</h4><div class="grid">${a}</div></div>`}planes(e){if(e.dims===3)return r`<div class="planes d3">${[0,1,2,3].map(t=>this.planeGrid(e,t*16,`plane ${t+1}`))}</div>`;let t=[];for(let n=0;n<4;n++){t.push(r`<span class="blocklabel">block ${n+1}</span>`);for(let r=0;r<4;r++)t.push(this.planeGrid(e,n*64+r*16,`${n+1}·plane ${r+1}`))}return r`<div class="planes d4">${t}</div>`}tables(t,n){return r`<div class="tables" data-tables>
      ${t.levels_run.length?r`<div>levels run: ${t.levels_run.join(` `)}</div>`:e}
      ${t.k1===null?e:r`<div>K1 = ${t.k1} (where the preferred list is scanned from)</div>`}
      <h4>Row sums (player 1, machine 5 a cell)</h4>
      ${n.strategy===`louden1962`?r`<div class="note">LANE(M) for M ≤ 64 also carries +100 when cell M is marked, as the deck keeps it.</div>`:e}
      <div data-rows>${t.rows.map(e=>r`<div>${e.cells.join(` `)}: ${String(e.sum).padStart(2,`0`)}</div>`)}</div>
      <h4>Intersection marks</h4><div data-marks>${t.marks.join(` `)||`none`}</div>
      <h4>${n.strategy===`louden1962`?`J3 (level 6 save)`:`6MOV / 9MOV / held`}</h4>
      <div>${n.strategy===`louden1962`?t.mov6.join(` `)||`none`:r`6MOV: ${t.mov6.join(` `)||`—`}; 9MOV: ${t.mov9.join(` `)||`—`}; level 10 held: ${t.held??`—`}`}</div>
    </div>`}settings(t){let n=this.config,i=t.dims,a=t.strategy,o=t.disabled,s=e=>this.restart({...this.config,...e});return r`
      <label>Board <select data-setting="dims" @change=${e=>{let t=Number(e.target.value);s({dims:t,strategy:t===4?`forced`:`other1`,disable:[],machine_first:t===4})}}>
        <option value="3" ?selected=${i===3}>4×4×4 cube</option>
        <option value="4" ?selected=${i===4}>4×4×4×4</option></select></label>
      <label>Machine <select data-setting="strategy" @change=${e=>s({strategy:e.target.value,disable:[]})}>
        ${(i===3?[`other1`,`louden1962`,`forced`]:[`forced`,`other1`]).map(e=>r`<option value=${e} ?selected=${e===a}>${e===`forced`&&i===3?`the proven win (a checked certificate)`:c[e]}</option>`)}</select></label>
      ${a===`forced`?e:r`<label><input type="checkbox" data-setting="machine_first" .checked=${!!n.machine_first}
          @change=${e=>s({machine_first:e.target.checked})}> the machine moves first</label>`}
      ${a===`other1`?r`<div><span class="note">OTHER-1 levels switched off:</span><div class="levels">
        ${[3,4,5,6,7,8,9,10].map(e=>r`<label><input type="checkbox" data-level=${e} .checked=${o.includes(e)}
          @change=${t=>{let n=t.target.checked;s({disable:n?[...o,e].sort((e,t)=>e-t):o.filter(t=>t!==e)})}}>${e}</label>`)}</div></div>`:e}
      <div class="tally" data-tally>
        <span>game <b>${t.game}</b></span>
        <span><span class="p">P</span> wins <b>${t.tally.human_wins}</b></span>
        <span><span class="m">M</span> wins <b>${t.tally.machine_wins}</b></span>
        <span>ties <b>${t.tally.ties}</b></span>
      </div>
      <div><button class="act" data-action="new-game" ?disabled=${t.deck_finished} @click=${()=>this.act({type:`new_game`})}>New game</button></div>`}render(){let t=this.view;if(!t)return r``;let n=t.forced;return r`
      <div>
        <p class="status" data-status>${this.status(t)}</p>
        ${this.planes(t)}
        ${t.dims===3?r`<div class="cube" data-cube ?hidden=${this.webgl===`off`}></div>
          ${this.webgl===`off`?r`<p class="note" data-no-webgl>No WebGL in this browser: the 3D view is left out; the planes above play the same game.</p>`:r`<p class="note">Drag to turn the cube; click a cell to move there. Red P is yours, blue M the machine's; the winning row is drawn through the cube.</p>`}`:e}
      </div>
      <div class="side">
        ${n?r`<div class="level" data-forced>
            <div>The proof's answer: <b>${n.answer??`—`}</b> (move ${n.machine_moves})</div>
            <div>It needs at most <b data-left>${n.moves_left_at_most}</b> more move${n.moves_left_at_most===1?``:`s`} to win, whatever you do.</div></div>`:e}
        ${t.certificate?r`<div class="level" data-certificate>The machine plays ${t.certificate}.</div>`:e}
        ${t.found&&t.certificate!==t.found&&!this.proof?r`<div class="note" data-found>Kept with this visit: ${t.found}.
          <button class="act" data-action="play-found" @click=${()=>this.act({type:`play_found`})}>Play it</button></div>`:e}
        ${t.level?r`<div class="level" data-level>Strategy level <b>${t.level.number}</b>: ${t.level.meaning}</div>`:e}
        ${t.strategy===`louden1962`?r`<pre class="paper" data-paper aria-label="typewriter paper" aria-live="polite">${t.paper.join(`
`)}</pre>`:e}
        ${t.tables?r`<div><button class="act" data-action="tables" aria-pressed=${this.showTables}
            @click=${()=>{this.showTables=!this.showTables}}>${this.showTables?`Hide`:`Show`} the 1620's tables</button></div>
          ${this.showTables?this.tables(t.tables,t):e}`:e}
        ${this.settings(t)}
        ${t.dims===3?this.proofPanel():e}
      </div>`}proofPanel(){let t=Number(this.pageValues.prove_after??9),a=this.proof,o=a?.partial,s=this.running&&!!a&&!a.ended,c=a?.result?.verdict;return r`<fieldset data-proof><legend>Watch the 4×4×4 proof being found</legend>
      <div class="row">
        <label>Search <select data-setting="prove_after" @change=${e=>this.setSetting(`prove_after`,Number(e.target.value))}>
          ${u.map(([e,n])=>r`<option value=${e} ?selected=${e===t}>${n}</option>`)}</select></label>
        <button class="act" data-action="prove" ?disabled=${this.running} @click=${()=>{this.proof=null,this.host?.runLong(`prove`,{search_after:t})}}>Prove</button>
        <button class="act" data-action="stop-proof" ?disabled=${!s} @click=${()=>this.stop()}>Stop</button>
      </div>
      <lm-run-clock .report=${a} .cpuSeconds=${o?.cpu_seconds} cpuNote=" (the museum's, every visitor's work included)"></lm-run-clock>
      ${o?r`<div data-proof-progress>
        <progress max=${Math.max(o.positions,1)} .value=${o.proved} aria-label="positions proved"></progress>
        <div data-proof-phase>${l[o.phase]}: ${n(o.proved)} of ${o.positions?i(o.positions,`position`):`? positions`} proved, ${i(o.expansions,`expansion`)}</div>
        ${o.line.length&&!a?.ended?r`<div class="note" data-proof-line>looking at ${o.line.join(` `)}</div>`:e}
      </div>`:e}
      ${c?r`<div class="level" data-proof-verdict>${c.verdict===`proved`?r`<b>Proved: the first player wins.</b> The certificate (${i(c.certificate.records,`position`)}, ${i(c.certificate.bytes,`byte`)} gzip) was written and accepted by the independent checker, twice; ${a.result.total.seconds.toFixed(1)} s wall, ${a.result.total.cpu_seconds.toFixed(1)} s CPU.
            <button class="act" data-action="play-proof" @click=${()=>this.act({type:`play_found`})}>Play the proven win</button>
            <span class="note">(the certificate this proof just found, kept with your visit)</span>`:c.verdict===`cancelled`?`Stopped before the end.`:`Not proved: ${JSON.stringify(c)}`}</div>`:e}
    </fieldset>`}updated(){let e=this.renderRoot.querySelector(`[data-paper]`);e&&(e.scrollTop=e.scrollHeight);let t=this.view,n=this.renderRoot.querySelector(`[data-cube]`);!t||t.dims!==3||!n?(this.cube?.dispose(),this.cube=void 0):!this.cube&&!this.loadingCube&&this.webgl!==`off`?(this.loadingCube=!0,a(async()=>{let{createCube:e}=await import(`./qubic-cube.js`);return{createCube:e}},[]).then(({createCube:e})=>{this.loadingCube=!1;let t=e(n,e=>this.play(e));t?(this.cube=t,this.webgl=`on`,this.view&&t.show(this.view.cells,this.view.line,this.view.last_machine_move)):this.webgl=`off`})):this.cube?.show(t.cells,t.line,t.last_machine_move)}disconnectedCallback(){super.disconnectedCallback(),this.cube?.dispose(),this.cube=void 0}};customElements.define(`lm-exhibit-qubic`,f);export{f as QubicExhibit,d as cellName};