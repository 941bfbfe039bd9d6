/**
 * Serves the mock with one mutant wrapped around its service (`tsx mutation/serve-mutant.ts <id>
 * <port> [dialect]`), or the mock as it is with the id `none`. In the platform dialect (decision
 * 026) the mutant changes the reference's answer and the platform's mapping follows it
 * (`answerInDialect`), as a platform service with the same fault would answer. Harness code only.
 */
import { createMockServer } from '../mocks/adapters/node-server.ts';
import { createDataImportMock } from '../mocks/create-mock.ts';
import { parseDialect } from '../mocks/dialect.ts';
import { nodeEnv } from '../mocks/node-env.ts';
import type { MockService } from '../mocks/service.ts';
import { answerInDialect } from '../variants/harness.ts';
import { mutants } from './mutants.ts';

const [id, port, dialectName = 'reference'] = process.argv.slice(2);
const dialect = parseDialect(dialectName);
const mock = createDataImportMock({ env: nodeEnv() });
const mutant = mutants.find((m) => m.id === id);
if (!mutant && id !== 'none') {
  console.error(`unknown mutant ${id}`);
  process.exit(2);
}
const inner = mutant
  ? mutant.wrap((request) => mock.service.handle(request))
  : (request: Parameters<MockService['handle']>[0]) => mock.service.handle(request);
const handle: MockService['handle'] = async (request) =>
  answerInDialect(dialect, request, await inner(request));
// The adapter paces a slow-body fault with the service's sleep (decision 024): without it a
// fault profile's answer would throw after its headers and end the server.
const service = { handle, sleep: (ms: number) => mock.service.sleep(ms) };
createMockServer(service as MockService).listen(Number(port), '127.0.0.1');
