import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  PASSWORD,
  SCREENSHOTS,
  apiAs,
  lastEmail,
  pinDeviceId,
  settled,
  shootBothWidths,
  signUpByApi,
} from './fixtures';

/**
 * The online store end to end (issue 15): the owner opens a shop and publishes two products; a shopper on a
 * 375 px phone orders both from the shop's page, pays by transfer to the order's own account through the
 * bank simulator and watches the order turn paid; the owner confirms it, adds a delivery fee, records the fee
 * paid on delivery, ships and delivers it — the stock leaves the store and the order counts as a sale. A
 * checkout whose answer is lost on the way (the order was placed) is sent again and places one order.
 */

let shops = 0;
const openShop = async (request: APIRequestContext, page: Page) => {
  const deviceId = await pinDeviceId(page, 'shop-owner');
  const owner = await signUpByApi(request, deviceId, { business_name: 'Adaeze Fabrics', store_name: 'Yaba' });
  const b: string = owner.business._id;
  const storeId: string = owner.business.stores[0].id;
  const api = apiAs(request, { token: owner.token, deviceId });
  const stock = (n: number) => [{ store_id: storeId, stock: n }];
  const ankara = await api.post(`/v2/business/${b}/products/`, {
    name: 'Ankara fabric 6 yards',
    selling_price: 15000,
    track_stock: true,
    store_stock: stock(10),
  });
  const gele = await api.post(`/v2/business/${b}/products/`, {
    name: 'Aso-oke gele',
    selling_price: 8500,
    track_stock: true,
    store_stock: stock(4),
  });
  await api.post(`/v1/stores/onlinestore/${b}/toggle`, {});
  const slug = `adaeze-${Date.now().toString(36)}-${++shops}`;
  await api.patch(`/v1/online-store/businesses/${b}`, {
    slug,
    about: 'Fabrics and headties from Yaba market.',
    delivery_zones: [{ name: 'Yaba / Surulere', fee: 1500 }],
  });
  await api.patch(`/v1/online-store/businesses/${b}/products`, {
    items: [
      { product_id: ankara._id, published: true, online_price: 14000 },
      { product_id: gele._id, published: true },
    ],
  });
  return { owner, b, api, slug, ankara: ankara._id as string, gele: gele._id as string };
};

const available = async (request: APIRequestContext, slug: string) => {
  const res = await request.get(`/v1/shop/${slug}`);
  const shop = (await res.json()).data as { products: { name: string; available: number }[] };
  return Object.fromEntries(shop.products.map((p) => [p.name, p.available]));
};

const logIn = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
};

