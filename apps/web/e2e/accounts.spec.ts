import { expect, test } from '@playwright/test';
import { PASSWORD, signUpByApi, uniqueEmail, waitForCode } from './fixtures';

test('a new merchant signs up, logs out and logs back in', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Chioma');
  await page.getByLabel('Last name').fill('Nwosu');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone number').fill('08023456789');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Business name').fill('Chioma Fabrics');
  await page.getByLabel('First store name').fill('Balogun Market');
  await page.getByRole('button', { name: /create (my )?account|sign up/i }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Chioma Fabrics').first()).toBeVisible();

  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Do you want to log out?')).toBeVisible();
  await page
    .getByRole('button', { name: /^(yes|log ?out)/i })
    .last()
    .click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Chioma Fabrics').first()).toBeVisible();
});

test('a device the business has not approved gets DEV001, enters the e-mailed code, and gets in', async ({
  page,
  request,
}) => {
  const owner = await signUpByApi(request, 'approved-laptop');
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Approve this device', { exact: true })).toBeVisible();
  const verify = dialog.getByRole('button', { name: /verify/i });
  const input = dialog.getByLabel('Verification code');
  await input.fill('AB');
  await expect(verify).toBeDisabled();

  const code = await waitForCode(request, owner.email, 'device_otp');
  await input.fill(code);
  await expect(verify).toBeEnabled();
  await verify.click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgot password: e-mail, 6-digit code, new password, then log in with it', async ({
  page,
  request,
}) => {
  const owner = await signUpByApi(request, 'recovery-device');
  await page.goto('/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes before the new page is drawn: wait for it, or the fill lands on Login's field.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByRole('button', { name: /send|continue|next/i }).click();

  const code = await waitForCode(request, owner.email, 'password_reset_otp');
  await page.getByRole('textbox').first().fill(code);
  await page.getByRole('button', { name: /verify|continue|next/i }).click();

  const newPassword = 'N3w$ecret!';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: /change|save|reset|set/i }).click();
  await expect(
    page.getByText('Your password has been changed. Log in with your new password.'),
  ).toBeVisible();

  const old = await request.post('/v1/auth/login', {
    headers: { deviceID: 'recovery-device' },
    data: { email: owner.email, password: PASSWORD },
  });
  expect(old.status()).toBe(401);
  const fresh = await request.post('/v1/auth/login', {
    headers: { deviceID: 'recovery-device' },
    data: { email: owner.email, password: newPassword },
  });
  expect(fresh.status()).toBe(200);
});
