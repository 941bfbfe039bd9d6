/**
 * What each injectable status answers (decision 024), as the tests of every layer expect it: the
 * catalogue code of its body and the Retry-After a 429 or 503 carries by default (1 s), none for
 * the others. One table, so the edge's and both adapters' tests hold the same promise.
 */
export const INJECTED_STATUS_ANSWERS: readonly [
  429 | 500 | 502 | 503 | 504,
  string,
  string | null,
][] = [
  [429, 'rate_limited', '1'],
  [500, 'server_error', null],
  [502, 'bad_gateway', null],
  [503, 'service_unavailable', '1'],
  [504, 'gateway_timeout', null],
];
