import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, apiAs, lastEmail, pinDeviceId, settled, signUpByApi } from './fixtures';

/**
 * Where payouts go (issue 14): the owner sets a transaction PIN, asks for payouts to go to another
 * account with the password and the PIN, sees the change wait its day, and cancels it; a wrong PIN is
 * refused with the tries left. The owner's e-mail hears of it.
 */

const SHOTS = 'test-results/screenshots';

const logIn = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/(dashboard|pos)$/);
};

const typePin = async (page: Page, pin: string, label: string) => {
  const boxes = page.getByLabel(label);
  await boxes.first().click();
  await page.keyboard.type(pin);
};

test('the owner changes the payout account with password and PIN, and cancels it before it takes effect', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, {
    business_name: 'Mama Put Kitchen',
    store_name: 'Yaba',
  });
  const b = data.business._id as string;
  const api = apiAs(request, { token: data.token as string, deviceId });
  // Two GTBank accounts: the first is where payouts go from the start.
  await api.post(`/v1/payments/accounts/businesses/${b}`, { account_number: '0123456785', bank_code: '058' });
  await api.post(`/v1/payments/accounts/businesses/${b}`, { account_number: '0234567899', bank_code: '058' });
  await logIn(page, data.email);

  await page.goto('/settings');
  await page.getByRole('link', { name: /Settlement preference/ }).click();
  await expect(page).toHaveURL(/\/settlement-preference$/);
  const business = page.getByTestId('settlement-scope').first();
  await expect(business).toContainText('Guaranty Trust Bank · 0123456785');
  await expect(page.getByText('Set your transaction PIN')).toBeVisible();

  // The PIN first.
  await page.getByRole('link', { name: 'Set PIN' }).click();
  await page.getByRole('textbox', { name: 'Your password' }).fill(PASSWORD);
  await typePin(page, '4829', 'New PIN');
  await typePin(page, '4829', 'PIN again');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page).toHaveURL(/\/settlement-preference$/);
  await expect(page.getByRole('link', { name: 'Change PIN' })).toBeVisible();

  // Ask for payouts to go to the other account.
  await business.getByRole('link', { name: 'Change account' }).click();
  await page.getByRole('combobox', { name: 'Bank account' }).click();
  await page.getByRole('option', { name: /0234567899/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('change-summary')).toContainText('0234567899');
  await page.getByRole('textbox', { name: 'Your password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  // A wrong PIN is refused, with the tries left.
  await typePin(page, '1111', 'Transaction PIN');
  await expect(page.getByTestId('pin-error')).toHaveText('The PIN is not correct. 4 tries left.');
  await page.getByLabel('Transaction PIN').first().click();
  await page.keyboard.press('Control+A');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
  await typePin(page, '4829', 'Transaction PIN');
  await expect(page).toHaveURL(/\/settlement-preference$/);
  const pending = page.getByTestId('pending-change');
  await expect(pending).toContainText('payouts go to Guaranty Trust Bank · 0234567899');
  // Still paid to the first account until then.
  await expect(business).toContainText('Guaranty Trust Bank · 0123456785');
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/settlement-pending-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 780 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/settlement-pending-375.png`, fullPage: true });
  const mail = await lastEmail(request, data.email);
  expect(mail?.subject).toBe('Your settlement account is changing');

  // The owner did not mean it: cancelled, nothing changes.
  await pending.getByRole('button', { name: 'Cancel this change' }).click();
  await expect(page.getByTestId('pending-change')).toHaveCount(0);
  await expect(business).toContainText('Guaranty Trust Bank · 0123456785');
});
