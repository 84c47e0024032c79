import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_CHANNEL, createAuthCache } from '../../src/plugins/auth-cache.js';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';

/**
 * The auth hook keeps each session's row for a few seconds (plugins/auth-cache.ts). What a user must
 * never notice: a session ended, an account deactivated, a permission or a store taken away still
 * working — whether this server made the change or another process (or someone in psql) did.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const sessionOf = (token: string) => decodeJwt(token).sid as string;
const customers = (token: string, businessId: string) =>
  t.request({ method: 'GET', url: `/v2/customers/businesses/${businessId}`, token });
const statusOf = async (res: Promise<{ statusCode: number }>) => (await res).statusCode;
/** Another process's change reaches this one when its LISTEN delivers it: well inside a second. */
const soon = { timeout: 2_000, interval: 25 };

describe('a change made by another process', () => {
  it('ends a revoked session (401) within a moment, though the session was just used', async () => {
    const owner = await signUp(t);
    expect(await statusOf(customers(owner.token, owner.businessId))).toBe(200);
    expect(await statusOf(customers(owner.token, owner.businessId))).toBe(200);
    await t.queryAsAnotherProcess(
      `UPDATE sessions SET revoked_at = now() WHERE id = '${sessionOf(owner.token)}'`,
    );
    await expect.poll(() => statusOf(customers(owner.token, owner.businessId)), soon).toBe(401);
  });

  it('refuses a deactivated cashier (401) and a permission taken from a role (403) within a moment', async () => {
    const owner = await signUp(t);
    const cashier = await addCashier(t, owner);
    const other = await addCashier(t, owner);
    expect(await statusOf(customers(cashier.token, owner.businessId))).toBe(200);
    expect(await statusOf(customers(other.token, owner.businessId))).toBe(200);

    await t.queryAsAnotherProcess(`UPDATE users SET status = 'inactive' WHERE id = '${cashier.userId}'`);
    await expect.poll(() => statusOf(customers(cashier.token, owner.businessId)), soon).toBe(401);

    await t.queryAsAnotherProcess(
      `UPDATE roles SET permissions = array_remove(permissions, 'customers.view')
        WHERE business_id = '${owner.businessId}' AND lower(name) = 'cashier'`,
    );
    await expect.poll(() => statusOf(customers(other.token, owner.businessId)), soon).toBe(403);
    // The owner of the same business is untouched.
    expect(await statusOf(customers(owner.token, owner.businessId))).toBe(200);
  });
});

describe('a change made by this server', () => {
  it('takes effect on the very next request (logout, then the same token)', async () => {
    const owner = await signUp(t);
    expect(await statusOf(customers(owner.token, owner.businessId))).toBe(200);
    const out = await t.request({
      method: 'POST',
      url: '/v1/auth/logout',
      token: owner.token,
      body: { user_id: decodeJwt(owner.token).sub },
    });
    expect(out.statusCode).toBe(200);
    expect(await statusOf(customers(owner.token, owner.businessId))).toBe(401);
  });

  // PGlite has one connection: a request cannot read while another transaction is open.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'does not keep a row read while the revoking transaction was still open',
    async () => {
      const owner = await signUp(t);
      expect(await statusOf(customers(owner.token, owner.businessId))).toBe(200);
      await t.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('sessions')
          .set({ revoked_at: new Date() })
          .where('id', '=', sessionOf(owner.token))
          .execute();
        // Not committed yet: the session still stands for everyone else.
        expect(await statusOf(customers(owner.token, owner.businessId))).toBe(200);
      });
      expect(await statusOf(customers(owner.token, owner.businessId))).toBe(401);
    },
  );
});

