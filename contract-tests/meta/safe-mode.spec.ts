/**
 * Safe mode's guard (support/write-operations.ts), without a target: every operation of the spec
 * that changes data is a write, and the client refuses a valid call of it before anything is sent,
 * so a new write operation in the spec can never reach a real service from `--mode safe`. The
 * document is walked here on its own (paths and methods), not through the compiled contract the
 * guard reads, so an operation the contract missed would fail too.
 */
import type { APIRequestContext } from '@playwright/test';
import { openapiDocument } from '../../spec/index.ts';
import { expect, test } from '../fixtures.ts';
import { DataImportClient } from '../support/api-client.ts';
import { tokenFieldNames } from '../support/obtain-token.ts';
import type { ContractMode } from '../support/settings.ts';
import { safeModeRefusal, WRITE_OPERATIONS } from '../support/write-operations.ts';

interface DocumentOperation {
  operationId: string;
  method: string;
  path: string;
  safe: boolean;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Every operation of the bundled document, read straight from its paths. */
function documentOperations(): DocumentOperation[] {
  const paths = openapiDocument.paths as Record<string, Record<string, Record<string, unknown>>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({
      operationId: String(item[method]?.operationId),
      method: method.toUpperCase(),
      path,
      safe: item[method]?.['x-safe'] === true,
    })),
  );
}

/** Whether a call of the operation asks for a change of the target's data. */
function asksForChange(operation: DocumentOperation): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(operation.method) && !operation.safe;
}

/** A client over a request context that records what it would send and sends nothing. */
function offlineClient(mode: ContractMode): { client: DataImportClient; sent: string[] } {
  const sent: string[] = [];
  const request = {
    fetch: async (url: string, options: { method?: string }) => {
      sent.push(`${options.method} ${url}`);
      throw new Error('offline: nothing is sent');
    },
  } as unknown as APIRequestContext;
  const client = new DataImportClient({
    request,
    mode,
    testInfo: test.info(),
    token: async () => 'offline-token',
    runId: 'safe-mode-meta',
    tokenFields: tokenFieldNames({}),
  });
  return { client, sent };
}

/** Path parameters for any operation: every name filled in. */
function anyParams(path: string): Record<string, string> {
  return Object.fromEntries([...path.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1] ?? '', 'X']));
}

const operations = documentOperations();
const writes = operations.filter(asksForChange);
const reads = operations.filter((operation) => !asksForChange(operation));

test.describe('safe mode', () => {
  test('the spec has operations of both kinds, each found once', () => {
    expect(writes.length).toBeGreaterThan(0);
    expect(reads.length).toBeGreaterThan(0);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('treats every operation that changes data as a write, and no other', () => {
    const wrong = operations
      .filter(
        (operation) => WRITE_OPERATIONS.has(operation.operationId) !== asksForChange(operation),
      )
      .map((operation) => `${operation.method} ${operation.path} (${operation.operationId})`);
    expect(wrong, 'operations the guard judges otherwise than the spec').toEqual([]);
    expect([...WRITE_OPERATIONS].sort()).toEqual(writes.map((w) => w.operationId).sort());
  });

  test('marks as safe only the POSTs that store nothing: validate-account, V2 validate and ObtainToken', () => {
    // x-safe lets an operation through safe mode, so a new one needs review, and this list with
    // it (validate-account stores nothing, VAL-7; the platform's V2 validate neither, decision
    // 028; ObtainToken only issues a token, AUTH-1). Rule
    // IDs stay out of meta titles: the traceability table would count them as tests of the rule.
    const marked = operations.filter((operation) => operation.safe);
    expect(marked.map((operation) => operation.operationId).sort()).toEqual([
      'obtainToken',
      'validateAccount',
      'validateV2Account',
    ]);
  });

  test('refuses every valid call of a write operation before sending anything', async () => {
    for (const write of writes) {
      const { client, sent } = offlineClient('safe');
      expect(safeModeRefusal('safe', write.operationId, {})).toContain('safe mode never does');
      await expect(
        client.call(write.operationId, anyParams(write.path), {}),
        write.operationId,
      ).rejects.toThrow(/would change the target's data, which safe mode never does/);
      expect(sent, write.operationId).toEqual([]);
    }
  });

  test('sends a write operation’s invalid or unauthorised call, which the target refuses unchanged', async () => {
    for (const write of writes) {
      for (const options of [{ invalid: true }, { authorization: null }, { authorization: 'x' }]) {
        const { client, sent } = offlineClient('safe');
        // A raw body skips the client's own request check: only the guard stands before the send.
        await expect(
          client.call(write.operationId, anyParams(write.path), undefined, {
            raw: '{}',
            ...options,
          }),
        ).rejects.toThrow(/offline/);
        expect(sent, `${write.operationId} ${JSON.stringify(options)}`).toHaveLength(1);
      }
    }
  });

  test('sends every operation that changes no data, and in the other modes every write', async () => {
    const cases: [ContractMode, DocumentOperation][] = [
      ...reads.map((read): [ContractMode, DocumentOperation] => ['safe', read]),
      ...writes.flatMap((write): [ContractMode, DocumentOperation][] => [
        ['full', write],
        ['mock', write],
      ]),
    ];
    for (const [mode, operation] of cases) {
      const { client, sent } = offlineClient(mode);
      // A raw body skips the client's own request check: only the guard stands before the send.
      await expect(
        client.call(operation.operationId, anyParams(operation.path), undefined, { raw: '{}' }),
      ).rejects.toThrow(/offline/);
      expect(sent, `${mode} ${operation.operationId}`).toHaveLength(1);
    }
  });
});
