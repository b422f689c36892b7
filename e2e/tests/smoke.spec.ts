/**
 * Smoke: the stack is up, the built client is served, / goes to /home and the
 * login screen shows; unknown API paths answer JSON 404.
 */
import { expect, test } from '@/support/fixtures.js';

test('the app is served and / lands on the login screen', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });

  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
});
