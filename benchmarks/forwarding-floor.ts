/**
 * The floor of the proxy benchmark (`BENCH_PROXY_FLOOR=1 npm run bench:proxy`): a bare node:http
 * gateway that forwards each request and its answer as the traffic proxy does (kept-alive
 * connections to the target, headers as `rawHeaders` without the hop-by-hop ones, Host set to
 * the target's, bodies streamed) and does nothing else: no capture, no checker, no recording.
 * What any proxy written on node:http costs per request on this machine, so that the proxy's
 * figures are read against what forwarding alone allows. Benchmark target only.
 */
import * as http from 'node:http';
import { forwardedHeaders, pairsOf } from '../traffic/proxy-headers.ts';

const target = new URL(process.env.TARGET ?? 'http://127.0.0.1:4553');
const agent = new http.Agent({ keepAlive: true });

const server = http.createServer((req, res) => {
  const upstream = http.request({
    hostname: target.hostname,
    port: target.port,
    method: req.method,
    path: req.url,
    headers: forwardedHeaders(pairsOf(req.rawHeaders), target.host),
    agent,
  });
  req.pipe(upstream);
  upstream.once('response', (answer) => {
    res.sendDate = false;
    res.writeHead(answer.statusCode ?? 502, forwardedHeaders(pairsOf(answer.rawHeaders)));
    answer.pipe(res);
  });
  upstream.on('error', () => res.destroy());
});
server.listen(Number(process.env.PORT), '127.0.0.1');
