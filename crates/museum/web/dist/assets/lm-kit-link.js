import{S as e,w as t,y as n}from"./index.js";var r=class extends n{static{this.properties={visit:{type:String},boxes:{type:Number},paper:{state:!0},front:{state:!0}}}constructor(){super(),this.visit=void 0,this.boxes=0,this.paper=`a4`,this.front=`15x35mm`}static{this.styles=t`
    :host { display: flex; flex-wrap: wrap; gap: 0.4rem 0.8rem; align-items: center; }
    a { font-weight: 600; color: #1f5fa8; }
    select { font-size: 0.9rem; padding: 0.15rem 0.35rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; }
    small { color: #5b5346; }
  `}href(){let e=new URLSearchParams({paper:this.paper,box:this.front});return`/api/visits/${encodeURIComponent(this.visit??``)}/kit.pdf?${e}`}render(){return this.visit?e`<a href=${this.href()} download data-action="kit">⬇ Download the kit (PDF)</a>
      <select data-setting="kit-paper" aria-label="kit paper" @change=${e=>{this.paper=e.target.value}}>
        <option value="a4" ?selected=${this.paper===`a4`}>A4</option>
        <option value="letter" ?selected=${this.paper===`letter`}>Letter</option></select>
      <select data-setting="kit-box" aria-label="matchbox front" @change=${e=>{this.front=e.target.value}}>
        <option value="15x35mm">fronts 15 × 35 mm (upright)</option>
        <option value="36x16mm">fronts 36 × 16 mm (sideways)</option>
        <option value="25x45mm">fronts 25 × 45 mm</option></select>
      <small>the ${this.boxes} matchboxes as they are now, to print, cut out and build on a table</small>`:e``}};customElements.define(`lm-kit-link`,r);