import{C as e,S as t,h as n,o as r,p as i,w as a}from"./index.js";import{t as o}from"./exhibit.js";import"./lm-lamp.js";import"./lm-run-control.js";import"./lm-run-clock.js";var s={operated:{colour:`#e0a100`,text:`#1d1b18`,word:`operated`},released:{colour:`#5b5346`,text:`#f4efe4`,word:`released`},unknown:{colour:`#9e9e9e`,text:`#1d1b18`,word:`unknown`}},c=e=>e===0?`the bell has not rung`:e===1?`the bell rang once`:`the bell rang ${n(e)} times`,l=[[1,`real time`],[.25,`¼ speed`],[.1,`1/10 speed`],[.02,`1/50 speed`]],u={T:`player relay`,OS:`machine starts`,X:`beatable`,DS:`DS`,W:`W: machine won`,L:`L: machine lost`,CTR:`game counter`,DM:`DM`},d={1:`#2e7d32`,2:`#b3261e`,3:`#6a3fa0`,4:`#b07d00`},f={1:`win`,2:`block`,3:`fork prevention`,4:`good square`},p=`ABCDEFGHJ`,m=class extends o{static{this.properties={...o.properties,interval:{state:!0},autoRun:{state:!0},shown:{state:!0},shownU1:{state:!0},replaySpeed:{state:!0},replaying:{state:!0},check:{state:!0}}}constructor(){super(),this.replayFrame=0,this.replayLeft=[],this.onKey=e=>{let t=e.composedPath()[0];if(t instanceof HTMLInputElement||t instanceof HTMLSelectElement||e.ctrlKey||e.metaKey||e.altKey)return;let n=e.key.toUpperCase();n.length===1&&p.includes(n)?this.press(n):n===`S`?this.act({type:`step`}):n===`W`?this.act({type:`sweep`}):n===`R`?this.machineReset():n===`G`&&this.start()},this.runsStarted=0,this.interval=150,this.autoRun=!0,this.shown={},this.shownU1=null,this.replaySpeed=.1,this.replaying=!1,this.check=null}syncRelays(){let e=this.view?.relays;e?(this.shown=Object.fromEntries(e.relays.map(e=>[e.name,e.state])),this.shownU1=e.u1):this.shown={}}willUpdate(e){if(e.has(`happenings`))for(let e of this.happenings)e.type===`run_progress`&&e.long_run===`verify`&&(this.check=e);if(!e.has(`happenings`)&&!e.has(`view`))return;let t=this.view;if(!t?.relays){this.shown={};return}if(!e.has(`happenings`)){Object.keys(this.shown).length===0&&this.syncRelays();return}let n=this.happenings.filter(e=>e.type===`relay`);if(cancelAnimationFrame(this.replayFrame),this.replayLeft.length){let e={...this.shown};for(let t of this.replayLeft)t.change===`stepped`?t.part===`U1`&&(this.shownU1=t.position):e[t.part]=t.change;this.shown=e,this.replayLeft=[]}if(Object.keys(this.shown).length===0||n.length===0){this.replaying=!1,(t.turn!==`machine`||Object.keys(this.shown).length===0)&&this.syncRelays();return}let r=performance.now(),i=0;this.replayLeft=n,this.replaying=!0;let a=()=>{let e=(performance.now()-r)*this.replaySpeed,t={...this.shown},o=this.shownU1;for(;i<n.length&&n[i].ms<=e;){let e=n[i++];e.change===`stepped`?e.part===`U1`&&(o=e.position):t[e.part]=e.change}this.shown=t,this.shownU1=o,this.replayLeft=n.slice(i),i<n.length?this.replayFrame=requestAnimationFrame(a):(this.replaying=!1,this.view?.turn!==`machine`&&this.syncRelays())};this.replayFrame=requestAnimationFrame(a)}static{this.styles=a`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: minmax(0, 26rem) minmax(0, 1fr); gap: 1.5rem 2rem; align-items: start; }
    @media (max-width: 52rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    h3 { margin: 0 0 0.5rem; font-size: 1.05rem; }
    .panel { background: #3a352d; color: #f4efe4; border-radius: 12px; padding: 1rem; }
    .status { font-size: 1.15rem; font-weight: 600; margin: 0 0 0.6rem; min-height: 2.7em; }
    .grid { display: grid; grid-template-columns: repeat(3, minmax(0, 6.2rem)); grid-auto-rows: minmax(5.4rem, 6.2rem); gap: 8px; }
    .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
    .sq { position: relative; }
    select { max-width: 100%; }
    .sq { border: 2px solid #8a7d66; border-radius: 10px; background: #fffdf8; color: #1d1b18; cursor: pointer;
          display: grid; grid-template-rows: auto 1fr; padding: 0.25rem; font: inherit; }
    .sq:focus-visible { outline: 3px solid #e0a100; outline-offset: 2px; }
    .sq.shutter .muted { color: #fff; background: #1d1b18; font-weight: 700; padding: 0 0.3rem; border-radius: 4px; }
    .sq.line { border-color: #e0a100; box-shadow: 0 0 0 4px #e0a100 inset; }
    .sq .letter { font-weight: 700; font-size: 1.1rem; justify-self: start; }
    .sq .lamps { display: flex; justify-content: space-around; align-items: center; }
    .bulb { display: inline-grid; place-items: center; width: 2.2rem; height: 2.2rem; border-radius: 50%;
            border: 2px solid #5b5346; background: #d9d2c3; color: #8f8572; font-weight: 700; font-size: 1.2rem; }
    .bulb.o.on { background: #1f5fa8; color: #fff; box-shadow: 0 0 10px #1f5fa8; }
    .bulb.x.on { background: #b3261e; color: #fff; box-shadow: 0 0 10px #b3261e; }
    .sq.shutter { background: repeating-linear-gradient(45deg, #5b5346 0 6px, #7a705e 6px 12px); color: #fff; }
    .row { display: flex; flex-wrap: wrap; gap: 0.8rem 1.2rem; align-items: center; margin: 0.7rem 0; }
    .counter { font-family: ui-monospace, monospace; font-size: 1.4rem; background: #111; color: #f4efe4;
               padding: 0.1rem 0.5rem; border-radius: 4px; letter-spacing: 0.2rem; }
    button.cmd, select { font-size: 1rem; padding: 0.35rem 0.8rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; color: #1d1b18; cursor: pointer; }
    button.cmd:disabled { opacity: 0.5; cursor: default; }
    button.reset { background: #b3261e; color: #fff; border-color: #7d1a14; font-weight: 700; }
    label { display: inline-flex; gap: 0.35rem; align-items: center; }
    .panel .muted { color: #d9d2c3; }
    .panel lm-lamp { color: #f4efe4; --lamp-state: #d9d2c3; }
    .inside { display: grid; grid-template-columns: minmax(0, 18rem) minmax(0, 1fr); gap: 1rem; align-items: start; }
    @media (max-width: 70rem) { .inside { grid-template-columns: minmax(0, 1fr); } }
    svg text { font: 10px system-ui, sans-serif; }
    .legend { display: flex; flex-wrap: wrap; gap: 0.3rem 0.9rem; font-size: 0.9rem; }
    .swatch { display: inline-block; width: 0.9rem; height: 0.9rem; border-radius: 3px; vertical-align: -0.1rem; margin-right: 0.25rem; }
    table { border-collapse: collapse; width: 100%; font-size: 0.92rem; }
    td, th { border-bottom: 1px solid #d9d2c3; padding: 0.25rem 0.4rem; text-align: left; vertical-align: top; }
    tr.closed td { background: #ffe9a8; font-weight: 600; }
    .position { font-size: 1.1rem; font-weight: 600; }
    .why { color: #5b5346; min-height: 1.3rem; }
    .muted { color: #6b6253; font-size: 0.9rem; }
    fieldset { border: 1px solid #d9d2c3; border-radius: 8px; margin: 0.6rem 0; }
    .relays { display: grid; gap: 4px; }
    .relay-row { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
    .relay-row > .muted { width: 5.5rem; }
    .relay { display: inline-block; min-width: 4.6rem; padding: 0.15rem 0.35rem; border-radius: 5px; border: 1px solid #1d1b18; font-size: 0.85rem; }
    .relay.operated { box-shadow: 0 0 8px #e0a100; }
  `}connectedCallback(){super.connectedCallback(),window.addEventListener(`keydown`,this.onKey)}disconnectedCallback(){super.disconnectedCallback(),window.removeEventListener(`keydown`,this.onKey)}async then(e){let t=this.runsStarted,n=(await this.act(e))?.view??this.view;this.autoRun&&n?.turn===`machine`&&this.runsStarted===t&&await this.autoplay({type:`step`},this.interval)}press(e){return this.then({type:`press`,square:e})}start(){return this.then({type:`start`})}machineReset(){return this.then({type:`reset`})}describe(e){if(e.type===`run_progress`){let t=e,n=t.result??t.partial,i=n?n.checked.reduce((e,t)=>e+t,0):t.done;return`circuit check: ${r(i,`position`)}${t.ended?t.result?.cancelled?`, stopped`:t.result?.clean?`, all agree, no hazards`:`, done`:``}`}switch(e.type){case`reset`:return e.shutters_rolled_back?`RESET: lamps released, shutters rolled back by hand`:`RESET: game counter ${e.counter}; SAL stopped on ${e.sal}${e.sal_tap?` (tap ${e.sal_tap}, its MODE switch ${e.mode_switch_set?`set`:`off`})`:``}; X relay ${e.x_relay?`up: this game is beatable`:`down: unbeatable`}`;case`os_latched`:return`MACHINE FIRST: the OS relay latches; the machine opens`;case`start_pressed`:return`START pressed: U1 begins to step`;case`x_latched`:return`the X relay energises: five fork checks are cut`;case`switch_set`:return`${e.switch.toUpperCase()} switch: ${e.position} (${e.note})`;case`pressed`:return this.view?.variant===`autox`?`shutter closed over ${e.square}`:`${e.side.toUpperCase()} lamp ${e.square} lit (button ${e.square})`;case`contact`:{let t=e.checks.filter(e=>e.closed),n=e.cut?`cut`:e.checks.length===0?`no checks`:t.length?`${t.map(e=>e.label).join(`, `)} closes`:`${r(e.checks.length,`check`)}, none closes`;return`U1 → ${e.label} (tactic ${e.tactic}, ${e.tactic_name}${e.line?`, line ${e.line}`:``}): ${n}`}case`claimed`:return`O lamp ${e.square} lit: ${e.contact} fired after ${r(e.contacts_stepped,`contact`)} — tactic ${e.tactic} (${e.tactic_name}), ${e.check}: ${e.tests}`;case`homed`:return`U1 homes to N1`;case`game_over`:return e.text;case`bell`:return`the bell rings`;case`relay`:return e.change===`stepped`?`  ${e.ms} ms: ${e.part} steps to N${e.position??`?`}`:`  ${e.ms} ms: relay ${e.part} ${e.change}`}}squareLabel(e){let t=e.o_lamp?`O lamp lit`:e.x_lamp?`X lamp lit`:e.shutter?`shutter closed`:`dark`;return`square ${e.letter}, ${t}`}front(e){let n=e.variant===`autox`,r=this.happenings.some(e=>e.type===`bell`)||(e.w_lamp||e.l_lamp)&&e.has_lamps_and_bell,i=e.line??``;return t`
      <div class="panel">
        <div class="grid" role="group" aria-label="the square buttons">
          ${e.squares.map(e=>t`<button class="sq ${e.shutter?`shutter`:``} ${i.includes(e.letter)?`line`:``}" data-square=${e.letter}
              title=${this.squareLabel(e)}
              @click=${()=>this.press(e.letter)}>
            <span class="sr">${this.squareLabel(e)}</span>
            <span class="letter" aria-hidden="true">${e.letter}</span>
            <span class="lamps" aria-hidden="true">
              <span class="bulb o ${e.o_lamp?`on`:``}" data-lamp="o">O</span>
              ${n?t`<span class="muted">${e.shutter?`shutter`:``}</span>`:t`<span class="bulb x ${e.x_lamp?`on`:``}" data-lamp="x">X</span>`}
            </span></button>`)}
        </div>
        ${e.has_lamps_and_bell?t`<div class="row">
            <lm-lamp data-lamp="w" label="W (machine won)" color="#2e7d32" ?on=${e.w_lamp}></lm-lamp>
            <lm-lamp data-lamp="l" label="L (machine lost)" color="#e0a100" ?on=${e.l_lamp}></lm-lamp>
            <lm-lamp data-lamp="bell" label=${r?`bell (rang)`:`bell`} color="#f4c430" ?on=${r}></lm-lamp>
          </div>
          <div class="row"><span>game counter</span> <span class="counter" data-counter>${e.counter}</span>
            <span class="muted" data-bell>${c(e.bells)}</span></div>`:t`<p class="muted">The AUTOX has no W/L lamps, bell or counter: you judge the board.</p>`}
        <div class="row">
          <button class="cmd reset" data-action="machine-reset" @click=${()=>this.machineReset()}>RESET (r)</button>
          <button class="cmd" data-action="start" ?disabled=${e.two_player}
            @click=${()=>this.start()}>${n?`START (g)`:`MACHINE FIRST (g)`}</button>
        </div>
      </div>`}switches(e){if(e.two_player)return t`<p class="muted">Two players: the machine only referees (interlock, player relay, W/L lamps, bell).</p>`;let n=e.variant===`autox`;return t`<fieldset><legend>Switches</legend>
      <div class="row">
        <label><input type="checkbox" data-switch="os" .checked=${e.os_switch}
          @change=${e=>this.then({type:`set_os`,on:e.target.checked})}>
          OS: machine starts</label>
        <span class="muted">OS relay ${e.os_relay?`latched`:`released`}</span>
      </div>
      ${n?t`<p class="muted">The AUTOX has no X relay and no SAL.</p>`:t`
      <div class="row">
        <label><input type="checkbox" data-switch="x" .checked=${e.x_switch}
          @change=${e=>this.act({type:`set_x`,on:e.target.checked})}>
          X: beatable (secret switch)</label>
        <span class="muted" data-x-relay>X relay ${e.x_relay?`up: five fork checks cut`:`down: unbeatable`}</span>
      </div>
      <div class="row"><span>MODE switches (with SAL, at RESET)</span>
        ${e.mode_switches.map((n,r)=>t`<label><input type="checkbox" data-switch="mode${r+1}" .checked=${n}
          @change=${t=>{let n=[...e.mode_switches];n[r]=t.target.checked,this.act({type:`set_mode_switches`,switches:n})}}>${r+1}</label>`)}
      </div>
      <div class="row" data-sal>SAL rests on <b>${e.sal?.label}</b>
        <span class="muted">${e.sal?.tap?`tap ${e.sal.tap} (of ${e.sal.taps.join(` `)})`:`not a tap (taps: ${e.sal?.taps.join(` `)})`}</span></div>`}
      </fieldset>`}settings(e){let n=e.model===`relays`;return t`<fieldset><legend>Machine</legend><div class="row">
      <label>Machine <select data-setting="variant" @change=${e=>{let t=e.target.value;this.restart({seed:this.config.seed,variant:t,two_player:!1})}}>
        <option value="computox" ?selected=${e.variant===`computox`}>Computox</option>
        <option value="autox" ?selected=${e.variant===`autox`} ?disabled=${n}>AUTOX (1956)${n?` — no circuit`:``}</option>
      </select></label>
      <label>Model <select data-setting="model" @change=${t=>{let n=t.target.value;this.restart(n===`relays`?{seed:this.config.seed,variant:`computox`,model:n,timing:`ideal`}:{seed:this.config.seed,variant:e.variant,model:n})}}>
        <option value="behavioural" ?selected=${!n}>behavioural (checks as board patterns)</option>
        <option value="relays" ?selected=${n} ?disabled=${e.variant===`autox`||e.two_player}>relays (the simulated circuit)</option>
      </select></label>
      ${n?t`<label>Relay timing <select data-setting="timing" @change=${e=>this.restart({seed:this.config.seed,variant:`computox`,model:`relays`,timing:e.target.value})}>
        <option value="ideal" ?selected=${e.relays?.timing===`ideal`}>ideal (logic only)</option>
        <option value="real" ?selected=${e.relays?.timing===`real`}>real (type 3000 relays, 20 steps/s)</option>
      </select></label>`:``}
      ${e.variant===`computox`&&!n?t`<label><input type="checkbox" data-setting="two_player" .checked=${e.two_player}
        @change=${e=>this.restart({seed:this.config.seed,variant:`computox`,two_player:e.target.checked})}>
        two players (the machine referees)</label>`:``}
    </div></fieldset>`}dial(t){let n=t.uniselector.contacts,r=(e,t)=>{let r=-Math.PI/2+2*Math.PI*(e-1)/n;return[150+t*Math.cos(r),150+t*Math.sin(r)]},i=e=>t.plan.find(t=>t.number===e)?.tactic,a=t.contact?.number,o=t.contact?.fired?t.contact.number:void 0,[s,c]=r(t.uniselector.position,106);return e`<svg viewBox="0 0 300 300" width="300" height="300" style="max-width:100%;height:auto" role="img" data-dial
        aria-label="uniselector U1: wiper on ${t.uniselector.label}">
      <circle cx=${150} cy=${150} r=${136} fill="#f4efe4" stroke="#8a7d66"></circle>
      ${Array.from({length:n},(e,t)=>t+1).map(t=>{let[n,s]=r(t,120),[c,l]=r(t,94),u=i(t),f=u?d[u]:`#d9d2c3`;return e`<g data-contact=${t}>
          <circle cx=${n} cy=${s} r=${t===a?10:8} fill=${f} stroke=${t===o?`#e0a100`:t===a?`#1d1b18`:`none`} stroke-width="3"></circle>
          <text x=${n} y=${s+3.5} text-anchor="middle" fill=${u?`#fff`:`#1d1b18`} font-weight="700">${t}</text>
          ${t===a?e`<text x=${c} y=${l+3} text-anchor="middle" fill="#1d1b18">${t===o?`fired`:`test`}</text>`:``}
        </g>`})}
      <line x1=${150} y1=${150} x2=${s} y2=${c} stroke="#1d1b18" stroke-width="4" stroke-linecap="round"></line>
      <circle cx=${150} cy=${150} r="9" fill="#1d1b18"></circle>
      <text x=${150} y=${178} text-anchor="middle" fill="#1d1b18" font-size="13">U1</text>
    </svg>`}inside(e){let n=e.uniselector,r=e.contact,i=e.last_move,a=n.stepping?n.homed?`at home, the sweep is due`:`stepping`:`homed`;return t`
      <h3>Inside: the uniselector U1</h3>
      <p class="position" data-position>Contact ${n.position} of ${n.contacts} (${n.label}) — ${a}</p>
      <div class="inside">
        <div>
          ${this.dial(e)}
          <div class="legend">${[1,2,3,4].map(e=>t`<span><span class="swatch" style="background:${d[e]}"></span>tactic ${e}: ${f[e]}</span>`)}
            <span><span class="swatch" style="background:#d9d2c3"></span>N1 home</span></div>
        </div>
        <div>
          <lm-run-control .running=${this.running&&!this.checkGoing} .interval=${this.interval} ?disabled=${!n.stepping||this.checkGoing}
            reason=${this.checkGoing?`the circuit check is going`:``}
            @run=${e=>{this.interval=e.detail.interval,this.autoplay({type:`step`},this.interval)}}
            @speed=${e=>{this.interval=e.detail.interval,this.autoplay({type:`step`},this.interval)}}
            @pause=${()=>this.stop()}
            @step=${()=>this.act({type:`step`})}></lm-run-control>
          <div class="row">
            <button class="cmd" data-action="sweep" ?disabled=${!n.stepping} @click=${()=>this.act({type:`sweep`})}>Finish the sweep (w)</button>
            <label><input type="checkbox" data-setting="auto" .checked=${this.autoRun}
              @change=${e=>{this.autoRun=e.target.checked}}>
              run U1 by itself after each move</label>
          </div>
          <div data-contact-checks>
          ${r?t`<p><b>${r.label}</b>: <span class="swatch" style="background:${d[r.tactic]}"></span>tactic ${r.tactic} (${r.tactic_name})${r.line?`, line ${r.line}`:``}
              — ${r.fired?t`<b data-fired>fired: claims ${r.fired}</b>`:r.cut?`cut`:`nothing closes, the wiper steps on`}</p>
            <table><thead><tr><th>check</th><th>tests</th><th>now</th></tr></thead><tbody>
              ${r.checks.map(e=>t`<tr class=${e.closed?`closed`:``}><td>${e.label}</td><td>${e.tests}</td>
                <td>${e.closed?`closes → ${e.target}`:e.gate_open?`open`:`relay contact open`}</td></tr>`)}
            </tbody></table>`:t`<p class="muted">No contact tested yet in this move. ${n.stepping?`Step or run U1.`:``}</p>`}
          </div>
          <p class="why" data-tactic>${i?`Last machine move: ${i.square} — ${i.contact} fired, tactic ${i.tactic} (${i.tactic_name}): ${i.check}, ${i.tests}.`:``}</p>
        </div>
      </div>`}relaysPanel(e){let n=e.relays;if(!n)return t``;let i=(e,n)=>{let r=this.shown[e]??`unknown`,i=s[r];return t`<span class="relay ${r}" data-relay=${e} data-state=${r} title="${n}: ${i.word}"
        style="background:${i.colour};color:${i.text}"><b>${e}</b> <small>${r===`operated`?`op`:r===`released`?`rel`:`? unk`}</small></span>`},a=`ABCDEFGHJ`.split(``);return t`
      <h3>Inside: the relays (${n.timing} timing, ${n.tick_ms} ms a tick)</h3>
      <div class="row">
        <label>Replay <select data-setting="replay" @change=${e=>{this.replaySpeed=Number(e.target.value)}}>
          ${l.map(([e,n])=>t`<option value=${e} ?selected=${e===this.replaySpeed}>${n}</option>`)}
        </select></label>
        <span class="muted" data-relay-u1>circuit U1: ${this.shownU1?`U1-N${this.shownU1}`:`unknown`}${this.replaying?` (replaying)`:``}; SAL-N${n.sal??`?`}; ${r(n.events,`relay event`)} since power-on</span>
      </div>
      <div class="legend">${[`operated`,`released`,`unknown`].map(e=>t`<span><span class="swatch" style="background:${s[e].colour}"></span>${s[e].word}</span>`)}</div>
      <div class="relays" data-relays role="group" aria-label="the circuit's relays">
        <div class="relay-row"><span class="muted">control</span>${Object.entries(u).filter(([e])=>e in this.shown||n.relays.some(t=>t.name===e)).map(([e,t])=>i(e,t))}</div>
        ${a.map(e=>t`<div class="relay-row"><span class="muted">square ${e}</span>
          ${i(`${e}XA`,`${e}XA: the human's latch`)}${i(`${e}XB`,`its slave`)}${i(`${e}OA`,`${e}OA: the machine's latch`)}${i(`${e}OB`,`its slave`)}</div>`)}
      </div>`}get checkGoing(){return this.runOf(`verify`,this.check)}verifyPanel(e){if(e.variant!==`computox`)return t``;let i=this.check,a=i?.result??i?.partial,o=a?a.expected.reduce((e,t)=>e+t,0):690,s=a?a.checked.reduce((e,t)=>e+t,0):0,c=this.runOf(`verify`,i),l=this.startBlocked(c),u=i?.result?i.result.cancelled?`stopped`:i.result.clean?`the circuit agrees with the model everywhere, no hazards`:`${r(i.result.disagreements.length,`disagreement`)}, ${r(i.result.hazards.length,`hazard`)}`:``;return t`<fieldset data-verify><legend>Check the circuit against the model</legend>
      <div class="row">
        <button data-action="verify" ?disabled=${this.running} title=${l} @click=${()=>{this.check=null,this.ownRun=`verify`,this.runsStarted++,this.host?.runLong(`verify`)}}>Check all ${r(o,`position`)}</button>
        <button data-action="stop-verify" ?disabled=${!this.running} @click=${()=>this.stop()}>${this.stopLabel()}</button>
        ${l?t`<small data-start-why>${l}</small>`:``}
      </div>
      <lm-run-clock .report=${i} .running=${c} .queued=${this.queued}></lm-run-clock>
      ${a?t`<div class="row"><progress max=${o} .value=${s} aria-label="positions checked"></progress>
        <span data-verify-count>${n(s)} of ${r(o,`position`)}${i?.ended?` — ${u}`:``}</span></div>
        <table class="muted" data-verify-modes><tbody>${a.modes.map((e,n)=>t`<tr><td>${e}</td><td>${a.checked[n]} / ${a.expected[n]}</td></tr>`)}</tbody></table>
        <p class="muted" data-verify-work>${n(a.events)} relay events and uniselector steps in ${r(a.ticks,`simulated tick`)};
          ${a.power_on_unknown_lamps===1?`1 lamp`:r(a.power_on_unknown_lamps,`lamp`)} unknown at power-on (RESET makes them known)</p>
        ${a.disagreements.length?t`<ul data-verify-disagreements>${a.disagreements.map(e=>t`<li>${e}</li>`)}</ul>`:``}
        ${a.hazards.length?t`<ul data-verify-hazards>${a.hazards.map(e=>t`<li>${e}</li>`)}</ul>`:``}`:``}
    </fieldset>`}render(){let e=this.view;if(!e)return t``;let n=e.tally;return t`
      <div>
        <p class="status" data-status>${e.outcome?`${e.outcome===`won`?`O wins`:e.outcome===`lost`?`X wins`:`A draw`}${e.line?` — the line ${e.line}`:``}. `:``}${e.prompt[0].toUpperCase()+e.prompt.slice(1)}.</p>
        ${this.front(e)}
        <p class="muted" data-tally>${r(n.finished,`game`)} finished; the machine: ${i(n.w,n.drawn,n.l)}</p>
        ${this.switches(e)}
        ${this.settings(e)}
        ${this.verifyPanel(e)}
        <p class="muted">Keys: A–J press a square, s step, w finish the sweep, r RESET, g ${e.variant===`autox`?`START`:`machine first`}.</p>
      </div>
      <div>${this.inside(e)}${this.relaysPanel(e)}</div>`}};customElements.define(`lm-exhibit-computox`,m);export{m as ComputoxExhibit};