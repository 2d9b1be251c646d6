import{a as e,r as t,t as n}from"./index.js";var r=class extends n{static{this.properties={view:{attribute:!1},config:{attribute:!1},happenings:{attribute:!1},running:{type:Boolean}}}constructor(){super(),this.view=void 0,this.config={},this.happenings=[],this.running=!1}act(e){return this.host?.act(e)}autoplay(e,t){return this.host?.autoplay(e,t)}stop(){return this.host?.stop()}restart(e){return this.host?.restart(e)}describe(e){return JSON.stringify(e)}},i=class extends n{static{this.properties={squares:{attribute:!1},columns:{type:Number},size:{type:String}}}constructor(){super(),this.squares=[],this.columns=3,this.size=`5.5rem`}static{this.styles=e`
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
  `}render(){return t`<div class="grid" role="grid"
        style="grid-template-columns: repeat(${this.columns}, ${this.size}); grid-auto-rows: ${this.size}">
      ${this.squares.map((e,n)=>t`<button
          class="${e.mark??`free`} ${e.playable?`playable`:``} ${e.highlight?`hl`:``}"
          data-square="${n}" aria-label="${e.label}" title="${e.label}"
          ?disabled=${!e.playable}
          @click=${()=>this.dispatchEvent(new CustomEvent(`square`,{detail:{index:n},bubbles:!0,composed:!0}))}
        >${e.text}</button>`)}
    </div>`}};customElements.define(`lm-board`,i);var a=class extends n{static{this.properties={running:{type:Boolean},interval:{type:Number},disabled:{type:Boolean}}}constructor(){super(),this.running=!1,this.interval=500,this.disabled=!1}static{this.styles=e`
    :host { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
    button { font-size: 1rem; padding: 0.4rem 0.9rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    label { display: inline-flex; align-items: center; gap: 0.4rem; }
  `}fire(e){this.dispatchEvent(new CustomEvent(e,{detail:{interval:this.interval},bubbles:!0,composed:!0}))}render(){return t`
      ${this.running?t`<button data-action="pause" @click=${()=>this.fire(`pause`)}>❚❚ Pause</button>`:t`<button data-action="run" ?disabled=${this.disabled} @click=${()=>this.fire(`run`)}>▶ Run</button>`}
      <button data-action="step" ?disabled=${this.disabled||this.running} @click=${()=>this.fire(`step`)}>Step ›</button>
      <label>Speed
        <input type="range" min="10" max="2000" step="10" aria-label="interval between steps in milliseconds"
          .value=${String(2010-this.interval)}
          @input=${e=>{this.interval=2010-Number(e.target.value),this.running&&this.fire(`speed`)}}>
        <span>${this.interval} ms a step</span>
      </label>`}};customElements.define(`lm-run-control`,a);export{r as t};