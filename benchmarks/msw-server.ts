/**
 * The MSW handlers behind a minimal node:http wrapper around msw's `getResponse`: how suppliers
 * would serve the handlers on a port without the kit's standalone adapter. Benchmark target only.
 * The handlers are the package's compiled ones (`dist/`, built by `npm run bench` first), as a
 * supplier's tests import them, so that MSW and the standalone server run the same code.
 */
import { createServer } from 'node:http';
import { getResponse } from 'msw';
import { compiledMock } from './compiled.ts';

const { createDataImportMock, nodeEnv } = await compiledMock();
const mock = createDataImportMock({ env: nodeEnv(), baseUrl: 'http://msw.local' });
const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const request = new Request(`http://msw.local${req.url}`, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
  });
  const response =
    (await getResponse(mock.handlers, request)) ?? new Response(null, { status: 404 });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
