/**
 * The headers the traffic proxy forwards (decision 029, "The proxy"): every end-to-end header as
 * it came, in wire order, repeated headers repeated, names in their case; the hop-by-hop ones
 * (RFC 9110 section 7.6.1: Connection, the headers Connection names, Keep-Alive,
 * Proxy-Connection, TE, Trailer, Transfer-Encoding, Upgrade) are not forwarded, because they
 * describe one connection and Node frames each side's own. Host is the one value the proxy may
 * change: a gateway sends the target's authority (RFC 9110 section 7.2), unless told to keep
 * the client's.
 */
import type { Header } from './exchange.ts';

/** The hop-by-hop headers of RFC 9110 section 7.6.1 (lower case). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Node's `rawHeaders` ([name, value, name, value, ...]) as pairs in wire order. */
export function pairsOf(raw: readonly string[]): Header[] {
  const out: Header[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i] as string, raw[i + 1] as string]);
  return out;
}

/** The names a Connection header lists: they are hop-by-hop for this message too. */
function connectionOptions(headers: readonly Header[]): Set<string> {
  const named = new Set<string>();
  for (const [name, value] of headers) {
    if (name.toLowerCase() !== 'connection') continue;
    for (const option of value.split(',')) named.add(option.trim().toLowerCase());
  }
  return named;
}

/**
 * The end-to-end headers of a message, flat as Node's `rawHeaders` (the form `http.request` and
 * `writeHead` take, which keeps order and repeats). With `host`, the Host header's value becomes
 * it (added first when the client sent none, since HTTP/1.1 requires one).
 */
export function forwardedHeaders(headers: readonly Header[], host?: string): string[] {
  const named = connectionOptions(headers);
  const out: string[] = [];
  let hostSeen = false;
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || named.has(lower)) continue;
    if (lower === 'host') {
      if (hostSeen) continue;
      hostSeen = true;
      out.push(name, host ?? value);
      continue;
    }
    out.push(name, value);
  }
  if (!hostSeen && host !== undefined) out.unshift('Host', host);
  return out;
}
