import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, signUp, type TestApp } from '../helper.js';
import { bigFile, startReplica, uploadFile, waitForBatch } from './upload-helper.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const productCount = async (businessId: string) =>
  Number(
    (
      await t.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('business_id', '=', businessId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a large file', () => {
  it('is processed to completion with exact counts and every failed row listed with its reason', async () => {
    const biz = await signUp(t);
    const res = await uploadFile(t, biz, { data: bigFile(1_000, 'Mid', 100) }, { storeId: biz.storeId });
    expect(res.statusCode).toBe(202);
    const batchNumber = res.json().data.batch_number as number;
    const done = await waitForBatch(t, biz, batchNumber, 110_000);
    expect(done).toMatchObject({
      status: 'completed',
      total_rows: 1_000,
      processed_rows: 1_000,
      succeeded_rows: 990,
      failed_rows: 10,
      progress: 100,
    });
    expect(await productCount(biz.businessId)).toBe(990);
    const failed = await t.request({
      method: 'GET',
      url: `/v1/businesses/${biz.businessId}/${batchNumber}/upload-batch/products`,
      token: biz.token,
    });
    expect(failed.json().data.items.map((r: { row_number: number }) => r.row_number)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i + 1) * 100 + 1),
    );
    expect(failed.json().data.items[0].error).toBe('selling_price is required');
  }, 120_000);
});

describe('the worker across processes', () => {
  it('resumes a batch left queued when a server starts', async () => {
    const biz = await signUp(t);
    // A batch as a server that stopped before processing it would have left it.
    const id = newId();
    await t.db
      .insertInto('upload_batches')
      .values({
        business_id: biz.businessId,
        id,
        file_name: 'left.csv',
        status: 'processing',
        total_rows: 3,
        created_by: biz.userId,
      })
      .execute();
    await t.db
      .insertInto('upload_batch_rows')
      .values(
        [2, 3, 4].map((n) => ({
          business_id: biz.businessId,
          batch_id: id,
          row_number: n,
          data: JSON.stringify({ name: `Left ${n}`, selling_price: '10' }),
        })),
      )
      .execute();
    const replica = await startReplica(t);
    try {
      const batch = await t.db
        .selectFrom('upload_batches')
        .select('batch_number')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const done = await waitForBatch(t, biz, Number(batch.batch_number), 30_000);
      expect(done).toMatchObject({ status: 'completed', succeeded_rows: 3, failed_rows: 0 });
      expect(await productCount(biz.businessId)).toBe(3);
    } finally {
      await replica.close();
    }
  });

  it(
    'two servers on one database share a batch without creating any product twice',
    { timeout: 120_000 },
    async () => {
      const biz = await signUp(t);
      const res = await uploadFile(t, biz, { data: bigFile(2_000, 'Shared') }, { storeId: biz.storeId });
      expect(res.statusCode).toBe(202);
      // A second server starting now finds the open batch and works on it beside the first.
      const replica = await startReplica(t);
      try {
        const done = await waitForBatch(t, biz, res.json().data.batch_number, 110_000);
        expect(done).toMatchObject({
          status: 'completed',
          processed_rows: 2_000,
          succeeded_rows: 1_998,
          failed_rows: 2,
        });
        // A row done twice would show as a second product or as an "SKU already used" failure.
        expect(await productCount(biz.businessId)).toBe(1_998);
        const rows = await t.db
          .selectFrom('upload_batch_rows')
          .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
          .where('business_id', '=', biz.businessId)
          .groupBy('status')
          .execute();
        expect(Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))).toEqual({
          succeeded: 1_998,
          failed: 2,
        });
      } finally {
        await replica.close();
      }
    },
  );
});
