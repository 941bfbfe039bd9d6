/**
 * The ObtainToken mutation as the suite sends it (AUTH-1). The reference names the mutation and
 * its API key but shows neither its input nor its output fields ("The mutation's input and output
 * fields ... not shown", Authentication), so the field names are settings whose defaults are the
 * real platform's (`obtainKrakenToken(input: {APIKey})` answering `{token, refreshToken}`). A
 * service that chose other names passes with OBTAIN_TOKEN_* set, and AUTH-1 is still checked.
 *
 * @example
 * const names = tokenFieldNames(process.env);
 * const body = obtainTokenRequest(names, { [names.keyField]: apiKey });
 * const token = issuedToken(names, await response.json());
 */

/** The field names of the ObtainToken mutation, configurable per target. */
export interface TokenFieldNames {
  /** The mutation's field (OBTAIN_TOKEN_FIELD; the platform's `obtainKrakenToken`). */
  field: string;
  /** The GraphQL type of its `input` argument (OBTAIN_TOKEN_INPUT_TYPE; `ObtainJSONWebTokenInput`). */
  inputType: string;
  /** The input field that carries the API key (OBTAIN_TOKEN_KEY_FIELD; `APIKey`). */
  keyField: string;
  /** The output field holding the token (OBTAIN_TOKEN_TOKEN_FIELD; `token`). */
  tokenField: string;
  /** The input and output field of a refresh token (OBTAIN_TOKEN_REFRESH_FIELD; `refreshToken`). */
  refreshField: string;
}

/** The real platform's names, the defaults. */
export const PLATFORM_TOKEN_FIELDS: TokenFieldNames = {
  field: 'obtainKrakenToken',
  inputType: 'ObtainJSONWebTokenInput',
  keyField: 'APIKey',
  tokenField: 'token',
  refreshField: 'refreshToken',
};

/** The environment variable of each name. */
export const TOKEN_FIELD_SETTINGS: Record<keyof TokenFieldNames, string> = {
  field: 'OBTAIN_TOKEN_FIELD',
  inputType: 'OBTAIN_TOKEN_INPUT_TYPE',
  keyField: 'OBTAIN_TOKEN_KEY_FIELD',
  tokenField: 'OBTAIN_TOKEN_TOKEN_FIELD',
  refreshField: 'OBTAIN_TOKEN_REFRESH_FIELD',
};

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** Reads the names from the environment; a value that is not a GraphQL name is an error. */
export function tokenFieldNames(env: NodeJS.ProcessEnv = process.env): TokenFieldNames {
  const names = { ...PLATFORM_TOKEN_FIELDS };
  for (const [key, variable] of Object.entries(TOKEN_FIELD_SETTINGS) as [
    keyof TokenFieldNames,
    string,
  ][]) {
    const value = env[variable];
    if (!value) continue;
    if (!GRAPHQL_NAME.test(value)) {
      throw new Error(
        `${variable} must be a GraphQL name such as ${names[key]} (received "${value}").`,
      );
    }
    names[key] = value;
  }
  return names;
}

/** The names that differ from the platform's, as `VARIABLE=value` (for the banner). */
export function customTokenFields(names: TokenFieldNames): string[] {
  return (Object.keys(TOKEN_FIELD_SETTINGS) as (keyof TokenFieldNames)[])
    .filter((key) => names[key] !== PLATFORM_TOKEN_FIELDS[key])
    .map((key) => `${TOKEN_FIELD_SETTINGS[key]}=${names[key]}`);
}

/**
 * The GraphQL request body of ObtainToken with the given input (the API key or a refresh token
 * under the configured field names). It selects only the token and the refresh token: any other
 * output field is a platform detail a service need not have.
 */
export function obtainTokenRequest(
  names: TokenFieldNames,
  input: Record<string, string>,
): { query: string; variables: { input: Record<string, string> } } {
  return {
    query: `mutation ObtainToken($input: ${names.inputType}!) { ${names.field}(input: $input) { ${names.tokenField} ${names.refreshField} } }`,
    variables: { input },
  };
}

/** The issued payload (`data.<field>`) of an ObtainToken answer, or undefined. */
export function issuedPayload(
  names: TokenFieldNames,
  body: unknown,
): Record<string, unknown> | undefined {
  const data = (body as { data?: Record<string, unknown> | null } | null | undefined)?.data;
  const issued = data?.[names.field];
  return issued && typeof issued === 'object' ? (issued as Record<string, unknown>) : undefined;
}

/** The token of an ObtainToken answer, or undefined. */
export function issuedToken(names: TokenFieldNames, body: unknown): string | undefined {
  const token = issuedPayload(names, body)?.[names.tokenField];
  return typeof token === 'string' && token.length > 0 ? token : undefined;
}

/**
 * What the service said when it issued no token, quoted for the reader: the GraphQL errors'
 * messages and codes, else the start of the body. Never the key: the caller redacts.
 */
export function serviceError(body: unknown, text: string): string {
  const errors = (body as { errors?: unknown } | null | undefined)?.errors;
  if (Array.isArray(errors) && errors.length) {
    return errors
      .map((e) => {
        const error = e as { message?: unknown; extensions?: Record<string, unknown> };
        const code = error.extensions?.errorCode ?? error.extensions?.code;
        const message = typeof error.message === 'string' ? error.message : JSON.stringify(e);
        return code ? `${message} (${String(code)})` : message;
      })
      .join('; ');
  }
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (!trimmed) return 'an empty body';
  return trimmed.length > 300 ? `${trimmed.slice(0, 300)}…` : trimmed;
}
