import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  PASSWORD,
  SCREENSHOTS,
  apiAs,
  lastEmail,
  pinDeviceId,
  settled,
  shootBothWidths,
  signUpByApi,
} from './fixtures';
import { downloaded, readLocal } from './offline-helpers';

/**
 * Invoices end to end (issue 15): the owner bills a new client for a product and a free line in two
 * milestones, sends it (the e-mail lands in the sandbox outbox with the link), the client opens the link
 * logged out on a 375 px phone and pays the first milestone by transfer through the bank simulator; the
 * invoice turns partially paid on both sides, and its PDF downloads. A draft made with the network gone
 * (the page open) waits on the device and gets its number when it uploads.
 */

const logIn = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
};

test('an invoice in two milestones: sent, its first part paid by transfer from the link, downloaded', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, { business_name: 'Adaeze Fabrics', store_name: 'Yaba' });
  const b = data.business._id as string;
  const api = apiAs(request, { token: data.token as string, deviceId });
  await api.post(`/v2/business/${b}/products/`, { name: 'Ankara fabric 6 yards', selling_price: 15000 });

  await logIn(page, data.email);
  await page.getByRole('link', { name: 'Invoices' }).first().click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByText('No invoices yet')).toBeVisible();
  await page.getByRole('link', { name: 'New invoice' }).click();

  // A new client, made from the form.
  await page.getByRole('button', { name: 'New customer' }).click();
  const newCustomer = page.getByRole('form', { name: 'New customer' });
  await newCustomer.getByLabel('First name').fill('Amaka');
  await newCustomer.getByLabel('Phone number').fill('08031112222');
  await newCustomer.getByRole('button', { name: 'Add customer' }).click();
  await expect(page.getByRole('button', { name: 'Remove customer' })).toBeVisible();

  // Two fabrics from the catalogue, and the tailoring as a free line.
  await page.getByLabel('Add a product').fill('Ankara');
  await page.getByRole('button', { name: /Ankara fabric 6 yards/ }).click();
  await page.getByLabel('Quantity').first().fill('2');
  await page.getByRole('button', { name: 'Add a free line' }).click();
  await page.getByRole('textbox', { name: 'Line 2' }).fill('Tailoring');
  await page.getByLabel('Price (₦)').nth(1).fill('10000');
  await expect(page.getByTestId('invoice-form-totals')).toContainText('₦40,000.00');
  await page.getByRole('button', { name: 'Split into milestones' }).click();
  await expect(page.getByTestId('invoice-milestone')).toHaveCount(2);
  await expect(page.getByText('₦40,000.00 of ₦40,000.00')).toBeVisible();
  await shootBothWidths(page, 'invoice-new');

  // Saved, then sent: the client had no e-mail, one is given in the send dialog.
  await page.getByRole('button', { name: 'Save and send' }).click();
  await expect(page).toHaveURL(/\/invoice-details\?id=/);
  const dialog = page.getByRole('dialog', { name: 'Send the invoice' });
  await dialog.getByLabel("Client's e-mail").fill('amaka@example.ng');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Invoice sent to amaka@example.ng.')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Invoice INV-0001/ })).toContainText('Sent');
  const mail = await lastEmail(request, 'amaka@example.ng');
  expect(mail?.subject).toBe('Invoice INV-0001 from Adaeze Fabrics — ₦40,000.00');
  const link = /(\/view-invoice\?token=[\w-]+)/.exec(mail?.body ?? '')?.[1];
  expect(link).toBeTruthy();
  await shootBothWidths(page, 'invoice-details-sent');

  // The client, logged out, on a phone.
  const client = await browser.newContext({ viewport: { width: 375, height: 780 } });
  const phone = await client.newPage();
  await phone.goto(link!);
  await expect(phone.getByText('Adaeze Fabrics').first()).toBeVisible();
  await expect(phone.getByText(/Invoice INV-0001/).first()).toBeVisible();
  await expect(phone.getByText('Tailoring')).toBeVisible();
  await phone.getByRole('button', { name: 'Pay by bank transfer' }).click();
  await expect(phone.getByText(/\d{10}/).first()).toBeVisible();
  await phone.getByLabel('Payer name').fill('Amaka Obi');
  await expect(phone.getByLabel('Amount')).toHaveValue(/20,?000/);
  await phone.screenshot({ path: `${SCREENSHOTS}/view-invoice-375.png`, fullPage: true });
  await phone.getByRole('button', { name: 'Send test transfer' }).click();
  await expect(phone.getByText('Partially paid').first()).toBeVisible({ timeout: 20_000 });
  await phone.screenshot({ path: `${SCREENSHOTS}/view-invoice-paid-part-375.png`, fullPage: true });
  // Nothing else of the business on the page: no staff, no other clients, no ids.
  expect(await phone.content()).not.toContain(b);
  await client.close();

  // The owner sees it land (live change or reload), the deposit paid.
  await page.reload();
  await expect(page.getByRole('heading', { name: /Invoice INV-0001/ })).toContainText('Partially paid');
  await expect(page.getByTestId('invoice-balance')).toHaveText('₦20,000.00');
  await expect(page.getByTestId('milestone-row').first()).toContainText('Paid');
  await expect(page.getByTestId('invoice-payment')).toContainText('AMAKA OBI');

  // The PDF.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('INV-0001.pdf');
  const path = `${SCREENSHOTS}/INV-0001.pdf`;
  await file.saveAs(path);
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');

  // The list: tabs and sums.
  await page.getByRole('link', { name: 'Invoices', exact: true }).first().click();
  await expect(page.getByTestId('invoices-owed')).toContainText('₦20,000.00');
  await expect(page.getByRole('radio', { name: /Partially paid \(1\)/ })).toBeAttached();
  await shootBothWidths(page, 'invoices-list');
});

test('a draft made with the network gone waits on the device and gets its number on upload', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 780 });
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, { business_name: 'Kunle Prints', store_name: 'Ikeja' });
  const b = data.business._id as string;
  const api = apiAs(request, { token: data.token as string, deviceId });
  const customer = await api.post('/v1/customers/', {
    _id: crypto.randomUUID(),
    first_name: 'Bode',
    last_name: 'Ade',
    phone: '08035556666',
    email: 'bode@example.ng',
  });
  await logIn(page, data.email);
  await page.goto('/add-invoice');
  await settled(page);
  // Customers download to the device (the picker finds Bode offline).
  await expect.poll(() => downloaded(page, b, 'customers'), { timeout: 30_000 }).toBe(true);

  await context.setOffline(true);
  await page.getByLabel('Find a customer').fill('Bode');
  await page.getByRole('listbox', { name: 'Customers found' }).getByText(/Bode/).click();
  await page.getByRole('button', { name: 'Add a free line' }).click();
  await page.getByRole('textbox', { name: 'Line 1' }).fill('Banner printing 3x6 ft');
  await page.getByLabel('Price (₦)').first().fill('25000');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved on this device')).toBeVisible();
  await expect(page.getByText('New draft').first()).toBeVisible();
  expect(await readLocal(page, b, 'invoices_unsynced')).toHaveLength(1);

  await context.setOffline(false);
  await page.getByRole('link', { name: 'Invoices' }).first().click();
  await expect(page.getByText('INV-0001').first()).toBeVisible({ timeout: 60_000 });
  const list = await api.get(`/v1/invoices/businesses/${b}?client=${customer._id}`);
  expect(list.items).toHaveLength(1);
  expect(list.items[0].total).toBe(25000);
  expect(list.items[0].status).toBe('draft');
});
