import { jwtVerify, SignJWT } from 'jose';
import { TOKEN_TTL_SECONDS } from '@ms/contracts';

/** Access tokens: HS256 JWTs naming the user, business, session and device; valid 24 h. */
export type TokenClaims = { userId: string; businessId: string; sessionId: string; deviceId: string };

const VERIFIED_MAX = 10_000;

export const createTokenService = (secret: string) => {
  const key = new TextEncoder().encode(secret);
  const sign = async (claims: TokenClaims): Promise<{ token: string; expiresAt: Date }> => {
    const expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS * 1000);
    const token = await new SignJWT({ bid: claims.businessId, sid: claims.sessionId, did: claims.deviceId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
    return { token, expiresAt };
  };
  // A token's signature is checked once per process: checking it (WebCrypto HMAC) was the largest
  // CPU cost of an authenticated read. A token is kept until it expires, at most VERIFIED_MAX of them.
  const verified = new Map<string, { claims: TokenClaims; expiresMs: number }>();
  /** The claims of a token already checked by this process and not yet expired (no await). */
  const known = (token: string): TokenClaims | undefined => {
    const kept = verified.get(token);
    if (!kept) return undefined;
    if (Date.now() < kept.expiresMs) return kept.claims;
    verified.delete(token);
    return undefined;
  };
  /** The claims of a valid token, or null for a bad, forged or expired one. */
  const verify = async (token: string): Promise<TokenClaims | null> => {
    const kept = known(token);
    if (kept) return kept;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const { sub, bid, sid, did } = payload as Record<string, unknown>;
      if (
        typeof sub !== 'string' ||
        typeof bid !== 'string' ||
        typeof sid !== 'string' ||
        typeof did !== 'string'
      )
        return null;
      const claims = { userId: sub, businessId: bid, sessionId: sid, deviceId: did };
      if (typeof payload.exp === 'number') {
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, expiresMs: payload.exp * 1000 });
      }
      return claims;
    } catch {
      return null;
    }
  };
  return { sign, verify, known };
};

export type TokenService = ReturnType<typeof createTokenService>;
