import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferDetail, TransferPage } from '@ms/contracts';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';
import { seedProduct, seedStore, stockOf, type SeededProduct } from '../catalogue/fixtures.js';
import { addEmployee } from '../staff/staff-helper.js';
import { as, dataOf, messageOf, OTHER_UUID, type Owner } from './inventory-helper.js';

let t: TestApp;
let owner: Owner;
let other: Owner;
let ikeja: string;
let lekki: string;
let abuja: string;
let rice: SeededProduct;
let shirt: SeededProduct;
let cashier: { token: string };
/** Custom role with only inventory.initiate_transfer, assigned to Ikeja. */
let sender: { token: string };
/** Custom role with only inventory.receive_transfer, assigned to Lekki. */
let receiver: { token: string };
/** Manager assigned to Abuja only. */
let abujaManager: { token: string };
let otherTransferId: string;
let call: ReturnType<typeof as>;

const url = (path = '') => `/v2/business/${owner.businessId}/transfers${path}`;
const level = (store: string, item: string) => stockOf(t, owner.businessId, store, item);

const customRole = async (name: string, permissions: string[]) => {
  const res = await call(owner, 'POST', `/v1/businesses/${owner.businessId}/roles`, { name, permissions });
  return dataOf<{ _id: string }>(res, 201)._id;
};

/** Sends `quantity` of rice Ikeja → Lekki as the owner. */
const sendRice = async (quantity: number, note?: string) =>
  dataOf<TransferDetail>(
    await call(owner, 'POST', url(), {
      from_store_id: ikeja,
      to_store_id: lekki,
      note,
      items: [{ product_id: rice.productId, quantity }],
    }),
    201,
  );

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t, {}, 'test-device-2');
  call = as(t, owner);
  ikeja = owner.storeId;
  lekki = await seedStore(t, owner.businessId, 'Lekki');
  abuja = await seedStore(t, owner.businessId, 'Abuja');
  rice = await seedProduct(t, owner.businessId, { name: 'Rice 5kg', stock: { [ikeja]: 100 } });
  shirt = await seedProduct(t, owner.businessId, {
    name: 'Shirt',
    varieties: ['S', 'M'],
    stock: { [ikeja]: 10 },
  });
  cashier = await addCashier(t, owner);
  sender = await addEmployee(t, owner, {
    roleId: await customRole('Sender', ['inventory.initiate_transfer']),
    storeIds: [ikeja],
  });
  receiver = await addEmployee(t, owner, {
    roleId: await customRole('Receiver', ['inventory.receive_transfer']),
    storeIds: [lekki],
  });
  abujaManager = await addEmployee(t, owner, { role: 'manager', storeIds: [abuja] });
  const otherRice = await seedProduct(t, other.businessId, { stock: { [other.storeId]: 5 } });
  const otherStore = await seedStore(t, other.businessId, 'Elsewhere');
  const res = await t.request({
    method: 'POST',
    url: `/v2/business/${other.businessId}/transfers`,
    token: other.token,
    device: other.device,
    body: {
      from_store_id: other.storeId,
      to_store_id: otherStore,
      items: [{ product_id: otherRice.productId, quantity: 1 }],
    },
  });
  otherTransferId = dataOf<TransferDetail>(res, 201).id;
});
afterAll(async () => t?.close());

