import { expect, test } from '@playwright/test';
import { logInThroughPage, pinDeviceId } from './fixtures';
import { downloaded, sellByScan, setUpTill, waiting } from './offline-helpers';

/**
 * Issue 11 §6: a sale made offline counts when it was made, not when it reached the server. The till
 * sells without a network at 20:00 (Lagos) yesterday; the network comes back this morning and the sale
 * uploads: sales history lists it under Yesterday at 20:00, not under Today, and so do the reports.
 */

const lagosDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Lagos',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

test('a sale made offline yesterday evening and uploaded today lands on yesterday', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const deviceId = await pinDeviceId(page);
  const till = await setUpTill(request, deviceId);
  await logInThroughPage(page, till.email);
  await page.goto('/pos');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  for (const module of ['products', 'customers', 'stores'])
    await expect.poll(() => downloaded(page, till.businessId, module), { timeout: 90_000 }).toBe(true);
  await expect(page.getByRole('button', { name: `Add ${till.products[0]!.name}` })).toBeVisible({
    timeout: 30_000,
  });

  const today = lagosDay(new Date());
  const yesterday = lagosDay(new Date(Date.now() - 86_400_000));
  const madeAt = new Date(`${yesterday}T20:00:00+01:00`);

  // Yesterday evening, no network: one Coca-Cola, exact cash.
  await context.setOffline(true);
  await page.reload();
  await page.clock.setSystemTime(madeAt);
  await expect(page.getByRole('heading', { name: 'Point of sale' })).toBeVisible();
  await sellByScan(page, till.products[0]!.barcode);
  expect(await waiting(page, till.businessId)).toBe(1);

  // This morning: the clock is right again, the network is back, the sale uploads.
  await page.clock.setSystemTime(new Date());
  await context.setOffline(false);
  await expect.poll(() => waiting(page, till.businessId), { timeout: 60_000 }).toBe(0);

  const onServer = await till.api.get(
    `/v2/business/${till.businessId}/sales?from=${yesterday}&to=${yesterday}`,
  );
  expect(onServer.items).toHaveLength(1);
  const sold = onServer.items[0] as { receipt_number: string; created_at: string };
  expect(lagosDay(new Date(sold.created_at))).toBe(today);

  await page.goto('/sales-history');
  await expect(page.getByRole('heading', { name: 'Sales history', level: 1 })).toBeVisible();
  await page.getByText('Today', { exact: true }).click();
  await expect(page.getByText('No sales in this range')).toBeVisible();
  await page.getByText('Yesterday', { exact: true }).click();
  const row = page.getByRole('row', { name: `Open sale ${sold.receipt_number}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/20:00|8:00\s?pm/i);

  // The product report puts it on yesterday too.
  const report = await till.api.post(
    `/v1/businesses/${till.businessId}/reports/getsalesbyproduct?startdate=${yesterday}&enddate=${yesterday}`,
    {},
  );
  expect(report.rows.map((r: { name: string }) => r.name)).toEqual([till.products[0]!.name]);
});
