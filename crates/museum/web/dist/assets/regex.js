import{C as e,S as t,a as n,b as r,o as i,w as a}from"./index.js";import{t as o}from"./exhibit.js";import"./lm-run-control.js";var s=[[`small-hexagon`,`Honeycomb: a hexagon of side 2`],[`two-by-two`,`Two by two`],[`echo`,`Echo: backreferences, two clues a line`],[`mit-2013-hexagon`,`A Regular Crossword (MIT Mystery Hunt 2013)`]],c=61440,l={satisfied:`satisfied`,broken:`broken`,open:`open`};function u(e,t){let n=e.shape.kind===`hexagon`,r=40/Math.sqrt(3),i=Math.max(...e.row_lengths),a=[];e.row_lengths.forEach((e,t)=>{for(let o=0;o<e;o++)a.push(n?{cx:(o+(i-e)/2)*40+20,cy:t*1.5*r+r,row:t+1,col:o+1}:{cx:o*40+20,cy:t*40+20,row:t+1,col:o+1})});let o={across:[1,0],down:[0,1],nw:[-.5,-Math.sqrt(3)/2],sw:[-.5,Math.sqrt(3)/2]},s=Math.min(...a.map(e=>e.cx))-40,c=Math.max(...a.map(e=>e.cx))+40,l=Math.min(...a.map(e=>e.cy))-40,u=Math.max(...a.map(e=>e.cy))+40,d=[];return t&&e.clues.forEach((e,t)=>{let[n,r]=o[e.direction],i=a[e.cells[0]],f=a[e.cells[e.cells.length-1]],p=e.nth===0?i:f,m=e.nth===0?-1:1,h=24.8+(e.nth>1?(e.nth-1)*.9*40:0),g=m*n,_=m*r,v=p.cx+g*h,y=p.cy+_*h,b=Math.atan2(_,g)*180/Math.PI,x=`start`;g<-.01&&(b+=180,x=`end`),d.push({x:v,y,rotate:b,anchor:x,clue:t});let S=e.clue.length*12*.62;for(let[e,t]of[[v,y],[v+g*S,y+_*S]])s=Math.min(s,e-12),c=Math.max(c,e+12),l=Math.min(l,t-12),u=Math.max(u,t+12)}),{hex:n,S:40,R:r,cells:a,labels:d,box:[s,l,c-s,u-l],font:12}}var d=class extends o{static{this.pageSettings={interval:300,labels:typeof window>`u`||window.innerWidth>=640}}static{this.properties={...o.properties,selected:{state:!0},focusClue:{state:!0},uploadError:{state:!0}}}constructor(){super(),this.queue=Promise.resolve(),this.selected=0,this.focusClue=-1,this.uploadError=null}static{this.styles=a`
    /* Nothing wider than the screen: long choices shrink, labels wrap. */
    select { max-width: 100%; min-width: 0; }
    label { max-width: 100%; }
    fieldset { min-width: 0; }
    :host { display: block; }
    .top { display: flex; flex-wrap: wrap; gap: 0.6rem 1.2rem; align-items: center; margin-bottom: 0.6rem; }
    label { display: inline-flex; gap: 0.4rem; align-items: center; flex-wrap: wrap; }
    select, button, input { font-size: 0.95rem; padding: 0.3rem 0.55rem; border-radius: 6px; border: 1px solid #8a7d66;
      background: #fffdf8; color: #1d1b18; }
    button { cursor: pointer; display: inline-flex; align-items: center; }
    button[disabled] { cursor: default; color: #6b6253; }
    .unique { margin: 0.3rem 0 0.6rem; font-weight: 600; }
    .layout { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1rem 1.5rem; align-items: start; }
    @media (max-width: 60rem) { .layout { grid-template-columns: minmax(0, 1fr); } }
    .board { min-width: 0; }
    svg.grid { width: 100%; height: auto; max-height: 80vh; display: block; background: #fffdf8;
      border: 1px solid #cbbfa8; border-radius: 8px; touch-action: manipulation; }
    .cell { cursor: pointer; }
    .cell polygon, .cell rect { fill: #fffdf8; stroke: #8a7d66; stroke-width: 1.2; }
    .cell.on-line polygon, .cell.on-line rect { fill: #eef3f9; }
    .cell.narrowed polygon, .cell.narrowed rect { fill: #fff1c2; }
    .cell.sel polygon, .cell.sel rect { stroke: #2b5d8a; stroke-width: 3.2; }
    .cell:focus { outline: none; }
    .cell:focus-visible polygon, .cell:focus-visible rect { stroke: #2b5d8a; stroke-width: 4; }
    .letter { font: 700 20px ui-monospace, "DejaVu Sans Mono", monospace; fill: #1d1b18; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
    .letter.deduced { fill: #1f5fa8; }
    .letter.hint, .letter.revealed { fill: #5b3f8a; }
    .cand { font: 9px ui-monospace, "DejaVu Sans Mono", monospace; fill: #5b5346; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
    .clue-label { font: 12px ui-monospace, "DejaVu Sans Mono", monospace; dominant-baseline: central; cursor: pointer; }
    .clue-label.open { fill: #3a342b; }
    .clue-label.satisfied { fill: #1b5e20; font-weight: 700; }
    .clue-label.broken { fill: #b3261e; font-weight: 700; text-decoration: underline; }
    .clue-label.hot { fill: #2b5d8a; font-weight: 700; }
    .typing { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.5rem 0; }
    .typing input { width: 2.6rem; text-align: center; text-transform: uppercase; font-weight: 700; }
    .buttons { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0.5rem 0; }
    .step { background: #fffdf8; border: 1px solid #cbbfa8; border-radius: 8px; padding: 0.5rem 0.8rem; min-height: 4.2rem; overflow-wrap: anywhere; }
    .step code, .clues code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
    .broken-list { color: #8a1c12; font-weight: 600; min-height: 1.3rem; overflow-wrap: anywhere; }
    .solved { color: #1b5e20; font-weight: 700; font-size: 1.1rem; }
    .clues { list-style: none; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 2px; }
    .clues li { display: grid; grid-template-columns: 5.2rem 5.6rem minmax(0, 1fr); gap: 0.4rem; align-items: baseline;
      padding: 2px 4px; border-radius: 4px; cursor: pointer; }
    .clues li.hot { background: #eef3f9; }
    .badge { display: inline-block; text-align: center; border-radius: 4px; font-size: 0.8rem; font-weight: 700; padding: 0 0.3rem; }
    .badge.satisfied { background: #1b5e20; color: #fff; }
    .badge.broken { background: #b3261e; color: #fff; }
    .badge.open { background: #e6dfd0; color: #1d1b18; }
    .line { color: #5b5346; font-size: 0.85rem; }
    h3 { font-size: 1.05rem; margin: 0.8rem 0 0.3rem; }
    .err { color: #8a1c12; font-weight: 600; overflow-wrap: anywhere; }
    pre.excerpt { background: #fffdf8; border: 1px solid #cbbfa8; padding: 0.4rem 0.6rem; overflow-x: auto; margin: 0.3rem 0; }
    small { color: #5b5346; }
    .src, .unique { overflow-wrap: anywhere; }
  `}describe(e){switch(e.type){case`cell`:return`row ${e.row} cell ${e.col}: ${e.letter??`emptied`}`;case`clue`:return`${e.name} /${e.clue}/ is now ${l[e.status]}`;case`hint`:return`hint: row ${e.row} cell ${e.col} must be ${e.letter} (${e.because.join(`, `)})`;case`deduced`:return`step ${e.step} of ${e.of}: ${e.clue} /${e.regex}/ ${e.cells.map(e=>`rules out ${e.removed} at row ${e.row} cell ${e.col}, left ${e.left}`).join(`; `)}`;case`deductions_done`:return e.open_cells?`the deduction log is at its end: ${i(e.open_cells,`cell`)} still open (the solver would guess)`:`the deduction log is at its end: propagation alone filled every cell`;case`loaded`:return`loaded ${e.title??`a puzzle`}: ${i(e.cells,`cell`)}, ${i(e.clues,`clue`)}`;case`solved`:return`solved: every clue matches`}}rowCol(e){let t=this.view,n=e;for(let e=0;e<t.row_lengths.length;e++){if(n<t.row_lengths[e])return[e+1,n+1];n-=t.row_lengths[e]}return[1,1]}type(e){let t=this.view;if(!t)return;let n=this.selected,[r,i]=this.rowCol(n);n+1<t.cells.length&&this.select(n+1),this.queue=this.queue.then(async()=>{await this.act({type:`set`,row:r,col:i,letter:e})||this.select(n)})}erase(e){let t=this.view;if(!t)return;let n=this.selected;e&&!t.cells[n]&&n>0&&this.select(--n);let[r,i]=this.rowCol(n);this.queue=this.queue.then(()=>this.act({type:`clear`,row:r,col:i}))}select(e,t=!0){let n=this.view;n&&(this.selected=Math.max(0,Math.min(n.cells.length-1,e)),t&&this.updateComplete.then(()=>this.renderRoot.querySelector(`[data-cell="${this.selected}"]`)?.focus()))}move(e){let t=this.view,[n,r]=this.rowCol(this.selected);if(e===`ArrowLeft`&&r>1)this.select(this.selected-1);else if(e===`ArrowRight`&&r<t.row_lengths[n-1])this.select(this.selected+1);else if(e===`ArrowUp`||e===`ArrowDown`){let r=n+(e===`ArrowUp`?-1:1);if(r<1||r>t.row_lengths.length)return;let i=u(t,!1),a=i.cells[this.selected],o=-1,s=1/0;i.cells.forEach((e,t)=>{e.row===r&&Math.abs(e.cx-a.cx)<s&&(s=Math.abs(e.cx-a.cx),o=t)}),o>=0&&this.select(o)}}onKey(e){e.ctrlKey||e.metaKey||e.altKey||(e.key.startsWith(`Arrow`)?(e.preventDefault(),this.move(e.key)):e.key===`Backspace`?(e.preventDefault(),this.erase(!0)):e.key===`Delete`||e.key===` `?(e.preventDefault(),this.erase(!1)):e.key.length===1&&e.key!==` `&&(e.preventDefault(),this.type(e.key)))}async upload(e){let t=e.target,n=t.files?.[0];if(t.value=``,!n)return;if(this.uploadError=null,n.size>c){this.uploadError={name:n.name,message:`${n.name}: ${i(n.size,`byte`)}; puzzle files up to ${i(c,`byte`)} are taken.`};return}let r=await n.text(),a=await this.attempt({type:`load`,name:n.name,text:r});if(a.error){let e=a.error.match(/line (\d+), column (\d+)/);this.uploadError=e?{name:n.name,message:a.error,line:Number(e[1]),column:Number(e[2]),text:r.split(/\r?\n/)[Number(e[1])-1]??``}:{name:n.name,message:a.error},this.say(`${n.name} was not loaded: see the mistake below the puzzle's controls.`,`error`)}else this.selected=0,this.say(`${n.name} loaded.`)}pick(e){this.uploadError=null,this.selected=0,this.restart({puzzle:e})}clueOfCell(e){return this.view.clues[e].cells.includes(this.selected)}drawGrid(n){let a=u(n,!!this.pageValues.labels),o=n.deductions.last,s=new Set(o?.cells.map(e=>e.cell)??[]),c=this.focusClue>=0?this.focusClue:-1,d=new Set(c>=0?n.clues[c]?.cells??[]:[]),f=o?n.clues.findIndex(e=>e.name===o.clue):-1,p=(e,t)=>{let n=[];for(let r=0;r<6;r++){let i=(60*r-90)*Math.PI/180;n.push(`${(e+a.R*Math.cos(i)).toFixed(2)},${(t+a.R*Math.sin(i)).toFixed(2)}`)}return n.join(` `)},[m,h,g,_]=a.box;return t`<svg class="grid" viewBox="${m} ${h} ${g} ${_}" role="group" style="max-width:${Math.round(g*1.25)}px"
        aria-label="the ${n.shape.kind===`hexagon`?`hexagonal`:`rectangular`} grid: ${i(n.cells.length,`cell`)}; select a cell and type a letter"
        @keydown=${e=>this.onKey(e)}>
      ${a.labels.map(t=>{let r=n.clues[t.clue],i=t.clue===c||t.clue===f;return e`<text class="clue-label ${r.status} ${i?`hot`:``}" data-clue-label=${r.name}
          x=${t.x.toFixed(1)} y=${t.y.toFixed(1)} text-anchor=${t.anchor}
          transform="rotate(${t.rotate.toFixed(1)} ${t.x.toFixed(1)} ${t.y.toFixed(1)})"
          @click=${()=>{this.focusClue=t.clue}}><title>${r.name}: ${l[r.status]}</title>${r.clue}</text>`})}
      ${a.cells.map((t,i)=>{let o=n.cells[i],c=o?null:n.candidates[i],l=`cell ${i===this.selected?`sel`:``} ${s.has(i)?`narrowed`:``} ${d.has(i)?`on-line`:``}`,u=`row ${t.row} cell ${t.col}: ${o??`empty`}${n.fillers[i]&&n.fillers[i]!==`typed`?` (${n.fillers[i]})`:``}${c?`, may be ${c}`:``}`;return e`<g class=${l} data-cell=${i} data-row=${t.row} data-col=${t.col} role="button" aria-label=${u}
            tabindex=${i===this.selected?0:-1}
            @click=${()=>this.select(i)} @focus=${()=>{this.selected=i}}>
          ${a.hex?e`<polygon points=${p(t.cx,t.cy)}/>`:e`<rect x=${t.cx-a.S/2} y=${t.cy-a.S/2} width=${a.S} height=${a.S}/>`}
          ${o?e`<text class="letter ${n.fillers[i]??``}" x=${t.cx} y=${t.cy+1}>${o}</text>`:r}
          ${c?e`<text class="cand" x=${t.cx} y=${t.cy}>${c.length>5?c.slice(0,4)+`…`:c}</text>`:r}
        </g>`})}
    </svg>`}stepPanel(e){let n=e.deductions.last,a=e.deductions;return n?t`<div class="step" data-step>
      <div><b>Step <span data-step-number>${n.step}</span> of ${n.of}</b>: <b>${n.clue}</b> <code>/${n.regex}/</code></div>
      <ul>${n.cells.map(e=>t`<li>row ${e.row} cell ${e.col}: rules out <code>${e.removed}</code>, left <code>${e.left}</code></li>`)}</ul>
      ${a.total!==null&&a.done>=a.total?t`<div data-log-end><b>The log is at its end.</b> ${e.filled===e.cells.length?`Every cell is filled.`:`${e.cells.length-e.filled===1?`1 cell is`:`${i(e.cells.length-e.filled,`cell`)} are`} still open: the solver would have to guess; Solve searches.`}</div>`:r}
    </div>`:t`<div class="step" data-step><b>The solver's deductions.</b> Each step is one clue ruling out the letters
        that no matching line can put in its cells. ${e.uniqueness.propagation_alone?`On this puzzle the steps alone fill every cell.`:`On this puzzle the steps stop before the grid is full; Solve searches for the rest.`}</div>`}clueList(e){let n=e.shape.kind===`hexagon`?[`across`,`nw`,`sw`]:[`across`,`down`],i={across:e.shape.kind===`hexagon`?`Across (rows, west to east)`:`Across (rows, left to right)`,down:`Down (columns, top to bottom)`,nw:`NW (read upwards, south-east to north-west)`,sw:`SW (read downwards, north-east to south-west)`};return n.map(n=>t`<h3>${i[n]}</h3><ul class="clues" data-clues=${n}>
      ${e.clues.map((e,i)=>e.direction===n?t`<li class=${i===this.focusClue||this.clueOfCell(i)?`hot`:``}
          data-clue=${e.name} data-status=${e.status}
          @mouseenter=${()=>{this.focusClue=i}} @click=${()=>{this.focusClue=i,this.select(e.cells[0])}}>
        <span>${e.name}</span>
        <span class="badge ${e.status}">${l[e.status]}</span>
        <span><code>/${e.clue}/</code> <span class="line">${e.line}</span></span></li>`:r)}
    </ul>`)}render(){let e=this.view;if(!e)return t``;let i=e.clues.filter(e=>e.status===`broken`),a=s.find(([t])=>t===e.config.puzzle)?.[0]??``,[o,c]=this.rowCol(this.selected),l=e.deductions,u=l.total!==null&&l.done>=l.total;return t`
      <div class="top">
        <label>Puzzle <select data-setting="puzzle" @change=${e=>this.pick(e.target.value)}>
          ${a?r:t`<option value="" selected>${e.title??`an uploaded puzzle`}</option>`}
          ${s.map(([e,n])=>t`<option value=${e} ?selected=${e===a}>${n}</option>`)}
        </select></label>
        <label>${n.upload}Upload a puzzle file <input type="file" accept=".txt,text/plain" data-upload @change=${e=>this.upload(e)}></label>
        <label><input type="checkbox" data-setting="labels" .checked=${!!this.pageValues.labels}
          @change=${e=>this.setSetting(`labels`,e.target.checked)}> clues on the grid</label>
      </div>
      ${this.uploadError?t`<div class="err" data-upload-error>${this.uploadError.message}
        ${this.uploadError.line?t`<pre class="excerpt" data-excerpt>${this.uploadError.line} | ${this.uploadError.text}
${` `.repeat(String(this.uploadError.line).length+3+Math.max(0,(this.uploadError.column??1)-1))}^ column ${this.uploadError.column}</pre>`:r}</div>`:r}
      <p class="unique" data-uniqueness>${e.title?t`<i>${e.title}</i>: `:r}${e.uniqueness.statement}</p>
      ${e.source?t`<p class="src"><small>Source: ${e.source}</small></p>`:r}
      <div class="layout">
        <div class="board">
          ${this.drawGrid(e)}
          <div class="typing">
            <span>Selected: <b data-selected>row ${o}, cell ${c}</b></span>
            <label>letter <input data-letter maxlength="1" autocomplete="off" autocapitalize="characters" aria-label="letter for the selected cell"
              .value=${e.cells[this.selected]??``}
              @keydown=${e=>{(e.key.startsWith(`Arrow`)||e.key===`Backspace`)&&this.onKey(e)}}
              @input=${e=>{let t=e.target,n=t.value.slice(-1);t.value=``,n&&this.type(n)}}></label>
            <small>Click a cell and type; arrows move, Backspace clears. Alphabet: <span data-alphabet>${e.alphabet.replace(/(\w)-(\w)/g,`$1–$2`)}</span>.</small>
          </div>
          <p class="broken-list" data-broken aria-live="polite">${i.length?`Broken: ${i.map(e=>`${e.name} /${e.clue}/ (its line reads ${e.line})`).join(`; `)}`:``}</p>
          ${e.solved?t`<p class="solved" data-solved>Solved: every clue matches.</p>`:r}
        </div>
        <div class="side">
          <h3>Solve it the solver's way</h3>
          <lm-run-control .running=${this.running} .interval=${Number(this.pageValues.interval)||300}
            .disabled=${u||e.solved} .reason=${e.solved?`solved`:u?`the deduction log is at its end`:``}
            @run=${e=>{this.setSetting(`interval`,e.detail.interval),this.autoplay({type:`deduce`},e.detail.interval)}}
            @speed=${e=>{this.setSetting(`interval`,e.detail.interval),this.autoplay({type:`deduce`},e.detail.interval)}}
            @pause=${()=>this.stop()}
            @step=${()=>this.act({type:`deduce`})}></lm-run-control>
          <div class="buttons">
            <button data-action="deduce" ?disabled=${u||e.solved||this.running} @click=${()=>this.act({type:`deduce`})}>Next deduction</button>
            <button data-action="hint" ?disabled=${e.solved} @click=${()=>this.act({type:`hint`})}>Hint: one forced cell</button>
            <button data-action="solve" ?disabled=${e.solved} @click=${()=>this.act({type:`reveal`})}>Solve</button>
            <button data-action="clear" @click=${()=>this.act({type:`reset`})}>Clear the grid</button>
          </div>
          ${this.stepPanel(e)}
          ${this.clueList(e)}
        </div>
      </div>`}};customElements.define(`lm-exhibit-regex`,d);export{d as RegexExhibit};