import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutOptionsData, CustomPaymentOption, PaymentMethodSettings } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, type TestApp } from '../helper.js';
import { dataOf, messageOf } from '../inventory/inventory-helper.js';
import { salesWorld, type SalesWorld } from '../sales/sales-helper.js';

let t: TestApp;
let w: SalesWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await salesWorld(t);
});
afterAll(async () => t.close());

const custom = (b: string) => `/v1/payments/customoptions/businesses/${b}`;
const one = (b: string, id: string) => `${custom(b)}/paymentoption/${id}`;
const switches = (b: string) => `/v1/payments/options/businesses/${b}`;

const addOption = async (name: string, extra: Record<string, unknown> = {}) =>
  dataOf<CustomPaymentOption>(
    await w.call(w.owner, 'POST', custom(w.owner.businessId), { name, ...extra }),
    201,
  );
const checkout = async (who: { token: string } = w.owner, query = '') =>
  dataOf<CheckoutOptionsData>(
    await (who === w.other ? w.otherCall : w.call)(who, 'GET', `/v2/checkout/options${query}`),
  );

describe('custom payment options', () => {
  it('adds an option with instructions, lists it, and trims the name', async () => {
    const o = await addOption('  POS terminal (Moniepoint) ', { instructions: 'Use the blue terminal' });
    expect(o).toMatchObject({
      name: 'POS terminal (Moniepoint)',
      instructions: 'Use the blue terminal',
      active: true,
      business_id: w.owner.businessId,
    });
    const list = dataOf<{ items: CustomPaymentOption[]; metaData: { lastUpdate: number } }>(
      await w.call(w.owner, 'GET', custom(w.owner.businessId)),
    );
    expect(list.items.map((i) => i.name)).toContain('POS terminal (Moniepoint)');
    expect(list.metaData.lastUpdate).toBeGreaterThan(0);
  });

  it('refuses a second option with the same name in any case (409 naming it)', async () => {
    await addOption('Opay transfer');
    const res = await w.call(w.owner, 'POST', custom(w.owner.businessId), { name: 'OPAY Transfer' });
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toContain('OPAY Transfer');
    // Another business may use the same name.
    dataOf(await w.otherCall(w.other, 'POST', custom(w.other.businessId), { name: 'Opay transfer' }), 201);
  });

  it('answers 400 naming the field for a missing or too long name, bad instructions or active', async () => {
    const b = w.owner.businessId;
    expect(messageOf(await w.call(w.owner, 'POST', custom(b), {}))).toMatch(/name/);
    const long = await w.call(w.owner, 'POST', custom(b), { name: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(messageOf(long)).toMatch(/name/);
    const instr = await w.call(w.owner, 'POST', custom(b), { name: 'Ok', instructions: 5 });
    expect(instr.statusCode).toBe(400);
    expect(messageOf(instr)).toMatch(/instructions/);
    const active = await w.call(w.owner, 'POST', custom(b), { name: 'Ok', active: 'yes' });
    expect(active.statusCode).toBe(400);
    expect(messageOf(active)).toMatch(/active/);
  });

  it('renames, changes instructions and deactivates; 409 when renamed onto another name', async () => {
    const o = await addOption('Palmpay');
    const edited = dataOf<CustomPaymentOption>(
      await w.call(w.owner, 'PATCH', one(w.owner.businessId, o.id), {
        name: 'PalmPay wallet',
        instructions: 'Scan the QR code',
        active: false,
      }),
    );
    expect(edited).toMatchObject({ name: 'PalmPay wallet', instructions: 'Scan the QR code', active: false });
    expect(Date.parse(edited.updated_at)).toBeGreaterThanOrEqual(Date.parse(o.updated_at));
    const clash = await w.call(w.owner, 'PATCH', one(w.owner.businessId, o.id), { name: 'opay transfer' });
    expect(clash.statusCode).toBe(409);
    expect(messageOf(clash)).toContain('opay transfer');
    const empty = await w.call(w.owner, 'PATCH', one(w.owner.businessId, o.id), {});
    expect(empty.statusCode).toBe(400);
    const blank = await w.call(w.owner, 'PATCH', one(w.owner.businessId, o.id), { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(messageOf(blank)).toMatch(/name/);
  });

  it('deletes an option: gone from the list, reported removed since, and its name free again', async () => {
    const o = await addOption('Cheque');
    const before = Date.now() - 1;
    const del = await w.call(w.owner, 'DELETE', one(w.owner.businessId, o.id));
    expect(del.statusCode, del.body).toBe(200);
    const list = dataOf<{ items: CustomPaymentOption[] }>(
      await w.call(w.owner, 'GET', custom(w.owner.businessId)),
    );
    expect(list.items.map((i) => i.id)).not.toContain(o.id);
    const since = dataOf<{ items: CustomPaymentOption[]; metaData: { recordsRemoved: string[] } }>(
      await w.call(w.owner, 'GET', `${custom(w.owner.businessId)}?updated_at=${before}`),
    );
    expect(since.metaData.recordsRemoved).toContain(o.id);
    await addOption('cheque');
    expect((await w.call(w.owner, 'DELETE', one(w.owner.businessId, o.id))).statusCode).toBe(404);
  });

  it('keeps other businesses out: 404 for their business id or their option', async () => {
    const theirs = dataOf<CustomPaymentOption>(
      await w.otherCall(w.other, 'POST', custom(w.other.businessId), { name: 'Their terminal' }),
      201,
    );
    const b = w.owner.businessId;
    expect((await w.call(w.owner, 'GET', custom(w.other.businessId))).statusCode).toBe(404);
    expect((await w.call(w.owner, 'POST', custom(w.other.businessId), { name: 'X' })).statusCode).toBe(404);
    expect((await w.call(w.owner, 'PATCH', one(b, theirs.id), { name: 'Mine' })).statusCode).toBe(404);
    expect((await w.call(w.owner, 'DELETE', one(b, theirs.id))).statusCode).toBe(404);
    expect((await w.call(w.owner, 'DELETE', one(w.other.businessId, theirs.id))).statusCode).toBe(404);
    expect((await w.call(w.owner, 'DELETE', one(b, 'not-an-id'))).statusCode).toBe(404);
    expect((await w.call(w.owner, 'PATCH', one(b, newId()), { name: 'Y' })).statusCode).toBe(404);
  });

  it('needs a token (401) and the payment methods permission (403)', async () => {
    const b = w.owner.businessId;
    const o = await addOption('Token test');
    for (const [method, url, body] of [
      ['GET', custom(b), undefined],
      ['POST', custom(b), { name: 'Z' }],
      ['PATCH', one(b, o.id), { name: 'Z' }],
      ['DELETE', one(b, o.id), undefined],
      ['GET', switches(b), undefined],
      ['PATCH', switches(b), { methods: { card: false } }],
    ] as const) {
      expect((await w.call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await w.call(w.cashier, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await w.call(null, 'GET', '/v2/checkout/options')).statusCode).toBe(401);
  });
});

describe('built-in payment method switches', () => {
  it('lists every built-in on at first, with cash that cannot be turned off', async () => {
    const s = dataOf<PaymentMethodSettings>(await w.call(w.owner, 'GET', switches(w.owner.businessId)));
    expect(s.methods.map((m) => [m.method, m.enabled])).toEqual([
      ['cash', true],
      ['fixed_account', true],
      ['card', true],
      ['store_credit', true],
      ['loyalty_points', true],
    ]);
    expect(s.methods.find((m) => m.method === 'fixed_account')?.label).toBe('bank transfer (fixed)');
    expect(s.methods.find((m) => m.method === 'cash')?.can_disable).toBe(false);
  });

  it('turns card off and back on; refuses to turn cash off or unknown methods (400 naming them)', async () => {
    const b = w.owner.businessId;
    const off = dataOf<PaymentMethodSettings>(
      await w.call(w.owner, 'PATCH', switches(b), { methods: { card: false } }),
    );
    expect(off.methods.find((m) => m.method === 'card')?.enabled).toBe(false);
    expect((await checkout()).items.map((i) => i.method)).not.toContain('card');
    const on = dataOf<PaymentMethodSettings>(
      await w.call(w.owner, 'PATCH', switches(b), { methods: { card: true } }),
    );
    expect(on.methods.find((m) => m.method === 'card')?.enabled).toBe(true);
    expect((await checkout()).items.map((i) => i.method)).toContain('card');

    const cash = await w.call(w.owner, 'PATCH', switches(b), { methods: { cash: false } });
    expect(cash.statusCode).toBe(400);
    expect(messageOf(cash)).toMatch(/methods\.cash/);
    const unknown = await w.call(w.owner, 'PATCH', switches(b), { methods: { cheque: false } });
    expect(unknown.statusCode).toBe(400);
    expect(messageOf(unknown)).toMatch(/methods/);
    const notBool = await w.call(w.owner, 'PATCH', switches(b), { methods: { card: 'no' } });
    expect(notBool.statusCode).toBe(400);
    expect(messageOf(notBool)).toMatch(/methods\.card/);
    expect((await w.call(w.owner, 'PATCH', switches(b), {})).statusCode).toBe(400);
    expect(
      (await w.call(w.owner, 'PATCH', switches(w.other.businessId), { methods: { card: false } })).statusCode,
    ).toBe(404);
    expect((await w.call(w.owner, 'GET', switches(w.other.businessId))).statusCode).toBe(404);
  });
});

describe('GET /v2/checkout/options', () => {
  it('gives any user of the business the enabled built-ins then active options by name, in a stable order', async () => {
    const b = w.owner.businessId;
    await addOption('Zenith POS', { instructions: 'Swipe on the Zenith terminal' });
    const hidden = await addOption('Barter');
    dataOf(await w.call(w.owner, 'PATCH', one(b, hidden.id), { active: false }));
    // The stock keeper has no POS permission, yet reads the labels (sales history shows them).
    for (const who of [w.owner, w.cashier, w.keeper]) {
      const data = await checkout(who);
      const methods = data.items.map((i) => i.label);
      expect(methods.slice(0, 5)).toEqual([
        'Cash',
        'bank transfer (fixed)',
        'Card',
        'Store credit',
        'Loyalty points',
      ]);
      expect(methods).not.toContain('Barter');
      const customLabels = data.items.filter((i) => i.kind === 'custom').map((i) => i.label);
      expect(customLabels).toEqual(
        [...customLabels].sort((a, z) => a.toLowerCase().localeCompare(z.toLowerCase())),
      );
      expect(data.items.find((i) => i.label === 'Zenith POS')).toMatchObject({
        kind: 'custom',
        instructions: 'Swipe on the Zenith terminal',
        needs_customer: false,
      });
      expect(data.items.find((i) => i.method === 'store_credit')?.needs_customer).toBe(true);
      for (const i of data.items) expect(Number.isNaN(Date.parse(i.updated_at))).toBe(false);
    }
    // Other business's options never show.
    expect((await checkout(w.other)).items.map((i) => i.label)).not.toContain('Zenith POS');
  });

  it('answers only what changed since updated_at, with removed methods', async () => {
    const b = w.owner.businessId;
    const first = await checkout();
    const since = first.metaData.lastUpdate;
    expect((await checkout(w.owner, `?updated_at=${since}`)).items).toEqual([]);
    const added = await addOption('Kuda transfer');
    dataOf(await w.call(w.owner, 'PATCH', switches(b), { methods: { fixed_account: false } }));
    const zen = first.items.find((i) => i.label === 'Zenith POS');
    dataOf(await w.call(w.owner, 'PATCH', one(b, zen?.method ?? ''), { active: false }));
    const delta = await checkout(w.owner, `?updated_at=${since}`);
    expect(delta.items.map((i) => i.label)).toEqual(['Kuda transfer']);
    expect(delta.items[0]?.method).toBe(added.id);
    expect(delta.metaData.recordsRemoved.sort()).toEqual(['fixed_account', zen?.method].sort());
    expect(delta.metaData.lastUpdate).toBeGreaterThan(since);
    dataOf(await w.call(w.owner, 'PATCH', switches(b), { methods: { fixed_account: true } }));
  });

  it('answers 404 for another business id and 400 naming a bad query', async () => {
    expect(
      (await w.call(w.owner, 'GET', `/v2/checkout/options?business_id=${w.other.businessId}`)).statusCode,
    ).toBe(404);
    dataOf(await w.call(w.owner, 'GET', `/v2/checkout/options?business_id=${w.owner.businessId}`));
    const bad = await w.call(w.owner, 'GET', '/v2/checkout/options?updated_at=soon');
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toMatch(/updated_at/);
    const badBusiness = await w.call(w.owner, 'GET', '/v2/checkout/options?business_id=abc');
    expect(badBusiness.statusCode).toBe(400);
    expect(messageOf(badBusiness)).toMatch(/business_id/);
  });
});
