import { expect, test } from '@playwright/test';
import { PASSWORD, apiAs, pinDeviceId, settled, signUpByApi } from './fixtures';

/**
 * Bank accounts of a business with two stores (issue 14): the owner adds an account for one store (the
 * bank's name shown before saving), and says a business account is the other store's; the server keeps
 * both. Screenshots at 1280 and 375 px.
 */

const SHOTS = 'test-results/screenshots';

test('add a store’s bank account and move another to a store', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, {
    business_name: 'Chi Chi Fabrics',
    store_name: 'Balogun',
  });
  const b = data.business._id as string;
  const balogun = data.business.stores[0].id as string;
  const api = apiAs(request, { token: data.token as string, deviceId });
  const aba: { _id: string } = await api.post('/v1/stores/', { name: 'Aba' });
  await api.post(`/v1/payments/accounts/businesses/${b}`, { account_number: '0123456785', bank_code: '058' });

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(data.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/add-account');

  const form = page.getByRole('form', { name: 'Add a bank account' });
  await form.getByRole('combobox', { name: 'Bank' }).fill('Guaranty');
  await page.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
  await form.getByLabel('Account number').fill('0234567899');
  await expect(form.getByTestId('resolved-name')).toBeVisible();
  await form.getByLabel('Account of').click();
  await page.getByRole('option', { name: 'Aba' }).click();
  await form.getByRole('button', { name: 'Save account' }).click();
  await expect(form.getByText(/Saved: /)).toBeVisible();
  await expect(page.getByTestId('bank-account')).toHaveCount(2);

  // The first account becomes Balogun's.
  const first = page.getByTestId('bank-account').filter({ hasText: '0123456785' });
  await first.getByLabel('Account of (0123456785)').click();
  await page.getByRole('option', { name: 'Balogun' }).click();
  await expect(first.getByLabel('Account of (0123456785)')).toHaveValue('Balogun');

  const accounts: { account_number: string; store_id: string | null }[] = await api.get(
    `/v1/payments/accounts/businesses/${b}`,
  );
  expect(Object.fromEntries(accounts.map((a) => [a.account_number, a.store_id]))).toEqual({
    '0123456785': balogun,
    '0234567899': aba._id,
  });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/bank-accounts-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 780 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/bank-accounts-375.png`, fullPage: true });
});