describe('the cache itself', () => {
  type Row = { n: number };
  const counting = () => {
    let reads = 0;
    return {
      read: async (): Promise<Row> => ({ n: ++reads }),
      reads: () => reads,
    };
  };
  /** A cache that listens already (the first read after start is never kept: it may predate LISTEN). */
  const started = async (clock: { now: number }) => {
    const cache = createAuthCache<Row>(t.db, t.notifier, {
      now: () => clock.now,
      ttlMs: 15_000,
      quietMs: 5_000,
    });
    let attempt = 0;
    await expect
      .poll(async () => {
        const c = counting();
        attempt += 1;
        await cache.get('warm', `up-${attempt}`, c.read);
        await cache.get('warm', `up-${attempt}`, c.read);
        return c.reads();
      })
      .toBe(1);
    return cache;
  };

  it('reads a session once, then again after its time is up', async () => {
    const clock = { now: 1_000_000 };
    const cache = await started(clock);
    const c = counting();
    expect(await cache.get('b1', 's1', c.read)).toEqual({ n: 1 });
    expect(await cache.get('b1', 's1', c.read)).toEqual({ n: 1 });
    clock.now += 15_000;
    expect(await cache.get('b1', 's1', c.read)).toEqual({ n: 2 });
    await cache.stop();
  });

  it('drops everything on a write of this process to what a session is made of, and keeps nothing for a while', async () => {
    const clock = { now: 2_000_000 };
    const cache = await started(clock);
    const c = counting();
    await cache.get('b1', 's1', c.read);
    // A write to a column the hook does not read (last login) changes nothing.
    await t.db
      .updateTable('users')
      .set({ last_login_at: new Date() })
      .where('email', '=', 'nobody@example.ng')
      .execute();
    expect(await cache.get('b1', 's1', c.read)).toEqual({ n: 1 });
    await t.db.updateTable('roles').set({ active: true }).where('name', '=', 'nobody').execute();
    expect(await cache.get('b1', 's1', c.read)).toEqual({ n: 2 });
    expect(await cache.get('b1', 's1', c.read)).toEqual({ n: 3 }); // not kept while quiet
    clock.now += 5_000;
    expect(await cache.get('b1', 's1', c.read)).toEqual({ n: 4 });
    expect(await cache.get('b1', 's1', c.read)).toEqual({ n: 4 });
    await cache.stop();
  });

  it("a write naming one business (a login's device) drops and quiets that business's sessions only", async () => {
    const clock = { now: 4_000_000 };
    const cache = await started(clock);
    const one = '00000000-0000-4000-8000-00000000001a';
    const two = '00000000-0000-4000-8000-00000000001b';
    const a = counting();
    const b = counting();
    await cache.get(one, 's', a.read);
    await cache.get(two, 's', b.read);
    // What every login writes: the device seen, re-added if it was removed (an upsert of `deleted_at`).
    await t.db
      .insertInto('devices')
      .values({ id: one, business_id: one, device_id: 'nobody', whitelisted: true, deleted_at: null })
      .onConflict((oc) => oc.columns(['business_id', 'device_id']).doUpdateSet({ deleted_at: null }))
      .execute()
      .catch(() => undefined); // no such business: the statement was still built, and seen
    expect((await cache.get(one, 's', a.read))?.n).toBe(2);
    expect((await cache.get(one, 's', a.read))?.n).toBe(3); // not kept while that business is quiet
    expect((await cache.get(two, 's', b.read))?.n).toBe(1); // the other business keeps its row
    clock.now += 5_000;
    expect((await cache.get(one, 's', a.read))?.n).toBe(4);
    expect((await cache.get(one, 's', a.read))?.n).toBe(4);
    await cache.stop();
  });

  it("drops one business's sessions when a message names it", async () => {
    const clock = { now: 3_000_000 };
    const cache = await started(clock);
    const a = counting();
    const b = counting();
    await cache.get('00000000-0000-4000-8000-00000000000a', 's', a.read);
    await cache.get('00000000-0000-4000-8000-00000000000b', 's', b.read);
    await t.notifier.notify(t.db, AUTH_CHANNEL, '00000000-0000-4000-8000-00000000000a');
    await expect
      .poll(async () => (await cache.get('00000000-0000-4000-8000-00000000000a', 's', a.read))?.n)
      .toBe(2);
    expect((await cache.get('00000000-0000-4000-8000-00000000000b', 's', b.read))?.n).toBe(1);
    await cache.stop();
  });
});
