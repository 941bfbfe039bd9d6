/**
 * The transfer status rules one account's history shows (decision 029): a status never goes
 * back in rank (STS-4 to UNKNOWN once an account exists, STS-5 otherwise) and an account's
 * service account number never changes (GEN-9).
 */
import { type Finding, finding } from './findings.ts';
import { type AccountSlots, STATUS_BITS, STATUS_SHIFT } from './history-accounts.ts';

/** Transfer statuses by code (the index, kept in three bits per account) and rank. */
export const STATUSES = ['UNKNOWN', 'PENDING', 'IN_PROGRESS', 'REJECTED', 'COMPLETED'] as const;

/** The rank of each transfer status: once an account exists it never goes back to UNKNOWN. */
const STATUS_RANK = [0, 1, 2, 2, 2] as const;

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A 200 transfer status of the account in `slot`: STS-4, STS-5, GEN-9; records what it shows. */
export function checkStatus(
  accounts: AccountSlots,
  slot: number,
  answer: Record<string, unknown>,
): Finding[] {
  const out: Finding[] = [];
  const flags = accounts.flags(slot);
  const next = text(answer.status) ?? '';
  const code = (STATUSES as readonly string[]).indexOf(next);
  const seen = ((flags & STATUS_BITS) >> STATUS_SHIFT) - 1;
  const rank = code === -1 ? undefined : STATUS_RANK[code as 0];
  const seenRank = seen === -1 ? undefined : STATUS_RANK[seen as 0];
  if (rank !== undefined && seenRank !== undefined && rank < seenRank) {
    out.push(
      finding(
        rank === 0 ? 'STS-4' : 'STS-5',
        'reference',
        'getAccountTransferStatus',
        '/response/body/status',
        `transfer status went back from ${STATUSES[seen as 0]} to ${next}`,
      ),
    );
  }
  const number = text(answer.service_account_number);
  const known = accounts.number(slot);
  if (number && known && number !== known) {
    out.push(
      finding(
        'GEN-9',
        'reference',
        'getAccountTransferStatus',
        '/response/body/service_account_number',
        'the service account number of an account changed',
      ),
    );
  }
  if (rank !== undefined && (seenRank === undefined || rank >= seenRank)) {
    accounts.setFlags(slot, (flags & ~STATUS_BITS) | ((code + 1) << STATUS_SHIFT));
  }
  if (number && known === undefined) accounts.setNumber(slot, number);
  return out;
}
