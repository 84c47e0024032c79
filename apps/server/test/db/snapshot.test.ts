import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSnapshot } from '../../src/db/snapshot.js';
import { createTestApp, signUp, type TestApp } from '../helper.js';

/**
 * Incremental downloads read their rows and their cursor in one snapshot (db/snapshot.ts): a product
 * saved by another request between the two reads must not move the cursor past a product the rows did
 * not hold (it was then never downloaded: the till showed "No products yet"). Another connection is
 * needed to commit in between, so this runs on PostgreSQL.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('reads in one snapshot (PostgreSQL)', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t);
  });
  afterAll(async () => t?.close());

  const productCount = async (db: TestApp['db']) =>
    Number(
      (
        await sql<{
          n: number;
        }>`SELECT count(*) AS n FROM products WHERE business_id = ${owner.businessId}::uuid`.execute(db)
      ).rows[0]!.n,
    );

  it('a commit between two reads is seen by neither', async () => {
    const [before, after] = await inSnapshot(t.db, async (tx) => {
      const first = await productCount(tx);
      // Another request saves a product now (its own connection, committed).
      const res = await t.request({
        method: 'POST',
        url: `/v2/business/${owner.businessId}/products/`,
        token: owner.token,
        device: owner.device,
        body: { name: 'Milo 400g', selling_price: 2500 },
      });
      expect(res.statusCode).toBe(201);
      return [first, await productCount(tx)];
    });
    expect(after).toBe(before);
    expect(await productCount(t.db)).toBe(before + 1);
  });

  it('the products download never moves its cursor past a product it did not send', async () => {
    const sync = async (since?: number) => {
      const res = await t.request({
        method: 'GET',
        url: `/v2/business/${owner.businessId}/products/sync/list${since ? `?updated_at=${since}` : ''}`,
        token: owner.token,
        device: owner.device,
      });
      return res.json().data as { items: { name: string }[]; metaData: { lastUpdate: number } };
    };
    // Downloads racing saves: every product saved is in some download from the cursor before it.
    const seen = new Set<string>();
    let cursor: number | undefined;
    for (let i = 0; i < 15; i++) {
      const [page] = await Promise.all([
        sync(cursor),
        t.request({
          method: 'POST',
          url: `/v2/business/${owner.businessId}/products/`,
          token: owner.token,
          device: owner.device,
          body: { name: `Race ${i}`, selling_price: 100 },
        }),
      ]);
      page.items.forEach((p) => seen.add(p.name));
      cursor = page.metaData.lastUpdate;
    }
    (await sync(cursor)).items.forEach((p) => seen.add(p.name));
    for (let i = 0; i < 15; i++) expect(seen.has(`Race ${i}`), `Race ${i}`).toBe(true);
  });
});
