import { decodeJwt, SignJWT } from 'jose';
import { STRONG_PASSWORD, type TestApp } from '../helper.js';

/** Shared set-up for the accounts tests: logins, hand-made tokens, distinct client IPs. */
export const TEST_JWT_SECRET = 'test-secret-0123456789-abcdefghij';

export const login = (t: TestApp, email: string, password = STRONG_PASSWORD, device = 'test-device-1') =>
  t.request({ method: 'POST', url: '/v1/auth/login', device, body: { email, password } });

/** The same claims as `token`, signed with the test secret but already expired. */
export const expiredCopyOf = async (token: string) => {
  const claims = decodeJwt(token);
  const past = Math.floor(Date.now() / 1000) - 60;
  return new SignJWT({ bid: claims.bid, sid: claims.sid, did: claims.did })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub!)
    .setIssuedAt(past - 24 * 3600)
    .setExpirationTime(past)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
};

/** A distinct client address per call (the socket's: `remoteAddress`), so per-IP limits do not leak between tests. */
let ipCounter = 0;
export const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
