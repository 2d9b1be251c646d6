import{C as e,S as t,a as n,o as r,x as i,y as a}from"./index.js";import{t as o}from"./exhibit.js";import"./lm-lamp.js";var s=65536,c={1:`1`,0:`x`,"-1":`0`},l={1:`true`,0:`unknown`,"-1":`false`},u={1:`#2e7d32`,0:`#8a7d66`,"-1":`#b3261e`},d=e=>c[String(e)],f=e=>e===1?`on`:e===-1?`off`:`unknown`,p=e=>u[String(e)],m=[[`1`,`1`,`true`],[`0`,`0`,`false`],[`x`,`x`,`unknown`]],h=e=>e===0?`0`:e===-1?`1`:`x`,g=class extends o{static{this.properties={...o.properties,stepMode:{state:!0},uploadError:{state:!0},selected:{state:!0}}}constructor(){super(),this.compactAt=[],this.stepMode=!0,this.uploadError=``,this.selected=null}static{this.styles=e`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: grid; grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr); gap: 1rem 2rem; align-items: start; }
    @media (max-width: 60rem) { :host { grid-template-columns: minmax(0, 1fr); } }
    h3 { margin: 0.8rem 0 0.4rem; font-size: 1.05rem; }
    .row { display: flex; gap: 0.6rem; flex-wrap: wrap; align-items: center; margin: 0.3rem 0; }
    select, button { font-size: 0.95rem; padding: 0.25rem 0.55rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    button:disabled { opacity: 0.5; cursor: default; }
    .v { display: inline-block; min-width: 2.1rem; text-align: center; padding: 0 0.3rem; border-radius: 4px; color: #fff; font: 600 0.85rem/1.4 ui-monospace, monospace; }
    .panel { display: flex; gap: 1.5rem; flex-wrap: wrap; align-items: center; background: #3a352d; color: #f3e2c2; padding: 0.8rem 1rem; border-radius: 8px; }
    .panel button { font-weight: 700; min-width: 5.5rem; }
    .panel .pressed { background: #e0a100; }
    .panel button small { color: inherit; }
    .lamps { display: flex; gap: 1rem; }
    lm-lamp { color: #f3e2c2; --lamp-state: #d9d2c3; }
    svg.graph { width: 100%; height: auto; background: #fffdf8; border: 1px solid #d6cbb5; border-radius: 6px; }
    svg .node { cursor: pointer; }
    svg text { font: 11px ui-monospace, monospace; }
    .events { font: 0.8rem/1.35 ui-monospace, monospace; max-height: 16rem; overflow: auto; background: #fffdf8; border: 1px solid #d6cbb5; border-radius: 6px; padding: 0.3rem 0.5rem; margin: 0; list-style: none; }
    .events li.next { color: #8a7d66; }
    .events li.first { color: #1d1b18; font-weight: 700; }
    .osc { background: #b3261e; color: #fff; padding: 0.4rem 0.6rem; border-radius: 6px; }
    .pins { display: flex; flex-wrap: wrap; gap: 0.3rem 0.8rem; }
    .pin { display: inline-flex; gap: 0.3rem; align-items: center; }
    .err { color: #b3261e; font-weight: 600; white-space: pre-wrap; }
    small { color: #5b5346; }
    .full { grid-column: 1 / -1; }
    .compact { max-height: 32rem; overflow: auto; border: 1px solid #d6cbb5; border-radius: 6px; }
    .compact canvas { display: block; cursor: crosshair; }
  `}updated(){this.drawCompact();let e=this.renderRoot.querySelector(`[data-events]`),t=e?.querySelector(`li[data-seq]:last-of-type`);e&&t&&(e.scrollTop=Math.max(0,t.offsetTop-e.clientHeight/2))}describe(e){switch(e.type){case`input_set`:return`${e.input} := ${c[String(e.value)]} — ${r(e.events,`event`)} to show`;case`event`:return`t=${e.time}  ${e.text}`;case`ran`:return`${r(e.events,`event`)} shown at once`;case`settled`:return`quiet at t=${e.time}: nothing left to propagate`;case`oscillation`:return e.text;case`pushed`:return`${e.button} pushed and released: ${r(e.events,`relay movement`)}`;case`watched`:return`${e.signal} ${e.on?`added to`:`taken off`} the timing diagram`;case`loaded`:return`${e.circuit} on the bench (${r(e.nodes,`node`)}), every value unknown`}}value(e){return i`<span class="v" style="background:${p(e)}" title=${l[String(e)]}>${d(e)}</span>`}set(e,t){this.act({type:`set`,input:e,value:t,run:!this.stepMode})}watched(e){return this.view?.watched.some(t=>t.name===e)??!1}toggleWatch(e){this.act({type:`watch`,signal:e,on:!this.watched(e)})}async upload(e){let t=e.target,n=t.files?.[0];if(!n)return;if(this.uploadError=``,n.size>s){this.uploadError=`${n.name}: ${r(n.size,`byte`)}; the museum takes uploads up to ${r(s,`byte`)} (c7552 and friends are in the circuit list).`,t.value=``;return}let i=await n.text();await this.act({type:`upload`,name:n.name,text:i}),t.value=``}latchPanel(e){let t=t=>e.inputs.find(e=>e.name===t),n=t=>e.outputs.find(e=>e.name===t);return i`<div class="panel" data-latch>
      ${[`R`,`S`].map(e=>{let n=t(e);return i`<div><div>${e===`R`?`Reset`:`Set`} ${this.value(n.value)}</div>
          <div class="row">${m.map(([t,r,a])=>i`<button data-button=${`${e}=${r}`}
            class=${t===`1`&&n.value===1||t===`0`&&n.value===-1||t===`x`&&n.value===0?`pressed`:``}
            aria-pressed=${t===`1`&&n.value===1||t===`0`&&n.value===-1||t===`x`&&n.value===0?`true`:`false`}
            title="${e} := ${r}, ${a}"
            @click=${()=>this.set(e,t)}>${e} = ${r} <small>${a}</small></button>`)}</div></div>`})}
      <div class="lamps">${[`Q`,`Q̄`].map(e=>{let t=n(e);return i`<span data-lamp=${e}><lm-lamp label=${e} state=${f(t.value)} .on=${t.value===1} color="#ffcc33"></lm-lamp></span>`})}</div>
    </div>`}squaresPanel(e){return i`<div class="panel" data-squares>
      <div class="row">${e.inputs.map(e=>i`<button data-push=${e.name} @click=${()=>this.act({type:`push`,button:e.name})}>${e.name}</button>`)}</div>
      <div class="lamps">${e.outputs.map(e=>i`<span data-lamp=${e.name}><lm-lamp label=${e.name} state=${f(e.value)} .on=${e.value===1} color=${e.name.startsWith(`X`)?`#ff6b5e`:`#7fb2ff`}></lm-lamp></span>`)}</div>
    </div>
    <h3>Relays (armatures: 1 operated, 0 released, x unknown) — click one for the timing diagram</h3>
    <div class="pins">${e.relays.map(e=>i`<span class="pin" data-relay=${e.name} @click=${()=>this.toggleWatch(e.name)} style="cursor:pointer">
      ${e.name} ${this.value(e.state)}${this.watched(e.name)?` (watched)`:``}</span>`)}</div>
    <p><small>Two squares of a relay noughts-and-crosses input latch: a square's button works only on its
      player's turn and only while the square is free; the T relay changes turn; RESET breaks the latch bus.</small></p>`}compactGraph(e){return i`<div class="compact"><canvas data-graph-compact role="img"
        aria-label="the circuit ${e.circuit} as a levelled graph, ${e.node_count} nodes in ${e.depth+1} levels"
        @click=${e=>this.compactClick(e)}></canvas></div>
      <p><small>${r(e.node_count,`node`)} in ${r(e.depth+1,`level`)} (inputs left): each bar is a node, coloured by its value
        (green 1 true, red 0 false, grey x unknown; the inputs and outputs below carry the labels). Click a bar: an
        input cycles x (unknown) → 0 → 1 → x, any other node joins the timing diagram.</small></p>`}compactClick(e){let t=e.target,n=t.getBoundingClientRect(),r=(e.clientX-n.left)*t.width/n.width,i=(e.clientY-n.top)*t.height/n.height,a=null,o=64;for(let e of this.compactAt){let t=(e.x-r)**2+(e.y-i)**2;t<o&&(o=t,a=e.node)}a&&(a.role===`input`?this.set(a.name,h(a.value)):this.toggleWatch(a.name))}drawCompact(){let e=this.renderRoot.querySelector(`canvas[data-graph-compact]`),t=this.view?.graph;if(!e||!t)return;let n=new Map,r=Array(t.length);for(let e of t){let t=n.get(e.level)??0;n.set(e.level,t+1),r[e.id]={x:6+e.level*16,y:6+t*5,node:e}}let i=12+Math.max(...n.values())*5;e.width=12+(this.view.depth+1)*16,e.height=i;let a=e.getContext(`2d`);if(a){a.fillStyle=`#fffdf8`,a.fillRect(0,0,e.width,e.height),a.globalAlpha=.18,a.lineWidth=.6;for(let e of t)for(let t of e.fanin){let n=r[t],i=r[e.id];a.strokeStyle=p(n.node.value),a.beginPath(),a.moveTo(n.x+8,n.y+1.5),a.lineTo(i.x,i.y+1.5),a.stroke()}a.globalAlpha=1;for(let e of r)a.fillStyle=p(e.node.value),a.fillRect(e.x,e.y,8,3),this.watched(e.node.name)&&(a.strokeStyle=`#1d1b18`,a.strokeRect(e.x-1,e.y-1,10,5));this.compactAt=r.map(e=>({x:e.x+4,y:e.y+1.5,node:e.node}))}}graph(e){let n=e.graph;if(n.length>400)return this.compactGraph(e);let r=new Map;for(let e of n)r.has(e.level)||r.set(e.level,[]),r.get(e.level).push(e);let a=new Map,o=1;for(let[e,t]of r)o=Math.max(o,t.length),t.forEach((t,n)=>a.set(t.id,[14+e*118,14+n*46]));let s=28+(e.depth+1)*118-26,c=28+o*46-14,f=n.flatMap(e=>e.fanin.map((r,i)=>{let[o,s]=a.get(r),[c,l]=a.get(e.id),u=n[r],d=o+92,f=s+16,m=c,h=l+8+i*16/Math.max(1,e.fanin.length-1),g=c<=o?`M${d} ${f} C${d+40} ${f+60}, ${m-40} ${h+60}, ${m} ${h}`:`M${d} ${f} C${(d+m)/2} ${f}, ${(d+m)/2} ${h}, ${m} ${h}`;return t`<path d=${g} fill="none" stroke=${p(u.value)} stroke-width="2" opacity="0.85"/>`})),m=n.map(e=>{let[n,r]=a.get(e.id),i=e.role===`input`,o=`${e.name}: ${e.gate??e.role}, value ${d(e.value)} (${l[String(e.value)]})${i?` — click to change`:` — click to watch`}`;return t`<g class="node" data-node=${e.name} transform="translate(${n} ${r})"
          @click=${()=>i?this.set(e.name,h(e.value)):this.toggleWatch(e.name)}>
        <title>${o}</title>
        <rect width=${92} height=${32} rx=${e.role===`lamp`?16:4} fill="#fffdf8"
          stroke=${p(e.value)} stroke-width=${this.watched(e.name)?4:2} stroke-dasharray=${e.output?``:i?`5 2`:``}/>
        <text x="6" y="13">${e.name.length>9?`${e.name.slice(0,8)}…`:e.name}</text>
        <text x="6" y="27" fill="#5b5346">${e.gate??e.role}</text>
        <rect x=${62} y="8" width="26" height="16" rx="3" fill=${p(e.value)}/>
        <text x=${75} y="20" text-anchor="middle" fill="#fff" data-value>${d(e.value)}</text>
      </g>`});return i`<svg class="graph" data-graph viewBox="0 0 ${s} ${c}" role="img"
        aria-label="the circuit ${e.circuit} as a levelled graph">${f}${m}</svg>
      <p><small>Columns are levels (inputs left). Each value is coloured and labelled: <span class="v" style="background:${u[1]}">1</span> true,
        <span class="v" style="background:${u[-1]}">0</span> false, <span class="v" style="background:${u[0]}">x</span> unknown.
        Click an input to cycle x (unknown) → 0 → 1 → x; click any other node to add it to the timing diagram.</small></p>`}pins(e){return i`<h3>Inputs (click to cycle x → 0 → 1 → x)</h3>
      <div class="pins" data-inputs>${e.inputs.map(e=>i`<span class="pin"><button data-input=${e.name}
        @click=${()=>this.set(e.name,h(e.value))}>${e.name}</button>${this.value(e.value)}</span>`)}</div>
      <h3>Outputs (click to watch)</h3>
      <div class="pins" data-outputs>${e.outputs.map(e=>i`<span class="pin" data-output=${e.name}
        @click=${()=>this.toggleWatch(e.name)} style="cursor:pointer">${e.name} ${this.value(e.value)}${this.watched(e.name)?` (watched)`:``}</span>`)}</div>`}timing(e){if(!e.watched.length)return i`<p data-timing><small>No signals watched: click a node or an output to add it.</small></p>`;let n=Math.min(...e.watched.map(t=>t.samples[0]?.[0]??e.time)),r=Math.max(e.time,n+1),o=e=>70+(e-n)/(r-n)*478,s=8+e.watched.length*34+28,c=(e,t)=>8+t*34+(e===1?4:e===-1?24:14),l=e.watched.map((e,n)=>{let i=``,s=e.samples;s.forEach(([e,t],a)=>{let l=a+1<s.length?s[a+1][0]:r;i+=`${a?`L`:`M`}${o(e)} ${c(t,n)} L${o(l)} ${c(t,n)} `});let l=s.map(([e,i],c)=>i===0?t`<rect x=${o(e)} y=${8+n*34+6} width=${Math.max(1,o(c+1<s.length?s[c+1][0]:r)-o(e))} height="16" fill="url(#hatch)"/>`:a),u=s[s.length-1]?.[1]??0;return t`<g data-trace=${e.name}><text x="4" y=${8+n*34+18}>${e.name.length>8?`${e.name.slice(0,7)}…`:e.name}</text>
        ${l}<path d=${i} fill="none" stroke=${p(u)} stroke-width="2"/></g>`}),u=[],d=Math.max(1,Math.ceil((r-n)/8));for(let e=n;e<=r;e+=d)u.push(e);let f=8+e.watched.length*34+4;return i`<svg class="graph" data-timing viewBox="0 0 ${560} ${s}" role="img" aria-label="timing diagram">
      <defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <line x1="0" y1="0" x2="0" y2="6" stroke="#8a7d66" stroke-width="2"/></pattern></defs>
      ${l}
      <line x1=${70} x2=${548} y1=${f} y2=${f} stroke="#5b5346"/>
      ${u.map(e=>t`<line x1=${o(e)} x2=${o(e)} y1=${f} y2=${f+4} stroke="#5b5346"/><text x=${o(e)} y=${f+15} text-anchor="middle">${e}</text>`)}
      <text x=${548} y=${f+26} text-anchor="end" fill="#5b5346">time (events shown)</text>
    </svg>
    <p><small>High 1 (true), low 0 (false), hatched x (unknown). Click a watched node again to take it off.</small></p>`}events(e){return i`<ol class="events" data-events>
      ${e.log.slice(-40).map(e=>i`<li data-seq=${e.seq}>t=${e.time} ${e.text}</li>`)}
      ${e.next.map((e,t)=>i`<li class="next ${t===0?`first`:``}" data-next>${t===0?`next: `:``}${e.text}</li>`)}
      ${e.pending>e.next.length?i`<li class="next">… ${e.pending-e.next.length} more</li>`:a}
    </ol>`}render(){let e=this.view;if(!e)return i``;let t=e.circuit===`squares`,o=e.library.includes(e.circuit)?e.library:[e.circuit,...e.library];return i`
      <div>
        <div class="row">
          <label>Circuit <select data-setting="circuit" @change=${e=>this.restart({circuit:e.target.value})}>
            ${o.map(t=>i`<option value=${t} ?selected=${t===e.circuit}>${t}</option>`)}</select></label>
          <label>or upload a .bench <input type="file" accept=".bench,text/plain" data-upload @change=${e=>this.upload(e)}></label>
          <button data-action="clear" title="the same circuit, every value unknown again" @click=${()=>this.act({type:`reset`})}>Clear</button>
        </div>
        ${this.uploadError?i`<p class="err" data-upload-error>${this.uploadError}</p>`:a}
        <p data-summary><b>${e.circuit}</b>: ${t?r(e.relays.length,`relay`):`${r(e.node_count,`node`)}, ${r(e.gate_count,`gate`)}, ${r(e.depth+1,`level`)}`}</p>
        ${e.oscillation?i`<p class="osc" data-oscillation>Warning: ${e.oscillation.text}</p>`:a}
        ${e.circuit===`latch`?this.latchPanel(e):a}
        ${t?this.squaresPanel(e):e.graph?this.graph(e):i`<p data-too-big><small>${r(e.node_count,`node`)} are more than
          the bench draws (4,000); the circuit is simulated whole — set its inputs and watch its outputs below.</small></p>`}
        ${t?a:this.pins(e)}
      </div>
      <div>
        <h3>Propagation, event by event</h3>
        ${t?a:i`<div class="row">
          <label><input type="checkbox" data-setting="step-mode" .checked=${this.stepMode}
            @change=${e=>{this.stepMode=e.target.checked}}> show each event (step mode)</label>
          <button data-action="step" ?disabled=${!e.pending} @click=${()=>this.act({type:`step`})}>${n.step}Step</button>
          <button data-action="run" ?disabled=${!e.pending} @click=${()=>this.act({type:`run`})}>${n.run}Run</button>
          <span data-pending>${e.pending} pending · t=${e.time}</span></div>`}
        ${e.unrecorded?i`<p><small>A change caused more events than the bench records; it was run at once.</small></p>`:a}
        ${this.events(e)}
        <h3>Timing diagram</h3>
        ${this.timing(e)}
      </div>`}};customElements.define(`lm-exhibit-logic`,g);export{g as LogicExhibit};