import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureToggle, SalesAgent, TransactionAnalyticsV2, UploadResult } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, type TestApp } from '../helper.js';
import { dataOf, messageOf, OTHER_UUID } from '../inventory/inventory-helper.js';
import { openTill, saleBody, salesWorld, type Sale, type SalesWorld } from '../sales/sales-helper.js';

/**
 * Sales agents and the SALES_AGENT_CODE toggle (issue 14, spec 001 §7 "Sales agents and toggles"): the
 * admin adds agents to stores and switches the toggle per store; a sale at the counter of such a store
 * needs the code of an active agent of that store; a sale made offline keeps the code the till took;
 * transaction analytics v2 counts only the sales of the codes asked for.
 */

let t: TestApp;
let w: SalesWorld;
let b: string;
const agentsUrl = () => `/v1/businesses/${b}/sales-agents`;
const storeAgentsUrl = (storeId: string, businessId = b) =>
  `/v1/businesses/${businessId}/stores/${storeId}/sales-agents`;
const togglesUrl = (businessId = b) =>
  `/v1/toggle-features?business_id=${businessId}&key=SALES_AGENT_CODE&scope=store&category=PAYMENT`;
const toggle = (storeId: string, enabled: boolean, who: { token: string } | null = w.owner, businessId = b) =>
  w.call(who, 'PUT', '/v1/toggle-features', {
    business_id: businessId,
    key: 'SALES_AGENT_CODE',
    scope: 'store',
    category: 'PAYMENT',
    store_id: storeId,
    enabled,
  });

beforeAll(async () => {
  t = await createTestApp();
  w = await salesWorld(t);
  b = w.owner.businessId;
  await openTill(w, w.owner.storeId);
});
afterAll(async () => t?.close());

/** A ₦200 sale of the delivery service at the owner's first store, paid by card. */
const sale = (extra: Record<string, unknown> = {}, who: { token: string } = w.cashier) =>
  w.call(
    who,
    'POST',
    '/v1/sales/',
    saleBody(w.owner.storeId, [{ _id: w.service.productId, quantity: 1 }], {
      payments: [{ method: 'card', amount: 200 }],
      ...extra,
    }),
  );

