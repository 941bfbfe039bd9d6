/**
 * The README's "in browsers": the kit's MSW handlers run in the page (setupWorker) and answer a
 * supplier's first ten minutes from the service worker, with nothing reaching the network or the
 * standalone mock that served the page.
 */
import { expect, test } from './fixtures.ts';

test('[GEN-1] the MSW page walks the first ten minutes inside the browser', async ({
  page,
  server,
}) => {
  const network: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith('https://api.example.energy')) network.push(r.url());
  });
  await page.goto(`${server.url}/msw/`);
  await expect(page.locator('#msw-status')).toHaveAttribute('data-state', 'done', {
    timeout: 180_000,
  });
  const steps = page.locator('#msw-steps li');
  await expect(steps).toHaveCount(10);
  await expect(page.locator('#msw-steps li[data-ok="false"]')).toHaveCount(0);
  await expect(steps.nth(5)).toContainText('PENDING');
  // The standalone mock saw none of it: the worker answered every call.
  const journal = server.mock.service.journal.entries().map((e) => e.path);
  expect(journal.filter((p) => p.startsWith('/v1/'))).toEqual([]);
  expect(server.mock.state.accounts).toEqual({});
  // Playwright sees the page's requests; each was answered by the worker (no network to reach).
  expect(network.length).toBeGreaterThan(0);
});
