import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, pinDeviceId, signUpByApi } from './fixtures';

/**
 * Registers end to end against the real server: open the store's till with a float, add cash,
 * remove cash with a reason, close it with a difference and read expected / counted / difference,
 * then find the closed session in the register's history.
 */

const SHOTS = 'test-results/screenshots';

const logIn = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
};

/** Full-page screenshots at 1280 and 375 px. */
const shoot = async (page: Page, name: string) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 780 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
};

test('open a register with a float, add and remove cash, close it with a difference', async ({
  page,
  request,
}) => {
  const deviceId = await pinDeviceId(page);
  const owner = await signUpByApi(request, deviceId, {
    business_name: 'Amaka Provisions',
    store_name: 'Wuse',
  });
  await logIn(page, owner.email);

  await page.goto('/registers');
  await expect(page.getByRole('heading', { name: 'Registers' })).toBeVisible();
  const till = page.getByLabel('Main till, Wuse');
  await expect(till.getByText('Closed')).toBeVisible();
  await shoot(page, 'registers-closed');

  // Open with a float.
  await till.getByRole('button', { name: 'Open register' }).click();
  const openDialog = page.getByRole('dialog', { name: 'Open Main till' });
  await openDialog.getByLabel('Opening float').fill('5000');
  await openDialog.getByRole('button', { name: 'Open register' }).click();
  await expect(openDialog).toBeHidden();
  await expect(till.getByText('Open', { exact: true })).toBeVisible();
  await expect(till.getByTestId('expected-now')).toHaveText('₦5,000.00');
  await expect(till.getByText('Operated by Ngozi Eze')).toBeVisible();

  // Add cash.
  await till.getByRole('button', { name: 'Add cash' }).click();
  const add = page.getByRole('dialog', { name: 'Add cash' });
  await add.getByLabel('Amount').fill('1500');
  await add.getByLabel('Reason (optional)').fill('Change from the bank');
  await add.getByRole('button', { name: 'Add cash' }).click();
  await expect(add).toBeHidden();
  await expect(till.getByTestId('expected-now')).toHaveText('₦6,500.00');

  // Remove cash: the reason is required.
  await till.getByRole('button', { name: 'Remove cash' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove cash' });
  await remove.getByLabel('Amount').fill('700');
  await remove.getByRole('button', { name: 'Remove cash' }).click();
  await expect(remove.getByText(/reason field is required/i)).toBeVisible();
  await remove.getByRole('textbox', { name: /^Reason/ }).fill('Diesel for the generator');
  await remove.getByRole('button', { name: 'Remove cash' }).click();
  await expect(remove).toBeHidden();
  await expect(till.getByTestId('expected-now')).toHaveText('₦5,800.00');
  await shoot(page, 'registers-open');

  // Close with a count ₦100 short.
  await till.getByRole('button', { name: 'Close' }).click();
  const close = page.getByRole('dialog', { name: 'Close Main till' });
  await close.getByLabel('Counted cash').fill('5700');
  await expect(close.getByTestId('expected-cash')).toHaveText('₦5,800.00');
  await expect(close.getByTestId('cash-difference')).toHaveText('Short by ₦100.00');
  await close.getByRole('button', { name: 'Close register' }).click();
  await expect(close.getByText('Register closed')).toBeVisible();
  await expect(close.getByTestId('expected-cash')).toHaveText('₦5,800.00');
  await expect(close.getByTestId('counted-cash')).toHaveText('₦5,700.00');
  const difference = close.getByTestId('cash-difference');
  await expect(difference).toHaveText('Short by ₦100.00');
  await expect(difference).toHaveAttribute('data-state', 'short');
  await shoot(page, 'registers-closed-summary');
  await close.getByRole('button', { name: 'Done' }).click();
  await expect(till.getByText('Closed')).toBeVisible();

  // The details: the session's ledger and the closed session in the history.
  await till.getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/registers-details\?id=/);
  const movements = page.getByRole('table', { name: 'Cash movements' });
  await expect(movements.getByRole('row')).toHaveCount(4);
  await expect(movements.getByText('Diesel for the generator')).toBeVisible();
  await expect(page.getByTestId('detail-expected')).toHaveText('₦5,800.00');
  await expect(page.getByTestId('detail-counted')).toHaveText('₦5,700.00');
  await expect(page.getByTestId('detail-difference')).toHaveText('Short by ₦100.00');
  const history = page.getByRole('table', { name: 'Closed sessions' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByText('Short by ₦100.00')).toBeVisible();
  await shoot(page, 'registers-details');
});

test('switch the user of an open register without closing it (375 px)', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 780 });
  const deviceId = await pinDeviceId(page);
  const owner = await signUpByApi(request, deviceId, { business_name: 'Bola Kitchen', store_name: 'Yaba' });
  const headers = { Authorization: `Bearer ${owner.token}`, deviceID: deviceId };
  const roles = (await (await request.get(`/v1/businesses/${owner.business._id}/roles`, { headers })).json())
    .data as { _id: string; name: string }[];
  const cashierRole = roles.find((r) => r.name.toLowerCase() === 'cashier')!;
  const created = await request.post(`/v1/businesses/${owner.business._id}/employees`, {
    headers,
    data: {
      first_name: 'Tunde',
      last_name: 'Bello',
      email: `tunde.${Date.now().toString(36)}@e2e.ng`,
      phone: '08098765432',
      role_id: cashierRole._id,
      store_ids: [owner.business.stores[0].id],
      password: PASSWORD,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await logIn(page, owner.email);

  await page.goto('/registers');
  const till = page.getByLabel('Main till, Yaba');
  await till.getByRole('button', { name: 'Open register' }).click();
  const openDialog = page.getByRole('dialog', { name: 'Open Main till' });
  await openDialog.getByLabel('Opening float').fill('2000');
  await openDialog.getByRole('button', { name: 'Open register' }).click();
  await expect(openDialog).toBeHidden();

  await till.getByRole('button', { name: 'Switch user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch user' });
  await dialog.getByRole('combobox', { name: 'Employee' }).click();
  await page.getByRole('option', { name: /Tunde Bello/ }).click();
  await dialog.getByRole('button', { name: 'Switch user' }).click();
  await expect(dialog).toBeHidden();
  await expect(till.getByText('Operated by Tunde Bello (opened by Ngozi Eze)')).toBeVisible();
  await expect(till.getByTestId('expected-now')).toHaveText('₦2,000.00');
  await page.screenshot({ path: `${SHOTS}/registers-switched-375.png`, fullPage: true });

  await till.getByRole('link', { name: 'Details' }).click();
  await expect(page.getByRole('table', { name: 'Cash movements' }).getByText('Switched user')).toBeVisible();
});
