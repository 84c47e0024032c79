import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { PASSWORD, apiAs, lastEmail, pinDeviceId, signUpByApi, uniqueEmail } from './fixtures';

/**
 * Sales history end to end against the real server: two sales recorded through the API (one cash,
 * one left to pay later by a customer), then in the app: the totals of the day, the sale found by
 * its receipt number, the receipt re-issued (print view), one line refunded to cash, and a payment
 * recorded on the unpaid sale.
 */

const SHOTS = 'test-results/screenshots';

type Owner = { email: string; token: string; deviceId: string; businessId: string; storeId: string };

const shoot = async (page: Page, name: string) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 780 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
};

test('find a sale, re-issue its receipt, refund a line to cash, and collect an unpaid sale', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, { business_name: 'Chika Mart', store_name: 'Garki' });
  const owner: Owner = {
    email: data.email,
    token: data.token,
    deviceId,
    businessId: data.business._id,
    storeId: data.business.stores[0].id,
  };
  const api = apiAs(request, owner);
  const b = owner.businessId;
  const stock = [{ store_id: owner.storeId, stock: 20 }];
  const rice = await api.post(`/v2/business/${b}/products/`, {
    name: 'Mama Gold rice 5kg',
    selling_price: 6500,
    track_stock: true,
    store_stock: stock,
  });
  const milk = await api.post(`/v2/business/${b}/products/`, {
    name: 'Peak milk tin',
    selling_price: 800,
    track_stock: true,
    store_stock: stock,
  });
  const registers: { _id: string }[] = await api.get(
    `/v1/registries/businesses/${b}?store_id=${owner.storeId}`,
  );
  await api.put(`/v1/registries/${registers[0]!._id}/open`, { float: 5000 });
  const tundeEmail = uniqueEmail('tunde');
  const customer = await api.post('/v1/customers/', {
    first_name: 'Tunde',
    last_name: 'Bakare',
    phone: '08031234567',
    email: tundeEmail,
  });

  // Sale 1, cash: 1 rice + 2 milk = ₦8,100, paid ₦10,000.
  const cashSale = await api.post(`/v2/business/${b}/sales`, {
    _id: randomUUID(),
    store_id: owner.storeId,
    items: [
      { _id: rice._id, quantity: 1 },
      { _id: milk._id, quantity: 2 },
    ],
    payments: [{ method: 'cash', amount: 10000 }],
  });
  expect(cashSale.total).toBe(8100);
  // Sale 2, left to pay later by Tunde: 3 milk = ₦2,400.
  const unpaidSale = await api.post(`/v2/business/${b}/sales`, {
    _id: randomUUID(),
    store_id: owner.storeId,
    customer_id: customer._id,
    items: [{ _id: milk._id, quantity: 3 }],
    payments: [],
    pay_later: true,
  });
  expect(unpaidSale.status).toBe('unpaid');

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Today's sales and their totals.
  await page.goto('/sales-history');
  await expect(page.getByRole('heading', { name: 'Sales history', level: 1 })).toBeVisible();
  await expect(page.getByTestId('total-count')).toHaveText('2');
  await expect(page.getByTestId('total-sold')).toHaveText('₦10,500.00');
  await expect(page.getByTestId('total-owed')).toHaveText('₦2,400.00');
  await expect(page.getByTestId('total-by-method')).toHaveText('Paid ₦8,100.00: Cash ₦8,100.00');
  await expect(page.getByText('2 sales')).toBeVisible();
  await expect(page.getByTestId('sales-table').getByText('Tunde Bakare')).toBeVisible();
  await shoot(page, 'sales-history-list');

  // Yesterday has none: the empty state says what to do.
  await page.getByText('Yesterday', { exact: true }).click();
  await expect(page.getByText('No sales in this range')).toBeVisible();
  await expect(page.getByTestId('total-sold')).toHaveText('₦0.0'); // spec 000 §9: zero shows 0.0
  await page.getByText('Today', { exact: true }).click();

  // Find the cash sale by its receipt number and open it.
  await page.getByLabel('Receipt number').fill(cashSale.receipt_number);
  await expect(page.getByText('1 sale', { exact: true })).toBeVisible();
  await page.getByRole('row', { name: `Open sale ${cashSale.receipt_number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/sales-history/${cashSale._id}$`));
  await expect(page.getByRole('heading', { name: `Sale ${cashSale.receipt_number}` })).toBeVisible();
  await expect(page.getByTestId('sale-total')).toHaveText('₦8,100.00');
  await expect(page.getByText('Change')).toBeVisible();
  await shoot(page, 'sales-history-detail');

  // Re-issue the receipt: the POS receipt, and only it when printed.
  await page.getByRole('button', { name: 'Re-issue receipt' }).click();
  const receiptDialog = page.getByRole('dialog', { name: 'Re-issue receipt' });
  await expect(receiptDialog.getByTestId('receipt')).toContainText(cashSale.receipt_number);
  await expect(receiptDialog.getByTestId('receipt')).toContainText('Peak milk tin');
  await page.screenshot({ path: `${SHOTS}/sales-history-receipt-1280.png` });
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: `${SHOTS}/sales-history-receipt-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.keyboard.press('Escape');
  await expect(receiptDialog).toBeHidden();

  // Refund one tin of milk to cash: the amount shows before confirming.
  await page.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund' });
  await expect(refund.getByRole('button', { name: /^Refund ₦/ })).toBeDisabled();
  await refund.getByLabel('Quantity to refund of Peak milk tin').fill('1');
  await expect(refund.getByTestId('refund-amount')).toHaveText('₦800.00');
  await refund.getByLabel('Reason (optional)').fill('Dented tin');
  await shoot(page, 'sales-history-refund');
  await refund.getByRole('button', { name: 'Refund ₦800.00' }).click();
  await expect(refund).toBeHidden();
  await expect(page.getByText('Partially refunded')).toBeVisible();
  const refunds = page.getByTestId('sale-refunds');
  await expect(refunds).toContainText('₦800.00');
  await expect(refunds).toContainText('1 × Peak milk tin');
  await expect(refunds).toContainText('Dented tin');
  await expect(page.getByTestId('sale-lines')).toContainText('1 refunded');

  // Another till refunds the rice while this dialog is open: the server refuses and says why.
  await page.getByRole('button', { name: 'Refund' }).click();
  await refund.getByLabel('Quantity to refund of Mama Gold rice 5kg').fill('1');
  await expect(refund.getByTestId('refund-amount')).toHaveText('₦6,500.00');
  const riceLine = cashSale.items.find((l: { name: string }) => l.name === 'Mama Gold rice 5kg');
  await api.post(`/v1/sales/${cashSale._id}/refunds`, {
    lines: [{ line_id: riceLine._id, quantity: 1 }],
    to: 'cash',
  });
  // Pushed to this page: the window says so, and keeps what the cashier picked.
  await expect(refund.getByText('This sale was changed while this window was open.')).toBeVisible();
  await expect(refund.getByTestId('refund-amount')).toHaveText('₦6,500.00');
  await refund.getByRole('button', { name: 'Refund ₦6,500.00' }).click();
  await expect(refund.getByRole('alert')).toHaveText('Mama Gold rice 5kg is already fully refunded.');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByTestId('sale-refunds')).toContainText('1 × Mama Gold rice 5kg');
  await expect(page.getByText('Refunded', { exact: true }).first()).toBeVisible();
  await shoot(page, 'sales-history-refunded');

  // The unpaid tab lists Tunde's sale; record his payment in cash.
  await page.goto('/sales-history');
  await page.getByRole('tab', { name: 'Unpaid' }).click();
  await expect(page.getByText('1 unpaid sale, owing ₦2,400.00')).toBeVisible();
  await shoot(page, 'sales-history-unpaid');
  await page.getByRole('row', { name: `Open sale ${unpaidSale.receipt_number}` }).click();
  await expect(page.getByTestId('sale-balance')).toHaveText('₦2,400.00');
  await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Record payment' }).click();
  const pay = page.getByRole('dialog', { name: 'Record payment' });
  await expect(pay.getByLabel('Amount')).toHaveValue('2,400');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay).toBeHidden();
  await expect(page.getByText('Completed')).toBeVisible();
  await expect(page.getByTestId('sale-balance')).toHaveCount(0);
  await expect(page.getByTestId('sale-payments')).toContainText('₦2,400.00');
  await shoot(page, 'sales-history-paid');

  // E-mail Tunde his receipt: his address is filled in.
  await page.getByRole('button', { name: 'Re-issue receipt' }).click();
  const mailDialog = page.getByRole('dialog', { name: 'Re-issue receipt' });
  await expect(mailDialog.getByLabel('E-mail receipt')).toHaveValue(tundeEmail);
  await mailDialog.getByRole('button', { name: 'Send' }).click();
  await expect(mailDialog.getByText(`Receipt sent to ${tundeEmail}.`)).toBeVisible();
  await expect
    .poll(async () => (await lastEmail(request, tundeEmail))?.body ?? '')
    .toContain(unpaidSale.receipt_number);
  await page.keyboard.press('Escape');

  // The customer's sales link to this page.
  await page.goto(`/sales-details/${unpaidSale._id}`);
  await expect(page.getByRole('heading', { name: `Sale ${unpaidSale.receipt_number}` })).toBeVisible();
});
