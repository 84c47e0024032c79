import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, pinDeviceId, signUpByApi } from './fixtures';

/**
 * Customers and loyalty end to end against the real server: add a customer with the form, find them
 * by phone as you type, set the loyalty rules, add points by hand and see the balance and history,
 * and see the duplicate-phone refusal.
 */

const SHOTS = 'test-results/screenshots';

type Owner = { email: string; token: string; deviceId: string; businessId: string };

const newOwner = async (page: Page, request: APIRequestContext): Promise<Owner> => {
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, {
    business_name: 'Amaka Provisions',
    store_name: 'Yaba',
  });
  return { email: data.email, token: data.token, deviceId, businessId: data.business._id };
};

const logIn = async (page: Page, owner: Owner) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
};

/** Serious or critical accessibility problems (axe); the app's toasts are not this feature's. */
const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).exclude('.mantine-Notifications-root').analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );

const seedCustomers = async (request: APIRequestContext, owner: Owner, n: number) => {
  const headers = { Authorization: `Bearer ${owner.token}`, deviceID: owner.deviceId };
  for (let i = 0; i < n; i++) {
    const res = await request.post('/v1/customers/', {
      headers,
      data: {
        first_name: ['Bola', 'Chioma', 'Dayo', 'Efe'][i % 4],
        last_name: `Client ${i + 1}`,
        phone: `0702000000${i}`,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
};

test('add a customer, find them by phone, set loyalty rules and adjust points', async ({ page, request }) => {
  // A long walk (add, find, loyalty rules, CSV, points both ways, three accessibility scans): ~40 s alone,
  // over 2 min beside another spec on a busy 2-core CI machine.
  test.setTimeout(240_000);
  const owner = await newOwner(page, request);
  await seedCustomers(request, owner, 3);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, owner);

  // The list, with its add button.
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await expect(page.getByText('3 customers')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/customers-list-1280.png`, fullPage: true });

  // Add a customer with the form; bad input is explained first.
  await page.getByRole('link', { name: 'Add customer' }).first().click();
  await expect(page).toHaveURL(/\/add-customer$/);
  await page.getByLabel('Phone number').fill('123');
  await page.getByRole('button', { name: 'Add customer' }).click();
  await expect(page.getByText('The first name field is required.')).toBeVisible();
  await expect(page.getByText(/The phone field must be a valid phone number/)).toBeVisible();
  await page.getByLabel('First name').fill('Ngozi');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Phone number').fill('08031234567');
  await page.getByLabel('E-mail').fill('ngozi@example.ng');
  await page.getByLabel('Birthday').fill('14-02');
  await page.getByLabel('Street').fill('3 Allen Avenue');
  await page.getByLabel('City').fill('Ikeja');
  await page.getByLabel('State').fill('Lagos');
  await page.screenshot({ path: `${SHOTS}/customers-add-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Add customer' }).click();
  await expect(page).toHaveURL(/\/customer-details\?id=/);
  await expect(page.getByRole('heading', { name: 'Ngozi Okafor' })).toBeVisible();
  await expect(page.getByText('14 Feb')).toBeVisible();
  await expect(page.getByTestId('points-balance')).toHaveText('0');

  // Find them by phone as you type (with spaces, as people type it).
  await page.goto('/customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill('0803 123');
  const list = page.getByTestId('customer-list');
  await expect(list.getByRole('button')).toHaveCount(1);
  await expect(list.getByText('Ngozi Okafor')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search customers' }).fill('nobody-here');
  await expect(page.getByText('No customer matches “nobody-here”', { exact: false })).toBeVisible();

  // The same phone again is refused, naming the existing customer.
  await page.goto('/add-customer');
  await page.getByLabel('First name').fill('Another');
  await page.getByLabel('Phone number').fill('08031234567');
  await page.getByRole('button', { name: 'Add customer' }).click();
  await expect(page.getByText(/already exists: Ngozi Okafor/)).toBeVisible();

  // Loyalty rules: 1 point per ₦50, a point worth ₦2, store credit on.
  await page.goto('/customer-loyalty');
  await expect(page.getByRole('heading', { name: 'Customer loyalty' })).toBeVisible();
  await page.getByRole('switch', { name: 'Customers earn loyalty points' }).check({ force: true });
  await page.getByLabel('Naira spent for 1 point').fill('50');
  await page.getByLabel('Value of 1 point').fill('2');
  await page.getByRole('switch', { name: 'Store credit' }).check({ force: true });
  await expect(page.getByTestId('loyalty-example')).toHaveText(/earns 10 points, worth ₦20.00/);
  await page.getByRole('button', { name: 'Save loyalty settings' }).click();
  await expect(page.getByText('Loyalty settings saved')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/customers-loyalty-1280.png`, fullPage: true });
  await page.reload();
  await expect(page.getByLabel('Naira spent for 1 point')).toHaveValue('₦50');
  await expect(page.getByRole('switch', { name: 'Store credit' })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  // The points CSV downloads with the customers in it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download points' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('customers-points.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('First name,Last name,Phone,Email,Points,Store credit (NGN)');
  expect(csv).toContain('Ngozi,Okafor,08031234567,ngozi@example.ng,0,0.00');

  // Adjust points by hand and see the balance and the history.
  await page.goto('/customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill('Ngozi');
  await page.getByRole('button', { name: 'Open Ngozi Okafor' }).click();
  await page.getByRole('button', { name: 'Adjust points' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust points' });
  await dialog.getByLabel('Points').fill('150');
  await dialog.getByLabel('Reason').fill('Welcome bonus');
  await dialog.getByRole('button', { name: 'Add points' }).click();
  await expect(page.getByTestId('points-balance')).toHaveText('150');
  await expect(page.getByText('Worth ₦300.00 at checkout')).toBeVisible();
  await expect(page.getByRole('cell', { name: '+150 pts' })).toBeVisible();
  await expect(page.getByText('Welcome bonus')).toBeVisible();

  // Removing more than held is refused and the balance stays.
  await page.getByRole('button', { name: 'Adjust points' }).click();
  await dialog.getByText('Remove', { exact: true }).click();
  await dialog.getByLabel('Points').fill('500');
  await dialog.getByLabel('Reason').fill('Mistake');
  await dialog.getByRole('button', { name: 'Remove points' }).click();
  await expect(dialog.getByText('Not enough points')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('points-balance')).toHaveText('150');

  // Store credit too.
  await page.getByRole('button', { name: 'Adjust store credit' }).click();
  const creditDialog = page.getByRole('dialog', { name: 'Adjust store credit' });
  await creditDialog.getByLabel('Amount (₦)').fill('2500');
  await creditDialog.getByLabel('Reason').fill('Returned a kettle');
  await creditDialog.getByRole('button', { name: 'Add store credit' }).click();
  await expect(page.getByTestId('store-credit-balance')).toHaveText('₦2,500.00');
  await page.screenshot({ path: `${SHOTS}/customers-details-1280.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // Edit the customer.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('dialog').getByLabel('Last name').fill('Okafor-Eze');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: 'Ngozi Okafor-Eze' })).toBeVisible();

  // Phone width.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByTestId('points-balance')).toHaveText('150');
  await page.screenshot({ path: `${SHOTS}/customers-details-375.png`, fullPage: true });
  await page.goto('/customers');
  await expect(page.getByText('4 customers')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/customers-list-375.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/add-customer');
  await expect(page.getByLabel('First name')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/customers-add-375.png`, fullPage: true });
  await page.goto('/customer-loyalty');
  await expect(page.getByLabel('Naira spent for 1 point')).toHaveValue('₦50');
  await page.screenshot({ path: `${SHOTS}/customers-loyalty-375.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
