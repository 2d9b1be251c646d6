import{i as e,o as t,r as n}from"./index.js";import{t as r}from"./exhibit.js";import"./lm-board.js";import"./lm-run-control.js";import"./lm-kit-link.js";var i=[[`human`,`you (a person)`],[`random`,`the random player`],[`perfect`,`the perfect player`],[`menace2`,`MENACE2 (learns too)`],[`computox`,`the Computox (unbeatable)`],[`computox_beatable`,`the Computox (beatable)`],[`relay`,`the relay computer's ROM (plays X only)`]],a=Object.fromEntries(i),o={red:[`#d33a2c`,`#fff`],orange:[`#f08c2e`,`#000`],yellow:[`#f5d432`,`#000`],green:[`#3b9b48`,`#fff`],blue:[`#2f6fd0`,`#fff`],indigo:[`#4b3c9e`,`#fff`],violet:[`#a45cc7`,`#fff`],white:[`#ffffff`,`#000`],black:[`#222222`,`#fff`]},s=[`LL`,`LM`,`LR`,`ML`,`MM`,`MR`,`RL`,`RM`,`RR`],c=e=>e===1?`1st`:e===2?`2nd`:e===3?`3rd`:`${e}th`,l=[[`one move a tick`,{type:`step`}],[`one game a tick`,{type:`play_games`,n:1}],[`10 games a tick`,{type:`play_games`,n:10}],[`100 games a tick`,{type:`play_games`,n:100}],[`1000 games a tick`,{type:`play_games`,n:1e3}]],u=class extends r{static{this.properties={...r.properties,interval:{state:!0},tick:{state:!0},showAll:{state:!0},note:{state:!0}}}constructor(){super(),this.onKey=e=>{let t=e.composedPath()[0];t instanceof HTMLInputElement||t instanceof HTMLSelectElement||(e.key===`n`?this.act({type:`new_game`}):e.key===`s`&&this.view&&this.view.next!==`human`&&this.act({type:`step`}))},this.interval=300,this.tick=0,this.showAll=!0,this.note=``}static{this.styles=t`
    :host { display: grid; grid-template-columns: minmax(18rem, auto) 1fr; gap: 1.2rem 2rem; align-items: start; }
    @media (max-width: 56rem) { :host { grid-template-columns: 1fr; } }
    h3 { margin: 0.8rem 0 0.4rem; font-size: 1.05rem; }
    .status { font-size: 1.25rem; font-weight: 600; margin: 0 0 0.5rem; }
    .side { display: flex; flex-direction: column; gap: 0.8rem; }
    .tally { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; font-size: 1rem; }
    .tally b { font-size: 1.2rem; }
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
    .group { margin-bottom: 0.6rem; }
    .boxes { display: flex; flex-wrap: wrap; gap: 6px; }
    .mb { display: inline-grid; grid-template-columns: repeat(3, 1.2rem); grid-auto-rows: 1.2rem; gap: 1px;
      padding: 3px; background: #d9b98a; border: 2px solid #7a5b32; border-radius: 4px; position: relative; }
    .mb.big { grid-template-columns: repeat(3, 2.6rem); grid-auto-rows: 2.6rem; gap: 3px; padding: 5px; }
    .mb.open { border-color: #e0a100; box-shadow: 0 0 0 3px #e0a100; }
    .mb.inplay { border-style: dashed; }
    .mb.empty { background: #c9c0b0; }
    .c { font: 600 0.7rem/1.2rem system-ui, sans-serif; text-align: center; background: #f3e2c2; color: #1d1b18; border-radius: 2px; }
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
  `}connectedCallback(){super.connectedCallback(),window.addEventListener(`keydown`,this.onKey)}disconnectedCallback(){super.disconnectedCallback(),window.removeEventListener(`keydown`,this.onKey)}describe(e){switch(e.type){case`game_started`:return`game ${e.game} begins; MENACE plays ${e.menace}`;case`box_opened`:return`${e.who===`menace`?`MENACE`:`MENACE2`} opens box #${e.box_id} (its ${c(e.menace_move)} move; the board ${e.symmetry===`identity`?`is the picture`:`under ${e.symmetry} is the picture`})`;case`box_refilled`:return`box #${e.box_id} was empty: refilled with random beads`;case`bead_drawn`:return`draws a ${e.colour} bead (${e.bead} of the picture) → square ${s[e.square]} of the board`;case`move_played`:return`MENACE (${e.mark}) plays ${e.name}${e.forced?` (forced: the last square)`:``}`;case`opponent_move`:return`${e.opponent} (${e.mark}) plays ${e.name}`;case`resigned`:return`${e.who===`menace`?`MENACE`:`MENACE2`}'s box #${e.box_id} is empty: it resigns`;case`game_over`:return`game ${e.game}: MENACE ${e.result===`win`?`wins`:e.result===`draw`?`draws`:`loses`}${e.resigned?` (resignation)`:``}`;case`reinforced`:return e.changes.length?`beads: ${e.changes.map(e=>`box #${e.box_id} ${s[e.bead]} ${e.before}→${e.after}`).join(`, `)}`:`no boxes used`;case`games_played`:return`${e.games} games played quickly: ${e.wins} wins, ${e.draws} draws, ${e.losses} losses`;case`opponent_changed`:return`now against ${a[e.opponent]}; MENACE plays ${e.menace}`;case`reset`:return`fresh matchboxes (seed ${e.seed})`;case`exported`:return`state file exported`;case`imported`:return`imported a MENACE (${e.rules} rules) that has played ${e.games} games`}}status(e){return e.next===`over`?`${e.result===`win`?`MENACE wins`:e.result===`loss`?`MENACE loses`:`A draw`}. New game (n) or Step (s) for the next.`:e.next===`human`?`Your move (${e.to_move}): click a square.`:e.next===`menace`?`MENACE (${e.menace}) to move: Step (s) to open its box.`:`${a[e.opponent]} (${e.to_move}) to move: Step (s).`}beadCell(t,n,r,i){let[a,s]=o[n]??[`#eee`,`#000`];return e`<span class="c ${t?``:`zero`} ${i?`drawn`:``}" style=${t?`background:${a};color:${s}`:``}
      title="${r}: ${t} ${n} bead${t===1?``:`s`}${i?` (just drawn)`:``}">${t}</span>`}matchbox(t,n,r=!1){let i=n.last_draw,a=i?.who===`menace`&&i.box_id===t.id,o=n.boxes_in_play.includes(t.id),c=t.beads.reduce((e,t)=>e+t,0);return e`<span class="boxwrap" data-box=${t.id}>
      <span class="mb ${r?`big`:``} ${a?`open`:``} ${o?`inplay`:``} ${c?``:`empty`}"
        role="img" aria-label="box ${t.id}: ${c} beads${a?`, just opened`:``}">
        ${[...t.picture].map((r,o)=>r===`X`||r===`O`?e`<span class="c ${r.toLowerCase()}">${r}</span>`:this.beadCell(t.beads[o],n.bead_colours[o],s[o],a&&i.bead===o))}
      </span>
      <span class="id">#${t.id}${a?` opened`:o?` in play`:``}</span></span>`}opened(t){let n=t.last_draw;if(!n)return e`<p><small>No box opened yet in this game.</small></p>`;let r=(n.who===`menace`?t.boxes.flatMap(e=>e.boxes):[]).find(e=>e.id===n.box_id),[i]=o[n.colour]??[`#eee`];return e`<div class="opened" data-opened>
      ${r?this.matchbox(r,t,!0):e`<span class="mb big">${[...n.picture].map(t=>e`<span class="c ${t===`.`?``:t.toLowerCase()}">${t===`.`?``:t}</span>`)}</span>`}
      <div class="arrow" data-arrow>
        <div>${n.who===`menace`?`MENACE`:`MENACE2`} opened box <b>#${n.box_id}</b>${n.refilled?` (empty: refilled)`:``}</div>
        <div>drew <span class="sw" style="background:${i}"></span>${n.colour} bead <b>${n.bead_name}</b> of the picture</div>
        <div>→ ${n.symmetry===`identity`?`the picture is the board`:e`through the inverse of <i>${n.symmetry}</i>`}</div>
        <div>→ plays <b data-square-name>${s[n.square]}</b> on the board</div>
      </div>
    </div>`}curve(t){let n=t.curve,r=n[n.length-1],i=t.counters,a=r&&r.game===i.games?n:[...n,{game:i.games,wins:i.wins,draws:i.draws,losses:i.losses,first_box_beads:0}],o=[{name:`wins`,color:`#2e7d32`,points:a.map(e=>[e.game,e.wins])},{name:`draws`,color:`#8a6d00`,dash:`6 3`,points:a.map(e=>[e.game,e.draws])},{name:`losses`,color:`#b3261e`,dash:`2 3`,points:a.map(e=>[e.game,e.losses])}],s=[{name:`beads in box #0`,color:`#7a5b32`,points:n.map(e=>[e.game,e.first_box_beads])}];return e`<div data-curve>
      <lm-menace-chart .series=${o} caption="MENACE's results so far (every ${t.curve_stride} game${t.curve_stride===1?``:`s`})" xLabel="games played" yLabel="games (cumulative)"></lm-menace-chart>
      <lm-menace-chart .series=${s} caption="Beads in the first box (MENACE's first move)" xLabel="games played" yLabel="beads"></lm-menace-chart>
    </div>`}settings(t){let n=t.rules,r=`random`in n.starting_beads,i=n.starting_beads,a=r?[4,3,2,1]:i.per_move,o=n.empty_box===`resign`?3:n.empty_box.refill,s=()=>{let e=e=>this.renderRoot.querySelector(`[data-setting="${e}"]`),t=t=>Number(e(t).value),n=e(`beads-mode`).value,r={...this.config,preset:e(`preset`).value,starting_beads:n===`random`?{random:{min:t(`min`),max:t(`max`)}}:{per_move:[t(`m1`),t(`m2`),t(`m3`),t(`m4`)]},one_bead_per_move_class:e(`one-class`).checked,win:t(`win`),draw:t(`draw`),loss:t(`loss`),empty_box:e(`empty`).value===`resign`?`resign`:{refill:t(`refill`)}};this.restart(r)},l=e=>{let t={...this.config,preset:e};for(let e of[`starting_beads`,`one_bead_per_move_class`,`win`,`draw`,`loss`,`empty_box`])delete t[e];this.restart(t)};return e`<fieldset data-settings><legend>Settings (${t.rules_name})</legend>
      <label>Preset <select data-setting="preset" @change=${e=>l(e.target.value)}>
        ${[`seed`,`michie`,`scroggs`].map(t=>e`<option value=${t} ?selected=${(this.config.preset??`seed`)===t}>${t}</option>`)}
      </select></label>
      <div class="row">Starting beads
        <select data-setting="beads-mode" aria-label="starting beads kind">
          <option value="random" ?selected=${r}>random, per box</option>
          <option value="per_move" ?selected=${!r}>per legal move, by MENACE's move</option></select>
        <label>min <input type="number" min="1" max="1000" data-setting="min" .value=${String(r?i.random.min:1)}></label>
        <label>max <input type="number" min="1" max="1000" data-setting="max" .value=${String(r?i.random.max:9)}></label>
      </div>
      <div class="row">per move:
        ${[1,2,3,4].map(t=>e`<label>${c(2*t-1)} <input type="number" min="0" max="1000" data-setting="m${t}" .value=${String(a[t-1])}></label>`)}</div>
      <label><input type="checkbox" data-setting="one-class" .checked=${n.one_bead_per_move_class}> one bead colour per class of equivalent moves (Scroggs)</label>
      <div class="row">Net beads after a
        <label>win <input type="number" min="-100" max="100" data-setting="win" .value=${String(n.win)}></label>
        <label>draw <input type="number" min="-100" max="100" data-setting="draw" .value=${String(n.draw)}></label>
        <label>loss <input type="number" min="-100" max="100" data-setting="loss" .value=${String(n.loss)}></label></div>
      <div class="row">An empty box
        <select data-setting="empty" aria-label="empty box policy">
          <option value="resign" ?selected=${n.empty_box===`resign`}>resigns</option>
          <option value="refill" ?selected=${n.empty_box!==`resign`}>is refilled with</option></select>
        <input type="number" min="1" max="1000" data-setting="refill" aria-label="beads to refill" .value=${String(o)}> beads</div>
      <div><button data-action="apply" @click=${s}>Apply and reset</button> <small>fresh matchboxes under these rules</small></div>
    </fieldset>`}async exportState(){let e=((await this.act({type:`export`}))?.happenings)?.find(e=>e.type===`exported`);if(!e)return;let t=JSON.stringify(e.state),n=document.createElement(`a`);n.href=URL.createObjectURL(new Blob([t],{type:`application/json`})),n.download=`menace-seed-${this.view?.seed??0}-game-${this.view?.counters.games??0}.json`,n.dataset.exported=t,this.renderRoot.appendChild(n),n.click(),n.remove(),this.note=`exported ${t.length} bytes (the state file of \`ludomat menace\`)`}async importState(e){let t=e.target,n=t.files?.[0];if(!n)return;let r=await n.text(),i=r;try{i=JSON.parse(r)}catch{}let a=await this.act({type:`import`,state:i});this.note=a?`imported ${n.name}`:`${n.name} was not imported`,t.value=``}render(){let t=this.view;if(!t)return e``;let r=t.last_draw,a=[...t.board].map((e,n)=>{let i=e===`.`?null:e;return{text:i??s[n].toLowerCase(),mark:i?i.toLowerCase():void 0,label:`square ${s[n]}, ${i??`empty`}`,playable:t.next===`human`&&!i,highlight:!!r&&r.square===n&&!!i}}),u=t.opponent!==`human`,d=t.counters,f=t.boxes,p=this.config.opponent??`human`;return e`
      <div>
        <p class="status" data-status>${this.status(t)}</p>
        <lm-board .squares=${a} @square=${e=>this.act({type:`play`,square:e.detail.index})}></lm-board>
        <p class="why" data-why>${t.moves.map(e=>`${e.mark} ${e.name}`).join(`, `)}</p>
        <h3>The box just opened</h3>
        ${this.opened(t)}
        <div class="legend" aria-label="bead colours">${s.map((n,r)=>e`<span><span class="sw" style="background:${o[t.bead_colours[r]][0]}"></span>${n} ${t.bead_colours[r]}</span>`)}</div>
      </div>
      <div class="side">
        <div class="tally" data-tally>
          <span>game <b data-game>${t.game}</b></span>
          <span><span class="tag win">W</span> MENACE wins <b data-wins>${d.wins}</b></span>
          <span><span class="tag draw">D</span> draws <b data-draws>${d.draws}</b></span>
          <span><span class="tag loss">L</span> MENACE loses <b data-losses>${d.losses}</b></span>
          <span>of <b data-games>${d.games}</b> games</span>
        </div>
        <div class="row">
          <label>Opponent <select data-setting="opponent" @change=${e=>{let t=e.target.value;this.act({type:`set_opponent`,opponent:t,menace_plays:t===`relay`?`O`:void 0})}}>${i.map(([n,r])=>e`<option value=${n} ?selected=${n===t.opponent}>${r}</option>`)}</select></label>
          <label>MENACE plays <select data-setting="side" @change=${e=>this.act({type:`set_opponent`,opponent:t.opponent,menace_plays:e.target.value})}>
            <option value="X" ?selected=${t.menace===`X`}>X, first (304 boxes)</option>
            <option value="O" ?selected=${t.menace===`O`}>O, second (289 boxes)</option></select></label>
        </div>
        <div class="row"><button data-action="new-game" @click=${()=>this.act({type:`new_game`})}>New game (n)</button>
          ${p===t.opponent?n:e`<small>(the link's opponent was ${p})</small>`}</div>
        ${u?e`<div class="row">
            <lm-run-control .running=${this.running} .interval=${this.interval}
              @run=${e=>{this.interval=e.detail.interval,this.autoplay(l[this.tick][1],this.interval)}}
              @speed=${e=>{this.interval=e.detail.interval,this.autoplay(l[this.tick][1],this.interval)}}
              @pause=${()=>this.stop()}
              @step=${()=>this.act({type:`step`})}></lm-run-control>
            <select data-setting="tick" aria-label="work per autoplay tick" @change=${e=>{this.tick=Number(e.target.value),this.running&&this.autoplay(l[this.tick][1],this.interval)}}>${l.map(([t],n)=>e`<option value=${n} ?selected=${n===this.tick}>${t}</option>`)}</select></div>`:e`<div class="row"><button data-action="step" ?disabled=${t.next===`human`} @click=${()=>this.act({type:`step`})}>⏭ Step (s)</button>
            <small>Choose a machine opponent to train MENACE automatically.</small></div>`}
        ${this.curve(t)}
        ${this.settings(t)}
        <div class="row">
          <button data-action="export" @click=${()=>this.exportState()}>⬇ Export matchboxes</button>
          <label>⬆ Import <input type="file" accept=".json,application/json" data-action="import" @change=${e=>this.importState(e)}></label>
          <small data-note>${this.note}</small>
        </div>
        <lm-kit-link .visit=${this.host?.visitId?.()} .boxes=${t.box_count}></lm-kit-link>
      </div>
      <div class="full" data-boxes>
        <h3>All ${t.box_count} matchboxes (${t.bead_total} beads) — numbers are beads of each colour on the square of the box's picture
          <label><input type="checkbox" .checked=${this.showAll} @change=${e=>{this.showAll=e.target.checked}}> show</label></h3>
        ${this.showAll?f.map(n=>e`<div class="group">
            <h3>MENACE's ${c(n.menace_move)} move of the game: ${n.boxes.length} boxes</h3>
            <div class="boxes">${n.boxes.map(e=>this.matchbox(e,t))}</div></div>`):n}
      </div>`}};customElements.define(`lm-exhibit-menace`,u);export{u as MenaceExhibit};