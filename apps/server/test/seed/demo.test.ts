import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, seedDemo } from '../../src/seed/demo.js';
import { createTestApp, type TestApp } from '../helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the demo business', () => {
  it('is seeded once, with a catalogue and stock a merchant can try every screen on', async () => {
    expect(await seedDemo(t.db)).toBe(true);
    expect(await seedDemo(t.db)).toBe(false);

    const login = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      body: { email: DEMO.admin, password: DEMO.password },
    });
    expect(login.statusCode).toBe(200);
    const { token } = login.json().data;
    const businessId = login.json().data.user.business_id ?? login.json().data.business._id;

    const list = await t.request({
      method: 'GET',
      url: `/v2/business/${businessId}/products?limit=50`,
      token,
    });
    expect(list.statusCode).toBe(200);
    const items = list.json().data.items as { name: string; stock: number; varieties: unknown[] }[];
    expect(items).toHaveLength(11);
    expect(items.find((p) => p.name === 'Ankara Tote Bag')?.varieties).toHaveLength(2);
    expect(items.find((p) => p.name === 'Peak Milk Tin 400g')?.stock).toBe(56);

    // Yaba is short of some things, so the stock dashboard has alerts to show.
    const stores = await t.request({ method: 'GET', url: `/v1/stores/businesses/${businessId}`, token });
    const yaba = (stores.json().data.items as { _id: string; name: string }[]).find(
      (s) => s.name === 'Yaba Store',
    );
    const summary = await t.request({
      method: 'GET',
      url: `/v2/business/${businessId}/stocks/summary?store=${yaba?._id}`,
      token,
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().data.out_of_stock_count).toBeGreaterThan(0);
    expect(summary.json().data.low_stock_count).toBeGreaterThan(0);

    const sets = await t.request({ method: 'GET', url: `/v2/business/${businessId}/modifiers/sets`, token });
    expect(sets.json().data.map((s: { name: string }) => s.name)).toEqual(['Gift wrap']);

    // Sales agents to try the agent code with (the till does not ask until the owner turns it on).
    const agents = await t.request({
      method: 'GET',
      url: `/v1/businesses/${businessId}/sales-agents`,
      token,
    });
    expect(agents.json().data.map((a: { code: string }) => a.code)).toEqual(['AG1024', 'AG2048']);
  });
});
