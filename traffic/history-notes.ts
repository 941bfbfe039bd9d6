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

/** Notes of one exchange read; a longer batch is read this far (bounded work). */
const MAX_NOTES = 1000;

/** The instant of a datetime, or NaN: created_at may be written in any RFC 3339 form. */
function instant(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

/**
 * The sent note an answer item stands for. NOTE-5 gives the items no order: an item is paired
 * with an unpaired sent note of its body, preferably of its created_at instant, else one sent
 * without created_at, else any; by position only when no sent note has its body and that
 * position is unpaired. Each sent note is paired once, so two notes of one body (at two
 * created_at) are never read as one note created twice.
 */
function sentIndex(
  sent: unknown[],
  item: Record<string, unknown>,
  position: number,
  used: ReadonlySet<number>,
): number | undefined {
  const at = instant(item.created_at);
  let withoutTime: number | undefined;
  let any: number | undefined;
  for (const [k, note] of sent.entries()) {
    if (used.has(k) || !isRecord(note) || note.body !== item.body) continue;
    if (!Number.isNaN(at) && instant(note.created_at) === at) return k;
    if (note.created_at === undefined) withoutTime ??= k;
    any ??= k;
  }
  const byBody = withoutTime ?? any;
  if (byBody !== undefined) return byBody;
  return used.has(position) ? undefined : position;
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
  const sentNotes: unknown[] = request.notes.slice(0, MAX_NOTES);
  const used = new Set<number>();
  for (const [i, item] of answer.slice(0, MAX_NOTES).entries()) {
    if (!isRecord(item)) continue;
    const k = sentIndex(sentNotes, item, i, used);
    if (k === undefined) continue;
    used.add(k);
    const sent = sentNotes[k];
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
