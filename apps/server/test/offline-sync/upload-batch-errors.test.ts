import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Customer, Sale, UploadResult } from '@ms/contracts';
import { classifyDatabaseError } from '../../src/lib/db-errors.js';
import { HttpError } from '../../src/lib/errors.js';
import { newId } from '../../src/lib/ids.js';
import { runUploadBatch } from '../../src/lib/upload-batch.js';
import type { Tx } from '../../src/db/database.js';
import { createTestApp, type TestApp } from '../helper.js';
import { dataOf } from '../inventory/inventory-helper.js';
import { openTill, salesWorld, type SalesWorld } from '../sales/sales-helper.js';

/** An error as the PostgreSQL drivers (pg and PGlite) raise it: `code` is the SQLSTATE. */
const pgError = (code: string, message = 'database error') => Object.assign(new Error(message), { code });

describe('classifyDatabaseError', () => {
  it.each([
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['22P05', 'unsupported Unicode escape sequence'],
    ['22003', 'bigint out of range'],
    ['22001', 'value too long for type character varying(64)'],
    ['22P02', 'invalid input syntax for type bigint: "1e+19"'],
    ['23514', 'new row violates check constraint'],
    ['23502', 'null value in column violates not-null constraint'],
    ['54000', 'index row size exceeds maximum'],
  ])('%s (%s) is the content of the record', (code, message) => {
    expect(classifyDatabaseError(pgError(code, message))).toBe('content');
  });

  it.each([
    ['40001', 'could not serialize access due to concurrent update'],
    ['40P01', 'deadlock detected'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57014', 'canceling statement due to statement timeout'],
    ['08006', 'connection failure'],
    ['53300', 'too many connections'],
    ['55P03', 'could not obtain lock'],
  ])('%s (%s) is transient', (code, message) => {
    expect(classifyDatabaseError(pgError(code, message))).toBe('transient');
  });

  it('a dropped connection or a pool time-out is transient; a bug is neither', () => {
    expect(classifyDatabaseError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(
      'transient',
    );
    expect(classifyDatabaseError(new Error('Connection terminated unexpectedly'))).toBe('transient');
    expect(classifyDatabaseError(new Error('timeout exceeded when trying to connect'))).toBe('transient');
    expect(classifyDatabaseError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      'other',
    );
    expect(classifyDatabaseError(pgError('42P01', 'relation "x" does not exist'))).toBe('other');
  });
});

describe('runUploadBatch', () => {
  const schema = z.object({ _id: z.string() });
  const batch = (failures: Record<string, unknown>) =>
    runUploadBatch({
      records: ['a', 'b', 'c'].map((_id) => ({ _id })),
      schema,
      log: () => {},
      record: async ({ _id }) => {
        if (failures[_id]) throw failures[_id];
        return { data: _id, created: true };
      },
    });

  it('rejects a record the database refuses for its content, with a reason, and goes on', async () => {
    const { results } = await batch({
      b: pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'),
    });
    expect(results.map((r) => [r._id, r.outcome, r.code])).toEqual([
      ['a', 'accepted', undefined],
      ['b', 'rejected', 'invalid'],
      ['c', 'accepted', undefined],
    ]);
    expect(results[1]?.reason).toContain('U+0000');
    const big = await batch({ a: pgError('22003', 'bigint out of range') });
    expect(big.results[0]).toMatchObject({
      outcome: 'rejected',
      reason: expect.stringContaining('too large'),
    });
  });

  it.each([
    ['a serialization failure', pgError('40001')],
    ['a deadlock', pgError('40P01')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a statement time-out', pgError('57014')],
    ['a 5xx of ours', new HttpError(500, 'boom')],
  ])('answers 503 for the whole batch on %s', async (_, error) => {
    await expect(batch({ b: error })).rejects.toMatchObject({ statusCode: 503, code: 'retry_later' });
  });
});

describe('runUploadBatch, records side by side (overlap)', () => {
  const onPostgres = !!process.env.TEST_DATABASE_URL;
  const schema = z.object({ _id: z.string() });
  type Step = (tx: Tx) => Promise<void>;
  /** Each record a transaction: `first` side by side, then its turn, then `then`, then commit. */
  const sideBySide = async (
    plan: Record<string, { first?: Step; then?: Step }>,
    opts: {
      window?: number;
      keys?: (id: string) => string[];
      turnTimeoutMs?: number;
      /** Each record says it `passed` right after its write, and waits `beforeCommit` at the end. */
      passes?: boolean;
    } = {},
  ) => {
    const committed: string[] = [];
    const events: string[] = [];
    const attempts: Record<string, number> = {};
    let running = 0;
    let most = 0;
    const answer = runUploadBatch({
      records: Object.keys(plan).map((_id) => ({ _id })),
      schema,
      log: () => {},
      overlap: {
        window: opts.window ?? 4,
        keys: ({ _id }) => opts.keys?.(_id) ?? [_id],
        turnTimeoutMs: opts.turnTimeoutMs ?? 1_000,
      },
      record: async ({ _id }, turn) => {
        attempts[_id] = (attempts[_id] ?? 0) + 1;
        running += 1;
        most = Math.max(most, running);
        try {
          await t.db.transaction().execute(async (tx) => {
            await plan[_id]!.first?.(tx);
            await turn();
            await sql`INSERT INTO upload_order_probe (id) VALUES (${_id})`.execute(tx);
            events.push(`${_id} wrote`);
            if (opts.passes) turn.passed();
            await plan[_id]!.then?.(tx);
            if (opts.passes) await turn.beforeCommit();
          });
        } finally {
          running -= 1;
        }
        committed.push(_id);
        events.push(`${_id} committed`);
        return { data: _id, created: true };
      },
    });
    const settled = await answer.then(
      (r) => ({ results: r.results, error: undefined }),
      (error: unknown) => ({ results: [], error }),
    );
    const rows = await sql<{ id: string }>`SELECT id FROM upload_order_probe ORDER BY seq`.execute(t.db);
    await sql`TRUNCATE upload_order_probe`.execute(t.db);
    return { ...settled, committed, events, stored: rows.rows.map((r) => r.id), attempts, most };
  };
  const pause = (seconds: number) => async (tx: Tx) => {
    await sql`SELECT pg_sleep(${seconds})`.execute(tx);
  };

  beforeAll(async () => {
    await sql`CREATE TABLE IF NOT EXISTS upload_order_probe (seq bigserial PRIMARY KEY, id text NOT NULL)`.execute(
      t.db,
    );
  });
  afterAll(async () => {
    await sql`DROP TABLE IF EXISTS upload_order_probe`.execute(t.db).catch(() => {});
  });

  it('runs records side by side but commits them in the order sent', async () => {
    // The first is the slowest: the others wait for it before they write and commit.
    const out = await sideBySide({ a: { first: pause(0.3) }, b: {}, c: { first: pause(0.1) }, d: {} });
    expect(out.error).toBeUndefined();
    expect(out.results.map((r) => [r._id, r.outcome])).toEqual([
      ['a', 'accepted'],
      ['b', 'accepted'],
      ['c', 'accepted'],
      ['d', 'accepted'],
    ]);
    expect(out.stored).toEqual(['a', 'b', 'c', 'd']);
    expect(out.committed).toEqual(['a', 'b', 'c', 'd']);
    // PGlite has one connection: its transactions take turns whatever the batch does.
    if (onPostgres) expect(out.most).toBeGreaterThan(1);
  });

  it('never runs two records with a key in common at once', async () => {
    const out = await sideBySide(
      { a: { first: pause(0.1) }, b: { first: pause(0.1) }, c: {} },
      { keys: () => ['customer:1'] },
    );
    expect(out.most).toBe(1);
    expect(out.stored).toEqual(['a', 'b', 'c']);
  });

  it('a failing record: the batch is answered 503, earlier ones are kept, no later one commits (even one already running)', async () => {
    const out = await sideBySide({
      a: {},
      b: { first: pause(0.1), then: async () => Promise.reject(pgError('40001')) },
      c: {},
      d: {},
    });
    expect(out.error).toMatchObject({ statusCode: 503, code: 'retry_later' });
    expect(out.stored).toEqual(['a']);
  });

  it('a record that passed its write lets the next one write before it commits; they commit in order', async () => {
    // a is slow after its write: b writes meanwhile, but commits only once a has.
    const out = await sideBySide({ a: { then: pause(0.3) }, b: {}, c: {} }, { passes: true });
    expect(out.error).toBeUndefined();
    expect(out.results.map((r) => r.outcome)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(out.committed).toEqual(['a', 'b', 'c']);
    expect(out.stored).toEqual(['a', 'b', 'c']);
    // PGlite has one connection: b's transaction starts only after a's.
    if (onPostgres) expect(out.events.indexOf('b wrote')).toBeLessThan(out.events.indexOf('a committed'));
  });

  it('a record failing after it passed its write: the batch is answered 503 and no later one commits', async () => {
    const out = await sideBySide(
      {
        a: {},
        b: { then: async (tx) => pause(0.2)(tx).then(() => Promise.reject(pgError('40001'))) },
        c: {},
        d: {},
      },
      { passes: true },
    );
    expect(out.error).toMatchObject({ statusCode: 503, code: 'retry_later' });
    expect(out.stored).toEqual(['a']);
    expect(out.committed).toEqual(['a']);
  });

  it("an earlier record held up by a later one's lock: the later one gives way and runs again after it", async () => {
    // b takes the lock a needs, then waits for its turn (a): neither could go on. b gives way.
    const lock = (tx: Tx) => sql`SELECT pg_advisory_xact_lock(424242)`.execute(tx).then(() => {});
    const out = await sideBySide(
      { a: { first: pause(0.2), then: lock }, b: { first: lock } },
      { turnTimeoutMs: 300 },
    );
    expect(out.error).toBeUndefined();
    expect(out.results.map((r) => r.outcome)).toEqual(['accepted', 'accepted']);
    expect(out.stored).toEqual(['a', 'b']);
    if (onPostgres) expect(out.attempts.b).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------------
// Through the routes, on the real database: the device's queue is never blocked by one record.

let t: TestApp;
let w: SalesWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await salesWorld(t);
  await openTill(w, w.owner.storeId, 0);
});
afterAll(async () => {
  await t.close();
});

const offlineSale = (extra: Record<string, unknown> = {}) => ({
  _id: newId(),
  store_id: w.owner.storeId,
  items: [{ _id: w.service.productId, quantity: 1 }],
  payments: [{ method: 'cash', amount: 200 }],
  offline_date: Date.now() - 60_000,
  is_offline_data: true,
  ...extra,
});

describe('an offline batch with records the database cannot store', () => {
  it('sales: [good, NUL in the note, good, line totals past 64-bit kobo, good] — the bad ones rejected, the good ones land', async () => {
    const good1 = offlineSale();
    const nulNote = offlineSale({ note: 'paid\u0000 by Ada' });
    const good2 = offlineSale();
    // 10 lines of ₦1,000,000,000 × 10,000,000 = 10^19 kobo, past a bigint.
    const huge = offlineSale({
      items: Array.from({ length: 10 }, () => ({
        _id: w.service.productId,
        quantity: 10_000_000,
        price: 1_000_000_000,
      })),
      payments: [],
      pay_later: true,
    });
    const good3 = offlineSale();
    const res = await w.call(w.owner, 'POST', '/v1/sales/syncsale/', {
      sales: [good1, nulNote, good2, huge, good3],
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = dataOf<{ results: UploadResult<Sale>[] }>(res).results;
    expect(results.map((r) => [r._id, r.outcome])).toEqual([
      [good1._id, 'accepted'],
      [nulNote._id, 'rejected'],
      [good2._id, 'accepted'],
      [huge._id, 'rejected'],
      [good3._id, 'accepted'],
    ]);
    expect(results[1]?.reason).toMatch(/note/);
    expect(results[3]?.reason).toMatch(/^items\[\d+\]/);
    const stored = await t.db
      .selectFrom('sales')
      .select('id')
      .where('id', 'in', [good1._id, nulNote._id, good2._id, huge._id, good3._id])
      .execute();
    expect(stored.map((s) => s.id).sort()).toEqual([good1._id, good2._id, good3._id].sort());
  });

  it('customers: a name with a NUL byte is rejected on its own; the customers around it land', async () => {
    const before = { _id: newId(), first_name: 'Ada' };
    const nul = { _id: newId(), first_name: 'Bad\u0000name' };
    const after = { _id: newId(), first_name: 'Chidi' };
    const res = await w.call(w.cashier, 'POST', '/v1/customers/syncnewofflinecustomers', {
      customers: [before, nul, after],
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = dataOf<{ results: UploadResult<Customer>[] }>(res).results;
    expect(results.map((r) => [r._id, r.outcome])).toEqual([
      [before._id, 'accepted'],
      [nul._id, 'rejected'],
      [after._id, 'accepted'],
    ]);
    expect(results[1]?.reason).toMatch(/first_name/);
  });
});
