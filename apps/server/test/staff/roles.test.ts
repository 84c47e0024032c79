import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, PERMISSION_CATALOGUE } from '@ms/contracts';
import { createTestApp, signUp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../helper.js';
import { addEmployee, addStore, roleIdOf, type Owner } from './staff-helper.js';

let t: TestApp;
let owner: Owner;
let other: Owner;
let cashier: Awaited<ReturnType<typeof addEmployee>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t, { business_name: 'Other Ventures' });
  cashier = await addEmployee(t, owner);
});
afterAll(async () => t.close());

type RoleOut = {
  _id: string;
  name: string;
  permissions: string[];
  is_system: boolean;
  active: boolean;
  users_count: number;
};
type ModuleOut = {
  key: string;
  active: boolean;
  permitted_role_ids: string[];
  actions: { key: string; name: string; permitted_role_ids: string[] }[];
};

const rolesUrl = (businessId = owner.businessId) => `/v1/businesses/${businessId}/roles`;
const createRole = (body: unknown, token = owner.token, businessId = owner.businessId) =>
  t.request({ method: 'POST', url: rolesUrl(businessId), token, body });
const patchRole = (roleId: string, body: unknown, token = owner.token) =>
  t.request({ method: 'PATCH', url: `${rolesUrl()}/${roleId}`, token, body });
const listEmployees = (token: string) =>
  t.request({ method: 'GET', url: `/v1/businesses/${owner.businessId}/employees`, token });
