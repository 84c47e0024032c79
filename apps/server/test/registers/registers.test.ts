import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REGISTER_TEXT,
  type Register,
  type RegisterCloseData,
  type RegisterDetail,
  type RegisterEmployee,
} from '@ms/contracts';
import { up as backfillRegisters } from '../../src/db/migrations/0007_registers_backfill.js';
import { newId } from '../../src/lib/ids.js';
import { openRegisterOf, recordRegisterCash } from '../../src/modules/registers/index.js';
import { HttpError } from '../../src/lib/errors.js';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';
import { seedStore } from '../catalogue/fixtures.js';
import { addEmployee } from '../staff/staff-helper.js';
import { as, dataOf, messageOf, OTHER_UUID, type Owner } from '../inventory/inventory-helper.js';

let t: TestApp;
let owner: Owner;
let other: Owner;
let call: ReturnType<typeof as>;
let otherCall: ReturnType<typeof as>;
let branch: string;
let cashier: { token: string; userId: string };
let stockKeeper: { token: string; userId: string };
let viewer: { token: string; userId: string };
let mainTill: Register;
let branchTill: Register;
let otherTill: Register;

const list = (who: { token: string } | null, businessId: string, query = '') =>
  call(who, 'GET', `/v1/registries/businesses/${businessId}${query}`);
const put = (who: { token: string } | null, id: string, action: string, body?: unknown) =>
  call(who, 'PUT', `/v1/registries/${id}/${action}`, body);
const detail = async (id: string, query = '') =>
  dataOf<RegisterDetail>(await call(owner, 'GET', `/v1/registries/${id}${query}`));

/** A store made through POST /v1/stores/ (as the app does), which comes with its "Main till". */
const addStore = async (name: string) =>
  dataOf<{ _id: string }>(await call(owner, 'POST', '/v1/stores/', { name }), 201)._id;

const addRole = async (businessId: string, name: string, permissions: string[]) => {
  const id = newId();
  await t.db.insertInto('roles').values({ business_id: businessId, id, name, permissions }).execute();
  return id;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t, {}, 'test-device-2');
  call = as(t, owner);
  otherCall = as(t, other);
  branch = await addStore('Lekki');
  cashier = await addCashier(t, owner);
  stockKeeper = await addEmployee(t, owner, {
    roleId: await addRole(owner.businessId, 'Stock keeper', ['inventory.adjust_stock']),
    firstName: 'Kunle',
  });
  viewer = await addEmployee(t, owner, {
    roleId: await addRole(owner.businessId, 'Auditor', ['sales_history.view']),
    firstName: 'Bisi',
  });
  const mine = dataOf<Register[]>(await list(owner, owner.businessId));
  mainTill = mine.find((r) => r.store_id === owner.storeId)!;
  branchTill = mine.find((r) => r.store_id === branch)!;
  otherTill = dataOf<Register[]>(
    await otherCall(other, 'GET', `/v1/registries/businesses/${other.businessId}`),
  )[0]!;
});

afterAll(async () => {
  await t?.close();
});

