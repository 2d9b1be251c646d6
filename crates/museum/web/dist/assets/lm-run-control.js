import{i as e,n as t,o as n}from"./index.js";var r=class extends t{static{this.properties={running:{type:Boolean},interval:{type:Number},disabled:{type:Boolean}}}constructor(){super(),this.running=!1,this.interval=500,this.disabled=!1}static{this.styles=n`
    :host { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
    button { font-size: 1rem; padding: 0.4rem 0.9rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; cursor: pointer; }
    label { display: inline-flex; align-items: center; gap: 0.4rem; }
  `}fire(e){this.dispatchEvent(new CustomEvent(e,{detail:{interval:this.interval},bubbles:!0,composed:!0}))}render(){return e`
      ${this.running?e`<button data-action="pause" @click=${()=>this.fire(`pause`)}>❚❚ Pause</button>`:e`<button data-action="run" ?disabled=${this.disabled} @click=${()=>this.fire(`run`)}>▶ Run</button>`}
      <button data-action="step" ?disabled=${this.disabled||this.running} @click=${()=>this.fire(`step`)}>Step ›</button>
      <label>Speed
        <input type="range" min="10" max="2000" step="10" aria-label="interval between steps in milliseconds"
          .value=${String(2010-this.interval)}
          @input=${e=>{this.interval=2010-Number(e.target.value),this.running&&this.fire(`speed`)}}>
        <span>${this.interval} ms a step</span>
      </label>`}};customElements.define(`lm-run-control`,r);