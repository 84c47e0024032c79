import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { ADMIN_ROLE, CODES, TEXT, type PermissionKey } from '@ms/contracts';
import type { Database } from '../db/database.js';
import { runPrepared } from '../db/prepared.js';
import { forbidden, notFound, unauthorized } from '../lib/errors.js';
import type { TokenClaims, TokenService } from '../lib/tokens.js';
import type { Notifier } from '../db/notify.js';
import { createAuthCache } from './auth-cache.js';

/** Who is calling: taken from the token and the database, never from the request body. */
export type AuthContext = {
  userId: string;
  businessId: string;
  sessionId: string;
  deviceId: string;
  role: string;
  roleId: string;
  isAdmin: boolean;
  isOwner: boolean;
  permissions: ReadonlySet<string>;
  storeIds: readonly string[];
};

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
  interface FastifyContextConfig {
    /** Routes that work without a token (login, signup, OTP...). */
    public?: boolean;
  }
}

const API_PREFIXES = ['/v1/', '/v2/', '/api/'];

/** A device in use is "seen" at most once a minute: no extra query on most requests. */
const SEEN_EVERY_MS = 60_000;
const touchDevice = (
  db: Database,
  claims: { businessId: string; deviceId: string },
  lastSeen: Date | null | undefined,
) => {
  if (lastSeen && Date.now() - lastSeen.getTime() < SEEN_EVERY_MS) return false;
  void db
    .updateTable('devices')
    .set({ last_seen_at: new Date() })
    .where('business_id', '=', claims.businessId)
    .where('device_id', '=', claims.deviceId)
    .execute()
    .catch(() => undefined); // "last seen" is a hint: never fail a request for it
  return true;
};

export const deviceIdOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers['deviceid'];
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 120) : undefined;
};

/** The caller, for handlers of authenticated routes. */
export const authOf = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw unauthorized();
  return request.auth;
};

/** A business id in a path that is not the caller's is "not found", never someone else's data. */
export const assertOwnBusiness = (request: FastifyRequest, businessId: string): AuthContext => {
  const auth = authOf(request);
  if (auth.businessId !== businessId) throw notFound('Business');
  return auth;
};

/** preHandler: only the admin role. */
export const adminOnly = async (request: FastifyRequest) => {
  if (!authOf(request).isAdmin) throw forbidden('Only an admin can do this.');
};

/** preHandler: admin, or a role granted this permission. */
export const permission = (key: PermissionKey) => async (request: FastifyRequest) => {
  const auth = authOf(request);
  if (!auth.isAdmin && !auth.permissions.has(key))
    throw forbidden('Your role does not have permission to do this.');
};

/** preHandler: admin, or a role granted at least one of these permissions. */
export const anyPermission =
  (...keys: PermissionKey[]) =>
  async (request: FastifyRequest) => {
    const auth = authOf(request);
    if (!auth.isAdmin && !keys.some((k) => auth.permissions.has(k)))
      throw forbidden('Your role does not have permission to do this.');
  };

/** What decides whether a session may go on, and with which role and stores. */
const readSession = async (
  db: Database,
  claims: { businessId: string; sessionId: string; userId: string },
) => {
  const query = db
    .selectFrom('sessions as s')
    .innerJoin('users as u', (j) =>
      j.onRef('u.business_id', '=', 's.business_id').onRef('u.id', '=', 's.user_id'),
    )
    .innerJoin('roles as r', (j) =>
      j.onRef('r.business_id', '=', 'u.business_id').onRef('r.id', '=', 'u.role_id'),
    )
    .leftJoin('devices as d', (j) =>
      j.onRef('d.business_id', '=', 's.business_id').onRef('d.device_id', '=', 's.device_id'),
    )
    .select([
      's.revoked_at',
      's.expires_at',
      'u.status',
      'u.is_owner',
      'r.id as role_id',
      'r.name as role_name',
      'r.permissions',
      'r.active as role_active',
      'd.deleted_at as device_removed_at',
      'd.last_seen_at as device_last_seen_at',
      sql<
        string[]
      >`array(select us.store_id::text from user_stores us where us.business_id = u.business_id and us.user_id = u.id)`.as(
        'store_ids',
      ),
    ])
    .where('s.business_id', '=', claims.businessId)
    .where('s.id', '=', claims.sessionId)
    .where('s.user_id', '=', claims.userId);
  // Read on most requests (the cache keeps a row for seconds): planned once per connection.
  return (await runPrepared(db, query))[0];
};

