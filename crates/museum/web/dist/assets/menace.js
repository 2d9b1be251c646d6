import{C as e,a as t,b as n,h as r,i,n as a,o,p as s,r as c,x as l,y as u}from"./index.js";import{t as d}from"./exhibit.js";import"./lm-board.js";import"./lm-run-clock.js";import"./lm-run-control.js";import"./lm-menace-chart.js";import"./lm-kit-link.js";var f={},p=c(class extends i{constructor(){super(...arguments),this.ot=f}render(e,t){return t()}update(e,[t,r]){if(Array.isArray(t)){if(Array.isArray(this.ot)&&this.ot.length===t.length&&t.every((e,t)=>e===this.ot[t]))return n}else if(this.ot===t)return n;return this.ot=Array.isArray(t)?Array.from(t):t,this.render(t,r)}}),m=e=>({done:e.done*(e.each??x),total:e.total*(e.each??x)}),h=[[`human`,`you (a person)`],[`random`,`the random player`],[`perfect`,`the perfect player`],[`menace2`,`MENACE2 (learns too)`],[`computox`,`the Computox (unbeatable)`],[`computox_beatable`,`the Computox (beatable)`],[`relay`,`the relay computer's ROM (plays X only)`]],g=Object.fromEntries(h),_={red:[`#d33a2c`,`#fff`],orange:[`#f08c2e`,`#000`],yellow:[`#f5d432`,`#000`],green:[`#3b9b48`,`#000`],blue:[`#2f6fd0`,`#fff`],indigo:[`#4b3c9e`,`#fff`],violet:[`#a45cc7`,`#000`],white:[`#ffffff`,`#000`],black:[`#222222`,`#fff`]},v=[`LL`,`LM`,`LR`,`ML`,`MM`,`MR`,`RL`,`RM`,`RR`],y=e=>e===1?`1st`:e===2?`2nd`:e===3?`3rd`:`${e}th`,b=[[`one move a tick`,{type:`step`}],[`one game a tick`,{type:`play_games`,n:1}],[`10 games a tick`,{type:`play_games`,n:10}],[`100 games a tick`,{type:`play_games`,n:100}],[`1,000 games a tick`,{type:`play_games`,n:1e3}]],x=1e3,S=[[`seed`,`source (the challenge's rules)`],[`michie`,`michie (Michie 1961)`],[`scroggs`,`scroggs (Scroggs' online MENACE)`]],C=[1e4,1e5,1e6],w=r,T=class extends d{static{this.pageSettings={tick:0,interval:300,auto_next:!1,train:1e5}}static{this.properties={...d.properties,showAll:{state:!0},showAll2:{state:!0},note:{state:!0},runProgress:{state:!0}}}constructor(){super(),this.nextTimer=0,this.wallAt=0,this.wallTimer=0,this.opening=!1,this.onKey=e=>{let t=e.composedPath()[0];t instanceof HTMLInputElement||t instanceof HTMLSelectElement||(e.key===`n`?this.act({type:`new_game`}):e.key===`s`&&this.view&&this.view.next!==`human`&&this.act({type:`step`}))},this.showAll=!0,this.showAll2=!0,this.note=``,this.runProgress=null}get tick(){return Math.max(0,Math.min(b.length-1,Number(this.pageValues.tick)||0))}get interval(){return Number(this.pageValues.interval)||300}willUpdate(e){if(e.has(`happenings`))for(let e of this.happenings)e.type===`run_progress`&&(this.runProgress=e);if(e.has(`view`)||e.has(`running`)){if(!this.running&&!e.has(`running`)&&!this.wallTimer)this.wallView=this.view,this.wallAt=performance.now();else if(!this.wallTimer){let e=Math.max(this.running?500-(performance.now()-this.wallAt):30,0);this.wallTimer=window.setTimeout(()=>{this.wallTimer=0,this.wallView=this.view,this.wallAt=performance.now(),this.requestUpdate()},e)}}}updated(e){super.updated(e);let t=this.view;if(t&&e.has(`view`)&&(t.opponent===`human`&&t.next===`menace`&&!this.config.teaching&&!this.opening&&(this.opening=!0,Promise.resolve(this.act({type:`step`})).finally(()=>{this.opening=!1})),t.next===`over`&&this.pageValues.auto_next&&!this.running&&!this.nextTimer)){let e=t.game;this.nextTimer=window.setTimeout(()=>{this.nextTimer=0,this.view?.next===`over`&&this.view.game===e&&this.pageValues.auto_next&&!this.running&&this.act({type:`new_game`})},1200)}}static{this.styles=e`
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
  `}connectedCallback(){super.connectedCallback(),window.addEventListener(`keydown`,this.onKey)}disconnectedCallback(){super.disconnectedCallback(),window.removeEventListener(`keydown`,this.onKey),clearTimeout(this.nextTimer),clearTimeout(this.wallTimer),this.wallTimer=0}describe(e){switch(e.type){case`game_started`:return`game ${r(e.game)} begins; MENACE plays ${e.menace}`;case`box_opened`:return`${e.who===`menace`?`MENACE`:`MENACE2`} opens box #${e.box_id} (its ${y(e.menace_move)} move; the board ${e.symmetry===`identity`?`is the picture`:`under ${e.symmetry} is the picture`})`;case`box_refilled`:return`box #${e.box_id} was empty: refilled with random beads`;case`bead_drawn`:return`draws a ${e.colour} bead (${e.bead} of the picture) → square ${v[e.square]} of the board`;case`move_played`:return`MENACE (${e.mark}) plays ${e.name}${e.forced?` (forced: the last square)`:``}`;case`opponent_move`:return`${e.opponent} (${e.mark}) plays ${e.name}`;case`resigned`:return`${e.who===`menace`?`MENACE`:`MENACE2`}'s box #${e.box_id} is empty: it resigns`;case`game_over`:return`game ${r(e.game)}: MENACE ${e.result===`win`?`wins`:e.result===`draw`?`draws`:`loses`}${e.resigned?` (resignation)`:``}`;case`reinforced`:return e.changes.length?`beads: ${e.changes.map(e=>`box #${e.box_id} ${v[e.bead]} ${r(e.before)}→${r(e.after)}`).join(`, `)}`:`no boxes used`;case`run_progress`:{let t=m(e);return`training run: ${w(t.done)} of ${o(t.total,`game`)}${e.ended?e.done<e.total?`, stopped`:`, finished`:``}`}case`games_played`:return`${o(e.games,`game`)} played quickly: ${s(e.wins,e.draws,e.losses)}`;case`opponent_changed`:return`now against ${g[e.opponent]}; MENACE plays ${e.menace}`;case`reset`:return`fresh matchboxes (seed ${e.seed})`;case`rules_updated`:return`${e.who===`menace`?`MENACE`:`MENACE2`} now plays by ${e.rules}; every bead kept`;case`teaching_set`:return e.on?`teaching mode: MENACE waits for Step at each of its moves`:`MENACE answers at once`;case`exported`:return`state file exported`;case`imported`:return`imported a MENACE (${e.rules} rules) that has played ${o(e.games,`game`)}`}}status(e){return e.next===`over`?`${e.result===`win`?`MENACE wins`:e.result===`loss`?`MENACE loses`:`A draw`}. New game (n) or Step (s) for the next.`:e.next===`human`?`Your move (${e.to_move}): click a square.`:e.next===`menace`?e.opponent===`human`&&!this.config.teaching?`MENACE (${e.menace}) opens its box…`:`MENACE (${e.menace}) to move: Step (s) to open its box.`:`${g[e.opponent]} (${e.to_move}) to move: Step (s).`}beadCell(e,t,n,i){let[a,o]=_[t]??[`#eee`,`#000`];return l`<span class="c ${e?``:`zero`} ${i?`drawn`:``}" style=${e?`background:${a};color:${o}`:``}
      title="${n}: ${r(e)} ${t} bead${e===1?``:`s`}${i?` (just drawn)`:``}">${r(e)}</span>`}matchbox(e,t,n=!1,r=`menace`){let i=t.last_draw,a=i?.who===r&&i.box_id===e.id,s=(r===`menace`?t.boxes_in_play:t.menace2?.boxes_in_play??[]).includes(e.id),c=e.beads.reduce((e,t)=>e+t,0);return l`<span class="boxwrap" data-box=${e.id}>
      <span class="mb ${n?`big`:``} ${a?`open`:``} ${s?`inplay`:``} ${c?``:`empty`}"
        role="img" aria-label="box ${e.id}: ${o(c,`bead`)}${a?`, just opened`:``}">
        ${[...e.picture].map((n,r)=>n===`X`||n===`O`?l`<span class="c ${n.toLowerCase()}">${n}</span>`:this.beadCell(e.beads[r],t.bead_colours[r],v[r],a&&i.bead===r))}
      </span>
      <span class="id">#${e.id}${a?` opened`:s?` in play`:``}</span></span>`}wall(e,t,n){let r=t.last_draw,i=n===`menace`?t.boxes_in_play:t.menace2?.boxes_in_play??[];return a(e,e=>e.id,e=>{let a=r?.who===n&&r.box_id===e.id?r.bead:-1;return p([e.beads.join(`,`),a,i.includes(e.id)],()=>this.matchbox(e,t,!1,n))})}opened(e){let t=e.last_draw;if(!t)return l`<p><small>No box opened yet in this game.</small></p>`;let n=t.who===`menace`?`menace`:`menace2`,r=(n===`menace`?e.boxes:e.menace2?.boxes??[]).flatMap(e=>e.boxes).find(e=>e.id===t.box_id),[i]=_[t.colour]??[`#eee`];return l`<div class="opened" data-opened>
      ${r?this.matchbox(r,e,!0,n):l`<span class="mb big">${[...t.picture].map(e=>l`<span class="c ${e===`.`?``:e.toLowerCase()}">${e===`.`?``:e}</span>`)}</span>`}
      <div class="arrow" data-arrow>
        <div>${t.who===`menace`?`MENACE`:`MENACE2`} opened box <b>#${t.box_id}</b>${t.refilled?` (empty: refilled)`:``}</div>
        <div>drew <span class="sw" style="background:${i}"></span>${t.colour} bead <b>${t.bead_name}</b> of the picture</div>
        <div>→ ${t.symmetry===`identity`?`the picture is the board`:l`through the inverse of <i>${t.symmetry}</i>`}</div>
        <div>→ plays <b data-square-name>${v[t.square]}</b> on the board</div>
      </div>
    </div>`}training(){let e=Number(this.pageValues.train)||1e5,t=this.runProgress,n=t?m(t):null,r=this.runOf(`train`,t),i=this.startBlocked(r);return l`<div class="row" data-run>
        <label>Train at full speed <select data-setting="train" @change=${e=>this.setSetting(`train`,Number(e.target.value))}>
          ${C.map(t=>l`<option value=${t} ?selected=${t===e}>${w(t)} games</option>`)}</select></label>
        <button data-action="train" ?disabled=${this.running} title=${i}
          @click=${()=>{this.runProgress=null,this.ownRun=`train`,this.runAction({type:`play_games`,n:x},e/x)}}>Train</button>
        <button data-action="stop-run" ?disabled=${!this.running} @click=${()=>this.stop()}>${this.stopLabel()}</button>
        ${i?l`<small data-start-why>${i}</small>`:u}
      </div>
      ${t&&n?l`<div class="row" data-run-progress>
        <progress max=${n.total} .value=${n.done} aria-label="training run"></progress>
        <small>${w(n.done)} of ${o(n.total,`game`)}${t.per_second>0?`, ${w(t.per_second*(t.each??x))} games/s`:``}${t.ended?t.done<t.total?` — stopped`:` — finished`:``}</small>
      </div>`:u}
      <lm-run-clock .report=${t} .running=${r} .queued=${this.queued}></lm-run-clock>`}curve(e){let t=e.curve,n=t[t.length-1],r=e.counters,i=n&&n.game===r.games?t:[...t,{game:r.games,wins:r.wins,draws:r.draws,losses:r.losses,first_box_beads:0}],a=[{name:`wins`,color:`#2e7d32`,points:i.map(e=>[e.game,e.wins])},{name:`draws`,color:`#8a6d00`,dash:`6 3`,points:i.map(e=>[e.game,e.draws])},{name:`losses`,color:`#b3261e`,dash:`2 3`,points:i.map(e=>[e.game,e.losses])}],s=[{name:`beads in box #0`,color:`#7a5b32`,points:t.map(e=>[e.game,e.first_box_beads])}];return l`<div data-curve>
      <lm-menace-chart .series=${a} caption="MENACE's results so far (every ${o(e.curve_stride,`game`)})" xLabel="games played" yLabel="games (cumulative)"></lm-menace-chart>
      <lm-menace-chart .series=${s} caption="Beads in the first box (MENACE's first move)" xLabel="games played" yLabel="beads"></lm-menace-chart>
    </div>`}settings(e,t){let n=t===`menace2`,r=n?e.menace2.rules:e.rules,i=n?`m2-`:``,a=`random`in r.starting_beads,o=r.starting_beads,s=a?[4,3,2,1]:o.per_move,c=r.empty_box===`resign`?3:r.empty_box.refill,u=e=>this.renderRoot.querySelector(`[data-setting="${i}${e}"]`),d=e=>Number(u(e).value),f=()=>u(`empty`).value===`resign`?`resign`:{refill:d(`refill`)},p=()=>this.act({type:`update_rules`,menace2:n,win:d(`win`),draw:d(`draw`),loss:d(`loss`),empty_box:f()}),m=()=>{let e=u(`beads-mode`).value,t={preset:u(`preset`).value,starting_beads:e===`random`?{random:{min:d(`min`),max:d(`max`)}}:{per_move:[d(`m1`),d(`m2`),d(`m3`),d(`m4`)]},one_bead_per_move_class:u(`one-class`).checked,win:d(`win`),draw:d(`draw`),loss:d(`loss`),empty_box:f()};this.restart(n?{...this.config,menace2:t}:{...this.config,...t})},h=e=>{if(n){this.restart({...this.config,menace2:{preset:e}});return}let t={...this.config,preset:e};for(let e of[`starting_beads`,`one_bead_per_move_class`,`win`,`draw`,`loss`,`empty_box`])delete t[e];this.restart(t)},g=n?this.config.menace2?.preset??`seed`:this.config.preset??`seed`,_=e.menace===(n?`O`:`X`)?[1,3,5,7]:[2,4,6,8],v=n?`MENACE2`:`MENACE`;return l`<fieldset data-settings=${t}><legend>${v}'s settings (${n?e.menace2.rules_name:e.rules_name})</legend>
      <div class="row">Net beads after a
        <label>win <input type="number" min="-100" max="100" data-setting="${i}win" .value=${String(r.win)}></label>
        <label>draw <input type="number" min="-100" max="100" data-setting="${i}draw" .value=${String(r.draw)}></label>
        <label>loss <input type="number" min="-100" max="100" data-setting="${i}loss" .value=${String(r.loss)}></label></div>
      <div class="row">An empty box
        <select data-setting="${i}empty" aria-label="${v}'s empty box policy">
          <option value="resign" ?selected=${r.empty_box===`resign`}>resigns</option>
          <option value="refill" ?selected=${r.empty_box!==`resign`}>is refilled with</option></select>
        <input type="number" min="1" max="1000" data-setting="${i}refill" aria-label="beads to refill" .value=${String(c)}> beads</div>
      <div class="row"><button data-action="${i}update" @click=${p}>Update ${v}</button>
        <small>rewards and empty boxes from the next game on; every bead stays</small></div>
      <hr>
      <label>Preset <select data-setting="${i}preset" @change=${e=>h(e.target.value)}>
        ${S.map(([e,t])=>l`<option value=${e} ?selected=${g===e}>${t}</option>`)}
      </select></label>
      <div class="row">Starting beads
        <select data-setting="${i}beads-mode" aria-label="${v}'s starting beads kind">
          <option value="random" ?selected=${a}>random, per box</option>
          <option value="per_move" ?selected=${!a}>per legal move, by ${v}'s move</option></select>
        <label>min <input type="number" min="1" max="1000" data-setting="${i}min" .value=${String(a?o.random.min:1)}></label>
        <label>max <input type="number" min="1" max="1000" data-setting="${i}max" .value=${String(a?o.random.max:9)}></label>
      </div>
      <div class="row">per move:
        ${[1,2,3,4].map(e=>l`<label>${y(_[e-1])} <input type="number" min="0" max="1000" data-setting="${i}m${e}" .value=${String(s[e-1])}></label>`)}</div>
      <label><input type="checkbox" data-setting="${i}one-class" .checked=${r.one_bead_per_move_class}> one bead colour per class of equivalent moves (Scroggs)</label>
      <div class="row"><button data-action="${i}apply" @click=${m}>Update and reset ${v}</button>
        <small data-reset-note>starting beads and bead colours only take effect in fresh boxes: this resets ${n?`both machines`:`MENACE`} and the counters</small></div>
    </fieldset>`}async exportState(){let e=((await this.act({type:`export`}))?.happenings)?.find(e=>e.type===`exported`);if(!e)return;let t=JSON.stringify(e.state),n=document.createElement(`a`);n.href=URL.createObjectURL(new Blob([t],{type:`application/json`})),n.download=`menace-seed-${this.view?.seed??0}-game-${this.view?.counters.games??0}.json`,n.dataset.exported=t,this.renderRoot.appendChild(n),n.click(),n.remove(),this.note=`exported ${o(t.length,`byte`)} (the state file of \`ludomat menace\`)`}async importState(e){let t=e.target,n=t.files?.[0];if(!n)return;let r=await n.text(),i=r;try{i=JSON.parse(r)}catch{}let a=await this.act({type:`import`,state:i});this.note=a?`imported ${n.name}`:`${n.name} was not imported`,t.value=``}render(){let e=this.view;if(!e)return l``;let n=e.last_draw,i=[...e.board].map((t,r)=>{let i=t===`.`?null:t;return{text:i??v[r].toLowerCase(),mark:i?i.toLowerCase():void 0,label:`square ${v[r]}, ${i??`empty`}`,playable:e.next===`human`&&!i,highlight:!!n&&n.square===r&&!!i}}),a=e.opponent!==`human`,s=e.counters,c=this.wallView??e,d=c.boxes;return l`
      <div>
        <p class="status" data-status>${this.status(e)}</p>
        <lm-board .squares=${i} @square=${e=>this.act({type:`play`,square:e.detail.index})}></lm-board>
        <p class="why" data-why>${e.moves.map(e=>`${e.mark} ${e.name}`).join(`, `)}</p>
        <h3>The box just opened</h3>
        ${this.opened(e)}
        <div class="legend" aria-label="bead colours">${v.map((t,n)=>l`<span><span class="sw" style="background:${_[e.bead_colours[n]][0]}"></span>${t} ${e.bead_colours[n]}</span>`)}</div>
      </div>
      <div class="side">
        <div class="tally" data-tally>
          <span>game <b data-game>${r(e.game)}</b></span>
          <span><span><span class="tag win">W</span> wins</span><b data-wins>${r(s.wins)}</b></span>
          <span><span><span class="tag draw">D</span> draws</span><b data-draws>${r(s.draws)}</b></span>
          <span><span><span class="tag loss">L</span> losses</span><b data-losses>${r(s.losses)}</b></span>
          <span>games played <b data-games>${r(s.games)}</b></span>
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
          <label>Opponent <select data-setting="opponent" @change=${e=>{let t=e.target.value;this.act({type:`set_opponent`,opponent:t,menace_plays:t===`relay`?`O`:void 0})}}>${h.map(([t,n])=>l`<option value=${t} ?selected=${t===e.opponent}>${n}</option>`)}</select></label>
          <label>MENACE plays <select data-setting="side" @change=${t=>this.act({type:`set_opponent`,opponent:e.opponent,menace_plays:t.target.value})}>
            <option value="X" ?selected=${e.menace===`X`}>X, first (304 boxes)</option>
            <option value="O" ?selected=${e.menace===`O`}>O, second (289 boxes)</option></select></label>
        </div>
        <div class="row"><button data-action="new-game" @click=${()=>this.act({type:`new_game`})}>New game (n)</button></div>
        ${a?l`<div class="row">
            <lm-run-control .running=${this.running} .interval=${this.interval}
              @run=${e=>{this.setSetting(`interval`,e.detail.interval),this.autoplay(b[this.tick][1],e.detail.interval)}}
              @speed=${e=>{this.setSetting(`interval`,e.detail.interval),this.autoplay(b[this.tick][1],e.detail.interval)}}
              @pause=${()=>this.stop()}
              @step=${()=>this.act({type:`step`})}></lm-run-control>
            <select data-setting="tick" aria-label="work per autoplay tick" @change=${e=>{this.setSetting(`tick`,Number(e.target.value)),this.running&&this.autoplay(b[this.tick][1],this.interval)}}>${b.map(([e],t)=>l`<option value=${t} ?selected=${t===this.tick}>${e}</option>`)}</select></div>`:l`<div class="row"><button data-action="step" ?disabled=${e.next===`human`} @click=${()=>this.act({type:`step`})}>${t.step}Step (s)</button>
            <small>Choose a machine opponent to train MENACE automatically.</small></div>`}
        ${a?this.training():u}
        ${this.curve(e)}
        ${this.settings(e,`menace`)}
        ${e.menace2?this.settings(e,`menace2`):u}
        <div class="row">
          <button data-action="export" @click=${()=>this.exportState()}>${t.download}Export matchboxes</button>
          <label>${t.upload}Import <input type="file" accept=".json,application/json" data-action="import" @change=${e=>this.importState(e)}></label>
          <small data-note>${this.note}</small>
        </div>
        <lm-kit-link .visit=${this.host?.visitId?.()} .boxes=${e.box_count}></lm-kit-link>
      </div>
      <div class="full" data-boxes>
        <h3>All ${o(c.box_count,`matchbox`,`matchboxes`)} (${o(c.bead_total,`bead`)}) — numbers are beads of each colour on the square of the box's picture
          <label><input type="checkbox" .checked=${this.showAll} @change=${e=>{this.showAll=e.target.checked}}> show</label></h3>
        ${this.showAll?d.map(e=>l`<div class="group">
            <h3>MENACE's ${y(e.menace_move)} move of the game: ${o(e.boxes.length,`box`,`boxes`)}</h3>
            <div class="boxes">${this.wall(e.boxes,c,`menace`)}</div></div>`):u}
      </div>
      ${c.menace2?l`<div class="full" data-boxes2>
        <h3>MENACE2's ${o(c.menace2.box_count,`matchbox`,`matchboxes`)} (${o(c.menace2.bead_total,`bead`)}), for ${c.menace===`X`?`O`:`X`}
          <label><input type="checkbox" .checked=${this.showAll2} @change=${e=>{this.showAll2=e.target.checked}}> show</label></h3>
        ${this.showAll2?c.menace2.boxes.map(e=>l`<div class="group">
            <h3>MENACE2's boxes for the ${y(e.menace_move)} move of the game: ${o(e.boxes.length,`box`,`boxes`)}</h3>
            <div class="boxes">${this.wall(e.boxes,c,`menace2`)}</div></div>`):u}
      </div>`:u}`}};customElements.define(`lm-exhibit-menace`,T);export{T as MenaceExhibit};