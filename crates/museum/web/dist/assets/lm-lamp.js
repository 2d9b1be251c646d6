import{n as e,r as t,t as n}from"./index.js";var r=class extends n{static{this.properties={view:{attribute:!1},config:{attribute:!1},happenings:{attribute:!1},running:{type:Boolean}}}constructor(){super(),this.view=void 0,this.config={},this.happenings=[],this.running=!1}act(e){return this.host?.act(e)}autoplay(e,t){return this.host?.autoplay(e,t)}stop(){return this.host?.stop()}restart(e){return this.host?.restart(e)}describe(e){return JSON.stringify(e)}},i=class extends n{static{this.properties={squares:{attribute:!1},columns:{type:Number},size:{type:String}}}constructor(){super(),this.squares=[],this.columns=3,this.size=`5.5rem`}static{this.styles=t`
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
  `}render(){return e`<div class="grid" role="grid"
        style="grid-template-columns: repeat(${this.columns}, ${this.size}); grid-auto-rows: ${this.size}">
      ${this.squares.map((t,n)=>e`<button
          class="${t.mark??`free`} ${t.playable?`playable`:``} ${t.highlight?`hl`:``}"
          data-square="${n}" aria-label="${t.label}" title="${t.label}"
          ?disabled=${!t.playable}
          @click=${()=>this.dispatchEvent(new CustomEvent(`square`,{detail:{index:n},bubbles:!0,composed:!0}))}
        >${t.text}</button>`)}
    </div>`}};customElements.define(`lm-board`,i);var a=class extends n{static{this.properties={label:{type:String},on:{type:Boolean,reflect:!0},color:{type:String}}}constructor(){super(),this.label=``,this.on=!1,this.color=`#e0a100`}static{this.styles=t`
    :host { display: inline-flex; align-items: center; gap: 0.35rem; font-size: 0.9rem; }
    .bulb { width: 1.1rem; height: 1.1rem; border-radius: 50%; border: 2px solid #5b5346; background: #3a352d; }
    .state { font-size: 0.75rem; color: #6b6253; }
  `}render(){return e`<span class="bulb" style=${this.on?`background:${this.color};box-shadow:0 0 8px ${this.color}`:``}></span>
      <span>${this.label}</span><span class="state">${this.on?`on`:`off`}</span>`}};customElements.define(`lm-lamp`,a);export{r as t};