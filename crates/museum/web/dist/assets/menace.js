import{S as e,_ as t,a as n,b as r,h as i,i as a,n as o,o as s,p as c,r as l,w as u,x as d}from"./index.js";import{t as f}from"./exhibit.js";import"./lm-board.js";import"./lm-run-clock.js";import"./lm-run-control.js";import"./lm-menace-chart.js";import"./lm-kit-link.js";var p={},m=l(class extends a{constructor(){super(...arguments),this.ot=p}render(e,t){return t()}update(e,[t,n]){if(Array.isArray(t)){if(Array.isArray(this.ot)&&this.ot.length===t.length&&t.every((e,t)=>e===this.ot[t]))return d}else if(this.ot===t)return d;return this.ot=Array.isArray(t)?Array.from(t):t,this.render(t,n)}}),h=e=>({done:e.done*(e.each??S),total:e.total*(e.each??S)}),g=[[`human`,`you (a person)`],[`random`,`the random player`],[`perfect`,`the perfect player`],[`menace2`,`MENACE2 (learns too)`],[`computox`,`the Computox (unbeatable)`],[`computox_beatable`,`the Computox (beatable)`],[`relay`,`the relay computer's ROM (plays X only)`]],_=Object.fromEntries(g),v={red:[`#d33a2c`,`#fff`],orange:[`#f08c2e`,`#000`],yellow:[`#f5d432`,`#000`],green:[`#3b9b48`,`#000`],blue:[`#2f6fd0`,`#fff`],indigo:[`#4b3c9e`,`#fff`],violet:[`#a45cc7`,`#000`],white:[`#ffffff`,`#000`],black:[`#222222`,`#fff`]},y=[`LL`,`LM`,`LR`,`ML`,`MM`,`MR`,`RL`,`RM`,`RR`],b=e=>e===1?`1st`:e===2?`2nd`:e===3?`3rd`:`${e}th`,x=[[`one move a tick`,{type:`step`}],[`one game a tick`,{type:`play_games`,n:1}],[`10 games a tick`,{type:`play_games`,n:10}],[`100 games a tick`,{type:`play_games`,n:100}],[`1,000 games a tick`,{type:`play_games`,n:1e3}]],S=1e3,C=e=>Math.max(S,e/1e3),w=[[`seed`,`source (the challenge's rules)`],[`michie`,`michie (Michie 1961)`],[`scroggs`,`scroggs (Scroggs' online MENACE)`]],T=[1e4,1e5,1e6,1e7],E=i,D=class extends f{static{this.pageSettings={tick:0,interval:300,auto_next:!1,train:1e5}}static{this.properties={...f.properties,showAll:{state:!0},showAll2:{state:!0},note:{state:!0},runProgress:{state:!0}}}constructor(){super(),this.nextTimer=0,this.wallAt=0,this.wallTimer=0,this.opening=!1,this.onKey=e=>{let t=e.composedPath()[0];t instanceof HTMLInputElement||t instanceof HTMLSelectElement||(e.key===`n`?this.act({type:`new_game`}):e.key===`s`&&this.view&&this.view.next!==`human`&&this.act({type:`step`}))},this.showAll=!0,this.showAll2=!0,this.note=``,this.runProgress=null}get tick(){return Math.max(0,Math.min(x.length-1,Number(this.pageValues.tick)||0))}get interval(){return Number(this.pageValues.interval)||300}willUpdate(e){if(e.has(`happenings`))for(let e of this.happenings)e.type===`run_progress`&&(this.runProgress=e);if(e.has(`view`)||e.has(`running`)){if(!this.running&&!e.has(`running`)&&!this.wallTimer)this.wallView=this.view,this.wallAt=performance.now();else if(!this.wallTimer){let e=Math.max(this.running?500-(performance.now()-this.wallAt):30,0);this.wallTimer=window.setTimeout(()=>{this.wallTimer=0,this.wallView=this.view,this.wallAt=performance.now(),this.requestUpdate()},e)}}}updated(e){super.updated(e);let t=this.view;if(t&&e.has(`view`)&&(t.opponent===`human`&&t.next===`menace`&&!this.config.teaching&&!this.opening&&(this.opening=!0,Promise.resolve(this.act({type:`step`})).finally(()=>{this.opening=!1})),t.next===`over`&&this.pageValues.auto_next&&!this.running&&!this.nextTimer)){let e=t.game;this.nextTimer=window.setTimeout(()=>{this.nextTimer=0,this.view?.next===`over`&&this.view.game===e&&this.pageValues.auto_next&&!this.running&&this.act({type:`new_game`})},1200)}}static{this.styles=u`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: minmax(0, 24rem) minmax(0, 1fr); gap: 1.2rem 2rem; align-items: start; }
    @media (max-width: 56rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    h3 { margin: 0.8rem 0 0.4rem; font-size: 1.05rem; }
    .status { font-size: 1.25rem; font-weight: 600; margin: 0 0 0.5rem; min-height: 2.7em; }
    .side { display: flex; flex-direction: column; gap: 0.8rem; }
    /* Five fixed cells: the counters grow without moving anything below them. */
    .tally { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 0.4rem; font-size: 0.85rem; }
    .tally > span { display: flex; flex-direction: column; align-items: center; text-align: center;
      background: #fffdf8; border: 1px solid #d8cdb8; border-radius: 6px; padding: 0.2rem; }
    .tally b { font-size: 1.2rem; font-variant-numeric: tabular-nums; white-space: nowrap; }
    .tag { display: inline-block; padding: 0 0.35rem; border-radius: 4px; color: #fff; font-weight: 600; }
    .tag.win { background: #2e7d32; } .tag.draw { background: #8a6d00; } .tag.loss { background: #b3261e; }
    label { display: inline-flex; gap: 0.4rem; align-items: center; flex-wrap: wrap; }
    select, button, input { font-size: 0.95rem; padding: 0.25rem 0.5rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; }
    input[type=number] { width: 4.2rem; }
    button { cursor: pointer; }
    .why { color: #3a342b; min-height: 1.3rem; max-width: 30rem; }
    .opened { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
    .arrow { font-size: 0.95rem; max-width: 14rem; }
    .arrow b { font-size: 1.5rem; }
    /* Boxes off the screen are not laid out or painted until scrolled to. */
    .group { margin-bottom: 0.6rem; content-visibility: auto; contain-intrinsic-size: auto 20rem; }
    .boxes { display: flex; flex-wrap: wrap; gap: 6px; }
    .mb { display: inline-grid; grid-template-columns: repeat(3, minmax(1.2rem, max-content)); grid-auto-rows: 1.2rem; gap: 1px;
      padding: 3px; background: #d9b98a; border: 2px solid #7a5b32; border-radius: 4px; position: relative; }
    .mb.big { grid-template-columns: repeat(3, minmax(2.6rem, max-content)); grid-auto-rows: 2.6rem; gap: 3px; padding: 5px; }
    .mb.open { border-color: #e0a100; box-shadow: 0 0 0 3px #e0a100; }
    .mb.inplay { border-style: dashed; }
    .mb.empty { background: #c9c0b0; }
    .c { font: 600 0.7rem/1.2rem system-ui, sans-serif; text-align: center; padding: 0 2px; font-variant-numeric: tabular-nums; background: #f3e2c2; color: #1d1b18; border-radius: 2px; }
    .big .c { font-size: 1rem; line-height: 2.6rem; }
    .c.x { color: #b3261e; font-size: 0.85rem; } .c.o { color: #1f5fa8; font-size: 0.85rem; }
    .big .c.x, .big .c.o { font-size: 1.5rem; }
    .c.drawn { outline: 3px solid #b3261e; outline-offset: -2px; }
    .c.zero { color: #9b8f7a; font-weight: 400; }
    .id { font-size: 0.62rem; color: #5b5346; text-align: center; }
    .boxwrap { display: inline-flex; flex-direction: column; align-items: center; }
    fieldset { border: 1px solid #d8cdb8; border-radius: 6px; display: flex; flex-direction: column; gap: 0.45rem; }
    .row { display: flex; gap: 0.6rem; flex-wrap: wrap; align-items: center; }
    .legend { display: flex; flex-wrap: wrap; gap: 0.3rem 0.7rem; font-size: 0.8rem; }
    .sw { display: inline-block; width: 0.8rem; height: 0.8rem; border: 1px solid #555; border-radius: 50%; vertical-align: middle; margin-right: 0.2rem; }
    .full { grid-column: 1 / -1; }
    small { color: #5b5346; }
    label.check { display: block; }
  `}connectedCallback(){super.connectedCallback(),window.addEventListener(`keydown`,this.onKey)}disconnectedCallback(){super.disconnectedCallback(),window.removeEventListener(`keydown`,this.onKey),clearTimeout(this.nextTimer),clearTimeout(this.wallTimer),this.wallTimer=0}describe(e){switch(e.type){case`game_started`:return`game ${i(e.game)} begins; MENACE plays ${e.menace}`;case`box_opened`:return`${e.who===`menace`?`MENACE`:`MENACE2`} opens box #${e.box_id} (its ${b(e.menace_move)} move; the board ${e.symmetry===`identity`?`is the picture`:`under ${e.symmetry} is the picture`})`;case`box_refilled`:return`box #${e.box_id} was empty: refilled with random beads`;case`bead_drawn`:return`draws ${t(e.colour)} bead (${e.bead} of the picture) → square ${y[e.square]} of the board`;case`move_played`:return`MENACE (${e.mark}) plays ${e.name}${e.forced?` (forced: the last square)`:``}`;case`opponent_move`:return`${e.opponent} (${e.mark}) plays ${e.name}`;case`resigned`:return`${e.who===`menace`?`MENACE`:`MENACE2`}'s box #${e.box_id} is empty: it resigns`;case`game_over`:return`game ${i(e.game)}: MENACE ${e.result===`win`?`wins`:e.result===`draw`?`draws`:`loses`}${e.resigned?` (resignation)`:``}`;case`reinforced`:return e.changes.length?`beads: ${e.changes.map(e=>`box #${e.box_id} ${y[e.bead]} ${i(e.before)}→${i(e.after)}`).join(`, `)}`:`no boxes used`;case`run_progress`:{let t=h(e);return`training run: ${E(t.done)} of ${s(t.total,`game`)}${e.ended?e.done<e.total?`, stopped`:`, finished`:``}`}case`games_played`:return`${s(e.games,`game`)} played quickly: ${c(e.wins,e.draws,e.losses)}`;case`opponent_changed`:return`now against ${_[e.opponent]}; MENACE plays ${e.menace}`;case`reset`:return`fresh matchboxes (seed ${e.seed})`;case`rules_updated`:return`${e.who===`menace`?`MENACE`:`MENACE2`} now plays by ${e.rules}; every bead kept`;case`teaching_set`:return e.on?`teaching mode: MENACE waits for Step at each of its moves`:`MENACE answers at once`;case`exported`:return`state file exported`;case`imported`:return`imported a MENACE (${e.rules} rules) that has played ${s(e.games,`game`)}`}}status(e){return e.next===`over`?`${e.result===`win`?`MENACE wins`:e.result===`loss`?`MENACE loses`:`A draw`}. New game (n) or Step (s) for the next.`:e.next===`human`?`Your move (${e.to_move}): click a square.`:e.next===`menace`?e.opponent===`human`&&!this.config.teaching?`MENACE (${e.menace}) opens its box…`:`MENACE (${e.menace}) to move: Step (s) to open its box.`:`${_[e.opponent]} (${e.to_move}) to move: Step (s).`}beadCell(t,n,r,a){let[o,s]=v[n]??[`#eee`,`#000`];return e`<span class="c ${t?``:`zero`} ${a?`drawn`:``}" style=${t?`background:${o};color:${s}`:``}
      title="${r}: ${i(t)} ${n} bead${t===1?``:`s`}${a?` (just drawn)`:``}">${i(t)}</span>`}matchbox(t,n,r=!1,i=`menace`){let a=n.last_draw,o=a?.who===i&&a.box_id===t.id,c=(i===`menace`?n.boxes_in_play:n.menace2?.boxes_in_play??[]).includes(t.id),l=t.beads.reduce((e,t)=>e+t,0);return e`<span class="boxwrap" data-box=${t.id}>
      <span class="mb ${r?`big`:``} ${o?`open`:``} ${c?`inplay`:``} ${l?``:`empty`}"
        role="img" aria-label="box ${t.id}: ${s(l,`bead`)}${o?`, just opened`:``}">
        ${[...t.picture].map((r,i)=>r===`X`||r===`O`?e`<span class="c ${r.toLowerCase()}">${r}</span>`:this.beadCell(t.beads[i],n.bead_colours[i],y[i],o&&a.bead===i))}
      </span>
      <span class="id">#${t.id}${o?` opened`:c?` in play`:``}</span></span>`}wall(e,t,n){let r=t.last_draw,i=n===`menace`?t.boxes_in_play:t.menace2?.boxes_in_play??[];return o(e,e=>e.id,e=>{let a=r?.who===n&&r.box_id===e.id?r.bead:-1;return m([e.beads.join(`,`),a,i.includes(e.id)],()=>this.matchbox(e,t,!1,n))})}opened(t){let n=t.last_draw;if(!n)return e`<p><small>No box opened yet in this game.</small></p>`;let r=n.who===`menace`?`menace`:`menace2`,i=(r===`menace`?t.boxes:t.menace2?.boxes??[]).flatMap(e=>e.boxes).find(e=>e.id===n.box_id),[a]=v[n.colour]??[`#eee`];return e`<div class="opened" data-opened>
      ${i?this.matchbox(i,t,!0,r):e`<span class="mb big">${[...n.picture].map(t=>e`<span class="c ${t===`.`?``:t.toLowerCase()}">${t===`.`?``:t}</span>`)}</span>`}
      <div class="arrow" data-arrow>
        <div>${n.who===`menace`?`MENACE`:`MENACE2`} opened box <b>#${n.box_id}</b>${n.refilled?` (empty: refilled)`:``}</div>
        <div>drew <span class="sw" style="background:${a}"></span>${n.colour} bead <b>${n.bead_name}</b> of the picture</div>
        <div>→ ${n.symmetry===`identity`?`the picture is the board`:e`through the inverse of <i>${n.symmetry}</i>`}</div>
        <div>→ plays <b data-square-name>${y[n.square]}</b> on the board</div>
      </div>
    </div>`}training(){let t=Number(this.pageValues.train)||1e5,n=this.runProgress,i=n?h(n):null,a=this.runOf(`train`,n),o=this.startBlocked(a);return e`<div class="row" data-run>
        <label>Train at full speed <select data-setting="train" @change=${e=>this.setSetting(`train`,Number(e.target.value))}>
          ${T.map(n=>e`<option value=${n} ?selected=${n===t}>${E(n)} games</option>`)}</select></label>
        <button data-action="train" ?disabled=${this.running} title=${o}
          @click=${()=>{this.runProgress=null,this.ownRun=`train`,this.runAction({type:`play_games`,n:C(t)},t/C(t))}}>Train</button>
        <button data-action="stop-run" ?disabled=${!this.running} @click=${()=>this.stop()}>${this.stopLabel()}</button>
        ${o?e`<small data-start-why>${o}</small>`:r}
      </div>
      ${n&&i?e`<div class="row" data-run-progress>
        <progress max=${i.total} .value=${i.done} aria-label="training run"></progress>
        <small>${E(i.done)} of ${s(i.total,`game`)}${n.per_second>0?`, ${E(n.per_second*(n.each??S))} games/s`:``}${n.ended?n.done<n.total?` — stopped`:` — finished`:``}</small>
      </div>`:r}
      <lm-run-clock .report=${n} .running=${a} .queued=${this.queued}></lm-run-clock>`}curve(t){let n=t.curve,r=n[n.length-1],i=t.counters,a=r&&r.game===i.games?n:[...n,{game:i.games,wins:i.wins,draws:i.draws,losses:i.losses,first_box_beads:0}],o=[{name:`wins`,color:`#2e7d32`,points:a.map(e=>[e.game,e.wins])},{name:`draws`,color:`#8a6d00`,dash:`6 3`,points:a.map(e=>[e.game,e.draws])},{name:`losses`,color:`#b3261e`,dash:`2 3`,points:a.map(e=>[e.game,e.losses])}],c=[{name:`beads in box #0`,color:`#7a5b32`,points:n.map(e=>[e.game,e.first_box_beads])}];return e`<div data-curve>
      <lm-menace-chart .series=${o} caption="MENACE's results so far (every ${s(t.curve_stride,`game`)})" xLabel="games played" yLabel="games (cumulative)"></lm-menace-chart>
      <lm-menace-chart .series=${c} caption="Beads in the first box (MENACE's first move)" xLabel="games played" yLabel="beads"></lm-menace-chart>
    </div>`}settings(t,n){let r=n===`menace2`,i=r?t.menace2.rules:t.rules,a=r?`m2-`:``,o=`random`in i.starting_beads,s=i.starting_beads,c=o?[4,3,2,1]:s.per_move,l=i.empty_box===`resign`?3:i.empty_box.refill,u=e=>this.renderRoot.querySelector(`[data-setting="${a}${e}"]`),d=e=>Number(u(e).value),f=()=>u(`empty`).value===`resign`?`resign`:{refill:d(`refill`)},p=()=>this.act({type:`update_rules`,menace2:r,win:d(`win`),draw:d(`draw`),loss:d(`loss`),empty_box:f()}),m=()=>{let e=u(`beads-mode`).value,t={preset:u(`preset`).value,starting_beads:e===`random`?{random:{min:d(`min`),max:d(`max`)}}:{per_move:[d(`m1`),d(`m2`),d(`m3`),d(`m4`)]},one_bead_per_move_class:u(`one-class`).checked,win:d(`win`),draw:d(`draw`),loss:d(`loss`),empty_box:f()};this.restart(r?{...this.config,menace2:t}:{...this.config,...t})},h=e=>{if(r){this.restart({...this.config,menace2:{preset:e}});return}let t={...this.config,preset:e};for(let e of[`starting_beads`,`one_bead_per_move_class`,`win`,`draw`,`loss`,`empty_box`])delete t[e];this.restart(t)},g=r?this.config.menace2?.preset??`seed`:this.config.preset??`seed`,_=t.menace===(r?`O`:`X`)?[1,3,5,7]:[2,4,6,8],v=r?`MENACE2`:`MENACE`;return e`<fieldset data-settings=${n}><legend>${v}'s settings (${r?t.menace2.rules_name:t.rules_name})</legend>
      <div class="row">Net beads after a
        <label>win <input type="number" min="-100" max="100" data-setting="${a}win" .value=${String(i.win)}></label>
        <label>draw <input type="number" min="-100" max="100" data-setting="${a}draw" .value=${String(i.draw)}></label>
        <label>loss <input type="number" min="-100" max="100" data-setting="${a}loss" .value=${String(i.loss)}></label></div>
      <div class="row">An empty box
        <select data-setting="${a}empty" aria-label="${v}'s empty box policy">
          <option value="resign" ?selected=${i.empty_box===`resign`}>resigns</option>
          <option value="refill" ?selected=${i.empty_box!==`resign`}>is refilled with</option></select>
        <input type="number" min="1" max="1000" data-setting="${a}refill" aria-label="beads to refill" .value=${String(l)}> beads</div>
      <div class="row"><button data-action="${a}update" @click=${p}>Update ${v}</button>
        <small>rewards and empty boxes from the next game on; every bead stays</small></div>
      <hr>
      <label>Preset <select data-setting="${a}preset" @change=${e=>h(e.target.value)}>
        ${w.map(([t,n])=>e`<option value=${t} ?selected=${g===t}>${n}</option>`)}
      </select></label>
      <div class="row">Starting beads
        <select data-setting="${a}beads-mode" aria-label="${v}'s starting beads kind">
          <option value="random" ?selected=${o}>random, per box</option>
          <option value="per_move" ?selected=${!o}>per legal move, by ${v}'s move</option></select>
        <label>min <input type="number" min="1" max="1000" data-setting="${a}min" .value=${String(o?s.random.min:1)}></label>
        <label>max <input type="number" min="1" max="1000" data-setting="${a}max" .value=${String(o?s.random.max:9)}></label>
      </div>
      <div class="row">per move:
        ${[1,2,3,4].map(t=>e`<label>${b(_[t-1])} <input type="number" min="0" max="1000" data-setting="${a}m${t}" .value=${String(c[t-1])}></label>`)}</div>
      <label><input type="checkbox" data-setting="${a}one-class" .checked=${i.one_bead_per_move_class}> one bead colour per class of equivalent moves (Scroggs)</label>
      <div class="row"><button data-action="${a}apply" @click=${m}>Update and reset ${v}</button>
        <small data-reset-note>starting beads and bead colours only take effect in fresh boxes: this resets ${r?`both machines`:`MENACE`} and the counters</small></div>
    </fieldset>`}async exportState(){let e=((await this.act({type:`export`}))?.happenings)?.find(e=>e.type===`exported`);if(!e)return;let t=JSON.stringify(e.state),n=document.createElement(`a`);n.href=URL.createObjectURL(new Blob([t],{type:`application/json`})),n.download=`menace-seed-${this.view?.seed??0}-game-${this.view?.counters.games??0}.json`,n.dataset.exported=t,this.renderRoot.appendChild(n),n.click(),n.remove(),this.note=`exported ${s(t.length,`byte`)} (the state file of \`ludomat menace\`)`}async importState(e){let t=e.target,n=t.files?.[0];if(!n)return;let r=await n.text(),i=r;try{i=JSON.parse(r)}catch{}let a=await this.act({type:`import`,state:i});this.note=a?`imported ${n.name}`:`${n.name} was not imported`,t.value=``}render(){let t=this.view;if(!t)return e``;let a=t.last_draw,o=[...t.board].map((e,n)=>{let r=e===`.`?null:e;return{text:r??y[n].toLowerCase(),mark:r?r.toLowerCase():void 0,label:`square ${y[n]}, ${r??`empty`}`,playable:t.next===`human`&&!r,highlight:!!a&&a.square===n&&!!r}}),c=t.opponent!==`human`,l=t.counters,u=this.wallView??t,d=u.boxes;return e`
      <div>
        <p class="status" data-status>${this.status(t)}</p>
        <lm-board .squares=${o} @square=${e=>this.act({type:`play`,square:e.detail.index})}></lm-board>
        <p class="why" data-why>${t.moves.map(e=>`${e.mark} ${e.name}`).join(`, `)}</p>
        <h3>The box just opened</h3>
        ${this.opened(t)}
        <div class="legend" aria-label="bead colours">${y.map((n,r)=>e`<span><span class="sw" style="background:${v[t.bead_colours[r]][0]}"></span>${n} ${t.bead_colours[r]}</span>`)}</div>
      </div>
      <div class="side">
        <div class="tally" data-tally>
          <span>game <b data-game>${i(t.game)}</b></span>
          <span><span><span class="tag win">W</span> wins</span><b data-wins>${i(l.wins)}</b></span>
          <span><span><span class="tag draw">D</span> draws</span><b data-draws>${i(l.draws)}</b></span>
          <span><span><span class="tag loss">L</span> losses</span><b data-losses>${i(l.losses)}</b></span>
          <span>games played <b data-games>${i(l.games)}</b></span>
        </div>
        <div class="row">
          <label class="check"><input type="checkbox" data-setting="teaching" .checked=${!!this.config.teaching}
            @change=${e=>this.act({type:`set_teaching`,on:e.target.checked})}>
            teaching mode: MENACE waits for Step at each move</label>
          <label class="check"><input type="checkbox" data-setting="auto-next" .checked=${!!this.pageValues.auto_next}
            @change=${e=>this.setSetting(`auto_next`,e.target.checked)}>
            start the next game on its own</label>
        </div>
        <div class="row">
          <label>Opponent <select data-setting="opponent" @change=${e=>{let t=e.target.value;this.act({type:`set_opponent`,opponent:t,menace_plays:t===`relay`?`O`:void 0})}}>${g.map(([n,r])=>e`<option value=${n} ?selected=${n===t.opponent}>${r}</option>`)}</select></label>
          <label>MENACE plays <select data-setting="side" @change=${e=>this.act({type:`set_opponent`,opponent:t.opponent,menace_plays:e.target.value})}>
            <option value="X" ?selected=${t.menace===`X`}>X, first (304 boxes)</option>
            <option value="O" ?selected=${t.menace===`O`}>O, second (289 boxes)</option></select></label>
        </div>
        <div class="row"><button data-action="new-game" @click=${()=>this.act({type:`new_game`})}>New game (n)</button></div>
        ${c?e`<div class="row">
            <lm-run-control .running=${this.running} .interval=${this.interval}
              @run=${e=>{this.setSetting(`interval`,e.detail.interval),this.autoplay(x[this.tick][1],e.detail.interval)}}
              @speed=${e=>{this.setSetting(`interval`,e.detail.interval),this.autoplay(x[this.tick][1],e.detail.interval)}}
              @pause=${()=>this.stop()}
              @step=${()=>this.act({type:`step`})}></lm-run-control>
            <select data-setting="tick" aria-label="work per autoplay tick" @change=${e=>{this.setSetting(`tick`,Number(e.target.value)),this.running&&this.autoplay(x[this.tick][1],this.interval)}}>${x.map(([t],n)=>e`<option value=${n} ?selected=${n===this.tick}>${t}</option>`)}</select></div>`:e`<div class="row"><button data-action="step" ?disabled=${t.next===`human`} @click=${()=>this.act({type:`step`})}>${n.step}Step (s)</button>
            <small>Choose a machine opponent to train MENACE automatically.</small></div>`}
        ${c?this.training():r}
        ${this.curve(t)}
        ${this.settings(t,`menace`)}
        ${t.menace2?this.settings(t,`menace2`):r}
        <div class="row">
          <button data-action="export" @click=${()=>this.exportState()}>${n.download}Export matchboxes</button>
          <label>${n.upload}Import <input type="file" accept=".json,application/json" data-action="import" @change=${e=>this.importState(e)}></label>
          <small data-note>${this.note}</small>
        </div>
        <lm-kit-link .visit=${this.host?.visitId?.()} .boxes=${t.box_count}></lm-kit-link>
      </div>
      <div class="full" data-boxes>
        <h3>All ${s(u.box_count,`matchbox`,`matchboxes`)} (${s(u.bead_total,`bead`)}) — numbers are beads of each colour on the square of the box's picture
          <label><input type="checkbox" .checked=${this.showAll} @change=${e=>{this.showAll=e.target.checked}}> show</label></h3>
        ${this.showAll?d.map(t=>e`<div class="group">
            <h3>MENACE's ${b(t.menace_move)} move of the game: ${s(t.boxes.length,`box`,`boxes`)}</h3>
            <div class="boxes">${this.wall(t.boxes,u,`menace`)}</div></div>`):r}
      </div>
      ${u.menace2?e`<div class="full" data-boxes2>
        <h3>MENACE2's ${s(u.menace2.box_count,`matchbox`,`matchboxes`)} (${s(u.menace2.bead_total,`bead`)}), for ${u.menace===`X`?`O`:`X`}
          <label><input type="checkbox" .checked=${this.showAll2} @change=${e=>{this.showAll2=e.target.checked}}> show</label></h3>
        ${this.showAll2?u.menace2.boxes.map(t=>e`<div class="group">
            <h3>MENACE2's boxes for the ${b(t.menace_move)} move of the game: ${s(t.boxes.length,`box`,`boxes`)}</h3>
            <div class="boxes">${this.wall(t.boxes,u,`menace2`)}</div></div>`):r}
      </div>`:r}`}};customElements.define(`lm-exhibit-menace`,D);export{D as MenaceExhibit};