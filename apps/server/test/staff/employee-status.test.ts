import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../helper.js';
import { addEmployee, login, type Owner } from './staff-helper.js';

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

const bulk = (status: string, body: unknown, token?: string, businessId = owner.businessId) =>
  t.request({
    method: 'PATCH',
    url: `/v1/businesses/${businessId}/employees/status?status=${status}`,
    token,
    body,
  });
const statusOf = async (userId: string) =>
  (await t.db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirstOrThrow()).status;
const probe = (userId: string, token: string) =>
  t.request({ method: 'PATCH', url: `/v1/auth/${userId}`, token, body: { first_name: 'Still' } });

describe('PATCH /v1/businesses/{b}/employees/status', () => {
  it('deactivates several employees at once: tokens answer 401, logins are refused; then reactivates', async () => {
    const a = await addEmployee(t, owner);
    const b = await addEmployee(t, owner, { role: 'manager' });
    const res = await bulk('inactive', { user_ids: [a.userId, b.userId, a.userId] }, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('2 employees deactivated');
    expect(res.json().data.map((e: { status: string }) => e.status)).toEqual(['inactive', 'inactive']);
    for (const e of [a, b]) {
      expect((await probe(e.userId, e.token)).statusCode).toBe(401);
      const refused = await login(t, e.email);
      expect(refused.statusCode).not.toBe(200);
      expect(refused.json().message).toContain('deactivated');
    }
    const on = await bulk('active', { user_ids: [a.userId, b.userId] }, owner.token);
    expect(on.statusCode).toBe(200);
    expect(on.json().message).toBe('2 employees activated');
    expect((await login(t, a.email)).statusCode).toBe(200);
    // Sessions ended by the deactivation stay ended.
    expect((await probe(a.userId, a.token)).statusCode).toBe(401);
  });

  it('refuses to deactivate the owner, changing nobody (409)', async () => {
    const res = await bulk('inactive', { user_ids: [cashier.userId, owner.userId] }, owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('owner cannot be deactivated');
    expect(await statusOf(cashier.userId)).toBe('active');
    expect(await statusOf(owner.userId)).toBe('active');
    const activate = await bulk('active', { user_ids: [owner.userId] }, owner.token);
    expect(activate.statusCode).toBe(200);
  });

  it("answers 404 for another business's employee, changing nobody", async () => {
    const foreign = await addEmployee(t, other);
    const res = await bulk('inactive', { user_ids: [cashier.userId, foreign.userId] }, owner.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain(foreign.userId);
    expect(await statusOf(cashier.userId)).toBe('active');
    expect(await statusOf(foreign.userId)).toBe('active');
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [string, unknown, string][] = [
      ['sleeping', { user_ids: [cashier.userId] }, 'status'],
      ['inactive', { user_ids: [] }, 'user_ids'],
      ['inactive', { user_ids: ['x'] }, 'user_ids'],
      ['inactive', {}, 'user_ids'],
    ];
    for (const [status, body, field] of cases) {
      const res = await bulk(status, body, owner.token);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const noQuery = await t.request({
      method: 'PATCH',
      url: `/v1/businesses/${owner.businessId}/employees/status`,
      token: owner.token,
      body: { user_ids: [cashier.userId] },
    });
    expect(noQuery.statusCode).toBe(400);
    expect(noQuery.json().message).toContain('status');
  });

  it('answers 401 without a token, 403 for a cashier, 404 for another business', async () => {
    const body = { user_ids: [cashier.userId] };
    expect((await bulk('inactive', body)).statusCode).toBe(401);
    expect((await bulk('inactive', body, cashier.token)).statusCode).toBe(403);
    expect((await bulk('inactive', body, owner.token, other.businessId)).statusCode).toBe(404);
    expect(await statusOf(cashier.userId)).toBe('active');
  });
});
