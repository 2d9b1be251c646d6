import{S as e,b as t,c as n,d as r,f as i,h as a,o,p as s,t as c,u as l,v as u,w as d}from"./index.js";import{t as f}from"./exhibit.js";import"./lm-run-clock.js";var p={human_wins:`You win: four in a row.`,machine_wins:`The machine wins.`,tie:`The board is full: a draw.`,stopped:`The program stopped.`},m={other1:`OTHER-1 (levels 1–12)`,louden1962:`Louden's 1962 deck`,forced:`the proven forced win`},h={frontier:`following Patashnik to the frontier`,search:`searching`,certificate:`writing the certificate`,check:`the independent checker re-reads it`,done:`finished`};function g(e){if(e>=1)return`${r(e)} ${e===1?`core`:`cores`}`;let t=e*100;return t<1?`about 1 % of a core`:`${i(t)} of a core`}function _(e){return e?e.positions&&e.proved>=e.positions?{when:e.ended_in===`certificate`?`while the certificate was written`:e.ended_in===`check`?`while the certificate was re-checked`:`before the certificate was written`,counts:`all ${o(e.positions,`position`)} proved`}:{when:`before the end`,counts:y(e)}:{when:`before the end`,counts:`nothing proved yet`}}function v(e){let t=_(e);return`stopped ${t.when}: ${t.counts}${e?`, ${o(e.expansions,`expansion`)}`:``}; no certificate kept`}function y(e){return e.positions?`${a(e.proved)} of ${o(e.positions,`position`)} proved`:e.proved?`${o(e.proved,`position`)} proved so far`:`nothing proved yet`}var b=[[9,`after Patashnik's first 9 stones`],[7,`after 7 stones`],[5,`after 5 stones`],[3,`after 3 stones`],[0,`from the empty board`]],x={release:`release build`,debug:`development build`},S=e=>n(e[0],e[1]);function C(e,t){let n=[];for(let r=t-1;r>=0;r--)n.push((e>>2*r&3)+1);return n.join(``)}var w=class extends f{static{this.properties={...f.properties,showTables:{state:!0},webgl:{state:!0},proof:{state:!0},limitMs:{state:!0}}}static{this.pageSettings={prove_after:9}}constructor(){super(),this.loadingCube=!1,this.showTables=!1,this.proof=null,this.webgl=`loading`}static{this.styles=d`
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
  `}connectedCallback(){super.connectedCallback(),u().then(e=>{this.limitMs=e.limits.run_seconds*1e3}).catch(()=>{})}willUpdate(e){if(e.has(`happenings`))for(let e of this.happenings)e.type===`run_progress`&&e.long_run===`prove`&&(this.proof=e)}expectedNote(e){return e.startsWith(`The proof stopped by Stop`)&&!e.includes(`waited for a run slot`)}describe(e){if(e.type===`run_progress`){let t=e,n=t.partial,r=t.result?.verdict.verdict??n?.verdict?.verdict;return n?r===`cancelled`?`proof: ${v(n)}`:!n.positions&&!n.proved&&n.phase!==`done`?`proof: starting (${h[n.phase]})`:`proof: ${h[n.phase]}, ${y(n)}, ${o(n.expansions,`expansion`)}${r?` — ${r.replace(`_`,` `)}`:``}`:`proof: starting`}switch(e.type){case`placed`:return e.by===`human`?`P plays ${e.cell}`:`M plays ${e.cell}: ${e.why}`;case`typed`:return`typewriter: ${e.line}`;case`note`:return e.text;case`game_over`:return`${p[e.result]}${e.line?` The row: ${e.line.join(` `)}`:``}`;case`new_game`:return`game ${a(e.game)} begins`}}cubeCellPoint(e){return this.cube?.cellPoint(e)??null}play(e){let t=this.view;t&&t.human_to_move&&!t.cells[e]&&this.act({type:`play`,cell:C(e,t.dims)})}status(e){return e.deck_finished?`The deck has typed its last message: reset to play again.`:e.result?p[e.result]:e.human_to_move?`Your move (P): click a cell${this.webgl===`on`?` on a plane or in the cube`:``}.`:`The machine is thinking.`}planeGrid(t,n,r){let i=t.last_machine_move,a=[];for(let r=0;r<16;r++){let o=n+r,s=t.cells[o],c=C(o,t.dims),l=[s??``,o===i?`last`:``,t.line?.includes(o)?`win`:``].join(` `);a.push(e`<button class=${l} data-cell=${c} ?disabled=${!t.human_to_move||!!s}
        aria-label=${`cell ${c}, ${s===`human`?`yours (P)`:s===`machine`?`the machine's (M)`:`empty`}`}
        @click=${()=>this.play(o)}>${s===`human`?`P`:s===`machine`?`M`:c}</button>`)}return e`<div class="plane" data-plane=${r}><h4>${r}</h4><div class="grid">${a}</div></div>`}planes(t){if(t.dims===3)return e`<div class="planes d3">${[0,1,2,3].map(e=>this.planeGrid(t,e*16,`plane ${e+1}`))}</div>`;let n=[];for(let r=0;r<4;r++){n.push(e`<span class="blocklabel">block ${r+1}</span>`);for(let e=0;e<4;e++)n.push(this.planeGrid(t,r*64+e*16,`${r+1}·plane ${e+1}`))}return e`<div class="planes d4">${n}</div>`}tables(n,r){return e`<div class="tables" data-tables>
      ${n.levels_run.length?e`<div>levels run: ${n.levels_run.join(` `)}</div>`:t}
      ${n.k1===null?t:e`<div>K1 = ${n.k1} (where the preferred list is scanned from)</div>`}
      <h4>Row sums (player 1, machine 5 a cell)</h4>
      ${r.strategy===`louden1962`?e`<div class="note">LANE(M) for M ≤ 64 also carries +100 when cell M is marked, as the deck keeps it.</div>`:t}
      <div data-rows>${n.rows.map(t=>e`<div>${t.cells.join(` `)}: ${String(t.sum).padStart(2,`0`)}</div>`)}</div>
      <h4>Intersection marks</h4><div data-marks>${n.marks.join(` `)||`none`}</div>
      <h4>${r.strategy===`louden1962`?`J3 (level 6 save)`:`6MOV / 9MOV / held`}</h4>
      <div>${r.strategy===`louden1962`?n.mov6.join(` `)||`none`:e`6MOV: ${n.mov6.join(` `)||`—`}; 9MOV: ${n.mov9.join(` `)||`—`}; level 10 held: ${n.held??`—`}`}</div>
    </div>`}settings(n){let r=this.config,i=n.dims,o=n.strategy,c=n.disabled,l=e=>this.restart({...this.config,...e});return e`
      <label>Board <select data-setting="dims" @change=${e=>{let t=Number(e.target.value);l({dims:t,strategy:t===4?`forced`:`other1`,disable:[],machine_first:t===4})}}>
        <option value="3" ?selected=${i===3}>4×4×4 cube</option>
        <option value="4" ?selected=${i===4}>4×4×4×4</option></select></label>
      <label>Machine <select data-setting="strategy" @change=${e=>l({strategy:e.target.value,disable:[]})}>
        ${(i===3?[`other1`,`louden1962`,`forced`]:[`forced`,`other1`]).map(t=>e`<option value=${t} ?selected=${t===o}>${t===`forced`&&i===3?`the proven win (a checked certificate)`:m[t]}</option>`)}</select></label>
      ${o===`forced`?t:e`<label><input type="checkbox" data-setting="machine_first" .checked=${!!r.machine_first}
          @change=${e=>l({machine_first:e.target.checked})}> the machine moves first</label>`}
      ${o===`other1`?e`<div><span class="note">OTHER-1 levels switched off:</span><div class="levels">
        ${[3,4,5,6,7,8,9,10].map(t=>e`<label><input type="checkbox" data-level=${t} .checked=${c.includes(t)}
          @change=${e=>{let n=e.target.checked;l({disable:n?[...c,t].sort((e,t)=>e-t):c.filter(e=>e!==t)})}}>${t}</label>`)}</div></div>`:t}
      <div class="tally" data-tally>
        <span>game <b>${a(n.game)}</b></span>
        <span>you (<span class="p">P</span>): <b>${s(n.tally.human_wins,n.tally.ties,n.tally.machine_wins)}</b></span>
      </div>
      <div><button class="act" data-action="new-game" ?disabled=${n.deck_finished} @click=${()=>this.act({type:`new_game`})}>New game</button></div>`}render(){let n=this.view;if(!n)return e``;let r=n.forced;return e`
      <div>
        <p class="status" data-status>${this.status(n)}</p>
        ${this.planes(n)}
        ${n.dims===3?e`<div class="cube" data-cube ?hidden=${this.webgl===`off`}></div>
          ${this.webgl===`off`?e`<p class="note" data-no-webgl>No WebGL in this browser: the 3D view is left out; the planes above play the same game.</p>`:e`<p class="note">Drag to turn the cube; click a cell to move there. Red P is yours, blue M the machine's; the winning row is drawn through the cube.</p>`}`:t}
      </div>
      <div class="side">
        ${r?e`<div class="level" data-forced>
            <div>The proof's answer: <b>${r.answer??`—`}</b> (move ${r.machine_moves})</div>
            <div>It needs at most <b data-left>${r.moves_left_at_most}</b> more move${r.moves_left_at_most===1?``:`s`} to win, whatever you do.</div></div>`:t}
        ${n.certificate?e`<div class="level" data-certificate>The machine plays ${n.certificate}.</div>`:t}
        ${this.proof?t:n.found_let_go?e`<div class="note" data-found-let-go>${n.found_let_go.charAt(0).toUpperCase()}${n.found_let_go.slice(1)}.</div>`:n.found&&n.certificate!==n.found?e`<div class="note" data-found>Kept with this visit: ${n.found}.
          <button class="act" data-action="play-found" @click=${()=>this.act({type:`play_found`})}>Play it</button></div>`:t}
        ${n.level?e`<div class="level" data-level>Strategy level <b>${n.level.number}</b>: ${n.level.meaning}</div>`:t}
        ${n.strategy===`louden1962`?e`<pre class="paper" data-paper aria-label="typewriter paper" aria-live="polite">${n.paper.join(`
`)}</pre>`:t}
        ${n.tables?e`<div><button class="act" data-action="tables" aria-pressed=${this.showTables}
            @click=${()=>{this.showTables=!this.showTables}}>${this.showTables?`Hide`:`Show`} the 1620's tables</button></div>
          ${this.showTables?this.tables(n.tables,n):t}`:t}
        ${this.settings(n)}
        ${n.dims===3?this.proofPanel(n):t}
      </div>`}proofCost(n,i){let a=i.find(e=>e.after===n),s=n===0?`from the empty board`:`after Patashnik's first ${n} stones`,c=this.limitMs;if(!a)return e`<p class="note" data-proof-cost>The proof ${s} was not measured in this build: its time cannot be told before it runs.
      ${c?e`A run stops at the museum's limit of ${l(c/1e3)}.`:t}</p>`;let u=a.wall_ms[0]>0?e`, ${S(a.wall_ms)} wall with both cores free`:t,d=c?a.cpu_ms[1]/c:0;return e`<p class="note" data-proof-cost>Measured on this machine (2 cores, ${x[a.build]}${a.runs>1?`, ${o(a.runs,`run`)}`:``}):
      the proof ${s} took <b>${S(a.cpu_ms)} of CPU</b>${u}.
      Here it runs at a lower priority beside every visitor's work, so a busy museum takes longer.
      ${c?e`<span data-proof-limit>A run stops at the museum's limit of <b>${l(c/1e3)}</b>${d>2?e`: <b>this proof cannot finish within it</b> (it would need ${r(d)} cores the whole time)`:e`: it finishes within that if it gets at least ${g(d)} on average`}.
        A proof stopped at the limit shows the positions it proved but keeps no certificate.</span>`:t}</p>`}fewerStones(n){let[r,i]=[3,5].map(e=>n.find(t=>t.after===e));return!r||!i||r.cpu_ms[1]>=i.cpu_ms[0]?t:e`<p class="note" data-proof-why>Fewer stones is not always dearer: after 3 stones
      (${S(r.cpu_ms)} of CPU) the search chooses the first player's 4th and 5th moves
      itself, and its own moves win with fewer positions than Patashnik's, so it does less than
      after 5 (${S(i.cpu_ms)}): the recorded runs made 265,140 node expansions after 3
      stones and 345,832 after 5. From the empty board it must also find the first 3 moves,
      and costs most.</p>`}proofPanel(n){let r=Number(this.pageValues.prove_after??9),i=this.proof,a=i?.partial,s=i?.result?.verdict,c=n.proof_costs??[],u=c.find(e=>e.after===r),d=this.runOf(`prove`,i),f=this.startBlocked(d),p=i?.cpu_ms,m=s?.verdict===`cancelled`||!!i?.ended&&s?.verdict!==`proved`&&a?.phase===`done`,g=_(a),x=(e,t)=>{let n=c.find(t=>t.after===e);return n?`${t} (${S(n.cpu_ms)} CPU)`:t};return e`<fieldset data-proof><legend>Watch the 4×4×4 proof being found</legend>
      <div class="row">
        <label>Search <select data-setting="prove_after" @change=${e=>this.setSetting(`prove_after`,Number(e.target.value))}>
          ${b.map(([t,n])=>e`<option value=${t} ?selected=${t===r}>${x(t,n)}</option>`)}</select></label>
        <button class="act" data-action="prove" ?disabled=${this.running} title=${f} @click=${()=>{this.proof=null,this.ownRun=`prove`,this.host?.runLong(`prove`,{search_after:r})}}>Prove</button>
        <button class="act" data-action="stop-proof" ?disabled=${!this.running} @click=${()=>this.stop()}>${this.stopLabel()}</button>
      </div>
      ${f?e`<small class="note" data-start-why>${f}</small>`:t}
      ${i?t:this.proofCost(r,c)}
      ${i?t:this.fewerStones(c)}
      ${i||d?e`<lm-run-clock .report=${i} .running=${d} .queued=${this.queued}></lm-run-clock>`:t}
      ${a?e`<div data-proof-progress>
        ${!i?.ended&&(a.phase===`certificate`||a.phase===`check`)?e`<progress aria-label=${h[a.phase]}></progress>`:!i?.ended&&a.positions?e`<progress max=${a.positions} .value=${Math.min(a.proved,a.positions)} aria-label="positions proved"></progress>`:!i?.ended&&u&&p!==void 0?e`<progress max=${u.cpu_ms[1]} .value=${Math.min(p,u.cpu_ms[1])} aria-label="work done, by CPU time against the most the recorded runs needed"></progress>`:t}
        ${s?.verdict===`cancelled`?t:e`<div data-proof-phase>${m?`stopped${g.when===`before the end`?``:` ${g.when}`}: ${g.counts}, ${o(a.expansions,`expansion`)}; no certificate kept`:!a.positions&&!a.proved?`starting (${h[a.phase]}): how many positions there are is known once the search has them all`:`${h[a.phase]}: ${y(a)}, ${o(a.expansions,`expansion`)}${a.positions?``:`; how many positions there are is known only at the end`}`}</div>`}
        ${a.line.length&&!i?.ended?e`<div class="note" data-proof-line>looking at ${a.line.join(` `)}</div>`:t}
      </div>`:t}
      ${s?e`<div class="level" data-proof-verdict>${s.verdict===`proved`?e`<b>Proved: the first player wins.</b> The certificate (${o(s.certificate.records,`record`)}, ${o(s.certificate.bytes,`byte`)} gzip) was written and accepted by the independent checker.
            ${n.found_let_go?e`<span class="note" data-found-let-go>But ${n.found_let_go}.</span>`:e`<button class="act" data-action="play-proof" @click=${()=>this.act({type:`play_found`})}>Play the proven win</button>
            <span class="note">(the certificate this proof just found, kept with your visit)</span>`}`:s.verdict===`cancelled`?i?.timed_out?e`<span data-proof-timed-out><b>Stopped at the museum's limit${this.limitMs?` of ${l(this.limitMs/1e3)}`:``}</b> ${g.when}: ${g.counts}; no certificate kept. The proof did not finish here; the bundled certificate still plays the proven win.</span>`:e`<span data-proof-stopped>S${v(a).slice(1)}.</span>`:`Not proved: ${JSON.stringify(s)}`}</div>`:t}
    </fieldset>`}updated(){let e=this.renderRoot.querySelector(`[data-paper]`);e&&(e.scrollTop=e.scrollHeight);let t=this.view,n=this.renderRoot.querySelector(`[data-cube]`);!t||t.dims!==3||!n?(this.cube?.dispose(),this.cube=void 0):!this.cube&&!this.loadingCube&&this.webgl!==`off`?(this.loadingCube=!0,c(async()=>{let{createCube:e}=await import(`./qubic-cube.js`);return{createCube:e}},[]).then(({createCube:e})=>{this.loadingCube=!1;let t=e(n,e=>this.play(e));t?(this.cube=t,this.webgl=`on`,this.view&&t.show(this.view.cells,this.view.line,this.view.last_machine_move)):this.webgl=`off`})):this.cube?.show(t.cells,t.line,t.last_machine_move)}disconnectedCallback(){super.disconnectedCallback(),this.cube?.dispose(),this.cube=void 0}};customElements.define(`lm-exhibit-qubic`,w);export{w as QubicExhibit,C as cellName,g as coreShare};