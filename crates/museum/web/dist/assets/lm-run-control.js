import{i as e,n as t,t as n}from"./index.js";var r=class extends n{static{this.properties={view:{attribute:!1},config:{attribute:!1},happenings:{attribute:!1},running:{type:Boolean}}}constructor(){super(),this.view=void 0,this.config={},this.happenings=[],this.running=!1}act(e){return this.host?.act(e)}autoplay(e,t){return this.host?.autoplay(e,t)}stop(){return this.host?.stop()}restart(e){return this.host?.restart(e)}describe(e){return JSON.stringify(e)}},i=class extends n{static{this.properties={label:{type:String},on:{type:Boolean,reflect:!0},color:{type:String}}}constructor(){super(),this.label=``,this.on=!1,this.color=`#e0a100`}static{this.styles=e`
    :host { display: inline-flex; align-items: center; gap: 0.35rem; font-size: 0.9rem; }
    .bulb { width: 1.1rem; height: 1.1rem; border-radius: 50%; border: 2px solid #5b5346; background: #3a352d; }
    .state { font-size: 0.75rem; color: #6b6253; }
  `}render(){return t`<span class="bulb" style=${this.on?`background:${this.color};box-shadow:0 0 8px ${this.color}`:``}></span>
      <span>${this.label}</span><span class="state">${this.on?`on`:`off`}</span>`}};customElements.define(`lm-lamp`,i);var a=class extends n{static{this.properties={running:{type:Boolean},interval:{type:Number},disabled:{type:Boolean}}}constructor(){super(),this.running=!1,this.interval=500,this.disabled=!1}static{this.styles=e`
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