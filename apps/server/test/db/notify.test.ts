import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';

/**
 * Messages between server processes over the database: two handles on one PostgreSQL database
 * stand for two processes (on PGlite, the one process). A message sent in a transaction arrives
 * only if it commits, and a listener whose connection dropped is told it may have missed some.
 */
const base = process.env.TEST_DATABASE_URL;
let sender: DatabaseHandle;
let receiver: DatabaseHandle;
let drop = async () => {};

beforeAll(async () => {
  if (base) {
    const name = `ms_notify_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    sender = await openDatabase({ databaseUrl: url.toString() });
    receiver = await openDatabase({ databaseUrl: url.toString() });
    drop = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    sender = await openDatabase({ dataDir: null });
    receiver = sender;
  }
});
afterAll(async () => {
  await sender.close();
  if (receiver !== sender) await receiver.close();
  await drop();
});

const heard = (channel: string) => {
  const got: string[] = [];
  const stop = receiver.notifier.listen(channel, (payload) => got.push(payload));
  return { got, stop };
};
const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('notifier', () => {
  it('delivers a message sent inside a transaction only when it commits', async () => {
    const { got, stop } = heard('test_commit');
    await stop;
    await sender.db.transaction().execute(async (tx) => {
      await sender.notifier.notify(tx, 'test_commit', 'kept');
    });
    await sender.db
      .transaction()
      .execute(async (tx) => {
        await sender.notifier.notify(tx, 'test_commit', 'rolled back');
        throw new Error('undo');
      })
      .catch(() => {});
    await sender.notifier.notify(sender.db, 'test_commit', 'alone');
    await until(() => got.length >= 2);
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual(['kept', 'alone']);
    await (
      await stop
    )();
  });

  it('stops delivering once the listener stops', async () => {
    const { got, stop } = heard('test_stop');
    await (
      await stop
    )();
    await sender.notifier.notify(sender.db, 'test_stop', 'late');
    await new Promise((r) => setTimeout(r, 150));
    expect(got).toEqual([]);
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(sender.notifier.notify(sender.db, 'x; drop table', '')).rejects.toThrow(/channel/);
  });

  it.runIf(base)('listens again after its connection is cut, and says messages may be missed', async () => {
    const { got, stop } = heard('test_gap');
    await stop;
    let gaps = 0;
    receiver.notifier.onGap(() => gaps++);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`.execute(
      sender.db,
    );
    await until(() => gaps > 0, 10_000);
    expect(gaps).toBe(1);
    await sender.notifier.notify(sender.db, 'test_gap', 'after');
    await until(() => got.length > 0);
    expect(got).toEqual(['after']);
  });
});
