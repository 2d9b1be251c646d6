// The museum's page: the home page at `/`, an exhibit at `/exhibits/<kind>?<config>`.
import { LitElement, html } from 'lit';
import './components/lm-home.ts';
import './components/lm-exhibit-page.ts';

class LmApp extends LitElement {
  createRenderRoot() { return this; }
  render() {
    const m = location.pathname.match(/^\/exhibits\/([a-z0-9_-]+)\/?$/);
    return m ? html`<lm-exhibit-page kind=${m[1]}></lm-exhibit-page>` : html`<lm-home></lm-home>`;
  }
}
customElements.define('lm-app', LmApp);
