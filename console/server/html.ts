/**
 * The HTML of the mock's pages: the landing page, the API reference, the console's shell and the
 * in-browser MSW page. Every asset they name is served by the mock itself (no CDN, works offline).
 */

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

interface PageOptions {
  title: string;
  body: string;
  styles?: string[];
  scripts?: string[];
  /** Adds the site's navigation above the body. */
  nav?: boolean;
}

const NAV = `<nav class="site-nav" aria-label="Mock pages">
  <a href="/">Home</a>
  <a href="/console">Console</a>
  <a href="/docs">Interface reference</a>
  <a href="/docs/control">Control API reference</a>
  <a href="/docs/traffic">Traffic conformance</a>
  <a href="/msw/">MSW in the browser</a>
</nav>`;

/** A whole HTML document. */
export function page({ title, body, styles = [], scripts = [], nav = true }: PageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
${nav ? NAV : ''}
${body}
${scripts.map((src) => `<script type="module" src="${src}"></script>`).join('\n')}
</body>
</html>
`;
}

/** What the landing page tells about the running mock. */
export interface LandingFacts {
  origin: string;
  /** The API key to show, when the mock runs on its default state (the demo key is public). */
  apiKey?: string;
  suppliers: { code: string; status: string; emailsOnMigration: boolean }[];
  operationsTeams: string[];
}

/** `/`: what is served, the defaults and the links. */
export function landingPage(facts: LandingFacts): string {
  const suppliers = facts.suppliers
    .map(
      (s) =>
        `<li><code>${escapeHtml(s.code)}</code>: ${escapeHtml(s.status)}${s.emailsOnMigration ? ', e-mails on migration' : ''}</li>`,
    )
    .join('');
  const o = escapeHtml(facts.origin);
  return page({
    title: 'Data-Import mock',
    styles: ['/console/console.css'],
    body: `<main id="main" class="landing">
<h1>Data-Import mock</h1>
<p>A stateful mock of the Account Migration Data-Import Service, with the operator's control API beside it.</p>
<h2>What is served</h2>
<table>
<caption class="visually-hidden">Served addresses</caption>
<thead><tr><th scope="col">What</th><th scope="col">Where</th></tr></thead>
<tbody>
<tr><td>The interface</td><td><code>${o}/v1/data-import/…</code></td></tr>
<tr><td>Tokens (ObtainToken, GraphQL)</td><td><code>POST ${o}/v1/graphql/</code></td></tr>
<tr><td>The control API</td><td><code>${o}/__mock/</code> (health: <a href="/__mock/health">/__mock/health</a>)</td></tr>
<tr><td>The bundled specs</td><td><a href="/docs/openapi.json">openapi.json</a>, <a href="/docs/control.json">control.json</a></td></tr>
</tbody>
</table>
<h2>Defaults</h2>
<dl class="facts">
<dt>API key</dt><dd>${facts.apiKey ? `<code>${escapeHtml(facts.apiKey)}</code>` : 'set by the configuration file'}</dd>
<dt>Import suppliers</dt><dd><ul>${suppliers || '<li>none</li>'}</ul></dd>
<dt>Operations teams</dt><dd>${facts.operationsTeams.map((t) => `<code>${escapeHtml(t)}</code>`).join(', ') || 'none'}</dd>
</dl>
<h2>Pages</h2>
<ul class="links">
<li><a href="/console">Console</a>: the mock's whole state, live, and every operator action; act as a supplier without curl.</li>
<li><a href="/docs">Interface reference</a>: every operation of the Data-Import interface, with a try-it console against this mock.</li>
<li><a href="/docs/control">Control API reference</a>: the operator's powers, with a try-it console.</li>
<li><a href="/docs/traffic">Traffic conformance</a>: checking real exchanges with a service against the contract (<code>data-import-traffic</code> proxy, check and replay), the findings, the masking policy and the rules.</li>
<li><a href="/msw/">MSW in the browser</a>: the kit's MSW handlers running in the page itself, through a supplier's first ten minutes.</li>
</ul>
</main>`,
  });
}

/** `/docs` and `/docs/control`: Swagger UI over a bundled spec (decision 011). */
export function docsPage(title: string, specUrl: string, hint?: string): string {
  return page({
    title,
    styles: ['/docs/assets/swagger-ui.css', '/docs/assets/docs.css'],
    scripts: ['/docs/assets/docs.js'],
    // Swagger UI renders a <main> of its own: the wrapper is a plain element, the skip target.
    body: `<div id="main" class="docs">
<header class="docs-header">
<h1 class="docs-title">${escapeHtml(title)}</h1>
${hint ? `<p class="docs-hint">${hint}</p>` : ''}
</header>
<div id="swagger-ui" data-spec-url="${escapeHtml(specUrl)}"></div>
</div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>`,
  });
}

/** The script that starts Swagger UI: the mock's own copy, no validator badge (no network). */
export const DOCS_SCRIPT = `const root = document.getElementById('swagger-ui');
window.ui = window.SwaggerUIBundle({
  url: root.dataset.specUrl,
  domNode: root,
  deepLinking: false,
  tryItOutEnabled: true,
  persistAuthorization: true,
  displayRequestDuration: true,
  validatorUrl: null,
  presets: [window.SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
// Swagger UI leaves its server list unnamed and its code blocks out of the tab order: name the
// one and make the others reachable, so that screen reader and keyboard users can use them. Its
// API title is a second level-one heading and its description and servers sit outside any
// landmark: the title becomes a level-two heading below the page's own, and both parts named
// regions, so that a screen reader's outline and landmarks reach everything.
const regions = [
  ['.information-container', 'About this API'],
  ['.scheme-container', 'Servers and authorisation'],
];
new MutationObserver(() => {
  for (const select of root.querySelectorAll('select:not([aria-label])')) {
    if (select.id === 'servers') select.setAttribute('aria-label', 'Server');
  }
  for (const pre of root.querySelectorAll('pre:not([tabindex])')) pre.setAttribute('tabindex', '0');
  for (const title of root.querySelectorAll('h1.title:not([aria-level])')) {
    title.setAttribute('role', 'heading');
    title.setAttribute('aria-level', '2');
  }
  for (const [selector, name] of regions) {
    for (const part of root.querySelectorAll(selector + ':not([role])')) {
      part.setAttribute('role', 'region');
      part.setAttribute('aria-label', name);
    }
  }
}).observe(root, { childList: true, subtree: true });
`;

/** `/console`: the shell the console's script fills in. */
export function consolePage(): string {
  return page({
    title: 'Data-Import mock console',
    styles: ['/console/console.css'],
    scripts: ['/console/app.js'],
    body: `<main id="main" class="console" aria-busy="true">
<h1>Data-Import mock console</h1>
<p id="console-loading">Loading the mock's state…</p>
</main>`,
  });
}

/** `/msw/`: the kit's MSW handlers in the page, through a supplier's first ten minutes. */
export function mswPage(): string {
  return page({
    title: 'The kit in the browser (MSW)',
    styles: ['/console/console.css'],
    scripts: ['/msw/app.js'],
    body: `<main id="main" class="msw">
<h1>The kit's MSW handlers in this page</h1>
<p>This page starts the kit's mock inside the browser with MSW's <code>setupWorker</code> and
walks a supplier's first ten minutes against <code>https://api.example.energy</code>, an origin
that exists nowhere: every answer below comes from the service worker, none from the network or
from the standalone mock that served this page.</p>
<p id="msw-status" role="status" data-state="starting">Starting the service worker…</p>
<ol id="msw-steps" aria-label="Steps"></ol>
</main>`,
  });
}

/** The mock's icon (an inline SVG, so that no page asks for a missing favicon.ico). */
export const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1f4e79"/><path d="M4 4h4a4 4 0 0 1 0 8H4z" fill="#fff"/></svg>`;
