import { storeSyncData } from '@ms/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { store_name: 'Ikeja' });
  other = await signUp(t, { store_name: 'Abuja' });
});
afterAll(async () => t.close());

type StoreJson = { id: string; _id: string; name: string; is_active: boolean; employees_count?: number };

const createStore = (body: unknown, token: string | undefined = owner.token) =>
  t.request({ method: 'POST', url: '/v1/stores/', token, body });
const sync = (businessId: string, token: string | undefined, updatedAt?: number) =>
  t.request({
    method: 'GET',
    url: `/v1/stores/businesses/${businessId}${updatedAt === undefined ? '' : `?updated_at=${updatedAt}`}`,
    token,
  });
const editStore = (id: string, body: unknown, token: string | undefined = owner.token) =>
  t.request({ method: 'PATCH', url: `/v2/stores/${id}`, token, body });

describe('POST /v1/stores/', () => {
  it('creates a store and assigns it to the user who created it', async () => {
    const res = await createStore({
      name: 'Yaba',
      address: '1 Herbert Macaulay Way',
      phone: '08011112222',
      email: 'Yaba@Ada.ng',
    });
    expect(res.statusCode).toBe(201);
    const s = res.json().data;
    expect(s).toMatchObject({
      name: 'Yaba',
      address: '1 Herbert Macaulay Way',
      phone: '08011112222',
      email: 'yaba@ada.ng',
      is_active: true,
      business_id: owner.businessId,
    });
    expect(s._id).toBe(s.id);
    const assigned = await t.db
      .selectFrom('user_stores')
      .select('user_id')
      .where('store_id', '=', s.id)
      .execute();
    expect(assigned).toEqual([{ user_id: owner.userId }]);
  });

  it('refuses a duplicate name in the same business, whatever the case (409), but not in another', async () => {
    expect((await createStore({ name: 'Surulere' })).statusCode).toBe(201);
    const dup = await createStore({ name: 'SURULERE' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ status: false, message: expect.stringContaining('already exists') });
    expect((await createStore({ name: 'Surulere' }, other.token)).statusCode).toBe(201);
  });

  it('names the field on bad input (400)', async () => {
    const noName = await createStore({ address: 'x' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('The name field is required.');
    const badEmail = await createStore({ name: 'Ok', email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toContain('email');
  });

  it('needs a token (401) and settings.stores (403)', async () => {
    expect((await createStore({ name: 'Nope' }, '')).statusCode).toBe(401);
    const cashier = await addCashier(t, owner);
    const res = await createStore({ name: 'Nope' }, cashier.token);
    expect(res.statusCode).toBe(403);
  });
});

describe('PATCH /v2/stores/{id}', () => {
  it('updates details and deactivates the store', async () => {
    const s = (await createStore({ name: 'Ajah' })).json().data as StoreJson;
    const res = await editStore(s.id, { name: 'Ajah Market', phone: '08033334444', is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: s.id,
      name: 'Ajah Market',
      phone: '08033334444',
      is_active: false,
    });
    const cleared = await editStore(s.id, { phone: null, address: '' });
    expect(cleared.json().data).toMatchObject({ phone: null, address: null, name: 'Ajah Market' });
  });

  it('refuses to take the name of another store (409)', async () => {
    const s = (await createStore({ name: 'Festac' })).json().data as StoreJson;
    const res = await editStore(s.id, { name: 'ikeja' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('already exists');
  });

  it("answers 404 for another business's store or an id that is not one, and changes nothing", async () => {
    const res = await editStore(other.storeId, { name: 'Mine now' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Store not found');
    const row = await t.db
      .selectFrom('stores')
      .select('name')
      .where('id', '=', other.storeId)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Abuja');
    expect((await editStore('123', { name: 'x' })).statusCode).toBe(404);
  });

  it('names the field on bad input (400), needs a token (401) and settings.stores (403)', async () => {
    const bad = await editStore(owner.storeId, { is_active: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('is_active');
    const empty = await editStore(owner.storeId, {});
    expect(empty.json().message).toContain('Nothing to update');
    expect((await editStore(owner.storeId, { name: 'x' }, '')).statusCode).toBe(401);
    const cashier = await addCashier(t, owner);
    expect((await editStore(owner.storeId, { name: 'x' }, cashier.token)).statusCode).toBe(403);
  });
});

describe('GET /v1/stores/businesses/{b} (sync download)', () => {
  it('returns only what changed since updated_at and reports deleted stores', async () => {
    const biz = await signUp(t, { store_name: 'Head Office' });
    const a = (await createStore({ name: 'Alpha' }, biz.token)).json().data as StoreJson;
    const b = (await createStore({ name: 'Beta' }, biz.token)).json().data as StoreJson;
    const gone = (await createStore({ name: 'Gamma' }, biz.token)).json().data as StoreJson;

    const full = await sync(biz.businessId, biz.token);
    expect(full.statusCode).toBe(200);
    const first = full.json().data;
    expect(first.items.map((s: StoreJson) => s.name)).toEqual(['Head Office', 'Alpha', 'Beta', 'Gamma']);
    expect(first.metaData.recordsRemoved).toEqual([]);
    expect(typeof first.metaData.lastUpdate).toBe('number');
    // Each store is the contract's Store, field for field what creating it answered (ISO times in ms).
    expect(storeSyncData.strict().parse(first)).toEqual(first);
    expect(first.items[1]).toEqual({ ...a, employees_count: undefined });
    expect(first.items[1].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const nothing = (await sync(biz.businessId, biz.token, first.metaData.lastUpdate)).json().data;
    expect(nothing.items).toEqual([]);
    expect(nothing.metaData).toMatchObject({ recordsRemoved: [], lastUpdate: first.metaData.lastUpdate });

    await editStore(b.id, { address: '2 Broad Street' }, biz.token);
    await t.db.updateTable('stores').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();

    const changed = (await sync(biz.businessId, biz.token, first.metaData.lastUpdate)).json().data;
    expect(changed.items.map((s: StoreJson) => s.id)).toEqual([b.id]);
    expect(changed.items[0].address).toBe('2 Broad Street');
    expect(changed.metaData.recordsRemoved).toEqual([gone.id]);
    expect(changed.metaData.lastUpdate).toBeGreaterThan(first.metaData.lastUpdate);

    const after = (await sync(biz.businessId, biz.token)).json().data;
    expect(after.items.map((s: StoreJson) => s.id)).not.toContain(gone.id);
    expect(after.items.map((s: StoreJson) => s.id)).toContain(a.id);
  });

  it('shows a cashier only their assigned stores, and lists the rest as removed', async () => {
    const biz = await signUp(t, { store_name: 'Main' });
    const second = (await createStore({ name: 'Second' }, biz.token)).json().data as StoreJson;
    const cashier = await addCashier(t, biz, [second.id]);
    const res = await sync(biz.businessId, cashier.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((s: StoreJson) => s.id)).toEqual([second.id]);
    const later = (await sync(biz.businessId, cashier.token, res.json().data.metaData.lastUpdate)).json()
      .data;
    expect(later.items.map((s: StoreJson) => s.id)).toEqual([second.id]);
    expect(later.metaData.recordsRemoved).toEqual([biz.storeId]);
  });

  it("needs a token (401); another business's id is 404; a bad updated_at names the field (400)", async () => {
    expect((await sync(owner.businessId, undefined)).statusCode).toBe(401);
    const res = await sync(other.businessId, owner.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Business not found');
    const bad = await t.request({
      method: 'GET',
      url: `/v1/stores/businesses/${owner.businessId}?updated_at=yesterday`,
      token: owner.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('updated_at');
  });
});

describe('GET /v2/stores/businesses/{b} (paged list)', () => {
  it('pages, searches and counts employees per store', async () => {
    const biz = await signUp(t, { store_name: 'Lekki' });
    for (const name of ['Victoria Island', 'Ikoyi', 'Oniru']) await createStore({ name }, biz.token);
    await addCashier(t, biz);
    await t.db
      .updateTable('stores')
      .set({ deleted_at: new Date() })
      .where('business_id', '=', biz.businessId)
      .where('name', '=', 'Oniru')
      .execute();

    const url = `/v2/stores/businesses/${biz.businessId}`;
    const page1 = (await t.request({ method: 'GET', url: `${url}?page=1&limit=2`, token: biz.token })).json();
    expect(page1.data).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page1.data.items.map((s: StoreJson) => s.name)).toEqual(['Lekki', 'Victoria Island']);
    expect(page1.data.items[0].employees_count).toBe(2);
    expect(page1.data.items[1].employees_count).toBe(1);
    const page2 = (await t.request({ method: 'GET', url: `${url}?page=2&limit=2`, token: biz.token })).json();
    expect(page2.data.items.map((s: StoreJson) => s.name)).toEqual(['Ikoyi']);
    const found = (await t.request({ method: 'GET', url: `${url}?search=iko`, token: biz.token })).json();
    expect(found.data).toMatchObject({ total: 1, items: [{ name: 'Ikoyi' }] });
    const literal = (await t.request({ method: 'GET', url: `${url}?search=%25`, token: biz.token })).json();
    expect(literal.data.total).toBe(0);
  });

  it('needs a token (401), settings.stores (403); 404 across businesses; 400 names the field', async () => {
    const url = `/v2/stores/businesses/${owner.businessId}`;
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    const cashier = await addCashier(t, owner);
    expect((await t.request({ method: 'GET', url, token: cashier.token })).statusCode).toBe(403);
    const cross = await t.request({
      method: 'GET',
      url: `/v2/stores/businesses/${other.businessId}`,
      token: owner.token,
    });
    expect(cross.statusCode).toBe(404);
    const bad = await t.request({ method: 'GET', url: `${url}?page=0`, token: owner.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('page');
  });
});

describe('POST /v1/stores/onlinestore/{business}/toggle', () => {
  const toggle = (businessId: string, token?: string) =>
    t.request({ method: 'POST', url: `/v1/stores/onlinestore/${businessId}/toggle`, token });

  it('turns the online store on, then off', async () => {
    const on = await toggle(owner.businessId, owner.token);
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({ online_store_enabled: true });
    const row = await t.db
      .selectFrom('businesses')
      .select('online_store_enabled')
      .where('id', '=', owner.businessId)
      .executeTakeFirstOrThrow();
    expect(row.online_store_enabled).toBe(true);
    expect((await toggle(owner.businessId, owner.token)).json().data).toEqual({
      online_store_enabled: false,
    });
  });

  it('needs a token (401), an admin (403); another business is 404 and stays as it was', async () => {
    expect((await toggle(owner.businessId)).statusCode).toBe(401);
    const cashier = await addCashier(t, owner);
    expect((await toggle(owner.businessId, cashier.token)).statusCode).toBe(403);
    expect((await toggle(other.businessId, owner.token)).statusCode).toBe(404);
    const row = await t.db
      .selectFrom('businesses')
      .select('online_store_enabled')
      .where('id', '=', other.businessId)
      .executeTakeFirstOrThrow();
    expect(row.online_store_enabled).toBe(false);
  });
});
