/**
 * The console's only ways to the mock: the control API (`/__mock/`) and the interface (`/v1/`)
 * with a token the console obtains through ObtainToken like any supplier. No private routes.
 */

/** An answer of the mock. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
}

async function send<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const response = await fetch(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: the text is the answer.
  }
  return { status: response.status, body: parsed as T };
}

/** A control API call. */
export function control<T = unknown>(method: string, path: string, body?: unknown) {
  return send<T>(method, `/__mock/${path.replace(/^\//, '')}`, body);
}

/** The supplier's side: the interface with a token of the API key the person gives. */
export class Supplier {
  #token: string | undefined;
  apiKey: string;
  onToken: (state: string) => void = () => {};

  constructor(apiKey: string) {
    this.apiKey = apiKey;
  }

  /** Obtains a token with the API key (ObtainToken, as the platform's clients send it). */
  async obtainToken(): Promise<Answer> {
    const answer = await send<{ data?: { obtainKrakenToken?: { token?: string } | null } }>(
      'POST',
      '/v1/graphql/',
      {
        query:
          'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }',
        variables: { input: { APIKey: this.apiKey } },
      },
    );
    this.#token = answer.body?.data?.obtainKrakenToken?.token ?? undefined;
    this.onToken(this.#token ? 'a token is held' : 'no token: the API key was refused');
    return answer;
  }

  /** An interface call; a missing or expired token is replaced once, as a client would. */
  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    if (!this.#token) await this.obtainToken();
    const attempt = () =>
      send<T>(method, path, body, this.#token ? { authorization: `Token ${this.#token}` } : {});
    let answer = await attempt();
    if (answer.status === 401) {
      await this.obtainToken();
      answer = await attempt();
    }
    return answer;
  }
}
