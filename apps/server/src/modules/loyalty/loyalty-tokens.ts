import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * The loyalty service's secondary token: a short-lived HS256 JWT with its own audience, signed with
 * a key derived from the app secret (so an access token can never pass as one, nor the reverse).
 */
export const LOYALTY_TOKEN_TTL_SECONDS = 30 * 60;
const AUDIENCE = 'loyalty';

export type LoyaltyClaims = { userId: string; businessId: string; sessionId: string };

export const createLoyaltyTokens = (appSecret: string, ttlSeconds = LOYALTY_TOKEN_TTL_SECONDS) => {
  const key = createHmac('sha256', appSecret).update('loyalty-token-v1').digest();
  const sign = async (claims: LoyaltyClaims, now = Date.now()) => {
    const expiresAt = new Date(now + ttlSeconds * 1000);
    const token = await new SignJWT({ bid: claims.businessId, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
    return { token, expiresAt };
  };
  const verify = async (token: string): Promise<LoyaltyClaims | null> => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
      const { sub, bid, sid } = payload as Record<string, unknown>;
      if (typeof sub !== 'string' || typeof bid !== 'string' || typeof sid !== 'string') return null;
      return { userId: sub, businessId: bid, sessionId: sid };
    } catch {
      return null;
    }
  };
  return { sign, verify };
};
