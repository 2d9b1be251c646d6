import{S as e,a as t,w as n,y as r}from"./index.js";var i=class extends r{static{this.properties={running:{type:Boolean},interval:{type:Number},disabled:{type:Boolean},reason:{type:String}}}constructor(){super(),this.running=!1,this.interval=500,this.disabled=!1,this.reason=``}static{this.styles=n`
    :host { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
    button { font-size: 1rem; padding: 0.4rem 0.9rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8;
      color: #1d1b18; cursor: pointer; display: inline-grid; }
    button[disabled] { cursor: default; color: #6b6253; }
    /* Both labels in one cell: the button is as wide as the wider one, whichever shows. */
    .stack > span { grid-area: 1 / 1; display: inline-flex; align-items: center; justify-content: center; }
    .stack > span[hidden] { display: inline-flex; visibility: hidden; }
    label { display: inline-flex; align-items: center; gap: 0.4rem; flex-wrap: wrap; }
    input[type=range] { width: 9rem; max-width: 40vw; }
    .ms { display: inline-block; min-width: 7.5em; font-variant-numeric: tabular-nums; }
    .reason { color: #5b5346; font-size: 0.9rem; }
  `}fire(e){this.dispatchEvent(new CustomEvent(e,{detail:{interval:this.interval},bubbles:!0,composed:!0}))}render(){return e`
      <button class="stack" data-action=${this.running?`pause`:`run`} ?disabled=${!this.running&&this.disabled}
        @click=${()=>{this.running?(this.running=!1,this.fire(`pause`)):this.fire(`run`)}}>
        <span ?hidden=${this.running}>${t.run}Run</span>
        <span ?hidden=${!this.running}>${t.pause}Pause</span>
      </button>
      <button data-action="step" ?disabled=${this.disabled||this.running} @click=${()=>this.fire(`step`)}>
        <span>${t.step}Step</span></button>
      <label>Speed
        <input type="range" min="10" max="2000" step="10" aria-label="interval between steps in milliseconds"
          .value=${String(2010-this.interval)}
          @input=${e=>{this.interval=2010-Number(e.target.value),this.running&&this.fire(`speed`)}}>
        <span class="ms">${this.interval} ms a step</span>
      </label>
      ${this.disabled&&this.reason?e`<span class="reason" data-reason>${this.reason}</span>`:``}`}};customElements.define(`lm-run-control`,i);