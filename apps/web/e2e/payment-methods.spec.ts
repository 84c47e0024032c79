import { expect, test } from '@playwright/test';
import { PASSWORD, apiAs, pinDeviceId, signUpByApi, shootBothWidths } from './fixtures';

/**
 * Custom payment options end to end: the owner adds "POS terminal (Moniepoint)" on /payment-methods
 * and turns card off, the till offers the new option (with its instructions) and not card, a sale
 * paid with it is recorded, and the receipt and the sale name the option.
 */

const OPTION = 'POS terminal (Moniepoint)';
const INSTRUCTIONS = 'Charge the card on the Moniepoint terminal first.';

test('add a custom payment option and sell with it at the till', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, { business_name: 'Iya Bisi Provisions' });
  const owner = { token: data.token as string, deviceId };
  const b = data.business._id as string;
  const storeId = data.business.stores[0].id as string;
  const api = apiAs(request, owner);
  await api.post(`/v2/business/${b}/products/`, {
    name: 'Indomie Chicken 70g',
    selling_price: 250,
    track_stock: true,
    store_stock: [{ store_id: storeId, stock: 40 }],
  });

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(data.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Settings > Payment methods.
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await page.getByRole('link', { name: 'Payment methods' }).click();
  await expect(page).toHaveURL(/\/payment-methods$/);
  await expect(page.getByRole('heading', { name: 'Payment Methods' })).toBeVisible();
  const cash = page.getByRole('switch', { name: 'Cash' });
  await expect(cash).toBeChecked();
  // Always on: it reads as on (not greyed like an off switch) and a tap does not turn it off.
  await expect(cash).toHaveAttribute('aria-readonly', 'true');
  await cash.click({ force: true });
  await expect(cash).toBeChecked();
  const card = page.getByRole('switch', { name: 'Card' });
  await expect(card).toBeChecked();
  await card.click({ force: true });
  await expect(card).not.toBeChecked();

  const form = page.getByRole('form', { name: 'Add payment option' });
  await form.getByLabel('Name').fill(OPTION);
  await form.getByLabel('Instructions for the cashier').fill(INSTRUCTIONS);
  await form.getByRole('button', { name: 'Add payment option' }).click();
  const list = page.getByRole('list', { name: 'Custom payment options' });
  await expect(list.getByRole('listitem').filter({ hasText: OPTION })).toContainText(INSTRUCTIONS);
  await expect(form.getByLabel('Name')).toHaveValue('');
  // The same name again, in another case, is refused with the server's message.
  await form.getByLabel('Name').fill(OPTION.toUpperCase());
  await form.getByRole('button', { name: 'Add payment option' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'already exists' })).toBeVisible();
  await form.getByLabel('Name').fill('');
  // A second option, deleted after a confirmation.
  await form.getByLabel('Name').fill('Cheque');
  await form.getByRole('button', { name: 'Add payment option' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete Cheque' }).click();
  await page
    .getByRole('dialog', { name: 'Delete payment option?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await shootBothWidths(page, 'payment-methods');

  // At the till: the option is a button next to the built-ins, card is gone.
  await page.goto('/pos');
  await page.getByRole('button', { name: 'Add Indomie Chicken 70g' }).click();
  await page.getByRole('button', { name: 'Add Indomie Chicken 70g' }).click();
  await expect(page.getByTestId('cart').getByTestId('cart-total')).toHaveText('₦500.00');
  await page.keyboard.press('F4');
  await expect(page).toHaveURL(/\/pos-payment$/);
  const methods = page.getByRole('radiogroup', { name: 'Payment method' });
  await expect(methods.getByRole('radio', { name: OPTION })).toBeVisible();
  await expect(methods.getByRole('radio', { name: 'Card' })).toHaveCount(0);
  await methods.getByRole('radio', { name: OPTION }).click();
  await expect(page.getByTestId('method-instructions')).toContainText(INSTRUCTIONS);
  await page.getByLabel(`Amount by ${OPTION} (₦)`).fill('500');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('payment-line')).toContainText(OPTION);
  await expect(page.getByTestId('remainder')).toHaveText('₦0.0');
  await shootBothWidths(page, 'payment-methods-pos');
  await page.getByTestId('confirm-sale').click();
  await expect(page.getByRole('heading', { name: 'Sale recorded' })).toBeVisible();
  await expect(page.getByTestId('receipt').first()).toContainText(OPTION);

  // The server kept the option's name on the payment.
  const sales = await api.get(`/v2/business/${b}/sales?store=${storeId}`);
  const sale = await api.get(`/v1/sales/${sales.items[0]._id}/businesses/${b}`);
  expect(
    sale.payments.map((p: { method_label: string; amount: number }) => [p.method_label, p.amount]),
  ).toEqual([[OPTION, 500]]);
});