test('a shopper on a phone orders two products and pays by transfer; the owner confirms, adds a fee and delivers', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { owner, b, api, slug, ankara, gele } = await openShop(request, page);
  const stockOf = async (id: string) =>
    ((await api.get(`/v2/business/${b}/products/${id}`)) as { stock: number }).stock;

  // The shopper, logged out, on a 375 px phone.
  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 780 }, isMobile: true });
  const phone = await phoneContext.newPage();
  await phone.goto(`/shop/${slug}`);
  await expect(phone.getByRole('heading', { name: 'Adaeze Fabrics' })).toBeVisible();
  // The link shares well: title and price in the page's meta tags (what WhatsApp shows).
  const shared = await request.get(`/shop/${slug}/p/${ankara}`);
  const html = await shared.text();
  expect(html).toContain(
    '<meta property="og:title" content="Ankara fabric 6 yards — ₦14,000.00 | Adaeze Fabrics">',
  );
  expect(html).toContain('<meta property="product:price:amount" content="14000.00">');
  await expect(phone.getByText('₦14,000.00')).toBeVisible();
  await phone.screenshot({ path: `${SCREENSHOTS}/shop-home-375.png`, fullPage: true });

  // Two of the fabric from its page, and a gele from the grid.
  await phone.getByText('Ankara fabric 6 yards').click();
  await expect(phone).toHaveURL(new RegExp(`/shop/${slug}/p/`));
  await phone.getByRole('button', { name: 'Increase quantity' }).click();
  await phone.getByRole('button', { name: 'Add to cart' }).click();
  await phone.goBack();
  await phone.getByRole('button', { name: 'Add Aso-oke gele to cart' }).click();
  await phone.getByRole('link', { name: /View cart/ }).click();
  await expect(phone).toHaveURL(new RegExp(`/shop/${slug}/cart`));

  await phone.getByLabel('Full name').fill('Amaka Obi');
  await phone.getByLabel('Phone number').fill('08031112222');
  await phone.getByLabel('E-mail').fill('amaka.shopper@example.ng');
  await phone.getByLabel('Delivery', { exact: true }).check();
  await phone.getByLabel('Delivery area').selectOption({ label: 'Yaba / Surulere — ₦1,500.00' });
  await phone.getByLabel('Delivery address').fill('12 Herbert Macaulay Way, Yaba');
  await phone.getByLabel('Pay by bank transfer').check();
  // 2 x 14,000 + 8,500 + 1,500 delivery.
  await expect(phone.getByTestId('checkout-total')).toContainText('₦38,000.00');
  await phone.screenshot({ path: `${SCREENSHOTS}/shop-checkout-375.png`, fullPage: true });
  await phone.getByRole('button', { name: 'Place order' }).click();

  // The order's page: its own account, and the sandbox's test bank pays it.
  await expect(phone.getByRole('heading', { name: 'Order ORD-0001' })).toBeVisible();
  await expect(phone.getByTestId('pay-account-number')).toHaveText(/^\d{10}$/);
  await expect(phone.getByTestId('payment-status')).toHaveText('Unpaid');
  // The goods are held for the order: the shop offers what is left.
  expect(await available(request, slug)).toEqual({ 'Ankara fabric 6 yards': 8, 'Aso-oke gele': 3 });
  // Held, not taken from the shelf: the back office still counts 10 and 4 until the order leaves.
  expect([await stockOf(ankara), await stockOf(gele)]).toEqual([10, 4]);
  await phone.getByLabel('Payer name').fill('Amaka Obi');
  await phone.getByRole('button', { name: 'Send test transfer' }).click();
  await expect(phone.getByTestId('payment-status')).toHaveText('Paid', { timeout: 30_000 });
  await phone.screenshot({ path: `${SCREENSHOTS}/shop-order-paid-375.png`, fullPage: true });
  const placed = await lastEmail(request, 'amaka.shopper@example.ng');
  expect(placed?.subject).toMatch(/^Order ORD-0001 from Adaeze Fabrics/);

  // The same pages on a laptop.
  await page.goto(`/shop/${slug}`);
  await expect(page.getByRole('heading', { name: 'Adaeze Fabrics' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/shop-home-1280.png`, fullPage: true });
  await page.goto(phone.url());
  await expect(page.getByRole('heading', { name: 'Order ORD-0001' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/shop-order-paid-1280.png`, fullPage: true });

  // The owner, in the back office.
  await logIn(page, owner.email);
  await page.goto('/online-catalogue');
  await expect(page.getByText('Ankara fabric 6 yards').first()).toBeVisible();
  await shootBothWidths(page, 'online-catalogue');
  await page.goto('/orders');
  await expect(page.getByText('ORD-0001')).toBeVisible();
  await shootBothWidths(page, 'orders');
  await page.getByText('ORD-0001').click();
  await expect(page).toHaveURL(/\/order-details\//);
  await expect(page.getByText('Amaka Obi').first()).toBeVisible();

  await page.getByRole('button', { name: 'Confirm order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByRole('button', { name: 'Mark ready' })).toBeVisible();

  // A delivery fee on top (heavy parcel): the shopper owes it on delivery.
  await page.getByRole('button', { name: 'Add fee' }).click();
  const fee = page.getByRole('dialog', { name: 'Add a fee' });
  await fee.getByLabel('What is it for?').fill('Heavy parcel');
  await fee.getByLabel('Amount (₦)').fill('1000');
  await fee.getByRole('button', { name: 'Add fee' }).click();
  await expect(page.getByText('Heavy parcel')).toBeVisible();
  // Delivered only once paid in full: the button says why.
  await page.getByRole('button', { name: 'Mark ready' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark ready' }).click();
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  await page.getByRole('dialog').getByLabel('Note for the shopper (optional)').fill('With our rider Musa.');
  await page.getByRole('dialog').getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByRole('button', { name: 'Mark delivered' })).toBeDisabled();

  // Shipped: the goods left the store through the stock ledger (they were only held until now).
  expect([await stockOf(ankara), await stockOf(gele)]).toEqual([8, 3]);

  // The rider collected the fee in cash.
  await page
    .getByRole('link', { name: 'Record payment' })
    .or(page.getByRole('button', { name: 'Record payment' }))
    .click();
  await expect(page).toHaveURL(/\/add-payment\//);
  await expect(page.getByLabel('Amount received (₦)')).toHaveValue('1,000');
  await shootBothWidths(page, 'order-add-payment');
  await page.getByRole('button', { name: 'Save payment' }).click();
  await expect(page.getByText('Payment recorded')).toBeVisible();
  await expect(page).toHaveURL(/\/order-details\//);

  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByText('Delivered').first()).toBeVisible();
  await shootBothWidths(page, 'order-delivered');

  // A sale now: its goods at the order's prices (the fees stay on the order).
  const sales = (await api.get(`/v2/business/${b}/sales?limit=5`)) as {
    total: number;
    items: { total: number; note: string | null }[];
  };
  expect(sales.total).toBe(1);
  expect(sales.items[0]).toMatchObject({ total: 36500, note: 'Online order ORD-0001' });

  // The shopper's page follows by itself, and their e-mail says it was delivered.
  await expect(phone.getByText('Delivered').first()).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await lastEmail(request, 'amaka.shopper@example.ng'))?.subject)
    .toBe('Order ORD-0001 from Adaeze Fabrics is delivered');
  await phoneContext.close();
});

test('a checkout whose answer is lost on the way is sent again and places one order', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { slug } = await openShop(request, page);
  await page.setViewportSize({ width: 375, height: 780 });
  await page.goto(`/shop/${slug}`);
  await page.getByRole('button', { name: 'Add Aso-oke gele to cart' }).click();
  await page.getByRole('link', { name: /View cart/ }).click();
  await page.getByLabel('Full name').fill('Tunde Bakare');
  await page.getByLabel('Phone number').fill('08091230012');
  await page.getByLabel('Pickup', { exact: true }).check();
  await page.getByLabel('Pay on delivery').check();

  // The order reaches the server, and the answer never reaches the phone (the network drops mid-request).
  let dropped = 0;
  await page.route(`**/v1/shop/${slug}/orders`, async (route) => {
    if (dropped++ > 0) return route.continue();
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(/No connection: we could not confirm your order/)).toBeVisible();
  await settled(page);

  // Sent again: the same order comes back, once.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Order ORD-0001' })).toBeVisible();
  expect(dropped).toBe(2);
  expect(await available(request, slug)).toMatchObject({ 'Aso-oke gele': 3 });
});
