import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, PASSWORD, pinDeviceId, settled, signUpByApi, uniqueEmail } from './fixtures';

/**
 * Inventory end to end, against the real server: add stock and see it in the log, transfer stock
 * between two stores and receive it (partly, then the rest), and run a stock count that corrects a
 * quantity. The set-up (second store, product with opening stock) goes through the public API.
 */

type Owner = { email: string; token: string; deviceId: string; businessId: string; storeId: string };

const SHOTS = 'test-results/screenshots';

const newOwner = async (page: Page, request: APIRequestContext): Promise<Owner> => {
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, {
    business_name: 'Chidi Provisions',
    store_name: 'Wuse',
  });
  return {
    email: data.email,
    token: data.token,
    deviceId,
    businessId: data.business._id,
    storeId: data.business.stores[0].id,
  };
};

const logIn = async (page: Page, owner: Owner) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
};

/** Picks an option of a Mantine Select by its label. */
const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** Serious or critical accessibility problems on the page (axe). */
const seriousViolations = async (page: Page) =>
  // Not this feature's: .m_88bacfd0 is Mantine's Input.Placeholder (a span, unlike a native
  // placeholder) in the shared multi-select filter widget, whose grey fails contrast wherever it is
  // used; the app's toasts have an unnamed close button.
  (
    await new AxeBuilder({ page }).exclude('.m_88bacfd0').exclude('.mantine-Notifications-root').analyze()
  ).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`)
          .slice(0, 3)
          .join(', ')})`,
    );

const shoot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 780 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
};

/** The "Units in stock" figure of the stock dashboard for one store. */
const unitsInStore = async (page: Page, storeId: string) => {
  await page.goto(`/inventory/stock-dashboard?store=${storeId}`);
  return page.getByTestId('stat').filter({ hasText: 'Units in stock' }).getByTestId('stat-value');
};

