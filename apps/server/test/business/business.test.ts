import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { hashPassword } from '../../src/modules/accounts/passwords.js';
import { addCashier, createTestApp, signUp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../helper.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let cashier: Awaited<ReturnType<typeof addCashier>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { business_name: 'Ada Stores' });
  other = await signUp(t, { business_name: 'Other Ventures' }, 'test-device-2');
  cashier = await addCashier(t, owner);
});
afterAll(async () => t.close());

const patch = (id: string, body: unknown, token?: string) =>
  t.request({ method: 'PATCH', url: `/v1/businesses/${id}`, token, body });

describe('PATCH /v1/businesses/{id}', () => {
  it('updates the company information and answers the business data', async () => {
    const res = await patch(
      owner.businessId,
      {
        name: 'Ada Superstores',
        email: 'Hello@AdaStores.ng',
        phone: '08098765432',
        address: '5 Allen Avenue, Ikeja',
        business_type: 'Supermarket',
        logo_url: '/files/x/logo.png',
        store_credit_active: true,
      },
      owner.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      data: {
        _id: owner.businessId,
        name: 'Ada Superstores',
        email: 'hello@adastores.ng',
        phone: '08098765432',
        address: '5 Allen Avenue, Ikeja',
        business_type: 'Supermarket',
        logo_url: '/files/x/logo.png',
        store_credit_active: true,
      },
    });
    expect(res.json().data.stores.map((s: { id: string }) => s.id)).toContain(owner.storeId);

    const login = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      body: { email: owner.email, password: STRONG_PASSWORD },
    });
    expect(login.json().data.business.name).toBe('Ada Superstores');

    const cleared = await patch(owner.businessId, { address: '', logo_url: null }, owner.token);
    expect(cleared.json().data).toMatchObject({ address: null, logo_url: null, name: 'Ada Superstores' });
  });

  it('needs a token (401)', async () => {
    const res = await patch(owner.businessId, { name: 'X' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false, data: null });
  });

  it('refuses a role without settings.business_information (403)', async () => {
    const res = await patch(owner.businessId, { name: 'Cashier Was Here' }, cashier.token);
    expect(res.statusCode).toBe(403);
    const row = await t.db
      .selectFrom('businesses')
      .select('name')
      .where('id', '=', owner.businessId)
      .executeTakeFirstOrThrow();
    expect(row.name).not.toBe('Cashier Was Here');
  });

  it("answers 404 for another business's id, or an id that is not one, and changes nothing", async () => {
    const res = await patch(other.businessId, { name: 'Hijacked' }, owner.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Business not found');
    const row = await t.db
      .selectFrom('businesses')
      .select('name')
      .where('id', '=', other.businessId)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Other Ventures');
    expect((await patch('not-an-id', { name: 'X' }, owner.token)).statusCode).toBe(404);
  });

  it('names the field on bad input (400)', async () => {
    const phone = await patch(owner.businessId, { phone: '12345' }, owner.token);
    expect(phone.statusCode).toBe(400);
    expect(phone.json().message).toContain('phone');
    const flag = await patch(owner.businessId, { store_credit_active: 'yes' }, owner.token);
    expect(flag.statusCode).toBe(400);
    expect(flag.json().message).toContain('store_credit_active');
    const name = await patch(owner.businessId, { name: '  ' }, owner.token);
    expect(name.json().message).toBe('The name field is required.');
    const empty = await patch(owner.businessId, {}, owner.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Nothing to update');
  });
});

