import{S as e,w as t}from"./index.js";import{t as n}from"./exhibit.js";import"./lm-board.js";import"./lm-lamp.js";import"./lm-run-control.js";var r=[`human`,`perfect`,`random`],i={human:`a person`,perfect:`the perfect player`,random:`the random player`},a={x_wins:`X wins`,o_wins:`O wins`,draw:`A draw`},o=class extends n{static{this.properties={...n.properties,interval:{state:!0}}}constructor(){super(),this.onKey=e=>{e.target instanceof HTMLInputElement||e.target instanceof HTMLSelectElement||(e.key>=`1`&&e.key<=`9`&&this.view?.human_to_move?this.act({type:`play`,square:Number(e.key)}):e.key===`n`&&this.act({type:`new_game`}))},this.interval=400}static{this.styles=t`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: 18rem minmax(0, 1fr); gap: 1.5rem 2rem; align-items: start; }
    @media (max-width: 40rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    .status { font-size: 1.3rem; font-weight: 600; margin: 0 0 0.5rem; min-height: 2.7em; }
    .side { display: flex; flex-direction: column; gap: 0.9rem; }
    .lamps { display: flex; gap: 1rem; }
    /* Fixed cells: the counters grow without moving anything beside or below them. */
    .tally { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 0.4rem; font-size: 0.9rem; max-width: 30rem; }
    .tally > span { display: flex; flex-direction: column; align-items: center; text-align: center;
      background: #fffdf8; border: 1px solid #d8cdb8; border-radius: 6px; padding: 0.2rem; }
    .tally b { font-size: 1.2rem; font-variant-numeric: tabular-nums; white-space: nowrap; }
    label { display: inline-flex; gap: 0.4rem; align-items: center; }
    select, button { font-size: 1rem; padding: 0.3rem 0.6rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; }
    button { cursor: pointer; }
    .x { color: #b3261e; font-weight: 700; } .o { color: #1f5fa8; font-weight: 700; }
    .why { color: #5b5346; min-height: 1.3rem; }
  `}connectedCallback(){super.connectedCallback(),window.addEventListener(`keydown`,this.onKey)}disconnectedCallback(){super.disconnectedCallback(),window.removeEventListener(`keydown`,this.onKey)}describe(e){switch(e.type){case`placed`:return`${e.mark} (${e.by}) on square ${e.square}: ${e.why}`;case`game_over`:return`${a[e.result??`draw`]}${e.line?` — the line ${e.line.join(`-`)}`:``}`;case`new_game`:return`game ${e.game} begins`}}status(e){if(e.result)return`${a[e.result]}.`;let t=e.to_move,n=t===`X`?e.x:e.o;return n===`human`?`Your move: ${t} — click a square or type 1–9.`:`${t} to move: ${i[n]}.`}seatPicker(t){let n=this.config[t]??`human`;return e`<label>${t.toUpperCase()} is played by
      <select data-seat=${t} @change=${e=>this.restart({...this.config,[t]:e.target.value})}>
        ${r.map(t=>e`<option value=${t} ?selected=${t===n}>${i[t]}</option>`)}
      </select></label>`}render(){let t=this.view;if(!t)return e``;let n=[...this.happenings].reverse().find(e=>e.type===`placed`),r=t.board.map((e,n)=>({text:e??String(n+1),mark:e?e.toLowerCase():void 0,label:`square ${n+1}, ${e??`empty`}`,playable:t.human_to_move&&t.legal.includes(n+1),highlight:!!t.line?.includes(n+1)})),i=t.x!==`human`&&t.o!==`human`,a=t.value===null?``:` With perfect play from here, ${t.to_move} ${t.value>0?`wins`:t.value<0?`loses`:`draws`}.`;return e`
      <div>
        <p class="status" data-status>${this.status(t)}</p>
        <lm-board .squares=${r} @square=${e=>this.act({type:`play`,square:e.detail.index+1})}></lm-board>
        <p class="why" data-why>${n?`${n.mark}: ${n.why}.`:``}${a}</p>
      </div>
      <div class="side">
        <div class="lamps">
          <lm-lamp label="X to move" color="#b3261e" ?on=${t.to_move===`X`}></lm-lamp>
          <lm-lamp label="O to move" color="#1f5fa8" ?on=${t.to_move===`O`}></lm-lamp>
        </div>
        <div class="tally" data-tally>
          <span>game <b>${t.game}</b></span>
          <span><span><span class="x">X</span> wins</span><b>${t.tally.x_wins}</b></span>
          <span><span><span class="o">O</span> wins</span><b>${t.tally.o_wins}</b></span>
          <span>draws <b>${t.tally.draws}</b></span>
        </div>
        ${this.seatPicker(`x`)} ${this.seatPicker(`o`)}
        <div><button data-action="new-game" @click=${()=>this.act({type:`new_game`})}>New game (n)</button></div>
        ${i?e`<lm-run-control .running=${this.running} .interval=${this.interval}
            @run=${e=>{this.interval=e.detail.interval,this.autoplay({type:`step`},this.interval)}}
            @speed=${e=>{this.interval=e.detail.interval,this.autoplay({type:`step`},this.interval)}}
            @pause=${()=>this.stop()}
            @step=${()=>this.act({type:`step`})}></lm-run-control>`:e`<p><small>Choose machines for both sides to watch them play, step by step or running.</small></p>`}
      </div>`}};customElements.define(`lm-exhibit-tictactoe`,o);export{o as TictactoeExhibit};