import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, pinDeviceId, signUpByApi } from './fixtures';

const SHOTS = '../../test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });

const openAsNewOwner = async (page: Page, request: APIRequestContext) => {
  const deviceId = await pinDeviceId(page);
  await page.goto('/login');
  const owner = await signUpByApi(request, deviceId);
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { owner, deviceId };
};

/** Products made through the bulk upload API, waited for until the batch is done. */
const seedProducts = async (
  request: APIRequestContext,
  owner: { token: string; business: { _id: string } },
  deviceId: string,
  csv: string,
) => {
  const headers = { authorization: `Bearer ${owner.token}`, deviceID: deviceId };
  const base = `/v1/businesses/${owner.business._id}`;
  const res = await request.post(`${base}/uploadproducts`, {
    headers,
    multipart: { file: { name: 'seed.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(res.status(), await res.text()).toBe(202);
  const { batch_number } = (await res.json()).data;
  await expect
    .poll(async () => {
      const batch = await request.get(`${base}/uploadproducts/batches/${batch_number}`, { headers });
      const data = (await batch.json()).data;
      return `${data.status}:${data.succeeded_rows}`;
    })
    .toMatch(/^completed:\d+$/);
};

test('print labels: two products, quantities and size; the print view prints only real barcodes', async ({
  page,
  request,
}) => {
  const { owner, deviceId } = await openAsNewOwner(page, request);
  await seedProducts(
    request,
    owner,
    deviceId,
    'name,sku,barcode,selling_price\nRice 50kg,RICE-50,6151100030153,45500\nPeak Milk Tin 400g,PEAK-400,,1900\nGarri 1kg,,,900\n',
  );

  await page.goto('/print-label');
  await expect(page.getByRole('heading', { name: 'Print labels' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Rice 50kg' }).click();
  await page.getByRole('button', { name: 'Add Peak Milk Tin 400g' }).click();
  await expect(page.getByTestId('chosen-item')).toHaveCount(2);
  await expect(page.getByText('EAN-13 6151100030153')).toBeVisible();
  await expect(page.getByText('No barcode: uses the SKU PEAK-400')).toBeVisible();
  await page.getByRole('textbox', { name: 'Labels for Rice 50kg' }).fill('3');
  await page.getByRole('textbox', { name: 'Labels for Peak Milk Tin 400g' }).fill('2');
  await page.getByRole('combobox', { name: 'Label size' }).click();
  await page.getByRole('option', { name: '50 × 25 mm thermal label' }).click();
  await page.getByRole('checkbox', { name: 'SKU' }).check();
  await page.screenshot({ path: `${SHOTS}/print-labels-choose.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/print-labels-choose-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Preview 5 labels' }).click();
  await expect(page.getByRole('heading', { name: 'Print preview' })).toBeVisible();
  await expect(page.getByText('5 labels, 50 × 25 mm thermal')).toBeVisible();

  // What the printer gets: 5 labels, each with drawn bars, the EAN-13 digits on the rice.
  const printed = page.getByTestId('print-root');
  await expect(printed.getByTestId('label')).toHaveCount(5);
  await expect(printed.getByTestId('label').first()).toContainText('Rice 50kg');
  await expect(printed.getByTestId('label').first()).toContainText('₦45,500.00');
  await expect(printed.getByTestId('label').first()).toContainText('6151100030153');
  await expect(printed.getByTestId('label').last()).toContainText('PEAK-400');
  const bars = await printed.locator('svg[aria-label="Barcode 6151100030153"] rect').count();
  expect(bars).toBeGreaterThan(20);
  const css = await printed.locator('style').textContent();
  expect(css).toContain('size: 50mm 25mm');

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: 'Print preview' })).toBeHidden();
  await expect(printed.getByTestId('label').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/print-labels.png`, fullPage: true });

  // The same labels on an A4 sheet of 24.
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: 'Change labels' }).click();
  await page.getByRole('combobox', { name: 'Label size' }).click();
  await page.getByRole('option', { name: /A4 sheet/ }).click();
  await page.getByRole('button', { name: 'Preview 5 labels' }).click();
  await expect(page.getByText('5 labels on 1 A4 page of 24 (70 × 37 mm)')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/print-labels-preview-a4.png`, fullPage: true });
  await page.emulateMedia({ media: 'print' });
  await expect(printed.getByTestId('label-page')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/print-labels-a4.png`, fullPage: true });
});
