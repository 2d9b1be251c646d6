import{b as e,g as t,p as n,x as r,y as i}from"./index.js";function a(e,t=5){if(e<=0)return[0];let n=e/t,r=10**Math.floor(Math.log10(n)),i=Math.max(1,[1,2,5,10].map(e=>e*r).find(e=>e>=n)??n),a=[];for(let t=0;a.push(Math.round(t*1e6)/1e6),!(t>=e-i*1e-9);t+=i);return a}var o=class extends t{static{this.properties={series:{attribute:!1},xLabel:{type:String},yLabel:{type:String},caption:{type:String}}}constructor(){super(),this.series=[],this.xLabel=``,this.yLabel=``,this.caption=``}static{this.styles=r`
    svg { width: 100%; max-width: 34rem; height: auto; background: #fffdf8; border: 1px solid #d8cdb8; border-radius: 6px; }
    text { font: 11px system-ui, sans-serif; fill: #3a342b; }
    .title { font-weight: 600; font-size: 12px; }
  `}render(){let t=this.series.flatMap(e=>e.points),r=Math.max(1,...t.map(e=>e[0])),o=Math.max(1,...t.map(e=>e[1])),s=a(r),c=a(o),l=s[s.length-1],u=c[c.length-1],d=e=>56+430*e/l,f=e=>216-188*e/u;return i`<svg viewBox="0 0 ${520} ${260}" role="img" aria-label=${this.caption}>
      <text class="title" x=${56} y="16">${this.caption}</text>
      ${c.map(t=>e`<line x1=${56} x2=${486} y1=${f(t)} y2=${f(t)} stroke="#eee4d2"/>
        <line x1=${52} x2=${56} y1=${f(t)} y2=${f(t)} stroke="#3a342b"/>
        <text x=${49} y=${f(t)+4} text-anchor="end">${n(t)}</text>`)}
      ${s.map(t=>e`<line x1=${d(t)} x2=${d(t)} y1=${216} y2=${220} stroke="#3a342b"/>
        <text x=${d(t)} y=${232} text-anchor="middle" data-tick="x">${n(t)}</text>`)}
      <line x1=${56} x2=${56} y1=${28} y2=${216} stroke="#3a342b"/>
      <line x1=${56} x2=${486} y1=${216} y2=${216} stroke="#3a342b"/>
      <text x=${271} y=${252} text-anchor="middle" data-axis="x">${this.xLabel}</text>
      <text x="14" y=${122} text-anchor="middle" transform="rotate(-90 14 ${122})" data-axis="y">${this.yLabel}</text>
      ${this.series.map(t=>e`<polyline fill="none" stroke=${t.color} stroke-width="2" stroke-dasharray=${t.dash??``}
        points=${t.points.map(e=>`${d(e[0]).toFixed(1)},${f(e[1]).toFixed(1)}`).join(` `)}/>`)}
      ${this.series.map((t,n)=>e`<g transform="translate(${366}, ${32+n*15})">
        <line x1="0" x2="18" y1="-4" y2="-4" stroke=${t.color} stroke-width="3" stroke-dasharray=${t.dash??``}/>
        <text x="24" y="0">${t.name}</text></g>`)}
    </svg>`}};customElements.define(`lm-menace-chart`,o);