import { expect } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { STRONG_PASSWORD, uniqueEmail, type signUp, type TestApp } from '../helper.js';

/** Staff tests' shared steps: everything goes through the public routes except extra stores. */
export type Owner = Awaited<ReturnType<typeof signUp>>;

export const roleIdOf = async (t: TestApp, owner: Owner, name: string): Promise<string> => {
  const res = await t.request({
    method: 'GET',
    url: `/v1/businesses/${owner.businessId}/roles`,
    token: owner.token,
    device: owner.device,
  });
  expect(res.statusCode).toBe(200);
  const found = (res.json().data as { _id: string; name: string }[]).find(
    (r) => r.name.toLowerCase() === name.toLowerCase(),
  );
  if (!found) throw new Error(`no role ${name}`);
  return found._id;
};

export const login = async (
  t: TestApp,
  email: string,
  device = 'test-device-1',
  password = STRONG_PASSWORD,
) => t.request({ method: 'POST', url: '/v1/auth/login', device, body: { email, password } });

/** Creates an employee through POST employees as the owner, then logs them in on the owner's device. */
export const addEmployee = async (
  t: TestApp,
  owner: Owner,
  opts: { role?: string; roleId?: string; storeIds?: string[]; firstName?: string } = {},
) => {
  const roleId = opts.roleId ?? (await roleIdOf(t, owner, opts.role ?? 'cashier'));
  const email = uniqueEmail('staff');
  const res = await t.request({
    method: 'POST',
    url: `/v1/businesses/${owner.businessId}/employees`,
    token: owner.token,
    device: owner.device,
    body: {
      first_name: opts.firstName ?? 'Chidi',
      last_name: 'Eze',
      email,
      phone: '08098765432',
      role_id: roleId,
      store_ids: opts.storeIds ?? [owner.storeId],
      password: STRONG_PASSWORD,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create employee failed: ${res.statusCode} ${res.body}`);
  const loggedIn = await login(t, email, owner.device);
  if (loggedIn.statusCode !== 200)
    throw new Error(`employee login failed: ${loggedIn.statusCode} ${loggedIn.body}`);
  return {
    email,
    roleId,
    userId: res.json().data._id as string,
    token: loggedIn.json().data.token as string,
  };
};

/** A second store, inserted directly (the stores module is not this area's). */
export const addStore = async (t: TestApp, businessId: string, name = `Branch ${newId().slice(-6)}`) => {
  const id = newId();
  await t.db
    .insertInto('stores')
    .values({ business_id: businessId, id, name, address: null, phone: null, email: null })
    .execute();
  return id;
};
