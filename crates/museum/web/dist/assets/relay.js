import{S as e,a as t,o as n,w as r}from"./index.js";import{t as i}from"./exhibit.js";import"./lm-board.js";import"./lm-lamp.js";var a=(e,t=2)=>`0x`+e.toString(16).padStart(t,`0`),o={running:`running`,stopped:`stopped (Stop pressed)`,halted:`halted — press Start`,waiting_for_key:`halted, waiting for a key on the teletype`,fault:`fault: a reserved word at PC`},s=e=>e===`playing`?``:e===`machine_wins`?`The machine wins (it printed 9 9).`:e===`person_wins`?`O has three in a row — the machine took unchecked keys.`:e.tie.printed_nine?`A draw (the machine printed 9).`:`A draw — the ROM as numbered halts without printing 9.`,c=1600,l=class extends i{constructor(...e){super(...e),this.started=!1,this.onKey=e=>{e.target instanceof HTMLTextAreaElement||e.target instanceof HTMLInputElement||e.target instanceof HTMLSelectElement||e.composedPath().some(e=>e instanceof HTMLTextAreaElement)||e.key>=`0`&&e.key<=`9`&&(e.preventDefault(),this.press(Number(e.key)))}}static{this.properties={...i.properties,draft:{state:!0}}}static{this.styles=r`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr); gap: 1.2rem 2rem; align-items: start; }
    @media (max-width: 60rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    h3 { margin: 0.6rem 0 0.3rem; font-size: 1.05rem; }
    .status { font-size: 1.15rem; font-weight: 600; margin: 0 0 0.4rem; min-height: 2.7em; }
    .regs { display: grid; grid-template-columns: 2.5rem auto 3.2rem; gap: 0.15rem 0.6rem; align-items: center; font-family: ui-monospace, monospace; }
    .bit { display: inline-block; width: 1.05rem; height: 1.05rem; line-height: 1.05rem; margin: 0 1px; border-radius: 50%; text-align: center; font-size: 0.7rem; border: 1px solid #6b5d45; background: #3b3428; color: #c9bca3; }
    .bit.on { background: #ffb52e; color: #3b2500; box-shadow: 0 0 6px #ffb52e; }
    .lamps { display: flex; gap: 1rem; flex-wrap: wrap; }
    .controls { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.5rem 0; }
    button, select { font-size: 1rem; padding: 0.3rem 0.65rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    button:focus-visible, .dip:focus-visible { outline: 3px solid #1f5fa8; outline-offset: 1px; }
    .paper { background: #fbf7ea; border: 1px solid #cbbf9f; border-radius: 4px; min-height: 4.5rem; max-height: 9rem; overflow-y: auto; padding: 0.4rem 0.7rem; font: 1.4rem/1.4 'Courier New', monospace; white-space: pre-wrap; margin: 0; }
    .keys { display: flex; gap: 0.3rem; flex-wrap: wrap; margin-top: 0.4rem; }
    .keys button { width: 2.4rem; font-family: ui-monospace, monospace; font-weight: 700; }
    .rom { font-family: ui-monospace, monospace; font-size: 0.82rem; max-height: 30rem; overflow-y: auto; border: 1px solid #cbbf9f; border-radius: 4px; }
    .word { display: flex; align-items: center; gap: 0.5rem; padding: 1px 0.4rem; }
    .word.pc { background: #ffe9b8; }
    .word .addr { width: 2rem; color: #5b5346; }
    .dip { width: 0.8rem; height: 1.1rem; padding: 0; border-radius: 2px; border: 1px solid #555; background: #eee; font-size: 0.6rem; line-height: 1; color: #333; }
    .dip.on { background: #1f5fa8; color: #fff; }
    .gap { width: 0.35rem; display: inline-block; }
    .word .text.reserved { color: #b3261e; }
    .banks .dip { width: 1.3rem; height: 1.5rem; font-size: 0.75rem; }
    textarea { width: 100%; min-height: 9rem; font: 0.85rem ui-monospace, monospace; box-sizing: border-box; }
    .note { color: #5b5346; font-size: 0.9rem; }
    .x { color: #b3261e; font-weight: 700; } .o { color: #1f5fa8; font-weight: 700; }
  `}connectedCallback(){super.connectedCallback(),window.addEventListener(`keydown`,this.onKey)}disconnectedCallback(){super.disconnectedCallback(),window.removeEventListener(`keydown`,this.onKey)}updated(){!this.started&&this.view&&(this.started=!0,this.view.clock===`running`&&this.go())}get authentic(){return this.view?.time.speed===`authentic`}async go(){if(this.authentic)return this.autoplay({type:`step`,n:1},c);let e=await this.act({type:`run`,max_steps:1e5});e&&e.view?.clock===`running`&&await this.autoplay({type:`run`,max_steps:1e5},50)}async press(e){await this.act({type:`key`,digit:e})&&this.view&&this.view.clock!==`stopped`&&await this.go()}async halt(){await this.stop(),await this.act({type:`stop`})}describe(e){switch(e.type){case`key_pressed`:return`key ${e.digit} pressed${e.woke?`, the CPU wakes`:``}${e.unchecked?` (unchecked: ${e.unchecked})`:``}`;case`executed`:return`${a(e.address)}: ${e.text}${e.changed.length?` — `+e.changed.map(e=>`${e.register} ${a(e.from)}→${a(e.to)}`).join(`, `):``}`;case`key_read`:return`the CPU reads the key latch: ${e.digit}${e.times>1?` (${e.times} times)`:``}`;case`printed`:return`teletype prints ${e.glyph===`
`?`a line feed`:e.glyph??`nothing (code ${e.code})`}`;case`printed_more`:return`… and ${n(e.count,`more character`)}`;case`ran`:return`ran ${n(e.instructions,`instruction`)}, ${n(e.ticks,`tick`)} (${(e.ticks*.2).toFixed(1)} s on the real machine)`;case`halted`:return`HALT at ${a(e.pc-1)}${e.waiting_for_key?`: waiting for a key`:``}`;case`fault`:return`fault at ${a(e.address)}: ${e.reason}`;case`rom_word_set`:return`word ${a(e.address)} set to ${a(e.new,4)}: ${e.text}`;case`assembled`:return`assembled ${n(e.words,`word`)} onto the switches`;case`switches_set`:return`switch bank ${e.bank} set to ${a(e.value)}`;case`speed_set`:return`speed: ${e.speed}`;case`game_over`:return s(e.outcome);default:return e.type}}lampRow(t,n){return e`<span role="img" aria-label=${n}>${[...t].map(t=>e`<span class="bit ${t===`1`?`on`:``}">${t}</span>`)}</span>`}dips(t,n,r,i){let a=[];for(let o=n-1;o>=0;o--){let n=(t>>o&1)==1;a.push(e`<button class="dip ${n?`on`:``}" data-bit=${o} aria-pressed=${n?`true`:`false`}
        aria-label="${n?`1`:`0`}: ${i}, bit ${o}, ${n?`on`:`off`}" title="${i} bit ${o}: ${n?`on`:`off`} — click to flip"
        @click=${()=>r(o)}>${n?`1`:`0`}</button>`),o===8&&a.push(e`<span class="gap"></span>`)}return a}board(t){let n=t.board;if(!n)return e`<p class="note">No board: the switches do not hold the tic-tac-toe ROM (rom: ${t.rom_name}).</p>`;let r=n.rows.flat().map(e=>({text:e.mark??String(e.ring),mark:e.mark?e.mark.toLowerCase():void 0,label:`cell ${e.ring}, ${e.mark??`empty`}`,playable:n.legal_keys.includes(e.ring)})),i=n.rows.flat().map(e=>e.ring);return e`
      <h3>The board, as the paper tells it</h3>
      <lm-board .squares=${r} @square=${e=>this.press(i[e.detail.index])}></lm-board>
      <p class="note" data-outcome>${s(n.outcome)||(n.legal_keys.length?`Your move (O): click a cell or type its number.`:`The machine (X) is thinking.`)}
        Games: <span class="x">X</span>${` wins ${t.games.machine_wins}, draws ${t.games.ties}, `}<span class="o">O</span>${` wins ${t.games.person_wins}.`}</p>`}render(){let r=this.view;if(!r)return e``;let i=this.running||r.clock===`running`,c=this.draft??r.source,l=!!r.board&&!!s(r.board.outcome),u=i?``:r.clock===`fault`?`Step and Run are off: ${r.fault??`the machine faulted`}; Panel reset clears it.`:r.clock===`waiting_for_key`?`Step and Run are off: the machine is halted, waiting for a key on the teletype.`:r.clock===`halted`&&l?`Step and Run are off: the game is over and the machine halted; Panel reset starts a new game.`:r.clock===`halted`?`Step and Run are off: the machine is halted; press Start to resume.`:``;return e`
      <div>
        <p class="status" data-status>Clock: ${o[r.clock]}. PC ${a(r.pc)}: <code>${r.current.text}</code></p>
        ${r.fault?e`<p class="note" data-fault>${r.fault}</p>`:``}
        <div class="controls">
          <button data-action="step" ?disabled=${this.running||!!u} @click=${()=>this.act({type:`step`,n:1})}>${t.step}Step</button>
          ${this.running?e`<button data-action="stop" @click=${()=>this.halt()}>${t.stop}Stop</button>`:e`<button data-action="run" ?disabled=${!!u} @click=${()=>this.go()}>${t.run}Run</button>`}
          <button data-action="start" ?disabled=${r.clock===`fault`} @click=${async()=>{await this.act({type:`start`})&&await this.go()}}>Start</button>
          <button data-action="machine-reset" title="the panel's reset: registers and paper cleared, switches kept"
            @click=${async()=>{await this.stop(),await this.act({type:`reset`})&&await this.go()}}>Panel reset (new game)</button>
          <label>Speed <select data-speed @change=${e=>this.restart({...this.config,speed:e.target.value})}>
            <option value="fast" ?selected=${!this.authentic}>fast</option>
            <option value="authentic" ?selected=${this.authentic}>authentic (5 Hz clock)</option></select></label>
        </div>
        <p class="note" data-why-off>${u}</p>
        <p class="note" data-no-seed>No seed: nothing in this machine is random, so the same keys always give the same paper.</p>
        <h3>Registers</h3>
        <div class="regs" data-registers>
          ${r.registers.map(t=>e`<b>${t.name}</b>${this.lampRow(t.bits,`${t.name} = ${t.value}`)}<span>${a(t.value)}</span>`)}
        </div>
        <h3>Flags</h3>
        <div class="lamps">
          <lm-lamp label="CY carry" color="#ffb52e" ?on=${r.flags.carry}></lm-lamp>
          <lm-lamp label="Z zero" color="#ffb52e" ?on=${r.flags.zero}></lm-lamp>
          <lm-lamp label="S sign" color="#ffb52e" ?on=${r.flags.sign}></lm-lamp>
        </div>
        <p class="note" data-time>${n(r.time.instructions,`instruction`)}, ${n(r.time.ticks,`tick`)} at 5 Hz = ${r.time.text}.
          ${i&&this.authentic?`Stepping at about the real pace.`:``}</p>
        <h3>Teletype</h3>
        <pre class="paper" data-paper aria-label="teletype paper" aria-live="polite">${r.teletype.paper.join(`
`)}</pre>
        <div class="keys" role="group" aria-label="teletype keys">
          ${[0,1,2,3,4,5,6,7,8,9].map(t=>e`<button data-key=${t} @click=${()=>this.press(t)}>${t}</button>`)}
        </div>
        <p class="note">Key latch: ${r.teletype.latch}; ${n(r.teletype.keys_pressed,`key`)} pressed.
          ${r.guarded?`Guarded: illegal keys are refused.`:`Faithful: the machine takes any key, as the original did.`}</p>
        ${this.board(r)}
        <div class="controls">
          <label>ROM <select data-rom @change=${e=>this.restart({...this.config,rom:e.target.value})}>
            <option value="as-numbered" ?selected=${this.config.rom===void 0||this.config.rom===`as-numbered`}>tic-tac-toe, as numbered in the article</option>
            <option value="corrected" ?selected=${this.config.rom===`corrected`}>tic-tac-toe, corrected (a draw prints 9)</option></select></label>
          <label><input type="checkbox" data-guarded ?checked=${r.guarded}
            @change=${e=>this.restart({...this.config,guarded:e.target.checked})}> guarded</label>
        </div>
      </div>
      <div>
        <h3>Program ROM: 64 words of DIP switches (click a switch to flip it)</h3>
        <div class="rom" data-rom-words>
          ${r.rom.map(t=>e`<div class="word ${t.address===r.pc?`pc`:``}" data-address=${t.address}>
            <span class="addr">${t.address.toString(16).padStart(2,`0`)}:</span>
            <span>${this.dips(t.value,16,e=>this.act({type:`set_rom_word`,address:t.address,value:t.value^1<<e}),`word ${a(t.address)}`)}</span>
            <span class="text ${t.reserved?`reserved`:``}">${t.text}${t.address===r.pc?` ← PC`:``}</span></div>`)}
        </div>
        <h3>Toggle-switch banks (0x80 even, 0x81 odd)</h3>
        <div class="banks" data-banks>
          ${[0,1].map(t=>e`<div>bank ${t}: ${this.dips(r.switches[t],8,e=>this.act({type:`set_switches`,bank:t,value:r.switches[t]^1<<e}),`bank ${t}`)} = ${a(r.switches[t])}</div>`)}
        </div>
        <h3>Source ${r.source_matches_rom?``:e`<small class="note">(the switches were changed by hand since)</small>`}</h3>
        <textarea data-source aria-label="program source" .value=${c} @input=${e=>{this.draft=e.target.value}}></textarea>
        <div class="controls">
          <button data-action="assemble" @click=${async()=>{await this.stop(),await this.act({type:`assemble`,source:c})&&(this.draft=void 0)}}>Assemble onto the switches</button>
          <span class="note">Then Step or Run. Errors name the line and column; the ROM stays as it was.</span>
        </div>
      </div>`}};customElements.define(`lm-exhibit-relay`,l);export{l as RelayExhibit};