/**
 * The standalone server's web hook: the pages a person opens in a browser (`/`, `/docs`,
 * `/docs/control`, `/docs/traffic`, `/console`, `/msw/`) and their assets, and the CORS policy in front of the
 * interface and the control API (decision 011). Pages only read; the console and the MSW page
 * act through the control API and the interface like any other client.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// Only the helper that names the package's folder: its index would load the whole bundle.
import getAbsoluteFSPath from 'swagger-ui-dist/absolute-path.js';
import type {
  PlainRequest,
  RawResponse,
  ServerHook,
  WebHookOptions,
} from '../../mocks/server/web-hook.ts';
import { dataImport, mockControl } from '../../spec/index.ts';
import { withDifferenceNotes } from '../../spec/platform-difference.ts';
import { BUNDLES, bundle } from './bundles.ts';
import { applyCors, DEFAULT_CORS } from './cors.ts';
import { DEFAULT_HOSTS, hostAllowed, hostName } from './hosts.ts';
import { consolePage, DOCS_SCRIPT, docsPage, FAVICON, landingPage, mswPage } from './html.ts';
import { trafficDocsPage } from './traffic-docs.ts';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const swaggerUi = getAbsoluteFSPath();

const TYPES = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  svg: 'image/svg+xml',
} as const;

function raw(type: keyof typeof TYPES, body: string, cache = false): RawResponse {
  return {
    status: 200,
    headers: {
      'content-type': TYPES[type],
      'cache-control': cache ? 'public, max-age=3600' : 'no-cache',
      'x-content-type-options': 'nosniff',
    },
    raw: body,
  };
}

/** Files read once from the repository or node_modules. */
const files = new Map<string, string>();
function file(path: string): string {
  let text = files.get(path);
  if (text === undefined) {
    text = readFileSync(path, 'utf8');
    files.set(path, text);
  }
  return text;
}

function originOf(request: PlainRequest): string {
  return `http://${request.headers.host ?? '127.0.0.1'}`;
}

/** A bundled spec whose only server is this mock, so that "try it out" calls it. */
function specFor(document: Record<string, unknown>, request: PlainRequest): string {
  return JSON.stringify({
    ...document,
    servers: [{ url: originOf(request), description: 'This mock.' }],
  });
}

/** The interface's spec with each platform difference described under its response (decision 026). */
let annotated: Record<string, unknown> | undefined;

/**
 * The interface's spec for the reference page: ObtainToken's API key example becomes this mock's
 * demo key (when it runs on its default state), so that try-it obtains a token as it stands; the
 * answers the platform gives differently are described under their responses.
 */
function interfaceSpecFor(request: PlainRequest, apiKey: string | undefined): string {
  annotated ??= withDifferenceNotes(dataImport.document);
  const document = annotated as { components?: { examples?: Record<string, unknown> } };
  if (!apiKey) return specFor(document, request);
  const examples = structuredClone(document.components?.examples ?? {}) as Record<
    string,
    { value?: { variables?: { input?: { APIKey?: string } } } }
  >;
  const input = examples.ObtainTokenWithApiKeyRequest?.value?.variables?.input;
  if (input?.APIKey !== undefined) input.APIKey = apiKey;
  return specFor({ ...document, components: { ...document.components, examples } }, request);
}

/**
 * The traffic face's page, built once from the facts it states about itself (decision 029). The
 * traffic face is loaded when the page is first asked for, not with the mock: a mock that nobody
 * asks about traffic does not load its command line, checker and readers.
 */
let trafficHtml: Promise<string> | undefined;
function trafficPage(): Promise<string> {
  trafficHtml ??= import('../../traffic/docs-facts.ts').then(({ trafficDocsFacts }) =>
    trafficDocsPage(trafficDocsFacts()),
  );
  return trafficHtml;
}

type Page = (request: PlainRequest, options: WebHookOptions) => RawResponse | Promise<RawResponse>;

