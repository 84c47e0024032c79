import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../helper.js';
import { addEmployee, addStore, login, roleIdOf, type Owner } from './staff-helper.js';

let t: TestApp;
let owner: Owner;
let other: Owner;
let otherCashier: Awaited<ReturnType<typeof addEmployee>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { business_name: 'Ada Stores' });
  other = await signUp(t, { business_name: 'Other Ventures' });
  otherCashier = await addEmployee(t, other);
});
afterAll(async () => t.close());

const patch = (userId: string, body: unknown, token?: string) =>
  t.request({ method: 'PATCH', url: `/v1/auth/${userId}`, token, body });
const listEmployees = (token: string) =>
  t.request({ method: 'GET', url: `/v1/businesses/${owner.businessId}/employees`, token });

describe('PATCH /v1/auth/{userId} as an admin', () => {
  it("updates an employee's names, phone, role, stores, fraud flag and password", async () => {
    const employee = await addEmployee(t, owner);
    const manager = await roleIdOf(t, owner, 'manager');
    const lekki = await addStore(t, owner.businessId, 'Lekki');
    const res = await patch(
      employee.userId,
      {
        first_name: ' Emeka ',
        last_name: 'Nwosu',
        phone: '+2348033334444',
        role_id: manager,
        store_ids: [lekki],
        IsFraud: true,
        password: 'N3w$ecret!',
      },
      owner.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: employee.userId,
      first_name: 'Emeka',
      last_name: 'Nwosu',
      name: 'Emeka Nwosu',
      phone: '+2348033334444',
      role: 'Manager',
      role_id: manager,
      IsFraud: true,
      stores: [{ id: lekki, name: 'Lekki' }],
    });
    expect((await login(t, employee.email)).statusCode).toBe(401);
    const fresh = await login(t, employee.email, owner.device, 'N3w$ecret!');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.user).toMatchObject({ role: 'manager', IsFraud: true });
    // The admin reset the password: the employee's old session is over.
    expect((await patch(employee.userId, { first_name: 'X' }, employee.token)).statusCode).toBe(401);
  });

  it('gives a new role effect on the very next request', async () => {
    const employee = await addEmployee(t, owner);
    expect((await listEmployees(employee.token)).statusCode).toBe(403);
    const admin = await roleIdOf(t, owner, 'admin');
    expect((await patch(employee.userId, { role_id: admin }, owner.token)).statusCode).toBe(200);
    expect((await listEmployees(employee.token)).statusCode).toBe(200);
  });

  it('deactivates an employee: their token answers 401 and their login is refused', async () => {
    const employee = await addEmployee(t, owner);
    const res = await patch(employee.userId, { status: 'inactive' }, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('inactive');
    const after = await patch(employee.userId, { first_name: 'Again' }, employee.token);
    expect(after.statusCode).toBe(401);
    const sessions = await t.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', employee.userId)
      .execute();
    expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);
    const refused = await login(t, employee.email);
    expect(refused.statusCode).not.toBe(200);
    expect(refused.json().message).toContain('deactivated');

    expect((await patch(employee.userId, { status: 'active' }, owner.token)).statusCode).toBe(200);
    expect((await login(t, employee.email)).statusCode).toBe(200);
  });

  it('refuses to deactivate the owner or take away their Admin role (409)', async () => {
    const cashier = await roleIdOf(t, owner, 'cashier');
    const deactivate = await patch(owner.userId, { status: 'inactive' }, owner.token);
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json().message).toBe('The business owner cannot be deactivated.');
    const demote = await patch(owner.userId, { role_id: cashier }, owner.token);
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('The business owner must keep the Admin role.');
    const me = await listEmployees(owner.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.find((e: { _id: string }) => e._id === owner.userId)).toMatchObject({
      status: 'active',
      role: 'Admin',
    });
  });

  it("lets only the owner change the owner's password", async () => {
    const admin = await addEmployee(t, owner, { role: 'admin' });
    const res = await patch(owner.userId, { password: 'Hij4ck$ed!' }, admin.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('owner');
    expect((await login(t, owner.email)).statusCode).toBe(200);
  });

  it("answers 404 for another business's user and 400 naming a malformed id", async () => {
    const foreign = await patch(otherCashier.userId, { first_name: 'Hacked' }, owner.token);
    expect(foreign.statusCode).toBe(404);
    const row = await t.db
      .selectFrom('users')
      .select('first_name')
      .where('id', '=', otherCashier.userId)
      .executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Chidi');
    const bad = await patch('nope', { first_name: 'A' }, owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('userId');
  });

  it('answers 400 naming the field for bad input', async () => {
    const employee = await addEmployee(t, owner);
    const foreignRole = await roleIdOf(t, other, 'manager');
    const cases: [unknown, string][] = [
      [{ first_name: '' }, 'first_name'],
      [{ status: 'sleeping' }, 'status'],
      [{ role_id: foreignRole }, 'role_id'],
      [{ store_ids: [other.storeId] }, 'store_ids'],
      [{ IsFraud: 'yes' }, 'IsFraud'],
      [{ password: 'short' }, 'password'],
      [{}, 'Nothing to update'],
    ];
    for (const [body, text] of cases) {
      const res = await patch(employee.userId, body, owner.token);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().message).toContain(text);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await patch(owner.userId, { first_name: 'A' })).statusCode).toBe(401);
  });
});

describe('PATCH /v1/auth/{userId} as a cashier', () => {
  it('changes their own name, phone and password, keeping this session and ending the others', async () => {
    const cashier = await addEmployee(t, owner);
    const second = (await login(t, cashier.email)).json().data.token as string;
    const res = await patch(
      cashier.userId,
      { first_name: 'Tunde', last_name: 'Bello', phone: null, password: 'An0ther$ecret' },
      cashier.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Tunde Bello', phone: null, role: 'Cashier' });
    expect((await patch(cashier.userId, { first_name: 'Tunde' }, cashier.token)).statusCode).toBe(200);
    expect((await patch(cashier.userId, { first_name: 'Tunde' }, second)).statusCode).toBe(401);
    expect((await login(t, cashier.email, owner.device, 'An0ther$ecret')).statusCode).toBe(200);
  });

  it('answers 403 for anything else of their own, or for another user', async () => {
    const cashier = await addEmployee(t, owner);
    const admin = await roleIdOf(t, owner, 'admin');
    const lekki = await addStore(t, owner.businessId);
    const attempts: [string, unknown][] = [
      [cashier.userId, { role_id: admin }],
      [cashier.userId, { first_name: 'Ok', status: 'active' }],
      [cashier.userId, { store_ids: [lekki] }],
      [cashier.userId, { IsFraud: false }],
      [owner.userId, { first_name: 'Mallory' }],
      [owner.userId, { password: 'Hij4ck$ed!' }],
    ];
    for (const [userId, body] of attempts) {
      const res = await patch(userId, body, cashier.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json()).toMatchObject({ status: false, data: null });
    }
    const own = await patch(cashier.userId, { role_id: admin }, cashier.token);
    expect(own.json().message).toContain('role_id');
    const row = await t.db
      .selectFrom('users')
      .select(['role_id', 'first_name'])
      .where('id', '=', cashier.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role_id: cashier.roleId, first_name: 'Chidi' });
    expect((await login(t, owner.email)).statusCode).toBe(200);
  });
});