/** The session's row with what the hook derives from it, worked out once per read (not per request). */
const readAuth = async (db: Database, claims: { businessId: string; sessionId: string; userId: string }) => {
  const row = await readSession(db, claims);
  if (!row) return undefined;
  const role = row.role_name.toLowerCase();
  const isAdmin = role === ADMIN_ROLE;
  const permissions: ReadonlySet<string> = new Set(row.role_active || isAdmin ? row.permissions : []);
  return { ...row, role, isAdmin, permissions };
};

type AuthRow = Awaited<ReturnType<typeof readAuth>> & object;

/** A session's key in the auth cache. */
const sessionKey = (claims: TokenClaims) => `${claims.sessionId}:${claims.userId}`;

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Database; tokens: TokenService; notifier: Notifier }) => {
    const { db, tokens } = opts;
    const cache = createAuthCache<AuthRow>(db, opts.notifier);
    app.addHook('onClose', () => cache.stop());
    /** Lets the request in with this session's row, or throws the answer (401/403). */
    const admit = (request: FastifyRequest, claims: TokenClaims, key: string, row: AuthRow | undefined) => {
      if (!row || row.revoked_at || row.expires_at.getTime() < Date.now())
        throw unauthorized('Your session has ended. Please log in again.');
      if (row.status !== 'active')
        throw unauthorized('Your account has been deactivated. Contact your admin.');
      const headerDevice = deviceIdOf(request);
      if (row.device_removed_at || (headerDevice && headerDevice !== claims.deviceId)) {
        throw forbidden(TEXT.deviceNotRecognized, CODES.deviceNotRecognized);
      }
      if (!row.device_removed_at && touchDevice(db, claims, row.device_last_seen_at))
        cache.patch(claims.businessId, key, (kept) => {
          kept.device_last_seen_at = new Date();
        });
      // Written out: a spread here cost more than the rest of the hook.
      request.auth = {
        userId: claims.userId,
        businessId: claims.businessId,
        sessionId: claims.sessionId,
        deviceId: claims.deviceId,
        role: row.role,
        roleId: row.role_id,
        isAdmin: row.isAdmin,
        isOwner: row.is_owner,
        permissions: row.permissions,
        storeIds: row.store_ids,
      };
    };
    /** A token not yet checked by this process, or a session not kept: the signature and the database. */
    const authenticate = async (request: FastifyRequest, token: string) => {
      const claims = await tokens.verify(token);
      if (!claims) throw unauthorized('Invalid authorization token. Please log in again.');
      const key = sessionKey(claims);
      admit(request, claims, key, await cache.get(claims.businessId, key, () => readAuth(db, claims)));
    };
    // Not an async hook: a token and session this process already holds (most requests) are checked
    // without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.routeOptions.config?.public) return done();
      const path = request.url;
      if (!API_PREFIXES.some((p) => path.startsWith(p))) return done();
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      if (!token) return done(unauthorized('Authorization token is missing. Please log in.'));
      const claims = tokens.known(token);
      const key = claims ? sessionKey(claims) : '';
      const row = claims ? cache.peek(claims.businessId, key) : undefined;
      if (!claims || !row) return void authenticate(request, token).then(() => done(), done);
      try {
        admit(request, claims, key, row);
      } catch (error) {
        return done(error as Error);
      }
      done();
    });
  },
);
