import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiAs } from './fixtures';
import { logInNewOwner, waitForAppSaved } from './offline-helpers';

/**
 * The installable shell offline (issue 5 "Service worker", spec 000 §2.4, §2.7): after one online
 * visit the service worker serves the whole app, so a reload without network still opens the POS;
 * the banner says offline and then "You are online!"; Sync Settings keeps an edited frequency.
 * Runs against a built app (the service worker exists only there).
 */

const SHOTS = 'test-results/screenshots';
const OFFLINE_TEXT = 'You are offline. Sales and customers you record are kept on this device.';

/** Serious or critical accessibility problems (axe); the app's toasts are not this screen's. */
const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).exclude('.mantine-Notifications-root').analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

test('after one online visit the app opens offline, and says when it is back online', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = await logInNewOwner(page);
  await waitForAppSaved(page);
  // The precache holds every page's code; no API response is kept by the worker.
  const caches = await page.evaluate(async () => {
    const names = await globalThis.caches.keys();
    const urls: string[] = [];
    for (const name of names) {
      const cache = await globalThis.caches.open(name);
      urls.push(...(await cache.keys()).map((r) => new URL(r.url).pathname));
    }
    return { names, urls };
  });
  expect(caches.names.some((n) => n.startsWith('ms-precache-'))).toBe(true);
  expect(caches.urls.some((u) => /\/assets\/pos-page-.*\.js$/.test(u))).toBe(true);
  expect(caches.urls.filter((u) => /^\/(v1|v2)\//.test(u))).toEqual([]);

  await context.setOffline(true);
  await page.goto('/pos');
  await expect(page.getByRole('heading', { name: 'Point of sale' }).first()).toBeVisible();
  const banner = page.getByTestId('connectivity-banner');
  await expect(banner).toContainText(OFFLINE_TEXT);
  await page.screenshot({ path: `${SHOTS}/offline-pos-1280.png`, fullPage: true });

  // Other screens a cashier needs open from the cache too.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Point of sale' }).first()).toBeVisible();
  await page.goto('/syncsettings');
  await expect(page.getByRole('heading', { name: 'Sync Settings' })).toBeVisible();

  // A customer made offline waits: the banner and the top bar say so for as long as it waits.
  await queueCustomerInWorker(context, owner.business._id, 'Kemi');
  await page.reload();
  await expect(banner).toContainText('1 customer waiting to upload.');
  const status = page.getByRole('button', { name: /^Sync status/ });
  await expect(status).toHaveAccessibleName(/1 customer waiting to upload/);
  await expect(page.getByTestId('pending-uploads-count')).toHaveText('1');
  await status.click();
  const popover = page.getByRole('dialog');
  await expect(popover.getByTestId('sync-waiting')).toHaveText('1 customer waiting to upload');
  await expect(popover.getByRole('button', { name: 'Sync Settings' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/offline-sync-popover-1280.png` });
  await page.keyboard.press('Escape');

  // Back online: "You are online!", and the waiting customer goes up.
  await context.setOffline(false);
  await expect(banner).toContainText('You are online!');
  await expect(status).not.toHaveAccessibleName(/waiting to upload/, { timeout: 20_000 });
  await expect(banner).toBeHidden({ timeout: 8_000 });
});

/**
 * A screen that needs the server, opened with the network gone and the page already open (the menu,
 * not a reload): it says it could not load and why, at once, instead of a skeleton for as long as
 * the network is away; back online it loads by itself.
 */
test('a server screen opened offline says so at once, and loads by itself when the network is back', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInNewOwner(page);
  await waitForAppSaved(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Good');

  await context.setOffline(true);
  await page.getByLabel('Sidebar').getByRole('link', { name: 'Book Keeping' }).click();
  await expect(page).toHaveURL(/\/sales-history$/);
  const failed = page.getByRole('alert').filter({ hasText: 'Could not load your sales' });
  await expect(failed).toBeVisible({ timeout: 5_000 });
  await expect(failed).toContainText('You are offline or the network is too slow.');
  await expect(failed.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/offline-sales-history-1280.png`, fullPage: true });

  await context.setOffline(false);
  await expect(failed).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText('No sales in this range')).toBeVisible();
});

test('Sync Settings: each module with its frequency; an edited one is kept after a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInNewOwner(page);

  // From the top bar's sync status, as a cashier would.
  await page.getByRole('button', { name: /^Sync status/ }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Sync Settings' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Sync Settings' }).click();
  await expect(page).toHaveURL(/\/syncsettings$/);
  await expect(page.getByRole('heading', { name: 'Sync Settings' })).toBeVisible();

  const customers = page.getByRole('combobox', { name: 'Customers frequency' });
  await expect(customers).toHaveValue('Every minute');
  await expect(page.getByRole('combobox', { name: 'Products frequency' })).toHaveValue('Every 80 seconds');
  await expect(page.getByRole('combobox', { name: 'Stores frequency' })).toHaveValue('Every 5 minutes');
  await customers.click();
  await page.getByRole('option', { name: 'Every 2 minutes' }).click();
  await expect(customers).toHaveValue('Every 2 minutes');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Customers frequency' })).toHaveValue('Every 2 minutes');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/sync-settings-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 780 });
  await page.screenshot({ path: `${SHOTS}/sync-settings-375.png`, fullPage: true });

  // Sync now shows the sync dialog of spec 000 §2.7.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Sync now' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /^Syncing is (ongoing|done)$/ })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Syncing is done' })).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
});

