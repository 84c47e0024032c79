import { CODES, TEXT, type RefreshTokenData } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import type { AuthContext } from '../../plugins/auth.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { extendSession, findSession, revokeSession } from './sessions.repository.js';

/** Keeping a session going (refresh) and ending it (logout). */
const ENDED = 'Your session has ended. Please log in again.';

/** A new 24 h token for the same session, only while that session is still live. */
export const refreshToken = async (
  deps: Deps,
  token: string,
  deviceIdHeader: string | undefined,
): Promise<RefreshTokenData> => {
  const claims = await deps.tokens.verify(token);
  if (!claims) throw unauthorized('Invalid authorization token. Please log in again.');
  const session = await findSession(deps.db, claims.businessId, claims.sessionId, claims.userId);
  if (!session || session.revoked_at || session.expires_at.getTime() < Date.now()) throw unauthorized(ENDED);
  if (session.status !== 'active')
    throw unauthorized('Your account has been deactivated. Contact your admin.');
  // Same rule as every authenticated call: a removed device or another device's token gets no new token.
  if (session.device_removed_at || (deviceIdHeader && deviceIdHeader !== claims.deviceId))
    throw forbidden(TEXT.deviceNotRecognized, CODES.deviceNotRecognized);
  const next = await deps.tokens.sign(claims);
  if (!(await extendSession(deps.db, claims.businessId, claims.sessionId, next.expiresAt)))
    throw unauthorized(ENDED);
  return { token: next.token, token_expires_at: next.expiresAt.toISOString() };
};

export const logout = async (deps: Deps, auth: AuthContext, userId: string): Promise<void> => {
  if (userId !== auth.userId) throw forbidden('You can only log yourself out.');
  await revokeSession(deps.db, auth.businessId, auth.sessionId);
};