describe('GET /v1/businesses/users/', () => {
  it("lists the business's users with their role, stores and IsFraud flag, and no one else's", async () => {
    await t.db.updateTable('users').set({ is_fraud: true }).where('id', '=', cashier.userId).execute();
    const res = await t.request({ method: 'GET', url: '/v1/businesses/users/', token: owner.token });
    expect(res.statusCode).toBe(200);
    const users = res.json().data as { _id: string; role: string; IsFraud: boolean; stores: unknown[] }[];
    expect(users.map((u) => u._id).sort()).toEqual([owner.userId, cashier.userId].sort());
    expect(users.find((u) => u._id === cashier.userId)).toMatchObject({
      role: 'Cashier',
      IsFraud: true,
      stores: [{ id: owner.storeId }],
    });
    expect(users.some((u) => u._id === other.userId)).toBe(false);
    // IsFraud is information for the app; the server still lets the user work.
    const still = await t.request({
      method: 'GET',
      url: '/v1/utilities/support_issues',
      token: cashier.token,
    });
    expect(still.statusCode).toBe(200);
  });

  it('needs a token (401) and settings.users_roles (403)', async () => {
    expect((await t.request({ method: 'GET', url: '/v1/businesses/users/' })).statusCode).toBe(401);
    const res = await t.request({ method: 'GET', url: '/v1/businesses/users/', token: cashier.token });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /v1/businesses/ (add another business)', () => {
  it('creates a business owned by a new login with the same password, this device already approved', async () => {
    const email = uniqueEmail('second');
    const res = await t.request({
      method: 'POST',
      url: '/v1/businesses/',
      token: owner.token,
      body: { name: 'Ada Kitchen', email, business_type: 'Restaurant', store_name: 'Lekki' },
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ name: 'Ada Kitchen', business_type: 'Restaurant', email });
    expect(data._id).not.toBe(owner.businessId);
    expect(data.stores.map((s: { name: string }) => s.name)).toEqual(['Lekki']);

    const login = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      device: owner.device,
      body: { email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({
      role: 'admin',
      is_owner: true,
      first_name: 'Ada',
      last_name: 'Obi',
      business_id: data._id,
    });
    expect(login.json().data.business.name).toBe('Ada Kitchen');

    // Only the device the owner was on is approved in the new business.
    const elsewhere = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      device: 'some-other-device',
      body: { email, password: STRONG_PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe(CODES.deviceOtpRequired);

    // The first business is untouched and the owner still signs in to it.
    const first = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      body: { email: owner.email, password: STRONG_PASSWORD },
    });
    expect(first.json().data.business._id).toBe(owner.businessId);
  });

  it('refuses an e-mail that already has an account (409)', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/v1/businesses/',
      token: owner.token,
      body: { name: 'Again', email: other.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('already has an account');
  });

  it('names the field on bad input (400)', async () => {
    const noEmail = await t.request({
      method: 'POST',
      url: '/v1/businesses/',
      token: owner.token,
      body: { name: 'No Email' },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toContain('email');
    const noName = await t.request({
      method: 'POST',
      url: '/v1/businesses/',
      token: owner.token,
      body: { email: uniqueEmail() },
    });
    expect(noName.json().message).toBe('The name field is required.');
  });

  it('needs a token (401); only the owner may add a business (403)', async () => {
    const body = { name: 'Nope', email: uniqueEmail() };
    expect((await t.request({ method: 'POST', url: '/v1/businesses/', body })).statusCode).toBe(401);
    const asCashier = await t.request({ method: 'POST', url: '/v1/businesses/', token: cashier.token, body });
    expect(asCashier.statusCode).toBe(403);

    // An admin who is not the owner.
    const adminRole = await t.db
      .selectFrom('roles')
      .select('id')
      .where('business_id', '=', owner.businessId)
      .where('name', '=', 'Admin')
      .executeTakeFirstOrThrow();
    const adminEmail = uniqueEmail('admin');
    await t.db
      .insertInto('users')
      .values({
        business_id: owner.businessId,
        id: newId(),
        first_name: 'Bisi',
        last_name: 'Ade',
        email: adminEmail,
        phone: null,
        password_hash: await hashPassword(STRONG_PASSWORD),
        role_id: adminRole.id,
      })
      .execute();
    const login = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      body: { email: adminEmail, password: STRONG_PASSWORD },
    });
    const asAdmin = await t.request({
      method: 'POST',
      url: '/v1/businesses/',
      token: login.json().data.token,
      body,
    });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().message).toContain('owner');
    const made = await t.db.selectFrom('businesses').select('id').where('name', '=', 'Nope').execute();
    expect(made).toEqual([]);
  });
});
