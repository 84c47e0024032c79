import { expect, test } from '@playwright/test';
import { PASSWORD, apiAs, pinDeviceId, signUpByApi, shootBothWidths } from './fixtures';

/**
 * The till end to end, against the real server: a scanned barcode, a variety with a modifier, a
 * discounted line, paid part by transfer and part cash with change, the receipt printed, and the
 * sale checked through the API. Set-up (products, modifier set, open register) goes through the API.
 */

const SHOTS = 'test-results/screenshots';

type Owner = { email: string; token: string; deviceId: string; businessId: string; storeId: string };

test('sell three items at the till, split cash and transfer, print the receipt', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, {
    business_name: 'Mama Put Supermarket',
    store_name: 'Wuse',
  });
  const owner: Owner = {
    email: data.email,
    token: data.token,
    deviceId,
    businessId: data.business._id,
    storeId: data.business.stores[0].id,
  };
  const api = apiAs(request, owner);
  const b = owner.businessId;
  const stock = (n: number) => [{ store_id: owner.storeId, stock: n }];

  const extras = await api.post(`/v2/business/${b}/modifiers/set`, {
    name: 'Extras',
    business_id: b,
    modifiers: [{ name: 'Gift wrap', selling_price: 500 }],
  });
  await api.post(`/v2/business/${b}/products/`, {
    name: 'Coca-Cola 50cl',
    barcode: '5449000000996',
    selling_price: 300,
    track_stock: true,
    store_stock: stock(20),
  });
  await api.post(`/v2/business/${b}/products/`, {
    name: 'Ankara shirt',
    product_type: 'variable',
    selling_price: 7000,
    track_stock: true,
    modifiers: [extras._id],
    options: [{ name: 'Size', values: ['M', 'L'] }],
    varieties: [
      { option_values: { Size: 'M' }, selling_price: 7000, store_stock: stock(3) },
      { option_values: { Size: 'L' }, selling_price: 7500, store_stock: stock(3) },
    ],
  });
  await api.post(`/v2/business/${b}/products/`, {
    name: 'Golden Penny Semovita 1kg',
    selling_price: 1100,
    track_stock: true,
    store_stock: stock(0),
  });
  // A cash sale needs an open register in the store.
  const registers: { _id: string }[] = await api.get(
    `/v1/registries/businesses/${b}?store_id=${owner.storeId}`,
  );
  await api.put(`/v1/registries/${registers[0]!._id}/open`, { float: 2000 });

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/pos');
  await expect(page.getByRole('heading', { name: 'Point of sale' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Ankara shirt' })).toBeVisible();
  // Out of stock is shown but can still be sold.
  await expect(page.getByRole('button', { name: 'Add Golden Penny Semovita 1kg' })).toContainText(
    'Out of stock',
  );

  // A USB scanner types the code and Enter, twice: one line of 2.
  const search = page.getByRole('searchbox', { name: 'Search products or scan a barcode' });
  await page.keyboard.press('F2');
  await expect(search).toBeFocused();
  for (let i = 0; i < 2; i++) {
    await search.pressSequentially('5449000000996', { delay: 5 });
    await search.press('Enter');
    await expect(search).toHaveValue('');
  }
  const cart = page.getByTestId('cart');
  await expect(cart.getByTestId('cart-line')).toHaveCount(1);
  await expect(cart.getByTestId('line-qty')).toHaveText('2');

  // Park the cart as a ticket, then resume it from Tickets.
  await cart.getByRole('button', { name: 'Park' }).click();
  await page.getByRole('dialog', { name: 'Park this cart' }).getByLabel('Ticket name').fill('Table 4');
  await page.getByRole('dialog', { name: 'Park this cart' }).getByRole('button', { name: 'Park' }).click();
  await expect(cart.getByTestId('cart-line')).toHaveCount(0);
  await page.getByRole('button', { name: 'Tickets' }).click();
  const parked = page.getByTestId('ticket').filter({ hasText: 'Table 4' });
  await expect(parked).toContainText('₦600.00');
  await parked.getByRole('button', { name: 'Resume' }).click();
  await expect(cart.getByTestId('line-qty')).toHaveText('2');

  // The shirt: size L and gift wrap in one dialog.
  await page.getByRole('button', { name: 'Add Ankara shirt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ankara shirt' });
  await dialog.getByText('L', { exact: true }).click();
  await dialog.getByRole('checkbox', { name: /Gift wrap/ }).check();
  await dialog.getByRole('button', { name: /Add 1 · ₦8,000.00/ }).click();
  await expect(dialog).toBeHidden();

  // Semovita found by typing, added with Enter, then 10 % off.
  await search.fill('semo');
  await expect(page.getByTestId('product-tile')).toHaveCount(1);
  await search.press('Enter');
  await expect(cart.getByTestId('cart-line')).toHaveCount(3);
  await cart.getByTestId('cart-line').nth(2).getByRole('button', { name: 'Discount' }).click();
  const disc = page.getByRole('dialog', { name: /Discount on Golden Penny/ });
  await disc.getByText('Percentage (%)').click();
  await disc.getByLabel('Discount (%)').fill('10');
  await disc.getByRole('button', { name: 'Apply' }).click();
  await expect(cart.getByTestId('cart-line').nth(2)).toContainText('10% off');
  // 2 × 300 + (7,500 + 500) + 1,100 − 110
  await expect(cart.getByTestId('cart-total')).toHaveText('₦9,590.00');
  // The register opened through the API shows with its float.
  await expect(page.getByText('Main till open', { exact: false })).toBeVisible();

  // A new customer, added without leaving the till.
  await cart.getByRole('button', { name: 'New customer' }).click();
  await cart.getByLabel('First name').fill('Bola');
  await cart.getByLabel('Phone number').fill('08031234567');
  await cart.getByRole('button', { name: 'Add customer' }).click();
  await expect(cart.getByText('Bola', { exact: true })).toBeVisible();
  // + / − change the selected line's quantity from the keyboard.
  await cart.getByRole('button', { name: 'Select Coca-Cola 50cl' }).click();
  await page.keyboard.press('+');
  await expect(cart.getByTestId('line-qty').first()).toHaveText('3');
  await page.keyboard.press('-');
  await expect(cart.getByTestId('line-qty').first()).toHaveText('2');
  await shootBothWidths(page, 'pos');
  // On a phone the cart is a bottom sheet.
  await page.setViewportSize({ width: 375, height: 780 });
  await page.getByRole('button', { name: /^Cart/ }).click();
  await expect(page.getByRole('dialog', { name: /^Cart ·/ }).getByTestId('cart-total')).toHaveText(
    '₦9,590.00',
  );
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/pos-cart-375.png` });
  await page.keyboard.press('Escape');
  // F4 is ignored while a dialog is open: wait for the sheet to close first.
  await expect(page.getByRole('dialog', { name: /^Cart ·/ })).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.keyboard.press('F4');
  await expect(page).toHaveURL(/\/pos-payment$/);
  await expect(page.getByTestId('amount-due')).toHaveText('₦9,590.00');
  await page.getByRole('radio', { name: 'bank transfer (fixed)' }).click();
  await page.getByLabel('Amount by bank transfer (fixed) (₦)').fill('5000');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('remainder')).toHaveText('₦4,590.00');
  await page.getByRole('radio', { name: 'Cash' }).click();
  await page.getByRole('button', { name: '₦5,000', exact: true }).click();
  await expect(page.getByTestId('remainder')).toHaveText('₦0.0');
  await expect(page.getByTestId('change-due')).toHaveText('₦410.00');
  await shootBothWidths(page, 'pos-payment');

  await page.getByTestId('confirm-sale').click();
  await expect(page.getByRole('heading', { name: 'Sale recorded' })).toBeVisible();
  await expect(page.getByTestId('change-due-final')).toHaveText('₦410.00');
  const receipt = page.getByTestId('receipt').first();
  await expect(receipt).toContainText('Ankara shirt');
  await expect(receipt).toContainText('Gift wrap');
  await expect(receipt).toContainText('₦9,590.00');
  await expect(receipt).toContainText('bank transfer (fixed)');
  await page.screenshot({ path: `${SHOTS}/pos-receipt-1280.png`, fullPage: true });
  await page.getByText('58 mm', { exact: true }).click();
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: `${SHOTS}/pos-receipt-print-58mm.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The server recorded it: one sale with the same totals, change and payments.
  const sales = await api.get(`/v2/business/${b}/sales?store=${owner.storeId}`);
  expect(sales.total).toBe(1);
  const sale = await api.get(`/v1/sales/${sales.items[0]._id}/businesses/${b}`);
  expect(sale.total).toBe(9590);
  expect(sale.change_due).toBe(410);
  expect(sale.customer_name).toBe('Bola');
  expect(sale.items.map((l: { name: string; quantity: number }) => [l.name, l.quantity])).toEqual([
    ['Coca-Cola 50cl', 2],
    ['Ankara shirt (L)', 1],
    ['Golden Penny Semovita 1kg', 1],
  ]);
  expect(sale.items[1].modifiers.map((m: { name: string }) => m.name)).toEqual(['Gift wrap']);
  expect(sale.items[2].discount_amount).toBe(110);
  expect(sale.payments.map((p: { method: string; amount: number }) => [p.method, p.amount]).sort()).toEqual([
    ['cash', 4590], // kept in the drawer: 5,000 tendered − 410 change
    ['fixed_account', 5000],
  ]);

  // New sale: the cart is empty; today's figures show the sale.
  await page.getByRole('link', { name: 'New sale' }).click();
  await expect(page.getByTestId('cart').getByText('The cart is empty', { exact: false })).toBeVisible();
  await page.goto('/pos-dashboard');
  await expect(page.getByTestId('today-count')).toHaveText('1');
  await expect(page.getByTestId('today-total')).toHaveText('₦9,590.00');
  // Float 2,000 + cash kept 4,590.
  await expect(page.getByTestId('drawer-cash')).toHaveText('₦6,590.00');
  await page.screenshot({ path: `${SHOTS}/pos-dashboard-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Reprint' }).click();
  await expect(page.getByRole('dialog', { name: 'Receipt' }).getByTestId('receipt')).toContainText('Bola');
});

test('pay later for a customer; an answer lost on the network does not record the sale twice', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, { business_name: 'Emeka Foods', store_name: 'Ikeja' });
  const owner: Owner = {
    email: data.email,
    token: data.token,
    deviceId,
    businessId: data.business._id,
    storeId: data.business.stores[0].id,
  };
  const api = apiAs(request, owner);
  const b = owner.businessId;
  await api.post(`/v2/business/${b}/products/`, {
    name: 'Bag of rice 50kg',
    selling_price: 75000,
    track_stock: true,
    store_stock: [{ store_id: owner.storeId, stock: 5 }],
  });
  await api.post('/v1/customers/', { first_name: 'Emeka', last_name: 'Obi', phone: '08051112222' });

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/pos');
  await page.getByRole('button', { name: 'Add Bag of rice 50kg' }).click();
  const cart = page.getByTestId('cart');
  await cart.getByRole('searchbox', { name: 'Find a customer' }).fill('Emeka');
  await cart.getByRole('option', { name: /Emeka Obi/ }).click();
  await cart.getByTestId('charge').click();

  await expect(page.getByTestId('amount-due')).toHaveText('₦75,000.00');
  await page.getByRole('radio', { name: 'bank transfer (fixed)' }).click();
  await page.getByLabel('Amount by bank transfer (fixed) (₦)').fill('25000');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('confirm-sale')).toBeDisabled();
  await page.getByLabel(/Pay later: leave ₦50,000.00 unpaid for Emeka Obi/).check();

  // The server records the sale but its answer never arrives: the app sends the same sale again
  // (sales go through the device's outbox to the upload endpoint, retried with the same id).
  let posts = 0;
  await page.route('**/v2/business/*/sales/offline/sync', async (route) => {
    posts += 1;
    if (posts === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else await route.continue();
  });
  await page.getByTestId('confirm-sale').click();
  await expect(page.getByRole('heading', { name: 'Sale recorded' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('₦50,000.00 is left to pay later by Emeka Obi')).toBeVisible();
  await expect.poll(() => posts, { timeout: 20_000 }).toBe(2);

  const salesNow = async () => (await api.get(`/v2/business/${b}/sales?store=${owner.storeId}`)).total;
  await expect.poll(salesNow, { timeout: 20_000 }).toBe(1);
  const sales = await api.get(`/v2/business/${b}/sales?store=${owner.storeId}`);
  expect(sales.total).toBe(1);
  expect(sales.items[0]).toMatchObject({
    status: 'partially_paid',
    balance: 50000,
    customer_name: 'Emeka Obi',
  });
});
