import{S as e,b as t,g as n,h as r,o as i,u as a,v as o,w as s}from"./index.js";import{t as c}from"./exhibit.js";import"./lm-run-control.js";import{n as l,t as u}from"./lm-run-clock.js";import"./lm-menace-chart.js";import{n as d,r as f}from"./kept.js";function p(e,t,n){if(!n)return!0;let r=e.find(e=>e.games===t);if(r)return r.wall_ms<=n;let i=e.filter(e=>e.games<t).sort((e,t)=>t.games-e.games)[0];return!i||i.wall_ms*t/i.games<=n}function m(e,t,n){return e.filter(e=>p(t,e,n))}function h(e,t){return e.filter(e=>t.includes(e.games)).sort((e,t)=>e.games-t.games)}var g=[`up`,`down`,`left`,`right`],_={up:`↑`,down:`↓`,left:`←`,right:`→`},v={ArrowUp:`up`,ArrowDown:`down`,ArrowLeft:`left`,ArrowRight:`right`,w:`up`,s:`down`,a:`left`,d:`right`},y=[2e4,1e5,5e5,2e6],b=e=>e===0?`empty`:e===1?`one`:e===2?`two`:`big`,x=class extends c{static{this.properties={...c.properties,interval:{state:!0},training:{state:!0},limitMs:{state:!0},letGo:{state:!0}}}static{this.pageSettings={train_games:1e5}}constructor(){super(),this.onKey=e=>{if(e.target instanceof HTMLInputElement||e.target instanceof HTMLSelectElement)return;let t=v[e.key];t&&this.view&&!this.view.replay?(e.preventDefault(),this.play({type:`swipe`,direction:t})):e.key===`u`?this.play({type:`undo`}):e.key===`e`&&this.play({type:`estimate`})},this.pointerDown=e=>{this.touch={x:e.clientX,y:e.clientY}},this.pointerUp=e=>{let t=this.touch;if(this.touch=void 0,!t||this.view?.replay)return;let n=e.clientX-t.x,r=e.clientY-t.y;if(Math.max(Math.abs(n),Math.abs(r))<30)return;let i=Math.abs(n)>Math.abs(r)?n>0?`right`:`left`:r>0?`down`:`up`;this.play({type:`swipe`,direction:i})},this.interval=300,this.training=null,this.letGo=null}willUpdate(e){if(e.has(`happenings`))for(let e of this.happenings)e.type===`run_progress`&&e.long_run===`train`&&(this.training=e)}static{this.styles=s`
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
    .heat .figure { white-space: nowrap; }
    .score { font-size: 1.2rem; }
    .note { color: #5b5346; font-size: 0.9rem; }
    .replay { border: 1px solid #cbbf9f; border-radius: 6px; padding: 0.5rem; background: #fffdf8; }
    .row { display: flex; flex-wrap: wrap; gap: 0.5rem 0.8rem; align-items: center; margin: 0.3rem 0; }
    fieldset { border: 1px solid #cbbf9f; border-radius: 6px; }
    select { font-size: 1rem; padding: 0.3rem 0.5rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; }
    .learn { grid-column: 1 / -1; }
  `}get trainingGoing(){return this.running&&(!!this.queued||!!this.training&&!this.training.ended)}play(e){this.trainingGoing?this.say(`The network is training: the game waits until it ends or you stop it (what it learnt stays).`):this.act(e)}connectedCallback(){super.connectedCallback(),window.addEventListener(`keydown`,this.onKey),o().then(e=>{this.limitMs=e.limits.run_seconds*1e3}).catch(()=>{})}disconnectedCallback(){super.disconnectedCallback(),window.removeEventListener(`keydown`,this.onKey)}describe(e){if(e.type===`run_progress`){let t=e,a=(t.result?.curve??t.partial?.curve)?.at(-1),o=a&&a.games!==this.saidMeasurement;a&&(this.saidMeasurement=a.games),t.ended&&(this.saidMeasurement=void 0);let s=a&&o?`; the greedy player's mean ${r(a.mean)} after ${i(a.games,`game`)}`:``,c=`${r(t.done)} of ${i(t.total,`game`)}`;if(!t.ended)return`training: ${c}${s}`;let d=t.timed_out?`training stopped at the museum's time limit`:t.result?.ended===`cancelled`?`training stopped`:`training finished`,f=t.elapsed_ms===void 0?``:` in ${n(l(t)??0,u(t)??0)}`,p=this.view?.trained??t.result?.network;return`${d}: ${c} trained${f}${s}${p?`; kept with this visit: ${p}`:``}`}switch(e.type){case`swiped`:return`${e.by_ai?`AI`:`you`}: ${e.direction} ${_[e.direction]}, a ${e.card} came in`;case`undone`:return`undone, back to ${i(e.moves,`swipe`)}`;case`estimated`:return`AI estimate: best ${e.best??`none`}`;case`game_over`:return`no swipe moves anything: game over, score ${e.score}`;case`new_game`:return`new deal, seed ${e.seed}`;case`eval_changed`:return`the AI now values positions with ${e.eval}`;case`record_loaded`:return`record loaded: seed ${e.seed}, ${i(e.moves,`swipe`)}`}}async loadFile(e){let t=e.target.files?.[0];t&&this.act({type:`load_record`,record:await t.text()})}cards(t,n){return t.map((t,r)=>e`<div class="card ${b(t)} ${r===n?`new`:``}" data-cell=${r} role="img"
      aria-label=${t?`card ${t}`:`empty`}>${t||``}</div>`)}heat(n,i){let a=n.estimate;if(!a)return t;let o=a.values[g.indexOf(i)];return o===null?e`<span class="heat">moves nothing</span>`:e`<span class="heat" data-heat=${i}><span class="figure">${r(o)} points</span>${i===a.best?` (best)`:``}</span>`}heatStyle(e,t){let n=e.estimate;if(!n)return``;let r=n.values.filter(e=>e!==null),i=n.values[g.indexOf(t)];if(i===null)return`background:#ddd`;let a=Math.min(...r),o=Math.max(...r),s=o>a?(i-a)/(o-a):1;return`background: hsl(${210-s*180} 80% ${88-s*18}%)`}render(){let n=this.view;if(!n)return e``;let r=n.replay;if(r)return e`<div>
          <p class="status" data-status>Replay of seed ${r.seed}: frame ${r.index} of ${r.frames-1}, score ${r.score}</p>
          <div class="board">${this.cards(r.cells,null)}</div></div>
        <div class="side replay" data-replay>
          <div>Next card: ${r.hint_plus?`+`:r.hint.join(` or `)} (it was ${r.card})</div>
          <div>Swipe made here: <b>${r.direction?`${r.direction} ${_[r.direction]}`:`none (the end)`}</b></div>
          <input type="range" min="0" max=${r.frames-1} .value=${String(r.index)} aria-label="frame"
            @input=${e=>this.act({type:`replay_frame`,index:Number(e.target.value)})}>
          <div>
            <button class="act" data-action="prev" ?disabled=${r.index===0} @click=${()=>this.act({type:`replay_frame`,index:r.index-1})}>‹ Back</button>
            <button class="act" data-action="next" ?disabled=${r.index>=r.frames-1} @click=${()=>this.act({type:`replay_frame`,index:r.index+1})}>Forward ›</button>
            <button class="act" data-action="close-replay" @click=${()=>this.act({type:`close_replay`})}>Close</button>
          </div></div>`;let a=n.eval===`the network trained here`;return e`
      <div>
        <p class="status" data-status>${n.over?`Game over: score ${n.score}.`:`Swipe: arrow keys, w a s d, drag on the board, or the buttons.`}</p>
        <div class="board" data-board @pointerdown=${this.pointerDown} @pointerup=${this.pointerUp}>${this.cards(n.cells,n.last_card)}</div>
      </div>
      <div class="side">
        <div class="score" data-score>score <b>${n.score}</b> · swipe <b data-moves>${n.moves}</b></div>
        <div class="hint" data-hint>next card:
          ${n.hint_plus?e`<div class="card big">+</div><span class="note">a bonus card (6 or more)</span>`:n.hint.map(t=>e`<div class="card ${b(t)}">${t}</div>`)}</div>
        <div class="pad">
          <span></span>${this.padButton(n,`up`)}<span></span>
          ${this.padButton(n,`left`)}<span></span>${this.padButton(n,`right`)}
          <span></span>${this.padButton(n,`down`)}<span></span>
        </div>
        <div>
          <button class="act" data-action="undo" ?disabled=${n.undo===0} @click=${()=>this.play({type:`undo`})}>Undo (u)</button>
          <button class="act" data-action="estimate" ?disabled=${n.over} @click=${()=>this.play({type:`estimate`})}>Which swipe is best? (e)</button>
          <button class="act" data-action="new-game" @click=${()=>this.play({type:`new_game`})}>New deal</button>
        </div>
        ${n.estimate?e`<p class="note" data-estimate>The AI looked ${i(n.estimate.depth,`swipe`)} ahead (${i(n.estimate.nodes,`position`)}); the buttons show each swipe's expected value in the evaluator's points, warmer is better.</p>`:t}
        <label class="note">The AI values positions with
          <select data-setting="eval" @change=${e=>this.restart({...this.config,eval:e.target.value})}>
            <option value="heuristic" ?selected=${!a&&this.config.eval!==`learned`}>the heuristic (hand-made terms)</option>
            <option value="learned" ?selected=${!a&&this.config.eval===`learned`}>the learned network (shipped)</option>
            ${a?e`<option value="trained" selected disabled>the network trained here</option>`:t}
          </select></label>
        <p class="note" data-eval>Now: ${n.eval}, looking ${i(n.depth,`swipe`)} ahead.</p>
        <div><span class="note">Autoplay: the AI swipes (depth ${n.depth}).</span>
          <lm-run-control .running=${this.running&&!this.trainingGoing} .interval=${this.interval} ?disabled=${n.over||this.trainingGoing}
            reason=${this.trainingGoing?`the network is training`:``}
            @run=${e=>{this.interval=e.detail.interval,this.autoplay({type:`ai_step`},this.interval)}}
            @speed=${e=>{this.interval=e.detail.interval,this.autoplay({type:`ai_step`},this.interval)}}
            @pause=${()=>this.stop()}
            @step=${()=>this.play({type:`ai_step`})}></lm-run-control></div>
        <label class="note">Replay a game recorded with <code>ludomat play threes --record FILE</code>:
          <input type="file" accept=".json,application/json" data-action="load-record" @change=${e=>this.loadFile(e)}></label>
      </div>
      ${this.learnPanel(n)}`}trainCost(n,o,s){let c=h(n.train_costs??[],s),l=this.limitMs,u=c.find(e=>e.games===o);return e`<p class="note" data-train-cost>${c.length?e`Measured on this machine (2 cores, shared with other work; ${c[0].build} build):
        ${c.map((t,n)=>e`${n?`; `:``}${i(t.games,`game`)} took ${f(t.wall_ms,t.cpu_ms)}`)}.`:`No training run offered here was measured in this build.`}
      ${l?e`A run stops at the museum's limit of ${a(l/1e3)}${u&&u.wall_ms>l?e`: <b>the ${r(o)}-game run took ${d(u.wall_ms)} here</b>, so it may be stopped before its end`:``}; a run stopped there keeps what the network learnt.`:t}</p>`}learnPanel(n){let a=m(y,n.train_costs??[],this.limitMs),o=Number(this.pageValues.train_games)||1e5,s=a.includes(o)?o:a.filter(e=>e<=o).at(-1)??a[0]??y[0],c=this.training,l=c?.result?.curve??c?.partial?.curve??[],u=l.at(-1),d=this.runOf(`train`,c),f=this.startBlocked(d),p=this.letGo??n.trained_let_go;return e`<fieldset class="learn" data-learn><legend>Watch a network learn to play</legend>
      <p class="note">A small n-tuple network (five 4-cell tuples and the hint, 1.3 MiB of weights) starts from nothing and learns by
        playing, after each game moving its values towards what followed (temporal-difference learning, as <code>ludomat threes learn</code>).
        Every twentieth of the run it plays fixed deals without learning: their mean score is the curve.</p>
      <div class="row">
        <label>Train <select data-setting="train_games" @change=${e=>this.setSetting(`train_games`,Number(e.target.value))}>
          ${a.map(t=>e`<option value=${t} ?selected=${t===s}>${i(t,`game`)}</option>`)}</select></label>
        <button class="act" data-action="train" ?disabled=${this.running} title=${f}
          @click=${()=>{this.training=null,this.letGo=null,this.ownRun=`train`,this.host?.runLong(`train`,{games:s})}}>Train</button>
        <button class="act" data-action="stop-train" ?disabled=${!this.running} @click=${()=>this.stop()}>${this.stopLabel()}</button>
        ${f?e`<small class="note" data-start-why>${f}</small>`:t}
      </div>
      ${c?t:this.trainCost(n,s,a)}
      ${c||d?e`<lm-run-clock .report=${c} .running=${d} .queued=${this.queued}></lm-run-clock>`:t}
      ${c?e`<div class="row" data-train-progress>
        <progress max=${c.total} .value=${c.done} aria-label="games trained"></progress>
        <span>${r(c.done)} of ${i(c.total,`game`)} trained${u?e`; mean score <b data-train-mean>${r(u.mean)}</b> ± ${r(u.half_width)} after ${i(u.games,`game`)}`:``}${c.ended?c.result?.ended===`cancelled`?` — stopped`:` — finished`:``}</span>
      </div>`:t}
      ${l.length?e`<div data-train-curve><lm-menace-chart .series=${[{name:`fixed deals (greedy)`,color:`#1f5fa8`,points:l.map(e=>[e.games,e.mean])},{name:`training games`,color:`#b3261e`,dash:`5 3`,points:l.filter(e=>e.games>0).map(e=>[e.games,e.train_mean])}]} caption="The network learning: mean score against games trained" xLabel="games trained" yLabel="mean score"></lm-menace-chart></div>`:t}
      ${n.trained&&!this.letGo?e`<div class="row" data-trained><span class="note">Kept with this visit: ${n.trained}.</span>
        ${n.eval===`the network trained here`?e`<span class="note" data-plays-trained>The AI plays with it now (Reset goes back).</span>`:e`<button class="act" data-action="play-trained" ?disabled=${this.running} @click=${()=>this.playTrained()}>Let the AI play with it</button>`}</div>`:t}
      ${p?e`<p class="note" data-trained-let-go>${p.charAt(0).toUpperCase()}${p.slice(1)}.</p>`:t}
    </fieldset>`}async playTrained(){let e=await this.attempt({type:`play_trained`});e.error&&(/let go/.test(e.error)?this.letGo=e.error:this.say(e.error,`error`))}padButton(t,n){return e`<button data-swipe=${n} style=${this.heatStyle(t,n)} ?disabled=${!t.legal.includes(n)}
      @click=${()=>this.play({type:`swipe`,direction:n})}>${_[n]} ${n}${this.heat(t,n)}</button>`}};customElements.define(`lm-exhibit-threes`,x);export{x as ThreesExhibit};