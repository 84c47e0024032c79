import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, apiAs, pinDeviceId, signUpByApi, uniqueEmail, shootBothWidths } from './fixtures';

/**
 * Money in, end to end against the sandbox bank rail (issue 14): the owner opens a fixed account for
 * the store, the sandbox sends ₦25,000 to it as the bank would (a signed event to the webhook), and
 * the transfer shows in Transactions with its fee; with a bank account added, the payout sends what is
 * owed and turns paid when the bank answers; a sale charged by "bank transfer (fixed)" waits at the till
 * until the customer's transfer lands, then says so. A cashier of that store sees the account number (to read
 * it to a customer) but not the transactions or the payouts.
 */

const SHOTS = 'test-results/screenshots';

const logIn = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/(dashboard|pos)$/);
};

test('a transfer to the store’s fixed account lands in Transactions with its fee', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, {
    business_name: 'Iya Bisi Provisions',
    store_name: 'Ojota',
  });
  const b = data.business._id as string;
  const storeId = data.business.stores[0].id as string;
  await logIn(page, data.email);

  // Payment > Fixed payment account: nothing yet, so the form to open one.
  await page.getByLabel('Sidebar').getByRole('link', { name: 'Fixed payment account' }).click();
  await expect(page).toHaveURL(/\/fixed-account$/);
  await expect(page.getByText('No fixed account yet')).toBeVisible();
  await page.getByRole('combobox', { name: 'Store' }).click();
  await page.getByRole('option', { name: 'Ojota' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  const card = page.getByTestId('fixed-account');
  await expect(card).toContainText('Ojota');
  await expect(card).toContainText('IYA BISI PROVISIONS OJOTA');
  const number = (await page.getByTestId('fixed-account-number').innerText()).replace(/\s/g, '');
  expect(number).toMatch(/^\d{10}$/);

  // The sandbox: a customer sends ₦25,000.
  await page.getByLabel('Payer name').fill('Adaeze Nwosu');
  await page.getByRole('button', { name: 'Send test transfer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment received' })).toContainText(
    `₦25,000.00 landed on ${number}`,
  );
  await shootBothWidths(page, 'money-in-fixed-account');

  await page.getByRole('link', { name: 'See it in Transactions' }).click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByTestId('transfers-total')).toHaveText('₦25,000.00');
  await expect(page.getByTestId('transfers-fees')).toHaveText('₦250.00');
  await expect(page.getByTestId('transfers-net')).toHaveText('₦24,750.00');
  const row = page.getByTestId('bank-transfer');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('ADAEZE NWOSU');
  await expect(row).toContainText('Ojota');
  await shootBothWidths(page, 'money-in-transactions');
  // The days as a spreadsheet.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^transactions_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv).toContain('Paid at,Store,Account,Payer');
  expect(csv).toContain('ADAEZE NWOSU');
  expect(csv).toContain('25000.00,250.00,24750.00,successful');

  // Settings > Bank account: the bank's name for the account shows before it is saved.
  await page.goto('/settings');
  await page.getByRole('link', { name: /Bank account/ }).click();
  await expect(page).toHaveURL(/\/add-account$/);
  const form = page.getByRole('form', { name: 'Add a bank account' });
  await form.getByRole('combobox', { name: 'Bank' }).fill('First Bank');
  await page.getByRole('option', { name: 'First Bank of Nigeria' }).click();
  // CBN's worked example: a valid NUBAN, but the sandbox's "no such account" test value (000...).
  await form.getByLabel('Account number').fill('0000014579');
  await expect(form.getByRole('alert')).toContainText(
    'There is no account with this number at First Bank of Nigeria.',
  );
  await expect(form.getByRole('button', { name: 'Save account' })).toBeDisabled();
  await form.getByRole('combobox', { name: 'Bank' }).fill('Guaranty');
  await page.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
  await form.getByLabel('Account number').fill('0123456785');
  const name = form.getByTestId('resolved-name');
  await expect(name).toContainText(/[A-Z]+ [A-Z]+ [A-Z]+/);
  const accountName = (await name.innerText()).replace('Account name', '').trim();
  await form.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByTestId('bank-account')).toContainText(accountName);
  await expect(page.getByTestId('bank-account')).toContainText('Guaranty Trust Bank · 0123456785');
  await shootBothWidths(page, 'money-in-bank-account');

  // Payouts: what is owed goes to that account (the sandbox pays out now instead of tomorrow morning).
  await page.goto('/payments');
  await page.getByRole('link', { name: 'Payouts' }).click();
  await expect(page).toHaveURL(/\/payments\/payouts$/);
  await expect(page.getByTestId('payouts-owed')).toHaveText('₦24,750.00');
  // Received today: paid tomorrow morning from 09:00 (Lagos).
  await expect(page.getByTestId('next-payout')).toContainText(/Next payout: .*09:00/);
  await page.getByRole('button', { name: 'Pay out now' }).click();
  const payout = page.getByTestId('payout');
  await expect(payout).toHaveCount(1);
  await expect(payout).toContainText('₦24,750.00');
  await expect(payout).toContainText('Guaranty Trust Bank · 0123456785');
  // The bank answers a few seconds later; the screen follows without a reload.
  await expect(payout.getByTestId('payout-status')).toHaveText('Paid', { timeout: 30_000 });
  await expect(page.getByTestId('payouts-owed')).toHaveText('₦0.0');
  await expect(page.getByTestId('next-payout')).toHaveCount(0);
  await expect(page.getByTestId('payouts-total')).toHaveText('₦24,750.00');
  await shootBothWidths(page, 'money-in-payouts');
  await payout.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/payments\/payout-details\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('payout-amount')).toHaveText('₦24,750.00');
  await expect(page.getByText('Your bank received it.')).toBeVisible();
  const paidOut = page.getByTestId('payout-transaction');
  await expect(paidOut).toHaveCount(1);
  await expect(paidOut).toContainText('ADAEZE NWOSU');
  await expect(paidOut).toContainText('₦24,750.00');
  await shootBothWidths(page, 'money-in-payout-details');

  // The till: "bank transfer (fixed)" shows the store's account to read to the customer.
  const api = apiAs(request, { token: data.token as string, deviceId });
  await api.post(`/v2/business/${b}/products/`, {
    name: 'Garri 2kg',
    selling_price: 1800,
    track_stock: true,
    store_stock: [{ store_id: storeId, stock: 20 }],
  });
  await page.goto('/pos');
  await page.getByRole('button', { name: 'Add Garri 2kg' }).click();
  await page.getByTestId('cart').getByTestId('charge').click();
  await expect(page.getByTestId('amount-due')).toHaveText('₦1,800.00');
  await expect(page.getByTestId('fixed-account-to-pay')).toHaveCount(0);
  await page.getByRole('radio', { name: 'bank transfer (fixed)' }).click();
  const toPay = page.getByTestId('fixed-account-to-pay');
  await expect(toPay).toContainText(`${number.slice(0, 4)} ${number.slice(4, 7)} ${number.slice(7)}`);
  await expect(toPay).toContainText('Wema Bank · IYA BISI PROVISIONS OJOTA');
  await page.getByLabel('Amount by bank transfer (fixed) (₦)').fill('1800');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByTestId('confirm-sale').click();
  await expect(page.getByRole('heading', { name: 'Sale recorded' })).toBeVisible();
  // The sale waits for the customer's transfer: the bank's event, not the customer's screen.
  const awaited = page.getByTestId('transfer-awaited');
  await expect(awaited).toContainText('Waiting for the transfer');
  await expect(awaited).toContainText('₦1,800.00 has not landed');
  await shootBothWidths(page, 'money-in-till-awaiting');
  // The customer sends ₦1,800 from their bank app (the sandbox, as the bank would deliver it).
  await api.post('/v1/sandbox/banking/transfers', {
    account_number: number,
    amount: 1800,
    payer_name: 'Kemi Ade',
  });
  await expect(awaited).toContainText('Transfer received', { timeout: 20_000 });
  await expect(awaited).toContainText('₦1,800.00 landed on the store’s account.');

  // Transactions: the transfer names the sale it paid; "All payments" counts it once, as the transfer.
  await page.goto('/payments');
  await expect(page.getByTestId('bank-transfer').filter({ hasText: 'Kemi Ade' })).toContainText(
    'Paid a sale',
  );
  await page.locator('label').filter({ hasText: 'All payments' }).click();
  await expect(page).toHaveURL(/view=all/);
  await expect(page.getByTestId('payments-total')).toHaveText('₦26,800.00');
  await expect(page.getByTestId('payments-count')).toHaveText('2');
  const rows = page.getByTestId('payment-row');
  await expect(rows).toHaveCount(2);
  const sold = rows.filter({ hasText: '₦1,800.00' });
  await expect(sold).toContainText('Transfer');
  await expect(sold).toContainText('bank transfer (fixed)');
  await sold.click();
  const details = page.getByTestId('payment-details');
  await expect(details).toContainText(/Kemi Ade/i);
  await expect(details).toContainText('₦1,800.00');
  await expect(details.getByRole('link', { name: /· ₦1,800.00/ })).toBeVisible();
  await expect(details).toContainText('In the next payout');
  await shootBothWidths(page, 'money-in-payment-details');
  await page.keyboard.press('Escape');
  await shootBothWidths(page, 'money-in-all-payments');

  // A cashier of the store: the account number, not the money.
  const roles: { _id: string; name: string }[] = await api.get(`/v1/businesses/${b}/roles`);
  const cashierEmail = uniqueEmail('cashier');
  await api.post(`/v1/businesses/${b}/employees`, {
    first_name: 'Bola',
    last_name: 'Ade',
    email: cashierEmail,
    phone: '08031234567',
    role_id: roles.find((r) => r.name.toLowerCase() === 'cashier')!._id,
    store_ids: [storeId],
    password: PASSWORD,
  });
  const cashierContext = await browser.newContext({ viewport: { width: 375, height: 780 } });
  // The shop's own phone (the device the owner approved), handed to the cashier.
  await cashierContext.addInitScript((id) => localStorage.setItem('ms.deviceId', id), deviceId);
  const cashier = await cashierContext.newPage();
  await logIn(cashier, cashierEmail);
  await cashier.goto('/fixed-account');
  await expect(cashier.getByTestId('fixed-account-number')).toHaveText(/\d{4} \d{3} \d{3}/);
  await expect(cashier.getByRole('button', { name: 'Send test transfer' })).toHaveCount(0);
  await expect(cashier.getByRole('button', { name: 'Open another account' })).toHaveCount(0);
  await cashier.goto('/payments');
  await expect(cashier.getByText('Not allowed for your role')).toBeVisible();
  await expect(cashier.getByText('₦25,000.00')).toHaveCount(0);
  await cashier.goto('/payments/payouts');
  await expect(cashier.getByText('Not allowed for your role')).toBeVisible();
  await expect(cashier.getByText('₦24,750.00')).toHaveCount(0);
  await cashier.goto('/add-account');
  await expect(cashier.getByRole('form', { name: 'Add a bank account' })).toHaveCount(0);
  await cashier.screenshot({ path: `${SHOTS}/money-in-cashier-375.png`, fullPage: true });
  await cashierContext.close();
});
