/**
 * The traffic proxy's live view (traffic/proxy-ui.ts, decision 029) in real Chromium: a mock, a
 * proxy in front of it with its view on a free port, one answer made wrong through the mock's
 * control API, and the finding appears on the open page without a reload, its sample masked.
 */
import { DEMO_API_KEY } from '../../mocks/defaults.ts';
import { startTrafficProxy } from '../../traffic/proxy.ts';
import { domesticExample, expect, test } from './fixtures.ts';

test('the live view shows a finding as it happens, its sample masked', async ({
  page,
  request,
  server,
}) => {
  const proxy = await startTrafficProxy({ target: server.url, uiPort: 0 });
  const problems: string[] = [];
  // The browser's own favicon request gets the view's 404: the view serves nothing it lacks.
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) {
      problems.push(`console: ${m.text()} ${m.location().url}`);
    }
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  try {
    await page.goto(proxy.uiUrl!);
    await expect(page.locator('main[data-ready="true"]')).toBeVisible();
    await expect(page.locator('#exchanges')).toHaveText('0');
    await expect(page.locator('#empty')).toBeVisible();

    // VAL-2: a 200 the operation does not have, once.
    const override = await request.post(`${server.url}/__mock/overrides`, {
      data: {
        request: { operation_id: 'validateAccount' },
        response: { status: 200, body: { detail: 'Looks fine.' } },
        times: 1,
      },
    });
    expect(override.status()).toBe(201);
    const login = await request.post(`${proxy.url}/v1/graphql/`, {
      data: {
        query:
          'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }',
        variables: { input: { APIKey: DEMO_API_KEY } },
      },
    });
    const token = (await login.json()).data.obtainKrakenToken.token as string;
    const validated = await request.post(`${proxy.url}/v1/data-import/validate-account/`, {
      headers: { authorization: `Token ${token}` },
      data: { ...domesticExample(), apiKey: DEMO_API_KEY, comment: `sent with ${token}` },
    });
    expect(validated.status()).toBe(200);

    // No reload: the page's polling brings the finding.
    await expect(page.locator('#exchanges')).toHaveText('2');
    const row = page.locator('#findings tbody tr', { hasText: 'VAL-2' });
    await expect(row).toContainText('validateAccount');
    await expect(row.locator('td').first()).toHaveText('error');
    await expect(page.locator('#errors')).not.toHaveText('0');
    await expect(page.locator('#empty')).toBeHidden();

    await page.getByLabel('Severity').selectOption('warning');
    await expect(row).toHaveCount(0);
    await page.getByLabel('Severity').selectOption('all');
    await row.getByRole('button', { name: /^Sample of VAL-2 validateAccount/ }).click();
    const sample = page.locator('#sample-first');
    await expect(sample).toContainText('POST /v1/data-import/validate-account/');
    await expect(sample).toContainText('[REDACTED]');
    const shown = (await page.locator('#sample').textContent()) ?? '';
    for (const secret of [DEMO_API_KEY, token, 'bob@jablonski.com']) {
      expect(shown).not.toContain(secret);
    }
    expect(problems).toEqual([]);
  } finally {
    await proxy.close();
  }
});
