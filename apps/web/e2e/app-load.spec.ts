import { expect, test } from '@playwright/test';
import { PASSWORD, pinDeviceId, signUpByApi } from './fixtures';

/** Issue 11 §7: a full load of any screen says nothing alarming in the console. */
test('a full load of /login and of a screen behind login logs no router warning', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  const deviceId = await pinDeviceId(page);
  const owner = await signUpByApi(page.request, deviceId, { business_name: 'Quiet Console Ltd' });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/pos');
  await expect(page.getByRole('heading', { name: 'Point of sale' })).toBeVisible();
  expect(warnings.filter((w) => /HydrateFallback|hydrateFallback/.test(w))).toEqual([]);
});