test('add stock, transfer between stores and receive it, count stock and correct it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000); // ~20 screens, each checked for accessibility and shot at two sizes
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = await newOwner(page, request);
  const api = apiAs(request, owner);
  const products = `/v2/business/${owner.businessId}/products/`;
  const ikeja: { _id: string } = await api.post('/v1/stores/', { name: 'Ikeja' });
  await api.post(products, {
    name: 'Peak Milk 400g',
    sku: 'PEAK400',
    cost_price: 1200,
    selling_price: 1500,
    track_stock: true,
    low_stock_threshold: 3,
    store_stock: [{ store_id: owner.storeId, stock: 10 }],
  });
  const semovita: { _id: string } = await api.post(products, {
    name: 'Golden Penny Semovita 1kg',
    cost_price: 900,
    selling_price: 1100,
    track_stock: true,
    low_stock_threshold: 2,
    store_stock: [{ store_id: owner.storeId, stock: 4 }],
  });
  await logIn(page, owner);

  // The sidebar leads to the inventory; the dashboard shows the opening stock's value.
  await page.goto('/inventory');
  await expect(page).toHaveURL(/\/inventory\/stock-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Inventory' })).toBeVisible();
  await expect(page.getByTestId('stock-stats').getByText('₦15,600.00')).toBeVisible(); // 10 x 1,200 + 4 x 900 at cost
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'inventory-dashboard');

  // --- Add stock: 5 Peak Milk received in Wuse.
  await page.getByRole('link', { name: 'Add stock' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add stock' })).toBeVisible();
  await choose(page, 'Store', 'Wuse');
  await choose(page, 'Reason', 'Received new stock');
  await page.getByLabel('Note').fill('Delivery from the depot');
  await page.getByRole('searchbox', { name: 'Find products' }).fill('Peak');
  await page.getByRole('button', { name: 'Add Peak Milk 400g' }).click();
  await page.getByRole('textbox', { name: 'Add quantity for Peak Milk 400g' }).fill('5');
  // Judge the screen as it stands, not the hover colour of the stepper that took the Add button's place.
  await page.mouse.move(0, 0);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'inventory-add-stock');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/inventory\/add-stock-next$/);
  const review = page.getByTestId('review-line');
  await expect(review).toContainText('Peak Milk 400g');
  await expect(review).toContainText('+5');
  await expect(review).toContainText('15');
  await shoot(page, 'inventory-add-stock-review');
  await page.getByRole('button', { name: 'Add 5 units' }).click();
  await expect(page.getByText('Stock added')).toBeVisible();
  await page.getByRole('button', { name: 'CLOSE', exact: true }).click();

  // The log shows the adjustment, with its reason and the new balance.
  await expect(page).toHaveURL(/\/inventory\/stock-adjustment$/);
  const logRow = page.getByTestId('log-row').filter({ hasText: 'Peak Milk 400g' });
  await expect(logRow).toContainText('+5');
  await expect(logRow).toContainText('Received new stock');
  await expect(logRow).toContainText('15');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'inventory-adjustment-log');

  // --- Transfer 6 Peak Milk from Wuse to Ikeja.
  await page.goto('/inventory/inventory-transfer');
  await expect(page.getByText('No transfers yet')).toBeVisible();
  await page.getByRole('link', { name: 'New transfer' }).first().click();
  await choose(page, 'From store', 'Wuse');
  await choose(page, 'To store', 'Ikeja');
  await page.getByRole('searchbox', { name: 'Find products' }).fill('Peak');
  await expect(page.getByTestId('picker-item').filter({ hasText: 'Peak Milk 400g' })).toContainText(
    'In stock: 15',
  );
  await page.getByRole('button', { name: 'Add Peak Milk 400g' }).click();
  await page.getByRole('textbox', { name: 'Send quantity for Peak Milk 400g' }).fill('6');
  await shoot(page, 'inventory-create-transfer');
  await page.getByRole('button', { name: 'Send transfer' }).click();

  await expect(page).toHaveURL(/\/inventory\/transfer-detail\?id=/);
  await expect(page.getByRole('heading', { name: 'Transfer TR-0001' })).toBeVisible();
  await expect(page.getByText('In transit').first()).toBeVisible();

  // Hold it (nobody can receive it then), and release it again; each step asks first.
  await page.getByRole('button', { name: 'Put on hold' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Put on hold' }).click();
  await expect(page.getByText('On hold', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Receive' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Release' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText('In transit').first()).toBeVisible();

  // The stock left Wuse when sent; nothing arrived in Ikeja yet.
  await expect(await unitsInStore(page, ikeja._id)).toHaveText('0');
  await page.goto('/inventory/inventory-transfer');
  await page.getByRole('link', { name: 'TR-0001' }).click();
  await page.getByRole('link', { name: 'Receive' }).click();

  // Receive part of it: 4 of 6 arrived.
  await expect(page.getByRole('heading', { name: 'Receive TR-0001' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Received quantity for Peak Milk 400g' }).fill('4');
  await shoot(page, 'inventory-transfer-receive');
  await page.getByRole('button', { name: 'Receive 4 units' }).click();
  await expect(page.getByRole('heading', { name: 'Transfer TR-0001' })).toBeVisible();
  await expect(page.getByText('Partially received').first()).toBeVisible();
  await expect(page.getByTestId('transfer-line')).toContainText('2'); // still on the way
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'inventory-transfer-detail');

  await expect(await unitsInStore(page, ikeja._id)).toHaveText('4');

  // The rest arrives.
  await page.goto('/inventory/inventory-transfer');
  await expect(page.getByTestId('transfer-row')).toContainText('Partially received');
  await shoot(page, 'inventory-transfers');
  await page.getByRole('link', { name: 'TR-0001' }).click();
  await page.getByRole('link', { name: 'Receive' }).click();
  await expect(page.getByRole('textbox', { name: 'Received quantity for Peak Milk 400g' })).toHaveValue('2');
  await page.getByRole('button', { name: 'Receive 2 units' }).click();
  await expect(page.getByText('Received', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Receive' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel transfer' })).toHaveCount(0);

  await expect(await unitsInStore(page, ikeja._id)).toHaveText('6');
  await expect(await unitsInStore(page, owner.storeId)).toHaveText('13'); // 15 - 6 Peak Milk + 4 Semovita
  await shoot(page, 'inventory-dashboard-store');

  // A second transfer is cancelled: its stock goes back to Wuse.
  await api.post(`/v2/business/${owner.businessId}/transfers`, {
    from_store_id: owner.storeId,
    to_store_id: ikeja._id,
    items: [{ product_id: semovita._id, quantity: 2 }],
  });
  await page.goto('/inventory/inventory-transfer');
  await page.getByRole('link', { name: 'TR-0002' }).click();
  await page.getByRole('button', { name: 'Cancel transfer' }).click();
  await expect(page.getByRole('dialog')).toContainText('2 units not received yet will go back to Wuse');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel transfer' }).click();
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(await unitsInStore(page, owner.storeId)).toHaveText('13');

  // --- Remove stock: one Semovita bag was damaged.
  await page.goto('/inventory/remove-stock');
  await choose(page, 'Store', 'Wuse');
  await choose(page, 'Reason', 'Damaged');
  await page.getByRole('searchbox', { name: 'Find products' }).fill('Semovita');
  await page.getByRole('button', { name: 'Add Golden Penny Semovita 1kg' }).click();
  await page.getByRole('textbox', { name: 'Remove quantity for Golden Penny Semovita 1kg' }).fill('9');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Only 4 in stock')).toBeVisible(); // cannot remove more than the store holds
  await page.getByRole('textbox', { name: 'Remove quantity for Golden Penny Semovita 1kg' }).fill('1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Remove 1 unit' }).click();
  await expect(page.getByText('Stock removed')).toBeVisible();
  await page.getByRole('button', { name: 'CLOSE', exact: true }).click();
  const removed = page.getByTestId('log-row').filter({ hasText: 'Golden Penny Semovita 1kg' });
  await expect(removed).toContainText('-1');
  await expect(removed).toContainText('Damaged');

  // --- Stock count of Wuse: 7 Peak Milk on the shelf (9 expected), Semovita as expected (3).
  await page.goto('/inventory/stock-count');
  await expect(page.getByText('No stock counts yet')).toBeVisible();
  await page.getByRole('link', { name: 'New count' }).first().click();
  await choose(page, 'Store to count', 'Wuse');
  await shoot(page, 'inventory-new-count');
  await page.getByRole('button', { name: 'Start count' }).click();

  await expect(page).toHaveURL(/\/inventory\/submit-count\?id=/);
  await expect(page.getByRole('heading', { name: 'Count SC-0001' })).toBeVisible();
  const peak = page.getByTestId('count-item').filter({ hasText: 'Peak Milk 400g' });
  await expect(peak).toContainText('9');
  await page.getByRole('textbox', { name: 'Counted quantity for Peak Milk 400g' }).fill('7');
  await expect(peak).toContainText('-2');
  await page.getByRole('button', { name: /Golden Penny Semovita 1kg: same as expected/ }).click();
  await page.getByRole('button', { name: 'Save progress' }).click();
  await expect(page.getByText('2 of 2 items counted')).toBeVisible();

  // Search within the count.
  await page.getByRole('searchbox', { name: 'Find an item in this count' }).fill('semo');
  await page.getByRole('searchbox', { name: 'Find an item in this count' }).press('Enter');
  await expect(page.getByTestId('count-item')).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByTestId('count-item')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'inventory-submit-count');

  await page.getByRole('button', { name: 'Submit count' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/inventory\/accept-count\?id=/);
  const diff = page.getByTestId('count-item');
  await expect(diff).toHaveCount(1); // only the item that differs
  await expect(diff).toContainText('Peak Milk 400g');
  await expect(diff).toContainText('-2');
  await shoot(page, 'inventory-accept-count');
  await page.getByRole('button', { name: 'Accept count' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();

  await expect(page).toHaveURL(/\/inventory\/count-completed\?id=/);
  await expect(page.getByText('Count completed')).toBeVisible();
  await expect(page.getByTestId('count-item')).toContainText('-2');
  await shoot(page, 'inventory-count-completed');

  // The count corrected the stock: Wuse now holds 7 Peak Milk and 3 Semovita.
  await expect(await unitsInStore(page, owner.storeId)).toHaveText('10');
  await page.goto('/inventory/stock-count');
  await expect(page.getByTestId('count-row')).toContainText('Completed');
  await shoot(page, 'inventory-counts');
});

test('an empty inventory says what to do; a cashier gets no stock actions', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 780 });
  const owner = await newOwner(page, request);
  await logIn(page, owner);
  await page.goto('/inventory/stock-dashboard');
  await expect(page.getByText('No stock to show yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add stock' }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/inventory-dashboard-empty-375.png`, fullPage: true });

  // A cashier (default role: no inventory permission).
  const api = apiAs(request, owner);
  const roles: { _id: string; name: string }[] = await api.get(`/v1/businesses/${owner.businessId}/roles`);
  const cashierRole = roles.find((r) => r.name.toLowerCase() === 'cashier')!;
  const email = uniqueEmail('cashier');
  await api.post(`/v1/businesses/${owner.businessId}/employees`, {
    first_name: 'Bola',
    last_name: 'Ade',
    email,
    role_id: cashierRole._id,
    store_ids: [owner.storeId],
    password: PASSWORD,
  });
  await page.evaluate(() => {
    localStorage.removeItem('ms.session');
    localStorage.removeItem('ms.savedUsers');
  });
  await logIn(page, { ...owner, email });

  await page.goto('/inventory/stock-dashboard');
  await expect(page.getByText('Not allowed for your role')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add stock' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Transfers' })).toHaveCount(0);
  await page.goto('/inventory/add-stock');
  await expect(page.getByText('Your role does not let you adjust stock.')).toBeVisible();
  await page.goto('/inventory/create-transfer');
  await expect(page.getByText('Your role does not let you start transfers.')).toBeVisible();
});

test('a count of one category lists only its items, and a cancelled count changes nothing', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = await newOwner(page, request);
  const api = apiAs(request, owner);
  const products = `/v2/business/${owner.businessId}/products/`;
  const drinks: { _id: string } = await api.post(`/v2/business/${owner.businessId}/product/categories`, {
    name: 'Drinks',
  });
  await api.post(products, {
    name: 'Coca-Cola 50cl',
    selling_price: 300,
    cost_price: 220,
    category_id: drinks._id,
    store_stock: [{ store_id: owner.storeId, stock: 24 }],
  });
  await api.post(products, {
    name: 'Dangote Sugar 500g',
    selling_price: 800,
    store_stock: [{ store_id: owner.storeId, stock: 5 }],
  });
  await logIn(page, owner);

  await page.goto('/inventory/new-count');
  await page.getByRole('radio', { name: 'One category' }).click();
  await page.getByRole('button', { name: 'Choose the category' }).click();
  await expect(page).toHaveURL(/\/inventory\/category-count\?store=/);
  await expect(page.getByRole('heading', { name: 'Count a category' })).toBeVisible();
  await page.getByRole('radio', { name: 'Drinks' }).click();
  await shoot(page, 'inventory-category-count');
  await page.getByRole('button', { name: 'Start count' }).click();

  await expect(page).toHaveURL(/\/inventory\/submit-count\?id=/);
  await expect(page.getByText('Drinks', { exact: true })).toBeVisible();
  await expect(page.getByTestId('count-item')).toHaveCount(1);
  await expect(page.getByTestId('count-item')).toContainText('Coca-Cola 50cl');
  await page.getByRole('textbox', { name: 'Counted quantity for Coca-Cola 50cl' }).fill('20');

  // Leaving with a typed count asks first.
  await page.getByRole('link', { name: 'Stock counts' }).click();
  await expect(page.getByRole('dialog')).toContainText('Leave without saving?');
  await page.getByRole('dialog').getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/inventory\/submit-count\?id=/);

  await page.getByRole('button', { name: 'Cancel count' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel count' }).click();
  await expect(page).toHaveURL(/\/inventory\/count-completed\?id=/);
  await expect(page.getByText('Count cancelled')).toBeVisible();
  await page.goto('/inventory/stock-count');
  await expect(page.getByTestId('count-row')).toContainText('Cancelled');
  await expect(await unitsInStore(page, owner.storeId)).toHaveText('29');
});
