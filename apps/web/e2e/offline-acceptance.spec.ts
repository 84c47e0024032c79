import { expect, request as playwrightRequest, test, type BrowserContext, type Page } from '@playwright/test';
import { pinDeviceId } from './fixtures';
import {
  openTillOnline,
  readLocal,
  serverState,
  setUpTill,
  twentySalesTwoCustomers,
  waiting,
  type Till,
} from './offline-helpers';
import { ownServer } from './own-server';

/**
 * Issue 5 acceptance: never lose, never double. Load the app online, go offline, reload (the
 * service worker serves it), make 2 customers and 20 sales, reload again, go online: exactly 20
 * sales and 2 customers on the server, stock right, nothing left waiting — plainly, with the server
 * killed and restarted mid-upload and two tabs open, and with the upload's answer lost after the
 * server committed.
 */

const goOnline = async (context: BrowserContext, pages: Page[]) => {
  await context.setOffline(false);
  for (const p of pages) await p.evaluate(() => window.dispatchEvent(new Event('online')));
};

/** The queue is empty on the device and the server holds exactly what was sold. */
const expectAllLandedOnce = async (page: Page, till: Till, sold: Map<string, number>) => {
  await expect.poll(() => waiting(page, till.businessId), { timeout: 120_000 }).toBe(0);
  expect(await readLocal(page, till.businessId, 'rejected_uploads')).toEqual([]);
  const state = await serverState(till);
  expect(state.salesTotal).toBe(20);
  expect(new Set(state.sales.map((s) => s._id)).size).toBe(20);
  expect(state.customers.map((c) => c.first_name).sort()).toEqual(['Chioma', 'Emeka']);
  // Sales 0 and 1 made the customers; sales 4, 8, 12, 16 went to them again.
  const named = state.sales.filter((s) => s.customer_name);
  expect(named).toHaveLength(6);
  for (const p of till.products) expect(state.stock.get(p._id)).toBe(p.stock - (sold.get(p._id) ?? 0));
};

/** Online once, then offline: reload, sell, reload again (the queue survives), still offline. */
const sellOfflineWithReloads = async (page: Page, context: BrowserContext, till: Till) => {
  await openTillOnline(page, till);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Point of sale' })).toBeVisible();
  const sold = await twentySalesTwoCustomers(page, till);
  expect(await waiting(page, till.businessId)).toBe(22);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Point of sale' })).toBeVisible();
  expect(await waiting(page, till.businessId)).toBe(22);
  return sold;
};

test.describe('offline sales are never lost or doubled', () => {
  // Three long tests (twenty sales each): in parallel, so the file is not the suite's longest stretch.
  test.describe.configure({ mode: 'parallel', timeout: 300_000 });

  test('20 sales and 2 customers made offline land exactly once', async ({ page, context, request }) => {
    const till = await setUpTill(request, await pinDeviceId(page));
    const sold = await sellOfflineWithReloads(page, context, till);
    await goOnline(context, [page]);
    await expectAllLandedOnce(page, till, sold);
  });

  test('the server killed and restarted mid-upload, with two tabs open', async ({ browser }) => {
    const server = await ownServer(Number(process.env.E2E_PORT ?? 3210) + 50);
    const context = await browser.newContext({ baseURL: server.url });
    const request = await playwrightRequest.newContext({ baseURL: server.url });
    try {
      const page = await context.newPage();
      const till = await setUpTill(request, await pinDeviceId(page));
      const sold = await sellOfflineWithReloads(page, context, till);
      const second = await context.newPage();
      await second.goto('/pos');
      await expect(second.getByRole('heading', { name: 'Point of sale' })).toBeVisible();

      // The first upload reaches the server, which dies while recording the batch.
      let killed = false;
      const uploading = new Promise<void>((resolve) =>
        context.on('request', (r) => {
          if (!killed && /\/sales\/offline\/sync$/.test(r.url())) {
            killed = true;
            setTimeout(() => void server.kill().then(resolve), 40);
          }
        }),
      );
      await goOnline(context, [page, second]);
      await uploading;
      expect(await waiting(page, till.businessId)).toBeGreaterThan(0);
      await server.start();
      await goOnline(context, [page, second]);
      await expectAllLandedOnce(second, till, sold);
    } finally {
      await context.close();
      await request.dispose();
      await server.dispose();
    }
  });

  test("the upload's answer lost after the server committed", async ({ page, context, request }) => {
    const till = await setUpTill(request, await pinDeviceId(page));
    const sold = await sellOfflineWithReloads(page, context, till);
    // The first answer of each upload (customers, then sales) is lost on its way back.
    const dropped = new Set<string>();
    await context.route(/syncnewofflinecustomers|sales\/offline\/sync/, async (route) => {
      const kind = route.request().url().includes('customers') ? 'customers' : 'sales';
      if (dropped.has(kind)) return route.continue();
      dropped.add(kind);
      const answer = await route.fetch();
      expect(answer.status()).toBe(200); // the server recorded the batch …
      await route.abort('connectionreset'); // … and the device never hears it
    });
    await goOnline(context, [page]);
    await expectAllLandedOnce(page, till, sold);
    expect([...dropped].sort()).toEqual(['customers', 'sales']);
  });
});
