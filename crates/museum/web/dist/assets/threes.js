import{d as e,l as t,s as n}from"./index.js";import{t as r}from"./exhibit.js";import"./lm-run-control.js";import{t as i}from"./text.js";var a=[`up`,`down`,`left`,`right`],o={up:`↑`,down:`↓`,left:`←`,right:`→`},s={ArrowUp:`up`,ArrowDown:`down`,ArrowLeft:`left`,ArrowRight:`right`,w:`up`,s:`down`,a:`left`,d:`right`},c=e=>e===0?`empty`:e===1?`one`:e===2?`two`:`big`,l=class extends r{static{this.properties={...r.properties,interval:{state:!0}}}constructor(){super(),this.onKey=e=>{if(e.target instanceof HTMLInputElement||e.target instanceof HTMLSelectElement)return;let t=s[e.key];t&&this.view&&!this.view.replay?(e.preventDefault(),this.act({type:`swipe`,direction:t})):e.key===`u`?this.act({type:`undo`}):e.key===`e`&&this.act({type:`estimate`})},this.pointerDown=e=>{this.touch={x:e.clientX,y:e.clientY}},this.pointerUp=e=>{let t=this.touch;if(this.touch=void 0,!t||this.view?.replay)return;let n=e.clientX-t.x,r=e.clientY-t.y;if(Math.max(Math.abs(n),Math.abs(r))<30)return;let i=Math.abs(n)>Math.abs(r)?n>0?`right`:`left`:r>0?`down`:`up`;this.act({type:`swipe`,direction:i})},this.interval=300}static{this.styles=e`
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
  `}connectedCallback(){super.connectedCallback(),window.addEventListener(`keydown`,this.onKey)}disconnectedCallback(){super.disconnectedCallback(),window.removeEventListener(`keydown`,this.onKey)}describe(e){switch(e.type){case`swiped`:return`${e.by_ai?`AI`:`you`}: ${e.direction} ${o[e.direction]}, a ${e.card} came in`;case`undone`:return`undone, back to move ${e.moves}`;case`estimated`:return`AI estimate: best ${e.best??`none`}`;case`game_over`:return`no swipe moves anything: game over, score ${e.score}`;case`new_game`:return`new deal, seed ${e.seed}`;case`record_loaded`:return`record loaded: seed ${e.seed}, ${i(e.moves,`swipe`)}`}}async loadFile(e){let t=e.target.files?.[0];t&&this.act({type:`load_record`,record:await t.text()})}cards(e,n){return e.map((e,r)=>t`<div class="card ${c(e)} ${r===n?`new`:``}" data-cell=${r} role="img"
      aria-label=${e?`card ${e}`:`empty`}>${e||``}</div>`)}heat(e,r){let i=e.estimate;if(!i)return n;let o=i.values[a.indexOf(r)];return o===null?t`<span class="heat">moves nothing</span>`:t`<span class="heat" data-heat=${r}>${Math.round(o)}${r===i.best?` (best)`:``}</span>`}heatStyle(e,t){let n=e.estimate;if(!n)return``;let r=n.values.filter(e=>e!==null),i=n.values[a.indexOf(t)];if(i===null)return`background:#ddd`;let o=Math.min(...r),s=Math.max(...r),c=s>o?(i-o)/(s-o):1;return`background: hsl(${210-c*180} 80% ${88-c*18}%)`}render(){let e=this.view;if(!e)return t``;let r=e.replay;return r?t`<div>
          <p class="status" data-status>Replay of seed ${r.seed}: frame ${r.index} of ${r.frames-1}, score ${r.score}</p>
          <div class="board">${this.cards(r.cells,null)}</div></div>
        <div class="side replay" data-replay>
          <div>Next card: ${r.hint_plus?`+`:r.hint.join(` or `)} (it was ${r.card})</div>
          <div>Swipe made here: <b>${r.direction?`${r.direction} ${o[r.direction]}`:`none (the end)`}</b></div>
          <input type="range" min="0" max=${r.frames-1} .value=${String(r.index)} aria-label="frame"
            @input=${e=>this.act({type:`replay_frame`,index:Number(e.target.value)})}>
          <div>
            <button class="act" data-action="prev" ?disabled=${r.index===0} @click=${()=>this.act({type:`replay_frame`,index:r.index-1})}>‹ Back</button>
            <button class="act" data-action="next" ?disabled=${r.index>=r.frames-1} @click=${()=>this.act({type:`replay_frame`,index:r.index+1})}>Forward ›</button>
            <button class="act" data-action="close-replay" @click=${()=>this.act({type:`close_replay`})}>Close</button>
          </div></div>`:t`
      <div>
        <p class="status" data-status>${e.over?`Game over: score ${e.score}.`:`Swipe: arrow keys, w a s d, drag on the board, or the buttons.`}</p>
        <div class="board" data-board @pointerdown=${this.pointerDown} @pointerup=${this.pointerUp}>${this.cards(e.cells,e.last_card)}</div>
      </div>
      <div class="side">
        <div class="score" data-score>score <b>${e.score}</b> · move <b data-moves>${e.moves}</b></div>
        <div class="hint" data-hint>next card:
          ${e.hint_plus?t`<div class="card big">+</div><span class="note">a bonus card (6 or more)</span>`:e.hint.map(e=>t`<div class="card ${c(e)}">${e}</div>`)}</div>
        <div class="pad">
          <span></span>${this.padButton(e,`up`)}<span></span>
          ${this.padButton(e,`left`)}<span></span>${this.padButton(e,`right`)}
          <span></span>${this.padButton(e,`down`)}<span></span>
        </div>
        <div>
          <button class="act" data-action="undo" ?disabled=${e.undo===0} @click=${()=>this.act({type:`undo`})}>Undo (u)</button>
          <button class="act" data-action="estimate" ?disabled=${e.over} @click=${()=>this.act({type:`estimate`})}>Which swipe is best? (e)</button>
          <button class="act" data-action="new-game" @click=${()=>this.act({type:`new_game`})}>New deal</button>
        </div>
        ${e.estimate?t`<p class="note" data-estimate>The AI looked ${i(e.estimate.depth,`swipe`)} ahead (${i(e.estimate.nodes,`position`)}); the buttons show each swipe's expected value, warmer is better.</p>`:n}
        <div><span class="note">Autoplay: the AI swipes (depth ${e.depth}).</span>
          <lm-run-control .running=${this.running} .interval=${this.interval} ?disabled=${e.over}
            @run=${e=>{this.interval=e.detail.interval,this.autoplay({type:`ai_step`},this.interval)}}
            @speed=${e=>{this.interval=e.detail.interval,this.autoplay({type:`ai_step`},this.interval)}}
            @pause=${()=>this.stop()}
            @step=${()=>this.act({type:`ai_step`})}></lm-run-control></div>
        <label class="note">Replay a game recorded with <code>ludomat play threes --record FILE</code>:
          <input type="file" accept=".json,application/json" data-action="load-record" @change=${e=>this.loadFile(e)}></label>
      </div>`}padButton(e,n){return t`<button data-swipe=${n} style=${this.heatStyle(e,n)} ?disabled=${!e.legal.includes(n)}
      @click=${()=>this.act({type:`swipe`,direction:n})}>${o[n]} ${n}${this.heat(e,n)}</button>`}};customElements.define(`lm-exhibit-threes`,l);export{l as ThreesExhibit};