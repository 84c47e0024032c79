import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, pinDeviceId, signUpByApi } from './fixtures';

const SHOTS = 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });

const openAsNewOwner = async (page: Page, request: APIRequestContext) => {
  const deviceId = await pinDeviceId(page);
  await page.goto('/login');
  const owner = await signUpByApi(request, deviceId);
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return owner;
};

/** 500 good products and, at spreadsheet row 252, one whose price is not a number. */
const productsCsv = () => {
  const rows = ['Name,SKU,Category,Selling Price,Cost Price,Stock'];
  for (let i = 1; i <= 500; i++) {
    rows.push(
      `Product ${String(i).padStart(3, '0')},E2E-${i},${i % 2 ? 'Drinks' : 'Snacks'},${100 + i},${50 + i},${i % 9}`,
    );
    if (i === 250) rows.push('Broken price,E2E-BAD,Drinks,abc,10,1');
  }
  return Buffer.from(rows.join('\n') + '\n');
};

test('upload 500 products: the progress bar completes, the bad row is fixed and reprocessed', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await openAsNewOwner(page, request);

  await page.goto('/bulk-products-upload');
  await expect(page.getByRole('heading', { name: 'Bulk upload products' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).click();
  expect((await download).suggestedFilename()).toBe('products-template.csv');

  await page.getByTestId('file-input').setInputFiles({
    name: 'my-products.csv',
    mimeType: 'text/csv',
    buffer: productsCsv(),
  });
  await expect(page.getByText('my-products.csv')).toBeVisible();
  // The first store is chosen for the opening stock.
  await expect(page.getByRole('combobox', { name: 'Store for opening stock' })).toHaveValue('Wuse');
  await page.screenshot({ path: `${SHOTS}/bulk-upload-chosen.png`, fullPage: true });
  await page.getByRole('button', { name: 'Upload products' }).click();

  const bar = page.getByRole('progressbar', { name: /Batch \d+ progress/ });
  await expect(bar).toBeAttached();
  const uploadedAt = Date.now();
  await expect(page).toHaveURL(/\/bulk-products-upload\?batch=\d+$/);
  await page.screenshot({ path: `${SHOTS}/bulk-upload-progress.png`, fullPage: true });
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 120_000 });
  console.log(`500 products created in ${Date.now() - uploadedAt} ms`);
  await expect(page.getByTestId('succeeded-count')).toHaveText('500 created');
  await expect(page.getByTestId('failed-count')).toHaveText('1 failed');
  await expect(page.getByText('501 rows processed')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/bulk-upload-done.png`, fullPage: true });

  await page.getByRole('link', { name: 'All uploads' }).click();
  await expect(page).toHaveURL(/\/uploaded-batches$/);
  const card = page.getByTestId('batch-card').first();
  await expect(card.getByText('my-products.csv', { exact: false })).toBeVisible();
  await expect(card.getByText('Done')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/uploaded-batches.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 760 });
  await page.screenshot({ path: `${SHOTS}/uploaded-batches-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await card.getByRole('link', { name: 'See 1 failed row' }).click();
  await expect(page).toHaveURL(/\/products-upload-failed\/\d+$/);
  const row = page.getByTestId('failed-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Row 252')).toBeVisible();
  await expect(row.getByTestId('failed-reason')).toHaveText(
    'selling_price must be a number in naira, not “abc”',
  );
  await page.screenshot({ path: `${SHOTS}/upload-failed.png`, fullPage: true });

  await row.getByRole('button', { name: 'Edit row 252' }).click();
  const price = row.getByRole('textbox', { name: 'selling_price' });
  await expect(price).toHaveValue('abc');
  await price.fill('2,500');
  await expect(row.getByText('This row looks good now.')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 760 });
  await page.screenshot({ path: `${SHOTS}/upload-failed-edit-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await row.getByRole('button', { name: 'Keep changes' }).click();
  await expect(row.getByText('Edited')).toBeVisible();
  await page.getByRole('button', { name: 'Reprocess failed rows' }).click();

  await expect(page.getByText('No failed rows')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('succeeded-count')).toHaveText('501 created');
  await expect(page.getByTestId('failed-count')).toHaveText('0 failed');
});

test('a file without the selling_price column is refused with a message naming it', async ({
  page,
  request,
}) => {
  await openAsNewOwner(page, request);
  await page.goto('/bulk-products-upload');
  await page.getByTestId('file-input').setInputFiles({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name,price_naira\nRice,100\n'),
  });
  await page.getByRole('button', { name: 'Upload products' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The file was not accepted' })).toContainText(
    'The file has no selling_price column.',
  );
  await page.getByTestId('file-input').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('89504e47', 'hex'),
  });
  await expect(page.getByText('Invalid Type: choose a CSV (.csv) or Excel (.xlsx) file.')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 760 });
  await page.screenshot({ path: `${SHOTS}/bulk-upload-375.png`, fullPage: true });
});

test('the template with variants, uploaded as it comes, makes one product in three variants and one without', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await openAsNewOwner(page, request);
  await page.goto('/bulk-products-upload');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Template with variants' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('products-with-variants-template.csv');
  const template = readFileSync((await file.path())!);
  expect(template.toString('utf8').split(/\r?\n/)[0]).toMatch(
    /^\uFEFF?handle,name,option1_name,option1_value/,
  );

  await page.getByTestId('file-input').setInputFiles({
    name: 'variants.csv',
    mimeType: 'text/csv',
    buffer: template,
  });
  await page.getByRole('button', { name: 'Upload products' }).click();
  const bar = page.getByRole('progressbar', { name: /Batch \d+ progress/ });
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(page.getByTestId('failed-count')).toHaveText('0 failed');

  // On the products list: the shirt with its three variants, their price range and total stock.
  await page.goto('/products');
  const shirt = page.getByTestId('product-row').filter({ hasText: 'Ankara Shirt' });
  await expect(shirt).toContainText('₦9,500.00 – ₦10,500.00');
  await expect(shirt.getByRole('cell').nth(5)).toHaveText('22');
  await expect(shirt.getByRole('cell').last()).toHaveText('3');
  const rice = page.getByTestId('product-row').filter({ hasText: 'Rice 50kg' });
  await expect(rice.getByRole('cell').last()).toHaveText('—');
  await page.screenshot({ path: `${SHOTS}/upload-variants-products.png`, fullPage: true });
});
