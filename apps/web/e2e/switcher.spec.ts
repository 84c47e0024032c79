import { expect, test } from '@playwright/test';
import { PASSWORD, signUpByApi, pinDeviceId } from './fixtures';

test('two saved users: switch between them from the top bar', async ({ page, request }) => {
  const deviceId = await pinDeviceId(page);
  await page.goto('/login');
  const first = await signUpByApi(request, deviceId, {
    business_name: 'Amaka Pharmacy',
    first_name: 'Amaka',
  });
  const second = await signUpByApi(request, deviceId, {
    business_name: 'Bayo Electronics',
    first_name: 'Bayo',
  });

  await page.getByLabel('E-mail').fill(first.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page.getByText('Amaka Pharmacy').first()).toBeVisible();

  await page.getByRole('button', { name: /switch user/i }).click();
  await page.getByRole('menuitem', { name: /add another account/i }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('E-mail').fill(second.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page.getByText('Bayo Electronics').first()).toBeVisible();

  await page.getByRole('button', { name: /switch user/i }).click();
  await page.getByRole('menuitem', { name: /Amaka/ }).click();
  await expect(page.getByText('Amaka Pharmacy').first()).toBeVisible();

  await page.getByRole('button', { name: /switch user/i }).click();
  await page.getByRole('menuitem', { name: /Bayo/ }).click();
  await expect(page.getByText('Bayo Electronics').first()).toBeVisible();
});
