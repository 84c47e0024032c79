import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, PASSWORD, pinDeviceId, signUpByApi, uniqueEmail } from './fixtures';

/**
 * A cashier assigned to one store (issue 11 §5): the sales report shows that store only, without
 * cost, profit or an "All stores" choice, in the page and in its CSV; the menu offers only what the
 * role can open; the background sync never asks for what the role may not read (no 403s).
 */

const SHOTS = 'test-results/screenshots';

const logIn = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
};

test("a cashier sees their store's sales without cost or profit, and a menu of what they can open", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, {
    business_name: 'Mama Tolu Stores',
    store_name: 'Wuse',
  });
  const b: string = data.business._id;
  const wuse: string = data.business.stores[0].id;
  const api = apiAs(request, { token: data.token, deviceId });
  const lekki: { _id: string } = await api.post('/v1/stores/', { name: 'Lekki' });
  const stock = [
    { store_id: wuse, stock: 20 },
    { store_id: lekki._id, stock: 20 },
  ];
  const cola = await api.post(`/v2/business/${b}/products/`, {
    name: 'Coca-Cola 50cl',
    selling_price: 300,
    cost_price: 200,
    track_stock: true,
    store_stock: stock,
  });
  const rice = await api.post(`/v2/business/${b}/products/`, {
    name: 'Mama Gold Rice 5kg',
    selling_price: 9000,
    cost_price: 7000,
    track_stock: true,
    store_stock: stock,
  });
  // Wuse sells 4 Coca-Cola, Lekki (not the cashier's store) 1 bag of rice; by card, no register needed.
  await api.post(`/v2/business/${b}/sales`, {
    _id: crypto.randomUUID(),
    store_id: wuse,
    items: [{ _id: cola._id, quantity: 4 }],
    payments: [{ method: 'card', amount: 1200 }],
  });
  await api.post(`/v2/business/${b}/sales`, {
    _id: crypto.randomUUID(),
    store_id: lekki._id,
    items: [{ _id: rice._id, quantity: 1 }],
    payments: [{ method: 'card', amount: 9000 }],
  });
  const roles: { _id: string; name: string }[] = await api.get(`/v1/businesses/${b}/roles`);
  const email = uniqueEmail('cashier');
  await api.post(`/v1/businesses/${b}/employees`, {
    first_name: 'Bola',
    last_name: 'Ade',
    email,
    phone: '08031234567',
    role_id: roles.find((r) => r.name.toLowerCase() === 'cashier')!._id,
    store_ids: [wuse],
    password: PASSWORD,
  });

  // Every answer the cashier's session gets that refuses the role.
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 403) refused.push(`${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  await logIn(page, email);

  // The menu: what a cashier can open, nothing that opens on "Your role does not let you...".
  const sidebar = page.getByLabel('Sidebar');
  await expect(sidebar.getByRole('link', { name: 'Point of Sale' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Products' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Registers' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Inventory Management' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/tenancy-cashier-menu-1280.png` });

  // The sales report: Wuse only, no "All stores" choice, no cost or profit.
  await page.goto('/sales-report');
  await expect(page.getByRole('heading', { name: 'Sales report', level: 1 })).toBeVisible();
  await expect(page.getByTestId('product-net-sales')).toHaveText('₦1,200.00');
  const table = page.getByTestId('product-table');
  await expect(table.getByRole('row', { name: /Coca-Cola 50cl/ })).toBeVisible();
  await expect(table.getByText('Mama Gold Rice 5kg')).toHaveCount(0);
  await expect(table.getByRole('button', { name: 'Cost' })).toHaveCount(0);
  await expect(table.getByRole('button', { name: 'Profit' })).toHaveCount(0);
  await expect(page.getByTestId('product-profit')).toHaveCount(0);
  const store = page.getByRole('combobox', { name: 'Store' });
  await expect(store).toHaveValue('Wuse');
  await store.click();
  await expect(page.getByRole('option')).toHaveText(['Wuse']);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SHOTS}/tenancy-cashier-report-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/tenancy-cashier-report-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = (await readFile(await download.path())).toString('utf8').split('\r\n');
  expect(csv[0]).toBe(
    'Product,Variety,Quantity sold,Quantity refunded,Net quantity,Gross sales,Refunds,Net sales',
  );
  expect(csv).toContain('Coca-Cola 50cl,,4,0,4,1200.00,0.00,1200.00');
  expect(csv.some((line) => line.startsWith('Mama Gold Rice'))).toBe(false);

  // The Registers page, then long enough for every background download to have run once.
  await page.goto('/registers');
  await expect(page.getByRole('heading', { name: 'Registers', level: 1 })).toBeVisible();
  await page.waitForTimeout(7_000 + 3_000 * 10);
  expect(refused).toEqual([]);
});
