import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, pinDeviceId, signUpByApi } from './fixtures';

type Owner = {
  email: string;
  token: string;
  business: { _id: string; stores: { id: string; name: string }[] };
};

/** Calls the API as the owner, on the owner's approved device; answers the envelope's data. */
const apiAs = (request: APIRequestContext, owner: Owner, deviceId: string) => {
  const headers = { Authorization: `Bearer ${owner.token}`, deviceID: deviceId };
  const call = async (method: 'get' | 'post' | 'put', path: string, data?: unknown) => {
    const res = await request[method](path, { headers, data });
    const body = await res.json();
    expect(res.ok(), `${method.toUpperCase()} ${path}: ${JSON.stringify(body)}`).toBe(true);
    return body.data;
  };
  return {
    get: (path: string) => call('get', path),
    post: (path: string, data: unknown) => call('post', path, data),
    put: (path: string, data: unknown) => call('put', path, data),
  };
};

/** How far the page scrolls sideways (0 when it fits the screen). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const logIn = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
};

/** The input labelled so (a combobox input too), not its dropdown or the buttons named after it. */
const field = (page: Page, label: string) =>
  page.locator('input').and(page.getByLabel(label, { exact: true }));

const addValues = async (page: Page, label: string, values: string[]) => {
  const input = field(page, label);
  for (const v of values) {
    await input.fill(v);
    await input.press('Enter');
  }
  await input.press('Escape');
};

