import { expect, test } from '@playwright/test';
import { apiAs, PASSWORD, pinDeviceId, signUpByApi } from './fixtures';

/**
 * A day at the counter end to end (issue 4 acceptance), against the real server and only through
 * the app once the catalogue exists: open the register with a float, sell three items (a variety
 * with a modifier, a discounted line, a plain one) to a customer created at the till, pay part by
 * transfer and the rest in cash with change, print the receipt, refund one line to cash from the
 * sales history, close the register ₦100 short, and find the sale on the dashboard.
 */

const SHOTS = 'test-results/screenshots';

test('a day at the counter: open, sell, print, refund, close short, see it on the dashboard', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const deviceId = await pinDeviceId(page, 'counter-day');
  // The Print button calls window.print(): count the calls instead of opening the print dialog.
  await page.addInitScript(() => {
    const w = window as unknown as { __prints: number; print: () => void };
    w.__prints = 0;
    w.print = () => {
      w.__prints += 1;
    };
  });
  const owner = await signUpByApi(request, deviceId, {
    business_name: 'Adaeze Fashion & Provisions',
    store_name: 'Wuse',
  });
  const b: string = owner.business._id;
  const storeId: string = owner.business.stores[0].id;
  const api = apiAs(request, { token: owner.token, deviceId });
  const stock = (n: number) => [{ store_id: storeId, stock: n }];

  // The catalogue: a shirt in sizes S and L with an optional gift wrap, and two simple products.
  const extras = await api.post(`/v2/business/${b}/modifiers/set`, {
    name: 'Extras',
    business_id: b,
    modifiers: [{ name: 'Gift wrap', selling_price: 500 }],
  });
  await api.post(`/v2/business/${b}/products/`, {
    name: 'Ankara shirt',
    product_type: 'variable',
    selling_price: 6000,
    track_stock: true,
    modifiers: [extras._id],
    options: [{ name: 'Size', values: ['S', 'L'] }],
    varieties: [
      { option_values: { Size: 'S' }, selling_price: 6000, store_stock: stock(4) },
      { option_values: { Size: 'L' }, selling_price: 7500, store_stock: stock(4) },
    ],
  });
  await api.post(`/v2/business/${b}/products/`, {
    name: 'Peak milk tin',
    selling_price: 800,
    track_stock: true,
    store_stock: stock(24),
  });
  await api.post(`/v2/business/${b}/products/`, {
    name: 'Agege bread',
    selling_price: 1200,
    track_stock: true,
    store_stock: stock(10),
  });

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // 1. Open the store's register with a ₦5,000 float.
  await page.goto('/registers');
  await expect(page.getByRole('heading', { name: 'Registers' })).toBeVisible();
  const till = page.getByLabel('Main till, Wuse');
  await expect(till.getByText('Closed')).toBeVisible();
  await till.getByRole('button', { name: 'Open register' }).click();
  const openDialog = page.getByRole('dialog', { name: 'Open Main till' });
  await openDialog.getByLabel('Opening float').fill('5000');
  await openDialog.getByRole('button', { name: 'Open register' }).click();
  await expect(openDialog).toBeHidden();
  await expect(till.getByText('Open', { exact: true })).toBeVisible();
  await expect(till.getByTestId('expected-now')).toHaveText('₦5,000.00');

  // 2. The sale.
  await page.goto('/pos');
  await expect(page.getByRole('heading', { name: 'Point of sale' })).toBeVisible();
  await expect(page.getByText('Main till open', { exact: false })).toBeVisible();
  const cart = page.getByTestId('cart');
  const lines = cart.getByTestId('cart-line');

  // The shirt, size L (₦7,500) with gift wrap (₦500).
  await page.getByRole('button', { name: 'Add Ankara shirt' }).click();
  const shirt = page.getByRole('dialog', { name: 'Ankara shirt' });
  await shirt.getByText('L', { exact: true }).click();
  await shirt.getByRole('checkbox', { name: /Gift wrap/ }).check();
  await shirt.getByRole('button', { name: /Add 1 · ₦8,000.00/ }).click();
  await expect(shirt).toBeHidden();
  await expect(lines).toHaveCount(1);

  // The milk with ₦100 off.
  await page.getByRole('button', { name: 'Add Peak milk tin' }).click();
  await expect(lines).toHaveCount(2);
  const milkLine = lines.filter({ hasText: 'Peak milk tin' });
  await milkLine.getByRole('button', { name: 'Discount' }).click();
  const disc = page.getByRole('dialog', { name: /Discount on Peak milk tin/ });
  await disc.getByText('Amount (₦)').click();
  await disc.getByLabel('Discount (₦)').fill('100');
  await expect(disc.getByText('Takes ₦100.00 off ₦800.00')).toBeVisible();
  await disc.getByRole('button', { name: 'Apply' }).click();
  await expect(disc).toBeHidden();

  // The bread, plain.
  await page.getByRole('button', { name: 'Add Agege bread' }).click();
  await expect(lines).toHaveCount(3);
  // (7,500 + 500) + (800 − 100) + 1,200
  await expect(cart.getByTestId('cart-total')).toHaveText('₦9,900.00');

  // A new customer, created from the till's customer picker.
  await cart.getByRole('button', { name: 'New customer' }).click();
  await cart.getByLabel('First name').fill('Chiamaka');
  await cart.getByLabel('Phone number').fill('08034567890');
  await cart.getByRole('button', { name: 'Add customer' }).click();
  await expect(cart.getByText('Chiamaka', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/counter-day-cart.png`, fullPage: true });

  // Charge: ₦5,000 by transfer, the rest in cash from a ₦5,000 note.
  await cart.getByTestId('charge').click();
  await expect(page).toHaveURL(/\/pos-payment$/);
  await expect(page.getByTestId('amount-due')).toHaveText('₦9,900.00');
  await page.getByRole('radio', { name: 'bank transfer (fixed)' }).click();
  await page.getByLabel('Amount by bank transfer (fixed) (₦)').fill('5000');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('remainder')).toHaveText('₦4,900.00');
  await page.getByRole('radio', { name: 'Cash' }).click();
  await page.getByRole('button', { name: '₦5,000', exact: true }).click();
  await expect(page.getByTestId('remainder')).toHaveText('₦0.0');
  await expect(page.getByTestId('change-due')).toHaveText('₦100.00');
  await page.getByTestId('confirm-sale').click();

  // The receipt, printed.
  await expect(page.getByRole('heading', { name: 'Sale recorded' })).toBeVisible();
  await expect(page.getByTestId('change-due-final')).toHaveText('₦100.00');
  const receipt = page.getByTestId('receipt').first();
  for (const text of [
    'Ankara shirt (L)',
    'Gift wrap (₦500.00)',
    'Discount −₦100.00',
    'Peak milk tin',
    'Agege bread',
    'Customer: Chiamaka',
    'bank transfer (fixed)',
    '₦9,900.00',
  ])
    await expect(receipt).toContainText(text);
  const receiptNumber = /Receipt (RC-\d+)\n/.exec(await receipt.innerText())?.[1];
  // The business's first receipt.
  expect(receiptNumber).toBe('RC-000001');
  await page.getByRole('button', { name: 'Print' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __prints: number }).__prints)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  // On paper: the receipt alone, not the buttons around it.
  await expect(page.getByRole('link', { name: 'New sale' })).toBeHidden();
  await expect(page.getByTestId('receipt').filter({ visible: true })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/counter-day-receipt.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // 3. Sales history: find the sale, refund one bread to cash.
  await page.goto('/sales-history');
  await expect(page.getByRole('heading', { name: 'Sales history', level: 1 })).toBeVisible();
  await page.getByLabel('Receipt number').fill(receiptNumber!);
  await expect(page.getByText('1 sale', { exact: true })).toBeVisible();
  const row = page.getByRole('row', { name: `Open sale ${receiptNumber}` });
  await expect(row).toContainText('Chiamaka');
  await row.click();
  await expect(page.getByRole('heading', { name: `Sale ${receiptNumber}` })).toBeVisible();
  await expect(page.getByTestId('sale-total')).toHaveText('₦9,900.00');
  await page.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund' });
  await refund.getByLabel('Quantity to refund of Agege bread').fill('1');
  await refund.getByLabel('Cash from the register').check();
  await expect(refund.getByTestId('refund-amount')).toHaveText('₦1,200.00');
  await refund.getByRole('button', { name: 'Refund ₦1,200.00' }).click();
  await expect(refund).toBeHidden();
  await expect(page.getByText('Partially refunded')).toBeVisible();
  await expect(page.getByTestId('sale-refunds')).toContainText('1 × Agege bread');
  await expect(page.getByTestId('sale-refunds')).toContainText('₦1,200.00');

  // 4. Close the register ₦100 short: float 5,000 + cash kept 4,900 − refund 1,200 = 8,700 expected.
  await page.goto('/registers');
  await expect(till.getByTestId('expected-now')).toHaveText('₦8,700.00');
  await till.getByRole('button', { name: 'Close' }).click();
  const close = page.getByRole('dialog', { name: 'Close Main till' });
  await close.getByLabel('Counted cash').fill('8600');
  await expect(close.getByTestId('expected-cash')).toHaveText('₦8,700.00');
  await expect(close.getByTestId('cash-difference')).toHaveText('Short by ₦100.00');
  await close.getByRole('button', { name: 'Close register' }).click();
  await expect(close.getByText('Register closed')).toBeVisible();
  await expect(close.getByTestId('expected-cash')).toHaveText('₦8,700.00');
  await expect(close.getByTestId('counted-cash')).toHaveText('₦8,600.00');
  await expect(close.getByTestId('cash-difference')).toHaveText('Short by ₦100.00');
  await close.getByRole('button', { name: 'Done' }).click();
  await expect(till.getByText('Closed')).toBeVisible();

  // 5. The dashboard: the day's sales are this sale, its refund shown beside it; the receipt is listed.
  await page.goto('/dashboard');
  const sales = page.getByLabel('Sales', { exact: true });
  await expect(sales.getByTestId('figure-value')).toHaveText('₦9,900.00');
  await expect(sales).toContainText('1 sale · ₦1,200.00 refunded');
  await expect(page.getByLabel('Items sold', { exact: true }).getByTestId('figure-value')).toHaveText('3');
  await expect(page.getByLabel('Customers who bought', { exact: true })).toContainText('1 new');
  // The refunded bread went back on the shelf: S 4 × 6,000 + L 3 × 7,500 + 23 milk × 800 + 10 bread × 1,200.
  await expect(page.getByLabel('Inventory value', { exact: true }).getByTestId('figure-value')).toHaveText(
    '₦76,900.00',
  );
  const recent = page.getByRole('link', { name: `Sale ${receiptNumber}` });
  await expect(recent).toBeVisible();
  await expect(recent).toContainText('₦9,900.00');
  await expect(recent).toContainText('Partially refunded');
  await page.screenshot({ path: `${SHOTS}/counter-day-dashboard.png`, fullPage: true });
});
