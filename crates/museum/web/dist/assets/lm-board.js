import{S as e,w as t,y as n}from"./index.js";var r=class extends n{static{this.properties={squares:{attribute:!1},columns:{type:Number},size:{type:String}}}constructor(){super(),this.squares=[],this.columns=3,this.size=`5.5rem`}static{this.styles=t`
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
  `}render(){return e`<div class="grid" role="group" aria-label="the board"
        style="grid-template-columns: repeat(${this.columns}, ${this.size}); grid-auto-rows: ${this.size}">
      ${this.squares.map((t,n)=>e`<button
          class="${t.mark??`free`} ${t.playable?`playable`:``} ${t.highlight?`hl`:``}"
          data-square="${n}" aria-label="${t.label}" title="${t.label}"
          ?disabled=${!t.playable}
          @click=${()=>this.dispatchEvent(new CustomEvent(`square`,{detail:{index:n},bubbles:!0,composed:!0}))}
        >${t.text}</button>`)}
    </div>`}};customElements.define(`lm-board`,r);