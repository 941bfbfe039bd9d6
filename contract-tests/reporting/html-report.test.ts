import { describe, expect, it } from 'vitest';
import { notRunHtml } from './html-report.ts';
import { notRunSummary } from './test-summaries.test-helper.ts';

describe('notRunHtml', () => {
  it('shows the cause as text, never as markup, with the target, mode and start', () => {
    const html = notRunHtml(notRunSummary());
    expect(html).toContain(
      '<p><strong>did not run: the service said &lt;b&gt;&quot;no&quot; &amp; left&lt;/b&gt;</strong></p>',
    );
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '<p>Target: https://target.example. Mode: (unset). Started 2026-01-02T03:04:05.000Z; no rule was checked (1 test, 1 failed: the preflight).</p>',
    );
    expect(html.startsWith('<!doctype html>\n')).toBe(true);
    expect(html.endsWith('</main></body></html>\n')).toBe(true);
  });
});
