import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { fixedStatement, preparedNameOf, runPrepared } from '../../src/db/prepared.js';
import { createTestApp, type TestApp } from '../helper.js';

/**
 * Hot statements are parsed and planned once per connection on PostgreSQL (decision 0006); every
 * other statement stays unnamed, so the reports keep plans made for their own date bounds.
 */
let t: TestApp;
const onPostgres = !!process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The statements this connection has prepared (PostgreSQL's own view of them). */
const preparedHere = async (tx: Parameters<typeof runPrepared>[0]) =>
  (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(tx)).rows.map((r) => r.name);

describe('prepared statements', () => {
  const fixed = fixedStatement<{ n: number; word: string }>('select $1::int + 1 as n, $2::text as word');

  it('a fixed statement answers its own values on every call, named on the connection', async () => {
    const names = await t.db.transaction().execute(async (tx) => {
      expect(await fixed(tx, [1, 'one'])).toEqual([{ n: 2, word: 'one' }]);
      expect(await fixed(tx, [41, 'forty-one'])).toEqual([{ n: 42, word: 'forty-one' }]);
      return onPostgres ? preparedHere(tx) : [];
    });
    const name = preparedNameOf('select $1::int + 1 as n, $2::text as word');
    expect(name).toMatch(/^ms_/);
    if (onPostgres) expect(names).toContain(name);
  });

  it('a built query run with runPrepared is named; the same query run the usual way is not', async () => {
    const query = t.db
      .selectFrom('businesses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '=', '00000000-0000-4000-8000-000000000001');
    const text = query.compile().sql;
    await t.db.transaction().execute(async (tx) => {
      const usual = tx
        .selectFrom('stores')
        .select('id')
        .where('business_id', '=', '00000000-0000-4000-8000-000000000001');
      await usual.execute();
      expect(preparedNameOf(usual.compile().sql)).toBeUndefined();
      expect(await runPrepared(tx, query)).toEqual([{ n: 0 }]);
      if (onPostgres) {
        const names = await preparedHere(tx);
        expect(names).toContain(preparedNameOf(text));
        expect(names).toHaveLength(new Set(names).size);
      }
    });
  });

  it('a statement that fails as a named one fails the same way, and the connection goes on', async () => {
    const failing = fixedStatement('select 1 / $1::int as n');
    await expect(t.db.transaction().execute((tx) => failing(tx, [0]))).rejects.toThrow(/division by zero/);
    expect(await failing(t.db, [1])).toEqual([{ n: 1 }]);
  });
});

describe('DB_PREPARED_STATEMENTS=0', () => {
  it.skipIf(!onPostgres)('sends every statement unnamed (for a pooler that cannot keep them)', async () => {
    const fixed = fixedStatement<{ n: number }>('select $1::int * 2 as n');
    process.env.DB_PREPARED_STATEMENTS = '0';
    let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
    try {
      // The statement needs no table: the CI database itself will do.
      handle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
    } finally {
      delete process.env.DB_PREPARED_STATEMENTS;
    }
    try {
      const names = await handle.db.transaction().execute(async (tx) => {
        expect(await fixed(tx, [21])).toEqual([{ n: 42 }]);
        return preparedHere(tx);
      });
      expect(names).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
