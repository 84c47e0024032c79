import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD, apiAs, pinDeviceId, signUpByApi } from './fixtures';

/**
 * Issue 11 §7: at the till the total and Charge are always on screen — a laptop at 1280×800 with a
 * customer, four lines and an order discount, and a phone at 375×812 — and long labels (payment
 * methods, product types) wrap instead of being cut. Screenshots are left in test-results/screens.
 */

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false });

/** Inside the window: the whole box is visible without scrolling the page. */
const expectInViewport = async (page: Page, locator: Locator) => {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  expect(box, 'element has a box').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
};

/** No text cut: each element's content fits its box (no overflow hidden or spilled). */
const expectNothingCut = async (locator: Locator) => {
  const cut = await locator.evaluateAll((els) =>
    els
      .filter((el) => {
        const inner =
          (el.querySelector('.mantine-Button-label') as HTMLElement | null) ?? (el as HTMLElement);
        return inner.scrollWidth > inner.clientWidth + 1 || el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
};

const NAMES = [
  'Golden Penny Semovita 10kg bag',
  'Dangote Sugar Cubes 500g',
  'Indomie Chicken Super Pack (40 x 70g)',
  'Peak Full Cream Milk Powder Refill 900g',
];

const setUp = async (page: Page) => {
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(page.request, deviceId, { business_name: 'Layout Stores' });
  const owner = { token: data.token as string, deviceId };
  const api = apiAs(page.request, owner);
  const b = data.business._id as string;
  const storeId = data.business.stores[0].id as string;
  const products: string[] = [];
  for (const [i, name] of NAMES.entries())
    products.push(
      (
        await api.post(`/v2/business/${b}/products/`, {
          name,
          selling_price: 1500 + i * 250,
          track_stock: true,
          store_stock: [{ store_id: storeId, stock: 40 }],
        })
      )._id as string,
    );
  await api.post(`/v1/payments/customoptions/businesses/${b}`, {
    name: 'POS terminal (Moniepoint)',
    instructions: null,
  });
  const registers: { _id: string }[] = await api.get(`/v1/registries/businesses/${b}?store_id=${storeId}`);
  await api.put(`/v1/registries/${registers[0]!._id}/open`, { float: 5000 });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(data.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/pos');
  await expect(page.getByRole('button', { name: `Add ${NAMES[0]}` })).toBeVisible();
  return { api, b, storeId, products };
};

/** Four lines, a new customer and a 10 % order discount, through the cart (open on a phone). */
const fillCart = async (page: Page, cart: Locator) => {
  for (const name of NAMES) await page.getByRole('button', { name: `Add ${name}` }).click();
  return async () => {
    await cart.getByRole('button', { name: 'New customer' }).click();
    await cart.getByLabel('First name').fill('Oluwaseun');
    await cart.getByLabel('Phone number').fill('08031112222');
    await cart.getByRole('button', { name: 'Add customer' }).click();
    await expect(cart.getByText('Oluwaseun', { exact: true })).toBeVisible();
    await cart.getByRole('button', { name: 'Order discount' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order discount' });
    await dialog.getByText('Percentage (%)').click();
    await dialog.getByLabel('Discount (%)').fill('10');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(cart.getByTestId('cart-line')).toHaveCount(4);
  };
};

test('a laptop at 1280×800: a long cart keeps its total and Charge on screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await setUp(page);
  const cart = page.getByTestId('cart');
  await (
    await fillCart(page, cart)
  )();
  await expectInViewport(page, cart.getByTestId('charge'));
  await expectInViewport(page, cart.getByTestId('cart-total'));
  await shoot(page, 'till-1280-long-cart');

  await cart.getByTestId('charge').click();
  await expect(page).toHaveURL(/\/pos-payment$/);
  await expect(page.getByText('Amount due · 4 items · Oluwaseun')).toBeVisible();
  await expectNothingCut(page.getByRole('radio'));
  await shoot(page, 'till-1280-payment');
});

test('a phone at 375×812: Charge stays on screen, the cart sheet shows its total, labels wrap', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await setUp(page);
  const finish = await fillCart(page, page.getByTestId('cart'));
  const bar = page.getByRole('button', { name: /^Charge ₦/ });
  await expectInViewport(page, bar);
  await page.getByRole('button', { name: /^Cart/ }).click();
  const sheet = page.getByRole('dialog', { name: /Cart · 4 items/ });
  const cart = sheet.getByTestId('cart');
  await finish();
  await expectInViewport(page, cart.getByTestId('charge'));
  await expectInViewport(page, cart.getByTestId('cart-total'));
  await shoot(page, 'till-375-cart-sheet');

  await cart.getByTestId('charge').click();
  await expect(page).toHaveURL(/\/pos-payment$/);
  await expect(page.getByRole('radio', { name: 'bank transfer (fixed)' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'POS terminal (Moniepoint)' })).toBeVisible();
  await expectNothingCut(page.getByRole('radio'));
  await shoot(page, 'till-375-payment');

  // One item is "1 item", not "1 items".
  await page.getByRole('link', { name: 'Back to the cart' }).click();
  await page.getByRole('button', { name: /^Cart/ }).click();
  for (const name of NAMES.slice(1))
    await page
      .getByTestId('cart')
      .getByRole('button', { name: `Remove ${name}` })
      .click();
  await page.getByTestId('cart').getByTestId('charge').click();
  await expect(page.getByText(/Amount due · 1 item · Oluwaseun/)).toBeVisible();
});

test("a phone at 375×812: the product type choice and a customer's recent sales are not cut", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { api, b, storeId, products } = await setUp(page);
  const customer = await api.post('/v1/customers/', {
    first_name: 'Chukwuemeka',
    last_name: 'Okonkwo-Adebayo',
    phone: '08035550101',
  });
  for (const pay_later of [false, true])
    await api.post(`/v2/business/${b}/sales`, {
      _id: randomUUID(),
      store_id: storeId,
      customer_id: customer._id,
      items: [{ _id: products[3], quantity: 40 - (pay_later ? 30 : 35) }],
      payments: pay_later ? [] : [{ method: 'cash', amount: 100000 }],
      pay_later,
    });

  await page.goto('/add-product');
  const types = page.getByRole('radiogroup').first().locator('label');
  await expect(types).toHaveCount(3);
  await expectNothingCut(types);
  await shoot(page, 'product-type-375');

  await page.goto(`/customer-details?id=${customer._id}`);
  const sales = page.getByRole('table');
  await expect(sales.getByRole('row')).toHaveCount(2);
  await expect(sales.getByText('Unpaid')).toBeVisible();
  for (const cell of await sales.getByRole('cell').all()) {
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  await expectNothingCut(sales.getByRole('cell'));
  await shoot(page, 'customer-details-375');
});
