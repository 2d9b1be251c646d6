import{S as e,w as t,y as n}from"./index.js";var r=class extends n{static{this.properties={label:{type:String},on:{type:Boolean,reflect:!0},color:{type:String},state:{type:String,reflect:!0}}}constructor(){super(),this.label=``,this.on=!1,this.color=`#e0a100`,this.state=``}static{this.styles=t`
    :host { display: inline-flex; align-items: center; gap: 0.35rem; font-size: 0.9rem; }
    .bulb { width: 1.1rem; height: 1.1rem; border-radius: 50%; border: 2px solid #5b5346; background: #3a352d; }
    .state { font-size: 0.75rem; color: var(--lamp-state, #5b5346); }
  `}render(){return e`<span class="bulb" style=${this.on?`background:${this.color};box-shadow:0 0 8px ${this.color}`:``}></span>
      <span>${this.label}</span><span class="state">${this.state||(this.on?`on`:`off`)}</span>`}};customElements.define(`lm-lamp`,r);