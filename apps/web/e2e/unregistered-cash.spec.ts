import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, PASSWORD, pinDeviceId, signUpByApi } from './fixtures';

/**
 * Cash of a sale made offline while no register was open (decision 0004 "Cash and registers"): the
 * registers screen shows it, and once a register is open the cash is counted into it.
 */

const SHOTS = 'test-results/screenshots';

const logIn = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
};

const shoot = async (page: Page, name: string) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
};

test('cash of an offline sale no register took is shown, then added to the register opened later', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, { business_name: 'Bisi Provisions', store_name: 'Yaba' });
  const b = data.business._id as string;
  const storeId = data.business.stores[0].id as string;
  const api = apiAs(request, { token: data.token, deviceId });
  const rice = await api.post(`/v2/business/${b}/products/`, {
    name: 'Mama Gold rice 5kg',
    selling_price: 6500,
    track_stock: true,
    store_stock: [{ store_id: storeId, stock: 10 }],
  });
  // The store's only register (Main till) is closed: the sale's cash lands in no register.
  const uploaded = await api.post(`/v2/business/${b}/sales/offline/sync`, {
    sales: [
      {
        _id: randomUUID(),
        store_id: storeId,
        items: [{ _id: rice._id, quantity: 1 }],
        payments: [{ method: 'cash', amount: 6500 }],
        offline_date: Date.now() - 3_600_000,
        is_offline_data: true,
      },
    ],
  });
  expect(uploaded.results[0]).toMatchObject({ outcome: 'accepted', data: { register_id: null } });
  const receipt = uploaded.results[0].data.receipt_number as string;

  await logIn(page, data.email);
  await page.goto('/registers');
  const notice = page.getByTestId('unregistered-cash-notice');
  await expect(notice).toContainText('Cash from 1 sale made offline is not in any register: ₦6,500.00');
  await shoot(page, 'unregistered-cash-notice');

  // No register open yet: the dialog lists the sale and says why the cash cannot be added.
  await notice.getByRole('button', { name: 'See the sales' }).click();
  let dialog = page.getByRole('dialog', { name: 'Cash from sales made offline' });
  await expect(dialog.getByRole('cell', { name: receipt })).toBeVisible();
  await expect(dialog.getByText('Open a register in this store to add this cash to it.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add to the open register' })).toBeDisabled();
  await shoot(page, 'unregistered-cash-closed');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Open the till in the UI.
  const till = page.getByLabel('Main till, Yaba');
  await till.getByRole('button', { name: 'Open register' }).click();
  const openDialog = page.getByRole('dialog', { name: 'Open Main till' });
  await openDialog.getByLabel('Opening float').fill('5000');
  await openDialog.getByRole('button', { name: 'Open register' }).click();
  await expect(openDialog).toBeHidden();
  await expect(till.getByTestId('expected-now')).toHaveText('₦5,000.00');

  // Add the cash to it.
  await notice.getByRole('button', { name: 'See the sales' }).click();
  dialog = page.getByRole('dialog', { name: 'Cash from sales made offline' });
  await shoot(page, 'unregistered-cash-open');
  await dialog.getByRole('button', { name: 'Add ₦6,500.00 to Main till' }).click();
  await expect(dialog).toBeHidden();
  await expect(notice).toBeHidden();
  await expect(till.getByTestId('expected-now')).toHaveText('₦11,500.00');
});
