import{n as e,r as t,t as n}from"./index.js";var r=class extends n{static{this.properties={view:{attribute:!1},config:{attribute:!1},happenings:{attribute:!1},running:{type:Boolean}}}constructor(){super(),this.view=void 0,this.config={},this.happenings=[],this.running=!1}act(e){return this.host?.act(e)}autoplay(e,t){return this.host?.autoplay(e,t)}stop(){return this.host?.stop()}restart(e){return this.host?.restart(e)}describe(e){return JSON.stringify(e)}},i=class extends n{static{this.properties={squares:{attribute:!1},columns:{type:Number},size:{type:String}}}constructor(){super(),this.squares=[],this.columns=3,this.size=`5.5rem`}static{this.styles=t`
    .grid { display: inline-grid; gap: 6px; }
    button {
      font: 700 2.4rem/1 system-ui, sans-serif; border: 2px solid #8a7d66; border-radius: 8px;
      background: #fffdf8; color: #1d1b18; cursor: pointer; padding: 0;
    }
    button[disabled] { cursor: default; }
    button.x { color: #b3261e; }
    button.o { color: #1f5fa8; }
    button.free { color: #b9ad97; font-size: 1.1rem; font-weight: 400; }
    button.playable:hover { background: #f0e6d0; }
    button.hl { background: #ffe9a8; border-color: #e0a100; box-shadow: 0 0 0 3px #e0a100 inset; }
  `}render(){return e`<div class="grid" role="grid"
        style="grid-template-columns: repeat(${this.columns}, ${this.size}); grid-auto-rows: ${this.size}">
      ${this.squares.map((t,n)=>e`<button
          class="${t.mark??`free`} ${t.playable?`playable`:``} ${t.highlight?`hl`:``}"
          data-square="${n}" aria-label="${t.label}" title="${t.label}"
          ?disabled=${!t.playable}
          @click=${()=>this.dispatchEvent(new CustomEvent(`square`,{detail:{index:n},bubbles:!0,composed:!0}))}
        >${t.text}</button>`)}
    </div>`}};customElements.define(`lm-board`,i);var a=class extends n{static{this.properties={label:{type:String},on:{type:Boolean,reflect:!0},color:{type:String}}}constructor(){super(),this.label=``,this.on=!1,this.color=`#e0a100`}static{this.styles=t`
    :host { display: inline-flex; align-items: center; gap: 0.35rem; font-size: 0.9rem; }
    .bulb { width: 1.1rem; height: 1.1rem; border-radius: 50%; border: 2px solid #5b5346; background: #3a352d; }
    .state { font-size: 0.75rem; color: #6b6253; }
  `}render(){return e`<span class="bulb" style=${this.on?`background:${this.color};box-shadow:0 0 8px ${this.color}`:``}></span>
      <span>${this.label}</span><span class="state">${this.on?`on`:`off`}</span>`}};customElements.define(`lm-lamp`,a);var o=class extends n{static{this.properties={running:{type:Boolean},interval:{type:Number},disabled:{type:Boolean}}}constructor(){super(),this.running=!1,this.interval=500,this.disabled=!1}static{this.styles=t`
    :host { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
    button { font-size: 1rem; padding: 0.4rem 0.9rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    label { display: inline-flex; align-items: center; gap: 0.4rem; }
  `}fire(e){this.dispatchEvent(new CustomEvent(e,{detail:{interval:this.interval},bubbles:!0,composed:!0}))}render(){return e`
      ${this.running?e`<button data-action="pause" @click=${()=>this.fire(`pause`)}>❚❚ Pause</button>`:e`<button data-action="run" ?disabled=${this.disabled} @click=${()=>this.fire(`run`)}>▶ Run</button>`}
      <button data-action="step" ?disabled=${this.disabled||this.running} @click=${()=>this.fire(`step`)}>Step ›</button>
      <label>Speed
        <input type="range" min="10" max="2000" step="10" aria-label="interval between steps in milliseconds"
          .value=${String(2010-this.interval)}
          @input=${e=>{this.interval=2010-Number(e.target.value),this.running&&this.fire(`speed`)}}>
        <span>${this.interval} ms a step</span>
      </label>`}};customElements.define(`lm-run-control`,o);var s=[`human`,`perfect`,`random`],c={human:`a person`,perfect:`the perfect player`,random:`the random player`},l={x_wins:`X wins`,o_wins:`O wins`,draw:`A draw`},u=class extends r{static{this.properties={...r.properties,interval:{state:!0}}}constructor(){super(),this.onKey=e=>{e.target instanceof HTMLInputElement||e.target instanceof HTMLSelectElement||(e.key>=`1`&&e.key<=`9`&&this.view?.human_to_move?this.act({type:`play`,square:Number(e.key)}):e.key===`n`&&this.act({type:`new_game`}))},this.interval=400}static{this.styles=t`
    :host { display: grid; grid-template-columns: auto 1fr; gap: 1.5rem 2rem; align-items: start; }
    @media (max-width: 40rem) { :host { grid-template-columns: 1fr; } }
    .status { font-size: 1.3rem; font-weight: 600; margin: 0 0 0.5rem; }
    .side { display: flex; flex-direction: column; gap: 0.9rem; }
    .lamps { display: flex; gap: 1rem; }
    .tally { display: flex; gap: 1rem; font-size: 1rem; }
    .tally b { font-size: 1.2rem; }
    label { display: inline-flex; gap: 0.4rem; align-items: center; }
    select, button { font-size: 1rem; padding: 0.3rem 0.6rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; }
    button { cursor: pointer; }
    .x { color: #b3261e; font-weight: 700; } .o { color: #1f5fa8; font-weight: 700; }
    .why { color: #5b5346; min-height: 1.3rem; }
  `}connectedCallback(){super.connectedCallback(),window.addEventListener(`keydown`,this.onKey)}disconnectedCallback(){super.disconnectedCallback(),window.removeEventListener(`keydown`,this.onKey)}describe(e){switch(e.type){case`placed`:return`${e.mark} (${e.by}) on square ${e.square}: ${e.why}`;case`game_over`:return`${l[e.result??`draw`]}${e.line?` — the line ${e.line.join(`-`)}`:``}`;case`new_game`:return`game ${e.game} begins`}}status(e){if(e.result)return`${l[e.result]}.`;let t=e.to_move,n=t===`X`?e.x:e.o;return n===`human`?`Your move: ${t} — click a square or type 1–9.`:`${t} to move: ${c[n]}.`}seatPicker(t){let n=this.config[t]??`human`;return e`<label>${t.toUpperCase()} is played by
      <select data-seat=${t} @change=${e=>this.restart({...this.config,[t]:e.target.value})}>
        ${s.map(t=>e`<option value=${t} ?selected=${t===n}>${c[t]}</option>`)}
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
          <span><span class="x">X</span> wins <b>${t.tally.x_wins}</b></span>
          <span><span class="o">O</span> wins <b>${t.tally.o_wins}</b></span>
          <span>draws <b>${t.tally.draws}</b></span>
        </div>
        ${this.seatPicker(`x`)} ${this.seatPicker(`o`)}
        <div><button data-action="new-game" @click=${()=>this.act({type:`new_game`})}>New game (n)</button></div>
        ${i?e`<lm-run-control .running=${this.running} .interval=${this.interval}
            @run=${e=>{this.interval=e.detail.interval,this.autoplay({type:`step`},this.interval)}}
            @speed=${e=>{this.interval=e.detail.interval,this.autoplay({type:`step`},this.interval)}}
            @pause=${()=>this.stop()}
            @step=${()=>this.act({type:`step`})}></lm-run-control>`:e`<p><small>Choose machines for both sides to watch them play, step by step or running.</small></p>`}
      </div>`}};customElements.define(`lm-exhibit-tictactoe`,u);export{u as TictactoeExhibit};