describe('sales agents', () => {
  it('the admin adds agents to a store, with the code given (upper case) or one made for them', async () => {
    const given = dataOf<SalesAgent>(
      await w.call(w.owner, 'POST', storeAgentsUrl(w.owner.storeId), {
        name: 'Bisi Market',
        phone: '08031234567',
        code: 'bisi-01',
      }),
      201,
    );
    expect(given).toMatchObject({
      name: 'Bisi Market',
      code: 'BISI-01',
      active: true,
      store_id: w.owner.storeId,
    });
    const made = dataOf<SalesAgent>(
      await w.call(w.owner, 'POST', storeAgentsUrl(w.branch), { name: 'Tunde Lekki' }),
      201,
    );
    expect(made.code).toMatch(/^AG\d{4}$/);
    expect(made).toMatchObject({ store_name: 'Lekki', phone: null });
    // A code is the business's: not twice, whatever the case.
    const twice = await w.call(w.owner, 'POST', storeAgentsUrl(w.branch), { name: 'Other', code: 'BISI-01' });
    expect(twice.statusCode).toBe(409);
    expect(messageOf(twice)).toContain('code');
  });

  it('the admin sees every store’s agents; a cashier only their store’s; a role without the till none', async () => {
    const all = dataOf<SalesAgent[]>(await w.call(w.owner, 'GET', agentsUrl()));
    expect(all.map((a) => a.name)).toEqual(['Bisi Market', 'Tunde Lekki']);
    const cashiers = dataOf<SalesAgent[]>(await w.call(w.cashier, 'GET', agentsUrl()));
    expect(cashiers.map((a) => a.name)).toEqual(['Bisi Market']);
    expect((await w.call(w.keeper, 'GET', agentsUrl())).statusCode).toBe(403);
    expect((await w.call(null, 'GET', agentsUrl())).statusCode).toBe(401);
    expect((await w.otherCall(w.other, 'GET', agentsUrl())).statusCode).toBe(404);
  });

  it('only the admin adds or changes agents, in their own business, with fields named when wrong', async () => {
    const body = { name: 'Ada' };
    expect((await w.call(w.cashier, 'POST', storeAgentsUrl(w.owner.storeId), body)).statusCode).toBe(403);
    expect((await w.call(null, 'POST', storeAgentsUrl(w.owner.storeId), body)).statusCode).toBe(401);
    expect((await w.call(w.owner, 'POST', storeAgentsUrl(w.other.storeId), body)).statusCode).toBe(404);
    expect((await w.call(w.owner, 'POST', storeAgentsUrl(OTHER_UUID), body)).statusCode).toBe(404);
    expect((await w.otherCall(w.other, 'POST', storeAgentsUrl(w.owner.storeId), body)).statusCode).toBe(404);
    for (const [bad, field] of [
      [{}, 'name'],
      [{ name: 'Ada\u0000' }, 'name'],
      [{ name: 'Ada', code: 'a b' }, 'code'],
      [{ name: 'Ada', code: 'X'.repeat(13) }, 'code'],
      [{ name: 'Ada', phone: '12' }, 'phone'],
    ] as const) {
      const res = await w.call(w.owner, 'POST', storeAgentsUrl(w.owner.storeId), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(messageOf(res)).toContain(field);
    }
    const agent = dataOf<SalesAgent[]>(await w.call(w.owner, 'GET', agentsUrl()))[0]!;
    const url = `${agentsUrl()}/${agent._id}`;
    expect((await w.call(w.cashier, 'PATCH', url, { active: false })).statusCode).toBe(403);
    expect(
      (
        await w.otherCall(
          w.other,
          'PATCH',
          `/v1/businesses/${w.other.businessId}/sales-agents/${agent._id}`,
          { active: false },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await w.call(w.owner, 'PATCH', `${agentsUrl()}/${OTHER_UUID}`, { active: false })).statusCode,
    ).toBe(404);
    const empty = await w.call(w.owner, 'PATCH', url, {});
    expect(empty.statusCode).toBe(400);
    const renamed = dataOf<SalesAgent>(await w.call(w.owner, 'PATCH', url, { name: 'Bisi Adeyemi' }));
    expect(renamed).toMatchObject({ name: 'Bisi Adeyemi', code: 'BISI-01', active: true });
  });
});

describe('the SALES_AGENT_CODE toggle', () => {
  it('is off for every store until the admin switches it on for one', async () => {
    const before = dataOf<FeatureToggle[]>(await w.call(w.owner, 'GET', togglesUrl()));
    expect(before).toHaveLength(2);
    expect(before.every((row) => !row.enabled && row.updated_at === null)).toBe(true);
    const on = dataOf<FeatureToggle>(await toggle(w.owner.storeId, true));
    expect(on).toMatchObject({ key: 'SALES_AGENT_CODE', store_id: w.owner.storeId, enabled: true });
    const after = dataOf<FeatureToggle[]>(await w.call(w.owner, 'GET', togglesUrl()));
    expect(after.find((row) => row.store_id === w.owner.storeId)?.enabled).toBe(true);
    expect(after.find((row) => row.store_id === w.branch)?.enabled).toBe(false);
    // The cashier's till reads it for their store.
    const cashiers = dataOf<FeatureToggle[]>(await w.call(w.cashier, 'GET', togglesUrl()));
    expect(cashiers).toEqual([expect.objectContaining({ store_id: w.owner.storeId, enabled: true })]);
  });

  it('refuses without a token, another business, a cashier switching it, bad fields', async () => {
    expect((await w.call(null, 'GET', togglesUrl())).statusCode).toBe(401);
    expect((await toggle(w.owner.storeId, false, null)).statusCode).toBe(401);
    expect((await w.call(w.owner, 'GET', togglesUrl(w.other.businessId))).statusCode).toBe(404);
    expect((await toggle(w.other.storeId, true, w.owner, w.other.businessId)).statusCode).toBe(404);
    expect((await toggle(w.other.storeId, true)).statusCode).toBe(404);
    expect((await toggle(w.owner.storeId, false, w.cashier)).statusCode).toBe(403);
    for (const [query, field] of [
      [`business_id=${b}&key=NOPE`, 'key'],
      [`business_id=${b}&scope=business`, 'scope'],
      ['key=SALES_AGENT_CODE', 'business_id'],
    ] as const) {
      const res = await w.call(w.owner, 'GET', `/v1/toggle-features?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(messageOf(res)).toContain(field);
    }
    const bad = await w.call(w.owner, 'PUT', '/v1/toggle-features', {
      business_id: b,
      key: 'SALES_AGENT_CODE',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a sale in a store that asks for the agent code', () => {
  it('needs the code of an active agent of that store, and keeps it', async () => {
    const none = await sale();
    expect(none.statusCode).toBe(400);
    expect(messageOf(none)).toContain('sales_agent_code');
    const lekkiAgent = dataOf<SalesAgent[]>(await w.call(w.owner, 'GET', agentsUrl())).find(
      (a) => a.store_name === 'Lekki',
    )!;
    const elsewhere = await sale({ sales_agent_code: lekkiAgent.code });
    expect(elsewhere.statusCode).toBe(400);
    expect(messageOf(elsewhere)).toContain('no sales agent of this store');
    const unknown = await sale({ sales_agent_code: 'ZZZ9' });
    expect(unknown.statusCode).toBe(400);
    const hostile = await sale({ sales_agent_code: 'BISI\u000001' });
    expect(hostile.statusCode).toBe(400);
    expect(messageOf(hostile)).toContain('sales_agent_code');
    const made = dataOf<Sale>(await sale({ sales_agent_code: 'bisi-01' }), 201);
    expect(made.sales_agent_code).toBe('BISI-01');
    // A store without the toggle takes a sale without a code.
    const branchSale = await w.call(
      w.owner,
      'POST',
      '/v1/sales/',
      saleBody(w.branch, [{ _id: w.service.productId, quantity: 1 }], {
        payments: [{ method: 'card', amount: 200 }],
      }),
    );
    expect(dataOf<Sale>(branchSale, 201).sales_agent_code).toBeNull();
  });

  it('a deactivated agent’s code is refused at the counter, but a sale made offline keeps the code it took', async () => {
    const agents = dataOf<SalesAgent[]>(await w.call(w.owner, 'GET', agentsUrl()));
    const bisi = agents.find((a) => a.code === 'BISI-01')!;
    dataOf(await w.call(w.owner, 'PATCH', `${agentsUrl()}/${bisi._id}`, { active: false }));
    const refused = await sale({ sales_agent_code: 'BISI-01' });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toContain('no longer active');
    // Made yesterday offline with Bisi's code, and one made before the toggle was on (no code).
    const yesterday = Date.now() - 24 * 3600_000;
    const offline = (extra: Record<string, unknown>) => ({
      _id: newId(),
      store_id: w.owner.storeId,
      items: [{ _id: w.service.productId, quantity: 1 }],
      payments: [{ method: 'card', amount: 200 }],
      offline_date: yesterday,
      is_offline_data: true,
      ...extra,
    });
    const res = await w.call(w.cashier, 'POST', `/v2/business/${b}/sales/offline/sync`, {
      sales: [offline({ sales_agent_code: 'BISI-01' }), offline({})],
    });
    const results = dataOf<{ results: UploadResult<Sale>[] }>(res).results;
    expect(results.map((r) => r.outcome)).toEqual(['accepted', 'accepted']);
    expect(results.map((r) => r.data?.sales_agent_code)).toEqual(['BISI-01', null]);
    dataOf(await w.call(w.owner, 'PATCH', `${agentsUrl()}/${bisi._id}`, { active: true }));
  });
});

describe('transaction analytics v2 by agent codes', () => {
  it('counts only the sales (and their refunds) of the codes asked for', async () => {
    const day = new Date(Date.now() - 24 * 3600_000).toLocaleDateString('en-CA', {
      timeZone: 'Africa/Lagos',
    });
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
    const url = (q: string) =>
      `/v2/dashboard/gettransactionanalytics/${b}?startdate=${day}&enddate=${today}${q}`;
    const bisi = dataOf<TransactionAnalyticsV2>(
      await w.call(w.owner, 'GET', url('&salesAgentCodes=bisi-01')),
    );
    // Today's sale at the counter and yesterday's offline one: ₦200 each.
    expect(bisi).toMatchObject({ totalValue: 400, totalTransactions: 2, refunds: 0 });
    const nobody = dataOf<TransactionAnalyticsV2>(
      await w.call(w.owner, 'GET', url('&salesAgentCodes=AG0000')),
    );
    expect(nobody).toMatchObject({ totalValue: 0, totalTransactions: 0 });
    const everyone = dataOf<TransactionAnalyticsV2>(await w.call(w.owner, 'GET', url('')));
    expect(everyone.totalTransactions).toBe(4);
  });
});
