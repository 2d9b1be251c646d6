import{C as e,v as t,x as n}from"./index.js";var r=class extends t{static{this.properties={squares:{attribute:!1},columns:{type:Number},size:{type:String}}}constructor(){super(),this.squares=[],this.columns=3,this.size=`5.5rem`}static{this.styles=e`
    .grid { display: inline-grid; gap: 6px; }
    button {
      font: 700 2.4rem/1 system-ui, sans-serif; border: 2px solid #8a7d66; border-radius: 8px;
      background: #fffdf8; color: #1d1b18; cursor: pointer; padding: 0;
    }
    button[disabled] { cursor: default; }
    button.x { color: #b3261e; }
    button.o { color: #1f5fa8; }
    button.free { color: #6b6253; font-size: 1.1rem; font-weight: 400; }
    button.playable:hover { background: #f0e6d0; }
    button.hl { background: #ffe9a8; border-color: #e0a100; box-shadow: 0 0 0 3px #e0a100 inset; }
  `}render(){return n`<div class="grid" role="group" aria-label="the board"
        style="grid-template-columns: repeat(${this.columns}, ${this.size}); grid-auto-rows: ${this.size}">
      ${this.squares.map((e,t)=>n`<button
          class="${e.mark??`free`} ${e.playable?`playable`:``} ${e.highlight?`hl`:``}"
          data-square="${t}" aria-label="${e.label}" title="${e.label}"
          ?disabled=${!e.playable}
          @click=${()=>this.dispatchEvent(new CustomEvent(`square`,{detail:{index:t},bubbles:!0,composed:!0}))}
        >${e.text}</button>`)}
    </div>`}};customElements.define(`lm-board`,r);