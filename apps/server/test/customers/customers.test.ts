import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { findCustomer } from '../../src/modules/customers/index.js';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';
import { addEmployee } from '../staff/staff-helper.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let cashier: { token: string };
let noCustomers: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t);
  cashier = await addCashier(t, owner);
  // A role with no customer permissions.
  const role = await t.request({
    method: 'POST',
    url: `/v1/businesses/${owner.businessId}/roles`,
    token: owner.token,
    body: { name: 'Stock keeper', permissions: ['catalogue.view_product'] },
  });
  expect(role.statusCode, role.body).toBe(201);
  noCustomers = await addEmployee(t, owner, { roleId: role.json().data._id });
});
afterAll(async () => t.close());

const create = (body: unknown, token: string | undefined = owner.token) =>
  t.request({ method: 'POST', url: '/v1/customers/', token, body });
const patch = (id: string, body: unknown, token: string | undefined = owner.token) =>
  t.request({ method: 'PATCH', url: `/v1/customers/${id}`, token, body });
const detail = (id: string, token: string | undefined = owner.token) =>
  t.request({ method: 'GET', url: `/v1/customers/${id}`, token });
const list = (businessId: string, query = '', token: string | undefined = owner.token) =>
  t.request({ method: 'GET', url: `/v2/customers/businesses/${businessId}/list${query}`, token });
const sync = (businessId: string, token: string | undefined, updatedAt?: number) =>
  t.request({
    method: 'GET',
    url: `/v2/customers/businesses/${businessId}${updatedAt === undefined ? '' : `?updated_at=${updatedAt}`}`,
    token,
  });

let phoneSeq = 10_000_000;
const nextPhone = () => `080${++phoneSeq}`;