const PAGES: Record<string, Page> = {
  '/': (request, { service, apiKey }) =>
    raw(
      'html',
      landingPage({
        origin: originOf(request),
        apiKey,
        suppliers: Object.values(service.state.suppliers),
        operationsTeams: service.state.operationsTeams,
      }),
    ),
  '/docs': () =>
    raw(
      'html',
      docsPage(
        'Data-Import interface reference',
        '/docs/openapi.json',
        'Every "Execute" calls this mock. For the secured operations, execute ObtainToken (the demo key is pre-filled), then <em>Authorize</em> with <code>Token &lt;token&gt;</code>. To check real traffic against this interface, see <a href="/docs/traffic">traffic conformance</a>.',
      ),
    ),
  '/docs/control': () =>
    raw('html', docsPage('Data-Import mock control API reference', '/docs/control.json')),
  '/docs/traffic': async () => raw('html', await trafficPage()),
  '/docs/openapi.json': (request, { apiKey }) => raw('json', interfaceSpecFor(request, apiKey)),
  '/docs/control.json': (request) => raw('json', specFor(mockControl.document, request)),
  '/docs/assets/docs.js': () => raw('js', DOCS_SCRIPT, true),
  '/docs/assets/docs.css': () => raw('css', file(resolve(here, '../web/docs.css'))),
  '/docs/assets/swagger-ui.css': () => raw('css', file(resolve(swaggerUi, 'swagger-ui.css')), true),
  '/docs/assets/swagger-ui-bundle.js': () =>
    raw(
      'js',
      // Without its source map comment: the map is not served, and a browser would ask for it.
      file(resolve(swaggerUi, 'swagger-ui-bundle.js')).replace(/\n\/\/# sourceMappingURL=.*$/, ''),
      true,
    ),
  '/console': () => raw('html', consolePage()),
  '/console/console.css': () => raw('css', file(resolve(here, '../web/console.css'))),
  '/msw/': () => raw('html', mswPage()),
  // The service worker controls pages under /msw/ only: the page must be at /msw/, not /msw.
  '/msw': () => ({ status: 308, headers: { location: '/msw/' }, raw: '' }),
  '/msw/mockServiceWorker.js': () => raw('js', file(require.resolve('msw/mockServiceWorker.js'))),
  '/favicon.svg': () => raw('svg', FAVICON, true),
  '/favicon.ico': () => raw('svg', FAVICON, true),
};
for (const [path, entry] of Object.entries(BUNDLES)) {
  PAGES[path] = async () => raw('js', await bundle(entry));
}
const ALIASES: Record<string, string> = { '/docs/': '/docs', '/console/': '/console' };

/**
 * The console's implementation of the adapter's `WebHook` (mocks/server/web-hook.ts), the hook in
 * front of the node server: the Host allow-list, then CORS, then the pages, then the service.
 */
export function createWebHook(options: WebHookOptions): ServerHook {
  const cors = options.cors ?? DEFAULT_CORS;
  const hosts = options.hosts ?? DEFAULT_HOSTS;
  return (request, next) => {
    // Everything but the interface is the operator's: refused for a Host this machine is not
    // known by, before any page or state is read (DNS rebinding).
    if (!request.path.startsWith('/v1/') && !hostAllowed(request.headers.host, hosts)) {
      return Promise.resolve({
        status: 403,
        body: {
          detail: `The control API and the console answer requests to this machine's own names only, not ${hostName(request.headers.host ?? '')}; the operator adds names with --allowed-hosts.`,
          code: 'host_not_allowed',
          errors: [],
        },
      });
    }
    return applyCors(cors, request, async () => {
      const path = ALIASES[request.path] ?? request.path;
      const serve = PAGES[path];
      if (serve && (request.method === 'GET' || request.method === 'HEAD')) {
        return serve(request, options);
      }
      return next();
    });
  };
}
