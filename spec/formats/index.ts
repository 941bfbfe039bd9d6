// TEMPORARY placeholder until the formats module lands; the formats helper replaces this file.
import type { Ajv } from 'ajv';
import { isValidPhoneNumber } from 'libphonenumber-js/max';

const mpanPrimes = [3, 5, 7, 13, 17, 19, 23, 29, 31, 37, 41, 43];
export const kitFormats: Record<string, (v: string) => boolean> = {
  'uk-phone': (v) => v.length <= 32 && isValidPhoneNumber(v, 'GB'),
  'uk-postcode': (v) =>
    /^([A-Z]{1,2}[0-9][A-Z0-9]?) ?([0-9][ABD-HJLNP-UW-Z]{2})$/i.test(v) || /^GIR ?0AA$/i.test(v),
  'mpan-core': (v) => {
    if (!/^\d{13}$/.test(v)) return false;
    const id = Number(v.slice(0, 2));
    if (id < 10 || id > 38) return false;
    const sum = mpanPrimes.reduce((s, p, i) => s + p * Number(v[i]), 0);
    return (sum % 11) % 10 === Number(v[12]);
  },
  mprn: (v) => {
    if (!/^\d{6,10}$/.test(v)) return false;
    const body = v.slice(0, -2);
    const n = body.length;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += Number(body[i]) * (n - i);
    return String(sum % 11).padStart(2, '0') === v.slice(-2);
  },
  'tax-year': (v) =>
    /^\d{4}\/\d{2}$/.test(v) && (Number(v.slice(0, 4)) + 1) % 100 === Number(v.slice(5)),
};
export function addKitFormats(ajv: Ajv): Ajv {
  for (const [name, validate] of Object.entries(kitFormats))
    ajv.addFormat(name, { type: 'string', validate });
  return ajv;
}
