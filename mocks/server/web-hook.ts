/**
 * The standalone server's web hook as the node adapter sees it (decisions 003 and 011): the
 * settings the command gives a web face in front of the service (the pages a person opens, the
 * CORS policy, the Host allow-list) and the hook it gives back. The adapter owns this interface;
 * the console implements it (console/server/web-hook.ts); the command that composes the two
 * (bin/data-import-mock.ts) passes the console's implementation to the mock's start
 * (mocks/start.ts), so that the mock imports nothing of the console.
 */
import type { RawResponse, ServerHook } from '../adapters/node-server.ts';
import type { MockService, PlainRequest, PlainResponse } from '../service.ts';

export type { MockService, PlainRequest, PlainResponse, RawResponse, ServerHook };

/** Who may call the mock from a web page on another origin (decision 011). */
export interface CorsOptions {
  /** Origins the interface (`/v1/`) answers: `'*'` (any; the default) or a list; `[]` turns CORS off. */
  interfaceOrigins: '*' | string[];
  /** Origins besides loopback ones the control API and the pages answer; `'*'` opens them to any. */
  controlOrigins: '*' | string[];
}

/** Which Host names the control API and the pages answer, besides loopback names (decision 011). */
export interface HostOptions {
  /** Names the operator added (`--allowed-hosts`), or `'*'` for any. */
  allowedHosts: '*' | string[];
  /** The address the server is bound to (`--host`), allowed as well. */
  boundHost?: string;
}

/** What the command gives the web hook. */
export interface WebHookOptions {
  service: MockService;
  /** The API key the landing page shows (the public demo key of the default state). */
  apiKey?: string;
  cors?: CorsOptions;
  /** The Host names the control API and the pages answer; loopback names by default. */
  hosts?: HostOptions;
}

/** Makes the hook that stands in front of the service (the console's `createWebHook`). */
export type WebHook = (options: WebHookOptions) => ServerHook;
