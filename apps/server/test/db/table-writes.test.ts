import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../src/db/schema.js';
import { writesOf } from '../../src/db/table-writes.js';
import { changesAuth } from '../../src/plugins/auth-cache.js';

/**
 * The auth cache trusts these to see every write this process makes to a session's row: a write it
 * missed would let an ended session go on until the row's time is up.
 */
const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const b = '00000000-0000-4000-8000-000000000001';

describe('writesOf', () => {
  it('names the table and the columns an update sets, also under an alias', () => {
    expect(
      writesOf(
        db
          .updateTable('sessions')
          .set({ revoked_at: new Date() })
          .where('business_id', '=', b)
          .toOperationNode(),
      ),
    ).toEqual([{ table: 'sessions', kind: 'update', columns: ['revoked_at'], upsert: false, businessId: b }]);
    expect(
      writesOf(db.updateTable('users as u').set({ status: 'inactive' }).toOperationNode())[0],
    ).toMatchObject({
      table: 'users',
      columns: ['status'],
    });
  });

  it('sees inserts (and whether they may change a row), deletes, and writes inside WITH', () => {
    const insert = db.insertInto('devices').values({ business_id: b, device_id: 'd' } as never);
    expect(writesOf(insert.toOperationNode())[0]).toMatchObject({
      table: 'devices',
      kind: 'insert',
      upsert: false,
    });
    expect(writesOf(insert.onConflict((oc) => oc.doNothing()).toOperationNode())[0]).toMatchObject({
      upsert: true,
    });
    expect(writesOf(db.deleteFrom('user_stores').where('business_id', '=', b).toOperationNode())).toEqual([
      { table: 'user_stores', kind: 'delete', columns: [], upsert: false, businessId: b },
    ]);
    const cte = db
      .with('gone', (q) => q.updateTable('roles').set({ active: false }).returning('id'))
      .selectFrom('gone')
      .selectAll();
    expect(writesOf(cte.toOperationNode())).toEqual([
      { table: 'roles', kind: 'update', columns: ['active'], upsert: false, businessId: null },
    ]);
  });

  it('names the one business a write is confined to, and none when it may be another', () => {
    const other = '00000000-0000-4000-8000-000000000002';
    const businessOf = (q: { toOperationNode: () => Parameters<typeof writesOf>[0] }) =>
      writesOf(q.toOperationNode()).map((w) => w.businessId);
    // A login's device (an upsert), rows of one business, a user's role, stores taken away.
    const device = db
      .insertInto('devices')
      .values({ business_id: b, device_id: 'd' } as never)
      .onConflict((oc) => oc.columns(['business_id', 'device_id']).doUpdateSet({ deleted_at: null }));
    expect(businessOf(device)).toEqual([b]);
    const two = db.insertInto('user_stores').values([
      { business_id: b, user_id: b, store_id: b },
      { business_id: b, user_id: other, store_id: b },
    ] as never);
    expect(businessOf(two)).toEqual([b]);
    const role = db
      .updateTable('users')
      .set({ role_id: other })
      .where('id', '=', other)
      .where('business_id', '=', b);
    expect(businessOf(role)).toEqual([b]);
    expect(businessOf(db.deleteFrom('user_stores as us').where('us.business_id', '=', b))).toEqual([b]);
    // As PostgreSQL prints a uuid (the cache's key), whatever case the statement gave.
    expect(businessOf(db.deleteFrom('user_stores').where('business_id', '=', b.toUpperCase()))).toEqual([b]);
    // Two businesses, rows from a SELECT, no business in the WHERE, an OR, another table's business
    // (UPDATE ... FROM), raw SQL: any business's rows may be written.
    const mixed = db.insertInto('user_stores').values([
      { business_id: b, user_id: b, store_id: b },
      { business_id: other, user_id: other, store_id: other },
    ] as never);
    expect(businessOf(mixed)).toEqual([null]);
    const selected = db
      .insertInto('user_stores')
      .columns(['business_id', 'user_id', 'store_id'])
      .expression(db.selectFrom('users').select(['business_id', 'id', 'id as store_id']));
    expect(businessOf(selected)).toEqual([null]);
    expect(
      businessOf(db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', b)),
    ).toEqual([null]);
    const either = db
      .updateTable('roles')
      .set({ active: false })
      .where((eb) => eb.or([eb('business_id', '=', b), eb('business_id', '=', other)]));
    expect(businessOf(either)).toEqual([null]);
    const viaFrom = db
      .updateTable('users')
      .from('roles')
      .set({ status: 'inactive' })
      .where('roles.business_id', '=', b);
    expect(businessOf(viaFrom)).toEqual([null]);
    expect(businessOf(sql`DELETE FROM sessions WHERE business_id = ${b}`)).toEqual([null]);
  });

  it('finds the tables raw SQL writes to', () => {
    const raw = sql`UPDATE "sessions" SET revoked_at = now() WHERE id = ${b}; DELETE FROM user_stores WHERE true`;
    expect(writesOf(raw.toOperationNode()).map((w) => w.table)).toEqual(['sessions', 'user_stores']);
    expect(writesOf(sql`SELECT * FROM users`.toOperationNode())).toEqual([]);
  });
});

describe('changesAuth', () => {
  const write = (
    table: string,
    kind: 'insert' | 'update' | 'delete' | 'raw',
    columns: string[] = [],
    upsert = false,
  ) => changesAuth({ table, kind, columns, upsert, businessId: null });

  it('ignores what cannot change a kept session: a new session, a last login, a device seen', () => {
    expect(write('sessions', 'insert')).toBe(false);
    expect(write('users', 'update', ['last_login_at'])).toBe(false);
    expect(write('devices', 'update', ['last_seen_at'])).toBe(false);
    expect(write('products', 'update', ['status'])).toBe(false);
  });

  it('hears revocation, deactivation, role and permission changes, removed devices, stores, deletes and raw writes', () => {
    expect(write('sessions', 'update', ['revoked_at'])).toBe(true);
    expect(write('users', 'update', ['first_name', 'status'])).toBe(true);
    expect(write('roles', 'update', ['permissions'])).toBe(true);
    expect(write('devices', 'update', ['deleted_at', 'whitelisted'])).toBe(true);
    expect(write('devices', 'insert', [], true)).toBe(true);
    expect(write('user_stores', 'insert')).toBe(true);
    expect(write('users', 'delete')).toBe(true);
    expect(write('sessions', 'raw')).toBe(true);
  });
});