const matrix = async () => {
  const res = await t.request({
    method: 'GET',
    url: `/v1/businesses/${owner.businessId}/permissions`,
    token: owner.token,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as ModuleOut[];
};
let roleCounter = 0;
const roleName = (base: string) => `${base} ${++roleCounter}`;

describe('GET /v1/businesses/{b}/roles', () => {
  it('lists Admin, Manager and Cashier with how many users hold each', async () => {
    const res = await t.request({ method: 'GET', url: rolesUrl(), token: owner.token });
    expect(res.statusCode).toBe(200);
    const roles = res.json().data as RoleOut[];
    const byName = Object.fromEntries(roles.map((r) => [r.name, r]));
    expect(byName.Admin).toMatchObject({ is_system: true, active: true, users_count: 1 });
    expect(byName.Admin!.permissions).toEqual(ALL_PERMISSIONS);
    expect(byName.Cashier).toMatchObject({ is_system: false, users_count: 1 });
    expect(byName.Cashier!.permissions).toContain('pos.make_sale');
    expect(byName.Manager!.permissions).not.toContain('settings.users_roles');
  });

  it('answers 401 without a token, 403 for a cashier, 404 for another business', async () => {
    expect((await t.request({ method: 'GET', url: rolesUrl() })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: rolesUrl(), token: cashier.token })).statusCode).toBe(403);
    const foreign = await t.request({ method: 'GET', url: rolesUrl(other.businessId), token: owner.token });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('POST /v1/businesses/{b}/roles', () => {
  it('creates a role with its permissions', async () => {
    const name = roleName('Stock keeper');
    const res = await createRole({
      name,
      permissions: ['inventory.adjust_stock', 'inventory.adjust_stock', 'pos.make_sale'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name,
      permissions: ['inventory.adjust_stock', 'pos.make_sale'],
      is_system: false,
      active: true,
      users_count: 0,
    });
    const list = await t.request({ method: 'GET', url: rolesUrl(), token: owner.token });
    expect(list.json().data.map((r: RoleOut) => r.name)).toContain(name);
  });

  it('answers 409 for a name the business already uses, whatever its case (Admin included)', async () => {
    for (const name of ['CASHIER', ' admin ']) {
      const res = await createRole({ name, permissions: [] });
      expect(res.statusCode, name).toBe(409);
      expect(res.json().message).toContain('already exists');
    }
    const elsewhere = await createRole({ name: roleName('Shared'), permissions: [] });
    expect(elsewhere.statusCode).toBe(201);
    const sameNameOtherBusiness = await createRole(
      { name: elsewhere.json().data.name, permissions: [] },
      other.token,
      other.businessId,
    );
    expect(sameNameOtherBusiness.statusCode).toBe(201);
  });

  it('answers 400 naming the field, including an unknown permission key', async () => {
    const unknown = await createRole({ name: roleName('Odd'), permissions: ['pos.make_sale', 'pos.fly'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('permissions');
    expect(unknown.json().message).toContain('pos.fly');
    const cases: [unknown, string][] = [
      [{ name: '', permissions: [] }, 'name'],
      [{ permissions: [] }, 'name'],
      [{ name: 'X', permissions: 'pos.make_sale' }, 'permissions'],
      [{ name: 'X', permissions: [5] }, 'permissions'],
    ];
    for (const [body, field] of cases) {
      const res = await createRole(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });

  it('answers 401 without a token, 403 for a cashier, 404 for another business', async () => {
    const body = { name: roleName('Nope'), permissions: [] };
    expect((await t.request({ method: 'POST', url: rolesUrl(), body })).statusCode).toBe(401);
    expect((await createRole(body, cashier.token)).statusCode).toBe(403);
    expect((await createRole(body, owner.token, other.businessId)).statusCode).toBe(404);
    const names = (await t.request({ method: 'GET', url: rolesUrl(), token: owner.token })).json().data;
    expect(names.map((r: RoleOut) => r.name)).not.toContain(body.name);
  });
});

describe('PATCH /v1/businesses/{b}/roles/{id}', () => {
  it('renames, re-grants and deactivates a role; the change applies on the next request', async () => {
    const created = await createRole({ name: roleName('HR'), permissions: [] });
    const hrRole = created.json().data._id as string;
    const hr = await addEmployee(t, owner, { roleId: hrRole });
    expect((await listEmployees(hr.token)).statusCode).toBe(403);

    const grant = await patchRole(hrRole, {
      name: roleName('People'),
      permissions: ['settings.users_roles'],
    });
    expect(grant.statusCode).toBe(200);
    expect(grant.json().data).toMatchObject({ permissions: ['settings.users_roles'], users_count: 1 });
    expect((await listEmployees(hr.token)).statusCode).toBe(200);

    const off = await patchRole(hrRole, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.active).toBe(false);
    expect((await listEmployees(hr.token)).statusCode).toBe(403);

    expect((await patchRole(hrRole, { active: true })).statusCode).toBe(200);
    expect((await patchRole(hrRole, { permissions: [] })).statusCode).toBe(200);
    expect((await listEmployees(hr.token)).statusCode).toBe(403);
  });

  it('refuses to change the system Admin role', async () => {
    const admin = await roleIdOf(t, owner, 'admin');
    for (const body of [{ name: 'Boss' }, { permissions: [] }, { active: false }]) {
      const res = await patchRole(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().message).toContain('Admin role is a system role');
    }
    expect((await listEmployees(owner.token)).statusCode).toBe(200);
  });

  it('answers 409 for a name another role has', async () => {
    const created = await createRole({ name: roleName('Rider'), permissions: [] });
    const res = await patchRole(created.json().data._id, { name: 'manager' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('already exists');
  });

  it("answers 404 for another business's role, 400 naming a malformed id or a bad field", async () => {
    const foreign = await roleIdOf(t, other, 'cashier');
    expect((await patchRole(foreign, { name: 'Mine' })).statusCode).toBe(404);
    const foreignRow = await t.db
      .selectFrom('roles')
      .select('name')
      .where('id', '=', foreign)
      .executeTakeFirstOrThrow();
    expect(foreignRow.name).toBe('Cashier');
    const bad = await patchRole('abc', { name: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('roleId');
    const mine = await roleIdOf(t, owner, 'cashier');
    const cases: [unknown, string][] = [
      [{ permissions: ['nope'] }, 'permissions'],
      [{ active: 'yes' }, 'active'],
      [{ name: '' }, 'name'],
      [{}, 'Nothing to update'],
    ];
    for (const [body, text] of cases) {
      const res = await patchRole(mine, body);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().message).toContain(text);
    }
  });

  it('answers 401 without a token and 403 for a cashier', async () => {
    const mine = await roleIdOf(t, owner, 'cashier');
    expect(
      (await t.request({ method: 'PATCH', url: `${rolesUrl()}/${mine}`, body: { name: 'X' } })).statusCode,
    ).toBe(401);
    const res = await patchRole(mine, { permissions: ALL_PERMISSIONS }, cashier.token);
    expect(res.statusCode).toBe(403);
    const row = await t.db
      .selectFrom('roles')
      .select('permissions')
      .where('id', '=', mine)
      .executeTakeFirstOrThrow();
    expect(row.permissions).not.toContain('settings.users_roles');
  });
});

describe('a non-admin role holding "Users and roles"', () => {
  it('manages employees but cannot hand out or touch admin rights, nor change roles', async () => {
    const hrRole = (
      await createRole({ name: roleName('Staff lead'), permissions: ['settings.users_roles'] })
    ).json().data._id as string;
    const lekki = await addStore(t, owner.businessId, 'Lekki');
    const hr = await addEmployee(t, owner, { roleId: hrRole });
    const cashierRole = await roleIdOf(t, owner, 'cashier');
    const adminRole = await roleIdOf(t, owner, 'admin');
    const employee = (roleId: string, storeIds = [owner.storeId]) => ({
      first_name: 'Bisi',
      last_name: 'Ade',
      email: uniqueEmail('bisi'),
      role_id: roleId,
      store_ids: storeIds,
      password: STRONG_PASSWORD,
    });
    const url = `/v1/businesses/${owner.businessId}/employees`;
    const made = await t.request({ method: 'POST', url, token: hr.token, body: employee(cashierRole) });
    expect(made.statusCode).toBe(201);
    const asAdmin = await t.request({ method: 'POST', url, token: hr.token, body: employee(adminRole) });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().message).toBe('Only an admin can give the Admin role.');
    // Lekki is not one of the stores this lead is assigned to.
    const unseen = await t.request({
      method: 'POST',
      url,
      token: hr.token,
      body: employee(cashierRole, [lekki]),
    });
    expect(unseen.statusCode).toBe(400);
    expect(unseen.json().message).toContain('store_ids');

    const promote = await t.request({
      method: 'PATCH',
      url: `/v1/auth/${made.json().data._id}`,
      token: hr.token,
      body: { role_id: adminRole },
    });
    expect(promote.statusCode).toBe(403);
    const touchOwner = await t.request({
      method: 'PATCH',
      url: `/v1/auth/${owner.userId}`,
      token: hr.token,
      body: { first_name: 'Mallory' },
    });
    expect(touchOwner.statusCode).toBe(403);
    const deactivateOwner = await t.request({
      method: 'PATCH',
      url: `${url}/status?status=inactive`,
      token: hr.token,
      body: { user_ids: [owner.userId] },
    });
    expect(deactivateOwner.statusCode).toBe(403);
    expect((await createRole({ name: roleName('Sneaky'), permissions: [] }, hr.token)).statusCode).toBe(403);
    expect((await patchRole(hrRole, { permissions: ALL_PERMISSIONS }, hr.token)).statusCode).toBe(403);
  });
});

describe('GET /v1/businesses/{b}/permissions', () => {
  it('lists every module and action with the roles holding it (admin always) and an active flag', async () => {
    const modules = await matrix();
    const [admin, manager, cashierRole] = await Promise.all(
      ['admin', 'manager', 'cashier'].map((n) => roleIdOf(t, owner, n)),
    );
    expect(modules.map((m) => m.key)).toEqual(PERMISSION_CATALOGUE.map((m) => m.key));
    expect(modules.flatMap((m) => m.actions.map((a) => a.key))).toEqual(ALL_PERMISSIONS);
    const pos = modules.find((m) => m.key === 'pos')!;
    const makeSale = pos.actions.find((a) => a.key === 'pos.make_sale')!;
    expect(makeSale.name).toBe('Make sale');
    expect(makeSale.permitted_role_ids).toEqual(expect.arrayContaining([admin, manager, cashierRole]));
    expect(pos.active).toBe(true);
    expect(pos.permitted_role_ids).toEqual(expect.arrayContaining([admin, manager, cashierRole]));
    const usersRoles = modules
      .find((m) => m.key === 'settings')!
      .actions.find((a) => a.key === 'settings.users_roles')!;
    expect(usersRoles.permitted_role_ids).toContain(admin);
    expect(usersRoles.permitted_role_ids).not.toContain(cashierRole);

    const wallet = modules.find((m) => m.key === 'wallet')!;
    expect(wallet).toMatchObject({ active: false, permitted_role_ids: [admin] });
    const teller = (await createRole({ name: roleName('Teller'), permissions: ['wallet.transfer'] })).json()
      .data._id as string;
    const after = (await matrix()).find((m) => m.key === 'wallet')!;
    expect(after.active).toBe(true);
    expect(after.actions.find((a) => a.key === 'wallet.transfer')!.permitted_role_ids).toEqual([
      admin,
      teller,
    ]);
    await patchRole(teller, { active: false });
    expect((await matrix()).find((m) => m.key === 'wallet')!.active).toBe(false);
  });

  it('answers 401 without a token, 403 for a cashier, 404 for another business', async () => {
    const url = `/v1/businesses/${owner.businessId}/permissions`;
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url, token: cashier.token })).statusCode).toBe(403);
    const foreign = await t.request({
      method: 'GET',
      url: `/v1/businesses/${other.businessId}/permissions`,
      token: owner.token,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
