import{d as e,g as t,h as n,m as r}from"./index.js";function i(e,t=5){if(e<=0)return[0];let n=e/t,r=10**Math.floor(Math.log10(n)),i=Math.max(1,[1,2,5,10].map(e=>e*r).find(e=>e>=n)??n),a=[];for(let t=0;t<=e+i*1e-9;t+=i)a.push(Math.round(t*1e6)/1e6);return a}var a=class extends e{static{this.properties={series:{attribute:!1},xLabel:{type:String},yLabel:{type:String},caption:{type:String}}}constructor(){super(),this.series=[],this.xLabel=``,this.yLabel=``,this.caption=``}static{this.styles=t`
    svg { width: 100%; max-width: 34rem; height: auto; background: #fffdf8; border: 1px solid #d8cdb8; border-radius: 6px; }
    text { font: 11px system-ui, sans-serif; fill: #3a342b; }
    .title { font-weight: 600; font-size: 12px; }
  `}render(){let e=this.series.flatMap(e=>e.points),t=Math.max(1,...e.map(e=>e[0])),a=Math.max(1,...e.map(e=>e[1])),o=i(t),s=i(a),c=o[o.length-1],l=s[s.length-1],u=e=>56+434*e/c,d=e=>216-188*e/l;return r`<svg viewBox="0 0 ${520} ${260}" role="img" aria-label=${this.caption}>
      <text class="title" x=${56} y="16">${this.caption}</text>
      ${s.map(e=>n`<line x1=${56} x2=${490} y1=${d(e)} y2=${d(e)} stroke="#eee4d2"/>
        <line x1=${52} x2=${56} y1=${d(e)} y2=${d(e)} stroke="#3a342b"/>
        <text x=${49} y=${d(e)+4} text-anchor="end">${e}</text>`)}
      ${o.map(e=>n`<line x1=${u(e)} x2=${u(e)} y1=${216} y2=${220} stroke="#3a342b"/>
        <text x=${u(e)} y=${232} text-anchor="middle">${e}</text>`)}
      <line x1=${56} x2=${56} y1=${28} y2=${216} stroke="#3a342b"/>
      <line x1=${56} x2=${490} y1=${216} y2=${216} stroke="#3a342b"/>
      <text x=${273} y=${252} text-anchor="middle" data-axis="x">${this.xLabel}</text>
      <text x="14" y=${122} text-anchor="middle" transform="rotate(-90 14 ${122})" data-axis="y">${this.yLabel}</text>
      ${this.series.map(e=>n`<polyline fill="none" stroke=${e.color} stroke-width="2" stroke-dasharray=${e.dash??``}
        points=${e.points.map(e=>`${u(e[0]).toFixed(1)},${d(e[1]).toFixed(1)}`).join(` `)}/>`)}
      ${this.series.map((e,t)=>n`<g transform="translate(${370}, ${32+t*15})">
        <line x1="0" x2="18" y1="-4" y2="-4" stroke=${e.color} stroke-width="3" stroke-dasharray=${e.dash??``}/>
        <text x="24" y="0">${e.name}</text></g>`)}
    </svg>`}};customElements.define(`lm-menace-chart`,a);var o=class extends e{static{this.properties={visit:{type:String},boxes:{type:Number},paper:{state:!0},front:{state:!0}}}constructor(){super(),this.visit=void 0,this.boxes=0,this.paper=`a4`,this.front=`15x35mm`}static{this.styles=t`
    :host { display: flex; flex-wrap: wrap; gap: 0.4rem 0.8rem; align-items: center; }
    a { font-weight: 600; color: #1f5fa8; }
    select { font-size: 0.9rem; padding: 0.15rem 0.35rem; border-radius: 6px; border: 1px solid #8a7d66; background: #fffdf8; }
    small { color: #5b5346; }
  `}href(){let e=new URLSearchParams({paper:this.paper,box:this.front});return`/api/visits/${encodeURIComponent(this.visit??``)}/kit.pdf?${e}`}render(){return this.visit?r`<a href=${this.href()} download data-action="kit">⬇ Download the kit (PDF)</a>
      <select data-setting="kit-paper" aria-label="kit paper" @change=${e=>{this.paper=e.target.value}}>
        <option value="a4" ?selected=${this.paper===`a4`}>A4</option>
        <option value="letter" ?selected=${this.paper===`letter`}>Letter</option></select>
      <select data-setting="kit-box" aria-label="matchbox front" @change=${e=>{this.front=e.target.value}}>
        <option value="15x35mm">fronts 15 × 35 mm (upright)</option>
        <option value="36x16mm">fronts 36 × 16 mm (sideways)</option>
        <option value="25x45mm">fronts 25 × 45 mm</option></select>
      <small>the ${this.boxes} matchboxes as they are now, to print, cut out and build on a table</small>`:r``}};customElements.define(`lm-kit-link`,o);