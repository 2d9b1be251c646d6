import{C as e,S as t,a as n,b as r,o as i,w as a}from"./index.js";import{t as o}from"./exhibit.js";import"./lm-lamp.js";var s=65536,c={1:`1`,0:`x`,"-1":`0`},l={1:`true`,0:`unknown`,"-1":`false`},u={1:`#2e7d32`,0:`#8a7d66`,"-1":`#b3261e`},d=e=>c[String(e)],f=e=>e===1?`on`:e===-1?`off`:`unknown`,p=e=>u[String(e)],m=[[`1`,`1`,`true`],[`0`,`0`,`false`],[`x`,`x`,`unknown`]],h=e=>e===0?`0`:e===-1?`1`:`x`,g=class extends o{static{this.properties={...o.properties,stepMode:{state:!0},uploadError:{state:!0},selected:{state:!0}}}constructor(){super(),this.compactAt=[],this.stepMode=!0,this.uploadError=``,this.selected=null}static{this.styles=a`
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
  `}updated(){this.drawCompact();let e=this.renderRoot.querySelector(`[data-events]`),t=e?.querySelector(`li[data-seq]:last-of-type`);e&&t&&(e.scrollTop=Math.max(0,t.offsetTop-e.clientHeight/2))}describe(e){switch(e.type){case`input_set`:return`${e.input} := ${c[String(e.value)]} — ${i(e.events,`event`)} to show`;case`event`:return`t=${e.time}  ${e.text}`;case`ran`:return`${i(e.events,`event`)} shown at once`;case`settled`:return`quiet at t=${e.time}: nothing left to propagate`;case`oscillation`:return e.text;case`pushed`:return`${e.button} pushed and released: ${i(e.events,`relay movement`)}`;case`watched`:return`${e.signal} ${e.on?`added to`:`taken off`} the timing diagram`;case`loaded`:return`${e.circuit} on the bench (${i(e.nodes,`node`)}), every value unknown`}}value(e){return t`<span class="v" style="background:${p(e)}" title=${l[String(e)]}>${d(e)}</span>`}set(e,t){this.act({type:`set`,input:e,value:t,run:!this.stepMode})}watched(e){return this.view?.watched.some(t=>t.name===e)??!1}toggleWatch(e){this.act({type:`watch`,signal:e,on:!this.watched(e)})}async upload(e){let t=e.target,n=t.files?.[0];if(!n)return;if(this.uploadError=``,n.size>s){this.uploadError=`${n.name}: ${i(n.size,`byte`)}; the museum takes uploads up to ${i(s,`byte`)} (c7552 and friends are in the circuit list).`,t.value=``;return}let r=await n.text();await this.act({type:`upload`,name:n.name,text:r}),t.value=``}latchPanel(e){let n=t=>e.inputs.find(e=>e.name===t),r=t=>e.outputs.find(e=>e.name===t);return t`<div class="panel" data-latch>
      ${[`R`,`S`].map(e=>{let r=n(e);return t`<div><div>${e===`R`?`Reset`:`Set`} ${this.value(r.value)}</div>
          <div class="row">${m.map(([n,i,a])=>t`<button data-button=${`${e}=${i}`}
            class=${n===`1`&&r.value===1||n===`0`&&r.value===-1||n===`x`&&r.value===0?`pressed`:``}
            aria-pressed=${n===`1`&&r.value===1||n===`0`&&r.value===-1||n===`x`&&r.value===0?`true`:`false`}
            title="${e} := ${i}, ${a}"
            @click=${()=>this.set(e,n)}>${e} = ${i} <small>${a}</small></button>`)}</div></div>`})}
      <div class="lamps">${[`Q`,`Q̄`].map(e=>{let n=r(e);return t`<span data-lamp=${e}><lm-lamp label=${e} state=${f(n.value)} .on=${n.value===1} color="#ffcc33"></lm-lamp></span>`})}</div>
    </div>`}squaresPanel(e){return t`<div class="panel" data-squares>
      <div class="row">${e.inputs.map(e=>t`<button data-push=${e.name} @click=${()=>this.act({type:`push`,button:e.name})}>${e.name}</button>`)}</div>
      <div class="lamps">${e.outputs.map(e=>t`<span data-lamp=${e.name}><lm-lamp label=${e.name} state=${f(e.value)} .on=${e.value===1} color=${e.name.startsWith(`X`)?`#ff6b5e`:`#7fb2ff`}></lm-lamp></span>`)}</div>
    </div>
    <h3>Relays (armatures: 1 operated, 0 released, x unknown) — click one for the timing diagram</h3>
    <div class="pins">${e.relays.map(e=>t`<span class="pin" data-relay=${e.name} @click=${()=>this.toggleWatch(e.name)} style="cursor:pointer">
      ${e.name} ${this.value(e.state)}${this.watched(e.name)?` (watched)`:``}</span>`)}</div>
    <p><small>Two squares of a relay noughts-and-crosses input latch: a square's button works only on its
      player's turn and only while the square is free; the T relay changes turn; RESET breaks the latch bus.</small></p>`}compactGraph(e){return t`<div class="compact"><canvas data-graph-compact role="img"
        aria-label="the circuit ${e.circuit} as a levelled graph, ${e.node_count} nodes in ${e.depth+1} levels"
        @click=${e=>this.compactClick(e)}></canvas></div>
      <p><small>${i(e.node_count,`node`)} in ${i(e.depth+1,`level`)} (inputs left): each bar is a node, coloured by its value
        (green 1 true, red 0 false, grey x unknown; the inputs and outputs below carry the labels). Click a bar: an
        input cycles x (unknown) → 0 → 1 → x, any other node joins the timing diagram.</small></p>`}compactClick(e){let t=e.target,n=t.getBoundingClientRect(),r=(e.clientX-n.left)*t.width/n.width,i=(e.clientY-n.top)*t.height/n.height,a=null,o=64;for(let e of this.compactAt){let t=(e.x-r)**2+(e.y-i)**2;t<o&&(o=t,a=e.node)}a&&(a.role===`input`?this.set(a.name,h(a.value)):this.toggleWatch(a.name))}drawCompact(){let e=this.renderRoot.querySelector(`canvas[data-graph-compact]`),t=this.view?.graph;if(!e||!t)return;let n=new Map,r=Array(t.length);for(let e of t){let t=n.get(e.level)??0;n.set(e.level,t+1),r[e.id]={x:6+e.level*16,y:6+t*5,node:e}}let i=12+Math.max(...n.values())*5;e.width=12+(this.view.depth+1)*16,e.height=i;let a=e.getContext(`2d`);if(a){a.fillStyle=`#fffdf8`,a.fillRect(0,0,e.width,e.height),a.globalAlpha=.18,a.lineWidth=.6;for(let e of t)for(let t of e.fanin){let n=r[t],i=r[e.id];a.strokeStyle=p(n.node.value),a.beginPath(),a.moveTo(n.x+8,n.y+1.5),a.lineTo(i.x,i.y+1.5),a.stroke()}a.globalAlpha=1;for(let e of r)a.fillStyle=p(e.node.value),a.fillRect(e.x,e.y,8,3),this.watched(e.node.name)&&(a.strokeStyle=`#1d1b18`,a.strokeRect(e.x-1,e.y-1,10,5));this.compactAt=r.map(e=>({x:e.x+4,y:e.y+1.5,node:e.node}))}}graph(n){let r=n.graph;if(r.length>400)return this.compactGraph(n);let i=new Map;for(let e of r)i.has(e.level)||i.set(e.level,[]),i.get(e.level).push(e);let a=new Map,o=1;for(let[e,t]of i)o=Math.max(o,t.length),t.forEach((t,n)=>a.set(t.id,[14+e*118,14+n*46]));let s=28+(n.depth+1)*118-26,c=28+o*46-14,f=r.flatMap(t=>t.fanin.map((n,i)=>{let[o,s]=a.get(n),[c,l]=a.get(t.id),u=r[n],d=o+92,f=s+16,m=c,h=l+8+i*16/Math.max(1,t.fanin.length-1),g=c<=o?`M${d} ${f} C${d+40} ${f+60}, ${m-40} ${h+60}, ${m} ${h}`:`M${d} ${f} C${(d+m)/2} ${f}, ${(d+m)/2} ${h}, ${m} ${h}`;return e`<path d=${g} fill="none" stroke=${p(u.value)} stroke-width="2" opacity="0.85"/>`})),m=r.map(t=>{let[n,r]=a.get(t.id),i=t.role===`input`,o=`${t.name}: ${t.gate??t.role}, value ${d(t.value)} (${l[String(t.value)]})${i?` — click to change`:` — click to watch`}`;return e`<g class="node" data-node=${t.name} transform="translate(${n} ${r})"
          @click=${()=>i?this.set(t.name,h(t.value)):this.toggleWatch(t.name)}>
        <title>${o}</title>
        <rect width=${92} height=${32} rx=${t.role===`lamp`?16:4} fill="#fffdf8"
          stroke=${p(t.value)} stroke-width=${this.watched(t.name)?4:2} stroke-dasharray=${t.output?``:i?`5 2`:``}/>
        <text x="6" y="13">${t.name.length>9?`${t.name.slice(0,8)}…`:t.name}</text>
        <text x="6" y="27" fill="#5b5346">${t.gate??t.role}</text>
        <rect x=${62} y="8" width="26" height="16" rx="3" fill=${p(t.value)}/>
        <text x=${75} y="20" text-anchor="middle" fill="#fff" data-value>${d(t.value)}</text>
      </g>`});return t`<svg class="graph" data-graph viewBox="0 0 ${s} ${c}" role="img"
        aria-label="the circuit ${n.circuit} as a levelled graph">${f}${m}</svg>
      <p><small>Columns are levels (inputs left). Each value is coloured and labelled: <span class="v" style="background:${u[1]}">1</span> true,
        <span class="v" style="background:${u[-1]}">0</span> false, <span class="v" style="background:${u[0]}">x</span> unknown.
        Click an input to cycle x (unknown) → 0 → 1 → x; click any other node to add it to the timing diagram.</small></p>`}pins(e){return t`<h3>Inputs (click to cycle x → 0 → 1 → x)</h3>
      <div class="pins" data-inputs>${e.inputs.map(e=>t`<span class="pin"><button data-input=${e.name}
        @click=${()=>this.set(e.name,h(e.value))}>${e.name}</button>${this.value(e.value)}</span>`)}</div>
      <h3>Outputs (click to watch)</h3>
      <div class="pins" data-outputs>${e.outputs.map(e=>t`<span class="pin" data-output=${e.name}
        @click=${()=>this.toggleWatch(e.name)} style="cursor:pointer">${e.name} ${this.value(e.value)}${this.watched(e.name)?` (watched)`:``}</span>`)}</div>`}timing(n){if(!n.watched.length)return t`<p data-timing><small>No signals watched: click a node or an output to add it.</small></p>`;let i=Math.min(...n.watched.map(e=>e.samples[0]?.[0]??n.time)),a=Math.max(n.time,i+1),o=e=>70+(e-i)/(a-i)*478,s=8+n.watched.length*34+28,c=(e,t)=>8+t*34+(e===1?4:e===-1?24:14),l=n.watched.map((t,n)=>{let i=``,s=t.samples;s.forEach(([e,t],r)=>{let l=r+1<s.length?s[r+1][0]:a;i+=`${r?`L`:`M`}${o(e)} ${c(t,n)} L${o(l)} ${c(t,n)} `});let l=s.map(([t,i],c)=>i===0?e`<rect x=${o(t)} y=${8+n*34+6} width=${Math.max(1,o(c+1<s.length?s[c+1][0]:a)-o(t))} height="16" fill="url(#hatch)"/>`:r),u=s[s.length-1]?.[1]??0;return e`<g data-trace=${t.name}><text x="4" y=${8+n*34+18}>${t.name.length>8?`${t.name.slice(0,7)}…`:t.name}</text>
        ${l}<path d=${i} fill="none" stroke=${p(u)} stroke-width="2"/></g>`}),u=[],d=Math.max(1,Math.ceil((a-i)/8));for(let e=i;e<=a;e+=d)u.push(e);let f=8+n.watched.length*34+4;return t`<svg class="graph" data-timing viewBox="0 0 ${560} ${s}" role="img" aria-label="timing diagram">
      <defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <line x1="0" y1="0" x2="0" y2="6" stroke="#8a7d66" stroke-width="2"/></pattern></defs>
      ${l}
      <line x1=${70} x2=${548} y1=${f} y2=${f} stroke="#5b5346"/>
      ${u.map(t=>e`<line x1=${o(t)} x2=${o(t)} y1=${f} y2=${f+4} stroke="#5b5346"/><text x=${o(t)} y=${f+15} text-anchor="middle">${t}</text>`)}
      <text x=${548} y=${f+26} text-anchor="end" fill="#5b5346">time (events shown)</text>
    </svg>
    <p><small>High 1 (true), low 0 (false), hatched x (unknown). Click a watched node again to take it off.</small></p>`}events(e){return t`<ol class="events" data-events>
      ${e.log.slice(-40).map(e=>t`<li data-seq=${e.seq}>t=${e.time} ${e.text}</li>`)}
      ${e.next.map((e,n)=>t`<li class="next ${n===0?`first`:``}" data-next>${n===0?`next: `:``}${e.text}</li>`)}
      ${e.pending>e.next.length?t`<li class="next">… ${e.pending-e.next.length} more</li>`:r}
    </ol>`}render(){let e=this.view;if(!e)return t``;let a=e.circuit===`squares`,o=e.library.includes(e.circuit)?e.library:[e.circuit,...e.library];return t`
      <div>
        <div class="row">
          <label>Circuit <select data-setting="circuit" @change=${e=>this.restart({circuit:e.target.value})}>
            ${o.map(n=>t`<option value=${n} ?selected=${n===e.circuit}>${n}</option>`)}</select></label>
          <label>or upload a .bench <input type="file" accept=".bench,text/plain" data-upload @change=${e=>this.upload(e)}></label>
          <button data-action="clear" title="the same circuit, every value unknown again" @click=${()=>this.act({type:`reset`})}>Clear</button>
        </div>
        ${this.uploadError?t`<p class="err" data-upload-error>${this.uploadError}</p>`:r}
        <p data-summary><b>${e.circuit}</b>: ${a?i(e.relays.length,`relay`):`${i(e.node_count,`node`)}, ${i(e.gate_count,`gate`)}, ${i(e.depth+1,`level`)}`}</p>
        ${e.oscillation?t`<p class="osc" data-oscillation>Warning: ${e.oscillation.text}</p>`:r}
        ${e.circuit===`latch`?this.latchPanel(e):r}
        ${a?this.squaresPanel(e):e.graph?this.graph(e):t`<p data-too-big><small>${i(e.node_count,`node`)} are more than
          the bench draws (4,000); the circuit is simulated whole — set its inputs and watch its outputs below.</small></p>`}
        ${a?r:this.pins(e)}
      </div>
      <div>
        <h3>Propagation, event by event</h3>
        ${a?r:t`<div class="row">
          <label><input type="checkbox" data-setting="step-mode" .checked=${this.stepMode}
            @change=${e=>{this.stepMode=e.target.checked}}> show each event (step mode)</label>
          <button data-action="step" ?disabled=${!e.pending} @click=${()=>this.act({type:`step`})}>${n.step}Step</button>
          <button data-action="run" ?disabled=${!e.pending} @click=${()=>this.act({type:`run`})}>${n.run}Run</button>
          <span data-pending>${e.pending} pending · t=${e.time}</span></div>`}
        ${e.unrecorded?t`<p><small>A change caused more events than the bench records; it was run at once.</small></p>`:r}
        ${this.events(e)}
        <h3>Timing diagram</h3>
        ${this.timing(e)}
      </div>`}};customElements.define(`lm-exhibit-logic`,g);export{g as LogicExhibit};