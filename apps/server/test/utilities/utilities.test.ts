import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCashier, createTestApp, lastEmail, signUp, uniqueEmail, type TestApp } from '../helper.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
});
afterAll(async () => t.close());

const send = (body: unknown, token: string | undefined = owner.token) =>
  t.request({ method: 'POST', url: '/v1/utilities/', token, body });

describe('POST /v1/utilities/ (send an e-mail)', () => {
  it('sends the e-mail through the notification rail', async () => {
    const to = uniqueEmail('customer');
    const res = await send({ to, subject: 'Your receipt', body: 'Thank you for shopping with us.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, data: { to, subject: 'Your receipt' } });
    const mail = await lastEmail(t, to);
    expect(mail).toMatchObject({
      subject: 'Your receipt',
      body: 'Thank you for shopping with us.',
      kind: 'utility_email',
    });
    const row = await t.db
      .selectFrom('outbox')
      .select('business_id')
      .where('recipient', '=', to)
      .executeTakeFirstOrThrow();
    expect(row.business_id).toBe(owner.businessId);
  });

  it('names the field on bad input (400)', async () => {
    const to = await send({ to: 'nobody', subject: 'Hi', body: 'x' });
    expect(to.statusCode).toBe(400);
    expect(to.json().message).toBe('The to field must be a valid email.');
    const subject = await send({ to: uniqueEmail(), body: 'x' });
    expect(subject.json().message).toBe('The subject field is required.');
  });

  it('needs a token (401); any role may send; each business is rate-limited (429)', async () => {
    expect((await send({ to: uniqueEmail(), subject: 'a', body: 'b' }, '')).statusCode).toBe(401);
    const biz = await signUp(t);
    const cashier = await addCashier(t, biz);
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      const res = await send({ to: uniqueEmail('c'), subject: `s${i}`, body: 'b' }, cashier.token);
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 50).every((s) => s === 200)).toBe(true);
    expect(statuses[50]).toBe(429);
    // Another business is not affected.
    expect((await send({ to: uniqueEmail(), subject: 'a', body: 'b' })).statusCode).toBe(200);
  });
});

describe('GET /v1/utilities/support_issues', () => {
  it('lists the support topics in order', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/utilities/support_issues', token: owner.token });
    expect(res.statusCode).toBe(200);
    const issues = res.json().data as { _id: string; name: string; description: string | null }[];
    expect(issues.length).toBeGreaterThan(3);
    expect(issues[0]).toEqual({
      _id: '01900000-0000-7000-8000-000000000001',
      name: 'Login or account access',
      description: 'I cannot log in, reset my password or verify a device',
    });
    expect(issues.at(-1)).toMatchObject({ name: 'Something else', description: null });
  });

  it('needs a token (401)', async () => {
    expect((await t.request({ method: 'GET', url: '/v1/utilities/support_issues' })).statusCode).toBe(401);
  });
});
