import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { readEnv } from '../../src/config/env.js';
import { createTestApp, type TestApp } from '../helper.js';

const opened: TestApp[] = [];
afterAll(async () => Promise.all(opened.map((t) => t.close())));

describe('sandbox outbox', () => {
  it('is readable outside production (demo and tests read OTPs there)', async () => {
    const t = await createTestApp();
    opened.push(t);
    const res = await t.request({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
  });

  it('is not served in production unless EXPOSE_OUTBOX=1', async () => {
    const t = await createTestApp();
    opened.push(t);
    const base = { DATA_DIR: '/tmp/ms-outbox-test', JWT_SECRET: 'x'.repeat(32), NODE_ENV: 'production' };
    const hidden = await buildApp({
      env: readEnv([], base),
      db: t.db,
      notifier: t.notifier,
      jobs: t.jobs,
      logger: false,
    });
    expect((await hidden.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    await hidden.close();
    const shown = await buildApp({
      env: readEnv([], { ...base, EXPOSE_OUTBOX: '1' }),
      db: t.db,
      notifier: t.notifier,
      jobs: t.jobs,
      logger: false,
    });
    expect((await shown.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(200);
    await shown.close();
  });
});
