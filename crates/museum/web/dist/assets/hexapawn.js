import{S as e,a as t,b as n,h as r,o as i,w as a}from"./index.js";import{t as o}from"./exhibit.js";import"./lm-board.js";import"./lm-run-control.js";import"./lm-menace-chart.js";import"./lm-kit-link.js";var s=[[`human`,`you (a person)`],[`random`,`the random player`],[`perfect`,`the perfect player`]],c=`abc`,l=e=>`${c[e%3]}${3-Math.floor(e/3)}`,u={far_row:`a pawn reached the far row`,all_taken:`every enemy pawn was taken`,no_move:`the loser had no move`},d=[[`one move a tick`,{type:`step`}],[`one game a tick`,{type:`play_games`,n:1}],[`10 games a tick`,{type:`play_games`,n:10}]],f=class extends o{static{this.properties={...o.properties,selected:{state:!0},interval:{state:!0},tick:{state:!0}}}constructor(){super(),this.selected=null,this.interval=400,this.tick=0}static{this.styles=a`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: minmax(0, 30rem) minmax(0, 1fr); gap: 1.2rem 2rem; align-items: start; }
    @media (max-width: 56rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    h3 { margin: 0.8rem 0 0.4rem; font-size: 1.05rem; }
    .status { font-size: 1.25rem; font-weight: 600; margin: 0 0 0.5rem; min-height: 2.7em; }
    .side { display: flex; flex-direction: column; gap: 0.8rem; }
    /* Fixed cells: the counters grow without moving anything beside or below them. */
    .tally { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 0.4rem; font-size: 0.9rem; max-width: 30rem; }
    .tally > span { display: flex; flex-direction: column; align-items: center; text-align: center;
      background: #fffdf8; border: 1px solid #d8cdb8; border-radius: 6px; padding: 0.2rem; }
    .tally b { font-size: 1.2rem; font-variant-numeric: tabular-nums; white-space: nowrap; }
    .tag { display: inline-block; padding: 0 0.35rem; border-radius: 4px; color: #fff; font-weight: 600; }
    .tag.win { background: #2e7d32; } .tag.loss { background: #b3261e; }
    .row { display: flex; gap: 0.6rem; flex-wrap: wrap; align-items: center; }
    select, button { font-size: 0.95rem; padding: 0.25rem 0.5rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    .why { color: #3a342b; min-height: 1.3rem; max-width: 30rem; }
    .group { margin-bottom: 0.6rem; }
    .boxes { display: flex; flex-wrap: wrap; gap: 8px; }
    .box { display: inline-flex; flex-direction: column; align-items: center; gap: 3px; padding: 4px;
      background: #d9b98a; border: 2px solid #7a5b32; border-radius: 5px; }
    .box.open { border-color: #e0a100; box-shadow: 0 0 0 3px #e0a100; }
    .box.inplay { border-style: dashed; }
    .box.empty { background: #c9c0b0; }
    .pic { display: inline-grid; grid-template-columns: repeat(3, 1.3rem); grid-auto-rows: 1.3rem; gap: 1px; }
    .big .pic { grid-template-columns: repeat(3, 2.4rem); grid-auto-rows: 2.4rem; }
    .c { font: 700 0.8rem/1.3rem system-ui, sans-serif; text-align: center; background: #f3e2c2; color: #1d1b18; border-radius: 2px; }
    .big .c { font-size: 1.3rem; line-height: 2.4rem; }
    .c.w { color: #1f5fa8; } .c.b { color: #b3261e; }
    .c.from { outline: 2px solid #e0a100; outline-offset: -2px; } .c.to { background: #ffe9a8; }
    .beads { display: flex; flex-wrap: wrap; gap: 2px; max-width: 7rem; justify-content: center; }
    .bead { font: 600 0.62rem/1 system-ui, sans-serif; padding: 2px 3px; border-radius: 6px; background: #fffdf8; border: 1px solid #7a5b32; }
    .bead.gone { text-decoration: line-through; color: #8a7d66; background: transparent; border-style: dotted; }
    .bead.drawn { background: #b3261e; color: #fff; border-color: #b3261e; }
    .bead.taken { background: #1d1b18; color: #fff; }
    .id { font-size: 0.62rem; color: #3a342b; }
    .opened { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
    .arrow { max-width: 15rem; }
    .full { grid-column: 1 / -1; }
    .menace { border-left: 4px solid #7a5b32; padding-left: 0.6rem; }
    small { color: #5b5346; }
  `}describe(e){switch(e.type){case`game_started`:return`game ${r(e.game)} begins; White moves first`;case`white_moved`:return`${e.by===`human`?`you`:`the ${e.by} player`} (White) play${e.by===`human`?``:`s`} ${e.name}`;case`box_opened`:return`HER opens box #${e.box_id} (its move ${e.her_move}; ${e.mirrored?`the board is the picture in a mirror`:`the board is the picture`}): ${i(e.beads,`bead`)}`;case`bead_drawn`:return`draws the ${e.bead} bead → plays ${e.name}`;case`resigned`:return`box #${e.box_id} is empty: HER resigns`;case`game_over`:return`game ${r(e.game)}: ${e.her_won?`HER wins`:`HER loses`}${e.by?` (${u[e.by]})`:` (resigned)`}`;case`punished`:return`punished: the ${e.bead} bead is taken from box #${e.box_id} (${e.left} left)`;case`games_played`:return`${i(e.games,`game`)} played: HER ${i(e.wins,`win`)}, ${i(e.losses,`loss`,`losses`)}`;case`white_changed`:return`White is now ${s.find(t=>t[0]===e.white)?.[1]??e.white}`;case`reset`:return`a fresh HER, full boxes (seed ${e.seed})`}}status(e){if(e.next===`over`){let t=e.result;return`${t.her_won?`HER wins`:`HER loses`}${t.by?` — ${u[t.by]}`:` — it resigned`}. New game or Step.`}return e.next===`human`?this.selected===null?`Your move (White): click a pawn.`:`Pawn ${l(this.selected)}: click where it goes.`:e.next===`her`?`HER to move: Step to open its box.`:`The ${e.white} White to move: Step.`}squareClicked(e){let t=this.view;if(this.selected!==null){let n=t.legal.find(t=>t.from===this.selected&&t.to===e);if(n){this.selected=null,this.act({type:`play`,from:n.from,to:n.to});return}}this.selected=t.legal.some(t=>t.from===e)&&this.selected!==e?e:null}picture(t,n,r){return e`<span class="pic">${[...t.replace(/\//g,``)].map((t,i)=>e`<span
        class="c ${t===`.`?``:t.toLowerCase()} ${i===n?`from`:``} ${i===r?`to`:``}">${t===`.`?``:t}</span>`)}</span>`}box(t,n,r=!1){let a=n.last_draw,o=!!a&&a.box_id===t.id,s=n.last_punished&&n.last_punished.box_id===t.id?n.last_punished.bead:null,c=n.boxes_in_play.includes(t.id);return e`<span class="box ${r?`big`:``} ${o?`open`:``} ${c?`inplay`:``} ${t.total?``:`empty`}"
        data-box=${t.id} role="group" aria-label="box ${t.id}: ${i(t.total,`bead`)}${o?`, just opened`:``}">
      ${this.picture(t.picture,o?a.bead_from:void 0,o?a.bead_to:void 0)}
      <span class="beads">${t.beads.map(t=>e`<span data-bead=${t.name}
          class="bead ${t.count?``:`gone`} ${o&&a.bead===t.name?`drawn`:``} ${s===t.name&&!t.count?`taken`:``}"
          title="${t.name}: ${t.count?`in the box`:`confiscated`}${o&&a.bead===t.name?` (just drawn)`:``}">${t.name}</span>`)}</span>
      <span class="id">#${t.id}${o?` opened`:c?` in play`:``}${t.total?``:` empty`}</span></span>`}opened(t){let n=t.last_draw;if(!n)return e`<p><small>No box opened yet in this game.</small></p>`;let r=t.boxes.find(e=>e.id===n.box_id);return e`<div class="opened" data-opened>
      ${this.box(r,t,!0)}
      <div class="arrow" data-arrow>
        <div>HER opened box <b>#${n.box_id}</b> (its move ${r.her_move})</div>
        <div>drew the bead <b>${n.bead}</b> of the picture</div>
        <div>→ ${n.mirrored?`the board is the picture in a mirror, so the move is mirrored`:`the picture is the board`}</div>
        <div>→ plays <b data-move-name>${n.name}</b></div>
      </div></div>`}curve(t){let n=0,r=0,i=[[0,0]],a=[[0,0]];for(let e of t.curve)e.won?n++:r++,i.push([e.game,n]),a.push([e.game,r]);let o=t.counters;return e`<div data-curve>
      <lm-menace-chart .series=${[{name:`HER wins`,color:`#2e7d32`,points:i},{name:`HER losses`,color:`#b3261e`,dash:`2 3`,points:a}]} caption="HER's learning curve (losses go flat: it has learned)" xLabel="games played" yLabel="games (cumulative)"></lm-menace-chart>
      <p data-learned>${o.last_loss?e`HER's last loss: game <b data-last-loss>${o.last_loss}</b>.`:`HER has not lost yet.`}
        ${t.unbeatable?e`<b data-unbeatable>HER can no longer lose</b> — every bead left wins against every White move.`:`HER can still be beaten.`}
        <small>Gardner's 50-game run against a person, as commonly retold: 11 losses, perfect from game 36 (not checked against the printed column).</small></p>
    </div>`}render(){let a=this.view;if(!a)return e``;let o=a.last_draw,c=[...a.board.replace(/\//g,``)],u=this.selected===null?[]:a.legal.filter(e=>e.from===this.selected).map(e=>e.to),f=c.map((e,t)=>{let n=e===`W`?`white pawn`:e===`B`?`black pawn (HER)`:`empty`;return{text:e===`.`?l(t):e,mark:e===`W`?`o`:e===`B`?`x`:void 0,label:`square ${l(t)}, ${n}`,playable:a.next===`human`&&(a.legal.some(e=>e.from===t)||u.includes(t)),highlight:t===this.selected||u.includes(t)||!!o&&a.next!==`her`&&o.to===t}}),p=a.counters,m=a.white!==`human`;return e`
      <div>
        <p class="status" data-status>${this.status(a)}</p>
        <lm-board .squares=${f} @square=${e=>this.squareClicked(e.detail.index)}></lm-board>
        <p class="why" data-why>${a.moves.map(e=>`${e.side===`white`?`W`:`B`} ${e.name}`).join(`, `)}</p>
        <h3>The box just opened</h3>
        ${this.opened(a)}
        <p class="menace"><small>HER is Gardner's small sister of <a href="/exhibits/menace" data-menace-link>MENACE</a>
          (Michie's 304 boxes for noughts and crosses): the same matchboxes and beads, but only punished — the bead of
          HER's last move is taken away after every loss, and nothing is ever added.</small></p>
      </div>
      <div class="side">
        <div class="tally" data-tally>
          <span>game <b data-game>${r(a.game)}</b></span>
          <span><span><span class="tag win">W</span> wins</span><b data-wins>${r(p.wins)}</b></span>
          <span><span><span class="tag loss">L</span> losses</span><b data-losses>${r(p.losses)}</b></span>
          <span>games played <b data-games>${r(p.games)}</b></span>
        </div>
        <div class="row">
          <label>White is <select data-setting="white" @change=${e=>{this.selected=null,this.act({type:`set_white`,white:e.target.value})}}>
            ${s.map(([t,n])=>e`<option value=${t} ?selected=${t===a.white}>${n}</option>`)}</select></label>
          <button data-action="new-game" @click=${()=>{this.selected=null,this.act({type:`new_game`})}}>New game</button>
        </div>
        ${m?e`<div class="row">
            <lm-run-control .running=${this.running} .interval=${this.interval}
              @run=${e=>{this.interval=e.detail.interval,this.autoplay(d[this.tick][1],this.interval)}}
              @speed=${e=>{this.interval=e.detail.interval,this.autoplay(d[this.tick][1],this.interval)}}
              @pause=${()=>this.stop()}
              @step=${()=>this.act({type:`step`})}></lm-run-control>
            <select data-setting="tick" aria-label="work per autoplay tick" @change=${e=>{this.tick=Number(e.target.value),this.running&&this.autoplay(d[this.tick][1],this.interval)}}>${d.map(([t],n)=>e`<option value=${n} ?selected=${n===this.tick}>${t}</option>`)}</select>
            <button data-action="train" @click=${()=>this.act({type:`play_games`,n:50})}>Play 50 games</button></div>`:e`<div class="row"><button data-action="step" ?disabled=${a.next===`human`} @click=${()=>this.act({type:`step`})}>${t.step}Step</button>
            <small>Choose a machine White to train HER automatically.</small></div>`}
        ${this.curve(a)}
        <lm-kit-link .visit=${this.host?.visitId?.()} .boxes=${a.boxes.length}></lm-kit-link>
      </div>
      <div class="full" data-boxes>
        <h3>HER's ${i(a.boxes.length,`matchbox`,`matchboxes`)} (generated from the game tree, mirror images sharing a box) — each bead names a move of the box's picture; struck-out beads were confiscated</h3>
        <p data-gardner-count><small>Gardner's figure shows 24 boxes (2 / 11 / 11); generated from every game with a position
          and its mirror image in one box there are ${a.boxes.length} (${a.boxes_by_move.join(` / `)}) — his figure seems to keep a few mirror pairs apart.</small></p>
        ${[2,4,6].map((t,n)=>e`<div class="group" data-group=${t}>
          <h3>HER's move ${t}: ${i(a.boxes_by_move[n],`box`,`boxes`)}</h3>
          <div class="boxes">${a.boxes.filter(e=>e.her_move===t).map(e=>this.box(e,a))}</div></div>`)}
      </div>
      ${n}`}};customElements.define(`lm-exhibit-hexapawn`,f);export{f as HexapawnExhibit};