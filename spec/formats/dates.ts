/** Calendar arithmetic on `YYYY-MM-DD` dates (GEN-3), in UTC so that no time zone shifts a day. */

/** The date `days` days after `date` (before it for a negative number). */
export function addDays(date: string, days: number): string {
  const shifted = new Date(`${date}T00:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}