describe('GET /v1/registries/businesses/:b', () => {
  it('lists the closed "Main till" every new store comes with, once', async () => {
    expect(mainTill).toMatchObject({
      name: 'Main till',
      status: 'closed',
      session: null,
      expected_cash: null,
    });
    expect(branchTill).toMatchObject({ name: 'Main till', store_name: 'Lekki' });
    const again = dataOf<Register[]>(await list(owner, owner.businessId));
    expect(again.map((r) => r.id).sort()).toEqual([mainTill.id, branchTill.id].sort());
  });

  it('does not write: a store left without a register stays without one until the 0007 backfill', async () => {
    // A store made before stores came with a till (straight in the database).
    const old = await seedStore(t, owner.businessId, 'Old Ikeja');
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('registers')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('business_id', '=', owner.businessId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(dataOf<Register[]>(await list(owner, owner.businessId, `?store_id=${old}`))).toEqual([]);
    expect(dataOf<Register[]>(await list(owner, owner.businessId)).some((r) => r.store_id === old)).toBe(
      false,
    );
    expect(await count()).toBe(before);
    // The migration gives it a "Main till", and only it; running it again adds nothing.
    await backfillRegisters(t.db as never);
    await backfillRegisters(t.db as never);
    expect(await count()).toBe(before + 1);
    expect(dataOf<Register[]>(await list(owner, owner.businessId, `?store_id=${old}`))).toMatchObject([
      { name: 'Main till', store_name: 'Old Ikeja', status: 'closed' },
    ]);
  });

  it('filters by store_id, and a cashier only sees the stores they are assigned to', async () => {
    const lekki = dataOf<Register[]>(await list(owner, owner.businessId, `?store_id=${branch}`));
    expect(lekki.map((r) => r.id)).toEqual([branchTill.id]);
    const seen = dataOf<Register[]>(await list(cashier, owner.businessId));
    expect(seen.map((r) => r.id)).toEqual([mainTill.id]);
    expect((await list(cashier, owner.businessId, `?store_id=${branch}`)).statusCode).toBe(403);
  });

  it('refuses without a token (401), without a permission (403), across businesses (404), a bad store_id (400)', async () => {
    expect((await list(null, owner.businessId)).statusCode).toBe(401);
    expect((await list(stockKeeper, owner.businessId)).statusCode).toBe(403);
    expect((await list(viewer, owner.businessId)).statusCode).toBe(200);
    expect((await list(owner, other.businessId)).statusCode).toBe(404);
    expect((await list(owner, owner.businessId, `?store_id=${other.storeId}`)).statusCode).toBe(404);
    const bad = await list(owner, owner.businessId, '?store_id=nope');
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('store_id');
  });
});

describe('POST /v1/registries/', () => {
  it('adds a register to a store; a name is unique within the store', async () => {
    const res = await call(owner, 'POST', '/v1/registries/', { store_id: owner.storeId, name: 'Till 2' });
    const till2 = dataOf<Register>(res, 201);
    expect(till2).toMatchObject({ name: 'Till 2', store_id: owner.storeId, status: 'closed' });
    const dup = await call(owner, 'POST', '/v1/registries/', { store_id: owner.storeId, name: 'till 2' });
    expect(dup.statusCode).toBe(409);
    expect(messageOf(dup)).toMatch(/already exists/);
  });

  it('401, 403 for a cashier, 404 for another business store, 400 naming the field', async () => {
    const body = { store_id: owner.storeId, name: 'Till 3' };
    expect((await call(null, 'POST', '/v1/registries/', body)).statusCode).toBe(401);
    expect((await call(cashier, 'POST', '/v1/registries/', body)).statusCode).toBe(403);
    expect(
      (await call(owner, 'POST', '/v1/registries/', { store_id: other.storeId, name: 'X' })).statusCode,
    ).toBe(404);
    const noName = await call(owner, 'POST', '/v1/registries/', { store_id: owner.storeId });
    expect(noName.statusCode).toBe(400);
    expect(messageOf(noName)).toContain('name');
    const badStore = await call(owner, 'POST', '/v1/registries/', { store_id: 'x', name: 'Y' });
    expect(badStore.statusCode).toBe(400);
    expect(messageOf(badStore)).toContain('store_id');
  });
});

describe('a session: open, cash in and out, sales through recordRegisterCash, close', () => {
  it('refuses cash before opening, and recordRegisterCash says to open a register', async () => {
    const add = await put(cashier, mainTill.id, 'cash/add', { amount: 100 });
    expect(add.statusCode).toBe(409);
    expect(messageOf(add)).toBe(REGISTER_TEXT.notOpen);
    const remove = await put(cashier, mainTill.id, 'cash/remove', { amount: 100, reason: 'Fuel' });
    expect(remove.statusCode).toBe(409);
    const close = await put(cashier, mainTill.id, 'close', { counted_cash: 0 });
    expect(close.statusCode).toBe(409);
    expect(messageOf(close)).toBe(REGISTER_TEXT.alreadyClosed);
    const attempt = recordRegisterCash(t.db, {
      businessId: owner.businessId,
      storeId: owner.storeId,
      userId: cashier.userId,
      amountKobo: 50_000,
      kind: 'sale',
      referenceId: newId(),
    });
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 409, message: REGISTER_TEXT.noOpenRegister });
    expect(await openRegisterOf(t.db, owner.businessId, owner.storeId)).toBeUndefined();
  });

  it('opens with a float; opening again is 409', async () => {
    const opened = dataOf<Register>(await put(cashier, mainTill.id, 'open', { float: 5000 }));
    expect(opened.status).toBe('open');
    expect(opened.session).toMatchObject({
      float_amount: 5000,
      operator_name: 'Chidi Eze',
      opened_by: cashier.userId,
    });
    expect(opened.expected_cash).toBe(5000);
    const again = await put(owner, mainTill.id, 'open', { float: 1 });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(REGISTER_TEXT.alreadyOpen);
    const open = await openRegisterOf(t.db, owner.businessId, owner.storeId);
    expect(open?.register_id).toBe(mainTill.id);
  });

  it('takes cash added, cash removed with a reason, cash sales and refunds, and closes with the difference', async () => {
    dataOf<Register>(
      await put(cashier, mainTill.id, 'cash/add', { amount: 1500.5, reason: 'Change from bank' }),
    );
    const noReason = await put(cashier, mainTill.id, 'cash/remove', { amount: 200 });
    expect(noReason.statusCode).toBe(400);
    expect(messageOf(noReason)).toContain('reason');
    dataOf<Register>(await put(cashier, mainTill.id, 'cash/remove', { amount: 700, reason: 'Diesel' }));
    const saleId = newId();
    await t.db.transaction().execute(async (tx) => {
      await recordRegisterCash(tx, {
        businessId: owner.businessId,
        storeId: owner.storeId,
        userId: cashier.userId,
        amountKobo: 1_234_500,
        kind: 'sale',
        referenceId: saleId,
      });
      await recordRegisterCash(tx, {
        businessId: owner.businessId,
        storeId: owner.storeId,
        userId: cashier.userId,
        amountKobo: -200_000,
        kind: 'refund',
        referenceId: saleId,
      });
    });
    // A rolled-back sale leaves no cash behind.
    await expect(
      t.db.transaction().execute(async (tx) => {
        await recordRegisterCash(tx, {
          businessId: owner.businessId,
          storeId: owner.storeId,
          userId: cashier.userId,
          amountKobo: 999_900,
          kind: 'sale',
          referenceId: newId(),
        });
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');

    // 5000 + 1500.50 − 700 + 12345 − 2000 = 16145.50
    const d = await detail(mainTill.id);
    expect(d.session?.totals).toEqual({
      float: 5000,
      sales: 12345,
      refunds: -2000,
      cash_added: 1500.5,
      cash_removed: -700,
      expected_cash: 16145.5,
    });
    expect(d.expected_cash).toBe(16145.5);
    expect(d.movements.map((m) => m.kind)).toEqual(['float', 'cash_added', 'cash_removed', 'sale', 'refund']);
    expect(d.movements.reduce((s, m) => s + m.amount, 0)).toBeCloseTo(16145.5, 2);
    expect(d.movements.find((m) => m.kind === 'cash_removed')).toMatchObject({
      reason: 'Diesel',
      user_name: 'Chidi Eze',
    });
    expect(d.movements.find((m) => m.kind === 'sale')?.reference_id).toBe(saleId);

    const listed = dataOf<Register[]>(await list(cashier, owner.businessId));
    expect(listed[0]).toMatchObject({ status: 'open', expected_cash: 16145.5 });

    const closed = dataOf<RegisterCloseData>(
      await put(cashier, mainTill.id, 'close', { counted_cash: 16000 }),
    );
    expect(closed).toMatchObject({ expected_cash: 16145.5, counted_cash: 16000, difference: -145.5 });
    expect(closed.register.status).toBe('closed');
    expect(closed.session).toMatchObject({ status: 'closed', closed_by: cashier.userId, difference: -145.5 });

    const again = await put(cashier, mainTill.id, 'close', { counted_cash: 16000 });
    expect(again.statusCode).toBe(409);
    expect((await put(cashier, mainTill.id, 'cash/add', { amount: 5 })).statusCode).toBe(409);

    const after = await detail(mainTill.id);
    expect(after.session).toBeNull();
    expect(after.history[0]).toMatchObject({
      id: closed.session.id,
      expected_cash: 16145.5,
      counted_cash: 16000,
      difference: -145.5,
    });
    expect(after.movements_session?.id).toBe(closed.session.id);
    expect(after.movements).toHaveLength(5);
  });

  it('a second session starts from its own float, and closing over shows a positive difference', async () => {
    dataOf<Register>(await put(owner, mainTill.id, 'open', { float: 0 }));
    await recordRegisterCash(t.db, {
      businessId: owner.businessId,
      storeId: owner.storeId,
      userId: owner.userId,
      amountKobo: 100_000,
      kind: 'sale',
      referenceId: null,
    });
    const closed = dataOf<RegisterCloseData>(await put(owner, mainTill.id, 'close', { counted_cash: 1050 }));
    expect(closed).toMatchObject({ expected_cash: 1000, counted_cash: 1050, difference: 50 });
    const d = await detail(mainTill.id);
    expect(d.history.map((h) => h.difference)).toEqual([50, -145.5]);
    const first = await detail(mainTill.id, `?session_id=${d.history[1]!.id}`);
    expect(first.movements_session?.id).toBe(d.history[1]!.id);
    expect(first.movements).toHaveLength(5);
    expect(
      (await call(owner, 'GET', `/v1/registries/${branchTill.id}?session_id=${d.history[1]!.id}`)).statusCode,
    ).toBe(404);
  });

  it('with two registers open in a store, cash goes to the one the user operates', async () => {
    const till2 = dataOf<Register[]>(await list(owner, owner.businessId, `?store_id=${owner.storeId}`)).find(
      (r) => r.name === 'Till 2',
    )!;
    dataOf<Register>(await put(cashier, mainTill.id, 'open', { float: 10 }));
    dataOf<Register>(await put(owner, till2.id, 'open', { float: 20 }));
    for (const userId of [cashier.userId, owner.userId])
      await recordRegisterCash(t.db, {
        businessId: owner.businessId,
        storeId: owner.storeId,
        userId,
        amountKobo: userId === owner.userId ? 300 : 100,
        kind: 'sale',
        referenceId: null,
      });
    expect((await detail(mainTill.id)).expected_cash).toBe(11);
    expect((await detail(till2.id)).expected_cash).toBe(23);
    dataOf(await put(owner, till2.id, 'close', { counted_cash: 23 }));
    dataOf(await put(owner, mainTill.id, 'close', { counted_cash: 11 }));
  });

  it('400 naming the field, 401, 403 for a role without pos.make_sale or a store not assigned, 404 across businesses', async () => {
    const neg = await put(owner, branchTill.id, 'open', { float: -1 });
    expect(neg.statusCode).toBe(400);
    expect(messageOf(neg)).toContain('float');
    const noFloat = await put(owner, branchTill.id, 'open', {});
    expect(noFloat.statusCode).toBe(400);
    expect(messageOf(noFloat)).toContain('float');
    for (const action of ['open', 'cash/add', 'cash/remove', 'close']) {
      const body = { float: 1, amount: 1, reason: 'r', counted_cash: 1 };
      expect((await put(null, branchTill.id, action, body)).statusCode).toBe(401);
      expect((await put(stockKeeper, branchTill.id, action, body)).statusCode).toBe(403);
      expect((await put(viewer, branchTill.id, action, body)).statusCode).toBe(403);
      expect((await put(cashier, branchTill.id, action, body)).statusCode).toBe(403);
      expect((await put(owner, otherTill.id, action, body)).statusCode).toBe(404);
      expect((await put(owner, 'not-an-id', action, body)).statusCode).toBe(404);
      expect((await put(owner, OTHER_UUID, action, body)).statusCode).toBe(404);
    }
    const zero = await put(owner, mainTill.id, 'cash/add', { amount: 0 });
    expect(zero.statusCode).toBe(400);
    expect(messageOf(zero)).toContain('amount');
    const counted = await put(owner, mainTill.id, 'close', { counted_cash: 'lots' });
    expect(counted.statusCode).toBe(400);
    expect(messageOf(counted)).toContain('counted_cash');
  });
});

describe('GET /v1/registries/:id', () => {
  it('401, 403, 404 across businesses and for a malformed id', async () => {
    const url = `/v1/registries/${mainTill.id}`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(stockKeeper, 'GET', url)).statusCode).toBe(403);
    expect((await call(viewer, 'GET', url)).statusCode).toBe(200);
    expect((await call(cashier, 'GET', `/v1/registries/${branchTill.id}`)).statusCode).toBe(403);
    expect((await call(owner, 'GET', `/v1/registries/${otherTill.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/v1/registries/123')).statusCode).toBe(404);
    const bad = await call(owner, 'GET', `${url}?session_id=x`);
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('session_id');
  });
});

describe('PATCH /v1/registries/:id', () => {
  it('renames; a taken name is 409; an empty body is 400', async () => {
    const renamed = dataOf<Register>(
      await call(owner, 'PATCH', `/v1/registries/${branchTill.id}`, { name: 'Front till' }),
    );
    expect(renamed.name).toBe('Front till');
    await call(owner, 'POST', '/v1/registries/', { store_id: branch, name: 'Back till' });
    const taken = await call(owner, 'PATCH', `/v1/registries/${branchTill.id}`, { name: 'Back till' });
    expect(taken.statusCode).toBe(409);
    const empty = await call(owner, 'PATCH', `/v1/registries/${branchTill.id}`, {});
    expect(empty.statusCode).toBe(400);
    const blank = await call(owner, 'PATCH', `/v1/registries/${branchTill.id}`, { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(messageOf(blank)).toContain('name');
  });

  it('switches the user of an open session without closing it; the ledger records it', async () => {
    const closed = await call(owner, 'PATCH', `/v1/registries/${mainTill.id}`, { user_id: cashier.userId });
    expect(closed.statusCode).toBe(409);
    dataOf(await put(owner, mainTill.id, 'open', { float: 100 }));
    const switched = dataOf<Register>(
      await call(owner, 'PATCH', `/v1/registries/${mainTill.id}`, { user_id: cashier.userId }),
    );
    expect(switched.status).toBe('open');
    expect(switched.session).toMatchObject({
      operator_id: cashier.userId,
      operator_name: 'Chidi Eze',
      opened_by: owner.userId,
    });
    const d = await detail(mainTill.id);
    expect(d.movements.map((m) => [m.kind, m.amount])).toEqual([
      ['float', 100],
      ['switch_user', 0],
    ]);
    expect(d.expected_cash).toBe(100);
    const cannot = await call(owner, 'PATCH', `/v1/registries/${mainTill.id}`, {
      user_id: stockKeeper.userId,
    });
    expect(cannot.statusCode).toBe(400);
    expect(messageOf(cannot)).toContain('user_id');
    expect(
      (await call(owner, 'PATCH', `/v1/registries/${mainTill.id}`, { user_id: OTHER_UUID })).statusCode,
    ).toBe(404);
    expect(
      (await call(owner, 'PATCH', `/v1/registries/${mainTill.id}`, { user_id: other.userId })).statusCode,
    ).toBe(404);
    const bad = await call(owner, 'PATCH', `/v1/registries/${mainTill.id}`, { user_id: 'me' });
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('user_id');
    dataOf(await put(cashier, mainTill.id, 'close', { counted_cash: 100 }));
  });

  it('401, 403, 404 across businesses', async () => {
    const body = { name: 'Z' };
    expect((await call(null, 'PATCH', `/v1/registries/${mainTill.id}`, body)).statusCode).toBe(401);
    expect((await call(stockKeeper, 'PATCH', `/v1/registries/${mainTill.id}`, body)).statusCode).toBe(403);
    expect((await call(cashier, 'PATCH', `/v1/registries/${branchTill.id}`, body)).statusCode).toBe(403);
    expect((await call(owner, 'PATCH', `/v1/registries/${otherTill.id}`, body)).statusCode).toBe(404);
  });
});

describe('GET /v1/registries/businesses/:b/employees', () => {
  it('lists active employees who can operate registers', async () => {
    const url = `/v1/registries/businesses/${owner.businessId}/employees`;
    const all = dataOf<RegisterEmployee[]>(await call(owner, 'GET', url));
    const ids = all.map((e) => e.id);
    expect(ids).toContain(owner.userId);
    expect(ids).toContain(cashier.userId);
    expect(ids).not.toContain(stockKeeper.userId);
    expect(ids).not.toContain(viewer.userId);
    const atBranch = dataOf<RegisterEmployee[]>(await call(owner, 'GET', `${url}?store_id=${branch}`));
    expect(atBranch.map((e) => e.id)).not.toContain(cashier.userId);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(stockKeeper, 'GET', url)).statusCode).toBe(403);
    expect(
      (await call(owner, 'GET', `/v1/registries/businesses/${other.businessId}/employees`)).statusCode,
    ).toBe(404);
    const bad = await call(owner, 'GET', `${url}?store_id=1`);
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('store_id');
  });
});

describe('the ledger under concurrent sales', () => {
  it('a close while cash sales are being recorded counts every sale that committed, and no sale lands after it', async () => {
    const store = await addStore('Garki');
    const till = dataOf<Register[]>(await list(owner, owner.businessId, `?store_id=${store}`))[0]!;
    dataOf(await put(owner, till.id, 'open', { float: 100 }));
    const sale = () =>
      recordRegisterCash(t.db, {
        businessId: owner.businessId,
        storeId: store,
        userId: owner.userId,
        amountKobo: 1_000,
        kind: 'sale',
        referenceId: newId(),
      }).then(
        () => 'ok' as const,
        (e: HttpError) => (e.statusCode === 409 ? ('refused' as const) : Promise.reject(e)),
      );
    const first = await Promise.all(Array.from({ length: 10 }, sale));
    expect(first.every((r) => r === 'ok')).toBe(true);
    const [, closeRes, ...rest] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, sale)),
      put(owner, till.id, 'close', { counted_cash: 0 }),
      ...Array.from({ length: 5 }, sale),
    ]);
    const closed = dataOf<RegisterCloseData>(closeRes);
    const movements = await t.db
      .selectFrom('register_movements')
      .select((eb) => eb.fn.sum<number>('amount_kobo').as('total'))
      .where('business_id', '=', owner.businessId)
      .where('session_id', '=', closed.session.id)
      .executeTakeFirstOrThrow();
    expect(closed.expected_cash).toBe(Number(movements.total) / 100);
    expect(closed.expected_cash).toBeGreaterThanOrEqual(200);
    expect(rest.every((r) => r === 'ok' || r === 'refused')).toBe(true);
  });
});
