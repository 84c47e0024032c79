import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { readEnv, type Env } from '../src/config/env.js';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/database.js';
import type { Notifier } from '../src/db/notify.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { startJobs, type Jobs } from '../src/jobs/index.js';
import { newId } from '../src/lib/ids.js';
import { hashPassword } from '../src/modules/accounts/passwords.js';

/**
 * A real server on a real database for one test file: a clone of the migrated template on
 * PostgreSQL when TEST_DATABASE_URL is set, else an in-memory PGlite.
 */
export type TestApp = {
  app: FastifyInstance;
  db: Database;
  notifier: Notifier;
  jobs: Jobs;
  /** The configuration the app was built with. */
  env: Env;
  /**
   * Runs SQL on a connection of its own, not through the app's database handle: a write as another
   * server process (or someone in psql) would make it.
   */
  queryAsAnotherProcess: (text: string) => Promise<void>;
  close: () => Promise<void>;
  /** Sends a request as a device; `token` adds the bearer header. */
  request: (opts: RequestOptions) => Promise<LightMyRequestResponse & { body: string }>;
};

export type RequestOptions = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  token?: string;
  device?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The client's address as the socket sees it (default 127.0.0.1). */
  remoteAddress?: string;
};

/**
 * `env`: configuration for this app only (e.g. a web build to serve). `logStream`: the server logs
 * as it would in production, into this stream (tests read the lines for secrets).
 */
export const createTestApp = async (
  env: Partial<Env> = {},
  { logStream }: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> => {
  const template = inject('templateDatabase');
  const base = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (template && base) {
    const name = `ms_test_${inject('testRunId')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ms-test-'));
  const pgliteTemplate = databaseUrl ? null : inject('pgliteTemplate');
  const handle = await openDatabase({
    databaseUrl,
    dataDir: null,
    ...(pgliteTemplate ? { startFrom: new Blob([readFileSync(pgliteTemplate)]) } : {}),
  });
  if (!databaseUrl && !pgliteTemplate) await migrateToLatest(handle.db);
  const jobs = await startJobs(handle);
  const config = {
    ...readEnv([], {
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-0123456789-abcdefghij',
      BANKING_SANDBOX_LATENCY_MS: '0',
      BANKING_SANDBOX_DUPLICATE_RATE: '0',
      BANKING_SANDBOX_RETRY_SECONDS: '1',
      BANKING_SANDBOX_TRANSFER_SECONDS: '0',
      PAYOUT_RETRY_SECONDS: '1',
    }),
    webDist: join(dataDir, 'no-web'),
    ...env,
  };
  const app = await buildApp({
    env: config,
    db: handle.db,
    notifier: handle.notifier,
    jobs,
    logger: Boolean(logStream),
    ...(logStream ? { logStream } : {}),
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    notifier: handle.notifier,
    jobs,
    env: config,
    queryAsAnotherProcess: queryOutside(handle, databaseUrl),
    close: async () => {
      await app.close();
      await jobs.stop();
      await handle.close();
      await dropDatabase?.();
    },
    request: ({ method, url, token, device = 'test-device-1', body, headers = {}, remoteAddress }) =>
      app.inject({
        method,
        url,
        ...(remoteAddress ? { remoteAddress } : {}),
        headers: {
          platform: 'web',
          deviceid: device,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        ...(body !== undefined ? { payload: body as object } : {}),
      }),
  };
};

/** `TestApp.queryAsAnotherProcess` of a database handle: a connection of its own (PGlite: its own API, not Kysely). */
export const queryOutside =
  (handle: DatabaseHandle, databaseUrl: string | undefined) =>
  async (text: string): Promise<void> => {
    if (!databaseUrl) {
      await handle.pglite!.exec(text);
      return;
    }
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      await other.query(text);
    } finally {
      await other.end();
    }
  };

let counter = 0;
/** A unique e-mail per call so rate limits and unique constraints never collide across tests. */
export const uniqueEmail = (prefix = 'owner') =>
  `${prefix}.${Date.now().toString(36)}.${++counter}.${randomBytes(2).toString('hex')}@example.ng`;

export const STRONG_PASSWORD = 'Sup3r$ecret';

/** Signs a new business up and returns its owner's token and ids. */
export const signUp = async (
  t: TestApp,
  overrides: Record<string, unknown> = {},
  device = 'test-device-1',
) => {
  const email = uniqueEmail();
  const res = await t.request({
    method: 'POST',
    url: '/v1/auth/signup',
    device,
    body: {
      first_name: 'Ada',
      last_name: 'Obi',
      email,
      phone: '08012345678',
      password: STRONG_PASSWORD,
      business_name: 'Ada Stores',
      store_name: 'Ikeja',
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data;
  return {
    email: (overrides.email as string) ?? email,
    token: data.token as string,
    userId: data.user._id as string,
    businessId: data.business._id as string,
    storeId: data.business.stores[0].id as string,
    device,
    data,
  };
};

/** The newest sandbox e-mail to this address. */
export const lastEmail = async (t: TestApp, to: string) => {
  const res = await t.request({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}&limit=1` });
  return res.json().data[0] as
    { subject: string; body: string; kind: string; meta: Record<string, string> } | undefined;
};

/**
 * A user with the business's Cashier role, inserted directly and assigned to `storeIds` (default: the
 * owner's first store), logged in on the owner's (approved) device.
 */
export const addCashier = async (
  t: TestApp,
  owner: { businessId: string; storeId: string; device: string },
  storeIds: string[] = [owner.storeId],
) => {
  const role = await t.db
    .selectFrom('roles')
    .select('id')
    .where('business_id', '=', owner.businessId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', 'cashier'))
    .executeTakeFirstOrThrow();
  const userId = newId();
  const email = uniqueEmail('cashier');
  await t.db
    .insertInto('users')
    .values({
      business_id: owner.businessId,
      id: userId,
      first_name: 'Chidi',
      last_name: 'Eze',
      email,
      phone: null,
      password_hash: await hashPassword(STRONG_PASSWORD),
      role_id: role.id,
    })
    .execute();
  if (storeIds.length)
    await t.db
      .insertInto('user_stores')
      .values(storeIds.map((store_id) => ({ business_id: owner.businessId, user_id: userId, store_id })))
      .execute();
  const res = await t.request({
    method: 'POST',
    url: '/v1/auth/login',
    device: owner.device,
    body: { email, password: STRONG_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`cashier login failed: ${res.statusCode} ${res.body}`);
  return { token: res.json().data.token as string, userId, email };
};
