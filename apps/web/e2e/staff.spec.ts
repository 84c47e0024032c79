import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, signUpByApi, uniqueEmail, pinDeviceId } from './fixtures';

/** Logs the page in as an owner made through the API, on the page's own (approved) device id. */
const openAsNewOwner = async (page: Page, request: APIRequestContext) => {
  const deviceId = await pinDeviceId(page);
  await page.goto('/login');
  const owner = await signUpByApi(request, deviceId);
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { owner, deviceId };
};

test('the owner adds a store and a cashier; the cashier logs in and is refused an admin page', async ({
  page,
  request,
}) => {
  await openAsNewOwner(page, request);

  await page.goto('/add-store');
  await page.getByLabel('Store name').fill('Ikeja City Mall');
  await page.getByLabel('Address').fill('Obafemi Awolowo Way, Ikeja');
  await page.getByRole('button', { name: /add store|save/i }).click();
  await expect(page.getByText('Store added')).toBeVisible();

  await page.goto('/all-stores');
  await expect(page.getByText('Ikeja City Mall')).toBeVisible();

  const cashierEmail = uniqueEmail('cashier');
  await page.goto('/user-settings');
  await page.getByLabel('First name').fill('Emeka');
  await page.getByLabel('Last name').fill('Obi');
  await page.getByLabel('E-mail').fill(cashierEmail);
  await page.getByLabel('Phone number').fill('08034567890');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Cashier' }).click();
  await page.getByLabel('Ikeja City Mall').check();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /add employee|save/i }).click();
  await expect(page.getByText('Emeka was added')).toBeVisible();

  await page.goto('/user-roles');
  await expect(page.getByText('Emeka Obi')).toBeVisible();

  // The cashier signs in on the same (approved) device.
  await page.evaluate(() => {
    localStorage.removeItem('ms.session');
    localStorage.removeItem('ms.savedUsers');
  });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(cashierEmail);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/user-roles');
  await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  await page.goto('/security');
  await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
});
