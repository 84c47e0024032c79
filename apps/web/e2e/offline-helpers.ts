import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, logInThroughPage, pinDeviceId, signUpByApi } from './fixtures';

/** Helpers for the offline specs: the device's local database, a till set up to sell, a fast sale. */

/** Reads a local table of the business's database (`ms-<businessId>`) straight from IndexedDB. */
export const readLocal = (page: Page, businessId: string, table: string) =>
  page.evaluate(
    async ({ name, table }) => {
      const names = (await indexedDB.databases()).map((d) => d.name);
      if (!names.includes(name)) return [];
      return new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(table)) {
            db.close();
            resolve([]);
            return;
          }
          const req = db.transaction(table, 'readonly').objectStore(table).getAll();
          req.onsuccess = () => {
            db.close();
            resolve(req.result as Record<string, unknown>[]);
          };
          req.onerror = () => reject(req.error);
        };
      });
    },
    { name: `ms-${businessId}`, table },
  );

/** True once a module has finished a download here (its metadata counts the rows). */
export const downloaded = async (page: Page, businessId: string, module: string) => {
  const [meta] = await readLocal(page, businessId, `meta_data_${module}`);
  return meta?.totalRecords !== undefined && meta.syncStatus === 'synced';
};

/** Sales and customers made here that have not reached the server yet. */
export const waiting = async (page: Page, businessId: string) =>
  (await readLocal(page, businessId, 'pos_unsynced')).length +
  (await readLocal(page, businessId, 'customers_unsynced')).length;

export type Till = {
  email: string;
  token: string;
  deviceId: string;
  businessId: string;
  storeId: string;
  api: ReturnType<typeof apiAs>;
  /** Two products a scanner can find: barcode and price. */
  products: { _id: string; name: string; barcode: string; price: number; stock: number }[];
};

/** A business with two scannable products (100 each in its store) and an open register. */
export const setUpTill = async (request: APIRequestContext, deviceId: string): Promise<Till> => {
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
  const products = [];
  for (const [name, barcode, price] of [
    ['Coca-Cola 50cl', '5449000000996', 300],
    ['Peak Milk Tin', '8712100849084', 650],
  ] as const) {
    const p = await api.post(`/v2/business/${b}/products/`, {
      name,
      barcode,
      selling_price: price,
      track_stock: true,
      store_stock: [{ store_id: owner.storeId, stock: 100 }],
    });
    products.push({ _id: p._id as string, name, barcode, price, stock: 100 });
  }
  const registers: { _id: string }[] = await api.get(
    `/v1/registries/businesses/${b}?store_id=${owner.storeId}`,
  );
  await api.put(`/v1/registries/${registers[0]!._id}/open`, { float: 1000 });
  return { ...owner, api, products };
};

/** Logs in through the Login page and opens the till; waits until the till's data is on the device. */
export const openTillOnline = async (page: Page, till: Till) => {
  await logInThroughPage(page, till.email);
  await page.goto('/pos');
  await expect(page.getByRole('button', { name: `Add ${till.products[0]!.name}` })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  for (const module of ['products', 'customers', 'stores'])
    await expect.poll(() => downloaded(page, till.businessId, module), { timeout: 60_000 }).toBe(true);
};

/**
 * Sells through the till as a cashier with a scanner would: scan, (customer), exact cash, next.
 * `customer`: a new customer's first name and phone (made here), or an existing one's name to find.
 */
export const sellByScan = async (
  page: Page,
  barcode: string,
  customer?: { create: { name: string; phone: string } } | { find: string },
) => {
  const cart = page.getByTestId('cart');
  const search = page.getByRole('searchbox', { name: 'Search products or scan a barcode' });
  await search.pressSequentially(barcode, { delay: 2 });
  await search.press('Enter');
  await expect(cart.getByTestId('cart-line')).toHaveCount(1);
  if (customer && 'create' in customer) {
    await cart.getByRole('button', { name: 'New customer' }).click();
    await cart.getByLabel('First name').fill(customer.create.name);
    await cart.getByLabel('Phone number').fill(customer.create.phone);
    await cart.getByRole('button', { name: 'Add customer' }).click();
    await expect(cart.getByText(customer.create.name, { exact: true })).toBeVisible();
  } else if (customer) {
    await cart.getByRole('searchbox', { name: 'Find a customer' }).fill(customer.find);
    await cart.getByRole('option', { name: new RegExp(customer.find) }).click();
    await expect(cart.getByText(customer.find, { exact: true })).toBeVisible();
  }
  await cart.getByTestId('charge').click();
  await expect(page).toHaveURL(/\/pos-payment$/);
  await page.getByRole('radio', { name: 'Cash' }).click();
  await page.getByRole('button', { name: 'Exact' }).click();
  await page.getByTestId('confirm-sale').click();
  await expect(page.getByRole('heading', { name: 'Sale recorded' })).toBeVisible();
  await page.getByRole('link', { name: 'New sale' }).click();
  await expect(cart.getByText('The cart is empty', { exact: false })).toBeVisible();
};

/**
 * The acceptance round of issue 5 on one page: 2 customers made here and 20 sales (every fourth to
 * one of them), alternating the two products. Returns how many of each product were sold.
 */
export const twentySalesTwoCustomers = async (page: Page, till: Till) => {
  const sold = new Map<string, number>();
  const customers = [
    { name: 'Chioma', phone: '08035556666' },
    { name: 'Emeka', phone: '08035557777' },
  ];
  for (let i = 0; i < 20; i++) {
    const product = till.products[i % 2]!;
    const who =
      i === 0 || i === 1
        ? { create: customers[i]! }
        : i % 4 === 0
          ? { find: customers[(i / 4) % 2]!.name }
          : undefined;
    await sellByScan(page, product.barcode, who);
    sold.set(product._id, (sold.get(product._id) ?? 0) + 1);
  }
  return sold;
};

/** What the server holds afterwards: every sale of the store, the customers, each product's stock. */
export const serverState = async (till: Till) => {
  const b = till.businessId;
  const sales = await till.api.get(`/v2/business/${b}/sales?store=${till.storeId}&limit=100`);
  const customers = await till.api.get(`/v2/customers/businesses/${b}/list?limit=100`);
  const stock = new Map<string, number>();
  for (const p of till.products)
    stock.set(p._id, (await till.api.get(`/v2/business/${b}/products/${p._id}`)).stock);
  return {
    sales: sales.items as { _id: string; customer_name: string | null; total: number }[],
    salesTotal: sales.total as number,
    customers: customers.items as { _id: string; first_name: string }[],
    stock,
  };
};

/** Signs a new business up and logs its owner in through the Login page. */
export const logInNewOwner = async (page: Page) => {
  const deviceId = await pinDeviceId(page);
  const owner = await signUpByApi(page.request, deviceId, { business_name: 'Iya Basira Provisions' });
  await logInThroughPage(page, owner.email);
  return owner;
};

/** The worker answers REQUEST_CACHE_MANIFEST on Sync Settings: every app file is saved. */
export const waitForAppSaved = async (page: Page) => {
  await expect(async () => {
    await page.goto('/syncsettings');
    await expect(page.getByText('This device can open the app without internet.')).toBeVisible({
      timeout: 3_000,
    });
  }).toPass({ timeout: 60_000 });
};
