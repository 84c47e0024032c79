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

test('an edit in progress is kept when another device saves the same person; an idle screen shows their save', async ({
  page,
  request,
}) => {
  const { owner, deviceId } = await openAsNewOwner(page, request);
  const headers = { Authorization: `Bearer ${owner.token}`, deviceID: deviceId };
  const b = owner.business._id as string;
  const roles = (await (await request.get(`/v1/businesses/${b}/roles`, { headers })).json()).data as {
    _id: string;
    name: string;
  }[];
  const made = await request.post(`/v1/businesses/${b}/employees`, {
    headers,
    data: {
      first_name: 'Emeka',
      last_name: 'Obi',
      email: uniqueEmail('cashier'),
      role_id: roles.find((r) => r.name === 'Cashier')!._id,
      store_ids: [owner.business.stores[0].id],
      password: PASSWORD,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const cashier = (await made.json()).data as { _id: string };
  const saveElsewhere = async (data: Record<string, string>) => {
    const res = await request.patch(`/v1/auth/${cashier._id}`, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
  };

  // The screen hears other devices' saves once its change stream is open.
  const streamOpen = page.waitForResponse((r) => r.url().includes('/changes/stream'));
  await page.goto(`/edit-employee-details-user?id=${cashier._id}`);
  await expect(page.getByLabel('First name')).toHaveValue('Emeka');
  await streamOpen;

  // Nothing typed yet: another device's save shows here by itself.
  await saveElsewhere({ last_name: 'Okafor' });
  await expect(page.getByLabel('Last name')).toHaveValue('Okafor');

  // Typing: another device's save does not wipe it, and the screen says so.
  await page.getByLabel('First name').fill('Chidi');
  await saveElsewhere({ phone: '08099999999' });
  await expect(page.getByText('Changed on another device')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Chidi');
  await expect(page.getByLabel('Phone number')).toHaveValue(/8099999999/);

  // The save sends what was typed here and keeps the other device's phone number.
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Chidi Okafor was updated.')).toBeVisible();
  const saved = (
    await (await request.get(`/v1/businesses/${b}/employees/${cashier._id}`, { headers })).json()
  ).data as { first_name: string; last_name: string; phone: string };
  expect(saved).toMatchObject({ first_name: 'Chidi', last_name: 'Okafor' });
  expect(saved.phone).toContain('8099999999');
});
