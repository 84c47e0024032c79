import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastEmail, signUp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../helper.js';
import { addEmployee, addStore, login, roleIdOf, type Owner } from './staff-helper.js';

let t: TestApp;
let owner: Owner;
let other: Owner;
let cashier: Awaited<ReturnType<typeof addEmployee>>;
let otherCashier: Awaited<ReturnType<typeof addEmployee>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { business_name: 'Ada Stores' });
  other = await signUp(t, { business_name: 'Other Ventures' });
  cashier = await addEmployee(t, owner);
  otherCashier = await addEmployee(t, other);
});
afterAll(async () => t.close());

const employeesUrl = (businessId: string) => `/v1/businesses/${businessId}/employees`;

const newEmployee = (roleId: string, storeIds: string[], overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ngozi',
  last_name: 'Okafor',
  email: uniqueEmail('ngozi'),
  phone: '08011112222',
  role_id: roleId,
  store_ids: storeIds,
  password: STRONG_PASSWORD,
  ...overrides,
});

describe('GET /v1/businesses/{b}/employees', () => {
  it('lists the employees with their role and assigned stores', async () => {
    const res = await t.request({ method: 'GET', url: employeesUrl(owner.businessId), token: owner.token });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as {
      _id: string;
      role: string;
      is_owner: boolean;
      stores: { name: string }[];
    }[];
    const me = list.find((e) => e._id === owner.userId);
    const staff = list.find((e) => e._id === cashier.userId);
    expect(me).toMatchObject({ role: 'Admin', is_owner: true, stores: [{ name: 'Ikeja' }] });
    expect(staff).toMatchObject({
      role: 'Cashier',
      is_owner: false,
      status: 'active',
      stores: [{ name: 'Ikeja' }],
    });
    expect(list.some((e) => e._id === otherCashier.userId)).toBe(false);
    expect(JSON.stringify(res.json())).not.toContain('password');
  });

  it('answers 401 without a token', async () => {
    const res = await t.request({ method: 'GET', url: employeesUrl(owner.businessId) });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 for a cashier', async () => {
    const res = await t.request({ method: 'GET', url: employeesUrl(owner.businessId), token: cashier.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: false, data: null });
  });

  it("answers 404 for another business's id or a malformed one", async () => {
    for (const id of [other.businessId, 'not-a-uuid']) {
      const res = await t.request({ method: 'GET', url: employeesUrl(id), token: owner.token });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Business not found');
    }
  });
});

describe('GET /v1/businesses/{b}/employees/{id}', () => {
  it('returns one employee', async () => {
    const res = await t.request({
      method: 'GET',
      url: `${employeesUrl(owner.businessId)}/${cashier.userId}`,
      token: owner.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: cashier.userId, email: cashier.email, role: 'Cashier' });
  });

  it("answers 404 for another business's employee and 400 naming a malformed id", async () => {
    const foreign = await t.request({
      method: 'GET',
      url: `${employeesUrl(owner.businessId)}/${otherCashier.userId}`,
      token: owner.token,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Employee not found');
    const bad = await t.request({
      method: 'GET',
      url: `${employeesUrl(owner.businessId)}/123`,
      token: owner.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('employeeId');
  });

  it('answers 401 without a token and 403 for a cashier', async () => {
    const url = `${employeesUrl(owner.businessId)}/${owner.userId}`;
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url, token: cashier.token })).statusCode).toBe(403);
  });
});

