/**
 * Escaping shared by the writers of XML and HTML reports: a cause or a title is text from the
 * run (a service's error quoted by the preflight), never markup.
 */

/** The text with the characters that end an attribute or start markup escaped. */
export function escapeMarkup(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
