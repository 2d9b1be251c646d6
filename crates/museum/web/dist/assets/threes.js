import{f as e,g as t,m as n,o as r}from"./index.js";import{t as i}from"./exhibit.js";import"./lm-run-control.js";var a=[`up`,`down`,`left`,`right`],o={up:`↑`,down:`↓`,left:`←`,right:`→`},s={ArrowUp:`up`,ArrowDown:`down`,ArrowLeft:`left`,ArrowRight:`right`,w:`up`,s:`down`,a:`left`,d:`right`},c=e=>e===0?`empty`:e===1?`one`:e===2?`two`:`big`,l=class extends i{static{this.properties={...i.properties,interval:{state:!0}}}constructor(){super(),this.onKey=e=>{if(e.target instanceof HTMLInputElement||e.target instanceof HTMLSelectElement)return;let t=s[e.key];t&&this.view&&!this.view.replay?(e.preventDefault(),this.act({type:`swipe`,direction:t})):e.key===`u`?this.act({type:`undo`}):e.key===`e`&&this.act({type:`estimate`})},this.pointerDown=e=>{this.touch={x:e.clientX,y:e.clientY}},this.pointerUp=e=>{let t=this.touch;if(this.touch=void 0,!t||this.view?.replay)return;let n=e.clientX-t.x,r=e.clientY-t.y;if(Math.max(Math.abs(n),Math.abs(r))<30)return;let i=Math.abs(n)>Math.abs(r)?n>0?`right`:`left`:r>0?`down`:`up`;this.act({type:`swipe`,direction:i})},this.interval=300}static{this.styles=t`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 1.2rem 2rem; align-items: start; }
    @media (max-width: 48rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    .status { font-size: 1.3rem; font-weight: 600; margin: 0 0 0.5rem; min-height: 2.7em; }
    .board { width: max-content; display: grid; grid-template-columns: repeat(4, 4.6rem); gap: 6px; padding: 8px; background: #cbe3df; border-radius: 10px; touch-action: none; user-select: none; }
    .card { height: 6rem; border-radius: 8px; display: flex; align-items: center; justify-content: center; font: 700 1.7rem/1 system-ui, sans-serif; }
    .card.empty { background: #b5d3ce; }
    .card.one { background: #66ccff; color: #fff; }
    .card.two { background: #ff6680; color: #fff; }
    .card.big { background: #fff; color: #333; border-bottom: 5px solid #f3c969; }
    .card.new { outline: 3px solid #2e7d32; }
    .side { display: flex; flex-direction: column; gap: 0.8rem; }
    .hint { display: flex; gap: 0.4rem; align-items: center; }
    .hint .card { height: 3rem; width: 2.4rem; font-size: 1rem; }
    .pad { display: grid; grid-template-columns: repeat(3, 4.4rem); gap: 4px; }
    .pad button, button.act { font-size: 1rem; padding: 0.4rem 0.6rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    .pad button { position: relative; }
    .heat { font-size: 0.75rem; display: block; }
    .score { font-size: 1.2rem; }
    .note { color: #5b5346; font-size: 0.9rem; }
    .replay { border: 1px solid #cbbf9f; border-radius: 6px; padding: 0.5rem; background: #fffdf8; }
  `}connectedCallback(){super.connectedCallback(),window.addEventListener(`keydown`,this.onKey)}disconnectedCallback(){super.disconnectedCallback(),window.removeEventListener(`keydown`,this.onKey)}describe(e){switch(e.type){case`swiped`:return`${e.by_ai?`AI`:`you`}: ${e.direction} ${o[e.direction]}, a ${e.card} came in`;case`undone`:return`undone, back to move ${e.moves}`;case`estimated`:return`AI estimate: best ${e.best??`none`}`;case`game_over`:return`no swipe moves anything: game over, score ${e.score}`;case`new_game`:return`new deal, seed ${e.seed}`;case`record_loaded`:return`record loaded: seed ${e.seed}, ${r(e.moves,`swipe`)}`}}async loadFile(e){let t=e.target.files?.[0];t&&this.act({type:`load_record`,record:await t.text()})}cards(e,t){return e.map((e,r)=>n`<div class="card ${c(e)} ${r===t?`new`:``}" data-cell=${r} role="img"
      aria-label=${e?`card ${e}`:`empty`}>${e||``}</div>`)}heat(t,r){let i=t.estimate;if(!i)return e;let o=i.values[a.indexOf(r)];return o===null?n`<span class="heat">moves nothing</span>`:n`<span class="heat" data-heat=${r}>${Math.round(o)}${r===i.best?` (best)`:``}</span>`}heatStyle(e,t){let n=e.estimate;if(!n)return``;let r=n.values.filter(e=>e!==null),i=n.values[a.indexOf(t)];if(i===null)return`background:#ddd`;let o=Math.min(...r),s=Math.max(...r),c=s>o?(i-o)/(s-o):1;return`background: hsl(${210-c*180} 80% ${88-c*18}%)`}render(){let t=this.view;if(!t)return n``;let i=t.replay;return i?n`<div>
          <p class="status" data-status>Replay of seed ${i.seed}: frame ${i.index} of ${i.frames-1}, score ${i.score}</p>
          <div class="board">${this.cards(i.cells,null)}</div></div>
        <div class="side replay" data-replay>
          <div>Next card: ${i.hint_plus?`+`:i.hint.join(` or `)} (it was ${i.card})</div>
          <div>Swipe made here: <b>${i.direction?`${i.direction} ${o[i.direction]}`:`none (the end)`}</b></div>
          <input type="range" min="0" max=${i.frames-1} .value=${String(i.index)} aria-label="frame"
            @input=${e=>this.act({type:`replay_frame`,index:Number(e.target.value)})}>
          <div>
            <button class="act" data-action="prev" ?disabled=${i.index===0} @click=${()=>this.act({type:`replay_frame`,index:i.index-1})}>‹ Back</button>
            <button class="act" data-action="next" ?disabled=${i.index>=i.frames-1} @click=${()=>this.act({type:`replay_frame`,index:i.index+1})}>Forward ›</button>
            <button class="act" data-action="close-replay" @click=${()=>this.act({type:`close_replay`})}>Close</button>
          </div></div>`:n`
      <div>
        <p class="status" data-status>${t.over?`Game over: score ${t.score}.`:`Swipe: arrow keys, w a s d, drag on the board, or the buttons.`}</p>
        <div class="board" data-board @pointerdown=${this.pointerDown} @pointerup=${this.pointerUp}>${this.cards(t.cells,t.last_card)}</div>
      </div>
      <div class="side">
        <div class="score" data-score>score <b>${t.score}</b> · move <b data-moves>${t.moves}</b></div>
        <div class="hint" data-hint>next card:
          ${t.hint_plus?n`<div class="card big">+</div><span class="note">a bonus card (6 or more)</span>`:t.hint.map(e=>n`<div class="card ${c(e)}">${e}</div>`)}</div>
        <div class="pad">
          <span></span>${this.padButton(t,`up`)}<span></span>
          ${this.padButton(t,`left`)}<span></span>${this.padButton(t,`right`)}
          <span></span>${this.padButton(t,`down`)}<span></span>
        </div>
        <div>
          <button class="act" data-action="undo" ?disabled=${t.undo===0} @click=${()=>this.act({type:`undo`})}>Undo (u)</button>
          <button class="act" data-action="estimate" ?disabled=${t.over} @click=${()=>this.act({type:`estimate`})}>Which swipe is best? (e)</button>
          <button class="act" data-action="new-game" @click=${()=>this.act({type:`new_game`})}>New deal</button>
        </div>
        ${t.estimate?n`<p class="note" data-estimate>The AI looked ${r(t.estimate.depth,`swipe`)} ahead (${r(t.estimate.nodes,`position`)}); the buttons show each swipe's expected value, warmer is better.</p>`:e}
        <div><span class="note">Autoplay: the AI swipes (depth ${t.depth}).</span>
          <lm-run-control .running=${this.running} .interval=${this.interval} ?disabled=${t.over}
            @run=${e=>{this.interval=e.detail.interval,this.autoplay({type:`ai_step`},this.interval)}}
            @speed=${e=>{this.interval=e.detail.interval,this.autoplay({type:`ai_step`},this.interval)}}
            @pause=${()=>this.stop()}
            @step=${()=>this.act({type:`ai_step`})}></lm-run-control></div>
        <label class="note">Replay a game recorded with <code>ludomat play threes --record FILE</code>:
          <input type="file" accept=".json,application/json" data-action="load-record" @change=${e=>this.loadFile(e)}></label>
      </div>`}padButton(e,t){return n`<button data-swipe=${t} style=${this.heatStyle(e,t)} ?disabled=${!e.legal.includes(t)}
      @click=${()=>this.act({type:`swipe`,direction:t})}>${o[t]} ${t}${this.heat(e,t)}</button>`}};customElements.define(`lm-exhibit-threes`,l);export{l as ThreesExhibit};