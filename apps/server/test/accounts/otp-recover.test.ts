import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/lib/secrets.js';
import { createTestApp, lastEmail, signUp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../helper.js';
import { freshIp, login } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const NEW_PASSWORD = 'N3w$ecret!';

const initiate = (
  email: string,
  remoteAddress = freshIp(),
  body: object = { email, purpose: 'password_reset' },
) => t.request({ method: 'POST', url: '/v1/auth/otp/initiate', body, remoteAddress });

const verify = (email: string, otp: string, remoteAddress = freshIp()) =>
  t.request({
    method: 'POST',
    url: '/v1/auth/otp/verify',
    body: { email, otp, purpose: 'password_reset' },
    remoteAddress,
  });

const recover = (body: object, remoteAddress = freshIp()) =>
  t.request({ method: 'PATCH', url: '/v1/auth/recover/password', body, remoteAddress });

/** A token works while GET /v1/auth/merchant/devices (admin) answers 200. */
const tokenWorks = async (token: string) =>
  (await t.request({ method: 'GET', url: '/v1/auth/merchant/devices', token })).statusCode;

const codeFor = async (email: string) => {
  expect((await initiate(email)).statusCode).toBe(200);
  return (await lastEmail(t, email))!.meta.code!;
};

const resetTokenFor = async (email: string) => {
  const res = await verify(email, await codeFor(email));
  expect(res.statusCode).toBe(200);
  return res.json().data.reset_token as string;
};

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('GET /v1/auth/check/{email}', () => {
  it('tells whether an account uses the e-mail, without a token', async () => {
    const owner = await signUp(t);
    const yes = await t.request({ method: 'GET', url: `/v1/auth/check/${owner.email.toUpperCase()}` });
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ status: true, message: expect.any(String), data: { exists: true } });
    const no = await t.request({ method: 'GET', url: `/v1/auth/check/${uniqueEmail('nobody')}` });
    expect(no.json().data).toEqual({ exists: false });
  });

  it('names the field for a malformed e-mail (400)', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/auth/check/not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: false,
      message: 'The email field must be a valid email.',
      data: null,
    });
  });

  it('allows 30 checks a minute per IP (429 after)', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.request({
        method: 'GET',
        url: `/v1/auth/check/a${i}@example.ng`,
        remoteAddress: ip,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    const other = await t.request({
      method: 'GET',
      url: '/v1/auth/check/a@example.ng',
      remoteAddress: freshIp(),
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('POST /v1/auth/otp/initiate', () => {
  it('e-mails a 6-digit code to the account holder', async () => {
    const owner = await signUp(t);
    const res = await initiate(owner.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: owner.email, otp_length: 6 });
    const mail = await lastEmail(t, owner.email);
    expect(mail?.kind).toBe('password_reset_otp');
    expect(mail!.meta.code).toMatch(/^\d{6}$/);
    expect(mail!.body).toContain(mail!.meta.code);
  });

  it('answers 404 for an e-mail no account uses', async () => {
    const res = await initiate(uniqueEmail('nobody'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, message: 'No account uses this email.', data: null });
  });

  it('names the field on bad input (400)', async () => {
    const missing = await initiate('', freshIp(), {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The email field is required.');
    const purpose = await initiate('', freshIp(), { email: 'a@b.ng', purpose: 'login' });
    expect(purpose.statusCode).toBe(400);
    expect(purpose.json().message).toContain('purpose');
  });

  it('sends at most 5 codes per e-mail in 15 minutes (429)', async () => {
    const owner = await signUp(t);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await initiate(owner.email)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await initiate(owner.email)).json().message).toContain('Too many attempts');
  });

  it('limits sends per IP too (429)', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await initiate(uniqueEmail('nobody'), ip)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 404)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});

describe('POST /v1/auth/otp/verify', () => {
  it('counts wrong codes per client across accounts (429 after 20); a right code is not counted', async () => {
    const ip = freshIp();
    const owner = await signUp(t);
    await initiate(owner.email);
    const code = (await lastEmail(t, owner.email))!.meta.code!;
    const codes: number[] = [];
    for (let i = 0; i < 19; i++) codes.push((await verify(uniqueEmail('guess'), '123456', ip)).statusCode);
    codes.push((await verify(owner.email, code, ip)).statusCode);
    codes.push((await verify(uniqueEmail('guess'), '123456', ip)).statusCode);
    codes.push((await verify(uniqueEmail('guess'), '123456', ip)).statusCode);
    expect(codes.slice(0, 19).every((c) => c === 400)).toBe(true);
    expect(codes.slice(19)).toEqual([200, 400, 429]);
  });

  it('trades the right code for a reset token, keeping only its hash', async () => {
    const owner = await signUp(t);
    const code = await codeFor(owner.email);
    const wrong = await verify(owner.email, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('incorrect');
    const res = await verify(owner.email, code);
    expect(res.statusCode).toBe(200);
    const token = res.json().data.reset_token as string;
    expect(token.length).toBeGreaterThanOrEqual(32);
    const rows = await t.db
      .selectFrom('otps')
      .select('reset_token_hash')
      .where('user_id', '=', owner.userId)
      .where('reset_token_hash', 'is not', null)
      .execute();
    expect(rows).toEqual([{ reset_token_hash: sha256(token) }]);
    const again = await verify(owner.email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('Ask for a new code');
  });

  it('locks the code after 5 wrong tries, even for the right code after', async () => {
    const owner = await signUp(t);
    const code = await codeFor(owner.email);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await verify(owner.email, wrongCode(code))).json().message);
    expect(messages.at(-1)).toBe('Too many wrong codes. Ask for a new code.');
    const right = await verify(owner.email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong codes. Ask for a new code.');
    // A new code works again.
    expect((await verify(owner.email, await codeFor(owner.email))).statusCode).toBe(200);
  });

  it('names the field on a malformed code (400)', async () => {
    const short = await verify('a@b.ng', '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('The otp must be exactly 6 characters long.');
    const letters = await verify('a@b.ng', '12345a');
    expect(letters.json().message).toBe('The otp accepts only numbers.');
    const noEmail = await t.request({ method: 'POST', url: '/v1/auth/otp/verify', body: { otp: '123456' } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe('The email field is required.');
  });

  it('answers 400 (no code waiting) for an unknown e-mail', async () => {
    const res = await verify(uniqueEmail('nobody'), '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('There is no code waiting for you. Ask for a new code.');
  });

  it('rate-limits guesses per e-mail (429)', async () => {
    const owner = await signUp(t);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await verify(owner.email, '000000')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('PATCH /v1/auth/recover/password', () => {
  it('sets the new password, ends every session and tells the user by e-mail', async () => {
    const owner = await signUp(t);
    const second = await login(t, owner.email);
    expect(await tokenWorks(owner.token)).toBe(200);
    const resetToken = await resetTokenFor(owner.email);

    const res = await recover({ email: owner.email, reset_token: resetToken, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, data: null });

    expect(await tokenWorks(owner.token)).toBe(401);
    expect(await tokenWorks(second.json().data.token)).toBe(401);
    const live = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', owner.userId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);

    expect((await login(t, owner.email, STRONG_PASSWORD)).statusCode).toBe(401);
    const fresh = await login(t, owner.email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect(await tokenWorks(fresh.json().data.token)).toBe(200);

    const mail = await lastEmail(t, owner.email);
    expect(mail?.kind).toBe('password_changed');
    expect(mail?.subject).toBe('Your password was changed');
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
  });

  it('accepts a reset token only once', async () => {
    const owner = await signUp(t);
    const resetToken = await resetTokenFor(owner.email);
    const first = await recover({ email: owner.email, reset_token: resetToken, password: NEW_PASSWORD });
    expect(first.statusCode).toBe(200);
    const again = await recover({ email: owner.email, reset_token: resetToken, password: 'An0ther$pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset token is invalid or has expired. Ask for a new code.');
    expect((await login(t, owner.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong, expired or someone else’s reset token (400)', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const resetToken = await resetTokenFor(owner.email);

    const wrong = await recover({ email: owner.email, reset_token: 'x'.repeat(43), password: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    const crossed = await recover({ email: other.email, reset_token: resetToken, password: NEW_PASSWORD });
    expect(crossed.statusCode).toBe(400);
    expect((await login(t, other.email, STRONG_PASSWORD)).statusCode).toBe(200);

    await t.db
      .updateTable('otps')
      .set({ consumed_at: new Date(Date.now() - 16 * 60_000) })
      .where('user_id', '=', owner.userId)
      .where('reset_token_hash', '=', sha256(resetToken))
      .execute();
    const expired = await recover({ email: owner.email, reset_token: resetToken, password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toContain('expired');
    expect((await login(t, owner.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('names the field on bad input (400) and keeps the old password', async () => {
    const owner = await signUp(t);
    const resetToken = await resetTokenFor(owner.email);
    const weak = await recover({ email: owner.email, reset_token: resetToken, password: 'weakpass1!' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('The password field must have atleast one uppercase letter.');
    const noToken = await recover({ email: owner.email, password: NEW_PASSWORD });
    expect(noToken.json().message).toBe('The reset_token field is required.');
    const noEmail = await recover({ reset_token: resetToken, password: NEW_PASSWORD });
    expect(noEmail.json().message).toBe('The email field is required.');
    // The token survived the rejected attempts.
    const ok = await recover({ email: owner.email, reset_token: resetToken, password: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
  });

  it('rate-limits attempts per IP (429)', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await recover({ email: 'a@b.ng', reset_token: 'nope', password: NEW_PASSWORD }, ip);
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 400)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});
