import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, signUp, type TestApp } from '../helper.js';
import { csv, startReplica, uploadFile, waitForBatch } from './upload-helper.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
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

/** n rows; every 1000th has no selling price. */
const bigFile = (n: number, prefix: string) =>
  csv([
    ['name', 'sku', 'category', 'selling_price', 'cost_price', 'stock'],
    ...Array.from({ length: n }, (_, i) => [
      `${prefix} product ${i + 1}`,
      `${prefix}-${i + 1}`,
      `Category ${i % 20}`,
      i % 1000 === 999 ? '' : String(100 + (i % 500)),
      '50',
      String(i % 7),
    ]),
  ]);

describe('a 10,000-row file', () => {
  it(
    'is accepted at once, leaves the server responsive, and is processed to completion',
    { timeout: 300_000 },
    async () => {
      const file = bigFile(10_000, 'Big');
      expect(file.length).toBeGreaterThan(400_000);

      const started = Date.now();
      const res = await uploadFile(t, owner, { data: file }, { storeId: owner.storeId });
      const acceptedIn = Date.now() - started;
      expect(res.statusCode).toBe(202);
      expect(res.json().data).toMatchObject({ total_rows: 10_000 });
      expect(acceptedIn).toBeLessThan(3_000);
      const batchNumber = res.json().data.batch_number as number;

      // While the worker runs, other requests are answered promptly and progress moves.
      const listBatches = () =>
        t.request({
          method: 'GET',
          url: `/v1/businesses/${owner.businessId}/uploadproducts/batches`,
          token: owner.token,
        });
      const latencies: number[] = [];
      let midway: { status: string; processed_rows: number; progress: number } | undefined;
      for (let i = 0; i < 200 && !midway; i++) {
        const pingStart = Date.now();
        const list = await listBatches();
        latencies.push(Date.now() - pingStart);
        expect(list.statusCode).toBe(200);
        const batch = list.json().data.items[0];
        if (batch.processed_rows > 0) midway = batch;
        else await new Promise((r) => setTimeout(r, 50));
      }
      expect(midway?.status).toBe('processing');
      expect(midway?.processed_rows).toBeLessThan(10_000);
      expect(midway?.progress).toBeLessThan(100);
      expect(Math.max(...latencies)).toBeLessThan(1_000);

      const done = await waitForBatch(t, owner, batchNumber, 280_000);
      expect(done).toMatchObject({
        status: 'completed',
        total_rows: 10_000,
        processed_rows: 10_000,
        succeeded_rows: 9_990,
        failed_rows: 10,
        progress: 100,
      });
      expect(await productCount(owner.businessId)).toBe(9_990);
      const failed = await t.request({
        method: 'GET',
        url: `/v1/businesses/${owner.businessId}/${batchNumber}/upload-batch/products`,
        token: owner.token,
      });
      expect(failed.json().data.items.map((r: { row_number: number }) => r.row_number)).toEqual(
        Array.from({ length: 10 }, (_, i) => (i + 1) * 1000 + 1),
      );
      expect(failed.json().data.items[0].error).toBe('selling_price is required');
    },
  );
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