describe('sending', () => {
  it('creates a transfer: stock leaves the source now and is in transit', async () => {
    const res = await call(sender, 'POST', url(), {
      from_store_id: ikeja,
      to_store_id: lekki,
      note: 'For the weekend',
      items: [
        { product_id: rice.productId, quantity: 7 },
        { product_id: shirt.productId, variety_id: shirt.varietyIds[1], quantity: 2 },
        { product_id: rice.productId, quantity: 3 },
      ],
    });
    const tr = dataOf<TransferDetail>(res, 201);
    expect(messageOf(res)).toBe('Transfer TR-0001 sent');
    expect(tr).toMatchObject({
      transfer_id: 'TR-0001',
      status: 'in_transit',
      send_and_recieve: false,
      from_store_name: 'Ikeja',
      to_store_name: 'Lekki',
      note: 'For the weekend',
      items_count: 2,
      total_quantity: 12,
      total_received: 0,
      created_by_name: 'Chidi Eze',
    });
    expect(tr.items.map((i) => [i.name, i.quantity, i.outstanding_quantity])).toEqual([
      ['Rice 5kg', 10, 10],
      ['Shirt (M)', 2, 2],
    ]);
    expect(await level(ikeja, rice.productId)).toBe(90);
    expect(await level(ikeja, shirt.varietyIds[1]!)).toBe(8);
    expect(await level(lekki, rice.productId)).toBe(0);
  });

  it('refuses to send more than the source holds, naming the item, and changes nothing', async () => {
    const res = await call(owner, 'POST', url(), {
      from_store_id: ikeja,
      to_store_id: lekki,
      items: [
        { product_id: rice.productId, quantity: 1 },
        { product_id: shirt.productId, variety_id: shirt.varietyIds[0], quantity: 11 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe('Not enough stock: only 10 of Shirt (S) left in that store.');
    expect(await level(ikeja, rice.productId)).toBe(90);
    const list = dataOf<TransferPage>(await call(owner, 'GET', url()));
    expect(list.total).toBe(1);
  });

  it('sends and receives in one step', async () => {
    const res = await call(owner, 'POST', url('/send-and-recieve'), {
      from_store_id: ikeja,
      to_store_id: abuja,
      items: [{ product_id: rice.productId, quantity: 4 }],
    });
    const tr = dataOf<TransferDetail>(res, 201);
    expect(tr).toMatchObject({
      status: 'received',
      send_and_recieve: true,
      total_received: 4,
      received_by_name: 'Ada Obi',
    });
    expect(tr.received_at).not.toBeNull();
    expect(await level(ikeja, rice.productId)).toBe(86);
    expect(await level(abuja, rice.productId)).toBe(4);
  });

  it('send-and-recieve needs the receive permission and the destination store too', async () => {
    const body = {
      from_store_id: ikeja,
      to_store_id: lekki,
      items: [{ product_id: rice.productId, quantity: 1 }],
    };
    const res = await call(sender, 'POST', url('/send-and-recieve'), body);
    expect(res.statusCode).toBe(403);
    expect((await call(receiver, 'POST', url('/send-and-recieve'), body)).statusCode).toBe(403);
    expect(await level(ikeja, rice.productId)).toBe(86);
  });

  it('is 400 naming the field', async () => {
    const base = {
      from_store_id: ikeja,
      to_store_id: lekki,
      items: [{ product_id: rice.productId, quantity: 1 }],
    };
    const cases: [unknown, string][] = [
      [{ ...base, to_store_id: ikeja }, 'to_store_id'],
      [{ ...base, from_store_id: undefined }, 'from_store_id'],
      [{ ...base, items: [] }, 'items'],
      [{ ...base, items: [{ product_id: rice.productId, quantity: -1 }] }, 'quantity'],
      [{ ...base, items: [{ product_id: 'x', quantity: 1 }] }, 'product_id'],
      [{ ...base, note: 'n'.repeat(501) }, 'note'],
    ];
    for (const [body, field] of cases) {
      for (const path of ['', '/send-and-recieve']) {
        const res = await call(owner, 'POST', url(path), body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(messageOf(res)).toContain(field);
      }
    }
  });

  it('is 401 without a token, 403 without the permission or the source store, 404 across businesses', async () => {
    const body = {
      from_store_id: ikeja,
      to_store_id: lekki,
      items: [{ product_id: rice.productId, quantity: 1 }],
    };
    expect((await call(null, 'POST', url(), body)).statusCode).toBe(401);
    expect((await call(cashier, 'POST', url(), body)).statusCode).toBe(403);
    expect((await call(receiver, 'POST', url(), body)).statusCode).toBe(403);
    const notMine = await call(abujaManager, 'POST', url(), body);
    expect(notMine.statusCode).toBe(403);
    expect(messageOf(notMine)).toBe('You are not assigned to this store.');
    expect((await call(owner, 'POST', `/v2/business/${other.businessId}/transfers`, body)).statusCode).toBe(
      404,
    );
    const foreignStore = await call(owner, 'POST', url(), { ...body, to_store_id: other.storeId });
    expect(foreignStore.statusCode).toBe(404);
    expect(messageOf(foreignStore)).toBe('Destination store not found');
    expect((await call(null, 'POST', url('/send-and-recieve'), body)).statusCode).toBe(401);
    expect((await call(cashier, 'POST', url('/send-and-recieve'), body)).statusCode).toBe(403);
  });
});

describe('receiving, holding, cancelling', () => {
  it('receives part, then cancelling returns the rest to the source', async () => {
    const tr = await sendRice(10);
    expect(await level(ikeja, rice.productId)).toBe(76);
    const part = await call(receiver, 'POST', url('/recieve'), {
      id: tr.id,
      items: [{ item_id: rice.productId, quantity: 3 }],
    });
    const partData = dataOf<TransferDetail>(part);
    expect(messageOf(part)).toBe('Transfer partly received');
    expect(partData).toMatchObject({
      status: 'partially_received',
      total_received: 3,
      received_by_name: 'Chidi Eze',
    });
    expect(partData.items[0]).toMatchObject({ received_quantity: 3, outstanding_quantity: 7 });
    expect(await level(lekki, rice.productId)).toBe(3);

    const tooMany = await call(receiver, 'POST', url('/recieve'), {
      id: tr.id,
      items: [{ item_id: rice.productId, quantity: 8 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(messageOf(tooMany)).toBe('Only 7 of Rice 5kg are still to be received; you entered 8.');

    const cancelled = dataOf<TransferDetail>(await call(sender, 'POST', url('/cancel'), { id: tr.id }));
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancelled_at).not.toBeNull();
    expect(cancelled.items[0]).toMatchObject({
      quantity: 10,
      received_quantity: 3,
      returned_quantity: 7,
      outstanding_quantity: 0,
    });
    expect(await level(ikeja, rice.productId)).toBe(83);
    expect(await level(lekki, rice.productId)).toBe(3);

    const again = await call(receiver, 'POST', url('/recieve'), { id: tr.id });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('This transfer was cancelled, so it cannot be received.');
  });

  it('receives everything outstanding by default', async () => {
    const tr = await sendRice(5);
    await call(owner, 'POST', url('/recieve'), {
      id: tr.id,
      items: [{ item_id: rice.productId, quantity: 2 }],
    });
    const res = await call(owner, 'POST', url('/recieve'), { id: tr.id });
    const done = dataOf<TransferDetail>(res);
    expect(messageOf(res)).toBe('Transfer received');
    expect(done).toMatchObject({ status: 'received', total_received: 5 });
    expect(done.received_at).not.toBeNull();
    expect(await level(lekki, rice.productId)).toBe(8);
  });

  it('holds and releases; a held transfer cannot be received', async () => {
    const tr = await sendRice(2);
    const held = dataOf<TransferDetail>(await call(receiver, 'POST', url(`/${tr.id}/on_hold`)));
    expect(held.status).toBe('on_hold');
    const blocked = await call(receiver, 'POST', url('/recieve'), { id: tr.id });
    expect(blocked.statusCode).toBe(409);
    expect(messageOf(blocked)).toBe('This transfer is on hold, so it cannot be received. Release it first.');
    const twice = await call(owner, 'POST', url(`/${tr.id}/on_hold`));
    expect(twice.statusCode).toBe(409);
    expect(messageOf(twice)).toBe('This transfer is already on hold.');
    expect(dataOf<TransferDetail>(await call(sender, 'POST', url(`/${tr.id}/release`))).status).toBe(
      'in_transit',
    );
    const notHeld = await call(owner, 'POST', url(`/${tr.id}/release`));
    expect(notHeld.statusCode).toBe(409);
    expect(messageOf(notHeld)).toBe('This transfer is not on hold, so there is nothing to release.');

    // A partly received transfer goes back to partly received when released.
    await call(owner, 'POST', url('/recieve'), {
      id: tr.id,
      items: [{ item_id: rice.productId, quantity: 1 }],
    });
    await call(owner, 'POST', url(`/${tr.id}/on_hold`));
    expect(dataOf<TransferDetail>(await call(owner, 'POST', url(`/${tr.id}/release`))).status).toBe(
      'partially_received',
    );
    // A held transfer can be cancelled: the rest returns.
    await call(owner, 'POST', url(`/${tr.id}/on_hold`));
    const before = await level(ikeja, rice.productId);
    expect(dataOf<TransferDetail>(await call(owner, 'PUT', url('/cancel'), { id: tr.id })).status).toBe(
      'cancelled',
    );
    expect(await level(ikeja, rice.productId)).toBe(before + 1);
  });

  it('answers 409 saying why for every illegal step on a received or cancelled transfer', async () => {
    const received = await sendRice(1);
    await call(owner, 'POST', url('/recieve'), { id: received.id });
    const cancelled = await sendRice(1);
    await call(owner, 'POST', url('/cancel'), { id: cancelled.id });
    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        '/recieve',
        { id: received.id },
        'This transfer was already received, so it cannot be received.',
      ],
      [
        'POST',
        `/${received.id}/on_hold`,
        undefined,
        'This transfer was already received, so it cannot be put on hold.',
      ],
      [
        'POST',
        `/${received.id}/release`,
        undefined,
        'This transfer was already received, so it cannot be released.',
      ],
      [
        'POST',
        '/cancel',
        { id: received.id },
        'This transfer was already received, so it cannot be cancelled.',
      ],
      [
        'PUT',
        '',
        { id: received.id, note: 'x' },
        'This transfer was already received, so it cannot be edited.',
      ],
      ['POST', '/recieve', { id: cancelled.id }, 'This transfer was cancelled, so it cannot be received.'],
      [
        'POST',
        `/${cancelled.id}/on_hold`,
        undefined,
        'This transfer was cancelled, so it cannot be put on hold.',
      ],
      [
        'POST',
        `/${cancelled.id}/release`,
        undefined,
        'This transfer was cancelled, so it cannot be released.',
      ],
      ['PUT', '/cancel', { id: cancelled.id }, 'This transfer was already cancelled.'],
      ['PUT', '', { id: cancelled.id, note: 'x' }, 'This transfer was cancelled, so it cannot be edited.'],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await call(owner, method as 'POST', url(path), body);
      expect(res.statusCode, `${method} ${path}`).toBe(409);
      expect(messageOf(res)).toBe(message);
    }
    const lines = await t.db
      .selectFrom('transfer_items')
      .select(['received_quantity', 'returned_quantity'])
      .where('transfer_id', 'in', [received.id, cancelled.id])
      .orderBy('received_quantity', 'desc')
      .execute();
    expect(lines).toEqual([
      { received_quantity: 1, returned_quantity: 0 },
      { received_quantity: 0, returned_quantity: 1 },
    ]);
  });

  it('checks who may receive, cancel, hold and release', async () => {
    const tr = await sendRice(1);
    const bySender = await call(sender, 'POST', url('/recieve'), { id: tr.id });
    expect(bySender.statusCode).toBe(403);
    const byAbuja = await call(abujaManager, 'POST', url('/recieve'), { id: tr.id });
    expect(byAbuja.statusCode).toBe(403);
    expect(messageOf(byAbuja)).toBe('You are not assigned to the destination store of this transfer.');
    const cancelByReceiver = await call(receiver, 'POST', url('/cancel'), { id: tr.id });
    expect(cancelByReceiver.statusCode).toBe(403);
    const cancelByAbuja = await call(abujaManager, 'POST', url('/cancel'), { id: tr.id });
    expect(messageOf(cancelByAbuja)).toBe('You are not assigned to the source store of this transfer.');
    expect((await call(abujaManager, 'POST', url(`/${tr.id}/on_hold`))).statusCode).toBe(403);
    expect((await call(cashier, 'POST', url(`/${tr.id}/on_hold`))).statusCode).toBe(403);
    expect((await call(cashier, 'POST', url(`/${tr.id}/release`))).statusCode).toBe(403);
    expect((await call(cashier, 'POST', url('/recieve'), { id: tr.id })).statusCode).toBe(403);
    expect((await call(cashier, 'PUT', url('/cancel'), { id: tr.id })).statusCode).toBe(403);
    expect((await call(cashier, 'PUT', url(), { id: tr.id, note: 'x' })).statusCode).toBe(403);
    for (const [method, path, body] of [
      ['POST', '/recieve', { id: tr.id }],
      ['POST', '/cancel', { id: tr.id }],
      ['PUT', '/cancel', { id: tr.id }],
      ['PUT', '', { id: tr.id, note: 'x' }],
      ['POST', `/${tr.id}/on_hold`, undefined],
      ['POST', `/${tr.id}/release`, undefined],
      ['GET', `/${tr.id}`, undefined],
      ['GET', '', undefined],
    ] as const)
      expect((await call(null, method, url(path), body)).statusCode, `${method} ${path}`).toBe(401);
    expect(await level(lekki, rice.productId)).toBe(10);
  });

  it("is 404 for another business's transfer or a malformed id, 400 naming the field", async () => {
    for (const [method, path, body] of [
      ['POST', '/recieve', { id: otherTransferId }],
      ['POST', '/cancel', { id: otherTransferId }],
      ['PUT', '', { id: otherTransferId, note: 'x' }],
      ['POST', `/${otherTransferId}/on_hold`, undefined],
      ['POST', `/${otherTransferId}/release`, undefined],
      ['GET', `/${otherTransferId}`, undefined],
      ['GET', '/not-an-id', undefined],
      ['POST', '/not-an-id/on_hold', undefined],
      ['POST', '/recieve', { id: OTHER_UUID }],
    ] as const) {
      const res = await call(owner, method, url(path), body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(messageOf(res)).toBe('Transfer not found');
    }
    const tr = await sendRice(1);
    const cases: [string, string, unknown, string][] = [
      ['POST', '/recieve', {}, 'id'],
      ['POST', '/recieve', { id: tr.id, items: [{ item_id: tr.id, quantity: 0 }] }, 'quantity'],
      ['POST', '/recieve', { id: tr.id, items: [] }, 'items'],
      [
        'POST',
        '/recieve',
        { id: tr.id, items: [{ item_id: shirt.productId, quantity: 1 }] },
        'items.0.item_id',
      ],
      ['POST', '/cancel', { id: 'abc' }, 'id'],
      ['PUT', '', { id: tr.id }, 'note'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await call(owner, method as 'POST', url(path), body);
      expect(res.statusCode, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(messageOf(res)).toContain(field);
    }
    expect(
      messageOf(
        await call(owner, 'POST', url('/recieve'), {
          id: tr.id,
          items: [{ item_id: shirt.productId, quantity: 1 }],
        }),
      ),
    ).toBe(`items.0.item_id: this item is not on transfer ${tr.transfer_id}.`);
  });
});

describe('reading', () => {
  it('edits the note of an open transfer', async () => {
    const tr = await sendRice(1, 'first');
    const res = await call(sender, 'PUT', url(), { id: tr.id, note: 'Driver: Musa' });
    expect(dataOf<TransferDetail>(res).note).toBe('Driver: Musa');
    expect((await call(receiver, 'PUT', url(), { id: tr.id, note: 'x' })).statusCode).toBe(403);
  });

  it('lists newest first with filters and paging; a non-admin sees their stores only', async () => {
    const all = dataOf<TransferPage>(await call(owner, 'GET', url()));
    expect(all.total).toBeGreaterThanOrEqual(8);
    const numbers = all.items.map((i) => i.transfer_id);
    expect([...numbers].sort().reverse()).toEqual(numbers);
    const received = dataOf<TransferPage>(await call(owner, 'GET', url('?status=received')));
    expect(received.items.every((i) => i.status === 'received')).toBe(true);
    expect(received.total).toBe(3);
    const toAbuja = dataOf<TransferPage>(await call(owner, 'GET', url(`?store=${abuja}&direction=in`)));
    expect(toAbuja.items.map((i) => i.transfer_id)).toEqual(['TR-0002']);
    expect(dataOf<TransferPage>(await call(owner, 'GET', url(`?store=${abuja}&direction=out`))).total).toBe(
      0,
    );
    const found = dataOf<TransferPage>(await call(owner, 'GET', url('?search=0002')));
    expect(found.items.map((i) => i.transfer_id)).toEqual(['TR-0002']);
    const paged = dataOf<TransferPage>(await call(owner, 'GET', url('?limit=2&page=2')));
    expect(paged.items.map((i) => i.transfer_id)).toEqual(numbers.slice(2, 4));
    const abujaView = dataOf<TransferPage>(await call(abujaManager, 'GET', url()));
    expect(abujaView.items.map((i) => i.transfer_id)).toEqual(['TR-0002']);
    expect(dataOf<TransferPage>(await call(receiver, 'GET', url())).total).toBe(all.total - 1);
  });

  it('shows one transfer to someone assigned to either store', async () => {
    const tr = await sendRice(1);
    const seen = dataOf<TransferDetail>(await call(receiver, 'GET', url(`/${tr.id}`)));
    expect(seen).toMatchObject({
      id: tr.id,
      items: [expect.objectContaining({ name: 'Rice 5kg', quantity: 1 })],
    });
    const res = await call(abujaManager, 'GET', url(`/${tr.id}`));
    expect(res.statusCode).toBe(403);
    expect(messageOf(res)).toBe('You are not assigned to either store of this transfer.');
    expect((await call(cashier, 'GET', url(`/${tr.id}`))).statusCode).toBe(403);
    expect((await call(cashier, 'GET', url())).statusCode).toBe(403);
    expect((await call(owner, 'GET', `/v2/business/${other.businessId}/transfers`)).statusCode).toBe(404);
    const bad = await call(owner, 'GET', url('?status=lost'));
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('status');
  });

  it('GET /v1/businesses/:b/transfers/stores/:id lists transfers from or to a store', async () => {
    const v1 = (b: string, store: string, q = '') => `/v1/businesses/${b}/transfers/stores/${store}${q}`;
    const abujaList = dataOf<TransferPage>(await call(owner, 'GET', v1(owner.businessId, abuja)));
    expect(abujaList.items.map((i) => i.transfer_id)).toEqual(['TR-0002']);
    const ikejaOut = dataOf<TransferPage>(
      await call(sender, 'GET', v1(owner.businessId, ikeja, '?direction=out&status=cancelled')),
    );
    expect(ikejaOut.total).toBe(3);
    expect((await call(null, 'GET', v1(owner.businessId, abuja))).statusCode).toBe(401);
    expect((await call(cashier, 'GET', v1(owner.businessId, ikeja))).statusCode).toBe(403);
    expect((await call(sender, 'GET', v1(owner.businessId, abuja))).statusCode).toBe(403);
    expect((await call(owner, 'GET', v1(other.businessId, abuja))).statusCode).toBe(404);
    expect((await call(owner, 'GET', v1(owner.businessId, other.storeId))).statusCode).toBe(404);
    expect((await call(owner, 'GET', v1(owner.businessId, 'nope'))).statusCode).toBe(404);
    const bad = await call(owner, 'GET', v1(owner.businessId, abuja, '?page=0'));
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('page');
  });
});
