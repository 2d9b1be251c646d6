import{S as e,b as t,c as n,d as r,f as i,g as a,h as o,l as s,m as c,o as l,t as u,u as d,v as f}from"./index.js";import{t as p}from"./exhibit.js";import"./lm-run-clock.js";var m={human_wins:`You win: four in a row.`,machine_wins:`The machine wins.`,tie:`The board is full: a draw.`,stopped:`The program stopped.`},h={other1:`OTHER-1 (levels 1–12)`,louden1962:`Louden's 1962 deck`,forced:`the proven forced win`},g={frontier:`following Patashnik to the frontier`,search:`searching`,certificate:`writing the certificate`,check:`the independent checker re-reads it`,done:`finished`};function _(e){if(e>=1)return`${d(e)} ${e===1?`core`:`cores`}`;let t=e*100;return t<1?`about 1 % of a core`:`${r(t)} of a core`}function v(e){return e?e.positions&&e.proved>=e.positions?{when:e.ended_in===`certificate`?`while the certificate was written`:e.ended_in===`check`?`while the certificate was re-checked`:`before the certificate was written`,counts:`all ${l(e.positions,`position`)} proved`}:{when:`before the end`,counts:b(e)}:{when:`before the end`,counts:`nothing proved yet`}}function y(e){let t=v(e);return`stopped ${t.when}: ${t.counts}${e?`, ${l(e.expansions,`expansion`)}`:``}; no certificate kept`}function b(e){return e.positions?`${c(e.proved)} of ${l(e.positions,`position`)} proved`:e.proved?`${l(e.proved,`position`)} proved so far`:`nothing proved yet`}var x=[[9,`after Patashnik's first 9 stones`],[7,`after 7 stones`],[5,`after 5 stones`],[3,`after 3 stones`],[0,`from the empty board`]],S={release:`release build`,debug:`development build`},C=e=>n(e[0],e[1]);function w(e,t){let n=[];for(let r=t-1;r>=0;r--)n.push((e>>2*r&3)+1);return n.join(``)}var T=class extends p{static{this.properties={...p.properties,showTables:{state:!0},webgl:{state:!0},proof:{state:!0},limitMs:{state:!0}}}static{this.pageSettings={prove_after:9}}constructor(){super(),this.loadingCube=!1,this.showTables=!1,this.proof=null,this.webgl=`loading`}static{this.styles=e`
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
  `}connectedCallback(){super.connectedCallback(),a().then(e=>{this.limitMs=e.limits.run_seconds*1e3}).catch(()=>{})}willUpdate(e){if(e.has(`happenings`))for(let e of this.happenings)e.type===`run_progress`&&e.long_run===`prove`&&(this.proof=e)}expectedNote(e){return e.startsWith(`The proof stopped by Stop`)&&!e.includes(`waited for a run slot`)}describe(e){if(e.type===`run_progress`){let t=e,n=t.partial,r=t.result?.verdict.verdict??n?.verdict?.verdict;return n?r===`cancelled`?`proof: ${y(n)}`:!n.positions&&!n.proved&&n.phase!==`done`?`proof: starting (${g[n.phase]})`:`proof: ${g[n.phase]}, ${b(n)}, ${l(n.expansions,`expansion`)}${r?` — ${r.replace(`_`,` `)}`:``}`:`proof: starting`}switch(e.type){case`placed`:return e.by===`human`?`P plays ${e.cell}`:`M plays ${e.cell}: ${e.why}`;case`typed`:return`typewriter: ${e.line}`;case`note`:return e.text;case`game_over`:return`${m[e.result]}${e.line?` The row: ${e.line.join(` `)}`:``}`;case`new_game`:return`game ${c(e.game)} begins`}}cubeCellPoint(e){return this.cube?.cellPoint(e)??null}play(e){let t=this.view;t&&t.human_to_move&&!t.cells[e]&&this.act({type:`play`,cell:w(e,t.dims)})}status(e){return e.deck_finished?`The deck has typed its last message: reset to play again.`:e.result?m[e.result]:e.human_to_move?`Your move (P): click a cell${this.webgl===`on`?` on a plane or in the cube`:``}.`:`The machine is thinking.`}planeGrid(e,n,r){let i=e.last_machine_move,a=[];for(let r=0;r<16;r++){let o=n+r,s=e.cells[o],c=w(o,e.dims),l=[s??``,o===i?`last`:``,e.line?.includes(o)?`win`:``].join(` `);a.push(t`<button class=${l} data-cell=${c} ?disabled=${!e.human_to_move||!!s}
        aria-label=${`cell ${c}, ${s===`human`?`yours (P)`:s===`machine`?`the machine's (M)`:`empty`}`}
        @click=${()=>this.play(o)}>${s===`human`?`P`:s===`machine`?`M`:c}</button>`)}return t`<div class="plane" data-plane=${r}><h4>${r}</h4><div class="grid">${a}</div></div>`}planes(e){if(e.dims===3)return t`<div class="planes d3">${[0,1,2,3].map(t=>this.planeGrid(e,t*16,`plane ${t+1}`))}</div>`;let n=[];for(let r=0;r<4;r++){n.push(t`<span class="blocklabel">block ${r+1}</span>`);for(let t=0;t<4;t++)n.push(this.planeGrid(e,r*64+t*16,`${r+1}·plane ${t+1}`))}return t`<div class="planes d4">${n}</div>`}tables(e,n){return t`<div class="tables" data-tables>
      ${e.levels_run.length?t`<div>levels run: ${e.levels_run.join(` `)}</div>`:f}
      ${e.k1===null?f:t`<div>K1 = ${e.k1} (where the preferred list is scanned from)</div>`}
      <h4>Row sums (player 1, machine 5 a cell)</h4>
      ${n.strategy===`louden1962`?t`<div class="note">LANE(M) for M ≤ 64 also carries +100 when cell M is marked, as the deck keeps it.</div>`:f}
      <div data-rows>${e.rows.map(e=>t`<div>${e.cells.join(` `)}: ${String(e.sum).padStart(2,`0`)}</div>`)}</div>
      <h4>Intersection marks</h4><div data-marks>${e.marks.join(` `)||`none`}</div>
      <h4>${n.strategy===`louden1962`?`J3 (level 6 save)`:`6MOV / 9MOV / held`}</h4>
      <div>${n.strategy===`louden1962`?e.mov6.join(` `)||`none`:t`6MOV: ${e.mov6.join(` `)||`—`}; 9MOV: ${e.mov9.join(` `)||`—`}; level 10 held: ${e.held??`—`}`}</div>
    </div>`}settings(e){let n=this.config,r=e.dims,a=e.strategy,o=e.disabled,s=e=>this.restart({...this.config,...e});return t`
      <label>Board <select data-setting="dims" @change=${e=>{let t=Number(e.target.value);s({dims:t,strategy:t===4?`forced`:`other1`,disable:[],machine_first:t===4})}}>
        <option value="3" ?selected=${r===3}>4×4×4 cube</option>
        <option value="4" ?selected=${r===4}>4×4×4×4</option></select></label>
      <label>Machine <select data-setting="strategy" @change=${e=>s({strategy:e.target.value,disable:[]})}>
        ${(r===3?[`other1`,`louden1962`,`forced`]:[`forced`,`other1`]).map(e=>t`<option value=${e} ?selected=${e===a}>${e===`forced`&&r===3?`the proven win (a checked certificate)`:h[e]}</option>`)}</select></label>
      ${a===`forced`?f:t`<label><input type="checkbox" data-setting="machine_first" .checked=${!!n.machine_first}
          @change=${e=>s({machine_first:e.target.checked})}> the machine moves first</label>`}
      ${a===`other1`?t`<div><span class="note">OTHER-1 levels switched off:</span><div class="levels">
        ${[3,4,5,6,7,8,9,10].map(e=>t`<label><input type="checkbox" data-level=${e} .checked=${o.includes(e)}
          @change=${t=>{let n=t.target.checked;s({disable:n?[...o,e].sort((e,t)=>e-t):o.filter(t=>t!==e)})}}>${e}</label>`)}</div></div>`:f}
      <div class="tally" data-tally>
        <span>game <b>${c(e.game)}</b></span>
        <span>you (<span class="p">P</span>): <b>${i(e.tally.human_wins,e.tally.ties,e.tally.machine_wins)}</b></span>
      </div>
      <div><button class="act" data-action="new-game" ?disabled=${e.deck_finished} @click=${()=>this.act({type:`new_game`})}>New game</button></div>`}render(){let e=this.view;if(!e)return t``;let n=e.forced;return t`
      <div>
        <p class="status" data-status>${this.status(e)}</p>
        ${this.planes(e)}
        ${e.dims===3?t`<div class="cube" data-cube ?hidden=${this.webgl===`off`}></div>
          ${this.webgl===`off`?t`<p class="note" data-no-webgl>No WebGL in this browser: the 3D view is left out; the planes above play the same game.</p>`:t`<p class="note">Drag to turn the cube; click a cell to move there. Red P is yours, blue M the machine's; the winning row is drawn through the cube.</p>`}`:f}
      </div>
      <div class="side">
        ${n?t`<div class="level" data-forced>
            <div>The proof's answer: <b>${n.answer??`—`}</b> (move ${n.machine_moves})</div>
            <div>It needs at most <b data-left>${n.moves_left_at_most}</b> more move${n.moves_left_at_most===1?``:`s`} to win, whatever you do.</div></div>`:f}
        ${e.certificate?t`<div class="level" data-certificate>The machine plays ${e.certificate}.</div>`:f}
        ${this.proof?f:e.found_let_go?t`<div class="note" data-found-let-go>${e.found_let_go.charAt(0).toUpperCase()}${e.found_let_go.slice(1)}.</div>`:e.found&&e.certificate!==e.found?t`<div class="note" data-found>Kept with this visit: ${e.found}.
          <button class="act" data-action="play-found" @click=${()=>this.act({type:`play_found`})}>Play it</button></div>`:f}
        ${e.level?t`<div class="level" data-level>Strategy level <b>${e.level.number}</b>: ${e.level.meaning}</div>`:f}
        ${e.strategy===`louden1962`?t`<pre class="paper" data-paper aria-label="typewriter paper" aria-live="polite">${e.paper.join(`
`)}</pre>`:f}
        ${e.tables?t`<div><button class="act" data-action="tables" aria-pressed=${this.showTables}
            @click=${()=>{this.showTables=!this.showTables}}>${this.showTables?`Hide`:`Show`} the 1620's tables</button></div>
          ${this.showTables?this.tables(e.tables,e):f}`:f}
        ${this.settings(e)}
        ${e.dims===3?this.proofPanel(e):f}
      </div>`}proofCost(e,n){let r=n.find(t=>t.after===e),i=e===0?`from the empty board`:`after Patashnik's first ${e} stones`,a=this.limitMs;if(!r)return t`<p class="note" data-proof-cost>The proof ${i} was not measured in this build: its time cannot be told before it runs.
      ${a?t`A run stops at the museum's limit of ${s(a/1e3)}.`:f}</p>`;let o=r.wall_ms[0]>0?t`, ${C(r.wall_ms)} wall with both cores free`:f,c=a?r.cpu_ms[1]/a:0;return t`<p class="note" data-proof-cost>Measured on this machine (2 cores, ${S[r.build]}${r.runs>1?`, ${l(r.runs,`run`)}`:``}):
      the proof ${i} took <b>${C(r.cpu_ms)} of CPU</b>${o}.
      Here it runs at a lower priority beside every visitor's work, so a busy museum takes longer.
      ${a?t`<span data-proof-limit>A run stops at the museum's limit of <b>${s(a/1e3)}</b>${c>2?t`: <b>this proof cannot finish within it</b> (it would need ${d(c)} cores the whole time)`:t`: it finishes within that if it gets at least ${_(c)} on average`}.
        A proof stopped at the limit shows the positions it proved but keeps no certificate.</span>`:f}</p>`}fewerStones(e){let[n,r]=[3,5].map(t=>e.find(e=>e.after===t));return!n||!r||n.cpu_ms[1]>=r.cpu_ms[0]?f:t`<p class="note" data-proof-why>Fewer stones is not always dearer: after 3 stones
      (${C(n.cpu_ms)} of CPU) the search chooses the first player's 4th and 5th moves
      itself, and its own moves win with fewer positions than Patashnik's, so it does less than
      after 5 (${C(r.cpu_ms)}): the recorded runs expanded 265,140 positions after 3
      stones and 345,832 after 5. From the empty board it must also find the first 3 moves,
      and costs most.</p>`}proofPanel(e){let n=Number(this.pageValues.prove_after??9),r=this.proof,i=r?.partial,a=r?.result?.verdict,c=e.proof_costs??[],u=c.find(e=>e.after===n),d=this.runOf(`prove`,r),p=this.startBlocked(d),m=r?.cpu_ms,h=a?.verdict===`cancelled`||!!r?.ended&&a?.verdict!==`proved`&&i?.phase===`done`,_=v(i),S=(e,t)=>{let n=c.find(t=>t.after===e);return n?`${t} (${C(n.cpu_ms)} CPU)`:t};return t`<fieldset data-proof><legend>Watch the 4×4×4 proof being found</legend>
      <div class="row">
        <label>Search <select data-setting="prove_after" @change=${e=>this.setSetting(`prove_after`,Number(e.target.value))}>
          ${x.map(([e,r])=>t`<option value=${e} ?selected=${e===n}>${S(e,r)}</option>`)}</select></label>
        <button class="act" data-action="prove" ?disabled=${this.running} title=${p} @click=${()=>{this.proof=null,this.ownRun=`prove`,this.host?.runLong(`prove`,{search_after:n})}}>Prove</button>
        <button class="act" data-action="stop-proof" ?disabled=${!this.running} @click=${()=>this.stop()}>${this.stopLabel()}</button>
      </div>
      ${p?t`<small class="note" data-start-why>${p}</small>`:f}
      ${r?f:this.proofCost(n,c)}
      ${r?f:this.fewerStones(c)}
      ${r||d?t`<lm-run-clock .report=${r} .running=${d} .queued=${this.queued}></lm-run-clock>`:f}
      ${i?t`<div data-proof-progress>
        ${!r?.ended&&(i.phase===`certificate`||i.phase===`check`)?t`<progress aria-label=${g[i.phase]}></progress>`:!r?.ended&&i.positions?t`<progress max=${i.positions} .value=${Math.min(i.proved,i.positions)} aria-label="positions proved"></progress>`:!r?.ended&&u&&m!==void 0?t`<progress max=${u.cpu_ms[1]} .value=${Math.min(m,u.cpu_ms[1])} aria-label="work done, by CPU time against the most the recorded runs needed"></progress>`:f}
        ${a?.verdict===`cancelled`?f:t`<div data-proof-phase>${h?`stopped${_.when===`before the end`?``:` ${_.when}`}: ${_.counts}, ${l(i.expansions,`expansion`)}; no certificate kept`:!i.positions&&!i.proved?`starting (${g[i.phase]}): how many positions there are is known once the search has them all`:`${g[i.phase]}: ${b(i)}, ${l(i.expansions,`expansion`)}${i.positions?``:`; how many positions there are is known only at the end`}`}</div>`}
        ${i.line.length&&!r?.ended?t`<div class="note" data-proof-line>looking at ${i.line.join(` `)}</div>`:f}
      </div>`:f}
      ${a?t`<div class="level" data-proof-verdict>${a.verdict===`proved`?t`<b>Proved: the first player wins.</b> The certificate (${l(a.certificate.records,`record`)}, ${l(a.certificate.bytes,`byte`)} gzip) was written and accepted by the independent checker; ${o(r.elapsed_ms,m??0)}.
            ${e.found_let_go?t`<span class="note" data-found-let-go>But ${e.found_let_go}.</span>`:t`<button class="act" data-action="play-proof" @click=${()=>this.act({type:`play_found`})}>Play the proven win</button>
            <span class="note">(the certificate this proof just found, kept with your visit)</span>`}`:a.verdict===`cancelled`?r?.timed_out?t`<span data-proof-timed-out><b>Stopped at the museum's limit${this.limitMs?` of ${s(this.limitMs/1e3)}`:``}</b> ${_.when}: ${_.counts}; no certificate kept. The proof did not finish here; the bundled certificate still plays the proven win.</span>`:t`<span data-proof-stopped>S${y(i).slice(1)}.</span>`:`Not proved: ${JSON.stringify(a)}`}</div>`:f}
    </fieldset>`}updated(){let e=this.renderRoot.querySelector(`[data-paper]`);e&&(e.scrollTop=e.scrollHeight);let t=this.view,n=this.renderRoot.querySelector(`[data-cube]`);!t||t.dims!==3||!n?(this.cube?.dispose(),this.cube=void 0):!this.cube&&!this.loadingCube&&this.webgl!==`off`?(this.loadingCube=!0,u(async()=>{let{createCube:e}=await import(`./qubic-cube.js`);return{createCube:e}},[]).then(({createCube:e})=>{this.loadingCube=!1;let t=e(n,e=>this.play(e));t?(this.cube=t,this.webgl=`on`,this.view&&t.show(this.view.cells,this.view.line,this.view.last_machine_move)):this.webgl=`off`})):this.cube?.show(t.cells,t.line,t.last_machine_move)}disconnectedCallback(){super.disconnectedCallback(),this.cube?.dispose(),this.cube=void 0}};customElements.define(`lm-exhibit-qubic`,T);export{T as QubicExhibit,w as cellName,_ as coreShare};