test('a product with variants, a modifier set and a tag: create, list, search, edit a price, stale save, delete another', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const deviceId = await pinDeviceId(page);
  const owner = (await signUpByApi(request, deviceId, { business_name: 'Adaeze Fashion' })) as Owner;
  const api = apiAs(request, owner, deviceId);
  const b = owner.business._id;

  // Set-up through the API: a second store, a modifier set, a tag and a plain product to delete later.
  const wuse = owner.business.stores[0]!;
  const ikeja = await api.post('/v1/stores/', { name: 'Ikeja' });
  const extras = await api.post(`/v2/business/${b}/modifiers/set`, {
    name: 'Extras',
    business_id: b,
    modifiers: [{ name: 'Gift wrap', selling_price: 500 }],
  });
  const tag = await api.post(`/v2/business/${b}/product/tags`, { label: 'New arrivals' });
  await api.post(`/v2/business/${b}/products/`, {
    name: 'Plain Tee',
    selling_price: 3000,
    store_stock: [{ store_id: wuse.id, stock: 4 }],
  });

  await logIn(page, owner.email);

  // The list shows the product made through the API, with its stock.
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  const plainRow = page.getByTestId('product-row').filter({ hasText: 'Plain Tee' });
  await expect(plainRow).toContainText('₦3,000.00');
  await expect(plainRow).toContainText('4');

  // Add a product with variants: Size S/M × Colour Red/Blue.
  await page.getByRole('link', { name: 'Add product' }).first().click();
  await expect(page).toHaveURL(/\/add-product$/);
  await page.getByLabel('Product name').fill('Ankara Shirt');
  await page.getByText('With variants', { exact: true }).click();
  await field(page, 'Option 1').fill('Size');
  await addValues(page, 'Size values', ['S', 'M']);
  await page.getByRole('button', { name: 'Add option' }).click();
  await field(page, 'Option 2').fill('Colour');
  await addValues(page, 'Colour values', ['Red', 'Blue']);
  await expect(page.getByTestId('variety-row')).toHaveCount(4);
  await expect(page.getByText('4 varieties')).toBeVisible();

  // Saving without prices says which varieties need one.
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByText('The selling price field is required.').first()).toBeVisible();

  const prices: Record<string, string> = {
    'S / Red': '5000',
    'S / Blue': '5000',
    'M / Red': '6000',
    'M / Blue': '6500',
  };
  for (const [name, price] of Object.entries(prices)) await page.getByLabel(`Price of ${name}`).fill(price);
  await page.getByLabel('Cost of M / Blue').fill('4000');
  await page.getByLabel('SKU of S / Red').fill('ANK-S-RED');
  await page.getByLabel('Opening stock of S / Red at Wuse').fill('3');
  await page.getByLabel('Opening stock of M / Blue at Ikeja').fill('2');
  await page.getByLabel('Opening stock of M / Blue at Wuse').fill('1');
  await expect(page.getByTestId('variety-row').filter({ hasText: 'M / Blue' })).toContainText(
    /₦2,500\.00\s*\(?38\.5%/,
  );

  // Remove a variety and bring it back: its price is kept.
  await page.getByRole('button', { name: 'Remove S / Blue' }).click();
  await expect(page.getByTestId('variety-row')).toHaveCount(3);
  await page.getByRole('button', { name: /Bring back 1 removed/ }).click();
  await expect(page.getByTestId('variety-row')).toHaveCount(4);
  await expect(page.getByLabel('Price of S / Blue')).toHaveValue('₦5,000');

  // The tag (tag list widget) and the modifier set (picker in select mode).
  await field(page, 'Add Tag (Optional)').click();
  await page.getByRole('option', { name: 'New arrivals' }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Choose modifier sets' }).click();
  await page
    .getByRole('dialog')
    .getByRole('checkbox', { name: /Extras/ })
    .check();
  await page.getByRole('button', { name: 'Use these sets' }).click();
  await expect(page.getByRole('list', { name: 'Chosen modifier sets' })).toContainText('Gift wrap ₦500.00');

  await page.screenshot({ path: 'test-results/screenshots/product-form-1280.png', fullPage: true });
  await page.getByRole('button', { name: 'Save product' }).click();

  // Back on the list: the new product with its variants, price range and total stock.
  await expect(page).toHaveURL(/\/products$/);
  const ankaraRow = page.getByTestId('product-row').filter({ hasText: 'Ankara Shirt' });
  await expect(ankaraRow).toContainText('₦5,000.00 – ₦6,500.00');
  await expect(ankaraRow.getByRole('cell').nth(5)).toHaveText('6');
  await expect(ankaraRow.getByRole('cell').last()).toHaveText('4');
  await page.screenshot({ path: 'test-results/screenshots/products-list-1280.png', fullPage: true });

  // Stock of one store.
  await field(page, 'Store').click();
  await page.getByRole('option', { name: 'Ikeja' }).click();
  await expect(ankaraRow.getByRole('cell').nth(5)).toHaveText('2 · Low');
  await expect(plainRow.getByRole('cell').nth(5)).toHaveText('0 · Out');
  await field(page, 'Store').click();
  await page.getByRole('option', { name: 'Ikeja' }).click();

  // Search as you type.
  await page.getByRole('searchbox', { name: /Search by name/ }).fill('ankara');
  await expect(page.getByTestId('product-row')).toHaveCount(1);
  await expect(page.getByTestId('product-row')).toContainText('Ankara Shirt');
  await expect(page).toHaveURL(/search=ankara/);

  // The server kept what was typed.
  const [saved] = (await api.get(`/v2/business/${b}/products?search=ankara`)).items;
  expect(saved.tags.map((t: { _id: string }) => t._id)).toEqual([tag._id]);
  expect(saved.modifiers).toEqual([extras.id]);
  expect(
    saved.varieties.map((v: { name: string; selling_price: number }) => [v.name, v.selling_price]),
  ).toEqual([
    ['S / Red', 5000],
    ['S / Blue', 5000],
    ['M / Red', 6000],
    ['M / Blue', 6500],
  ]);
  const mBlue = saved.varieties.find((v: { name: string }) => v.name === 'M / Blue');
  expect(mBlue.store_stock).toEqual(
    expect.arrayContaining([
      { store_id: wuse.id, stock: 1 },
      { store_id: ikeja.id, stock: 2 },
    ]),
  );

  // Edit a price.
  await page.getByRole('link', { name: 'Ankara Shirt' }).click();
  await expect(page).toHaveURL(/\/productsinventory\/edit-product\//);
  await expect(page.getByLabel('Price of M / Blue')).toHaveValue('₦6,500');
  await page.getByLabel('Price of M / Blue').fill('7000');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your changes to Ankara Shirt were saved.')).toBeVisible();
  await expect
    .poll(async () => {
      const p = await api.get(`/v2/business/${b}/products/${saved._id}`);
      return p.varieties.find((v: { name: string }) => v.name === 'M / Blue').selling_price;
    })
    .toBe(7000);

  // Someone else saves while nothing is being typed here: the open screen shows their version.
  const phoneEdit = async (description: string) => {
    const current = await api.get(`/v2/business/${b}/products/${saved._id}`);
    await api.put(`/v2/business/${b}/products/${saved._id}`, { description, updated_at: current.updated_at });
  };
  await phoneEdit('Changed on the phone');
  await expect(page.getByLabel('Description')).toHaveValue('Changed on the phone');

  // Someone else saves while a price is being typed here: what is typed stays, and the save is
  // refused with an offer to reload their version.
  await page.getByLabel('Price of S / Red').fill('5200');
  await phoneEdit('Changed on the phone again');
  await expect(page.getByText('Someone else saved this product while you were editing it.')).toBeVisible();
  await expect(page.getByLabel('Price of S / Red')).toHaveValue('₦5,200');
  await expect(page.getByLabel('Description')).toHaveValue('Changed on the phone');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Someone else changed this product')).toBeVisible();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByLabel('Description')).toHaveValue('Changed on the phone again');
  await expect(page.getByLabel('Price of S / Red')).toHaveValue('₦5,000');

  // Screenshots at 375 px (without the toasts over them).
  // Toasts also leave by themselves (8 s): close whichever is still there, one at a time.
  const closeToast = page.locator('.mantine-Notification-closeButton');
  while ((await closeToast.count()) > 0)
    await closeToast
      .first()
      .click({ timeout: 2_000 })
      .catch(() => {});
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByLabel('Price of S / Red')).toBeVisible();
  await expect.poll(() => sidewaysOverflow(page)).toBe(0);
  await page.screenshot({ path: 'test-results/screenshots/product-form-375.png', fullPage: true });
  await page.screenshot({ path: 'test-results/screenshots/product-form-375-top.png' });
  await page.getByRole('heading', { name: 'Variants' }).evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -72);
  });
  await page.screenshot({ path: 'test-results/screenshots/product-form-375-variants.png' });
  await page
    .getByTestId('variety-row')
    .first()
    .evaluate((el) => {
      el.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -72);
    });
  await page.screenshot({ path: 'test-results/screenshots/product-form-375-grid.png' });
  await page.goto('/products');
  await expect(page.getByTestId('product-row')).toHaveCount(2);
  await expect.poll(() => sidewaysOverflow(page)).toBe(0);
  await page.screenshot({ path: 'test-results/screenshots/products-list-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Delete the other product from its edit screen.
  await page.getByRole('link', { name: 'Plain Tee' }).click();
  await page.getByRole('button', { name: 'Delete product' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByText('Plain Tee was deleted.')).toBeVisible();
  await expect(page.getByTestId('product-row')).toHaveCount(1);
  await expect(page.getByTestId('product-row')).toContainText('Ankara Shirt');
});

test('a new business sees how to add its first products', async ({ page, request }) => {
  const deviceId = await pinDeviceId(page);
  const owner = await signUpByApi(request, deviceId, { business_name: 'Empty Shelf' });
  await logIn(page, owner.email);
  await page.goto('/productsinventory/myproducts');
  await expect(page.getByText('No products yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bulk upload' }).last()).toHaveAttribute(
    'href',
    '/bulk-products-upload',
  );
  await page.getByRole('link', { name: 'Add product' }).last().click();
  await expect(page).toHaveURL(/\/add-product$/);
  // A simple product with a price below its cost: the margin warns; the opening stock lands in the store.
  await page.getByLabel('Product name').fill('Zobo 50cl');
  await page.getByLabel('Cost price').fill('300');
  await page.getByLabel('Selling price').fill('250');
  await expect(page.getByText(/you sell below cost/)).toBeVisible();
  await page.getByLabel('Selling price').fill('400');
  await expect(page.getByText('Margin: ₦100.00 per sale (25%)')).toBeVisible();
  await page.getByLabel('Opening stock at Wuse').fill('24');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page).toHaveURL(/\/productsinventory\/myproducts$/);
  const row = page.getByTestId('product-row').filter({ hasText: 'Zobo 50cl' });
  await expect(row).toContainText('₦400.00');
  await expect(row).toContainText('24');

  // Bulk actions on the selected rows: file them under a category, then delete them.
  const api = apiAs(request, owner as Owner, deviceId);
  await api.post(`/v2/business/${owner.business._id}/product/categories`, { name: 'Drinks' });
  await api.post(`/v2/business/${owner.business._id}/products/`, { name: 'Kunu 50cl', selling_price: 300 });
  await page.reload();
  await expect(page.getByTestId('product-row')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all products on this page' }).check();
  await expect(page.getByText('2 products selected')).toBeVisible();
  await page.getByRole('button', { name: 'Set category' }).click();
  // The dialog's field: the list's filter has a "Category" field too.
  const setCategory = page.getByRole('dialog', { name: 'Set category' });
  await setCategory
    .locator('input')
    .and(setCategory.getByLabel('Category', { exact: true }))
    .click();
  await page.getByRole('option', { name: 'Drinks' }).click();
  await page.getByRole('button', { name: 'Apply to 2 products' }).click();
  await expect(page.getByText('2 products moved to Drinks.')).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('Drinks');
  await page.getByRole('checkbox', { name: 'Select all products on this page' }).check();
  await page
    .getByRole('region', { name: 'Selected products' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('dialog')).toContainText('Delete 2 products?');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No products yet')).toBeVisible();
});
