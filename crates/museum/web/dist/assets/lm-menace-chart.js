import{C as e,S as t,h as n,w as r,y as i}from"./index.js";function a(e,t=5){if(e<=0)return[0];let n=e/t,r=10**Math.floor(Math.log10(n)),i=Math.max(1,[1,2,5,10].map(e=>e*r).find(e=>e>=n)??n),a=[];for(let t=0;a.push(Math.round(t*1e6)/1e6),!(t>=e-i*1e-9);t+=i);return a}var o=class extends i{static{this.properties={series:{attribute:!1},xLabel:{type:String},yLabel:{type:String},caption:{type:String}}}constructor(){super(),this.series=[],this.xLabel=``,this.yLabel=``,this.caption=``}static{this.styles=r`
    svg { width: 100%; max-width: 34rem; height: auto; background: #fffdf8; border: 1px solid #d8cdb8; border-radius: 6px; }
    text { font: 11px system-ui, sans-serif; fill: #3a342b; }
    .title { font-weight: 600; font-size: 12px; }
  `}render(){let r=6.6,i=this.series.flatMap(e=>e.points),o=Math.max(1,...i.map(e=>e[0])),s=Math.max(1,...i.map(e=>e[1])),c=a(o),l=a(s),u=Math.max(...l.map(e=>n(e).length))*r,d=Math.ceil(30+u),f=c[c.length-1],p=l[l.length-1],m=e=>d+(520-d-34)*e/f,h=e=>216-188*e/p,g=d,_=this.series.map(t=>{let n=g;return g+=30+t.name.length*r,e`<g transform="translate(${n}, ${274})">
        <line x1="0" x2="18" y1="-4" y2="-4" stroke=${t.color} stroke-width="3" stroke-dasharray=${t.dash??``}/>
        <text x="24" y="0">${t.name}</text></g>`});return t`<svg viewBox="0 0 ${520} ${282}" role="img" aria-label=${this.caption}>
      <text class="title" x=${d} y="16">${this.caption}</text>
      ${l.map(t=>e`<line x1=${d} x2=${486} y1=${h(t)} y2=${h(t)} stroke="#eee4d2"/>
        <line x1=${d-4} x2=${d} y1=${h(t)} y2=${h(t)} stroke="#3a342b"/>
        <text x=${d-7} y=${h(t)+4} text-anchor="end" data-tick="y">${n(t)}</text>`)}
      ${c.map(t=>e`<line x1=${m(t)} x2=${m(t)} y1=${216} y2=${220} stroke="#3a342b"/>
        <text x=${m(t)} y=${232} text-anchor="middle" data-tick="x">${n(t)}</text>`)}
      <line x1=${d} x2=${d} y1=${28} y2=${216} stroke="#3a342b"/>
      <line x1=${d} x2=${486} y1=${216} y2=${216} stroke="#3a342b"/>
      <text x=${(d+520-34)/2} y=${250} text-anchor="middle" data-axis="x">${this.xLabel}</text>
      <text x="12" y=${122} text-anchor="middle" dominant-baseline="middle" transform="rotate(-90 12 ${122})" data-axis="y">${this.yLabel}</text>
      ${this.series.map(t=>e`<polyline fill="none" stroke=${t.color} stroke-width="2" stroke-dasharray=${t.dash??``}
        points=${t.points.map(e=>`${m(e[0]).toFixed(1)},${h(e[1]).toFixed(1)}`).join(` `)}/>`)}
      <g data-legend>${_}</g>
    </svg>`}};customElements.define(`lm-menace-chart`,o);