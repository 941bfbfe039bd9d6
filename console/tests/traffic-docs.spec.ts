/**
 * The docs site's page for the traffic face (`/docs/traffic`, decision 029): reached from the
 * landing page and the interface reference, its tables hold every option of every command as the
 * command line defines it, the whole default masking policy, every rule a finding can name and
 * every noise rule of a replay, with no accessibility finding; a hostile string in the facts it
 * is built from stays text.
 */

import { trafficCommands } from '../../traffic/cli.ts';
import { trafficDocsFacts } from '../../traffic/docs-facts.ts';
import { NOISE_RULES } from '../../traffic/fidelity.ts';
import { DEFAULT_MASK_POLICY } from '../../traffic/mask.ts';
import { KNOWN_RULES } from '../../traffic/rules-known.ts';
import { trafficDocsPage } from '../server/traffic-docs.ts';
import { axeViolations, expect, test } from './fixtures.ts';

test.describe('the traffic conformance page', () => {
  test('is linked from the landing page and the interface reference, and loads clean', async ({
    page,
    server,
    problems,
  }) => {
    await page.goto(`${server.url}/`);
    await page.locator('main').getByRole('link', { name: 'Traffic conformance' }).click();
    await expect(page).toHaveURL(`${server.url}/docs/traffic`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Traffic conformance: data-import-traffic',
    );
    for (const name of ['proxy', 'check', 'replay']) {
      await expect(
        page.getByRole('heading', {
          level: 3,
          name: new RegExp(`^data-import-traffic ${name}\\b`),
        }),
      ).toBeVisible();
    }
    await page.goto(`${server.url}/docs`);
    await expect(page.locator('.docs-hint a[href="/docs/traffic"]')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Mock pages' }).getByRole('link', {
        name: 'Traffic conformance',
      }),
    ).toHaveAttribute('href', '/docs/traffic');
    expect(problems.list).toEqual([]);
  });

  test('lists every option of every command as the command line defines it', async ({
    page,
    server,
  }) => {
    await page.goto(`${server.url}/docs/traffic`);
    const commands = trafficCommands();
    expect(commands.map((c) => c.name()).sort()).toEqual(['check', 'proxy', 'replay']);
    for (const command of commands) {
      const rows = page.locator(`table[data-command="${command.name()}"] tbody tr`);
      await expect(rows).toHaveCount(command.options.length);
      for (const option of command.options) {
        const row = rows.filter({ has: page.locator('th', { hasText: option.flags }) });
        await expect(row, `${command.name()} ${option.flags}`).toHaveCount(1);
        await expect(row).toContainText(option.description);
        for (const choice of option.argChoices ?? []) await expect(row).toContainText(choice);
      }
    }
    const failOn = page
      .locator('table[data-command="check"] tbody tr')
      .filter({ hasText: '--fail-on' });
    await expect(failOn.locator('td').nth(1)).toHaveText('error');
  });

  test('holds the whole masking policy, every rule a finding can name and every noise rule', async ({
    page,
    server,
  }) => {
    await page.goto(`${server.url}/docs/traffic`);
    const mask = page.locator('#mask-policy tbody tr');
    const entries = [...DEFAULT_MASK_POLICY.headers, ...DEFAULT_MASK_POLICY.fields];
    await expect(mask).toHaveCount(entries.length);
    await expect(mask.locator('th')).toHaveText(entries);
    await expect(mask.filter({ hasText: 'authorization' }).first()).toContainText(
      '[REDACTED:token:n]',
    );
    const rules = page.locator('#rules-table tbody tr');
    await expect(rules.locator('th')).toHaveText(KNOWN_RULES.map((r) => r.rule));
    await expect(rules.filter({ hasText: 'AUTH-4' })).toContainText('platform');
    await expect(rules.filter({ hasText: 'AUTH-4' })).toContainText('warning');
    await expect(page.locator('#noise-rules tbody tr th')).toHaveText([...NOISE_RULES.keys()]);
  });

  test('has no accessibility finding of any impact', async ({ page, server }) => {
    await page.goto(`${server.url}/docs/traffic`);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('shows a hostile string in the facts as text, never as markup', async ({ page, server }) => {
    const hostile = '<img src=x onerror="window.pwned=1"></code><script>window.pwned=2</script>';
    const facts = trafficDocsFacts();
    const [first, ...rest] = facts.commands;
    if (!first) throw new Error('the command line has commands');
    const poisoned = {
      ...facts,
      commands: [
        {
          ...first,
          description: hostile,
          options: [{ flags: `--x ${hostile}`, description: hostile, required: false }],
        },
        ...rest,
      ],
      mask: { ...facts.mask, entries: [{ name: hostile, where: 'field' as const, kind: hostile }] },
      rules: [
        { rule: hostile, source: 'kit' as const, scope: 'exchange' as const, shows: hostile },
      ],
      noise: [{ rule: hostile, reason: hostile }],
    };
    await page.goto(`${server.url}/docs/traffic`);
    await page.setContent(trafficDocsPage(poisoned));
    await expect(page.locator('#mask-policy tbody th')).toHaveText(hostile);
    await expect(page.locator('#rules-table tbody td').last()).toHaveText(hostile);
    await expect(page.locator('#noise-rules tbody td')).toHaveText(hostile);
    expect(await page.locator('main img, main script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBe(
      undefined,
    );
  });
});
