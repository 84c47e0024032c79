import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../helper.js';
import { bigFile, uploadFile } from './upload-helper.js';

// Its own file (and server): the batch is left running when the test ends.
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
});
afterAll(async () => t.close());

describe('a 10,000-row file', () => {
  it('is accepted at once and leaves the server responsive while the worker creates products', async () => {
    const file = bigFile(10_000, 'Big');
    expect(file.length).toBeGreaterThan(400_000);

    const res = await uploadFile(t, owner, { data: file }, { storeId: owner.storeId });
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toMatchObject({ total_rows: 10_000 });

    // While the worker runs, other requests are answered between its steps and progress moves.
    const listBatches = () =>
      t.request({
        method: 'GET',
        url: `/v1/businesses/${owner.businessId}/uploadproducts/batches`,
        token: owner.token,
      });
    // Accepted before the work is done: the first look finds most of the file still to create.
    const first = (await listBatches()).json().data.items[0];
    expect(first.processed_rows).toBeLessThan(10_000);
    const seen: number[] = [];
    for (let i = 0; i < 400 && (seen.length < 2 || seen[0] === seen[seen.length - 1]); i++) {
      const list = await listBatches();
      expect(list.statusCode).toBe(200);
      const batch = list.json().data.items[0];
      if (batch.processed_rows > 0) {
        expect(batch.status).toBe('processing');
        expect(batch.progress).toBeLessThan(100);
        seen.push(batch.processed_rows);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[seen.length - 1]).toBeGreaterThan(seen[0] ?? 0);
    // The rest is processed in the background; the test server closes with the batch unfinished,
    // which the resume test below shows is safe. Throughput is measured by bench/product-upload.mjs.
  });
});
