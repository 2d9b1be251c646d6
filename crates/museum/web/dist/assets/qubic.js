import{_ as e,c as t,d as n,h as r,l as i,m as a,o,p as s,t as c,u as l,x as u,y as d}from"./index.js";import{t as f}from"./exhibit.js";import"./lm-run-clock.js";var p={human_wins:`You win: four in a row.`,machine_wins:`The machine wins.`,tie:`The board is full: a tie.`,stopped:`The program stopped.`},m={other1:`OTHER-1 (levels 1–12)`,louden1962:`Louden's 1962 deck`,forced:`the proven forced win`},h={frontier:`following Patashnik to the frontier`,search:`searching`,certificate:`writing the certificate`,check:`the independent checker re-reads it`,done:`finished`},g=[[9,`after Patashnik's first 9 stones`],[7,`after 7 stones`],[5,`after 5 stones`],[3,`after 3 stones`],[0,`from the empty board`]],_={release:`release build`,debug:`development build`},v=e=>t(e[0],e[1]);function y(e,t){let n=[];for(let r=t-1;r>=0;r--)n.push((e>>2*r&3)+1);return n.join(``)}var b=class extends f{static{this.properties={...f.properties,showTables:{state:!0},webgl:{state:!0},proof:{state:!0},limitMs:{state:!0}}}static{this.pageSettings={prove_after:9}}constructor(){super(),this.loadingCube=!1,this.showTables=!1,this.proof=null,this.webgl=`loading`}static{this.styles=u`
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
  `}connectedCallback(){super.connectedCallback(),r().then(e=>{this.limitMs=e.limits.run_seconds*1e3}).catch(()=>{})}willUpdate(e){if(e.has(`happenings`))for(let e of this.happenings)e.type===`run_progress`&&e.long_run===`prove`&&(this.proof=e)}describe(e){if(e.type===`run_progress`){let t=e,n=t.partial,r=t.result?.verdict.verdict;return`proof: ${n?`${h[n.phase]}, ${s(n.proved)} of ${n.positions?o(n.positions,`position`):`? positions`}, ${o(n.expansions,`expansion`)}`:``}${r?` — ${r.replace(`_`,` `)}`:``}`}switch(e.type){case`placed`:return e.by===`human`?`P plays ${e.cell}`:`M plays ${e.cell}: ${e.why}`;case`typed`:return`typewriter: ${e.line}`;case`note`:return e.text;case`game_over`:return`${p[e.result]}${e.line?` The row: ${e.line.join(` `)}`:``}`;case`new_game`:return`game ${s(e.game)} begins`}}cubeCellPoint(e){return this.cube?.cellPoint(e)??null}play(e){let t=this.view;t&&t.human_to_move&&!t.cells[e]&&this.act({type:`play`,cell:y(e,t.dims)})}status(e){return e.deck_finished?`The deck has typed its last message: reset to play again.`:e.result?p[e.result]:e.human_to_move?`Your move (P): click a cell${this.webgl===`on`?` on a plane or in the cube`:``}.`:`The machine is thinking.`}planeGrid(e,t,n){let r=e.last_machine_move,i=[];for(let n=0;n<16;n++){let a=t+n,o=e.cells[a],s=y(a,e.dims),c=[o??``,a===r?`last`:``,e.line?.includes(a)?`win`:``].join(` `);i.push(d`<button class=${c} data-cell=${s} ?disabled=${!e.human_to_move||!!o}
        aria-label=${`cell ${s}, ${o===`human`?`yours (P)`:o===`machine`?`the machine's (M)`:`empty`}`}
        @click=${()=>this.play(a)}>${o===`human`?`P`:o===`machine`?`M`:s}</button>`)}return d`<div class="plane" data-plane=${n}><h4>${n}</h4><div class="grid">${i}</div></div>`}planes(e){if(e.dims===3)return d`<div class="planes d3">${[0,1,2,3].map(t=>this.planeGrid(e,t*16,`plane ${t+1}`))}</div>`;let t=[];for(let n=0;n<4;n++){t.push(d`<span class="blocklabel">block ${n+1}</span>`);for(let r=0;r<4;r++)t.push(this.planeGrid(e,n*64+r*16,`${n+1}·plane ${r+1}`))}return d`<div class="planes d4">${t}</div>`}tables(t,n){return d`<div class="tables" data-tables>
      ${t.levels_run.length?d`<div>levels run: ${t.levels_run.join(` `)}</div>`:e}
      ${t.k1===null?e:d`<div>K1 = ${t.k1} (where the preferred list is scanned from)</div>`}
      <h4>Row sums (player 1, machine 5 a cell)</h4>
      ${n.strategy===`louden1962`?d`<div class="note">LANE(M) for M ≤ 64 also carries +100 when cell M is marked, as the deck keeps it.</div>`:e}
      <div data-rows>${t.rows.map(e=>d`<div>${e.cells.join(` `)}: ${String(e.sum).padStart(2,`0`)}</div>`)}</div>
      <h4>Intersection marks</h4><div data-marks>${t.marks.join(` `)||`none`}</div>
      <h4>${n.strategy===`louden1962`?`J3 (level 6 save)`:`6MOV / 9MOV / held`}</h4>
      <div>${n.strategy===`louden1962`?t.mov6.join(` `)||`none`:d`6MOV: ${t.mov6.join(` `)||`—`}; 9MOV: ${t.mov9.join(` `)||`—`}; level 10 held: ${t.held??`—`}`}</div>
    </div>`}settings(t){let r=this.config,i=t.dims,a=t.strategy,o=t.disabled,c=e=>this.restart({...this.config,...e});return d`
      <label>Board <select data-setting="dims" @change=${e=>{let t=Number(e.target.value);c({dims:t,strategy:t===4?`forced`:`other1`,disable:[],machine_first:t===4})}}>
        <option value="3" ?selected=${i===3}>4×4×4 cube</option>
        <option value="4" ?selected=${i===4}>4×4×4×4</option></select></label>
      <label>Machine <select data-setting="strategy" @change=${e=>c({strategy:e.target.value,disable:[]})}>
        ${(i===3?[`other1`,`louden1962`,`forced`]:[`forced`,`other1`]).map(e=>d`<option value=${e} ?selected=${e===a}>${e===`forced`&&i===3?`the proven win (a checked certificate)`:m[e]}</option>`)}</select></label>
      ${a===`forced`?e:d`<label><input type="checkbox" data-setting="machine_first" .checked=${!!r.machine_first}
          @change=${e=>c({machine_first:e.target.checked})}> the machine moves first</label>`}
      ${a===`other1`?d`<div><span class="note">OTHER-1 levels switched off:</span><div class="levels">
        ${[3,4,5,6,7,8,9,10].map(e=>d`<label><input type="checkbox" data-level=${e} .checked=${o.includes(e)}
          @change=${t=>{let n=t.target.checked;c({disable:n?[...o,e].sort((e,t)=>e-t):o.filter(t=>t!==e)})}}>${e}</label>`)}</div></div>`:e}
      <div class="tally" data-tally>
        <span>game <b>${s(t.game)}</b></span>
        <span>you (<span class="p">P</span>): <b>${n(t.tally.human_wins,t.tally.ties,t.tally.machine_wins)}</b></span>
      </div>
      <div><button class="act" data-action="new-game" ?disabled=${t.deck_finished} @click=${()=>this.act({type:`new_game`})}>New game</button></div>`}render(){let t=this.view;if(!t)return d``;let n=t.forced;return d`
      <div>
        <p class="status" data-status>${this.status(t)}</p>
        ${this.planes(t)}
        ${t.dims===3?d`<div class="cube" data-cube ?hidden=${this.webgl===`off`}></div>
          ${this.webgl===`off`?d`<p class="note" data-no-webgl>No WebGL in this browser: the 3D view is left out; the planes above play the same game.</p>`:d`<p class="note">Drag to turn the cube; click a cell to move there. Red P is yours, blue M the machine's; the winning row is drawn through the cube.</p>`}`:e}
      </div>
      <div class="side">
        ${n?d`<div class="level" data-forced>
            <div>The proof's answer: <b>${n.answer??`—`}</b> (move ${n.machine_moves})</div>
            <div>It needs at most <b data-left>${n.moves_left_at_most}</b> more move${n.moves_left_at_most===1?``:`s`} to win, whatever you do.</div></div>`:e}
        ${t.certificate?d`<div class="level" data-certificate>The machine plays ${t.certificate}.</div>`:e}
        ${t.found&&t.certificate!==t.found&&!this.proof?d`<div class="note" data-found>Kept with this visit: ${t.found}.
          <button class="act" data-action="play-found" @click=${()=>this.act({type:`play_found`})}>Play it</button></div>`:e}
        ${t.level?d`<div class="level" data-level>Strategy level <b>${t.level.number}</b>: ${t.level.meaning}</div>`:e}
        ${t.strategy===`louden1962`?d`<pre class="paper" data-paper aria-label="typewriter paper" aria-live="polite">${t.paper.join(`
`)}</pre>`:e}
        ${t.tables?d`<div><button class="act" data-action="tables" aria-pressed=${this.showTables}
            @click=${()=>{this.showTables=!this.showTables}}>${this.showTables?`Hide`:`Show`} the 1620's tables</button></div>
          ${this.showTables?this.tables(t.tables,t):e}`:e}
        ${this.settings(t)}
        ${t.dims===3?this.proofPanel(t):e}
      </div>`}proofCost(t,n){let r=n.find(e=>e.after===t),a=t===0?`from the empty board`:`after Patashnik's first ${t} stones`,s=this.limitMs;if(!r)return d`<p class="note" data-proof-cost>The proof ${a} was not measured in this build: its time cannot be told before it runs.
      ${s?d`A run stops at the museum's limit of ${i(s/1e3)}.`:e}</p>`;let c=r.wall_ms[0]>0?d`, ${v(r.wall_ms)} wall with both cores free`:e,u=s?r.cpu_ms[1]/s:0;return d`<p class="note" data-proof-cost>Measured on this machine (2 cores, ${_[r.build]}${r.runs>1?`, ${o(r.runs,`run`)}`:``}):
      the proof ${a} took <b>${v(r.cpu_ms)} of CPU</b>${c}.
      Here it runs at a lower priority beside every visitor's work, so a busy museum takes longer.
      ${s?d`<span data-proof-limit>A run stops at the museum's limit of <b>${i(s/1e3)}</b>${u>2?d`: <b>this proof cannot finish within it</b> (it would need ${l(u)} cores the whole time)`:d`: it finishes within that if it gets at least ${l(u)} of a core on average`}.
        A proof stopped at the limit keeps the positions it proved but writes no certificate.</span>`:e}</p>`}proofPanel(t){let n=Number(this.pageValues.prove_after??9),r=this.proof,c=r?.partial,l=r?.result?.verdict,u=t.proof_costs??[],f=u.find(e=>e.after===n),p=this.runOf(`prove`,r),m=this.startBlocked(p),_=r?.cpu_ms,y=l?.verdict===`cancelled`||!!r?.ended&&l?.verdict!==`proved`&&c?.phase===`done`,b=(e,t)=>{let n=u.find(t=>t.after===e);return n?`${t} (${v(n.cpu_ms)} CPU)`:t};return d`<fieldset data-proof><legend>Watch the 4×4×4 proof being found</legend>
      <div class="row">
        <label>Search <select data-setting="prove_after" @change=${e=>this.setSetting(`prove_after`,Number(e.target.value))}>
          ${g.map(([e,t])=>d`<option value=${e} ?selected=${e===n}>${b(e,t)}</option>`)}</select></label>
        <button class="act" data-action="prove" ?disabled=${this.running} title=${m} @click=${()=>{this.proof=null,this.ownRun=`prove`,this.host?.runLong(`prove`,{search_after:n})}}>Prove</button>
        <button class="act" data-action="stop-proof" ?disabled=${!this.running} @click=${()=>this.stop()}>${this.stopLabel()}</button>
      </div>
      ${m?d`<small class="note" data-start-why>${m}</small>`:e}
      ${r?e:this.proofCost(n,u)}
      ${r||p?d`<lm-run-clock .report=${r} .running=${p}></lm-run-clock>`:e}
      ${c?d`<div data-proof-progress>
        ${!r?.ended&&c.positions?d`<progress max=${c.positions} .value=${Math.min(c.proved,c.positions)} aria-label="positions proved"></progress>`:!r?.ended&&f&&_!==void 0?d`<progress max=${f.cpu_ms[1]} .value=${Math.min(_,f.cpu_ms[1])} aria-label="work done, by CPU time against the most the recorded runs needed"></progress>`:e}
        <div data-proof-phase>${y?`stopped`:h[c.phase]}: ${c.positions?`${s(c.proved)} of ${o(c.positions,`position`)} proved`:`${o(c.proved,`position`)} proved so far`}, ${o(c.expansions,`expansion`)}${c.positions?``:`; how many positions there are is known only at the end`}</div>
        ${c.line.length&&!r?.ended?d`<div class="note" data-proof-line>looking at ${c.line.join(` `)}</div>`:e}
      </div>`:e}
      ${l?d`<div class="level" data-proof-verdict>${l.verdict===`proved`?d`<b>Proved: the first player wins.</b> The certificate (${o(l.certificate.records,`position`)}, ${o(l.certificate.bytes,`byte`)} gzip) was written and accepted by the independent checker, twice; ${a(r.elapsed_ms,_??0)}.
            <button class="act" data-action="play-proof" @click=${()=>this.act({type:`play_found`})}>Play the proven win</button>
            <span class="note">(the certificate this proof just found, kept with your visit)</span>`:l.verdict===`cancelled`?r?.timed_out?d`<span data-proof-timed-out><b>Stopped at the museum's limit${this.limitMs?` of ${i(this.limitMs/1e3)}`:``}</b> before the end: ${c?.positions?`${s(c.proved)} of ${o(c.positions,`position`)}`:o(c?.proved??0,`position`)} proved, no certificate written. The proof did not finish here; the bundled certificate still plays the proven win.</span>`:`Stopped before the end: ${c?.positions?`${s(c.proved)} of ${o(c.positions,`position`)}`:o(c?.proved??0,`position`)} proved, no certificate written.`:`Not proved: ${JSON.stringify(l)}`}</div>`:e}
    </fieldset>`}updated(){let e=this.renderRoot.querySelector(`[data-paper]`);e&&(e.scrollTop=e.scrollHeight);let t=this.view,n=this.renderRoot.querySelector(`[data-cube]`);!t||t.dims!==3||!n?(this.cube?.dispose(),this.cube=void 0):!this.cube&&!this.loadingCube&&this.webgl!==`off`?(this.loadingCube=!0,c(async()=>{let{createCube:e}=await import(`./qubic-cube.js`);return{createCube:e}},[]).then(({createCube:e})=>{this.loadingCube=!1;let t=e(n,e=>this.play(e));t?(this.cube=t,this.webgl=`on`,this.view&&t.show(this.view.cells,this.view.line,this.view.last_machine_move)):this.webgl=`off`})):this.cube?.show(t.cells,t.line,t.last_machine_move)}disconnectedCallback(){super.disconnectedCallback(),this.cube?.dispose(),this.cube=void 0}};customElements.define(`lm-exhibit-qubic`,b);export{b as QubicExhibit,y as cellName};