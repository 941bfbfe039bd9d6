/**
 * The ceiling of the server benchmark: a bare node:http server doing the least any server must do
 * for these requests. A request with a body is read whole, `JSON.parse`d and answered back with
 * `JSON.stringify`; a GET is answered with a 10,000-item list held in memory, stringified per
 * request. No routing, no validation, no state. Benchmark target only.
 */
import { createServer } from 'node:http';

const list = Array.from({ length: 10_000 }, (_, i) => ({
  external_account_number: `BENCH-${i}`,
  service_account_number: null,
  account_created_at: null,
}));

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    const payload = JSON.stringify(text === '' ? list : JSON.parse(text));
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
    });
    res.end(payload);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
