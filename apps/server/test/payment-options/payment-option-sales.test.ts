import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomPaymentOption, Sale } from '@ms/contracts';
import { createTestApp, type TestApp } from '../helper.js';
import { dataOf, messageOf } from '../inventory/inventory-helper.js';
import { saleBody, salesWorld, type SalesWorld } from '../sales/sales-helper.js';

let t: TestApp;
let w: SalesWorld;
let terminal: CustomPaymentOption;
beforeAll(async () => {
  t = await createTestApp();
  w = await salesWorld(t);
  terminal = dataOf<CustomPaymentOption>(
    await w.call(w.owner, 'POST', `/v1/payments/customoptions/businesses/${w.owner.businessId}`, {
      name: 'POS terminal (Moniepoint)',
    }),
    201,
  );
});
afterAll(async () => t.close());

const option = (businessId: string, id: string) =>
  `/v1/payments/customoptions/businesses/${businessId}/paymentoption/${id}`;
const riceSale = (method: string, extra: Record<string, unknown> = {}) =>
  saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 1 }], {
    payments: [{ method, amount: 1000 }],
    ...extra,
  });

describe('a sale paid with a custom payment option', () => {
  it('is recorded with the option name, which stays after the option is renamed or deleted', async () => {
    const sale = dataOf<Sale>(await w.call(w.cashier, 'POST', '/v1/sales/', riceSale(terminal.id)), 201);
    expect(sale.status).toBe('completed');
    expect(sale.payments).toMatchObject([
      { method: terminal.id, method_label: 'POS terminal (Moniepoint)', amount: 1000 },
    ]);
    dataOf(await w.call(w.owner, 'PATCH', option(w.owner.businessId, terminal.id), { name: 'Moniepoint' }));
    const again = dataOf<Sale>(
      await w.call(w.owner, 'GET', `/v1/sales/${sale._id}/businesses/${w.owner.businessId}`),
    );
    expect(again.payments[0]?.method_label).toBe('POS terminal (Moniepoint)');
    dataOf(
      await w.call(w.owner, 'PATCH', option(w.owner.businessId, terminal.id), {
        name: 'POS terminal (Moniepoint)',
      }),
    );
  });

  it('refuses (400 naming payments method) another business option, an unknown id, and an inactive option', async () => {
    const theirs = dataOf<CustomPaymentOption>(
      await w.otherCall(w.other, 'POST', `/v1/payments/customoptions/businesses/${w.other.businessId}`, {
        name: 'Their terminal',
      }),
      201,
    );
    const refused = riceSale(theirs.id);
    const foreign = await w.call(w.cashier, 'POST', '/v1/sales/', refused);
    expect(foreign.statusCode).toBe(400);
    expect(messageOf(foreign)).toMatch(/payments\[0\]\.method/);

    const sleeping = dataOf<CustomPaymentOption>(
      await w.call(w.owner, 'POST', `/v1/payments/customoptions/businesses/${w.owner.businessId}`, {
        name: 'Old terminal',
        active: false,
      }),
      201,
    );
    const inactive = await w.call(w.cashier, 'POST', '/v1/sales/', riceSale(sleeping.id));
    expect(inactive.statusCode).toBe(400);
    expect(messageOf(inactive)).toMatch(/payments\[0\]\.method.*Old terminal/);
    // Nothing of the refused sale was recorded.
    const lookup = await w.call(w.owner, 'GET', `/v1/sales/${refused._id}/businesses/${w.owner.businessId}`);
    expect(lookup.statusCode).toBe(404);

    // A sale made offline before the option was switched off is still taken, with its name.
    const offline = dataOf<Sale>(
      await w.call(
        w.cashier,
        'POST',
        '/v1/sales/',
        riceSale(sleeping.id, { offline_date: Date.now() - 60_000 }),
      ),
      201,
    );
    expect(offline.payments[0]?.method_label).toBe('Old terminal');
  });

  it('refuses a built-in method the business turned off', async () => {
    const b = w.owner.businessId;
    dataOf(
      await w.call(w.owner, 'PATCH', `/v1/payments/options/businesses/${b}`, { methods: { card: false } }),
    );
    const res = await w.call(w.cashier, 'POST', '/v1/sales/', riceSale('card'));
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toMatch(/payments\[0\]\.method.*Card/);
    dataOf(
      await w.call(w.owner, 'PATCH', `/v1/payments/options/businesses/${b}`, { methods: { card: true } }),
    );
    dataOf(await w.call(w.cashier, 'POST', '/v1/sales/', riceSale('card')), 201);
    dataOf(await w.call(w.cashier, 'POST', '/v1/sales/', riceSale('fixed_account')), 201);
    dataOf(
      await w.call(w.owner, 'PATCH', `/v1/payments/options/businesses/${b}`, {
        methods: { fixed_account: false },
      }),
    );
    const transfer = await w.call(w.cashier, 'POST', '/v1/sales/', riceSale('fixed_account'));
    expect(transfer.statusCode).toBe(400);
    expect(messageOf(transfer)).toMatch(/bank transfer \(fixed\) is turned off/);
    dataOf(
      await w.call(w.owner, 'PATCH', `/v1/payments/options/businesses/${b}`, {
        methods: { fixed_account: true },
      }),
    );
  });

  it('pays a pay-later sale with a custom option, and refuses a foreign one there too', async () => {
    const sale = dataOf<Sale>(
      await w.call(
        w.cashier,
        'POST',
        '/v1/sales/',
        saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 1 }], {
          payments: [],
          pay_later: true,
        }),
      ),
      201,
    );
    const paid = dataOf<Sale>(
      await w.call(
        w.cashier,
        'PATCH',
        `/v1/sales/${sale._id}/businesses/${w.owner.businessId}/payment/${terminal.id}`,
        { amount: 1000 },
      ),
    );
    expect(paid.payments.map((p) => p.method_label)).toEqual(['POS terminal (Moniepoint)']);
  });

  it("names the option in the employee's sales summary", async () => {
    const s = dataOf<{ payments: { method: string; method_label: string }[] }>(
      await w.call(w.owner, 'GET', `/v1/sales/employee/${w.cashier.userId}/summary`),
    );
    expect(s.payments.find((p) => p.method === terminal.id)?.method_label).toBe('POS terminal (Moniepoint)');
  });
});
