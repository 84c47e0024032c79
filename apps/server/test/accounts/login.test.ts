import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '@ms/contracts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.js';
import { parseTrustProxy, readEnv } from '../../src/config/env.js';
import { createTestApp, lastEmail, signUp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../helper.js';
import { freshIp } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('signup', () => {
  it('creates the user, the business and its first store, and logs in', async () => {
    const owner = await signUp(t, { business_name: 'Bola Ventures', store_name: 'Surulere' });
    expect(owner.data.user.role).toBe('admin');
    expect(owner.data.user.is_owner).toBe(true);
    expect(owner.data.business.name).toBe('Bola Ventures');
    expect(owner.data.business.stores.map((s: { name: string }) => s.name)).toEqual(['Surulere']);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
  });

  it('refuses a second account with the same e-mail (409)', async () => {
    const owner = await signUp(t);
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/signup',
      body: {
        first_name: 'A',
        last_name: 'B',
        email: owner.email.toUpperCase(),
        phone: '08012345678',
        password: STRONG_PASSWORD,
        business_name: 'X',
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status: false,
      message: expect.stringContaining('already exists'),
      data: null,
    });
  });

  it('names the field on bad input (400)', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/signup',
      body: {
        first_name: 'A',
        last_name: 'B',
        email: 'a@b.ng',
        phone: '08012345678',
        password: 'weakpass1!',
        business_name: 'X',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The password field must have atleast one uppercase letter.');
    const missing = await t.request({ method: 'POST', url: '/v1/auth/signup', body: { email: 'a@b.ng' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('first_name');
  });
});

describe('login', () => {
  it('logs in on the approved device with a token that works', async () => {
    const owner = await signUp(t);
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      body: { email: owner.email, password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(owner.email);
    expect(res.json().data.token).toMatch(/^ey/);
  });

  it('answers 401 with the same message for a wrong password and an unknown e-mail', async () => {
    const owner = await signUp(t);
    const wrong = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      body: { email: owner.email, password: 'Wrong$pass1' },
    });
    const unknown = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      body: { email: 'nobody@example.ng', password: 'Wrong$pass1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('rate-limits repeated failures for one e-mail (429)', async () => {
    const owner = await signUp(t);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        body: { email: owner.email, password: 'Wrong$pass1' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('asks a new device for the e-mailed 4-character code (DEV001), then lets it in', async () => {
    const owner = await signUp(t);
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      device: 'new-phone',
      body: { email: owner.email, password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(CODES.deviceOtpRequired);
    const mail = await lastEmail(t, owner.email);
    expect(mail?.kind).toBe('device_otp');
    const code = mail!.meta.code!;
    expect(code).toHaveLength(4);

    const wrong = await t.request({
      method: 'POST',
      url: '/v1/auth/verify/device',
      device: 'new-phone',
      body: { email: owner.email, otp: code === 'AAAA' ? 'BBBB' : 'AAAA' },
    });
    expect(wrong.statusCode).toBe(400);
    const short = await t.request({
      method: 'POST',
      url: '/v1/auth/verify/device',
      device: 'new-phone',
      body: { email: owner.email, otp: 'ABC' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('The otp must be exactly 4 characters long.');

    const okRes = await t.request({
      method: 'POST',
      url: '/v1/auth/verify/device',
      device: 'new-phone',
      body: { email: owner.email, otp: code },
    });
    expect(okRes.statusCode).toBe(200);
    const again = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      device: 'new-phone',
      body: { email: owner.email, password: STRONG_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
  });

  it('requires the deviceID header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'a@b.ng', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('deviceID');
  });
});

describe('envelope', () => {
  it('answers 401 without a token and 404 for an unknown route, both enveloped', async () => {
    const owner = await signUp(t);
    const res = await t.request({ method: 'GET', url: '/v1/businesses/users/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: false, message: expect.any(String), data: null });
    const missing = await t.request({ method: 'GET', url: '/v1/nothing-here', token: owner.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().status).toBe(false);
  });
});

describe('sign-in limits per client', () => {
  const wrongLogin = (email: string, extra: { remoteAddress?: string; headers?: Record<string, string> }) =>
    t.request({ method: 'POST', url: '/v1/auth/login', body: { email, password: 'Wrong$pass1' }, ...extra });

  it('a made-up X-Forwarded-For does not make a new client: 25 wrong logins across 25 e-mails get 429 after 20', async () => {
    const remoteAddress = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await wrongLogin(uniqueEmail('spray'), {
        remoteAddress,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 401)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it('successful logins do not count: staff behind one address log in 65 times, then 19 wrong ones still answer 401', async () => {
    const remoteAddress = freshIp();
    const owner = await signUp(t);
    for (let i = 0; i < 65; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        body: { email: owner.email, password: STRONG_PASSWORD },
        remoteAddress,
      });
      expect(res.statusCode, `login ${i + 1}: ${res.body}`).toBe(200);
    }
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push((await wrongLogin(uniqueEmail('typo'), { remoteAddress })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 401)).toBe(true);
    expect(codes[20]).toBe(429);
    // Another client is not held back by the first one's failures.
    expect((await wrongLogin(uniqueEmail('typo'), { remoteAddress: freshIp() })).statusCode).toBe(401);
  });

  it('a proxy is trusted only when configured (TRUST_PROXY: a hop count or its addresses; off by default)', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
  });

  it('behind a configured proxy, the forwarded address is the client', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ms-proxy-'));
    const app = await buildApp({
      env: readEnv([], {
        DATA_DIR: dataDir,
        JWT_SECRET: 'test-secret-0123456789-abcdefghij',
        TRUST_PROXY: '1',
      }),
      db: t.db,
      notifier: t.notifier,
      jobs: t.jobs,
      logger: false,
    });
    app.get('/whoami', { config: { public: true } }, async (request) => ({ ip: request.ip }));
    await app.ready();
    const res = await app.inject({
      method: 'GET',
      url: '/whoami',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' },
    });
    expect(res.json()).toEqual({ ip: '203.0.113.9' });
    await app.close();
  });
});
