import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TransactionAnalyticsV2 } from '@ms/contracts';
import { shiftDay } from '../../src/lib/business-time.js';
import { lagosToday } from '../../src/modules/dashboard/dashboard.service.js';
import { keepAllSaleDays } from '../../src/modules/sales/index.js';
import { createTestApp, signUp, type TestApp } from '../helper.js';
import { seedProduct } from '../catalogue/fixtures.js';
import { as, dataOf, type Owner } from '../inventory/inventory-helper.js';
import { keptRows, noon, sell as sellBy } from './sale-days-helpers.js';

/**
 * The nightly job keeps the days of every business that sold (decision 0008): an owner who opens a
 * long range the next morning reads kept sums only, and a day a late sale marked stale is summed again
 * by the job, not by the first person to look.
 */

let t: TestApp;
let owner: Owner;
let quiet: Owner;
let riceId: string;
const today = lagosToday();
const d1 = shiftDay(today, -1);
const d2 = shiftDay(today, -2);
const d5 = shiftDay(today, -5);
/** A log that keeps what the job reports as errors. */
const recordingLog = () => {
  const errors: object[] = [];
  return { errors, error: (obj: object) => void errors.push(obj) };
};
const log = recordingLog();

/** `quantity` rice (₦1,000) sold by the owner at `at`, uploaded now. */
const sell = (quantity: number, at: string) => sellBy(t, owner, riceId, owner.storeId, quantity, at);

/** The days kept for a business, and those of them marked stale (yesterday is marked, never kept). */
const keptDays = async (businessId: string) => {
  const days = async (table: 'sale_days_built' | 'sale_days_stale') =>
    (
      await sql<{ day: string }>`
        SELECT to_char(day, 'YYYY-MM-DD') AS day FROM ${sql.table(table)}
         WHERE business_id = ${businessId} AND day <= ${d2}::date ORDER BY day`.execute(t.db)
    ).rows.map((r) => r.day);
  return { built: await days('sale_days_built'), stale: await days('sale_days_stale') };
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  quiet = await signUp(t, {}, 'test-device-2');
  riceId = (
    await seedProduct(t, owner.businessId, {
      name: 'Rice',
      sellingPrice: 100_000,
      costPrice: 50_000,
      stock: { [owner.storeId]: 100 },
    })
  ).productId;
  await sell(1, noon(d5));
  await sell(2, noon(d2));
  await sell(3, noon(d1));
});
afterAll(async () => t.close());

describe('the nightly keeping of sales days', () => {
  it('keeps every day from the first sale to the day before yesterday, and nothing for a business that never sold', async () => {
    expect((await keptDays(owner.businessId)).built).toEqual([]);
    expect(await keepAllSaleDays(t.db, log)).toBe(1);
    expect(await keptDays(owner.businessId)).toEqual({
      built: [d5, shiftDay(today, -4), shiftDay(today, -3), d2],
      stale: [],
    });
    expect(await keptDays(quiet.businessId)).toEqual({ built: [], stale: [] });
    expect(await keptRows(t, owner.businessId, d2)).toEqual([[1, 200_000]]);
    // A second run has nothing left to sum.
    expect(await keepAllSaleDays(t.db, log)).toBe(0);
    expect(log.errors).toEqual([]);
  });

  it('sums again a day a sale uploaded late marked stale, so the figures read it kept', async () => {
    await sell(4, `${d5}T18:00:00+01:00`);
    expect((await keptDays(owner.businessId)).stale).toEqual([d5]);
    expect(await keepAllSaleDays(t.db, log)).toBe(1);
    expect((await keptDays(owner.businessId)).stale).toEqual([]);
    expect(await keptRows(t, owner.businessId, d5)).toEqual([[2, 500_000]]);
    const v2 = dataOf<TransactionAnalyticsV2>(
      await as(t, owner)(
        owner,
        'GET',
        `/v2/dashboard/gettransactionanalytics/${owner.businessId}?startdate=${d5}&enddate=${today}`,
      ),
    );
    expect(v2).toMatchObject({ totalTransactions: 4, totalValue: 10_000 });
  });

  it('goes on to the other businesses when one fails, then fails the run so it is tried again', async () => {
    const failing = recordingLog();
    // Another business that sold, whose time zone was broken by hand: its days cannot be summed.
    const broken = await signUp(t, {}, 'test-device-3');
    const flour = await seedProduct(t, broken.businessId, {
      name: 'Flour',
      sellingPrice: 100_000,
      stock: { [broken.storeId]: 10 },
    });
    await sellBy(t, broken, flour.productId, broken.storeId, 1, noon(d5));
    await sql`UPDATE businesses SET timezone = 'Mars/Olympus' WHERE id = ${broken.businessId}`.execute(t.db);
    await sell(1, `${d5}T19:00:00+01:00`);
    expect((await keptDays(owner.businessId)).stale).toEqual([d5]);
    await expect(keepAllSaleDays(t.db, failing)).rejects.toThrow('sales days not kept for 1 of 2 businesses');
    expect(failing.errors).toEqual([expect.objectContaining({ business: broken.businessId })]);
    // The owner's business was kept all the same.
    expect((await keptDays(owner.businessId)).stale).toEqual([]);
    expect((await keptDays(broken.businessId)).built).toEqual([]);
  });
});
