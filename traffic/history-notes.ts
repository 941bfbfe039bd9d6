/**
 * NOTE-3 from history: "A note is created only if no note on the account has the same body (and
 * the same created_at, when given); otherwise its status is NOTE_ALREADY_EXISTS." Each note
 * created is kept as the digest of its exact body and created_at, at most `MAX_DIGESTS` an
 * account (decision 029), so a note answered created again on the same account is seen whatever
 * the bodies' size.
 */
import { type Finding, finding } from './findings.ts';
import { type AccountSlots, digestOf } from './history-accounts.ts';

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** NOTE-3 on a 201 of createNotes for the account in `slot`; records the notes created. */
export function checkNotes(
  accounts: AccountSlots,
  slot: number,
  request: unknown,
  answer: unknown,
): Finding[] {
  const out: Finding[] = [];
  if (!isRecord(request) || !Array.isArray(request.notes) || !Array.isArray(answer)) return [];
  const sentNotes: unknown[] = request.notes;
  for (const [i, item] of answer.entries()) {
    if (!isRecord(item)) continue;
    // NOTE-5 gives no order to the answer's items: pair each with the sent note of its body,
    // by position when the answer echoes no body the request sent.
    const sent: unknown =
      (typeof item.body === 'string'
        ? sentNotes.find((n) => isRecord(n) && n.body === item.body)
        : undefined) ?? sentNotes[i];
    if (!isRecord(sent) || typeof sent.body !== 'string') continue;
    if (item.status !== 'NOTE_CREATION_SUCCESS') continue;
    const digest = digestOf(sent.body, text(sent.created_at) ?? '');
    if (accounts.digestsOf(slot, 'notes', false)?.has(digest)) {
      out.push(
        finding(
          'NOTE-3',
          'reference',
          'createNotes',
          `/response/body/${i}/status`,
          'a note whose body was already created on the account was answered as created',
        ),
      );
    }
    accounts.addDigest(slot, 'notes', digest);
  }
  return out;
}
