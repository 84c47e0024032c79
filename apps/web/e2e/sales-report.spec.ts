import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, PASSWORD, pinDeviceId, signUpByApi } from './fixtures';

/**
 * The sales report against the real server: two card sales and a refund made through the API, then
 * /sales-report shows net sales and profit per product with a chart, employees and customers, one
 * employee's summary, and "Export CSV" downloads the same figures.
 */

const SHOTS = 'test-results/screenshots';

type Owner = { email: string; token: string; deviceId: string; businessId: string; storeId: string };

const shoot = async (page: Page, name: string) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 780 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
};

test('sales made through the API show in the sales report, its chart and its CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, {
    business_name: 'Iya Bose Provisions',
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
  const stock = [{ store_id: owner.storeId, stock: 20 }];
  const cola = await api.post(`/v2/business/${b}/products/`, {
    name: 'Coca-Cola 50cl',
    selling_price: 300,
    cost_price: 200,
    track_stock: true,
    store_stock: stock,
  });
  const semo = await api.post(`/v2/business/${b}/products/`, {
    name: 'Golden Penny Semovita 1kg',
    selling_price: 1100,
    cost_price: 800,
    track_stock: true,
    store_stock: stock,
  });
  const bola = await api.post('/v1/customers/', {
    first_name: 'Bola',
    last_name: 'Adeyemi',
    phone: '07020000001',
  });
  // 5 Coca-Cola to Bola (one comes back), 2 Semovita: by card, no register needed.
  const first = await api.post(`/v2/business/${b}/sales`, {
    _id: crypto.randomUUID(),
    store_id: owner.storeId,
    customer_id: bola._id,
    items: [{ _id: cola._id, quantity: 5 }],
    payments: [{ method: 'card', amount: 1500 }],
  });
  await api.post(`/v2/business/${b}/sales`, {
    _id: crypto.randomUUID(),
    store_id: owner.storeId,
    items: [{ _id: semo._id, quantity: 2 }],
    payments: [{ method: 'card', amount: 2200 }],
  });
  await api.post(`/v1/sales/${first.id}/refunds`, {
    lines: [{ line_id: first.items[0]._id, quantity: 1 }],
    to: 'original',
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // By product: net of the refund, profit from cost prices, a bar chart of the top products.
  await page.goto('/sales-report');
  await expect(page.getByRole('heading', { name: 'Sales report', level: 1 })).toBeVisible();
  await expect(page.getByTestId('product-net-sales')).toHaveText('₦3,400.00');
  await expect(page.getByTestId('product-profit')).toHaveText('₦1,000.00');
  const table = page.getByTestId('product-table');
  const colaRow = table.getByRole('row', { name: /Coca-Cola 50cl/ });
  await expect(colaRow).toContainText('₦1,200.00');
  await expect(colaRow).toContainText('₦400.00');
  await expect(page.getByTestId('product-table-totals')).toContainText('₦3,400.00');
  const chart = page.getByTestId('product-chart');
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(2);
  // Bars carry their net sales; names are axis labels (SVG text split into lines).
  await expect(chart).toContainText('₦2,200.00');
  await expect(chart).toContainText('₦1,200.00');
  await expect(chart).toContainText('Golden');
  await expect(chart).toContainText('Coca-Cola');
  // Sorting by product name puts Coca-Cola first, then flips.
  await table.getByRole('button', { name: 'Product' }).click();
  await expect(table.locator('tbody tr').first()).toContainText('Coca-Cola 50cl');
  await table.getByRole('button', { name: 'Product' }).click();
  await expect(table.locator('tbody tr').first()).toContainText('Golden Penny');
  await shoot(page, 'sales-report-products');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sales-by-product_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path())).toString('utf8').split('\r\n');
  expect(csv[0]).toBe(
    'Product,Variety,Quantity sold,Quantity refunded,Net quantity,Gross sales,Refunds,Net sales,Cost,Profit',
  );
  expect(csv).toContain('Coca-Cola 50cl,,5,1,4,1500.00,300.00,1200.00,800.00,400.00');
  expect(csv).toContain('Golden Penny Semovita 1kg,,2,0,2,2200.00,0.00,2200.00,1600.00,600.00');
  expect(csv).toContain('Total,,7,1,6,3700.00,300.00,3400.00,2400.00,1000.00');

  // By employee.
  await page.getByRole('tab', { name: 'By employee' }).click();
  const employees = page.getByTestId('employee-table');
  await expect(employees.getByRole('row', { name: /Ngozi Eze/ })).toContainText('₦3,400.00');
  await expect(page.getByTestId('employee-chart').locator('.recharts-bar-rectangle')).toHaveCount(1);
  await shoot(page, 'sales-report-employees');

  // By customer.
  await page.getByRole('tab', { name: 'By customer' }).click();
  const bolaRow = page.getByTestId('customer-table').getByRole('row', { name: /Bola Adeyemi/ });
  await expect(bolaRow).toContainText('₦1,200.00');
  await expect(bolaRow).toContainText('₦300.00');
  await shoot(page, 'sales-report-customers');

  // The signed-in employee's own summary.
  await page.getByRole('tab', { name: 'Employee summary' }).click();
  await expect(page.getByTestId('summary-count')).toHaveText('2');
  await expect(page.getByTestId('summary-net')).toHaveText('₦3,400.00');
  await expect(page.getByTestId('summary-items')).toHaveText('6');
  await shoot(page, 'sales-report-summary');

  // A range without sales says what to do.
  await page.getByText('Yesterday', { exact: true }).click();
  await page.getByRole('tab', { name: 'By product' }).click();
  await expect(page.getByText('No sales in these days')).toBeVisible();
});