describe('POST /v1/businesses/{b}/employees', () => {
  it('creates the employee with an argon2id password and e-mails them how to log in', async () => {
    const managerRole = await roleIdOf(t, owner, 'manager');
    const body = newEmployee(managerRole, [owner.storeId]);
    const res = await t.request({
      method: 'POST',
      url: employeesUrl(owner.businessId),
      token: owner.token,
      body,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toContain('e-mailed');
    const created = res.json().data;
    expect(created).toMatchObject({
      first_name: 'Ngozi',
      last_name: 'Okafor',
      name: 'Ngozi Okafor',
      email: body.email,
      phone: '08011112222',
      role: 'Manager',
      role_id: managerRole,
      status: 'active',
      is_owner: false,
      IsFraud: false,
      stores: [{ id: owner.storeId, name: 'Ikeja' }],
    });
    const row = await t.db
      .selectFrom('users')
      .select(['password_hash', 'business_id'])
      .where('id', '=', created._id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row.business_id).toBe(owner.businessId);

    const mail = await lastEmail(t, body.email);
    expect(mail?.kind).toBe('employee_invite');
    expect(mail?.subject).toContain('Ada Stores');
    expect(mail?.body).toContain('Ada Stores');
    expect(mail?.body).toContain(body.email);
    expect(mail?.body).toContain('Log in');
    expect(mail?.body).not.toContain(STRONG_PASSWORD);
    expect(JSON.stringify(mail?.meta)).not.toContain(STRONG_PASSWORD);

    const loggedIn = await login(t, body.email, owner.device);
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json().data.user).toMatchObject({ role: 'manager', stores: [{ id: owner.storeId }] });
  });

  it('answers 409 for an e-mail already used anywhere, whatever its case', async () => {
    const cashierRole = await roleIdOf(t, owner, 'cashier');
    for (const email of [cashier.email.toUpperCase(), other.email]) {
      const res = await t.request({
        method: 'POST',
        url: employeesUrl(owner.businessId),
        token: owner.token,
        body: newEmployee(cashierRole, [owner.storeId], { email }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ status: false, message: expect.stringContaining('already exists') });
    }
  });

  it("answers 400 naming role_id or store_ids for another business's role or store", async () => {
    const cashierRole = await roleIdOf(t, owner, 'cashier');
    const foreignRole = await roleIdOf(t, other, 'cashier');
    const role = await t.request({
      method: 'POST',
      url: employeesUrl(owner.businessId),
      token: owner.token,
      body: newEmployee(foreignRole, [owner.storeId]),
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toContain('role_id');
    const store = await t.request({
      method: 'POST',
      url: employeesUrl(owner.businessId),
      token: owner.token,
      body: newEmployee(cashierRole, [owner.storeId, other.storeId]),
    });
    expect(store.statusCode).toBe(400);
    expect(store.json().message).toContain('store_ids');
    expect(store.json().message).toContain(other.storeId);
  });

  it('answers 400 naming the field for bad input', async () => {
    const cashierRole = await roleIdOf(t, owner, 'cashier');
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: '' }, 'first_name'],
      [{ email: 'not-an-email' }, 'email'],
      [{ password: 'weakpass1!' }, 'password'],
      [{ store_ids: [] }, 'store_ids'],
      [{ store_ids: ['x'] }, 'store_ids'],
      [{ role_id: undefined }, 'role_id'],
      [{ phone: '123' }, 'phone'],
    ];
    for (const [overrides, field] of cases) {
      const res = await t.request({
        method: 'POST',
        url: employeesUrl(owner.businessId),
        token: owner.token,
        body: newEmployee(cashierRole, [owner.storeId], overrides),
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });

  it('answers 401 without a token, 403 for a cashier, 404 for another business', async () => {
    const cashierRole = await roleIdOf(t, owner, 'cashier');
    const body = newEmployee(cashierRole, [owner.storeId]);
    const url = employeesUrl(owner.businessId);
    expect((await t.request({ method: 'POST', url, body })).statusCode).toBe(401);
    const denied = await t.request({ method: 'POST', url, body, token: cashier.token });
    expect(denied.statusCode).toBe(403);
    const foreign = await t.request({
      method: 'POST',
      url: employeesUrl(other.businessId),
      body,
      token: owner.token,
    });
    expect(foreign.statusCode).toBe(404);
    const none = await t.db.selectFrom('users').select('id').where('email', '=', body.email).execute();
    expect(none).toHaveLength(0);
  });
});

describe('PUT /v1/businesses/{b}/employees/{id}/stores', () => {
  it("replaces the employee's stores, which their next login sees", async () => {
    const lekki = await addStore(t, owner.businessId, 'Lekki');
    const employee = await addEmployee(t, owner);
    const url = `${employeesUrl(owner.businessId)}/${employee.userId}/stores`;
    const res = await t.request({
      method: 'PUT',
      url,
      token: owner.token,
      body: { store_ids: [lekki, lekki] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.stores).toEqual([{ id: lekki, _id: lekki, name: 'Lekki' }]);
    const again = await login(t, employee.email, owner.device);
    expect(again.json().data.user.stores.map((s: { id: string }) => s.id)).toEqual([lekki]);

    const cleared = await t.request({ method: 'PUT', url, token: owner.token, body: { store_ids: [] } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.stores).toEqual([]);
  });

  it("answers 400 naming store_ids for another business's store or a bad body", async () => {
    const url = `${employeesUrl(owner.businessId)}/${cashier.userId}/stores`;
    const foreign = await t.request({
      method: 'PUT',
      url,
      token: owner.token,
      body: { store_ids: [other.storeId] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain('store_ids');
    const bad = await t.request({ method: 'PUT', url, token: owner.token, body: { store_ids: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('store_ids');
    const stores = await t.db
      .selectFrom('user_stores')
      .select('store_id')
      .where('user_id', '=', cashier.userId)
      .execute();
    expect(stores.map((s) => s.store_id)).toEqual([owner.storeId]);
  });

  it("answers 401, 403 for a cashier and 404 for another business's employee", async () => {
    const body = { store_ids: [owner.storeId] };
    const url = `${employeesUrl(owner.businessId)}/${cashier.userId}/stores`;
    expect((await t.request({ method: 'PUT', url, body })).statusCode).toBe(401);
    expect((await t.request({ method: 'PUT', url, body, token: cashier.token })).statusCode).toBe(403);
    const foreign = await t.request({
      method: 'PUT',
      url: `${employeesUrl(owner.businessId)}/${otherCashier.userId}/stores`,
      body,
      token: owner.token,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
