/**
 * Editing the platform catalogue one part at a time (GEN-6, decision 015): pure functions over the
 * catalogue as the control API returns it, unit-tested beside this file. The whole document runs
 * to thousands of lines, more than a text box should hold, so the console edits a section, or one
 * entry of a list section, and saves only that section (patchPlatformCatalogue).
 */

/** The catalogue as the console handles it: sections by name, whatever each holds. */
export type Catalogue = Record<string, unknown>;

/** The entry picker's value for "the whole section". */
export const WHOLE_SECTION = '';

/** The keys that name a list entry, in the order they are tried. */
export const ENTRY_NAMES = [
  'code',
  'slug',
  'mpid',
  'key',
  'namespace',
  'type',
  'organisation',
  'name',
] as const;

/** How an entry of a list section is named in the entry picker. */
export function entryName(entry: unknown, index: number): string {
  if (typeof entry === 'string' || typeof entry === 'number') return String(entry);
  if (entry && typeof entry === 'object') {
    const record = entry as Record<string, unknown>;
    const key = ENTRY_NAMES.find((k) => typeof record[k] === 'string');
    if (key) return `${record[key]}`;
  }
  return `entry ${index + 1}`;
}

/** The part being edited: the section, or one entry when the section is a list and one is picked. */
export function editedPart(catalogue: Catalogue, section: string, entry: string): unknown {
  const value = catalogue[section];
  if (!Array.isArray(value) || entry === WHOLE_SECTION) return value;
  return value[Number(entry)];
}

/** The section to send when the edited part is saved: an edited entry replaces only itself. */
export function sectionWithPart(
  catalogue: Catalogue,
  section: string,
  entry: string,
  part: unknown,
): unknown {
  const current = catalogue[section];
  return Array.isArray(current) && entry !== WHOLE_SECTION
    ? current.map((e, i) => (i === Number(entry) ? part : e))
    : part;
}

/** The entry picked after the list changed: kept while it still exists, else the whole section. */
export function keptEntry(picked: string, length: number): string {
  return Number(picked) < length ? picked : WHOLE_SECTION;
}

/** A section as the section picker names it: a list with its length. */
export function sectionLabel(section: string, value: unknown): string {
  return Array.isArray(value) ? `${section} (${value.length})` : section;
}

/** The one-line summary of the catalogue: each list's length, each switch's value. */
export function catalogueSummary(catalogue: Catalogue): string {
  return Object.entries(catalogue)
    .map(([section, value]) =>
      Array.isArray(value) ? `${section}: ${value.length}` : `${section}: ${JSON.stringify(value)}`,
    )
    .join(' · ');
}
