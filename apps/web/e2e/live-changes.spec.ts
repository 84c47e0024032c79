import { expect, test, type Browser, type Page } from '@playwright/test';
import { openTillOnline, sellByScan, setUpTill, type Till } from './offline-helpers';

/**
 * Issue 13: a change on one device shows on another open device within seconds, without a reload
 * and long before the next scheduled download (80 s for products) — through the server's change
 * stream. Then the second device's network drops mid-stream; a change made meanwhile shows once it
 * is back.
 */

/** Within this long: well under the products schedule, with room for a loaded machine. */
const SOON = 6_000;

/** A device of its own (its own local database), signed in as the till's owner on the till. */
const openDevice = async (browser: Browser, till: Till): Promise<Page> => {
  const context = await browser.newContext();
  await context.addInitScript((id) => localStorage.setItem('ms.deviceId', id), till.deviceId);
  const page = await context.newPage();
  await openTillOnline(page, till);
  return page;
};

const productButton = (page: Page, name: string) => page.getByRole('button', { name: `Add ${name}` });

test.describe('live changes between devices', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a sale and a product edit on one device show on the other at once; a change made while it was offline shows when it is back', async ({
    browser,
    request,
  }) => {
    const till = await setUpTill(request, `e2e-live-${Date.now().toString(36)}`);
    const [cola, milk] = till.products as [Till['products'][0], Till['products'][0]];
    const seller = await openDevice(browser, till);
    const watcher = await openDevice(browser, till);
    await expect(productButton(watcher, cola.name)).toContainText('100 in stock');

    // A sale on the first device: the second shows the stock it left.
    await sellByScan(seller, cola.barcode);
    await expect(productButton(watcher, cola.name)).toContainText('99 in stock', { timeout: SOON });

    // The product renamed (the back office, another device): the till shows the new name.
    const edit = await request.patch(`/v1/businesses/${till.businessId}/products/${milk._id}`, {
      headers: { Authorization: `Bearer ${till.token}`, deviceID: till.deviceId },
      data: { name: 'Peak Milk Tin 400g' },
    });
    expect(edit.ok(), await edit.text()).toBe(true);
    await expect(productButton(watcher, 'Peak Milk Tin 400g')).toBeVisible({ timeout: SOON });

    // The second device's network drops mid-stream; a sale goes through meanwhile.
    await watcher.context().setOffline(true);
    await sellByScan(seller, cola.barcode);
    await watcher.waitForTimeout(1_000);
    await expect(productButton(watcher, cola.name)).toContainText('99 in stock');
    await watcher.context().setOffline(false);
    await expect(productButton(watcher, cola.name)).toContainText('98 in stock', { timeout: SOON });
  });
});
