import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, apiAs, pinDeviceId, signUpByApi } from './fixtures';

/**
 * A line sold at another price than the catalogue's: the owner (pos.discounts) changes it in the
 * cart, the totals follow, the server records that price and the receipt prints it; a cashier's
 * role (no pos.discounts) has no control for it.
 */

const SHOTS = 'test-results/screenshots';

const logIn = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
};

test('the owner sells a line at another price; a cashier cannot change prices', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, { business_name: 'Alaba Rice Depot', store_name: 'Ojo' });
  const b = data.business._id;
  const storeId = data.business.stores[0].id;
  const api = apiAs(request, { token: data.token, deviceId });
  await api.post(`/v2/business/${b}/products/`, {
    name: 'Rice 5kg',
    selling_price: 9500,
    track_stock: true,
    store_stock: [{ store_id: storeId, stock: 40 }],
  });

  await logIn(page, data.email);
  await page.goto('/pos');
  await page.getByRole('button', { name: 'Add Rice 5kg' }).click();
  const cart = page.getByTestId('cart');
  await cart.getByRole('button', { name: 'One more Rice 5kg' }).click();
  await expect(cart.getByTestId('cart-total')).toHaveText('₦19,000.00');

  await cart.getByRole('button', { name: 'Price of Rice 5kg' }).click();
  const dialog = page.getByRole('dialog', { name: 'Price of Rice 5kg' });
  await expect(dialog.getByText('Catalogue price: ₦9,500.00')).toBeVisible();
  await dialog.getByLabel('Unit price (₦)').fill('9000.50');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  // The old price struck through, the new one per unit, the totals from it.
  const price = cart.getByTestId('line-price');
  await expect(price).toHaveText('₦9,500.00 ₦9,000.50 each');
  await expect(price.getByText('₦9,500.00')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(cart.getByTestId('line-total')).toHaveText('₦18,001.00');
  await expect(cart.getByTestId('cart-total')).toHaveText('₦18,001.00');
  await page.screenshot({ path: `${SHOTS}/pos-price-override-1280.png` });
  await page.setViewportSize({ width: 375, height: 780 });
  await page.getByRole('button', { name: /^Cart/ }).click();
  await expect(page.getByRole('dialog', { name: /^Cart ·/ }).getByTestId('line-price')).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/pos-price-override-375.png` });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });

  await cart.getByTestId('charge').click();
  await expect(page.getByTestId('amount-due')).toHaveText('₦18,001.00');
  await page.getByRole('radio', { name: 'bank transfer (fixed)' }).click();
  await page.getByLabel('Amount by bank transfer (fixed) (₦)').fill('18001');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByTestId('confirm-sale').click();
  await expect(page.getByRole('heading', { name: 'Sale recorded' })).toBeVisible();
  const receipt = page.getByTestId('receipt').first();
  await expect(receipt).toContainText('2 × Rice 5kg');
  await expect(receipt).toContainText('@ ₦9,000.50');
  await expect(receipt).toContainText('₦18,001.00');

  // The server recorded the changed price.
  const sales = await api.get(`/v2/business/${b}/sales?store=${storeId}`);
  expect(sales.total).toBe(1);
  const sale = await api.get(`/v1/sales/${sales.items[0]._id}/businesses/${b}`);
  expect(
    sale.items.map((l: { price: number; quantity: number; total: number }) => [l.price, l.quantity, l.total]),
  ).toEqual([[9000.5, 2, 18001]]);
  expect(sale.total).toBe(18001);

  // A cashier (no pos.discounts) sells at the catalogue price only: no Price (nor Discount) control.
  const headers = { Authorization: `Bearer ${data.token}`, deviceID: deviceId };
  const roles = (await (await request.get(`/v1/businesses/${b}/roles`, { headers })).json()).data as {
    _id: string;
    name: string;
  }[];
  const email = `cashier.${Date.now().toString(36)}@e2e.ng`;
  const created = await request.post(`/v1/businesses/${b}/employees`, {
    headers,
    data: {
      first_name: 'Bola',
      last_name: 'Ade',
      email,
      role_id: roles.find((r) => r.name.toLowerCase() === 'cashier')!._id,
      store_ids: [storeId],
      password: PASSWORD,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await page.evaluate(() => {
    localStorage.removeItem('ms.session');
    localStorage.removeItem('ms.savedUsers');
  });
  await logIn(page, email);
  await page.goto('/pos');
  await page.getByRole('button', { name: 'Add Rice 5kg' }).click();
  await expect(cart.getByTestId('cart-total')).toHaveText('₦9,500.00');
  await expect(cart.getByRole('button', { name: 'One more Rice 5kg' })).toBeVisible();
  await expect(cart.getByRole('button', { name: 'Price of Rice 5kg' })).toHaveCount(0);
  await expect(cart.getByRole('button', { name: 'Discount' })).toHaveCount(0);
});
