import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, TEXT } from '@ms/contracts';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';
import { expiredCopyOf, login } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const refresh = (body: object, device = 'test-device-1') =>
  t.request({ method: 'PUT', url: '/v1/auth/refresh/token', body, device });

const logout = (token: string | undefined, userId: unknown) =>
  t.request({ method: 'POST', url: '/v1/auth/logout', token, body: { user_id: userId } });

/** An authenticated (admin) call, to see whether a token still works. */
const probe = async (token: string) => t.request({ method: 'GET', url: '/v1/auth/merchant/devices', token });

const sessionOf = (token: string) => decodeJwt(token).sid as string;

const setSession = (token: string, values: { expires_at?: Date; revoked_at?: Date }) =>
  t.db.updateTable('sessions').set(values).where('id', '=', sessionOf(token)).execute();

describe('PUT /v1/auth/refresh/token', () => {
  it('gives a new 24 h token for the same session, without an Authorization header', async () => {
    const owner = await signUp(t);
    await setSession(owner.token, { expires_at: new Date(Date.now() + 60 * 60_000) });
    const res = await refresh({ token: owner.token });
    expect(res.statusCode).toBe(200);
    const { token, token_expires_at } = res.json().data;
    expect(sessionOf(token)).toBe(sessionOf(owner.token));
    const expiresAt = new Date(token_expires_at).getTime();
    expect(Math.abs(expiresAt - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);
    expect((decodeJwt(token).exp ?? 0) * 1000).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const row = await t.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('id', '=', sessionOf(token))
      .executeTakeFirstOrThrow();
    expect(Math.abs(row.expires_at.getTime() - expiresAt)).toBeLessThan(1000);
    expect((await probe(token)).statusCode).toBe(200);
  });

  it('answers 401 for a malformed, forged or expired token', async () => {
    const owner = await signUp(t);
    const garbage = await refresh({ token: 'not-a-jwt' });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual({ status: false, message: expect.any(String), data: null });

    const claims = decodeJwt(owner.token);
    const forged = await new SignJWT({ bid: claims.bid, sid: claims.sid, did: claims.did })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub!)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-0123456789-abcdef'));
    expect((await refresh({ token: forged })).statusCode).toBe(401);
    expect((await refresh({ token: await expiredCopyOf(owner.token) })).statusCode).toBe(401);
  });

  it('answers 401 once the session is revoked or past its expiry, or the user is deactivated', async () => {
    const revoked = await signUp(t);
    await setSession(revoked.token, { revoked_at: new Date() });
    expect((await refresh({ token: revoked.token })).statusCode).toBe(401);

    const expired = await signUp(t);
    await setSession(expired.token, { expires_at: new Date(Date.now() - 1000) });
    const res = await refresh({ token: expired.token });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has ended. Please log in again.');

    const owner = await signUp(t);
    const cashier = await addCashier(t, owner);
    await t.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', cashier.userId).execute();
    expect((await refresh({ token: cashier.token })).statusCode).toBe(401);
  });

  it('refuses a token from a removed device (403, device not recognized)', async () => {
    const owner = await signUp(t);
    await t.db
      .updateTable('devices')
      .set({ deleted_at: new Date(), whitelisted: false })
      .where('business_id', '=', owner.businessId)
      .execute();
    const res = await refresh({ token: owner.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: TEXT.deviceNotRecognized, code: CODES.deviceNotRecognized });
    const otherDevice = await refresh({ token: (await signUp(t)).token }, 'someone-elses-device');
    expect(otherDevice.statusCode).toBe(403);
  });

  it('names the field on bad input (400)', async () => {
    const res = await refresh({});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The token field is required.');
  });
});

describe('POST /v1/auth/logout', () => {
  it("ends the caller's session only: the same token then answers 401", async () => {
    const owner = await signUp(t);
    const other = (await login(t, owner.email)).json().data.token as string;
    const res = await logout(owner.token, owner.userId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: 'Logged out', data: null });
    const after = await probe(owner.token);
    expect(after.statusCode).toBe(401);
    expect((await refresh({ token: owner.token })).statusCode).toBe(401);
    expect((await logout(owner.token, owner.userId)).statusCode).toBe(401);
    expect((await probe(other)).statusCode).toBe(200);
  });

  it('lets any role log itself out', async () => {
    const owner = await signUp(t);
    const cashier = await addCashier(t, owner);
    expect((await logout(cashier.token, cashier.userId)).statusCode).toBe(200);
    expect((await logout(cashier.token, cashier.userId)).statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    const owner = await signUp(t);
    const res = await logout(undefined, owner.userId);
    expect(res.statusCode).toBe(401);
    expect(res.json().data).toBeNull();
  });

  it("answers 403 for someone else's user_id and keeps their session", async () => {
    const owner = await signUp(t);
    const cashier = await addCashier(t, owner);
    const res = await logout(owner.token, cashier.userId);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only log yourself out.');
    expect((await logout(cashier.token, owner.userId)).statusCode).toBe(403);
    expect((await probe(owner.token)).statusCode).toBe(200);
  });

  it('names the field on bad input (400)', async () => {
    const owner = await signUp(t);
    const res = await t.request({ method: 'POST', url: '/v1/auth/logout', token: owner.token, body: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The user_id field is required.');
    const wrongType = await logout(owner.token, 42);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toContain('user_id');
  });
});

describe('expired tokens on authenticated routes', () => {
  it('answers 401 for a token past its own expiry', async () => {
    const owner = await signUp(t);
    const res = await probe(await expiredCopyOf(owner.token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: false, message: expect.any(String), data: null });
  });

  it('answers 401 when the session has expired in the database', async () => {
    const owner = await signUp(t);
    await setSession(owner.token, { expires_at: new Date(Date.now() - 1000) });
    const res = await probe(owner.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has ended. Please log in again.');
  });
});
