import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, Sale, UploadResult } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, type TestApp } from '../helper.js';
import { dataOf, messageOf } from '../inventory/inventory-helper.js';
import { openTill, salesWorld, type SalesWorld } from '../sales/sales-helper.js';

let t: TestApp;
let w: SalesWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await salesWorld(t);
  await openTill(w, w.owner.storeId, 0);
});
afterAll(async () => {
  await t.close();
});

const URL = '/v1/customers/syncnewofflinecustomers';
const upload = (who: { token: string } | null, customers: unknown) => w.call(who, 'POST', URL, { customers });
const resultsOf = (res: Awaited<ReturnType<typeof upload>>) =>
  dataOf<{ results: UploadResult<Customer>[] }>(res).results;

describe('POST /v1/customers/syncnewofflinecustomers', () => {
  it('answers each customer on its own: new, already uploaded, malformed, id of another business', async () => {
    const earlier = { _id: newId(), first_name: 'Ada', phone: '08020000001' };
    const [first] = resultsOf(await upload(w.cashier, [earlier]));
    expect(first).toMatchObject({
      _id: earlier._id,
      outcome: 'accepted',
      data: { first_name: 'Ada', is_offline_data: true },
    });

    const theirs = newId();
    expect(
      resultsOf(
        await w.otherCall(w.other, 'POST', URL, { customers: [{ _id: theirs, first_name: 'Zed' }] }),
      )[0]?.outcome,
    ).toBe('accepted');

    const fresh = {
      _id: newId(),
      first_name: 'Obi',
      last_name: 'Okoro',
      address: { city: 'Aba' },
      is_offline_data: true,
    };
    const malformed = { _id: newId(), last_name: 'Nobody' };
    const badId = { _id: 'not-an-id', first_name: 'X' };
    const results = resultsOf(
      await upload(w.cashier, [fresh, earlier, malformed, { _id: theirs, first_name: 'Mine' }, badId]),
    );
    expect(results.map((r) => [r._id, r.outcome, r.code])).toEqual([
      [fresh._id, 'accepted', undefined],
      [earlier._id, 'duplicate', undefined],
      [malformed._id, 'rejected', 'invalid'],
      [theirs, 'rejected', 'conflict'],
      ['not-an-id', 'rejected', 'invalid'],
    ]);
    expect(results[0]?.data).toMatchObject({ last_name: 'Okoro', address: { city: 'Aba' } });
    expect(results[1]?.data).toEqual(first?.data);
    expect(results[2]?.reason).toContain('first_name');
    expect(results[3]?.reason).toBe('This _id is already used by another record.');
    expect(results[4]?.reason).toBe('The _id must be a valid id.');
    const list = dataOf<{ items: Customer[] }>(
      await w.call(w.owner, 'GET', `/v2/customers/businesses/${w.owner.businessId}`),
    ).items.map((c) => c._id);
    expect(list).toEqual(expect.arrayContaining([earlier._id, fresh._id]));
    expect(list).not.toContain(malformed._id);
    expect(list).not.toContain(theirs);
  });

  it('a phone the business already has is rejected with that customer, and sales waiting go to them', async () => {
    const known = dataOf<Customer>(
      await w.call(w.cashier, 'POST', '/v1/customers/', { first_name: 'Funke', phone: '08020000002' }),
      201,
    );
    const deviceId = newId();
    const sale = {
      _id: newId(),
      store_id: w.owner.storeId,
      customer_id: deviceId,
      items: [{ _id: w.rice.productId, quantity: 1 }],
      payments: [{ method: 'cash', amount: 1000 }],
      offline_date: Date.now() - 5000,
    };
    const saleResult = dataOf<{ results: UploadResult<Sale>[] }>(
      await w.call(w.cashier, 'POST', '/v1/sales/syncsale/', { sales: [sale] }),
    ).results[0];
    expect(saleResult?.outcome).toBe('accepted');
    const [r] = resultsOf(
      await upload(w.cashier, [{ _id: deviceId, first_name: 'Funke A.', phone: '+2348020000002' }]),
    );
    expect(r).toMatchObject({
      _id: deviceId,
      outcome: 'rejected',
      code: 'phone_taken',
      reason: 'A customer with the phone 08020000002 already exists: Funke.',
      data: { _id: known._id },
    });
    const stored = dataOf<Sale>(
      await w.call(w.owner, 'GET', `/v1/sales/${sale._id}/businesses/${w.owner.businessId}`),
    );
    expect(stored).toMatchObject({ customer_id: known._id, points_earned: 10 });
  });

  it('401 without a token, 403 for a role without customers.manage, 400 naming the field', async () => {
    expect((await upload(null, [{ _id: newId(), first_name: 'A' }])).statusCode).toBe(401);
    expect((await upload(w.keeper, [{ _id: newId(), first_name: 'A' }])).statusCode).toBe(403);
    const notArray = await upload(w.cashier, 'everyone');
    expect(notArray.statusCode).toBe(400);
    expect(messageOf(notArray)).toBe('customers should be an array');
    const empty = await upload(w.cashier, []);
    expect(messageOf(empty)).toBe('customers must hold at least one record');
  });
});
