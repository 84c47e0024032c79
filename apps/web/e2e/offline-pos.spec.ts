import { expect, test } from '@playwright/test';
import { PASSWORD, apiAs, pinDeviceId, signUpByApi } from './fixtures';
import { downloaded, readLocal, waiting } from './offline-helpers';

/**
 * Issue 5, "what the cashier sees": the till works offline. Online once (the products, customers
 * and stores download to the device, the service worker keeps the app), then offline: reload,
 * search, scan, sell three sales (one to a customer made offline), the stock lowered here; back
 * online: exactly those 3 sales and 1 customer on the server, stock right, nothing left waiting.
 */

const SHOTS = 'test-results/screenshots';

test('offline till: search, scan, sell 3 sales (one to a customer made offline); all upload once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, { business_name: 'Offline Mart', store_name: 'Garki' });
  const owner = {
    email: data.email as string,
    token: data.token as string,
    deviceId,
    businessId: data.business._id as string,
    storeId: data.business.stores[0].id as string,
  };
  const api = apiAs(request, owner);
  const b = owner.businessId;
  const stock = (n: number) => [{ store_id: owner.storeId, stock: n }];
  const coke = await api.post(`/v2/business/${b}/products/`, {
    name: 'Coca-Cola 50cl',
    barcode: '5449000000996',
    selling_price: 300,
    track_stock: true,
    store_stock: stock(20),
  });
  const dairy = await api.post(`/v2/business/${b}/product/categories`, { name: 'Dairy' });
  const peak = await api.post(`/v2/business/${b}/products/`, {
    name: 'Peak Milk Tin',
    category_id: dairy._id,
    selling_price: 650,
    track_stock: true,
    store_stock: stock(10),
  });
  const extras = await api.post(`/v2/business/${b}/modifiers/set`, {
    name: 'Extras',
    business_id: b,
    modifiers: [{ name: 'Gift wrap', selling_price: 500 }],
  });
  const shirt = await api.post(`/v2/business/${b}/products/`, {
    name: 'Ankara shirt',
    product_type: 'variable',
    modifiers: [extras._id],
    selling_price: 7000,
    track_stock: true,
    options: [{ name: 'Size', values: ['M', 'L'] }],
    varieties: [
      { option_values: { Size: 'M' }, selling_price: 7000, store_stock: stock(3) },
      { option_values: { Size: 'L' }, selling_price: 7500, store_stock: stock(3) },
    ],
  });
  const registers: { _id: string }[] = await api.get(
    `/v1/registries/businesses/${b}?store_id=${owner.storeId}`,
  );
  await api.put(`/v1/registries/${registers[0]!._id}/open`, { float: 1000 });

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/pos');
  await expect(page.getByRole('button', { name: 'Add Peak Milk Tin' })).toBeVisible();

  // Online once: the service worker takes the app, the engine downloads what the till needs.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  for (const module of ['products', 'customers', 'stores', 'categories'])
    await expect.poll(() => downloaded(page, b, module), { timeout: 60_000 }).toBe(true);

  await context.setOffline(true);
  // "Today at the till" needs the server for the sales: it says so, and still shows the drawer.
  await page.goto('/pos-dashboard');
  await expect(
    page.getByRole('alert').filter({ hasText: "Today's sales could not be loaded" }),
  ).toBeVisible();
  await expect(page.getByTestId('today-count')).toHaveText('—');
  await expect(page.getByTestId('drawer-cash')).not.toHaveText('…');
  await expect(page.getByText('Your sales of today show here once the network is back.')).toBeVisible();
  await expect(page.getByText('No sale yet today', { exact: false })).toHaveCount(0);
  await page.goto('/pos');
  await expect(page.getByRole('heading', { name: 'Point of sale' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search products or scan a barcode' });
  const cart = page.getByTestId('cart');

  const payExactCash = async () => {
    await cart.getByTestId('charge').click();
    await expect(page).toHaveURL(/\/pos-payment$/);
    await page.getByRole('radio', { name: 'Cash' }).click();
    await page.getByRole('button', { name: 'Exact' }).click();
    await page.getByTestId('confirm-sale').click();
    await expect(page.getByRole('heading', { name: 'Sale recorded' })).toBeVisible();
    await expect(page.getByTestId('saved-on-device')).toContainText('Saved on this device');
  };
  const newSale = async () => {
    await page.getByRole('link', { name: 'New sale' }).click();
    await expect(cart.getByText('The cart is empty', { exact: false })).toBeVisible();
  };

  // The category chips come from the device too.
  await page.getByText('Dairy', { exact: true }).click();
  await expect(page.getByTestId('product-tile')).toHaveCount(1);
  await page.getByText('All', { exact: true }).click();
  await expect(page.getByTestId('product-tile')).toHaveCount(3);

  // Sale 1: found by typing, parked as a ticket and resumed, all offline.
  await search.fill('peak');
  await expect(page.getByTestId('product-tile')).toHaveCount(1);
  await search.press('Enter');
  await expect(cart.getByTestId('cart-line')).toHaveCount(1);
  await cart.getByRole('button', { name: 'Park' }).click();
  const park = page.getByRole('dialog', { name: 'Park this cart' });
  await park.getByLabel('Ticket name').fill('Table 1');
  await park.getByRole('button', { name: 'Park' }).click();
  await expect(cart.getByTestId('cart-line')).toHaveCount(0);
  await page.getByRole('button', { name: 'Tickets' }).click();
  const parked = page.getByTestId('ticket').filter({ hasText: 'Table 1' });
  await expect(parked).toContainText('₦650.00');
  await parked.getByRole('button', { name: 'Resume' }).click();
  await expect(cart.getByTestId('cart-line')).toHaveCount(1);
  await payExactCash();
  await expect(page.getByTestId('receipt').first()).toContainText('₦650.00');
  await page.screenshot({ path: `${SHOTS}/offline-pos-receipt-1280.png`, fullPage: true });
  await newSale();

  // Sale 2: a scanner types the barcode twice.
  for (let i = 0; i < 2; i++) {
    await search.pressSequentially('5449000000996', { delay: 5 });
    await search.press('Enter');
    await expect(search).toHaveValue('');
  }
  await expect(cart.getByTestId('line-qty')).toHaveText('2');
  await payExactCash();
  await newSale();

  // Sale 3: to a customer added offline, a variety.
  await cart.getByRole('button', { name: 'New customer' }).click();
  await cart.getByLabel('First name').fill('Chioma');
  await cart.getByLabel('Phone number').fill('08035556666');
  await cart.getByRole('button', { name: 'Add customer' }).click();
  await expect(cart.getByText('Chioma', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add Ankara shirt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ankara shirt' });
  await dialog.getByText('L', { exact: true }).click();
  await dialog.getByRole('checkbox', { name: /Gift wrap/ }).check();
  await dialog.getByRole('button', { name: /Add 1 · ₦8,000.00/ }).click();
  await payExactCash();
  await expect(page.getByTestId('receipt').first()).toContainText('Chioma');
  await newSale();

  // The stock shown is lowered here; the customer made offline can be found.
  await expect(page.getByRole('button', { name: 'Add Peak Milk Tin' })).toContainText('9 in stock');
  await expect(page.getByRole('button', { name: 'Add Coca-Cola 50cl' })).toContainText('18 in stock');
  await expect(page.getByRole('button', { name: 'Add Ankara shirt' })).toContainText('5 in stock');
  await cart.getByRole('searchbox', { name: 'Find a customer' }).fill('chio');
  await expect(cart.getByRole('option', { name: /Chioma/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/offline-pos-1280.png`, fullPage: true });
  expect(await waiting(page, b)).toBe(4);

  // The stock screen works offline too, from the stock on this device: 20 + 10 + 6 − 4 sold.
  await page.goto('/inventory/stock-dashboard');
  await expect(
    page.getByTestId('stat').filter({ hasText: 'Units in stock' }).getByTestId('stat-value'),
  ).toHaveText('32');
  await page.screenshot({ path: `${SHOTS}/offline-stock-1280.png`, fullPage: true });

  // Back online: everything uploads, once.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => waiting(page, b), { timeout: 60_000 }).toBe(0);
  // The ticket parked and sold offline is gone everywhere.
  await expect.poll(async () => (await readLocal(page, b, 'tickets_unsynced')).length).toBe(0);
  expect((await api.get(`/v2/business/${b}/tickets`)).tickets).toEqual([]);

  const sales = await api.get(`/v2/business/${b}/sales?store=${owner.storeId}`);
  expect(sales.total).toBe(3);
  expect(sales.items.every((s: { is_offline_data: boolean }) => s.is_offline_data)).toBe(true);
  expect(sales.items.map((s: { total: number }) => s.total).sort((x: number, y: number) => x - y)).toEqual([
    600, 650, 8000,
  ]);
  expect(sales.items.find((s: { total: number }) => s.total === 8000).customer_name).toBe('Chioma');
  const customers = await api.get(`/v2/customers/businesses/${b}/list?search=Chioma`);
  expect(customers.total).toBe(1);

  const product = (id: string) => api.get(`/v2/business/${b}/products/${id}`);
  expect((await product(peak._id)).stock).toBe(9);
  expect((await product(coke._id)).stock).toBe(18);
  const shirtNow = await product(shirt._id);
  expect(shirtNow.varieties.map((v: { name: string; stock: number }) => [v.name, v.stock])).toEqual([
    ['M', 3],
    ['L', 2],
  ]);
});
