/**
 * MSW handlers for use inside a supplier's own tests and in browsers (decision 003). One handler per
 * operation of the spec, generated from its paths, plus `graphql.operation()` (every GraphQL operation, named or not, as the
 * platform reads them), plus a catch-all for unknown routes under /v1/ and the control API. Every handler hands the request to
 * the same service as the standalone server, so both answer alike.
 */

import { graphql, HttpResponse, http, type RequestHandler } from 'msw';
import { dataImport } from '../../spec/index.ts';
import { dictionary } from '../domain/dictionary.ts';
import type { MockService, PlainRequest, PlainResponse } from '../service.ts';

async function toPlainRequest(request: Request, bodyText?: string): Promise<PlainRequest> {
  const url = new URL(request.url);
  // Names and query keys are input: records without a prototype (domain/dictionary.ts).
  const headers: Record<string, string> = dictionary();
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return {
    method: request.method.toUpperCase(),
    path: url.pathname,
    query: dictionary(url.searchParams),
    headers,
    bodyText: bodyText ?? (await request.text()),
  };
}

/** The pieces a slow body comes in, as on the standalone server (decision 024). */
const SLOW_BODY_PIECES = 8;

/**
 * The nearest MSW has to an injected connection fault (decision 024): a network error for a
 * reset or an empty answer (`HttpResponse.error()`: the client's fetch rejects), and a body
 * stream that fails after half of the body, or comes in pieces paced with the service's sleep.
 */
function faultResponse(response: PlainResponse, sleep: (ms: number) => Promise<void>): Response {
  const fault = response.connection!;
  if (fault.kind === 'reset' || fault.kind === 'empty') return HttpResponse.error();
  const payload = new TextEncoder().encode(
    response.bodyText ?? (response.body === undefined ? '' : JSON.stringify(response.body)),
  );
  const size = Math.ceil(payload.byteLength / SLOW_BODY_PIECES);
  const pieces =
    fault.kind === 'truncated'
      ? [payload.subarray(0, Math.floor(payload.byteLength / 2))]
      : Array.from({ length: SLOW_BODY_PIECES }, (_, i) =>
          payload.subarray(i * size, (i + 1) * size),
        );
  let next = 0;
  // Pulled one piece at a time: a chunk queued before an error would be thrown away with it.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next < pieces.length) {
        controller.enqueue(pieces[next]!);
        next += 1;
        if (fault.kind === 'slow_body') await sleep(fault.slowBodyMs / SLOW_BODY_PIECES);
      } else if (fault.kind === 'truncated') {
        controller.error(new TypeError('The connection closed before the whole body came.'));
      } else controller.close();
    },
  });
  const headers = new Headers(response.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return new HttpResponse(body, { status: response.status, headers });
}

function toResponse(response: PlainResponse, sleep: (ms: number) => Promise<void>): Response {
  if (response.connection) return faultResponse(response, sleep);
  if (response.bodyText === undefined) {
    return HttpResponse.json(response.body as Record<string, unknown>, {
      status: response.status,
      headers: response.headers,
    });
  }
  // The service's own text of the body (PlainResponse.bodyText), with the headers
  // HttpResponse.json would give it.
  const headers = new Headers(response.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  if (!headers.has('content-length')) {
    headers.set('content-length', String(new Blob([response.bodyText]).size));
  }
  return new HttpResponse(response.bodyText, { status: response.status, headers });
}

/** Options of the handlers. */
export interface MswHandlerOptions {
  /** Origin the handlers answer for, e.g. `http://127.0.0.1:4010`; any origin when omitted. */
  baseUrl?: string;
}

/** The MSW handlers of a mock service. */
export function createMswHandlers(
  service: MockService,
  options: MswHandlerOptions = {},
): RequestHandler[] {
  const origin = options.baseUrl?.replace(/\/$/, '') ?? '*';
  const sleep = (ms: number) => service.sleep(ms);
  const forward = async ({ request }: { request: Request }) =>
    toResponse(await service.handle(await toPlainRequest(request)), sleep);
  const handlers: RequestHandler[] = [
    graphql.link(`${origin}/v1/graphql/`).operation(async ({ request }) =>
      // The body as the client sent it, as the standalone server reads it: MSW reports an
      // absent operation name as "", which a GraphQL server takes for a name.
      toResponse(await service.handle(await toPlainRequest(request)), sleep),
    ),
  ];
  for (const op of dataImport.operations.values()) {
    const method = op.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
    const path = `${origin}${op.path.replace(/\{([^}]+)\}/g, ':$1')}`;
    handlers.push(http[method](path, forward));
  }
  handlers.push(http.all(`${origin}/v1/*`, forward), http.all(`${origin}/__mock/*`, forward));
  return handlers;
}