describe('POST /v1/customers/', () => {
  it('creates a customer with every spec field', async () => {
    const phone = nextPhone();
    const res = await create({
      first_name: 'Ngozi',
      last_name: 'Okafor',
      email: 'Ngozi@Example.ng',
      phone,
      day_month: '14-02',
      address: { street: '3 Allen Avenue', city: 'Ikeja', state: 'Lagos', country: 'Nigeria' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      first_name: 'Ngozi',
      last_name: 'Okafor',
      email: 'ngozi@example.ng',
      phone,
      day_month: '14-02',
      address: { street: '3 Allen Avenue', city: 'Ikeja', state: 'Lagos', country: 'Nigeria' },
      business: owner.businessId,
      is_offline_data: false,
    });
  });

  it('is idempotent on a device-made _id: the second send returns the stored customer', async () => {
    const _id = newId();
    const body = { _id, first_name: 'Offline', phone: nextPhone(), is_offline_data: true };
    const first = await create(body, cashier.token);
    expect(first.statusCode).toBe(201);
    const again = await create({ ...body, first_name: 'Changed' }, cashier.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ _id, first_name: 'Offline', is_offline_data: true });
    const rows = await t.db.selectFrom('customers').select('id').where('id', '=', _id).execute();
    expect(rows).toHaveLength(1);
    // Another business cannot take or read it through the same id.
    const foreign = await create(body, other.token);
    expect(foreign.statusCode).toBe(409);
  });

  it('refuses a phone already used in the business, naming the customer (409); "+234" is the same number', async () => {
    const phone = nextPhone();
    expect((await create({ first_name: 'Emeka', last_name: 'Nwosu', phone })).statusCode).toBe(201);
    const dup = await create({ first_name: 'Someone', phone: `+234${phone.slice(1)}` });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toContain('Emeka Nwosu');
    expect((await create({ first_name: 'Emeka', phone }, other.token)).statusCode).toBe(201);
  });

  it('names the field on bad input (400)', async () => {
    const cases: [unknown, string][] = [
      [{ phone: nextPhone() }, 'first_name'],
      [{ first_name: 'A', phone: '12345' }, 'phone'],
      [{ first_name: 'A', email: 'nope' }, 'email'],
      [{ first_name: 'A', day_month: '31-02' }, 'day_month'],
      [{ first_name: 'A', day_month: '2024-01-01' }, 'day_month'],
      [{ first_name: 'A', _id: 'not-an-id' }, '_id'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });

  it('needs a token (401) and customers.manage (403)', async () => {
    expect((await create({ first_name: 'X' }, '')).statusCode).toBe(401);
    expect((await create({ first_name: 'X' }, noCustomers.token)).statusCode).toBe(403);
  });
});

describe('GET and PATCH /v1/customers/{id}', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create({ first_name: 'Tunde', last_name: 'Bakare', phone: nextPhone() })).json().data._id;
  });

  it('shows the customer with points and store credit (0 to start)', async () => {
    const res = await detail(id, cashier.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: id, first_name: 'Tunde', points: 0, store_credit: 0 });
  });

  it('edits fields and clears optional ones', async () => {
    const res = await patch(id, { last_name: '', email: 'tunde@example.ng', address: { city: 'Ibadan' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      last_name: null,
      email: 'tunde@example.ng',
      address: { city: 'Ibadan', street: null },
    });
    const again = await detail(id);
    expect(again.json().data.email).toBe('tunde@example.ng');
  });

  it("refuses to take another customer's phone (409 naming them)", async () => {
    const phone = nextPhone();
    await create({ first_name: 'Bisi', last_name: 'Ade', phone });
    const res = await patch(id, { phone });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Bisi Ade');
  });

  it('400 names the field; empty patch is refused', async () => {
    const bad = await patch(id, { email: 'x@' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('email');
    expect((await patch(id, {})).statusCode).toBe(400);
  });

  it("another business's customer, or a malformed id, is not found (404)", async () => {
    expect((await detail(id, other.token)).statusCode).toBe(404);
    expect((await patch(id, { first_name: 'Hacked' }, other.token)).statusCode).toBe(404);
    expect((await detail('nope')).statusCode).toBe(404);
    expect((await patch('nope', { first_name: 'X' })).statusCode).toBe(404);
  });

  it('401 without token; 403 without the permission', async () => {
    expect((await detail(id, '')).statusCode).toBe(401);
    expect((await patch(id, { first_name: 'X' }, '')).statusCode).toBe(401);
    expect((await detail(id, noCustomers.token)).statusCode).toBe(403);
    expect((await patch(id, { first_name: 'X' }, noCustomers.token)).statusCode).toBe(403);
  });

  it('findCustomer gives the live row of the business only', async () => {
    expect((await findCustomer(t.db, owner.businessId, id))?.first_name).toBe('Tunde');
    expect(await findCustomer(t.db, other.businessId, id)).toBeUndefined();
    expect(await findCustomer(t.db, owner.businessId, 'junk')).toBeUndefined();
  });
});

describe('lists', () => {
  it('searches by name, phone (any spacing or +234) and e-mail, a page at a time', async () => {
    const phone = '08099887766';
    await create({ first_name: 'Zainab', last_name: 'Musa', phone, email: 'zainab@shop.ng' });
    for (const q of ['zain', 'Zainab Mu', '0809 988', '+2348099887766', 'zainab@shop']) {
      const res = await list(owner.businessId, `?search=${encodeURIComponent(q)}`, cashier.token);
      expect(res.statusCode).toBe(200);
      expect(
        res.json().data.items.map((c: { phone: string }) => c.phone),
        q,
      ).toEqual([phone]);
    }
    const page = await list(owner.businessId, '?limit=2&page=1');
    expect(page.json().data.items).toHaveLength(2);
    expect(page.json().data.total).toBeGreaterThan(2);
  });

  it('the sync gives everything, then only what changed since lastUpdate', async () => {
    const all = await sync(owner.businessId, owner.token);
    expect(all.statusCode).toBe(200);
    const { items, metaData } = all.json().data;
    expect(items.length).toBeGreaterThan(3);
    expect(metaData.recordsRemoved).toEqual([]);
    const none = await sync(owner.businessId, owner.token, metaData.lastUpdate);
    expect(none.json().data.items).toEqual([]);
    const made = (await create({ first_name: 'Later', phone: nextPhone() })).json().data;
    const since = await sync(owner.businessId, owner.token, metaData.lastUpdate);
    expect(since.json().data.items.map((c: { _id: string }) => c._id)).toEqual([made._id]);
  });

  it('401, 403 and another business (404); bad updated_at (400)', async () => {
    expect((await sync(owner.businessId, '')).statusCode).toBe(401);
    expect((await sync(owner.businessId, noCustomers.token)).statusCode).toBe(403);
    expect((await sync(other.businessId, owner.token)).statusCode).toBe(404);
    expect((await list(other.businessId)).statusCode).toBe(404);
    expect((await list(owner.businessId, '', noCustomers.token)).statusCode).toBe(403);
    const bad = await t.request({
      method: 'GET',
      url: `/v2/customers/businesses/${owner.businessId}?updated_at=abc`,
      token: owner.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('updated_at');
  });
});
