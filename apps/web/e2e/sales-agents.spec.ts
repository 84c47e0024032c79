import { expect, test } from '@playwright/test';
import { PASSWORD, apiAs, pinDeviceId, signUpByApi, shootBothWidths } from './fixtures';
import { downloaded, readLocal, waiting } from './offline-helpers';

/**
 * Sales agents end to end (issue 14): the owner adds two agents on Settings > Sales agents (one code
 * made for them, one given) and switches the store's "Ask for the sales agent code at the till" on;
 * the till then will not confirm a sale without an active agent's code of that store, names the agent a
 * code matches, and records it. With the network gone mid-session (the page open), the till still checks
 * the code against the agents on the device, and the sale uploads with it. Analytics v2 counts an
 * agent's sales only.
 */

test('sales agents: the till asks for the code, checks it, online and offline', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, {
    business_name: 'Mama Tobi Stores',
    store_name: 'Wuse',
  });
  const owner = { token: data.token as string, deviceId };
  const b = data.business._id as string;
  const storeId = data.business.stores[0].id as string;
  const api = apiAs(request, owner);
  await api.post(`/v2/business/${b}/products/`, {
    name: 'Golden Penny Semovita 1kg',
    selling_price: 1800,
    track_stock: true,
    store_stock: [{ store_id: storeId, stock: 30 }],
  });
  const registers: { _id: string }[] = await api.get(`/v1/registries/businesses/${b}?store_id=${storeId}`);
  await api.put(`/v1/registries/${registers[0]!._id}/open`, { float: 0 });

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(data.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Settings > Sales agents.
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await page.getByRole('link', { name: 'Sales agents' }).click();
  await expect(page).toHaveURL(/\/sales-agent$/);
  const form = page.getByRole('region', { name: 'Add a sales agent' });
  await form.getByLabel('Name').fill('Bisi Market');
  await form.getByLabel('Phone').fill('08031234567');
  await form.getByRole('button', { name: 'Add agent' }).click();
  await expect(page.getByText(/Bisi Market added\. Their code is AG\d{4}\./)).toBeVisible();
  await form.getByLabel('Name').fill('Tunde Okafor');
  await form.getByLabel('Code').fill('tunde1');
  await form.getByRole('button', { name: 'Add agent' }).click();
  const table = page.getByRole('table', { name: 'Sales agents of Wuse' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: /Tunde Okafor/ })).toContainText('TUNDE1');
  // A code is used once.
  await form.getByLabel('Name').fill('Someone');
  await form.getByLabel('Code').fill('TUNDE1');
  await form.getByRole('button', { name: 'Add agent' }).click();
  await expect(form.getByText('code TUNDE1 is already the code of another sales agent')).toBeVisible();
  const ask = page.getByRole('switch', { name: 'Ask for the sales agent code at the till' });
  await ask.click({ force: true });
  await expect(ask).toBeChecked();
  await shootBothWidths(page, 'sales-agents');

  // At the till: Confirm waits for a code of one of the store's active agents.
  await page.goto('/pos');
  // Ready offline: the products are on the device (a slow machine may take a while to save them), so
  // the till can still sell when the network drops below.
  await expect(page.getByTestId('till-readiness')).toHaveText('Ready offline', { timeout: 60_000 });
  const add = page.getByRole('button', { name: 'Add Golden Penny Semovita 1kg' });
  const sell = async () => {
    await add.click();
    await page.keyboard.press('F4');
    await expect(page).toHaveURL(/\/pos-payment$/);
    await page.getByRole('radio', { name: 'Cash' }).click();
    await page.getByRole('button', { name: 'Exact' }).click();
  };
  await sell();
  const code = page.getByTestId('sales-agent-code');
  const confirm = page.getByTestId('confirm-sale');
  await expect(code).toBeVisible();
  await expect(confirm).toBeDisabled();
  await code.fill('ZZZ999');
  await expect(page.getByText('No active sales agent of this store has this code.')).toBeVisible();
  await expect(confirm).toBeDisabled();
  await code.fill('tunde1');
  await expect(page.getByText('Agent: Tunde Okafor')).toBeVisible();
  await shootBothWidths(page, 'sales-agents-pos');
  await confirm.click();
  await expect(page.getByRole('heading', { name: 'Sale recorded' })).toBeVisible();

  // The network drops with the till open: the agents on the device still check the code.
  for (const module of ['sales_agents', 'feature_toggles'])
    await expect.poll(() => downloaded(page, b, module), { timeout: 60_000 }).toBe(true);
  await context.setOffline(true);
  await page.getByRole('link', { name: 'New sale' }).click();
  await sell();
  await code.fill('TUNDE2');
  await expect(page.getByText('No active sales agent of this store has this code.')).toBeVisible();
  await code.fill('TUNDE1');
  await confirm.click();
  await expect(page.getByRole('heading', { name: 'Sale recorded' })).toBeVisible();
  await expect(page.getByTestId('saved-on-device')).toContainText('Saved on this device');
  const queued = await readLocal(page, b, 'pos_unsynced');
  expect(queued.map((s) => s.sales_agent_code)).toEqual(['TUNDE1']);

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => waiting(page, b), { timeout: 60_000 }).toBe(0);

  const sales = await api.get(`/v2/business/${b}/sales?store=${storeId}`);
  expect(sales.items.map((s: { sales_agent_code: string }) => s.sales_agent_code)).toEqual([
    'TUNDE1',
    'TUNDE1',
  ]);
  const byAgent = await api.get(`/v2/dashboard/gettransactionanalytics/${b}?salesAgentCodes=TUNDE1`);
  expect(byAgent).toMatchObject({ totalTransactions: 2, totalValue: 3600 });
  const agents: { code: string }[] = await api.get(`/v1/businesses/${b}/sales-agents`);
  const bisi = agents.find((a) => a.code.startsWith('AG'))!.code;
  const none = await api.get(`/v2/dashboard/gettransactionanalytics/${b}?salesAgentCodes=${bisi}`);
  expect(none).toMatchObject({ totalTransactions: 0, totalValue: 0 });

  // The sale names its agent.
  await page.goto(`/sales-details/${sales.items[0]._id}`);
  await expect(page.getByText('Tunde Okafor (TUNDE1)')).toBeVisible();
});