/** A customer as the app queues one made offline: in `customers` and `customers_unsynced`. */
const queueCustomerInWorker = async (context: BrowserContext, businessId: string, firstName: string) => {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const _id = randomUUID();
  await worker.evaluate(
    async ({ db, record }) => {
      const open = indexedDB.open(db);
      const conn = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = conn.transaction(['customers', 'customers_unsynced'], 'readwrite');
      tx.objectStore('customers').put(record);
      tx.objectStore('customers_unsynced').put(record);
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      conn.close();
    },
    {
      db: `ms-${businessId}`,
      record: {
        _id,
        offline_cust_id: _id,
        first_name: firstName,
        last_name: 'Offline',
        is_offline_data: true,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      },
    },
  );
  return _id;
};

/**
 * How many businesses' sync instructions the worker keeps (its own `ms-sw` database). Before the
 * worker has made that database, the probe must not make an empty one and hold it open: the
 * worker's own open would then wait for it forever.
 */
const keptInstructions = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('ms-sw');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('instructions')) {
            db.close();
            return resolve(0);
          }
          const req = db.transaction('instructions').objectStore('instructions').count();
          req.onsuccess = () => {
            db.close();
            resolve(req.result);
          };
        };
        open.onerror = () => resolve(0);
      }),
  );

/** MONITOR_SYNC (spec 000 §7.4): what the worker's last Background Sync did, and who uploaded. */
const lastBackgroundRun = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const monitor = await new Promise<{ lastRun: { by: string; ok: boolean; tag: string } | null }>(
      (resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => resolve(e.data);
        registration.active!.postMessage({ type: 'MONITOR_SYNC' }, [channel.port2]);
      },
    );
    return monitor.lastRun;
  });

/** Fires a Background Sync event in the worker, as the browser does when the network is back. */
const fireBackgroundSync = async (context: BrowserContext, tag: string) => {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registration = new Promise<{ registrationId: string; scopeURL: string }>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      if (registrations[0]) resolve(registrations[0]);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const { registrationId, scopeURL } = await registration;
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(scopeURL).origin,
    registrationId,
    tag,
    lastChance: false,
  });
  await blank.close();
};

test('Background Sync: the open tab uploads when asked, and the worker uploads alone when no tab is open', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await logInNewOwner(page);
  const api = apiAs(request, {
    token: owner.token,
    deviceId: await page.evaluate(() => localStorage.getItem('ms.deviceId')!),
  });
  const onServer = async (firstName: string) => {
    const data = await api.get(`/v2/customers/businesses/${owner.business._id}`);
    return (data.items as { first_name: string }[]).filter((c) => c.first_name === firstName).length;
  };
  await waitForAppSaved(page);
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  // The page has told the worker how to upload (token, business, tables, batch URL), and its
  // engine runs (its first sync shows in the top bar). The engine starts after the first screen has
  // drawn and the page is idle (afterFirstPaint).
  await expect.poll(() => keptInstructions(page), { timeout: 30_000 }).toBe(1);
  await expect(page.getByRole('button', { name: /^Sync status/ })).toHaveAccessibleName(
    /^Sync status: (Syncing|Synced)/,
    { timeout: 30_000 },
  );

  // A tab is open: the worker asks it to upload.
  await queueCustomerInWorker(context, owner.business._id, 'Tunde');
  await fireBackgroundSync(context, 'not_synced_offline_customers');
  await expect.poll(() => onServer('Tunde'), { timeout: 30_000 }).toBe(1);
  // The run is recorded once the upload's answer is back, which can come after the server stored it.
  await expect.poll(() => lastBackgroundRun(page)).toMatchObject({ by: 'page', ok: true });

  // No tab: the worker uploads by itself with the instructions it kept.
  await page.close();
  await queueCustomerInWorker(context, owner.business._id, 'Bisi');
  await fireBackgroundSync(context, 'not_synced_offline_customers');
  await expect.poll(() => onServer('Bisi'), { timeout: 30_000 }).toBe(1);

  // Nothing left waiting, and the worker says it did the last upload itself.
  const again = await context.newPage();
  await again.goto('/syncsettings');
  await expect.poll(() => lastBackgroundRun(again)).toMatchObject({ by: 'worker', ok: true });
  await expect(again.getByRole('button', { name: /^Sync status/ })).not.toHaveAccessibleName(
    /waiting to upload/,
  );
  expect(await onServer('Tunde')).toBe(1);

  // Logging out makes the worker forget the token.
  await again.getByRole('button', { name: 'More options' }).click();
  await again.getByRole('menuitem', { name: 'Logout' }).click();
  await again.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Log out' }).click();
  await expect(again).toHaveURL(/\/login$/);
  await expect.poll(() => keptInstructions(again)).toBe(0);
});
