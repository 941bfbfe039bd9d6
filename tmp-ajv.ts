import { exampleAccount, fiftyTransactions } from './benchmarks/payloads.ts';
import { loadContract } from './spec/contract.ts';
import openapi from './spec/dist/openapi.json' with { type: 'json' };

const strip = (n: unknown): unknown =>
  Array.isArray(n)
    ? n.map(strip)
    : n && typeof n === 'object'
      ? Object.fromEntries(
          Object.entries(n)
            .filter(([k]) => k !== 'unevaluatedProperties')
            .map(([k, v]) => [k, strip(v)]),
        )
      : n;
const withU = loadContract(openapi as Record<string, unknown>, 'kit:a');
const without = loadContract(strip(openapi) as Record<string, unknown>, 'kit:b');
let count = 0;
JSON.stringify(openapi, (k, v) => {
  if (k === 'unevaluatedProperties') count++;
  return v;
});
console.log('unevaluatedProperties in spec:', count);
for (const [op, body] of [
  ['createOrUpdateAccountImportProcess', exampleAccount],
  ['createTransactions', fiftyTransactions],
] as const) {
  const b1 = structuredClone(body),
    b2 = structuredClone(body);
  if (withU.validateRequestBody(op, b1).length || without.validateRequestBody(op, b2).length)
    throw new Error('invalid');
  const t = { withU: 0, without: 0 };
  for (let r = 0; r < 10; r++) {
    let c = process.cpuUsage();
    for (let i = 0; i < 300; i++) withU.validateRequestBody(op, b1);
    let u = process.cpuUsage(c);
    t.withU += u.user + u.system;
    c = process.cpuUsage();
    for (let i = 0; i < 300; i++) without.validateRequestBody(op, b2);
    u = process.cpuUsage(c);
    t.without += u.user + u.system;
  }
  console.log(
    op,
    'CPU µs per validation: with unevaluatedProperties',
    Math.round(t.withU / 3000),
    'without',
    Math.round(t.without / 3000),
  );
}
