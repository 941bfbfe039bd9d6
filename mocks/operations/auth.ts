/**
 * The `auth` tag: ObtainToken at `POST /v1/graphql/` (AUTH-1), parsed and executed as real
 * GraphQL with the `graphql` package, so that clients may send the mutation with variables or
 * inline arguments, select the fields they want, and get GraphQL's own errors for bad documents.
 */
import {
  buildSchema,
  type DocumentNode,
  executeSync,
  GraphQLError,
  parse,
  validate,
} from 'graphql';
import { errorCatalogue, secondsText } from '../../spec/index.ts';
import { obtainTokens as obtainTokensInDomain, type TokenCredentials } from '../domain/auth.ts';
import { fail } from '../domain/result.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../json-depth.ts';
import { type DataImportOperation, reply } from './types.ts';

const schema = buildSchema(`
  "Any JSON value (the real platform's GenericScalar)."
  scalar GenericScalar

  input ObtainJSONWebTokenInput {
    APIKey: String
    organizationSecretKey: String
    refreshToken: String
    preSignedKey: String
    email: String
    password: String
  }

  type ObtainKrakenJSONWebToken {
    token: String!
    payload: GenericScalar!
    refreshToken: String
    refreshExpiresIn: Int
  }

  type Query {
    "The mock serves only the token mutation."
    viewer: String
  }

  type Mutation {
    obtainKrakenToken(input: ObtainJSONWebTokenInput!): ObtainKrakenJSONWebToken
  }
`);

/** A document parsed and validated against the schema, or GraphQL's errors for it. */
type Prepared = { document: DocumentNode } | { errors: readonly GraphQLError[] };

/**
 * Parsing and validating a document depend on its text only, and clients send the same mutation
 * again and again: the outcome is kept per text (the 256 most recent), so a request only executes.
 */
const prepared = new Map<string, Prepared>();

/**
 * The most tokens a document may have: the token mutation has a few dozen. Parsing stops past it,
 * so a 10 MiB document of aliases (whose validation compares every pair of fields) costs nothing.
 */
const MAX_DOCUMENT_TOKENS = 2_000;

function prepare(source: string): Prepared {
  const known = prepared.get(source);
  if (known) return known;
  let outcome: Prepared;
  try {
    // Parsing and validating recurse into selections and values: a document nested thousands
    // deep would exhaust the stack (the edge bounds JSON bodies alike).
    if (nestsDeeperThan(source)) {
      throw new GraphQLError(
        `The document nests selections and values deeper than ${MAX_JSON_DEPTH} levels.`,
      );
    }
    const document = parse(source, { maxTokens: MAX_DOCUMENT_TOKENS });
    const errors = validate(schema, document);
    outcome = errors.length > 0 ? { errors } : { document };
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    outcome = { errors: [error] };
  }
  if (prepared.size >= 256) prepared.delete(prepared.keys().next().value as string);
  prepared.set(source, outcome);
  return outcome;
}

/**
 * `obtainToken`: exchanges an organisation API key or a refresh token for a token (AUTH-1). A
 * document may hold several token fields (aliases): a first pass executes it with resolvers that
 * only collect each field's credentials, the domain decides all of them at once, and the second
 * pass answers from those decisions. So a document that would pass the limit of live tokens is
 * refused whole before anything is issued, and a wrong key is told so whatever the count.
 */
export const obtainToken: DataImportOperation<'obtainToken'> = ({ body }, { state, env }) => {
  const document = prepare(body.query);
  if ('errors' in document) return reply(200, withErrorExtensions({ errors: document.errors }));
  const execute = (obtainKrakenToken: (args: { input: TokenCredentials }) => unknown) =>
    executeSync({
      schema,
      document: document.document,
      variableValues: (body.variables as Record<string, unknown> | undefined) ?? undefined,
      operationName: (body.operationName as string | undefined) ?? undefined,
      rootValue: { obtainKrakenToken },
    });
  // Mutation fields execute one after the other, in document order, in both passes.
  const requests: TokenCredentials[] = [];
  execute(({ input }) => {
    requests.push(input);
    return null;
  });
  const decided = obtainTokensInDomain(state, env, requests);
  // The mock's own limit is no GraphQL error of the platform: 429 with when to retry, in the body
  // and in Retry-After (decision 022).
  if (!decided.ok) {
    return {
      ...fail('token_limit_reached', {
        limit: decided.error.limit,
        retry_after: decided.error.retryAfterSeconds,
        wait: secondsText(decided.error.retryAfterSeconds),
      }),
      headers: { 'retry-after': String(decided.error.retryAfterSeconds) },
    };
  }
  const answers = decided.value.values();
  const result = execute(() => {
    const answer = answers.next().value;
    if (!answer) throw new Error('A token field the first pass did not execute.');
    if (answer.ok) return answer.value;
    throw new GraphQLError(errorCatalogue.detail('KT-CT-1135'), {
      extensions: {
        errorType: 'VALIDATION',
        errorCode: answer.error.errorCode,
        errorDescription: answer.error.message,
      },
    });
  });
  // GraphQL answers 200 even for errors; the client reads `errors`.
  return reply(200, withErrorExtensions(result));
};

/** A GraphQL answer as JSON: `errors` (when there are any) and `data`. */
interface GraphQLAnswer {
  data?: unknown;
  errors?: readonly unknown[];
}

/**
 * AUTH-1: every GraphQL error the mock answers has the platform's `extensions` (errorType,
 * errorCode, errorDescription) and the answer has `data` (null when nothing executed), as
 * GraphQLErrorResponse requires: a document that does not parse or validate, or variables that
 * do not fit, get GraphQL's own message with errorType VALIDATION and KT-CT-1135, the one code
 * the platform names for ObtainToken (kit assumption); the credentials' errors keep theirs.
 */
function withErrorExtensions(answer: GraphQLAnswer): unknown {
  const json = JSON.parse(JSON.stringify(answer)) as GraphQLAnswer;
  if (!json.errors?.length) return json;
  const errors = json.errors.map((raw) => {
    const error = raw as { message: string; extensions?: Record<string, unknown> };
    if (typeof error.extensions?.errorCode === 'string') return error;
    return {
      ...error,
      extensions: {
        errorType: 'VALIDATION',
        errorCode: 'KT-CT-1135',
        errorDescription: error.message,
        ...error.extensions,
      },
    };
  });
  return { data: json.data ?? null, errors };
}
