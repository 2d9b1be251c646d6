import{b as e,c as t,f as n,g as r,l as i,m as a,o,p as s,t as c,u as l,v as u}from"./index.js";import{t as d}from"./exhibit.js";import"./lm-run-clock.js";var f={human_wins:`You win: four in a row.`,machine_wins:`The machine wins.`,tie:`The board is full: a tie.`,stopped:`The program stopped.`},p={other1:`OTHER-1 (levels 1–12)`,louden1962:`Louden's 1962 deck`,forced:`the proven forced win`},m={frontier:`following Patashnik to the frontier`,search:`searching`,certificate:`writing the certificate`,check:`the independent checker re-reads it`,done:`done`},h=[[9,`after Patashnik's first 9 stones`],[7,`after 7 stones`],[5,`after 5 stones`],[3,`after 3 stones`],[0,`from the empty board`]],g={release:`release build`,debug:`development build`},_=e=>t(e[0],e[1]);function v(e,t){let n=[];for(let r=t-1;r>=0;r--)n.push((e>>2*r&3)+1);return n.join(``)}var y=class extends d{static{this.properties={...d.properties,showTables:{state:!0},webgl:{state:!0},proof:{state:!0},limitMs:{state:!0}}}static{this.pageSettings={prove_after:9}}constructor(){super(),this.loadingCube=!1,this.showTables=!1,this.proof=null,this.webgl=`loading`}static{this.styles=e`
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
  `}connectedCallback(){super.connectedCallback(),a().then(e=>{this.limitMs=e.limits.run_seconds*1e3}).catch(()=>{})}willUpdate(e){if(e.has(`happenings`))for(let e of this.happenings)e.type===`run_progress`&&e.long_run===`prove`&&(this.proof=e)}describe(e){if(e.type===`run_progress`){let t=e,r=t.partial,i=t.result?.verdict.verdict;return`proof: ${r?`${m[r.phase]}, ${n(r.proved)} of ${r.positions?o(r.positions,`position`):`? positions`}, ${o(r.expansions,`expansion`)}`:``}${i?` — ${i.replace(`_`,` `)}`:``}`}switch(e.type){case`placed`:return e.by===`human`?`P plays ${e.cell}`:`M plays ${e.cell}: ${e.why}`;case`typed`:return`typewriter: ${e.line}`;case`note`:return e.text;case`game_over`:return`${f[e.result]}${e.line?` The row: ${e.line.join(` `)}`:``}`;case`new_game`:return`game ${e.game} begins`}}cubeCellPoint(e){return this.cube?.cellPoint(e)??null}play(e){let t=this.view;t&&t.human_to_move&&!t.cells[e]&&this.act({type:`play`,cell:v(e,t.dims)})}status(e){return e.deck_finished?`The deck has typed its last message: reset to play again.`:e.result?f[e.result]:e.human_to_move?`Your move (P): click a cell${this.webgl===`on`?` on a plane or in the cube`:``}.`:`The machine is thinking.`}planeGrid(e,t,n){let r=e.last_machine_move,i=[];for(let n=0;n<16;n++){let a=t+n,o=e.cells[a],s=v(a,e.dims),c=[o??``,a===r?`last`:``,e.line?.includes(a)?`win`:``].join(` `);i.push(u`<button class=${c} data-cell=${s} ?disabled=${!e.human_to_move||!!o}
        aria-label=${`cell ${s}, ${o===`human`?`yours (P)`:o===`machine`?`the machine's (M)`:`empty`}`}
        @click=${()=>this.play(a)}>${o===`human`?`P`:o===`machine`?`M`:s}</button>`)}return u`<div class="plane" data-plane=${n}><h4>${n}</h4><div class="grid">${i}</div></div>`}planes(e){if(e.dims===3)return u`<div class="planes d3">${[0,1,2,3].map(t=>this.planeGrid(e,t*16,`plane ${t+1}`))}</div>`;let t=[];for(let n=0;n<4;n++){t.push(u`<span class="blocklabel">block ${n+1}</span>`);for(let r=0;r<4;r++)t.push(this.planeGrid(e,n*64+r*16,`${n+1}·plane ${r+1}`))}return u`<div class="planes d4">${t}</div>`}tables(e,t){return u`<div class="tables" data-tables>
      ${e.levels_run.length?u`<div>levels run: ${e.levels_run.join(` `)}</div>`:r}
      ${e.k1===null?r:u`<div>K1 = ${e.k1} (where the preferred list is scanned from)</div>`}
      <h4>Row sums (player 1, machine 5 a cell)</h4>
      ${t.strategy===`louden1962`?u`<div class="note">LANE(M) for M ≤ 64 also carries +100 when cell M is marked, as the deck keeps it.</div>`:r}
      <div data-rows>${e.rows.map(e=>u`<div>${e.cells.join(` `)}: ${String(e.sum).padStart(2,`0`)}</div>`)}</div>
      <h4>Intersection marks</h4><div data-marks>${e.marks.join(` `)||`none`}</div>
      <h4>${t.strategy===`louden1962`?`J3 (level 6 save)`:`6MOV / 9MOV / held`}</h4>
      <div>${t.strategy===`louden1962`?e.mov6.join(` `)||`none`:u`6MOV: ${e.mov6.join(` `)||`—`}; 9MOV: ${e.mov9.join(` `)||`—`}; level 10 held: ${e.held??`—`}`}</div>
    </div>`}settings(e){let t=this.config,n=e.dims,i=e.strategy,a=e.disabled,o=e=>this.restart({...this.config,...e});return u`
      <label>Board <select data-setting="dims" @change=${e=>{let t=Number(e.target.value);o({dims:t,strategy:t===4?`forced`:`other1`,disable:[],machine_first:t===4})}}>
        <option value="3" ?selected=${n===3}>4×4×4 cube</option>
        <option value="4" ?selected=${n===4}>4×4×4×4</option></select></label>
      <label>Machine <select data-setting="strategy" @change=${e=>o({strategy:e.target.value,disable:[]})}>
        ${(n===3?[`other1`,`louden1962`,`forced`]:[`forced`,`other1`]).map(e=>u`<option value=${e} ?selected=${e===i}>${e===`forced`&&n===3?`the proven win (a checked certificate)`:p[e]}</option>`)}</select></label>
      ${i===`forced`?r:u`<label><input type="checkbox" data-setting="machine_first" .checked=${!!t.machine_first}
          @change=${e=>o({machine_first:e.target.checked})}> the machine moves first</label>`}
      ${i===`other1`?u`<div><span class="note">OTHER-1 levels switched off:</span><div class="levels">
        ${[3,4,5,6,7,8,9,10].map(e=>u`<label><input type="checkbox" data-level=${e} .checked=${a.includes(e)}
          @change=${t=>{let n=t.target.checked;o({disable:n?[...a,e].sort((e,t)=>e-t):a.filter(t=>t!==e)})}}>${e}</label>`)}</div></div>`:r}
      <div class="tally" data-tally>
        <span>game <b>${e.game}</b></span>
        <span><span class="p">P</span> wins <b>${e.tally.human_wins}</b></span>
        <span><span class="m">M</span> wins <b>${e.tally.machine_wins}</b></span>
        <span>ties <b>${e.tally.ties}</b></span>
      </div>
      <div><button class="act" data-action="new-game" ?disabled=${e.deck_finished} @click=${()=>this.act({type:`new_game`})}>New game</button></div>`}render(){let e=this.view;if(!e)return u``;let t=e.forced;return u`
      <div>
        <p class="status" data-status>${this.status(e)}</p>
        ${this.planes(e)}
        ${e.dims===3?u`<div class="cube" data-cube ?hidden=${this.webgl===`off`}></div>
          ${this.webgl===`off`?u`<p class="note" data-no-webgl>No WebGL in this browser: the 3D view is left out; the planes above play the same game.</p>`:u`<p class="note">Drag to turn the cube; click a cell to move there. Red P is yours, blue M the machine's; the winning row is drawn through the cube.</p>`}`:r}
      </div>
      <div class="side">
        ${t?u`<div class="level" data-forced>
            <div>The proof's answer: <b>${t.answer??`—`}</b> (move ${t.machine_moves})</div>
            <div>It needs at most <b data-left>${t.moves_left_at_most}</b> more move${t.moves_left_at_most===1?``:`s`} to win, whatever you do.</div></div>`:r}
        ${e.certificate?u`<div class="level" data-certificate>The machine plays ${e.certificate}.</div>`:r}
        ${e.found&&e.certificate!==e.found&&!this.proof?u`<div class="note" data-found>Kept with this visit: ${e.found}.
          <button class="act" data-action="play-found" @click=${()=>this.act({type:`play_found`})}>Play it</button></div>`:r}
        ${e.level?u`<div class="level" data-level>Strategy level <b>${e.level.number}</b>: ${e.level.meaning}</div>`:r}
        ${e.strategy===`louden1962`?u`<pre class="paper" data-paper aria-label="typewriter paper" aria-live="polite">${e.paper.join(`
`)}</pre>`:r}
        ${e.tables?u`<div><button class="act" data-action="tables" aria-pressed=${this.showTables}
            @click=${()=>{this.showTables=!this.showTables}}>${this.showTables?`Hide`:`Show`} the 1620's tables</button></div>
          ${this.showTables?this.tables(e.tables,e):r}`:r}
        ${this.settings(e)}
        ${e.dims===3?this.proofPanel(e):r}
      </div>`}proofCost(e,t){let n=t.find(t=>t.after===e),a=e===0?`from the empty board`:`after Patashnik's first ${e} stones`,s=this.limitMs;if(!n)return u`<p class="note" data-proof-cost>The proof ${a} was not measured in this build: its time cannot be told before it runs.
      ${s?u`This museum stops a run after ${i(s/1e3)}.`:r}</p>`;let c=n.wall_ms[0]>0?u`, ${_(n.wall_ms)} wall with both cores free`:r,d=s?n.cpu_ms[1]/s:0;return u`<p class="note" data-proof-cost>Measured on this machine (2 cores, ${g[n.build]}${n.runs>1?`, ${o(n.runs,`run`)}`:``}):
      the proof ${a} took <b>${_(n.cpu_ms)} of CPU</b>${c}.
      Here it runs at a lower priority beside every visitor's work, so a busy museum takes longer.
      ${s?u`<span data-proof-limit>This museum stops a run after <b>${i(s/1e3)}</b>${d>2?u`: <b>this proof cannot finish within it</b> (it would need ${l(d)} cores the whole time)`:u`: it finishes within that if it gets at least ${l(d)} of a core on average`}.
        A proof stopped at the limit keeps the positions it proved but writes no certificate.</span>`:r}</p>`}proofPanel(e){let t=Number(this.pageValues.prove_after??9),a=this.proof,c=a?.partial,l=a?.result?.verdict,d=e.proof_costs??[],f=d.find(e=>e.after===t),p=this.startBlocked(),g=a?.cpu_ms,v=(e,t)=>{let n=d.find(t=>t.after===e);return n?`${t} (${_(n.cpu_ms)} CPU)`:t};return u`<fieldset data-proof><legend>Watch the 4×4×4 proof being found</legend>
      <div class="row">
        <label>Search <select data-setting="prove_after" @change=${e=>this.setSetting(`prove_after`,Number(e.target.value))}>
          ${h.map(([e,n])=>u`<option value=${e} ?selected=${e===t}>${v(e,n)}</option>`)}</select></label>
        <button class="act" data-action="prove" ?disabled=${this.running} title=${p} @click=${()=>{this.proof=null,this.host?.runLong(`prove`,{search_after:t})}}>Prove</button>
        <button class="act" data-action="stop-proof" ?disabled=${!this.running} @click=${()=>this.stop()}>${this.stopLabel()}</button>
      </div>
      ${p?u`<small class="note" data-start-why>${p}</small>`:r}
      ${a?r:this.proofCost(t,d)}
      <lm-run-clock .report=${a}></lm-run-clock>
      ${c?u`<div data-proof-progress>
        ${f&&g!==void 0&&!a?.ended?u`<progress max=${f.cpu_ms[1]} .value=${Math.min(g,f.cpu_ms[1])} aria-label="work done, by CPU time against the most the recorded runs needed"></progress>`:r}
        <div data-proof-phase>${m[c.phase]}: ${n(c.proved)} of ${c.positions?o(c.positions,`position`):`? positions`} proved, ${o(c.expansions,`expansion`)}</div>
        ${c.line.length&&!a?.ended?u`<div class="note" data-proof-line>looking at ${c.line.join(` `)}</div>`:r}
      </div>`:r}
      ${l?u`<div class="level" data-proof-verdict>${l.verdict===`proved`?u`<b>Proved: the first player wins.</b> The certificate (${o(l.certificate.records,`position`)}, ${o(l.certificate.bytes,`byte`)} gzip) was written and accepted by the independent checker, twice; ${s(a.elapsed_ms,g??0)}.
            <button class="act" data-action="play-proof" @click=${()=>this.act({type:`play_found`})}>Play the proven win</button>
            <span class="note">(the certificate this proof just found, kept with your visit)</span>`:l.verdict===`cancelled`?a?.timed_out?u`<span data-proof-timed-out><b>Stopped at the museum's limit</b>${this.limitMs?` (${i(this.limitMs/1e3)})`:``} before the end: ${n(c?.proved??0)} of ${c?.positions?o(c.positions,`position`):`? positions`} proved, no certificate written. The proof did not finish here; the bundled certificate still plays the proven win.</span>`:`Stopped before the end: ${n(c?.proved??0)} of ${c?.positions?o(c.positions,`position`):`? positions`} proved, no certificate written.`:`Not proved: ${JSON.stringify(l)}`}</div>`:r}
    </fieldset>`}updated(){let e=this.renderRoot.querySelector(`[data-paper]`);e&&(e.scrollTop=e.scrollHeight);let t=this.view,n=this.renderRoot.querySelector(`[data-cube]`);!t||t.dims!==3||!n?(this.cube?.dispose(),this.cube=void 0):!this.cube&&!this.loadingCube&&this.webgl!==`off`?(this.loadingCube=!0,c(async()=>{let{createCube:e}=await import(`./qubic-cube.js`);return{createCube:e}},[]).then(({createCube:e})=>{this.loadingCube=!1;let t=e(n,e=>this.play(e));t?(this.cube=t,this.webgl=`on`,this.view&&t.show(this.view.cells,this.view.line,this.view.last_machine_move)):this.webgl=`off`})):this.cube?.show(t.cells,t.line,t.last_machine_move)}disconnectedCallback(){super.disconnectedCallback(),this.cube?.dispose(),this.cube=void 0}};customElements.define(`lm-exhibit-qubic`,y);export{y as QubicExhibit,v as cellName};