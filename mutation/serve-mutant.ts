/**
 * Serves the mock with one mutant wrapped around its service (`tsx mutation/serve-mutant.ts <id>
 * <port>`), or the mock as it is with the id `none`. Harness code only.
 */
import { createMockServer } from '../mocks/adapters/node-server.ts';
import { createDataImportMock } from '../mocks/create-mock.ts';
import { nodeEnv } from '../mocks/node-env.ts';
import type { MockService } from '../mocks/service.ts';
import { mutants } from './mutants.ts';

const [id, port] = process.argv.slice(2);
const mock = createDataImportMock({ env: nodeEnv() });
const mutant = mutants.find((m) => m.id === id);
if (!mutant && id !== 'none') {
  console.error(`unknown mutant ${id}`);
  process.exit(2);
}
const handle = mutant
  ? mutant.wrap((request) => mock.service.handle(request))
  : (request: Parameters<MockService['handle']>[0]) => mock.service.handle(request);
createMockServer({ handle } as MockService).listen(Number(port), '127.0.0.1');
